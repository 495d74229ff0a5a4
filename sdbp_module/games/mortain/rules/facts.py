"""What the Stand at Mortain rules read from the data: the map's hexes, edges and terrain modifiers,
the units' sides, types and factors, the late arrivals, the markers' strengths; and small helpers on
the card flow shared by several rules. Nothing here judges."""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.mortain.ids import (
    AI,
    AT,
    GERMAN_ELIMINATED,
    TANK,
    TIGER,
    US,
    US_ELIMINATED,
)
from sdbp_module.hexgrid.coords import Hex, distance
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.model.playing_cards import PlayingCard
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import CardDrawn, HexEvent, box_of, is_hex
from sdbp_module.replay.hexes.flow import Flow
from sdbp_module.rules.hexes.base import HexContext


@record
class Facts:
    game: GameData

    @property
    def map(self) -> HexMap:
        assert self.game.hexes is not None, "a hex-map game"
        return self.game.hexes.map

    def hex(self, place: str) -> Hex | None:
        return self.map.grid.parse_id(place) if is_hex(place) else None

    def hexes(self, name: str) -> frozenset[str]:
        """A named hex set's ids (empty when the data has none)."""
        grid = self.map.grid
        return frozenset(grid.hex_id(h) for h in self.map.sets.get(name, frozenset()))

    @property
    def west_edge(self) -> frozenset[str]:
        return self.hexes("west_edge")

    @property
    def east_edge(self) -> frozenset[str]:
        return self.hexes("east_edge")

    def east_half(self) -> frozenset[str]:
        """The hexes of the eastern half of the map's columns (M-1.1's other reading)."""
        grid = self.map.grid
        return frozenset(grid.hex_id(h) for h in grid.hexes() if grid.offset_of(h)[0] >= (grid.columns + 1) // 2)

    def terrain(self, place: str) -> str:
        h = self.hex(place)
        return self.map.terrain.get(h, "") if h is not None else ""

    def modifier(self, place: str) -> int:
        """The terrain combat modifier of a hex (hexes.yaml terrain_kinds), 0 off the map."""
        assert self.game.hexes is not None
        kinds = {t.id: t.modifier for t in self.game.hexes.terrains}
        return kinds.get(self.terrain(place), 0)

    def distance(self, a: str, b: str) -> int | None:
        ha, hb = self.hex(a), self.hex(b)
        return None if ha is None or hb is None else distance(ha, hb)

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def unit(self, unit_id: str) -> Unit | None:
        return self.game.unit(unit_id) if self.game.has_unit(unit_id) else None  # type: ignore[arg-type]

    def side(self, unit_id: str) -> Side | None:
        u = self.unit(unit_id)
        return u.side if u is not None else None

    def is_tank(self, unit_id: str) -> bool:
        u = self.unit(unit_id)
        return u is not None and u.type == TANK

    def factor(self, unit_id: str, flipped: bool, kind: str) -> int:
        """The unit's AT or AI factor on the face it shows."""
        u = self.unit(unit_id)
        if u is None:
            return 0
        order = [f.id for f in self.game.game.factors] or [AT, AI]
        face = u.back if flipped else u.front
        i = order.index(kind) if kind in order else -1
        value = face[i] if 0 <= i < len(face) else None
        return value or 0

    def late(self) -> dict[str, int]:
        """Units that enter from their box on a later turn (turn_track arrivals: CCA, CCB, CCR) → that turn."""
        assert self.game.hexes is not None
        return {u: t for t, units in self.game.hexes.arrivals.items() for u in units}

    def strength(self, marker: str) -> int | None:
        for m in self.game.markers:
            if m.id == marker:
                return m.strength
        return None

    @property
    def tiger(self) -> str:
        return TIGER


def eliminated_box(game: GameData, unit_id: str) -> str | None:
    """The box a unit goes to when eliminated: its side's (markers.yaml boxes)."""
    if not game.has_unit(unit_id):  # type: ignore[arg-type]
        return None
    side = game.unit(unit_id).side  # type: ignore[arg-type]
    return US_ELIMINATED if side is US else GERMAN_ELIMINATED


def in_setup(ctx: HexContext) -> bool:
    """Before the first activation card of the log: the set-up (US units may still be placed)."""
    return ctx.flow.impulses == 0


def first_card(event: HexEvent, flow: Flow) -> bool:
    """Whether ``event`` is the log's first card drawn (it closes the set-up)."""
    return (
        isinstance(event, CardDrawn)
        and flow.impulses == 0
        and not flow.closed
        and not any(isinstance(e, CardDrawn) for e in flow.current.events)
    )


def after_joker_end(flow: Flow) -> bool:
    """A Joker has ended the turn and the next has not begun (what is done now is MOR-TURN-01's)."""
    return flow.turn_over and flow.turn_end == "joker"


def card_of(ctx: HexContext, event: CardDrawn | None) -> PlayingCard | None:
    if event is None:
        return None
    try:
        return ctx.spec.card(event.card)
    except ValueError:
        return None


def box(place: str) -> str | None:
    return box_of(place)


def names(units: Iterable[str]) -> str:
    return ", ".join(units)
