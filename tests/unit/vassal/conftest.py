"""Shared fixtures for the VASSAL build tests: the real SoDBP data, and the module built once."""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from lxml import etree

from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import layout, verify
from tests.built_modules import built_module

DATA_DIR = PROJECT_ROOT / "source_data" / "sodbp"


@dataclass(frozen=True)
class Built:
    game: GameData
    layout: layout.Layout
    path: Path
    problems: list[str]
    inventory: verify.Inventory
    root: etree._Element
    entries: dict[str, bytes]


@pytest.fixture(scope="session")
def game() -> GameData:
    return load_game(DATA_DIR)


@pytest.fixture(scope="session")
def built(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The module ``build_module(game, out, None)`` writes, built once for the session and every worker
    (``tests/built_modules.py``: the e2e, interpret, cli … fixtures' module of the same data), and read back."""
    path = built_module(DATA_DIR, tmp_path_factory.mktemp("build"))
    expected = sorted((str(a.id) for a in game.areas), key=int)
    problems, inv = verify.verify_module(path, expected_areas=expected)
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    root = etree.fromstring(entries["buildFile.xml"])
    return Built(game, layout.make_layout(game), path, problems, inv, root, entries)


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--update-golden`` (or ``SDBP_UPDATE_GOLDEN=1``) rewrites tests/unit/vassal/golden/ files."""
    parser.addoption("--update-golden", action="store_true", default=False, help="rewrite the golden files of tests/unit/vassal")
