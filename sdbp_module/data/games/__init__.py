"""Game-specific data checks, chosen by ``game.yaml`` id: facts the game's rules fix."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sdbp_module.data.crossref import Checks


def game_checks(game_id: str) -> tuple[Callable[[Checks], None], ...]:
    """The extra checks for ``game_id``; none for a game without its own module."""
    if game_id == "sodbp":
        from sdbp_module.data.games import sodbp

        return sodbp.CHECKS
    return ()
