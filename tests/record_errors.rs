//! Bad inputs: every error is a value with a stable kind and an exact position.

mod common;

use common::checks;
use kifu::record::*;

/// The single result of parsing `bytes`, which must be an error.
fn error(bytes: &[u8]) -> RecordError {
    let mut games = parse_bytes(bytes);
    assert_eq!(games.len(), 1, "{:?}", String::from_utf8_lossy(bytes));
    match games.remove(0) {
        Ok(r) => panic!("{:?} parsed: {r:?}", String::from_utf8_lossy(bytes)),
        Err(e) => e,
    }
}

fn at(line: usize, column: usize) -> Option<LineCol> {
    Some(LineCol { line, column })
}

#[test]
fn kind_names_are_stable() {
    let names = [
        (ErrorKind::InvalidUtf8, "invalid_utf8"),
        (ErrorKind::EmptyInput, "empty_input"),
        (ErrorKind::NoMovetext, "no_movetext"),
        (ErrorKind::UnterminatedTag, "unterminated_tag"),
        (ErrorKind::UnterminatedComment, "unterminated_comment"),
        (ErrorKind::UnterminatedVariation, "unterminated_variation"),
        (ErrorKind::UnbalancedVariation, "unbalanced_variation"),
        (ErrorKind::Syntax, "syntax"),
        (ErrorKind::NumberTooLarge, "number_too_large"),
        (ErrorKind::GameTooLarge, "game_too_large"),
        (ErrorKind::Io, "io"),
    ];
    for (kind, name) in names {
        assert_eq!(kind.name(), name);
        assert_eq!(serde_json::to_string(&kind).unwrap(), format!("\"{name}\""));
    }
}

#[test]
fn empty_file() {
    let e = error(b"");
    assert_eq!(e.kind, ErrorKind::EmptyInput);
    assert_eq!((e.offset(), e.position), (0, at(1, 1)));
}

#[test]
fn whitespace_only_file() {
    let e = error(b"\xEF\xBB\xBF \r\n\t\n");
    assert_eq!(e.kind, ErrorKind::EmptyInput);
    assert_eq!(e.span.start, 0);
}

#[test]
fn tags_only() {
    let e = error(b"[Event \"x\"]\n[Variant \"Wa\"]\n\n");
    assert_eq!(e.kind, ErrorKind::NoMovetext);
    assert_eq!(e.span, Span::new(0, 26));
    assert_eq!(e.position, at(1, 1));
}

#[test]
fn tags_and_comments_only() {
    let e = error(b"[Event \"x\"]\n{no moves}\n");
    assert_eq!(e.kind, ErrorKind::NoMovetext);
    // Only comments: no game at all.
    let e = error(b"{just a comment}\n; and another\n");
    assert_eq!(e.kind, ErrorKind::EmptyInput);
    let e = error(b"{just a comment}\n{not closed\n");
    assert_eq!(e.kind, ErrorKind::UnterminatedComment);
}

#[test]
fn binary_data() {
    // A PNG header: 0x89 is not UTF-8.
    let e = error(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    assert_eq!(e.kind, ErrorKind::InvalidUtf8);
    assert_eq!((e.span, e.position), (Span::new(0, 1), at(1, 1)));
    // Control characters are UTF-8 but not a record.
    let e = error(b"\0\x01\x02\x03");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!((e.offset(), e.position), (0, at(1, 1)));
}

#[test]
fn invalid_utf8_offset() {
    let bytes = b"[Event \"x\"]\n1. SP-7g {caf\xE9 au lait} *";
    let e = error(bytes);
    assert_eq!(e.kind, ErrorKind::InvalidUtf8);
    assert_eq!(e.offset(), 25);
    assert_eq!(bytes[25], 0xE9);
    assert_eq!(e.position, at(2, 14));
}

#[test]
fn invalid_utf8_in_second_game_has_file_offset() {
    let mut bytes = b"[Event \"one\"]\n1. SP-7g *\n\n[Event \"tw".to_vec();
    let bad = bytes.len();
    bytes.extend_from_slice(b"\xFF\"]\n1. SP-7g *\n");
    let games = parse_bytes(&bytes);
    assert_eq!(games.len(), 2);
    assert!(games[0].is_ok());
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidUtf8);
    assert_eq!(e.offset(), bad);
    assert_eq!(e.position, at(4, 11));
}

#[test]
fn truncated_utf8_at_end() {
    let e = error("1. K*2三".as_bytes().split_last().unwrap().1);
    assert_eq!(e.kind, ErrorKind::InvalidUtf8);
    assert_eq!(e.offset(), 6);
}

#[test]
fn unterminated_tag_at_end_of_file() {
    let e = error(b"[Event \"Helsinki");
    assert_eq!(e.kind, ErrorKind::UnterminatedTag);
    assert_eq!((e.span, e.position), (Span::new(0, 16), at(1, 1)));
}

#[test]
fn unterminated_tag_at_end_of_line() {
    let e = error(b"[Event \"x\"]\n[Site \"y\"\n1. SP-7g *");
    assert_eq!(e.kind, ErrorKind::UnterminatedTag);
    assert_eq!((e.offset(), e.position), (12, at(2, 1)));
    let e = error(b"[Event \"x\n1. SP-7g *");
    assert_eq!(e.kind, ErrorKind::UnterminatedTag);
    let e = error(b"[\n1. SP-7g *");
    assert_eq!(e.kind, ErrorKind::UnterminatedTag);
}

#[test]
fn unterminated_comment() {
    let e = error(b"1. SP-7g {never\nclosed [Event \"x\"]\n1. SP-6g *\n");
    assert_eq!(e.kind, ErrorKind::UnterminatedComment);
    assert_eq!((e.span, e.position), (Span::new(9, 10), at(1, 10)));
}

#[test]
fn unterminated_variation() {
    let e = error(b"1. SP-7g (1. SP-6g (1. SP-5g) SP-3c\n");
    assert_eq!(e.kind, ErrorKind::UnterminatedVariation);
    assert_eq!((e.span, e.position), (Span::new(9, 10), at(1, 10)));
}

#[test]
fn unterminated_variation_before_result() {
    let e = error(b"1. SP-7g (1. SP-6g 1-0");
    assert_eq!(e.kind, ErrorKind::UnterminatedVariation);
    assert_eq!(e.offset(), 9);
}

#[test]
fn unbalanced_close() {
    let e = error(b"1. SP-7g SP-3c ) *");
    assert_eq!(e.kind, ErrorKind::UnbalancedVariation);
    assert_eq!((e.span, e.position), (Span::new(15, 16), at(1, 16)));
    let e = error(b"1. SP-7g (1. SP-6g)) *");
    assert_eq!(e.kind, ErrorKind::UnbalancedVariation);
    assert_eq!(e.offset(), 19);
}

#[test]
fn huge_move_number() {
    let e = error(b"[Event \"x\"]\n99999999999999999999999. SP-7g *");
    assert_eq!(e.kind, ErrorKind::NumberTooLarge);
    assert_eq!((e.span, e.position), (Span::new(12, 35), at(2, 1)));
    let e = error(b"18446744073709551616. SP-7g *");
    assert_eq!(e.kind, ErrorKind::NumberTooLarge);
}

#[test]
fn huge_nag() {
    let e = error(b"1. SP-7g $256 *");
    assert_eq!(e.kind, ErrorKind::NumberTooLarge);
    assert_eq!(e.span, Span::new(9, 13));
    let e = error(b"1. SP-7g $99999999999999999999999999 *");
    assert_eq!(e.kind, ErrorKind::NumberTooLarge);
}

#[test]
fn syntax_error_says_what_was_expected() {
    let e = error("1. SP-7z *".as_bytes());
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!((e.span, e.position), (Span::new(7, 8), at(1, 8)));
    assert_eq!(e.expected, ["rank (a-k or 一-十一)"]);
    assert_eq!(e.message, "expected rank (a-k or 一-十一), found 'z'");
}

#[test]
fn syntax_error_position_is_in_the_file() {
    let text = "[Event \"one\"]\n1. SP-7g *\n\n[Event \"two\"]\n1. 日本 SP-7g *\n";
    let games = parse_str(text);
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.offset(), text.find('日').unwrap());
    assert_eq!(e.span.len(), 3);
    assert_eq!(e.position, at(5, 4));
    assert_eq!(e.to_string(), format!("5:4: {} [syntax]", e.message));
}

#[test]
fn move_glued_to_next_token() {
    let e = error(b"1. SP-7c+SP-6c *");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.offset(), 9);
    assert_eq!(
        e.expected,
        [
            "a separator (space, line break, comment, parenthesis)",
            "glyph"
        ]
    );
}

#[test]
fn bad_escape_in_tag() {
    let e = error(b"[Site \"C:\\games\"]\n*");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.offset(), 9);
}

#[test]
fn too_many_marks() {
    let e = error(b"1. SP-7c+=# *");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.offset(), 10);
}

#[test]
fn order_errors() {
    // (input, offset of the error)
    let cases: [(&[u8], usize); 9] = [
        (b"1. SP-7g [Event \"x\"] *", 9), // tag after movetext
        (b"$1 1. SP-7g *", 0),            // NAG before any move
        (b"1. SP-7g ( $1 SP-6g) *", 11),  // NAG before any move of a variation
        (b"(1. SP-7g) 1. SP-6g *", 0),    // variation before any move
        (b"1. SP-7g () *", 9),            // empty variation
        (b"1. 2. SP-7g *", 0),            // number followed by number
        (b"1. SP-7g 2. (2. SP-6g) *", 9), // number followed by variation
        (b"1. SP-7g 1-0 SP-6g", 13),      // move after the result
        (b"1. SP-7g 1-0 0-1", 13),        // second result
    ];
    for (bytes, offset) in cases {
        let e = error(bytes);
        let text = String::from_utf8_lossy(bytes);
        assert_eq!(e.kind, ErrorKind::Syntax, "{text}: {e}");
        assert_eq!(e.offset(), offset, "{text}: {e}");
    }
}

/// Checks every game of one parse of `input`: each error points into the input at its line and
/// column with a readable message, each record reads back from its canonical text as the same
/// record (`common::checks`). Returns (records, errors).
fn check_games(input: &[u8], games: &[Result<Record, RecordError>]) -> (usize, usize) {
    let what = String::from_utf8_lossy(input);
    assert!(!games.is_empty(), "{what:?}: no game and no error");
    let mut counts = (0, 0);
    for g in games {
        let checked = match g {
            Ok(r) => {
                counts.0 += 1;
                checks::rereads(r)
            }
            Err(e) => {
                counts.1 += 1;
                checks::record_error(input, e)
            }
        };
        if let Err(m) = checked {
            panic!("{what:?}: {m}");
        }
    }
    counts
}

#[test]
fn every_prefix_of_a_game_is_handled() {
    // Cutting a game anywhere gives records and errors, never a panic: errors inside the
    // input at the right line and column, records that read back from their canonical text
    // as the same records, and the same answer from text as from bytes.
    let text = "\u{FEFF}[Event \"a \\\"b\\\"\"]\r\n\r\n1. K*2三>W {c} $1 (1. K*1三>E!? ; x\n) 2. SP-１１十一 h3g4 P@e5 3... 1/2-1/2\n";
    let mut total = (0, 0);
    let mut add = |(r, e)| total = (total.0 + r, total.1 + e);
    for (i, _) in text.char_indices() {
        let prefix = &text[..i];
        let games = parse_str(prefix);
        assert_eq!(games, parse_bytes(prefix.as_bytes()), "{prefix:?}");
        add(check_games(prefix.as_bytes(), &games));
    }
    for i in 0..text.len() {
        for part in [&text.as_bytes()[..i], &text.as_bytes()[i..]] {
            add(check_games(part, &parse_bytes(part)));
        }
    }
    // Both kinds were checked, many times (66 records and 238 errors as the reader is today).
    assert!(
        total.0 >= 50 && total.1 >= 200,
        "(records, errors): {total:?}"
    );
}

#[test]
fn io_errors_are_values() {
    struct Failing(usize);
    impl std::io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0 == 0 {
                return Err(std::io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0);
            buf[..n].fill(b' ');
            self.0 -= n;
            Ok(n)
        }
    }
    let reader = std::io::BufReader::with_capacity(4, Failing(10));
    let items: Vec<_> = read_records(reader).collect();
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert_eq!((e.kind, e.offset()), (ErrorKind::Io, 10));
}

/// Asserts that a check failed, and shows why.
#[track_caller]
fn fails<T: std::fmt::Debug>(checked: Result<T, String>, what: &str) {
    match checked {
        Ok(v) => panic!("the check let this through: {what} ({v:?})"),
        Err(why) => eprintln!("{what}: {why}"),
    }
}

/// The checks of `common::checks` fail on what they promise to catch (so the loop above can
/// fail), and pass the same things put right.
#[test]
fn the_checks_catch_what_they_promise() {
    use checks::{line_col, record_error, rereads};
    // Line and column, counted by hand.
    let lc = |text: &str, offset| line_col(text.as_bytes(), offset);
    assert_eq!(lc("ab\ncd", 4), Ok(LineCol { line: 2, column: 2 }));
    assert_eq!(lc("a\r\nb", 2), Ok(LineCol { line: 1, column: 3 }));
    assert_eq!(lc("a\r\nb", 3), Ok(LineCol { line: 2, column: 1 }));
    assert_eq!(lc("\u{FEFF}x", 3), Ok(LineCol { line: 1, column: 1 }));
    assert_eq!(lc("x\n\u{FEFF}x", 5), Ok(LineCol { line: 2, column: 2 }));
    assert_eq!(lc("日本x", 6), Ok(LineCol { line: 1, column: 3 }));
    fails(lc("日本x", 1), "inside a character");
    fails(lc("ab", 3), "beyond the end");
    fails(line_col(b"a\xFFb", 2), "after a bad byte");

    // Errors.
    let input = "1. 日本 SP-7g *".as_bytes();
    let e = parse_bytes(input).remove(0).unwrap_err();
    assert_eq!(record_error(input, &e), Ok(()));
    let broken = |f: &dyn Fn(&mut RecordError)| {
        let mut b = e.clone();
        f(&mut b);
        record_error(input, &b)
    };
    fails(
        broken(&|b| b.span.end = input.len() + 1),
        "span beyond the input",
    );
    fails(broken(&|b| b.span = Span::new(4, 3)), "span backwards");
    fails(broken(&|b| b.span.start += 1), "span inside a character");
    fails(
        broken(&|b| b.span.end -= 1),
        "span ending inside a character",
    );
    fails(broken(&|b| b.position = at(1, 3)), "wrong column");
    fails(broken(&|b| b.position = None), "no position");
    fails(broken(&|b| b.message.clear()), "no message");
    fails(broken(&|b| b.message.push('\0')), "a NUL in the message");
    fails(
        broken(&|b| b.kind = ErrorKind::InvalidUtf8),
        "invalid_utf8 on text",
    );
    let bad = b"1. SP-7g {\xFF} *";
    let u = parse_bytes(bad).remove(0).unwrap_err();
    assert_eq!(record_error(bad, &u), Ok(()));
    let mut v = u.clone();
    v.span.start -= 1;
    fails(record_error(bad, &v), "invalid_utf8 before the bad byte");

    // Records: where and how a record is written does not matter, what it says does.
    let text = "[Event \"x\"]\n\n1. SP-１１c {a} (1. SP-7g ; b\n) 2... h3g4 $4 *\n";
    let r = parse_str(text).remove(0).unwrap();
    assert_eq!(rereads(&r), Ok(()));
    let moved = parse_str(&format!("\n\n{}", text.replace("１１", "11")))
        .remove(0)
        .unwrap();
    assert_eq!(checks::meaning(&moved), checks::meaning(&r));
    let changed = |f: &dyn Fn(&mut Record)| {
        let mut c = r.clone();
        f(&mut c);
        rereads(&c)
    };
    fails(
        changed(&|c| c.tags[0].value.push('\n')),
        "a tag value its text cannot hold",
    );
    let first = r.movetext.walk().find_map(|ev| match ev {
        Event::Move(id, _) => Some(id),
        _ => None,
    });
    let first = first.unwrap();
    fails(
        changed(&|c| match &mut c.movetext.node_mut(first).annotations[0] {
            Annotation::Comment(k) => k.text.push('}'),
            Annotation::Nag(_) => unreachable!(),
        }),
        "a comment its text cannot hold",
    );
    fails(
        changed(&|c| c.movetext.line_mut(Movetext::MAIN).depth = 3),
        "a field the text does not show",
    );
}
