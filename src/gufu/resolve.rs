//! Resolving a written Gufū move against a position.

use crate::geometry::Facing;
use crate::geometry::RankStyle;
use crate::geometry::{GUFU, Square};
use crate::gufu::notation::gufu_square;
use crate::gufu::{Move, PIECES, PieceId, Position};
use crate::record::{self, Action, Mark, WrittenMove};
use crate::replay::{Fail, ProblemKind, Resolve};
use crate::rules::{IllegalMove, Position as _, Rule, Status, Termination};

fn name(sq: Square, r: RankStyle) -> String {
    gufu_square(sq, r)
}

fn piece_name(id: PieceId) -> &'static str {
    match id {
        PieceId::BlackKing => "Black's King",
        PieceId::WhiteKing => "White's King",
        PieceId::Kaze => "the Kaze",
        PieceId::Arashi => "the Arashi",
    }
}

fn square(s: &record::Square) -> Result<Square, Fail> {
    GUFU.square(s.file, s.rank).ok_or_else(|| {
        Fail::new(
            ProblemKind::OffBoard,
            format!("{s} is not on the board (files 1-2, ranks 一-三)"),
        )
    })
}

impl Resolve for Position {
    fn play_written(&mut self, w: &WrittenMove) -> Result<Move, Fail> {
        play(self, w)
    }
}

/// What the side to move may drop (for a drop of a piece that is not in hand): its King
/// during the setup, and the shared pieces in the common hand.
fn hand(pos: &Position) -> String {
    let side = crate::replay::side(pos.turn());
    let held: Vec<String> = [PieceId::king(pos.turn()), PieceId::Kaze, PieceId::Arashi]
        .into_iter()
        .filter(|&id| pos.in_hand(id) && (id.is_shared() || pos.in_setup()))
        .map(|id| format!("{} ({})", id.row().letter, id.row().name))
        .collect();
    match held.is_empty() {
        true => format!("{side} has nothing in hand to drop"),
        false => format!("{side} may drop: {}", held.join(", ")),
    }
}

/// Resolves, checks what the text claims, and plays a written move.
fn play(pos: &mut Position, w: &WrittenMove) -> Result<Move, Fail> {
    let h = match w {
        WrittenMove::Hodges(h) => h,
        WrittenMove::Engine(_) => {
            return Err(Fail::new(
                ProblemKind::BadNotation,
                "engine coordinates are for Wa only; write Gufū moves as K*2三>W",
            ));
        }
        WrittenMove::San(_) => {
            return Err(Fail::new(
                ProblemKind::BadNotation,
                "SAN (XBoard's notation) is for Wa only; write Gufū moves as K*2三>W",
            ));
        }
    };
    // The piece by its letter in the piece table (a King: the mover's own).
    let id = PieceId::ALL
        .into_iter()
        .filter(|id| id.owner().is_none_or(|o| o == pos.turn()))
        .find(|id| !h.piece.promoted() && h.piece.letters() == id.row().abbr);
    let Some(id) = id else {
        // The letters, each shared piece with its name: "K, W = Kaze, S = Arashi".
        let letters: Vec<String> = PIECES
            .iter()
            .map(|r| match r.shared {
                true => format!("{} = {}", r.abbr, r.name),
                false => r.abbr.to_string(),
            })
            .collect();
        return Err(Fail::new(
            ProblemKind::UnknownPiece,
            format!("'{}' is not a Gufū piece ({})", h.piece, letters.join(", ")),
        ));
    };
    let marks = h.marks.to_vec();
    if marks.contains(&Mark::Equals) || marks.len() > 1 {
        return Err(Fail::new(
            ProblemKind::BadMark,
            format!(
                "a Gufū move takes at most one mark, '+' (check) or '#' (mate), not '{}'",
                h.marks
            ),
        ));
    }
    // Messages name squares in the rank style the record uses.
    let r = h.to.rank_style;
    let to = square(&h.to)?;
    let written = h.facing;
    let m = match h.action {
        Action::Drop => {
            if h.from.is_some() {
                return Err(Fail::new(
                    ProblemKind::BadOrigin,
                    "a drop has no origin square",
                ));
            }
            let Some(f) = written else {
                return Err(Fail::new(
                    ProblemKind::MissingFacing,
                    "a drop must say which way the piece faces: add >N, >E, >S or >W",
                ));
            };
            Move::Drop {
                piece: id,
                to,
                facing: f,
            }
        }
        Action::Turn | Action::Move | Action::Capture => {
            let Some(at) = pos.find(id) else {
                return Err(Fail::new(
                    Rule::NoPiece,
                    format!("{} is not on the board", piece_name(id)),
                ));
            };
            let current = pos.piece_at(at).map(|p| p.facing).unwrap_or(Facing::North);
            let f = written.unwrap_or(current.clockwise());
            if h.action == Action::Turn {
                if at != to {
                    return Err(Fail::new(
                        Rule::NoPiece,
                        format!(
                            "{} stands on {}, not on {}",
                            piece_name(id),
                            name(at, r),
                            name(to, r)
                        ),
                    ));
                }
                Move::Turn { at, facing: f }
            } else {
                if let Some(o) = &h.from
                    && square(o)? != at
                {
                    return Err(Fail::new(
                        Rule::NoPiece,
                        format!("{} stands on {}, not on {o}", piece_name(id), name(at, r)),
                    ));
                }
                Move::Step {
                    from: at,
                    to,
                    facing: f,
                }
            }
        }
    };
    if let Err(e) = pos.check(&m) {
        let mut message = e.describe(r);
        if e == IllegalMove::FixedCheckingPiece {
            let victim = pos.turn();
            let (v, o) = match victim {
                crate::geometry::Color::Black => ("Black", "White"),
                crate::geometry::Color::White => ("White", "Black"),
            };
            let at = match m {
                Move::Step { from, .. } => from,
                Move::Turn { at, .. } => at,
                Move::Drop { to, .. } => to,
            };
            message = format!(
                "{} on {} gives check to {v} (it attacks {v}'s King and touches {o}'s King), \
                 so it belongs to {o} for this turn: {v} may not move or turn it",
                piece_name(id),
                name(at, r)
            );
        }
        let mut fail = Fail::new(e.kind(), message);
        if e == IllegalMove::NotInHand {
            fail = fail.help(hand(pos));
        }
        if let (Move::Step { from, .. } | Move::Turn { at: from, .. }, false) =
            (m, matches!(e, IllegalMove::GameOver))
        {
            let dests: Vec<String> = pos
                .legal_moves()
                .iter()
                .filter_map(|l| match l {
                    Move::Step { from: f, to, .. } if *f == from => Some(name(*to, r)),
                    _ => None,
                })
                .collect();
            fail = fail.help(if dests.is_empty() {
                format!("{} on {} has no legal step", piece_name(id), name(from, r))
            } else {
                format!(
                    "{} on {} can step to {}",
                    piece_name(id),
                    name(from, r),
                    dests.join(", ")
                )
            });
        }
        return Err(fail);
    }
    let occupied = pos.piece_at(to).is_some();
    match h.action {
        Action::Capture if !occupied => {
            return Err(Fail::new(
                ProblemKind::CaptureMark,
                format!(
                    "'x' claims a capture, but {} is empty: write '-'",
                    name(to, r)
                ),
            ));
        }
        Action::Move if occupied => {
            return Err(Fail::new(
                ProblemKind::CaptureMark,
                format!(
                    "'-' claims an empty square, but the move captures on {}: write 'x'",
                    name(to, r)
                ),
            ));
        }
        _ => {}
    }
    let mut after = pos.clone();
    after.play_unchecked(&m);
    let status = after.status();
    let mate = matches!(status, Status::Over(o) if o.termination == Termination::Checkmate);
    let king_taken =
        matches!(status, Status::Over(o) if o.termination == Termination::KingCaptured);
    match marks.first() {
        Some(_) if king_taken => {
            return Err(Fail::new(
                ProblemKind::CheckMark,
                "a move that captures a King carries no check mark",
            ));
        }
        Some(Mark::Hash) if !mate => {
            let why = if after.in_check() {
                "the move gives check, but the opponent can answer it"
            } else {
                "the move does not even give check"
            };
            return Err(Fail::new(
                ProblemKind::CheckMark,
                format!("'#' claims checkmate: {why}"),
            ));
        }
        Some(Mark::Plus) if !after.in_check() => {
            return Err(Fail::new(
                ProblemKind::CheckMark,
                "'+' claims check, but after the move the opponent is not in check",
            ));
        }
        _ => {}
    }
    *pos = after;
    Ok(m)
}
