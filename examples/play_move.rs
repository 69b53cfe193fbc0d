//! Parse moves typed by a user, in any notation kifu reads (Hodges `SP-7g`, SAN `Rg4`, engine
//! coordinates `h3g4`), and play them from the start of a game; a wrong move says which rule
//! it breaks, as `kifu validate` does. Builds with `default-features = false`.
//!
//! Usage: cargo run --example play_move VARIANT MOVE... (e.g. `wa SP-7h g8g7 h3g4`)

use kifu::Variant;
use kifu::notation::{Notate, Style};
use kifu::rules::Position;
use kifu::wa;
use std::fmt::Write;

/// The moves `typed` played from the start of `variant` (Wa, with or without drops), each
/// written back in Hodges style, then the position reached; or the first bad move's error.
pub fn run(variant: &str, typed: &[&str]) -> Result<String, Box<dyn std::error::Error>> {
    let variant: Variant = variant.parse()?;
    let mut pos = wa::Position::start(variant);
    let style = Style::default_for(variant);
    let mut out = String::new();
    for text in typed {
        let before = pos.clone();
        let m = pos.play_text(text).map_err(|e| {
            // The kind is a stable name (`path_blocked`, `capture_mark`...), the hint says more.
            let hint = e
                .help
                .as_deref()
                .map_or(String::new(), |h| format!(" ({h})"));
            format!("{text}: error[{}]: {}{hint}", e.kind.name(), e.message)
        })?;
        writeln!(out, "{text} = {} = {m}", before.notate(&m, style)?)?;
    }
    writeln!(out, "{pos}")?;
    Ok(out)
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let typed: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    match run(args.first().map_or("wa", String::as_str), &typed) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
