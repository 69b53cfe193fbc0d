//! Draw the position at the end of a game's main line as an SVG diagram, its last move
//! highlighted and written under the board, and the King in check marked.
//! Builds with `default-features = false`.
//!
//! Usage: cargo run --example diagram [FILE] > board.svg
//! (default: fixtures/gufu/gufu-friendly-mate.psn)

use kifu::encoding::Choice;
use kifu::notation::{Notate, Style};
use kifu::replay::{ReplayOptions, Step};
use kifu::svg;
use kifu::{collection::scan::Read, for_game, load};

/// The SVG document of the first game's last position.
pub fn run(path: &str) -> Result<String, Box<dyn std::error::Error>> {
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
    let (Some(record), Some(report)) = (game.record, game.report) else {
        return Err(format!("{path}: the game does not read").into());
    };
    let played = report.played.as_ref().ok_or("the game was not replayed")?;
    let style = Style::default_for(report.variant.ok_or("no variant")?);
    Ok(for_game!(played, p => {
        // Walk the main line to its last ply: the position after it, and the move.
        let mut opts = svg::DiagramOptions::default();
        let mut doc = svg::board(&p.start, &opts);
        let mut walk = p.main_line(&record.movetext);
        while let Some(step) = walk.next() {
            if let Step::Ply { before, mv, after, .. } = step {
                opts.last_move = Some(*mv);
                opts.check = svg::check_square(after);
                opts.caption = Some(before.move_text(mv, after, style));
                doc = svg::board(after, &opts);
            }
        }
        doc
    }))
}

#[allow(dead_code)]
fn main() {
    let path = std::env::args().nth(1);
    match run(path
        .as_deref()
        .unwrap_or("fixtures/gufu/gufu-friendly-mate.psn"))
    {
        Ok(svg) => print!("{svg}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
