//! `kifu convert --to html`: writes the inputs' valid games as replay pages
//! (`kifu::writers::html`): one page per input, one per game, or one for everything written to
//! a single file or standard output. Each game is written as soon as it is read.

use super::output::{Failure, Outputs, Sink};
use kifu::writers::html::{self, Page, PageGame};
use std::io;

pub struct Pages {
    board: html::Board,
    /// The page being written, if one is begun.
    page: Option<Page>,
    /// The title of the next page begun.
    pub title: String,
    /// The games left off the page being written (invalid), for a page that shows none.
    pub left_out: usize,
}

impl Pages {
    pub fn new(board: html::Board, title: String) -> Pages {
        Pages {
            board,
            page: None,
            title,
            left_out: 0,
        }
    }

    /// Writes a game into the page being written to `sink` (beginning it if needed).
    pub fn add(&mut self, sink: &mut Sink, g: &PageGame) -> io::Result<()> {
        if self.page.is_none() {
            self.page = Some(Page::begin(sink, &self.title, &self.board)?);
        }
        match self.page.as_mut() {
            Some(p) => p.add(sink, g),
            None => Ok(()),
        }
    }

    /// Ends the page written to `sink` (an empty page if no game was written).
    pub fn end(&mut self, sink: &mut Sink) -> io::Result<()> {
        let mut page = match self.page.take() {
            Some(p) => p,
            None => Page::begin(sink, &self.title, &self.board)?,
        };
        page.left_out(std::mem::take(&mut self.left_out));
        page.finish(sink)
    }

    /// Writes one game's page as the output `name` (a file in the output directory), put in
    /// place with the run's other outputs.
    pub fn single(
        &self,
        outputs: &mut Outputs,
        name: &str,
        title: &str,
        g: &PageGame,
    ) -> Result<(), Failure> {
        let mut sink = outputs.open(name)?;
        sink.wrote_game();
        let written = Page::begin(&mut sink, title, &self.board)
            .and_then(|mut page| page.add(&mut sink, g).map(|()| page))
            .and_then(|page| page.finish(&mut sink));
        written.map_err(|e| sink.failure(&e))?;
        outputs.close(sink)
    }
}
