//! `kifu stats`: what a collection holds, as tables or JSON.

use super::inputs;
use super::load;
use super::output::{Target, refuse_inputs, write_summary};
use super::report::{Format, count};
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use kifu::Variant;
use kifu::collection::game::CollectedGame;
use kifu::collection::scan::{Flow, Item, scan};
use kifu::collection::stats::{
    CollectionStats, Count, Facts, NOT_ENDED, OPENING_PLIES, Plies, Summary, Tally,
};
use kifu::notation::display_width;
use std::path::PathBuf;

/// Summarize collections: games by variant, result and how they ended, lengths, the most
/// frequent openings, players, and invalid games by kind of error.
///
/// Every game is replayed. The tables count the valid games, except the last, which counts
/// the invalid ones by the kind of error `kifu validate` gives. A game's result is the one its
/// moves reach when they end the game (checkmate, a King captured, repetition...), else the
/// result the record states (its Result tag, else the result after the moves; `*` if none).
/// An opening is the first 4 plies of a game from the usual start position, written in the
/// variant's usual notation (as `kifu convert` writes it); its score is the first mover's.
/// Scores count a win 1 and a draw ½, over the games with a result.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu stats games/
  kifu stats games/ --top 20
  kifu stats games/ --format json | jq '.players.top[0]'

Exit status: 0 every game valid, 1 some game invalid (counted in the last table), 2 usage or
I/O error.")]
pub struct Args {
    #[command(flatten)]
    input: inputs::InputArgs,
    /// Output: text (tables) or json (one object; the fields are those of the tables).
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Where to write the summary (whole or not at all: after an I/O error, nothing is
    /// written): a file, or a directory (a path ending in `/` or naming an existing one:
    /// created if missing) that gets `stats.txt` or `stats.json`. A summary of no game does
    /// not replace an existing file; -o must not name an input (exit status 2); a run stopped
    /// by a signal leaves no temporary file; a FIFO is written directly (refused if no one
    /// reads it). Default (or `-`): standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
    output: Option<PathBuf>,
    /// How many openings and players to list (the most frequent).
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu (without it, the
    /// moves of such a record tell the game when only one fits).
    #[arg(long, short = 'v', value_name = "V")]
    variant: Option<Variant>,
    /// Print no warnings (a file read as Shift_JIS): only errors; the tables are written.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    threads: super::Threads,
}

pub fn run(a: Args) -> i32 {
    let found = a.input.expand();
    let target = Target::of(a.output.as_deref());
    let name = match a.format {
        Format::Json => "stats.json",
        Format::Text => "stats.txt",
    };
    if let Err(m) = refuse_inputs(&target, &found, |_| Some(name.to_string())) {
        super::say::line(&m);
        return EXIT_ERROR;
    }
    let encoding = a.input.encoding.choice();
    let mut stats = CollectionStats::new();
    let variant = a.variant;
    scan(
        load::for_scan(&found, encoding),
        a.threads.get(),
        |_, _, chunk| Facts::of(&CollectedGame::read(chunk, false), variant),
        |item| {
            match item {
                Item::Opened { .. } => stats.add_file(),
                Item::Io { name, message } => {
                    super::say::line(format_args!("{name}: error[io]: {message}"));
                    stats.add_io_error();
                }
                Item::Warning {
                    name,
                    kind,
                    message,
                } if !a.quiet => {
                    super::say::line(format_args!("{name}: warning[{kind}]: {message}"))
                }
                Item::Warning { .. } => {}
                Item::Game { value, .. } => stats.add(value),
            }
            Flow::Continue
        },
    );
    let summary = stats.summary(a.top);
    let text = match a.format {
        Format::Json => match serde_json::to_string_pretty(&summary) {
            Ok(s) => s + "\n",
            Err(e) => {
                super::say::error("io", e);
                return EXIT_ERROR;
            }
        },
        Format::Text => text(&summary),
    };
    if summary.io_errors > 0 && target != Target::Stdout {
        // A failed run (the figures are incomplete): an old file stays as it was.
        return target.nothing_written(EXIT_ERROR);
    }
    if let Err(f) = write_summary(target, name, text.as_bytes(), summary.games) {
        // A closed pipe: 0, quietly (as ripgrep).
        return f.report();
    }
    if summary.io_errors > 0 {
        EXIT_ERROR
    } else if summary.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}

/// Column alignment.
#[derive(Clone, Copy)]
enum Align {
    Left,
    Right,
}

/// A table: a header row, then rows, columns padded to their widest cell (East Asian wide
/// characters count two).
fn table(out: &mut String, align: &[Align], header: &[&str], rows: &[Vec<String>]) {
    let head: Vec<String> = header.iter().map(|s| s.to_string()).collect();
    let all = std::iter::once(&head).chain(rows);
    let mut widths = vec![0; align.len()];
    for row in all.clone() {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(display_width(cell));
        }
    }
    for row in all {
        let mut line = String::new();
        for ((cell, w), al) in row.iter().zip(&widths).zip(align) {
            let pad = " ".repeat(w - display_width(cell));
            match al {
                Align::Left => line.push_str(&format!("{cell}{pad}  ")),
                Align::Right => line.push_str(&format!("{pad}{cell}  ")),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push('\n');
}

fn count_rows(counts: &[Count], name: impl Fn(&str) -> String) -> Vec<Vec<String>> {
    counts
        .iter()
        .map(|c| vec![name(&c.name), c.games.to_string()])
        .collect()
}

/// `2.5/3 (83%)`: points over the games with a result.
fn score(s: &Tally) -> String {
    let scored = s.scored();
    if scored == 0 {
        return "-".into();
    }
    let pct = (s.points() * 100.0 / scored as f64).round();
    format!("{}/{scored} ({pct}%)", s.points())
}

/// The human form: one table after another.
fn text(s: &Summary) -> String {
    use Align::{Left, Right};
    let mut out = format!(
        "{} in {}: {} valid, {} invalid\n\n",
        count(s.games, "game", "games"),
        count(s.files, "file", "files"),
        s.valid,
        s.invalid
    );
    if s.valid > 0 {
        table(
            &mut out,
            &[Left, Right],
            &["variant", "games"],
            &count_rows(&s.variants, str::to_string),
        );
        table(
            &mut out,
            &[Left, Right],
            &["result", "games"],
            &count_rows(&s.results, str::to_string),
        );
        let ended = |n: &str| match n {
            NOT_ENDED => "not ended by the moves".to_string(),
            n => n.replace('_', " "),
        };
        table(
            &mut out,
            &[Left, Right],
            &["ended by", "games"],
            &count_rows(&s.terminations, ended),
        );
    }
    if let Some(p) = &s.plies {
        histogram(&mut out, p);
    }
    if !s.openings.top.is_empty() {
        let rows: Vec<Vec<String>> = s
            .openings
            .top
            .iter()
            .map(|o| {
                vec![
                    o.variant.to_string(),
                    o.moves.join(" "),
                    o.games.to_string(),
                    score(&o.first_mover),
                ]
            })
            .collect();
        out.push_str(&format!(
            "openings: the first {OPENING_PLIES} plies of the games from the usual start \
             ({} most frequent of {})\n",
            s.openings.top.len(),
            s.openings.distinct
        ));
        table(
            &mut out,
            &[Left, Left, Right, Right],
            &["variant", "moves", "games", "first mover"],
            &rows,
        );
    }
    if !s.players.top.is_empty() {
        let rows: Vec<Vec<String>> = s
            .players
            .top
            .iter()
            .map(|p| {
                let sc = Tally {
                    games: p.games,
                    wins: p.wins,
                    draws: p.draws,
                    losses: p.losses,
                };
                vec![
                    p.name.clone(),
                    p.games.to_string(),
                    p.wins.to_string(),
                    p.draws.to_string(),
                    p.losses.to_string(),
                    score(&sc),
                ]
            })
            .collect();
        out.push_str(&format!(
            "players: the {} with the most games, of {}\n",
            s.players.top.len(),
            s.players.distinct
        ));
        table(
            &mut out,
            &[Left, Right, Right, Right, Right, Right],
            &["player", "games", "won", "drawn", "lost", "score"],
            &rows,
        );
    }
    if !s.invalid_kinds.is_empty() {
        table(
            &mut out,
            &[Left, Right],
            &["invalid games: error", "games"],
            &count_rows(&s.invalid_kinds, str::to_string),
        );
    }
    if s.io_errors > 0 {
        let n = count(s.io_errors, "input", "inputs");
        out.push_str(&format!("{n} could not be read\n"));
    }
    out.trim_end().to_string() + "\n"
}

/// Width of the longest bar.
const BAR: u64 = 40;

fn histogram(out: &mut String, p: &Plies) {
    out.push_str(&format!(
        "plies (main line): min {}, median {}, max {}\n",
        p.min, p.median, p.max
    ));
    let most = p
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(1)
        .max(1);
    let rows: Vec<Vec<String>> = p
        .histogram
        .iter()
        .map(|b| {
            let range = if b.from == b.to {
                b.from.to_string()
            } else {
                format!("{}-{}", b.from, b.to)
            };
            // Any game at all shows at least one block.
            let len = (b.games * BAR).div_ceil(most) as usize;
            vec![range, b.games.to_string(), "█".repeat(len)]
        })
        .collect();
    table(
        out,
        &[Align::Right, Align::Right, Align::Left],
        &["plies", "games", ""],
        &rows,
    );
}
