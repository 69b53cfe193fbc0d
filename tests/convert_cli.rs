//! `kifu convert`: lossless, idempotent, every notation and rank style; CSV and JSON; errors.

use std::path::{Path, PathBuf};
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

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kifu-convert-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
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
        "file,game,variant,event,date,black,white,result,plies,termination,valid,error"
    );
    assert_eq!(rows[1], "<stdin>,1,gufu,t,,,,0-1,14,king_captured,true,");
    assert_eq!(
        rows[2],
        "<stdin>,2,wa,bad,,,,*,0,,false,Black has no SP that can move to 4f"
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

#[test]
fn xboard_notation_for_gufu_is_a_usage_error() {
    let dir = temp_dir("xboard");
    let out = dir.join("out.psn");
    let o = kifu(
        &[
            "convert",
            "-",
            "--notation",
            "xboard",
            "-o",
            out.to_str().unwrap(),
        ],
        Some(GUFU),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("only for Wa"));
    assert!(!out.exists(), "no partial output");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "no temporary file left"
    );
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
