//! The games kifu knows (Wa shogi with drops, Wa shogi without drops, Gufū shōgi), and the
//! names records and users give them: what a `Variant` tag or `--variant` selects.

use std::fmt;
use std::str::FromStr;

/// A game kifu can replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Wa shogi with drops (CrazyWa's `crazywa`).
    Wa,
    /// Wa shogi without drops (HaChu's `wa-shogi`).
    WaNoDrop,
    /// Gufū shōgi.
    Gufu,
}

impl Variant {
    /// Stable name: `wa`, `wa-nodrop`, `gufu`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Wa => "wa",
            Variant::WaNoDrop => "wa-nodrop",
            Variant::Gufu => "gufu",
        }
    }

    /// Whether pieces can be dropped: Wa with drops and Gufū (Wa without drops: no).
    pub fn drops(self) -> bool {
        self != Variant::WaNoDrop
    }

    /// Whether records of this variant number every ply (Gufū, as shogi records do) rather
    /// than move pairs (Wa, as XBoard and chess records do).
    pub fn numbers_every_ply(self) -> bool {
        self == Variant::Gufu
    }

    /// Reads a name as records and users write it: case-insensitive, with or without
    /// "shogi"/"shōgi"/"将棋", macrons or doubled vowels, in Latin letters or kanji (`Gufu`,
    /// `Gufuu`, `Gufū shōgi`, `颶風将棋`, `Wa shogi`, `和将棋`, `Wa shōgi (和将棋)`, `crazywa`,
    /// `wa-nodrop`, `Wa shogi (no drops)`).
    ///
    /// XBoard's variant names mean what XBoard means by them: `wa-shogi` (written so, with the
    /// hyphen) is the game HaChu plays, without drops; `crazywa` is the game with drops.
    pub fn from_name(s: &str) -> Option<Variant> {
        if s.trim().eq_ignore_ascii_case("wa-shogi") {
            return Some(Variant::WaNoDrop);
        }
        let n: String = s
            .to_lowercase()
            .replace('ū', "u")
            .replace('ō', "o")
            .replace("uu", "u")
            .replace("ou", "o")
            .replace('將', "将")
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect();
        let n = n
            .replace("shogi", "")
            .replace("将棋", "")
            .replace('和', "wa")
            .replace("颶風", "gufu");
        // The name in both scripts (`Wa shōgi (和将棋)`): once is enough.
        let half = n.len() / 2;
        let n = match n.split_at_checked(half) {
            Some((a, b)) if a == b && !a.is_empty() => a,
            _ => n.as_str(),
        };
        match n {
            "gufu" => Some(Variant::Gufu),
            "wa" | "crazywa" | "wadrops" | "wawithdrops" => Some(Variant::Wa),
            "wanodrop" | "wanodrops" | "wawithoutdrops" | "hachuwa" => Some(Variant::WaNoDrop),
            _ => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a name as [`Variant::from_name`] does; an unknown name is an `unknown_variant`.
impl FromStr for Variant {
    type Err = crate::notation::ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::from_name(s).ok_or_else(|| crate::notation::ParseError {
            kind: crate::notation::ParseKind::UnknownVariant,
            message: format!("unknown variant '{s}' (wa, wa-nodrop, gufu)"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        for s in ["gufu", "Gufu", "GUFUU", "Gufū shōgi", "Gufuu shogi", "gufū"] {
            assert_eq!(Variant::from_name(s), Some(Variant::Gufu), "{s}");
        }
        for s in ["颶風将棋", "颶風將棋", "颶風", " Gufū shōgi "] {
            assert_eq!(Variant::from_name(s), Some(Variant::Gufu), "{s}");
        }
        for s in [
            "wa",
            "Wa shogi",
            "WA",
            "crazywa",
            "CrazyWa",
            "Wa shōgi",
            "Wa Shogi (with drops)",
            "和将棋",
            "和將棋",
            "Wa shōgi (和将棋)",
        ] {
            assert_eq!(Variant::from_name(s), Some(Variant::Wa), "{s}");
        }
        // XBoard's names: `wa-shogi` is HaChu's game, without drops; `crazywa` has drops.
        for s in [
            "wa-nodrop",
            "Wa shogi (no drops)",
            "wa nodrops",
            "wa-shogi",
            "Wa-Shogi",
            " wa-shogi ",
        ] {
            assert_eq!(Variant::from_name(s), Some(Variant::WaNoDrop), "{s}");
        }
        for s in ["chess", "", "shogi", "w", "将棋", "wawa wa", "gufu wa"] {
            assert_eq!(Variant::from_name(s), None, "{s}");
        }
    }
}
