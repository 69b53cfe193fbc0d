//! Engine games with kifu as the arbiter: every move checked through the rules core, every
//! game ended by Wa's rules (checkmate, no legal move, fourfold repetition, perpetual check),
//! or by an engine's failure (an illegal move, a time forfeit, a crash or hang: a loss, with
//! the reason), or by a resignation.

use super::{Config, Engine, EngineError, Failure, Limit, Thinking};
use crate::geometry::Color;
use crate::rules::{Position as _, Status, Termination};
use crate::wa::{Game, Move, Position};
use std::time::{Duration, Instant};

/// One side of a match: how to start its engine, and the engine while it runs. An engine that
/// failed is dropped (killed and reaped) and started again for the next game.
pub struct Player {
    /// How to start the engine (program, arguments, options).
    pub config: Config,
    engine: Option<Engine>,
    /// The engine's name, once known (else the program).
    pub name: String,
}

impl Player {
    /// A player for the engine `config` starts (not started yet: the first game starts it).
    pub fn new(config: Config) -> Player {
        let name = config.program().to_string();
        Player {
            config,
            engine: None,
            name,
        }
    }

    pub(crate) fn engine(&mut self) -> Result<&mut Engine, EngineError> {
        if self.engine.is_none() {
            let e = Engine::start(&self.config)?;
            self.name = e.name().to_string();
            self.engine = Some(e);
        }
        Ok(self.engine.as_mut().expect("started"))
    }

    /// Starts the engine now (to learn its name).
    pub fn start(&mut self) -> Result<(), EngineError> {
        self.engine().map(|_| ())
    }

    /// Starts the engine if it is not running, and checks that it can take `limit` (see
    /// [`Engine::check_limit`]).
    pub fn check(&mut self, limit: Limit) -> Result<(), EngineError> {
        self.engine()?.check_limit(limit)
    }

    /// Stops the engine (it is started again when needed).
    pub fn stop(&mut self) {
        self.engine = None;
    }
}

/// A game's start: a position and moves already played from it.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The position the game starts from.
    pub start: Position,
    /// Moves already played from it before the engines take over (an opening line).
    pub moves: Vec<Move>,
}

/// The rules of a match.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// How long each engine may think over a move.
    pub limit: Limit,
    /// How much longer than its time a move may take before it is a time forfeit.
    pub margin: Duration,
    /// The longest wait for a move under a depth or node limit (then the engine is hung).
    pub timeout: Duration,
    /// Stop a game after this many plies (a draw by adjudication).
    pub max_plies: Option<usize>,
}

/// A move of a game, with the engine's last thinking line.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// The move, checked through the rules core.
    pub m: Move,
    /// The engine's last thinking line before it (None if it sent none).
    pub info: Option<Thinking>,
    /// From `go` to `move`.
    pub elapsed: Duration,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// Where the game started.
    pub opening: Opening,
    /// The engines' moves, in order.
    pub moves: Vec<PlayedMove>,
    /// The engines' names: first mover, second mover.
    pub names: [String; 2],
    /// The winner (None: a draw).
    pub winner: Option<Color>,
    /// How the game ended, in words (`checkmate`, `HaChu 0.21 lost on time`, ...).
    pub reason: String,
    /// The rules' ending, if the rules ended it.
    pub termination: Option<Termination>,
    /// The engines' failures in this game (at most one decides it).
    pub errors: Vec<EngineError>,
    /// The game from the first `go` (the engines' start and set-up left out), and the part of
    /// it spent waiting for the engines' moves (go to move).
    pub wall: Duration,
    /// The part of `wall` spent waiting for the engines' moves.
    pub engine_time: Duration,
}

impl PlayedGame {
    /// `1-0` (the first mover won), `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Plays one game: `players[0]` moves first.
pub fn play(players: [&mut Player; 2], opening: &Opening, rules: &Rules) -> PlayedGame {
    let began = Instant::now();
    let mut game = Game::new(opening.start.clone());
    for m in &opening.moves {
        // Opening moves come from a replayed record: legal.
        let _ = game.play_verified(m);
    }
    let mut out = PlayedGame {
        opening: opening.clone(),
        moves: Vec::new(),
        names: [players[0].name.clone(), players[1].name.clone()],
        winner: None,
        reason: String::new(),
        termination: None,
        errors: Vec::new(),
        wall: Duration::ZERO,
        engine_time: Duration::ZERO,
    };
    let side_of = |c: Color| if c == Color::Black { 0 } else { 1 };
    let color_of = |i: usize| if i == 0 { Color::Black } else { Color::White };
    // Start both engines on the position; a failure loses.
    #[allow(clippy::needless_range_loop)]
    for i in 0..2 {
        let r = players[i]
            .engine()
            .and_then(|e| e.new_game(&opening.start, &opening.moves, rules.limit));
        out.names[i] = players[i].name.clone();
        if let Err(e) = r {
            players[i].stop();
            out.winner = Some(color_of(1 - i));
            out.reason = e.to_string();
            out.errors.push(e);
            out.wall = began.elapsed();
            return out;
        }
    }
    // From here on, the time not spent waiting for moves is the adapter's.
    let began = Instant::now();
    let mut clocks = match rules.limit {
        Limit::Clock { base, .. } => [base; 2],
        _ => [Duration::ZERO; 2],
    };
    loop {
        if let Status::Over(o) = game.status() {
            out.winner = o.winner;
            out.termination = Some(o.termination);
            out.reason = o.termination.describe().to_string();
            break;
        }
        if rules.max_plies.is_some_and(|n| out.moves.len() >= n) {
            out.reason = format!("adjudicated a draw after {} plies", out.moves.len());
            break;
        }
        let me = side_of(game.position().turn());
        let (allowed, clock) = match rules.limit {
            Limit::Clock { .. } => (Some(clocks[me]), Some((clocks[me], clocks[1 - me]))),
            Limit::MoveTime(t) => (
                Some(Duration::from_secs(super::engine::whole_seconds(t))),
                None,
            ),
            _ => (None, None),
        };
        let deadline = Instant::now() + allowed.map_or(rules.timeout, |a| a + rules.margin);
        let pos = game.position().clone();
        let name = players[me].name.clone();
        let result = players[me]
            .engine()
            .and_then(|e| e.go(&pos, clock, deadline));
        let search = match result {
            Ok(s) => s,
            Err(e) => {
                players[me].stop();
                out.winner = Some(color_of(1 - me));
                out.reason = match &e.failure {
                    Failure::Hung(_) if allowed.is_some() => {
                        format!("{name} lost on time (no move: killed)")
                    }
                    Failure::IllegalMove(b) => {
                        format!("{name} made an illegal move: {} ({})", b.text, b.reason)
                    }
                    f => format!("{name} {f}"),
                };
                out.errors.push(e);
                break;
            }
        };
        out.engine_time += search.elapsed;
        let Some(m) = search.best else {
            let claim = search.claim.unwrap_or_default();
            out.winner = Some(color_of(1 - me));
            let own_loss = match me {
                0 => claim.starts_with("0-1"),
                _ => claim.starts_with("1-0"),
            };
            out.reason = if claim == "resign" || own_loss {
                format!("{name} resigns ({claim})")
            } else {
                format!("{name} made a false claim: {claim}")
            };
            break;
        };
        if let Some(a) = allowed
            && search.elapsed > a + rules.margin
        {
            out.winner = Some(color_of(1 - me));
            out.reason = format!(
                "{name} lost on time ({:.2} s for a move, {:.2} s allowed)",
                search.elapsed.as_secs_f64(),
                a.as_secs_f64()
            );
            break;
        }
        if let Limit::Clock { inc, .. } = rules.limit {
            clocks[me] = clocks[me].saturating_sub(search.elapsed) + inc;
        }
        // The opponent gets the move; an engine that fails to take it loses.
        let other = players[1 - me].engine().and_then(|e| e.play(&pos, &m));
        if let Err(e) = other {
            players[1 - me].stop();
            out.winner = Some(color_of(me));
            out.reason = format!("{} {}", players[1 - me].name, e.failure);
            out.errors.push(e);
            // The move was legal and made: it is part of the game.
            let _ = game.play_verified(&m);
            out.moves.push(PlayedMove {
                m,
                info: search.info,
                elapsed: search.elapsed,
            });
            break;
        }
        let _ = game.play_verified(&m);
        out.moves.push(PlayedMove {
            m,
            info: search.info,
            elapsed: search.elapsed,
        });
    }
    out.wall = began.elapsed();
    out
}
