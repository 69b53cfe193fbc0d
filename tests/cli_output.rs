//! Where output goes and how it is written: the `-o` rule, whole-or-nothing files, temporary
//! files that cannot be hijacked, closed pipes, and the order of what is printed.

mod cli_support;
mod common;

use cli_support::*;
use common::files::{names, scratch};
use std::io::Write;
use std::os::unix::fs::FileTypeExt;
use std::process::Stdio;

/// A symbolic link planted where the old scheme put its temporary file
/// (`.{name}.kifu-{pid}.tmp`) must not be followed: the file it points to stays as it was.
#[test]
fn a_planted_link_at_the_temporary_name_is_not_followed() {
    let dir = scratch("planted");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let out = dir.join("out.svg");
    let mut c = command(&["render", "-", "-o", out.to_str().unwrap()]);
    c.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    // kifu is waiting for its input: its pid, and so the old temporary name, is known.
    let planted = dir.join(format!(".out.svg.kifu-{}.tmp", child.id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(GUFU.as_bytes()).unwrap();
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let now = std::fs::read_to_string(&victim).unwrap();
    assert!(
        now == "precious",
        "kifu wrote through a link planted at its temporary file's name ({} bytes now)",
        now.len()
    );
    let meta = std::fs::symlink_metadata(&out).unwrap();
    assert!(meta.file_type().is_file(), "out.svg is not a regular file");
    assert!(std::fs::read_to_string(&out).unwrap().contains("</svg>"));
    std::fs::remove_file(&planted).unwrap();
    assert_eq!(names(&dir), ["out.svg", "victim.txt"], "left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-o -` is standard output, as no `-o` is (a file named `-` is `-o ./-`): the same bytes on
/// standard output, and no file named `-` in the working directory, for every command with -o.
#[test]
fn o_dash_is_standard_output() {
    let dir = scratch("o-dash");
    let run = |args: &[&str]| {
        let mut c = command(args);
        c.current_dir(&dir);
        let o = run(c, Some(GUFU.as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        o.stdout
    };
    let commands: [&[&str]; 6] = [
        &["convert", "-"],
        &["convert", "-", "--to", "csv"],
        &["analyze", "-"],
        &["filter", "-"],
        &["stats", "-"],
        &["render", "-"],
    ];
    for args in commands {
        let plain = run(args);
        assert!(!plain.is_empty(), "{args:?}: no output");
        let dashed = run(&[args, &["-o", "-"]].concat());
        assert_eq!(dashed, plain, "{args:?} -o -");
        assert!(
            names(&dir).is_empty(),
            "{args:?} -o - left {:?}",
            names(&dir)
        );
    }
    let dashed = run(&["generate", "--variant", "gufu", "--seed", "3", "-o", "-"]);
    assert_eq!(
        dashed,
        run(&["generate", "--variant", "gufu", "--seed", "3"]),
        "generate -o -"
    );
    assert!(
        names(&dir).is_empty(),
        "generate -o - left {:?}",
        names(&dir)
    );
    // A file named `-`, for whoever wants one.
    run(&["convert", "-", "-o", "./-"]);
    assert_eq!(names(&dir), ["-"]);
}

/// A replaced file keeps its permissions; a new one gets those of any new file.
#[test]
fn replaced_files_keep_their_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("modes");
    let private = dir.join("private.psn");
    std::fs::write(&private, "old").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    let o = kifu(
        &["convert", "-", "-o", private.to_str().unwrap()],
        Some(GUFU.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&private), 0o600, "the replaced file's mode changed");
    assert!(
        std::fs::read_to_string(&private)
            .unwrap()
            .contains("K*2二>S")
    );
    // A new file: as the test's own new file (same umask).
    let fresh = dir.join("fresh.psn");
    let o = kifu(
        &["convert", "-", "-o", fresh.to_str().unwrap()],
        Some(GUFU.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mine = dir.join("mine");
    std::fs::write(&mine, "").unwrap();
    assert_eq!(mode(&fresh), mode(&mine), "a new output's mode");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run that fails (exit status 2) leaves an existing output exactly as it was, and creates
/// nothing.
#[test]
fn a_failed_run_keeps_the_old_output_and_creates_nothing() {
    let dir = scratch("failed-run");
    // A name that no output's format contradicts.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let good = dir.join("good.psn");
    std::fs::write(&good, GUFU).unwrap();
    let (n, g) = (notes.to_str().unwrap(), good.to_str().unwrap());
    let missing = dir.join("missing.psn");
    let m = missing.to_str().unwrap();
    for args in [
        vec!["convert", m, "-o", n],
        vec!["convert", g, m, "-o", n],
        vec!["convert", m, g, "--to", "csv", "-o", n],
        vec!["convert", g, m, "--to", "json", "-o", n],
        vec!["convert", g, m, "--to", "html", "-o", n],
        vec!["render", m, "--format", "png", "-o", n],
        vec!["filter", g, m, "-o", n],
        vec!["filter", m, g, "--dedup", "-o", n],
        vec!["stats", g, m, "-o", n],
        vec!["stats", g, m, "--format", "json", "-o", n],
        vec!["analyze", g, m, "-o", n],
        vec!["analyze", m, g, "--to", "csv", "-o", n],
    ] {
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(err(&o).contains("missing.psn"), "{args:?}: {}", err(&o));
        assert_eq!(
            std::fs::read_to_string(&notes).unwrap(),
            "my notes",
            "{args:?}: the old output was changed"
        );
    }
    // A diagram that cannot be drawn (there is no ply 99) or rasterized (too wide).
    let board = dir.join("board.png");
    std::fs::write(&board, "my board").unwrap();
    let b = board.to_str().unwrap();
    for args in [
        vec!["render", g, "--ply", "99", "-o", b],
        vec!["render", g, "--size", "9000", "-o", b],
    ] {
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert_eq!(
            std::fs::read_to_string(&board).unwrap(),
            "my board",
            "{args:?}"
        );
    }
    std::fs::remove_file(&board).unwrap();
    let new = |name: &str| dir.join(name).to_str().unwrap().to_string();
    for args in [
        vec!["convert", g, m, "-o", &new("new.psn")],
        vec!["convert", g, m, "--to", "html", "-o", &new("new.html")],
        vec!["render", g, "--ply", "99", "-o", &new("new.png")],
        vec!["filter", g, m, "-o", &new("new.psn")],
        vec!["filter", g, m, "-o", &new("newdir/")],
        vec!["stats", g, m, "-o", &new("new.txt")],
        vec!["stats", g, m, "-o", &new("newdir/")],
        vec!["analyze", g, m, "-o", &new("new.psn")],
        vec!["analyze", g, m, "--to", "json", "-o", &new("newdir/")],
    ] {
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert_eq!(
            names(&dir),
            ["good.psn", "notes.txt"],
            "{args:?}: created something"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-o` ending in `/` or naming an existing directory is a directory (created if missing);
/// anything else is one file holding everything.
#[test]
fn o_is_a_directory_only_when_it_says_so() {
    let dir = scratch("o-rule");
    let games = dir.join("games");
    std::fs::create_dir(&games).unwrap();
    for i in 1..=3 {
        std::fs::write(games.join(format!("g{i}.psn")), GUFU).unwrap();
    }
    let one = dir.join("onegame");
    std::fs::create_dir(&one).unwrap();
    std::fs::write(one.join("game.psn"), WA).unwrap();
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let ok = |args: &[&str]| {
        let o = kifu(args, None);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        assert!(o.stdout.is_empty(), "{args:?}: wrote to stdout");
    };

    // A CSV of a directory of games: one file, one header (convert's plies, analyze's
    // judged plies).
    for (cmd, file) in [("convert", "plies.csv"), ("analyze", "judged.csv")] {
        ok(&[cmd, &p("games"), "--to", "csv", "-o", &p(file)]);
        let csv = std::fs::read_to_string(dir.join(file)).expect("a file");
        assert_eq!(csv.lines().filter(|l| l.starts_with("file,")).count(), 1);
        assert_eq!(
            csv.lines().count(),
            1 + 3 * 14,
            "{cmd}: header + 3 games of 14 plies"
        );
    }

    // Several inputs, -o without a slash: one file with every game.
    ok(&[
        "convert",
        &p("games/g1.psn"),
        &p("onegame/game.psn"),
        "-o",
        &p("both.psn"),
    ]);
    let both = std::fs::read_to_string(dir.join("both.psn")).expect("both.psn is a file");
    assert_eq!(both.matches("[Variant").count(), 2, "{both}");

    // A trailing slash: a new directory, one file per input.
    ok(&[
        "convert",
        &p("onegame"),
        "--to",
        "json",
        "-o",
        &format!("{}/", p("out1")),
    ]);
    assert_eq!(names(&dir.join("out1")), ["game.jsonl"]);
    ok(&[
        "convert",
        &p("games"),
        "-o",
        &format!("{}/", p("new/deeper")),
    ]);
    assert_eq!(
        names(&dir.join("new/deeper")),
        ["g1.psn", "g2.psn", "g3.psn"]
    );
    // An existing directory, without the slash.
    ok(&[
        "convert",
        &p("games/g2.psn"),
        "--to",
        "csv",
        "-o",
        &p("out1"),
    ]);
    assert_eq!(names(&dir.join("out1")), ["g2.csv", "game.jsonl"]);

    // render: a new directory gets the diagram under its default name.
    ok(&[
        "render",
        &p("games/g1.psn"),
        "--ply",
        "3",
        "-o",
        &format!("{}/", p("newdir")),
    ]);
    assert_eq!(names(&dir.join("newdir")), ["game1-ply003.svg"]);
    // --every-ply always writes into a directory (one file per ply).
    ok(&[
        "render",
        &p("onegame/game.psn"),
        "--every-ply",
        "-o",
        &p("boards"),
    ]);
    assert_eq!(names(&dir.join("boards")).len(), 5);

    // Replay pages follow the same rule. One file: one page with every input's games.
    ok(&[
        "convert",
        &p("games"),
        "--to",
        "html",
        "-o",
        &p("games.html"),
    ]);
    let page = std::fs::read_to_string(dir.join("games.html")).expect("games.html is a file");
    assert_eq!(page.matches("<!DOCTYPE html>").count(), 1);
    assert!(page.contains("class=\"games\""), "a list of the games");
    // A directory: a page per input.
    ok(&[
        "convert",
        &p("games"),
        "--to",
        "html",
        "-o",
        &format!("{}/", p("pages")),
    ]);
    assert_eq!(names(&dir.join("pages")), ["g1.html", "g2.html", "g3.html"]);
    // A page per game is always a directory, as --every-ply.
    ok(&[
        "convert",
        &p("games"),
        "--to",
        "html",
        "--per",
        "game",
        "-o",
        &p("per"),
    ]);
    assert_eq!(
        names(&dir.join("per")),
        ["g1-game1.html", "g2-game1.html", "g3-game1.html"]
    );

    // filter: one file with every matching game, or a file per input with a matching game,
    // under the input's name (the directory is made even when none matches).
    ok(&[
        "filter",
        &p("games"),
        &p("onegame"),
        "-q",
        "-o",
        &p("picked.psn"),
    ]);
    let picked = std::fs::read_to_string(dir.join("picked.psn")).expect("picked.psn is a file");
    assert_eq!(picked.matches("[Variant").count(), 4, "{picked}");
    ok(&[
        "filter",
        &p("games"),
        &p("onegame"),
        "--variant",
        "gufu",
        "-q",
        "-o",
        &format!("{}/", p("picked")),
    ]);
    assert_eq!(names(&dir.join("picked")), ["g1.psn", "g2.psn", "g3.psn"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("picked/g2.psn")).unwrap(),
        GUFU
    );
    let o = kifu(
        &[
            "filter",
            &p("games"),
            "--player",
            "Nobody",
            "-q",
            "-o",
            &p("nobody/"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert_eq!(names(&dir.join("nobody")), Vec::<String>::new());
    assert!(dir.join("nobody").is_dir());
    // stats: one file; a directory gets stats.txt or stats.json.
    ok(&["stats", &p("games"), "-o", &p("stats.txt")]);
    let stats = std::fs::read_to_string(dir.join("stats.txt")).expect("stats.txt is a file");
    assert!(stats.starts_with("3 games in 3 files"), "{stats}");
    ok(&["stats", &p("games"), "--format", "json", "-o", &p("picked")]);
    assert_eq!(
        names(&dir.join("picked")),
        ["g1.psn", "g2.psn", "g3.psn", "stats.json"]
    );

    // analyze: a file per input.
    ok(&[
        "analyze",
        &p("games"),
        &p("onegame"),
        "-o",
        &format!("{}/", p("judged")),
    ]);
    assert_eq!(
        names(&dir.join("judged")),
        ["g1.psn", "g2.psn", "g3.psn", "game.psn"]
    );
    let judged = std::fs::read_to_string(dir.join("judged/game.psn")).unwrap();
    assert!(judged.contains("[Annotator \"kifu analyze\"]"), "{judged}");

    // PNG: a file (by its name), a new directory (by --format), every ply.
    ok(&["render", &p("games/g1.psn"), "-o", &p("board.png")]);
    let png = std::fs::read(dir.join("board.png")).expect("board.png is a file");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    ok(&[
        "render",
        &p("games/g1.psn"),
        "--ply",
        "3",
        "--format",
        "png",
        "-o",
        &format!("{}/", p("pngs")),
    ]);
    assert_eq!(names(&dir.join("pngs")), ["game1-ply003.png"]);
    ok(&[
        "render",
        &p("onegame/game.psn"),
        "--every-ply",
        "--format",
        "png",
        "-o",
        &p("png-plies"),
    ]);
    assert_eq!(names(&dir.join("png-plies")).len(), 5);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Outputs that are always several files refuse a file for -o, and leave it as it was.
#[test]
fn several_files_refuse_a_file() {
    let dir = scratch("several");
    let game = dir.join("g.psn");
    std::fs::write(&game, GUFU).unwrap();
    let g = game.to_str().unwrap();
    let file = dir.join("file");
    std::fs::write(&file, "mine").unwrap();
    let f = file.to_str().unwrap();
    for args in [
        vec!["convert", g, "--to", "html", "--per", "game", "-o", f],
        vec!["render", g, "--every-ply", "-o", f],
        vec!["render", g, "--every-ply", "--format", "png", "-o", f],
    ] {
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(err(&o).contains("directory"), "{args:?}: {}", err(&o));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine", "{args:?}");
    }
    // And a page per game has nowhere to go on standard output.
    let o = kifu(&["convert", g, "--to", "html", "--per", "game"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty() && err(&o).contains("-o"), "{}", err(&o));
    assert_eq!(names(&dir), ["file", "g.psn"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An output name whose extension says another format is refused (exit status 2, nothing
/// written): a diagram is SVG or PNG, a directory output is not named as a file.
#[test]
fn names_that_contradict_the_format_are_refused() {
    let dir = scratch("extensions");
    let game = dir.join("g.psn");
    std::fs::write(&game, GUFU).unwrap();
    let g = game.to_str().unwrap();
    let p = |n: &str| dir.join(n).to_str().unwrap().to_string();
    for (args, says) in [
        (vec!["render", g, "-o", &p("board.jpg")], ".jpg"),
        (
            vec!["render", g, "--format", "svg", "-o", &p("board.png")],
            ".png",
        ),
        (
            vec!["render", g, "--format", "png", "-o", &p("board.svg")],
            ".svg",
        ),
        (
            vec!["render", g, "--every-ply", "-o", &p("x.png")],
            "directory",
        ),
        (
            vec![
                "render",
                g,
                "--every-ply",
                "--format",
                "png",
                "-o",
                &p("x.png"),
            ],
            "directory",
        ),
        (
            vec![
                "convert",
                g,
                "--to",
                "html",
                "--per",
                "game",
                "-o",
                &p("one.html"),
            ],
            "directory",
        ),
        (
            vec!["convert", g, "--to", "csv", "-o", &p("plies.psn")],
            ".psn",
        ),
        (
            vec!["convert", g, "--to", "json", "-o", &p("g.html")],
            ".html",
        ),
        (vec!["convert", g, "-o", &p("g.csv")], ".csv"),
    ] {
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(err(&o).contains("error[usage]"), "{args:?}: {}", err(&o));
        assert!(err(&o).contains(says), "{args:?}: {}", err(&o));
        assert_eq!(names(&dir), ["g.psn"], "{args:?} wrote something");
    }
    // Names that agree, and names without a format's extension, are written.
    for (args, name) in [
        (vec!["render", g, "-o", &p("b.SVG")], "b.SVG"),
        (
            vec!["render", g, "--format", "png", "-o", &p("b.out")],
            "b.out",
        ),
        (vec!["convert", g, "-o", &p("g.pgn")], "g.pgn"),
        (
            vec!["convert", g, "--to", "json", "-o", &p("g.json")],
            "g.json",
        ),
    ] {
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        assert!(dir.join(name).is_file(), "{args:?}");
    }
    // An existing directory is a directory whatever its name.
    std::fs::create_dir(dir.join("x.png")).unwrap();
    let o = kifu(
        &[
            "render",
            g,
            "--every-ply",
            "--format",
            "png",
            "-o",
            &p("x.png"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(names(&dir.join("x.png")).len(), 15, "ply 0 to 14");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run writing many files (a page per game) holds none of them open until the end: it
/// works with few file descriptors.
#[test]
fn many_outputs_need_few_open_files() {
    let dir = scratch("many");
    let games: Vec<String> = (1..=200)
        .map(|i| kifu::generate::game(kifu::Variant::Gufu, 3, i, 20))
        .collect();
    let many = dir.join("many.psn");
    std::fs::write(&many, games.join("\n")).unwrap();
    let pages = dir.join("pages");
    let o = run(
        {
            let mut c = std::process::Command::new("sh");
            c.args(["-c", "ulimit -n 64 && exec \"$0\" \"$@\""])
                .arg(env!("CARGO_BIN_EXE_kifu"))
                .args(["convert", "--to", "html", "--per", "game", "-o"])
                .arg(&pages)
                .arg(&many);
            c
        },
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(names(&pages).len(), 200);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A failed run into a directory or a file leaves nothing behind: no file, no directory.
#[test]
fn a_failed_run_leaves_nothing_behind() {
    let dir = scratch("o-failed");
    let wa = dir.join("a.psn");
    std::fs::write(&wa, WA).unwrap();
    let gufu = dir.join("b.psn");
    std::fs::write(&gufu, GUFU).unwrap();
    let (a, b) = (wa.to_str().unwrap(), gufu.to_str().unwrap());
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let missing = p("missing.psn");
    for args in [
        vec!["convert", a, &missing, "-o", &p("both.psn")],
        vec!["convert", &missing, a, b, "-o", &p("bothdir/")],
        vec!["convert", a, &missing, "-o", &p("new/deeper/")],
        vec!["convert", a, &missing, "--to", "csv", "-o", &p("x.csv")],
        vec!["convert", a, &missing, "--to", "html", "-o", &p("x.html")],
        vec![
            "convert",
            a,
            b,
            &missing,
            "--to",
            "html",
            "-o",
            &p("pages/"),
        ],
        // A page per game: the pages written before the failure go too.
        vec![
            "convert",
            a,
            b,
            &missing,
            "--to",
            "html",
            "--per",
            "game",
            "-o",
            &p("new/per"),
        ],
        // filter: a file per input, the ones written before the failure go too; two inputs
        // of one name cannot both have their file.
        vec!["filter", a, b, &missing, "-o", &p("picked/")],
        vec!["filter", a, b, a, "-o", &p("new/picked/")],
        vec!["filter", a, &missing, "--valid", "-o", &p("picked.psn")],
        vec!["stats", a, &missing, "-o", &p("stats/")],
        // analyze: a file per input, the ones written before the failure go too.
        vec!["analyze", a, b, &missing, "-o", &p("judged/")],
        vec![
            "analyze",
            a,
            &missing,
            "--to",
            "json",
            "-o",
            &p("judged.jsonl"),
        ],
        // Too wide to rasterize.
        vec!["render", b, "--size", "9000", "-o", &p("b.png")],
        vec![
            "render",
            b,
            "--every-ply",
            "--format",
            "png",
            "--size",
            "9000",
            "-o",
            &p("plies"),
        ],
    ] {
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert_eq!(names(&dir), ["a.psn", "b.psn"], "{args:?}: left behind");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A large corpus of valid Wa games (about a megabyte) in `dir`.
fn big_corpus(dir: &std::path::Path) -> std::path::PathBuf {
    let p = dir.join("big.psn");
    let games: Vec<String> = (1..=400)
        .map(|i| kifu::generate::game(kifu::Variant::Wa, 7, i, 300))
        .collect();
    std::fs::write(&p, games.join("\n")).unwrap();
    p
}

/// Runs kifu with its standard output read up to the first line, then closed (as
/// `| head -1`); returns the exit status and standard error.
fn first_line_only(args: &[&str]) -> (Option<i32>, String, String) {
    use std::io::{BufRead, Read};
    let mut c = command(args);
    c.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let errs = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let mut line = Vec::new();
    {
        let mut r = std::io::BufReader::new(child.stdout.take().unwrap());
        r.read_until(b'\n', &mut line).unwrap();
        // Dropped here: the pipe's read end is closed.
    }
    let status = child.wait().unwrap();
    (
        status.code(),
        String::from_utf8_lossy(&line).into_owned(),
        errs.join().unwrap(),
    )
}

/// The reader of standard output going away is not an error: kifu stops quietly, with exit
/// status 0 and no message (as ripgrep does).
#[test]
fn a_closed_pipe_stops_quietly() {
    let dir = scratch("pipes");
    let big = big_corpus(&dir);
    let b = big.to_str().unwrap();
    let bad_dir = dir.join("bad");
    std::fs::create_dir(&bad_dir).unwrap();
    // Many invalid games: a long human report on standard output.
    let bad: String = (0..3000).map(|_| GUFU_BAD).collect::<Vec<_>>().join("\n");
    std::fs::write(bad_dir.join("bad.psn"), bad).unwrap();
    let d = bad_dir.to_str().unwrap();
    // Many Gufū games: a long analysis.
    let gufu = dir.join("gufu.psn");
    let games: Vec<String> = (1..=400)
        .map(|i| kifu::generate::game(kifu::Variant::Gufu, 7, i, 100))
        .collect();
    std::fs::write(&gufu, games.join("\n")).unwrap();
    let g = gufu.to_str().unwrap();
    for args in [
        vec!["validate", "--format", "json", b],
        vec!["validate", "--format", "json", "-j", "1", b],
        vec!["validate", d],
        vec!["validate", "-j", "1", d],
        vec!["convert", b],
        vec!["convert", "--to", "csv", b],
        vec!["convert", "--to", "json", b],
        vec!["generate", "--variant", "wa", "--games", "400"],
        vec!["convert", "--to", "html", b],
        // A PNG (binary: its "first line" is its signature) larger than a pipe holds.
        vec!["render", b, "--format", "png", "--size", "2000"],
        vec!["filter", b],
        vec!["filter", "--dedup", "-j", "1", b],
        // Every opening of 400 games: more than a pipe holds.
        vec!["stats", "--format", "json", "--top", "1000", b],
        vec!["analyze", g],
        vec!["analyze", "--to", "csv", g],
        vec!["analyze", "--to", "json", g],
    ] {
        let (code, line, errs) = first_line_only(&args);
        assert!(!line.is_empty(), "{args:?}: no first line");
        assert!(errs.is_empty(), "{args:?}: said {errs}");
        assert_eq!(code, Some(0), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every line follows the input order, whichever stream it goes to.
#[test]
fn lines_follow_the_input_order() {
    let dir = scratch("order");
    let a = dir.join("a.psn");
    std::fs::write(&a, format!("{GUFU}\n{GUFU_BAD}")).unwrap();
    let a = a.to_str().unwrap();
    let missing = "/nonexistent-kifu/b.psn";
    let o = kifu(&["validate", "--format", "json", a, missing, a], None);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let kinds: Vec<String> = out(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            format!(
                "{} {}",
                v["type"].as_str().unwrap(),
                v["file"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            format!("game {a}"),
            format!("game {a}"),
            format!("error {missing}"),
            format!("game {a}"),
            format!("game {a}"),
            "summary ".to_string(),
        ]
    );
    // Human form, standard output and standard error into one file: a.psn's problem, then
    // the missing file, then a.psn's problem again.
    for cmd in ["validate", "convert", "analyze"] {
        let (code, marks, text) = marks_in_one_file(&[cmd, a, missing, a], &dir);
        assert_eq!(code, Some(2));
        let problems: Vec<&str> = marks.into_iter().filter(|m| *m != "game").collect();
        assert_eq!(problems, ["syntax", "io", "syntax"], "{cmd}:\n{text}");
    }
    // filter: the games on standard output, the errors and warnings on standard error, in the
    // order of the inputs (a.psn, the missing file, a Shift_JIS file, a.psn); stats: its
    // errors and warnings likewise.
    let sjis = dir.join("sjis.psn");
    std::fs::write(&sjis, shift_jis(JAPANESE)).unwrap();
    let s = sjis.to_str().unwrap();
    // convert and analyze: the encoding warning in its input's place (the records themselves
    // go to standard output, buffered).
    for cmd in ["convert", "analyze"] {
        let (code, marks, text) = marks_in_one_file(&[cmd, s, missing, a, s], &dir);
        assert_eq!(code, Some(2));
        let problems: Vec<&str> = marks.into_iter().filter(|m| *m != "game").collect();
        assert_eq!(
            problems,
            ["warning", "io", "syntax", "warning"],
            "{cmd}:\n{text}"
        );
    }
    for (args, want) in [
        (
            vec!["filter", "-j", "3", a, missing, s, a],
            &["game", "io", "warning", "game", "game"][..],
        ),
        (
            vec!["stats", "-j", "3", s, missing, a, s],
            &["warning", "io", "warning"],
        ),
    ] {
        let (code, marks, text) = marks_in_one_file(&args, &dir);
        assert_eq!(code, Some(2), "{args:?}");
        assert_eq!(marks, want, "{args:?}:\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs kifu with standard output and standard error into one file (in `dir`): the exit
/// status, what the lines are, in order (`io` and `syntax` errors, an encoding `warning`, a
/// `game`'s first tag), and the whole text.
fn marks_in_one_file(
    args: &[&str],
    dir: &std::path::Path,
) -> (Option<i32>, Vec<&'static str>, String) {
    let log = dir.join("both.log");
    let f = std::fs::File::create(&log).unwrap();
    let mut c = command(args);
    c.stdin(Stdio::null())
        .stdout(f.try_clone().unwrap())
        .stderr(f);
    let code = c.status().unwrap().code();
    let text = std::fs::read_to_string(&log).unwrap();
    let marks = text
        .lines()
        .filter_map(|l| {
            if l.contains("error[io]") {
                Some("io")
            } else if l.contains("error[syntax]") {
                Some("syntax")
            } else if l.contains("warning[encoding]") {
                Some("warning")
            } else if l.starts_with("[Event") {
                Some("game")
            } else {
                None
            }
        })
        .collect();
    (code, marks, text)
}

/// The summary counts in words: one file, two games, one warning.
#[test]
fn the_summary_says_one_and_many() {
    let one_ply = "[Variant \"wa\"]\n\n1. SP-8g *\n";
    let o = kifu(&["validate", "-"], Some(one_ply.as_bytes()));
    assert_eq!(
        err(&o).trim_end(),
        "1 file, 1 game: 1 valid, 0 invalid, 0 warnings, 1 ply replayed"
    );
    // A Result tag that contradicts the game: a warning.
    let mismatch = GUFU.replace("[Result \"0-1\"]", "[Result \"1-0\"]");
    let o = kifu(&["validate", "-"], Some(mismatch.as_bytes()));
    assert_eq!(
        err(&o).trim_end(),
        "1 file, 1 game: 1 valid, 0 invalid, 1 warning, 14 plies replayed"
    );
    let dir = scratch("summary");
    std::fs::write(dir.join("a.psn"), format!("{GUFU}\n{WA}")).unwrap();
    std::fs::write(dir.join("b.psn"), GUFU_BAD).unwrap();
    let o = kifu(
        &["validate", dir.to_str().unwrap(), "/nonexistent-kifu/c.psn"],
        None,
    );
    assert!(
        err(&o).ends_with(
            "2 files, 3 games: 2 valid, 1 invalid, 0 warnings, 18 plies replayed, 1 I/O error\n"
        ),
        "{}",
        err(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PNG is binary: written to standard output when that is a file or a pipe (above), refused
/// when it is a terminal. (The terminal is made by `script`, from util-linux.)
#[test]
fn a_png_is_not_written_to_a_terminal() {
    let game = manifest().join("fixtures/gufu/gufu-two-games.psn");
    let cmd = format!(
        "{} render {} --format png",
        env!("CARGO_BIN_EXE_kifu"),
        game.display()
    );
    let o = match std::process::Command::new("script")
        .args(["-q", "-e", "-c", &cmd, "/dev/null"])
        .stdin(Stdio::null())
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            eprintln!("skipped: no `script` to make a terminal ({e})");
            return;
        }
    };
    // What kifu wrote to the terminal (its standard output and error both).
    let shown = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(2), "{shown}");
    assert!(
        shown.contains("terminal") && shown.contains("-o"),
        "{shown}"
    );
    assert!(
        !o.stdout.windows(4).any(|w| w == b"\x89PNG"),
        "PNG bytes on the terminal"
    );
    // An SVG is text: fine on a terminal.
    let o = std::process::Command::new("script")
        .args([
            "-q",
            "-e",
            "-c",
            &cmd.replace(" --format png", ""),
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("</svg>"));
}

/// A run that writes no game (every game invalid, no game matched, no game at all) leaves an
/// existing file as it was, and says so, whatever the command and the format.
#[test]
fn a_run_without_a_game_keeps_the_old_file() {
    let dir = scratch("no-game");
    let bad = dir.join("bad.psn");
    std::fs::write(&bad, GUFU_BAD).unwrap();
    let good = dir.join("good.psn");
    std::fs::write(&good, GUFU).unwrap();
    let empty = dir.join("empty.psn");
    std::fs::write(&empty, "").unwrap();
    let keep = dir.join("keep.out");
    let (b, g, e, k) = (
        bad.to_str().unwrap(),
        good.to_str().unwrap(),
        empty.to_str().unwrap(),
        keep.to_str().unwrap(),
    );
    let keep_dir = dir.join("kept");
    std::fs::create_dir(&keep_dir).unwrap();
    let kept = keep_dir.join("bad.psn");
    let kd = keep_dir.to_str().unwrap();
    for (args, status) in [
        (vec!["convert", b, "-o", k], 1),
        (vec!["convert", b, "--to", "csv", "-o", k], 1),
        (vec!["convert", b, "--to", "json", "-o", k], 1),
        (vec!["convert", b, "--to", "html", "-o", k], 1),
        (vec!["convert", b, "-o", kd], 1),
        (vec!["filter", g, "--player", "Nobody", "-o", k], 1),
        (vec!["filter", b, "--valid", "-o", k], 1),
        (vec!["stats", e, "-o", k], 0),
        (vec!["analyze", b, "-o", k], 1),
        (vec!["analyze", b, "--to", "csv", "-o", k], 1),
        (
            vec!["generate", "--variant", "gufu", "--games", "0", "-o", k],
            0,
        ),
    ] {
        std::fs::write(&keep, "precious").unwrap();
        std::fs::write(&kept, "precious").unwrap();
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(status), "{args:?}: {}", err(&o));
        let target = if args.contains(&kd) { &kept } else { &keep };
        assert_eq!(
            std::fs::read_to_string(target).unwrap(),
            "precious",
            "{args:?}: a run without a game replaced the file"
        );
        assert!(
            err(&o).contains("no game written to"),
            "{args:?}: does not say so: {}",
            err(&o)
        );
    }
    // A run with a game replaces it.
    let o = kifu(&["convert", g, b, "-o", k], None);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(
        std::fs::read_to_string(&keep)
            .unwrap()
            .contains("[Event \"t\"]")
    );
    let o = kifu(&["stats", g, "-o", k], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_ne!(std::fs::read_to_string(&keep).unwrap(), "precious");
}

/// `-o` naming an input (the same file through another path, a symbolic link, a hard link,
/// standard input redirected from it, or the file an input would get in a directory) is a
/// usage error before anything is read: the input stays whole. `convert --in-place` may.
#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = scratch("o-input");
    let games = dir.join("games");
    std::fs::create_dir(&games).unwrap();
    let g = games.join("g.psn");
    let text = format!("{GUFU}\n{GUFU_BAD}");
    std::fs::write(&g, &text).unwrap();
    std::os::unix::fs::symlink(&g, dir.join("link.psn")).unwrap();
    std::fs::hard_link(&g, dir.join("hard.psn")).unwrap();
    let gs = g.to_str().unwrap();
    let p = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let other = format!("{}/../games/g.psn", games.display());
    let gd = format!("{}/", games.display());
    let (link, hard) = (p("link.psn"), p("hard.psn"));
    for args in [
        vec!["convert", gs, "-o", gs],
        vec!["convert", gs, "-o", &other],
        vec!["convert", gs, "-o", &link],
        vec!["convert", &link, "-o", &hard],
        vec!["convert", gs, "--to", "csv", "-o", gs],
        vec!["convert", &gd, "-o", &gd],
        vec!["convert", &gd, "--to", "html", "-o", &hard],
        vec!["filter", gs, "--variant", "gufu", "-o", gs],
        vec!["filter", &gd, "-o", &gd],
        vec!["stats", gs, "-o", &hard],
        vec!["render", gs, "-o", gs],
        vec!["analyze", gs, "-o", &other],
    ] {
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(
            err(&o).contains("error[usage]: -o names an input"),
            "{args:?}: {}",
            err(&o)
        );
        // Refused before anything is read: no diagnostic of the invalid game.
        assert!(!err(&o).contains("error[syntax]"), "{args:?}: {}", err(&o));
        assert_eq!(std::fs::read_to_string(&g).unwrap(), text, "{args:?}");
    }
    // Standard input redirected from the output.
    let mut c = command(&["convert", "-o", gs]);
    c.stdin(std::fs::File::open(&g).unwrap());
    let o = c.output().unwrap();
    assert_eq!(o.status.code(), Some(2), "stdin: {}", err(&o));
    assert_eq!(std::fs::read_to_string(&g).unwrap(), text);
    // --in-place: only with --to psn; a game that cannot be written keeps the file as it was.
    let o = kifu(
        &["convert", gs, "--to", "csv", "--in-place", "-o", gs],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let o = kifu(&["convert", gs, "--in-place", "-o", gs], None);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert_eq!(
        std::fs::read_to_string(&g).unwrap(),
        text,
        "an invalid game lost"
    );
    assert!(err(&o).contains("--in-place"), "{}", err(&o));
    std::fs::write(&g, GUFU.replace("1. K*2二>S", "1.   K*2二>S")).unwrap();
    let o = kifu(&["convert", &gd, "--in-place", "-o", &gd], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        std::fs::read_to_string(&g).unwrap(),
        out(&kifu(&["convert"], Some(GUFU.as_bytes())))
    );
    assert_eq!(names(&games), ["g.psn"]);
}

/// Into a directory, a symbolic link (or a FIFO) at a name kifu makes up is never followed:
/// the run is refused (exit status 2) and what the link points to stays as it was. A link
/// named on the command line is written through.
#[test]
fn links_at_the_names_kifu_makes_are_not_followed() {
    let dir = scratch("planted-names");
    let victim = dir.join("victim.txt");
    let g = dir.join("g.psn");
    std::fs::write(&g, GUFU).unwrap();
    let out = dir.join("out");
    std::fs::create_dir(&out).unwrap();
    let gs = g.to_str().unwrap();
    let od = format!("{}/", out.display());
    for (args, name) in [
        (vec!["convert", gs, "-o", &od], "g.psn"),
        (vec!["convert", gs, "--to", "csv", "-o", &od], "g.csv"),
        (
            vec!["convert", gs, "--to", "html", "--per", "game", "-o", &od],
            "g-game1.html",
        ),
        (vec!["filter", gs, "-o", &od], "g.psn"),
        (vec!["stats", gs, "-o", &od], "stats.txt"),
        (vec!["analyze", gs, "-o", &od], "g.psn"),
        (
            vec!["render", gs, "--every-ply", "-o", &od],
            "game1-ply000.svg",
        ),
        (
            vec!["generate", "--variant", "gufu", "-o", &od],
            "gufu-seed1.psn",
        ),
    ] {
        std::fs::write(&victim, "precious").unwrap();
        let planted = out.join(name);
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        let o = kifu(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "precious",
            "{args:?}"
        );
        assert!(
            std::fs::symlink_metadata(&planted)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(err(&o).contains("symbolic link"), "{args:?}: {}", err(&o));
        std::fs::remove_file(&planted).unwrap();
        assert_eq!(names(&out), Vec::<String>::new(), "{args:?}: left behind");
    }
    // A link the user names is written through: its target is replaced.
    let link = dir.join("link.psn");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let o = kifu(&["convert", gs, "-o", link.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(
        std::fs::read_to_string(&victim)
            .unwrap()
            .contains("[Event \"t\"]")
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

/// Runs kifu and waits at most 20 seconds: a hung run is killed and reported.
fn within_20s(mut c: std::process::Command) -> std::process::Output {
    c.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("kifu hung (killed after 20 s)");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A FIFO as -o is written directly, as a pipe: a FIFO no one reads is refused at once (never
/// waited for forever), never replaced by a rename; one that is read gets the output.
#[test]
fn a_fifo_is_written_directly_and_never_waited_for() {
    let dir = scratch("fifo");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let g = dir.join("g.psn");
    std::fs::write(&g, GUFU).unwrap();
    let (f, gs) = (fifo.to_str().unwrap(), g.to_str().unwrap());
    for args in [
        vec!["convert", gs, "-o", f],
        vec!["convert", gs, "--to", "html", "-o", f],
        vec!["filter", gs, "-o", f],
        vec!["stats", gs, "-o", f],
        vec!["analyze", gs, "-o", f],
        vec!["render", gs, "-o", f],
        vec!["generate", "--variant", "gufu", "-o", f],
    ] {
        let o = within_20s(command(&args));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(
            err(&o).contains("no one has open for reading"),
            "{args:?}: {}",
            err(&o)
        );
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
        assert_eq!(names(&dir), ["fifo", "g.psn"], "{args:?}: left behind");
    }
    // With a reader, the output goes through it.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    // The reader opens the FIFO first.
    let mut got = None;
    for _ in 0..200 {
        let o = within_20s(command(&["convert", gs, "-o", f]));
        if o.status.code() == Some(0) {
            got = Some(reader.join().unwrap());
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let got = got.expect("never written to a FIFO with a reader");
    assert_eq!(got, out(&kifu(&["convert", gs], None)));
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

/// `--csv-safe`: a cell that a spreadsheet would run as a formula (=, +, -, @ first: a tag
/// written as it is, a move such as +Pfg8, a file name) gets a ' in front; a number does not.
/// Without it, cells are as written.
#[test]
fn csv_safe_quotes_formula_cells() {
    let dir = scratch("csv-safe");
    let g = dir.join("=cmd.psn");
    let text = GUFU.replace(
        "[Event \"t\"]",
        "[Event \"=HYPERLINK(\\\"x\\\")\"]\n[White \"@SUM(1)\"]\n[Black \"-2+3\"]",
    );
    std::fs::write(&g, &text).unwrap();
    // Named as given: `=cmd.psn`, a cell that begins with =.
    let gs = "=cmd.psn";
    let kifu = |args: &[&str], _: Option<&[u8]>| {
        let mut c = command(args);
        c.current_dir(&dir);
        run(c, None)
    };
    for args in [
        vec!["convert", gs, "--to", "csv", "--per", "game"],
        vec!["convert", gs, "--to", "csv"],
        vec!["analyze", gs, "--to", "csv"],
    ] {
        let plain = kifu(&args, None);
        assert_eq!(plain.status.code(), Some(0), "{args:?}: {}", err(&plain));
        let mut safe_args = args.clone();
        safe_args.push("--csv-safe");
        let safe = kifu(&safe_args, None);
        assert_eq!(safe.status.code(), Some(0), "{args:?}: {}", err(&safe));
        let cells = |o: &std::process::Output| -> Vec<String> {
            csv::Reader::from_reader(o.stdout.as_slice())
                .records()
                .flat_map(|r| r.unwrap().iter().map(str::to_string).collect::<Vec<_>>())
                .collect()
        };
        let (plain, safe) = (cells(&plain), cells(&safe));
        assert_eq!(plain.len(), safe.len(), "{args:?}");
        let mut quoted = 0;
        for (p, s) in plain.iter().zip(&safe) {
            let risky = p.starts_with(['=', '+', '-', '@']) && p[1..].parse::<f64>().is_err();
            if risky {
                assert_eq!(*s, format!("'{p}"), "{args:?}");
                quoted += 1;
            } else {
                assert_eq!(s, p, "{args:?}");
            }
        }
        assert!(quoted > 0, "{args:?}: nothing to quote in {plain:?}");
        assert!(safe.iter().any(|c| c == "'=cmd.psn"), "{args:?}");
    }
    let o = kifu(
        &["convert", gs, "--to", "csv", "--per", "game", "--csv-safe"],
        None,
    );
    let s = out(&o);
    assert!(s.contains("'=HYPERLINK"), "{s}");
    assert!(s.contains("'@SUM(1)"), "{s}");
    assert!(s.contains("'-2+3"), "{s}");
}

/// An error names the target, never the temporary file beside it.
#[test]
fn errors_name_the_target_not_the_temporary_file() {
    let o = kifu(
        &["convert", "-", "-o", "/nonexistent-kifu/out.psn"],
        Some(GUFU.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("/nonexistent-kifu/out.psn"), "{}", err(&o));
    assert!(
        !err(&o).contains(".kifu-") && !err(&o).contains(".tmp"),
        "{}",
        err(&o)
    );
}
