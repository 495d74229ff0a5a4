"""Fixtures for the Storm over Stalingrad rules tests; the helpers live in ``sos_helpers.py``."""

from __future__ import annotations

import pytest
from sos_helpers import make_sos_game

from sdbp_module.model.game_data import GameData


@pytest.fixture(scope="session")
def sos_game() -> GameData:
    return make_sos_game()
