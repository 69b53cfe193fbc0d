//! A Wa game in progress: a position plus the history the repetition rule needs.

use super::{Move, Position};
use crate::Variant;
use crate::geometry::{Color, Square};
use crate::rules::{self, IllegalMove, Outcome, Position as _, PositionError, Status, Termination};

/// Room made in a game's history at its first move.
const GAME_PLIES: usize = 512;

/// A 4,096-bit filter of the positions seen (bit: 12 bits of the Zobrist key). A clear bit
/// proves a position new, so the history is searched only for the few positions that may
/// repeat; no map is kept.
#[derive(Clone, Debug)]
struct SeenFilter([u64; 64]);

impl SeenFilter {
    fn bit(key: u128) -> (usize, u64) {
        let b = (key as u64 >> 20) & 4095;
        ((b >> 6) as usize, 1 << (b & 63))
    }

    /// Marks `key` seen; returns whether it may have been seen before.
    fn insert(&mut self, key: u128) -> bool {
        let (i, m) = Self::bit(key);
        let before = self.0[i] & m != 0;
        self.0[i] |= m;
        before
    }
}

/// A game: the current position, the positions seen so far, and the outcome once the
/// repetition rule has ended it. (Mate and "no legal move" are read off the current position
/// when asked: a game that goes on never pays for that test.)
#[derive(Clone, Debug)]
pub struct Game {
    pos: Position,
    /// For each position reached (the first is the start): its 128-bit Zobrist hash (board,
    /// hands, side to move), and whether the move that led to it gave check (false for the
    /// start). Two different positions share a hash with probability about 2^-128: the hash
    /// stands for the position.
    history: Vec<(u128, bool)>,
    /// Which positions may have occurred (exact counts come from `history`).
    seen: SeenFilter,
    repetition: Option<Outcome>,
}

impl Game {
    /// A game from a position (the start position or one set up from a FEN).
    pub fn new(pos: Position) -> Game {
        let mut seen = SeenFilter([0; 64]);
        seen.insert(pos.repetition_hash());
        Game {
            history: vec![(pos.repetition_hash(), false)],
            pos,
            seen,
            repetition: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plays a move already found legal by [`Position::check_rules`] (or taken from
    /// [`Position::legal_moves`]), then applies the repetition rule. Refused only when the
    /// repetition rule has ended the game.
    pub fn play_verified(&mut self, m: &Move) -> Result<(), IllegalMove> {
        if self.repetition.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.pos.play_unchecked(m);
        self.record();
        Ok(())
    }

    /// Adds the position just reached to the history; the fourth occurrence ends the game.
    fn record(&mut self) {
        let gave_check = self.pos.in_check();
        let key = self.pos.repetition_hash();
        if self.history.len() == 1 {
            // At the first move (not before: a new game is copied for the record's start),
            // room for a game of typical length, a few hundred plies, without regrowing.
            self.history.reserve(GAME_PLIES);
        }
        // Positions alternate sides to move (part of the key): only every other entry can
        // be the same position.
        let count = if self.seen.insert(key) {
            1 + self
                .history
                .iter()
                .rev()
                .skip(1)
                .step_by(2)
                .filter(|(k, _)| *k == key)
                .count()
        } else {
            1
        };
        self.history.push((key, gave_check));
        if count >= 4 {
            self.repetition = Some(self.repetition_outcome());
        }
    }

    /// The fourth occurrence of the current position: a draw, unless one side gave check
    /// with every one of its moves since the first occurrence, which then loses (if both
    /// did, neither is singled out: a draw).
    fn repetition_outcome(&self) -> Outcome {
        let (key, _) = self.history.last().expect("history is never empty");
        let first = self
            .history
            .iter()
            .position(|(k, _)| k == key)
            .expect("the key is in the history");
        // history[j] for j > first was reached by a move; its mover is the side not to move
        // in history[j].
        let mover_of = |j: usize| -> Color {
            let to_move_now = self.pos.turn();
            let back = self.history.len() - 1 - j;
            let to_move_then = if back.is_multiple_of(2) {
                to_move_now
            } else {
                to_move_now.opponent()
            };
            to_move_then.opponent()
        };
        let mut all_checks = [true, true];
        let mut moved = [false, false];
        for j in first + 1..self.history.len() {
            let c = mover_of(j);
            moved[c.index()] = true;
            if !self.history[j].1 {
                all_checks[c.index()] = false;
            }
        }
        // Exactly one side checked throughout: it loses. Both (or neither): a draw.
        let checker = |c: Color| moved[c.index()] && all_checks[c.index()];
        let winner = match (checker(Color::Black), checker(Color::White)) {
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
            _ => None,
        };
        Outcome {
            winner,
            termination: if winner.is_some() {
                Termination::PerpetualCheck
            } else {
                Termination::Repetition
            },
        }
    }
}

/// The rules of the game so far: those of the current position, and the repetition rule (a
/// game that ended by repetition has no legal move).
impl rules::Position for Game {
    type Move = Move;

    fn start(variant: Variant) -> Game {
        Game::new(Position::start(variant))
    }

    fn from_position_string(variant: Variant, s: &str) -> Result<Game, PositionError> {
        super::fen::parse(s, variant).map(Game::new)
    }

    fn position_string(&self) -> String {
        super::fen::write(&self.pos)
    }

    fn variant(&self) -> Variant {
        self.pos.variant()
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn ply_number(&self) -> u64 {
        rules::Position::ply_number(&self.pos)
    }

    fn move_number(&self) -> u64 {
        rules::Position::move_number(&self.pos)
    }

    fn legal_moves(&self) -> Vec<Move> {
        match self.repetition {
            Some(_) => Vec::new(),
            None => self.pos.legal_moves(),
        }
    }

    fn check(&self, m: &Move) -> Result<(), IllegalMove> {
        match self.repetition {
            Some(_) => Err(IllegalMove::GameOver),
            None => self.pos.check(m),
        }
    }

    /// Plays the move, then applies the repetition rule.
    fn play_unchecked(&mut self, m: &Move) {
        self.pos.play_unchecked(m);
        self.record();
    }

    /// Fourfold repetition, or mate / no legal move in the current position. (Mate is read off
    /// the position when asked: a game that goes on never pays for that test.)
    fn status(&self) -> Status {
        match self.repetition {
            Some(o) => Status::Over(o),
            None => self.pos.status(),
        }
    }

    fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    fn king(&self, color: Color) -> Option<Square> {
        self.pos.king(color)
    }
}
