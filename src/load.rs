//! The one input loop: an input opened, decoded and cut into games ([`open`]), and one game
//! from its text to a replay report with its problems ready to print ([`load()`]). Every
//! command of `kifu` reads inputs, and reports a bad record, through these, exactly as
//! `kifu validate` does; the games also feed the collection scanner
//! ([`scan::Input::Opened`]).
//!
//! ```
//! use kifu::collection::scan::Read;
//! use kifu::encoding::Choice;
//! use kifu::load;
//! use kifu::replay::ReplayOptions;
//!
//! let text = "[Variant \"Gufu\"]\n\n1. K*2三>W 2. K*1二>W *\n\n[Variant \"Gufu\"]\n\n1. K*2四>W *\n";
//! let mut problems = Vec::new();
//! for read in load::open_bytes(text.as_bytes(), Choice::Auto).unwrap() {
//!     let Read::Game { index, chunk } = read else { continue };
//!     let game = load::load(chunk, index, &ReplayOptions::default(), false);
//!     problems.extend(game.errors.iter().map(|d| d.human("games.psn")));
//! }
//! assert_eq!(problems.len(), 1);
//! assert!(problems[0].starts_with("games.psn:7:4: error[off_board]"), "{}", problems[0]);
//! ```

use crate::collection::scan;
use crate::diag::{Diag, Level};
use crate::encoding::{Choice, Decoder};
use crate::jsonl::{self, JsonGames};
use crate::record::{
    ErrorKind, GameChunk, GameSplitter, Record, RecordError, Tag, parse_game_keep_source,
};
use crate::replay::{self, ReplayOptions, Report};
use std::io::{BufRead, BufReader};
use std::path::Path;

/// An input's games, read one at a time (one game in memory), from its text decoded to UTF-8,
/// as [`scan::Read`] items: the decoder's warning first, then the games, or the reading error
/// that ends the input.
pub struct Games<R> {
    splitter: Split<R>,
    /// The decoder's warning, not yet yielded.
    warning: Option<String>,
    /// Games yielded so far.
    count: usize,
    failed: bool,
}

/// Opens a stream to read its games, decoded as `encoding` says (see [`Decoder::new`]: the
/// first 64 KiB are read here, so a reading error may show here).
pub fn open<R: BufRead>(reader: R, encoding: Choice) -> std::io::Result<Games<R>> {
    Ok(Games::new(Decoder::new(reader, encoding)?))
}

/// [`open`] on a file.
pub fn open_path(
    path: impl AsRef<Path>,
    encoding: Choice,
) -> std::io::Result<Games<BufReader<std::fs::File>>> {
    let file = std::fs::File::open(path)?;
    open(BufReader::with_capacity(1 << 16, file), encoding)
}

/// [`open`] on bytes in memory.
pub fn open_bytes(bytes: &[u8], encoding: Choice) -> std::io::Result<Games<&[u8]>> {
    open(bytes, encoding)
}

/// How an input is cut into games: PSN, or kifu's JSON Lines (each object turned into its
/// PSN text, see [`jsonl`]).
enum Split<R> {
    Psn(GameSplitter<Decoder<R>>),
    Json(JsonGames<Decoder<R>>),
}

impl<R: BufRead> Split<R> {
    fn next(&mut self) -> Option<Result<GameChunk, RecordError>> {
        match self {
            Split::Psn(s) => s.next(),
            Split::Json(j) => j.next(),
        }
    }
}

impl<R: BufRead> Games<R> {
    /// The games of a stream already decoded: PSN, or kifu's JSON (JSON Lines) when its first
    /// bytes look like it ([`jsonl::looks_like_json`]).
    pub fn new(mut reader: Decoder<R>) -> Games<R> {
        let json = reader.fill_buf().is_ok_and(jsonl::looks_like_json);
        Games {
            warning: reader.warning().map(str::to_string),
            splitter: match json {
                true => Split::Json(JsonGames::new(reader)),
                false => Split::Psn(GameSplitter::new(reader)),
            },
            count: 0,
            failed: false,
        }
    }
}

impl<R> Games<R> {
    /// How many games were read so far (at the end: 0 for an input that holds none).
    pub fn games_read(&self) -> usize {
        self.count
    }
}

impl<R: BufRead> Iterator for Games<R> {
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

/// A game as far as it could be read and replayed.
pub struct Loaded {
    /// The record (None when it does not read).
    pub record: Option<Record>,
    /// The replay (None when the record does not read).
    pub report: Option<Report>,
    /// Errors (with `strict`, the warnings too).
    pub errors: Vec<Diag>,
    /// Warnings (with `strict`, none: they are errors).
    pub warnings: Vec<Diag>,
    /// When the record does not read: the tag pairs read before the error (a reader that
    /// shows an unreadable game's tags, as the Python package's `Game.headers` does); empty
    /// otherwise (the tags are the record's).
    pub error_tags: Vec<Tag>,
}

/// Parses and replays game number `index` (counted from 1 in its input), or reports what the
/// splitter found wrong with it; with `strict`, warnings are errors.
pub fn load(
    chunk: Result<GameChunk, RecordError>,
    index: usize,
    opts: &ReplayOptions,
    strict: bool,
) -> Loaded {
    let pinned = chunk.as_ref().ok().filter(|c| c.rebuilt).map(|c| c.line);
    let mut loaded = load_chunk(chunk, index, opts, strict);
    // A game rebuilt from JSON: every problem at its object's line.
    if let Some(line) = pinned {
        for d in loaded.errors.iter_mut().chain(&mut loaded.warnings) {
            if let Some(p) = &mut d.pos {
                p.line = line;
            }
        }
    }
    loaded
}

fn load_chunk(
    chunk: Result<GameChunk, RecordError>,
    index: usize,
    opts: &ReplayOptions,
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
                error_tags: e.tags().to_vec(),
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
        error_tags: Vec::new(),
    }
}
