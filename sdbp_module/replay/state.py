"""The replay state: a frozen snapshot of everything on and off the board, plus the clock.

It may hold positions the rules forbid (too many units in an area, a unit in an area closed to it): the
checker must first represent what the log shows before it can say what is wrong. A new state is
always a new value (``dataclasses.replace``), never a mutation, so every step can be kept.

A state's maps (``units``, ``occupants``, the counts, ``control``, ``trenches``, ``piles``) are plain
dicts, each made for the state that holds it (by ``apply``, most through a ``UnitsDraft``) and never
written once the state is made; their type, ``Mapping``, is what keeps readers from writing them (mypy).
They are not wrapped in read-only views: one state is made per event, and a view costs its making, and
an indirect call at every read and copy of the map (2 % of a full check, callgrind). The empty default
is shared by every state, so it is a read-only view.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping
from dataclasses import field, fields, replace
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

from sdbp_module.ids import AreaId, CardId, Side, UnitId
from sdbp_module.records import record
from sdbp_module.replay.clock import Clock
from sdbp_module.replay.combat import Attack
from sdbp_module.replay.events import CardPlay, Event, Pile
from sdbp_module.replay.frozen import copy_with
from sdbp_module.replay.location import Location, LocationKind
from sdbp_module.replay.sequence import SequenceOfPlay

_EMPTY: Mapping[Any, Any] = MappingProxyType({})
_AREA = LocationKind.AREA  # a hot-path enum member, bound once (see ``ids``)


class UnitState(NamedTuple):
    """One unit's side, place and face. A named tuple (immutable, like the other state values) rather
    than a frozen dataclass: the replay builds one for every unit it moves or flips, and a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``."""

    side: Side
    location: Location
    spent: bool = False

    @property
    def fresh(self) -> bool:
        return not self.spent


@record
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


@record(slots=False)
class GameState:
    """Everything the log has established so far. Build the first one with ``GameState.empty``.

    Frozen but without ``__slots__``, unlike the other state values: ``evolve`` then copies the
    fields in two dict updates, and one state is built per event (the checker's hot path).
    """

    units: Mapping[UnitId, UnitState] = field(default_factory=lambda: _EMPTY)
    occupants: Mapping[AreaId, frozenset[UnitId]] = field(default_factory=lambda: _EMPTY)
    side_counts: Mapping[tuple[AreaId, Side], int] = field(default_factory=lambda: _EMPTY, repr=False)
    fresh_counts: Mapping[Side, int] = field(default_factory=lambda: _EMPTY, repr=False)  # fresh units on the map
    control: Mapping[AreaId, Side] = field(default_factory=lambda: _EMPTY)
    control_markers: Mapping[AreaId, Side] | None = None  # marker pieces the log showed; None = not known
    trenches: Mapping[AreaId, int] = field(default_factory=lambda: _EMPTY)  # only levels > 0
    fire_markers: frozenset[tuple[AreaId, Side]] = frozenset()
    no_supply: frozenset[AreaId] = frozenset()
    no_replacements: bool = False
    turn_marker: int | None = None
    piles: Mapping[Side, Piles] = field(default_factory=lambda: _EMPTY)
    piles_known: bool = False  # the log said what each deck held at the start
    clock: Clock = field(default_factory=Clock)
    started: bool = False
    ended: bool = False
    winner: Side | None = None
    victory_threshold: int | None = None  # the bid that replaced the printed threshold (15.0), if any
    sequence: SequenceOfPlay | None = field(default=None, compare=False)
    # the current action's events with the state before each, its attacks, and the card plays
    # logged since it opened (``replay.combat``); history, not board: left out of comparisons
    action_steps: tuple[tuple[GameState, Event], ...] = field(default=(), compare=False, repr=False)
    attacks: tuple[Attack, ...] = field(default=(), compare=False, repr=False)
    pending_cards: tuple[CardPlay, ...] = field(default=(), compare=False, repr=False)
    attack_count: int = field(default=0, compare=False, repr=False)
    # the steps of the action before the current one in this phase (``replay.combat``; empty at a
    # phase start), the events of the current Draw or End phase (its ``PhaseStart`` first; never
    # those of an Action phase) with the state before each, and the cards played this turn
    previous_action: tuple[tuple[GameState, Event], ...] = field(default=(), compare=False, repr=False)
    phase_steps: tuple[tuple[GameState, Event], ...] = field(default=(), compare=False, repr=False)
    turn_plays: tuple[CardPlay, ...] = field(default=(), compare=False, repr=False)

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

    def fresh_on_map(self, side: Side) -> int:
        """How many fresh units ``side`` has on the map."""
        return self.fresh_counts.get(side, 0)

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
        return s.location.area if s is not None and s.location.kind is _AREA else None  # (is_on_map, inlined: hot)

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
        return self.with_fields(changes)

    def with_fields(self, changes: Mapping[str, object]) -> GameState:
        """``evolve`` taking the changed fields as a mapping (``apply`` builds one per event)."""
        return copy_with(self, STATE_FIELD_SET, changes)

    def with_units(self, changes: Iterable[tuple[UnitId, UnitState | None]]) -> GameState:
        """A new state with the given units set (``None`` = forgotten); keeps ``occupants`` in step."""
        draft = UnitsDraft(self)
        for unit_id, new in changes:
            draft.set(unit_id, new)
        return self.evolve(**draft.changes())


K = TypeVar("K")
V = TypeVar("V")


def thaw(mapping: Mapping[K, V]) -> dict[K, V]:
    """A private, writable copy of ``mapping`` (fast for the dicts and read-only views the state holds)."""
    if isinstance(mapping, (dict, MappingProxyType)):
        return mapping.copy()
    return dict(mapping)


class UnitsDraft:
    """A writable working copy of a state's unit fields, for building the next state in one go.

    ``apply`` uses one per event: the maps are copied once, on first write (areas' occupant sets are
    replaced, never mutated), changed in place while the event's steps are played, and handed to the
    new state by ``changes()``, the draft's last use. The draft never leaks, so states stay values.
    """

    __slots__ = ("control", "counts", "fresh", "occupants", "owned", "state", "units")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.units: dict[UnitId, UnitState] | None = None
        self.occupants: dict[AreaId, frozenset[UnitId] | builtins.set[UnitId]] | None = None
        self.owned: builtins.set[AreaId] = builtins.set()  # areas whose occupants are a private set, changed in place
        self.counts: dict[tuple[AreaId, Side], int] | None = None
        self.control: dict[AreaId, Side] | None = None
        self.fresh: dict[Side, int] | None = None

    def unit(self, unit_id: UnitId) -> UnitState | None:
        return (self.units if self.units is not None else self.state.units).get(unit_id)

    def area_of(self, unit_id: UnitId) -> AreaId | None:
        s = self.unit(unit_id)
        return s.location.area if s is not None and s.location.kind is _AREA else None

    def settle(self, areas: Iterable[AreaId]) -> None:
        """Control after units entered or left ``areas`` (13.0): the one side with units in an area takes
        it; an empty or contested area keeps its controller."""
        counts = self.counts if self.counts is not None else self.state.side_counts
        sides = Side.declared()
        for area in areas:
            alone = None
            for side in sides:
                if (area, side) in counts:  # counts hold only positive numbers
                    if alone is not None:
                        break  # contested
                    alone = side
            else:
                if alone is not None and (self.control if self.control is not None else self.state.control).get(area) is not alone:
                    self.set_control(area, alone)

    def set_control(self, area: AreaId, side: Side) -> None:
        if self.control is None:
            self.control = thaw(self.state.control)
        self.control[area] = side

    def set(self, unit_id: UnitId, new: UnitState | None) -> None:
        """Set (or, with ``None``, forget) one unit, keeping occupants and counts in step."""
        if self.units is None:
            self.units = thaw(self.state.units)
        units = self.units
        old = units.get(unit_id)
        old_area = old.location.area if old is not None and old.location.kind is _AREA else None
        new_area = new.location.area if new is not None and new.location.kind is _AREA else None
        if new is None:
            units.pop(unit_id, None)
        else:
            units[unit_id] = new
        old_fresh = old.side if old_area is not None and old is not None and not old.spent else None
        new_fresh = new.side if new_area is not None and new is not None and not new.spent else None
        if old_fresh is not new_fresh:
            if self.fresh is None:
                self.fresh = thaw(self.state.fresh_counts)
            if old_fresh is not None:
                self.fresh[old_fresh] -= 1
            if new_fresh is not None:
                self.fresh[new_fresh] = self.fresh.get(new_fresh, 0) + 1
        if old_area == new_area and (old_area is None or (old is not None and new is not None and old.side is new.side)):
            return  # same area and side (a flip): occupants and counts are unchanged
        if self.occupants is None:
            self.occupants = thaw(self.state.occupants)
            self.counts = thaw(self.state.side_counts)
        occupants, counts = self.occupants, self.counts
        assert counts is not None
        if old_area is not None and old is not None:
            left = self._members(old_area)
            left.discard(unit_id)
            if not left:
                del occupants[old_area]
                self.owned.discard(old_area)
            key = (old_area, old.side)
            if counts[key] == 1:
                del counts[key]
            else:
                counts[key] -= 1
        if new_area is not None and new is not None:
            self._members(new_area).add(unit_id)
            key = (new_area, new.side)
            counts[key] = counts.get(key, 0) + 1

    def by_side(self, units: Iterable[UnitId]) -> dict[Side, frozenset[UnitId]]:
        """``units`` (each one the draft knows) grouped by their side."""
        table = self.units if self.units is not None else self.state.units
        groups: dict[Side, builtins.set[UnitId]] = {}
        for u in units:
            groups.setdefault(table[u].side, builtins.set()).add(u)
        return {side: frozenset(group) for side, group in groups.items()}

    def shift(self, groups: Mapping[Side, frozenset[UnitId]], origin: AreaId, to: AreaId) -> None:
        """Move the units of ``groups`` (``by_side``), all standing in ``origin`` on the map, to area
        ``to``: occupants and side counts only (their ``UnitState`` keeps its area until
        :meth:`put_all`). Fresh and spent units stay on the map, so the fresh counts do not change."""
        if origin == to or not groups:
            return
        if self.occupants is None:
            self.occupants = thaw(self.state.occupants)
            self.counts = thaw(self.state.side_counts)
        counts = self.counts
        assert counts is not None
        left = self._members(origin)
        arrived = self._members(to)
        for side, group in groups.items():
            left.difference_update(group)
            arrived.update(group)
            n = len(group)
            key = (origin, side)
            if counts[key] == n:
                del counts[key]
            else:
                counts[key] -= n
            key = (to, side)
            counts[key] = counts.get(key, 0) + n
        if not left:
            del self.occupants[origin]
            self.owned.discard(origin)

    def put_all(self, units: Iterable[UnitId], location: Location) -> None:
        """Write ``location`` (an area) into the state of each of ``units``, which :meth:`shift` already
        moved there (occupants and counts are in step)."""
        if self.units is None:
            self.units = thaw(self.state.units)
        table = self.units
        for u in units:
            old = table[u]
            if old.location is not location and old.location != location:  # (most are the step's own ``Location``)
                table[u] = tuple.__new__(UnitState, (old.side, location, old.spent))  # (no Python ``__new__``: hot)

    def _members(self, area: AreaId) -> builtins.set[UnitId]:
        """The occupants of ``area`` as this draft's own set (copied once per area and event, then changed
        in place: moving a stack of n units is linear in n, not quadratic)."""
        occupants = self.occupants
        assert occupants is not None
        members = occupants.get(area)
        if area in self.owned:
            assert isinstance(members, builtins.set)
            return members
        own = builtins.set(members) if members is not None else builtins.set()
        occupants[area] = own
        self.owned.add(area)
        return own

    def changes(self) -> dict[str, object]:
        """The fields to change in the state: the draft's maps, which the state then owns (the draft is not
        used after this call)."""
        out: dict[str, object] = {}
        if self.units is not None:
            out["units"] = self.units
        if self.occupants is not None:
            for area in self.owned:
                self.occupants[area] = frozenset(self.occupants[area])
            self.owned.clear()
            out["occupants"] = self.occupants
            out["side_counts"] = self.counts or {}
        if self.control is not None:
            out["control"] = self.control
        if self.fresh is not None:
            out["fresh_counts"] = self.fresh
        return out


_STATE_FIELDS = tuple(f.name for f in fields(GameState))
STATE_FIELD_SET = frozenset(_STATE_FIELDS)
"""The names of the fields of ``GameState`` (what ``with_fields`` may change)."""
