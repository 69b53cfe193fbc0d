//! Tables and JSON: one row per ply (or per game), every field of the replayed move.

use super::{Describe, PlyFacts, Style, facts, move_number};
use crate::for_game;
use crate::record::{Annotation, Record};
use crate::replay::{Played, Players, Report};
use serde_json::{Value, json};

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
pub const GAME_COLUMNS: [&str; 13] = [
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
    "error",
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
    match &report.played {
        Some(played) => for_game!(played, p => plies_of(record, p, style)),
        None => Vec::new(),
    }
}

fn plies_of<G: Describe>(record: &Record, played: &Played<G>, style: Style) -> Vec<PlyRow> {
    let states = played.main_line(&record.movetext);
    let mut out = Vec::new();
    for (i, w) in states.windows(2).enumerate() {
        let (before, after) = (&w[0].2, &w[1].2);
        let (Some(id), Some(m)) = (w[1].0, w[1].1) else {
            continue;
        };
        let node = record.movetext.node(id);
        let comment = node
            .annotations
            .iter()
            .filter_map(|a| match a {
                Annotation::Comment(c) => Some(c.text.trim().to_string()),
                Annotation::Nag(_) => None,
            })
            .collect::<Vec<_>>()
            .join(" ");
        out.push(PlyRow {
            ply: i as u64 + 1,
            number: move_number(before),
            facts: facts(before, &m, after, style),
            comment,
        });
    }
    out
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

/// The per-game summary fields: valid games and invalid ones (with their first error).
pub fn game_fields(
    file: &str,
    game: usize,
    record: Option<&Record>,
    report: Option<&Report>,
    error: Option<&str>,
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
        error.unwrap_or_default().to_string(),
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
/// ply.
pub fn game_json(file: &str, game: usize, record: &Record, report: &Report, style: Style) -> Value {
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
        "moves": plies(record, report, style).iter().map(ply_json).collect::<Vec<_>>(),
    })
}
