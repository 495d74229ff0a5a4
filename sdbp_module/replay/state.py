"""The replay state: a frozen snapshot of everything on and off the board, plus the clock.

It may hold positions the rules forbid (ten units in an area, a French unit in a red area): the
checker must first represent what the log shows before it can say what is wrong. A new state is
always a new value (``dataclasses.replace``), never a mutation, so every step can be kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from sdbp_module.ids import AreaId, CardId, Side, UnitId
from sdbp_module.replay.clock import Clock
from sdbp_module.replay.events import Pile
from sdbp_module.replay.location import Location, LocationKind
from sdbp_module.replay.sequence import SequenceOfPlay

_EMPTY: Mapping[Any, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class UnitState:
    side: Side
    location: Location
    spent: bool = False

    @property
    def fresh(self) -> bool:
        return not self.spent


@dataclass(frozen=True, slots=True)
class Piles:
    """A side's cards: deck (unordered as far as the log shows), hand, discard pile, removed pile."""

    deck: tuple[CardId, ...] = ()
    hand: tuple[CardId, ...] = ()
    discard: tuple[CardId, ...] = ()
    removed: tuple[CardId, ...] = ()

    def get(self, pile: Pile) -> tuple[CardId, ...]:
        return {
            Pile.DECK: self.deck,
            Pile.HAND: self.hand,
            Pile.DISCARD: self.discard,
            Pile.REMOVED: self.removed,
        }[pile]

    def with_pile(self, pile: Pile, cards: tuple[CardId, ...]) -> Piles:
        name = {Pile.DECK: "deck", Pile.HAND: "hand", Pile.DISCARD: "discard", Pile.REMOVED: "removed"}[pile]
        return replace(self, **{name: cards})

    def where_is(self, card: CardId) -> Pile | None:
        for pile in Pile:
            if card in self.get(pile):
                return pile
        return None


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the log has established so far. Build the first one with ``GameState.empty``."""

    units: Mapping[UnitId, UnitState] = field(default_factory=lambda: _EMPTY)
    occupants: Mapping[AreaId, frozenset[UnitId]] = field(default_factory=lambda: _EMPTY)
    side_counts: Mapping[tuple[AreaId, Side], int] = field(default_factory=lambda: _EMPTY, repr=False)
    control: Mapping[AreaId, Side] = field(default_factory=lambda: _EMPTY)
    trenches: Mapping[AreaId, int] = field(default_factory=lambda: _EMPTY)  # only levels > 0
    fire_markers: frozenset[tuple[AreaId, Side]] = frozenset()
    no_supply: frozenset[AreaId] = frozenset()
    no_replacements: bool = False
    turn_marker: int | None = None
    piles: Mapping[Side, Piles] = field(default_factory=lambda: _EMPTY)
    piles_known: bool = False  # the log said what each deck held at the start
    clock: Clock = Clock()
    started: bool = False
    ended: bool = False
    winner: Side | None = None
    sequence: SequenceOfPlay | None = field(default=None, compare=False)

    @staticmethod
    def empty(sequence: SequenceOfPlay | None = None) -> GameState:
        return GameState(sequence=sequence)

    # -- units ----------------------------------------------------------------------------------

    def unit(self, unit_id: UnitId) -> UnitState | None:
        return self.units.get(unit_id)

    def units_in(self, area: AreaId, side: Side | None = None) -> tuple[UnitId, ...]:
        """Units in ``area`` (of ``side`` if given), sorted by id."""
        ids = self.occupants.get(area, frozenset())
        if side is None:
            return tuple(sorted(ids))
        return tuple(sorted(u for u in ids if self.units[u].side is side))

    def count(self, area: AreaId, side: Side) -> int:
        """n(s, a): the units of ``side`` in ``area``."""
        return self.side_counts.get((area, side), 0)

    def fresh_in(self, area: AreaId, side: Side) -> tuple[UnitId, ...]:
        return tuple(u for u in self.units_in(area, side) if not self.units[u].spent)

    def units_at(self, kind: LocationKind, side: Side | None = None) -> tuple[UnitId, ...]:
        """Units in an off-map place (or on the map with ``LocationKind.AREA``), sorted by id."""
        return tuple(
            sorted(
                u
                for u, s in self.units.items()
                if s.location.kind is kind and (side is None or s.side is side)
            )
        )

    def area_of(self, unit_id: UnitId) -> AreaId | None:
        s = self.units.get(unit_id)
        return s.location.area if s is not None and s.location.is_on_map else None

    def is_spent(self, unit_id: UnitId) -> bool:
        s = self.units.get(unit_id)
        return s is not None and s.spent

    def occupied_areas(self) -> tuple[AreaId, ...]:
        return tuple(sorted(a for a, us in self.occupants.items() if us))

    # -- areas ----------------------------------------------------------------------------------

    def controller(self, area: AreaId) -> Side | None:
        return self.control.get(area)

    def trench(self, area: AreaId) -> int:
        return self.trenches.get(area, 0)

    def has_fire_marker(self, area: AreaId, side: Side | None = None) -> bool:
        if side is not None:
            return (area, side) in self.fire_markers
        return any(a == area for a, _ in self.fire_markers)

    # -- cards ----------------------------------------------------------------------------------

    def piles_of(self, side: Side) -> Piles:
        return self.piles.get(side, Piles())

    def hand(self, side: Side) -> tuple[CardId, ...]:
        return self.piles_of(side).hand

    # -- building -------------------------------------------------------------------------------

    def evolve(self, **changes: object) -> GameState:
        """``dataclasses.replace`` for the hot path of the replay (same result, no re-validation)."""
        new = object.__new__(GameState)
        for name in _STATE_FIELDS:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new

    def with_units(self, changes: Iterable[tuple[UnitId, UnitState | None]]) -> GameState:
        """A new state with the given units set (``None`` = forgotten); keeps ``occupants`` in step."""
        units = dict(self.units)
        occupants = dict(self.occupants)
        counts = dict(self.side_counts)
        for unit_id, new in changes:
            old = units.get(unit_id)
            if old is not None and old.location.is_on_map:
                area = old.location.area
                assert area is not None
                occupants[area] = occupants.get(area, frozenset()) - {unit_id}
                if not occupants[area]:
                    del occupants[area]
                key = (area, old.side)
                counts[key] -= 1
                if not counts[key]:
                    del counts[key]
            if new is None:
                units.pop(unit_id, None)
                continue
            units[unit_id] = new
            if new.location.is_on_map:
                area = new.location.area
                assert area is not None
                occupants[area] = occupants.get(area, frozenset()) | {unit_id}
                key = (area, new.side)
                counts[key] = counts.get(key, 0) + 1
        return self.evolve(
            units=MappingProxyType(units),
            occupants=MappingProxyType(occupants),
            side_counts=MappingProxyType(counts),
        )


_STATE_FIELDS = tuple(f.name for f in fields(GameState))
