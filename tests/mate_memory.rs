//! `kifu mate --hash MB` bounds the memory the process keeps, not only the bytes its tables
//! count: measured as the peak resident set of the child process (`getrusage`), alone in this
//! test binary so that no other child's peak is mixed in.

use std::process::Command;

const KIFU: &str = env!("CARGO_BIN_EXE_kifu");

/// selfplay-137 ply 97 of `bench/mate-positions.txt`: no mate in 9, and 5,000,000 positions
/// searched without telling whether the side to move is mated: the tables fill and halve
/// again and again.
const HARD: &str = "hm2k3gdo/1el4w1x1/ppp1cp3pp/4p6/+r2p7/7E3/11/11/PPP+fPPP1PPP/1D3SV+r3/O1W2K1CLMH[Xfsvguuppppp] w 0 49";

/// The largest resident set of the children waited for so far, in bytes.
fn children_peak() -> u64 {
    // SAFETY: getrusage fills the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) },
        0
    );
    u64::try_from(usage.ru_maxrss).unwrap() * 1024
}

fn mate(args: &[&str]) -> String {
    let out = Command::new(KIFU).arg("mate").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap()
}

/// With `--hash 64` the process stays within the program's own memory and 64 MiB (plus
/// 8 MB for the search's other needs). glibc kept the maps the tables left when they moved
/// (it raises its threshold for mapping a block on its own to the largest block freed): 100
/// MB resident on this search before kifu fixed the threshold, 68 MB after.
#[test]
fn the_hash_cap_bounds_the_resident_memory() {
    let quick = mate(&["-v", "wa", "-p", HARD, "--depth", "1"]);
    assert!(quick.starts_with("no mate in 1"), "{quick}");
    let own = children_peak();
    let out = mate(&["-v", "wa", "-p", HARD, "--depth", "9", "--hash", "64"]);
    assert!(out.starts_with("no mate in 9"), "{out}");
    let peak = children_peak();
    let cap = 64 << 20;
    assert!(
        peak <= own + cap + 8_000_000,
        "{peak} bytes at the peak, {own} for the program alone"
    );
}
