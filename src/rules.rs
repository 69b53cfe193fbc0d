//! What both games share: the [`Position`] trait (the rules as every other layer sees them),
//! why a move is illegal, how a game ends, [`PerGame`] (either game at run time), and perft.

use crate::Variant;
use crate::geometry::{Color, FileRank, RankStyle, Square};
use std::fmt;
use std::hash::Hash;

named_kinds! {
    /// The rule a move breaks: [`IllegalMove`] without its details, with a stable name.
    pub enum Rule {
        /// The game is already over.
        GameOver = "game_over",
        /// No piece stands on the origin square.
        NoPiece = "no_piece",
        /// The piece there belongs to the opponent (or, in Gufū, is a shared piece the mover does
        /// not control for another reason, see `FixedCheckingPiece`).
        NotYourPiece = "not_your_piece",
        /// The target is not among the piece's moves on an empty board.
        CannotMoveThatWay = "cannot_move_that_way",
        /// A piece stands in between.
        PathBlocked = "path_blocked",
        /// The target holds a piece of the mover's own.
        OwnPieceOnTarget = "own_piece_on_target",
        /// Wa: after the move the mover's Crane King would be attacked.
        LeavesKingInCheck = "king_in_check",
        /// Wa without drops: there are no drops.
        DropsDisabled = "drops_disabled",
        /// The piece to drop is not in hand.
        NotInHand = "not_in_hand",
        /// A drop must go to an empty square.
        DropOnOccupied = "drop_on_occupied",
        /// Wa: a Sparrow Pawn or Oxcart may not be dropped on its last rank.
        DropDeadSquare = "drop_dead_square",
        /// Wa: a Sparrow Pawn may not be dropped into a file with an own unpromoted Sparrow Pawn.
        TwoSparrowPawns = "two_sparrow_pawns",
        /// Wa: a Sparrow Pawn may not be dropped to give immediate checkmate.
        SparrowDropMate = "sparrow_drop_mate",
        /// Wa: a Sparrow Pawn or Oxcart reaching the last rank must promote.
        MustPromote = "must_promote",
        /// Wa: the move cannot promote (piece has no promotion, is promoted already, the move
        /// neither starts nor ends in the zone, or it is a drop).
        CannotPromote = "cannot_promote",
        /// Wa: `=` declines a promotion, but no promotion was possible.
        NothingToDecline = "nothing_to_decline",
        /// Gufū: the facing written differs from the facing the rules give.
        WrongFacing = "wrong_facing",
        /// Gufū: the Kings would stand orthogonally adjacent, facing each other.
        KingsFaceToFace = "kings_face_to_face",
        /// Gufū: a dropped piece may not give check.
        CheckByDrop = "check_by_drop",
        /// Gufū: this shared piece gives check and is fixed to the opponent for this turn.
        FixedCheckingPiece = "fixed_checking_piece",
        /// Gufū: a King may not capture a shared piece that gives check to it.
        KingCapturesChecker = "king_captures_checker",
        /// Gufū: a King never captures the other King.
        KingCapturesKing = "king_captures_king",
        /// Gufū: a shared piece captures a King only while it gives check for the mover.
        CannotCaptureKing = "cannot_capture_king",
        /// Gufū: plies 1-4 are fixed drops (Black King, White King, Kaze, Arashi).
        SetupOrder = "setup_order",
    }
}

/// Why a move is illegal. One variant per rule; [`IllegalMove::kind`] says which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is already over.
    GameOver,
    /// No piece stands on the origin square.
    NoPiece {
        /// The origin square named by the move.
        at: FileRank,
    },
    /// The piece there belongs to the opponent (or, in Gufū, is a shared piece
    /// the mover does not control for another reason, see `FixedCheckingPiece`).
    NotYourPiece {
        /// The origin square named by the move.
        at: FileRank,
    },
    /// The target is not among the piece's moves on an empty board.
    CannotMoveThatWay,
    /// A piece stands in between.
    PathBlocked {
        /// The first occupied square on the way.
        at: FileRank,
    },
    /// The target holds a piece of the mover's own.
    OwnPieceOnTarget,
    /// Wa: after the move the mover's Crane King would be attacked.
    LeavesKingInCheck,
    /// Wa without drops: there are no drops.
    DropsDisabled,
    /// The piece to drop is not in hand.
    NotInHand,
    /// A drop must go to an empty square.
    DropOnOccupied,
    /// Wa: a Sparrow Pawn or Oxcart may not be dropped on its last rank.
    DropDeadSquare,
    /// Wa: a Sparrow Pawn may not be dropped into a file with an own unpromoted Sparrow Pawn.
    TwoSparrowPawns,
    /// Wa: a Sparrow Pawn may not be dropped to give immediate checkmate.
    SparrowDropMate,
    /// Wa: a Sparrow Pawn or Oxcart reaching the last rank must promote.
    MustPromote,
    /// Wa: the move cannot promote (piece has no promotion, is promoted already,
    /// the move neither starts nor ends in the zone, or it is a drop).
    CannotPromote {
        /// Which of those reasons, in plain English.
        why: &'static str,
    },
    /// Wa: `=` declines a promotion, but no promotion was possible.
    NothingToDecline,
    /// Gufū: the facing written differs from the facing the rules give.
    WrongFacing {
        /// The facing the rules give, as written in a move (`N`, `E`, `S` or `W`).
        expected: char,
    },
    /// Gufū: the Kings would stand orthogonally adjacent, facing each other.
    KingsFaceToFace,
    /// Gufū: a dropped piece may not give check.
    CheckByDrop,
    /// Gufū: this shared piece gives check and is fixed to the opponent for this turn.
    FixedCheckingPiece,
    /// Gufū: a King may not capture a shared piece that gives check to it.
    KingCapturesChecker,
    /// Gufū: a King never captures the other King.
    KingCapturesKing,
    /// Gufū: a shared piece captures a King only while it gives check for the mover.
    CannotCaptureKing,
    /// Gufū: plies 1-4 are fixed drops (Black King, White King, Kaze, Arashi).
    SetupOrder {
        /// What this ply must drop, in plain English.
        expected: &'static str,
    },
}

impl IllegalMove {
    /// The rule that was broken (its [`Rule::name`] is stable).
    pub fn kind(&self) -> Rule {
        match self {
            IllegalMove::GameOver => Rule::GameOver,
            IllegalMove::NoPiece { .. } => Rule::NoPiece,
            IllegalMove::NotYourPiece { .. } => Rule::NotYourPiece,
            IllegalMove::CannotMoveThatWay => Rule::CannotMoveThatWay,
            IllegalMove::PathBlocked { .. } => Rule::PathBlocked,
            IllegalMove::OwnPieceOnTarget => Rule::OwnPieceOnTarget,
            IllegalMove::LeavesKingInCheck => Rule::LeavesKingInCheck,
            IllegalMove::DropsDisabled => Rule::DropsDisabled,
            IllegalMove::NotInHand => Rule::NotInHand,
            IllegalMove::DropOnOccupied => Rule::DropOnOccupied,
            IllegalMove::DropDeadSquare => Rule::DropDeadSquare,
            IllegalMove::TwoSparrowPawns => Rule::TwoSparrowPawns,
            IllegalMove::SparrowDropMate => Rule::SparrowDropMate,
            IllegalMove::MustPromote => Rule::MustPromote,
            IllegalMove::CannotPromote { .. } => Rule::CannotPromote,
            IllegalMove::NothingToDecline => Rule::NothingToDecline,
            IllegalMove::WrongFacing { .. } => Rule::WrongFacing,
            IllegalMove::KingsFaceToFace => Rule::KingsFaceToFace,
            IllegalMove::CheckByDrop => Rule::CheckByDrop,
            IllegalMove::FixedCheckingPiece => Rule::FixedCheckingPiece,
            IllegalMove::KingCapturesChecker => Rule::KingCapturesChecker,
            IllegalMove::KingCapturesKing => Rule::KingCapturesKing,
            IllegalMove::CannotCaptureKing => Rule::CannotCaptureKing,
            IllegalMove::SetupOrder { .. } => Rule::SetupOrder,
        }
    }
}

impl fmt::Display for IllegalMove {
    /// The reason in English, squares written `7h` (file, rank letter).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(RankStyle::Letter))
    }
}

impl IllegalMove {
    /// The reason in English, with squares' ranks written in `ranks` (`7h` or `7八`).
    pub fn describe(&self, ranks: RankStyle) -> String {
        self.describe_with(&|s: FileRank| s.text(ranks))
    }

    /// The reason in English, with squares written by `square` (e.g. in engine coordinates).
    pub fn describe_with(&self, square: &dyn Fn(FileRank) -> String) -> String {
        let mut out = String::new();
        let _ = self.write_to(&mut out, square);
        out
    }

    fn write_to(&self, f: &mut String, square: &dyn Fn(FileRank) -> String) -> fmt::Result {
        use fmt::Write;
        match self {
            IllegalMove::GameOver => write!(f, "the game is already over"),
            IllegalMove::NoPiece { at } => {
                write!(f, "there is no such piece on {}", square(*at))
            }
            IllegalMove::NotYourPiece { at } => {
                write!(f, "the piece on {} belongs to the other side", square(*at))
            }
            IllegalMove::CannotMoveThatWay => write!(f, "the piece cannot move that way"),
            IllegalMove::PathBlocked { at } => {
                write!(f, "the path is blocked on {}", square(*at))
            }
            IllegalMove::OwnPieceOnTarget => write!(f, "an own piece stands on the target square"),
            IllegalMove::LeavesKingInCheck => {
                write!(f, "the move leaves the own Crane King in check")
            }
            IllegalMove::DropsDisabled => write!(f, "this game is played without drops"),
            IllegalMove::NotInHand => write!(f, "that piece is not in hand"),
            IllegalMove::DropOnOccupied => {
                write!(f, "a piece may only be dropped on an empty square")
            }
            IllegalMove::DropDeadSquare => {
                write!(f, "a piece may not be dropped where it could never move")
            }
            IllegalMove::TwoSparrowPawns => write!(
                f,
                "a Sparrow Pawn may not be dropped into a file that holds an own unpromoted Sparrow Pawn"
            ),
            IllegalMove::SparrowDropMate => {
                write!(f, "a Sparrow Pawn may not be dropped to give checkmate")
            }
            IllegalMove::MustPromote => write!(
                f,
                "a Sparrow Pawn or Oxcart reaching the last rank must promote"
            ),
            IllegalMove::CannotPromote { why } => write!(f, "no promotion here: {why}"),
            IllegalMove::NothingToDecline => write!(
                f,
                "'=' declines a promotion, but this move could not promote"
            ),
            IllegalMove::WrongFacing { expected } => write!(
                f,
                "the piece turns 90° clockwise and ends facing {expected}"
            ),
            IllegalMove::KingsFaceToFace => write!(
                f,
                "the two Kings would stand side by side facing each other"
            ),
            IllegalMove::CheckByDrop => write!(f, "a dropped piece may not give check"),
            IllegalMove::FixedCheckingPiece => write!(
                f,
                "the piece gives check and is fixed to the opponent for this turn"
            ),
            IllegalMove::KingCapturesChecker => {
                write!(f, "a King may not capture a piece that gives check to it")
            }
            IllegalMove::KingCapturesKing => write!(f, "a King never captures the other King"),
            IllegalMove::CannotCaptureKing => write!(
                f,
                "a shared piece may capture a King only while it gives check for the mover"
            ),
            IllegalMove::SetupOrder { expected } => {
                write!(f, "plies 1-4 are fixed drops; this ply must be: {expected}")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A malformed position string (Wa FEN or Gufū position string): what is wrong, and at which
/// byte offset of the string (`Display` writes the message only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// Which rule of position strings is broken.
    pub kind: PositionErrorKind,
    /// Byte offset in the string where the problem was found.
    pub offset: usize,
    /// What is wrong, in plain English.
    pub message: String,
}

impl PositionError {
    /// An error of `kind` at byte `offset` of the string, saying `message`.
    pub fn new(
        kind: PositionErrorKind,
        offset: usize,
        message: impl Into<String>,
    ) -> PositionError {
        PositionError {
            kind,
            offset,
            message: message.into(),
        }
    }

    /// `Err` of a new error: for readers that fail in many places.
    pub(crate) fn err<T>(
        kind: PositionErrorKind,
        offset: usize,
        message: impl Into<String>,
    ) -> Result<T, PositionError> {
        Err(PositionError::new(kind, offset, message))
    }
}

/// What is wrong with a position string ([`PositionError::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    /// Not a position string: empty, a character out of place, a `+` without a piece letter,
    /// an unterminated hand, a facing letter missing, text after the last field.
    Syntax,
    /// The board has too many or too few ranks, or a rank too many or too few squares.
    BoardShape,
    /// A letter that names no piece (or no promoted piece) of the game.
    UnknownPiece,
    /// A piece there cannot be that many of: two Kings of a side, a King missing, a Gufū
    /// piece placed twice or nowhere.
    PieceCount,
    /// The pieces in hand: the field missing, a piece that is never in hand, hands in a game
    /// without drops, more pieces than the game has.
    Hand,
    /// The side to move: missing, not one of the two letters, or (Gufū) not the one the ply
    /// number says.
    SideToMove,
    /// The ply or move number: missing, not a number, or out of range.
    MoveNumber,
    /// Well formed, but no game played by the rules reaches it: the side not to move in check,
    /// a piece that could never move again, Gufū's Kings face to face or a setup drop undone.
    Unreachable,
}

impl PositionErrorKind {
    /// The kind's name, in snake case (`board_shape`), as kifu's error kinds are written.
    pub fn name(self) -> &'static str {
        match self {
            PositionErrorKind::Syntax => "syntax",
            PositionErrorKind::BoardShape => "board_shape",
            PositionErrorKind::UnknownPiece => "unknown_piece",
            PositionErrorKind::PieceCount => "piece_count",
            PositionErrorKind::Hand => "hand",
            PositionErrorKind::SideToMove => "side_to_move",
            PositionErrorKind::MoveNumber => "move_number",
            PositionErrorKind::Unreachable => "unreachable",
        }
    }
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The space-separated fields of `s` (a position string's tail starting at byte `start` of the
/// whole string), each with its byte offset in the whole string.
pub(crate) fn position_fields(s: &str, start: usize) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut off = start;
    for part in s.split(' ') {
        if !part.is_empty() {
            fields.push((off, part));
        }
        off += part.len() + 1;
    }
    fields
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The offset is a field, for a caller that shows the string (kifu's command line
        // puts a caret under the character).
        f.write_str(&self.message)
    }
}

impl std::error::Error for PositionError {}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and cannot escape.
    Checkmate,
    /// Gufū: a King was captured.
    KingCaptured,
    /// The side to move has no legal move at all (not in check): it loses.
    NoLegalMoves,
    /// Wa: the same position occurred for the fourth time: a draw.
    Repetition,
    /// Wa: fourfold repetition where one side checked on every move of the cycle: it loses.
    PerpetualCheck,
}

impl Termination {
    /// How a game ended, in words: "checkmate", "the capture of a King", ...
    pub fn describe(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::KingCaptured => "the capture of a King",
            Termination::NoLegalMoves => "a side having no legal move",
            Termination::Repetition => "fourfold repetition",
            Termination::PerpetualCheck => "fourfold repetition with perpetual check",
        }
    }

    /// Stable snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::KingCaptured => "king_captured",
            Termination::NoLegalMoves => "no_legal_moves",
            Termination::Repetition => "repetition",
            Termination::PerpetualCheck => "perpetual_check",
        }
    }
}

/// The end of a game: who won (None = draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won; None for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// The PGN result string, first mover (Black) first.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// The state of play of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on: the side to move has a move to play.
    Ongoing,
    /// The game is over, with this outcome.
    Over(Outcome),
}

/// A move of either game: what every move has.
pub trait Move: Copy + Eq + Hash + fmt::Debug {
    /// The square the piece leaves (None for a drop, or for a Gufū turn in place).
    fn from(self) -> Option<Square>;
    /// The square where the move ends (a drop's square; a Gufū turn's own square).
    fn to(self) -> Square;
}

/// The key that puts moves in board order, as `perft --divide` and `solve --moves` list
/// them: moves of a piece on the board by the square it leaves (top rank first, left file
/// first, as [`Geometry::squares`](crate::geometry::Geometry::squares) runs), then by the
/// square it reaches; drops and Gufū turns in place after them, by their square. Moves with
/// the same key keep the rules core's order (a stable sort): promotion choices, facings.
pub fn board_order<M: Move>(m: M) -> (bool, Square, Square) {
    match m.from() {
        Some(from) => (false, from, m.to()),
        None => (true, m.to(), m.to()),
    }
}

/// A position of one game, with its rules: the one interface through which replay, writers,
/// diagrams, perft and the generator see either game (after shakmaty's `Position`).
///
/// Implemented by [`wa::Position`](crate::wa::Position) (a Wa position),
/// [`wa::Game`](crate::wa::Game) (a Wa position with the history the repetition rule needs)
/// and [`gufu::Position`](crate::gufu::Position). Each type has its own [`Move`] type, so a
/// move of one game can never be played on a position of the other; code that handles either
/// game is written once, generic over this trait, and reached through [`PerGame`].
///
/// ```
/// use kifu::rules::{Position, Status};
/// use kifu::gufu;
/// let mut pos = gufu::Position::start(kifu::Variant::Gufu);
/// assert_eq!(pos.legal_moves().len(), 24); // Black's King: 6 squares × 4 facings
/// let m = pos.legal_moves()[0];
/// pos.play(&m).unwrap();
/// assert_eq!(pos.play(&m).unwrap_err().kind().name(), "setup_order");
/// assert_eq!(pos.status(), Status::Ongoing);
/// ```
pub trait Position: Clone + fmt::Debug {
    /// A move of this game.
    type Move: Move;

    /// The start position of `variant`. (A Wa type reads `Variant::WaNoDrop` as the game
    /// without drops and any other variant as the game with drops; Gufū has one start.)
    fn start(variant: Variant) -> Self;
    /// Reads a position string (Wa: XBoard's FEN; Gufū: kifu's form), `variant` as for
    /// [`Position::start`].
    fn from_position_string(variant: Variant, s: &str) -> Result<Self, PositionError>;
    /// The position string (read back by [`Position::from_position_string`]).
    fn position_string(&self) -> String;
    /// The variant being played (Wa with or without drops, or Gufū).
    fn variant(&self) -> Variant;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The number of the next ply when every ply is numbered, as shogi records do (1 = the
    /// first ply of a game from the start position).
    fn ply_number(&self) -> u64;
    /// The number of the next move when moves are numbered in pairs, as chess records do.
    fn move_number(&self) -> u64;
    /// Every legal move (empty when the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Whether `m` is legal here, and if not, which rule it breaks.
    fn check(&self, m: &Self::Move) -> Result<(), IllegalMove>;
    /// Whether `m` is legal here.
    fn is_legal(&self, m: &Self::Move) -> bool {
        self.check(m).is_ok()
    }
    /// Plays a move known to be legal (from [`Position::legal_moves`], or checked). An
    /// illegal move may leave a position that breaks the rules, but never panics.
    fn play_unchecked(&mut self, m: &Self::Move);
    /// Checks a move, then plays it.
    fn play(&mut self, m: &Self::Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }
    /// Ongoing, or how the game ended.
    fn status(&self) -> Status;
    /// How the game ended, if it has.
    fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Over(o) => Some(o),
            Status::Ongoing => None,
        }
    }
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Where `color`'s King stands (None before a Gufū King is dropped, or after its capture).
    fn king(&self, color: Color) -> Option<Square>;
    /// The square of the side to move's King when it is in check.
    fn checked_king(&self) -> Option<Square> {
        if self.in_check() {
            self.king(self.turn())
        } else {
            None
        }
    }
}

/// One value for each game: `Wa` holds the Wa one, `Gufu` the Gufū one. The one place where
/// the two games meet at run time: [`for_game!`](crate::for_game) runs code written once,
/// generic over [`Position`], on whichever it holds (see [`replay::State`](crate::replay::State)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerGame<W, G> {
    /// A Wa value.
    Wa(W),
    /// A Gufū value.
    Gufu(G),
}

/// `for_game!(value, x => body)`: evaluates `body` with `x` bound to what a
/// [`PerGame`] holds, whichever game it is (`body` is compiled once per
/// game, so it may call generic code). `for_game!(map value, x => body)` wraps the result in
/// the same game's variant.
///
/// ```
/// use kifu::{Variant, for_game, replay::State, rules::Position};
/// let state = State::start(Variant::Gufu);
/// let n = for_game!(&state, p => p.legal_moves().len());
/// assert_eq!(n, 24);
/// ```
#[macro_export]
macro_rules! for_game {
    (map $value:expr, $x:pat => $body:expr) => {
        match $value {
            $crate::rules::PerGame::Wa($x) => $crate::rules::PerGame::Wa($body),
            $crate::rules::PerGame::Gufu($x) => $crate::rules::PerGame::Gufu($body),
        }
    };
    ($value:expr, $x:pat => $body:expr) => {
        match $value {
            $crate::rules::PerGame::Wa($x) => $body,
            $crate::rules::PerGame::Gufu($x) => $body,
        }
    };
}

impl<W, G> PerGame<Option<W>, Option<G>> {
    /// `Some` of what the variant holds, if it holds something.
    pub fn transpose(self) -> Option<PerGame<W, G>> {
        match self {
            PerGame::Wa(w) => w.map(PerGame::Wa),
            PerGame::Gufu(g) => g.map(PerGame::Gufu),
        }
    }
}

/// A position of either game.
impl<W: Position, G: Position> PerGame<W, G> {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Self {
        match variant {
            Variant::Wa | Variant::WaNoDrop => PerGame::Wa(W::start(variant)),
            Variant::Gufu => PerGame::Gufu(G::start(variant)),
        }
    }

    /// A position of `variant` from its position string (Wa: FEN; Gufū: kifu's form).
    pub fn from_position_string(variant: Variant, s: &str) -> Result<Self, PositionError> {
        Ok(match variant {
            Variant::Wa | Variant::WaNoDrop => PerGame::Wa(W::from_position_string(variant, s)?),
            Variant::Gufu => PerGame::Gufu(G::from_position_string(variant, s)?),
        })
    }

    /// The position string ([`Position::position_string`]).
    pub fn position_string(&self) -> String {
        for_game!(self, p => p.position_string())
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        for_game!(self, p => p.variant())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        for_game!(self, p => p.turn())
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        for_game!(self, p => p.outcome())
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        for_game!(self, p => p.in_check())
    }
}

/// Number of leaf nodes of the legal-move tree `depth` plies deep.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// Perft split by first move.
pub fn divide<P: Position>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(&m);
            let n = perft(&next, depth - 1);
            (m, n)
        })
        .collect()
}
