//! `kifu mate`: the shortest forced mate for the side to move.

use super::output::{Target, write_documents};
use super::{EXIT_ERROR, EXIT_OK};
use kifu::analysis::game::{Searchable, move_text};
use kifu::analysis::mate::{self, Found, Options, Search};
use kifu::rules::{PerGame, Position, PositionError};
use kifu::{Variant, for_game, gufu, wa};
use serde_json::json;
use std::time::Instant;

/// Find the shortest forced mate for the side to move
///
/// Searches for a mate within DEPTH moves of the side to move (a mate in N takes 2N - 1
/// plies), against every defence, drops included. By default every move of the attacker is a
/// check, as in mate problems (in Gufū the capture of a King is allowed too); --all-moves
/// lets the attacker play quiet moves as well. A mate is a move that ends the game with the
/// attacker the winner, as the rules say: checkmate, or (with --all-moves) leaving the
/// opponent without a legal move; in Gufū also the capture of a King. Prints `mate in N:
/// <main line>` (the quickest mate against the longest defence) and every first move that
/// mates in N (one: the problem's solution is unique), or `no mate in DEPTH`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu mate --variant wa --position '10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1'
  kifu mate --variant wa --position FEN --depth 5 --all-moves --format json
  kifu mate --variant gufu --position 'Kn1/1ks/SwWn w - 14'

Exit status: 0 searched (a mate found or not), 2 usage error (a bad --position, a game
already over) or I/O error.")]
pub struct Args {
    /// The game: wa, wa-nodrop or gufu.
    #[arg(long, short = 'v')]
    variant: Variant,
    /// The position (Wa: XBoard FEN; Gufū: kifu's position string, see the README).
    #[arg(long, short = 'p')]
    position: String,
    /// The most moves of the side to move.
    #[arg(long, short = 'd', default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
    /// Let the attacker play any move, not only checks.
    #[arg(long)]
    all_moves: bool,
    /// Give up after visiting this many positions (the answer is then "unknown"); 0: no
    /// limit.
    #[arg(long, default_value_t = 5_000_000)]
    max_nodes: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Also print, on standard error, the time taken and the positions visited.
    #[arg(long)]
    time: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Either game's position without history (a mate search has none).
type AnyPosition = PerGame<wa::Position, gufu::Position>;

pub fn run(a: Args) -> i32 {
    match AnyPosition::from_position_string(a.variant, &a.position) {
        Ok(pos) => for_game!(&pos, p => search(&a, p)),
        Err(e) => bad_position(&e),
    }
}

fn bad_position(e: &PositionError) -> i32 {
    eprintln!("kifu: bad --position: {e}");
    EXIT_ERROR
}

/// A Gufū `--position`, or the exit status of the error already reported.
pub(super) fn gufu_position(s: &str) -> Result<gufu::Position, i32> {
    gufu::Position::from_position_string(Variant::Gufu, s).map_err(|e| bad_position(&e))
}

/// Writes the answer on standard output (a closed pipe is not an error); the exit status.
pub(super) fn print(text: &str) -> i32 {
    match write_documents(Target::Stdout, [("", text.as_bytes())]) {
        Ok(()) => EXIT_OK,
        Err(f) => f.report(),
    }
}

fn search<P: Searchable>(a: &Args, pos: &P) -> i32 {
    if let Some(o) = pos.outcome() {
        eprintln!(
            "kifu: the game is already over in this position ({}, {}): there is nothing to search",
            o.termination.describe(),
            o.result()
        );
        return EXIT_ERROR;
    }
    let t = Instant::now();
    let mut s = Search::<P>::new(Options {
        depth: a.depth,
        all_moves: a.all_moves,
        max_nodes: (a.max_nodes > 0).then_some(a.max_nodes),
    });
    let found = s.find(pos);
    let secs = t.elapsed().as_secs_f64();
    let text = match a.format {
        Format::Text => match &found {
            Found::Mate(m) => {
                let firsts: Vec<String> = m.first_moves.iter().map(|f| move_text(pos, f)).collect();
                let mut t = format!(
                    "mate in {}: {}\n{} first move{} mate{} in {}: {}\n",
                    m.moves,
                    mate::line_text(pos, &m.line).join(" "),
                    firsts.len(),
                    if firsts.len() == 1 { "" } else { "s" },
                    if firsts.len() == 1 { "s" } else { "" },
                    m.moves,
                    firsts.join(" ")
                );
                if !m.complete {
                    t.push_str("(incomplete: the search stopped at --max-nodes)\n");
                }
                t
            }
            Found::None => format!("no mate in {}\n", a.depth),
            Found::Stopped => format!(
                "unknown: no mate found before the search stopped ({} positions)\n",
                s.nodes()
            ),
        },
        Format::Json => {
            let mut o = json!({
                "position": pos.position_string(),
                "depth": a.depth,
                "all_moves": a.all_moves,
                "nodes": s.nodes(),
            });
            match &found {
                Found::Mate(m) => {
                    o["mate"] = json!(m.moves);
                    o["line"] = json!(mate::line_text(pos, &m.line));
                    o["first_moves"] = m.first_moves.iter().map(|f| move_text(pos, f)).collect();
                    o["complete"] = json!(m.complete);
                }
                Found::None => o["mate"] = json!(null),
                Found::Stopped => {
                    o["mate"] = json!(null);
                    o["stopped"] = json!(true);
                }
            }
            format!("{o}\n")
        }
    };
    let code = print(&text);
    if code != EXIT_OK {
        return code;
    }
    if a.time {
        eprintln!(
            "{} positions in {secs:.3} s: {:.0} positions/s",
            s.nodes(),
            s.nodes() as f64 / secs.max(1e-9)
        );
    }
    EXIT_OK
}
