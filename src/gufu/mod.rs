//! Gufū shōgi: 2 files × 3 ranks, pieces that face N/E/S/W and turn as they move, two shared
//! pieces in a common hand.
//!
//! The rules enforced here are stated in `docs/rules-gufu.md`.

pub mod pieces;
mod position;
pub mod posstr;

pub use pieces::{PIECES, PieceRow};
pub use position::Position;

use crate::geometry::{Color, GUFU, Square};

/// A direction on the board, named from Black's point of view: N = towards rank 一.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Facing {
    N,
    E,
    S,
    W,
}

impl Facing {
    pub const ALL: [Facing; 4] = [Facing::N, Facing::E, Facing::S, Facing::W];

    /// The facing after a 90° clockwise turn: N → E → S → W → N.
    pub fn clockwise(self) -> Facing {
        match self {
            Facing::N => Facing::E,
            Facing::E => Facing::S,
            Facing::S => Facing::W,
            Facing::W => Facing::N,
        }
    }

    /// The letter used in notation: `N`, `E`, `S`, `W`.
    pub fn letter(self) -> char {
        match self {
            Facing::N => 'N',
            Facing::E => 'E',
            Facing::S => 'S',
            Facing::W => 'W',
        }
    }

    /// Reads `N`/`E`/`S`/`W` (either case).
    pub fn from_letter(c: char) -> Option<Facing> {
        match c.to_ascii_uppercase() {
            'N' => Some(Facing::N),
            'E' => Some(Facing::E),
            'S' => Some(Facing::S),
            'W' => Some(Facing::W),
            _ => None,
        }
    }

    /// The unit vector `(dx, dy)` of this direction (dx > 0 east, dy > 0 south).
    pub fn vector(self) -> (i8, i8) {
        match self {
            Facing::N => (0, -1),
            Facing::E => (1, 0),
            Facing::S => (0, 1),
            Facing::W => (-1, 0),
        }
    }

    /// Turns a vector given for a piece facing N into the same vector for this facing.
    pub fn rotate(self, (dx, dy): (i8, i8)) -> (i8, i8) {
        match self {
            Facing::N => (dx, dy),
            Facing::E => (-dy, dx),
            Facing::S => (-dx, -dy),
            Facing::W => (dy, -dx),
        }
    }
}

/// The four pieces of a game. Each exists once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceId {
    BlackKing,
    WhiteKing,
    /// 風, the shared "wind" piece.
    Kaze,
    /// 嵐, the shared "storm" piece.
    Arashi,
}

impl PieceId {
    pub const ALL: [PieceId; 4] = [
        PieceId::BlackKing,
        PieceId::WhiteKing,
        PieceId::Kaze,
        PieceId::Arashi,
    ];

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
    pub id: PieceId,
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
    Step {
        from: Square,
        to: Square,
        facing: Facing,
    },
    Turn {
        at: Square,
        facing: Facing,
    },
    Drop {
        piece: PieceId,
        to: Square,
        facing: Facing,
    },
}

impl Move {
    /// The square the piece ends on.
    pub fn to(self) -> Square {
        match self {
            Move::Step { to, .. } | Move::Drop { to, .. } => to,
            Move::Turn { at, .. } => at,
        }
    }

    /// The facing after the move.
    pub fn facing(self) -> Facing {
        match self {
            Move::Step { facing, .. } | Move::Turn { facing, .. } | Move::Drop { facing, .. } => {
                facing
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_clockwise() {
        for f in Facing::ALL {
            // Forward of a piece with facing f is f's own vector.
            assert_eq!(f.rotate((0, -1)), f.vector());
            // Its right-hand side is the next facing clockwise.
            assert_eq!(f.rotate((1, 0)), f.clockwise().vector());
        }
    }
}
