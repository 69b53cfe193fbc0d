//! Parse-only throughput of the record reader (the syntax layer, no rules).
//!
//! `cargo run --release --example record_speed -- FILE [RUNS]` reads FILE into memory, then runs
//! `kifu::record::read_records` over it RUNS times (default 5) and reports the median MB/s.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: record_speed FILE [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5).max(1);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let mut times = Vec::with_capacity(runs);
    let (mut games, mut errors, mut moves) = (0usize, 0usize, 0usize);
    for _ in 0..runs {
        let start = Instant::now();
        (games, errors, moves) = (0, 0, 0);
        for r in kifu::record::read_records(bytes.as_slice()) {
            games += 1;
            match r {
                Ok(rec) => moves += rec.movetext.nodes().len(),
                Err(_) => errors += 1,
            }
        }
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2];
    let mb = bytes.len() as f64 / 1e6;
    println!(
        "{path}: {mb:.2} MB, {games} games ({errors} errors), {moves} moves; \
         median {:.1} ms = {:.1} MB/s (min {:.1} ms, {runs} runs)",
        median * 1e3,
        mb / median,
        times[0] * 1e3,
    );
}
