//! One XBoard engine, driven through protocol 2: start and feature negotiation, the variant,
//! the position, moves, and a search under a limit. Every move the engine sends, and every
//! move of its PVs, is read on the position and checked through the rules before it is used.

use super::moves::{self, BadMove};
use super::process::{Process, Read1};
use super::protocol::{CommandLineError, Features, MateStyle, Score, split_command, thinking};
use crate::Variant;
use crate::rules::Position as _;
use crate::wa::{Move, Position};
use std::fmt;
use std::time::{Duration, Instant};

/// How an engine is started and set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `option NAME=VALUE` sent after the features (`--engine-option`).
    pub options: Vec<(String, String)>,
    /// Hash size for `memory` (MB): HaChu crashes in its first search without a `memory`
    /// command.
    pub memory_mb: u32,
    /// How the position is set up.
    pub setup: Setup,
    /// How long the engine has to announce its features (`done=0` extends it to 10 times
    /// this) and to answer a `ping`.
    pub start_timeout: Duration,
}

impl Config {
    /// A configuration from a command line (split as a shell splits plain words and quotes).
    pub fn from_command_line(cmd: &str) -> Result<Config, CommandLineError> {
        Ok(Config {
            command: split_command(cmd)?,
            options: Vec::new(),
            memory_mb: 64,
            setup: Setup::Auto,
            start_timeout: Duration::from_secs(5),
        })
    }

    /// The program's name, for messages until the engine has told its own.
    pub fn program(&self) -> &str {
        &self.command[0]
    }
}

/// How a position is given to the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    /// `setboard` where the engine announced it and is not HaChu; otherwise as [`Setup::Replay`].
    Auto,
    /// `setboard FEN` (kifu's FEN, as the engines write it: `... w 0 1`).
    Setboard,
    /// `new`, then the moves from the game's start (HaChu 0.21 quits on a full `setboard`
    /// FEN); a game set up from a position other than the start is given with `setboard` and
    /// the board field alone, which HaChu reads with the first mover to move.
    Replay,
}

/// How long a search may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A fixed time per move: `st` (whole seconds, rounded up, at least 1) and, before each
    /// move, `time`/`otim` of the time itself (HaChu ignores `st`'s value and stops by its
    /// clock: see `movetime_clock` in this module).
    MoveTime(Duration),
    /// A depth (`sd`).
    Depth(u32),
    /// A node count (`nps N` with `st 1`: the engine counts N nodes as one second); only for
    /// engines with `feature nps=1`.
    Nodes(u64),
    /// A clock: base time and increment per move (`level 0 BASE INC`, then `time`/`otim`
    /// before each move).
    Clock {
        /// The time for the whole game.
        base: Duration,
        /// The time added after each move.
        inc: Duration,
    },
}

/// A failure of the engine (not of a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The program could not be started.
    Start(String),
    /// Its output ended: it exited or crashed (the exit status, or the signal).
    Crashed(String),
    /// No answer in time; it was killed.
    Hung(String),
    /// A move that the rules refuse, or that is not a move.
    IllegalMove(BadMove),
    /// The engine refused a legal move that kifu sent (`Illegal move: ...`, `Error ...`).
    Refused(String),
    /// Something the engine cannot do (a variant, a limit).
    Unsupported(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Start(s) => write!(f, "cannot start: {s}"),
            Failure::Crashed(s) => write!(f, "crashed: {s}"),
            Failure::Hung(s) => write!(f, "hung: {s}"),
            Failure::IllegalMove(b) => write!(f, "illegal move {}: {}", b.text, b.reason),
            Failure::Refused(s) => write!(f, "refused a legal move: {s}"),
            Failure::Unsupported(s) => write!(f, "unsupported: {s}"),
        }
    }
}

impl std::error::Error for Failure {}

/// A failure with the engine's name and, for a move, the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    /// The engine's name (its `myname` feature, else the program started).
    pub engine: String,
    /// What went wrong.
    pub failure: Failure,
    /// The position (kifu's FEN) where it happened, if a position was in play.
    pub fen: Option<String>,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "engine {}: {}", self.engine, self.failure)?;
        if let Some(fen) = &self.fen {
            write!(f, " (position {fen})")?;
        }
        Ok(())
    }
}

impl std::error::Error for EngineError {}

/// One thinking line, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// The search depth the engine reached, in plies.
    pub depth: u32,
    /// The score, from the side to move, in the engine's units (or a mate).
    pub score: Score,
    /// The engine's own time, in centiseconds.
    pub centis: u64,
    /// Positions the engine searched, as it counts them.
    pub nodes: u64,
    /// The PV's legal moves from the position searched (it stops at the first move that is
    /// not legal; see `pv_error`).
    pub pv: Vec<Move>,
    /// The first PV move that the rules refuse, with the reason.
    pub pv_error: Option<BadMove>,
}

/// What a search gave: the move and the last thinking line.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move, checked (None: the engine resigned or claimed a result instead; see `claim`).
    pub best: Option<Move>,
    /// `resign`, or a result claim (`1-0 {...}`) sent instead of a move.
    pub claim: Option<String>,
    /// The deepest thinking line.
    pub info: Option<Thinking>,
    /// From `go` to the `move` line, as kifu measured it.
    pub elapsed: Duration,
}

/// An XBoard engine, running.
pub struct Engine {
    proc: Process,
    config: Config,
    features: Features,
    name: String,
    mate_style: MateStyle,
    variant: Option<Variant>,
    ping: u32,
    /// The last limit sent (`st`, `sd`, `level`), sent again after each `new`.
    limit: Option<Limit>,
    /// What the engine's board holds (in force mode), as far as kifu knows: the game it was
    /// set up with and every move played on it since (sent, or the engine's own). None when
    /// unknown (never set up, or a failure left it in doubt): the next set-up is a full one.
    held: Option<Held>,
    /// How the last [`Engine::set_position`] was done.
    last_setup: Option<SetupDone>,
}

/// The game on an engine's board: where it was set up and the moves since. The first `floor`
/// moves were given inside a `setboard` position: the engine cannot take them back.
#[derive(Clone, Debug)]
struct Held {
    start: Position,
    moves: Vec<Move>,
    floor: usize,
}

/// How [`Engine::set_position`] brought the engine to the position asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupDone {
    /// A new game: `new`, `variant`, `force`, the position (`setboard`, or the moves from the
    /// start), the limit.
    Full,
    /// On the game the engine already held: `undo` (one move taken back) or `remove` (two),
    /// then the moves that differ. `taken_back` is 0, 1 or 2; `sent` the moves sent.
    Incremental {
        /// Moves taken back (`undo` for one, `remove` for two).
        taken_back: usize,
        /// Moves then sent.
        sent: usize,
    },
}

/// How to go from the moves an engine holds to the moves wanted, on the same start: the moves
/// to take back (at most [`MAX_TAKE_BACK`]) and the index in `wanted` from which to send, or
/// None when a full set-up is shorter or needed.
fn plan(held: &[Move], floor: usize, wanted: &[Move], max_back: usize) -> Option<(usize, usize)> {
    let common = held.iter().zip(wanted).take_while(|(a, b)| a == b).count();
    let back = held.len() - common;
    (common >= floor && back <= max_back).then_some((back, common))
}

/// The most moves taken back on the engine's board before a full set-up is done instead
/// (`undo` takes back one, `remove` two). HaChu 0.21 takes none back: its `undo` replays the
/// game from its start and hangs in some positions (ply 29 of fixtures/xboard/hachu-09.pgn),
/// so it is moved on only when its own move was the game's.
pub const MAX_TAKE_BACK: usize = 2;

impl Engine {
    /// Starts the engine and negotiates its features.
    pub fn start(config: &Config) -> Result<Engine, EngineError> {
        let program = config.program().to_string();
        let err = |failure| EngineError {
            engine: program.clone(),
            failure,
            fen: None,
        };
        let proc = Process::spawn(&config.command[0], &config.command[1..]).map_err(|e| {
            let where_ = if e.kind() == std::io::ErrorKind::NotFound && !program.contains('/') {
                " (looked for on PATH and in /usr/games)"
            } else {
                ""
            };
            err(Failure::Start(format!("{program}: {e}{where_}")))
        })?;
        let mut engine = Engine {
            proc,
            config: config.clone(),
            features: Features::default(),
            name: program.clone(),
            mate_style: MateStyle::of(&program),
            variant: None,
            ping: 0,
            limit: None,
            held: None,
            last_setup: None,
        };
        engine.send("xboard")?;
        engine.send("protover 2")?;
        let mut deadline = Instant::now() + config.start_timeout;
        while !engine.features.done1 {
            match engine.proc.read_until(deadline) {
                Read1::Line(line) => {
                    if let Some(rest) = line.trim_start().strip_prefix("feature ") {
                        let had_done0 = engine.features.done0;
                        for (name, ok) in engine.features.read(rest) {
                            let word = if ok { "accepted" } else { "rejected" };
                            engine.send(&format!("{word} {name}"))?;
                        }
                        if engine.features.done0 && !had_done0 {
                            deadline = Instant::now() + config.start_timeout * 10;
                        }
                    }
                }
                // A protocol-1 engine, or one that never says done=1: go on with what it said.
                Read1::Timeout if !engine.features.done0 => break,
                Read1::Timeout => {
                    return Err(engine.fail(Failure::Hung("no done=1 after done=0".into()), None));
                }
                Read1::Closed => return Err(engine.crashed(None)),
            }
        }
        if let Some(n) = &engine.features.myname {
            engine.name = n.clone();
            engine.mate_style = MateStyle::of(n);
        }
        let known = engine.features.option_names().join(", ");
        for (name, value) in &config.options {
            if !engine.features.option_names().iter().any(|o| o == name) {
                let f = Failure::Unsupported(format!(
                    "no option {name:?} (its options: {})",
                    if known.is_empty() { "none" } else { &known }
                ));
                return Err(engine.fail(f, None));
            }
            engine.send(&format!("option {name}={value}"))?;
        }
        if engine.features.memory {
            engine.send(&format!("memory {}", config.memory_mb))?;
        }
        engine.sync(None)?;
        Ok(engine)
    }

    /// The engine's name (`feature myname`, else the program).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The `feature`s the engine announced when it started.
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// The process id (for tests and logs).
    pub fn pid(&self) -> u32 {
        self.proc.id()
    }

    /// The XBoard name of a variant.
    pub fn xboard_variant(variant: Variant) -> &'static str {
        match variant {
            Variant::WaNoDrop => "wa-shogi",
            _ => "crazywa",
        }
    }

    /// Whether the engine announced this variant (or announced none).
    pub fn plays(&self, variant: Variant) -> bool {
        let v = Engine::xboard_variant(variant);
        self.features
            .variants
            .as_ref()
            .is_none_or(|vs| vs.iter().any(|x| x == v))
    }

    /// The engine brought to the game from `start` with `moves` played since, waiting in
    /// force mode. When it holds that game already, a few moves apart (its own move after a
    /// [`Engine::go`], or the previous position of an analysis), it is brought there on its
    /// board: `undo` (one move taken back) or `remove` (two; at most [`MAX_TAKE_BACK`]), then
    /// the moves that differ, the limit if it changed, and a `ping` to check that it took
    /// them. Otherwise a new game: `new`, `variant`, `force`, the position (see [`Setup`]),
    /// the limit. [`Engine::last_setup`] says which was done.
    pub fn set_position(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: Limit,
    ) -> Result<(), EngineError> {
        let variant = start.variant();
        if variant == Variant::Gufu || !self.plays(variant) {
            let v = Engine::xboard_variant(variant);
            return Err(self.fail(Failure::Unsupported(format!("variant {v}")), None));
        }
        self.check_limit(limit)?;
        let r = self.set_up(start, moves, limit);
        if r.is_err() {
            self.held = None;
            self.last_setup = None;
        }
        r
    }

    /// A new game from `start` with `moves` played since, always: `new`, `variant`, `force`,
    /// the position (see [`Setup`]), the limit (as [`Engine::set_position`] does when the
    /// engine holds another game). For a match's games: the engine starts each afresh.
    pub fn new_game(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: Limit,
    ) -> Result<(), EngineError> {
        self.held = None;
        self.set_position(start, moves, limit)
    }

    /// How the last [`Engine::set_position`] brought the engine to its position: a new game,
    /// or moves taken back and sent on the game it held.
    pub fn last_setup(&self) -> Option<SetupDone> {
        self.last_setup
    }

    /// How many moves this engine may be asked to take back (see [`MAX_TAKE_BACK`]).
    fn max_take_back(&self) -> usize {
        if self.mate_style == MateStyle::HaChu {
            0
        } else {
            MAX_TAKE_BACK
        }
    }

    fn set_up(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: Limit,
    ) -> Result<(), EngineError> {
        let variant = start.variant();
        // The same game as the engine holds, a few moves apart: take back and send the rest.
        if let Some(h) = &self.held
            && self.variant == Some(variant)
            && h.start == *start
            && let Some((back, from)) = plan(&h.moves, h.floor, moves, self.max_take_back())
        {
            let floor = h.floor;
            let mut pos = played(start, &moves[..from]);
            match back {
                0 => {}
                1 => self.send("undo")?,
                _ => self.send("remove")?,
            }
            for m in &moves[from..] {
                self.send_move(&pos, m)?;
                pos.play_unchecked(m);
            }
            if self.limit != Some(limit) {
                self.send_limit(limit)?;
            }
            self.held = Some(Held {
                start: start.clone(),
                moves: moves.to_vec(),
                floor,
            });
            self.last_setup = Some(SetupDone::Incremental {
                taken_back: back,
                sent: moves.len() - from,
            });
            return self.sync(Some(&pos));
        }
        self.held = None;
        self.send("new")?;
        self.send(&format!("variant {}", Engine::xboard_variant(variant)))?;
        self.variant = Some(variant);
        self.send("force")?;
        self.send("post")?;
        self.send("easy")?;
        let is_start = *start == Position::start(variant);
        let setboard = match self.config.setup {
            Setup::Setboard => true,
            Setup::Replay => false,
            Setup::Auto => self.features.setboard && self.mate_style != MateStyle::HaChu,
        };
        let mut pos = start.clone();
        if setboard {
            let end = played(start, moves);
            self.send(&format!("setboard {}", crate::wa::fen::write(&end)))?;
        } else {
            if !is_start {
                if start.turn() != crate::geometry::Color::Black || !self.features.setboard {
                    let f = Failure::Unsupported(
                        "a position with the second mover to move (its setboard reads the board only)"
                            .into(),
                    );
                    return Err(self.fail(f, Some(start)));
                }
                let fen = crate::wa::fen::write(start);
                let board = fen.split([' ', '[']).next().unwrap_or("");
                self.send(&format!("setboard {board}"))?;
            }
            for m in moves {
                self.send_move(&pos, m)?;
                pos.play_unchecked(m);
            }
        }
        self.send_limit(limit)?;
        self.held = Some(Held {
            start: start.clone(),
            moves: moves.to_vec(),
            floor: if setboard { moves.len() } else { 0 },
        });
        self.last_setup = Some(SetupDone::Full);
        self.sync(Some(&pos))
    }

    /// Whether the engine can take `limit`: a node limit needs `feature nps`.
    pub fn check_limit(&self, limit: Limit) -> Result<(), EngineError> {
        if let Limit::Nodes(_) = limit
            && !self.features.nps
        {
            let f = Failure::Unsupported("a node limit (it has no feature nps)".into());
            return Err(self.fail(f, None));
        }
        Ok(())
    }

    /// Sends a move (in force mode: the engine only plays it on its board).
    pub fn play(&mut self, before: &Position, m: &Move) -> Result<(), EngineError> {
        let r = self.send_move(before, m);
        match (&r, &mut self.held) {
            (Ok(()), Some(h)) => h.moves.push(*m),
            _ => self.held = None,
        }
        r
    }

    fn send_move(&mut self, before: &Position, m: &Move) -> Result<(), EngineError> {
        let text = moves::write(before, m, self.features.san);
        if self.features.usermove {
            self.send(&format!("usermove {text}"))
        } else {
            self.send(&text)
        }
    }

    fn send_limit(&mut self, limit: Limit) -> Result<(), EngineError> {
        match limit {
            Limit::MoveTime(t) => {
                // `st` (whole seconds, rounded up) for engines that read it (CrazyWa). HaChu
                // takes `st` only as "a fixed time per move" and reads the time itself from
                // `time` before each move (see `go` and [`movetime_clock`]).
                self.send(&format!("st {}", whole_seconds(t)))?;
            }
            Limit::Depth(d) => {
                self.send(&format!("sd {d}"))?;
            }
            Limit::Nodes(n) => {
                self.send(&format!("nps {n}"))?;
                self.send("st 1")?;
            }
            Limit::Clock { base, inc } => {
                let s = base.as_secs();
                let inc = inc.as_secs_f64();
                self.send(&format!("level 0 {}:{:02} {inc}", s / 60, s % 60))?;
            }
        }
        self.limit = Some(limit);
        Ok(())
    }

    /// `ping N`, and everything up to `pong N` dropped (the engine has read all that was sent
    /// before); nothing if the engine has no `ping`.
    fn sync(&mut self, pos: Option<&Position>) -> Result<(), EngineError> {
        if !self.features.ping {
            return Ok(());
        }
        self.ping += 1;
        let n = self.ping;
        self.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + self.config.start_timeout;
        let pong = format!("pong {n}");
        loop {
            match self.proc.read_until(deadline) {
                Read1::Line(l) if l.trim() == pong => return Ok(()),
                Read1::Line(l) => {
                    if let Some(why) = refusal(&l) {
                        return Err(self.fail(Failure::Refused(why), pos));
                    }
                }
                Read1::Timeout => {
                    let f = Failure::Hung(format!("no answer to ping {n}"));
                    return Err(self.kill(f, pos));
                }
                Read1::Closed => return Err(self.crashed(pos)),
            }
        }
    }

    /// Asks for a move in `pos` (the position the engine has, in force mode): `time`/`otim`
    /// (clock limits: `clocks` = own and opponent's time left), `go`, the thinking lines, the
    /// `move`, then `force` again. Waits until `deadline` at the latest (then the engine is
    /// killed: [`Failure::Hung`]). The move is checked through the rules before it is returned.
    pub fn go(
        &mut self,
        pos: &Position,
        clocks: Option<(Duration, Duration)>,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        let r = self.search(pos, clocks, deadline);
        match (&r, &mut self.held) {
            // The engine played its move on its own board.
            (Ok(SearchResult { best: Some(m), .. }), Some(h)) => h.moves.push(*m),
            // It resigned or claimed: its board is as it was.
            (Ok(_), _) => {}
            // Killed, crashed, or a move that is not a move: its board is in doubt.
            (Err(_), _) => self.held = None,
        }
        r
    }

    fn search(
        &mut self,
        pos: &Position,
        clocks: Option<(Duration, Duration)>,
        deadline: Instant,
    ) -> Result<SearchResult, EngineError> {
        let clocks = match (clocks, self.limit) {
            (None, Some(Limit::MoveTime(t))) => {
                let t = movetime_clock(t);
                Some((t, t))
            }
            // Under a depth, HaChu still reads its clock: without one (a clock of 0) it stops
            // deepening after its first iteration. It gets the time left until the deadline,
            // as a time per move (`st`), so that it starts every iteration the depth asks for
            // in the first 0.16 of it.
            (None, Some(Limit::Depth(_))) => {
                let left = deadline.saturating_duration_since(Instant::now());
                self.send(&format!("st {}", left.as_secs().max(1)))?;
                Some((left, left))
            }
            (c, _) => c,
        };
        if let Some((own, opp)) = clocks {
            self.send(&format!("time {}", own.as_millis() / 10))?;
            self.send(&format!("otim {}", opp.as_millis() / 10))?;
        }
        let started = Instant::now();
        self.send("go")?;
        let mut info: Option<Thinking> = None;
        loop {
            let line = match self.proc.read_until(deadline) {
                Read1::Line(l) => l,
                Read1::Timeout => {
                    let f = Failure::Hung(format!(
                        "no move after {:.1} s",
                        started.elapsed().as_secs_f64()
                    ));
                    return Err(self.kill(f, Some(pos)));
                }
                Read1::Closed => return Err(self.crashed(Some(pos))),
            };
            let elapsed = started.elapsed();
            let l = line.trim();
            if let Some(text) = l.strip_prefix("move ") {
                let m = moves::read(pos, text.trim(), self.features.san)
                    .map_err(|b| self.fail(Failure::IllegalMove(b), Some(pos)))?;
                self.send("force")?;
                return Ok(SearchResult {
                    best: Some(m),
                    claim: None,
                    info,
                    elapsed,
                });
            }
            if l == "resign"
                || l.starts_with("1-0")
                || l.starts_with("0-1")
                || l.starts_with("1/2-1/2")
            {
                self.send("force")?;
                return Ok(SearchResult {
                    best: None,
                    claim: Some(l.to_string()),
                    info,
                    elapsed,
                });
            }
            if let Some(why) = refusal(l) {
                return Err(self.fail(Failure::Refused(why), Some(pos)));
            }
            if let Some(t) = self.thinking(pos, l)
                && info.as_ref().is_none_or(|i| t.depth >= i.depth)
            {
                info = Some(t);
            }
        }
    }

    /// A thinking line read on `pos`, its PV checked.
    fn thinking(&self, pos: &Position, line: &str) -> Option<Thinking> {
        let raw = thinking(line)?;
        let mut p = pos.clone();
        let mut pv = Vec::new();
        let mut pv_error = None;
        for w in &raw.pv {
            match moves::read(&p, w, self.features.san) {
                Ok(m) => {
                    p.play_unchecked(&m);
                    pv.push(m);
                }
                Err(b) => {
                    pv_error = Some(b);
                    break;
                }
            }
        }
        Some(Thinking {
            depth: raw.depth,
            score: self.mate_style.score(raw.score),
            centis: raw.centis,
            nodes: raw.nodes,
            pv,
            pv_error,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        match self.proc.send(line) {
            Ok(()) => Ok(()),
            Err(_) => Err(self.crashed(None)),
        }
    }

    fn fail(&self, failure: Failure, pos: Option<&Position>) -> EngineError {
        EngineError {
            engine: self.name.clone(),
            failure,
            fen: pos.map(crate::wa::fen::write),
        }
    }

    /// The engine is gone: how it ended.
    fn crashed(&mut self, pos: Option<&Position>) -> EngineError {
        let how = match self.proc.exit_status() {
            Some(s) => describe_exit(s),
            None => "it closed its output".to_string(),
        };
        self.fail(Failure::Crashed(how), pos)
    }

    /// Kills the engine (it does not answer) and says why.
    fn kill(&mut self, failure: Failure, pos: Option<&Position>) -> EngineError {
        self.proc.shutdown(false);
        self.fail(failure, pos)
    }
}

/// `st`'s whole seconds for a time per move: rounded up, at least 1.
pub fn whole_seconds(t: Duration) -> u64 {
    (t.as_millis().div_ceil(1000).max(1)) as u64
}

/// The clock (`time`/`otim`) sent before each move under a time per move `t`, so that HaChu
/// stops at `t`: with `st`, HaChu 0.21 stops starting a new iteration after 0.16 of its clock
/// and aborts the search at 5/5.1 of it (`SetSearchTimes` in hachu.c: `targetTime =
/// 0.4*timeLeft`, `tlim1 = 0.4*targetTime`, `tlim3 = 5*timeLeft/5.1`), so the clock is
/// `t` × 1.02, in whole centiseconds (rounded down: never past `t`).
pub fn movetime_clock(t: Duration) -> Duration {
    let centis = (t.as_millis() * 102 / 1000).max(1) as u64;
    Duration::from_millis(centis * 10)
}

/// The position after `moves` from `start` (moves already checked).
fn played(start: &Position, moves: &[Move]) -> Position {
    let mut p = start.clone();
    for m in moves {
        p.play_unchecked(m);
    }
    p
}

/// An engine's answer that refuses what kifu sent: `Illegal move: ...`, `Error (...): ...`.
fn refusal(line: &str) -> Option<String> {
    let l = line.trim();
    (l.starts_with("Illegal move") || l.starts_with("Error")).then(|| l.to_string())
}

fn describe_exit(s: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = s.signal() {
            let name = match sig {
                6 => " (SIGABRT)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                15 => " (SIGTERM)",
                _ => "",
            };
            return format!("killed by signal {sig}{name}");
        }
    }
    match s.code() {
        Some(c) => format!("exited with status {c}"),
        None => "exited".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first `n` moves of a game of legal moves from the start (each the first legal move).
    fn line(n: usize) -> Vec<Move> {
        let mut p = Position::start(Variant::Wa);
        let mut out = Vec::new();
        for _ in 0..n {
            let m = p.legal_moves()[0];
            p.play_unchecked(&m);
            out.push(m);
        }
        out
    }

    #[test]
    fn a_plan_takes_back_at_most_two_moves_and_sends_the_rest() {
        let l = line(6);
        // The next position of an analysis: one move more.
        assert_eq!(plan(&l[..3], 0, &l[..4], 2), Some((0, 3)));
        // The same position again.
        assert_eq!(plan(&l[..3], 0, &l[..3], 2), Some((0, 3)));
        // The engine's own move was not the game's: taken back, the game's sent.
        let mut own = l[..4].to_vec();
        own.push(l[0]);
        assert_eq!(plan(&own, 0, &l[..5], 2), Some((1, 4)));
        // Two back.
        assert_eq!(plan(&l[..5], 0, &l[..3], 2), Some((2, 3)));
        // Three back: a new game instead.
        assert_eq!(plan(&l[..6], 0, &l[..3], 2), None);
        // Another game from the first move on: two back is the limit.
        assert_eq!(plan(&l[..2], 0, &l[1..2], 2), Some((2, 0)));
        assert_eq!(plan(&l[..3], 0, &l[1..2], 2), None);
        // Moves given inside a setboard position cannot be taken back.
        assert_eq!(plan(&l[..4], 4, &l[..5], 2), Some((0, 4)));
        assert_eq!(plan(&l[..4], 4, &l[..3], 2), None);
        assert_eq!(plan(&l[..4], 3, &l[..3], 2), Some((1, 3)));
        // An engine that takes nothing back (HaChu): forward only.
        assert_eq!(plan(&l[..3], 0, &l[..4], 0), Some((0, 3)));
        assert_eq!(plan(&own, 0, &l[..5], 0), None);
    }
}
