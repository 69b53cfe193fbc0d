//! SVG diagrams of positions, in the manner of python-chess's `chess.svg`.
//!
//! ```
//! use kifu::replay::State;
//! use kifu::svg::{self, Options};
//! use kifu::Variant;
//! let state = State::start(Variant::Wa);
//! let doc = svg::board(&state, &Options::default());
//! assert!(doc.starts_with("<svg"));
//! ```
//!
//! What is drawn:
//!
//! - a board that looks like shogi: a wooden ([`Style::Wood`], default) or plain grid, with
//!   coordinates as Japanese diagrams have them (file numbers along the top, ranks `一`… or
//!   `a`… down the right-hand side);
//! - pieces as the pointed five-sided shogi shape with their kanji (Wa: two characters stacked
//!   vertically; promoted faces in red), or their abbreviations ([`Labels::English`]). Wa:
//!   White's pieces are turned 180°. Gufū: each piece points in its facing; Black's King is a
//!   dark piece with light kanji, White's King a light piece with dark kanji, Kaze and Arashi
//!   are a neutral grey;
//! - the pieces in hand: Wa: White's hand at the top left, Black's at the bottom right (the
//!   other way round when flipped), each kind once with its count; Gufū: the common hand to
//!   the right of the board;
//! - the last move's squares (a drop or a Gufū turn: only its square), the checked King's
//!   square, and an optional caption.
//!
//! The document is self-contained (no external files or fonts: kanji use a font-family list
//! of common Japanese serif fonts), scalable (`viewBox`), and carries a `<title>` and a text
//! `<desc>` of the position (position string, side to move, hands). Each piece is a `<g>` with
//! `class="piece …"`, `data-square` (e.g. `11a`) and a `transform` that places and turns it.
//!
//! The code: `document` (colours, layout, board, grid, coordinates, caption), `pieces` (the
//! piece shape and its label), `wa_board` and `gufu_board` (each game's pieces and hands).

mod document;
mod gufu_board;
mod pieces;
mod wa_board;

pub use gufu_board::gufu;
pub use wa_board::wa;

use crate::geometry::Square;
use crate::gufu::PieceId;
use crate::notation::RankStyle;
use crate::replay::{AnyMove, State};

/// The look of board and pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// A wooden board and boxwood pieces.
    #[default]
    Wood,
    /// Black lines on white, for printing.
    Plain,
}

/// What is written on the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Labels {
    /// Kanji, as on real pieces.
    #[default]
    Kanji,
    /// The abbreviations of the notation (`SP`, `+SP`; Gufū `K`, `W`, `S`).
    English,
}

/// Options of a diagram. `Default` gives an unflipped wooden board with kanji and kanji
/// ranks, no highlights, no caption, at its natural size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// View the board from White's side (rank `a` / `一` at the bottom, file 1 on the left).
    pub flip: bool,
    pub style: Style,
    pub labels: Labels,
    /// Rank coordinates: `一`… (default) or `a`….
    pub ranks: RankStyle,
    /// Highlight this move's squares (from and to; a drop or Gufū turn: its square).
    pub last_move: Option<AnyMove>,
    /// Highlight this square as a King in check (see [`check_square`]).
    pub check: Option<Square>,
    /// A line of text under the board.
    pub caption: Option<String>,
    /// Width in pixels (the height follows); None: the natural size.
    pub size: Option<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            flip: false,
            style: Style::Wood,
            labels: Labels::Kanji,
            ranks: RankStyle::Kanji,
            last_move: None,
            check: None,
            caption: None,
            size: None,
        }
    }
}

/// The font-family list for text (no font files are referenced).
pub const FONT_FAMILY: &str = "'Noto Serif CJK JP', 'Noto Serif JP', 'Hiragino Mincho ProN', \
'Yu Mincho', 'YuMincho', 'IPAexMincho', 'Source Han Serif', serif";
pub(crate) const LATIN_FAMILY: &str = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";

/// A diagram of either game's position.
pub fn board(state: &State, opts: &Options) -> String {
    match state {
        State::Wa(g) => wa(g.position(), opts),
        State::Gufu(p) => gufu(p, opts),
    }
}

/// The square of the side to move's King when it is in check (for [`Options::check`]).
pub fn check_square(state: &State) -> Option<Square> {
    match state {
        State::Wa(g) => {
            let p = g.position();
            if p.in_check() { p.king(p.turn()) } else { None }
        }
        State::Gufu(p) => {
            if p.in_check() {
                p.find(PieceId::king(p.turn()))
            } else {
                None
            }
        }
    }
}
