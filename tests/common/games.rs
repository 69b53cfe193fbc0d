//! Games through the library: the styles a variant is written in, the positions along a main
//! line, the legal moves of a state.

use kifu::Variant;
use kifu::notation::RankStyle;
use kifu::record::Record;
use kifu::replay::{AnyMove, Report, State, main_line};
use kifu::writers::{Notation, Style};

/// Every notation and rank style a variant can be written in (engine coordinates are Wa's
/// only).
pub fn styles(variant: Variant) -> Vec<Style> {
    let mut v = Vec::new();
    for notation in [Notation::Hodges, Notation::Long, Notation::Xboard] {
        if notation == Notation::Xboard && variant == Variant::Gufu {
            continue;
        }
        for ranks in [RankStyle::Letters, RankStyle::Kanji] {
            v.push(Style { notation, ranks });
        }
    }
    v
}

/// The position strings along the main line of a replayed record, the start included.
pub fn positions(record: &Record, report: &Report) -> Vec<String> {
    main_line(&record.movetext, report)
        .iter()
        .map(|(_, _, s)| s.position_string())
        .collect()
}

/// The legal moves of a state, straight from the rules core.
pub fn legal_moves(state: &State) -> Vec<AnyMove> {
    match state {
        State::Wa(g) => g
            .position()
            .legal_moves()
            .into_iter()
            .map(AnyMove::Wa)
            .collect(),
        State::Gufu(p) => p.legal_moves().into_iter().map(AnyMove::Gufu).collect(),
    }
}
