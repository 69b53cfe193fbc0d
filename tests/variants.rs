//! The variant is decided before the moves: a Variant tag that names no game kifu knows is
//! `unknown_variant` even when the moves do not read (chess moves); a record without a Variant
//! tag (and no `--variant`) is of the game its moves fit, when only one fits, and otherwise
//! `missing_variant` with a hint naming `--variant`.

mod cli_support;

use cli_support::{err, kifu, manifest, out};
use kifu::Variant;
use kifu::record::parse_game_str;
use kifu::replay::{ProblemKind, ReplayOptions, replay};
use serde_json::Value;

const CHESS: &str = "this looks like a chess game; kifu reads Wa shogi and Gufū shōgi";

/// `kifu validate` on `text`: the exit code, the human form, and the JSON game line.
fn validate(text: &str, args: &[&str]) -> (Option<i32>, String, Value) {
    let mut all = vec!["validate"];
    all.extend_from_slice(args);
    all.push("-");
    let o = kifu(&all, Some(text.as_bytes()));
    let human = format!("{}{}", out(&o), err(&o));
    all.splice(1..1, ["--format", "json"]);
    let j = kifu(&all, Some(text.as_bytes()));
    let game = out(&j)
        .lines()
        .find(|l| l.contains("\"type\":\"game\""))
        .map(|l| serde_json::from_str(l).unwrap())
        .unwrap_or_else(|| panic!("no game line:\n{}", out(&j)));
    (o.status.code(), human, game)
}

#[test]
fn chess_under_a_variant_tag_is_an_unknown_variant() {
    for moves in [
        "1. e4 e5 *",
        "1. e4 e5 2. O-O *",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 1-0",
        "1. e4 (1. d4 *",
        "1. e4 e5 2. Qh5?? {ouch} Ke7 3. Qxe5# 1-0",
    ] {
        let text = format!("[Event \"Casual\"]\n[Variant \"Standard\"]\n\n{moves}\n");
        let (code, human, game) = validate(&text, &[]);
        assert_eq!(code, Some(1), "{moves}\n{human}");
        assert!(
            human.starts_with(
                "<stdin>:2:10: error[unknown_variant]: unknown variant 'Standard' \
                 (kifu knows wa, wa-nodrop and gufu)\n 2 | [Variant \"Standard\"]\n   |          ^^^^^^^^^^\n"
            ),
            "{moves}\n{human}"
        );
        assert_eq!(game["errors"][0]["kind"], "unknown_variant", "{game}");
        assert_eq!(game["errors"][0]["help"], CHESS, "{game}");
        assert_eq!(game["errors"][0]["line"], 2, "{game}");
        assert_eq!(game["errors"][0]["column"], 10, "{game}");
        assert_eq!(game["errors"].as_array().unwrap().len(), 1, "{game}");
        // Even with --variant: the tag says what the record is.
        let (_, _, game) = validate(&text, &["--variant", "wa"]);
        assert_eq!(game["errors"][0]["kind"], "unknown_variant", "{game}");
    }
    // In the second game of a file, lines count from the file's start.
    let text = "[Variant \"wa\"]\n\n1. SP-8g *\n\n[Variant \"chess\"]\n\n1. e4 c5 2. O-O *\n";
    let o = kifu(&["validate", "-"], Some(text.as_bytes()));
    assert!(
        out(&o).starts_with("<stdin>:5:10: error[unknown_variant]: unknown variant 'chess'"),
        "{}",
        out(&o)
    );
    // A known variant with moves that do not read is still a syntax error.
    let (_, human, _) = validate("[Variant \"wa\"]\n\n1. SP~8g *\n", &[]);
    assert!(human.contains("error[syntax]"), "{human}");
}

fn detected(moves: &str) -> Result<Variant, (ProblemKind, String)> {
    let r = parse_game_str(&format!("[Event \"no variant\"]\n\n{moves}\n")).unwrap();
    let report = replay(&r, &ReplayOptions::default());
    match report.variant {
        Some(v) => {
            assert!(report.valid(), "{moves}: {:?}", report.errors);
            Ok(v)
        }
        None => {
            // The message says why, the help what to do.
            let e = &report.errors[0];
            let said = format!("{} | {}", e.message, e.help.as_deref().unwrap_or_default());
            Err((e.kind, said))
        }
    }
}

#[test]
fn the_variant_is_told_from_the_moves_when_only_one_game_fits() {
    // Gufū: K, W, S on files 1–2 and ranks 一–三, facings.
    assert_eq!(detected("1. K*2三>W 2. K*1一>E *"), Ok(Variant::Gufu));
    assert_eq!(
        detected("1. K*2c>W 2. K*1a>E 3. W*1c>N *"),
        Ok(Variant::Gufu)
    );
    // Wa: its abbreviations, in Hodges style, engine coordinates or SAN; with drops.
    assert_eq!(detected("1. SP-8g SP-8e *"), Ok(Variant::Wa));
    assert_eq!(detected("1. e1e2 d8d7 *"), Ok(Variant::Wa));
    assert_eq!(detected("1. Rg4 g8 2. Xf5 *"), Ok(Variant::Wa));
    assert_eq!(
        detected("1. SP-8g SP-8e 2. SP-8f SPx8f 3. TF-8g VS-7b 4. TFx8f SP-4e 5. SP*8e *"),
        Ok(Variant::Wa)
    );
    // Variations count too.
    assert_eq!(detected("1. SP-8g (1. SP-4g) SP-8e *"), Ok(Variant::Wa));
    // Marks do not tell the game: a wrong one is reported in the game the pieces tell.
    for (moves, variant, kind) in [
        ("1. SP-8g# *", Variant::Wa, "bad_mark"),
        ("1. SP-8g+# *", Variant::Wa, "bad_mark"),
        ("1. K*2三>W= *", Variant::Gufu, "bad_mark"),
    ] {
        let r = parse_game_str(&format!("{moves}\n")).unwrap();
        let report = replay(&r, &ReplayOptions::default());
        assert_eq!(report.variant, Some(variant), "{moves}");
        assert_eq!(
            report.errors[0].kind.name(),
            kind,
            "{moves}: {:?}",
            report.errors
        );
    }
}

#[test]
fn no_variant_when_no_game_or_both_fit() {
    let missing = |moves: &str| {
        let (kind, said) = detected(moves).expect_err(moves);
        assert_eq!(kind, ProblemKind::MissingVariant, "{moves}");
        assert!(said.contains("--variant"), "{moves}: {said}");
        said
    };
    // No moves.
    missing("*");
    // Chess: N, B, Q are pieces of neither game; the help says what the record looks like.
    let (kind, h) = detected("1. e4 e5 2. Nf3 Nc6 *").unwrap_err();
    assert_eq!(kind, ProblemKind::MissingVariant);
    assert!(h.contains("Nf3") && h.ends_with(CHESS), "{h}");
    // A Wa move and a Gufū move.
    let h = missing("1. SP-8g 2. K*2三>W *");
    assert!(h.contains("K*2三>W"), "{h}");
    // A Gufū piece beyond Gufū's board, a Wa piece with a facing.
    missing("1. K-5e *");
    missing("1. SP-8g>N *");
}

#[test]
fn validate_and_convert_use_the_variant_told_from_the_moves() {
    let gufu = "1. K*2三>W 2. K*1一>E *\n";
    let (code, human, game) = validate(gufu, &[]);
    assert_eq!(code, Some(0), "{human}");
    assert_eq!(game["variant"], "gufu");
    // --variant wins over the moves.
    let (code, _, game) = validate(gufu, &["--variant", "wa"]);
    assert_eq!(code, Some(1));
    assert_eq!(game["errors"][0]["kind"], "unknown_piece");
    // convert writes the Variant tag.
    let o = kifu(&["convert", "-"], Some(gufu.as_bytes()));
    assert!(out(&o).contains("[Variant \"gufu\"]\n"), "{}", out(&o));
    // Wa games without a tag, as the engines write them: read as Wa with drops.
    let (code, human, game) = validate("1. SP-8g SP-8e 2. SP-8f *\n", &[]);
    assert_eq!(code, Some(0), "{human}");
    assert_eq!(game["variant"], "wa");
    // Neither: the hint names --variant (or, for chess, says so).
    let (code, human, _) = validate("1. SP-8g 2. K*2三>W *\n", &[]);
    assert_eq!(code, Some(1));
    assert!(human.contains("error[missing_variant]"), "{human}");
    assert!(human.contains("--variant"), "{human}");
    let (code, human, _) = validate("1. e4 e5 2. Nf3 *\n", &[]);
    assert_eq!(code, Some(1));
    assert!(human.contains("error[missing_variant]"), "{human}");
    assert!(human.contains(CHESS), "{human}");
}

/// The names the README gives in its records section are all understood.
#[test]
fn the_names_in_the_readme_are_understood() {
    let readme = std::fs::read_to_string(manifest().join("README.md")).unwrap();
    let start = readme
        .find("`Variant` selects the rules")
        .expect("the Variant bullet");
    let bullet = &readme[start..];
    // The names, up to the rule about unknown ones.
    let bullet = &bullet[..bullet.find("The variant is decided").unwrap()];
    let names: Vec<&str> = bullet.split('`').skip(1).step_by(2).collect();
    assert!(names.len() >= 11, "{names:?}");
    for name in &names[1..] {
        assert!(Variant::from_name(name).is_some(), "README's {name:?}");
    }
    for name in ["和将棋", "颶風将棋", "Wa shōgi", "Gufū shōgi (颶風将棋)"] {
        assert!(Variant::from_name(name).is_some(), "{name}");
    }
}

#[test]
fn a_chess_game_without_a_variant_tag_is_said_to_look_like_chess() {
    // Castling (which does not even read), a knight's, bishop's or queen's move, chess's start
    // position: missing_variant, saying what the record looks like.
    for (text, at) in [
        ("1. e4 e5 2. Bc4 Bc5 3. O-O d6 *", "4:24"),
        ("1. e4 e5 2. O-O-O+ *", "4:13"),
        ("1. e4 e5 2. Nf3 Nc6 *", "4:13"),
        ("1. d4 d5 2. Qd3 *", "4:13"),
    ]
    .map(|(m, at)| (format!("[Event \"Casual\"]\n[White \"A\"]\n\n{m}\n"), at))
    .into_iter()
    .chain([(
        "[Event \"Casual\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 \
         1\"]\n\n1. e4 e5 *\n"
            .to_string(),
        "2:6",
    )]) {
        let (code, human, game) = validate(&text, &[]);
        assert_eq!(code, Some(1), "{text}\n{human}");
        assert!(
            human.starts_with(&format!("<stdin>:{at}: error[missing_variant]: ")),
            "{text}\n{human}"
        );
        assert_eq!(game["errors"][0]["kind"], "missing_variant", "{game}");
        assert_eq!(game["errors"][0]["help"], CHESS, "{game}");
    }
    // Under a chess variant's name too; a Wa record's syntax error names castling.
    let (_, _, game) = validate("[Variant \"Crazyhouse\"]\n\n1. e4 *\n", &[]);
    assert_eq!(game["errors"][0]["help"], CHESS, "{game}");
    let (_, human, _) = validate("[Variant \"wa\"]\n\n1. O-O *\n", &[]);
    assert!(
        human.contains("error[syntax]: 'O-O' is chess's castling"),
        "{human}"
    );
    // A Wa piece's SAN keeps the usual help.
    let (_, _, game) = validate("1. K*2三>W 2. SP-8g *\n", &[]);
    assert_ne!(game["errors"][0]["help"], CHESS, "{game}");
}
