//! Command-line interface: argument parsing and the subcommands.

mod analyze;
mod board_args;
mod cleanup;
mod completions;
mod convert;
/// The diagnostics of the library, as the commands print them.
mod diag {
    pub use kifu::diag::*;
}
mod engine_analyze;
mod filter;
mod generate;
mod inputs;
/// The input loop: the library's, and the commands' inputs opened through it.
mod load {
    pub use super::inputs::{for_scan, open};
    pub use kifu::load::*;
}
mod match_cmd;
mod mate;
mod output;
mod pages;
mod per_input;
mod perft;
mod progress;
mod record_position;
mod render;
mod report;
mod say;
mod solve;
mod stats;
mod validate;

use clap::{Parser, Subcommand};

/// Exit codes, as ripgrep uses them.
pub const EXIT_OK: i32 = 0;
pub const EXIT_INVALID: i32 = 1;
pub const EXIT_ERROR: i32 = 2;

/// `-j`: how many threads check the games, the same in every command that has it.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Threads {
    /// Threads: 1 to 256, or 0 for all cores (the default). The output order is the input
    /// order whatever -j is.
    #[arg(long = "threads", short = 'j', value_name = "N",
          value_parser = clap::value_parser!(u16).range(0..=256))]
    threads: Option<u16>,
}

impl Threads {
    /// The number of threads: as given, or all cores (when not given, or given as 0).
    pub fn get(self) -> usize {
        match self.threads {
            Some(n) if n > 0 => usize::from(n),
            _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

#[derive(Parser)]
#[command(
    name = "kifu",
    version,
    about = "Validate, convert and render game records of Wa shogi and Gufū shōgi",
    long_about = "kifu reads game records of Wa shogi (11×11, with or without drops) and Gufū \
shōgi (2 files × 3 ranks, facing pieces, shared pieces), replays every move through a complete \
rules core, and reports, converts or draws them.",
    after_help = "Examples:
  kifu validate games/
  kifu convert game.psn --to csv -o plies.csv
  kifu render game.psn --ply 12 -o board.svg
  kifu COMMAND --help                  # each command's options, examples and exit status

Exit status: 0 all good, 1 some record invalid, 2 usage or I/O error (kifu filter: 1 when no
game matched, as grep)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Validate(validate::Args),
    Convert(convert::Args),
    Generate(generate::Args),
    Perft(perft::Args),
    Render(render::Args),
    Solve(solve::Args),
    Mate(mate::Args),
    Analyze(analyze::Args),
    Match(match_cmd::Args),
    Filter(filter::Args),
    Stats(stats::Args),
    Completions(completions::CompletionsArgs),
    Man(completions::ManArgs),
}

/// glibc keeps a freed block of up to 32 MB in the heap once a block that large has been
/// freed (its mmap threshold rises to the largest block freed), and the process keeps that
/// memory. The mate search's tables move to twice larger maps as they grow and to half-size
/// ones when full: the maps they left stayed resident, 100 MB for `kifu mate --hash 64` on a
/// 64 MiB cap (68 MB with the threshold fixed). Fixed at 128 KiB (glibc's starting value),
/// every block that large is mapped on its own and goes back to the system when freed;
/// measured, no command is slower for it. Other C libraries are left as they are.
fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; called before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Parses the arguments, runs the command, returns the exit code.
pub fn run() -> i32 {
    return_large_blocks();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_ERROR } else { EXIT_OK };
            say::clap_error(&e);
            return code;
        }
    };
    match cli.command {
        Command::Validate(a) => validate::run(a),
        Command::Convert(a) => convert::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Render(a) => render::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Mate(a) => mate::run(a),
        Command::Analyze(a) => analyze::run(a),
        Command::Match(a) => match_cmd::run(a),
        Command::Filter(a) => filter::run(a),
        Command::Stats(a) => stats::run(a),
        Command::Completions(a) => completions::completions(a),
        Command::Man(a) => completions::man(a),
    }
}
