//! Replay-only throughput: the rules side of `kifu validate`, without the parse.
//!
//! `cargo run --release --example replay_speed -- FILE [RUNS]` parses FILE once, then replays
//! every record RUNS times (default 5) and reports the median time per ply.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: replay_speed FILE [RUNS]");
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
    let records: Vec<kifu::record::Record> = kifu::record::read_records(bytes.as_slice())
        .filter_map(Result::ok)
        .collect();
    let opts = kifu::replay::ReplayOptions::default();
    let mut times = Vec::with_capacity(runs);
    let (mut plies, mut invalid) = (0u64, 0usize);
    for _ in 0..runs {
        let start = Instant::now();
        (plies, invalid) = (0, 0);
        for r in &records {
            let report = kifu::replay::replay(r, &opts);
            plies += report.plies;
            invalid += usize::from(!report.valid());
        }
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2];
    println!(
        "{path}: {} records ({invalid} invalid), {plies} plies; median {:.1} ms = {:.0} ns/ply \
         (min {:.1} ms, {runs} runs)",
        records.len(),
        median * 1e3,
        median * 1e9 / plies.max(1) as f64,
        times[0] * 1e3,
    );
}
