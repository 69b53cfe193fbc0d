//! Forced mates: the shortest mate the side to move (the attacker) can force within N of its
//! own moves, against every defence, drops included.
//!
//! A mate is a move after which the game is over and the attacker has won, as the rules core
//! says (`status`): in Wa, checkmate (or no legal move at all, which also loses); in Gufū,
//! checkmate, a King's capture, or no legal move. By default the attacker's moves are only
//! those a mate problem allows (see [`Searchable::checking_moves`]: checks, and in Gufū the
//! capture of a King); [`Options::all_moves`] lifts that. The defender may play any legal move.
//! Repetition is not considered (a mate search has no game history).
//!
//! The search is an AND/OR search with iterative deepening (mate in 1, then in 2, ...), a
//! transposition table keyed by the positions' hash (what is proved or refuted at each depth),
//! immediate mates tried first, the attacker's moves ordered by how few replies they leave,
//! and the defender's by how likely they are to refute (King moves and captures first).

use super::game::{Searchable, move_text};
use crate::geometry::Color;
use rustc_hash::FxHashMap;

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The most moves of the attacker (a mate in N has 2N - 1 plies).
    pub depth: u32,
    /// Let the attacker play any move, not only checks.
    pub all_moves: bool,
    /// Stop after visiting this many positions (None: no limit).
    pub max_nodes: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            depth: 3,
            all_moves: false,
            max_nodes: None,
        }
    }
}

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
    /// Every first move that mates in `moves` (the first of them starts `line`).
    pub first_moves: Vec<M>,
    /// False if the node budget ran out while the line and the first moves were worked out
    /// (they may then be incomplete).
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

/// Entries kept before the table is emptied (a bound on memory: ~100 MB).
const TABLE_CAP: usize = 2_000_000;

/// A mate search; keeps its transposition table between calls.
pub struct Search<P: Searchable> {
    opts: Options,
    table: FxHashMap<u128, Entry>,
    nodes: u64,
    /// `nodes` when the current search began (the budget is per search).
    began: u64,
    stopped: bool,
    _game: std::marker::PhantomData<P>,
}

impl<P: Searchable> Search<P> {
    pub fn new(opts: Options) -> Search<P> {
        Search {
            opts,
            table: FxHashMap::default(),
            nodes: 0,
            began: 0,
            stopped: false,
            _game: std::marker::PhantomData,
        }
    }

    /// Positions visited so far, by every search of this value.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A new search within the budget.
    fn begin(&mut self) {
        self.began = self.nodes;
        self.stopped = false;
    }

    /// The shortest forced mate for the side to move in `pos`, within the depth.
    pub fn find(&mut self, pos: &P) -> Found<P::Move> {
        self.begin();
        for n in 1..=self.opts.depth.min(u8::MAX as u32) {
            if self.attack(pos, n as u8) {
                // The explanation gets a budget of its own.
                self.begin();
                return Found::Mate(self.explain(pos, n as u8));
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
        (1..=depth.min(u8::MAX as u32)).find(|&n| self.defend(pos, moves.clone(), n as u8))
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
        !self.stopped
    }

    fn store(&mut self, key: u128, f: impl FnOnce(&mut Entry)) {
        if self.table.len() >= TABLE_CAP {
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
            return pos
                .checking_moves()
                .iter()
                .any(|(_, next)| Self::won_by(next, me));
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

    /// The shortest mate for `attacker` through the move that led to `next`: the attacker's
    /// moves needed, that move included (None: none within `n`).
    fn mates_with(&mut self, next: &P, attacker: Color, n: u8) -> Option<u8> {
        let replies = next.legal_moves();
        if replies.is_empty() {
            return Self::won_by(next, attacker).then_some(1);
        }
        (1..n)
            .find(|&k| self.defend(next, replies.clone(), k))
            .map(|k| k + 1)
    }

    /// The main line and every first move of a mate in exactly `n` (known to exist).
    fn explain(&mut self, pos: &P, n: u8) -> Mate<P::Move> {
        let me = pos.turn();
        let mut first_moves = Vec::new();
        for (m, next) in self.candidates(pos) {
            if self.mates_with(&next, me, n) == Some(n) {
                first_moves.push(m);
            }
        }
        let mut line = Vec::new();
        let mut cur = pos.clone();
        let mut left = n;
        while left > 0 {
            // The attacker: the first move that mates in `left` (they all do so exactly).
            let Some((m, next)) = self
                .candidates(&cur)
                .into_iter()
                .find(|(_, next)| self.mates_with(next, me, left).is_some())
            else {
                break;
            };
            line.push(m);
            cur = next;
            left -= 1;
            if left == 0 {
                break;
            }
            // The defender: the reply that delays the mate longest.
            let mut replies = cur.legal_moves();
            replies.sort_by_key(|m| cur.defence_order(m));
            let mut best: Option<(u8, P::Move, P)> = None;
            for r in replies {
                let mut after = cur.clone();
                after.play_unchecked(&r);
                let k = (1..=left).find(|&k| self.attack(&after, k)).unwrap_or(left);
                if best.as_ref().is_none_or(|(b, _, _)| k > *b) {
                    best = Some((k, r, after));
                }
            }
            let Some((k, r, after)) = best else { break };
            line.push(r);
            cur = after;
            left = k;
        }
        Mate {
            moves: u32::from(n),
            line,
            first_moves,
            complete: !self.stopped,
        }
    }
}

/// The main line as text, each move written in the position it is played from.
pub fn line_text<P: Searchable>(pos: &P, line: &[P::Move]) -> Vec<String> {
    let mut cur = pos.clone();
    line.iter()
        .map(|m| {
            let t = move_text(&cur, m);
            cur.play_unchecked(m);
            t
        })
        .collect()
}
