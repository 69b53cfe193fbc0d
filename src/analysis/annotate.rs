//! A game's plies judged one by one: the value before and after each move, the best move,
//! and a verdict.
//!
//! - **Gufū**: exact values from [`Solution`](crate::gufu::solve::Solution). A move that worsens
//!   the outcome (a win thrown to a draw or a loss, a draw to a loss) is a blunder (`??`,
//!   NAG 4); the only move that keeps a win is good (`!`, NAG 1).
//! - **Wa**: each position's [`MateValue`] for its side to move, by
//!   [`Search::judge`](super::mate::Search::judge). A move that lets a forced mate slip is a
//!   mistake (`?`, NAG 2); a move that allows the opponent a forced mate, from a position that
//!   was not lost, is a blunder (`??`, NAG 4); the only first move of the shortest mate is good
//!   (`!`, NAG 1).
//!
//! In both games the value after a move, for the side that played it, is the value before
//! the next move flipped ([`Outlook::flip`]): one value per position.
//!
//! The input is the game as the rules core sees it: the positions before each move and the
//! moves ([`Judge`] for either game); the caller turns a replayed record into that. Each
//! game's judging (its [`Judge`], its notes) is in its own folder: `src/<game>/analysis.rs`.

use super::Value;
use super::mate::{MateOptions, MateValue};
use crate::rules::Position;
use std::time::Duration;

pub use crate::gufu::analysis::gufu_game;
pub use crate::wa::analysis::{WaJudging, wa_game};

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
    /// The value before the move, for the side that plays it: Gufū `win in 7`, `draw`, `loss
    /// in 4` (plies); Wa `mate in 2` (the mover mates), `mated in 2` (the opponent mates
    /// whatever the mover plays), `no mate within 3` (proved for both sides), `unknown` (a
    /// search ran out of its budget).
    pub before: Outlook,
    /// The value after the move, for the same side: the value before the next move, for the
    /// other side, flipped (Wa: `mate` when the move mates).
    pub after: Outlook,
    /// The best move (Gufū: the first of the best; Wa: the mating move, or, after a move that
    /// allows a mate, a move that does not), if the analysis names one.
    pub best: Option<String>,
    /// The judgement on the move, if it deserves one (`!`, `?`, `??`).
    pub verdict: Option<Verdict>,
    /// A short comment for the record (`win in 7 → draw; best K-1二>N`), on plies with a
    /// verdict.
    pub comment: Option<String>,
}

/// A position's value for one side: exact (Gufū), or what a mate search says (Wa).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outlook {
    /// Gufū: the value with perfect play, from the whole game's solution.
    Exact(Value),
    /// Wa: what the mate searches proved (a mate, no mate within the depth, or unknown).
    Mates(MateValue),
}

impl Outlook {
    /// The same position's value for the other side.
    pub fn flip(self) -> Outlook {
        match self {
            Outlook::Exact(v) => Outlook::Exact(v.flip()),
            Outlook::Mates(v) => Outlook::Mates(v.flip()),
        }
    }
}

impl std::fmt::Display for Outlook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outlook::Exact(v) => v.fmt(f),
            Outlook::Mates(v) => v.fmt(f),
        }
    }
}

/// Time budgets of an analysis: `per_position` for the mate searches of one position (Wa),
/// `per_game` for all of a game's. A position whose searches run out of time is `unknown`
/// (never "no mate"); once a game's budget is spent, its remaining positions are `unknown`
/// without a search. Gufū's values are exact and need no search: budgets do not apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The time the mate searches of one position may take; None: no limit.
    pub per_position: Option<Duration>,
    /// The time the mate searches of a whole game may take together; None: no limit.
    pub per_game: Option<Duration>,
}

/// A game whose plies can be judged, one at a time in the order of the game (as a walk of its
/// main line gives them), keeping only what the next ply needs: Gufū exactly ([`gufu_game`]),
/// Wa by mate searches ([`wa_game`], also for [`wa::Game`](crate::wa::Game), the replay's Wa
/// positions).
pub trait Judge: Position {
    /// What judging keeps from one ply to the next.
    type Judging;

    /// Begins the judging of a game whose first move is played from `start`. `mate` sets the
    /// mate searches (Wa), `budget` their time.
    fn begin_judging(start: &Self, mate: MateOptions, budget: Budget) -> Self::Judging;

    /// The note of ply `ply` (1 for the game's first move): `mv`, played from `before` to
    /// `after`. Plies come in order: `before` is the previous ply's `after`.
    fn judge_ply(
        judging: &mut Self::Judging,
        ply: usize,
        before: &Self,
        mv: &Self::Move,
        after: &Self,
    ) -> PlyNote;

    /// Every ply at once: `positions[i]` is the position before `moves[i]`; `positions` has
    /// one more entry, the position after the last move.
    fn judge(positions: &[Self], moves: &[Self::Move], mate: MateOptions) -> Vec<PlyNote> {
        let Some(first) = positions.first() else {
            return Vec::new();
        };
        let mut judging = Self::begin_judging(first, mate, Budget::default());
        positions
            .windows(2)
            .zip(moves)
            .enumerate()
            .map(|(i, (w, m))| Self::judge_ply(&mut judging, i + 1, &w[0], m, &w[1]))
            .collect()
    }
}

/// A verdict's comment: `before → after`, then `; best …` and `; …` when given.
pub(crate) fn note_comment(
    before: &str,
    after: &str,
    best: Option<&str>,
    tail: Option<&str>,
) -> String {
    let mut s = format!("{before} → {after}");
    if let Some(b) = best {
        s.push_str(&format!("; best {b}"));
    }
    if let Some(t) = tail {
        s.push_str(&format!("; {t}"));
    }
    s
}
