//! Reporting problems as `kifu validate` does: the human form (`path:line:col: error: ...`
//! with the source line and a caret) and the JSON Lines form, from a replay [`Problem`] or a
//! [`RecordError`] (see [`load`](crate::load) for the loop that makes them).

use crate::notation::char_width as width;
use crate::record::{ErrorKind, LineCol, Record, RecordError, Source, Span};
use crate::replay::Problem;
use serde_json::{Value, json};

/// Severity of a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// The game is invalid.
    Error,
    /// The game is valid, but something looks wrong.
    Warning,
}

impl Level {
    fn name(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
        }
    }
}

/// A problem ready to print: where, what, and the source line.
#[derive(Clone, Debug)]
pub struct Diag {
    /// Whether it is an error or a warning.
    pub level: Level,
    /// The stable name of the kind of problem (`illegal_move`, `syntax`, ...).
    pub kind: String,
    /// What is wrong, in plain English.
    pub message: String,
    /// Line and column in the file, when known.
    pub pos: Option<LineCol>,
    /// The whole source line and the character range to underline in it.
    pub source: Option<(String, usize, usize)>,
    /// The game's number in its input, from 1.
    pub game: usize,
    /// The ply (1 = the game's first move), for a problem with a move.
    pub ply: Option<u64>,
    /// The move as written, for a problem with a move.
    pub mv: Option<String>,
    /// A hint on how to fix it, if there is one.
    pub help: Option<String>,
}

/// The line of `text` holding byte `offset`, and the character columns of `span` in it.
fn source_line(text: &str, base: usize, span: Span) -> Option<(String, usize, usize)> {
    let start = span.start.checked_sub(base)?;
    if start > text.len() || !text.is_char_boundary(start) {
        return None;
    }
    let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let line_end = text[start..]
        .find('\n')
        .map(|i| start + i)
        .unwrap_or(text.len());
    let line = text[line_start..line_end].trim_end_matches('\r');
    // Very long lines: show a window around the problem.
    let end = span
        .end
        .saturating_sub(base)
        .clamp(start, line_start + line.len());
    let col0 = text[line_start..start].chars().count();
    // Underline at most 80 characters: a 10 MB token must not print 10 MB of carets.
    let len = text
        .get(start..end)
        .map(|s| s.chars().take(80).count())
        .unwrap_or(1)
        .max(1);
    if line.len() > 300 {
        let chars: Vec<char> = line.chars().collect();
        let from = col0.saturating_sub(60);
        let to = (col0 + len + 60).min(chars.len());
        let window: String = chars[from..to].iter().collect();
        return Some((window, col0 - from, len.min(to - col0)));
    }
    Some((line.to_string(), col0, len))
}

/// The line and column of `offset` in a game's `text` (which starts at file offset `base`),
/// counted from where the error `e` is (its offset and position are known).
fn line_col_near(text: &str, base: usize, e: &RecordError, offset: usize) -> Option<LineCol> {
    let at = e.position?;
    let before = text.get(..e.span.start.checked_sub(base)?)?;
    let first_line = at.line.checked_sub(before.matches('\n').count())?;
    Source::new(text.to_string(), base, first_line).line_col(offset)
}

impl Diag {
    /// A replay problem of game number `game` of `record`, with its source line.
    pub fn from_problem(record: &Record, game: usize, p: &Problem, level: Level) -> Diag {
        let source = source_line(record.source.text(), record.source.base(), p.span);
        Diag::of_problem(p, game, level, record.line_col(p.span.start), source)
    }

    fn of_problem(
        p: &Problem,
        game: usize,
        level: Level,
        pos: Option<LineCol>,
        source: Option<(String, usize, usize)>,
    ) -> Diag {
        Diag {
            level,
            kind: p.kind.to_string(),
            message: p.message.clone(),
            pos,
            source,
            game,
            ply: p.ply,
            mv: p.mv.clone(),
            help: p.help.clone(),
        }
    }

    /// A syntax-level error; `text` is the game's text when it could be decoded. A game whose
    /// Variant tag names no game kifu knows is reported so (`unknown_variant`), whatever is
    /// wrong with its moves: the variant is decided before the moves.
    pub fn from_record_error(e: &RecordError, game: usize, text: Option<(&str, usize)>) -> Diag {
        if let Some(p) = crate::replay::unreadable_variant(e) {
            let source = text.and_then(|(t, base)| source_line(t, base, p.span));
            let pos = text.and_then(|(t, base)| line_col_near(t, base, e, p.span.start));
            return Diag::of_problem(&p, game, Level::Error, pos, source);
        }
        let source = text.and_then(|(t, base)| source_line(t, base, e.span));
        let help = if e.kind == ErrorKind::InvalidUtf8 {
            Some(e.help().map_or(crate::encoding::TRIED.to_string(), |h| {
                format!("{h} ({})", crate::encoding::TRIED)
            }))
        } else if let Some(h) = e.help() {
            Some(h.to_string())
        } else {
            (!e.expected.is_empty() && !e.message.contains("expected"))
                .then(|| format!("expected {}", e.expected.join(", ")))
        };
        Diag {
            level: Level::Error,
            kind: e.kind.name().to_string(),
            message: e.message.clone(),
            pos: e.position,
            source,
            game,
            ply: None,
            mv: None,
            help,
        }
    }

    /// The human form.
    pub fn human(&self, path: &str) -> String {
        let message = clip(&self.message, 300);
        let mut s = match self.pos {
            Some(p) => format!("{path}:{}:{}: ", p.line, p.column),
            None => format!("{path}: "),
        };
        s.push_str(&format!(
            "{}[{}]: {}\n",
            self.level.name(),
            self.kind,
            message
        ));
        if let (Some((line, col, len)), Some(p)) = (&self.source, self.pos) {
            let num = p.line.to_string();
            let pad = " ".repeat(num.len());
            let lead: usize = line.chars().take(*col).map(width).sum();
            let under: usize = line
                .chars()
                .skip(*col)
                .take(*len)
                .map(width)
                .sum::<usize>()
                .max(1);
            // Control characters (NUL, BOM...) would garble the terminal: show them as '�'.
            let shown: String = line
                .chars()
                .map(|c| match c {
                    '\t' => ' ',
                    c if c.is_control() || c == '\u{FEFF}' => '\u{FFFD}',
                    c => c,
                })
                .collect();
            s.push_str(&format!(" {num} | {shown}\n"));
            s.push_str(&format!(
                " {pad} | {}{}\n",
                " ".repeat(lead),
                "^".repeat(under)
            ));
        }
        let mut what = format!("game {}", self.game);
        if let Some(ply) = self.ply {
            what.push_str(&format!(", ply {ply}"));
        }
        if let Some(mv) = &self.mv {
            what.push_str(&format!(", move {mv}"));
        }
        s.push_str(&format!("  = {what}\n"));
        if let Some(h) = &self.help {
            s.push_str(&format!("  = help: {h}\n"));
        }
        s
    }

    /// The JSON form of one problem.
    pub fn json(&self) -> Value {
        json!({
            "ply": self.ply,
            "line": self.pos.map(|p| p.line),
            "column": self.pos.map(|p| p.column),
            "kind": self.kind,
            "message": clip(&self.message, 300),
            "move": self.mv,
            "help": self.help,
        })
    }
}

/// A message cut to `max` characters (a quoted 10 MB tag value must not flood the output).
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max).collect();
    out.push_str("… (cut)");
    out
}
