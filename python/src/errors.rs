//! The exceptions of the package: each a `ValueError` (or `KifuError`) with a `kind`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    kifu,
    KifuError,
    PyValueError,
    concat!(
        "Base of kifu's errors: a ValueError with a `kind` (a stable snake_case name, as `kifu validate` reports it), a `message` and a `help` (a hint, or None).\n\n",
        ">>> issubclass(kifu.IllegalMoveError, kifu.KifuError), issubclass(kifu.KifuError, ValueError)\n",
        "(True, True)\n",
    )
);
pyo3::create_exception!(
    kifu,
    IllegalMoveError,
    KifuError,
    concat!(
        "A move that is illegal, ambiguous or unreadable on the position: `kind` is the validate kind (`path_blocked`, `ambiguous_move`, `syntax`...), `help` the hint validate prints (candidate origins, where the piece could go), or None.\n\n",
        ">>> try:\n",
        "...     kifu.Board().push_text(\"SP-7c\")\n",
        "... except kifu.IllegalMoveError as e:\n",
        "...     print(e.kind, \"|\", e.message, \"|\", e.help)\n",
        "cannot_move_that_way | Black has no SP that can move to 7c | the SPs stand on 8h, 4h, 11i, 10i, 9i, 7i, 6i, 5i, 3i, 2i, 1i\n",
    )
);
pyo3::create_exception!(
    kifu,
    PositionError,
    KifuError,
    concat!(
        "A malformed position string (Wa FEN or Gufū position string): `kind` is `bad_position`, `offset` the byte where it goes wrong.\n\n",
        ">>> try:\n",
        "...     kifu.Board(\"wa\", \"garbage\")\n",
        "... except kifu.PositionError as e:\n",
        "...     print(e.kind, e.offset)\n",
        "bad_position 1\n",
    )
);
pyo3::create_exception!(
    kifu,
    RecordError,
    KifuError,
    concat!(
        "A record (a game's text) that cannot be read or opened: `kind` (`syntax`, `unterminated_tag`, `io`...), `line` and `column` (from 1; None when unknown).\n\n",
        ">>> try:\n",
        "...     next(kifu.read_games(\"fixtures/invalid/syntax.psn\", strict=True))\n",
        "... except kifu.RecordError as e:\n",
        "...     print(e.kind, e.line, e.column)\n",
        "syntax 5 21\n",
    )
);

/// An exception of type `T` with `message` and the attributes `kind`, `message`, `help` and
/// any `extra` ones.
pub fn error<T: pyo3::PyTypeInfo>(
    py: Python<'_>,
    kind: &str,
    message: &str,
    help: Option<&str>,
    extra: &[(&str, Option<usize>)],
) -> PyErr {
    let err = PyErr::from_type(T::type_object(py), message.to_string());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("kind", kind)?;
        value.setattr("message", message)?;
        value.setattr("help", help)?;
        for (name, v) in extra {
            value.setattr(*name, *v)?;
        }
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

pub fn position_error(py: Python<'_>, e: &kifu::rules::PositionError) -> PyErr {
    error::<PositionError>(
        py,
        "bad_position",
        &e.to_string(),
        None,
        &[("offset", Some(e.offset))],
    )
}

pub fn illegal(py: Python<'_>, kind: &str, message: &str, help: Option<&str>) -> PyErr {
    error::<IllegalMoveError>(py, kind, message, help, &[])
}

pub fn value_error(msg: impl Into<String>) -> PyErr {
    PyValueError::new_err(msg.into())
}
