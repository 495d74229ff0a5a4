"""Fixtures of the board tests: each game's module built once per session, and its set-up save."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from sdbp_module.paths import PROJECT_ROOT, default_images_dir
from tests.built_modules import built_module

GAMES = ("sodbp", "sos", "mortain", "tonkin")


def _build(game: str, out: Path) -> tuple[Path, Path]:
    """What ``sdbp build source_data/<game> -o out`` writes (artwork from the game's images folder when it
    has one), built once per session (``tests/built_modules.py``), and its set-up save beside it."""
    images = default_images_dir(game)
    module = built_module(PROJECT_ROOT / "source_data" / game, out, images if images.is_dir() else None)
    setup = out / "setup.vsav"
    with zipfile.ZipFile(module) as archive:
        setup.write_bytes(archive.read("campaign.vsav"))
    return module, setup


_BUILT: dict[str, tuple[Path, Path]] = {}


@pytest.fixture(scope="session")
def build(tmp_path_factory: pytest.TempPathFactory) -> object:
    """``build(game)`` -> (module, its set-up save), each game built once per session."""

    def get(game: str) -> tuple[Path, Path]:
        if game not in _BUILT:
            _BUILT[game] = _build(game, tmp_path_factory.mktemp(game))
        return _BUILT[game]

    return get


@pytest.fixture(scope="session")
def sodbp(build: object) -> tuple[Path, Path]:
    assert callable(build)
    result: tuple[Path, Path] = build("sodbp")
    return result
