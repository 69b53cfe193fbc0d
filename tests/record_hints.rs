//! Syntax errors that say how to fix the text: a Hodges move in the wrong case, a file off the
//! board.

use kifu::record::*;

fn error(text: &str) -> RecordError {
    parse_game_str(text).expect_err(text)
}

#[test]
fn lower_case_piece() {
    let e = error("[Variant \"wa\"]\n\n1. sp-4e *");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.help(), Some("piece abbreviations are upper case: SP-4e"));
    // Not the grammar's list of what it expected: over the whole word.
    assert_eq!(e.message, "'sp-4e' has letters in the wrong case");
    assert!(e.expected.is_empty());
    assert_eq!(e.position, Some(LineCol { line: 3, column: 4 }));
    assert_eq!(e.span.len(), 5);
}

#[test]
fn upper_case_rank() {
    let e = error("1. SP-7g SP-8G *");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.help(), Some("rank letters are lower case: SP-8g"));
    assert_eq!(e.message, "'SP-8G' has letters in the wrong case");
    assert_eq!(e.span, Span::new(9, 14));
}

#[test]
fn other_case_slips() {
    // What is wrong, then the move as it should be.
    let piece = "piece abbreviations are upper case";
    let rank = "rank letters are lower case";
    for (text, help) in [
        ("Sp-8g", format!("{piece}: SP-8g")),
        ("rr4I-5h", format!("{piece} and {rank}: RR4i-5h")),
        ("+spx6C", format!("{piece} and {rank}: +SPx6c")),
        (
            "SPX6c",
            "the capture sign is a lower case x: SPx6c".to_string(),
        ),
        ("so*5E", format!("{piece} and {rank}: SO*5e")),
        (
            "K*2三>w",
            "facing letters are upper case: K*2三>W".to_string(),
        ),
        (
            "k*2三>w",
            format!("{piece} and facing letters are upper case: K*2三>W"),
        ),
        (
            "kx2三>s+",
            format!("{piece} and facing letters are upper case: Kx2三>S+"),
        ),
        (
            "+spX6C",
            format!("{piece}, the capture sign is a lower case x and {rank}: +SPx6c"),
        ),
    ] {
        let e = error(&format!("1. {text} *"));
        assert_eq!(e.help().unwrap_or_default(), help, "{text}");
    }
}

#[test]
fn file_off_the_board() {
    let e = error("1. SP-7g SP-12g *");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.message, "file 12 is off the 11×11 board (files 1–11)");
    // The span is the file.
    assert_eq!(e.span, Span::new(12, 14));
    assert_eq!(
        e.position,
        Some(LineCol {
            line: 1,
            column: 13
        })
    );
    assert!(e.expected.is_empty());
    let e = error("1. RR12i-5h *");
    assert_eq!(e.message, "file 12 is off the 11×11 board (files 1–11)");
    let e = error("1. SP-１２g *");
    assert_eq!(e.message, "file 12 is off the 11×11 board (files 1–11)");
    assert_eq!(e.span.len(), 6);
}

#[test]
fn castling_is_named_as_chess() {
    for (text, word) in [
        ("1. O-O *", "O-O"),
        ("1. e4 O-O-O+ *", "O-O-O+"),
        ("1. 0-0 *", "0-0"),
    ] {
        let e = error(text);
        assert_eq!(e.kind, ErrorKind::Syntax, "{text}");
        assert_eq!(
            e.message,
            format!("'{word}' is chess's castling, no move of Wa or Gufū")
        );
        assert_eq!(e.help(), Some(kifu::record::LOOKS_LIKE_CHESS), "{text}");
        assert_eq!(e.span.len(), word.len(), "{text}");
    }
}

#[test]
fn no_hint_where_none_is_clear() {
    for text in [
        "1. SP~8f *",
        "1. zzz *",
        "1. SP-7z *",
        "1. SP-7c+SP-6c *",
        "1. e4-e5 *",
        "1. O-O- *",
    ] {
        let e = error(text);
        assert_eq!(e.kind, ErrorKind::Syntax, "{text}");
        assert_eq!(e.help(), None, "{text}");
        assert!(e.message.starts_with("expected"), "{text}: {}", e.message);
    }
    // A huge word: no hint, no time lost.
    let e = error(&format!("1. {} *", "s".repeat(1 << 20)));
    assert_eq!(e.help(), None);
}

#[test]
fn hints_are_the_same_with_and_without_the_memo() {
    for text in ["1. sp-4e *", "1. SP-8G *", "1. SP-12g *"] {
        assert_eq!(parse_game_str(text), parse_game_str_without_memo(text));
    }
}
