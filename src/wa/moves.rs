//! A Wa move, and a square of the Wa board written as text.

use super::*;

/// A Wa move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves (capturing whatever stands on `to`), promoting or not.
    Normal {
        /// The square the piece leaves.
        from: Square,
        /// The square it arrives on.
        to: Square,
        /// Whether it promotes on this move.
        promote: bool,
    },
    /// A piece from hand is put on an empty square.
    Drop {
        /// The kind taken from hand (unpromoted).
        kind: Kind,
        /// The empty square it is put on.
        to: Square,
    },
}

/// A square of the Wa board, written and read as text: `Display` gives `7h` (Hodges, letter
/// ranks); `FromStr` reads `7h`, `7八` and engine coordinates (`g4`).
///
/// ```
/// use kifu::wa::WaSquare;
/// let sq: WaSquare = "7h".parse().unwrap();
/// assert_eq!(sq, "e4".parse().unwrap());
/// assert_eq!(sq.to_string(), "7h");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WaSquare(pub Square);

impl From<WaSquare> for Square {
    fn from(s: WaSquare) -> Square {
        s.0
    }
}

/// The squares of a move ([`rules::Move`](crate::rules::Move), in scope with
/// `use kifu::rules::Move as _`).
impl crate::rules::Move for Move {
    /// The square the piece leaves; None for a drop.
    fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// The square the piece arrives on (or is dropped on).
    fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }
}
