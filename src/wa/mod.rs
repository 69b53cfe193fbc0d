//! Wa shogi: 11 × 11, 17 piece kinds, with or without drops. The rules core of the game:
//! [`Position`] (board, hands, side to move; its legal moves, check and the end of the game
//! through [`rules::Position`](crate::rules::Position)), [`Game`] (a position with the history
//! the repetition rule needs: what a record replays), the piece table ([`KINDS`]: every piece
//! as data) and position strings ([`fen`]): the rules core (`position.rs`, `game.rs`,
//! `kind.rs`, `moves.rs`, `attacks.rs`, `zones.rs`, `pieces.rs`, `fen.rs`), which knows
//! nothing of notation, records, diagrams or analysis.
//!
//! Beside it, everything else that is Wa's own: the game's side of each trait of the seam through
//! which the generic layers see a game (`replay::Seam`): [`notation`] (its moves and squares
//! written and read), `resolve` (a written move resolved against a position, for the replay),
//! `diagram` (its diagrams: pieces, hands, layout), `page` (its boards on a replay page),
//! `analysis` (what the mate search needs of a position, a game's plies judged), and `seam` (what a
//! move does for the tables, how random games weigh moves, a collection's key of a position). These
//! adapters use the rules core and the generic layer they serve; the rules core uses none of them,
//! nor those layers.
//!
//! The rules enforced here are stated in `docs/rules-wa.md`.

pub(crate) mod analysis;
mod attacks;
pub(crate) mod diagram;
pub mod fen;
mod game;
mod kind;
mod moves;
pub mod notation;
mod page;
mod pieces;
mod position;
mod resolve;
mod seam;
mod zones;

pub use attacks::reach;
pub use game::Game;
pub use kind::{Kind, Piece};
pub use moves::{Move, WaSquare};
pub use pieces::{Face, KINDS, KindRow, NKINDS, Promoted};
pub use position::Position;
pub use zones::{in_zone, last_rank};

pub(crate) use attacks::square_list;
use attacks::*;
pub(crate) use resolve::face_of;

use crate::betza::{self, LEAPS, Ray};
use crate::geometry::{Color, Square, WA};
use std::sync::OnceLock;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_betza_string_parses() {
        for k in Kind::all() {
            let row = k.row();
            betza::parse(row.face.betza).unwrap();
            if let Some(p) = &row.promoted {
                betza::parse(p.face.betza).unwrap();
                assert!(p.face.abbr.starts_with('+'));
                assert_eq!(&p.face.abbr[1..], row.face.abbr);
            }
        }
        assert_eq!(tables().len(), 34);
    }

    #[test]
    fn step_table_matches_the_geometry() {
        for sq in 0..=255u8 {
            for dx in -4..=4 {
                for dy in -4..=4 {
                    let sq = Square(sq);
                    assert_eq!(step(sq, dx, dy), WA.offset(sq, dx, dy), "{sq:?} {dx} {dy}");
                }
            }
        }
    }

    #[test]
    fn abbreviation_tables_match_the_piece_table() {
        let mut names: Vec<String> = vec![String::new(), "+SP".into(), "sp".into(), "SPX".into()];
        for a in b'A'..=b'Z' {
            names.push((a as char).to_string());
            for b in b'A'..=b'Z' {
                names.push(format!("{}{}", a as char, b as char));
            }
        }
        for s in &names {
            let abbr = Kind::all().find(|k| k.row().face.abbr == s);
            let alias = Kind::all().find(|k| {
                k.row()
                    .promoted
                    .as_ref()
                    .is_some_and(|p| p.alias == Some(s.as_str()))
            });
            assert_eq!(Kind::from_abbr(s), abbr, "{s}");
            assert_eq!(Kind::from_promoted_alias(s), alias, "{s}");
        }
        assert_eq!(Kind::from_abbr("SP"), Some(Kind::SP));
        assert_eq!(Kind::from_promoted_alias("GB"), Some(Kind::SP));
    }

    #[test]
    fn letters_and_abbreviations_are_unique() {
        for a in Kind::all() {
            for b in Kind::all() {
                if a != b {
                    assert_ne!(a.row().letter, b.row().letter);
                    assert_ne!(a.row().face.abbr, b.row().face.abbr);
                }
            }
        }
    }
}
