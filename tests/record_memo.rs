//! The reader's segment memo (src/record/memo.rs) must never change what is read: for any text,
//! reading with the memo gives the same record, or the same error, as reading every token with
//! pest in the full text (`parse_game_str_without_memo`).
//!
//! The texts are the fixtures, cut into words and put back together with separators chosen to
//! hit every place where a segment could be cut wrongly: after `12.` when `...`, `…` or a
//! non-ASCII blank follows, around `{`, `;`, `[`, `(`, `)`, `$`, with every ASCII blank and
//! the three non-ASCII ones, long words, glyphs, NUL bytes and random bytes. One thread reads
//! all of them, so the memo is warm with segments of the other cases.
//!
//! Normal run: 6,000 cases; `cargo test --release --test record_memo -- --ignored`: 200,000.

mod common;

use common::rng::Rng;
use kifu::record::{parse_game_str, parse_game_str_without_memo};
use std::path::Path;

/// The words of every fixture record (valid and invalid ones).
fn fixture_words() -> Vec<String> {
    let mut words = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                dirs.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                words.extend(text.split_whitespace().map(str::to_owned));
            }
        }
    }
    words.sort();
    words.dedup();
    words
}

const SEPARATORS: &[&str] = &[
    " ", " ", " ", "\n", "\r\n", "\t", "\x0B", "\x0C", "\r", "  ", " \t ", "\u{A0}", "\u{3000}",
    "\u{FEFF}", "",
];

/// Text that the cutting of segments must get right when it follows or precedes a word.
#[rustfmt::skip]
const TRICKY: &[&str] = &[
    "...", "…", ". ...", ".", "{", "}", "{a b}", "{}", ";", "; x\n", "[", "]", "[Event \"x y\"]",
    "(", ")", "$1", "$", "!", "?!", "12.", "12...", "12…", "1-0", "0-1", "1/2-1/2", "*", "\"",
    "\\", "\0", "+", "=", "#", ">N", "x", "-", "SP-7g", "SP-7三", "h3g4", "P@e5", "c9c10+",
    "K*2三>W", "１０三", "十一", "\u{A0}...", "\u{3000}…", "12.\u{A0}...", "12.\u{A0}", "12.\u{3000}",
    "Rg4", "g8", "dxd5",
    "+P10i10", "+P8xd8", "Fb3+", "+Lb6#", "X@d3", "S@f10#", "Rh3g4",
];

fn case(rng: &mut Rng, words: &[String]) -> String {
    let mut out = String::new();
    if rng.below(3) == 0 {
        out.push_str("[Variant \"wa\"]\n");
    }
    let n = 1 + rng.below(40);
    // Half the cases are mostly well-formed: movetext words with a rare tricky piece.
    let clean = rng.below(2) == 0;
    for _ in 0..n {
        let choice = if clean {
            if rng.below(25) == 0 { 6 } else { 0 }
        } else {
            rng.below(10)
        };
        match choice {
            0..=5 if clean => {
                let w = &words[rng.below(words.len())];
                if !w.contains(['[', ']', '"', '{', '}', ';', '$', '(', ')']) {
                    out.push_str(w);
                }
            }
            0..=5 => out.push_str(&words[rng.below(words.len())]),
            6 | 7 => out.push_str(rng.pick::<&str>(TRICKY)),
            8 => {
                // A long word, around the memo's segment limit.
                let len = 80 + rng.below(40);
                for i in 0..len {
                    out.push(if i % 7 == 0 { '-' } else { 'S' });
                }
            }
            _ => {
                // A few random bytes, kept as valid UTF-8.
                for _ in 0..1 + rng.below(4) {
                    let c = char::from_u32(rng.below(0x3100) as u32).unwrap_or('?');
                    out.push(c);
                }
            }
        }
        out.push_str(rng.pick::<&str>(SEPARATORS));
    }
    out
}

fn check(cases: usize, seed: u64) {
    let words = fixture_words();
    assert!(words.len() > 100, "the fixtures give words");
    let mut rng = Rng::new(seed);
    let (mut ok, mut errors) = (0, 0);
    for i in 0..cases {
        let text = case(&mut rng, &words);
        let with = parse_game_str(&text);
        let without = parse_game_str_without_memo(&text);
        assert_eq!(
            with, without,
            "case {i}: the memo changed what was read from {text:?}"
        );
        match with {
            Ok(_) => ok += 1,
            Err(_) => errors += 1,
        }
    }
    // Both outcomes are exercised.
    assert!(
        ok > cases / 20 && errors > cases / 20,
        "{ok} read, {errors} errors"
    );
}

#[test]
fn the_memo_reads_what_pest_reads() {
    check(6_000, 0x6d65_6d6f);
}

#[test]
fn texts_once_read_wrongly() {
    for text in [
        // `104.` then a no-break space in the same segment, then `...` after ASCII blanks.
        "1. SP-7g 104.\u{a0}  \u{a0}... SP-5d *",
        "104.\u{3000} ... SP-5d *",
        "104.\u{a0} SP-5d *",
    ] {
        // Twice: the second time from the memo.
        for _ in 0..2 {
            assert_eq!(
                parse_game_str(text),
                parse_game_str_without_memo(text),
                "{text:?}"
            );
        }
    }
}

#[test]
fn fixtures_read_the_same_with_and_without_the_memo() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut n = 0;
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("fixture dir")
            .flatten()
            .map(|e| e.path())
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("fixture");
            // Whole files may hold several games: cut them the way the splitter does.
            for chunk in kifu::record::GameSplitter::new(bytes.as_slice()) {
                let chunk = chunk.expect("fixture chunk");
                // (The invalid-UTF-8 fixture is refused before any token is read.)
                let Ok(game) = String::from_utf8(chunk.bytes.clone()) else {
                    continue;
                };
                assert_eq!(
                    parse_game_str(&game),
                    parse_game_str_without_memo(&game),
                    "{}",
                    path.display()
                );
                n += 1;
            }
        }
    }
    assert!(n > 100, "{n} games");
}

#[test]
#[ignore = "long run: cargo test --release --test record_memo -- --ignored"]
fn the_memo_reads_what_pest_reads_long() {
    check(200_000, 0x6c6f_6e67);
}
