//! One move typed as text, resolved on a position: what [`Notate::parse_move`] does, with the
//! same checks, kinds and hints as replaying a record.
//!
//! [`Notate::parse_move`]: crate::notation::Notate::parse_move

use super::{Fail, ProblemKind, Resolve};
use crate::record::{self, ErrorKind, WrittenMove, parse_game_str};
use crate::rules::{Position, Rule};
use std::fmt;

/// The kind of a [`MoveError`]: the text does not read as one move, or the move it reads
/// breaks a rule or claims something false (the kinds `kifu validate` reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveErrorKind {
    /// The text is not one move as records write them (`syntax`, ...).
    Syntax(ErrorKind),
    /// The move reads, but is not a move of the position (`path_blocked`, `ambiguous_move`,
    /// `capture_mark`, `unknown_piece`, ...).
    Problem(ProblemKind),
}

impl MoveErrorKind {
    /// The stable snake_case name (the one `kifu validate` gives).
    pub fn name(self) -> &'static str {
        match self {
            MoveErrorKind::Syntax(k) => k.name(),
            MoveErrorKind::Problem(k) => k.name(),
        }
    }
}

impl fmt::Display for MoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// What is wrong (a stable name: [`MoveErrorKind::name`]).
    pub kind: MoveErrorKind,
    /// The message, as `kifu validate` prints it.
    pub message: String,
    /// A hint, as `kifu validate` prints it (the candidate origins, where the piece can go...).
    pub help: Option<String>,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MoveError {}

impl From<Fail> for MoveError {
    fn from(f: Fail) -> MoveError {
        let f = f.into_data();
        MoveError {
            kind: MoveErrorKind::Problem(f.kind),
            message: f.message,
            help: f.help,
        }
    }
}

impl From<record::RecordError> for MoveError {
    fn from(e: record::RecordError) -> MoveError {
        MoveError {
            kind: MoveErrorKind::Syntax(e.kind),
            help: e.help().map(str::to_string),
            message: e.message,
        }
    }
}

/// Reads `text` as exactly one move as records write it (whitespace around it aside).
pub(crate) fn written(text: &str) -> Result<WrittenMove, MoveError> {
    let not_one = |what: &str| MoveError {
        kind: MoveErrorKind::Syntax(ErrorKind::Syntax),
        message: format!("expected one move, found {what}: '{text}'"),
        help: None,
    };
    if text.trim().is_empty() {
        return Err(not_one("nothing"));
    }
    let record = parse_game_str(text.trim())?;
    let mt = &record.movetext;
    let [node] = mt.nodes() else {
        return Err(not_one(if mt.nodes().is_empty() {
            "no move"
        } else {
            "several moves"
        }));
    };
    let bare = record.tags.is_empty()
        && record.result.is_none()
        && node.number.is_none()
        && node.glyph.is_none()
        && node.annotations.is_empty()
        && node.variations.is_empty()
        && mt.main_line().comments.is_empty()
        && mt.main_line().trailing_number.is_none();
    if !bare {
        return Err(not_one("more than a move"));
    }
    Ok(node.mv.clone())
}

/// A `game_over` error if the game has ended (as replaying a record says it).
pub(crate) fn ongoing<P: Position>(pos: &P) -> Result<(), MoveError> {
    match pos.outcome() {
        None => Ok(()),
        Some(o) => Err(Fail::new(
            Rule::GameOver,
            format!(
                "the game is already over: it ended by {} ({})",
                o.termination.describe(),
                o.result()
            ),
        )
        .into()),
    }
}

/// Resolves, checks and plays a written move on `pos`, as replaying a record does (a move
/// where the game is over is a `game_over`). Leaves `pos` as it was on an error (resolving
/// changes a position only once the move passed every check).
pub(crate) fn play_text<G: Resolve>(pos: &mut G, text: &str) -> Result<G::Move, MoveError> {
    let w = written(text)?;
    ongoing(pos)?;
    Ok(pos.play_written(&w)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_move_only() {
        assert!(written("SP-7g").is_ok());
        assert!(written("  h3g4\n").is_ok());
        for bad in [
            "",
            "  ",
            "SP-7g SP-3e",
            "1. SP-7g",
            "SP-7g {c}",
            "SP-7g *",
            "[A \"b\"] SP-7g",
        ] {
            let e = written(bad).unwrap_err();
            assert_eq!(e.kind, MoveErrorKind::Syntax(ErrorKind::Syntax), "{bad}");
        }
        let e = written("SP-7%").unwrap_err();
        assert_eq!(e.kind.name(), "syntax");
    }
}
