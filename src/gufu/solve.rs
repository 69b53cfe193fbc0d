//! Gufū solved: the exact value of every position reachable from a root (the start, the four
//! setup drops included, or any position), by retrograde analysis.
//!
//! 1. Every position reachable from the root is enumerated breadth-first through the rules
//!    core (`legal_moves`, `play_unchecked`), each numbered by [`gufu_index`] (pieces' squares
//!    and facings, side to move, setup or not: below 1.6 million numbers), and the moves
//!    between them are kept as edges.
//! 2. The positions where the game is over (the rules core's `status`: King captured,
//!    checkmate, no legal move) are lost for the side to move, in 0 plies.
//! 3. Retrograde propagation, in order of distance: a position with a move to a position lost
//!    in N is won in N + 1 (the first such found is the quickest); a position all of whose
//!    moves lead to positions won for the opponent is lost in 1 + the longest of them.
//! 4. What is left has no forced end for either side: a draw (Gufū has no repetition rule).

use crate::analysis::Value;
use crate::geometry::Square;
use crate::gufu;
use crate::rules::{Position as _, Status};
use std::sync::OnceLock;

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

/// The value of every position reachable from a root.
#[derive(Clone, Debug)]
pub struct Solution {
    /// By [`gufu_index`]: 0 not reachable from the root; 1 draw; `2 + 2N` win in N;
    /// `3 + 2N` loss in N.
    table: Vec<u16>,
    root: gufu::Position,
    stats: SolveStats,
}

/// How many positions of each kind a solution holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Positions reachable from the root (the root included).
    pub positions: usize,
    /// Moves between them.
    pub moves: usize,
    /// Positions where the game is over.
    pub over: usize,
    /// Positions won, lost and drawn for the side to move.
    pub wins: usize,
    /// Positions lost for the side to move.
    pub losses: usize,
    /// Positions drawn.
    pub draws: usize,
    /// The longest win (in plies) among all positions.
    pub longest: u16,
}

fn pack(v: Value) -> u16 {
    match v {
        Value::Draw => 1,
        Value::Win(n) => 2 + 2 * n.min(0x7FFE),
        Value::Loss(n) => 3 + 2 * n.min(0x7FFE),
    }
}

fn unpack(c: u16) -> Option<Value> {
    match c {
        0 => None,
        1 => Some(Value::Draw),
        c if c % 2 == 0 => Some(Value::Win((c - 2) / 2)),
        c => Some(Value::Loss((c - 3) / 2)),
    }
}

/// The positions reachable from a root and the moves between them.
struct Graph {
    positions: Vec<gufu::Position>,
    /// The successors of position `i`: `succ[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    succ: Vec<u32>,
    /// The finished positions and their value for the side to move.
    over: Vec<(u32, Value)>,
    /// Position number by [`gufu_index`] (`u32::MAX`: not reached).
    number: Vec<u32>,
}

fn explore(root: &gufu::Position) -> Graph {
    let mut g = Graph {
        positions: vec![root.clone()],
        start: vec![0],
        succ: Vec::new(),
        over: Vec::new(),
        number: vec![u32::MAX; GUFU_INDEXES],
    };
    g.number[gufu_index(root) as usize] = 0;
    let mut i = 0;
    while i < g.positions.len() {
        let p = g.positions[i].clone();
        let moves = p.legal_moves();
        if moves.is_empty() {
            // The rules core gives no move only when the game is over.
            if let Status::Over(o) = p.status() {
                let v = match o.winner {
                    Some(w) if w == p.turn() => Value::Win(0),
                    Some(_) => Value::Loss(0),
                    None => Value::Draw,
                };
                g.over.push((i as u32, v));
            }
        }
        for m in &moves {
            let mut next = p.clone();
            next.play_unchecked(m);
            let slot = &mut g.number[gufu_index(&next) as usize];
            if *slot == u32::MAX {
                *slot = g.positions.len() as u32;
                g.positions.push(next);
            }
            g.succ.push(*slot);
        }
        g.start.push(g.succ.len() as u32);
        i += 1;
    }
    g
}

/// Retrograde propagation over the graph: the value of each position (by position number).
fn propagate(g: &Graph) -> Vec<Option<Value>> {
    let n = g.positions.len();
    // Predecessors, in the same compressed form as the successors.
    let mut pstart = vec![0u32; n + 1];
    for &s in &g.succ {
        pstart[s as usize + 1] += 1;
    }
    for i in 0..n {
        pstart[i + 1] += pstart[i];
    }
    let mut fill = pstart.clone();
    let mut pred = vec![0u32; g.succ.len()];
    for p in 0..n {
        for &s in &g.succ[g.start[p] as usize..g.start[p + 1] as usize] {
            pred[fill[s as usize] as usize] = p as u32;
            fill[s as usize] += 1;
        }
    }
    // Moves not yet known to lose, per position.
    let mut open: Vec<u32> = (0..n).map(|p| g.start[p + 1] - g.start[p]).collect();
    let mut value: Vec<Option<Value>> = vec![None; n];
    // First in, first out: positions come out in order of distance, so the first losing
    // successor found is the quickest and the last winning one the slowest.
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    for &(p, v) in &g.over {
        value[p as usize] = Some(v);
        if v != Value::Draw {
            queue.push(p);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head] as usize;
        head += 1;
        let v = value[s].expect("queued positions have a value");
        for &p in &pred[pstart[s] as usize..pstart[s + 1] as usize] {
            let p = p as usize;
            if value[p].is_some() {
                continue;
            }
            match v {
                Value::Loss(d) => {
                    value[p] = Some(Value::Win(d + 1));
                    queue.push(p as u32);
                }
                Value::Win(d) => {
                    open[p] -= 1;
                    if open[p] == 0 {
                        value[p] = Some(Value::Loss(d + 1));
                        queue.push(p as u32);
                    }
                }
                Value::Draw => {}
            }
        }
    }
    value
}

impl Solution {
    /// Solves every position reachable from `root`.
    pub fn solve(root: &gufu::Position) -> Solution {
        let g = explore(root);
        let values = propagate(&g);
        let mut table = vec![0u16; GUFU_INDEXES];
        let mut stats = SolveStats {
            positions: g.positions.len(),
            moves: g.succ.len(),
            over: g.over.len(),
            ..SolveStats::default()
        };
        for (p, v) in g.positions.iter().zip(&values) {
            let v = v.unwrap_or(Value::Draw);
            match v {
                Value::Win(n) => {
                    stats.wins += 1;
                    stats.longest = stats.longest.max(n);
                }
                Value::Loss(_) => stats.losses += 1,
                Value::Draw => stats.draws += 1,
            }
            table[gufu_index(p) as usize] = pack(v);
        }
        Solution {
            table,
            root: root.clone(),
            stats,
        }
    }

    /// The solution from the start position, computed once per process.
    pub fn start() -> &'static Solution {
        static START: OnceLock<Solution> = OnceLock::new();
        START.get_or_init(|| Solution::solve(&gufu::Position::default()))
    }

    /// A solution that covers `pos`: the start's if `pos` can arise from the start, else one
    /// solved from `pos` itself.
    pub fn covering(pos: &gufu::Position) -> std::borrow::Cow<'static, Solution> {
        let start = Solution::start();
        if start.value(pos).is_some() {
            std::borrow::Cow::Borrowed(start)
        } else {
            std::borrow::Cow::Owned(Solution::solve(pos))
        }
    }

    /// The position the solution was solved from.
    pub fn root(&self) -> &gufu::Position {
        &self.root
    }

    /// How many positions of each kind the solution holds.
    pub fn stats(&self) -> SolveStats {
        self.stats
    }

    /// The value of a position for its side to move; None if it cannot arise from the root.
    pub fn value(&self, pos: &gufu::Position) -> Option<Value> {
        unpack(self.table[gufu_index(pos) as usize])
    }

    /// Every legal move with its value for the side that plays it, best first (quickest win
    /// first, slowest loss last; equal values in board order, [`crate::rules::board_order`]). Empty where
    /// the game is over or the position is not covered.
    pub fn moves(&self, pos: &gufu::Position) -> Vec<(gufu::Move, Value)> {
        if self.value(pos).is_none() {
            return Vec::new();
        }
        let mut moves = pos.legal_moves();
        moves.sort_by_key(|m| crate::rules::board_order(*m));
        let mut out: Vec<(gufu::Move, Value)> = moves
            .into_iter()
            .filter_map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(&m);
                self.value(&next).map(|v| (m, v.back()))
            })
            .collect();
        out.sort_by_key(|(_, v)| v.rank());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        for v in [
            Value::Draw,
            Value::Win(0),
            Value::Win(1),
            Value::Loss(0),
            Value::Loss(37),
            Value::Win(500),
        ] {
            assert_eq!(unpack(pack(v)), Some(v));
        }
        assert_eq!(unpack(0), None);
    }

    #[test]
    fn a_finished_game_is_lost_in_zero() {
        // The checkmate of the rules page: White to move is mated.
        let p = gufu::posstr::parse("1kn/SnWn/1Kn w - 12").unwrap();
        let s = Solution::solve(&p);
        assert_eq!(s.value(&p), Some(Value::Loss(0)));
        assert_eq!(s.stats().positions, 1);
        assert!(s.moves(&p).is_empty());
    }
}
