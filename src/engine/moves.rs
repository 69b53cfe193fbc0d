//! Moves as engines write them, read on a position and checked through the rules core: an
//! engine's word is never trusted.

use crate::geometry::{FileRank, Square, WA};
use crate::notation::{wa_engine, wa_engine_file, wa_engine_rank, wa_san};
use crate::rules::Position as _;
use crate::wa::{Kind, Move, Position};

/// A square in engine coordinates (`a1`..`k11`).
fn square(s: &str) -> Option<(Square, &str)> {
    let b = s.as_bytes();
    let file = *b.first()?;
    if !(b'a'..=b'k').contains(&file) {
        return None;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let rank: u8 = s[1..1 + digits].parse().ok()?;
    if !(1..=WA.ranks).contains(&rank) {
        return None;
    }
    let col = file - b'a';
    let sq = WA.square(WA.files - col, WA.ranks + 1 - rank)?;
    Some((sq, &s[1 + digits..]))
}

/// Reads a move in engine coordinates (`h3g4`, `c9c10+`, `c9c10=`, `P@e5`, `p*e5`, marks
/// `#`, `!`, `?` ignored) into a move of this shape, legal or not.
pub fn read_coordinates(text: &str) -> Option<Move> {
    let t = text.trim_end_matches(['#', '!', '?']);
    let b = t.as_bytes();
    if b.len() >= 2 && (b[1] == b'@' || b[1] == b'*') {
        let kind = Kind::from_letter(b[0] as char)?;
        let (to, rest) = square(&t[2..])?;
        return rest.is_empty().then_some(Move::Drop { kind, to });
    }
    let (from, rest) = square(t)?;
    let (to, rest) = square(rest)?;
    let promote = match rest {
        "" | "=" => false,
        "+" => true,
        _ => return None,
    };
    Some(Move::Normal { from, to, promote })
}

/// Why an engine's move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// The move as the engine wrote it.
    pub text: String,
    /// Why it cannot be played (the rule it breaks, or why it names no move).
    pub reason: String,
}

/// Reads `text` (engine coordinates, or XBoard's SAN when `san`) on `pos` and checks it
/// through the rules: the legal move it names, or why it names none.
pub fn read(pos: &Position, text: &str, san: bool) -> Result<Move, BadMove> {
    let bad = |reason: String| BadMove {
        text: text.to_string(),
        reason,
    };
    if let Some(m) = read_coordinates(text) {
        return match pos.check(&m) {
            Ok(()) => Ok(m),
            Err(e) => Err(bad(e.describe_with(&engine_square))),
        };
    }
    if san {
        let t = text.trim_end_matches(['#', '!', '?']);
        let found: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| wa_san(pos, m) == t)
            .collect();
        if let [m] = found[..] {
            return Ok(m);
        }
        return Err(bad("no legal move is written so in SAN".into()));
    }
    Err(bad("not a move in engine coordinates".into()))
}

/// A move as kifu sends it to an engine: engine coordinates (`h3g4`, `c9c10+`, `P@e5`), or
/// XBoard's SAN.
pub fn write(pos: &Position, m: &Move, san: bool) -> String {
    if san { wa_san(pos, m) } else { wa_engine(m) }
}

/// A square of a rules message in engine coordinates.
fn engine_square(fr: FileRank) -> String {
    WA.square(fr.file, fr.rank)
        .map(|sq| format!("{}{}", wa_engine_file(sq), wa_engine_rank(sq)))
        .unwrap_or_else(|| fr.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn engine_moves_are_checked() {
        let pos = Position::start(Variant::Wa);
        let m = read(&pos, "h3g4", false).unwrap();
        assert_eq!(wa_engine(&m), "h3g4");
        assert_eq!(read(&pos, "h3g4#", false).unwrap(), m);
        let e = read(&pos, "h3h4", false).unwrap_err();
        assert!(e.reason.contains("own piece"), "{e:?}");
        assert!(read(&pos, "P@e5", false).is_err());
        assert!(read(&pos, "z9z9", false).is_err());
        assert!(read(&pos, "h3g4x", false).is_err());
        assert!(read(&pos, "a12a11", false).is_err());
        // SAN when the engine speaks it.
        assert_eq!(read(&pos, "Rg4", true).unwrap(), m);
        assert!(read(&pos, "Rg4", false).is_err());
        for m in pos.legal_moves() {
            assert_eq!(read(&pos, &write(&pos, &m, false), false).unwrap(), m);
            assert_eq!(read(&pos, &write(&pos, &m, true), true).unwrap(), m);
        }
    }

    #[test]
    fn coordinates() {
        assert_eq!(
            read_coordinates("p*e5"),
            read_coordinates("P@e5"),
            "drop letters in either case"
        );
        let Some(Move::Normal { promote, .. }) = read_coordinates("c9c10+") else {
            panic!()
        };
        assert!(promote);
        let Some(Move::Normal { promote, .. }) = read_coordinates("c9c10=") else {
            panic!()
        };
        assert!(!promote);
    }
}
