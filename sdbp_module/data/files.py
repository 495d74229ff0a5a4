"""Which files a game-data folder holds, and how they are read (no YAML, no schema: the game-data
cache computes its key from these bytes before it knows whether it needs either).

Every data file is read by ``read_data_bytes``, which reads as ``fileio.read_inside`` does: never
through a link that leads out of the data folder, never from what is not a regular file (a FIFO,
``/dev/zero``), never more than ``MAX_FILE_BYTES``. Each refusal is one line naming the file, exit 2.
"""

from __future__ import annotations

import os
from pathlib import Path

from sdbp_module.fileio import read_inside
from sdbp_module.limits import MAX_DATA_FILE_BYTES

KINDS: tuple[str, ...] = (
    "game",
    "areas",
    "borders",
    "counters",
    "markers",
    "cards",
    "turn_track",
    "scenario",
    "module",
)
"""Every kind of data file, in reading order; ``<kind>.yaml`` is checked by ``<kind>.schema.json``."""

HEX_KINDS: tuple[str, ...] = ("game", "hexes", "counters", "markers", "turn_track", "tables")
"""The files of a **hex-map** game, in reading order: a folder with a ``hexes.yaml`` is one (its map is the
hex grid of that file, not areas and borders; docs/data-format.md). The area kinds are then not read."""

HEX_SCHEMAS: dict[str, str] = {
    "game": "hex_game",
    "hexes": "hexes",
    "counters": "hex_counters",
    "markers": "hex_markers",
    "turn_track": "hex_turn_track",
    "tables": "tables",
}
"""The schema of each file of a hex-map game (``schemas/<name>.schema.json``)."""

OPTIONAL_KINDS = ("module",)
"""Kinds a folder may leave out: their value is then their schema's defaults."""

HEX_OPTIONAL_KINDS = ("tables",)
"""Kinds a hex-map game's folder may leave out: the game then has none of them (no printed tables)."""

MAX_FILE_BYTES = MAX_DATA_FILE_BYTES
"""Largest data file read (``limits.MAX_DATA_FILE_BYTES``, 512 KiB; the largest bundled file has 64 KB)."""


def display_name(path: Path) -> str:
    """The path as the user should see it: relative to the working folder when inside it."""
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return str(path)


def is_hex_folder(folder: Path) -> bool:
    """Whether ``folder`` holds a hex-map game: something named ``hexes.yaml`` is there (a link or a
    folder of that name too: it is refused when read, never taken for an area game)."""
    return os.path.lexists(folder / "hexes.yaml")


def schema_kind(kind: str, hex_map: bool) -> str:
    """The schema (``schemas/<name>.schema.json``) that checks the file ``<kind>.yaml`` of an area game
    or, with ``hex_map``, of a hex-map game."""
    return HEX_SCHEMAS[kind] if hex_map else kind


def data_files(folder: Path) -> list[tuple[str, Path]]:
    """``(kind, path)`` of every data file ``folder`` holds or must hold, in reading order: each kind's
    ``<kind>.yaml`` (a hex-map game's: ``HEX_KINDS``), an optional kind's only when something of that name is there (a link, a FIFO or a
    folder of that name is there, and is refused when read, never taken for an absent file)."""
    if is_hex_folder(folder):
        hex_paths = [(kind, folder / f"{kind}.yaml") for kind in HEX_KINDS]
        return [(kind, path) for kind, path in hex_paths if kind not in HEX_OPTIONAL_KINDS or os.path.lexists(path)]
    paths = [(kind, folder / f"{kind}.yaml") for kind in KINDS]
    return [(kind, path) for kind, path in paths if kind not in OPTIONAL_KINDS or os.path.lexists(path)]


def read_data_bytes(path: Path, display: str | None = None, folder: Path | None = None) -> bytes:
    """The bytes of the data file ``path`` of ``folder`` (default: the folder it is in)."""
    shown = display if display is not None else display_name(path)
    home = folder if folder is not None else path.parent
    return read_inside(path, home, shown=shown, limit=MAX_FILE_BYTES, what="a game data file", folder_words="data folder")
