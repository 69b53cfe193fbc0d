//! A game analysed by an engine: its score, depth, best move and PV in every position of the
//! main line, each move checked through the rules, and the verdicts on the moves played.

use super::game::Player;
use super::{EngineError, Failure, Limit, Score};
use crate::rules::{Position as _, Status};
use crate::wa::{Game, Move, Position};
use std::time::{Duration, Instant};

/// What the engine said about one position (the side to move's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eval {
    /// None when the engine moved without a thinking line.
    pub score: Option<Score>,
    /// The depth of the thinking line the score comes from (None without one).
    pub depth: Option<u32>,
    /// The move the engine chose, checked through the rules core.
    pub best: Move,
    /// From the position, every move legal (the PV is cut at the first move the rules refuse).
    pub pv: Vec<Move>,
}

/// One position of the game: the engine's evaluation, or why there is none.
#[derive(Clone, Debug)]
pub enum Ply {
    /// The engine analysed the position.
    Eval(Eval),
    /// The game is over here (by the rules): nothing to ask.
    Over(Status),
    /// The engine failed here (reported; the engine is restarted for the next position).
    Failed(EngineError),
}

/// Analyses every position of `moves` from `start` (the positions before each move, and the
/// last one), with `player`'s engine under `limit`. A failure is kept for its position, and
/// the analysis goes on with a fresh engine.
pub fn analyze(
    player: &mut Player,
    start: &Position,
    moves: &[Move],
    limit: Limit,
    timeout: Duration,
) -> Vec<Ply> {
    let mut game = Game::new(start.clone());
    let mut out = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        if let s @ Status::Over(_) = game.status() {
            out.push(Ply::Over(s));
        } else {
            let ply = match position(player, start, &moves[..i], game.position(), limit, timeout) {
                Ok(Some(e)) => Ply::Eval(e),
                Ok(None) => Ply::Over(Status::Ongoing),
                Err(e) => {
                    player.stop();
                    Ply::Failed(e)
                }
            };
            // What the engine cannot do (a limit, the variant), or a program that does not
            // start, fails the same way at every ply: said once, the rest not tried.
            let last = matches!(
                &ply,
                Ply::Failed(EngineError {
                    failure: Failure::Unsupported(_) | Failure::Start(_),
                    ..
                })
            );
            out.push(ply);
            if last {
                break;
            }
        }
        if let Some(m) = moves.get(i)
            && game.play_verified(m).is_err()
        {
            break;
        }
    }
    out
}

/// One position: set up, searched; None when the engine resigned or claimed instead.
fn position(
    player: &mut Player,
    start: &Position,
    moves: &[Move],
    pos: &Position,
    limit: Limit,
    timeout: Duration,
) -> Result<Option<Eval>, EngineError> {
    let engine = player.engine()?;
    engine.set_position(start, moves, limit)?;
    let wait = match limit {
        Limit::MoveTime(t) => Duration::from_secs(super::engine::whole_seconds(t)) + timeout,
        _ => timeout,
    };
    let clocks = match limit {
        Limit::Clock { base, .. } => Some((base, base)),
        _ => None,
    };
    let s = engine.go(pos, clocks, Instant::now() + wait)?;
    let Some(best) = s.best else { return Ok(None) };
    Ok(Some(match s.info {
        Some(t) => Eval {
            score: Some(t.score),
            depth: Some(t.depth),
            best,
            pv: if t.pv.first() == Some(&best) {
                t.pv
            } else {
                vec![best]
            },
        },
        None => Eval {
            score: None,
            depth: None,
            best,
            pv: vec![best],
        },
    }))
}

/// The verdict on a move, from the mover's scores before it and after it (the engine's
/// unit: centipawns; `blunder` in pawns): `$4` (`??`) for a move that lets the opponent mate
/// where the mover was not being mated, or loses more than `blunder`; `$2` (`?`) for one that
/// lets a forced mate slip (as kifu's own mate verdicts), or loses more than half of it.
pub fn verdict(before: Score, after: Score, blunder: f64) -> Option<u8> {
    let mated = |s: Score| matches!(s, Score::Mate(n) if n < 0);
    let mates = |s: Score| matches!(s, Score::Mate(n) if n > 0);
    if mated(after) && !mated(before) {
        return Some(4);
    }
    if mates(before) && !mates(after) {
        return Some(2);
    }
    if let (Score::Cp(b), Score::Cp(a)) = (before, after) {
        let loss = f64::from(b - a) / 100.0;
        if loss > blunder {
            return Some(4);
        }
        if loss > blunder / 2.0 {
            return Some(2);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        assert_eq!(verdict(Score::Cp(30), Score::Cp(-200), 2.0), Some(4));
        assert_eq!(verdict(Score::Cp(30), Score::Cp(-100), 2.0), Some(2));
        assert_eq!(verdict(Score::Cp(30), Score::Cp(0), 2.0), None);
        assert_eq!(verdict(Score::Mate(3), Score::Cp(900), 2.0), Some(2));
        assert_eq!(verdict(Score::Mate(3), Score::Mate(2), 2.0), None);
        assert_eq!(verdict(Score::Cp(0), Score::Mate(-4), 2.0), Some(4));
        assert_eq!(verdict(Score::Mate(-2), Score::Mate(-1), 2.0), None);
    }
}
