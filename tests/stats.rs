//! `kifu stats` on the collection built from the fixtures (tests/data/collections/corpus.rs).

#[path = "data/collections/corpus.rs"]
mod corpus;

use corpus::{Corpus, kifu, stderr, stdout};
use serde_json::{Value, json};
use std::collections::BTreeMap;

fn stats(c: &Corpus, files: &[&str], args: &[&str]) -> std::process::Output {
    let paths: Vec<String> = files.iter().map(|f| c.path(f)).collect();
    let mut all = vec!["stats"];
    all.extend_from_slice(args);
    all.extend(paths.iter().map(String::as_str));
    kifu(&all)
}

fn json_of(c: &Corpus, files: &[&str], args: &[&str]) -> Value {
    let mut a = vec!["--format", "json"];
    a.extend_from_slice(args);
    let o = stats(c, files, &a);
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o)))
}

const ALL: [&str; 3] = ["wa.psn", "gufu.psn", "broken.psn"];

#[test]
fn counts_by_variant_result_ending_and_error() {
    let c = Corpus::new("stats-counts");
    let o = stats(&c, &ALL, &["--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "some games are invalid");
    let s: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (
            &s["files"],
            &s["games"],
            &s["valid"],
            &s["invalid"],
            &s["io_errors"]
        ),
        (&json!(3), &json!(20), &json!(18), &json!(2), &json!(0))
    );
    // (Club 5 has no Variant tag: its moves tell that it is Gufū.)
    assert_eq!(
        s["variants"],
        json!([{"name": "wa", "games": 10}, {"name": "gufu", "games": 8}])
    );
    assert_eq!(
        s["invalid_kinds"],
        json!([
            {"name": "syntax", "games": 1},
            {"name": "wrong_facing", "games": 1}
        ])
    );
    // Results and endings agree with what `kifu validate` reports game by game.
    let v = kifu(&[
        "validate",
        "--format",
        "json",
        &c.path("wa.psn"),
        &c.path("gufu.psn"),
    ]);
    let mut results: BTreeMap<String, u64> = BTreeMap::new();
    let mut endings: BTreeMap<String, u64> = BTreeMap::new();
    for line in stdout(&v).lines() {
        let g: Value = serde_json::from_str(line).unwrap();
        if g["type"] != "game" || g["valid"] != true {
            continue;
        }
        // What the moves decide, else the Result tag as written.
        let result = match g["outcome"].as_str() {
            Some(o) if o != "*" => o,
            _ => g["result"].as_str().unwrap_or("*"),
        };
        *results.entry(result.to_string()).or_default() += 1;
        let t = g["termination"].as_str().unwrap_or("not_ended").to_string();
        *endings.entry(t).or_default() += 1;
    }
    let table = |v: &Value| -> BTreeMap<String, u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap().to_string(),
                    c["games"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(table(&s["results"]), results);
    assert_eq!(table(&s["terminations"]), endings);
    // 1-0: game 5 (7 copies), clubs 0 (3 copies) and 4 (resigned); 0-1: game 124 (2), club 1;
    // 1/2-1/2: club 2 (agreed); *: game 5 one ply short, clubs 3 and 5.
    assert_eq!(
        s["results"],
        json!([
            {"name": "1-0", "games": 11},
            {"name": "0-1", "games": 3},
            {"name": "1/2-1/2", "games": 1},
            {"name": "*", "games": 3}
        ])
    );
    assert_eq!(
        s["terminations"],
        json!([
            {"name": "checkmate", "games": 9},
            {"name": "not_ended", "games": 5},
            {"name": "king_captured", "games": 4}
        ])
    );
}

#[test]
fn plies_openings_and_players() {
    let c = Corpus::new("stats-tables");
    let s = json_of(&c, &ALL, &[]);
    // Main lines: Gufū 4, 5, 6, 8, 11, 11, 11, 14; Wa 156, 157 (7 copies), 180 (2 copies).
    let p = &s["plies"];
    assert_eq!(
        (&p["min"], &p["median"], &p["max"]),
        (&json!(4), &json!(156.5), &json!(180))
    );
    let bins: Vec<(u64, u64, u64)> = p["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["from"].as_u64().unwrap(),
                b["to"].as_u64().unwrap(),
                b["games"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(bins.len(), 10);
    assert_eq!(bins[0], (0, 19, 8));
    assert_eq!(bins[7], (140, 159, 8));
    assert_eq!(bins[9], (180, 199, 2));
    assert_eq!(bins.iter().map(|b| b.2).sum::<u64>(), 18);
    // Game 5 in engine coordinates, Hodges, kanji, long: one opening, written one way.
    let openings = &s["openings"];
    assert_eq!(openings["distinct"], 5);
    let top: Vec<(String, String, u64, f64)> = openings["top"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            let moves: Vec<&str> = o["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            (
                o["variant"].as_str().unwrap().to_string(),
                moves.join(" "),
                o["games"].as_u64().unwrap(),
                o["first_mover_points"].as_f64().unwrap(),
            )
        })
        .collect();
    let want = |v: &str, m: &str, g: u64, p: f64| (v.to_string(), m.to_string(), g, p);
    assert_eq!(
        top,
        [
            want("wa", "SC-9j RR-8b VW-7j TF-4b", 8, 7.0),
            want("gufu", "K*2三>W K*2二>W W*1一>E S*2一>W", 5, 4.0),
            want("gufu", "K*2三>W K*1二>N W*2二>N S*1一>S", 2, 0.5),
            want("wa", "SC-9j SP-8e OC-11j VS-7b", 2, 0.0),
            want("gufu", "K*2二>S K*1一>E W*2三>W S*1二>E", 1, 0.0),
        ]
    );
    // Game 5 one ply short has no result: counted, not scored.
    assert_eq!(
        openings["top"][0]["first_mover"],
        json!({"games": 8, "wins": 7, "draws": 0, "losses": 0})
    );
    // Players: both sides, win 1, draw ½; the broken games do not count.
    assert_eq!(s["players"]["distinct"], 6);
    assert_eq!(
        s["players"]["top"],
        json!([
            {"name": "CrazyWa 1.0.5", "games": 20, "wins": 9, "draws": 0, "losses": 9, "points": 9.0},
            {"name": "Ann", "games": 6, "wins": 3, "draws": 1, "losses": 1, "points": 3.5},
            {"name": "Bob", "games": 5, "wins": 1, "draws": 0, "losses": 4, "points": 1.0},
            {"name": "Cid", "games": 3, "wins": 1, "draws": 1, "losses": 0, "points": 1.5},
            {"name": "Dan", "games": 1, "wins": 0, "draws": 0, "losses": 0, "points": 0.0},
            {"name": "Eve", "games": 1, "wins": 0, "draws": 0, "losses": 0, "points": 0.0}
        ])
    );
    // A game set up from a position has no opening.
    let setup = "[Variant \"gufu\"]\n[FEN \"2/kw1/Kw1 b WS 3\"]\n\n3. W*1一>E 4. S*2一>W *\n";
    c.write("setup.psn", setup);
    let st = json_of(&c, &["setup.psn"], &[]);
    assert_eq!(
        (&st["valid"], &st["openings"]["distinct"]),
        (&json!(1), &json!(0))
    );
    // --top: fewer rows, the same totals; --variant gufu: what club 5's moves tell.
    let s1 = json_of(&c, &ALL, &["--top", "1"]);
    assert_eq!(s1["players"]["top"].as_array().unwrap().len(), 1);
    assert_eq!(s1["openings"]["top"].as_array().unwrap().len(), 1);
    assert_eq!(
        (&s1["players"]["distinct"], &s1["openings"]["distinct"]),
        (&json!(6), &json!(5))
    );
    let sv = json_of(&c, &ALL, &["--variant", "gufu"]);
    assert_eq!(
        (&sv["valid"], &sv["players"]["distinct"]),
        (&json!(18), &json!(6))
    );
}

#[test]
fn text_tables() {
    let c = Corpus::new("stats-text");
    let o = stats(&c, &ALL, &[]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(
        text.starts_with("20 games in 3 files: 18 valid, 2 invalid\n"),
        "{text}"
    );
    // A row: its cells in order.
    let row = |first: &str| -> Vec<String> {
        let line = text
            .lines()
            .find(|l| l.starts_with(first))
            .unwrap_or_else(|| panic!("no row {first} in\n{text}"));
        line.split("  ")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    };
    assert_eq!(row("Ann"), ["Ann", "6", "3", "1", "1", "3.5/5 (70%)"]);
    assert_eq!(
        row("CrazyWa 1.0.5"),
        ["CrazyWa 1.0.5", "20", "9", "0", "9", "9/18 (50%)"]
    );
    assert_eq!(
        row("wa       SC-9j RR-8b"),
        ["wa", "SC-9j RR-8b VW-7j TF-4b", "8", "7/7 (100%)"]
    );
    assert_eq!(row("checkmate"), ["checkmate", "9"]);
    assert_eq!(row("not ended"), ["not ended by the moves", "5"]);
    assert_eq!(row("wrong_facing"), ["wrong_facing", "1"]);
    assert!(
        text.contains("plies (main line): min 4, median 156.5, max 180\n"),
        "{text}"
    );
    // Kanji are two columns wide: the games column of the Gufū opening lines up with the
    // others (display width of everything before it).
    let width = |s: &str| -> usize {
        s.chars()
            .map(|c| if (c as u32) >= 0x3000 { 2 } else { 1 })
            .sum()
    };
    let col = |prefix: &str| {
        let line = text.lines().find(|l| l.starts_with(prefix)).unwrap();
        let cut = line.rfind(" 5 ").or_else(|| line.rfind(" 8 ")).unwrap();
        width(&line[..cut])
    };
    assert_eq!(col("gufu     K*2三>W K*2二>W"), col("wa       SC-9j RR-8b"));
}

#[test]
fn exit_codes() {
    let c = Corpus::new("stats-exit");
    let o = stats(&c, &["wa.psn"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = stats(&c, &["wa.psn", "missing.psn"], &["--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing.psn"));
    let s: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((&s["io_errors"], &s["games"]), (&json!(1), &json!(10)));
    assert_eq!(
        stats(&c, &["wa.psn"], &["--format", "yaml"]).status.code(),
        Some(2)
    );
    // No valid game at all: the invalid table only.
    let o = stats(&c, &["broken.psn"], &[]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(
        !text.contains("variant") && text.contains("syntax"),
        "{text}"
    );
}

#[test]
fn inputs_are_found_and_read_as_validate_reads_them() {
    let c = Corpus::new("stats-inputs");
    let found = c.found();
    let run = |args: &[&str]| {
        let mut all = vec!["stats", "--format", "json", &found];
        all.extend_from_slice(args);
        let o = kifu(&all);
        let s: Value = serde_json::from_slice(&o.stdout).unwrap();
        (o.status.code(), s, stderr(&o))
    };
    // gufu.psn's 8 games (club 5 without a Variant tag: Gufū by its moves) and sjis.psn's.
    let (code, s, err) = run(&[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!((&s["files"], &s["games"]), (&json!(2), &json!(9)));
    assert!(
        err.contains("sjis.psn: warning[encoding]: not UTF-8"),
        "{err}"
    );
    assert_eq!(run(&["--hidden"]).1["games"], json!(19));
    assert_eq!(run(&["--ext", "psn,txt"]).1["games"], json!(19));
    // Told its variant, club 5 is valid as well.
    let (code, s, _) = run(&["--variant", "gufu"]);
    assert_eq!((code, &s["invalid"]), (Some(0), &json!(0)));
    let (_, s, err) = run(&["--encoding", "utf-8"]);
    assert_eq!(s["invalid_kinds"][0]["name"], "invalid_utf8", "{s}");
    assert!(!err.contains("warning"), "{err}");
}
