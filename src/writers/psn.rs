//! The normalized record: tags in a fixed order, every move resolved and written in one
//! notation, comments, NAGs and variations kept, movetext wrapped at 80 columns.

use crate::notation::{Notate, Unsupported, display_width, number_prefix};
use crate::notation::{Notation, Style};
use crate::record::{Annotation, Comment, CommentKind, Line, Record, Span, Tag};
use crate::replay::{Convention, Played, Report, Step, XBOARD_VARIANTS};
use crate::rules::PerGame;
use crate::wa::fen;
use crate::{Variant, for_game};

/// The tags written first, in this order; the others follow as they came. Every tag is written
/// once (the first of a repeated name), a standard tag's name in its canonical case
/// ([`Tag::canonical_name`]).
pub const TAG_ORDER: [&str; 8] = [
    "Event", "Site", "Date", "Round", "Black", "White", "Result", "Variant",
];

/// With SAN (XBoard's convention): the tags written first, in XBoard's order (PGN's seven tag
/// roster); the others follow as they came, then [`XBOARD_LAST`].
pub const XBOARD_ORDER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// With SAN: the tags written last, in this order (as XBoard ends its tags).
pub const XBOARD_LAST: [&str; 3] = ["Variant", "FEN", "SetUp"];

const WIDTH: usize = 80;

/// What the normalized record keeps, and how it is laid out ([`write_with`]). The default
/// keeps everything and wraps at 80 columns, as [`write()`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PsnOptions {
    /// Keep the comments (`{...}` and `;...`).
    pub comments: bool,
    /// Keep the NAGs (`$n`) and the glyphs after the moves (`!`, `?!`...).
    pub nags: bool,
    /// Keep the variations.
    pub variations: bool,
    /// When the moves end the game by the rules (checkmate, a King captured, no legal move,
    /// repetition), write the result they decide, in the Result tag (added if missing) and
    /// after the moves, whatever the record said.
    pub fix_result: bool,
    /// Put a comment after every move with the position string after it (Wa: the FEN;
    /// Gufū: kifu's form), as the CSV's `position` column has it.
    pub position_comments: bool,
    /// The longest line of movetext, in columns (a longer token stands alone); 0: no wrapping,
    /// the movetext on one line (a `;` comment still ends its line).
    pub width: usize,
}

impl Default for PsnOptions {
    fn default() -> Self {
        PsnOptions {
            comments: true,
            nags: true,
            variations: true,
            fix_result: false,
            position_comments: false,
            width: WIDTH,
        }
    }
}

/// One piece of movetext; `hard_break` forces a new line after it (`;` comments).
struct Token {
    text: String,
    hard_break: bool,
}

fn comment_token(c: &Comment) -> Token {
    match c.kind {
        CommentKind::Brace => Token {
            text: format!("{{{}}}", c.text),
            hard_break: false,
        },
        CommentKind::Line => Token {
            text: format!(";{}", c.text),
            hard_break: true,
        },
    }
}

/// The tag pairs, in the convention of the notation: kifu's (Black = the first mover) in the
/// fixed order, with a Variant tag added when the record had none; with SAN, XBoard's (White =
/// the first mover, Variant `wa-shogi` or `crazywa`, the FEN with XBoard's en-passant field) in
/// XBoard's order. A record read in the other convention has its `Black` and `White` values
/// swapped, and its Variant and FEN written in the new convention (its start position).
/// `result`: the Result tag's value to write instead of the record's (added if missing).
fn tags(
    record: &Record,
    report: &Report,
    variant: Variant,
    style: Style,
    result: Option<&str>,
) -> Vec<String> {
    let out_convention = match style.notation {
        Notation::San => Convention::Xboard,
        _ => Convention::Kifu,
    };
    let translate = Convention::of(record) != out_convention;
    let start = report.start();
    // Each tag as written out: (name, value). A repeated tag once (the first counts), a
    // standard tag's name in its canonical case.
    let written: Vec<(&str, String)> = record
        .distinct_tags()
        .map(|t| {
            let fen = |xboard: bool| match &start {
                Some(PerGame::Wa(g)) if xboard => Some(fen::write_xboard(g.position())),
                Some(s) => Some(s.position_string()),
                None => None,
            };
            let value = match out_convention {
                _ if t.is("Black") && translate => return ("White", t.value.clone()),
                _ if t.is("White") && translate => return ("Black", t.value.clone()),
                Convention::Xboard if t.is("Variant") => Some(xboard_variant(variant).into()),
                Convention::Xboard if t.is("FEN") => fen(true),
                Convention::Kifu if t.is("Variant") && translate => Some(variant.name().into()),
                Convention::Kifu if t.is("FEN") && translate => fen(false),
                _ if t.is("Result") => result.map(str::to_string),
                _ => None,
            };
            (t.canonical_name(), value.unwrap_or_else(|| t.value.clone()))
        })
        .collect();
    let has_variant = record.tag_pair("Variant").is_some();
    let missing_result = result.filter(|_| record.tag_pair("Result").is_none());
    let variant_tag = || match out_convention {
        Convention::Kifu => ("Variant", variant.name().to_string()),
        Convention::Xboard => ("Variant", xboard_variant(variant).to_string()),
    };
    let (first, last): (&[&str], &[&str]) = match out_convention {
        Convention::Kifu => (&TAG_ORDER, &[]),
        Convention::Xboard => (&XBOARD_ORDER, &XBOARD_LAST),
    };
    let text = |(name, value): &(&str, String)| {
        Tag {
            name: name.to_string(),
            value: value.clone(),
            name_span: Span::default(),
            value_span: Span::default(),
            span: Span::default(),
        }
        .to_string()
    };
    let mut out = Vec::new();
    let by_names = |names: &[&str], out: &mut Vec<String>| {
        for name in names {
            out.extend(written.iter().filter(|(n, _)| n == name).map(text));
            if *name == "Variant" && !has_variant {
                out.push(text(&variant_tag()));
            }
            if *name == "Result"
                && let Some(r) = missing_result
            {
                out.push(text(&("Result", r.to_string())));
            }
        }
    };
    by_names(first, &mut out);
    out.extend(
        written
            .iter()
            .filter(|(n, _)| !first.contains(n) && !last.contains(n))
            .map(text),
    );
    by_names(last, &mut out);
    out
}

/// XBoard's name of a Wa variant.
fn xboard_variant(variant: Variant) -> &'static str {
    match variant {
        Variant::WaNoDrop => XBOARD_VARIANTS[0],
        _ => XBOARD_VARIANTS[1],
    }
}

/// Why [`write()`] wrote nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteError {
    /// The report holds no replayed movetext: it was made without `keep_moves`, or the
    /// record's variant is unknown.
    NotReplayed,
    /// The record has errors (the report's `errors`): only a valid record is written.
    Invalid,
    /// The replayed movetext does not match the record's (a report of another record).
    Mismatch,
    /// The notation cannot write this game's moves (engine coordinates and SAN are Wa's only).
    Unsupported(Unsupported),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::NotReplayed => {
                f.write_str("the record was not replayed with its moves kept (keep_moves)")
            }
            WriteError::Invalid => f.write_str("only a valid record is written"),
            WriteError::Mismatch => f.write_str("the report is not of this record"),
            WriteError::Unsupported(u) => u.fmt(f),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<Unsupported> for WriteError {
    fn from(u: Unsupported) -> Self {
        WriteError::Unsupported(u)
    }
}

/// Writes a valid record (its report made with `keep_moves`) in the normalized form, in a
/// notation its game can take ([`Notation::writes`]).
pub fn write(record: &Record, report: &Report, style: Style) -> Result<String, WriteError> {
    write_with(record, report, style, &PsnOptions::default())
}

/// [`write()`], keeping what `opts` says and wrapping at its width.
pub fn write_with(
    record: &Record,
    report: &Report,
    style: Style,
    opts: &PsnOptions,
) -> Result<String, WriteError> {
    let variant = report.variant.ok_or(WriteError::NotReplayed)?;
    if !report.valid() {
        return Err(WriteError::Invalid);
    }
    style.notation.writes(variant)?;
    let played = report.played.as_ref().ok_or(WriteError::NotReplayed)?;
    let fixed = report
        .outcome
        .filter(|_| opts.fix_result)
        .map(|o| o.result());
    let mut out = String::new();
    for t in tags(record, report, variant, style, fixed) {
        out.push_str(&t);
        out.push('\n');
    }
    out.push('\n');
    let mut tokens = Wrap::new(out, opts.width);
    for_game!(played, p => movetext(record, p, style, opts, &mut tokens))
        .ok_or(WriteError::Mismatch)?;
    let result = fixed
        .map(str::to_string)
        .or_else(|| record.result.map(|r| r.value.as_str().to_string()))
        .or_else(|| {
            record
                .tag("Result")
                .filter(|r| matches!(*r, "1-0" | "0-1" | "1/2-1/2" | "*"))
                .map(str::to_string)
        })
        .unwrap_or_else(|| "*".to_string());
    tokens.push(Token {
        text: result,
        hard_break: false,
    });
    let mut out = tokens.finish();
    out.push('\n');
    Ok(out)
}

/// The movetext's tokens, every move written from the replayed game, into `tokens` (None if
/// the walk stopped).
fn movetext<G: Notate>(
    record: &Record,
    played: &Played<G>,
    style: Style,
    opts: &PsnOptions,
    tokens: &mut Wrap,
) -> Option<()> {
    let mut open_paren = false;
    // Without variations: how deep inside one being skipped the walk is (0: not in one).
    let mut skipping = 0usize;
    let mut needs_number = NumberNeeds::default();
    let push = |tokens: &mut Wrap, mut t: Token, open: &mut bool| {
        if std::mem::take(open) {
            t.text.insert(0, '(');
        }
        tokens.push(t);
    };
    let mut walk = played.walk(&record.movetext);
    while let Some(step) = walk.next() {
        let in_variation = match &step {
            Step::LineStart { line, .. } => line.parent.is_some(),
            _ => false,
        };
        if !opts.variations && (skipping > 0 || in_variation) {
            match &step {
                Step::LineStart { .. } => skipping += 1,
                Step::LineEnd { .. } => skipping -= 1,
                Step::Ply { .. } => {}
            }
            continue;
        }
        match step {
            Step::LineStart { line, .. } => {
                if line.parent.is_some() {
                    open_paren = true;
                }
                needs_number.open(line);
                for c in line.comments.iter().filter(|_| opts.comments) {
                    push(tokens, comment_token(c), &mut open_paren);
                }
            }
            Step::Ply {
                node,
                before,
                mv,
                after,
                ..
            } => {
                let needs = needs_number.current()?;
                let mut text = number_prefix(before, *needs);
                text.push_str(&before.move_text(mv, after, style));
                if let Some(g) = node.glyph.filter(|_| opts.nags) {
                    text.push_str(g.as_str());
                }
                push(
                    tokens,
                    Token {
                        text,
                        hard_break: false,
                    },
                    &mut open_paren,
                );
                *needs = false;
                let kept = node.annotations.iter().filter_map(|a| match a {
                    Annotation::Comment(c) if opts.comments => Some(comment_token(c)),
                    Annotation::Nag(n) if opts.nags => Some(Token {
                        text: n.to_string(),
                        hard_break: false,
                    }),
                    _ => None,
                });
                let position = opts.position_comments.then(|| Token {
                    text: format!("{{{}}}", after.position_string()),
                    hard_break: false,
                });
                for t in kept.chain(position) {
                    tokens.push(t);
                    // XBoard numbers a second-mover move after a comment only at the start of a
                    // block (its engine comments do not start one): so does SAN.
                    *needs = style.notation != Notation::San;
                }
            }
            Step::LineEnd { line, .. } => {
                needs_number.close();
                if line.parent.is_some() {
                    match tokens.last_mut() {
                        Some(t) if !t.hard_break => t.text.push(')'),
                        _ => tokens.push(Token {
                            text: ")".into(),
                            hard_break: false,
                        }),
                    }
                }
            }
        }
    }
    (!walk.stopped()).then_some(())
}

/// Per open line of a walk: whether its next move needs its number written (see
/// [`number_prefix`]).
#[derive(Default)]
pub(crate) struct NumberNeeds(Vec<bool>);

impl NumberNeeds {
    /// A line starts: its first move needs its number, and so does the next move of the line a
    /// variation branches from.
    pub(crate) fn open(&mut self, line: &Line) {
        if line.parent.is_some()
            && let Some(f) = self.0.last_mut()
        {
            *f = true;
        }
        self.0.push(true);
    }

    /// The innermost line ends.
    pub(crate) fn close(&mut self) {
        self.0.pop();
    }

    /// Whether the innermost open line's next move needs its number (None: no line open).
    pub(crate) fn current(&mut self) -> Option<&mut bool> {
        self.0.last_mut()
    }
}

/// Joins words with spaces into lines of at most 80 columns (a longer word stands alone).
pub fn wrap_words(words: &[String]) -> String {
    let mut w = Wrap::new(String::new(), WIDTH);
    for word in words {
        w.push(Token {
            text: word.clone(),
            hard_break: false,
        });
    }
    w.finish()
}

/// Tokens joined with spaces into lines of at most `width` columns (a longer token stands
/// alone; 0: no limit),
/// appended to a string as they come. The last token is held back until the next, so that it
/// can still be changed ([`Wrap::last_mut`]: a variation's `)`).
struct Wrap {
    out: String,
    /// Where the tokens' text begins in `out`.
    start: usize,
    col: usize,
    held: Option<Token>,
    width: usize,
}

impl Wrap {
    fn new(out: String, width: usize) -> Wrap {
        Wrap {
            start: out.len(),
            out,
            col: 0,
            held: None,
            width: if width == 0 { usize::MAX } else { width },
        }
    }

    fn push(&mut self, t: Token) {
        if let Some(done) = self.held.replace(t) {
            self.put(done);
        }
    }

    fn last_mut(&mut self) -> Option<&mut Token> {
        self.held.as_mut()
    }

    fn put(&mut self, t: Token) {
        let w = display_width(t.text.lines().next().unwrap_or(""));
        if self.col > 0 && self.col.saturating_add(1 + w) > self.width {
            self.out.push('\n');
            self.col = 0;
        } else if self.col > 0 {
            self.out.push(' ');
            self.col += 1;
        }
        self.out.push_str(&t.text);
        self.col += match t.text.rfind('\n') {
            Some(i) => display_width(&t.text[i + 1..]),
            None => w,
        };
        if t.hard_break {
            self.out.push('\n');
            self.col = 0;
        }
    }

    /// The text, without a line break at its end.
    fn finish(mut self) -> String {
        if let Some(t) = self.held.take() {
            self.put(t);
        }
        while self.out.len() > self.start && self.out.ends_with('\n') {
            self.out.pop();
        }
        self.out
    }
}
