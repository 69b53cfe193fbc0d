//! One game from bytes to a replay report, with its problems ready to print. Shared by the
//! subcommands so that every one reports a bad record exactly as `kifu validate` does.

use super::diag::{Diag, Level};
use kifu::record::{GameChunk, Record, parse_game};
use kifu::replay::{self, Options, Report};

/// A game as far as it could be read and replayed.
pub struct Loaded {
    pub record: Option<Record>,
    pub report: Option<Report>,
    /// Errors (with `strict`, the warnings too).
    pub errors: Vec<Diag>,
    pub warnings: Vec<Diag>,
}

/// Parses and replays one game.
pub fn load(chunk: GameChunk, index: usize, opts: &Options, strict: bool) -> Loaded {
    // Keep the text for showing the source line of a syntax error.
    let base = chunk.offset;
    let text = String::from_utf8(chunk.bytes.clone()).ok();
    let record = match parse_game(chunk) {
        Ok(r) => r,
        Err(e) => {
            return Loaded {
                record: None,
                report: None,
                errors: vec![Diag::from_record_error(
                    &e,
                    index,
                    text.as_deref().map(|t| (t, base)),
                )],
                warnings: Vec::new(),
            };
        }
    };
    let report = replay::replay(&record, opts);
    let mut errors: Vec<Diag> = report
        .errors
        .iter()
        .map(|p| Diag::from_problem(&record, index, p, Level::Error))
        .collect();
    let level = if strict { Level::Error } else { Level::Warning };
    let mut warnings: Vec<Diag> = report
        .warnings
        .iter()
        .map(|p| Diag::from_problem(&record, index, p, level))
        .collect();
    if strict {
        errors.append(&mut warnings);
    }
    Loaded {
        record: Some(record),
        report: Some(report),
        errors,
        warnings,
    }
}
