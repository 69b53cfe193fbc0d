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

use super::Style;
use crate::for_game;
use crate::notation::Notate;
use crate::record::{Record, Tag};
use crate::replay::{Played, Players, Report};
use crate::svg::{self, Labels, esc};
use serde_json::json;
use std::fmt::Write as _;
use std::io::{self, Write};
use tree::{Item, Tree};

const SCRIPT: &str = include_str!("html/page.js");
const STYLE: &str = include_str!("html/page.css");

/// How the boards look (the same options as `kifu render`).
#[derive(Clone, Debug, Default)]
pub struct Board {
    pub flip: bool,
    pub style: svg::Style,
    pub labels: Labels,
    pub text_glyphs: bool,
}

/// A replayed game to show: a valid record replayed with `keep_moves`, and how its moves are
/// written (notation and ranks; the ranks are the board's coordinates too).
pub struct Game<'a> {
    pub record: &'a Record,
    pub report: &'a Report,
    pub style: Style,
}

/// A page being written: [`Page::begin`], a game at a time with [`Page::add`] (each written
/// at once and forgotten, so that memory stays that of one game whatever the page's size),
/// then [`Page::finish`] (the list of games, the boards, the script).
pub struct Page {
    board: Board,
    boards: svg::PageBoards,
    /// The list of games (their titles as HTML).
    heads: Vec<String>,
}

impl Page {
    /// Writes the page's head and the board's place.
    pub fn begin(out: &mut dyn Write, title: &str, board: &Board) -> io::Result<Page> {
        write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"kifu {}\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n\
<body>\n<header><h1>{}</h1></header>\n<main>\n\
<section class=\"viewer\">\n<div id=\"board\" data-ply=\"0\" data-position=\"\"></div>\n\
<div class=\"controls\"><button data-act=\"start\" title=\"Start (Home)\">|◀</button>\
<button data-act=\"prev\" title=\"Back (←)\">◀</button><button data-act=\"next\" title=\"Forward (→)\">▶</button>\
<button data-act=\"end\" title=\"End (End)\">▶|</button><button data-act=\"flip\" title=\"Turn the board\">Flip</button>\
<span id=\"status\"></span></div>\n<div class=\"keys\">← → one ply · Home End · ↑ ↓ other moves here, \
or another game · click a move</div>\n</section>\n<section class=\"side\">\n",
            env!("CARGO_PKG_VERSION"),
            esc(title),
            esc(title)
        )?;
        Ok(Page {
            board: board.clone(),
            boards: svg::PageBoards::new(&svg::Options {
                style: board.style,
                text_glyphs: board.text_glyphs,
                ..svg::Options::default()
            }),
            heads: Vec::new(),
        })
    }

    /// Writes a game: its move list and its positions. A game whose report is not of a fully
    /// replayed record is left out.
    pub fn add(&mut self, out: &mut dyn Write, g: &Game) -> io::Result<()> {
        if !g.report.valid() {
            return Ok(());
        }
        match &g.report.played {
            Some(played) => for_game!(played, p => self.add_played(out, g, p)),
            None => Ok(()),
        }
    }

    fn add_played<G: Notate + svg::OnPage>(
        &mut self,
        out: &mut dyn Write,
        g: &Game,
        played: &Played<G>,
    ) -> io::Result<()> {
        let Some(t) = tree::walk(g.record, played, g.style) else {
            return Ok(());
        };
        let i = self.heads.len();
        let head = self.boards.html_text(&game_title(g.record));
        self.heads.push(head);
        let o = svg::Options {
            flip: false,
            style: self.board.style,
            labels: self.board.labels,
            ranks: g.style.ranks,
            text_glyphs: self.board.text_glyphs,
            ..svg::Options::default()
        };
        for st in &t.states {
            self.boards.add(&o, st);
        }
        out.write_all(move_list(i, g, &t, &mut self.boards).as_bytes())?;
        let data = json!({
            "kind": played.start.variant().name(),
            "plies": t.plies.iter().map(|p| json!([
                p.parent.map_or(-1, |x| x as i64),
                p.position,
                p.lit,
                p.check.map_or(-1, |x| x as i64),
                p.number,
            ])).collect::<Vec<_>>(),
        });
        writeln!(
            out,
            "<script type=\"application/json\" class=\"kifu-game\">{}</script>",
            script_json(&data)
        )
    }

    /// Writes the list of games, the boards and the script.
    pub fn finish(self, out: &mut dyn Write) -> io::Result<()> {
        match self.heads.len() {
            0 => out.write_all(b"<p class=\"empty\">No valid game.</p>\n")?,
            1 => {}
            n => {
                writeln!(
                    out,
                    "<nav class=\"games\"><div class=\"count\">{n} games</div><ol>"
                )?;
                for (i, t) in self.heads.iter().enumerate() {
                    writeln!(
                        out,
                        "<li><a href=\"#game={}\" data-game-link=\"{i}\">{t}</a></li>",
                        i + 1
                    )?;
                }
                out.write_all(b"</ol></nav>\n")?;
            }
        }
        out.write_all(b"</section>\n</main>\n")?;
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
pub fn page(title: &str, games: &[Game], board: &Board) -> String {
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

/// `Black – White` (the first mover first, whichever convention the tags follow; or the
/// Event, or "Game"), for the list of games.
fn game_title(r: &Record) -> String {
    fn name(v: Option<&str>) -> Option<&str> {
        v.map(str::trim).filter(|s| !s.is_empty() && *s != "?")
    }
    let tag = |n: &str| name(r.tag(n));
    let p = Players::of(r);
    let players = match (name(p.first), name(p.second)) {
        (Some(b), Some(w)) => Some(format!("{b} – {w}")),
        (Some(b), None) => Some(b.to_string()),
        (None, Some(w)) => Some(w.to_string()),
        (None, None) => None,
    };
    let mut t = players
        .or_else(|| tag("Event").map(str::to_string))
        .unwrap_or_else(|| "Game".into());
    if let Some(res) = tag("Result") {
        t.push_str(&format!(" ({res})"));
    }
    t
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

/// A game's move list: its tags, then the moves with comments, NAGs and variations.
fn move_list<G>(i: usize, g: &Game, t: &Tree<G>, b: &mut svg::PageBoards) -> String {
    let mut s = format!(
        "<div class=\"moves\" id=\"moves-{i}\" data-game=\"{i}\"{}>\n<p class=\"tags\">",
        if i > 0 { " hidden" } else { "" }
    );
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
    s.push_str(&tags.join(" · "));
    s.push_str("</p>\n<p class=\"line\">");
    for item in &t.items {
        match item {
            Item::Open => s.push_str("<span class=\"var\">( "),
            Item::Close => s.push_str(")</span> "),
            Item::Comment(c) => {
                let _ = write!(
                    s,
                    "<span class=\"comment\">{}</span> ",
                    b.html_text(c.text.trim())
                );
            }
            Item::Move { ply, number, glyph } => {
                if let Some(n) = number {
                    let _ = write!(s, "<span class=\"n\">{n}</span>");
                }
                let p = &t.plies[*ply];
                let _ = write!(
                    s,
                    "<span class=\"mv\" data-i=\"{ply}\">{}{}</span> ",
                    b.html_text(&p.text),
                    glyph.map_or("", |g| g.as_str())
                );
            }
            Item::Nag(n) => {
                let (text, class) = nag_text(*n);
                let _ = write!(
                    s,
                    "<span class=\"nag{class}\" title=\"${n}\">{}</span> ",
                    esc(&text)
                );
            }
        }
    }
    let result = g
        .record
        .result
        .map(|r| r.value.as_str().to_string())
        .or_else(|| g.record.tag("Result").map(str::to_string))
        .unwrap_or_default();
    let _ = write!(
        s,
        "<span class=\"result\">{}</span></p>\n</div>\n",
        esc(&result)
    );
    s
}
