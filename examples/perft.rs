//! Count the leaves of the legal-move tree of a position to a depth (perft), move by move as
//! `kifu perft --divide` lists them: the check of a move generator against another.
//! Builds with `default-features = false`.
//!
//! Usage: cargo run --release --example perft [VARIANT] [DEPTH] (default: wa 3)

use kifu::rules::{PerGame, board_order, divide};
use kifu::{Variant, for_game, gufu, wa};
use std::fmt::Write;

/// Each move of `variant`'s start position with its count at `depth` (in engine coordinates;
/// Gufū's coordinate form), then the total.
pub fn run(variant: &str, depth: u32) -> Result<String, Box<dyn std::error::Error>> {
    let variant: Variant = variant.parse()?;
    let pos: PerGame<wa::Position, gufu::Position> = PerGame::start(variant);
    let mut out = String::new();
    let total: u64 = for_game!(&pos, p => {
        let mut counts = divide(p, depth);
        counts.sort_by_key(|(m, _)| board_order(*m));
        for (m, n) in &counts {
            writeln!(out, "{m}: {n}")?;
        }
        counts.iter().map(|(_, n)| n).sum()
    });
    writeln!(out, "total: {total}")?;
    Ok(out)
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args.first().map_or("wa", String::as_str);
    let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(3);
    match run(variant, depth) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
