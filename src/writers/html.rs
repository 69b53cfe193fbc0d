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
//! `#game=G&ply=N`) opens a ply of the main line.

mod tree;

use super::Style;
use crate::record::{Record, Tag};
use crate::replay::Report;
use crate::svg::{self, Labels, esc};
use serde_json::json;
use std::collections::BTreeSet;
use std::fmt::Write;
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

/// Writes the page of a file's games. Games whose report is not of a fully replayed record
/// are left out.
pub fn page(title: &str, games: &[Game], board: &Board) -> String {
    let mut used = BTreeSet::new();
    let mut shown: Vec<(&Game, Tree)> = Vec::new();
    for g in games {
        if let Some(t) = tree::walk(g.record, g.report, g.style) {
            shown.push((g, t));
        }
    }
    let lists: Vec<String> = shown
        .iter()
        .enumerate()
        .map(|(i, (g, t))| move_list(i, g, t, &mut used))
        .collect();
    let heads: Vec<String> = shown
        .iter()
        .map(|(g, _)| svg::html_text(&game_title(g.record), &mut used))
        .collect();
    let boards: Vec<_> = shown
        .iter()
        .filter_map(|(g, t)| {
            let variant = g.report.variant?;
            let o = svg::Options {
                flip: false,
                style: board.style,
                labels: board.labels,
                ranks: g.style.ranks,
                text_glyphs: board.text_glyphs,
                ..svg::Options::default()
            };
            Some((variant, t.states.iter().collect(), o))
        })
        .collect();
    let boards = svg::page_boards(&boards, &used);
    let mut kinds = serde_json::Map::new();
    let mut templates = String::new();
    for k in &boards.kinds {
        kinds.insert(k.variant.name().to_string(), k.data.clone());
        for (i, f) in k.frames.iter().enumerate() {
            let _ = writeln!(
                templates,
                "<template id=\"frame-{}-{i}\">{f}</template>",
                k.variant.name()
            );
        }
    }
    let data_games: Vec<_> = shown
        .iter()
        .map(|(g, t)| {
            json!({
                "kind": g.report.variant.map_or("wa", |v| v.name()),
                "plies": t.plies.iter().map(|p| json!([
                    p.parent.map_or(-1, |x| x as i64),
                    p.position,
                    p.lit,
                    p.check.map_or(-1, |x| x as i64),
                    p.number,
                ])).collect::<Vec<_>>(),
            })
        })
        .collect();
    let data = json!({ "flip": board.flip, "kinds": kinds, "games": data_games });
    // Inside <script>: no "</" can end it early.
    let data = data.to_string().replace('<', "\\u003c");

    let mut h = String::with_capacity(64 * 1024);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"kifu {}\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        env!("CARGO_PKG_VERSION"),
        esc(title)
    );
    h.push_str(&boards.defs);
    let _ = write!(
        h,
        "\n<header><h1>{}</h1><div class=\"sub\">{}</div></header>\n<main>\n",
        esc(title),
        match shown.len() {
            0 => "no valid game".to_string(),
            1 => "1 game".to_string(),
            n => format!("{n} games"),
        }
    );
    h.push_str(
        "<section class=\"viewer\">\n<div id=\"board\" data-ply=\"0\" data-position=\"\"></div>\n\
<div class=\"controls\"><button data-act=\"start\" title=\"Start (Home)\">|◀</button>\
<button data-act=\"prev\" title=\"Back (←)\">◀</button><button data-act=\"next\" title=\"Forward (→)\">▶</button>\
<button data-act=\"end\" title=\"End (End)\">▶|</button><button data-act=\"flip\" title=\"Turn the board\">Flip</button>\
<span id=\"status\"></span></div>\n<div class=\"keys\">← → one ply · Home End · ↑ ↓ other moves here, \
or another game · click a move</div>\n</section>\n<section class=\"side\">\n",
    );
    if shown.len() > 1 {
        h.push_str("<nav class=\"games\"><ol>\n");
        for (i, t) in heads.iter().enumerate() {
            let _ = writeln!(
                h,
                "<li><a href=\"#game={}\" data-game-link=\"{i}\">{t}</a></li>",
                i + 1
            );
        }
        h.push_str("</ol></nav>\n");
    }
    for l in &lists {
        h.push_str(l);
    }
    h.push_str("</section>\n</main>\n");
    h.push_str(&templates);
    if !shown.is_empty() {
        let _ = write!(
            h,
            "<script type=\"application/json\" id=\"kifu-data\">{data}</script>\n<script>\n{SCRIPT}</script>\n"
        );
    }
    h.push_str("</body>\n</html>\n");
    h
}

/// `Black – White` (or the Event, or "Game"), for the list of games.
fn game_title(r: &Record) -> String {
    let tag = |n: &str| {
        r.tag(n)
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "?")
    };
    let players = match (tag("Black"), tag("White")) {
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
fn move_list(i: usize, g: &Game, t: &Tree, used: &mut BTreeSet<char>) -> String {
    let mut s = format!(
        "<div class=\"moves\" id=\"moves-{i}\" data-game=\"{i}\"{}>\n<p class=\"tags\">",
        if i > 0 { " hidden" } else { "" }
    );
    let tags: Vec<String> = g
        .record
        .tags
        .iter()
        .filter(|t| !t.value.trim().is_empty() && t.value != "?")
        .filter(|t| !matches!(t.name.as_str(), "FEN" | "SetUp"))
        .map(|t: &Tag| {
            format!(
                "{}: {}",
                svg::html_text(&t.name, used),
                svg::html_text(&t.value, used)
            )
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
                    svg::html_text(c.text.trim(), used)
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
                    svg::html_text(&p.text, used),
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
