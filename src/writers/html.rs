//! A replay page: one self-contained HTML file that shows a file's games move by move.
//!
//! The board is drawn by [`crate::svg`]'s code: the page carries each board's frame once per
//! way up, one `<defs>` with every glyph and piece look its positions need, and for each ply
//! the position string; a small script (`html/page.js`, inline) places the pieces of a
//! position from its string with placements kifu computed, so that the page shows what
//! `kifu render` draws. The move list (comments, NAGs, variations) is plain HTML written here.
//! No network, no external script, style or font: the file opens from `file://`.
//!
//! In the page: ←/→ one ply, Home/End, ↑/↓ the other moves played at this point (the move and
//! its variations) or else the previous/next game, a click on a move jumps to it, a button
//! turns the board. The board element `#board` carries `data-ply` (0 = the start),
//! `data-position` (the position string) and `data-game`; the address `#ply=N` (or
//! `#game=G&ply=N`) opens a ply of the main line, `#node=N` any position of the page.

mod tree;

use crate::for_game;
use crate::notation::Notate;
use crate::notation::Style;
use crate::record::{Record, Tag};
use crate::replay::{Played, Players, Report};
use crate::svg::{self, Labels, esc};
use serde_json::json;
use std::io::{self, Write};

const SCRIPT: &str = include_str!("html/page.js");
const STYLE: &str = include_str!("html/page.css");

/// How the boards look (the same options as `kifu render`).
#[derive(Clone, Debug, Default)]
pub struct Board {
    /// View the boards from White's side (rank `a` / `一` at the bottom).
    pub flip: bool,
    /// The look of board and pieces: wooden or plain.
    pub style: svg::BoardStyle,
    /// What is written on the pieces: kanji or the notation's abbreviations.
    pub labels: Labels,
    /// The words around the boards.
    pub language: svg::Language,
    /// Write text in the viewer's fonts instead of drawing glyph outlines (see
    /// [`svg::DiagramOptions::text_glyphs`]).
    pub text_glyphs: bool,
}

/// A replayed game to show: a valid record replayed with `keep_moves`, and how its moves are
/// written (notation and ranks; the ranks are the board's coordinates too).
pub struct PageGame<'a> {
    /// The record as read (tags, comments, the moves as written).
    pub record: &'a Record,
    /// Its replay, made with `keep_moves`.
    pub report: &'a Report,
    /// How the moves are written on the page, and the ranks of the boards' coordinates.
    pub style: Style,
    /// The file the game comes from (named in the list of games), if any.
    pub file: Option<&'a str>,
}

/// A page being written: [`Page::begin`], a game at a time with [`Page::add`] (each written
/// at once and forgotten, so that memory stays that of one game whatever the page's size),
/// then [`Page::finish`] (the list of games, the boards, the script).
pub struct Page {
    board: Board,
    boards: svg::PageBoards,
    /// The list of games (their titles as HTML).
    heads: Vec<String>,
    /// The games left out (not valid, or not replayed to their end).
    left_out: usize,
}

impl Page {
    /// Writes the page's head and the board's place.
    pub fn begin(out: &mut dyn Write, title: &str, board: &Board) -> io::Result<Page> {
        write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"kifu {}\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n\
<body>\n<header><h1>{}</h1></header>\n<main>\n",
            env!("CARGO_PKG_VERSION"),
            esc(title),
            esc(title)
        )?;
        Ok(Page {
            board: board.clone(),
            boards: svg::PageBoards::new(&svg::DiagramOptions {
                style: board.style,
                text_glyphs: board.text_glyphs,
                ..svg::DiagramOptions::default()
            }),
            heads: Vec::new(),
            left_out: 0,
        })
    }

    /// The board and its controls, written before the first game (a page without a game has
    /// none: no dead controls).
    fn viewer(out: &mut dyn Write) -> io::Result<()> {
        out.write_all(
            "<section class=\"viewer\">\n<div id=\"board\" data-ply=\"0\" data-position=\"\"></div>\n\
<div class=\"controls\"><button data-act=\"start\" title=\"Start (Home)\">|◀</button>\
<button data-act=\"prev\" title=\"Back (←)\">◀</button><button data-act=\"next\" title=\"Forward (→)\">▶</button>\
<button data-act=\"end\" title=\"End (End)\">▶|</button><button data-act=\"flip\" title=\"Turn the board\">Flip</button>\
<span id=\"status\"></span></div>\n<div class=\"keys\">← → one ply · Home End · ↑ ↓ other moves here, \
or another game · click a move</div>\n</section>\n<section class=\"side\">\n"
                .as_bytes(),
        )
    }

    /// Writes a game: its move list and its positions. A game whose report is not of a fully
    /// replayed record is left out.
    pub fn add(&mut self, out: &mut dyn Write, g: &PageGame) -> io::Result<()> {
        match &g.report.played {
            Some(played) if g.report.valid() => for_game!(played, p => self.add_played(out, g, p)),
            _ => {
                self.left_out += 1;
                Ok(())
            }
        }
    }

    fn add_played<G: Notate + svg::OnPage>(
        &mut self,
        out: &mut dyn Write,
        g: &PageGame,
        played: &Played<G>,
    ) -> io::Result<()> {
        if !tree::complete(g.record, played) {
            self.left_out += 1;
            return Ok(());
        }
        let i = self.heads.len();
        if i == 0 {
            Page::viewer(out)?;
        }
        let head = game_head(g, &mut self.boards);
        self.heads.push(head);
        let o = svg::DiagramOptions {
            flip: false,
            style: self.board.style,
            labels: self.board.labels,
            language: self.board.language,
            ranks: g.style.ranks,
            text_glyphs: self.board.text_glyphs,
            ..svg::DiagramOptions::default()
        };
        tree::define(g.record, played, &mut self.boards, &o);
        move_list_head(out, i, g, &mut self.boards)?;
        tree::write_moves(out, g.record, played, g.style, &mut self.boards)?;
        move_list_end(out, g)?;
        out.write_all(b"<script type=\"application/json\" class=\"kifu-game\">")?;
        tree::write_plies(out, g.record, played)?;
        out.write_all(b"</script>\n")
    }

    /// Notes `n` games of the input left off the page before they reached it (invalid): a
    /// page without a game says how many there were.
    pub fn left_out(&mut self, n: usize) {
        self.left_out += n;
    }

    /// Writes the list of games, the boards and the script.
    pub fn finish(self, out: &mut dyn Write) -> io::Result<()> {
        match self.heads.len() {
            0 => {
                let why = match self.left_out {
                    0 => "the input has no game".to_string(),
                    1 => "its 1 game is not valid (kifu validate says why)".to_string(),
                    n => format!("none of its {n} games is valid (kifu validate says why)"),
                };
                writeln!(out, "<p class=\"empty\">No valid game to show: {why}.</p>")?;
            }
            1 => {}
            n => {
                writeln!(
                    out,
                    "<nav class=\"games\"><div class=\"count\">{n} games</div><ol>"
                )?;
                for (i, t) in self.heads.iter().enumerate() {
                    writeln!(
                        out,
                        "<li><span class=\"no\">{n}.</span><a href=\"#game={n}\" data-game-link=\"{i}\">{t}</a></li>",
                        n = i + 1
                    )?;
                }
                out.write_all(b"</ol></nav>\n")?;
            }
        }
        if !self.heads.is_empty() {
            out.write_all(b"</section>\n")?;
        }
        out.write_all(b"</main>\n")?;
        let boards = self.boards.finish();
        out.write_all(boards.defs.as_bytes())?;
        out.write_all(b"\n")?;
        let mut kinds = serde_json::Map::new();
        for (variant, frames, data) in boards.kinds {
            for (i, f) in frames.iter().enumerate() {
                writeln!(
                    out,
                    "<template id=\"frame-{}-{i}\">{f}</template>",
                    variant.name()
                )?;
            }
            kinds.insert(variant.name().to_string(), data);
        }
        if !self.heads.is_empty() {
            let data = json!({ "flip": self.board.flip, "kinds": kinds });
            write!(
                out,
                "<script type=\"application/json\" id=\"kifu-data\">{}</script>\n<script>\n{SCRIPT}</script>\n",
                script_json(&data)
            )?;
        }
        out.write_all(b"</body>\n</html>\n")
    }
}

/// JSON to put inside `<script>`: no `</` can end it early.
fn script_json(v: &serde_json::Value) -> String {
    v.to_string().replace('<', "\\u003c")
}

/// The whole page of some games, as a string.
pub fn page(title: &str, games: &[PageGame], board: &Board) -> String {
    let mut out = Vec::new();
    let written = Page::begin(&mut out, title, board).and_then(|mut p| {
        for g in games {
            p.add(&mut out, g)?;
        }
        p.finish(&mut out)
    });
    debug_assert!(written.is_ok(), "writing to memory does not fail");
    String::from_utf8(out).unwrap_or_default()
}

/// A game in the list of games: `Black – White` (the first mover first, whichever convention
/// the tags follow; or the Event, or "PageGame"), then what tells games apart: the round, the
/// date, the result and the file (as HTML).
fn game_head(g: &PageGame, b: &mut svg::PageBoards) -> String {
    fn name(v: Option<&str>) -> Option<&str> {
        v.map(str::trim)
            .filter(|s| !s.is_empty() && !s.chars().all(|c| matches!(c, '?' | '-' | '.')))
    }
    let r = g.record;
    let tag = |n: &str| name(r.tag(n));
    let p = Players::of(r);
    let players = match (name(p.first), name(p.second)) {
        (Some(b), Some(w)) => Some(format!("{b} – {w}")),
        (Some(b), None) => Some(b.to_string()),
        (None, Some(w)) => Some(w.to_string()),
        (None, None) => None,
    };
    let t = players
        .or_else(|| tag("Event").map(str::to_string))
        .unwrap_or_else(|| "PageGame".into());
    let result = r
        .result
        .as_ref()
        .map(|r| r.value.as_str().to_string())
        .filter(|s| s != "*")
        .or_else(|| tag("Result").filter(|s| *s != "*").map(str::to_string));
    let mut what = Vec::new();
    if let Some(round) = tag("Round") {
        what.push(format!("round {round}"));
    }
    if let Some(date) = tag("Date") {
        what.push(date.to_string());
    }
    what.extend(result);
    if let Some(file) = g.file {
        let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
        what.push(base.to_string());
    }
    let mut head = b.html_text(&t);
    if !what.is_empty() {
        head.push_str(&format!(
            " <span class=\"what\">{}</span>",
            b.html_text(&what.join(" · "))
        ));
    }
    head
}

/// The text of a NAG: the usual symbol (in characters every font has), or `$n`.
fn nag_text(n: u8) -> (String, &'static str) {
    let s = match n {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        10 => "=",
        13 => "∞",
        14 => "+=",
        15 => "=+",
        16 => "±",
        17 => "-/+",
        18 => "+-",
        19 => "-+",
        _ => return (format!("${n}"), ""),
    };
    let class = match n {
        1 | 3 => " good",
        2 | 4 => " bad",
        _ => "",
    };
    (s.to_string(), class)
}

/// A game's move list up to its moves: its tags.
fn move_list_head(
    out: &mut dyn Write,
    i: usize,
    g: &PageGame,
    b: &mut svg::PageBoards,
) -> io::Result<()> {
    write!(
        out,
        "<div class=\"moves\" id=\"moves-{i}\" data-game=\"{i}\"{}>\n<p class=\"tags\">",
        if i > 0 { " hidden" } else { "" }
    )?;
    let tags: Vec<String> = g
        .record
        .distinct_tags()
        .filter(|t| !t.value.trim().is_empty() && t.value != "?")
        .filter(|t| !t.is("FEN") && !t.is("SetUp"))
        .map(|t: &Tag| {
            let name = t.canonical_name();
            format!("{}: {}", b.html_text(name), b.html_text(&t.value))
        })
        .collect();
    out.write_all(tags.join(" · ").as_bytes())?;
    out.write_all(b"</p>\n<p class=\"line\">")
}

/// A game's move list after its moves: the result.
fn move_list_end(out: &mut dyn Write, g: &PageGame) -> io::Result<()> {
    let result = g
        .record
        .result
        .map(|r| r.value.as_str().to_string())
        .or_else(|| g.record.tag("Result").map(str::to_string))
        .unwrap_or_default();
    write!(
        out,
        "<span class=\"result\">{}</span></p>\n</div>\n",
        esc(&result)
    )
}
