//! Wa's side of the small traits of the seam ([`replay::Seam`](crate::replay::Seam)): what a
//! move does, for the table and JSON writers ([`Describe`]); how random games favour moves
//! ([`Weigh`]); a collection's key of a position (`Keyed`).

use crate::collection::game::{Keyed, PositionKey};
use crate::generate::Weigh;
use crate::geometry::Square;
use crate::wa::{Game, Move, Position};
use crate::writers::{Describe, MoveParts};

impl Describe for Game {
    fn parts(&self, m: &Move) -> MoveParts<Square> {
        let pos = self.position();
        match *m {
            Move::Drop { kind, to } => MoveParts {
                piece: kind.row().face.abbr.to_string(),
                from: None,
                to,
                action: "drop",
                captured: None,
                promotion: None,
                facing: None,
            },
            Move::Normal { from, to, promote } => {
                let p = pos.piece_at(from);
                let captured = pos.piece_at(to).map(|q| q.face().abbr.to_string());
                let promotion = p.and_then(|p| {
                    let opt = Position::promotion_options(p, from, to);
                    opt.can
                        .then_some(if promote { "promote" } else { "decline" })
                });
                MoveParts {
                    piece: p.map(|p| p.face().abbr.to_string()).unwrap_or_default(),
                    from: Some(from),
                    to,
                    action: if captured.is_some() {
                        "capture"
                    } else {
                        "move"
                    },
                    captured,
                    promotion,
                    facing: None,
                }
            }
        }
    }
}

/// Wa: captures and promotions are favoured most, drops more than quiet moves.
impl Weigh for Game {
    fn weight(&self, m: &Move) -> u64 {
        match *m {
            Move::Drop { .. } => 3,
            Move::Normal { to, promote, .. } => {
                let mut w = 1;
                if self.position().piece_at(to).is_some() {
                    w += 8;
                }
                if promote {
                    w += 4;
                }
                w
            }
        }
    }
}

impl Keyed for Game {
    fn key(&self) -> PositionKey {
        PositionKey::Wa(self.position().repetition_hash())
    }
}
