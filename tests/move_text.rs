//! Moves as text on a position, as a library user types them: `Notate::parse_move` (every
//! notation kifu reads, the same kinds and hints as validate), `Notate::notate` (from the
//! position before the move alone), and `Display`/`FromStr` of moves, squares and positions.

use kifu::geometry::RankStyle;
use kifu::gufu::{self, GufuSquare};
use kifu::notation::{Notate, Notation, Style};
use kifu::replay::{MoveErrorKind, ProblemKind, State};
use kifu::rules::{Position, Rule};
use kifu::wa::{self, WaSquare};
use kifu::{Variant, geometry};

const NOTATIONS: [Notation; 4] = [
    Notation::Hodges,
    Notation::Long,
    Notation::Xboard,
    Notation::San,
];

/// Positions along a deterministic pseudo-random game of `plies` plies from the start.
fn playout<P: Position>(variant: Variant, plies: usize, seed: u64) -> Vec<P> {
    let mut pos = P::start(variant);
    let mut out = vec![pos.clone()];
    let mut x = seed;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.play_unchecked(&moves[(x >> 33) as usize % moves.len()]);
        out.push(pos.clone());
    }
    out
}

/// Every legal move of every position: written in every style from the position before it
/// (the same text as with the position after), read back to the same move, and through
/// `Display`/`FromStr` too.
fn round_trips<P: Notate>(variant: Variant, positions: &[P])
where
    P::Move: std::fmt::Display + std::str::FromStr + std::fmt::Debug,
    <P::Move as std::str::FromStr>::Err: std::fmt::Debug,
{
    let mut checked = 0;
    for pos in positions {
        for m in pos.legal_moves() {
            let text = m.to_string();
            assert_eq!(text.parse::<P::Move>().unwrap(), m, "{text}");
            let mut after = pos.clone();
            after.play_unchecked(&m);
            for notation in NOTATIONS {
                for ranks in [RankStyle::Letter, RankStyle::Kanji] {
                    let style = Style { notation, ranks };
                    if notation.writes(variant).is_err() {
                        assert!(pos.notate(&m, style).is_err());
                        continue;
                    }
                    let written = pos.notate(&m, style).unwrap();
                    assert_eq!(written, pos.move_text(&m, &after, style));
                    let read = pos.parse_move(&written);
                    assert_eq!(read, Ok(m), "{written} on {}", pos.position_string());
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn wa_moves_round_trip_through_every_notation() {
    for (variant, seed) in [(Variant::Wa, 1), (Variant::Wa, 7), (Variant::WaNoDrop, 3)] {
        let positions: Vec<wa::Position> = playout(variant, 120, seed);
        round_trips(variant, &positions[..]);
        // wa::Game gives the same answers.
        let games: Vec<wa::Game> = playout(variant, 40, seed);
        round_trips(variant, &games[..]);
    }
}

#[test]
fn gufu_moves_round_trip() {
    for seed in 1..40 {
        let positions: Vec<gufu::Position> = playout(Variant::Gufu, 60, seed);
        for pos in &positions {
            for m in pos.legal_moves() {
                let text = m.to_string();
                assert_eq!(text.parse::<gufu::Move>().unwrap(), m, "{text}");
                for ranks in [RankStyle::Letter, RankStyle::Kanji] {
                    for notation in [Notation::Hodges, Notation::Long] {
                        let style = Style { notation, ranks };
                        let written = pos.notate(&m, style).unwrap();
                        assert_eq!(pos.parse_move(&written), Ok(m), "{written}");
                    }
                }
            }
        }
    }
}

#[test]
fn errors_have_validates_kinds_messages_and_hints() {
    let pos = wa::Position::start(Variant::Wa);
    let kind = |text: &str| pos.parse_move(text).unwrap_err().kind;
    assert_eq!(
        kind("SPx7h"),
        MoveErrorKind::Problem(ProblemKind::CaptureMark)
    );
    assert_eq!(
        kind("QQ-7h"),
        MoveErrorKind::Problem(ProblemKind::UnknownPiece)
    );
    assert_eq!(
        kind("SP-7f"),
        MoveErrorKind::Problem(ProblemKind::Rule(Rule::CannotMoveThatWay))
    );
    assert_eq!(kind("SP-7h SP-3d").name(), "syntax");
    assert_eq!(kind("").name(), "syntax");
    assert_eq!(kind("1. SP-7h").name(), "syntax");
    assert_eq!(kind("SP-7%").name(), "syntax");
    // A hint, as validate gives one.
    let e = pos.parse_move("SP-7f").unwrap_err();
    assert!(e.help.is_some(), "{e:?}");
    assert_eq!(e.to_string(), e.message);
    let e: Box<dyn std::error::Error> = Box::new(e);
    assert!(!e.to_string().is_empty());

    // Gufū: engine coordinates do not exist; the setup order is a rule.
    let g = gufu::Position::start(Variant::Gufu);
    assert_eq!(
        g.parse_move("e1e2").unwrap_err().kind.name(),
        "bad_notation"
    );
    assert_eq!(
        g.parse_move("W*2三>W").unwrap_err().kind.name(),
        "setup_order"
    );
    assert_eq!(
        g.parse_move("K*2三>N+").unwrap_err().kind.name(),
        "check_mark"
    );
}

#[test]
fn play_text_plays_or_leaves_the_position_as_it_was() {
    let mut state = State::start(Variant::Wa);
    let m = state.play_text("SP-7h").unwrap();
    let before = state.clone();
    assert!(state.play_text("SP-7h").is_err()); // Black's move again: White has none there
    assert_eq!(state.position_string(), before.position_string());
    let style = Style::default_for(Variant::Wa);
    assert_eq!(
        State::start(Variant::Wa).notate(&m, style).unwrap(),
        "SP-7h"
    );
    assert_eq!(state.notate(&m, style).unwrap_err().name(), "no_piece");
    let gufu_move = State::start(Variant::Gufu).parse_move("K*2三>W").unwrap();
    assert_eq!(
        state.notate(&gufu_move, style).unwrap_err().name(),
        "wrong_game"
    );
}

#[test]
fn squares_per_board() {
    for sq in geometry::WA.squares() {
        let s = WaSquare(sq);
        assert_eq!(s.to_string().parse::<WaSquare>(), Ok(s));
        let engine = kifu::wa::notation::wa_engine_square(sq);
        assert_eq!(engine.parse::<WaSquare>(), Ok(s), "{engine}");
        let kanji = kifu::wa::notation::wa_square(sq, RankStyle::Kanji);
        assert_eq!(kanji.parse::<WaSquare>(), Ok(s), "{kanji}");
    }
    for sq in geometry::GUFU.squares() {
        let s = GufuSquare(sq);
        assert_eq!(s.to_string().parse::<GufuSquare>(), Ok(s));
    }
    for bad in [
        "", "0a", "12a", "7l", "l1", "a0", "a12", "7", "h", "7hh", "a01",
    ] {
        let e = bad.parse::<WaSquare>().unwrap_err();
        assert_eq!(e.kind.name(), "bad_square", "{bad}");
    }
    for bad in ["3a", "1d", "2四", "a1"] {
        assert!(bad.parse::<GufuSquare>().is_err(), "{bad}");
    }
}

#[test]
fn moves_without_a_position() {
    for bad in [
        "", "h3", "h3g", "h3g4++", "p@e5", "PP@e5", "Q@e5", "h3@", "z1a1", "h3g4=", "e1e2 ",
    ] {
        let e = bad.parse::<wa::Move>().unwrap_err();
        assert_eq!(e.kind.name(), "bad_move", "{bad}");
    }
    let m: wa::Move = "c9c10+".parse().unwrap();
    assert_eq!(m.to_string(), "c9c10+");
    for bad in [
        "", "2c1c", "2c1c>X", "2c1c>n", "K@2d>N", "Q@2c>N", "2c>N", "2c1c1b>N",
    ] {
        assert!(bad.parse::<gufu::Move>().is_err(), "{bad}");
    }
}

#[test]
fn position_strings() {
    let wa_pos = wa::Position::start(Variant::Wa);
    assert_eq!(wa_pos.to_string().parse::<wa::Position>().unwrap(), wa_pos);
    let g = gufu::Position::start(Variant::Gufu);
    assert_eq!(g.to_string(), "2/2/2 b KkWS 1");
    assert_eq!("2/2/2 b KkWS 1".parse::<gufu::Position>().unwrap(), g);
    assert!("2/2 b".parse::<gufu::Position>().is_err());
}
