//! Byte spans in a file, and 1-based line/column positions for them.

use serde::Serialize;
use std::fmt;
use std::sync::OnceLock;

/// A half-open byte range `start..end` in the FILE a record was read from (not in the game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The span `by` bytes further on.
    pub const fn shifted(self, by: usize) -> Self {
        Span {
            start: self.start.saturating_add(by),
            end: self.end.saturating_add(by),
        }
    }

    /// An empty span at `offset`.
    pub const fn at(offset: usize) -> Self {
        Span {
            start: offset,
            end: offset,
        }
    }

    /// Length in bytes.
    pub const fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span is empty.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A 1-based line and a 1-based column counted in characters (Unicode scalar values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct LineCol {
    /// Line, from 1. Lines end with `\n` (a `\r` before it belongs to the line).
    pub line: usize,
    /// Column, from 1, in characters. A byte-order mark at the very start of the file is not
    /// counted.
    pub column: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Every how many bytes the index remembers a column, so that a query on a very long line
/// never counts more than this many bytes.
const CHECKPOINT_EVERY: usize = 4096;

const BOM: &[u8] = "\u{FEFF}".as_bytes();

/// Maps byte offsets of a text to [`LineCol`]s in O(log n + 4096).
///
/// The text may be a slice of a larger file: `base` is the file offset of its first byte and
/// `first_line` the line number of that byte, which must be the first byte of a line (as it is
/// for every game a [`GameSplitter`](super::GameSplitter) yields).
///
/// The index does not keep the text; pass the same text to [`LineIndex::line_col`]. For an
/// owning version see [`Source`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    base: usize,
    first_line: usize,
    len: usize,
    skip_bom: bool,
    /// Offsets (relative to the text) of the first byte of each line; `line_starts[0] == 0`.
    line_starts: Vec<usize>,
    /// (relative offset of a char boundary, 0-based column there), increasing.
    checkpoints: Vec<(usize, usize)>,
}

impl LineIndex {
    /// Index `text`, which starts at file offset `base` on line `first_line` (1-based).
    pub fn new(text: &str, base: usize, first_line: usize) -> Self {
        let bytes = text.as_bytes();
        let skip_bom = base == 0 && bytes.starts_with(BOM);
        let mut line_starts = vec![0];
        let mut checkpoints = Vec::new();
        let mut next_checkpoint = CHECKPOINT_EVERY;
        let mut column = 0usize;
        let start = if skip_bom { BOM.len() } else { 0 };
        for (i, &b) in bytes.iter().enumerate().skip(start) {
            let char_start = b & 0xC0 != 0x80;
            if i >= next_checkpoint && char_start {
                checkpoints.push((i, column));
                next_checkpoint = i + CHECKPOINT_EVERY;
            }
            if b == b'\n' {
                line_starts.push(i + 1);
                column = 0;
            } else if char_start {
                column += 1;
            }
        }
        LineIndex {
            base,
            first_line: first_line.max(1),
            len: bytes.len(),
            skip_bom,
            line_starts,
            checkpoints,
        }
    }

    /// File offset of the first byte of the text.
    pub fn base(&self) -> usize {
        self.base
    }

    /// Line number of the first byte of the text.
    pub fn first_line(&self) -> usize {
        self.first_line
    }

    /// Line and column of file offset `offset` (which may be the end of the text).
    /// `None` if the offset is outside the text, or `text` is not the indexed text.
    pub fn line_col(&self, text: &str, offset: usize) -> Option<LineCol> {
        let bytes = text.as_bytes();
        if bytes.len() != self.len {
            return None;
        }
        let rel = offset.checked_sub(self.base)?;
        if rel > self.len {
            return None;
        }
        let line = self.line_starts.partition_point(|&s| s <= rel) - 1;
        let line_start = self.line_starts[line];
        let cp = self.checkpoints.partition_point(|&(o, _)| o <= rel);
        let (mut from, mut column) = (line_start, 0);
        if cp > 0 {
            let (o, c) = self.checkpoints[cp - 1];
            if o >= line_start {
                (from, column) = (o, c);
            }
        }
        if self.skip_bom && from == 0 {
            from = BOM.len().min(rel);
        }
        column += bytes[from..rel]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        Some(LineCol {
            line: self.first_line + line,
            column: column + 1,
        })
    }
}

/// A text together with its [`LineIndex`]: the source of one game (or of a whole file).
///
/// The index is built on first use (most records never need a line or column), so making a
/// `Source` costs nothing beyond the text.
#[derive(Clone)]
pub struct Source {
    text: String,
    base: usize,
    first_line: usize,
    index: OnceLock<LineIndex>,
}

impl Source {
    /// `text` starting at file offset `base`, on line `first_line` (1-based).
    pub fn new(text: String, base: usize, first_line: usize) -> Self {
        Source {
            text,
            base,
            first_line: first_line.max(1),
            index: OnceLock::new(),
        }
    }

    /// A whole file: offset 0, line 1.
    pub fn whole(text: String) -> Self {
        Source::new(text, 0, 1)
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// File offset of the first byte of the text.
    pub fn base(&self) -> usize {
        self.base
    }

    /// Line number of the first byte of the text.
    pub fn first_line(&self) -> usize {
        self.first_line
    }

    /// The file span covered by the text.
    pub fn span(&self) -> Span {
        Span::new(self.base, self.base + self.text.len())
    }

    /// The index (built on first use).
    pub fn index(&self) -> &LineIndex {
        self.index
            .get_or_init(|| LineIndex::new(&self.text, self.base, self.first_line))
    }

    /// Line and column of a file offset, if it lies in (or at the end of) the text.
    pub fn line_col(&self, offset: usize) -> Option<LineCol> {
        self.index().line_col(&self.text, offset)
    }

    /// The text of a file span, if it lies in the text on character boundaries.
    pub fn slice(&self, span: Span) -> Option<&str> {
        let start = span.start.checked_sub(self.base)?;
        let end = span.end.checked_sub(self.base)?;
        self.text.get(start..end)
    }
}

/// Two sources are equal when they hold the same text at the same place (whether their
/// indexes have been built yet does not matter).
impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base && self.first_line == other.first_line && self.text == other.text
    }
}

impl Eq for Source {}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source")
            .field("span", &self.span())
            .field("first_line", &self.first_line)
            .finish_non_exhaustive()
    }
}
