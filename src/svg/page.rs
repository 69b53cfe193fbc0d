//! The boards of a replay page (`kifu convert --to html`): drawn by the same code as a
//! diagram, but split so that a page carries them once however many positions it shows.
//!
//! For each kind of board on the page (Wa, Wa without drops, Gufū) and each way up, the
//! *frame*: an `<svg>` with the board, grid, coordinates and hand headers, and empty groups for
//! highlights, pieces and hand contents. For the whole page, one `<defs>`: every glyph and every
//! look of a piece the page's positions need. And the *placements* the page's script needs to
//! fill the empty groups from a position string: the centre of each square, the look of each
//! token, the slots of the hands, as numbers already written as the diagram writes them, so
//! that the script draws exactly what [`super::board`] draws.
//!
//! Positions are added one by one ([`PageBoards::add`]) and forgotten: what they need is
//! defined at once (a look does not depend on the layout), and only the largest hands are
//! remembered, for the layout made at the end ([`PageBoards::finish`]).
//!
//! What is particular to a game (what its positions define, its frames and placements) is its
//! [`OnPage`], in `src/<game>/page.rs`, drawn by its diagram's code.

use super::DiagramOptions;
use super::document::{Doc, Layout, n, sq_name};
use crate::Variant;
use crate::geometry::{Geometry, Square};
use crate::rules::Position;
use serde_json::{Map, Value};
use std::collections::HashSet;

/// The boards of a page, being gathered.
pub(crate) struct PageBoards {
    doc: Doc,
    kinds: Vec<PageKind>,
}

/// What a kind of board has seen so far, and how its game draws it (what the game's
/// [`OnPage`] gave when the kind's first position was added).
pub(crate) struct PageKind {
    pub(crate) variant: Variant,
    o: DiagramOptions<()>,
    /// The most kinds in Black's and White's hands (Wa).
    pub(crate) most: [usize; 2],
    /// Board token → look id, per way up; hand letter → look id (Wa per side; Gufū common).
    pub(crate) look: [Map<String, Value>; 2],
    pub(crate) hand_look: [[Map<String, Value>; 2]; 2],
    /// Count → definition id (Wa), per way up.
    pub(crate) count: [Map<String, Value>; 2],
    /// The hands already defined, per way up (a position whose pieces and hands are all
    /// defined adds nothing: it is not drawn again).
    pub(crate) hands_seen: [HashSet<String>; 2],
    /// Wa: the pieces whose look is defined, per way up (by kind, promotion and side).
    pub(crate) pieces_seen: [Vec<bool>; 2],
    /// The game's [`OnPage::view`].
    view: View,
    /// The game's [`OnPage::placements`].
    placements: fn() -> Value,
}

/// A frame and its placements: see [`OnPage::view`].
type View = fn(&mut Doc, &PageKind, usize, &DiagramOptions<()>) -> (String, Value);

/// The finished boards: the `<svg>` holding the shared `<defs>`, and per kind of board its
/// frames (as seen from Black, flipped) and placements.
pub(crate) struct Finished {
    pub(crate) defs: String,
    pub(crate) kinds: Vec<(Variant, [String; 2], Value)>,
}

impl PageBoards {
    /// `o`: the page's style and text options (the same for every board).
    pub(crate) fn new(o: &DiagramOptions<()>) -> PageBoards {
        PageBoards {
            doc: Doc::for_page(o),
            kinds: Vec::new(),
        }
    }

    /// Text for the page's HTML (the move list, tags, titles): escaped, and left as text, so
    /// that it can be selected, copied and searched; glyph outlines are for the boards only.
    pub(crate) fn html_text(&mut self, text: &str) -> String {
        super::document::esc(text)
    }

    /// A position of a game whose board has options `o` (flip, labels, ranks; the first
    /// game of a variant sets them for all).
    pub(crate) fn add<P: OnPage>(&mut self, o: &DiagramOptions<()>, pos: &P) {
        let variant = pos.variant();
        let i = match self.kinds.iter().position(|k| k.variant == variant) {
            Some(i) => i,
            None => {
                self.kinds.push(PageKind {
                    variant,
                    o: DiagramOptions {
                        caption: None,
                        last_move: None,
                        check: None,
                        size: None,
                        ..o.clone()
                    },
                    most: [0, 0],
                    look: Default::default(),
                    hand_look: Default::default(),
                    count: Default::default(),
                    hands_seen: Default::default(),
                    pieces_seen: Default::default(),
                    view: P::view,
                    placements: P::placements,
                });
                self.kinds.len() - 1
            }
        };
        for (v, flip) in [false, true].into_iter().enumerate() {
            let o = DiagramOptions {
                flip,
                ..self.kinds[i].o.clone()
            };
            pos.define(&mut self.doc, &mut self.kinds[i], v, &o);
        }
    }

    /// The frames, placements and definitions.
    ///
    /// The placements of a kind: `{"game": the game's name, "names": [square names in
    /// position-string order], "views": [unflipped, flipped]}` and what its game adds
    /// ([`OnPage::placements`]), each view `{"sq": ["x,y" centre of each square], "lit": ["x,y"
    /// corner of each square], "look": {token: id}, "hands": [...], "lastmove": id, "check":
    /// id}` and what its game adds ([`OnPage::view`], in `src/<game>/page.rs`), each hand
    /// `{"side", "slots": ["x,y"], "none": "x,y", "noneId": id, "look": {letter: id}}` and what
    /// its game adds.
    pub(crate) fn finish(mut self) -> Finished {
        let mut kinds = Vec::new();
        let mut all = std::mem::take(&mut self.kinds);
        all.sort_by_key(|k| k.variant.name());
        for k in &all {
            let mut frames = [String::new(), String::new()];
            let mut views = Vec::new();
            for (v, flip) in [false, true].into_iter().enumerate() {
                let o: DiagramOptions<()> = DiagramOptions {
                    flip,
                    ..k.o.clone()
                };
                let (frame, view) = (k.view)(&mut self.doc, k, v, &o);
                frames[v] = frame;
                views.push(view);
            }
            let mut data = (k.placements)();
            data["views"] = Value::from(views);
            kinds.push((k.variant, frames, data));
        }
        Finished {
            defs: format!(
                "<svg class=\"kifu-defs\" xmlns=\"http://www.w3.org/2000/svg\" \
xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"0\" height=\"0\" aria-hidden=\"true\">\
<defs>\n{}</defs></svg>",
                self.doc.defs()
            ),
            kinds,
        }
    }
}

/// A position a replay page can show: it defines what it needs on the page's boards, and its
/// game draws the frames and placements of its kind of board (each game's in
/// `src/<game>/page.rs`).
pub(crate) trait OnPage: Position {
    /// Defines what this position needs on its kind of board `k`, way up `v` (and notes what
    /// the layout made at the end needs, as its hands' sizes).
    fn define(&self, doc: &mut Doc, k: &mut PageKind, v: usize, o: &DiagramOptions<()>);

    /// The frame of a kind of board of this game, way up `v`, and its view: the placements
    /// of [`PageBoards::finish`] for that way up.
    fn view(doc: &mut Doc, k: &PageKind, v: usize, o: &DiagramOptions<()>) -> (String, Value);

    /// The placements of a kind of board of this game beyond its views: `game`, `names` (the
    /// board's [`square_names`]), and what else the game's script needs.
    fn placements() -> Value;
}

/// A point as the placements write it: `x,y`.
pub(crate) fn xy(p: (f64, f64)) -> String {
    format!("{},{}", n(p.0), n(p.1))
}

/// The opening tag of a frame.
pub(crate) fn svg_open(l: &Layout, flip: bool) -> String {
    format!(
        "<svg class=\"kifu-frame{}\" xmlns=\"http://www.w3.org/2000/svg\" \
xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
role=\"img\">\n",
        if flip { " flipped" } else { "" },
        w = n(l.width),
        h = n(l.height)
    )
}

/// The squares' centres and corners, in position-string order.
pub(crate) fn squares(
    geo: Geometry,
    centre: impl Fn(Square) -> (f64, f64),
    l: &Layout,
) -> (Vec<String>, Vec<String>) {
    geo.squares()
        .map(|s| (xy(centre(s)), xy(l.corner(s))))
        .unzip()
}

/// The names of a board's squares, in position-string order.
pub(crate) fn square_names(geo: Geometry) -> Value {
    Value::from(geo.squares().map(|s| sq_name(geo, s)).collect::<Vec<_>>())
}
