//! Random legal games, deterministic by seed: test corpora for kifu and for anyone else.
//!
//! Moves are drawn from the legal moves with weights that favour captures, promotions, drops
//! and checks, so that the games exercise the rules (hands fill up, pieces promote, kings get
//! mated). The generator is a SplitMix64 written here, so that a seed gives the same games on
//! every platform and every version of every dependency.

use crate::notation::{Notate, Style, number_prefix};
use crate::replay::State;
use crate::rules::Position;
use crate::writers::psn::wrap_words;
use crate::{Variant, for_game};

/// SplitMix64: small, fast, and the same everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`: the same seed gives the same numbers on every machine.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number of the sequence, uniformly spread over all of `u64`.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// How much the generator favours each legal move of a game (each game's in
/// `src/<game>/seam.rs`).
pub trait Weigh: Notate {
    /// The weight of `m`, a legal move of this position (at least 1).
    fn weight(&self, m: &Self::Move) -> u64;
}

/// One random game as a PSN record. `index` is its number within the corpus (Round tag).
pub fn game(variant: Variant, seed: u64, index: u64, max_plies: u32) -> String {
    let rng = Rng::new(seed ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let (words, end) = for_game!(State::start(variant), start => {
        let (words, end) = play_random(start, rng, max_plies);
        (words, end.outcome())
    });
    let result = end
        .map(|o| o.result().to_string())
        .unwrap_or_else(|| "*".to_string());
    let termination = end
        .map(|o| o.termination.name().to_string())
        .unwrap_or_else(|| "unterminated".to_string());
    let mut words = words;
    words.push(result.clone());
    format!(
        "[Event \"kifu generate\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"{index}\"]\n\
         [Black \"random\"]\n[White \"random\"]\n[Result \"{result}\"]\n[Variant \"{}\"]\n\
         [Seed \"{seed}\"]\n[Termination \"{termination}\"]\n\n{}\n",
        variant.name(),
        wrap_words(&words)
    )
}

/// Plays random weighted legal moves from `state` until the game ends or `max_plies`: the
/// moves as written in the variant's usual style (with their numbers), and the last position.
fn play_random<G: Weigh>(mut state: G, mut rng: Rng, max_plies: u32) -> (Vec<String>, G) {
    let style = Style::default_for(state.variant());
    let mut words: Vec<String> = Vec::new();
    for _ in 0..max_plies {
        if state.outcome().is_some() {
            break;
        }
        let moves: Vec<(G::Move, u64)> = state
            .legal_moves()
            .into_iter()
            .map(|m| (m, state.weight(&m)))
            .collect();
        let total: u64 = moves.iter().map(|(_, w)| w).sum();
        if total == 0 {
            break;
        }
        let mut pick = rng.below(total);
        let Some(m) = moves.iter().find_map(|(m, w)| {
            if pick < *w {
                Some(*m)
            } else {
                pick -= w;
                None
            }
        }) else {
            break;
        };
        let mut after = state.clone();
        after.play_unchecked(&m);
        let text = state.move_text(&m, &after, style);
        words.push(format!("{}{text}", number_prefix(&state, false)));
        state = after;
    }
    (words, state)
}
