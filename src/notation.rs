//! Writing moves and squares as text: Hodges style for both games, engine coordinates and
//! XBoard's SAN for Wa, in a [`Style`] (notation and rank style); every game writes its moves
//! through [`Notate`]. (Reading is the grammar's job, in `record`; resolving a written move
//! against a position is the replay layer's.)

use crate::geometry::{GUFU, Square, WA};
use crate::replay::MoveError;
use crate::replay::text::play_text;
use crate::rules::{IllegalMove, PerGame, Position, Status, Termination};
use crate::{Variant, gufu, wa};
use std::fmt;

use crate::geometry::RankStyle;

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
    /// The notation asked for.
    pub notation: Notation,
    /// The variant of the game that cannot be written in it.
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
    /// How moves are written.
    pub notation: Notation,
    /// How ranks are written: letters (`a`…) or kanji (`一`…).
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

    /// The move `text` names on this position, in any notation kifu reads (Hodges `SP-7g`,
    /// `K*2三>W`; XBoard's SAN `Rg4`; engine coordinates `h3g4`, `P@e5`), checked as
    /// `kifu validate` checks a move of a record: legal, and everything the text claims true
    /// (capture, promotion, check marks, facing). Whitespace around the move is ignored;
    /// anything but one move is a `syntax` error. The position is not changed.
    ///
    /// ```
    /// use kifu::notation::Notate;
    /// use kifu::rules::Position;
    /// use kifu::{Variant, wa};
    /// let pos = wa::Position::start(Variant::Wa);
    /// let m = pos.parse_move("SP-7h").unwrap();
    /// assert_eq!(m.to_string(), "e3e4"); // engine coordinates
    /// assert_eq!(pos.parse_move("g4").unwrap(), pos.parse_move("SP-5h").unwrap());
    /// let e = pos.parse_move("SPx7h").unwrap_err();
    /// assert_eq!(e.kind.name(), "capture_mark");
    /// ```
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// [`Notate::parse_move`], then plays the move; the position is unchanged on an error.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        let m = self.parse_move(text)?;
        self.play_unchecked(&m);
        Ok(m)
    }

    /// `m` written in `style` from this position (the one before the move) alone, with its
    /// marks: the text [`Notate::move_text`] gives with the position after it.
    ///
    /// ```
    /// use kifu::notation::{Notate, Notation, Style};
    /// use kifu::rules::Position;
    /// use kifu::{Variant, gufu};
    /// let pos = gufu::Position::start(Variant::Gufu);
    /// let m = pos.legal_moves()[0];
    /// assert_eq!(pos.notate(&m, Style::default_for(Variant::Gufu)).unwrap(), "K*2一>N");
    /// let san = Style { notation: Notation::San, ..Style::default_for(Variant::Gufu) };
    /// assert_eq!(pos.notate(&m, san).unwrap_err().name(), "unsupported_notation");
    /// ```
    fn notate(&self, m: &Self::Move, style: Style) -> Result<String, NotateError> {
        style.notation.writes(self.variant())?;
        self.check(m)?;
        let mut after = self.clone();
        after.play_unchecked(m);
        Ok(self.move_text(m, &after, style))
    }
}

/// Why a move cannot be written ([`Notate::notate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotateError {
    /// The move is not legal in the position.
    Illegal(IllegalMove),
    /// The notation has no way to write this game's moves.
    Unsupported(Unsupported),
    /// A move of the other game ([`PerGame::notate`]).
    WrongGame,
}

impl NotateError {
    /// The stable name: the rule broken (`path_blocked`, ...), `unsupported_notation` or
    /// `wrong_game`.
    pub fn name(&self) -> &'static str {
        match self {
            NotateError::Illegal(e) => e.kind().name(),
            NotateError::Unsupported(_) => Unsupported::KIND,
            NotateError::WrongGame => "wrong_game",
        }
    }
}

impl From<IllegalMove> for NotateError {
    fn from(e: IllegalMove) -> NotateError {
        NotateError::Illegal(e)
    }
}

impl From<Unsupported> for NotateError {
    fn from(e: Unsupported) -> NotateError {
        NotateError::Unsupported(e)
    }
}

impl fmt::Display for NotateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotateError::Illegal(e) => e.fmt(f),
            NotateError::Unsupported(u) => f.write_str(&u.message()),
            NotateError::WrongGame => f.write_str("the move is a move of the other game"),
        }
    }
}

impl std::error::Error for NotateError {}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for Unsupported {}

/// Moves as text on a position of either game (see [`Notate`]).
impl<W: Notate, G: Notate> PerGame<W, G> {
    /// [`Notate::parse_move`] on whichever game this is.
    pub fn parse_move(&self, text: &str) -> Result<PerGame<W::Move, G::Move>, MoveError> {
        Ok(match self {
            PerGame::Wa(p) => PerGame::Wa(p.parse_move(text)?),
            PerGame::Gufu(p) => PerGame::Gufu(p.parse_move(text)?),
        })
    }

    /// [`Notate::play_text`] on whichever game this is.
    pub fn play_text(&mut self, text: &str) -> Result<PerGame<W::Move, G::Move>, MoveError> {
        Ok(match self {
            PerGame::Wa(p) => PerGame::Wa(p.play_text(text)?),
            PerGame::Gufu(p) => PerGame::Gufu(p.play_text(text)?),
        })
    }

    /// [`Notate::notate`] on whichever game this is (a move of the other game is
    /// [`NotateError::WrongGame`]).
    pub fn notate(
        &self,
        m: &PerGame<W::Move, G::Move>,
        style: Style,
    ) -> Result<String, NotateError> {
        match (self, m) {
            (PerGame::Wa(p), PerGame::Wa(m)) => p.notate(m, style),
            (PerGame::Gufu(p), PerGame::Gufu(m)) => p.notate(m, style),
            _ => Err(NotateError::WrongGame),
        }
    }
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

    fn parse_move(&self, text: &str) -> Result<wa::Move, MoveError> {
        play_text(&mut wa::Game::new(self.clone()), text)
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

    /// (The repetition rule aside, which ends a game but never makes a move illegal, the
    /// position alone decides: the history is not copied.)
    fn parse_move(&self, text: &str) -> Result<wa::Move, MoveError> {
        crate::replay::text::ongoing(self)?;
        self.position().parse_move(text)
    }

    fn notate(&self, m: &wa::Move, style: Style) -> Result<String, NotateError> {
        self.check(m)?;
        self.position().notate(m, style)
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

    fn parse_move(&self, text: &str) -> Result<gufu::Move, MoveError> {
        play_text(&mut self.clone(), text)
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
    let others = pos.origin_bits(p, to) & !(1u128 << from.index());
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

named_kinds! {
    /// The kind of a [`ParseError`].
    pub enum ParseKind {
        /// Not a square of the board.
        BadSquare = "bad_square",
        /// Not a move in the form read (engine coordinates for Wa, the coordinate form for
        /// Gufū).
        BadMove = "bad_move",
        /// Not a variant kifu knows.
        UnknownVariant = "unknown_variant",
    }
}

/// Text that does not read as a square, a move or a variant name (without a position: see
/// [`Notate::parse_move`] for a move of a position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What the text should have been.
    pub kind: ParseKind,
    /// Why it is not, in English.
    pub message: String,
}

impl ParseError {
    fn new(kind: ParseKind, message: impl Into<String>) -> ParseError {
        ParseError {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// A Hodges square of `board`: file number, then rank letter or kanji (`7h`, `7八`, `2三`).
fn hodges_square(board: crate::geometry::Geometry, s: &str) -> Option<Square> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let (file, rank) = s.split_at(digits);
    let file: u8 = file.parse().ok()?;
    let rank = (1..=board.ranks).find(|&r| {
        crate::geometry::letter_rank(r).is_some_and(|c| rank.len() == 1 && rank.starts_with(c))
            || crate::geometry::kanji_rank(r) == Some(rank)
    })?;
    board.square(file, rank)
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

impl fmt::Display for wa::WaSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&wa_square(self.0, RankStyle::Letter))
    }
}

impl std::str::FromStr for wa::WaSquare {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        hodges_square(WA, s)
            .or_else(|| engine_square(s))
            .map(wa::WaSquare)
            .ok_or_else(|| {
                ParseError::new(
                    ParseKind::BadSquare,
                    format!("'{s}' is not a Wa square (7h, 7八 or e4)"),
                )
            })
    }
}

impl fmt::Display for gufu::GufuSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&gufu_square(self.0, RankStyle::Letter))
    }
}

impl std::str::FromStr for gufu::GufuSquare {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        hodges_square(GUFU, s).map(gufu::GufuSquare).ok_or_else(|| {
            ParseError::new(
                ParseKind::BadSquare,
                format!("'{s}' is not a Gufū square (2c or 2三)"),
            )
        })
    }
}

/// Engine coordinates: `h3g4`, `c9c10+` (promoting), `P@e5` (a drop).
impl fmt::Display for wa::Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&wa_engine(self))
    }
}

/// Reads engine coordinates (`h3g4`, `c9c10+`, `P@e5`), without a position: whether the move
/// is legal is for [`Position::check`] to say.
impl std::str::FromStr for wa::Move {
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
                (Some(c), None) if c.is_ascii_uppercase() => wa::Kind::from_letter(c),
                _ => None,
            };
            return match (kind, engine_square(to)) {
                (Some(kind), Some(to)) => Ok(wa::Move::Drop { kind, to }),
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
            (Some(from), Some(to)) => Ok(wa::Move::Normal { from, to, promote }),
            _ => Err(bad()),
        }
    }
}

/// kifu's coordinate form of a Gufū move (Gufū has no engine coordinates), letter ranks: a
/// step `2c1c>E` (origin, target, facing after), a turn in place `1b1b>N`, a drop `K@2c>N`
/// (`K` Black's King, `k` White's, `W` Kaze, `S` Arashi, as in position strings).
impl fmt::Display for gufu::Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = |s: Square| gufu_square(s, RankStyle::Letter);
        match *self {
            gufu::Move::Step { from, to, facing } => {
                write!(f, "{}{}>{}", sq(from), sq(to), facing.letter())
            }
            gufu::Move::Turn { at, facing } => {
                write!(f, "{}{}>{}", sq(at), sq(at), facing.letter())
            }
            gufu::Move::Drop { piece, to, facing } => write!(
                f,
                "{}@{}>{}",
                gufu::posstr::letter_of(piece),
                sq(to),
                facing.letter()
            ),
        }
    }
}

/// Reads the coordinate form `Display` writes.
impl std::str::FromStr for gufu::Move {
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
                (Some(c), None) => gufu::posstr::id_of(c),
                _ => None,
            };
            return match (piece, square(to)) {
                (Some(piece), Some(to)) => Ok(gufu::Move::Drop { piece, to, facing }),
                _ => Err(bad()),
            };
        }
        let (from, to) = (body.get(..2), body.get(2..));
        match (from.and_then(square), to.and_then(square)) {
            (Some(at), Some(to)) if at == to => Ok(gufu::Move::Turn { at, facing }),
            (Some(from), Some(to)) => Ok(gufu::Move::Step { from, to, facing }),
            _ => Err(bad()),
        }
    }
}

/// The position string (XBoard's FEN).
impl fmt::Display for wa::Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

/// The position string of the current position (XBoard's FEN).
impl fmt::Display for wa::Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

/// kifu's Gufū position string (`2/2/2 b KkWS 1`).
impl fmt::Display for gufu::Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

/// Reads a FEN as Wa with drops (for the game without drops:
/// `from_position_string(Variant::WaNoDrop, s)`).
impl std::str::FromStr for wa::Position {
    type Err = crate::rules::PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        wa::Position::from_position_string(Variant::Wa, s)
    }
}

/// Reads kifu's Gufū position string.
impl std::str::FromStr for gufu::Position {
    type Err = crate::rules::PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        gufu::Position::from_position_string(Variant::Gufu, s)
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
