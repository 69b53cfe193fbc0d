//! Moves exactly as written, in Hodges style, in engine coordinates or in SAN, with their parts.

use super::span::Span;
use compact_str::CompactString;
use serde::Serialize;
use std::fmt::{self, Write as _};

/// A move exactly as written, in one of the three notations. They cannot be confused: a Hodges
/// move has an action (`-`, `x`, `*`, `:`) before a square whose file is a digit; an engine move
/// has two squares, or a piece letter, `@` and a square (a drop, which SAN writes the same way
/// with the same meaning: it is read as an engine drop); a SAN move has a single square, file
/// letter first, maybe after a piece letter, an origin file or rank and `x`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WrittenMove {
    /// Hodges style: `SP-7g`, `K*2三>W`.
    Hodges(HodgesMove),
    /// Engine (XBoard) coordinates: `h3g4`, `P@e5`.
    Engine(EngineMove),
    /// SAN as XBoard writes it: `Rg4`, `+Fxa2`, `+P10i10`, `g8`, `dxd5`, `Fb3+`.
    San(SanMove),
}

impl WrittenMove {
    /// The exact source text (without a glyph).
    pub fn text(&self) -> &str {
        match self {
            WrittenMove::Hodges(m) => &m.text,
            WrittenMove::Engine(m) => &m.text,
            WrittenMove::San(m) => &m.text,
        }
    }

    /// Where the move is (without a glyph).
    pub fn span(&self) -> Span {
        match self {
            WrittenMove::Hodges(m) => m.span,
            WrittenMove::Engine(m) => m.span,
            WrittenMove::San(m) => m.span,
        }
    }

    /// The marks (`+ = #`) as written.
    pub fn marks(&self) -> Marks {
        match self {
            WrittenMove::Hodges(m) => m.marks,
            WrittenMove::Engine(m) => m.marks,
            WrittenMove::San(m) => m.marks,
        }
    }
}

/// Canonical text: ASCII file digits, the rank in the style written, marks as written.
impl fmt::Display for WrittenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrittenMove::Hodges(m) => m.fmt(f),
            WrittenMove::Engine(m) => m.fmt(f),
            WrittenMove::San(m) => m.fmt(f),
        }
    }
}

/// `<piece>[origin]<action><square>[>DIR][marks]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct HodgesMove {
    /// The piece as written.
    pub piece: Piece,
    /// The origin square, if written.
    pub from: Option<Square>,
    /// `-`, `x`, `*` or `:`.
    pub action: Action,
    /// The destination square (for `:` the square where the piece turns).
    pub to: Square,
    /// `>N|E|S|W`, if written.
    pub facing: Option<Facing>,
    /// Marks as written.
    pub marks: Marks,
    /// The exact source text (kept inline: no allocation for a move of up to 24 bytes).
    pub text: CompactString,
    /// Where.
    pub span: Span,
}

impl fmt::Display for HodgesMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.piece)?;
        if let Some(from) = &self.from {
            write!(f, "{from}")?;
        }
        write!(f, "{}{}", self.action.as_char(), self.to)?;
        if let Some(d) = self.facing {
            write!(f, ">{}", d.letter())?;
        }
        write!(f, "{}", self.marks)
    }
}

/// A piece abbreviation as written: an optional `+` then one or two ASCII capitals.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub(super) promoted: bool,
    pub(super) letters: [u8; 2],
    pub(super) len: u8,
}

impl Piece {
    /// Never produced by the parser (the grammar guarantees a piece); a safe stand-in.
    pub(crate) const PLACEHOLDER: Piece = Piece {
        promoted: false,
        letters: [b'?', 0],
        len: 1,
    };

    /// `+`? then one or two ASCII uppercase letters, e.g. `"+SP"`, `"K"`.
    pub fn parse(text: &str) -> Option<Self> {
        let (promoted, rest) = match text.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let b = rest.as_bytes();
        if b.is_empty() || b.len() > 2 || !b.iter().all(u8::is_ascii_uppercase) {
            return None;
        }
        let mut letters = [0; 2];
        letters[..b.len()].copy_from_slice(b);
        Some(Piece {
            promoted,
            letters,
            len: b.len() as u8,
        })
    }

    /// Whether `+` was written before the letters.
    pub fn promoted(&self) -> bool {
        self.promoted
    }

    /// The letters as bytes (ASCII capitals), e.g. `b"SP"` for `+SP`.
    pub fn letter_bytes(&self) -> &[u8] {
        &self.letters[..usize::from(self.len).min(2)]
    }

    /// The letters, e.g. `"SP"` for `+SP`.
    pub fn letters(&self) -> &str {
        // Only ASCII capitals are ever stored.
        std::str::from_utf8(&self.letters[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.promoted {
            f.write_char('+')?;
        }
        f.write_str(self.letters())
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({self})")
    }
}

impl Serialize for Piece {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// `-` move, `x` capture, `*` drop, `:` turn in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// `-`
    Move,
    /// `x`
    Capture,
    /// `*`
    Drop,
    /// `:`
    Turn,
}

impl Action {
    /// The character.
    pub const fn as_char(self) -> char {
        match self {
            Action::Move => '-',
            Action::Capture => 'x',
            Action::Drop => '*',
            Action::Turn => ':',
        }
    }
}

/// A square in shogi notation: file 1–11 (right to left for Black), rank 1–11 (`a`/`一` = 1).
/// The parser only produces files and ranks 1–11; what is on the board is the rules' business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Square {
    /// 1–11.
    pub file: u8,
    /// 1–11: `a`…`k` or `一`…`十一`.
    pub rank: u8,
    /// ASCII or full-width digits.
    pub file_style: FileStyle,
    /// Letter or Japanese numeral.
    pub rank_style: RankStyle,
}

impl Square {
    /// The rank as a kanji numeral (`None` outside 1–11).
    pub fn kanji_rank(rank: u8) -> Option<&'static str> {
        crate::geometry::kanji_rank(rank)
    }

    /// The rank as a letter `a`… (`None` outside 1–11).
    pub fn letter_rank(rank: u8) -> Option<char> {
        crate::geometry::letter_rank(rank)
    }
}

/// Canonical text: ASCII file digits, rank in the written style.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        match self.rank_style {
            RankStyle::Letter => match Square::letter_rank(self.rank) {
                Some(c) => f.write_char(c),
                None => write!(f, "?{}", self.rank),
            },
            RankStyle::Kanji => match Square::kanji_rank(self.rank) {
                Some(k) => f.write_str(k),
                None => write!(f, "?{}", self.rank),
            },
        }
    }
}

/// How a file was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileStyle {
    /// `1`–`11`
    Ascii,
    /// `１`–`１１`
    FullWidth,
}

/// How a rank was written, and which way a Gufū piece faces (`>N`…): the same types the rules
/// use, from the dependency-free [`geometry`](crate::geometry) module.
pub use crate::geometry::{Facing, RankStyle};

/// One mark after a move. Its meaning is the rules': Wa `+` promotes and `=` declines; Gufū `+`
/// is check and `#` mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// `+`
    Plus,
    /// `=`
    Equals,
    /// `#`
    Hash,
}

impl Mark {
    /// The character.
    pub const fn as_char(self) -> char {
        match self {
            Mark::Plus => '+',
            Mark::Equals => '=',
            Mark::Hash => '#',
        }
    }

    /// From the character.
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            '+' => Some(Mark::Plus),
            '=' => Some(Mark::Equals),
            '#' => Some(Mark::Hash),
            _ => None,
        }
    }
}

/// Up to two marks, in the order written.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    pub(super) items: [Option<Mark>; 2],
}

impl Marks {
    /// No marks.
    pub const NONE: Marks = Marks {
        items: [None, None],
    };

    /// Parse `""`, `"+"`, `"+#"`, … (at most two of `+ = #`).
    pub fn parse(text: &str) -> Option<Self> {
        let mut marks = Marks::NONE;
        for (i, c) in text.chars().enumerate() {
            *marks.items.get_mut(i)? = Some(Mark::from_char(c)?);
        }
        Some(marks)
    }

    /// The marks in order.
    pub fn iter(&self) -> impl Iterator<Item = Mark> + '_ {
        self.items.iter().flatten().copied()
    }

    /// How many (0–2).
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether none was written.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }

    /// Whether `mark` was written.
    pub fn contains(&self, mark: Mark) -> bool {
        self.iter().any(|m| m == mark)
    }

    /// As a vector.
    pub fn to_vec(&self) -> Vec<Mark> {
        self.iter().collect()
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|m| f.write_char(m.as_char()))
    }
}

impl fmt::Debug for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Marks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A move in engine coordinates: `h3g4`, `c9c10+`, `P@e5`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct EngineMove {
    /// The origin square, or the dropped piece.
    pub from: EngineOrigin,
    /// The destination.
    pub to: EngineSquare,
    /// Marks as written (`+` promotes, `=` declines).
    pub marks: Marks,
    /// The exact source text (kept inline: no allocation for a move of up to 24 bytes).
    pub text: CompactString,
    /// Where.
    pub span: Span,
}

impl fmt::Display for EngineMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from {
            EngineOrigin::Square(sq) => write!(f, "{sq}")?,
            EngineOrigin::Drop(p) => write!(f, "{p}@")?,
        }
        write!(f, "{}{}", self.to, self.marks)
    }
}

/// A move in SAN as XBoard writes it for Wa shogi: `[+][P][file][rank][x]<square>[marks]`.
///
/// The piece is one upper-case letter (`+` before it: a promoted piece); the Sparrow Pawn has
/// none (`g8`, and `dxd5` for a capture, which always names the origin file). The origin is
/// written, when needed to tell two pieces apart, as its file, its rank or both (`+Pfg8`,
/// `+P8f8`, `+P10i10`). Squares are engine squares (file letter, rank number). A drop (`X@d3`)
/// is read as an [`EngineMove`] drop.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SanMove {
    /// The piece as written (one letter, maybe `+` before it); `None` for the Sparrow Pawn.
    pub piece: Option<Piece>,
    /// The origin's file, if written (1 = `a` … 11 = `k`).
    pub from_file: Option<u8>,
    /// The origin's rank, if written (1–11).
    pub from_rank: Option<u8>,
    /// Whether `x` was written.
    pub capture: bool,
    /// The destination.
    pub to: EngineSquare,
    /// Marks as written (`+` promotes, `#` claims mate).
    pub marks: Marks,
    /// The exact source text (kept inline: no allocation for a move of up to 24 bytes).
    pub text: CompactString,
    /// Where.
    pub span: Span,
}

impl fmt::Display for SanMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.piece {
            write!(f, "{p}")?;
        }
        if let Some(file) = self.from_file {
            f.write_char(EngineSquare { file, rank: 0 }.file_letter())?;
        }
        if let Some(rank) = self.from_rank {
            write!(f, "{rank}")?;
        }
        if self.capture {
            f.write_char('x')?;
        }
        write!(f, "{}{}", self.to, self.marks)
    }
}

/// Where an engine move comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineOrigin {
    /// A square: a move on the board.
    Square(EngineSquare),
    /// A drop of the piece with this (uppercase ASCII) letter.
    Drop(char),
}

/// An XBoard square: file `a`–`k` (1–11, from Black's left), rank 1–11 (from Black's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct EngineSquare {
    /// 1 = `a` … 11 = `k`.
    pub file: u8,
    /// 1–11.
    pub rank: u8,
}

impl EngineSquare {
    /// The file letter.
    pub fn file_letter(&self) -> char {
        char::from(b'a'.wrapping_add(self.file.wrapping_sub(1)))
    }
}

impl fmt::Display for EngineSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_letter(), self.rank)
    }
}
