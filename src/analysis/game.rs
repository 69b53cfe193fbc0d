//! The one place the searches meet the rules core: what they need from a position of either
//! game, implemented with the rules core's own calls (legal moves, `play_unchecked`, `status`,
//! `in_check`, position strings, the notation writer). When the rules core grows one trait for
//! both games, this adapter is the only part to rewrite.

use crate::geometry::{Color, Square};
use crate::notation::{self, Origin, RankStyle};
use crate::rules::{Outcome, Status};
use crate::{gufu, wa};

/// A position the searches can explore.
pub trait Searchable: Clone {
    type Move: Copy + Eq + std::fmt::Debug;

    /// Every legal move (empty when the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move taken from [`Searchable::legal_moves`].
    fn play(&mut self, m: &Self::Move);
    /// How the game has ended here, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    fn turn(&self) -> Color;
    /// A key that stands for the position (board, hands, side to move): equal keys, same
    /// position.
    fn key(&self) -> u128;
    /// The move in Hodges notation, with the marks the game's notation writes.
    fn move_text(&self, m: &Self::Move) -> String;
    /// The position string (Wa: FEN; Gufū: kifu's form).
    fn position_string(&self) -> String;
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
                next.play(&m);
                (next.in_check() || next.outcome().is_some()).then_some((m, next))
            })
            .collect()
    }
}

fn status_outcome(s: Status) -> Option<Outcome> {
    match s {
        Status::Over(o) => Some(o),
        Status::Ongoing => None,
    }
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
    type Move = gufu::Move;

    fn legal_moves(&self) -> Vec<gufu::Move> {
        gufu::Position::legal_moves(self)
    }

    fn play(&mut self, m: &gufu::Move) {
        self.play_unchecked(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        status_outcome(self.status())
    }

    fn in_check(&self) -> bool {
        gufu::Position::in_check(self)
    }

    fn turn(&self) -> Color {
        gufu::Position::turn(self)
    }

    fn key(&self) -> u128 {
        u128::from(gufu_index(self))
    }

    fn move_text(&self, m: &gufu::Move) -> String {
        let mut after = self.clone();
        after.play_unchecked(m);
        let text = notation::gufu_move(self, m, Origin::WhereNeeded, RankStyle::Kanji);
        text + notation::gufu_check_mark(&after)
    }

    fn position_string(&self) -> String {
        gufu::posstr::write(self)
    }
}

impl Searchable for wa::Position {
    type Move = wa::Move;

    fn legal_moves(&self) -> Vec<wa::Move> {
        wa::Position::legal_moves(self)
    }

    fn play(&mut self, m: &wa::Move) {
        self.play_unchecked(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        status_outcome(self.status())
    }

    fn in_check(&self) -> bool {
        wa::Position::in_check(self)
    }

    fn turn(&self) -> Color {
        wa::Position::turn(self)
    }

    fn key(&self) -> u128 {
        self.repetition_hash()
    }

    fn move_text(&self, m: &wa::Move) -> String {
        notation::wa_hodges(self, m, Origin::WhereNeeded, RankStyle::Letters)
    }

    fn position_string(&self) -> String {
        wa::fen::write(self)
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
        self.legal_moves()
            .into_iter()
            .filter(|m| match *m {
                wa::Move::Drop { kind, to } => {
                    king.is_none() || drop_checks[kind.index()] & (1 << to.index()) != 0
                }
                wa::Move::Normal { .. } => true,
            })
            .filter_map(|m| {
                let mut next = self.clone();
                next.play_unchecked(&m);
                next.in_check().then_some((m, next))
            })
            .collect()
    }
}
