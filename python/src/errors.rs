//! The exceptions of the package: each a `ValueError` (or `KifuError`) with a `kind`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    kifu,
    KifuError,
    PyValueError,
    "Base of kifu's errors: a ValueError with a `kind` (a stable snake_case name, as `kifu validate` reports it), a `message` and a `help` (a hint, or None)."
);
pyo3::create_exception!(
    kifu,
    IllegalMoveError,
    KifuError,
    "A move that is illegal, ambiguous or unreadable on the position: `kind` is the validate kind (`path_blocked`, `ambiguous_move`, `syntax`...), `help` the hint validate prints (candidate origins, where the piece could go), or None."
);
pyo3::create_exception!(
    kifu,
    PositionError,
    KifuError,
    "A malformed position string (Wa FEN or Gufū position string): `kind` is `bad_position`, `offset` the byte where it goes wrong."
);
pyo3::create_exception!(
    kifu,
    RecordError,
    KifuError,
    "A record (a game's text) that cannot be read or opened: `kind` (`syntax`, `unterminated_tag`, `io`...), `line` and `column` (from 1; None when unknown)."
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
