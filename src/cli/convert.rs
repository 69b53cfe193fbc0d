//! `kifu convert`: normalized records, other notations, CSV, JSON and replay pages.

use super::board_args::{BoardArgs, RanksArgs};
use super::diag::{Diag, Level};
use super::inputs::{self, Input};
use super::load::{self, Loaded};
use super::output::{Failure, Outputs, Target};
use super::pages::Pages;
use super::per_input::{Out, PerInput, Reading, Text, per_input};
use super::report::{CheckArgs, Checked, Command, Reporter};
use super::{EXIT_ERROR, Threads};
use kifu::Variant;
use kifu::notation::Unsupported;
use kifu::record::{GameChunk, Record, RecordError, Span};
use kifu::replay::{Options, Problem, ProblemKind};
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
#[command(after_help = "Examples:
  kifu convert game.psn                          # normalized PSN on standard output
  kifu convert game.psn --ranks kanji            # 7八 instead of 7h
  kifu convert games/ --to csv -o plies.csv      # one row per ply of every game
  kifu convert games/ --to csv --per game        # one row per game
  kifu convert games/ --to json -o out/          # a file per input
  kifu convert game.psn --to html -o game.html   # a replay page

Exit status: 0 every game converted, 1 some game invalid or not writable in the notation
asked for (the others are written), 2 usage or I/O error.")]
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
    #[command(flatten)]
    ranks: RanksArgs,
    /// CSV rows: one per ply (default) or one per game. HTML: --per game writes a page per
    /// game (into the directory given by -o, which it needs).
    #[arg(long, value_enum, default_value = "ply")]
    per: Per,
    /// Where to write: a path ending in `/` or naming an existing directory is a directory
    /// (created if missing) with one output per input, named after it (`game.psn`,
    /// `game.csv`, `game.jsonl`, `game.html`); any other path is one file holding everything
    /// (with --to html, one page for every game). With --to html --per game, always a
    /// directory (`game-game1.html`, ...). Written whole or not at all: a run that fails (exit
    /// status 2) leaves every old file as it was. Default (or `-`): standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu (without it, the
    /// moves of such a record tell the game when only one fits).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    /// How the replay page's board looks (--to html).
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    check: CheckArgs,
    #[command(flatten)]
    threads: Threads,
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
pub enum Per {
    Ply,
    Game,
}

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
    let reading = Reading {
        found: &found,
        encoding: a.input.encoding.choice(),
        threads: a.threads.get(),
        batch: 32,
    };
    let opts = Options {
        default_variant: a.variant,
        keep_moves: true,
    };
    let report = Reporter::new(Command::Convert, a.check.format, a.check.quiet);
    let examine = |name: &str, index, chunk| convert_game(&a, &opts, name, index, chunk);
    per_input(reading, target, examine, &mut convert, report)
}

/// The conversion, game after game, as [`per_input`] runs it.
struct Convert<'a> {
    a: &'a Args,
    /// `--to html --per game`: a page per game, no output per input.
    page_each: bool,
    pages: Pages,
}

/// What a game is converted to.
enum Made {
    /// Nothing to write (an invalid game).
    Nothing,
    /// Text for the output.
    Text(Text),
    /// A game for a replay page (pages are written in order, game after game).
    Page(Box<Loaded>, Style),
}

impl PerInput for Convert<'_> {
    type Made = Made;

    fn file_name(&self, input: &Input) -> Option<String> {
        (!self.page_each).then(|| output_name(input, self.a.to))
    }

    fn open(
        &mut self,
        outputs: &mut Outputs,
        name: &str,
        input: Option<&Input>,
    ) -> Result<Out, Failure> {
        let mut out = Out::new(outputs.open(name)?);
        header(self.a, &mut out).map_err(|e| out.sink.failure(&e))?;
        // An input's own page is named after it.
        if let Some(input) = input {
            self.pages.title = input.display();
        }
        Ok(out)
    }

    fn write(
        &mut self,
        input: &Input,
        index: usize,
        made: Made,
        out: Option<&mut Out>,
        outputs: &mut Outputs,
    ) -> Result<(), Failure> {
        match (made, out) {
            (Made::Nothing, _) => Ok(()),
            (Made::Text(text), Some(out)) => out.write(&text).map_err(|e| out.sink.failure(&e)),
            (Made::Page(g, style), out) => {
                let (Some(record), Some(report)) = (&g.record, &g.report) else {
                    return Ok(());
                };
                let game = html::Game {
                    record,
                    report,
                    style,
                };
                match out {
                    Some(out) => self
                        .pages
                        .add(&mut out.sink, &game)
                        .map_err(|e| out.sink.failure(&e)),
                    None => {
                        let stem = stem(input);
                        let (file, title) = (
                            format!("{stem}-game{index}.html"),
                            format!("{stem}, game {index}"),
                        );
                        self.pages.single(outputs, &file, &title, &game)
                    }
                }
            }
            (Made::Text(_), None) => Ok(()),
        }
    }

    fn close(&mut self, outputs: &mut Outputs, mut out: Out) -> Result<(), Failure> {
        // The output's replay page (one input's, or everything's), then the file.
        if self.a.to == To::Html {
            self.pages
                .end(&mut out.sink)
                .map_err(|e| out.sink.failure(&e))?;
        }
        outputs.close(out.sink)
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

fn header(a: &Args, out: &mut Out) -> std::io::Result<()> {
    if a.to == To::Csv {
        let cols: &[&str] = match a.per {
            Per::Ply => &rows::PLY_COLUMNS,
            Per::Game => &rows::GAME_COLUMNS,
        };
        write_csv_row(&mut out.sink, cols.iter().map(|s| s.to_string()).collect())?;
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

/// Reads, replays and converts game `index` of the input `name` (on a worker thread).
fn convert_game(
    a: &Args,
    opts: &Options,
    name: &str,
    index: usize,
    chunk: Result<GameChunk, RecordError>,
) -> (Checked, Made) {
    let mut g = load::load(chunk, index, opts, a.check.strict);
    let mut checked = Checked::of(&mut g);
    let per_game_csv = a.to == To::Csv && a.per == Per::Game;
    if !checked.valid {
        // With --to csv --per game, an invalid game gets its row too.
        if !per_game_csv {
            return (checked, Made::Nothing);
        }
        let error = checked.errors.first().map(|d| d.message.as_str());
        let fields = rows::game_fields(name, index, g.record.as_ref(), g.report.as_ref(), error);
        return (checked, csv_lines(vec![fields]));
    }
    let (Some(record), Some(report)) = (&g.record, &g.report) else {
        return (checked, Made::Nothing);
    };
    let Some(variant) = report.variant else {
        return (checked, Made::Nothing);
    };
    // A game's row says nothing of its moves: any notation will do.
    let style = match style_for(a, variant) {
        Ok(s) => s,
        Err(_) if per_game_csv => Style::default_for(variant),
        Err(why) => {
            checked.refuse(refusal(a, record, index, why));
            return (checked, Made::Nothing);
        }
    };
    let made = match (a.to, a.per) {
        (To::Psn, _) => match psn::write(record, report, style) {
            Some(text) => Made::Text(Text::Record(text)),
            None => Made::Nothing,
        },
        (To::Csv, Per::Ply) => csv_lines(
            rows::plies(record, report, style)
                .iter()
                .map(|r| rows::ply_fields(name, index, r))
                .collect(),
        ),
        (To::Csv, Per::Game) => csv_lines(vec![rows::game_fields(
            name,
            index,
            Some(record),
            Some(report),
            None,
        )]),
        (To::Json, _) => {
            let v = rows::game_json(name, index, record, report, style);
            Made::Text(Text::Lines(format!("{v}\n").into_bytes()))
        }
        (To::Html, _) => Made::Page(Box::new(g), style),
    };
    (checked, made)
}

/// CSV rows as lines to write.
fn csv_lines(rows: Vec<Vec<String>>) -> Made {
    let mut bytes = Vec::new();
    for fields in rows {
        // Writing into memory does not fail.
        let _ = write_csv_row(&mut bytes, fields);
    }
    Made::Text(Text::Lines(bytes))
}

fn style_for(a: &Args, variant: Variant) -> Result<Style, Unsupported> {
    let mut style = Style::default_for(variant);
    style.notation = match a.notation {
        NotationArg::Hodges => Notation::Hodges,
        NotationArg::Long => Notation::Long,
        NotationArg::Xboard => Notation::Xboard,
        NotationArg::San => Notation::San,
    };
    style.notation.writes(variant)?;
    style.ranks = a.ranks.for_variant(variant);
    Ok(style)
}

/// Why a valid game is not written, as a problem of the game: at its Variant tag (or its
/// start), with the notations that would do.
fn refusal(a: &Args, record: &Record, index: usize, why: Unsupported) -> Diag {
    let span = record
        .tags
        .iter()
        .find(|t| t.is("Variant"))
        .map_or(Span::at(record.span.start), |t| t.span);
    let flag = match a.notation {
        NotationArg::San => "--notation san",
        _ => "--notation xboard",
    };
    let problem = Problem {
        kind: ProblemKind::BadNotation,
        message: format!("{flag}: {}", why.message()),
        span,
        ply: None,
        mv: None,
        help: Some("write Gufū games with --notation hodges (the default) or long".into()),
    };
    let mut d = Diag::from_problem(record, index, &problem, Level::Error);
    d.kind = Unsupported::KIND.to_string();
    d
}
