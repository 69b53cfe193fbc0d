//! The movetext: an arena of lines and nodes, and its walk in source order.
//!
//! The tree is stored flat (lines and nodes addressed by [`LineId`] and [`NodeId`]), so that no
//! derived `Drop`, `Clone`, `PartialEq`, `Debug` or `Serialize` ever recurses, whatever the
//! depth of the variations. Walk it with [`Movetext::walk`].

use super::annotations::{Annotation, Comment, Glyph, MoveNumber, Nag};
use super::span::Span;
use super::written::WrittenMove;
use serde::Serialize;
use std::fmt::{self, Write as _};

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
    pub fn push_move(&mut self, line: LineId, node: Node) -> NodeId {
        let id = self.push_parts(line, node.number, node.mv, node.glyph, node.span);
        self.nodes[id.0].annotations = node.annotations;
        id
    }

    /// [`Movetext::push_move`] from a node's parts, nothing attached: the node is written
    /// straight into the arena (the reader's path, once per move).
    #[inline]
    pub(crate) fn push_parts(
        &mut self,
        line: LineId,
        number: Option<MoveNumber>,
        mv: WrittenMove,
        glyph: Option<Glyph>,
        span: Span,
    ) -> NodeId {
        let id = NodeId(self.nodes.len());
        self.lines[line.0].nodes.push(id);
        // Built by the iterator once the room is there, so that it can be written in place
        // (`push` builds it first, then copies it in).
        self.nodes.extend(std::iter::once_with(|| Node {
            line,
            number,
            mv,
            glyph,
            annotations: Vec::new(),
            variations: Vec::new(),
            span,
        }));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{CommentKind, parse_game_str};

    /// `push_move` appends the node to the line given, keeps what is attached to it but its
    /// variations (which belong to another tree), and numbers it in source order.
    #[test]
    fn push_move_keeps_annotations_and_drops_variations() {
        let record =
            parse_game_str("[Variant \"Wa\"]\n1. SP-7g {one} (1. SP-6g) SP-4e *\n").unwrap();
        let mut node = record.movetext.main_moves().next().unwrap().clone();
        assert!(!node.variations.is_empty() && !node.annotations.is_empty());
        node.line = LineId(7);
        let mut mt = Movetext::new();
        let id = mt.push_move(Movetext::MAIN, node.clone());
        let pushed = mt.node(id);
        assert_eq!(id.index(), 0);
        assert_eq!(pushed.line, Movetext::MAIN);
        assert!(pushed.variations.is_empty());
        assert_eq!(pushed.annotations, node.annotations);
        assert!(matches!(
            &pushed.annotations[0],
            Annotation::Comment(c) if c.kind == CommentKind::Brace && c.text == "one"
        ));
        assert_eq!(
            (&pushed.mv, pushed.number, pushed.glyph, pushed.span),
            (&node.mv, node.number, node.glyph, node.span)
        );
        assert_eq!(mt.main_line().nodes, [id]);
    }
}
