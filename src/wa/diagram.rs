//! Wa shogi diagrams ([`crate::svg::wa`], the [`Diagram`] of a position or a game): its
//! pieces, hands and layout, drawn with the diagram's document, glyphs and piece shapes from
//! [`crate::svg`]; the replay page's Wa boards (`super::page`) are drawn by the same code.

use crate::geometry::{Color, WA};
use crate::rules::Move;
use crate::rules::Position as _;
use crate::svg::document::{Doc, Layout, highlights, n, palette, sq_name};
use crate::svg::glyphs::Face;
use crate::svg::pieces::{PieceLook, place, side_mark};
use crate::svg::text::Anchor;
use crate::svg::{Diagram, DiagramOptions, Labels, Language};
use crate::wa::{self, Kind};
use std::fmt::Write;

const WA_U: f64 = 48.0;
const WA_PIECE: (f64, f64) = (0.8, 0.92);
const WA_HAND_SCALE: f64 = 0.78;

fn side_name(c: Color, language: Language) -> &'static str {
    match (c, language) {
        (Color::Black, Language::Japanese) => "先手",
        (Color::White, Language::Japanese) => "後手",
        (Color::Black, Language::English) => "Black",
        (Color::White, Language::English) => "White",
    }
}

/// The rows of a Wa hand: kinds with their counts, in table order.
pub(super) fn wa_hand(pos: &wa::Position, c: Color) -> Vec<(Kind, u8)> {
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

/// A hand's rows: the height of one, of the header above them, and how many fit beside the
/// board.
const ROW_H: f64 = 0.95 * WA_U * WA_HAND_SCALE + 0.12 * WA_U;
const HEADER: f64 = 0.9 * WA_U;

fn max_rows() -> usize {
    (((WA.ranks as f64 * WA_U) - HEADER) / ROW_H)
        .floor()
        .max(1.0) as usize
}

/// Where everything of a Wa diagram goes.
pub(super) struct Geom {
    pub(super) l: Layout,
    /// The viewer's side, whose hand is at the bottom right.
    near: Color,
    row_h: f64,
    header: f64,
    pub(super) max_rows: usize,
    col_w: f64,
}

impl Geom {
    /// The layout for hands of `cols` columns (Black's, White's).
    pub(super) fn new<M>(o: &DiagramOptions<M>, drops: bool, cols: [usize; 2]) -> Geom {
        let u = WA_U;
        let col_w = 1.65 * u;
        let near = if o.flip { Color::White } else { Color::Black };
        // No hands in the game without drops: no room for them either.
        let (left_w, right_w) = if drops {
            (
                cols[near.opponent().index()].max(1) as f64 * col_w,
                cols[near.index()].max(1) as f64 * col_w,
            )
        } else {
            (0.0, 0.25 * u)
        };
        Geom {
            l: Layout::new(WA, u, o.flip, left_w, right_w, o.caption.as_deref()),
            near,
            row_h: ROW_H,
            header: HEADER,
            max_rows: max_rows(),
            col_w,
        }
    }

    /// The columns a hand of `kinds` kinds needs.
    pub(super) fn cols(kinds: usize) -> usize {
        kinds.div_ceil(max_rows()).max(1)
    }

    /// How a side's pieces are turned: the far side's upside down.
    pub(super) fn rotation(&self, c: Color) -> u32 {
        if c == self.near { 0 } else { 180 }
    }

    /// The top of a side's hand holding `kinds` kinds: the far side's hangs from the top of
    /// the board, the near side's stands on its bottom.
    pub(super) fn hand_top(&self, c: Color, kinds: usize) -> f64 {
        let rows = kinds.min(self.max_rows).max(1);
        let block = self.header + rows as f64 * self.row_h;
        if c == self.near {
            self.l.y0 + WA.ranks as f64 * self.l.u - block
        } else {
            self.l.y0
        }
    }

    fn hand_x(&self, c: Color) -> f64 {
        if c == self.near {
            self.l.right.0
        } else {
            self.l.left.0
        }
    }

    /// The centre of the `i`th kind of a side's hand, from the hand's top.
    pub(super) fn slot(&self, c: Color, i: usize) -> (f64, f64) {
        let u = self.l.u;
        let (col, row) = (i / self.max_rows, i % self.max_rows);
        (
            self.hand_x(c) + col as f64 * self.col_w + 0.45 * u,
            self.header + (row as f64 + 0.5) * self.row_h - 0.1 * u,
        )
    }

    /// Where a count stands from its piece's centre.
    pub(super) fn count_offset(&self) -> f64 {
        0.42 * self.l.u
    }

    /// Where "none" is written in an empty hand, from the hand's top.
    pub(super) fn none_at(&self, c: Color) -> (f64, f64) {
        (
            self.hand_x(c) + 0.3 * self.l.u,
            self.header + 0.2 * self.l.u,
        )
    }
}

/// The position-string token of a piece: `P`, `+p`.
pub(super) fn token(pc: wa::Piece) -> String {
    let l = pc.kind.row().letter;
    let l = match pc.color {
        Color::Black => l,
        Color::White => l.to_ascii_lowercase(),
    };
    if pc.promoted {
        format!("+{l}")
    } else {
        l.to_string()
    }
}

/// The id of a look: `kifu-P-0`, `kifu-xp-180` (`x` for `+`), `kifu-hP-0` in hand.
pub(super) fn look_id(token: &str, rotate: u32, in_hand: bool) -> String {
    format!(
        "kifu-{}{}-{rotate}",
        if in_hand { "h" } else { "" },
        token.replace('+', "x")
    )
}

/// How a piece looks, on the board or in hand.
pub(super) fn look<M>(
    o: &DiagramOptions<M>,
    g: &Geom,
    pc: wa::Piece,
    in_hand: bool,
) -> PieceLook<'static> {
    let p = palette(o.style);
    let face = pc.face();
    let (text, lf) = match o.labels {
        Labels::Kanji => (
            face.kanji.first().copied().unwrap_or(face.abbr),
            Face::Piece,
        ),
        Labels::English => (face.abbr, Face::Label),
    };
    let scale = if in_hand { WA_HAND_SCALE } else { 1.0 };
    let rotate = g.rotation(pc.color);
    PieceLook {
        id: look_id(&token(pc), rotate, in_hand),
        fill: p.piece_fill,
        edge: p.piece_edge,
        ink: if pc.promoted { p.red } else { p.ink },
        text,
        face: lf,
        rotate,
        w: WA_PIECE.0 * g.l.u * scale,
        h: WA_PIECE.1 * g.l.u * scale,
        shadow: p.shadow,
    }
}

/// Where a piece on a square is placed (its centre, a hair low).
pub(super) fn square_at(g: &Geom, sq: crate::geometry::Square) -> (f64, f64) {
    let (cx, cy) = g.l.centre(sq);
    (cx, cy + 0.01 * g.l.u)
}

/// The definition of a count (`×2`), drawn from its left end, centred on the origin.
pub(super) fn count_id<M>(doc: &mut Doc, o: &DiagramOptions<M>, g: &Geom, count: u8) -> String {
    let (fill, size) = (palette(o.style).coord, 0.34 * g.l.u);
    doc.def(&format!("kifu-n{count}"), |ink| {
        let mut s = format!("<g id=\"kifu-n{count}\" fill=\"{fill}\">");
        let text = format!("×{count}");
        ink.line(&mut s, "", &text, 0.0, 0.0, size, Face::Text, Anchor::Start);
        s.push_str("</g>");
        s
    })
}

/// The frame: board, grid, coordinates, highlights.
pub(super) fn frame<M: Move>(doc: &mut Doc, g: &Geom, o: &DiagramOptions<M>) {
    // Promotion zones: dots where the third and eighth lines cross.
    let hoshi = [(3.0, 3.0), (8.0, 3.0), (3.0, 8.0), (8.0, 8.0)];
    doc.grid(&g.l, o, &hoshi, &highlights(o));
}

/// The pieces on the board.
pub(super) fn pieces<M>(
    doc: &mut Doc,
    g: &Geom,
    o: &DiagramOptions<M>,
    pos: &wa::Position,
) -> String {
    let mut s = String::from("<g class=\"pieces\">\n");
    for sq in WA.squares() {
        let Some(pc) = pos.piece_at(sq) else { continue };
        let (cx, cy) = square_at(g, sq);
        let class = format!(
            "{}{} {}",
            pc.color.name(),
            if pc.promoted { " promoted" } else { "" },
            pc.face().abbr.trim_start_matches('+')
        );
        place(
            doc,
            &mut s,
            &look(o, g, pc, false),
            cx,
            cy,
            &class,
            Some(&sq_name(WA, sq)),
        );
    }
    s.push_str("</g>\n");
    s
}

/// One side's hand: a header (side mark and name), then each kind once with its count, in a
/// group moved to the hand's top.
pub(super) fn hand<M>(
    doc: &mut Doc,
    g: &Geom,
    o: &DiagramOptions<M>,
    c: Color,
    hand: &[(Kind, u8)],
) -> String {
    let p = palette(o.style);
    let u = g.l.u;
    let x = g.hand_x(c);
    let mut s = format!(
        "<g class=\"hand {}\" transform=\"translate(0,{})\">\n",
        c.name(),
        n(g.hand_top(c, hand.len()))
    );
    side_mark(&mut s, x + 0.3 * u, 0.3 * u, 0.42 * u, c);
    doc.ink.line(
        &mut s,
        &format!(" class=\"side-name\" fill=\"{}\"", p.coord),
        side_name(c, o.language),
        x + 0.58 * u,
        0.32 * u,
        0.3 * u,
        Face::Text,
        Anchor::Start,
    );
    s.push_str("\n<g class=\"hand-pieces\">\n");
    if hand.is_empty() {
        let id = doc.none_def(&g.l, o, 0.28 * u, Anchor::Start);
        let (nx, ny) = g.none_at(c);
        let _ = writeln!(
            s,
            "<use class=\"none\" xlink:href=\"#{id}\" x=\"{}\" y=\"{}\"/>",
            n(nx),
            n(ny)
        );
    }
    for (i, &(k, count)) in hand.iter().enumerate() {
        let (cx, cy) = g.slot(c, i);
        let pc = wa::Piece {
            color: c,
            kind: k,
            promoted: false,
        };
        let class = format!("{} in-hand {}", c.name(), k.row().face.abbr);
        place(doc, &mut s, &look(o, g, pc, true), cx, cy, &class, None);
        if count > 1 {
            let id = count_id(doc, o, g, count);
            let _ = writeln!(
                s,
                "<use class=\"count\" xlink:href=\"#{id}\" x=\"{}\" y=\"{}\"/>",
                n(cx + g.count_offset()),
                n(cy)
            );
        }
    }
    s.push_str("</g>\n</g>\n");
    s
}

/// The text description of a position for `<desc>`.
fn describe(pos: &wa::Position) -> (String, &'static str) {
    let fen = wa::fen::write(pos);
    let variant = if pos.variant().drops() {
        "Wa shogi"
    } else {
        "Wa shogi (no drops)"
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
            wa_hand_text(&wa_hand(pos, Color::Black)),
            wa_hand_text(&wa_hand(pos, Color::White))
        );
    }
    (desc, variant)
}

/// A diagram of a Wa position.
pub fn wa(pos: &wa::Position, o: &DiagramOptions<wa::Move>) -> String {
    let hands = [wa_hand(pos, Color::Black), wa_hand(pos, Color::White)];
    let drops = pos.variant().drops();
    let g = Geom::new(
        o,
        drops,
        [Geom::cols(hands[0].len()), Geom::cols(hands[1].len())],
    );
    let (desc, variant) = describe(pos);
    let title = o
        .caption
        .clone()
        .unwrap_or_else(|| format!("{variant} diagram"));
    let mut d = Doc::open(&g.l, o, &title, &desc);
    frame(&mut d, &g, o);
    let s = pieces(&mut d, &g, o, pos);
    d.s.push_str(&s);
    if drops {
        for c in [Color::Black, Color::White] {
            let s = hand(&mut d, &g, o, c, &hands[c.index()]);
            d.s.push_str(&s);
        }
    }
    d.close(&g.l, o)
}

impl Diagram for wa::Position {
    fn diagram(&self, o: &DiagramOptions<wa::Move>) -> String {
        wa(self, o)
    }
}

impl Diagram for wa::Game {
    fn diagram(&self, o: &DiagramOptions<wa::Move>) -> String {
        wa(self.position(), o)
    }
}
