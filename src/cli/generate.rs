//! `kifu generate`: a corpus of random legal games.

use super::EXIT_OK;
use super::output::{Outputs, Target};
use kifu::Variant;
use std::io::Write;
use std::path::PathBuf;

/// Write random legal games as PSN, deterministic by seed.
///
/// Moves are drawn at random from the legal moves, favouring captures, promotions, drops and
/// checks so that the games exercise the rules. Games end by the rules (mate, repetition...)
/// or after --max-plies (then their result is `*`).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu generate --variant gufu
  kifu generate --variant wa --games 1000 --seed 42 -o corpus.psn
  kifu generate --variant wa-nodrop --max-plies 100 -o games/   # games/wa-nodrop-seed1.psn

Exit status: 0 games written, 2 usage or I/O error (nothing is written to -o then).")]
pub struct Args {
    /// The game: wa, wa-nodrop or gufu.
    #[arg(long, short = 'v')]
    variant: Variant,
    /// How many games.
    #[arg(long, short = 'n', default_value_t = 1)]
    games: u64,
    /// The seed: the same seed gives the same games.
    #[arg(long, short = 's', default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many plies (default: 300 for Wa, 80 for Gufū).
    #[arg(long)]
    max_plies: Option<u32>,
    /// Write to this file (whole or not at all: a run stopped by a signal leaves no temporary
    /// file; --games 0 does not replace an existing file) instead of standard output (`-`);
    /// a directory (a path ending in `/`, or an existing one) gets `VARIANT-seedN.psn` (a
    /// link or non-regular file at that name is refused). A FIFO is written directly.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
}

pub fn run(a: Args) -> i32 {
    let max = a.max_plies.unwrap_or(match a.variant {
        Variant::Gufu => 80,
        _ => 300,
    });
    let mut outputs = Outputs::new(Target::of(a.output.as_deref()));
    let mut sink = match outputs.open(&format!("{}-seed{}.psn", a.variant, a.seed)) {
        Ok(s) => s,
        Err(f) => return f.report(),
    };
    for i in 1..=a.games {
        let text = kifu::generate::game(a.variant, a.seed, i, max);
        let sep = if i > 1 { "\n" } else { "" };
        if let Err(e) = write!(sink, "{sep}{text}") {
            return sink.failure(&e).report();
        }
        sink.wrote_game();
    }
    match outputs.close(sink).and_then(|()| outputs.commit()) {
        Ok(()) => EXIT_OK,
        Err(f) => f.report(),
    }
}
