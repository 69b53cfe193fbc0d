//! Board geometry shared by both games: a rectangle of files × ranks.
//!
//! Squares are numbered row by row from the top-left corner as Black (sente) sees the board:
//! row 0 is the top rank (rank `a` / `一`, White's side), column 0 the left-most file (the
//! highest file number). Offsets are `(dx, dy)` with `dx > 0` towards file 1 (right, "east")
//! and `dy > 0` towards the bottom (towards Black, "south").
//!
//! Also the small vocabulary both games and the record layer share: [`Facing`] (a Gufū piece's
//! direction, written `>N`…) and [`RankStyle`] (ranks as letters `a`… or kanji `一`…). This
//! module depends on nothing else in the crate.

use serde::Serialize;
use std::fmt;

/// The two sides. Black (sente) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first mover (sente), at the bottom of the board.
    Black,
    /// The second mover (gote), at the top.
    White,
}

impl Color {
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// English name, capitalised, for the start of a sentence: `Black`, `White`.
    pub fn title(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// English name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// A square, as an index into a board of some [`Geometry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square's index, for per-square arrays (row by row from the top-left corner).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Number of files (columns).
    pub files: u8,
    /// Number of ranks (rows).
    pub ranks: u8,
}

/// Wa shogi: 11 × 11.
pub const WA: Geometry = Geometry {
    files: 11,
    ranks: 11,
};

/// Gufū shōgi: 2 files × 3 ranks.
pub const GUFU: Geometry = Geometry { files: 2, ranks: 3 };

impl Geometry {
    /// Number of squares.
    pub fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether the board has no square (never true of a real board).
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// All squares, in index order (top rank first, left file first).
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len() as u8).map(Square)
    }

    /// The square at shogi file number `file` (1 = right-most) and rank number `rank`
    /// (1 = top, i.e. rank `a` / `一`), if it is on the board.
    pub fn square(self, file: u8, rank: u8) -> Option<Square> {
        if file == 0 || rank == 0 || file > self.files || rank > self.ranks {
            return None;
        }
        let col = self.files - file;
        let row = rank - 1;
        Some(Square(row * self.files + col))
    }

    /// Shogi file number of a square (1 = right-most).
    pub fn file(self, sq: Square) -> u8 {
        self.files - sq.0 % self.files
    }

    /// Rank number of a square (1 = top, rank `a` / `一`).
    pub fn rank(self, sq: Square) -> u8 {
        sq.0 / self.files + 1
    }

    /// Column (0 = left) and row (0 = top) of a square.
    pub fn col_row(self, sq: Square) -> (i8, i8) {
        ((sq.0 % self.files) as i8, (sq.0 / self.files) as i8)
    }

    /// The square `(dx, dy)` away, if on the board.
    pub fn offset(self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        let (c, r) = self.col_row(sq);
        let (c, r) = (c as i16 + dx as i16, r as i16 + dy as i16);
        if c < 0 || r < 0 || c >= self.files as i16 || r >= self.ranks as i16 {
            return None;
        }
        Some(Square((r * self.files as i16 + c) as u8))
    }

    /// Whether two distinct squares touch (one king step apart, diagonals included).
    pub fn adjacent(self, a: Square, b: Square) -> bool {
        let (ac, ar) = self.col_row(a);
        let (bc, br) = self.col_row(b);
        a != b && (ac - bc).abs() <= 1 && (ar - br).abs() <= 1
    }
}

/// How ranks are written: `a`…`k` or `一`…`十一`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RankStyle {
    /// `a`–`k`
    #[default]
    Letter,
    /// `一`–`十一`
    Kanji,
}

const KANJI_RANKS: [&str; 11] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一",
];

/// A rank number (1 = top) as a kanji numeral, `一`…`十一` (None outside 1–11).
pub fn kanji_rank(rank: u8) -> Option<&'static str> {
    KANJI_RANKS.get(usize::from(rank).checked_sub(1)?).copied()
}

/// A rank number (1 = top) as a letter, `a`…`k` (None outside 1–11).
pub fn letter_rank(rank: u8) -> Option<char> {
    (1..=11)
        .contains(&rank)
        .then(|| char::from(b'a' + rank - 1))
}

impl RankStyle {
    /// A rank number (1 = top) in this style (`?` outside 1–11).
    pub fn rank_text(self, rank: u8) -> String {
        let text = match self {
            RankStyle::Letter => letter_rank(rank).map(String::from),
            RankStyle::Kanji => kanji_rank(rank).map(String::from),
        };
        text.unwrap_or_else(|| "?".to_string())
    }
}

/// A direction on the board, named from Black's point of view: North = towards rank `一`.
/// Gufū pieces face one of these (written `>N`, `>E`, `>S`, `>W`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Facing {
    /// `N`
    North,
    /// `E`
    East,
    /// `S`
    South,
    /// `W`
    West,
}

impl Facing {
    /// The four facings, clockwise from North.
    pub const ALL: [Facing; 4] = [Facing::North, Facing::East, Facing::South, Facing::West];

    /// The facing after a 90° clockwise turn: N → E → S → W → N.
    pub fn clockwise(self) -> Facing {
        Facing::ALL[(self as usize + 1) % 4]
    }

    /// The letter used in notation: `N`, `E`, `S`, `W`.
    pub const fn letter(self) -> char {
        match self {
            Facing::North => 'N',
            Facing::East => 'E',
            Facing::South => 'S',
            Facing::West => 'W',
        }
    }

    /// Reads `N`/`E`/`S`/`W` (either case).
    pub fn from_letter(c: char) -> Option<Facing> {
        let c = c.to_ascii_uppercase();
        Facing::ALL.into_iter().find(|f| f.letter() == c)
    }

    /// The unit vector `(dx, dy)` of this direction (dx > 0 east, dy > 0 south).
    pub fn vector(self) -> (i8, i8) {
        self.rotate((0, -1))
    }

    /// Turns a vector given for a piece facing North into the same vector for this facing.
    pub fn rotate(self, (dx, dy): (i8, i8)) -> (i8, i8) {
        match self {
            Facing::North => (dx, dy),
            Facing::East => (-dy, dx),
            Facing::South => (-dx, -dy),
            Facing::West => (dy, -dx),
        }
    }
}

/// A square written the way shogi players write it: file number, then rank number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileRank {
    /// The file number, from 1 for the right-most file as Black sees the board.
    pub file: u8,
    /// The rank number, from 1 for the top rank (`a` / `一`).
    pub rank: u8,
}

impl FileRank {
    /// The square with its rank in `style`: `7h` or `7八`.
    pub fn text(self, style: RankStyle) -> String {
        format!("{}{}", self.file, style.rank_text(self.rank))
    }
}

impl fmt::Display for FileRank {
    /// Plain `file-rank` with a letter rank (`7h`); writers choose other styles.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, (b'a' + self.rank - 1) as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wa_corners() {
        assert_eq!(WA.square(11, 1), Some(Square(0)));
        assert_eq!(WA.square(1, 1), Some(Square(10)));
        assert_eq!(WA.square(1, 11), Some(Square(120)));
        assert_eq!(WA.square(12, 1), None);
        assert_eq!(WA.square(0, 1), None);
        let s = WA.square(7, 8).unwrap();
        assert_eq!((WA.file(s), WA.rank(s)), (7, 8));
    }

    #[test]
    fn rank_styles() {
        assert_eq!(RankStyle::Kanji.rank_text(11), "十一");
        assert_eq!(RankStyle::Letter.rank_text(3), "c");
        assert_eq!(RankStyle::Letter.rank_text(12), "?");
        assert_eq!(kanji_rank(0), None);
        assert_eq!(letter_rank(11), Some('k'));
    }

    #[test]
    fn facings() {
        for f in Facing::ALL {
            assert_eq!(Facing::from_letter(f.letter()), Some(f));
            // Forward of a piece with facing f is f's own vector.
            assert_eq!(f.rotate((0, -1)), f.vector());
            // Its right-hand side is the next facing clockwise.
            assert_eq!(f.rotate((1, 0)), f.clockwise().vector());
        }
        assert_eq!(Facing::West.clockwise(), Facing::North);
        assert_eq!(Facing::North.vector(), (0, -1));
        assert_eq!(Facing::East.vector(), (1, 0));
    }

    #[test]
    fn gufu_corners() {
        // 1一 is top right, 2三 bottom left.
        assert_eq!(GUFU.square(1, 1), Some(Square(1)));
        assert_eq!(GUFU.square(2, 3), Some(Square(4)));
        assert_eq!(GUFU.offset(Square(1), 1, 0), None);
        assert_eq!(GUFU.offset(Square(0), 1, 1), Some(Square(3)));
        assert!(GUFU.adjacent(Square(0), Square(3)));
        assert!(!GUFU.adjacent(Square(0), Square(4)));
    }
}

/// A set of squares of one board (up to 128 squares: Wa's 121, Gufū's 6), bit `i` for
/// `Square(i)`; iterates in square order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether `sq` is in the set.
    pub fn contains(self, sq: Square) -> bool {
        sq.index() < 128 && self.0 & (1u128 << sq.index()) != 0
    }

    /// The set with `sq` added (a square beyond 127 is ignored).
    pub fn with(self, sq: Square) -> SquareSet {
        if sq.index() < 128 {
            SquareSet(self.0 | 1u128 << sq.index())
        } else {
            self
        }
    }

    /// The set without `sq`.
    pub fn without(self, sq: Square) -> SquareSet {
        if sq.index() < 128 {
            SquareSet(self.0 & !(1u128 << sq.index()))
        } else {
            self
        }
    }

    /// How many squares the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no square.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares, in square order.
    pub fn iter(self) -> SquareIter {
        SquareIter(self.0)
    }
}

/// The squares of a [`SquareSet`], in square order.
#[derive(Clone, Debug)]
pub struct SquareIter(u128);

impl Iterator for SquareIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareIter;

    fn into_iter(self) -> SquareIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl std::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 & o.0)
    }
}

impl std::ops::BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 | o.0)
    }
}

impl std::ops::Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

#[cfg(test)]
mod square_set_tests {
    use super::*;

    #[test]
    fn a_square_set_holds_and_lists_its_squares_in_order() {
        let s: SquareSet = [Square(120), Square(3), Square(64)].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert!(s.contains(Square(64)) && !s.contains(Square(65)));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            [Square(3), Square(64), Square(120)]
        );
        assert_eq!(s.without(Square(3)).iter().len(), 2);
        assert!((s & !s).is_empty());
        assert_eq!(s | SquareSet::EMPTY, s);
        assert!(!SquareSet::EMPTY.with(Square(200)).contains(Square(200)));
    }
}
