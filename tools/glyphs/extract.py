#!/usr/bin/env python3
"""Extract the glyph outlines kifu's diagrams draw into src/svg/glyphs/data.rs.

kifu draws every character of its diagrams (piece kanji, rank numerals, hand labels, captions,
coordinates) as outlines, so that a diagram looks the same on a machine without any Japanese
font. This script takes those outlines, once, from Noto Serif CJK JP and Noto Sans CJK JP
(SIL Open Font License 1.1, Debian package fonts-noto-cjk) and writes them as SVG path data in
a Rust file; kifu needs no font to build or run. The licence goes beside the generated file
(src/svg/glyphs/OFL.txt), written from the fonts' own copyright notices and Debian's copy of
the licence.

Three sets, each from one face:

- piece: Noto Serif CJK JP Bold, every kanji of the piece tables (src/wa/pieces.rs,
  src/gufu/pieces.rs): the kanji written on the pieces;
- text: Noto Serif CJK JP Regular, printable ASCII, Latin-1, what the face has of Latin
  Extended-A, some punctuation, the rank numerals and the hand labels: coordinates, hand
  labels, counts, captions;
- label: Noto Sans CJK JP Bold, A-Z, 0-9 and '+': the English abbreviations on pieces.

Paths are in font units (1000 to the em), y pointing down, the origin on the baseline at the
left of the advance; relative commands with integer coordinates.

Usage (from the repository root, with fontTools installed: pip install fonttools):

    python3 tools/glyphs/extract.py [--fonts /usr/share/fonts/opentype/noto]

Run it again when a piece with a new kanji is added (tests/render.rs checks that every
character kifu draws has an outline).
"""

import argparse
import os
import re
import sys

from fontTools.pens.basePen import BasePen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "src", "svg", "glyphs", "data.rs")
LICENCE_OUT = os.path.join(ROOT, "src", "svg", "glyphs", "OFL.txt")
# Debian's copy of the fonts' licence (fonts-noto-cjk).
DEBIAN_COPYRIGHT = "/usr/share/doc/fonts-noto-cjk/copyright"

CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")

# The rank numerals (src/geometry.rs) and the hand labels (src/svg/wa_board.rs,
# src/svg/gufu_board.rs, src/svg/document.rs).
TEXT_KANA_KANJI = "一二三四五六七八九十先手後手持駒なし"

# Dashes, quotes, bullet, ellipsis, minus, arrows, the triangles of Japanese move lists.
PUNCTUATION = "\u2010\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u2212\u2190\u2191\u2192\u2193\u25b2\u25b3"


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


class RelativePen(BasePen):
    """SVG path data with relative commands and integer coordinates (y already flipped)."""

    def __init__(self, glyphset):
        super().__init__(glyphset)
        self.out = []
        self.cur = (0, 0)
        self.start = (0, 0)
        self.last_cmd = None

    def _num(self, v):
        return str(int(round(v)))

    def _emit(self, cmd, *nums):
        # The letter may be left out when it repeats (never after a moveto, whose implicit
        # repeats would be linetos).
        s = "" if cmd == self.last_cmd and cmd != "m" else cmd
        after_digit = not s and self.out and self.out[-1][-1].isdigit()
        for v in nums:
            t = self._num(v)
            if not t.startswith("-") and ((s and s[-1].isdigit()) or (not s and after_digit)):
                s += " "
            s += t
        self.out.append(s)
        self.last_cmd = cmd

    def _rel(self, pt):
        x, y = int(round(pt[0])), int(round(pt[1]))
        return x - self.cur[0], y - self.cur[1], (x, y)

    def _moveTo(self, pt):
        dx, dy, p = self._rel(pt)
        self._emit("m", dx, dy)
        self.cur = p
        self.start = p

    def _lineTo(self, pt):
        dx, dy, p = self._rel(pt)
        if dx == 0 and dy == 0:
            return
        if dy == 0:
            self._emit("h", dx)
        elif dx == 0:
            self._emit("v", dy)
        else:
            self._emit("l", dx, dy)
        self.cur = p

    def _curveToOne(self, p1, p2, p3):
        x0, y0 = self.cur
        r = lambda p: (int(round(p[0])) - x0, int(round(p[1])) - y0)
        a, b, c = r(p1), r(p2), r(p3)
        self._emit("c", a[0], a[1], b[0], b[1], c[0], c[1])
        self.cur = (int(round(p3[0])), int(round(p3[1])))

    def _qCurveToOne(self, p1, p2):
        x0, y0 = self.cur
        r = lambda p: (int(round(p[0])) - x0, int(round(p[1])) - y0)
        a, b = r(p1), r(p2)
        self._emit("q", a[0], a[1], b[0], b[1])
        self.cur = (int(round(p2[0])), int(round(p2[1])))

    def _closePath(self):
        self.out.append("z")
        self.last_cmd = "z"
        self.cur = self.start

    _endPath = _closePath

    def data(self):
        return "".join(self.out)


def open_face(path, family):
    for f in TTCollection(path).fonts:
        if f["name"].getDebugName(1) == family:
            return f
    sys.exit(f"{path}: no face named {family!r}")


def extract(font, chars, required):
    cmap = font.getBestCmap()
    gs = font.getGlyphSet()
    hmtx = font["hmtx"]
    out = []
    missing = []
    for ch in sorted(chars):
        name = cmap.get(ord(ch))
        if name is None:
            missing.append(ch)
            continue
        pen = RelativePen(gs)
        gs[name].draw(TransformPen(pen, (1, 0, 0, -1, 0, 0)))
        out.append((ch, hmtx[name][0], pen.data()))
    if missing and required:
        sys.exit("no outline for: " + " ".join(f"{c} U+{ord(c):04X}" for c in missing))
    return out


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
        "The glyph outlines in data.rs are taken from these fonts (Noto CJK, Adobe's Source Han\n"
        "fonts under Google's Noto name) by tools/glyphs/extract.py:\n\n"
        + "\n".join("  " + x for x in names)
        + "\n\nThey are licensed under the SIL Open Font License, Version 1.1, below. The\n"
        "diagrams kifu draws with them are documents made with the Font Software, to which the\n"
        "licence's requirements do not apply.\n\n"
    )
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(head + ofl_text(DEBIAN_COPYRIGHT))


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rust_char(c):
    if c in "\\'":
        return "'\\" + c + "'"
    return "'" + c + "'"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fonts", default="/usr/share/fonts/opentype/noto")
    a = ap.parse_args()
    serif_r = open_face(os.path.join(a.fonts, "NotoSerifCJK-Regular.ttc"), "Noto Serif CJK JP")
    serif_b = open_face(os.path.join(a.fonts, "NotoSerifCJK-Bold.ttc"), "Noto Serif CJK JP")
    sans_b = open_face(os.path.join(a.fonts, "NotoSansCJK-Bold.ttc"), "Noto Sans CJK JP")

    piece_chars = table_kanji(["src/wa/pieces.rs", "src/gufu/pieces.rs"])
    text_cjk = set(TEXT_KANA_KANJI)
    latin = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)}
    latin.discard("\u00ad")  # soft hyphen: never drawn
    # What the font has of Latin Extended-A and the punctuation.
    text_extra = {chr(c) for c in range(0x100, 0x180)} | set(PUNCTUATION)
    label_chars = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+")

    sets = [
        ("PIECE", serif_b, extract(serif_b, piece_chars, True)),
        ("TEXT", serif_r, extract(serif_r, latin | text_cjk, True) +
         extract(serif_r, text_extra - latin - text_cjk, False)),
        ("LABEL", sans_b, extract(sans_b, label_chars, True)),
    ]
    lines = [
        "// Generated by tools/glyphs/extract.py: do not edit. Glyph outlines from Noto Serif CJK JP",
        "// (Regular, Bold) and Noto Sans CJK JP (Bold), © 2014-2022 Adobe, SIL Open Font License 1.1",
        "// (the licence is OFL.txt in this directory). Paths in font units (1000 to the em), y down,",
        "// origin on the baseline at the start of the advance.",
        "",
        "use super::Font;",
        "",
    ]
    for name, font, glyphs in sets:
        glyphs.sort(key=lambda g: g[0])
        fam = font["name"].getDebugName(1) + " " + font["name"].getDebugName(2)
        lines.append(f"/// {fam}: {len(glyphs)} glyphs.")
        lines.append(f"pub(super) static {name}: Font = Font {{")
        lines.append("    glyphs: &[")
        for ch, adv, d in glyphs:
            lines.append(f"        ({rust_char(ch)}, {adv}, {rust_str(d)}),")
        lines.append("    ],")
        lines.append("};")
        lines.append("")
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines))
    write_licence([serif_r, serif_b, sans_b], LICENCE_OUT)
    for name, _, glyphs in sets:
        size = sum(len(g[2]) for g in glyphs)
        print(f"{name}: {len(glyphs)} glyphs, {size} bytes of path data", file=sys.stderr)


if __name__ == "__main__":
    main()
