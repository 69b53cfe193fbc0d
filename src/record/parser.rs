//! From one game's bytes to a [`Record`]: pest reads the tokens, and this module builds the tree
//! with an explicit stack, so any nesting depth is fine.
//!
//! The tokens are read one after the other with the token rules of `grammar/record.pest`: a
//! segment of text this thread has read before comes from the [`memo`](super::memo) (what pest
//! read there, `Rule::tokens`), anything else is read by one `Rule::next_token` call on the full
//! text, which also reports exactly where and what an error is. Both feed the same pairs to the
//! same [`Builder`], so the record, or the error, is the same whichever way a token was read,
//! and memory stays proportional to the record whatever its size.

use super::error::{ErrorKind, RecordError};
use super::grammar::{RecordParser, Rule, describe};
use super::memo::{self, Decoded, Found, Memo, Quick};
use super::span::{LineIndex, Source, Span};
use super::split::GameChunk;
use super::types::*;
use pest::Parser as _;
use pest::Token;
use pest::error::{ErrorVariant, InputLocation};

thread_local! {
    /// Each thread's memo of the segments it has read (see [`memo`](super::memo)).
    static MEMO: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
}

/// Parse one game from a [`GameChunk`] (see [`GameSplitter`](super::GameSplitter)).
pub fn parse_game(chunk: GameChunk) -> Result<Record, RecordError> {
    parse_chunk(chunk, true).map_err(|(e, _)| e)
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
            return Err((
                RecordError::new(
                    ErrorKind::InvalidUtf8,
                    format!("invalid UTF-8 at byte {at} (0x{bad:02X})"),
                    Span::new(at, at + 1),
                )
                .with_position(position),
                None,
            ));
        }
    };
    let source = Source::new(text, offset, line);
    let parsed = if memoize {
        Builder::new(&source).run()
    } else {
        Builder::new(&source).read(None)
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
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Header,
    Movetext,
    AfterResult,
}

type Parsed = (Vec<Tag>, Movetext, Option<GameResult>, Span);

/// One pest pair of a token, flattened: its rule and its bytes in the game's text. A token is
/// read as its pairs in pre-order (the token itself first); every inner rule of the grammar has
/// one meaning wherever it appears, so the builder needs no nesting.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    pub rule: Rule,
    pub start: usize,
    pub end: usize,
}

/// Collects the pairs of one top-level token at a time from pest's flat token stream.
#[derive(Default)]
struct Collector {
    items: Vec<Item>,
    /// Indexes in `items` of the pairs whose end has not been seen yet.
    open: Vec<usize>,
}

impl Collector {
    /// Feed one pest token (positions relative to the text parsed, which starts at byte
    /// `shift` of the game). Returns true when a top-level token is complete in `items`.
    fn push(&mut self, token: Token<'_, Rule>, shift: usize) -> bool {
        match token {
            Token::Start { rule, pos } => {
                if self.open.is_empty() {
                    self.items.clear();
                }
                self.open.push(self.items.len());
                let at = shift + pos.pos();
                self.items.push(Item {
                    rule,
                    start: at,
                    end: at,
                });
                false
            }
            Token::End { pos, .. } => {
                if let Some(i) = self.open.pop()
                    && let Some(item) = self.items.get_mut(i)
                {
                    item.end = shift + pos.pos();
                }
                self.open.is_empty() && !self.items.is_empty()
            }
        }
    }
}

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
}

fn err(kind: ErrorKind, message: impl Into<String>, span: Span) -> RecordError {
    RecordError::new(kind, message, span)
}

const NO_SQUARE: Square = Square {
    file: 0,
    rank: 0,
    file_style: FileStyle::Ascii,
    rank_style: RankStyle::Letter,
};

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
        }
    }

    fn run(self) -> Result<Parsed, RecordError> {
        MEMO.with(|memo| match memo.try_borrow_mut() {
            Ok(mut memo) => self.read(Some(&mut memo)),
            Err(_) => self.read(None),
        })
    }

    /// Reads the tokens one after the other: a segment seen before from the memo (see
    /// [`memo`](super::memo)), anything else with one `Rule::next_token` call per token.
    fn read(mut self, mut memo: Option<&mut Memo>) -> Result<Parsed, RecordError> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut collector = Collector::default();
        let mut scratch: Vec<Item> = Vec::new();
        let mut pos = 0;
        loop {
            while pos < bytes.len() && memo::is_ascii_ws(bytes[pos]) {
                pos += 1;
            }
            if pos == bytes.len() {
                let end = self.base + pos;
                return self.finish(end);
            }
            if let Some(memo) = memo.as_deref_mut()
                && let Some(end) = memo::segment_end(bytes, pos)
                && let Some(found) = memo.lookup(text, pos, end)
            {
                let shift = self.base + pos;
                match found {
                    Found::Packed(bits) => {
                        self.quick(Quick::unpack(bits), &text[pos..end], shift)?
                    }
                    Found::Quick(q) => self.quick(q, &text[pos..end], shift)?,
                    Found::Tokens(tokens, items) => {
                        for &(first, count, ref decoded) in tokens {
                            let items = &items[first as usize..(first + count) as usize];
                            match (decoded, items.first()) {
                                (Some(d), Some(top)) => {
                                    let span = Span::new(top.start + shift, top.end + shift);
                                    self.decoded(d, span, shift)?;
                                }
                                _ => {
                                    scratch.clear();
                                    scratch.extend(items.iter().map(|it| Item {
                                        rule: it.rule,
                                        start: pos + it.start,
                                        end: pos + it.end,
                                    }));
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
                None => {
                    let end = self.base + text.len();
                    return self.finish(end);
                }
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
            .map_err(|e| self.pest_error(e, self.base + pos))?;
        let mut complete = false;
        for token in pairs.tokens() {
            complete = collector.push(token, pos);
            if complete {
                break;
            }
        }
        let Some(&token) = collector.items.first().filter(|_| complete) else {
            return Err(self.internal(pos));
        };
        if token.rule == Rule::EOI {
            return Ok(None);
        }
        if token.end <= pos {
            return Err(self.internal(pos));
        }
        self.token(&collector.items)?;
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
                let text = inner
                    .first()
                    .map_or(String::new(), |p| self.str(p).to_owned());
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
            Rule::move_number => {
                let (n, dots) = decode_number(self.text, self.base, inner)?;
                self.number(span, n, dots)?;
            }
            Rule::nag => {
                self.movetext_token(span, "NAG")?;
                self.no_pending_number("a NAG")?;
                let digits = self.str(pair).trim_start_matches('$');
                let value = digits.parse::<u8>().map_err(|_| {
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
            Rule::r#move => {
                let (mv, glyph) = decode_move(self.text, self.base, inner);
                let mv = mv.ok_or_else(|| err(ErrorKind::Syntax, "unreadable move", span))?;
                self.push_move(span, mv, glyph)?;
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
        let node = Node {
            number,
            glyph,
            span: Span::new(start, span.end),
            ..Node::new(mv)
        };
        let line = self.current_line();
        self.mt.push_move(line, node);
        Ok(())
    }

    /// A segment that is one move or move number (see [`Quick`]), `shift` bytes into the game.
    fn quick(&mut self, q: Quick, seg: &str, shift: usize) -> Result<(), RecordError> {
        let span = Span::new(shift, shift + seg.len());
        self.begin(span);
        match q {
            Quick::Number { n, dots, .. } => self.number(span, n, dots),
            Quick::Move { mv, glyph, mv_len } => {
                let len = usize::from(mv_len);
                let mv = mv.with(seg.get(..len).unwrap_or(seg), Span::new(shift, shift + len));
                self.push_move(span, mv, glyph)
            }
        }
    }

    /// A token the memo has decoded (see [`Decoded`]), `shift` bytes into the game.
    fn decoded(&mut self, d: &Decoded, span: Span, shift: usize) -> Result<(), RecordError> {
        self.begin(span);
        match d {
            Decoded::Number(n, dots) => self.number(span, *n, *dots),
            Decoded::Move(mv, glyph) => {
                let mut mv = mv.clone();
                match &mut mv {
                    WrittenMove::Hodges(h) => h.span = h.span.shifted(shift),
                    WrittenMove::Engine(e) => e.span = e.span.shifted(shift),
                }
                self.push_move(span, mv, *glyph)
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

    fn finish(mut self, end: usize) -> Result<Parsed, RecordError> {
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
        Ok((
            self.tags,
            self.mt,
            self.result,
            Span::new(first, self.last_token_end),
        ))
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

/// The move and its glyph from the pairs inside `move`.
pub(super) fn decode_move(
    text: &str,
    base: usize,
    inner: &[Item],
) -> (Option<WrittenMove>, Option<Glyph>) {
    let str_of = |p: &Item| text.get(p.start..p.end).unwrap_or("");
    let span_of = |p: &Item| Span::new(base + p.start, base + p.end);
    let mut glyph = None;
    // What is being read: a Hodges move or an engine move (its pair).
    let mut hodges: Option<&Item> = None;
    let mut engine: Option<&Item> = None;
    let mut piece = None;
    let mut squares = [NO_SQUARE; 2];
    let mut engine_squares = [EngineSquare { file: 0, rank: 0 }; 2];
    let mut n_squares: usize = 0;
    let mut action = Action::Move;
    let mut facing = None;
    let mut marks = Marks::NONE;
    let mut drop = None;
    for p in inner {
        let s = str_of(p);
        // The square being read (the last one started), if one of the first two.
        let current = n_squares.checked_sub(1).filter(|&i| i < 2);
        match p.rule {
            Rule::hodges => hodges = Some(p),
            Rule::engine_move | Rule::engine_drop => engine = Some(p),
            Rule::glyph => glyph = Glyph::from_text(s),
            Rule::piece => piece = Piece::parse(s),
            Rule::square | Rule::engine_square => n_squares += 1,
            Rule::file_ascii => {
                if let Some(sq) = current.and_then(|i| squares.get_mut(i)) {
                    sq.file = s.parse().unwrap_or(0);
                }
            }
            Rule::file_wide => {
                if let Some(sq) = current.and_then(|i| squares.get_mut(i)) {
                    sq.file_style = FileStyle::FullWidth;
                    sq.file = s.chars().fold(0u8, |acc, c| {
                        let d = u32::from(c).wrapping_sub(0xFF10);
                        acc.wrapping_mul(10).wrapping_add(d as u8)
                    });
                }
            }
            Rule::rank_letter => {
                if let Some(sq) = current.and_then(|i| squares.get_mut(i)) {
                    sq.rank = s
                        .bytes()
                        .next()
                        .map_or(0, |b| b.wrapping_sub(b'a').wrapping_add(1));
                }
            }
            Rule::rank_kanji => {
                if let Some(sq) = current.and_then(|i| squares.get_mut(i)) {
                    sq.rank_style = RankStyle::Kanji;
                    sq.rank = (1..=11)
                        .find(|&r| Square::kanji_rank(r) == Some(s))
                        .unwrap_or(0);
                }
            }
            Rule::action => {
                action = match s {
                    "x" => Action::Capture,
                    "*" => Action::Drop,
                    ":" => Action::Turn,
                    _ => Action::Move,
                }
            }
            Rule::facing => {
                facing = match s {
                    ">N" => Some(Facing::North),
                    ">E" => Some(Facing::East),
                    ">S" => Some(Facing::South),
                    ">W" => Some(Facing::West),
                    _ => None,
                }
            }
            Rule::marks => marks = Marks::parse(s).unwrap_or(Marks::NONE),
            Rule::engine_piece => drop = s.chars().next(),
            Rule::engine_file => {
                if let Some(sq) = current.and_then(|i| engine_squares.get_mut(i)) {
                    sq.file = s
                        .bytes()
                        .next()
                        .map_or(0, |b| b.wrapping_sub(b'a').wrapping_add(1));
                }
            }
            Rule::engine_rank => {
                if let Some(sq) = current.and_then(|i| engine_squares.get_mut(i)) {
                    sq.rank = s.parse().unwrap_or(0);
                }
            }
            _ => {}
        }
    }
    let mv = if let Some(h) = hodges {
        // One square: the destination. Two: origin, destination.
        let (from, to) = match n_squares {
            0 => (None, NO_SQUARE),
            1 => (None, squares[0]),
            _ => (Some(squares[0]), squares[1]),
        };
        Some(WrittenMove::Hodges(HodgesMove {
            piece: piece.unwrap_or(Piece::PLACEHOLDER),
            from,
            action,
            to,
            facing,
            marks,
            text: str_of(h).into(),
            span: span_of(h),
        }))
    } else if let Some(e) = engine {
        let (origin, to) = match n_squares {
            0 => (None, engine_squares[0]),
            1 => (None, engine_squares[0]),
            _ => (Some(engine_squares[0]), engine_squares[1]),
        };
        let from = match (drop, origin) {
            (Some(p), _) => EngineOrigin::Drop(p),
            (None, Some(sq)) => EngineOrigin::Square(sq),
            (None, None) => EngineOrigin::Drop('?'),
        };
        Some(WrittenMove::Engine(EngineMove {
            from,
            to,
            marks,
            text: str_of(e).into(),
            span: span_of(e),
        }))
    } else {
        None
    };
    (mv, glyph)
}

/// The number and dots from the pairs inside `move_number`.
pub(super) fn decode_number(
    text: &str,
    base: usize,
    inner: &[Item],
) -> Result<(u64, Dots), RecordError> {
    let mut n = 0;
    let mut dots = Dots::One;
    for p in inner {
        let s = text.get(p.start..p.end).unwrap_or("");
        match p.rule {
            Rule::move_digits => {
                n = s.parse::<u64>().map_err(|_| {
                    err(
                        ErrorKind::NumberTooLarge,
                        format!("move number {s} is too large (the largest is {})", u64::MAX),
                        Span::new(base + p.start, base + p.end),
                    )
                })?;
            }
            Rule::move_dots if s != "." => dots = Dots::Three,
            _ => {}
        }
    }
    Ok((n, dots))
}
