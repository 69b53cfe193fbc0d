//! Gufū shōgi diagrams.

use super::document::{
    DARK_EDGE, DARK_FILL, DARK_INK, Doc, LIGHT_EDGE, LIGHT_FILL, Layout, Palette, highlights,
    label, palette, sq_name,
};
use super::pieces::{PieceLook, draw_piece};
use super::{Labels, Options};
use crate::geometry::{Color, GUFU};
use crate::gufu::{self, Facing, PieceId};
use crate::notation::RankStyle;

// ---------------------------------------------------------------------------------------------
// Gufū shōgi.

const GUFU_U: f64 = 96.0;
const GUFU_PIECE: (f64, f64) = (0.74, 0.86);
const GUFU_HAND_SCALE: f64 = 0.55;

fn facing_degrees(f: Facing) -> u32 {
    match f {
        Facing::N => 0,
        Facing::E => 90,
        Facing::S => 180,
        Facing::W => 270,
    }
}

fn gufu_name(id: PieceId) -> &'static str {
    match id {
        PieceId::BlackKing => "Black's King",
        PieceId::WhiteKing => "White's King",
        PieceId::Kaze => "Kaze",
        PieceId::Arashi => "Arashi",
    }
}

fn gufu_class(id: PieceId) -> &'static str {
    match id {
        PieceId::BlackKing => "black king",
        PieceId::WhiteKing => "white king",
        PieceId::Kaze => "shared kaze",
        PieceId::Arashi => "shared arashi",
    }
}

fn gufu_look(id: PieceId, p: &Palette) -> (&'static str, &'static str, &'static str) {
    match id.owner() {
        Some(Color::Black) => (DARK_FILL, DARK_EDGE, DARK_INK),
        Some(Color::White) => (LIGHT_FILL, LIGHT_EDGE, p.ink),
        None => (p.neutral_fill, p.neutral_edge, p.ink),
    }
}

fn gufu_text(id: PieceId, labels: Labels) -> (String, bool) {
    let row = id.row();
    match labels {
        Labels::Kanji => (row.kanji.first().copied().unwrap_or("?").to_string(), true),
        Labels::English => (row.letter.to_string(), false),
    }
}

/// A diagram of a Gufū position.
pub fn gufu(pos: &gufu::Position, o: &Options) -> String {
    let u = GUFU_U;
    let hand: Vec<PieceId> = PieceId::ALL
        .into_iter()
        .filter(|&id| pos.in_hand(id))
        .collect();
    let l = Layout::new(GUFU, u, o.flip, 0.0, 1.05 * u, o.caption.is_some());
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
                crate::notation::gufu_square(sq, RankStyle::Kanji),
                pc.facing.letter()
            ));
        }
    }
    let desc = format!(
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
    );
    let title = o
        .caption
        .clone()
        .unwrap_or_else(|| "Gufū shōgi diagram".to_string());
    let mut d = Doc::open(&l, o, &title, &desc);
    d.grid(&l, o, &[], &highlights(o));
    let p = palette(o.style);
    let (w, h) = (GUFU_PIECE.0 * u, GUFU_PIECE.1 * u);
    let mut s = String::new();
    for sq in GUFU.squares() {
        let Some(pc) = pos.piece_at(sq) else { continue };
        let (fill, edge, ink) = gufu_look(pc.id, p);
        let (text, kanji) = gufu_text(pc.id, o.labels);
        let (cx, cy) = l.centre(sq);
        let rotate = (facing_degrees(pc.facing) + if o.flip { 180 } else { 0 }) % 360;
        let look = PieceLook {
            class: format!(
                "{} facing-{}",
                gufu_class(pc.id),
                pc.facing.letter().to_ascii_lowercase()
            ),
            square: Some(sq_name(GUFU, sq)),
            fill,
            edge,
            ink,
            text: &text,
            kanji,
            rotate,
            w,
            h,
        };
        draw_piece(&mut s, cx, cy, &look, p.shadow);
    }
    d.s.push_str(&s);
    // The common hand, beside the board.
    let (x, _) = l.right;
    let mut s = String::from("<g class=\"hand common\">\n");
    label(
        &mut s,
        x + 0.5 * u,
        l.y0 + 0.15 * u,
        0.2 * u,
        p.coord,
        "middle",
        if o.labels == Labels::Kanji {
            "持駒"
        } else {
            "Hand"
        },
    );
    if hand.is_empty() {
        label(
            &mut s,
            x + 0.5 * u,
            l.y0 + 0.55 * u,
            0.18 * u,
            p.coord,
            "middle",
            if o.labels == Labels::Kanji {
                "なし"
            } else {
                "none"
            },
        );
    }
    let (hw, hh) = (w * GUFU_HAND_SCALE, h * GUFU_HAND_SCALE);
    for (i, &id) in hand.iter().enumerate() {
        let (fill, edge, ink) = gufu_look(id, p);
        let (text, kanji) = gufu_text(id, o.labels);
        let look = PieceLook {
            class: format!("{} in-hand", gufu_class(id)),
            square: None,
            fill,
            edge,
            ink,
            text: &text,
            kanji,
            rotate: 0,
            w: hw,
            h: hh,
        };
        draw_piece(
            &mut s,
            x + 0.5 * u,
            l.y0 + 0.72 * u + i as f64 * 0.6 * u,
            &look,
            p.shadow,
        );
    }
    s.push_str("</g>\n");
    d.s.push_str(&s);
    d.close(&l, o)
}
