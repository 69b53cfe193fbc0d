//! Wa shogi rules: promotion, drops, check, the end of the game, repetition, position strings.
//! Each test names the rule it pins.

mod common;
use common::*;
use kifu::Variant;
use kifu::geometry::Color;
use kifu::rules::PositionErrorKind as PosKind;
use kifu::rules::{IllegalMove, Move as _, Position as _, Status, Termination};
use kifu::wa::{Game, Kind, Move, Position, fen};

fn mv(from: &str, to: &str, promote: bool) -> Move {
    Move::Normal {
        from: sq(from),
        to: sq(to),
        promote,
    }
}

fn drop(kind: Kind, to: &str) -> Move {
    Move::Drop { kind, to: sq(to) }
}

fn moves_from(pos: &Position, from: &str) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(sq(from)))
        .collect()
}

// Kings out of the way for most tests.
const KINGS: [(&str, &str); 2] = [("11k", "K"), ("11a", "k")];

fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = extra.to_vec();
    v.extend(KINGS);
    v
}

// ---- Promotion ----

#[test]
fn entering_the_zone_may_promote_or_not() {
    let pos = wa_pos(&with_kings(&[("6d", "P")]), "", "w");
    let ms = moves_from(&pos, "6d");
    assert_eq!(ms.len(), 2);
    assert!(ms.contains(&mv("6d", "6c", true)) && ms.contains(&mv("6d", "6c", false)));
}

#[test]
fn sparrow_reaching_last_rank_must_promote() {
    let pos = wa_pos(&with_kings(&[("6b", "P")]), "", "w");
    assert_eq!(moves_from(&pos, "6b"), vec![mv("6b", "6a", true)]);
    assert_eq!(
        pos.check(&mv("6b", "6a", false)),
        Err(IllegalMove::MustPromote)
    );
}

#[test]
fn oxcart_must_promote_only_on_last_rank() {
    let pos = wa_pos(&with_kings(&[("6d", "O")]), "", "w");
    let ms = moves_from(&pos, "6d");
    // 6c and 6b: promote or not; 6a: promote only.
    assert_eq!(ms.len(), 5);
    assert_eq!(
        pos.check(&mv("6d", "6a", false)),
        Err(IllegalMove::MustPromote)
    );
    assert_eq!(pos.check(&mv("6d", "6b", false)), Ok(()));
}

#[test]
fn liberated_horse_is_never_forced() {
    let pos = wa_pos(&with_kings(&[("6c", "H")]), "", "w");
    assert_eq!(pos.check(&mv("6c", "6a", false)), Ok(()));
    assert_eq!(pos.check(&mv("6c", "6a", true)), Ok(()));
}

#[test]
fn leaving_the_zone_may_promote() {
    // Flying Falcon from 3c (in the zone) to 6f (outside).
    let pos = wa_pos(&with_kings(&[("3c", "F")]), "", "w");
    assert_eq!(pos.check(&mv("3c", "6f", true)), Ok(()));
    assert_eq!(pos.check(&mv("3c", "6f", false)), Ok(()));
}

#[test]
fn no_promotion_outside_the_zone() {
    let pos = wa_pos(&with_kings(&[("6f", "P")]), "", "w");
    assert!(matches!(
        pos.check(&mv("6f", "6e", true)),
        Err(IllegalMove::CannotPromote { .. })
    ));
    assert_eq!(moves_from(&pos, "6f"), vec![mv("6f", "6e", false)]);
}

#[test]
fn eagle_fox_and_king_never_promote() {
    let pos = wa_pos(&with_kings(&[("6d", "E"), ("3d", "X")]), "", "w");
    assert!(matches!(
        pos.check(&mv("6d", "6c", true)),
        Err(IllegalMove::CannotPromote { .. })
    ));
    assert!(matches!(
        pos.check(&mv("3d", "3c", true)),
        Err(IllegalMove::CannotPromote { .. })
    ));
    assert!(
        moves_from(&pos, "6d")
            .iter()
            .all(|m| !matches!(m, Move::Normal { promote: true, .. }))
    );
}

#[test]
fn promoted_pieces_do_not_promote_again() {
    let pos = wa_pos(&with_kings(&[("6c", "+P")]), "", "w");
    assert!(matches!(
        pos.check(&mv("6c", "6b", true)),
        Err(IllegalMove::CannotPromote { .. })
    ));
    assert_eq!(pos.check(&mv("6c", "6b", false)), Ok(()));
}

#[test]
fn whites_zone_is_ranks_i_to_k() {
    let pos = wa_pos(&with_kings(&[("6h", "p"), ("4j", "p")]), "", "b");
    assert_eq!(moves_from(&pos, "6h").len(), 2);
    assert_eq!(moves_from(&pos, "4j"), vec![mv("4j", "4k", true)]);
}

#[test]
fn captured_promoted_piece_goes_to_hand_unpromoted() {
    // A +SO (moves as Cloud Eagle) is captured: the captor gets a Swooping Owl.
    let mut pos = wa_pos(&with_kings(&[("6f", "R"), ("6e", "+l")]), "", "w");
    pos.play(&mv("6f", "6e", false)).unwrap();
    assert_eq!(pos.in_hand(Color::Black, Kind::SO), 1);
    assert_eq!(pos.in_hand(Color::Black, Kind::CE), 0);
    assert!(fen::write(&pos).contains("[L]"));
}

#[test]
fn promoted_owl_and_cloud_eagle_stay_different() {
    let pos = wa_pos(&with_kings(&[("6f", "+L"), ("5f", "E")]), "", "w");
    let a = pos.piece_at(sq("6f")).unwrap();
    let b = pos.piece_at(sq("5f")).unwrap();
    assert_ne!(a, b);
    assert_eq!(a.face().betza, b.face().betza);
    assert_eq!(a.face().abbr, "+SO");
    assert_eq!(b.face().abbr, "CE");
    let s = fen::write(&pos);
    assert!(s.contains("+LE"), "{s}");
}

// ---- Drops ----

#[test]
fn drops_go_to_empty_squares_only() {
    let pos = wa_pos(&with_kings(&[("6f", "p")]), "G", "w");
    assert_eq!(
        pos.check(&drop(Kind::FG, "6f")),
        Err(IllegalMove::DropOnOccupied)
    );
    assert_eq!(pos.check(&drop(Kind::FG, "6e")), Ok(()));
    assert_eq!(
        pos.check(&drop(Kind::SW, "6e")),
        Err(IllegalMove::NotInHand)
    );
    // Every empty square is a drop target for the goose: 121 - 3 pieces.
    let n = pos
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Drop { .. }))
        .count();
    assert_eq!(n, 118);
}

#[test]
fn no_drop_where_the_piece_could_never_move() {
    let pos = wa_pos(&with_kings(&[]), "POH", "w");
    assert_eq!(
        pos.check(&drop(Kind::SP, "6a")),
        Err(IllegalMove::DropDeadSquare)
    );
    assert_eq!(
        pos.check(&drop(Kind::OC, "6a")),
        Err(IllegalMove::DropDeadSquare)
    );
    assert_eq!(pos.check(&drop(Kind::SP, "6b")), Ok(()));
    // The Liberated Horse can step back, so rank a is fine for it.
    assert_eq!(pos.check(&drop(Kind::LH, "6a")), Ok(()));
    let pos = wa_pos(&with_kings(&[]), "p", "b");
    assert_eq!(
        pos.check(&drop(Kind::SP, "6k")),
        Err(IllegalMove::DropDeadSquare)
    );
    assert_eq!(pos.check(&drop(Kind::SP, "6a")), Ok(()));
}

#[test]
fn no_second_sparrow_in_a_file() {
    let pos = wa_pos(
        &with_kings(&[("6g", "P"), ("5g", "+P"), ("4c", "p")]),
        "P",
        "w",
    );
    assert_eq!(
        pos.check(&drop(Kind::SP, "6c")),
        Err(IllegalMove::TwoSparrowPawns)
    );
    // A promoted Sparrow does not count, nor does the opponent's.
    assert_eq!(pos.check(&drop(Kind::SP, "5c")), Ok(()));
    assert_eq!(pos.check(&drop(Kind::SP, "4e")), Ok(()));
}

fn drop_mate_position(protected: bool) -> Position {
    // White King on 1a boxed in by its own pieces on 2a and 2b; a Sparrow dropped on 1b
    // checks it; the Black Flying Falcon on 5f guards 1b along the diagonal.
    let mut pieces = vec![("1a", "k"), ("2a", "o"), ("2b", "p"), ("11k", "K")];
    if protected {
        pieces.push(("5f", "F"));
    }
    wa_pos(&pieces, "PW", "w")
}

#[test]
fn no_sparrow_drop_mate() {
    let pos = drop_mate_position(true);
    assert_eq!(
        pos.check(&drop(Kind::SP, "1b")),
        Err(IllegalMove::SparrowDropMate)
    );
    assert!(!pos.legal_moves().contains(&drop(Kind::SP, "1b")));
    // Unprotected, the King takes it: a check, not a mate, so the drop is legal.
    let pos = drop_mate_position(false);
    assert_eq!(pos.check(&drop(Kind::SP, "1b")), Ok(()));
    // Other pieces may give mate by drop.
    let mut pos = drop_mate_position(true);
    pos.play(&drop(Kind::VW, "1b")).unwrap();
    assert_eq!(
        pos.status(),
        Status::Over(kifu::rules::Outcome {
            winner: Some(Color::Black),
            termination: Termination::Checkmate
        })
    );
}

#[test]
fn sparrow_may_mate_by_moving() {
    // The same mate given by a Sparrow stepping from 1c is fine.
    let mut pos = wa_pos(
        &[
            ("1a", "k"),
            ("2a", "o"),
            ("2b", "p"),
            ("11k", "K"),
            ("5f", "F"),
            ("1c", "P"),
        ],
        "",
        "w",
    );
    pos.play(&mv("1c", "1b", false)).unwrap();
    assert!(matches!(pos.status(), Status::Over(o) if o.termination == Termination::Checkmate));
}

#[test]
fn captures_do_not_fill_hands_without_drops() {
    let f = fen(&with_kings(&[("6f", "R"), ("6e", "p")]), "", "w");
    let mut pos = fen::parse(Variant::WaNoDrop, &f).unwrap();
    pos.play(&mv("6f", "6e", false)).unwrap();
    assert_eq!(pos.in_hand(Color::Black, Kind::SP), 0);
    let s = fen::write(&pos);
    assert!(!s.contains('['), "{s}");
    assert_eq!(fen::parse(Variant::WaNoDrop, &s).unwrap(), pos);
}

#[test]
fn no_drops_without_drops() {
    let pos = Position::start(Variant::WaNoDrop);
    assert_eq!(
        pos.check(&drop(Kind::SP, "6f")),
        Err(IllegalMove::DropsDisabled)
    );
    let f = fen(&KINGS, "P", "w");
    assert!(fen::parse(Variant::WaNoDrop, &f).is_err());
    assert!(fen::parse(Variant::Wa, &f).is_ok());
}

// ---- Check ----

#[test]
fn may_not_expose_the_king() {
    // White Oxcart on 6a pins Black's Swallow's Wings on 6f to the King on 6k.
    let pos = wa_pos(
        &[("6a", "o"), ("6f", "S"), ("6k", "K"), ("11a", "k")],
        "",
        "w",
    );
    assert_eq!(
        pos.check(&mv("6f", "5f", false)),
        Err(IllegalMove::LeavesKingInCheck)
    );
    assert_eq!(pos.check(&mv("6f", "6e", false)), Ok(()));
    // The King may not step into an attack either: 7j is attacked by nothing, 6j is on the file
    // behind... the Swallow shields it. Remove the Swallow: the file is attacked.
    let pos = wa_pos(&[("6a", "o"), ("6k", "K"), ("11a", "k")], "", "w");
    assert!(pos.in_check());
    assert_eq!(pos.checkers(), vec![sq("6a")]);
    assert_eq!(
        pos.check(&mv("6k", "6j", false)),
        Err(IllegalMove::LeavesKingInCheck)
    );
    assert_eq!(pos.check(&mv("6k", "5j", false)), Ok(()));
    // Every legal move answers the check.
    for m in pos.legal_moves() {
        let mut p = pos.clone();
        p.play_unchecked(&m);
        assert!(!p.is_in_check_of(Color::Black), "{m:?}");
    }
}

#[test]
fn two_checkers_are_both_listed() {
    let pos = wa_pos(
        &[("6a", "o"), ("8i", "f"), ("6k", "K"), ("11a", "k")],
        "",
        "w",
    );
    assert_eq!(pos.checkers(), vec![sq("6a"), sq("8i")]);
}

#[test]
fn no_legal_move_loses() {
    // Black's lone King on 11k: 10k, 10j and 11j are all attacked, 11k is not.
    let pos = wa_pos(
        &[("11k", "K"), ("10a", "+s"), ("1j", "+s"), ("5e", "k")],
        "",
        "w",
    );
    assert!(!pos.in_check());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        pos.status(),
        Status::Over(kifu::rules::Outcome {
            winner: Some(Color::White),
            termination: Termination::NoLegalMoves
        })
    );
    assert_eq!(
        pos.check(&mv("11k", "10k", false)),
        Err(IllegalMove::GameOver)
    );
}

// ---- Repetition ----

fn shuffle(game: &mut Game, moves: &[(&str, &str)]) {
    for (a, b) in moves {
        game.play(&mv(a, b, false))
            .unwrap_or_else(|e| panic!("{a}-{b}: {e}"));
    }
}

#[test]
fn fourfold_repetition_is_a_draw() {
    let pos = wa_pos(&[("11k", "K"), ("1a", "k")], "", "w");
    let mut game = Game::new(pos);
    let cycle = [("11k", "10k"), ("1a", "2a"), ("10k", "11k"), ("2a", "1a")];
    for _ in 0..2 {
        shuffle(&mut game, &cycle);
    }
    assert_eq!(
        game.status(),
        Status::Ongoing,
        "third occurrence: play goes on"
    );
    shuffle(&mut game, &cycle);
    let o = game.outcome().expect("fourth occurrence ends the game");
    assert_eq!((o.winner, o.termination), (None, Termination::Repetition));
    assert_eq!(
        game.play(&mv("11k", "10k", false)),
        Err(IllegalMove::GameOver)
    );
}

#[test]
fn perpetual_check_loses() {
    // Black's Gliding Swallow checks from 11a and 11b in turn; White's King steps 2a <-> 1b.
    let pos = wa_pos(&[("11b", "+S"), ("6k", "K"), ("2a", "k")], "", "w");
    let mut game = Game::new(pos);
    let cycle = [("11b", "11a"), ("2a", "1b"), ("11a", "11b"), ("1b", "2a")];
    for _ in 0..2 {
        shuffle(&mut game, &cycle);
    }
    assert_eq!(game.status(), Status::Ongoing);
    shuffle(&mut game, &cycle);
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.termination),
        (Some(Color::White), Termination::PerpetualCheck)
    );
}

// ---- Position strings ----

#[test]
fn start_position_round_trips() {
    let pos = Position::start(Variant::WaNoDrop);
    assert_eq!(fen::write(&pos), fen::START);
    // With drops the (empty) hands are always written, as CrazyWa needs them.
    let pos = Position::start(Variant::Wa);
    assert_eq!(
        fen::write(&pos),
        "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] w 0 1"
    );
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(pos.piece_at(sq("6k")).unwrap().kind, Kind::CK);
    assert_eq!(pos.piece_at(sq("4i")).unwrap().kind, Kind::RR);
    assert_eq!(pos.piece_at(sq("8i")).unwrap().kind, Kind::TF);
    assert_eq!(pos.piece_at(sq("8c")).unwrap().kind, Kind::RR);
    assert_eq!(pos.piece_at(sq("8c")).unwrap().color, Color::White);
}

#[test]
fn position_strings_round_trip_with_hands_and_promotions() {
    for s in [
        "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] w 0 1",
        "k10/11/11/11/5+L5/11/11/4E6/11/11/10K[ELPPxppp] b 7 31",
        "k10/11/11/11/5+p5/11/11/11/11/11/+H9K[-] w 12 40",
    ] {
        let pos = fen::parse(Variant::Wa, s).unwrap();
        assert_eq!(fen::write(&pos), s);
    }
    // Alternative spellings of empty hands read the same.
    let a = fen::parse(Variant::Wa, "k10/11/11/11/11/11/11/11/11/11/10K[] w 0 1").unwrap();
    let b = fen::parse(Variant::Wa, "k10/11/11/11/11/11/11/11/11/11/10K[-] w").unwrap();
    assert_eq!(a, b);
}

#[test]
fn bad_position_strings_name_the_problem_and_offset() {
    let cases: &[(&str, usize, &str, PosKind)] = &[
        (
            "k10/11/11/11/11/11/11/11/11/11/10K",
            34,
            "side to move is missing",
            PosKind::SideToMove,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/10K x",
            35,
            "side to move must be",
            PosKind::SideToMove,
        ),
        (
            "k9/11/11/11/11/11/11/11/11/11/10K w",
            2,
            "rank a has 10 squares",
            PosKind::BoardShape,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/11K w",
            33,
            "more than 11 squares",
            PosKind::BoardShape,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11 w",
            30,
            "11 × 11",
            PosKind::BoardShape,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/10K/11 w",
            34,
            "more than 11 ranks",
            PosKind::BoardShape,
        ),
        (
            "kz9/11/11/11/11/11/11/11/11/11/10K w",
            1,
            "unknown piece letter 'z'",
            PosKind::UnknownPiece,
        ),
        (
            "kK9/11/11/11/11/11/11/11/11/11/10K w",
            33,
            "two Crane Kings for black",
            PosKind::PieceCount,
        ),
        (
            "k+K9/11/11/11/11/11/11/11/11/11/10K w",
            2,
            "cannot be promoted",
            PosKind::UnknownPiece,
        ),
        (
            "o10/11/11/11/11/11/11/11/11/11/10K w",
            0,
            "White has no Crane King",
            PosKind::PieceCount,
        ),
        (
            "kP9/11/11/11/11/11/11/11/11/11/10K w",
            1,
            "could never move",
            PosKind::Unreachable,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/10K[k] w",
            35,
            "cannot be in hand",
            PosKind::Hand,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/10K[P w",
            34,
            "unterminated",
            PosKind::Syntax,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/10K w 0 x",
            39,
            "must be a number",
            PosKind::MoveNumber,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/10K w 0 0",
            39,
            "starts at 1",
            PosKind::MoveNumber,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/10K w 0 1 z",
            41,
            "unexpected text",
            PosKind::Syntax,
        ),
        (
            "k9+S/11/11/11/11/11/11/11/11/11/10K w",
            36,
            "not to move is in check",
            PosKind::Unreachable,
        ),
        ("", 0, "empty position string", PosKind::Syntax),
        // A digit run too long for any number type must not wrap around.
        (
            "K99999999999999999999k10/11/11/11/11/11/11/11/11/11/10K w 0 1",
            1,
            "more than 11 squares",
            PosKind::BoardShape,
        ),
        (
            "k10/11/11/11/11/11/11/11/11/11/10Ké w",
            34,
            "unexpected 'é'",
            PosKind::Syntax,
        ),
    ];
    for (s, offset, text, kind) in cases {
        let e = fen::parse(Variant::Wa, s).expect_err(s);
        assert!(e.message.contains(text), "{s}: {e}");
        assert_eq!(e.offset, *offset, "{s}: {e}");
        assert_eq!(e.kind, *kind, "{s}: {e}");
    }
}
