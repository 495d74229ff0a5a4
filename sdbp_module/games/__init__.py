"""Game-specific content the module writer asks for, by game id (``GameData.game.id``).

Today: the player aid (:func:`player_aid`). A game with an entry in ``PLAYER_AIDS`` has a module
``<path>`` exposing ``player_aid(game: GameData) -> PlayerAid``; it is imported only when asked for,
so loading the writer does not load every game's rules. A game without an entry has no player aid.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from sdbp_module.games.aid import PlayerAid
from sdbp_module.model.game_data import GameData

PLAYER_AIDS: dict[str, str] = {"sodbp": "sdbp_module.games.sodbp.aid"}
"""Game id → the module that builds its player aid."""


def player_aid(game: GameData) -> PlayerAid | None:
    """The player aid of ``game``, or None when its game has none."""
    module_name = PLAYER_AIDS.get(game.game.id)
    if module_name is None:
        return None
    build: Callable[[GameData], PlayerAid] = importlib.import_module(module_name).player_aid
    return build(game)
