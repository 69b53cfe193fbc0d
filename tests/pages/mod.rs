//! What a replay page should show, worked out here from kifu's replay, independently of the
//! page writer's own walk: each game of a file, and each move's position.
#![allow(dead_code)]

use kifu::for_game;
use kifu::record::{LineId, Movetext, Record, parse_str};
use kifu::replay::{self, Played, Report};
use kifu::rules::Position;
use std::path::{Path, PathBuf};
use std::process::Command;

pub use crate::common::files::Scratch;

pub fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

/// Each game of a file, replayed (all valid).
pub fn games(path: &Path) -> Vec<(Record, Report)> {
    let text = std::fs::read_to_string(path).unwrap();
    parse_str(&text)
        .into_iter()
        .map(|r| {
            let r = r.unwrap();
            let rep = replay::replay(
                &r,
                &replay::ReplayOptions {
                    default_variant: None,
                    keep_moves: true,
                },
            );
            assert!(rep.valid());
            (r, rep)
        })
        .collect()
}

/// Every node's position (after it), ply number, the position before it and its move, by
/// node index: walked line by line, recursively.
pub struct Expected<G: Position> {
    pub nodes: Vec<(String, u64, G, G::Move)>,
}

pub fn expected<G: Position>(mt: &Movetext, played: &Played<G>) -> Expected<G> {
    let mut nodes = vec![None; mt.nodes().len()];
    #[allow(clippy::type_complexity)]
    fn line<G: Position>(
        mt: &Movetext,
        played: &Played<G>,
        id: LineId,
        mut state: G,
        mut depth: u64,
        out: &mut Vec<Option<(String, u64, G, G::Move)>>,
    ) {
        for &n in &mt.line(id).nodes {
            for &v in &mt.node(n).variations {
                line(mt, played, v, state.clone(), depth, out);
            }
            let m = *played.move_at(n).expect("a resolved move");
            let before = state.clone();
            state.play_unchecked(&m);
            depth += 1;
            out[n.index()] = Some((state.position_string(), depth, before, m));
        }
    }
    line(
        mt,
        played,
        Movetext::MAIN,
        played.start.clone(),
        0,
        &mut nodes,
    );
    Expected {
        nodes: nodes.into_iter().map(|n| n.unwrap()).collect(),
    }
}

/// The start's position string, then each node's position string and ply number.
pub fn positions(record: &Record, report: &Report) -> (String, Vec<(String, u64)>) {
    for_game!(report.played.as_ref().unwrap(), p => (
        p.start.position_string(),
        expected(&record.movetext, p)
            .nodes
            .into_iter()
            .map(|(pos, ply, _, _)| (pos, ply))
            .collect()
    ))
}

/// Writes the page of a fixture with `kifu convert --to html` (and more arguments).
pub fn page_of(dir: &Path, fixture_name: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(format!(
        "{}.html",
        fixture_name.replace('/', "-").trim_end_matches(".psn")
    ));
    let st = kifu()
        .arg("convert")
        .arg(fixture(fixture_name))
        .args(["--to", "html", "-o"])
        .arg(&out)
        .args(extra)
        .status()
        .unwrap();
    assert!(st.success());
    out
}
