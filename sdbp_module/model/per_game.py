"""What a build or a picture asks of a game again and again, made once per game."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from sdbp_module.model.game_data import GameData

T = TypeVar("T")

KEPT_GAMES = 4
"""How many games' results each function keeps (the last asked; a process seldom holds more than one)."""


def per_game(make: Callable[[GameData], T]) -> Callable[[GameData], T]:
    """``make``, its result kept for the last games asked (by identity: a ``GameData`` never changes), so
    that the parts of one build that each ask for it (a help page, a player aid, a palette and a set-up)
    do not make it again. What ``make`` raises passes through and nothing is kept."""
    kept: dict[int, tuple[GameData, T]] = {}

    @functools.wraps(make)
    def made_once(game: GameData) -> T:
        found = kept.get(id(game))
        if found is not None and found[0] is game:
            return found[1]
        made = make(game)
        if len(kept) >= KEPT_GAMES:
            kept.clear()
        kept[id(game)] = (game, made)
        return made

    return made_once
