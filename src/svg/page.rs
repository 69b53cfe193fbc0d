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

use super::DiagramOptions;
use super::document::{Doc, Layout, Lit, background, n, sq_name};
use super::text::Anchor;
use crate::Variant;
use crate::geometry::{Color, GUFU, Geometry, Square, WA};
use crate::gufu::PieceId;
use crate::gufu::diagram as gufu_board;
use crate::rules::Position;
use crate::wa::diagram as wa_board;
use crate::{gufu, wa};
use serde_json::{Map, Value, json};
use std::collections::HashSet;

/// The boards of a page, being gathered.
pub(crate) struct PageBoards {
    doc: Doc,
    kinds: Vec<Kind>,
}

/// What a kind of board has seen so far.
struct Kind {
    variant: Variant,
    o: DiagramOptions<()>,
    /// The most kinds in Black's and White's hands (Wa).
    most: [usize; 2],
    /// Board token → look id, per way up; hand letter → look id (Wa per side; Gufū common).
    look: [Map<String, Value>; 2],
    hand_look: [[Map<String, Value>; 2]; 2],
    /// Count → definition id (Wa), per way up.
    count: [Map<String, Value>; 2],
    /// The hands already defined, per way up (a position whose pieces and hands are all
    /// defined adds nothing: it is not drawn again).
    hands_seen: [HashSet<String>; 2],
    /// Wa: the pieces whose look is defined, per way up (by kind, promotion and side).
    pieces_seen: [Vec<bool>; 2],
}

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
                self.kinds.push(Kind {
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
                });
                self.kinds.len() - 1
            }
        };
        for (v, flip) in [false, true].into_iter().enumerate() {
            let o = DiagramOptions {
                flip,
                ..self.kinds[i].o.clone()
            };
            pos.define(self, i, v, &o);
        }
    }

    /// The frames, placements and definitions.
    ///
    /// The placements of a kind: `{"game": "wa"|"gufu", "names": [square names in
    /// position-string order], "kinds": Wa hand letters in hand order, "views": [unflipped,
    /// flipped]}`, each view `{"sq": ["x,y" centre of each square], "lit": ["x,y" corner of
    /// each square], "look": {token: id}, "hands": [...], "count": {n: id}, "lastmove": id,
    /// "check": id}`; a Wa hand `{"side", "tops": [y of the hand holding n kinds], "slots":
    /// ["x,y"], "counts": ["x,y"], "none": "x,y", "noneId": id, "look": {letter: id}}`, Gufū's
    /// common hand the same without tops and counts.
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
                let (frame, view) = match k.variant {
                    Variant::Gufu => gufu_view(&mut self.doc, k, v, &o),
                    _ => wa_view(&mut self.doc, k, v, &o),
                };
                frames[v] = frame;
                views.push(view);
            }
            let geo = if k.variant == Variant::Gufu { GUFU } else { WA };
            let mut data = json!({
                "game": if k.variant == Variant::Gufu { "gufu" } else { "wa" },
                "names": geo.squares().map(|s| sq_name(geo, s)).collect::<Vec<_>>(),
                "views": views,
            });
            if k.variant != Variant::Gufu {
                data["kinds"] =
                    Value::from(wa::Kind::all().map(|k| k.row().letter).collect::<String>());
            }
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

/// A position a replay page can show: it defines what it needs on the page's boards.
pub(crate) trait OnPage: Position {
    /// Defines what this position needs on kind `i` of the boards, way up `v`.
    fn define(&self, boards: &mut PageBoards, i: usize, v: usize, o: &DiagramOptions<()>);
}

impl OnPage for wa::Game {
    fn define(&self, boards: &mut PageBoards, i: usize, v: usize, o: &DiagramOptions<()>) {
        wa_add(&mut boards.doc, &mut boards.kinds[i], v, o, self.position());
    }
}

impl OnPage for gufu::Position {
    fn define(&self, boards: &mut PageBoards, i: usize, v: usize, o: &DiagramOptions<()>) {
        gufu_add(&mut boards.doc, &mut boards.kinds[i], v, o, self);
    }
}

fn xy(p: (f64, f64)) -> String {
    format!("{},{}", n(p.0), n(p.1))
}

/// The opening tag of a frame.
fn svg_open(l: &Layout, flip: bool) -> String {
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
fn squares(
    geo: Geometry,
    centre: impl Fn(Square) -> (f64, f64),
    l: &Layout,
) -> (Vec<String>, Vec<String>) {
    geo.squares()
        .map(|s| (xy(centre(s)), xy(l.corner(s))))
        .unzip()
}

/// Defines what a Wa position needs (way up `v`) and notes its hands' sizes.
fn wa_add(doc: &mut Doc, k: &mut Kind, v: usize, o: &DiagramOptions<()>, pos: &wa::Position) {
    let drops = k.variant == Variant::Wa;
    // Looks do not depend on the layout: any will do to define them.
    let g = wa_board::Geom::new(o, drops, [1, 1]);
    // Each piece's look once: a position with no piece new to the page adds nothing.
    let slot =
        |pc: wa::Piece| pc.kind.index() * 4 + usize::from(pc.promoted) * 2 + pc.color.index();
    let new: Vec<wa::Piece> = WA
        .squares()
        .filter_map(|sq| pos.piece_at(sq))
        .filter(|&pc| !k.pieces_seen[v].get(slot(pc)).copied().unwrap_or(false))
        .collect();
    if !new.is_empty() {
        let _ = wa_board::pieces(doc, &g, o, pos);
    }
    for pc in new {
        let seen = &mut k.pieces_seen[v];
        if seen.len() <= slot(pc) {
            seen.resize(slot(pc) + 1, false);
        }
        seen[slot(pc)] = true;
        k.look[v]
            .entry(wa_board::token(pc))
            .or_insert_with(|| wa_board::look(o, &g, pc, false).id.into());
    }
    if !drops {
        return;
    }
    for c in [Color::Black, Color::White] {
        let hand = wa_board::wa_hand(pos, c);
        k.most[c.index()] = k.most[c.index()].max(hand.len());
        if !k.hands_seen[v].insert(format!("{c:?}{hand:?}")) {
            continue;
        }
        let _ = wa_board::hand(doc, &g, o, c, &hand);
        for &(kind, count) in &hand {
            let pc = wa::Piece {
                color: c,
                kind,
                promoted: false,
            };
            k.hand_look[v][c.index()].insert(
                wa_board::token(pc),
                wa_board::look(o, &g, pc, true).id.into(),
            );
            if count > 1 {
                k.count[v].insert(
                    count.to_string(),
                    wa_board::count_id(doc, o, &g, count).into(),
                );
            }
        }
    }
}

fn wa_view(doc: &mut Doc, k: &Kind, v: usize, o: &DiagramOptions<()>) -> (String, Value) {
    let drops = k.variant == Variant::Wa;
    // Room for the largest hands of the page, whatever the position shown.
    let g = wa_board::Geom::new(
        o,
        drops,
        [
            wa_board::Geom::cols(k.most[0]),
            wa_board::Geom::cols(k.most[1]),
        ],
    );
    let body = doc.take_body();
    wa_board::frame(doc, &g, &o.for_moves::<wa::Move>());
    doc.s.push_str("<g class=\"pieces\"></g>\n");
    let mut hands = Vec::new();
    if drops {
        let none = doc.none_def(&g.l, o, 0.28 * g.l.u, Anchor::Start);
        for c in [Color::Black, Color::White] {
            // The hands' headers, with nothing in them yet.
            let s = wa_board::hand(doc, &g, o, c, &[]);
            doc.s.push_str(&s);
            let slots: Vec<(f64, f64)> = (0..wa::KINDS.len()).map(|i| g.slot(c, i)).collect();
            hands.push(json!({
                "side": c.name(),
                "tops": (0..=wa::KINDS.len()).map(|n| n_top(&g, c, n)).collect::<Vec<_>>(),
                "slots": slots.iter().map(|&p| xy(p)).collect::<Vec<_>>(),
                "counts": slots.iter().map(|&(x, y)| xy((x + g.count_offset(), y))).collect::<Vec<_>>(),
                "none": xy(g.none_at(c)),
                "noneId": none,
                "look": k.hand_look[v][c.index()],
            }));
        }
    }
    let frame = format!(
        "{}{}{}</svg>",
        svg_open(&g.l, o.flip),
        background(&g.l, o),
        doc.take_body()
    );
    doc.s = body;
    let (sq, lit) = squares(WA, |s| wa_board::square_at(&g, s), &g.l);
    let view = json!({
        "sq": sq,
        "lit": lit,
        "look": k.look[v],
        "hands": hands,
        "count": k.count[v],
        "lastmove": doc.lit_def(Lit::LastMove, &g.l, o),
        "check": doc.lit_def(Lit::Check, &g.l, o),
    });
    (frame, view)
}

fn n_top(g: &wa_board::Geom, c: Color, kinds: usize) -> String {
    n(g.hand_top(c, kinds))
}

/// Defines what a Gufū position needs (way up `v`).
fn gufu_add(doc: &mut Doc, k: &mut Kind, v: usize, o: &DiagramOptions<()>, pos: &gufu::Position) {
    let l = gufu_board::layout(o);
    let token = |pc: gufu::Piece| {
        format!(
            "{}{}",
            gufu_board::letter(pc.id),
            pc.facing.letter().to_ascii_lowercase()
        )
    };
    if GUFU.squares().any(|sq| {
        pos.piece_at(sq)
            .is_some_and(|pc| !k.look[v].contains_key(&token(pc)))
    }) {
        let _ = gufu_board::pieces(doc, &l, o, pos);
    }
    for sq in GUFU.squares() {
        if let Some(pc) = pos.piece_at(sq) {
            k.look[v]
                .entry(token(pc))
                .or_insert_with(|| gufu_board::look(o, pc.id, Some(pc.facing)).id.into());
        }
    }
    let in_hand = gufu_board::hand_of(pos);
    if !k.hands_seen[v].insert(format!("{in_hand:?}")) {
        return;
    }
    let _ = gufu_board::hand(doc, &l, o, &in_hand);
    for id in in_hand {
        k.hand_look[v][0].insert(
            gufu_board::letter(id).to_string(),
            gufu_board::look(o, id, None).id.into(),
        );
    }
}

fn gufu_view(doc: &mut Doc, k: &Kind, v: usize, o: &DiagramOptions<()>) -> (String, Value) {
    let l = gufu_board::layout(o);
    let body = doc.take_body();
    doc.grid(&l, o, &[], &[]);
    doc.s.push_str("<g class=\"pieces\"></g>\n");
    let none = doc.none_def(&l, o, gufu_board::none_size(&l), Anchor::Middle);
    let s = gufu_board::hand(doc, &l, o, &[]);
    doc.s.push_str(&s);
    let frame = format!(
        "{}{}{}</svg>",
        svg_open(&l, o.flip),
        background(&l, o),
        doc.take_body()
    );
    doc.s = body;
    let (sq, lit) = squares(GUFU, |s| l.centre(s), &l);
    let slots: Vec<String> = (0..PieceId::ALL.len())
        .map(|i| xy(gufu_board::slot(&l, i)))
        .collect();
    let view = json!({
        "sq": sq,
        "lit": lit,
        "look": k.look[v],
        "hands": [{
            "side": "common",
            "slots": slots,
            "none": xy(gufu_board::none_at(&l)),
            "noneId": none,
            "look": k.hand_look[v][0],
        }],
        "lastmove": doc.lit_def(Lit::LastMove, &l, o),
        "check": doc.lit_def(Lit::Check, &l, o),
    });
    (frame, view)
}
