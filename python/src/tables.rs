//! `kifu.validate` and `kifu.rows`: the records of `kifu validate --format json` and the rows
//! of `kifu convert --to csv`, as Python dicts, from the library's writers.

use crate::board::style_from;
use crate::game::{LoadedItem, for_each_item};
use kifu::notation::Style;
use kifu::writers::rows as table;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

/// A JSON value as a Python object.
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(a) => {
            let l = PyList::empty(py);
            for x in a {
                l.append(to_py(py, x)?)?;
            }
            l.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// Every game of `paths` replayed, as `kifu validate --format json` reports it, in input
/// order: a dict per game (`type` "game", `file`, `game`, `variant`, `valid`, `plies`,
/// `result`, `outcome`, `termination`, `errors`, `warnings`; each problem a dict with `ply`,
/// `line`, `column`, `kind`, `message`, `move`, `help`), a `type` "warning" dict for an
/// input's encoding warning, a `type` "error" dict for an input that cannot be read. (The
/// summary line is left out: count the dicts.)
///
/// >>> records = kifu.validate(["fixtures/gufu", "fixtures/invalid/ambiguous_move.psn"])
/// >>> [(r["file"], r["game"], r["valid"]) for r in records]
/// [('fixtures/gufu/gufu-friendly-mate.psn', 1, True), ('fixtures/gufu/gufu-kaze-takes-king.psn', 1, True), ('fixtures/gufu/gufu-letter-ranks.psn', 1, True), ('fixtures/gufu/gufu-two-games.psn', 1, True), ('fixtures/gufu/gufu-two-games.psn', 2, True), ('fixtures/invalid/ambiguous_move.psn', 1, False)]
/// >>> records[-1]["errors"][0]["kind"]
/// 'ambiguous_move'
#[pyfunction]
#[pyo3(signature = (paths, variant = None))]
pub fn validate<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for_each_item(py, paths, variant, |py, item| {
        if let LoadedItem::Warning {
            file,
            kind,
            message,
        } = &item
        {
            let d = PyDict::new(py);
            d.set_item("type", "warning")?;
            d.set_item("file", file)?;
            d.set_item("kind", kind)?;
            d.set_item("message", message)?;
            out.append(d)?;
        }
        match item_game(&item) {
            Some(g) => {
                let (record, report) = match g.parts() {
                    Some((r, p)) => (Some(r), Some(p)),
                    None => (None, None),
                };
                let d = PyDict::new(py);
                d.set_item("type", "game")?;
                d.set_item("file", g.file())?;
                d.set_item("game", g.index())?;
                d.set_item("variant", report.and_then(|r| r.variant).map(|v| v.name()))?;
                d.set_item("valid", g.errors().is_empty())?;
                d.set_item("plies", report.map_or(0, |r| r.plies))?;
                d.set_item("result", record.and_then(table::result_as_written))?;
                d.set_item("outcome", report.and_then(table::outcome))?;
                d.set_item(
                    "termination",
                    report.and_then(|r| r.outcome).map(|o| o.termination.name()),
                )?;
                let errors = PyList::empty(py);
                for p in g.errors() {
                    errors.append(p.to_dict(py)?)?;
                }
                let warnings = PyList::empty(py);
                for p in g.warnings() {
                    warnings.append(p.to_dict(py)?)?;
                }
                d.set_item("errors", errors)?;
                d.set_item("warnings", warnings)?;
                out.append(d)?;
            }
            None => {
                if let LoadedItem::Failed { file, message } = &item {
                    let d = PyDict::new(py);
                    d.set_item("type", "error")?;
                    d.set_item("file", file)?;
                    d.set_item("kind", "io")?;
                    d.set_item("message", message)?;
                    out.append(d)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(out)
}

fn item_game(item: &LoadedItem) -> Option<&crate::game::Game> {
    match item {
        LoadedItem::Game(g) => Some(g),
        _ => None,
    }
}

/// The rows of `kifu convert --to csv`, as dicts with the CSV's columns (so
/// `pandas.DataFrame(kifu.rows("games/"))` is one line), with typed values (numbers, booleans,
/// None for an empty field).
///
/// `per="ply"`: a row per main-line ply of each valid game (`file`, `game`, `ply`, `number`,
/// `side`, `move`, `piece`, `from`, `to`, `action`, `captured`, `promotion`, `facing`,
/// `check`, `mate`, `comment`, `position`), the moves written in `notation` and `ranks` as in
/// `Board.move_text`. `per="game"`: a row per game, invalid ones too (`file`, `game`,
/// `variant`, `event`, `date`, `black`, `white`, `result`, `outcome`, `plies`, `termination`,
/// `valid`, `error`).
///
/// >>> plies = kifu.rows("fixtures/gufu/gufu-friendly-mate.psn")
/// >>> len(plies), plies[0]["move"], plies[-1]["mate"]
/// (17, 'K*2三>W', True)
/// >>> sorted(plies[0])
/// ['action', 'captured', 'check', 'comment', 'facing', 'file', 'from', 'game', 'mate', 'move', 'number', 'piece', 'ply', 'position', 'promotion', 'side', 'to']
/// >>> games = kifu.rows("fixtures/xboard", per="game")
/// >>> len(games), games[0]["white"], games[0]["plies"]
/// (26, 'CrazyWa 1.0.5', 122)
#[pyfunction]
#[pyo3(signature = (paths, per = "ply", notation = "hodges", ranks = None, variant = None))]
pub fn rows<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    per: &str,
    notation: &str,
    ranks: Option<&str>,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let per_game = match per {
        "ply" => false,
        "game" => true,
        _ => {
            return Err(crate::errors::value_error(format!(
                "unknown per {per:?}: expected \"ply\" or \"game\""
            )));
        }
    };
    let out = PyList::empty(py);
    for_each_item(py, paths, variant, |py, item| {
        let Some(g) = item_game(&item) else {
            return Ok(());
        };
        let parts = g.parts();
        if per_game {
            let error = g
                .errors()
                .first()
                .map(|p| (p.kind.as_str(), p.message.as_str()));
            let fields = table::game_fields(
                g.file(),
                g.index(),
                parts.map(|p| p.0),
                parts.map(|p| p.1),
                error,
            );
            let d = PyDict::new(py);
            for (col, v) in table::GAME_COLUMNS.iter().zip(fields) {
                match *col {
                    "game" | "plies" => d.set_item(col, v.parse::<u64>().unwrap_or(0))?,
                    "valid" => d.set_item(col, v == "true")?,
                    _ if v.is_empty() => d.set_item(col, py.None())?,
                    _ => d.set_item(col, v)?,
                }
            }
            out.append(d)?;
            return Ok(());
        }
        let Some((record, report)) = parts.filter(|_| g.errors().is_empty()) else {
            return Ok(());
        };
        let Some(v) = report.variant else {
            return Ok(());
        };
        let style: Style = style_from(v, notation, ranks)?;
        for r in table::plies(record, report, style) {
            let json = table::ply_json(&r);
            let d = PyDict::new(py);
            d.set_item("file", g.file())?;
            d.set_item("game", g.index())?;
            for col in &table::PLY_COLUMNS[2..] {
                d.set_item(col, to_py(py, &json[*col])?)?;
            }
            out.append(d)?;
        }
        Ok(())
    })?;
    Ok(out)
}
