//! Writing moves and squares as text: Hodges style for both games, engine coordinates and
//! XBoard's SAN for Wa, in a [`Style`] (notation and rank style); every game writes its moves
//! through [`Notate`]. (Reading is the grammar's job, in `record`; resolving a written move
//! against a position is the replay layer's.)

use crate::geometry::{GUFU, Square, WA};
use crate::rules::{Position, Status, Termination};
use crate::{Variant, gufu, wa};

pub use crate::geometry::RankStyle;

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// Hodges style, origin only where needed.
    #[default]
    Hodges,
    /// Hodges style, origin always.
    Long,
    /// Engine coordinates (Wa only; Gufū moves are written in Hodges style).
    Xboard,
    /// SAN exactly as XBoard writes Wa moves (`Rg4`, `+Pfg8`, `dxd5`, `X@d3`, `Fb3+`, `+Fe2#`;
    /// Wa only; Gufū moves are written in Hodges style).
    San,
}

impl Notation {
    /// Whether moves are written in XBoard's squares (engine coordinates or SAN).
    pub fn engine_squares(self) -> bool {
        matches!(self, Notation::Xboard | Notation::San)
    }

    /// Whether the moves of `variant` can be written in this notation: engine coordinates
    /// and SAN exist only for Wa (the writers fall back to Hodges style for a Gufū game; a
    /// program that promised one of them says [`Unsupported`] instead).
    pub fn writes(self, variant: Variant) -> Result<(), Unsupported> {
        if self.engine_squares() && variant == Variant::Gufu {
            return Err(Unsupported {
                notation: self,
                variant,
            });
        }
        Ok(())
    }
}

/// A game asked for in a notation that has no way to write its moves (see
/// [`Notation::writes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported {
    pub notation: Notation,
    pub variant: Variant,
}

impl Unsupported {
    /// The stable name of this problem, as diagnostics give it.
    pub const KIND: &'static str = "unsupported_notation";

    /// Why the game cannot be written so.
    pub fn message(&self) -> String {
        let (what, exist) = match self.notation {
            Notation::San => ("XBoard's SAN", "exists"),
            Notation::Xboard => ("engine coordinates", "exist"),
            Notation::Hodges | Notation::Long => ("this notation", "exists"),
        };
        let game = match self.variant {
            Variant::Gufu => "Gufū",
            v => v.name(),
        };
        format!("a {game} game cannot be written in {what}, which {exist} only for Wa")
    }
}

/// How moves and squares are written: the notation and the rank style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub notation: Notation,
    pub ranks: RankStyle,
}

impl Style {
    /// The usual style of a variant: Gufū kanji ranks, Wa letter ranks, Hodges notation.
    pub fn default_for(variant: Variant) -> Style {
        Style {
            notation: Notation::Hodges,
            ranks: match variant {
                Variant::Gufu => RankStyle::Kanji,
                _ => RankStyle::Letter,
            },
        }
    }

    /// Whether the origin square is written always or only where needed.
    fn origin(self) -> Origin {
        match self.notation {
            Notation::Long => Origin::Always,
            _ => Origin::WhereNeeded,
        }
    }
}

/// A game's moves and squares as text, in the notation of its rules.
pub trait Notate: Position {
    /// `m` (a move of this position) as written in `style`, without the marks that depend on
    /// the position after it (see [`Notate::mark`]).
    fn write_move(&self, m: &Self::Move, style: Style) -> String;
    /// The mark a move that led to this position earns in `style` (Gufū: `#` for mate, `+`
    /// for check; Wa: none, its `+` is promotion).
    fn mark(&self, _style: Style) -> &'static str {
        ""
    }
    /// `m` as written in `style`, with its marks: `self` is the position before the move,
    /// `after` the position after it.
    fn move_text(&self, m: &Self::Move, after: &Self, style: Style) -> String {
        let mut text = self.write_move(m, style);
        text.push_str(after.mark(style));
        text
    }
    /// A square of this game's board in `style`.
    fn square_text(sq: Square, style: Style) -> String;
}

impl Notate for wa::Position {
    fn write_move(&self, m: &wa::Move, style: Style) -> String {
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
}

impl Notate for wa::Game {
    fn write_move(&self, m: &wa::Move, style: Style) -> String {
        self.position().write_move(m, style)
    }

    fn mark(&self, style: Style) -> &'static str {
        self.position().mark(style)
    }

    fn square_text(sq: Square, style: Style) -> String {
        wa::Position::square_text(sq, style)
    }
}

impl Notate for gufu::Position {
    fn write_move(&self, m: &gufu::Move, style: Style) -> String {
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
}

/// Whether the origin square is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Origin {
    /// Only where another like piece could make the same move (Hodges).
    #[default]
    WhereNeeded,
    /// Always (long notation).
    Always,
}

/// A Wa square: `7h` or `7八`.
pub fn wa_square(sq: Square, style: RankStyle) -> String {
    format!("{}{}", WA.file(sq), style.rank_text(WA.rank(sq)))
}

/// A Gufū square: `2三` or `2c`.
pub fn gufu_square(sq: Square, style: RankStyle) -> String {
    format!("{}{}", GUFU.file(sq), style.rank_text(GUFU.rank(sq)))
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
fn rivals(pos: &wa::Position, p: wa::Piece, from: Square, to: Square) -> u128 {
    let others = pos.origin_set(p, to) & !(1u128 << from.index());
    wa::square_list(others)
        .filter(|&f| {
            [false, true].into_iter().any(|promote| {
                pos.check_rules_reaching(&wa::Move::Normal {
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
pub fn wa_hodges(pos: &wa::Position, m: &wa::Move, origin: Origin, ranks: RankStyle) -> String {
    match *m {
        wa::Move::Drop { kind, to } => {
            format!("{}*{}", kind.row().face.abbr, wa_square(to, ranks))
        }
        wa::Move::Normal { from, to, promote } => {
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
            let opt = wa::Position::promotion_options(p, from, to);
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
pub fn wa_engine(m: &wa::Move) -> String {
    match *m {
        wa::Move::Drop { kind, to } => format!("{}@{}", kind.row().letter, wa_engine_square(to)),
        wa::Move::Normal { from, to, promote } => format!(
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
pub fn wa_san(pos: &wa::Position, m: &wa::Move) -> String {
    match *m {
        wa::Move::Drop { kind, to } => format!("{}@{}", kind.row().letter, wa_engine_square(to)),
        wa::Move::Normal { from, to, promote } => {
            let Some(p) = pos.piece_at(from) else {
                return format!("?{}", wa_engine_square(to));
            };
            let capture = pos.piece_at(to).is_some();
            let mut s = String::with_capacity(8);
            if !p.promoted && p.kind == wa::Kind::SP {
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
                    |same: fn(Square) -> u8| wa::square_list(rivals).any(|r| same(r) == same(from));
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

/// A Gufū move in the spec's notation, e.g. `K*2三>W`, `S-1一>N`, `Wx2二>S`, `K:1二>E`
/// (without check marks; see [`Notate::mark`]). `pos` is the position before the move.
pub fn gufu_move(pos: &gufu::Position, m: &gufu::Move, origin: Origin, ranks: RankStyle) -> String {
    let letter = |id: gufu::PieceId| id.row().letter;
    match *m {
        gufu::Move::Drop { piece, to, facing } => {
            format!(
                "{}*{}>{}",
                letter(piece),
                gufu_square(to, ranks),
                facing.letter()
            )
        }
        gufu::Move::Turn { at, facing } => {
            let l = pos.piece_at(at).map(|p| letter(p.id)).unwrap_or('?');
            format!("{}:{}>{}", l, gufu_square(at, ranks), facing.letter())
        }
        gufu::Move::Step { from, to, facing } => {
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

/// Width of text in a terminal or fixed-width editor: East Asian wide characters (kanji,
/// full-width digits) count 2.
pub fn display_width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

/// Width of one character: 2 for East Asian wide characters, else 1.
pub fn char_width(c: char) -> usize {
    let u = c as u32;
    let wide = matches!(u,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD);
    if wide { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_squares() {
        assert_eq!(wa_engine_square(WA.square(11, 11).unwrap()), "a1");
        assert_eq!(wa_engine_square(WA.square(1, 1).unwrap()), "k11");
        assert_eq!(wa_engine_square(WA.square(4, 9).unwrap()), "h3");
    }

    #[test]
    fn ranks() {
        assert_eq!(wa_square(WA.square(7, 8).unwrap(), RankStyle::Kanji), "7八");
        assert_eq!(
            gufu_square(GUFU.square(2, 3).unwrap(), RankStyle::Kanji),
            "2三"
        );
    }
}
