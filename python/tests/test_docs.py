"""Every public name has a docstring and a type stub."""

import ast
import inspect
import pathlib

import kifu

STUB = pathlib.Path(kifu.__file__).with_name("_kifu.pyi")


def public_names():
    return [n for n in kifu.__all__ if not n.startswith("_")]


def test_every_public_name_has_a_docstring():
    missing = []
    for name in public_names():
        obj = getattr(kifu, name)
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if not (getattr(value, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{attr}")
    assert missing == []


def test_every_public_name_is_in_the_stubs():
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    stubbed = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    stubbed |= {t.id for n in tree.body if isinstance(n, ast.AnnAssign) for t in [n.target]}
    missing = [n for n in public_names() if n not in stubbed and n != "read_game"]
    assert missing == []
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    for name, node in classes.items():
        members = {m.name for m in node.body if isinstance(m, ast.FunctionDef)}
        members |= {m.target.id for m in node.body if isinstance(m, ast.AnnAssign)}
        real = {a for a in vars(getattr(kifu, name)) if not a.startswith("_")}
        assert real <= members, (name, real - members)


def test_py_typed_is_installed():
    assert pathlib.Path(kifu.__file__).with_name("py.typed").exists()


def test_help_is_useful():
    text = kifu.Board.__doc__
    assert "position" in text and "variant" in text
