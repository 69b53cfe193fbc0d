#!/usr/bin/env python3
"""Extract the glyph outlines kifu's diagrams draw into src/svg/glyphs/outlines.bin.

kifu draws every character of its diagrams (piece kanji, rank numerals, hand labels, captions,
coordinates) as outlines, so that a diagram looks the same on a machine without any Japanese
font. This script takes those outlines, once, from Noto Serif CJK JP and Noto Sans CJK JP
(Debian package fonts-noto-cjk), Noto Serif and Noto Sans Math (fonts-noto-core), all under the SIL Open Font
License 1.1, and writes them in a compact binary table that kifu includes in its binary
(src/svg/glyphs/mod.rs reads it); kifu needs no font to build or run. The licence goes beside
the table (src/svg/glyphs/OFL.txt), written from the fonts' own copyright notices and
Debian's copy of the licence.

Three faces:

- piece: Noto Serif CJK JP Bold, every kanji of the piece tables (src/wa/pieces.rs,
  src/gufu/pieces.rs): the kanji written on the pieces;
- text: Noto Serif CJK JP Regular: JIS X 0208 (kana, the kanji of levels 1 and 2, symbols,
  full-width forms), Microsoft's additions to it in CP932 (NEC and IBM kanji such as 髙 and
  﨑, circled numbers, roman numerals), half-width katakana, printable ASCII, Latin-1 and
  whatever else of the listed blocks the face has; Noto Serif Regular for the Latin letters
  the CJK face lacks (most of Latin Extended-A and B, Latin Extended Additional) and for all
  of Greek and Cyrillic, scaled to the CJK face's x-height (the CJK face has only their unaccented basic letters, and a word
  should not mix two designs); Noto Sans Math Regular for ≒ (U+2252, JIS X 0208 row 2),
  which neither has: coordinates, hand labels, counts, captions;
- label: Noto Sans CJK JP Bold, A-Z, 0-9 and '+': the English abbreviations on pieces.

All the fonts have 1000 units to the em and the same baseline (Noto Serif's glyphs are scaled
to the x-height of the CJK face's Latin, 96%); the outlines are kept in font units, y pointing down, the origin on the baseline at the left of the advance, as the
integer deltas of SVG path data with relative commands (m, l, c, z; quadratic curves of the
TrueType font raised to cubics).

The table (all integers little-endian):

    magic     b"KIFUGLY1"
    u32       number of faces (3: piece, text, label)
    u32 × 3   offset of each face's section from the start of the file
    section:  u32 n (glyphs), n × u32 code points (ascending), n × u16 advances,
              (n + 1) × u32 offsets of each glyph's outline from the section's data,
              then the data
    outline:  segments, each a byte (operation in the top two bits: 0 m, 1 l, 2 c, 3 z;
              below, bit i set when coordinate i is zero and left out) followed by the
              nonzero coordinates (dx, dy, ...) as zigzag LEB128 varints

Usage (from the repository root, with fontTools installed: pip install fonttools):

    python3 tools/glyphs/extract.py [--fonts /usr/share/fonts]

Run it again when a piece with a new kanji is added (tests/render.rs checks that every
character kifu draws has an outline).
"""

import argparse
import os
import re
import struct
import sys

from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "src", "svg", "glyphs", "outlines.bin")
LICENCE_OUT = os.path.join(ROOT, "src", "svg", "glyphs", "OFL.txt")
# Debian's copy of the fonts' licence (fonts-noto-cjk).
DEBIAN_COPYRIGHT = "/usr/share/doc/fonts-noto-cjk/copyright"

CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")

# The rank numerals (src/geometry.rs) and the hand labels (src/wa/diagram.rs,
# src/gufu/diagram.rs, src/svg/document.rs).
TEXT_KANA_KANJI = "一二三四五六七八九十先手後手持駒なし"

# Dashes, quotes, bullet, ellipsis, minus, arrows, the triangles of Japanese move lists.
PUNCTUATION = "\u2010\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u2212\u2190\u2191\u2192\u2193\u25b2\u25b3"

# Blocks of the text face: every character of them that the font has.
LATIN_BLOCKS = [(0x0100, 0x024F), (0x1E00, 0x1EFF)]  # Latin Extended-A, B, Additional
GREEK_CYRILLIC = [(0x0370, 0x03FF), (0x1F00, 0x1FFF), (0x0400, 0x052F)]
SYMBOL_BLOCKS = [
    (0x2000, 0x206F),  # General Punctuation
    (0x2100, 0x218F),  # Letterlike Symbols, Number Forms (roman numerals)
    (0x2190, 0x21FF),  # Arrows
    (0x2460, 0x24FF),  # Enclosed Alphanumerics (circled numbers)
    (0x2500, 0x257F),  # Box Drawing
    (0x25A0, 0x25FF),  # Geometric Shapes
    (0x2600, 0x26FF),  # Miscellaneous Symbols
    (0x3000, 0x30FF),  # CJK Symbols and Punctuation, Hiragana, Katakana
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0xFF00, 0xFF9F),  # Full-width forms, half-width katakana
    (0xFFE0, 0xFFEE),  # Full-width signs, half-width symbols
]


def jis_x_0208():
    """Every character of JIS X 0208 (as ISO-2022-JP maps it: 6,879)."""
    out = set()
    for row in range(0x21, 0x7F):
        for cell in range(0x21, 0x7F):
            try:
                out.add(bytes([0x1B, 0x24, 0x42, row, cell]).decode("iso2022_jp"))
            except UnicodeDecodeError:
                pass
    if len(out) != 6879:
        sys.exit(f"JIS X 0208: {len(out)} characters, not 6879")
    return out


def cp932():
    """Every character of Windows' Shift_JIS (CP932) but the private use area: JIS X 0208 as
    Microsoft maps it (～ for 〜, ∥ for ‖, －, ￠, ￡, ￢) with the NEC and IBM additions."""
    out = set()
    for lead in list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD)):
        for trail in range(0x40, 0xFD):
            try:
                c = bytes([lead, trail]).decode("cp932")
            except UnicodeDecodeError:
                continue
            if len(c) == 1 and not 0xE000 <= ord(c) <= 0xF8FF:
                out.add(c)
    out.update(chr(c) for c in range(0xFF61, 0xFFA0))  # half-width katakana
    return out


def block_chars(blocks):
    return {chr(c) for a, b in blocks for c in range(a, b + 1)}


def table_kanji(paths):
    """Every character of the kanji lists (`&["歩兵", ...]`) of the piece tables."""
    chars = set()
    for p in paths:
        with open(os.path.join(ROOT, p), encoding="utf-8") as fh:
            for lst in re.findall(r'&\[("[^"\]]*"(?:,\s*"[^"\]]*")*)\]', fh.read()):
                chars.update(c for c in lst if CJK.match(c))
    if not chars:
        sys.exit("no kanji found in the piece tables")
    return chars


class SegmentPen(BasePen):
    """The segments of SVG path data with relative commands and integer coordinates (y
    already flipped): (op, deltas), op one of m, l, c, z. Quadratic curves are raised to
    cubics."""

    def __init__(self, glyphset):
        super().__init__(glyphset)
        self.segments = []
        self.cur = (0, 0)
        self.start = (0, 0)

    def _rel(self, pt):
        x, y = int(round(pt[0])), int(round(pt[1]))
        return x - self.cur[0], y - self.cur[1]

    def _moveTo(self, pt):
        self.segments.append(("m", self._rel(pt)))
        self.cur = self.start = (int(round(pt[0])), int(round(pt[1])))

    def _lineTo(self, pt):
        dx, dy = self._rel(pt)
        if dx == 0 and dy == 0:
            return
        self.segments.append(("l", (dx, dy)))
        self.cur = (self.cur[0] + dx, self.cur[1] + dy)

    def _curveToOne(self, p1, p2, p3):
        a, b, c = self._rel(p1), self._rel(p2), self._rel(p3)
        self.segments.append(("c", a + b + c))
        self.cur = (self.cur[0] + c[0], self.cur[1] + c[1])

    def _qCurveToOne(self, p1, p2):
        p0 = self._getCurrentPoint()
        c1 = (p0[0] + 2 * (p1[0] - p0[0]) / 3, p0[1] + 2 * (p1[1] - p0[1]) / 3)
        c2 = (p2[0] + 2 * (p1[0] - p2[0]) / 3, p2[1] + 2 * (p1[1] - p2[1]) / 3)
        self._curveToOne(c1, c2, p2)

    def _closePath(self):
        self.segments.append(("z", ()))
        self.cur = self.start

    _endPath = _closePath


OPS = {"m": 0, "l": 1, "c": 2, "z": 3}


def varint(v):
    u = (v << 1) ^ (v >> 63)  # zigzag: small magnitudes, either sign, in few bytes
    out = bytearray()
    while True:
        if u < 0x80:
            out.append(u)
            return bytes(out)
        out.append((u & 0x7F) | 0x80)
        u >>= 7


def encode(segments):
    out = bytearray()
    for op, nums in segments:
        mask = 0
        for i, v in enumerate(nums):
            if v == 0:
                mask |= 1 << i
        out.append(OPS[op] << 6 | mask)
        for v in nums:
            if v:
                out += varint(v)
    return bytes(out)


def open_face(path, family):
    for f in TTCollection(path).fonts:
        if f["name"].getDebugName(1) == family:
            return f
    sys.exit(f"{path}: no face named {family!r}")


def extract(font, chars, required, scale=1.0):
    """{character: (advance, encoded outline)} of the characters the font has (all of them
    when `required`), scaled by `scale`."""
    if font["head"].unitsPerEm != 1000:
        sys.exit(f"{font['name'].getDebugName(4)}: not 1000 units to the em")
    cmap = font.getBestCmap()
    gs = font.getGlyphSet()
    hmtx = font["hmtx"]
    out = {}
    missing = []
    for ch in sorted(chars):
        name = cmap.get(ord(ch))
        if name is None:
            missing.append(ch)
            continue
        pen = SegmentPen(gs)
        gs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, 0, 0)))
        out[ch] = (int(round(hmtx[name][0] * scale)), encode(pen.segments))
    if missing and required:
        sys.exit("no outline for: " + " ".join(f"{c} U+{ord(c):04X}" for c in missing))
    return out


def x_height_of(font):
    """The top of the letter x."""
    gs = font.getGlyphSet()
    pen = BoundsPen(gs)
    gs[font.getBestCmap()[ord("x")]].draw(pen)
    return pen.bounds[3]


def section(glyphs):
    chars = sorted(glyphs)
    data = bytearray()
    offsets = []
    for c in chars:
        offsets.append(len(data))
        data += glyphs[c][1]
    offsets.append(len(data))
    return (
        struct.pack("<I", len(chars))
        + b"".join(struct.pack("<I", ord(c)) for c in chars)
        + b"".join(struct.pack("<H", glyphs[c][0]) for c in chars)
        + b"".join(struct.pack("<I", o) for o in offsets)
        + bytes(data)
    )


def ofl_text(path):
    """The SIL Open Font License 1.1 as Debian's copyright file gives it (de-indented)."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    i = text.index("License: SIL-1.1\n -")
    out = []
    for line in text[i:].split("\n")[1:]:
        if not line.startswith(" "):
            break
        out.append("" if line == " ." else line[1:])
    return "\n".join(out).strip() + "\n"


def write_licence(faces, path):
    names = []
    for f in faces:
        n = f["name"]
        names.append(f"{n.getDebugName(1)} {n.getDebugName(2)} ({n.getDebugName(5)}): {n.getDebugName(0)}")
    head = (
        "The glyph outlines in outlines.bin are taken from these fonts (Noto CJK, Adobe's Source\n"
        "Han fonts under Google's Noto name, Noto Serif and Noto Sans Math) by tools/glyphs/extract.py:\n\n"
        + "\n".join("  " + x for x in names)
        + "\n\nThey are licensed under the SIL Open Font License, Version 1.1, below. The\n"
        "diagrams kifu draws with them are documents made with the Font Software, to which the\n"
        "licence's requirements do not apply.\n\n"
    )
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(head + ofl_text(DEBIAN_COPYRIGHT))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fonts", default="/usr/share/fonts")
    a = ap.parse_args()
    cjk = os.path.join(a.fonts, "opentype", "noto")
    serif_r = open_face(os.path.join(cjk, "NotoSerifCJK-Regular.ttc"), "Noto Serif CJK JP")
    serif_b = open_face(os.path.join(cjk, "NotoSerifCJK-Bold.ttc"), "Noto Serif CJK JP")
    sans_b = open_face(os.path.join(cjk, "NotoSansCJK-Bold.ttc"), "Noto Sans CJK JP")
    latin_r = TTFont(os.path.join(a.fonts, "truetype", "noto", "NotoSerif-Regular.ttf"))
    math_r = TTFont(os.path.join(a.fonts, "truetype", "noto", "NotoSansMath-Regular.ttf"))

    piece_chars = table_kanji(["src/wa/pieces.rs", "src/gufu/pieces.rs"])
    latin = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)}
    latin.discard("\u00ad")  # soft hyphen: never drawn
    greek_cyrillic = block_chars(GREEK_CYRILLIC)
    # JIS X 0208 maps its Greek and Cyrillic letters to these blocks too: they come from
    # Noto Serif with the rest of their scripts.
    jis = jis_x_0208() - greek_cyrillic
    # U+2252 ≒ (JIS row 2) is in neither the CJK faces nor Noto Serif: Noto Sans Math has it.
    required_cjk = (jis - {"\u2252"}) | latin | set(TEXT_KANA_KANJI) | block_chars([(0xFF01, 0xFF5E)])
    optional_cjk = (cp932() | block_chars(SYMBOL_BLOCKS) | set(PUNCTUATION)
                    | block_chars(LATIN_BLOCKS)) - required_cjk - greek_cyrillic
    text = extract(serif_r, required_cjk, True)
    text.update(extract(serif_r, optional_cjk, False))
    # What the CJK face lacks of Latin, and all of Greek and Cyrillic, from Noto Serif, scaled
    # to the x-height of the CJK face's Latin (516 units against 536), which also brings its
    # stems (94-101 units) to about the CJK face's (82-90).
    x_height = x_height_of(serif_r) / x_height_of(latin_r)
    text.update(extract(latin_r, block_chars(LATIN_BLOCKS) - set(text), False, x_height))
    text.update(extract(latin_r, greek_cyrillic, False, x_height))
    text.update(extract(math_r, {"\u2252"}, True))
    for block, (a_, b_) in [("Latin Extended-A", (0x100, 0x17F)), ("Greek", (0x391, 0x3C9)),
                            ("Cyrillic", (0x400, 0x45F))]:
        lack = [chr(c) for c in range(a_, b_ + 1) if chr(c) not in text and c not in (0x3A2,)]
        if lack:
            sys.exit(f"{block}: no outline for {''.join(lack)}")
    missing = sorted(c for c in jis_x_0208() if c not in text)
    if missing:
        sys.exit("JIS X 0208: no outline for " + "".join(missing))

    faces = [
        ("piece", extract(serif_b, piece_chars, True)),
        ("text", text),
        ("label", extract(sans_b, set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+"), True)),
    ]
    sections = [section(g) for _, g in faces]
    head = b"KIFUGLY1" + struct.pack("<I", len(sections))
    at = len(head) + 4 * len(sections)
    offsets = []
    for s in sections:
        offsets.append(at)
        at += len(s)
    blob = head + b"".join(struct.pack("<I", o) for o in offsets) + b"".join(sections)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "wb") as fh:
        fh.write(blob)
    write_licence([serif_r, serif_b, sans_b, latin_r, math_r], LICENCE_OUT)
    for (name, glyphs), s in zip(faces, sections):
        print(f"{name}: {len(glyphs)} glyphs, {len(s)} bytes", file=sys.stderr)
    print(f"{os.path.relpath(OUT, ROOT)}: {len(blob)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
