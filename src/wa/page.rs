//! Wa's boards on a replay page ([`OnPage`]): what a position needs defined on the page (its
//! pieces' looks, its hands), and the frame and placements of a Wa board, drawn by the
//! diagram's code ([`super::diagram`]).

use super::diagram::{self, Geom};
use crate::Variant;
use crate::geometry::{Color, WA};
use crate::svg::DiagramOptions;
use crate::svg::document::{Doc, Lit, background, n};
use crate::svg::page::{OnPage, PageKind, square_names, squares, svg_open, xy};
use crate::svg::text::Anchor;
use crate::wa::{self, Game};
use serde_json::{Value, json};

impl OnPage for Game {
    /// Defines what a Wa position needs (way up `v`) and notes its hands' sizes.
    fn define(&self, doc: &mut Doc, k: &mut PageKind, v: usize, o: &DiagramOptions<()>) {
        let pos = self.position();
        let drops = k.variant == Variant::Wa;
        // Looks do not depend on the layout: any will do to define them.
        let g = Geom::new(o, drops, [1, 1]);
        // Each piece's look once: a position with no piece new to the page adds nothing.
        let slot =
            |pc: wa::Piece| pc.kind.index() * 4 + usize::from(pc.promoted) * 2 + pc.color.index();
        let new: Vec<wa::Piece> = WA
            .squares()
            .filter_map(|sq| pos.piece_at(sq))
            .filter(|&pc| !k.pieces_seen[v].get(slot(pc)).copied().unwrap_or(false))
            .collect();
        if !new.is_empty() {
            let _ = diagram::pieces(doc, &g, o, pos);
        }
        for pc in new {
            let seen = &mut k.pieces_seen[v];
            if seen.len() <= slot(pc) {
                seen.resize(slot(pc) + 1, false);
            }
            seen[slot(pc)] = true;
            k.look[v]
                .entry(diagram::token(pc))
                .or_insert_with(|| diagram::look(o, &g, pc, false).id.into());
        }
        if !drops {
            return;
        }
        for c in [Color::Black, Color::White] {
            let hand = diagram::wa_hand(pos, c);
            k.most[c.index()] = k.most[c.index()].max(hand.len());
            if !k.hands_seen[v].insert(format!("{c:?}{hand:?}")) {
                continue;
            }
            let _ = diagram::hand(doc, &g, o, c, &hand);
            for &(kind, count) in &hand {
                let pc = wa::Piece {
                    color: c,
                    kind,
                    promoted: false,
                };
                k.hand_look[v][c.index()]
                    .insert(diagram::token(pc), diagram::look(o, &g, pc, true).id.into());
                if count > 1 {
                    k.count[v].insert(
                        count.to_string(),
                        diagram::count_id(doc, o, &g, count).into(),
                    );
                }
            }
        }
    }

    /// The frame of a Wa board, way up `v`, and its placements: with drops, a hand per side
    /// that adds `"tops": [y of the hand holding n kinds]` and `"counts": ["x,y"]`; the view
    /// adds `"count": {n: id}`.
    fn view(doc: &mut Doc, k: &PageKind, v: usize, o: &DiagramOptions<()>) -> (String, Value) {
        let drops = k.variant == Variant::Wa;
        // Room for the largest hands of the page, whatever the position shown.
        let g = Geom::new(o, drops, [Geom::cols(k.most[0]), Geom::cols(k.most[1])]);
        let body = doc.take_body();
        diagram::frame(doc, &g, &o.for_moves::<wa::Move>());
        doc.s.push_str("<g class=\"pieces\"></g>\n");
        let mut hands = Vec::new();
        if drops {
            let none = doc.none_def(&g.l, o, 0.28 * g.l.u, Anchor::Start);
            for c in [Color::Black, Color::White] {
                // The hands' headers, with nothing in them yet.
                let s = diagram::hand(doc, &g, o, c, &[]);
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
        let (sq, lit) = squares(WA, |s| diagram::square_at(&g, s), &g.l);
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

    /// `game`, `names`, and `kinds`: the hand letters, in hand order.
    fn placements() -> Value {
        json!({
            "game": "wa",
            "names": square_names(WA),
            "kinds": wa::Kind::all().map(|k| k.row().letter).collect::<String>(),
        })
    }
}

fn n_top(g: &Geom, c: Color, kinds: usize) -> String {
    n(g.hand_top(c, kinds))
}
