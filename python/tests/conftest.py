"""Shared paths of the tests: the repository's fixtures."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"


@pytest.fixture
def fixtures() -> pathlib.Path:
    return FIXTURES
