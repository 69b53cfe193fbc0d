//! `kifu mate`: the shortest forced mate for the side to move.

use super::board_args::RanksArgs;
use super::convert::NotationArg;
use super::output::{Target, write_documents};
use super::record_position::{RecordPosition, plain};
pub(super) use super::report::Format;
use super::{EXIT_ERROR, EXIT_OK};
use kifu::analysis::game::Searchable;
use kifu::analysis::mate::{self, Found, MateOptions, Search, line_text_in, numbered_line};
use kifu::notation::{Notation, Style};
use kifu::replay::Convention;
use kifu::rules::{PerGame, Position, PositionError};
use kifu::{Variant, for_game, gufu, wa};
use serde_json::json;
use std::time::{Duration, Instant};

/// Find the shortest forced mate for the side to move
///
/// Searches for a mate within DEPTH moves of the side to move (a mate in N takes 2N - 1
/// plies), against every defence, drops included. By default every move of the attacker is a
/// check, as in mate problems (in Gufū the capture of a King is allowed too); --all-moves
/// lets the attacker play quiet moves as well. A mate is a move that ends the game with the
/// attacker the winner, as the rules say: checkmate, or (with --all-moves) leaving the
/// opponent without a legal move; in Gufū also the capture of a King. Prints `mate in N:
/// <main line>` (the quickest mate against the longest defence); with --all-solutions, every
/// first move that mates in N (one: the problem's solution is unique) and its line. When the side to move is the one mated:
/// `mated in N: <main line>` (its longest defence, then the quickest mate); otherwise `no mate
/// in DEPTH`. The main line is numbered as records number moves, from the position's own move
/// number: Gufū every ply (`14. S-2二>N+ 15. K-1一>E+ 16. K-2三>W#`), Wa move pairs (`33.
/// SW*4a`, `1... CK-2a 2. FG-2b+` when the second mover starts); the moves are written in
/// --notation. --format json: one object with always the same fields (variant, position,
/// depth, all_moves, result: mate|mated|no mate|unknown, moves, line, line_text, first_moves,
/// solutions, complete, nodes).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu mate --variant wa --position '10k/11/8G2/11/11/11/11/11/11/11/K10[X] w 0 1'
  kifu mate --variant wa --position FEN --depth 5 --all-moves --format json
  kifu mate --variant wa --position FEN --depth 9 --time-limit 10s   # unknown after 10 s
  kifu mate --variant gufu --position 'Kn1/1ks/SwWn w - 14'

Exit status: 0 searched (a mate found or not), 2 usage error (a bad --position, a game
already over) or I/O error.")]
pub struct Args {
    /// The game: wa, wa-nodrop or gufu (with RECORD: the variant of a record without a
    /// Variant tag).
    #[arg(long, short = 'v', required_unless_present = "record")]
    variant: Option<Variant>,
    /// The position (Wa: XBoard FEN; Gufū: kifu's position string, see the README).
    #[arg(long, short = 'p', required_unless_present = "record")]
    position: Option<String>,
    #[command(flatten)]
    from: RecordPosition,
    /// How the moves are written, as `kifu convert --notation` writes them: hodges (origin
    /// only where needed), long (origin always), xboard (engine coordinates, Wa only), san
    /// (SAN as XBoard writes it, Wa only). Default: with RECORD, the record's own (san for
    /// XBoard's files: a Variant tag crazywa or wa-shogi, or XBoard's FEN), else hodges.
    #[arg(long, value_enum)]
    notation: Option<NotationArg>,
    #[command(flatten)]
    ranks: RanksArgs,
    /// The most moves of the side to move (1 to 250); 0 or `unlimited`: search until a mate
    /// is proved or the budget (--max-nodes, --time-limit) runs out.
    #[arg(long, short = 'd', default_value = "3", value_parser = parse_depth)]
    depth: u32,
    /// The search: `pn` (df-pn proof-number search, the default) or `deepening` (iterative
    /// deepening over a plain AND/OR search: mate in 1, in 2, ...; much slower when deep).
    #[arg(long, value_enum, default_value = "pn")]
    method: MethodArg,
    /// The most memory the search's tables may take, in MiB, a table's growth counted (a
    /// table that cannot grow within it keeps its more valuable half; `--method deepening`
    /// empties its table), whatever the node budget.
    #[arg(long = "hash", value_name = "MB", default_value_t = mate::DEFAULT_HASH_MB,
          value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash_mb: u32,
    /// Let the attacker play any move, not only checks.
    #[arg(long)]
    all_moves: bool,
    /// Give up after visiting this many positions (the answer is then "unknown"); 0: no
    /// limit.
    #[arg(long, default_value_t = 5_000_000)]
    max_nodes: u64,
    /// Give up after this much time (`90`, `2.5`, `500ms`, `5m`), whatever --max-nodes says:
    /// the answer is then "unknown" (or "no mate in DEPTH" with whether the side to move is
    /// mated unknown), never a "no mate" that was not proved. Default: no limit.
    #[arg(long, value_name = "TIME", value_parser = super::analyze::parse_time)]
    time_limit: Option<Duration>,
    /// With a mate: also print how many first moves mate in N and which, then each one's
    /// main line (one per line, indented), so a composer sees whether the problem is sound
    /// (one first move). It costs a proof that every other check does not mate in N: often
    /// far longer than the mate itself.
    #[arg(long)]
    all_solutions: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Also print, on standard error, the time taken and the positions visited.
    #[arg(long)]
    time: bool,
}

/// `--depth`: 0 to 250, or `unlimited` (0).
fn parse_depth(s: &str) -> Result<u32, String> {
    if s == "unlimited" {
        return Ok(0);
    }
    match s.parse::<u32>() {
        Ok(d) if d <= mate::UNLIMITED_DEPTH => Ok(d),
        _ => Err(format!(
            "expected a number of moves from 0 to {} or `unlimited`",
            mate::UNLIMITED_DEPTH
        )),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    Pn,
    Deepening,
}

/// Either game's position without history (a mate search has none).
type AnyPosition = PerGame<wa::Position, gufu::Position>;

pub fn run(a: Args) -> i32 {
    let (pos, convention) = match a.from.position_in(a.variant, a.position.is_some()) {
        Ok(Some((state, convention))) => (plain(state), convention),
        Ok(None) => {
            let (Some(variant), Some(position)) = (a.variant, &a.position) else {
                super::say::error("usage", "give --variant and --position, or a RECORD");
                return EXIT_ERROR;
            };
            match AnyPosition::from_position_string(variant, position) {
                Ok(pos) => (pos, Convention::Kifu),
                Err(e) => return bad_position(position, &e),
            }
        }
        Err(f) => return f.report(),
    };
    let Some(style) = style(&a, pos.variant(), convention) else {
        return EXIT_ERROR;
    };
    for_game!(&pos, p => search(&a, p, style))
}

/// How the moves are written: --notation, else the record's own (SAN in XBoard's files),
/// else Hodges; --ranks. None (the error reported) for a notation the game has not.
fn style(a: &Args, variant: Variant, convention: Convention) -> Option<Style> {
    let notation = match (a.notation, convention) {
        (Some(n), _) => n.notation(),
        (None, Convention::Xboard) if Notation::San.writes(variant).is_ok() => Notation::San,
        (None, _) => Notation::Hodges,
    };
    if let Err(why) = notation.writes(variant) {
        super::say::error(
            "usage",
            format_args!(
                "--notation: {}; write Gufū moves with --notation hodges (the default) or long",
                why.message()
            ),
        );
        return None;
    }
    Some(Style {
        notation,
        ranks: a.ranks.for_variant(variant),
    })
}

fn bad_position(text: &str, e: &PositionError) -> i32 {
    super::say::bad_position("--position", text, e);
    EXIT_ERROR
}

/// A Gufū `--position`, or the exit status of the error already reported.
pub(super) fn gufu_position(s: &str) -> Result<gufu::Position, i32> {
    gufu::Position::from_position_string(Variant::Gufu, s).map_err(|e| bad_position(s, &e))
}

/// Ok if the game is not over in `pos`; else the error is reported (status 2).
pub(super) fn not_over<P: Position>(pos: &P) -> Result<(), i32> {
    match pos.outcome() {
        None => Ok(()),
        Some(o) => {
            super::say::error(
                "game_over",
                format_args!(
                    "the game is already over in this position ({}, {}): there is nothing to \
                     search",
                    o.termination.describe(),
                    o.result()
                ),
            );
            Err(EXIT_ERROR)
        }
    }
}

/// Writes the answer on standard output (a closed pipe is not an error); the exit status.
pub(super) fn print(text: &str) -> i32 {
    match write_documents(Target::Stdout, [("", text.as_bytes())]) {
        Ok(()) => EXIT_OK,
        Err(f) => f.report(),
    }
}

fn search<P: Searchable>(a: &Args, pos: &P, style: Style) -> i32 {
    if let Err(code) = not_over(pos) {
        return code;
    }
    let started = Instant::now();
    let mut s = Search::<P>::new(MateOptions {
        depth: a.depth,
        all_moves: a.all_moves,
        max_nodes: (a.max_nodes > 0).then_some(a.max_nodes),
        method: match a.method {
            MethodArg::Pn => mate::Method::ProofNumber,
            MethodArg::Deepening => mate::Method::Deepening,
        },
        hash_mb: a.hash_mb,
        all_solutions: a.all_solutions,
    });
    s.set_deadline(a.time_limit.map(|limit| started + limit));
    let found = s.find(pos);
    // Not a mate for the side to move: is it the one being mated?
    let mated = match found {
        Found::Mate(_) => None,
        _ => s.mated(pos),
    };
    let answer = Answer::of(found, mated, s.stopped());
    // Each first move's main line: the first move, then the longest defence and the mate.
    let mut solutions: Vec<Vec<P::Move>> = Vec::new();
    if let (true, Answer::Mate(m)) = (a.all_solutions, &answer) {
        for f in &m.first_moves {
            let mut next = pos.clone();
            next.play_unchecked(f);
            let mut line = vec![*f];
            if let Some(rest) = s.mated(&next) {
                line.extend(rest.line);
            }
            solutions.push(line);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let text = match a.format {
        Format::Text => {
            // The budget that stopped the search, if one did: the clock's once it has run out
            // (also when the positions' ran out at the same moment).
            let budget = if a.time_limit.is_some_and(|limit| started.elapsed() >= limit) {
                "--time-limit"
            } else {
                "--max-nodes"
            };
            let mut t = answer.text(pos, a.depth, style, a.all_solutions, budget);
            for l in &solutions {
                t.push_str(&format!("  {}\n", numbered_line(pos, l, style)));
            }
            t
        }
        Format::Json => {
            let line = answer.line().unwrap_or(&[]);
            let o = json!({
                "variant": pos.variant().to_string(),
                "position": pos.position_string(),
                "depth": a.depth,
                "all_moves": a.all_moves,
                "result": answer.result(),
                "moves": answer.moves(),
                "line": line_text_in(pos, line, style),
                "line_text": numbered_line(pos, line, style),
                "first_moves": a.all_solutions.then(|| first_moves(pos, answer.first_moves(), style)),
                "solutions": solutions.iter().map(|l| line_text_in(pos, l, style)).collect::<Vec<_>>(),
                "complete": answer.complete(),
                "nodes": s.nodes(),
            });
            format!("{o}\n")
        }
    };
    let code = print(&text);
    if code != EXIT_OK {
        return code;
    }
    if a.time {
        super::say::line(format_args!(
            "{} positions in {secs:.3} s: {:.0} positions/s",
            s.nodes(),
            s.nodes() as f64 / secs.max(1e-9)
        ));
    }
    EXIT_OK
}

/// Each first move written in `style`, without a number (they are alternatives).
fn first_moves<P: Searchable>(pos: &P, moves: &[P::Move], style: Style) -> Vec<String> {
    moves
        .iter()
        .map(|f| line_text_in(pos, std::slice::from_ref(f), style).remove(0))
        .collect()
}

/// What `kifu mate` says about a position.
enum Answer<M> {
    /// The side to move mates.
    Mate(mate::Mate<M>),
    /// The side to move is mated.
    Mated(mate::Mated<M>),
    /// No mate for the side to move within the depth (proved); `unsure`: whether it is mated
    /// was not settled (the budget ran out).
    None { unsure: bool },
    /// The budget ran out before the side to move's own mate was settled.
    Unknown,
}

impl<M> Answer<M> {
    fn of(found: Found<M>, mated: Option<mate::Mated<M>>, stopped: bool) -> Answer<M> {
        match (found, mated) {
            (Found::Mate(m), _) => Answer::Mate(m),
            (_, Some(m)) => Answer::Mated(m),
            (Found::None, None) => Answer::None { unsure: stopped },
            (Found::Stopped, None) => Answer::Unknown,
        }
    }

    /// `mate`, `mated`, `no mate`, `unknown`.
    fn result(&self) -> &'static str {
        match self {
            Answer::Mate(_) => "mate",
            Answer::Mated(_) => "mated",
            Answer::None { .. } => "no mate",
            Answer::Unknown => "unknown",
        }
    }

    /// The attacker's moves of the mate.
    fn moves(&self) -> Option<u32> {
        match self {
            Answer::Mate(m) => Some(m.moves),
            Answer::Mated(m) => Some(m.moves),
            _ => None,
        }
    }

    fn line(&self) -> Option<&[M]> {
        match self {
            Answer::Mate(m) => Some(&m.line),
            Answer::Mated(m) => Some(&m.line),
            _ => None,
        }
    }

    fn first_moves(&self) -> &[M] {
        match self {
            Answer::Mate(m) => &m.first_moves,
            _ => &[],
        }
    }

    /// False when the budget ran out before everything asked was worked out.
    fn complete(&self) -> bool {
        match self {
            Answer::Mate(m) => m.complete,
            Answer::Mated(m) => m.complete,
            Answer::None { unsure } => !unsure,
            Answer::Unknown => false,
        }
    }

    fn text<P: Searchable<Move = M>>(
        &self,
        pos: &P,
        depth: u32,
        style: Style,
        all_solutions: bool,
        budget: &str,
    ) -> String {
        match self {
            Answer::Mate(m) => {
                let mut t = format!(
                    "mate in {}: {}\n",
                    m.moves,
                    numbered_line(pos, &m.line, style)
                );
                if all_solutions {
                    let firsts = first_moves(pos, &m.first_moves, style);
                    t.push_str(&format!(
                        "{} first move{} mate{} in {}: {}\n",
                        firsts.len(),
                        if firsts.len() == 1 { "" } else { "s" },
                        if firsts.len() == 1 { "s" } else { "" },
                        m.moves,
                        firsts.join(" ")
                    ));
                }
                if !m.complete {
                    t.push_str(&format!("(incomplete: the search stopped at {budget})\n"));
                }
                t
            }
            Answer::Mated(m) => {
                let mut t = format!(
                    "mated in {}: {}\n",
                    m.moves,
                    numbered_line(pos, &m.line, style)
                );
                if !m.complete {
                    t.push_str(&format!("(incomplete: the search stopped at {budget})\n"));
                }
                t
            }
            Answer::None { unsure: false } => format!("no mate in {depth}\n"),
            Answer::None { unsure: true } => format!(
                "no mate in {depth} (whether the side to move is mated is unknown: the search stopped at {budget})\n"
            ),
            Answer::Unknown => {
                format!("unknown: no mate found before the search stopped ({budget})\n")
            }
        }
    }
}
