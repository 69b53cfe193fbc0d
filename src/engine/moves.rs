//! Moves as engines write them, read on a position and checked through the rules core: an
//! engine's word is never trusted.

use std::fmt;

use crate::geometry::{FileRank, WA};
use crate::rules::{IllegalMove, Position as _};
use crate::wa::notation::{wa_engine, wa_engine_file, wa_engine_rank, wa_san};
use crate::wa::{Move, Position};

/// Reads a move in engine coordinates as engines write them (`h3g4`, `c9c10+`, `c9c10=`,
/// `P@e5`, `p*e5`, marks `#`, `!`, `?` ignored) into a move of this shape, legal or not: the
/// forms [`Move`]'s `FromStr` reads, and the variants engines use.
fn read_coordinates(text: &str) -> Option<Move> {
    let t = text.trim_end_matches(['#', '!', '?']);
    let t = t.strip_suffix('=').unwrap_or(t);
    let b = t.as_bytes();
    // A drop, `P@e5` or `p*e5` (byte 1 is ASCII, so byte 0 is a whole character).
    if b.len() >= 2 && (b[1] == b'@' || b[1] == b'*') {
        let drop = format!("{}@{}", char::from(b[0]).to_ascii_uppercase(), &t[2..]);
        return drop.parse().ok();
    }
    t.parse().ok()
}

/// Why an engine's move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// The move as the engine wrote it.
    pub text: String,
    /// Whether it names no move, or which rule it breaks.
    pub kind: BadMoveKind,
    /// Why it cannot be played, in English, squares in engine coordinates.
    pub reason: String,
}

/// What is wrong with an engine's move ([`BadMove::kind`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMoveKind {
    /// Not a move in engine coordinates (nor, from an engine that speaks SAN, the SAN of
    /// exactly one legal move).
    Unreadable,
    /// A move of the right form that breaks this rule.
    Illegal(IllegalMove),
}

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.text, self.reason)
    }
}

impl std::error::Error for BadMove {}

/// Reads `text` (engine coordinates, or XBoard's SAN when `san`) on `pos` and checks it
/// through the rules: the legal move it names, or why it names none.
pub fn read(pos: &Position, text: &str, san: bool) -> Result<Move, BadMove> {
    let bad = |kind: BadMoveKind, reason: String| BadMove {
        text: text.to_string(),
        kind,
        reason,
    };
    if let Some(m) = read_coordinates(text) {
        return match pos.check(&m) {
            Ok(()) => Ok(m),
            Err(e) => {
                let reason = e.describe_with(&engine_square);
                Err(bad(BadMoveKind::Illegal(e), reason))
            }
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
        return Err(bad(
            BadMoveKind::Unreadable,
            "no legal move is written so in SAN".into(),
        ));
    }
    Err(bad(
        BadMoveKind::Unreadable,
        "not a move in engine coordinates".into(),
    ))
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
        assert!(matches!(e.kind, BadMoveKind::Illegal(_)), "{e:?}");
        assert_eq!(e.to_string(), format!("h3h4: {}", e.reason));
        let e = read(&pos, "h3", false).unwrap_err();
        assert_eq!(e.kind, BadMoveKind::Unreadable);
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
