//! `kifu validate` as a user runs it: the built binary, real files, exit codes, and the exact
//! human and JSON output for one invalid record per error kind (insta snapshots).
//!
//! Every command runs in the package root with relative paths (`fixtures/invalid/x.psn`), so
//! the paths in the output, and so the snapshots, do not depend on where the tree lives.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_kifu");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// What one run of the binary did.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn from(o: Output) -> Run {
        let r = Run {
            code: o.status.code().expect("kifu was killed by a signal"),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        };
        assert!(
            !r.stderr.contains("panicked") && !r.stdout.contains("panicked"),
            "kifu panicked:\n{}",
            r.stderr
        );
        r
    }

    /// stdout and stderr, labelled, for snapshots.
    fn both(&self) -> String {
        format!(
            "exit: {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }

    /// The JSON Lines of stdout.
    fn json(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
            .collect()
    }

    /// The `game` objects of a JSON run.
    fn games(&self) -> Vec<Value> {
        self.json()
            .into_iter()
            .filter(|v| v["type"] == "game")
            .collect()
    }

    /// The summary object of a JSON run (the last line).
    fn summary(&self) -> Value {
        let all = self.json();
        let last = all.last().expect("no JSON output").clone();
        assert_eq!(last["type"], "summary", "last line is not the summary");
        last
    }
}

fn kifu(args: &[&str]) -> Run {
    Run::from(
        Command::new(BIN)
            .args(args)
            .current_dir(ROOT)
            .stdin(Stdio::null())
            .output()
            .expect("cannot run kifu"),
    )
}

fn kifu_stdin(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run kifu");
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    // Write from another thread so a large input cannot deadlock against full pipes.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().expect("kifu did not finish");
    writer.join().unwrap();
    Run::from(out)
}

/// The files under `dir` (relative to the package root), recursively, sorted.
fn files(dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::from(ROOT).join(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(ROOT).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

fn stem(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// A scratch directory of this test process, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let p =
            std::env::temp_dir().join(format!("kifu-validate-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    fn write(&self, rel: &str, bytes: &[u8]) -> String {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
        p.to_string_lossy().into_owned()
    }

    fn path(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

// ------------------------------------------------------------------ valid games

#[test]
fn every_valid_fixture_validates() {
    for dir in ["fixtures/wa", "fixtures/gufu", "fixtures/crazywa"] {
        let list = files(dir);
        assert!(list.len() >= 4, "{dir}: only {} files", list.len());
        for f in list {
            let human = kifu(&["validate", &f]);
            assert_eq!(human.code, 0, "{f} is not valid:\n{}", human.both());
            assert_eq!(human.stdout, "", "{f}: problems printed:\n{}", human.both());
            // --strict: no warning either (a valid fixture's Result must be right).
            let json = kifu(&["validate", "--strict", "--format", "json", &f]);
            assert_eq!(json.code, 0, "{f} --strict:\n{}", json.both());
            let games = json.games();
            assert!(!games.is_empty(), "{f}: no game");
            for g in &games {
                assert_eq!(g["valid"], true, "{f}: {g}");
                assert_eq!(g["errors"], serde_json::json!([]), "{f}: {g}");
                assert_eq!(g["warnings"], serde_json::json!([]), "{f}: {g}");
                assert!(g["plies"].as_u64().unwrap() > 0, "{f}: {g}");
            }
            let s = json.summary();
            assert_eq!(s["invalid"], 0);
            assert_eq!(s["games"].as_u64().unwrap(), games.len() as u64);
        }
    }
}

#[test]
fn valid_fixtures_cover_what_they_claim() {
    // Gufū: every game ends (mate or a captured King), and the seed's three example moves
    // occur in the valid games.
    let mut text = String::new();
    for f in files("fixtures/gufu") {
        text.push_str(&std::fs::read_to_string(Path::new(ROOT).join(&f)).unwrap());
        let r = kifu(&["validate", "--format", "json", &f]);
        for g in r.games() {
            assert_eq!(g["variant"], "gufu", "{f}");
            let t = g["termination"].as_str().unwrap_or("none");
            assert!(
                t == "checkmate" || t == "king_captured",
                "{f}: ended by {t}"
            );
        }
    }
    for mv in ["K*2三>W", "Wx2二>S+", "K:1二>E"] {
        assert!(text.contains(mv), "no Gufū fixture plays {mv}");
    }
    for spelling in ["\"Gufu\"", "\"Gufuu\"", "\"Gufū shōgi\""] {
        assert!(
            text.contains(spelling),
            "no Gufū fixture spells the variant {spelling}"
        );
    }
    // Wa: both games, and a game from a set-up position.
    let mut variants = Vec::new();
    let mut setup = false;
    for f in files("fixtures/wa") {
        let t = std::fs::read_to_string(Path::new(ROOT).join(&f)).unwrap();
        setup |= t.contains("[SetUp \"1\"]") && t.contains("[FEN ");
        for g in kifu(&["validate", "--format", "json", &f]).games() {
            variants.push(g["variant"].as_str().unwrap().to_string());
        }
    }
    assert!(variants.iter().any(|v| v == "wa"));
    assert!(variants.iter().any(|v| v == "wa-nodrop"));
    assert!(setup, "no Wa fixture starts from a FEN");
}

// ------------------------------------------------------------------ invalid records

/// The kind each invalid fixture must report: its file stem, except for the seed's
/// impossible example move.
fn expected_kind(stem: &str) -> &str {
    match stem {
        "s_1ichi_n_mate" => "fixed_checking_piece",
        s => s,
    }
}

/// Every kind `kifu validate` can report for a record, each of which must have its fixture.
/// Not here: `io` (a file that cannot be read: see `missing_file_*`), `too_deep` (variations
/// nested over 128 levels: see `tests/memory.rs`) and `game_too_large` (a game over 256 MiB). (`tests/error_kinds.rs` checks the README's table against the enums.)
const KINDS: &[&str] = &[
    // syntax layer
    "invalid_utf8",
    "empty_input",
    "no_movetext",
    "unterminated_tag",
    "unterminated_comment",
    "unterminated_variation",
    "unbalanced_variation",
    "syntax",
    "number_too_large",
    // the record as a whole
    "unknown_variant",
    "missing_variant",
    "bad_position",
    "result_mismatch",
    "duplicate_tag",
    // a move as written
    "bad_move_number",
    "game_over",
    "off_board",
    "bad_notation",
    "unknown_piece",
    "bad_mark",
    "bad_origin",
    "bad_action",
    "missing_facing",
    "no_piece",
    "capture_mark",
    "check_mark",
    "ambiguous_move",
    "drop_promoted",
    "drop_promotion",
    // the rules (both games)
    "not_your_piece",
    "cannot_move_that_way",
    "path_blocked",
    "own_piece_on_target",
    "not_in_hand",
    "drop_on_occupied",
    // Wa
    "king_in_check",
    "drops_disabled",
    "drop_dead_square",
    "two_sparrow_pawns",
    "sparrow_drop_mate",
    "must_promote",
    "cannot_promote",
    "nothing_to_decline",
    // Gufū
    "wrong_facing",
    "kings_face_to_face",
    "check_by_drop",
    "fixed_checking_piece",
    "king_captures_checker",
    "king_captures_king",
    "cannot_capture_king",
    "setup_order",
];

#[test]
fn every_kind_has_an_invalid_fixture() {
    let stems: Vec<String> = files("fixtures/invalid").iter().map(|f| stem(f)).collect();
    for k in KINDS {
        assert!(stems.iter().any(|s| s == k), "no fixtures/invalid/{k}.psn");
    }
    assert!(stems.iter().any(|s| s == "s_1ichi_n_mate"));
}

#[test]
fn every_invalid_fixture_fails_with_its_kind() {
    let list = files("fixtures/invalid");
    assert!(list.len() >= KINDS.len());
    for f in &list {
        let stem = stem(f);
        let kind = expected_kind(&stem);
        if stem == "empty_input" {
            // An input without a game is no game, and a warning (see
            // `an_empty_input_is_no_game` in tests/cli_commands.rs).
            let human = kifu(&["validate", f]);
            assert_eq!(human.code, 0, "{}", human.both());
            assert!(
                human
                    .stdout
                    .starts_with(&format!("{f}: warning[empty_input]: "))
            );
            let json = kifu(&["validate", "--format", "json", f]);
            assert!(json.games().is_empty(), "{}", json.both());
            insta::assert_snapshot!(format!("{stem}__human"), human.both());
            insta::assert_snapshot!(format!("{stem}__json"), json.both());
            continue;
        }
        // The Result contradiction and a repeated tag are warnings; --strict makes them
        // errors (see also `result_mismatch_is_a_warning_unless_strict`).
        let mut args = vec!["validate"];
        if stem == "result_mismatch" || stem == "duplicate_tag" {
            args.push("--strict");
        }
        args.push(f);

        let human = kifu(&args);
        assert_eq!(human.code, 1, "{f}: exit code\n{}", human.both());
        assert!(
            human.stdout.contains(&format!("[{kind}]: ")),
            "{f}: human output does not name {kind}:\n{}",
            human.both()
        );
        assert!(
            human.stdout.starts_with(&format!("{f}:")),
            "{f}: problem not reported as path:line:col\n{}",
            human.both()
        );

        let mut jargs = args.clone();
        jargs.splice(1..1, ["--format", "json"]);
        let json = kifu(&jargs);
        assert_eq!(json.code, 1, "{f}: JSON exit code\n{}", json.both());
        let games = json.games();
        assert_eq!(games.len(), 1, "{f}: one game expected\n{}", json.stdout);
        let g = &games[0];
        assert_eq!(g["valid"], false, "{f}: {g}");
        assert_eq!(g["file"], f.as_str());
        let errors = g["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{f}: exactly one error expected: {g}");
        assert_eq!(errors[0]["kind"], kind, "{f}: {g}");
        assert!(!errors[0]["message"].as_str().unwrap().is_empty());
        let s = json.summary();
        assert_eq!(
            (s["games"].as_u64(), s["invalid"].as_u64()),
            (Some(1), Some(1))
        );

        insta::assert_snapshot!(format!("{stem}__human"), human.both());
        insta::assert_snapshot!(format!("{stem}__json"), json.both());
    }
}

#[test]
fn result_mismatch_is_a_warning_unless_strict() {
    let f = "fixtures/invalid/result_mismatch.psn";
    let r = kifu(&["validate", f]);
    assert_eq!(r.code, 0, "{}", r.both());
    assert!(
        r.stdout.contains("warning[result_mismatch]"),
        "{}",
        r.both()
    );
    assert!(
        r.stderr.contains("1 valid, 0 invalid, 1 warning,"),
        "{}",
        r.both()
    );
    let j = kifu(&["validate", "--format", "json", f]);
    assert_eq!(j.code, 0);
    let g = &j.games()[0];
    assert_eq!(g["valid"], true);
    // `result` is the Result tag as written, `outcome` what the replay found.
    assert_eq!(g["result"], "1-0");
    assert_eq!(g["outcome"], "0-1");
    assert_eq!(g["termination"], "king_captured");
    assert_eq!(g["errors"], serde_json::json!([]));
    assert_eq!(g["warnings"][0]["kind"], "result_mismatch");
    assert_eq!(j.summary()["warnings"], 1);

    let s = kifu(&["validate", "--strict", f]);
    assert_eq!(s.code, 1, "{}", s.both());
    assert!(s.stdout.contains("error[result_mismatch]"), "{}", s.both());
}

#[test]
fn the_seeds_impossible_move_is_refused_with_the_reason() {
    // S-1一>N# can never be played (docs/rules-gufu.md): the Arashi on 1二 facing W gives
    // check for the side that moved last, so the side to move may not step it.
    let r = kifu(&[
        "validate",
        "--format",
        "json",
        "fixtures/invalid/s_1ichi_n_mate.psn",
    ]);
    let e = &r.games()[0]["errors"][0];
    assert_eq!(e["kind"], "fixed_checking_piece");
    assert_eq!(e["move"], "S-1一>N#");
    assert_eq!(e["ply"], 7);
    // Everything before it is legal.
    assert_eq!(r.games()[0]["plies"], 6);
}

// ------------------------------------------------------------------ inputs and options

#[test]
fn missing_file_exits_2_and_the_others_still_run() {
    let ok = "fixtures/gufu/gufu-letter-ranks.psn";
    let bad = "fixtures/invalid/cannot_promote.psn";
    let r = kifu(&["validate", "fixtures/no-such-file.psn", ok, bad]);
    assert_eq!(r.code, 2, "{}", r.both());
    assert!(
        r.stderr.contains("fixtures/no-such-file.psn: error[io]"),
        "{}",
        r.both()
    );
    assert!(r.stdout.contains("error[cannot_promote]"), "{}", r.both());
    assert!(
        r.stderr.contains("2 files, 2 games: 1 valid, 1 invalid")
            && r.stderr.contains("1 I/O error"),
        "{}",
        r.both()
    );

    let j = kifu(&[
        "validate",
        "--format",
        "json",
        "fixtures/no-such-file.psn",
        ok,
    ]);
    assert_eq!(j.code, 2);
    let lines = j.json();
    assert_eq!(lines[0]["type"], "error");
    assert_eq!(lines[0]["kind"], "io");
    assert_eq!(lines[0]["file"], "fixtures/no-such-file.psn");
    let s = j.summary();
    assert_eq!(s["io_errors"], 1);
    assert_eq!(s["files"], 1);
    assert_eq!(s["valid"], 1);
}

#[test]
fn dash_and_no_path_read_standard_input() {
    let text = std::fs::read(Path::new(ROOT).join("fixtures/gufu/gufu-two-games.psn")).unwrap();
    for args in [&["validate", "-"][..], &["validate"][..]] {
        let r = kifu_stdin(args, &text);
        assert_eq!(r.code, 0, "{args:?}: {}", r.both());
        assert!(
            r.stderr.contains("1 file, 2 games: 2 valid"),
            "{}",
            r.both()
        );
    }
    let j = kifu_stdin(&["validate", "--format", "json", "-"], &text);
    let games = j.games();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["file"], "<stdin>");
    assert_eq!(games[1]["game"], 2);

    let bad = std::fs::read(Path::new(ROOT).join("fixtures/invalid/wrong_facing.psn")).unwrap();
    let r = kifu_stdin(&["validate", "-"], &bad);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.starts_with("<stdin>:6:44: error[wrong_facing]"),
        "{}",
        r.both()
    );
}

#[test]
fn directories_are_searched_recursively_by_extension() {
    let valid = std::fs::read(Path::new(ROOT).join("fixtures/gufu/gufu-letter-ranks.psn")).unwrap();
    let invalid = std::fs::read(Path::new(ROOT).join("fixtures/invalid/setup_order.psn")).unwrap();
    let d = TempDir::new("dirs");
    d.write("a.psn", &valid);
    d.write("b.PGN", &valid);
    d.write("deep/er/c.psn", &valid);
    d.write("deep/d.kif", &invalid);
    d.write("deep/e.txt", &valid);
    d.write("notes.md", b"not a record");

    let count = |args: &[&str]| {
        let mut a = vec!["validate", "--format", "json"];
        a.extend_from_slice(args);
        a.push(d.0.to_str().unwrap());
        let r = kifu(&a);
        let s = r.summary();
        (
            r.code,
            s["files"].as_u64().unwrap(),
            s["invalid"].as_u64().unwrap(),
        )
    };
    // Default: psn and pgn, case-insensitive, in every subdirectory.
    assert_eq!(count(&[]), (0, 3, 0));
    assert_eq!(count(&["--ext", "kif"]), (1, 1, 1));
    assert_eq!(count(&["--ext", "kif,txt"]), (1, 2, 1));
    assert_eq!(count(&["--ext", "kif", "--ext", ".psn"]), (1, 3, 1));
    assert_eq!(count(&["--ext", "xyz"]), (0, 0, 0));

    // Files of a directory come in name order, subdirectories after.
    let r = kifu(&["validate", "--format", "json", &d.path()]);
    let names: Vec<String> = r
        .games()
        .iter()
        .map(|g| {
            let f = g["file"].as_str().unwrap();
            f.strip_prefix(&d.path()).unwrap().replace('\\', "/")
        })
        .collect();
    assert_eq!(names, ["/a.psn", "/b.PGN", "/deep/er/c.psn"]);
}

#[test]
fn variant_option_supplies_a_missing_variant_tag() {
    let f = "fixtures/invalid/missing_variant.psn";
    assert_eq!(kifu(&["validate", f]).code, 1);
    // Wa moves without a Variant tag: Wa with drops, or the Wa --variant says.
    let wa = b"[Event \"Club game\"]\n\n1. SP-8g SP-8e *\n";
    let r = kifu_stdin(&["validate", "--format", "json"], wa);
    assert_eq!(r.code, 0, "{}", r.both());
    assert_eq!(r.games()[0]["variant"], "wa");
    let r = kifu_stdin(&["validate", "--variant", "wa"], wa);
    assert_eq!(r.code, 0, "{}", r.both());
    let r = kifu_stdin(&["validate", "-v", "wa-nodrop", "--format", "json"], wa);
    assert_eq!(r.code, 0);
    assert_eq!(r.games()[0]["variant"], "wa-nodrop");
    // The same moves are not Gufū moves.
    let r = kifu_stdin(&["validate", "--variant", "gufu", "--format", "json"], wa);
    assert_eq!(r.code, 1);
    assert_eq!(r.games()[0]["errors"][0]["kind"], "unknown_piece");
    // A Variant tag wins over --variant.
    let r = kifu(&[
        "validate",
        "--variant",
        "wa",
        "fixtures/gufu/gufu-letter-ranks.psn",
    ]);
    assert_eq!(r.code, 0, "{}", r.both());
    // Gufū without a tag: told by its moves, or by --variant.
    let gufu = b"1. K*2\xe4\xb8\x89>W 2. K*1\xe4\xb8\x80>E *\n";
    assert_eq!(kifu_stdin(&["validate", "--variant", "gufu"], gufu).code, 0);
    assert_eq!(kifu_stdin(&["validate"], gufu).code, 0);
    // An unknown --variant is a usage error.
    let r = kifu(&["validate", "--variant", "chess", f]);
    assert_eq!(r.code, 2, "{}", r.both());
    assert!(r.stderr.contains("chess"), "{}", r.both());
}

#[test]
fn json_summary_counts() {
    let r = kifu(&[
        "validate",
        "--format",
        "json",
        "fixtures/gufu/gufu-two-games.psn",
        "fixtures/invalid/check_mark.psn",
        "fixtures/invalid/result_mismatch.psn",
        "fixtures/invalid/empty_input.psn",
    ]);
    assert_eq!(r.code, 1, "{}", r.both());
    let games = r.games();
    let plies: u64 = games.iter().map(|g| g["plies"].as_u64().unwrap()).sum();
    let s = r.summary();
    // empty_input.psn: no game, a warning.
    assert_eq!(s["files"], 4);
    assert_eq!(s["games"], 4);
    assert_eq!(s["valid"], 3);
    assert_eq!(s["invalid"], 1);
    assert_eq!(s["warnings"], 2);
    assert_eq!(s["io_errors"], 0);
    assert_eq!(s["plies"].as_u64().unwrap(), plies);
    // check_mark.psn: four plies are legal before the bad mark.
    assert_eq!(games[2]["plies"], 4);
    // The human summary says the same.
    let h = kifu(&[
        "validate",
        "fixtures/gufu/gufu-two-games.psn",
        "fixtures/invalid/check_mark.psn",
        "fixtures/invalid/result_mismatch.psn",
        "fixtures/invalid/empty_input.psn",
    ]);
    assert!(
        h.stderr.contains(&format!(
            "4 files, 4 games: 3 valid, 1 invalid, 2 warnings, {plies} plies replayed"
        )),
        "{}",
        h.both()
    );
    // --quiet: no summary.
    let q = kifu(&["validate", "-q", "fixtures/gufu/gufu-two-games.psn"]);
    assert_eq!((q.code, q.stdout.as_str(), q.stderr.as_str()), (0, "", ""));
}

// ------------------------------------------------------------------ bad inputs

/// Runs one input through standard input (human and JSON) and returns the JSON error kind.
fn bad_input(name: &str, bytes: &[u8], code: i32) -> Value {
    let h = kifu_stdin(&["validate"], bytes);
    assert_eq!(h.code, code, "{name}: {}", h.both());
    assert!(
        h.stdout.contains("<stdin>"),
        "{name}: no location\n{}",
        h.both()
    );
    let j = kifu_stdin(&["validate", "--format", "json"], bytes);
    assert_eq!(j.code, code, "{name}: {}", j.both());
    let g = j.games();
    assert_eq!(g[0]["valid"], false, "{name}");
    g[0]["errors"][0].clone()
}

#[test]
fn bad_inputs_give_clear_errors_without_panicking() {
    let cases: &[(&str, &[u8], &str)] = &[
        ("nul bytes", b"\0\0\0\0", "syntax"),
        (
            "latin-1",
            b"[Variant \"wa\"]\n\n1. SP-8g {Gr\xfc\xdfe} *\n",
            "invalid_utf8",
        ),
        ("png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "invalid_utf8"),
        (
            "tag",
            b"[Variant \"wa\"]\n[Event \"Club\n\n1. SP-8g *\n",
            "unterminated_tag",
        ),
        ("tag at end", b"[Variant \"wa\"", "unterminated_tag"),
        (
            "comment",
            b"[Variant \"wa\"]\n\n1. SP-8g {open *\n",
            "unterminated_comment",
        ),
        (
            "variation",
            b"[Variant \"wa\"]\n\n1. SP-8g (1. SP-4g *\n",
            "unterminated_variation",
        ),
        (
            "close",
            b"[Variant \"wa\"]\n\n1. SP-8g ) *\n",
            "unbalanced_variation",
        ),
        (
            "variant",
            b"[Variant \"Tai shogi\"]\n\n1. SP-8g *\n",
            "unknown_variant",
        ),
        ("no variant", b"1. Nf3 *\n", "missing_variant"),
        ("tags only", b"[Variant \"wa\"]\n", "no_movetext"),
        (
            "move number",
            b"[Variant \"wa\"]\n\n99999999999999999999. SP-8g *\n",
            "number_too_large",
        ),
    ];
    for (name, bytes, kind) in cases {
        let e = bad_input(name, bytes, 1);
        assert_eq!(e["kind"], *kind, "{name}: {e}");
    }
}

#[test]
fn random_binary_data_is_refused() {
    // A fixed pseudo-random byte stream (not UTF-8).
    let mut x: u32 = 2463534242;
    let bytes: Vec<u8> = (0..65536)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 24) as u8
        })
        .collect();
    let bad_at = std::str::from_utf8(&bytes).unwrap_err().valid_up_to();
    let e = bad_input("binary", &bytes, 1);
    assert_eq!(e["kind"], "invalid_utf8");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains(&format!("byte {bad_at} ")),
        "{e}"
    );
}

#[test]
fn invalid_utf8_names_the_byte_offset() {
    let f = "fixtures/invalid/invalid_utf8.psn";
    let bytes = std::fs::read(Path::new(ROOT).join(f)).unwrap();
    let at = std::str::from_utf8(&bytes).unwrap_err().valid_up_to();
    let r = kifu(&["validate", "--format", "json", f]);
    let e = &r.games()[0]["errors"][0];
    assert_eq!(e["kind"], "invalid_utf8");
    let msg = e["message"].as_str().unwrap();
    assert!(msg.contains(&format!("byte {at} ")), "{msg}");
    assert!(msg.contains(&format!("0x{:02X}", bytes[at])), "{msg}");
}

#[test]
fn variations_nested_to_the_limit() {
    // The deepest nesting allowed (deeper is too_deep: tests/memory.rs).
    const DEPTH: usize = kifu::record::MAX_NESTING;
    let d = TempDir::new("deep");
    // Each variation replaces the first move of the one around it: all legal.
    let mut closed = String::from("[Variant \"wa\"]\n\n1. SP-8g ");
    let mut open = closed.clone();
    for i in 0..DEPTH {
        let v = if i % 2 == 0 {
            "(1. SP-4g "
        } else {
            "(1. SP-8g "
        };
        closed.push_str(v);
        open.push_str(v);
    }
    closed.push_str(&")".repeat(DEPTH));
    closed.push_str(" *\n");
    open.push_str("*\n");

    let p = d.write("deep.psn", closed.as_bytes());
    let r = kifu(&["validate", "--format", "json", &p]);
    assert_eq!(r.code, 0, "{}", &r.both()[..r.both().len().min(2000)]);
    assert_eq!(r.games()[0]["plies"], DEPTH as u64 + 1);

    let p = d.write("open.psn", open.as_bytes());
    let r = kifu(&["validate", "--format", "json", &p]);
    assert_eq!(r.code, 1);
    let e = &r.games()[0]["errors"][0];
    assert_eq!(e["kind"], "unterminated_variation");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains(&format!("{DEPTH} open")),
        "{e}"
    );
    let h = kifu(&["validate", &p]);
    assert_eq!(h.code, 1);
    assert!(h.stdout.len() < 4000, "output of {} bytes", h.stdout.len());

    // The same nesting, unbalanced the other way.
    let p = d.write(
        "close.psn",
        format!("[Variant \"wa\"]\n\n1. SP-8g {} *\n", ")".repeat(DEPTH)).as_bytes(),
    );
    let r = kifu(&["validate", "--format", "json", &p]);
    assert_eq!(r.code, 1);
    assert_eq!(r.games()[0]["errors"][0]["kind"], "unbalanced_variation");
}

#[test]
fn ten_megabyte_line() {
    const MB10: usize = 10 * 1024 * 1024;
    let d = TempDir::new("bigline");
    // A valid game whose comment is one 10 MB line.
    let p = d.write(
        "comment.psn",
        format!(
            "[Variant \"wa\"]\n\n1. SP-8g {{{}}} SP-8e *\n",
            "x".repeat(MB10)
        )
        .as_bytes(),
    );
    let r = kifu(&["validate", &p]);
    assert_eq!(r.code, 0, "{}", &r.both()[..r.both().len().min(2000)]);

    // 10 MB of garbage on the move line: a syntax error, shown as a window of the line.
    let p = d.write(
        "garbage.psn",
        format!("[Variant \"wa\"]\n\n1. SP-8g {} *\n", "z".repeat(MB10)).as_bytes(),
    );
    let r = kifu(&["validate", &p]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains(":3:10: error[syntax]"),
        "{}",
        &r.stdout[..r.stdout.len().min(2000)]
    );
    assert!(r.stdout.len() < 4000, "output of {} bytes", r.stdout.len());

    // A 10 MB line of moves, the third of them illegal.
    let p = d.write(
        "moves.psn",
        format!(
            "[Variant \"wa\"]\n\n1. SP-8g {}*\n",
            "SP-8e ".repeat(MB10 / 6)
        )
        .as_bytes(),
    );
    let r = kifu(&["validate", "--format", "json", &p]);
    assert_eq!(r.code, 1);
    let e = &r.games()[0]["errors"][0];
    assert_eq!(e["kind"], "cannot_move_that_way", "{e}");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(3), Some(16))
    );
    assert!(r.stdout.len() < 4000);
}

#[test]
fn several_games_in_one_input_are_checked_one_by_one() {
    // Lines and columns are the file's, not the game's; a bad game does not stop the next.
    let text = "[Variant \"gufu\"]\n\n1. K*2三>W 2. K*1一>E 3. S*1二>N *\n\n\
                [Variant \"gufu\"]\n[Event \"second\"]\n\n1. K*2三>W 2. K*1一>E\n\
                3. W*1三>N 4. S*2一>S 5. K-2二>W *\n\n\
                [Variant \"wa\"]\n\n1. SP-8g SP-8e *\n";
    let r = kifu_stdin(&["validate"], text.as_bytes());
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("<stdin>:3:24: error[setup_order]"),
        "{}",
        r.both()
    );
    assert!(
        r.stdout.contains("<stdin>:9:24: error[wrong_facing]"),
        "{}",
        r.both()
    );
    assert!(
        r.stdout.contains("= game 2, ply 5, move K-2二>W"),
        "{}",
        r.both()
    );
    let j = kifu_stdin(&["validate", "--format", "json"], text.as_bytes());
    let valid: Vec<bool> = j
        .games()
        .iter()
        .map(|g| g["valid"].as_bool().unwrap())
        .collect();
    assert_eq!(valid, [false, false, true]);
    assert_eq!(j.summary()["plies"], 2 + 4 + 2);
}

/// The output order is the input order whatever -j is (and the results are the same).
#[test]
fn output_order_does_not_depend_on_threads() {
    let one = kifu(&["validate", "--format", "json", "-j", "1", "fixtures"]);
    assert_eq!(one.code, 1);
    // -j 0: all cores.
    for j in ["0", "2", "3", "8"] {
        let many = kifu(&["validate", "--format", "json", "-j", j, "fixtures"]);
        assert_eq!(many.stdout, one.stdout, "-j {j}");
        assert_eq!(many.code, one.code, "-j {j}");
    }
    // Out-of-range thread counts are usage errors, and say the range.
    let r = kifu(&["validate", "-j", "257", "fixtures"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("0..=256"), "{}", r.stderr);
}

/// JSON: `result` is the result the record states, as written (its Result tag, else the
/// result after the moves, null with neither); `outcome` is what the replay found (`*` when
/// the moves do not end the game, null when the replay stopped at an error).
#[test]
fn result_as_written_and_outcome_as_replayed() {
    let input = "[Variant \"wa\"]\n[Result \"1-0\"]\n\n1. SP-8g SP-8e {resigns} 1-0\n\n\
                 [Variant \"wa\"]\n\n1. SP-8g *\n\n\
                 [Variant \"wa\"]\n\n1. SP-8g\n\n\
                 [Variant \"wa\"]\n[Result \"0-1\"]\n\n1. SP-8g SP-8f *\n";
    let r = kifu_stdin(&["validate", "--format", "json"], input.as_bytes());
    let games = r.games();
    let pair = |g: &Value| (g["result"].clone(), g["outcome"].clone());
    assert_eq!(pair(&games[0]), (Value::from("1-0"), Value::from("*")));
    assert_eq!(pair(&games[1]), (Value::from("*"), Value::from("*")));
    assert_eq!(pair(&games[2]), (Value::Null, Value::from("*")));
    assert_eq!(pair(&games[3]), (Value::from("0-1"), Value::Null));
    assert_eq!(games[3]["valid"], false);
    // A game its moves end: the outcome says who won.
    let r = kifu(&[
        "validate",
        "--format",
        "json",
        "fixtures/gufu/gufu-two-games.psn",
    ]);
    let games = r.games();
    assert_eq!(pair(&games[0]), (Value::from("1-0"), Value::from("1-0")));
    assert_eq!(games[0]["termination"], "king_captured");
}
