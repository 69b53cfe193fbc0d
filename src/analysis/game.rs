//! What the searches need of a position beyond the rules ([`rules::Position`]: legal moves,
//! `play_unchecked`, `status`, `in_check`, ...) and the notation ([`Notate`]): a compact key
//! for the tables, the order in which a defender's moves are tried, and the moves a mate
//! problem allows the attacker (in Wa found without playing the drops that cannot check).
//! Each game's [`Searchable`] is in its own folder: `src/<game>/analysis.rs` (for Gufū, keyed
//! by [`gufu_index`], which the solver numbers positions by).
//!
//! [`rules::Position`]: crate::rules::Position
//! [`gufu_index`]: crate::gufu::solve::gufu_index

use crate::notation::{Notate, Style};

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
