"""The games sdbp knows, each a package ``sdbp_module.games.<game id>`` found by its id.

A game's package declares ``GAME = GamePackage(...)`` in its ``__init__``: where its data
cross-checks, rules package, player aid and counter-guide words live, as module paths imported only when asked for (so
building a module does not load the rules, nor validating the data the module writer). A game id
without a package is still a game: its data is validated and built with the generic checks only,
and it has no rules package and no player aid. A package without a data folder is a game too (its rules
catalogue written before its data): ``sdbp rules`` lists it. Nothing outside ``sdbp_module/games/`` names a game;
everything asks this registry with the id from ``game.yaml``.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sdbp_module.records import record

if TYPE_CHECKING:
    from sdbp_module.data.crossref import Checks
    from sdbp_module.games.aid import PlayerAid
    from sdbp_module.model.game_data import GameData
    from sdbp_module.vassal.counter_guide import CounterWords

_GAME_ID = re.compile(r"^[a-z][a-z0-9_]*$")

DEFAULT_GAME = "sodbp"
"""The game a command works on when it names none (``sdbp build``, ``sdbp rules``): the first game."""


@record
class GamePackage:
    """Where one game's own code lives: ``module`` or ``module:attribute`` paths, imported lazily."""

    id: str
    checks: str | None = None  # module exposing ``CHECKS: tuple[Callable[[Checks], None], ...]``
    rules: str | None = None  # "module:attribute" of its ``RulesPackage``
    player_aid: str | None = None  # module exposing ``player_aid(game: GameData) -> PlayerAid``
    counter_guide: str | None = None  # module exposing ``counter_words(game: GameData) -> CounterWords``
    hex_map: bool = False  # the game's map is a hex grid (its data has a hexes.yaml): built, read and checked by the hex paths (replay.hexes, rules.hexes)
    map_borders: tuple[str, ...] = ()  # the regions of hexes.yaml that are countries: the hex board prints the borders between them


def game_package(game_id: str) -> GamePackage | None:
    """The package of ``game_id``, or None when sdbp has no code of its own for that game."""
    if not _GAME_ID.match(game_id):
        return None
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{game_id}":
            return None
        raise
    package = getattr(module, "GAME", None)
    return package if isinstance(package, GamePackage) else None


def known_games() -> tuple[str, ...]:
    """The ids of the games with a package here, sorted."""
    from importlib.resources import files

    root = files(__name__)
    return tuple(
        sorted(
            p.name
            for p in root.iterdir()
            if p.is_dir() and _GAME_ID.match(p.name) and (p / "__init__.py").is_file() and game_package(p.name) is not None
        )
    )


def _attribute(path: str) -> Any:
    module_name, _, attr = path.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def game_checks(game_id: str) -> tuple[Callable[[Checks], None], ...]:
    """The game's own data checks (facts its rules fix), run after the generic ones; none without a package."""
    package = game_package(game_id)
    if package is None or package.checks is None:
        return ()
    checks: tuple[Callable[[Checks], None], ...] = _attribute(package.checks + ":CHECKS")
    return checks


def is_hex_game(game_id: str) -> bool:
    """Whether ``game_id``'s package says its map is a hex grid."""
    package = game_package(game_id)
    return package is not None and package.hex_map


def rules_package_path(game_id: str) -> str | None:
    """``module:attribute`` of the game's rules package, or None."""
    package = game_package(game_id)
    return None if package is None else package.rules


def player_aid(game: GameData) -> PlayerAid | None:
    """The player aid of ``game``, or None when its game has none."""
    package = game_package(game.game.id)
    if package is None or package.player_aid is None:
        return None
    build: Callable[[GameData], PlayerAid] = _attribute(package.player_aid + ":player_aid")
    return build(game)


def counter_words(game: GameData) -> CounterWords | None:
    """What the elements of ``game``'s counters mean in its own words, with the rules it cites (the
    counter guide, ``vassal.counter_guide``), or None: the guide then says what the data says."""
    package = game_package(game.game.id)
    if package is None or package.counter_guide is None:
        return None
    build: Callable[[GameData], CounterWords] = _attribute(package.counter_guide + ":counter_words")
    return build(game)
