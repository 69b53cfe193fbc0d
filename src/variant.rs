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
    /// "shogi"/"shōgi", macrons or doubled vowels (`Gufu`, `Gufuu`, `Gufū shōgi`, `Wa shogi`,
    /// `wa-shogi`, `crazywa`, `wa-nodrop`, `Wa shogi (no drops)`).
    pub fn from_name(s: &str) -> Option<Variant> {
        let mut n: String = s
            .to_lowercase()
            .replace('ū', "u")
            .replace('ō', "o")
            .replace("uu", "u")
            .replace("ou", "o")
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect();
        for suffix in ["shogi", "shougi"] {
            if let Some(stripped) = n.strip_suffix(suffix) {
                n = stripped.to_string();
            }
        }
        let n = n.replace("shogi", "");
        match n.as_str() {
            "gufu" | "gufushogi" => Some(Variant::Gufu),
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

impl FromStr for Variant {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::from_name(s).ok_or_else(|| format!("unknown variant '{s}' (wa, wa-nodrop, gufu)"))
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
        for s in ["wa", "Wa shogi", "wa-shogi", "WA", "crazywa", "Wa shōgi"] {
            assert_eq!(Variant::from_name(s), Some(Variant::Wa), "{s}");
        }
        for s in ["wa-nodrop", "Wa shogi (no drops)", "wa nodrops"] {
            assert_eq!(Variant::from_name(s), Some(Variant::WaNoDrop), "{s}");
        }
        for s in ["chess", "", "shogi", "w"] {
            assert_eq!(Variant::from_name(s), None, "{s}");
        }
    }
}
