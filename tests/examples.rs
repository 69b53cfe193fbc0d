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
