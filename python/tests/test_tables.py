"""kifu.validate and kifu.rows: the CLI's JSON records and CSV rows as dicts."""

import json
import os
import pathlib
import subprocess

import pytest

import kifu

ROOT = pathlib.Path(__file__).resolve().parents[2]


def kifu_binary():
    for profile in ["release", "debug"]:
        path = ROOT / "target" / profile / "kifu"
        if path.exists():
            return path
    if os.environ.get("CI"):
        pytest.fail("the kifu binary is not built (cargo build runs before the Python tests)")
    pytest.skip("the kifu binary is not built")


def test_validate_is_the_cli_json(fixtures):
    records = kifu.validate([str(fixtures)])
    out = subprocess.run(
        [str(kifu_binary()), "validate", "-q", "--format", "json", "fixtures"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout
    cli = [json.loads(line) for line in out.splitlines()]
    assert cli[-1]["type"] == "summary"
    cli = cli[:-1]
    for r in records:
        r["file"] = os.path.relpath(r["file"], ROOT)
    assert len(records) == len(cli) == 143 + sum(1 for c in cli if c["type"] != "game")
    assert records == cli


def test_validate_in_input_order(fixtures):
    a = fixtures / "invalid" / "syntax.psn"
    b = fixtures / "gufu" / "gufu-two-games.psn"
    records = kifu.validate([a, b])
    assert [(r["file"], r["game"], r["valid"]) for r in records] == [
        (str(a), 1, False),
        (str(b), 1, True),
        (str(b), 2, True),
    ]
    assert records[0]["errors"][0]["kind"] == "syntax"


def test_rows_per_ply_are_the_csv_columns(fixtures):
    rows = kifu.rows(fixtures / "gufu" / "gufu-two-games.psn")
    assert list(rows[0]) == [
        "file", "game", "ply", "number", "side", "move", "piece", "from", "to", "action",
        "captured", "promotion", "facing", "check", "mate", "comment", "position",
    ]
    assert len(rows) == 11 + 21
    assert rows[0]["move"] == "K*2三>W" and rows[0]["action"] == "drop"
    assert rows[-1]["mate"] is True or rows[-1]["captured"] is not None
    letters = kifu.rows(fixtures / "gufu" / "gufu-two-games.psn", ranks="letters")
    assert letters[0]["move"] == "K*2c>W"


def test_rows_per_game(fixtures):
    rows = kifu.rows([fixtures / "invalid" / "syntax.psn", fixtures / "gufu"], per="game")
    assert list(rows[0]) == [
        "file", "game", "variant", "event", "date", "black", "white", "result", "outcome",
        "plies", "termination", "valid", "error_kind", "error", "final_position",
    ]
    assert rows[0]["valid"] is False and rows[0]["error"]
    assert all(r["valid"] for r in rows[1:])
    with pytest.raises(ValueError):
        kifu.rows(fixtures / "gufu", per="move")


def test_dataframe_of_plies(fixtures):
    pandas = pytest.importorskip("pandas") if not os.environ.get("CI") else __import__("pandas")
    df = pandas.DataFrame(kifu.rows(fixtures / "xboard"))
    assert len(df) == sum(len(g.mainline_moves()) for g in kifu.read_games(fixtures / "xboard"))
    assert set(df["side"]) == {"black", "white"}
    assert df.groupby("file")["ply"].max().min() > 0


def test_validate_warnings_of_an_input_without_games_are_the_cli_json(tmp_path):
    # A Shift_JIS file with only a comment: the decoder's warning, then empty_input (as the
    # CLI's input loop, kifu::load, reports them).
    path = tmp_path / "empty.pgn"
    path.write_bytes("; テスト\n".encode("shift_jis"))
    records = kifu.validate(path)
    assert [(r["type"], r["kind"]) for r in records] == [
        ("warning", "encoding"),
        ("warning", "empty_input"),
    ]
    out = subprocess.run(
        [str(kifu_binary()), "validate", "-q", "--format", "json", str(path)],
        capture_output=True,
        text=True,
    ).stdout
    assert records == [json.loads(line) for line in out.splitlines()][:-1]
