//! A Gufū position and its legal moves.

use super::{Move, Piece, PieceId};
use crate::Variant;
use crate::geometry::Facing;
use crate::geometry::{Color, FileRank, GUFU, Square};
use crate::rules::Position as _;
use crate::rules::{self, IllegalMove, Outcome, PositionError, Status, Termination};
use std::sync::OnceLock;

const N: usize = 6;

/// Attack masks: `[piece row][facing][square]` → bit set of attacked squares.
fn attack_masks() -> &'static [[[u8; N]; 4]; 3] {
    static T: OnceLock<[[[u8; N]; 4]; 3]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[[0u8; N]; 4]; 3];
        for (r, row) in super::PIECES.iter().enumerate() {
            let steps = row.steps();
            for (f, facing) in Facing::ALL.iter().enumerate() {
                for sq in GUFU.squares() {
                    for &v in &steps {
                        let (dx, dy) = facing.rotate(v);
                        if let Some(s) = GUFU.offset(sq, dx, dy) {
                            t[r][f][sq.index()] |= 1 << s.0;
                        }
                    }
                }
            }
        }
        t
    })
}

fn row_index(id: PieceId) -> usize {
    match id {
        PieceId::BlackKing | PieceId::WhiteKing => 0,
        PieceId::Kaze => 1,
        PieceId::Arashi => 2,
    }
}

fn mask(p: Piece, from: Square) -> u8 {
    attack_masks()[row_index(p.id)][p.facing as usize][from.index()]
}

/// A Gufū position: the board, the pieces not on it (common hand, and the Kings before they
/// are dropped), the side to move and the number of the next ply.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; N],
    /// `hand[id]`: the piece is in hand (for the Kings: not dropped yet).
    pub(crate) hand: [bool; 4],
    pub(crate) turn: Color,
    /// Number of the next ply, from 1.
    pub(crate) ply: u32,
}

/// What the setup plies must drop.
fn setup_piece(ply: u32) -> Option<PieceId> {
    match ply {
        1 => Some(PieceId::BlackKing),
        2 => Some(PieceId::WhiteKing),
        3 => Some(PieceId::Kaze),
        4 => Some(PieceId::Arashi),
        _ => None,
    }
}

fn setup_name(ply: u32) -> &'static str {
    match ply {
        1 => "Black drops his King",
        2 => "White drops his King",
        3 => "Black drops the Kaze",
        _ => "White drops the Arashi",
    }
}

fn fr(sq: Square) -> FileRank {
    FileRank {
        file: GUFU.file(sq),
        rank: GUFU.rank(sq),
    }
}

/// The start (Gufū has one): an empty board, everything in hand, Black to play ply 1. The
/// same as [`rules::Position::start`] of any variant.
impl Default for Position {
    fn default() -> Self {
        Position {
            board: [None; N],
            hand: [true; 4],
            turn: Color::Black,
            ply: 1,
        }
    }
}

impl Position {
    /// Number of the next ply (1 at the start).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The piece on a square (None for an empty or off-board square).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// Whether a piece is in hand (Kings: not yet dropped).
    pub fn in_hand(&self, id: PieceId) -> bool {
        self.hand[id.index()]
    }

    /// Where a piece stands.
    pub fn find(&self, id: PieceId) -> Option<Square> {
        (0..N)
            .find(|&i| self.board[i].is_some_and(|p| p.id == id))
            .map(|i| Square(i as u8))
    }

    /// Whether plies 1-4 (the forced drops) are still being played.
    pub fn in_setup(&self) -> bool {
        self.ply <= 4
    }

    /// Whether the shared piece on `sq` gives check to `victim`: it attacks `victim`'s King
    /// and touches the other King.
    pub fn gives_check_to(&self, sq: Square, victim: Color) -> bool {
        let Some(p) = self.piece_at(sq) else {
            return false;
        };
        if !p.id.is_shared() {
            return false;
        }
        let (Some(vk), Some(ok)) = (
            self.find(PieceId::king(victim)),
            self.find(PieceId::king(victim.opponent())),
        ) else {
            return false;
        };
        mask(p, sq) & (1 << vk.0) != 0 && GUFU.adjacent(sq, ok)
    }

    /// The shared pieces giving check to the side to move (fixed to the opponent this turn).
    pub fn checkers(&self) -> Vec<Square> {
        GUFU.squares()
            .filter(|&s| self.gives_check_to(s, self.turn))
            .collect()
    }

    /// Whether the Kings stand orthogonally adjacent, each facing the other.
    pub fn kings_face_to_face(&self) -> bool {
        let (Some(b), Some(w)) = (self.find(PieceId::BlackKing), self.find(PieceId::WhiteKing))
        else {
            return false;
        };
        let facing_to = |from: Square, to: Square| {
            let p = self.piece_at(from).expect("king");
            let (dx, dy) = p.facing.vector();
            GUFU.offset(from, dx, dy) == Some(to)
        };
        facing_to(b, w) && facing_to(w, b)
    }

    /// Whether `mover` may capture the opponent's King with the shared piece on `sq` now:
    /// it gives check for `mover` (attacks that King, touches `mover`'s King) and is not fixed
    /// to the opponent (does not give check to `mover`).
    fn can_capture_king_with(&self, sq: Square, mover: Color) -> bool {
        self.gives_check_to(sq, mover.opponent()) && !self.gives_check_to(sq, mover)
    }

    /// The squares a piece could step to, with the facing it would end with, before any rule
    /// about what stands there.
    pub fn step_targets(&self, from: Square) -> Vec<Square> {
        match self.piece_at(from) {
            Some(p) => p.attacks(from),
            None => Vec::new(),
        }
    }

    /// Why the side to move may not use the piece on `sq` (step or turn), if it may not.
    fn control(&self, sq: Square) -> Result<Piece, IllegalMove> {
        let Some(p) = self.piece_at(sq) else {
            return Err(IllegalMove::NoPiece { at: fr(sq) });
        };
        match p.id.owner() {
            Some(c) if c != self.turn => Err(IllegalMove::NotYourPiece { at: fr(sq) }),
            Some(_) => Ok(p),
            None if self.gives_check_to(sq, self.turn) => Err(IllegalMove::FixedCheckingPiece),
            None => Ok(p),
        }
    }

    /// The rules a move must satisfy, all except game-over. The move must be on the board.
    fn move_rules(&self, m: &Move) -> Result<(), IllegalMove> {
        if let Some(expected) = setup_piece(self.ply) {
            match *m {
                Move::Drop { piece, .. } if piece == expected => {}
                _ => {
                    return Err(IllegalMove::SetupOrder {
                        expected: setup_name(self.ply),
                    });
                }
            }
        }
        match *m {
            Move::Step { from, to, facing } => {
                let p = self.control(from)?;
                if mask(p, from) & (1 << to.0) == 0 {
                    return Err(IllegalMove::CannotMoveThatWay);
                }
                if let Some(q) = self.piece_at(to) {
                    match q.id.owner() {
                        Some(c) if c == self.turn => return Err(IllegalMove::OwnPieceOnTarget),
                        Some(_) => {
                            if !p.id.is_shared() {
                                return Err(IllegalMove::KingCapturesKing);
                            }
                            if !self.can_capture_king_with(from, self.turn) {
                                return Err(IllegalMove::CannotCaptureKing);
                            }
                        }
                        None => {
                            if !p.id.is_shared() && self.gives_check_to(to, self.turn) {
                                return Err(IllegalMove::KingCapturesChecker);
                            }
                        }
                    }
                }
                if facing != p.facing.clockwise() {
                    return Err(IllegalMove::WrongFacing {
                        expected: p.facing.clockwise().letter(),
                    });
                }
            }
            Move::Turn { at, facing } => {
                let p = self.control(at)?;
                if facing != p.facing.clockwise() {
                    return Err(IllegalMove::WrongFacing {
                        expected: p.facing.clockwise().letter(),
                    });
                }
            }
            Move::Drop { piece, to, .. } => {
                if !self.hand[piece.index()] {
                    return Err(IllegalMove::NotInHand);
                }
                if !self.in_setup() && !piece.is_shared() {
                    return Err(IllegalMove::NotInHand);
                }
                if self.board[to.index()].is_some() {
                    return Err(IllegalMove::DropOnOccupied);
                }
            }
        }
        let mut next = self.clone();
        next.apply(m);
        if next.kings_face_to_face() {
            return Err(IllegalMove::KingsFaceToFace);
        }
        if let Move::Drop { piece, to, .. } = *m
            && piece.is_shared()
            && next.gives_check_to(to, self.turn.opponent())
        {
            return Err(IllegalMove::CheckByDrop);
        }
        Ok(())
    }

    /// Every move the rules allow, game-over aside.
    fn moves_ignoring_end(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut candidates = Vec::with_capacity(64);
        for id in PieceId::ALL {
            if self.hand[id.index()] {
                for to in GUFU.squares() {
                    if self.board[to.index()].is_none() {
                        for facing in Facing::ALL {
                            candidates.push(Move::Drop {
                                piece: id,
                                to,
                                facing,
                            });
                        }
                    }
                }
            }
        }
        if !self.in_setup() {
            for from in GUFU.squares() {
                let Some(p) = self.piece_at(from) else {
                    continue;
                };
                let facing = p.facing.clockwise();
                let m = mask(p, from);
                for to in GUFU.squares() {
                    if m & (1 << to.0) != 0 {
                        candidates.push(Move::Step { from, to, facing });
                    }
                }
                candidates.push(Move::Turn { at: from, facing });
            }
        }
        for m in candidates {
            if self.move_rules(&m).is_ok() {
                out.push(m);
            }
        }
        out
    }

    /// Whether the move captures a King.
    fn captures_king(&self, m: &Move) -> bool {
        match *m {
            Move::Step { to, .. } => self.piece_at(to).is_some_and(|q| q.id.owner().is_some()),
            _ => false,
        }
    }

    /// Whether the side to move could capture the opponent's King with its next move.
    fn threatens_king(&self) -> bool {
        GUFU.squares()
            .any(|s| self.can_capture_king_with(s, self.turn))
    }

    /// The game's state here, and the moves of the side to move if it goes on.
    fn analyse(&self) -> (Status, Vec<Move>) {
        if self.ply > 2 {
            for c in [Color::Black, Color::White] {
                if self.find(PieceId::king(c)).is_none() {
                    let o = Outcome {
                        winner: Some(c.opponent()),
                        termination: Termination::KingCaptured,
                    };
                    return (Status::Over(o), Vec::new());
                }
            }
        }
        let moves = self.moves_ignoring_end();
        let lost = |termination| {
            Status::Over(Outcome {
                winner: Some(self.turn.opponent()),
                termination,
            })
        };
        let in_check = self.in_check();
        if moves.is_empty() {
            // In check with no move at all is a checkmate too (no move escapes).
            let t = if in_check {
                Termination::Checkmate
            } else {
                Termination::NoLegalMoves
            };
            return (lost(t), moves);
        }
        if in_check {
            let escapes = moves.iter().any(|m| {
                if self.captures_king(m) {
                    return true;
                }
                let mut next = self.clone();
                next.apply(m);
                !next.threatens_king()
            });
            if !escapes {
                return (lost(Termination::Checkmate), Vec::new());
            }
        }
        (Status::Ongoing, moves)
    }

    /// Carries out a move without any check (off-board squares are ignored).
    fn apply(&mut self, m: &Move) {
        match *m {
            Move::Step { from, to, facing } => {
                if from.index() >= N || to.index() >= N {
                    return;
                }
                let Some(mut p) = self.board[from.index()] else {
                    return;
                };
                if let Some(q) = self.board[to.index()]
                    && q.id.is_shared()
                {
                    self.hand[q.id.index()] = true;
                }
                p.facing = facing;
                self.board[from.index()] = None;
                self.board[to.index()] = Some(p);
            }
            Move::Turn { at, facing } => {
                if let Some(p) = self.board.get_mut(at.index()).and_then(|p| p.as_mut()) {
                    p.facing = facing;
                }
            }
            Move::Drop { piece, to, facing } => {
                if to.index() >= N {
                    return;
                }
                self.hand[piece.index()] = false;
                self.board[to.index()] = Some(Piece { id: piece, facing });
            }
        }
        self.turn = self.turn.opponent();
        self.ply = self.ply.saturating_add(1);
    }
}

impl rules::Position for Position {
    type Move = Move;

    /// The start (Gufū has one; `variant` is not read).
    fn start(_variant: Variant) -> Position {
        Position::default()
    }

    fn from_position_string(_variant: Variant, s: &str) -> Result<Position, PositionError> {
        super::posstr::parse(s)
    }

    fn position_string(&self) -> String {
        super::posstr::write(self)
    }

    fn variant(&self) -> Variant {
        Variant::Gufu
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn ply_number(&self) -> u64 {
        u64::from(self.ply)
    }

    fn move_number(&self) -> u64 {
        u64::from(self.ply).div_ceil(2)
    }

    /// Every legal move (empty when the game is over).
    fn legal_moves(&self) -> Vec<Move> {
        self.analyse().1
    }

    /// Whether `m` is legal here, and if not, which rule it breaks.
    fn check(&self, m: &Move) -> Result<(), IllegalMove> {
        let on_board = |s: Square| s.index() < N;
        let ok = match *m {
            Move::Step { from, to, .. } => on_board(from) && on_board(to),
            Move::Turn { at, .. } => on_board(at),
            Move::Drop { to, .. } => on_board(to),
        };
        if !ok {
            return Err(IllegalMove::CannotMoveThatWay);
        }
        if let Status::Over(_) = self.status() {
            return Err(IllegalMove::GameOver);
        }
        self.move_rules(m)
    }

    /// Plays a move known to be legal.
    fn play_unchecked(&mut self, m: &Move) {
        self.apply(m);
    }

    /// Ongoing, or how the game ended (king captured, checkmate, no legal move).
    fn status(&self) -> Status {
        self.analyse().0
    }

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool {
        GUFU.squares().any(|s| self.gives_check_to(s, self.turn))
    }

    fn king(&self, color: Color) -> Option<Square> {
        self.find(PieceId::king(color))
    }
}
