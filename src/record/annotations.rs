//! What is written around the moves: comments, NAGs, move numbers, glyphs.

use super::span::Span;
use serde::Serialize;
use std::fmt;

/// A comment or a NAG after a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Annotation {
    /// `{...}` or `; ...`.
    Comment(Comment),
    /// `$n`.
    Nag(Nag),
}

/// A comment.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Comment {
    /// Brace or line comment.
    pub kind: CommentKind,
    /// The text between the delimiters (`{`…`}`, or `;`…end of line, without the line break),
    /// exactly as written.
    pub text: String,
    /// Including the delimiters.
    pub span: Span,
}

/// Canonical text: `{text}` (a brace comment), `;text` and a line break (a line comment).
impl fmt::Display for Comment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            CommentKind::Brace => write!(f, "{{{}}}", self.text),
            CommentKind::Line => writeln!(f, ";{}", self.text),
        }
    }
}

/// Which kind of comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CommentKind {
    /// `{...}`, may span lines.
    Brace,
    /// `; ...` to the end of the line.
    Line,
}

/// `$n`, a Numeric Annotation Glyph (0–255).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Nag {
    /// The number.
    pub value: u8,
    /// Where.
    pub span: Span,
}

impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.value)
    }
}

/// `12.` or `12...` (also written `12…` or `12. ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct MoveNumber {
    /// The number.
    pub n: u64,
    /// One dot or three.
    pub dots: Dots,
    /// Where.
    pub span: Span,
}

/// Canonical text: `12.` or `12...`.
impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.dots {
            Dots::One => write!(f, "{}.", self.n),
            Dots::Three => write!(f, "{}...", self.n),
        }
    }
}

/// The dots after a move number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Dots {
    /// `12.`
    One,
    /// `12...`, `12…` or `12. ...`
    Three,
}

/// A glyph attached to a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Glyph {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Glyph {
    /// The text.
    pub const fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }

    /// The equivalent NAG number (1–6).
    pub const fn nag(self) -> u8 {
        match self {
            Glyph::Good => 1,
            Glyph::Mistake => 2,
            Glyph::Brilliant => 3,
            Glyph::Blunder => 4,
            Glyph::Interesting => 5,
            Glyph::Dubious => 6,
        }
    }

    /// Parse the text.
    pub fn from_text(text: &str) -> Option<Self> {
        Some(match text {
            "!" => Glyph::Good,
            "?" => Glyph::Mistake,
            "!!" => Glyph::Brilliant,
            "??" => Glyph::Blunder,
            "!?" => Glyph::Interesting,
            "?!" => Glyph::Dubious,
            _ => return None,
        })
    }
}

impl fmt::Display for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
