//! A game's part of a replay page, written from the walk of its replayed record (the one place
//! the page meets the replay): every position defined on the boards, the move list in source
//! order, then every ply, variations included (the position string after it, the squares to
//! light, the King in check, its number). Each is written as the walk goes: memory stays that
//! of one position whatever the game's length.
//!
//! Plies are numbered in the walk's order: 0 is the start, then each move as it comes.

use super::{nag_text, script_json};
use crate::notation::Style;
use crate::notation::{Notate, number_prefix};
use crate::record::{Annotation, Record};
use crate::replay::{Played, Step};
use crate::svg::{self, PageBoards, esc};
use crate::writers::psn::NumberNeeds;
use serde_json::json;
use std::io::{self, Write};

/// Whether every move of the record was replayed (else the game is left off the page).
pub(super) fn complete<G: Notate>(record: &Record, played: &Played<G>) -> bool {
    played.moves.len() == record.movetext.nodes().len() && played.moves.iter().all(Option::is_some)
}

/// Every position of the game (the start, then each ply in order) on the boards.
pub(super) fn define<G: Notate + svg::OnPage>(
    record: &Record,
    played: &Played<G>,
    boards: &mut PageBoards,
    o: &svg::DiagramOptions<()>,
) {
    let mut walk = played.walk(&record.movetext);
    while let Some(step) = walk.next() {
        match step {
            Step::LineStart { line, position, .. } if line.parent.is_none() => {
                boards.add(o, position)
            }
            Step::Ply { after, .. } => boards.add(o, after),
            _ => {}
        }
    }
}

/// The moves with comments, NAGs and variations (the inside of the move list's line).
pub(super) fn write_moves<G: Notate>(
    out: &mut dyn Write,
    record: &Record,
    played: &Played<G>,
    style: Style,
    b: &mut PageBoards,
) -> io::Result<()> {
    let mut needs_number = NumberNeeds::default();
    let mut ply = 0usize;
    let mut walk = played.walk(&record.movetext);
    while let Some(step) = walk.next() {
        match step {
            Step::LineStart { line, .. } => {
                if line.parent.is_some() {
                    out.write_all(b"<span class=\"var\">( ")?;
                }
                needs_number.open(line);
                for c in &line.comments {
                    comment(out, b, &c.text)?;
                }
            }
            Step::Ply {
                node,
                before,
                mv,
                after,
                ..
            } => {
                ply += 1;
                let Some(needs) = needs_number.current() else {
                    break;
                };
                // As the normalized record numbers moves: where needed in the list.
                let number = number_prefix(before, *needs);
                if !number.is_empty() {
                    write!(out, "<span class=\"n\">{}</span>", number.trim_end())?;
                }
                write!(
                    out,
                    "<span class=\"mv\" data-i=\"{ply}\">{}{}</span> ",
                    b.html_text(&before.move_text(mv, after, style)),
                    node.glyph.map_or("", |g| g.as_str())
                )?;
                for a in &node.annotations {
                    match a {
                        Annotation::Comment(c) => comment(out, b, &c.text)?,
                        Annotation::Nag(n) => {
                            let (text, class) = nag_text(n.value);
                            write!(
                                out,
                                "<span class=\"nag{class}\" title=\"${}\">{}</span> ",
                                n.value,
                                esc(&text)
                            )?;
                        }
                    }
                }
                *needs = !node.annotations.is_empty() || !node.variations.is_empty();
            }
            Step::LineEnd { line, .. } => {
                needs_number.close();
                if line.parent.is_some() {
                    out.write_all(b")</span> ")?;
                }
            }
        }
    }
    Ok(())
}

fn comment(out: &mut dyn Write, b: &mut PageBoards, text: &str) -> io::Result<()> {
    if is_board_text(text) {
        // A board drawn in text (XBoard writes one before the first move): its lines as they
        // are, in a fixed-width font.
        let lines: Vec<&str> = text
            .lines()
            .map(|l| l.trim_end())
            .skip_while(|l| l.is_empty())
            .collect();
        let end = lines
            .iter()
            .rposition(|l| !l.is_empty())
            .map_or(0, |i| i + 1);
        return write!(
            out,
            "<span class=\"comment board-text\">{}</span>",
            b.html_text(&lines[..end].join("\n"))
        );
    }
    write!(
        out,
        "<span class=\"comment\">{}</span> ",
        b.html_text(text.trim())
    )
}

/// Whether a comment is a board drawn in text: at least five lines of at least five one-
/// character squares separated by spaces (as XBoard's `. . p P .` rows).
fn is_board_text(text: &str) -> bool {
    text.lines()
        .filter(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            cells.len() >= 5 && cells.iter().all(|c| c.chars().count() == 1)
        })
        .count()
        >= 5
}

/// The game's plies for the page's script, as the JSON `{"kind": variant, "plies": [[parent
/// ply (-1 for the start), position string, squares lit, square in check (-1: none), number],
/// ...]}` (squares as indices in position-string order), ready for `<script>`.
pub(super) fn write_plies<G: Notate>(
    out: &mut dyn Write,
    record: &Record,
    played: &Played<G>,
) -> io::Result<()> {
    let kind = serde_json::Value::from(played.start.variant().name());
    write!(out, "{{\"kind\":{},\"plies\":[", script_json(&kind))?;
    // Per open line: the ply reached, and the ply before it (where its variations start).
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut plies = 0usize;
    let mut walk = played.walk(&record.movetext);
    while let Some(step) = walk.next() {
        let (parent, state, lit, number) = match step {
            Step::LineStart { line, position, .. } => match (line.parent, open.last()) {
                (None, _) => {
                    open.push((0, 0));
                    (None, position, Vec::new(), String::new())
                }
                (Some(_), Some(&(_, before))) => {
                    open.push((before, before));
                    continue;
                }
                (Some(_), None) => break,
            },
            Step::Ply {
                before, mv, after, ..
            } => {
                plies += 1;
                let Some(top) = open.last_mut() else { break };
                let parent = top.0;
                *top = (plies, parent);
                let lit = svg::move_squares(mv).iter().map(|s| s.index()).collect();
                // As the normalized record numbers moves: always, for the status line.
                let number = number_prefix(before, true).trim_end().to_string();
                (Some(parent), after, lit, number)
            }
            Step::LineEnd { .. } => {
                open.pop();
                continue;
            }
        };
        if parent.is_some() {
            out.write_all(b",")?;
        }
        let ply = json!([
            parent.map_or(-1, |x| x as i64),
            state.position_string(),
            lit,
            svg::check_square(state).map_or(-1, |s| s.index() as i64),
            number,
        ]);
        out.write_all(script_json(&ply).as_bytes())?;
    }
    out.write_all(b"]}")
}
