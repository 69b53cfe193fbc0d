//! The one input loop: an input opened, decoded and cut into games ([`open`]), and one game
//! from its text to a replay report with its problems ready to print ([`load`]). Shared by the
//! subcommands, so that every one reads inputs, and reports a bad record, exactly as
//! `kifu validate` does; [`for_scan`] hands the inputs to the library's collection scanner,
//! which every command reading collections uses (`kifu validate`, `convert`, `analyze`,
//! `filter`, `stats`).

use super::diag::{Diag, Level};
use super::inputs::{Found, Input, Reader};
use kifu::collection::scan;
use kifu::encoding::Choice;
use kifu::record::{
    ErrorKind, GameChunk, GameSplitter, Record, RecordError, parse_game_keep_source,
};
use kifu::replay::{self, Options, Report};

/// An input's games, read one at a time (one game in memory), from its text decoded to UTF-8,
/// as [`scan::Read`] items: the decoder's warning first, then the games, or the reading error
/// that ends the input.
pub struct Games {
    splitter: GameSplitter<Reader>,
    /// The decoder's warning, not yet yielded.
    warning: Option<String>,
    /// Games yielded so far.
    count: usize,
    failed: bool,
}

/// Opens an input (a file, or standard input) to read its games, decoded as `encoding` says
/// (see [`Input::open`]: the first 64 KiB are read here, so a reading error may show here).
pub fn open(input: &Input, encoding: Choice) -> std::io::Result<Games> {
    let reader = input.open(encoding)?;
    Ok(Games {
        warning: reader.warning().map(str::to_string),
        splitter: GameSplitter::new(reader),
        count: 0,
        failed: false,
    })
}

impl Games {
    /// How many games were read so far (at the end: 0 for an input that holds none).
    pub fn games_read(&self) -> usize {
        self.count
    }
}

impl Iterator for Games {
    type Item = scan::Read;

    fn next(&mut self) -> Option<scan::Read> {
        if let Some(message) = self.warning.take() {
            return Some(scan::Read::Warning {
                kind: "encoding",
                message,
            });
        }
        if self.failed {
            return None;
        }
        match self.splitter.next()? {
            Err(e) if e.kind == ErrorKind::Io => {
                self.failed = true;
                Some(scan::Read::Failed(e.message))
            }
            chunk => {
                self.count += 1;
                Some(scan::Read::Game {
                    index: self.count,
                    chunk,
                })
            }
        }
    }
}

/// The inputs as [`scan::scan`] reads them, in input order: each opened (decoded as `encoding`
/// says) when its turn comes on the scanner's reader thread, and cut into games by [`open`];
/// a path that could not be searched takes its place among them.
pub fn for_scan(
    found: &[Found],
    encoding: Choice,
) -> impl Iterator<Item = scan::Input<impl Iterator<Item = scan::Read>>> + Send + '_ {
    found.iter().map(move |found| {
        let input = match found {
            Ok(input) => input,
            Err(e) => {
                return scan::Input::Failed {
                    name: e.path.clone(),
                    message: e.message.clone(),
                };
            }
        };
        let name = input.display();
        match open(input, encoding) {
            Ok(games) => scan::Input::Opened { name, games },
            Err(e) => scan::Input::Failed {
                name,
                message: e.to_string(),
            },
        }
    })
}

/// A game as far as it could be read and replayed.
pub struct Loaded {
    pub record: Option<Record>,
    pub report: Option<Report>,
    /// Errors (with `strict`, the warnings too).
    pub errors: Vec<Diag>,
    pub warnings: Vec<Diag>,
}

/// Parses and replays game number `index`, or reports what the splitter found wrong with it.
pub fn load(
    chunk: Result<GameChunk, RecordError>,
    index: usize,
    opts: &Options,
    strict: bool,
) -> Loaded {
    let record = match chunk
        .map_err(|e| (e, None))
        .and_then(parse_game_keep_source)
    {
        Ok(r) => r,
        Err((e, source)) => {
            // The game's text, to show the source line of a syntax error.
            let text = source.as_ref().map(|s| (s.text(), s.base()));
            return Loaded {
                record: None,
                report: None,
                errors: vec![Diag::from_record_error(&e, index, text)],
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
