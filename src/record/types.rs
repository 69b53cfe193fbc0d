//! The record as written: tags, movetext tree, result, with file spans.
//!
//! The movetext tree is stored flat (an arena of lines and nodes addressed by [`LineId`] and
//! [`NodeId`]), so that no derived `Drop`, `Clone`, `PartialEq`, `Debug` or `Serialize` ever
//! recurses, whatever the depth of the variations. Walk it with [`Movetext::walk`].

use super::span::{LineCol, Source, Span};
use compact_str::CompactString;
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
    /// The value of the first tag pair called `name` (case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
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

// ------------------------------------------------------------------------------- movetext

/// Index of a [`Line`] in a [`Movetext`]. Lines are numbered in the order their `(` appears;
/// the main line is [`Movetext::MAIN`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct LineId(usize);

impl LineId {
    /// The index into [`Movetext::lines`].
    pub const fn index(self) -> usize {
        self.0
    }
}

/// Index of a [`Node`] in a [`Movetext`]. Nodes are numbered in source order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct NodeId(usize);

impl NodeId {
    /// The index into [`Movetext::nodes`].
    pub const fn index(self) -> usize {
        self.0
    }
}

/// The movetext: a main line whose moves may carry variations (alternative lines), nested to any
/// depth.
///
/// PGN semantics: a variation attached to move M is an alternative to M, played from the
/// position before M.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Movetext {
    lines: Vec<Line>,
    nodes: Vec<Node>,
}

impl Default for Movetext {
    fn default() -> Self {
        Self::new()
    }
}

impl Movetext {
    /// The main line's id.
    pub const MAIN: LineId = LineId(0);

    /// An empty main line.
    pub fn new() -> Self {
        Movetext {
            lines: vec![Line::new(None, 0, Span::default())],
            nodes: Vec::new(),
        }
    }

    /// An empty main line, with room for `nodes` moves.
    pub fn with_capacity(nodes: usize) -> Self {
        let mut main = Line::new(None, 0, Span::default());
        main.nodes.reserve(nodes);
        Movetext {
            lines: vec![main],
            nodes: Vec::with_capacity(nodes),
        }
    }

    /// The main line.
    pub fn main_line(&self) -> &Line {
        &self.lines[0]
    }

    /// All lines, main line first, then variations in the order of their `(`.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// All moves of all lines, in source order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// A line. Panics if the id is not from this movetext.
    pub fn line(&self, id: LineId) -> &Line {
        &self.lines[id.0]
    }

    /// A node. Panics if the id is not from this movetext.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    /// A line, or `None` for a foreign id.
    pub fn get_line(&self, id: LineId) -> Option<&Line> {
        self.lines.get(id.0)
    }

    /// A node, or `None` for a foreign id.
    pub fn get_node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.0)
    }

    /// Mutable access to a line (for writers that fill in comments etc.).
    pub fn line_mut(&mut self, id: LineId) -> &mut Line {
        &mut self.lines[id.0]
    }

    /// Mutable access to a node. Changing `line` or `variations` breaks the tree; don't.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0]
    }

    /// The moves of a line, in order.
    pub fn moves(&self, line: LineId) -> impl ExactSizeIterator<Item = &Node> + '_ {
        self.lines[line.0].nodes.iter().map(|&n| &self.nodes[n.0])
    }

    /// The moves of the main line, in order.
    pub fn main_moves(&self) -> impl ExactSizeIterator<Item = &Node> + '_ {
        self.moves(Self::MAIN)
    }

    /// The variations attached to a node, in order.
    pub fn variations(&self, node: NodeId) -> impl ExactSizeIterator<Item = &Line> + '_ {
        self.nodes[node.0]
            .variations
            .iter()
            .map(|&l| &self.lines[l.0])
    }

    /// Whether there are no moves at all.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The deepest variation nesting (0: no variations).
    pub fn max_depth(&self) -> usize {
        self.lines.iter().map(|l| l.depth).max().unwrap_or(0)
    }

    /// Append a move to a line; returns its id. Panics if `line` is not from this movetext.
    pub fn push_move(&mut self, line: LineId, mut node: Node) -> NodeId {
        let id = NodeId(self.nodes.len());
        node.line = line;
        node.variations.clear();
        self.lines[line.0].nodes.push(id);
        self.nodes.push(node);
        id
    }

    /// Open a new (empty) variation as an alternative to `node`; returns its id.
    /// Panics if `node` is not from this movetext.
    pub fn push_variation(&mut self, node: NodeId, span: Span) -> LineId {
        let id = LineId(self.lines.len());
        let depth = self.lines[self.nodes[node.0].line.0].depth + 1;
        self.lines.push(Line::new(Some(node), depth, span));
        self.nodes[node.0].variations.push(id);
        id
    }

    /// Walk the whole tree in source order without recursion.
    pub fn walk(&self) -> Walk<'_> {
        Walk {
            movetext: self,
            stack: vec![Frame::new(Self::MAIN)],
        }
    }
}

/// Canonical movetext: moves with their numbers as written (`...` for `…`), glyphs, NAGs,
/// comments and variations, separated by single spaces. No result.
impl fmt::Display for Movetext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Whether the next item is the first of its line (no space before it).
        let mut first = true;
        fn sep(f: &mut fmt::Formatter<'_>, first: &mut bool) -> fmt::Result {
            if !std::mem::take(first) {
                f.write_char(' ')?;
            }
            Ok(())
        }
        for event in self.walk() {
            match event {
                Event::LineStart(id, line) => {
                    if id != Self::MAIN {
                        sep(f, &mut first)?;
                        f.write_char('(')?;
                        first = true;
                    }
                    for c in &line.comments {
                        sep(f, &mut first)?;
                        write!(f, "{c}")?;
                    }
                }
                Event::Move(_, node) => {
                    sep(f, &mut first)?;
                    if let Some(n) = &node.number {
                        write!(f, "{n} ")?;
                    }
                    write!(f, "{}", node.mv)?;
                    if let Some(g) = node.glyph {
                        f.write_str(g.as_str())?;
                    }
                    for a in &node.annotations {
                        sep(f, &mut first)?;
                        match a {
                            Annotation::Comment(c) => write!(f, "{c}")?,
                            Annotation::Nag(n) => write!(f, "{n}")?,
                        }
                    }
                }
                Event::LineEnd(id, line) => {
                    if let Some(n) = &line.trailing_number {
                        sep(f, &mut first)?;
                        write!(f, "{n}")?;
                    }
                    if id != Self::MAIN {
                        f.write_char(')')?;
                        first = false;
                    }
                }
            }
        }
        Ok(())
    }
}

/// One step of [`Movetext::walk`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// A line begins (the main line, or a variation's `(`).
    LineStart(LineId, &'a Line),
    /// A move; its variations follow, each between `LineStart` and `LineEnd`.
    Move(NodeId, &'a Node),
    /// A line ends (a variation's `)`, or the end of the main line).
    LineEnd(LineId, &'a Line),
}

#[derive(Clone, Debug)]
struct Frame {
    line: LineId,
    started: bool,
    next_node: usize,
    current: Option<NodeId>,
    next_variation: usize,
}

impl Frame {
    fn new(line: LineId) -> Self {
        Frame {
            line,
            started: false,
            next_node: 0,
            current: None,
            next_variation: 0,
        }
    }
}

/// Iterator of [`Event`]s, see [`Movetext::walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    movetext: &'a Movetext,
    stack: Vec<Frame>,
}

impl<'a> Iterator for Walk<'a> {
    type Item = Event<'a>;

    fn next(&mut self) -> Option<Event<'a>> {
        let mt = self.movetext;
        loop {
            let top = self.stack.last_mut()?;
            let line = mt.lines.get(top.line.0)?;
            if !top.started {
                top.started = true;
                return Some(Event::LineStart(top.line, line));
            }
            if let Some(id) = top.current {
                let node = mt.nodes.get(id.0)?;
                if let Some(&v) = node.variations.get(top.next_variation) {
                    top.next_variation += 1;
                    self.stack.push(Frame::new(v));
                    continue;
                }
                top.current = None;
            }
            if let Some(&id) = line.nodes.get(top.next_node) {
                top.next_node += 1;
                top.current = Some(id);
                top.next_variation = 0;
                return Some(Event::Move(id, mt.nodes.get(id.0)?));
            }
            let id = top.line;
            self.stack.pop();
            return Some(Event::LineEnd(id, line));
        }
    }
}

/// A line of moves: the main line or a variation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The move this line is an alternative to (`None` for the main line).
    pub parent: Option<NodeId>,
    /// 0 for the main line, 1 for its variations, and so on.
    pub depth: usize,
    /// Comments before the first move of the line (for the main line: also those among and
    /// after the tag pairs).
    pub comments: Vec<Comment>,
    /// The moves.
    pub nodes: Vec<NodeId>,
    /// A move number written after the last move with no move of its own, as in `5. ... 1-0`.
    pub trailing_number: Option<MoveNumber>,
    /// A variation: `(` to `)`. The main line: its first token to its last (not the result).
    pub span: Span,
}

impl Line {
    fn new(parent: Option<NodeId>, depth: usize, span: Span) -> Self {
        Line {
            parent,
            depth,
            comments: Vec::new(),
            nodes: Vec::new(),
            trailing_number: None,
            span,
        }
    }
}

/// A move with what is attached to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Node {
    /// The line it belongs to.
    pub line: LineId,
    /// The move number written before it, if any.
    pub number: Option<MoveNumber>,
    /// The move as written.
    pub mv: WrittenMove,
    /// A glyph written right after the move (`!`, `?!`, …).
    pub glyph: Option<Glyph>,
    /// Comments and NAGs after the move, in order.
    pub annotations: Vec<Annotation>,
    /// Alternatives to this move, in order.
    pub variations: Vec<LineId>,
    /// From its move number (or the move) to the end of the move and glyph.
    pub span: Span,
}

impl Node {
    /// A node for `mv` with nothing attached (for [`Movetext::push_move`]).
    pub fn new(mv: WrittenMove) -> Self {
        let span = mv.span();
        Node {
            line: Movetext::MAIN,
            number: None,
            mv,
            glyph: None,
            annotations: Vec::new(),
            variations: Vec::new(),
            span,
        }
    }

    /// The comments after the move.
    pub fn comments(&self) -> impl Iterator<Item = &Comment> {
        self.annotations.iter().filter_map(|a| match a {
            Annotation::Comment(c) => Some(c),
            Annotation::Nag(_) => None,
        })
    }

    /// The NAGs after the move.
    pub fn nags(&self) -> impl Iterator<Item = &Nag> {
        self.annotations.iter().filter_map(|a| match a {
            Annotation::Nag(n) => Some(n),
            Annotation::Comment(_) => None,
        })
    }

    /// Where the glyph is.
    pub fn glyph_span(&self) -> Option<Span> {
        self.glyph.map(|g| {
            let start = self.mv.span().end;
            Span::new(start, start + g.as_str().len())
        })
    }
}

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

// ------------------------------------------------------------------------------- moves

/// A move exactly as written, in one of the two notations.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WrittenMove {
    /// Hodges style: `SP-7g`, `K*2三>W`.
    Hodges(HodgesMove),
    /// Engine (XBoard) coordinates: `h3g4`, `P@e5`.
    Engine(EngineMove),
}

impl WrittenMove {
    /// The exact source text (without a glyph).
    pub fn text(&self) -> &str {
        match self {
            WrittenMove::Hodges(m) => &m.text,
            WrittenMove::Engine(m) => &m.text,
        }
    }

    /// Where the move is (without a glyph).
    pub fn span(&self) -> Span {
        match self {
            WrittenMove::Hodges(m) => m.span,
            WrittenMove::Engine(m) => m.span,
        }
    }

    /// The marks (`+ = #`) as written.
    pub fn marks(&self) -> Marks {
        match self {
            WrittenMove::Hodges(m) => m.marks,
            WrittenMove::Engine(m) => m.marks,
        }
    }
}

/// Canonical text: ASCII file digits, the rank in the style written, marks as written.
impl fmt::Display for WrittenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrittenMove::Hodges(m) => m.fmt(f),
            WrittenMove::Engine(m) => m.fmt(f),
        }
    }
}

/// `<piece>[origin]<action><square>[>DIR][marks]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct HodgesMove {
    /// The piece as written.
    pub piece: Piece,
    /// The origin square, if written.
    pub from: Option<Square>,
    /// `-`, `x`, `*` or `:`.
    pub action: Action,
    /// The destination square (for `:` the square where the piece turns).
    pub to: Square,
    /// `>N|E|S|W`, if written.
    pub facing: Option<Facing>,
    /// Marks as written.
    pub marks: Marks,
    /// The exact source text (kept inline: no allocation for a move of up to 24 bytes).
    pub text: CompactString,
    /// Where.
    pub span: Span,
}

impl fmt::Display for HodgesMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.piece)?;
        if let Some(from) = &self.from {
            write!(f, "{from}")?;
        }
        write!(f, "{}{}", self.action.as_char(), self.to)?;
        if let Some(d) = self.facing {
            write!(f, ">{}", d.letter())?;
        }
        write!(f, "{}", self.marks)
    }
}

/// A piece abbreviation as written: an optional `+` then one or two ASCII capitals.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    promoted: bool,
    letters: [u8; 2],
    len: u8,
}

impl Piece {
    /// Never produced by the parser (the grammar guarantees a piece); a safe stand-in.
    pub(crate) const PLACEHOLDER: Piece = Piece {
        promoted: false,
        letters: [b'?', 0],
        len: 1,
    };

    /// `+`? then one or two ASCII uppercase letters, e.g. `"+SP"`, `"K"`.
    pub fn parse(text: &str) -> Option<Self> {
        let (promoted, rest) = match text.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let b = rest.as_bytes();
        if b.is_empty() || b.len() > 2 || !b.iter().all(u8::is_ascii_uppercase) {
            return None;
        }
        let mut letters = [0; 2];
        letters[..b.len()].copy_from_slice(b);
        Some(Piece {
            promoted,
            letters,
            len: b.len() as u8,
        })
    }

    /// Whether `+` was written before the letters.
    pub fn promoted(&self) -> bool {
        self.promoted
    }

    /// The letters, e.g. `"SP"` for `+SP`.
    pub fn letters(&self) -> &str {
        // Only ASCII capitals are ever stored.
        std::str::from_utf8(&self.letters[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.promoted {
            f.write_char('+')?;
        }
        f.write_str(self.letters())
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({self})")
    }
}

impl Serialize for Piece {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// `-` move, `x` capture, `*` drop, `:` turn in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// `-`
    Move,
    /// `x`
    Capture,
    /// `*`
    Drop,
    /// `:`
    Turn,
}

impl Action {
    /// The character.
    pub const fn as_char(self) -> char {
        match self {
            Action::Move => '-',
            Action::Capture => 'x',
            Action::Drop => '*',
            Action::Turn => ':',
        }
    }
}

/// A square in shogi notation: file 1–11 (right to left for Black), rank 1–11 (`a`/`一` = 1).
/// The parser only produces files and ranks 1–11; what is on the board is the rules' business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Square {
    /// 1–11.
    pub file: u8,
    /// 1–11: `a`…`k` or `一`…`十一`.
    pub rank: u8,
    /// ASCII or full-width digits.
    pub file_style: FileStyle,
    /// Letter or Japanese numeral.
    pub rank_style: RankStyle,
}

impl Square {
    /// The rank as a kanji numeral (`None` outside 1–11).
    pub fn kanji_rank(rank: u8) -> Option<&'static str> {
        crate::geometry::kanji_rank(rank)
    }

    /// The rank as a letter `a`… (`None` outside 1–11).
    pub fn letter_rank(rank: u8) -> Option<char> {
        crate::geometry::letter_rank(rank)
    }
}

/// Canonical text: ASCII file digits, rank in the written style.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        match self.rank_style {
            RankStyle::Letter => match Square::letter_rank(self.rank) {
                Some(c) => f.write_char(c),
                None => write!(f, "?{}", self.rank),
            },
            RankStyle::Kanji => match Square::kanji_rank(self.rank) {
                Some(k) => f.write_str(k),
                None => write!(f, "?{}", self.rank),
            },
        }
    }
}

/// How a file was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileStyle {
    /// `1`–`11`
    Ascii,
    /// `１`–`１１`
    FullWidth,
}

/// How a rank was written, and which way a Gufū piece faces (`>N`…): the same types the rules
/// use, from the dependency-free [`geometry`](crate::geometry) module.
pub use crate::geometry::{Facing, RankStyle};

/// One mark after a move. Its meaning is the rules': Wa `+` promotes and `=` declines; Gufū `+`
/// is check and `#` mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// `+`
    Plus,
    /// `=`
    Equals,
    /// `#`
    Hash,
}

impl Mark {
    /// The character.
    pub const fn as_char(self) -> char {
        match self {
            Mark::Plus => '+',
            Mark::Equals => '=',
            Mark::Hash => '#',
        }
    }

    /// From the character.
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            '+' => Some(Mark::Plus),
            '=' => Some(Mark::Equals),
            '#' => Some(Mark::Hash),
            _ => None,
        }
    }
}

/// Up to two marks, in the order written.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    items: [Option<Mark>; 2],
}

impl Marks {
    /// No marks.
    pub const NONE: Marks = Marks {
        items: [None, None],
    };

    /// Parse `""`, `"+"`, `"+#"`, … (at most two of `+ = #`).
    pub fn parse(text: &str) -> Option<Self> {
        let mut marks = Marks::NONE;
        for (i, c) in text.chars().enumerate() {
            *marks.items.get_mut(i)? = Some(Mark::from_char(c)?);
        }
        Some(marks)
    }

    /// The marks in order.
    pub fn iter(&self) -> impl Iterator<Item = Mark> + '_ {
        self.items.iter().flatten().copied()
    }

    /// How many (0–2).
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether none was written.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }

    /// Whether `mark` was written.
    pub fn contains(&self, mark: Mark) -> bool {
        self.iter().any(|m| m == mark)
    }

    /// As a vector.
    pub fn to_vec(&self) -> Vec<Mark> {
        self.iter().collect()
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|m| f.write_char(m.as_char()))
    }
}

impl fmt::Debug for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Marks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A move in engine coordinates: `h3g4`, `c9c10+`, `P@e5`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct EngineMove {
    /// The origin square, or the dropped piece.
    pub from: EngineOrigin,
    /// The destination.
    pub to: EngineSquare,
    /// Marks as written (`+` promotes, `=` declines).
    pub marks: Marks,
    /// The exact source text (kept inline: no allocation for a move of up to 24 bytes).
    pub text: CompactString,
    /// Where.
    pub span: Span,
}

impl fmt::Display for EngineMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from {
            EngineOrigin::Square(sq) => write!(f, "{sq}")?,
            EngineOrigin::Drop(p) => write!(f, "{p}@")?,
        }
        write!(f, "{}{}", self.to, self.marks)
    }
}

/// Where an engine move comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineOrigin {
    /// A square: a move on the board.
    Square(EngineSquare),
    /// A drop of the piece with this (uppercase ASCII) letter.
    Drop(char),
}

/// An XBoard square: file `a`–`k` (1–11, from Black's left), rank 1–11 (from Black's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct EngineSquare {
    /// 1 = `a` … 11 = `k`.
    pub file: u8,
    /// 1–11.
    pub rank: u8,
}

impl EngineSquare {
    /// The file letter.
    pub fn file_letter(&self) -> char {
        char::from(b'a'.wrapping_add(self.file.wrapping_sub(1)))
    }
}

impl fmt::Display for EngineSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_letter(), self.rank)
    }
}

// ------------------------------------------------------------------------------- packing

// Written moves packed in a few bits, for the reader's memo (src/record/memo.rs): the fields of
// a move as the parser found them, not a reading of the text.

/// A field of `width` bits at `at`.
fn field(bits: u64, at: u32, width: u32) -> u64 {
    (bits >> at) & ((1 << width) - 1)
}

impl Piece {
    /// 18 bits: promoted, two letters, length.
    pub(crate) fn pack(self) -> u64 {
        u64::from(self.promoted)
            | u64::from(self.len == 2) << 1
            | u64::from(self.letters[0]) << 2
            | u64::from(self.letters[1]) << 10
    }

    pub(crate) fn unpack(bits: u64) -> Piece {
        Piece {
            promoted: field(bits, 0, 1) == 1,
            len: 1 + field(bits, 1, 1) as u8,
            letters: [field(bits, 2, 8) as u8, field(bits, 10, 8) as u8],
        }
    }
}

impl Marks {
    /// 4 bits: two marks of 2 bits (0 none, 1 `+`, 2 `=`, 3 `#`).
    pub(crate) fn pack(self) -> u64 {
        let one = |m: Option<Mark>| match m {
            None => 0,
            Some(Mark::Plus) => 1,
            Some(Mark::Equals) => 2,
            Some(Mark::Hash) => 3,
        };
        one(self.items[0]) | one(self.items[1]) << 2
    }

    pub(crate) fn unpack(bits: u64) -> Marks {
        let one = |b: u64| match b {
            1 => Some(Mark::Plus),
            2 => Some(Mark::Equals),
            3 => Some(Mark::Hash),
            _ => None,
        };
        Marks {
            items: [one(field(bits, 0, 2)), one(field(bits, 2, 2))],
        }
    }
}

impl Square {
    /// 10 bits: file and rank (0-15), file style, rank style; None if they do not fit.
    pub(crate) fn pack(self) -> Option<u64> {
        (self.file < 16 && self.rank < 16).then(|| {
            u64::from(self.file)
                | u64::from(self.rank) << 4
                | u64::from(self.file_style == FileStyle::FullWidth) << 8
                | u64::from(self.rank_style == RankStyle::Kanji) << 9
        })
    }

    pub(crate) fn unpack(bits: u64) -> Square {
        Square {
            file: field(bits, 0, 4) as u8,
            rank: field(bits, 4, 4) as u8,
            file_style: if field(bits, 8, 1) == 1 {
                FileStyle::FullWidth
            } else {
                FileStyle::Ascii
            },
            rank_style: if field(bits, 9, 1) == 1 {
                RankStyle::Kanji
            } else {
                RankStyle::Letter
            },
        }
    }
}

impl EngineSquare {
    /// 8 bits: file and rank (0-15); None if they do not fit.
    pub(crate) fn pack(self) -> Option<u64> {
        (self.file < 16 && self.rank < 16).then(|| u64::from(self.file) | u64::from(self.rank) << 4)
    }

    pub(crate) fn unpack(bits: u64) -> EngineSquare {
        EngineSquare {
            file: field(bits, 0, 4) as u8,
            rank: field(bits, 4, 4) as u8,
        }
    }
}
