//! Glyph outlines: every character a diagram writes, as SVG path data, so that no font is
//! needed to see a diagram.
//!
//! The outlines come from Noto Serif CJK JP and Noto Sans CJK JP (SIL Open Font License 1.1,
//! see `OFL.txt` here), taken once by `tools/glyphs/extract.py` into `data.rs`. A document
//! collects the glyphs it uses in a [`GlyphSet`] and writes each once in its `<defs>`; the text
//! places them with `<use>`.

mod data;

use std::collections::BTreeSet;
use std::fmt::Write;

/// One face's outlines.
pub(crate) struct Font {
    /// (character, advance width, path data), sorted by character.
    glyphs: &'static [(char, u16, &'static str)],
}

/// Font units to the em.
pub(crate) const UNITS_PER_EM: f64 = 1000.0;

/// The vertical centre of the ideographic em box above the baseline, in font units: glyphs
/// placed "centred" on a point have their baseline this far below it.
pub(crate) const CENTRE: f64 = 380.0;

/// The three faces a diagram draws with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Face {
    /// Kanji on the pieces: Noto Serif CJK JP Bold.
    Piece,
    /// Coordinates, hand labels, counts, captions: Noto Serif CJK JP Regular (Latin, rank
    /// numerals, the few kana and kanji of the labels).
    Text,
    /// The English abbreviations on pieces: Noto Sans CJK JP Bold (A–Z, 0–9, `+`).
    Label,
}

impl Face {
    pub(crate) fn font(self) -> &'static Font {
        match self {
            Face::Piece => &data::PIECE,
            Face::Text => &data::TEXT,
            Face::Label => &data::LABEL,
        }
    }

    /// The letter in glyph ids.
    fn letter(self) -> char {
        match self {
            Face::Piece => 'p',
            Face::Text => 't',
            Face::Label => 'l',
        }
    }

    /// The advance width and outline of a character, if the face has it.
    pub(crate) fn glyph(self, c: char) -> Option<(u16, &'static str)> {
        let g = self.font().glyphs;
        g.binary_search_by_key(&c, |&(k, _, _)| k)
            .ok()
            .map(|i| (g[i].1, g[i].2))
    }
}

/// The id of a glyph's `<path>` in `<defs>`: `kifu-p9e1e` (face letter, code point in hex).
pub(crate) fn glyph_id(face: Face, c: char) -> String {
    format!("kifu-{}{:x}", face.letter(), c as u32)
}

/// The glyphs a document uses, each written once.
#[derive(Clone, Debug, Default)]
pub(crate) struct GlyphSet {
    used: BTreeSet<(Face, char)>,
}

impl GlyphSet {
    /// Notes that a glyph is used; returns its advance width, or None if the face lacks it.
    pub(crate) fn add(&mut self, face: Face, c: char) -> Option<u16> {
        let (adv, _) = face.glyph(c)?;
        self.used.insert((face, c));
        Some(adv)
    }

    /// The `<path>` elements, one per line, for `<defs>`.
    pub(crate) fn defs(&self) -> String {
        let mut s = String::new();
        for &(face, c) in &self.used {
            if let Some((_, d)) = face.glyph(c) {
                let _ = writeln!(s, "<path id=\"{}\" d=\"{d}\"/>", glyph_id(face, c));
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_and_usable() {
        for face in [Face::Piece, Face::Text, Face::Label] {
            let g = face.font().glyphs;
            assert!(g.windows(2).all(|w| w[0].0 < w[1].0), "{face:?} sorted");
            for &(c, adv, d) in g {
                assert!(adv > 0 && adv <= 1200, "{face:?} {c}: advance {adv}");
                // Path data: relative commands and integers only (spaces separate numbers).
                assert!(
                    d.chars().all(|x| "mlhvcqz- 0123456789".contains(x)),
                    "{face:?} {c}: {d}"
                );
                assert_eq!(
                    c.is_whitespace(),
                    d.is_empty(),
                    "{face:?} {c:?}: only spaces are empty"
                );
            }
        }
        assert_eq!(Face::Piece.glyph('歩').map(|g| g.0), Some(1000));
        assert_eq!(Face::Text.glyph('鶴'), None);
        assert!(Face::Label.glyph('+').is_some());
    }

    #[test]
    fn a_set_writes_each_glyph_once() {
        let mut s = GlyphSet::default();
        assert_eq!(s.add(Face::Text, '一'), Some(1000));
        assert_eq!(s.add(Face::Text, '一'), Some(1000));
        assert!(s.add(Face::Piece, '一').is_none(), "not a piece kanji");
        assert_eq!(s.add(Face::Text, 'A').map(|a| a < 1000), Some(true));
        let d = s.defs();
        assert_eq!(d.lines().count(), 2);
        assert!(d.contains("<path id=\"kifu-t4e00\" d=\"m"));
        assert!(d.contains("id=\"kifu-t41\""));
    }
}
