//! Wa's pieces as values: a kind (an index into the piece table, with its abbreviations read back) and a piece (a kind with its side and face).

use super::*;

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
    pub(super) fn form(self) -> usize {
        self.kind.index() * 2 + self.promoted as usize
    }
}
