//! The `kifu` Python package's compiled part (`kifu._kifu`): thin bindings over the kifu
//! library. No rule is written here; every answer comes from the library.

mod analysis;
mod board;
mod compat;
mod errors;
mod game;
mod tables;

use pyo3::prelude::*;

/// Raises a Rust panic inside the bindings: for the test that a panic becomes a Python
/// exception (pyo3's PanicException) and never aborts the interpreter.
#[pyfunction]
fn _panic_for_test() {
    panic!("a deliberate panic, for the test of the boundary");
}

#[pymodule]
fn _kifu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::Move>()?;
    m.add_class::<board::Piece>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<board::LegalMoves>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Node>()?;
    m.add_class::<game::Headers>()?;
    m.add_class::<game::Problem>()?;
    m.add_class::<game::GameIter>()?;
    m.add_function(wrap_pyfunction!(game::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(tables::validate, m)?)?;
    m.add_function(wrap_pyfunction!(tables::rows, m)?)?;
    m.add_class::<analysis::MateResult>()?;
    m.add_class::<analysis::Value>()?;
    m.add_class::<analysis::SolveResult>()?;
    m.add_class::<analysis::PlyNote>()?;
    m.add_function(wrap_pyfunction!(analysis::mate, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::solve, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::analyze, m)?)?;
    m.add("KifuError", py.get_type::<errors::KifuError>())?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("PositionError", py.get_type::<errors::PositionError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    Ok(())
}
