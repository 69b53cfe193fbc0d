//! Writers: turn a replayed game into text (normalized PSN), rows (CSV) or JSON.
//!
//! They take what the replay produced (resolved moves and states) and know nothing of parsing.

pub mod html;
pub mod psn;
pub mod rows;

use crate::geometry::{Color, Square};
use crate::notation::{self, Origin, RankStyle};
use crate::replay::{AnyMove, State};
use crate::rules::Termination;
use crate::{Variant, gufu, wa};

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// Hodges style, origin only where needed.
    #[default]
    Hodges,
    /// Hodges style, origin always.
    Long,
    /// Engine coordinates (Wa only).
    Xboard,
}

/// Writing options shared by the writers.
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
                _ => RankStyle::Letters,
            },
        }
    }
}

/// Everything about one ply a table or JSON writer needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyFacts {
    /// The move in the chosen notation, with its marks.
    pub text: String,
    pub side: Color,
    /// Piece abbreviation (`+SP`, `K`, `W`).
    pub piece: String,
    pub from: Option<String>,
    pub to: String,
    /// `move`, `capture`, `drop` or `turn`.
    pub action: &'static str,
    /// Abbreviation of the captured piece.
    pub captured: Option<String>,
    /// Wa: `promote`, `decline`, or None when no promotion was possible.
    pub promotion: Option<&'static str>,
    /// Gufū: the facing after the move.
    pub facing: Option<char>,
    pub check: bool,
    pub mate: bool,
    /// The position string after the move.
    pub position: String,
}

fn gufu_letter(id: gufu::PieceId) -> char {
    id.row().letter
}

/// Writes one move: `before` is the state before it, `after` the state after.
pub fn move_text(before: &State, m: &AnyMove, after: &State, style: Style) -> String {
    let origin = match style.notation {
        Notation::Long => Origin::Always,
        _ => Origin::WhereNeeded,
    };
    match (before, m) {
        (State::Wa(g), AnyMove::Wa(m)) => match style.notation {
            Notation::Xboard => notation::wa_engine(m),
            _ => notation::wa_hodges(g.position(), m, origin, style.ranks),
        },
        (State::Gufu(p), AnyMove::Gufu(m)) => {
            let mark = match after {
                State::Gufu(a) => notation::gufu_check_mark(a),
                _ => "",
            };
            format!("{}{mark}", notation::gufu_move(p, m, origin, style.ranks))
        }
        _ => String::new(),
    }
}

fn square_text(variant_wa: bool, sq: Square, ranks: RankStyle) -> String {
    if variant_wa {
        notation::wa_square(sq, ranks)
    } else {
        notation::gufu_square(sq, ranks)
    }
}

/// The facts of one ply.
pub fn facts(before: &State, m: &AnyMove, after: &State, style: Style) -> PlyFacts {
    let text = move_text(before, m, after, style);
    let mate = after
        .outcome()
        .is_some_and(|o| o.termination == Termination::Checkmate);
    let check = after.in_check();
    let position = after.position_string();
    let side = before.turn();
    let sq = |wa: bool, s: Square| {
        if style.notation == Notation::Xboard && wa {
            notation::wa_engine_square(s)
        } else {
            square_text(wa, s, style.ranks)
        }
    };
    match (before, m) {
        (State::Wa(g), AnyMove::Wa(m)) => {
            let pos = g.position();
            match *m {
                wa::Move::Drop { kind, to } => PlyFacts {
                    text,
                    side,
                    piece: kind.row().face.abbr.to_string(),
                    from: None,
                    to: sq(true, to),
                    action: "drop",
                    captured: None,
                    promotion: None,
                    facing: None,
                    check,
                    mate,
                    position,
                },
                wa::Move::Normal { from, to, promote } => {
                    let p = pos.piece_at(from);
                    let captured = pos.piece_at(to).map(|q| q.face().abbr.to_string());
                    let promotion = p.and_then(|p| {
                        let opt = wa::Position::promotion_options(p, from, to);
                        opt.can
                            .then_some(if promote { "promote" } else { "decline" })
                    });
                    PlyFacts {
                        text,
                        side,
                        piece: p.map(|p| p.face().abbr.to_string()).unwrap_or_default(),
                        from: Some(sq(true, from)),
                        to: sq(true, to),
                        action: if captured.is_some() {
                            "capture"
                        } else {
                            "move"
                        },
                        captured,
                        promotion,
                        facing: None,
                        check,
                        mate,
                        position,
                    }
                }
            }
        }
        (State::Gufu(pos), AnyMove::Gufu(m)) => {
            let (piece, from, to, action, captured) = match *m {
                gufu::Move::Drop { piece, to, .. } => (gufu_letter(piece), None, to, "drop", None),
                gufu::Move::Turn { at, .. } => (
                    pos.piece_at(at).map(|p| gufu_letter(p.id)).unwrap_or('?'),
                    Some(at),
                    at,
                    "turn",
                    None,
                ),
                gufu::Move::Step { from, to, .. } => {
                    let cap = pos.piece_at(to).map(|q| gufu_letter(q.id).to_string());
                    (
                        pos.piece_at(from).map(|p| gufu_letter(p.id)).unwrap_or('?'),
                        Some(from),
                        to,
                        if cap.is_some() { "capture" } else { "move" },
                        cap,
                    )
                }
            };
            PlyFacts {
                text,
                side,
                piece: piece.to_string(),
                from: from.map(|s| sq(false, s)),
                to: sq(false, to),
                action,
                captured,
                promotion: None,
                facing: Some(m.facing().letter()),
                check,
                mate,
                position,
            }
        }
        _ => PlyFacts {
            text,
            side,
            piece: String::new(),
            from: None,
            to: String::new(),
            action: "move",
            captured: None,
            promotion: None,
            facing: None,
            check,
            mate,
            position,
        },
    }
}

/// The number a record in the variant's usual style writes before a move: Gufū numbers
/// every ply, Wa numbers move pairs.
pub fn move_number(state: &State) -> u64 {
    match state {
        State::Wa(g) => g.position().fullmove() as u64,
        State::Gufu(p) => p.ply() as u64,
    }
}
