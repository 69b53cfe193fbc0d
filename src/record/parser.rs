//! From one game's bytes to a [`Record`]: pest reads the tokens (one at a time, so memory stays
//! proportional to the record, not to pest's token queue), and this module builds the tree
//! with an explicit stack, so any nesting depth is fine.

use super::error::{ErrorKind, RecordError};
use super::grammar::{RecordParser, Rule, describe};
use super::span::{LineIndex, Source, Span};
use super::split::GameChunk;
use super::types::*;
use pest::Parser as _;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;

/// Parse one game from a [`GameChunk`] (see [`GameSplitter`](super::GameSplitter)).
pub fn parse_game(chunk: GameChunk) -> Result<Record, RecordError> {
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
            return Err(RecordError::new(
                ErrorKind::InvalidUtf8,
                format!("invalid UTF-8 at byte {at} (0x{bad:02X})"),
                Span::new(at, at + 1),
            )
            .with_position(position));
        }
    };
    let source = Source::new(text, offset, line);
    let parsed = Builder::new(&source).run();
    let (tags, movetext, result, span) = parsed.map_err(|e| {
        let position = source.line_col(e.span.start);
        e.with_position(position)
    })?;
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

impl<'s> Builder<'s> {
    fn new(source: &'s Source) -> Self {
        Builder {
            text: source.text(),
            base: source.base(),
            state: State::Header,
            tags: Vec::new(),
            mt: Movetext::new(),
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

    fn run(mut self) -> Result<Parsed, RecordError> {
        let mut pos = 0;
        loop {
            let rest = &self.text[pos..];
            let mut pairs = RecordParser::parse(Rule::next_token, rest)
                .map_err(|e| self.pest_error(e, self.base + pos))?;
            let Some(pair) = pairs.next() else {
                return Err(self.internal(pos));
            };
            let offset = self.base + pos;
            let end = pair.as_span().end();
            if pair.as_rule() == Rule::EOI {
                return self.finish(offset + end);
            }
            if end == 0 {
                return Err(self.internal(pos));
            }
            self.token(pair, offset)?;
            pos += end;
        }
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

    fn span(pair: &Pair<'_, Rule>, offset: usize) -> Span {
        let s = pair.as_span();
        Span::new(offset + s.start(), offset + s.end())
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

    fn token(&mut self, pair: Pair<'_, Rule>, offset: usize) -> Result<(), RecordError> {
        let span = Self::span(&pair, offset);
        self.first_token.get_or_insert(span.start);
        self.last_token_end = span.end;
        match pair.as_rule() {
            Rule::tag => {
                if self.state != State::Header {
                    return Err(err(
                        ErrorKind::Syntax,
                        "tag pair after the movetext (a new game's tag pairs must start a line)",
                        span,
                    ));
                }
                let tag = Self::tag(pair, offset, span);
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
                let comment = Self::read_comment(pair, span);
                self.attach_comment(comment);
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
                let value = ResultToken::from_text(pair.as_str())
                    .ok_or_else(|| err(ErrorKind::Syntax, "unknown result", span))?;
                if let Some(n) = self.pending_number.take() {
                    self.mt.line_mut(Movetext::MAIN).trailing_number = Some(n);
                }
                self.state = State::AfterResult;
                self.result = Some(GameResult { value, span });
            }
            Rule::move_number => {
                self.movetext_token(span, "move number")?;
                self.no_pending_number("another move number")?;
                let mut n = 0;
                let mut dots = Dots::One;
                for p in pair.into_inner() {
                    match p.as_rule() {
                        Rule::move_digits => {
                            n = p.as_str().parse::<u64>().map_err(|_| {
                                err(
                                    ErrorKind::NumberTooLarge,
                                    format!(
                                        "move number {} is too large (the largest is {})",
                                        p.as_str(),
                                        u64::MAX
                                    ),
                                    Self::span(&p, offset),
                                )
                            })?;
                        }
                        Rule::move_dots if p.as_str() != "." => dots = Dots::Three,
                        _ => {}
                    }
                }
                self.pending_number = Some(MoveNumber { n, dots, span });
            }
            Rule::nag => {
                self.movetext_token(span, "NAG")?;
                self.no_pending_number("a NAG")?;
                let digits = pair.as_str().trim_start_matches('$');
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
                self.movetext_token(span, "move")?;
                let mut mv = None;
                let mut glyph = None;
                for p in pair.into_inner() {
                    match p.as_rule() {
                        Rule::hodges => mv = Some(WrittenMove::Hodges(Self::hodges(p, offset))),
                        Rule::engine_move | Rule::engine_drop => {
                            mv = Some(WrittenMove::Engine(Self::engine(p, offset)))
                        }
                        Rule::glyph => glyph = Glyph::from_text(p.as_str()),
                        _ => {}
                    }
                }
                let mv = mv.ok_or_else(|| err(ErrorKind::Syntax, "unreadable move", span))?;
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
            }
            _ => return Err(err(ErrorKind::Syntax, "unexpected token", span)),
        }
        Ok(())
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

    fn tag(pair: Pair<'_, Rule>, offset: usize, span: Span) -> Tag {
        let mut name = String::new();
        let mut name_span = span;
        let mut value = String::new();
        let mut value_span = span;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::tag_name => {
                    name = p.as_str().to_owned();
                    name_span = Self::span(&p, offset);
                }
                Rule::tag_value => {
                    value_span = Self::span(&p, offset);
                    for part in p.into_inner() {
                        match part.as_rule() {
                            Rule::tag_escape => value.push_str(&part.as_str()[1..]),
                            _ => value.push_str(part.as_str()),
                        }
                    }
                }
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

    fn read_comment(pair: Pair<'_, Rule>, span: Span) -> Comment {
        let kind = match pair.as_rule() {
            Rule::line_comment => CommentKind::Line,
            _ => CommentKind::Brace,
        };
        let text = pair
            .into_inner()
            .next()
            .map_or(String::new(), |p| p.as_str().to_owned());
        Comment { kind, text, span }
    }

    fn square(pair: Pair<'_, Rule>) -> Square {
        let mut square = Square {
            file: 0,
            rank: 0,
            file_style: FileStyle::Ascii,
            rank_style: RankStyle::Letter,
        };
        for p in pair.into_inner() {
            let s = p.as_str();
            match p.as_rule() {
                Rule::file_ascii => square.file = s.parse().unwrap_or(0),
                Rule::file_wide => {
                    square.file_style = FileStyle::FullWidth;
                    square.file = s.chars().fold(0u8, |acc, c| {
                        let d = u32::from(c).wrapping_sub(0xFF10);
                        acc.wrapping_mul(10).wrapping_add(d as u8)
                    });
                }
                Rule::rank_letter => {
                    square.rank = s
                        .bytes()
                        .next()
                        .map_or(0, |b| b.wrapping_sub(b'a').wrapping_add(1))
                }
                Rule::rank_kanji => {
                    square.rank_style = RankStyle::Kanji;
                    square.rank = (1..=11)
                        .find(|&r| Square::kanji_rank(r) == Some(s))
                        .unwrap_or(0);
                }
                _ => {}
            }
        }
        square
    }

    fn hodges(pair: Pair<'_, Rule>, offset: usize) -> HodgesMove {
        let span = Self::span(&pair, offset);
        let text = pair.as_str().to_owned();
        let mut piece = None;
        let mut squares: [Option<Square>; 2] = [None, None];
        let mut n_squares = 0;
        let mut action = Action::Move;
        let mut facing = None;
        let mut marks = Marks::NONE;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::piece => piece = Piece::parse(p.as_str()),
                Rule::square => {
                    if let Some(slot) = squares.get_mut(n_squares) {
                        *slot = Some(Self::square(p));
                        n_squares += 1;
                    }
                }
                Rule::action => {
                    action = match p.as_str() {
                        "x" => Action::Capture,
                        "*" => Action::Drop,
                        ":" => Action::Turn,
                        _ => Action::Move,
                    }
                }
                Rule::facing => {
                    facing = match p.as_str() {
                        ">N" => Some(Facing::North),
                        ">E" => Some(Facing::East),
                        ">S" => Some(Facing::South),
                        ">W" => Some(Facing::West),
                        _ => None,
                    }
                }
                Rule::marks => marks = Marks::parse(p.as_str()).unwrap_or(Marks::NONE),
                _ => {}
            }
        }
        // One square: the destination. Two: origin, destination.
        let (from, to) = match squares {
            [Some(from), Some(to)] => (Some(from), Some(to)),
            [to, None] => (None, to),
            [None, to] => (None, to),
        };
        let to = to.unwrap_or(Square {
            file: 0,
            rank: 0,
            file_style: FileStyle::Ascii,
            rank_style: RankStyle::Letter,
        });
        HodgesMove {
            piece: piece.unwrap_or(Piece::PLACEHOLDER),
            from,
            action,
            to,
            facing,
            marks,
            text,
            span,
        }
    }

    fn engine_square(pair: Pair<'_, Rule>) -> EngineSquare {
        let mut sq = EngineSquare { file: 0, rank: 0 };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::engine_file => {
                    sq.file = p
                        .as_str()
                        .bytes()
                        .next()
                        .map_or(0, |b| b.wrapping_sub(b'a').wrapping_add(1))
                }
                Rule::engine_rank => sq.rank = p.as_str().parse().unwrap_or(0),
                _ => {}
            }
        }
        sq
    }

    fn engine(pair: Pair<'_, Rule>, offset: usize) -> EngineMove {
        let span = Self::span(&pair, offset);
        let text = pair.as_str().to_owned();
        let mut squares: [Option<EngineSquare>; 2] = [None, None];
        let mut n_squares = 0;
        let mut drop = None;
        let mut marks = Marks::NONE;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::engine_piece => drop = p.as_str().chars().next(),
                Rule::engine_square => {
                    if let Some(slot) = squares.get_mut(n_squares) {
                        *slot = Some(Self::engine_square(p));
                        n_squares += 1;
                    }
                }
                Rule::marks => marks = Marks::parse(p.as_str()).unwrap_or(Marks::NONE),
                _ => {}
            }
        }
        let (origin, to) = match squares {
            [Some(from), Some(to)] => (Some(from), to),
            [to, _] => (None, to.unwrap_or(EngineSquare { file: 0, rank: 0 })),
        };
        let from = match (drop, origin) {
            (Some(p), _) => EngineOrigin::Drop(p),
            (None, Some(sq)) => EngineOrigin::Square(sq),
            (None, None) => EngineOrigin::Drop('?'),
        };
        EngineMove {
            from,
            to,
            marks,
            text,
            span,
        }
    }
}
