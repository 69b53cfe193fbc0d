//! The tables the move generator reads: steps, rays and leaps from every square, the relation of two squares, each piece's ways of moving, and the squares a piece reaches on an empty board.

use super::*;

/// Unit directions, the index used by the attack tables.
pub(super) const DIRS: [(i8, i8); 8] = [
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
pub(super) const STEP_MAX: i8 = 2;
pub(super) const STEP_SIDE: usize = (2 * STEP_MAX + 1) as usize;
/// Number of squares of the board.
pub(super) const NSQ: usize = 121;
/// Marks a step that leaves the board.
pub(super) const OFF: u8 = u8::MAX;

/// For each square number (all 256, as `WA.offset` reads them), the square `(dx, dy)` away
/// for |dx|, |dy| <= `STEP_MAX` (or `OFF`): the geometry of [`WA`] without a division per
/// step, and without a range check on the square.
pub(super) static STEPS: [[u8; STEP_SIDE * STEP_SIDE]; 256] = {
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
pub(super) fn step(sq: Square, dx: i8, dy: i8) -> Option<Square> {
    match step_slot(dx, dy) {
        Some(slot) => step_in(sq, slot),
        None => WA.offset(sq, dx, dy),
    }
}

/// The slot of the step `(dx, dy)` in a row of [`STEPS`] (None for a step longer than
/// `STEP_MAX` either way).
pub(super) fn step_slot(dx: i8, dy: i8) -> Option<usize> {
    (dx.abs() <= STEP_MAX && dy.abs() <= STEP_MAX)
        .then(|| (dy + STEP_MAX) as usize * STEP_SIDE + (dx + STEP_MAX) as usize)
}

/// The square one step of slot `slot` ([`step_slot`]) away from `sq`, if on the board.
#[inline]
pub(super) fn step_in(sq: Square, slot: usize) -> Option<Square> {
    match STEPS[sq.index()].get(slot) {
        Some(&OFF) | None => None,
        Some(&s) => Some(Square(s)),
    }
}

/// The largest difference of two squares' columns or rows.
pub(super) const SPAN: i8 = 10;
pub(super) const DELTA_SIDE: usize = (2 * SPAN + 1) as usize;

/// The slot of a difference `(dx, dy)` between two squares in [`DELTAS`].
pub(super) fn delta_slot(dx: i8, dy: i8) -> usize {
    (dy + SPAN) as usize * DELTA_SIDE + (dx + SPAN) as usize
}

/// Column (0 = left) and row (0 = top) of each square of the board, by table (no division).
pub(super) static COL_ROW: [(i8, i8); NSQ] = {
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
pub(super) static RAYS: [[u128; 8]; NSQ] = {
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
pub(super) static LEAP_SOURCES: [u128; NSQ] = {
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
pub(super) struct Delta {
    pub(super) leap_bit: u16,
    pub(super) dir: u8,
    pub(super) dist: u8,
}

pub(super) static DELTAS: [Delta; DELTA_SIDE * DELTA_SIDE] = {
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
pub(super) fn delta(a: Square, b: Square) -> Delta {
    let (ac, ar) = COL_ROW[a.index()];
    let (bc, br) = COL_ROW[b.index()];
    DELTAS[delta_slot(bc - ac, br - ar)]
}

/// How a piece goes from one square to another on an empty board ([`way`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Way {
    /// It cannot.
    None,
    /// By a leap: nothing can be in the way.
    Leap,
    /// Along the line in direction `DIRS[dir]`: the squares [`between`] must be empty.
    Line(usize),
}

/// How a piece moving as `t` goes from `from` to `to` (squares of the board), if it can.
#[inline(always)]
pub(super) fn way(t: &FormTable, from: Square, to: Square) -> Way {
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
pub(super) fn between(a: Square, to: Square, dir: usize) -> u128 {
    RAYS[a.index()][dir] & !RAYS[to.index()][dir] & !(1u128 << to.index())
}

/// The square of `set` (not empty, all on one ray in direction `dir`) nearest the ray's start.
#[inline]
pub(super) fn nearest(set: u128, dir: usize) -> Square {
    // Directions 2 to 5 ((1, 0), (1, 1), (0, 1), (-1, 1)) go to higher square numbers.
    Square(if (2..=5).contains(&dir) {
        set.trailing_zeros() as u8
    } else {
        127 - set.leading_zeros() as u8
    })
}

/// The direction opposite `dir`.
#[inline]
pub(super) fn back(dir: usize) -> usize {
    (dir + 4) % 8
}

/// Precomputed movement of one form (kind × promoted) for one colour.
pub(super) struct FormTable {
    pub(super) rays: Vec<Ray>,
    /// For each of `rays`, the slot of its step in a row of [`STEPS`] ([`step_slot`]; None:
    /// a step too long for the table), found once for the walks along it.
    pub(super) ray_slots: Vec<Option<usize>>,
    /// Slide range per unit direction (0 = none).
    pub(super) slide: [u8; 8],
    /// Bit i set: the form leaps by `LEAPS[i]`.
    pub(super) leaps: u16,
    /// For each square, the squares from which the form reaches it on an empty board (bit
    /// `i`: `Square(i)`): where a piece must stand to attack a square, before the way is
    /// looked at.
    pub(super) reached_from: [u128; NSQ],
    /// For each square, the squares the form reaches from it on an empty board: where a
    /// piece there may move, before the way is looked at.
    pub(super) reach: [u128; NSQ],
    /// For each square, the squares from which the form reaches it by a leap (nothing can be
    /// in the way: see [`way`]).
    pub(super) leaped_from: [u128; NSQ],
    /// For each square, the squares from which a piece of this form reaches it on an empty
    /// board once moved, as it is or promoted (`reached_from` of both forms, for an
    /// unpromoted form that can promote): where a move of it may land to give check.
    pub(super) reached_once_moved: [u128; NSQ],
}

/// Movement tables, built once from the Betza strings of the piece table.
pub(super) fn tables() -> &'static [[FormTable; 2]] {
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
                    let mut reached_from = [0u128; NSQ];
                    let mut reach = [0u128; NSQ];
                    let mut leaped_from = [0u128; NSQ];
                    for (from, reach) in reach.iter_mut().enumerate() {
                        for r in &rays {
                            let mut cur = Square(from as u8);
                            for _ in 0..r.range {
                                let Some(s) = step(cur, r.dx, r.dy) else {
                                    break;
                                };
                                reached_from[s.index()] |= 1u128 << from;
                                *reach |= 1u128 << s.index();
                                if r.jump {
                                    leaped_from[s.index()] |= 1u128 << from;
                                }
                                cur = s;
                            }
                        }
                    }
                    FormTable {
                        ray_slots: rays.iter().map(|r| step_slot(r.dx, r.dy)).collect(),
                        rays,
                        slide,
                        leaps,
                        reached_from,
                        reach,
                        leaped_from,
                        reached_once_moved: reached_from,
                    }
                };
                out.push([for_color(1), for_color(-1)]);
            }
            if kind.can_promote() {
                let n = out.len();
                let (unpromoted, promoted) = out.split_at_mut(n - 1);
                for (u, p) in unpromoted[n - 2].iter_mut().zip(&promoted[0]) {
                    for (sq, by) in u.reached_once_moved.iter_mut().enumerate() {
                        *by |= p.reached_from[sq];
                    }
                }
            }
        }
        out
    })
}

pub(super) fn table(p: Piece) -> &'static FormTable {
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
