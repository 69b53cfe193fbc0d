//! Wa's side of the analysis ([`crate::analysis`]): what the mate search needs of a position
//! ([`Searchable`]: its key, the order in which a defender's moves are tried, the attacker's
//! checks, found without playing the drops that cannot check), and a game's plies judged by
//! mate searches ([`Judge`], for the bare position and for [`wa::Game`]: [`WaJudging`],
//! [`wa_game`]).

use crate::analysis::annotate::{Budget, Judge, Outlook, PlyNote, Verdict, note_comment};
use crate::analysis::game::{HAND_ANY, MateInOne, Searchable, move_text, pack_hand};
use crate::analysis::mate::{Judged, MateOptions, MateValue, Search};
use crate::geometry::Color;
use crate::rules::Position as _;
use crate::wa;
use crate::wa::position::mix;
use std::time::Instant;

impl Searchable for wa::Position {
    fn key(&self) -> u128 {
        self.repetition_hash()
    }

    /// Hand dominance holds in Wa with drops: a piece in hand is only ever one more move for
    /// its holder, and the one rule that looks at the other side's replies, no Sparrow drop
    /// that mates, does not depend on the hands: a Sparrow checks from the next square, so no
    /// drop can block its check, and whether it mates depends on the board alone.
    fn hand_split(&self, attacker: Color) -> Option<(u128, u128)> {
        self.split_of(self.board_key(), &self.hands, attacker)
    }

    fn names_after(&self, m: &wa::Move, attacker: Color) -> (u128, Option<(u128, u128)>) {
        let (key, hand_key, hands) = self.hashes_after(m);
        (key, self.split_of(key ^ hand_key, &hands, attacker))
    }

    fn defence_order(&self, m: &wa::Move) -> u8 {
        match *m {
            // The King's captures, then its other moves: the first replies.
            wa::Move::Normal { from, to, .. } if self.king(self.turn()) == Some(from) => {
                u8::from(self.piece_at(to).is_none())
            }
            wa::Move::Normal { to, .. } if self.piece_at(to).is_some() => 2,
            wa::Move::Normal { .. } => 3,
            wa::Move::Drop { .. } => 4,
        }
    }

    fn attack_order(&self, m: &wa::Move) -> u8 {
        match *m {
            wa::Move::Normal { to, .. } if self.piece_at(to).is_some() => 0,
            wa::Move::Normal { .. } => 1,
            wa::Move::Drop { .. } => 2,
        }
    }

    fn refutation_order(&self, m: &wa::Move) -> u8 {
        // The other pieces' captures (2) before the King's other moves (1).
        match self.defence_order(m) {
            1 => 2,
            2 => 1,
            o => o,
        }
    }

    fn delay_group(&self, m: &wa::Move) -> Option<u8> {
        match *m {
            wa::Move::Normal { from, .. } if self.king(self.turn()) == Some(from) => None,
            wa::Move::Normal { to, .. } | wa::Move::Drop { to, .. } => Some(to.0),
        }
    }

    fn first_replies_until(&self, f: &mut impl FnMut(&wa::Move) -> bool) -> bool {
        self.king_moves_until(f)
    }

    fn other_replies(&self) -> Vec<wa::Move> {
        self.other_moves()
    }

    fn checking_moves(&self) -> Vec<(wa::Move, wa::Position)> {
        self.checks_dropping_on(&self.drop_checks())
    }

    fn mates_in_one(&self) -> bool {
        self.mates_at_once()
    }

    fn checking_move_list(&self) -> Vec<wa::Move> {
        self.check_moves_dropping_on(&self.drop_checks())
    }

    /// A kind the side to move holds none of caps its hand at 0 where the opponent holds
    /// some (else no hand of the board's group has any) and a drop of it would check: the
    /// attacker's moves are its checks, and a drop of a kind it holds is a move whatever the
    /// count.
    fn attack_cap(&self) -> Option<u128> {
        let k = self.drops_kept()?;
        let (me, them) = (self.turn().index(), self.turn().opponent().index());
        let mut caps = [HAND_CAP; wa::NKINDS];
        // Found only if some kind needs it.
        let mut clear = None;
        for kind in wa::Kind::all() {
            let i = kind.index();
            if self.hands[me][i] > 0 || self.hands[them][i] == 0 {
                continue;
            }
            let clear = *clear.get_or_insert_with(|| self.clear_lines(k));
            if self.drop_check_squares_of(kind, k, clear, !0) != 0 {
                caps[i] = 0;
            }
        }
        pack_hand(&caps)
    }

    fn mate_in_one_test(&self) -> MateInOne {
        let Some(_) = self.drops_kept() else {
            return match self.mates_at_once() {
                true => MateInOne::Mates,
                false => MateInOne::NoMate(None),
            };
        };
        let mut caps = [HAND_CAP; wa::NKINDS];
        if self.mates_at_once_capped(Some(&mut caps)) {
            MateInOne::Mates
        } else {
            MateInOne::NoMate(pack_hand(&caps))
        }
    }

    fn reply_cap(&self, m: &wa::Move) -> Option<u128> {
        if !self.variant.drops() {
            return None;
        }
        let wa::Move::Drop { kind, .. } = *m else {
            return Some(HAND_ANY);
        };
        let mut caps = [HAND_CAP; wa::NKINDS];
        let i = kind.index();
        caps[i] = (self.hands[0][i] + self.hands[1][i]).saturating_sub(1);
        pack_hand(&caps)
    }
}

/// A kind's count in a cap on a hand ([`Searchable::attack_cap`]) that caps nothing: more than
/// the pieces of any kind in Wa, and the most a packed hand holds.
const HAND_CAP: u8 = 31;

impl wa::Position {
    /// [`Searchable::hand_split`] of a position with this board key and these hands.
    fn split_of(
        &self,
        board_key: u128,
        hands: &[[u8; wa::NKINDS]; 2],
        attacker: Color,
    ) -> Option<(u128, u128)> {
        if !self.variant.drops() {
            return None;
        }
        let mine = pack_hand(&hands[attacker.index()])?;
        let theirs = pack_hand(&hands[attacker.opponent().index()])?;
        // The two hands together (no field carries: each count is below 32), hashed.
        let together = mine + theirs;
        let (lo, hi) = (together as u64, (together >> 64) as u64);
        let spread = u128::from(mix(lo ^ 0x7A3F_11C5_92D0_4E61)) << 64
            | u128::from(mix(hi ^ lo.rotate_left(32) ^ 0x2C8B_E940_5D17_A3F9));
        Some((board_key ^ spread, mine))
    }

    /// The opponent's King's square, where the game has drops and hands to split (where
    /// disproof pieces apply).
    fn drops_kept(&self) -> Option<wa::Square> {
        if !self.variant.drops() {
            return None;
        }
        self.king(self.turn().opponent())
    }

    /// For each kind, the squares where a drop by the side to move checks: those from which
    /// an unpromoted piece of the side to move would attack the opponent's King along a clear
    /// way (every square if that side has no King).
    fn drop_checks(&self) -> [u128; wa::NKINDS] {
        match self.king(self.turn().opponent()) {
            Some(k) => self.drop_check_squares(k),
            None => [!0; wa::NKINDS],
        }
    }
}
/// Judging a Wa game: the mate search (its tables kept from ply to ply), the budgets, and the
/// value of the position after the last ply judged (the value before the next).
pub struct WaJudging {
    search: Search<wa::Position>,
    budget: Budget,
    game_deadline: Option<Instant>,
    next: Option<(u128, Judged<wa::Move>)>,
}

impl WaJudging {
    fn new(mate: MateOptions, budget: Budget) -> WaJudging {
        WaJudging {
            search: Search::new(mate),
            budget,
            game_deadline: budget.per_game.map(|t| Instant::now() + t),
            next: None,
        }
    }

    /// `pos` judged within the budgets.
    fn value(&mut self, pos: &wa::Position) -> Judged<wa::Move> {
        let own = self.budget.per_position.map(|t| Instant::now() + t);
        let deadline = match (own, self.game_deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.search.set_deadline(deadline);
        self.search.judge(pos)
    }

    fn ply(
        &mut self,
        ply: usize,
        before: &wa::Position,
        mv: &wa::Move,
        after: &wa::Position,
    ) -> PlyNote {
        let now = match self.next.take() {
            Some((key, judged)) if key == before.key() => judged,
            _ => self.value(before),
        };
        let next = self.value(after);
        let note = wa_note(ply, before, mv, &now, &next);
        self.next = Some((after.key(), next));
        note
    }
}

/// A Wa position to judge: the bare position (as [`wa_game`] and the mate search take it) or a
/// game's (as the replay gives it), whose history changes no value: both are judged on the board.
pub(crate) trait OnBoard: crate::rules::Position<Move = wa::Move> {
    /// The position on the board.
    fn board(&self) -> &wa::Position;
}

impl OnBoard for wa::Position {
    fn board(&self) -> &wa::Position {
        self
    }
}

impl OnBoard for wa::Game {
    fn board(&self) -> &wa::Position {
        self.position()
    }
}

/// A Wa position, bare ([`wa::Position`]) or with its game's history ([`wa::Game`]), judged on
/// the board by mate searches.
impl<P: OnBoard> Judge for P {
    type Judging = WaJudging;

    fn begin_judging(_: &Self, mate: MateOptions, budget: Budget) -> WaJudging {
        WaJudging::new(mate, budget)
    }

    fn judge_ply(
        j: &mut WaJudging,
        ply: usize,
        before: &Self,
        mv: &wa::Move,
        after: &Self,
    ) -> PlyNote {
        j.ply(ply, before.board(), mv, after.board())
    }
}

/// Wa: `positions[i]` is the position before `moves[i]`; `positions` has one more entry, the
/// position after the last move. Each position's [`MateValue`] for its side to move, searched
/// to `opts.depth` moves of either side. The value after a move (for the side that played it)
/// is the value before the next move, flipped; the verdicts follow from the two values alone:
///
/// - `??` (blunder): the value after is `mated in K` and the value before was not (the mover
///   had a mate, or was proved not mated: another move kept clear of the mate);
/// - `?` (mistake): the mover had a mate (`mate in K`) and after the move has none within the
///   depth;
/// - `!`: the move keeps the shortest mate (`mate in K` → `mate in K - 1`) and is the only
///   first move that mates in K.
pub fn wa_game(positions: &[wa::Position], moves: &[wa::Move], opts: MateOptions) -> Vec<PlyNote> {
    Judge::judge(positions, moves, opts)
}

/// Wa: ply `ply`, `m` played from `p`, with the values of the positions before (`now`) and
/// after it (`next`, for the opponent).
fn wa_note(
    ply: usize,
    p: &wa::Position,
    m: &wa::Move,
    now: &Judged<wa::Move>,
    next: &Judged<wa::Move>,
) -> PlyNote {
    let text = |mv: &wa::Move| move_text(p, mv);
    let before = now.value;
    let after = next.value.flip();
    let verdict = match (before, after) {
        (MateValue::Mate(_) | MateValue::NoMate(_), MateValue::Mated(_)) => Some(Verdict::Blunder),
        (MateValue::Mate(_), MateValue::NoMate(_)) => Some(Verdict::Mistake),
        (MateValue::Mate(k), MateValue::Mate(j)) if j + 1 == k && now.mating_moves == 1 => {
            Some(Verdict::Only)
        }
        _ => None,
    };
    // The mating move; after a blunder, a move that does not allow the mate.
    let best = now
        .best
        .as_ref()
        .filter(|_| matches!(before, MateValue::Mate(_)) || verdict == Some(Verdict::Blunder));
    let comment = verdict.map(|v| match v {
        Verdict::Only => format!("{before}; the only mating move"),
        _ => note_comment(
            &before.to_string(),
            &after.to_string(),
            best.map(&text).as_deref(),
            None,
        ),
    });
    PlyNote {
        ply,
        mv: text(m),
        before: Outlook::Mates(before),
        after: Outlook::Mates(after),
        best: best.map(text),
        verdict,
        comment,
    }
}
