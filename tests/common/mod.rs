//! Helpers shared by the tests. This file builds Wa positions and names squares by hand,
//! independently of the library's own geometry and writers; [`checks`] holds what every parse
//! must satisfy, [`games`] the styles, positions and moves of games, [`mutate`] the mutators of
//! the hostile inputs, [`rng`] their random stream, [`files`] the scratch directories of the
//! tests that run the binary.
#![allow(dead_code)]

pub mod checks;
pub mod files;
pub mod games;
pub mod mutate;
pub mod rng;

use kifu::geometry::Square;
use kifu::wa;

/// Shogi square name `<file><rank letter>` → (file, rank number).
pub fn fr(name: &str) -> (u8, u8) {
    let (f, r) = name.split_at(name.len() - 1);
    (f.parse().unwrap(), r.as_bytes()[0] - b'a' + 1)
}

/// Square index as the library numbers them: row-major from the top-left (file 11, rank a).
pub fn sq(name: &str) -> Square {
    let (file, rank) = fr(name);
    Square((rank - 1) * 11 + (11 - file))
}

pub fn name(s: Square) -> String {
    let file = 11 - s.0 % 11;
    let rank = s.0 / 11;
    format!("{}{}", file, (b'a' + rank) as char)
}

/// A Wa FEN with the given pieces (`("6f", "+P")`, upper case Black), hand string
/// (e.g. "PPp" or ""), and side ("w" = Black to move, "b" = White).
pub fn fen(pieces: &[(&str, &str)], hand: &str, side: &str) -> String {
    let mut grid = vec![vec![String::new(); 11]; 11];
    for (s, p) in pieces {
        let (file, rank) = fr(s);
        grid[(rank - 1) as usize][(11 - file) as usize] = p.to_string();
    }
    let mut out = String::new();
    for (i, row) in grid.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for cell in row {
            if cell.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(cell);
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    if !hand.is_empty() {
        out.push_str(&format!("[{hand}]"));
    }
    out.push_str(&format!(" {side} 0 1"));
    out
}

pub fn wa_pos(pieces: &[(&str, &str)], hand: &str, side: &str) -> wa::Position {
    let f = fen(pieces, hand, side);
    wa::fen::parse(kifu::Variant::Wa, &f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

/// Walks from `from` by (dfile, drank) up to `n` times while on the board: the squares.
pub fn walk(from: &str, dfile: i8, drank: i8, n: u8) -> Vec<String> {
    let (mut f, mut r) = fr(from);
    let mut out = Vec::new();
    for _ in 0..n {
        let nf = f as i8 + dfile;
        let nr = r as i8 + drank;
        if !(1..=11).contains(&nf) || !(1..=11).contains(&nr) {
            break;
        }
        f = nf as u8;
        r = nr as u8;
        out.push(format!("{}{}", f, (b'a' + r - 1) as char));
    }
    out
}

/// Sorted, deduplicated list of names.
pub fn set(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v.dedup();
    v
}

/// The target squares of the piece on `from`, by name, sorted.
pub fn targets(pos: &wa::Position, from: &str) -> Vec<String> {
    set(pos.targets(sq(from)).into_iter().map(name).collect())
}
