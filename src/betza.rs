//! A small Betza-notation reader: piece moves as data.
//!
//! Atoms: `W` one orthogonal step, `F` one diagonal step, `R`/`B` orthogonal/diagonal slide,
//! `K` = `WF`, `D` orthogonal 2-square leap, `A` diagonal 2-square leap, `N` knight leap.
//! A number after a step or slide atom limits its range (`F3`, `W2`: slide at most that far,
//! blocked by anything in between). Leaps (`A`, `D`, `N`) jump over anything.
//! Direction modifiers before an atom: `f` forward, `b` backward, `s` sideways (left and
//! right), `v` vertical (forward and backward), `l`/`r` left/right. For `N`, `f`/`b`/`v` pick
//! the leaps that go two ranks forward/backward and `s` the ones that go two files sideways.
//! Atoms are separated by spaces or simply written one after another (`vR fF3 bF sW`).
//!
//! Vectors are for a piece facing "up" (towards row 0): forward is `dy = -1`.

use std::fmt;

/// One line of movement: a direction, how far, and whether it jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ray {
    /// Files per step: positive towards the right (east).
    pub dx: i8,
    /// Ranks per step: negative forwards (towards row 0).
    pub dy: i8,
    /// Maximum number of repetitions of `(dx, dy)`; `u8::MAX` for unlimited.
    pub range: u8,
    /// A leap: intermediate squares are not looked at.
    pub jump: bool,
}

/// Error for a malformed Betza string (a bug in a piece table, caught by tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Which rule of the notation is broken.
    pub kind: BetzaErrorKind,
    /// What is wrong, in English, with the string quoted.
    pub message: String,
}

/// What is wrong with a Betza string ([`BetzaError::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BetzaErrorKind {
    /// Direction modifiers (`f`, `b`, `s`, `v`, `l`, `r`) with no atom after them.
    DanglingModifiers,
    /// A range that is not a number from 1 to 254.
    BadRange,
    /// A range on a leaping atom (`D`, `A`, `N`), which has none.
    RangeOnLeap,
    /// A character that is neither an atom, a modifier, a digit nor a separator.
    UnexpectedCharacter,
}

impl BetzaError {
    fn err<T>(kind: BetzaErrorKind, message: String) -> Result<T, BetzaError> {
        Err(BetzaError { kind, message })
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad Betza notation: {}", self.message)
    }
}

impl std::error::Error for BetzaError {}

/// Unlimited range.
pub const UNLIMITED_RANGE: u8 = u8::MAX;

/// Every leap vector: `A` (0..4), `D` (4..8), `N` (8..16).
pub const LEAPS: [(i8, i8); 16] = [
    (-2, -2),
    (2, -2),
    (-2, 2),
    (2, 2),
    (0, -2),
    (0, 2),
    (-2, 0),
    (2, 0),
    (-1, -2),
    (1, -2),
    (-1, 2),
    (1, 2),
    (-2, -1),
    (2, -1),
    (-2, 1),
    (2, 1),
];

/// Parses a Betza string into rays (duplicates merged, longest range kept).
pub fn parse(s: &str) -> Result<Vec<Ray>, BetzaError> {
    let mut rays: Vec<Ray> = Vec::new();
    let mut mods = String::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            ' ' | ',' => {
                if !mods.is_empty() {
                    return BetzaError::err(
                        BetzaErrorKind::DanglingModifiers,
                        format!("modifiers '{mods}' without an atom in '{s}'"),
                    );
                }
            }
            'f' | 'b' | 's' | 'v' | 'l' | 'r' => mods.push(c),
            'W' | 'F' | 'R' | 'B' | 'K' | 'D' | 'A' | 'N' => {
                let mut num = String::new();
                while i < chars.len() && chars[i].is_ascii_digit() {
                    num.push(chars[i]);
                    i += 1;
                }
                let limit: Option<u8> = if num.is_empty() {
                    None
                } else {
                    match num.parse::<u8>() {
                        Ok(n) if (1..UNLIMITED_RANGE).contains(&n) => Some(n),
                        _ => {
                            return BetzaError::err(
                                BetzaErrorKind::BadRange,
                                format!("bad range '{num}' in '{s}'"),
                            );
                        }
                    }
                };
                let (atoms, base_range, jump): (&[char], u8, bool) = match c {
                    'W' => (&['W'], 1, false),
                    'F' => (&['F'], 1, false),
                    'R' => (&['W'], UNLIMITED_RANGE, false),
                    'B' => (&['F'], UNLIMITED_RANGE, false),
                    'K' => (&['W', 'F'], 1, false),
                    'D' => (&['D'], 1, true),
                    'A' => (&['A'], 1, true),
                    _ => (&['N'], 1, true),
                };
                if jump && limit.is_some() {
                    return BetzaError::err(
                        BetzaErrorKind::RangeOnLeap,
                        format!("range on a leap in '{s}'"),
                    );
                }
                let range = limit.unwrap_or(base_range);
                for &atom in atoms {
                    for (dx, dy) in directions(atom, &mods) {
                        add(
                            &mut rays,
                            Ray {
                                dx,
                                dy,
                                range,
                                jump,
                            },
                        );
                    }
                }
                mods.clear();
            }
            _ => {
                return BetzaError::err(
                    BetzaErrorKind::UnexpectedCharacter,
                    format!("unexpected '{c}' in '{s}'"),
                );
            }
        }
    }
    if !mods.is_empty() {
        return BetzaError::err(
            BetzaErrorKind::DanglingModifiers,
            format!("trailing modifiers in '{s}'"),
        );
    }
    Ok(rays)
}

fn add(rays: &mut Vec<Ray>, ray: Ray) {
    if let Some(r) = rays
        .iter_mut()
        .find(|r| r.dx == ray.dx && r.dy == ray.dy && r.jump == ray.jump)
    {
        r.range = r.range.max(ray.range);
    } else {
        rays.push(ray);
    }
}

/// The unit vectors of an atom, filtered by modifiers (none = all directions).
fn directions(atom: char, mods: &str) -> Vec<(i8, i8)> {
    let all: Vec<(i8, i8)> = match atom {
        'W' => vec![(0, -1), (0, 1), (-1, 0), (1, 0)],
        'F' => vec![(-1, -1), (1, -1), (-1, 1), (1, 1)],
        'A' => LEAPS[0..4].to_vec(),
        'D' => LEAPS[4..8].to_vec(),
        _ => LEAPS[8..16].to_vec(),
    };
    if mods.is_empty() {
        return all;
    }
    all.into_iter()
        .filter(|&(dx, dy)| {
            mods.chars().any(|m| {
                let vertical = dy.abs() > dx.abs();
                let horizontal = dx.abs() > dy.abs();
                match m {
                    // Orthogonal and diagonal atoms: forward means any upward component;
                    // for the knight, the narrow (two ranks) leaps.
                    'f' => dy < 0 && (atom != 'N' || vertical),
                    'b' => dy > 0 && (atom != 'N' || vertical),
                    'v' => dy != 0 && (atom != 'N' || vertical) && (atom == 'N' || dx == 0),
                    's' => dx != 0 && (atom != 'N' || horizontal) && (atom == 'N' || dy == 0),
                    'l' => dx < 0,
                    _ => dx > 0,
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> Vec<(i8, i8, u8, bool)> {
        let mut v: Vec<_> = parse(s)
            .unwrap()
            .into_iter()
            .map(|r| (r.dx, r.dy, r.range, r.jump))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn atoms() {
        assert_eq!(set("fW"), vec![(0, -1, 1, false)]);
        assert_eq!(set("K").len(), 8);
        assert_eq!(set("vR"), vec![(0, -1, 255, false), (0, 1, 255, false)]);
        assert_eq!(set("sR"), vec![(-1, 0, 255, false), (1, 0, 255, false)]);
        assert_eq!(set("fF3"), vec![(-1, -1, 3, false), (1, -1, 3, false)]);
        assert_eq!(set("bW2"), vec![(0, 1, 2, false)]);
        assert_eq!(
            set("vN"),
            vec![
                (-1, -2, 1, true),
                (-1, 2, 1, true),
                (1, -2, 1, true),
                (1, 2, 1, true)
            ]
        );
        assert_eq!(set("vD"), vec![(0, -2, 1, true), (0, 2, 1, true)]);
        // Duplicates merge with the longest range: fR and W give one forward ray.
        assert_eq!(set("fR W").len(), 4);
        assert!(set("fR W").contains(&(0, -1, 255, false)));
    }

    #[test]
    fn errors() {
        let kind = |s| parse(s).unwrap_err().kind;
        assert_eq!(kind("fX"), BetzaErrorKind::UnexpectedCharacter);
        assert_eq!(kind("f"), BetzaErrorKind::DanglingModifiers);
        assert_eq!(kind("f W"), BetzaErrorKind::DanglingModifiers);
        assert_eq!(kind("A3"), BetzaErrorKind::RangeOnLeap);
        assert_eq!(kind("W0"), BetzaErrorKind::BadRange);
    }
}
