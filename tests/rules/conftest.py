"""Fixtures for rules tests; the helpers themselves live in ``rules_helpers.py`` (a unique module name)."""

from __future__ import annotations

import pytest
from rules_helpers import make_tiny_game

from sdbp_module.model.game_data import GameData


@pytest.fixture(scope="session")
def tiny_game() -> GameData:
    return make_tiny_game()
