//! One test per feature of the record syntax (grammar/record.pest + kifu::record), SAN as
//! XBoard writes it included.

use kifu::record::grammar::{RecordParser, Rule};
use kifu::record::*;
use pest::Parser as _;

/// Parse a string that must hold exactly one valid game.
fn one(text: &str) -> Record {
    let mut games = parse_str(text);
    assert_eq!(games.len(), 1, "expected one game in {text:?}");
    match games.remove(0) {
        Ok(r) => r,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

/// The only move of `"{mv} *"`.
fn only_move(mv: &str) -> WrittenMove {
    let text = format!("{mv} *");
    let r = one(&text);
    assert_eq!(r.movetext.nodes().len(), 1, "{mv}");
    r.movetext.nodes()[0].mv.clone()
}

fn hodges(mv: &str) -> HodgesMove {
    match only_move(mv) {
        WrittenMove::Hodges(h) => {
            assert_eq!(h.text, mv);
            assert_eq!(h.span, Span::new(0, mv.len()));
            h
        }
        other => panic!("{mv}: not Hodges: {other:?}"),
    }
}

fn engine(mv: &str) -> EngineMove {
    match only_move(mv) {
        WrittenMove::Engine(e) => {
            assert_eq!(e.text, mv);
            assert_eq!(e.span, Span::new(0, mv.len()));
            e
        }
        other => panic!("{mv}: not engine: {other:?}"),
    }
}

fn sq(file: u8, rank: u8) -> Square {
    Square {
        file,
        rank,
        file_style: FileStyle::Ascii,
        rank_style: RankStyle::Letter,
    }
}

fn sqk(file: u8, rank: u8) -> Square {
    Square {
        rank_style: RankStyle::Kanji,
        ..sq(file, rank)
    }
}

fn piece(text: &str) -> Piece {
    Piece::parse(text).unwrap()
}

fn marks(text: &str) -> Marks {
    Marks::parse(text).unwrap()
}

#[allow(clippy::too_many_arguments)]
fn expect_hodges(
    mv: &str,
    p: &str,
    from: Option<Square>,
    action: Action,
    to: Square,
    facing: Option<Facing>,
    m: &str,
) {
    let h = hodges(mv);
    let expected = HodgesMove {
        piece: piece(p),
        from,
        action,
        to,
        facing,
        marks: marks(m),
        text: mv.into(),
        span: Span::new(0, mv.len()),
    };
    assert_eq!(h, expected, "{mv}");
    // Canonical text equals the source for these (ASCII files).
    assert_eq!(h.to_string(), mv);
}

// ------------------------------------------------------------------- Hodges moves (Gufū)

#[test]
fn gufu_drop_with_facing() {
    expect_hodges(
        "K*2三>W",
        "K",
        None,
        Action::Drop,
        sqk(2, 3),
        Some(Facing::West),
        "",
    );
}

#[test]
fn gufu_step_facing_mate() {
    expect_hodges(
        "S-1一>N#",
        "S",
        None,
        Action::Move,
        sqk(1, 1),
        Some(Facing::North),
        "#",
    );
}

#[test]
fn gufu_capture_facing_check() {
    expect_hodges(
        "Wx2二>S+",
        "W",
        None,
        Action::Capture,
        sqk(2, 2),
        Some(Facing::South),
        "+",
    );
}

#[test]
fn gufu_turn_in_place() {
    expect_hodges(
        "K:1二>E",
        "K",
        None,
        Action::Turn,
        sqk(1, 2),
        Some(Facing::East),
        "",
    );
}

#[test]
fn gufu_with_origin() {
    expect_hodges(
        "K2三-1二>N",
        "K",
        Some(sqk(2, 3)),
        Action::Move,
        sqk(1, 2),
        Some(Facing::North),
        "",
    );
}

#[test]
fn gufu_letter_ranks_and_two_marks() {
    expect_hodges(
        "Wx2b>S+#",
        "W",
        None,
        Action::Capture,
        sq(2, 2),
        Some(Facing::South),
        "+#",
    );
    assert_eq!(marks("+#").to_vec(), vec![Mark::Plus, Mark::Hash]);
}

// ------------------------------------------------------------------- Hodges moves (Wa)

#[test]
fn wa_simple_move() {
    expect_hodges("SP-7g", "SP", None, Action::Move, sq(7, 7), None, "");
}

#[test]
fn wa_move_with_origin() {
    expect_hodges(
        "RR4i-5h",
        "RR",
        Some(sq(4, 9)),
        Action::Move,
        sq(5, 8),
        None,
        "",
    );
}

#[test]
fn wa_promoted_piece_capture() {
    expect_hodges("+SPx6c", "+SP", None, Action::Capture, sq(6, 3), None, "");
    let p = piece("+SP");
    assert!(p.promoted());
    assert_eq!(p.letters(), "SP");
    assert_eq!(p.to_string(), "+SP");
}

#[test]
fn wa_drop() {
    expect_hodges("SO*5e", "SO", None, Action::Drop, sq(5, 5), None, "");
}

#[test]
fn wa_promote_mark() {
    expect_hodges("SP-7c+", "SP", None, Action::Move, sq(7, 3), None, "+");
}

#[test]
fn wa_decline_mark() {
    expect_hodges("SP-7c=", "SP", None, Action::Move, sq(7, 3), None, "=");
    expect_hodges("FFx7c=", "FF", None, Action::Capture, sq(7, 3), None, "=");
}

#[test]
fn wa_two_digit_files() {
    expect_hodges(
        "CE11b-10c",
        "CE",
        Some(sq(11, 2)),
        Action::Move,
        sq(10, 3),
        None,
        "",
    );
    expect_hodges("GB-1k", "GB", None, Action::Move, sq(1, 11), None, "");
}

#[test]
fn full_width_file_and_kanji_eleven() {
    let h = hodges("SP-１１十一");
    assert_eq!(
        h.to,
        Square {
            file: 11,
            rank: 11,
            file_style: FileStyle::FullWidth,
            rank_style: RankStyle::Kanji
        }
    );
    // Canonical text: ASCII digits, kanji kept.
    assert_eq!(h.to_string(), "SP-11十一");
    let h = hodges("SP-７g");
    assert_eq!(
        (h.to.file, h.to.rank, h.to.file_style),
        (7, 7, FileStyle::FullWidth)
    );
    let h = hodges("SP-１０c");
    assert_eq!((h.to.file, h.to.rank), (10, 3));
}

#[test]
fn kanji_ranks_ten_and_eleven() {
    assert_eq!(hodges("SP-1十").to, sqk(1, 10));
    assert_eq!(hodges("SP-1十一").to, sqk(1, 11));
    assert_eq!(hodges("SP-11十一").to, sqk(11, 11));
    assert_eq!(hodges("SP-11十").to, sqk(11, 10));
    let all = [
        "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一",
    ];
    for (i, k) in all.iter().enumerate() {
        assert_eq!(hodges(&format!("SP-5{k}")).to, sqk(5, i as u8 + 1), "{k}");
    }
}

#[test]
fn letter_ranks_a_to_k() {
    for (i, c) in ('a'..='k').enumerate() {
        assert_eq!(hodges(&format!("SP-5{c}")).to, sq(5, i as u8 + 1), "{c}");
    }
}

// ------------------------------------------------------------------- engine coordinates

#[test]
fn engine_move() {
    let e = engine("h3g4");
    assert_eq!(
        e.from,
        EngineOrigin::Square(EngineSquare { file: 8, rank: 3 })
    );
    assert_eq!(e.to, EngineSquare { file: 7, rank: 4 });
    assert!(e.marks.is_empty());
    assert_eq!(e.to_string(), "h3g4");
}

#[test]
fn engine_promotion_marks_and_two_digit_ranks() {
    let e = engine("c9c10+");
    assert_eq!(
        e.from,
        EngineOrigin::Square(EngineSquare { file: 3, rank: 9 })
    );
    assert_eq!(e.to, EngineSquare { file: 3, rank: 10 });
    assert_eq!(e.marks.to_vec(), vec![Mark::Plus]);
    let e = engine("c9c10=");
    assert_eq!(e.marks.to_vec(), vec![Mark::Equals]);
    let e = engine("k10k11");
    assert_eq!(
        e.from,
        EngineOrigin::Square(EngineSquare { file: 11, rank: 10 })
    );
    assert_eq!(e.to, EngineSquare { file: 11, rank: 11 });
    assert_eq!(e.to.file_letter(), 'k');
    let e = engine("a11a1");
    assert_eq!(
        e.from,
        EngineOrigin::Square(EngineSquare { file: 1, rank: 11 })
    );
    assert_eq!(e.to, EngineSquare { file: 1, rank: 1 });
}

#[test]
fn engine_drop() {
    let e = engine("P@e5");
    assert_eq!(e.from, EngineOrigin::Drop('P'));
    assert_eq!(e.to, EngineSquare { file: 5, rank: 5 });
    assert_eq!(e.to_string(), "P@e5");
}

#[test]
fn engine_moves_in_a_game() {
    let r = one("1. h3g4 c9c10+ 2. P@e5 k10k11 *");
    let texts: Vec<&str> = r.movetext.main_moves().map(|n| n.mv.text()).collect();
    assert_eq!(texts, ["h3g4", "c9c10+", "P@e5", "k10k11"]);
}

// ------------------------------------------------------------------- move numbers

#[test]
fn chess_style_numbers() {
    let r = one("1. SP-7h SP-5d 2. SP-6h SP-4d *");
    let nums: Vec<Option<(u64, Dots)>> = r
        .movetext
        .main_moves()
        .map(|n| n.number.map(|m| (m.n, m.dots)))
        .collect();
    assert_eq!(
        nums,
        [Some((1, Dots::One)), None, Some((2, Dots::One)), None]
    );
    let first = &r.movetext.nodes()[0];
    assert_eq!(first.number.unwrap().span, Span::new(0, 2));
    assert_eq!(first.span, Span::new(0, 8));
    assert_eq!(first.mv.span(), Span::new(3, 8));
}

#[test]
fn shogi_style_numbers_every_ply() {
    let r = one("1. K*2三>W 2. K*1一>E 3. W*1三>N 4. S*2一>S *");
    let nums: Vec<u64> = r
        .movetext
        .main_moves()
        .map(|n| n.number.unwrap().n)
        .collect();
    assert_eq!(nums, [1, 2, 3, 4]);
}

/// The number and dots of every main-line move (each must have one).
fn numbers(r: &Record) -> Vec<(u64, Dots)> {
    r.movetext
        .main_moves()
        .map(|n| n.number.map(|m| (m.n, m.dots)).unwrap())
        .collect()
}

#[test]
fn three_dot_numbers() {
    let r = one("1... SP-5d 2. SP-7g 2… SP-4d 3. ... SP-3d *");
    assert_eq!(
        numbers(&r),
        [
            (1, Dots::Three),
            (2, Dots::One),
            (2, Dots::Three),
            (3, Dots::Three)
        ]
    );
    // `2…` is 4 bytes + 1: "2…" then a space.
    let n = r.movetext.nodes()[2].number.unwrap();
    assert_eq!(r.text(n.span), Some("2…"));
}

#[test]
fn number_without_space() {
    let r = one("1.SP-7g 1...SP-5d *");
    let texts: Vec<&str> = r.movetext.main_moves().map(|n| n.mv.text()).collect();
    assert_eq!(texts, ["SP-7g", "SP-5d"]);
}

#[test]
fn trailing_number_before_result() {
    let r = one("1. K*2三>W 2. K*1一>E 3. ... 1-0");
    let t = r.movetext.main_line().trailing_number.unwrap();
    assert_eq!((t.n, t.dots), (3, Dots::Three));
    assert_eq!(r.movetext.main_moves().count(), 2);
    assert_eq!(r.result.unwrap().value, ResultToken::BlackWins);
}

#[test]
fn largest_move_number() {
    let r = one("18446744073709551615. SP-7g *");
    assert_eq!(r.movetext.nodes()[0].number.unwrap().n, u64::MAX);
}

#[test]
fn full_width_move_numbers() {
    // Full-width digits wherever the grammar has digits: files, move numbers, NAGs.
    let r = one("１. K*２三>W ２… K*1一>E １０. S*2一>S １２. ... W*1三>N $１２ *");
    assert_eq!(
        numbers(&r),
        [
            (1, Dots::One),
            (2, Dots::Three),
            (10, Dots::One),
            (12, Dots::Three)
        ]
    );
    let first = r.movetext.nodes()[0].number.unwrap();
    assert_eq!(first.span, Span::new(0, 4));
    assert_eq!(r.text(first.span), Some("１."));
    let nags: Vec<u8> = r.movetext.nodes()[3].nags().map(|n| n.value).collect();
    assert_eq!(nags, [12]);
    // Written back with ASCII digits.
    assert!(r.to_string().starts_with("1. K*2三>W 2... K*1一>E 10. "));
    // Mixed digits, and the same limits as ASCII digits.
    assert_eq!(
        one("1２. SP-7g *").movetext.nodes()[0].number.unwrap().n,
        12
    );
    let e = parse_str("１８４４６７４４０７３７０９５５１６１６. SP-7g *").remove(0);
    assert_eq!(e.unwrap_err().kind, ErrorKind::NumberTooLarge);
    let e = parse_str("1. SP-7g $２５６ *").remove(0);
    assert_eq!(e.unwrap_err().kind, ErrorKind::NumberTooLarge);
    assert_eq!(
        one("1. SP-7g $２５５ *").movetext.nodes()[0]
            .nags()
            .next()
            .unwrap()
            .value,
        255
    );
}

// ------------------------------------------------------------------- comments, NAGs, glyphs

#[test]
fn brace_comment_after_move() {
    let r = one("1. SP-7g {good\nmove} SP-5d *");
    let n = &r.movetext.nodes()[0];
    let c: Vec<&Comment> = n.comments().collect();
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].kind, CommentKind::Brace);
    assert_eq!(c[0].text, "good\nmove");
    assert_eq!(c[0].span, Span::new(9, 20));
    assert_eq!(r.movetext.nodes()[1].annotations, vec![]);
}

#[test]
fn line_comment_to_end_of_line() {
    let r = one("1. SP-7g ; a line comment {not a brace}\nSP-5d *");
    let n = &r.movetext.nodes()[0];
    assert_eq!(
        n.annotations,
        vec![Annotation::Comment(Comment {
            kind: CommentKind::Line,
            text: " a line comment {not a brace}".into(),
            span: Span::new(9, 39),
        })]
    );
    assert_eq!(r.movetext.nodes()[1].mv.text(), "SP-5d");
}

#[test]
fn comments_before_first_move_are_kept() {
    let r = one("[Event \"x\"]\n{before} ; also\n1. SP-7g (; in variation\n{start} 1. SP-6g) *");
    let main = r.movetext.main_line();
    let texts: Vec<&str> = main.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["before", " also"]);
    let var = r
        .movetext
        .variations(NodeId::clone(&main.nodes[0]))
        .next()
        .unwrap();
    let texts: Vec<&str> = var.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, [" in variation", "start"]);
}

#[test]
fn comment_after_result_goes_to_last_move() {
    let r = one("1. SP-7g 1-0 {final}");
    let c: Vec<&str> = r.movetext.nodes()[0]
        .comments()
        .map(|c| c.text.as_str())
        .collect();
    assert_eq!(c, ["final"]);
}

#[test]
fn nags_in_order_with_comments() {
    let r = one("1. SP-7g $1 {x} $14 SP-5d $255 *");
    let n = &r.movetext.nodes()[0];
    assert_eq!(
        n.annotations,
        vec![
            Annotation::Nag(Nag {
                value: 1,
                span: Span::new(9, 11)
            }),
            Annotation::Comment(Comment {
                kind: CommentKind::Brace,
                text: "x".into(),
                span: Span::new(12, 15)
            }),
            Annotation::Nag(Nag {
                value: 14,
                span: Span::new(16, 19)
            }),
        ]
    );
    let values: Vec<u8> = r.movetext.nodes()[1].nags().map(|n| n.value).collect();
    assert_eq!(values, [255]);
}

#[test]
fn glyphs() {
    let cases = [
        ("!", Glyph::Good),
        ("?", Glyph::Mistake),
        ("!!", Glyph::Brilliant),
        ("??", Glyph::Blunder),
        ("!?", Glyph::Interesting),
        ("?!", Glyph::Dubious),
    ];
    for (text, glyph) in cases {
        let r = one(&format!("1. SP-7c+{text} K*2三>W{text} h3g4{text} *"));
        for n in r.movetext.nodes() {
            assert_eq!(n.glyph, Some(glyph), "{text}");
            assert!(!n.mv.text().contains(['!', '?']));
        }
        let n = &r.movetext.nodes()[0];
        assert_eq!(n.mv.marks().to_vec(), vec![Mark::Plus]);
        assert_eq!(n.glyph_span(), Some(Span::new(9, 9 + text.len())));
        assert_eq!(n.span, Span::new(0, 9 + text.len()));
    }
}

// ------------------------------------------------------------------- variations

#[test]
fn nested_variations_tree_shape() {
    let text = "1. SP-7g (1. SP-6g (1. SP-5g) 1... SP-5c) (1. SP-4g) 1... SP-3c 2. SP-7f *";
    let r = one(text);
    let mt = &r.movetext;
    let names = |line: &Line| -> Vec<String> {
        line.nodes
            .iter()
            .map(|&n| mt.node(n).mv.text().to_owned())
            .collect()
    };
    let main = mt.main_line();
    assert_eq!(names(main), ["SP-7g", "SP-3c", "SP-7f"]);
    assert_eq!(main.depth, 0);
    assert_eq!(main.parent, None);

    let a = main.nodes[0];
    let vars: Vec<&Line> = mt.variations(a).collect();
    assert_eq!(vars.len(), 2);
    assert_eq!(names(vars[0]), ["SP-6g", "SP-5c"]);
    assert_eq!(names(vars[1]), ["SP-4g"]);
    assert_eq!((vars[0].depth, vars[0].parent), (1, Some(a)));
    assert_eq!((vars[1].depth, vars[1].parent), (1, Some(a)));

    let b = vars[0].nodes[0];
    let inner: Vec<&Line> = mt.variations(b).collect();
    assert_eq!(inner.len(), 1);
    assert_eq!(names(inner[0]), ["SP-5g"]);
    assert_eq!((inner[0].depth, inner[0].parent), (2, Some(b)));
    assert_eq!(r.text(inner[0].span), Some("(1. SP-5g)"));
    assert_eq!(
        r.text(vars[0].span),
        Some("(1. SP-6g (1. SP-5g) 1... SP-5c)")
    );

    // No other move has variations; lines are numbered in order of their `(`.
    assert_eq!(mt.lines().len(), 4);
    assert_eq!(mt.max_depth(), 2);
    let with_vars = mt
        .nodes()
        .iter()
        .filter(|n| !n.variations.is_empty())
        .count();
    assert_eq!(with_vars, 2);
    // Nodes are in source order.
    let all: Vec<&str> = mt.nodes().iter().map(|n| n.mv.text()).collect();
    assert_eq!(
        all,
        [
            "SP-7g", "SP-6g", "SP-5g", "SP-5c", "SP-4g", "SP-3c", "SP-7f"
        ]
    );

    // The walk gives the source order with line brackets.
    let mut walk = String::new();
    for e in mt.walk() {
        match e {
            Event::LineStart(id, _) if id != Movetext::MAIN => walk.push('('),
            Event::LineEnd(id, _) if id != Movetext::MAIN => walk.push(')'),
            Event::Move(_, n) => walk.push_str(&format!("[{}]", n.mv.text())),
            _ => walk.push('|'),
        }
    }
    assert_eq!(
        walk,
        "|[SP-7g]([SP-6g]([SP-5g])[SP-5c])([SP-4g])[SP-3c][SP-7f]|"
    );
    // Canonical text reproduces the input here.
    assert_eq!(mt.to_string() + " *", text);
}

// ------------------------------------------------------------------- results

#[test]
fn results() {
    for (text, value) in [
        ("1-0", ResultToken::BlackWins),
        ("0-1", ResultToken::WhiteWins),
        ("1/2-1/2", ResultToken::Draw),
        ("*", ResultToken::Unknown),
    ] {
        let r = one(&format!("1. SP-7g {text}\n"));
        let res = r.result.unwrap();
        assert_eq!(res.value, value);
        assert_eq!(res.span, Span::new(9, 9 + text.len()));
        assert_eq!(res.value.as_str(), text);
    }
    let r = one("1. SP-7g SP-3c");
    assert_eq!(r.result, None);
}

#[test]
fn tags_and_result_only() {
    let r = one("[Event \"Adjourned\"]\n[Result \"*\"]\n\n*\n");
    assert!(r.movetext.is_empty());
    assert_eq!(r.result.unwrap().value, ResultToken::Unknown);
    assert_eq!(r.tag("Result"), Some("*"));
}

// ------------------------------------------------------------------- tags

#[test]
fn tag_pairs_and_spans() {
    let r = one("[Event \"Helsinki blitz\"]\n[Variant  \"Gufu\" ]\n\n1. K*2三>W *");
    assert_eq!(r.tags.len(), 2);
    let t = &r.tags[0];
    assert_eq!(
        (t.name.as_str(), t.value.as_str()),
        ("Event", "Helsinki blitz")
    );
    assert_eq!(t.span, Span::new(0, 24));
    assert_eq!(t.name_span, Span::new(1, 6));
    assert_eq!(t.value_span, Span::new(7, 23));
    assert_eq!(r.tag("Variant"), Some("Gufu"));
    assert_eq!(r.tag("Black"), None);
}

#[test]
fn tag_value_escapes() {
    let r = one(r#"[Event "say \"hi\" C:\\dir\\"] *"#);
    assert_eq!(r.tags[0].value, r#"say "hi" C:\dir\"#);
    assert_eq!(r.tags[0].to_string(), r#"[Event "say \"hi\" C:\\dir\\"]"#);
    let r = one("[Event \"\"] *");
    assert_eq!(r.tags[0].value, "");
    let r = one("[Event \"日本語 ]{;\"] *");
    assert_eq!(r.tags[0].value, "日本語 ]{;");
}

// ------------------------------------------------------------------- encodings and layout

#[test]
fn byte_order_mark() {
    let text = "\u{FEFF}[Event \"x\"]\n1. SP-7g *";
    let r = one(text);
    assert_eq!(r.tags[0].span, Span::new(3, 14));
    // The BOM is not a column.
    assert_eq!(r.line_col(3), Some(LineCol { line: 1, column: 1 }));
    assert_eq!(r.line_col(4), Some(LineCol { line: 1, column: 2 }));
    assert_eq!(
        r.line_col(r.movetext.nodes()[0].mv.span().start),
        Some(LineCol { line: 2, column: 4 })
    );
}

#[test]
fn crlf_line_endings() {
    let text = "[Event \"x\"]\r\n\r\n1. SP-7g ; note\r\n2. SP-6g {a\r\nb} *\r\n";
    let r = one(text);
    let n = r.movetext.nodes();
    assert_eq!(n.len(), 2);
    let c: Vec<&str> = n[0].comments().map(|c| c.text.as_str()).collect();
    assert_eq!(c, [" note"]);
    let c: Vec<&str> = n[1].comments().map(|c| c.text.as_str()).collect();
    // The comment's line ends are LF whatever the file's, so that what is written from it has
    // one line end throughout (its span still covers the CRLF text).
    assert_eq!(c, ["a\nb"]);
    assert_eq!(
        r.line_col(n[1].mv.span().start),
        Some(LineCol { line: 4, column: 4 })
    );
    assert_eq!(
        r.line_col(r.result.unwrap().span.start),
        Some(LineCol { line: 5, column: 4 })
    );
}

#[test]
fn unicode_whitespace_between_tokens() {
    let r = one("1.\u{3000}SP-7g\u{3000}SP-5d\u{A0}*");
    assert_eq!(r.movetext.nodes().len(), 2);
}

#[test]
fn line_and_column_after_multibyte_characters() {
    let text = "[Event \"棋譜\"]\n\n1. K*2三>W {日本語のコメント} 2. K*1一>E *\n";
    let r = one(text);
    let m = &r.movetext.nodes()[1];
    let start = m.mv.span().start;
    assert_eq!(&text[start..m.mv.span().end], "K*1一>E");
    // "1. K*2三>W {日本語のコメント} 2. " is 24 characters (and 42 bytes).
    assert_eq!(start - text.find("1. K*2三").unwrap(), 42);
    assert_eq!(
        r.line_col(start),
        Some(LineCol {
            line: 3,
            column: 25
        })
    );
    assert_eq!(start, text.find("K*1一").unwrap());
    let idx = LineIndex::new(text, 0, 1);
    assert_eq!(
        idx.line_col(text, start),
        Some(LineCol {
            line: 3,
            column: 25
        })
    );
    assert_eq!(
        idx.line_col(text, text.len()),
        Some(LineCol { line: 4, column: 1 })
    );
    assert_eq!(idx.line_col(text, text.len() + 1), None);
}

// ------------------------------------------------------------------- several games

#[test]
fn several_games_with_file_offsets() {
    let g1 = "[Event \"one\"]\n\n1. SP-7g {a [bracket\n[Event \"not a game\"]} 1-0\n\n";
    let g2 = "  [Event \"two\"]\n1. K*2三>W *\n";
    let text = format!("{g1}{g2}");
    let games = parse_str(&text);
    assert_eq!(games.len(), 2);
    let r1 = games[0].as_ref().unwrap();
    let r2 = games[1].as_ref().unwrap();
    assert_eq!(r1.tag("Event"), Some("one"));
    assert_eq!(r2.tag("Event"), Some("two"));
    assert_eq!(r2.source.base(), g1.len());
    assert_eq!(r2.source.first_line(), 6);
    let mv = &r2.movetext.nodes()[0];
    assert_eq!(mv.mv.span().start, g1.len() + 19);
    assert_eq!(
        r2.line_col(mv.mv.span().start),
        Some(LineCol { line: 7, column: 4 })
    );
    assert_eq!(r2.tags[0].span.start, g1.len() + 2);
    assert_eq!(
        r2.line_col(r2.tags[0].span.start),
        Some(LineCol { line: 6, column: 3 })
    );
}

// ------------------------------------------------------------------- SAN (XBoard)
//
// SAN moves as XBoard writes them for Wa shogi, and XBoard's layout of a game.

fn san(mv: &str) -> SanMove {
    match only_move(mv) {
        WrittenMove::San(m) => {
            assert_eq!(m.text, mv);
            assert_eq!(m.span, Span::new(0, mv.len()));
            m
        }
        other => panic!("{mv}: not SAN: {other:?}"),
    }
}

fn esq(name: &str) -> EngineSquare {
    let (file, rank) = name.split_at(1);
    EngineSquare {
        file: file.as_bytes()[0] - b'a' + 1,
        rank: rank.parse().unwrap(),
    }
}

/// `mv` reads as SAN with these parts.
fn expect_san(
    mv: &str,
    piece: Option<&str>,
    file: Option<u8>,
    rank: Option<u8>,
    x: bool,
    to: &str,
) {
    expect_san_marked(mv, piece, file, rank, x, to, "");
}

fn expect_san_marked(
    mv: &str,
    piece: Option<&str>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: &str,
    marks: &str,
) {
    let m = san(mv);
    let want = SanMove {
        piece: piece.map(|p| Piece::parse(p).unwrap()),
        from_file,
        from_rank,
        capture,
        to: esq(to),
        marks: Marks::parse(marks).unwrap(),
        text: mv.into(),
        span: Span::new(0, mv.len()),
    };
    assert_eq!(m, want, "{mv}");
    // The canonical text is the text as written.
    assert_eq!(m.to_string(), mv);
    assert_eq!(WrittenMove::San(m).to_string(), mv);
}

#[test]
fn san_piece_moves() {
    expect_san("Rg4", Some("R"), None, None, false, "g4");
    expect_san("Xf5", Some("X"), None, None, false, "f5");
    expect_san("Ui10", Some("U"), None, None, false, "i10");
    expect_san("Kg11", Some("K"), None, None, false, "g11");
    expect_san("Oa1", Some("O"), None, None, false, "a1");
}

#[test]
fn san_captures() {
    expect_san("Xxh7", Some("X"), None, None, true, "h7");
    expect_san("+Fxa2", Some("+F"), None, None, true, "a2");
    expect_san("Rxk11", Some("R"), None, None, true, "k11");
}

#[test]
fn san_promoted_pieces() {
    expect_san("+Pc4", Some("+P"), None, None, false, "c4");
    expect_san("+Rd6", Some("+R"), None, None, false, "d6");
    let m = san("+Rxb4");
    assert!(m.piece.unwrap().promoted());
    assert_eq!(m.piece.unwrap().letters(), "R");
}

#[test]
fn sparrow_pawn_has_no_letter() {
    expect_san("g8", None, None, None, false, "g8");
    expect_san("e4", None, None, None, false, "e4");
    expect_san("i10", None, None, None, false, "i10");
    expect_san_marked("d9+", None, None, None, false, "d9", "+");
    // A capture names the origin file, even straight ahead.
    expect_san("dxd5", None, Some(4), None, true, "d5");
    expect_san("ixi6", None, Some(9), None, true, "i6");
    expect_san_marked("fxe10+", None, Some(6), None, true, "e10", "+");
}

#[test]
fn disambiguation_by_file_rank_or_both() {
    expect_san("+Pfg8", Some("+P"), Some(6), None, false, "g8");
    expect_san("+P8f8", Some("+P"), None, Some(8), false, "f8");
    expect_san("+P10i10", Some("+P"), None, Some(10), false, "i10");
    expect_san("+P11i10", Some("+P"), None, Some(11), false, "i10");
    expect_san("+P1i1", Some("+P"), None, Some(1), false, "i1");
    expect_san("+P8xd8", Some("+P"), None, Some(8), true, "d8");
    expect_san("Rfxg4", Some("R"), Some(6), None, true, "g4");
    expect_san("Rh3g4", Some("R"), Some(8), Some(3), false, "g4");
    expect_san("Rh10xg11", Some("R"), Some(8), Some(10), true, "g11");
    expect_san("Rk11a1", Some("R"), Some(11), Some(11), false, "a1");
}

#[test]
fn san_promotion_and_mate_marks() {
    expect_san_marked("Fb3+", Some("F"), None, None, false, "b3", "+");
    expect_san_marked("Ob1+", Some("O"), None, None, false, "b1", "+");
    expect_san_marked("Rxe9+", Some("R"), None, None, true, "e9", "+");
    expect_san_marked("+Lb6#", Some("+L"), None, None, false, "b6", "#");
    expect_san_marked("Rc3+#", Some("R"), None, None, false, "c3", "+#");
    // The marks are kept as written; what they mean is the rules' business.
    expect_san_marked("Rc3=", Some("R"), None, None, false, "c3", "=");
}

#[test]
fn san_glyphs() {
    let r = one("1. Rg4!? dxd5?? *");
    let nodes = r.movetext.nodes();
    assert_eq!(nodes[0].glyph, Some(Glyph::Interesting));
    assert_eq!(nodes[0].mv.text(), "Rg4");
    assert_eq!(nodes[1].glyph, Some(Glyph::Blunder));
    assert_eq!(nodes[1].mv.span(), Span::new(9, 13));
}

#[test]
fn drops_are_read_once_as_engine_drops() {
    // `X@d3` is both an engine drop and a SAN drop, with the same meaning: one reading.
    for (text, letter, to, marks) in [
        ("X@d3", 'X', "d3", ""),
        ("S@f10", 'S', "f10", ""),
        ("S@f10#", 'S', "f10", "#"),
        ("P@e5", 'P', "e5", ""),
    ] {
        match only_move(text) {
            WrittenMove::Engine(e) => {
                assert_eq!(e.from, EngineOrigin::Drop(letter), "{text}");
                assert_eq!(e.to, esq(to), "{text}");
                assert_eq!(e.marks, Marks::parse(marks).unwrap(), "{text}");
                assert_eq!(e.text, text);
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn the_three_notations_are_never_confused() {
    let kind = |mv: &str| match only_move(mv) {
        WrittenMove::Hodges(_) => "hodges",
        WrittenMove::Engine(_) => "engine",
        WrittenMove::San(_) => "san",
    };
    // Hodges squares start with a digit and follow an action.
    for mv in [
        "SP-8g", "P-8g", "RR4i-5h", "+SPx6c", "SO*5e", "K*2三>W", "Rx4e", "S-1a",
    ] {
        assert_eq!(kind(mv), "hodges", "{mv}");
    }
    // Engine moves have two squares (or are drops).
    for mv in ["h3g4", "c9c10+", "k11a1=", "d4d5", "a1b1", "P@e5"] {
        assert_eq!(kind(mv), "engine", "{mv}");
    }
    // SAN has one square, file letter first.
    for mv in [
        "Rg4", "g8", "dxd5", "+P8f8", "+P10i10", "Rh3g4", "Sa1", "Kb1",
    ] {
        assert_eq!(kind(mv), "san", "{mv}");
    }
}

#[test]
fn san_near_misses_are_syntax_errors() {
    for text in [
        "Rg12",   // rank 12
        "Rl4",    // file l
        "Rg0",    // rank 0
        "rg4",    // lower-case piece
        "RRg4",   // two-letter piece in SAN
        "R+g4",   // + after the letter
        "++Rg4",  // two +
        "+g4",    // + without a piece
        "+dxd5",  // a Sparrow Pawn has no letter to promote
        "Rxg",    // no rank
        "Rx",     // no square
        "x4",     // no file
        "dd5",    // a pawn's origin file without x
        "d5xd6",  // a pawn with file and rank
        "R8",     // a rank alone
        "Rg4g",   // half a second square
        "Rg4x",   // x after the square
        "R@",     // a drop without a square
        "+X@d3",  // a promoted drop
        "X@d3@",  // glued @
        "Rg4Rg5", // two moves glued
        "g8-",    // an action after a SAN square
        "Rg4>N",  // a facing
    ] {
        let games = parse_str(&format!("{text} *"));
        match &games[0] {
            Err(e) => assert_eq!(e.kind, ErrorKind::Syntax, "{text}: {e}"),
            Ok(r) => panic!("{text}: read as {:?}", r.movetext.nodes()),
        }
        assert!(
            RecordParser::parse(Rule::r#move, text).map_or(true, |p| p.as_str() != text),
            "{text}"
        );
    }
}

#[test]
fn error_positions_in_san_moves() {
    let e = parse_str("1. Rg4 Rl4 *").remove(0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    // `l` is where nothing fits any more.
    assert_eq!(e.span.start, 8, "{e}");
}

/// An excerpt of a game XBoard 4.9.1 saved from a HaChu match (the diagram shortened).
const XBOARD: &str = r#"[Event "Computer Chess Game"]
[Site "vm"]
[Date "2026.12.01"]
[Round "1"]
[White "HaChu 0.21"]
[Black "HaChu 0.21"]
[Result "1/2-1/2"]
[TimeControl "20+0"]
[Variant "wa-shogi"]
[FEN "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w - 0 1"]
[SetUp "1"]

{--------------
h m l c v k w g u d o
. e . . . s . . . f .
p p p r p p p x p p p
white to play
--------------}
1. Rg4 {+0.00/4} g8 {-0.10/4 0.4} 2. Xf5 {-0.01/4 0.3} Re8 {+0.43/5 0.3} 3.
e4 {-0.44/4 0.3} Rf7 {+0.84/5 0.2} 4. +Rxb4 {-0.85/4} X@f5 {+0.10/3 0.1} 5. dxd5
{+0.48/5 0.3} +P10i10 {resign}
{Xboard adjudication: long game} 1/2-1/2
"#;

#[test]
fn xboard_layout_reads() {
    let r = one(XBOARD);
    assert_eq!(r.tags.len(), 11);
    assert_eq!(
        r.tag("FEN"),
        Some(
            "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w - 0 1"
        )
    );
    // The board diagram before move 1 is a comment of the main line, kept as written.
    let main = r.movetext.main_line();
    assert_eq!(main.comments.len(), 1);
    assert!(main.comments[0].text.starts_with("--------------\nh m l c"));
    assert!(
        main.comments[0]
            .text
            .ends_with("white to play\n--------------")
    );
    // Pair numbering, no `N...` after a comment; a number at the end of a line.
    let moves: Vec<&str> = r.movetext.main_moves().map(|n| n.mv.text()).collect();
    assert_eq!(
        moves,
        [
            "Rg4", "g8", "Xf5", "Re8", "e4", "Rf7", "+Rxb4", "X@f5", "dxd5", "+P10i10"
        ]
    );
    let numbers: Vec<Option<u64>> = r
        .movetext
        .main_moves()
        .map(|n| n.number.map(|m| m.n))
        .collect();
    assert_eq!(
        numbers,
        [
            Some(1),
            None,
            Some(2),
            None,
            Some(3),
            None,
            Some(4),
            None,
            Some(5),
            None
        ]
    );
    // The engine's comment after every move.
    let first = &r.movetext.nodes()[0];
    assert_eq!(first.comments().next().unwrap().text, "+0.00/4");
    // The adjudication comment before the result goes to the last move, then the result.
    let last = r.movetext.nodes().last().unwrap();
    let texts: Vec<&str> = last.comments().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["resign", "Xboard adjudication: long game"]);
    assert_eq!(r.result.unwrap().value, ResultToken::Draw);
    // The grammar's `game` rule agrees.
    assert!(RecordParser::parse(Rule::game, XBOARD).is_ok());
    // Canonical text reads back to the same moves.
    let again = one(&r.to_string());
    let again_moves: Vec<String> = again
        .movetext
        .nodes()
        .iter()
        .map(|n| n.mv.to_string())
        .collect();
    assert_eq!(again_moves, moves);
}

#[test]
fn crazywa_fen_tag_is_just_a_value() {
    let text = "[Variant \"crazywa\"]\n[FEN \"hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] w - 0 1\"]\n[SetUp \"1\"]\n\n1. Rg4 {+0.63/5} Sg10 2. S@h11 *\n";
    let r = one(text);
    assert!(r.tag("FEN").unwrap().ends_with("ODUGWKVCLMH[-] w - 0 1"));
    assert_eq!(r.movetext.nodes().len(), 3);
}

#[test]
fn several_xboard_games_in_one_file() {
    let text = format!("{XBOARD}\n{XBOARD}");
    let games = parse_str(&text);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.as_ref().unwrap().movetext.nodes().len(), 10);
    }
}

// ------------------------------------------------------------------- the grammar's `game` rule

#[test]
fn game_rule_agrees_with_reader() {
    let valid = [
        "[Event \"x\"]\n1. K*2三>W 2. K*1一>E (2. K*1三>E $1) 1-0 {end}",
        "1. h3g4 c9c10+ P@e5 *",
        "{c} [A \"b\"] ; x\n 1... SP-5d! *",
        "[A \"b\"]\n*",
    ];
    for text in valid {
        assert!(RecordParser::parse(Rule::game, text).is_ok(), "{text}");
        assert!(parse_str(text)[0].is_ok(), "{text}");
    }
    let invalid = ["1. SP-7z", "1-0 SP-7g", "1. SP-7g [A \"b\"]", "[A b]"];
    for text in invalid {
        assert!(RecordParser::parse(Rule::game, text).is_err(), "{text}");
        assert_eq!(
            parse_str(text)[0].as_ref().unwrap_err().kind,
            ErrorKind::Syntax,
            "{text}"
        );
    }
}

// ------------------------------------------------------------------- canonical text

#[test]
fn record_display_round_trips() {
    let text = "\u{FEFF}[Event \"a \\\"b\\\"\"]\r\n[Variant \"Wa\"]\n\n1.SP-７g! {c1} $3 1…SP-5十 (1... SP-4c ; lc\n2. h3g4) 2. P@e5 3. ... 1/2-1/2";
    let r = one(text);
    let canonical = r.to_string();
    assert_eq!(
        canonical,
        "[Event \"a \\\"b\\\"\"]\n[Variant \"Wa\"]\n\n1. SP-7g! {c1} $3 1... SP-5十 (1... SP-4c ; lc\n 2. h3g4) 2. P@e5 3... 1/2-1/2\n"
    );
    let again = one(&canonical);
    assert_eq!(again.tags.len(), 2);
    assert_eq!(again.to_string(), canonical);
    let a: Vec<String> = r
        .movetext
        .nodes()
        .iter()
        .map(|n| n.mv.to_string())
        .collect();
    let b: Vec<String> = again
        .movetext
        .nodes()
        .iter()
        .map(|n| n.mv.to_string())
        .collect();
    assert_eq!(a, b);
}

#[test]
fn escape_lines_are_ignored() {
    // PGN: a line starting with `%` is for other programs; it is skipped, before the tags, among
    // them, in the movetext and between games, and counts as no game. Inside a comment it is the
    // comment's text; not in column 1 it is no escape.
    let text = "% before\n[Event \"a\"]\n%among the tags\n[Site \"s\"]\n\n1. SP-7g {x\n% y\n}\n\
                %between moves\n2. SP-6g *\n% after\n\n[Event \"b\"]\n\n1. SP-7g *\n";
    let games = parse_str(text);
    assert_eq!(games.len(), 2, "{games:?}");
    let a = games[0].as_ref().unwrap();
    assert_eq!(a.tags.len(), 2);
    let n = a.movetext.nodes();
    assert_eq!(n.len(), 2);
    let c: Vec<&str> = n[0].comments().map(|c| c.text.as_str()).collect();
    assert_eq!(c, ["x\n% y\n"]);
    // Offsets and lines are those of the file: the record keeps its text as written.
    assert_eq!(a.line_col(n[1].mv.span().start).unwrap().line, 10);
    assert!(a.source.text().contains("%between moves"));
    assert!(games[1].is_ok());
    // An input of escape lines is as one of comments: no game.
    let kinds = |t: &str| -> Vec<ErrorKind> {
        parse_str(t)
            .into_iter()
            .map(|g| g.map_or_else(|e| e.kind, |_| ErrorKind::Syntax))
            .collect()
    };
    assert_eq!(
        kinds("% only an escape line\n"),
        kinds("; only a comment\n")
    );
    assert!(parse_str("[Event \"a\"]\n\n1. SP-7g\n %x *\n")[0].is_err());
}
