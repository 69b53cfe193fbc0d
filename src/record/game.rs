//! One game as written: the [`Record`], its tag pairs and its result.

use super::movetext::Movetext;
use super::span::{LineCol, Source, Span};
use serde::Serialize;
use std::fmt::{self, Write as _};

/// One game as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// Tag pairs in order (duplicates kept).
    pub tags: Vec<Tag>,
    /// Moves, comments, NAGs and variations.
    pub movetext: Movetext,
    /// The result token, if written.
    pub result: Option<GameResult>,
    /// From the first token of the game to its last (file offsets).
    pub span: Span,
    /// The game's text, for line/column and slices.
    #[serde(skip)]
    pub source: Source,
}

impl Record {
    /// The value of the first tag pair called `name`, ignoring ASCII case (`[variant "wa"]`
    /// is the `Variant` tag): the one rule for tag names in the whole crate.
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// The tag pairs whose name (ignoring ASCII case) was already used by an earlier tag pair
    /// of the game, in the order written: `[Variant "wa"] [variant "gufu"]` gives the second.
    /// [`tag`](Self::tag) reads the first of them.
    pub fn repeated_tags(&self) -> Vec<&Tag> {
        let mut order: Vec<usize> = (0..self.tags.len()).collect();
        // Stable: among equal names, the earliest comes first.
        order.sort_by(|&a, &b| {
            let (a, b) = (self.tags[a].name.bytes(), self.tags[b].name.bytes());
            a.map(|c| c.to_ascii_lowercase())
                .cmp(b.map(|c| c.to_ascii_lowercase()))
        });
        let mut repeated: Vec<usize> = order
            .windows(2)
            .filter(|w| self.tags[w[0]].is(&self.tags[w[1]].name))
            .map(|w| w[1])
            .collect();
        repeated.sort_unstable();
        repeated.into_iter().map(|i| &self.tags[i]).collect()
    }

    /// 1-based line and character column of a file offset inside this game.
    pub fn line_col(&self, offset: usize) -> Option<LineCol> {
        self.source.line_col(offset)
    }

    /// The source text of a file span inside this game.
    pub fn text(&self, span: Span) -> Option<&str> {
        self.source.slice(span)
    }
}

/// Canonical text of the whole record: tag pairs, a blank line, the movetext and the result.
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tag in &self.tags {
            writeln!(f, "{tag}")?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        let mut text = self.movetext.to_string();
        if let Some(result) = &self.result {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(result.value.as_str());
        }
        writeln!(f, "{text}")
    }
}

/// `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Tag {
    /// The name as written.
    pub name: String,
    /// The value with `\"` and `\\` unescaped.
    pub value: String,
    /// The name.
    pub name_span: Span,
    /// The value including its quotes.
    pub value_span: Span,
    /// `[` to `]`.
    pub span: Span,
}

impl Tag {
    /// Whether the tag is called `name`, ignoring ASCII case.
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }
}

/// The value of the first of `tags` called `name`, ignoring ASCII case.
pub(super) fn find_tag<'t>(tags: &'t [Tag], name: &str) -> Option<&'t str> {
    tags.iter().find(|t| t.is(name)).map(|t| t.value.as_str())
}

/// Canonical text: `[Name "value"]` with `"` and `\` escaped.
impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{} \"", self.name)?;
        for c in self.value.chars() {
            if c == '"' || c == '\\' {
                f.write_char('\\')?;
            }
            f.write_char(c)?;
        }
        f.write_str("\"]")
    }
}

/// A result token and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GameResult {
    /// Which token.
    pub value: ResultToken,
    /// Where.
    pub span: Span,
}

/// Result tokens, first mover first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultToken {
    /// `1-0`: the first mover (Black, sente) wins.
    BlackWins,
    /// `0-1`: the second mover (White, gote) wins.
    WhiteWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl ResultToken {
    /// The token text.
    pub const fn as_str(self) -> &'static str {
        match self {
            ResultToken::BlackWins => "1-0",
            ResultToken::WhiteWins => "0-1",
            ResultToken::Draw => "1/2-1/2",
            ResultToken::Unknown => "*",
        }
    }

    /// Parse the token text.
    pub fn from_text(text: &str) -> Option<Self> {
        Some(match text {
            "1-0" => ResultToken::BlackWins,
            "0-1" => ResultToken::WhiteWins,
            "1/2-1/2" => ResultToken::Draw,
            "*" => ResultToken::Unknown,
            _ => return None,
        })
    }
}

impl fmt::Display for ResultToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
