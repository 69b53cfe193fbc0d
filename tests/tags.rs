//! Tag names are matched one way everywhere (ASCII case ignored), a repeated tag is a
//! `duplicate_tag` warning (the first one counts), and `kifu convert` writes every tag once,
//! standard tags in their canonical case.

mod cli_support;

use cli_support::{err, kifu, out};
use kifu::record::parse_game_str;
use kifu::replay::{ProblemKind, ReplayOptions, replay};

fn convert(text: &str, args: &[&str]) -> String {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    all.push("-");
    let o = kifu(&all, Some(text.as_bytes()));
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    out(&o)
}

fn tag_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with('[')).collect()
}

#[test]
fn a_repeated_tag_is_a_warning_and_the_first_counts() {
    let text = "[Variant \"wa\"]\n[Event \"a\"]\n[variant \"gufu\"]\n\n1. SP-8g *\n";
    let r = parse_game_str(text).unwrap();
    let report = replay(&r, &ReplayOptions::default());
    assert!(report.valid(), "{:?}", report.errors);
    assert_eq!(report.variant, Some(kifu::Variant::Wa));
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    let w = &report.warnings[0];
    assert_eq!(w.kind, ProblemKind::DuplicateTag);
    assert_eq!(w.kind.name(), "duplicate_tag");
    // At the repeat.
    assert_eq!(r.text(w.span), Some("[variant \"gufu\"]"));
    assert!(w.message.contains("Variant"), "{}", w.message);
    // Every repeat, in order, also when the replay fails.
    let text = "[Event \"a\"]\n[EVENT \"b\"]\n[Variant \"wa\"]\n[Event \"c\"]\n\n1. SP-8f *\n";
    let r = parse_game_str(text).unwrap();
    let report = replay(&r, &ReplayOptions::default());
    assert!(!report.valid());
    let at: Vec<&str> = report
        .warnings
        .iter()
        .map(|w| r.text(w.span).unwrap())
        .collect();
    assert_eq!(at, ["[EVENT \"b\"]", "[Event \"c\"]"]);
}

#[test]
fn a_repeated_tag_is_reported_by_validate() {
    let text = "[Variant \"wa\"]\n[Variant \"gufu\"]\n\n1. SP-8g *\n";
    let o = kifu(&["validate", "-"], Some(text.as_bytes()));
    assert_eq!(o.status.code(), Some(0));
    let shown = out(&o);
    assert!(
        shown.contains("<stdin>:2:1: warning[duplicate_tag]: "),
        "{shown}"
    );
    let o = kifu(&["validate", "--strict", "-"], Some(text.as_bytes()));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn convert_writes_each_tag_once_in_canonical_case() {
    let text = "[variant \"wa\"]\n[event \"x\"]\n[EVENT \"y\"]\n[result \"*\"]\n[black \"B\"]\n\
                [Opening \"o\"]\n[opening \"p\"]\n\n1. SP-8g *\n";
    let psn = convert(text, &[]);
    assert_eq!(
        tag_lines(&psn),
        [
            "[Event \"x\"]",
            "[Black \"B\"]",
            "[Result \"*\"]",
            "[Variant \"wa\"]",
            "[Opening \"o\"]"
        ],
        "{psn}"
    );
    // In XBoard's convention: `variant` is the Variant tag, written last as XBoard does, and
    // `black` names the first mover, so it is XBoard's White.
    let san = convert(text, &["--notation", "san"]);
    assert_eq!(
        tag_lines(&san),
        [
            "[Event \"x\"]",
            "[White \"B\"]",
            "[Result \"*\"]",
            "[Opening \"o\"]",
            "[Variant \"crazywa\"]"
        ],
        "{san}"
    );
}

#[test]
fn tag_names_are_matched_ignoring_case_in_the_replay() {
    // `fen`, `setup` and `result` are the FEN, SetUp and Result tags.
    let text = "[variant \"wa\"]\n[setup \"1\"]\n\
                [fen \"hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] b 0 1\"]\n\
                [result \"1-0\"]\n\n1... SP-4e 0-1\n";
    let r = parse_game_str(text).unwrap();
    let report = replay(&r, &ReplayOptions::default());
    assert!(report.valid(), "{:?}", report.errors);
    // The Result tag contradicts the result token.
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    assert_eq!(report.warnings[0].kind, ProblemKind::ResultMismatch);
}

#[test]
fn filter_and_the_html_page_read_the_first_of_a_repeated_tag() {
    let text = "[Variant \"wa\"]\n[Event \"x\"]\n[event \"y\"]\n\n1. SP-8g *\n";
    let count = |tag: &str| {
        let o = kifu(
            &["filter", "--count", "--tag", tag, "-"],
            Some(text.as_bytes()),
        );
        out(&o).trim().to_string()
    };
    assert_eq!(count("Event=x"), "1");
    assert_eq!(count("event=x"), "1");
    // The repeat is ignored.
    assert_eq!(count("Event=y"), "0");
    // The page lists each tag once, under its canonical name.
    let text = "[variant \"wa\"]\n[event \"x\"]\n[EVENT \"y\"]\n\n1. SP-8g *\n";
    let page = convert(text, &["--to", "html"]);
    assert!(page.contains("Event: x"), "{page}");
    assert!(!page.contains(": y"), "{page}");
    assert!(!page.contains("event: "), "{page}");
}

#[test]
fn repeats_pair_each_repeat_with_the_tag_that_counts() {
    // Few tags (compared pairwise) and many (sorted): the same pairs, in the order written.
    for padding in [0, 30] {
        let mut text = String::from("[Event \"a\"]\n[Variant \"wa\"]\n[EVENT \"b\"]\n");
        for i in 0..padding {
            text.push_str(&format!("[T{i} \"v\"]\n"));
        }
        text.push_str("[event \"c\"]\n[variant \"gufu\"]\n\n1. SP-8g *\n");
        let r = parse_game_str(&text).unwrap();
        let pairs: Vec<(&str, &str)> = r
            .repeats()
            .iter()
            .map(|(first, repeat)| (first.value.as_str(), repeat.value.as_str()))
            .collect();
        assert_eq!(pairs, [("a", "b"), ("a", "c"), ("wa", "gufu")], "{padding}");
        let kept: Vec<&str> = r.distinct_tags().map(|t| t.value.as_str()).collect();
        assert_eq!(kept.len(), 2 + padding, "{padding}");
        assert_eq!(kept[..2], ["a", "wa"]);
    }
}
