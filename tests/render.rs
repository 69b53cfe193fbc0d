//! SVG diagrams: `kifu::svg` and `kifu render`.
//!
//! Every document produced here is parsed as XML. The geometry tests read where each piece is
//! placed and the rotation of its outline and apply them to the outline's points, so they check
//! where a piece is drawn and where it points, independently of how the SVG is laid out. Text
//! is read back from `<text>` elements or from the glyph outlines placed (`tests/diagram`).

use kifu::Variant;
use kifu::geometry::{GUFU, Square, WA};
use kifu::rules::Position;
use kifu::svg::{self, BoardStyle, DiagramOptions, Labels};
use kifu::{for_game, replay::State};
use kifu::{gufu, wa};
use std::process::Command;

mod common;
mod diagram;

use common::files::{names, scratch};
use diagram::{
    board_pieces, colours, has_class, label, parse, piece_on, placement, points_to, text_of,
};

fn desc(doc: &str) -> String {
    diagram::desc(&parse(doc))
}

/// Draws with `<text>` instead of glyph outlines.
fn text_mode<M>() -> DiagramOptions<M> {
    DiagramOptions {
        text_glyphs: true,
        ..DiagramOptions::default()
    }
}

fn wa_state(fen: &str) -> wa::Game {
    wa::Game::from_position_string(Variant::Wa, fen).unwrap()
}

fn gufu_state(s: &str) -> gufu::Position {
    gufu::Position::from_position_string(Variant::Gufu, s).unwrap()
}

/// Black King 6k, White King 6a, a promoted Sparrow Pawn of Black's on 5c, a Swooping Owl of
/// White's on 9c; Black holds two Sparrow Pawns and a Swooping Owl, White one Sparrow Pawn.
const WA_HANDS: &str = "5k5/11/2l3+P4/11/11/11/11/11/11/11/5K5[PPLp] w 0 1";

/// The position after Gufū's four setup drops.
const GUFU_SETUP: &str = "Weks/2/KnSw b - 5";

// ---------------------------------------------------------------------------------------------
// Snapshots (reviewed by eye and in a browser).

#[test]
fn snapshot_gufu_after_setup() {
    let doc = svg::board(&gufu_state(GUFU_SETUP), &text_mode());
    parse(&doc);
    insta::assert_snapshot!("gufu_after_setup", doc);
}

#[test]
fn snapshot_wa_hands_and_promoted() {
    let doc = svg::board(&wa_state(WA_HANDS), &text_mode());
    parse(&doc);
    insta::assert_snapshot!("wa_hands_promoted", doc);
}

#[test]
fn snapshot_wa_flipped() {
    let o = DiagramOptions {
        flip: true,
        style: BoardStyle::Plain,
        labels: Labels::English,
        ranks: kifu::geometry::RankStyle::Letter,
        caption: Some("flipped <&> plain".into()),
        ..text_mode()
    };
    let doc = svg::board(&wa_state(WA_HANDS), &o);
    parse(&doc);
    insta::assert_snapshot!("wa_flipped", doc);
}

// ---------------------------------------------------------------------------------------------
// Geometry.

#[test]
fn gufu_pieces_point_in_their_facing() {
    // Kaze on 2一 faces E, White's King on 1一 faces S, Black's King on 2三 faces N, Arashi on
    // 1三 faces W.
    let doc = svg::board(&gufu_state(GUFU_SETUP), &DiagramOptions::default());
    let d = parse(&doc);
    let kaze = piece_on(&d, "2a");
    assert!(has_class(&kaze, "kaze") && has_class(&kaze, "facing-e"));
    assert_eq!(placement(&kaze).2, 90.0);
    assert_eq!(
        points_to(&kaze),
        (1, 0),
        "facing E: the tip is to the right"
    );
    assert_eq!(points_to(&piece_on(&d, "1a")), (0, 1), "facing S: down");
    assert_eq!(points_to(&piece_on(&d, "2c")), (0, -1), "facing N: up");
    assert_eq!(points_to(&piece_on(&d, "1c")), (-1, 0), "facing W: left");

    // Flipped, everything points the other way.
    let flipped = svg::board(
        &gufu_state(GUFU_SETUP),
        &DiagramOptions {
            flip: true,
            ..DiagramOptions::default()
        },
    );
    let d = parse(&flipped);
    assert_eq!(points_to(&piece_on(&d, "2a")), (-1, 0));
    assert_eq!(points_to(&piece_on(&d, "2c")), (0, 1));
}

#[test]
fn gufu_kings_are_black_and_white_and_shared_pieces_neutral() {
    let doc = svg::board(&gufu_state(GUFU_SETUP), &DiagramOptions::default());
    let d = parse(&doc);
    let fill = |sq: &str| colours(&piece_on(&d, sq));
    let lum = |hex: &str| {
        let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
        ((v >> 16) & 255) + ((v >> 8) & 255) + (v & 255)
    };
    let (bk, bk_ink) = fill("2c");
    let (wk, wk_ink) = fill("1a");
    let (kaze, _) = fill("2a");
    let (arashi, _) = fill("1c");
    assert!(
        lum(&bk) < 200 && lum(&bk_ink) > 600,
        "Black's King: dark, light kanji"
    );
    assert!(
        lum(&wk) > 700 && lum(&wk_ink) < 200,
        "White's King: light, dark kanji"
    );
    assert_eq!(kaze, arashi);
    assert!(
        lum(&kaze) > lum(&bk) && lum(&kaze) < lum(&wk),
        "shared: in between"
    );
    assert_eq!(text_of(&piece_on(&d, "2a")), "風");
    assert_eq!(text_of(&piece_on(&d, "1c")), "嵐");
}

#[test]
fn gufu_common_hand_beside_the_board() {
    let s = gufu_state("Ke1/2/Wnks w S 4");
    let doc = svg::board(&s, &DiagramOptions::default());
    let d = parse(&doc);
    let hand = d
        .descendants()
        .find(|n| has_class(n, "hand") && has_class(n, "common"))
        .expect("common hand");
    let in_hand: Vec<_> = hand
        .descendants()
        .filter(|n| has_class(n, "piece"))
        .collect();
    assert_eq!(in_hand.len(), 1);
    assert!(has_class(&in_hand[0], "arashi"));
    // To the right of every board square.
    let right_of_board = board_pieces(&d)
        .iter()
        .map(|p| placement(p).0)
        .fold(f64::MIN, f64::max);
    assert!(placement(&in_hand[0]).0 > right_of_board + 48.0);
    let text = desc(&doc);
    assert!(text.contains("Ke1/2/Wnks w S 4"), "{text}");
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("common hand: Arashi"), "{text}");
}

#[test]
fn wa_white_pieces_are_turned() {
    let doc = svg::board(&wa_state(WA_HANDS), &DiagramOptions::default());
    let d = parse(&doc);
    let white_king = piece_on(&d, "6a");
    assert!(has_class(&white_king, "white"));
    assert_eq!(placement(&white_king).2, 180.0);
    assert_eq!(points_to(&white_king), (0, 1));
    let black_king = piece_on(&d, "6k");
    assert_eq!(placement(&black_king).2, 0.0);
    assert_eq!(points_to(&black_king), (0, -1));
    // Two kanji, stacked vertically: glyph outlines, or two lines of text.
    let glyphs: Vec<_> = label(&black_king)
        .children()
        .filter(|n| n.has_tag_name("use"))
        .map(|n| diagram::position(&n))
        .collect();
    assert_eq!(glyphs.len(), 2);
    assert!((glyphs[0].0 - glyphs[1].0).abs() < 1e-9 && glyphs[0].1 < glyphs[1].1);
    assert_eq!(text_of(&black_king), wa::KINDS[0].face.kanji[0]);
    let doc = svg::board(&wa_state(WA_HANDS), &text_mode());
    let d = parse(&doc);
    let black_king = piece_on(&d, "6k");
    let tspans: Vec<_> = label(&black_king)
        .descendants()
        .filter(|n| n.has_tag_name("tspan"))
        .collect();
    assert_eq!(tspans.len(), 2);
    let y = |n: &roxmltree::Node| n.attribute("y").unwrap().parse::<f64>().unwrap();
    assert_eq!(tspans[0].attribute("x"), tspans[1].attribute("x"));
    assert!(y(&tspans[0]) < y(&tspans[1]));
    assert_eq!(text_of(&black_king), wa::KINDS[0].face.kanji[0]);
    // Flipped: Black's pieces are the turned ones.
    let doc = svg::board(
        &wa_state(WA_HANDS),
        &DiagramOptions {
            flip: true,
            ..DiagramOptions::default()
        },
    );
    let d = parse(&doc);
    assert_eq!(points_to(&piece_on(&d, "6a")), (0, -1));
    assert_eq!(points_to(&piece_on(&d, "6k")), (0, 1));
}

#[test]
fn wa_corner_squares() {
    // Pieces on 11a and 1k: 11a is the top-left square, 1k the bottom-right one; flipped,
    // the other way round.
    let fen = "l4k5/11/11/11/11/11/11/11/11/11/5K4L[-] w 0 1";
    for flip in [false, true] {
        let doc = svg::board(
            &wa_state(fen),
            &DiagramOptions {
                flip,
                ..DiagramOptions::default()
            },
        );
        let d = parse(&doc);
        let all: Vec<(f64, f64)> = board_pieces(&d)
            .iter()
            .map(|p| {
                let (x, y, _) = placement(p);
                (x, y)
            })
            .collect();
        let (x11a, y11a, _) = placement(&piece_on(&d, "11a"));
        let (x1k, y1k, _) = placement(&piece_on(&d, "1k"));
        let min_x = all.iter().map(|p| p.0).fold(f64::MAX, f64::min);
        let max_x = all.iter().map(|p| p.0).fold(f64::MIN, f64::max);
        let min_y = all.iter().map(|p| p.1).fold(f64::MAX, f64::min);
        let max_y = all.iter().map(|p| p.1).fold(f64::MIN, f64::max);
        if flip {
            assert_eq!((x11a, y11a), (max_x, max_y), "flipped: 11a bottom right");
            assert_eq!((x1k, y1k), (min_x, min_y), "flipped: 1k top left");
        } else {
            assert_eq!((x11a, y11a), (min_x, min_y), "11a top left");
            assert_eq!((x1k, y1k), (max_x, max_y), "1k bottom right");
        }
        // The whole board spans 10 squares between them.
        assert!(((x1k - x11a).abs() - (y1k - y11a).abs()).abs() < 1e-6);
        // The coordinates: file 11 is written first (left) unflipped, file 1 flipped.
        let coords = d
            .descendants()
            .find(|n| has_class(n, "coordinates"))
            .unwrap();
        let first = coords.children().find(|n| n.is_element()).unwrap();
        assert_eq!(text_of(&first), if flip { "1" } else { "11" });
    }
}

#[test]
fn wa_rank_coordinates() {
    let doc = svg::board(&wa_state(WA_HANDS), &DiagramOptions::default());
    let d = parse(&doc);
    let coords: Vec<String> = d
        .descendants()
        .find(|n| has_class(n, "coordinates"))
        .unwrap()
        .children()
        .filter(|n| n.is_element())
        .map(|n| text_of(&n))
        .collect();
    assert_eq!(coords.len(), 22);
    assert_eq!(&coords[11..14], ["一", "二", "三"]);
    assert_eq!(coords[21], "十一");
    let o = DiagramOptions {
        ranks: kifu::geometry::RankStyle::Letter,
        flip: true,
        ..DiagramOptions::default()
    };
    let doc = svg::board(&wa_state(WA_HANDS), &o);
    let d = parse(&doc);
    let coords: Vec<String> = d
        .descendants()
        .find(|n| has_class(n, "coordinates"))
        .unwrap()
        .children()
        .filter(|n| n.is_element())
        .map(|n| text_of(&n))
        .collect();
    assert_eq!(coords[11], "k");
    assert_eq!(coords[21], "a");
}

#[test]
fn wa_promoted_kanji_are_red() {
    let doc = svg::board(&wa_state(WA_HANDS), &DiagramOptions::default());
    let d = parse(&doc);
    let ink = |sq: &str| colours(&piece_on(&d, sq)).1;
    let promoted = piece_on(&d, "5c");
    assert!(has_class(&promoted, "promoted"));
    assert_eq!(text_of(&promoted), "金鳥");
    let red = ink("5c");
    let v = u32::from_str_radix(red.trim_start_matches('#'), 16).unwrap();
    let (r, g, b) = ((v >> 16) & 255, (v >> 8) & 255, v & 255);
    assert!(r > 150 && g < 80 && b < 80, "red: {red}");
    assert_ne!(ink("9c"), red);
    assert_ne!(ink("6k"), red);
    // English labels: the abbreviation, still red.
    let doc = svg::board(
        &wa_state(WA_HANDS),
        &DiagramOptions {
            labels: Labels::English,
            ..DiagramOptions::default()
        },
    );
    let d = parse(&doc);
    let p = piece_on(&d, "5c");
    assert_eq!(text_of(&p), "+SP");
    assert_eq!(colours(&p).1, red);
}

#[test]
fn wa_hands_with_counts() {
    let doc = svg::board(&wa_state(WA_HANDS), &DiagramOptions::default());
    let d = parse(&doc);
    let hand = |color: &str| {
        d.descendants()
            .find(|n| has_class(n, "hand") && has_class(n, color))
            .unwrap_or_else(|| panic!("{color}'s hand"))
    };
    let black = hand("black");
    let white = hand("white");
    let pieces = |h: &roxmltree::Node| -> Vec<(String, f64, f64, f64)> {
        h.descendants()
            .filter(|n| has_class(n, "piece"))
            .map(|n| {
                let (x, y, r) = placement(&n);
                (text_of(&n), x, y, r)
            })
            .collect()
    };
    let bp = pieces(&black);
    let wp = pieces(&white);
    assert_eq!(
        bp.iter().map(|p| p.0.as_str()).collect::<Vec<_>>(),
        ["鴟行", "萑歩"]
    );
    assert_eq!(wp.len(), 1);
    assert_eq!(wp[0].3, 180.0, "White's hand pieces are turned too");
    let counts: Vec<String> = black
        .descendants()
        .filter(|n| has_class(n, "count"))
        .map(|n| text_of(&n))
        .collect();
    assert_eq!(counts, ["×2"]);
    // White's hand at the top left, Black's at the bottom right.
    let board_x: Vec<f64> = board_pieces(&d).iter().map(|p| placement(p).0).collect();
    let min_x = board_x.iter().copied().fold(f64::MAX, f64::min);
    let max_x = board_x.iter().copied().fold(f64::MIN, f64::max);
    assert!(wp[0].1 < min_x && bp[0].1 > max_x);
    assert!(wp[0].2 < bp[0].2);
    let text = desc(&doc);
    // The position string as the library writes it (hands in table order).
    let written = wa_state(WA_HANDS).position_string();
    assert_eq!(
        written,
        "5k5/11/2l3+P4/11/11/11/11/11/11/11/5K5[LPPp] w 0 1"
    );
    assert!(text.contains(&written), "{text}");
    assert!(text.contains("Black to move"), "{text}");
    assert!(
        text.contains("Black has in hand: 1 Swooping Owl (SO), 2 Sparrow Pawn (SP)"),
        "{text}"
    );
    assert!(
        text.contains("White has in hand: 1 Sparrow Pawn (SP)"),
        "{text}"
    );
    // Flipped: Black's hand at the top left.
    let doc = svg::board(
        &wa_state(WA_HANDS),
        &DiagramOptions {
            flip: true,
            ..DiagramOptions::default()
        },
    );
    let d = parse(&doc);
    let x_of = |color: &str| {
        let h = d
            .descendants()
            .find(|n| has_class(n, "hand") && has_class(n, color))
            .unwrap();
        let g = h.descendants().find(|n| has_class(n, "piece")).unwrap();
        placement(&g).0
    };
    assert!(x_of("black") < x_of("white"));
}

#[test]
fn check_highlight_on_the_king_in_check() {
    // White's Oxcart on 6b gives check down the file to Black's King on 6k.
    let s = wa_state("5k5/5o5/11/11/11/11/11/11/11/11/5K5[-] w 0 1");
    assert_eq!(svg::check_square(&s), WA.square(6, 11));
    let o = DiagramOptions {
        check: svg::check_square(&s),
        ..DiagramOptions::default()
    };
    let doc = svg::board(&s, &o);
    let d = parse(&doc);
    let checks: Vec<_> = d.descendants().filter(|n| has_class(n, "check")).collect();
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0].attribute("data-square"), Some("6k"));
    // It is under the King: same square as the piece.
    let king = piece_on(&d, "6k");
    let (kx, ky, _) = placement(&king);
    let (x, y) = diagram::position(&checks[0]);
    let w = diagram::width(&checks[0]);
    assert!(x < kx && kx < x + w && y < ky && ky < y + w);
    assert!(desc(&doc).contains("in check"));
    // No check: no highlight.
    let calm = wa_state(WA_HANDS);
    assert_eq!(svg::check_square(&calm), None);
}

#[test]
fn gufu_check_square() {
    // The King of the side to move, exactly when the rules say it is in check.
    for s in ["Ke1/2/Wnks w S 4", GUFU_SETUP] {
        let st = gufu_state(s);
        let expected = if st.in_check() {
            st.find(gufu::PieceId::king(st.turn()))
        } else {
            None
        };
        assert_eq!(svg::check_square(&st), expected);
    }
}

#[test]
fn last_move_highlight() {
    let s = wa_state(WA_HANDS);
    let lit = |m: wa::Move| -> Vec<String> {
        let doc = svg::board(
            &s,
            &DiagramOptions {
                last_move: Some(m),
                ..DiagramOptions::default()
            },
        );
        let d = parse(&doc);
        d.descendants()
            .filter(|n| has_class(n, "lastmove"))
            .map(|n| n.attribute("data-square").unwrap().to_string())
            .collect()
    };
    let step = wa::Move::Normal {
        from: WA.square(5, 4).unwrap(),
        to: WA.square(5, 3).unwrap(),
        promote: true,
    };
    assert_eq!(lit(step), ["5d", "5c"]);
    let drop = wa::Move::Drop {
        kind: wa::Kind::SP,
        to: WA.square(5, 6).unwrap(),
    };
    assert_eq!(lit(drop), ["5f"]);
    let g = gufu_state(GUFU_SETUP);
    let turn = gufu::Move::Turn {
        at: GUFU.square(2, 1).unwrap(),
        facing: kifu::geometry::Facing::East,
    };
    let doc = svg::board(
        &g,
        &DiagramOptions {
            last_move: Some(turn),
            ..DiagramOptions::default()
        },
    );
    let d = parse(&doc);
    let squares: Vec<_> = d
        .descendants()
        .filter(|n| has_class(n, "lastmove"))
        .map(|n| n.attribute("data-square").unwrap())
        .collect();
    assert_eq!(squares, ["2a"]);
}

#[test]
fn caption_title_and_size() {
    let o = DiagramOptions {
        caption: Some("Game <1> & \"two\"".into()),
        size: Some(300),
        ..DiagramOptions::default()
    };
    let doc = svg::board(&wa_state(WA_HANDS), &o);
    let d = parse(&doc);
    let root = d.root_element();
    assert_eq!(root.attribute("width"), Some("300"));
    let cap = d.descendants().find(|n| has_class(n, "caption")).unwrap();
    assert_eq!(text_of(&cap), "Game <1> & \"two\"");
    let title = d.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("Game <1> & \"two\""));
    let doc = svg::board(&wa_state(WA_HANDS), &DiagramOptions::default());
    let d = parse(&doc);
    assert!(d.descendants().all(|n| !has_class(&n, "caption")));
    assert!(doc.contains("font-family=\"'Noto Serif CJK JP'"));
}

#[test]
fn every_start_position_and_style_is_well_formed() {
    for v in [Variant::Wa, Variant::WaNoDrop, Variant::Gufu] {
        for style in [BoardStyle::Wood, BoardStyle::Plain] {
            for labels in [Labels::Kanji, Labels::English] {
                for flip in [false, true] {
                    for_game!(State::start(v), pos => {
                        let o = DiagramOptions {
                            style,
                            labels,
                            flip,
                            caption: Some("x".into()),
                            ..DiagramOptions::default()
                        };
                        parse(&svg::board(&pos, &o));
                    });
                }
            }
        }
    }
    // Every Wa kind, promoted or not, for both sides, on the board and in hand.
    let letters: Vec<char> = wa::KINDS.iter().map(|k| k.letter).collect();
    let s = wa_state(
        "hmlcvkwgudo/+h+m+l+c+vx+w+g+u+d+o/11/11/11/11/11/11/11/+H+M+L+C+VX+W+G+U+D+O/HMLCVKWGUDO[EXFRSHOWVGCULDMPexfrshowvgculdmp] w 0 1",
    );
    let doc = svg::board(&s, &DiagramOptions::default());
    let d = parse(&doc);
    assert_eq!(board_pieces(&d).len(), 44);
    let in_hand = d.descendants().filter(|n| has_class(n, "in-hand")).count();
    assert_eq!(in_hand, 2 * (letters.len() - 1));
}

/// Every Wa kind of both sides, promoted too where it promotes, on the board, and every kind
/// in both hands. White's pieces fill ranks b to d (a full rank b shields White's King on 11a
/// from Black's, which stand on ranks g to i).
fn every_wa_face() -> wa::Game {
    let side = |black: bool, ranks: [u8; 3]| -> Vec<(String, String)> {
        let mut pieces = Vec::new();
        for k in wa::KINDS.iter().filter(|k| !k.royal) {
            let l = if black {
                k.letter
            } else {
                k.letter.to_ascii_lowercase()
            };
            pieces.push(l.to_string());
            if k.promoted.is_some() {
                pieces.push(format!("+{l}"));
            }
        }
        let squares = ranks
            .into_iter()
            .flat_map(|r| (1..=11u8).map(move |f| format!("{f}{}", (b'a' + r - 1) as char)));
        squares.zip(pieces).collect()
    };
    let mut placed = side(false, [2, 3, 4]);
    placed.extend(side(true, [7, 8, 9]));
    placed.push(("11a".into(), "k".into()));
    placed.push(("1k".into(), "K".into()));
    let placed: Vec<(&str, &str)> = placed
        .iter()
        .map(|(s, p)| (s.as_str(), p.as_str()))
        .collect();
    let hand: String = wa::KINDS
        .iter()
        .filter(|k| !k.royal)
        .flat_map(|k| [k.letter, k.letter.to_ascii_lowercase()])
        .collect();
    wa_state(&common::fen(&placed, &hand, "w"))
}

/// Gufū positions with each piece in each facing, and each piece in hand.
fn every_gufu_face() -> Vec<gufu::Position> {
    let mut v = vec![gufu_state("2/2/2 b KkWS 1"), gufu_state("2/2/Kn1 w kWS 2")];
    for f in ["n", "e", "s", "w"] {
        v.push(gufu_state(&format!("K{f}1/2/1k{f} b WS 3")));
        v.push(gufu_state(&format!("W{f}S{f}/1k{f}/Kn1 b - 5")));
    }
    v
}

#[test]
fn glyph_outlines_draw_everything_without_a_font() {
    // With the default options nothing is left to the viewer's fonts: every character of
    // every piece, coordinate, hand label, count and default caption is an outline.
    let mut states = vec![
        State::Wa(every_wa_face()),
        State::Wa(wa_state(WA_HANDS)),
        State::start(Variant::WaNoDrop),
    ];
    states.extend(every_gufu_face().into_iter().map(State::Gufu));
    for st in &states {
        for labels in [Labels::Kanji, Labels::English] {
            for ranks in [
                kifu::geometry::RankStyle::Kanji,
                kifu::geometry::RankStyle::Letter,
            ] {
                for flip in [false, true] {
                    let o: DiagramOptions<()> = DiagramOptions {
                        labels,
                        ranks,
                        flip,
                        caption: Some("Black: Ann · White: Bo · ply 12: K:1二>E SP-7七 ×2".into()),
                        ..DiagramOptions::default()
                    };
                    let doc = for_game!(st, p => svg::board(p, &o.for_moves()));
                    parse(&doc);
                    assert!(!doc.contains("<text"), "text left to fonts:\n{doc}");
                    assert!(!doc.contains("font-size"), "{doc}");
                }
            }
        }
    }
    // What every Wa face shows, read back from the outlines.
    let doc = svg::board(&every_wa_face(), &DiagramOptions::default());
    let d = parse(&doc);
    let shown: Vec<String> = board_pieces(&d).iter().map(text_of).collect();
    for k in &wa::KINDS {
        assert!(
            shown.iter().any(|t| t == k.face.kanji[0]),
            "{}",
            k.face.name
        );
        if let Some(p) = &k.promoted {
            assert!(
                shown.iter().any(|t| t == p.face.kanji[0]),
                "{}",
                p.face.name
            );
        }
    }
}

#[test]
fn each_glyph_is_defined_once() {
    let doc = svg::board(&every_wa_face(), &DiagramOptions::default());
    let d = parse(&doc);
    let ids: Vec<&str> = d
        .descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(ids.len(), unique.len(), "a glyph defined twice");
    // 萑 (Sparrow Pawn) is on many pieces and in both hands: one outline.
    assert_eq!(ids.iter().filter(|i| **i == "kifu-p8411").count(), 1);
    assert!(doc.matches("#kifu-p8411").count() >= 2);
    // The piece looks too: one definition each, used by every piece that looks so.
    let looks: Vec<&str> = d
        .descendants()
        .filter(|n| n.has_tag_name("g"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    let mut u = looks.clone();
    u.sort();
    u.dedup();
    assert_eq!(looks.len(), u.len());
}

#[test]
fn text_glyphs_leave_text_to_the_fonts() {
    let doc = svg::board(&wa_state(WA_HANDS), &text_mode());
    let d = parse(&doc);
    assert!(!doc.contains("<path id="), "no outlines");
    assert!(doc.contains("<text"));
    assert_eq!(text_of(&piece_on(&d, "5c")), "金鳥");
}

/// Decodes a PNG: width, height, RGBA pixels.
fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let p = resvg::tiny_skia::Pixmap::decode_png(bytes).expect("a PNG");
    (p.width(), p.height(), p.data().to_vec())
}

/// Pixels much darker than the diagram's light background (ink), as (x, y).
fn ink(w: u32, px: &[u8], rows: std::ops::Range<u32>) -> Vec<(u32, u32)> {
    let mut v = Vec::new();
    for y in rows {
        for x in 0..w {
            let i = ((y * w + x) * 4) as usize;
            let lum = px[i] as u32 + px[i + 1] as u32 + px[i + 2] as u32;
            if px[i + 3] > 128 && lum < 3 * 140 {
                v.push((x, y));
            }
        }
    }
    v
}

#[test]
fn long_captions_fit_the_width() {
    // Too long for one line even shrunk: broken into lines, none wider than the diagram.
    let caption = "Black: A. Virtanen · White: B. Lindqvist-Öhman · ply 123 · Helsinki \
                   Gufū championship, final round, second game: K:1二>E";
    for (st, name) in [
        (State::Gufu(gufu_state(GUFU_SETUP)), "gufu"),
        (State::Wa(wa_state(WA_HANDS)), "wa"),
    ] {
        let o: DiagramOptions<()> = DiagramOptions {
            caption: Some(caption.into()),
            ..DiagramOptions::default()
        };
        let doc = for_game!(&st, p => svg::board(p, &o.for_moves()));
        let d = parse(&doc);
        let cap = d.descendants().find(|n| has_class(n, "caption")).unwrap();
        let lines: Vec<String> = cap
            .children()
            .filter(|n| n.is_element())
            .map(|n| text_of(&n))
            .collect();
        assert_eq!(
            lines.join(" "),
            caption.split_whitespace().collect::<Vec<_>>().join(" "),
            "{name}: every word, in order"
        );
        if name == "gufu" {
            assert!(lines.len() >= 2, "{lines:?}");
        }
        // Drawn: the caption's ink lies inside the image, clear of both edges.
        let (w, h, px) = decode_png(&svg::png(&doc, None).unwrap());
        let board = d.descendants().find(|n| has_class(n, "board")).unwrap();
        let bottom: f64 = board.attribute("y").unwrap().parse::<f64>().unwrap()
            + board.attribute("height").unwrap().parse::<f64>().unwrap();
        let scale = w as f64 / diagram::width(&d.root_element());
        let below = ink(w, &px, (bottom * scale).ceil() as u32 + 2..h);
        assert!(below.len() > 200, "{name}: the caption is drawn");
        let min_x = below.iter().map(|p| p.0).min().unwrap();
        let max_x = below.iter().map(|p| p.0).max().unwrap();
        assert!(
            min_x >= 4 && max_x + 4 < w,
            "{name}: {min_x}..{max_x} of {w}"
        );
    }
    // A caption that fits stays on one line at its size; one slightly too long is shrunk.
    let short = svg::board(
        &gufu_state(GUFU_SETUP),
        &DiagramOptions {
            caption: Some("ply 4".into()),
            ..DiagramOptions::default()
        },
    );
    let d = parse(&short);
    let cap = d.descendants().find(|n| has_class(n, "caption")).unwrap();
    assert_eq!(cap.children().filter(|n| n.is_element()).count(), 1);
}

#[test]
fn png_has_the_width_asked_and_is_drawn() {
    for (st, o) in [
        (
            State::Wa(wa_state(WA_HANDS)),
            DiagramOptions::<()>::default(),
        ),
        (
            State::Gufu(gufu_state(GUFU_SETUP)),
            DiagramOptions::default(),
        ),
        (State::Wa(wa_state(WA_HANDS)), text_mode()),
    ] {
        let doc = for_game!(&st, p => svg::board(p, &o.for_moves()));
        for width in [None, Some(300), Some(1000)] {
            let (w, h, px) = decode_png(&svg::png(&doc, width).unwrap());
            let natural = diagram::width(&parse(&doc).root_element());
            assert_eq!(w, width.unwrap_or(natural.ceil() as u32));
            assert!(h > w / 2 && h < w * 2, "{w}×{h}");
            // Not blank: pieces and lines in ink, the wooden board, the background.
            let dark = ink(w, &px, 0..h).len();
            assert!(
                dark > (w * h / 100) as usize,
                "{dark} dark pixels of {}",
                w * h
            );
            let colours: std::collections::HashSet<&[u8]> = px.chunks(4).collect();
            assert!(colours.len() > 50);
        }
    }
    let doc = svg::board(&wa_state(WA_HANDS), &DiagramOptions::default());
    let e = svg::png(&doc, Some(svg::MAX_PNG_WIDTH + 1)).unwrap_err();
    assert_eq!(e.kind, svg::PngErrorKind::BadWidth);
    assert_eq!(svg::png("<svg", None).unwrap_err().kind.name(), "bad_svg");
}

#[test]
fn png_of_outlines_matches_png_of_text_where_fonts_exist() {
    // The outlines are the font's own glyphs: where the system has Noto Serif CJK JP, a
    // diagram drawn with outlines and the same diagram left to the fonts look alike.
    let have_font =
        std::path::Path::new("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc").exists();
    if !have_font {
        eprintln!("skipped: Noto Serif CJK is not installed");
        return;
    }
    let st = gufu_state(GUFU_SETUP);
    let a = svg::png(&svg::board(&st, &DiagramOptions::default()), Some(400)).unwrap();
    let b = svg::png(&svg::board(&st, &text_mode()), Some(400)).unwrap();
    let (w, h, pa) = decode_png(&a);
    let (_, _, pb) = decode_png(&b);
    let diff: u64 = pa.iter().zip(&pb).map(|(x, y)| x.abs_diff(*y) as u64).sum();
    let mean = diff as f64 / (w * h * 4) as f64;
    assert!(mean < 3.0, "mean difference {mean}");
}

#[test]
fn square_names_are_the_library_s() {
    // data-square uses file number and rank letter, as `FileRank` writes them.
    let sq = Square(0);
    assert_eq!(WA.file(sq), 11);
    let doc = svg::board(
        &wa_state("l4k5/11/11/11/11/11/11/11/11/11/5K5[-] w 0 1"),
        &DiagramOptions::default(),
    );
    let d = parse(&doc);
    assert!(has_class(&piece_on(&d, "11a"), "white"));
}

// ---------------------------------------------------------------------------------------------
// The command line.

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

const GUFU_GAME: &str = "[Event \"t\"]\n[Black \"Alice\"]\n[White \"Bob\"]\n[Variant \"Gufu\"]\n\n\
1. K*2三>N 2. K*1一>S 3. W*2一>E 4. S*1三>W *\n";

/// Ply 3 drops the Arashi where the Kaze is due: invalid from ply 3 on.
const GUFU_BAD: &str = "[Variant \"Gufu\"]\n\n1. K*2三>N 2. K*1一>S 3. S*2一>E 4. W*1三>W *\n";

fn run(args: &[&str]) -> (i32, String, String) {
    let out = kifu().arg("render").args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn cli_final_position_to_stdout_and_file() {
    let dir = scratch("final");
    let rec = dir.join("g.psn");
    std::fs::write(&rec, GUFU_GAME).unwrap();
    let (code, out, err) = run(&[rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = desc(&out);
    assert!(text.contains("Weks/2/KnSw b - 5"), "{text}");
    // The default caption: the players, the ply, the last move.
    let d = parse(&out);
    let cap = d.descendants().find(|n| has_class(n, "caption")).unwrap();
    assert_eq!(text_of(&cap), "Black: Alice · White: Bob · 4. S*1三>W");
    let lit: Vec<_> = d
        .descendants()
        .filter(|n| has_class(n, "lastmove"))
        .map(|n| n.attribute("data-square").unwrap())
        .collect();
    assert_eq!(lit, ["1c"], "a drop lights only its square");

    let svg = dir.join("out.svg");
    let (code, out, err) = run(&[
        rec.to_str().unwrap(),
        "--ply",
        "2",
        "--flip",
        "--no-caption",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    let doc = std::fs::read_to_string(&svg).unwrap();
    assert!(desc(&doc).contains("1ks/2/Kn1 b WS 3"), "{doc}");
    let d = parse(&doc);
    assert!(d.descendants().all(|n| !has_class(&n, "caption")));
    assert_eq!(names(&dir), ["g.psn", "out.svg"], "no temporary file left");

    // -o an existing directory: the default name in it.
    let sub = dir.join("sub");
    std::fs::create_dir(&sub).unwrap();
    let (code, _, err) = run(&[
        rec.to_str().unwrap(),
        "--ply",
        "0",
        "-o",
        sub.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(names(&sub), ["game1-ply000.svg"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_every_ply() {
    let dir = scratch("every");
    let rec = dir.join("g.psn");
    std::fs::write(&rec, GUFU_GAME).unwrap();
    let out = dir.join("out");
    let (code, _, err) = run(&[
        rec.to_str().unwrap(),
        "--every-ply",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let names = names(&out);
    assert_eq!(
        names,
        [
            "game1-ply000.svg",
            "game1-ply001.svg",
            "game1-ply002.svg",
            "game1-ply003.svg",
            "game1-ply004.svg"
        ]
    );
    for n in &names {
        parse(&std::fs::read_to_string(out.join(n)).unwrap());
    }
    // Without -o: refused.
    let (code, out, _) = run(&[rec.to_str().unwrap(), "--every-ply"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_wa_fixture() {
    let dir = scratch("wa");
    let out = dir.join("wa.svg");
    let rec = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/crazywa/selfplay-001.psn"
    );
    let (code, _, err) = run(&[
        rec,
        "--ply",
        "40",
        "--labels",
        "english",
        "--ranks",
        "letters",
        "--style",
        "plain",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let doc = std::fs::read_to_string(&out).unwrap();
    let d = parse(&doc);
    assert_eq!(
        d.descendants().filter(|n| has_class(n, "lastmove")).count(),
        2
    );
    // The final position: White is checkmated, the King lit.
    let (code, stdout, err) = run(&[rec]);
    assert_eq!(code, 0, "{err}");
    let d = parse(&stdout);
    assert_eq!(d.descendants().filter(|n| has_class(n, "check")).count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_position_string() {
    let (code, out, err) = run(&["--variant", "gufu", "--position", GUFU_SETUP]);
    assert_eq!(code, 0, "{err}");
    assert!(desc(&out).contains(GUFU_SETUP));
    let (code, out, err) = run(&[
        "--variant",
        "wa",
        "--position",
        WA_HANDS,
        "--caption",
        "Hands",
    ]);
    assert_eq!(code, 0, "{err}");
    let d = parse(&out);
    let cap = d.descendants().find(|n| has_class(n, "caption")).unwrap();
    assert_eq!(text_of(&cap), "Hands");
    // A bad position string.
    let (code, out, err) = run(&["--variant", "gufu", "--position", "3/2/2 b - 1"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("bad_position"), "{err}");
}

#[test]
fn cli_errors_exit_2_and_write_nothing() {
    let dir = scratch("errors");
    let rec = dir.join("g.psn");
    std::fs::write(&rec, GUFU_GAME).unwrap();
    let bad = dir.join("bad.psn");
    std::fs::write(&bad, GUFU_BAD).unwrap();
    let out = dir.join("o.svg");
    let o = out.to_str().unwrap();
    let r = rec.to_str().unwrap();
    let b = bad.to_str().unwrap();
    let missing = dir.join("missing.psn");
    // Exit status 2 for usage and I/O errors, 1 for an invalid record (as validate).
    let cases: Vec<(Vec<&str>, &str, i32)> = vec![
        (vec![r, "--ply", "5", "-o", o], "beyond", 2),
        (vec![r, "--game", "2", "-o", o], "no game 2", 2),
        (vec![b, "-o", o], "invalid", 1),
        (vec![b, "--ply", "3", "-o", o], "invalid", 1),
        (vec![b, "--ply", "4", "-o", o], "invalid", 1),
        (vec![missing.to_str().unwrap(), "-o", o], "io", 2),
    ];
    for (args, what, status) in &cases {
        let (code, stdout, err) = run(args);
        assert_eq!(code, *status, "{args:?}: {err}");
        assert!(stdout.is_empty());
        assert!(err.contains(what), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote a file");
    }
    // An invalid record is drawn up to the ply before the error.
    let (code, _, err) = run(&[b, "--ply", "2", "-o", o]);
    assert_eq!(code, 0, "{err}");
    assert!(out.exists());
    std::fs::remove_file(&out).unwrap();
    // --every-ply on an invalid record: no directory, no file.
    let every = dir.join("every");
    let (code, _, _) = run(&[b, "--every-ply", "-o", every.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(!every.exists());
    // Unwritable outputs: a path below a regular file.
    let below_file = rec.join("x.svg");
    let (code, _, err) = run(&[r, "-o", below_file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("error[io]"), "{err}");
    let (code, _, err) = run(&[r, "--every-ply", "-o", rec.join("d").to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    // --every-ply into an existing file.
    let (code, _, _) = run(&[r, "--every-ply", "-o", r]);
    assert_eq!(code, 2);
    assert_eq!(std::fs::read_to_string(&rec).unwrap(), GUFU_GAME);
    assert_eq!(names(&dir), ["bad.psn", "g.psn"], "nothing else written");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `kifu render` with `stdin` as standard input.
fn run_stdin(args: &[&str], stdin: std::process::Stdio) -> (i32, Vec<u8>, String) {
    let out = kifu()
        .arg("render")
        .args(args)
        .stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn cli_reads_standard_input_and_refuses_a_directory() {
    let dir = scratch("stdin");
    let rec = dir.join("g.psn");
    std::fs::write(&rec, GUFU_GAME).unwrap();
    let from_file = run(&[rec.to_str().unwrap()]).1;
    // `cat g.psn | kifu render -o x.svg`, and without -o to standard output: the record
    // comes from standard input, no PATH needed.
    let out = dir.join("x.svg");
    let stdin = || std::fs::File::open(&rec).unwrap().into();
    let (code, _, err) = run_stdin(&["-o", out.to_str().unwrap()], stdin());
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), from_file);
    let (code, stdout, err) = run_stdin(&[], stdin());
    assert_eq!(code, 0, "{err}");
    assert_eq!(String::from_utf8(stdout).unwrap(), from_file);
    // Nothing to read (no path, standard input not a file or a pipe): a usage error.
    let (code, _, err) = run_stdin(&[], std::process::Stdio::null());
    assert_eq!(code, 2);
    assert!(err.contains("error[usage]: no record"), "{err}");
    // The usage line does not make -o or PATH look required.
    let help = run(&["--help"]).1;
    assert!(
        help.contains("Usage: kifu render [OPTIONS] [PATH]"),
        "{help}"
    );
    // A directory: a clear message, not the system's "Is a directory".
    let (code, _, err) = run(&[dir.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("this is a directory"), "{err}");
    assert!(!err.contains("os error"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_png() {
    let dir = scratch("png");
    let rec = dir.join("g.psn");
    std::fs::write(&rec, GUFU_GAME).unwrap();
    let r = rec.to_str().unwrap();
    // By the file's extension.
    let png = dir.join("board.png");
    let (code, out, err) = run(&[r, "-o", png.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    let (w, _, _) = decode_png(&std::fs::read(&png).unwrap());
    let svg_doc = run(&[r]).1;
    let natural = diagram::width(&parse(&svg_doc).root_element());
    assert_eq!(w, natural.ceil() as u32);
    // --format png to standard output, --size the width.
    let out = kifu()
        .args(["render", r, "--format", "png", "--size", "300"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let (w, h, px) = decode_png(&out.stdout);
    assert_eq!(w, 300);
    assert!(ink(w, &px, 0..h).len() > 1000, "not blank");
    // Every ply, as PNG files.
    let every = dir.join("every");
    let (code, _, err) = run(&[
        r,
        "--every-ply",
        "--format",
        "png",
        "-o",
        every.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let names = names(&every);
    assert_eq!(names.len(), 5);
    assert!(names.iter().all(|n| n.ends_with(".png")), "{names:?}");
    // --format svg contradicts the extension: an error, nothing written.
    let forced = dir.join("forced.png");
    let (code, _, err) = run(&[r, "--format", "svg", "-o", forced.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("ends in .png, but this writes SVG"), "{err}");
    assert!(!forced.exists());
    // Too wide: an error, nothing written.
    let huge = dir.join("huge.png");
    let (code, _, err) = run(&[r, "--size", "9000", "-o", huge.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("8192"), "{err}");
    assert!(!huge.exists());
    // One range, one message, whatever the format (19.17).
    for (size, format) in [("9000", "svg"), ("10", "png"), ("10", "svg")] {
        let (code, _, e) = run(&[r, "--size", size, "--format", format]);
        assert_eq!(code, 2, "{e}");
        assert!(e.contains(&format!("{size} is not in 16..=8192")), "{e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One language per diagram (19.23): the words around the board and the caption are English
/// by default, Japanese with --language ja; the last move is numbered as records number it
/// (Gufū every ply; Wa in pairs, `6...` for White's move), in Japanese by ply (`12手目`).
#[test]
fn a_diagram_speaks_one_language() {
    let dir = scratch("language");
    let rec = dir.join("g.psn");
    std::fs::write(&rec, GUFU_GAME).unwrap();
    let r = rec.to_str().unwrap();
    let words = |doc: &str| -> Vec<String> {
        parse(doc)
            .descendants()
            .filter(|n| n.is_text())
            // The description for screen readers is English whatever the language.
            .filter(|n| {
                n.parent_element()
                    .is_some_and(|p| !matches!(p.tag_name().name(), "desc" | "title"))
            })
            .filter_map(|n| n.text())
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect()
    };
    let caption = |doc: &str| {
        let d = parse(doc);
        let cap = d.descendants().find(|n| has_class(n, "caption")).unwrap();
        text_of(&cap)
    };
    let (_, en, _) = run(&[r, "--text-glyphs"]);
    let (code, ja, err) = run(&[r, "--text-glyphs", "--language", "ja"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(caption(&en), "Black: Alice · White: Bob · 4. S*1三>W");
    assert_eq!(caption(&ja), "先手: Alice · 後手: Bob · 4手目 S*1三>W");
    let en_words = words(&en);
    assert!(en_words.iter().any(|w| w == "Hand"), "{en_words:?}");
    for japanese in ["持駒", "なし", "先手", "後手"] {
        assert!(
            !en_words.iter().any(|w| w.contains(japanese)),
            "{en_words:?}"
        );
    }
    let ja_words = words(&ja);
    assert!(ja_words.iter().any(|w| w == "持駒"), "{ja_words:?}");
    for english in ["Hand", "none", "Black", "White"] {
        assert!(
            !ja_words.iter().any(|w| w.contains(english)),
            "{ja_words:?}"
        );
    }
    // Wa: move pairs in English, plies in Japanese; the side names follow the language.
    let wa = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/wa/crazywa-005-hodges.psn"
    );
    for (ply, lang, want, side) in [
        ("11", "en", "· 6. SO-3j", "Black"),
        ("12", "en", "· 6... SC-3b", "White"),
        ("12", "ja", "· 12手目 SC-3b", "後手"),
    ] {
        let (code, doc, err) = run(&[wa, "--ply", ply, "--text-glyphs", "--language", lang]);
        assert_eq!(code, 0, "{err}");
        assert!(caption(&doc).ends_with(want), "{}", caption(&doc));
        assert!(words(&doc).iter().any(|w| w == side), "{lang}");
    }
    // A position string: who is to move, in the language asked for.
    let pos = [
        "--variant",
        "gufu",
        "--position",
        "Weks/2/KnSw b - 5",
        "--text-glyphs",
    ];
    let (_, doc, _) = run(&[&pos[..], &["--language", "ja"]].concat());
    assert_eq!(caption(&doc), "先手番");
    let (_, doc, _) = run(&pos);
    assert_eq!(caption(&doc), "Black to move");
    let _ = std::fs::remove_dir_all(&dir);
}
