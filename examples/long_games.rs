//! Writes the unusual but legal records the memory benchmark (`bench/memory.sh`) and the
//! memory tests use: `wa-kings-11000.psn` (two lone Kings walking 11,000 plies),
//! `gufu-1000000.psn` (a 1,000,000-ply Gufū game, 17 MB) and `nested-100000.psn` (variations
//! nested 100,000 deep, past kifu's limit: a `too_deep` error).
//!
//! Usage: cargo run --release --example long_games -- DIR

#[path = "../tests/long_games/mod.rs"]
mod long_games;

fn main() -> std::io::Result<()> {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("wa-kings-11000.psn"), long_games::wa_kings(11_000))?;
    std::fs::write(
        dir.join("gufu-1000000.psn"),
        long_games::gufu_long(1_000_000),
    )?;
    std::fs::write(dir.join("nested-100000.psn"), long_games::nested(100_000))?;
    Ok(())
}
