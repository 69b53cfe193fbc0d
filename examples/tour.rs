//! kifu as a library, in one program: read a file, replay its first game, print every position
//! of the main line, list the legal moves at its end, play a move typed as text, write the game
//! in SAN, and draw the last position as SVG. Builds with `default-features = false`.
//!
//! Usage: cargo run --example tour [FILE.psn] [MOVE]
//! (default: fixtures/gufu/gufu-two-games.psn and the first legal move at the end)

use kifu::encoding::Choice;
use kifu::notation::{Notate, Notation, Style};
use kifu::replay::{ReplayOptions, Step};
use kifu::rules::Position;
use kifu::{collection::scan::Read, for_game, load, svg, writers::psn};
use std::fmt::Write;

/// What the tour prints for `path`, and the move `typed` (or the first legal one).
pub fn tour(path: &str, typed: Option<&str>) -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();
    // Read: the input decoded and cut into games; the first game read and replayed.
    let Some(Read::Game { index, chunk }) =
        load::open_path(path, Choice::Auto)?.find(|r| matches!(r, Read::Game { .. }))
    else {
        return Err(format!("{path}: no game").into());
    };
    let keep = ReplayOptions {
        keep_moves: true,
        ..ReplayOptions::default()
    };
    let game = load::load(chunk, index, &keep, false);
    for problem in &game.errors {
        writeln!(out, "{}", problem.human(path))?;
    }
    let (Some(record), Some(report)) = (game.record, game.report) else {
        return Ok(out);
    };
    let Some(played) = &report.played else {
        return Ok(out);
    };
    // Every position of the main line, as a position string.
    for_game!(played, p => {
        let mut walk = p.main_line(&record.movetext);
        while let Some(step) = walk.next() {
            match step {
                Step::LineStart { position, .. } => writeln!(out, "start: {position}")?,
                Step::Ply { mv, after, .. } => writeln!(out, "{mv}: {after}")?,
                Step::LineEnd { .. } => {}
            }
        }
    });
    // The legal moves at the end, and a move typed as text played there.
    let mut end = report.end().ok_or("the replay stopped early")?;
    let variant = end.variant();
    let style = Style::default_for(variant);
    for_game!(&mut end, pos => {
        let moves = pos.legal_moves();
        let texts: Vec<String> = moves.iter().map(|m| pos.notate(m, style).unwrap()).collect();
        writeln!(out, "legal moves at the end: {}", texts.join(" "))?;
        match typed.map(str::to_string).or_else(|| texts.first().cloned()) {
            Some(text) => {
                let m = pos.play_text(&text)?;
                writeln!(out, "played {text} ({m}): {pos}")?;
            }
            None => writeln!(out, "the game is over: {:?}", pos.outcome())?,
        }
    });
    // The game in SAN (Wa) or Hodges (Gufū has no SAN: its own notation is written).
    let san = Style {
        notation: Notation::San,
        ..style
    };
    let notation = if san.notation.writes(variant).is_ok() {
        san
    } else {
        style
    };
    writeln!(out, "{}", psn::write(&record, &report, notation)?)?;
    // A diagram of the position reached.
    let doc = for_game!(&end, pos => svg::board(pos, &svg::DiagramOptions::default()));
    writeln!(out, "diagram: {} bytes of SVG", doc.len())?;
    Ok(out)
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .map_or("fixtures/gufu/gufu-two-games.psn", String::as_str);
    match tour(path, args.get(1).map(String::as_str)) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
