//! Forced mates: the shortest mate the side to move (the attacker) can force within N of its
//! own moves, against every defence, drops included.
//!
//! A mate is a move after which the game is over and the attacker has won, as the rules core
//! says (`status`): in Wa, checkmate (or no legal move at all, which also loses); in Gufū,
//! checkmate, a King's capture, or no legal move. By default the attacker's moves are only
//! those a mate problem allows (see [`Searchable::checking_moves`]: checks, and in Gufū the
//! capture of a King); [`MateOptions::all_moves`] lifts that. The defender may play any legal move.
//! Repetition is not considered (a mate search has no game history).
//!
//! The search is an AND/OR search with iterative deepening (mate in 1, then in 2, ...), a
//! transposition table keyed by the positions' hash (what is proved or refuted at each depth),
//! immediate mates tried first, the attacker's moves ordered by how few replies they leave,
//! and the defender's by how likely they are to refute (King moves and captures first).

use super::game::{MateInOne, Searchable, hand_back, hand_covers, hand_min};
use super::tables::{Fact, FactTable, NodeKey, Progress, WorkTable};
use crate::geometry::Color;
use crate::notation::{Style, number_prefix};
use rustc_hash::FxHashMap;
use std::time::Instant;

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateOptions {
    /// The most moves of the attacker (a mate in N has 2N - 1 plies).
    pub depth: u32,
    /// Let the attacker play any move, not only checks.
    pub all_moves: bool,
    /// Stop after visiting this many positions (None: no limit).
    pub max_nodes: Option<u64>,
    /// How to search.
    pub method: Method,
    /// The most memory the tables may take, in MiB, a table's growth counted (its old and
    /// new arrays): a table that cannot grow within it keeps its more valuable half (with
    /// [`Method::Deepening`], its one hash map is emptied).
    pub hash_mb: u32,
    /// List every first move that mates as fast ([`Mate::first_moves`]), as a composer checks a
    /// problem's soundness. It costs a proof, to the full depth, that each other candidate
    /// does not mate as fast: often far more than the mate itself (selfplay-087 ply 161 of
    /// `bench/mate-positions.txt`, a mate in 5: 24 s with the list, 2 s without).
    pub all_solutions: bool,
}

/// The search algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Depth-first proof-number search (df-pn), depth-limited: the move whose proof (the
    /// attacker's) or refutation (the defender's) looks cheapest so far is explored first.
    #[default]
    ProofNumber,
    /// Iterative deepening over a plain AND/OR search (mate in 1, in 2, ...).
    Deepening,
}

/// The default of [`MateOptions::hash_mb`].
pub const DEFAULT_HASH_MB: u32 = 256;

impl Default for MateOptions {
    fn default() -> Self {
        MateOptions {
            depth: 3,
            all_moves: false,
            max_nodes: None,
            method: Method::ProofNumber,
            hash_mb: DEFAULT_HASH_MB,
            all_solutions: false,
        }
    }
}

/// The deepest search (`depth` 0 and anything beyond ask for it): until proved or out of
/// budget.
pub const UNLIMITED_DEPTH: u32 = 250;

/// Proof and disproof numbers: "infinite" (proved or disproved).
const INF: u32 = u32::MAX / 4;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found<M> {
    /// A mate in `moves` moves of the attacker.
    Mate(Mate<M>),
    /// No mate within the depth: proved.
    None,
    /// The node budget ran out before the search ended (no mate was found so far).
    Stopped,
}

/// A forced mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mate<M> {
    /// The attacker's moves to mate (the shortest possible).
    pub moves: u32,
    /// The main line: the attacker's quickest mate against the longest defence, 2 × moves - 1
    /// plies.
    pub line: Vec<M>,
    /// Every first move that mates in `moves` (the first of them starts `line`), with
    /// [`MateOptions::all_solutions`]; empty without it.
    pub first_moves: Vec<M>,
    /// False if the node budget ran out while the line and the first moves were worked out
    /// (they may then be incomplete).
    pub complete: bool,
}

/// A position's value for the side to move, as far as a mate search within `depth` moves of
/// either side can tell. The same position has one value, whichever side asks:
/// [`MateValue::flip`] gives it for the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MateValue {
    /// The side to move mates in this many of its moves (0: it has mated, the game is over).
    Mate(u32),
    /// Whatever the side to move plays, the opponent mates within this many of its moves (0:
    /// the game is over, the side to move has been mated).
    Mated(u32),
    /// Proved: neither side mates within this many moves (the side to move has no mate, and
    /// has a move after which the opponent has none).
    NoMate(u32),
    /// A search ran out of its budget before it could tell (never a "no mate").
    Unknown,
}

impl MateValue {
    /// The same value, for the other side (the value after a move, for the side that played
    /// it, is the value before the next move, flipped).
    pub fn flip(self) -> MateValue {
        match self {
            MateValue::Mate(k) => MateValue::Mated(k),
            MateValue::Mated(k) => MateValue::Mate(k),
            v => v,
        }
    }
}

impl std::fmt::Display for MateValue {
    /// `mate in 2`, `mate` (the game is won), `mated in 3`, `mated` (lost), `no mate within
    /// 3`, `unknown`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MateValue::Mate(0) => f.write_str("mate"),
            MateValue::Mate(k) => write!(f, "mate in {k}"),
            MateValue::Mated(0) => f.write_str("mated"),
            MateValue::Mated(k) => write!(f, "mated in {k}"),
            MateValue::NoMate(n) => write!(f, "no mate within {n}"),
            MateValue::Unknown => f.write_str("unknown"),
        }
    }
}

/// A position judged by [`Search::judge`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged<M> {
    /// What the search proved for the side to move.
    pub value: MateValue,
    /// With `Mate`: the first move of the main line; with `NoMate`: a move after which the
    /// opponent has no mate within the depth (the proof that the side to move is not mated);
    /// with `Mated`: the longest defence.
    pub best: Option<M>,
    /// With `Mate`: how many first moves mate in that many moves (1: the mate is unique).
    pub mating_moves: usize,
}

/// A position where the side to move is mated, explained by [`Search::mated`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mated<M> {
    /// The opponent mates within this many moves whatever the side to move plays.
    pub moves: u32,
    /// The main line: the longest defence, then the opponent's quickest mate against the
    /// longest defence (2 × moves plies).
    pub line: Vec<M>,
    /// False if the budget ran out while the line was worked out.
    pub complete: bool,
}

/// What is known about a position (attacker to move).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The attacker mates within this many moves (0: not proved).
    mate_within: u8,
    /// The attacker cannot mate within this many moves.
    none_within: u8,
}

/// The attacker of a df-pn node: the side to move in the role `or`, else the other side.
fn attacker_in<P: Searchable>(pos: &P, or: bool) -> Color {
    if or {
        pos.turn()
    } else {
        pos.turn().opponent()
    }
}

/// A df-pn node's names in the tables: its position's key (for the numbers in progress), and
/// for the facts the key of its position without the hands and the attacker's hand (see
/// [`Searchable::hand_split`]; a game without hands: the position's key and 0).
#[derive(Clone, Copy, Debug)]
struct Id {
    key: u128,
    board: u128,
    hand: u128,
    /// Whether the position has a hand split (else `hand` is 0 and means nothing).
    split: bool,
}

impl Id {
    /// The names of `pos` in the role `or` (the attacker to move, or not).
    fn of<P: Searchable>(pos: &P, or: bool) -> Id {
        Id::named(pos.key(), pos.hand_split(attacker_in(pos, or)))
    }

    /// The names of a position with this key and hand split.
    fn named(key: u128, split: Option<(u128, u128)>) -> Id {
        match split {
            Some((board, hand)) => Id {
                key,
                board,
                hand,
                split: true,
            },
            None => Id {
                key,
                board: key,
                hand: 0,
                split: false,
            },
        }
    }
}

/// The most attacker's moves left at which a defender's node uses *delayed expansion* (as
/// KomoringHeights does for interpositions): the replies of one group
/// ([`Searchable::delay_group`]; in Wa, the drops and the other pieces' moves to one square)
/// are looked at one at a time, the next only once the one before is proved to lose, and
/// the waiting ones count in neither number. Interposing one piece or another on a square
/// mostly loses the same way, and df-pn would otherwise expand each such reply before it
/// commits to one. Far from the leaves a refutation that waits behind a reply proved the
/// long way costs more than it saves. Since the defender's nodes with three moves left are
/// solved in turn ([`IN_TURN_UP_TO`]), it only shapes the numbers such a node shows its
/// parent until it is. Measured when it came in (bench/README.md, seventh session, up to
/// 4): the hardest disproof at depth 9 (after selfplay-137 ply 97's only escape) visited
/// 5.93 M positions instead of 6.70 M, ply 97 6.53 M instead of 7.41 M, the other 111
/// positions 2.60 M instead of 2.67 M. Once the nodes with three moves left were solved in
/// turn (ninth session): up to 3, 3.84 M positions for that disproof and 1.67 M for the 111;
/// up to 4, 4.32 M and 1.77 M; without it, 3.93 M and 1.68 M; up to 5, 6 or 7, 4.00 M to
/// 4.10 M for the disproof.
const DELAYED_UP_TO: u8 = 3;

/// The most attacker's moves left at which df-pn solves a node in one visit, its children in
/// turn ([`Search::in_turn`]), once its numbers are within its thresholds: an attacker's
/// node always; a defender's node with three moves left only in a search of at least
/// [`DEEP_FROM`] moves (its replies ordered by the checks they leave,
/// [`Search::by_checks_left`]), else up to two.
const IN_TURN_UP_TO: u8 = 3;

/// The smallest depth asked ([`MateOptions::depth`]) from which a defender's node with three
/// moves left is solved in turn. Measured (bench/README.md, ninth session): at depth 9 the
/// hardest disproof (after selfplay-137 ply 97's only escape) visits 3.84 M positions with
/// it, 5.03 M without; at depth 5, `kifu analyze fixtures/crazywa --mate-depth 5 -j 1` took
/// 80% more time with it (8.92 s against 4.97 s), and the 111 other bench positions 6% more
/// positions.
const DEEP_FROM: u32 = 7;

/// The fewest attacker's moves left for which df-pn deepens a root ([`Search::prove`]) or a
/// move of an escape's root ([`Search::deepen_child`]) one move at a time. Below, the searches
/// are small and the shallower depths cost more than they save: `kifu analyze
/// fixtures/crazywa` (`--mate-depth 3`) ran 4.6% more instructions with every root deepened,
/// and took 15% more CPU time with every escape's move deepened; from 4, it runs as many as
/// before (bench/README.md).
const DEEPENED_FROM: u8 = 4;

/// The bytes a hash map holding `capacity` entries of `entry` bytes takes: a bucket (and a
/// control byte) per entry, and an eighth more buckets than entries.
fn map_bytes(capacity: usize, entry: usize) -> usize {
    capacity.saturating_mul(entry + 1).saturating_mul(8) / 7
}

/// The bytes a hash map takes at most until its next insert: its own, or while it grows, its
/// own and the twice as large one it moves to.
fn map_peak(len: usize, capacity: usize, entry: usize) -> usize {
    let now = map_bytes(capacity, entry);
    if len < capacity {
        now
    } else {
        now.saturating_add(map_bytes(capacity.max(4).saturating_mul(2), entry))
    }
}

/// A mate search; keeps its transposition table between calls.
pub struct Search<P: Searchable> {
    opts: MateOptions,
    table: FxHashMap<u128, Entry>,
    /// df-pn: proof and disproof numbers of the nodes in progress.
    work: WorkTable,
    /// df-pn: facts proved: by (key of the position without the hands, role), for each
    /// attacker's hand seen there the shortest mate proved (the attacker's moves), and the
    /// deepest depth at which no mate is proved. Read with hand dominance ([`Search::fact`]).
    facts: FactTable,
    /// The bytes the tables may take together (from [`MateOptions::hash_mb`]).
    max_bytes: usize,
    nodes: u64,
    /// `nodes` when the current search began (the budget is per search).
    began: u64,
    stopped: bool,
    /// The key of the root of [`Search::escape`]'s search, whose children are deepened one
    /// move at a time ([`Search::deepen_child`]).
    escape_root: Option<u128>,
    /// When every search must stop (see [`Search::set_deadline`]).
    deadline: Option<Instant>,
    _game: std::marker::PhantomData<P>,
}

impl<P: Searchable> Search<P> {
    /// A search with these options and an empty transposition table.
    pub fn new(opts: MateOptions) -> Search<P> {
        Search {
            opts,
            table: FxHashMap::default(),
            work: WorkTable::new(),
            facts: FactTable::new(),
            max_bytes: (opts.hash_mb.max(1) as usize).saturating_mul(1 << 20),
            nodes: 0,
            began: 0,
            stopped: false,
            escape_root: None,
            deadline: None,
            _game: std::marker::PhantomData,
        }
    }

    /// Positions visited so far, by every search of this value.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A time after which every search stops as if its node budget had run out (its answer is
    /// then `Stopped`, `Unknown` or None, never a "no mate"); None: no deadline. The clock is
    /// read every 1,024 positions, so a search may run about a millisecond past it; a search
    /// begun after it stops at once.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// A new search within the budget.
    fn begin(&mut self) {
        self.began = self.nodes;
        self.stopped = self.past_deadline();
    }

    /// The shortest forced mate for the side to move in `pos`, within the depth; its first
    /// moves listed with [`MateOptions::all_solutions`].
    pub fn find(&mut self, pos: &P) -> Found<P::Move> {
        self.find_listing(pos, self.opts.all_solutions)
    }

    /// [`Search::find`], every first move listed if `list`.
    fn find_listing(&mut self, pos: &P, list: bool) -> Found<P::Move> {
        self.begin();
        if self.opts.method == Method::ProofNumber {
            return match self.shortest(pos, self.depth()) {
                Some(n) => {
                    self.begin();
                    Found::Mate(self.explain(pos, n, list))
                }
                None if self.stopped => Found::Stopped,
                None => Found::None,
            };
        }
        for n in 1..=self.opts.depth.min(u8::MAX as u32) {
            if self.attack(pos, n as u8) {
                // The explanation gets a budget of its own.
                self.begin();
                return Found::Mate(self.explain(pos, n as u8, list));
            }
            if self.stopped {
                return Found::Stopped;
            }
        }
        Found::None
    }

    /// The shortest forced mate, within `depth` moves, for the side that has just moved into
    /// `pos` (the side to move defends): Some(n) if every reply loses to a mate in at most n
    /// more moves of the attacker (0: the game is already over, the side to move has lost).
    /// None if not proved (no such mate, or the budget ran out).
    pub fn forced_after(&mut self, pos: &P, depth: u32) -> Option<u32> {
        self.begin();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let attacker = pos.turn().opponent();
            return match pos.outcome() {
                Some(o) if o.winner == Some(attacker) => Some(0),
                _ => None,
            };
        }
        (1..=depth.min(UNLIMITED_DEPTH)).find(|&n| self.defend(pos, moves.clone(), n as u8))
    }

    /// The depth searched: [`MateOptions::depth`], 0 and anything beyond [`UNLIMITED_DEPTH`] being
    /// [`UNLIMITED_DEPTH`].
    fn depth(&self) -> u8 {
        match self.opts.depth {
            0 => UNLIMITED_DEPTH as u8,
            d => d.min(UNLIMITED_DEPTH) as u8,
        }
    }

    /// The shortest mate within `n` for the side to move, proved: a mate found at depth `n`
    /// has a length (the longest branch of its proof); then no mate one move shorter is
    /// looked for until there is none (None if there is no mate within `n`, or the budget
    /// ran out).
    fn shortest(&mut self, pos: &P, n: u8) -> Option<u8> {
        if !self.attack(pos, n) {
            return None;
        }
        let key = Id::of(pos, true);
        let mut best = self.proof_length(&key, true).unwrap_or(n).min(n);
        while best > 1 {
            if !self.attack(pos, best - 1) {
                if self.stopped {
                    return None;
                }
                break;
            }
            best = self
                .proof_length(&key, true)
                .unwrap_or(best - 1)
                .min(best - 1);
        }
        Some(best)
    }

    /// The value of `pos` for its side to move, within the depth: its own shortest mate, else
    /// whether every move allows the opponent a mate (and the shortest such), else a proved
    /// "no mate" for both sides, or `Unknown` where a budget ran out. A finished position is
    /// `Mated(0)` or `Mate(0)` for the side to move as the game ended (`NoMate(depth)` for a
    /// draw).
    pub fn judge(&mut self, pos: &P) -> Judged<P::Move> {
        let depth = u32::from(self.depth());
        let judged = |value, best| Judged {
            value,
            best,
            mating_moves: 0,
        };
        if let Some(o) = pos.outcome() {
            let v = match o.winner {
                Some(w) if w == pos.turn() => MateValue::Mate(0),
                Some(_) => MateValue::Mated(0),
                None => MateValue::NoMate(depth),
            };
            return judged(v, None);
        }
        // The verdict `!` needs to know whether the mating move is the only one.
        let own = match self.find_listing(pos, true) {
            Found::Mate(m) => {
                return Judged {
                    value: MateValue::Mate(m.moves),
                    best: m.line.first().cloned(),
                    mating_moves: m.first_moves.len(),
                };
            }
            Found::None => MateValue::NoMate(depth),
            Found::Stopped => MateValue::Unknown,
        };
        self.begin();
        match self.escape(pos, depth as u8) {
            Escape::Safe(m) => judged(own, Some(m)),
            Escape::Unknown => judged(MateValue::Unknown, None),
            Escape::None => {
                let (k, longest) = self.longest_defence(pos, depth as u8);
                if self.stopped {
                    // Mated within the depth, proved; the length not yet.
                    return judged(MateValue::Unknown, None);
                }
                judged(MateValue::Mated(u32::from(k)), longest)
            }
        }
    }

    /// The explanation of a position where the side to move is mated within the depth: None
    /// if it is not (or the budget ran out before that was proved; see [`Search::stopped`]).
    pub fn mated(&mut self, pos: &P) -> Option<Mated<P::Move>> {
        if pos.outcome().is_some() {
            return None;
        }
        let depth = self.depth();
        self.begin();
        if !matches!(self.escape(pos, depth), Escape::None) {
            return None;
        }
        let (k, longest) = self.longest_defence(pos, depth);
        let m = longest?;
        let mut next = pos.clone();
        next.play_unchecked(&m);
        let mut line = vec![m];
        let mut complete = !self.stopped;
        self.begin();
        if let Some(rest) = (1..=k).find(|&n| self.attack(&next, n)) {
            let e = self.explain(&next, rest, false);
            complete &= e.complete;
            line.extend(e.line);
        } else {
            complete = false;
        }
        Some(Mated {
            moves: u32::from(k),
            line,
            complete,
        })
    }

    /// A move of the side to move after which the opponent has no mate within `n` moves.
    fn escape(&mut self, pos: &P, n: u8) -> Escape<P::Move> {
        let mut replies = pos.legal_moves();
        replies.sort_by_key(|m| pos.defence_order(m));
        if self.opts.method == Method::ProofNumber && !replies.is_empty() {
            // One df-pn over the moves, the opponent attacking: the easiest escape is
            // found first, where trying the moves in turn would search each to the end. The
            // moves it explores are deepened one move at a time, as `prove` does a root.
            let was = self.escape_root.replace(pos.key());
            let mated = self.solve(pos, false, n);
            self.escape_root = was;
            if self.stopped {
                return Escape::Unknown;
            }
            if mated {
                return Escape::None;
            }
            for m in &replies {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if self.numbers(&next, true, n).1 == 0 {
                    return Escape::Safe(*m);
                }
            }
            // The disproof was dropped from the tables meanwhile: look again, move by move.
        }
        let mut unknown = false;
        for m in replies {
            let mut next = pos.clone();
            next.play_unchecked(&m);
            if self.stopped {
                return Escape::Unknown;
            }
            if !self.attack(&next, n) {
                if !self.stopped {
                    return Escape::Safe(m);
                }
                unknown = true;
            }
        }
        if unknown {
            Escape::Unknown
        } else {
            Escape::None
        }
    }

    /// In a position where every move allows the opponent a mate within `n`: the longest of
    /// those shortest mates, and a move that allows it.
    fn longest_defence(&mut self, pos: &P, n: u8) -> (u8, Option<P::Move>) {
        let mut replies = pos.legal_moves();
        replies.sort_by_key(|m| pos.defence_order(m));
        let mut best: (u8, Option<P::Move>) = (0, None);
        for m in replies {
            let mut next = pos.clone();
            next.play_unchecked(&m);
            // A reply the opponent answers as fast as the best so far is not looked at closer.
            if best.1.is_some() && self.attack(&next, best.0) {
                continue;
            }
            let k = (best.0 + 1..=n)
                .find(|&k| self.attack(&next, k))
                .unwrap_or(n);
            best = (k, Some(m));
            if k == n {
                break;
            }
        }
        best
    }

    /// Whether the budget ran out during the last search.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if let Some(max) = self.opts.max_nodes
            && self.nodes - self.began > max
        {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(1024) && self.past_deadline() {
            self.stopped = true;
        }
        !self.stopped
    }

    fn store(&mut self, key: u128, f: impl FnOnce(&mut Entry)) {
        let entry = std::mem::size_of::<(u128, Entry)>();
        if map_peak(self.table.len(), self.table.capacity(), entry) > self.max_bytes {
            self.table.clear();
        }
        f(self.table.entry(key).or_default());
    }

    /// The attacker's candidate moves and the positions they lead to.
    fn candidates(&self, pos: &P) -> Vec<(P::Move, P)> {
        if self.opts.all_moves {
            pos.legal_moves()
                .into_iter()
                .map(|m| {
                    let mut next = pos.clone();
                    next.play_unchecked(&m);
                    (m, next)
                })
                .collect()
        } else {
            pos.checking_moves()
        }
    }

    /// Whether one of the attacker's candidate moves mates at once (the candidates are tried
    /// one by one, not all kept).
    fn mates_at_once(&self, pos: &P, me: Color) -> bool {
        if !self.opts.all_moves {
            return pos.mates_in_one();
        }
        pos.legal_moves().iter().any(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            Self::won_by(&next, me)
        })
    }

    /// Whether the position is over with `attacker` the winner.
    fn won_by(pos: &P, attacker: Color) -> bool {
        pos.outcome().is_some_and(|o| o.winner == Some(attacker))
    }

    /// Whether the side to move mates within `n` of its moves.
    fn attack(&mut self, pos: &P, n: u8) -> bool {
        match self.opts.method {
            Method::ProofNumber => self.prove(pos, n),
            Method::Deepening => self.deepen(pos, n),
        }
    }

    /// [`Search::attack`] by df-pn, deepened one move at a time (from [`DEEPENED_FROM`] moves;
    /// a smaller depth is searched at once): the root solved within 1, 2, ... moves (from
    /// [`Search::first_open_depth`]), until a mate is proved or `n` is reached (or the budget
    /// spent). Each depth's disproofs stay in the tables, and the next depth meets many of
    /// them again: a position reached in two more plies (a check and a reply) along another
    /// line has the same moves left. Measured on bench/mate-positions.txt (see
    /// bench/README.md): the hardest disproof at depth 9 takes 10.1 M positions, 34.4 s, where
    /// the search at depth 9 alone took 14.2 M, 51.6 s; the 112 positions (an escape's moves
    /// deepened too), same answers, 8.5 M positions where they took 9.3 M.
    fn prove(&mut self, pos: &P, n: u8) -> bool {
        let id = Id::of(pos, true);
        if self.fact(&id, true).proved <= n {
            return true;
        }
        let from = if n < DEEPENED_FROM {
            n
        } else {
            self.first_open_depth(&id, true)
        };
        for k in from..n {
            if self.solve(pos, true, k) {
                return true;
            }
            if self.stopped {
                return false;
            }
        }
        self.solve(pos, true, n)
    }

    /// df-pn from a root of either role (`or`: the attacker to move, as in
    /// [`Search::numbers`]): whether it is proved, its numbers brought to 0 (or the budget
    /// spent).
    fn solve(&mut self, pos: &P, or: bool, n: u8) -> bool {
        loop {
            let (pn, dn) = self.numbers(pos, or, n);
            if pn == 0 {
                return true;
            }
            if dn == 0 || self.stopped {
                return false;
            }
            self.mid(pos, or, n, INF - 1, INF - 1);
            if self.stopped {
                return self.numbers(pos, or, n).0 == 0;
            }
        }
    }

    /// A node's numbers as known: proved, disproved, in progress, or new (1, 1). `or`: the
    /// attacker is to move (and mates within `n` of its moves); else the defender is to move
    /// and the attacker mates within `n` more whatever it plays.
    fn numbers(&self, pos: &P, or: bool, n: u8) -> (u32, u32) {
        self.numbers_of(&Id::of(pos, or), or, n)
    }

    /// The most attacker's moves left at which a node of this role (`or`: the attacker to
    /// move) is solved in turn ([`IN_TURN_UP_TO`], [`DEEP_FROM`]).
    fn in_turn_up_to(&self, or: bool) -> u8 {
        if or || u32::from(self.depth()) >= DEEP_FROM {
            IN_TURN_UP_TO
        } else {
            IN_TURN_UP_TO - 1
        }
    }

    /// Whether a node of this role and moves left is never in progress: its parent is solved
    /// in turn ([`Search::in_turn_up_to`]) and solves it at once, without thresholds; it is
    /// itself solved in the visit that first reaches it whatever its thresholds (those of a
    /// root, or of an escape's deepened move, [`Search::deepen_child`]). Its numbers are
    /// (1, 1) until it is solved, and the table of the nodes in progress is never asked for
    /// it (nor its line fetched).
    fn never_in_progress(&self, or: bool, n: u8) -> bool {
        if or {
            n <= self.in_turn_up_to(false)
        } else {
            n < self.in_turn_up_to(true)
        }
    }

    /// [`Search::numbers`] of a node by its names.
    fn numbers_of(&self, id: &Id, or: bool, n: u8) -> (u32, u32) {
        let fact = self.fact(id, or);
        if fact.proved <= n {
            return (0, INF);
        }
        if n == 0 || fact.disproved >= n {
            return (INF, 0);
        }
        if self.never_in_progress(or, n) {
            return (1, 1);
        }
        self.work
            .get(NodeKey::of(id.key, or, n))
            .map_or((1, 1), |p| p.numbers())
    }

    /// What is known of a node, with hand dominance: a mate proved with a hand the node's
    /// attacker's hand covers, and a "no mate" proved with a hand that covers the node's.
    fn fact(&self, id: &Id, or: bool) -> Fact {
        self.facts.get(NodeKey::of(id.board, or, 0), id.hand)
    }

    /// Asks for the table lines of a node about to be read (see
    /// [`Slots::prefetch`](super::tables::Slots::prefetch)).
    fn prefetch(&self, id: &Id, or: bool, n: u8) {
        self.facts.prefetch(NodeKey::of(id.board, or, 0));
        if !self.never_in_progress(or, n) {
            self.work.prefetch(NodeKey::of(id.key, or, n));
        }
    }

    /// Makes room for one more entry in each table, the two within `--hash` together (see
    /// [`Slots::make_room`](super::tables::Slots::make_room)).
    fn make_room(&mut self) {
        let facts = self.facts.bytes();
        self.work.make_room(facts, self.max_bytes);
        let work = self.work.bytes();
        self.facts.make_room(work, self.max_bytes);
    }

    /// Records a node's numbers (a proof with its length, a disproof with its depth).
    fn record(&mut self, id: &Id, or: bool, n: u8, pn: u32, dn: u32, length: u8) {
        self.make_room();
        let (board, work) = (NodeKey::of(id.board, or, 0), NodeKey::of(id.key, or, n));
        if pn != 0 && dn != 0 {
            // (A node never in progress is only left unsolved when the budget runs out.)
            if !self.never_in_progress(or, n) {
                self.work.insert(work, Progress::new(pn, dn, n));
            }
            return;
        }
        (self.facts).update(board, id.hand, |f| {
            if pn == 0 {
                f.proved = f.proved.min(length);
            } else {
                f.disproved = f.disproved.max(n);
            }
        });
        if !self.never_in_progress(or, n) {
            self.work.remove(work);
        }
    }

    /// Records a "no mate" within `n` moves at a node, proved for the attacker's hands within
    /// `cover` (which covers the node's own; see [`Searchable::attack_cap`]): *disproof
    /// pieces*, so that the same board with more in the attacker's hand, reached along
    /// another line, is known not to mate either.
    fn record_disproof(&mut self, id: &Id, or: bool, n: u8, cover: u128) {
        debug_assert!(hand_covers(cover, id.hand));
        let cover = if hand_covers(cover, id.hand) {
            cover
        } else {
            id.hand
        };
        self.record(&Id { hand: cover, ..*id }, or, n, INF, 0, 0);
    }

    /// The hand of the "no mate" known of a node with `n` moves left (None: none known).
    fn disproof_cover(&self, id: &Id, or: bool, n: u8) -> Option<u128> {
        (self.facts).disproof_hand(NodeKey::of(id.board, or, 0), id.hand, n)
    }

    /// The hands an attacker's node (`pos`, named `id`) with no mate among its `children`
    /// (each disproved) has none with: within the game's cap, and within each child's cover
    /// moved back through its move. The node's own hand alone where the game has no hands,
    /// every move is the attacker's, or a child's cover is not known.
    fn attack_cover(&self, pos: &P, id: &Id, children: &[(P::Move, u8, Id)]) -> u128 {
        if self.opts.all_moves || !id.split {
            return id.hand;
        }
        let Some(mut cover) = pos.attack_cap() else {
            return id.hand;
        };
        for (_, left, c) in children {
            match self.disproof_cover(c, false, *left) {
                Some(theirs) if c.split => {
                    cover = hand_min(cover, hand_back(theirs, c.hand, id.hand))
                }
                _ => return id.hand,
            }
        }
        cover
    }

    /// Records a defender's node (`pos`, named `id`, `n` moves left) refuted by its reply `m`
    /// (leading to the child named `child`): no mate within the hands of the child's cover
    /// (the attacker's hand is not changed by the defender's move) under which `m` stays
    /// legal ([`Searchable::reply_cap`]).
    fn refuted(&mut self, pos: &P, id: &Id, n: u8, m: &P::Move, child: &Id) {
        let cover = match (pos.reply_cap(m), self.disproof_cover(child, true, n)) {
            (Some(cap), Some(theirs)) if !self.opts.all_moves && id.split && child.split => {
                hand_min(cap, hand_back(theirs, child.hand, id.hand))
            }
            _ => id.hand,
        };
        self.record_disproof(id, false, n, cover);
    }

    /// The children of a df-pn node: its moves, each with the attacker's moves left in the
    /// position it leads to and that position's names (the role is the other one). The
    /// positions are not made: only the child searched next is played.
    fn children(&self, pos: &P, or: bool, n: u8) -> Vec<(P::Move, u8, Id)> {
        let attacker = attacker_in(pos, or);
        let named = |m: P::Move, left: u8| {
            let (key, split) = pos.names_after(&m, attacker);
            let id = Id::named(key, split);
            self.prefetch(&id, !or, left);
            (m, left, id)
        };
        if or {
            let mut moves = if self.opts.all_moves {
                pos.legal_moves()
            } else {
                pos.checking_move_list()
            };
            moves.sort_by_key(|m| pos.attack_order(m));
            moves.into_iter().map(|m| named(m, n - 1)).collect()
        } else {
            let mut replies = pos.legal_moves();
            // With two moves left each reply is solved in turn ([`Search::in_turn`]): the
            // one likeliest to refute first. Further up, df-pn chooses by the numbers, and
            // the defence order ties them better (bench/README.md).
            if n == 2 {
                replies.sort_by_key(|m| pos.refutation_order(m));
            } else {
                replies.sort_by_key(|m| pos.defence_order(m));
            }
            replies.into_iter().map(|m| named(m, n)).collect()
        }
    }

    /// A position (defender to move) that is over with the attacker the winner.
    fn is_over_for_defender(&self, pos: &P) -> bool {
        Self::won_by(pos, pos.turn().opponent())
    }

    /// The length of a proved child.
    fn child_length(&self, id: &Id, or: bool, left: u8) -> u8 {
        self.proof_length(id, or).unwrap_or(left)
    }

    /// df-pn's step at a defender's node with one attacker's move left: every reply must
    /// allow a mate at once. The replies are tried in the defence order and the first that
    /// allows none refutes, so most such nodes cost one reply's mate-in-1 test, where the
    /// general step reads every child's numbers first. The first replies (the King's moves)
    /// are tried before the others are generated (each move is generated once), each found
    /// legal only when it is reached ([`Searchable::first_replies_until`]): most nodes end
    /// at the first. Each reply tested counts as a position visited.
    fn last_defence(&mut self, pos: &P, key: &Id) {
        let (mut any, mut refuted) = (false, Some(None));
        let mut by = None;
        pos.first_replies_until(&mut |m| {
            any = true;
            refuted = self.refutes_at_once(pos, m);
            if let Some(Some(_)) = refuted {
                by = Some(*m);
            }
            !matches!(refuted, Some(None))
        });
        match (refuted, by) {
            (Some(Some(child)), Some(m)) => return self.refuted(pos, key, 1, &m, &child),
            (Some(_), _) => {}
            (None, _) => return,
        }
        let mut rest = pos.other_replies();
        if !any && rest.is_empty() {
            let won = self.is_over_for_defender(pos);
            let (pn, dn) = if won { (0, INF) } else { (INF, 0) };
            return self.record(key, false, 1, pn, dn, 0);
        }
        rest.sort_by_key(|m| pos.defence_order(m));
        for m in &rest {
            match self.refutes_at_once(pos, m) {
                Some(Some(child)) => return self.refuted(pos, key, 1, m, &child),
                Some(None) => {}
                None => return,
            }
        }
        self.record(key, false, 1, 0, INF, 1);
    }

    /// Whether this reply (of the defender in `pos`, one attacker's move left) allows no mate
    /// in 1 (then the names of the position it leads to); None if the budget ran out.
    fn refutes_at_once(&mut self, pos: &P, m: &P::Move) -> Option<Option<Id>> {
        let (child_key, split) = pos.names_after(m, pos.turn().opponent());
        let id = Id::named(child_key, split);
        // The position is made while the table's line is fetched (most are not in the table:
        // the lookup would otherwise wait on memory with nothing else to do).
        self.prefetch(&id, true, 1);
        let mut next = pos.clone();
        next.play_unchecked(m);
        let mated = match self.numbers_of(&id, true, 1) {
            (0, _) => true,
            (_, 0) => false,
            _ => {
                if !self.visit() {
                    return None;
                }
                self.mate_in_one(&next, &id)
            }
        };
        Some((!mated).then_some(id))
    }

    /// An attacker's node with one move left (`pos`, named `id`), solved and recorded:
    /// whether one of its candidates mates at once. A "no mate" is recorded with the hand the
    /// game finds it holds for ([`Searchable::mate_in_one_test`]).
    fn mate_in_one(&mut self, pos: &P, id: &Id) -> bool {
        if self.opts.all_moves {
            let mated = self.mates_at_once(pos, pos.turn());
            let (pn, dn) = if mated { (0, INF) } else { (INF, 0) };
            self.record(id, true, 1, pn, dn, 1);
            return mated;
        }
        match pos.mate_in_one_test() {
            MateInOne::Mates => {
                self.record(id, true, 1, 0, INF, 1);
                true
            }
            MateInOne::NoMate(cap) => {
                let cover = match cap {
                    Some(cap) if id.split => cap,
                    _ => id.hand,
                };
                self.record_disproof(id, true, 1, cover);
                false
            }
        }
    }

    /// df-pn's step at a node near the leaves ([`Search::in_turn_up_to`]), once its numbers
    /// are within its thresholds: solved in this visit, the children in turn (the
    /// attacker's checks in the attack order; the defender's replies in the
    /// refutation order, with three moves left by the checks they leave,
    /// [`Search::by_checks_left`]), each solved at once (a check with two moves left by
    /// [`Search::last_defence`]; any other child by a search without thresholds), until one
    /// decides the node (a check that mates within the moves left, a reply that allows no
    /// such mate). The general step would solve the same children one by one but go back up
    /// to the parent, and come back, whenever a child's result moved the numbers past a
    /// threshold. A node whose numbers are past its thresholds when first read still goes
    /// back at once, so that its parent keeps choosing its most promising child by them,
    /// unless its parent is solved in turn too ([`Search::never_in_progress`]).
    ///
    /// Measured on bench/mate-positions.txt (see bench/README.md): with the nodes with two
    /// moves left solved so, the hardest disproof at depth 9 took 14.2 M positions, 58.6 s,
    /// where it took 24.6 M, 74.3 s. The nodes with three moves left solved so too (ninth
    /// session): the attacker's, 4.71 M positions for that disproof instead of 5.56 M, and
    /// 2.08 M for the 111 other positions instead of 2.50 M; then the defender's (in searches
    /// of [`DEEP_FROM`] moves or more), 4.32 M and 1.77 M, and 3.84 M and 1.67 M with delayed
    /// expansion kept to the same nodes ([`DELAYED_UP_TO`]). The defender's with its replies
    /// in the defence order, or the nodes with four moves left, cost more (bench/README.md).
    fn in_turn(&mut self, pos: &P, or: bool, n: u8, key: &Id, children: &[(P::Move, u8, Id)]) {
        let sub = !or;
        let mut longest = 0;
        for (m, left, id) in children {
            let (mut pn, mut dn) = self.numbers_of(id, sub, *left);
            if pn != 0 && dn != 0 {
                let mut c = pos.clone();
                c.play_unchecked(m);
                if or && n == 2 {
                    self.last_defence(&c, id);
                } else {
                    self.mid(&c, sub, *left, INF - 1, INF - 1);
                }
                if self.stopped {
                    return;
                }
                (pn, dn) = self.numbers_of(id, sub, *left);
            }
            if or && pn == 0 {
                // The first mating check: a mate within its length and one more move.
                let length = self.child_length(id, sub, *left);
                self.record(key, or, n, 0, INF, length.saturating_add(1));
                return;
            }
            if !or && dn == 0 {
                return self.refuted(pos, key, n, m, id);
            }
            if !or {
                longest = longest.max(self.child_length(id, sub, *left));
            }
        }
        if or {
            let cover = self.attack_cover(pos, key, children);
            self.record_disproof(key, or, n, cover);
        } else {
            self.record(key, or, n, 0, INF, longest);
        }
    }

    /// The replies of a defender's node (`pos`, its `children` with their `numbers` as read)
    /// in the order it solves them in turn with three moves left ([`IN_TURN_UP_TO`]): the
    /// fewest checks they leave the attacker first (a reply that leaves none refutes at once),
    /// as df-pn would choose by the disproof numbers once it had named every check of every
    /// reply; the replies already proved to lose last, where only their mates' lengths are
    /// read. Ties in the refutation order ([`Searchable::refutation_order`]: ply 97 4.13 M
    /// positions instead of 4.31 M, the 111 other positions 1.66 M instead of 1.67 M), then
    /// in the order of `children`. All moves are the attacker's candidates with
    /// [`MateOptions::all_moves`]: then `children` stays in its order. Measured
    /// (bench/README.md, ninth session): the disproof after selfplay-137 ply 97's only escape
    /// at depth 9 visits 4.32 M positions instead of 4.71 M, the 111 other positions 1.77 M
    /// instead of 2.08 M (the replies played here to count their checks are not counted as
    /// positions visited), and ply 97 takes about 10% less time; ordered so with two moves
    /// left as well, the disproof visited 3.77 M positions but took 9% more time.
    fn by_checks_left(
        &self,
        pos: &P,
        children: &[(P::Move, u8, Id)],
        numbers: &[(u32, u32)],
    ) -> Vec<(P::Move, u8, Id)> {
        if self.opts.all_moves {
            return children.to_vec();
        }
        let mut keyed: Vec<(bool, usize, u8, usize)> = children
            .iter()
            .zip(numbers)
            .enumerate()
            .map(|(i, ((m, ..), &(pn, _)))| {
                let checks = if pn == 0 {
                    0
                } else {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    next.checking_move_list().len()
                };
                (pn == 0, checks, pos.refutation_order(m), i)
            })
            .collect();
        keyed.sort_unstable();
        keyed.into_iter().map(|(.., i)| children[i]).collect()
    }

    /// Multiple iterative deepening, df-pn's step: explores below a node until its proof or
    /// disproof number reaches its threshold.
    fn mid(&mut self, pos: &P, or: bool, n: u8, th_pn: u32, th_dn: u32) {
        if !self.visit() {
            return;
        }
        let key = Id::of(pos, or);
        if or && n == 1 {
            // A mate in 1: the first candidate that mates proves it (no child is kept). So
            // no child has 0 moves left.
            self.mate_in_one(pos, &key);
            return;
        }
        if !or && n == 1 {
            self.last_defence(pos, &key);
            return;
        }
        let children = self.children(pos, or, n);
        if children.is_empty() {
            // The attacker has no candidate (not mated within n); the defender no move (the
            // game is over: only a mate leads here, found before).
            let won = !or && self.is_over_for_defender(pos);
            if or {
                let cover = self.attack_cover(pos, &key, &[]);
                self.record_disproof(&key, or, n, cover);
            } else {
                let (pn, dn) = if won { (0, INF) } else { (INF, 0) };
                self.record(&key, or, n, pn, dn, 0);
            }
            return;
        }
        let sub = !or;
        // The children's numbers, read once; then only the child just searched is read again
        // (the others' may have changed meanwhile, through transpositions: they are then
        // out of date, never wrong, since a proof or disproof once found stays true).
        let mut numbers: Vec<(u32, u32)> = children
            .iter()
            .map(|(_, left, id)| self.numbers_of(id, sub, *left))
            .collect();
        // Delayed expansion: a defender's reply waits for the one before it in its group.
        let delayed = !or && n <= DELAYED_UP_TO;
        loop {
            // OR: pn the smallest child's, dn the children's dn combined; AND the other way
            // round. Combined as weak proof numbers (Ueda et al., 2008), not summed: the
            // largest of the unsolved children's numbers plus one for each other unsolved
            // child. A sum counts a position reached through several children once per path
            // and lets one wide child swamp the rest. On the hardest disproof measured
            // (bench/README.md, selfplay-137 ply 97 after f2e2) the search visits 19% fewer
            // positions at depth 7, 9% at depth 8 and 4% at depth 9.
            let (mut best, mut best_v, mut second, mut most, mut open) =
                (0usize, INF, INF, 0u32, 0u32);
            // The groups with a reply not yet proved to lose: their later replies wait.
            let mut waiting = 0u128;
            for (i, &(cp, cd)) in numbers.iter().enumerate() {
                if delayed && let Some(g) = children.get(i).and_then(|(m, ..)| pos.delay_group(m)) {
                    let bit = 1u128 << (g & 127);
                    if waiting & bit != 0 {
                        continue;
                    }
                    if cp != 0 {
                        waiting |= bit;
                    }
                }
                let (mine, theirs) = if or { (cp, cd) } else { (cd, cp) };
                if mine < best_v {
                    second = best_v;
                    best_v = mine;
                    best = i;
                } else if mine < second {
                    second = mine;
                }
                if theirs != 0 {
                    most = most.max(theirs);
                    open += 1;
                }
            }
            let sum = if open == 0 {
                0
            } else {
                most.saturating_add(open - 1).min(INF)
            };
            let (pn, dn) = if or { (best_v, sum) } else { (sum, best_v) };
            let past = pn >= th_pn || dn >= th_dn;
            if pn == 0 || dn == 0 || (past && !self.never_in_progress(or, n)) || self.stopped {
                let length = if pn != 0 {
                    0
                } else if or {
                    let mut shortest = u8::MAX;
                    for (_, l, id) in &children {
                        if self.numbers_of(id, sub, *l).0 == 0 {
                            shortest = shortest.min(self.child_length(id, sub, *l));
                        }
                    }
                    shortest.saturating_add(1)
                } else {
                    children
                        .iter()
                        .map(|(_, l, id)| self.child_length(id, sub, *l))
                        .max()
                        .unwrap_or(0)
                };
                if dn == 0 && or {
                    let cover = self.attack_cover(pos, &key, &children);
                    self.record_disproof(&key, or, n, cover);
                } else if dn == 0 {
                    let (m, left, id) = &children[best];
                    debug_assert_eq!(self.numbers_of(id, sub, *left).1, 0);
                    self.refuted(pos, &key, n, m, id);
                } else {
                    self.record(&key, or, n, pn, dn, length);
                }
                return;
            }
            if n <= self.in_turn_up_to(or) {
                // Within its thresholds: solved in one visit (see `Search::in_turn`).
                if !or && n == IN_TURN_UP_TO {
                    let ordered = self.by_checks_left(pos, &children, &numbers);
                    self.in_turn(pos, or, n, &key, &ordered);
                } else {
                    self.in_turn(pos, or, n, &key, &children);
                }
                return;
            }
            self.record(&key, or, n, pn, dn, 0);
            let (m, left, id) = &children[best];
            let mut c = pos.clone();
            c.play_unchecked(m);
            // The child's thresholds: stay the best (below the second's number), and keep
            // the combined number under this node's threshold (it reaches it when the
            // child's own reaches the threshold less one for each other unsolved child).
            let (th_mine, th_theirs) = if or { (th_pn, th_dn) } else { (th_dn, th_pn) };
            let cth_mine = th_mine.min(second.saturating_add(1));
            let cth_theirs = th_theirs.saturating_sub(open.saturating_sub(1));
            let (cpn, cdn) = if or {
                (cth_mine, cth_theirs)
            } else {
                (cth_theirs, cth_mine)
            };
            if !or && self.escape_root == Some(key.key) && *left >= DEEPENED_FROM {
                match self.deepen_child(&c, id, *left, cpn, cdn) {
                    None => return,
                    Some(false) => {
                        numbers[best] = self.numbers_of(id, sub, *left);
                        continue;
                    }
                    Some(true) => {}
                }
            }
            self.mid(&c, sub, *left, cpn, cdn);
            numbers[best] = self.numbers_of(id, sub, *left);
        }
    }

    /// The smallest number of moves (at least 1) within which the attacker's "no mate" is not
    /// yet proved at a node: where deepening it starts.
    fn first_open_depth(&self, id: &Id, or: bool) -> u8 {
        self.fact(id, or).disproved.saturating_add(1).max(1)
    }

    /// A move of [`Search::escape`]'s root about to be searched (`c`, named `id`: the
    /// attacker to move, `left` moves left, at least [`DEEPENED_FROM`], under the thresholds
    /// `cpn`, `cdn`), first solved within 1, 2, ... `left - 1` moves (from
    /// [`Search::first_open_depth`]), as [`Search::prove`] deepens a root, each depth under the
    /// same thresholds. Some(true) if it is then to be searched at `left`; Some(false) if not
    /// (proved at a smaller depth, so at `left` too; or a smaller depth's numbers went past the
    /// thresholds: the move's own disproof number is at least that depth's, since more moves
    /// only make a "no mate" harder to prove, and it is recorded so, and the root chooses
    /// again); None if the budget ran out. Without it the root's moves are searched at the full
    /// depth at once, and the escape that holds at the last depth is the one that has no
    /// shallower disproofs to build on: selfplay-137 ply 97 at depth 9 took 13.5 M positions,
    /// 45.2 s; it takes 11.0 M, 36.7 s (bench/README.md).
    fn deepen_child(&mut self, c: &P, id: &Id, left: u8, cpn: u32, cdn: u32) -> Option<bool> {
        let mut past = false;
        for j in self.first_open_depth(id, true)..left {
            self.mid(c, true, j, cpn, cdn);
            if self.stopped {
                return None;
            }
            let (p, d) = self.numbers_of(id, true, j);
            if p == 0 {
                return Some(false);
            }
            if d != 0 {
                let (lp, ld) = self.numbers_of(id, true, left);
                if lp != 0 && ld != 0 {
                    self.record(id, true, left, lp, ld.max(d), 0);
                }
                past = true;
                break;
            }
        }
        let (p, d) = self.numbers_of(id, true, left);
        Some(p != 0 && d != 0 && !(past && (p >= cpn || d >= cdn)))
    }

    /// [`Search::attack`] by the plain search, its table per depth.
    fn deepen(&mut self, pos: &P, n: u8) -> bool {
        if !self.visit() {
            return false;
        }
        let key = pos.key();
        if let Some(e) = self.table.get(&key) {
            if e.mate_within != 0 && e.mate_within <= n {
                return true;
            }
            if e.none_within >= n {
                return false;
            }
        }
        let me = pos.turn();
        let found = if n == 1 {
            self.mates_at_once(pos, me)
        } else {
            let cands = self.candidates(pos);
            // Mates at once first. Then the checks, in order of how few replies they leave;
            // then (with every move allowed) the quiet moves, in the rules core's order.
            let mut found = false;
            let mut deeper = Vec::with_capacity(cands.len());
            for (i, (_, next)) in cands.iter().enumerate() {
                if !next.in_check() {
                    deeper.push((usize::MAX, i, None));
                    continue;
                }
                let replies = next.legal_moves();
                if replies.is_empty() && Self::won_by(next, me) {
                    found = true;
                    break;
                }
                deeper.push((replies.len(), i, Some(replies)));
            }
            if !found && deeper.iter().any(|(_, _, r)| r.is_none()) {
                found = cands.iter().any(|(_, next)| Self::won_by(next, me));
            }
            if !found {
                deeper.sort_by_key(|(len, i, _)| (*len, *i));
                for (_, i, replies) in deeper {
                    let next = &cands[i].1;
                    let replies = replies.unwrap_or_else(|| next.legal_moves());
                    if self.defend(next, replies, n - 1) {
                        found = true;
                        break;
                    }
                }
            }
            found
        };
        if found {
            self.store(key, |e| {
                if e.mate_within == 0 || e.mate_within > n {
                    e.mate_within = n;
                }
            });
        } else if !self.stopped {
            self.store(key, |e| e.none_within = e.none_within.max(n));
        }
        found
    }

    /// Whether the attacker (the side not to move in `pos`) mates within `n` more moves
    /// whatever the defender plays among `replies` (its legal moves, not empty).
    fn defend(&mut self, pos: &P, mut replies: Vec<P::Move>, n: u8) -> bool {
        if n == 0 || replies.is_empty() {
            return false;
        }
        if self.opts.method == Method::ProofNumber {
            // One df-pn over the replies: the easiest refutation is found first, where trying
            // them in turn would prove the attacker's mate after each reply before it.
            return self.solve(pos, false, n);
        }
        if !self.visit() {
            return false;
        }
        replies.sort_by_key(|m| pos.defence_order(m));
        for m in &replies {
            let mut next = pos.clone();
            next.play_unchecked(m);
            // A reply that ends the game (the attacker has no move left) refutes: the
            // attacker's search finds no candidate there.
            if !self.attack(&next, n) {
                return false;
            }
        }
        true
    }

    /// Whether `attacker`, having moved into `next`, mates within `n` of its moves, that move
    /// included.
    fn mates_within(&mut self, next: &P, attacker: Color, n: u8) -> bool {
        let replies = next.legal_moves();
        if replies.is_empty() {
            return Self::won_by(next, attacker);
        }
        n > 1 && self.defend(next, replies, n - 1)
    }

    /// The length of the shortest mate proved at a node (by its names and role), if any.
    fn proof_length(&self, id: &Id, or: bool) -> Option<u8> {
        Some(self.fact(id, or).proved).filter(|&l| l != Fact::NONE)
    }

    /// Whether the tables already hold the proof that `attacker`, having moved into `next`,
    /// mates within `n` of its moves, that move included (a mate at once, or the defender's
    /// node proved with a mate no longer than `n - 1`). Asks no search.
    fn known_mate(&self, next: &P, attacker: Color, n: u8) -> bool {
        self.proof_length(&Id::of(next, false), false)
            .is_some_and(|l| l < n)
            || (n >= 1 && Self::won_by(next, attacker))
    }

    /// The main line of a mate in exactly `n` (known to exist), and if `list` every first move
    /// of such a mate.
    fn explain(&mut self, pos: &P, n: u8, list: bool) -> Mate<P::Move> {
        let me = pos.turn();
        // No mate is shorter than `n` (the searches prove the length): a first move mates in
        // exactly `n` if it mates within `n`.
        let mut first_moves = Vec::new();
        if list {
            for (m, next) in self.candidates(pos) {
                if self.mates_within(&next, me, n) {
                    first_moves.push(m);
                }
            }
        }
        let mut line = Vec::new();
        let mut cur = pos.clone();
        let mut left = n;
        while left > 0 {
            // The attacker: a move that mates in `left` (they all do so exactly, none faster):
            // one whose mate a search has already proved if there is one, else the first
            // that does (each one before it is refuted first).
            let mut candidates = self.candidates(&cur);
            let at = match candidates
                .iter()
                .position(|(_, next)| self.known_mate(next, me, left))
            {
                Some(i) => Some(i),
                None => candidates
                    .iter()
                    .position(|(_, next)| self.mates_within(next, me, left)),
            };
            let Some(at) = at else { break };
            let (m, next) = candidates.swap_remove(at);
            line.push(m);
            cur = next;
            left -= 1;
            if left == 0 {
                break;
            }
            // The defender: the first reply (in the order tried) that delays the mate
            // longest. The attacker mates within `left` after every reply and no faster after
            // some (else it had a quicker mate), so that reply is the first after which the
            // attacker has no mate within `left - 1`.
            let mut replies = cur.legal_moves();
            replies.sort_by_key(|m| cur.defence_order(m));
            let mut longest = None;
            for r in replies {
                let mut after = cur.clone();
                after.play_unchecked(&r);
                if !self.attack(&after, left - 1) {
                    if !self.stopped {
                        longest = Some((r, after));
                    }
                    break;
                }
            }
            let Some((r, after)) = longest else { break };
            line.push(r);
            cur = after;
        }
        Mate {
            moves: u32::from(n),
            line,
            first_moves,
            complete: !self.stopped,
        }
    }
}

/// What the moves of a position allow the opponent.
enum Escape<M> {
    /// After this move the opponent has no mate.
    Safe(M),
    /// Every move allows a mate.
    None,
    /// A search ran out of its budget.
    Unknown,
}

/// The main line as text, each move written in the position it is played from (Hodges
/// notation, as [`super::game::move_text`] writes it).
pub fn line_text<P: Searchable>(pos: &P, line: &[P::Move]) -> Vec<String> {
    line_text_in(pos, line, Style::default_for(pos.variant()))
}

/// The main line as text in `style`, each move written in the position it is played from.
pub fn line_text_in<P: Searchable>(pos: &P, line: &[P::Move], style: Style) -> Vec<String> {
    let mut cur = pos.clone();
    line.iter()
        .map(|m| {
            let mut after = cur.clone();
            after.play_unchecked(m);
            let t = cur.move_text(m, &after, style);
            cur = after;
            t
        })
        .collect()
}

/// The main line in `style` with move numbers, as records number them from the position's
/// own move number: Gufū numbers every ply (`14. S-2二>N+ 15. K-1一>E+ 16. K-2三>W#`), Wa
/// numbers move pairs (`31. TF*1c CK-2a 32. FG-2b+`, and `31... CK-2a 32. FG-2b+` when the
/// second mover starts). Empty for an empty line.
pub fn numbered_line<P: Searchable>(pos: &P, line: &[P::Move], style: Style) -> String {
    let mut cur = pos.clone();
    let mut out = String::new();
    for (i, m) in line.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&number_prefix(&cur, i == 0));
        let mut after = cur.clone();
        after.play_unchecked(m);
        out.push_str(&cur.move_text(m, &after, style));
        cur = after;
    }
    out
}
