//! `kifu validate`: replay every game of every file and report what is wrong.
//!
//! A reader thread cuts the inputs into games (streaming: one game in memory at a time per
//! batch slot) and hands them over in batches; the batches are checked on all cores and the
//! results printed in input order.

use super::diag::Diag;
use super::inputs;
use super::load;
use super::output::Failure;
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kifu::Variant;
use kifu::encoding::Choice;
use kifu::record::{ErrorKind, GameChunk, RecordError, Span};
use kifu::replay::Options;
use serde_json::json;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::time::{Duration, Instant};

/// Check that every move of every game is legal, and say exactly where and why not.
///
/// Each game is replayed through the rules; the first error stops that game (the next game
/// and file go on). Problems are printed as `path:line:col: error[kind]: message`, with the
/// source line, the game, ply and move, and a hint. A summary goes to stderr.
///
/// Exit status: 0 every game valid, 1 some game invalid, 2 usage or I/O error.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: inputs::InputArgs,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu.
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    /// Treat warnings (e.g. a Result tag that contradicts the game) as errors.
    #[arg(long)]
    strict: bool,
    /// Output format: human (default) or json (JSON Lines: one object per game, then a
    /// summary).
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Threads, 1 to 256 (default: all cores). The output order is the input order whatever
    /// -j is.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Print nothing but problems (no summary, no progress bar).
    #[arg(long, short = 'q')]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
}

#[derive(Default)]
struct Totals {
    files: u64,
    games: u64,
    valid: u64,
    invalid: u64,
    warnings: u64,
    plies: u64,
    io_errors: u64,
    bytes: u64,
    /// The reader of the output has gone: stop quietly.
    closed: bool,
}

/// One game's outcome, as printed.
struct GameOut {
    variant: Option<Variant>,
    valid: bool,
    plies: u64,
    result: Option<String>,
    termination: Option<&'static str>,
    errors: Vec<Diag>,
    warnings: Vec<Diag>,
}

/// What the reader thread hands over, in input order.
enum Item {
    /// A file was opened.
    File,
    /// A game (or a game-level error of the splitter) of the file `name`.
    Game {
        name: Arc<str>,
        index: usize,
        chunk: Result<GameChunk, RecordError>,
    },
    /// A file (or directory entry) could not be read.
    IoError { name: String, message: String },
    /// Something to say about a whole file (how it was decoded).
    Warning {
        name: String,
        kind: &'static str,
        message: String,
    },
}

/// An item once checked.
enum Done {
    File,
    IoError {
        name: String,
        message: String,
    },
    Warning {
        name: String,
        kind: &'static str,
        message: String,
    },
    Game {
        name: Arc<str>,
        index: usize,
        g: GameOut,
        size: u64,
    },
}

/// Games per batch, and bytes per batch: small enough to bound memory and balance the
/// workers, large enough to make the hand-over cheap.
const BATCH_GAMES: usize = 32;
const BATCH_BYTES: usize = 1 << 20;

pub fn run(a: Args) -> i32 {
    let found = a.input.expand();
    let encoding = a.input.encoding.choice();
    let threads = super::threads(a.threads);
    let opts = Options {
        default_variant: a.variant,
        keep_moves: false,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut t = Totals::default();
    let mut write_ok = true;
    let progress = progress_bar(a.quiet);
    let started = Instant::now();
    // The reader thread cuts games into batches; `threads` workers check whole batches as
    // they come (no barrier between batches); the results are printed in input order.
    let (job_tx, job_rx) = sync_channel::<(u64, Vec<Item>)>(threads * 2);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = sync_channel::<(u64, Vec<Done>)>(threads * 2);
    std::thread::scope(|scope| {
        scope.spawn(move || read_all(found, encoding, job_tx));
        for _ in 0..threads {
            let jobs = Arc::clone(&job_rx);
            let done = done_tx.clone();
            let (opts, strict) = (&opts, a.strict);
            scope.spawn(move || {
                loop {
                    let job = match jobs.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => break,
                    };
                    let Ok((seq, batch)) = job else { break };
                    let checked = batch
                        .into_iter()
                        .map(|item| check_item(item, opts, strict))
                        .collect();
                    if done.send((seq, checked)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(job_rx);
        drop(done_tx);
        process(
            done_rx,
            &a,
            &mut out,
            &mut t,
            &mut write_ok,
            &progress,
            started,
        );
    });
    progress.finish_and_clear();
    if a.format == Format::Json && write_ok {
        let line = json!({
            "type": "summary",
            "files": t.files,
            "games": t.games,
            "valid": t.valid,
            "invalid": t.invalid,
            "warnings": t.warnings,
            "plies": t.plies,
            "io_errors": t.io_errors,
        });
        if let Err(e) = writeln!(out, "{line}") {
            write_failed(&e, &mut t, &mut write_ok);
        }
    }
    if write_ok && let Err(e) = out.flush() {
        write_failed(&e, &mut t, &mut write_ok);
    }
    if t.closed {
        // As ripgrep: no summary, no message, success.
        return EXIT_OK;
    }
    if !a.quiet {
        eprintln!(
            "{}, {}: {} valid, {} invalid, {}, {} replayed{}",
            count(t.files, "file", "files"),
            count(t.games, "game", "games"),
            t.valid,
            t.invalid,
            count(t.warnings, "warning", "warnings"),
            count(t.plies, "ply", "plies"),
            if t.io_errors > 0 {
                format!(", {}", count(t.io_errors, "I/O error", "I/O errors"))
            } else {
                String::new()
            }
        );
    }
    if t.io_errors > 0 {
        EXIT_ERROR
    } else if t.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}

/// `1 file`, `2 files`.
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A progress bar on stderr, only when stderr is a terminal and not --quiet.
fn progress_bar(quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
    pb.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    pb.enable_steady_tick(Duration::from_millis(250));
    pb
}

/// The reader thread: every input cut into games, sent in batches, in order.
fn read_all(found: Vec<inputs::Found>, encoding: Choice, tx: SyncSender<(u64, Vec<Item>)>) {
    let mut batch: Vec<Item> = Vec::new();
    let mut bytes = 0usize;
    let mut seq = 0u64;
    let mut send = |batch: &mut Vec<Item>, bytes: &mut usize| -> bool {
        *bytes = 0;
        seq += 1;
        tx.send((seq - 1, std::mem::take(batch))).is_ok()
    };
    for input in found {
        let input = match input {
            Ok(i) => i,
            Err(e) => {
                batch.push(Item::IoError {
                    name: e.path,
                    message: e.message,
                });
                continue;
            }
        };
        let name: Arc<str> = input.display().into();
        let mut games = match load::open(&input, encoding) {
            Ok(g) => g,
            Err(e) => {
                batch.push(Item::IoError {
                    name: name.to_string(),
                    message: e.to_string(),
                });
                continue;
            }
        };
        batch.push(Item::File);
        let mut failed = false;
        for item in &mut games {
            match item {
                load::Item::Warning { kind, message } => batch.push(Item::Warning {
                    name: name.to_string(),
                    kind,
                    message,
                }),
                load::Item::Io(message) => {
                    batch.push(Item::IoError {
                        name: name.to_string(),
                        message,
                    });
                    failed = true;
                }
                load::Item::Game { index, chunk } => {
                    bytes += chunk.as_ref().map_or(0, |c| c.bytes.len());
                    batch.push(Item::Game {
                        name: name.clone(),
                        index,
                        chunk,
                    });
                    if (batch.len() >= BATCH_GAMES || bytes >= BATCH_BYTES)
                        && !send(&mut batch, &mut bytes)
                    {
                        return;
                    }
                }
            }
        }
        if games.games_read() == 0 && !failed {
            batch.push(Item::Game {
                name: name.clone(),
                index: 1,
                chunk: Err(RecordError::new(
                    ErrorKind::EmptyInput,
                    "no game: the input is empty",
                    Span::at(0),
                )),
            });
        }
    }
    if !batch.is_empty() {
        send(&mut batch, &mut bytes);
    }
}

/// One item checked.
fn check_item(item: Item, opts: &Options, strict: bool) -> Done {
    match item {
        Item::File => Done::File,
        Item::IoError { name, message } => Done::IoError { name, message },
        Item::Warning {
            name,
            kind,
            message,
        } => Done::Warning {
            name,
            kind,
            message,
        },
        Item::Game { name, index, chunk } => {
            let size = chunk.as_ref().map_or(0, |c| c.bytes.len() as u64);
            let g = check_game(chunk, index, opts, strict);
            Done::Game {
                name,
                index,
                g,
                size,
            }
        }
    }
}

/// Prints the checked batches in input order as they arrive.
fn process(
    rx: Receiver<(u64, Vec<Done>)>,
    a: &Args,
    out: &mut impl Write,
    t: &mut Totals,
    write_ok: &mut bool,
    progress: &ProgressBar,
    started: Instant,
) {
    let mut pending: BTreeMap<u64, Vec<Done>> = BTreeMap::new();
    let mut next = 0u64;
    for (seq, batch) in rx {
        pending.insert(seq, batch);
        while let Some(checked) = pending.remove(&next) {
            next += 1;
            for done in checked {
                match done {
                    Done::File => t.files += 1,
                    Done::IoError { name, message } => {
                        report_io(out, a, &name, &message, t, write_ok);
                    }
                    Done::Warning {
                        name,
                        kind,
                        message,
                    } => {
                        t.warnings += 1;
                        let r = match a.format {
                            Format::Human => writeln!(out, "{name}: warning[{kind}]: {message}"),
                            Format::Json => writeln!(
                                out,
                                "{}",
                                json!({"type": "warning", "file": name, "kind": kind,
                                       "message": message})
                            ),
                        };
                        if let Err(e) = r {
                            write_failed(&e, t, write_ok);
                        }
                    }
                    Done::Game {
                        name,
                        index,
                        g,
                        size,
                    } => {
                        t.bytes += size;
                        emit(out, a, &name, index, &g, t, write_ok);
                    }
                }
                if !*write_ok {
                    // Dropping the receiver stops the workers, and then the reader.
                    return;
                }
            }
        }
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        progress.set_message(format!(
            "{} files, {} games ({} invalid), {:.1} MB/s",
            t.files,
            t.games,
            t.invalid,
            t.bytes as f64 / 1e6 / secs
        ));
    }
}

/// Parses and replays one game.
fn check_game(
    chunk: Result<GameChunk, RecordError>,
    index: usize,
    opts: &Options,
    strict: bool,
) -> GameOut {
    let g = load::load(chunk, index, opts, strict);
    let result = match (&g.record, &g.report) {
        (Some(record), Some(report)) => report
            .outcome
            .map(|o| o.result().to_string())
            .or_else(|| record.result.map(|r| r.value.as_str().to_string()))
            .or_else(|| record.tag("Result").map(str::to_string)),
        _ => None,
    };
    GameOut {
        variant: g.report.as_ref().and_then(|r| r.variant),
        valid: g.errors.is_empty(),
        plies: g.report.as_ref().map(|r| r.plies).unwrap_or(0),
        result,
        termination: g
            .report
            .as_ref()
            .and_then(|r| r.outcome)
            .map(|o| o.termination.name()),
        errors: g.errors,
        warnings: g.warnings,
    }
}

fn emit(
    out: &mut impl Write,
    a: &Args,
    file: &str,
    index: usize,
    g: &GameOut,
    t: &mut Totals,
    ok: &mut bool,
) {
    t.games += 1;
    t.plies += g.plies;
    t.warnings += g.warnings.len() as u64;
    if g.valid {
        t.valid += 1;
    } else {
        t.invalid += 1;
    }
    let r = match a.format {
        Format::Human => {
            let mut s = String::new();
            for d in g.errors.iter().chain(&g.warnings) {
                s.push_str(&d.human(file));
            }
            out.write_all(s.as_bytes())
        }
        Format::Json => {
            let line = json!({
                "type": "game",
                "file": file,
                "game": index,
                "variant": g.variant.map(|v| v.name()),
                "valid": g.valid,
                "plies": g.plies,
                "result": g.result,
                "termination": g.termination,
                "errors": g.errors.iter().map(Diag::json).collect::<Vec<_>>(),
                "warnings": g.warnings.iter().map(Diag::json).collect::<Vec<_>>(),
            });
            writeln!(out, "{line}")
        }
    };
    if let Err(e) = r {
        write_failed(&e, t, ok);
    }
}

/// Writing the output failed: a closed pipe stops quietly, anything else is an I/O error.
fn write_failed(e: &std::io::Error, t: &mut Totals, ok: &mut bool) {
    *ok = false;
    match Failure::of(e, "the output") {
        Failure::Closed => t.closed = true,
        f => {
            f.report();
            t.io_errors += 1;
        }
    }
}

fn report_io(
    out: &mut impl Write,
    a: &Args,
    path: &str,
    message: &str,
    t: &mut Totals,
    ok: &mut bool,
) {
    t.io_errors += 1;
    match a.format {
        Format::Human => {
            // After what is already printed on standard output, whatever the buffers.
            if let Err(e) = out.flush() {
                write_failed(&e, t, ok);
            }
            eprintln!("{path}: error[io]: {message}");
        }
        Format::Json => {
            let line = json!({"type": "error", "file": path, "kind": "io", "message": message});
            if let Err(e) = writeln!(out, "{line}") {
                write_failed(&e, t, ok);
            }
        }
    }
}
