//! What every subcommand has in common: the words for the boards, the moves as `convert`
//! writes them wherever kifu writes a move.

mod cli_support;

use cli_support::*;

/// `perft --divide` writes each first move as `kifu convert` writes it: a Gufū check with its
/// `+`, a mate with its `#`.
#[test]
fn perft_divide_writes_moves_as_convert_does() {
    let o = kifu(
        &[
            "perft",
            "--variant",
            "gufu",
            "--position",
            "Sske/2/KwWn b - 5",
            "2",
            "--divide",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("K-1二>N+: 2\n"), "{text}");
    assert!(text.contains("S-1二>W+: 5\n"), "{text}");
    assert!(text.ends_with("\n70\n"), "{text}");
    // The same moves, as convert writes them after the setup drops.
    let game = "[Variant \"gufu\"]\n\n1. K*2三>W 2. K*1一>E 3. W*1三>N 4. S*2一>S 5. K-1二>N *\n";
    let o = kifu(&["convert", "-"], Some(game.as_bytes()));
    assert!(out(&o).contains("5. K-1二>N+ *"), "{}", out(&o));
    // Wa: no check marks (its `+` is promotion).
    let o = kifu(&["perft", "--variant", "wa", "1", "--divide"], None);
    let text = out(&o);
    assert!(
        text.contains("SP-8g: 1\n") && text.ends_with("\n51\n"),
        "{text}"
    );
}

/// The Gufū board is said one way everywhere: 2 files × 3 ranks.
#[test]
fn the_gufu_board_is_two_files_by_three_ranks_everywhere() {
    let help = out(&kifu(&["--help"], None));
    assert!(help.contains("2 files × 3 ranks"), "{help}");
    let readme = std::fs::read_to_string(manifest().join("README.md")).unwrap();
    assert!(readme.contains("2 files × 3 ranks"));
    let lib = std::fs::read_to_string(manifest().join("src/lib.rs")).unwrap();
    assert!(lib.contains("2 files × 3"));
    for (what, text) in [("--help", &help), ("README.md", &readme)] {
        for other in ["3×2", "2×3", "3x2", "2x3", "3 × 2", "3 files × 2"] {
            assert!(!text.contains(other), "{what} says {other}");
        }
    }
}
