//! Convert every valid game of a file to another notation: Hodges (`hodges`), Hodges with
//! every origin (`long`), engine coordinates (`xboard`) or XBoard's SAN (`san`), the last two
//! for Wa only. Builds with `default-features = false`.
//!
//! Usage: cargo run --example convert [FILE] [NOTATION]
//! (default: fixtures/wa/nodrop-casual.psn in SAN)

use kifu::collection::scan::Read;
use kifu::encoding::Choice;
use kifu::load;
use kifu::notation::{Notation, Style};
use kifu::replay::ReplayOptions;

/// Every valid game of `path` in `notation` (`hodges`, `long`, `xboard`, `san`).
pub fn run(path: &str, notation: &str) -> Result<String, Box<dyn std::error::Error>> {
    let notation = match notation {
        "hodges" => Notation::Hodges,
        "long" => Notation::Long,
        "xboard" => Notation::Xboard,
        "san" => Notation::San,
        other => return Err(format!("unknown notation {other:?}").into()),
    };
    // The moves are kept: the writer walks the replayed game.
    let keep = ReplayOptions {
        keep_moves: true,
        ..ReplayOptions::default()
    };
    let mut out = String::new();
    for read in load::open_path(path, Choice::Auto)? {
        let Read::Game { index, chunk } = read else {
            continue;
        };
        let game = load::load(chunk, index, &keep, false);
        let (Some(record), Some(report)) = (game.record, game.report) else {
            continue;
        };
        let Some(variant) = report.variant.filter(|_| report.valid()) else {
            continue;
        };
        let style = Style {
            notation,
            ..Style::default_for(variant)
        };
        // A game the notation cannot write (Gufū in SAN) says why.
        match kifu::writers::psn::write(&record, &report, style) {
            Ok(text) => out.push_str(&text),
            Err(e) => out.push_str(&format!("game {index}: {e}\n")),
        }
        out.push('\n');
    }
    Ok(out)
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .map_or("fixtures/wa/nodrop-casual.psn", String::as_str);
    let notation = args.get(1).map_or("san", String::as_str);
    match run(path, notation) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
