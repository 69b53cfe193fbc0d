//! `kifu analyze`: every ply of a game judged (Gufū exactly, Wa by forced mates).

use super::EXIT_ERROR;
use super::convert::write_csv_row;
use super::inputs::{Input, InputArgs};
use super::load::{self, Loaded};
use super::output::Sink;
use kifu::analysis::annotate::{Judge, PlyNote};
use kifu::analysis::mate::Options as MateOptions;
use kifu::for_game;
use kifu::record::{Annotation, Comment, CommentKind, Nag, NodeId, Record, Span, Tag};
use kifu::replay::Report;
use kifu::writers::{Style, psn};
use serde_json::json;
use std::io::Write;
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
/// main line is analysed. An invalid game is reported as `kifu validate` reports it and is
/// not analysed (exit status 1).
///
/// Examples:
///
///   kifu analyze game.psn                       # annotated record on standard output
///
///   kifu analyze games/ --to csv -o plies.csv   # one row per ply
///
///   kifu analyze wa.psn --mate-depth 2 --to json
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
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
    /// Write to this file (written whole or not at all). Default: standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    #[command(flatten)]
    input: InputArgs,
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

/// The columns of `--to csv`.
const COLUMNS: [&str; 8] = [
    "file", "game", "ply", "move", "before", "after", "best", "verdict",
];

pub fn run(a: Args) -> i32 {
    let (inputs, mut status) = a.input.inputs();
    let mut sink = match Sink::open(a.output.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("kifu: {e}");
            return EXIT_ERROR;
        }
    };
    let mut out = Out {
        sink: &mut sink,
        first: true,
    };
    if a.to == To::Csv
        && let Err(e) = out.csv(COLUMNS.iter().map(|s| s.to_string()).collect())
    {
        eprintln!("kifu: cannot write: {e}");
        return EXIT_ERROR;
    }
    for input in &inputs {
        match analyze_input(&a, input, &mut out) {
            Ok(s) => status = status.max(s),
            Err(e) => {
                // Nothing half-written survives: the sink is dropped unfinished.
                eprintln!("kifu: cannot write: {e}");
                return EXIT_ERROR;
            }
        }
    }
    if let Err(e) = sink.finish() {
        eprintln!("kifu: {e}");
        return EXIT_ERROR;
    }
    status
}

struct Out<'a> {
    sink: &'a mut Sink,
    /// No record written yet (records are separated by a blank line).
    first: bool,
}

impl Out<'_> {
    fn csv(&mut self, fields: Vec<String>) -> std::io::Result<()> {
        write_csv_row(self.sink, fields)
    }
}

fn analyze_input(a: &Args, input: &Input, out: &mut Out) -> std::io::Result<i32> {
    let name = input.display();
    let opts = kifu::replay::Options {
        default_variant: a.input.variant,
        keep_moves: true,
    };
    let mate = MateOptions {
        depth: a.mate_depth,
        all_moves: false,
        max_nodes: Some(a.max_nodes),
    };
    load::each_game(input, &opts, |index, g| {
        let Some((nodes, notes)) = judge(g, mate) else {
            return Ok(());
        };
        match a.to {
            To::Psn => {
                if let (Some(record), Some(report)) = (&g.record, &g.report)
                    && let Some(text) = annotated_record(record, report, &nodes, &notes)
                {
                    if !out.first {
                        out.sink.write_all(b"\n")?;
                    }
                    out.first = false;
                    out.sink.write_all(text.as_bytes())?;
                }
            }
            To::Csv => {
                for n in &notes {
                    out.csv(row(&name, index, n))?;
                }
            }
            To::Json => {
                for n in &notes {
                    let v = COLUMNS
                        .iter()
                        .zip(row(&name, index, n))
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
                    writeln!(out.sink, "{}", serde_json::Value::Object(o))?;
                }
            }
        }
        Ok(())
    })
}

/// A valid game's main line judged: the record's node of each move, and the notes.
fn judge(g: &Loaded, mate: MateOptions) -> Option<(Vec<NodeId>, Vec<PlyNote>)> {
    if !g.errors.is_empty() {
        return None;
    }
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
