//! `kifu analyze`: every ply of a game judged (Gufū exactly, Wa by forced mates).

use super::Threads;
use super::convert::{CsvSafe, stem, write_csv_row};
use super::inputs::{Input, InputArgs};
use super::load;
use super::output::{Failure, Outputs, Target};
use super::per_input::{Out, PerInput, Reading, Text, per_input};
use super::progress::Spinner;
use super::report::{Checked, Command, Format, Reporter};
use kifu::Variant;
use kifu::analysis::annotate::Budget;
use kifu::analysis::annotate::PlyNote;
use kifu::analysis::mate::{DEFAULT_HASH_MB, MateOptions};
use kifu::analysis::record::{PlyMark, annotated_record, judge_main_line};
use kifu::load::Loaded;
use kifu::notation::Style;
use kifu::record::{GameChunk, RecordError};
use kifu::writers::psn;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Annotate games: the value before and after every move, the best move, and a verdict
///
/// Gufū: the exact value (`win in 7`, `draw`, `loss in 4`, in plies, for the side that moves).
/// A move that worsens the outcome (win → draw or loss, draw → loss) is a blunder `??` ($4);
/// the only move that keeps a win is `!` ($1).
///
/// Wa: the shortest forced mate within --mate-depth moves (checks only) for either side:
/// `mate in N` (the mover mates), `mated in N` (the opponent mates whatever the mover plays),
/// `no mate within N` (proved for both sides) or `unknown` (a budget ran out). The value after
/// a move is the value before the next one, seen from the other side. A move from `mate in N`
/// to no mate is `?` ($2); a move to `mated in N` from a position that was not is `??` ($4);
/// the only first move of the shortest mate is `!` ($1).
///
/// Output: the record with those NAGs and a short comment on each judged move
/// (`{win in 7 → draw; best K-1二>N}`), which validates and converts like any record; or one
/// row per ply (`--to csv`, `--to json`: ply, move, before, after, best, verdict). Only the
/// main line is analysed. Inputs are found and read as `kifu validate` finds and reads them
/// (the same options; a file read as Shift_JIS gets its warning on standard error). An invalid
/// game is reported as `kifu validate` reports it and is not analysed.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu analyze game.psn                       # annotated record on standard output
  kifu analyze games/ --to csv -o plies.csv   # one row per ply
  kifu analyze games/ -o annotated/           # one annotated file per input
  kifu analyze wa.psn --mate-depth 2 --to json
  kifu analyze long.pgn --time-limit 60 --position-time-limit 2s   # bounded time

Exit status: 0 every game valid (with --engine: and every position analysed), 1 some game
invalid (with --engine: or some game or position not analysed, each said on standard error: a
game that is not Wa, a variant the engine does not play, an engine that crashed, hung or sent
an illegal move there, restarted for the next position), 2 usage or I/O error, or an engine
that cannot start or cannot take the limit asked for (--nodes without `feature nps`): then
nothing is written to -o.")]
pub struct Args {
    /// Wa: search mates up to this many moves of either side.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=9))]
    mate_depth: u32,
    /// Wa: give up a mate search after this many positions (the value is then `unknown`).
    #[arg(long, default_value_t = 1_000_000)]
    max_nodes: u64,
    /// Wa: the most time the mate searches of a game may take, in all (`90`, `2.5`, `500ms`,
    /// `10s`, `5m`). Once spent, the game's remaining positions are `unknown`, unsearched.
    /// Default: no limit.
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    time_limit: Option<Duration>,
    /// Wa: the most time the mate searches of one position may take (as --time-limit); the
    /// position is then `unknown`. Default: no limit.
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    position_time_limit: Option<Duration>,
    /// Wa: the most memory each mate search's tables may take, in MiB (when full, the less
    /// valuable half of one goes, whatever the node budget; one search per thread).
    #[arg(long = "hash", value_name = "MB", default_value_t = DEFAULT_HASH_MB,
          value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash_mb: u32,
    /// Output format (`--format` is the same option).
    #[arg(long, visible_alias = "format", value_enum, default_value = "psn")]
    to: To,
    /// Where to write: a path ending in `/` or naming an existing directory is a directory
    /// (created if missing) with one output per input, named after it (`game.psn`,
    /// `game.csv`, `game.jsonl`); any other path is one file holding everything. Written whole
    /// or not at all: a run that fails (exit status 2) leaves every old file as it was, and so
    /// does a run stopped by a signal (no temporary file is left); a file that would get no
    /// game does not replace an existing one; -o must not name an input (exit status 2); a
    /// FIFO is written directly (refused if no one reads it); a link at a name kifu makes in
    /// the directory is refused. Default (or `-`): standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    #[command(flatten)]
    csv: CsvSafe,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu (without it, the
    /// moves of such a record tell the game when only one fits).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    #[command(flatten)]
    input: InputArgs,
    /// Print no warnings (a Result tag that contradicts the game, a file read as Shift_JIS):
    /// only errors.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    threads: Threads,
    #[command(flatten)]
    engine: super::engine_analyze::EngineArgs,
}

/// What `kifu analyze` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum To {
    /// The record, annotated.
    Psn,
    /// One row per ply.
    Csv,
    /// One object per ply (JSON Lines).
    Json,
}

impl To {
    /// The extension of an output file in a directory.
    fn extension(self) -> &'static str {
        match self {
            To::Psn => "psn",
            To::Csv => "csv",
            To::Json => "jsonl",
        }
    }
}

/// The columns of `--to csv`.
const COLUMNS: [&str; 8] = [
    "file", "game", "ply", "move", "before", "after", "best", "verdict",
];

pub fn run(a: Args) -> i32 {
    let found = a.input.expand();
    let reading = Reading {
        found: &found,
        encoding: a.input.encoding.choice(),
        threads: a.threads.get(),
        // An analysis takes long: a game at a time to a thread.
        batch: 1,
    };
    let opts = kifu::replay::ReplayOptions {
        default_variant: a.variant,
        keep_moves: true,
    };
    let mate = MateOptions {
        depth: a.mate_depth,
        all_moves: false,
        max_nodes: Some(a.max_nodes),
        hash_mb: a.hash_mb,
        ..MateOptions::default()
    };
    let progress = Progress::new(a.quiet);
    let judging = Judging {
        mate,
        progress: &progress,
    };
    let examine = |name: &str, index, chunk| analyze_game(&a, &opts, judging, name, index, chunk);
    let mut report = Reporter::new(Command::Analyze, Format::Text, true);
    if a.quiet {
        report = report.without_warnings();
    }
    let target = Target::of(a.output.as_deref());
    if a.engine.active() && !a.engine.check() {
        progress.bar.finish();
        return super::EXIT_ERROR;
    }
    let status = per_input(reading, target, examine, &mut Analyze(&a, judging), report);
    progress.bar.finish();
    if status == super::EXIT_OK && a.engine.incomplete() {
        // Some game or position the engine did not analyse (each said on standard error).
        return super::EXIT_INVALID;
    }
    status
}

/// `--time-limit` and `--position-time-limit` (and `kifu mate --time-limit`): seconds (`90`,
/// `2.5`) or a number with a unit (`500ms`, `10s`, `5m`).
pub(super) fn parse_time(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else {
        (t, 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x * scale <= 1e9 => {
            Ok(Duration::from_secs_f64(x * scale))
        }
        _ => Err(format!(
            "'{s}' is not a time: give seconds (90, 2.5) or a number with ms, s or m (500ms, 5m)"
        )),
    }
}

/// The progress line: games and plies analysed so far, from every thread.
struct Progress {
    bar: Spinner,
    games: AtomicU64,
    plies: AtomicU64,
}

impl Progress {
    fn new(quiet: bool) -> Progress {
        Progress {
            bar: Spinner::new(quiet),
            games: AtomicU64::new(0),
            plies: AtomicU64::new(0),
        }
    }

    fn ply(&self) {
        let plies = self.plies.fetch_add(1, Ordering::Relaxed) + 1;
        if !self.bar.is_hidden() {
            self.say(plies);
        }
    }

    fn game(&self) {
        self.games.fetch_add(1, Ordering::Relaxed);
        if !self.bar.is_hidden() {
            self.say(self.plies.load(Ordering::Relaxed));
        }
    }

    fn say(&self, plies: u64) {
        let games = self.games.load(Ordering::Relaxed);
        let s = |n: u64| if n == 1 { "" } else { "s" };
        self.bar.say(format!(
            "{games} game{} analysed, {plies} pl{} judged",
            s(games),
            if plies == 1 { "y" } else { "ies" }
        ));
    }
}

/// The analysis, written game after game, as [`per_input`] runs it.
struct Analyze<'a>(&'a Args, Judging<'a>);

/// What judging a game needs besides the arguments.
#[derive(Clone, Copy)]
struct Judging<'a> {
    mate: MateOptions,
    progress: &'a Progress,
}

/// What a worker makes of a game.
enum Made {
    /// Nothing to write (an invalid game).
    Nothing,
    /// The annotated record, or the rows.
    Text(Text),
    /// A long game's rows (`--to csv|json`), judged and written on the output's thread ply
    /// by ply, so that no game's rows are ever held whole in memory: (the game, the input's
    /// name).
    Rows(Box<Loaded>, String),
}

/// Games longer than this (plies) have their rows judged and written on the output's thread
/// ([`Made::Rows`]); shorter ones are judged on the worker threads.
const STREAM_PLIES: u64 = 2_000;

impl PerInput for Analyze<'_> {
    type Made = Made;

    fn file_name(&self, input: &Input) -> Option<String> {
        Some(format!("{}.{}", stem(input), self.0.to.extension()))
    }

    /// An output, with the CSV header.
    fn open(
        &mut self,
        outputs: &mut Outputs,
        name: &str,
        _: Option<&Input>,
    ) -> Result<Out, Failure> {
        let mut out = Out::new(outputs.open(name)?);
        if self.0.to == To::Csv {
            let columns: &[&str] = match self.0.engine.active() {
                true => &super::engine_analyze::COLUMNS,
                false => &COLUMNS,
            };
            let header = columns.iter().map(|s| s.to_string()).collect();
            write_csv_row(&mut out.sink, header).map_err(|e| out.sink.failure(&e))?;
        }
        Ok(out)
    }

    fn write(
        &mut self,
        _: &Input,
        index: usize,
        made: Made,
        out: Option<&mut Out>,
        _: &mut Outputs,
    ) -> Result<(), Failure> {
        match (made, out) {
            (Made::Text(text), Some(out)) => out.write(&text).map_err(|e| out.sink.failure(&e)),
            (Made::Rows(g, name), Some(out)) => {
                out.sink.wrote_game();
                let mut failed = None;
                judge(self.0, &self.1, &g, &name, index, |row| {
                    if failed.is_none()
                        && let Err(e) = out.sink.write_all(row)
                    {
                        failed = Some(e);
                    }
                });
                match failed {
                    Some(e) => Err(out.sink.failure(&e)),
                    None => Ok(()),
                }
            }
            // Every input has an output (its own, or the one for all).
            _ => Ok(()),
        }
    }
}

/// Reads, replays and analyses game `index` of the input `name` (on a worker thread), or
/// leaves a long game's rows to the output's thread.
fn analyze_game(
    a: &Args,
    opts: &kifu::replay::ReplayOptions,
    judging: Judging,
    name: &str,
    index: usize,
    chunk: Result<GameChunk, RecordError>,
) -> (Checked, Made) {
    let mut g = load::load(chunk, index, opts, false);
    let checked = Checked::of(&mut g);
    if !checked.valid {
        return (checked, Made::Nothing);
    }
    if a.engine.active() {
        let text = super::engine_analyze::game(&a.engine, judging.mate, a.to, name, index, &g);
        return (checked, text.map_or(Made::Nothing, Made::Text));
    }
    if a.to == To::Psn {
        let (Some(record), Some(report)) = (g.record.take(), &g.report) else {
            return (checked, Made::Nothing);
        };
        // Only the marked plies are kept, without their move texts.
        let mut marks = Vec::new();
        let judged = judge_main_line(&record, report, judging.mate, a.budget(), |id, n| {
            judging.progress.ply();
            if let Some(m) = PlyMark::of(id, n) {
                marks.push(m);
            }
        });
        judging.progress.game();
        // Written in the normalized form, in the variant's usual notation.
        let text = judged
            .then(|| {
                let style = Style::default_for(report.variant?);
                psn::write(&annotated_record(record, marks), report, style).ok()
            })
            .flatten();
        return (
            checked,
            text.map_or(Made::Nothing, |t| Made::Text(Text::Record(t))),
        );
    }
    if checked.plies > STREAM_PLIES {
        return (checked, Made::Rows(Box::new(g), name.to_string()));
    }
    let mut bytes = Vec::new();
    judge(a, &judging, &g, name, index, |row| {
        bytes.extend_from_slice(row)
    });
    (checked, Made::Text(Text::Lines(bytes)))
}

/// A valid game's main line judged (`--to csv|json`): `each` gets each ply's row, as it is
/// judged.
fn judge(
    a: &Args,
    judging: &Judging,
    g: &Loaded,
    name: &str,
    index: usize,
    mut each: impl FnMut(&[u8]),
) {
    let (Some(record), Some(report)) = (&g.record, &g.report) else {
        return;
    };
    let mut row_bytes = Vec::new();
    judge_main_line(record, report, judging.mate, a.budget(), |_, n| {
        judging.progress.ply();
        row_bytes.clear();
        match a.to {
            // Writing into memory does not fail.
            To::Csv => {
                let _ = write_csv_row(&mut row_bytes, a.csv.cells(row(name, index, &n)));
            }
            _ => json_line(&mut row_bytes, name, index, &n),
        }
        each(&row_bytes);
    });
    judging.progress.game();
}

impl Args {
    fn budget(&self) -> Budget {
        Budget {
            per_position: self.position_time_limit,
            per_game: self.time_limit,
        }
    }
}

/// One ply as a JSON object on a line of its own.
fn json_line(bytes: &mut Vec<u8>, name: &str, index: usize, n: &PlyNote) {
    let v = COLUMNS
        .iter()
        .zip(row(name, index, n))
        .map(|(k, v)| (k.to_string(), json!(v)));
    let mut o: serde_json::Map<String, serde_json::Value> = v.collect();
    o["game"] = json!(index);
    o["ply"] = json!(n.ply);
    for k in ["best", "verdict"] {
        if o[k] == json!("") {
            o[k] = json!(null);
        }
    }
    o.insert("nag".into(), json!(n.verdict.map(|v| v.nag())));
    bytes.extend_from_slice(format!("{}\n", serde_json::Value::Object(o)).as_bytes());
}

/// One ply's fields, in the order of [`COLUMNS`].
fn row(file: &str, game: usize, n: &PlyNote) -> Vec<String> {
    vec![
        file.to_string(),
        game.to_string(),
        n.ply.to_string(),
        n.mv.clone(),
        n.before.to_string(),
        n.after.to_string(),
        n.best.clone().unwrap_or_default(),
        n.verdict.map(|v| v.glyph().to_string()).unwrap_or_default(),
    ]
}
