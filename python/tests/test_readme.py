"""The README's Python examples (the pycon blocks marked python-readme-test) run as doctests,
from the top of the repository."""

import doctest
import os
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"<!-- python-readme-test -->\n```pycon\n(.*?)```", re.S)


def blocks():
    return BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))


def test_there_are_examples():
    assert len(blocks()) == 2


@pytest.mark.parametrize("index", range(2))
def test_readme_example(index, monkeypatch):
    pytest.importorskip("pandas") if not os.environ.get("CI") else None
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(blocks()[index], {}, f"README-{index}", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0
