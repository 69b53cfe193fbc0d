//! The options of how a board looks, shared by `kifu render` and `kifu convert --to html`,
//! and `--ranks`, shared by `kifu render` and `kifu convert` (the same default in both).

use kifu::Variant;
use kifu::geometry::RankStyle;
use kifu::svg::{self, BoardStyle, Labels};
use kifu::writers::html;

/// `--ranks`: how ranks are written, in the moves and on the board.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct RanksArgs {
    /// Rank style, in the moves and on the board: kanji (一…十一) or letters (a…k). Default:
    /// kanji for Gufū, letters for Wa (the usual notation of each).
    #[arg(long, value_enum)]
    ranks: Option<RanksArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum RanksArg {
    Kanji,
    Letters,
}

impl RanksArgs {
    /// The rank style for a game of `variant`: as given, else the variant's usual one.
    pub fn for_variant(self, variant: Variant) -> RankStyle {
        match self.ranks {
            Some(RanksArg::Kanji) => RankStyle::Kanji,
            Some(RanksArg::Letters) => RankStyle::Letter,
            None => kifu::notation::Style::default_for(variant).ranks,
        }
    }
}

#[derive(clap::Args, Clone, Debug)]
pub struct BoardArgs {
    /// View the board from White's side.
    #[arg(long)]
    pub flip: bool,
    /// Board style.
    #[arg(long, value_enum, default_value = "wood")]
    pub style: StyleArg,
    /// What the pieces show: kanji, or the English abbreviations of the notation.
    #[arg(long, value_enum, default_value = "kanji")]
    pub labels: LabelsArg,
    /// The language of the words around the board and of the caption: english (Black,
    /// White, none; `Black: A · White: B · 12. SP-7七`) or japanese (先手, 後手, なし;
    /// `先手: A · 後手: B · 24手目 SP-7七`). One language per diagram; the pieces follow
    /// --labels.
    #[arg(long, value_enum, default_value = "english")]
    pub language: LanguageArg,
    /// Write text as SVG <text> in the viewer's fonts instead of drawing glyph outlines
    /// (kanji then need a Japanese font wherever the board is seen).
    #[arg(long)]
    pub text_glyphs: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StyleArg {
    Wood,
    Plain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LabelsArg {
    Kanji,
    English,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LanguageArg {
    #[value(alias = "en")]
    English,
    #[value(alias = "ja")]
    Japanese,
}

impl BoardArgs {
    pub fn language(&self) -> svg::Language {
        match self.language {
            LanguageArg::English => svg::Language::English,
            LanguageArg::Japanese => svg::Language::Japanese,
        }
    }

    fn style(&self) -> BoardStyle {
        match self.style {
            StyleArg::Wood => BoardStyle::Wood,
            StyleArg::Plain => BoardStyle::Plain,
        }
    }

    fn labels(&self) -> Labels {
        match self.labels {
            LabelsArg::Kanji => Labels::Kanji,
            LabelsArg::English => Labels::English,
        }
    }

    /// Diagram options with these (the rest as `Options::default()`).
    pub fn options<M>(&self) -> svg::DiagramOptions<M> {
        svg::DiagramOptions {
            flip: self.flip,
            style: self.style(),
            labels: self.labels(),
            language: self.language(),
            text_glyphs: self.text_glyphs,
            ..svg::DiagramOptions::default()
        }
    }

    /// A replay page's boards.
    pub fn page(&self) -> html::Board {
        html::Board {
            flip: self.flip,
            style: self.style(),
            labels: self.labels(),
            language: self.language(),
            text_glyphs: self.text_glyphs,
        }
    }
}
