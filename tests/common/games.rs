//! Games through the library: the styles a variant is written in, the positions along a main
//! line.

use kifu::Variant;
use kifu::for_game;
use kifu::notation::RankStyle;
use kifu::record::Record;
use kifu::replay::Report;
use kifu::rules::Position;
use kifu::writers::{Notation, Style};

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
    for_game!(played, p => p.main_line(&record.movetext)
        .iter()
        .map(|(_, _, s)| s.position_string())
        .collect())
}
