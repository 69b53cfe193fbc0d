//! `kifu convert`: normalized records, other notations, CSV, JSON and replay pages.

use super::board_args::{BoardArgs, RanksArgs};
use super::diag::{Diag, Level};
use super::inputs::{self, Input};
use super::load::{self, Loaded};
use super::output::{Failure, Outputs, Target};
use super::pages::Pages;
use super::per_input::{Out, PerInput, Reading, Text, per_input};
use super::report::{CheckArgs, Checked, Command, Format, Reporter};
use super::{EXIT_ERROR, Threads};
use kifu::Variant;
use kifu::notation::Notation;
use kifu::notation::Style;
use kifu::notation::Unsupported;
use kifu::record::{GameChunk, Record, RecordError, Span};
use kifu::replay::{Problem, ProblemKind, ReplayOptions};
use kifu::writers::psn::PsnOptions;
use kifu::writers::{html, psn, rows};
use std::io::Write;
use std::path::PathBuf;

/// Convert records: normalized PSN in any notation, CSV (per ply or per game), JSON, or a
/// replay page (HTML).
///
/// JSON (JSON Lines, an object per game) is the whole record: tags, the comments before the
/// first move, every ply with its glyph, comments and NAGs in order, and its variations,
/// nested (schema: docs/json.md). kifu reads it back: a JSON input converted to PSN gives the
/// PSN the record gives. CSV holds the main line only (no variations, NAGs or glyphs; a ply's
/// comments joined in its `comment` cell).
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
  kifu convert out/game.jsonl                    # JSON back to PSN
  kifu convert game.psn --to html -o game.html   # a replay page

Exit status: 0 every game converted, 1 some game invalid or not writable in the notation
asked for (the others are written), 2 usage or I/O error.")]
pub struct Args {
    #[command(flatten)]
    input: inputs::InputArgs,
    /// Output format: psn, csv (the main line only), json (the whole record, variations
    /// included: docs/json.md), html. `--format` is the same option.
    #[arg(long, visible_alias = "format", value_enum, default_value = "psn")]
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
    /// directory (`game-game1.html`, ...). A name ending in another format's extension
    /// (`--to csv -o games.psn`, `--per game -o one.html`) is refused. Written whole or not at all: a run that fails (exit
    /// status 2) leaves every old file as it was, and so does a run stopped by a signal (no
    /// temporary file is left); a file that would get no game (every game invalid) does not
    /// replace an existing one. -o must not name an input (exit status 2), unless with
    /// --in-place. A symbolic link named here is written through; a FIFO or a device is
    /// written directly (a FIFO no one reads is refused); inside a directory, a link or
    /// non-regular file at a name kifu makes is refused. Default (or `-`): standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    /// With --to psn: let -o name an input, to rewrite it normalized (`kifu convert
    /// game.psn --in-place -o game.psn`; `kifu convert games/ --in-place -o games/` rewrites
    /// every file). Written through a temporary file renamed over the input only when every
    /// game was converted (exit status 0): else, or on any failure, the input stays as it was.
    #[arg(long, requires = "output")]
    in_place: bool,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu (without it, the
    /// moves of such a record tell the game when only one fits).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    #[command(flatten)]
    psn: PsnArgs,
    /// Split the output into files of N games each (the last may have fewer): with `-o
    /// NAME.psn`, NAME-1.psn, NAME-2.psn... (the CSV header in each; `-o NAME` without an
    /// extension takes the format's). Written whole or not at all, as every output; a part
    /// that would be an input is refused (exit status 2). Needs -o naming a file; not with
    /// --to html or --in-place.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    split: Option<u64>,
    /// How the replay page's board looks (--to html).
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    csv: CsvSafe,
    #[command(flatten)]
    check: CheckArgs,
    /// How problems are reported on standard error: text (`path:line:col: error[kind]:
    /// message`, the source line, the game, ply and move; then a summary), or json (JSON
    /// Lines: an object per game with a problem, an object per input that cannot be read,
    /// then a summary). `human` means text.
    #[arg(long, value_enum, default_value = "text")]
    report: Format,
    #[command(flatten)]
    threads: Threads,
}

/// What the PSN keeps and how it is laid out (--to psn only).
#[derive(clap::Args)]
struct PsnArgs {
    /// PSN: leave the comments out (`{...}` and `;...`).
    #[arg(long)]
    no_comments: bool,
    /// PSN: leave the NAGs out (`$n`), and the glyphs after the moves (`!`, `?!`...).
    #[arg(long)]
    no_nags: bool,
    /// PSN: leave the variations out (the main line alone).
    #[arg(long)]
    no_variations: bool,
    /// PSN: when the moves end the game by the rules (checkmate, a King captured, no legal
    /// move, repetition, perpetual check), write the result they decide, in the Result tag
    /// (added if missing) and after the moves, whatever the record said. Other games keep
    /// their result.
    #[arg(long)]
    fix_result: bool,
    /// PSN: a comment after every move with the position after it, as the CSV's position
    /// column has it (Wa: the FEN; Gufū: kifu's position string); as pgn-extract's
    /// --fencomments.
    #[arg(long)]
    fen_comments: bool,
    /// PSN: the longest line of movetext, in columns (a longer move or comment stands alone);
    /// 0: no wrapping, the movetext on one line (a `;` comment still ends its line).
    #[arg(long, value_name = "N", default_value_t = 80)]
    width: usize,
}

impl PsnArgs {
    fn options(&self) -> PsnOptions {
        PsnOptions {
            comments: !self.no_comments,
            nags: !self.no_nags,
            variations: !self.no_variations,
            fix_result: self.fix_result,
            position_comments: self.fen_comments,
            width: self.width,
        }
    }
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

impl NotationArg {
    /// The notation this names.
    pub fn notation(self) -> Notation {
        match self {
            NotationArg::Hodges => Notation::Hodges,
            NotationArg::Long => Notation::Long,
            NotationArg::Xboard => Notation::Xboard,
            NotationArg::San => Notation::San,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Per {
    Ply,
    Game,
}

pub fn run(a: Args) -> i32 {
    if a.in_place && a.to != To::Psn {
        super::say::error(
            "usage",
            "--in-place rewrites records: it goes with --to psn only",
        );
        return EXIT_ERROR;
    }
    if a.to != To::Psn && a.psn.options() != PsnOptions::default() {
        super::say::error(
            "usage",
            "--no-comments, --no-nags, --no-variations, --fix-result, --fen-comments and \
             --width shape PSN: they go with --to psn only",
        );
        return EXIT_ERROR;
    }
    let found = a.input.expand();
    if a.split.is_some()
        && (a.to == To::Html
            || a.in_place
            || !matches!(Target::of(a.output.as_deref()), Target::File(_)))
    {
        super::say::error(
            "usage",
            "--split writes NAME-1.psn, NAME-2.psn...: it needs -o naming a file, and goes \
             with --to psn, csv or json (not --in-place)",
        );
        return EXIT_ERROR;
    }
    let page_each = a.to == To::Html && a.per == Per::Game;
    let target = match target(&a, page_each, &found) {
        Ok(t) => t,
        Err(m) => {
            super::say::line(&m);
            return EXIT_ERROR;
        }
    };
    let mut convert = Convert {
        a: &a,
        written: 0,
        part: 0,
        inputs: inputs::identities(&found),
        page_each,
        pages: Pages::new(a.board.page(), page_title(&a.input.paths, &found)),
    };
    let reading = Reading {
        found: &found,
        encoding: a.input.encoding.choice(),
        threads: a.threads.get(),
        batch: 32,
    };
    let opts = ReplayOptions {
        default_variant: a.variant,
        keep_moves: true,
    };
    let report = Reporter::new(Command::Convert, a.report, a.check.quiet);
    let examine = |name: &str, index, chunk| convert_game(&a, &opts, name, index, chunk);
    per_input(reading, target, examine, &mut convert, report)
}

/// The conversion, game after game, as [`per_input`] runs it.
struct Convert<'a> {
    a: &'a Args,
    /// With --split: the games written so far, and the part being written (from 1).
    written: u64,
    part: u64,
    /// The inputs' identities (a part must not be one of them).
    inputs: std::collections::HashSet<(u64, u64)>,
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
    /// A long game's CSV rows or JSON (`--to csv|json`), written to the output as the
    /// replay is walked rather than made whole first: (the game, its style, the input's name).
    Rows(Box<Loaded>, Style, String),
}

/// Games longer than this (main-line plies) have their CSV rows or JSON written on the
/// output's thread as they are walked ([`Made::Rows`]), so that no game's output is ever held
/// whole in memory; shorter ones are made on the worker threads.
const STREAM_PLIES: u64 = 2_000;

impl PerInput for Convert<'_> {
    type Made = Made;

    fn file_name(&self, input: &Input) -> Option<String> {
        (!self.page_each).then(|| output_name(input, self.a.to))
    }

    fn in_place(&self) -> bool {
        self.a.in_place
    }

    fn open(
        &mut self,
        outputs: &mut Outputs,
        name: &str,
        input: Option<&Input>,
    ) -> Result<Out, Failure> {
        let sink = match self.a.split {
            Some(_) => {
                self.part += 1;
                let ext = extension(self.a.to);
                if let Some(path) = outputs.part_path(self.part, ext)
                    && inputs::identity(&path).is_some_and(|id| self.inputs.contains(&id))
                {
                    return Err(Failure::Error(format!(
                        "{}: error[usage]: --split would write over an input (nothing written)",
                        path.display()
                    )));
                }
                outputs.open_part(self.part, ext)?
            }
            None => outputs.open(name)?,
        };
        let mut out = Out::new(sink);
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
        let out = match (self.a.split, out) {
            (Some(n), Some(out)) if matches!(made, Made::Text(_) | Made::Rows(..)) => {
                if self.written > 0 && self.written.is_multiple_of(n) {
                    // The part is full: put it aside for the commit, and begin the next.
                    let next = self.open(outputs, "", None)?;
                    let full = std::mem::replace(out, next);
                    outputs.close(full.sink)?;
                }
                self.written += 1;
                Some(out)
            }
            (_, out) => out,
        };
        match (made, out) {
            (Made::Nothing, _) => {
                self.pages.left_out += 1;
                Ok(())
            }
            (Made::Text(text), Some(out)) => out.write(&text).map_err(|e| out.sink.failure(&e)),
            (Made::Page(g, style), out) => {
                let (Some(record), Some(report)) = (&g.record, &g.report) else {
                    return Ok(());
                };
                let file = input.display();
                let game = html::PageGame {
                    record,
                    report,
                    style,
                    file: Some(&file),
                };
                match out {
                    Some(out) => {
                        out.sink.wrote_game();
                        self.pages
                            .add(&mut out.sink, &game)
                            .map_err(|e| out.sink.failure(&e))
                    }
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
            (Made::Rows(g, style, name), Some(out)) => {
                let (Some(record), Some(report)) = (&g.record, &g.report) else {
                    return Ok(());
                };
                let rows = Rows {
                    a: self.a,
                    name: &name,
                    index,
                    record,
                    report,
                    style,
                };
                out.sink.wrote_game();
                rows.write(&mut out.sink).map_err(|e| out.sink.failure(&e))
            }
            (Made::Text(_) | Made::Rows(..), None) => Ok(()),
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
fn target(a: &Args, page_each: bool, found: &[inputs::Found]) -> Result<Target, String> {
    if !page_each {
        let target = Target::of(a.output.as_deref());
        // An output that is an input is refused as such (by `per_input`), whatever its name.
        if let Target::File(p) = &target
            && inputs::identity(p).is_some_and(|id| inputs::identities(found).contains(&id))
        {
            return Ok(target);
        }
        let (format, allowed): (&str, &[&str]) = match a.to {
            To::Psn => ("PSN", &["psn", "pgn"]),
            To::Csv => ("CSV", &["csv"]),
            To::Json => ("JSON lines", &["jsonl", "json", "ndjson"]),
            To::Html => ("HTML", &["html", "htm"]),
        };
        target.check_extension(&format!("{format} (--to)"), allowed)?;
        return Ok(target);
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
    format!("{}.{}", stem(input), extension(to))
}

/// The usual extension of a format's files.
fn extension(to: To) -> &'static str {
    match to {
        To::Psn => "psn",
        To::Csv => "csv",
        To::Json => "jsonl",
        To::Html => "html",
    }
}

/// The title of one page for all the inputs: the paths as given (a directory's name, not a
/// count of its files), else the one input found.
fn page_title(paths: &[std::path::PathBuf], found: &[inputs::Found]) -> String {
    let shown: Vec<String> = paths
        .iter()
        .map(|p| match p.to_str() {
            Some("-") => "<stdin>".to_string(),
            _ => p.display().to_string(),
        })
        .collect();
    match (shown.as_slice(), found) {
        ([], [Ok(one)]) => one.display(),
        ([], _) => ".".to_string(),
        (few, _) if few.len() <= 3 => few.join(", "),
        (many, _) => format!("{}, {} and {} more", many[0], many[1], many.len() - 2),
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

/// `--csv-safe`, for every command that writes CSV.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct CsvSafe {
    /// CSV for spreadsheets: a cell that begins with =, +, -, @, a tab or a carriage return
    /// (a tag's value, a comment, a move such as +Pfg8) gets a ' in front, so that a
    /// spreadsheet shows it as text instead of running it as a formula (CSV formula
    /// injection: records come from anywhere, and their tags are written as they are). A
    /// number (-35, +1.5) is left as it is.
    #[arg(long)]
    pub csv_safe: bool,
}

impl CsvSafe {
    /// The row's cells, made safe when asked.
    pub fn cells(self, mut fields: Vec<String>) -> Vec<String> {
        if self.csv_safe {
            for f in &mut fields {
                if is_formula(f) {
                    f.insert(0, '\'');
                }
            }
        }
        fields
    }
}

/// Whether a spreadsheet could take the cell for a formula: it begins with =, +, -, @, a tab
/// or a carriage return, and is not a plain number.
fn is_formula(cell: &str) -> bool {
    let Some(first) = cell.chars().next() else {
        return false;
    };
    if !matches!(first, '=' | '+' | '-' | '@' | '\t' | '\r') {
        return false;
    }
    let digits = &cell[1..];
    let number = matches!(first, '+' | '-')
        && !digits.is_empty()
        && digits.chars().any(|c| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.matches('.').count() <= 1;
    !number
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
    opts: &ReplayOptions,
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
        let error = checked
            .errors
            .first()
            .map(|d| (d.kind.as_str(), d.message.as_str()));
        let fields = rows::game_fields(name, index, g.record.as_ref(), g.report.as_ref(), error);
        return (checked, csv_lines(a.csv, vec![fields]));
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
        (To::Psn, _) => match psn::write_with(record, report, style, &a.psn.options()) {
            Ok(text) => Made::Text(Text::Record(text)),
            Err(_) => Made::Nothing,
        },
        (To::Csv, Per::Game) => csv_lines(
            a.csv,
            vec![rows::game_fields(
                name,
                index,
                Some(record),
                Some(report),
                None,
            )],
        ),
        (To::Csv | To::Json, _) if report.main_plies > STREAM_PLIES => {
            Made::Rows(Box::new(g), style, name.to_string())
        }
        (To::Csv | To::Json, _) => {
            let mut bytes = Vec::new();
            let rows = Rows {
                a,
                name,
                index,
                record,
                report,
                style,
            };
            // Writing into memory does not fail.
            let _ = rows.write(&mut bytes);
            Made::Text(Text::Lines(bytes))
        }
        (To::Html, _) => Made::Page(Box::new(g), style),
    };
    (checked, made)
}

/// A valid game's CSV rows (`--to csv --per ply`) or JSON line (`--to json`).
struct Rows<'a> {
    a: &'a Args,
    name: &'a str,
    index: usize,
    record: &'a Record,
    report: &'a kifu::replay::Report,
    style: Style,
}

impl Rows<'_> {
    /// Writes them as the replay is walked.
    fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let Rows {
            name,
            index,
            record,
            report,
            style,
            ..
        } = *self;
        if self.a.to == To::Json {
            rows::write_game_json(out, name, index, record, report, style)?;
            return out.write_all(b"\n");
        }
        rows::each_ply(record, report, style, &mut |r| {
            write_csv_row(out, self.a.csv.cells(rows::ply_fields(name, index, &r)))
        })
    }
}

/// CSV rows as lines to write.
fn csv_lines(safe: CsvSafe, rows: Vec<Vec<String>>) -> Made {
    let mut bytes = Vec::new();
    for fields in rows {
        // Writing into memory does not fail.
        let _ = write_csv_row(&mut bytes, safe.cells(fields));
    }
    Made::Text(Text::Lines(bytes))
}

fn style_for(a: &Args, variant: Variant) -> Result<Style, Unsupported> {
    let mut style = Style::default_for(variant);
    style.notation = a.notation.notation();
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
