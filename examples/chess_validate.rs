//! The chess peer of `kifu validate` in `bench/validate.sh`: replays every move of every game of
//! PGN files with pgn-reader + shakmaty, single-threaded, as pgn-reader's own `validate` example
//! does (a game with a FEN tag starts from it; the first illegal move stops that game).
//!
//! `cargo run --release --example chess_validate -- FILE...` prints, per file,
//! `FILE: G games, M moves, E errors` (errors also to stderr, one line each, up to 20 shown)
//! and exits with status 1 if any game had an error, 2 on an I/O error.

use std::{fs::File, ops::ControlFlow, process};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

#[derive(Default)]
struct Validator {
    games: usize,
    moves: usize,
    errors: usize,
}

impl Validator {
    fn error(&mut self, msg: std::fmt::Arguments<'_>) {
        self.errors += 1;
        if self.errors <= 20 {
            eprintln!("game {}: {msg}", self.games);
        }
    }
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    /// Whether the game is valid.
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .map_err(|e| e.to_string())
                .and_then(|fen| {
                    fen.into_position(CastlingMode::Chess960)
                        .map_err(|e| e.to_string())
                });
            match pos {
                Ok(pos) => *tags = Some(pos),
                Err(e) => {
                    self.error(format_args!("bad FEN tag: {e}"));
                    return ControlFlow::Break(false);
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(e) => {
                self.error(format_args!("{e}: {san_plus}"));
                ControlFlow::Break(false)
            }
        }
    }

    fn end_game(&mut self, _pos: Self::Movetext) -> Self::Output {
        true
    }
}

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: chess_validate FILE...");
        process::exit(2);
    }
    let mut all_ok = true;
    for path in &paths {
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{path}: {e}");
                process::exit(2);
            }
        };
        let mut reader = Reader::new(file);
        let mut v = Validator::default();
        loop {
            match reader.read_game(&mut v) {
                Ok(Some(_)) => {}
                Ok(None) => break,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    process::exit(2);
                }
            }
        }
        println!(
            "{path}: {} games, {} moves, {} errors",
            v.games, v.moves, v.errors
        );
        all_ok &= v.errors == 0;
    }
    if !all_ok {
        process::exit(1);
    }
}
