//! Helpers of the tests of `kifu solve`, `kifu mate` and `kifu analyze`.
#![allow(dead_code)]

use kifu::generate::Rng;
use kifu::gufu;
use kifu::rules::Position;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs kifu with these arguments (and this standard input): exit status, stdout, stderr.
pub fn kifu(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(s) = stdin {
        // A command that stops early (a usage error) may not read it all.
        let _ = input.write_all(s.as_bytes());
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The position after the setup and up to `extra` more random legal plies (fewer if the game
/// ends).
pub fn random_gufu(rng: &mut Rng, extra: u64) -> gufu::Position {
    let mut p = gufu::Position::start();
    for _ in 0..(4 + rng.below(extra + 1)) {
        let ms = p.legal_moves();
        if ms.is_empty() {
            break;
        }
        p.play_unchecked(&ms[rng.below(ms.len() as u64) as usize]);
    }
    p
}
