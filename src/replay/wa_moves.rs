//! Resolving a written Wa move (Hodges or engine coordinates) against a position.

use super::{Fail, ProblemKind, Resolve};
use crate::geometry::{Square, WA};
use crate::notation::{RankStyle, wa_square};
use crate::record::{self, Action, EngineOrigin, Mark, WrittenMove};
use crate::rules::{IllegalMove, Position as _, Rule};
use crate::wa::{Game, Kind, Move, Piece, Position, square_list};

impl Resolve for Game {
    fn play_written(&mut self, w: &WrittenMove) -> Result<Move, Fail> {
        // Messages name squares in the rank style the record uses.
        let r = match w {
            WrittenMove::Hodges(h) => h.to.rank_style,
            _ => RankStyle::Letter,
        };
        // `resolve` returns only moves that passed the rules.
        let m = resolve(self.position(), w, r)?;
        self.play_verified(&m)
            .map_err(|e| illegal(self.position(), &m, e, r))?;
        Ok(m)
    }
}

fn side(c: crate::geometry::Color) -> &'static str {
    match c {
        crate::geometry::Color::Black => "Black",
        crate::geometry::Color::White => "White",
    }
}

fn name(sq: Square, r: RankStyle) -> String {
    wa_square(sq, r)
}

/// The face a Hodges piece abbreviation names: kind and promoted.
pub fn face_of(piece: &record::Piece) -> Option<(Kind, bool)> {
    let letters = piece.letters();
    if piece.promoted() {
        return Kind::from_abbr(letters)
            .filter(|k| k.can_promote())
            .map(|k| (k, true));
    }
    if let Some(k) = Kind::from_abbr(letters) {
        return Some((k, false));
    }
    Kind::from_promoted_alias(letters).map(|k| (k, true))
}

/// Promotion wanted by the marks: Some(true) `+`, Some(false) `=`, None nothing.
fn promotion_marks(marks: &record::Marks) -> Result<Option<bool>, Fail> {
    let mut it = marks.iter();
    match (it.next(), it.next()) {
        (None, _) => Ok(None),
        (Some(Mark::Plus), None) => Ok(Some(true)),
        (Some(Mark::Equals), None) => Ok(Some(false)),
        _ => Err(Fail::new(
            ProblemKind::BadMark,
            format!(
                "a Wa move takes at most one mark: '+' (promotes) or '=' (declines), not '{marks}'"
            ),
        )),
    }
}

fn square(s: &record::Square) -> Result<Square, Fail> {
    WA.square(s.file, s.rank)
        .ok_or_else(|| Fail::new(ProblemKind::OffBoard, format!("{s} is not on the board")))
}

fn engine_square(s: &record::EngineSquare) -> Result<Square, Fail> {
    if !(1..=11).contains(&s.file) || !(1..=11).contains(&s.rank) {
        return Err(Fail::new(
            ProblemKind::OffBoard,
            format!("{s} is not on the board"),
        ));
    }
    // Engine files a-k run from Black's left (shogi file 11); ranks from Black's side.
    WA.square(12 - s.file, 12 - s.rank)
        .ok_or_else(|| Fail::new(ProblemKind::OffBoard, format!("{s} is not on the board")))
}

/// Turns a rules error for a resolved move into a failure with a hint.
fn illegal(pos: &Position, m: &Move, e: IllegalMove, r: RankStyle) -> Fail {
    let mut f = Fail::new(e.kind(), e.describe(r));
    if let Move::Normal { from, .. } = m
        && pos.piece_at(*from).is_some_and(|p| p.color == pos.turn())
    {
        let mut dests: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|l| l.from() == Some(*from))
            .map(|l| name(l.to(), r))
            .collect();
        dests.dedup();
        if let Some(p) = pos.piece_at(*from) {
            f = f.help(if dests.is_empty() {
                format!(
                    "the {} on {} has no legal move",
                    p.face().abbr,
                    name(*from, r)
                )
            } else {
                format!(
                    "the {} on {} can go to {}",
                    p.face().abbr,
                    name(*from, r),
                    dests.join(", ")
                )
            });
        }
    }
    f
}

fn resolve(pos: &Position, w: &WrittenMove, r: RankStyle) -> Result<Move, Fail> {
    match w {
        WrittenMove::Engine(e) => resolve_engine(pos, e, r),
        WrittenMove::Hodges(h) => resolve_hodges(pos, h, r),
        WrittenMove::San(_) => Err(Fail::new(
            ProblemKind::BadNotation,
            "SAN moves are not resolved yet",
        )),
    }
}

fn resolve_engine(pos: &Position, e: &record::EngineMove, r: RankStyle) -> Result<Move, Fail> {
    let promote = promotion_marks(&e.marks)?;
    let to = engine_square(&e.to)?;
    match e.from {
        EngineOrigin::Drop(letter) => {
            let Some(kind) = Kind::from_letter(letter) else {
                return Err(Fail::new(
                    ProblemKind::UnknownPiece,
                    format!("'{letter}' is not a Wa piece letter"),
                ));
            };
            drop_move(pos, kind, to, promote, r)
        }
        EngineOrigin::Square(s) => {
            let from = engine_square(&s)?;
            let m = Move::Normal {
                from,
                to,
                promote: promote == Some(true),
            };
            pos.check_rules(&m).map_err(|e| illegal(pos, &m, e, r))?;
            decline_check(pos, &m, promote, r)?;
            Ok(m)
        }
    }
}

/// A drop, in either notation: no promotion mark, and the drop rules.
fn drop_move(
    pos: &Position,
    kind: Kind,
    to: Square,
    promote: Option<bool>,
    r: RankStyle,
) -> Result<Move, Fail> {
    if promote.is_some() {
        return Err(Fail::new(
            ProblemKind::DropPromotion,
            "a drop never promotes: no '+' or '='",
        ));
    }
    let m = Move::Drop { kind, to };
    pos.check_rules(&m).map_err(|e| illegal(pos, &m, e, r))?;
    Ok(m)
}

/// `=` declines a promotion: it must have been possible.
fn decline_check(
    pos: &Position,
    m: &Move,
    promote: Option<bool>,
    r: RankStyle,
) -> Result<(), Fail> {
    if let (Move::Normal { from, to, .. }, Some(false)) = (m, promote)
        && let Some(p) = pos.piece_at(*from)
        && !Position::promotion_options(p, *from, *to).can
    {
        pos.check_rules(m).map_err(|e| illegal(pos, m, e, r))?;
        return Err(Fail::new(
            Rule::NothingToDecline,
            IllegalMove::NothingToDecline.to_string(),
        ));
    }
    Ok(())
}

fn resolve_hodges(pos: &Position, h: &record::HodgesMove, r: RankStyle) -> Result<Move, Fail> {
    let Some((kind, promoted)) = face_of(&h.piece) else {
        return Err(Fail::new(
            ProblemKind::UnknownPiece,
            format!("'{}' is not a Wa piece abbreviation", h.piece),
        ));
    };
    if h.facing.is_some() {
        return Err(Fail::new(
            ProblemKind::BadMark,
            "a facing ('>N') is written only in Gufū",
        ));
    }
    let promote = promotion_marks(&h.marks)?;
    let to = square(&h.to)?;
    let turn = pos.turn();
    let piece = Piece {
        color: turn,
        kind,
        promoted,
    };
    // The face's abbreviation, for messages only.
    let abbr = || piece.face().abbr;
    match h.action {
        Action::Turn => Err(Fail::new(
            ProblemKind::BadAction,
            "':' (turn in place) exists only in Gufū",
        )),
        Action::Drop => {
            if promoted {
                return Err(Fail::new(
                    ProblemKind::DropPromoted,
                    "a promoted piece is never in hand: drop the unpromoted piece",
                ));
            }
            if h.from.is_some() {
                return Err(Fail::new(
                    ProblemKind::BadOrigin,
                    "a drop has no origin square",
                ));
            }
            drop_move(pos, kind, to, promote, r)
        }
        Action::Move | Action::Capture => {
            // The candidate origins, as a set of squares.
            let candidates: u128 = match &h.from {
                Some(o) => {
                    let from = square(o)?;
                    if pos.piece_at(from) != Some(piece) {
                        let there = match pos.piece_at(from) {
                            None => "it is empty".to_string(),
                            Some(q) if q.color != turn => {
                                format!("it holds the opponent's {}", q.face().abbr)
                            }
                            Some(q) => format!("it holds a {}", q.face().abbr),
                        };
                        return Err(Fail::new(
                            Rule::NoPiece,
                            format!(
                                "{} has no {} on {}: {there}",
                                side(turn),
                                abbr(),
                                name(from, r)
                            ),
                        ));
                    }
                    1 << from.index()
                }
                // Only pieces that reach the square can make the move.
                None => pos.origin_set(piece, to),
            };
            // The candidates that can make the move (promoting, if it must), and for the first
            // of them whether the move without promotion broke only the must-promote rule.
            let mut legal = 0u128;
            let mut first: Option<(Square, bool)> = None;
            // Origins found on the board reach the square with a clear way: the rules need not
            // walk it again. A written origin is checked in full.
            let check = |m: &Move| match h.from {
                None => pos.check_rules_reaching(m),
                Some(_) => pos.check_rules(m),
            };
            for from in square_list(candidates) {
                let m = |promote| Move::Normal { from, to, promote };
                let must_promote = match check(&m(false)) {
                    Ok(()) => false,
                    // Legal only as a promotion: still a candidate.
                    Err(IllegalMove::MustPromote) if check(&m(true)).is_ok() => true,
                    Err(_) => continue,
                };
                legal |= 1 << from.index();
                first.get_or_insert((from, must_promote));
            }
            let (from, must_promote) = match first {
                Some(one) if legal.count_ones() == 1 => one,
                None => {
                    // Explain with every piece of that face, not only those that reach.
                    let all: Vec<Square> = if h.from.is_some() {
                        square_list(candidates).collect()
                    } else {
                        WA.squares()
                            .filter(|&s| pos.piece_at(s) == Some(piece))
                            .collect()
                    };
                    return Err(explain(pos, piece, &all, to, promote == Some(true), r));
                }
                Some(_) => {
                    return Err(Fail::new(
                        ProblemKind::AmbiguousMove,
                        format!(
                            "{} pieces {} can move to {}: write the origin",
                            legal.count_ones(),
                            abbr(),
                            name(to, r)
                        ),
                    )
                    .help(format!(
                        "candidates: {}",
                        square_list(legal)
                            .map(|s| format!("{}{}", abbr(), name(s, r)))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )));
                }
            };
            let m = Move::Normal {
                from,
                to,
                promote: promote == Some(true),
            };
            // The rules' verdict on `m` is known from the search above, except for a promotion
            // of a piece that need not promote.
            let verdict = match (promote == Some(true), must_promote) {
                (false, false) | (true, true) => Ok(()),
                (false, true) => Err(IllegalMove::MustPromote),
                (true, false) => pos.check_rules(&m),
            };
            verdict.map_err(|e| illegal(pos, &m, e, r))?;
            decline_check(pos, &m, promote, r)?;
            let occupied = pos.piece_at(to).is_some();
            if h.action == Action::Capture && !occupied {
                return Err(Fail::new(
                    ProblemKind::CaptureMark,
                    format!(
                        "'x' claims a capture, but {} is empty: write '-'",
                        name(to, r)
                    ),
                ));
            }
            if h.action == Action::Move && occupied {
                let q = pos.piece_at(to).map(|q| q.face().abbr).unwrap_or("?");
                return Err(Fail::new(
                    ProblemKind::CaptureMark,
                    format!(
                        "'-' claims an empty square, but the move captures the {q} on {}: write 'x'",
                        name(to, r)
                    ),
                ));
            }
            Ok(m)
        }
    }
}

/// Why no piece of this face can make the move.
fn explain(
    pos: &Position,
    piece: Piece,
    candidates: &[Square],
    to: Square,
    promote: bool,
    r: RankStyle,
) -> Fail {
    let abbr = piece.face().abbr;
    if candidates.is_empty() {
        return Fail::new(
            Rule::NoPiece,
            format!("{} has no {} on the board", side(piece.color), abbr),
        );
    }
    let reaching: Vec<Square> = candidates
        .iter()
        .copied()
        .filter(|&f| crate::wa::reach(piece, f).iter().any(|(s, _)| *s == to))
        .collect();
    // The piece the writer most likely meant: one that reaches the square, or the only one.
    let pick = match (reaching.first(), candidates) {
        (Some(&f), _) => Some(f),
        (None, [one]) => Some(*one),
        _ => None,
    };
    match pick {
        Some(from) => {
            let m = Move::Normal { from, to, promote };
            // No candidate made the move, so the rules find something wrong with this one
            // (were they to find nothing, the piece still could not make the move as written).
            let e = pos.check_rules(&m).err();
            illegal(pos, &m, e.unwrap_or(IllegalMove::CannotMoveThatWay), r)
        }
        None => {
            let list: Vec<String> = candidates.iter().map(|&s| name(s, r)).collect();
            Fail::new(
                Rule::CannotMoveThatWay,
                format!(
                    "{} has no {abbr} that can move to {}",
                    side(piece.color),
                    name(to, r)
                ),
            )
            .help(format!("the {abbr}s stand on {}", list.join(", ")))
        }
    }
}
