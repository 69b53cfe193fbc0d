//! Gufū moves and squares as text (Hodges style, `K*2三>W`; kifu's coordinate form
//! `2c1c>E`); [`Notate`] for Gufū positions; `Display`/`FromStr` for Gufū moves, squares and
//! positions. Gufū's side of [`crate::notation`].

use super::{GufuSquare, Move, PieceId, Position, posstr};
use crate::Variant;
use crate::geometry::{GUFU, RankStyle, Square};
use crate::notation::{Notate, Origin, ParseError, ParseKind, Style, hodges_square};
use crate::replay::MoveError;
use crate::replay::text::play_text;
use crate::rules::{Position as _, Status, Termination};
use std::fmt;

impl Notate for Position {
    fn write_move(&self, m: &Move, style: Style) -> String {
        gufu_move(self, m, style.origin(), style.ranks)
    }

    /// `#` if the move mated, `+` if it gave check, nothing otherwise (and nothing for a move
    /// that captured a King).
    fn mark(&self, _style: Style) -> &'static str {
        match self.status() {
            Status::Over(o) if o.termination == Termination::Checkmate => "#",
            Status::Over(o) if o.termination == Termination::KingCaptured => "",
            _ if self.in_check() => "+",
            _ => "",
        }
    }

    fn square_text(sq: Square, style: Style) -> String {
        gufu_square(sq, style.ranks)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        play_text(&mut self.clone(), text)
    }
}

/// A Gufū square: `2三` or `2c`.
pub fn gufu_square(sq: Square, style: RankStyle) -> String {
    format!("{}{}", GUFU.file(sq), style.rank_text(GUFU.rank(sq)))
}

/// A Gufū move in the spec's notation, e.g. `K*2三>W`, `S-1一>N`, `Wx2二>S`, `K:1二>E`
/// (without check marks; see [`Notate::mark`]). `pos` is the position before the move.
pub fn gufu_move(pos: &Position, m: &Move, origin: Origin, ranks: RankStyle) -> String {
    let letter = |id: PieceId| id.row().letter;
    match *m {
        Move::Drop { piece, to, facing } => {
            format!(
                "{}*{}>{}",
                letter(piece),
                gufu_square(to, ranks),
                facing.letter()
            )
        }
        Move::Turn { at, facing } => {
            let l = pos.piece_at(at).map(|p| letter(p.id)).unwrap_or('?');
            format!("{}:{}>{}", l, gufu_square(at, ranks), facing.letter())
        }
        Move::Step { from, to, facing } => {
            let l = pos.piece_at(from).map(|p| letter(p.id)).unwrap_or('?');
            let action = if pos.piece_at(to).is_some() { 'x' } else { '-' };
            // Each Gufū piece exists once: the origin is never needed to tell pieces apart.
            let o = match origin {
                Origin::Always => gufu_square(from, ranks),
                Origin::WhereNeeded => String::new(),
            };
            format!(
                "{}{}{}{}>{}",
                l,
                o,
                action,
                gufu_square(to, ranks),
                facing.letter()
            )
        }
    }
}

impl fmt::Display for GufuSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&gufu_square(self.0, RankStyle::Letter))
    }
}

impl std::str::FromStr for GufuSquare {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        hodges_square(GUFU, s).map(GufuSquare).ok_or_else(|| {
            ParseError::new(
                ParseKind::BadSquare,
                format!("'{s}' is not a Gufū square (2c or 2三)"),
            )
        })
    }
}

/// kifu's coordinate form of a Gufū move (Gufū has no engine coordinates), letter ranks: a
/// step `2c1c>E` (origin, target, facing after), a turn in place `1b1b>N`, a drop `K@2c>N`
/// (`K` Black's King, `k` White's, `W` Kaze, `S` Arashi, as in position strings).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = |s: Square| gufu_square(s, RankStyle::Letter);
        match *self {
            Move::Step { from, to, facing } => {
                write!(f, "{}{}>{}", sq(from), sq(to), facing.letter())
            }
            Move::Turn { at, facing } => {
                write!(f, "{}{}>{}", sq(at), sq(at), facing.letter())
            }
            Move::Drop { piece, to, facing } => write!(
                f,
                "{}@{}>{}",
                posstr::letter_of(piece),
                sq(to),
                facing.letter()
            ),
        }
    }
}

/// Reads the coordinate form `Display` writes.
impl std::str::FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        let bad = || {
            ParseError::new(
                ParseKind::BadMove,
                format!("'{s}' is not a Gufū move in coordinates (2c1c>E, 1b1b>N, K@2c>N)"),
            )
        };
        let (body, facing) = s.rsplit_once('>').ok_or_else(bad)?;
        let mut f = facing.chars();
        let facing = match (f.next(), f.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => {
                crate::geometry::Facing::from_letter(c).ok_or_else(bad)?
            }
            _ => return Err(bad()),
        };
        let square = |t: &str| {
            let b = t.as_bytes();
            match b {
                [_, r] if r.is_ascii_lowercase() => hodges_square(GUFU, t),
                _ => None,
            }
        };
        if let Some((piece, to)) = body.split_once('@') {
            let mut letters = piece.chars();
            let piece = match (letters.next(), letters.next()) {
                (Some(c), None) => posstr::id_of(c),
                _ => None,
            };
            return match (piece, square(to)) {
                (Some(piece), Some(to)) => Ok(Move::Drop { piece, to, facing }),
                _ => Err(bad()),
            };
        }
        let (from, to) = (body.get(..2), body.get(2..));
        match (from.and_then(square), to.and_then(square)) {
            (Some(at), Some(to)) if at == to => Ok(Move::Turn { at, facing }),
            (Some(from), Some(to)) => Ok(Move::Step { from, to, facing }),
            _ => Err(bad()),
        }
    }
}

/// kifu's Gufū position string (`2/2/2 b KkWS 1`).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

/// Reads kifu's Gufū position string.
impl std::str::FromStr for Position {
    type Err = crate::rules::PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_position_string(Variant::Gufu, s)
    }
}
