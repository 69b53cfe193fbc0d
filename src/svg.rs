//! SVG diagrams of positions, in the manner of python-chess's `chess.svg`.
//!
//! ```
//! use kifu::rules::Position;
//! use kifu::svg::{self, Options};
//! use kifu::{Variant, wa};
//! let pos = wa::Position::start(Variant::Wa);
//! let doc = svg::board(&pos, &Options::default());
//! assert!(doc.starts_with("<svg"));
//! ```
//!
//! What is drawn:
//!
//! - a board that looks like shogi: a wooden ([`Style::Wood`], default) or plain grid, with
//!   coordinates as Japanese diagrams have them (file numbers along the top, ranks `一`… or
//!   `a`… down the right-hand side);
//! - pieces as the pointed five-sided shogi shape with their kanji (Wa: two characters stacked
//!   vertically; promoted faces in red), or their abbreviations ([`Labels::English`]). Wa:
//!   White's pieces are turned 180°. Gufū: each piece points in its facing; Black's King is a
//!   dark piece with light kanji, White's King a light piece with dark kanji, Kaze and Arashi
//!   are a neutral grey;
//! - the pieces in hand: Wa: White's hand at the top left, Black's at the bottom right (the
//!   other way round when flipped), each kind once with its count; Gufū: the common hand to
//!   the right of the board;
//! - the last move's squares (a drop or a Gufū turn: only its square), the checked King's
//!   square, and an optional caption.
//!
//! The document is self-contained (no external files or fonts: kanji use a font-family list
//! of common Japanese serif fonts), scalable (`viewBox`), and carries a `<title>` and a text
//! `<desc>` of the position (position string, side to move, hands). Each piece is a `<g>` with
//! `class="piece …"`, `data-square` (e.g. `11a`) and a `transform` that places and turns it.

use crate::geometry::{Color, GUFU, Geometry, Square, WA};
use crate::gufu::{self, Facing, PieceId};
use crate::notation::RankStyle;
use crate::rules::{Move, Position};
use crate::wa::{self, Kind};
use std::fmt::Write;

/// The look of board and pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// A wooden board and boxwood pieces.
    #[default]
    Wood,
    /// Black lines on white, for printing.
    Plain,
}

/// What is written on the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Labels {
    /// Kanji, as on real pieces.
    #[default]
    Kanji,
    /// The abbreviations of the notation (`SP`, `+SP`; Gufū `K`, `W`, `S`).
    English,
}

/// Options of a diagram of a position whose moves are `M`. `Default` gives an unflipped
/// wooden board with kanji and kanji ranks, no highlights, no caption, at its natural size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options<M> {
    /// View the board from White's side (rank `a` / `一` at the bottom, file 1 on the left).
    pub flip: bool,
    pub style: Style,
    pub labels: Labels,
    /// Rank coordinates: `一`… (default) or `a`….
    pub ranks: RankStyle,
    /// Highlight this move's squares (from and to; a drop or Gufū turn: its square).
    pub last_move: Option<M>,
    /// Highlight this square as a King in check (see [`check_square`]).
    pub check: Option<Square>,
    /// A line of text under the board.
    pub caption: Option<String>,
    /// Width in pixels (the height follows); None: the natural size.
    pub size: Option<u32>,
}

impl<M> Default for Options<M> {
    fn default() -> Self {
        Options {
            flip: false,
            style: Style::Wood,
            labels: Labels::Kanji,
            ranks: RankStyle::Kanji,
            last_move: None,
            check: None,
            caption: None,
            size: None,
        }
    }
}

/// The font-family list for text (no font files are referenced).
pub const FONT_FAMILY: &str = "'Noto Serif CJK JP', 'Noto Serif JP', 'Hiragino Mincho ProN', \
'Yu Mincho', 'YuMincho', 'IPAexMincho', 'Source Han Serif', serif";
const LATIN_FAMILY: &str = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";

/// A position that can be drawn.
pub trait Diagram: Position {
    /// The diagram of this position.
    fn diagram(&self, o: &Options<Self::Move>) -> String;
}

impl Diagram for wa::Position {
    fn diagram(&self, o: &Options<wa::Move>) -> String {
        wa(self, o)
    }
}

impl Diagram for wa::Game {
    fn diagram(&self, o: &Options<wa::Move>) -> String {
        wa(self.position(), o)
    }
}

impl Diagram for gufu::Position {
    fn diagram(&self, o: &Options<gufu::Move>) -> String {
        gufu(self, o)
    }
}

/// A diagram of a position of either game.
pub fn board<D: Diagram>(pos: &D, opts: &Options<D::Move>) -> String {
    pos.diagram(opts)
}

/// The square of the side to move's King when it is in check (for [`Options::check`]).
pub fn check_square<P: Position>(pos: &P) -> Option<Square> {
    pos.checked_king()
}

// ---------------------------------------------------------------------------------------------
// Colours.

struct Palette {
    board: &'static str,
    board_edge: &'static str,
    line: &'static str,
    coord: &'static str,
    piece_fill: &'static str,
    piece_edge: &'static str,
    ink: &'static str,
    red: &'static str,
    neutral_fill: &'static str,
    neutral_edge: &'static str,
    shadow: Option<&'static str>,
    last: &'static str,
    check: &'static str,
}

const WOOD: Palette = Palette {
    board: "url(#kifu-wood)",
    board_edge: "#7a5523",
    line: "#3d2a12",
    coord: "#3a3026",
    piece_fill: "url(#kifu-boxwood)",
    piece_edge: "#6b4f27",
    ink: "#141414",
    red: "#c8102e",
    neutral_fill: "#b4c0c7",
    neutral_edge: "#3f4e57",
    shadow: Some("#000000"),
    last: "#ffd23f",
    check: "#e8322e",
};

const PLAIN: Palette = Palette {
    board: "#ffffff",
    board_edge: "#000000",
    line: "#000000",
    coord: "#000000",
    piece_fill: "#ffffff",
    piece_edge: "#000000",
    ink: "#000000",
    red: "#d0021b",
    neutral_fill: "#d4d4d4",
    neutral_edge: "#000000",
    shadow: None,
    last: "#ffd84d",
    check: "#ff4d4d",
};

const DARK_FILL: &str = "#232323";
const DARK_EDGE: &str = "#000000";
const DARK_INK: &str = "#f6f0df";
const LIGHT_FILL: &str = "#fdfcf7";
const LIGHT_EDGE: &str = "#3a3a3a";

fn palette(s: Style) -> &'static Palette {
    match s {
        Style::Wood => &WOOD,
        Style::Plain => &PLAIN,
    }
}

// ---------------------------------------------------------------------------------------------
// Text helpers.

fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            // Characters XML 1.0 does not allow.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => o.push(' '),
            '\u{FFFE}' | '\u{FFFF}' => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

/// A number with at most two decimals, without trailing zeros.
fn n(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Layout shared by both games.

/// Where things go, in user units.
struct Layout {
    geo: Geometry,
    /// Square size.
    u: f64,
    flip: bool,
    /// Top-left corner of the grid.
    x0: f64,
    y0: f64,
    width: f64,
    height: f64,
    /// Left and right hand columns: x of their left edge and width.
    left: (f64, f64),
    right: (f64, f64),
    caption_y: Option<f64>,
}

impl Layout {
    fn new(geo: Geometry, u: f64, flip: bool, left_w: f64, right_w: f64, caption: bool) -> Self {
        let pad = 0.25 * u;
        let top = 0.55 * u; // file numbers
        let coord_w = if geo.ranks >= 10 { 1.0 * u } else { 0.6 * u }; // rank labels
        let gap = if left_w > 0.0 { 0.25 * u } else { 0.0 };
        let x0 = pad + left_w + gap + 0.12 * u;
        let y0 = pad + top;
        let bw = geo.files as f64 * u;
        let bh = geo.ranks as f64 * u;
        let right_x = x0 + bw + coord_w;
        let width = right_x + right_w + pad;
        let mut height = y0 + bh + 0.12 * u + pad;
        let caption_y = caption.then(|| {
            let y = height + 0.2 * u;
            height += 0.6 * u;
            y
        });
        Layout {
            geo,
            u,
            flip,
            x0,
            y0,
            width,
            height,
            left: (pad, left_w),
            right: (right_x, right_w),
            caption_y,
        }
    }

    /// Display column and row of a square.
    fn cell(&self, sq: Square) -> (f64, f64) {
        let (c, r) = self.geo.col_row(sq);
        let (mut c, mut r) = (c as i32, r as i32);
        if self.flip {
            c = self.geo.files as i32 - 1 - c;
            r = self.geo.ranks as i32 - 1 - r;
        }
        (c as f64, r as f64)
    }

    /// Top-left corner of a square.
    fn corner(&self, sq: Square) -> (f64, f64) {
        let (c, r) = self.cell(sq);
        (self.x0 + c * self.u, self.y0 + r * self.u)
    }

    /// Centre of a square.
    fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + self.u / 2.0, y + self.u / 2.0)
    }
}

struct Doc {
    s: String,
}

impl Doc {
    fn open<M>(l: &Layout, o: &Options<M>, title: &str, desc: &str) -> Doc {
        let mut s = String::new();
        let size = match o.size {
            Some(w) => {
                let h = (w as f64 * l.height / l.width).round();
                format!(" width=\"{w}\" height=\"{}\"", n(h))
            }
            None => format!(" width=\"{}\" height=\"{}\"", n(l.width), n(l.height)),
        };
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 {} {}\"{size} \
font-family=\"{}\" role=\"img\">",
            n(l.width),
            n(l.height),
            esc(FONT_FAMILY)
        );
        let _ = writeln!(s, "<title>{}</title>", esc(title));
        let _ = writeln!(s, "<desc>{}</desc>", esc(desc));
        if o.style == Style::Wood {
            s.push_str(
                "<defs>\n\
<linearGradient id=\"kifu-wood\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">\
<stop offset=\"0\" stop-color=\"#f1cf86\"/><stop offset=\"0.55\" stop-color=\"#e6bb69\"/>\
<stop offset=\"1\" stop-color=\"#d9a953\"/></linearGradient>\n\
<linearGradient id=\"kifu-boxwood\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">\
<stop offset=\"0\" stop-color=\"#fcedc4\"/><stop offset=\"1\" stop-color=\"#efd394\"/>\
</linearGradient>\n</defs>\n",
            );
        }
        let _ = writeln!(
            s,
            "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            n(l.width),
            n(l.height),
            if o.style == Style::Wood {
                "#faf6ee"
            } else {
                "#ffffff"
            }
        );
        Doc { s }
    }

    fn close<M>(mut self, l: &Layout, o: &Options<M>) -> String {
        if let (Some(y), Some(c)) = (l.caption_y, &o.caption) {
            let _ = writeln!(
                self.s,
                "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
dominant-baseline=\"central\" fill=\"{}\">{}</text>",
                n(l.width / 2.0),
                n(y),
                n(16.0),
                palette(o.style).coord,
                esc(c)
            );
        }
        self.s.push_str("</svg>\n");
        self.s
    }

    /// Board, grid, coordinates and highlights.
    fn grid<M>(
        &mut self,
        l: &Layout,
        o: &Options<M>,
        hoshi: &[(f64, f64)],
        lit: &[(Square, &str)],
    ) {
        let p = palette(o.style);
        let u = l.u;
        let (bw, bh) = (l.geo.files as f64 * u, l.geo.ranks as f64 * u);
        let m = 0.12 * u;
        let _ = writeln!(
            self.s,
            "<rect class=\"board\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" \
stroke=\"{}\" stroke-width=\"{}\" rx=\"{}\"/>",
            n(l.x0 - m),
            n(l.y0 - m),
            n(bw + 2.0 * m),
            n(bh + 2.0 * m),
            p.board,
            p.board_edge,
            n(if o.style == Style::Wood { 1.5 } else { 1.0 }),
            n(if o.style == Style::Wood { 3.0 } else { 0.0 })
        );
        for (sq, class) in lit {
            let (x, y) = l.corner(*sq);
            let fill = if *class == "check" { p.check } else { p.last };
            let _ = writeln!(
                self.s,
                "<rect class=\"{class}\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" \
height=\"{}\" fill=\"{fill}\" fill-opacity=\"{}\"/>",
                sq_name(l.geo, *sq),
                n(x),
                n(y),
                n(u),
                n(u),
                if *class == "check" { "0.6" } else { "0.5" }
            );
        }
        let lw = (u / 48.0).max(0.8);
        let mut d = String::new();
        for i in 1..l.geo.files {
            let x = l.x0 + i as f64 * u;
            let _ = write!(d, "M{} {}V{}", n(x), n(l.y0), n(l.y0 + bh));
        }
        for i in 1..l.geo.ranks {
            let y = l.y0 + i as f64 * u;
            let _ = write!(d, "M{} {}H{}", n(l.x0), n(y), n(l.x0 + bw));
        }
        let _ = writeln!(
            self.s,
            "<path class=\"grid\" d=\"{d}\" stroke=\"{}\" stroke-width=\"{}\" fill=\"none\"/>",
            p.line,
            n(lw)
        );
        let _ = writeln!(
            self.s,
            "<rect class=\"grid-edge\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
stroke=\"{}\" stroke-width=\"{}\"/>",
            n(l.x0),
            n(l.y0),
            n(bw),
            n(bh),
            p.line,
            n(lw * 2.0)
        );
        for &(cx, cy) in hoshi {
            let _ = writeln!(
                self.s,
                "<circle class=\"hoshi\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>",
                n(l.x0 + cx * u),
                n(l.y0 + cy * u),
                n(u * 0.06),
                p.line
            );
        }
        // Coordinates: file numbers along the top, ranks down the right-hand side.
        let fs = (0.3 * u).min(15.0);
        let mut t = String::new();
        for c in 0..l.geo.files {
            let file = if l.flip { c + 1 } else { l.geo.files - c };
            let _ = write!(
                t,
                "<text x=\"{}\" y=\"{}\" dominant-baseline=\"central\">{file}</text>",
                n(l.x0 + (c as f64 + 0.5) * u),
                n(l.y0 - m - 0.25 * u.min(48.0)),
            );
        }
        for r in 0..l.geo.ranks {
            let rank = if l.flip { l.geo.ranks - r } else { r + 1 };
            let _ = write!(
                t,
                "<text x=\"{}\" y=\"{}\" dominant-baseline=\"central\">{}</text>",
                n(l.x0 + bw + m + 0.35 * u.min(48.0)),
                n(l.y0 + (r as f64 + 0.5) * u),
                esc(&o.ranks.rank_text(rank))
            );
        }
        let _ = writeln!(
            self.s,
            "<g class=\"coordinates\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\">{t}</g>",
            n(fs),
            p.coord
        );
    }
}

/// A square's name for `data-square`: file number and rank letter (`11a`).
fn sq_name(geo: Geometry, sq: Square) -> String {
    format!(
        "{}{}",
        geo.file(sq),
        RankStyle::Letter.rank_text(geo.rank(sq))
    )
}

/// Squares to highlight: the last move's, then the check.
fn highlights<M: Move>(o: &Options<M>) -> Vec<(Square, &'static str)> {
    let mut v = Vec::new();
    if let Some(m) = o.last_move {
        if let Some(f) = m.from() {
            v.push((f, "lastmove"));
        }
        v.push((m.to(), "lastmove"));
    }
    if let Some(c) = o.check {
        v.push((c, "check"));
    }
    v
}

// ---------------------------------------------------------------------------------------------
// Pieces.

/// How one piece is drawn.
struct PieceLook<'a> {
    /// Extra classes, e.g. `black promoted`.
    class: String,
    square: Option<String>,
    fill: &'a str,
    edge: &'a str,
    ink: &'a str,
    /// Kanji (stacked vertically) or an abbreviation (one horizontal line).
    text: &'a str,
    kanji: bool,
    /// Degrees clockwise: 0 points up.
    rotate: u32,
    /// Width and height.
    w: f64,
    h: f64,
}

/// The five-sided outline, pointing up, centred on the origin.
fn outline(w: f64, h: f64) -> String {
    let pts = [
        (0.0, -0.5 * h),
        (0.37 * w, -0.31 * h),
        (0.5 * w, 0.5 * h),
        (-0.5 * w, 0.5 * h),
        (-0.37 * w, -0.31 * h),
    ];
    pts.iter()
        .map(|&(x, y)| format!("{},{}", n(x), n(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn draw_piece(s: &mut String, cx: f64, cy: f64, look: &PieceLook, shadow: Option<&str>) {
    let (w, h) = (look.w, look.h);
    let pts = outline(w, h);
    let rot = if look.rotate == 0 {
        String::new()
    } else {
        format!(" rotate({})", look.rotate)
    };
    if let Some(sh) = shadow {
        let _ = writeln!(
            s,
            "<polygon class=\"shadow\" points=\"{pts}\" transform=\"translate({},{}){rot}\" \
fill=\"{sh}\" fill-opacity=\"0.22\"/>",
            n(cx + 0.035 * w),
            n(cy + 0.045 * h)
        );
    }
    let data = look
        .square
        .as_ref()
        .map(|q| format!(" data-square=\"{q}\""))
        .unwrap_or_default();
    let _ = write!(
        s,
        "<g class=\"piece {}\"{data} transform=\"translate({},{}){rot}\">\
<polygon points=\"{pts}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
        look.class,
        n(cx),
        n(cy),
        look.fill,
        look.edge,
        n((w / 40.0).max(0.7))
    );
    let chars: Vec<char> = look.text.chars().collect();
    if look.kanji && chars.len() >= 2 {
        // Two characters, one above the other, in the body below the shoulders.
        let fs = (0.5 * w).min(0.37 * h);
        let mid = 0.1 * h;
        let _ = write!(
            s,
            "<text font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">\
<tspan x=\"0\" y=\"{}\">{}</tspan><tspan x=\"0\" y=\"{}\">{}</tspan></text>",
            n(fs),
            look.ink,
            n(mid - 0.5 * fs),
            esc(&chars[0].to_string()),
            n(mid + 0.5 * fs),
            esc(&chars[1..].iter().collect::<String>())
        );
    } else if look.kanji {
        let fs = (0.6 * w).min(0.5 * h);
        let _ = write!(
            s,
            "<text x=\"0\" y=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\" \
dominant-baseline=\"central\">{}</text>",
            n(0.1 * h),
            n(fs),
            look.ink,
            esc(look.text)
        );
    } else {
        let fs = if chars.len() >= 3 { 0.3 * w } else { 0.36 * w };
        let _ = write!(
            s,
            "<text x=\"0\" y=\"{}\" font-size=\"{}\" font-family=\"{}\" font-weight=\"bold\" \
fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            n(0.1 * h),
            n(fs),
            esc(LATIN_FAMILY),
            look.ink,
            esc(look.text)
        );
    }
    s.push_str("</g>\n");
}

/// A small text, left-aligned, vertically centred on `y`.
fn label(s: &mut String, x: f64, y: f64, fs: f64, fill: &str, anchor: &str, text: &str) {
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{fill}\" text-anchor=\"{anchor}\" \
dominant-baseline=\"central\">{}</text>",
        n(x),
        n(y),
        n(fs),
        esc(text)
    );
}

/// The side marker: a small piece shape, dark for Black, light for White.
fn side_mark(s: &mut String, x: f64, y: f64, size: f64, color: Color) {
    let (fill, edge) = match color {
        Color::Black => (DARK_FILL, DARK_EDGE),
        Color::White => (LIGHT_FILL, LIGHT_EDGE),
    };
    let _ = writeln!(
        s,
        "<polygon class=\"side-mark {}\" points=\"{}\" transform=\"translate({},{})\" \
fill=\"{fill}\" stroke=\"{edge}\" stroke-width=\"1\"/>",
        color.name(),
        outline(size * 0.8, size),
        n(x),
        n(y)
    );
}

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
pub fn wa(pos: &wa::Position, o: &Options<wa::Move>) -> String {
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
    o: &Options<wa::Move>,
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

// ---------------------------------------------------------------------------------------------
// Gufū shōgi.

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
pub fn gufu(pos: &gufu::Position, o: &Options<gufu::Move>) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(n(1.0), "1");
        assert_eq!(n(1.256), "1.26");
        assert_eq!(n(-0.001), "0");
        assert_eq!(n(24.5), "24.5");
    }

    #[test]
    fn escapes() {
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        // Characters XML 1.0 forbids never reach the output.
        assert_eq!(esc("a\u{1}b\u{FFFE}c\u{FFFF}"), "a b c ");
    }
}
