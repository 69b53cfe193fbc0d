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

    /// The first tag pair called `name`, ignoring ASCII case, with its spans.
    pub fn tag_pair(&self, name: &str) -> Option<&Tag> {
        Tag::first(&self.tags, name)
    }

    /// The tag pairs whose name (ignoring ASCII case) was already used by an earlier tag pair
    /// of the game, in the order written: `[Variant "wa"] [variant "gufu"]` gives the second.
    /// [`tag`](Self::tag) reads the first of them.
    pub fn repeated_tags(&self) -> Vec<&Tag> {
        self.repeats().into_iter().map(|(_, t)| t).collect()
    }

    /// [`repeated_tags`](Self::repeated_tags), each with the first tag pair of its name (the
    /// one that counts): `(first, repeat)`.
    pub fn repeats(&self) -> Vec<(&Tag, &Tag)> {
        let tags = &self.tags;
        // A few tags (every usual record): compared pairwise, nothing allocated.
        if tags.len() <= 16 {
            return (1..tags.len())
                .filter_map(|j| {
                    let first = tags[..j].iter().find(|t| t.is(&tags[j].name))?;
                    Some((first, &tags[j]))
                })
                .collect();
        }
        let mut order: Vec<usize> = (0..tags.len()).collect();
        // Stable: among equal names, the earliest comes first.
        order.sort_by(|&a, &b| {
            let (a, b) = (tags[a].name.bytes(), tags[b].name.bytes());
            a.map(|c| c.to_ascii_lowercase())
                .cmp(b.map(|c| c.to_ascii_lowercase()))
        });
        let mut repeats: Vec<(usize, usize)> = Vec::new();
        // The first of the run of equal names the window is in.
        let mut first = order[0];
        for w in order.windows(2) {
            if tags[w[0]].is(&tags[w[1]].name) {
                repeats.push((first, w[1]));
            } else {
                first = w[1];
            }
        }
        repeats.sort_unstable_by_key(|&(_, r)| r);
        repeats
            .into_iter()
            .map(|(f, r)| (&tags[f], &tags[r]))
            .collect()
    }

    /// The tag pairs that count: every tag pair but the [repeated](Self::repeated_tags) ones,
    /// in the order written.
    pub fn distinct_tags(&self) -> impl Iterator<Item = &Tag> + '_ {
        let mut repeats = self.repeats().into_iter().map(|(_, r)| r).peekable();
        self.tags.iter().filter(move |t| {
            let repeat = repeats.peek().is_some_and(|r| std::ptr::eq(*r, *t));
            if repeat {
                repeats.next();
            }
            !repeat
        })
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

/// The standard tags, in the case writers use: PGN's seven tag roster (kifu's order: Black,
/// the first mover, before White), `Variant`, `FEN` and `SetUp` (as XBoard writes them), and
/// a few more of PGN's standard tags.
pub const STANDARD_TAGS: [&str; 16] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "Black",
    "White",
    "Result",
    "Variant",
    "FEN",
    "SetUp",
    "TimeControl",
    "Time",
    "Termination",
    "Annotator",
    "PlyCount",
    "Mode",
];

impl Tag {
    /// Whether the tag is called `name`, ignoring ASCII case.
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// The first of `tags` called `name`, ignoring ASCII case (the one that counts when a
    /// name is repeated).
    pub fn first<'t>(tags: &'t [Tag], name: &str) -> Option<&'t Tag> {
        tags.iter().find(|t| t.is(name))
    }

    /// The name in its canonical case: a standard tag's as [`STANDARD_TAGS`] writes it
    /// (`variant` is `Variant`), any other as written.
    pub fn canonical_name(&self) -> &str {
        STANDARD_TAGS
            .iter()
            .find(|n| self.is(n))
            .copied()
            .unwrap_or(&self.name)
    }
}

/// The value of the first of `tags` called `name`, ignoring ASCII case.
pub(super) fn find_tag<'t>(tags: &'t [Tag], name: &str) -> Option<&'t str> {
    Tag::first(tags, name).map(|t| t.value.as_str())
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
