//! Judging positions and moves: a position's exact [`Value`], forced mates in Wa and Gufū
//! ([`mate`]), and a game's plies annotated ([`annotate`]) by the mate search and, in Gufū, by
//! the game solved exactly ([`gufu::solve`](crate::gufu::solve)).
//!
//! Everything here is built on the rules core alone, through its one trait
//! ([`rules::Position`](crate::rules::Position): legal moves, `play_unchecked`, `status`,
//! `in_check`) and what [`game::Searchable`] adds for the searches (a compact key, move
//! ordering, the attacker's checks); nothing reimplements a rule. The writers are not used
//! here: [`annotate`] judges the positions and moves of a replayed game, and [`record`] adds
//! the judgements to its record, which the command line writes.

pub mod annotate;
pub mod game;
pub mod mate;
pub mod record;
mod tables;

use std::fmt;

/// The value of a position for the side to move, with perfect play: the number of plies until
/// the game ends, the winner ending it as fast as possible and the loser delaying as long as
/// possible. A move that ends the game at once is `Win(1)`; a finished game is `Loss(0)` for
/// the side that has lost (the side to move, in every way a game ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies.
    Win(u16),
    /// The side to move loses in this many plies (0: the game is over and lost).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value of the move that led to a position of this value, for the side that played
    /// it: a loss in N for the opponent is a win in N + 1.
    pub fn back(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n.saturating_add(1)),
            Value::Loss(n) => Value::Win(n.saturating_add(1)),
            Value::Draw => Value::Draw,
        }
    }

    /// The same position's value for the other side: a win in N plies is a loss in N.
    pub fn flip(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n),
            Value::Loss(n) => Value::Win(n),
            Value::Draw => Value::Draw,
        }
    }

    /// Win 2, draw 1, loss 0: the outcome, without the distance.
    pub fn class(self) -> u8 {
        match self {
            Value::Win(_) => 2,
            Value::Draw => 1,
            Value::Loss(_) => 0,
        }
    }

    /// A number that orders values from best to worst for the side to move (smaller is
    /// better): quick wins, slow wins, draws, slow losses, quick losses.
    pub fn rank(self) -> i32 {
        match self {
            Value::Win(n) => i32::from(n),
            Value::Draw => 1 << 20,
            Value::Loss(n) => (2 << 20) - i32::from(n),
        }
    }

    /// `win`, `loss` or `draw`.
    pub fn outcome_name(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        }
    }

    /// The plies to the end, None for a draw.
    pub fn plies(self) -> Option<u16> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }
}

impl fmt::Display for Value {
    /// `win in 7`, `loss in 4`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win in {n}"),
            Value::Loss(n) => write!(f, "loss in {n}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}
