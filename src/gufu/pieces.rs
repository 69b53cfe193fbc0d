//! The Gufū piece table: one row per kind of piece.

use crate::betza;

/// One kind of Gufū piece.
#[derive(Debug)]
pub struct PieceRow {
    /// Letter in notation and position strings (`K`, `W`, `S`; White's King is `k` in a
    /// position string).
    pub letter: char,
    /// The letter as a string, as a diagram's English label writes it.
    pub abbr: &'static str,
    /// English name.
    pub name: &'static str,
    /// Kanji, the usual form first.
    pub kanji: &'static [&'static str],
    /// Step pattern in Betza notation for a piece facing N.
    pub betza: &'static str,
    /// Shared (Kaze, Arashi) or owned (King).
    pub shared: bool,
}

impl PieceRow {
    /// The step vectors of the pattern for a piece facing N.
    pub fn steps(&self) -> Vec<(i8, i8)> {
        betza::parse(self.betza)
            .expect("piece table Betza is valid")
            .into_iter()
            .map(|r| (r.dx, r.dy))
            .collect()
    }
}

/// King, Kaze, Arashi.
pub static PIECES: [PieceRow; 3] = [
    PieceRow {
        letter: 'K',
        abbr: "K",
        name: "King",
        kanji: &["玉", "王"],
        betza: "K",
        shared: false,
    },
    PieceRow {
        letter: 'W',
        abbr: "W",
        name: "Kaze",
        kanji: &["風"],
        betza: "fW bF",
        shared: true,
    },
    PieceRow {
        letter: 'S',
        abbr: "S",
        name: "Arashi",
        kanji: &["嵐"],
        betza: "fW sW fF",
        shared: true,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_are_the_letters() {
        for row in &PIECES {
            assert_eq!(row.abbr, row.letter.to_string());
        }
    }

    #[test]
    fn patterns() {
        assert_eq!(PIECES[0].steps().len(), 8);
        let mut kaze = PIECES[1].steps();
        kaze.sort();
        assert_eq!(kaze, vec![(-1, 1), (0, -1), (1, 1)]);
        let mut arashi = PIECES[2].steps();
        arashi.sort();
        assert_eq!(arashi, vec![(-1, -1), (-1, 0), (0, -1), (1, -1), (1, 0)]);
    }
}
