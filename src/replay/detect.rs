//! Which game a record is, decided before its moves are replayed: its `Variant` tag; else the
//! default variant (`--variant`); else the game its moves fit, when only one fits.
//!
//! Telling the game from the moves reads each move as written, once, without a board: a
//! Gufū move is a Hodges move of a Gufū piece (`K`, `W`, `S`, unpromoted) on Gufū's board
//! (files 1–2, ranks 1–3), maybe with a facing (`>W`) or a turn (`:`); a Wa move is a Hodges
//! move of a Wa piece abbreviation without a facing or a turn, or a move in engine coordinates
//! or SAN with Wa's piece letters. (The two games share no abbreviation, so a Hodges move never
//! fits both.) Marks (`+`, `=`, `#`) and annotations do not tell the game: a wrong mark is the
//! replay's to report, in the game the pieces tell. A record whose moves all fit Wa is read as
//! Wa with drops (`wa`: the game without drops is the same game less the drops).

use super::{Problem, ProblemKind};
use crate::Variant;
use crate::geometry::GUFU;
use crate::record::{Action, LOOKS_LIKE_CHESS, Record, RecordError, Span, Tag, WrittenMove};
use crate::wa::Kind;

/// Which games a written move fits: bit [`WA`] and bit [`GUFU_BIT`].
type Fits = u8;
const WA: Fits = 1;
const GUFU_BIT: Fits = 2;

/// The variant a record is replayed as: its Variant tag (the first, if repeated), else
/// `default`, else the game its moves fit (see the module's documentation). The problem
/// (`unknown_variant`, `missing_variant`) when there is none.
pub fn variant_of(record: &Record, default: Option<Variant>) -> Result<Variant, Problem> {
    if let Some(v) = tagged(&record.tags)? {
        return Ok(v);
    }
    if let Some(v) = default {
        return Ok(v);
    }
    if let Some(fen) = chess_fen(&record.tags) {
        return Err(chess_problem(
            "the record has no Variant tag, and its FEN is chess's start position",
            fen.value_span,
        ));
    }
    told_by_moves(record)
}

/// The Variant problem of a record that could not be read, to report rather than its syntax
/// error (the variant is decided before the moves): its Variant tag names no game kifu knows
/// ([`unknown_variant`]), or it has none and the error is chess's castling (`missing_variant`,
/// saying that the record looks like a chess game).
pub fn unreadable_variant(e: &RecordError) -> Option<Problem> {
    if let Some(p) = unknown_variant(e.tags()) {
        return Some(p);
    }
    let castling = e.help() == Some(LOOKS_LIKE_CHESS);
    (castling && Tag::first(e.tags(), "Variant").is_none()).then(|| {
        chess_problem(
            "the record has no Variant tag, and its moves do not tell the game (castling is \
             a chess move)",
            e.span,
        )
    })
}

/// A `missing_variant` problem with the chess help.
fn chess_problem(message: &str, span: Span) -> Problem {
    Problem {
        kind: ProblemKind::MissingVariant,
        message: message.to_string(),
        span,
        ply: None,
        mv: None,
        help: Some(LOOKS_LIKE_CHESS.into()),
    }
}

/// The FEN tag, when it is chess's start position.
fn chess_fen(tags: &[Tag]) -> Option<&Tag> {
    Tag::first(tags, "FEN").filter(|t| {
        t.value.split(' ').next() == Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
    })
}

/// Whether a Variant tag's value names chess or one of its variants (as chess programs write
/// them).
fn chess_variant(name: &str) -> bool {
    const NAMES: [&str; 14] = [
        "standard",
        "chess",
        "normal",
        "chess960",
        "fischerandom",
        "fischer random",
        "freestyle",
        "crazyhouse",
        "atomic",
        "three-check",
        "3check",
        "king of the hill",
        "antichess",
        "from position",
    ];
    NAMES.iter().any(|n| n.eq_ignore_ascii_case(name.trim()))
}

/// Whether a move is a chess piece's move that fits no Wa piece: SAN with the letter of a
/// knight, a bishop or a queen (`Nf3`, `Bxc4`, `Qd1`).
fn chess_move(w: &WrittenMove) -> bool {
    match w {
        WrittenMove::San(s) => s
            .piece
            .is_some_and(|p| matches!(p.letters().chars().next(), Some('N' | 'B' | 'Q'))),
        _ => false,
    }
}

/// The `unknown_variant` problem of tag pairs whose Variant tag names no game kifu knows.
/// For a record whose moves do not read (chess under `[Variant "Standard"]`), this is the
/// problem to report rather than the syntax error ([`RecordError::tags`] gives the tag pairs
/// read before it): the variant is decided before the moves.
///
/// [`RecordError::tags`]: crate::record::RecordError::tags
pub fn unknown_variant(tags: &[Tag]) -> Option<Problem> {
    tagged(tags).err()
}

/// The variant the (first) Variant tag names, if there is one.
fn tagged(tags: &[Tag]) -> Result<Option<Variant>, Problem> {
    let Some(t) = Tag::first(tags, "Variant") else {
        return Ok(None);
    };
    match Variant::from_name(&t.value) {
        Some(v) => Ok(Some(v)),
        None => Err(Problem {
            kind: ProblemKind::UnknownVariant,
            message: format!(
                "unknown variant '{}' (kifu knows wa, wa-nodrop and gufu)",
                t.value
            ),
            span: t.value_span,
            ply: None,
            mv: None,
            help: (chess_variant(&t.value) || chess_fen(tags).is_some())
                .then(|| LOOKS_LIKE_CHESS.into()),
        }),
    }
}

/// The game every move of the record fits, or `missing_variant` saying why the moves do not
/// tell.
fn told_by_moves(record: &Record) -> Result<Variant, Problem> {
    let mut all = WA | GUFU_BIT;
    // The first move that fits only one game, for each game, to explain a mix.
    let mut first: [Option<&WrittenMove>; 2] = [None, None];
    let mut neither = None;
    for node in record.movetext.nodes() {
        let f = fits(&node.mv);
        if f == 0 {
            neither = Some(&node.mv);
            break;
        }
        for (i, bit) in [WA, GUFU_BIT].into_iter().enumerate() {
            if f == bit && first[i].is_none() {
                first[i] = Some(&node.mv);
            }
        }
        all &= f;
        if all == 0 {
            break;
        }
    }
    let chess = neither.is_some_and(chess_move);
    // Where: at the move that rules both games out, if any.
    let (why, span) = match (all, neither, first) {
        (WA, None, _) => return Ok(Variant::Wa),
        (GUFU_BIT, None, _) => return Ok(Variant::Gufu),
        (_, Some(m), _) => (
            format!("{} is a move of neither Wa nor Gufū", m.text()),
            m.span(),
        ),
        (0, None, [Some(wa), Some(gufu)]) => (
            format!("{} is a Wa move, {} a Gufū move", wa.text(), gufu.text()),
            if wa.span().start > gufu.span().start {
                wa.span()
            } else {
                gufu.span()
            },
        ),
        _ => ("it has no moves".into(), Span::at(record.span.start)),
    };
    Err(Problem {
        kind: ProblemKind::MissingVariant,
        message: format!(
            "the record has no Variant tag, and its moves do not tell the game ({why})"
        ),
        span,
        ply: None,
        mv: None,
        help: Some(if chess {
            LOOKS_LIKE_CHESS.into()
        } else {
            "add [Variant \"wa\"], [Variant \"wa-nodrop\"] or [Variant \"gufu\"], or pass \
             --variant"
                .into()
        }),
    })
}

/// Which games a move as written fits, without a board.
fn fits(w: &WrittenMove) -> Fits {
    let h = match w {
        WrittenMove::Hodges(h) => h,
        WrittenMove::Engine(e) => {
            let letter_ok = match e.from {
                crate::record::EngineOrigin::Drop(c) => Kind::from_letter(c).is_some(),
                crate::record::EngineOrigin::Square(_) => true,
            };
            return if letter_ok { WA } else { 0 };
        }
        WrittenMove::San(s) => {
            let letter_ok = s.piece.is_none_or(|p| {
                p.letters()
                    .chars()
                    .next()
                    .and_then(Kind::from_letter)
                    .is_some()
            });
            return if letter_ok { WA } else { 0 };
        }
    };
    let wa =
        crate::wa::face_of(&h.piece).is_some() && h.facing.is_none() && h.action != Action::Turn;
    let on_gufu_board = |s: &crate::record::Square| GUFU.square(s.file, s.rank).is_some();
    let gufu = !h.piece.promoted()
        && crate::gufu::PIECES
            .iter()
            .any(|p| h.piece.letters().chars().eq([p.letter]))
        && on_gufu_board(&h.to)
        && h.from.as_ref().is_none_or(on_gufu_board);
    (if wa { WA } else { 0 }) | (if gufu { GUFU_BIT } else { 0 })
}
