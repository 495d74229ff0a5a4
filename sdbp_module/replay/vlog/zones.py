"""Map positions → places: the zones of the module's main map (``docs/report-formats.md`` §3).

A place is an area (zone named by its number), a turn-track space (``Turn N``), one of the boxes
(``Replacements``, ``Relief Force``, ``Eliminated``, ``Removed``), a card pile (``<side label> deck``,
``<side label> discard``, ``Removed cards``) or a side's hand (the ``PlayerHand`` maps
``<side label> hand``: every position there is the hand), for every side declared by a game's data.
Zones come from the module's ``buildFile.xml`` (codec ``read_module``) or, without a module, from
the game data's area polygons and the module layout's boxes: the builder writes exactly those.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache

from sdbp_module.codec.module_info import ModuleInfo, Zone
from sdbp_module.ids import AreaId, Side, is_small_number
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.location import (
    ELIMINATED,
    OFF_MAP,
    REMOVED,
    REPLACEMENTS,
    Location,
)

MAIN_MAP = "Main Map"


class PlaceKind(str, Enum):
    AREA = "area"
    TURN = "turn"
    REPLACEMENTS = "replacements"
    RELIEF = "relief"
    ELIMINATED = "eliminated"
    REMOVED = "removed"
    DECK = "deck"
    DISCARD = "discard"
    REMOVED_CARDS = "removed-cards"
    HAND = "hand"


@record
class Place:
    """Where a zone (or hand) puts what is in it: an area, a turn-track box, a pile or a hand, and its owner."""

    kind: PlaceKind
    name: str  # the zone (or hand map) name as the module writes it
    area: AreaId | None = None
    turn: int | None = None
    side: Side | None = None  # owner of a pile or hand

    @property
    def is_pile(self) -> bool:
        return self.kind in (PlaceKind.DECK, PlaceKind.DISCARD, PlaceKind.REMOVED_CARDS, PlaceKind.HAND)

    def location(self) -> Location | None:
        """Where a unit here is, in the events' terms; ``None`` for card piles."""
        if self.kind is PlaceKind.AREA and self.area is not None:
            return Location.in_area(self.area)
        if self.kind is PlaceKind.TURN and self.turn is not None:
            return Location.on_turn(self.turn)
        return {
            PlaceKind.REPLACEMENTS: REPLACEMENTS,
            PlaceKind.RELIEF: OFF_MAP,
            PlaceKind.ELIMINATED: ELIMINATED,
            PlaceKind.REMOVED: REMOVED,
        }.get(self.kind)


def place_of_zone(name: str, sides: tuple[Side, ...] = ()) -> Place | None:
    """The place a zone name stands for, ``None`` for a name the module does not define. A side's
    deck or discard is named by its label: ``sides`` are the game's (two games may share a label),
    none: every declared side."""
    if is_small_number(name):
        return Place(PlaceKind.AREA, name, area=AreaId(int(name)))
    if name.startswith("Turn ") and is_small_number(name[5:]):
        return Place(PlaceKind.TURN, name, turn=int(name[5:]))
    fixed = {
        "Replacements": PlaceKind.REPLACEMENTS,
        "Relief Force": PlaceKind.RELIEF,
        "Eliminated": PlaceKind.ELIMINATED,
        "Removed": PlaceKind.REMOVED,
        "Removed cards": PlaceKind.REMOVED_CARDS,
    }
    if name in fixed:
        return Place(fixed[name], name)
    for side in sides or Side.declared():
        label = side.label
        if name == f"{label} deck":
            return Place(PlaceKind.DECK, name, side=side)
        if name == f"{label} discard":
            return Place(PlaceKind.DISCARD, name, side=side)
    return None


def hand_place(map_name: str, sides: tuple[Side, ...] = ()) -> Place | None:
    """The hand a ``PlayerHand`` map name stands for (``<side label> hand``), ``None`` for another map;
    ``sides`` as for ``place_of_zone``."""
    for side in sides or Side.declared():
        if map_name == f"{side.label} hand":
            return Place(PlaceKind.HAND, map_name, side=side)
    return None


@record
class Zones:
    """The main map's zones, in the module's order (the first zone containing a point wins)."""

    zones: tuple[Zone, ...]
    boxes: tuple[tuple[int, int, int, int], ...] = ()  # bounding boxes, filled in __post_init__
    sides: tuple[Side, ...] = ()  # the game's sides, whose labels name hands and piles; none: every declared side

    def __post_init__(self) -> None:
        boxes = []
        for zone in self.zones:
            xs = [p[0] for p in zone.points] or [0]
            ys = [p[1] for p in zone.points] or [0]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        object.__setattr__(self, "boxes", tuple(boxes))

    @staticmethod
    def from_module(info: ModuleInfo) -> Zones:
        return Zones(info.zones.get(MAIN_MAP, ()))

    @staticmethod
    def from_game(game: GameData) -> Zones:
        from sdbp_module.vassal.layout import boxes_and_piles

        boxes, piles = boxes_and_piles(game)  # the boxes as the module places them; no area planning needed
        zones = [Zone(str(a.id), tuple(a.polygon)) for a in game.areas]
        zones += [Zone(b.name, b.polygon) for b in boxes + piles]
        return Zones(tuple(zones), sides=game.game.sides)

    def zone_name(self, x: float, y: float) -> str | None:
        for zone, (x0, y0, x1, y1) in zip(self.zones, self.boxes, strict=True):
            if x0 <= x <= x1 and y0 <= y <= y1 and zone.contains(x, y):
                return zone.name
        return None

    def resolve(self, map_name: str | None, x: str, y: str) -> Place | None:
        """The place of a position; ``None`` when it is in no zone (or on no map)."""
        if map_name is None:
            return None
        hand = hand_place(map_name, self.sides)
        if hand is not None:
            return hand
        if map_name != MAIN_MAP:
            return None
        try:
            px, py = float(x), float(y)
        except ValueError:
            return None
        name = self.zone_name(px, py)
        return None if name is None else place_of_zone(name, self.sides)

    def centre(self, name: str) -> tuple[int, int]:
        """Where a Send To Location to zone ``name`` puts a piece: the centre of the zone's bounding
        box (``Zone.getCenter``, Java's integer division; the board at the map's origin)."""
        for zone, (x0, y0, x1, y1) in zip(self.zones, self.boxes, strict=True):
            if zone.name == name:
                return x0 + (x1 - x0) // 2, y0 + (y1 - y0) // 2
        raise KeyError(name)

    def point_in(self, name: str) -> tuple[int, int]:
        """A point well inside zone ``name`` (for writers of synthetic logs)."""
        return self.points_in(name)[0]

    def points_in(self, name: str) -> list[tuple[int, int]]:
        """Grid points well inside zone ``name``, nearest its bounding-box centre first (deterministic)."""
        for zone in self.zones:
            if zone.name == name:
                return interior_points(zone)
        raise KeyError(name)


Position = tuple[str | None, str, str]
"""A piece's map and coordinates as the log writes them (``BasicPiece`` state)."""


class PlaceResolver:
    """``zones.resolve``, remembering the place of each position it was asked about: one reading of a log
    asks of the same few dozen positions hundreds of times (a stack's pieces, a box, a pile), and each answer
    is a search of every zone's polygon. The places are values, so a remembered one is as good as a new one."""

    __slots__ = ("_known", "_resolve")

    def __init__(self, zones: Zones) -> None:
        self._known: dict[Position, Place | None] = {}
        self._resolve = zones.resolve

    def __call__(self, map_name: str | None, x: str, y: str) -> Place | None:
        key = (map_name, x, y)
        known = self._known
        if key in known:
            return known[key]
        place = known[key] = self._resolve(map_name, x, y)
        return place


def interior_point(zone: Zone) -> tuple[int, int]:
    """A grid point inside the zone, nearest its bounding-box centre (deterministic)."""
    return interior_points(zone)[0]


def interior_points(zone: Zone) -> list[tuple[int, int]]:
    """The grid points of the zone's bounding box that lie inside it with 8 px to spare in each
    direction, nearest the box centre first (ties in row, then column order); ``ValueError`` if none."""
    return list(_interior_points(zone))


@lru_cache(maxsize=256)
def _interior_points(zone: Zone) -> tuple[tuple[int, int], ...]:
    """``interior_points``, remembered by zone (a value): a writer of a synthetic log drops pieces in the same
    few zones again and again, and each answer is thousands of polygon tests."""
    xs = [p[0] for p in zone.points]
    ys = [p[1] for p in zone.points]
    cx, cy = (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2
    step = max(2, min(max(xs) - min(xs), max(ys) - min(ys)) // 24)
    found: list[tuple[int, int, int, int]] = []
    for y in range(min(ys), max(ys) + 1, step):
        for x in range(min(xs), max(xs) + 1, step):
            if zone.contains(x, y) and all(zone.contains(x + dx, y + dy) for dx, dy in ((8, 0), (-8, 0), (0, 8), (0, -8))):
                found.append(((x - cx) ** 2 + (y - cy) ** 2, y, x, len(found)))
    if not found:
        raise ValueError(f"zone {zone.name!r} has no interior point")
    return tuple((x, y) for _d, y, x, _i in sorted(found))
