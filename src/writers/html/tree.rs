//! The positions of a replay page: every ply of a replayed record, variations included, each
//! with the position string after it, the squares to light and the King in check; and the
//! move list in source order. The one place the page meets the replay.

use crate::notation::Notate;
use crate::record::{Annotation, Comment, Event, Glyph, Record};
use crate::replay::Played;
use crate::svg;
use crate::writers::Style;
use crate::writers::psn::number_prefix;

/// One position of the page.
pub(super) struct Ply {
    /// The ply before it (None for the start).
    pub(super) parent: Option<usize>,
    /// The position string.
    pub(super) position: String,
    /// Squares lit by the move that led here (indices in position-string order).
    pub(super) lit: Vec<usize>,
    /// The square of a King in check.
    pub(super) check: Option<usize>,
    /// The move that led here, as written on the page (`SP-7g`), and its number (`12.`).
    pub(super) text: String,
    pub(super) number: String,
}

/// The move list, in source order.
pub(super) enum Item<'a> {
    /// A variation opens or closes.
    Open,
    Close,
    Comment(&'a Comment),
    /// A move: the ply it leads to, the number written before it (if any), its glyph.
    Move {
        ply: usize,
        number: Option<String>,
        glyph: Option<Glyph>,
    },
    Nag(u8),
}

/// A game's page: its plies, its move list, and every position (the start and each ply, in
/// order, for the boards to define what they need).
pub(super) struct Tree<'a, G> {
    pub(super) plies: Vec<Ply>,
    pub(super) items: Vec<Item<'a>>,
    pub(super) states: Vec<G>,
}

/// Walks a valid record replayed with `keep_moves`. None if a move was not replayed.
pub(super) fn walk<'a, G: Notate>(
    record: &'a Record,
    played: &Played<G>,
    style: Style,
) -> Option<Tree<'a, G>> {
    let start = played.start.clone();
    let mut tree = Tree {
        plies: vec![ply(None, &start, Vec::new(), String::new(), String::new())],
        items: Vec::new(),
        states: vec![start],
    };
    // Per open line: the ply reached, and whether the next move needs its number written.
    let mut stack: Vec<(usize, bool)> = Vec::new();
    // The ply before each node (where its variations start).
    let mut before = vec![0usize; record.movetext.nodes().len()];
    for event in record.movetext.walk() {
        match event {
            Event::LineStart(_, line) => {
                let at = match line.parent {
                    None => 0,
                    Some(p) => *before.get(p.index())?,
                };
                if line.parent.is_some() {
                    tree.items.push(Item::Open);
                    if let Some(f) = stack.last_mut() {
                        f.1 = true;
                    }
                }
                tree.items.extend(line.comments.iter().map(Item::Comment));
                stack.push((at, true));
            }
            Event::Move(id, node) => {
                let m = (*played.moves.get(id.index())?)?;
                let (at, needs_number) = *stack.last()?;
                let state = &tree.states[at];
                let mut after = state.clone();
                after.play_unchecked(&m);
                // As the normalized record numbers moves: always for the status line, where
                // needed in the list.
                let number = number_prefix(state, true).trim_end().to_string();
                let written = Some(number_prefix(state, needs_number))
                    .filter(|n| !n.is_empty())
                    .map(|n| n.trim_end().to_string());
                let text = state.move_text(&m, &after, style);
                let lit = svg::move_squares(&m).iter().map(|s| s.index()).collect();
                *before.get_mut(id.index())? = at;
                let i = tree.plies.len();
                tree.plies.push(ply(Some(at), &after, lit, text, number));
                tree.states.push(after);
                tree.items.push(Item::Move {
                    ply: i,
                    number: written,
                    glyph: node.glyph,
                });
                let mut annotated = false;
                for a in &node.annotations {
                    annotated = true;
                    tree.items.push(match a {
                        Annotation::Comment(c) => Item::Comment(c),
                        Annotation::Nag(n) => Item::Nag(n.value),
                    });
                }
                *stack.last_mut()? = (i, annotated || !node.variations.is_empty());
            }
            Event::LineEnd(_, line) => {
                stack.pop();
                if line.parent.is_some() {
                    tree.items.push(Item::Close);
                    if let Some(f) = stack.last_mut() {
                        f.1 = true;
                    }
                }
            }
        }
    }
    Some(tree)
}

fn ply<G: Notate>(
    parent: Option<usize>,
    state: &G,
    lit: Vec<usize>,
    text: String,
    number: String,
) -> Ply {
    Ply {
        parent,
        position: state.position_string(),
        lit,
        check: svg::check_square(state).map(|s| s.index()),
        text,
        number,
    }
}
