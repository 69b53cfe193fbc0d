//! Wa position strings: the XBoard/CrazyWa FEN.
//!
//! `hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1`
//!
//! - Ranks from rank a (top, White's side) to rank k, each from file 11 to file 1; a digit run
//!   (1-11) counts empty squares. Upper case: Black (sente), lower case: White (gote); `+`
//!   before a letter: promoted.
//! - Pieces in hand: `[...]` right after the board, upper case for Black's hand, lower case
//!   for White's, one letter per piece, in piece-table order (`[ELPPxppp]`), `[-]` when both
//!   hands are empty. Always written for the game with drops (CrazyWa ignores the side to move
//!   of a FEN without it), never for the game without; `[]`, `[-]` and no brackets all read
//!   as empty hands.
//! - Side to move: `w` = Black (the first mover: XBoard calls it "white"), `b` = White.
//! - Then XBoard's half-move counter and the move number (both optional when reading;
//!   `0 1` by default).
//! - XBoard's own FEN has one more field after the side to move, the en-passant square, always
//!   `-` for Wa: `... w - 0 1`. It is read and skipped; [`write()`] leaves it out (as the engines
//!   write their FEN), [`write_xboard`] writes it.

use super::{Kind, NKINDS, Piece, Position, last_rank};
use crate::Variant;
use crate::geometry::{Color, RankStyle, Square, WA};
use crate::rules::Position as _;
use crate::rules::{PositionError, PositionErrorKind as Bad, position_fields};

/// The start position.
pub const START: &str =
    "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1";

/// Reads a position string for `variant` (`Variant::WaNoDrop`: the game without drops; any
/// other: the game with drops).
pub fn parse(variant: Variant, s: &str) -> Result<Position, PositionError> {
    let mut pos = Position::empty(variant);
    let variant = pos.variant();
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    if i == bytes.len() {
        return PositionError::err(Bad::Syntax, i, "empty position string");
    }
    // Board.
    let mut rank: u8 = 1;
    let mut col: u8 = 0;
    let mut promoted_at: Option<usize> = None;
    while let Some(&c) = bytes.get(i) {
        match c {
            b'/' => {
                if promoted_at.is_some() {
                    return PositionError::err(
                        Bad::Syntax,
                        i,
                        "'+' must be followed by a piece letter",
                    );
                }
                if col != WA.files {
                    return PositionError::err(
                        Bad::BoardShape,
                        i,
                        format!(
                            "rank {} has {col} squares, not 11",
                            RankStyle::Letter.rank_text(rank)
                        ),
                    );
                }
                rank += 1;
                if rank > WA.ranks {
                    return PositionError::err(Bad::BoardShape, i, "more than 11 ranks");
                }
                col = 0;
                i += 1;
            }
            b'0'..=b'9' => {
                if promoted_at.is_some() {
                    return PositionError::err(
                        Bad::Syntax,
                        i,
                        "'+' must be followed by a piece letter",
                    );
                }
                let start = i;
                let mut n: u32 = 0;
                while let Some(d @ b'0'..=b'9') = bytes.get(i) {
                    n = n.saturating_mul(10).saturating_add((d - b'0') as u32);
                    i += 1;
                }
                if n == 0 || (col as u32).saturating_add(n) > WA.files as u32 {
                    return PositionError::err(
                        Bad::BoardShape,
                        start,
                        format!(
                            "rank {} has more than 11 squares",
                            RankStyle::Letter.rank_text(rank)
                        ),
                    );
                }
                col += n as u8;
            }
            b'+' => {
                if promoted_at.is_some() {
                    return PositionError::err(
                        Bad::Syntax,
                        i,
                        "'+' must be followed by a piece letter",
                    );
                }
                promoted_at = Some(i);
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let Some(kind) = Kind::from_letter(c as char) else {
                    return PositionError::err(
                        Bad::UnknownPiece,
                        i,
                        format!("unknown piece letter '{}'", c as char),
                    );
                };
                if col >= WA.files {
                    return PositionError::err(
                        Bad::BoardShape,
                        i,
                        format!(
                            "rank {} has more than 11 squares",
                            RankStyle::Letter.rank_text(rank)
                        ),
                    );
                }
                let promoted = promoted_at.take().is_some();
                if promoted && !kind.can_promote() {
                    return PositionError::err(
                        Bad::UnknownPiece,
                        i,
                        format!("'{}' cannot be promoted", c as char),
                    );
                }
                let color = if c.is_ascii_uppercase() {
                    Color::Black
                } else {
                    Color::White
                };
                let sq = WA.square(WA.files - col, rank).expect("on board");
                if kind == Kind::CK && pos.kings[color.index()].is_some() {
                    return PositionError::err(
                        Bad::PieceCount,
                        i,
                        format!("two Crane Kings for {}", color.name()),
                    );
                }
                if !promoted && kind.row().dead_on_last_rank && last_rank(color, sq) {
                    return PositionError::err(
                        Bad::Unreachable,
                        i,
                        format!(
                            "an unpromoted {} on its last rank could never move",
                            kind.row().face.name
                        ),
                    );
                }
                pos.put(
                    sq,
                    Some(Piece {
                        color,
                        kind,
                        promoted,
                    }),
                );
                col += 1;
                i += 1;
            }
            b' ' | b'[' => break,
            _ => {
                let ch = s[i..].chars().next().unwrap_or('?');
                return PositionError::err(
                    Bad::Syntax,
                    i,
                    format!("unexpected '{}' in the board", shown(ch)),
                );
            }
        }
    }
    if promoted_at.is_some() {
        return PositionError::err(Bad::Syntax, i, "'+' must be followed by a piece letter");
    }
    if rank != WA.ranks || col != WA.files {
        return PositionError::err(
            Bad::BoardShape,
            i,
            format!("the board has {rank} ranks and {col} squares on the last: it needs 11 × 11"),
        );
    }
    // Hands.
    if bytes.get(i) == Some(&b'[') {
        let open = i;
        i += 1;
        loop {
            match bytes.get(i) {
                None | Some(b' ') => {
                    return PositionError::err(
                        Bad::Syntax,
                        open,
                        "unterminated '[' (pieces in hand)",
                    );
                }
                Some(b']') => {
                    i += 1;
                    break;
                }
                Some(b'-') => i += 1,
                Some(&c) if c.is_ascii_alphabetic() => {
                    let Some(kind) = Kind::from_letter(c as char) else {
                        return PositionError::err(
                            Bad::UnknownPiece,
                            i,
                            format!("unknown piece letter '{}' in hand", c as char),
                        );
                    };
                    if kind == Kind::CK {
                        return PositionError::err(Bad::Hand, i, "a Crane King cannot be in hand");
                    }
                    if !variant.drops() {
                        return PositionError::err(
                            Bad::Hand,
                            i,
                            "pieces in hand, but this game has no drops",
                        );
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let slot = &mut pos.hands[color.index()][kind.index()];
                    if *slot == u8::MAX {
                        return PositionError::err(Bad::Hand, i, "too many pieces in hand");
                    }
                    *slot += 1;
                    i += 1;
                }
                Some(_) => {
                    let ch = s[i..].chars().next().unwrap_or('?');
                    return PositionError::err(
                        Bad::Syntax,
                        i,
                        format!("unexpected '{}' among the pieces in hand", shown(ch)),
                    );
                }
            }
        }
    }
    // Fields after the board.
    let rest = &s[i..];
    let fields = position_fields(rest, i);
    let Some(&(side_at, side)) = fields.first() else {
        return PositionError::err(
            Bad::SideToMove,
            s.len(),
            "the side to move is missing (w or b)",
        );
    };
    pos.turn = match side {
        "w" => Color::Black,
        "b" => Color::White,
        _ => {
            return PositionError::err(
                Bad::SideToMove,
                side_at,
                format!("side to move must be 'w' (Black, first mover) or 'b', not '{side}'"),
            );
        }
    };
    // XBoard's en-passant field, always `-` for Wa (no piece steps two squares): skipped.
    let fields = match fields.get(1) {
        Some(&(_, "-")) => [&fields[..1], &fields[2..]].concat(),
        _ => fields,
    };
    let number = |idx: usize, name: &str, default: u32| -> Result<u32, PositionError> {
        match fields.get(idx) {
            None => Ok(default),
            Some(&(at, f)) => f.parse::<u32>().map_err(|_| {
                PositionError::new(
                    Bad::MoveNumber,
                    at,
                    format!("the {name} must be a number, not '{f}'"),
                )
            }),
        }
    };
    pos.halfmove = number(1, "half-move counter", 0)?;
    pos.fullmove = number(2, "move number", 1)?;
    if pos.fullmove == 0 {
        return PositionError::err(Bad::MoveNumber, fields[2].0, "the move number starts at 1");
    }
    if let Some(&(at, _)) = fields.get(3) {
        return PositionError::err(Bad::Syntax, at, "unexpected text after the move number");
    }
    for color in [Color::Black, Color::White] {
        if pos.kings[color.index()].is_none() {
            return PositionError::err(
                Bad::PieceCount,
                0,
                format!("{} has no Crane King", color.title()),
            );
        }
    }
    pos.checked = pos.is_in_check_of(pos.turn);
    pos.zobrist = pos.compute_zobrist();
    pos.hand_zobrist = pos.compute_hand_zobrist();
    if pos.is_in_check_of(pos.turn.opponent()) {
        return PositionError::err(
            Bad::Unreachable,
            side_at,
            "the side that is not to move is in check (its King could be captured)",
        );
    }
    Ok(pos)
}

/// Whether a position string has XBoard's en-passant field (`... w - 0 1`): a FEN that XBoard
/// wrote (or one written for it), not kifu's nor an engine's.
pub fn has_en_passant_field(s: &str) -> bool {
    let mut fields = s.split_ascii_whitespace();
    // A Wa board (11 ranks), the side to move, then `-`.
    fields
        .next()
        .is_some_and(|board| board.matches('/').count() == 10)
        && matches!((fields.next(), fields.next()), (Some("w" | "b"), Some("-")))
}

/// Writes a position string (the exact inverse of [`parse`] for strings this writes).
pub fn write(pos: &Position) -> String {
    write_fields(pos, false)
}

/// Writes a position string as XBoard writes it, with the en-passant field `-` after the side
/// to move (`... w - 0 1`); [`parse`] reads it back.
pub fn write_xboard(pos: &Position) -> String {
    write_fields(pos, true)
}

fn write_fields(pos: &Position, en_passant: bool) -> String {
    let mut out = String::with_capacity(80);
    for rank in 1..=WA.ranks {
        if rank > 1 {
            out.push('/');
        }
        let mut empty = 0;
        for file in (1..=WA.files).rev() {
            let sq: Square = WA.square(file, rank).expect("on board");
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    if p.promoted {
                        out.push('+');
                    }
                    out.push(letter(p.color, p.kind));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    let mut hand = String::new();
    for color in [Color::Black, Color::White] {
        for k in 0..NKINDS {
            let kind = Kind(k as u8);
            for _ in 0..pos.in_hand(color, kind) {
                hand.push(letter(color, kind));
            }
        }
    }
    if pos.variant().drops() {
        // CrazyWa ignores the side to move of a FEN without a holdings field: always write it.
        out.push('[');
        out.push_str(if hand.is_empty() { "-" } else { &hand });
        out.push(']');
    }
    out.push_str(match pos.turn() {
        Color::Black => " w ",
        Color::White => " b ",
    });
    if en_passant {
        out.push_str("- ");
    }
    out.push_str(&format!("{} {}", pos.halfmove, pos.fullmove));
    out
}

/// A character of the string for a message: control characters escaped (`\u{11}`), so that no
/// message carries one.
fn shown(ch: char) -> String {
    if ch.is_control() {
        ch.escape_debug().to_string()
    } else {
        ch.to_string()
    }
}

fn letter(color: Color, kind: Kind) -> char {
    let c = kind.row().letter;
    match color {
        Color::Black => c,
        Color::White => c.to_ascii_lowercase(),
    }
}
