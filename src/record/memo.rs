//! The reader's memo: what pest read in each segment of text seen before, kept per thread.
//!
//! Game records repeat themselves: the same few thousand move texts (`SP-7g`, `12.`, ...) and
//! tag pairs come back in every game. The reader therefore cuts the text into *segments* and
//! keeps what pest read in each one, so a segment seen before costs a hash lookup instead of a
//! pest run. Pest stays the only thing that decides what a token is: what is kept is the output
//! of `Rule::tokens` (grammar/record.pest) on the segment, and any segment pest cannot read alone
//! is handed back to the reader, which then runs `Rule::next_token` on the full text exactly as
//! without the memo.
//!
//! Why reading a segment alone gives the tokens pest reads in the full text: between two tokens
//! pest skips whitespace, and no token other than tag pairs, comments and a move number's
//! `. ...` contains whitespace or looks past it. So a segment is
//! - a *word*: from a token boundary to the next ASCII whitespace (or the end of the game), with
//!   no `{`, `;` or `[` in it (the tokens that may hold whitespace or run to the end of the
//!   line); or
//! - a *tag line*: from a `[` to the end of its line, with no `{` in it (a tag pair never spans
//!   lines; a `;` comment ends with the line, as the segment does);
//!
//! and a segment whose last token is a move number written `12.` is not used when the next
//! text on its line could be its `...` (pest's `12. ...` is one token). A segment longer than
//! [`MAX_SEGMENT`] is never memoized (nor re-read quadratically: the reader then takes one token
//! at a time). `tests/record_memo.rs` checks, on mutated records, that reading with the memo
//! gives the same records and errors as reading without it.
//!
//! The memo is one map from a segment to its tokens, cleared when full. A segment that is one
//! move or move number (most of them) has its token packed in 64 bits ([`Decoded::pack`]); if
//! it is also at most 7 bytes long, it is kept in a table of its own, where key and token sit
//! side by side in 16 bytes: a lookup there touches one cache line, and the table stays in the
//! CPU's second-level cache for a typical vocabulary (a general hash map touches two lines, its
//! control bytes and its slot, in a table twice the size, which cost a tenth of reading).

use super::annotations::Dots;
use super::grammar::{RecordParser, Rule};
use super::token::{Collector, Decoded, Item, decode};
use compact_str::CompactString;
use pest::Parser as _;
use rustc_hash::FxHashMap;

/// The longest segment memoized, in bytes.
pub(super) const MAX_SEGMENT: usize = 96;
/// The most segments kept; then the memo starts again empty. (A typical vocabulary is far
/// smaller: the bench corpus of 4,000 random games has about 19,000 distinct segments.)
const MAX_SEGMENTS: usize = 48 * 1024;
/// The most bytes of tokens, pairs and long keys kept (the tables' own slots aside); then the
/// memo starts again empty. With [`MAX_SEGMENTS`] this bounds the memo's memory per thread:
/// at most about 8 MB (the tables under 4 MB, this 4 MiB).
const MAX_HELD_BYTES: usize = 4 << 20;

/// A token of a segment (positions relative to the segment start).
#[derive(Clone, Copy)]
pub(super) enum Token {
    /// A move or move number, decoded.
    Decoded {
        d: Decoded,
        start: usize,
        end: usize,
    },
    /// Any other token: its pairs (see [`Item`]), `count` of them from `first` in the pairs
    /// given with it ([`Found::Tokens`]).
    Pairs { first: u32, count: u32 },
}

/// What a lookup found.
pub(super) enum Found<'m> {
    /// One move or move number filling the segment, packed ([`Decoded::unpack`]). Returned as
    /// one word: the caller does not read back fields written one by one (a slow
    /// store-to-load forwarding).
    Packed(u64),
    /// The segment's tokens, and the pairs their [`Token::Pairs`] refer to.
    Tokens(&'m [Token], &'m [Item]),
}

/// The segments seen so far (per thread).
#[derive(Default)]
pub(super) struct Memo {
    /// Segments of up to 7 bytes that are one move or move number.
    tiny: TinyTable,
    /// Every other segment: where its tokens are in `tokens` (first, count), or None if pest
    /// cannot read it alone.
    map: FxHashMap<CompactString, Option<(u32, u32)>>,
    /// The tokens of the segments in `map`.
    arena: Arena,
    /// Bytes of the keys too long to be kept inline.
    long_keys: usize,
}

/// The tokens of the memo's segments, one segment after the other (no allocation per segment,
/// and emptied at once).
#[derive(Default)]
struct Arena {
    tokens: Vec<Token>,
    /// The pairs of the [`Token::Pairs`].
    items: Vec<Item>,
    /// Reused by every pest run.
    collector: Collector,
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
pub(super) fn is_ascii_ws(b: u8) -> bool {
    CLASS[usize::from(b)] == BLANK
}

/// The end of the segment that starts at `pos` (a token boundary, not whitespace), or None if
/// the text there must be read by pest in the full text.
pub(super) fn segment_end(bytes: &[u8], pos: usize) -> Option<usize> {
    // Most segments (a move, a move number) end within 8 bytes: those 8 classified at once,
    // without a branch per byte (a loop's exit at a varying length is a mispredicted branch).
    if let Some(word) = bytes.get(pos..pos + 8)
        && word[0] != b'['
    {
        let mut stops = 0u32;
        for (i, &b) in word.iter().enumerate() {
            stops |= u32::from(CLASS[usize::from(b)] != PLAIN) << i;
        }
        if stops != 0 {
            let i = stops.trailing_zeros() as usize;
            return (CLASS[usize::from(word[i])] == BLANK).then_some(pos + i);
        }
    }
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

/// Whether a token is a move number written `12.`.
fn open_number(d: Decoded) -> bool {
    matches!(
        d,
        Decoded::Number {
            dots: Dots::One,
            ..
        }
    )
}

impl Memo {
    /// What pest reads in segment `text[pos..end]`, or None when pest cannot read the segment
    /// alone, or its last token is a move number `12.` that the `...` after it may continue.
    pub(super) fn lookup(&mut self, text: &str, pos: usize, end: usize) -> Option<Found<'_>> {
        let seg = text.get(pos..end)?;
        let open_ok = || line_ends_without_dots(text.as_bytes(), end);
        let key = tiny_key_at(text.as_bytes(), pos, end);
        if let Some(bits) = key.and_then(|key| self.tiny.get(key)) {
            let open = open_number(Decoded::unpack(bits));
            return (!open || open_ok()).then_some(Found::Packed(bits));
        }
        let (first, count) = match self.map.get(seg) {
            Some(&known) => known,
            None => {
                if self.is_full() {
                    self.clear();
                }
                let read = self.arena.read(seg);
                if let (Some(key), Some((first, 1))) = (key, read)
                    && let Some(&Token::Decoded { d, start: 0, end }) =
                        self.arena.tokens.get(first as usize)
                    && end == seg.len()
                    && let Some(bits) = d.pack()
                {
                    self.arena.tokens.truncate(first as usize);
                    self.tiny.insert(key, bits);
                    return (!open_number(d) || open_ok()).then_some(Found::Packed(bits));
                }
                let name = CompactString::new(seg);
                if name.is_heap_allocated() {
                    self.long_keys += seg.len();
                }
                self.map.insert(name, read);
                read
            }
        }?;
        let tokens = self
            .arena
            .tokens
            .get(first as usize..(first + count) as usize)?;
        // (Only whitespace follows the last token in the segment, and a move number's dots may
        // reach past some of it: `12.\u{A0} ...` is one token.)
        if let Some(Token::Decoded { d, .. }) = tokens.last()
            && open_number(*d)
            && !open_ok()
        {
            return None;
        }
        Some(Found::Tokens(tokens, &self.arena.items))
    }

    fn is_full(&self) -> bool {
        let held = self.arena.bytes() + self.long_keys;
        self.map.len() + self.tiny.len() >= MAX_SEGMENTS || held > MAX_HELD_BYTES
    }

    /// Empties the memo (the tables and arenas keep their room).
    fn clear(&mut self) {
        self.tiny.clear();
        self.map.clear();
        self.arena.tokens.clear();
        self.arena.items.clear();
        self.long_keys = 0;
    }
}

impl Arena {
    /// The bytes its tokens and pairs take.
    fn bytes(&self) -> usize {
        std::mem::size_of_val(self.tokens.as_slice()) + std::mem::size_of_val(self.items.as_slice())
    }

    /// Reads a segment with pest (`Rule::tokens`) and appends its tokens to the arenas: where
    /// they are (first, count), or None (and nothing appended) if pest cannot read it alone.
    fn read(&mut self, seg: &str) -> Option<(u32, u32)> {
        let pairs = RecordParser::parse(Rule::tokens, seg).ok()?;
        let (tokens_before, items_before) = (self.tokens.len(), self.items.len());
        let c = &mut self.collector;
        c.reset();
        let mut ok = true;
        for t in pairs.tokens() {
            if !c.push(t, 0) {
                continue;
            }
            let items = c.items();
            let Some(top) = items.first().filter(|top| top.rule != Rule::EOI) else {
                continue;
            };
            // A move number too large to store is an error the reader reports in the full
            // text.
            let Ok(decoded) = decode(seg, 0, items) else {
                ok = false;
                break;
            };
            self.tokens.push(match decoded {
                Some(d) => Token::Decoded {
                    d,
                    start: top.start,
                    end: top.end,
                },
                None => {
                    let first = self.items.len() as u32;
                    self.items.extend_from_slice(items);
                    Token::Pairs {
                        first,
                        count: items.len() as u32,
                    }
                }
            });
        }
        if !ok || c.is_open() {
            self.tokens.truncate(tokens_before);
            self.items.truncate(items_before);
            return None;
        }
        let count = self.tokens.len() - tokens_before;
        Some((tokens_before as u32, count as u32))
    }
}

/// The [`TinyTable`] key of a segment of up to 7 bytes: its bytes, and its length in the top
/// byte (never 0). Built in registers: bytes stored one by one and read back as a word stall
/// the CPU (no store-to-load forwarding).
/// [`tiny_key`] of `bytes[pos..end]`, read as one word when 8 bytes are there.
fn tiny_key_at(bytes: &[u8], pos: usize, end: usize) -> Option<u64> {
    let len = end.checked_sub(pos)?;
    if len > 7 {
        return None;
    }
    match bytes
        .get(pos..pos + 8)
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
    {
        Some(word) => {
            let mask = (1u64 << (8 * len)) - 1;
            Some(u64::from_le_bytes(word) & mask | (len as u64) << 56)
        }
        None => tiny_key(bytes.get(pos..end)?),
    }
}

fn tiny_key(bytes: &[u8]) -> Option<u64> {
    (bytes.len() <= 7).then(|| {
        let word = bytes
            .iter()
            .rev()
            .fold(0u64, |w, &b| (w << 8) | u64::from(b));
        word | (bytes.len() as u64) << 56
    })
}

/// An open-addressing table from a [`tiny_key`] to a packed token: key and value side by side.
#[derive(Default)]
struct TinyTable {
    /// (key, value); key 0: empty. Linear probing; at most three quarters full.
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

    fn clear(&mut self) {
        self.slots.fill((0, 0));
        self.len = 0;
    }
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

    /// The word-at-a-time paths (segment end, tiny key) give what the byte-by-byte ones give,
    /// on every position of texts of bytes the segments care about.
    #[test]
    fn word_paths_match_byte_paths() {
        let alphabet = b"SP-7g+=#x*12.[]{};\t\n\r \x0B\x0C\xC3\xA9a";
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..3000 {
            let len = (next() % 24) as usize;
            let text: Vec<u8> = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            for pos in 0..text.len() {
                // The byte-by-byte reading: no 8-byte window (the text cut after the segment).
                let slow = {
                    let limit = text.len().min(pos + MAX_SEGMENT + 1);
                    let rest = &text[pos..limit];
                    if rest[0] == b'[' {
                        segment_end(&text, pos)
                    } else {
                        match rest.iter().position(|&b| CLASS[usize::from(b)] != PLAIN) {
                            Some(i) if CLASS[usize::from(rest[i])] == BLANK => Some(pos + i),
                            Some(_) => None,
                            None => (limit == text.len()).then_some(limit),
                        }
                    }
                };
                assert_eq!(segment_end(&text, pos), slow, "{text:?} at {pos}");
                for end in pos..=text.len() {
                    assert_eq!(
                        tiny_key_at(&text, pos, end),
                        tiny_key(&text[pos..end]),
                        "{text:?} {pos}..{end}"
                    );
                }
            }
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
            assert!(memo.map.len() + memo.tiny.len() <= MAX_SEGMENTS);
            let held = memo.arena.bytes();
            // At most one segment over the budget (it is emptied before the next).
            assert!(held <= MAX_HELD_BYTES + 4096, "{held} bytes");
        }
        // Still reading correctly after starting again.
        let Some(Found::Tokens(tokens, _)) = memo.lookup("$7$8(", 0, 5) else {
            panic!("a segment of three tokens");
        };
        assert_eq!(tokens.len(), 3);
    }

    #[test]
    fn a_move_filling_its_segment_is_packed() {
        let mut memo = Memo::default();
        assert!(matches!(
            memo.lookup("SP-7g!", 0, 6),
            Some(Found::Packed(_))
        ));
        assert!(matches!(memo.lookup("1.SP-7g", 0, 7), Some(Found::Tokens(t, _)) if t.len() == 2));
        // `12.` then `...` on its line: read in the full text.
        assert!(memo.lookup("12. ...", 0, 3).is_none());
        assert!(matches!(
            memo.lookup("12. SP-7g", 0, 3),
            Some(Found::Packed(_))
        ));
        assert!(memo.lookup("SP-7g{", 0, 6).is_none());
        // A blank that `12.` may skip before its `...` can end the segment.
        assert!(memo.lookup("104.\u{A0}  \u{A0}...", 0, 6).is_none());
        assert!(matches!(
            memo.lookup("104.\u{A0}  SP-7g", 0, 6),
            Some(Found::Tokens(..))
        ));
    }
}
