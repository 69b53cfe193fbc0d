//! Piece shapes: the five-sided outline and what is written on it.

use super::LATIN_FAMILY;
use super::document::{DARK_EDGE, DARK_FILL, LIGHT_EDGE, LIGHT_FILL, esc, n};
use crate::geometry::Color;
use std::fmt::Write;

// ---------------------------------------------------------------------------------------------
// Pieces.

/// How one piece is drawn.
pub(super) struct PieceLook<'a> {
    /// Extra classes, e.g. `black promoted`.
    pub(super) class: String,
    pub(super) square: Option<String>,
    pub(super) fill: &'a str,
    pub(super) edge: &'a str,
    pub(super) ink: &'a str,
    /// Kanji (stacked vertically) or an abbreviation (one horizontal line).
    pub(super) text: &'a str,
    pub(super) kanji: bool,
    /// Degrees clockwise: 0 points up.
    pub(super) rotate: u32,
    /// Width and height.
    pub(super) w: f64,
    pub(super) h: f64,
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

pub(super) fn draw_piece(s: &mut String, cx: f64, cy: f64, look: &PieceLook, shadow: Option<&str>) {
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

/// The side marker: a small piece shape, dark for Black, light for White.
pub(super) fn side_mark(s: &mut String, x: f64, y: f64, size: f64, color: Color) {
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
