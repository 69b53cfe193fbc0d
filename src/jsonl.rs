//! kifu's JSON read back: a game object of `kifu convert --to json` (one a line: JSON Lines)
//! turned into the PSN text it stands for, which the normal parser then reads. See
//! docs/json.md for the schema.
//!
//! An input is taken for JSON only when its first non-blank text is `{"KEY":` with KEY one of
//! the game object's keys ([`looks_like_json`]): a PSN record may begin with a `{comment}`,
//! but not with that.
//!
//! ```
//! let json = r#"{"tags":[["Variant","Gufu"]],"moves":[{"move":"K*2三>W","glyph":"!?","annotations":[{"nag":14}],"variations":[]}],"result_token":"*"}"#;
//! assert!(kifu::jsonl::looks_like_json(json.as_bytes()));
//! assert_eq!(
//!     kifu::jsonl::psn_text(json.as_bytes()).unwrap(),
//!     "[Variant \"Gufu\"] K*2三>W!? $14 *\n"
//! );
//! ```

use crate::record::{ErrorKind, GameChunk, Glyph, LineCol, MAX_GAME_BYTES, RecordError, Span, Tag};
use serde::Deserialize;
use std::io::{BufRead, Read};

/// The keys of a game object (`kifu convert --to json`); its first key is one of them.
pub const GAME_KEYS: [&str; 14] = [
    "black",
    "comments",
    "file",
    "game",
    "moves",
    "outcome",
    "plies",
    "result",
    "result_token",
    "start",
    "tags",
    "termination",
    "variant",
    "white",
];

/// Deepest bracket nesting read: a game's variations nested [`crate::record::MAX_NESTING`]
/// deep (four brackets a level: `moves`, a ply, `variations`, a variation) and a margin.
const MAX_DEPTH: usize = 4 * crate::record::MAX_NESTING + 16;

/// Whether a text (an input's first bytes) begins as kifu's JSON: blanks (a byte-order mark
/// too), then `{`, blanks, and `"KEY":` with KEY one of [`GAME_KEYS`].
pub fn looks_like_json(start: &[u8]) -> bool {
    let s = start.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(start);
    let blank = |s: &[u8]| s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let s = &s[blank(s)..];
    let Some(s) = s.strip_prefix(b"{") else {
        return false;
    };
    let s = &s[blank(s)..];
    let Some(s) = s.strip_prefix(b"\"") else {
        return false;
    };
    let Some(end) = s.iter().position(|&b| b == b'"') else {
        return false;
    };
    let (key, rest) = (&s[..end], &s[end + 1..]);
    let rest = &rest[blank(rest)..];
    rest.starts_with(b":") && GAME_KEYS.iter().any(|k| k.as_bytes() == key)
}

/// The games of a JSON Lines input, each object turned into its PSN text ([`psn_text`]): a
/// chunk whose `line` and `offset` are those of the object's line, so that a problem of the
/// game is reported on that line (its column counts in the PSN text, which the report quotes).
/// A line that is not a game object is an error (`syntax`) at its line; blank lines are
/// skipped. Memory: one line at a time (at most [`MAX_GAME_BYTES`]).
#[derive(Debug)]
pub struct JsonGames<R> {
    reader: R,
    offset: usize,
    line: usize,
    games: usize,
    done: bool,
}

impl<R: BufRead> JsonGames<R> {
    /// The games of `reader`, from its first byte.
    pub fn new(reader: R) -> Self {
        JsonGames {
            reader,
            offset: 0,
            line: 1,
            games: 0,
            done: false,
        }
    }

    /// Skips to the end of the current line (a line too long to keep).
    fn skip_line(&mut self) -> std::io::Result<usize> {
        let mut skipped = 0;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                return Ok(skipped);
            }
            match memchr::memchr(b'\n', buf) {
                Some(i) => {
                    self.reader.consume(i + 1);
                    return Ok(skipped + i + 1);
                }
                None => {
                    let n = buf.len();
                    self.reader.consume(n);
                    skipped += n;
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for JsonGames<R> {
    type Item = Result<GameChunk, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            let (offset, line) = (self.offset, self.line);
            let mut buf = Vec::new();
            let read = (&mut self.reader)
                .take(MAX_GAME_BYTES as u64 + 1)
                .read_until(b'\n', &mut buf);
            let n = match read {
                Ok(0) => return None,
                Ok(n) => n,
                Err(e) => {
                    self.done = true;
                    let e = RecordError::new(ErrorKind::Io, e.to_string(), Span::at(offset));
                    return Some(Err(e));
                }
            };
            self.offset += n;
            self.line += 1;
            let at = Some(LineCol { line, column: 1 });
            if n > MAX_GAME_BYTES && !buf.ends_with(b"\n") {
                drop(buf);
                match self.skip_line() {
                    Ok(k) => self.offset += k,
                    Err(_) => self.done = true,
                }
                self.games += 1;
                let message = format!(
                    "a game's JSON line is larger than {} MiB",
                    MAX_GAME_BYTES >> 20
                );
                let e = RecordError::new(ErrorKind::GameTooLarge, message, Span::at(offset));
                return Some(Err(e.with_position(at)));
            }
            if buf.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let index = self.games;
            self.games += 1;
            let fail = |column: usize, message: String| {
                let message = format!("not a game of kifu's JSON: {message}");
                Err(
                    RecordError::new(ErrorKind::Syntax, message, Span::at(offset))
                        .with_position(Some(LineCol { line, column })),
                )
            };
            if depth(&buf) > MAX_DEPTH {
                return Some(fail(
                    1,
                    format!("nested more than {MAX_DEPTH} brackets deep"),
                ));
            }
            return Some(match psn_text(buf.trim_ascii_end()) {
                Ok(text) => Ok(GameChunk {
                    bytes: text.into_bytes(),
                    offset,
                    line,
                    index,
                    rebuilt: true,
                }),
                Err((Some(column), m)) => fail(
                    column,
                    format!("{m} (kifu reads JSON Lines: one game object a line)"),
                ),
                Err((None, m)) => fail(1, m),
            });
        }
    }
}

/// The deepest nesting of `[` and `{` outside strings.
fn depth(bytes: &[u8]) -> usize {
    let (mut depth, mut max, mut in_string, mut escape) = (0usize, 0, false, false);
    for &b in bytes {
        if in_string {
            match b {
                _ if escape => escape = false,
                b'\\' => escape = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// A game object, as far as reading it back goes (the other keys are what the replay computes
/// again: skipped without being kept, so that a long game costs little more than its moves).
#[derive(Deserialize)]
struct JsonGame {
    tags: Vec<(String, String)>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    comments: Vec<Note>,
    moves: Vec<Ply>,
    #[serde(default)]
    result_token: Option<String>,
}

#[derive(Deserialize)]
struct Ply {
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    glyph: Option<String>,
    #[serde(default)]
    annotations: Vec<Note>,
    #[serde(default)]
    variations: Vec<Variation>,
}

#[derive(Deserialize)]
struct Variation {
    #[serde(default)]
    comments: Vec<Note>,
    moves: Vec<Ply>,
}

/// A comment (`{"comment": text, "kind": "brace"|"line"}`) or a NAG (`{"nag": n}`).
#[derive(Deserialize)]
struct Note {
    #[serde(default)]
    nag: Option<u8>,
    #[serde(default)]
    comment: Option<String>,
    #[serde(default)]
    kind: Option<String>,
}

/// What is left to write of the movetext.
enum Work<'a> {
    /// The rest of a line's plies (its path, for messages, and the next index).
    Moves(&'a [Ply], String, usize),
    /// A variation to open (its path).
    Variation(&'a Variation, String),
    /// A variation's `)`.
    Close,
}

/// The PSN text of one game object of kifu's JSON (see docs/json.md), the text of one line:
/// its tags as written (with a `Variant` tag from `variant` when they have none), its comments
/// before the first move, every ply's `move` with its `glyph`, its `annotations` (comments and
/// NAGs, in order) and its `variations` (nested), then its `result_token`. On one line, but
/// after a `;` comment (and inside a comment that holds line breaks). Move numbers are left
/// out (the reader does not need them; the PSN writer writes its own). Else what is wrong: with
/// the column where the JSON does not parse (or lacks a key), or with where in the object
/// (`moves[3].variations[0].moves[1]`) when it says something PSN cannot.
///
/// Nesting is not limited here: check it first (the reader refuses more than four brackets a
/// level of [`crate::record::MAX_NESTING`]).
pub fn psn_text(line: &[u8]) -> Result<String, (Option<usize>, String)> {
    let mut de = serde_json::Deserializer::from_slice(line);
    de.disable_recursion_limit();
    let game = JsonGame::deserialize(&mut de)
        .and_then(|g| de.end().map(|()| g))
        .map_err(|e| {
            // serde_json's own " at line 1 column N": the column is reported.
            let m = e.to_string();
            let m = m.rfind(" at line ").map_or(&*m, |i| &m[..i]).to_string();
            (Some(e.column().max(1)), m)
        })?;
    write_game(&game).map_err(|m| (None, m))
}

fn write_game(game: &JsonGame) -> Result<String, String> {
    let mut out = String::new();
    let mut has_variant = false;
    for (i, (name, value)) in game.tags.iter().enumerate() {
        let bad = |c: char| c.is_whitespace() || "[]\"{};".contains(c);
        if name.is_empty() || name.contains(bad) {
            return Err(format!("tags[{i}]: {name:?} is not a tag name"));
        }
        if value.contains(['\n', '\r']) {
            return Err(format!("tags[{i}]: a value with a line break"));
        }
        has_variant |= name.eq_ignore_ascii_case("Variant");
        token(&mut out, &tag_text(name, value));
    }
    if !has_variant && let Some(v) = &game.variant {
        token(&mut out, &tag_text("Variant", v));
    }
    for (i, c) in game.comments.iter().enumerate() {
        annotation(&mut out, c, &format!("comments[{i}]"))?;
    }
    let mut stack = vec![Work::Moves(&game.moves, "moves".to_string(), 0)];
    while let Some(work) = stack.pop() {
        match work {
            Work::Close => out.push(')'),
            Work::Variation(v, path) => {
                if v.moves.is_empty() {
                    return Err(format!("{path} has no move"));
                }
                token(&mut out, "(");
                for (i, c) in v.comments.iter().enumerate() {
                    annotation(&mut out, c, &format!("{path}.comments[{i}]"))?;
                }
                stack.push(Work::Close);
                stack.push(Work::Moves(&v.moves, format!("{path}.moves"), 0));
            }
            Work::Moves(moves, path, i) => {
                let Some(ply) = moves.get(i) else { continue };
                let here = format!("{path}[{i}]");
                write_ply(&mut out, ply, &here)?;
                stack.push(Work::Moves(moves, path, i + 1));
                for (j, v) in ply.variations.iter().enumerate().rev() {
                    stack.push(Work::Variation(v, format!("{here}.variations[{j}]")));
                }
            }
        }
    }
    match game.result_token.as_deref() {
        None => {}
        Some(r @ ("1-0" | "0-1" | "1/2-1/2" | "*")) => token(&mut out, r),
        Some(r) => return Err(format!("result_token {r:?} is not 1-0, 0-1, 1/2-1/2 or *")),
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// A ply's move, glyph and annotations.
fn write_ply(out: &mut String, ply: &Ply, here: &str) -> Result<(), String> {
    let mv = &ply.mv;
    let bad = |c: char| c.is_whitespace() || "{}();[]$\"".contains(c);
    if mv.is_empty() || mv.contains(bad) {
        return Err(format!("{here}: {mv:?} is not one move"));
    }
    let mut text = mv.clone();
    match ply.glyph.as_deref() {
        None => {}
        Some(g) if Glyph::from_text(g).is_some() => text.push_str(g),
        Some(g) => return Err(format!("{here}: glyph {g:?} is not !, ?, !!, ??, !? or ?!")),
    }
    token(out, &text);
    for (i, a) in ply.annotations.iter().enumerate() {
        annotation(out, a, &format!("{here}.annotations[{i}]"))?;
    }
    Ok(())
}

/// A comment or a NAG.
fn annotation(out: &mut String, a: &Note, here: &str) -> Result<(), String> {
    let text = match (a.nag, &a.comment) {
        (Some(n), None) => {
            token(out, &format!("${n}"));
            return Ok(());
        }
        (None, Some(text)) => text,
        _ => return Err(format!("{here} is neither a comment nor a NAG")),
    };
    match a.kind.as_deref() {
        Some("brace") | None if !text.contains('}') => token(out, &format!("{{{text}}}")),
        Some("brace") | None => return Err(format!("{here}: a brace comment holding }}")),
        Some("line") if !text.contains('\n') => {
            token(out, &format!(";{text}"));
            out.push('\n');
        }
        Some("line") => return Err(format!("{here}: a line comment holding a line break")),
        Some(k) => return Err(format!("{here}: kind {k:?} is not brace or line")),
    }
    Ok(())
}

/// `[Name "value"]`, the value escaped.
fn tag_text(name: &str, value: &str) -> String {
    Tag {
        name: name.to_string(),
        value: value.to_string(),
        name_span: Span::default(),
        value_span: Span::default(),
        span: Span::default(),
    }
    .to_string()
}

/// Appends a token, a space before it unless at the start of a line or after `(`.
fn token(out: &mut String, t: &str) {
    if !out.is_empty() && !out.ends_with(['\n', '(']) {
        out.push(' ');
    }
    out.push_str(t);
}
