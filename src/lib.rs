//! kifu: game records of Wa shogi and Gufū shōgi.
//!
//! Flow: bytes → grammar (pest) → [`record`] → replay through the rules core ([`wa`],
//! [`gufu`], sharing [`geometry`], [`betza`] and [`rules`]) → writers.

pub mod analysis;
pub mod betza;
pub mod generate;
pub mod geometry;
pub mod gufu;
pub mod notation;
pub mod record;
pub mod replay;
pub mod rules;
pub mod svg;
pub mod variant;
pub mod wa;
pub mod writers;

pub use variant::Variant;
