//! `kifu render`: SVG diagrams of a record's positions, or of a position string.

use super::diag::{Diag, Level};
use super::inputs::Input;
use super::output::{Failure, Target, write_documents};
use super::{EXIT_ERROR, EXIT_OK};
use kifu::Variant;
use kifu::encoding::Choice;
use kifu::notation::{self, Origin, RankStyle};
use kifu::record::{ErrorKind, GameSplitter, Record, RecordError, parse_game};
use kifu::replay::{self, AnyMove, State};
use kifu::svg::{self, Labels, Options, Style};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// Draw positions as SVG diagrams: a shogi board with kanji pieces, hands, coordinates, the
/// last move and check highlighted.
///
/// `kifu render PATH` draws the final position of the first game's main line;
/// `--game`/`--ply` choose another, `--every-ply -o DIR` draws them all
/// (`game1-ply000.svg`, `game1-ply001.svg`, ...). `kifu render --variant V --position STR`
/// draws a position string. Without `-o` the diagram goes to standard output.
///
/// Files are written whole or not at all. A record that is invalid before the requested ply,
/// a game or ply that does not exist, or an unwritable output: a message on stderr, exit
/// status 2, no file written.
#[derive(clap::Args)]
pub struct Args {
    /// The record file (PSN/PGN); `-`: standard input.
    #[arg(required_unless_present = "position")]
    path: Option<PathBuf>,
    /// Which game of the file (from 1).
    #[arg(long, short = 'g', default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with = "position")]
    game: u64,
    /// The ply to draw: 0 is the start; default: the main line's final position.
    #[arg(long, short = 'p', conflicts_with_all = ["every_ply", "position"])]
    ply: Option<u64>,
    /// Draw every ply of the main line, one file each, into the directory given by -o.
    #[arg(long, requires = "output", conflicts_with = "position")]
    every_ply: bool,
    /// Output file; a path ending in `/` or naming an existing directory is a directory
    /// (created if missing) that gets the diagram as `gameG-plyNNN.svg`. With --every-ply, always
    /// a directory. Default: standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    /// The variant: of the --position string, or of records without a Variant tag (wa,
    /// wa-nodrop, gufu).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    /// Draw this position string (Wa: FEN, Gufū: kifu's form) instead of a record; needs
    /// --variant.
    #[arg(long, requires = "variant", conflicts_with = "path")]
    position: Option<String>,
    /// View the board from White's side.
    #[arg(long)]
    flip: bool,
    /// Board style.
    #[arg(long, value_enum, default_value = "wood")]
    style: StyleArg,
    /// What the pieces show: kanji, or the English abbreviations of the notation.
    #[arg(long, value_enum, default_value = "kanji")]
    labels: LabelsArg,
    /// Rank coordinates: kanji (一, 二, ...) or letters (a, b, ...).
    #[arg(long, value_enum, default_value = "kanji")]
    ranks: RanksArg,
    /// Caption under the board (default: the players, the ply and the last move).
    #[arg(long, conflicts_with = "no_caption")]
    caption: Option<String>,
    /// No caption.
    #[arg(long)]
    no_caption: bool,
    /// Width in pixels (default: the natural size; the diagram scales anyway).
    #[arg(long, value_parser = clap::value_parser!(u32).range(16..=100_000))]
    size: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum StyleArg {
    Wood,
    Plain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LabelsArg {
    Kanji,
    English,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum RanksArg {
    Kanji,
    Letters,
}

/// A failure: the message is printed as is, the exit status is 2.
struct Fail(String);

pub fn run(a: Args) -> i32 {
    match render(&a) {
        Ok(()) => EXIT_OK,
        Err(Fail(m)) => {
            eprint!("{m}");
            if !m.ends_with('\n') {
                eprintln!();
            }
            EXIT_ERROR
        }
    }
}

fn base_options(a: &Args) -> Options {
    Options {
        flip: a.flip,
        style: match a.style {
            StyleArg::Wood => Style::Wood,
            StyleArg::Plain => Style::Plain,
        },
        labels: match a.labels {
            LabelsArg::Kanji => Labels::Kanji,
            LabelsArg::English => Labels::English,
        },
        ranks: match a.ranks {
            RanksArg::Kanji => RankStyle::Kanji,
            RanksArg::Letters => RankStyle::Letters,
        },
        last_move: None,
        check: None,
        caption: None,
        size: a.size,
    }
}

/// The diagrams to write: (default file name, document).
type Diagrams = Vec<(String, String)>;

fn render(a: &Args) -> Result<(), Fail> {
    let diagrams = match &a.position {
        Some(ps) => vec![("position.svg".to_string(), from_position(a, ps)?)],
        None => from_record(a)?,
    };
    write_out(a, &diagrams)
}

fn from_position(a: &Args, ps: &str) -> Result<String, Fail> {
    let variant = a.variant.unwrap_or(Variant::Wa);
    let state = State::from_position_string(variant, ps).map_err(|(offset, message)| {
        Fail(format!(
            "error[bad_position]: bad {variant} position string: {message} (at byte {offset})"
        ))
    })?;
    let mut o = base_options(a);
    o.check = svg::check_square(&state);
    o.caption = if a.no_caption {
        None
    } else if let Some(c) = &a.caption {
        Some(c.clone())
    } else {
        Some(format!(
            "{} to move",
            if state.turn() == kifu::geometry::Color::Black {
                "Black"
            } else {
                "White"
            }
        ))
    };
    Ok(svg::board(&state, &o))
}

/// Reads game number `a.game` of the input: the record, or the message to print.
fn read_game(a: &Args, path: &Path, name: &str) -> Result<Record, Fail> {
    let input = if path.as_os_str() == "-" {
        Input::Stdin
    } else {
        Input::File(path.to_path_buf())
    };
    let mut reader = input
        .open(Choice::Auto)
        .map_err(|e| Fail(format!("{name}: error[io]: {e}")))?;
    if let Some(w) = reader.warning() {
        eprintln!("{name}: warning[encoding]: {w}");
    }
    let mut count = 0u64;
    for chunk in GameSplitter::new(&mut reader as &mut dyn BufRead) {
        let chunk = match chunk {
            Ok(c) => c,
            Err(e) if e.kind == ErrorKind::Io => {
                return Err(Fail(format!("{name}: error[io]: {}", e.message)));
            }
            Err(e) => {
                count += 1;
                if count == a.game {
                    let d = Diag::from_record_error(&e, count as usize, None);
                    return Err(Fail(d.human(name)));
                }
                continue;
            }
        };
        count += 1;
        if count < a.game {
            continue;
        }
        let base = chunk.offset;
        let text = String::from_utf8(chunk.bytes.clone()).ok();
        return parse_game(chunk).map_err(|e: RecordError| {
            Fail(
                Diag::from_record_error(&e, count as usize, text.as_deref().map(|t| (t, base)))
                    .human(name),
            )
        });
    }
    Err(Fail(match count {
        0 => format!("{name}: error[no_such_game]: the input holds no game"),
        1 => format!(
            "{name}: error[no_such_game]: the input holds 1 game; there is no game {}",
            a.game
        ),
        c => format!(
            "{name}: error[no_such_game]: the input holds {c} games; there is no game {}",
            a.game
        ),
    }))
}

fn from_record(a: &Args) -> Result<Diagrams, Fail> {
    let path = a.path.clone().unwrap_or_else(|| PathBuf::from("-"));
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let record = read_game(a, &path, &name)?;
    let report = replay::replay(
        &record,
        &replay::Options {
            default_variant: a.variant,
            keep_moves: true,
        },
    );
    let line = replay::main_line(&record.movetext, &report);
    let written = record.movetext.main_moves().count() as u64;
    // Plies that can be drawn: 0 ..= last.
    let last = line.len() as u64 - u64::from(!line.is_empty());
    let game = a.game;
    let invalid = |wanted: &str| -> Fail {
        let mut m = String::new();
        for p in &report.errors {
            m.push_str(&Diag::from_problem(&record, game as usize, p, Level::Error).human(&name));
        }
        m.push_str(&format!(
            "{name}: error[invalid_record]: game {game} is invalid before {wanted}: nothing drawn\n"
        ));
        Fail(m)
    };
    if line.is_empty() {
        return Err(invalid("its first position"));
    }
    let plies: Vec<u64> = if a.every_ply {
        if !report.valid() {
            return Err(invalid("its end (--every-ply draws every ply)"));
        }
        (0..=last).collect()
    } else {
        match a.ply {
            Some(p) if p > written => {
                return Err(Fail(format!(
                    "{name}: error[no_such_ply]: --ply {p} is beyond the end of game {game}, \
which has {written} plies (0 is the start)"
                )));
            }
            Some(p) if p > last => return Err(invalid(&format!("ply {p}"))),
            Some(p) => vec![p],
            None if !report.valid() => return Err(invalid("its final position")),
            None => vec![last],
        }
    };
    let black = record.tag("Black").filter(|s| !s.trim().is_empty());
    let white = record.tag("White").filter(|s| !s.trim().is_empty());
    let mut out = Vec::new();
    for p in plies {
        let i = p as usize;
        let (_, mv, state) = &line[i];
        let mut o = base_options(a);
        o.last_move = *mv;
        o.check = svg::check_square(state);
        o.caption = if a.no_caption {
            None
        } else if let Some(c) = &a.caption {
            Some(c.clone())
        } else {
            let before = (i > 0).then(|| &line[i - 1].2);
            Some(caption(
                black,
                white,
                p,
                before,
                mv.as_ref(),
                state,
                o.ranks,
            ))
        };
        out.push((format!("game{game}-ply{p:03}.svg"), svg::board(state, &o)));
    }
    Ok(out)
}

/// The default caption: `Black: A · White: B · ply 12: SP-7七`.
fn caption(
    black: Option<&str>,
    white: Option<&str>,
    ply: u64,
    before: Option<&State>,
    mv: Option<&AnyMove>,
    after: &State,
    ranks: RankStyle,
) -> String {
    let mut parts = Vec::new();
    if let Some(b) = black {
        parts.push(format!("Black: {}", b.trim()));
    }
    if let Some(w) = white {
        parts.push(format!("White: {}", w.trim()));
    }
    let text = match (before, mv) {
        (Some(before), Some(m)) => Some(move_text(before, m, after, ranks)),
        _ => None,
    };
    parts.push(match text {
        Some(t) => format!("ply {ply}: {t}"),
        None if ply == 0 => "start position".to_string(),
        None => format!("ply {ply}"),
    });
    parts.join(" · ")
}

/// A move as the notation writes it.
fn move_text(before: &State, m: &AnyMove, after: &State, ranks: RankStyle) -> String {
    match (before, m, after) {
        (State::Wa(g), AnyMove::Wa(m), _) => {
            notation::wa_hodges(g.position(), m, Origin::WhereNeeded, ranks)
        }
        (State::Gufu(p), AnyMove::Gufu(m), State::Gufu(after)) => format!(
            "{}{}",
            notation::gufu_move(p, m, Origin::WhereNeeded, ranks),
            notation::gufu_check_mark(after)
        ),
        _ => String::new(),
    }
}

/// Writes the diagrams, whole or not at all: to standard output (one diagram), to a file, or
/// into a directory (see `output`: the `-o` rule; `--every-ply` always writes into a
/// directory).
fn write_out(a: &Args, diagrams: &Diagrams) -> Result<(), Fail> {
    let target = if a.every_ply {
        Target::directory(a.output.as_deref()).map_err(Fail)?
    } else {
        Target::of(a.output.as_deref())
    };
    if target == Target::Stdout && diagrams.len() != 1 {
        return Err(Fail(
            "error[usage]: several diagrams need -o DIR (one file each)".into(),
        ));
    }
    let shown = target.display();
    let documents = diagrams.iter().map(|(n, d)| (n.as_str(), d.as_bytes()));
    match write_documents(target, documents) {
        // A closed pipe: stop quietly.
        Ok(()) | Err(Failure::Closed) => Ok(()),
        Err(Failure::Error(m)) => Err(Fail(format!("{shown}: error[io]: {m} (nothing written)"))),
    }
}
