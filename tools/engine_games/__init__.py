"""The games ``tools/record_engine_games.py`` has the real engine play (``tests/engine_games/``).

A game is a :class:`Fixture`: its name (the folder), its game data (``source_data/<game>``), a line
saying what it plays, and a builder that plays it act by act on a
:class:`~sdbp_module.vassal_log.play_script.PlayScript` and returns what the checker must say: None
for a legal game (legal by the rules text, not by what the checker accepts), or :class:`Planted`,
the one fault the game plants and the :meth:`~PlayScript.mark` of the act that commits it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sdbp_module.model.game_data import GameData
from sdbp_module.vassal_log.play_script import PlayScript


@dataclass(frozen=True)
class Planted:
    """The fault a game plants: the rule id the checker must report, at the step of the marked act."""

    rule_id: str
    mark: str


Builder = Callable[[PlayScript, GameData], Planted | None]


@dataclass(frozen=True)
class Fixture:
    name: str
    game: str
    about: str
    build: Builder


def _all() -> list[Fixture]:
    from engine_games import sodbp_games, sos_games

    fixtures = [*sodbp_games.FIXTURES, *sos_games.FIXTURES]
    names = [f.name for f in fixtures]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"engine games registered twice: {', '.join(twice)} (a name is a folder and an --only argument)")
    return fixtures


FIXTURES: list[Fixture] = _all()
