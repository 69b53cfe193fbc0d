//! `kifu generate`: a corpus of random legal games.

use super::output::Sink;
use super::{EXIT_ERROR, EXIT_OK};
use kifu::Variant;
use std::io::Write;
use std::path::PathBuf;

/// Write random legal games as PSN, deterministic by seed.
///
/// Moves are drawn at random from the legal moves, favouring captures, promotions, drops and
/// checks so that the games exercise the rules. Games end by the rules (mate, repetition...)
/// or after --max-plies (then their result is `*`).
#[derive(clap::Args)]
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
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
}

pub fn run(a: Args) -> i32 {
    let max = a.max_plies.unwrap_or(match a.variant {
        Variant::Gufu => 80,
        _ => 300,
    });
    let mut sink = match Sink::open(a.output.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("kifu: {e}");
            return EXIT_ERROR;
        }
    };
    for i in 1..=a.games {
        let text = kifu::generate::game(a.variant, a.seed, i, max);
        let sep = if i > 1 { "\n" } else { "" };
        if let Err(e) = write!(sink, "{sep}{text}") {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return EXIT_OK;
            }
            eprintln!("kifu: cannot write: {e}");
            return EXIT_ERROR;
        }
    }
    match sink.finish() {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("kifu: {e}");
            EXIT_ERROR
        }
    }
}
