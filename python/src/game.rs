//! Reading games: `kifu.read_game`, `kifu.read_games`, `kifu.Game`, `kifu.Node`,
//! `kifu.Headers`, `kifu.Problem`. Inputs are opened, decoded and cut into games as the CLI
//! does it (the library's decoder and game splitter), each game parsed and replayed through
//! the library.

use crate::board::{Board, Move, style_from};
use crate::errors;
use kifu::collection::scan::{self, Read};
use kifu::diag::Diag;
use kifu::encoding::Choice;
use kifu::load::{self, Games};
use kifu::record::{Annotation, GameChunk, NodeId, Record, RecordError};
use kifu::replay::{ReplayOptions, Report};
use kifu::rules::PerGame;
use kifu::svg;
use kifu::writers::{html, psn};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Cursor};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A problem found in a record, as `kifu validate` reports it.
///
/// >>> (p,) = kifu.read_game("fixtures/invalid/ambiguous_move.psn").errors
/// >>> p
/// <Problem 7:4: ambiguous_move: 2 pieces SO can move to 4f: write the origin>
/// >>> p.kind, p.line, p.column, p.ply, p.move, p.help
/// ('ambiguous_move', 7, 4, 1, 'SO-4f', 'candidates: SO5e, SO3e')
#[pyclass(module = "kifu", frozen, get_all)]
#[derive(Clone)]
pub struct Problem {
    /// The stable snake_case kind (`path_blocked`, `syntax`, `result_mismatch`...).
    pub kind: String,
    /// What is wrong, in words.
    pub message: String,
    /// Line in the file (from 1), or None.
    pub line: Option<usize>,
    /// Column (from 1, in characters), or None.
    pub column: Option<usize>,
    /// The ply (1 = the game's first move) for a problem with a move, else None.
    pub ply: Option<u64>,
    /// The move as written, or None.
    pub r#move: Option<String>,
    /// A hint (candidate origins, where the piece could go...), or None.
    pub help: Option<String>,
}

impl Problem {
    /// A problem as the library reports it to `kifu validate` (`kifu::diag`): the same kind,
    /// message, position and hint.
    fn of_diag(d: &Diag) -> Problem {
        Problem {
            kind: d.kind.clone(),
            message: d.message.clone(),
            line: d.pos.map(|p| p.line),
            column: d.pos.map(|p| p.column),
            ply: d.ply,
            r#move: d.mv.clone(),
            help: d.help.clone(),
        }
    }

    fn warning(kind: &str, message: String) -> Problem {
        Problem {
            kind: kind.to_string(),
            message,
            line: None,
            column: None,
            ply: None,
            r#move: None,
            help: None,
        }
    }

    /// The dict of `validate --format json`'s problem objects.
    pub fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("ply", self.ply)?;
        d.set_item("line", self.line)?;
        d.set_item("column", self.column)?;
        d.set_item("kind", &self.kind)?;
        d.set_item("message", &self.message)?;
        d.set_item("move", &self.r#move)?;
        d.set_item("help", &self.help)?;
        Ok(d)
    }
}

#[pymethods]
impl Problem {
    fn __repr__(&self) -> String {
        let at = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{l}:{c}: "),
            _ => String::new(),
        };
        format!("<Problem {at}{}: {}>", self.kind, self.message)
    }

    /// As a dict with the keys of `kifu validate --format json`'s problems.
    ///
    /// >>> kifu.read_game("fixtures/invalid/ambiguous_move.psn").errors[0].to_dict()
    /// {'ply': 1, 'line': 7, 'column': 4, 'kind': 'ambiguous_move', 'message': '2 pieces SO can move to 4f: write the origin', 'move': 'SO-4f', 'help': 'candidates: SO5e, SO3e'}
    #[pyo3(name = "to_dict")]
    fn py_to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.to_dict(py)
    }
}

/// The tag pairs of a game: a read-only, case-insensitive mapping in file order (a name
/// written twice: the first counts, as everywhere in kifu).
///
/// >>> h = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").headers
/// >>> list(h)
/// ['Event', 'Site', 'Date', 'Black', 'White', 'Result', 'Variant']
/// >>> h["event"], h["EVENT"], "round" in h
/// ('Gufū friendly', 'Gufū friendly', False)
#[pyclass(module = "kifu", frozen, mapping)]
pub struct Headers {
    pairs: Vec<(String, String)>,
}

impl Headers {
    fn find(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

#[pymethods]
impl Headers {
    fn __getitem__(&self, name: &str) -> PyResult<String> {
        self.find(name)
            .map(str::to_string)
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(name.to_string()))
    }

    /// The value of tag `name` (any ASCII case), or `default`.
    ///
    /// >>> h = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").headers
    /// >>> h.get("site"), h.get("Round"), h.get("Round", "?")
    /// ('Tampere', None, '?')
    #[pyo3(signature = (name, default = None))]
    fn get(&self, name: &str, default: Option<String>) -> Option<String> {
        self.find(name).map(str::to_string).or(default)
    }

    fn __contains__(&self, name: &str) -> bool {
        self.find(name).is_some()
    }

    fn __len__(&self) -> usize {
        self.pairs.len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.keys())?.try_iter()?.into_any())
    }

    /// The tag names, in file order.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").headers.keys()[:3]
    /// ['Event', 'Site', 'Date']
    fn keys(&self) -> Vec<String> {
        self.pairs.iter().map(|(n, _)| n.clone()).collect()
    }

    /// The tag values, in file order.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").headers.values()[:3]
    /// ['Gufū friendly', 'Tampere', '2002.05.12']
    fn values(&self) -> Vec<String> {
        self.pairs.iter().map(|(_, v)| v.clone()).collect()
    }

    /// The (name, value) pairs, in file order.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").headers.items()[0]
    /// ('Event', 'Gufū friendly')
    fn items(&self) -> Vec<(String, String)> {
        self.pairs.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mine = PyDict::new(other.py());
        for (n, v) in &self.pairs {
            mine.set_item(n, v)?;
        }
        if let Ok(h) = other.extract::<PyRef<'_, Headers>>() {
            return Ok(h.pairs == self.pairs);
        }
        mine.as_any().eq(other)
    }

    fn __repr__(&self) -> String {
        let inner: Vec<String> = self
            .pairs
            .iter()
            .map(|(n, v)| format!("{n:?}: {v:?}"))
            .collect();
        format!("Headers({{{}}})", inner.join(", "))
    }
}

/// A game read from a record: its tags, its problems, and its moves as replayed.
///
/// `headers` (case-insensitive, in file order), `variant`, `errors` and `warnings` (each a
/// `kifu.Problem`, as `kifu validate` reports them), `is_valid`; `board()` is its start,
/// `mainline()` its main-line nodes, `mainline_moves()` their moves, `end()` the last
/// main-line node. A game that could not be read (a syntax error) has its error in `errors`
/// and no moves.
///
/// >>> game = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn")
/// >>> game
/// <Game fixtures/gufu/gufu-friendly-mate.psn#1 gufu (17 plies)>
/// >>> game.variant, game.is_valid, len(game.mainline_moves()), game.outcome().result
/// ('gufu', True, 17, '1-0')
#[pyclass(module = "kifu", frozen)]
pub struct Game {
    /// The file (or `<stream>`), and the game's number in it (from 1).
    file: String,
    index: usize,
    record: Option<Record>,
    report: Option<Report>,
    tags: Vec<(String, String)>,
    errors: Vec<Problem>,
    warnings: Vec<Problem>,
}

impl Game {
    /// Game number `index` of `file`, read and replayed by the library's input loop
    /// (`kifu::load`, as `kifu validate` reads it), with `warnings` about its input first.
    pub fn load(
        file: &str,
        index: usize,
        chunk: Result<GameChunk, RecordError>,
        opts: &ReplayOptions,
        mut warnings: Vec<Problem>,
    ) -> Game {
        let loaded = load::load(chunk, index, opts, false);
        warnings.extend(loaded.warnings.iter().map(Problem::of_diag));
        let tags = match &loaded.record {
            Some(record) => &record.tags,
            None => &loaded.error_tags,
        };
        Game {
            file: file.to_string(),
            index,
            tags: tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
            errors: loaded.errors.iter().map(Problem::of_diag).collect(),
            warnings,
            record: loaded.record,
            report: loaded.report,
        }
    }

    pub fn parts(&self) -> Option<(&Record, &Report)> {
        Some((self.record.as_ref()?, self.report.as_ref()?))
    }

    pub fn file(&self) -> &str {
        &self.file
    }

    pub fn index(&self) -> usize {
        self.index
    }

    pub fn errors(&self) -> &[Problem] {
        &self.errors
    }

    pub fn warnings(&self) -> &[Problem] {
        &self.warnings
    }

    /// The replayed move of a node, if it was replayed.
    fn move_of(&self, id: NodeId) -> Option<Move> {
        let report = self.report.as_ref()?;
        let variant = report.variant?;
        let played = report.played.as_ref()?;
        let m = match played {
            PerGame::Wa(p) => PerGame::Wa(*p.move_at(id)?),
            PerGame::Gufu(p) => PerGame::Gufu(*p.move_at(id)?),
        };
        Some(Move::new(m, variant))
    }

    /// The nodes whose moves lead from the start to the position before `id`.
    fn path_before(&self, id: NodeId) -> Vec<NodeId> {
        let Some(record) = &self.record else {
            return Vec::new();
        };
        let mt = &record.movetext;
        let node = mt.node(id);
        let line = mt.line(node.line);
        let at = line.nodes.iter().position(|&n| n == id).unwrap_or(0);
        let mut path = match line.parent {
            Some(p) => self.path_before(p),
            None => Vec::new(),
        };
        path.extend_from_slice(&line.nodes[..at]);
        path
    }

    /// The node before `id` in play (None: the start).
    fn parent_of(&self, id: NodeId) -> Option<NodeId> {
        let mt = &self.record.as_ref()?.movetext;
        let line = mt.line(mt.node(id).line);
        let at = line.nodes.iter().position(|&n| n == id)?;
        if at > 0 {
            Some(line.nodes[at - 1])
        } else {
            line.parent.and_then(|p| self.parent_of(p))
        }
    }

    /// The moves that may follow `id` (None: the start): the next move of its line first,
    /// then the first moves of the variations written as alternatives to it.
    fn children_of(&self, id: Option<NodeId>) -> Vec<NodeId> {
        let Some(record) = &self.record else {
            return Vec::new();
        };
        let mt = &record.movetext;
        let next = match id {
            None => mt.main_line().nodes.first().copied(),
            Some(id) => {
                let line = mt.line(mt.node(id).line);
                let at = line.nodes.iter().position(|&n| n == id);
                at.and_then(|i| line.nodes.get(i + 1).copied())
            }
        };
        let Some(next) = next else {
            return Vec::new();
        };
        let mut out = vec![next];
        for v in mt.variations(next) {
            out.extend(v.nodes.first().copied());
        }
        out
    }

    /// The board after the moves of `path` from the start (an error if one was not replayed).
    fn board_after(&self, py: Python<'_>, path: &[NodeId]) -> PyResult<Board> {
        let start = self
            .report
            .as_ref()
            .and_then(Report::start)
            .ok_or_else(|| not_replayed(py))?;
        let mut board = Board::from_state(start);
        for &id in path {
            let m = self.move_of(id).ok_or_else(|| not_replayed(py))?;
            board.push_replayed(m);
        }
        Ok(board)
    }

    fn style(&self, notation: &str, ranks: Option<&str>) -> PyResult<kifu::notation::Style> {
        let variant = self
            .report
            .as_ref()
            .and_then(|r| r.variant)
            .ok_or_else(|| errors::value_error("the game has no known variant"))?;
        style_from(variant, notation, ranks)
    }
}

fn not_replayed(py: Python<'_>) -> PyErr {
    errors::error::<errors::KifuError>(
        py,
        "not_replayed",
        "this part of the game was not replayed (the replay stopped at an error before it)",
        None,
        &[],
    )
}

#[pymethods]
impl Game {
    /// The tag pairs: a read-only mapping, case-insensitive, in file order.
    ///
    /// >>> game = kifu.read_game("fixtures/xboard/crazywa-01.pgn")
    /// >>> game.headers["white"], list(game.headers)[:3]
    /// ('CrazyWa 1.0.5', ['Event', 'Site', 'Date'])
    #[getter]
    fn headers(&self) -> Headers {
        Headers {
            pairs: {
                let mut seen: Vec<(String, String)> = Vec::new();
                for (n, v) in &self.tags {
                    if !seen.iter().any(|(s, _)| s.eq_ignore_ascii_case(n)) {
                        seen.push((n.clone(), v.clone()));
                    }
                }
                seen
            },
        }
    }

    /// The variant (`"wa"`, `"wa-nodrop"`, `"gufu"`), or None when it is unknown.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").variant
    /// 'gufu'
    #[getter]
    fn variant(&self) -> Option<&'static str> {
        self.report.as_ref()?.variant.map(|v| v.name())
    }

    /// The errors (`kifu.Problem`), as `kifu validate` reports them; empty for a valid game.
    ///
    /// >>> [(p.kind, p.line, p.column) for p in kifu.read_game("fixtures/invalid/syntax.psn").errors]
    /// [('syntax', 5, 21)]
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").errors
    /// []
    #[getter(errors)]
    fn py_errors(&self) -> Vec<Problem> {
        self.errors.clone()
    }

    /// The warnings (`kifu.Problem`: `result_mismatch`, `duplicate_tag`, `encoding`).
    ///
    /// >>> [w.kind for w in kifu.read_game("fixtures/xboard/hachu-07.pgn").warnings]
    /// ['result_mismatch', 'result_mismatch']
    #[getter(warnings)]
    fn py_warnings(&self) -> Vec<Problem> {
        self.warnings.clone()
    }

    /// Whether every move was replayed without an error.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").is_valid
    /// True
    /// >>> kifu.read_game("fixtures/invalid/ambiguous_move.psn").is_valid
    /// False
    #[getter]
    fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// The file the game was read from (`<stream>` for a handle, `<bytes>` for bytes).
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").file
    /// 'fixtures/gufu/gufu-friendly-mate.psn'
    /// >>> kifu.read_game(b"1. SP-8g *").file
    /// '<bytes>'
    #[getter(file)]
    fn py_file(&self) -> &str {
        &self.file
    }

    /// The game's number in its file, from 1.
    ///
    /// >>> [g.index for g in kifu.read_games("fixtures/gufu/gufu-two-games.psn")]
    /// [1, 2]
    #[getter(index)]
    fn py_index(&self) -> usize {
        self.index
    }

    /// How the main line ended (`kifu.Outcome`), or None.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").outcome()
    /// Outcome(winner="black", termination="checkmate", result="1-0")
    fn outcome(&self) -> Option<crate::board::Outcome> {
        self.report.as_ref()?.outcome.map(crate::board::outcome)
    }

    /// The board at the game's start (its FEN tag's position, or the variant's start).
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").board()
    /// Board("gufu", "2/2/2 b KkWS 1")
    fn board(&self, py: Python<'_>) -> PyResult<Board> {
        self.board_after(py, &[])
    }

    /// The main line's nodes, first move first (the start itself is not among them).
    ///
    /// >>> nodes = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()
    /// >>> len(nodes), nodes[0].text, nodes[-1].text
    /// (17, 'K*2三>W', 'Sx1二>S#')
    fn mainline(slf: &Bound<'_, Self>) -> Vec<Node> {
        let game = slf.get();
        let Some(record) = &game.record else {
            return Vec::new();
        };
        record
            .movetext
            .main_line()
            .nodes
            .iter()
            .map(|&id| Node::new(slf, Some(id)))
            .collect()
    }

    /// The main line's moves as replayed (`kifu.Move`), up to the first error.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline_moves()[:2]
    /// [Move.from_engine("K@2c>W", variant="gufu"), Move.from_engine("k@1b>W", variant="gufu")]
    fn mainline_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        let (Some(record), Some(report)) = (&self.record, &self.report) else {
            return Ok(out);
        };
        let (Some(variant), Some(played)) = (report.variant, &report.played) else {
            return Ok(out);
        };
        match played {
            PerGame::Wa(p) => {
                for (_, &m) in p.main_moves(&record.movetext) {
                    out.append(Move::new(PerGame::Wa(m), variant))?;
                }
            }
            PerGame::Gufu(p) => {
                for (_, &m) in p.main_moves(&record.movetext) {
                    out.append(Move::new(PerGame::Gufu(m), variant))?;
                }
            }
        }
        Ok(out)
    }

    /// The last node of the main line (the start node when there is no move).
    ///
    /// >>> end = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").end()
    /// >>> end.ply, end.text, end.board().is_checkmate()
    /// (17, 'Sx1二>S#', True)
    fn end(slf: &Bound<'_, Self>) -> Node {
        let last = slf
            .get()
            .record
            .as_ref()
            .and_then(|r| r.movetext.main_line().nodes.last().copied());
        Node::new(slf, last)
    }

    /// The start node (ply 0, no move): its `variations` are the first moves.
    ///
    /// >>> root = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").root()
    /// >>> root.ply, root.move, root.variations[0].text
    /// (0, None, 'K*2三>W')
    fn root(slf: &Bound<'_, Self>) -> Node {
        Node::new(slf, None)
    }

    /// The game in normalized PSN, in `notation` (`"hodges"`, `"long"`, `"engine"`, `"san"`)
    /// with `ranks` (`"letters"`, `"kanji"`; default: the variant's usual). Only a valid game
    /// can be written (ValueError otherwise).
    ///
    /// >>> game = kifu.read_game(b'[Variant "wa"]\n\n1. SP-8g SP-4e *\n')
    /// >>> game.text(notation="long", ranks="kanji").splitlines()
    /// ['[Variant "wa"]', '', '1. SP8八-8七 SP4四-4五 *']
    #[pyo3(signature = (notation = "hodges", ranks = None))]
    fn text(&self, notation: &str, ranks: Option<&str>) -> PyResult<String> {
        let style = self.style(notation, ranks)?;
        let (record, report) = self
            .parts()
            .filter(|_| self.errors.is_empty())
            .ok_or_else(|| errors::value_error("only a valid game can be written"))?;
        psn::write(record, report, style).map_err(|e| errors::value_error(e.to_string()))
    }

    /// The self-contained HTML replay page of this game (as `kifu convert --to html`).
    ///
    /// >>> page = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").html()
    /// >>> page[:15], "</html>" in page
    /// ('<!DOCTYPE html>', True)
    #[pyo3(signature = (notation = "hodges", ranks = None, flip = false))]
    fn html(&self, notation: &str, ranks: Option<&str>, flip: bool) -> PyResult<String> {
        let style = self.style(notation, ranks)?;
        let (record, report) = self
            .parts()
            .filter(|_| self.errors.is_empty())
            .ok_or_else(|| errors::value_error("only a valid game can be shown"))?;
        let title = record.tag("Event").unwrap_or("kifu").to_string();
        let games = [html::PageGame {
            record,
            report,
            style,
            file: None,
        }];
        let board = html::Board {
            flip,
            style: svg::BoardStyle::default(),
            labels: svg::Labels::default(),
            language: svg::Language::default(),
            text_glyphs: false,
        };
        Ok(html::page(&title, &games, &board))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game {}#{} {} ({} plies{})>",
            self.file,
            self.index,
            self.variant().unwrap_or("?"),
            self.report.as_ref().map_or(0, |r| r.main_plies),
            if self.errors.is_empty() {
                ""
            } else {
                ", invalid"
            }
        )
    }
}

/// A node of a game's move tree: a move as written and replayed, with what follows it.
///
/// `move` (`kifu.Move`, None at the start or where the replay stopped), `ply` (0 at the
/// start), `text` (the move as written), `comment`, `nags`, `variations` (the moves that may
/// follow: the main continuation first), `parent`, and `board()` (the position after it).
///
/// >>> node = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[4]
/// >>> node
/// <Node 5 S-2二>N+>
/// >>> node.ply, node.text, node.move, node.parent.text
/// (5, 'S-2二>N+', Move.from_engine("2a2b>N", variant="gufu"), 'S*2一>W')
#[pyclass(module = "kifu", frozen)]
pub struct Node {
    game: Py<Game>,
    id: Option<NodeId>,
}

impl Node {
    fn new(game: &Bound<'_, Game>, id: Option<NodeId>) -> Node {
        Node {
            game: game.clone().unbind(),
            id,
        }
    }
}

#[pymethods]
impl Node {
    /// The move played here (`kifu.Move`), or None at the start or past an error.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[0].move
    /// Move.from_engine("K@2c>W", variant="gufu")
    #[getter]
    fn r#move(&self, py: Python<'_>) -> Option<Move> {
        self.game.bind(py).get().move_of(self.id?)
    }

    /// The ply of the move (1 = the first move of the game); 0 at the start.
    ///
    /// >>> [n.ply for n in kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[:3]]
    /// [1, 2, 3]
    #[getter]
    fn ply(&self, py: Python<'_>) -> usize {
        match self.id {
            None => 0,
            Some(id) => self.game.bind(py).get().path_before(id).len() + 1,
        }
    }

    /// The move as written in the record (None at the start).
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[4].text
    /// 'S-2二>N+'
    #[getter]
    fn text(&self, py: Python<'_>) -> Option<String> {
        let game = self.game.bind(py).get();
        let record = game.record.as_ref()?;
        Some(record.movetext.node(self.id?).mv.text().to_string())
    }

    /// The comments after the move, joined by a space ("" when none); at the start: the
    /// comments before the first move.
    ///
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[4].comment
    /// "The Arashi, touching Black's King, attacks White's: check."
    #[getter]
    fn comment(&self, py: Python<'_>) -> String {
        let game = self.game.bind(py).get();
        let Some(record) = &game.record else {
            return String::new();
        };
        let texts: Vec<&str> = match self.id {
            Some(id) => record
                .movetext
                .node(id)
                .comments()
                .map(|c| c.text.trim())
                .collect(),
            None => record
                .movetext
                .main_line()
                .comments
                .iter()
                .map(|c| c.text.trim())
                .collect(),
        };
        texts.join(" ")
    }

    /// The NAGs of the move (numbers; a glyph such as `!` as its NAG).
    ///
    /// >>> node = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[4]
    /// >>> [(n.text, n.nags) for n in node.variations]
    /// [('K-1三>N', []), ('K:1二>N', [2]), ('Wx2二>S+', [])]
    #[getter]
    fn nags(&self, py: Python<'_>) -> Vec<u16> {
        let game = self.game.bind(py).get();
        let (Some(record), Some(id)) = (&game.record, self.id) else {
            return Vec::new();
        };
        let node = record.movetext.node(id);
        let mut out: Vec<u16> = node.glyph.iter().map(|g| u16::from(g.nag())).collect();
        out.extend(node.annotations.iter().filter_map(|a| match a {
            Annotation::Nag(n) => Some(u16::from(n.value)),
            Annotation::Comment(_) => None,
        }));
        out
    }

    /// The nodes that may follow this one: the main continuation first, then the
    /// alternatives written as variations.
    ///
    /// >>> node = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[4]
    /// >>> [n.text for n in node.variations]
    /// ['K-1三>N', 'K:1二>N', 'Wx2二>S+']
    /// >>> node.variations[1].variations[0].board().outcome().termination
    /// 'king_captured'
    #[getter]
    fn variations(&self, py: Python<'_>) -> Vec<Node> {
        let game = self.game.bind(py);
        game.get()
            .children_of(self.id)
            .into_iter()
            .map(|id| Node::new(game, Some(id)))
            .collect()
    }

    /// The node before this one in play (the start node for the first move), or None at the
    /// start.
    ///
    /// >>> game = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn")
    /// >>> game.end().parent.text, game.mainline()[0].parent.ply, game.root().parent
    /// ('K:1三>E', 0, None)
    #[getter]
    fn parent(&self, py: Python<'_>) -> Option<Node> {
        let game = self.game.bind(py);
        let id = self.id?;
        Some(Node::new(game, game.get().parent_of(id)))
    }

    /// Whether this node is on the main line.
    ///
    /// >>> node = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[4]
    /// >>> [n.is_mainline() for n in node.variations]
    /// [True, False, False]
    fn is_mainline(&self, py: Python<'_>) -> bool {
        let game = self.game.bind(py).get();
        match (self.id, &game.record) {
            (Some(id), Some(r)) => r.movetext.line(r.movetext.node(id).line).depth == 0,
            _ => true,
        }
    }

    /// The board after this node's move (with the moves that led here on its move stack).
    ///
    /// >>> board = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[1].board()
    /// >>> board.move_stack, board.turn
    /// ([Move.from_engine("K@2c>W", variant="gufu"), Move.from_engine("k@1b>W", variant="gufu")], 'black')
    fn board(&self, py: Python<'_>) -> PyResult<Board> {
        let game = self.game.bind(py).get();
        let path = match self.id {
            None => Vec::new(),
            Some(id) => {
                let mut p = game.path_before(id);
                p.push(id);
                p
            }
        };
        game.board_after(py, &path)
    }

    /// The game this node belongs to.
    ///
    /// >>> game = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn")
    /// >>> game.end().game().headers["Site"]
    /// 'Tampere'
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        match self.text(py) {
            Some(t) => format!("<Node {} {}>", self.ply(py), t),
            None => "<Node start>".to_string(),
        }
    }
}

/// What an input is.
enum Input {
    Path(PathBuf),
    Bytes(String, Vec<u8>),
}

/// An input's games, whatever the input (a file, bytes).
type InputGames = Games<Box<dyn BufRead + Send>>;

/// The input being read: its name, its games (the library's input loop: decoded and cut as
/// `kifu validate` reads them), and whether reading it failed.
struct Current {
    file: String,
    games: InputGames,
    failed: bool,
}

/// The games of some inputs, one at a time (one game in memory).
pub struct Reader {
    inputs: VecDeque<Input>,
    current: Option<Current>,
    opts: ReplayOptions,
}

/// What a reader gives, in the order `kifu validate` reports it.
pub enum Item {
    Game {
        file: String,
        index: usize,
        chunk: Result<GameChunk, RecordError>,
    },
    /// Something about an input as a whole: the decoder's warning (before the input's games),
    /// or `empty_input` (an input without a game).
    Warning {
        file: String,
        kind: &'static str,
        message: String,
    },
    /// An input that could not be read (or not to its end).
    Failed { file: String, message: String },
}

impl Reader {
    fn new(inputs: VecDeque<Input>, opts: ReplayOptions) -> Reader {
        Reader {
            inputs,
            current: None,
            opts,
        }
    }

    pub fn options(&self) -> &ReplayOptions {
        &self.opts
    }

    fn open(input: Input) -> Result<(String, InputGames), (String, String)> {
        let (name, raw): (String, Box<dyn BufRead + Send>) = match input {
            Input::Path(p) => {
                let name = p.display().to_string();
                let f = std::fs::File::open(&p).map_err(|e| (name.clone(), e.to_string()))?;
                (name, Box::new(BufReader::with_capacity(1 << 16, f)))
            }
            Input::Bytes(name, b) => (name, Box::new(Cursor::new(b))),
        };
        match load::open(raw, Choice::Auto) {
            Ok(games) => Ok((name, games)),
            Err(e) => Err((name, e.to_string())),
        }
    }

    pub fn next_item(&mut self) -> Option<Item> {
        loop {
            if let Some(cur) = &mut self.current {
                match cur.games.next() {
                    Some(Read::Warning { kind, message }) => {
                        let file = cur.file.clone();
                        return Some(Item::Warning {
                            file,
                            kind,
                            message,
                        });
                    }
                    Some(Read::Game { index, chunk }) => {
                        let file = cur.file.clone();
                        return Some(Item::Game { file, index, chunk });
                    }
                    Some(Read::Failed(message)) => {
                        cur.failed = true;
                        let file = cur.file.clone();
                        return Some(Item::Failed { file, message });
                    }
                    None => {
                        let cur = self.current.take().expect("some");
                        if cur.games.games_read() == 0 && !cur.failed {
                            return Some(Item::Warning {
                                file: cur.file,
                                kind: "empty_input",
                                message: scan::EMPTY_INPUT.to_string(),
                            });
                        }
                        continue;
                    }
                }
            }
            let input = self.inputs.pop_front()?;
            match Reader::open(input) {
                Ok((file, games)) => {
                    self.current = Some(Current {
                        file,
                        games,
                        failed: false,
                    })
                }
                Err((file, message)) => return Some(Item::Failed { file, message }),
            }
        }
    }
}

/// The files a path names: itself, or (a directory) its `.psn` and `.pgn` files, depth-first
/// in name order, skipping hidden and ignored files, as the CLI walks directories.
fn expand(path: &Path, out: &mut VecDeque<Input>) -> Result<(), String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_dir() {
        out.push_back(Input::Path(path.to_path_buf()));
        return Ok(());
    }
    let mut b = ignore::WalkBuilder::new(path);
    b.standard_filters(true)
        .hidden(true)
        .follow_links(false)
        .sort_by_file_name(|x, y| x.cmp(y));
    for entry in b.build() {
        let e = entry.map_err(|e| e.to_string())?;
        let is_file = e.file_type().is_some_and(|t| t.is_file());
        let ext_ok = e
            .path()
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| x.eq_ignore_ascii_case("psn") || x.eq_ignore_ascii_case("pgn"));
        if e.depth() > 0 && is_file && ext_ok {
            out.push_back(Input::Path(e.into_path()));
        }
    }
    Ok(())
}

/// The inputs of a Python argument: a path (str or os.PathLike) or a list of them, or an open
/// handle (text or binary), read whole.
fn inputs_of(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<VecDeque<Input>> {
    let mut out = VecDeque::new();
    let one_path = |obj: &Bound<'_, PyAny>, out: &mut VecDeque<Input>| -> PyResult<bool> {
        if obj.is_instance_of::<PyString>() || obj.hasattr("__fspath__")? {
            let p: PathBuf = obj.extract()?;
            expand(&p, out).map_err(|m| {
                errors::error::<errors::RecordError>(
                    py,
                    "io",
                    &m,
                    None,
                    &[("line", None), ("column", None)],
                )
            })?;
            return Ok(true);
        }
        Ok(false)
    };
    if one_path(source, &mut out)? {
        return Ok(out);
    }
    if source.hasattr("read")? {
        let data = source.call_method0("read")?;
        let bytes = if data.is_instance_of::<PyString>() {
            data.extract::<String>()?.into_bytes()
        } else if let Ok(b) = data.cast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else {
            return Err(PyTypeError::new_err("read() gave neither str nor bytes"));
        };
        let name = source
            .getattr("name")
            .ok()
            .and_then(|n| n.extract::<String>().ok())
            .unwrap_or_else(|| "<stream>".to_string());
        out.push_back(Input::Bytes(name, bytes));
        return Ok(out);
    }
    if let Ok(b) = source.cast::<PyBytes>() {
        out.push_back(Input::Bytes("<bytes>".to_string(), b.as_bytes().to_vec()));
        return Ok(out);
    }
    for item in source.try_iter().map_err(|_| {
        PyTypeError::new_err("expected a path, a list of paths, bytes or an open file")
    })? {
        let item = item?;
        if !one_path(&item, &mut out)? {
            return Err(PyTypeError::new_err("expected a path (str or os.PathLike)"));
        }
    }
    Ok(out)
}

pub fn reader_of(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    variant: Option<&str>,
) -> PyResult<Reader> {
    let inputs = inputs_of(py, source)?;
    let default_variant = variant.map(crate::board::variant_from).transpose()?;
    Ok(Reader::new(
        inputs,
        ReplayOptions {
            default_variant,
            keep_moves: true,
        },
    ))
}

/// An iterator over the games of some inputs (`kifu.read_games`).
///
/// >>> games = kifu.read_games("fixtures/gufu/gufu-two-games.psn")
/// >>> next(games).index, next(games).index, next(games, None)
/// (1, 2, None)
#[pyclass(module = "kifu")]
pub struct GameIter {
    /// The reader, and the decoder's warning about the input being read, not yet given to a
    /// game (its first game carries it).
    reader: Mutex<(Reader, Option<String>)>,
    strict: bool,
}

impl GameIter {
    fn next_game(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        let mut guard = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        let (reader, pending) = &mut *guard;
        loop {
            let item = py.detach(|| reader.next_item());
            match item {
                None => return Ok(None),
                Some(Item::Warning { kind, message, .. }) => {
                    *pending = (kind == "encoding").then_some(message);
                }
                Some(Item::Failed { file, message }) => {
                    *pending = None;
                    return Err(errors::error::<errors::RecordError>(
                        py,
                        "io",
                        &format!("{file}: {message}"),
                        None,
                        &[("line", None), ("column", None)],
                    ));
                }
                Some(Item::Game { file, index, chunk }) => {
                    let warnings = pending
                        .take()
                        .map(|m| vec![Problem::warning("encoding", m)])
                        .unwrap_or_default();
                    let opts = reader.options();
                    let game = py.detach(|| Game::load(&file, index, chunk, opts, warnings));
                    if let Some(p) = game.errors.first().filter(|_| self.strict) {
                        return Err(errors::error::<errors::RecordError>(
                            py,
                            &p.kind,
                            &format!("{file}: {}", p.message),
                            p.help.as_deref(),
                            &[("line", p.line), ("column", p.column)],
                        ));
                    }
                    return Ok(Some(game));
                }
            }
        }
    }
}

#[pymethods]
impl GameIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        self.next_game(py)
    }
}

/// The games of `source`, one at a time: a path (a file, or a directory searched for `.psn`
/// and `.pgn` files as the CLI searches it), a list of paths, bytes, or an open handle (text
/// or binary; read whole). Encodings are decided as the CLI decides them (UTF-8, UTF-16 with
/// a byte-order mark, Shift_JIS). `variant` is the variant of records without a Variant tag.
/// With `strict=True` a game with an error raises `kifu.RecordError` (`kind`, `line`,
/// `column`); otherwise its problems are in `game.errors`. An unreadable input raises
/// `kifu.RecordError` with kind `io`.
///
/// >>> len(list(kifu.read_games("fixtures/xboard")))  # a directory
/// 26
/// >>> len(list(kifu.read_games(["fixtures/gufu/gufu-two-games.psn", "fixtures/gufu"])))
/// 7
/// >>> with open("fixtures/gufu/gufu-two-games.psn", encoding="utf-8") as f:  # a text handle
/// ...     [g.headers["Event"] for g in kifu.read_games(f)]
/// ['Gufu blitz', 'Gufu blitz']
/// >>> with open("fixtures/gufu/gufu-two-games.psn", "rb") as f:  # a binary handle
/// ...     len(list(kifu.read_games(f)))
/// 2
/// >>> next(kifu.read_games("fixtures/invalid/syntax.psn", strict=True))
/// Traceback (most recent call last):
/// ...
/// kifu.RecordError: fixtures/invalid/syntax.psn: expected action (- x * :), square, found '~'
#[pyfunction]
#[pyo3(signature = (source, variant = None, strict = false))]
pub fn read_games(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    variant: Option<&str>,
    strict: bool,
) -> PyResult<GameIter> {
    Ok(GameIter {
        reader: Mutex::new((reader_of(py, source, variant)?, None)),
        strict,
    })
}

/// Used by the table functions: every item of some inputs, loaded.
pub fn for_each_item(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    variant: Option<&str>,
    mut f: impl FnMut(Python<'_>, LoadedItem) -> PyResult<()>,
) -> PyResult<()> {
    let mut reader = reader_of(py, source, variant)?;
    loop {
        let item = py.detach(|| reader.next_item());
        let Some(item) = item else {
            return Ok(());
        };
        let loaded = match item {
            Item::Warning {
                file,
                kind,
                message,
            } => LoadedItem::Warning {
                file,
                kind,
                message,
            },
            Item::Failed { file, message } => LoadedItem::Failed { file, message },
            Item::Game { file, index, chunk } => {
                let opts = reader.options();
                let game = py.detach(|| Game::load(&file, index, chunk, opts, Vec::new()));
                LoadedItem::Game(Box::new(game))
            }
        };
        f(py, loaded)?;
    }
}

/// An item of [`for_each_item`]: a game, an input's warning (the decoder's, before the
/// input's games; `empty_input`), or an input that could not be read.
pub enum LoadedItem {
    Game(Box<Game>),
    Warning {
        file: String,
        kind: &'static str,
        message: String,
    },
    Failed {
        file: String,
        message: String,
    },
}

impl Board {
    /// Plays a move that the replay already checked.
    pub fn push_replayed(&mut self, m: Move) {
        self.push_unchecked(m);
    }
}
