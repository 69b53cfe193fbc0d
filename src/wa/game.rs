//! A Wa game in progress: a position plus the history the repetition rule needs.

use super::{Move, Position};
use crate::Variant;
use crate::geometry::{Color, Square};
use crate::rules::{self, IllegalMove, Outcome, Position as _, PositionError, Status, Termination};
use std::fmt;
use std::sync::Arc;

/// Entries a game's history holds of its own before they are frozen and shared: a copy of a
/// game copies at most this many (plus an `Arc`), however long the game.
const TAIL: usize = 64;

/// One entry of a game's history: a position's 128-bit Zobrist hash (board, hands, side to
/// move), and whether the move that led to it gave check (false for the start).
type Entry = (u128, bool);

/// The positions a game has been through, oldest first. The newest ones (at most [`TAIL`])
/// are the game's own; the older ones are frozen in chunks shared by every copy of the game,
/// so that copies (the positions of a replayed game, a variation's start) cost the same
/// whatever the game's length, and memory stays linear in plies.
#[derive(Clone)]
struct History {
    /// The frozen entries before `tail`, newest chunk first.
    frozen: Option<Arc<Chunk>>,
    /// How many entries `frozen` holds.
    frozen_len: usize,
    tail: Vec<Entry>,
}

/// [`TAIL`] entries of a history, frozen, and the chunk before them.
struct Chunk {
    entries: Vec<Entry>,
    parent: Option<Arc<Chunk>>,
}

impl Drop for Chunk {
    /// Without recursion, however many chunks follow (a million-ply game has thousands).
    fn drop(&mut self) {
        let mut next = self.parent.take();
        while let Some(c) = next {
            next = match Arc::try_unwrap(c) {
                Ok(mut c) => c.parent.take(),
                Err(_) => None,
            };
        }
    }
}

impl History {
    fn new(first: Entry) -> History {
        History {
            frozen: None,
            frozen_len: 0,
            tail: vec![first],
        }
    }

    fn len(&self) -> usize {
        self.frozen_len + self.tail.len()
    }

    #[inline]
    fn push(&mut self, e: Entry) {
        if self.tail.len() >= TAIL {
            self.freeze();
        }
        self.tail.push(e);
    }

    #[cold]
    fn freeze(&mut self) {
        let entries = std::mem::replace(&mut self.tail, Vec::with_capacity(TAIL));
        self.frozen_len += entries.len();
        self.frozen = Some(Arc::new(Chunk {
            entries,
            parent: self.frozen.take(),
        }));
    }

    /// How many of the entries an even number of plies back from a position about to be
    /// pushed (two, four, ... plies back: the same side to move) are `key`.
    fn count_same_side(&self, key: u128) -> usize {
        let chunks = std::iter::successors(self.frozen.as_deref(), |c| c.parent.as_deref());
        let mut back = 0; // plies back from the newest entry of the next slice, minus one
        let mut count = 0;
        for seg in std::iter::once(&self.tail).chain(chunks.map(|c| &c.entries)) {
            // The newest entry is one ply back: take those at odd positions from the end.
            let skip = 1 - back % 2;
            count += seg
                .iter()
                .rev()
                .skip(skip)
                .step_by(2)
                .filter(|(k, _)| *k == key)
                .count();
            back += seg.len();
        }
        count
    }

    /// The entries, newest first.
    fn rev(&self) -> impl Iterator<Item = &Entry> + '_ {
        let chunks = std::iter::successors(self.frozen.as_deref(), |c| c.parent.as_deref());
        self.tail
            .iter()
            .rev()
            .chain(chunks.flat_map(|c| c.entries.iter().rev()))
    }
}

impl fmt::Debug for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "History({} positions)", self.len())
    }
}

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
    /// For each position reached (the first is the start): its [`Entry`]. Two different
    /// positions share a hash with probability about 2^-128: the hash stands for the position.
    history: History,
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
            history: History::new((pos.repetition_hash(), false)),
            pos,
            seen,
            repetition: None,
        }
    }

    /// The current position (after the last move played).
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
        // Positions alternate sides to move (part of the key): only every other entry can
        // be the same position.
        let count = if self.seen.insert(key) {
            1 + self.history.count_same_side(key)
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
        let mut entries = self.history.rev();
        let (key, _) = *entries.next().expect("history is never empty");
        // How far back (0: now) the first occurrence is.
        let first = entries
            .enumerate()
            .filter(|(_, (k, _))| *k == key)
            .map(|(i, _)| i + 1)
            .last()
            .unwrap_or(0);
        // The entry `back` plies ago, for back < first, was reached by a move; its mover is
        // the side not to move then.
        let mover_of = |back: usize| -> Color {
            let to_move_now = self.pos.turn();
            let to_move_then = if back.is_multiple_of(2) {
                to_move_now
            } else {
                to_move_now.opponent()
            };
            to_move_then.opponent()
        };
        let mut all_checks = [true, true];
        let mut moved = [false, false];
        for (back, &(_, gave_check)) in self.history.rev().enumerate().take(first) {
            let c = mover_of(back);
            moved[c.index()] = true;
            if !gave_check {
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
        super::fen::parse(variant, s).map(Game::new)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared history answers as a plain list would, across chunk boundaries and in
    /// copies that go their own ways.
    #[test]
    fn history_counts_as_a_list_does() {
        let mut plain: Vec<Entry> = vec![(0, false)];
        let mut h = History::new((0, false));
        let mut copies = Vec::new();
        for i in 1..(5 * TAIL as u128 + 7) {
            let e = (i % 5, i % 3 == 0);
            let want = plain
                .iter()
                .rev()
                .skip(1)
                .step_by(2)
                .filter(|(k, _)| *k == e.0)
                .count();
            assert_eq!(h.count_same_side(e.0), want, "at {i}");
            plain.push(e);
            h.push(e);
            assert_eq!(h.len(), plain.len());
            assert!(h.rev().eq(plain.iter().rev()));
            if i % 37 == 0 {
                copies.push((plain.clone(), h.clone()));
            }
        }
        for (mut plain, mut h) in copies {
            for i in 0..TAIL as u128 + 3 {
                plain.push((i, true));
                h.push((i, true));
            }
            assert!(h.rev().eq(plain.iter().rev()));
            assert_eq!(h.count_same_side(2), {
                let p = &plain;
                p.iter()
                    .rev()
                    .skip(1)
                    .step_by(2)
                    .filter(|(k, _)| *k == 2)
                    .count()
            });
        }
    }
}
