//! Replaying a record through the rules core: every move as written is resolved to a move of
//! the rules, checked (legality and everything the text claims), and played.
//!
//! Knows the record types and the rules; knows nothing of output formats.

mod gufu_moves;
mod wa_moves;

use crate::geometry::Color;
use crate::record::{Dots, Event, MoveNumber, Movetext, Node, NodeId, Record, ResultToken, Span};
use crate::rules::{Outcome, Status};
use crate::{Variant, gufu, wa};

/// A position of either game, with what the game's end needs (Wa: repetition history).
#[derive(Clone, Debug)]
pub enum State {
    Wa(Box<wa::Game>),
    Gufu(gufu::Position),
}

/// A move of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyMove {
    Wa(wa::Move),
    Gufu(gufu::Move),
}

impl State {
    /// The start position of a variant.
    pub fn start(variant: Variant) -> State {
        match variant {
            Variant::Wa | Variant::WaNoDrop => {
                State::Wa(Box::new(wa::Game::new(wa::Position::start(variant))))
            }
            Variant::Gufu => State::Gufu(gufu::Position::start()),
        }
    }

    /// A position from a position string (Wa: FEN; Gufū: kifu's form).
    pub fn from_position_string(variant: Variant, s: &str) -> Result<State, (usize, String)> {
        match variant {
            Variant::Wa | Variant::WaNoDrop => wa::fen::parse(s, variant)
                .map(|p| State::Wa(Box::new(wa::Game::new(p))))
                .map_err(|e| (e.offset, e.message)),
            Variant::Gufu => gufu::posstr::parse(s)
                .map(State::Gufu)
                .map_err(|e| (e.offset, e.message)),
        }
    }

    /// The position string.
    pub fn position_string(&self) -> String {
        match self {
            State::Wa(g) => wa::fen::write(g.position()),
            State::Gufu(p) => gufu::posstr::write(p),
        }
    }

    pub fn turn(&self) -> Color {
        match self {
            State::Wa(g) => g.position().turn(),
            State::Gufu(p) => p.turn(),
        }
    }

    /// How the game has ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            State::Wa(g) => g.outcome(),
            State::Gufu(p) => match p.status() {
                Status::Over(o) => Some(o),
                Status::Ongoing => None,
            },
        }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        match self {
            State::Wa(g) => g.position().in_check(),
            State::Gufu(p) => p.in_check(),
        }
    }

    /// The number a shogi-style record gives the next ply, and the number a chess-style
    /// record gives the move it belongs to.
    fn numbers(&self) -> (u64, u64) {
        match self {
            State::Wa(g) => {
                let p = g.position();
                let full = p.fullmove() as u64;
                let ply = (full - 1) * 2 + 1 + (p.turn() == Color::White) as u64;
                (ply, full)
            }
            State::Gufu(p) => {
                let ply = p.ply() as u64;
                (ply, ply.div_ceil(2))
            }
        }
    }

    /// Plays a resolved move known to be legal.
    pub fn play_unchecked(&mut self, m: &AnyMove) {
        match (self, m) {
            (State::Wa(g), AnyMove::Wa(m)) => {
                let _ = g.play(m);
            }
            (State::Gufu(p), AnyMove::Gufu(m)) => p.play_unchecked(m),
            _ => {}
        }
    }
}

/// A problem found in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Stable snake_case name (documented in the README).
    pub kind: &'static str,
    pub message: String,
    /// Where in the file.
    pub span: Span,
    /// The ply (1 = the game's first move), for problems with a move.
    pub ply: Option<u64>,
    /// The move as written.
    pub mv: Option<String>,
    /// A hint: where the piece could go, the candidate origins, ...
    pub help: Option<String>,
}

/// A failure while resolving or checking one move (the driver adds where and which ply).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fail {
    pub kind: &'static str,
    pub message: String,
    pub help: Option<String>,
}

impl Fail {
    pub(crate) fn new(kind: &'static str, message: impl Into<String>) -> Fail {
        Fail {
            kind,
            message: message.into(),
            help: None,
        }
    }

    pub(crate) fn help(mut self, help: impl Into<String>) -> Fail {
        self.help = Some(help.into());
        self
    }
}

/// Replay settings.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The variant of records without a `Variant` tag.
    pub default_variant: Option<Variant>,
    /// Keep every resolved move (for writers).
    pub keep_moves: bool,
}

/// What replaying one record found.
#[derive(Clone, Debug)]
pub struct Report {
    pub variant: Option<Variant>,
    /// The position the game starts from (None when the variant or setup is unusable).
    pub start: Option<State>,
    /// Plies replayed, variations included.
    pub plies: u64,
    /// Plies of the main line replayed.
    pub main_plies: u64,
    /// At most one: the first error stops the game.
    pub errors: Vec<Problem>,
    pub warnings: Vec<Problem>,
    /// How the main line ended, if it did.
    pub outcome: Option<Outcome>,
    /// The main line's final state.
    pub end: Option<State>,
    /// With `keep_moves`: the resolved move of each node (by node index).
    pub moves: Vec<Option<AnyMove>>,
}

impl Report {
    pub fn valid(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Numbering styles: every ply numbered (shogi), or move pairs (chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    Plies,
    Pairs,
}

struct Frame {
    state: State,
    /// The state before the current node, kept only when that node has variations.
    before: Option<State>,
}

/// Replays a record.
pub fn replay(record: &Record, opts: &Options) -> Report {
    let mut report = Report {
        variant: None,
        start: None,
        plies: 0,
        main_plies: 0,
        errors: Vec::new(),
        warnings: Vec::new(),
        outcome: None,
        end: None,
        moves: Vec::new(),
    };
    let Some(start) = setup(record, opts, &mut report) else {
        return report;
    };
    report.start = Some(start.clone());
    if opts.keep_moves {
        report.moves = vec![None; record.movetext.nodes().len()];
    }
    let mt = &record.movetext;
    let mut stack: Vec<Frame> = Vec::new();
    let mut style: Option<Style> = None;
    for event in mt.walk() {
        match event {
            Event::LineStart(_, line) => {
                let state = match line.parent {
                    None => start.clone(),
                    Some(_) => match stack.last().and_then(|f| f.before.clone()) {
                        Some(s) => s,
                        None => break, // cannot happen: the parent kept its state
                    },
                };
                stack.push(Frame {
                    state,
                    before: None,
                });
            }
            Event::Move(id, node) => {
                let Some(frame) = stack.last_mut() else { break };
                let ply = ply_of(&start, &frame.state);
                let fail = |f: Fail| Problem {
                    kind: f.kind,
                    message: f.message,
                    span: node.mv.span(),
                    ply: Some(ply),
                    mv: Some(node.mv.text().to_string()),
                    help: f.help,
                };
                if let Err(f) = check_number(node.number.as_ref(), &frame.state, &mut style) {
                    let mut p = fail(f);
                    if let Some(n) = &node.number {
                        p.span = n.span;
                    }
                    report.errors.push(p);
                    break;
                }
                if !node.variations.is_empty() {
                    frame.before = Some(frame.state.clone());
                }
                match play_node(&mut frame.state, node) {
                    Ok(m) => {
                        report.plies += 1;
                        if stack.len() == 1 {
                            report.main_plies += 1;
                        }
                        if let Some(slot) = report.moves.get_mut(id.index()) {
                            *slot = Some(m);
                        }
                    }
                    Err(f) => {
                        // A move that fails where the game is over: say that, not why the
                        // move would be illegal. (A game that goes on never pays for this.)
                        let f = match frame.state.outcome() {
                            Some(o) => {
                                if stack.len() == 1 {
                                    report.outcome = Some(o);
                                }
                                Fail::new(
                                    "game_over",
                                    format!(
                                        "the game is already over: it ended by {} ({})",
                                        o.termination.describe(),
                                        o.result()
                                    ),
                                )
                            }
                            None => f,
                        };
                        report.errors.push(fail(f));
                        break;
                    }
                }
            }
            Event::LineEnd(_, line) => {
                if let Some(n) = &line.trailing_number
                    && let Some(frame) = stack.last()
                    && let Err(f) = check_number(Some(n), &frame.state, &mut style)
                {
                    report.errors.push(Problem {
                        kind: f.kind,
                        message: f.message,
                        span: n.span,
                        ply: None,
                        mv: None,
                        help: f.help,
                    });
                    break;
                }
                let frame = stack.pop();
                if line.parent.is_none()
                    && let Some(frame) = frame
                {
                    report.outcome = frame.state.outcome();
                    report.end = Some(frame.state);
                }
            }
        }
    }
    if report.errors.is_empty() {
        check_result(record, &mut report);
    }
    report
}

/// 1-based ply of the next move, counted from the game's first move.
fn ply_of(start: &State, now: &State) -> u64 {
    now.numbers().0.saturating_sub(start.numbers().0) + 1
}

/// The variant and the start position, or the error that prevents replaying.
fn setup(record: &Record, opts: &Options, report: &mut Report) -> Option<State> {
    let tag = record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("Variant"));
    let variant = match tag {
        Some(t) => match Variant::from_name(&t.value) {
            Some(v) => v,
            None => {
                report.errors.push(Problem {
                    kind: "unknown_variant",
                    message: format!(
                        "unknown variant '{}' (kifu knows wa, wa-nodrop and gufu)",
                        t.value
                    ),
                    span: t.value_span,
                    ply: None,
                    mv: None,
                    help: None,
                });
                return None;
            }
        },
        None => match opts.default_variant {
            Some(v) => v,
            None => {
                report.errors.push(Problem {
                    kind: "missing_variant",
                    message: "the record has no Variant tag; give --variant".into(),
                    span: Span::at(record.span.start),
                    ply: None,
                    mv: None,
                    help: Some(
                        "add [Variant \"wa\"] or [Variant \"gufu\"], or pass --variant".into(),
                    ),
                });
                return None;
            }
        },
    };
    report.variant = Some(variant);
    let fen = record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("FEN"));
    let setup_tag = record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("SetUp"));
    match fen {
        Some(t) => match State::from_position_string(variant, &t.value) {
            Ok(s) => Some(s),
            Err((offset, message)) => {
                // The offset is in the tag's (unescaped) value; point into the value.
                let at = (t.value_span.start + 1 + offset).min(t.value_span.end);
                report.errors.push(Problem {
                    kind: "bad_position",
                    message: format!("bad FEN position: {message}"),
                    span: Span::new(at, (at + 1).min(t.value_span.end.max(at))),
                    ply: None,
                    mv: None,
                    help: None,
                });
                None
            }
        },
        None => {
            if let Some(t) = setup_tag
                && t.value.trim() == "1"
            {
                report.errors.push(Problem {
                    kind: "bad_position",
                    message: "SetUp \"1\" without a FEN tag".into(),
                    span: t.span,
                    ply: None,
                    mv: None,
                    help: None,
                });
                return None;
            }
            Some(State::start(variant))
        }
    }
}

/// Checks a written move number against the position and the record's numbering style.
fn check_number(
    n: Option<&MoveNumber>,
    state: &State,
    style: &mut Option<Style>,
) -> Result<(), Fail> {
    let Some(n) = n else { return Ok(()) };
    let (ply, full) = state.numbers();
    let white = state.turn() == Color::White;
    let fits_plies = n.dots == Dots::One && n.n == ply;
    let fits_pairs = n.n == full && (n.dots == Dots::Three) == white;
    let ok = match *style {
        Some(Style::Plies) => fits_plies,
        Some(Style::Pairs) => fits_pairs,
        None => {
            if fits_plies && !fits_pairs {
                *style = Some(Style::Plies);
            } else if fits_pairs && !fits_plies {
                *style = Some(Style::Pairs);
            }
            fits_plies || fits_pairs
        }
    };
    if ok {
        return Ok(());
    }
    let expected = match *style {
        Some(Style::Plies) => format!("{ply}."),
        Some(Style::Pairs) => {
            if white {
                format!("{full}...")
            } else {
                format!("{full}.")
            }
        }
        None => {
            if white {
                format!("{ply}. (every ply numbered) or {full}... (move pairs)")
            } else {
                format!("{ply}. (every ply numbered) or {full}. (move pairs)")
            }
        }
    };
    Err(Fail::new(
        "bad_move_number",
        format!("move number '{n}' does not fit here: expected {expected}"),
    ))
}

/// Resolves, checks and plays one node's move.
fn play_node(state: &mut State, node: &Node) -> Result<AnyMove, Fail> {
    match state {
        State::Wa(g) => wa_moves::play(g, &node.mv).map(AnyMove::Wa),
        State::Gufu(p) => gufu_moves::play(p, &node.mv).map(AnyMove::Gufu),
    }
}

/// Warns where the Result tag or the result token contradicts how the game ended.
fn check_result(record: &Record, report: &mut Report) {
    let tag = record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("Result"));
    let token = record.result;
    let mut warn = |message: String, span: Span| {
        report.warnings.push(Problem {
            kind: "result_mismatch",
            message,
            span,
            ply: None,
            mv: None,
            help: None,
        });
    };
    if let Some(o) = report.outcome {
        let how = o.termination.describe();
        if let Some(t) = tag
            && t.value != o.result()
        {
            warn(
                format!(
                    "the Result tag says \"{}\", but the game ended by {how}: {}",
                    t.value,
                    o.result()
                ),
                t.value_span,
            );
        }
        if let Some(r) = token
            && r.value.as_str() != o.result()
        {
            warn(
                format!(
                    "the result says {}, but the game ended by {how}: {}",
                    r.value.as_str(),
                    o.result()
                ),
                r.span,
            );
        }
    } else if let (Some(t), Some(r)) = (tag, token)
        && r.value != ResultToken::Unknown
        && t.value != r.value.as_str()
    {
        warn(
            format!(
                "the Result tag says \"{}\", but the movetext ends with {}",
                t.value,
                r.value.as_str()
            ),
            r.span,
        );
    }
}

/// The main line as replayed (needs a report made with `keep_moves`): for each ply from 0
/// (the start) on, the node played (None for the start), the move, and the state after it.
/// Stops where the replay stopped.
pub fn main_line(mt: &Movetext, report: &Report) -> Vec<(Option<NodeId>, Option<AnyMove>, State)> {
    let Some(start) = report.start.clone() else {
        return Vec::new();
    };
    let mut out = vec![(None, None, start.clone())];
    let mut state = start;
    for &id in &mt.main_line().nodes {
        let Some(Some(m)) = report.moves.get(id.index()) else {
            break;
        };
        state.play_unchecked(m);
        out.push((Some(id), Some(*m), state.clone()));
    }
    out
}
