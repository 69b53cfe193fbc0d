//! `kifu convert`: normalized records, other notations, CSV, JSON and replay pages.

use super::EXIT_ERROR;
use super::board_args::BoardArgs;
use super::inputs::{Input, InputArgs};
use super::load;
use super::output::Sink;
use super::pages::Pages;
use kifu::Variant;
use kifu::notation::RankStyle;
use kifu::replay::Options;
use kifu::writers::{Notation, Style, html, psn, rows};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Convert records: normalized PSN in any notation, CSV (per ply or per game), JSON, or a
/// replay page (HTML).
///
/// Every game is replayed first, so what is written is legal and fully resolved. An invalid
/// game is reported exactly as `kifu validate` reports it and is not converted (with
/// `--to csv --per game` it gets a row with valid=false and its error); the exit status is
/// then 1. Output files are written whole or not at all.
///
/// `--to html` writes a self-contained replay page (no network, no external file; opens from
/// file://) per input, with a list of its games, the board drawn as `kifu render` draws it
/// (--flip, --style, --labels, --ranks), the moves with comments, NAGs and variations; keys
/// ←/→, Home/End, ↑/↓ (other moves at this point, or another game). With --per game: a page
/// per game, into the directory -o names. To one file or standard output: one page for all
/// the inputs' games.
#[derive(clap::Args)]
pub struct Args {
    /// Output format.
    #[arg(long, value_enum, default_value = "psn")]
    to: To,
    /// Move notation: hodges (origin only where needed), long (origin always), xboard (engine
    /// coordinates, Wa only).
    #[arg(long, value_enum, default_value = "hodges")]
    notation: NotationArg,
    /// Rank style: kanji (一…十一) or letters (a…k). Default: kanji for Gufū, letters for Wa.
    #[arg(long, value_enum)]
    ranks: Option<Ranks>,
    /// CSV rows: one per ply (default) or one per game. HTML: --per game writes a page per
    /// game (into the directory given by -o).
    #[arg(long, value_enum, default_value = "ply")]
    per: Per,
    /// Write to this file (with several inputs, their outputs one after the other), or into
    /// this directory (an existing one, or a new one with several inputs: one output per input,
    /// named after it). Default: standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    #[command(flatten)]
    input: InputArgs,
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

/// A reason to stop at once with exit status 2.
struct Fatal(String);

pub fn run(a: Args) -> i32 {
    let (inputs, mut status) = a.input.inputs();
    // Where each input's output goes.
    let several = inputs.len() > 1;
    let page_each = a.to == To::Html && a.per == Per::Game;
    let to_dir = match &a.output {
        Some(o) => o.is_dir() || ((several || page_each) && !o.exists()),
        None => false,
    };
    if page_each && !to_dir {
        eprintln!("kifu: --to html --per game writes a page per game: give -o DIRECTORY");
        return EXIT_ERROR;
    }
    let mut pages = Pages::new(a.board.page(), page_title(&inputs));
    if let (true, Some(dir)) = (to_dir, &a.output)
        && !dir.exists()
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("kifu: cannot create {}: {e}", dir.display());
        return EXIT_ERROR;
    }
    let mut shared: Option<Sink> = None;
    if !to_dir {
        shared = match Sink::open(a.output.as_deref()) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("kifu: {e}");
                return EXIT_ERROR;
            }
        };
        if let Some(s) = shared.as_mut()
            && let Err(e) = header(&a, s)
        {
            eprintln!("kifu: cannot write: {e}");
            return EXIT_ERROR;
        }
    }
    for input in &inputs {
        let mut own: Option<Sink> = None;
        if to_dir && !page_each {
            let dir = a.output.as_deref().unwrap_or(Path::new("."));
            let path = dir.join(output_name(input, a.to));
            match Sink::open(Some(&path)) {
                Ok(mut s) => {
                    if let Err(e) = header(&a, &mut s) {
                        eprintln!("kifu: cannot write {}: {e}", path.display());
                        return EXIT_ERROR;
                    }
                    own = Some(s);
                }
                Err(e) => {
                    eprintln!("kifu: {e}");
                    return EXIT_ERROR;
                }
            }
        }
        if own.is_some() {
            pages.title = input.display();
        }
        // (With a page per game, nothing goes to a sink: standard output stands in, unused.)
        let mut unused = None;
        let sink = match (own.as_mut(), shared.as_mut()) {
            (Some(s), _) | (None, Some(s)) => s,
            (None, None) if page_each => {
                unused.insert(Sink::Stdout(std::io::BufWriter::new(std::io::stdout())))
            }
            (None, None) => return EXIT_ERROR,
        };
        match convert_input(&a, input, sink, &mut pages) {
            Ok(s) => status = status.max(s),
            Err(Fatal(msg)) => {
                eprintln!("kifu: {msg}");
                // Nothing half-written survives: the sinks are dropped unfinished.
                return EXIT_ERROR;
            }
        }
        // An input's own page ends with it.
        if let Some(s) = own.as_mut()
            && a.to == To::Html
            && let Err(e) = pages.end(s)
        {
            eprintln!("kifu: cannot write: {e}");
            return EXIT_ERROR;
        }
        if let Some(s) = own
            && let Err(e) = s.finish()
        {
            eprintln!("kifu: {e}");
            return EXIT_ERROR;
        }
    }
    // One page for everything written to one file or standard output.
    if let Some(s) = shared.as_mut()
        && a.to == To::Html
        && let Err(e) = pages.end(s)
    {
        eprintln!("kifu: cannot write: {e}");
        return EXIT_ERROR;
    }
    if let Some(s) = shared
        && let Err(e) = s.finish()
    {
        eprintln!("kifu: {e}");
        return EXIT_ERROR;
    }
    status
}

fn stem(input: &Input) -> String {
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
fn page_title(inputs: &[Input]) -> String {
    match inputs {
        [one] => one.display(),
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

fn convert_input(
    a: &Args,
    input: &Input,
    sink: &mut Sink,
    pages: &mut Pages,
) -> Result<i32, Fatal> {
    let name = input.display();
    let opts = Options {
        default_variant: a.input.variant,
        keep_moves: true,
    };
    let mut first_psn = true;
    load::each_game(input, &opts, |index, g| {
        let io = |e: std::io::Error| Fatal(format!("cannot write: {e}"));
        if !g.errors.is_empty() {
            if a.to == To::Csv && a.per == Per::Game {
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
            (To::Html, per) => {
                let game = html::Game {
                    record,
                    report,
                    style,
                };
                match (per, &a.output) {
                    (Per::Game, Some(dir)) => {
                        let stem = stem(input);
                        let path = dir.join(format!("{stem}-game{index}.html"));
                        pages
                            .single(&path, &format!("{stem}, game {index}"), &game)
                            .map_err(Fatal)?;
                    }
                    _ => pages.add(sink, &game).map_err(io)?,
                }
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
        NotationArg::Xboard => {
            if variant == Variant::Gufu {
                return Err(Fatal(
                    "--notation xboard writes engine coordinates, which exist only for Wa; \
                     a Gufū game cannot be written that way"
                        .into(),
                ));
            }
            Notation::Xboard
        }
    };
    if let Some(r) = a.ranks {
        style.ranks = match r {
            Ranks::Kanji => RankStyle::Kanji,
            Ranks::Letters => RankStyle::Letter,
        };
    }
    Ok(style)
}
