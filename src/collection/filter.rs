//! Choosing games: the conditions of `kifu filter` and whether a game meets them.
//!
//! Different conditions must all hold; several values of one condition (two `--player`s, two
//! `--tag`s of one name) are alternatives. Conditions on what is written (variant, tags,
//! players, stated result, number of moves) are decided from the record alone; then every game
//! that met them is replayed, so that only games whose every move is legal match (unless
//! [`Conditions::validity`] asks for the invalid ones), and the conditions on the moves
//! (validity, outcome, positions, duplicates) are decided. [`Conditions::no_replay`] skips the
//! replay: the games are not checked.

use super::dedup::{GameKey, KeyMaker};
use super::game::CollectedGame;
use super::position::Target;
use super::{ConditionError, ConditionErrorKind};
use crate::Variant;
use crate::record::ResultToken;
use crate::rules::Termination;
use regex::Regex;

/// A wanted value: exact, or a regular expression (`~REGEX`).
#[derive(Clone, Debug)]
pub enum Pattern {
    /// The value must be exactly this text.
    Exact(String),
    /// The regular expression must be found somewhere in the value.
    Regex(Regex),
}

impl Pattern {
    /// `VALUE` is matched exactly (case and spaces included); `~REGEX` is a regular
    /// expression (Rust `regex` syntax) found anywhere in the value: anchor it with `^…$` to
    /// match the whole value. (A value that starts with `~` is written `~^~…$`.)
    pub fn parse(s: &str) -> Result<Pattern, ConditionError> {
        match s.strip_prefix('~') {
            Some(re) => Regex::new(re).map(Pattern::Regex).map_err(|e| {
                ConditionError::new(
                    ConditionErrorKind::BadRegex,
                    format!("bad regular expression '{re}': {e}"),
                )
            }),
            None => Ok(Pattern::Exact(s.to_string())),
        }
    }

    /// Whether `value` is the exact text, or holds a match of the regular expression.
    pub fn matches(&self, value: &str) -> bool {
        match self {
            Pattern::Exact(s) => s == value,
            Pattern::Regex(re) => re.is_match(value),
        }
    }
}

/// Whether one of the patterns matches one of the values.
fn any_match<'a>(patterns: &[Pattern], mut values: impl Iterator<Item = &'a str>) -> bool {
    values.any(|v| patterns.iter().any(|p| p.matches(v)))
}

/// `--valid` or `--invalid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validity {
    /// Only games that replay without error.
    Valid,
    /// Only games that do not read or do not replay.
    Invalid,
}

/// Everything a game must meet. The default wants nothing: every game matches.
#[derive(Clone, Debug, Default)]
pub struct Conditions {
    /// The game's variant (its Variant tag; a game without one is taken to be of this variant,
    /// as every kifu command takes it).
    pub variant: Option<Variant>,
    /// Tag conditions, one entry per tag name (ASCII case-insensitive): one of the patterns
    /// must match one of the values of the tags of that name. See [`Conditions::add_tag`].
    pub tags: Vec<(String, Vec<Pattern>)>,
    /// One of these must match the `Black` or the `White` tag.
    pub players: Vec<Pattern>,
    /// One of these must match the first mover's name (kifu's `Black` tag, XBoard's `White`:
    /// see [`Players`](crate::replay::Players)).
    pub first: Vec<Pattern>,
    /// One of these must match the second mover's name (kifu's `White`, XBoard's `Black`).
    pub second: Vec<Pattern>,
    /// One of these must match the `Result` tag as written.
    pub results: Vec<Pattern>,
    /// The result the replay found must be one of these (`*`: the moves do not end the game).
    pub outcomes: Vec<ResultToken>,
    /// How the replay found the main line ended must be one of these (None: the moves do not
    /// end the game).
    pub endings: Vec<Option<Termination>>,
    /// The main line must have at least this many moves as written (inclusive).
    pub min_plies: Option<u64>,
    /// The main line must have at most this many moves as written (inclusive).
    pub max_plies: Option<u64>,
    /// The main line must reach one of these positions.
    pub positions: Vec<Target>,
    /// Keep only valid games, or only invalid ones; None keeps both.
    pub validity: Option<Validity>,
    /// Give each matching game its [`GameKey`] (duplicates are dropped by the caller, who sees
    /// the games in order).
    pub dedup: bool,
    /// Decide from the records alone, without replaying the moves: the games are not checked
    /// (a game with an illegal move can match). Only for conditions on what is written (with
    /// another condition the games are replayed all the same).
    pub no_replay: bool,
    /// Decide whether each game meets the conditions, and whether it could be written (see
    /// [`Decision::eligible`]), even when a condition on what is written fails: for a caller
    /// who wants the games that do *not* meet them (`kifu filter --invert`).
    pub invert: bool,
}

/// What [`Conditions::check`] decided about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Every condition holds (duplicates aside).
    pub matched: bool,
    /// The game is known to be invalid: it could not be read, or it was replayed (because
    /// its record met the conditions on what is written) and found invalid.
    pub invalid: bool,
    /// The game could be written: it was read, and replayed valid (or not replayed, with
    /// [`Conditions::no_replay`]). Decided for every game only with [`Conditions::invert`];
    /// else only for a matching one.
    pub eligible: bool,
    /// With `dedup`, the key of a matching game.
    pub key: Option<GameKey>,
    /// For an invalid game, the kind of its error (as `kifu validate` names it).
    pub error_kind: Option<&'static str>,
}

impl Decision {
    const NO: Decision = Decision {
        matched: false,
        invalid: false,
        eligible: false,
        key: None,
        error_kind: None,
    };
}

impl Conditions {
    /// Adds a tag condition: alternatives for a name already given, a new condition otherwise.
    pub fn add_tag(&mut self, name: &str, pattern: Pattern) {
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some((_, patterns)) => patterns.push(pattern),
            None => self.tags.push((name.to_string(), vec![pattern])),
        }
    }

    /// Whether deciding needs the moves replayed (otherwise reading the record is enough):
    /// always, unless [`Conditions::no_replay`] is set and every condition is on what is
    /// written.
    pub fn needs_replay(&self) -> bool {
        !self.no_replay
            || self.validity.is_some()
            || !self.outcomes.is_empty()
            || !self.positions.is_empty()
            || !self.endings.is_empty()
            || self.dedup
    }

    /// Whether deciding needs the moves read: unless it needs them replayed, only the
    /// conditions on their number do (the variant condition takes a game without a Variant
    /// tag to be of the variant wanted). Otherwise [`CollectedGame::read_tags`] is enough.
    pub fn needs_moves(&self) -> bool {
        self.needs_replay() || self.min_plies.is_some() || self.max_plies.is_some()
    }

    /// Whether there are conditions on what is written.
    fn on_record(&self) -> bool {
        self.variant.is_some()
            || !self.tags.is_empty()
            || !self.players.is_empty()
            || !self.first.is_empty()
            || !self.second.is_empty()
            || !self.results.is_empty()
            || self.min_plies.is_some()
            || self.max_plies.is_some()
    }

    /// The conditions on what is written, for a game that could be read.
    fn record_matches(&self, game: &CollectedGame) -> bool {
        if let Some(v) = self.variant
            && game.variant(Some(v)) != Some(v)
        {
            return false;
        }
        let plies = game.written_plies();
        if self.min_plies.is_some_and(|n| plies < n) || self.max_plies.is_some_and(|n| plies > n) {
            return false;
        }
        if !self.players.is_empty() {
            let [black, white] = game.players();
            if !any_match(&self.players, black.into_iter().chain(white)) {
                return false;
            }
        }
        let [first, second] = game.players();
        if !self.first.is_empty() && !any_match(&self.first, first.into_iter()) {
            return false;
        }
        if !self.second.is_empty() && !any_match(&self.second, second.into_iter()) {
            return false;
        }
        if !self.results.is_empty() && !any_match(&self.results, game.tag("Result").into_iter()) {
            return false;
        }
        self.tags
            .iter()
            .all(|(name, patterns)| any_match(patterns, game.tag(name).into_iter()))
    }

    /// Decides about one game. `keys` makes the dedup keys (needed with `dedup`).
    pub fn check(&self, game: &CollectedGame, keys: Option<&KeyMaker>) -> Decision {
        let wants_invalid = self.validity == Some(Validity::Invalid);
        // Conditions on the moves cannot hold for a game whose moves are not all legal.
        let moves_free =
            self.outcomes.is_empty() && self.positions.is_empty() && self.endings.is_empty();
        if let Some(e) = game.read_error() {
            // Neither tags nor moves: only "invalid" and no other condition can match. (The
            // variant is decided before the moves: chess under [Variant "Standard"] is an
            // unknown variant, as `kifu validate` says, not a syntax error.)
            let unknown = crate::replay::unreadable_variant(e);
            return Decision {
                matched: wants_invalid && moves_free && !self.on_record(),
                invalid: true,
                eligible: false,
                key: None,
                error_kind: Some(unknown.map_or(e.kind.name(), |p| p.kind.name())),
            };
        }
        let on_record = self.record_matches(game);
        if !on_record && !self.invert {
            return Decision::NO;
        }
        if !self.needs_replay() {
            return Decision {
                matched: on_record,
                invalid: false,
                eligible: true,
                key: None,
                error_kind: None,
            };
        }
        let keep_moves = self.dedup || !self.positions.is_empty();
        let Some(r) = game.replay(self.variant, keep_moves) else {
            return Decision::NO;
        };
        if !r.valid() {
            return Decision {
                matched: wants_invalid && moves_free,
                invalid: true,
                eligible: false,
                key: None,
                error_kind: Some(r.error_kind().unwrap_or("syntax")),
            };
        }
        if wants_invalid {
            return Decision::NO;
        }
        let found = match r.outcome() {
            Some(o) => ResultToken::from_text(o.result()).unwrap_or(ResultToken::Unknown),
            None => ResultToken::Unknown,
        };
        let ending = r.outcome().map(|o| o.termination);
        let meets = on_record
            && (self.outcomes.is_empty() || self.outcomes.contains(&found))
            && (self.endings.is_empty() || self.endings.contains(&ending))
            && (self.positions.is_empty() || self.positions.iter().any(|t| r.reaches(t)));
        if !meets {
            return Decision {
                eligible: true,
                ..Decision::NO
            };
        }
        let key = match (self.dedup, keys) {
            (true, Some(maker)) => r.key(maker),
            _ => None,
        };
        Decision {
            matched: true,
            invalid: false,
            eligible: true,
            key,
            error_kind: None,
        }
    }
}
