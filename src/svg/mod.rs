//! SVG diagrams of positions, in the manner of python-chess's `chess.svg`.
//!
//! ```
//! use kifu::rules::Position;
//! use kifu::svg::{self, DiagramOptions};
//! use kifu::{Variant, wa};
//! let pos = wa::Position::start(Variant::Wa);
//! let doc = svg::board(&pos, &DiagramOptions::default());
//! assert!(doc.starts_with("<svg"));
//! ```
//!
//! What is drawn:
//!
//! - a board that looks like shogi: a wooden ([`BoardStyle::Wood`], default) or plain grid, with
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
//!   square, and an optional caption, fitted to the width (shrunk a little, or broken into
//!   lines).
//!
//! The document is self-contained and looks the same everywhere: every character (kanji,
//! numerals, Latin letters of captions) is drawn as an outline taken from the Noto CJK fonts
//! (SIL Open Font License, `src/svg/glyphs/OFL.txt`), each glyph written once in `<defs>` and
//! placed with `<use>`, so no font is needed to see it ([`DiagramOptions::text_glyphs`] writes
//! `<text>` instead). It is scalable (`viewBox`), and carries a `<title>` and a text `<desc>`
//! of the position (position string, side to move, hands). Each look of a piece is defined
//! once (`<g id="kifu-P-0">`: shadow, outline turned to its direction, label); each piece on
//! the board is a `<use>` of it with `class="piece …"`, `data-square` (e.g. `11a`) and its
//! centre as `x`/`y`. `png` (the `png` feature, on by default) rasterizes a diagram with resvg.
//!
//! The code: `document` (colours, layout, board, grid, coordinates, caption), `text` (glyph
//! runs or `<text>`, fitting captions), `glyphs` (the outlines), `pieces` (the piece shape
//! and its label), `page` (the boards of a replay page), `png`. Each game draws its own pieces
//! and hands with these, in its own folder: `src/<game>/diagram.rs` (each game's
//! [`Diagram`]).

pub(crate) mod document;
pub(crate) mod glyphs;
pub(crate) mod page;
pub(crate) mod pieces;
#[cfg(feature = "png")]
mod png;
pub(crate) mod text;

pub use crate::gufu::diagram::gufu;
pub use crate::wa::diagram::wa;
pub(crate) use document::{esc, move_squares};
pub(crate) use page::{OnPage, PageBoards};
#[cfg(feature = "png")]
pub use png::{MAX_PNG_WIDTH, PngError, PngErrorKind, png};

use crate::geometry::RankStyle;
use crate::geometry::Square;
use crate::rules::Position;

/// The look of board and pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BoardStyle {
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

/// The language of the words around the board (side names, "none" in an empty hand, the
/// common hand's title): one language per diagram. The pieces follow [`Labels`], not this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Language {
    /// `Black`, `White`, `none`, `Hand`.
    #[default]
    English,
    /// `先手`, `後手`, `なし`, `持駒`.
    Japanese,
}

/// Options of a diagram of a position whose moves are `M`. `Default` gives an unflipped
/// wooden board with kanji and kanji ranks, glyph outlines, no highlights, no caption, at its
/// natural size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramOptions<M> {
    /// View the board from White's side (rank `a` / `一` at the bottom, file 1 on the left).
    pub flip: bool,
    /// The look of board and pieces: wooden (default) or plain, for printing.
    pub style: BoardStyle,
    /// What is written on the pieces: kanji (default) or the notation's abbreviations.
    pub labels: Labels,
    /// The words around the board: English (default) or Japanese.
    pub language: Language,
    /// Rank coordinates: `一`… (default) or `a`….
    pub ranks: RankStyle,
    /// Highlight this move's squares (from and to; a drop or Gufū turn: its square).
    pub last_move: Option<M>,
    /// Highlight this square as a King in check (see [`check_square`]).
    pub check: Option<Square>,
    /// A line of text under the board.
    pub caption: Option<String>,
    /// Width in pixels (the height follows); None: the natural size.
    pub size: Option<u32>,
    /// Write text as `<text>` in the viewer's fonts instead of drawing glyph outlines (smaller,
    /// selectable text, but kanji need a Japanese font where the diagram is seen).
    pub text_glyphs: bool,
}

impl<M> Default for DiagramOptions<M> {
    fn default() -> Self {
        DiagramOptions {
            flip: false,
            style: BoardStyle::Wood,
            labels: Labels::Kanji,
            language: Language::English,
            ranks: RankStyle::Kanji,
            last_move: None,
            check: None,
            caption: None,
            size: None,
            text_glyphs: false,
        }
    }
}

impl<M> DiagramOptions<M> {
    /// The same options for a position whose moves are `N`, without a last move.
    pub fn for_moves<N>(&self) -> DiagramOptions<N> {
        DiagramOptions {
            flip: self.flip,
            style: self.style,
            labels: self.labels,
            language: self.language,
            ranks: self.ranks,
            last_move: None,
            check: self.check,
            caption: self.caption.clone(),
            size: self.size,
            text_glyphs: self.text_glyphs,
        }
    }
}

/// The font-family list for text written as `<text>` (no font files are referenced).
pub const FONT_FAMILY: &str = "'Noto Serif CJK JP', 'Noto Serif JP', 'Hiragino Mincho ProN', \
'Yu Mincho', 'YuMincho', 'IPAexMincho', 'Source Han Serif', serif";

/// A position that can be drawn (each game's diagram in `src/<game>/diagram.rs`).
pub trait Diagram: Position {
    /// The diagram of this position.
    fn diagram(&self, o: &DiagramOptions<Self::Move>) -> String;
}

/// A diagram of a position of either game.
pub fn board<D: Diagram>(pos: &D, opts: &DiagramOptions<D::Move>) -> String {
    pos.diagram(opts)
}

/// The square of the side to move's King when it is in check (for [`DiagramOptions::check`]).
pub fn check_square<P: Position>(pos: &P) -> Option<Square> {
    pos.checked_king()
}
