//! Hostile inputs for `validate`, `convert` and `render`: random bytes, mutated records (bit
//! flips, truncations, duplicated and deleted spans, swapped tokens, spliced games), deep
//! nesting, huge numbers, 10 MB lines, NUL bytes, vanishing and unreadable files, directory
//! symlink loops, and outputs that refuse writes.
//!
//! Expected everywhere: a clear error or a correct result; never a panic (no `panicked` on
//! stderr, exit status never 101, no signal), no hang (every child is killed after
//! [`TIMEOUT`] and the test fails), no stack overflow (library calls run on a thread with a
//! 512 KiB stack), no half-written output. Every run of the binary goes through [`sane`],
//! which checks all that can be checked of any run (exit status, diagnostics, JSON Lines,
//! diagrams, files around `-o`); `sane_catches_what_it_promises` checks `sane` itself.
//!
//! The cases come from a SplitMix64 seeded with [`SEED`] (override: `KIFU_HOSTILE_SEED`);
//! case `i` depends only on the seed and `i`, so one case can be replayed alone:
//! `KIFU_HOSTILE_SEED=<seed> KIFU_HOSTILE_CASE=<i> cargo test --test hostile -- --nocapture`
//! writes it to a file and checks it (also works for the `--ignored` runs). A failing case is
//! also saved under the temporary directory (the failure message says where).
//!
//! The normal run checks about 12,000 cases (10,000 records and 2,000 position strings
//! through the library, 60 records through the binary); `cargo test --release --test hostile
//! -- --ignored` checks about 350,000 (300,000 + 50,000 + 1,500).

mod common;

use common::checks;
use common::files::{names, scratch};
use common::games::{positions, styles};
use common::mutate;
use common::rng::Rng;
use kifu::Variant;
use kifu::encoding::{Choice, Decoder};
use kifu::for_game;
use kifu::geometry::RankStyle;
use kifu::notation::Style;
use kifu::record::{MAX_NESTING, parse_bytes, parse_str, read_records};
use kifu::replay::{ReplayOptions, State, replay};
use kifu::rules::{Position, PositionError};
use kifu::svg;
use kifu::svg::Diagram;
use kifu::writers::psn;
use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The fixed seed ("kifuhost").
const SEED: u64 = 0x6b69_6675_686f_7374;
/// A child (or a batch of library calls) that takes longer has hung.
const TIMEOUT: Duration = Duration::from_secs(20);
/// The stack of the library-calling threads.
const SMALL_STACK: usize = 512 * 1024;

fn seed() -> u64 {
    match std::env::var("KIFU_HOSTILE_SEED") {
        Ok(s) => {
            let s = s.trim();
            match s.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16).expect("KIFU_HOSTILE_SEED"),
                None => s.parse().expect("KIFU_HOSTILE_SEED"),
            }
        }
        Err(_) => SEED,
    }
}

fn only_case() -> Option<u64> {
    std::env::var("KIFU_HOSTILE_CASE")
        .ok()
        .map(|s| s.trim().parse().expect("KIFU_HOSTILE_CASE"))
}

// ---------------------------------------------------------------------------------------------
// The corpus and its mutations

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else if p
            .extension()
            .is_some_and(|e| e == "psn" || e == "pgn" || e == "txt")
        {
            out.push(p);
        }
    }
}

const GUFU_WITH_EVERYTHING: &str = "[Event \"t\"]\n[Variant \"Gufu\"]\n[Result \"0-1\"]\n\n\
{before} 1. K*2二>S 2. K*1一>E 3. W*2三>W ; line comment\n4. S*1二>E {setup done} 5. Wx1二>N+ $3 6. S*2三>N!\n\
7. Sx1二>E+ (7. K:2二>W+ {side} (7. K-2一>W)) 8. K-2一>S 9. S-1一>S+ 10. W*1二>N+ 11. Wx1一>E\n\
12. S*2三>E+ 13. S-1三>S 14. Wx2二>S 0-1\n";

const WA_WITH_EVERYTHING: &str = "[White \"w\"]\n[Variant \"wa\"]\n[Event \"e\"]\n[Black \"b\"]\n\n\
{start} 1. SP-4g $1 SP-8e {reply} 2. SP-4f (2. SP-7h SP-4e (2... SP-4d)) SP-8f! 3. SP-4e SP-8g+ *\n";

const WA_ENGINE: &str = "[Variant \"wa\"]\n\n1. i3i4 c9c5 2. i4i5 c5c6 *\n";

const WA_FEN: &str = "[Variant \"wa\"]\n[SetUp \"1\"]\n[FEN \"k10/11/11/11/11/11/11/11/11/11/10K[Pp] w 0 1\"]\n\n\
1. K-2j K-10b 2. P*5e *\n";

const GUFU_FEN: &str =
    "[Variant \"gufu\"]\n[FEN \"Sske/2/KwWn b - 5\"]\n\n5. K:2三>E 6. S-2二>S *\n";

/// Mutation seeds: every fixture, hand-written records with every feature, and generated
/// games written in every notation.
fn corpus() -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    files_under(&manifest().join("fixtures"), &mut files);
    let mut out: Vec<Vec<u8>> = files.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    for s in [
        GUFU_WITH_EVERYTHING,
        WA_WITH_EVERYTHING,
        WA_ENGINE,
        WA_FEN,
        GUFU_FEN,
    ] {
        out.push(s.as_bytes().to_vec());
    }
    for (vi, variant) in [Variant::Wa, Variant::WaNoDrop, Variant::Gufu]
        .into_iter()
        .enumerate()
    {
        for i in 0..3u64 {
            let text = kifu::generate::game(variant, 17 + vi as u64, i, 40 + 40 * i as u32);
            let records = parse_str(&text);
            if let Some(Ok(rec)) = records.first() {
                let report = replay(
                    rec,
                    &ReplayOptions {
                        default_variant: None,
                        keep_moves: true,
                    },
                );
                for style in styles(variant) {
                    if let Ok(t) = psn::write(rec, &report, style) {
                        out.push(t.into_bytes());
                    }
                }
            }
            out.push(text.into_bytes());
        }
    }
    assert!(out.len() > 50, "corpus too small: {}", out.len());
    out
}

/// Case `index` of the stream: random bytes, token soup, or a mutated corpus record.
fn make_case(corpus: &[Vec<u8>], seed: u64, index: u64) -> Vec<u8> {
    let mut r = Rng::for_case(seed, 1, index);
    match r.below(100) {
        0..=4 => {
            let n = r.len(4096);
            (0..n).map(|_| r.next() as u8).collect()
        }
        5..=12 => {
            let mut b = Vec::new();
            for _ in 0..r.len(300) {
                if r.chance(90) {
                    b.extend_from_slice(r.pick(mutate::TOKENS).as_bytes());
                } else {
                    let t: &&[u8] = r.pick(mutate::BAD_UTF8);
                    b.extend_from_slice(t);
                }
                if r.chance(50) {
                    b.push(b' ');
                }
            }
            b
        }
        _ => {
            let mut b = r.pick(corpus).clone();
            let k = 1 + match r.below(10) {
                0..=5 => 0,
                6..=8 => r.below(3),
                _ => r.below(12),
            };
            for _ in 0..k {
                mutate::record(&mut b, corpus, &mut r);
            }
            b
        }
    }
}

fn case_variant(seed: u64, index: u64) -> Option<Variant> {
    let mut r = Rng::for_case(seed, 2, index);
    *r.pick(&[
        None,
        Some(Variant::Wa),
        Some(Variant::WaNoDrop),
        Some(Variant::Gufu),
    ])
}

/// Where a failing case is saved.
fn save_case(test: &str, seed: u64, index: u64, bytes: &[u8]) -> PathBuf {
    let p = std::env::temp_dir().join(format!("kifu-hostile-{test}-{seed:#x}-{index}.psn"));
    let _ = std::fs::write(&p, bytes);
    p
}

// ---------------------------------------------------------------------------------------------
// Library checks

#[derive(Default, Debug, Clone, Copy)]
struct Stats {
    cases: u64,
    games: u64,
    parse_errors: u64,
    valid: u64,
    plies: u64,
    written: u64,
    svgs: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.cases += o.cases;
        self.games += o.games;
        self.parse_errors += o.parse_errors;
        self.valid += o.valid;
        self.plies += o.plies;
        self.written += o.written;
        self.svgs += o.svgs;
    }
}

fn no_control(s: &str) -> bool {
    !s.chars().any(|c| c.is_control() && c != '\n')
}

fn keep() -> impl Fn(Option<Variant>) -> ReplayOptions {
    |default_variant| ReplayOptions {
        default_variant,
        keep_moves: true,
    }
}

/// An SVG of a state, checked as XML. The options come from `r`.
fn check_svg<D: Diagram>(state: &D, last: Option<D::Move>, r: &mut Rng) -> Result<(), String> {
    let caption = match r.below(4) {
        0 => None,
        1 => Some("Black: A · White: B · ply 3".to_string()),
        2 => Some("<&>\"' ]]> \u{3000}十一 \u{1F600}".to_string()),
        _ => Some(
            (0..r.len(200))
                .map(|_| char::from_u32(0x20 + r.below(0x2FFF) as u32).unwrap_or('?'))
                .collect(),
        ),
    };
    let opts = svg::DiagramOptions {
        flip: r.chance(50),
        style: if r.chance(50) {
            svg::BoardStyle::Wood
        } else {
            svg::BoardStyle::Plain
        },
        labels: if r.chance(50) {
            svg::Labels::Kanji
        } else {
            svg::Labels::English
        },
        language: if r.chance(50) {
            svg::Language::English
        } else {
            svg::Language::Japanese
        },
        ranks: if r.chance(50) {
            RankStyle::Kanji
        } else {
            RankStyle::Letter
        },
        last_move: last,
        check: svg::check_square(state),
        caption,
        size: if r.chance(50) {
            None
        } else {
            Some(16 + r.below(4000) as u32)
        },
        text_glyphs: r.chance(50),
    };
    let doc = svg::board(state, &opts);
    roxmltree::Document::parse(&doc).map_err(|e| format!("SVG is not XML: {e}"))?;
    if !doc.trim_end().ends_with("</svg>") {
        return Err("SVG does not end with </svg>".into());
    }
    Ok(())
}

/// Parse, replay, write in every notation, read back, draw. Err says what broke.
fn check_lib(bytes: &[u8], default_variant: Option<Variant>, r: &mut Rng) -> Result<Stats, String> {
    let mut st = Stats {
        cases: 1,
        ..Stats::default()
    };
    let opts = keep()(default_variant);
    let games = parse_bytes(bytes);
    if games.is_empty() {
        return Err("parse_bytes returned no game and no error".into());
    }
    for (gi, g) in games.iter().enumerate() {
        st.games += 1;
        let rec = match g {
            Err(e) => {
                st.parse_errors += 1;
                checks::record_error(bytes, e).map_err(|m| format!("game {}: {m}", gi + 1))?;
                continue;
            }
            Ok(rec) => rec,
        };
        // The canonical text reads back as the same record.
        checks::rereads(rec).map_err(|m| format!("game {}: {m}", gi + 1))?;
        let report = replay(rec, &opts);
        if report.errors.len() > 1 {
            return Err(format!("game {}: {} errors", gi + 1, report.errors.len()));
        }
        for p in report.errors.iter().chain(&report.warnings) {
            if p.span.start > p.span.end || p.span.end > bytes.len() {
                return Err(format!(
                    "game {}: problem {} span {:?} outside the input",
                    gi + 1,
                    p.kind,
                    p.span
                ));
            }
            let got = rec.line_col(p.span.start);
            match checks::line_col(bytes, p.span.start) {
                Ok(want) if got == Some(want) => {}
                want => {
                    return Err(format!(
                        "game {}: problem {} at {}: line/column {got:?}, but {want:?}",
                        gi + 1,
                        p.kind,
                        p.span.start
                    ));
                }
            }
            if p.message.is_empty() || p.kind.name().is_empty() {
                return Err(format!("game {}: bad problem {:?}", gi + 1, p));
            }
        }
        st.plies += report.plies;
        if let (Some(end), Some(variant)) = (&report.end(), report.variant) {
            let s = end.position_string();
            match State::from_position_string(variant, &s) {
                Ok(again) if again.position_string() == s => {}
                Ok(again) => {
                    return Err(format!(
                        "game {}: position string {s:?} reads back as {:?}",
                        gi + 1,
                        again.position_string()
                    ));
                }
                Err(e) => {
                    return Err(format!(
                        "game {}: position string {s:?} does not read back: {e:?}",
                        gi + 1
                    ));
                }
            }
            if r.chance(15) {
                st.svgs += 1;
                for_game!(end, e => check_svg(e, None, r))
                    .map_err(|e| format!("game {}: {e}", gi + 1))?;
            }
        }
        if !report.valid() {
            continue;
        }
        st.valid += 1;
        let variant = report
            .variant
            .ok_or_else(|| format!("game {}: valid but no variant", gi + 1))?;
        let want = positions(rec, &report);
        if want.len() as u64 != report.main_plies + 1 {
            return Err(format!(
                "game {}: main_line has {} states for {} plies",
                gi + 1,
                want.len(),
                report.main_plies
            ));
        }
        if r.chance(10) {
            let played = report.played.as_ref().ok_or("valid but not played")?;
            st.svgs += 1;
            for_game!(played, p => {
                let line = common::games::main_line_states(p, &rec.movetext);
                let (_, m, state) = &line[r.below(line.len())];
                check_svg(state, *m, r)
            })
            .map_err(|e| format!("game {}: {e}", gi + 1))?;
        }
        let all = styles(variant);
        // Every style now and then; one (in turn) otherwise.
        let chosen: Vec<Style> = if r.chance(20) {
            all.clone()
        } else {
            vec![*r.pick(&all)]
        };
        for style in chosen {
            st.written += 1;
            let out = psn::write(rec, &report, style).map_err(|e| {
                format!(
                    "game {}: valid but psn::write failed ({style:?}): {e}",
                    gi + 1
                )
            })?;
            let back = parse_str(&out);
            let [Ok(b)] = back.as_slice() else {
                return Err(format!(
                    "game {}: written as {style:?}, reads back as {} games / errors {:?}\n{out}",
                    gi + 1,
                    back.len(),
                    back.iter()
                        .filter_map(|g| g.as_ref().err())
                        .collect::<Vec<_>>()
                ));
            };
            let rep = replay(b, &opts);
            if !rep.valid() {
                return Err(format!(
                    "game {}: written as {style:?}, no longer valid: {:?}\n{out}",
                    gi + 1,
                    rep.errors
                ));
            }
            if positions(b, &rep) != want {
                return Err(format!(
                    "game {}: written as {style:?}, reads back to other positions\n{out}",
                    gi + 1
                ));
            }
            let again = psn::write(b, &rep, style);
            if again.as_deref().ok() != Some(out.as_str()) {
                return Err(format!(
                    "game {}: writing as {style:?} is not idempotent:\n{out}\n---\n{}",
                    gi + 1,
                    again.unwrap_or_default()
                ));
            }
        }
    }
    Ok(st)
}

/// Runs `work` on a thread with a small stack, failing after [`TIMEOUT`] (the thread is then
/// left behind: it cannot be killed) and naming `what` in the message.
fn on_small_stack<T: Send + 'static>(what: String, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    let name = format!("small-stack {what}");
    std::thread::Builder::new()
        .name(name.clone())
        .stack_size(SMALL_STACK)
        .spawn(move || {
            let _ = tx.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)));
        })
        .expect("spawn");
    match rx.recv_timeout(TIMEOUT) {
        Ok(Ok(v)) => v,
        Ok(Err(p)) => std::panic::resume_unwind(p),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: no answer after {TIMEOUT:?} (hang)")
        }
        Err(e) => panic!("{what}: {e}"),
    }
}

/// Checks cases `range` of the stream through the library, on a few threads with small
/// stacks (so a stack overflow names the batch), each batch under the timeout.
fn library_fuzz(test: &'static str, range: std::ops::Range<u64>) -> Stats {
    let seed = seed();
    let corpus = Arc::new(corpus());
    if let Some(i) = only_case() {
        let bytes = make_case(&corpus, seed, i);
        let p = save_case(test, seed, i, &bytes);
        eprintln!(
            "case {i} of seed {seed:#x}: {} bytes, saved as {}",
            bytes.len(),
            p.display()
        );
        let v = case_variant(seed, i);
        let r = on_small_stack(format!("{test} case {i}"), move || {
            check_lib(&bytes, v, &mut Rng::for_case(seed, 3, i))
        });
        if let Err(e) = r {
            panic!("case {i} (seed {seed:#x}, --variant {v:?}): {e}");
        }
        return Stats::default();
    }
    let threads = 2u64;
    let batch = 500u64;
    let next = Arc::new(AtomicU64::new(range.start));
    let started = Instant::now();
    let mut handles = Vec::new();
    for t in 0..threads {
        let corpus = Arc::clone(&corpus);
        let next = Arc::clone(&next);
        let end = range.end;
        handles.push(
            std::thread::Builder::new()
                .name(format!("{test}-worker{t}"))
                .spawn(move || -> Result<Stats, String> {
                    let mut total = Stats::default();
                    loop {
                        let a = next.fetch_add(batch, Ordering::SeqCst);
                        if a >= end {
                            return Ok(total);
                        }
                        let b = (a + batch).min(end);
                        let corpus = Arc::clone(&corpus);
                        let current = Arc::new(AtomicU64::new(a));
                        let cur2 = Arc::clone(&current);
                        let what = format!("{test} seed {seed:#x} cases {a}..{b}");
                        let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            on_small_stack(what.clone(), move || {
                                let mut st = Stats::default();
                                for i in a..b {
                                    cur2.store(i, Ordering::SeqCst);
                                    let bytes = make_case(&corpus, seed, i);
                                    let v = case_variant(seed, i);
                                    let mut r = Rng::for_case(seed, 3, i);
                                    let res = std::panic::catch_unwind(
                                        std::panic::AssertUnwindSafe(|| {
                                            check_lib(&bytes, v, &mut r)
                                        }),
                                    );
                                    match res {
                                        Ok(Ok(s)) => st.add(&s),
                                        Ok(Err(e)) => return Err((i, bytes, e)),
                                        Err(p) => {
                                            let msg = p
                                                .downcast_ref::<String>()
                                                .cloned()
                                                .or_else(|| {
                                                    p.downcast_ref::<&str>().map(|s| s.to_string())
                                                })
                                                .unwrap_or_default();
                                            return Err((i, bytes, format!("panicked: {msg}")));
                                        }
                                    }
                                }
                                Ok(st)
                            })
                        }));
                        match res {
                            Ok(Ok(st)) => total.add(&st),
                            Ok(Err((i, bytes, e))) => {
                                let p = save_case(test, seed, i, &bytes);
                                let e: String = e.chars().take(4000).collect();
                                return Err(format!(
                                    "case {i} (seed {seed:#x}, --variant {:?}) saved as {}: {e}\n\
                                     replay: KIFU_HOSTILE_SEED={seed:#x} KIFU_HOSTILE_CASE={i} \
                                     cargo test --test hostile {test} -- --include-ignored",
                                    case_variant(seed, i),
                                    p.display()
                                ));
                            }
                            Err(_) => {
                                let i = current.load(Ordering::SeqCst);
                                let bytes = make_case(&crate::corpus(), seed, i);
                                let p = save_case(test, seed, i, &bytes);
                                return Err(format!(
                                    "case {i} (seed {seed:#x}) hung (or the harness panicked); saved as {}",
                                    p.display()
                                ));
                            }
                        }
                    }
                })
                .unwrap(),
        );
    }
    let mut total = Stats::default();
    let mut failures = Vec::new();
    for h in handles {
        match h.join().unwrap() {
            Ok(s) => total.add(&s),
            Err(e) => failures.push(e),
        }
    }
    eprintln!(
        "{test}: seed {seed:#x}, cases {range:?} in {:.1?}: {total:?}",
        started.elapsed()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    total
}

#[test]
fn library_survives_mutated_records() {
    let st = library_fuzz("library_survives_mutated_records", 0..10_000);
    if only_case().is_none() {
        assert!(st.cases >= 9_900, "{st:?}");
        // The mix must exercise every layer, not only the syntax errors.
        assert!(st.valid > 50, "{st:?}");
        assert!(st.plies > 10_000, "{st:?}");
    }
}

#[test]
#[ignore = "long: 300,000 cases (cargo test --release --test hostile -- --ignored)"]
fn library_survives_mutated_records_long() {
    let st = library_fuzz(
        "library_survives_mutated_records_long",
        1_000_000..1_300_000,
    );
    if only_case().is_none() {
        assert!(st.cases >= 295_000, "{st:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Position strings (FEN and SetUp tags, `render --position`)

const POSITIONS: &[(Variant, &str)] = &[
    (
        Variant::Wa,
        "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[-] w 0 1",
    ),
    (
        Variant::WaNoDrop,
        "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1",
    ),
    (
        Variant::Wa,
        "k10/11/11/11/11/11/11/11/11/11/10K[PPLp] b 12 40",
    ),
    (Variant::Wa, "k+P9/11/11/11/11/11/11/11/11/11/9+pK[-] w 0 1"),
    (Variant::Gufu, "2/2/2 b KkWS 1"),
    (Variant::Gufu, "Sske/2/KwWn b - 5"),
    (Variant::Gufu, "Ke1/1Wn/ks1 w S 9"),
];

fn check_position(variant: Variant, s: &str, r: &mut Rng) -> Result<bool, String> {
    match State::from_position_string(variant, s) {
        Err(PositionError {
            offset,
            message: msg,
            ..
        }) => {
            if offset > s.len() {
                return Err(format!("{s:?}: error offset {offset} beyond the string"));
            }
            if msg.is_empty() {
                return Err(format!("{s:?}: bad message {msg:?}"));
            }
            Ok(false)
        }
        Ok(state) => {
            let w = state.position_string();
            match State::from_position_string(variant, &w) {
                Ok(again) if again.position_string() == w => {}
                other => {
                    return Err(format!(
                        "{s:?} reads as {w:?}, which reads back as {:?}",
                        other.map(|a| a.position_string())
                    ));
                }
            }
            // The moves of a strange position: generated, played, drawn.
            for_game!(state, state => {
                let moves = state.legal_moves();
                let _ = state.outcome();
                let _ = state.in_check();
                let mut last = None;
                let mut after = state.clone();
                if !moves.is_empty() {
                    let m = *r.pick(&moves);
                    after.play_unchecked(&m);
                    last = Some(m);
                    let _ = after.position_string();
                    let _ = after.outcome();
                }
                check_svg(&after, last, r).map_err(|e| format!("{s:?}: {e}"))?;
            });
            Ok(true)
        }
    }
}

fn position_fuzz(cases: u64) {
    let seed = seed();
    on_small_stack(format!("position strings, seed {seed:#x}"), move || {
        let mut ok = 0;
        for i in 0..cases {
            let mut r = Rng::for_case(seed, 4, i);
            let (v, s) = *r.pick(POSITIONS);
            let bytes = mutate::position(s, &mut r);
            let s = String::from_utf8_lossy(&bytes).into_owned();
            // A position string of the other game, too.
            let v = if r.chance(10) {
                *r.pick(&[Variant::Wa, Variant::WaNoDrop, Variant::Gufu])
            } else {
                v
            };
            match check_position(v, &s, &mut r) {
                Ok(true) => ok += 1,
                Ok(false) => {}
                Err(e) => panic!("position case {i} (seed {seed:#x}, {v:?}): {e}"),
            }
        }
        eprintln!("position strings: {cases} cases, {ok} readable");
        assert!(ok > 0);
    });
}

#[test]
fn position_strings_survive_mutation() {
    position_fuzz(2000);
}

#[test]
#[ignore = "long: 50,000 position strings"]
fn position_strings_survive_mutation_long() {
    position_fuzz(50_000);
}

// ---------------------------------------------------------------------------------------------
// Running the binary

/// What one run of the binary did.
struct Run {
    /// The arguments (lossily), for the messages and for what `sane` expects of the command.
    args: Vec<String>,
    code: Option<i32>,
    signal: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// Whether `stdout` holds all kifu wrote (not a file, a device or a closed pipe).
    stdout_piped: bool,
    /// The files around the `-o` target before and after the run (see [`Output`]).
    output: Option<Output>,
}

impl Run {
    fn err(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    fn out(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    fn command(&self) -> &str {
        self.args.first().map_or("", String::as_str)
    }

    fn has(&self, arg: &str) -> bool {
        self.args.iter().any(|a| a == arg)
    }

    /// `--format json` (validate's JSON Lines on stdout).
    fn json(&self) -> bool {
        self.args
            .windows(2)
            .any(|w| w[0] == "--format" && w[1] == "json")
    }
}

/// A file tree as it stands: relative path → what is there (file contents; links and devices by
/// kind only, never read).
type Tree = std::collections::BTreeMap<PathBuf, String>;

fn tree(root: &Path) -> Tree {
    fn walk(root: &Path, rel: &Path, out: &mut Tree) {
        let p = root.join(rel);
        let Ok(m) = std::fs::symlink_metadata(&p) else {
            return;
        };
        let what = if m.is_file() {
            let bytes = std::fs::read(&p).unwrap_or_default();
            format!("file {} {:x}", bytes.len(), fnv(&bytes))
        } else if m.is_dir() {
            let mut names: Vec<_> = std::fs::read_dir(&p)
                .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
                .unwrap_or_default();
            names.sort();
            for n in names {
                walk(root, &rel.join(n), out);
            }
            "dir".into()
        } else {
            format!("{:?}", m.file_type())
        };
        out.insert(rel.to_path_buf(), what);
    }
    let mut t = Tree::new();
    walk(root, Path::new(""), &mut t);
    t
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The `-o` target of a run and the scratch directory it lies in, as it was before the run and
/// after. Only targets inside this test's scratch directories are watched (not /dev, /proc, or
/// a directory that does not exist).
struct Output {
    /// The target, relative to `root`.
    target: PathBuf,
    root: PathBuf,
    before: Tree,
    after: Tree,
}

impl Output {
    fn watch(args: &[&OsStr], cwd: &Path) -> Option<(PathBuf, PathBuf, Tree)> {
        let at = args.iter().position(|a| *a == "-o")?;
        let target = cwd.join(args.get(at + 1)?);
        let scratch = std::env::temp_dir();
        let mut root = target.parent()?;
        // The scratch directory of the test: the topmost one (`files::PREFIX`) above it.
        while let Some(p) = root.parent()
            && p != scratch
        {
            root = p;
        }
        let name = root.file_name()?.to_string_lossy();
        if root.parent() != Some(scratch.as_path()) || !name.starts_with(common::files::PREFIX) {
            return None;
        }
        let rel = target.strip_prefix(root).ok()?.to_path_buf();
        Some((rel, root.to_path_buf(), tree(root)))
    }

    /// The paths added, changed or removed by the run.
    fn changed(&self) -> Vec<&Path> {
        let mut v: Vec<&Path> = Vec::new();
        for (p, w) in &self.before {
            if self.after.get(p) != Some(w) {
                v.push(p);
            }
        }
        for p in self.after.keys() {
            if !self.before.contains_key(p) {
                v.push(p);
            }
        }
        v
    }
}

/// Where standard input comes from.
enum In {
    Null,
    Bytes(Vec<u8>),
    File(std::fs::File),
}

enum Out {
    Piped,
    File(std::fs::File),
    /// The read end is closed at once (EPIPE on every write).
    Closed,
}

/// Runs kifu, killing it after [`TIMEOUT`] (the test then fails).
fn kifu_with(args: &[&OsStr], stdin: In, out: Out, cwd: Option<&Path>) -> Run {
    let cwd = cwd.unwrap_or(manifest());
    let watched = Output::watch(args, cwd);
    let mut c = Command::new(env!("CARGO_BIN_EXE_kifu"));
    c.args(args).current_dir(cwd).stderr(Stdio::piped());
    let data = match stdin {
        In::Null => {
            c.stdin(Stdio::null());
            None
        }
        In::Bytes(data) => {
            c.stdin(Stdio::piped());
            Some(data)
        }
        In::File(f) => {
            c.stdin(Stdio::from(f));
            None
        }
    };
    let stdout_piped = matches!(out, Out::Piped);
    let closed = matches!(out, Out::Closed);
    match out {
        Out::Piped | Out::Closed => c.stdout(Stdio::piped()),
        Out::File(f) => c.stdout(Stdio::from(f)),
    };
    let started = Instant::now();
    let mut child = c.spawn().expect("spawn kifu");
    let mut stdout_pipe = child.stdout.take();
    if closed {
        drop(stdout_pipe.take());
    }
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        if let Some(mut p) = stdout_pipe {
            let _ = p.read_to_end(&mut v);
        }
        v
    });
    let mut stderr_pipe = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr_pipe.read_to_end(&mut v);
        v
    });
    let writer = data.map(|data| {
        let mut pipe = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            // kifu may exit before reading all of it: a broken pipe is fine.
            let _ = pipe.write_all(&data);
        })
    });
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("kifu {args:?}: still running after {TIMEOUT:?}: killed (hang)");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    if let Some(w) = writer {
        let _ = w.join();
    }
    Run {
        args: args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect(),
        code: status.code(),
        signal: status.signal(),
        stdout: out_reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
        stdout_piped,
        output: watched.map(|(target, root, before)| Output {
            target,
            after: tree(&root),
            root,
            before,
        }),
    }
}

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

fn kifu(args: &[&str]) -> Run {
    let a = os(args);
    let a: Vec<&OsStr> = a.iter().map(|s| s.as_os_str()).collect();
    kifu_with(&a, In::Null, Out::Piped, None)
}

fn kifu_in(cwd: &Path, args: &[&str]) -> Run {
    let a = os(args);
    let a: Vec<&OsStr> = a.iter().map(|s| s.as_os_str()).collect();
    kifu_with(&a, In::Null, Out::Piped, Some(cwd))
}

fn kifu_stdin(args: &[&str], input: &[u8]) -> Run {
    let a = os(args);
    let a: Vec<&OsStr> = a.iter().map(|s| s.as_os_str()).collect();
    kifu_with(&a, In::Bytes(input.to_vec()), Out::Piped, None)
}

/// What every run of kifu must show, whatever its input; returns the exit status.
///
/// - It ended by itself: no panic, no signal (abort, stack overflow).
/// - The exit status is as documented: 0, 1 or 2, and 1 ("some record invalid") only from
///   `validate` and `convert` (`render` exits 2 on an invalid record; `perft` and `generate`
///   read no record).
/// - Its diagnostics (stderr, and validate's human stdout) are UTF-8 without control
///   characters (other than line breaks) and agree with the status: 0 reports no `error[`, 1
///   reports a record error (an `error[kind]` that is not `io` or `usage`), 2 says something.
/// - `validate --format json` writes JSON Lines: objects with a `type` (games, I/O errors, and
///   the warnings of whole files, such as how a file was decoded), the summary last, whose
///   counts are those of the lines above it and give the exit status.
/// - `render` to stdout writes one whole SVG on success, nothing on failure.
/// - With `-o` (watched inside this test's scratch directories): nothing is touched outside
///   the target (no temporary file left beside it), nothing inside a target directory is a
///   hidden (temporary) file, every SVG written is whole, and a failed `render` or `generate`
///   leaves everything as it was.
#[track_caller]
fn sane(run: &Run, ctx: &str) -> i32 {
    let err = run.err();
    let short = |s: &str| s.chars().take(3000).collect::<String>();
    let ctx = format!("{ctx} (kifu {})", run.args.join(" "));
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{ctx}: kifu panicked:\n{}",
        short(&err)
    );
    assert!(
        run.signal.is_none(),
        "{ctx}: killed by signal {:?} (stack overflow / abort?)\n{}",
        run.signal,
        short(&err)
    );
    let code = run.code.expect("exit code");
    assert_ne!(code, 101, "{ctx}: exit status 101 (panic)");
    assert!(
        (0..=2).contains(&code),
        "{ctx}: exit status {code}\n{}",
        short(&err)
    );
    // (render: an invalid record is exit 1 too, as ripgrep's "some input did not match".)
    let reads_records = matches!(run.command(), "validate" | "convert" | "render");
    assert!(
        code != 1 || reads_records,
        "{ctx}: exit status 1 from {}\n{}",
        run.command(),
        short(&err)
    );

    // The diagnostics.
    assert!(
        std::str::from_utf8(&run.stderr).is_ok(),
        "{ctx}: stderr is not UTF-8"
    );
    let mut said = err.clone();
    if run.command() == "validate" && !run.json() {
        said.push_str(&run.out());
    }
    assert!(
        no_control(&said),
        "{ctx}: control characters in the diagnostics: {:?}",
        short(&said)
    );
    let record_error = said.match_indices("error[").any(|(i, _)| {
        !said[i..].starts_with("error[io]") && !said[i..].starts_with("error[usage]")
    });
    match code {
        0 => assert!(
            !said.contains("error["),
            "{ctx}: exit 0, but:\n{}",
            short(&said)
        ),
        1 => assert!(
            record_error || run.json(),
            "{ctx}: exit 1 without a record error:\n{}",
            short(&said)
        ),
        2 => assert!(
            !said.trim().is_empty() || (run.json() && !run.stdout.is_empty()),
            "{ctx}: exit 2 without a word"
        ),
        _ => {}
    }

    // What went to stdout.
    if run.stdout_piped && run.command() == "validate" && run.json() {
        if run.stdout.is_empty() {
            // (A usage error stops before any output.)
            assert_eq!(code, 2, "{ctx}: exit {code} without a JSON summary");
        } else {
            check_json_lines(run, code, &ctx);
        }
    }
    if run.stdout_piped && run.command() == "render" && !run.has("-o") {
        if code == 0 {
            if let Err(e) = is_complete_svg(&run.stdout) {
                panic!("{ctx}: {e}");
            }
        } else {
            assert!(
                run.stdout.is_empty(),
                "{ctx}: exit {code}, but wrote {} bytes",
                run.stdout.len()
            );
        }
    }

    // What went to files.
    if let Some(o) = &run.output {
        for p in o.changed() {
            let inside = p.starts_with(&o.target) && p != o.target;
            assert!(
                p == o.target || (inside && o.after.get(&o.target).is_some_and(|w| w == "dir")),
                "{ctx}: touched {} beside the target",
                o.root.join(p).display()
            );
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default();
            assert!(
                !name.starts_with('.') || !o.after.contains_key(p),
                "{ctx}: left {} behind",
                o.root.join(p).display()
            );
            if o.after.get(p).is_some_and(|w| w.starts_with("file"))
                && p.extension().is_some_and(|e| e == "svg")
            {
                let svg = std::fs::read(o.root.join(p)).unwrap_or_default();
                if let Err(e) = is_complete_svg(&svg) {
                    panic!("{ctx}: {}: {e}", p.display());
                }
            }
        }
        if code != 0 && matches!(run.command(), "render" | "generate") {
            assert!(
                o.changed().is_empty(),
                "{ctx}: exit {code}, but changed {:?}",
                o.changed()
            );
        }
    }
    code
}

/// `validate --format json`: every line an object with a `type` (`game`, `error`, `warning` for
/// a file's own warning, which comes before that file's games); the summary last, counting the
/// lines above it (games, valid and invalid games, warnings: the files' and the games'), and
/// giving the exit status.
#[track_caller]
fn check_json_lines(run: &Run, code: i32, ctx: &str) {
    let out = run.out();
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{ctx}: not JSON ({e}): {l:?}")))
        .collect();
    let (last, rest) = lines.split_last().expect("a line");
    assert_eq!(last["type"], "summary", "{ctx}: the last line is {last}");
    let count =
        |f: &dyn Fn(&serde_json::Value) -> bool| rest.iter().filter(|v| f(v)).count() as u64;
    let games = count(&|v| v["type"] == "game");
    let valid = count(&|v| v["type"] == "game" && v["valid"] == true);
    let io = count(&|v| v["type"] == "error");
    // A file's own warnings (how it was decoded), before its games.
    let file_warnings = count(&|v| v["type"] == "warning");
    assert_eq!(
        games + io + file_warnings,
        rest.len() as u64,
        "{ctx}: lines of an unknown type:\n{out}"
    );
    for (i, w) in rest.iter().enumerate() {
        if w["type"] != "warning" {
            continue;
        }
        assert!(
            w["file"].is_string() && w["kind"].is_string() && w["message"].is_string(),
            "{ctx}: a warning line without file, kind and message: {w}"
        );
        assert!(
            !rest[..i]
                .iter()
                .any(|v| v["type"] == "game" && v["file"] == w["file"]),
            "{ctx}: a file's warning after its games:\n{out}"
        );
    }
    let game_warnings: u64 = rest
        .iter()
        .filter(|v| v["type"] == "game")
        .map(|v| v["warnings"].as_array().map_or(0, |a| a.len() as u64))
        .sum();
    let n = |k: &str| {
        last[k]
            .as_u64()
            .unwrap_or_else(|| panic!("{ctx}: summary {k}: {last}"))
    };
    assert_eq!(
        (n("games"), n("valid"), n("invalid"), n("warnings")),
        (games, valid, games - valid, file_warnings + game_warnings),
        "{ctx}: the summary does not count the lines:\n{out}"
    );
    let want = if n("io_errors") > 0 {
        2
    } else if n("invalid") > 0 {
        1
    } else {
        0
    };
    assert_eq!(
        code, want,
        "{ctx}: exit {code}, but the summary says {last}"
    );
    assert!(
        n("io_errors") >= io,
        "{ctx}: {io} error lines, summary {last}"
    );
}

/// A run that did not happen, for checking `sane` itself.
fn fake(args: &str, code: i32, stdout: &str, stderr: &str) -> Run {
    Run {
        args: args.split(' ').map(String::from).collect(),
        code: Some(code),
        signal: None,
        stdout: stdout.as_bytes().to_vec(),
        stderr: stderr.as_bytes().to_vec(),
        stdout_piped: true,
        output: None,
    }
}

/// `sane` fails on each thing it promises to catch, and passes the same runs put right.
#[test]
fn sane_catches_what_it_promises() {
    let passes = |run: Run, code: i32| assert_eq!(sane(&run, "a good run"), code);
    let fails = |what: &str, run: Run| {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| sane(&run, what)));
        assert!(r.is_err(), "sane let this through: {what}");
    };
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><desc>x</desc></svg>\n";
    let bad = "g.psn:1:4: error[syntax]: expected a move\n";
    passes(
        fake("validate g.psn", 0, "", "1 files, 1 games: 1 valid\n"),
        0,
    );
    passes(fake("validate g.psn", 1, bad, ""), 1);
    passes(fake("convert g.psn", 1, "", bad), 1);
    passes(fake("render g.psn", 0, svg, ""), 0);
    passes(fake("render g.psn", 2, "", bad), 2);
    passes(fake("perft x", 2, "", "error: invalid value\n"), 2);

    // Crashes and statuses.
    fails(
        "a panic",
        fake(
            "validate g.psn",
            0,
            "",
            "thread 'main' panicked at src/x.rs",
        ),
    );
    let mut r = fake("validate g.psn", 0, "", "");
    (r.code, r.signal) = (None, Some(6));
    fails("a signal", r);
    fails("status 101", fake("validate g.psn", 101, "", "x"));
    fails("status 3", fake("validate g.psn", 3, "", "x"));
    passes(fake("render g.psn", 1, "", bad), 1);
    fails(
        "status 1 from render without a record error",
        fake("render g.psn", 1, "", "no\n"),
    );
    fails(
        "status 1 from generate",
        fake("generate --games 1", 1, "", bad),
    );
    fails(
        "status 1 from perft",
        fake("perft --variant gufu 2", 1, "", bad),
    );

    // Diagnostics.
    fails(
        "an escape sequence",
        fake("convert g.psn", 1, "", "\x1b[31merror[syntax]: x\n"),
    );
    fails(
        "a NUL in validate's stdout",
        fake("validate g.psn", 1, bad.replace('x', "\0").as_str(), ""),
    );
    fails("a NUL", fake("convert g.psn", 1, "", "error[syntax]: \0\n"));
    let mut r = fake("validate g.psn", 2, "", "");
    r.stderr = b"g\xff.psn: error[io]: x\n".to_vec();
    fails("stderr not UTF-8", r);
    fails("status 0 with an error", fake("validate g.psn", 0, bad, ""));
    fails(
        "status 1 with only an io error",
        fake("validate g.psn", 1, "", "g.psn: error[io]: gone\n"),
    );
    fails("status 1 without a word", fake("convert g.psn", 1, "", ""));
    fails(
        "status 2 without a word",
        fake("render g.psn", 2, "", " \n"),
    );

    // validate --format json.
    let game =
        |valid: bool| format!("{{\"type\":\"game\",\"file\":\"g.psn\",\"valid\":{valid}}}\n");
    let summary_w = |games: u32, valid: u32, io: u32, warnings: u32| {
        format!(
            "{{\"type\":\"summary\",\"games\":{games},\"valid\":{valid},\"invalid\":{},\"warnings\":{warnings},\"io_errors\":{io}}}\n",
            games - valid
        )
    };
    let summary = |games: u32, valid: u32, io: u32| summary_w(games, valid, io, 0);
    let warning = "{\"type\":\"warning\",\"file\":\"g.psn\",\"kind\":\"encoding\",\"message\":\"read as Shift_JIS\"}\n";
    let json = "validate --format json g.psn";
    let ok = game(true) + &game(false) + &summary(2, 1, 0);
    passes(fake(json, 1, &ok, ""), 1);
    let warned = warning.to_string() + &game(true) + &summary_w(1, 1, 0, 1);
    passes(fake(json, 0, &warned, ""), 0);
    fails(
        "JSON: a warning line not counted",
        fake(
            json,
            0,
            &(warning.to_string() + &game(true) + &summary(1, 1, 0)),
            "",
        ),
    );
    fails(
        "JSON: a file's warning after its games",
        fake(
            json,
            0,
            &(game(true) + warning + &summary_w(1, 1, 0, 1)),
            "",
        ),
    );
    fails(
        "JSON: a line of an unknown type",
        fake(
            json,
            0,
            &(game(true) + "{\"type\":\"note\"}\n" + &summary(1, 1, 0)),
            "",
        ),
    );
    fails("JSON: no summary", fake(json, 1, "", ""));
    fails("JSON: the wrong status", fake(json, 0, &ok, ""));
    fails(
        "JSON: the summary miscounts",
        fake(json, 1, &(game(false) + &summary(2, 1, 0)), ""),
    );
    fails(
        "JSON: no summary last",
        fake(json, 1, &(summary(1, 0, 0) + &game(false)), ""),
    );
    fails(
        "JSON: a line that is not JSON",
        fake(json, 1, &(game(false) + "oops\n" + &summary(1, 0, 0)), ""),
    );
    fails(
        "JSON: io errors and status 1",
        fake(json, 1, &(game(false) + &summary(1, 0, 1)), ""),
    );

    // render to stdout.
    fails(
        "render: half a diagram",
        fake("render g.psn", 0, &svg[..30], ""),
    );
    fails(
        "render: failed, but wrote",
        fake("render g.psn", 2, svg, bad),
    );

    // Files.
    let tree = |entries: &[(&str, &str)]| -> Tree {
        entries
            .iter()
            .map(|(p, w)| (PathBuf::from(p), w.to_string()))
            .collect()
    };
    let root = scratch("sane");
    // A target inside a scratch directory is watched (the checks below then apply to real
    // runs); one elsewhere is not.
    let target = root.join("x.psn");
    let watched = |t: &Path| {
        let args = [OsStr::new("convert"), OsStr::new("-o"), t.as_os_str()];
        Output::watch(&args, manifest()).is_some()
    };
    assert!(watched(&target));
    assert!(!watched(&std::env::temp_dir().join("x.psn")));
    std::fs::write(root.join("whole.svg"), svg).unwrap();
    std::fs::write(root.join("half.svg"), &svg[..30]).unwrap();
    let with_output = |args: &str, code: i32, target: &str, before: Tree, after: Tree| {
        let mut r = fake(args, code, "", if code == 0 { "" } else { bad });
        r.output = Some(Output {
            target: PathBuf::from(target),
            root: root.clone(),
            before,
            after,
        });
        r
    };
    let empty = tree(&[("", "dir")]);
    passes(
        with_output(
            "convert g.psn -o x",
            0,
            "out.psn",
            empty.clone(),
            tree(&[("", "dir"), ("out.psn", "file 1 1")]),
        ),
        0,
    );
    passes(
        with_output(
            "render g.psn -o x",
            0,
            "whole.svg",
            empty.clone(),
            tree(&[("", "dir"), ("whole.svg", "file 1 1")]),
        ),
        0,
    );
    fails(
        "a temporary file beside the target",
        with_output(
            "convert g.psn -o x",
            0,
            "out.psn",
            empty.clone(),
            tree(&[
                ("", "dir"),
                ("out.psn", "file 1 1"),
                (".out.psn.tmp", "file 1 1"),
            ]),
        ),
    );
    fails(
        "a hidden file in the target directory",
        with_output(
            "convert a b -o x",
            0,
            "out",
            empty.clone(),
            tree(&[
                ("", "dir"),
                ("out", "dir"),
                ("out/a.psn", "file 1 1"),
                ("out/.b.psn.tmp", "file 1 1"),
            ]),
        ),
    );
    fails(
        "half an SVG written",
        with_output(
            "render g.psn -o x",
            0,
            "half.svg",
            empty.clone(),
            tree(&[("", "dir"), ("half.svg", "file 1 1")]),
        ),
    );
    fails(
        "a failed render that wrote",
        with_output(
            "render g.psn -o x",
            2,
            "out",
            empty.clone(),
            tree(&[("", "dir"), ("out", "dir")]),
        ),
    );
    fails(
        "a failed generate that changed the target",
        with_output(
            "generate -o x",
            2,
            "out.psn",
            tree(&[("", "dir"), ("out.psn", "file 1 1")]),
            tree(&[("", "dir"), ("out.psn", "file 1 2")]),
        ),
    );
    let _ = std::fs::remove_dir_all(&root);
}

fn no_temp_files(dir: &Path, ctx: &str) {
    let left: Vec<String> = names(dir)
        .into_iter()
        .filter(|n| n.contains(".tmp") || n.contains("kifu-"))
        .collect();
    assert!(
        left.is_empty(),
        "{ctx}: temporary files left behind: {left:?}"
    );
}

fn is_complete_svg(b: &[u8]) -> Result<(), String> {
    let s = std::str::from_utf8(b).map_err(|e| format!("SVG not UTF-8: {e}"))?;
    roxmltree::Document::parse(s).map_err(|e| format!("SVG not XML: {e}"))?;
    if !s.trim_end().ends_with("</svg>") {
        return Err("SVG cut short".into());
    }
    Ok(())
}

/// Whether the library finds every game of `bytes` valid, read as the binary reads a file:
/// decoded by `kifu::encoding::Decoder` (UTF-16 with a byte-order mark, CP932), so that the
/// two agree on bytes that are not UTF-8.
fn lib_all_valid(bytes: &[u8], v: Option<Variant>) -> bool {
    let bytes = bytes.to_vec();
    on_small_stack("lib_all_valid".into(), move || {
        let Ok(text) = Decoder::new(&bytes[..], Choice::Auto) else {
            return false;
        };
        // An input without a game (the splitter finds none) is not invalid: a warning.
        let no_game = Decoder::new(&bytes[..], Choice::Auto)
            .is_ok_and(|t| kifu::record::GameSplitter::new(t).next().is_none());
        read_records(text).all(|g| match g {
            Ok(rec) => replay(&rec, &keep()(v)).valid(),
            Err(e) => no_game && e.kind == kifu::record::ErrorKind::EmptyInput,
        })
    })
}

/// Checks one case through the binary: validate (human and JSON), convert, render, each `sane`;
/// validate agrees with the library and with its JSON self, convert with validate.
fn check_cli_case(dir: &Path, bytes: &[u8], v: Option<Variant>, ctx: &str) {
    let f = dir.join("case.psn");
    std::fs::write(&f, bytes).unwrap();
    let fs = f.to_str().unwrap();
    let mut vargs: Vec<&str> = Vec::new();
    if let Some(v) = v {
        vargs.extend(["--variant", v.name()]);
    }
    let all_valid = lib_all_valid(bytes, v);

    let mut a = vec!["validate", "-j", "2", fs];
    a.extend(&vargs);
    let run = kifu_in(dir, &a);
    let code = sane(&run, &format!("{ctx}: validate"));
    assert_eq!(
        code == 0,
        all_valid,
        "{ctx}: validate exit {code} but the library says all valid = {all_valid}\n{}{}",
        run.out(),
        run.err()
    );
    assert!(
        code != 2,
        "{ctx}: validate exit 2 on a readable file\n{}",
        run.err()
    );

    let mut a = vec!["validate", "--format", "json", fs];
    a.extend(&vargs);
    let run = kifu_in(dir, &a);
    let jcode = sane(&run, &format!("{ctx}: validate --format json"));
    assert_eq!(jcode, code, "{ctx}: JSON and human exit statuses differ");
    assert!(
        !run.stdout.is_empty(),
        "{ctx}: validate --format json wrote nothing"
    );

    let mut a = vec!["convert", fs];
    a.extend(&vargs);
    let run = kifu_in(dir, &a);
    let ccode = sane(&run, &format!("{ctx}: convert"));
    assert_eq!(
        ccode,
        code,
        "{ctx}: convert exits {ccode}, validate {code}\n{}",
        run.err()
    );
    if !run.stdout.is_empty() {
        // Whatever convert writes is valid (the invalid games are left out).
        let mut a = vec!["validate", "-"];
        a.extend(&vargs);
        let again = kifu_stdin(&a, &run.stdout);
        let c = sane(&again, &format!("{ctx}: validate of convert's output"));
        assert_eq!(
            c,
            0,
            "{ctx}: convert wrote something invalid:\n{}\n{}",
            run.out(),
            again.out()
        );
    }

    let mut a = vec!["render", fs];
    a.extend(&vargs);
    let run = kifu_in(dir, &a);
    // (sane checks the diagram, or that nothing was written and something said.)
    sane(&run, &format!("{ctx}: render"));
    no_temp_files(dir, ctx);
}

fn cli_fuzz(test: &str, range: std::ops::Range<u64>) {
    let seed = seed();
    let corpus = corpus();
    let dir = scratch(test);
    let cases: Vec<u64> = match only_case() {
        Some(i) => vec![i],
        None => range.collect(),
    };
    let started = Instant::now();
    for &i in &cases {
        let bytes = make_case(&corpus, seed, i);
        // Keep the processes quick: huge cases are the library tests' job.
        if bytes.len() > 200_000 && only_case().is_none() {
            continue;
        }
        let v = case_variant(seed, i);
        let ctx = format!(
            "case {i} (seed {seed:#x}, --variant {v:?}; saved as {})",
            save_case(test, seed, i, &bytes).display()
        );
        check_cli_case(&dir, &bytes, v, &ctx);
        let _ = std::fs::remove_file(save_case_path(test, seed, i));
    }
    eprintln!(
        "{test}: {} cases through the binary in {:.1?}",
        cases.len(),
        started.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn save_case_path(test: &str, seed: u64, index: u64) -> PathBuf {
    std::env::temp_dir().join(format!("kifu-hostile-{test}-{seed:#x}-{index}.psn"))
}

/// The library (through `kifu::encoding::Decoder`) and the binary agree on records that are not
/// UTF-8: Shift_JIS and UTF-16 with a byte-order mark, valid and invalid.
#[test]
fn binary_and_library_agree_on_encodings() {
    let valid = "[Event \"颶風将棋 研究会\"]\n[Variant \"颶風将棋\"]\n\n\
1. K*2二>S {玉を打つ} 2. K*1一>E 3. W*2三>W *\n";
    let invalid = "[Event \"颶風将棋 研究会\"]\n[Variant \"颶風将棋\"]\n\n\
1. K*2二>S {玉を打つ} 2. K*2二>E *\n";
    let dir = scratch("encodings");
    for (name, text, all_valid) in [("valid", valid, true), ("invalid", invalid, false)] {
        let (sjis, _, unmappable) = encoding_rs::SHIFT_JIS.encode(text);
        assert!(!unmappable);
        let utf16 = |be: bool| -> Vec<u8> {
            let bom: &[u8] = if be { b"\xFE\xFF" } else { b"\xFF\xFE" };
            let units = text.encode_utf16();
            let body = units.flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() });
            bom.iter().copied().chain(body).collect()
        };
        for (encoding, bytes) in [
            ("Shift_JIS", sjis.into_owned()),
            ("UTF-16LE", utf16(false)),
            ("UTF-16BE", utf16(true)),
        ] {
            let ctx = format!("{name} game in {encoding}");
            assert_eq!(lib_all_valid(&bytes, None), all_valid, "{ctx}: the library");
            check_cli_case(&dir, &bytes, None, &ctx);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn binary_survives_mutated_records() {
    cli_fuzz("binary_survives_mutated_records", 0..60);
}

#[test]
#[ignore = "long: 1,500 cases through the binary"]
fn binary_survives_mutated_records_long() {
    cli_fuzz("binary_survives_mutated_records_long", 2_000_000..2_001_500);
}

// ---------------------------------------------------------------------------------------------
// Deep nesting, huge numbers, long lines, NUL bytes

fn deep_variations(depth: usize) -> String {
    format!(
        "[Variant \"Gufu\"]\n\n1. K*2三>W {}{} *\n",
        "(1. K*2三>W ".repeat(depth),
        ")".repeat(depth)
    )
}

fn deep_wa_variations(depth: usize) -> String {
    // Each variation replaces the last move of its parent line: SP-4g (SP-4g (SP-4g ...)).
    format!(
        "[Variant \"wa\"]\n\n1. SP-4g {{a}} {}{} SP-8e *\n",
        "(1. SP-4g {b} $1 ".repeat(depth),
        ")".repeat(depth)
    )
}

#[test]
fn deep_nesting_in_the_library_on_a_small_stack() {
    for (name, text) in [
        ("gufu variations", deep_variations(100_000)),
        ("wa variations", deep_wa_variations(50_000)),
        ("gufu variations at the limit", deep_variations(MAX_NESTING)),
        (
            "wa variations at the limit",
            deep_wa_variations(MAX_NESTING),
        ),
        (
            "unclosed",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W {} *\n",
                "(1. K*2三>W ".repeat(100_000)
            ),
        ),
        (
            "unopened",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W {} *\n",
                ")".repeat(100_000)
            ),
        ),
        (
            "opening parens",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W {} *\n",
                "(".repeat(100_000)
            ),
        ),
        (
            "braces",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W {}{} *\n",
                "{".repeat(100_000),
                "}".repeat(100_000)
            ),
        ),
        (
            "brackets",
            format!("{}\n1. K*2三>W *\n", "[".repeat(100_000)),
        ),
        (
            "nested tags",
            format!("[Variant \"{}\"]\n\n1. K*2三>W *\n", "[\\\"".repeat(50_000)),
        ),
        (
            "semicolons",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W {} *\n",
                ";(\n".repeat(50_000)
            ),
        ),
    ] {
        let what = format!("deep nesting: {name}");
        let bytes = text.into_bytes();
        on_small_stack(what.clone(), move || {
            let games = parse_bytes(&bytes);
            for g in &games {
                let Ok(rec) = g else { continue };
                let _ = serde_json::to_string(rec).unwrap();
                let _ = rec.to_string();
                let _ = rec.clone() == *rec;
                let _ = format!("{rec:?}").len();
                let report = replay(rec, &keep()(None));
                if report.valid() {
                    for style in styles(report.variant.unwrap()) {
                        let out = psn::write(rec, &report, style).expect("valid: written");
                        let back = parse_str(&out);
                        assert!(
                            matches!(back.as_slice(), [Ok(b)] if replay(b, &keep()(None)).valid()),
                            "{what}: written as {style:?} does not read back"
                        );
                    }
                }
                if let Some(end) = &report.end() {
                    let _ = for_game!(end, e => svg::board(e, &svg::DiagramOptions::default()));
                }
            }
        });
    }
}

#[test]
fn deep_nesting_through_the_binary() {
    deep_nesting_binary("deep", 20_000);
}

#[test]
#[ignore = "long: nesting 200,000 deep through the binary"]
fn deep_nesting_through_the_binary_long() {
    deep_nesting_binary("deep-long", 200_000);
}

fn deep_nesting_binary(test: &str, depth: usize) {
    let dir = scratch(test);
    for (name, text, want_valid) in [
        // Past the nesting limit: a too_deep error; at it, valid.
        ("variations", deep_variations(depth / 2), false),
        ("wa variations", deep_wa_variations(depth / 5), false),
        (
            "variations at the limit",
            deep_variations(MAX_NESTING),
            true,
        ),
        (
            "wa variations at the limit",
            deep_wa_variations(MAX_NESTING),
            true,
        ),
        (
            "unclosed",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W {} *\n",
                "(1. K*2三>W ".repeat(depth / 2)
            ),
            false,
        ),
        (
            "parens",
            format!("[Variant \"Gufu\"]\n\n1. K*2三>W {} *\n", "(".repeat(depth)),
            false,
        ),
        (
            "closing",
            format!("[Variant \"Gufu\"]\n\n1. K*2三>W {} *\n", ")".repeat(depth)),
            false,
        ),
        (
            "braces",
            format!("[Variant \"Gufu\"]\n\n1. K*2三>W {} *\n", "{".repeat(depth)),
            false,
        ),
    ] {
        let f = dir.join("deep.psn");
        std::fs::write(&f, &text).unwrap();
        let fs = f.to_str().unwrap();
        let r = kifu(&["validate", "-q", fs]);
        let code = sane(&r, name);
        assert_eq!(
            code == 0,
            want_valid,
            "{name}: validate exit {code}\n{}",
            r.err().chars().take(2000).collect::<String>()
        );
        let r = kifu(&["convert", fs]);
        let code = sane(&r, name);
        if want_valid {
            assert_eq!(code, 0, "{name}: convert");
            // The normalized form converts to itself.
            let again = kifu_stdin(&["convert", "-"], &r.stdout);
            sane(&again, name);
            assert!(
                again.stdout == r.stdout,
                "{name}: convert is not idempotent on deep nesting"
            );
        }
        let r = kifu(&["render", fs]);
        let code = sane(&r, name);
        if code == 0 {
            is_complete_svg(&r.stdout).unwrap();
        } else {
            assert!(r.stdout.is_empty(), "{name}: render failed, but wrote");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

const HUGE: &str = "99999999999999999999999";

#[test]
fn huge_numbers_in_records() {
    for (name, text) in [
        ("move number", format!("[Variant \"Gufu\"]\n\n{HUGE}. K*2三>W *\n")),
        ("u64::MAX + 1", "[Variant \"Gufu\"]\n\n18446744073709551616. K*2三>W *\n".to_string()),
        ("u64::MAX", "[Variant \"Gufu\"]\n\n18446744073709551615. K*2三>W *\n".to_string()),
        ("u64::MAX black", "[Variant \"wa\"]\n\n18446744073709551615... SP-4g *\n".to_string()),
        ("NAG", format!("[Variant \"Gufu\"]\n\n1. K*2三>W ${HUGE} *\n")),
        ("square", format!("[Variant \"wa\"]\n\n1. SP-{HUGE}g *\n")),
        ("origin", format!("[Variant \"wa\"]\n\n1. SP{HUGE}g-4g *\n")),
        ("engine", format!("[Variant \"wa\"]\n\n1. i{HUGE}i4 *\n")),
        ("drop", format!("[Variant \"wa\"]\n\n1. P@e{HUGE} *\n")),
        ("digits", format!("[Variant \"wa\"]\n\n{} *\n", "9".repeat(100_000))),
        ("fen counters", format!("[Variant \"wa\"]\n[FEN \"k10/11/11/11/11/11/11/11/11/11/10K[P] w {HUGE} {HUGE}\"]\n\n1. K-2j *\n")),
        ("fen max", "[Variant \"wa\"]\n[FEN \"k10/11/11/11/11/11/11/11/11/11/10K[P] b 4294967295 4294967295\"]\n\n1. ... K-10b 2. K-2j *\n".to_string()),
        ("gufu ply", format!("[Variant \"gufu\"]\n[FEN \"Sske/2/KwWn b - {HUGE}\"]\n\n*\n")),
        ("gufu ply max", "[Variant \"gufu\"]\n[FEN \"Sske/2/KwWn b - 4294967295\"]\n\n4294967295. K:2三>E *\n".to_string()),
        ("gufu ply max+", "[Variant \"gufu\"]\n[FEN \"Sske/2/KwWn b - 4294967295\"]\n\n4294967295. K:2三>E 4294967296. S-2二>S *\n".to_string()),
        ("wa move max", "[Variant \"wa\"]\n[FEN \"k10/11/11/11/11/11/11/11/11/11/10K[P] w 0 4294967295\"]\n\n4294967295. K-2j K-10b 4294967296. K-2k *\n".to_string()),
    ] {
        let bytes = text.clone().into_bytes();
        let r = on_small_stack(format!("huge numbers: {name}"), move || {
            check_lib(&bytes, None, &mut Rng::new(1))
        });
        if let Err(e) = r {
            panic!("huge numbers, {name}: {e}");
        }
        for cmd in ["validate", "convert", "render"] {
            let r = kifu_stdin(&[cmd, "-"], text.as_bytes());
            let code = sane(&r, &format!("{name}: {cmd}"));
            if code != 0 {
                assert!(!r.stderr.is_empty() || !r.stdout.is_empty(), "{name}: {cmd}: exit {code} without a message");
            }
        }
    }
}

#[test]
fn huge_numbers_on_the_command_line() {
    let f = "fixtures/wa/nodrop-casual.psn";
    for args in [
        vec!["render", f, "--ply", HUGE],
        vec!["render", f, "--game", HUGE],
        vec!["render", f, "--ply", "18446744073709551615"],
        vec!["render", f, "--ply", "18446744073709551616"],
        vec!["render", f, "--game", "18446744073709551615"],
        vec!["render", f, "--game", "0"],
        vec!["render", f, "--ply", "-1"],
        vec!["render", f, "--ply=-1"],
        vec!["render", f, "--game=-1"],
        vec!["render", f, "--ply", "1e9"],
        vec!["render", f, "--ply", "０"],
        vec!["render", f, "--ply", ""],
        vec!["render", f, "--size", HUGE],
        vec!["render", f, "--size", "0"],
        vec!["render", f, "--size", "4294967295"],
        vec![
            "render",
            f,
            "--ply",
            HUGE,
            "--every-ply",
            "-o",
            "/nonexistent/x",
        ],
        vec!["validate", "-j", HUGE, f],
        vec!["validate", "-j", "0", f],
        vec!["validate", "-j", "64", f],
        vec!["perft", "--variant", "gufu", HUGE],
        vec![
            "generate",
            "--variant",
            "gufu",
            "--games",
            HUGE,
            "--seed",
            HUGE,
        ],
    ] {
        let r = kifu(&args);
        let code = sane(&r, &format!("{args:?}"));
        if code != 0 {
            assert!(
                !r.stderr.is_empty(),
                "{args:?}: exit {code} without a message"
            );
            assert!(
                !args.contains(&"render") || r.stdout.is_empty(),
                "{args:?}: failed but wrote a diagram"
            );
        }
    }
    // Beyond the end: a clear message naming the length of the game.
    let r = kifu(&["render", f, "--ply", "18446744073709551615"]);
    assert_eq!(sane(&r, "ply max"), 2);
    assert!(r.err().contains("70 plies"), "{}", r.err());
    let r = kifu(&["render", f, "--game", "18446744073709551615"]);
    assert_eq!(sane(&r, "game max"), 2);
}

#[test]
fn ten_megabyte_lines() {
    // 10 MB in the two that reach the deepest (a comment kept and written back, a token the
    // grammar rejects); 1 MB in the rest (all at 10 MB: long_lines_long).
    long_lines("ten_megabyte_lines", &["comment", "token"], 1024 * 1024);
}

#[test]
#[ignore = "long: every kind of 10 MB line"]
fn long_lines_long() {
    long_lines("long_lines_long", &[], 10 * 1024 * 1024);
}

/// Lines of 10 MB (those named in `big`, or all when it is empty), or of `small` bytes.
fn long_lines(test: &str, big: &[&str], small: usize) {
    let dir = scratch(test);
    let size = |name: &str| {
        if big.is_empty() || big.contains(&name) {
            10 * 1024 * 1024
        } else {
            small
        }
    };
    for (name, text) in [
        (
            "comment",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W {{{}}} *\n",
                "x".repeat(size("comment"))
            ),
        ),
        (
            "tag value",
            format!(
                "[Variant \"Gufu\"]\n[Event \"{}\"]\n\n1. K*2三>W *\n",
                "e".repeat(size("tag value"))
            ),
        ),
        (
            "token",
            format!("[Variant \"Gufu\"]\n\n1. {} *\n", "K".repeat(size("token"))),
        ),
        (
            "spaces",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W{}2. K*1一>E *\n",
                " ".repeat(size("spaces"))
            ),
        ),
        (
            "kanji",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W {{{}}} *\n",
                "三".repeat(size("kanji") / 3)
            ),
        ),
        ("no newline", "1. K*2三>W ".repeat(size("no newline") / 12)),
        (
            "line comment",
            format!(
                "[Variant \"Gufu\"]\n\n1. K*2三>W ;{}\n*\n",
                "x".repeat(size("line comment"))
            ),
        ),
    ] {
        let f = dir.join("long.psn");
        std::fs::write(&f, &text).unwrap();
        let fs = f.to_str().unwrap();
        for cmd in ["validate", "convert", "render"] {
            let r = kifu(&[cmd, fs, "--variant", "gufu"]);
            let code = sane(&r, &format!("{name}: {cmd}"));
            if cmd == "render" && code == 0 {
                is_complete_svg(&r.stdout).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            if cmd == "convert" && code == 0 {
                let again = kifu_stdin(&["validate", "-q", "-"], &r.stdout);
                assert_eq!(
                    sane(&again, name),
                    0,
                    "{name}: convert wrote an invalid record"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A problem in a 10 MB token is reported without echoing the 10 MB back (three times).
#[test]
fn diagnostics_of_huge_tokens_are_bounded() {
    let text = format!("[Variant \"{}\"]\n\n1. K*2三>W *\n", "G".repeat(10_000_000));
    let r = kifu_stdin(&["validate", "-"], text.as_bytes());
    assert_eq!(sane(&r, "huge variant"), 1);
    let total = r.stdout.len() + r.stderr.len();
    assert!(
        total < 100_000,
        "a 10 MB tag value gives {total} bytes of diagnostics"
    );
}

#[test]
fn nul_bytes() {
    for (name, bytes) in [
        ("only NULs", vec![0u8; 100_000]),
        (
            "NUL in a move",
            b"[Variant \"Gufu\"]\n\n1. K*2\0\xe4\xb8\x89>W *\n".to_vec(),
        ),
        (
            "NUL in a comment",
            b"[Variant \"Gufu\"]\n\n1. K*2\xe4\xb8\x89>W {\0\0} *\n".to_vec(),
        ),
        (
            "NUL in a tag",
            b"[Variant \"Gu\0fu\"]\n\n1. K*2\xe4\xb8\x89>W *\n".to_vec(),
        ),
        (
            "NUL in a tag name",
            b"[Vari\0ant \"Gufu\"]\n\n1. K*2\xe4\xb8\x89>W *\n".to_vec(),
        ),
        (
            "NUL after the game",
            b"[Variant \"Gufu\"]\n\n1. K*2\xe4\xb8\x89>W *\n\0".to_vec(),
        ),
        (
            "UTF-16",
            "[Variant \"Gufu\"]\n\n1. K*2三>W *\n"
                .encode_utf16()
                .flat_map(|u| u.to_le_bytes())
                .collect(),
        ),
    ] {
        let b2 = bytes.clone();
        if let Err(e) = on_small_stack(format!("NUL: {name}"), move || {
            check_lib(&b2, Some(Variant::Gufu), &mut Rng::new(2))
        }) {
            panic!("{name}: {e}");
        }
        for cmd in ["validate", "convert", "render"] {
            let r = kifu_stdin(&[cmd, "-"], &bytes);
            let code = sane(&r, &format!("{name}: {cmd}"));
            // No raw NUL (or other control characters) echoed to the terminal.
            let err = r.err()
                + &if cmd == "validate" {
                    r.out()
                } else {
                    String::new()
                };
            assert!(
                !err.contains('\0'),
                "{name}: {cmd}: a NUL byte echoed in the diagnostics"
            );
            if code != 0 {
                assert!(
                    !err.is_empty(),
                    "{name}: {cmd}: exit {code} without a message"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Files that are not there, not files, or loop

#[test]
fn dangling_symlink_as_input() {
    let dir = scratch("dangling");
    let link = dir.join("gone.psn");
    std::os::unix::fs::symlink(dir.join("nowhere.psn"), &link).unwrap();
    let l = link.to_str().unwrap();
    for args in [
        vec!["validate", l],
        vec!["validate", "--format", "json", l],
        vec!["convert", l],
        vec!["convert", "--to", "csv", l],
        vec!["render", l],
        vec![
            "render",
            l,
            "--every-ply",
            "-o",
            dir.join("boards").to_str().unwrap(),
        ],
    ] {
        let r = kifu(&args);
        assert_eq!(sane(&r, &format!("{args:?}")), 2, "{args:?}: {}", r.err());
        let said = r.err() + &r.out();
        assert!(
            said.contains("gone.psn"),
            "{args:?}: the message does not name the file: {said}"
        );
        if args.contains(&"json") {
            assert!(r.out().contains("\"kind\":\"io\""), "{}", r.out());
        } else if args[0] != "convert" || args.len() == 2 {
            assert!(
                r.stdout.is_empty() || args[0] == "convert",
                "{args:?}: wrote {}",
                r.out()
            );
        }
    }
    // Inside a directory the dangling link is skipped or reported, never fatal.
    std::fs::write(dir.join("ok.psn"), GUFU_WITH_EVERYTHING).unwrap();
    let r = kifu(&["validate", dir.to_str().unwrap()]);
    let code = sane(&r, "dir with a dangling link");
    assert!(code == 0 || code == 2, "{}", r.err());
    assert!(
        r.err().contains("1 games") || r.err().contains("1 game"),
        "{}",
        r.err()
    );
    no_temp_files(&dir, "dangling");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn directory_where_a_file_is_expected() {
    let dir = scratch("dir-as-file");
    let d = dir.join("game.psn");
    std::fs::create_dir(&d).unwrap();
    let ds = d.to_str().unwrap();
    // render wants one file: a directory is an I/O error.
    let r = kifu(&["render", ds]);
    assert_eq!(sane(&r, "render DIR"), 2);
    assert!(r.stdout.is_empty());
    assert!(r.err().contains("game.psn"), "{}", r.err());
    // validate and convert search it (it is empty: a warning).
    for cmd in ["validate", "convert"] {
        let r = kifu(&[cmd, ds]);
        sane(&r, cmd);
        assert!(!r.err().is_empty(), "{cmd}: an empty directory, silently");
    }
    // --position where the record's file is a directory, and a record with --position.
    let r = kifu(&[
        "render",
        "--variant",
        "gufu",
        "--position",
        "2/2/2 b KkWS 1",
        ds,
    ]);
    sane(&r, "render --position DIR");
    // A directory given as the -o of render: an error, nothing written.
    let src = manifest().join("fixtures/gufu/gufu-friendly-mate.psn");
    let r = kifu(&["render", src.to_str().unwrap(), "-o", ds]);
    // (An error and nothing written, or one whole diagram inside the directory.)
    match sane(&r, "render -o DIR") {
        0 => {
            let files = names(&d);
            assert_eq!(files.len(), 1, "render -o DIR wrote {files:?}");
            is_complete_svg(&std::fs::read(d.join(&files[0])).unwrap()).unwrap();
        }
        c => {
            assert_eq!(c, 2, "{}", r.err());
            assert!(
                names(&d).is_empty(),
                "render -o DIR failed but wrote {:?}",
                names(&d)
            );
        }
    }
    // /dev/null and /proc files are not records.
    for p in [
        "/dev/null",
        "/proc/self/status",
        "/proc/self/mem",
        "/sys/kernel",
    ] {
        if !Path::new(p).exists() {
            continue;
        }
        for cmd in ["validate", "convert", "render"] {
            let r = kifu(&[cmd, p]);
            sane(&r, &format!("{cmd} {p}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn directory_symlink_loops_terminate() {
    let dir = scratch("loops");
    let a = dir.join("a");
    let b = a.join("b");
    std::fs::create_dir_all(&b).unwrap();
    std::fs::write(b.join("g.psn"), GUFU_WITH_EVERYTHING).unwrap();
    std::os::unix::fs::symlink(".", a.join("self")).unwrap();
    std::os::unix::fs::symlink("..", b.join("up")).unwrap();
    std::os::unix::fs::symlink(&dir, b.join("root")).unwrap();
    // A link named like a record, pointing to a directory (a loop too).
    std::os::unix::fs::symlink("..", b.join("loop.psn")).unwrap();
    // Two links that point at each other.
    std::os::unix::fs::symlink("pong.psn", a.join("ping.psn")).unwrap();
    std::os::unix::fs::symlink("ping.psn", a.join("pong.psn")).unwrap();
    let ds = dir.to_str().unwrap();
    for args in [
        vec!["validate", ds],
        vec!["validate", "-j", "1", ds],
        vec!["validate", "--format", "json", ds],
        vec!["convert", ds],
        vec!["convert", "--to", "csv", ds],
    ] {
        let r = kifu(&args);
        let code = sane(&r, &format!("{args:?}"));
        assert!(code == 0 || code == 2, "{args:?}: {}", r.err());
    }
    // The loop given directly.
    let r = kifu(&["validate", a.join("self").to_str().unwrap()]);
    sane(&r, "validate a/self");
    let r = kifu(&["render", a.join("ping.psn").to_str().unwrap()]);
    assert_eq!(sane(&r, "render a symlink loop"), 2);
    assert!(r.err().contains("ping.psn"), "{}", r.err());
    let r = kifu(&["validate", a.join("ping.psn").to_str().unwrap()]);
    assert_eq!(sane(&r, "validate a symlink loop"), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Files deleted (and replaced by directories) while kifu works through a directory: an
/// I/O error for each, or the game if it was read first; never a panic or a hang.
#[test]
fn files_that_vanish_mid_run() {
    let dir = scratch("vanish");
    let n = 400;
    let text = kifu::generate::game(Variant::Wa, 3, 0, 300);
    for i in 0..n {
        std::fs::write(dir.join(format!("g{i:04}.psn")), &text).unwrap();
    }
    let ds = dir.to_str().unwrap().to_string();
    for (round, args) in [
        vec!["validate", "-j", "2", &ds],
        vec!["validate", "-j", "1", "--format", "json", &ds],
        vec!["convert", "--to", "csv", &ds],
    ]
    .into_iter()
    .enumerate()
    {
        let d2 = dir.clone();
        let t = text.clone();
        let vandal = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(5));
            for i in (0..n).rev() {
                let p = d2.join(format!("g{i:04}.psn"));
                let _ = std::fs::remove_file(&p);
                if i % 3 == 0 {
                    let _ = std::fs::create_dir(&p);
                }
            }
            // Put them back for the next round.
            for i in 0..n {
                let p = d2.join(format!("g{i:04}.psn"));
                let _ = std::fs::remove_dir(&p);
                let _ = std::fs::write(&p, &t);
            }
        });
        let r = kifu(&args);
        vandal.join().unwrap();
        let code = sane(&r, &format!("round {round}: {args:?}"));
        assert!(code == 0 || code == 2, "round {round}: {}", r.err());
        if code == 2 {
            let said = r.err() + &r.out();
            assert!(
                said.contains("g0"),
                "round {round}: which file? {}",
                said.chars().take(500).collect::<String>()
            );
        }
        if args.contains(&"json") {
            for l in r.out().lines() {
                serde_json::from_str::<serde_json::Value>(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Outputs that refuse writes

fn dev_full() -> Option<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()
}

#[test]
fn stdout_on_dev_full() {
    if dev_full().is_none() {
        eprintln!("no /dev/full: skipped");
        return;
    }
    let f = "fixtures/wa/crazywa-005-hodges.psn";
    let invalid = "fixtures/invalid";
    for args in [
        vec!["validate", invalid],
        vec!["validate", "-j", "1", invalid],
        vec!["validate", "--format", "json", f],
        vec!["validate", "--format", "json", "-j", "1", invalid],
        vec!["convert", f],
        vec!["convert", "--to", "csv", f],
        vec!["convert", "--to", "csv", "--per", "game", f],
        vec!["convert", "--to", "json", f],
        vec!["convert", "fixtures/wa"],
        vec!["render", f],
        vec!["render", f, "--ply", "0"],
        vec![
            "render",
            "--variant",
            "gufu",
            "--position",
            "Sske/2/KwWn b - 5",
        ],
        vec!["perft", "--variant", "gufu", "3"],
        vec!["perft", "--variant", "gufu", "3", "--divide"],
        vec!["generate", "--variant", "wa", "--games", "3", "--seed", "1"],
    ] {
        let a = os(&args);
        let a: Vec<&OsStr> = a.iter().map(|s| s.as_os_str()).collect();
        let r = kifu_with(&a, In::Null, Out::File(dev_full().unwrap()), None);
        let code = sane(&r, &format!("{args:?} > /dev/full"));
        assert_eq!(code, 2, "{args:?} > /dev/full: exit {code}\n{}", r.err());
        let err = r.err();
        assert!(
            err.contains("No space left") || err.contains("cannot write"),
            "{args:?} > /dev/full: unclear message: {err}"
        );
    }
}

#[test]
fn stdout_closed_early() {
    // EPIPE on every write: no panic (println! would), a quiet exit.
    let f = "fixtures/wa/crazywa-005-hodges.psn";
    for args in [
        vec!["validate", "fixtures/invalid"],
        vec!["validate", "--format", "json", "fixtures"],
        vec!["convert", "fixtures/crazywa"],
        vec!["convert", "--to", "csv", "fixtures/crazywa"],
        vec!["render", f],
        vec![
            "render",
            "--variant",
            "wa",
            "--position",
            "k10/11/11/11/11/11/11/11/11/11/10K[P] w 0 1",
        ],
        vec!["perft", "--variant", "gufu", "4", "--divide"],
        vec![
            "generate",
            "--variant",
            "wa",
            "--games",
            "50",
            "--seed",
            "1",
        ],
    ] {
        let a = os(&args);
        let a: Vec<&OsStr> = a.iter().map(|s| s.as_os_str()).collect();
        let r = kifu_with(&a, In::Null, Out::Closed, None);
        sane(&r, &format!("{args:?} | (closed)"));
    }
}

fn sample() -> PathBuf {
    manifest().join("fixtures/wa/crazywa-005-hodges.psn")
}

#[test]
fn output_into_a_missing_or_uncreatable_place() {
    let dir = scratch("bad-output");
    let afile = dir.join("afile");
    std::fs::write(&afile, "not a directory").unwrap();
    let src = sample();
    let s = src.to_str().unwrap();
    let missing = dir.join("no/such/dir/out.psn");
    let under_file = afile.join("out.psn");
    let under_file_dir = afile.join("sub");
    let proc_out = PathBuf::from("/proc/kifu-hostile/out.psn");
    for target in [&missing, &under_file, &proc_out] {
        let t = target.to_str().unwrap();
        for args in [
            vec!["convert", s, "-o", t],
            vec!["convert", s, "--to", "csv", "-o", t],
            vec!["convert", s, "--to", "json", "-o", t],
            vec!["render", s, "-o", t],
            vec![
                "render",
                "--variant",
                "gufu",
                "--position",
                "2/2/2 b KkWS 1",
                "-o",
                t,
            ],
            vec!["generate", "--variant", "gufu", "--games", "2", "-o", t],
        ] {
            let r = kifu(&args);
            let code = sane(&r, &format!("{args:?}"));
            assert_eq!(code, 2, "{args:?}: exit {code}\n{}", r.err());
            assert!(!r.err().is_empty(), "{args:?}: no message");
            assert!(r.stdout.is_empty(), "{args:?}: wrote to stdout instead");
            assert!(!target.exists(), "{args:?}: created {}", target.display());
        }
    }
    // Several inputs into a directory that cannot be created.
    for t in [&under_file_dir, &proc_out] {
        let t = t.to_str().unwrap();
        let r = kifu(&["convert", s, "fixtures/gufu/gufu-two-games.psn", "-o", t]);
        assert_eq!(sane(&r, "convert several -o"), 2, "{}", r.err());
        let r = kifu(&["render", s, "--every-ply", "-o", t]);
        assert_eq!(sane(&r, "render --every-ply -o"), 2, "{}", r.err());
        assert!(!Path::new(t).exists());
    }
    assert_eq!(std::fs::read_to_string(&afile).unwrap(), "not a directory");
    assert_eq!(names(&dir), vec!["afile".to_string()], "left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A failing conversion into a writable place leaves no temporary files, and an old output
/// is either untouched or replaced whole.
#[test]
fn no_partial_files() {
    let dir = scratch("partial");
    let out = dir.join("out.psn");
    let svg_out = dir.join("out.svg");
    std::fs::write(&out, "old").unwrap();
    std::fs::write(&svg_out, "old").unwrap();
    let bad = dir.join("bad.psn");
    std::fs::write(&bad, "[Variant \"Gufu\"]\n\n1. K*2三>W 2. Zz *\n").unwrap();
    let (o, b) = (out.to_str().unwrap(), bad.to_str().unwrap());
    let r = kifu(&["convert", b, "-o", o]);
    assert_eq!(sane(&r, "convert invalid -o"), 1);
    let now = std::fs::read_to_string(&out).unwrap();
    assert!(
        now == "old",
        "no game, yet the old file was replaced: {now:?}"
    );
    let r = kifu(&["render", b, "-o", svg_out.to_str().unwrap()]);
    assert_eq!(sane(&r, "render invalid -o"), 1);
    assert_eq!(
        std::fs::read_to_string(&svg_out).unwrap(),
        "old",
        "render replaced the old file"
    );
    let r = kifu(&[
        "render",
        b,
        "--every-ply",
        "-o",
        dir.join("boards").to_str().unwrap(),
    ]);
    assert_eq!(sane(&r, "render --every-ply invalid"), 1);
    assert!(
        names(&dir.join("boards")).is_empty(),
        "half a set of boards"
    );
    // Converting a file onto itself is refused, unless --in-place asks for it; then it is
    // read whole first.
    let g = dir.join("g.psn");
    std::fs::copy(sample(), &g).unwrap();
    let want = kifu(&["convert", g.to_str().unwrap()]);
    let r = kifu(&["convert", g.to_str().unwrap(), "-o", g.to_str().unwrap()]);
    assert_eq!(sane(&r, "convert onto itself"), 2, "{}", r.err());
    assert_eq!(std::fs::read(&g).unwrap(), std::fs::read(sample()).unwrap());
    let r = kifu(&[
        "convert",
        g.to_str().unwrap(),
        "--in-place",
        "-o",
        g.to_str().unwrap(),
    ]);
    assert_eq!(sane(&r, "convert in place"), 0, "{}", r.err());
    assert_eq!(
        std::fs::read(&g).unwrap(),
        want.stdout,
        "in-place conversion differs"
    );
    no_temp_files(&dir, "partial");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-o` naming a device must write to the device, not replace it with a regular file (the
/// temporary-file-and-rename scheme would turn `-o /dev/null` into deleting /dev/null). Tested
/// on private device nodes, so a failure cannot hurt the real /dev.
#[test]
fn output_onto_a_device_writes_to_the_device() {
    let dir = scratch("devices");
    let full = dir.join("full");
    let null = dir.join("null");
    let made = Command::new("mknod")
        .args([full.to_str().unwrap(), "c", "1", "7"])
        .status()
        .is_ok_and(|s| s.success())
        && Command::new("mknod")
            .args([null.to_str().unwrap(), "c", "1", "3"])
            .status()
            .is_ok_and(|s| s.success());
    if !made {
        eprintln!("cannot mknod: skipped");
        return;
    }
    use std::os::unix::fs::FileTypeExt;
    let s = sample();
    let s = s.to_str().unwrap();
    for (dev, want) in [(&null, 0), (&full, 2)] {
        let d = dev.to_str().unwrap();
        for args in [
            vec!["convert", s, "-o", d],
            vec!["render", s, "-o", d],
            vec!["generate", "--variant", "gufu", "--games", "1", "-o", d],
        ] {
            let r = kifu(&args);
            let code = sane(&r, &format!("{args:?}"));
            let still = std::fs::symlink_metadata(dev).map(|m| m.file_type().is_char_device());
            assert!(
                matches!(still, Ok(true)),
                "{args:?}: the device node was replaced by a regular file"
            );
            assert_eq!(code, want, "{args:?}: {}", r.err());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// XML 1.0 forbids U+FFFE and U+FFFF: a player called so must not make the SVG unreadable.
#[test]
fn svg_of_noncharacters_is_xml() {
    let text = "[Variant \"Gufu\"]\n[Black \"A\u{FFFE}\"]\n[White \"\u{FFFF}\"]\n\n1. K*2三>W *\n";
    let r = kifu_stdin(&["render", "-"], text.as_bytes());
    assert_eq!(sane(&r, "render"), 0);
    is_complete_svg(&r.stdout).unwrap();
    let r = kifu(&[
        "render",
        "--variant",
        "gufu",
        "--position",
        "2/2/2 b KkWS 1",
        "--caption",
        "x\u{FFFF}",
    ]);
    assert_eq!(sane(&r, "render --caption"), 0);
    is_complete_svg(&r.stdout).unwrap();
}

/// An empty input is no game and a warning `empty_input` for convert as for validate (exit
/// 0), not a silent success.
#[test]
fn convert_of_an_empty_input_is_a_warning() {
    let v = kifu_stdin(&["validate", "-"], b"");
    assert_eq!(sane(&v, "validate"), 0);
    assert!(v.out().contains("warning[empty_input]"), "{}", v.out());
    for to in ["psn", "csv", "json"] {
        let c = kifu_stdin(&["convert", "--to", to, "-"], b"");
        assert_eq!(
            sane(&c, to),
            0,
            "convert --to {to} of an empty input: {}",
            c.err()
        );
        assert!(c.err().contains("warning[empty_input]"), "{}", c.err());
        assert!(c.err().contains("1 file, 0 games"), "{}", c.err());
    }
}

/// `-j` is a number of threads: a huge one must be refused or capped, not obeyed.
#[test]
fn huge_thread_counts_are_refused_or_capped() {
    let f = "fixtures/wa/nodrop-casual.psn";
    for j in ["100000", "18446744073709551615"] {
        let started = Instant::now();
        let r = kifu(&["validate", "-j", j, f]);
        let code = sane(&r, &format!("-j {j}"));
        assert!(code == 0 || code == 2, "-j {j}: {}", r.err());
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "-j {j}: {:?}",
            started.elapsed()
        );
    }
}

/// A run of digits in a Wa FEN that overflows: a clear bad_position error. (Debug builds
/// panic with "attempt to add with overflow" in src/wa/fen.rs; release builds wrap around and
/// accept `K99999999999999999999k10/...` as a board where the k replaced the K.)
#[test]
fn fen_with_a_huge_digit_run() {
    for fen in [
        "k99999999999999999999999/11/11/11/11/11/11/11/11/11/10K w 0 1",
        "K99999999999999999999k10/11/11/11/11/11/11/11/11/11/10K w 0 1",
        "k4294967295/11/11/11/11/11/11/11/11/11/10K w 0 1",
    ] {
        let f = fen.to_string();
        let r = on_small_stack(format!("fen {fen}"), move || {
            std::panic::catch_unwind(|| {
                State::from_position_string(Variant::Wa, &f).map(|s| s.position_string())
            })
        });
        match r {
            Err(_) => panic!("{fen}: the FEN reader panicked"),
            Ok(Ok(p)) => panic!("{fen}: accepted as {p}"),
            Ok(Err(e)) => assert!(!e.message.is_empty()),
        }
        let r = kifu(&["render", "--variant", "wa", "--position", fen]);
        assert_eq!(
            sane(&r, fen),
            2,
            "{fen}: {}",
            r.out().chars().take(300).collect::<String>()
        );
        let text = format!("[Variant \"wa\"]\n[FEN \"{fen}\"]\n\n*\n");
        let r = kifu_stdin(&["validate", "-"], text.as_bytes());
        assert_eq!(sane(&r, fen), 1, "{fen}");
    }
}

// ---------------------------------------------------------------------------------------------
// Streaming: reads of any size, readers that fail, games over the size limit

/// Hands out its bytes a few at a time, then (optionally) fails on every read.
struct Chunky {
    data: Vec<u8>,
    at: usize,
    rng: Rng,
    fail_at: Option<usize>,
    max_chunk: usize,
}

impl Read for Chunky {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if let Some(f) = self.fail_at
            && self.at >= f
        {
            return Err(std::io::Error::other("the disk is on fire"));
        }
        if self.rng.chance(10) {
            return Err(std::io::Error::from(std::io::ErrorKind::Interrupted));
        }
        let end = self.fail_at.unwrap_or(usize::MAX).min(self.data.len());
        let n = (1 + self.rng.below(self.max_chunk))
            .min(buf.len())
            .min(end - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn summary(g: &Result<kifu::record::Record, kifu::record::RecordError>) -> String {
    match g {
        Ok(r) => format!("ok {:?} {}", r.span, r),
        Err(e) => format!("err {} {:?} {:?} {}", e.kind, e.span, e.position, e.message),
    }
}

fn streaming(cases: u64) {
    let seed = seed();
    let corpus = corpus();
    on_small_stack(format!("streaming, seed {seed:#x}"), move || {
        for i in 0..cases {
            let mut r = Rng::for_case(seed, 5, i);
            // Several records, mutated, in one stream.
            let mut bytes = Vec::new();
            for k in 0..1 + r.below(4) {
                bytes.extend(make_case(&corpus, seed, i * 8 + k as u64));
                bytes.push(b'\n');
            }
            let whole: Vec<String> = parse_bytes(&bytes).iter().map(summary).collect();
            // Any read sizes and buffer sizes: the same games.
            let cap = 1 + r.below(64);
            let reader = std::io::BufReader::with_capacity(
                cap,
                Chunky {
                    data: bytes.clone(),
                    at: 0,
                    rng: Rng::new(r.next()),
                    fail_at: None,
                    max_chunk: 1 + r.below(16),
                },
            );
            let chunked: Vec<String> = kifu::record::read_records(reader)
                .take(whole.len() + 1)
                .map(|g| summary(&g))
                .collect();
            assert!(
                chunked == whole,
                "streaming case {i} (seed {seed:#x}, buffer {cap}): read in chunks, the games \
                 differ:\nwhole:   {:?}\nchunked: {:?}",
                whole,
                chunked
            );
            // A reader that fails for good: an io error, then the end (not errors forever).
            let fail_at = r.below(bytes.len() + 1);
            let reader = std::io::BufReader::with_capacity(
                cap,
                Chunky {
                    data: bytes.clone(),
                    at: 0,
                    rng: Rng::new(r.next()),
                    fail_at: Some(fail_at),
                    max_chunk: 1 + r.below(16),
                },
            );
            let items: Vec<_> = kifu::record::read_records(reader)
                .take(bytes.len() + 10)
                .collect();
            assert!(
                items.len() <= bytes.len() + 2,
                "streaming case {i}: a failing reader gives {} items (errors forever?)",
                items.len()
            );
            let ios = items
                .iter()
                .filter(|g| matches!(g, Err(e) if e.kind == kifu::record::ErrorKind::Io))
                .count();
            assert_eq!(
                ios, 1,
                "streaming case {i}: {ios} io errors from a failing reader"
            );
            // A small size limit: games over it are game_too_large, the others unchanged.
            let limit = r.below(bytes.len() + 1);
            let splitter = kifu::record::GameSplitter::with_limit(&bytes[..], limit);
            let limited: Vec<_> = kifu::record::Records::new(splitter)
                .take(whole.len() + 1)
                .collect();
            assert!(
                !limited.is_empty() && limited.len() <= whole.len().max(1),
                "streaming case {i}: limit {limit}: {} games, {} without a limit",
                limited.len(),
                whole.len()
            );
        }
    });
}

#[test]
fn streaming_in_any_chunks() {
    streaming(1000);
}

#[test]
#[ignore = "long: 10,000 streams"]
fn streaming_in_any_chunks_long() {
    streaming(10_000);
}

/// Standard input that is a directory (`kifu validate - < DIR`): an I/O error, exit 2.
#[test]
fn stdin_that_is_a_directory() {
    let dir = scratch("stdin-dir");
    for args in [
        vec!["validate", "-"],
        vec!["validate", "--format", "json"],
        vec!["convert", "-"],
        vec!["render", "-"],
    ] {
        let a = os(&args);
        let a: Vec<&OsStr> = a.iter().map(|s| s.as_os_str()).collect();
        let stdin = In::File(std::fs::File::open(&dir).unwrap());
        let r = kifu_with(&a, stdin, Out::Piped, None);
        let code = sane(&r, &format!("{args:?} < DIR"));
        assert_eq!(code, 2, "{args:?} < DIR: {}{}", r.out(), r.err());
        let said = r.out() + &r.err();
        assert!(
            said.contains("directory") || said.contains("os error 21"),
            "{args:?} < DIR: unclear: {said}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
