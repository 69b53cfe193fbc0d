//! Gufū shōgi: 2 files × 3 ranks, pieces that face N/E/S/W and turn as they move, two shared
//! pieces in a common hand. The rules core of the game: [`Position`] (board, hand, side to
//! move, ply; its legal moves, check and the end of the game through
//! [`rules::Position`](crate::rules::Position)), the piece table ([`PIECES`]) and position
//! strings ([`posstr`]): the rules core (`mod.rs`'s pieces and moves, `position.rs`,
//! `pieces.rs`, `posstr.rs`), which knows nothing of notation, records, diagrams or analysis.
//!
//! Beside it, everything else that is Gufū's own: the game's side of each trait of the seam through
//! which the generic layers see a game (`replay::Seam`): [`notation`] (its moves and squares
//! written and read), `resolve` (a written move resolved against a position, for the replay),
//! `diagram` (its diagrams: facing pieces, common hand, layout), `page` (its boards on a replay
//! page), `analysis` (what the mate search needs of a position, a game's plies judged by the
//! solution), [`solve`] (the game solved exactly: a position's compact number, every
//! position's value by retrograde analysis), and `seam` (what a move does for the tables, how random
//! games weigh moves, a collection's key of a position). These adapters use the rules core and the
//! generic layer they serve; the rules core uses none of them, nor those layers.
//!
//! The rules enforced here are stated in `docs/rules-gufu.md`.

pub(crate) mod analysis;
pub(crate) mod diagram;
pub mod notation;
mod page;
mod pieces;
mod position;
pub mod posstr;
mod resolve;
mod seam;
pub mod solve;

pub use pieces::{PIECES, PieceRow};
pub use position::Position;

use crate::geometry::{Color, Facing, GUFU, Square};

/// The four pieces of a game. Each exists once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceId {
    /// Black's King (the first mover's).
    BlackKing,
    /// White's King.
    WhiteKing,
    /// 風, the shared "wind" piece.
    Kaze,
    /// 嵐, the shared "storm" piece.
    Arashi,
}

impl PieceId {
    /// The four pieces, in [`PieceId::index`] order.
    pub const ALL: [PieceId; 4] = [
        PieceId::BlackKing,
        PieceId::WhiteKing,
        PieceId::Kaze,
        PieceId::Arashi,
    ];

    /// The piece's place in [`PieceId::ALL`] (0 to 3), for tables indexed by piece.
    pub fn index(self) -> usize {
        self as usize
    }

    /// This piece's row of the piece table.
    pub fn row(self) -> &'static PieceRow {
        &PIECES[match self {
            PieceId::BlackKing | PieceId::WhiteKing => 0,
            PieceId::Kaze => 1,
            PieceId::Arashi => 2,
        }]
    }

    /// The King of a side.
    pub fn king(color: Color) -> PieceId {
        match color {
            Color::Black => PieceId::BlackKing,
            Color::White => PieceId::WhiteKing,
        }
    }

    /// The owner of a King; None for a shared piece.
    pub fn owner(self) -> Option<Color> {
        match self {
            PieceId::BlackKing => Some(Color::Black),
            PieceId::WhiteKing => Some(Color::White),
            _ => None,
        }
    }

    /// Whether this is a shared piece (Kaze or Arashi), which belongs to neither side.
    pub fn is_shared(self) -> bool {
        self.owner().is_none()
    }

    /// The other shared piece.
    pub fn other_shared(self) -> Option<PieceId> {
        match self {
            PieceId::Kaze => Some(PieceId::Arashi),
            PieceId::Arashi => Some(PieceId::Kaze),
            _ => None,
        }
    }
}

/// A piece on the board and where it faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Which of the four pieces.
    pub id: PieceId,
    /// The direction the piece faces; its steps turn with it.
    pub facing: Facing,
}

impl Piece {
    /// The squares this piece, standing on `from`, attacks (its step pattern, turned to its
    /// facing). Every move on this board is a single step, so nothing can block.
    pub fn attacks(self, from: Square) -> Vec<Square> {
        self.id
            .row()
            .steps()
            .iter()
            .filter_map(|&v| {
                let (dx, dy) = self.facing.rotate(v);
                GUFU.offset(from, dx, dy)
            })
            .collect()
    }
}

/// A Gufū move. The facing is the one the piece has after the move: for a step or a turn it
/// must be the old facing turned 90° clockwise; for a drop it is free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece on the board steps to a neighbouring square (capturing what stands there).
    Step {
        /// The square the piece leaves.
        from: Square,
        /// The square it steps to.
        to: Square,
        /// Its facing after the step.
        facing: Facing,
    },
    /// A piece on the board turns in place.
    Turn {
        /// The square it stands on.
        at: Square,
        /// Its facing after the turn.
        facing: Facing,
    },
    /// A piece from hand is put on an empty square.
    Drop {
        /// The piece taken from hand.
        piece: PieceId,
        /// The empty square it is put on.
        to: Square,
        /// The facing it is given (any of the four).
        facing: Facing,
    },
}

impl Move {
    /// The facing after the move.
    pub fn facing(self) -> Facing {
        match self {
            Move::Step { facing, .. } | Move::Turn { facing, .. } | Move::Drop { facing, .. } => {
                facing
            }
        }
    }
}

/// A square of the Gufū board, written and read as text: `Display` gives `2c` (Hodges,
/// letter ranks); `FromStr` reads `2c` and `2三`.
///
/// ```
/// use kifu::gufu::GufuSquare;
/// let sq: GufuSquare = "2三".parse().unwrap();
/// assert_eq!(sq.to_string(), "2c");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GufuSquare(pub Square);

impl From<GufuSquare> for Square {
    fn from(s: GufuSquare) -> Square {
        s.0
    }
}

impl crate::rules::Move for Move {
    /// A step's origin (a turn or a drop leaves no square).
    fn from(self) -> Option<Square> {
        match self {
            Move::Step { from, .. } => Some(from),
            Move::Turn { .. } | Move::Drop { .. } => None,
        }
    }

    /// The square the piece ends on.
    fn to(self) -> Square {
        match self {
            Move::Step { to, .. } | Move::Drop { to, .. } => to,
            Move::Turn { at, .. } => at,
        }
    }
}
