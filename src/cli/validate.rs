//! `kifu validate`: replay every game of every file and report what is wrong.
//!
//! The inputs are read by the one pipeline of `kifu::collection::scan` (a reader thread cuts
//! them into games, the games are checked on all cores, the results come back in input order)
//! and reported by `report`, as `kifu convert` reports its problems.

use super::Threads;
use super::inputs;
use super::load;
use super::progress::Spinner;
use super::report::{CheckArgs, Checked, Command, Format, Reporter, Totals};
use kifu::Variant;
use kifu::collection::scan::{Item, scan};
use kifu::replay::ReplayOptions;
use std::time::Instant;

/// Check that every move of every game is legal, and say exactly where and why not.
///
/// Each game is replayed through the rules; the first error stops that game (the next game
/// and file go on). Problems are printed as `path:line:col: error[kind]: message`, with the
/// source line, the game, ply and move, and a hint. A summary goes to stderr.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu validate game.psn
  kifu validate games/ fixtures/            # every .psn/.pgn file below, in name order
  kifu validate                             # the current directory (on a terminal)
  cat game.psn | kifu validate -            # standard input
  kifu validate games/ --format json -q     # one JSON line per game, no summary

Exit status: 0 every game valid, 1 some game invalid, 2 usage or I/O error.")]
pub struct Args {
    #[command(flatten)]
    input: inputs::InputArgs,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu (without it, the
    /// moves of such a record tell the game when only one fits).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    #[command(flatten)]
    check: CheckArgs,
    /// How the report is written: text (`path:line:col: error[kind]: message`, the source
    /// line, the game, ply and move; then a summary), or json (JSON Lines: an object per game,
    /// an object per input that cannot be read, then a summary). `human` means text.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    #[command(flatten)]
    threads: Threads,
}

pub fn run(a: Args) -> i32 {
    let found = a.input.expand();
    let encoding = a.input.encoding.choice();
    let opts = ReplayOptions {
        default_variant: a.variant,
        keep_moves: false,
    };
    let check = &a.check;
    let mut report = Reporter::new(Command::Validate, a.format, check.quiet);
    let mut progress = Progress::new(check.quiet);
    // Inputs without a game (with --strict, an error).
    let mut empty_inputs = 0u64;
    scan(
        load::for_scan(&found, encoding),
        a.threads.get(),
        |_, index, chunk| {
            let size = chunk.as_ref().map_or(0, |c| c.bytes.len() as u64);
            let mut g = load::load(chunk, index, &opts, check.strict);
            (Checked::of(&mut g), size)
        },
        |item| {
            if let Item::Game { value, .. } = &item {
                progress.bytes += value.1;
            }
            if let Item::Warning { kind, .. } = &item
                && *kind == "empty_input"
            {
                empty_inputs += 1;
            }
            let flow = report.item(&item, |(checked, _)| checked);
            progress.update(&report.totals);
            flow
        },
    );
    progress.finish();
    let no_game = report.totals.games == 0;
    let status = report.finish();
    if check.strict && (no_game || empty_inputs > 0) && status == super::EXIT_OK {
        // --strict: an input without a game (or no game at all) is an error.
        return super::EXIT_INVALID;
    }
    status
}

/// The progress line of validate: files, games and speed so far.
struct Progress {
    bar: Spinner,
    started: Instant,
    /// Bytes of the games checked so far.
    bytes: u64,
    /// Items since the line was last updated.
    since: u32,
}

impl Progress {
    fn new(quiet: bool) -> Progress {
        Progress {
            bar: Spinner::new(quiet),
            started: Instant::now(),
            bytes: 0,
            since: 0,
        }
    }

    /// Updates the line now and then (every 32 items).
    fn update(&mut self, t: &Totals) {
        self.since += 1;
        if self.since < 32 || self.bar.is_hidden() {
            return;
        }
        self.since = 0;
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        self.bar.say(format!(
            "{}, {} ({} invalid), {:.1} MB/s",
            super::report::count(t.files, "file", "files"),
            super::report::count(t.games, "game", "games"),
            t.invalid,
            self.bytes as f64 / 1e6 / secs
        ));
    }

    fn finish(&self) {
        self.bar.finish();
    }
}
