//! `kifu render`: SVG or PNG diagrams of a record's positions, or of a position string.

use super::EXIT_OK;
use super::board_args::{BoardArgs, LanguageArg, RanksArgs};
use super::diag::Diag;
use super::inputs::{self, Input};
use super::output::{Failure, Target, refuse_inputs, write_documents};
use super::record_position::{Fail, check_ply, fail, invalid, read_game};
use kifu::notation::{self, Notate};
use kifu::record::Record;
use kifu::replay::{self, Played, Report, State, Step};
use kifu::svg::{self, Diagram, DiagramOptions};
use kifu::{Variant, for_game};
use std::io::IsTerminal;
use std::path::PathBuf;

/// Draw positions as SVG or PNG diagrams: a shogi board with kanji pieces, hands, coordinates,
/// the last move and check highlighted; every character drawn as an outline, so that a
/// diagram looks the same without Japanese fonts.
///
/// `kifu render PATH` draws the final position of the first game's main line;
/// `--game`/`--ply` choose another, `--every-ply -o DIR` draws them all
/// (`game1-ply000.svg`, `game1-ply001.svg`, ...). `kifu render --variant V --position STR`
/// draws a position string. Without `-o` the diagram goes to standard output.
///
/// The record is read from PATH, or from standard input when PATH is `-` or not given (then
/// standard input must be a file or a pipe).
///
/// Files are written whole or not at all. A record that is invalid before the requested ply:
/// its errors on stderr, exit status 1, no file written. A game or ply that does not exist,
/// or an input or output that cannot be used: a message on stderr, exit status 2, no file
/// written.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu render game.psn -o board.svg               # the final position
  kifu render game.psn --game 2 --ply 12 -o board.png --size 800
  kifu render game.psn --every-ply -o boards/     # boards/game1-ply000.svg, ...
  kifu render --variant gufu --position 'Sske/2/KwWn b - 5' -o gufu.svg
  cat game.psn | kifu render -o board.svg         # the record from standard input

Exit status: 0 diagrams written, 1 the record is invalid before the ply asked for, 2 usage or
I/O error, or no such game or ply (no file is written then).")]
pub struct Args {
    /// The record file (PSN/PGN); `-` or none: standard input.
    path: Option<PathBuf>,
    /// Which game of the file (from 1).
    #[arg(long, short = 'g', default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with = "position")]
    game: u64,
    /// The ply to draw: 0 is the start; default: the main line's final position.
    #[arg(long, conflicts_with_all = ["every_ply", "position"])]
    ply: Option<u64>,
    /// Draw every ply of the main line, one file each, into the directory given by -o.
    #[arg(long, requires = "output", conflicts_with = "position")]
    every_ply: bool,
    /// Output file; a path ending in `/` or naming an existing directory is a directory
    /// (created if missing) that gets the diagram as `gameG-plyNNN.svg` (or `.png`). With
    /// --every-ply, always a directory. A name that contradicts the format (`board.jpg`, a
    /// `.svg` with --format png, `x.png` for --every-ply) is refused. Written whole or not at all (a run stopped by a
    /// signal leaves no temporary file); -o must not name the record (exit status 2); a FIFO
    /// is written directly (refused if no one reads it); a link at a name kifu makes in the
    /// directory is refused. Default (or `-`): standard output (for a PNG, only when it is
    /// not a terminal).
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    /// The variant: of the --position string, or of records without a Variant tag (wa,
    /// wa-nodrop, gufu).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    /// Draw this position string (Wa: FEN, Gufū: kifu's form) instead of a record; needs
    /// --variant.
    #[arg(long, short = 'p', requires = "variant", conflicts_with = "path")]
    position: Option<String>,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    ranks: RanksArgs,
    /// Caption under the board (default: the players, the ply and the last move).
    #[arg(long, conflicts_with = "no_caption")]
    caption: Option<String>,
    /// No caption.
    #[arg(long)]
    no_caption: bool,
    /// Width in pixels, 16 to 8192, for SVG and PNG alike (default: the natural size; an SVG
    /// scales anyway).
    #[arg(long, value_parser = clap::value_parser!(u32).range(16..=kifu::svg::MAX_PNG_WIDTH as i64))]
    size: Option<u32>,
    /// Image format; default: png when -o names a file ending in .png, else svg. A PNG is --size
    /// pixels wide (default: the diagram's natural width).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FormatArg {
    Svg,
    Png,
}

pub fn run(a: Args) -> i32 {
    match render(&a) {
        Ok(()) => EXIT_OK,
        Err(f) => f.report(),
    }
}

/// The diagram of `pos` with the options of the command line; `last` is the move that led
/// to it, `caption` the default caption.
fn diagram<D: Diagram>(
    a: &Args,
    pos: &D,
    last: Option<D::Move>,
    caption: impl FnOnce() -> String,
) -> String {
    let o = DiagramOptions {
        ranks: a.ranks.for_variant(pos.variant()),
        last_move: last,
        check: svg::check_square(pos),
        caption: if a.no_caption {
            None
        } else {
            Some(a.caption.clone().unwrap_or_else(caption))
        },
        size: a.size,
        ..a.board.options()
    };
    svg::board(pos, &o)
}

/// The diagrams to write: (default file name, document).
type Diagrams = Vec<(String, String)>;

fn render(a: &Args) -> Result<(), Fail> {
    let target = target(a)?;
    let png = is_png(a, &target);
    if png && target == Target::Stdout && std::io::stdout().is_terminal() {
        return Err(fail(
            "error[usage]: a PNG is binary and standard output is a terminal: give -o FILE.png, \
or send standard output to a file or a pipe",
        ));
    }
    if a.position.is_none() {
        let input = input(a)?;
        refuse_inputs(&target, &[Ok(input)], |_| None).map_err(fail)?;
    }
    match png {
        true => target.check_extension("PNG", &["png"]),
        false => target.check_extension("SVG (--format png for PNG)", &["svg"]),
    }
    .map_err(fail)?;
    let diagrams = match &a.position {
        Some(ps) => vec![("position.svg".to_string(), from_position(a, ps)?)],
        None => from_record(a)?,
    };
    write_out(target, &encode(a, png, diagrams)?)
}

/// Where the diagrams go (see `output`: the `-o` rule; `--every-ply` always writes into a
/// directory).
fn target(a: &Args) -> Result<Target, Fail> {
    if a.every_ply {
        Target::directory(a.output.as_deref()).map_err(fail)
    } else {
        Ok(Target::of(a.output.as_deref()))
    }
}

/// Whether the diagrams are PNG: `--format`, else a file named `*.png`.
fn is_png(a: &Args, target: &Target) -> bool {
    let by_name = match target {
        Target::File(p) => p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")),
        _ => false,
    };
    a.format.map_or(by_name, |f| f == FormatArg::Png)
}

/// The diagrams as files: SVG as it is, or rasterized to PNG.
fn encode(a: &Args, png: bool, diagrams: Diagrams) -> Result<Vec<(String, Vec<u8>)>, Fail> {
    if !png {
        return Ok(diagrams
            .into_iter()
            .map(|(name, doc)| (name, doc.into_bytes()))
            .collect());
    }
    diagrams
        .into_iter()
        .map(|(name, doc)| {
            let png = svg::png(&doc, a.size).map_err(|e| fail(format!("error[png]: {e}")))?;
            Ok((name.replace(".svg", ".png"), png))
        })
        .collect()
}

fn from_position(a: &Args, ps: &str) -> Result<String, Fail> {
    let variant = a.variant.unwrap_or(Variant::Wa);
    let state = State::from_position_string(variant, ps).map_err(|e| {
        fail(super::say::position_message(
            &format!("{variant} position string"),
            ps,
            &e,
        ))
    })?;
    let side = match (state.turn(), a.board.language) {
        (kifu::geometry::Color::Black, LanguageArg::English) => "Black to move",
        (kifu::geometry::Color::White, LanguageArg::English) => "White to move",
        (kifu::geometry::Color::Black, LanguageArg::Japanese) => "先手番",
        (kifu::geometry::Color::White, LanguageArg::Japanese) => "後手番",
    };
    Ok(for_game!(&state, p => diagram(a, p, None, || side.to_string())))
}

/// The record to read: the path, or standard input (`-`, or no path when standard input is
/// a file or a pipe). A directory is refused: render draws one game of one record.
fn input(a: &Args) -> Result<Input, Fail> {
    match &a.path {
        Some(p) if p.as_os_str() != "-" => {
            if p.is_dir() {
                return Err(fail(format!(
                    "{}: error[usage]: this is a directory; kifu render draws a game of one \
record file: name the file (kifu render DIR/game.psn)",
                    p.display()
                )));
            }
            Ok(Input::File(p.clone()))
        }
        Some(_) => Ok(Input::Stdin),
        None if inputs::stdin_readable() => Ok(Input::Stdin),
        None => Err(fail(
            "error[usage]: no record: name a record file, send one to standard input \
(cat game.psn | kifu render), or draw a position string with --variant V --position STR",
        )),
    }
}

fn from_record(a: &Args) -> Result<Diagrams, Fail> {
    let input = input(a)?;
    let name = input.display();
    let opts = replay::ReplayOptions {
        default_variant: a.variant,
        keep_moves: true,
    };
    let g = read_game(&input, &name, a.game, &opts)?;
    // The one ply to draw, checked as every command taking a record's position checks it.
    let only = match a.every_ply {
        true => None,
        false => Some(check_ply(&g, &name, a.game, a.ply, "nothing drawn")?),
    };
    let (Some(record), Some(report)) = (g.record, g.report) else {
        return Err(fail(String::new()));
    };
    let drawn = Drawn {
        a,
        record: &record,
        report: &report,
        errors: &g.errors,
        name: &name,
    };
    match &report.played {
        Some(played) => for_game!(played, p => drawn.diagrams(p, only)),
        None => Err(drawn.invalid("its first position")),
    }
}

/// A game being drawn.
struct Drawn<'a> {
    a: &'a Args,
    record: &'a Record,
    report: &'a Report,
    /// The replay's errors, ready to print.
    errors: &'a [Diag],
    name: &'a str,
}

impl Drawn<'_> {
    /// The game's errors, then why nothing is drawn.
    fn invalid(&self, wanted: &str) -> Fail {
        invalid(self.errors, self.name, self.a.game, wanted, "nothing drawn")
    }

    /// The diagrams asked for, from the main line as replayed (position 0 is the start):
    /// every ply, or `only` (checked by [`check_ply`]).
    fn diagrams<D: Diagram + Notate>(
        &self,
        played: &Played<D>,
        only: Option<u64>,
    ) -> Result<Diagrams, Fail> {
        let (a, record, report) = (self.a, self.record, self.report);
        let game = a.game;
        if only.is_none() && !report.valid() {
            return Err(self.invalid("its end (--every-ply draws every ply)"));
        }
        // Black is the first mover, whichever convention the tags follow (XBoard's: White).
        let players = kifu::replay::Players::of(record);
        let black = players.first.filter(|s| !s.trim().is_empty());
        let white = players.second.filter(|s| !s.trim().is_empty());
        let mut out = Vec::new();
        let mut line = played.main_line(&record.movetext);
        let mut p = 0;
        while let Some(step) = line.next() {
            let (state, mv, text) = match step {
                Step::LineStart { position, .. } => (position, None, None),
                Step::Ply {
                    before, mv, after, ..
                } => {
                    p += 1;
                    if only.is_some_and(|o| o != p) {
                        continue;
                    }
                    let style = notation::Style {
                        notation: notation::Notation::Hodges,
                        ranks: a.ranks.for_variant(after.variant()),
                    };
                    let text = before.move_text(mv, after, style);
                    (
                        after,
                        Some(*mv),
                        Some(numbered(before, &text, self.a.board.language)),
                    )
                }
                Step::LineEnd { .. } => break,
            };
            if only.is_some_and(|o| o != p) {
                continue;
            }
            let language = a.board.language;
            let doc = diagram(a, state, mv, || caption(language, black, white, text));
            out.push((format!("game{game}-ply{p:03}.svg"), doc));
        }
        Ok(out)
    }
}

/// The default caption, in one language: `Black: A · White: B · 12. SP-7七` (the last move
/// numbered as records write it), `先手: A · 後手: B · 24手目 SP-7七`; `start position` /
/// `開始局面` before the first move.
fn caption(
    language: LanguageArg,
    black: Option<&str>,
    white: Option<&str>,
    last: Option<String>,
) -> String {
    let (first, second, start) = match language {
        LanguageArg::English => ("Black", "White", "start position"),
        LanguageArg::Japanese => ("先手", "後手", "開始局面"),
    };
    let mut parts = Vec::new();
    if let Some(b) = black {
        parts.push(format!("{first}: {}", b.trim()));
    }
    if let Some(w) = white {
        parts.push(format!("{second}: {}", w.trim()));
    }
    parts.push(last.unwrap_or_else(|| start.to_string()));
    parts.join(" · ")
}

/// A move with its number, as the caption gives the last move: in English as kifu's records
/// number it (Gufū every ply, `12. K-1二>N`; Wa in pairs, `6. SP-7七` for Black's move and
/// `6... SP-3e` for White's); in Japanese by ply, as kifu do (`12手目 SP-7七`).
fn numbered<P: Notate>(before: &P, text: &str, language: LanguageArg) -> String {
    match language {
        LanguageArg::Japanese => format!("{}手目 {text}", before.ply_number()),
        LanguageArg::English if before.variant().numbers_every_ply() => {
            format!("{}. {text}", before.ply_number())
        }
        LanguageArg::English => {
            let dots = if before.turn() == kifu::geometry::Color::Black {
                "."
            } else {
                "..."
            };
            format!("{}{dots} {text}", before.move_number())
        }
    }
}

/// Writes the diagrams, whole or not at all: to standard output (one diagram), to a file, or
/// into a directory.
fn write_out(target: Target, diagrams: &[(String, Vec<u8>)]) -> Result<(), Fail> {
    if target == Target::Stdout && diagrams.len() != 1 {
        return Err(fail(
            "error[usage]: several diagrams need -o DIR (one file each)",
        ));
    }
    let shown = target.display();
    let documents = diagrams.iter().map(|(n, d)| (n.as_str(), d.as_slice()));
    match write_documents(target, documents) {
        // A closed pipe: stop quietly.
        Ok(()) | Err(Failure::Closed) => Ok(()),
        Err(Failure::Error(m)) => Err(fail(format!("{shown}: error[io]: {m} (nothing written)"))),
    }
}
