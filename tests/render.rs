//! SVG diagrams: `kifu::svg` and `kifu render`.
//!
//! Every document produced here is parsed as XML. The geometry tests read the `transform` of
//! each piece (`translate(x,y) rotate(r)`) and apply it to the piece outline, so they check
//! where a piece is drawn and where it points, independently of how the SVG is laid out.

use kifu::Variant;
use kifu::geometry::{GUFU, Square, WA};
use kifu::rules::Position;
use kifu::svg::{self, Labels, Options, Style};
use kifu::{for_game, replay::State};
use kifu::{gufu, wa};
use std::path::{Path, PathBuf};
use std::process::Command;

// ---------------------------------------------------------------------------------------------
// Helpers.

/// Parses a document, checks what every diagram must have, and returns it.
fn parse(doc: &str) -> roxmltree::Document<'_> {
    let d = roxmltree::Document::parse(doc).unwrap_or_else(|e| panic!("not XML: {e}\n{doc}"));
    let root = d.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(
        root.attribute("viewBox").is_some(),
        "scalable: has a viewBox"
    );
    assert!(
        root.children().any(|c| c.has_tag_name("title")),
        "has a <title>"
    );
    assert!(
        root.children().any(|c| c.has_tag_name("desc")),
        "has a <desc>"
    );
    // Self-contained: no links, no imported or downloaded fonts.
    for bad in ["href", "@import", "@font-face", "http://", "https://"] {
        let n = doc.matches(bad).count();
        let allowed = if bad == "http://" { 1 } else { 0 }; // the namespace
        assert_eq!(n, allowed, "{bad} in the document");
    }
    d
}

fn desc(doc: &str) -> String {
    let d = parse(doc);
    let desc = d.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    desc.text().unwrap_or("").to_string()
}

fn has_class(n: &roxmltree::Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|x| x == class))
}

/// The pieces on the board (groups with `data-square`).
fn board_pieces<'a>(d: &'a roxmltree::Document<'a>) -> Vec<roxmltree::Node<'a, 'a>> {
    d.descendants()
        .filter(|n| n.has_tag_name("g") && has_class(n, "piece") && n.has_attribute("data-square"))
        .collect()
}

fn piece_on<'a>(d: &'a roxmltree::Document<'a>, square: &str) -> roxmltree::Node<'a, 'a> {
    board_pieces(d)
        .into_iter()
        .find(|n| n.attribute("data-square") == Some(square))
        .unwrap_or_else(|| panic!("no piece on {square}"))
}

/// `translate(x,y) rotate(r)` → (x, y, r).
fn transform(n: &roxmltree::Node) -> (f64, f64, f64) {
    let t = n.attribute("transform").expect("transform");
    let nums = |s: &str| -> Vec<f64> {
        s.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|x| !x.is_empty())
            .map(|x| x.parse().unwrap())
            .collect()
    };
    let tr = t
        .split("translate(")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .map(nums)
        .expect("translate");
    let rot = t
        .split("rotate(")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .map(|s| nums(s)[0])
        .unwrap_or(0.0);
    (tr[0], tr[1], rot)
}

/// The outline's points in document coordinates.
fn outline(n: &roxmltree::Node) -> Vec<(f64, f64)> {
    let (tx, ty, r) = transform(n);
    let poly = n.children().find(|c| c.has_tag_name("polygon")).unwrap();
    let (s, c) = r.to_radians().sin_cos();
    poly.attribute("points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
            (tx + x * c - y * s, ty + x * s + y * c)
        })
        .collect()
}

/// Which way the piece points: its tip (the first point of the outline, the one farthest
/// from the base) relative to its centre, as a unit direction rounded to (dx, dy).
fn points_to(n: &roxmltree::Node) -> (i32, i32) {
    let (cx, cy, _) = transform(n);
    let tip = outline(n)[0];
    let (dx, dy) = (tip.0 - cx, tip.1 - cy);
    let len = (dx * dx + dy * dy).sqrt();
    ((dx / len).round() as i32, (dy / len).round() as i32)
}

fn text_of(n: &roxmltree::Node) -> String {
    n.descendants()
        .filter(|c| c.is_text())
        .filter_map(|c| c.text())
        .collect()
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
    let doc = svg::board(&gufu_state(GUFU_SETUP), &Options::default());
    parse(&doc);
    insta::assert_snapshot!("gufu_after_setup", doc);
}

#[test]
fn snapshot_wa_hands_and_promoted() {
    let doc = svg::board(&wa_state(WA_HANDS), &Options::default());
    parse(&doc);
    insta::assert_snapshot!("wa_hands_promoted", doc);
}

#[test]
fn snapshot_wa_flipped() {
    let o = Options {
        flip: true,
        style: Style::Plain,
        labels: Labels::English,
        ranks: kifu::notation::RankStyle::Letter,
        caption: Some("flipped <&> plain".into()),
        ..Options::default()
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
    let doc = svg::board(&gufu_state(GUFU_SETUP), &Options::default());
    let d = parse(&doc);
    let kaze = piece_on(&d, "2a");
    assert!(has_class(&kaze, "kaze") && has_class(&kaze, "facing-e"));
    assert_eq!(transform(&kaze).2, 90.0);
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
        &Options {
            flip: true,
            ..Options::default()
        },
    );
    let d = parse(&flipped);
    assert_eq!(points_to(&piece_on(&d, "2a")), (-1, 0));
    assert_eq!(points_to(&piece_on(&d, "2c")), (0, 1));
}

#[test]
fn gufu_kings_are_black_and_white_and_shared_pieces_neutral() {
    let doc = svg::board(&gufu_state(GUFU_SETUP), &Options::default());
    let d = parse(&doc);
    let fill = |sq: &str| {
        let g = piece_on(&d, sq);
        let poly = g.children().find(|c| c.has_tag_name("polygon")).unwrap();
        let text = g.descendants().find(|c| c.has_tag_name("text")).unwrap();
        (
            poly.attribute("fill").unwrap().to_string(),
            text.attribute("fill").unwrap().to_string(),
        )
    };
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
    let doc = svg::board(&s, &Options::default());
    let d = parse(&doc);
    let hand = d
        .descendants()
        .find(|n| has_class(n, "hand") && has_class(n, "common"))
        .expect("common hand");
    let in_hand: Vec<_> = hand
        .descendants()
        .filter(|n| n.has_tag_name("g") && has_class(n, "piece"))
        .collect();
    assert_eq!(in_hand.len(), 1);
    assert!(has_class(&in_hand[0], "arashi"));
    // To the right of every board square.
    let right_of_board = board_pieces(&d)
        .iter()
        .map(|p| transform(p).0)
        .fold(f64::MIN, f64::max);
    assert!(transform(&in_hand[0]).0 > right_of_board + 48.0);
    let text = desc(&doc);
    assert!(text.contains("Ke1/2/Wnks w S 4"), "{text}");
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("common hand: Arashi"), "{text}");
}

#[test]
fn wa_white_pieces_are_turned() {
    let doc = svg::board(&wa_state(WA_HANDS), &Options::default());
    let d = parse(&doc);
    let white_king = piece_on(&d, "6a");
    assert!(has_class(&white_king, "white"));
    assert_eq!(transform(&white_king).2, 180.0);
    assert_eq!(points_to(&white_king), (0, 1));
    let black_king = piece_on(&d, "6k");
    assert_eq!(transform(&black_king).2, 0.0);
    assert_eq!(points_to(&black_king), (0, -1));
    // Two kanji, stacked vertically.
    let tspans: Vec<_> = black_king
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
        &Options {
            flip: true,
            ..Options::default()
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
            &Options {
                flip,
                ..Options::default()
            },
        );
        let d = parse(&doc);
        let all: Vec<(f64, f64)> = board_pieces(&d)
            .iter()
            .map(|p| {
                let (x, y, _) = transform(p);
                (x, y)
            })
            .collect();
        let (x11a, y11a, _) = transform(&piece_on(&d, "11a"));
        let (x1k, y1k, _) = transform(&piece_on(&d, "1k"));
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
        let first = coords.children().find(|n| n.has_tag_name("text")).unwrap();
        assert_eq!(text_of(&first), if flip { "1" } else { "11" });
    }
}

#[test]
fn wa_rank_coordinates() {
    let doc = svg::board(&wa_state(WA_HANDS), &Options::default());
    let d = parse(&doc);
    let coords: Vec<String> = d
        .descendants()
        .find(|n| has_class(n, "coordinates"))
        .unwrap()
        .children()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| text_of(&n))
        .collect();
    assert_eq!(coords.len(), 22);
    assert_eq!(&coords[11..14], ["一", "二", "三"]);
    assert_eq!(coords[21], "十一");
    let o = Options {
        ranks: kifu::notation::RankStyle::Letter,
        flip: true,
        ..Options::default()
    };
    let doc = svg::board(&wa_state(WA_HANDS), &o);
    let d = parse(&doc);
    let coords: Vec<String> = d
        .descendants()
        .find(|n| has_class(n, "coordinates"))
        .unwrap()
        .children()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| text_of(&n))
        .collect();
    assert_eq!(coords[11], "k");
    assert_eq!(coords[21], "a");
}

#[test]
fn wa_promoted_kanji_are_red() {
    let doc = svg::board(&wa_state(WA_HANDS), &Options::default());
    let d = parse(&doc);
    let ink = |sq: &str| {
        let g = piece_on(&d, sq);
        g.descendants()
            .find(|c| c.has_tag_name("text"))
            .unwrap()
            .attribute("fill")
            .unwrap()
            .to_string()
    };
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
        &Options {
            labels: Labels::English,
            ..Options::default()
        },
    );
    let d = parse(&doc);
    let p = piece_on(&d, "5c");
    assert_eq!(text_of(&p), "+SP");
    assert_eq!(
        p.descendants()
            .find(|c| c.has_tag_name("text"))
            .unwrap()
            .attribute("fill"),
        Some(red.as_str())
    );
}

#[test]
fn wa_hands_with_counts() {
    let doc = svg::board(&wa_state(WA_HANDS), &Options::default());
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
            .filter(|n| n.has_tag_name("g") && has_class(n, "piece"))
            .map(|n| {
                let (x, y, r) = transform(&n);
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
    let board_x: Vec<f64> = board_pieces(&d).iter().map(|p| transform(p).0).collect();
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
        &Options {
            flip: true,
            ..Options::default()
        },
    );
    let d = parse(&doc);
    let x_of = |color: &str| {
        let h = d
            .descendants()
            .find(|n| has_class(n, "hand") && has_class(n, color))
            .unwrap();
        let g = h
            .descendants()
            .find(|n| n.has_tag_name("g") && has_class(n, "piece"))
            .unwrap();
        transform(&g).0
    };
    assert!(x_of("black") < x_of("white"));
}

#[test]
fn check_highlight_on_the_king_in_check() {
    // White's Oxcart on 6b gives check down the file to Black's King on 6k.
    let s = wa_state("5k5/5o5/11/11/11/11/11/11/11/11/5K5[-] w 0 1");
    assert_eq!(svg::check_square(&s), WA.square(6, 11));
    let o = Options {
        check: svg::check_square(&s),
        ..Options::default()
    };
    let doc = svg::board(&s, &o);
    let d = parse(&doc);
    let checks: Vec<_> = d.descendants().filter(|n| has_class(n, "check")).collect();
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0].attribute("data-square"), Some("6k"));
    // It is under the King: same square as the piece.
    let king = piece_on(&d, "6k");
    let (kx, ky, _) = transform(&king);
    let attr = |n: &roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    let (x, y, w) = (
        attr(&checks[0], "x"),
        attr(&checks[0], "y"),
        attr(&checks[0], "width"),
    );
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
            &Options {
                last_move: Some(m),
                ..Options::default()
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
        facing: gufu::Facing::East,
    };
    let doc = svg::board(
        &g,
        &Options {
            last_move: Some(turn),
            ..Options::default()
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
    let o = Options {
        caption: Some("Game <1> & \"two\"".into()),
        size: Some(300),
        ..Options::default()
    };
    let doc = svg::board(&wa_state(WA_HANDS), &o);
    let d = parse(&doc);
    let root = d.root_element();
    assert_eq!(root.attribute("width"), Some("300"));
    let cap = d.descendants().find(|n| has_class(n, "caption")).unwrap();
    assert_eq!(text_of(&cap), "Game <1> & \"two\"");
    let title = d.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("Game <1> & \"two\""));
    let doc = svg::board(&wa_state(WA_HANDS), &Options::default());
    let d = parse(&doc);
    assert!(d.descendants().all(|n| !has_class(&n, "caption")));
    assert!(doc.contains("font-family=\"'Noto Serif CJK JP'"));
}

#[test]
fn every_start_position_and_style_is_well_formed() {
    for v in [Variant::Wa, Variant::WaNoDrop, Variant::Gufu] {
        for style in [Style::Wood, Style::Plain] {
            for labels in [Labels::Kanji, Labels::English] {
                for flip in [false, true] {
                    for_game!(State::start(v), pos => {
                        let o = Options {
                            style,
                            labels,
                            flip,
                            caption: Some("x".into()),
                            ..Options::default()
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
    let doc = svg::board(&s, &Options::default());
    let d = parse(&doc);
    assert_eq!(board_pieces(&d).len(), 44);
    let in_hand = d
        .descendants()
        .filter(|n| n.has_tag_name("g") && has_class(n, "in-hand"))
        .count();
    assert_eq!(in_hand, 2 * (letters.len() - 1));
}

#[test]
fn square_names_are_the_library_s() {
    // data-square uses file number and rank letter, as `FileRank` writes them.
    let sq = Square(0);
    assert_eq!(WA.file(sq), 11);
    let doc = svg::board(
        &wa_state("l4k5/11/11/11/11/11/11/11/11/11/5K5[-] w 0 1"),
        &Options::default(),
    );
    let d = parse(&doc);
    assert!(has_class(&piece_on(&d, "11a"), "white"));
}

// ---------------------------------------------------------------------------------------------
// The command line.

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kifu-render-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const GUFU_GAME: &str = "[Event \"t\"]\n[Black \"Alice\"]\n[White \"Bob\"]\n[Variant \"Gufu\"]\n\n\
1. K*2三>N 2. K*1一>S 3. W*2一>E 4. S*1三>W *\n";

/// Ply 3 drops the Arashi where the Kaze is due: invalid from ply 3 on.
const GUFU_BAD: &str = "[Variant \"Gufu\"]\n\n1. K*2三>N 2. K*1一>S 3. S*2一>E 4. W*1三>W *\n";

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.map(|e| e.unwrap().file_name().to_string_lossy().to_string())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

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
    assert_eq!(text_of(&cap), "Black: Alice · White: Bob · ply 4: S*1三>W");
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
    assert_eq!(
        files_in(&dir),
        ["g.psn", "out.svg"],
        "no temporary file left"
    );

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
    assert_eq!(files_in(&sub), ["game1-ply000.svg"]);
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
    let names = files_in(&out);
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
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec![r, "--ply", "5", "-o", o], "beyond"),
        (vec![r, "--game", "2", "-o", o], "no game 2"),
        (vec![b, "-o", o], "invalid"),
        (vec![b, "--ply", "3", "-o", o], "invalid"),
        (vec![b, "--ply", "4", "-o", o], "invalid"),
        (vec![missing.to_str().unwrap(), "-o", o], "io"),
    ];
    for (args, what) in &cases {
        let (code, stdout, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
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
    assert_eq!(code, 2);
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
    assert_eq!(files_in(&dir), ["bad.psn", "g.psn"], "nothing else written");
    let _ = std::fs::remove_dir_all(&dir);
}
