//! Tokens as pest reads them, and the moves and move numbers decoded from them.
//!
//! A token is read as its pest pairs in pre-order, flattened into [`Item`]s (the token's own
//! pair first, then its inner pairs; every inner rule of the grammar has one meaning wherever
//! it appears, so nothing needs the nesting). Moves and move numbers, the tokens read most
//! often, are decoded from their pairs by [`decode`] into a [`Decoded`], which packs into 64
//! bits ([`Decoded::pack`], for the reader's memo); [`Shape::written`] then makes the
//! [`WrittenMove`] with its text and span. That is the only way the reader builds a move, with
//! or without the memo.

use super::annotations::{Dots, Glyph};
use super::error::{ErrorKind, RecordError};
use super::grammar::Rule;
use super::span::Span;
use super::written::{
    Action, EngineMove, EngineOrigin, EngineSquare, Facing, FileStyle, HodgesMove, Mark, Marks,
    Piece, RankStyle, SanMove, Square, WrittenMove,
};
use compact_str::CompactString;

/// One pest pair of a token, flattened: its rule and its bytes in the text read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Item {
    pub rule: Rule,
    pub start: usize,
    pub end: usize,
}

impl Item {
    fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.start..self.end).unwrap_or("")
    }

    /// The same pair `by` bytes further on.
    pub fn shifted(self, by: usize) -> Item {
        Item {
            start: self.start + by,
            end: self.end + by,
            ..self
        }
    }
}

/// Collects the pairs of one top-level token at a time from pest's flat token stream.
#[derive(Default)]
pub(super) struct Collector {
    items: Vec<Item>,
    /// Indexes in `items` of the pairs whose end has not been seen yet.
    open: Vec<usize>,
}

impl Collector {
    /// Feed one pest token (positions relative to the text parsed, which starts at byte
    /// `shift` of the text the items refer to). Returns true when a top-level token is complete
    /// in [`items`](Self::items).
    pub fn push(&mut self, token: pest::Token<'_, Rule>, shift: usize) -> bool {
        match token {
            pest::Token::Start { rule, pos } => {
                if self.open.is_empty() {
                    self.items.clear();
                }
                self.open.push(self.items.len());
                let at = shift + pos.pos();
                self.items.push(Item {
                    rule,
                    start: at,
                    end: at,
                });
                false
            }
            pest::Token::End { pos, .. } => {
                if let Some(i) = self.open.pop()
                    && let Some(item) = self.items.get_mut(i)
                {
                    item.end = shift + pos.pos();
                }
                self.open.is_empty() && !self.items.is_empty()
            }
        }
    }

    /// The pairs of the last token completed (or being read).
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// Forget any token left unfinished (before reading another text).
    pub fn reset(&mut self) {
        self.items.clear();
        self.open.clear();
    }

    /// Whether a token was left unfinished.
    pub fn is_open(&self) -> bool {
        !self.open.is_empty()
    }
}

/// A written move without its text and span: the fields as pest found them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
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
    San {
        piece: Option<Piece>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        capture: bool,
        to: EngineSquare,
        marks: Marks,
    },
}

impl Shape {
    /// The written move, with its exact text and its span in the file.
    pub fn written(self, text: &str, span: Span) -> WrittenMove {
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
            Shape::San {
                piece,
                from_file,
                from_rank,
                capture,
                to,
                marks,
            } => WrittenMove::San(SanMove {
                piece,
                from_file,
                from_rank,
                capture,
                to,
                marks,
                text,
                span,
            }),
        }
    }
}

/// A move or a move number, decoded from its pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decoded {
    /// A move, then the glyph written right after it (the token's last bytes).
    Move { shape: Shape, glyph: Option<Glyph> },
    /// A move number.
    Number { n: u64, dots: Dots },
}

impl Decoded {
    /// Where the move ends in a token ending at `end` (before its glyph).
    pub fn move_end(glyph: Option<Glyph>, end: usize) -> usize {
        end - glyph.map_or(0, |g| g.as_str().len())
    }
}

const NO_SQUARE: Square = Square {
    file: 0,
    rank: 0,
    file_style: FileStyle::Ascii,
    rank_style: RankStyle::Letter,
};

/// The value of decimal digits, ASCII or full-width (`None` if it does not fit in 64 bits).
pub(super) fn digits_value(s: &str) -> Option<u64> {
    s.chars().try_fold(0u64, |n, c| {
        let d = match c {
            '0'..='9' => u32::from(c) - u32::from('0'),
            '０'..='９' => u32::from(c) - u32::from('０'),
            _ => return None,
        };
        n.checked_mul(10)?.checked_add(u64::from(d))
    })
}

/// A token's move or move number from its pairs (`items[0]` is the token's pair; positions
/// in `text`, which starts at file offset `base`): `Ok(None)` for any other token, an error for
/// a move number too large to store.
pub(super) fn decode(
    text: &str,
    base: usize,
    items: &[Item],
) -> Result<Option<Decoded>, RecordError> {
    let Some((top, inner)) = items.split_first() else {
        return Ok(None);
    };
    match top.rule {
        Rule::r#move => Ok(decode_move(text, inner)),
        Rule::move_number => decode_number(text, base, inner).map(Some),
        _ => Ok(None),
    }
}

/// The move and its glyph from the pairs inside `move`.
fn decode_move(text: &str, inner: &[Item]) -> Option<Decoded> {
    let mut glyph = None;
    // Which notation: the rule of its pair.
    let mut notation = None;
    let mut piece = None;
    let mut squares = [NO_SQUARE; 2];
    let mut engine_squares = [EngineSquare { file: 0, rank: 0 }; 2];
    let mut n_squares: usize = 0;
    let mut action = Action::Move;
    let mut facing = None;
    let mut marks = Marks::NONE;
    let mut drop = None;
    let (mut from_file, mut from_rank, mut capture) = (None, None, false);
    for p in inner {
        let s = p.text(text);
        // The square being read (the last one started), if one of the first two.
        let current = n_squares.checked_sub(1).filter(|&i| i < 2);
        match p.rule {
            Rule::hodges | Rule::engine_move | Rule::engine_drop | Rule::san => {
                notation = Some(p.rule)
            }
            Rule::glyph => glyph = Glyph::from_text(s),
            Rule::piece | Rule::san_piece => piece = Piece::parse(s),
            Rule::san_file => from_file = Some(letter_number(s)),
            Rule::san_rank => from_rank = digits_value(s).map(|n| n as u8),
            Rule::san_capture => capture = true,
            Rule::square | Rule::engine_square => n_squares += 1,
            Rule::file_ascii | Rule::file_wide => {
                if let Some(sq) = current.and_then(|i| squares.get_mut(i)) {
                    if p.rule == Rule::file_wide {
                        sq.file_style = FileStyle::FullWidth;
                    }
                    sq.file = digits_value(s).map_or(0, |n| n as u8);
                }
            }
            Rule::rank_letter => {
                if let Some(sq) = current.and_then(|i| squares.get_mut(i)) {
                    sq.rank = letter_number(s);
                }
            }
            Rule::rank_kanji => {
                if let Some(sq) = current.and_then(|i| squares.get_mut(i)) {
                    sq.rank_style = RankStyle::Kanji;
                    sq.rank = (1..=11)
                        .find(|&r| Square::kanji_rank(r) == Some(s))
                        .unwrap_or(0);
                }
            }
            Rule::action => {
                action = match s {
                    "x" => Action::Capture,
                    "*" => Action::Drop,
                    ":" => Action::Turn,
                    _ => Action::Move,
                }
            }
            Rule::direction => {
                facing = match s {
                    "N" => Some(Facing::North),
                    "E" => Some(Facing::East),
                    "S" => Some(Facing::South),
                    "W" => Some(Facing::West),
                    _ => None,
                }
            }
            Rule::marks => marks = Marks::parse(s).unwrap_or(Marks::NONE),
            Rule::engine_piece => drop = s.chars().next(),
            Rule::engine_file => {
                if let Some(sq) = current.and_then(|i| engine_squares.get_mut(i)) {
                    sq.file = letter_number(s);
                }
            }
            Rule::engine_rank => {
                if let Some(sq) = current.and_then(|i| engine_squares.get_mut(i)) {
                    sq.rank = digits_value(s).map_or(0, |n| n as u8);
                }
            }
            _ => {}
        }
    }
    let shape = match notation? {
        Rule::hodges => {
            // One square: the destination. Two: origin, destination.
            let (from, to) = match n_squares {
                0 | 1 => (None, squares[0]),
                _ => (Some(squares[0]), squares[1]),
            };
            Shape::Hodges {
                piece: piece.unwrap_or(Piece::PLACEHOLDER),
                from,
                action,
                to,
                facing,
                marks,
            }
        }
        Rule::san => Shape::San {
            piece,
            from_file,
            from_rank,
            capture,
            to: engine_squares[0],
            marks,
        },
        _ => {
            let (origin, to) = match n_squares {
                0 | 1 => (None, engine_squares[0]),
                _ => (Some(engine_squares[0]), engine_squares[1]),
            };
            let from = match (drop, origin) {
                (Some(p), _) => EngineOrigin::Drop(p),
                (None, Some(sq)) => EngineOrigin::Square(sq),
                (None, None) => EngineOrigin::Drop('?'),
            };
            Shape::Engine { from, to, marks }
        }
    };
    Some(Decoded::Move { shape, glyph })
}

/// `a` = 1, `b` = 2, ... (the first byte of `s`).
fn letter_number(s: &str) -> u8 {
    s.bytes()
        .next()
        .map_or(0, |b| b.wrapping_sub(b'a').wrapping_add(1))
}

/// The number and dots from the pairs inside `move_number`.
fn decode_number(text: &str, base: usize, inner: &[Item]) -> Result<Decoded, RecordError> {
    let mut n = 0;
    let mut dots = Dots::One;
    for p in inner {
        let s = p.text(text);
        match p.rule {
            Rule::move_digits => {
                n = digits_value(s).ok_or_else(|| {
                    RecordError::new(
                        ErrorKind::NumberTooLarge,
                        format!("move number {s} is too large (the largest is {})", u64::MAX),
                        Span::new(base + p.start, base + p.end),
                    )
                })?;
            }
            Rule::move_dots if s != "." => dots = Dots::Three,
            _ => {}
        }
    }
    Ok(Decoded::Number { n, dots })
}

// ------------------------------------------------------------------------------- packing

/// A field of `width` bits at `at`.
fn field(bits: u64, at: u32, width: u32) -> u64 {
    (bits >> at) & ((1 << width) - 1)
}

/// Up to 4 bits for a small value that fits (`None` for values above `max`).
fn small(value: u8, max: u8) -> Option<u64> {
    (value <= max).then_some(u64::from(value))
}

/// 18 bits: promoted, two letters, length.
fn pack_piece(p: Piece) -> u64 {
    let [a, b] = p.letters;
    u64::from(p.promoted) | u64::from(p.len == 2) << 1 | u64::from(a) << 2 | u64::from(b) << 10
}

fn unpack_piece(bits: u64) -> Piece {
    Piece {
        promoted: field(bits, 0, 1) == 1,
        len: 1 + field(bits, 1, 1) as u8,
        letters: [field(bits, 2, 8) as u8, field(bits, 10, 8) as u8],
    }
}

/// 4 bits: two marks of 2 bits (0 none, 1 `+`, 2 `=`, 3 `#`).
fn pack_marks(m: Marks) -> u64 {
    let one = |m: Option<Mark>| match m {
        None => 0,
        Some(Mark::Plus) => 1,
        Some(Mark::Equals) => 2,
        Some(Mark::Hash) => 3,
    };
    one(m.items[0]) | one(m.items[1]) << 2
}

fn unpack_marks(bits: u64) -> Marks {
    let one = |b: u64| match b {
        1 => Some(Mark::Plus),
        2 => Some(Mark::Equals),
        3 => Some(Mark::Hash),
        _ => None,
    };
    Marks {
        items: [one(field(bits, 0, 2)), one(field(bits, 2, 2))],
    }
}

/// 10 bits: file and rank (0-15), file style, rank style.
fn pack_square(s: Square) -> Option<u64> {
    Some(
        small(s.file, 15)?
            | small(s.rank, 15)? << 4
            | u64::from(s.file_style == FileStyle::FullWidth) << 8
            | u64::from(s.rank_style == RankStyle::Kanji) << 9,
    )
}

fn unpack_square(bits: u64) -> Square {
    Square {
        file: field(bits, 0, 4) as u8,
        rank: field(bits, 4, 4) as u8,
        file_style: if field(bits, 8, 1) == 1 {
            FileStyle::FullWidth
        } else {
            FileStyle::Ascii
        },
        rank_style: if field(bits, 9, 1) == 1 {
            RankStyle::Kanji
        } else {
            RankStyle::Letter
        },
    }
}

/// 8 bits: file and rank (0-15).
fn pack_engine_square(s: EngineSquare) -> Option<u64> {
    Some(small(s.file, 15)? | small(s.rank, 15)? << 4)
}

fn unpack_engine_square(bits: u64) -> EngineSquare {
    EngineSquare {
        file: field(bits, 0, 4) as u8,
        rank: field(bits, 4, 4) as u8,
    }
}

/// The kinds in the two low bits.
const HODGES: u64 = 0;
const ENGINE: u64 = 1;
const NUMBER: u64 = 2;
const SAN: u64 = 3;

impl Decoded {
    /// 64 bits, if the fields fit (they do for every move the grammar reads, and for move
    /// numbers below 2^56). Layout, from bit 0: the kind (2 bits), then
    /// - a Hodges move: piece 18, action 2, origin 11 (written, square), destination 10,
    ///   facing 3, marks 4, glyph 3;
    /// - an engine move: drop 1, origin 8 (a square, or the dropped piece's letter),
    ///   destination 8, then marks and glyph at the same bits as a Hodges move;
    /// - a SAN move: piece 18, piece written 1, origin file 4 and rank 4 (0: not written),
    ///   capture 1, destination 8, then marks and glyph at the same bits as a Hodges move;
    /// - a move number: dots 1, then the number from bit 8.
    pub fn pack(self) -> Option<u64> {
        let tail = |marks: Marks, glyph: Option<Glyph>| {
            let glyph = glyph.map_or(0, |g| u64::from(g.nag()));
            pack_marks(marks) << 46 | glyph << 50
        };
        match self {
            Decoded::Move {
                shape:
                    Shape::Hodges {
                        piece,
                        from,
                        action,
                        to,
                        facing,
                        marks,
                    },
                glyph,
            } => {
                let from = match from {
                    None => 0,
                    Some(sq) => 1 | pack_square(sq)? << 1,
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
                    HODGES
                        | pack_piece(piece) << 2
                        | action << 20
                        | from << 22
                        | pack_square(to)? << 33
                        | facing << 43
                        | tail(marks, glyph),
                )
            }
            Decoded::Move {
                shape: Shape::Engine { from, to, marks },
                glyph,
            } => {
                let from = match from {
                    EngineOrigin::Drop(c) if c.is_ascii() => 1 | (c as u64) << 1,
                    EngineOrigin::Drop(_) => return None,
                    EngineOrigin::Square(sq) => pack_engine_square(sq)? << 1,
                };
                Some(ENGINE | from << 2 | pack_engine_square(to)? << 11 | tail(marks, glyph))
            }
            Decoded::Move {
                shape:
                    Shape::San {
                        piece,
                        from_file,
                        from_rank,
                        capture,
                        to,
                        marks,
                    },
                glyph,
            } => {
                let piece = piece.map_or(0, |p| pack_piece(p) | 1 << 18);
                Some(
                    SAN | piece << 2
                        | small(from_file.unwrap_or(0), 15)? << 21
                        | small(from_rank.unwrap_or(0), 15)? << 25
                        | u64::from(capture) << 29
                        | pack_engine_square(to)? << 30
                        | tail(marks, glyph),
                )
            }
            Decoded::Number { n, dots } => {
                (n < 1 << 56).then(|| NUMBER | u64::from(dots == Dots::Three) << 2 | n << 8)
            }
        }
    }

    /// The inverse of [`pack`](Self::pack).
    #[inline(always)]
    pub fn unpack(bits: u64) -> Decoded {
        let glyph = match field(bits, 50, 3) {
            1 => Some(Glyph::Good),
            2 => Some(Glyph::Mistake),
            3 => Some(Glyph::Brilliant),
            4 => Some(Glyph::Blunder),
            5 => Some(Glyph::Interesting),
            6 => Some(Glyph::Dubious),
            _ => None,
        };
        let marks = unpack_marks(field(bits, 46, 4));
        match field(bits, 0, 2) {
            HODGES => Decoded::Move {
                shape: Shape::Hodges {
                    piece: unpack_piece(field(bits, 2, 18)),
                    action: match field(bits, 20, 2) {
                        1 => Action::Capture,
                        2 => Action::Drop,
                        3 => Action::Turn,
                        _ => Action::Move,
                    },
                    from: (field(bits, 22, 1) == 1).then(|| unpack_square(field(bits, 23, 10))),
                    to: unpack_square(field(bits, 33, 10)),
                    facing: match field(bits, 43, 3) {
                        1 => Some(Facing::North),
                        2 => Some(Facing::East),
                        3 => Some(Facing::South),
                        4 => Some(Facing::West),
                        _ => None,
                    },
                    marks,
                },
                glyph,
            },
            ENGINE => Decoded::Move {
                shape: Shape::Engine {
                    from: if field(bits, 2, 1) == 1 {
                        EngineOrigin::Drop(char::from(field(bits, 3, 8) as u8))
                    } else {
                        EngineOrigin::Square(unpack_engine_square(field(bits, 3, 8)))
                    },
                    to: unpack_engine_square(field(bits, 11, 8)),
                    marks,
                },
                glyph,
            },
            SAN => Decoded::Move {
                shape: Shape::San {
                    piece: (field(bits, 20, 1) == 1).then(|| unpack_piece(field(bits, 2, 18))),
                    from_file: Some(field(bits, 21, 4) as u8).filter(|&f| f != 0),
                    from_rank: Some(field(bits, 25, 4) as u8).filter(|&r| r != 0),
                    capture: field(bits, 29, 1) == 1,
                    to: unpack_engine_square(field(bits, 30, 8)),
                    marks,
                },
                glyph,
            },
            _ => Decoded::Number {
                n: bits >> 8,
                dots: if field(bits, 2, 1) == 1 {
                    Dots::Three
                } else {
                    Dots::One
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::grammar::RecordParser;
    use pest::Parser as _;

    /// The decoded token of a text that is one move or move number.
    fn decoded(text: &str) -> Decoded {
        let pairs = RecordParser::parse(Rule::next_token, text).expect("pest reads it");
        let mut c = Collector::default();
        for t in pairs.tokens() {
            if c.push(t, 0) {
                break;
            }
        }
        decode(text, 0, c.items())
            .expect("decodes")
            .expect("a move or a number")
    }

    #[test]
    fn every_form_packs_into_64_bits_and_back() {
        let texts = [
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
            "TF９g-11e+=",
            "h3g4",
            "P@e5",
            "c9c10+",
            "k11a1=",
            "12.",
            "12...",
            "5…",
            "999999.",
            "１２.",
            "１０…",
            "CE-3j??",
            "Rg4",
            "g8",
            "dxd5",
            "d9+",
            "+Fxa2",
            "+Pfg8",
            "+P8f8",
            "+P10i10",
            "+P8xd8",
            "Fb3+",
            "+Lb6#",
            "Rh3xg4+#!",
            "S@f10#",
        ];
        for text in texts {
            let d = decoded(text);
            let bits = d.pack().expect("fits");
            assert_eq!(Decoded::unpack(bits), d, "{text}");
        }
    }

    #[test]
    fn numbers_too_large_to_pack_are_not_packed() {
        let d = decoded("72057594037927936.");
        assert_eq!(d.pack(), None);
        assert!(decoded("72057594037927935.").pack().is_some());
    }
}
