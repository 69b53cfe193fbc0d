//! Random legal games, deterministic by seed: test corpora for kifu and for anyone else.
//!
//! Moves are drawn from the legal moves with weights that favour captures, promotions, drops
//! and checks, so that the games exercise the rules (hands fill up, pieces promote, kings get
//! mated). The generator is a SplitMix64 written here, so that a seed gives the same games on
//! every platform and every version of every dependency.

use crate::geometry::Color;
use crate::replay::{AnyMove, State};
use crate::writers::psn::wrap_words;
use crate::writers::{Style, move_number, move_text};
use crate::{Variant, gufu, wa};

/// SplitMix64: small, fast, and the same everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

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

/// The legal moves of a state and how much each is favoured.
fn weighted_moves(state: &State) -> Vec<(AnyMove, u64)> {
    match state {
        State::Wa(g) => {
            let p = g.position();
            p.legal_moves()
                .into_iter()
                .map(|m| {
                    let w = match m {
                        wa::Move::Drop { .. } => 3,
                        wa::Move::Normal { to, promote, .. } => {
                            let mut w = 1;
                            if p.piece_at(to).is_some() {
                                w += 8;
                            }
                            if promote {
                                w += 4;
                            }
                            w
                        }
                    };
                    (AnyMove::Wa(m), w)
                })
                .collect()
        }
        State::Gufu(p) => p
            .legal_moves()
            .into_iter()
            .map(|m| {
                let w = match m {
                    gufu::Move::Step { to, .. } if p.piece_at(to).is_some() => 6,
                    gufu::Move::Drop { .. } => 3,
                    _ => 2,
                };
                (AnyMove::Gufu(m), w)
            })
            .collect(),
    }
}

/// One random game as a PSN record. `index` is its number within the corpus (Round tag).
pub fn game(variant: Variant, seed: u64, index: u64, max_plies: u32) -> String {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut state = State::start(variant);
    let style = Style::default_for(variant);
    let mut words: Vec<String> = Vec::new();
    for _ in 0..max_plies {
        if state.outcome().is_some() {
            break;
        }
        let moves = weighted_moves(&state);
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
        let n = move_number(&state);
        let text = move_text(&state, &m, &after, style);
        match variant {
            Variant::Gufu => words.push(format!("{n}. {text}")),
            _ if state.turn() == Color::Black => words.push(format!("{n}. {text}")),
            _ => words.push(text),
        }
        state = after;
    }
    let result = state
        .outcome()
        .map(|o| o.result().to_string())
        .unwrap_or_else(|| "*".to_string());
    let termination = state
        .outcome()
        .map(|o| o.termination.name().to_string())
        .unwrap_or_else(|| "unterminated".to_string());
    words.push(result.clone());
    format!(
        "[Event \"kifu generate\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"{index}\"]\n\
         [Black \"random\"]\n[White \"random\"]\n[Result \"{result}\"]\n[Variant \"{}\"]\n\
         [Seed \"{seed}\"]\n[Termination \"{termination}\"]\n\n{}\n",
        variant.name(),
        wrap_words(&words)
    )
}
