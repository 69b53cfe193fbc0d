//! Games through the library: the styles a variant is written in, the positions along a main
//! line.

use kifu::Variant;
use kifu::for_game;
use kifu::geometry::RankStyle;
use kifu::notation::Notation;
use kifu::notation::Style;
use kifu::record::Record;
use kifu::replay::Report;
use kifu::rules::Position;

/// Every notation and rank style a variant can be written in (engine coordinates and SAN are
/// Wa's only).
pub fn styles(variant: Variant) -> Vec<Style> {
    let mut v = Vec::new();
    for notation in [
        Notation::Hodges,
        Notation::Long,
        Notation::Xboard,
        Notation::San,
    ] {
        if notation.engine_squares() && variant == Variant::Gufu {
            continue;
        }
        for ranks in [RankStyle::Letter, RankStyle::Kanji] {
            v.push(Style { notation, ranks });
        }
    }
    v
}

/// The position strings along the main line of a replayed record, the start included.
pub fn positions(record: &Record, report: &Report) -> Vec<String> {
    let Some(played) = &report.played else {
        return Vec::new();
    };
    for_game!(played, p => {
        let mut out = Vec::new();
        let mut steps = p.main_line(&record.movetext);
        while let Some(step) = steps.next() {
            match step {
                kifu::replay::Step::LineStart { position, .. } => out.push(position.position_string()),
                kifu::replay::Step::Ply { after, .. } => out.push(after.position_string()),
                kifu::replay::Step::LineEnd { .. } => {}
            }
        }
        out
    })
}

/// The main line as (node, move, position after) triples, the start first (`None`, `None`,
/// start): a copy of every position, for tests that pick positions at random.
pub fn main_line_states<G: Position>(
    played: &kifu::replay::Played<G>,
    mt: &kifu::record::Movetext,
) -> Vec<(Option<kifu::record::NodeId>, Option<G::Move>, G)> {
    let mut out = Vec::new();
    let mut steps = played.main_line(mt);
    while let Some(step) = steps.next() {
        match step {
            kifu::replay::Step::LineStart { position, .. } => {
                out.push((None, None, position.clone()))
            }
            kifu::replay::Step::Ply { id, mv, after, .. } => {
                out.push((Some(id), Some(*mv), after.clone()))
            }
            kifu::replay::Step::LineEnd { .. } => {}
        }
    }
    out
}
