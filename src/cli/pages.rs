//! `kifu convert --to html`: collects the valid games of the inputs and writes their replay
//! pages (`kifu::writers::html`): one page per input, one per game, or one for everything
//! written to a single file or standard output.

use super::output::Sink;
use kifu::record::Record;
use kifu::replay::Report;
use kifu::writers::{Style, html};
use std::io::Write;
use std::path::Path;

pub struct Pages {
    board: html::Board,
    /// The games kept, with their number in their input.
    games: Vec<(Record, Report, Style, usize)>,
}

impl Pages {
    pub fn new(board: html::Board) -> Pages {
        Pages {
            board,
            games: Vec::new(),
        }
    }

    /// Keeps a valid game (replayed with `keep_moves`), number `n` of its input, for the next
    /// page.
    pub fn push(&mut self, record: &Record, report: &Report, style: Style, n: usize) {
        self.games.push((record.clone(), report.clone(), style, n));
    }

    /// The page of the games kept since the last page, which are then forgotten.
    pub fn page(&mut self, title: &str) -> String {
        let games: Vec<html::Game> = self
            .games
            .iter()
            .map(|(record, report, style, _)| html::Game {
                record,
                report,
                style: *style,
            })
            .collect();
        let page = html::page(title, &games, &self.board);
        self.games.clear();
        page
    }

    /// Writes the page of the games kept to `sink`.
    pub fn write(&mut self, title: &str, sink: &mut Sink) -> std::io::Result<()> {
        let page = self.page(title);
        sink.write_all(page.as_bytes())
    }

    /// Writes a page for each game kept into `dir`, named `{stem}-game{N}.html` after the
    /// game's number in its input; each file whole or not at all.
    pub fn write_each(&mut self, dir: &Path, stem: &str) -> Result<(), String> {
        let games = std::mem::take(&mut self.games);
        for g in games {
            let n = g.3;
            let title = format!("{stem}, game {n}");
            self.games.push(g);
            let page = self.page(&title);
            let path = dir.join(format!("{stem}-game{n}.html"));
            let mut sink = Sink::open(Some(&path))?;
            sink.write_all(page.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            sink.finish()?;
        }
        Ok(())
    }
}
