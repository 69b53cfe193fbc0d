//! A position looked for in games (`kifu filter --position`): a position string read for every
//! variant it is valid in.

use super::game::PositionKey;
use super::{ConditionError, ConditionErrorKind};
use crate::Variant;

/// The variants, in the order a position string is tried.
const VARIANTS: [Variant; 3] = [Variant::Wa, Variant::WaNoDrop, Variant::Gufu];

/// A position to find, for each variant whose position string it is.
///
/// Only what is on the board, in hand and the side to move count; the move counters of the
/// string (Wa: XBoard's half-move counter and the move number; Gufū: the ply) do not.
#[derive(Clone, Debug)]
pub struct Target {
    text: String,
    keys: Vec<(Variant, PositionKey)>,
}

impl Target {
    /// Reads `text` as a position of `variant`, or of every variant it fits when `variant` is
    /// None (a Wa FEN with empty hands fits both Wa games). Err says what is wrong with it, as
    /// each variant tried reads it (kind [`ConditionErrorKind::BadPosition`]).
    pub fn parse(text: &str, variant: Option<Variant>) -> Result<Target, ConditionError> {
        let tried: Vec<Variant> = match variant {
            Some(v) => vec![v],
            None => VARIANTS.to_vec(),
        };
        let mut keys = Vec::new();
        let mut errors = Vec::new();
        for v in tried {
            match PositionKey::parse(v, text) {
                Ok(k) => keys.push((v, k)),
                Err(e) => errors.push(format!("as {v}: {e}")),
            }
        }
        if keys.is_empty() {
            return Err(ConditionError::new(
                ConditionErrorKind::BadPosition,
                format!("'{text}' is not a position string: {}", errors.join("; ")),
            ));
        }
        Ok(Target {
            text: text.to_string(),
            keys,
        })
    }

    /// The key to look for in a game of `variant` (None: the string is not a position of it).
    pub fn key(&self, variant: Variant) -> Option<&PositionKey> {
        self.keys
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, k)| k)
    }

    /// The string as given.
    pub fn text(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WA_START: &str = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1";

    #[test]
    fn counters_do_not_count_side_and_hands_do() {
        let a = Target::parse(WA_START, None).unwrap();
        let b = Target::parse(&WA_START.replace(" w 0 1", " w 7 30"), None).unwrap();
        assert_eq!(a.key(Variant::Wa), b.key(Variant::Wa));
        assert_eq!(a.key(Variant::Wa), Some(&PositionKey::start(Variant::Wa)));
        let other_side = Target::parse(&WA_START.replace(" w 0 1", " b 0 1"), None).unwrap();
        assert_ne!(a.key(Variant::Wa), other_side.key(Variant::Wa));
        let hand = WA_START.replace("ODUGWKVCLMH w", "ODUGWKVCLMH[P] w");
        let with_hand = Target::parse(&hand, Some(Variant::Wa)).unwrap();
        assert_ne!(a.key(Variant::Wa), with_hand.key(Variant::Wa));
        assert!(a.key(Variant::Gufu).is_none());
    }

    #[test]
    fn gufu_ply_does_not_count() {
        let a = Target::parse("Sske/2/KwWn b - 5", None).unwrap();
        let b = Target::parse("Sske/2/KwWn b - 9", None).unwrap();
        assert!(a.key(Variant::Gufu).is_some());
        assert_eq!(a.key(Variant::Gufu), b.key(Variant::Gufu));
        let c = Target::parse("Sske/2/KwWn w - 6", None).unwrap();
        assert_ne!(a.key(Variant::Gufu), c.key(Variant::Gufu));
        assert!(a.key(Variant::Wa).is_none());
    }

    #[test]
    fn malformed_strings_say_why() {
        let e = Target::parse("rubbish", None).unwrap_err();
        assert_eq!(e.kind(), ConditionErrorKind::BadPosition);
        let e = e.to_string();
        assert!(e.contains("not a position string"), "{e}");
        assert!(e.contains("as wa:") && e.contains("as gufu:"), "{e}");
        let e = Target::parse("Sske/2/KwWn b - 5", Some(Variant::Wa))
            .unwrap_err()
            .to_string();
        assert!(e.contains("as wa:") && !e.contains("gufu"), "{e}");
    }
}
