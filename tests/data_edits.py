"""Editing a copy of a game's data folder in a test: plant one fault and know the line it is on."""

from __future__ import annotations

from pathlib import Path


def plant(folder: Path, name: str, old: str, new: str) -> int:
    """Replace the first ``old`` of ``folder/name`` by ``new``; the 1-based line it is on."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    at = text.index(old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text.count("\n", 0, at) + 1
