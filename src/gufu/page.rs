//! Gufū's boards on a replay page ([`OnPage`]): what a position needs defined on the page (its
//! pieces' looks, its common hand), and the frame and placements of a Gufū board, drawn by the
//! diagram's code ([`super::diagram`]).

use super::diagram;
use crate::geometry::GUFU;
use crate::gufu::{self, PieceId, Position};
use crate::svg::DiagramOptions;
use crate::svg::document::{Doc, Lit, background};
use crate::svg::page::{OnPage, PageKind, square_names, squares, svg_open, xy};
use crate::svg::text::Anchor;
use serde_json::{Value, json};

impl OnPage for Position {
    /// Defines what a Gufū position needs (way up `v`).
    fn define(&self, doc: &mut Doc, k: &mut PageKind, v: usize, o: &DiagramOptions<()>) {
        let l = diagram::layout(o);
        let token = |pc: gufu::Piece| {
            format!(
                "{}{}",
                diagram::letter(pc.id),
                pc.facing.letter().to_ascii_lowercase()
            )
        };
        if GUFU.squares().any(|sq| {
            self.piece_at(sq)
                .is_some_and(|pc| !k.look[v].contains_key(&token(pc)))
        }) {
            let _ = diagram::pieces(doc, &l, o, self);
        }
        for sq in GUFU.squares() {
            if let Some(pc) = self.piece_at(sq) {
                k.look[v]
                    .entry(token(pc))
                    .or_insert_with(|| diagram::look(o, pc.id, Some(pc.facing)).id.into());
            }
        }
        let in_hand = diagram::hand_of(self);
        if !k.hands_seen[v].insert(format!("{in_hand:?}")) {
            return;
        }
        let _ = diagram::hand(doc, &l, o, &in_hand);
        for id in in_hand {
            k.hand_look[v][0].insert(
                diagram::letter(id).to_string(),
                diagram::look(o, id, None).id.into(),
            );
        }
    }

    /// The frame of a Gufū board, way up `v`, and its placements: one hand, the common
    /// hand (`"side": "common"`).
    fn view(doc: &mut Doc, k: &PageKind, v: usize, o: &DiagramOptions<()>) -> (String, Value) {
        let l = diagram::layout(o);
        let body = doc.take_body();
        doc.grid(&l, o, &[], &[]);
        doc.s.push_str("<g class=\"pieces\"></g>\n");
        let none = doc.none_def(&l, o, diagram::none_size(&l), Anchor::Middle);
        let s = diagram::hand(doc, &l, o, &[]);
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
            .map(|i| xy(diagram::slot(&l, i)))
            .collect();
        let view = json!({
            "sq": sq,
            "lit": lit,
            "look": k.look[v],
            "hands": [{
                "side": "common",
                "slots": slots,
                "none": xy(diagram::none_at(&l)),
                "noneId": none,
                "look": k.hand_look[v][0],
            }],
            "lastmove": doc.lit_def(Lit::LastMove, &l, o),
            "check": doc.lit_def(Lit::Check, &l, o),
        });
        (frame, view)
    }

    fn placements() -> Value {
        json!({
            "game": "gufu",
            "names": square_names(GUFU),
        })
    }
}
