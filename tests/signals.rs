//! A run stopped by SIGINT, SIGTERM or SIGHUP, or by an abort (an allocation that fails),
//! leaves nothing behind: no temporary file, no directory it created; a signal ends it with
//! status 128 + the signal, as shells report it. Each test kills a real run on a large
//! generated input once its temporary file exists.

mod cli_support;
mod common;

use cli_support::*;
use common::files::{names, scratch};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A large corpus of valid Wa games (about 8 MB: a hundred games, many times over) in `dir`.
fn corpus(dir: &Path) -> PathBuf {
    let p = dir.join("big.psn");
    let games: Vec<String> = (1..=100)
        .map(|i| kifu::generate::game(kifu::Variant::Wa, 3, i, 300))
        .collect();
    let one = games.join("\n");
    let all = vec![one; 30].join("\n");
    std::fs::write(&p, all).unwrap();
    p
}

/// Whether a temporary file of kifu's is in `dir`.
fn has_temp(dir: &Path) -> bool {
    names(dir).iter().any(|n| n.starts_with(".kifu-"))
}

/// Starts kifu with `args` in `dir`, waits until `ready` holds (the run is writing), then
/// sends `signal`; returns the exit status.
fn stop(dir: &Path, args: &[&str], ready: impl Fn() -> bool, signal: i32) -> Option<i32> {
    let mut c = command(args);
    c.current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let mut child: Child = c.spawn().unwrap();
    let start = Instant::now();
    loop {
        if ready() {
            break;
        }
        if let Some(s) = child.try_wait().unwrap() {
            panic!("{args:?}: ended ({s}) before it could be stopped");
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{args:?}: never wrote"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    // SAFETY: a plain system call on our own child.
    let sent = unsafe { libc::kill(child.id() as i32, signal) };
    assert_eq!(sent, 0);
    let start = Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s.code();
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("{args:?}: still running 30 s after the signal");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_signal_removes_the_temporary_file() {
    let dir = scratch("signal-file");
    corpus(&dir);
    for (args, signal, status) in [
        (
            vec!["convert", "big.psn", "--to", "html", "-o", "out.html"],
            libc::SIGINT,
            130,
        ),
        (
            vec!["convert", "big.psn", "--to", "json", "-o", "out.jsonl"],
            libc::SIGTERM,
            143,
        ),
        (
            vec!["filter", "big.psn", "big.psn", "big.psn", "-o", "out.psn"],
            libc::SIGHUP,
            129,
        ),
        (
            vec![
                "generate",
                "--variant",
                "wa",
                "--games",
                "1000000",
                "-o",
                "out.psn",
            ],
            libc::SIGINT,
            130,
        ),
    ] {
        stop_and_check(&dir, &dir, &args, signal, status);
    }
}

/// Stops a run (see [`stop`]) once its temporary file is in `watch`, and checks its exit
/// status and that `dir` holds the corpus only.
fn stop_and_check(dir: &Path, watch: &Path, args: &[&str], signal: i32, status: i32) {
    let code = stop(dir, args, || has_temp(watch), signal);
    assert_eq!(code, Some(status), "{args:?}");
    assert_eq!(names(dir), ["big.psn"], "{args:?}: left behind");
}

#[test]
fn a_signal_removes_the_directories_the_run_made() {
    let dir = scratch("signal-dir");
    corpus(&dir);
    let deep = dir.join("new/deeper");
    for (args, signal, status) in [
        (
            vec!["convert", "big.psn", "--to", "html", "-o", "new/deeper/"],
            libc::SIGTERM,
            143,
        ),
        (
            vec!["convert", "big.psn", "--to", "csv", "-o", "new/deeper/"],
            libc::SIGHUP,
            129,
        ),
        (
            vec![
                "generate",
                "--variant",
                "wa",
                "--games",
                "1000000",
                "-o",
                "new/deeper/",
            ],
            libc::SIGINT,
            130,
        ),
    ] {
        stop_and_check(&dir, &deep, &args, signal, status);
    }
    // A directory that was there stays, empty as it was.
    std::fs::create_dir(dir.join("old")).unwrap();
    let old = dir.join("old");
    let code = stop(
        &dir,
        &["convert", "big.psn", "--to", "json", "-o", "old/"],
        || has_temp(&old),
        libc::SIGINT,
    );
    assert_eq!(code, Some(130));
    assert_eq!(names(&dir), ["big.psn", "old"]);
    assert!(names(&old).is_empty(), "left behind: {:?}", names(&old));
}

/// An allocation that fails aborts the run (as Rust does): the abort still removes the
/// temporary file. Here one game of 60 MB (a long comment) under a 300 MB address-space limit.
#[test]
fn an_abort_removes_the_temporary_file() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let dir = scratch("abort");
    let huge = dir.join("huge.psn");
    let mut text = String::from("[Variant \"gufu\"]\n\n{");
    text.push_str(&"a".repeat(60_000_000));
    text.push_str("} *\n");
    std::fs::write(&huge, text).unwrap();
    let out = dir.join("out");
    std::fs::create_dir(&out).unwrap();
    let mut c = command(&[
        "convert",
        huge.to_str().unwrap(),
        "-j",
        "1",
        "-o",
        out.join("out.psn").to_str().unwrap(),
    ]);
    c.stdout(Stdio::null()).stderr(Stdio::piped());
    // SAFETY: setrlimit only, between fork and exec.
    unsafe {
        c.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 300 << 20,
                rlim_max: 300 << 20,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let o = c.output().unwrap();
    let e = String::from_utf8_lossy(&o.stderr);
    // It aborted when this test was written; a limit on a game's size that refuses it first
    // (exit status 1 or 2, with its error kind) is fine too: nothing may be left either way.
    match o.status.signal() {
        Some(s) => {
            assert_eq!(s, libc::SIGABRT, "{e}");
            assert!(e.contains("memory allocation of"), "{e}");
        }
        None => assert!(
            matches!(o.status.code(), Some(1 | 2)),
            "{:?}: {e}",
            o.status
        ),
    }
    assert!(names(&out).is_empty(), "left behind: {:?}", names(&out));
}
