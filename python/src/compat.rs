//! The library's text forms as the bindings use them: a move typed as text on a position, a
//! move's text without a position, squares. Each is a thin call of the library's public API
//! (no rule is written here).

use kifu::geometry::{GUFU, RankStyle, Square, WA};
use kifu::gufu::notation::gufu_square;
use kifu::replay::State;
use kifu::rules::PerGame;
use kifu::wa::notation::{wa_engine_square, wa_square};
use kifu::{Variant, for_game, gufu, wa};

/// A move of either game.
pub type AnyMove = PerGame<wa::Move, gufu::Move>;

/// Why a text is not a move of a position: the validate kind, message and hint.
pub struct TextError {
    pub kind: String,
    pub message: String,
    pub help: Option<String>,
}

/// Resolves `text` (any notation kifu reads) on `state`, exactly as `kifu validate` resolves
/// a move of a record (the library's `parse_move`).
pub fn parse_move(state: &State, text: &str) -> Result<AnyMove, TextError> {
    state.parse_move(text).map_err(|e| TextError {
        kind: e.kind.name().to_string(),
        message: e.message,
        help: e.help,
    })
}

/// A square of `variant`'s board from its text: Hodges with letter or kanji ranks (`7h`, `7八`,
/// Gufū `2c`, `2三`), or for Wa engine coordinates (`g4`).
pub fn parse_square(variant: Variant, text: &str) -> Option<Square> {
    let text = text.trim();
    match variant {
        Variant::Gufu => GUFU.squares().find(|&sq| {
            gufu_square(sq, RankStyle::Letter) == text || gufu_square(sq, RankStyle::Kanji) == text
        }),
        _ => WA.squares().find(|&sq| {
            wa_square(sq, RankStyle::Letter) == text
                || wa_square(sq, RankStyle::Kanji) == text
                || wa_engine_square(sq) == text
        }),
    }
}

/// A square as text: Hodges with letter ranks (`7h`, `2c`).
pub fn square_text(variant: Variant, sq: Square) -> String {
    match variant {
        Variant::Gufu => gufu_square(sq, RankStyle::Letter),
        _ => wa_square(sq, RankStyle::Letter),
    }
}

/// A move without its position (the library's `Display`): Wa in engine coordinates (`h3g4`,
/// `c9c10+`, `P@e5`), Gufū in kifu's coordinate form (`2c1c>E`, turn in place `1b1b>N`, drop
/// `K@2c>N`).
pub fn move_string(m: &AnyMove) -> String {
    for_game!(m, m => m.to_string())
}

/// Reads what [`move_string`] writes (the library's `FromStr`; no legality check).
pub fn parse_move_string(variant: Variant, text: &str) -> Option<AnyMove> {
    let text = text.trim();
    match variant {
        Variant::Gufu => text.parse::<gufu::Move>().ok().map(PerGame::Gufu),
        _ => text.parse::<wa::Move>().ok().map(PerGame::Wa),
    }
}
