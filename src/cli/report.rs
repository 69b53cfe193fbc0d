//! What the commands that check records say about them, in one place: each game's problems, an
//! input that could not be read or was decoded as Shift_JIS, and the summary, in the human
//! form or as JSON Lines, with the exit status. `kifu validate` writes it all on standard
//! output (it is the command's output); `kifu convert` and `kifu analyze` on standard error
//! (their output is the converted records), in the same form.

use super::diag::Diag;
use super::load::Loaded;
use super::output::Failure;
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use kifu::Variant;
use kifu::collection::scan::{Flow, Item};
use kifu::writers::rows;
use serde_json::{Value, json};
use std::io::{BufWriter, StdoutLock, Write};

/// How problems are reported, in `validate` and `convert`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// Treat warnings (e.g. a Result tag that contradicts the game) as errors; validate: an
    /// input without a game, or no game at all, too (exit 1).
    #[arg(long)]
    pub strict: bool,
    /// Print nothing but problems (no summary, no progress bar).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// How a command's answer or report is written, the same two words in every command
/// (`validate --format`, `convert --report`, `stats`, `mate` and `solve --format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For people (`human` is accepted too): problems as `path:line:col: error[kind]:
    /// message` with the source line, the game, ply and move; answers and tables as text.
    #[value(alias = "human")]
    Text,
    /// For programs: JSON (problem reports as JSON Lines, one object per line).
    Json,
}

/// One game as checked, ready to report.
pub struct Checked {
    pub variant: Option<Variant>,
    /// No error (with `--strict`, no warning either).
    pub valid: bool,
    /// Plies replayed (up to the first error).
    pub plies: u64,
    /// The result the record states, as written (see `kifu::writers::rows::result_as_written`).
    pub result: Option<String>,
    /// What the replay found (see `kifu::writers::rows::outcome`).
    pub outcome: Option<&'static str>,
    pub termination: Option<&'static str>,
    /// Errors: the record's (with `--strict` its warnings too), then the command's refusal.
    pub errors: Vec<Diag>,
    pub warnings: Vec<Diag>,
    /// A valid game the command would not write (`convert --notation xboard` of a Gufū game).
    pub refused: bool,
}

impl Checked {
    /// A game as loaded; its problems move here.
    pub fn of(g: &mut Loaded) -> Checked {
        let report = g.report.as_ref();
        Checked {
            variant: report.and_then(|r| r.variant),
            valid: g.errors.is_empty(),
            plies: report.map_or(0, |r| r.plies),
            result: g
                .record
                .as_ref()
                .and_then(rows::result_as_written)
                .map(str::to_string),
            outcome: report.and_then(rows::outcome),
            termination: report.and_then(|r| r.outcome).map(|o| o.termination.name()),
            errors: std::mem::take(&mut g.errors),
            warnings: std::mem::take(&mut g.warnings),
            refused: false,
        }
    }

    /// A valid game that will not be written, and why.
    pub fn refuse(&mut self, why: Diag) {
        self.errors.push(why);
        self.refused = true;
    }

    /// Whether there is a problem to report.
    pub fn has_problems(&self) -> bool {
        !self.errors.is_empty() || !self.warnings.is_empty()
    }

    /// The JSON object of the game.
    fn json(&self, file: &str, index: usize) -> Value {
        json!({
            "type": "game",
            "file": file,
            "game": index,
            "variant": self.variant.map(|v| v.name()),
            "valid": self.valid,
            "plies": self.plies,
            "result": self.result,
            "outcome": self.outcome,
            "termination": self.termination,
            "errors": self.errors.iter().map(Diag::json).collect::<Vec<_>>(),
            "warnings": self.warnings.iter().map(Diag::json).collect::<Vec<_>>(),
        })
    }
}

/// The counts of a run.
#[derive(Default)]
pub struct Totals {
    pub files: u64,
    pub games: u64,
    pub valid: u64,
    pub invalid: u64,
    /// Valid games the command would not write.
    pub refused: u64,
    pub warnings: u64,
    pub plies: u64,
    pub io_errors: u64,
}

/// The command reporting, which decides where problems go and what the summary says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Problems on standard output, a JSON line for every game, the summary of a validation.
    Validate,
    /// Problems on standard error, a JSON line for the games with a problem, the summary of a
    /// conversion (valid games are "converted").
    Convert,
    /// Problems on standard error (always in the human form), no summary.
    Analyze,
}

/// Where the problems go.
enum Stream {
    Stdout(BufWriter<StdoutLock<'static>>),
    Stderr,
}

/// Reports the problems of a run as they come, in input order, then the summary.
pub struct Reporter {
    command: Command,
    format: Format,
    /// No summary.
    quiet: bool,
    /// No warnings either (counted all the same): `analyze --quiet`.
    no_warnings: bool,
    stream: Stream,
    pub totals: Totals,
    /// The reader of standard output has gone: stop quietly.
    closed: bool,
}

impl Reporter {
    pub fn new(command: Command, format: Format, quiet: bool) -> Reporter {
        let stream = match command {
            Command::Validate => Stream::Stdout(BufWriter::new(std::io::stdout().lock())),
            Command::Convert | Command::Analyze => Stream::Stderr,
        };
        Reporter {
            command,
            format,
            quiet,
            no_warnings: false,
            stream,
            totals: Totals::default(),
            closed: false,
        }
    }

    /// Prints no warnings (they are counted all the same): errors only.
    pub fn without_warnings(mut self) -> Reporter {
        self.no_warnings = true;
        self
    }

    /// Reports an item of a scan (the game's `checked` found in its value): the problems it
    /// has, and the counts. [`Flow::Stop`] once problems can no longer be written (standard
    /// output has gone, or failed).
    pub fn item<T>(&mut self, item: &Item<T>, checked: impl FnOnce(&T) -> &Checked) -> Flow {
        let written = match item {
            Item::Opened { .. } => {
                self.totals.files += 1;
                Ok(())
            }
            Item::Io { name, message } => self.io(name, message),
            Item::Warning {
                name,
                kind,
                message,
            } => {
                self.totals.warnings += 1;
                let line = match self.format {
                    _ if self.no_warnings => String::new(),
                    Format::Text => format!("{name}: warning[{kind}]: {message}\n"),
                    Format::Json => json_line(
                        json!({"type": "warning", "file": &**name, "kind": kind, "message": message}),
                    ),
                };
                self.write(&line)
            }
            Item::Game { name, index, value } => self.game(name, *index, checked(value)),
        };
        match written {
            Ok(()) => Flow::Continue,
            Err(e) => {
                self.write_failed(&e);
                Flow::Stop
            }
        }
    }

    /// An input that could not be read (named `name`, in messages).
    fn io(&mut self, name: &str, message: &str) -> std::io::Result<()> {
        self.totals.io_errors += 1;
        match self.format {
            Format::Text => {
                // After what is already printed on standard output, whatever the buffers.
                self.flush()?;
                super::say::line(format_args!("{name}: error[io]: {message}"));
                Ok(())
            }
            Format::Json => self.write(&json_line(
                json!({"type": "error", "file": name, "kind": "io", "message": message}),
            )),
        }
    }

    fn game(&mut self, name: &str, index: usize, g: &Checked) -> std::io::Result<()> {
        let t = &mut self.totals;
        t.games += 1;
        t.plies += g.plies;
        t.warnings += g.warnings.len() as u64;
        if g.refused {
            t.refused += 1;
        } else if g.valid {
            t.valid += 1;
        } else {
            t.invalid += 1;
        }
        // validate's JSON has a line for every game; the rest, for the games with a problem.
        let shown = if self.no_warnings {
            !g.errors.is_empty()
        } else {
            g.has_problems()
        };
        let line = shown || (self.command, self.format) == (Command::Validate, Format::Json);
        match self.format {
            _ if !line => Ok(()),
            Format::Text => {
                let text: String = g
                    .errors
                    .iter()
                    .chain(g.warnings.iter().filter(|_| !self.no_warnings))
                    .map(|d| d.human(name))
                    .collect();
                self.write(&text)
            }
            Format::Json => self.write(&json_line(g.json(name, index))),
        }
    }

    /// Writes to the problems' stream. (Standard error is not buffered; failing to write
    /// there is not an error of the run.)
    fn write(&mut self, text: &str) -> std::io::Result<()> {
        match &mut self.stream {
            Stream::Stdout(w) => w.write_all(text.as_bytes()),
            Stream::Stderr => {
                let _ = std::io::stderr().lock().write_all(text.as_bytes());
                Ok(())
            }
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.stream {
            Stream::Stdout(w) => w.flush(),
            Stream::Stderr => Ok(()),
        }
    }

    /// Writing the problems failed: a closed pipe stops quietly, anything else is an I/O
    /// error.
    fn write_failed(&mut self, e: &std::io::Error) {
        match Failure::of(e, "the output") {
            Failure::Closed => self.closed = true,
            f => {
                f.report();
                self.totals.io_errors += 1;
            }
        }
    }

    /// Whether the reader of standard output has gone (then the run stops quietly).
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// Ends the report: the summary (a JSON line, and the human line on standard error unless
    /// quiet). The exit status: 2 after an I/O error, 1 if a game was invalid or refused, else
    /// 0; 0 when the reader of standard output has gone.
    pub fn finish(mut self) -> i32 {
        if !self.closed && self.format == Format::Json && self.command != Command::Analyze {
            let t = &self.totals;
            let mut line = json!({
                "type": "summary",
                "files": t.files,
                "games": t.games,
                "valid": t.valid,
                "invalid": t.invalid,
                "warnings": t.warnings,
                "plies": t.plies,
                "io_errors": t.io_errors,
            });
            if self.command == Command::Convert {
                line["refused"] = json!(t.refused);
            }
            let line = json_line(line);
            if let Err(e) = self.write(&line) {
                self.write_failed(&e);
            }
        }
        if !self.closed
            && let Err(e) = self.flush()
        {
            self.write_failed(&e);
        }
        if self.closed {
            // As ripgrep: no summary, no message, success.
            return EXIT_OK;
        }
        // The human summary on standard error (convert's JSON summary is there already).
        let human = match self.command {
            Command::Validate => true,
            Command::Convert => self.format == Format::Text,
            Command::Analyze => false,
        };
        if human && !self.quiet {
            super::say::line(self.summary());
        }
        self.status()
    }

    /// The exit status so far: 2 after an I/O error, 1 if a game was invalid or refused,
    /// else 0.
    pub fn status(&self) -> i32 {
        let t = &self.totals;
        if t.io_errors > 0 {
            EXIT_ERROR
        } else if t.invalid > 0 || t.refused > 0 {
            EXIT_INVALID
        } else {
            EXIT_OK
        }
    }

    /// `2 files, 3 games: 2 valid, 1 invalid, 0 warnings, 18 plies replayed`.
    fn summary(&self) -> String {
        let t = &self.totals;
        let mut s = format!(
            "{}, {}: ",
            count(t.files, "file", "files"),
            count(t.games, "game", "games")
        );
        match self.command {
            Command::Convert => {
                s.push_str(&format!("{} converted, {} invalid", t.valid, t.invalid));
                if t.refused > 0 {
                    s.push_str(&format!(", {} refused", t.refused));
                }
                s.push_str(&format!(", {}", count(t.warnings, "warning", "warnings")));
            }
            _ => s.push_str(&format!(
                "{} valid, {} invalid, {}, {} replayed",
                t.valid,
                t.invalid,
                count(t.warnings, "warning", "warnings"),
                count(t.plies, "ply", "plies"),
            )),
        }
        if t.io_errors > 0 {
            s.push_str(&format!(
                ", {}",
                count(t.io_errors, "I/O error", "I/O errors")
            ));
        }
        s
    }
}

fn json_line(v: Value) -> String {
    let mut s = v.to_string();
    s.push('\n');
    s
}

/// `1 file`, `2 files`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
