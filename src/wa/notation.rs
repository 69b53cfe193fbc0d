//! Wa moves and squares as text: Hodges (`SP-7g`, `7八`), engine coordinates (`h3g4`, `P@e5`)
//! and XBoard's SAN (`Rg4`); [`Notate`] for Wa positions; `Display`/`FromStr` for Wa moves,
//! squares and positions. Wa's side of [`crate::notation`].

use super::{Game, Kind, Move, Piece, Position, WaSquare, square_list};
use crate::Variant;
use crate::geometry::{RankStyle, Square, WA};
use crate::notation::{
    Notate, NotateError, Notation, Origin, ParseError, ParseKind, Style, hodges_square,
};
use crate::replay::MoveError;
use crate::replay::text::play_text;
use crate::rules::Position as _;
use std::fmt;

impl Notate for Position {
    fn write_move(&self, m: &Move, style: Style) -> String {
        match style.notation {
            Notation::Xboard => wa_engine(m),
            Notation::San => wa_san(self, m),
            _ => wa_hodges(self, m, style.origin(), style.ranks),
        }
    }

    /// SAN: `#` when the side to move has no legal move (mated, or without a move and not in
    /// check: in Wa both end the game), as XBoard writes it; no mark otherwise (`+` is
    /// promotion, and there is no check mark).
    fn mark(&self, style: Style) -> &'static str {
        if style.notation == Notation::San && !self.has_legal_move() {
            "#"
        } else {
            ""
        }
    }

    fn square_text(sq: Square, style: Style) -> String {
        if style.notation.engine_squares() {
            wa_engine_square(sq)
        } else {
            wa_square(sq, style.ranks)
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        play_text(&mut Game::new(self.clone()), text)
    }
}

impl Notate for Game {
    fn write_move(&self, m: &Move, style: Style) -> String {
        self.position().write_move(m, style)
    }

    fn mark(&self, style: Style) -> &'static str {
        self.position().mark(style)
    }

    fn square_text(sq: Square, style: Style) -> String {
        Position::square_text(sq, style)
    }

    /// (The repetition rule aside, which ends a game but never makes a move illegal, the
    /// position alone decides: the history is not copied.)
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        crate::replay::text::ongoing(self)?;
        self.position().parse_move(text)
    }

    fn notate(&self, m: &Move, style: Style) -> Result<String, NotateError> {
        self.check(m)?;
        self.position().notate(m, style)
    }
}

/// A Wa square: `7h` or `7八`.
pub fn wa_square(sq: Square, style: RankStyle) -> String {
    format!("{}{}", WA.file(sq), style.rank_text(WA.rank(sq)))
}

/// A Wa square in engine coordinates: files `a`–`k` from Black's left, ranks 1–11 from
/// Black's side (`11k` = `a1`, `1a` = `k11`).
pub fn wa_engine_square(sq: Square) -> String {
    format!("{}{}", wa_engine_file(sq), wa_engine_rank(sq))
}

/// A Wa square's file in engine coordinates: `a` (Black's left, shogi file 11) to `k`.
pub fn wa_engine_file(sq: Square) -> char {
    (b'a' + WA.col_row(sq).0 as u8) as char
}

/// A Wa square's rank in engine coordinates: 1 (Black's side, shogi rank k) to 11.
pub fn wa_engine_rank(sq: Square) -> u8 {
    (WA.ranks as i8 - WA.col_row(sq).1) as u8
}

/// The other pieces like the one on `from` (same side, kind and promoted state) that have a
/// legal move to `to` (promoting or not), as a set of squares: the pieces a written move must
/// be told apart from.
fn rivals(pos: &Position, p: Piece, from: Square, to: Square) -> u128 {
    let others = pos.origin_bits(p, to) & !(1u128 << from.index());
    square_list(others)
        .filter(|&f| {
            [false, true].into_iter().any(|promote| {
                pos.check_rules_reaching(&Move::Normal {
                    from: f,
                    to,
                    promote,
                })
                .is_ok()
            })
        })
        .fold(0, |set, f| set | 1u128 << f.index())
}

/// A Wa move in Hodges notation, e.g. `SP-7g`, `RR4i-5h`, `+SPx6c`, `SO*5e`, `SP-7c+`,
/// `FFx7c=`. `pos` is the position before the move.
pub fn wa_hodges(pos: &Position, m: &Move, origin: Origin, ranks: RankStyle) -> String {
    match *m {
        Move::Drop { kind, to } => {
            format!("{}*{}", kind.row().face.abbr, wa_square(to, ranks))
        }
        Move::Normal { from, to, promote } => {
            let Some(p) = pos.piece_at(from) else {
                return format!("?{}", wa_square(to, ranks));
            };
            let mut s = p.face().abbr.to_string();
            let needed = origin == Origin::Always || rivals(pos, p, from, to) != 0;
            if needed {
                s.push_str(&wa_square(from, ranks));
            }
            s.push(if pos.piece_at(to).is_some() { 'x' } else { '-' });
            s.push_str(&wa_square(to, ranks));
            let opt = Position::promotion_options(p, from, to);
            if promote {
                s.push('+');
            } else if opt.can {
                s.push('=');
            }
            s
        }
    }
}

/// A Wa move in engine coordinates: `h3g4`, `P@e5`, `c9c10+`. A declined promotion has no
/// suffix (as CrazyWa writes it).
pub fn wa_engine(m: &Move) -> String {
    match *m {
        Move::Drop { kind, to } => format!("{}@{}", kind.row().letter, wa_engine_square(to)),
        Move::Normal { from, to, promote } => format!(
            "{}{}{}",
            wa_engine_square(from),
            wa_engine_square(to),
            if promote { "+" } else { "" }
        ),
    }
}

/// A Wa move in SAN as XBoard writes it (without the `#` that depends on the position after
/// it: see [`Notate::mark`]). `pos` is the position before the move.
///
/// - A drop: the piece's letter (upper case for both sides), `@`, the square: `X@d3`.
/// - An unpromoted Sparrow Pawn: the square alone (`g8`); a capture names the origin file
///   (`dxd5`).
/// - Any other piece: `+` if promoted, the letter of its unpromoted form, the origin where
///   another piece of the same side, letter and promoted state has a legal move to the same
///   square (its file if that tells them apart, else its rank if that does, else both), `x`
///   for a capture, the square.
/// - `+` after a move that promotes; nothing after one that does not, whether or not it could
///   have.
pub fn wa_san(pos: &Position, m: &Move) -> String {
    match *m {
        Move::Drop { kind, to } => format!("{}@{}", kind.row().letter, wa_engine_square(to)),
        Move::Normal { from, to, promote } => {
            let Some(p) = pos.piece_at(from) else {
                return format!("?{}", wa_engine_square(to));
            };
            let capture = pos.piece_at(to).is_some();
            let mut s = String::with_capacity(8);
            if !p.promoted && p.kind == Kind::SP {
                if capture || wa_engine_file(from) != wa_engine_file(to) {
                    s.push(wa_engine_file(from));
                    s.push('x');
                }
            } else {
                if p.promoted {
                    s.push('+');
                }
                s.push(p.kind.row().letter);
                let rivals = rivals(pos, p, from, to);
                let on =
                    |same: fn(Square) -> u8| square_list(rivals).any(|r| same(r) == same(from));
                let same_rank = on(wa_engine_rank);
                let same_file = on(|s| wa_engine_file(s) as u8);
                if same_rank || (rivals != 0 && !same_file) {
                    s.push(wa_engine_file(from));
                }
                if same_file {
                    s.push_str(&wa_engine_rank(from).to_string());
                }
                if capture {
                    s.push('x');
                }
            }
            s.push_str(&wa_engine_square(to));
            if promote {
                s.push('+');
            }
            s
        }
    }
}

/// A Wa square in engine coordinates (`a1` … `k11`).
fn engine_square(s: &str) -> Option<Square> {
    let mut chars = s.chars();
    let file = chars.next()?;
    let col = u8::try_from(file).ok()?.checked_sub(b'a')?;
    let rank = chars.as_str();
    if col >= WA.files || !rank.bytes().all(|b| b.is_ascii_digit()) || rank.starts_with('0') {
        return None;
    }
    let rank: u8 = rank.parse().ok()?;
    if !(1..=WA.ranks).contains(&rank) {
        return None;
    }
    Some(Square((WA.ranks - rank) * WA.files + col))
}

impl fmt::Display for WaSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&wa_square(self.0, RankStyle::Letter))
    }
}

impl std::str::FromStr for WaSquare {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        hodges_square(WA, s)
            .or_else(|| engine_square(s))
            .map(WaSquare)
            .ok_or_else(|| {
                ParseError::new(
                    ParseKind::BadSquare,
                    format!("'{s}' is not a Wa square (7h, 7八 or e4)"),
                )
            })
    }
}

/// Engine coordinates: `h3g4`, `c9c10+` (promoting), `P@e5` (a drop).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&wa_engine(self))
    }
}

/// Reads engine coordinates (`h3g4`, `c9c10+`, `P@e5`), without a position: whether the move
/// is legal is for [`Position::check`] to say.
impl std::str::FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        let bad = || {
            ParseError::new(
                ParseKind::BadMove,
                format!("'{s}' is not a Wa move in engine coordinates (h3g4, c9c10+, P@e5)"),
            )
        };
        if let Some((piece, to)) = s.split_once('@') {
            let mut letters = piece.chars();
            let kind = match (letters.next(), letters.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => Kind::from_letter(c),
                _ => None,
            };
            return match (kind, engine_square(to)) {
                (Some(kind), Some(to)) => Ok(Move::Drop { kind, to }),
                _ => Err(bad()),
            };
        }
        let (squares, promote) = match s.strip_suffix('+') {
            Some(rest) => (rest, true),
            None => (s, false),
        };
        // The origin ends before the second file letter.
        let split = squares
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i)
            .ok_or_else(bad)?;
        let (from, to) = squares.split_at(split);
        match (engine_square(from), engine_square(to)) {
            (Some(from), Some(to)) => Ok(Move::Normal { from, to, promote }),
            _ => Err(bad()),
        }
    }
}

/// The position string (XBoard's FEN).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

/// The position string of the current position (XBoard's FEN).
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

/// Reads a FEN as Wa with drops (for the game without drops:
/// `from_position_string(Variant::WaNoDrop, s)`).
impl std::str::FromStr for Position {
    type Err = crate::rules::PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_position_string(Variant::Wa, s)
    }
}
