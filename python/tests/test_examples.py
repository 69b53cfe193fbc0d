"""Every `>>>` example runs and prints what it shows: those of the docstrings (each public
name's, its methods' and properties') and those of docs/python.md (its ```pycon blocks), from
the top of the repository (they name fixtures as fixtures/...). A wrong example fails here."""

import doctest
import inspect
import pathlib
import re

import pytest

import kifu

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "python.md"
BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.S | re.M)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def docstrings():
    """(name, docstring) of the module, each public name, and each class's members."""
    out = [("kifu", kifu.__doc__)]
    for name in kifu.__all__:
        if name.startswith("_"):
            continue
        obj = getattr(kifu, name)
        out.append((name, obj.__doc__))
        if inspect.isclass(obj):
            for attr in vars(obj):
                if attr.startswith("__"):
                    continue
                # getattr, not the dict's value: a static method's docstring is the function's.
                out.append((f"{name}.{attr}", getattr(getattr(obj, attr), "__doc__", None)))
    return [(n, d) for n, d in out if d and ">>>" in d]


def reference_blocks():
    return BLOCK.findall(REFERENCE.read_text(encoding="utf-8"))


def run(text, name, monkeypatch):
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(text, {"kifu": kifu}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
    return runner.tries


@pytest.mark.parametrize("name,doc", docstrings(), ids=[n for n, _ in docstrings()])
def test_docstring_example(name, doc, monkeypatch):
    assert run(doc, name, monkeypatch) > 0


@pytest.mark.parametrize("index", range(len(reference_blocks())))
def test_reference_example(index, monkeypatch):
    assert run(reference_blocks()[index], f"docs/python.md block {index + 1}", monkeypatch) > 0


# The names of the Python API (issue 23): each has an example in its docstring, and
# docs/python.md shows each in an example (the text an example's code must contain).
NAMES = {
    "Board": "kifu.Board(",
    "Board.variant": ".variant",
    "Board.turn": ".turn",
    "Board.legal_moves": ".legal_moves",
    "Board.push": ".push(",
    "Board.push_text": ".push_text(",
    "Board.pop": ".pop(",
    "Board.peek": ".peek(",
    "Board.move_stack": ".move_stack",
    "Board.move_text": ".move_text(",
    "Board.position_string": ".position_string(",
    "Board.piece_at": ".piece_at(",
    "Board.hands": ".hands",
    "Board.is_check": ".is_check(",
    "Board.is_checkmate": ".is_checkmate(",
    "Board.is_game_over": ".is_game_over(",
    "Board.outcome": ".outcome(",
    "Board.copy": ".copy(",
    "Board.perft": ".perft(",
    "Board.svg": ".svg(",
    "Board._repr_svg_": "._repr_svg_(",
    "Board.png": ".png(",
    "Move": "str(",
    "Move.from_square": ".from_square",
    "Move.to_square": ".to_square",
    "Move.drop": ".drop",
    "Move.promotion": ".promotion",
    "Move.from_engine": "kifu.Move.from_engine(",
    "read_game": "kifu.read_game(",
    "read_games": "kifu.read_games(",
    "Game.headers": ".headers",
    "Game.variant": ".variant",
    "Game.errors": ".errors",
    "Game.is_valid": ".is_valid",
    "Game.board": ".board(",
    "Game.end": ".end(",
    "Game.mainline": ".mainline(",
    "Game.mainline_moves": ".mainline_moves(",
    "Game.text": ".text(",
    "Game.html": ".html(",
    "Node.move": ".move",
    "Node.ply": ".ply",
    "Node.text": ".text",
    "Node.comment": ".comment",
    "Node.nags": ".nags",
    "Node.variations": ".variations",
    "Node.board": ".board(",
    "Node.parent": ".parent",
    "Problem": ".help",
    "validate": "kifu.validate(",
    "rows": "kifu.rows(",
    "mate": "kifu.mate(",
    "solve": "kifu.solve(",
    "analyze": "kifu.analyze(",
    "RecordError": "kifu.RecordError",
    "PositionError": "kifu.PositionError",
    "IllegalMoveError": "kifu.IllegalMoveError",
}
# And the rest of what the issue lists, shown in docs/python.md.
ALSO_SHOWN = ["==", "hash(", "per=\"game\"", "all_moves=", "mate_depth=", "notation=",
              "ranks=", "flip=", "last_move=", "size=", "position=", ".kind", ".line",
              ".column", ".message", ".ply", "open("]


def lookup(name):
    obj = kifu
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_name_has_a_docstring_example(name):
    assert ">>>" in (lookup(name).__doc__ or ""), name


def reference_code():
    """The code of docs/python.md's examples (their >>> and ... lines)."""
    lines = []
    for block in reference_blocks():
        lines += [ln[4:] for ln in block.splitlines() if ln.startswith((">>> ", "... "))]
    return "\n".join(lines)


def test_the_reference_shows_every_name():
    code = reference_code()
    missing = [n for n, text in NAMES.items() if text not in code]
    missing += [text for text in ALSO_SHOWN if text not in code]
    assert missing == []
    text = REFERENCE.read_text(encoding="utf-8")
    for name in NAMES:
        assert re.search(r"`[\w.]*\b" + re.escape(name.split(".")[-1]) + r"\b", text), name
