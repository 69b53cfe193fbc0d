//! Random legal chess games as standard PGN: the chess corpus of `bench/validate.sh`.
//!
//! `cargo run --release --example chess_generate -- [--games N | --bytes B] [--seed S]`
//! writes to standard output N games (default 1000), or games until at least B bytes are
//! written. The same seed gives the same games.
//!
//! Every game has the seven tag roster (Event, Site, Date, Round, White, Black, Result) and
//! SAN movetext (with `+`/`#`) wrapped at 80 columns, as PGN export format asks. Moves are drawn
//! uniformly from the legal moves (shakmaty) for a target of 40–120 moves; a game ends early by
//! checkmate, stalemate or insufficient material, and its result is then the true one,
//! otherwise a random `1-0`, `0-1` or `1/2-1/2` (a resignation or a draw agreed).

use std::io::{self, BufWriter, Write};

use shakmaty::{Chess, Color, Position, san::SanPlus};

/// SplitMix64: small, deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const NAMES: [&str; 12] = [
    "Random, Alice",
    "Random, Bob",
    "Uniform, Carol",
    "Uniform, Dave",
    "Legal, Erin",
    "Legal, Frank",
    "Mover, Grace",
    "Mover, Heidi",
    "Shuffle, Ivan",
    "Shuffle, Judy",
    "Dice, Mallory",
    "Dice, Oscar",
];

/// One game: its PGN text, ending with a blank line.
fn game(rng: &mut Rng, round: u64, out: &mut String) {
    let mut pos = Chess::default();
    let target_plies = 2 * (40 + rng.below(81));
    let mut movetext = String::new();
    let mut line_len = 0usize;
    let mut push = |tok: &str, movetext: &mut String| {
        if line_len > 0 && line_len + 1 + tok.len() > 79 {
            movetext.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            movetext.push(' ');
            line_len += 1;
        }
        movetext.push_str(tok);
        line_len += tok.len();
    };
    let mut ply = 0usize;
    let result = loop {
        if pos.is_checkmate() {
            break if pos.turn() == Color::White {
                "0-1"
            } else {
                "1-0"
            };
        }
        if pos.is_stalemate() || pos.is_insufficient_material() {
            break "1/2-1/2";
        }
        if ply >= target_plies {
            break ["1-0", "0-1", "1/2-1/2"][rng.below(3)];
        }
        let moves = pos.legal_moves();
        let m = moves[rng.below(moves.len())];
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        if ply.is_multiple_of(2) {
            push(&format!("{}.", ply / 2 + 1), &mut movetext);
        }
        push(&san.to_string(), &mut movetext);
        ply += 1;
    };
    push(result, &mut movetext);

    let white = NAMES[rng.below(NAMES.len())];
    let mut black = white;
    while black == white {
        black = NAMES[rng.below(NAMES.len())];
    }
    let date = format!(
        "{}.{:02}.{:02}",
        1990 + rng.below(35),
        1 + rng.below(12),
        1 + rng.below(28)
    );
    use std::fmt::Write as _;
    let _ = write!(
        out,
        "[Event \"Random games\"]\n[Site \"?\"]\n[Date \"{date}\"]\n[Round \"{round}\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n{movetext}\n\n"
    );
}

fn main() -> io::Result<()> {
    let mut games: Option<u64> = None;
    let mut bytes: Option<u64> = None;
    let mut seed = 1u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = |name: &str| -> u64 {
            match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => v,
                None => {
                    eprintln!("{name} wants a number");
                    std::process::exit(2);
                }
            }
        };
        match a.as_str() {
            "--games" | "-n" => games = Some(val("--games")),
            "--bytes" => bytes = Some(val("--bytes")),
            "--seed" | "-s" => seed = val("--seed"),
            _ => {
                eprintln!("usage: chess_generate [--games N | --bytes B] [--seed S]");
                std::process::exit(2);
            }
        }
    }
    let games = if bytes.is_some() {
        games.unwrap_or(u64::MAX)
    } else {
        games.unwrap_or(1000)
    };
    let bytes = bytes.unwrap_or(u64::MAX);

    let mut rng = Rng(seed);
    let stdout = io::stdout();
    let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
    let (mut written, mut round) = (0u64, 0u64);
    let mut buf = String::new();
    while round < games && written < bytes {
        round += 1;
        buf.clear();
        game(&mut rng, round, &mut buf);
        w.write_all(buf.as_bytes())?;
        written += buf.len() as u64;
    }
    w.flush()
}
