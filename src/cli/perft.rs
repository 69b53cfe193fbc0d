//! `kifu perft`: count the leaves of the legal-move tree.

use super::output::Failure;
use super::{EXIT_ERROR, EXIT_OK};
use kifu::notation::{self, Origin, RankStyle};
use kifu::rules::{self, divide};
use kifu::{Variant, gufu, wa};
use std::io::Write;
use std::time::Instant;

/// Count the positions reachable in DEPTH plies (the move generator's fingerprint).
///
/// A promotion and its refusal count as two moves; a forced promotion as one. With
/// --divide, prints the count below each first move, written in the rules' notation
/// (Hodges style, origin where needed), then the total.
#[derive(clap::Args)]
pub struct Args {
    /// The game: wa, wa-nodrop or gufu.
    #[arg(long, short = 'v')]
    variant: Variant,
    /// Start from this position string instead of the start position (Wa: XBoard FEN;
    /// Gufū: kifu's compact form, see the README).
    #[arg(long, short = 'p')]
    position: Option<String>,
    /// Print the count for each first move.
    #[arg(long)]
    divide: bool,
    /// Also print the time taken and nodes per second (on stderr).
    #[arg(long)]
    time: bool,
    /// How many plies deep.
    depth: u32,
}

pub fn run(a: Args) -> i32 {
    let start = Instant::now();
    let result = match a.variant {
        Variant::Wa | Variant::WaNoDrop => {
            let v = if a.variant == Variant::Wa {
                wa::Variant::Wa
            } else {
                wa::Variant::WaNoDrop
            };
            let pos = match &a.position {
                None => wa::Position::start(v),
                Some(s) => match wa::fen::parse(s, v) {
                    Ok(p) => p,
                    Err(e) => {
                        eprintln!("kifu: bad --position: {e}");
                        return EXIT_ERROR;
                    }
                },
            };
            count(&pos, a.depth, a.divide, |m| {
                notation::wa_hodges(&pos, m, Origin::WhereNeeded, RankStyle::Letters)
            })
        }
        Variant::Gufu => {
            let pos = match &a.position {
                None => gufu::Position::start(),
                Some(s) => match gufu::posstr::parse(s) {
                    Ok(p) => p,
                    Err(e) => {
                        eprintln!("kifu: bad --position: {e}");
                        return EXIT_ERROR;
                    }
                },
            };
            count(&pos, a.depth, a.divide, |m| {
                notation::gufu_move(&pos, m, Origin::WhereNeeded, RankStyle::Kanji)
            })
        }
    };
    let secs = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    let mut write = || -> std::io::Result<()> {
        for line in &result.1 {
            writeln!(out, "{line}")?;
        }
        writeln!(out, "{}", result.0)?;
        out.flush()
    };
    if let Err(e) = write() {
        // A closed pipe: exit status 0, quietly.
        return Failure::of(&e, "standard output").report();
    }
    if a.time {
        eprintln!(
            "{} nodes in {:.3} s: {:.0} nodes/s",
            result.0,
            secs,
            result.0 as f64 / secs.max(1e-9)
        );
    }
    EXIT_OK
}

fn count<P: rules::Position>(
    pos: &P,
    depth: u32,
    by_move: bool,
    name: impl Fn(&P::Move) -> String,
) -> (u64, Vec<String>) {
    if !by_move {
        return (rules::perft(pos, depth), Vec::new());
    }
    let mut lines: Vec<(String, u64)> = divide(pos, depth)
        .into_iter()
        .map(|(m, n)| (name(&m), n))
        .collect();
    lines.sort();
    let total = lines.iter().map(|(_, n)| n).sum();
    (
        total,
        lines
            .into_iter()
            .map(|(m, n)| format!("{m}: {n}"))
            .collect(),
    )
}
