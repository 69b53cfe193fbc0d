//! `kifu filter`: the games of a collection that meet conditions, written as they are.

use super::inputs::{self, Input};
use super::load;
use super::output::Sink;
use super::{EXIT_ERROR, EXIT_OK};
use kifu::Variant;
use kifu::collection::dedup::{KeyMaker, Seen};
use kifu::collection::filter::{Conditions, Pattern, Validity};
use kifu::collection::game::Game;
use kifu::collection::position::Target;
use kifu::collection::scan::{self, Flow, Item, Read, scan};
use kifu::record::ResultToken;
use std::io::{ErrorKind, Write};
use std::path::PathBuf;

/// Pick games: by variant, tags, players, result, outcome, length or a position reached; drop
/// duplicates; count.
///
/// The games that meet every condition are written exactly as they are in their files (tags,
/// comments, layout: byte for byte), in input order. One option given several times: any of
/// its values will do (`--player A --player B`: games of A or of B; two `--tag`s of one name
/// likewise); different options: all must hold.
///
/// Conditions on what is written (--variant, --tag, --player, --result, --min-plies,
/// --max-plies) only read the records, at reading speed; the others (--outcome, --position,
/// --valid, --invalid, --dedup) replay the moves of the games that meet the first kind.
/// Invalid games are never written unless --invalid asks for them, and never dropped silently:
/// the summary on standard error counts the games that matched, the duplicates dropped and
/// the invalid games met: the games that cannot be read at all, and the games that were
/// replayed (because their records met the conditions on what is written) and found invalid.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu filter games/ --player 'E. Hakala' -o hakala.psn
  kifu filter games/ --tag Event='~^Helsinki' --tag Round=1 --tag Round=2
  kifu filter games/ --variant gufu --outcome 0-1 --count
  kifu filter games/ --position 'Sske/2/KwWn b - 5'
  kifu filter games/ --dedup -o unique.psn
  kifu filter games/ --invalid -o broken.psn

Exit status (as grep and rg): 0 some game matched, 1 no game matched, 2 usage or I/O error
(nothing is written to -o then).")]
pub struct Args {
    /// Files or directories (searched recursively); `-` or nothing: standard input.
    paths: Vec<PathBuf>,
    /// Write the games to this file (whole or not at all). Default: standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Only games of this variant (wa, wa-nodrop, gufu). A game without a Variant tag is
    /// taken to be of this variant, as every kifu command takes it.
    #[arg(long, short = 'v', value_name = "V")]
    variant: Option<Variant>,
    /// A tag's value: NAME=VALUE (exact) or NAME=~REGEX (found anywhere in the value; anchor
    /// with ^…$). Tag names are matched ignoring ASCII case.
    #[arg(long = "tag", value_name = "NAME=VALUE", value_parser = parse_tag)]
    tags: Vec<(String, Pattern)>,
    /// A player, either side (the Black or the White tag): NAME exact, or ~REGEX.
    #[arg(long, value_name = "NAME", value_parser = Pattern::parse)]
    player: Vec<Pattern>,
    /// The Result tag as written: 1-0, 0-1, 1/2-1/2, * (or ~REGEX).
    #[arg(long, value_name = "R", value_parser = Pattern::parse)]
    result: Vec<Pattern>,
    /// What the moves decide, found by replaying: 1-0, 0-1 or 1/2-1/2 when the moves end the
    /// game (checkmate, a King captured, repetition...), * when they do not.
    #[arg(long, value_name = "R", value_parser = parse_outcome)]
    outcome: Vec<ResultToken>,
    /// At least N moves on the main line (as written; variations not counted).
    #[arg(long, value_name = "N")]
    min_plies: Option<u64>,
    /// At most N moves on the main line.
    #[arg(long, value_name = "N")]
    max_plies: Option<u64>,
    /// The main line (its start included) reaches this position: a position string (Wa: the
    /// FEN; Gufū: kifu's form). The pieces on the board and in hand and the side to move count;
    /// move counters do not.
    #[arg(long, value_name = "POS")]
    position: Vec<String>,
    /// Only games whose every move is legal.
    #[arg(long, conflicts_with = "invalid")]
    valid: bool,
    /// Only invalid games (that cannot be read, or have an illegal move): `kifu validate`
    /// says why.
    #[arg(long, conflicts_with_all = ["outcome", "position", "dedup"])]
    invalid: bool,
    /// Of the matching games with the same start position and the same main-line moves, keep
    /// the first. The moves are compared as the rules resolve them, whatever the notation
    /// (Hodges, long, engine coordinates; kanji or letter ranks); tags and comments do not
    /// count.
    #[arg(long)]
    dedup: bool,
    /// Print only the number of matching games.
    #[arg(long, conflicts_with = "output")]
    count: bool,
    /// No summary on standard error.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Threads, 1 to 256 (default: all cores). The output order never changes.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// File extensions searched for in directories (repeat or comma-separate).
    #[arg(long, value_delimiter = ',', default_value = "psn,pgn")]
    ext: Vec<String>,
}

fn parse_tag(s: &str) -> Result<(String, Pattern), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("'{s}' is not NAME=VALUE"))?;
    let name = name.trim();
    if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '"' || c == ']') {
        return Err(format!("'{name}' is not a tag name"));
    }
    Ok((name.to_string(), Pattern::parse(value)?))
}

fn parse_outcome(s: &str) -> Result<ResultToken, String> {
    ResultToken::from_text(s).ok_or_else(|| format!("'{s}' is not one of 1-0, 0-1, 1/2-1/2, *"))
}

/// The inputs as the scanner reads them, through the one input loop ([`load::open`]): each
/// opened when its turn comes, and cut into games.
pub(super) fn games(
    inputs: Vec<Input>,
) -> impl Iterator<Item = scan::Input<impl Iterator<Item = Read>>> + Send {
    inputs.into_iter().map(|input| {
        let name = input.display();
        match load::open(&input) {
            Ok(games) => scan::Input::Opened {
                name,
                games: games.map(|item| match item {
                    load::Item::Game { index, chunk } => Read::Game { index, chunk },
                    load::Item::Io(message) => Read::Failed(message),
                }),
            },
            Err(e) => scan::Input::Failed {
                name,
                message: e.to_string(),
            },
        }
    })
}

/// Threads for `-j`: as given, or all cores.
pub(super) fn threads(j: Option<u16>) -> usize {
    j.map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// No game matched (grep's and rg's 1).
const EXIT_NO_MATCH: i32 = 1;

#[derive(Default)]
struct Totals {
    files: u64,
    games: u64,
    matched: u64,
    duplicates: u64,
    invalid: u64,
    io_errors: u64,
}

pub fn run(a: Args) -> i32 {
    let mut conditions = Conditions {
        variant: a.variant,
        players: a.player,
        results: a.result,
        outcomes: a.outcome,
        min_plies: a.min_plies,
        max_plies: a.max_plies,
        validity: match (a.valid, a.invalid) {
            (true, _) => Some(Validity::Valid),
            (_, true) => Some(Validity::Invalid),
            _ => None,
        },
        dedup: a.dedup,
        ..Conditions::default()
    };
    for (name, pattern) in a.tags {
        conditions.add_tag(&name, pattern);
    }
    for p in &a.position {
        match Target::parse(p, a.variant) {
            Ok(t) => conditions.positions.push(t),
            Err(e) => {
                eprintln!("kifu filter: error: --position: {e}");
                return EXIT_ERROR;
            }
        }
    }
    let (inputs, errors) = inputs::expand(&a.paths, &a.ext);
    let mut t = Totals::default();
    for e in &errors {
        eprintln!("{}: error[io]: {}", e.path, e.message);
        t.io_errors += 1;
    }
    let mut sink = if a.count {
        None
    } else {
        match Sink::open(a.output.as_deref()) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("kifu: {e}");
                return EXIT_ERROR;
            }
        }
    };
    let keys = KeyMaker::new();
    let mut seen = Seen::new();
    let keep_unreadable = a.invalid && !a.count;
    let mut write_failed = false;
    scan(
        games(inputs),
        threads(a.threads),
        |chunk| {
            let game = Game::read(chunk, keep_unreadable);
            let verdict = conditions.check(&game, Some(&keys));
            let keep = verdict.matched && !a.count;
            (verdict, keep.then(|| game.into_bytes()))
        },
        |item| match item {
            Item::Opened { .. } => {
                t.files += 1;
                Flow::Continue
            }
            Item::Io { name, message } => {
                eprintln!("{name}: error[io]: {message}");
                t.io_errors += 1;
                Flow::Continue
            }
            Item::Game {
                value: (verdict, game),
                ..
            } => {
                t.games += 1;
                t.invalid += verdict.invalid as u64;
                if !verdict.matched {
                    return Flow::Continue;
                }
                if let Some(key) = verdict.key
                    && !seen.insert(key)
                {
                    t.duplicates += 1;
                    return Flow::Continue;
                }
                t.matched += 1;
                match (&mut sink, game) {
                    (Some(sink), Some(bytes)) => match write_game(sink, &bytes) {
                        Ok(()) => Flow::Continue,
                        Err(e) => {
                            // A closed pipe ends the run quietly, as it does for rg.
                            if e.kind() != ErrorKind::BrokenPipe {
                                eprintln!("kifu: cannot write: {e}");
                                write_failed = true;
                            }
                            Flow::Stop
                        }
                    },
                    _ => Flow::Continue,
                }
            }
        },
    );
    if write_failed {
        // The sink is dropped unfinished: nothing half-written stays.
        return EXIT_ERROR;
    }
    if t.io_errors > 0 {
        drop(sink);
    } else if let Some(sink) = sink
        && let Err(e) = sink.finish()
    {
        eprintln!("kifu: {e}");
        return EXIT_ERROR;
    }
    if a.count {
        // Not println!: a closed pipe must not panic.
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(out, "{}", t.matched).and_then(|_| out.flush())
            && e.kind() != ErrorKind::BrokenPipe
        {
            eprintln!("kifu: cannot write: {e}");
            return EXIT_ERROR;
        }
    }
    if !a.quiet {
        eprintln!("{}", summary(&t, conditions.needs_replay()));
    }
    if t.io_errors > 0 {
        EXIT_ERROR
    } else if t.matched > 0 {
        EXIT_OK
    } else {
        EXIT_NO_MATCH
    }
}

/// A game's bytes, and a line end if the game ends its file without one (so that the next
/// game starts on a line of its own).
fn write_game(w: &mut Sink, bytes: &[u8]) -> std::io::Result<()> {
    w.write_all(bytes)?;
    if !bytes.is_empty() && !bytes.ends_with(b"\n") {
        w.write_all(b"\n")?;
    }
    Ok(())
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn summary(t: &Totals, replayed: bool) -> String {
    let mut s = format!(
        "{}, {}: {} matched, {} dropped as duplicates, {} invalid",
        plural(t.files, "file", "files"),
        plural(t.games, "game", "games"),
        t.matched,
        t.duplicates,
        t.invalid,
    );
    if !replayed {
        s.push_str(" (unreadable; the moves were not replayed)");
    }
    if t.io_errors > 0 {
        s.push_str(&format!(
            ", {}",
            plural(t.io_errors, "I/O error", "I/O errors")
        ));
    }
    s
}
