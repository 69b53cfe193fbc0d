//! Memory on single games of unusual shapes, through the binary under an address-space limit
//! (`prlimit --as`): a legal 11,000-ply Wa game (two lone Kings walking), a 1,000,000-ply Gufū
//! game (17 MB, made here) and variations nested 100,000 deep (a `too_deep` error). Every
//! command stays within the limit (no allocation failure, no abort) and says what it says
//! without the limit. (`bench/memory.sh` measures the peaks.)

mod long_games;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const KIFU: &str = env!("CARGO_BIN_EXE_kifu");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kifu-memory-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs kifu with `args` under an address-space limit of `limit` bytes.
fn limited(limit: u64, args: &[&str], file: &Path) -> Output {
    Command::new("prlimit")
        .arg(format!("--as={limit}"))
        .arg(KIFU)
        .args(args)
        .arg(file)
        .output()
        .expect("prlimit (util-linux) runs")
}

/// The commands of the memory target.
const COMMANDS: [&[&str]; 8] = [
    &["validate"],
    &["stats"],
    &["convert", "--to", "psn"],
    &["convert", "--to", "csv"],
    &["convert", "--to", "json"],
    &["convert", "--to", "html"],
    &["analyze", "--mate-depth", "1"],
    &["render", "--ply", "5"],
];

fn all_succeed(file: &Path, limit: u64, skip: &[&str]) {
    for args in COMMANDS {
        let what = args.join(" ");
        if skip.contains(&what.as_str()) {
            continue;
        }
        let out = limited(limit, args, file);
        assert!(
            out.status.code() == Some(0),
            "{what} under {limit} bytes: {:?}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            !out.stdout.is_empty() || !out.stderr.is_empty(),
            "{what}: no output"
        );
    }
}

/// Before the walk, each of these but validate, stats and PSN kept a copy of the repetition
/// history per position: 1.9 GB for this game.
#[test]
fn a_long_wa_game_in_bounded_memory() {
    let dir = scratch("wa");
    let f = dir.join("wa-kings-11000.psn");
    std::fs::write(&f, long_games::wa_kings(11_000)).unwrap();
    all_succeed(&f, 300_000_000, &[]);
    // And what is written is the whole game.
    let out = limited(300_000_000, &["convert", "--to", "csv"], &f);
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 11_001);
    let out = limited(300_000_000, &["render", "--ply", "11000"], &f);
    assert_eq!(out.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A million plies: CSV and JSON written as the replay goes (1.6 GB before), the page in
/// linear time; the analysis judged ply by ply, its rows written as they are judged and only
/// the marked plies kept for the annotated record (1.7 GB of address space before).
#[test]
fn a_million_ply_gufu_game_in_bounded_memory() {
    let dir = scratch("gufu");
    let f = dir.join("gufu-1000000.psn");
    std::fs::write(&f, long_games::gufu_long(1_000_000)).unwrap();
    all_succeed(&f, 700_000_000, &[]);
    let out = limited(700_000_000, &["convert", "--to", "json"], &f);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"ply\":1000000,") && text.ends_with("}\n"));
    for to in ["csv", "json"] {
        let out = limited(700_000_000, &["analyze", "--to", to], &f);
        assert_eq!(out.status.code(), Some(0), "analyze --to {to}");
        let lines = out.stdout.iter().filter(|&&b| b == b'\n').count();
        assert_eq!(
            lines,
            1_000_000 + usize::from(to == "csv"),
            "analyze --to {to}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Past the nesting limit, every command reports `too_deep` at the `(` that passes it
/// (line and column), at once and in little memory (858 MB to 1.2 GB before).
#[test]
fn nesting_past_the_limit_is_too_deep_at_its_paren() {
    let dir = scratch("nested");
    let f = dir.join("nested.psn");
    let text = long_games::nested(100_000);
    std::fs::write(&f, &text).unwrap();
    // The (MAX_NESTING + 1)th `(`.
    let at = text
        .match_indices('(')
        .nth(kifu::record::MAX_NESTING)
        .unwrap()
        .0;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count() + 1;
    let col = text[line_start..at].chars().count() + 1;
    let want = format!(":{line}:{col}: error[too_deep]");
    for args in COMMANDS {
        let what = args.join(" ");
        let out = limited(200_000_000, args, &f);
        let err = String::from_utf8_lossy(&out.stderr).into_owned()
            + &String::from_utf8_lossy(&out.stdout);
        let code = out.status.code();
        assert!(
            matches!(code, Some(1 | 2)),
            "{what}: {:?}\n{err}",
            out.status
        );
        if what != "stats" {
            assert!(err.contains(&want), "{what}: {err}");
        }
    }
    // At the limit, valid.
    std::fs::write(&f, long_games::nested(kifu::record::MAX_NESTING)).unwrap();
    let out = limited(200_000_000, &["validate", "-q"], &f);
    assert_eq!(out.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}
