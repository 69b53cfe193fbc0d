//! Perft: the move generator's fingerprint, pinned against counts obtained independently:
//! the spec's Wa start counts (two independent generators), and for everything else the
//! pure-Python reference generator in `tools/perft_ref/` (written from the rules text alone,
//! without reading this crate; see its README). `cargo test --release -- --ignored` also runs
//! the deeper counts.

use kifu::rules::{Position as _, perft};
use kifu::{gufu, wa};

fn count(variant: &str, position: &str, depth: u32) -> u64 {
    match variant {
        "gufu" => {
            let p = if position == "start" {
                gufu::Position::default()
            } else {
                gufu::posstr::parse(position).unwrap()
            };
            perft(&p, depth)
        }
        v => {
            let v = if v == "wa" {
                kifu::Variant::Wa
            } else {
                kifu::Variant::WaNoDrop
            };
            let p = if position == "start" {
                wa::Position::start(v)
            } else {
                wa::fen::parse(v, position).unwrap()
            };
            perft(&p, depth)
        }
    }
}

/// (id, variant, position, counts at depth 1, 2, ..., what it exercises)
const TABLE: &[(&str, &str, &str, &[u64], &str)] = &[
    (
        "wa-start",
        "wa",
        "start",
        &[51, 2601, 126574],
        "Wa start position (spec: 51, 2601, 126574)",
    ),
    (
        "wa-nodrop-start",
        "wa-nodrop",
        "start",
        &[51, 2601, 126574],
        "Wa start position, no-drop game (spec: same counts)",
    ),
    (
        "W1",
        "wa",
        "hmlcvkw1udo/1e3s1g3/p1p2p2pfp/1p1pp1px1p1/7R3/11/4P6/1P3S2E1P/P1PX1PP1PP1/1F3K5/ODUGW1VC1MH[RPlpp] w 0 1",
        &[152, 19311, 2305209],
        "mid-game, both sides with pieces in hand (R,P vs l,p,p): drops, SP-file rule, captures into hand",
    ),
    (
        "W2",
        "wa",
        "5k5/11/ppp1ppp1ppp/3p7/11/11/11/3P3P3/PPPX1PPRPPP/5S3E1/ODUGWKVCLMH[EXFRSHOWVGCULDMPpf] w 0 1",
        &[1325, 134914],
        "Black holds one of every droppable kind (E X F R S H O W V G C U L D M P); White holds p,f",
    ),
    (
        "W3",
        "wa",
        "5k5/2+l5u2/4p1p1+P1p/11/4Es+L4/11/2+S6+H1/1+O1+F3+R3/4P1P4/11/5K5[e] b 0 1",
        &[132, 11232, 692785],
        "promoted pieces (+L +P +S +H +O +F +R); White Swallow can take +L (hand: L) or E (hand: E): +L and E kept apart",
    ),
    (
        "W4",
        "wa",
        "h1l2k5/1R1+C3XP2/6P2F1/2O7H/8p2/11/9o1/11/11/3p7/5K5 w 0 1",
        &[74, 1520, 123399],
        "promotion zone: moves starting/ending in zone, forced SP/OC promotion on last rank, LH never forced, TF/+C never promote",
    ),
    (
        "W4-nodrop",
        "wa-nodrop",
        "h1l2k5/1R1+C3XP2/6P2F1/2O7H/8p2/11/9o1/11/11/3p7/5K5 w 0 1",
        &[74, 1520, 109677],
        "same as W4 in the no-drop game (captures do not feed drops)",
    ),
    (
        "W5",
        "wa",
        "10k/11/2pp5+S1/10X/11/11/11/11/11/11/5KP4[PG] w 0 1",
        &[237, 483, 72097],
        "SP drop on 1b would mate (excluded: no P@k10); G drop on 1b mates legally; no SP drop on file 5 (own SP on 5k)",
    ),
    (
        "W6",
        "wa",
        "1p3k5/11/3p7/11/6+P1p2/2P8/P10/11/4P6/11/5K5[PPp] w 0 1",
        &[90, 7343, 598506],
        "SP-file rule: own unpromoted SP on files 11,9,7 forbid P drops there; own +P (file 5) and enemy p (file 3) do not",
    ),
    (
        "W7",
        "wa",
        "5k5/11/1p6p2/5+s5/11/11/11/2S8/P10/4P1P4/4WKV4[P] w 0 1",
        &[9, 208, 9129],
        "Black King in check by +s (rook) on the file: 9 evasions (6 interposing P drops, 3 interposing moves)",
    ),
    (
        "W8",
        "wa",
        "2k8/11/3p7/11/11/11/11/11/11/9PP/6+s3K w 0 1",
        &[0, 0, 0],
        "Black is checkmated (rank mate by +s): 0",
    ),
    (
        "W8b",
        "wa",
        "2k8/11/3p7/11/11/11/11/11/11/9PP/6+s3K[G] w 0 1",
        &[3, 72, 244],
        "same with a G in hand: the only evasions are 3 interposing drops",
    ),
    (
        "W9",
        "wa-nodrop",
        "hmlcvkw1udo/1e3s1g3/p1p2p2pfp/1p1pp1px1p1/7R3/11/4P6/1P3S2E1P/P1PX1PP1PP1/1F3K5/ODUGW1VC1MH w 0 1",
        &[67, 3383, 225510],
        "W1's board in the no-drop game (FEN without hands)",
    ),
    (
        "gufu-start",
        "gufu",
        "start",
        &[24, 466, 6096, 46164, 355978, 3020572],
        "Gufu start: forced setup plies 1-4 (K, k, Kaze, Arashi drops), then free play",
    ),
    (
        "G1",
        "gufu",
        "Kn1/1kn/2 b WS 3",
        &[14, 102, 708, 6548, 58678, 577718],
        "setup ply 3: Black drops the Kaze; 2 drops excluded as check by drop",
    ),
    (
        "G2",
        "gufu",
        "KnWw/1kn/2 w S 4",
        &[9, 37, 305, 2001, 18617, 168058],
        "setup ply 4: Black's own Kaze (1a>W) attacks Black's King while touching White's: after White's drop Black is in check",
    ),
    (
        "G3",
        "gufu",
        "Knkn/Wn1/Sw1 b - 5",
        &[4, 38, 277, 2121, 17360, 150915],
        "Black in check by the Kaze (fixed to White): King may not take it; Arashi takes it; King escapes to 1b",
    ),
    (
        "G4",
        "gufu",
        "Knkn/Wn1/Sn1 b - 5",
        &[6, 54, 397, 3498, 31040, 288278],
        "Black in check; fixed Kaze next to Black's King (no King capture), Arashi captures it",
    ),
    (
        "G5",
        "gufu",
        "Knkn/WnSw/2 w - 6",
        &[5, 20, 130, 833, 6101, 46997],
        "Arashi attacks and touches both Kings: fixed to Black (last mover); White in check but its Kaze can capture Black's King",
    ),
    (
        "G6",
        "gufu",
        "Knkn/WnSw/2 b - 7",
        &[0, 0, 0, 0, 0, 0],
        "checkmate: Black in check from two fixed pieces, only K:2a>E, after which White takes the King: 0",
    ),
    (
        "G7",
        "gufu",
        "KnWw/kn1/1Se b - 5",
        &[0, 0, 0, 0, 0, 0],
        "checkmate at ply 5 (self-placed Kaze on 1a>W checks Black): 0",
    ),
    (
        "G8",
        "gufu",
        "Sn1/keKs/2 b W 9",
        &[13, 169, 1680, 18069, 178522, 1810245],
        "Kings side by side: K:1b>W would make them face to face (excluded); check-by-drop exclusions for Kaze drops",
    ),
    (
        "G9",
        "gufu",
        "Knkn/Wn1/2 w S 6",
        &[16, 126, 1440, 13582, 139658, 1359257],
        "White not in check, Kaze attacks Black's King while touching White's: White may capture the King (Wx2a>E)",
    ),
    (
        "G10",
        "gufu",
        "Keks/WsSe/2 w - 6",
        &[0, 0, 0, 0, 0, 0],
        "White in check by two fixed pieces, King boxed in, turning would face the Black King: no legal move: 0",
    ),
    (
        "G11",
        "gufu",
        "Kn1/2/1ks b WS 7",
        &[28, 467, 5555, 58920, 601997],
        "both shared pieces in the common hand, Kings apart: drops with any facing, check-by-drop",
    ),
];

#[test]
fn perft_matches_the_independent_counts() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for &(id, variant, position, counts, what) in TABLE {
        for (depth, &expected) in (1..).zip(counts) {
            let got = count(variant, position, depth);
            checked += 1;
            if got != expected {
                wrong.push(format!(
                    "{id} depth {depth}: {got}, expected {expected} ({what})"
                ));
            }
        }
    }
    assert_eq!(checked, 109, "every count of the table is checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn spec_wa_start_counts() {
    for v in ["wa", "wa-nodrop"] {
        assert_eq!(count(v, "start", 1), 51);
        assert_eq!(count(v, "start", 2), 2_601);
        assert_eq!(count(v, "start", 3), 126_574);
    }
}

/// Deeper counts: `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn deep_counts() {
    assert_eq!(count("gufu", "start", 7), 27_296_640);
    assert_eq!(count("gufu", "start", 8), 255_132_154);
    assert_eq!(
        count(
            "wa",
            "5k5/11/ppp1ppp1ppp/3p7/11/11/11/3P3P3/PPPX1PPRPPP/5S3E1/ODUGWKVCLMH[EXFRSHOWVGCULDMPpf] w 0 1",
            3
        ),
        161_985_274
    );
}
