//! `kifu perft`: count the leaves of the legal-move tree.

use super::output::Failure;
use super::record_position::{RecordPosition, plain};
use super::{EXIT_ERROR, EXIT_OK};
use kifu::notation::{Notate, Style};
use kifu::rules::{self, PerGame, divide};
use kifu::{Variant, for_game, gufu, wa};
use std::io::Write;
use std::time::Instant;

/// Count the positions reachable in DEPTH plies (the move generator's fingerprint).
///
/// A promotion and its refusal count as two moves; a forced promotion as one. With
/// --divide, prints the count below each first move, written as `kifu convert` writes it
/// (Hodges style, origin where needed, a Gufū check or mate marked `+` or `#`), then the
/// total. The moves are in board order, as `kifu solve --moves` lists equal values: by the
/// square the piece leaves (top rank first, left file first), then the square it reaches;
/// drops (and Gufū turns in place) last, by square.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu perft --variant wa 3
  kifu perft --variant gufu 6 --divide --time
  kifu perft --variant gufu --position 'Sske/2/KwWn b - 5' 2
  kifu perft game.pgn --ply 40 3         # from the position after ply 40 of game 1

Exit status: 0 counted, 1 the record is invalid before the ply asked for, 2 usage error (a
bad --position, no such game or ply) or I/O error.")]
pub struct Args {
    /// The game: wa, wa-nodrop or gufu (with RECORD: the variant of a record without a
    /// Variant tag).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
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
    #[command(flatten)]
    from: RecordPosition,
    /// How many plies deep (required).
    #[arg(value_name = "DEPTH")]
    depth: Option<u32>,
}

/// Either game's position without history (perft needs no repetition rule).
type AnyPosition = PerGame<wa::Position, gufu::Position>;

pub fn run(mut a: Args) -> i32 {
    let start = Instant::now();
    // `kifu perft [RECORD] DEPTH`: a lone number is the depth.
    if a.depth.is_none()
        && let Some(d) = a
            .from
            .record
            .as_ref()
            .and_then(|r| r.to_str()?.parse().ok())
    {
        a.depth = Some(d);
        a.from.record = None;
    }
    let Some(depth) = a.depth else {
        super::say::error("usage", "give the DEPTH (kifu perft --variant wa 3)");
        return EXIT_ERROR;
    };
    let pos = match (a.from.position(a.variant, a.position.is_some()), a.variant) {
        (Err(f), _) => return f.report(),
        (Ok(Some(state)), _) => plain(state),
        (Ok(None), None) => {
            super::say::error("usage", "give --variant, or a RECORD");
            return EXIT_ERROR;
        }
        (Ok(None), Some(v)) => match &a.position {
            None => AnyPosition::start(v),
            Some(s) => match AnyPosition::from_position_string(v, s) {
                Ok(p) => p,
                Err(e) => {
                    super::say::bad_position("--position", s, &e);
                    return EXIT_ERROR;
                }
            },
        },
    };
    let result = for_game!(&pos, p => count(p, depth, a.divide));
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
        super::say::line(format_args!(
            "{} nodes in {:.3} s: {:.0} nodes/s",
            result.0,
            secs,
            result.0 as f64 / secs.max(1e-9)
        ));
    }
    EXIT_OK
}

/// The count, and with `by_move` the line of each first move (written as `kifu convert` writes
/// it, in the variant's usual style, with the marks it earns: a Gufū check or mate).
fn count<P: Notate>(pos: &P, depth: u32, by_move: bool) -> (u64, Vec<String>) {
    if !by_move {
        return (rules::perft(pos, depth), Vec::new());
    }
    let style = Style::default_for(pos.variant());
    let mut counts = divide(pos, depth);
    counts.sort_by_key(|(m, _)| rules::board_order(*m));
    let lines: Vec<(String, u64)> = counts
        .into_iter()
        .map(|(m, n)| {
            let mut after = pos.clone();
            after.play_unchecked(&m);
            (pos.move_text(&m, &after, style), n)
        })
        .collect();
    let total = lines.iter().map(|(_, n)| n).sum();
    (
        total,
        lines
            .into_iter()
            .map(|(m, n)| format!("{m}: {n}"))
            .collect(),
    )
}
