//! `kifu solve`: the exact value of a Gufū position.

use super::mate::{Format, gufu_position, not_over, print};
use super::record_position::{RecordPosition, plain};
use super::{EXIT_ERROR, EXIT_OK};
use kifu::Variant;
use kifu::analysis::Value;
use kifu::analysis::game::move_text;
use kifu::gufu;
use kifu::gufu::solve::Solution;
use kifu::rules::PerGame;
use kifu::rules::Position;
use serde_json::json;
use std::time::Instant;

/// The exact value of a Gufū position, with perfect play by both sides
///
/// Gufū is solved by retrograde analysis over every position reachable from the start (the
/// four setup drops included). The first line is the value for the side to move: `win in N`,
/// `loss in N` (N counts plies until the game ends, the winner ending it as fast as possible,
/// the loser delaying as long as possible; a move that ends the game at once is `win in 1`)
/// or `draw` (neither side can force an end: Gufū has no repetition rule).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu solve --variant gufu                          # the start position
  kifu solve --variant gufu --moves                  # and every first move
  kifu solve --variant gufu --position 'Sske/2/KwWn b - 5' --moves --format json
  kifu solve game.psn --ply 6 --moves                # after ply 6 of the record's game 1

Exit status: 0 solved, 1 the record is invalid before the ply asked for, 2 usage error (a bad
--position, no such game or ply, a variant other than gufu, a game already over) or I/O
error.")]
pub struct Args {
    /// The game: only gufu can be solved.
    #[arg(long, short = 'v', default_value = "gufu")]
    variant: Variant,
    /// The position (kifu's Gufū position string, see the README); default: the start.
    #[arg(long, short = 'p')]
    position: Option<String>,
    #[command(flatten)]
    from: RecordPosition,
    /// Then list every legal move as `MOVE: VALUE`, the value for the side that plays it,
    /// best first.
    #[arg(long)]
    moves: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Also print, on standard error, how long solving took and how many positions it
    /// covers.
    #[arg(long)]
    time: bool,
}

pub fn run(a: Args) -> i32 {
    let from_record = match a.from.position(None, a.position.is_some()) {
        Ok(p) => p.map(plain),
        Err(f) => return f.report(),
    };
    let variant = match &from_record {
        Some(p) => p.variant(),
        None => a.variant,
    };
    if variant != Variant::Gufu {
        super::say::error(
            "usage",
            format_args!(
                "only Gufū can be solved exactly ({variant} is far too large); for Wa, try kifu mate"
            ),
        );
        return EXIT_ERROR;
    }
    let pos = match (from_record, &a.position) {
        (Some(PerGame::Gufu(p)), _) => p,
        (Some(PerGame::Wa(_)), _) => return EXIT_ERROR,
        (None, None) => gufu::Position::default(),
        (None, Some(s)) => match gufu_position(s) {
            Ok(p) => p,
            Err(code) => return code,
        },
    };
    if let Err(code) = not_over(&pos) {
        return code;
    }
    let t = Instant::now();
    let solution = Solution::covering(&pos);
    let secs = t.elapsed().as_secs_f64();
    let value = solution.value(&pos).unwrap_or(Value::Draw);
    let moves = if a.moves {
        solution.moves(&pos)
    } else {
        Vec::new()
    };
    let text = |m: &gufu::Move| move_text(&pos, m);
    let mut out = String::new();
    match a.format {
        Format::Text => {
            out.push_str(&format!("{value}\n"));
            for (m, v) in &moves {
                out.push_str(&format!("{}: {v}\n", text(m)));
            }
        }
        Format::Json => {
            let one = |v: Value| json!({"value": v.to_string(), "outcome": v.outcome_name(), "plies": v.plies()});
            let mut o = one(value);
            o["position"] = json!(pos.position_string());
            if a.moves {
                o["moves"] = moves
                    .iter()
                    .map(|(m, v)| {
                        let mut e = one(*v);
                        e["move"] = json!(text(m));
                        e
                    })
                    .collect();
            }
            out.push_str(&format!("{o}\n"));
        }
    }
    let code = print(&out);
    if code != EXIT_OK {
        return code;
    }
    if a.time {
        let s = solution.stats();
        super::say::line(format_args!(
            "solved in {secs:.3} s: {} positions ({} won, {} lost, {} drawn for the side to \
             move; {} finished), {} moves",
            s.positions, s.wins, s.losses, s.draws, s.over, s.moves
        ));
    }
    EXIT_OK
}
