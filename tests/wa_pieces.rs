//! Every Wa piece's exact reachable squares, written out by hand from the rules' piece table.
//! Directions for Black: forward = towards rank a (rank - 1), left = towards file 11.

mod common;
use common::*;

// (dfile, drank) for Black.
const F: (i8, i8) = (0, -1);
const B: (i8, i8) = (0, 1);
const L: (i8, i8) = (1, 0);
const R: (i8, i8) = (-1, 0);
const FL: (i8, i8) = (1, -1);
const FR: (i8, i8) = (-1, -1);
const BL: (i8, i8) = (1, 1);
const BR: (i8, i8) = (-1, 1);
const ALL: u8 = 10;

fn go(from: &str, parts: &[((i8, i8), u8)]) -> Vec<String> {
    set(parts
        .iter()
        .flat_map(|&((df, dr), n)| walk(from, df, dr, n))
        .collect())
}

/// A lone Black piece on `at` (kings far away on 2k and 10a, off every line through 6f).
/// The eight squares around `from` (a King's steps).
fn king_steps(from: &str) -> Vec<String> {
    go(
        from,
        &[
            (F, 1),
            (B, 1),
            (L, 1),
            (R, 1),
            (FL, 1),
            (FR, 1),
            (BL, 1),
            (BR, 1),
        ],
    )
}

/// `letter` on 6f, surrounded on all eight sides by its own promoted Sparrows (and the Kings).
fn ringed(letter: &str) -> kifu::wa::Position {
    let ring = king_steps("6f");
    let mut pieces: Vec<(&str, &str)> = ring.iter().map(|s| (s.as_str(), "+P")).collect();
    pieces.extend([("6f", letter), ("2k", "K"), ("10a", "k")]);
    wa_pos(&pieces, "", "w")
}

fn lone(letter: &str, at: &str) -> Vec<String> {
    let pos = wa_pos(&[(at, letter), ("2k", "K"), ("10a", "k")], "", "w");
    targets(&pos, at)
}

/// Leaps from a square by (dfile, drank) offsets.
fn leaps(from: &str, offs: &[(i8, i8)]) -> Vec<String> {
    set(offs
        .iter()
        .flat_map(|&(df, dr)| walk(from, df, dr, 1))
        .collect())
}

#[test]
fn crane_king() {
    let e = king_steps("6f");
    assert_eq!(e.len(), 8);
    // The Black King itself: put it on 6f.
    let pos = wa_pos(&[("6f", "K"), ("10a", "k")], "", "w");
    assert_eq!(targets(&pos, "6f"), e);
}

#[test]
fn cloud_eagle_diagonal_at_most_three() {
    // vR fF3 bF sW
    let e = go(
        "6f",
        &[
            (F, ALL),
            (B, ALL),
            (FL, 3),
            (FR, 3),
            (BL, 1),
            (BR, 1),
            (L, 1),
            (R, 1),
        ],
    );
    assert_eq!(lone("E", "6f"), e);
    assert!(!e.contains(&"10b".to_string()) && e.contains(&"9c".to_string()));
}

#[test]
fn treacherous_fox() {
    // F A vW vD
    let mut e = go("6f", &[(FL, 1), (FR, 1), (BL, 1), (BR, 1), (F, 1), (B, 1)]);
    e.extend(leaps(
        "6f",
        &[(2, -2), (-2, -2), (2, 2), (-2, 2), (0, -2), (0, 2)],
    ));
    assert_eq!(lone("X", "6f"), set(e));
}

#[test]
fn treacherous_fox_leaps_over_pieces() {
    // Surrounded by own pieces on all 8 neighbours: only the leaps remain.
    let pos = ringed("X");
    let e = leaps("6f", &[(2, -2), (-2, -2), (2, 2), (-2, 2), (0, -2), (0, 2)]);
    assert_eq!(targets(&pos, "6f"), e);
    // An enemy ring: the steps capture, and the leaps still jump.
    let ring = king_steps("6f");
    let mut pieces: Vec<(&str, &str)> = ring.iter().map(|s| (s.as_str(), "+p")).collect();
    pieces.extend([("6f", "X"), ("2k", "K"), ("10a", "k")]);
    let pos = wa_pos(&pieces, "", "w");
    let mut e2 = e.clone();
    e2.extend(go(
        "6f",
        &[(FL, 1), (FR, 1), (BL, 1), (BR, 1), (F, 1), (B, 1)],
    ));
    assert_eq!(targets(&pos, "6f"), set(e2));
}

#[test]
fn flying_falcon_and_tenacious_falcon() {
    // B fW
    let e = go("6f", &[(FL, ALL), (FR, ALL), (BL, ALL), (BR, ALL), (F, 1)]);
    assert_eq!(lone("F", "6f"), e);
    // +FF: B vR sW
    let e = go(
        "6f",
        &[
            (FL, ALL),
            (FR, ALL),
            (BL, ALL),
            (BR, ALL),
            (F, ALL),
            (B, ALL),
            (L, 1),
            (R, 1),
        ],
    );
    assert_eq!(lone("+F", "6f"), e);
}

#[test]
fn running_rabbit() {
    // fR F bW; promoted: as Treacherous Fox.
    let e = go(
        "6f",
        &[(F, ALL), (FL, 1), (FR, 1), (BL, 1), (BR, 1), (B, 1)],
    );
    assert_eq!(lone("R", "6f"), e);
    assert_eq!(lone("+R", "6f"), lone("X", "6f"));
}

#[test]
fn swallows_wings() {
    // sR vW; promoted Gliding Swallow: R
    assert_eq!(
        lone("S", "6f"),
        go("6f", &[(L, ALL), (R, ALL), (F, 1), (B, 1)])
    );
    assert_eq!(
        lone("+S", "6f"),
        go("6f", &[(L, ALL), (R, ALL), (F, ALL), (B, ALL)])
    );
}

#[test]
fn liberated_horse_back_at_most_two() {
    // fR bW2
    assert_eq!(lone("H", "6f"), go("6f", &[(F, ALL), (B, 2)]));
    // Blocked one square behind: no backward move at all (bW2 is not a leap).
    let pos = wa_pos(
        &[("6f", "H"), ("6g", "P"), ("2k", "K"), ("10a", "k")],
        "",
        "w",
    );
    assert_eq!(targets(&pos, "6f"), go("6f", &[(F, ALL)]));
    // An enemy one square behind: captured, and nothing beyond.
    let pos = wa_pos(
        &[("6f", "H"), ("6g", "p"), ("2k", "K"), ("10a", "k")],
        "",
        "w",
    );
    let mut e = go("6f", &[(F, ALL)]);
    e.push("6g".into());
    assert_eq!(targets(&pos, "6f"), set(e));
}

#[test]
fn heavenly_horse_four_leaps_only() {
    // vN: (±1, ±2) only, not the wide knight leaps.
    let e = leaps("6f", &[(1, -2), (-1, -2), (1, 2), (-1, 2)]);
    assert_eq!(e.len(), 4);
    assert_eq!(lone("+H", "6f"), e);
    // It leaps over a ring of pieces.
    assert_eq!(targets(&ringed("+H"), "6f"), e);
}

#[test]
fn oxcart_and_plodding_ox() {
    assert_eq!(lone("O", "6f"), go("6f", &[(F, ALL)]));
    let k = king_steps("6f");
    assert_eq!(lone("+O", "6f"), k);
}

#[test]
fn violent_wolf_and_bears_eyes() {
    // W fF; promoted K
    assert_eq!(
        lone("W", "6f"),
        go("6f", &[(F, 1), (B, 1), (L, 1), (R, 1), (FL, 1), (FR, 1)])
    );
    assert_eq!(lone("+W", "6f").len(), 8);
}

#[test]
fn violent_stag_and_roaming_boar() {
    // F fW; promoted F fW sW
    assert_eq!(
        lone("V", "6f"),
        go("6f", &[(FL, 1), (FR, 1), (BL, 1), (BR, 1), (F, 1)])
    );
    assert_eq!(
        lone("+V", "6f"),
        go(
            "6f",
            &[(FL, 1), (FR, 1), (BL, 1), (BR, 1), (F, 1), (L, 1), (R, 1)]
        )
    );
}

#[test]
fn flying_goose() {
    // vW fF; promoted as Swallow's Wings
    assert_eq!(
        lone("G", "6f"),
        go("6f", &[(F, 1), (B, 1), (FL, 1), (FR, 1)])
    );
    assert_eq!(lone("+G", "6f"), lone("S", "6f"));
}

#[test]
fn flying_cock_and_raiding_falcon() {
    // sW fF; promoted vR sW fF
    assert_eq!(
        lone("C", "6f"),
        go("6f", &[(L, 1), (R, 1), (FL, 1), (FR, 1)])
    );
    assert_eq!(
        lone("+C", "6f"),
        go(
            "6f",
            &[(F, ALL), (B, ALL), (L, 1), (R, 1), (FL, 1), (FR, 1)]
        )
    );
}

#[test]
fn strutting_crow_and_swooping_owl() {
    // both fW bF; promoted: Flying Falcon and Cloud Eagle moves
    let e = go("6f", &[(F, 1), (BL, 1), (BR, 1)]);
    assert_eq!(lone("U", "6f"), e);
    assert_eq!(lone("L", "6f"), e);
    assert_eq!(lone("+U", "6f"), lone("F", "6f"));
    assert_eq!(lone("+L", "6f"), lone("E", "6f"));
}

#[test]
fn blind_dog() {
    // fF sW bW; promoted as Violent Wolf
    assert_eq!(
        lone("D", "6f"),
        go("6f", &[(FL, 1), (FR, 1), (L, 1), (R, 1), (B, 1)])
    );
    assert_eq!(lone("+D", "6f"), lone("W", "6f"));
}

#[test]
fn climbing_monkey() {
    // vW fF; promoted as Violent Stag
    assert_eq!(
        lone("M", "6f"),
        go("6f", &[(F, 1), (B, 1), (FL, 1), (FR, 1)])
    );
    assert_eq!(lone("+M", "6f"), lone("V", "6f"));
}

#[test]
fn sparrow_pawn_and_golden_bird() {
    assert_eq!(lone("P", "6f"), go("6f", &[(F, 1)]));
    assert_eq!(
        lone("+P", "6f"),
        go("6f", &[(F, 1), (B, 1), (L, 1), (R, 1), (FL, 1), (FR, 1)])
    );
}

#[test]
fn white_pieces_move_the_other_way() {
    // A White Running Rabbit on 6f slides towards rank k.
    let pos = wa_pos(&[("6f", "r"), ("2k", "K"), ("10a", "k")], "", "b");
    let e = go(
        "6f",
        &[(B, ALL), (FL, 1), (FR, 1), (BL, 1), (BR, 1), (F, 1)],
    );
    assert_eq!(targets(&pos, "6f"), e);
    // White Cloud Eagle: the 3-step diagonal goes down.
    let pos = wa_pos(&[("6f", "e"), ("2k", "K"), ("10a", "k")], "", "b");
    let e = go(
        "6f",
        &[
            (F, ALL),
            (B, ALL),
            (BL, 3),
            (BR, 3),
            (FL, 1),
            (FR, 1),
            (L, 1),
            (R, 1),
        ],
    );
    assert_eq!(targets(&pos, "6f"), e);
}

#[test]
fn edges_and_corners() {
    // Flying Falcon in the corner 11k: one long diagonal and one step forward.
    assert_eq!(lone("F", "11k"), go("11k", &[(FR, ALL), (F, 1)]));
    // Cloud Eagle on the edge 1f.
    assert_eq!(
        lone("E", "1f"),
        go("1f", &[(F, ALL), (B, ALL), (FL, 3), (BL, 1), (L, 1)])
    );
    // Heavenly Horse near the top edge: only the backward leaps remain.
    assert_eq!(lone("+H", "6a"), leaps("6a", &[(1, 2), (-1, 2)]));
    // Treacherous Fox on 1b: half its leaps are off the board.
    assert_eq!(
        lone("X", "1b"),
        set([
            go("1b", &[(F, 1), (B, 1), (FL, 1), (BL, 1)]),
            leaps("1b", &[(2, 2), (0, 2)])
        ]
        .concat())
    );
}

#[test]
fn sliders_stop_at_friends_and_capture_enemies() {
    // Gliding Swallow on 6f; own piece on 6c, enemy on 3f, own on 8f, enemy on 6h.
    let pos = wa_pos(
        &[
            ("6f", "+S"),
            ("6c", "P"),
            ("3f", "p"),
            ("8f", "D"),
            ("6h", "d"),
            ("2k", "K"),
            ("10a", "k"),
        ],
        "",
        "w",
    );
    let e = set(vec![
        "6e".into(),
        "6d".into(), // up to the own piece
        "5f".into(),
        "4f".into(),
        "3f".into(), // up to and capturing the enemy
        "7f".into(), // up to the own piece
        "6g".into(),
        "6h".into(), // capturing
    ]);
    assert_eq!(targets(&pos, "6f"), e);
    // Cloud Eagle blocked on its short diagonal at the second step.
    let pos = wa_pos(
        &[("6f", "E"), ("8d", "p"), ("2k", "K"), ("10a", "k")],
        "",
        "w",
    );
    let t = targets(&pos, "6f");
    assert!(t.contains(&"7e".to_string()) && t.contains(&"8d".to_string()));
    assert!(!t.contains(&"9c".to_string()));
}
