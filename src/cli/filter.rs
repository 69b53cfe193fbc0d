//! `kifu filter`: the games of a collection that meet conditions, written as they are.

use super::inputs::{self, Input};
use super::load;
use super::output::{Failure, Outputs, Sink, Target, refuse_inputs, write_documents};
use super::{EXIT_ERROR, EXIT_OK};
use kifu::Variant;
use kifu::collection::dedup::{KeyMaker, Seen};
use kifu::collection::filter::{Conditions, Pattern, Validity};
use kifu::collection::game::CollectedGame;
use kifu::collection::position;
use kifu::collection::scan::{Flow, Item, scan};
use kifu::record::ResultToken;
use kifu::rules::Termination;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Pick games: by variant, tags, players, result, outcome, ending, length, number or a
/// position reached; drop duplicates; invert the choice; cut the games short; count.
///
/// The games that meet every condition are written exactly as they are in their files (tags,
/// comments, layout: byte for byte; a file in Shift_JIS or UTF-16 is written in UTF-8; a
/// byte-order mark only at the start of the output), in
/// input order. One option given several times: any of
/// its values will do (`--player A --player B`: games of A or of B; two `--tag`s of one name
/// likewise); different options: all must hold.
///
/// Every game that meets the conditions on what is written (--variant, --tag, --player,
/// --first, --second, --result, --min-plies, --max-plies) is replayed, as `kifu validate`
/// replays it: only games whose every move is legal are written, and the conditions on the
/// moves (--outcome, --ending, --position, --valid, --invalid, --dedup) are decided. Invalid games are never written
/// unless --invalid asks for them, and never dropped silently: the summary on standard error
/// counts the games that matched, the duplicates dropped and the invalid games met, by kind of
/// error. --no-replay selects on what is written alone, many times faster: the games are not
/// checked.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu filter games/ --player 'E. Hakala' -o hakala.psn
  kifu filter games/ --tag Event='~^Helsinki' --tag Round=1 --tag Round=2
  kifu filter games/ --variant gufu --outcome 0-1 --count
  kifu filter games/ --ending perpetual-check --first 'E. Hakala'
  kifu filter games/ --games 2-5,9 --cut 20      # games 2 to 5 and 9, 20 plies each
  kifu filter games/ --invert --tag Round=1       # every valid game but those of round 1
  kifu filter games/ --position 'Sske/2/KwWn b - 5'
  kifu filter games/ --dedup -o unique.psn
  kifu filter games/ --invalid -o broken.psn
  kifu filter games/ --no-replay --tag Round=7   # fast; the games are not checked
  kifu filter games/ --player Ann -o ann/      # a file per input file with a game of Ann

Exit status (as grep and rg): 0 some game matched, 1 no game matched, 2 usage or I/O error
(nothing is written to -o then).")]
pub struct Args {
    #[command(flatten)]
    input: inputs::InputArgs,
    /// Where to write the games (whole or not at all: after an error, nothing is written): a
    /// path ending in `/` or naming an existing directory is a directory (created if missing)
    /// with a file for each input that has a matching game, named as the input (`game.psn`;
    /// `stdin.psn`); any other path is one file holding every matching game. No game matched:
    /// an existing file is left as it was. -o must not name an input (exit status 2); a run
    /// stopped by a signal leaves no temporary file; a FIFO is written directly (refused if no
    /// one reads it); a link at a name kifu makes in the directory is refused. Default (or
    /// `-`): standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
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
    /// The first mover (sente): the Black tag in kifu's convention, the White tag in a record
    /// of XBoard's (which names the first mover White): NAME exact, or ~REGEX.
    #[arg(long, value_name = "NAME", value_parser = Pattern::parse)]
    first: Vec<Pattern>,
    /// The second mover (gote): the White tag, or the Black tag in a record of XBoard's.
    #[arg(long, value_name = "NAME", value_parser = Pattern::parse)]
    second: Vec<Pattern>,
    /// The Result tag as written: 1-0, 0-1, 1/2-1/2, * (or ~REGEX).
    #[arg(long, value_name = "R", value_parser = Pattern::parse)]
    result: Vec<Pattern>,
    /// What the moves decide, found by replaying: 1-0, 0-1 or 1/2-1/2 when the moves end the
    /// game (checkmate, a King captured, repetition...), * when they do not.
    #[arg(long, value_name = "R", value_parser = parse_outcome)]
    outcome: Vec<ResultToken>,
    /// How the moves end the game, found by replaying: checkmate, king-captured (Gufū),
    /// no-legal-moves, repetition or perpetual-check (Wa), or not-ended (the moves do not end
    /// the game). As `kifu stats` names them (with - or _).
    #[arg(long, value_name = "END", value_parser = parse_ending)]
    ending: Vec<Option<Termination>>,
    /// Only these games, numbered from 1 in input order across all the inputs (every game
    /// counted, invalid ones too): N, N-M, N- (to the end), comma-separated (`--games
    /// 2-5,9`). Without --invert, reading stops after the last game asked for.
    #[arg(long, value_name = "LIST", value_parser = parse_games)]
    games: Vec<Vec<(u64, u64)>>,
    /// Write the games that do NOT meet the conditions (--games included) instead: every
    /// other valid game (with --no-replay, every other game whose tags can be read). grep's
    /// -v; here -v is --variant, as in every kifu command.
    #[arg(long, conflicts_with_all = ["invalid", "dedup"])]
    invert: bool,
    /// Write only the first N moves of the main line of each game written (the comments and
    /// NAGs right after the Nth kept, what follows dropped), ending with `*` (the Result tag
    /// becomes "*" too). Shorter games are written as they are. The conditions are decided
    /// on the whole game.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    cut: Option<u64>,
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
    #[arg(long, conflicts_with_all = ["outcome", "ending", "position", "dedup"])]
    invalid: bool,
    /// Of the matching games with the same start position and the same main-line moves, keep
    /// the first. The moves are compared as the rules resolve them, whatever the notation
    /// (Hodges, long, engine coordinates; kanji or letter ranks); tags and comments do not
    /// count.
    #[arg(long)]
    dedup: bool,
    /// Do not replay the games: select on what is written alone (--variant, --tag, --player,
    /// --first, --second, --result, --min-plies, --max-plies). The games are not checked: a game with an illegal
    /// move, or a syntax error in its moves, is written if its tags match. Only the tag pairs
    /// are read (the moves too with --min-plies or --max-plies): only a game whose tag pairs
    /// cannot be read is known to be invalid.
    #[arg(long, conflicts_with_all = ["valid", "invalid", "outcome", "ending", "position", "dedup"])]
    no_replay: bool,
    /// Print only the number of matching games.
    #[arg(long, conflicts_with = "output")]
    count: bool,
    /// No summary on standard error.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    threads: super::Threads,
}

fn parse_tag(s: &str) -> Result<(String, Pattern), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("'{s}' is not NAME=VALUE"))?;
    let name = name.trim();
    if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '"' || c == ']') {
        return Err(format!("'{name}' is not a tag name"));
    }
    let pattern = Pattern::parse(value).map_err(|e| e.to_string())?;
    Ok((name.to_string(), pattern))
}

fn parse_ending(s: &str) -> Result<Option<Termination>, String> {
    let wanted = s.trim().replace('_', "-").to_ascii_lowercase();
    if wanted == "not-ended" {
        return Ok(None);
    }
    ALL_ENDINGS
        .into_iter()
        .find(|t| t.name().replace('_', "-") == wanted)
        .map(Some)
        .ok_or_else(|| {
            format!(
                "'{s}' is not one of checkmate, king-captured, no-legal-moves, repetition, \
                 perpetual-check, not-ended"
            )
        })
}

const ALL_ENDINGS: [Termination; 5] = [
    Termination::Checkmate,
    Termination::KingCaptured,
    Termination::NoLegalMoves,
    Termination::Repetition,
    Termination::PerpetualCheck,
];

/// `N`, `N-M`, `N-`, comma-separated: ranges from 1, both ends included (`N-`: to u64::MAX).
fn parse_games(s: &str) -> Result<Vec<(u64, u64)>, String> {
    let number = |t: &str| match t.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{t}' is not a game number (from 1)")),
    };
    s.split(',')
        .map(|part| match part.split_once('-') {
            None => number(part).map(|n| (n, n)),
            Some((a, b)) => {
                let a = number(a)?;
                let b = if b.trim().is_empty() {
                    u64::MAX
                } else {
                    number(b)?
                };
                if b < a {
                    return Err(format!("'{part}': the range ends before it starts"));
                }
                Ok((a, b))
            }
        })
        .collect()
}

fn parse_outcome(s: &str) -> Result<ResultToken, String> {
    ResultToken::from_text(s).ok_or_else(|| format!("'{s}' is not one of 1-0, 0-1, 1/2-1/2, *"))
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
    /// The invalid games by kind of error.
    invalid_kinds: BTreeMap<&'static str, u64>,
    io_errors: u64,
}

pub fn run(a: Args) -> i32 {
    let mut conditions = Conditions {
        variant: a.variant,
        players: a.player,
        first: a.first,
        second: a.second,
        results: a.result,
        outcomes: a.outcome,
        endings: a.ending,
        invert: a.invert,
        min_plies: a.min_plies,
        max_plies: a.max_plies,
        validity: match (a.valid, a.invalid) {
            (true, _) => Some(Validity::Valid),
            (_, true) => Some(Validity::Invalid),
            _ => None,
        },
        dedup: a.dedup,
        no_replay: a.no_replay,
        ..Conditions::default()
    };
    for (name, pattern) in a.tags {
        conditions.add_tag(&name, pattern);
    }
    for p in &a.position {
        match position::Target::parse(p, a.variant) {
            Ok(t) => conditions.positions.push(t),
            Err(e) => {
                super::say::error("bad_position", format_args!("bad --position: {e}"));
                return EXIT_ERROR;
            }
        }
    }
    let found = a.input.expand();
    let encoding = a.input.encoding.choice();
    let mut t = Totals::default();
    let target = Target::of(a.output.as_deref());
    if let Err(m) = refuse_inputs(&target, &found, |i| Some(file_name(&i.display()))) {
        super::say::line(&m);
        return EXIT_ERROR;
    }
    let mut games = if a.count {
        None
    } else {
        match Written::new(target) {
            Ok(w) => Some(w),
            Err(f) => return f.report(),
        }
    };
    let keys = KeyMaker::new();
    let mut seen = Seen::new();
    let keep_unreadable = a.invalid && !a.count;
    let ranges: Vec<(u64, u64)> = a.games.into_iter().flatten().collect();
    let selected = |n: u64| ranges.is_empty() || ranges.iter().any(|&(lo, hi)| lo <= n && n <= hi);
    // Past the last game asked for, no game can match (unless inverted).
    let last =
        (!ranges.is_empty() && !a.invert).then(|| ranges.iter().map(|r| r.1).max().unwrap_or(0));
    let (invert, cut) = (a.invert, a.cut);
    let reads_moves = conditions.needs_moves();
    // Why writing stopped: a closed pipe, or an error.
    let mut failure: Option<Failure> = None;
    scan(
        load::for_scan(&found, encoding),
        a.threads.get(),
        |_, _, chunk| {
            let game = if reads_moves {
                CollectedGame::read(chunk, keep_unreadable)
            } else {
                CollectedGame::read_tags(chunk)
            };
            let verdict = conditions.check(&game, Some(&keys));
            let candidate = if invert {
                verdict.eligible
            } else {
                verdict.matched
            };
            let keep = candidate && !a.count;
            let bytes = match cut {
                Some(n) if keep => Some(game.cut(n)),
                _ => keep.then(|| game.into_bytes()),
            };
            (verdict, bytes)
        },
        |item| {
            let done = match item {
                Item::Opened { name, .. } => {
                    t.files += 1;
                    games.as_mut().map_or(Ok(()), |g| g.start(name))
                }
                Item::Io { name, message } => {
                    t.io_errors += 1;
                    // After the games already written, when both go to one place.
                    let flushed = games.as_mut().map_or(Ok(()), Written::flush);
                    super::say::line(format_args!("{name}: error[io]: {message}"));
                    flushed
                }
                Item::Warning {
                    name,
                    kind,
                    message,
                } => {
                    let flushed = games.as_mut().map_or(Ok(()), Written::flush);
                    super::say::line(format_args!("{name}: warning[{kind}]: {message}"));
                    flushed
                }
                Item::Game {
                    value: (verdict, bytes),
                    ..
                } => {
                    t.games += 1;
                    if last.is_some_and(|n| t.games > n) {
                        t.games -= 1;
                        return Flow::Stop;
                    }
                    if verdict.invalid {
                        t.invalid += 1;
                        let kind = verdict.error_kind.unwrap_or("syntax");
                        *t.invalid_kinds.entry(kind).or_default() += 1;
                    }
                    let meets = verdict.matched && selected(t.games);
                    let wanted = if invert {
                        verdict.eligible && !meets
                    } else {
                        meets
                    };
                    if !wanted {
                        return Flow::Continue;
                    }
                    if let Some(key) = verdict.key
                        && !seen.insert(key)
                    {
                        t.duplicates += 1;
                        return Flow::Continue;
                    }
                    t.matched += 1;
                    match (&mut games, bytes) {
                        (Some(g), Some(bytes)) => g.write(&bytes),
                        _ => Ok(()),
                    }
                }
            };
            match done {
                Ok(()) => Flow::Continue,
                Err(f) => {
                    failure = Some(f);
                    Flow::Stop
                }
            }
        },
    );
    if let Some(f) = failure {
        // A closed pipe: 0, quietly (as ripgrep); else 2, and nothing put in place.
        let status = f.report();
        return games.map_or(status, |g| g.outputs.target().nothing_written(status));
    }
    let done = match games {
        Some(g) => g.finish(t.io_errors == 0),
        None => {
            let count = format!("{}\n", t.matched);
            write_documents(Target::Stdout, [("", count.as_bytes())])
        }
    };
    if let Err(f) = done {
        return f.report();
    }
    if !a.quiet {
        super::say::line(summary(&t, a.no_replay));
    }
    if t.io_errors > 0 {
        EXIT_ERROR
    } else if t.matched > 0 {
        EXIT_OK
    } else {
        EXIT_NO_MATCH
    }
}

/// Where the matching games go (see `-o`): one output for them all (standard output, a
/// file), or, into a directory, a file for each input with a matching game, opened at its
/// first.
struct Written {
    outputs: Outputs,
    /// The output being written.
    sink: Option<Sink>,
    /// Into a directory: the file name for the input being read.
    next_name: Option<String>,
    /// Whether the sink has had any bytes (a byte-order mark is kept only at its start).
    started: bool,
}

impl Written {
    fn new(target: Target) -> Result<Written, Failure> {
        let mut outputs = Outputs::new(target);
        let sink = match outputs.target() {
            // Made even if no game matches (removed again if the run fails).
            Target::Dir(_) => outputs.create_dir().map(|()| None)?,
            _ => Some(outputs.open("")?),
        };
        Ok(Written {
            outputs,
            sink,
            next_name: None,
            started: false,
        })
    }

    fn per_input(&self) -> bool {
        matches!(self.outputs.target(), Target::Dir(_))
    }

    /// An input begins (`name`, as in messages).
    fn start(&mut self, name: Arc<str>) -> Result<(), Failure> {
        if self.per_input() {
            if let Some(done) = self.sink.take() {
                self.outputs.close(done)?;
            }
            self.next_name = Some(file_name(&name));
        }
        Ok(())
    }

    /// A game's bytes, and a line end if the game ends its file without one (so that the
    /// next game starts on a line of its own); a byte-order mark only at the output's start.
    fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        if self.sink.is_none()
            && let Some(name) = self.next_name.take()
        {
            self.sink = Some(self.outputs.open(&name)?);
            self.started = false;
        }
        let Some(sink) = self.sink.as_mut() else {
            return Ok(());
        };
        // An input's byte-order mark (before its first game) goes at the start of the output
        // only, not into its middle where games of several inputs follow one another.
        let bytes = match bytes.strip_prefix("\u{FEFF}".as_bytes()) {
            Some(rest) if self.started => rest,
            _ => bytes,
        };
        self.started |= !bytes.is_empty();
        sink.wrote_game();
        let mut write = || {
            sink.write_all(bytes)?;
            if !bytes.is_empty() && !bytes.ends_with(b"\n") {
                sink.write_all(b"\n")?;
            }
            Ok(())
        };
        write().map_err(|e: std::io::Error| sink.failure(&e))
    }

    fn flush(&mut self) -> Result<(), Failure> {
        match self.sink.as_mut() {
            Some(s) => s.flush().map_err(|e| s.failure(&e)),
            None => Ok(()),
        }
    }

    /// The end of the run: the files put in place when it went well (`ok`: no input error),
    /// else left alone (and said so). Standard output has had everything.
    fn finish(mut self, ok: bool) -> Result<(), Failure> {
        if let Some(s) = self.sink.take() {
            self.outputs.close(s)?;
        }
        if ok {
            self.outputs.commit()
        } else {
            self.outputs.target().nothing_written(EXIT_ERROR);
            Ok(())
        }
    }
}

/// The name of an input's file in the output directory: the input's own (`stdin.psn` for
/// standard input).
fn file_name(input: &str) -> String {
    if input == Input::Stdin.display() {
        return "stdin.psn".into();
    }
    Path::new(input)
        .file_name()
        .map_or_else(|| "output.psn".into(), |n| n.to_string_lossy().into_owned())
}

fn summary(t: &Totals, no_replay: bool) -> String {
    let mut s = format!(
        "{}, {}: {} matched, {} dropped as duplicates, {} invalid",
        super::report::count(t.files, "file", "files"),
        super::report::count(t.games, "game", "games"),
        t.matched,
        t.duplicates,
        t.invalid,
    );
    if !t.invalid_kinds.is_empty() {
        // Most first, then by name.
        let mut kinds: Vec<_> = t.invalid_kinds.iter().collect();
        kinds.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
        s.push_str(&format!(" ({})", kinds.join(", ")));
    }
    if no_replay {
        s.push_str("; --no-replay: the games were not checked");
    }
    if t.io_errors > 0 {
        s.push_str(&format!(
            ", {}",
            super::report::count(t.io_errors, "I/O error", "I/O errors")
        ));
    }
    s
}
