//! From one game's bytes to a [`Record`]: pest reads the tokens, and this module builds the tree
//! with an explicit stack. Variations nest at most [`MAX_NESTING`] levels deep (deeper is a
//! `too_deep` error at the `(` that passes the limit), so that whatever replays a record
//! keeps a bounded number of positions open.
//!
//! The tokens are read one after the other with the token rules of `grammar/record.pest`: a
//! segment of text this thread has read before comes from the [`memo`] (what pest
//! read there, `Rule::tokens`), anything else is read by one `Rule::next_token` call on the full
//! text, which also reports exactly where and what an error is. Either way a move or a move
//! number reaches the [`Builder`] decoded ([`Decoded`]) and any other token as its pairs
//! ([`Item`]s), so the record, or the error, is the same whichever way a token was read, and
//! memory stays proportional to the record whatever its size.

use super::error::{ErrorKind, RecordError};

/// How deep variations may nest (1: variations of the main line, 2: variations inside them,
/// ...). Real records nest a handful of levels; serde_json stops at 128 too.
pub const MAX_NESTING: usize = 128;
use super::grammar::{RecordParser, Rule, describe};
use super::hint::{self, Hint};
use super::memo::{self, Found, Memo, Token};
use super::span::{LineIndex, Source, Span};
use super::split::GameChunk;
use super::token::{Collector, Decoded, Item, decode, digits_value};
use super::{
    Annotation, Comment, CommentKind, Dots, GameResult, Glyph, LineId, MoveNumber, Movetext, Nag,
    Record, ResultToken, Tag, WrittenMove,
};
use pest::Parser as _;
use pest::error::{ErrorVariant, InputLocation};

thread_local! {
    /// Each thread's memo of the segments it has read (see [`memo`]).
    static MEMO: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
}

/// Parse one game from a [`GameChunk`] (see [`GameSplitter`](super::GameSplitter)).
pub fn parse_game(chunk: GameChunk) -> Result<Record, RecordError> {
    parse_chunk(chunk, true).map_err(|(e, _)| e)
}

/// The tag pairs of one game, its moves not read: a [`Record`] whose movetext holds at most
/// the first token after the tag pairs (and no result), for choosing games by their tags at
/// several times the speed of [`parse_game`]. Only an error in the tag pairs is found (or an
/// input without a token); [`Record::source`] is still the whole game's text.
pub fn parse_game_tags(chunk: GameChunk) -> Result<Record, RecordError> {
    parse_chunk_with(chunk, true, true).map_err(|(e, _)| e)
}

/// [`parse_game`], giving back with an error the game's text when it is UTF-8 (to show the
/// error's source line without keeping a copy of every game for that).
pub fn parse_game_keep_source(
    chunk: GameChunk,
) -> Result<Record, (RecordError, Option<Box<Source>>)> {
    parse_chunk(chunk, true)
}

/// [`parse_game_str`] without the memo: every token read by pest in the full text. The same
/// result as with it (what `tests/record_memo.rs` checks); for tests and measurements.
#[doc(hidden)]
pub fn parse_game_str_without_memo(text: &str) -> Result<Record, RecordError> {
    parse_chunk(
        GameChunk {
            bytes: text.as_bytes().to_vec(),
            offset: 0,
            line: 1,
            index: 0,
            rebuilt: false,
        },
        false,
    )
    .map_err(|(e, _)| e)
}

/// The game's text comes back with an error that is not about its encoding.
fn parse_chunk(
    chunk: GameChunk,
    memoize: bool,
) -> Result<Record, (RecordError, Option<Box<Source>>)> {
    parse_chunk_with(chunk, memoize, false)
}

/// [`parse_chunk`]; `tags_only` stops after the tag pairs ([`parse_game_tags`]).
fn parse_chunk_with(
    chunk: GameChunk,
    memoize: bool,
    tags_only: bool,
) -> Result<Record, (RecordError, Option<Box<Source>>)> {
    let GameChunk {
        bytes,
        offset,
        line,
        ..
    } = chunk;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let prefix = std::str::from_utf8(&bytes[..valid]).unwrap_or("");
            let at = offset + valid;
            let position = LineIndex::new(prefix, offset, line).line_col(prefix, at);
            let bad = bytes.get(valid).copied().unwrap_or(0);
            let mut error = RecordError::new(
                ErrorKind::InvalidUtf8,
                format!("invalid UTF-8 at byte {at} (0x{bad:02X})"),
                Span::new(at, at + 1),
            )
            .with_position(position);
            if crate::encoding::may_be_cp932(&bytes) {
                error = error.with_help(crate::encoding::MAY_BE_CP932.to_string());
            }
            return Err((error, None));
        }
    };
    // PGN's escape lines (`%` in column 1) are read as blanks of the same length, so that
    // every offset stays where it is; the record keeps the text as written.
    let blanked = blank_escape_lines(&text).map(|t| Source::new(t, offset, line));
    let source = Source::new(text, offset, line);
    let mut builder = Builder::new(blanked.as_ref().unwrap_or(&source));
    builder.tags_only = tags_only;
    let parsed = if memoize {
        builder.run()
    } else {
        builder.read(None)
    };
    let (tags, movetext, result, span) = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            let position = source.line_col(e.span.start);
            return Err((e.with_position(position), Some(Box::new(source))));
        }
    };
    Ok(Record {
        tags,
        movetext,
        result,
        span,
        source,
    })
}

/// Parse one game from a string starting at offset 0, line 1 (a whole file that holds one game,
/// or a test snippet). Several games in the string are an error here; use
/// [`parse_str`](super::parse_str) for files.
pub fn parse_game_str(text: &str) -> Result<Record, RecordError> {
    parse_game(GameChunk {
        bytes: text.as_bytes().to_vec(),
        offset: 0,
        line: 1,
        index: 0,
        rebuilt: false,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Header,
    Movetext,
    AfterResult,
}

type Parsed = (Vec<Tag>, Movetext, Option<GameResult>, Span);

struct Builder<'s> {
    text: &'s str,
    base: usize,
    state: State,
    tags: Vec<Tag>,
    mt: Movetext,
    /// Open variations: (line, span of its `(`). The main line is not on the stack.
    stack: Vec<(LineId, Span)>,
    pending_number: Option<MoveNumber>,
    result: Option<GameResult>,
    any_comment: bool,
    first_token: Option<usize>,
    last_token_end: usize,
    main_start: Option<usize>,
    main_end: usize,
    /// Stop at the first token after the tag pairs ([`parse_game_tags`]).
    tags_only: bool,
}

fn err(kind: ErrorKind, message: impl Into<String>, span: Span) -> RecordError {
    RecordError::new(kind, message, span)
}

impl<'s> Builder<'s> {
    fn new(source: &'s Source) -> Self {
        Builder {
            text: source.text(),
            base: source.base(),
            state: State::Header,
            tags: Vec::new(),
            mt: Movetext::with_capacity((source.text().len() / 8).min(4096)),
            stack: Vec::new(),
            pending_number: None,
            result: None,
            any_comment: false,
            first_token: None,
            last_token_end: source.base(),
            main_start: None,
            main_end: source.base(),
            tags_only: false,
        }
    }

    fn run(self) -> Result<Parsed, RecordError> {
        MEMO.with(|memo| match memo.try_borrow_mut() {
            Ok(mut memo) => self.read(Some(&mut memo)),
            Err(_) => self.read(None),
        })
    }

    /// Reads the game. An error carries the tag pairs read before it (all of them when it is in
    /// the movetext).
    fn read(mut self, memo: Option<&mut Memo>) -> Result<Parsed, RecordError> {
        match self.tokens(memo).and_then(|end| self.end(end)) {
            Ok(first) => Ok((
                self.tags,
                self.mt,
                self.result,
                Span::new(first, self.last_token_end),
            )),
            Err(e) => Err(e.with_tags(self.tags)),
        }
    }

    /// Reads the tokens one after the other: a segment seen before from the memo (see
    /// [`memo`]), anything else with one `Rule::next_token` call per token. Returns the end of
    /// the game (a file offset).
    fn tokens(&mut self, mut memo: Option<&mut Memo>) -> Result<usize, RecordError> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut collector = Collector::default();
        let mut scratch: Vec<Item> = Vec::new();
        let mut pos = 0;
        loop {
            if self.tags_only && self.state != State::Header {
                return Ok(self.base + text.len());
            }
            while pos < bytes.len() && memo::is_ascii_ws(bytes[pos]) {
                pos += 1;
            }
            if pos == bytes.len() {
                return Ok(self.base + pos);
            }
            if let Some(memo) = memo.as_deref_mut()
                && let Some(end) = memo::segment_end(bytes, pos)
                && let Some(found) = memo.lookup(text, pos, end)
            {
                match found {
                    Found::Packed(bits) => self.decoded(Decoded::unpack(bits), pos, end)?,
                    Found::Tokens(tokens, items) => {
                        for &t in tokens {
                            match t {
                                Token::Decoded { d, start, end } => {
                                    self.decoded(d, pos + start, pos + end)?
                                }
                                Token::Pairs { first, count } => {
                                    let pairs = items
                                        .get(first as usize..(first + count) as usize)
                                        .unwrap_or_default();
                                    scratch.clear();
                                    scratch.extend(pairs.iter().map(|it| it.shifted(pos)));
                                    self.token(&scratch)?;
                                }
                            }
                        }
                    }
                }
                pos = end;
                continue;
            }
            match self.next_token(pos, &mut collector)? {
                Some(end) => pos = end,
                None => return Ok(self.base + text.len()),
            }
        }
    }

    /// One `Rule::next_token` call at `pos`: the end of the token read, or None at the end of
    /// the input.
    fn next_token(
        &mut self,
        pos: usize,
        collector: &mut Collector,
    ) -> Result<Option<usize>, RecordError> {
        let rest = self.text.get(pos..).unwrap_or("");
        let pairs = RecordParser::parse(Rule::next_token, rest)
            .map_err(|e| self.with_hint(self.pest_error(e, self.base + pos), pos))?;
        let mut complete = false;
        for token in pairs.tokens() {
            complete = collector.push(token, pos);
            if complete {
                break;
            }
        }
        let items = collector.items();
        let Some(&token) = items.first().filter(|_| complete) else {
            return Err(self.internal(pos));
        };
        if token.rule == Rule::EOI {
            return Ok(None);
        }
        if token.end <= pos {
            return Err(self.internal(pos));
        }
        match decode(self.text, self.base, items)? {
            Some(d) => self.decoded(d, token.start, token.end)?,
            None => self.token(items)?,
        }
        Ok(Some(token.end))
    }

    fn internal(&self, pos: usize) -> RecordError {
        err(
            ErrorKind::Syntax,
            "the reader could not make progress (grammar/reader mismatch)",
            Span::at(self.base + pos),
        )
    }

    fn pest_error(&self, e: pest::error::Error<Rule>, offset: usize) -> RecordError {
        let at = match e.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
        let mut expected: Vec<String> = Vec::new();
        if let ErrorVariant::ParsingError { positives, .. } = &e.variant {
            for r in positives {
                let d = describe(*r).to_owned();
                if !expected.contains(&d) {
                    expected.push(d);
                }
            }
        }
        let start = offset + at;
        let found = self.text[at + offset - self.base..]
            .chars()
            .next()
            .map_or("the end of the game".to_owned(), |c| format!("{c:?}"));
        let message = if expected.is_empty() {
            format!("unexpected {found}")
        } else {
            format!("expected {}, found {found}", expected.join(", "))
        };
        let len = self.text[start - self.base..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        let mut error = err(ErrorKind::Syntax, message, Span::new(start, start + len));
        error.expected = expected;
        error
    }

    /// A syntax error where a token starting at (or after whitespace from) `pos` failed to
    /// read, with a [`hint`] for the word there if there is one.
    fn with_hint(&self, mut error: RecordError, pos: usize) -> RecordError {
        let rest = self.text.get(pos..).unwrap_or("");
        let trimmed = rest.trim_start_matches([
            '\u{A0}', '\u{3000}', '\u{FEFF}', ' ', '\t', '\n', '\x0B', '\x0C', '\r',
        ]);
        let start = self.base + pos + (rest.len() - trimmed.len());
        let word = hint::word(trimmed);
        match hint::hint(word) {
            // A move in the wrong case: said so over the whole word, not the grammar's list.
            Some(Hint::Help(help)) => {
                error.message = format!("'{word}' has letters in the wrong case");
                error.span = Span::new(start, start + word.len());
                error.expected.clear();
                error = error.with_help(help);
            }
            Some(Hint::Chess) => {
                error.message = format!("'{word}' is chess's castling, no move of Wa or Gufū");
                error.span = Span::new(start, start + word.len());
                error.expected.clear();
                error = error.with_help(hint::LOOKS_LIKE_CHESS.to_string());
            }
            Some(Hint::OffBoardFile {
                file,
                start: from,
                end,
            }) => {
                error.message = format!("file {file} is off the 11×11 board (files 1–11)");
                error.span = Span::new(start + from, start + end);
                error.expected.clear();
            }
            None => {}
        }
        error
    }

    /// The file span of an item.
    fn span(&self, item: &Item) -> Span {
        Span::new(self.base + item.start, self.base + item.end)
    }

    /// The text of an item.
    fn str(&self, item: &Item) -> &'s str {
        self.text.get(item.start..item.end).unwrap_or("")
    }

    fn current_line(&self) -> LineId {
        self.stack.last().map_or(Movetext::MAIN, |&(l, _)| l)
    }

    fn movetext_token(&mut self, span: Span, what: &str) -> Result<(), RecordError> {
        match self.state {
            State::AfterResult => {
                let after = self.result.map_or(span, |r| r.span);
                Err(err(
                    ErrorKind::Syntax,
                    format!(
                        "{what} after the result (at {}); only comments may follow it",
                        after
                    ),
                    span,
                ))
            }
            State::Header | State::Movetext => {
                self.state = State::Movetext;
                self.main_start.get_or_insert(span.start);
                self.main_end = span.end;
                Ok(())
            }
        }
    }

    fn no_pending_number(&self, what: &str) -> Result<(), RecordError> {
        match &self.pending_number {
            Some(n) => Err(err(
                ErrorKind::Syntax,
                format!("move number {} is followed by {what}, not by a move", n.n),
                n.span,
            )),
            None => Ok(()),
        }
    }

    /// One token: `items[0]` is the token's pair, the rest its inner pairs in pre-order.
    fn token(&mut self, items: &[Item]) -> Result<(), RecordError> {
        let Some((pair, inner)) = items.split_first() else {
            return Ok(());
        };
        let span = self.span(pair);
        self.begin(span);
        match pair.rule {
            Rule::tag => {
                if self.state != State::Header {
                    return Err(err(
                        ErrorKind::Syntax,
                        "tag pair after the movetext (a new game's tag pairs must start a line)",
                        span,
                    ));
                }
                let tag = self.tag(inner, span);
                self.tags.push(tag);
            }
            Rule::unterminated_tag => {
                return Err(err(
                    ErrorKind::UnterminatedTag,
                    "tag pair not closed on its line: expected `[Name \"value\"]`",
                    span,
                ));
            }
            Rule::brace_comment | Rule::line_comment => {
                let kind = match pair.rule {
                    Rule::line_comment => CommentKind::Line,
                    _ => CommentKind::Brace,
                };
                let text = inner.first().map_or("", |p| self.str(p));
                let text = one_line_end(text);
                self.attach_comment(Comment { kind, text, span });
            }
            Rule::unterminated_comment => {
                return Err(err(
                    ErrorKind::UnterminatedComment,
                    "comment `{` is never closed by `}`",
                    Span::new(span.start, span.start + 1),
                ));
            }
            Rule::result => {
                if self.state == State::AfterResult {
                    return Err(err(ErrorKind::Syntax, "a second result", span));
                }
                if let Some(&(_, open)) = self.stack.last() {
                    return Err(err(
                        ErrorKind::UnterminatedVariation,
                        format!(
                            "variation opened here is not closed before the result ({} open)",
                            self.stack.len()
                        ),
                        open,
                    ));
                }
                let value = ResultToken::from_text(self.str(pair))
                    .ok_or_else(|| err(ErrorKind::Syntax, "unknown result", span))?;
                if let Some(n) = self.pending_number.take() {
                    self.mt.line_mut(Movetext::MAIN).trailing_number = Some(n);
                }
                self.state = State::AfterResult;
                self.result = Some(GameResult { value, span });
            }
            Rule::nag => {
                self.movetext_token(span, "NAG")?;
                self.no_pending_number("a NAG")?;
                let digits = self.str(pair).trim_start_matches('$');
                let value = digits_value(digits).and_then(|n| u8::try_from(n).ok());
                let value = value.ok_or_else(|| {
                    err(
                        ErrorKind::NumberTooLarge,
                        format!("NAG ${digits} is too large (NAGs are 0-255)"),
                        span,
                    )
                })?;
                let line = self.current_line();
                let Some(&last) = self.mt.line(line).nodes.last() else {
                    return Err(err(
                        ErrorKind::Syntax,
                        "NAG before any move of its line",
                        span,
                    ));
                };
                self.mt
                    .node_mut(last)
                    .annotations
                    .push(Annotation::Nag(Nag { value, span }));
            }
            Rule::variation_start => {
                self.movetext_token(span, "variation")?;
                self.no_pending_number("a variation")?;
                let line = self.current_line();
                let Some(&last) = self.mt.line(line).nodes.last() else {
                    return Err(err(
                        ErrorKind::Syntax,
                        "variation before any move of its line (a variation is an alternative to the move before it)",
                        span,
                    ));
                };
                if self.stack.len() >= MAX_NESTING {
                    return Err(err(
                        ErrorKind::TooDeep,
                        format!(
                            "variations nested more than {MAX_NESTING} levels deep (kifu's limit; \
records nest a handful)"
                        ),
                        span,
                    ));
                }
                let id = self.mt.push_variation(last, span);
                self.stack.push((id, span));
            }
            Rule::variation_end => {
                let Some(&(id, open)) = self.stack.last() else {
                    return Err(err(
                        ErrorKind::UnbalancedVariation,
                        "`)` closes no variation",
                        span,
                    ));
                };
                self.movetext_token(span, "`)`")?;
                let number = self.pending_number.take();
                let line = self.mt.line_mut(id);
                line.trailing_number = number;
                line.span = Span::new(open.start, span.end);
                if line.nodes.is_empty() {
                    return Err(err(
                        ErrorKind::Syntax,
                        "empty variation (a variation needs at least one move)",
                        Span::new(open.start, span.end),
                    ));
                }
                self.stack.pop();
            }
            _ => return Err(err(ErrorKind::Syntax, "unexpected token", span)),
        }
        Ok(())
    }

    /// Every token: where the game's tokens start and end.
    fn begin(&mut self, span: Span) {
        self.first_token.get_or_insert(span.start);
        self.last_token_end = span.end;
    }

    /// A move number token (after [`begin`](Self::begin)).
    fn number(&mut self, span: Span, n: u64, dots: Dots) -> Result<(), RecordError> {
        self.movetext_token(span, "move number")?;
        self.no_pending_number("another move number")?;
        self.pending_number = Some(MoveNumber { n, dots, span });
        Ok(())
    }

    /// A move token (after [`begin`](Self::begin)).
    fn push_move(
        &mut self,
        span: Span,
        mv: WrittenMove,
        glyph: Option<Glyph>,
    ) -> Result<(), RecordError> {
        self.movetext_token(span, "move")?;
        let number = self.pending_number.take();
        let start = number.map_or(span.start, |n| n.span.start);
        let line = self.current_line();
        self.mt
            .push_parts(line, number, mv, glyph, Span::new(start, span.end));
        Ok(())
    }

    /// A move or move number from `start` to `end` in the game's text, however it was read.
    fn decoded(&mut self, d: Decoded, start: usize, end: usize) -> Result<(), RecordError> {
        let span = Span::new(self.base + start, self.base + end);
        self.begin(span);
        match d {
            Decoded::Number { n, dots } => self.number(span, n, dots),
            Decoded::Move { shape, glyph } => {
                let mv_end = Decoded::move_end(glyph, end);
                let text = self.text.get(start..mv_end).unwrap_or("");
                let mv = shape.written(text, Span::new(span.start, self.base + mv_end));
                self.push_move(span, mv, glyph)
            }
        }
    }

    fn attach_comment(&mut self, comment: Comment) {
        self.any_comment = true;
        let line = match self.state {
            State::Header | State::AfterResult => Movetext::MAIN,
            State::Movetext => {
                self.main_end = comment.span.end;
                self.current_line()
            }
        };
        match self.mt.line(line).nodes.last() {
            Some(&last) => self
                .mt
                .node_mut(last)
                .annotations
                .push(Annotation::Comment(comment)),
            None => self.mt.line_mut(line).comments.push(comment),
        }
    }

    /// The checks at the end of the game (`end`, a file offset); returns where its first
    /// token starts.
    fn end(&mut self, end: usize) -> Result<usize, RecordError> {
        if self.tags_only
            && let Some(first) = self.first_token
        {
            // The moves were not read: nothing to check about them.
            return Ok(first);
        }
        if let Some(&(_, open)) = self.stack.last() {
            return Err(err(
                ErrorKind::UnterminatedVariation,
                format!(
                    "variation opened here is never closed ({} open at the end of the game)",
                    self.stack.len()
                ),
                open,
            ));
        }
        if let Some(n) = self.pending_number.take() {
            self.mt.line_mut(Movetext::MAIN).trailing_number = Some(n);
        }
        let Some(first) = self.first_token else {
            return Err(err(
                ErrorKind::EmptyInput,
                "no game: the input is empty or only whitespace",
                Span::new(self.base, end),
            ));
        };
        if self.mt.main_line().nodes.is_empty() && self.result.is_none() {
            let what = match (self.tags.is_empty(), self.any_comment) {
                (false, _) => "tag pairs",
                (true, true) => "comments",
                (true, false) => "move numbers",
            };
            return Err(err(
                ErrorKind::NoMovetext,
                format!("game has {what} but no moves and no result"),
                Span::new(first, self.last_token_end),
            ));
        }
        let main_start = self.main_start.unwrap_or(self.main_end);
        self.mt.line_mut(Movetext::MAIN).span =
            Span::new(main_start, self.main_end.max(main_start));
        Ok(first)
    }

    /// A tag pair from the pairs inside `tag`.
    fn tag(&self, inner: &[Item], span: Span) -> Tag {
        let mut name = String::new();
        let mut name_span = span;
        let mut value = String::new();
        let mut value_span = span;
        for p in inner {
            match p.rule {
                Rule::tag_name => {
                    name = self.str(p).to_owned();
                    name_span = self.span(p);
                }
                Rule::tag_value => value_span = self.span(p),
                Rule::tag_text => value.push_str(self.str(p)),
                Rule::tag_escape => value.push_str(self.str(p).get(1..).unwrap_or("")),
                _ => {}
            }
        }
        Tag {
            name,
            value,
            name_span,
            value_span,
            span,
        }
    }
}

/// `text` with every escape line (a line starting with `%`, which the PGN standard says to
/// ignore: it is for other programs) made spaces, up to its line end; None when there is none.
fn blank_escape_lines(text: &str) -> Option<String> {
    if !text.starts_with('%') && !text.contains("\n%") {
        return None;
    }
    let mut bytes = text.as_bytes().to_vec();
    let mut line_start = true;
    let mut blank = false;
    // Inside a `{` comment a `%` line is the comment's text.
    let mut in_comment = false;
    for b in &mut bytes {
        if *b == b'\n' {
            line_start = true;
            blank = false;
            continue;
        }
        if line_start && *b == b'%' && !in_comment {
            blank = true;
        }
        if !blank {
            match *b {
                b'{' => in_comment = true,
                b'}' => in_comment = false,
                _ => {}
            }
        }
        line_start = false;
        if blank && *b != b'\r' {
            *b = b' ';
        }
    }
    // Only ASCII bytes were replaced, whole characters at a time: still UTF-8.
    String::from_utf8(bytes).ok()
}

/// A comment's text with its line ends as `\n` whatever the file's (CRLF or CR): so that a
/// record read from a CRLF file is written with one line end throughout.
fn one_line_end(text: &str) -> String {
    if !text.contains('\r') {
        return text.to_owned();
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}
