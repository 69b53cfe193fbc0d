//! Whose names a record's `Black` and `White` tags hold: kifu's convention (Black is the first
//! mover, sente) or XBoard's (White is the first mover), decided per record by its tags.

use crate::record::Record;
use crate::wa::fen;

/// Which side a record's `Black` and `White` tags name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// kifu's (and shogi's): `Black` is the first mover.
    Kifu,
    /// XBoard's: `White` is the first mover (XBoard calls the side that moves first white).
    Xboard,
}

/// The variant names XBoard writes in its `Variant` tag for Wa shogi: without drops (HaChu's
/// game) and with drops (CrazyWa's).
pub const XBOARD_VARIANTS: [&str; 2] = ["wa-shogi", "crazywa"];

impl Convention {
    /// The convention of a record: XBoard's when its tags are XBoard's, that is when its
    /// `Variant` tag is spelled as XBoard spells it (`wa-shogi` or `crazywa`, case aside) or its
    /// `FEN` has XBoard's en-passant field (`... w - 0 1`); kifu's otherwise. XBoard writes both
    /// in every Wa record it saves. The moves play no part: SAN alone does not make a record
    /// XBoard's, nor do engine coordinates make it kifu's.
    pub fn of(record: &Record) -> Convention {
        let variant = record.tag("Variant").is_some_and(|v| {
            XBOARD_VARIANTS
                .iter()
                .any(|x| v.trim().eq_ignore_ascii_case(x))
        });
        let fen = record.tag("FEN").is_some_and(fen::has_en_passant_field);
        if variant || fen {
            Convention::Xboard
        } else {
            Convention::Kifu
        }
    }

    /// A message naming the sides as kifu does (Black the first mover) with the sides named
    /// as a record of this convention names them: in XBoard's, the words `Black` and `White`
    /// (any case) are swapped, so that "Black has nothing in hand" about the first mover reads
    /// "White has nothing in hand", as the file's `[White]` tag names that player.
    pub fn name_sides(self, text: &str) -> String {
        if self == Convention::Kifu {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic()) {
            out.push_str(&rest[..start]);
            let word = &rest[start..];
            let end = word
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(word.len());
            let swapped = match &word[..end] {
                "Black" => "White",
                "White" => "Black",
                "black" => "white",
                "white" => "black",
                "BLACK" => "WHITE",
                "WHITE" => "BLACK",
                w => w,
            };
            out.push_str(swapped);
            rest = &word[end..];
        }
        out.push_str(rest);
        out
    }
}

/// The players of a record, by the order they move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players<'r> {
    /// The first mover (kifu's Black, sente; XBoard's White).
    pub first: Option<&'r str>,
    /// The second mover (kifu's White, gote; XBoard's Black).
    pub second: Option<&'r str>,
}

impl<'r> Players<'r> {
    /// The players named by a record's `Black` and `White` tags, read in its [`Convention`].
    pub fn of(record: &'r Record) -> Players<'r> {
        let (black, white) = (record.tag("Black"), record.tag("White"));
        match Convention::of(record) {
            Convention::Kifu => Players {
                first: black,
                second: white,
            },
            Convention::Xboard => Players {
                first: white,
                second: black,
            },
        }
    }
}
