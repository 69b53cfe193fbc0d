//! kifu: game records of Wa shogi and Gufū shōgi.
//!
//! Flow: bytes → grammar (pest) → record → replay through the rules core → writers.

pub mod geometry;
pub mod betza;
pub mod wa;
pub mod gufu;
pub mod record;
