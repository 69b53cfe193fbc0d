//! Memoized token reading: the same tokens pest reads, looked up instead of re-parsed.
//!
//! Game records repeat themselves: the same few thousand move texts (`SP-7g`, `12.`, ...) and
//! tag pairs come back in every game. The reader therefore cuts the text into *segments* and
//! keeps, per thread, what pest read in each segment it has seen, so a segment seen before costs
//! a hash lookup instead of a pest run. Pest stays the only thing that decides what a token is:
//! every cached token list is the output of `Rule::tokens` (grammar/record.pest) on the segment,
//! and anything this module is not sure about is handed back to the reader, which then runs
//! `Rule::next_token` on the full text exactly as without the memo.
//!
//! Why reading a segment alone gives the tokens pest reads in the full text: between two tokens
//! pest skips whitespace, and no token other than tag pairs, comments and a move number's
//! `. ...` contains whitespace or looks past it. So a segment is
//! - a *word*: from a token boundary to the next ASCII whitespace (or the end of the game), with
//!   no `{`, `;` or `[` in it (the tokens that may hold whitespace or run to the end of the
//!   line); or
//! - a *tag line*: from a `[` to the end of its line, with no `{` in it (a tag pair never spans
//!   lines; a `;` comment ends with the line, as the segment does).
//!
//! and a word whose last token is a move number written `12.` is not used from the memo when the
//! next text on its line could be its `...` (pest's `12. ...` is one token). A segment longer
//! than [`MAX_SEGMENT`] is never memoized (no quadratic re-reading of long words either: the
//! reader then takes one token at a time). `tests/record_memo.rs` checks, on mutated records,
//! that reading with the memo gives the same records and errors as reading without it.

use super::grammar::{RecordParser, Rule};
use super::parser::{Item, decode_move, decode_number};
use super::span::Span;
use super::types::{
    Action, Dots, EngineMove, EngineOrigin, EngineSquare, Facing, Glyph, HodgesMove, Marks, Piece,
    Square, WrittenMove,
};
use compact_str::CompactString;
use pest::Parser as _;
use pest::Token;
use rustc_hash::FxHashMap;

/// The longest segment memoized, in bytes.
pub(crate) const MAX_SEGMENT: usize = 96;
/// The most segments memoized, of up to 16 bytes (moves, move numbers) and longer (mostly tag
/// pairs); further segments are read by pest every time. With [`MAX_ARENA_BYTES`] this bounds
/// the memo's memory per thread: about 8 MB at most.
const MAX_SHORT: usize = 48 * 1024;
const MAX_LONG: usize = 4 * 1024;
/// The most bytes of token lists kept (the maps' own slots aside).
const MAX_ARENA_BYTES: usize = 4 << 20;

/// A token decoded once for all its occurrences (positions relative to the segment start).
pub(crate) enum Decoded {
    /// A move, and its glyph.
    Move(WrittenMove, Option<Glyph>),
    /// A move number.
    Number(u64, Dots),
}

/// A segment that is one move or one move number, decoded: everything a lookup needs is in
/// the map's own slot (one memory access; the memo is bigger than the CPU's nearest caches).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Quick {
    /// A move filling the segment: its first `mv_len` bytes are the move, then the glyph.
    Move {
        mv: Shape,
        glyph: Option<Glyph>,
        mv_len: u8,
    },
    /// A move number filling the segment; `open`: written `12.` (see [`Memo::lookup`]).
    Number { n: u64, dots: Dots, open: bool },
}

/// A written move without its text and span.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Shape {
    Hodges {
        piece: Piece,
        from: Option<Square>,
        action: Action,
        to: Square,
        facing: Option<Facing>,
        marks: Marks,
    },
    Engine {
        from: EngineOrigin,
        to: EngineSquare,
        marks: Marks,
    },
}

impl Shape {
    fn of(mv: &WrittenMove) -> Shape {
        match mv {
            WrittenMove::Hodges(h) => Shape::Hodges {
                piece: h.piece,
                from: h.from,
                action: h.action,
                to: h.to,
                facing: h.facing,
                marks: h.marks,
            },
            WrittenMove::Engine(e) => Shape::Engine {
                from: e.from,
                to: e.to,
                marks: e.marks,
            },
        }
    }

    /// The written move, with its text and span.
    pub(crate) fn with(self, text: &str, span: Span) -> WrittenMove {
        let text = CompactString::new(text);
        match self {
            Shape::Hodges {
                piece,
                from,
                action,
                to,
                facing,
                marks,
            } => WrittenMove::Hodges(HodgesMove {
                piece,
                from,
                action,
                to,
                facing,
                marks,
                text,
                span,
            }),
            Shape::Engine { from, to, marks } => WrittenMove::Engine(EngineMove {
                from,
                to,
                marks,
                text,
                span,
            }),
        }
    }
}

impl Quick {
    /// 64 bits (see [`Memo::tiny`]), if the fields fit (they do for anything pest reads in
    /// a segment of up to 7 bytes).
    fn pack(self) -> Option<u64> {
        let tail = |marks: Marks, glyph: Option<Glyph>, mv_len: u8| {
            let glyph = match glyph {
                None => 0,
                Some(g) => u64::from(g.nag()),
            };
            (mv_len < 16).then(|| marks.pack() << 46 | glyph << 50 | u64::from(mv_len) << 53)
        };
        match self {
            Quick::Move {
                mv:
                    Shape::Hodges {
                        piece,
                        from,
                        action,
                        to,
                        facing,
                        marks,
                    },
                glyph,
                mv_len,
            } => {
                let from = match from {
                    None => 0,
                    Some(sq) => 1 | sq.pack()? << 1,
                };
                let action = match action {
                    Action::Move => 0,
                    Action::Capture => 1,
                    Action::Drop => 2,
                    Action::Turn => 3,
                };
                let facing = match facing {
                    None => 0,
                    Some(Facing::North) => 1,
                    Some(Facing::East) => 2,
                    Some(Facing::South) => 3,
                    Some(Facing::West) => 4,
                };
                Some(
                    piece.pack() << 2
                        | action << 20
                        | from << 22
                        | to.pack()? << 33
                        | facing << 43
                        | tail(marks, glyph, mv_len)?,
                )
            }
            Quick::Move {
                mv: Shape::Engine { from, to, marks },
                glyph,
                mv_len,
            } => {
                let from = match from {
                    EngineOrigin::Drop(c) if c.is_ascii() => 1 | (c as u64) << 1,
                    EngineOrigin::Drop(_) => return None,
                    EngineOrigin::Square(sq) => sq.pack()? << 1,
                };
                Some(1 | from << 2 | to.pack()? << 11 | tail(marks, glyph, mv_len)?)
            }
            Quick::Number { n, dots, open } => (n < 1 << 56)
                .then(|| 2 | u64::from(dots == Dots::Three) << 2 | u64::from(open) << 3 | n << 8),
        }
    }

    #[inline(always)]
    pub(crate) fn unpack(bits: u64) -> Quick {
        let field = |at: u32, width: u32| (bits >> at) & ((1 << width) - 1);
        let glyph = match field(50, 3) {
            1 => Some(Glyph::Good),
            2 => Some(Glyph::Mistake),
            3 => Some(Glyph::Brilliant),
            4 => Some(Glyph::Blunder),
            5 => Some(Glyph::Interesting),
            6 => Some(Glyph::Dubious),
            _ => None,
        };
        let marks = Marks::unpack(field(46, 4));
        let mv_len = field(53, 4) as u8;
        match field(0, 2) {
            0 => Quick::Move {
                mv: Shape::Hodges {
                    piece: Piece::unpack(field(2, 18)),
                    action: match field(20, 2) {
                        1 => Action::Capture,
                        2 => Action::Drop,
                        3 => Action::Turn,
                        _ => Action::Move,
                    },
                    from: (field(22, 1) == 1).then(|| Square::unpack(field(23, 10))),
                    to: Square::unpack(field(33, 10)),
                    facing: match field(43, 3) {
                        1 => Some(Facing::North),
                        2 => Some(Facing::East),
                        3 => Some(Facing::South),
                        4 => Some(Facing::West),
                        _ => None,
                    },
                    marks,
                },
                glyph,
                mv_len,
            },
            1 => Quick::Move {
                mv: Shape::Engine {
                    from: if field(2, 1) == 1 {
                        EngineOrigin::Drop(char::from(field(3, 8) as u8))
                    } else {
                        EngineOrigin::Square(EngineSquare::unpack(field(3, 8)))
                    },
                    to: EngineSquare::unpack(field(11, 8)),
                    marks,
                },
                glyph,
                mv_len,
            },
            _ => Quick::Number {
                n: bits >> 8,
                dots: if field(2, 1) == 1 {
                    Dots::Three
                } else {
                    Dots::One
                },
                open: field(3, 1) == 1,
            },
        }
    }
}

/// What the memo knows of a short segment.
#[derive(Clone, Copy)]
enum Short {
    Quick(Quick),
    /// Anything else (None: pest cannot read the segment alone).
    Tokens(Option<Entry>),
}

/// What a lookup found.
pub(crate) enum Found<'m> {
    /// A [`Quick`] packed in 64 bits ([`Quick::unpack`]): returned packed, as one word, so
    /// that the caller does not read back fields written one by one (a slow store-to-load
    /// forwarding).
    Packed(u64),
    Quick(Quick),
    /// Each token: its items (the token's pair first, then its inner pairs in pre-order;
    /// positions relative to the segment) and, for moves and move numbers, the token decoded.
    Tokens(&'m [(u32, u32, Option<Decoded>)], &'m [Item]),
}

#[derive(Clone, Copy)]
struct Entry {
    /// Range in `tokens`.
    first: u32,
    count: u32,
    /// The last token is a move number written with one dot and ends the segment.
    open_number: bool,
}

/// The tokens of the segments seen so far (per thread).
#[derive(Default)]
pub(crate) struct Memo {
    /// Segments of up to 15 bytes (most of them: moves, move numbers), keyed by their bytes
    /// and length packed in two u64 (exact, and compared without a memcmp).
    short: FxHashMap<(u64, u64), Short>,
    /// Segments of up to 7 bytes that are one move or move number (most of them), keyed by
    /// one u64, the [`Quick`] packed in another: 16 bytes a slot, so that the map stays in
    /// the CPU's nearer caches.
    tiny: TinyTable,
    map: FxHashMap<Box<[u8]>, Option<Entry>>,
    /// Ranges in `items`, one per token, and the token decoded (moves and move numbers).
    tokens: Vec<(u32, u32, Option<Decoded>)>,
    /// Positions relative to the segment start.
    items: Vec<Item>,
    /// The arena lengths before a segment read while the memo was full (its tokens are
    /// dropped at the next call).
    one_off: Option<(usize, usize)>,
}

/// Byte classes for cutting segments.
const PLAIN: u8 = 0;
/// Pest's whitespace minus its non-ASCII members (`ws` in the grammar): space, tab, line feed,
/// vertical tab, form feed, carriage return.
const BLANK: u8 = 1;
/// Tokens that may hold whitespace or run to the end of the line: `{`, `;`, `[`.
const OPENS: u8 = 2;

static CLASS: [u8; 256] = {
    let mut t = [PLAIN; 256];
    t[b' ' as usize] = BLANK;
    let mut b = b'\t';
    while b <= b'\r' {
        t[b as usize] = BLANK;
        b += 1;
    }
    t[b'{' as usize] = OPENS;
    t[b';' as usize] = OPENS;
    t[b'[' as usize] = OPENS;
    t
};

/// Whether `b` is ASCII whitespace as pest's `ws` has it.
pub(crate) fn is_ascii_ws(b: u8) -> bool {
    CLASS[usize::from(b)] == BLANK
}

/// The end of the segment that starts at `pos` (a token boundary, not whitespace), or None if
/// the text there must be read by pest in the full text.
pub(crate) fn segment_end(bytes: &[u8], pos: usize) -> Option<usize> {
    let limit = bytes.len().min(pos + MAX_SEGMENT + 1);
    let rest = bytes.get(pos..limit)?;
    if rest.first() == Some(&b'[') {
        return match rest.iter().position(|&b| matches!(b, b'\n' | b'\r' | b'{')) {
            Some(i) if rest[i] != b'{' => Some(pos + i),
            Some(_) => None,
            None => (limit == bytes.len()).then_some(limit),
        };
    }
    match rest.iter().position(|&b| CLASS[usize::from(b)] != PLAIN) {
        Some(i) if CLASS[usize::from(rest[i])] == BLANK => Some(pos + i),
        Some(_) => None,
        None => (limit == bytes.len()).then_some(limit),
    }
}

impl Memo {
    /// What pest reads in segment `text[pos..end]`, or None when pest cannot read the segment
    /// alone, or its last token is a move number `12.` that the `...` after it may continue.
    pub(crate) fn lookup(&mut self, text: &str, pos: usize, end: usize) -> Option<Found<'_>> {
        if let Some((tokens, items)) = self.one_off.take() {
            self.tokens.truncate(tokens);
            self.items.truncate(items);
        }
        let seg = text.get(pos..end)?;
        let bytes = seg.as_bytes();
        let open_ok = || line_ends_without_dots(text.as_bytes(), end);
        if bytes.len() <= SHORT {
            let key = short_key(bytes);
            let tiny = bytes.len() <= 7;
            if let Some(bits) = tiny.then(|| self.tiny.get(key.0)).flatten() {
                // Tag 2: a move number; bit 3: written `12.`.
                if bits & 3 == 2 && bits & 8 != 0 && !open_ok() {
                    return None;
                }
                return Some(Found::Packed(bits));
            }
            let known = match self.short.get(&key) {
                Some(&k) => k,
                None => {
                    let mark = (self.tokens.len(), self.items.len());
                    let e = self.parse(seg);
                    let k = match e.and_then(|e| self.quick(seg, e)) {
                        Some(q) => {
                            self.tokens.truncate(mark.0);
                            self.items.truncate(mark.1);
                            Short::Quick(q)
                        }
                        None => Short::Tokens(e),
                    };
                    let packed = match k {
                        Short::Quick(q) if tiny => q.pack(),
                        _ => None,
                    };
                    if self.short.len() + self.tiny.len() < MAX_SHORT && !self.arenas_full() {
                        match packed {
                            Some(bits) => {
                                self.tiny.insert(key.0, bits);
                            }
                            None => {
                                self.short.insert(key, k);
                            }
                        }
                    } else if matches!(k, Short::Tokens(_)) {
                        // Used once, not kept: the segments memoized first stay.
                        self.one_off = Some(mark);
                    }
                    k
                }
            };
            return match known {
                Short::Quick(Quick::Number { open: true, .. }) if !open_ok() => None,
                Short::Quick(q) => Some(Found::Quick(q)),
                Short::Tokens(e) => self.found(e?, open_ok),
            };
        }
        let entry = match self.map.get(bytes) {
            Some(e) => *e,
            None => {
                let mark = (self.tokens.len(), self.items.len());
                let e = self.parse(seg);
                if self.map.len() < MAX_LONG && !self.arenas_full() {
                    self.map.insert(bytes.into(), e);
                } else {
                    self.one_off = Some(mark);
                }
                e
            }
        }?;
        self.found(entry, open_ok)
    }

    /// Whether the token arenas have reached their budget (segments of many tokens each could
    /// otherwise fill them far beyond what the entry counts suggest).
    fn arenas_full(&self) -> bool {
        self.tokens.len() * std::mem::size_of::<(u32, u32, Option<Decoded>)>()
            + self.items.len() * std::mem::size_of::<Item>()
            > MAX_ARENA_BYTES
    }

    fn found(&self, entry: Entry, open_ok: impl Fn() -> bool) -> Option<Found<'_>> {
        if entry.open_number && !open_ok() {
            return None;
        }
        let tokens = &self.tokens[entry.first as usize..(entry.first + entry.count) as usize];
        Some(Found::Tokens(tokens, &self.items))
    }

    /// The entry as a [`Quick`], if it is one move or move number filling the segment.
    fn quick(&self, seg: &str, e: Entry) -> Option<Quick> {
        let [(first, _, decoded)] = self.tokens.get(e.first as usize..)?.get(..1)? else {
            return None;
        };
        if e.count != 1 {
            return None;
        }
        let top = self.items.get(*first as usize)?;
        if top.start != 0 || top.end != seg.len() {
            return None;
        }
        match decoded.as_ref()? {
            Decoded::Number(n, dots) => Some(Quick::Number {
                n: *n,
                dots: *dots,
                open: e.open_number,
            }),
            Decoded::Move(mv, glyph) => {
                let span = mv.span();
                (span.start == 0 && span.end <= seg.len()).then(|| Quick::Move {
                    mv: Shape::of(mv),
                    glyph: *glyph,
                    mv_len: span.end as u8,
                })
            }
        }
    }

    /// Reads a segment with pest and stores its tokens; None if pest cannot read it alone.
    fn parse(&mut self, seg: &str) -> Option<Entry> {
        let pairs = RecordParser::parse(Rule::tokens, seg).ok()?;
        let first = self.tokens.len() as u32;
        let items_before = self.items.len();
        let mut open: Vec<usize> = Vec::new();
        let mut token_start = self.items.len();
        let mut last_number_open = false;
        for token in pairs.tokens() {
            match token {
                Token::Start { rule, pos } => {
                    if open.is_empty() {
                        token_start = self.items.len();
                    }
                    open.push(self.items.len());
                    let at = pos.pos();
                    self.items.push(Item {
                        rule,
                        start: at,
                        end: at,
                    });
                }
                Token::End { pos, .. } => {
                    let Some(i) = open.pop() else {
                        continue;
                    };
                    self.items[i].end = pos.pos();
                    if open.is_empty() {
                        let top = self.items[token_start];
                        if top.rule == Rule::EOI {
                            self.items.truncate(token_start);
                            continue;
                        }
                        let token = &self.items[token_start..];
                        last_number_open = top.rule == Rule::move_number
                            && top.end == seg.len()
                            && token
                                .iter()
                                .any(|it| it.rule == Rule::move_dots && it.end - it.start == 1);
                        let inner = &token[1..];
                        let decoded = match top.rule {
                            Rule::r#move => match decode_move(seg, 0, inner) {
                                (Some(mv), glyph) => Some(Decoded::Move(mv, glyph)),
                                (None, _) => None,
                            },
                            Rule::move_number => decode_number(seg, 0, inner)
                                .ok()
                                .map(|(n, dots)| Decoded::Number(n, dots)),
                            _ => None,
                        };
                        if decoded.is_some() {
                            // Only the token's own pair is needed (its span).
                            self.items.truncate(token_start + 1);
                        }
                        self.tokens.push((
                            token_start as u32,
                            (self.items.len() - token_start) as u32,
                            decoded,
                        ));
                    }
                }
            }
        }
        if !open.is_empty() {
            self.tokens.truncate(first as usize);
            self.items.truncate(items_before);
            return None;
        }
        Some(Entry {
            first,
            count: self.tokens.len() as u32 - first,
            open_number: last_number_open,
        })
    }
}

/// An open-addressing table from a tiny segment's key (never 0: its length is in the top byte)
/// to its packed [`Quick`]: key and value side by side, so that a lookup usually touches one
/// cache line (a general hash map touches two: its control bytes and its slot).
#[derive(Default)]
struct TinyTable {
    /// (key, value); key 0: empty. Linear probing; at most three quarters full (small
    /// enough to stay in the CPU's second-level cache for a typical vocabulary).
    slots: Vec<(u64, u64)>,
    len: usize,
}

impl TinyTable {
    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing: the high bits of the product, as many as the table needs.
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    fn get(&self, key: u64) -> Option<u64> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let (k, v) = self.slots[i];
            if k == key {
                return Some(v);
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, key: u64, value: u64) {
        if key == 0 {
            return;
        }
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            let old = std::mem::take(&mut self.slots);
            self.slots = vec![(0, 0); (old.len() * 2).max(1024)];
            self.len = 0;
            for (k, v) in old {
                if k != 0 {
                    self.insert(k, v);
                }
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        while self.slots[i].0 != 0 && self.slots[i].0 != key {
            i = (i + 1) & mask;
        }
        if self.slots[i].0 == 0 {
            self.len += 1;
        }
        self.slots[i] = (key, value);
    }

    fn len(&self) -> usize {
        self.len
    }
}

/// Segments of up to this many bytes go in the short map.
const SHORT: usize = 15;

/// The short map's key: the bytes, then the length in the last byte (for up to 7 bytes, the
/// first u64 alone is the key: the length in its last byte). Built in registers: bytes stored
/// one by one and read back as words stall the CPU (no store-to-load forwarding).
fn short_key(bytes: &[u8]) -> (u64, u64) {
    let word = |s: &[u8]| s.iter().rev().fold(0u64, |w, &b| (w << 8) | u64::from(b));
    let len = bytes.len() as u64;
    if bytes.len() <= 7 {
        return (word(bytes) | len << 56, 0);
    }
    let (lo, hi) = bytes.split_at(8);
    (word(lo), word(hi) | len << 56)
}

/// After a move number `12.` ending at `end`: true if what follows on the line cannot be the
/// `...` or `…` pest would read into it (`move_dots`: `"." ~ (hs* ~ ("..." | "…"))?`). Any
/// doubt (a non-ASCII character, which may be a blank or `…`) answers false.
fn line_ends_without_dots(bytes: &[u8], end: usize) -> bool {
    let mut i = end;
    while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
        i += 1;
    }
    !matches!(bytes.get(i), Some(&b) if b == b'.' || b >= 0x80)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_forms_pack_into_64_bits_and_back() {
        let segments = [
            "SP-7g",
            "+SPx6c",
            "SO*5e",
            "RR4i-5h",
            "FFx3i=",
            "SP-7c+",
            "TF-11k!?",
            "K*2三>W",
            "K:1二>E",
            "S-1一>N#",
            "SP-１０十一",
            "h3g4",
            "P@e5",
            "c9c10+",
            "k11a1=",
            "12.",
            "12...",
            "5…",
            "999999.",
            "CE-3j??",
        ];
        let mut memo = Memo::default();
        for seg in segments {
            let e = memo.parse(seg).expect("pest reads it");
            let q = memo.quick(seg, e).expect("one move or number");
            let bits = q.pack().expect("fits");
            assert_eq!(Quick::unpack(bits), q, "{seg}");
        }
    }

    #[test]
    fn the_memo_stays_within_its_budget() {
        let mut memo = Memo::default();
        // 100,000 distinct segments of several tokens each (`$12$34(` reads as two NAGs and
        // a `(`), then long ones.
        for i in 0..100_000u32 {
            let seg = format!("${}${}(", i % 1000, i / 1000);
            assert!(memo.lookup(&seg, 0, seg.len()).is_some(), "{seg}");
            let long = format!("$1$2$3$4$5$6$7$8{i}");
            assert!(memo.lookup(&long, 0, long.len()).is_some(), "{long}");
        }
        assert!(memo.short.len() + memo.tiny.len() <= MAX_SHORT);
        assert!(memo.map.len() <= MAX_LONG);
        let arena = memo.tokens.len() * std::mem::size_of::<(u32, u32, Option<Decoded>)>()
            + memo.items.len() * std::mem::size_of::<Item>();
        assert!(arena <= MAX_ARENA_BYTES + 4096, "{arena} bytes");
        // Still reading correctly once full.
        let Some(Found::Tokens(tokens, _)) = memo.lookup("$7$8(", 0, 5) else {
            panic!("a segment of three tokens");
        };
        assert_eq!(tokens.len(), 3);
    }
}
