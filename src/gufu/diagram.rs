//! Gufū shōgi diagrams ([`crate::svg::gufu`], the [`Diagram`] of a position): its facing
//! pieces, common hand and layout, drawn with the diagram's document, glyphs and piece shapes
//! from [`crate::svg`]; the replay page's Gufū boards (`super::page`) are drawn by the same
//! code.

use crate::geometry::Facing;
use crate::geometry::RankStyle;
use crate::geometry::{Color, GUFU};
use crate::gufu::{self, PieceId};
use crate::rules::Position as _;
use crate::svg::document::{
    DARK_EDGE, DARK_FILL, DARK_INK, Doc, LIGHT_EDGE, LIGHT_FILL, Layout, Palette, highlights, n,
    palette, sq_name,
};
use crate::svg::glyphs::Face;
use crate::svg::pieces::{PieceLook, place};
use crate::svg::text::Anchor;
use crate::svg::{Diagram, DiagramOptions, Labels, Language};
use std::fmt::Write;

const GUFU_U: f64 = 96.0;
const GUFU_PIECE: (f64, f64) = (0.74, 0.86);
const GUFU_HAND_SCALE: f64 = 0.55;

fn facing_degrees(f: Facing) -> u32 {
    match f {
        Facing::North => 0,
        Facing::East => 90,
        Facing::South => 180,
        Facing::West => 270,
    }
}

/// A piece's English name from the piece table, a King with its owner (`Black's King`).
fn gufu_name(id: PieceId) -> String {
    let name = id.row().name;
    match id.owner() {
        Some(c) => format!("{}'s {name}", c.title()),
        None => name.to_string(),
    }
}

/// A piece's CSS classes: its owner or `shared`, and its name (`black king`, `shared kaze`).
fn gufu_class(id: PieceId) -> String {
    let name = id.row().name.to_lowercase();
    match id.owner() {
        Some(c) => format!("{} {name}", c.name()),
        None => format!("shared {name}"),
    }
}

fn gufu_look(id: PieceId, p: &Palette) -> (&'static str, &'static str, &'static str) {
    match id.owner() {
        Some(Color::Black) => (DARK_FILL, DARK_EDGE, DARK_INK),
        Some(Color::White) => (LIGHT_FILL, LIGHT_EDGE, p.ink),
        None => (p.neutral_fill, p.neutral_edge, p.ink),
    }
}

/// The letter of a piece in position strings: `K` Black's King, `k` White's, `W`, `S`.
pub(super) fn letter(id: PieceId) -> char {
    match id {
        PieceId::WhiteKing => 'k',
        _ => id.row().letter,
    }
}

/// The layout of a Gufū diagram.
pub(super) fn layout<M>(o: &DiagramOptions<M>) -> Layout {
    Layout::new(
        GUFU,
        GUFU_U,
        o.flip,
        0.0,
        1.05 * GUFU_U,
        o.caption.as_deref(),
    )
}

/// The rotation of a piece with this facing.
pub(super) fn rotation<M>(o: &DiagramOptions<M>, f: Facing) -> u32 {
    (facing_degrees(f) + if o.flip { 180 } else { 0 }) % 360
}

/// The id of a look: `kifu-gKe-90` on the board (letter, facing, rotation), `kifu-ghK-0` in
/// hand (`g` keeps them apart from Wa's looks on a page with both games).
pub(super) fn look_id(id: PieceId, facing: Option<Facing>, rotate: u32) -> String {
    match facing {
        Some(f) => format!(
            "kifu-g{}{}-{rotate}",
            letter(id),
            f.letter().to_ascii_lowercase()
        ),
        None => format!("kifu-gh{}-{rotate}", letter(id)),
    }
}

/// How a piece looks: on the board with its facing, or in hand.
pub(super) fn look<M>(
    o: &DiagramOptions<M>,
    id: PieceId,
    facing: Option<Facing>,
) -> PieceLook<'static> {
    let p = palette(o.style);
    let (fill, edge, ink) = gufu_look(id, p);
    let row = id.row();
    let (text, face) = match o.labels {
        Labels::Kanji => (row.kanji.first().copied().unwrap_or("?"), Face::Piece),
        Labels::English => (letter_str(id), Face::Label),
    };
    let rotate = facing.map(|f| rotation(o, f)).unwrap_or(0);
    let scale = if facing.is_some() {
        1.0
    } else {
        GUFU_HAND_SCALE
    };
    PieceLook {
        id: look_id(id, facing, rotate),
        fill,
        edge,
        ink,
        text,
        face,
        rotate,
        w: GUFU_PIECE.0 * GUFU_U * scale,
        h: GUFU_PIECE.1 * GUFU_U * scale,
        shadow: p.shadow,
    }
}

/// The English label: the notation's letter (both Kings `K`).
fn letter_str(id: PieceId) -> &'static str {
    id.row().abbr
}

/// The centre of the `i`th piece of the common hand.
pub(super) fn slot(l: &Layout, i: usize) -> (f64, f64) {
    let u = l.u;
    (l.right.0 + 0.5 * u, l.y0 + 0.72 * u + i as f64 * 0.6 * u)
}

/// Where "none" is written in an empty hand.
pub(super) fn none_at(l: &Layout) -> (f64, f64) {
    (l.right.0 + 0.5 * l.u, l.y0 + 0.55 * l.u)
}

/// The size of "none".
pub(super) fn none_size(l: &Layout) -> f64 {
    0.18 * l.u
}

/// The pieces on the board.
pub(super) fn pieces<M>(
    doc: &mut Doc,
    l: &Layout,
    o: &DiagramOptions<M>,
    pos: &gufu::Position,
) -> String {
    let mut s = String::from("<g class=\"pieces\">\n");
    for sq in GUFU.squares() {
        let Some(pc) = pos.piece_at(sq) else { continue };
        let (cx, cy) = l.centre(sq);
        let class = format!(
            "{} facing-{}",
            gufu_class(pc.id),
            pc.facing.letter().to_ascii_lowercase()
        );
        place(
            doc,
            &mut s,
            &look(o, pc.id, Some(pc.facing)),
            cx,
            cy,
            &class,
            Some(&sq_name(GUFU, sq)),
        );
    }
    s.push_str("</g>\n");
    s
}

/// The common hand, beside the board: a header, then the pieces one under the other.
pub(super) fn hand<M>(
    doc: &mut Doc,
    l: &Layout,
    o: &DiagramOptions<M>,
    hand: &[PieceId],
) -> String {
    let p = palette(o.style);
    let u = l.u;
    let mut s = String::from("<g class=\"hand common\">\n");
    doc.ink.line(
        &mut s,
        &format!(" class=\"side-name\" fill=\"{}\"", p.coord),
        match o.language {
            Language::Japanese => "持駒",
            Language::English => "Hand",
        },
        l.right.0 + 0.5 * u,
        l.y0 + 0.15 * u,
        0.2 * u,
        Face::Text,
        Anchor::Middle,
    );
    s.push_str("\n<g class=\"hand-pieces\">\n");
    if hand.is_empty() {
        let id = doc.none_def(l, o, none_size(l), Anchor::Middle);
        let (x, y) = none_at(l);
        let _ = writeln!(
            s,
            "<use class=\"none\" xlink:href=\"#{id}\" x=\"{}\" y=\"{}\"/>",
            n(x),
            n(y)
        );
    }
    for (i, &id) in hand.iter().enumerate() {
        let (x, y) = slot(l, i);
        let class = format!("{} in-hand", gufu_class(id));
        place(doc, &mut s, &look(o, id, None), x, y, &class, None);
    }
    s.push_str("</g>\n</g>\n");
    s
}

/// The text description of a position for `<desc>`.
fn describe(pos: &gufu::Position, hand: &[PieceId]) -> String {
    let ps = gufu::posstr::write(pos);
    let hand_text = if hand.is_empty() {
        "nothing".to_string()
    } else {
        hand.iter()
            .map(|&id| gufu_name(id))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut placed = Vec::new();
    for sq in GUFU.squares() {
        if let Some(pc) = pos.piece_at(sq) {
            placed.push(format!(
                "{} on {} facing {}",
                gufu_name(pc.id),
                crate::gufu::notation::gufu_square(sq, RankStyle::Kanji),
                pc.facing.letter()
            ));
        }
    }
    format!(
        "Gufū shōgi position {ps}. {}{}. {} to move{}. In the common hand: {hand_text}.",
        if placed.is_empty() {
            "The board is empty"
        } else {
            "On the board: "
        },
        placed.join(", "),
        if pos.turn() == Color::Black {
            "Black"
        } else {
            "White"
        },
        if pos.in_check() { ", in check" } else { "" }
    )
}

/// The pieces of the common hand, in position-string order.
pub(super) fn hand_of(pos: &gufu::Position) -> Vec<PieceId> {
    PieceId::ALL
        .into_iter()
        .filter(|&id| pos.in_hand(id))
        .collect()
}

/// A diagram of a Gufū position.
pub fn gufu(pos: &gufu::Position, o: &DiagramOptions<gufu::Move>) -> String {
    let in_hand = hand_of(pos);
    let l = layout(o);
    let desc = describe(pos, &in_hand);
    let title = o
        .caption
        .clone()
        .unwrap_or_else(|| "Gufū shōgi diagram".to_string());
    let mut d = Doc::open(&l, o, &title, &desc);
    d.grid(&l, o, &[], &highlights(o));
    let s = pieces(&mut d, &l, o, pos);
    d.s.push_str(&s);
    let s = hand(&mut d, &l, o, &in_hand);
    d.s.push_str(&s);
    d.close(&l, o)
}

impl Diagram for gufu::Position {
    fn diagram(&self, o: &DiagramOptions<gufu::Move>) -> String {
        gufu(self, o)
    }
}
