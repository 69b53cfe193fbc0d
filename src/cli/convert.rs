//! `kifu convert`: normalized records, other notations, CSV, JSON and replay pages.

use super::EXIT_ERROR;
use super::board_args::BoardArgs;
use super::inputs::{self, Input};
use super::load;
use super::output::{Failure, Outputs, PerInput, Sink, Target, per_input};
use super::pages::Pages;
use kifu::Variant;
use kifu::notation::RankStyle;
use kifu::replay::Options;
use kifu::writers::{Notation, Style, html, psn, rows};
use std::io::Write;
use std::path::PathBuf;

/// Convert records: normalized PSN in any notation, CSV (per ply or per game), JSON, or a
/// replay page (HTML).
///
/// Every game is replayed first, so what is written is legal and fully resolved. An invalid
/// game is reported exactly as `kifu validate` reports it and is not converted (with
/// `--to csv --per game` it gets a row with valid=false and its error); the exit status is
/// then 1. Output files are written whole or not at all.
///
/// `--to html` writes self-contained replay pages (no network, no external file; they open
/// from file://): the board drawn as `kifu render` draws it (--flip, --style, --labels,
/// --ranks), the moves with comments, NAGs and variations, a list of the games; keys ←/→,
/// Home/End, ↑/↓ (other moves at this point, or another game). To standard output or one
/// file: one page for all the inputs' games; into a directory: a page per input; with --per
/// game: a page per game, into the directory -o names.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: inputs::InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "psn")]
    to: To,
    /// Move notation: hodges (origin only where needed), long (origin always), xboard (engine
    /// coordinates, Wa only), san (SAN as XBoard writes it, Wa only: Rg4, +Pfg8, dxd5, X@d3,
    /// Fb3+, +Fe2#; the tags in XBoard's convention: White is the first mover, Variant
    /// wa-shogi or crazywa, the FEN with XBoard's en-passant field, so XBoard can load it).
    /// With every other notation the tags are in kifu's convention (Black is the first mover).
    #[arg(long, value_enum, default_value = "hodges")]
    notation: NotationArg,
    /// Rank style: kanji (一…十一) or letters (a…k). Default: kanji for Gufū, letters for Wa.
    #[arg(long, value_enum)]
    ranks: Option<Ranks>,
    /// CSV rows: one per ply (default) or one per game. HTML: --per game writes a page per
    /// game (into the directory given by -o, which it needs).
    #[arg(long, value_enum, default_value = "ply")]
    per: Per,
    /// Where to write: a path ending in `/` or naming an existing directory is a directory
    /// (created if missing) with one output per input, named after it (`game.psn`,
    /// `game.csv`, `game.jsonl`, `game.html`); any other path is one file holding everything
    /// (with --to html, one page for every game). With --to html --per game, always a
    /// directory (`game-game1.html`, ...). Written whole or not at all: a run that fails (exit
    /// status 2) leaves every old file as it was. Default: standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu.
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    /// How the replay page's board looks (--to html).
    #[command(flatten)]
    board: BoardArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum To {
    Psn,
    Csv,
    Json,
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum NotationArg {
    Hodges,
    Long,
    Xboard,
    San,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Ranks {
    Kanji,
    Letters,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Per {
    Ply,
    Game,
}

/// A reason to stop at once: a closed pipe (exit status 0, quietly) or an error (2).
struct Fatal(Failure);

pub fn run(a: Args) -> i32 {
    let found = a.input.expand();
    let page_each = a.to == To::Html && a.per == Per::Game;
    let target = match target(&a, page_each) {
        Ok(t) => t,
        Err(m) => {
            eprintln!("{m}");
            return EXIT_ERROR;
        }
    };
    let mut convert = Convert {
        a: &a,
        page_each,
        pages: Pages::new(a.board.page(), page_title(&found)),
    };
    per_input(&found, target, &mut convert)
}

/// The conversion, input after input, as [`per_input`] runs it.
struct Convert<'a> {
    a: &'a Args,
    /// `--to html --per game`: a page per game, no output per input.
    page_each: bool,
    pages: Pages,
}

impl PerInput for Convert<'_> {
    type Out = Sink;

    fn file_name(&self, input: &Input) -> Option<String> {
        (!self.page_each).then(|| output_name(input, self.a.to))
    }

    fn open(
        &mut self,
        outputs: &mut Outputs,
        name: &str,
        input: Option<&Input>,
    ) -> Result<Sink, Failure> {
        let s = open(self.a, outputs, name)?;
        // An input's own page is named after it.
        if let Some(input) = input {
            self.pages.title = input.display();
        }
        Ok(s)
    }

    fn read(
        &mut self,
        input: &Input,
        out: Option<&mut Sink>,
        outputs: &mut Outputs,
    ) -> Result<i32, Failure> {
        let dest = match out {
            Some(s) => Dest::Sink(s),
            None => Dest::PagePerGame(outputs),
        };
        convert_input(self.a, input, dest, &mut self.pages).map_err(|Fatal(f)| f)
    }

    fn close(&mut self, outputs: &mut Outputs, s: Sink) -> Result<(), Failure> {
        close(self.a, outputs, &mut self.pages, s)
    }
}

/// Where the output goes: the `-o` rule (see `output`), except for a page per game, which is
/// always a directory (as for `render --every-ply`). Else the message to print.
fn target(a: &Args, page_each: bool) -> Result<Target, String> {
    if !page_each {
        return Ok(Target::of(a.output.as_deref()));
    }
    match Target::directory(a.output.as_deref())? {
        Target::Stdout => {
            Err("error[usage]: --to html --per game writes a page per game: give -o DIR".into())
        }
        t => Ok(t),
    }
}

/// Where an input's games go.
enum Dest<'a> {
    /// One output: the input's own, or the one shared by every input.
    Sink(&'a mut Sink),
    /// `--to html --per game`: a page each, in the output directory.
    PagePerGame(&'a mut Outputs),
}

/// Ends an output: its replay page (one input's, or everything's), then the file.
fn close(a: &Args, outputs: &mut Outputs, pages: &mut Pages, mut s: Sink) -> Result<(), Failure> {
    if a.to == To::Html {
        pages.end(&mut s).map_err(|e| s.failure(&e))?;
    }
    outputs.close(s)
}

/// A sink for one output, with the CSV header.
fn open(a: &Args, outputs: &mut Outputs, name: &str) -> Result<Sink, Failure> {
    let mut s = outputs.open(name)?;
    header(a, &mut s).map_err(|e| s.failure(&e))?;
    Ok(s)
}

/// An output's name in a directory, without its extension: the input's file name's stem.
pub(super) fn stem(input: &Input) -> String {
    match input {
        Input::Stdin => "stdin".to_string(),
        Input::File(p) => p
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "output".into()),
    }
}

fn output_name(input: &Input, to: To) -> String {
    let ext = match to {
        To::Psn => "psn",
        To::Csv => "csv",
        To::Json => "jsonl",
        To::Html => "html",
    };
    format!("{}.{ext}", stem(input))
}

/// The title of one page for several inputs: the one input's name, or a count.
fn page_title(found: &[inputs::Found]) -> String {
    match found {
        [Ok(one)] => one.display(),
        many => format!("{} files", many.len()),
    }
}

fn header(a: &Args, sink: &mut Sink) -> std::io::Result<()> {
    if a.to == To::Csv {
        let cols: &[&str] = match a.per {
            Per::Ply => &rows::PLY_COLUMNS,
            Per::Game => &rows::GAME_COLUMNS,
        };
        write_csv_row(sink, cols.iter().map(|s| s.to_string()).collect())?;
    }
    Ok(())
}

/// One CSV row, quoted as needed.
pub(super) fn write_csv_row(w: &mut dyn Write, fields: Vec<String>) -> std::io::Result<()> {
    let mut c = csv::WriterBuilder::new().from_writer(Vec::new());
    c.write_record(&fields).map_err(std::io::Error::other)?;
    let bytes = c
        .into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    w.write_all(&bytes)
}

fn convert_input(a: &Args, input: &Input, mut dest: Dest, pages: &mut Pages) -> Result<i32, Fatal> {
    let name = input.display();
    let opts = Options {
        default_variant: a.variant,
        keep_moves: true,
    };
    let mut first_psn = true;
    // The output, as named in messages.
    let target = match &dest {
        Dest::Sink(s) => s.name().to_string(),
        Dest::PagePerGame(_) => String::new(),
    };
    load::each_game(input, a.input.encoding.choice(), &opts, |index, g| {
        let io = |e: std::io::Error| Fatal(Failure::of(&e, &target));
        if !g.errors.is_empty() {
            if let Dest::Sink(sink) = &mut dest
                && a.to == To::Csv
                && a.per == Per::Game
            {
                let msg = g.errors.first().map(|d| d.message.clone());
                let fields = rows::game_fields(
                    &name,
                    index,
                    g.record.as_ref(),
                    g.report.as_ref(),
                    msg.as_deref(),
                );
                write_csv_row(sink, fields).map_err(io)?;
            }
            return Ok(());
        }
        let (Some(record), Some(report)) = (&g.record, &g.report) else {
            return Ok(());
        };
        let Some(variant) = report.variant else {
            return Ok(());
        };
        let style = style_for(a, variant)?;
        let sink = match &mut dest {
            Dest::Sink(s) => &mut **s,
            Dest::PagePerGame(outputs) => {
                let stem = stem(input);
                let game = html::Game {
                    record,
                    report,
                    style,
                };
                let (file, title) = (
                    format!("{stem}-game{index}.html"),
                    format!("{stem}, game {index}"),
                );
                pages.single(outputs, &file, &title, &game).map_err(Fatal)?;
                return Ok(());
            }
        };
        match (a.to, a.per) {
            (To::Psn, _) => {
                let Some(text) = psn::write(record, report, style) else {
                    return Ok(());
                };
                if !first_psn {
                    sink.write_all(b"\n").map_err(io)?;
                }
                first_psn = false;
                sink.write_all(text.as_bytes()).map_err(io)?;
            }
            (To::Csv, Per::Ply) => {
                for r in rows::plies(record, report, style) {
                    write_csv_row(sink, rows::ply_fields(&name, index, &r)).map_err(io)?;
                }
            }
            (To::Csv, Per::Game) => {
                let fields = rows::game_fields(&name, index, Some(record), Some(report), None);
                write_csv_row(sink, fields).map_err(io)?;
            }
            (To::Json, _) => {
                let v = rows::game_json(&name, index, record, report, style);
                writeln!(sink, "{v}").map_err(io)?;
            }
            (To::Html, _) => {
                let game = html::Game {
                    record,
                    report,
                    style,
                };
                pages.add(sink, &game).map_err(io)?;
            }
        }
        Ok(())
    })
}

fn style_for(a: &Args, variant: Variant) -> Result<Style, Fatal> {
    let mut style = Style::default_for(variant);
    style.notation = match a.notation {
        NotationArg::Hodges => Notation::Hodges,
        NotationArg::Long => Notation::Long,
        NotationArg::Xboard | NotationArg::San if variant == Variant::Gufu => {
            let what = match a.notation {
                NotationArg::San => "--notation san writes XBoard's SAN",
                _ => "--notation xboard writes engine coordinates",
            };
            return Err(Fatal(Failure::Error(format!(
                "{what}, which exist only for Wa; a Gufū game cannot be written that way"
            ))));
        }
        NotationArg::Xboard => Notation::Xboard,
        NotationArg::San => Notation::San,
    };
    if let Some(r) = a.ranks {
        style.ranks = match r {
            Ranks::Kanji => RankStyle::Kanji,
            Ranks::Letters => RankStyle::Letter,
        };
    }
    Ok(style)
}
