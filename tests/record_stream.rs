//! Streaming, splitting and robustness: deep nesting, huge lines, limits.

use kifu::record::*;
use std::io::{BufReader, Read};

fn chunks(text: &[u8], capacity: usize) -> Vec<GameChunk> {
    GameSplitter::new(BufReader::with_capacity(capacity, text))
        .map(|c| c.unwrap())
        .collect()
}

fn run_with_small_stack<F: FnOnce() + Send + 'static>(f: F) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

// ------------------------------------------------------------------- splitting

const FILE: &str = "\u{FEFF}[Event \"one\"]\n\n1. SP-7g {not [a\n[Event \"split\"] here} 1-0\n\n\
[Event \"two {\"]\n1. K*2三>W ; [Event \"no\"]\n *\n \t[Event \"three\"]\n[Site \"x\"]\n1. h3g4 *\n";

#[test]
fn splitter_cuts_at_tag_lines_after_movetext() {
    let got = chunks(FILE.as_bytes(), 8192);
    let starts = [
        0,
        FILE.find("[Event \"two").unwrap(),
        FILE.find(" \t[Event \"three").unwrap(),
    ];
    assert_eq!(got.len(), 3);
    for (i, c) in got.iter().enumerate() {
        assert_eq!(c.index, i);
        assert_eq!(c.offset, starts[i]);
        let end = starts.get(i + 1).copied().unwrap_or(FILE.len());
        assert_eq!(c.bytes, FILE.as_bytes()[starts[i]..end]);
    }
    assert_eq!(got.iter().map(|c| c.line).collect::<Vec<_>>(), [1, 6, 9]);
}

#[test]
fn splitter_is_independent_of_buffer_size() {
    let whole = chunks(FILE.as_bytes(), 1 << 16);
    for capacity in [1, 2, 3, 5, 7, 64] {
        assert_eq!(
            chunks(FILE.as_bytes(), capacity),
            whole,
            "capacity {capacity}"
        );
    }
}

#[test]
fn games_parse_with_file_positions() {
    let games: Vec<Record> = read_records(BufReader::with_capacity(3, FILE.as_bytes()))
        .map(|r| r.unwrap())
        .collect();
    let events: Vec<&str> = games.iter().map(|g| g.tag("Event").unwrap()).collect();
    assert_eq!(events, ["one", "two {", "three"]);
    let third = &games[2];
    let mv = &third.movetext.nodes()[0];
    assert_eq!(mv.mv.span().start, FILE.find("h3g4").unwrap());
    assert_eq!(
        third.line_col(mv.mv.span().start),
        Some(LineCol {
            line: 11,
            column: 4
        })
    );
    assert_eq!(
        third.line_col(third.tags[0].span.start),
        Some(LineCol { line: 9, column: 3 })
    );
    // The comment with `[` lines stayed in game one.
    let c: Vec<&str> = games[0].movetext.nodes()[0]
        .comments()
        .map(|c| c.text.as_str())
        .collect();
    assert_eq!(c, ["not [a\n[Event \"split\"] here"]);
}

#[test]
fn leading_comment_lines_do_not_split_tags() {
    let text = "[Event \"x\"]\n{a comment between tags}\n[Site \"y\"]\n1. SP-7g *\n";
    let got = chunks(text.as_bytes(), 8192);
    assert_eq!(got.len(), 1);
    let r = &parse_str(text)[0];
    assert_eq!(r.as_ref().unwrap().tags.len(), 2);
}

#[test]
fn reading_is_lazy() {
    // The splitter reads no further than the game it returns (plus one buffer).
    struct Counting<'a>(&'a [u8], std::rc::Rc<std::cell::Cell<usize>>);
    impl Read for Counting<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.read(buf)?;
            self.1.set(self.1.get() + n);
            Ok(n)
        }
    }
    let mut text = String::from("[Event \"1\"]\n1. SP-7g *\n");
    let first = text.len();
    for _ in 0..1000 {
        text.push_str("[Event \"n\"]\n1. SP-7g SP-3c 2. SP-6g SP-4c *\n");
    }
    let count = std::rc::Rc::new(std::cell::Cell::new(0));
    let reader = BufReader::with_capacity(16, Counting(text.as_bytes(), count.clone()));
    let mut splitter = GameSplitter::new(reader);
    let game = splitter.next().unwrap().unwrap();
    assert_eq!(game.bytes.len(), first);
    assert!(count.get() <= first + 16, "read {} bytes", count.get());
    assert_eq!(splitter.count(), 1000);
}

#[test]
fn game_too_large_is_an_error_and_the_next_game_is_read() {
    let mut text = String::from("[Event \"small\"]\n1. SP-7g *\n\n[Event \"big\"]\n1. SP-7g {");
    text.push_str(&"x".repeat(5000));
    text.push_str("} *\n  [Event \"after\"]\n1. SP-6g *\n");
    let splitter = GameSplitter::with_limit(BufReader::with_capacity(100, text.as_bytes()), 1000);
    let items: Vec<_> = Records::new(splitter).collect();
    assert_eq!(items.len(), 3);
    assert_eq!(items[0].as_ref().unwrap().tag("Event"), Some("small"));
    let e = items[1].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::GameTooLarge);
    let big = text.find("[Event \"big").unwrap();
    let after = text.find("  [Event \"after").unwrap();
    assert_eq!(e.span, Span::new(big, after));
    assert_eq!(e.position, Some(LineCol { line: 4, column: 1 }));
    let r = items[2].as_ref().unwrap();
    assert_eq!(r.tag("Event"), Some("after"));
    assert_eq!(r.source.base(), after);
    assert_eq!(
        r.line_col(r.tags[0].span.start),
        Some(LineCol { line: 6, column: 3 })
    );
}

#[test]
fn default_limit_is_256_mib() {
    assert_eq!(MAX_GAME_BYTES, 256 * 1024 * 1024);
}

// ------------------------------------------------------------------- deep nesting

/// The deepest nesting a record may have.
const DEPTH: usize = kifu::record::MAX_NESTING;

fn deep_text(depth: usize) -> String {
    let mut text = String::from("[Event \"deep\"]\n1. SP-7g ");
    for _ in 0..depth {
        text.push_str("(1. SP-6g ");
    }
    for _ in 0..depth {
        text.push(')');
    }
    text.push_str(" 1... SP-3c *\n");
    text
}

#[test]
fn variations_nested_to_the_limit() {
    run_with_small_stack(|| {
        let text = deep_text(DEPTH);
        let mut games = parse_str(&text);
        let record = games.remove(0).unwrap();
        let mt = &record.movetext;
        assert_eq!(mt.max_depth(), DEPTH);
        assert_eq!(mt.lines().len(), DEPTH + 1);
        assert_eq!(mt.nodes().len(), DEPTH + 2);
        assert_eq!(mt.main_moves().count(), 2);
        // Each variation holds one move, which holds the next variation.
        let mut node = mt.main_line().nodes[0];
        for depth in 1..=DEPTH {
            let vars: Vec<&Line> = mt.variations(node).collect();
            assert_eq!(vars.len(), 1);
            assert_eq!(vars[0].depth, depth);
            assert_eq!(vars[0].nodes.len(), 1);
            node = vars[0].nodes[0];
        }
        assert_eq!(mt.variations(node).count(), 0);
        // Walk, Display, Debug, serialize, clone, compare, drop: none recurses.
        assert_eq!(mt.walk().count(), 2 * (DEPTH + 1) + DEPTH + 2);
        let canonical = record.to_string();
        assert!(canonical.ends_with(&format!("{} 1... SP-3c *\n", ")".repeat(DEPTH))));
        assert!(format!("{record:?}").len() > DEPTH);
        assert!(serde_json::to_string(&record).unwrap().len() > DEPTH);
        let copy = record.clone();
        assert_eq!(copy, record);
        drop(copy);
        drop(record);
        drop(games);
    });
}

#[test]
fn deep_errors_do_not_overflow() {
    run_with_small_stack(|| {
        // Unclosed: reports the innermost open `(`.
        let mut text = String::from("1. SP-7g ");
        for _ in 0..DEPTH {
            text.push_str("(1. SP-6g ");
        }
        let e = parse_str(&text).remove(0).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnterminatedVariation);
        assert_eq!(e.offset(), text.len() - 10);
        // Only brackets.
        let e = parse_str(&"(".repeat(100_000)).remove(0).unwrap_err();
        assert_eq!((e.kind, e.offset()), (ErrorKind::Syntax, 0));
        let e = parse_str(&")".repeat(100_000)).remove(0).unwrap_err();
        assert_eq!((e.kind, e.offset()), (ErrorKind::UnbalancedVariation, 0));
        let e = parse_str(&"{".repeat(100_000)).remove(0).unwrap_err();
        assert_eq!((e.kind, e.offset()), (ErrorKind::UnterminatedComment, 0));
        let e = parse_str(&"[".repeat(100_000)).remove(0).unwrap_err();
        assert_eq!((e.kind, e.offset()), (ErrorKind::Syntax, 1));
    });
}

// ------------------------------------------------------------------- big inputs

#[test]
fn ten_megabyte_line_of_moves() {
    let mut text = String::from("[Event \"long\"]\n");
    let mut n = 1u64;
    while text.len() < 10_000_000 {
        text.push_str(&format!("{n}. SP-7g K*2三>W "));
        n += 1;
    }
    text.push_str("*\n");
    let moves = 2 * (n - 1) as usize;
    let mut games: Vec<_> = read_records(BufReader::with_capacity(4096, text.as_bytes())).collect();
    assert_eq!(games.len(), 1);
    let record = games.remove(0).unwrap();
    assert_eq!(record.movetext.nodes().len(), moves);
    let last = record.movetext.nodes().last().unwrap();
    assert_eq!(last.number, None);
    assert_eq!(last.mv.text(), "K*2三>W");
    let start = last.mv.span().start;
    assert_eq!(start, text.len() - "K*2三>W *\n".len());
    // Columns count characters: each `三` is 3 bytes and 1 column.
    let line_start = text.find('\n').unwrap() + 1;
    let chars = text[line_start..start].chars().count();
    assert_eq!(
        record.line_col(start),
        Some(LineCol {
            line: 2,
            column: chars + 1
        })
    );
    // Every `K*2三>W` before the last has a 3-byte `三`.
    let kanji_before = moves / 2 - 1;
    assert_eq!(chars, start - line_start - 2 * kanji_before);
}

#[test]
fn ten_megabyte_comment() {
    let mut text = String::from("1. SP-7g {");
    text.push_str(&"語".repeat(3_500_000));
    text.push_str("} SP-3c *");
    let record = parse_str(&text).remove(0).unwrap();
    let nodes = record.movetext.nodes();
    assert_eq!(nodes.len(), 2);
    assert_eq!(nodes[0].comments().next().unwrap().text.len(), 10_500_000);
    let start = nodes[1].mv.span().start;
    assert_eq!(
        record.line_col(start),
        Some(LineCol {
            line: 1,
            column: 3_500_000 + 13
        })
    );
}

#[test]
fn line_index_on_long_lines_with_checkpoints() {
    // Compare the index against a naive count at many offsets of a mixed-width text.
    let mut text = String::new();
    for i in 0..20_000 {
        text.push_str(if i % 7 == 0 {
            "語\n"
        } else if i % 3 == 0 {
            "é"
        } else {
            "ab"
        });
    }
    let idx = LineIndex::new(&text, 100, 5);
    let mut line = 5;
    let mut col = 1;
    for (off, c) in text.char_indices() {
        assert_eq!(
            idx.line_col(&text, 100 + off),
            Some(LineCol { line, column: col })
        );
        if c == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    assert_eq!(idx.line_col(&text, 99), None);
}

// ------------------------------------------------------------------- big and small games

/// Games of up to 256 KiB are read with one pest call, bigger ones a token at a time: both
/// must give the same record, and the same error.
#[test]
fn big_games_read_like_small_ones() {
    let small = "[Event \"x\"]\n{start} 1. SP-7g (1... SP-6g $1 {alt} (1... CE-3j)) 1... SP-4e!? $14 \
        2. +CMx3c= TF-2g+ ; line\n3. ... K*2三>W 4. h3g4 P@e5 5. \u{3000}1-0 {end}";
    // Trailing blanks do not change the record, but push the game over the fast path's limit.
    let big = format!("{small}{}\n", " \n".repeat(200_000));
    assert!(big.len() > 256 * 1024);
    let (a, b) = (
        parse_game_str(small).unwrap(),
        parse_game_str(&big).unwrap(),
    );
    assert_eq!(
        (&a.tags, &a.movetext, a.result, a.span),
        (&b.tags, &b.movetext, b.result, b.span)
    );
    assert_eq!(a.movetext.nodes().len(), 9);

    for bad in [
        "1. SP-7z *",
        "1. SP-7g (1. SP~) *",
        "1. SP-7g $256 *",
        "1. SP-7g ) *",
        "1. SP-7g 2. 3. *",
        "1. SP-7g * SP-6g",
        "1. SP-7g {open",
        "[Event \"x\n1. SP-7g *",
        "1. SP-7g (2. SP-6g",
    ] {
        let big = format!("{bad}{}", " ".repeat(300 * 1024));
        let (a, b) = (
            parse_game_str(bad).unwrap_err(),
            parse_game_str(&big).unwrap_err(),
        );
        assert_eq!(a, b, "{bad}");
    }
}
