//! `kifu validate`: replay every game of every file and report what is wrong.

use super::diag::Diag;
use super::inputs::{self, Input};
use super::load;
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use kifu::Variant;
use kifu::record::GameSplitter;
use kifu::replay::Options;
use serde_json::json;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;

/// Check that every move of every game is legal, and say exactly where and why not.
///
/// Each game is replayed through the rules; the first error stops that game (the next game
/// and file go on). Problems are printed as `path:line:col: error[kind]: message`, with the
/// source line, the game, ply and move, and a hint. A summary goes to stderr.
///
/// Exit status: 0 every game valid, 1 some game invalid, 2 usage or I/O error.
#[derive(clap::Args)]
pub struct Args {
    /// Files or directories (searched recursively); `-` or nothing: standard input.
    paths: Vec<PathBuf>,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu.
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    /// File extensions searched for in directories (repeat or comma-separate).
    #[arg(long, value_delimiter = ',', default_value = "psn,pgn")]
    ext: Vec<String>,
    /// Treat warnings (e.g. a Result tag that contradicts the game) as errors.
    #[arg(long)]
    strict: bool,
    /// Output format: human (default) or json (JSON Lines: one object per game, then a
    /// summary).
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Print nothing but problems (no summary).
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

pub fn run(a: Args) -> i32 {
    let (inputs, errors) = inputs::expand(&a.paths, &a.ext);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut t = Totals::default();
    let opts = Options {
        default_variant: a.variant,
        keep_moves: false,
    };
    let mut write_ok = true;
    for e in &errors {
        t.io_errors += 1;
        report_io(&mut out, &a, &e.path, &e.message, &mut write_ok);
    }
    for input in &inputs {
        let name = input.display();
        let reader: Box<dyn Read> = match input {
            Input::Stdin => Box::new(std::io::stdin()),
            Input::File(p) => match std::fs::File::open(p) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    t.io_errors += 1;
                    report_io(&mut out, &a, &name, &e.to_string(), &mut write_ok);
                    continue;
                }
            },
        };
        t.files += 1;
        let mut reader = BufReader::with_capacity(1 << 16, reader);
        let mut index = 0usize;
        let mut any = false;
        for chunk in GameSplitter::new(&mut reader as &mut dyn BufRead) {
            let chunk = match chunk {
                Ok(c) => c,
                Err(e) => {
                    if e.kind == kifu::record::ErrorKind::Io {
                        t.io_errors += 1;
                        report_io(&mut out, &a, &name, &e.message, &mut write_ok);
                        break;
                    }
                    index += 1;
                    any = true;
                    let g = GameOut::broken(Diag::from_record_error(&e, index, None));
                    emit(&mut out, &a, &name, index, &g, &mut t, &mut write_ok);
                    continue;
                }
            };
            any = true;
            index += 1;
            let g = check_game(chunk, index, &opts, a.strict);
            emit(&mut out, &a, &name, index, &g, &mut t, &mut write_ok);
            if !write_ok {
                break;
            }
        }
        if !any {
            index += 1;
            let e = kifu::record::RecordError::new(
                kifu::record::ErrorKind::EmptyInput,
                "no game: the input is empty",
                kifu::record::Span::at(0),
            );
            let g = GameOut::broken(Diag::from_record_error(&e, index, None));
            emit(&mut out, &a, &name, index, &g, &mut t, &mut write_ok);
        }
        if !write_ok {
            break;
        }
    }
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
        write_ok = writeln!(out, "{line}").is_ok();
    }
    if write_ok {
        let _ = out.flush();
    }
    if !a.quiet {
        eprintln!(
            "{} files, {} games: {} valid, {} invalid, {} warnings, {} plies replayed{}",
            t.files,
            t.games,
            t.valid,
            t.invalid,
            t.warnings,
            t.plies,
            if t.io_errors > 0 {
                format!(", {} I/O errors", t.io_errors)
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

impl GameOut {
    fn broken(d: Diag) -> GameOut {
        GameOut {
            variant: None,
            valid: false,
            plies: 0,
            result: None,
            termination: None,
            errors: vec![d],
            warnings: Vec::new(),
        }
    }
}

/// Parses and replays one game.
fn check_game(
    chunk: kifu::record::GameChunk,
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
    if r.is_err() {
        *ok = false;
    }
}

fn report_io(out: &mut impl Write, a: &Args, path: &str, message: &str, ok: &mut bool) {
    match a.format {
        Format::Human => eprintln!("{path}: error[io]: {message}"),
        Format::Json => {
            let line = json!({"type": "error", "file": path, "kind": "io", "message": message});
            if writeln!(out, "{line}").is_err() {
                *ok = false;
            }
        }
    }
}
