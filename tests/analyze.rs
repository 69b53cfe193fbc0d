//! `kifu analyze`: games with known blunders (Gufū: a check left unanswered; Wa: a move that
//! allows a mate in one, a move that lets a mate in one go), the annotated record as a record,
//! the row formats, and bad input.

mod analysis;
use analysis::kifu;

/// The CSV rows of an analysis, header included.
fn csv_rows(args: &[&str], stdin: Option<&str>) -> Vec<Vec<String>> {
    let mut all = vec!["analyze", "--to", "csv"];
    all.extend_from_slice(args);
    let (code, out, err) = kifu(&all, stdin);
    assert_eq!(code, 0, "{err}");
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(out.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// White leaves her King in check at ply 10 (a drop instead of an answer) and Black's Kaze
/// takes it: from a draw to a loss in 2 plies. Escaping with the King keeps the draw.
const GUFU_BLUNDER: &str = "[Event \"Gufu blitz\"]
[Variant \"gufu\"]
[Result \"1-0\"]

1. K*2三>W 2. K*2二>W 3. W*1一>E 4. S*2一>W 5. K-1二>N+ 6. K-2三>N 7. K:1二>E
8. S-2二>N+ 9. Wx2二>S+ 10. S*1一>N 11. Wx2三>W 1-0
";

#[test]
fn gufu_blunder() {
    let rows = csv_rows(&[], Some(GUFU_BLUNDER));
    assert_eq!(
        rows[0],
        [
            "file", "game", "ply", "move", "before", "after", "best", "verdict"
        ]
    );
    assert_eq!(rows.len(), 12);
    for r in &rows[1..10] {
        assert_eq!(
            (r[4].as_str(), r[5].as_str(), r[7].as_str()),
            ("draw", "draw", "")
        );
    }
    assert_eq!(
        rows[10],
        [
            "<stdin>",
            "1",
            "10",
            "S*1一>N",
            "draw",
            "loss in 2",
            "K-1三>E",
            "??"
        ]
    );
    // The capture of the King: a win in 1 (not the only one: no `!`).
    assert_eq!(
        &rows[11][3..],
        ["Wx2三>W", "win in 1", "win in 1", "Wx2三>W", ""]
    );
}

/// White could step her King to 1b; the Sparrow's step opens the Falcon's diagonal to 1b, and
/// the Wolf's drop there mates at once.
const WA_BLUNDER: &str = "[Variant \"wa\"]
[FEN \"9ok/9p1/11/8p2/11/6F4/11/11/11/11/10K[W] b 0 1\"]
[Result \"1-0\"]

1... SP-3e 2. VW*1b 1-0
";

/// Black has the mate in one VW*1b (the Falcon guards 1b); his King's step lets White block
/// the diagonal with her Sparrow.
const WA_MISSED: &str = "[Variant \"wa\"]
[FEN \"9ok/9p1/11/11/11/6F4/11/11/11/11/10K[W] w 0 1\"]

1. CK-2k SP-2c *
";

#[test]
fn wa_allowed_and_missed_mates() {
    for (game, plies) in [
        (
            WA_BLUNDER,
            [
                ["1", "SP-3e", "no mate found", "mated in 1", "CK-1b", "??"],
                ["2", "VW*1b", "mate in 1", "mate", "VW*1b", ""],
            ],
        ),
        (
            WA_MISSED,
            [
                ["1", "CK-2k", "mate in 1", "no mate found", "VW*1b", "?"],
                ["2", "SP-2c", "no mate found", "no mate found", "", ""],
            ],
        ),
    ] {
        let rows = csv_rows(&[], Some(game));
        assert_eq!(rows.len(), 3);
        for (row, expected) in rows[1..].iter().zip(plies) {
            assert_eq!(&row[2..], expected);
        }
    }
}

/// The annotated record carries NAGs and comments, and is a record like any other: it
/// validates, and converting it changes nothing (it is already in the normalized form).
#[test]
fn the_annotated_record_is_a_record() {
    for input in [GUFU_BLUNDER, WA_BLUNDER, WA_MISSED] {
        let (code, psn, err) = kifu(&["analyze"], Some(input));
        assert_eq!(code, 0, "{err}");
        assert!(psn.contains("[Annotator \"kifu analyze\"]"), "{psn}");
        let (code, _, err) = kifu(&["validate", "-q", "-"], Some(&psn));
        assert_eq!(code, 0, "{err}");
        let (code, converted, _) = kifu(&["convert"], Some(&psn));
        assert_eq!(code, 0);
        assert_eq!(converted, psn);
        // Analysing it again gives the same record.
        let (_, again, _) = kifu(&["analyze"], Some(&psn));
        assert_eq!(again, psn);
    }
    let (_, psn, _) = kifu(&["analyze"], Some(GUFU_BLUNDER));
    assert!(
        psn.contains("10. S*1一>N $4 {draw → loss in 2; best K-1三>E}\n11. Wx2三>W 1-0"),
        "{psn}"
    );
    let (_, psn, _) = kifu(&["analyze"], Some(WA_MISSED));
    assert!(
        psn.contains("1. CK-2k $2 {mate in 1 → no mate found; best VW*1b} 1... SP-2c"),
        "{psn}"
    );
}

#[test]
fn json_rows() {
    let (code, out, _) = kifu(&["analyze", "--to", "json"], Some(WA_BLUNDER));
    assert_eq!(code, 0);
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["ply"], 1);
    assert_eq!(rows[0]["game"], 1);
    assert_eq!(rows[0]["move"], "SP-3e");
    assert_eq!(rows[0]["verdict"], "??");
    assert_eq!(rows[0]["nag"], 4);
    assert_eq!(rows[1]["verdict"], serde_json::Value::Null);
    assert_eq!(rows[1]["best"], "VW*1b");
}

/// An invalid game is reported exactly as `kifu validate` reports it, and not analysed; the
/// other games of the input are.
#[test]
fn invalid_games_are_reported_as_validate_does() {
    for f in ["bad_position", "king_in_check", "wrong_facing", "syntax"] {
        let path = format!("fixtures/invalid/{f}.psn");
        let (code, out, err) = kifu(&["analyze", &path], None);
        assert_eq!(code, 1, "{f}");
        assert!(out.is_empty(), "{f}: {out}");
        // validate writes its report on standard output; analyze, whose output is the
        // analysis, on standard error.
        let (_, validate, _) = kifu(&["validate", &path], None);
        assert!(!err.is_empty());
        assert_eq!(err, validate, "{f}");
    }
    let two = format!("{GUFU_BLUNDER}\n[Variant \"gufu\"]\n\n1. K*2三>W 2. K*2三>W *\n");
    let (code, out, err) = kifu(&["analyze", "--to", "csv"], Some(&two));
    assert_eq!(code, 1);
    assert!(err.contains("error[drop_on_occupied]"), "{err}");
    assert_eq!(out.lines().count(), 12);
}

#[test]
fn output_file_and_usage_errors() {
    let dir = std::env::temp_dir().join(format!("kifu-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("a.psn");
    let (code, stdout, _) = kifu(
        &["analyze", "-o", out.to_str().unwrap()],
        Some(GUFU_BLUNDER),
    );
    assert_eq!((code, stdout.as_str()), (0, ""));
    assert!(std::fs::read_to_string(&out).unwrap().contains("$4"));
    std::fs::remove_dir_all(&dir).unwrap();
    let (code, _, _) = kifu(&["analyze", "--mate-depth", "0"], Some(WA_BLUNDER));
    assert_eq!(code, 2);
    let (code, _, err) = kifu(&["analyze", "/nonexistent/x.psn"], None);
    assert_eq!(code, 2);
    assert!(err.contains("error[io]"), "{err}");
}
