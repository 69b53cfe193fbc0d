//! `kifu match`: two XBoard engines play each other, kifu the arbiter.

use super::convert::NotationArg;
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use kifu::Variant;
use kifu::engine::elo::Tally;
use kifu::engine::game::{self, Opening, Player, Rules};
use kifu::engine::{Config, Limit, record};
use kifu::geometry::Color;
use kifu::notation::Style;
use kifu::record::parse_bytes;
use kifu::replay::{ReplayOptions, replay};
use kifu::rules::PerGame;
use kifu::writers::psn;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Play engine matches: two XBoard engines, every move checked by kifu
///
/// Each game is played by Wa's rules, with kifu as the arbiter: every move an engine sends is
/// checked through the rules before it is passed on; a game ends by checkmate or no legal move
/// (a loss for the side to move), fourfold repetition (a draw) or perpetual check (a loss for
/// the checking side), or when an engine fails: an illegal move, a time forfeit, a crash or a
/// hang (a loss, with the reason; an engine that hangs is killed, one that failed is started
/// again for the next game). A resignation ends a game; a claim of a win or a draw that the
/// rules do not confirm loses.
///
/// Colours alternate: the first engine moves first in odd games. Each game is written as soon
/// as it ends (appended to -o, so a crash loses no finished game; without -o, to standard
/// output). The result table follows, as cutechess-cli prints it: wins, losses and draws of
/// the first engine, its score, the Elo difference with its 95 % error.
///
/// The engines: HaChu (Debian `hachu`; --variant wa-nodrop) and CrazyWa (Debian `crazywa`;
/// --variant wa); any engine of XBoard's protocol 2 that plays `wa-shogi` or `crazywa`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu match --engine hachu --engine hachu --variant wa-nodrop --games 2 --tc 0:10+0.1 -o games.pgn
  kifu match --engine crazywa --engine 'crazywa-patched' --variant wa --movetime 1000 --games 10
  kifu match --engine hachu --engine hachu --variant wa-nodrop --openings lines.psn --repeat

Exit status: 0 all games played, 1 some engine failed (crash, hang or illegal move; the game
was scored and the match went on), 2 usage or I/O error.")]
pub struct Args {
    /// An engine's command line, with its arguments (`--engine 'hachu -x'`); give it twice.
    #[arg(long, required = true, value_name = "CMD")]
    engine: Vec<String>,
    /// An `option` of the engines (one of their `feature option`s): `NAME=VALUE` for both,
    /// `1:NAME=VALUE` or `2:NAME=VALUE` for one.
    #[arg(long, value_name = "[N:]NAME=VALUE")]
    engine_option: Vec<String>,
    /// The game: wa (with drops, XBoard's crazywa) or wa-nodrop (wa-shogi).
    #[arg(long, short = 'v')]
    variant: Variant,
    /// How many games.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// A clock for each engine: minutes:seconds (or seconds), then `+` and the increment in
    /// seconds: `0:10+0.1`, `40+0`.
    #[arg(long, value_name = "BASE+INC", conflicts_with_all = ["movetime", "depth", "nodes"])]
    tc: Option<String>,
    /// A fixed time per move, in milliseconds: `st` (whole seconds, rounded up) and a clock
    /// (`time`) by which HaChu stops within it (docs/engines.md).
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes"])]
    movetime: Option<u64>,
    /// A fixed depth per move (`sd`).
    #[arg(long, conflicts_with = "nodes")]
    depth: Option<u32>,
    /// A node count per move (for engines with `feature nps`).
    #[arg(long)]
    nodes: Option<u64>,
    /// A move may take this much longer than its time (milliseconds) before it is a time
    /// forfeit; an engine that has not moved by then is killed.
    #[arg(long, value_name = "MS", default_value_t = 500)]
    margin: u64,
    /// Under --depth or --nodes: an engine that has not moved after this many seconds is
    /// killed (a loss).
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    timeout: u64,
    /// Stop a game after this many plies, as a draw by adjudication.
    #[arg(long, value_name = "PLIES")]
    max_plies: Option<usize>,
    /// Start positions or opening lines: a record file (PSN or XBoard's PGN), one game per
    /// opening, taken in turn.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Play each opening twice, the engines swapping colours.
    #[arg(long)]
    repeat: bool,
    /// How the moves are written: san (XBoard's PGN, which XBoard reads back; the default),
    /// xboard (engine coordinates), hodges, long.
    #[arg(long, value_enum, default_value = "san")]
    notation: NotationArg,
    /// Hash size sent to engines with `feature memory` (MB). HaChu crashes without one.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    memory: u32,
    /// Append the games to this file (created if missing; `-`: standard output).
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
}

pub fn run(a: Args) -> i32 {
    match run_match(&a) {
        Ok(code) => code,
        Err(e) => {
            super::say::error("engine", e);
            EXIT_ERROR
        }
    }
}

fn run_match(a: &Args) -> Result<i32, String> {
    if a.engine.len() != 2 {
        return Err("give --engine twice (the same command twice for self-play)".into());
    }
    if a.variant == Variant::Gufu {
        return Err("engines play Wa only: --variant wa or wa-nodrop".into());
    }
    let limit = limit_of(a)?;
    let mut configs = Vec::new();
    for cmd in &a.engine {
        let mut c = Config::from_command_line(cmd).map_err(|e| e.to_string())?;
        c.memory_mb = a.memory;
        configs.push(c);
    }
    for o in &a.engine_option {
        let (which, nv) = match o.split_once(':') {
            Some(("1", rest)) => (Some(0), rest),
            Some(("2", rest)) => (Some(1), rest),
            _ => (None, o.as_str()),
        };
        let (name, value) = nv
            .split_once('=')
            .ok_or_else(|| format!("--engine-option {o:?}: NAME=VALUE expected"))?;
        for (i, c) in configs.iter_mut().enumerate() {
            if which.is_none_or(|w| w == i) {
                c.options.push((name.to_string(), value.to_string()));
            }
        }
    }
    let openings = match &a.openings {
        Some(p) => read_openings(p, a.variant)?,
        None => vec![Opening {
            start: <kifu::wa::Position as kifu::rules::Position>::start(a.variant),
            moves: Vec::new(),
        }],
    };
    let rules = Rules {
        limit,
        margin: Duration::from_millis(a.margin),
        timeout: Duration::from_secs(a.timeout),
        max_plies: a.max_plies,
    };
    let mut players = [
        Player::new(configs.remove(0)),
        Player::new(configs.remove(0)),
    ];
    for p in players.iter_mut() {
        // Names for the first game's tags and the table; a failure shows in the game, but a
        // program that cannot be run at all is a usage error, before anything is written.
        if let Err(e) = p.start()
            && let kifu::engine::Failure::Start(_) = e.failure
        {
            return Err(e.to_string());
        }
    }
    let mut style = Style::default_for(a.variant);
    style.notation = a.notation.notation();
    let to_file = a.output.as_ref().filter(|p| p.as_os_str() != "-");
    let mut out: Box<dyn Write> = match to_file {
        Some(p) => Box::new(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("{}: {e}", p.display()))?,
        ),
        None => Box::new(std::io::stdout()),
    };
    let names = [players[0].name.clone(), players[1].name.clone()];
    let began = Instant::now();
    let mut tally = Tally::default();
    let mut failures = 0;
    let (mut plies, mut engine_time, mut game_time) = (0usize, Duration::ZERO, Duration::ZERO);
    let date = today();
    for round in 1..=a.games {
        let i = (round - 1) as usize;
        let opening = if a.repeat {
            &openings[(i / 2) % openings.len()]
        } else {
            &openings[i % openings.len()]
        };
        // Odd games: the first engine moves first.
        let swap = i % 2 == 1;
        let [p0, p1] = &mut players;
        let order = if swap { [p1, p0] } else { [p0, p1] };
        super::say::line(format_args!(
            "Started game {round} of {} ({} vs {})",
            a.games, order[0].name, order[1].name
        ));
        let g = game::play(order, opening, &rules);
        let tags = [
            ("Event", "kifu match".to_string()),
            ("Site", "?".to_string()),
            ("Date", date.clone()),
            ("Round", round.to_string()),
            ("TimeControl", time_control(&limit)),
        ];
        let text = record::psn(&g, &tags);
        let written = convert(&text, style)
            .ok_or_else(|| format!("game {round}: kifu cannot read back its record:\n{text}"))?;
        out.write_all(written.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| format!("writing game {round}: {e}"))?;
        for e in &g.errors {
            super::say::error("engine", format_args!("game {round}: {e}"));
        }
        failures += g.errors.len();
        plies += g.moves.len();
        engine_time += g.engine_time;
        game_time += g.wall;
        let first_won = g.winner.map(|c| (c == Color::Black) != swap);
        match first_won {
            Some(true) => tally.wins += 1,
            Some(false) => tally.losses += 1,
            None => tally.draws += 1,
        }
        super::say::line(format_args!(
            "Finished game {round} ({} vs {}): {} {{{}}}",
            g.names[0],
            g.names[1],
            g.result(),
            g.reason
        ));
    }
    let table = table(
        &names,
        tally,
        began.elapsed(),
        plies,
        engine_time,
        game_time,
    );
    if to_file.is_some() {
        // A reader of standard output that has gone is not an error (as ripgrep).
        let _ = std::io::stdout().lock().write_all(table.as_bytes());
    } else {
        super::say::line(table.trim_end_matches('\n'));
    }
    Ok(if failures > 0 { EXIT_INVALID } else { EXIT_OK })
}

/// The final table, as cutechess-cli prints its score lines.
fn table(
    names: &[String; 2],
    t: Tally,
    wall: Duration,
    plies: usize,
    engine: Duration,
    games: Duration,
) -> String {
    let (elo, err) = t.elo();
    let mut s = String::new();
    s.push_str(&format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
        names[0],
        names[1],
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.games()
    ));
    s.push_str(&format!(
        "Elo difference: {elo:.1} +/- {err:.1}, LOS: {:.1} %, DrawRatio: {:.1} %\n",
        t.los(),
        t.draw_ratio()
    ));
    let overhead = games.saturating_sub(engine);
    s.push_str(&format!(
        "{} games, {plies} plies in {:.1} s; engines thinking {:.1} s; kifu's share {:.2} ms a ply\n",
        t.games(),
        wall.as_secs_f64(),
        engine.as_secs_f64(),
        if plies > 0 {
            overhead.as_secs_f64() * 1000.0 / plies as f64
        } else {
            0.0
        },
    ));
    s
}

/// The record text, read back, replayed and written in `style`.
fn convert(text: &str, style: Style) -> Option<String> {
    let games = parse_bytes(text.as_bytes());
    let record = games.first()?.as_ref().ok()?;
    let keep = ReplayOptions {
        keep_moves: true,
        ..ReplayOptions::default()
    };
    let report = replay(record, &keep);
    if !report.valid() {
        return None;
    }
    let mut s = psn::write(record, &report, style).ok()?;
    if !s.ends_with("\n\n") {
        s.push('\n');
    }
    Some(s)
}

fn limit_of(a: &Args) -> Result<Limit, String> {
    if let Some(tc) = &a.tc {
        return parse_tc(tc).ok_or_else(|| format!("--tc {tc:?}: BASE+INC expected, as 0:10+0.1"));
    }
    if let Some(ms) = a.movetime {
        if ms == 0 {
            return Err("--movetime must be at least 1".into());
        }
        return Ok(Limit::MoveTime(Duration::from_millis(ms)));
    }
    if let Some(d) = a.depth {
        return Ok(Limit::Depth(d.max(1)));
    }
    if let Some(n) = a.nodes {
        return Ok(Limit::Nodes(n.max(1)));
    }
    Err("give a limit: --tc, --movetime, --depth or --nodes".into())
}

/// `0:10+0.1`, `10+0.1`, `1:30`, `40`: base (minutes:seconds or seconds) and increment.
fn parse_tc(s: &str) -> Option<Limit> {
    let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
    let secs = |t: &str| -> Option<f64> {
        let v: f64 = t.trim().parse().ok()?;
        (v.is_finite() && (0.0..1e7).contains(&v)).then_some(v)
    };
    let base = match base.split_once(':') {
        Some((m, s)) => secs(m)? * 60.0 + secs(s)?,
        None => secs(base)?,
    };
    let inc = secs(inc)?;
    (base > 0.0).then(|| Limit::Clock {
        base: Duration::from_secs_f64(base),
        inc: Duration::from_secs_f64(inc),
    })
}

/// The TimeControl tag (PGN's: `seconds+increment`, `-` for none).
fn time_control(limit: &Limit) -> String {
    match limit {
        Limit::Clock { base, inc } if inc.is_zero() => format!("{}", base.as_secs_f64()),
        Limit::Clock { base, inc } => format!("{}+{}", base.as_secs_f64(), inc.as_secs_f64()),
        Limit::MoveTime(t) => format!("{}/move", t.as_secs_f64()),
        _ => "-".into(),
    }
}

/// The openings: each record's start and main line, replayed (an invalid record is an error).
fn read_openings(path: &PathBuf, variant: Variant) -> Result<Vec<Opening>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let keep = ReplayOptions {
        keep_moves: true,
        default_variant: Some(variant),
    };
    let mut out = Vec::new();
    for (i, r) in parse_bytes(&bytes).into_iter().enumerate() {
        let n = i + 1;
        let record = r.map_err(|e| format!("{}: game {n}: {e:?}", path.display()))?;
        let report = replay(&record, &keep);
        if let Some(e) = report.errors.first() {
            return Err(format!("{}: game {n}: {}", path.display(), e.message));
        }
        let Some(PerGame::Wa(played)) = report.played else {
            return Err(format!("{}: game {n}: not a Wa game", path.display()));
        };
        if report.variant != Some(variant) {
            return Err(format!(
                "{}: game {n}: a {} game, and the match is {}",
                path.display(),
                report.variant.map_or("?", |v| v.name()),
                variant.name()
            ));
        }
        let moves: Vec<_> = played
            .main_moves(&record.movetext)
            .map(|(_, m)| *m)
            .collect();
        if report.outcome.is_some() {
            return Err(format!(
                "{}: game {n}: the opening ends the game",
                path.display()
            ));
        }
        out.push(Opening {
            start: played.start.position().clone(),
            moves,
        });
    }
    if out.is_empty() {
        return Err(format!("{}: no game", path.display()));
    }
    Ok(out)
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}
