//! A game's plies judged one by one: the value before and after each move, the best move,
//! and a verdict.
//!
//! - **Gufū**: exact values from [`Solution`]. A move that worsens the outcome (a win thrown
//!   to a draw or a loss, a draw to a loss) is a blunder (`??`, NAG 4); the only move that
//!   keeps a win is good (`!`, NAG 1).
//! - **Wa**: forced mates within a depth, found by [`Search`] for either side. A move that
//!   lets a forced mate slip is a mistake (`?`, NAG 2); a move that allows the opponent a forced
//!   mate, where another move would not have, is a blunder (`??`, NAG 4).
//!
//! The input is the game as the rules core sees it: the positions before each move and the
//! moves ([`Judge`] for either game); the caller turns a replayed record into that.

use super::Value;
use super::game::move_text;
use super::mate::{Found, Options, Search};
use super::solve::Solution;
use crate::rules::Position;
use crate::{gufu, wa};

/// A judgement on a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `!`: the only move that keeps a win.
    Only,
    /// `?`: a forced mate was there and the move lets it go.
    Mistake,
    /// `??`: the move throws the outcome away (Gufū), or allows a forced mate (Wa).
    Blunder,
}

impl Verdict {
    /// The glyph: `!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Verdict::Only => "!",
            Verdict::Mistake => "?",
            Verdict::Blunder => "??",
        }
    }

    /// The NAG number: 1, 2, 4.
    pub fn nag(self) -> u8 {
        match self {
            Verdict::Only => 1,
            Verdict::Mistake => 2,
            Verdict::Blunder => 4,
        }
    }
}

/// What the analysis says about one ply. Values are for the side that plays the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyNote {
    /// 1 for the game's first move.
    pub ply: usize,
    /// The move in Hodges notation.
    pub mv: String,
    /// The value before the move: Gufū `win in 7`, `draw`, `loss in 4`; Wa `mate in 2` (the
    /// mover mates), `mated in 2` (the opponent mates whatever the mover plays), `no mate
    /// found`, `unknown` (the search ran out of its budget).
    pub before: String,
    /// The value after the move, for the same side (Wa: `mate` when the move mates).
    pub after: String,
    /// The best move (Gufū: the first of the best; Wa: the mating move, or, after a move that
    /// allows a mate, a move that does not), if the analysis names one.
    pub best: Option<String>,
    pub verdict: Option<Verdict>,
    /// A short comment for the record (`win in 7 → draw; best K-1二>N`), on plies with a
    /// verdict.
    pub comment: Option<String>,
}

/// A game whose plies can be judged: Gufū exactly ([`gufu_game`]), Wa by mate searches
/// ([`wa_game`], also for [`wa::Game`], the replay's Wa positions).
pub trait Judge: Position {
    /// `positions[i]` is the position before `moves[i]`; `positions` has one more entry, the
    /// position after the last move. `mate` sets the mate searches (Wa).
    fn judge(positions: &[Self], moves: &[Self::Move], mate: Options) -> Vec<PlyNote>;
}

impl Judge for gufu::Position {
    fn judge(positions: &[Self], moves: &[gufu::Move], _: Options) -> Vec<PlyNote> {
        gufu_game(positions, moves)
    }
}

impl Judge for wa::Position {
    fn judge(positions: &[Self], moves: &[wa::Move], mate: Options) -> Vec<PlyNote> {
        wa_game(positions, moves, mate)
    }
}

impl Judge for wa::Game {
    fn judge(positions: &[Self], moves: &[wa::Move], mate: Options) -> Vec<PlyNote> {
        let positions: Vec<wa::Position> = positions.iter().map(|g| g.position().clone()).collect();
        wa_game(&positions, moves, mate)
    }
}

fn note_comment(before: &str, after: &str, best: Option<&str>, tail: Option<&str>) -> String {
    let mut s = format!("{before} → {after}");
    if let Some(b) = best {
        s.push_str(&format!("; best {b}"));
    }
    if let Some(t) = tail {
        s.push_str(&format!("; {t}"));
    }
    s
}

/// Gufū: `positions[i]` is the position before `moves[i]`; `positions` has one more entry,
/// the position after the last move.
pub fn gufu_game(positions: &[gufu::Position], moves: &[gufu::Move]) -> Vec<PlyNote> {
    let Some(first) = positions.first() else {
        return Vec::new();
    };
    let solution = Solution::covering(first);
    let value = |p: &gufu::Position| solution.value(p).unwrap_or(Value::Draw);
    let mut out = Vec::with_capacity(moves.len());
    for (i, (p, m)) in positions.iter().zip(moves).enumerate() {
        let Some(next) = positions.get(i + 1) else {
            break;
        };
        let before = value(p);
        let after = value(next).back();
        let ranked = solution.moves(p);
        let best = ranked.first().map(|(b, _)| move_text(p, b));
        let winning = ranked
            .iter()
            .filter(|(_, v)| matches!(v, Value::Win(_)))
            .count();
        let (verdict, comment) = if after.class() < before.class() {
            let c = note_comment(
                &before.to_string(),
                &after.to_string(),
                best.as_deref(),
                None,
            );
            (Some(Verdict::Blunder), Some(c))
        } else if matches!(after, Value::Win(_)) && winning == 1 {
            (
                Some(Verdict::Only),
                Some(format!("{before}; the only winning move")),
            )
        } else {
            (None, None)
        };
        out.push(PlyNote {
            ply: i + 1,
            mv: move_text(p, m),
            before: before.to_string(),
            after: after.to_string(),
            best,
            verdict,
            comment,
        });
    }
    out
}

/// What a mate search said about a position, for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mates {
    /// The side to move mates in this many moves.
    In(u32),
    None,
    Unknown,
}

/// Wa: as [`gufu_game`], with mates searched to `opts.depth` moves for either side.
pub fn wa_game(positions: &[wa::Position], moves: &[wa::Move], opts: Options) -> Vec<PlyNote> {
    let mut search = Search::<wa::Position>::new(opts);
    // For each position: the side to move's own mate, and its first move.
    let own: Vec<(Mates, Option<wa::Move>)> = positions
        .iter()
        .map(|p| match search.find(p) {
            Found::Mate(m) => (Mates::In(m.moves), m.line.first().copied()),
            Found::None => (Mates::None, None),
            Found::Stopped => (Mates::Unknown, None),
        })
        .collect();
    let mut out = Vec::with_capacity(moves.len());
    // The mover's opponent's forced mate in this position, when known (from the ply before).
    let mut mated_in: Option<u32> = None;
    for (i, (p, m)) in positions.iter().zip(moves).enumerate() {
        let Some(next) = positions.get(i + 1) else {
            break;
        };
        let text = |mv: &wa::Move| move_text(p, mv);
        let (mine, my_move) = own[i];
        let before = match (mine, mated_in) {
            (Mates::In(k), _) => format!("mate in {k}"),
            (_, Some(k)) => format!("mated in {k}"),
            (Mates::Unknown, None) => "unknown".to_string(),
            (Mates::None, None) => "no mate found".to_string(),
        };
        let gave_mate = next.outcome().is_some_and(|o| o.winner == Some(p.turn()));
        // After the move: does the mover still force mate (in how many more moves)?
        let kept = if gave_mate {
            Mates::In(0)
        } else if let Mates::In(_) = mine {
            match search.forced_after(next, opts.depth) {
                Some(k) => Mates::In(k),
                None if search.stopped() => Mates::Unknown,
                None => Mates::None,
            }
        } else {
            Mates::None
        };
        // And the opponent?
        let theirs = own[i + 1].0;
        // Lost already (the opponent's mate was forced before this move): no verdict.
        let lost = mated_in.take();
        let after = match (kept, theirs) {
            (Mates::In(0), _) => "mate".to_string(),
            (Mates::In(k), _) => {
                mated_in = Some(k);
                format!("mate in {k}")
            }
            (Mates::Unknown, _) | (_, Mates::Unknown) => "unknown".to_string(),
            (Mates::None, Mates::In(k)) => format!("mated in {k}"),
            (Mates::None, Mates::None) => "no mate found".to_string(),
        };
        let missed = matches!(mine, Mates::In(_)) && kept == Mates::None;
        let allowed = matches!(theirs, Mates::In(_));
        let mut best = my_move.map(|b| text(&b));
        let mut verdict = None;
        let mut tail = None;
        if allowed && lost.is_none() {
            // A blunder only if some other move would not have allowed a mate.
            let escape = match (mine, my_move) {
                (Mates::In(_), Some(mine)) => Escape::Safe(mine),
                _ => safe_move(p, m, &mut search, opts.max_nodes),
            };
            match escape {
                Escape::Safe(e) => {
                    verdict = Some(Verdict::Blunder);
                    if best.is_none() {
                        best = Some(text(&e));
                    }
                }
                Escape::None => tail = Some("every move allows a mate"),
                Escape::Unknown => {}
            }
        } else if missed {
            verdict = Some(Verdict::Mistake);
        }
        let comment = verdict
            .map(|_| note_comment(&before, &after, best.as_deref(), None))
            .or_else(|| tail.map(|t| note_comment(&before, &after, None, Some(t))));
        out.push(PlyNote {
            ply: i + 1,
            mv: text(m),
            before,
            after,
            best,
            verdict,
            comment,
        });
    }
    out
}

/// What the other moves of a position allow.
enum Escape {
    /// This move allows no forced mate.
    Safe(wa::Move),
    /// Every move allows one.
    None,
    /// Not known: a search ran out of its budget, or the alternatives used up a whole
    /// search's budget between them.
    Unknown,
}

/// A legal move other than `played` after which the opponent has no forced mate within the
/// search's depth, if there is one.
fn safe_move(
    pos: &wa::Position,
    played: &wa::Move,
    search: &mut Search<wa::Position>,
    budget: Option<u64>,
) -> Escape {
    let start = search.nodes();
    let mut unknown = false;
    for m in pos.legal_moves() {
        if m == *played {
            continue;
        }
        if budget.is_some_and(|b| search.nodes() - start > b) {
            return Escape::Unknown;
        }
        let mut next = pos.clone();
        next.play_unchecked(&m);
        // (A move that mates is safe: the opponent has no move at all.)
        match search.find(&next) {
            Found::None => return Escape::Safe(m),
            Found::Stopped => unknown = true,
            Found::Mate(_) => {}
        }
    }
    if unknown {
        Escape::Unknown
    } else {
        Escape::None
    }
}
