"""Shared fixtures of the log-interpretation tests: the bundled game and a module built from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from tests.built_modules import built_module


@pytest.fixture(scope="session")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="session")
def module(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("interpret-module")
    return built_module(default_data_dir(), out)
