//! Text in a diagram: glyph outlines placed with `<use>` (the default), or `<text>` elements
//! that leave the drawing to the viewer's fonts (`Options::text_glyphs`). Every word a diagram
//! writes goes through here, so the choice is made in one place.

use super::document::{esc, n};
use super::glyphs::{CENTRE, Face, GlyphSet, UNITS_PER_EM, glyph_id};
use std::fmt::Write;

/// Where `x` is on the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    Start,
    Middle,
}

impl Anchor {
    fn svg(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
        }
    }
}

/// The fonts a `<text>` names (used with `text_glyphs`, and for characters without an outline).
pub(super) const LATIN_FAMILY: &str = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";

/// Writes text, and remembers the glyphs it used.
pub(crate) struct Ink {
    /// Glyph outlines (true) or `<text>` elements.
    pub(super) outlines: bool,
    pub(super) glyphs: GlyphSet,
}

/// The advance of a character that has no outline, in font units: a guess, made exact with
/// `textLength`.
fn fallback_advance(c: char) -> f64 {
    if is_wide(c) { 1000.0 } else { 600.0 }
}

/// East Asian wide and full-width characters (roughly: the blocks where they live).
pub(super) fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

/// The width of a line of text in ems, as the outlines draw it.
pub(super) fn width_em(text: &str, face: Face) -> f64 {
    text.chars()
        .map(|c| match face.advance(c) {
            Some(adv) => adv as f64,
            None => fallback_advance(c),
        })
        .sum::<f64>()
        / UNITS_PER_EM
}

/// A scale factor: up to five decimals.
fn scale(x: f64) -> String {
    let s = format!("{x:.5}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl Ink {
    pub(super) fn new(outlines: bool) -> Ink {
        Ink {
            outlines,
            glyphs: GlyphSet::default(),
        }
    }

    /// One line of text of `size` user units, vertically centred on `y`. `attrs` are extra
    /// attributes for the element (` class="…" fill="…"`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn line(
        &mut self,
        out: &mut String,
        attrs: &str,
        text: &str,
        x: f64,
        y: f64,
        size: f64,
        face: Face,
        anchor: Anchor,
    ) {
        if !self.outlines {
            let font = match face {
                Face::Label => format!(
                    " font-family=\"{}\" font-weight=\"bold\"",
                    esc(LATIN_FAMILY)
                ),
                _ => String::new(),
            };
            let _ = write!(
                out,
                "<text{attrs} x=\"{}\" y=\"{}\" font-size=\"{}\"{font} text-anchor=\"{}\" \
dominant-baseline=\"central\">{}</text>",
                n(x),
                n(y),
                n(size),
                anchor.svg(),
                esc(text)
            );
            return;
        }
        let s = size / UNITS_PER_EM;
        let w = width_em(text, face) * UNITS_PER_EM;
        let x0 = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - w * s / 2.0,
        };
        let at = format!(
            "translate({},{}) scale({})",
            n(x0),
            n(y + CENTRE * s),
            scale(s)
        );
        // A single glyph: one <use>.
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && self.glyphs.add(face, c).is_some()
        {
            let _ = write!(
                out,
                "<use{attrs} xlink:href=\"#{}\" transform=\"{at}\"/>",
                glyph_id(face, c)
            );
            return;
        }
        let _ = write!(out, "<g{attrs} transform=\"{at}\">");
        let mut pen = 0.0;
        let mut missing = String::new();
        let mut missing_at = 0.0;
        for c in text.chars() {
            // Spaces too are placed (their outline is empty), so that the text can be read
            // back from the glyphs.
            match self.glyphs.add(face, c).map(f64::from) {
                Some(adv) => {
                    self.fallback(out, &mut missing, missing_at, pen);
                    let _ = write!(out, "<use xlink:href=\"#{}\"", glyph_id(face, c));
                    if pen != 0.0 {
                        let _ = write!(out, " x=\"{}\"", n(pen));
                    }
                    out.push_str("/>");
                    pen += adv;
                }
                None => {
                    if missing.is_empty() {
                        missing_at = pen;
                    }
                    missing.push(c);
                    pen += fallback_advance(c);
                }
            }
        }
        self.fallback(out, &mut missing, missing_at, pen);
        out.push_str("</g>");
    }

    /// Characters without an outline: a `<text>` in the viewer's fonts, stretched or squeezed
    /// to the width the line reserved for them.
    fn fallback(&self, out: &mut String, missing: &mut String, from: f64, to: f64) {
        if missing.is_empty() {
            return;
        }
        let _ = write!(
            out,
            "<text x=\"{}\" font-size=\"1000\" textLength=\"{}\" lengthAdjust=\"spacingAndGlyphs\">{}</text>",
            n(from),
            n(to - from),
            esc(missing)
        );
        missing.clear();
    }

    /// Characters stacked vertically (the two kanji of a Wa piece), each centred on `x`; the
    /// first one's centre at `y`, the next ones `size` lower.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn column(
        &mut self,
        out: &mut String,
        attrs: &str,
        text: &str,
        x: f64,
        y: f64,
        size: f64,
        face: Face,
    ) {
        if !self.outlines {
            let _ = write!(
                out,
                "<text{attrs} font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">",
                n(size)
            );
            for (i, c) in text.chars().enumerate() {
                let _ = write!(
                    out,
                    "<tspan x=\"{}\" y=\"{}\">{}</tspan>",
                    n(x),
                    n(y + i as f64 * size),
                    esc(&c.to_string())
                );
            }
            out.push_str("</text>");
            return;
        }
        // One group for the column, each glyph centred on the axis, one em under the last.
        let s = size / UNITS_PER_EM;
        let _ = write!(
            out,
            "<g{attrs} transform=\"translate({},{}) scale({})\">",
            n(x),
            n(y + CENTRE * s),
            scale(s)
        );
        for (i, c) in text.chars().enumerate() {
            let dy = i as f64 * UNITS_PER_EM;
            match self.glyphs.add(face, c) {
                Some(adv) => {
                    let _ = write!(
                        out,
                        "<use xlink:href=\"#{}\" x=\"{}\"{}/>",
                        glyph_id(face, c),
                        n(-(adv as f64) / 2.0),
                        if i > 0 {
                            format!(" y=\"{}\"", n(dy))
                        } else {
                            String::new()
                        }
                    );
                }
                None => {
                    let adv = fallback_advance(c);
                    let _ = write!(
                        out,
                        "<text x=\"{}\" y=\"{}\" font-size=\"1000\" textLength=\"{}\" \
lengthAdjust=\"spacingAndGlyphs\">{}</text>",
                        n(-adv / 2.0),
                        n(dy),
                        n(adv),
                        esc(&c.to_string())
                    );
                }
            }
        }
        out.push_str("</g>");
    }
}

/// A caption cut to fit a width: its lines and their font size.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Fitted {
    pub(super) lines: Vec<(String, f64)>,
}

/// Fits a caption into `width` user units: one line at `size` if it fits; else one line
/// shrunk down to three quarters of `size`; else lines broken at spaces, each at `size`, a
/// word longer than the width shrunk to fit on its own line.
pub(super) fn fit(text: &str, width: f64, size: f64) -> Fitted {
    let w = |t: &str| width_em(t, Face::Text) * size;
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let full = w(&text);
    if full <= width {
        return Fitted {
            lines: vec![(text, size)],
        };
    }
    if full * 0.75 <= width {
        let s = size * width / full;
        return Fitted {
            lines: vec![(text, (s * 100.0).floor() / 100.0)],
        };
    }
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ') {
        let candidate = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if cur.is_empty() || w(&candidate) <= width {
            cur = candidate;
        } else {
            lines.push(std::mem::replace(&mut cur, word.to_string()));
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    Fitted {
        lines: lines
            .into_iter()
            .map(|l| {
                let lw = w(&l);
                let s = if lw > width {
                    (size * width / lw * 100.0).floor() / 100.0
                } else {
                    size
                };
                (l, s)
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_fit() {
        let short = fit("ply 4", 300.0, 16.0);
        assert_eq!(short.lines, vec![("ply 4".to_string(), 16.0)]);
        // Slightly too long: shrunk on one line.
        let t = "Black: Alice · White: Bob · ply 4: S*1三>W";
        let natural = width_em(t, Face::Text) * 16.0;
        let f = fit(t, natural * 0.9, 16.0);
        assert_eq!(f.lines.len(), 1);
        assert!(f.lines[0].1 < 16.0 && f.lines[0].1 >= 12.0);
        // Far too long: broken at spaces, every line within the width.
        let long = "Black: A. Virtanen · White: B. Lindqvist-Öhman · ply 123 · a very long \
                    caption that goes on and on";
        let f = fit(long, 300.0, 16.0);
        assert!(f.lines.len() >= 3, "{f:?}");
        for (l, s) in &f.lines {
            assert!(width_em(l, Face::Text) * s <= 300.0 + 1e-9, "{l}");
            assert_eq!(*s, 16.0);
        }
        let words: Vec<&str> = f.lines.iter().flat_map(|(l, _)| l.split(' ')).collect();
        assert_eq!(
            words.join(" "),
            long.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        // One word wider than the width: shrunk on its own line.
        let f = fit("Lindqvist-Öhman-Virtanen-Lindqvist-Öhman", 100.0, 16.0);
        assert_eq!(f.lines.len(), 1);
        assert!(width_em(&f.lines[0].0, Face::Text) * f.lines[0].1 <= 100.0);
    }

    #[test]
    fn missing_characters_fall_back_to_text() {
        let mut ink = Ink::new(true);
        let mut s = String::new();
        // Hangul has no outline: a <text> squeezed into the room reserved for it.
        ink.line(&mut s, "", "A한", 0.0, 0.0, 10.0, Face::Text, Anchor::Start);
        assert!(s.contains("<use xlink:href=\"#kifu-t41\"/>"), "{s}");
        assert!(s.contains("textLength=\"1000\""), "{s}");
        assert!(s.contains(">한</text>"), "{s}");
    }
}
