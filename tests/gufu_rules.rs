//! Gufū shōgi rules, one test (or more) per rule and per *decided* point of the rules.
//! Squares: 2一 1一 / 2二 1二 / 2三 1三 (file 2 on the left, rank 一 on top).

use kifu::geometry::Facing;
use kifu::geometry::{Color, Square};
use kifu::gufu::{Move, Piece, PieceId, Position, posstr};
use kifu::rules::PositionErrorKind as PosKind;
use kifu::rules::{IllegalMove, Position as _, Status, Termination};

/// Square by name, numbered by hand: row-major from 2一.
fn sq(name: &str) -> Square {
    let mut c = name.chars();
    let file = c.next().unwrap().to_digit(10).unwrap() as u8;
    let rank = match c.next().unwrap() {
        '一' => 0,
        '二' => 1,
        '三' => 2,
        _ => panic!("rank"),
    };
    Square(rank * 2 + (2 - file))
}

fn names(v: Vec<Square>) -> Vec<&'static str> {
    const N: [&str; 6] = ["2一", "1一", "2二", "1二", "2三", "1三"];
    let mut out: Vec<&str> = v.into_iter().map(|s| N[s.0 as usize]).collect();
    out.sort();
    out
}

fn pos(s: &str) -> Position {
    posstr::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn step(from: &str, to: &str, facing: Facing) -> Move {
    Move::Step {
        from: sq(from),
        to: sq(to),
        facing,
    }
}

fn turn(at: &str, facing: Facing) -> Move {
    Move::Turn { at: sq(at), facing }
}

fn drop(piece: PieceId, to: &str, facing: Facing) -> Move {
    Move::Drop {
        piece,
        to: sq(to),
        facing,
    }
}

use Facing::{East as E, North as N, South as S, West as W};

// ---- Pieces and facings ----

#[test]
fn kaze_pattern_turns_with_its_facing() {
    let k = |facing, at| {
        names(
            Piece {
                id: PieceId::Kaze,
                facing,
            }
            .attacks(sq(at)),
        )
    };
    // Facing N on 1二: straight ahead 1一, diagonally backward 2三 (the other is off board).
    assert_eq!(k(N, "1二"), vec!["1一", "2三"]);
    // Facing E on 1二: ahead is off the board; backward diagonals point west: 2一 and 2三.
    assert_eq!(k(E, "1二"), vec!["2一", "2三"]);
    // Facing S on 2二: ahead 2三; backward diagonals point north: 1一.
    assert_eq!(k(S, "2二"), vec!["1一", "2三"]);
    // Facing W on 1二: ahead 2二 only.
    assert_eq!(k(W, "1二"), vec!["2二"]);
}

#[test]
fn arashi_pattern_turns_with_its_facing() {
    let a = |facing, at| {
        names(
            Piece {
                id: PieceId::Arashi,
                facing,
            }
            .attacks(sq(at)),
        )
    };
    // The rules' example: on 1二 facing W it attacks every other square.
    assert_eq!(a(W, "1二"), vec!["1一", "1三", "2一", "2三", "2二"]);
    // On 1一 facing N it attacks only 2一.
    assert_eq!(a(N, "1一"), vec!["2一"]);
    // Facing E on 2二: ahead 1二, sideways 2一 and 2三, diagonally forward 1一 and 1三.
    assert_eq!(a(E, "2二"), vec!["1一", "1三", "1二", "2一", "2三"]);
    // Facing S on 2一: ahead 2二, sideways 1一, diagonally forward 1二.
    assert_eq!(a(S, "2一"), vec!["1一", "1二", "2二"]);
}

#[test]
fn king_steps_everywhere_around() {
    let k = Piece {
        id: PieceId::BlackKing,
        facing: N,
    };
    assert_eq!(names(k.attacks(sq("2二"))).len(), 5);
    assert_eq!(names(k.attacks(sq("1一"))), vec!["1二", "2一", "2二"]);
}

// ---- Setup ----

#[test]
fn setup_plies_are_fixed_drops() {
    let p = Position::default();
    assert_eq!(posstr::write(&p), "2/2/2 b KkWS 1");
    let ms = p.legal_moves();
    assert_eq!(
        ms.len(),
        24,
        "Black's King on any of 6 squares, any of 4 facings"
    );
    assert!(ms.iter().all(|m| matches!(
        m,
        Move::Drop {
            piece: PieceId::BlackKing,
            ..
        }
    )));
    assert!(matches!(
        p.check(&drop(PieceId::Kaze, "1一", N)),
        Err(IllegalMove::SetupOrder { .. })
    ));
    assert!(matches!(
        p.check(&drop(PieceId::WhiteKing, "1一", N)),
        Err(IllegalMove::SetupOrder { .. })
    ));
    let mut p = p;
    p.play(&drop(PieceId::BlackKing, "2三", W)).unwrap();
    assert!(matches!(
        p.check(&drop(PieceId::Arashi, "1一", N)),
        Err(IllegalMove::SetupOrder { .. })
    ));
    p.play(&drop(PieceId::WhiteKing, "1一", E)).unwrap();
    // Ply 3: no King step yet, only the Kaze drop.
    assert!(matches!(
        p.check(&turn("2三", N)),
        Err(IllegalMove::SetupOrder { .. })
    ));
    p.play(&drop(PieceId::Kaze, "1三", N)).unwrap();
    p.play(&drop(PieceId::Arashi, "2一", S)).unwrap();
    assert_eq!(posstr::write(&p), "Sske/2/KwWn b - 5");
    assert!(!p.in_setup());
}

#[test]
fn a_king_never_drops_after_setup() {
    // The Kaze is in hand after a capture; the Kings are on the board.
    let p = pos("ke1/Sw1/Kn1 b W 9");
    assert_eq!(
        p.check(&drop(PieceId::BlackKing, "1二", N)),
        Err(IllegalMove::NotInHand)
    );
    assert_eq!(
        p.check(&drop(PieceId::Arashi, "1二", N)),
        Err(IllegalMove::NotInHand)
    );
    assert_eq!(
        p.check(&drop(PieceId::Kaze, "2二", N)),
        Err(IllegalMove::DropOnOccupied)
    );
}

// ---- Forbidden positions ----

#[test]
fn kings_may_not_face_each_other() {
    // Black's King on 2三 faces E, towards 1三.
    let p = pos("2/2/Ke1 w kWS 2");
    assert_eq!(
        p.check(&drop(PieceId::WhiteKing, "1三", W)),
        Err(IllegalMove::KingsFaceToFace)
    );
    // One King facing the other alone is allowed (decided).
    assert_eq!(p.check(&drop(PieceId::WhiteKing, "1三", N)), Ok(()));
    // Vertical neighbours face each other only when both face along the file.
    let p = pos("2/2/Kn1 w kWS 2");
    assert_eq!(
        p.check(&drop(PieceId::WhiteKing, "2二", S)),
        Err(IllegalMove::KingsFaceToFace)
    );
    assert_eq!(p.check(&drop(PieceId::WhiteKing, "2二", W)), Ok(()));
    // Diagonal neighbours never face each other: every facing is fine on 1二.
    for f in Facing::ALL {
        assert_eq!(p.check(&drop(PieceId::WhiteKing, "1二", f)), Ok(()));
    }
    // 5 squares x 4 facings, less the one face-to-face drop.
    assert_eq!(p.legal_moves().len(), 19);
}

#[test]
fn a_turn_or_step_may_not_end_face_to_face() {
    // Black King 2三 facing N; White King 2二 facing W (so not face to face).
    let p = pos("Sn1/kwWs/Kn1 w - 10");
    // White's King turning clockwise would face N, away: fine. Black's King turning... it is
    // White to move: White's King stepping to 1二 from W turns to N: fine.
    assert_eq!(p.check(&turn("2二", N)), Ok(()));
    let p = pos("Sn1/keWs/Kn1 w - 10"); // White King faces E: turning makes it face S.
    assert_eq!(p.check(&turn("2二", S)), Err(IllegalMove::KingsFaceToFace));
}

#[test]
fn no_check_by_drop() {
    // Black King 2三 facing N, White King 2一 facing S; Black drops the Kaze (ply 3).
    let p = pos("ks1/2/Kn1 b WS 3");
    // On 2二 facing N it attacks 2一 and touches Black's King: check by drop.
    assert_eq!(
        p.check(&drop(PieceId::Kaze, "2二", N)),
        Err(IllegalMove::CheckByDrop)
    );
    // On 1一 facing W it attacks 2一 but does not touch Black's King: no check, legal.
    assert_eq!(p.check(&drop(PieceId::Kaze, "1一", W)), Ok(()));
    // On 2二 facing S it attacks Black's own King: not a check to White, legal.
    assert_eq!(p.check(&drop(PieceId::Kaze, "2二", S)), Ok(()));
}

// ---- A turn ----

#[test]
fn a_step_turns_the_piece_90_degrees_clockwise() {
    let p = pos("Sske/2/KwWn b - 5");
    // The Kaze on 1三 faces N and steps to 1二: it must end facing E.
    assert_eq!(p.check(&step("1三", "1二", E)), Ok(()));
    assert_eq!(
        p.check(&step("1三", "1二", N)),
        Err(IllegalMove::WrongFacing { expected: 'E' })
    );
    assert_eq!(
        p.check(&step("1三", "1二", W)),
        Err(IllegalMove::WrongFacing { expected: 'E' })
    );
    let mut q = p.clone();
    q.play(&step("1三", "1二", E)).unwrap();
    assert_eq!(
        q.piece_at(sq("1二")),
        Some(Piece {
            id: PieceId::Kaze,
            facing: E
        })
    );
}

#[test]
fn a_turn_in_place_is_exactly_90_degrees_clockwise() {
    let p = pos("Sske/2/KwWn b - 5");
    assert_eq!(p.check(&turn("2三", N)), Ok(()), "King W -> N");
    assert_eq!(
        p.check(&turn("2三", S)),
        Err(IllegalMove::WrongFacing { expected: 'N' })
    );
    assert_eq!(p.check(&turn("1三", E)), Ok(()), "Kaze N -> E");
    // Black may turn the shared Arashi too: it is not giving check.
    assert_eq!(p.check(&turn("2一", W)), Ok(()), "Arashi S -> W");
    // But not White's King.
    assert!(matches!(
        p.check(&turn("1一", S)),
        Err(IllegalMove::NotYourPiece { .. })
    ));
    // Nor an empty square.
    assert!(matches!(
        p.check(&turn("2二", N)),
        Err(IllegalMove::NoPiece { .. })
    ));
}

#[test]
fn a_piece_moves_only_by_its_pattern() {
    let p = pos("Sske/2/KwWn b - 5");
    // Kaze facing N on 1三 may not step sideways to 2三 (and 2三 is Black's King anyway).
    assert_eq!(
        p.check(&step("1三", "2二", E)),
        Err(IllegalMove::CannotMoveThatWay)
    );
    assert_eq!(
        p.check(&step("2三", "2三", N)),
        Err(IllegalMove::CannotMoveThatWay)
    );
    // A shared piece may capture the other shared piece...
    let p = pos("Sske/Wn1/Kw1 b - 7");
    assert_eq!(
        p.check(&step("2二", "2一", E)),
        Ok(()),
        "Kaze takes the Arashi"
    );
    // ...but not the mover's own King: the Kaze on 1三 facing W attacks only 2三.
    let p = pos("ks1/2/KwWw b S 7");
    assert_eq!(
        p.check(&step("1三", "2三", N)),
        Err(IllegalMove::OwnPieceOnTarget)
    );
}

// ---- Control, check, captures ----

/// White to move, in check from the Kaze on 2二 (attacks 2一, touches Black's King on 2三).
/// The Arashi on 1三 faces N and gives no check.
const CHECKED: &str = "ke1/Wn1/KnSn w - 10";

#[test]
fn check_is_attack_plus_contact() {
    let p = pos(CHECKED);
    assert!(p.in_check());
    assert_eq!(p.checkers(), vec![sq("2二")]);
    // Without contact there is no check: Black's King on 1三, the Kaze on 2二 still attacks
    // 2一 and touches 1三 diagonally... so move the Kaze's contact away instead: Kaze on 1一
    // facing W attacks 2一; Black's King on 2三 does not touch 1一.
    let p = pos("keWw/2/Kn1 w S 10");
    assert!(!p.in_check());
}

#[test]
fn the_checking_piece_is_fixed_to_the_checker() {
    let p = pos(CHECKED);
    // White may not step or turn the checking Kaze...
    assert_eq!(
        p.check(&step("2二", "2一", E)),
        Err(IllegalMove::FixedCheckingPiece)
    );
    assert_eq!(
        p.check(&turn("2二", E)),
        Err(IllegalMove::FixedCheckingPiece)
    );
    // ...nor take it with the King...
    assert_eq!(
        p.check(&step("2一", "2二", S)),
        Err(IllegalMove::KingCapturesChecker)
    );
    // ...but may take it with the other shared piece.
    assert_eq!(p.check(&step("1三", "2二", E)), Ok(()));
}

#[test]
fn the_other_shared_piece_may_not_capture_if_it_checks_too() {
    // The Arashi on 1二 facing W attacks 2一 and touches Black's King on 2三: both check.
    // (It also attacks Black's King and touches White's: it is fixed to Black, who moved
    // last.) 1一 is a safe square for White's King, so this is not mate.
    let p = pos("ke1/WnSw/Kn1 w - 10");
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(names(p.checkers()), vec!["1二", "2二"]);
    assert_eq!(
        p.check(&step("1二", "2二", E)),
        Err(IllegalMove::FixedCheckingPiece)
    );
}

#[test]
fn check_need_not_be_answered_and_then_the_king_falls() {
    let mut p = pos(CHECKED);
    // White ignores the check: turning its King is legal.
    assert_eq!(p.status(), Status::Ongoing);
    p.play(&turn("2一", S)).unwrap();
    // Black's Kaze takes the King: it gives check for Black and is not fixed to White.
    p.play(&step("2二", "2一", E)).unwrap();
    assert_eq!(
        p.status(),
        Status::Over(kifu::rules::Outcome {
            winner: Some(Color::Black),
            termination: Termination::KingCaptured
        })
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.check(&turn("2三", E)), Err(IllegalMove::GameOver));
}

#[test]
fn a_shared_piece_takes_a_king_only_while_giving_check_for_the_mover() {
    // Black to move. The Kaze on 1一 facing W attacks White's King on 2一, but Black's King on
    // 2三 does not touch 1一: no capture.
    let p = pos("keWw/2/Kn1 b S 11");
    assert_eq!(
        p.check(&step("1一", "2一", N)),
        Err(IllegalMove::CannotCaptureKing)
    );
}

#[test]
fn a_piece_fixed_to_the_opponent_cannot_take_a_king() {
    // Black to move. The Arashi on 2二 facing E attacks both Kings (2一 and 2三) and touches
    // both: it gives check to Black, so it is fixed to White and Black cannot use it.
    let p = pos("kn1/SeWn/Kw1 b - 11");
    assert!(p.in_check());
    assert_eq!(
        p.check(&step("2二", "2一", S)),
        Err(IllegalMove::FixedCheckingPiece)
    );
}

#[test]
fn kings_never_capture_kings() {
    // White's King on 2二, Black's on 2三, neither facing the other.
    let p = pos("Sn1/kwWs/Kn1 w - 10");
    assert_eq!(
        p.check(&step("2二", "2三", N)),
        Err(IllegalMove::KingCapturesKing)
    );
    let p = pos("Sn1/kwWs/Kn1 b - 11");
    assert_eq!(
        p.check(&step("2三", "2二", E)),
        Err(IllegalMove::KingCapturesKing)
    );
}

#[test]
fn captured_shared_pieces_go_to_the_common_hand() {
    let mut p = pos(CHECKED);
    p.play(&step("1三", "2二", E)).unwrap(); // White's Arashi takes the Kaze.
    assert!(p.in_hand(PieceId::Kaze));
    assert_eq!(posstr::write(&p), "ke1/Se1/Kn1 b W 11");
    // Black, the other side, may drop it now.
    assert_eq!(p.check(&drop(PieceId::Kaze, "1三", S)), Ok(()));
}

// ---- Mate and the end ----

#[test]
fn checkmate_ends_the_game() {
    // White King on 1一; the Arashi (2二, N) and the Kaze (1二, N) both attack it and touch
    // Black's King on 1三. Its only square 2一 is covered by the Arashi; turning leaves it
    // where the Kaze takes it.
    let p = pos("1kn/SnWn/1Kn w - 12");
    assert!(p.in_check());
    assert_eq!(
        p.status(),
        Status::Over(kifu::rules::Outcome {
            winner: Some(Color::Black),
            termination: Termination::Checkmate
        })
    );
    assert!(p.legal_moves().is_empty(), "no move may follow a checkmate");
    assert_eq!(p.check(&turn("1一", E)), Err(IllegalMove::GameOver));
}

#[test]
fn check_with_an_escape_is_not_mate() {
    assert_eq!(pos(CHECKED).status(), Status::Ongoing);
}

#[test]
fn in_check_without_any_move_is_mate() {
    // White King 1一 facing S: its turn to W would face Black's King on 2一 (facing E);
    // 2二 and 1二 hold checking pieces; there is no drop. No legal move, in check.
    let p = pos("Keks/SnWn/2 w - 12");
    assert!(p.in_check());
    assert_eq!(
        p.status(),
        Status::Over(kifu::rules::Outcome {
            winner: Some(Color::Black),
            termination: Termination::Checkmate
        })
    );
}

#[test]
fn a_missing_king_after_setup_means_it_was_captured() {
    let p = pos("Wn1/2/KnSe w - 14");
    assert_eq!(
        p.status(),
        Status::Over(kifu::rules::Outcome {
            winner: Some(Color::Black),
            termination: Termination::KingCaptured
        })
    );
}

/// The rules' example `S-1一>N#` can never be played: to end on 1一 facing N after a step
/// the Arashi starts on 1二 facing W, and from there it attacks and touches every square,
/// so it always gives check for the last mover and the side to move cannot step it.
#[test]
fn arashi_from_1ni_facing_west_can_never_step() {
    let mut tried = 0;
    let others = ["2一", "1一", "2二", "2三", "1三"];
    let fac = |f: Facing| f.letter().to_ascii_lowercase();
    for bk in others {
        for wk in others {
            for kz in others.iter().map(Some).chain([None]) {
                if bk == wk || kz == Some(&bk) || kz == Some(&wk) {
                    continue;
                }
                for fb in Facing::ALL {
                    for fw in Facing::ALL {
                        for side in ["b", "w"] {
                            // Build the position string by hand.
                            let mut cells = vec![String::new(); 6];
                            let idx = |s: &str| sq(s).0 as usize;
                            cells[idx("1二")] = "Sw".into();
                            cells[idx(bk)] = format!("K{}", fac(fb));
                            cells[idx(wk)] = format!("k{}", fac(fw));
                            if let Some(k) = kz {
                                cells[idx(k)] = "Wn".into();
                            }
                            let rank = |r: usize| {
                                let (a, b) = (&cells[2 * r], &cells[2 * r + 1]);
                                match (a.is_empty(), b.is_empty()) {
                                    (true, true) => "2".to_string(),
                                    (true, false) => format!("1{b}"),
                                    (false, true) => format!("{a}1"),
                                    _ => format!("{a}{b}"),
                                }
                            };
                            let hand = if kz.is_some() { "-" } else { "W" };
                            let ply = if side == "b" { 21 } else { 22 };
                            let s =
                                format!("{}/{}/{} {side} {hand} {ply}", rank(0), rank(1), rank(2));
                            let Ok(p) = posstr::parse(&s) else {
                                continue; // e.g. Kings face to face
                            };
                            tried += 1;
                            if p.status() != Status::Ongoing {
                                continue;
                            }
                            let m = step("1二", "1一", N);
                            if wk == "1一" || bk == "1一" {
                                assert!(p.check(&m).is_err(), "{s}");
                            } else {
                                assert_eq!(
                                    p.check(&m),
                                    Err(IllegalMove::FixedCheckingPiece),
                                    "{s}"
                                );
                            }
                            assert!(!p.legal_moves().contains(&m), "{s}");
                        }
                    }
                }
            }
        }
    }
    assert!(tried > 1000, "{tried}");
}

// ---- Position strings ----

#[test]
fn position_strings_round_trip() {
    for s in [
        "2/2/2 b KkWS 1",
        "2/2/Kw1 w kWS 2",
        "Sske/2/KwWn b - 5",
        "ke1/Se1/Kn1 b W 11",
        "Wn1/2/KnSe w - 14",
        "1kn/SnWn/1Kn w - 12",
    ] {
        assert_eq!(posstr::write(&pos(s)), s);
    }
}

#[test]
fn bad_position_strings_name_the_problem_and_offset() {
    let cases: &[(&str, usize, &str, PosKind)] = &[
        ("", 0, "empty", PosKind::Syntax),
        ("2/2 b KkWS 1", 3, "3 ranks of 2", PosKind::BoardShape),
        (
            "2/2/2/2 b KkWS 1",
            5,
            "more than 3 ranks",
            PosKind::BoardShape,
        ),
        (
            "3/2/2 b KkWS 1",
            0,
            "more than 2 squares",
            PosKind::BoardShape,
        ),
        (
            "2/2/Xn1 b KkWS 1",
            4,
            "unknown piece 'X'",
            PosKind::UnknownPiece,
        ),
        ("2/2/Kq1 w kWS 2", 5, "not a facing", PosKind::Syntax),
        ("2/2/K1 w kWS 2", 5, "not a facing", PosKind::Syntax),
        ("2/2/1K w kWS 2", 6, "has no facing", PosKind::Syntax),
        ("2/2/2", 5, "side to move is missing", PosKind::SideToMove),
        (
            "2/2/2 x KkWS 1",
            6,
            "must be 'b' or 'w'",
            PosKind::SideToMove,
        ),
        ("2/2/2 b", 7, "hand is missing", PosKind::Hand),
        (
            "2/2/2 b KkWS",
            12,
            "ply number is missing",
            PosKind::MoveNumber,
        ),
        ("2/2/2 b KkWS 0", 13, "from 1", PosKind::MoveNumber),
        (
            "2/2/2 w KkWS 1",
            6,
            "side and ply disagree",
            PosKind::SideToMove,
        ),
        (
            "2/2/Kn1 w KkWS 2",
            10,
            "already placed",
            PosKind::PieceCount,
        ),
        ("KnKn/2/2 w kWS 2", 2, "two pieces 'K'", PosKind::PieceCount),
        (
            "2/2/Kn1 w WS 2",
            10,
            "must be in hand before its setup drop",
            PosKind::Unreachable,
        ),
        (
            "kn1/2/Kn1 b W 5",
            12,
            "neither on the board nor in hand",
            PosKind::PieceCount,
        ),
        (
            "2/2/2 b KkWSz 1",
            12,
            "unknown piece 'z'",
            PosKind::UnknownPiece,
        ),
        ("Ks1/kn1/2 b WS 3", 0, "face to face", PosKind::Unreachable),
        (
            "kn1/Sn1/1Wn b K 5",
            14,
            "never in hand",
            PosKind::Unreachable,
        ),
        ("2/2/2 b KkWS 1 x", 15, "unexpected text", PosKind::Syntax),
        (
            "2/2/2 w kWS 2",
            0,
            "no King can be captured before ply 5",
            PosKind::Unreachable,
        ),
        (
            "kn1/Wn1/Sn1 b - 5",
            0,
            "no King can be captured before ply 5",
            PosKind::Unreachable,
        ),
    ];
    for (s, offset, text, kind) in cases {
        let e = posstr::parse(s).expect_err(s);
        assert!(e.message.contains(text), "{s}: {e}");
        assert_eq!(e.offset, *offset, "{s}: {e}");
        assert_eq!(e.kind, *kind, "{s}: {e}");
    }
}

/// A letter that names no Gufū piece is refused with the letters of the piece table.
#[test]
fn an_unknown_piece_letter_names_the_pieces() {
    let games = kifu::record::parse_str("[Variant \"gufu\"]\n\n1. X*2三>W *\n");
    let record = games[0].as_ref().unwrap();
    let report = kifu::replay::replay(record, &kifu::replay::ReplayOptions::default());
    let p = &report.errors[0];
    assert_eq!(p.kind.name(), "unknown_piece");
    assert_eq!(
        p.message,
        "'X' is not a Gufū piece (K, W = Kaze, S = Arashi)"
    );
    // A promoted letter is none either.
    let games = kifu::record::parse_str("[Variant \"gufu\"]\n\n1. +K*2三>W *\n");
    let report = kifu::replay::replay(games[0].as_ref().unwrap(), &Default::default());
    assert_eq!(report.errors[0].kind.name(), "unknown_piece");
}
