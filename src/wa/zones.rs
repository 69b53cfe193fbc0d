//! The promotion zone and the last rank of each side.

use super::*;

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
