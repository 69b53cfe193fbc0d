//! Tables and JSON: one row per ply (or per game), every field of the replayed move.

use super::{Describe, PlyFacts, Style, facts, move_number};
use crate::for_game;
use crate::record::{Annotation, Record};
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
    pub ply: u64,
    pub number: u64,
    pub facts: PlyFacts,
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
        let comment = node
            .annotations
            .iter()
            .filter_map(|a| match a {
                Annotation::Comment(c) => Some(c.text.trim().to_string()),
                Annotation::Nag(_) => None,
            })
            .collect::<Vec<_>>()
            .join(" ");
        f(PlyRow {
            ply,
            number: move_number(before),
            facts: facts(before, mv, after, style),
            comment,
        })?;
    }
    Ok(())
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
/// [`result_as_written`]) and the `outcome` (what the moves decide, see [`outcome`]), and every main-line
/// ply. (Built whole: [`write_game_json`] writes the same text as it goes.)
pub fn game_json(file: &str, game: usize, record: &Record, report: &Report, style: Style) -> Value {
    let mut v = game_head(file, game, record, report);
    v["moves"] = plies(record, report, style).iter().map(ply_json).collect();
    v
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
        "outcome": outcome(report),
        "termination": report.outcome.map(|o| o.termination.name()),
        "plies": report.main_plies,
    })
}

/// Writes [`game_json`]'s object, byte for byte as serde_json writes it (keys in order), each
/// ply written as the replay is walked: memory stays that of one ply whatever the game's
/// length. No newline after it.
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
    let mut first = true;
    each_ply(record, report, style, &mut |r| {
        if !std::mem::take(&mut first) {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &ply_json(&r)).map_err(io::Error::from)
    })?;
    out.write_all(&head.as_bytes()[at..])
}
