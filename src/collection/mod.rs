//! Working with collections of games: choosing games ([`filter`]), recognising the same game
//! written twice ([`dedup`]), and summarising a collection ([`stats`]).
//!
//! These tools read many games and look at each once, so they are built for streaming:
//! [`scan`] cuts every input into games and examines them on several threads, handing the
//! results over in input order; [`game`] is the one place that reads a game and replays it
//! (everything else here works on what it reports), so a game's bytes, tags and replayed main
//! line are all the other modules see.
//!
//! ```
//! use kifu::collection::filter::{Conditions, Pattern};
//! use kifu::collection::game::CollectedGame;
//! use kifu::record::GameChunk;
//!
//! let text = "[Black \"A\"]\n[White \"B\"]\n[Variant \"gufu\"]\n\n1. K*2三>W 2. K*1一>E *\n";
//! let chunk = GameChunk { bytes: text.as_bytes().to_vec(), offset: 0, line: 1, index: 0, rebuilt: false };
//! let game = CollectedGame::read(Ok(chunk), false);
//! let mut wanted = Conditions::default();
//! wanted.players.push(Pattern::parse("B").unwrap());
//! assert!(wanted.check(&game, None).matched); // replayed: every move is legal
//! wanted.no_replay = true;
//! assert!(!wanted.needs_replay()); // a condition on tags alone, unchecked: not replayed
//! ```

pub mod dedup;
pub mod filter;
pub mod game;
pub mod position;
pub mod scan;
pub mod stats;

named_kinds! {
    /// The kind of a [`ConditionError`].
    pub enum ConditionErrorKind {
        /// A `~REGEX` pattern ([`filter::Pattern::parse`]) is not a regular expression the
        /// `regex` crate reads.
        BadRegex = "bad_regex",
        /// A position to look for ([`position::Target::parse`]) is not a position string of
        /// any variant tried.
        BadPosition = "bad_position",
    }
}

/// A condition on games that cannot be read: a bad pattern or a bad position string.
/// `Display` writes the message, as `kifu filter` prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionError {
    kind: ConditionErrorKind,
    message: String,
}

impl ConditionError {
    pub(crate) fn new(kind: ConditionErrorKind, message: String) -> ConditionError {
        ConditionError { kind, message }
    }

    /// What is wrong (its [`ConditionErrorKind::name`] is stable).
    pub fn kind(&self) -> ConditionErrorKind {
        self.kind
    }

    /// What is wrong, in plain English (the same text `Display` writes).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for ConditionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConditionError {}
