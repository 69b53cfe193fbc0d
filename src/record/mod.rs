//! Game records: the text as written (tags, moves, comments, variations, with spans).
//!
//! This is the syntax layer: bytes → games ([`GameSplitter`], streaming) → tokens (the pest
//! grammar `grammar/record.pest`) → [`Record`]. It knows nothing of the rules: a move is kept as
//! written ([`WrittenMove`]: Hodges style `SP-7g`, engine coordinates `h3g4`, or SAN as XBoard
//! writes it, `Rg4`), marks such as `+` are not interpreted, and nothing is checked against a
//! board. Every token carries its byte [`Span`] in the file; [`Record::line_col`]
//! (or a [`LineIndex`]) turns offsets into 1-based lines and character columns.
//!
//! Nothing here panics, recurses per nesting level, or reads more than one game into memory
//! (games are capped at [`MAX_GAME_BYTES`]); every problem is a [`RecordError`], which keeps
//! the tag pairs read before it ([`RecordError::tag`]: a caller can still tell the variant of a
//! game whose moves do not read) and, for some typos, a hint ([`RecordError::help`]).
//!
//! Tag names are matched ignoring ASCII case ([`Record::tag`], [`Tag::is`], [`Tag::first`]);
//! when a name is repeated the first tag pair counts, and [`Record::repeated_tags`] lists the
//! others; [`Tag::canonical_name`] gives a standard tag's name in its usual case.
//!
//! - Games are cut by [`GameSplitter`]: a new game begins at a line starting with `[` once the
//!   current game has had movetext. Games without tag pairs therefore cannot follow each other
//!   in one file.
//! - The movetext tree is an arena ([`Movetext`]): lines and nodes addressed by ids, so every
//!   derived trait is flat; [`Movetext::walk`] visits it in source order without recursion.
//! - Comments before the first move of a line (for the main line also those among the tag
//!   pairs) are [`Line::comments`]; comments and NAGs after a move are its
//!   [`Node::annotations`]; comments after the result go to the last main-line move.
//!
//! ```
//! use kifu::record::{parse_str, ResultToken};
//! let games = parse_str("[Variant \"Gufu\"]\n\n1. K*2三>W 2. K*1一>E (2. K*1三>E) *\n");
//! let record = games[0].as_ref().unwrap();
//! assert_eq!(record.tag("Variant"), Some("Gufu"));
//! assert_eq!(record.movetext.main_moves().count(), 2);
//! assert_eq!(record.result.unwrap().value, ResultToken::Unknown);
//! ```

mod annotations;
mod error;
mod game;
pub mod grammar;
mod hint;
mod memo;
mod movetext;
mod parser;
mod span;
mod split;
mod token;
mod written;

pub use annotations::{Annotation, Comment, CommentKind, Dots, Glyph, MoveNumber, Nag};
pub use error::{ErrorKind, RecordError};
pub use game::{GameResult, Record, ResultToken, STANDARD_TAGS, Tag};
pub use hint::LOOKS_LIKE_CHESS;
pub use movetext::{Event, Line, LineId, Movetext, Node, NodeId, Walk};
pub use parser::{
    MAX_NESTING, parse_game, parse_game_keep_source, parse_game_str, parse_game_str_without_memo,
    parse_game_tags,
};
pub use span::{LineCol, LineIndex, Source, Span};
pub use split::{GameChunk, GameSplitter, MAX_GAME_BYTES};
pub use written::{
    Action, EngineMove, EngineOrigin, EngineSquare, Facing, FileStyle, HodgesMove, Mark, Marks,
    Piece, RankStyle, SanMove, Square, WrittenMove,
};

use std::io::BufRead;

/// Read every game of a stream, one at a time (see [`GameSplitter`] for how games are cut).
/// An input with no game at all (empty, or only blanks and comments) yields one `empty_input`
/// error.
pub fn read_records<R: BufRead>(reader: R) -> Records<R> {
    Records {
        splitter: GameSplitter::new(reader),
        any: false,
    }
}

/// Iterator of [`read_records`].
#[derive(Debug)]
pub struct Records<R> {
    splitter: GameSplitter<R>,
    any: bool,
}

impl<R> Records<R> {
    /// Wrap a splitter (e.g. one made with [`GameSplitter::with_limit`]).
    pub fn new(splitter: GameSplitter<R>) -> Self {
        Records {
            splitter,
            any: false,
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.splitter.next() {
            Some(item) => {
                self.any = true;
                Some(item.and_then(parse_game))
            }
            None if !self.any => {
                self.any = true;
                Some(Err(RecordError::new(
                    ErrorKind::EmptyInput,
                    "no game: the input is empty",
                    Span::at(0),
                )
                .with_position(Some(LineCol { line: 1, column: 1 }))))
            }
            None => None,
        }
    }
}

/// Parse every game of an in-memory file (UTF-8 text).
pub fn parse_str(text: &str) -> Vec<Result<Record, RecordError>> {
    read_records(text.as_bytes()).collect()
}

/// Parse every game of an in-memory file given as bytes (checked for UTF-8 game by game).
pub fn parse_bytes(bytes: &[u8]) -> Vec<Result<Record, RecordError>> {
    read_records(bytes).collect()
}
