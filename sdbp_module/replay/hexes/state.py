"""The state of a card-driven hex game after some events, and the pure fold that makes the next one.

``HexState`` holds only facts: the turn, where each unit stands, which show their flipped face. The
rules keep their own bookkeeping (the impulses of ``replay.hexes.flow``). Where an eliminated unit
goes is the game's: ``eliminated_box`` maps a side to its box id (data), None leaves it where it
was but gone from the map (place ``""``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from sdbp_module.replay.hexes.events import (
    HexEvent,
    HexGameStart,
    Hit,
    HitResult,
    TurnStart,
    UnitEliminated,
    UnitMove,
    box_place,
    is_hex,
)

EliminatedBox = Callable[[str], str | None]
"""unit id → the id of the box its side's eliminated units go to, or None."""


def _no_places() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class HexState:
    turn: int = 1
    places: Mapping[str, str] = field(default_factory=_no_places)  # unit id -> place
    flipped: frozenset[str] = frozenset()
    started: bool = False  # a game-start snapshot was read

    def place(self, unit: str) -> str:
        return self.places.get(unit, "")

    def on_map(self, unit: str) -> bool:
        return is_hex(self.place(unit))

    def units_at(self, place: str) -> tuple[str, ...]:
        """The units at ``place``, in the order of ``places``."""
        return tuple(u for u, p in self.places.items() if p == place)


def initial_state(places: Mapping[str, str], flipped: frozenset[str] = frozenset(), turn: int = 1) -> HexState:
    return HexState(turn, MappingProxyType(dict(places)), flipped, False)


def apply(state: HexState, event: HexEvent, eliminated_box: EliminatedBox = lambda unit: None) -> HexState:
    """The state after ``event``: pure, never raises on facts a rule would call illegal."""
    if isinstance(event, UnitMove):
        return _moved(state, event.unit, event.to_place)
    if isinstance(event, Hit):
        if event.result == HitResult.ELIMINATE:
            return _eliminated(state, event.unit, eliminated_box)
        return replace(state, flipped=state.flipped | {event.unit})
    if isinstance(event, UnitEliminated):
        return _eliminated(state, event.unit, eliminated_box)
    if isinstance(event, TurnStart):
        return replace(state, turn=event.turn)
    if isinstance(event, HexGameStart):
        return HexState(event.turn, MappingProxyType(dict(event.places)), frozenset(event.flipped), True)
    return state


def _moved(state: HexState, unit: str, to: str) -> HexState:
    places = dict(state.places)
    places[unit] = to
    return replace(state, places=MappingProxyType(places))


def _eliminated(state: HexState, unit: str, eliminated_box: EliminatedBox) -> HexState:
    box = eliminated_box(unit)
    moved = _moved(state, unit, box_place(box) if box is not None else "")
    return replace(moved, flipped=moved.flipped - {unit})

