//! List the legal moves of a position, given by its variant and position string (a Wa FEN or
//! a Gufū position string; the start position without one), in the variant's usual notation.
//! Builds with `default-features = false`.
//!
//! Usage: cargo run --example legal_moves [VARIANT] [POSITION]
//! (e.g. `gufu "2/2/Kw1 w kWS 2"`)

use kifu::notation::{Notate, Style};
use kifu::rules::{PerGame, Position};
use kifu::{Variant, for_game, gufu, wa};

/// The legal moves of the position, one line, in Hodges style.
pub fn run(variant: &str, position: Option<&str>) -> Result<String, Box<dyn std::error::Error>> {
    let variant: Variant = variant.parse()?;
    let pos: PerGame<wa::Position, gufu::Position> = match position {
        Some(s) => PerGame::from_position_string(variant, s)?,
        None => PerGame::start(variant),
    };
    let style = Style::default_for(variant);
    let texts = for_game!(&pos, p => {
        let mut texts = Vec::new();
        for m in p.legal_moves() {
            texts.push(p.notate(&m, style)?);
        }
        texts
    });
    Ok(format!(
        "{} legal moves: {}\n",
        texts.len(),
        texts.join(" ")
    ))
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args.first().map_or("wa", String::as_str);
    match run(variant, args.get(1).map(String::as_str)) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
