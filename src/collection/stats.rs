//! What a collection holds (`kifu stats`): games by variant, result and how they ended, their
//! lengths, the most frequent openings, the players, and the invalid games by kind of error.
//!
//! Every table but the last counts the valid games. A game's **result** is the one the moves
//! reached when they end the game (checkmate, a King captured, repetition...); for a game the
//! moves do not end (a resignation, a loss on time, an agreed draw, an unfinished game) it is
//! the result the record states (its `Result` tag, else the result after the moves), and `*`
//! when it states none. Scores count a win 1 and a draw ½; games with result `*` are counted
//! but not scored.

use super::game::CollectedGame;
use crate::Variant;
use crate::record::ResultToken;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::collections::BTreeMap;

/// The plies that make an opening.
pub const OPENING_PLIES: usize = 4;

/// What one game adds to the statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Facts {
    /// The game replayed without error.
    Valid(GameFacts),
    /// The kind of the error that makes the game invalid (as `kifu validate` names it).
    Invalid(&'static str),
}

/// What a valid game adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFacts {
    /// The game's variant (from its Variant tag, else the default variant).
    pub variant: Variant,
    /// The result the moves reached, else the one the record states; `*` without either.
    pub result: ResultToken,
    /// How the moves ended the game (a [`Termination`](crate::rules::Termination) name), if
    /// they did.
    pub termination: Option<&'static str>,
    /// Plies of the main line.
    pub plies: u64,
    /// The first [`OPENING_PLIES`] moves in the variant's usual notation, for a game from the
    /// usual start position (fewer when the game is shorter).
    pub opening: Option<Vec<String>>,
    /// The first and the second mover's names.
    pub players: [Option<String>; 2],
}

impl Facts {
    /// Reads and replays what the statistics need of a game; `default_variant` is the variant
    /// of records without a Variant tag.
    pub fn of(game: &CollectedGame, default_variant: Option<Variant>) -> Facts {
        if let Some(e) = game.read_error() {
            // The variant is decided before the moves: chess under [Variant "Standard"] is an
            // unknown variant (as `kifu validate` says), not a syntax error.
            let unknown = crate::replay::unreadable_variant(e);
            return Facts::Invalid(unknown.map_or(e.kind.name(), |p| p.kind.name()));
        }
        let Some(r) = game.replay(default_variant, true) else {
            return Facts::Invalid("syntax");
        };
        let (Some(variant), true) = (r.variant(), r.valid()) else {
            return Facts::Invalid(r.error_kind().unwrap_or("syntax"));
        };
        let result = match r.outcome() {
            Some(o) => ResultToken::from_text(o.result()),
            None => game.stated_result(),
        };
        let opening = r.from_usual_start().then(|| r.opening(OPENING_PLIES));
        Facts::Valid(GameFacts {
            variant,
            result: result.unwrap_or(ResultToken::Unknown),
            termination: r.outcome().map(|o| o.termination.name()),
            plies: r.main_plies(),
            opening: opening.filter(|o| !o.is_empty()),
            players: game.players().map(|p| p.map(str::to_string)),
        })
    }
}

/// Wins, draws and losses from one side's point of view; games without a result are counted
/// in `games` only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Tally {
    /// Games counted (with or without a result).
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Tally {
    /// Adds a game of `result`, seen from the first mover's side or from the second's.
    fn add(&mut self, result: ResultToken, first_mover: bool) {
        self.games += 1;
        match (result, first_mover) {
            (ResultToken::Draw, _) => self.draws += 1,
            (ResultToken::Unknown, _) => {}
            (ResultToken::BlackWins, true) | (ResultToken::WhiteWins, false) => self.wins += 1,
            _ => self.losses += 1,
        }
    }

    /// Points: 1 a win, ½ a draw.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The games with a result.
    pub fn scored(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

/// Accumulates [`Facts`] (and the inputs), then gives the [`Summary`].
#[derive(Debug, Default)]
pub struct CollectionStats {
    files: u64,
    io_errors: u64,
    games: u64,
    invalid: u64,
    variants: BTreeMap<&'static str, u64>,
    results: [u64; 4],
    terminations: BTreeMap<&'static str, u64>,
    /// Number of games of each length.
    plies: BTreeMap<u64, u64>,
    openings: FxHashMap<(Variant, Vec<String>), Tally>,
    players: FxHashMap<String, Tally>,
    invalid_kinds: BTreeMap<&'static str, u64>,
}

/// The order results are listed in.
const RESULTS: [ResultToken; 4] = [
    ResultToken::BlackWins,
    ResultToken::WhiteWins,
    ResultToken::Draw,
    ResultToken::Unknown,
];

/// The termination of a game the moves do not end.
pub const NOT_ENDED: &str = "not_ended";

impl CollectionStats {
    /// Empty statistics: no input, no game.
    pub fn new() -> CollectionStats {
        CollectionStats::default()
    }

    /// An input was read.
    pub fn add_file(&mut self) {
        self.files += 1;
    }

    /// An input could not be read.
    pub fn add_io_error(&mut self) {
        self.io_errors += 1;
    }

    /// Counts one game: a valid one in every table, an invalid one under its kind of error.
    pub fn add(&mut self, facts: Facts) {
        self.games += 1;
        let g = match facts {
            Facts::Invalid(kind) => {
                self.invalid += 1;
                *self.invalid_kinds.entry(kind).or_default() += 1;
                return;
            }
            Facts::Valid(g) => g,
        };
        *self.variants.entry(g.variant.name()).or_default() += 1;
        let r = RESULTS.iter().position(|r| *r == g.result).unwrap_or(3);
        self.results[r] += 1;
        *self
            .terminations
            .entry(g.termination.unwrap_or(NOT_ENDED))
            .or_default() += 1;
        *self.plies.entry(g.plies).or_default() += 1;
        if let Some(moves) = g.opening {
            self.openings
                .entry((g.variant, moves))
                .or_default()
                .add(g.result, true);
        }
        let [first, second] = g.players;
        for (name, first_mover) in [(first, true), (second, false)] {
            if let Some(name) = name {
                self.players
                    .entry(name)
                    .or_default()
                    .add(g.result, first_mover);
            }
        }
    }

    /// The summary, with the `top` most frequent openings and players.
    pub fn summary(&self, top: usize) -> Summary {
        let counts = |m: &BTreeMap<&'static str, u64>| {
            let mut v: Vec<Count> = m
                .iter()
                .map(|(name, games)| Count {
                    name: name.to_string(),
                    games: *games,
                })
                .collect();
            // Most games first; names in order among equals (the map is sorted by name).
            v.sort_by_key(|c| std::cmp::Reverse(c.games));
            v
        };
        let results = RESULTS
            .iter()
            .zip(self.results)
            .filter(|(_, n)| *n > 0)
            .map(|(r, games)| Count {
                name: r.as_str().to_string(),
                games,
            })
            .collect();
        let mut openings: Vec<OpeningCount> = self
            .openings
            .iter()
            .map(|((variant, moves), first_mover)| OpeningCount {
                variant: variant.name(),
                moves: moves.clone(),
                games: first_mover.games,
                first_mover: *first_mover,
                first_mover_points: first_mover.points(),
            })
            .collect();
        openings.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then_with(|| a.variant.cmp(b.variant))
                .then_with(|| a.moves.cmp(&b.moves))
        });
        let distinct_openings = openings.len();
        openings.truncate(top);
        let mut players: Vec<PlayerLine> = self
            .players
            .iter()
            .map(|(name, s)| PlayerLine {
                name: name.clone(),
                games: s.games,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                points: s.points(),
            })
            .collect();
        players.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then_with(|| b.points.total_cmp(&a.points))
                .then_with(|| a.name.cmp(&b.name))
        });
        let distinct_players = players.len();
        players.truncate(top);
        Summary {
            files: self.files,
            io_errors: self.io_errors,
            games: self.games,
            valid: self.games - self.invalid,
            invalid: self.invalid,
            variants: counts(&self.variants),
            results,
            terminations: counts(&self.terminations),
            plies: plies(&self.plies),
            openings: Ranking {
                distinct: distinct_openings,
                top: openings,
            },
            players: Ranking {
                distinct: distinct_players,
                top: players,
            },
            invalid_kinds: counts(&self.invalid_kinds),
        }
    }
}

/// Everything `kifu stats` reports; its JSON form is the `--format json` output.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Inputs read.
    pub files: u64,
    /// Inputs that could not be read.
    pub io_errors: u64,
    /// Games found, valid or not.
    pub games: u64,
    /// Games that replay without error.
    pub valid: u64,
    /// Games that do not read or do not replay (`games - valid`).
    pub invalid: u64,
    /// Valid games by variant (`wa`, `wa-nodrop`, `gufu`), most first.
    pub variants: Vec<Count>,
    /// Valid games by result: `1-0`, `0-1`, `1/2-1/2`, `*`, in that order.
    pub results: Vec<Count>,
    /// Valid games by how the moves ended them (`checkmate`, `king_captured`,
    /// `no_legal_moves`, `repetition`, `perpetual_check`; `not_ended`), most first.
    pub terminations: Vec<Count>,
    /// Lengths of the valid games' main lines; None without a valid game.
    pub plies: Option<Plies>,
    /// The most frequent openings of the valid games from the usual start position.
    pub openings: Ranking<OpeningCount>,
    /// The players who appear most often, from the Black and White tags.
    pub players: Ranking<PlayerLine>,
    /// Invalid games by kind of error, most first.
    pub invalid_kinds: Vec<Count>,
}

/// A number of games with something in common.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Count {
    /// What the games have in common (a variant, a result, a termination, a kind of error).
    pub name: String,
    /// How many games.
    pub games: u64,
}

/// The most frequent items, and how many different ones there were.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ranking<T> {
    /// How many different items there were before the list was cut to `top`.
    pub distinct: usize,
    /// The most frequent items, most first (at most the number asked for).
    pub top: Vec<T>,
}

/// Main-line lengths.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Plies {
    /// The shortest main line, in plies.
    pub min: u64,
    /// The median length in plies (the mean of the two middle ones for an even number of games).
    pub median: f64,
    /// The longest main line, in plies.
    pub max: u64,
    /// Games by length, shortest first: at most ten bins of one width (1, 2, 5, 10, 20, 25, 50,
    /// 100, ...), the first starting at a multiple of the width, the last holding `max`.
    pub histogram: Vec<Bin>,
}

/// Games of `from..=to` plies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bin {
    /// The shortest length in the bin, in plies.
    pub from: u64,
    /// The longest length in the bin, in plies (inclusive).
    pub to: u64,
    /// Games whose main line has a length in `from..=to`.
    pub games: u64,
}

/// An opening: its first moves, and how the first mover did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpeningCount {
    /// The variant's name (`wa`, `wa-nodrop`, `gufu`).
    pub variant: &'static str,
    /// The first [`OPENING_PLIES`] moves in the variant's usual notation.
    pub moves: Vec<String>,
    /// Games that began with these moves.
    pub games: u64,
    /// The first mover's wins, draws and losses in these games.
    pub first_mover: Tally,
    /// The first mover's points in these games (1 a win, ½ a draw).
    pub first_mover_points: f64,
}

/// A player (by the name in the Black or White tag) and their results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerLine {
    /// The name, as written in the Black or White tag.
    pub name: String,
    /// Games the player played, on either side.
    pub games: u64,
    /// Games the player won.
    pub wins: u64,
    /// Games the player drew.
    pub draws: u64,
    /// Games the player lost.
    pub losses: u64,
    /// The player's points (1 a win, ½ a draw).
    pub points: f64,
}

/// At most this many bins.
const MAX_BINS: u64 = 10;

/// Minimum, median, maximum and a histogram of the lengths (`lengths`: games of each length).
fn plies(lengths: &BTreeMap<u64, u64>) -> Option<Plies> {
    let (&min, _) = lengths.first_key_value()?;
    let (&max, _) = lengths.last_key_value()?;
    let n: u64 = lengths.values().sum();
    // The k-th smallest length (0-based).
    let nth = |k: u64| {
        let mut seen = 0;
        for (&len, &count) in lengths {
            seen += count;
            if seen > k {
                return len;
            }
        }
        max
    };
    let median = if n % 2 == 1 {
        nth(n / 2) as f64
    } else {
        (nth(n / 2 - 1) + nth(n / 2)) as f64 / 2.0
    };
    let width = bin_width(min, max);
    let first = min / width * width;
    let mut histogram: Vec<Bin> = (first..=max)
        .step_by(width as usize)
        .map(|from| Bin {
            from,
            to: from.saturating_add(width - 1),
            games: 0,
        })
        .collect();
    for (&len, &count) in lengths {
        let i = ((len - first) / width) as usize;
        if let Some(bin) = histogram.get_mut(i) {
            bin.games += count;
        }
    }
    Some(Plies {
        min,
        median,
        max,
        histogram,
    })
}

/// The smallest of 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, ... that covers `min..=max` in
/// at most [`MAX_BINS`] bins starting at a multiple of it.
fn bin_width(min: u64, max: u64) -> u64 {
    let mut scale = 1u64;
    loop {
        for step in [1u64, 2, 5, 10, 20, 25, 50] {
            let w = step.saturating_mul(scale);
            if max / w - min / w < MAX_BINS {
                return w;
            }
        }
        scale = scale.saturating_mul(100);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(plies: u64, result: ResultToken, players: [&str; 2], opening: &[&str]) -> Facts {
        Facts::Valid(GameFacts {
            variant: Variant::Wa,
            result,
            termination: (result != ResultToken::Unknown).then_some("checkmate"),
            plies,
            opening: Some(opening.iter().map(|s| s.to_string()).collect()),
            players: players.map(|p| Some(p.to_string())),
        })
    }

    #[test]
    fn tables() {
        let mut s = CollectionStats::new();
        let a = ["SP-7g", "SP-5e", "SP-6g", "SP-4e"];
        let b = ["SP-7g", "SP-5e", "SP-6g", "SP-6e"];
        s.add(valid(10, ResultToken::BlackWins, ["A", "B"], &a));
        s.add(valid(20, ResultToken::Draw, ["B", "A"], &a));
        s.add(valid(31, ResultToken::WhiteWins, ["A", "C"], &a));
        s.add(valid(40, ResultToken::Unknown, ["C", "A"], &b));
        s.add(Facts::Invalid("syntax"));
        s.add(Facts::Invalid("no_piece"));
        s.add(Facts::Invalid("syntax"));
        let sum = s.summary(10);
        assert_eq!((sum.games, sum.valid, sum.invalid), (7, 4, 3));
        let names = |v: &[Count]| -> Vec<(String, u64)> {
            v.iter().map(|c| (c.name.clone(), c.games)).collect()
        };
        assert_eq!(
            names(&sum.results),
            [
                ("1-0".into(), 1),
                ("0-1".into(), 1),
                ("1/2-1/2".into(), 1),
                ("*".into(), 1)
            ]
        );
        assert_eq!(
            names(&sum.terminations),
            [("checkmate".into(), 3), (NOT_ENDED.into(), 1)]
        );
        assert_eq!(
            names(&sum.invalid_kinds),
            [("syntax".into(), 2), ("no_piece".into(), 1)]
        );
        let op = &sum.openings.top[0];
        assert_eq!(op.moves, a);
        assert_eq!(
            (op.games, op.first_mover.wins, op.first_mover.draws),
            (3, 1, 1)
        );
        assert_eq!(op.first_mover_points, 1.5);
        assert_eq!(sum.openings.distinct, 2);
        let p = &sum.players.top[0];
        // A: won as first mover, drew as second, lost as first mover, unknown as second.
        assert_eq!(p.name, "A");
        assert_eq!((p.games, p.wins, p.draws, p.losses), (4, 1, 1, 1));
        assert_eq!(p.points, 1.5);
        assert_eq!(sum.players.top.len(), 3);
        assert_eq!(s.summary(1).players.top.len(), 1);
        assert_eq!(s.summary(1).players.distinct, 3);
        let plies = sum.plies.unwrap();
        assert_eq!((plies.min, plies.max, plies.median), (10, 40, 25.5));
        assert_eq!(plies.histogram.iter().map(|b| b.games).sum::<u64>(), 4);
    }

    #[test]
    fn medians_and_bins() {
        let lengths: BTreeMap<u64, u64> = [(3, 2), (7, 1)].into();
        let p = plies(&lengths).unwrap();
        assert_eq!(p.median, 3.0);
        assert_eq!(p.histogram.len(), 5); // width 1: 3..=7
        assert_eq!(bin_width(0, 300), 50);
        assert_eq!(bin_width(100, 109), 1);
        assert_eq!(bin_width(0, 9), 1);
        assert_eq!(bin_width(0, 10), 2);
        assert_eq!(bin_width(5, 5000), 1000); // 500 would need 11 bins: 0-499 … 5000-5499
        assert!(bin_width(0, u64::MAX) >= u64::MAX / 10);
        let p = plies(&[(0, 1), (300, 1)].into()).unwrap();
        assert_eq!(p.histogram.first().map(|b| (b.from, b.to)), Some((0, 49)));
        assert_eq!(p.histogram.last().map(|b| (b.from, b.to)), Some((300, 349)));
        assert!(plies(&BTreeMap::new()).is_none());
    }
}
