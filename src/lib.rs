//! kifu: game records of Wa shogi (11×11, with or without drops) and Gufū shōgi (2 files × 3
//! ranks, facing pieces, shared pieces): read them, check every move against the rules, write
//! them in another notation or as tables, draw their positions.
//!
//! Flow, one direction: bytes → [`record`] (the text as written, with spans) → [`replay`]
//! (every move resolved and checked through the rules core: [`wa`], [`gufu`], sharing
//! [`rules`], [`geometry`], [`betza`]) → [`writers`] and [`svg`]. Code that serves both games
//! is written once over the [`rules::Position`] trait; [`rules::PerGame`] and [`for_game!`]
//! are the one place where a run-time choice of game turns into that generic code.
//!
//! Usage programs in `examples/`, each built on the library alone (`default-features = false`)
//! and each run by a test (`tests/examples.rs`):
//!
//! | example | what it shows |
//! |---|---|
//! | `replay.rs` | read a file ([`load`]), replay every game, say how each ended or why it is invalid |
//! | `convert.rs` | write every game in another notation ([`writers::psn::write`]) |
//! | `play_move.rs` | parse a move typed in any notation and play it ([`notation::Notate::play_text`]) |
//! | `legal_moves.rs` | a position from its string, its legal moves written ([`notation::Notate::notate`]) |
//! | `diagram.rs` | an SVG diagram of the last position, the last move marked ([`svg::board`]) |
//! | `perft.rs` | count the legal-move tree, move by move ([`rules::divide`]) |
//! | `tour.rs` | all of the above in one program |
//!
//! Read a record, replay it, read how it ended, and write it in another notation:
//!
//! ```
//! use kifu::geometry::RankStyle;
//! use kifu::notation::{Notation, Style};
//! use kifu::record::parse_str;
//! use kifu::replay::{ReplayOptions, replay};
//! use kifu::rules::Termination;
//! use kifu::writers::psn;
//!
//! let text = "[Variant \"Gufu\"]\n\n\
//!     1. K*2三>W 2. K*1二>W 3. W*1一>E 4. S*2一>W 5. S-2二>N+ 6. K-1三>N 7. S:2二>E+\n\
//!     8. Wx2二>S+ 9. K-1二>N 10. S*2一>W 11. K:1二>E 12. W-2三>W+ 13. Kx2一>S\n\
//!     14. S*1一>E 15. W-1二>N 16. K:1三>E 17. Sx1二>S# 1-0\n";
//! let games = parse_str(text);
//! let record = games[0].as_ref().expect("the record reads");
//! let keep = ReplayOptions { keep_moves: true, ..ReplayOptions::default() };
//! let report = replay(record, &keep);
//! assert!(report.valid(), "{:?}", report.errors);
//!
//! let outcome = report.outcome.expect("the game is over");
//! assert_eq!(outcome.termination, Termination::Checkmate);
//! assert_eq!(outcome.result(), "1-0");
//!
//! // The same game with every origin written, and letter ranks.
//! let long = Style { notation: Notation::Long, ranks: RankStyle::Letter };
//! let written = psn::write(record, &report, long).expect("a valid game is written");
//! assert!(written.contains("16. K:1c>E 17. S1ax1b>S# 1-0"));
//!
//! // A Wa game (every ply numbered, kanji ranks) in engine coordinates, as XBoard reads them.
//! let wa = parse_str("[Variant \"wa\"]\n\n1. VW-7十 2. SP-8五 3. VS-5十 4. VS-7二 *\n");
//! let wa = wa[0].as_ref().unwrap();
//! let report = replay(wa, &keep);
//! let xboard = Style { notation: Notation::Xboard, ranks: RankStyle::Letter };
//! let written = psn::write(wa, &report, xboard).unwrap();
//! assert!(written.ends_with("1. e1e2 d8d7 2. g1g2 e11e10 *\n"));
//! ```
//!
//! The rules themselves: legal moves, playing them, perft.
//!
//! ```
//! use kifu::rules::{Position, Status, perft};
//! use kifu::{Variant, wa};
//!
//! let mut pos = wa::Position::start(Variant::Wa);
//! assert_eq!(pos.legal_moves().len(), 51);
//! assert_eq!(perft(&pos, 2), 2601);
//! let m = pos.legal_moves()[0];
//! pos.play(&m).unwrap();
//! assert_eq!(pos.status(), Status::Ongoing);
//! assert!(pos.position_string().ends_with("[-] b 0 1"));
//! ```
//!
//! A diagram of a position, with the last move highlighted and written under the board:
//!
//! ```
//! use kifu::notation::{Notate, Style};
//! use kifu::rules::Position;
//! use kifu::svg::{self, DiagramOptions};
//! use kifu::{Variant, gufu};
//!
//! let before = gufu::Position::start(Variant::Gufu);
//! let m = before.legal_moves()[0];
//! let mut after = before.clone();
//! after.play(&m).unwrap();
//! let caption = before.move_text(&m, &after, Style::default_for(Variant::Gufu));
//! assert_eq!(caption, "K*2一>N");
//! let options = DiagramOptions { last_move: Some(m), caption: Some(caption), ..DiagramOptions::default() };
//! let doc = svg::board(&after, &options);
//! assert!(doc.starts_with("<svg") && doc.contains("lastmove") && doc.contains("K*2一&gt;N"));
//! ```
//!
//! Either game, chosen at run time (from a Variant tag or a command-line option):
//!
//! ```
//! use kifu::replay::State;
//! use kifu::rules::Position;
//! use kifu::{Variant, for_game};
//!
//! for variant in [Variant::Wa, Variant::WaNoDrop, Variant::Gufu] {
//!     let state = State::start(variant);
//!     let moves = for_game!(&state, pos => pos.legal_moves().len());
//!     assert!(moves > 0, "{variant}");
//! }
//! ```
#![warn(missing_docs)]

/// A fieldless enum of kinds, each with a stable snake_case name: `name()`, `all()` (every
/// kind, in declaration order) and `Display` (the name). A first variant marked `#[wrap]`
/// holds a kind of another such enum, whose kinds and names it takes over.
macro_rules! named_kinds {
    (@impl $name:ident, [$($wrap:ident($inner:ty))?], [$($v:ident = $s:literal),*]) => {
        impl $name {
            /// The stable snake_case name.
            pub fn name(self) -> &'static str {
                match self {
                    $( $name::$wrap(k) => k.name(), )?
                    $( $name::$v => $s, )*
                }
            }

            /// Every kind, in declaration order.
            pub fn all() -> impl Iterator<Item = $name> {
                let inner = std::iter::empty();
                $( let inner = inner.chain(<$inner>::all().map($name::$wrap)); )?
                inner.chain([$($name::$v),*])
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
    (
        $(#[$m:meta])*
        $vis:vis enum $name:ident {
            #[wrap]
            $(#[$wm:meta])*
            $wrap:ident($inner:ty),
            $( $(#[$vm:meta])* $v:ident = $s:literal, )*
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $(#[$wm])*
            $wrap($inner),
            $( $(#[$vm])* $v, )*
        }
        named_kinds!(@impl $name, [$wrap($inner)], [$($v = $s),*]);
    };
    (
        $(#[$m:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vm:meta])* $v:ident = $s:literal, )*
        }
    ) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vm])* $v, )*
        }
        named_kinds!(@impl $name, [], [$($v = $s),*]);
    };
}

pub mod analysis;
pub mod betza;
pub mod collection;
pub mod diag;
pub mod encoding;
pub mod engine;
pub mod generate;
pub mod geometry;
pub mod gufu;
pub mod jsonl;
pub mod load;
pub mod notation;
pub mod record;
pub mod replay;
pub mod rules;
pub mod svg;
mod variant;
pub mod wa;
pub mod writers;

pub use variant::Variant;
