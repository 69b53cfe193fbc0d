//! Wa shogi diagrams.

use super::document::{Doc, Layout, highlights, label, n, palette, sq_name};
use super::pieces::{PieceLook, draw_piece, side_mark};
use super::{Labels, Options};
use crate::geometry::{Color, WA};
use crate::wa::{self, Kind};
use std::fmt::Write;

// ---------------------------------------------------------------------------------------------
// Wa shogi.

const WA_U: f64 = 48.0;
const WA_PIECE: (f64, f64) = (0.8, 0.92);
const WA_HAND_SCALE: f64 = 0.78;

fn wa_face_text(face: &wa::Face, labels: Labels) -> (&'static str, bool) {
    match labels {
        Labels::Kanji => (face.kanji.first().copied().unwrap_or(face.abbr), true),
        Labels::English => (face.abbr, false),
    }
}

fn side_name(c: Color, labels: Labels) -> &'static str {
    match (c, labels) {
        (Color::Black, Labels::Kanji) => "先手",
        (Color::White, Labels::Kanji) => "後手",
        (Color::Black, Labels::English) => "Black",
        (Color::White, Labels::English) => "White",
    }
}

/// The rows of a Wa hand: kinds with their counts, in table order.
fn wa_hand(pos: &wa::Position, c: Color) -> Vec<(Kind, u8)> {
    Kind::all()
        .map(|k| (k, pos.in_hand(c, k)))
        .filter(|&(_, k)| k > 0)
        .collect()
}

/// A text description of a Wa hand: `2 Sparrow Pawn (SP), 1 Swooping Owl (SO)` or `nothing`.
fn wa_hand_text(hand: &[(Kind, u8)]) -> String {
    if hand.is_empty() {
        return "nothing".into();
    }
    hand.iter()
        .map(|(k, c)| {
            let f = &k.row().face;
            format!("{c} {} ({})", f.name, f.abbr)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A diagram of a Wa position.
pub fn wa(pos: &wa::Position, o: &Options) -> String {
    let u = WA_U;
    let hands = [wa_hand(pos, Color::Black), wa_hand(pos, Color::White)];
    let row_h = 0.95 * u * WA_HAND_SCALE + 0.12 * u;
    let header = 0.9 * u;
    let max_rows = (((WA.ranks as f64 * u) - header) / row_h).floor().max(1.0) as usize;
    let col_w = 1.65 * u;
    let cols = |len: usize| len.div_ceil(max_rows).max(1) as f64;
    // Viewer's opponent at the left, the viewer at the right.
    let (near, far) = if o.flip {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    // No hands in the game without drops: no room for them either.
    let drops = pos.variant().drops();
    let left_w = if drops {
        cols(hands[far.index()].len()) * col_w
    } else {
        0.0
    };
    let right_w = if drops {
        cols(hands[near.index()].len()) * col_w
    } else {
        0.25 * u
    };
    let l = Layout::new(WA, u, o.flip, left_w, right_w, o.caption.is_some());
    let fen = wa::fen::write(pos);
    let variant = match pos.variant() {
        wa::Variant::Wa => "Wa shogi",
        wa::Variant::WaNoDrop => "Wa shogi (no drops)",
    };
    let mut desc = format!(
        "{variant} position {fen}. {} to move{}.",
        if pos.turn() == Color::Black {
            "Black"
        } else {
            "White"
        },
        if pos.in_check() { ", in check" } else { "" }
    );
    if pos.variant().drops() {
        let _ = write!(
            desc,
            " Black has in hand: {}. White has in hand: {}.",
            wa_hand_text(&hands[0]),
            wa_hand_text(&hands[1])
        );
    }
    let title = o
        .caption
        .clone()
        .unwrap_or_else(|| format!("{variant} diagram"));
    let mut d = Doc::open(&l, o, &title, &desc);
    // Promotion zones: dots where the third and eighth lines cross.
    let hoshi = [(3.0, 3.0), (8.0, 3.0), (3.0, 8.0), (8.0, 8.0)];
    d.grid(&l, o, &hoshi, &highlights(o));
    let p = palette(o.style);
    let (w, h) = (WA_PIECE.0 * u, WA_PIECE.1 * u);
    let rot_of = |c: Color| {
        if (c == Color::White) != o.flip {
            180
        } else {
            0
        }
    };
    let mut s = String::new();
    for sq in WA.squares() {
        let Some(pc) = pos.piece_at(sq) else { continue };
        let face = pc.face();
        let (text, kanji) = wa_face_text(face, o.labels);
        let (cx, cy) = l.centre(sq);
        let look = PieceLook {
            class: format!(
                "{}{} {}",
                pc.color.name(),
                if pc.promoted { " promoted" } else { "" },
                face.abbr.trim_start_matches('+')
            ),
            square: Some(sq_name(WA, sq)),
            fill: p.piece_fill,
            edge: p.piece_edge,
            ink: if pc.promoted { p.red } else { p.ink },
            text,
            kanji,
            rotate: rot_of(pc.color),
            w,
            h,
        };
        draw_piece(&mut s, cx, cy + 0.01 * u, &look, p.shadow);
    }
    d.s.push_str(&s);
    if pos.variant().drops() {
        for c in [Color::Black, Color::White] {
            let at_right = c == near;
            let (x, _) = if at_right { l.right } else { l.left };
            d.s.push_str(&wa_hand_svg(
                &hands[c.index()],
                c,
                at_right,
                x,
                &l,
                o,
                row_h,
                header,
                max_rows,
                rot_of(c),
            ));
        }
    }
    d.close(&l, o)
}

/// One side's hand: a header (side mark and name), then each kind once with its count.
/// The far side's hand hangs from the top of the board, the near side's stands on its bottom.
#[allow(clippy::too_many_arguments)]
fn wa_hand_svg(
    hand: &[(Kind, u8)],
    c: Color,
    at_bottom: bool,
    x: f64,
    l: &Layout,
    o: &Options,
    row_h: f64,
    header: f64,
    max_rows: usize,
    rotate: u32,
) -> String {
    let p = palette(o.style);
    let u = l.u;
    let col_w = 1.65 * u;
    let bh = WA.ranks as f64 * u;
    let rows = hand.len().min(max_rows).max(1);
    let block = header + rows as f64 * row_h;
    let top = if at_bottom { l.y0 + bh - block } else { l.y0 };
    let mut s = format!("<g class=\"hand {}\">\n", c.name());
    side_mark(&mut s, x + 0.3 * u, top + 0.3 * u, 0.42 * u, c);
    label(
        &mut s,
        x + 0.58 * u,
        top + 0.32 * u,
        0.3 * u,
        p.coord,
        "start",
        side_name(c, o.labels),
    );
    if hand.is_empty() {
        label(
            &mut s,
            x + 0.3 * u,
            top + header + 0.2 * u,
            0.28 * u,
            p.coord,
            "start",
            if o.labels == Labels::Kanji {
                "なし"
            } else {
                "none"
            },
        );
    }
    let (w, h) = (
        WA_PIECE.0 * u * WA_HAND_SCALE,
        WA_PIECE.1 * u * WA_HAND_SCALE,
    );
    for (i, &(k, count)) in hand.iter().enumerate() {
        let col = i / max_rows;
        let row = i % max_rows;
        let cx = x + col as f64 * col_w + 0.45 * u;
        let cy = top + header + (row as f64 + 0.5) * row_h - 0.1 * u;
        let face = &k.row().face;
        let (text, kanji) = wa_face_text(face, o.labels);
        let look = PieceLook {
            class: format!("{} in-hand {}", c.name(), face.abbr),
            square: None,
            fill: p.piece_fill,
            edge: p.piece_edge,
            ink: p.ink,
            text,
            kanji,
            rotate,
            w,
            h,
        };
        draw_piece(&mut s, cx, cy, &look, p.shadow);
        if count > 1 {
            let _ = writeln!(
                s,
                "<text class=\"count\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\" \
dominant-baseline=\"central\">×{count}</text>",
                n(cx + 0.42 * u),
                n(cy),
                n(0.34 * u),
                p.coord
            );
        }
    }
    s.push_str("</g>\n");
    s
}
