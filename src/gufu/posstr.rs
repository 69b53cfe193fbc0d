//! Gufū position strings, a compact SFEN-like form that carries facings:
//!
//! `<rank 一>/<rank 二>/<rank 三> <side> <hand> <ply>`, e.g. `Ke1/1Sw/kn1 b W 9`.
//!
//! - Each rank lists file 2, then file 1. A piece is its letter then its facing in lower case:
//!   `K` Black's King, `k` White's King, `W` Kaze, `S` Arashi; facing `n`, `e`, `s`, `w`
//!   (`Ke` = Black's King facing east). A digit counts empty squares (`1` or `2`).
//! - side: `b` Black (sente) or `w` White (gote) to move.
//! - hand: the pieces not on the board, in the order `K k W S`, or `-`. Kings are in hand
//!   only before their setup drop; Kaze and Arashi before theirs and after being captured.
//! - ply: the number of the next ply, from 1. Black plays the odd plies.
//!
//! The start position is `2/2/2 b KkWS 1`.

use super::{Piece, PieceId, Position};
use crate::geometry::Facing;
use crate::geometry::{Color, GUFU, RankStyle};
use crate::rules::Position as _;
use crate::rules::{PositionError, PositionErrorKind as Bad, position_fields};

/// The start position.
pub const START: &str = "2/2/2 b KkWS 1";

/// The piece a position string's letter names (`K` Black's King, `k` White's, `W`, `S`).
pub(crate) fn id_of(c: char) -> Option<PieceId> {
    PieceId::ALL.into_iter().find(|&id| letter_of(id) == c)
}

/// A piece's letter in position strings.
pub(crate) fn letter_of(id: PieceId) -> char {
    let letter = id.row().letter;
    match id.owner() {
        Some(Color::White) => letter.to_ascii_lowercase(),
        _ => letter,
    }
}

/// A board-shape error about a rank: `rank <kanji> <what>`.
fn bad_rank<T>(at: usize, rank: u8, what: impl std::fmt::Display) -> Result<T, PositionError> {
    PositionError::err(
        Bad::BoardShape,
        at,
        format!("rank {} {what}", RankStyle::Kanji.rank_text(rank)),
    )
}

/// Reads a position string.
pub fn parse(s: &str) -> Result<Position, PositionError> {
    let fields = position_fields(s, 0);
    let Some(&(board_at, board)) = fields.first() else {
        return PositionError::err(Bad::Syntax, 0, "empty position string");
    };
    let mut pos = Position {
        board: [None; 6],
        hand: [false; 4],
        turn: Color::Black,
        ply: 1,
    };
    let mut seen = [false; 4];
    let mut rank = 1u8;
    let mut col = 0u8;
    let chars: Vec<(usize, char)> = board.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let at = board_at + at;
        match c {
            '/' => {
                if col != GUFU.files {
                    return bad_rank(at, rank, format_args!("has {col} squares, not 2"));
                }
                rank += 1;
                if rank > GUFU.ranks {
                    return PositionError::err(Bad::BoardShape, at, "more than 3 ranks");
                }
                col = 0;
            }
            '0' | '3'..='9' => {
                return bad_rank(
                    at,
                    rank,
                    format_args!("has more than 2 squares ('{c}' empty squares)"),
                );
            }
            '1' | '2' => {
                col += c as u8 - b'0';
                if col > GUFU.files {
                    return bad_rank(at, rank, "has more than 2 squares");
                }
            }
            _ => {
                let Some(id) = id_of(c) else {
                    return PositionError::err(
                        Bad::UnknownPiece,
                        at,
                        format!("unknown piece '{c}' (K, k, W or S)"),
                    );
                };
                let Some(&(_, f)) = chars.get(i + 1) else {
                    return PositionError::err(
                        Bad::Syntax,
                        at + 1,
                        format!("the piece '{c}' has no facing (n, e, s or w)"),
                    );
                };
                let facing = match f {
                    'n' => Facing::North,
                    'e' => Facing::East,
                    's' => Facing::South,
                    'w' => Facing::West,
                    _ => {
                        return PositionError::err(
                            Bad::Syntax,
                            at + c.len_utf8(),
                            format!("'{f}' is not a facing (n, e, s or w)"),
                        );
                    }
                };
                if col >= GUFU.files {
                    return bad_rank(at, rank, "has more than 2 squares");
                }
                if seen[id.index()] {
                    return PositionError::err(Bad::PieceCount, at, format!("two pieces '{c}'"));
                }
                seen[id.index()] = true;
                let sq = GUFU.square(GUFU.files - col, rank).expect("on board");
                pos.board[sq.index()] = Some(Piece { id, facing });
                col += 1;
                i += 1;
            }
        }
        i += 1;
    }
    if rank != GUFU.ranks || col != GUFU.files {
        return PositionError::err(
            Bad::BoardShape,
            board_at + board.len(),
            "the board needs 3 ranks of 2 squares",
        );
    }
    let Some(&(side_at, side)) = fields.get(1) else {
        return PositionError::err(
            Bad::SideToMove,
            s.len(),
            "the side to move is missing (b or w)",
        );
    };
    pos.turn = match side {
        "b" => Color::Black,
        "w" => Color::White,
        _ => {
            return PositionError::err(
                Bad::SideToMove,
                side_at,
                format!("side to move must be 'b' or 'w', not '{side}'"),
            );
        }
    };
    let Some(&(hand_at, hand)) = fields.get(2) else {
        return PositionError::err(
            Bad::Hand,
            s.len(),
            "the hand is missing (pieces not on the board, or '-')",
        );
    };
    if hand != "-" {
        for (j, c) in hand.char_indices() {
            let Some(id) = id_of(c) else {
                return PositionError::err(
                    Bad::UnknownPiece,
                    hand_at + j,
                    format!("unknown piece '{c}' in hand"),
                );
            };
            if seen[id.index()] {
                return PositionError::err(
                    Bad::PieceCount,
                    hand_at + j,
                    format!("the piece '{c}' is already placed"),
                );
            }
            seen[id.index()] = true;
            pos.hand[id.index()] = true;
        }
    }
    let Some(&(ply_at, ply)) = fields.get(3) else {
        return PositionError::err(Bad::MoveNumber, s.len(), "the ply number is missing");
    };
    pos.ply = match ply.parse::<u32>() {
        Ok(n) if (1..u32::MAX).contains(&n) => n,
        _ => {
            return PositionError::err(
                Bad::MoveNumber,
                ply_at,
                format!("the ply must be a number from 1, not '{ply}'"),
            );
        }
    };
    if let Some(&(at, _)) = fields.get(4) {
        return PositionError::err(Bad::Syntax, at, "unexpected text after the ply number");
    }
    let black_moves = pos.ply % 2 == 1;
    if black_moves != (pos.turn == Color::Black) {
        return PositionError::err(
            Bad::SideToMove,
            side_at,
            "Black plays the odd plies and White the even ones: side and ply disagree",
        );
    }
    // The setup drops fix which pieces are on the board before ply 5.
    let on_board = |id: PieceId| pos.find(id).is_some();
    for (n, id) in PieceId::ALL.iter().enumerate() {
        let dropped = pos.ply > n as u32 + 1;
        if !dropped && on_board(*id) {
            return PositionError::err(
                Bad::Unreachable,
                board_at,
                format!(
                    "'{}' is on the board before its setup drop (ply {})",
                    letter_of(*id),
                    n + 1
                ),
            );
        }
        if !dropped && !pos.hand[id.index()] {
            return PositionError::err(
                Bad::Unreachable,
                hand_at,
                format!("'{}' must be in hand before its setup drop", letter_of(*id)),
            );
        }
        if dropped && id.owner().is_some() && pos.hand[id.index()] {
            return PositionError::err(
                Bad::Unreachable,
                hand_at,
                "a King is never in hand after its setup drop",
            );
        }
        // The first move that can capture a King is that of ply 5.
        if dropped && id.owner().is_some() && !on_board(*id) && pos.ply <= 5 {
            return PositionError::err(
                Bad::Unreachable,
                board_at,
                format!(
                    "'{}' is missing, but no King can be captured before ply 5",
                    letter_of(*id)
                ),
            );
        }
        if dropped && id.is_shared() && !seen[id.index()] {
            return PositionError::err(
                Bad::PieceCount,
                hand_at,
                format!("'{}' is neither on the board nor in hand", letter_of(*id)),
            );
        }
    }
    if pos.ply > 2 && !on_board(PieceId::BlackKing) && !on_board(PieceId::WhiteKing) {
        return PositionError::err(Bad::PieceCount, board_at, "both Kings are missing");
    }
    if pos.kings_face_to_face() {
        return PositionError::err(
            Bad::Unreachable,
            board_at,
            "the Kings stand face to face, which no move may leave",
        );
    }
    Ok(pos)
}

/// Writes a position string (the exact inverse of [`parse`]).
pub fn write(pos: &Position) -> String {
    let mut out = String::new();
    for rank in 1..=GUFU.ranks {
        if rank > 1 {
            out.push('/');
        }
        let mut empty = 0;
        for file in (1..=GUFU.files).rev() {
            match pos.piece_at(GUFU.square(file, rank).expect("on board")) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(letter_of(p.id));
                    out.push(p.facing.letter().to_ascii_lowercase());
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push(' ');
    out.push(match pos.turn() {
        Color::Black => 'b',
        Color::White => 'w',
    });
    out.push(' ');
    let hand: String = PieceId::ALL
        .iter()
        .filter(|id| pos.in_hand(**id))
        .map(|id| letter_of(*id))
        .collect();
    out.push_str(if hand.is_empty() { "-" } else { &hand });
    out.push(' ');
    out.push_str(&pos.ply().to_string());
    out
}
