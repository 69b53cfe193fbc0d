//! `kifu.mate`, `kifu.solve`, `kifu.analyze`: the library's analyses (forced mates, Gufū
//! solved exactly, a game's plies judged), their results as Python objects.

use crate::board::{Board, Move};
use crate::errors;
use crate::game::Game;
use kifu::Variant;
use kifu::analysis::Value as RustValue;
use kifu::analysis::annotate::{Budget, PlyNote as RustNote};
use kifu::analysis::game::Searchable;
use kifu::analysis::mate::{self as mates, Found, Search};
use kifu::analysis::record::judge_main_line;
use kifu::gufu::solve::Solution;
use kifu::rules::PerGame;
use pyo3::prelude::*;
use std::time::{Duration, Instant};

/// What `kifu.mate` found: `found` is `"mate"` (a forced mate in `moves` moves of the side
/// to move), `"none"` (proved: no mate within the depth) or `"stopped"` (a budget, of
/// positions or of time, ran out first). `line` is the main line (the quickest mate against the longest defence) as
/// `kifu.Move`s and `line_text` the same in notation; `first_moves` every first move that
/// mates as fast (with `all_solutions=True`; else empty). True in a boolean context when a mate was found.
///
/// >>> board = kifu.read_game("fixtures/xboard/crazywa-01.pgn").mainline()[-2].board()
/// >>> found = kifu.mate(board, depth=2)
/// >>> found
/// <MateResult mate in 1: CEx8k>
/// >>> bool(found), found.found, found.moves, found.line, found.complete
/// (True, 'mate', 1, [Move.from_engine("b3d1")], True)
#[pyclass(module = "kifu", frozen, get_all)]
pub struct MateResult {
    /// `"mate"`, `"none"` or `"stopped"`.
    pub found: String,
    /// The attacker's moves to mate (None without a mate).
    pub moves: Option<u32>,
    /// The main line, 2 × moves - 1 plies.
    pub line: Vec<Move>,
    /// The main line in notation (Hodges).
    pub line_text: Vec<String>,
    /// Every first move that mates in `moves` (with `all_solutions=True`; else empty).
    pub first_moves: Vec<Move>,
    /// False if the budget ran out while the line was worked out (it may be incomplete).
    pub complete: bool,
    /// Positions visited.
    pub nodes: u64,
}

#[pymethods]
impl MateResult {
    fn __bool__(&self) -> bool {
        self.found == "mate"
    }

    fn __repr__(&self) -> String {
        match self.moves {
            Some(n) => format!("<MateResult mate in {n}: {}>", self.line_text.join(" ")),
            None => format!("<MateResult {}>", self.found),
        }
    }
}

fn search<P: Searchable>(
    pos: &P,
    opts: mates::MateOptions,
    deadline: Option<Instant>,
    wrap: impl Fn(P::Move) -> Move,
) -> MateResult {
    let mut s = Search::<P>::new(opts);
    s.set_deadline(deadline);
    let found = s.find(pos);
    let nodes = s.nodes();
    match found {
        Found::Mate(m) => MateResult {
            found: "mate".into(),
            moves: Some(m.moves),
            line_text: mates::line_text(pos, &m.line),
            line: m.line.iter().map(|&x| wrap(x)).collect(),
            first_moves: m.first_moves.iter().map(|&x| wrap(x)).collect(),
            complete: m.complete,
            nodes,
        },
        Found::None | Found::Stopped => MateResult {
            found: if matches!(found, Found::None) {
                "none"
            } else {
                "stopped"
            }
            .into(),
            moves: None,
            line: Vec::new(),
            line_text: Vec::new(),
            first_moves: Vec::new(),
            complete: true,
            nodes,
        },
    }
}

/// The shortest forced mate for the side to move within `depth` of its moves, against every
/// defence (as `kifu mate`): by default the attacker plays only checks (and in Gufū King
/// captures); `all_moves=True` lets it play anything. `max_nodes` bounds the search (0: no
/// limit), and `time_limit` its time in seconds (None: no limit); a search that runs out of
/// either is `found == "stopped"`, never "none". `all_solutions=True` also lists every first
/// move that mates as fast (`first_moves`): a composer's soundness check, which costs a proof
/// that every other check fails, often far more than the mate itself.
///
/// >>> board = kifu.read_game("fixtures/xboard/crazywa-01.pgn").mainline()[-2].board()
/// >>> kifu.mate(board, depth=2).line_text
/// ['CEx8k']
/// >>> kifu.mate(kifu.Board(), depth=1)
/// <MateResult none>
#[pyfunction]
#[pyo3(signature = (board, depth = 3, all_moves = false, max_nodes = 5_000_000, all_solutions = false, time_limit = None))]
pub fn mate(
    py: Python<'_>,
    board: &Board,
    depth: u32,
    all_moves: bool,
    max_nodes: u64,
    all_solutions: bool,
    time_limit: Option<f64>,
) -> PyResult<MateResult> {
    if depth == 0 || depth > 20 {
        return Err(errors::value_error("depth must be from 1 to 20"));
    }
    let deadline = match time_limit {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 && t <= 1e9 => {
            Some(Instant::now() + Duration::from_secs_f64(t))
        }
        Some(_) => {
            return Err(errors::value_error(
                "time_limit must be a number of seconds above 0, or None",
            ));
        }
    };
    let opts = mates::MateOptions {
        depth,
        all_moves,
        max_nodes: (max_nodes > 0).then_some(max_nodes),
        all_solutions,
        ..mates::MateOptions::default()
    };
    let state = board.state.clone();
    let variant = state.variant();
    Ok(py.detach(move || match &state {
        PerGame::Wa(g) => search(g.position(), opts, deadline, |m| {
            Move::new(PerGame::Wa(m), variant)
        }),
        PerGame::Gufu(p) => search(p, opts, deadline, |m| Move::new(PerGame::Gufu(m), variant)),
    }))
}

/// The value of a position with perfect play, for the side to move: `outcome` (`"win"`,
/// `"loss"`, `"draw"`) and `plies` to the end (None for a draw); `str()` is `win in 7`.
///
/// >>> board = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[-2].board()
/// >>> value = kifu.solve(board).value
/// >>> value, str(value), value.outcome, value.plies
/// (<Value win in 1>, 'win in 1', 'win', 1)
#[pyclass(module = "kifu", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub struct Value {
    /// `"win"`, `"loss"` or `"draw"`.
    pub outcome: String,
    /// Plies to the end with perfect play (None for a draw).
    pub plies: Option<u16>,
}

impl Value {
    fn of(v: RustValue) -> Value {
        Value {
            outcome: v.outcome_name().to_string(),
            plies: v.plies(),
        }
    }
}

#[pymethods]
impl Value {
    fn __str__(&self) -> String {
        match self.plies {
            Some(n) => format!("{} in {n}", self.outcome),
            None => self.outcome.clone(),
        }
    }

    fn __repr__(&self) -> String {
        format!("<Value {}>", self.__str__())
    }
}

/// What `kifu.solve` says of a Gufū position: its `value` for the side to move and every
/// legal move with its value for the side that plays it (`moves`, best first); `best` the
/// first of them (None when the game is over).
///
/// >>> board = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[-2].board()
/// >>> result = kifu.solve(board)
/// >>> result
/// <SolveResult win in 1>
/// >>> result.best, result.moves[0]
/// (Move.from_engine("1a1b>S", variant="gufu"), (Move.from_engine("1a1b>S", variant="gufu"), <Value win in 1>))
#[pyclass(module = "kifu", frozen, get_all)]
pub struct SolveResult {
    /// The position's value for the side to move.
    pub value: Value,
    /// (move, value for its player), best first.
    pub moves: Vec<(Move, Value)>,
    /// The best move, or None.
    pub best: Option<Move>,
}

#[pymethods]
impl SolveResult {
    fn __repr__(&self) -> String {
        format!("<SolveResult {}>", self.value.__str__())
    }
}

/// Gufū shōgi solved exactly (as `kifu solve`): the value of `board` (a Gufū board) and of
/// each legal move. A Wa board raises ValueError.
///
/// >>> board = kifu.Board("gufu")
/// >>> for text in ["K*2三>W", "K*1二>W", "W*1一>E", "S*2一>W"]:
/// ...     _ = board.push_text(text)
/// >>> result = kifu.solve(board)
/// >>> str(result.value), len(result.moves), str(result.moves[-1][1])
/// ('draw', 7, 'loss in 2')
#[pyfunction]
pub fn solve(py: Python<'_>, board: &Board) -> PyResult<SolveResult> {
    let PerGame::Gufu(pos) = &board.state else {
        return Err(errors::value_error("kifu.solve solves Gufū positions only"));
    };
    let pos = pos.clone();
    py.detach(move || {
        let solution = Solution::covering(&pos);
        let value = solution
            .value(&pos)
            .ok_or_else(|| errors::value_error("the position cannot be solved"))?;
        let moves: Vec<(Move, Value)> = solution
            .moves(&pos)
            .into_iter()
            .map(|(m, v)| (Move::new(PerGame::Gufu(m), Variant::Gufu), Value::of(v)))
            .collect();
        Ok(SolveResult {
            value: Value::of(value),
            best: moves.first().map(|(m, _)| m.clone()),
            moves,
        })
    })
}

/// One ply of `kifu.analyze`: values are for the side that plays the move.
///
/// >>> note = kifu.analyze(kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn"))[-1]
/// >>> note
/// <PlyNote 17 Sx1二>S#!: win in 1 -> win in 0>
/// >>> note.ply, note.move, note.before, note.after, note.verdict, note.nag
/// (17, 'Sx1二>S#', 'win in 1', 'win in 0', '!', 1)
#[pyclass(module = "kifu", frozen, get_all)]
pub struct PlyNote {
    /// 1 for the game's first move.
    pub ply: usize,
    /// The move in Hodges notation.
    pub r#move: String,
    /// The value before the move (Gufū `win in 7`, `draw`; Wa `mate in 2`, `mated in 2`,
    /// `no mate found`, `unknown`).
    pub before: String,
    /// The value after the move, for the same side.
    pub after: String,
    /// The best move, if the analysis names one.
    pub best: Option<String>,
    /// `"!"`, `"?"`, `"??"`, or None.
    pub verdict: Option<String>,
    /// The verdict's NAG (1, 2, 4), or None.
    pub nag: Option<u8>,
    /// The short comment `kifu analyze` writes on a judged move, or None.
    pub comment: Option<String>,
}

#[pymethods]
impl PlyNote {
    fn __repr__(&self) -> String {
        format!(
            "<PlyNote {} {}{}: {} -> {}>",
            self.ply,
            self.r#move,
            self.verdict.as_deref().unwrap_or(""),
            self.before,
            self.after
        )
    }
}

fn note(n: RustNote) -> PlyNote {
    PlyNote {
        ply: n.ply,
        r#move: n.mv,
        before: n.before.to_string(),
        after: n.after.to_string(),
        best: n.best,
        verdict: n.verdict.map(|v| v.glyph().to_string()),
        nag: n.verdict.map(|v| v.nag()),
        comment: n.comment,
    }
}

/// Every main-line ply of a valid game judged, as `kifu analyze` judges it: Gufū exactly,
/// Wa by forced mates up to `mate_depth` moves of either side (`max_nodes` positions per
/// search). A list of `kifu.PlyNote`. An invalid game raises ValueError.
///
/// >>> notes = kifu.analyze(kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn"))
/// >>> len(notes), [(n.ply, n.move, n.verdict) for n in notes if n.verdict]
/// (17, [(16, 'K:1三>E', '??'), (17, 'Sx1二>S#', '!')])
#[pyfunction]
#[pyo3(signature = (game, mate_depth = 3, max_nodes = 1_000_000))]
pub fn analyze(
    py: Python<'_>,
    game: &Game,
    mate_depth: u32,
    max_nodes: u64,
) -> PyResult<Vec<PlyNote>> {
    if mate_depth == 0 || mate_depth > 9 {
        return Err(errors::value_error("mate_depth must be from 1 to 9"));
    }
    let (record, report) = game
        .parts()
        .filter(|_| game.errors().is_empty())
        .ok_or_else(|| errors::value_error("only a valid game can be analyzed"))?;
    if report.played.is_none() {
        return Err(errors::value_error("the game was not replayed"));
    }
    let opts = mates::MateOptions {
        depth: mate_depth,
        all_moves: false,
        max_nodes: (max_nodes > 0).then_some(max_nodes),
        ..mates::MateOptions::default()
    };
    // The main line judged as `kifu analyze` judges it: ply by ply along the walk.
    let notes = py.detach(|| {
        let mut notes = Vec::new();
        judge_main_line(record, report, opts, Budget::default(), |_, n| {
            notes.push(n)
        });
        notes
    });
    Ok(notes.into_iter().map(note).collect())
}
