//! A Wa game in progress: a position plus the history the repetition rule needs.

use super::position::RepetitionKey;
use super::{Move, Position};
use crate::geometry::Color;
use crate::rules::{IllegalMove, Outcome, Status, Termination};
use std::collections::HashMap;

/// A game: the current position, the positions seen so far, and the outcome once over.
#[derive(Clone, Debug)]
pub struct Game {
    pos: Position,
    /// For each position reached (the first is the start): its key, and whether the move that
    /// led to it gave check (false for the start).
    history: Vec<(RepetitionKey, bool)>,
    /// How many times each key occurred.
    seen: HashMap<RepetitionKey, u32>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from a position (the start position or one set up from a FEN).
    pub fn new(pos: Position) -> Game {
        let key = pos.repetition_key();
        let mut seen = HashMap::new();
        seen.insert(key.clone(), 1);
        let outcome = match pos.status() {
            Status::Over(o) => Some(o),
            Status::Ongoing => None,
        };
        Game {
            pos,
            history: vec![(key, false)],
            seen,
            outcome,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn status(&self) -> Status {
        match self.outcome {
            Some(o) => Status::Over(o),
            None => Status::Ongoing,
        }
    }

    /// Checks and plays a move, then updates the outcome (mate, no move, repetition).
    pub fn play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.pos.play(m)?;
        let gave_check = self.pos.in_check();
        let key = self.pos.repetition_key();
        let count = {
            let c = self.seen.entry(key.clone()).or_insert(0);
            *c += 1;
            *c
        };
        self.history.push((key, gave_check));
        if count >= 4 {
            self.outcome = Some(self.repetition_outcome());
        } else if let Status::Over(o) = self.pos.status() {
            self.outcome = Some(o);
        }
        Ok(())
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
        // history[j] for j > first was reached by the move of ply j (1-based) of this game
        // history; the mover of that ply is the side not to move in history[j].
        let mover_of = |j: usize| -> Color {
            // The position after ply j has the opponent of the mover to move.
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
        match (checker(Color::Black), checker(Color::White)) {
            (true, false) => {
                return Outcome {
                    winner: Some(Color::White),
                    termination: Termination::PerpetualCheck,
                };
            }
            (false, true) => {
                return Outcome {
                    winner: Some(Color::Black),
                    termination: Termination::PerpetualCheck,
                };
            }
            _ => {}
        }
        Outcome {
            winner: None,
            termination: Termination::Repetition,
        }
    }
}
