//! Piece shapes: the five-sided outline and what is written on it, defined once per look in
//! `<defs>` and placed with `<use>`.

use super::document::{DARK_EDGE, DARK_FILL, Doc, LIGHT_EDGE, LIGHT_FILL, n};
use super::glyphs::Face;
use super::text::{Anchor, Ink};
use crate::geometry::Color;
use std::fmt::Write;

/// How one piece looks.
pub(crate) struct PieceLook<'a> {
    /// The id of its definition (`kifu-P-0`): one per look in a document.
    pub(crate) id: String,
    pub(crate) fill: &'a str,
    pub(crate) edge: &'a str,
    pub(crate) ink: &'a str,
    /// Kanji (stacked vertically, [`Face::Piece`]) or an abbreviation (one horizontal line,
    /// [`Face::Label`]).
    pub(crate) text: &'a str,
    pub(crate) face: Face,
    /// Degrees clockwise: 0 points up.
    pub(crate) rotate: u32,
    /// Width and height.
    pub(crate) w: f64,
    pub(crate) h: f64,
    /// The shadow's colour (wooden style).
    pub(crate) shadow: Option<&'a str>,
}

/// The five-sided outline, pointing up, centred on the origin.
pub(super) fn outline(w: f64, h: f64) -> String {
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

/// Places a piece centred on (`cx`, `cy`), defining its look first if needed. `class` is
/// added to `piece` (e.g. `black promoted SP`), `square` is its `data-square`.
pub(crate) fn place(
    doc: &mut Doc,
    out: &mut String,
    look: &PieceLook,
    cx: f64,
    cy: f64,
    class: &str,
    square: Option<&str>,
) {
    let id = define(doc, look);
    let data = square
        .map(|q| format!(" data-square=\"{q}\""))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "<use class=\"piece {class}\"{data} xlink:href=\"#{id}\" x=\"{}\" y=\"{}\"/>",
        n(cx),
        n(cy)
    );
}

/// Defines a look (once) and returns its id. Three layers, each defined once: the shape (per
/// size), the blank piece (shadow and outline, per size, direction and colours), the look (the
/// blank and its label).
fn define(doc: &mut Doc, look: &PieceLook) -> String {
    let (w, h) = (look.w, look.h);
    let size = (w * 100.0).round() as i64;
    let shape_id = format!("kifu-shape-{size}");
    let shape = doc.def(&shape_id, |_| {
        format!("<polygon id=\"{shape_id}\" points=\"{}\"/>", outline(w, h))
    });
    let rot = match look.rotate {
        0 => String::new(),
        r => format!("rotate({r})"),
    };
    // Colours in ids: `#f6f0df` as `f6f0df`, `url(#kifu-boxwood)` as `boxwood`.
    let code = |c: &str| {
        c.trim_start_matches("url(#kifu-")
            .trim_start_matches('#')
            .trim_end_matches(')')
            .to_string()
    };
    let blank_id = format!(
        "kifu-b{size}-{}-{}{}",
        look.rotate,
        code(look.fill),
        if look.shadow.is_some() { "" } else { "-flat" }
    );
    let blank = doc.def(&blank_id, |_| {
        let mut s = format!("<g id=\"{blank_id}\">");
        if let Some(sh) = look.shadow {
            // Light from the top left: the shadow falls to the bottom right however the
            // piece is turned.
            let _ = write!(
                s,
                "<use class=\"shadow\" xlink:href=\"#{shape}\" transform=\"translate({},{}){}{rot}\" \
fill=\"{sh}\" fill-opacity=\"0.22\"/>",
                n(0.035 * w),
                n(0.045 * h),
                if rot.is_empty() { "" } else { " " }
            );
        }
        if rot.is_empty() {
            s.push_str("<g>");
        } else {
            let _ = write!(s, "<g transform=\"{rot}\">");
        }
        let _ = write!(
            s,
            "<use class=\"outline\" xlink:href=\"#{shape}\" fill=\"{}\" stroke=\"{}\" \
stroke-width=\"{}\" stroke-linejoin=\"round\"/></g></g>",
            look.fill,
            look.edge,
            n((w / 40.0).max(0.7))
        );
        s
    });
    doc.def(&look.id, |ink| label(ink, look, &blank, &rot))
}

/// A look: its blank piece, and the label turned with it.
fn label(ink: &mut Ink, look: &PieceLook, blank: &str, rot: &str) -> String {
    let (w, h) = (look.w, look.h);
    let mut s = format!(
        "<g id=\"{}\"><use xlink:href=\"#{blank}\"/>{}",
        look.id,
        if rot.is_empty() {
            "<g>".to_string()
        } else {
            format!("<g transform=\"{rot}\">")
        }
    );
    let attrs = format!(" class=\"label\" fill=\"{}\"", look.ink);
    let count = look.text.chars().count();
    let mid = 0.1 * h;
    if look.face == Face::Piece && count >= 2 {
        // Two characters, one above the other, in the body below the shoulders.
        let fs = (0.5 * w).min(0.37 * h);
        ink.column(
            &mut s,
            &attrs,
            look.text,
            0.0,
            mid - 0.5 * fs,
            fs,
            look.face,
        );
    } else {
        let fs = match (look.face, count) {
            (Face::Piece, _) => (0.6 * w).min(0.5 * h),
            (_, 3..) => 0.3 * w,
            _ => 0.36 * w,
        };
        ink.line(
            &mut s,
            &attrs,
            look.text,
            0.0,
            mid,
            fs,
            look.face,
            Anchor::Middle,
        );
    }
    s.push_str("</g></g>");
    s
}

/// The side marker: a small piece shape, dark for Black, light for White.
pub(crate) fn side_mark(s: &mut String, x: f64, y: f64, size: f64, color: Color) {
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
