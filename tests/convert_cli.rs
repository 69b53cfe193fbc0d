//! `kifu convert`: lossless, idempotent, every notation and rank style; CSV and JSON; errors.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn kifu(args: &[&str], stdin: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kifu"));
    c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    match stdin {
        None => c.output().unwrap(),
        Some(text) => {
            use std::io::Write;
            c.stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped());
            let mut child = c.spawn().unwrap();
            // kifu may exit before reading (usage errors): a broken pipe is fine.
            let _ = child.stdin.take().unwrap().write_all(text.as_bytes());
            child.wait_with_output().unwrap()
        }
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// A scratch directory, removed when the test ends.
fn temp_dir(name: &str) -> common::files::Scratch {
    common::files::scratch(&format!("convert-{name}"))
}

const GUFU: &str = "[Event \"t\"]\n[Variant \"Gufu\"]\n[Result \"0-1\"]\n\n\
1. K*2二>S 2. K*1一>E 3. W*2三>W 4. S*1二>E {setup done} 5. Wx1二>N+ 6. S*2三>N\n\
7. Sx1二>E+ (7. K:2二>W) 8. K-2一>S 9. S-1一>S+ 10. W*1二>N+ 11. Wx1一>E\n\
12. S*2三>E+ 13. S-1三>S 14. Wx2二>S 0-1\n";

fn all_valid_fixtures() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["fixtures/crazywa", "fixtures/wa", "fixtures/gufu"] {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let Ok(rd) = std::fs::read_dir(&p) else {
            continue;
        };
        let mut v: Vec<String> = rd
            .filter_map(|e| e.ok())
            .map(|e| format!("{dir}/{}", e.file_name().to_string_lossy()))
            .filter(|n| n.ends_with(".psn") || n.ends_with(".pgn"))
            .collect();
        v.sort();
        out.extend(v);
    }
    out
}

#[test]
fn normalized_output_is_idempotent_and_lossless_in_every_notation() {
    let dir = temp_dir("lossless");
    let files = all_valid_fixtures();
    assert!(files.len() >= 50, "{}", files.len());
    for f in files.iter().step_by(3) {
        let base = kifu(&["convert", f], None);
        assert!(
            base.status.success(),
            "{f}: {}",
            String::from_utf8_lossy(&base.stderr)
        );
        let base_text = stdout(&base);
        let gufu = f.starts_with("fixtures/gufu");
        for notation in ["hodges", "long", "xboard"] {
            if gufu && notation == "xboard" {
                continue;
            }
            for ranks in ["kanji", "letters"] {
                let a = kifu(
                    &["convert", f, "--notation", notation, "--ranks", ranks],
                    None,
                );
                assert!(a.status.success(), "{f} {notation} {ranks}");
                let text = stdout(&a);
                let p = dir.join("a.psn");
                std::fs::write(&p, &text).unwrap();
                let p = p.to_str().unwrap();
                // Idempotent: the same conversion of the output gives the same bytes.
                let again = kifu(
                    &["convert", p, "--notation", notation, "--ranks", ranks],
                    None,
                );
                assert_eq!(
                    stdout(&again),
                    text,
                    "{f} {notation} {ranks}: not idempotent"
                );
                // Lossless: back to the default style gives the default conversion.
                let back = kifu(&["convert", p], None);
                assert_eq!(
                    stdout(&back),
                    base_text,
                    "{f} {notation} {ranks}: not lossless"
                );
            }
        }
    }
}

#[test]
fn gufu_normalized_form() {
    let o = kifu(&["convert", "-"], Some(GUFU));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let expected = "[Event \"t\"]\n[Result \"0-1\"]\n[Variant \"Gufu\"]\n\n\
1. K*2二>S 2. K*1一>E 3. W*2三>W 4. S*1二>E {setup done} 5. Wx1二>N+ 6. S*2三>N\n\
7. Sx1二>E+ (7. K:2二>W+) 8. K-2一>S 9. S-1一>S+ 10. W*1二>N+ 11. Wx1一>E\n\
12. S*2三>E+ 13. S-1三>S 14. Wx2二>S 0-1\n";
    assert_eq!(stdout(&o), expected);
    // Long notation writes the origin of every step; letters for ranks on request.
    let o = kifu(
        &["convert", "-", "--notation", "long", "--ranks", "letters"],
        Some(GUFU),
    );
    let text = stdout(&o);
    assert!(text.contains("5. W2cx1b>N+"), "{text}");
}

#[test]
fn facings_and_marks_are_filled_in() {
    // Steps written without facing or check marks get them in the normalized form.
    let input = "[Variant \"gufu\"]\n\n1. K*2二>S 2. K*1一>E 3. W*2三>W 4. S*1二>E 5. Wx1二 *\n";
    let o = kifu(&["convert", "-"], Some(input));
    assert!(stdout(&o).contains("5. Wx1二>N+ *"), "{}", stdout(&o));
}

#[test]
fn wa_numbering_tags_and_comments() {
    let input = "[White \"w\"]\n[Variant \"wa\"]\n[Event \"e\"]\n[Black \"b\"]\n\n\
{start} 1. SP-4g $1 SP-8e {reply} 2. SP-4f (2. SP-7h SP-4e) SP-8f! *\n";
    let o = kifu(&["convert", "-"], Some(input));
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "[Event \"e\"]\n[Black \"b\"]\n[White \"w\"]\n[Variant \"wa\"]\n\n\
{start} 1. SP-4g $1 1... SP-8e {reply} 2. SP-4f (2. SP-7h SP-4e) 2... SP-8f! *\n"
    );
}

#[test]
fn engine_coordinates_round_trip() {
    let o = kifu(
        &[
            "convert",
            "fixtures/crazywa/selfplay-001.psn",
            "--notation",
            "xboard",
        ],
        None,
    );
    let text = stdout(&o);
    let original = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/crazywa/selfplay-001.psn"),
    )
    .unwrap();
    // The same moves as the engine wrote them (the movetext, ignoring line breaks).
    let moves = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with('['))
            .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .collect()
    };
    assert_eq!(moves(&text), moves(&original));
}

#[test]
fn csv_per_ply() {
    let o = kifu(&["convert", "-", "--to", "csv"], Some(GUFU));
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "file,game,ply,number,side,move,piece,from,to,action,captured,promotion,facing,check,mate,comment,position"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 14, "main line only");
    assert_eq!(
        rows[0],
        "<stdin>,1,1,1,black,K*2二>S,K,,2二,drop,,,S,false,false,,2/Ks1/2 w kWS 2"
    );
    assert_eq!(
        rows[3],
        "<stdin>,1,4,4,white,S*1二>E,S,,1二,drop,,,E,false,false,setup done,1ke/KsSe/Ww1 b - 5"
    );
    assert!(
        rows[4].contains(",Wx1二>N+,W,2三,1二,capture,S,,N,true,false,"),
        "{}",
        rows[4]
    );
    assert!(
        rows[13].contains(",Wx2二>S,W,1一,2二,capture,K,,S,false,false,"),
        "{}",
        rows[13]
    );
}

#[test]
fn csv_per_game_lists_invalid_games_too() {
    let input = format!("{GUFU}\n[Variant \"wa\"]\n[Event \"bad\"]\n\n1. SP-4f *\n");
    let o = kifu(
        &["convert", "-", "--to", "csv", "--per", "game"],
        Some(&input),
    );
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(
        rows[0],
        "file,game,variant,event,date,black,white,result,outcome,plies,termination,valid,\
error_kind,error,final_position"
    );
    assert_eq!(
        rows[1],
        "<stdin>,1,gufu,t,,,,0-1,0-1,14,king_captured,true,,,ks1/Ws1/1Ss b - 15"
    );
    // No Result tag, `*` after the moves; the replay stopped at the error, so no outcome.
    assert_eq!(
        rows[2],
        "<stdin>,2,wa,bad,,,,*,,0,,false,cannot_move_that_way,Black has no SP that can move to 4f,"
    );
    // The error is reported on stderr exactly as validate reports it.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("<stdin>:12:4: error[cannot_move_that_way]"),
        "{err}"
    );
}

#[test]
fn json_one_object_per_game() {
    let o = kifu(&["convert", "-", "--to", "json"], Some(GUFU));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["variant"], "gufu");
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["outcome"], "0-1");
    assert_eq!(v["termination"], "king_captured");
    assert_eq!(v["start"], "2/2/2 b KkWS 1");
    assert_eq!(v["moves"].as_array().unwrap().len(), 14);
    assert_eq!(v["moves"][4]["move"], "Wx1二>N+");
    assert_eq!(v["moves"][4]["captured"], "S");
    assert_eq!(v["moves"][4]["check"], true);
    assert_eq!(v["tags"][0][0], "Event");
}

#[test]
fn invalid_records_are_not_converted() {
    let input = "[Variant \"wa\"]\n\n1. SP-4g SP-8e 2. SP-4e *\n";
    let o = kifu(&["convert", "-"], Some(input));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("<stdin>:3:19: error[cannot_move_that_way]"),
        "{err}"
    );
}

/// A game the notation asked for cannot write (engine coordinates or SAN of a Gufū game) is
/// reported as a problem of that game, at its Variant tag, and the batch goes on: the other
/// games are converted, the exit status is 1.
#[test]
fn a_refused_game_is_reported_and_the_batch_goes_on() {
    let dir = temp_dir("refused");
    let wa = dir.join("a.psn");
    std::fs::write(&wa, cli_support::WA).unwrap();
    let gufu = dir.join("b.psn");
    std::fs::write(&gufu, format!("{GUFU}\n{GUFU}")).unwrap();
    let (a, b) = (wa.to_str().unwrap(), gufu.to_str().unwrap());
    for (notation, wa_move) in [("xboard", "1. d4d5 d8d7"), ("san", "1. d5 d7")] {
        let out = dir.join("both.psn");
        let o = kifu(
            &[
                "convert",
                a,
                b,
                a,
                "--notation",
                notation,
                "-o",
                out.to_str().unwrap(),
            ],
            None,
        );
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(1), "{notation}: {err}");
        // Both Wa games are converted, into the file.
        let written = std::fs::read_to_string(&out).unwrap();
        assert_eq!(written.matches(wa_move).count(), 2, "{notation}: {written}");
        assert!(!written.contains("K*"), "{notation}: {written}");
        // Each Gufū game is a problem of its own, where its Variant tag is.
        for (line, game) in [(2, 1), (10, 2)] {
            let at = format!("{b}:{line}:1: error[unsupported_notation]: --notation {notation}: ");
            assert!(err.contains(&at), "{notation}: no {at} in\n{err}");
            assert!(err.contains(&format!("  = game {game}\n")), "{err}");
        }
        assert!(err.contains("a Gufū game cannot be written in"), "{err}");
        assert!(
            err.contains("= help: write Gufū games with --notation hodges"),
            "{err}"
        );
        assert!(
            err.ends_with("3 files, 4 games: 2 converted, 0 invalid, 2 refused, 0 warnings\n"),
            "{err}"
        );
        // In JSON: the game's line, with the kind, and the count.
        let o = kifu(
            &["convert", a, b, "--notation", notation, "--report", "json"],
            None,
        );
        assert_eq!(o.status.code(), Some(1));
        let lines = json_lines(&o.stderr);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(lines[0]["file"], b);
        assert_eq!(lines[0]["game"], 1);
        assert_eq!(lines[0]["valid"], true, "the record itself is valid");
        assert_eq!(lines[0]["errors"][0]["kind"], "unsupported_notation");
        assert_eq!(lines[0]["errors"][0]["line"], 2);
        assert_eq!(lines[1]["game"], 2);
        assert_eq!(lines[2]["refused"], 2);
        assert_eq!(lines[2]["valid"], 1);
    }
    // A game's CSV row has no moves: any notation will do.
    let o = kifu(
        &[
            "convert",
            b,
            "--notation",
            "san",
            "--to",
            "csv",
            "--per",
            "game",
        ],
        None,
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout(&o).lines().count(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_format_is_a_usage_error() {
    let o = kifu(&["convert", "-", "--to", "xml"], Some(GUFU));
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn output_to_a_file_and_to_a_directory() {
    let dir = temp_dir("out");
    let file = dir.join("one.csv");
    let o = kifu(
        &[
            "convert",
            "fixtures/crazywa/selfplay-001.psn",
            "--to",
            "csv",
            "-o",
            file.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 92, "header + 91 plies");
    let outdir = dir.join("many");
    let o = kifu(
        &[
            "convert",
            "fixtures/crazywa/selfplay-001.psn",
            "fixtures/crazywa/selfplay-002.psn",
            "--to",
            "json",
            "-o",
            // A trailing `/`: a directory (without it, one file holding both).
            &format!("{}/", outdir.display()),
        ],
        None,
    );
    assert!(o.status.success());
    let mut names: Vec<String> = std::fs::read_dir(&outdir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, vec!["selfplay-001.jsonl", "selfplay-002.jsonl"]);
}

#[test]
fn unwritable_output_fails_cleanly() {
    let o = kifu(
        &["convert", "-", "-o", "/nonexistent-dir/x/out.psn"],
        Some(GUFU),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write"));
}

mod cli_support;

/// A scratch directory with a valid game, an invalid one, one whose Result tag contradicts
/// the game (a warning), a Shift_JIS file (a warning) and an empty file; the paths, with a
/// missing file among them.
fn mixed_inputs(name: &str) -> (common::files::Scratch, Vec<String>) {
    let dir = temp_dir(name);
    let write = |file: &str, bytes: &[u8]| {
        let p = dir.join(file);
        std::fs::write(&p, bytes).unwrap();
        p.to_str().unwrap().to_string()
    };
    let mismatch = GUFU.replace("[Result \"0-1\"]", "[Result \"1-0\"]");
    let paths = vec![
        write("good.psn", GUFU.as_bytes()),
        write(
            "bad.psn",
            format!("{GUFU}\n{}", cli_support::GUFU_BAD).as_bytes(),
        ),
        write("mismatch.psn", mismatch.as_bytes()),
        dir.join("missing.psn").to_str().unwrap().to_string(),
        write("sjis.psn", &cli_support::shift_jis(cli_support::JAPANESE)),
        write("wa.psn", cli_support::WA.as_bytes()),
    ];
    (dir, paths)
}

fn json_lines(text: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(text)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// `convert --format json` reports, on standard error, the problems `validate --format json`
/// reports, in the same lines (a game with a problem, an input that cannot be read, a file
/// read as Shift_JIS), then a summary; the converted output is the same as without it.
#[test]
fn convert_reports_problems_as_validate_does() {
    let (dir, paths) = mixed_inputs("json-problems");
    let args = |cmd: &str, extra: &[&str]| {
        let mut v = vec![cmd.to_string()];
        v.extend(extra.iter().map(|s| s.to_string()));
        v.extend(paths.iter().cloned());
        v
    };
    let run = |v: Vec<String>| {
        let v: Vec<&str> = v.iter().map(String::as_str).collect();
        kifu(&v, None)
    };
    let validate = run(args("validate", &["--format", "json"]));
    assert_eq!(validate.status.code(), Some(2));
    let problems: Vec<serde_json::Value> = json_lines(&validate.stdout)
        .into_iter()
        .filter(|v| {
            v["type"] != "summary"
                && (v["type"] != "game"
                    || !v["errors"].as_array().unwrap().is_empty()
                    || !v["warnings"].as_array().unwrap().is_empty())
        })
        .collect();
    assert_eq!(problems.len(), 4, "{problems:?}");
    for to in ["psn", "csv", "json"] {
        let plain = run(args("convert", &["--to", to]));
        let json = run(args("convert", &["--to", to, "--report", "json"]));
        assert_eq!(json.status.code(), Some(2), "{to}");
        assert_eq!(plain.stdout, json.stdout, "{to}: the output changed");
        let mut lines = json_lines(&json.stderr);
        let summary = lines.pop().unwrap();
        assert_eq!(lines, problems, "{to}");
        assert_eq!(summary["type"], "summary");
        let v = json_lines(&validate.stdout).pop().unwrap();
        for k in [
            "files",
            "games",
            "valid",
            "invalid",
            "warnings",
            "io_errors",
        ] {
            assert_eq!(summary[k], v[k], "{to}: {k}");
        }
        assert_eq!(summary["refused"], 0);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `convert` ends with a summary on standard error, as `validate` does; `-q` leaves it out.
#[test]
fn convert_summary_and_quiet() {
    let o = kifu(&["convert", "-"], Some(GUFU));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "1 file, 1 game: 1 converted, 0 invalid, 0 warnings\n"
    );
    let o = kifu(&["convert", "-", "-q"], Some(GUFU));
    assert_eq!(o.status.code(), Some(0));
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("14. Wx2二>S 0-1"));
    // -q keeps the problems.
    let input = format!("{GUFU}\n{}", cli_support::GUFU_BAD);
    let o = kifu(&["convert", "-", "--quiet"], Some(&input));
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("<stdin>:11:35: error[syntax]"), "{err}");
    assert!(!err.contains("converted"), "{err}");
}

/// `convert --strict`: a warning (a Result tag contradicting the game) is an error, and the
/// game is not converted.
#[test]
fn convert_strict_makes_warnings_errors() {
    let mismatch = GUFU.replace("[Result \"0-1\"]", "[Result \"1-0\"]");
    let o = kifu(&["convert", "-"], Some(&mismatch));
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("[Result \"1-0\"]"));
    assert!(String::from_utf8_lossy(&o.stderr).contains("warning[result_mismatch]"));
    let o = kifu(&["convert", "-", "--strict"], Some(&mismatch));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("error[result_mismatch]"), "{err}");
    assert!(
        err.ends_with("0 converted, 1 invalid, 0 warnings\n"),
        "{err}"
    );
}

/// `convert -j N` and `analyze -j N`: the games are converted on N threads, and what is
/// written (output and problems) is the same whatever N.
#[test]
fn threads_do_not_change_the_output() {
    let dir = temp_dir("threads");
    let mut paths = Vec::new();
    for (i, (variant, games)) in [
        (kifu::Variant::Wa, 60),
        (kifu::Variant::Gufu, 150),
        (kifu::Variant::WaNoDrop, 40),
    ]
    .into_iter()
    .enumerate()
    {
        let mut text: Vec<String> = (1..=games)
            .map(|g| kifu::generate::game(variant, 11, g, 120))
            .collect();
        // Some invalid games among them.
        text.insert(7, cli_support::GUFU_BAD.to_string());
        text.insert(30, "[Variant \"wa\"]\n\n1. SP-4f *\n".to_string());
        let p = dir.join(format!("in{i}.psn"));
        std::fs::write(&p, text.join("\n")).unwrap();
        paths.push(p.to_str().unwrap().to_string());
    }
    let runs: &[&[&str]] = &[
        &["convert"],
        &["convert", "--to", "csv"],
        &["convert", "--to", "csv", "--per", "game"],
        &["convert", "--to", "json", "--report", "json"],
        &["convert", "--to", "html"],
        &["analyze", "--to", "csv", "--mate-depth", "1"],
    ];
    for args in runs {
        let with = |j: &str| {
            let mut v: Vec<&str> = args.to_vec();
            v.extend(["-j", j]);
            v.extend(paths.iter().map(String::as_str));
            kifu(&v, None)
        };
        let one = with("1");
        assert_eq!(one.status.code(), Some(1), "{args:?}");
        assert!(one.stdout.len() > 10_000, "{args:?}");
        for j in ["2", "5"] {
            let many = with(j);
            assert_eq!(many.status.code(), Some(1), "{args:?} -j {j}");
            assert!(
                one.stdout == many.stdout,
                "{args:?} -j {j}: the output changed"
            );
            assert_eq!(
                String::from_utf8_lossy(&one.stderr),
                String::from_utf8_lossy(&many.stderr),
                "{args:?} -j {j}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--to json` and `--to csv --per game`: `result` is the result the record states (its
/// Result tag, else the result after the moves), `outcome` what the replay found, as in
/// `kifu validate --format json`.
#[test]
fn result_as_written_and_outcome_as_replayed() {
    let input = GUFU.replace("[Result \"0-1\"]", "[Result \"1-0\"]")
        + "\n[Variant \"wa\"]\n\n1. SP-8g SP-8e *\n\n[Variant \"wa\"]\n\n1. SP-8g SP-8e 1/2-1/2\n";
    let o = kifu(&["convert", "-", "--to", "json"], Some(&input));
    let games = json_lines(&o.stdout);
    assert_eq!(games[0]["result"], "1-0");
    assert_eq!(games[0]["outcome"], "0-1");
    assert_eq!(games[1]["result"], "*");
    assert_eq!(games[1]["outcome"], "*");
    assert_eq!(games[2]["result"], "1/2-1/2");
    assert_eq!(games[2]["outcome"], "*");
    let o = kifu(
        &["convert", "-", "--to", "csv", "--per", "game"],
        Some(&input),
    );
    let text = stdout(&o);
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
    let col = |name: &str| rows[0].iter().position(|c| *c == name).unwrap();
    let (r, oc) = (col("result"), col("outcome"));
    assert_eq!((rows[1][r], rows[1][oc]), ("1-0", "0-1"));
    assert_eq!((rows[2][r], rows[2][oc]), ("*", "*"));
    assert_eq!((rows[3][r], rows[3][oc]), ("1/2-1/2", "*"));
}

#[test]
fn crlf_input_gives_one_line_end_throughout() {
    // A CRLF file with comments over several lines (a brace comment before the moves, as
    // XBoard's diagram, and one between moves) and a line comment.
    let crlf = "[Event \"t\"]\r\n[Variant \"gufu\"]\r\n\r\n; a line comment\r\n{a diagram\r\n\
                over lines} 1. K*2三>W {one\r\ntwo} 2. K*1一>E *\r\n";
    for to in ["psn", "json", "csv"] {
        let o = kifu(&["convert", "--to", to], Some(crlf));
        assert_eq!(o.status.code(), Some(0), "{to}");
        let out = stdout(&o);
        assert!(!out.contains('\r'), "{to}: a CR kept in {out:?}");
        assert!(!out.contains("\\r"), "{to}: an escaped CR kept in {out:?}");
    }
    let o = kifu(&["convert"], Some(crlf));
    assert!(
        stdout(&o).contains("{a diagram\nover lines} 1. K*2三>W {one\ntwo}"),
        "{}",
        stdout(&o)
    );
}

/// A Wa record with all a PSN record keeps around its moves: an XBoard board comment and notes
/// before move 1 (brace and `;`), glyphs (`!?`, `?!`), NAGs ($1, $14), comments of both kinds
/// after moves, variations nested two deep, a Result tag (`1-0`) other than the result token
/// (`*`).
const ANNOTATED: &str = "[Event \"json\"]\n[Variant \"Wa\"]\n[Result \"1-0\"]\n\n\
{--------------\n. . .\nh m l\nwhite to play\n--------------}\n\
{note before move 1} ; a line note\n\
1. SP-4g!? $1 {c1} (1. SP-8g?! $14 ; line in var\n\
SP-6d (1... SP-5d {deep} (1... SP-3d $14)) 2. SP-8f) SP-6d ; after\n\
2. SP-4f $14 *\n";

/// `--to json` keeps the whole record: the comments before move 1, each ply's glyph, its
/// comments and NAGs in order with their kind, its variations nested, the result token apart
/// from the Result tag; and it reads back: JSON → PSN gives the bytes PSN → PSN gives.
#[test]
fn json_is_lossless_and_reads_back_as_the_same_record() {
    let psn = kifu(&["convert", "-"], Some(ANNOTATED));
    assert!(
        psn.status.success(),
        "{}",
        String::from_utf8_lossy(&psn.stderr)
    );
    let o = kifu(&["convert", "-", "--to", "json"], Some(ANNOTATED));
    assert!(o.status.success());
    let json = stdout(&o);
    let v = &json_lines(json.as_bytes())[0];
    let comments = v["comments"].as_array().unwrap();
    assert_eq!(comments.len(), 3);
    assert!(
        comments[0]["comment"]
            .as_str()
            .unwrap()
            .contains("h m l\nwhite to play")
    );
    assert_eq!(
        comments[1],
        serde_json::json!({"comment": "note before move 1", "kind": "brace"})
    );
    assert_eq!(
        comments[2],
        serde_json::json!({"comment": " a line note", "kind": "line"})
    );
    assert_eq!(
        (&v["result"], &v["result_token"]),
        (&"1-0".into(), &"*".into())
    );
    let first = &v["moves"][0];
    assert_eq!(first["glyph"], "!?");
    assert_eq!(
        first["annotations"],
        serde_json::json!([{"nag": 1}, {"comment": "c1", "kind": "brace"}])
    );
    // The old fields are still there.
    assert_eq!(
        (&first["move"], &first["comment"]),
        (&"SP-4g".into(), &"c1".into())
    );
    let var = &first["variations"][0];
    assert_eq!(var["moves"][0]["move"], "SP-8g");
    assert_eq!(var["moves"][0]["glyph"], "?!");
    assert_eq!(
        var["moves"][0]["annotations"],
        serde_json::json!([{"nag": 14}, {"comment": " line in var", "kind": "line"}])
    );
    let deep = &var["moves"][1]["variations"][0]["moves"][0];
    assert_eq!((&deep["move"], &deep["ply"]), (&"SP-5d".into(), &2.into()));
    let deeper = &deep["variations"][0]["moves"][0];
    assert_eq!(deeper["move"], "SP-3d");
    assert_eq!(deeper["annotations"], serde_json::json!([{"nag": 14}]));
    assert_eq!(var["moves"][2]["ply"], 3);
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
    assert_eq!(
        v["moves"][2]["annotations"],
        serde_json::json!([{"nag": 14}])
    );
    // Read back, from standard input and from a file.
    let back = kifu(&["convert", "-"], Some(&json));
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    assert_eq!(stdout(&back), stdout(&psn));
    let dir = temp_dir("json-back");
    let p = dir.join("game.jsonl");
    std::fs::write(&p, &json).unwrap();
    let back = kifu(&["convert", p.to_str().unwrap()], None);
    assert_eq!(stdout(&back), stdout(&psn));
    // And again: JSON → JSON is the same object (but for the file's name).
    let again = kifu(&["convert", "-", "--to", "json"], Some(&json));
    let mut w = json_lines(&again.stdout).remove(0);
    w["file"] = v["file"].clone();
    assert_eq!(&w, v);
    // CSV holds the main line only.
    let csv = kifu(&["convert", "-", "--to", "csv"], Some(ANNOTATED));
    assert_eq!(stdout(&csv).lines().count(), 1 + 3);
}

/// Every valid fixture (kifu's, XBoard's), in every notation: PSN → JSON → PSN gives the bytes
/// PSN → PSN gives.
#[test]
fn json_round_trip_of_every_fixture() {
    let mut files = all_valid_fixtures();
    let xboard = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/xboard");
    let mut x: Vec<String> = std::fs::read_dir(xboard)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| format!("fixtures/xboard/{}", e.file_name().to_string_lossy()))
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    x.sort();
    assert!(x.len() >= 10, "{}", x.len());
    files.extend(x);
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    for notation in ["hodges", "long", "xboard", "san"] {
        let args = |to: &'static str| {
            let mut a = vec!["convert", "-q", "--notation", notation, "--to", to];
            a.extend(&files);
            a
        };
        let psn = kifu(&args("psn"), None);
        let json = kifu(&args("json"), None);
        let games = json_lines(&json.stdout).len();
        assert!(games >= 80, "{notation}: {games} games");
        let back = kifu(
            &["convert", "-", "-q", "--notation", notation],
            Some(&stdout(&json)),
        );
        assert_eq!(back.status.code(), Some(0), "{notation}");
        assert!(
            stdout(&back) == stdout(&psn),
            "{notation}: JSON → PSN differs"
        );
    }
}

/// An input is JSON only when it begins as kifu's game object: a PSN record that begins with a
/// comment holding JSON-like text stays PSN.
#[test]
fn only_kifus_json_is_read_as_json() {
    for lead in [
        "{\"Hello\": world}",
        "{black}",
        "{ \"note\" }",
        "{\"black\"}",
    ] {
        let input = format!("{lead}\n{GUFU}");
        let o = kifu(&["convert", "-"], Some(&input));
        let text = stdout(&o);
        assert!(
            o.status.success() && text.contains(lead),
            "{lead}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// A line of a JSON input that is not a game object, or whose game does not replay, is an
/// error at that line, naming the game; the other games are read.
#[test]
fn bad_json_games_are_reported_at_their_line() {
    let good = stdout(&kifu(&["convert", "-", "--to", "json"], Some(GUFU)));
    let bad_move = good.replace("\"move\":\"Wx1二>N+\"", "\"move\":\"Wx1三>N+\"");
    assert_ne!(bad_move, good);
    let input = format!(
        "{good}\n{bad_move}{{\"tags\": oops\n{{\"tags\":[],\"moves\":[{{\"move\":\"K (x\"}}]}}\n"
    );
    let o = kifu(&["validate", "-"], Some(&input));
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stdout) + String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("<stdin>:3:"), "{err}");
    assert!(err.contains("game 2, ply 5, move Wx1三>N+"), "{err}");
    assert!(
        err.contains("<stdin>:4:") && err.contains("error[syntax]: not a game of kifu's JSON"),
        "{err}"
    );
    assert!(
        err.contains("<stdin>:5:1: error[syntax]")
            && err.contains("moves[0]: \"K (x\" is not one move"),
        "{err}"
    );
    assert!(err.contains("4 games: 1 valid, 3 invalid"), "{err}");
    // After comments that hold line breaks or end a line (`;`): still the object's line.
    let annotated = stdout(&kifu(&["convert", "-", "--to", "json"], Some(ANNOTATED)));
    let bad = annotated.replace("\"move\":\"SP-4f\"", "\"move\":\"SP-4e\"");
    assert_ne!(bad, annotated);
    let o = kifu(&["validate", "-"], Some(&format!("{annotated}{bad}")));
    let out = stdout(&o);
    assert!(
        out.contains("<stdin>:2:1: error[cannot_move_that_way]"),
        "{out}"
    );
    assert!(out.contains("\n 2 | SP-4e $14 *\n"), "{out}");
}

/// docs/json.md's example is what kifu writes.
#[test]
fn json_docs_example_is_real() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md"))
        .unwrap();
    let example = doc
        .split("```json\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let input = "[Variant \"Gufu\"]\n\n{setup} 1. K*2三>W!? $14 {good} (1. K*1三>W) *\n";
    assert!(
        doc.contains(&input.replace('\n', "\\n")),
        "the command is not in the doc"
    );
    let o = kifu(&["convert", "-", "--to", "json", "-q"], Some(input));
    assert_eq!(stdout(&o), example.replace('\n', "") + "\n");
}

/// Variations nested as deep as PSN allows (128 levels) go through JSON and back; JSON nested
/// deeper than any game is refused at its line, the other games read.
#[test]
fn json_deep_variations_round_trip_and_deeper_json_is_refused() {
    let mut psn = String::from("[Variant \"Wa\"]\n\n1. SP-4g");
    for i in 0..128 {
        psn.push_str(if i % 2 == 0 {
            " (1. SP-8g"
        } else {
            " (1. SP-4g"
        });
    }
    psn.push_str(&")".repeat(128));
    psn.push_str(" *\n");
    let base = kifu(&["convert", "-"], Some(&psn));
    assert!(
        base.status.success(),
        "{}",
        String::from_utf8_lossy(&base.stderr)
    );
    let json = kifu(&["convert", "-", "--to", "json"], Some(&psn));
    let back = kifu(&["convert", "-"], Some(&stdout(&json)));
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    assert_eq!(stdout(&back), stdout(&base));
    let hostile = format!(
        "{{\"tags\":{}{}}}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let o = kifu(
        &["validate", "-"],
        Some(&format!("{}{hostile}", stdout(&json))),
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("<stdin>:2:1: error[syntax]: not a game of kifu's JSON: nested more than"),
        "{out}"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("2 games: 1 valid, 1 invalid"));
}

/// Besides JSON Lines, a JSON input may hold pretty-printed objects or an array of them (as
/// `jq -s` makes): the same games, problems at the line of their object's `{`. In JSON Lines, a
/// line cut short costs only its game.
#[test]
fn json_pretty_printed_or_in_an_array_reads_too() {
    let one =
        |mv: &str| format!("{{\"tags\":[[\"Variant\",\"Wa\"]],\"moves\":[{{\"move\":\"{mv}\"}}]}}");
    let pretty = |mv: &str| {
        format!(
            "{{\n  \"tags\": [[\"Variant\", \"Wa\"]],\n  \"moves\": [{{\"move\": \"{mv}\"}}]\n}}"
        )
    };
    let base = stdout(&kifu(
        &["convert", "-"],
        Some("[Variant \"Wa\"]\n\nSP-4g\n\n[Variant \"Wa\"]\n\nSP-8g\n"),
    ));
    for input in [
        format!("{}\n{}\n", pretty("SP-4g"), pretty("SP-8g")),
        format!("[{},\n{}]\n", one("SP-4g"), pretty("SP-8g")),
        format!(" [\n{},\n{}\n]", pretty("SP-4g"), one("SP-8g")),
    ] {
        let o = kifu(&["convert", "-"], Some(&input));
        assert_eq!(stdout(&o), base, "{input}");
    }
    let o = kifu(
        &["validate", "-"],
        Some(&format!("{}\n{}\n", pretty("SP-4g"), pretty("SP-4e"))),
    );
    assert!(stdout(&o).contains("<stdin>:5:"), "{}", stdout(&o));
    let o = kifu(
        &["validate", "-"],
        Some(&format!(
            "{}\n{{\"tags\": [\n{}\n",
            one("SP-4g"),
            one("SP-8g")
        )),
    );
    let out = stdout(&o);
    assert!(
        out.contains("<stdin>:2:") && out.contains("EOF while parsing"),
        "{out}"
    );
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("3 games: 2 valid, 1 invalid"),
        "{out}"
    );
    let o = kifu(&["validate", "-"], Some("[]\n"));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("empty_input"),
        "{}",
        stdout(&o)
    );
}

/// `kifu filter` on a JSON input copies each game as the PSN text rebuilt from its object
/// (docs/json.md): PSN, which converts to the record the JSON came from.
#[test]
fn filter_copies_json_games_as_their_psn_text() {
    let psn = stdout(&kifu(&["convert", "-"], Some(ANNOTATED)));
    let json = stdout(&kifu(&["convert", "-", "--to", "json"], Some(ANNOTATED)));
    let o = kifu(&["filter", "-", "--variant", "wa"], Some(&json));
    let copied = stdout(&o);
    assert!(
        copied.starts_with("[Event \"json\"] [Variant \"Wa\"]"),
        "{copied}"
    );
    assert_eq!(stdout(&kifu(&["convert", "-"], Some(&copied))), psn);
}

/// `kifu convert` of `text` (on standard input) with `args`: the output, the run checked.
fn converted(text: &str, args: &[&str]) -> String {
    let mut all = vec!["convert", "-", "-q"];
    all.extend_from_slice(args);
    let o = kifu(&all, Some(text));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    stdout(&o)
}

const ANNOTATED_GUFU: &str = "[Event \"t\"]\n[Variant \"Gufu\"]\n[Result \"0-1\"]\n\n\
{before} 1. K*2二>S! $1 2. K*1一>E ; line\n3. W*2三>W 4. S*1二>E {setup done} 5. Wx1二>N+ 6. S*2三>N\n\
7. Sx1二>E+ (7. K:2二>W {alt}) 8. K-2一>S 9. S-1一>S+ 10. W*1二>N+ 11. Wx1一>E\n\
12. S*2三>E+ 13. S-1三>S 14. Wx2二>S 0-1\n";

#[test]
fn psn_without_comments_nags_or_variations() {
    let all = converted(ANNOTATED_GUFU, &[]);
    for kept in [
        "{before}",
        "K*2二>S!",
        "$1",
        "; line",
        "{setup done}",
        "(7. K:2二>W+ {alt})",
    ] {
        assert!(all.contains(kept), "{kept} in {all}");
    }
    let out = converted(ANNOTATED_GUFU, &["--no-comments"]);
    assert!(!out.contains('{') && !out.contains(';'), "{out}");
    assert!(
        out.contains("1. K*2二>S! $1 2. K*1一>E 3.") && out.contains("(7. K:2二>W+)"),
        "{out}"
    );
    let out = converted(ANNOTATED_GUFU, &["--no-nags"]);
    assert!(!out.contains('$') && !out.contains('!'), "{out}");
    assert!(
        out.contains("{before} 1. K*2二>S 2. K*1一>E ; line"),
        "{out}"
    );
    let out = converted(ANNOTATED_GUFU, &["--no-variations"]);
    assert!(!out.contains('(') && !out.contains("{alt}"), "{out}");
    assert!(out.contains("7. Sx1二>E+ 8. K-2一>S"), "{out}");
    // All three: the bare main line, the same moves.
    let bare = converted(
        ANNOTATED_GUFU,
        &["--no-comments", "--no-nags", "--no-variations"],
    );
    assert_eq!(
        bare,
        converted(GUFU, &["--no-variations", "--no-comments"]),
        "the main line alone"
    );
    // In Wa too (the annotated fixture), and in SAN: still valid, one game, same moves.
    let wa = "fixtures/wa/crazywa-005-hodges.psn";
    for notation in ["hodges", "san"] {
        let o = kifu(
            &[
                "convert",
                wa,
                "-q",
                "--notation",
                notation,
                "--no-comments",
                "--no-nags",
                "--no-variations",
            ],
            None,
        );
        let text = stdout(&o);
        assert!(!text.contains(['{', '(', '$', '!']), "{text}");
        let again = kifu(&["validate", "-"], Some(&text));
        assert_eq!(again.status.code(), Some(0), "{notation}: {text}");
    }
}

#[test]
fn psn_fix_result_from_the_replay() {
    // The moves capture the second mover's King: 1-0, whatever the record says.
    let wrong = GUFU
        .replace("[Result \"0-1\"]", "[Result \"*\"]")
        .replace(" 0-1\n", " *\n");
    let out = converted(&wrong, &[]);
    assert!(
        out.contains("[Result \"*\"]") && out.ends_with(" *\n"),
        "{out}"
    );
    let out = converted(&wrong, &["--fix-result"]);
    assert!(
        out.contains("[Result \"0-1\"]") && out.ends_with(" 0-1\n"),
        "{out}"
    );
    // Without a Result tag: one is added, in its place.
    let bare = wrong.replace("[Result \"*\"]\n", "");
    let out = converted(&bare, &["--fix-result"]);
    assert!(
        out.starts_with("[Event \"t\"]\n[Result \"0-1\"]\n[Variant \"Gufu\"]\n"),
        "{out}"
    );
    // A game the moves do not end keeps what it says.
    let draw = "[Event \"d\"]\n[Variant \"Gufu\"]\n[Result \"1/2-1/2\"]\n\n1. K*2三>W 2. K*1二>N 1/2-1/2\n";
    let out = converted(draw, &["--fix-result"]);
    assert!(
        out.contains("[Result \"1/2-1/2\"]") && out.ends_with(" 1/2-1/2\n"),
        "{out}"
    );
}

#[test]
fn psn_width_and_position_comments() {
    let lines = |s: &str| -> Vec<String> {
        s.split("\n\n")
            .nth(1)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    };
    let wide = converted(GUFU, &["--width", "0"]);
    assert_eq!(lines(&wide).len(), 1, "{wide}");
    let narrow = converted(GUFU, &["--width", "30"]);
    let l = lines(&narrow);
    assert!(
        l.len() > 4 && l.iter().all(|l| l.chars().count() <= 30),
        "{narrow}"
    );
    assert_eq!(
        narrow.split_whitespace().collect::<Vec<_>>(),
        wide.split_whitespace().collect::<Vec<_>>()
    );
    // Default: 80 columns, as before.
    assert_eq!(converted(GUFU, &[]), converted(GUFU, &["--width", "80"]));
    // A position comment after each move: the CSV's position column.
    let out = converted(
        GUFU,
        &["--fen-comments", "--no-variations", "--no-comments"],
    );
    let csv = converted(GUFU, &["--to", "csv"]);
    let positions: Vec<String> = csv
        .lines()
        .skip(1)
        .map(|r| format!("{{{}}}", r.rsplit(',').next().unwrap()))
        .collect();
    let comments: Vec<String> = out
        .split('{')
        .skip(1)
        .map(|c| format!("{{{}}}", c.split('}').next().unwrap()))
        .collect();
    assert_eq!(comments, positions, "{out}");
    assert_eq!(positions.len(), 14);
    // PSN only.
    for opt in [
        &["--width", "5"][..],
        &["--fen-comments"],
        &["--no-nags"],
        &["--fix-result"],
    ] {
        let mut args = vec!["convert", "-", "--to", "csv"];
        args.extend_from_slice(opt);
        assert_eq!(kifu(&args, Some(GUFU)).status.code(), Some(2), "{opt:?}");
    }
}

#[test]
fn split_every_n_games_whole_or_not_at_all() {
    let dir = temp_dir("split");
    let two = "fixtures/gufu/gufu-two-games.psn";
    let inputs = [two, "fixtures/crazywa/selfplay-001.psn", two];
    let name = dir.join("part.psn");
    let mut args = vec![
        "convert",
        "-q",
        "--split",
        "2",
        "-o",
        name.to_str().unwrap(),
    ];
    args.extend_from_slice(&inputs);
    let o = kifu(&args, None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(
        common::files::names(&dir),
        ["part-1.psn", "part-2.psn", "part-3.psn"]
    );
    // The parts together are the one output, game for game.
    let mut whole = vec!["convert", "-q"];
    whole.extend_from_slice(&inputs);
    let one = stdout(&kifu(&whole, None));
    let parts: Vec<String> = (1..=3)
        .map(|i| std::fs::read_to_string(dir.join(format!("part-{i}.psn"))).unwrap())
        .collect();
    assert_eq!(parts.join("\n"), one);
    let games = |t: &str| t.matches("[Event ").count();
    assert_eq!(
        parts.iter().map(|p| games(p)).collect::<Vec<_>>(),
        [2, 2, 1]
    );
    // CSV: a header in each; a name without an extension takes the format's.
    let stem = dir.join("rows");
    let o = kifu(
        &[
            "convert",
            "-q",
            two,
            two,
            "--to",
            "csv",
            "--per",
            "game",
            "--split",
            "3",
            "-o",
            stem.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    for (i, rows) in [(1, 3), (2, 1)] {
        let t = std::fs::read_to_string(dir.join(format!("rows-{i}.csv"))).unwrap();
        assert!(t.starts_with("file,game,"), "{t}");
        assert_eq!(t.lines().count(), rows + 1, "{t}");
    }
    // A run that fails (an input missing: exit 2) writes no part at all.
    let failed = dir.join("failed.psn");
    let o = kifu(
        &[
            "convert",
            "-q",
            two,
            two,
            "/nonexistent/x.psn",
            "--split",
            "1",
            "-o",
            failed.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        !common::files::names(&dir)
            .iter()
            .any(|n| n.starts_with("failed"))
    );
    // A part that would be an input: refused, nothing written (the input is left alone).
    let input = dir.join("in-2.psn");
    std::fs::copy(two, &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let o = kifu(
        &[
            "convert",
            "-q",
            input.to_str().unwrap(),
            two,
            "--split",
            "1",
            "-o",
            dir.join("in.psn").to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("would write over an input"));
    assert_eq!(std::fs::read(&input).unwrap(), before);
    assert!(!dir.join("in-1.psn").exists());
    // Usage: -o must name a file; not with html or --in-place.
    for bad in [
        &["--split", "2"][..],
        &["--split", "2", "-o", &format!("{}/", dir.display())],
        &["--split", "2", "--to", "html", "-o", "x.html"],
        &["--split", "0", "-o", "x.psn"],
    ] {
        let mut args = vec!["convert", two];
        args.extend_from_slice(bad);
        assert_eq!(kifu(&args, None).status.code(), Some(2), "{bad:?}");
    }
}
