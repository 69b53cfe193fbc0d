//! The document: colours, numbers and escapes, the layout shared by both games, the board with
//! its grid, coordinates and highlights, the caption.

use super::glyphs::Face;
use super::text::{Anchor, Ink, fit};
use super::{BoardStyle, DiagramOptions, FONT_FAMILY, Language};
use crate::geometry::RankStyle;
use crate::geometry::{Geometry, Square};
use crate::rules::Move;
use std::fmt::Write;

// ---------------------------------------------------------------------------------------------
// Colours.

pub(crate) struct Palette {
    pub(crate) board: &'static str,
    pub(crate) board_edge: &'static str,
    pub(crate) line: &'static str,
    pub(crate) coord: &'static str,
    pub(crate) piece_fill: &'static str,
    pub(crate) piece_edge: &'static str,
    pub(crate) ink: &'static str,
    pub(crate) red: &'static str,
    pub(crate) neutral_fill: &'static str,
    pub(crate) neutral_edge: &'static str,
    pub(crate) shadow: Option<&'static str>,
    pub(crate) last: &'static str,
    pub(crate) check: &'static str,
}

pub(super) const WOOD: Palette = Palette {
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

pub(super) const PLAIN: Palette = Palette {
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

pub(crate) const DARK_FILL: &str = "#232323";
pub(crate) const DARK_EDGE: &str = "#000000";
pub(crate) const DARK_INK: &str = "#f6f0df";
pub(crate) const LIGHT_FILL: &str = "#fdfcf7";
pub(crate) const LIGHT_EDGE: &str = "#3a3a3a";

pub(crate) fn palette(s: BoardStyle) -> &'static Palette {
    match s {
        BoardStyle::Wood => &WOOD,
        BoardStyle::Plain => &PLAIN,
    }
}

// ---------------------------------------------------------------------------------------------
// Text helpers.

pub(crate) fn esc(s: &str) -> String {
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
pub(crate) fn n(x: f64) -> String {
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

/// Caption font size, in user units.
const CAPTION_SIZE: f64 = 16.0;

/// Where things go, in user units.
pub(crate) struct Layout {
    pub(crate) geo: Geometry,
    /// Square size.
    pub(crate) u: f64,
    pub(crate) flip: bool,
    /// Top-left corner of the grid.
    pub(crate) x0: f64,
    pub(crate) y0: f64,
    pub(crate) width: f64,
    pub(crate) height: f64,
    /// Left and right hand columns: x of their left edge and width.
    pub(crate) left: (f64, f64),
    pub(crate) right: (f64, f64),
    /// The caption's lines: the centre of each, its text and font size.
    pub(crate) caption: Vec<(f64, String, f64)>,
}

impl Layout {
    pub(crate) fn new(
        geo: Geometry,
        u: f64,
        flip: bool,
        left_w: f64,
        right_w: f64,
        caption: Option<&str>,
    ) -> Self {
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
        // The caption, under the board: as wide as the diagram less a margin each side, on
        // as many lines as it needs.
        let mut lines = Vec::new();
        if let Some(c) = caption {
            let margin = 0.25 * u.min(48.0);
            for (text, size) in fit(c, width - 2.0 * margin, CAPTION_SIZE).lines {
                let lh = 1.3 * size;
                lines.push((height + lh / 2.0, text, size));
                height += lh;
            }
            height += 0.17 * u.min(48.0);
        }
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
            caption: lines,
        }
    }

    /// What the ids of this game's definitions end with, so that a page showing both games
    /// keeps them apart: nothing for Wa, `-g` for Gufū.
    pub(super) fn tag(&self) -> &'static str {
        if self.geo == crate::geometry::GUFU {
            "-g"
        } else {
            ""
        }
    }

    /// Display column and row of a square.
    pub(super) fn cell(&self, sq: Square) -> (f64, f64) {
        let (c, r) = self.geo.col_row(sq);
        let (mut c, mut r) = (c as i32, r as i32);
        if self.flip {
            c = self.geo.files as i32 - 1 - c;
            r = self.geo.ranks as i32 - 1 - r;
        }
        (c as f64, r as f64)
    }

    /// Top-left corner of a square.
    pub(super) fn corner(&self, sq: Square) -> (f64, f64) {
        let (c, r) = self.cell(sq);
        (self.x0 + c * self.u, self.y0 + r * self.u)
    }

    /// Centre of a square.
    pub(crate) fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + self.u / 2.0, y + self.u / 2.0)
    }
}

/// A document being written: its body, and the definitions (glyphs, pieces, highlights) the
/// body refers to, each written once at the top.
pub(crate) struct Doc {
    head: String,
    wood: bool,
    /// `<defs>` entries other than glyphs: (id, element), in the order of first use.
    defs: Vec<(String, String)>,
    pub(crate) ink: Ink,
    /// The body.
    pub(crate) s: String,
}

impl Doc {
    pub(crate) fn open<M>(l: &Layout, o: &DiagramOptions<M>, title: &str, desc: &str) -> Doc {
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
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
version=\"1.1\" viewBox=\"0 0 {} {}\"{size} font-family=\"{}\" role=\"img\">",
            n(l.width),
            n(l.height),
            esc(FONT_FAMILY)
        );
        let _ = writeln!(s, "<title>{}</title>", esc(title));
        let _ = writeln!(s, "<desc>{}</desc>", esc(desc));
        Doc {
            head: s,
            wood: o.style == BoardStyle::Wood,
            defs: Vec::new(),
            ink: Ink::new(!o.text_glyphs),
            s: background(l, o),
        }
    }

    /// A document with no head, for a page that draws several boards from one `<defs>`.
    pub(super) fn for_page<M>(o: &DiagramOptions<M>) -> Doc {
        Doc {
            head: String::new(),
            wood: o.style == BoardStyle::Wood,
            defs: Vec::new(),
            ink: Ink::new(!o.text_glyphs),
            s: String::new(),
        }
    }

    /// Takes what the body holds so far.
    pub(crate) fn take_body(&mut self) -> String {
        std::mem::take(&mut self.s)
    }

    /// The id of a definition, writing it (with `make`) the first time.
    pub(crate) fn def(&mut self, id: &str, make: impl FnOnce(&mut Ink) -> String) -> String {
        if !self.defs.iter().any(|(k, _)| k == id) {
            let element = make(&mut self.ink);
            self.defs.push((id.to_string(), element));
        }
        id.to_string()
    }

    /// Everything `<defs>` holds: gradients, glyph outlines, then the other definitions.
    pub(super) fn defs(&self) -> String {
        let mut d = String::new();
        if self.wood {
            d.push_str(WOOD_GRADIENTS);
        }
        d.push_str(&self.ink.glyphs.defs());
        for (_, e) in &self.defs {
            d.push_str(e);
            d.push('\n');
        }
        d
    }

    pub(crate) fn close<M>(mut self, l: &Layout, o: &DiagramOptions<M>) -> String {
        if !l.caption.is_empty() {
            let mut c = format!("<g class=\"caption\" fill=\"{}\">", palette(o.style).coord);
            for (y, text, size) in &l.caption {
                self.ink.line(
                    &mut c,
                    "",
                    text,
                    l.width / 2.0,
                    *y,
                    *size,
                    Face::Text,
                    Anchor::Middle,
                );
            }
            c.push_str("</g>\n");
            self.s.push_str(&c);
        }
        let mut out = self.head.clone();
        let defs = self.defs();
        if !defs.is_empty() {
            out.push_str("<defs>\n");
            out.push_str(&defs);
            out.push_str("</defs>\n");
        }
        out.push_str(&self.s);
        out.push_str("</svg>\n");
        out
    }

    /// Board, grid, coordinates and highlights.
    pub(crate) fn grid<M>(
        &mut self,
        l: &Layout,
        o: &DiagramOptions<M>,
        hoshi: &[(f64, f64)],
        lit: &[(Square, Lit)],
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
            n(if o.style == BoardStyle::Wood {
                1.5
            } else {
                1.0
            }),
            n(if o.style == BoardStyle::Wood {
                3.0
            } else {
                0.0
            })
        );
        let mut g = String::from("<g class=\"highlights\">");
        for &(sq, lit) in lit {
            let (x, y) = l.corner(sq);
            let id = self.lit_def(lit, l, o);
            let _ = write!(
                g,
                "<use class=\"{}\" data-square=\"{}\" xlink:href=\"#{id}\" x=\"{}\" y=\"{}\"/>",
                lit.class(),
                sq_name(l.geo, sq),
                n(x),
                n(y)
            );
        }
        g.push_str("</g>\n");
        self.s.push_str(&g);
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
        let mut t = format!("<g class=\"coordinates\" fill=\"{}\">", p.coord);
        for c in 0..l.geo.files {
            let file = if l.flip { c + 1 } else { l.geo.files - c };
            self.ink.line(
                &mut t,
                "",
                &file.to_string(),
                l.x0 + (c as f64 + 0.5) * u,
                l.y0 - m - 0.25 * u.min(48.0),
                fs,
                Face::Text,
                Anchor::Middle,
            );
        }
        for r in 0..l.geo.ranks {
            let rank = if l.flip { l.geo.ranks - r } else { r + 1 };
            self.ink.line(
                &mut t,
                "",
                &o.ranks.rank_text(rank),
                l.x0 + bw + m + 0.35 * u.min(48.0),
                l.y0 + (r as f64 + 0.5) * u,
                fs,
                Face::Text,
                Anchor::Middle,
            );
        }
        t.push_str("</g>\n");
        self.s.push_str(&t);
    }

    /// The definition of "none", written in an empty hand.
    pub(crate) fn none_def<M>(
        &mut self,
        l: &Layout,
        o: &DiagramOptions<M>,
        size: f64,
        anchor: Anchor,
    ) -> String {
        let fill = palette(o.style).coord;
        let text = match o.language {
            Language::Japanese => "なし",
            Language::English => "none",
        };
        let id = format!("kifu-none{}", l.tag());
        self.def(&id, |ink| {
            let mut s = format!("<g id=\"{id}\" fill=\"{fill}\">");
            ink.line(&mut s, "", text, 0.0, 0.0, size, Face::Text, anchor);
            s.push_str("</g>");
            s
        })
    }

    /// The definition of a highlight: a square of the board's size.
    pub(crate) fn lit_def<M>(&mut self, lit: Lit, l: &Layout, o: &DiagramOptions<M>) -> String {
        let p = palette(o.style);
        let (fill, opacity) = match lit {
            Lit::LastMove => (p.last, "0.5"),
            Lit::Check => (p.check, "0.6"),
        };
        let u = l.u;
        let id = format!("kifu-{}{}", lit.class(), l.tag());
        self.def(&id, |_| {
            format!(
                "<rect id=\"{id}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" fill-opacity=\"{opacity}\"/>",
                n(u),
                n(u)
            )
        })
    }
}

/// The background rectangle, the size of the whole diagram.
pub(crate) fn background<M>(l: &Layout, o: &DiagramOptions<M>) -> String {
    format!(
        "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
        n(l.width),
        n(l.height),
        if o.style == BoardStyle::Wood {
            "#faf6ee"
        } else {
            "#ffffff"
        }
    )
}

const WOOD_GRADIENTS: &str = "<linearGradient id=\"kifu-wood\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">\
<stop offset=\"0\" stop-color=\"#f1cf86\"/><stop offset=\"0.55\" stop-color=\"#e6bb69\"/>\
<stop offset=\"1\" stop-color=\"#d9a953\"/></linearGradient>\n\
<linearGradient id=\"kifu-boxwood\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">\
<stop offset=\"0\" stop-color=\"#fcedc4\"/><stop offset=\"1\" stop-color=\"#efd394\"/>\
</linearGradient>\n";

/// A square's name for `data-square`: file number and rank letter (`11a`).
pub(crate) fn sq_name(geo: Geometry, sq: Square) -> String {
    format!(
        "{}{}",
        geo.file(sq),
        RankStyle::Letter.rank_text(geo.rank(sq))
    )
}

/// Why a square is highlighted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lit {
    LastMove,
    Check,
}

impl Lit {
    pub(super) fn class(self) -> &'static str {
        match self {
            Lit::LastMove => "lastmove",
            Lit::Check => "check",
        }
    }
}

/// The squares a move lights: from and to; a drop or a Gufū turn only its square.
pub(crate) fn move_squares<M: Move>(m: &M) -> Vec<Square> {
    m.from().into_iter().chain([m.to()]).collect()
}

/// Squares to highlight: the last move's, then the check.
pub(crate) fn highlights<M: Move>(o: &DiagramOptions<M>) -> Vec<(Square, Lit)> {
    let mut v: Vec<(Square, Lit)> = o
        .last_move
        .iter()
        .flat_map(move_squares)
        .map(|s| (s, Lit::LastMove))
        .collect();
    if let Some(c) = o.check {
        v.push((c, Lit::Check));
    }
    v
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
