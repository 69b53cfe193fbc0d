//! Streaming: cut a file into games without reading it whole.

use super::error::{ErrorKind, RecordError};
use super::span::{LineCol, Span};
use std::io::{BufRead, ErrorKind as IoErrorKind};

/// The largest game [`GameSplitter::new`] accepts: 256 MiB. A bigger game becomes a
/// `game_too_large` error (and the splitter goes on with the next game).
pub const MAX_GAME_BYTES: usize = 256 * 1024 * 1024;

/// The bytes of one game, with where they are in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChunk {
    /// The game's bytes: whole lines, from the line of its first tag pair (or the start of the
    /// file) to the line before the next game's first tag pair (or the end of the file).
    pub bytes: Vec<u8>,
    /// File offset of the first byte.
    pub offset: usize,
    /// Line number (1-based) of the first byte.
    pub line: usize,
    /// 0-based index of the game in the file.
    pub index: usize,
    /// The bytes are not the file's but rebuilt from another form of the game (kifu's JSON,
    /// one object a line: [`crate::jsonl`]): their problems are reported at `line` (the
    /// object's line), with the column in the rebuilt text.
    pub rebuilt: bool,
}

/// Multi-byte blanks that may precede the `[` of a game's first line: byte-order mark,
/// ideographic space, no-break space (the grammar's `ws` accepts them too).
const LEAD_BLANKS: [&[u8]; 3] = [b"\xEF\xBB\xBF", b"\xE3\x80\x80", b"\xC2\xA0"];

/// How many leading blank bytes of a line are remembered after a game overflowed (so that the
/// next game still starts at the beginning of its line).
const MAX_LEAD: usize = 64 * 1024;

/// Cuts a byte stream into games ([`GameChunk`]s), one at a time.
///
/// A game begins at a line whose first non-blank character is `[` (a tag pair) once the
/// current game has had movetext (anything that is not blank, a tag pair or a comment). A `[`
/// inside a `{comment}`, a `; comment` or a tag value does not count. The bytes are not checked
/// for UTF-8 here; the parser does that. An input of only blanks and comments gives no game.
///
/// Memory is bounded by the largest game (and by the limit, [`MAX_GAME_BYTES`] by default):
/// lines are never read whole.
#[derive(Debug)]
pub struct GameSplitter<R> {
    reader: R,
    state: State,
}

#[derive(Debug)]
struct State {
    limit: usize,
    /// File offset and line number of the next byte to read.
    offset: usize,
    line: usize,
    /// The current game.
    buf: Vec<u8>,
    game_offset: usize,
    game_line: usize,
    overflow: bool,
    games: usize,
    done: bool,
    // Scanner state.
    in_brace: bool,
    in_line_comment: bool,
    in_tag: bool,
    in_string: bool,
    escape: bool,
    /// Only blanks so far on this line (outside comments).
    at_lead: bool,
    /// A multi-byte blank partly seen at the lead of the line.
    lead_partial: Vec<u8>,
    /// The leading blanks of the current line (kept only up to `MAX_LEAD`).
    lead: Vec<u8>,
    line_start: usize,
    seen_movetext: bool,
    /// The current game has a tag pair (with `seen_movetext`: it is not only blanks and
    /// comments).
    seen_tag: bool,
}

impl<R: BufRead> GameSplitter<R> {
    /// Split `reader`, refusing games bigger than [`MAX_GAME_BYTES`].
    pub fn new(reader: R) -> Self {
        Self::with_limit(reader, MAX_GAME_BYTES)
    }

    /// Split `reader`, refusing games bigger than `limit` bytes.
    pub fn with_limit(reader: R, limit: usize) -> Self {
        GameSplitter {
            reader,
            state: State::new(limit),
        }
    }

    /// File offset of the next byte to be read.
    pub fn offset(&self) -> usize {
        self.state.offset
    }

    /// The reader back.
    pub fn into_inner(self) -> R {
        self.reader
    }
}

/// Inside a tag pair, the bytes [`State::step`] reacts to.
static STOPS_TAG: [bool; 256] = {
    let mut t = [false; 256];
    let stops = b"\n{;[]\"";
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = true;
        i += 1;
    }
    t
};

impl State {
    fn new(limit: usize) -> Self {
        State {
            limit,
            offset: 0,
            line: 1,
            buf: Vec::new(),
            game_offset: 0,
            game_line: 1,
            overflow: false,
            games: 0,
            done: false,
            in_brace: false,
            in_line_comment: false,
            in_tag: false,
            in_string: false,
            escape: false,
            at_lead: true,
            lead_partial: Vec::new(),
            lead: Vec::new(),
            line_start: 0,
            seen_movetext: false,
            seen_tag: false,
        }
    }

    fn step(&mut self, b: u8) {
        if b == b'\n' {
            self.line += 1;
            self.line_start = self.offset + 1;
            self.in_line_comment = false;
            self.in_tag = false;
            self.in_string = false;
            self.escape = false;
            self.at_lead = !self.in_brace;
            self.lead_partial.clear();
            self.lead.clear();
            return;
        }
        if self.in_brace {
            if b == b'}' {
                self.in_brace = false;
            }
            return;
        }
        if self.in_line_comment {
            return;
        }
        if b == b'%' && self.at_lead && self.offset == self.line_start {
            // A PGN escape line (`%` in column 1): ignored, as a line comment.
            self.at_lead = false;
            self.in_line_comment = true;
            return;
        }
        if self.in_string {
            if self.escape {
                self.escape = false;
            } else if b == b'\\' {
                self.escape = true;
            } else if b == b'"' {
                self.in_string = false;
            }
            return;
        }
        if self.at_lead {
            if self.lead.len() < MAX_LEAD {
                self.lead.push(b);
            }
            if matches!(b, b' ' | b'\t' | b'\r' | 0x0B | 0x0C) && self.lead_partial.is_empty() {
                return;
            }
            // The non-ASCII blanks all start with a byte of 0x80 or more: an ASCII byte that
            // starts no partial one ends the lead at once.
            if b < 0x80 && self.lead_partial.is_empty() {
                self.at_lead = false;
            } else {
                self.lead_partial.push(b);
            }
            let partial = self.lead_partial.as_slice();
            if self.at_lead && LEAD_BLANKS.iter().any(|s| s.starts_with(partial)) {
                if LEAD_BLANKS.contains(&partial) {
                    self.lead_partial.clear();
                }
                return;
            }
            // Not a blank after all: the line has content.
            self.at_lead = false;
            let had_partial = self.lead_partial.len() > 1;
            self.lead_partial.clear();
            if had_partial {
                // Non-ASCII bytes that are not a blank: movetext (or garbage).
                self.seen_movetext = true;
            }
        }
        match b {
            b'{' => self.in_brace = true,
            b';' => self.in_line_comment = true,
            b'[' => {
                self.in_tag = true;
                self.seen_tag = true;
            }
            b']' if self.in_tag => self.in_tag = false,
            b'"' if self.in_tag => self.in_string = true,
            b' ' | b'\t' | b'\r' | 0x0B | 0x0C => {}
            _ if !self.in_tag => self.seen_movetext = true,
            _ => {}
        }
    }

    fn append(&mut self, bytes: &[u8]) {
        if self.overflow {
            return;
        }
        if self.buf.len().saturating_add(bytes.len()) > self.limit {
            self.overflow = true;
            self.buf = Vec::new();
        } else {
            self.buf.extend_from_slice(bytes);
        }
    }

    /// Finish the current game; the next one starts at `next_offset` with `next_buf`.
    fn finish(
        &mut self,
        next_offset: usize,
        next_buf: Vec<u8>,
    ) -> Option<Result<GameChunk, RecordError>> {
        let bytes = std::mem::replace(&mut self.buf, next_buf);
        let (offset, line) = (self.game_offset, self.game_line);
        let overflow = std::mem::replace(&mut self.overflow, false);
        let index = self.games;
        // Only blanks and comments: no game (this can only be a whole input, since a game
        // ends where a tag pair follows movetext).
        let blank = !self.seen_movetext && !self.seen_tag && !self.in_brace;
        self.game_offset = next_offset;
        self.game_line = self.line;
        self.seen_movetext = false;
        self.seen_tag = false;
        if overflow {
            self.games += 1;
            let e = RecordError::new(
                ErrorKind::GameTooLarge,
                format!(
                    "game {} is bigger than the limit of {} bytes",
                    index + 1,
                    self.limit
                ),
                Span::new(offset, next_offset),
            )
            .with_position(Some(LineCol { line, column: 1 }));
            return Some(Err(e));
        }
        if bytes.is_empty() || blank {
            return None;
        }
        self.games += 1;
        Some(Ok(GameChunk {
            bytes,
            offset,
            line,
            index,
            rebuilt: false,
        }))
    }
}

impl State {
    /// Scan `data` up to a game boundary (a `[` leading a line after movetext), append what was
    /// scanned to the current game, and return how many bytes were scanned and whether a
    /// boundary stopped the scan.
    fn scan(&mut self, data: &[u8]) -> (usize, bool) {
        let mut n = data.len();
        let mut boundary = false;
        let mut i = 0;
        while i < data.len() {
            // Bytes that change nothing in the current state are skipped in one run.
            let skip = self.inert_run(&data[i..]);
            if skip > 0 {
                self.offset += skip;
                i += skip;
                continue;
            }
            let b = data[i];
            if b == b'['
                && self.at_lead
                && self.lead_partial.is_empty()
                && !self.in_brace
                && self.seen_movetext
            {
                n = i;
                boundary = true;
                break;
            }
            self.step(b);
            self.offset += 1;
            i += 1;
        }
        self.append(&data[..n]);
        (n, boundary)
    }

    /// How many bytes at the start of `data` [`step`](State::step) would ignore in the current
    /// state (0 where every byte counts: at the start of a line, after a backslash in a string).
    fn inert_run(&self, data: &[u8]) -> usize {
        let end = data.len();
        if self.at_lead || self.escape {
            0
        } else if self.in_brace {
            memchr::memchr2(b'}', b'\n', data).unwrap_or(end)
        } else if self.in_line_comment {
            memchr::memchr(b'\n', data).unwrap_or(end)
        } else if self.in_string {
            memchr::memchr3(b'"', b'\\', b'\n', data).unwrap_or(end)
        } else if self.in_tag {
            data.iter()
                .position(|&b| STOPS_TAG[usize::from(b)])
                .unwrap_or(end)
        } else if self.seen_movetext {
            let run = memchr::memchr3(b'\n', b'{', b';', data).unwrap_or(end);
            memchr::memchr(b'[', &data[..run]).unwrap_or(run)
        } else {
            0
        }
    }

    /// At a boundary: end the current game, start the next at the beginning of this line.
    fn split(&mut self) -> Option<Result<GameChunk, RecordError>> {
        let (next_offset, next_buf) = if self.overflow {
            let lead = std::mem::take(&mut self.lead);
            if self.line_start + lead.len() == self.offset {
                (self.line_start, lead)
            } else {
                (self.offset, Vec::new())
            }
        } else {
            let split = self.line_start.saturating_sub(self.game_offset);
            (
                self.line_start,
                self.buf.split_off(split.min(self.buf.len())),
            )
        };
        self.finish(next_offset, next_buf)
    }
}

impl<R: BufRead> Iterator for GameSplitter<R> {
    type Item = Result<GameChunk, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.state.done {
            let data = match self.reader.fill_buf() {
                Ok(data) => data,
                Err(e) if e.kind() == IoErrorKind::Interrupted => continue,
                Err(e) => {
                    self.state.done = true;
                    let err = RecordError::new(
                        ErrorKind::Io,
                        format!("read error: {e}"),
                        Span::at(self.state.offset),
                    );
                    return Some(Err(err));
                }
            };
            if data.is_empty() {
                self.state.done = true;
                let end = self.state.offset;
                return self.state.finish(end, Vec::new());
            }
            let (n, boundary) = self.state.scan(data);
            self.reader.consume(n);
            if boundary && let Some(item) = self.state.split() {
                return Some(item);
            }
        }
        None
    }
}
