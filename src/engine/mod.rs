//! XBoard engines (protocol 2): HaChu (Wa without drops, XBoard's `wa-shogi`) and CrazyWa
//! (Wa with drops, `crazywa`), driven as child processes, every move they send checked
//! through the rules core. [`Engine`] is one engine; [`game`] plays matches with kifu as the
//! arbiter. docs/engines.md describes the protocol as kifu speaks it.
//!
//! Nothing here needs the command-line crates: only the standard library (and `libc`, to end
//! an engine's whole process group on Unix).

pub mod analyze;
pub mod elo;
#[allow(clippy::module_inception)]
mod engine;
pub mod game;
pub mod moves;
pub mod process;
pub mod protocol;
pub mod record;

pub use engine::{
    Config, Engine, EngineError, Failure, Limit, MAX_TAKE_BACK, SearchResult, Setup, SetupDone,
    Thinking,
};
pub use protocol::{CommandLineError, CommandLineErrorKind, MateStyle, Score};
