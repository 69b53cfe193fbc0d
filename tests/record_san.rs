//! SAN moves as XBoard writes them for Wa shogi, and XBoard's layout of a game
//! (grammar/record.pest `san` + kifu::record::SanMove).

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
    let r = one(&format!("{mv} *"));
    assert_eq!(r.movetext.nodes().len(), 1, "{mv}");
    r.movetext.nodes()[0].mv.clone()
}

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

fn sq(name: &str) -> EngineSquare {
    let (file, rank) = name.split_at(1);
    EngineSquare {
        file: file.as_bytes()[0] - b'a' + 1,
        rank: rank.parse().unwrap(),
    }
}

/// `mv` reads as SAN with these parts.
fn expect(mv: &str, piece: Option<&str>, file: Option<u8>, rank: Option<u8>, x: bool, to: &str) {
    expect_marked(mv, piece, file, rank, x, to, "");
}

fn expect_marked(
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
        to: sq(to),
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
fn piece_moves() {
    expect("Rg4", Some("R"), None, None, false, "g4");
    expect("Xf5", Some("X"), None, None, false, "f5");
    expect("Ui10", Some("U"), None, None, false, "i10");
    expect("Kg11", Some("K"), None, None, false, "g11");
    expect("Oa1", Some("O"), None, None, false, "a1");
}

#[test]
fn captures() {
    expect("Xxh7", Some("X"), None, None, true, "h7");
    expect("+Fxa2", Some("+F"), None, None, true, "a2");
    expect("Rxk11", Some("R"), None, None, true, "k11");
}

#[test]
fn promoted_pieces() {
    expect("+Pc4", Some("+P"), None, None, false, "c4");
    expect("+Rd6", Some("+R"), None, None, false, "d6");
    let m = san("+Rxb4");
    assert!(m.piece.unwrap().promoted());
    assert_eq!(m.piece.unwrap().letters(), "R");
}

#[test]
fn sparrow_pawn_has_no_letter() {
    expect("g8", None, None, None, false, "g8");
    expect("e4", None, None, None, false, "e4");
    expect("i10", None, None, None, false, "i10");
    expect_marked("d9+", None, None, None, false, "d9", "+");
    // A capture names the origin file, even straight ahead.
    expect("dxd5", None, Some(4), None, true, "d5");
    expect("ixi6", None, Some(9), None, true, "i6");
    expect_marked("fxe10+", None, Some(6), None, true, "e10", "+");
}

#[test]
fn disambiguation_by_file_rank_or_both() {
    expect("+Pfg8", Some("+P"), Some(6), None, false, "g8");
    expect("+P8f8", Some("+P"), None, Some(8), false, "f8");
    expect("+P10i10", Some("+P"), None, Some(10), false, "i10");
    expect("+P11i10", Some("+P"), None, Some(11), false, "i10");
    expect("+P1i1", Some("+P"), None, Some(1), false, "i1");
    expect("+P8xd8", Some("+P"), None, Some(8), true, "d8");
    expect("Rfxg4", Some("R"), Some(6), None, true, "g4");
    expect("Rh3g4", Some("R"), Some(8), Some(3), false, "g4");
    expect("Rh10xg11", Some("R"), Some(8), Some(10), true, "g11");
    expect("Rk11a1", Some("R"), Some(11), Some(11), false, "a1");
}

#[test]
fn promotion_and_mate_marks() {
    expect_marked("Fb3+", Some("F"), None, None, false, "b3", "+");
    expect_marked("Ob1+", Some("O"), None, None, false, "b1", "+");
    expect_marked("Rxe9+", Some("R"), None, None, true, "e9", "+");
    expect_marked("+Lb6#", Some("+L"), None, None, false, "b6", "#");
    expect_marked("Rc3+#", Some("R"), None, None, false, "c3", "+#");
    // The marks are kept as written; what they mean is the rules' business.
    expect_marked("Rc3=", Some("R"), None, None, false, "c3", "=");
}

#[test]
fn glyphs_follow_san_moves() {
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
                assert_eq!(e.to, sq(to), "{text}");
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
fn near_misses_are_syntax_errors() {
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
