//! Mutations of bytes, for hostile inputs: the primitives, and the two mutators built on them
//! (records, position strings). Every choice comes from the [`Rng`] passed in, so a case is
//! replayed by replaying its generator.

use super::rng::Rng;
use std::ops::Range;

/// Up to `flips` random bits flipped (nothing in an empty buffer).
pub fn flip_bits(b: &mut [u8], r: &mut Rng, flips: usize) {
    if b.is_empty() {
        return;
    }
    for _ in 0..flips {
        let i = r.below(b.len());
        b[i] ^= 1 << r.below(8);
    }
}

/// One byte (at random) replaced by `byte` (nothing in an empty buffer).
pub fn replace_byte(b: &mut [u8], r: &mut Rng, byte: impl FnOnce(&mut Rng) -> u8) {
    if b.is_empty() {
        return;
    }
    let i = r.below(b.len());
    b[i] = byte(r);
}

/// Cut at a random length (possibly 0 or all of it).
pub fn truncate(b: &mut Vec<u8>, r: &mut Rng) {
    b.truncate(r.below(b.len() + 1));
}

/// A random span: anywhere, mostly short.
pub fn span(b: &[u8], r: &mut Rng) -> Range<usize> {
    let a = r.below(b.len() + 1);
    a..a + r.len(b.len() - a)
}

/// A random span deleted.
pub fn delete_span(b: &mut Vec<u8>, r: &mut Rng) {
    let s = span(b, r);
    b.drain(s);
}

/// A random span copied right after itself, or (with `anywhere`, half the time) to a random
/// place.
pub fn copy_span(b: &mut Vec<u8>, r: &mut Rng, anywhere: bool) {
    let s = span(b, r);
    let copy = b[s.clone()].to_vec();
    let at = if anywhere && !r.chance(50) {
        r.below(b.len() + 1)
    } else {
        s.end
    };
    b.splice(at..at, copy);
}

/// Tokens that mean something to the grammar (or nearly do).
pub const TOKENS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\\",
    ";",
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    "\0",
    "$",
    "$0",
    "$255",
    "$256",
    "$99999999999999999999999",
    "99999999999999999999999.",
    "18446744073709551615.",
    "18446744073709551616.",
    "0.",
    "1.",
    "1...",
    "2...",
    "...",
    "*",
    "1-0",
    "0-1",
    "1/2-1/2",
    "+",
    "=",
    "#",
    ">N",
    ">E",
    ">S",
    ">W",
    ">",
    "x",
    "-",
    ":",
    "!",
    "?",
    "!!",
    "??",
    "!?",
    "?!",
    "十一",
    "十",
    "一",
    "三",
    "１",
    "１１",
    "\u{feff}",
    "\u{200b}",
    "\u{fffd}",
    "\u{202e}",
    "é",
    "[Variant \"wa\"]\n",
    "[Variant \"gufu\"]\n",
    "[Variant \"wa-nodrop\"]\n",
    "[Variant \"chess\"]\n",
    "[SetUp \"1\"]\n",
    "[FEN \"2/2/2 b KkWS 1\"]\n",
    "[FEN \"Sske/2/KwWn b - 99999999999999999999\"]\n",
    "[FEN \"k10/11/11/11/11/11/11/11/11/11/10K[P] w 0 1\"]\n",
    "[FEN \"k10/11/11/11/11/11/11/11/11/11/10K[P] w 99999999999999999999 99999999999999999999\"]\n",
    "[Result \"1-0\"]\n",
    "[Event \"\\\"\\\\\"]\n",
    "\n\n[Event \"x\"]\n",
    "P@e5",
    "c9c10+",
    "h3g4",
    "k11a1",
    "SP-7g",
    "SP*5e",
    "+SPx6c",
    "SP-7c=",
    "SP-7c+",
    "RR4i-5h",
    "CK-6k",
    "K*2三>W",
    "K:1二>E",
    "W*1三>N",
    "Sx1二>E+",
    "((",
    "))",
    "{{",
    "}}",
];

pub const BAD_UTF8: &[&[u8]] = &[
    &[0xff],
    &[0xfe, 0xff],
    &[0xc3],
    &[0xe4, 0xb8],
    &[0xed, 0xa0, 0x80],
    &[0xf4, 0x90, 0x80, 0x80],
    &[0xc0, 0x80],
    &[0xef, 0xbb, 0xbf],
];

/// The (start, end) of every run of non-blank bytes.
pub fn token_bounds(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &c) in b.iter().enumerate() {
        let ws = c == b' ' || c == b'\n' || c == b'\t' || c == b'\r';
        match (ws, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, b.len()));
    }
    out
}

/// One mutation of a record, in place: bit flips, replaced bytes, truncation, deleted,
/// duplicated and repeated spans, swapped, inserted and deleted tokens, huge numbers, or a splice
/// with another record of `corpus`.
pub fn record(b: &mut Vec<u8>, corpus: &[Vec<u8>], r: &mut Rng) {
    let n = b.len();
    match r.below(14) {
        // Bit flips.
        0 | 1 => {
            if n > 0 {
                let flips = 1 + r.below(8);
                flip_bits(b, r, flips);
            }
        }
        // A byte replaced.
        2 => replace_byte(b, r, |r| {
            if r.chance(50) {
                r.next() as u8
            } else {
                *r.pick(b"(){}[]\"\\;\n\r$*+=#>x-:!?.0123456789 \0")
            }
        }),
        // Truncation.
        3 => truncate(b, r),
        // A span deleted.
        4 => delete_span(b, r),
        // A span duplicated (somewhere else, or right after itself).
        5 => copy_span(b, r, true),
        // A span repeated many times (deep nesting when it holds a `(`).
        6 => {
            let a = r.below(n + 1);
            let len = r.len(16.min(n - a));
            let times = 2 + r.len(2000);
            let span = b[a..a + len].repeat(times);
            b.splice(a..a, span);
        }
        // Two tokens swapped.
        7 | 8 => {
            let t = token_bounds(b);
            if t.len() >= 2 {
                let (mut x, mut y) = (*r.pick(&t), *r.pick(&t));
                if x.0 > y.0 {
                    std::mem::swap(&mut x, &mut y);
                }
                if x.1 <= y.0 {
                    let mut out = Vec::with_capacity(n);
                    out.extend_from_slice(&b[..x.0]);
                    out.extend_from_slice(&b[y.0..y.1]);
                    out.extend_from_slice(&b[x.1..y.0]);
                    out.extend_from_slice(&b[x.0..x.1]);
                    out.extend_from_slice(&b[y.1..]);
                    *b = out;
                }
            }
        }
        // A token inserted, at a token boundary or anywhere.
        9 | 10 => {
            let at = if r.chance(60) {
                let t = token_bounds(b);
                if t.is_empty() {
                    0
                } else {
                    let (s, e) = *r.pick(&t);
                    if r.chance(50) { s } else { e }
                }
            } else {
                r.below(n + 1)
            };
            let tok: Vec<u8> = if r.chance(85) {
                r.pick(TOKENS).as_bytes().to_vec()
            } else {
                r.pick(BAD_UTF8).to_vec()
            };
            b.splice(at..at, tok);
        }
        // A token deleted.
        11 => {
            let t = token_bounds(b);
            if !t.is_empty() {
                let (s, e) = *r.pick(&t);
                b.drain(s..e);
            }
        }
        // A number made huge (or zero).
        12 => {
            let digits: Vec<usize> = (0..n).filter(|&i| b[i].is_ascii_digit()).collect();
            if !digits.is_empty() {
                let s = *r.pick(&digits);
                let mut e = s;
                while e < b.len() && b[e].is_ascii_digit() {
                    e += 1;
                }
                let repl: &[u8] = r.pick::<&[u8]>(&[
                    b"99999999999999999999999".as_slice(),
                    b"18446744073709551616",
                    b"4294967296",
                    b"0",
                    b"00000000000000000000001",
                ]);
                b.splice(s..e, repl.iter().copied());
            }
        }
        // Spliced with another record.
        _ => {
            let other = r.pick(corpus);
            let a = r.below(n + 1);
            let c = r.below(other.len() + 1);
            b.truncate(a);
            b.extend_from_slice(&other[c..]);
        }
    }
}

/// Up to two mutations of a position string (FEN-like): replaced bytes, inserted tokens (huge
/// numbers, signs, brackets, ...), truncation, deleted and duplicated spans, a flipped bit.
pub fn position(s: &str, r: &mut Rng) -> Vec<u8> {
    let mut b = s.as_bytes().to_vec();
    for _ in 0..r.below(3) {
        match r.below(6) {
            0 => replace_byte(&mut b, r, |r| *r.pick(b"0123456789/[]-+ kKpPwWbBeEnNsS\0x")),
            1 => {
                let at = r.below(b.len() + 1);
                let tok: &[u8] = r.pick::<&[u8]>(&[
                    b"99999999999999999999".as_slice(),
                    b"18446744073709551616",
                    b"4294967295",
                    b"+",
                    b"++",
                    b"/",
                    b"[",
                    b"]",
                    b" ",
                    b"11",
                    b"12",
                    b"0",
                    b"\xff",
                    "十".as_bytes(),
                    b"+K",
                    b"KK",
                ]);
                b.splice(at..at, tok.iter().copied());
            }
            2 => truncate(&mut b, r),
            3 => delete_span(&mut b, r),
            4 => copy_span(&mut b, r, false),
            _ => flip_bits(&mut b, r, 1),
        }
    }
    b
}
