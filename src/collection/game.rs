//! One game of a collection: read from its bytes, its tags, and what replaying its main line
//! shows.
//!
//! This is the one place where the collection tools use the record layer
//! ([`parse_game`]) and the replay layer
//! ([`replay`](crate::replay::replay): the game as [`Played`](crate::replay::Played), its start and resolved moves,
//! written once over [`rules::Position`](crate::rules::Position) and reached through
//! [`for_game!`](crate::for_game)); [`super::filter`], [`super::dedup`] and [`super::stats`]
//! work on what it reports.

use super::dedup::{GameKey, KeyMaker};
use super::position::Target;
use crate::Variant;
use crate::for_game;
use crate::notation::{Notate, Style};
use crate::record::{
    Annotation, CommentKind, GameChunk, Record, RecordError, ResultToken, parse_game,
    parse_game_tags,
};
use crate::replay::{self, ReplayOptions, Report, State, Step};
use crate::rules::{Outcome, PositionError};

/// A game as read: its record, or why it could not be read.
#[derive(Debug)]
pub struct CollectedGame {
    read: Result<Record, RecordError>,
    /// The bytes of a game that could not be read, when asked to keep them.
    raw: Option<Vec<u8>>,
}

impl CollectedGame {
    /// Reads a game cut by the [`GameSplitter`](crate::record::GameSplitter) (or the error it
    /// gave). With `keep_unreadable`, the bytes of a game that cannot be read are kept for
    /// [`CollectedGame::bytes`] (at the price of a copy of every game's bytes).
    pub fn read(chunk: Result<GameChunk, RecordError>, keep_unreadable: bool) -> CollectedGame {
        match chunk {
            Err(e) => CollectedGame {
                read: Err(e),
                raw: None,
            },
            Ok(chunk) => {
                let raw = keep_unreadable.then(|| chunk.bytes.clone());
                let read = parse_game(chunk);
                let raw = if read.is_err() { raw } else { None };
                CollectedGame { read, raw }
            }
        }
    }

    /// Reads only the tag pairs of a game ([`parse_game_tags`]): for conditions on the tags
    /// alone, at several times the speed of [`CollectedGame::read`]. The moves are not read: such a
    /// game has no [`CollectedGame::written_plies`], its variant is told by its tag alone, and only an
    /// error in its tag pairs makes it unreadable. [`CollectedGame::bytes`] are the whole game's.
    pub fn read_tags(chunk: Result<GameChunk, RecordError>) -> CollectedGame {
        CollectedGame {
            read: chunk.and_then(parse_game_tags),
            raw: None,
        }
    }

    /// The record, if the game could be read.
    pub fn record(&self) -> Option<&Record> {
        self.read.as_ref().ok()
    }

    /// Why the game could not be read.
    pub fn read_error(&self) -> Option<&RecordError> {
        self.read.as_ref().err()
    }

    /// The game's bytes exactly as they are in the file (tags, comments and layout as written):
    /// from the line of its first tag pair to the line before the next game. Empty for a game
    /// that could not be read unless [`CollectedGame::read`] was asked to keep them.
    pub fn bytes(&self) -> &[u8] {
        match (&self.read, &self.raw) {
            (Ok(r), _) => r.source.text().as_bytes(),
            (Err(_), Some(raw)) => raw,
            (Err(_), None) => &[],
        }
    }

    /// [`CollectedGame::bytes`], owned (the record itself is dropped: a game waiting to be written
    /// takes no more memory than its text).
    pub fn into_bytes(self) -> Vec<u8> {
        match (self.read, self.raw) {
            (Ok(r), _) => r.source.text().as_bytes().to_vec(),
            (Err(_), raw) => raw.unwrap_or_default(),
        }
    }

    /// [`CollectedGame::into_bytes`] cut after `plies` moves of the main line (those moves kept as
    /// written, with the comments and NAGs right after the last of them; what follows,
    /// variations on the last move included, dropped), ended by the result `*`, which the
    /// `Result` tag then says too (the moves kept do not finish the game as written). A game
    /// with no more moves, or that could not be read, is left as it is.
    pub fn cut(self, plies: u64) -> Vec<u8> {
        let Ok(record) = &self.read else {
            return self.into_bytes();
        };
        let main = &record.movetext.main_line().nodes;
        let Some(last) = usize::try_from(plies)
            .ok()
            .filter(|&n| n > 0 && n < main.len())
            .map(|n| record.movetext.node(main[n - 1]))
        else {
            return self.into_bytes();
        };
        let base = record.source.base();
        let text = record.source.text();
        let mut end = last.span.end;
        let mut line_comment = false;
        for a in &last.annotations {
            let (span, line) = match a {
                Annotation::Comment(c) => (c.span, c.kind == CommentKind::Line),
                Annotation::Nag(n) => (n.span, false),
            };
            if span.end >= end {
                end = span.end;
                line_comment = line;
            }
        }
        let mut out = String::with_capacity(end - base + 8);
        let mut from = 0;
        if let Some(tag) = record.tag_pair("Result") {
            let at = tag.value_span.start - base;
            out.push_str(&text[..at]);
            // The value's span includes its quotes.
            out.push_str("\"*\"");
            from = tag.value_span.end - base;
        }
        out.push_str(&text[from..end - base]);
        // The record's own line ends.
        let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
        if line_comment {
            out.push_str(nl);
            out.push('*');
        } else {
            out.push_str(" *");
        }
        out.push_str(nl);
        out.into_bytes()
    }

    /// The value of the first tag pair called `name` (ASCII case-insensitive, as the replay
    /// reads `Variant` and `FEN`): when a name is repeated, the first counts.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.record()?.tag(name)
    }

    /// The game's variant as the replay will take it ([`replay::variant_of`]): its `Variant`
    /// tag, or `default` when it has none, or the game its moves fit. None when the tag names
    /// no variant kifu knows, the moves do not tell, or the game could not be read.
    pub fn variant(&self, default: Option<Variant>) -> Option<Variant> {
        replay::variant_of(self.record()?, default).ok()
    }

    /// The moves written on the main line (variations not counted): for a valid game, its
    /// plies. Needs no replay.
    pub fn written_plies(&self) -> u64 {
        self.record()
            .map_or(0, |r| r.movetext.main_moves().len() as u64)
    }

    /// The players' names as the tags give them: the first mover (sente) and the second
    /// (gote); kifu's `Black` and `White`, or XBoard's `White` and `Black` in a record of
    /// XBoard's ([`Players`](crate::replay::Players)).
    pub fn players(&self) -> [Option<&str>; 2] {
        match self.record() {
            Some(r) => {
                let p = crate::replay::Players::of(r);
                [p.first, p.second]
            }
            None => [None, None],
        }
    }

    /// The result the record states: its `Result` tag when that is a result (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`), else the result written after the moves.
    pub fn stated_result(&self) -> Option<ResultToken> {
        let record = self.record()?;
        self.tag("Result")
            .and_then(ResultToken::from_text)
            .or(record.result.map(|r| r.value))
    }

    /// Replays the game (None if it could not be read). `default_variant` is the variant of a
    /// record without a `Variant` tag. `keep_moves` keeps the resolved moves, which
    /// [`ReplayedGame::key`], [`ReplayedGame::reaches`] and [`ReplayedGame::opening`] need.
    pub fn replay(
        &self,
        default_variant: Option<Variant>,
        keep_moves: bool,
    ) -> Option<ReplayedGame<'_>> {
        let record = self.record()?;
        let opts = ReplayOptions {
            default_variant,
            keep_moves,
        };
        Some(ReplayedGame {
            record,
            report: replay::replay(record, &opts),
        })
    }
}

/// A position without its move counters: the pieces on the board and in hand, and the side to
/// move. Two positions with equal keys are the same position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PositionKey {
    /// Wa: the 128-bit Zobrist hash of board, hands and side to move that the repetition rule
    /// uses (two positions share one with probability about 2^-128).
    Wa(u128),
    /// Gufū: the position string without its ply number.
    Gufu(String),
}

/// The positions of the games, keyed (each game's key in `src/<game>/seam.rs`).
pub(crate) trait Keyed: Notate {
    /// The position's key: equal keys, same pieces on the board and in hand, same side to move.
    fn key(&self) -> PositionKey;
}

impl PositionKey {
    /// The key of a position string of `variant` (Wa: the FEN; Gufū: kifu's form), or what
    /// is wrong with the string.
    pub fn parse(variant: Variant, text: &str) -> Result<PositionKey, PositionError> {
        let state = State::from_position_string(variant, text)?;
        Ok(for_game!(&state, p => p.key()))
    }

    /// The key of the usual start position of `variant`.
    pub fn start(variant: Variant) -> PositionKey {
        for_game!(&State::start(variant), p => p.key())
    }
}

/// What replaying a game found.
#[derive(Debug)]
pub struct ReplayedGame<'g> {
    record: &'g Record,
    report: Report,
}

impl ReplayedGame<'_> {
    /// The variant replayed (None when the record names none kifu knows).
    pub fn variant(&self) -> Option<Variant> {
        self.report.variant
    }

    /// Whether every move is legal and the record is sound.
    pub fn valid(&self) -> bool {
        self.report.valid()
    }

    /// The kind of the error that stopped the replay (as `kifu validate` names it).
    pub fn error_kind(&self) -> Option<&'static str> {
        self.report.errors.first().map(|p| p.kind.name())
    }

    /// How the main line ended on the board, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.report.outcome
    }

    /// The plies of the main line that were replayed.
    pub fn main_plies(&self) -> u64 {
        self.report.main_plies
    }

    /// Whether the game starts from its variant's usual start position.
    pub fn from_usual_start(&self) -> bool {
        let (Some(v), Some(played)) = (self.variant(), self.report.played.as_ref()) else {
            return false;
        };
        for_game!(played, p => p.start.key()) == PositionKey::start(v)
    }

    /// The key that two records of the same game share: the variant, the start position and
    /// the main line's moves as the rules resolved them (not as written: Hodges, long, engine
    /// or any other notation, kanji or letter ranks, give the same key). Tags, comments,
    /// variations and move counters do not count. None for a game that was not fully replayed
    /// (or was replayed without `keep_moves`).
    pub fn key(&self, maker: &KeyMaker) -> Option<GameKey> {
        let played = self.report.played.as_ref().filter(|_| self.valid())?;
        let mt = &self.record.movetext;
        for_game!(played, p => {
            let moves: Vec<_> = p.main_moves(mt).map(|(_, m)| m).collect();
            (moves.len() as u64 == self.main_plies())
                .then(|| maker.key(&(self.variant(), p.start.key(), moves)))
        })
    }

    /// Whether the main line (its start included) reaches the position of `target`.
    pub fn reaches(&self, target: &Target) -> bool {
        let (Some(v), Some(played)) = (self.variant(), self.report.played.as_ref()) else {
            return false;
        };
        let Some(wanted) = target.key(v) else {
            return false;
        };
        let mt = &self.record.movetext;
        for_game!(played, p => {
            let mut walk = p.main_line(mt);
            while let Some(step) = walk.next() {
                let reached = match step {
                    Step::LineStart { position, .. } => position.key() == *wanted,
                    Step::Ply { after, .. } => after.key() == *wanted,
                    Step::LineEnd { .. } => false,
                };
                if reached {
                    return true;
                }
            }
            false
        })
    }

    /// The first `plies` moves of the main line in the variant's usual notation (Hodges
    /// style; kanji ranks for Gufū, letter ranks for Wa), as `kifu convert` writes them.
    pub fn opening(&self, plies: usize) -> Vec<String> {
        let (Some(v), Some(played)) = (self.variant(), self.report.played.as_ref()) else {
            return Vec::new();
        };
        let style = Style::default_for(v);
        let mt = &self.record.movetext;
        let mut out = Vec::new();
        for_game!(played, p => {
            let mut walk = p.main_line(mt);
            while out.len() < plies
                && let Some(step) = walk.next()
            {
                if let Step::Ply { before, mv, after, .. } = step {
                    out.push(before.move_text(mv, after, style));
                }
            }
        });
        out
    }
}
