//! `kifu.Board`, `kifu.Move`, `kifu.Piece`, `kifu.Outcome`: a position with its move stack,
//! every rule through the library's `rules::Position`.

use crate::compat::{self, AnyMove};
use crate::errors;
use kifu::geometry::{Color, RankStyle};
use kifu::notation::{Notate, Notation, Style};
use kifu::replay::State;
use kifu::rules::{self, Move as _, Outcome as RustOutcome, PerGame, Position, Termination};
use kifu::{Variant, for_game, gufu, svg, wa};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

pub fn variant_from(name: &str) -> PyResult<Variant> {
    match name {
        "wa" => Ok(Variant::Wa),
        "wa-nodrop" => Ok(Variant::WaNoDrop),
        "gufu" => Ok(Variant::Gufu),
        _ => Variant::from_name(name).ok_or_else(|| {
            errors::value_error(format!(
                "unknown variant {name:?}: expected \"wa\", \"wa-nodrop\" or \"gufu\""
            ))
        }),
    }
}

pub fn style_from(variant: Variant, notation: &str, ranks: Option<&str>) -> PyResult<Style> {
    let notation = match notation {
        "hodges" => Notation::Hodges,
        "long" => Notation::Long,
        "engine" | "xboard" => Notation::Xboard,
        "san" => Notation::San,
        _ => {
            return Err(errors::value_error(format!(
                "unknown notation {notation:?}: expected \"hodges\", \"long\", \"engine\" or \"san\""
            )));
        }
    };
    if let Err(e) = notation.writes(variant) {
        return Err(errors::value_error(e.message()));
    }
    let ranks = match ranks {
        None => Style::default_for(variant).ranks,
        Some("letters") | Some("letter") => RankStyle::Letter,
        Some("kanji") => RankStyle::Kanji,
        Some(r) => {
            return Err(errors::value_error(format!(
                "unknown ranks {r:?}: expected \"letters\" or \"kanji\""
            )));
        }
    };
    Ok(Style { notation, ranks })
}

/// A move of Wa shogi or Gufū shōgi.
///
/// `str(move)` is the move without its position: Wa in engine coordinates (`h3g4`, `c9c10+`,
/// `P@e5`), Gufū in kifu's coordinate form (`2c1c>E`, a turn in place `1b1b>N`, a drop
/// `K@2c>N`). `Move.from_engine(text)` reads the same. Squares are Hodges text with letter
/// ranks (`7h`, `2c`). Moves compare and hash by value.
///
/// >>> m = kifu.Move.from_engine("d4d5")
/// >>> m.from_square, m.to_square, m.drop, m.promotion, str(m)
/// ('8h', '8g', None, False, 'd4d5')
/// >>> m == kifu.Board().push_text("SP-8g"), len({m, kifu.Move.from_engine("d4d5")})
/// (True, 1)
#[pyclass(module = "kifu", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq)]
pub struct Move {
    pub inner: AnyMove,
    pub variant: Variant,
}

impl Hash for Move {
    fn hash<H: Hasher>(&self, h: &mut H) {
        match &self.inner {
            PerGame::Wa(m) => (0u8, m).hash(h),
            PerGame::Gufu(m) => (1u8, m).hash(h),
        }
    }
}

impl Move {
    pub fn new(inner: AnyMove, variant: Variant) -> Move {
        Move { inner, variant }
    }
}

#[pymethods]
impl Move {
    /// Reads a move without a position: Wa engine coordinates (`h3g4`, `c9c10+`, `P@e5`) or,
    /// with `variant="gufu"`, kifu's Gufū coordinate form (`2c1c>E`, `K@2c>N`). Legality is
    /// not checked here (`Board.push` does). Raises ValueError for text of no such form.
    ///
    /// >>> kifu.Move.from_engine("c9c10+")
    /// Move.from_engine("c9c10+")
    /// >>> kifu.Move.from_engine("K@2c>N", variant="gufu").drop
    /// 'K'
    #[staticmethod]
    #[pyo3(signature = (text, variant = "wa"))]
    fn from_engine(text: &str, variant: &str) -> PyResult<Move> {
        let variant = variant_from(variant)?;
        compat::parse_move_string(variant, text)
            .map(|m| Move::new(m, variant))
            .ok_or_else(|| errors::value_error(format!("not a move in coordinates: {text:?}")))
    }

    /// The square the piece leaves (`"7h"`), or None for a drop.
    ///
    /// >>> kifu.Move.from_engine("d4d5").from_square, kifu.Move.from_engine("P@e5").from_square
    /// ('8h', None)
    #[getter]
    #[allow(clippy::wrong_self_convention)] // python-chess's name
    fn from_square(&self) -> Option<String> {
        let from = match self.inner {
            PerGame::Wa(m) => m.from(),
            PerGame::Gufu(m) => match m {
                gufu::Move::Step { from, .. } => Some(from),
                gufu::Move::Turn { at, .. } => Some(at),
                gufu::Move::Drop { .. } => None,
            },
        };
        from.map(|sq| compat::square_text(self.variant, sq))
    }

    /// The square where the move ends (`"7g"`); a Gufū turn in place: its own square.
    ///
    /// >>> kifu.Move.from_engine("d4d5").to_square
    /// '8g'
    #[getter]
    fn to_square(&self) -> String {
        let to = for_game!(self.inner, m => rules::Move::to(m));
        compat::square_text(self.variant, to)
    }

    /// The piece dropped (Wa: its abbreviation, e.g. `"SP"`; Gufū: its letter, `"K"`, `"W"`,
    /// `"S"`), or None for a move of a piece on the board.
    ///
    /// >>> kifu.Move.from_engine("P@e5").drop, kifu.Move.from_engine("d4d5").drop
    /// ('SP', None)
    #[getter]
    fn drop(&self) -> Option<String> {
        match self.inner {
            PerGame::Wa(wa::Move::Drop { kind, .. }) => Some(kind.row().face.abbr.to_string()),
            PerGame::Gufu(gufu::Move::Drop { piece, .. }) => Some(piece.row().letter.to_string()),
            _ => None,
        }
    }

    /// Whether the move promotes (Wa); always False in Gufū.
    ///
    /// >>> kifu.Move.from_engine("c9c10+").promotion, kifu.Move.from_engine("c9c10").promotion
    /// (True, False)
    #[getter]
    fn promotion(&self) -> bool {
        matches!(
            self.inner,
            PerGame::Wa(wa::Move::Normal { promote: true, .. })
        )
    }

    /// Gufū: the facing the piece ends with (`"N"`, `"E"`, `"S"`, `"W"`); Wa: None.
    ///
    /// >>> kifu.Move.from_engine("2c1c>E", variant="gufu").facing
    /// 'E'
    #[getter]
    fn facing(&self) -> Option<String> {
        match self.inner {
            PerGame::Gufu(
                gufu::Move::Step { facing, .. }
                | gufu::Move::Turn { facing, .. }
                | gufu::Move::Drop { facing, .. },
            ) => Some(facing.letter().to_string()),
            PerGame::Wa(_) => None,
        }
    }

    /// The game of the move: `"wa"` (for both Wa variants) or `"gufu"`.
    ///
    /// >>> kifu.Move.from_engine("d4d5").game, kifu.Board("gufu").legal_moves[0].game
    /// ('wa', 'gufu')
    #[getter]
    fn game(&self) -> &'static str {
        match self.inner {
            PerGame::Wa(_) => "wa",
            PerGame::Gufu(_) => "gufu",
        }
    }

    fn __str__(&self) -> String {
        compat::move_string(&self.inner)
    }

    fn __repr__(&self) -> String {
        match self.inner {
            PerGame::Wa(_) => format!("Move.from_engine({:?})", compat::move_string(&self.inner)),
            PerGame::Gufu(_) => format!(
                "Move.from_engine({:?}, variant=\"gufu\")",
                compat::move_string(&self.inner)
            ),
        }
    }
}

/// A piece on the board.
///
/// >>> kifu.Board().piece_at("8h")
/// Piece(symbol="SP", color="black", promoted=False, facing=None)
/// >>> piece = kifu.Board().piece_at("6k")
/// >>> piece.name, piece.kanji
/// ('Crane King', '靏玉')
#[pyclass(module = "kifu", frozen, get_all)]
#[derive(Clone)]
pub struct Piece {
    /// The abbreviation in notation: Wa `"SP"` (a promoted piece: its promoted face's, e.g.
    /// `"GB"`), Gufū `"K"`, `"W"`, `"S"`.
    pub symbol: String,
    /// The English name (`"Sparrow Pawn"`, `"King"`).
    pub name: String,
    /// The usual kanji (Wa `"萑歩"`, `"靏玉"`; Gufū `"玉"`).
    pub kanji: String,
    /// `"black"` or `"white"`; None for a Gufū shared piece (Kaze, Arashi).
    pub color: Option<String>,
    /// Wa: whether the piece is promoted; Gufū: False.
    pub promoted: bool,
    /// Gufū: the facing (`"N"`, `"E"`, `"S"`, `"W"`); Wa: None.
    pub facing: Option<String>,
}

#[pymethods]
impl Piece {
    fn __repr__(&self) -> String {
        format!(
            "Piece(symbol={:?}, color={}, promoted={}, facing={})",
            self.symbol,
            self.color
                .as_deref()
                .map_or("None".into(), |c| format!("{c:?}")),
            if self.promoted { "True" } else { "False" },
            self.facing
                .as_deref()
                .map_or("None".into(), |c| format!("{c:?}")),
        )
    }

    fn __eq__(&self, other: &Piece) -> bool {
        self.symbol == other.symbol
            && self.color == other.color
            && self.promoted == other.promoted
            && self.facing == other.facing
    }
}

/// How a game ended: `winner` (`"black"`, `"white"`, or None for a draw), `termination`
/// (`"checkmate"`, `"king_captured"`, `"no_legal_moves"`, `"repetition"`, `"perpetual_check"`)
/// and `result` (`"1-0"`, `"0-1"`, `"1/2-1/2"`; Black, the first mover, first).
///
/// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").end().board().outcome()
/// Outcome(winner="black", termination="checkmate", result="1-0")
#[pyclass(module = "kifu", frozen, get_all)]
#[derive(Clone)]
pub struct Outcome {
    /// `"black"`, `"white"`, or None for a draw.
    pub winner: Option<String>,
    /// Why the game ended (a stable snake_case name).
    pub termination: String,
    /// The result string, Black first: `"1-0"`, `"0-1"`, `"1/2-1/2"`.
    pub result: String,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, termination={:?}, result={:?})",
            self.winner
                .as_deref()
                .map_or("None".into(), |c| format!("{c:?}")),
            self.termination,
            self.result
        )
    }

    fn __eq__(&self, other: &Outcome) -> bool {
        self.winner == other.winner && self.termination == other.termination
    }
}

pub fn outcome(o: RustOutcome) -> Outcome {
    Outcome {
        winner: o.winner.map(|c| c.name().to_string()),
        termination: o.termination.name().to_string(),
        result: o.result().to_string(),
    }
}

/// The legal moves of a position: sized, iterable, with `in` and `count()`.
///
/// >>> moves = kifu.Board("gufu").legal_moves
/// >>> len(moves), moves[0], kifu.Move.from_engine("K@2a>N", variant="gufu") in moves
/// (24, Move.from_engine("K@2a>N", variant="gufu"), True)
#[pyclass(module = "kifu", frozen, sequence)]
pub struct LegalMoves {
    moves: Vec<Move>,
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = pyo3::types::PyList::new(py, slf.moves.iter().cloned())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __getitem__(&self, i: isize) -> PyResult<Move> {
        let n = self.moves.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            return Err(PyIndexError::new_err("legal move index out of range"));
        }
        Ok(self.moves[j as usize].clone())
    }

    fn __contains__(&self, m: &Move) -> bool {
        self.moves.contains(m)
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The number of legal moves.
    ///
    /// >>> kifu.Board().legal_moves.count()
    /// 51
    fn count(&self) -> usize {
        self.moves.len()
    }

    fn __repr__(&self) -> String {
        let texts: Vec<String> = self
            .moves
            .iter()
            .map(|m| compat::move_string(&m.inner))
            .collect();
        format!("<LegalMoves ({}): {}>", texts.len(), texts.join(", "))
    }
}

/// A position of Wa shogi or Gufū shōgi, with the moves played on it (a python-chess-like
/// board; every rule is the kifu library's).
///
/// `Board(variant="wa")` is the start of Wa shogi with drops; `"wa-nodrop"` without drops;
/// `"gufu"` Gufū shōgi. `position` is a position string (Wa: XBoard's FEN; Gufū: kifu's form),
/// as `position_string()` writes it; a malformed one raises `kifu.PositionError`.
///
/// Boards compare and hash by variant and position (not by the moves that led there).
///
/// >>> board = kifu.Board("wa")
/// >>> board.push_text("SP-8g")
/// Move.from_engine("d4d5")
/// >>> board.turn, len(board.legal_moves)
/// ('white', 51)
/// >>> board == kifu.Board("wa", board.position_string()), len({board, board.copy()})
/// (True, 1)
/// >>> kifu.Board("gufu")
/// Board("gufu", "2/2/2 b KkWS 1")
#[pyclass(module = "kifu")]
#[derive(Clone)]
pub struct Board {
    pub state: State,
    /// Each move played, with the position before it.
    stack: Vec<(Move, State)>,
}

impl Board {
    pub fn from_state(state: State) -> Board {
        Board {
            state,
            stack: Vec::new(),
        }
    }

    fn variant(&self) -> Variant {
        self.state.variant()
    }

    fn check_game(&self, m: &Move) -> PyResult<()> {
        let same = matches!(
            (&self.state, &m.inner),
            (PerGame::Wa(_), PerGame::Wa(_)) | (PerGame::Gufu(_), PerGame::Gufu(_))
        );
        if same {
            Ok(())
        } else {
            Err(PyTypeError::new_err(format!(
                "a {} move cannot be played on a {} board",
                m.game(),
                self.variant().name()
            )))
        }
    }

    /// Plays a move that the replay already checked.
    pub fn push_unchecked(&mut self, m: Move) {
        let before = self.state.clone();
        match (&mut self.state, &m.inner) {
            (PerGame::Wa(p), PerGame::Wa(mv)) => p.play_unchecked(mv),
            (PerGame::Gufu(p), PerGame::Gufu(mv)) => p.play_unchecked(mv),
            _ => return,
        }
        self.stack.push((m, before));
    }

    /// Plays a move of this board's game after checking it.
    fn play(&mut self, py: Python<'_>, m: Move) -> PyResult<()> {
        self.check_game(&m)?;
        let before = self.state.clone();
        let result = match (&mut self.state, &m.inner) {
            (PerGame::Wa(p), PerGame::Wa(mv)) => p.play(mv),
            (PerGame::Gufu(p), PerGame::Gufu(mv)) => p.play(mv),
            _ => unreachable!("checked above"),
        };
        match result {
            Ok(()) => {
                self.stack.push((m, before));
                Ok(())
            }
            Err(e) => Err(errors::illegal(py, e.kind().name(), &e.to_string(), None)),
        }
    }

    /// The SVG diagram, with the side to move's King marked when in check.
    pub fn diagram(&self, flip: bool, last: Option<Move>, size: Option<u32>) -> PyResult<String> {
        if let Some(m) = &last {
            self.check_game(m)?;
        }
        let last = last.map(|m| m.inner);
        Ok(match &self.state {
            PerGame::Wa(p) => draw(
                p,
                flip,
                size,
                match last {
                    Some(PerGame::Wa(m)) => Some(m),
                    _ => None,
                },
            ),
            PerGame::Gufu(p) => draw(
                p,
                flip,
                size,
                match last {
                    Some(PerGame::Gufu(m)) => Some(m),
                    _ => None,
                },
            ),
        })
    }
}

/// A position's diagram, its King marked when in check.
fn draw<D: svg::Diagram>(
    p: &D,
    flip: bool,
    size: Option<u32>,
    last_move: Option<D::Move>,
) -> String {
    let o = svg::DiagramOptions {
        flip,
        last_move,
        size,
        check: svg::check_square(p),
        ..svg::DiagramOptions::default()
    };
    svg::board(p, &o)
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant = "wa", position = None))]
    fn py_new(py: Python<'_>, variant: &str, position: Option<&str>) -> PyResult<Board> {
        let variant = variant_from(variant)?;
        let state = match position {
            None => State::start(variant),
            Some(s) => State::from_position_string(variant, s)
                .map_err(|e| errors::position_error(py, &e))?,
        };
        Ok(Board::from_state(state))
    }

    /// The variant: `"wa"`, `"wa-nodrop"` or `"gufu"`.
    ///
    /// >>> kifu.Board("wa-nodrop").variant
    /// 'wa-nodrop'
    #[getter(variant)]
    fn variant_name(&self) -> &'static str {
        self.variant().name()
    }

    /// The side to move: `"black"` (the first mover) or `"white"`.
    ///
    /// >>> board = kifu.Board()
    /// >>> board.turn
    /// 'black'
    /// >>> board.push_text("SP-8g")
    /// Move.from_engine("d4d5")
    /// >>> board.turn
    /// 'white'
    #[getter]
    fn turn(&self) -> &'static str {
        self.state.turn().name()
    }

    /// The legal moves (empty when the game is over): sized and iterable, with `in`.
    ///
    /// >>> moves = kifu.Board().legal_moves
    /// >>> len(moves), kifu.Move.from_engine("d4d5") in moves, kifu.Move.from_engine("d4d6") in moves
    /// (51, True, False)
    #[getter]
    fn legal_moves(&self) -> LegalMoves {
        let variant = self.variant();
        let moves = match &self.state {
            PerGame::Wa(p) => p
                .legal_moves()
                .into_iter()
                .map(|m| Move::new(PerGame::Wa(m), variant))
                .collect(),
            PerGame::Gufu(p) => p
                .legal_moves()
                .into_iter()
                .map(|m| Move::new(PerGame::Gufu(m), variant))
                .collect(),
        };
        LegalMoves { moves }
    }

    /// Whether `move` is legal here.
    ///
    /// >>> kifu.Board().is_legal(kifu.Move.from_engine("d4d6"))
    /// False
    fn is_legal(&self, r#move: &Move) -> bool {
        match (&self.state, &r#move.inner) {
            (PerGame::Wa(p), PerGame::Wa(m)) => p.is_legal(m),
            (PerGame::Gufu(p), PerGame::Gufu(m)) => p.is_legal(m),
            _ => false,
        }
    }

    /// Plays `move` (a `kifu.Move`). An illegal move raises `kifu.IllegalMoveError` whose
    /// `kind` names the rule it breaks; the board is then unchanged.
    ///
    /// >>> board = kifu.Board()
    /// >>> board.push(kifu.Move.from_engine("d4d5"))
    /// >>> board.push(kifu.Move.from_engine("d8d6"))
    /// Traceback (most recent call last):
    /// ...
    /// kifu.IllegalMoveError: the piece cannot move that way
    /// >>> board.move_stack
    /// [Move.from_engine("d4d5")]
    fn push(&mut self, py: Python<'_>, r#move: Move) -> PyResult<()> {
        self.play(py, r#move)
    }

    /// Plays a move written as text in any notation kifu reads (Hodges `SP-7g`, `K*2三>W`,
    /// XBoard SAN, engine coordinates `h3g4`), checked exactly as `kifu validate` checks a
    /// record's move, and returns it. An illegal, ambiguous or unreadable text raises
    /// `kifu.IllegalMoveError` with `kind` and `help`.
    ///
    /// >>> board = kifu.Board()
    /// >>> board.push_text("SP-8g"), board.push_text("d8d7")
    /// (Move.from_engine("d4d5"), Move.from_engine("d8d7"))
    /// >>> board = kifu.Board("wa", "5k5/11/11/11/6L1L2/11/11/11/11/11/5K5 w 0 1")
    /// >>> try:
    /// ...     board.push_text("SO-4f")
    /// ... except kifu.IllegalMoveError as e:
    /// ...     print(e.kind, "|", e.help)
    /// ambiguous_move | candidates: SO5e, SO3e
    /// >>> board.push_text("SO5e-4f")
    /// Move.from_engine("g7h6")
    fn push_text(&mut self, py: Python<'_>, text: &str) -> PyResult<Move> {
        let m = compat::parse_move(&self.state, text)
            .map_err(|e| errors::illegal(py, &e.kind, &e.message, e.help.as_deref()))?;
        let m = Move::new(m, self.variant());
        self.play(py, m.clone())?;
        Ok(m)
    }

    /// Resolves a move written as text (as `push_text`) without playing it.
    ///
    /// >>> board = kifu.Board()
    /// >>> board.parse_text("SP-8g"), board.move_stack
    /// (Move.from_engine("d4d5"), [])
    fn parse_text(&self, py: Python<'_>, text: &str) -> PyResult<Move> {
        compat::parse_move(&self.state, text)
            .map(|m| Move::new(m, self.variant()))
            .map_err(|e| errors::illegal(py, &e.kind, &e.message, e.help.as_deref()))
    }

    /// Takes back the last move and returns it (IndexError when none was played).
    ///
    /// >>> board = kifu.Board()
    /// >>> board.push_text("SP-8g")
    /// Move.from_engine("d4d5")
    /// >>> board.pop()
    /// Move.from_engine("d4d5")
    /// >>> board == kifu.Board(), board.move_stack
    /// (True, [])
    fn pop(&mut self) -> PyResult<Move> {
        let (m, before) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.state = before;
        Ok(m)
    }

    /// The last move played (IndexError when none was).
    ///
    /// >>> board = kifu.Board()
    /// >>> board.push_text("SP-8g")
    /// Move.from_engine("d4d5")
    /// >>> board.peek()
    /// Move.from_engine("d4d5")
    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .map(|(m, _)| m.clone())
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The moves played on this board, first first.
    ///
    /// >>> board = kifu.Board()
    /// >>> board.push_text("SP-8g"), board.push_text("SP-4e")
    /// (Move.from_engine("d4d5"), Move.from_engine("h8h7"))
    /// >>> board.move_stack
    /// [Move.from_engine("d4d5"), Move.from_engine("h8h7")]
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.iter().map(|(m, _)| m.clone()).collect()
    }

    /// `move` (legal here) written in `notation` (`"hodges"`, `"long"`, `"engine"`, `"san"`;
    /// the last two only for Wa) with `ranks` (`"letters"` or `"kanji"`; default: the
    /// variant's usual, kanji for Gufū, letters for Wa), with its marks (Gufū `+`, `#`).
    ///
    /// >>> board, m = kifu.Board(), kifu.Move.from_engine("d4d5")
    /// >>> board.move_text(m), board.move_text(m, notation="long", ranks="kanji")
    /// ('SP-8g', 'SP8八-8七')
    /// >>> board.move_text(m, notation="engine"), board.move_text(m, notation="san")
    /// ('d4d5', 'd5')
    #[pyo3(signature = (r#move, notation = "hodges", ranks = None))]
    fn move_text(
        &self,
        py: Python<'_>,
        r#move: Move,
        notation: &str,
        ranks: Option<&str>,
    ) -> PyResult<String> {
        self.check_game(&r#move)?;
        let style = style_from(self.variant(), notation, ranks)?;
        let ill =
            |e: rules::IllegalMove| errors::illegal(py, e.kind().name(), &e.to_string(), None);
        match (&self.state, &r#move.inner) {
            (PerGame::Wa(p), PerGame::Wa(m)) => {
                let mut after = p.clone();
                after.play(m).map_err(ill)?;
                Ok(p.move_text(m, &after, style))
            }
            (PerGame::Gufu(p), PerGame::Gufu(m)) => {
                let mut after = p.clone();
                after.play(m).map_err(ill)?;
                Ok(p.move_text(m, &after, style))
            }
            _ => unreachable!("checked above"),
        }
    }

    /// The position string (Wa: XBoard's FEN; Gufū: kifu's form), which `Board(variant,
    /// position)` reads back.
    ///
    /// >>> kifu.Board("gufu").position_string()
    /// '2/2/2 b KkWS 1'
    /// >>> board = kifu.Board()
    /// >>> board.push_text("SP-8g")
    /// Move.from_engine("d4d5")
    /// >>> kifu.Board("wa", board.position_string()) == board
    /// True
    fn position_string(&self) -> String {
        self.state.position_string()
    }

    /// The piece on `square` (Hodges text with letter or kanji ranks, `"8g"`, `"2一"`; Wa also
    /// engine coordinates `"g4"`), or None for an empty square. A square off the board raises
    /// ValueError.
    ///
    /// >>> board = kifu.Board()
    /// >>> board.piece_at("8h").symbol, board.piece_at("8八").name, board.piece_at("d4").color
    /// ('SP', 'Sparrow Pawn', 'black')
    /// >>> board.piece_at("8g") is None
    /// True
    fn piece_at(&self, square: &str) -> PyResult<Option<Piece>> {
        let sq = compat::parse_square(self.variant(), square).ok_or_else(|| {
            errors::value_error(format!("not a square of this board: {square:?}"))
        })?;
        Ok(match &self.state {
            PerGame::Wa(g) => g.position().piece_at(sq).map(|p| {
                let face = p.face();
                Piece {
                    symbol: face.abbr.to_string(),
                    name: face.name.to_string(),
                    kanji: face.kanji.first().unwrap_or(&"").to_string(),
                    color: Some(p.color.name().to_string()),
                    promoted: p.promoted,
                    facing: None,
                }
            }),
            PerGame::Gufu(pos) => pos.piece_at(sq).map(|p| {
                let row = p.id.row();
                Piece {
                    symbol: row.letter.to_string(),
                    name: row.name.to_string(),
                    kanji: row.kanji.first().unwrap_or(&"").to_string(),
                    color: p.id.owner().map(|c| c.name().to_string()),
                    promoted: false,
                    facing: Some(p.facing.letter().to_string()),
                }
            }),
        })
    }

    /// The pieces in hand: `{"black": {"SP": 2, ...}, "white": {...}}` (abbreviation →
    /// count; pieces with none left out). Gufū: the Kings not yet dropped under their side,
    /// the shared pieces not on the board under `"shared"`.
    ///
    /// >>> kifu.Board("gufu").hands
    /// {'black': {'K': 1}, 'white': {'K': 1}, 'shared': {'W': 1, 'S': 1}}
    /// >>> kifu.read_game("fixtures/xboard/crazywa-01.pgn").end().board().hands
    /// {'black': {'CE': 1, 'RR': 1, 'FC': 1, 'SP': 5}, 'white': {'FF': 1, 'RR': 1, 'VS': 1, 'BD': 1, 'SP': 4}}
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        match &self.state {
            PerGame::Wa(g) => {
                for color in [Color::Black, Color::White] {
                    let hand = PyDict::new(py);
                    for kind in wa::Kind::all() {
                        let n = g.position().in_hand(color, kind);
                        if n > 0 {
                            hand.set_item(kind.row().face.abbr, n)?;
                        }
                    }
                    out.set_item(color.name(), hand)?;
                }
            }
            PerGame::Gufu(p) => {
                for side in ["black", "white", "shared"] {
                    out.set_item(side, PyDict::new(py))?;
                }
                for id in gufu::PieceId::ALL {
                    if p.in_hand(id) {
                        let side = id.owner().map_or("shared", Color::name);
                        out.get_item(side)?
                            .expect("set above")
                            .set_item(id.row().letter.to_string(), 1)?;
                    }
                }
            }
        }
        Ok(out)
    }

    /// Whether the side to move is in check.
    ///
    /// >>> board = kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").mainline()[4].board()
    /// >>> board.is_check(), kifu.Board().is_check()
    /// (True, False)
    fn is_check(&self) -> bool {
        self.state.in_check()
    }

    /// Whether the side to move is checkmated.
    ///
    /// >>> kifu.read_game("fixtures/xboard/crazywa-01.pgn").end().board().is_checkmate()
    /// True
    fn is_checkmate(&self) -> bool {
        matches!(
            self.state.outcome(),
            Some(RustOutcome {
                termination: Termination::Checkmate,
                ..
            })
        )
    }

    /// Whether the game is over (checkmate, a King captured, no legal move, repetition).
    ///
    /// >>> kifu.Board().is_game_over()
    /// False
    /// >>> kifu.read_game("fixtures/gufu/gufu-friendly-mate.psn").end().board().is_game_over()
    /// True
    fn is_game_over(&self) -> bool {
        self.state.outcome().is_some()
    }

    /// How the game ended (a `kifu.Outcome`: winner, termination, result), or None while it
    /// goes on.
    ///
    /// >>> kifu.Board().outcome() is None
    /// True
    /// >>> kifu.read_game("fixtures/xboard/crazywa-01.pgn").end().board().outcome()
    /// Outcome(winner="white", termination="checkmate", result="0-1")
    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome().map(outcome)
    }

    /// A copy, with its move stack.
    ///
    /// >>> board = kifu.Board()
    /// >>> board.push_text("SP-8g")
    /// Move.from_engine("d4d5")
    /// >>> other = board.copy()
    /// >>> other.push_text("SP-4e")
    /// Move.from_engine("h8h7")
    /// >>> len(board.move_stack), len(other.move_stack)
    /// (1, 2)
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The number of leaf nodes of the legal-move tree `depth` plies deep (in Rust).
    ///
    /// >>> kifu.Board().perft(2), kifu.Board("gufu").perft(3)
    /// (2601, 6096)
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let state = self.state.clone();
        py.detach(move || for_game!(&state, p => rules::perft(p, depth)))
    }

    /// An SVG diagram: `flip` views it from White's side, `last_move` (a `kifu.Move`)
    /// highlights its squares, `size` is the width in pixels (default: natural size).
    ///
    /// >>> board = kifu.Board()
    /// >>> m = board.push_text("SP-8g")
    /// >>> doc = board.svg(flip=True, last_move=m, size=300)
    /// >>> doc.startswith("<svg"), 'width="300"' in doc, "lastmove" in doc
    /// (True, True, True)
    #[pyo3(signature = (flip = false, last_move = None, size = None))]
    fn svg(&self, flip: bool, last_move: Option<Move>, size: Option<u32>) -> PyResult<String> {
        self.diagram(flip, last_move, size)
    }

    /// The SVG diagram with the last move played highlighted (Jupyter shows it).
    ///
    /// >>> board = kifu.Board()
    /// >>> m = board.push_text("SP-8g")
    /// >>> board._repr_svg_() == board.svg(last_move=m)
    /// True
    fn _repr_svg_(&self) -> PyResult<String> {
        self.diagram(false, self.stack.last().map(|(m, _)| m.clone()), None)
    }

    /// A PNG image of the diagram (bytes), `size` pixels wide (default: the natural size),
    /// with the same options as `svg`.
    ///
    /// >>> kifu.Board().png(size=200)[:8]
    /// b'\x89PNG\r\n\x1a\n'
    #[pyo3(signature = (size = None, flip = false, last_move = None))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        size: Option<u32>,
        flip: bool,
        last_move: Option<Move>,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let doc = self.diagram(flip, last_move, size)?;
        let bytes = py
            .detach(move || svg::png(&doc, size))
            .map_err(|e| errors::value_error(e.to_string()))?;
        Ok(pyo3::types::PyBytes::new(py, &bytes))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.extract::<PyRef<'_, Board>>() {
            Ok(o) => self.variant() == o.variant() && self.position_string() == o.position_string(),
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        (self.variant().name(), self.position_string()).hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.position_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Board({:?}, {:?})",
            self.variant().name(),
            self.position_string()
        )
    }
}
