"""The start position a game's data prints (its set-up), as a ``game-start`` event.

Used when a log has no ``game-start`` of its own: the replay then begins from the printed set-up
(the position a freshly built module opens with). Cards are left unknown (``piles=None``): a log
that does not show the decks does not tell what they held.
"""

from __future__ import annotations

from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.replay.events import AreaControl, GameStart, UnitSetup, Where
from sdbp_module.replay.location import OFF_MAP, REPLACEMENTS, Location

PRINTED = Where("<printed set-up>", 0)


def printed_start(game: GameData) -> GameStart:
    """Units where the scenario puts them, printed control, no markers, turn marker on the first turn."""
    units = []
    for unit in game.units:
        placement = game.scenario.units.get(unit.id, unit.setup)
        if placement.kind is SetupKind.AREA and placement.area is not None:
            loc = Location.in_area(placement.area)
        elif placement.kind is SetupKind.TURN and placement.turn is not None:
            loc = Location.on_turn(placement.turn)
        elif placement.kind is SetupKind.REPLACEMENTS:
            loc = REPLACEMENTS
        else:
            loc = OFF_MAP
        units.append((unit.id, unit.side, loc))
    return GameStart(
        where=PRINTED,
        units=tuple(UnitSetup(u, s, loc) for u, s, loc in units),
        control=tuple(AreaControl(a.id, a.control) for a in game.areas),
        trenches=(),
        fire_markers=(),
        no_supply=(),
        no_replacements=False,
        turn_marker=game.scenario.first_turn,
        piles=None,
        control_markers=(),
    )
