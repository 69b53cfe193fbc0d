//! kifu's JSON read back: a game object of `kifu convert --to json` (one a line: JSON Lines)
//! turned into the PSN text it stands for, which the normal parser then reads. See
//! docs/json.md for the schema.
//!
//! An input is taken for JSON only when its first non-blank text is `{"KEY":` with KEY one of
//! the game object's keys, or `[` before that, or `[]` ([`looks_like_json`]): a PSN record may
//! begin with a `{comment}`, but not with that. Objects may follow one another (JSON Lines,
//! as kifu writes them, or pretty-printed) or be the elements of one array.
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
use std::io::BufRead;

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
/// too), then `{`, blanks, and `"KEY":` with KEY one of [`GAME_KEYS`]; or `[` and such an
/// object, or `[]`.
pub fn looks_like_json(start: &[u8]) -> bool {
    let s = start.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(start);
    let blank = |s: &[u8]| s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let mut s = &s[blank(s)..];
    // An array of game objects (or an empty one).
    if let Some(rest) = s.strip_prefix(b"[") {
        let rest = &rest[blank(rest)..];
        if rest.starts_with(b"]") {
            return true;
        }
        s = rest;
    }
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

/// The games of a JSON input, each object turned into its PSN text ([`psn_text`]): objects one
/// after the other (JSON Lines as `convert --to json` writes them, or pretty-printed over
/// several lines), or one array of them. Each game is a chunk whose `line` and `offset` are
/// those of its object's `{`, so that a problem of the game is reported on that line (its
/// column counts in the PSN text, which the report quotes). Text between objects that is not
/// one is an error (`syntax`) at its line, and the rest of that line is skipped. Memory: one
/// object at a time (at most [`MAX_GAME_BYTES`]: a bigger one is a `game_too_large` error).
#[derive(Debug)]
pub struct JsonGames<R> {
    reader: R,
    scan: Scan,
}

#[derive(Debug, Default)]
struct Scan {
    /// File offset and line of the next byte.
    offset: usize,
    line: usize,
    games: usize,
    done: bool,
    /// Inside the top-level array.
    in_array: bool,
    /// The current object's bytes (empty between objects), where it began, its nesting.
    object: Vec<u8>,
    start: (usize, usize),
    depth: usize,
    max_depth: usize,
    in_string: bool,
    escape: bool,
    /// The object passed [`MAX_GAME_BYTES`]: scanned to its end, not kept.
    overflow: bool,
    /// Junk seen between objects: skipping to the end of its line.
    skipping: bool,
    /// JSON Lines (`Some(true)`: the first object ended on its line, so a line break ends an
    /// object, and a broken line costs only its game) or objects over several lines
    /// (`Some(false)`: the first object held a line break, or the objects are in an array);
    /// `None` until the first tells.
    lines: Option<bool>,
}

/// What a byte ends.
enum Ended {
    /// The current object: its bytes are in `object`.
    Object,
    /// Text that is no object, at (offset, line, column 1).
    Junk(usize, usize, u8),
}

impl<R: BufRead> JsonGames<R> {
    /// The games of `reader`, from its first byte.
    pub fn new(reader: R) -> Self {
        JsonGames {
            reader,
            scan: Scan {
                line: 1,
                ..Scan::default()
            },
        }
    }
}

impl Scan {
    fn collecting(&self) -> bool {
        !self.object.is_empty() || self.overflow
    }

    /// One byte (the offset and line already past it).
    fn step(&mut self, b: u8) -> Option<Ended> {
        if self.skipping {
            self.skipping = b != b'\n';
            return None;
        }
        if !self.collecting() {
            match b {
                b'{' => {
                    self.start = (self.offset - 1, self.line);
                    self.object.push(b);
                    self.depth = 1;
                    self.max_depth = 1;
                }
                b'[' if !self.in_array => {
                    // An array's elements may span lines.
                    self.in_array = true;
                    self.lines = Some(false);
                }
                b',' | b']' if self.in_array => self.in_array = b == b',',
                b'\xEF' | b'\xBB' | b'\xBF' if self.offset <= 3 => {}
                _ if b.is_ascii_whitespace() => {}
                _ => {
                    self.skipping = b != b'\n';
                    return Some(Ended::Junk(self.offset - 1, self.line, b));
                }
            }
            return None;
        }
        if b == b'\n' {
            match self.lines {
                None => self.lines = Some(false),
                // (A line break is never inside a JSON string.)
                Some(true) => return Some(Ended::Object),
                Some(false) => {}
            }
        }
        if !self.overflow {
            if self.object.len() >= MAX_GAME_BYTES {
                self.overflow = true;
                self.object = Vec::new();
            } else {
                self.object.push(b);
            }
        }
        if self.in_string {
            match b {
                _ if self.escape => self.escape = false,
                b'\\' => self.escape = true,
                b'"' => self.in_string = false,
                _ => {}
            }
            return None;
        }
        match b {
            b'"' => self.in_string = true,
            b'{' | b'[' => {
                self.depth += 1;
                self.max_depth = self.max_depth.max(self.depth);
            }
            b'}' | b']' => {
                self.depth -= 1;
                if self.depth == 0 {
                    self.lines.get_or_insert(true);
                    return Some(Ended::Object);
                }
            }
            _ => {}
        }
        None
    }

    /// The object just ended (or cut by the end of the input), as a game.
    fn game(&mut self) -> Result<GameChunk, RecordError> {
        let (offset, line) = self.start;
        let (mut object, overflow, max_depth) = (
            std::mem::take(&mut self.object),
            std::mem::take(&mut self.overflow),
            self.max_depth,
        );
        (self.depth, self.in_string, self.escape) = (0, false, false);
        let index = self.games;
        self.games += 1;
        let fail = |kind, line: usize, column: usize, message: String| {
            Err(RecordError::new(kind, message, Span::at(offset))
                .with_position(Some(LineCol { line, column })))
        };
        if overflow {
            let message = format!(
                "a game's JSON object is larger than {} MiB",
                MAX_GAME_BYTES >> 20
            );
            return fail(ErrorKind::GameTooLarge, line, 1, message);
        }
        let syntax = |l: usize, c: usize, m: String| {
            fail(
                ErrorKind::Syntax,
                l,
                c,
                format!("not a game of kifu's JSON: {m}"),
            )
        };
        if max_depth > MAX_DEPTH {
            return syntax(
                line,
                1,
                format!("nested more than {MAX_DEPTH} brackets deep"),
            );
        }
        // An object a line break cut (JSON Lines): serde_json says what it lacks, on its line.
        while object.last().is_some_and(u8::is_ascii_whitespace) {
            object.pop();
        }
        match psn_text(&object) {
            Ok(text) => Ok(GameChunk {
                bytes: text.into_bytes(),
                offset,
                line,
                index,
                rebuilt: true,
            }),
            Err((Some((l, c)), m)) => syntax(line + l - 1, c, m),
            Err((None, m)) => syntax(line, 1, m),
        }
    }
}

impl<R: BufRead> Iterator for JsonGames<R> {
    type Item = Result<GameChunk, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let scan = &mut self.scan;
        loop {
            if scan.done {
                return None;
            }
            let buf = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) => {
                    scan.done = true;
                    let at = Span::at(scan.offset);
                    return Some(Err(RecordError::new(ErrorKind::Io, e.to_string(), at)));
                }
            };
            if buf.is_empty() {
                scan.done = true;
                // An object the input cuts: serde_json says what it lacks.
                return scan.collecting().then(|| scan.game());
            }
            let mut used = 0;
            let mut ended = None;
            for &b in buf {
                used += 1;
                scan.offset += 1;
                if b == b'\n' {
                    scan.line += 1;
                }
                ended = scan.step(b);
                if ended.is_some() {
                    break;
                }
            }
            self.reader.consume(used);
            match ended {
                None => {}
                Some(Ended::Object) => return Some(scan.game()),
                Some(Ended::Junk(offset, line, b)) => {
                    // (It counts as a game, as a PSN game that does not read does.)
                    scan.games += 1;
                    let shown = if b.is_ascii_graphic() {
                        format!("'{}'", b as char)
                    } else {
                        format!("byte {b:#04x}")
                    };
                    let message = format!(
                        "not a game of kifu's JSON: {shown} where a game object ({{...}}) should begin"
                    );
                    return Some(Err(RecordError::new(
                        ErrorKind::Syntax,
                        message,
                        Span::at(offset),
                    )
                    .with_position(Some(LineCol { line, column: 1 }))));
                }
            }
        }
    }
}

/// The deepest nesting of `[` and `{` outside strings.
#[cfg(test)]
fn depth(bytes: &[u8]) -> usize {
    let mut scan = Scan::default();
    let mut max = 0;
    for &b in bytes {
        scan.offset += 1;
        scan.step(b);
        max = max.max(scan.max_depth);
    }
    max
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_brackets_outside_strings() {
        assert_eq!(depth(br#"{"a":[{"b":"[[{{\"]"}]}"#), 3);
    }
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

/// The PSN text of one game object of kifu's JSON (see docs/json.md), its text given:
/// its tags as written (with a `Variant` tag from `variant` when they have none), its comments
/// before the first move, every ply's `move` with its `glyph`, its `annotations` (comments and
/// NAGs, in order) and its `variations` (nested), then its `result_token`. On one line, but
/// after a `;` comment (and inside a comment that holds line breaks). Move numbers are left
/// out (the reader does not need them; the PSN writer writes its own). Else what is wrong: with
/// the line (counted in `object`) and column where the JSON does not parse (or lacks a key), or with where in the object
/// (`moves[3].variations[0].moves[1]`) when it says something PSN cannot.
///
/// Nesting is not limited here: check it first (the reader refuses more than four brackets a
/// level of [`crate::record::MAX_NESTING`]).
pub fn psn_text(object: &[u8]) -> Result<String, (Option<(usize, usize)>, String)> {
    let mut de = serde_json::Deserializer::from_slice(object);
    de.disable_recursion_limit();
    let game = JsonGame::deserialize(&mut de)
        .and_then(|g| de.end().map(|()| g))
        .map_err(|e| {
            // serde_json's own " at line 1 column N": the column is reported.
            let m = e.to_string();
            let m = m.rfind(" at line ").map_or(&*m, |i| &m[..i]).to_string();
            (Some((e.line().max(1), e.column().max(1))), m)
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
