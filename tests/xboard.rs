//! Records saved by XBoard (fixtures/xboard: real games of HaChu and CrazyWa, saved by XBoard
//! 4.9.1 itself; tools/xboard/README.md says how they were made): every SAN move resolves to the
//! move the engine sent, `--notation san` writes XBoard's tokens back, the first mover is named
//! right, XBoard's FEN reads, bad SAN is an error at its line and column, and no mutation of
//! these files makes kifu panic.

mod cli_support;
mod common;

use cli_support::out as stdout;
use common::mutate;
use common::rng::Rng;
use kifu::Variant;
use kifu::geometry::RankStyle;
use kifu::notation::{Notation, Style};
use kifu::record::{Record, parse_str};
use kifu::replay::{Convention, Players, Problem, ReplayOptions, replay};
use kifu::rules::PerGame;
use kifu::wa::fen;
use kifu::wa::notation::wa_engine;
use kifu::writers::{psn, rows};
use std::path::{Path, PathBuf};
use std::process::Output;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The XBoard files, sorted.
fn fixtures() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(manifest().join("fixtures/xboard"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    v.sort();
    assert_eq!(v.len(), 24, "the 24 files of fixtures/xboard");
    v
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

/// The engines' moves of each game of a fixture (`<name>.engine.txt`: one move a line, an empty
/// line between games).
fn engine_games(pgn: &Path) -> Vec<Vec<String>> {
    let text = read(&pgn.with_extension("engine.txt"));
    text.split("\n\n")
        .map(|g| g.lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|g| !g.is_empty())
        .collect()
}

fn keep() -> ReplayOptions {
    ReplayOptions {
        default_variant: None,
        keep_moves: true,
    }
}

fn records(text: &str) -> Vec<Record> {
    parse_str(text)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e:?}")))
        .collect()
}

/// The move tokens of a PGN text, read without kifu: tag lines, comments, move numbers and
/// results dropped.
fn move_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut clean = String::new();
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    for line in clean.lines().filter(|l| !l.starts_with('[')) {
        for w in line.split_whitespace() {
            let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if !w.is_empty() && !["1-0", "0-1", "1/2-1/2", "*"].contains(&w) {
                out.push(w.to_string());
            }
        }
    }
    out
}

fn kifu(args: &[&str], stdin: Option<&str>) -> Output {
    cli_support::kifu(args, stdin.map(str::as_bytes))
}

const SAN: Style = Style {
    notation: Notation::San,
    ranks: RankStyle::Letter,
};

// ------------------------------------------------------------------ the fixtures

#[test]
fn every_san_move_resolves_to_the_engines_move() {
    let mut total = 0;
    for path in fixtures() {
        let text = read(&path);
        let games = records(&text);
        let engine = engine_games(&path);
        assert_eq!(games.len(), engine.len(), "{}", path.display());
        for (g, (record, moves)) in games.iter().zip(&engine).enumerate() {
            let report = replay(record, &keep());
            assert!(
                report.valid(),
                "{} game {}: {:?}",
                path.display(),
                g + 1,
                report.errors
            );
            let Some(PerGame::Wa(played)) = &report.played else {
                panic!("{}: not a Wa game", path.display());
            };
            let resolved: Vec<String> = played
                .main_moves(&record.movetext)
                .map(|(_, m)| wa_engine(m))
                .collect();
            assert_eq!(&resolved, moves, "{} game {}", path.display(), g + 1);
            total += resolved.len();
        }
    }
    assert_eq!(total, 5730, "every SAN move of the 26 games");
}

#[test]
fn san_output_has_xboards_tokens_and_tags() {
    for path in fixtures() {
        let name = path.to_string_lossy().into_owned();
        let o = kifu(&["convert", "--notation", "san", &name], None);
        let out = stdout(&o);
        let input = read(&path);
        assert_eq!(move_tokens(&out), move_tokens(&input), "{name}");
        // The tags come back as XBoard wrote them: names, values, order.
        let tags = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| l.starts_with('['))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(tags(&out), tags(&input), "{name}");
        // The diagram and the engine comments are kept.
        assert!(out.contains("{--------------\n"), "{name}");
        let comments = |t: &str| t.matches('{').count();
        assert_eq!(comments(&out), comments(&input), "{name}");
    }
}

#[test]
fn san_output_is_idempotent_and_survives_kifus_convention() {
    for path in fixtures() {
        let name = path.to_string_lossy().into_owned();
        let san = stdout(&kifu(&["convert", "--notation", "san", &name], None));
        let again = stdout(&kifu(&["convert", "--notation", "san", "-"], Some(&san)));
        assert_eq!(again, san, "{name}: SAN output converted again");
        // Through kifu's own PSN (Black = first mover) and back.
        let hodges = stdout(&kifu(&["convert", "-"], Some(&san)));
        assert!(!hodges.contains("wa-shogi") && !hodges.contains("crazywa"));
        let back = stdout(&kifu(&["convert", "--notation", "san", "-"], Some(&hodges)));
        assert_eq!(back, san, "{name}: SAN -> Hodges -> SAN");
    }
}

#[test]
fn every_fixture_validates_and_only_the_stalemate_warns() {
    let o = kifu(&["validate", "--format", "json", "fixtures/xboard"], None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut warned = Vec::new();
    let mut games = 0;
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["type"] != "game" {
            continue;
        }
        games += 1;
        assert_eq!(v["valid"], true, "{line}");
        for w in v["warnings"].as_array().unwrap() {
            assert_eq!(w["kind"], "result_mismatch", "{line}");
            warned.push(v["file"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(games, 26);
    // XBoard scores "no legal move without check" a draw; in Wa it loses: the Result tag and
    // the result token both disagree with the game.
    assert_eq!(warned, ["fixtures/xboard/hachu-07.pgn"; 2]);
    // `--strict` makes the warning an error.
    let strict = kifu(
        &["validate", "--strict", "fixtures/xboard/hachu-07.pgn"],
        None,
    );
    assert_eq!(strict.status.code(), Some(1));
}

#[test]
fn the_stalemate_is_a_true_end_and_its_hash_is_accepted() {
    let text = read(&manifest().join("fixtures/xboard/hachu-07.pgn"));
    let record = &records(&text)[0];
    let report = replay(record, &keep());
    assert!(report.valid());
    let o = report.outcome.expect("the game ended");
    assert_eq!(o.termination.name(), "no_legal_moves");
    assert_eq!(o.result(), "1-0");
    assert!(text.contains("198. Ej9# "));
}

// ------------------------------------------------------------------ who moves first

/// hachu-01 with distinct names: XBoard's White moves first.
fn named_xboard_game() -> String {
    read(&manifest().join("fixtures/xboard/hachu-01.pgn"))
        .replace("[White \"HaChu 0.21\"]", "[White \"Sente Engine\"]")
        .replace("[Black \"HaChu 0.21\"]", "[Black \"Gote Engine\"]")
}

#[test]
fn the_first_mover_is_black_in_csv_and_json_for_xboard_files() {
    let text = named_xboard_game();
    let csv = stdout(&kifu(
        &["convert", "--to", "csv", "--per", "game", "-"],
        Some(&text),
    ));
    let row = csv.lines().nth(1).unwrap();
    assert!(row.contains(",Sente Engine,Gote Engine,"), "{row}");
    let json = stdout(&kifu(&["convert", "--to", "json", "-"], Some(&text)));
    let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(v["black"], "Sente Engine");
    assert_eq!(v["white"], "Gote Engine");
    // The tags themselves are kept as written.
    assert!(
        v["tags"]
            .to_string()
            .contains(r#"["White","Sente Engine"]"#)
    );
}

#[test]
fn kifus_own_psn_keeps_black_as_first_mover() {
    let text = named_xboard_game();
    // Converted to kifu's PSN: kifu's convention, so Black names the first mover.
    let psn = stdout(&kifu(&["convert", "-"], Some(&text)));
    assert!(
        psn.contains("[Black \"Sente Engine\"]\n[White \"Gote Engine\"]"),
        "{psn}"
    );
    assert!(psn.contains("[Variant \"wa-nodrop\"]"), "{psn}");
    assert!(
        psn.contains("[FEN \"hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1\"]"),
        "{psn}"
    );
    let csv = stdout(&kifu(
        &["convert", "--to", "csv", "--per", "game", "-"],
        Some(&psn),
    ));
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .contains(",Sente Engine,Gote Engine,")
    );
    let json = stdout(&kifu(&["convert", "--to", "json", "-"], Some(&psn)));
    let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(v["black"], "Sente Engine");
    // A PSN of kifu's own: Black first, whatever the notation of its moves.
    let own = "[Black \"A\"]\n[White \"B\"]\n[Variant \"wa\"]\n\n1. Rg4 Re8 *\n";
    let csv = stdout(&kifu(
        &["convert", "--to", "csv", "--per", "game", "-"],
        Some(own),
    ));
    assert!(csv.lines().nth(1).unwrap().contains(",A,B,"), "{csv}");
    // Written in SAN, it takes XBoard's convention: White names the first mover.
    let san = stdout(&kifu(&["convert", "--notation", "san", "-"], Some(own)));
    assert_eq!(
        san,
        "[White \"A\"]\n[Black \"B\"]\n[Variant \"crazywa\"]\n\n1. Rg4 Re8 *\n"
    );
}

#[test]
fn the_convention_is_decided_by_the_tags() {
    let convention = |tags: &str| {
        let text = format!("{tags}\n\n1. Rg4 *\n");
        Convention::of(&records(&text)[0])
    };
    assert_eq!(convention("[Variant \"wa-shogi\"]"), Convention::Xboard);
    assert_eq!(convention("[Variant \"crazywa\"]"), Convention::Xboard);
    assert_eq!(convention("[Variant \"CrazyWa\"]"), Convention::Xboard);
    let fen = "[Variant \"wa\"]\n[FEN \"hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] w - 0 1\"]";
    assert_eq!(convention(fen), Convention::Xboard);
    // Kifu's names, kifu's FEN, or no tags: kifu's, even with SAN moves.
    assert_eq!(convention("[Variant \"wa\"]"), Convention::Kifu);
    assert_eq!(convention("[Variant \"Wa shogi\"]"), Convention::Kifu);
    assert_eq!(convention("[Variant \"wa-nodrop\"]"), Convention::Kifu);
    assert_eq!(convention("[Event \"x\"]"), Convention::Kifu);
    let kifu_fen = fen.replace(" w - 0 1", " w 0 1");
    assert_eq!(convention(&kifu_fen), Convention::Kifu);
    // Gufū's position string has `-` for an empty hand there: not XBoard's field.
    let gufu = "[Variant \"gufu\"]\n[FEN \"Sske/2/KwWn b - 5\"]";
    assert_eq!(convention(gufu), Convention::Kifu);
    let text = "[Black \"A\"]\n[White \"B\"]\n[Variant \"crazywa\"]\n\n1. Rg4 *\n";
    let r = &records(text)[0];
    assert_eq!(
        Players::of(r),
        Players {
            first: Some("B"),
            second: Some("A")
        }
    );
    let fields = rows::game_fields("f", 1, Some(r), None, None);
    assert_eq!((fields[5].as_str(), fields[6].as_str()), ("B", "A"));
}

#[test]
fn stats_and_replay_pages_name_the_first_mover_first() {
    let text = named_xboard_game();
    let json = stdout(&kifu(&["stats", "--format", "json", "-"], Some(&text)));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    // hachu-01 is 1-0: a win of the first mover, XBoard's White.
    let top = &v["players"]["top"];
    assert_eq!(top[0]["name"], "Sente Engine", "{json}");
    assert_eq!(top[0]["wins"], 1);
    assert_eq!(top[1]["name"], "Gote Engine");
    assert_eq!(top[1]["losses"], 1);
    // The list of games of a replay page (two games, so that there is a list).
    let two = format!("{text}\n{text}");
    let html = stdout(&kifu(&["convert", "--to", "html", "-"], Some(&two)));
    assert!(
        html.contains(
            ">Sente Engine – Gote Engine <span class=\"what\">round 1 · 2026.12.01 · 1-0 ·"
        ),
        "{html}"
    );
}

#[test]
fn the_caption_of_a_diagram_names_the_first_mover_black() {
    let text = named_xboard_game();
    let svg = stdout(&kifu(&["render", "--ply", "0", "-"], Some(&text)));
    assert!(svg.contains("Black: Sente Engine"), "{svg}");
    assert!(svg.contains("White: Gote Engine"), "{svg}");
}

#[test]
fn variant_names_are_xboards() {
    assert_eq!(Variant::from_name("wa-shogi"), Some(Variant::WaNoDrop));
    assert_eq!(Variant::from_name("crazywa"), Some(Variant::Wa));
    // A drop in a wa-shogi game is an error.
    let text = "[Variant \"wa-shogi\"]\n\n1. Rg4 Re8 2. P@e5 *\n";
    let report = replay(&records(text)[0], &keep());
    assert_eq!(report.errors[0].kind.name(), "drops_disabled");
}

// ------------------------------------------------------------------ XBoard's FEN

#[test]
fn xboards_fen_reads_and_writes() {
    let start =
        "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH";
    for (fen_text, variant) in [
        (format!("{start} w - 0 1"), Variant::WaNoDrop),
        (format!("{start}[-] w - 0 1"), Variant::Wa),
    ] {
        let pos = fen::parse(variant, &fen_text).unwrap();
        assert_eq!(fen::write_xboard(&pos), fen_text);
        assert!(fen::has_en_passant_field(&fen_text));
        // kifu's own form is unchanged.
        let kifu_form = fen_text.replace(" w - 0 1", " w 0 1");
        assert_eq!(fen::write(&pos), kifu_form);
        assert!(!fen::has_en_passant_field(&kifu_form));
        assert_eq!(fen::parse(variant, &kifu_form).unwrap(), pos);
    }
    // Counters after the field are read; a second `-` is not a number.
    let pos = fen::parse(Variant::WaNoDrop, &format!("{start} b - 7 12")).unwrap();
    assert_eq!((pos.halfmove(), pos.fullmove()), (7, 12));
    assert!(fen::parse(Variant::WaNoDrop, &format!("{start} w - - 0 1")).is_err());
    // A control character in a malformed FEN is escaped in the message (found by the hostile
    // suite on a mutated XBoard file).
    for bad in [
        "5o4k/11/11/11/1\u{11}/5S5/11/11/11/11/5K5 w 0 1",
        "k10/11/11/11/11/11/11/11/11/11/10K[P\u{7}] w 0 1",
    ] {
        let e = fen::parse(Variant::Wa, bad).unwrap_err();
        assert!(!e.message.contains(char::is_control), "{:?}", e.message);
        assert!(e.message.contains("\\u{"), "{:?}", e.message);
    }
}

// ------------------------------------------------------------------ bad SAN

/// The first mover's (the file's White: messages name the sides as the file does) Swallow's
/// Wings on b5 and f5, a Sparrow Pawn on e4 and one on e10; the second mover's Sparrow Pawn on
/// b6; the Kings on k1 (first mover) and a11.
const POS: &str = "k10/4P6/11/11/11/1p9/1S3S5/4P6/11/11/10K w - 0 1";

/// The first problem of `moves` played from POS (`wa-shogi`), with its line and column.
fn problem(variant: &str, moves: &str) -> (Problem, usize, usize, String) {
    let text = format!("[Variant \"{variant}\"]\n[FEN \"{POS}\"]\n\n{moves} *\n");
    let record = &records(&text)[0];
    let report = replay(record, &keep());
    let p = report
        .errors
        .first()
        .cloned()
        .unwrap_or_else(|| panic!("{moves}: no error"));
    let lc = record.line_col(p.span.start).unwrap();
    (p, lc.line, lc.column, text)
}

fn error(moves: &str) -> (String, String, Option<String>) {
    let (p, line, col, text) = problem("wa-shogi", moves);
    // Every error points at its move, on line 4, where the movetext is.
    assert_eq!(line, 4, "{moves}");
    let mv = p.mv.clone().unwrap();
    assert_eq!(text.lines().nth(3).unwrap()[col - 1..].find(&mv), Some(0));
    (p.kind.name().to_string(), p.message, p.help)
}

fn valid(moves: &str) {
    let text = format!("[Variant \"wa-shogi\"]\n[FEN \"{POS}\"]\n\n{moves} *\n");
    let report = replay(&records(&text)[0], &keep());
    assert!(report.valid(), "{moves}: {:?}", report.errors);
}

#[test]
fn ambiguous_san_lists_the_candidates() {
    let (kind, message, help) = error("1. Sd5");
    assert_eq!(kind, "ambiguous_move");
    assert_eq!(
        message,
        "2 pieces S can move to d5: write the origin's file or rank"
    );
    assert_eq!(help.as_deref(), Some("candidates: Sb5, Sf5"));
    // The rank does not tell them apart either.
    let (kind, message, _) = error("1. S5d5");
    assert_eq!(kind, "ambiguous_move");
    assert!(
        message.ends_with("write the origin's file and rank"),
        "{message}"
    );
    // The file does; so does the whole square (more than needed is accepted).
    valid("1. Sbd5");
    valid("1. Sfd5");
    valid("1. Sb5d5");
    valid("1. Sb5c5");
    valid("1. Sbc5");
    valid("1. Sa5");
}

#[test]
fn wrongly_disambiguated_san() {
    let (kind, message, _) = error("1. Shd5");
    assert_eq!(kind, "no_piece");
    assert_eq!(message, "White has no S on file h");
    let (kind, message, _) = error("1. S7d5");
    assert_eq!(
        (kind.as_str(), message.as_str()),
        ("no_piece", "White has no S on rank 7")
    );
    let (kind, message, _) = error("1. Sc5d5");
    assert_eq!(kind, "no_piece");
    assert_eq!(message, "White has no S on c5: it is empty");
    // A piece that is there but cannot go there.
    let (kind, _, help) = error("1. Sb5d6");
    assert_eq!(kind, "cannot_move_that_way");
    assert!(help.unwrap().starts_with("the S on b5 can go to "));
    let (kind, _, _) = error("1. exd5");
    assert_eq!(kind, "cannot_move_that_way");
}

#[test]
fn illegal_san() {
    let (kind, _, help) = error("1. Sc6");
    assert_eq!(kind, "cannot_move_that_way");
    assert!(help.is_some());
    let (kind, message, _) = error("1. Kk3");
    assert_eq!(kind, "cannot_move_that_way", "{message}");
    let (kind, message, _) = error("1. Rg4");
    assert_eq!(
        (kind.as_str(), message.as_str()),
        ("no_piece", "White has no R on the board")
    );
    let (kind, _, _) = error("1. +Sb6");
    assert_eq!(kind, "no_piece");
    let (kind, message, _) = error("1. +Kk2");
    assert_eq!(kind, "unknown_piece");
    assert_eq!(message, "'+K' is not a Wa piece: K never promotes");
    let (kind, _, _) = error("1. Zk2");
    assert_eq!(kind, "unknown_piece");
}

#[test]
fn wrong_capture_marks() {
    // A capture without `x`.
    let (kind, message, help) = error("1. Sb6");
    assert_eq!(kind, "capture_mark");
    assert_eq!(
        message,
        "the move captures the P on b6, but no 'x' is written"
    );
    assert_eq!(help.as_deref(), Some("XBoard writes Sxb6"));
    // `x` without a capture.
    let (kind, message, help) = error("1. Sbxc5");
    assert_eq!(kind, "capture_mark");
    assert_eq!(message, "'x' claims a capture, but c5 is empty");
    assert_eq!(help.as_deref(), Some("XBoard writes Sbc5"));
    let (kind, _, help) = error("1. exe5");
    assert_eq!(kind, "capture_mark");
    assert_eq!(help.as_deref(), Some("XBoard writes e5"));
    valid("1. Sxb6");
    valid("1. e5");
}

#[test]
fn wrong_promotion_marks() {
    let (kind, _, _) = error("1. Sbd5+");
    assert_eq!(kind, "cannot_promote");
    // XBoard keeps (and writes back) `=` on any SAN move, whether a promotion was possible or
    // not: accepted, as a plain move; so after engine coordinates.
    valid("1. Sbd5=");
    valid("1. e5=");
    valid("1. e4e5=");
    // e10-e11 must promote: without a mark it is declined, which the rules forbid.
    let (kind, _, _) = error("1. e11");
    assert_eq!(kind, "must_promote");
    valid("1. e11+");
    // A move that could promote: no mark or `=` declines, `+` promotes.
    let to_e9 = "1. e5 Kb11 2. e6 Ka11 3. e7 Kb11 4. e8 Ka11 5. e9";
    valid(to_e9);
    valid(&format!("{to_e9}="));
    valid(&format!("{to_e9}+"));
    valid("1. e5 Kb11 2. e6 Ka11 3. e7 Kb11 4. e8=");
    // In Hodges notation (kifu's PSN) `=` on a move that could not promote stays an error.
    let (kind, message, _) = error("1. SP-7g=");
    assert_eq!(kind, "nothing_to_decline", "{message}");
    let (kind, message, _) = error("1. Sbd5#+");
    assert_eq!(kind, "bad_mark", "{message}");
}

#[test]
fn a_false_mate_mark_is_an_error() {
    let (kind, message, help) = error("1. Sbd5#");
    assert_eq!(kind, "check_mark");
    assert_eq!(
        message,
        "'#' claims that Black has no legal move left, but Black can still move"
    );
    assert!(help.unwrap().starts_with("for example "));
    // The same on an engine drop (CrazyWa's game) and an engine move.
    let (p, _, _, _) = problem("crazywa", "1. Sxb6 Kb11 2. P@f6#");
    assert_eq!(p.kind.name(), "check_mark");
    assert_eq!(p.mv.as_deref(), Some("P@f6#"));
    let (p, _, _, _) = problem("wa-shogi", "1. f5d5#");
    assert_eq!(p.kind.name(), "check_mark");
    // Hodges moves take no `#` in Wa.
    let (p, _, _, _) = problem("wa-shogi", "1. SW6e-8e#");
    assert_eq!(p.kind.name(), "bad_mark");
}

#[test]
fn san_in_a_gufu_game_is_a_clear_error() {
    let text = "[Variant \"gufu\"]\n\n1. Rg4 *\n";
    let report = replay(&records(text)[0], &keep());
    let p = &report.errors[0];
    assert_eq!(p.kind.name(), "bad_notation");
    assert_eq!(
        p.message,
        "SAN (XBoard's notation) is for Wa only; write Gufū moves as K*2三>W"
    );
    // The library refuses to write a Gufū game in SAN, and says why (no other notation instead).
    let text = read(&manifest().join("fixtures/gufu/gufu-friendly-mate.psn"));
    let r = &records(&text)[0];
    let report = replay(r, &keep());
    let ranks = Style {
        ranks: RankStyle::Kanji,
        ..SAN
    };
    let e = psn::write(r, &report, ranks).unwrap_err();
    assert!(
        matches!(e, psn::WriteError::Unsupported(u) if u.variant == Variant::Gufu),
        "{e:?}"
    );
    assert!(psn::write(r, &report, Style::default_for(Variant::Gufu)).is_ok());
    let o = kifu(
        &[
            "convert",
            "--notation",
            "san",
            "fixtures/gufu/gufu-friendly-mate.psn",
        ],
        None,
    );
    // Refused per game (the batch goes on): exit status 1, the reason at the Variant tag.
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("error[unsupported_notation]: --notation san: a Gufū game cannot be written in XBoard's SAN"),
        "{e}"
    );
}

#[test]
fn bad_san_in_an_xboard_file_is_reported_at_its_line_and_column() {
    let text = read(&manifest().join("fixtures/xboard/hachu-07.pgn"));
    // `5. Rxg8` written without its `x`, and `9. Ff7` with a false `#`.
    for (from, to, mv, kind) in [
        ("5. Rxg8 ", "5. Rg8 ", "Rg8", "capture_mark"),
        ("9. Ff7 ", "9. Ff7# ", "Ff7#", "check_mark"),
        ("2. e4 ", "2. e5 ", "e5", "cannot_move_that_way"),
        ("Xxg8 ", "Xg8 ", "Xg8", "capture_mark"),
        // A Sparrow's capture names its origin file.
        (" dxd7 ", " d7 ", "d7", "capture_mark"),
        (" exe4 ", " fxe4 ", "fxe4", "no_piece"),
        (" exe4 ", " dxe4 ", "dxe4", "cannot_move_that_way"),
        ("Rg4 ", "R2g4 ", "R2g4", "no_piece"),
        ("Rg4 ", "Rh4g4 ", "Rh4g4", "no_piece"),
    ] {
        let bad = text.replacen(from, to, 1);
        let o = kifu(&["validate", "-"], Some(&bad));
        assert_eq!(o.status.code(), Some(1));
        let out = stdout(&o);
        let at = bad.find(to).unwrap() + to.find(mv).unwrap();
        let line = bad[..at].matches('\n').count() + 1;
        let col = bad[..at].rsplit('\n').next().unwrap().chars().count() + 1;
        let want = format!("<stdin>:{line}:{col}: error[{kind}]");
        assert!(out.starts_with(&want), "{want}\n{out}");
    }
}

#[test]
fn a_mate_mark_may_be_left_out_and_more_origin_than_needed_is_accepted() {
    // XBoard's `#` is a claim: without it the move is the same.
    let text = read(&manifest().join("fixtures/xboard/crazywa-11.pgn"));
    for (from, to) in [
        ("+Fe2#", "+Fe2"),
        ("+Fgh3 ", "+Fg3h3 "),
        ("1. Vh2 ", "1. Vg1h2 "),
    ] {
        assert!(text.contains(from));
        let changed = text.replacen(from, to, 1);
        let report = replay(&records(&changed)[0], &keep());
        assert!(report.valid(), "{to}: {:?}", report.errors);
        assert_eq!(report.outcome.unwrap().termination.name(), "checkmate");
    }
}

// ------------------------------------------------------------------ hostile XBoard files

fn mutated_xboard_files(cases: u64) {
    let corpus: Vec<Vec<u8>> = fixtures()
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    for i in 0..cases {
        let mut r = Rng::for_case(9, 7, i);
        let mut b = r.pick(&corpus).clone();
        for _ in 0..1 + r.below(4) {
            mutate::record(&mut b, &corpus, &mut r);
        }
        for record in kifu::record::parse_bytes(&b).into_iter().flatten() {
            let report = replay(&record, &keep());
            if report.valid() && matches!(report.variant, Some(Variant::Wa | Variant::WaNoDrop)) {
                let out = psn::write(&record, &report, SAN).expect("a valid game is written");
                // What kifu writes in SAN reads back as the same game.
                let again = &records(&out)[0];
                let re = replay(again, &keep());
                assert!(re.valid(), "case {i}: {:?}\n{out}", re.errors);
                assert_eq!(re.main_plies, report.main_plies, "case {i}");
            }
            let _ = rows::plies(&record, &report, SAN);
        }
    }
}

#[test]
fn mutated_xboard_files_never_panic() {
    mutated_xboard_files(300);
}

#[test]
#[ignore = "long: cargo test --release --test xboard -- --ignored"]
fn mutated_xboard_files_never_panic_long() {
    mutated_xboard_files(20_000);
}

#[test]
fn starts_and_ends_are_those_of_the_engines_games() {
    // Every fixture starts from the start position (XBoard's FEN read) and its final position is
    // the one the engine moves reach.
    for path in fixtures() {
        for record in records(&read(&path)) {
            let report = replay(&record, &keep());
            let start = report.start().unwrap().position_string();
            assert!(start.starts_with("hmlcvkwgudo/1e3s3f1/"), "{start}");
            assert!(report.end().is_some());
        }
    }
}

#[test]
fn messages_name_the_sides_as_the_file_does() {
    // The first mover is the file's White in XBoard's convention: so in every message.
    let (p, ..) = problem("crazywa", "1. S@f10");
    assert_eq!(p.kind.name(), "not_in_hand");
    assert_eq!(p.help.as_deref(), Some("White has nothing in hand"));
    let (p, ..) = problem("wa-shogi", "1. Sbd5 Sbd5");
    assert!(p.message.starts_with("Black "), "{}", p.message);
    // kifu's convention: the first mover is Black.
    let text = "[Variant \"wa\"]\n\n1. SP-7d *\n";
    let report = replay(&records(text)[0], &keep());
    let p = &report.errors[0];
    assert!(p.message.starts_with("Black has no SP"), "{}", p.message);
    // The FEN's side to move, in the file's words.
    let text = "[Variant \"crazywa\"]\n[FEN \"k10/11/11/11/11/11/11/11/11/11/10K x - 0 1\"]\n\n*\n";
    let report = replay(&records(text)[0], &keep());
    let p = &report.errors[0];
    assert!(p.message.contains("(White, first mover)"), "{}", p.message);
}
