//! Property tests: random legal games, written in every notation and rank style, read back to
//! the same positions.
//!
//! Two sources of games: `kifu::generate::game` (weighted random games, as `kifu generate`
//! writes them), and games built here from `legal_moves` with indices chosen by proptest (with
//! comments and variations sprinkled in), whose positions come straight from the rules core,
//! not from the replay, so that the replay of the written text is checked against an
//! independent account of the game.
//!
//! `PROPTEST_CASES` sets the number of cases (default 64 per property); the `_long` versions
//! (ignored: `cargo test --release --test proptest_roundtrip -- --ignored`) run 3,000 each.

mod common;

use common::games::{positions, styles};
use kifu::notation::Style;
use kifu::notation::{Notate, move_number};
use kifu::record::{Record, parse_str};
use kifu::replay::{ReplayOptions, Report, State, replay};
use kifu::writers::psn;
use kifu::{Variant, for_game};
use proptest::prelude::*;
use proptest::test_runner::Config;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64)
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Wa),
        Just(Variant::WaNoDrop),
        Just(Variant::Gufu)
    ]
}

fn opts() -> ReplayOptions {
    ReplayOptions {
        default_variant: None,
        keep_moves: true,
    }
}

/// Parses a text holding exactly one game and replays it; Err if it is not valid.
fn read_one(text: &str) -> Result<(Record, Report), String> {
    let games = parse_str(text);
    let [game] = games.as_slice() else {
        return Err(format!("{} games instead of 1 in\n{text}", games.len()));
    };
    let record = game
        .as_ref()
        .map_err(|e| format!("does not parse: {e}\n{text}"))?
        .clone();
    let report = replay(&record, &opts());
    if !report.valid() {
        return Err(format!("invalid: {:?}\n{text}", report.errors));
    }
    Ok((record, report))
}

fn comments(record: &Record) -> Vec<String> {
    let mut v: Vec<String> = record
        .movetext
        .lines()
        .iter()
        .flat_map(|l| l.comments.iter())
        .chain(record.movetext.nodes().iter().flat_map(|n| n.comments()))
        // (Long comments may be wrapped: compare their words.)
        .map(|c| c.text.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    v.sort();
    v
}

/// Writes `text` (one valid game) in every style and reads each back: the same positions
/// along the main line (`want`), the same number of lines (variations) and the same comments;
/// the writing is idempotent and, back in the first style, lossless.
fn round_trip(text: &str, want: &[String]) -> Result<(), TestCaseError> {
    let (record, report) = read_one(text).map_err(TestCaseError::fail)?;
    let variant = report.variant.expect("variant");
    prop_assert_eq!(&positions(&record, &report), want, "as read:\n{}", text);
    let lines = record.movetext.lines().len();
    let notes = comments(&record);
    let all = styles(variant);
    let first = psn::write(&record, &report, all[0]).expect("valid: written");
    for style in all {
        let out = psn::write(&record, &report, style).expect("valid: written");
        let (back, rep) = read_one(&out).map_err(|e| {
            TestCaseError::fail(format!("{style:?}: written text does not read back: {e}"))
        })?;
        prop_assert_eq!(
            &positions(&back, &rep),
            want,
            "{:?}: other positions\n{}",
            style,
            out
        );
        prop_assert_eq!(
            back.movetext.lines().len(),
            lines,
            "{:?}: variations\n{}",
            style,
            out
        );
        prop_assert_eq!(&comments(&back), &notes, "{:?}: comments\n{}", style, out);
        let again = psn::write(&back, &rep, style).expect("written");
        prop_assert_eq!(&again, &out, "{:?}: not idempotent", style);
        let home = psn::write(&back, &rep, styles(variant)[0]).expect("written");
        prop_assert_eq!(&home, &first, "{:?}: not lossless", style);
    }
    Ok(())
}

/// One step of a built game: which legal move, and what to add after it.
#[derive(Clone, Debug)]
struct Step {
    pick: usize,
    comment: Option<String>,
    /// Index of an alternative move, written as a one-move variation.
    variation: Option<usize>,
}

fn step() -> impl Strategy<Value = Step> {
    (
        any::<usize>(),
        proptest::option::weighted(0.1, "[a-zA-Z0-9 .,!?()\\[\\]和将棋颶風]{0,16}"),
        proptest::option::weighted(0.1, any::<usize>()),
    )
        .prop_map(|(pick, comment, variation)| Step {
            pick,
            comment,
            variation,
        })
}

/// Builds a game from the steps, written in `style` (every ply numbered for Gufū, move pairs
/// for Wa, as kifu numbers them), and the positions after each ply, straight from the rules.
fn build(variant: Variant, steps: &[Step], style: Style) -> (String, Vec<String>) {
    for_game!(State::start(variant), start => build_from(start, steps, style))
}

fn build_from<G: Notate>(mut state: G, steps: &[Step], style: Style) -> (String, Vec<String>) {
    let variant = state.variant();
    let mut want = vec![state.position_string()];
    let mut words: Vec<String> = Vec::new();
    let mut number_next = true;
    for s in steps {
        if state.outcome().is_some() {
            break;
        }
        let moves = state.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[s.pick % moves.len()];
        let mut after = state.clone();
        after.play_unchecked(&m);
        let n = move_number(&state);
        let black = state.turn() == kifu::geometry::Color::Black;
        let prefix = match variant {
            Variant::Gufu => format!("{n}. "),
            _ if black => format!("{n}. "),
            _ if number_next => format!("{n}... "),
            _ => String::new(),
        };
        words.push(format!("{prefix}{}", state.move_text(&m, &after, style)));
        number_next = false;
        if let Some(alt) = s.variation {
            let a = moves[alt % moves.len()];
            let mut alt_after = state.clone();
            alt_after.play_unchecked(&a);
            let alt_prefix = match variant {
                Variant::Gufu => format!("{n}. "),
                _ if black => format!("{n}. "),
                _ => format!("{n}... "),
            };
            words.push(format!(
                "({alt_prefix}{})",
                state.move_text(&a, &alt_after, style)
            ));
            number_next = true;
        }
        if let Some(c) = &s.comment {
            words.push(format!("{{{c}}}"));
            number_next = true;
        }
        state = after;
        want.push(state.position_string());
    }
    let header = format!("[Event \"proptest\"]\n[Variant \"{}\"]\n\n", variant.name());
    (format!("{header}{} *\n", words.join(" ")), want)
}

fn check_generated(v: Variant, seed: u64, index: u64, plies: u32) -> Result<(), TestCaseError> {
    let text = kifu::generate::game(v, seed, index, plies);
    let (record, report) = read_one(&text).map_err(TestCaseError::fail)?;
    let want = positions(&record, &report);
    prop_assert_eq!(want.len() as u64, report.main_plies + 1);
    round_trip(&text, &want)
}

fn check_built(v: Variant, steps: &[Step], style_index: usize) -> Result<(), TestCaseError> {
    let all = styles(v);
    let style = all[style_index % all.len()];
    let (text, want) = build(v, steps, style);
    round_trip(&text, &want)
}

proptest! {
    #![proptest_config(Config { cases: cases(), ..Config::default() })]

    /// Games of `kifu generate`, written in every notation, read back to the same positions.
    #[test]
    fn generated_games_round_trip(v in variant(), seed in any::<u64>(), index in 0u64..1000, plies in 0u32..200) {
        check_generated(v, seed, index, plies)?;
    }

    /// Games built from `legal_moves`, first written in any style (engine coordinates
    /// included) with comments and variations, read back to the positions the rules core
    /// gave, then written in every style.
    #[test]
    fn built_games_round_trip(
        v in variant(),
        steps in proptest::collection::vec(step(), 0..120),
        style_index in 0usize..8,
    ) {
        check_built(v, &steps, style_index)?;
    }
}

proptest! {
    #![proptest_config(Config { cases: 3000, ..Config::default() })]

    /// As generated_games_round_trip, 3,000 longer games.
    #[test]
    #[ignore = "long: 3,000 cases"]
    fn generated_games_round_trip_long(v in variant(), seed in any::<u64>(), index in 0u64..1000, plies in 0u32..400) {
        check_generated(v, seed, index, plies)?;
    }

    /// As built_games_round_trip, 3,000 longer games.
    #[test]
    #[ignore = "long: 3,000 cases"]
    fn built_games_round_trip_long(
        v in variant(),
        steps in proptest::collection::vec(step(), 0..300),
        style_index in 0usize..8,
    ) {
        check_built(v, &steps, style_index)?;
    }
}

/// The same through the binary, for a few games: `kifu convert --notation N --ranks R`, then
/// `--to csv` of the output: the position column is the same as the original's.
#[test]
fn convert_cli_keeps_positions_in_every_notation() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let kifu = |args: &[&str], input: &str| -> String {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut pipe = child.stdin.take().unwrap();
        let input = input.to_string();
        let w = std::thread::spawn(move || {
            let _ = pipe.write_all(input.as_bytes());
        });
        let o = child.wait_with_output().unwrap();
        w.join().unwrap();
        assert!(
            o.status.success(),
            "kifu {args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    };
    let position_column = |csv_text: &str| -> Vec<String> {
        let mut r = csv::Reader::from_reader(csv_text.as_bytes());
        let col = r
            .headers()
            .unwrap()
            .iter()
            .position(|h| h == "position")
            .expect("position column");
        r.records()
            .map(|rec| rec.unwrap()[col].to_string())
            .collect()
    };
    for (v, seed) in [(Variant::Wa, 5), (Variant::WaNoDrop, 6), (Variant::Gufu, 7)] {
        let text = kifu::generate::game(v, seed, 0, 150);
        let want = position_column(&kifu(&["convert", "--to", "csv", "-"], &text));
        assert!(!want.is_empty());
        for notation in ["hodges", "long", "xboard"] {
            if notation == "xboard" && v == Variant::Gufu {
                continue;
            }
            for ranks in ["kanji", "letters"] {
                let out = kifu(
                    &["convert", "--notation", notation, "--ranks", ranks, "-"],
                    &text,
                );
                let got = position_column(&kifu(&["convert", "--to", "csv", "-"], &out));
                assert_eq!(got, want, "{v:?} {notation} {ranks}:\n{out}");
            }
        }
    }
}
