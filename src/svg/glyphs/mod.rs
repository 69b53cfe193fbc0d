//! Glyph outlines: every character a diagram writes, as SVG path data, so that no font is
//! needed to see a diagram.
//!
//! The outlines come from Noto Serif CJK JP, Noto Sans CJK JP, Noto Serif and Noto Sans Math
//! (SIL Open Font License 1.1, see `OFL.txt` here), taken once by `tools/glyphs/extract.py`
//! into `outlines.bin`, a compact table included in the binary: JIS X 0208 (kana, the kanji of
//! levels 1 and 2, full-width forms) with CP932's additions, Latin, Greek and Cyrillic for
//! text, the piece kanji, the English labels. Nothing is decoded up front: a character's
//! advance is found by a binary search in the table, and only the outlines a document uses are
//! turned into path data, when its `<defs>` are written. A document collects the glyphs it uses
//! in a [`GlyphSet`] and writes each once in its `<defs>`; the text places them with `<use>`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::sync::{Arc, Mutex};

/// The table written by `tools/glyphs/extract.py` (its docstring gives the layout).
static OUTLINES: &[u8] = include_bytes!("outlines.bin");

const MAGIC: &[u8] = b"KIFUGLY1";

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
    /// Coordinates, hand labels, counts, captions: Noto Serif CJK JP Regular (JIS X 0208 and
    /// CP932, Latin), Noto Serif Regular (Greek, Cyrillic, the Latin letters the CJK face
    /// lacks).
    Text,
    /// The English abbreviations on pieces: Noto Sans CJK JP Bold (A–Z, 0–9, `+`).
    Label,
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

/// One face's section of the table: `n` code points (ascending), `n` advances, `n + 1` offsets,
/// the outlines.
#[derive(Clone, Copy)]
pub(crate) struct Font {
    bytes: &'static [u8],
    n: usize,
}

impl Font {
    /// The section of face number `i`; an empty font if the table is damaged (a unit test
    /// reads every glyph).
    fn section(i: usize) -> Font {
        let empty = Font { bytes: &[], n: 0 };
        if !OUTLINES.starts_with(MAGIC) {
            return empty;
        }
        let Some(at) = u32_at(OUTLINES, MAGIC.len() + 4 + 4 * i) else {
            return empty;
        };
        let bytes = OUTLINES.get(at as usize..).unwrap_or_default();
        match u32_at(bytes, 0) {
            Some(n) => Font {
                bytes,
                n: n as usize,
            },
            None => empty,
        }
    }

    /// The number of glyphs.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    /// The code point of glyph `i`.
    #[cfg(test)]
    fn char_at(&self, i: usize) -> Option<char> {
        char::from_u32(u32_at(self.bytes, 4 + 4 * i)?)
    }

    /// The index of a character's glyph.
    fn find(&self, c: char) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.n);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let k = u32_at(self.bytes, 4 + 4 * mid)?;
            match k.cmp(&(c as u32)) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    fn advance_at(&self, i: usize) -> Option<u16> {
        u16_at(self.bytes, 4 + 4 * self.n + 2 * i)
    }

    /// The encoded outline of glyph `i`.
    fn outline_at(&self, i: usize) -> Option<&'static [u8]> {
        let offsets = 4 + 6 * self.n;
        let data = offsets + 4 * (self.n + 1);
        let from = u32_at(self.bytes, offsets + 4 * i)? as usize;
        let to = u32_at(self.bytes, offsets + 4 * (i + 1))? as usize;
        self.bytes.get(data + from..data + to)
    }
}

/// Writes an integer (as `write!` would, without its formatting machinery: path data is
/// mostly numbers, and this is most of the time spent writing a glyph).
fn push_int(out: &mut Vec<u8>, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    let mut u = v.unsigned_abs();
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

/// SVG path data from an encoded outline: relative commands (m, l as h or v when one delta is
/// zero, c, z), integers, a command letter left out when it repeats (never after a moveto,
/// whose repeats would be linetos), a space only where a number would run into the one
/// before. None if the data is damaged.
fn path_data(mut b: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let mut last = 0u8;
    let mut nums = [0i64; 6];
    while let Some((&head, rest)) = b.split_first() {
        b = rest;
        let count = match head >> 6 {
            0 | 1 => 2,
            2 => 6,
            _ => 0,
        };
        for (i, v) in nums.iter_mut().enumerate().take(count) {
            *v = if head & (1 << i) != 0 {
                0
            } else {
                let mut u = 0u64;
                let mut shift = 0;
                loop {
                    let (&x, rest) = b.split_first()?;
                    b = rest;
                    if shift > 56 {
                        return None;
                    }
                    u |= u64::from(x & 0x7f) << shift;
                    shift += 7;
                    if x & 0x80 == 0 {
                        break;
                    }
                }
                (u >> 1) as i64 ^ -((u & 1) as i64)
            };
        }
        let (cmd, args): (u8, &[i64]) = match head >> 6 {
            0 => (b'm', &nums[..2]),
            1 if nums[1] == 0 => (b'h', &nums[..1]),
            1 if nums[0] == 0 => (b'v', &nums[1..2]),
            1 => (b'l', &nums[..2]),
            2 => (b'c', &nums[..6]),
            _ => (b'z', &[]),
        };
        let letter = cmd != last || cmd == b'm' || cmd == b'z';
        if letter {
            out.push(cmd);
        }
        for (i, &v) in args.iter().enumerate() {
            // A space between two numbers, unless the second one's minus sign separates them.
            let after_number = i > 0 || (!letter && out.last().is_some_and(u8::is_ascii_digit));
            if v >= 0 && after_number {
                out.push(b' ');
            }
            push_int(out, v);
        }
        last = cmd;
    }
    Some(())
}

impl Face {
    pub(crate) fn font(self) -> Font {
        Font::section(match self {
            Face::Piece => 0,
            Face::Text => 1,
            Face::Label => 2,
        })
    }

    /// The letter in glyph ids.
    fn letter(self) -> char {
        match self {
            Face::Piece => 'p',
            Face::Text => 't',
            Face::Label => 'l',
        }
    }

    /// The advance width of a character, if the face has it.
    pub(crate) fn advance(self, c: char) -> Option<u16> {
        let f = self.font();
        f.advance_at(f.find(c)?)
    }

    /// The outline of a character as SVG path data, if the face has it. Decoded once per
    /// process: a program drawing many diagrams (every ply of a game, a replay page) writes
    /// the same few dozen glyphs again and again.
    pub(crate) fn path(self, c: char) -> Option<Arc<str>> {
        static DECODED: Mutex<BTreeMap<(Face, char), Arc<str>>> = Mutex::new(BTreeMap::new());
        // A poisoned lock only means another thread panicked while inserting: the map is
        // still whole.
        let mut cache = DECODED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = cache.get(&(self, c)) {
            return Some(d.clone());
        }
        let f = self.font();
        let b = f.outline_at(f.find(c)?)?;
        let mut s = Vec::with_capacity(b.len() * 3);
        path_data(b, &mut s)?;
        let d: Arc<str> = String::from_utf8(s).ok()?.into();
        cache.insert((self, c), d.clone());
        Some(d)
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
        let adv = face.advance(c)?;
        self.used.insert((face, c));
        Some(adv)
    }

    /// The `<path>` elements, one per line, for `<defs>`.
    pub(crate) fn defs(&self) -> String {
        let mut s = String::new();
        for &(face, c) in &self.used {
            if let Some(d) = face.path(c) {
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
            let f = face.font();
            assert!(f.len() > 30, "{face:?}: {} glyphs", f.len());
            let chars: Vec<char> = (0..f.len()).map(|i| f.char_at(i).unwrap()).collect();
            assert!(chars.windows(2).all(|w| w[0] < w[1]), "{face:?} sorted");
            for &c in &chars {
                // Combining marks have no advance (they are drawn over the letter before).
                let adv = face.advance(c).unwrap();
                assert!(adv <= 2000, "{face:?} {c}: advance {adv}");
                assert!(adv > 0 || !c.is_alphanumeric(), "{face:?} {c}: advance 0");
                let d = face
                    .path(c)
                    .unwrap_or_else(|| panic!("{face:?} {c}: damaged"));
                // Path data: relative commands and integers only (spaces separate numbers).
                assert!(
                    d.chars().all(|x| "mlhvcz- 0123456789".contains(x)),
                    "{face:?} {c}: {d}"
                );
                assert!(
                    !d.is_empty() || !(c.is_alphanumeric() || c.is_ascii_graphic()),
                    "{face:?} {c:?}: no outline"
                );
                if !d.is_empty() {
                    assert!(d.starts_with('m') && d.ends_with('z'), "{face:?} {c}: {d}");
                }
            }
        }
        assert_eq!(Face::Piece.advance('歩'), Some(1000));
        assert_eq!(Face::Piece.advance('一'), None, "not a piece kanji");
        assert_eq!(Face::Text.advance('鶴'), Some(1000));
        assert_eq!(Face::Text.advance('한'), None, "no Hangul");
        assert!(Face::Label.path('+').is_some());
        assert_eq!(Face::Label.advance('a'), None);
    }

    #[test]
    fn the_text_face_covers_jis_x_0208_latin_greek_cyrillic() {
        let t = Face::Text;
        let all = |from: char, to: char| (from..=to).all(|c| t.advance(c).is_some());
        assert!(all('ぁ', 'ゖ'), "hiragana");
        assert!(all('ァ', 'ヶ'), "katakana");
        assert!(all('！', '～'), "full-width forms");
        assert!(all('｡', 'ﾟ'), "half-width katakana");
        assert!(
            all(' ', '~') && all('\u{a0}', '¬') && all('®', 'ÿ'),
            "ASCII, Latin-1"
        );
        assert!(all('Ā', 'ſ'), "Latin Extended-A");
        assert!(all('Α', 'Ρ') && all('Σ', 'ω') && all('ά', 'ώ'), "Greek");
        assert!(all('Ѐ', 'џ') && all('Ґ', 'ґ'), "Cyrillic");
        // Kanji of level 1 (亜 the first, 腕 the last), level 2 (弌 to 熙), CP932's additions.
        for c in "亜腕弌熙山田太郎髙﨑①Ⅻ≒〜～".chars() {
            assert!(t.advance(c).is_some(), "{c}");
        }
        // JIS X 0208 has 6,879 characters; with Latin, Greek, Cyrillic and CP932 the face has
        // more.
        assert!(t.font().len() > 9000, "{}", t.font().len());
    }

    #[test]
    fn path_data_is_compact_svg() {
        // m 10 -20, l 0 5 (v), l 7 0 (h), l 3 4, l 1 1 (repeat: no letter), c, z.
        let enc = [
            0b00_000000,
            20,
            39, // m 10 -20 (zigzag: 20, 39)
            0b01_000001,
            10, // l 0 5: dx zero
            0b01_000010,
            14, // l 7 0: dy zero
            0b01_000000,
            6,
            8, // l 3 4
            0b01_000000,
            2,
            2, // l 1 1
            0b10_100110,
            1,
            3,
            6,           // c -1 0 0 -2 3 0
            0b11_000000, // z
        ];
        let mut s = Vec::new();
        path_data(&enc, &mut s).unwrap();
        assert_eq!(s, b"m10-20v5h7l3 4 1 1c-1 0 0-2 3 0z");
        let mut s = Vec::new();
        for v in [0, 7, -7, 10, -100, 1234567, i64::MIN + 1] {
            push_int(&mut s, v);
            s.push(b',');
        }
        assert_eq!(
            s,
            format!("0,7,-7,10,-100,1234567,{},", i64::MIN + 1).as_bytes()
        );
        // A varint that never ends is damaged data, not a panic.
        assert!(path_data(&[0, 0x80], &mut Vec::new()).is_none());
        assert!(
            path_data(
                &[
                    0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1
                ],
                &mut Vec::new()
            )
            .is_none()
        );
    }

    #[test]
    fn a_set_writes_each_glyph_once() {
        let mut s = GlyphSet::default();
        assert_eq!(s.add(Face::Text, '一'), Some(1000));
        assert_eq!(s.add(Face::Text, '一'), Some(1000));
        assert!(s.add(Face::Piece, '一').is_none(), "not a piece kanji");
        assert!(s.add(Face::Text, '한').is_none(), "no outline");
        assert_eq!(s.add(Face::Text, 'A').map(|a| a < 1000), Some(true));
        let d = s.defs();
        assert_eq!(d.lines().count(), 2);
        assert!(d.contains("<path id=\"kifu-t4e00\" d=\"m"));
        assert!(d.contains("id=\"kifu-t41\""));
    }
}
