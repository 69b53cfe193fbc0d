//! Errors of the syntax layer. Errors are values: nothing in `kifu::record` panics on any input.

use super::span::{LineCol, Span};
use serde::Serialize;
use std::fmt;

/// What went wrong, with a stable snake_case name ([`ErrorKind::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ErrorKind {
    /// The bytes are not UTF-8; the span starts at the first bad byte.
    InvalidUtf8,
    /// The input holds no game at all (nothing, or only whitespace).
    EmptyInput,
    /// A game has no moves and no result (tag pairs and/or comments only).
    NoMovetext,
    /// A `[` tag pair not closed on its line.
    UnterminatedTag,
    /// A `{` comment never closed.
    UnterminatedComment,
    /// A `(` never closed (before the end of the game or before its result).
    UnterminatedVariation,
    /// A `)` with no `(`.
    UnbalancedVariation,
    /// Anything else that does not follow the grammar; `expected` says what would have.
    Syntax,
    /// A move number or NAG too large to be stored (move numbers: u64, NAGs: 0–255).
    NumberTooLarge,
    /// A single game bigger than the splitter's limit ([`MAX_GAME_BYTES`](super::MAX_GAME_BYTES)).
    GameTooLarge,
    /// Reading failed.
    Io,
}

impl ErrorKind {
    /// The stable snake_case name, e.g. `"unterminated_comment"`.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidUtf8 => "invalid_utf8",
            ErrorKind::EmptyInput => "empty_input",
            ErrorKind::NoMovetext => "no_movetext",
            ErrorKind::UnterminatedTag => "unterminated_tag",
            ErrorKind::UnterminatedComment => "unterminated_comment",
            ErrorKind::UnterminatedVariation => "unterminated_variation",
            ErrorKind::UnbalancedVariation => "unbalanced_variation",
            ErrorKind::Syntax => "syntax",
            ErrorKind::NumberTooLarge => "number_too_large",
            ErrorKind::GameTooLarge => "game_too_large",
            ErrorKind::Io => "io",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error with where it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// A human-readable message (not stable; match on `kind`).
    pub message: String,
    /// Where, as a byte span in the file (`span.start` is the offset to report).
    pub span: Span,
    /// `span.start` as a 1-based line and character column, when known (always, except for
    /// I/O errors).
    pub position: Option<LineCol>,
    /// For `syntax` errors from the grammar: what would have been accepted at `span.start`.
    pub expected: Vec<String>,
}

impl RecordError {
    /// A new error with no position and nothing expected.
    pub fn new(kind: ErrorKind, message: impl Into<String>, span: Span) -> Self {
        RecordError {
            kind,
            message: message.into(),
            span,
            position: None,
            expected: Vec::new(),
        }
    }

    /// The byte offset in the file where the error is reported.
    pub fn offset(&self) -> usize {
        self.span.start
    }

    pub(crate) fn with_position(mut self, position: Option<LineCol>) -> Self {
        self.position = position;
        self
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(p) => write!(f, "{}:{}: ", p.line, p.column)?,
            None => write!(f, "byte {}: ", self.span.start)?,
        }
        write!(f, "{} [{}]", self.message, self.kind)
    }
}

impl std::error::Error for RecordError {}
