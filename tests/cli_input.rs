//! What kifu reads: variant names, encodings (UTF-8, UTF-16 with a byte-order mark,
//! Shift_JIS/CP932), directory walks, and where input comes from when no path is given.

mod cli_support;
mod common;

use cli_support::*;
use common::files::scratch;

/// The moves of a Wa game with a drop at ply 9 (legal in `wa`, `drops_disabled` without drops).
const WA_DROP: &str = "1. SP-8g SP-8e 2. SP-8f SPx8f 3. TF-8g VS-7b 4. TFx8f SP-4e 5. SP*8e *\n";

/// The names the README uses, in Latin letters and in kanji; XBoard's `wa-shogi` is the game
/// without drops (HaChu's), `crazywa` the game with drops.
#[test]
fn variant_names_in_every_spelling() {
    let game = |variant: &str, moves: &str| format!("[Variant \"{variant}\"]\n\n{moves}");
    for name in ["和将棋", "Wa shōgi", "Wa shogi", "crazywa", "wa"] {
        let o = kifu(&["validate", "-"], Some(game(name, WA_DROP).as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", out(&o), err(&o));
    }
    for name in ["wa-shogi", "wa-nodrop", "Wa shogi (no drops)"] {
        let o = kifu(&["validate", "-"], Some(game(name, WA_DROP).as_bytes()));
        assert_eq!(o.status.code(), Some(1), "{name}: {}", err(&o));
        assert!(
            out(&o).contains("error[drops_disabled]"),
            "{name}: {}",
            out(&o)
        );
    }
    let gufu_moves = &GUFU[GUFU.find("1.").unwrap()..];
    for name in ["颶風将棋", "Gufū shōgi", "Gufu", "gufuu"] {
        let o = kifu(&["validate", "-"], Some(game(name, gufu_moves).as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", out(&o), err(&o));
    }
}

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let mut v = if big_endian {
        vec![0xFE, 0xFF]
    } else {
        vec![0xFF, 0xFE]
    };
    for u in text.encode_utf16() {
        v.extend(if big_endian {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        });
    }
    v
}

/// Shift_JIS (CP932) is read, with a warning that says so; UTF-16 with a byte-order mark is
/// read silently.
#[test]
fn shift_jis_and_utf16_records_are_read() {
    let dir = scratch("encodings");
    let sjis = dir.join("sjis.psn");
    std::fs::write(&sjis, shift_jis(JAPANESE)).unwrap();
    let s = sjis.to_str().unwrap();
    let o = kifu(&["validate", s], None);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    assert!(
        out(&o).contains("sjis.psn: warning[encoding]: not UTF-8")
            && out(&o).contains("Shift_JIS (CP932)"),
        "{}",
        out(&o)
    );
    let o = kifu(&["validate", "--format", "json", s], None);
    let first: serde_json::Value = serde_json::from_str(out(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["type"], "warning");
    assert_eq!(first["kind"], "encoding");
    // Told: no warning.
    let o = kifu(&["validate", "--encoding", "cp932", s], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(!out(&o).contains("warning"), "{}", out(&o));
    // convert writes UTF-8.
    let o = kifu(&["convert", s], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("warning[encoding]"), "{}", err(&o));
    assert!(
        out(&o).contains("[Event \"颶風将棋 研究会\"]"),
        "{}",
        out(&o)
    );
    // render too.
    let o = kifu(&["render", s, "--ply", "1"], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("先手"), "the caption names the players");

    for (name, be) in [("le.psn", false), ("be.psn", true)] {
        let p = dir.join(name);
        std::fs::write(&p, utf16(JAPANESE, be)).unwrap();
        let o = kifu(&["validate", p.to_str().unwrap()], None);
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", out(&o), err(&o));
        assert!(out(&o).is_empty(), "{name}: {}", out(&o));
        let o = kifu(&["convert", p.to_str().unwrap()], None);
        assert!(out(&o).contains("[Black \"先手\"]"), "{name}: {}", out(&o));
    }
    // Standard input too.
    let o = kifu(&["validate", "-"], Some(&utf16(JAPANESE, false)));
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Lines and columns count in the decoded text.
#[test]
fn positions_refer_to_the_decoded_text() {
    let bad = JAPANESE.replace("3. W*2三>W", "3. Zz");
    // Column 32 is the second letter of `Zz`, in characters (kanji count one).
    let want = "<stdin>:7:32: error[syntax]";
    for bytes in [
        bad.as_bytes().to_vec(),
        shift_jis(&bad),
        utf16(&bad, false),
        utf16(&bad, true),
    ] {
        let o = kifu(&["validate", "-"], Some(&bytes));
        assert_eq!(o.status.code(), Some(1), "{}", err(&o));
        assert!(out(&o).contains(want), "{}", out(&o));
        assert!(
            out(&o).contains("{玉を打つ} 2. K*1一>E 3. Zz"),
            "{}",
            out(&o)
        );
    }
}

/// Bytes that fit no encoding, or that go wrong after the first 64 KiB decided the encoding,
/// are an `invalid_utf8` error where they are, and the help names the encodings tried.
#[test]
fn undecodable_bytes_name_the_encodings_tried() {
    let tried = ["UTF-8", "UTF-16", "Shift_JIS (CP932)", "--encoding"];
    let check = |bytes: &[u8], args: &[&str], at: &str| {
        let o = kifu(args, Some(bytes));
        assert_eq!(o.status.code(), Some(1), "{}", err(&o));
        let text = out(&o);
        assert!(
            text.contains(&format!("{at}: error[invalid_utf8]")),
            "{text}"
        );
        for t in tried {
            assert!(text.contains(t), "the help does not name {t}: {text}");
        }
    };
    // Neither UTF-8 nor CP932.
    check(
        b"[Event \"\xFF\xFE\xFD\"]\n\n*\n",
        &["validate", "-"],
        "<stdin>:1:9",
    );
    // CP932 forced to be read as UTF-8.
    check(
        &shift_jis(JAPANESE),
        &["validate", "--encoding", "utf-8", "-"],
        "<stdin>:1:9",
    );
    // 64 KiB of UTF-8 games, then a game in CP932: that game is the error.
    let mut many = String::new();
    while many.len() < 70_000 {
        many.push_str(GUFU);
        many.push('\n');
    }
    let games = many.matches("[Event").count();
    let mut bytes = many.into_bytes();
    bytes.extend(shift_jis(JAPANESE));
    let o = kifu(&["validate", "--format", "json", "-"], Some(&bytes));
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let lines: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let invalid: Vec<&serde_json::Value> = lines.iter().filter(|l| l["valid"] == false).collect();
    assert_eq!(invalid.len(), 1);
    assert_eq!(invalid[0]["game"], games + 1);
    assert_eq!(invalid[0]["errors"][0]["kind"], "invalid_utf8");
    let help = invalid[0]["errors"][0]["help"].as_str().unwrap();
    for t in tried {
        assert!(help.contains(t), "{help}");
    }
}

/// A tree with hidden files and folders, links to a file and to a folder, and ignore files.
fn tree(name: &str) -> common::files::Scratch {
    let dir = scratch(name);
    let root = dir.join("games");
    let other = dir.join("elsewhere");
    for d in [&root, &root.join(".hidden"), &root.join("sub"), &other] {
        std::fs::create_dir_all(d).unwrap();
    }
    for f in [
        "a.psn",
        ".dot.psn",
        ".hidden/h.psn",
        "sub/s.psn",
        "skipped.psn",
    ] {
        std::fs::write(root.join(f), WA).unwrap();
    }
    std::fs::write(other.join("o.psn"), WA).unwrap();
    std::os::unix::fs::symlink(other.join("o.psn"), root.join("link.psn")).unwrap();
    std::os::unix::fs::symlink(&other, root.join("linkdir")).unwrap();
    // An ignore file, as ripgrep reads them (`.ignore` counts outside git repositories too).
    std::fs::write(root.join(".ignore"), "skipped.psn\n").unwrap();
    dir
}

/// The files `validate` read, relative to `root`, in order.
fn read_files(args: &[&str], root: &std::path::Path) -> Vec<String> {
    let o = kifu(args, None);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
    let prefix = format!("{}/", root.display());
    out(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["file"].as_str().unwrap_or("").replace(&prefix, "")
        })
        .filter(|f| !f.is_empty())
        .collect()
}

/// Walks skip hidden files and folders, do not follow symbolic links and respect ignore
/// files, as ripgrep and fd do, unless --hidden, --follow (-L) or --no-ignore say otherwise.
#[test]
fn directory_walks_skip_hidden_and_linked_and_ignored_files() {
    let dir = tree("walk");
    let root = dir.join("games");
    let r = root.to_str().unwrap();
    let v = |extra: &[&str]| {
        let mut args = vec!["validate", "--format", "json"];
        args.extend_from_slice(extra);
        args.push(r);
        read_files(&args, &root)
    };
    assert_eq!(v(&[]), ["a.psn", "sub/s.psn"]);
    assert_eq!(
        v(&["--hidden"]),
        [".dot.psn", ".hidden/h.psn", "a.psn", "sub/s.psn"]
    );
    assert_eq!(
        v(&["--follow"]),
        ["a.psn", "link.psn", "linkdir/o.psn", "sub/s.psn"]
    );
    assert_eq!(v(&["-L"]), v(&["--follow"]));
    assert_eq!(v(&["--no-ignore"]), ["a.psn", "skipped.psn", "sub/s.psn"]);
    // A path given by name is read, hidden, ignored or a link.
    for f in [".dot.psn", "skipped.psn", "link.psn", ".hidden"] {
        let p = root.join(f);
        let o = kifu(&["validate", p.to_str().unwrap()], None);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", err(&o));
        assert!(err(&o).contains("1 game"), "{f}: {}", err(&o));
    }
    // convert walks the same way.
    let o = kifu(&["convert", "--to", "csv", "--per", "game", r], None);
    let csv = out(&o);
    let files: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(
        files,
        [format!("{r}/a.psn"), format!("{r}/sub/s.psn")],
        "{csv}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// In a git repository, .gitignore is respected too.
#[test]
fn gitignore_is_respected_in_a_repository() {
    let dir = scratch("gitignore");
    let ok = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(&dir)
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("no git: skipped");
        return;
    }
    std::fs::create_dir(dir.join("build")).unwrap();
    std::fs::write(dir.join(".gitignore"), "build/\n").unwrap();
    std::fs::write(dir.join("build/out.psn"), WA).unwrap();
    std::fs::write(dir.join("game.psn"), WA).unwrap();
    let d = dir.to_str().unwrap();
    assert_eq!(
        read_files(&["validate", "--format", "json", d], &dir),
        ["game.psn"]
    );
    assert_eq!(
        read_files(&["validate", "--format", "json", "--no-ignore", d], &dir),
        ["build/out.psn", "game.psn"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// With --follow, a link loop is reported and the walk goes on.
#[test]
fn following_links_stops_at_loops() {
    let dir = tree("loops");
    let root = dir.join("games");
    std::os::unix::fs::symlink(&root, root.join("sub/back")).unwrap();
    let o = kifu(
        &["validate", "--format", "json", "-L", root.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(out(&o).contains("\"kind\":\"io\""), "{}", out(&o));
    assert!(out(&o).contains("sub/back"), "{}", out(&o));
    assert!(out(&o).contains("s.psn"), "the walk went on: {}", out(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `kifu validate` with no path on a terminal searches the current directory (as `rg`
/// does) instead of waiting for standard input; with standard input a pipe, it reads that.
#[test]
fn no_path_on_a_terminal_searches_the_current_directory() {
    let dir = tree("no-path");
    let root = dir.join("games");
    let Ok(script) = which("script") else {
        eprintln!("no script(1): skipped");
        return;
    };
    // script(1) runs kifu on a new terminal; killed after 20 s if it waits for input.
    let mut c = std::process::Command::new(script);
    c.args([
        "-qec",
        &format!("{} validate --format json", env!("CARGO_BIN_EXE_kifu")),
        "/dev/null",
    ])
    .current_dir(&root);
    let child = c
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let killer = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(20));
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status();
    });
    let o = child.wait_with_output().unwrap();
    let text = out(&o);
    assert!(
        text.contains("\"file\":\"a.psn\"") && text.contains("\"file\":\"sub/s.psn\""),
        "did not search the current directory: {text}"
    );
    assert!(text.contains("\"type\":\"summary\""), "{text}");
    drop(killer);
    // Standard input a pipe: read.
    let mut c = command(&["validate", "--format", "json"]);
    c.current_dir(&root);
    let o = run(c, Some(GUFU.as_bytes()));
    assert!(out(&o).contains("\"file\":\"<stdin>\""), "{}", out(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

fn which(name: &str) -> Result<std::path::PathBuf, ()> {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .ok_or(())
}

#[cfg(unix)]
#[test]
fn stdin_from_dev_null_searches_the_current_directory() {
    use std::process::{Command, Stdio};
    let dir = scratch("devnull");
    let run = |args: &[&str], stdin: Stdio| {
        Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(args)
            .current_dir(&*dir)
            .stdin(stdin)
            .output()
            .unwrap()
    };
    let null = || Stdio::from(std::fs::File::open("/dev/null").unwrap());
    // An empty directory: nothing to check; with --strict that is an error.
    let o = run(&["validate"], null());
    assert_eq!(o.status.code(), Some(0));
    let o = run(&["validate", "--strict"], null());
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // /dev/null is neither a pipe nor a file: the directory's games are checked, as rg does.
    std::fs::write(
        dir.join("g.psn"),
        "[Variant \"gufu\"]\n\n1. K*2三>W 2. K*1一>E *\n",
    )
    .unwrap();
    let o = run(&["validate"], null());
    assert_eq!(o.status.code(), Some(0));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("1 file, 1 game: 1 valid"), "{err}");
    let o = run(&["validate", "--strict"], null());
    assert_eq!(o.status.code(), Some(0));
    // An empty input read from a pipe: a warning, and with --strict an error.
    let o = run(&["validate", "--strict", "-"], Stdio::piped());
    assert_eq!(o.status.code(), Some(1));
}
