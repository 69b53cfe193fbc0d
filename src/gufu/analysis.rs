//! Gufū's side of the analysis ([`crate::analysis`]): the mate search's key of a position
//! ([`Searchable`], by the solver's [`gufu_index`]), and a game's plies judged exactly by the
//! solution ([`Judge`], [`gufu_game`]).

use crate::analysis::Value;
use crate::analysis::annotate::{Budget, Judge, Outlook, PlyNote, Verdict, note_comment};
use crate::analysis::game::{Searchable, move_text};
use crate::analysis::mate::MateOptions;
use crate::gufu;
use crate::gufu::solve::{Solution, gufu_index};
use std::borrow::Cow;

impl Searchable for gufu::Position {
    fn key(&self) -> u128 {
        u128::from(gufu_index(self))
    }

    /// Every reply is a first one (the defence order is the same for all): none is left.
    fn other_replies(&self) -> Vec<gufu::Move> {
        Vec::new()
    }
}

impl Judge for gufu::Position {
    type Judging = Cow<'static, Solution>;

    fn begin_judging(start: &Self, _: MateOptions, _: Budget) -> Self::Judging {
        Solution::covering(start)
    }

    fn judge_ply(
        solution: &mut Self::Judging,
        ply: usize,
        before: &Self,
        mv: &gufu::Move,
        after: &Self,
    ) -> PlyNote {
        gufu_note(solution, ply, before, mv, after)
    }
}

/// Gufū: `positions[i]` is the position before `moves[i]`; `positions` has one more entry,
/// the position after the last move.
pub fn gufu_game(positions: &[gufu::Position], moves: &[gufu::Move]) -> Vec<PlyNote> {
    Judge::judge(positions, moves, MateOptions::default())
}

/// Gufū: ply `ply`, `m` played from `p` to `next`, judged by the exact solution.
fn gufu_note(
    solution: &Solution,
    ply: usize,
    p: &gufu::Position,
    m: &gufu::Move,
    next: &gufu::Position,
) -> PlyNote {
    let value = |p: &gufu::Position| solution.value(p).unwrap_or(Value::Draw);
    let before = value(p);
    let after = value(next).flip();
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
    PlyNote {
        ply,
        mv: move_text(p, m),
        before: Outlook::Exact(before),
        after: Outlook::Exact(after),
        best,
        verdict,
        comment,
    }
}
