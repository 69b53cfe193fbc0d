//! Hints that fix typos: what `kifu validate` says besides the error, in the human form
//! (`= help: ...`) and in JSON (`"help"`). Also the numbering of a game set up from a
//! position, which may start at 1 (as problem collections number their solutions).

mod cli_support;

use cli_support::{err, kifu, out};
use serde_json::Value;

/// `kifu validate` on `text` (standard input): the human form (the problems) and the JSON
/// form's first error of the first game.
fn validate(text: &str) -> (String, Value) {
    let human = kifu(&["validate", "-"], Some(text.as_bytes()));
    let human = format!("{}{}", out(&human), err(&human));
    let json = kifu(
        &["validate", "--format", "json", "-"],
        Some(text.as_bytes()),
    );
    let line = out(&json)
        .lines()
        .find(|l| l.contains("\"type\":\"game\""))
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .unwrap_or_else(|| panic!("no game line:\n{}", out(&json)));
    (human, line["errors"][0].clone())
}

/// The help of the first error, checked to be the same in both forms.
fn help(text: &str) -> String {
    let (human, error) = validate(text);
    let help = error["help"]
        .as_str()
        .unwrap_or_else(|| panic!("no help in JSON: {error}\n{human}"))
        .to_string();
    assert!(
        human.contains(&format!("  = help: {help}\n")),
        "the human form lacks the help {help:?}:\n{human}"
    );
    help
}

fn kind(text: &str) -> String {
    validate(text).1["kind"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

const WA: &str = "[Variant \"wa\"]\n\n";

#[test]
fn a_piece_in_lower_case_is_corrected() {
    assert_eq!(
        help(&format!("{WA}1. sp-4e *\n")),
        "piece abbreviations are upper case: SP-4e"
    );
    assert_eq!(
        help(&format!("{WA}1. SP-8G *\n")),
        "rank letters are lower case: SP-8g"
    );
    // The error says so, under the whole move, without the grammar's list of tokens.
    let (human, error) = validate(&format!("{WA}1. sp-4e *\n"));
    assert_eq!(error["message"], "'sp-4e' has letters in the wrong case");
    assert!(
        human.contains(" 3 | 1. sp-4e *\n   |    ^^^^^\n"),
        "{human}"
    );
    assert!(!human.contains("expected"), "{human}");
}

#[test]
fn a_file_off_the_board_is_said_so() {
    let (human, error) = validate(&format!("{WA}1. SP-12g *\n"));
    let message = error["message"].as_str().unwrap();
    assert_eq!(message, "file 12 is off the 11×11 board (files 1–11)");
    assert_eq!(error["kind"], "syntax");
    // At the file, not a list of what the grammar expected.
    assert!(
        human.contains(" 3 | 1. SP-12g *\n   |       ^^\n"),
        "{human}"
    );
    assert!(!human.contains("expected"), "{human}");
    // Hodges squares are the file's digits, then the rank's letter: 11 is the last file.
    let o = kifu(
        &["validate", "-"],
        Some(format!("{WA}1. SP-11g *\n").as_bytes()),
    );
    assert!(!out(&o).contains("off the 11×11 board"), "{}", out(&o));
}

#[test]
fn an_unknown_piece_gets_the_nearest_abbreviations() {
    // P is one letter from SP (which can make the move) and from PO (which cannot).
    let text = format!("{WA}1. P-8g *\n");
    assert_eq!(kind(&text), "unknown_piece");
    assert_eq!(help(&text), "did you mean SP (Sparrow Pawn)? SP-8g");
    // K: the Crane King (which cannot make this move: the nearest by spelling).
    assert_eq!(
        help(&format!("{WA}1. K-6j *\n")),
        "did you mean CK (Crane King)?"
    );
    // Two letters swapped.
    assert_eq!(
        help(&format!("{WA}1. PS-8g *\n")),
        "did you mean SP (Sparrow Pawn)? SP-8g"
    );
    // Nothing near: the list of abbreviations is not dumped.
    let h = validate(&format!("{WA}1. ZZ-8g *\n")).1["help"].clone();
    assert!(
        h.is_null() || !h.as_str().unwrap().contains("did you mean"),
        "{h}"
    );
}

#[test]
fn a_drop_not_in_hand_lists_the_hand() {
    let text = format!("{WA}1. SO*8e *\n");
    assert_eq!(kind(&text), "not_in_hand");
    assert_eq!(help(&text), "Black has nothing in hand");
    // After Black took a Sparrow Pawn: that is what Black may drop.
    let text =
        format!("{WA}1. SP-8g SP-8e 2. SP-8f SPx8f 3. TF-8g VS-7b 4. TFx8f SP-4e 5. SO*8e *\n");
    assert_eq!(kind(&text), "not_in_hand");
    assert_eq!(help(&text), "Black has in hand: SP");
    // Gufū: after the four setup drops, the hand is empty until a capture.
    let text = "[Variant \"gufu\"]\n\n1. K*2三>W 2. K*1一>E 3. W*1三>N 4. S*2一>S 5. W*1二>N *\n";
    assert_eq!(kind(text), "not_in_hand");
    assert_eq!(help(text), "Black has nothing in hand to drop");
}

#[test]
fn plus_is_a_promotion_in_wa_not_a_check() {
    let text = format!("{WA}1. SP-8g+ *\n");
    assert_eq!(kind(&text), "cannot_promote");
    assert_eq!(
        help(&text),
        "in Wa, '+' after a move means that it promotes, not check: write SP-8g"
    );
}

/// A Wa position, Black to move, at move 40 (ply 79).
const FEN: &str = "[Variant \"wa\"]\n[SetUp \"1\"]\n\
[FEN \"hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] w 0 40\"]\n\n";

#[test]
fn a_game_from_a_position_may_be_numbered_from_1() {
    let valid = |moves: &str| {
        let text = format!("{FEN}{moves} *\n");
        let o = kifu(&["validate", "-"], Some(text.as_bytes()));
        (o.status.code(), out(&o))
    };
    // The position's own numbers: move pairs from 40, or plies from 79.
    assert_eq!(valid("40. SP-8g SP-8e 41. SP-8f").0, Some(0));
    assert_eq!(valid("79. SP-8g 80. SP-8e 81. SP-8f").0, Some(0));
    // Counted from the position: the first move is 1, in pairs or plies.
    assert_eq!(valid("1. SP-8g SP-8e 2. SP-8f").0, Some(0));
    assert_eq!(valid("1. SP-8g 2. SP-8e 3. SP-8f").0, Some(0));
    assert_eq!(
        valid("1. SP-8g 1... SP-8e (1... SP-4e 2. SP-4g) 2. SP-8f").0,
        Some(0)
    );
    // One numbering for the whole record: not 1 then 41.
    let (code, text) = valid("1. SP-8g SP-8e 41. SP-8f");
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("error[bad_move_number]: move number '41.'"),
        "{text}"
    );
    assert!(
        text.contains("expected 3. (every ply numbered, from the position) or 2. (move pairs, from the position)"),
        "{text}"
    );
    // Any other start is wrong, and the message lists what fits.
    let (code, text) = valid("5. SP-8g");
    assert_eq!(code, Some(1));
    assert!(
        text.contains(
            "expected 79. (every ply numbered), 40. (move pairs) or 1. (counted from the position)"
        ),
        "{text}"
    );
    // A game from the start position numbers from 1 anyway.
    let o = kifu(
        &["validate", "-"],
        Some(format!("{WA}2. SP-8g *\n").as_bytes()),
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_gufu_position_may_be_numbered_from_1() {
    let text = "[Variant \"gufu\"]\n[FEN \"Sske/2/KwWn b - 5\"]\n\n1. K-2二>N *\n";
    let o = kifu(&["validate", "-"], Some(text.as_bytes()));
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    let text = "[Variant \"gufu\"]\n[FEN \"Sske/2/KwWn b - 5\"]\n\n5. K-2二>N *\n";
    let o = kifu(&["validate", "-"], Some(text.as_bytes()));
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
}
