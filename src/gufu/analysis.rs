//! Gufū's side of the analysis ([`crate::analysis`]): a compact number for a position
//! ([`gufu_index`]: the solver's tables and the mate search's key, [`Searchable`]), and a
//! game's plies judged exactly by the solution ([`Judge`], [`gufu_game`]).

use crate::analysis::Value;
use crate::analysis::annotate::{Budget, Judge, Outlook, PlyNote, Verdict, note_comment};
use crate::analysis::game::{Searchable, move_text};
use crate::analysis::mate::MateOptions;
use crate::analysis::solve::Solution;
use crate::geometry::Square;
use crate::gufu;
use crate::rules::Position as _;
use std::borrow::Cow;

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
    fn key(&self) -> u128 {
        u128::from(gufu_index(self))
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
