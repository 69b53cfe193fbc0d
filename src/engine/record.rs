//! A played game as a record: PSN text in kifu's convention (Black = the first mover), moves
//! in engine coordinates, the engines' thinking as XBoard writes it (`{+0.35/12 0.1}`), and
//! the reason of the end before the result. Read back and replayed by kifu like any record,
//! it converts to every notation (`--notation san` gives XBoard's PGN).

use super::Thinking;
use super::game::PlayedGame;
use crate::Variant;
use crate::rules::Position as _;
use crate::wa::notation::wa_engine;
use crate::wa::{Position, fen};
use std::fmt::Write as _;
use std::time::Duration;

/// The engine's comment as XBoard writes it: score in pawns from the mover's side, `/depth`,
/// and the time (left out under 0.05 s; tenths under 3 s; whole seconds to 59; then `m:ss`).
pub fn comment(info: &Thinking, elapsed: Duration) -> String {
    let mut s = format!("{}/{}", xboard_score(info), info.depth);
    let t = elapsed.as_secs_f64();
    if t >= 0.05 {
        if t < 3.0 {
            let _ = write!(s, " {:.1}", t);
        } else if t < 60.0 {
            let _ = write!(s, " {}", t as u64);
        } else {
            let secs = t as u64;
            let _ = write!(s, " {}:{:02}", secs / 60, secs % 60);
        }
    }
    s
}

/// A score as XBoard shows it: pawns, or ±1000 plus the moves for a mate (`+1000.02`).
fn xboard_score(info: &Thinking) -> String {
    match info.score {
        super::Score::Cp(_) => info.score.to_string(),
        super::Score::Mate(n) => {
            let sign = if n > 0 { '+' } else { '-' };
            format!("{sign}1000.{:02}", n.unsigned_abs().min(99))
        }
    }
}

/// The record of a game (PSN, engine coordinates). `tags`: Event, Site, Date, Round ... in
/// order, before the players and the result.
pub fn psn(game: &PlayedGame, tags: &[(&str, String)]) -> String {
    let start = &game.opening.start;
    let variant = start.variant();
    let mut out = String::new();
    let tag = |out: &mut String, name: &str, value: &str| {
        let v = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{v}\"]");
    };
    for (name, value) in tags {
        tag(&mut out, name, value);
    }
    tag(&mut out, "Black", &game.names[0]);
    tag(&mut out, "White", &game.names[1]);
    tag(&mut out, "Result", game.result());
    tag(
        &mut out,
        "Variant",
        if variant == Variant::WaNoDrop {
            "wa-nodrop"
        } else {
            "wa"
        },
    );
    if *start != Position::start(variant) {
        tag(&mut out, "FEN", &fen::write(start));
        tag(&mut out, "SetUp", "1");
    }
    tag(&mut out, "Termination", &game.reason);
    out.push('\n');
    let mut pos = start.clone();
    let mut words: Vec<String> = Vec::new();
    let mut needed = true;
    let plies = game.opening.moves.iter().map(|m| (m, None)).chain(
        game.moves
            .iter()
            .map(|p| (&p.m, p.info.as_ref().map(|i| comment(i, p.elapsed)))),
    );
    for (m, note) in plies {
        let n = crate::notation::number_prefix(&pos, needed);
        if !n.is_empty() {
            words.push(n.trim_end().to_string());
        }
        words.push(wa_engine(m));
        pos.play_unchecked(m);
        needed = note.is_some();
        if let Some(note) = note {
            words.push(format!("{{{note}}}"));
        }
    }
    words.push(format!("{{{}}}", game.reason.replace(['{', '}'], "")));
    words.push(game.result().to_string());
    out.push_str(&crate::writers::psn::wrap_words(&words));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push('\n');
    out
}
