//! Writers: turn a replayed game into text (normalized PSN: [`psn`]), rows (CSV) or JSON
//! ([`rows`]).
//!
//! They take what the replay produced (the game as replayed: positions and resolved moves) and
//! know nothing of parsing; each game says what its moves do through [`Describe`] (implemented
//! in `src/<game>/seam.rs`).

pub mod html;
pub mod psn;
pub mod rows;

use crate::geometry::{Color, Square};
use crate::notation::{Notate, Style};
use crate::rules::Termination;

/// Everything about one ply a table or JSON writer needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyFacts {
    /// The move in the chosen notation, with its marks.
    pub text: String,
    /// The side that plays the move.
    pub side: Color,
    /// What the move does, squares written in the chosen notation.
    pub parts: MoveParts<String>,
    /// Whether the move leaves the opponent in check (a checkmate too).
    pub check: bool,
    /// Whether the move ends the game by checkmate.
    pub mate: bool,
    /// The position string after the move.
    pub position: String,
}

/// What a move does, in a game's own terms; `S` is a square (a board square, or its text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParts<S> {
    /// Piece abbreviation (`+SP`, `K`, `W`).
    pub piece: String,
    /// The square the piece leaves; None for a drop (a Gufū turn: the square it turns on).
    pub from: Option<S>,
    /// The square the piece ends on.
    pub to: S,
    /// `move`, `capture`, `drop` or `turn`.
    pub action: &'static str,
    /// Abbreviation of the captured piece.
    pub captured: Option<String>,
    /// Wa: `promote`, `decline`, or None when no promotion was possible.
    pub promotion: Option<&'static str>,
    /// Gufū: the facing after the move.
    pub facing: Option<char>,
}

impl<S> MoveParts<S> {
    /// The same parts with every square turned into `T` by `f`.
    pub fn map_squares<T>(self, f: impl Fn(S) -> T) -> MoveParts<T> {
        MoveParts {
            piece: self.piece,
            from: self.from.map(&f),
            to: f(self.to),
            action: self.action,
            captured: self.captured,
            promotion: self.promotion,
            facing: self.facing,
        }
    }
}

/// A game whose moves the table and JSON writers can describe.
pub trait Describe: Notate {
    /// What `m`, a move of this position, does.
    fn parts(&self, m: &Self::Move) -> MoveParts<Square>;
}

/// The facts of one ply: `before` is the position before `m`, `after` the one after it.
pub fn facts<G: Describe>(before: &G, m: &G::Move, after: &G, style: Style) -> PlyFacts {
    PlyFacts {
        text: before.move_text(m, after, style),
        side: before.turn(),
        parts: before.parts(m).map_squares(|s| G::square_text(s, style)),
        check: after.in_check(),
        mate: after
            .outcome()
            .is_some_and(|o| o.termination == Termination::Checkmate),
        position: after.position_string(),
    }
}
