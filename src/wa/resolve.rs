//! Resolving a written Wa move (Hodges, engine coordinates or XBoard's SAN) against a position.
//!
//! Hodges and SAN moves on the board go through one resolver ([`resolve_normal`]): a
//! [`Wanted`] move (the piece, what is written of its origin, the target, the marks and the
//! capture claim) is matched against the pieces that can legally make it; only reading the
//! notation into a [`Wanted`], and the wording of messages ([`Names`]), differ.

use crate::geometry::RankStyle;
use crate::geometry::{FileRank, Square, WA};
use crate::record::{self, Action, EngineOrigin, Mark, WrittenMove};
use crate::replay::{Fail, ProblemKind, Resolve, side};
use crate::rules::{IllegalMove, Move as _, Position as _, Rule};
use crate::wa::notation::{wa_engine, wa_engine_file, wa_engine_rank, wa_san, wa_square};
use crate::wa::{Game, Kind, Move, Piece, Position, square_list};

impl Resolve for Game {
    fn play_written(&mut self, w: &WrittenMove) -> Result<Move, Fail> {
        let names = Names::of(w);
        // `resolve` returns only moves that passed the rules.
        let (m, mate) = match resolve(self.position(), w, names) {
            Ok(found) => found,
            Err(f) => return Err(with_hint(self.position(), w, f, names)),
        };
        if mate {
            mate_claim(self.position(), &m, names)?;
        }
        self.play_verified(&m)
            .map_err(|e| illegal(self.position(), &m, e, names))?;
        Ok(m)
    }
}

/// How messages name squares and pieces: in the notation the move was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Names {
    /// Hodges squares (`7h` or `7八`) and abbreviations (`RR`, `+SP`).
    Hodges(RankStyle),
    /// XBoard's: engine squares (`g4`) and FEN letters (`R`, `+P`).
    Xboard,
}

impl Names {
    fn of(w: &WrittenMove) -> Names {
        match w {
            WrittenMove::Hodges(h) => Names::Hodges(h.to.rank_style),
            WrittenMove::Engine(_) | WrittenMove::San(_) => Names::Xboard,
        }
    }

    fn square(self, sq: Square) -> String {
        match self {
            Names::Hodges(r) => wa_square(sq, r),
            Names::Xboard => format!("{}{}", wa_engine_file(sq), wa_engine_rank(sq)),
        }
    }

    fn piece(self, p: Piece) -> String {
        match self {
            Names::Hodges(_) => p.face().abbr.to_string(),
            Names::Xboard if p.promoted => format!("+{}", p.kind.row().letter),
            Names::Xboard => p.kind.row().letter.to_string(),
        }
    }

    /// Why a move is illegal, squares named in this notation.
    fn rule(self, e: &IllegalMove) -> String {
        match self {
            Names::Hodges(r) => e.describe(r),
            Names::Xboard => e.describe_with(&|fr: FileRank| {
                WA.square(fr.file, fr.rank)
                    .map(|sq| self.square(sq))
                    .unwrap_or_else(|| fr.to_string())
            }),
        }
    }

    /// A move of `pos` as this notation writes it (for hints).
    fn write(self, pos: &Position, m: &Move, san: bool) -> String {
        match self {
            Names::Hodges(r) => crate::wa::notation::wa_hodges(pos, m, Default::default(), r),
            Names::Xboard if san => wa_san(pos, m),
            Names::Xboard => wa_engine(m),
        }
    }
}

/// The face a Hodges piece abbreviation names: kind and promoted.
pub(crate) fn face_of(piece: &record::Piece) -> Option<(Kind, bool)> {
    // A record's piece is one or two ASCII capitals, maybe after `+`.
    let (kind, by_alias) = Kind::from_capitals(piece.letter_bytes())?;
    match (by_alias, piece.promoted()) {
        // `+GB` is no piece: an alias names a promoted face already.
        (true, true) => None,
        (true, false) => Some((kind, true)),
        (false, true) => kind.can_promote().then_some((kind, true)),
        (false, false) => Some((kind, false)),
    }
}

/// What the marks say: promotion (Some(true) `+`, Some(false) `=`, None nothing) and whether
/// `#` claims that the move leaves the opponent without a legal move. Hodges moves take one
/// promotion mark; XBoard's notations (SAN and engine coordinates) may add `#` after it.
fn read_marks(marks: &record::Marks, names: Names) -> Result<(Option<bool>, bool), Fail> {
    let promotion = |m: Option<Mark>| match m {
        None => Some(None),
        Some(Mark::Plus) => Some(Some(true)),
        Some(Mark::Equals) => Some(Some(false)),
        Some(Mark::Hash) => None,
    };
    let mut it = marks.iter();
    let (first, second) = (it.next(), it.next());
    let read = match (names, first, second) {
        (Names::Hodges(_), _, None) => promotion(first).map(|p| (p, false)),
        (Names::Xboard, Some(Mark::Hash), None) => Some((None, true)),
        (Names::Xboard, _, None) => promotion(first).map(|p| (p, false)),
        (Names::Xboard, Some(_), Some(Mark::Hash)) => promotion(first).map(|p| (p, true)),
        _ => None,
    };
    read.ok_or_else(|| {
        Fail::new(
            ProblemKind::BadMark,
            match names {
                Names::Hodges(_) => format!(
                    "a Wa move takes at most one mark: '+' (promotes) or '=' (declines), not '{marks}'"
                ),
                Names::Xboard => format!(
                    "a Wa move takes '+' (promotes) or '=' (declines), then maybe '#' (the \
                     opponent has no legal move left), not '{marks}'"
                ),
            },
        )
    })
}

/// `#` claims that after `m` the side to move has no legal move (mate, or no move at all: in
/// Wa both end the game). Checked before the move is played.
fn mate_claim(pos: &Position, m: &Move, names: Names) -> Result<(), Fail> {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if !after.has_legal_move() {
        return Ok(());
    }
    let them = side(after.turn());
    let mut f = Fail::new(
        ProblemKind::CheckMark,
        format!("'#' claims that {them} has no legal move left, but {them} can still move"),
    );
    if let Some(reply) = after.legal_moves().first() {
        let text = names.write(&after, reply, true);
        f = f.help(format!("for example {text}"));
    }
    Err(f)
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
fn illegal(pos: &Position, m: &Move, e: IllegalMove, names: Names) -> Fail {
    let mut f = Fail::new(e.kind(), names.rule(&e));
    if let Move::Normal { from, .. } = m
        && let Some(p) = pos.piece_at(*from)
        && p.color == pos.turn()
    {
        let mut dests: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|l| l.from() == Some(*from))
            .map(|l| names.square(l.to()))
            .collect();
        dests.dedup();
        let (piece, at) = (names.piece(p), names.square(*from));
        f = f.help(if dests.is_empty() {
            format!("the {piece} on {at} has no legal move")
        } else {
            format!("the {piece} on {at} can go to {}", dests.join(", "))
        });
    }
    f
}

/// What the side to move has in hand (for a drop of a piece it does not have).
fn hand(pos: &Position, names: Names) -> String {
    let turn = pos.turn();
    let held: Vec<String> = Kind::all()
        .filter_map(|kind| {
            let n = pos.in_hand(turn, kind);
            let piece = names.piece(Piece {
                color: turn,
                kind,
                promoted: false,
            });
            match n {
                0 => None,
                1 => Some(piece),
                n => Some(format!("{piece} ×{n}")),
            }
        })
        .collect();
    match held.is_empty() {
        true => format!("{} has nothing in hand", side(turn)),
        false => format!("{} has in hand: {}", side(turn), held.join(", ")),
    }
}

/// A failure with a hint at what the writer meant, where one is known (the error path only):
/// for an unknown piece the nearest abbreviations, for a drop not in hand what is in hand, for
/// a `+` where no promotion is possible the move without it (`+` is no check mark in Wa).
#[cold]
fn with_hint(pos: &Position, w: &WrittenMove, f: Fail, names: Names) -> Fail {
    let hint = match (f.kind, w) {
        (ProblemKind::UnknownPiece, WrittenMove::Hodges(h)) => {
            let promote = read_marks(&h.marks, names).ok().and_then(|(p, _)| p);
            nearest_pieces(pos, h, promote, names)
        }
        (ProblemKind::Rule(Rule::NotInHand), _) => Some(hand(pos, names)),
        (ProblemKind::Rule(Rule::CannotPromote), _) => {
            resolve_marked(pos, w, None, names).ok().map(|m| {
                let san = matches!(w, WrittenMove::San(_));
                format!(
                    "in Wa, '+' after a move means that it promotes, not check: write {}",
                    names.write(pos, &m, san)
                )
            })
        }
        _ => None,
    };
    match hint {
        Some(h) => f.help(h),
        None => f,
    }
}

/// For a Hodges move whose piece is no Wa abbreviation: the abbreviations one edit away (a
/// letter added, left out or changed, two letters swapped) with their English names; those
/// with which the move is legal here if there are any (the move so written, when only one).
#[cold]
fn nearest_pieces(
    pos: &Position,
    h: &record::HodgesMove,
    promote: Option<bool>,
    names: Names,
) -> Option<String> {
    let written = h.piece.to_string();
    let near: Vec<(&str, &str)> = abbreviations()
        .filter(|(abbr, _)| strsim::osa_distance(&written, abbr) == 1)
        .collect();
    let legal: Vec<(&str, &str, String)> = near
        .iter()
        .filter_map(|&(abbr, name)| {
            let mut fixed = h.clone();
            fixed.piece = record::Piece::parse(abbr)?;
            resolve_hodges(pos, &fixed, promote, names).ok()?;
            Some((abbr, name, fixed.to_string()))
        })
        .collect();
    // `Violent Stag (promoted Climbing Monkey)` in parentheses: `Violent Stag, promoted ...`.
    let named = |abbr: &str, name: &str| match name.split_once(" (") {
        Some((face, of)) => format!("{abbr} ({face}, {})", of.trim_end_matches(')')),
        None => format!("{abbr} ({name})"),
    };
    let list = |items: Vec<String>| match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    match legal.as_slice() {
        [(abbr, name, text)] => Some(format!("did you mean {}? {text}", named(abbr, name))),
        [] if near.is_empty() => None,
        [] => Some(format!(
            "did you mean {}?",
            list(near.iter().map(|(a, n)| named(a, n)).collect())
        )),
        more => Some(format!(
            "did you mean {}?",
            list(more.iter().map(|(a, n, _)| named(a, n)).collect())
        )),
    }
}

/// Every abbreviation Hodges moves may use, with the English name of its face: each kind's,
/// its promoted face's (`+SP`) and that face's alias (`GB`), from the piece table.
fn abbreviations() -> impl Iterator<Item = (&'static str, &'static str)> {
    Kind::all().flat_map(|k| {
        let row = k.row();
        let promoted = row.promoted.iter().flat_map(|p| {
            std::iter::once((p.face.abbr, p.face.name)).chain(p.alias.map(|a| (a, p.face.name)))
        });
        std::iter::once((row.face.abbr, row.face.name)).chain(promoted)
    })
}

/// Resolves a written move: the move, and whether `#` claims the opponent has no move left.
#[inline]
fn resolve(pos: &Position, w: &WrittenMove, names: Names) -> Result<(Move, bool), Fail> {
    let (promote, mate) = read_marks(&w.marks(), names)?;
    Ok((resolve_marked(pos, w, promote, names)?, mate))
}

/// Resolves a written move whose promotion mark says `promote`.
#[inline(always)]
fn resolve_marked(
    pos: &Position,
    w: &WrittenMove,
    promote: Option<bool>,
    names: Names,
) -> Result<Move, Fail> {
    match w {
        WrittenMove::Engine(e) => resolve_engine(pos, e, promote, names),
        WrittenMove::Hodges(h) => resolve_hodges(pos, h, promote, names),
        WrittenMove::San(s) => resolve_normal(pos, &san_wanted(pos, s, promote)?, names),
    }
}

fn resolve_engine(
    pos: &Position,
    e: &record::EngineMove,
    promote: Option<bool>,
    names: Names,
) -> Result<Move, Fail> {
    let to = engine_square(&e.to)?;
    match e.from {
        EngineOrigin::Drop(letter) => {
            let Some(kind) = Kind::from_letter(letter) else {
                return Err(Fail::new(
                    ProblemKind::UnknownPiece,
                    format!("'{letter}' is not a Wa piece letter"),
                ));
            };
            drop_move(pos, kind, to, promote, names)
        }
        EngineOrigin::Square(s) => {
            let from = engine_square(&s)?;
            let m = Move::Normal {
                from,
                to,
                promote: promote == Some(true),
            };
            pos.check_rules(&m)
                .map_err(|e| illegal(pos, &m, e, names))?;
            decline_check(pos, &m, promote, names)?;
            Ok(m)
        }
    }
}

/// A drop, in any notation: no promotion mark, and the drop rules.
fn drop_move(
    pos: &Position,
    kind: Kind,
    to: Square,
    promote: Option<bool>,
    names: Names,
) -> Result<Move, Fail> {
    if promote.is_some() {
        return Err(Fail::new(
            ProblemKind::DropPromotion,
            "a drop never promotes: no '+' or '='",
        ));
    }
    let m = Move::Drop { kind, to };
    pos.check_rules(&m)
        .map_err(|e| illegal(pos, &m, e, names))?;
    Ok(m)
}

/// `=` declines a promotion: in Hodges notation (kifu's PSN rule) it must have been possible.
/// XBoard's notations (SAN, engine coordinates) take it on any move, as XBoard writes it back
/// whether a promotion was possible or not: a plain move there.
fn decline_check(
    pos: &Position,
    m: &Move,
    promote: Option<bool>,
    names: Names,
) -> Result<(), Fail> {
    if names == Names::Xboard {
        return Ok(());
    }
    if let (Move::Normal { from, to, .. }, Some(false)) = (m, promote)
        && let Some(p) = pos.piece_at(*from)
        && !Position::promotion_options(p, *from, *to).can
    {
        pos.check_rules(m).map_err(|e| illegal(pos, m, e, names))?;
        return Err(Fail::new(
            Rule::NothingToDecline,
            names.rule(&IllegalMove::NothingToDecline),
        ));
    }
    Ok(())
}

/// What is written of a move's origin.
#[derive(Clone, Copy, Debug)]
enum Origin {
    /// Nothing: any piece of the face that can make the move.
    Any,
    /// The square.
    At(Square),
    /// A SAN origin file or rank (engine coordinates): a piece on that file or rank.
    Within {
        file: Option<char>,
        rank: Option<u8>,
    },
}

impl Origin {
    /// The squares where the origin may be, as a set (bit `i` for `Square(i)`).
    fn squares(self) -> u128 {
        match self {
            Origin::Any => !0,
            Origin::At(sq) => 1 << sq.index(),
            Origin::Within { file, rank } => WA
                .squares()
                .filter(|&sq| {
                    file.is_none_or(|f| wa_engine_file(sq) == f)
                        && rank.is_none_or(|r| wa_engine_rank(sq) == r)
                })
                .fold(0, |set, sq| set | 1u128 << sq.index()),
        }
    }

    fn describe(self) -> String {
        match self {
            Origin::Within {
                file: Some(f),
                rank: None,
            } => format!("file {f}"),
            Origin::Within {
                file: None,
                rank: Some(r),
            } => format!("rank {r}"),
            _ => "the board".into(),
        }
    }
}

/// A move on the board as written, whatever the notation: the piece (of the side to move), what
/// is written of its origin, the target, the promotion mark, and whether a capture is claimed
/// (`x`) or denied (Hodges `-`, SAN without `x`).
struct Wanted {
    piece: Piece,
    origin: Origin,
    to: Square,
    promote: Option<bool>,
    capture: bool,
    /// SAN: messages and hints in XBoard's SAN.
    san: bool,
}

// Inlined into `resolve` (the hot path), though the hints call it too.
#[inline(always)]
fn resolve_hodges(
    pos: &Position,
    h: &record::HodgesMove,
    promote: Option<bool>,
    names: Names,
) -> Result<Move, Fail> {
    let Some((kind, promoted)) = face_of(&h.piece) else {
        // (The hint is added by `play_written`: `nearest_pieces` resolves moves itself.)
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
    let to = square(&h.to)?;
    let piece = Piece {
        color: pos.turn(),
        kind,
        promoted,
    };
    let origin = match &h.from {
        Some(o) => Origin::At(square(o)?),
        None => Origin::Any,
    };
    let capture = match h.action {
        Action::Turn => {
            return Err(Fail::new(
                ProblemKind::BadAction,
                "':' (turn in place) exists only in Gufū",
            ));
        }
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
            return drop_move(pos, kind, to, promote, names);
        }
        Action::Move => false,
        Action::Capture => true,
    };
    let wanted = Wanted {
        piece,
        origin,
        to,
        promote,
        capture,
        san: false,
    };
    resolve_normal(pos, &wanted, names)
}

/// A SAN move on the board (a SAN drop is read as an engine drop) as a [`Wanted`] move.
fn san_wanted(pos: &Position, s: &record::SanMove, promote: Option<bool>) -> Result<Wanted, Fail> {
    let (kind, promoted) = match s.piece {
        None => (Kind::SP, false),
        Some(p) => {
            let letter = p.letters().chars().next().unwrap_or('?');
            match Kind::from_letter(letter) {
                Some(k) if !p.promoted() || k.can_promote() => (k, p.promoted()),
                Some(_) => {
                    return Err(Fail::new(
                        ProblemKind::UnknownPiece,
                        format!("'{p}' is not a Wa piece: {letter} never promotes"),
                    ));
                }
                None => {
                    return Err(Fail::new(
                        ProblemKind::UnknownPiece,
                        format!("'{p}' is not a Wa piece letter"),
                    ));
                }
            }
        }
    };
    let to = engine_square(&s.to)?;
    let off_board =
        |what: String| Fail::new(ProblemKind::OffBoard, format!("{what} is not on the board"));
    let file = match s.from_file {
        Some(f @ 1..=11) => Some(char::from(b'a' + f - 1)),
        Some(f) => return Err(off_board(format!("file {f}"))),
        None => None,
    };
    if let Some(r) = s.from_rank.filter(|r| !(1..=11).contains(r)) {
        return Err(off_board(format!("rank {r}")));
    }
    let origin = match (file, s.from_rank) {
        (None, None) => Origin::Any,
        (Some(_), Some(_)) => Origin::At(engine_square(&record::EngineSquare {
            file: s.from_file.unwrap_or(0),
            rank: s.from_rank.unwrap_or(0),
        })?),
        (file, rank) => Origin::Within { file, rank },
    };
    Ok(Wanted {
        piece: Piece {
            color: pos.turn(),
            kind,
            promoted,
        },
        origin,
        to,
        promote,
        capture: s.capture,
        san: true,
    })
}

/// Resolves a move on the board as written (Hodges or SAN): finds the one piece that can make
/// it, then checks the rules and what the text claims (promotion mark, capture).
#[inline(always)]
fn resolve_normal(pos: &Position, w: &Wanted, names: Names) -> Result<Move, Fail> {
    let (piece, to) = (w.piece, w.to);
    let turn = piece.color;
    let abbr = || names.piece(piece);
    // The candidate origins, as a set of squares.
    let candidates: u128 = match w.origin {
        Origin::At(from) => {
            if pos.piece_at(from) != Some(piece) {
                let there = match pos.piece_at(from) {
                    None => "it is empty".to_string(),
                    Some(q) if q.color != turn => {
                        format!("it holds the opponent's {}", names.piece(q))
                    }
                    Some(q) => format!("it holds a {}", names.piece(q)),
                };
                return Err(Fail::new(
                    Rule::NoPiece,
                    format!(
                        "{} has no {} on {}: {there}",
                        side(turn),
                        abbr(),
                        names.square(from)
                    ),
                ));
            }
            1 << from.index()
        }
        // Only pieces that reach the square can make the move.
        Origin::Any => pos.origin_bits(piece, to),
        Origin::Within { .. } => pos.origin_bits(piece, to) & w.origin.squares(),
    };
    // The candidates that can make the move (promoting, if it must), and for the first of them
    // whether the move without promotion broke only the must-promote rule.
    let mut legal = 0u128;
    let mut first: Option<(Square, bool)> = None;
    // Origins found on the board reach the square with a clear way: the rules need not walk it
    // again. A written origin square is checked in full.
    let check = |m: &Move| match w.origin {
        Origin::At(_) => pos.check_rules(m),
        _ => pos.check_rules_reaching(m),
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
            // Explain with every piece of that face (where the origin says), not only those
            // that reach.
            let all: Vec<Square> = match w.origin {
                Origin::At(_) => square_list(candidates).collect(),
                Origin::Any => WA
                    .squares()
                    .filter(|&s| pos.piece_at(s) == Some(piece))
                    .collect(),
                Origin::Within { .. } => square_list(w.origin.squares())
                    .filter(|&s| pos.piece_at(s) == Some(piece))
                    .collect(),
            };
            return Err(explain(pos, w, &all, names));
        }
        Some(_) => {
            let write = match (names, w.origin) {
                (Names::Hodges(_), _) => "write the origin",
                (Names::Xboard, Origin::Any) => "write the origin's file or rank",
                (Names::Xboard, _) => "write the origin's file and rank",
            };
            return Err(Fail::new(
                ProblemKind::AmbiguousMove,
                format!(
                    "{} pieces {} can move to {}: {write}",
                    legal.count_ones(),
                    abbr(),
                    names.square(to)
                ),
            )
            .help(format!(
                "candidates: {}",
                square_list(legal)
                    .map(|s| format!("{}{}", abbr(), names.square(s)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
    };
    let m = Move::Normal {
        from,
        to,
        promote: w.promote == Some(true),
    };
    // The rules' verdict on `m` is known from the search above, except for a promotion of a
    // piece that need not promote.
    let verdict = match (w.promote == Some(true), must_promote) {
        (false, false) | (true, true) => Ok(()),
        (false, true) => Err(IllegalMove::MustPromote),
        (true, false) => pos.check_rules(&m),
    };
    verdict.map_err(|e| illegal(pos, &m, e, names))?;
    decline_check(pos, &m, w.promote, names)?;
    if pos.piece_at(to).is_some() != w.capture {
        return Err(wrong_capture_mark(pos, w, &m, names));
    }
    Ok(m)
}

/// Why the capture claim of `m` is wrong: `x` must capture, and a capture needs its `x` (Hodges
/// writes `-` for a move to an empty square; SAN nothing).
#[cold]
fn wrong_capture_mark(pos: &Position, w: &Wanted, m: &Move, names: Names) -> Fail {
    let to = names.square(w.to);
    let hint = |f: Fail| match w.san {
        true => f.help(format!("XBoard writes {}", wa_san(pos, m))),
        false => f,
    };
    match pos.piece_at(w.to) {
        None => hint(Fail::new(
            ProblemKind::CaptureMark,
            match w.san {
                false => format!("'x' claims a capture, but {to} is empty: write '-'"),
                true => format!("'x' claims a capture, but {to} is empty"),
            },
        )),
        Some(q) => {
            let q = names.piece(q);
            hint(Fail::new(
                ProblemKind::CaptureMark,
                match w.san {
                    false => format!(
                        "'-' claims an empty square, but the move captures the {q} on {to}: write 'x'"
                    ),
                    true => format!("the move captures the {q} on {to}, but no 'x' is written"),
                },
            ))
        }
    }
}

/// Why no piece of the face (among `candidates`: those where the origin says) can make the move.
fn explain(pos: &Position, w: &Wanted, candidates: &[Square], names: Names) -> Fail {
    let (piece, to) = (w.piece, w.to);
    let abbr = names.piece(piece);
    let whose = side(piece.color);
    if candidates.is_empty() {
        return Fail::new(
            Rule::NoPiece,
            format!("{whose} has no {abbr} on {}", w.origin.describe()),
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
    let to = names.square(to);
    match pick {
        Some(from) => {
            let m = Move::Normal {
                from,
                to: w.to,
                promote: w.promote == Some(true),
            };
            // No candidate made the move, so the rules find something wrong with this one
            // (were they to find nothing, the piece still could not make the move as written).
            let e = pos.check_rules(&m).err();
            illegal(pos, &m, e.unwrap_or(IllegalMove::CannotMoveThatWay), names)
        }
        None => {
            let list: Vec<String> = candidates.iter().map(|&s| names.square(s)).collect();
            let on = match w.origin {
                Origin::Within { .. } => format!(" on {}", w.origin.describe()),
                _ => String::new(),
            };
            Fail::new(
                Rule::CannotMoveThatWay,
                format!("{whose} has no {abbr}{on} that can move to {to}"),
            )
            .help(format!("the {abbr}s stand on {}", list.join(", ")))
        }
    }
}
