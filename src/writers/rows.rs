//! Tables and JSON: one row per ply (or per game), every field of the replayed move. CSV
//! holds the main line only; JSON the whole record (comments, NAGs, glyphs, variations).

use super::{Describe, PlyFacts, facts};
use crate::for_game;
use crate::notation::{Style, move_number};
use crate::record::{Annotation, Comment, CommentKind, Node, Record};
use crate::replay::Step;
use crate::replay::{Played, Players, Report};
use serde_json::{Value, json};
use std::io::{self, Write};

/// Columns of the per-ply table.
pub const PLY_COLUMNS: [&str; 17] = [
    "file",
    "game",
    "ply",
    "number",
    "side",
    "move",
    "piece",
    "from",
    "to",
    "action",
    "captured",
    "promotion",
    "facing",
    "check",
    "mate",
    "comment",
    "position",
];

/// Columns of the per-game table.
pub const GAME_COLUMNS: [&str; 15] = [
    "file",
    "game",
    "variant",
    "event",
    "date",
    "black",
    "white",
    "result",
    "outcome",
    "plies",
    "termination",
    "valid",
    "error_kind",
    "error",
    "final_position",
];

/// One main-line ply of a replayed game, with its number and the comments after it.
pub struct PlyRow {
    /// The ply's place in the main line, from 1.
    pub ply: u64,
    /// The move number written before it: every ply numbered (Gufū) or pairs of plies (Wa, as
    /// chess numbers moves).
    pub number: u64,
    /// The move and what it does.
    pub facts: PlyFacts,
    /// The comments after the move, trimmed and joined with spaces (empty without any).
    pub comment: String,
}

/// The main line's plies (the report must come from `keep_moves`).
pub fn plies(record: &Record, report: &Report, style: Style) -> Vec<PlyRow> {
    let mut out = Vec::new();
    let _ = each_ply(record, report, style, &mut |r| {
        out.push(r);
        Ok(())
    });
    out
}

/// Hands each main-line ply to `f` as the replay is walked (the report must come from
/// `keep_moves`), nothing kept: what a writer needs to write a game of any length as it
/// goes. Stops at `f`'s first error.
pub fn each_ply(
    record: &Record,
    report: &Report,
    style: Style,
    f: &mut dyn FnMut(PlyRow) -> io::Result<()>,
) -> io::Result<()> {
    match &report.played {
        Some(played) => for_game!(played, p => plies_of(record, p, style, f)),
        None => Ok(()),
    }
}

fn plies_of<G: Describe>(
    record: &Record,
    played: &Played<G>,
    style: Style,
    f: &mut dyn FnMut(PlyRow) -> io::Result<()>,
) -> io::Result<()> {
    let mut walk = played.main_line(&record.movetext);
    let mut ply = 0;
    while let Some(step) = walk.next() {
        let Step::Ply {
            node,
            before,
            mv,
            after,
            ..
        } = step
        else {
            continue;
        };
        ply += 1;
        f(ply_row(node, ply, before, mv, after, style))?;
    }
    Ok(())
}

/// A ply's row: `ply` counted from the game's start, its comments joined.
fn ply_row<G: Describe>(
    node: &Node,
    ply: u64,
    before: &G,
    mv: &G::Move,
    after: &G,
    style: Style,
) -> PlyRow {
    let comment = node
        .comments()
        .map(|c| c.text.trim())
        .collect::<Vec<_>>()
        .join(" ");
    PlyRow {
        ply,
        number: move_number(before),
        facts: facts(before, mv, after, style),
        comment,
    }
}

/// The per-ply CSV fields of a row.
pub fn ply_fields(file: &str, game: usize, r: &PlyRow) -> Vec<String> {
    let (f, p) = (&r.facts, &r.facts.parts);
    vec![
        file.to_string(),
        game.to_string(),
        r.ply.to_string(),
        r.number.to_string(),
        f.side.name().to_string(),
        f.text.clone(),
        p.piece.clone(),
        p.from.clone().unwrap_or_default(),
        p.to.clone(),
        p.action.to_string(),
        p.captured.clone().unwrap_or_default(),
        p.promotion.unwrap_or("").to_string(),
        p.facing.map(String::from).unwrap_or_default(),
        f.check.to_string(),
        f.mate.to_string(),
        r.comment.clone(),
        f.position.clone(),
    ]
}

/// A ply as a JSON object (the CSV row's fields).
pub fn ply_json(r: &PlyRow) -> Value {
    let (f, p) = (&r.facts, &r.facts.parts);
    json!({
        "ply": r.ply,
        "number": r.number,
        "side": f.side.name(),
        "move": f.text,
        "piece": p.piece,
        "from": p.from,
        "to": p.to,
        "action": p.action,
        "captured": p.captured,
        "promotion": p.promotion,
        "facing": p.facing.map(String::from),
        "check": f.check,
        "mate": f.mate,
        "comment": if r.comment.is_empty() { None } else { Some(&r.comment) },
        "position": f.position,
    })
}

/// The per-game summary fields: valid games and invalid ones (with their first error, as
/// `(kind, message)`: `cannot_move_that_way`, `Black has no SP that can move to 4f`).
pub fn game_fields(
    file: &str,
    game: usize,
    record: Option<&Record>,
    report: Option<&Report>,
    error: Option<(&str, &str)>,
) -> Vec<String> {
    let tag = |name: &str| {
        record
            .and_then(|r| r.tag(name))
            .unwrap_or_default()
            .to_string()
    };
    // `black` is the first mover, whichever convention the record's tags follow.
    let players = record.map(Players::of).unwrap_or(Players {
        first: None,
        second: None,
    });
    vec![
        file.to_string(),
        game.to_string(),
        report
            .and_then(|r| r.variant)
            .map(|v| v.name().to_string())
            .unwrap_or_default(),
        tag("Event"),
        tag("Date"),
        players.first.unwrap_or_default().to_string(),
        players.second.unwrap_or_default().to_string(),
        record
            .and_then(result_as_written)
            .unwrap_or_default()
            .to_string(),
        report.and_then(outcome).unwrap_or_default().to_string(),
        report.map(|r| r.main_plies).unwrap_or(0).to_string(),
        report
            .and_then(|r| r.outcome)
            .map(|o| o.termination.name().to_string())
            .unwrap_or_default(),
        (error.is_none()).to_string(),
        error.map(|e| e.0).unwrap_or_default().to_string(),
        error.map(|e| e.1).unwrap_or_default().to_string(),
        report
            .and_then(Report::end)
            .map(|s| s.position_string())
            .unwrap_or_default(),
    ]
}

/// The result a record states, as written: its Result tag, else the result written after the
/// moves (`1. SP-8g 1-0`); `None` when it states neither.
pub fn result_as_written(record: &Record) -> Option<&str> {
    record
        .tag("Result")
        .or_else(|| record.result.map(|r| r.value.as_str()))
}

/// What the replay found a game's result to be: `1-0`, `0-1` or `1/2-1/2` when its moves end
/// the game (checkmate, a King captured, repetition...), `*` when they do not; `None` when
/// the replay stopped at an error before the game ended (then nobody knows).
pub fn outcome(report: &Report) -> Option<&'static str> {
    match report.outcome {
        Some(o) => Some(o.result()),
        None => report.valid().then_some("*"),
    }
}

/// A whole game as one JSON object: tags (as written), the players (`black` the first mover,
/// `white` the second, whichever convention the tags follow), the `result` (as written, see
/// [`result_as_written`]) and the `outcome` (what the moves decide, see [`outcome`]), the
/// comments before the first move, the result token written after the moves, and every ply
/// with its glyph, comments, NAGs and variations (nested): the whole record, lossless (see
/// docs/json.md). (Built from [`write_game_json`]'s text.)
pub fn game_json(file: &str, game: usize, record: &Record, report: &Report, style: Style) -> Value {
    let mut bytes = Vec::new();
    // Writing into memory does not fail, and serde_json reads back what it wrote.
    let _ = write_game_json(&mut bytes, file, game, record, report, style);
    serde_json::from_slice(&bytes).unwrap_or(Value::Null)
}

/// A comment or a NAG as a JSON object: `{"comment": text, "kind": "brace"|"line"}` or
/// `{"nag": n}`.
pub fn annotation_json(a: &Annotation) -> Value {
    match a {
        Annotation::Comment(c) => comment_json(c),
        Annotation::Nag(n) => json!({ "nag": n.value }),
    }
}

fn comment_json(c: &Comment) -> Value {
    let kind = match c.kind {
        CommentKind::Brace => "brace",
        CommentKind::Line => "line",
    };
    json!({ "comment": c.text, "kind": kind })
}

fn comments_json(comments: &[Comment]) -> Value {
    comments.iter().map(comment_json).collect()
}

/// The game's JSON object but its moves.
fn game_head(file: &str, game: usize, record: &Record, report: &Report) -> Value {
    let players = Players::of(record);
    let tags: Vec<Value> = record
        .tags
        .iter()
        .map(|t| json!([t.name, t.value]))
        .collect();
    json!({
        "file": file,
        "game": game,
        "variant": report.variant.map(|v| v.name()),
        "tags": tags,
        "black": players.first,
        "white": players.second,
        "start": report.start().map(|s| s.position_string()),
        "result": result_as_written(record),
        "result_token": record.result.map(|r| r.value.as_str()),
        "outcome": outcome(report),
        "termination": report.outcome.map(|o| o.termination.name()),
        "plies": report.main_plies,
        "comments": comments_json(&record.movetext.main_line().comments),
    })
}

/// Writes [`game_json`]'s object, byte for byte as serde_json writes it (keys in order), each
/// ply written as the replay is walked: memory stays that of one ply (and of the open
/// variations) whatever the game's length. No newline after it.
pub fn write_game_json(
    out: &mut dyn Write,
    file: &str,
    game: usize,
    record: &Record,
    report: &Report,
    style: Style,
) -> io::Result<()> {
    // The object with no moves, split where they go (wherever serde_json puts the key: no
    // other text holds `"moves":[]`, as every string in it has its quotes escaped).
    let mut head = game_head(file, game, record, report);
    head["moves"] = json!([]);
    let head = head.to_string();
    let at = head
        .find("\"moves\":[]")
        .map_or(head.len(), |i| i + "\"moves\":[".len());
    out.write_all(&head.as_bytes()[..at])?;
    if let Some(played) = &report.played {
        for_game!(played, p => moves_json(out, record, p, style))?;
    }
    out.write_all(&head.as_bytes()[at..])
}

/// An open line of [`moves_json`].
struct JsonLine {
    /// Plies before the next one (counted from the game's start).
    ply: u64,
    /// A ply of this line is written but for its variations' end (`]}`).
    open: bool,
    /// The open ply's variations written so far.
    variations: usize,
}

/// Every ply of the movetext, as the replay is walked: a ply's object is written as soon as
/// it comes, its `variations` (its last key) left open until its next step.
fn moves_json<G: Describe>(
    out: &mut dyn Write,
    record: &Record,
    played: &Played<G>,
    style: Style,
) -> io::Result<()> {
    let mut lines: Vec<JsonLine> = Vec::new();
    let mut walk = played.walk(&record.movetext);
    while let Some(step) = walk.next() {
        match step {
            Step::LineStart { line, .. } => {
                let ply = match lines.last_mut() {
                    // A variation is an alternative to its parent's open ply.
                    Some(parent) => {
                        if parent.variations > 0 {
                            out.write_all(b",")?;
                        }
                        parent.variations += 1;
                        let mut v =
                            json!({ "comments": comments_json(&line.comments) }).to_string();
                        v.pop();
                        write!(out, "{v},\"moves\":[")?;
                        parent.ply - 1
                    }
                    None => 0,
                };
                lines.push(JsonLine {
                    ply,
                    open: false,
                    variations: 0,
                });
            }
            Step::Ply {
                node,
                before,
                mv,
                after,
                ..
            } => {
                let Some(l) = lines.last_mut() else { continue };
                // The line's ply before it is closed (the first has none).
                if std::mem::take(&mut l.open) {
                    out.write_all(b"]},")?;
                }
                l.ply += 1;
                l.variations = 0;
                let row = ply_row(node, l.ply, before, mv, after, style);
                let mut v = ply_json(&row);
                v["glyph"] = json!(node.glyph.map(|g| g.as_str()));
                v["annotations"] = node.annotations.iter().map(annotation_json).collect();
                let mut text = v.to_string();
                // Its keys are sorted: `variations` is the last.
                text.pop();
                write!(out, "{text},\"variations\":[")?;
                l.open = true;
            }
            Step::LineEnd { .. } => {
                let Some(l) = lines.pop() else { continue };
                if l.open {
                    out.write_all(b"]}")?;
                }
                if !lines.is_empty() {
                    out.write_all(b"]}")?;
                }
            }
        }
    }
    Ok(())
}
