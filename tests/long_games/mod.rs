//! Legal games of unusual shapes, made with the library (for the memory tests and
//! `bench/memory.sh`, through `examples/long_games.rs`): a long Wa game of two lone Kings, a very
//! long Gufū game, and variations nested deep.
#![allow(dead_code)]

use kifu::Variant;
use kifu::notation::{Notate, Style, number_prefix};
use kifu::rules::Position;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Two lone Kings (Black's on 6k, White's on 6a).
pub const WA_KINGS_FEN: &str = "5k5/11/11/11/11/11/11/11/11/11/5K5[-] w 0 1";

/// A position string without its counters (the position the repetition rule compares).
fn key(ps: &str, counters: usize) -> String {
    let mut fields: Vec<&str> = ps.split(' ').collect();
    fields.truncate(fields.len().saturating_sub(counters));
    fields.join(" ")
}

/// Appends `m`, played from `before`, to `out` (its number where the variant writes one).
fn push_move<G: Notate>(out: &mut String, before: &G, m: &G::Move, after: &G, ply: usize) {
    let style = Style::default_for(before.variant());
    if ply > 0 {
        out.push(if ply.is_multiple_of(12) { '\n' } else { ' ' });
    }
    out.push_str(&number_prefix(before, ply == 0));
    out.push_str(&before.move_text(m, after, style));
}

/// A legal Wa game of `plies` plies from [`WA_KINGS_FEN`]: the two Kings walk, each move to
/// the position seen least often so far (the first such in the move list), so that no
/// position occurs four times.
pub fn wa_kings(plies: usize) -> String {
    let mut g = kifu::wa::Game::from_position_string(Variant::Wa, WA_KINGS_FEN).unwrap();
    let mut seen: HashMap<String, u32> = HashMap::new();
    *seen.entry(key(&g.position_string(), 2)).or_default() += 1;
    let mut moves = String::new();
    for ply in 0..plies {
        let mut best = None;
        for m in g.legal_moves() {
            let mut after = g.clone();
            after.play_unchecked(&m);
            if after.outcome().is_some() {
                continue;
            }
            let k = key(&after.position_string(), 2);
            let n = seen.get(&k).copied().unwrap_or(0);
            if best.as_ref().is_none_or(|(b, _, _, _)| n < *b) {
                best = Some((n, m, after, k));
            }
        }
        let (n, m, after, k) = best.expect("a King always has a move");
        assert!(n < 3, "the walk would repeat a position four times");
        push_move(&mut moves, &g, &m, &after, ply);
        seen.insert(k, n + 1);
        g = after;
    }
    format!(
        "[Event \"Two Kings walking, {plies} plies\"]\n[Variant \"Wa\"]\n[SetUp \"1\"]\n\
[FEN \"{WA_KINGS_FEN}\"]\n[Result \"*\"]\n\n{moves} *\n"
    )
}

/// A legal Gufū game of `plies` plies (at least 100): the setup drops, then the first legal
/// turn in place that does not end the game, until the position (ply count aside) comes back;
/// that cycle is then repeated (Gufū has no repetition rule).
pub fn gufu_long(plies: usize) -> String {
    let mut g = <kifu::gufu::Position as Position>::start(Variant::Gufu);
    // The text of each ply, and where each position (ply aside) was first seen.
    let mut texts: Vec<String> = Vec::new();
    let mut first: HashMap<String, usize> = HashMap::new();
    let style = Style::default_for(Variant::Gufu);
    let cycle_start = loop {
        let k = key(&g.position_string(), 1);
        if texts.len() >= 4
            && let Some(&at) = first.get(&k)
        {
            break at;
        }
        first.insert(k, texts.len());
        let moves = g.legal_moves();
        let turns = moves
            .iter()
            .filter(|m| matches!(m, kifu::gufu::Move::Turn { .. }));
        // A turn that checks nobody, else any move that checks nobody, else any move that
        // does not end the game.
        let after = |m: &kifu::gufu::Move| {
            let mut after = g.clone();
            after.play_unchecked(m);
            (after.outcome().is_none()).then_some((*m, after))
        };
        let quiet = |m: &kifu::gufu::Move| after(m).filter(|(_, a)| !a.in_check());
        let pick = turns
            .clone()
            .find_map(quiet)
            .or_else(|| moves.iter().find_map(quiet))
            .or_else(|| moves.iter().find_map(after));
        let (m, after) = pick.expect("a move that does not end the game");
        texts.push(g.move_text(&m, &after, style));
        g = after;
    };
    let cycle = texts.len() - cycle_start;
    let mut moves = String::with_capacity(plies * 18);
    for ply in 0..plies {
        let i = if ply < texts.len() {
            ply
        } else {
            cycle_start + (ply - cycle_start) % cycle
        };
        if ply > 0 {
            moves.push(if ply.is_multiple_of(8) { '\n' } else { ' ' });
        }
        let _ = write!(moves, "{}. {}", ply + 1, texts[i]);
    }
    format!("[Event \"Gufū, {plies} plies\"]\n[Variant \"Gufu\"]\n[Result \"*\"]\n\n{moves} *\n")
}

/// A Wa record whose first move has a variation holding a variation ... `depth` deep (each
/// an alternative to the first move of the one around it).
pub fn nested(depth: usize) -> String {
    format!(
        "[Variant \"Wa\"]\n\n1. SP-4g {}{} SP-8e *\n",
        "(1. SP-4g ".repeat(depth),
        ")".repeat(depth)
    )
}
