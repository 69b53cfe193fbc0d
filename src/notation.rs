//! Writing moves and squares as text: Hodges style for both games, engine coordinates and
//! XBoard's SAN for Wa, in a [`Style`] (notation and rank style); every game writes its moves
//! through [`Notate`], numbered as the variant's records number them ([`move_number`],
//! [`number_prefix`]). (Reading is the grammar's job, in `record`; resolving a written move
//! against a position is the replay layer's.)

use crate::Variant;
use crate::geometry::{Color, Square};
use crate::replay::MoveError;
use crate::rules::{IllegalMove, PerGame, Position};
use std::fmt;

use crate::geometry::RankStyle;

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// Hodges style, origin only where needed.
    #[default]
    Hodges,
    /// Hodges style, origin always.
    Long,
    /// Engine coordinates (Wa only; Gufū moves are written in Hodges style).
    Xboard,
    /// SAN exactly as XBoard writes Wa moves (`Rg4`, `+Pfg8`, `dxd5`, `X@d3`, `Fb3+`, `+Fe2#`;
    /// Wa only; Gufū moves are written in Hodges style).
    San,
}

impl Notation {
    /// Whether moves are written in XBoard's squares (engine coordinates or SAN).
    pub fn engine_squares(self) -> bool {
        matches!(self, Notation::Xboard | Notation::San)
    }

    /// Whether the moves of `variant` can be written in this notation: engine coordinates
    /// and SAN exist only for Wa (the writers fall back to Hodges style for a Gufū game; a
    /// program that promised one of them says [`Unsupported`] instead).
    pub fn writes(self, variant: Variant) -> Result<(), Unsupported> {
        if self.engine_squares() && variant == Variant::Gufu {
            return Err(Unsupported {
                notation: self,
                variant,
            });
        }
        Ok(())
    }
}

/// A game asked for in a notation that has no way to write its moves (see
/// [`Notation::writes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The notation asked for.
    pub notation: Notation,
    /// The variant of the game that cannot be written in it.
    pub variant: Variant,
}

impl Unsupported {
    /// The stable name of this problem, as diagnostics give it.
    pub const KIND: &'static str = "unsupported_notation";

    /// Why the game cannot be written so.
    pub fn message(&self) -> String {
        let (what, exist) = match self.notation {
            Notation::San => ("XBoard's SAN", "exists"),
            Notation::Xboard => ("engine coordinates", "exist"),
            Notation::Hodges | Notation::Long => ("this notation", "exists"),
        };
        let game = match self.variant {
            Variant::Gufu => "Gufū",
            v => v.name(),
        };
        format!("a {game} game cannot be written in {what}, which {exist} only for Wa")
    }
}

/// How moves and squares are written: the notation and the rank style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// How moves are written.
    pub notation: Notation,
    /// How ranks are written: letters (`a`…) or kanji (`一`…).
    pub ranks: RankStyle,
}

impl Style {
    /// The usual style of a variant: Gufū kanji ranks, Wa letter ranks, Hodges notation.
    pub fn default_for(variant: Variant) -> Style {
        Style {
            notation: Notation::Hodges,
            ranks: match variant {
                Variant::Gufu => RankStyle::Kanji,
                _ => RankStyle::Letter,
            },
        }
    }

    /// Whether the origin square is written always or only where needed.
    pub(crate) fn origin(self) -> Origin {
        match self.notation {
            Notation::Long => Origin::Always,
            _ => Origin::WhereNeeded,
        }
    }
}

/// A game's moves and squares as text, in the notation of its rules.
pub trait Notate: Position {
    /// `m` (a move of this position) as written in `style`, without the marks that depend on
    /// the position after it (see [`Notate::mark`]).
    fn write_move(&self, m: &Self::Move, style: Style) -> String;
    /// The mark a move that led to this position earns in `style` (Gufū: `#` for mate, `+`
    /// for check; Wa: none, its `+` is promotion).
    fn mark(&self, _style: Style) -> &'static str {
        ""
    }
    /// `m` as written in `style`, with its marks: `self` is the position before the move,
    /// `after` the position after it.
    fn move_text(&self, m: &Self::Move, after: &Self, style: Style) -> String {
        let mut text = self.write_move(m, style);
        text.push_str(after.mark(style));
        text
    }
    /// A square of this game's board in `style`.
    fn square_text(sq: Square, style: Style) -> String;

    /// The move `text` names on this position, in any notation kifu reads (Hodges `SP-7g`,
    /// `K*2三>W`; XBoard's SAN `Rg4`; engine coordinates `h3g4`, `P@e5`), checked as
    /// `kifu validate` checks a move of a record: legal, and everything the text claims true
    /// (capture, promotion, check marks, facing). Whitespace around the move is ignored;
    /// anything but one move is a `syntax` error. The position is not changed.
    ///
    /// ```
    /// use kifu::notation::Notate;
    /// use kifu::rules::Position;
    /// use kifu::{Variant, wa};
    /// let pos = wa::Position::start(Variant::Wa);
    /// let m = pos.parse_move("SP-7h").unwrap();
    /// assert_eq!(m.to_string(), "e3e4"); // engine coordinates
    /// assert_eq!(pos.parse_move("g4").unwrap(), pos.parse_move("SP-5h").unwrap());
    /// let e = pos.parse_move("SPx7h").unwrap_err();
    /// assert_eq!(e.kind.name(), "capture_mark");
    /// ```
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// [`Notate::parse_move`], then plays the move; the position is unchanged on an error.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        let m = self.parse_move(text)?;
        self.play_unchecked(&m);
        Ok(m)
    }

    /// `m` written in `style` from this position (the one before the move) alone, with its
    /// marks: the text [`Notate::move_text`] gives with the position after it.
    ///
    /// ```
    /// use kifu::notation::{Notate, Notation, Style};
    /// use kifu::rules::Position;
    /// use kifu::{Variant, gufu};
    /// let pos = gufu::Position::start(Variant::Gufu);
    /// let m = pos.legal_moves()[0];
    /// assert_eq!(pos.notate(&m, Style::default_for(Variant::Gufu)).unwrap(), "K*2一>N");
    /// let san = Style { notation: Notation::San, ..Style::default_for(Variant::Gufu) };
    /// assert_eq!(pos.notate(&m, san).unwrap_err().name(), "unsupported_notation");
    /// ```
    fn notate(&self, m: &Self::Move, style: Style) -> Result<String, NotateError> {
        style.notation.writes(self.variant())?;
        self.check(m)?;
        let mut after = self.clone();
        after.play_unchecked(m);
        Ok(self.move_text(m, &after, style))
    }
}

/// Why a move cannot be written ([`Notate::notate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotateError {
    /// The move is not legal in the position.
    Illegal(IllegalMove),
    /// The notation has no way to write this game's moves.
    Unsupported(Unsupported),
    /// A move of the other game ([`PerGame::notate`]).
    WrongGame,
}

impl NotateError {
    /// The stable name: the rule broken (`path_blocked`, ...), `unsupported_notation` or
    /// `wrong_game`.
    pub fn name(&self) -> &'static str {
        match self {
            NotateError::Illegal(e) => e.kind().name(),
            NotateError::Unsupported(_) => Unsupported::KIND,
            NotateError::WrongGame => "wrong_game",
        }
    }
}

impl From<IllegalMove> for NotateError {
    fn from(e: IllegalMove) -> NotateError {
        NotateError::Illegal(e)
    }
}

impl From<Unsupported> for NotateError {
    fn from(e: Unsupported) -> NotateError {
        NotateError::Unsupported(e)
    }
}

impl fmt::Display for NotateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotateError::Illegal(e) => e.fmt(f),
            NotateError::Unsupported(u) => f.write_str(&u.message()),
            NotateError::WrongGame => f.write_str("the move is a move of the other game"),
        }
    }
}

impl std::error::Error for NotateError {}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for Unsupported {}

/// Moves as text on a position of either game (see [`Notate`]).
impl<W: Notate, G: Notate> PerGame<W, G> {
    /// [`Notate::parse_move`] on whichever game this is.
    pub fn parse_move(&self, text: &str) -> Result<PerGame<W::Move, G::Move>, MoveError> {
        Ok(match self {
            PerGame::Wa(p) => PerGame::Wa(p.parse_move(text)?),
            PerGame::Gufu(p) => PerGame::Gufu(p.parse_move(text)?),
        })
    }

    /// [`Notate::play_text`] on whichever game this is.
    pub fn play_text(&mut self, text: &str) -> Result<PerGame<W::Move, G::Move>, MoveError> {
        Ok(match self {
            PerGame::Wa(p) => PerGame::Wa(p.play_text(text)?),
            PerGame::Gufu(p) => PerGame::Gufu(p.play_text(text)?),
        })
    }

    /// [`Notate::notate`] on whichever game this is (a move of the other game is
    /// [`NotateError::WrongGame`]).
    pub fn notate(
        &self,
        m: &PerGame<W::Move, G::Move>,
        style: Style,
    ) -> Result<String, NotateError> {
        match (self, m) {
            (PerGame::Wa(p), PerGame::Wa(m)) => p.notate(m, style),
            (PerGame::Gufu(p), PerGame::Gufu(m)) => p.notate(m, style),
            _ => Err(NotateError::WrongGame),
        }
    }
}

/// Whether the origin square is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Origin {
    /// Only where another like piece could make the same move (Hodges).
    #[default]
    WhereNeeded,
    /// Always (long notation).
    Always,
}

named_kinds! {
    /// The kind of a [`ParseError`].
    pub enum ParseKind {
        /// Not a square of the board.
        BadSquare = "bad_square",
        /// Not a move in the form read (engine coordinates for Wa, the coordinate form for
        /// Gufū).
        BadMove = "bad_move",
        /// Not a variant kifu knows.
        UnknownVariant = "unknown_variant",
    }
}

/// Text that does not read as a square, a move or a variant name (without a position: see
/// [`Notate::parse_move`] for a move of a position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What the text should have been.
    pub kind: ParseKind,
    /// Why it is not, in English.
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(kind: ParseKind, message: impl Into<String>) -> ParseError {
        ParseError {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// A Hodges square of `board`: file number, then rank letter or kanji (`7h`, `7八`, `2三`).
pub(crate) fn hodges_square(board: crate::geometry::Geometry, s: &str) -> Option<Square> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let (file, rank) = s.split_at(digits);
    let file: u8 = file.parse().ok()?;
    let rank = (1..=board.ranks).find(|&r| {
        crate::geometry::letter_rank(r).is_some_and(|c| rank.len() == 1 && rank.starts_with(c))
            || crate::geometry::kanji_rank(r) == Some(rank)
    })?;
    board.square(file, rank)
}

/// Width of text in a terminal or fixed-width editor: East Asian wide characters (kanji,
/// full-width digits) count 2.
pub fn display_width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

/// Width of one character: 2 for East Asian wide characters, else 1.
pub fn char_width(c: char) -> usize {
    let u = c as u32;
    let wide = matches!(u,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD);
    if wide { 2 } else { 1 }
}

/// The number a record in the variant's usual style writes before a move: Gufū numbers
/// every ply, Wa numbers move pairs.
pub fn move_number<P: Position>(state: &P) -> u64 {
    if state.variant().numbers_every_ply() {
        state.ply_number()
    } else {
        state.move_number()
    }
}

/// The number written before a move in the variant's usual style (`12. `, `12... ` or
/// nothing): Gufū numbers every ply; Wa numbers Black's moves, and White's where `needed`
/// (first of a line, or after a comment, variation or NAG).
pub fn number_prefix<P: Position>(before: &P, needed: bool) -> String {
    let n = move_number(before);
    if before.variant().numbers_every_ply() || before.turn() == Color::Black {
        format!("{n}. ")
    } else if needed {
        format!("{n}... ")
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{GUFU, WA};
    use crate::gufu::notation::gufu_square;
    use crate::wa::notation::{wa_engine_square, wa_square};

    #[test]
    fn engine_squares() {
        assert_eq!(wa_engine_square(WA.square(11, 11).unwrap()), "a1");
        assert_eq!(wa_engine_square(WA.square(1, 1).unwrap()), "k11");
        assert_eq!(wa_engine_square(WA.square(4, 9).unwrap()), "h3");
    }

    #[test]
    fn ranks() {
        assert_eq!(wa_square(WA.square(7, 8).unwrap(), RankStyle::Kanji), "7八");
        assert_eq!(
            gufu_square(GUFU.square(2, 3).unwrap(), RankStyle::Kanji),
            "2三"
        );
    }
}
