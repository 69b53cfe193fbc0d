//! Tag names (one rule everywhere: ASCII case ignored), repeated tags, and the tag pairs an
//! error still carries (so that the variant is known before the moves).

use kifu::record::*;

fn one(text: &str) -> Record {
    parse_game_str(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

#[test]
fn tag_names_ignore_ascii_case() {
    let r = one("[variant \"wa\"]\n[EVENT \"Club\"]\n[Black \"Ann\"]\n\n1. SP-7g *");
    assert_eq!(r.tag("Variant"), Some("wa"));
    assert_eq!(r.tag("VARIANT"), Some("wa"));
    assert_eq!(r.tag("event"), Some("Club"));
    assert_eq!(r.tag("Black"), Some("Ann"));
    assert_eq!(r.tag("White"), None);
    // Only ASCII case: no other folding.
    assert_eq!(r.tag("Variant\u{0}"), None);
    assert!(r.tags[0].is("VaRiAnT"));
    assert!(!r.tags[0].is("Varian"));
    // The name is kept as written.
    assert_eq!(r.tags[0].name, "variant");
}

#[test]
fn the_first_of_repeated_tags_counts() {
    let r = one("[Variant \"wa\"]\n[variant \"gufu\"]\n\n1. SP-7g *");
    assert_eq!(r.tag("Variant"), Some("wa"));
}

#[test]
fn repeated_tags_are_listed_in_order() {
    let r = one(
        "[Event \"a\"]\n[Variant \"wa\"]\n[Site \"s\"]\n[variant \"gufu\"]\n[EVENT \"b\"]\n\
         [VARIANT \"x\"]\n[Black \"c\"]\n\n1. SP-7g *",
    );
    let repeated: Vec<(&str, &str)> = r
        .repeated_tags()
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(
        repeated,
        [("variant", "gufu"), ("EVENT", "b"), ("VARIANT", "x")]
    );
    // Their spans point at the repeats (for a warning there).
    let second = r.repeated_tags()[0];
    assert_eq!(r.text(second.span), Some("[variant \"gufu\"]"));
    assert!(one("[A \"1\"]\n[B \"2\"]\n*").repeated_tags().is_empty());
    assert!(one("*").repeated_tags().is_empty());
}

#[test]
fn many_tags_are_checked_quickly() {
    // No quadratic scan: 50,000 distinct tags and one repeat.
    let mut text = String::new();
    for i in 0..50_000 {
        text.push_str(&format!("[T{i} \"v\"]\n"));
    }
    text.push_str("[t7 \"again\"]\n*\n");
    let r = one(&text);
    let repeated = r.repeated_tags();
    assert_eq!(repeated.len(), 1);
    assert_eq!(repeated[0].value, "again");
}

/// The caller can tell the variant of a game whose movetext does not read: chess moves under
/// `[Variant "Standard"]` should be `unknown_variant`, not a syntax error in the moves.
#[test]
fn an_error_in_the_movetext_carries_the_tags() {
    let text = "[Event \"Casual\"]\n[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 Nc6 3. O-O *\n";
    let e = parse_game_str(text).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.tag("variant"), Some("Standard"));
    assert_eq!(e.tags().len(), 2);
    assert_eq!(e.tags()[1].name, "Variant");
    // Through every entry point, and for errors found at the end of the game too.
    let games = parse_str(&format!(
        "{text}\n[Variant \"wa\"]\n\n1. SP-7g (1. SP-6g *\n"
    ));
    assert_eq!(
        games[0].as_ref().unwrap_err().tag("Variant"),
        Some("Standard")
    );
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnterminatedVariation);
    assert_eq!(e.tag("Variant"), Some("wa"));
    // An error among the tag pairs: those before it.
    let e = parse_game_str("[Variant \"wa\"]\n[Event \"open\n\n1. SP-7g *").unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnterminatedTag);
    assert_eq!(e.tag("Variant"), Some("wa"));
    assert_eq!(e.tags().len(), 1);
    // Tags only: no movetext.
    let e = parse_game_str("[Variant \"wa\"]\n").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NoMovetext);
    assert_eq!(e.tag("Variant"), Some("wa"));
    // Nothing read: no tags.
    let e = parse_game_str("1. SP-7z *").unwrap_err();
    assert!(e.tags().is_empty());
    assert_eq!(e.tag("Variant"), None);
}
