//! Gufū's side of the small traits of the seam ([`replay::Seam`](crate::replay::Seam)): what a
//! move does, for the table and JSON writers ([`Describe`]); how random games favour moves
//! ([`Weigh`]); a collection's key of a position (`Keyed`).

use crate::collection::game::{Keyed, PositionKey};
use crate::generate::Weigh;
use crate::geometry::Square;
use crate::gufu::{Move, Position};
use crate::rules::Position as _;
use crate::writers::{Describe, MoveParts};

impl Describe for Position {
    fn parts(&self, m: &Move) -> MoveParts<Square> {
        let letter = |at: Square| self.piece_at(at).map(|p| p.id.row().letter);
        let (piece, from, to, action, captured) = match *m {
            Move::Drop { piece, to, .. } => (Some(piece.row().letter), None, to, "drop", None),
            Move::Turn { at, .. } => (letter(at), Some(at), at, "turn", None),
            Move::Step { from, to, .. } => {
                let cap = letter(to).map(String::from);
                let action = if cap.is_some() { "capture" } else { "move" };
                (letter(from), Some(from), to, action, cap)
            }
        };
        MoveParts {
            piece: piece.unwrap_or('?').to_string(),
            from,
            to,
            action,
            captured,
            promotion: None,
            facing: Some(m.facing().letter()),
        }
    }
}

/// Gufū: captures, then drops, then steps and turns.
impl Weigh for Position {
    fn weight(&self, m: &Move) -> u64 {
        match *m {
            Move::Step { to, .. } if self.piece_at(to).is_some() => 6,
            Move::Drop { .. } => 3,
            _ => 2,
        }
    }
}

impl Keyed for Position {
    fn key(&self) -> PositionKey {
        let s = self.position_string();
        // `<board> <side> <hand> <ply>`: drop the ply.
        let head = s.rsplit_once(' ').map_or(s.as_str(), |(head, _)| head);
        PositionKey::Gufu(head.to_string())
    }
}
