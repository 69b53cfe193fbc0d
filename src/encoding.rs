//! The text encodings records come in: UTF-8 (with or without a byte-order mark), UTF-16 with
//! a byte-order mark, and Shift_JIS as Windows writes it (CP932), which most Japanese records
//! use.
//!
//! [`Decoder`] wraps a byte stream and hands it on as UTF-8, streaming, in bounded memory: the
//! game splitter and the parser after it only ever see UTF-8. Positions (line, column, byte
//! offsets) in what kifu reports therefore refer to the decoded text.
//!
//! **The rule** ([`Choice::Auto`]), decided once from the first [`SNIFF_BYTES`] (64 KiB) of the
//! stream:
//! 1. a UTF-16 byte-order mark (`FF FE`, `FE FF`): UTF-16, little- or big-endian;
//! 2. otherwise, if those bytes are UTF-8 (a UTF-8 byte-order mark is allowed and kept): UTF-8,
//!    handed on untouched;
//! 3. otherwise, if they read as Japanese text in CP932 (all CP932, no control characters
//!    but tab, line feed, form feed and carriage return, at least two double-byte characters,
//!    and more breaks than multi-byte characters when read as UTF-8): CP932, with a warning
//!    ([`Decoder::warning`]);
//! 4. otherwise UTF-8, and the parser reports `invalid_utf8` where the bytes go wrong.
//!
//! Bytes after the first 64 KiB that do not fit the chosen encoding are an `invalid_utf8`
//! error at the place they are: undecodable bytes are handed on as they are (with a `0xFF`
//! byte before or after them if they could otherwise pass for UTF-8), so the parser stops
//! there. A choice
//! other than `Auto` forces the encoding (`Utf16`: the byte-order mark says which byte order,
//! little-endian without one).

use encoding_rs::{DecoderResult, SHIFT_JIS, UTF_16BE, UTF_16LE};
use std::io::{self, BufRead, Read};

/// How many bytes decide the encoding.
pub const SNIFF_BYTES: usize = 64 * 1024;

/// What every `invalid_utf8` error can say about encodings.
pub const TRIED: &str = "kifu reads UTF-8, UTF-16 with a byte-order mark, and Shift_JIS \
(CP932), choosing from a file's first 64 KiB; --encoding utf-8|utf-16|cp932 forces one";

/// The help of an `invalid_utf8` error in bytes that read as Shift_JIS ([`may_be_cp932`]).
pub const MAY_BE_CP932: &str = "this may be Shift_JIS: try --encoding cp932";

/// Whether `bytes` (a game that is not UTF-8) read as Shift_JIS (CP932) text: every byte
/// sequence CP932, no control character but tab, line feed, form feed and carriage return, and
/// at least one character that is not ASCII. Weaker evidence than what decides a file's
/// encoding, enough for a hint.
pub fn may_be_cp932(bytes: &[u8]) -> bool {
    !has_control(bytes)
        && !bytes.is_ascii()
        && SHIFT_JIS
            .decode_without_bom_handling_and_without_replacement(bytes)
            .is_some()
}

/// Whether `bytes` hold a control character other than tab, line feed, form feed and carriage
/// return (binary data is full of them; text has none).
fn has_control(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .any(|&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0C | b'\r')) || b == 0x7F)
}

/// Size of the decoded-text buffer.
const OUT_BYTES: usize = 64 * 1024;
/// Room kept at the end of that buffer for the bytes of a malformed sequence.
const RESERVE: usize = 8;

/// An encoding kifu reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8, handed on untouched (a byte-order mark included).
    Utf8,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
    /// Shift_JIS as Windows writes it (code page 932), as older Japanese files are.
    Cp932,
}

impl Encoding {
    /// The encoding's name as messages write it (`UTF-8`, `Shift_JIS (CP932)`).
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Cp932 => "Shift_JIS (CP932)",
        }
    }
}

/// What to read a stream as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Choice {
    /// Decide from the first 64 KiB (see the module's documentation).
    #[default]
    Auto,
    /// UTF-8, whatever the first bytes look like.
    Utf8,
    /// UTF-16 in the byte order of its byte-order mark; little-endian without one.
    Utf16,
    /// Shift_JIS (CP932), whatever the first bytes look like.
    Cp932,
}

/// A `BufRead` that hands on the UTF-8 text of the stream it wraps.
pub struct Decoder<R> {
    inner: R,
    encoding: Encoding,
    warning: Option<String>,
    /// Bytes read from `inner` to decide, not yet handed on (UTF-8) or decoded.
    prefix: Vec<u8>,
    prefix_pos: usize,
    /// Decoding (not UTF-8): the decoder, and the decoded text waiting to be read.
    decoder: Option<encoding_rs::Decoder>,
    out: Box<[u8]>,
    out_pos: usize,
    out_len: usize,
    /// The last bytes given to the decoder (a malformed sequence may have begun in an earlier
    /// buffer).
    recent: Vec<u8>,
    /// The decoder has seen the end of the stream.
    done: bool,
}

impl<R: BufRead> Decoder<R> {
    /// Wraps `inner`. With [`Choice::Auto`] or [`Choice::Utf16`] this reads the first 64 KiB
    /// (or up to the end, if shorter) to decide, hence the I/O error.
    pub fn new(mut inner: R, choice: Choice) -> io::Result<Decoder<R>> {
        let mut prefix = Vec::new();
        let mut at_end = false;
        if matches!(choice, Choice::Auto | Choice::Utf16) {
            at_end = read_prefix(&mut inner, &mut prefix)?;
        }
        let (encoding, warning) = match choice {
            Choice::Utf8 => (Encoding::Utf8, None),
            Choice::Cp932 => (Encoding::Cp932, None),
            Choice::Utf16 if prefix.starts_with(b"\xFE\xFF") => (Encoding::Utf16Be, None),
            Choice::Utf16 => (Encoding::Utf16Le, None),
            Choice::Auto => sniff(&prefix, at_end),
        };
        let decoder = match encoding {
            Encoding::Utf8 => None,
            // Strips a byte-order mark of the same byte order.
            Encoding::Utf16Le => Some(UTF_16LE.new_decoder_with_bom_removal()),
            Encoding::Utf16Be => Some(UTF_16BE.new_decoder_with_bom_removal()),
            Encoding::Cp932 => Some(SHIFT_JIS.new_decoder_without_bom_handling()),
        };
        let out = if decoder.is_some() {
            vec![0u8; OUT_BYTES].into_boxed_slice()
        } else {
            Box::default()
        };
        Ok(Decoder {
            inner,
            encoding,
            warning,
            prefix,
            prefix_pos: 0,
            decoder,
            out,
            out_pos: 0,
            out_len: 0,
            recent: Vec::new(),
            done: false,
        })
    }

    /// The encoding the stream is read as.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// What to tell the user about the encoding, when it was a guess: the bytes were not
    /// UTF-8 and are read as CP932.
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// Decodes the next piece of text into `out` (nothing at the end of the stream).
    fn refill(&mut self) -> io::Result<()> {
        self.out_pos = 0;
        self.out_len = 0;
        let Some(decoder) = self.decoder.as_mut() else {
            return Ok(());
        };
        while self.out_len == 0 && !self.done {
            let from_prefix = self.prefix_pos < self.prefix.len();
            let src: &[u8] = if from_prefix {
                &self.prefix[self.prefix_pos..]
            } else {
                loop {
                    match self.inner.fill_buf() {
                        Ok(b) => break b,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(e),
                    }
                }
            };
            let last = src.is_empty();
            let room = self.out.len() - RESERVE;
            let (result, read, written) = decoder.decode_to_utf8_without_replacement(
                src,
                &mut self.out[self.out_len..room],
                last,
            );
            self.out_len += written;
            // The bytes given to the decoder so far, last ones first (up to 8).
            let mut seen: Vec<u8> = self.recent.clone();
            seen.extend_from_slice(&src[read.saturating_sub(8)..read]);
            let keep_from = seen.len().saturating_sub(8);
            seen.drain(..keep_from);
            match result {
                DecoderResult::InputEmpty if last => self.done = true,
                DecoderResult::Malformed(len, after) => {
                    let end = seen.len().saturating_sub(usize::from(after));
                    let start = end.saturating_sub(usize::from(len));
                    let bytes = refused(&seen[start..end]);
                    self.out[self.out_len..self.out_len + bytes.len()].copy_from_slice(&bytes);
                    self.out_len += bytes.len();
                }
                _ => {}
            }
            self.recent = seen;
            if from_prefix {
                self.prefix_pos += read;
                if self.prefix_pos >= self.prefix.len() {
                    self.prefix = Vec::new();
                    self.prefix_pos = 0;
                }
            } else {
                self.inner.consume(read);
            }
        }
        Ok(())
    }
}

/// What is handed on for bytes the decoder refused: the bytes themselves, made invalid UTF-8
/// from their first byte whatever follows. A byte that is never UTF-8 (`0xFF`) closes them
/// when UTF-8 could still complete them (`E1 80`), or goes first when they begin as UTF-8
/// (UTF-16's `00 D8`).
fn refused(raw: &[u8]) -> Vec<u8> {
    let raw = &raw[..raw.len().min(RESERVE - 2)];
    let mut v = Vec::with_capacity(raw.len() + 1);
    match std::str::from_utf8(raw) {
        Err(e) if e.valid_up_to() == 0 && e.error_len().is_some() => v.extend_from_slice(raw),
        Err(e) if e.valid_up_to() == 0 => {
            v.extend_from_slice(raw);
            v.push(0xFF);
        }
        _ => {
            v.push(0xFF);
            v.extend_from_slice(raw);
        }
    }
    v
}

/// Reads up to [`SNIFF_BYTES`] into `prefix`; true if the stream ended there.
fn read_prefix<R: BufRead>(inner: &mut R, prefix: &mut Vec<u8>) -> io::Result<bool> {
    while prefix.len() < SNIFF_BYTES {
        let buf = match inner.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(true);
        }
        let n = buf.len().min(SNIFF_BYTES - prefix.len());
        prefix.extend_from_slice(&buf[..n]);
        inner.consume(n);
    }
    Ok(false)
}

/// The rule of [`Choice::Auto`], on the first bytes (`at_end`: they are the whole stream).
fn sniff(prefix: &[u8], at_end: bool) -> (Encoding, Option<String>) {
    if prefix.starts_with(b"\xFF\xFE") {
        return (Encoding::Utf16Le, None);
    }
    if prefix.starts_with(b"\xFE\xFF") {
        return (Encoding::Utf16Be, None);
    }
    let utf8 = match std::str::from_utf8(prefix) {
        Ok(_) => true,
        // Cut inside a character at the end of the prefix.
        Err(e) => e.error_len().is_none() && !at_end,
    };
    if utf8 {
        return (Encoding::Utf8, None);
    }
    if looks_cp932(prefix, at_end) {
        let at = std::str::from_utf8(prefix).map_or_else(|e| e.valid_up_to(), |_| 0);
        return (
            Encoding::Cp932,
            Some(format!(
                "not UTF-8 (byte {at} is 0x{:02X}): read as Shift_JIS (CP932), which the \
                 first {} fit; --encoding forces an encoding",
                prefix.get(at).copied().unwrap_or(0),
                if at_end {
                    "bytes all".to_string()
                } else {
                    format!("{} KiB", SNIFF_BYTES / 1024)
                }
            )),
        );
    }
    (Encoding::Utf8, None)
}

/// Whether bytes that are not UTF-8 read as Japanese text in CP932 rather than as damaged
/// UTF-8: they are all CP932, without control characters other than tab, line feed, form feed
/// and carriage return (binary data is full of them), with at least two Japanese characters of
/// which one double-byte (kanji, kana...; the other may be a half-width katakana: a short
/// record with one kanji in a tag and a name in half-width katakana), and read as UTF-8 they break more often than they hold a multi-byte
/// character (so a UTF-8 record with a damaged byte stays UTF-8, and is an error right there).
fn looks_cp932(bytes: &[u8], at_end: bool) -> bool {
    if has_control(bytes) {
        return false;
    }
    let Some((doubles, katakana)) = cp932_double_chars(bytes, at_end) else {
        return false;
    };
    let (chars, breaks) = utf8_chars_and_breaks(bytes, at_end);
    doubles >= 1 && doubles + katakana >= 2 && breaks > chars
}

/// How many double-byte characters and half-width katakana `bytes` hold as CP932 (all of
/// them, or up to a character cut at the end when the stream goes on); None if they are not
/// CP932.
fn cp932_double_chars(bytes: &[u8], at_end: bool) -> Option<(usize, usize)> {
    let mut d = SHIFT_JIS.new_decoder_without_bom_handling();
    let mut scratch = vec![0u8; 16 * 1024];
    let mut src = bytes;
    let (mut doubles, mut katakana) = (0, 0);
    let half_width = '\u{FF61}'..='\u{FF9F}';
    loop {
        let (r, read, written) = d.decode_to_utf8_without_replacement(src, &mut scratch, at_end);
        src = &src[read..];
        // Single bytes decode to ASCII, U+0080 or half-width katakana (U+FF61..U+FF9F).
        if let Ok(s) = std::str::from_utf8(&scratch[..written]) {
            for c in s.chars().filter(|&c| c >= '\u{100}') {
                match half_width.contains(&c) {
                    true => katakana += 1,
                    false => doubles += 1,
                }
            }
        }
        match r {
            DecoderResult::InputEmpty => return Some((doubles, katakana)),
            DecoderResult::OutputFull => continue,
            DecoderResult::Malformed(..) => return None,
        }
    }
}

/// Read as UTF-8: how many multi-byte characters, and how many places where it breaks.
fn utf8_chars_and_breaks(bytes: &[u8], at_end: bool) -> (usize, usize) {
    let multi = |s: &[u8]| s.iter().filter(|&&b| b >= 0xC0).count();
    let (mut chars, mut breaks) = (0, 0);
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => return (chars + multi(s.as_bytes()), breaks),
            Err(e) => {
                chars += multi(&rest[..e.valid_up_to()]);
                match e.error_len() {
                    Some(n) => {
                        breaks += 1;
                        rest = &rest[e.valid_up_to() + n..];
                    }
                    // Cut at the end: a break only if the stream ends there.
                    None => return (chars, breaks + usize::from(at_end)),
                }
            }
        }
    }
}

impl<R: BufRead> Read for Decoder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(buf.len());
        buf[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Decoder<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.decoder.is_some() {
            if self.out_pos >= self.out_len {
                self.refill()?;
            }
            return Ok(&self.out[self.out_pos..self.out_len]);
        }
        // UTF-8: the bytes read to decide, then the stream itself.
        if self.prefix_pos < self.prefix.len() {
            return Ok(&self.prefix[self.prefix_pos..]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        if self.decoder.is_some() {
            self.out_pos = (self.out_pos + amt).min(self.out_len);
        } else if self.prefix_pos < self.prefix.len() {
            self.prefix_pos = (self.prefix_pos + amt).min(self.prefix.len());
            if self.prefix_pos == self.prefix.len() {
                self.prefix = Vec::new();
                self.prefix_pos = 0;
            }
        } else {
            self.inner.consume(amt);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads everything through a decoder fed in pieces of `piece` bytes.
    fn decode(bytes: &[u8], choice: Choice, piece: usize) -> (Encoding, Vec<u8>) {
        struct Pieces<'a>(&'a [u8], usize);
        impl Read for Pieces<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let r = io::BufReader::with_capacity(piece, Pieces(bytes, piece));
        let mut d = Decoder::new(r, choice).unwrap();
        let mut out = Vec::new();
        d.read_to_end(&mut out).unwrap();
        (d.encoding(), out)
    }

    const TEXT: &str = "[Event \"和将棋 対局\"]\n[Variant \"和将棋\"]\n\n1. SP-8g {歩} *\n";

    #[test]
    fn a_short_cp932_record_is_recognised_or_hinted() {
        // One kanji in a tag and a name in half-width katakana: CP932.
        let (short, _, _) = SHIFT_JIS.encode("[Event \"棋\"]\n[Black \"ｱｲｳ\"]\n\n1. SP-8g *\n");
        assert_eq!(sniff(&short, true).0, Encoding::Cp932);
        // One kanji alone: too little to decide, but the hint says what to try.
        let (one, _, _) = SHIFT_JIS.encode("[Event \"棋\"]\n\n1. SP-8g *\n");
        assert_eq!(sniff(&one, true).0, Encoding::Utf8);
        assert!(may_be_cp932(&one));
        // Binary data, bytes CP932 does not have: no hint.
        assert!(!may_be_cp932(b"[Event \"\xFD\xFE\"]"));
        assert!(!may_be_cp932(b"\x00\x8A\xBF"));
        assert!(!may_be_cp932(b"ascii"));
    }

    #[test]
    fn utf8_is_handed_on_untouched() {
        for t in [TEXT.as_bytes(), b"", b"\xEF\xBB\xBF[Variant \"wa\"]"] {
            for piece in [1, 3, 4096] {
                assert_eq!(decode(t, Choice::Auto, piece), (Encoding::Utf8, t.to_vec()));
            }
        }
        // Forced UTF-8: not even bad bytes are changed.
        let bad = b"ab\x83\x80cd";
        assert_eq!(decode(bad, Choice::Utf8, 2), (Encoding::Utf8, bad.to_vec()));
    }

    #[test]
    fn cp932_and_utf16_are_decoded_in_any_pieces() {
        let (sjis, _, bad) = SHIFT_JIS.encode(TEXT);
        assert!(!bad);
        let mut le = vec![0xFF, 0xFE];
        let mut be = vec![0xFE, 0xFF];
        for u in TEXT.encode_utf16() {
            le.extend(u.to_le_bytes());
            be.extend(u.to_be_bytes());
        }
        for piece in [1, 2, 3, 7, 4096] {
            assert_eq!(
                decode(&sjis, Choice::Auto, piece),
                (Encoding::Cp932, TEXT.as_bytes().to_vec())
            );
            assert_eq!(
                decode(&le, Choice::Auto, piece),
                (Encoding::Utf16Le, TEXT.as_bytes().to_vec())
            );
            assert_eq!(
                decode(&be, Choice::Auto, piece),
                (Encoding::Utf16Be, TEXT.as_bytes().to_vec())
            );
            // Forced: the byte-order mark still decides the byte order; none is little-endian.
            assert_eq!(decode(&be, Choice::Utf16, piece).1, TEXT.as_bytes());
            assert_eq!(decode(&le[2..], Choice::Utf16, piece).1, TEXT.as_bytes());
            assert_eq!(decode(&sjis, Choice::Cp932, piece).1, TEXT.as_bytes());
        }
    }

    #[test]
    fn the_first_64_kib_decide() {
        // UTF-8 for 64 KiB, then CP932: read as UTF-8 (the parser will stop at the bad bytes).
        let mut late = vec![b' '; SNIFF_BYTES];
        late.extend_from_slice(&SHIFT_JIS.encode(TEXT).0);
        assert_eq!(
            decode(&late, Choice::Auto, 4096),
            (Encoding::Utf8, late.clone())
        );
        // A UTF-8 character cut by the 64 KiB boundary is still UTF-8.
        let mut cut = vec![b' '; SNIFF_BYTES - 1];
        cut.extend_from_slice("和".as_bytes());
        assert_eq!(decode(&cut, Choice::Auto, 4096).0, Encoding::Utf8);
        // Damaged UTF-8 stays UTF-8: Japanese text with a bad byte; ASCII with a stray byte.
        let mut damaged = TEXT.as_bytes().to_vec();
        damaged.insert(damaged.len() - 6, 0x82);
        assert_eq!(
            decode(&damaged, Choice::Auto, 4096),
            (Encoding::Utf8, damaged.clone())
        );
        let stray = b"[Event \"x\"]\n\n1. SP-8g {a \xDB\x7D b} *\n";
        assert_eq!(
            decode(stray, Choice::Auto, 4096),
            (Encoding::Utf8, stray.to_vec())
        );
        // Neither UTF-8 nor CP932 text: UTF-8.
        for neither in [
            &b"[Event \"\xFF\xFF\"]"[..],
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
        ] {
            assert_eq!(
                decode(neither, Choice::Auto, 4096),
                (Encoding::Utf8, neither.to_vec())
            );
        }
        assert_eq!(
            decode(b"", Choice::Auto, 4096),
            (Encoding::Utf8, Vec::new())
        );
    }

    /// Bytes that do not decode are handed on so that the text is not UTF-8 right there,
    /// whatever follows them.
    #[test]
    fn undecodable_bytes_stay_invalid_utf8_where_they_are() {
        let mut cases: Vec<(Choice, Vec<u8>)> = Vec::new();
        // Every two-byte sequence CP932 refuses, then a kanji or another bad sequence.
        for a in 0x80..=0xFFu8 {
            for b in 0..=0xFFu8 {
                let pair = [a, b];
                if cp932_double_chars(&pair, true).is_none() {
                    for tail in [&[][..], &[0xA0][..], &[0x82, 0xA0][..]] {
                        let mut t = vec![b'x'];
                        t.extend_from_slice(&pair);
                        t.extend_from_slice(tail);
                        cases.push((Choice::Cp932, t));
                    }
                }
            }
        }
        // A lone surrogate, or an odd last byte, in UTF-16.
        for bad in [&[0x00, 0xD8][..], &[0x00, 0xDC], &[0x41]] {
            let mut t = vec![0xFF, 0xFE, b'x', 0];
            t.extend_from_slice(bad);
            cases.push((Choice::Auto, t.clone()));
            t.extend_from_slice(&[0x8C, 0x54]); // 和, little-endian
            if bad.len() == 2 {
                cases.push((Choice::Auto, t));
            }
        }
        for (choice, bytes) in cases {
            // Where the error must be: at the first replacement character of a lossy decoding.
            let (lossy, _) = match choice {
                Choice::Cp932 => SHIFT_JIS.decode_without_bom_handling(&bytes),
                _ => UTF_16LE.decode_with_bom_removal(&bytes),
            };
            let Some(want) = lossy.find('\u{FFFD}') else {
                continue; // The tail completed the sequence.
            };
            for piece in [1, 2, 4096] {
                let (_, out) = decode(&bytes, choice, piece);
                let e = std::str::from_utf8(&out).expect_err(&format!("{bytes:02X?}: valid"));
                assert_eq!(e.valid_up_to(), want, "{bytes:02X?} -> {out:02X?}");
                assert_eq!(&out[..want], &lossy.as_bytes()[..want]);
            }
        }
    }
}
