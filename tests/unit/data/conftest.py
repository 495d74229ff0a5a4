"""Fixtures for the data tests: a copy of the tiny ``fixtures/mini`` game to edit and check."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from data_support import FIXTURES, Edit


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of the mini game as ``mini/`` in the working folder (so messages say ``mini/...``)."""
    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    monkeypatch.chdir(tmp_path)
    return Path("mini")


@pytest.fixture
def edit(mini: Path) -> Edit:
    """Replace one exact piece of text in one file of the mini game (it must occur exactly once)."""

    def replace(file: str, old: str, new: str) -> None:
        path = mini / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    return replace
