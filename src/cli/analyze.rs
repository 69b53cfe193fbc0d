//! `kifu analyze`: every ply of a game judged (Gufū exactly, Wa by forced mates).

use super::Threads;
use super::convert::{stem, write_csv_row};
use super::inputs::{Input, InputArgs};
use super::load::{self, Loaded};
use super::output::{Failure, Outputs, Target};
use super::per_input::{Out, PerInput, Reading, Text, per_input};
use super::report::{Checked, Command, Format, Reporter};
use kifu::Variant;
use kifu::analysis::annotate::{Judge, PlyNote};
use kifu::analysis::mate::Options as MateOptions;
use kifu::for_game;
use kifu::record::{
    Annotation, Comment, CommentKind, GameChunk, Nag, NodeId, Record, RecordError, Span, Tag,
};
use kifu::replay::Report;
use kifu::writers::{Style, psn};
use serde_json::json;
use std::path::PathBuf;

/// Annotate games: the value before and after every move, the best move, and a verdict
///
/// Gufū: the exact value (`win in 7`, `draw`, `loss in 4`, in plies, for the side that moves).
/// A move that worsens the outcome (win → draw or loss, draw → loss) is a blunder `??` ($4);
/// the only move that keeps a win is `!` ($1).
///
/// Wa: the shortest forced mate within --mate-depth moves (checks only) for either side:
/// `mate in N` (the mover mates), `mated in N` (the opponent mates whatever the mover plays) or
/// `no mate found`. A move that lets a forced mate slip is `?` ($2); a move that allows the
/// opponent a forced mate, when another move would not have, is `??` ($4).
///
/// Output: the record with those NAGs and a short comment on each judged move
/// (`{win in 7 → draw; best K-1二>N}`), which validates and converts like any record; or one
/// row per ply (`--to csv`, `--to json`: ply, move, before, after, best, verdict). Only the
/// main line is analysed. Inputs are found and read as `kifu validate` finds and reads them
/// (the same options; a file read as Shift_JIS gets its warning on standard error). An invalid
/// game is reported as `kifu validate` reports it and is not analysed.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  kifu analyze game.psn                       # annotated record on standard output
  kifu analyze games/ --to csv -o plies.csv   # one row per ply
  kifu analyze games/ -o annotated/           # one annotated file per input
  kifu analyze wa.psn --mate-depth 2 --to json

Exit status: 0 every game valid, 1 some game invalid, 2 usage or I/O error (then nothing is
written to -o).")]
pub struct Args {
    /// Wa: search mates up to this many moves of either side.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=9))]
    mate_depth: u32,
    /// Wa: give up a mate search after this many positions (the value is then `unknown`).
    #[arg(long, default_value_t = 1_000_000)]
    max_nodes: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "psn")]
    to: To,
    /// Where to write: a path ending in `/` or naming an existing directory is a directory
    /// (created if missing) with one output per input, named after it (`game.psn`,
    /// `game.csv`, `game.jsonl`); any other path is one file holding everything. Written whole
    /// or not at all: a run that fails (exit status 2) leaves every old file as it was.
    /// Default (or `-`): standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu (without it, the
    /// moves of such a record tell the game when only one fits).
    #[arg(long, short = 'v')]
    variant: Option<Variant>,
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    threads: Threads,
}

/// What `kifu analyze` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum To {
    /// The record, annotated.
    Psn,
    /// One row per ply.
    Csv,
    /// One object per ply (JSON Lines).
    Json,
}

impl To {
    /// The extension of an output file in a directory.
    fn extension(self) -> &'static str {
        match self {
            To::Psn => "psn",
            To::Csv => "csv",
            To::Json => "jsonl",
        }
    }
}

/// The columns of `--to csv`.
const COLUMNS: [&str; 8] = [
    "file", "game", "ply", "move", "before", "after", "best", "verdict",
];

pub fn run(a: Args) -> i32 {
    let found = a.input.expand();
    let reading = Reading {
        found: &found,
        encoding: a.input.encoding.choice(),
        threads: a.threads.get(),
        // An analysis takes long: a game at a time to a thread.
        batch: 1,
    };
    let opts = kifu::replay::Options {
        default_variant: a.variant,
        keep_moves: true,
    };
    let mate = MateOptions {
        depth: a.mate_depth,
        all_moves: false,
        max_nodes: Some(a.max_nodes),
    };
    let examine = |name: &str, index, chunk| analyze_game(&a, &opts, mate, name, index, chunk);
    let report = Reporter::new(Command::Analyze, Format::Human, true);
    let target = Target::of(a.output.as_deref());
    per_input(reading, target, examine, &mut Analyze(&a), report)
}

/// The analysis, written game after game, as [`per_input`] runs it.
struct Analyze<'a>(&'a Args);

impl PerInput for Analyze<'_> {
    type Made = Option<Text>;

    fn file_name(&self, input: &Input) -> Option<String> {
        Some(format!("{}.{}", stem(input), self.0.to.extension()))
    }

    /// An output, with the CSV header.
    fn open(
        &mut self,
        outputs: &mut Outputs,
        name: &str,
        _: Option<&Input>,
    ) -> Result<Out, Failure> {
        let mut out = Out::new(outputs.open(name)?);
        if self.0.to == To::Csv {
            let header = COLUMNS.iter().map(|s| s.to_string()).collect();
            write_csv_row(&mut out.sink, header).map_err(|e| out.sink.failure(&e))?;
        }
        Ok(out)
    }

    fn write(
        &mut self,
        _: &Input,
        _: usize,
        made: Option<Text>,
        out: Option<&mut Out>,
        _: &mut Outputs,
    ) -> Result<(), Failure> {
        match (made, out) {
            (Some(text), Some(out)) => out.write(&text).map_err(|e| out.sink.failure(&e)),
            // Every input has an output (its own, or the one for all).
            _ => Ok(()),
        }
    }
}

/// Reads, replays and analyses game `index` of the input `name` (on a worker thread).
fn analyze_game(
    a: &Args,
    opts: &kifu::replay::Options,
    mate: MateOptions,
    name: &str,
    index: usize,
    chunk: Result<GameChunk, RecordError>,
) -> (Checked, Option<Text>) {
    let mut g = load::load(chunk, index, opts, false);
    let checked = Checked::of(&mut g);
    if !checked.valid {
        return (checked, None);
    }
    let Some((nodes, notes)) = judge(&g, mate) else {
        return (checked, None);
    };
    let text = match a.to {
        To::Psn => match (&g.record, &g.report) {
            (Some(record), Some(report)) => {
                annotated_record(record, report, &nodes, &notes).map(Text::Record)
            }
            _ => None,
        },
        To::Csv => {
            let mut bytes = Vec::new();
            for n in &notes {
                // Writing into memory does not fail.
                let _ = write_csv_row(&mut bytes, row(name, index, n));
            }
            Some(Text::Lines(bytes))
        }
        To::Json => {
            let mut bytes = Vec::new();
            for n in &notes {
                let v = COLUMNS
                    .iter()
                    .zip(row(name, index, n))
                    .map(|(k, v)| (k.to_string(), json!(v)));
                let mut o: serde_json::Map<String, serde_json::Value> = v.collect();
                o["game"] = json!(index);
                o["ply"] = json!(n.ply);
                for k in ["best", "verdict"] {
                    if o[k] == json!("") {
                        o[k] = json!(null);
                    }
                }
                o.insert("nag".into(), json!(n.verdict.map(|v| v.nag())));
                bytes.extend_from_slice(format!("{}\n", serde_json::Value::Object(o)).as_bytes());
            }
            Some(Text::Lines(bytes))
        }
    };
    (checked, text)
}

/// A valid game's main line judged (`g` must be valid): the record's node of each move, and the notes.
fn judge(g: &Loaded, mate: MateOptions) -> Option<(Vec<NodeId>, Vec<PlyNote>)> {
    let record = g.record.as_ref()?;
    let played = g.report.as_ref()?.played.as_ref()?;
    Some(for_game!(played, p => {
        let line = p.main_line(&record.movetext);
        let nodes = line.iter().filter_map(|(id, _, _)| *id).collect();
        let moves: Vec<_> = line.iter().filter_map(|(_, m, _)| *m).collect();
        let positions: Vec<_> = line.into_iter().map(|(_, _, s)| s).collect();
        (nodes, Judge::judge(&positions, &moves, mate))
    }))
}

/// One ply's fields, in the order of [`COLUMNS`].
fn row(file: &str, game: usize, n: &PlyNote) -> Vec<String> {
    vec![
        file.to_string(),
        game.to_string(),
        n.ply.to_string(),
        n.mv.clone(),
        n.before.clone(),
        n.after.clone(),
        n.best.clone().unwrap_or_default(),
        n.verdict.map(|v| v.glyph().to_string()).unwrap_or_default(),
    ]
}

/// The record in the normalized form with each judged move's NAG and comment after it,
/// and an Annotator tag.
fn annotated_record(
    record: &Record,
    report: &Report,
    nodes: &[NodeId],
    notes: &[PlyNote],
) -> Option<String> {
    let mut r = record.clone();
    let span = Span::at(record.span.end);
    for (id, n) in nodes.iter().zip(notes) {
        let node = r.movetext.node_mut(*id);
        // What an earlier analysis wrote is not written twice.
        let mut add = |a: Annotation| {
            let same = |b: &Annotation| match (&a, b) {
                (Annotation::Nag(x), Annotation::Nag(y)) => x.value == y.value,
                (Annotation::Comment(x), Annotation::Comment(y)) => x.text == y.text,
                _ => false,
            };
            if !node.annotations.iter().any(same) {
                node.annotations.push(a);
            }
        };
        if let Some(v) = n.verdict {
            add(Annotation::Nag(Nag {
                value: v.nag(),
                span,
            }));
        }
        if let Some(c) = &n.comment {
            add(Annotation::Comment(Comment {
                kind: CommentKind::Brace,
                text: c.replace('}', ")"),
                span,
            }));
        }
    }
    r.tags.retain(|t| !t.is("Annotator"));
    r.tags.push(Tag {
        name: "Annotator".into(),
        value: "kifu analyze".into(),
        name_span: span,
        value_span: span,
        span,
    });
    psn::write(&r, report, Style::default_for(report.variant?))
}
