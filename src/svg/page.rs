//! The board of a replay page (`kifu convert --to html`): drawn by the same code as a diagram,
//! but split so that a page carries it once however many positions it shows.
//!
//! For each kind of board on the page (Wa, Wa without drops, Gufū) and each way up, the
//! *frame*: an `<svg>` with the board, grid, coordinates and hand headers, and empty groups for
//! highlights, pieces and hand contents. For the whole page, one `<defs>`: every glyph and every
//! look of a piece the page's positions need. And the *placements* the page's script needs to
//! fill the empty groups from a position string: the centre of each square, the look of each
//! token, the slots of the hands, as numbers already written as the diagram writes them, so
//! that the script draws exactly what [`super::board`] draws.

use super::document::{Doc, Layout, Lit, background, n, sq_name};
use super::glyphs::{Face, glyph_id};
use super::text::Anchor;
use super::text::is_wide;
use super::{Options, gufu_board, wa_board};
use crate::Variant;
use crate::geometry::{Color, GUFU, Geometry, WA};
use crate::gufu::PieceId;
use crate::replay::State;
use serde_json::{Map, Value, json};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The boards of a page.
pub(crate) struct PageBoards {
    /// An `<svg>` holding the shared `<defs>` (no size of its own).
    pub(crate) defs: String,
    /// One per kind of board: which, its two frames (as seen from Black, flipped), and the
    /// placements (a JSON object, see [`page_boards`]).
    pub(crate) kinds: Vec<BoardKind>,
}

pub(crate) struct BoardKind {
    pub(crate) variant: Variant,
    pub(crate) frames: [String; 2],
    pub(crate) data: Value,
}

/// The boards for the positions of a page's games: (variant, every position of the game, the
/// options of its board); `chars`: the characters [`html_text`] drew, to define too.
///
/// The placements of a kind: `{"game": "wa"|"gufu", "names": [square names in position-string
/// order], "kinds": Wa hand letters in hand order, "views": [unflipped, flipped]}`, each view
/// `{"sq": ["x,y" centre of each square], "lit": ["x,y" corner of each square], "look": {token:
/// id}, "hands": [...]}`; a Wa hand `{"side", "tops": [y of the hand holding n kinds],
/// "slots": ["x,y"], "counts": ["x,y"], "none": "x,y", "look": {letter: id}}`, Gufū's common
/// hand the same without tops and counts. Shared: `"count": {n: id}`, `"none"`, `"lastmove"`,
/// `"check"` ids.
pub(crate) fn page_boards(
    games: &[(Variant, Vec<&State>, Options)],
    chars: &BTreeSet<char>,
) -> PageBoards {
    let mut doc = Doc::for_page(games.first().map_or(&Options::default(), |g| &g.2));
    for &c in chars {
        doc.ink.glyphs.add(Face::Text, c);
    }
    let mut variants: Vec<Variant> = games.iter().map(|g| g.0).collect();
    variants.sort_by_key(|v| v.name());
    variants.dedup();
    let mut kinds = Vec::new();
    for variant in variants {
        let states: Vec<&State> = games
            .iter()
            .filter(|g| g.0 == variant)
            .flat_map(|g| g.1.iter().copied())
            .collect();
        let Some(o) = games.iter().find(|g| g.0 == variant).map(|g| &g.2) else {
            continue;
        };
        let base = Options {
            caption: None,
            last_move: None,
            check: None,
            size: None,
            ..o.clone()
        };
        let mut frames = [String::new(), String::new()];
        let mut views = Vec::new();
        for (i, flip) in [false, true].into_iter().enumerate() {
            let o = Options {
                flip,
                ..base.clone()
            };
            let (frame, view) = match variant {
                Variant::Gufu => gufu_view(&mut doc, &o, &states),
                _ => wa_view(&mut doc, &o, &states, variant == Variant::Wa),
            };
            frames[i] = frame;
            views.push(view);
        }
        let geo = if variant == Variant::Gufu { GUFU } else { WA };
        let mut data = json!({
            "game": if variant == Variant::Gufu { "gufu" } else { "wa" },
            "names": geo.squares().map(|s| sq_name(geo, s)).collect::<Vec<_>>(),
            "views": views,
        });
        if variant != Variant::Gufu {
            data["kinds"] = Value::from(
                crate::wa::Kind::all()
                    .map(|k| k.row().letter)
                    .collect::<String>(),
            );
        }
        kinds.push(BoardKind {
            variant,
            frames,
            data,
        });
    }
    PageBoards {
        defs: format!(
            "<svg class=\"kifu-defs\" xmlns=\"http://www.w3.org/2000/svg\" \
xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"0\" height=\"0\" aria-hidden=\"true\">\
<defs>\n{}</defs></svg>",
            doc.defs()
        ),
        kinds,
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
    centre: impl Fn(crate::geometry::Square) -> (f64, f64),
    l: &Layout,
) -> (Vec<String>, Vec<String>) {
    geo.squares()
        .map(|s| (xy(centre(s)), xy(l.corner(s))))
        .unzip()
}

fn wa_view(doc: &mut Doc, o: &Options, states: &[&State], drops: bool) -> (String, Value) {
    let positions: Vec<&crate::wa::Position> = states
        .iter()
        .filter_map(|s| match s {
            State::Wa(g) => Some(g.position()),
            State::Gufu(_) => None,
        })
        .collect();
    // Room for the largest hand of the game, whatever the position shown.
    let most = |c: Color| {
        positions
            .iter()
            .map(|p| wa_board::wa_hand(p, c).len())
            .max()
            .unwrap_or(0)
    };
    let cols = [
        wa_board::Geom::cols(most(Color::Black)),
        wa_board::Geom::cols(most(Color::White)),
    ];
    let g = wa_board::Geom::new(o, drops, cols);
    let mut frame = svg_open(&g.l, o.flip);
    let body = doc.take_body();
    wa_board::frame(doc, &g, o);
    doc.s.push_str("<g class=\"pieces\"></g>\n");
    let mut look = Map::new();
    let mut hand_look = [Map::new(), Map::new()];
    let mut counts = Map::new();
    for pos in &positions {
        // Drawing every position defines every look, count and label the page needs.
        let _ = wa_board::pieces(doc, &g, o, pos);
        for sq in WA.squares() {
            if let Some(pc) = pos.piece_at(sq) {
                look.insert(
                    wa_board::token(pc),
                    wa_board::look(o, &g, pc, false).id.into(),
                );
            }
        }
        if drops {
            for c in [Color::Black, Color::White] {
                let hand = wa_board::wa_hand(pos, c);
                let _ = wa_board::hand(doc, &g, o, c, &hand);
                for &(k, count) in &hand {
                    let pc = crate::wa::Piece {
                        color: c,
                        kind: k,
                        promoted: false,
                    };
                    hand_look[c.index()].insert(
                        wa_board::token(pc),
                        wa_board::look(o, &g, pc, true).id.into(),
                    );
                    if count > 1 {
                        counts.insert(
                            count.to_string(),
                            wa_board::count_id(doc, o, &g, count).into(),
                        );
                    }
                }
            }
        }
    }
    let mut hands = Vec::new();
    if drops {
        let none = doc.none_def(&g.l, o, 0.28 * g.l.u, Anchor::Start);
        for c in [Color::Black, Color::White] {
            let _ = wa_board::hand(doc, &g, o, c, &[]);
            let slots: Vec<(f64, f64)> =
                (0..crate::wa::KINDS.len()).map(|i| g.slot(c, i)).collect();
            hands.push(json!({
                "side": c.name(),
                "tops": (0..=crate::wa::KINDS.len()).map(|k| n(g.hand_top(c, k))).collect::<Vec<_>>(),
                "slots": slots.iter().map(|&p| xy(p)).collect::<Vec<_>>(),
                "counts": slots.iter().map(|&(x, y)| xy((x + g.count_offset(), y))).collect::<Vec<_>>(),
                "none": xy(g.none_at(c)),
                "noneId": none,
                "look": hand_look[c.index()],
            }));
        }
    }
    // The frame: the board, and the hands' headers with nothing in them yet.
    let mut s = doc.take_body();
    if drops {
        for c in [Color::Black, Color::White] {
            s.push_str(&wa_board::hand(doc, &g, o, c, &[]));
        }
    }
    frame.push_str(&background(&g.l, o));
    frame.push_str(&s);
    frame.push_str("</svg>");
    doc.s = body;
    let (sq, lit) = squares(WA, |s| wa_board::square_at(&g, s), &g.l);
    let view = json!({
        "sq": sq,
        "lit": lit,
        "look": look,
        "hands": hands,
        "count": counts,
        "lastmove": doc.lit_def(Lit::LastMove, &g.l, o),
        "check": doc.lit_def(Lit::Check, &g.l, o),
    });
    (frame, view)
}

fn gufu_view(doc: &mut Doc, o: &Options, states: &[&State]) -> (String, Value) {
    let l = gufu_board::layout(o);
    let mut frame = svg_open(&l, o.flip);
    let body = doc.take_body();
    doc.grid(&l, o, &[], &[]);
    doc.s.push_str("<g class=\"pieces\"></g>\n");
    let mut look = Map::new();
    let mut hand_look = Map::new();
    for st in states {
        let State::Gufu(pos) = st else { continue };
        let _ = gufu_board::pieces(doc, &l, o, pos);
        for sq in GUFU.squares() {
            if let Some(pc) = pos.piece_at(sq) {
                let id = gufu_board::look(o, pc.id, Some(pc.facing)).id;
                look.insert(
                    format!(
                        "{}{}",
                        gufu_board::letter(pc.id),
                        pc.facing.letter().to_ascii_lowercase()
                    ),
                    id.into(),
                );
            }
        }
        let in_hand = gufu_board::hand_of(pos);
        let _ = gufu_board::hand(doc, &l, o, &in_hand);
    }
    for id in PieceId::ALL {
        hand_look.insert(
            gufu_board::letter(id).to_string(),
            gufu_board::look(o, id, None).id.into(),
        );
    }
    let none = doc.none_def(&l, o, gufu_board::none_size(&l), Anchor::Middle);
    let mut s = doc.take_body();
    s.push_str(&gufu_board::hand(doc, &l, o, &[]));
    frame.push_str(&background(&l, o));
    frame.push_str(&s);
    frame.push_str("</svg>");
    doc.s = body;
    let (sq, lit) = squares(GUFU, |s| l.centre(s), &l);
    let slots: Vec<String> = (0..PieceId::ALL.len())
        .map(|i| xy(gufu_board::slot(&l, i)))
        .collect();
    let view = json!({
        "sq": sq,
        "lit": lit,
        "look": look,
        "hands": [{
            "side": "common",
            "slots": slots,
            "none": xy(gufu_board::none_at(&l)),
            "noneId": none,
            "look": hand_look,
        }],
        "lastmove": doc.lit_def(Lit::LastMove, &l, o),
        "check": doc.lit_def(Lit::Check, &l, o),
    });
    (frame, view)
}

/// Text for a page's HTML: escaped, each wide character that has an outline drawn as a small
/// inline `<svg>` of it (so that the move list needs no Japanese font either), the others left
/// to the fonts. The characters drawn are added to `used`, for [`page_boards`] to define.
pub(crate) fn html_text(text: &str, used: &mut BTreeSet<char>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut plain = 0;
    for (i, c) in text.char_indices() {
        if is_wide(c) && Face::Text.glyph(c).is_some() {
            out.push_str(&super::document::esc(&text[plain..i]));
            plain = i + c.len_utf8();
            used.insert(c);
            let _ = write!(
                out,
                "<svg class=\"kg\" viewBox=\"0 -880 1000 1000\" role=\"img\" aria-label=\"{c}\">\
<use xlink:href=\"#{}\"/></svg>",
                glyph_id(Face::Text, c)
            );
        }
    }
    out.push_str(&super::document::esc(&text[plain..]));
    out
}
