//! What the searches need of a position beyond the rules ([`rules::Position`]: legal moves,
//! `play_unchecked`, `status`, `in_check`, ...) and the notation ([`Notate`]): a compact key
//! for the tables, the order in which a defender's moves are tried, and the moves a mate
//! problem allows the attacker (in Wa found without playing the drops that cannot check).
//! Each game's [`Searchable`] is in its own folder: `src/<game>/analysis.rs` (for Gufū, keyed
//! by [`gufu_index`], which the solver numbers positions by).
//!
//! [`rules::Position`]: crate::rules::Position
//! [`gufu_index`]: crate::gufu::solve::gufu_index

use crate::geometry::Color;
use crate::notation::{Notate, Style};

/// The defence orders ([`Searchable::defence_order`]) of a defender's first replies: those
/// below it.
pub const FIRST_REPLY_ORDERS: u8 = 2;

/// A position the searches can explore.
pub trait Searchable: Notate {
    /// A key that stands for the position (board, hands, side to move): equal keys, same
    /// position.
    fn key(&self) -> u128;
    /// Order in which a defender's moves are tried: smaller first (escapes by the King and
    /// captures before interpositions and drops, which rarely refute a mate). Orders below
    /// [`FIRST_REPLY_ORDERS`] are the first replies ([`Searchable::first_replies_until`]).
    fn defence_order(&self, _m: &Self::Move) -> u8 {
        0
    }
    /// Order in which a defender's replies are tried where each is solved in turn until one
    /// refutes (the mate search's defender's nodes with two attacker's moves left): smaller
    /// first, the reply most likely to refute. The defence order by default; in Wa, the
    /// captures (the King's, then the other pieces': in check, every capture takes the
    /// checking piece) before the King's other moves.
    fn refutation_order(&self, m: &Self::Move) -> u8 {
        self.defence_order(m)
    }
    /// Order in which the mate search looks at the attacker's candidate moves: smaller first,
    /// the likeliest to mate (it solves them in turn where two attacker's moves are left,
    /// and breaks df-pn's ties elsewhere). By default all alike (the order they come in);
    /// in Wa, the captures, then the other moves on the board, then the drops.
    fn attack_order(&self, _m: &Self::Move) -> u8 {
        0
    }
    /// The group of a defender's reply, if any (a number below 128): near the leaves, the
    /// mate search looks at the replies of one group one at a time, the next only once the
    /// one before is proved to lose (*delayed expansion*, at the defender's nodes with at
    /// most three attacker's moves left). In Wa: the moves of the pieces other than the King, and
    /// the drops, by the square they go to (interpositions on one square, captures of one
    /// checker). None (the default): no reply waits for another.
    fn delay_group(&self, _m: &Self::Move) -> Option<u8> {
        None
    }
    /// Calls `f` with each legal move that [`Searchable::defence_order`] puts first (an order
    /// below [`FIRST_REPLY_ORDERS`]), by that order and, within one order, in the order
    /// [`legal_moves`](crate::rules::Position::legal_moves) lists them, until `f` returns
    /// true; whether it did. What a defender tries first, found without the others (in Wa,
    /// the King's moves, captures first, each found legal only when it is reached: a caller
    /// that stops at the first tests no more).
    fn first_replies_until(&self, f: &mut impl FnMut(&Self::Move) -> bool) -> bool {
        let mut moves = self.legal_moves();
        moves.retain(|m| self.defence_order(m) < FIRST_REPLY_ORDERS);
        moves.sort_by_key(|m| self.defence_order(m));
        moves.iter().any(f)
    }
    /// The other legal moves (those [`Searchable::first_replies_until`] leaves out), in the order
    /// [`legal_moves`](crate::rules::Position::legal_moves) lists them.
    fn other_replies(&self) -> Vec<Self::Move> {
        let mut moves = self.legal_moves();
        moves.retain(|m| self.defence_order(m) >= FIRST_REPLY_ORDERS);
        moves
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
    /// The moves of [`Searchable::checking_moves`] without the positions.
    fn checking_move_list(&self) -> Vec<Self::Move> {
        self.checking_moves().into_iter().map(|(m, _)| m).collect()
    }
    /// Whether one of [`Searchable::checking_moves`] wins at once (the opponent mated, or
    /// the game otherwise won): a mate in 1 for the side to move.
    fn mates_in_one(&self) -> bool {
        let me = self.turn();
        self.checking_moves()
            .iter()
            .any(|(_, next)| next.outcome().is_some_and(|o| o.winner == Some(me)))
    }
    /// What the mate search needs to use *hand dominance*: None (the default) where the game
    /// has no hands. Else a key of the board, the side to move and how many pieces of each
    /// kind the two hands hold together, and `attacker`'s hand packed by [`pack_hand`]. Two
    /// positions with the same key differ only in how the pieces in hand are shared out, and
    /// the game's rules must make this hold: if `attacker` mates (within n moves) with a hand,
    /// it mates with any hand that [covers](hand_covers) it; if it cannot, it cannot with any
    /// hand that hand covers. (More in hand for the attacker is more moves for it and fewer
    /// for the defender, and nothing else.)
    fn hand_split(&self, _attacker: Color) -> Option<(u128, u128)> {
        None
    }
    /// *Disproof pieces* (what a "no mate" still holds for with more in the attacker's hand),
    /// at a node where the side to move attacks and has no mate: the largest attacker's hand
    /// ([packed](pack_hand)) for which it has no move here that it lacks now, given as a cap
    /// on each kind: its own count (0) for a kind it holds none of while a drop of that kind
    /// would give check, [`HAND_ANY`] for the others (more of a kind it holds adds no move;
    /// nor does a kind no drop of which checks). None (the default): a game without hands,
    /// where a "no mate" holds for the very hand it was proved with.
    fn attack_cap(&self) -> Option<u128> {
        None
    }
    /// [`Searchable::mates_in_one`], and when the side to move has no mate in 1, the cap of
    /// [`Searchable::attack_cap`] for it: the hand up to which it still has none. The drops
    /// counted are those that could mate (not every check), and a check answered only by a
    /// drop of the defender is answered still if the defender keeps one piece of that kind.
    fn mate_in_one_test(&self) -> MateInOne {
        if self.mates_in_one() {
            MateInOne::Mates
        } else {
            MateInOne::NoMate(self.attack_cap())
        }
    }
    /// The cap on the attacker's hand (see [`Searchable::attack_cap`]) under which `m`, a
    /// defender's move, stays legal: a drop needs the defender to keep a piece of its kind,
    /// so the attacker may have at most all but one of them; [`HAND_ANY`] elsewhere. None: a
    /// game without hands.
    fn reply_cap(&self, _m: &Self::Move) -> Option<u128> {
        None
    }
    /// The key and the [hand split](Searchable::hand_split) of the position the move `m`
    /// leads to (a legal move), as playing it would give them: a game may find them without
    /// playing it.
    fn names_after(&self, m: &Self::Move, attacker: Color) -> (u128, Option<(u128, u128)>) {
        let mut next = self.clone();
        next.play_unchecked(m);
        (next.key(), next.hand_split(attacker))
    }
}

/// What [`Searchable::mate_in_one_test`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateInOne {
    /// The side to move mates at once.
    Mates,
    /// It does not, and would not with any hand within this cap (None: with its own alone).
    NoMate(Option<u128>),
}

/// Bits of a count in a packed hand ([`pack_hand`]): 5 for the count, 1 kept clear.
const HAND_FIELD: u32 = 6;

/// The fields of a packed hand.
const HAND_FIELDS: u32 = 128 / HAND_FIELD;

/// The largest count a packed hand holds in a field.
const HAND_MAX: u128 = (1 << (HAND_FIELD - 1)) - 1;

/// A packed hand with the largest count of every kind: no cap.
pub const HAND_ANY: u128 = {
    let mut g = 0u128;
    let mut i = 0;
    while i < HAND_FIELDS {
        g |= HAND_MAX << (i * HAND_FIELD);
        i += 1;
    }
    g
};

/// The low bits (the count's) of each field of a packed hand whose guard bit is set in `g`.
fn fields_of_guards(g: u128) -> u128 {
    let g = g & HAND_GUARDS;
    g - (g >> (HAND_FIELD - 1))
}

/// The count of each kind that is the smaller in the packed hands `a` and `b`: where `a`'s
/// is at least `b`'s, the field's subtraction keeps its guard bit (as in [`hand_covers`]).
pub fn hand_min(a: u128, b: u128) -> u128 {
    let (a, b) = (a & HAND_ANY, b & HAND_ANY);
    let a_not_less = fields_of_guards((a | HAND_GUARDS) - b);
    (b & a_not_less) | (a & !a_not_less)
}

/// A hand that covers `mine` in a node ([`pack_hand`]), where the move to a child changed the
/// attacker's hand from `mine` to `theirs`: `cover`, which covers `theirs` in the child,
/// moved back by that change (`cover - theirs + mine` in each kind, at least `mine`, at most
/// 31, the most a field holds). A hand of the node within it becomes, through the move, one of
/// the child's within `cover`.
pub fn hand_back(cover: u128, theirs: u128, mine: u128) -> u128 {
    let (cover, theirs, mine) = (cover & HAND_ANY, theirs & HAND_ANY, mine & HAND_ANY);
    // cover - theirs where it is not negative (else 0), each field below 32.
    let d = (cover | HAND_GUARDS) - theirs;
    let more = d & fields_of_guards(d);
    // Plus mine: each field below 64, so no carry leaves it; 32 or more is cut to 31.
    let sum = more + mine;
    (sum | fields_of_guards(sum)) & HAND_ANY
}

/// The clear top bit of every field of a packed hand.
const HAND_GUARDS: u128 = {
    let mut g = 0u128;
    let mut i = 0;
    while i < HAND_FIELDS {
        g |= 1 << (i * HAND_FIELD + HAND_FIELD - 1);
        i += 1;
    }
    g
};

/// A hand's counts (one per kind, at most 21 kinds) packed in one number for
/// [`hand_covers`]; None if there are too many kinds or a count is 32 or more.
pub fn pack_hand(counts: &[u8]) -> Option<u128> {
    if counts.len() > (128 / HAND_FIELD) as usize {
        return None;
    }
    // Eight counts at a time, read as the bytes of a 64-bit word (the mate search packs a
    // hand for every position it names: a count at a time took three times the
    // instructions). A count of 32 or more has one of its byte's top three bits set.
    let mut packed = 0u128;
    for (j, chunk) in counts.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let word = u64::from_le_bytes(bytes);
        if word & 0xE0E0_E0E0_E0E0_E0E0 != 0 {
            return None;
        }
        packed |= u128::from(six_bit_fields(word)) << (8 * HAND_FIELD as usize * j);
    }
    Some(packed)
}

/// The eight bytes of `word` (each below 64), byte `i` moved to bits `6i` to `6i + 5`: pairs
/// of bytes closed up in each 16 bits, then pairs of pairs in each 32, then the two halves.
fn six_bit_fields(word: u64) -> u64 {
    let w = (word & 0x00FF_00FF_00FF_00FF) | (word & 0xFF00_FF00_FF00_FF00) >> 2;
    let w = (w & 0x0000_FFFF_0000_FFFF) | (w & 0xFFFF_0000_FFFF_0000) >> 4;
    (w & 0x0000_0000_FFFF_FFFF) | (w & 0xFFFF_FFFF_0000_0000) >> 8
}

/// Whether the packed hand `a` holds at least as many pieces of every kind as `b` (both from
/// [`pack_hand`]): each field's subtraction borrows from its clear top bit only when `a`'s
/// count is the smaller.
pub fn hand_covers(a: u128, b: u128) -> bool {
    ((a | HAND_GUARDS) - b) & HAND_GUARDS == HAND_GUARDS
}

/// `m`, a move of `pos`, as the game's records write it: Hodges notation (Wa with letter
/// ranks; Gufū with kanji ranks, its facing and its check mark).
pub fn move_text<P: Notate>(pos: &P, m: &P::Move) -> String {
    let mut after = pos.clone();
    after.play_unchecked(m);
    pos.move_text(m, &after, Style::default_for(pos.variant()))
}
