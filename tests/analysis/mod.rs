//! Helpers of the tests of `kifu solve`, `kifu mate` and `kifu analyze`.
#![allow(dead_code)]

use kifu::generate::Rng;
use kifu::gufu;
use kifu::rules::Position;

#[path = "../cli_support/mod.rs"]
mod cli_support;

/// Runs kifu with these arguments (and this standard input): exit status, stdout, stderr.
pub fn kifu(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let o = cli_support::kifu(args, stdin.map(str::as_bytes));
    (
        o.status.code().unwrap_or(-1),
        cli_support::out(&o),
        cli_support::err(&o),
    )
}

/// The position after the setup and up to `extra` more random legal plies (fewer if the game
/// ends).
pub fn random_gufu(rng: &mut Rng, extra: u64) -> gufu::Position {
    let mut p = gufu::Position::default();
    for _ in 0..(4 + rng.below(extra + 1)) {
        let ms = p.legal_moves();
        if ms.is_empty() {
            break;
        }
        p.play_unchecked(&ms[rng.below(ms.len() as u64) as usize]);
    }
    p
}
