//! Errors of the syntax layer. Errors are values: nothing in `kifu::record` panics on any input.

use super::game::{Tag, find_tag};
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
    /// Variations nested deeper than [`MAX_NESTING`](super::MAX_NESTING) levels; the span is
    /// the `(` that passes the limit.
    TooDeep,
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
            ErrorKind::TooDeep => "too_deep",
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
    /// A hint and the tags read before the error (see [`help`](Self::help) and
    /// [`tags`](Self::tags)); boxed, so that the error stays small in every `Result`.
    #[serde(flatten)]
    extra: Option<Box<Extra>>,
}

/// What an error may carry besides what and where.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
struct Extra {
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tags: Vec<Tag>,
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
            extra: None,
        }
    }

    /// The tag pairs of the game read before the error: all of them when the error is in the
    /// movetext (tag pairs come first), so that a caller can still tell what the game was meant
    /// to be (its `Variant`, see [`tag`](Self::tag)). Empty for errors found before any tag pair
    /// was read (I/O, invalid UTF-8, a game too large).
    pub fn tags(&self) -> &[Tag] {
        self.extra.as_deref().map_or(&[], |e| e.tags.as_slice())
    }

    /// A hint at how to fix the text, when one is known (e.g. for `sp-4e`: "piece
    /// abbreviations are upper case: SP-4e"; for `SP-8G`: "rank letters are lower case: SP-8g").
    pub fn help(&self) -> Option<&str> {
        self.extra.as_deref()?.help.as_deref()
    }

    /// The value of the first tag pair read before the error whose name is `name`, ignoring
    /// ASCII case (as [`Record::tag`](super::Record::tag)).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(self.tags(), name)
    }

    /// The byte offset in the file where the error is reported.
    pub fn offset(&self) -> usize {
        self.span.start
    }

    pub(crate) fn with_position(mut self, position: Option<LineCol>) -> Self {
        self.position = position;
        self
    }

    pub(crate) fn with_tags(mut self, tags: Vec<Tag>) -> Self {
        if !tags.is_empty() {
            self.extra.get_or_insert_default().tags = tags;
        }
        self
    }

    pub(crate) fn with_help(mut self, help: String) -> Self {
        self.extra.get_or_insert_default().help = Some(help);
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
