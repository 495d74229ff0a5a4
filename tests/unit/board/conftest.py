"""Shared fixtures of the board tests: the bundled game, its layout, and a painter drawing from the data."""

from __future__ import annotations

import pytest

from sdbp_module.board.draw import BoardPainter
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.vassal import layout


@pytest.fixture(scope="session")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="session")
def lay(game: GameData) -> layout.Layout:
    return layout.make_layout(game)


@pytest.fixture(scope="session")
def painter(game: GameData) -> BoardPainter:
    return BoardPainter(game)
