//! A position taken from a record, wherever a command asks for a position: `kifu mate
//! game.pgn --ply 117`, `kifu solve game.psn --ply 6`, `kifu perft game.pgn --ply 40 3`. The
//! game is read and replayed as `kifu render` reads it (the one place that does it for them
//! all): game `--game` of the record, the position after ply `--ply` of its main line.

use super::diag::Diag;
use super::inputs::Input;
use super::load::{self, Loaded};
use super::{EXIT_ERROR, EXIT_INVALID};
use kifu::collection::scan;
use kifu::encoding::Choice;
use kifu::for_game;
use kifu::replay::{self, Convention, State, Step};
use kifu::rules::PerGame;
use kifu::{Variant, gufu, wa};
use std::path::PathBuf;

/// A failure: the message is printed as is; the exit status is 2 (usage or I/O), or 1 for
/// an invalid record (see [`Fail::invalid`]).
pub struct Fail(pub String, pub i32);

/// A usage or I/O failure: exit status 2.
pub fn fail(m: impl Into<String>) -> Fail {
    Fail(m.into(), EXIT_ERROR)
}

impl Fail {
    /// A record invalid before what was asked for: exit status 1.
    pub fn invalid(m: String) -> Fail {
        Fail(m, EXIT_INVALID)
    }

    /// Prints the message (with a line end); the exit status.
    pub fn report(self) -> i32 {
        super::say::line(self.0.strip_suffix('\n').unwrap_or(&self.0));
        self.1
    }
}

/// `RECORD [--game G] [--ply N]`: the position of a record's game, for the commands that
/// take a position string (`--position`) otherwise.
#[derive(clap::Args, Debug)]
pub struct RecordPosition {
    /// Take the position from this record (a file; `-` for standard input): the main line of
    /// game --game after ply --ply, replayed as `kifu validate` replays it. Instead of
    /// --position.
    #[arg(value_name = "RECORD")]
    pub record: Option<PathBuf>,
    /// With RECORD: which game of it (from 1).
    #[arg(long, short = 'g', default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub game: u64,
    /// With RECORD: the position after this ply of the main line (0 is the start); default:
    /// the main line's final position.
    #[arg(long)]
    pub ply: Option<u64>,
}

impl RecordPosition {
    /// The position asked for, None without RECORD. `variant`: that of a record without a
    /// Variant tag. A game or ply that does not exist is a usage error (exit status 2); a
    /// record invalid before the ply, or that cannot be read, exit status 1 (its errors
    /// printed as `kifu validate` prints them). `position_given`: --position was given too (a
    /// usage error with RECORD).
    pub fn position(
        &self,
        variant: Option<Variant>,
        position_given: bool,
    ) -> Result<Option<State>, Fail> {
        Ok(self
            .position_in(variant, position_given)?
            .map(|(state, _)| state))
    }

    /// [`RecordPosition::position`], with the convention of the record it comes from (whose
    /// tags, XBoard's or kifu's: XBoard's files write their moves in SAN).
    pub fn position_in(
        &self,
        variant: Option<Variant>,
        position_given: bool,
    ) -> Result<Option<(State, Convention)>, Fail> {
        let Some(path) = &self.record else {
            if self.ply.is_some() || self.game != 1 {
                return Err(fail(
                    "error[usage]: --game and --ply choose a position in a RECORD: name one",
                ));
            }
            return Ok(None);
        };
        if position_given {
            return Err(fail("error[usage]: give a RECORD or --position, not both"));
        }
        let input = if path.as_os_str() == "-" {
            Input::Stdin
        } else if path.is_dir() {
            return Err(fail(format!(
                "{}: error[usage]: this is a directory: name a record file",
                path.display()
            )));
        } else {
            Input::File(path.clone())
        };
        let name = input.display();
        let opts = replay::ReplayOptions {
            default_variant: variant,
            keep_moves: true,
        };
        let g = read_game(&input, &name, self.game, &opts)?;
        let convention = g.record.as_ref().map_or(Convention::Kifu, Convention::of);
        position_at(&g, &name, self.game, self.ply).map(|s| Some((s, convention)))
    }
}

/// Reads and replays game number `game` of the input: the game (its record read), or the
/// message to print.
pub fn read_game(
    input: &Input,
    name: &str,
    game: u64,
    opts: &replay::ReplayOptions,
) -> Result<Loaded, Fail> {
    let mut games =
        load::open(input, Choice::Auto).map_err(|e| fail(format!("{name}: error[io]: {e}")))?;
    for item in &mut games {
        match item {
            scan::Read::Warning { kind, message } => {
                super::say::line(format_args!("{name}: warning[{kind}]: {message}"))
            }
            scan::Read::Failed(message) => {
                return Err(fail(format!("{name}: error[io]: {message}")));
            }
            scan::Read::Game { index, chunk } if index as u64 == game => {
                let g = load::load(chunk, index, opts, false);
                return match g.record {
                    Some(_) => Ok(g),
                    None => Err(Fail::invalid(
                        g.errors.iter().map(|d| d.human(name)).collect(),
                    )),
                };
            }
            scan::Read::Game { .. } => {}
        }
    }
    Err(fail(match games.games_read() {
        0 => format!("{name}: error[no_such_game]: the input holds no game"),
        1 => {
            format!("{name}: error[no_such_game]: the input holds 1 game; there is no game {game}")
        }
        c => format!(
            "{name}: error[no_such_game]: the input holds {c} games; there is no game {game}"
        ),
    }))
}

/// The game's errors, then why nothing is done: exit status 1.
pub fn invalid(errors: &[Diag], name: &str, game: u64, wanted: &str, what: &str) -> Fail {
    let mut m = String::new();
    for d in errors {
        m.push_str(&d.human(name));
    }
    m.push_str(&format!(
        "{name}: error[invalid_record]: game {game} is invalid before {wanted}: {what}\n"
    ));
    Fail::invalid(m)
}

/// Checks `ply` against the game: None is its final position (the game must be valid); a ply
/// beyond what is written is a usage error, one beyond where the replay stopped an invalid
/// record. `what` ends the message of an invalid record ("nothing drawn").
pub fn check_ply(
    g: &Loaded,
    name: &str,
    game: u64,
    ply: Option<u64>,
    what: &str,
) -> Result<u64, Fail> {
    let (Some(record), Some(report)) = (&g.record, &g.report) else {
        return Err(invalid(&g.errors, name, game, "its first position", what));
    };
    let Some(played) = &report.played else {
        return Err(invalid(&g.errors, name, game, "its first position", what));
    };
    let written = record.movetext.main_moves().count() as u64;
    let last = for_game!(played, p => p.main_moves(&record.movetext).count()) as u64;
    match ply {
        Some(p) if p > written => Err(fail(format!(
            "{name}: error[no_such_ply]: --ply {p} is beyond the end of game {game}, which has \
             {written} plies (0 is the start)"
        ))),
        Some(p) if p > last => Err(invalid(&g.errors, name, game, &format!("ply {p}"), what)),
        Some(p) => Ok(p),
        None if !report.valid() => Err(invalid(&g.errors, name, game, "its final position", what)),
        None => Ok(last),
    }
}

/// The position after `ply` plies of the main line (see [`check_ply`]).
pub fn position_at(g: &Loaded, name: &str, game: u64, ply: Option<u64>) -> Result<State, Fail> {
    let wanted = check_ply(g, name, game, ply, "no position")?;
    let (Some(record), Some(played)) =
        (&g.record, g.report.as_ref().and_then(|r| r.played.as_ref()))
    else {
        return Err(fail(String::new()));
    };
    let found = for_game!(map played, p => {
        let mut line = p.main_line(&record.movetext);
        let mut at = 0;
        let mut found = None;
        while let Some(step) = line.next() {
            match step {
                Step::LineStart { position, .. } if wanted == 0 => {
                    found = Some(position.clone());
                    break;
                }
                Step::Ply { after, .. } => {
                    at += 1;
                    if at == wanted {
                        found = Some(after.clone());
                        break;
                    }
                }
                _ => {}
            }
        }
        found
    });
    found
        .transpose()
        .ok_or_else(|| fail(format!("{name}: error[no_such_ply]: no ply {wanted}")))
}

/// A position of either game without its history (what a search or a count starts from).
pub type Plain = PerGame<wa::Position, gufu::Position>;

/// The position of a record's game without its history.
pub fn plain(state: State) -> Plain {
    match state {
        PerGame::Wa(g) => PerGame::Wa(g.position().clone()),
        PerGame::Gufu(p) => PerGame::Gufu(p),
    }
}
