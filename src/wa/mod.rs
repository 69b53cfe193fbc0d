//! Wa shogi: 11 × 11, 17 piece kinds, with or without drops. The rules core of the game:
//! [`Position`] (board, hands, side to move; its legal moves, check and the end of the game
//! through [`rules::Position`](crate::rules::Position)), [`Game`] (a position with the history
//! the repetition rule needs: what a record replays), the piece table ([`KINDS`]: every piece
//! as data) and position strings ([`fen`]). It knows nothing of notation or records.
//!
//! The rules enforced here are stated in `docs/rules-wa.md`.

pub mod fen;
mod game;
mod pieces;
mod position;

pub use game::Game;
pub use pieces::{Face, KINDS, KindRow, NKINDS, Promoted};
pub use position::Position;

use crate::betza::{self, LEAPS, Ray};
use crate::geometry::{Color, Square, WA};
use std::sync::OnceLock;

/// A piece kind: an index into [`KINDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// Crane King (the King).
    pub const CK: Kind = Kind(0);
    /// Cloud Eagle.
    pub const CE: Kind = Kind(1);
    /// Treacherous Fox.
    pub const TF: Kind = Kind(2);
    /// Flying Falcon.
    pub const FF: Kind = Kind(3);
    /// Running Rabbit.
    pub const RR: Kind = Kind(4);
    /// Swallow's Wings.
    pub const SW: Kind = Kind(5);
    /// Liberated Horse.
    pub const LH: Kind = Kind(6);
    /// Oxcart.
    pub const OC: Kind = Kind(7);
    /// Violent Wolf.
    pub const VW: Kind = Kind(8);
    /// Violent Stag.
    pub const VS: Kind = Kind(9);
    /// Flying Goose.
    pub const FG: Kind = Kind(10);
    /// Flying Cock.
    pub const FC: Kind = Kind(11);
    /// Strutting Crow.
    pub const SC: Kind = Kind(12);
    /// Swooping Owl.
    pub const SO: Kind = Kind(13);
    /// Blind Dog.
    pub const BD: Kind = Kind(14);
    /// Climbing Monkey.
    pub const CM: Kind = Kind(15);
    /// Sparrow Pawn.
    pub const SP: Kind = Kind(16);

    /// All kinds in table order.
    pub fn all() -> impl Iterator<Item = Kind> {
        (0..NKINDS as u8).map(Kind)
    }

    /// The kind's row in the piece table: its faces, FEN letter and flags.
    pub fn row(self) -> &'static KindRow {
        &KINDS[self.0 as usize]
    }

    /// The position of the kind in [`KINDS`] (0 to [`NKINDS`] − 1), for tables indexed by kind.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this kind has a promoted face.
    pub fn can_promote(self) -> bool {
        self.row().promoted.is_some()
    }

    /// The kind with this (unpromoted) Hodges abbreviation.
    pub fn from_abbr(abbr: &str) -> Option<Kind> {
        match abbr_slot(abbr.as_bytes()) {
            Some(i) => Kind::from_code(abbr_tables().abbr[i]),
            None => Kind::all().find(|k| k.row().face.abbr == abbr),
        }
    }

    /// The kind whose promoted face has this alias (e.g. `GB` for the promoted Sparrow Pawn).
    pub fn from_promoted_alias(alias: &str) -> Option<Kind> {
        let named = |k: &Kind| {
            k.row()
                .promoted
                .as_ref()
                .is_some_and(|p| p.alias == Some(alias))
        };
        match abbr_slot(alias.as_bytes()) {
            Some(i) => Kind::from_code(abbr_tables().alias[i]),
            None => Kind::all().find(named),
        }
    }

    /// [`Kind::from_abbr`] and [`Kind::from_promoted_alias`] for the bytes of an abbreviation
    /// of one or two ASCII capitals, as a record holds them (no UTF-8 check): the kind, and
    /// whether the abbreviation named its promoted face (by alias). None for any other bytes.
    pub fn from_capitals(letters: &[u8]) -> Option<(Kind, bool)> {
        let i = abbr_slot(letters)?;
        let t = abbr_tables();
        Kind::from_code(t.abbr[i])
            .map(|k| (k, false))
            .or_else(|| Kind::from_code(t.alias[i]).map(|k| (k, true)))
    }

    /// 0: none; otherwise the kind's index plus one (the entries of the abbreviation tables).
    fn from_code(code: u8) -> Option<Kind> {
        code.checked_sub(1).map(Kind)
    }

    /// The kind with this FEN letter (either case).
    pub fn from_letter(c: char) -> Option<Kind> {
        let c = c.to_ascii_uppercase();
        Kind::all().find(|k| k.row().letter == c)
    }
}

/// Slots of the abbreviation tables: one per string of one or two ASCII capitals.
const ABBR_SLOTS: usize = 26 * 27;

/// The slot of a string of one or two ASCII capitals (None for any other string).
fn abbr_slot(s: &[u8]) -> Option<usize> {
    let cap = |c: &u8| c.is_ascii_uppercase().then(|| usize::from(c - b'A'));
    match s {
        [a] => Some(cap(a)? * 27),
        [a, b] => Some(cap(a)? * 27 + cap(b)? + 1),
        _ => None,
    }
}

/// Kind by abbreviation and by promoted alias, for abbreviations of one or two capitals
/// (others are looked up in the piece table itself).
struct AbbrTables {
    abbr: [u8; ABBR_SLOTS],
    alias: [u8; ABBR_SLOTS],
}

fn abbr_tables() -> &'static AbbrTables {
    static T: OnceLock<AbbrTables> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = AbbrTables {
            abbr: [0; ABBR_SLOTS],
            alias: [0; ABBR_SLOTS],
        };
        // In table order, the first kind wins (as a search of the table would find it).
        let set = |slots: &mut [u8; ABBR_SLOTS], s: &str, k: Kind| {
            if let Some(i) = abbr_slot(s.as_bytes())
                && slots[i] == 0
            {
                slots[i] = k.0 + 1;
            }
        };
        for k in Kind::all() {
            set(&mut t.abbr, k.row().face.abbr, k);
            if let Some(a) = k.row().promoted.as_ref().and_then(|p| p.alias) {
                set(&mut t.alias, a, k);
            }
        }
        t
    })
}

/// A piece on the board: its side, kind and whether it is promoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side the piece belongs to (Black moves first).
    pub color: Color,
    /// The kind (the same whether promoted or not).
    pub kind: Kind,
    /// Whether the piece shows its promoted face; never true for a kind that does not promote.
    pub promoted: bool,
}

impl Piece {
    /// The face shown: the promoted one if promoted.
    pub fn face(self) -> &'static Face {
        let row = self.kind.row();
        match (self.promoted, &row.promoted) {
            (true, Some(p)) => &p.face,
            _ => &row.face,
        }
    }

    /// Index of the way this piece moves: kind × promoted.
    fn form(self) -> usize {
        self.kind.index() * 2 + self.promoted as usize
    }
}

/// A Wa move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves (capturing whatever stands on `to`), promoting or not.
    Normal {
        /// The square the piece leaves.
        from: Square,
        /// The square it arrives on.
        to: Square,
        /// Whether it promotes on this move.
        promote: bool,
    },
    /// A piece from hand is put on an empty square.
    Drop {
        /// The kind taken from hand (unpromoted).
        kind: Kind,
        /// The empty square it is put on.
        to: Square,
    },
}

/// A square of the Wa board, written and read as text: `Display` gives `7h` (Hodges, letter
/// ranks); `FromStr` reads `7h`, `7八` and engine coordinates (`g4`).
///
/// ```
/// use kifu::wa::WaSquare;
/// let sq: WaSquare = "7h".parse().unwrap();
/// assert_eq!(sq, "e4".parse().unwrap());
/// assert_eq!(sq.to_string(), "7h");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WaSquare(pub Square);

impl From<WaSquare> for Square {
    fn from(s: WaSquare) -> Square {
        s.0
    }
}

/// The squares of a move ([`rules::Move`](crate::rules::Move), in scope with
/// `use kifu::rules::Move as _`).
impl crate::rules::Move for Move {
    /// The square the piece leaves; None for a drop.
    fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// The square the piece arrives on (or is dropped on).
    fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }
}

/// Unit directions, the index used by the attack tables.
const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The largest step the step table holds, in either coordinate.
const STEP_MAX: i8 = 2;
const STEP_SIDE: usize = (2 * STEP_MAX + 1) as usize;
/// Number of squares of the board.
const NSQ: usize = 121;
/// Marks a step that leaves the board.
const OFF: u8 = u8::MAX;

/// For each square number (all 256, as `WA.offset` reads them), the square `(dx, dy)` away
/// for |dx|, |dy| <= `STEP_MAX` (or `OFF`): the geometry of [`WA`] without a division per
/// step, and without a range check on the square.
static STEPS: [[u8; STEP_SIDE * STEP_SIDE]; 256] = {
    let mut t = [[OFF; STEP_SIDE * STEP_SIDE]; 256];
    let (w, h) = (WA.files as i16, WA.ranks as i16);
    assert!((w * h) as usize == NSQ);
    let mut sq = 0;
    while sq < 256 {
        let (c, r) = (sq as i16 % w, sq as i16 / w);
        let mut i = 0;
        while i < STEP_SIDE * STEP_SIDE {
            let dx = (i % STEP_SIDE) as i16 - STEP_MAX as i16;
            let dy = (i / STEP_SIDE) as i16 - STEP_MAX as i16;
            let (c2, r2) = (c + dx, r + dy);
            if c2 >= 0 && r2 >= 0 && c2 < w && r2 < h {
                t[sq][i] = (r2 * w + c2) as u8;
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// The square `(dx, dy)` away, if on the board: `WA.offset` by table.
#[inline]
fn step(sq: Square, dx: i8, dy: i8) -> Option<Square> {
    if dx.abs() > STEP_MAX || dy.abs() > STEP_MAX {
        return WA.offset(sq, dx, dy);
    }
    let i = (dy + STEP_MAX) as usize * STEP_SIDE + (dx + STEP_MAX) as usize;
    match STEPS[sq.index()][i] {
        OFF => None,
        s => Some(Square(s)),
    }
}

/// The largest difference of two squares' columns or rows.
const SPAN: i8 = 10;
const DELTA_SIDE: usize = (2 * SPAN + 1) as usize;

/// The slot of a difference `(dx, dy)` between two squares in [`DELTAS`].
fn delta_slot(dx: i8, dy: i8) -> usize {
    (dy + SPAN) as usize * DELTA_SIDE + (dx + SPAN) as usize
}

/// Column (0 = left) and row (0 = top) of each square of the board, by table (no division).
static COL_ROW: [(i8, i8); NSQ] = {
    let mut t = [(0i8, 0i8); NSQ];
    let mut sq = 0;
    while sq < NSQ {
        t[sq] = (
            (sq % WA.files as usize) as i8,
            (sq / WA.files as usize) as i8,
        );
        sq += 1;
    }
    t
};

/// For each square and unit direction ([`DIRS`]): the squares beyond it in that direction, to
/// the edge of the board (bit `i` stands for `Square(i)`).
static RAYS: [[u128; 8]; NSQ] = {
    let mut t = [[0u128; 8]; NSQ];
    let (w, h) = (WA.files as i16, WA.ranks as i16);
    let mut sq = 0;
    while sq < NSQ {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = (DIRS[d].0 as i16, DIRS[d].1 as i16);
            let (mut c, mut r) = (sq as i16 % w + dx, sq as i16 / w + dy);
            while c >= 0 && r >= 0 && c < w && r < h {
                t[sq][d] |= 1u128 << (r * w + c);
                c += dx;
                r += dy;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// For each square: the squares one of [`LEAPS`] away from it (where a leaping attacker of
/// it may stand).
static LEAP_SOURCES: [u128; NSQ] = {
    let mut t = [0u128; NSQ];
    let (w, h) = (WA.files as i16, WA.ranks as i16);
    let mut sq = 0;
    while sq < NSQ {
        let mut l = 0;
        while l < LEAPS.len() {
            let c = sq as i16 % w - LEAPS[l].0 as i16;
            let r = sq as i16 / w - LEAPS[l].1 as i16;
            if c >= 0 && r >= 0 && c < w && r < h {
                t[sq] |= 1u128 << (r * w + c);
            }
            l += 1;
        }
        sq += 1;
    }
    t
};

/// What the difference between two squares is: a leap of [`LEAPS`] (its bit, or 0) and a
/// line ([`DIRS`] index, or 8 when the squares are not on one line) with its length.
#[derive(Clone, Copy)]
struct Delta {
    leap_bit: u16,
    dir: u8,
    dist: u8,
}

static DELTAS: [Delta; DELTA_SIDE * DELTA_SIDE] = {
    let none = Delta {
        leap_bit: 0,
        dir: 8,
        dist: 0,
    };
    let mut t = [none; DELTA_SIDE * DELTA_SIDE];
    let mut i = 0;
    while i < DELTA_SIDE * DELTA_SIDE {
        let dx = (i % DELTA_SIDE) as i8 - SPAN;
        let dy = (i / DELTA_SIDE) as i8 - SPAN;
        let mut l = 0;
        while l < LEAPS.len() {
            if LEAPS[l].0 == dx && LEAPS[l].1 == dy {
                t[i].leap_bit = 1 << l;
            }
            l += 1;
        }
        let (ax, ay) = (dx.abs(), dy.abs());
        if !(dx == 0 && dy == 0) && (ax == 0 || ay == 0 || ax == ay) {
            let unit = (dx.signum(), dy.signum());
            let mut d = 0;
            while d < 8 {
                if DIRS[d].0 == unit.0 && DIRS[d].1 == unit.1 {
                    t[i].dir = d as u8;
                }
                d += 1;
            }
            t[i].dist = if ax > ay { ax } else { ay } as u8;
        }
        i += 1;
    }
    t
};

/// The difference from `a` to `b` (squares of the board).
#[inline]
fn delta(a: Square, b: Square) -> Delta {
    let (ac, ar) = COL_ROW[a.index()];
    let (bc, br) = COL_ROW[b.index()];
    DELTAS[delta_slot(bc - ac, br - ar)]
}

/// How a piece goes from one square to another on an empty board ([`way`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// It cannot.
    None,
    /// By a leap: nothing can be in the way.
    Leap,
    /// Along the line in direction `DIRS[dir]`: the squares [`between`] must be empty.
    Line(usize),
}

/// How a piece moving as `t` goes from `from` to `to` (squares of the board), if it can.
#[inline(always)]
fn way(t: &FormTable, from: Square, to: Square) -> Way {
    let d = delta(from, to);
    let dir = usize::from(d.dir);
    if t.leaps & d.leap_bit != 0 {
        Way::Leap
    } else if dir < 8 && t.slide[dir] >= d.dist {
        Way::Line(dir)
    } else {
        Way::None
    }
}

/// The squares strictly between `a` and the square `to` beyond it in direction `dir`.
#[inline]
fn between(a: Square, to: Square, dir: usize) -> u128 {
    RAYS[a.index()][dir] & !RAYS[to.index()][dir] & !(1u128 << to.index())
}

/// The square of `set` (not empty, all on one ray in direction `dir`) nearest the ray's start.
#[inline]
fn nearest(set: u128, dir: usize) -> Square {
    // Directions 2 to 5 ((1, 0), (1, 1), (0, 1), (-1, 1)) go to higher square numbers.
    Square(if (2..=5).contains(&dir) {
        set.trailing_zeros() as u8
    } else {
        127 - set.leading_zeros() as u8
    })
}

/// The direction opposite `dir`.
#[inline]
fn back(dir: usize) -> usize {
    (dir + 4) % 8
}

/// Precomputed movement of one form (kind × promoted) for one colour.
struct FormTable {
    rays: Vec<Ray>,
    /// Slide range per unit direction (0 = none).
    slide: [u8; 8],
    /// Bit i set: the form leaps by `LEAPS[i]`.
    leaps: u16,
}

/// Movement tables, built once from the Betza strings of the piece table.
fn tables() -> &'static [[FormTable; 2]] {
    static T: OnceLock<Vec<[FormTable; 2]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut out = Vec::new();
        for kind in Kind::all() {
            for promoted in [false, true] {
                let p = Piece {
                    color: Color::Black,
                    kind,
                    promoted,
                };
                // Kinds without a promoted face get a copy of their own moves.
                let rays = betza::parse(p.face().betza).expect("piece table Betza is valid");
                let for_color = |flip: i8| {
                    let rays: Vec<Ray> = rays
                        .iter()
                        .map(|r| Ray {
                            dx: r.dx * flip,
                            dy: r.dy * flip,
                            ..*r
                        })
                        .collect();
                    let mut slide = [0u8; 8];
                    let mut leaps = 0u16;
                    for r in &rays {
                        if r.jump {
                            let i = LEAPS.iter().position(|&v| v == (r.dx, r.dy)).expect("leap");
                            leaps |= 1 << i;
                        } else {
                            let i = DIRS.iter().position(|&v| v == (r.dx, r.dy)).expect("unit");
                            slide[i] = slide[i].max(r.range);
                        }
                    }
                    FormTable { rays, slide, leaps }
                };
                out.push([for_color(1), for_color(-1)]);
            }
        }
        out
    })
}

fn table(p: Piece) -> &'static FormTable {
    &tables()[p.form()][p.color.index()]
}

/// The squares of a set (bit `i` stands for `Square(i)`), in square order.
pub(crate) fn square_list(mut set: u128) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros();
        set &= set - 1;
        Some(Square(i as u8))
    })
}

/// Whether a square is in `color`'s promotion zone (the far three ranks).
pub fn in_zone(color: Color, sq: Square) -> bool {
    let rank = WA.rank(sq);
    match color {
        Color::Black => rank <= 3,
        Color::White => rank >= 9,
    }
}

/// Whether a square is `color`'s last rank.
pub fn last_rank(color: Color, sq: Square) -> bool {
    let rank = WA.rank(sq);
    match color {
        Color::Black => rank == 1,
        Color::White => rank == 11,
    }
}

/// The squares a piece standing on `from` could move to on an empty board, and, for each,
/// the squares that must be empty on the way there.
pub fn reach(p: Piece, from: Square) -> Vec<(Square, Vec<Square>)> {
    let mut out = Vec::new();
    for r in &table(p).rays {
        let mut path = Vec::new();
        let mut cur = from;
        for _ in 0..r.range {
            match step(cur, r.dx, r.dy) {
                Some(s) => {
                    out.push((s, if r.jump { Vec::new() } else { path.clone() }));
                    path.push(s);
                    cur = s;
                }
                None => break,
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_betza_string_parses() {
        for k in Kind::all() {
            let row = k.row();
            betza::parse(row.face.betza).unwrap();
            if let Some(p) = &row.promoted {
                betza::parse(p.face.betza).unwrap();
                assert!(p.face.abbr.starts_with('+'));
                assert_eq!(&p.face.abbr[1..], row.face.abbr);
            }
        }
        assert_eq!(tables().len(), 34);
    }

    #[test]
    fn step_table_matches_the_geometry() {
        for sq in 0..=255u8 {
            for dx in -4..=4 {
                for dy in -4..=4 {
                    let sq = Square(sq);
                    assert_eq!(step(sq, dx, dy), WA.offset(sq, dx, dy), "{sq:?} {dx} {dy}");
                }
            }
        }
    }

    #[test]
    fn abbreviation_tables_match_the_piece_table() {
        let mut names: Vec<String> = vec![String::new(), "+SP".into(), "sp".into(), "SPX".into()];
        for a in b'A'..=b'Z' {
            names.push((a as char).to_string());
            for b in b'A'..=b'Z' {
                names.push(format!("{}{}", a as char, b as char));
            }
        }
        for s in &names {
            let abbr = Kind::all().find(|k| k.row().face.abbr == s);
            let alias = Kind::all().find(|k| {
                k.row()
                    .promoted
                    .as_ref()
                    .is_some_and(|p| p.alias == Some(s.as_str()))
            });
            assert_eq!(Kind::from_abbr(s), abbr, "{s}");
            assert_eq!(Kind::from_promoted_alias(s), alias, "{s}");
        }
        assert_eq!(Kind::from_abbr("SP"), Some(Kind::SP));
        assert_eq!(Kind::from_promoted_alias("GB"), Some(Kind::SP));
    }

    #[test]
    fn letters_and_abbreviations_are_unique() {
        for a in Kind::all() {
            for b in Kind::all() {
                if a != b {
                    assert_ne!(a.row().letter, b.row().letter);
                    assert_ne!(a.row().face.abbr, b.row().face.abbr);
                }
            }
        }
    }
}
