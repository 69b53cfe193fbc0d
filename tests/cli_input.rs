//! What kifu reads: variant names, encodings (UTF-8, UTF-16 with a byte-order mark,
//! Shift_JIS/CP932), directory walks, and where input comes from when no path is given.

mod cli_support;

use cli_support::*;

/// The moves of a Wa game with a drop at ply 9 (legal in `wa`, `drops_disabled` without drops).
const WA_DROP: &str = "1. SP-8g SP-8e 2. SP-8f SPx8f 3. TF-8g VS-7b 4. TFx8f SP-4e 5. SP*8e *\n";

/// The names the README uses, in Latin letters and in kanji; XBoard's `wa-shogi` is the game
/// without drops (HaChu's), `crazywa` the game with drops.
#[test]
fn variant_names_in_every_spelling() {
    let game = |variant: &str, moves: &str| format!("[Variant \"{variant}\"]\n\n{moves}");
    for name in ["和将棋", "Wa shōgi", "Wa shogi", "crazywa", "wa"] {
        let o = kifu(&["validate", "-"], Some(game(name, WA_DROP).as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", out(&o), err(&o));
    }
    for name in ["wa-shogi", "wa-nodrop", "Wa shogi (no drops)"] {
        let o = kifu(&["validate", "-"], Some(game(name, WA_DROP).as_bytes()));
        assert_eq!(o.status.code(), Some(1), "{name}: {}", err(&o));
        assert!(
            out(&o).contains("error[drops_disabled]"),
            "{name}: {}",
            out(&o)
        );
    }
    let gufu_moves = &GUFU[GUFU.find("1.").unwrap()..];
    for name in ["颶風将棋", "Gufū shōgi", "Gufu", "gufuu"] {
        let o = kifu(&["validate", "-"], Some(game(name, gufu_moves).as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", out(&o), err(&o));
    }
}
