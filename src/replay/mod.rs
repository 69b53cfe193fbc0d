//! Replaying a record through the rules core: every move as written is resolved to a move of
//! the rules, checked (legality and everything the text claims), and played. [`replay`] gives
//! a [`Report`]: the problems found (each of a [`ProblemKind`] with a stable name), how the
//! game ended, and the game as replayed ([`Played`]: its start, the resolved move of each
//! node, its end), typed by game.
//!
//! Knows the record types and the rules; knows nothing of output formats.

mod convention;
mod detect;
pub(crate) mod text;

pub use convention::{Convention, Players, XBOARD_VARIANTS};
pub use detect::{unknown_variant, unreadable_variant, variant_of};
pub use text::{MoveError, MoveErrorKind};

use crate::geometry::Color;
use crate::record::{
    Dots, Event, Line, LineId, MoveNumber, Movetext, Node, NodeId, Record, ResultToken, Span,
    WrittenMove,
};
use crate::rules::{Outcome, PerGame, Position, PositionError, Rule};
use crate::{Variant, for_game, gufu, wa};

/// A position of either game, with what the game's end needs (Wa: the repetition history).
pub type State = PerGame<wa::Game, gufu::Position>;

/// The one seam per game: every trait through which a generic layer sees a game, which the
/// position type each game replays with (the two of [`State`]: `wa::Game`, `gufu::Position`)
/// implements whole, each in the game's own folder. The rules ([`Position`]) and their
/// position strings (the rules core), the notation ([`Notate`](crate::notation::Notate), in
/// `src/<game>/notation.rs`), the resolution of a written move ([`Resolve`], in
/// `src/<game>/resolve.rs`), diagrams ([`Diagram`](crate::svg::Diagram), in
/// `src/<game>/diagram.rs`) and replay pages (`OnPage`, in `src/<game>/page.rs`), judging plies
/// ([`Judge`](crate::analysis::annotate::Judge), in `src/<game>/analysis.rs`), and in
/// `src/<game>/seam.rs` a ply's facts for tables ([`Describe`](crate::writers::Describe)),
/// random games ([`Weigh`](crate::generate::Weigh)) and the keys of collections (`Keyed`). A
/// third game implements these in its own folder and joins the lists that choose a game at run
/// time: [`Variant`], [`PerGame`] (with `for_game!`, `PerGame::start` and
/// `PerGame::from_position_string`), [`State`] and [`Replayed`], and the impls below, for which
/// the compiler lists what it lacks. (The mate search's
/// [`Searchable`](crate::analysis::game::Searchable) is implemented by the bare positions,
/// `wa::Position` and `gufu::Position`, which it searches without a game's history, in
/// `src/<game>/analysis.rs`.)
#[allow(
    dead_code,
    reason = "no generic code is bounded by the seam: it names the traits, and its impls check each game"
)]
pub(crate) trait Seam:
    Resolve
    + crate::notation::Notate
    + crate::writers::Describe
    + crate::svg::Diagram
    + crate::svg::OnPage
    + crate::generate::Weigh
    + crate::analysis::annotate::Judge
    + crate::collection::game::Keyed
{
}

// Every game implements the seam whole: the compiler lists any trait of it a game lacks.
impl Seam for wa::Game {}
impl Seam for gufu::Position {}

/// A game as replayed: where it started, the move resolved at each node, and where its main
/// line ended. `G` is the game's position type, so the moves are that game's moves.
#[derive(Clone, Debug)]
pub struct Played<G: Position> {
    /// The position the game starts from.
    pub start: G,
    /// With [`ReplayOptions::keep_moves`]: the resolved move of each node, by node index (None for
    /// a node not replayed); read through [`Played::move_at`] or a walk.
    pub(crate) moves: Vec<Option<G::Move>>,
    /// The main line's final position (None when the replay stopped before its end).
    pub end: Option<G>,
}

/// A replayed game of either game.
pub type Replayed = PerGame<Played<wa::Game>, Played<gufu::Position>>;

impl<G: Position> Played<G> {
    /// The whole movetext as replayed, in source order (the report must come from
    /// [`ReplayOptions::keep_moves`]): each line's start, each ply with the positions before and
    /// after it, each line's end. No position is copied per ply (two per line opened), so a
    /// walk costs the same whatever the game's length. Stops where the replay stopped.
    ///
    /// A lending cursor: `while let Some(step) = walk.next() { ... }`.
    pub fn walk<'a>(&'a self, mt: &'a Movetext) -> Steps<'a, G> {
        Steps::new(self, mt, false)
    }

    /// The main line as replayed, as [`Played::walk`] gives it (its start, each ply, its
    /// end), without the variations.
    pub fn main_line<'a>(&'a self, mt: &'a Movetext) -> Steps<'a, G> {
        Steps::new(self, mt, true)
    }

    /// The resolved move of a node of the movetext (of any line), if the replay reached it
    /// (with [`ReplayOptions::keep_moves`]).
    pub fn move_at(&self, node: NodeId) -> Option<&G::Move> {
        self.moves.get(node.index())?.as_ref()
    }

    /// The resolved moves of the main line, with their nodes, as far as the replay went.
    pub fn main_moves<'a>(
        &'a self,
        mt: &'a Movetext,
    ) -> impl Iterator<Item = (NodeId, &'a G::Move)> + 'a {
        mt.main_line()
            .nodes
            .iter()
            .map_while(|&id| Some((id, self.moves.get(id.index())?.as_ref()?)))
    }
}

/// One step of [`Steps`]: positions are borrowed from the walk until its next step.
#[derive(Debug)]
pub enum Step<'w, G: Position> {
    /// A line begins (the main line, depth 0, or a variation's `(`); `position` is the one its
    /// first move is played from.
    LineStart {
        /// The line's index in the movetext.
        id: LineId,
        /// The line as written.
        line: &'w Line,
        /// How deep it is nested: 0 for the main line, 1 for a variation of it, and so on.
        depth: usize,
        /// The position the line's first move is played from.
        position: &'w G,
    },
    /// A ply of a line at `depth`: the node, the position before it, the move, the position
    /// after it. Its variations follow, each between `LineStart` and `LineEnd`.
    Ply {
        /// The node's index in the movetext.
        id: NodeId,
        /// The move as written, with its comments and annotations.
        node: &'w Node,
        /// The depth of the ply's line (0: the main line).
        depth: usize,
        /// The position the move is played from.
        before: &'w G,
        /// The move, resolved.
        mv: &'w G::Move,
        /// The position after the move.
        after: &'w G,
    },
    /// A line ends; `position` is where it ended.
    LineEnd {
        /// The line's index in the movetext.
        id: LineId,
        /// The line as written.
        line: &'w Line,
        /// How deep it is nested: 0 for the main line, 1 for a variation of it, and so on.
        depth: usize,
        /// The position after the line's last move replayed.
        position: &'w G,
    },
}

/// An open line of [`Steps`]: the positions before and after its last ply. `before` lags a
/// ply behind `after` and catches up at the next ply: two plays a ply, no copy.
struct Open<'a, G: Position> {
    before: G,
    after: G,
    lag: Option<&'a G::Move>,
}

/// The walk of a replayed movetext: see [`Played::walk`] and [`Played::main_line`].
pub struct Steps<'a, G: Position> {
    played: &'a Played<G>,
    events: crate::record::Walk<'a>,
    main_only: bool,
    open: Vec<Open<'a, G>>,
    /// The last step was a line's end: its line is closed at the next step.
    close: bool,
    /// A move was not replayed: the walk is over.
    stopped: bool,
}

impl<'a, G: Position> Steps<'a, G> {
    fn new(played: &'a Played<G>, mt: &'a Movetext, main_only: bool) -> Steps<'a, G> {
        Steps {
            played,
            events: mt.walk(),
            main_only,
            open: Vec::new(),
            close: false,
            stopped: false,
        }
    }

    /// Whether the walk stopped at a move the replay did not reach (so that it did not go
    /// through the whole movetext).
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The next step, or None at the end (or where the replay stopped).
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Step<'_, G>> {
        if std::mem::take(&mut self.close) {
            self.open.pop();
        }
        if self.stopped {
            return None;
        }
        loop {
            let event = self.events.next()?;
            let main_only = self.main_only;
            let skip = |line: &Line| main_only && line.parent.is_some();
            match event {
                Event::LineStart(id, line) => {
                    if skip(line) {
                        continue;
                    }
                    let from = match line.parent {
                        None => self.played.start.clone(),
                        Some(_) => match self.open.last() {
                            Some(o) => o.before.clone(),
                            None => return self.stop(),
                        },
                    };
                    self.open.push(Open {
                        before: from.clone(),
                        after: from,
                        lag: None,
                    });
                    let o = self.open.last()?;
                    return Some(Step::LineStart {
                        id,
                        line,
                        depth: line.depth,
                        position: &o.after,
                    });
                }
                Event::Move(id, node) => {
                    if main_only && node.line != Movetext::MAIN {
                        continue;
                    }
                    let Some(Some(m)) = self.played.moves.get(id.index()) else {
                        return self.stop();
                    };
                    let Some(o) = self.open.last_mut() else {
                        return self.stop();
                    };
                    if let Some(lag) = o.lag.take() {
                        o.before.play_unchecked(lag);
                    }
                    o.after.play_unchecked(m);
                    o.lag = Some(m);
                    let o = self.open.last()?;
                    return Some(Step::Ply {
                        id,
                        node,
                        depth: self.open.len() - 1,
                        before: &o.before,
                        mv: m,
                        after: &o.after,
                    });
                }
                Event::LineEnd(id, line) => {
                    if skip(line) {
                        continue;
                    }
                    self.close = true;
                    let o = self.open.last()?;
                    return Some(Step::LineEnd {
                        id,
                        line,
                        depth: line.depth,
                        position: &o.after,
                    });
                }
            }
        }
    }

    #[cold]
    fn stop(&mut self) -> Option<Step<'_, G>> {
        self.stopped = true;
        None
    }
}

/// What replaying needs of a game beyond its rules: resolving a move as written.
pub(crate) trait Resolve: Position {
    /// Resolves a written move against this position, checks it and everything the text
    /// claims about it (capture, check, facing...), and plays it.
    fn play_written(&mut self, w: &WrittenMove) -> Result<Self::Move, Fail>;
}

named_kinds! {
    /// What is wrong with a record: a rule of the game broken, or a problem with the record
    /// itself or with how a move is written. Each kind has a stable name, listed in the README.
    pub enum ProblemKind {
        #[wrap]
        /// A move breaks a rule of the game (the rule's own name, e.g. `path_blocked`).
        Rule(Rule),
        /// The Variant tag names no game kifu knows.
        UnknownVariant = "unknown_variant",
        /// No Variant tag, and no default variant given.
        MissingVariant = "missing_variant",
        /// The FEN tag's position string is malformed, or SetUp "1" has no FEN.
        BadPosition = "bad_position",
        /// A move number that does not fit the numbering.
        BadMoveNumber = "bad_move_number",
        /// Not a piece of the variant.
        UnknownPiece = "unknown_piece",
        /// A square outside the board.
        OffBoard = "off_board",
        /// More than one piece could make the move: the origin must be written.
        AmbiguousMove = "ambiguous_move",
        /// `x` where nothing is captured, or `-` where something is.
        CaptureMark = "capture_mark",
        /// A mark the move cannot carry.
        BadMark = "bad_mark",
        /// `:` (turn in place) outside Gufū.
        BadAction = "bad_action",
        /// An origin square on a drop.
        BadOrigin = "bad_origin",
        /// Engine coordinates where they do not belong.
        BadNotation = "bad_notation",
        /// A drop with a promotion mark.
        DropPromotion = "drop_promotion",
        /// A drop of a promoted piece.
        DropPromoted = "drop_promoted",
        /// A Gufū drop without its facing.
        MissingFacing = "missing_facing",
        /// A Gufū `+` or `#` that is not true, or a mark on a King capture.
        CheckMark = "check_mark",
        /// (A warning.) The Result tag or token contradicts how the game ended.
        ResultMismatch = "result_mismatch",
        /// (A warning.) A tag pair whose name (ASCII case aside) an earlier one has: the
        /// first counts, this one is ignored.
        DuplicateTag = "duplicate_tag",
    }
}

impl From<Rule> for ProblemKind {
    fn from(r: Rule) -> ProblemKind {
        ProblemKind::Rule(r)
    }
}

/// A problem found in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong; its name is stable (documented in the README).
    pub kind: ProblemKind,
    /// What is wrong, in plain English, as `kifu validate` prints it.
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

impl std::fmt::Display for Problem {
    /// The message (where it is, and the hint, are fields of their own).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

/// A failure while resolving or checking one move (the driver adds where and which ply).
/// Boxed: the hot path returns `Result<Move, Fail>` in registers, whatever the failure holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fail(Box<FailData>);

/// What a [`Fail`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FailData {
    pub kind: ProblemKind,
    pub message: String,
    pub help: Option<String>,
}

impl std::ops::Deref for Fail {
    type Target = FailData;
    fn deref(&self) -> &FailData {
        &self.0
    }
}

impl Fail {
    #[cold]
    pub(crate) fn new(kind: impl Into<ProblemKind>, message: impl Into<String>) -> Fail {
        Fail(Box::new(FailData {
            kind: kind.into(),
            message: message.into(),
            help: None,
        }))
    }

    pub(crate) fn help(mut self, help: impl Into<String>) -> Fail {
        self.0.help = Some(help.into());
        self
    }

    /// What it holds, unboxed.
    pub(crate) fn into_data(self) -> FailData {
        *self.0
    }
}

/// Replay settings.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// The variant of records without a `Variant` tag.
    pub default_variant: Option<Variant>,
    /// Keep every resolved move (for writers).
    pub keep_moves: bool,
}

/// What replaying one record found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The variant replayed: the Variant tag's, else the default, else the one the moves show.
    /// None when it could not be decided (an unknown variant, a chess game).
    pub variant: Option<Variant>,
    /// Plies replayed, variations included.
    pub plies: u64,
    /// Plies of the main line replayed.
    pub main_plies: u64,
    /// At most one: the first error stops the game.
    pub errors: Vec<Problem>,
    /// What is suspicious but does not make the game invalid, in source order.
    pub warnings: Vec<Problem>,
    /// How the main line ended, if it did.
    pub outcome: Option<Outcome>,
    /// The game as replayed (None when the variant or setup is unusable).
    pub played: Option<Replayed>,
}

impl Report {
    /// Whether the game replayed without error.
    pub fn valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// The position the game starts from.
    pub fn start(&self) -> Option<State> {
        Some(for_game!(map self.played.as_ref()?, p => p.start.clone()))
    }

    /// The main line's final position (None when the replay stopped before its end).
    pub fn end(&self) -> Option<State> {
        for_game!(map self.played.as_ref()?, p => p.end.clone()).transpose()
    }
}

/// The numberings a record's move numbers may follow, as a set: every ply numbered (shogi) or
/// move pairs (chess, `N...` before a move of White's), each either as the position numbers
/// its moves (from 1 at the usual start; a FEN's own numbers) or counted from the position the
/// game starts from (its first move is 1, as problem collections number a solution). The
/// first numbers written narrow the set; every number must fit one numbering left in it.
struct Numbering {
    /// Bits [`PLIES`], [`PAIRS`], [`PLIES_FROM_START`], [`PAIRS_FROM_START`].
    left: u8,
    /// The start's ply and move numbers.
    ply: u64,
    full: u64,
}

const PLIES: u8 = 1;
const PAIRS: u8 = 2;
const PLIES_FROM_START: u8 = 4;
const PAIRS_FROM_START: u8 = 8;

impl Numbering {
    fn new<G: Position>(start: &G) -> Numbering {
        let (ply, full) = (start.ply_number(), start.move_number());
        // From the usual numbering's first move, both counts are the same.
        let left = match (ply, full) {
            (1, 1) => PLIES | PAIRS,
            _ => PLIES | PAIRS | PLIES_FROM_START | PAIRS_FROM_START,
        };
        Numbering { left, ply, full }
    }
}

struct Frame<G> {
    state: G,
    /// The state before the current node, kept only when that node has variations.
    before: Option<G>,
}

/// Replays a record. Messages name the sides as the record does (in XBoard's convention the
/// first mover is `White`: [`Convention::name_sides`]).
pub fn replay(record: &Record, opts: &ReplayOptions) -> Report {
    let mut report = replay_kifu_sides(record, opts);
    let convention = Convention::of(record);
    if convention == Convention::Xboard {
        for p in report.errors.iter_mut().chain(report.warnings.iter_mut()) {
            p.message = convention.name_sides(&p.message);
            p.help = p.help.as_deref().map(|h| convention.name_sides(h));
        }
    }
    report
}

/// [`replay`], messages naming the first mover Black.
fn replay_kifu_sides(record: &Record, opts: &ReplayOptions) -> Report {
    let mut report = Report {
        variant: None,
        plies: 0,
        main_plies: 0,
        errors: Vec::new(),
        warnings: Vec::new(),
        outcome: None,
        played: None,
    };
    warn_repeated_tags(record, &mut report);
    let Some(start) = setup(record, opts, &mut report) else {
        return report;
    };
    // The one dispatch: from here on the replay is the game's own code.
    report.played = Some(for_game!(map start, s => replay_from(record, opts, s, &mut report)));
    if report.errors.is_empty() {
        check_result(record, &mut report);
    }
    report
}

/// Replays a record's movetext from `start`.
fn replay_from<G: Resolve>(
    record: &Record,
    opts: &ReplayOptions,
    start: G,
    report: &mut Report,
) -> Played<G> {
    let mut played = Played {
        start,
        moves: Vec::new(),
        end: None,
    };
    if opts.keep_moves {
        played.moves = vec![None; record.movetext.nodes().len()];
    }
    let start = &played.start;
    let mut stack: Vec<Frame<G>> = Vec::new();
    let mut numbering = Numbering::new(start);
    for event in record.movetext.walk() {
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
                let ply = ply_of(start, &frame.state);
                let fail = |f: Fail| {
                    let f = f.into_data();
                    Problem {
                        kind: f.kind,
                        message: f.message,
                        span: node.mv.span(),
                        ply: Some(ply),
                        mv: Some(node.mv.text().to_string()),
                        help: f.help,
                    }
                };
                if let Some(n) = &node.number
                    && let Err(f) = check_number(n, &frame.state, &mut numbering)
                {
                    let mut p = fail(f);
                    p.span = n.span;
                    report.errors.push(p);
                    break;
                }
                if !node.variations.is_empty() {
                    frame.before = Some(frame.state.clone());
                }
                match frame.state.play_written(&node.mv) {
                    Ok(m) => {
                        report.plies += 1;
                        if stack.len() == 1 {
                            report.main_plies += 1;
                        }
                        if let Some(slot) = played.moves.get_mut(id.index()) {
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
                                    Rule::GameOver,
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
                    && let Err(f) = check_number(n, &frame.state, &mut numbering)
                {
                    let f = f.into_data();
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
                    played.end = Some(frame.state);
                }
            }
        }
    }
    played
}

/// 1-based ply of the next move, counted from the game's first move.
fn ply_of<G: Position>(start: &G, now: &G) -> u64 {
    now.ply_number().saturating_sub(start.ply_number()) + 1
}

/// The variant and the start position, or the error that prevents replaying.
fn setup(record: &Record, opts: &ReplayOptions, report: &mut Report) -> Option<State> {
    let variant = match variant_of(record, opts.default_variant) {
        Ok(v) => v,
        Err(p) => {
            report.errors.push(p);
            return None;
        }
    };
    report.variant = Some(variant);
    match record.tag_pair("FEN") {
        Some(t) => match State::from_position_string(variant, &t.value) {
            Ok(s) => Some(s),
            Err(PositionError {
                offset, message, ..
            }) => {
                // The offset is in the tag's (unescaped) value; point into the value.
                let at = (t.value_span.start + 1 + offset).min(t.value_span.end);
                report.errors.push(Problem {
                    kind: ProblemKind::BadPosition,
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
            if let Some(t) = record.tag_pair("SetUp")
                && t.value.trim() == "1"
            {
                report.errors.push(Problem {
                    kind: ProblemKind::BadPosition,
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

/// Checks a written move number against the position and the numberings the record's
/// numbers so far leave.
fn check_number<G: Position>(
    n: &MoveNumber,
    state: &G,
    numbering: &mut Numbering,
) -> Result<(), Fail> {
    let (ply, full) = (state.ply_number(), state.move_number());
    let white = state.turn() == Color::White;
    let left = numbering.left;
    // Counted from the start, the start's number is 1: `n + start - 1`.
    let from_start = |start: u64, now: u64| n.n.checked_add(start.saturating_sub(1)) == Some(now);
    let mut fits = 0;
    if n.dots == Dots::One {
        if left & PLIES != 0 && n.n == ply {
            fits |= PLIES;
        }
        if left & PLIES_FROM_START != 0 && from_start(numbering.ply, ply) {
            fits |= PLIES_FROM_START;
        }
    }
    if (n.dots == Dots::Three) == white {
        if left & PAIRS != 0 && n.n == full {
            fits |= PAIRS;
        }
        if left & PAIRS_FROM_START != 0 && from_start(numbering.full, full) {
            fits |= PAIRS_FROM_START;
        }
    }
    if fits != 0 {
        numbering.left = fits;
        return Ok(());
    }
    let counted = (
        ply.saturating_sub(numbering.ply) + 1,
        full.saturating_sub(numbering.full) + 1,
    );
    Err(Fail::new(
        ProblemKind::BadMoveNumber,
        format!(
            "move number '{n}' does not fit here: expected {}",
            expected(left, white, (ply, full), counted)
        ),
    ))
}

/// The numbers that would have fitted, in the numberings `left`.
#[cold]
fn expected(
    left: u8,
    white: bool,
    (ply, full): (u64, u64),
    (rel_ply, rel_full): (u64, u64),
) -> String {
    let pair = |f: u64| match white {
        true => format!("{f}..."),
        false => format!("{f}."),
    };
    let mut options: Vec<(String, &str)> = Vec::new();
    let mut add = |bit: u8, text: String, label: &'static str| {
        if left & bit != 0 {
            options.push((text, label));
        }
    };
    add(PLIES, format!("{ply}."), "every ply numbered");
    add(PAIRS, pair(full), "move pairs");
    let from_start = PLIES_FROM_START | PAIRS_FROM_START;
    if format!("{rel_ply}.") == pair(rel_full) && left & from_start == from_start {
        add(
            PAIRS_FROM_START,
            pair(rel_full),
            "counted from the position",
        );
    } else {
        add(
            PLIES_FROM_START,
            format!("{rel_ply}."),
            "every ply numbered, from the position",
        );
        add(
            PAIRS_FROM_START,
            pair(rel_full),
            "move pairs, from the position",
        );
    }
    let options: Vec<String> = match options.as_slice() {
        [(text, _)] => return text.clone(),
        all => all.iter().map(|(t, l)| format!("{t} ({l})")).collect(),
    };
    match options.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => options.concat(),
    }
}

/// A side's name in messages: `Black`, `White`.
pub(crate) fn side(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Warns at every tag pair whose name an earlier one has (the first counts).
fn warn_repeated_tags(record: &Record, report: &mut Report) {
    for (first, repeat) in record.repeats() {
        report.warnings.push(Problem {
            kind: ProblemKind::DuplicateTag,
            message: format!(
                "the {} tag is repeated: the first one counts ({first}), this one is ignored",
                first.canonical_name()
            ),
            span: repeat.span,
            ply: None,
            mv: None,
            help: None,
        });
    }
}

/// Warns where the Result tag or the result token contradicts how the game ended.
fn check_result(record: &Record, report: &mut Report) {
    let tag = record.tag_pair("Result");
    let token = record.result;
    let mut warn = |message: String, span: Span| {
        report.warnings.push(Problem {
            kind: ProblemKind::ResultMismatch,
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
