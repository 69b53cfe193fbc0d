//! The usage programs of examples/ run, on fixtures, and say what they should.

#[path = "../examples/tour.rs"]
mod tour;

#[test]
fn tour_of_a_gufu_game() {
    let out = tour::tour("fixtures/gufu/gufu-two-games.psn", None).unwrap();
    assert!(out.starts_with("start: 2/2/2 b KkWS 1\n"), "{out}");
    // The game ended by the capture of a King: no legal move, nothing played.
    assert!(
        out.contains("legal moves at the end: \nthe game is over"),
        "{out}"
    );
    assert!(out.contains("11. Wx2三>W 1-0"), "{out}");
    assert!(out.contains("diagram: "), "{out}");
}

#[test]
fn tour_of_a_wa_game_with_a_typed_move() {
    let path = "fixtures/wa/nodrop-casual.psn";
    let out = tour::tour(path, None).unwrap();
    assert!(out.contains("legal moves at the end: "), "{out}");
    assert!(out.contains("\nplayed "), "{out}");
    // A move typed wrong says why, as validate does.
    let e = tour::tour(path, Some("QQ-7h")).unwrap_err();
    assert!(e.to_string().contains("QQ"), "{e}");
}

#[path = "../examples/replay.rs"]
mod replay_example;

#[test]
fn replay_says_each_game_and_each_error() {
    let out = replay_example::run("fixtures/gufu/gufu-two-games.psn").unwrap();
    assert_eq!(
        out,
        "game 1: gufu, 11 plies, 1-0 (the capture of a King)\n\
         game 2: gufu, 21 plies, 1-0 (the capture of a King)\n"
    );
    // An invalid record: its error at file:line:col, as validate writes it.
    let out = replay_example::run("fixtures/invalid/path_blocked.psn").unwrap();
    assert!(
        out.starts_with("fixtures/invalid/path_blocked.psn:"),
        "{out}"
    );
    assert!(out.contains("error["), "{out}");
    assert!(replay_example::run("fixtures/no-such-file.psn").is_err());
}

#[path = "../examples/convert.rs"]
mod convert_example;

#[test]
fn convert_writes_the_notation_asked_or_says_why_not() {
    let out = convert_example::run("fixtures/wa/nodrop-casual.psn", "san").unwrap();
    assert!(out.contains("[Variant \"wa-shogi\"]"), "{out}");
    assert!(out.contains("1. Xe4 Ok10 2. j4 Xf7"), "{out}");
    let out = convert_example::run("fixtures/wa/nodrop-casual.psn", "xboard").unwrap();
    assert!(out.contains("1. d3e4 k11k10 2. j3j4"), "{out}");
    // Gufū has no SAN: the library says so, per game.
    let out = convert_example::run("fixtures/gufu/gufu-two-games.psn", "san").unwrap();
    assert!(
        out.starts_with("game 1: a Gufū game cannot be written in XBoard's SAN"),
        "{out}"
    );
    assert!(convert_example::run("fixtures/wa/nodrop-casual.psn", "kif").is_err());
}

#[path = "../examples/play_move.rs"]
mod play_move_example;

#[test]
fn typed_moves_in_any_notation_are_played_or_refused_with_the_rule() {
    let out = play_move_example::run("wa", &["SP-7h", "d8d7", "Rg4"]).unwrap();
    assert_eq!(
        out,
        "SP-7h = SP-7h = e3e4\nd8d7 = SP-8e = d8d7\nRg4 = RR-5h = h3g4\n\
         hmlcvkwgudo/1e3s3f1/ppprpppxppp/7p3/3p7/11/11/3PP1RP3/PPPX1PP1PPP/1F3S3E1/ODUGWKVCLMH[-] b 1 2\n"
    );
    let e = play_move_example::run("wa", &["SPx7h"]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "SPx7h: error[capture_mark]: 'x' claims a capture, but 7h is empty: write '-'"
    );
    assert!(play_move_example::run("chess", &["e4"]).is_err());
}

#[path = "../examples/legal_moves.rs"]
mod legal_moves_example;

#[test]
fn legal_moves_of_a_start_and_of_a_position_string() {
    let out = legal_moves_example::run("wa", None).unwrap();
    assert!(out.starts_with("51 legal moves: SP-8g SP-4g"), "{out}");
    let out = legal_moves_example::run("gufu", Some("2/2/Kw1 w kWS 2")).unwrap();
    assert!(out.starts_with("20 legal moves: K*2一>N K*2一>E"), "{out}");
    let e = legal_moves_example::run("gufu", Some("2/2 b KkWS 1")).unwrap_err();
    assert!(e.to_string().contains("3 ranks of 2"), "{e}");
}

#[path = "../examples/diagram.rs"]
mod diagram_example;

#[test]
fn diagram_of_the_last_position() {
    let svg = diagram_example::run("fixtures/gufu/gufu-friendly-mate.psn").unwrap();
    assert!(svg.starts_with("<svg "), "{}", &svg[..80]);
    assert!(svg.trim_end().ends_with("</svg>"));
    // The last move is written under the board (and is the diagram's title); the King in
    // check is said.
    assert!(svg.contains("<title>Sx1二&gt;S#</title>"), "no caption");
    assert!(svg.contains("Ks1/1Ss/1ke w W 18"), "not the last position");
    assert!(svg.contains("White to move, in check"));
}

#[path = "../examples/perft.rs"]
mod perft_example;

#[test]
fn perft_counts_match_the_pinned_ones() {
    let out = perft_example::run("wa", 2).unwrap();
    assert!(out.ends_with("total: 2601\n"), "{out}");
    assert_eq!(out.lines().count(), 52);
    // tests/perft.rs pins Gufū's start at 24, 466, 6096.
    let out = perft_example::run("gufu", 3).unwrap();
    assert!(out.ends_with("total: 6096\n"), "{out}");
    assert_eq!(out.lines().count(), 25);
}
