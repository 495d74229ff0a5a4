"""Where a unit is: an area on the map, or one of the off-map places (turn track, boxes).

The text form (``10``, ``turn:3``, ``replacements``, ``eliminated``, ``removed``, ``off-map``) is
used in events JSONL and in the state notation; ``parse_location``/``format_location`` are the pair.
"""

from __future__ import annotations

from enum import Enum

from sdbp_module.ids import AreaId, is_small_number
from sdbp_module.records import record


class LocationKind(str, Enum):
    AREA = "area"  # on the map, in ``area``
    TURN = "turn"  # on the turn track, in the box of ``turn`` (reinforcements)
    REPLACEMENTS = "replacements"  # the replacements box
    ELIMINATED = "eliminated"
    REMOVED = "removed"  # removed from the game
    OFF_MAP = "off-map"  # not in play for another reason (e.g. enters only by a card)


@record
class Location:
    kind: LocationKind
    area: AreaId | None = None
    turn: int | None = None

    @staticmethod
    def in_area(area: AreaId | int) -> Location:
        known = _IN_AREA.get(area)
        if known is None:
            known = Location(LocationKind.AREA, area=AreaId(int(area)))
            if len(_IN_AREA) < 4096:
                _IN_AREA[area] = known
        return known

    @staticmethod
    def on_turn(turn: int) -> Location:
        return Location(LocationKind.TURN, turn=turn)

    @property
    def is_on_map(self) -> bool:
        return self.kind is _AREA

    def __str__(self) -> str:
        return format_location(self)


_IN_AREA: dict[object, Location] = {}  # locations are values: one per area number is enough
_AREA = LocationKind.AREA  # a hot-path enum member, bound once (see ``ids``)

REPLACEMENTS = Location(LocationKind.REPLACEMENTS)
ELIMINATED = Location(LocationKind.ELIMINATED)
REMOVED = Location(LocationKind.REMOVED)
OFF_MAP = Location(LocationKind.OFF_MAP)

_SIMPLE = {loc.kind.value: loc for loc in (REPLACEMENTS, ELIMINATED, REMOVED, OFF_MAP)}


def parse_location(text: str) -> Location:
    """Parse ``10``, ``turn:3``, ``replacements``, ``eliminated``, ``removed`` or ``off-map``.

    >>> parse_location("turn:3")
    Location(kind=<LocationKind.TURN: 'turn'>, area=None, turn=3)

    Raises ``ValueError`` with a short reason on anything else.
    """
    t = text.strip()
    if is_small_number(t):
        return Location.in_area(int(t))
    if t.startswith("turn:") and is_small_number(t[5:]):
        return Location.on_turn(int(t[5:]))
    if t in _SIMPLE:
        return _SIMPLE[t]
    raise ValueError(
        f"{text!r} is not a location (expected an area number, turn:N, replacements, eliminated, removed or off-map)"
    )


def format_location(loc: Location) -> str:
    if loc.kind is LocationKind.AREA:
        return str(loc.area)
    if loc.kind is LocationKind.TURN:
        return f"turn:{loc.turn}"
    return str(loc.kind.value)
