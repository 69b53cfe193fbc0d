//! What the searches need of a position beyond the rules ([`rules::Position`]: legal moves,
//! `play_unchecked`, `status`, `in_check`, ...) and the notation ([`Notate`]): a compact key
//! for the tables, the order in which a defender's moves are tried, and the moves a mate
//! problem allows the attacker (in Wa found without playing the drops that cannot check).
//!
//! [`rules::Position`]: crate::rules::Position

use crate::geometry::Square;
use crate::notation::{Notate, Style};
use crate::rules::Position;
use crate::{gufu, wa};

/// A position the searches can explore.
pub trait Searchable: Notate {
    /// A key that stands for the position (board, hands, side to move): equal keys, same
    /// position.
    fn key(&self) -> u128;
    /// Order in which a defender's moves are tried: smaller first (escapes by the King and
    /// captures before interpositions and drops, which rarely refute a mate).
    fn defence_order(&self, _m: &Self::Move) -> u8 {
        0
    }
    /// The legal moves a mate problem allows the attacker by default, each with the position it
    /// leads to: the moves that give check, and those that end the game at once (in Gufū, a
    /// King's capture). Wa has no capture of a King, and a move that leaves the opponent
    /// without a legal move while not in check is not a check: only checks.
    fn checking_moves(&self) -> Vec<(Self::Move, Self)> {
        self.legal_moves()
            .into_iter()
            .filter_map(|m| {
                let mut next = self.clone();
                next.play_unchecked(&m);
                (next.in_check() || next.outcome().is_some()).then_some((m, next))
            })
            .collect()
    }
}

/// `m`, a move of `pos`, as the game's records write it: Hodges notation (Wa with letter
/// ranks; Gufū with kanji ranks, its facing and its check mark).
pub fn move_text<P: Notate>(pos: &P, m: &P::Move) -> String {
    let mut after = pos.clone();
    after.play_unchecked(m);
    pos.move_text(m, &after, Style::default_for(pos.variant()))
}

/// Number of distinct [`gufu_index`] values.
pub const GUFU_INDEXES: usize = 25 * 25 * 25 * 25 * 2 * 2;

/// A compact number for a Gufū position (below [`GUFU_INDEXES`]): for each of the four
/// pieces its square and facing (or "off the board"), the side to move, and whether the setup
/// drops are still being played. The ply number beyond the setup changes nothing in the game,
/// so positions that differ only by it share a number.
pub fn gufu_index(p: &gufu::Position) -> u32 {
    let mut code = [24u32; 4];
    for i in 0..6u8 {
        if let Some(piece) = p.piece_at(Square(i)) {
            code[piece.id.index()] = u32::from(i) * 4 + piece.facing as u32;
        }
    }
    let board = code.iter().fold(0, |k, &c| k * 25 + c);
    (board * 2 + p.turn().index() as u32) * 2 + u32::from(p.in_setup())
}

impl Searchable for gufu::Position {
    fn key(&self) -> u128 {
        u128::from(gufu_index(self))
    }
}

impl Searchable for wa::Position {
    fn key(&self) -> u128 {
        self.repetition_hash()
    }

    fn defence_order(&self, m: &wa::Move) -> u8 {
        match *m {
            wa::Move::Normal { from, .. } if self.king(self.turn()) == Some(from) => 0,
            wa::Move::Normal { to, .. } if self.piece_at(to).is_some() => 1,
            wa::Move::Normal { .. } => 2,
            wa::Move::Drop { .. } => 3,
        }
    }

    fn checking_moves(&self) -> Vec<(wa::Move, wa::Position)> {
        let me = self.turn();
        let king = self.king(me.opponent());
        // For each kind, the squares from which an unpromoted piece of the side to move
        // would attack the opponent's King along a clear way. A piece of the other colour
        // standing on the King's square reaches exactly those squares (its moves are the
        // reverse of ours), over the same squares in between.
        let mut drop_checks = [0u128; wa::NKINDS];
        if let Some(k) = king {
            for kind in wa::Kind::all() {
                if self.in_hand(me, kind) == 0 {
                    continue;
                }
                let mirror = wa::Piece {
                    color: me.opponent(),
                    kind,
                    promoted: false,
                };
                for (sq, path) in wa::reach(mirror, k) {
                    if path.iter().all(|s| self.piece_at(*s).is_none()) {
                        drop_checks[kind.index()] |= 1 << sq.index();
                    }
                }
            }
        }
        if king.is_none() {
            drop_checks = [!0; wa::NKINDS];
        }
        self.checks_dropping_on(&drop_checks)
    }
}
