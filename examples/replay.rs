//! Read a file of game records and replay every game through the rules: one line per game
//! (its variant, how many plies, how it ended), or its errors as `kifu validate` writes them.
//! Builds with `default-features = false`.
//!
//! Usage: cargo run --example replay [FILE] (default: fixtures/wa/nodrop-casual.psn)

use kifu::collection::scan::Read;
use kifu::encoding::Choice;
use kifu::load;
use kifu::replay::ReplayOptions;
use std::fmt::Write;

/// One line per game of `path`, then the errors.
pub fn run(path: &str) -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();
    for read in load::open_path(path, Choice::Auto)? {
        let Read::Game { index, chunk } = read else {
            continue;
        };
        let game = load::load(chunk, index, &ReplayOptions::default(), false);
        for problem in &game.errors {
            writeln!(out, "{}", problem.human(path))?;
        }
        if let Some(report) = game.report.filter(|r| r.valid()) {
            let variant = report.variant.map_or("?", |v| v.name());
            let end = match report.outcome {
                Some(o) => format!("{} ({})", o.result(), o.termination.describe()),
                None => "not over".to_string(),
            };
            writeln!(
                out,
                "game {index}: {variant}, {} plies, {end}",
                report.main_plies
            )?;
        }
    }
    Ok(out)
}

#[allow(dead_code)]
fn main() {
    let path = std::env::args().nth(1);
    match run(path.as_deref().unwrap_or("fixtures/wa/nodrop-casual.psn")) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
