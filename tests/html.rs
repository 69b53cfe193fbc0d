//! `kifu convert --to html`: the replay page as a file (what it holds, that it needs nothing
//! from outside, its size) and the command's outputs. How it behaves in a browser is
//! `tests/browser.rs`.

mod common;
mod pages;

use common::files::names;
use pages::{Scratch, fixture, games, kifu, page_of, positions};
use serde_json::Value;
use std::collections::HashSet;

/// The text between the first `open` and the next `close`.
fn between<'a>(s: &'a str, open: &str, close: &str) -> &'a str {
    let i = s.find(open).unwrap_or_else(|| panic!("no {open}")) + open.len();
    let j = s[i..].find(close).unwrap() + i;
    &s[i..j]
}

/// The page's data (the JSON the script reads): the boards', and each game's as `games`.
fn data(page: &str) -> Value {
    let mut d: Value = serde_json::from_str(between(
        page,
        "<script type=\"application/json\" id=\"kifu-data\">",
        "</script>",
    ))
    .unwrap();
    let open = "<script type=\"application/json\" class=\"kifu-game\">";
    let games: Vec<Value> = page
        .match_indices(open)
        .map(|(i, _)| serde_json::from_str(between(&page[i..], open, "</script>")).unwrap())
        .collect();
    d["games"] = Value::Array(games);
    d
}

/// Checks that a page needs nothing from outside and that every reference in it resolves.
fn self_contained(page: &str) {
    for bad in [
        "https://",
        "<link",
        "<iframe",
        "<img",
        " src=",
        "@import",
        "@font-face",
        "<object",
        "<embed",
        "fetch(",
        "XMLHttpRequest",
    ] {
        assert!(!page.contains(bad), "{bad} in the page");
    }
    let http: Vec<_> = page
        .match_indices("http://")
        .map(|(i, _)| &page[i..i + 30])
        .collect();
    assert!(
        http.iter()
            .all(|h| h.starts_with("http://www.w3.org/2000/svg")
                || h.starts_with("http://www.w3.org/1999/xlink")),
        "{http:?}"
    );
    for (i, _) in page.match_indices("url(") {
        assert!(page[i..].starts_with("url(#kifu-"), "{}", &page[i..i + 20]);
    }
    // Every id referred to (by href, url() or the script's data) is defined in the page.
    let ids: HashSet<&str> = page
        .match_indices(" id=\"")
        .map(|(i, m)| {
            let rest = &page[i + m.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    let mut refs = 0;
    let markup = &page[..page.find("<script>").unwrap_or(page.len())];
    for (i, m) in markup.match_indices("href=\"#") {
        let rest = &markup[i + m.len()..];
        let id = &rest[..rest.find('"').unwrap()];
        if id.starts_with("game=") {
            continue; // the list of games: addresses in the page
        }
        assert!(ids.contains(id), "#{id} is not defined");
        refs += 1;
    }
    assert!(refs > 10);
    let d = data(page);
    let mut in_data = Vec::new();
    collect_ids(&d, &mut in_data);
    assert!(!in_data.is_empty());
    for id in in_data {
        assert!(ids.contains(id.as_str()), "the data's {id} is not defined");
    }
    // The frames and the definitions are well-formed SVG.
    let defs = between(page, "<svg class=\"kifu-defs\"", "</svg>");
    roxmltree::Document::parse(&format!("<svg{defs}</svg>")).expect("the definitions");
    for (i, _) in page.match_indices("<template id=\"frame-") {
        let t = between(&page[i..], "\">", "</template>");
        roxmltree::Document::parse(t).expect("a frame");
    }
}

fn collect_ids(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) if s.starts_with("kifu-") => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| collect_ids(x, out)),
        Value::Object(o) => o.values().for_each(|x| collect_ids(x, out)),
        _ => {}
    }
}

#[test]
fn a_page_holds_every_position_of_kifus_replay() {
    let dir = Scratch::new("positions");
    for name in [
        "wa/crazywa-124-kanji.psn",
        "wa/nodrop-casual.psn",
        "gufu/gufu-friendly-mate.psn",
        "gufu/gufu-two-games.psn",
        "crazywa/selfplay-001.psn",
    ] {
        let page = std::fs::read_to_string(page_of(&dir.0, name, &[])).unwrap();
        self_contained(&page);
        let d = data(&page);
        let games_here = games(&fixture(name));
        let shown = d["games"].as_array().unwrap();
        assert_eq!(shown.len(), games_here.len(), "{name}");
        for (g, (record, report)) in shown.iter().zip(&games_here) {
            let plies = g["plies"].as_array().unwrap();
            let (start, exp) = positions(record, report);
            // The start, then one position per move, variations included, in source order;
            // each with the ply before it.
            assert_eq!(plies.len(), exp.len() + 1, "{name}");
            assert_eq!(plies[0][1].as_str(), Some(start.as_str()));
            assert_eq!(plies[0][0], -1);
            let mut depth = vec![0u64];
            for (i, p) in plies.iter().enumerate().skip(1) {
                let parent = p[0].as_i64().unwrap();
                assert!(
                    parent >= 0 && (parent as usize) < i,
                    "{name}: parents come first"
                );
                depth.push(depth[parent as usize] + 1);
                let (pos, ply) = &exp[i - 1];
                assert_eq!(p[1].as_str(), Some(pos.as_str()), "{name}: ply {i}");
                assert_eq!(depth[i], *ply, "{name}: ply {i}");
            }
            // The move list: one clickable move per ply, the comments, the variations.
            let list = between(
                &page,
                &format!("id=\"moves-{}\"", g_index(shown, g)),
                "</div>",
            );
            assert_eq!(list.matches("class=\"mv\"").count(), exp.len());
            let comments = record
                .movetext
                .nodes()
                .iter()
                .flat_map(|n| n.comments())
                .count()
                + record
                    .movetext
                    .lines()
                    .iter()
                    .map(|l| l.comments.len())
                    .sum::<usize>();
            assert_eq!(list.matches("class=\"comment\"").count(), comments);
            assert_eq!(
                list.matches("class=\"var\"").count(),
                record.movetext.lines().len() - 1
            );
        }
    }
}

fn g_index(all: &[Value], g: &Value) -> usize {
    all.iter().position(|x| std::ptr::eq(x, g)).unwrap()
}

#[test]
fn kanji_in_the_move_list_are_selectable_text() {
    let dir = Scratch::new("kanji");
    let page =
        std::fs::read_to_string(page_of(&dir.0, "gufu/gufu-friendly-mate.psn", &[])).unwrap();
    // Gufū moves have kanji ranks: written as text (copied, searched with Ctrl+F as they
    // read), not as outlines.
    let list = between(&page, "id=\"moves-0\"", "</div>");
    assert!(!list.contains("<svg"), "{list}");
    assert!(!list.contains("<use"), "{list}");
    assert!(
        list.contains('三') || list.contains('二') || list.contains('一'),
        "{list}"
    );
    // The moves read as the record writes them.
    let record = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/gufu/gufu-friendly-mate.psn"),
    )
    .unwrap();
    let first = record
        .lines()
        .find(|l| l.starts_with("1."))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap();
    let escaped = first
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    assert!(list.contains(&escaped), "{first} in {list}");
    // The boards still draw their coordinates from outlines (三 of the ranks).
    assert!(
        page.contains("<path id=\"kifu-t4e09\""),
        "三's outline is defined"
    );
    self_contained(&page);
}

#[test]
fn options_of_the_board() {
    let dir = Scratch::new("options");
    let plain = std::fs::read_to_string(page_of(
        &dir.0,
        "wa/nodrop-casual.psn",
        &[
            "--style", "plain", "--labels", "english", "--flip", "--ranks", "kanji",
        ],
    ))
    .unwrap();
    let d = data(&plain);
    assert_eq!(d["flip"], true);
    assert!(!plain.contains("kifu-boxwood"), "plain: no wooden gradient");
    // English labels: the sans face's letters; kanji ranks on the board.
    assert!(plain.contains("id=\"kifu-l53\""), "S of the label face");
    assert!(plain.contains("id=\"kifu-t4e00\""), "一 of the coordinates");
    // Each way up has its frame.
    assert!(plain.contains("id=\"frame-wa-nodrop-0\""));
    assert!(plain.contains("id=\"frame-wa-nodrop-1\""));
    // --text-glyphs: the board's text is left to fonts.
    let text = std::fs::read_to_string(page_of(
        &dir.0,
        "gufu/gufu-friendly-mate.psn",
        &["--text-glyphs"],
    ))
    .unwrap();
    let frame = between(&text, "<template id=\"frame-gufu-0\">", "</template>");
    assert!(frame.contains("<text"), "{frame}");
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = kifu().arg("convert").args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn cli_outputs() {
    let dir = Scratch::new("cli");
    let two = fixture("gufu/gufu-two-games.psn");
    let wa = fixture("wa/crazywa-124-kanji.psn");
    let (two, wa) = (two.to_str().unwrap(), wa.to_str().unwrap());
    // Standard output: one page.
    let (code, out, err) = run(&[two, "--to", "html"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("<!DOCTYPE html>") && out.ends_with("</html>\n"));
    assert_eq!(data(&out)["games"].as_array().unwrap().len(), 2);
    assert!(out.contains("class=\"games\""), "a list of the games");
    // Several inputs into a directory (-o ending in /): a page each, named after them.
    let each = dir.0.join("each");
    let each_dir = format!("{}/", each.display());
    let (code, _, err) = run(&[two, wa, "--to", "html", "-o", &each_dir]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        names(&each),
        ["crazywa-124-kanji.html", "gufu-two-games.html"]
    );
    // Several inputs to one output: one page with every game, of both variants.
    let (code, page, err) = run(&[two, wa, "--to", "html"]);
    assert_eq!(code, 0, "{err}");
    let d = data(&page);
    assert_eq!(d["games"].as_array().unwrap().len(), 3);
    assert!(d["kinds"]["gufu"].is_object() && d["kinds"]["wa"].is_object());
    self_contained(&page);
    // ... and to a new path not ending in /: one file, that same page.
    let one = dir.0.join("both");
    let (code, _, err) = run(&[two, wa, "--to", "html", "-o", one.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&one).unwrap(), page);
    // A page per game.
    let per = dir.0.join("per");
    let (code, _, err) = run(&[
        two,
        "--to",
        "html",
        "--per",
        "game",
        "-o",
        per.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        names(&per),
        ["gufu-two-games-game1.html", "gufu-two-games-game2.html"]
    );
    for f in names(&per) {
        let p = std::fs::read_to_string(per.join(&f)).unwrap();
        assert_eq!(data(&p)["games"].as_array().unwrap().len(), 1);
    }
    // ... which needs a directory.
    let (code, out, err) = run(&[two, "--to", "html", "--per", "game"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("-o"), "{err}");
    // An invalid game: reported as validate reports it, left out of the page, status 1.
    let bad = dir.0.join("bad.psn");
    std::fs::write(
        &bad,
        format!(
            "{}\n[Variant \"Gufu\"]\n\n1. K*2三>N 2. K*1一>S 3. S*2一>E *\n",
            std::fs::read_to_string(fixture("gufu/gufu-friendly-mate.psn")).unwrap()
        ),
    )
    .unwrap();
    let (code, out, err) = run(&[bad.to_str().unwrap(), "--to", "html"]);
    assert_eq!(code, 1);
    assert!(err.contains("error["), "{err}");
    assert_eq!(data(&out)["games"].as_array().unwrap().len(), 1);
    // No valid game at all: a page that says so, status 1.
    let only_bad = dir.0.join("only-bad.psn");
    std::fs::write(
        &only_bad,
        "[Variant \"Gufu\"]\n\n1. K*2三>N 2. K*1一>S 3. S*2一>E *\n",
    )
    .unwrap();
    let (code, out, _) = run(&[only_bad.to_str().unwrap(), "--to", "html"]);
    assert_eq!(code, 1);
    assert!(out.contains("No valid game") && out.ends_with("</html>\n"));
    assert!(!out.contains("<script"), "nothing to run");
    // No board and no dead controls; the page says why.
    assert!(
        !out.contains("id=\"board\"") && !out.contains("<button"),
        "{out}"
    );
    assert!(
        out.contains("No valid game to show: its 1 game is not valid"),
        "{out}"
    );
    // An input with no game at all.
    let empty = dir.0.join("empty.psn");
    std::fs::write(&empty, "").unwrap();
    let (_, out, _) = run(&[empty.to_str().unwrap(), "--to", "html"]);
    assert!(
        out.contains("No valid game to show: the input has no game."),
        "{out}"
    );
    assert!(!out.contains("<button"), "{out}");
    // Nothing written when the output cannot be.
    let below_file = each.join("gufu-two-games.html").join("x.html");
    let (code, _, _) = run(&[two, "--to", "html", "-o", below_file.to_str().unwrap()]);
    assert_eq!(code, 2);
}

#[test]
fn a_300_ply_wa_game_makes_a_small_page() {
    let dir = Scratch::new("size");
    let psn = dir.0.join("g.psn");
    let st = kifu()
        .args(["generate", "--variant", "wa", "--seed", "1", "-o"])
        .arg(&psn)
        .status()
        .unwrap();
    assert!(st.success());
    let (code, out, err) = run(&[psn.to_str().unwrap(), "--to", "html"]);
    assert_eq!(code, 0, "{err}");
    let d = data(&out);
    assert_eq!(d["games"][0]["plies"].as_array().unwrap().len(), 301);
    // The README gives this size (about 170 KB): positions as strings, one set of outlines
    // and piece looks, no SVG per ply.
    assert!(out.len() < 200_000, "{} bytes", out.len());
    assert_eq!(
        out.matches("<svg").count(),
        1 + 2 + count_inline_glyphs(&out)
    );
}

fn count_inline_glyphs(page: &str) -> usize {
    page.matches("<svg class=\"kg\"").count()
}

#[test]
fn the_list_of_games_and_the_title_tell_games_apart() {
    let dir = fixture("xboard");
    let (code, page, err) = run(&[dir.to_str().unwrap(), "--to", "html", "-q"]);
    assert_eq!(code, 0, "{err}");
    // The title names what was asked for (the directory), not a count of files.
    let title = between(&page, "<title>", "</title>");
    assert_eq!(title, dir.display().to_string());
    assert!(!page.contains("files</title>") && !page.contains("files</h1>"));
    // Each game: its number, players, round, date, result and file.
    let items: Vec<&str> = page
        .match_indices("<li>")
        .map(|(i, _)| between(&page[i..], "<li>", "</li>"))
        .collect();
    assert_eq!(items.len(), 26);
    assert!(
        items[0].starts_with("<span class=\"no\">1.</span>"),
        "{}",
        items[0]
    );
    assert!(
        items[9].starts_with("<span class=\"no\">10.</span>"),
        "{}",
        items[9]
    );
    assert!(
        items[0].contains(
            "CrazyWa 1.0.5 – CrazyWa 1.0.5 <span class=\"what\">round 1 · 2026.12.01 · 0-1 · \
             crazywa-01.pgn</span>"
        ),
        "{}",
        items[0]
    );
    assert!(items.iter().any(|i| i.contains("hachu-07.pgn")));
    // XBoard's board before the first move: its lines kept, in a block of its own; other
    // comments (its evaluations) stay in the line of moves.
    let board = between(&page, "<span class=\"comment board-text\">", "</span>");
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines.len(), 19, "{board}");
    assert_eq!(lines[17], "white to play", "{board}");
    assert_eq!(lines[6], "h m l c v k w g u d o", "{board}");
    assert_eq!(
        page.matches("comment board-text").count(),
        26,
        "one per game"
    );
    assert!(page.contains("<span class=\"comment\">+0.28/6</span>"));
}
