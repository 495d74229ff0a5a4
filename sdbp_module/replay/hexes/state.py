"""The state of a card-driven hex game after some events, and the pure fold that makes the next one.

``HexState`` holds only facts: the turn (and phase), where each unit stands, which show their flipped
face, each unit's statuses, and the markers on hexes, in boxes and on tracks (a multiset: markers of one
kind are alike; ``track_value`` reads a track marker's box). The
rules keep their own bookkeeping (the impulses of ``replay.hexes.flow``). Where an eliminated unit
goes is the game's: ``eliminated_box`` maps a side to its box id (data), None leaves it where it
was but gone from the map (place ``""``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, replace
from types import MappingProxyType

from sdbp_module.records import record
from sdbp_module.replay.hexes.events import (
    HexEvent,
    HexGameStart,
    Hit,
    HitResult,
    MarkerMove,
    MarkerTurn,
    PhaseStart,
    StatusChange,
    StepRestored,
    TurnStart,
    UnitEliminated,
    UnitMove,
    box_place,
    is_hex,
    track_of,
)

EliminatedBox = Callable[[str], str | None]
"""unit id → the id of the box its side's eliminated units go to, or None."""


def _no_places() -> Mapping[str, str]:
    return MappingProxyType({})


def _no_statuses() -> Mapping[str, frozenset[str]]:
    return MappingProxyType({})


Marker = tuple[str, str, str]
"""(place, marker kind, state): one marker."""


@record
class HexState:
    turn: int = 1
    places: Mapping[str, str] = field(default_factory=_no_places)  # unit id -> place
    flipped: frozenset[str] = frozenset()
    started: bool = False  # a game-start snapshot was read
    phase: str = ""  # the phase id (a game without phases: "")
    statuses: Mapping[str, frozenset[str]] = field(default_factory=_no_statuses)  # unit id -> its status ids
    markers: tuple[Marker, ...] = ()  # sorted

    def place(self, unit: str) -> str:
        return self.places.get(unit, "")

    def status_of(self, unit: str) -> frozenset[str]:
        return self.statuses.get(unit, frozenset())

    def has_status(self, unit: str, status: str) -> bool:
        return status in self.status_of(unit)

    def markers_at(self, place: str) -> tuple[tuple[str, str], ...]:
        """(kind, state) of every marker at ``place``."""
        return tuple((k, st) for p, k, st in self.markers if p == place)

    def marker_places(self, kind: str) -> tuple[str, ...]:
        """Where the markers of ``kind`` are (one entry per marker)."""
        return tuple(p for p, k, _ in self.markers if k == kind)

    def track_value(self, kind: str) -> int | None:
        """The box of the track the (first) marker of ``kind`` stands on; None when none is on a track."""
        for p in self.marker_places(kind):
            found = track_of(p)
            if found is not None:
                return found[1]
        return None

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
    if isinstance(event, PhaseStart):
        return replace(state, turn=event.turn, phase=event.phase)
    if isinstance(event, StatusChange):
        now = state.status_of(event.unit)
        now = now | {event.status} if event.on else now - {event.status}
        return _with_statuses(state, event.unit, now)
    if isinstance(event, StepRestored):
        return replace(state, flipped=state.flipped - {event.unit})
    if isinstance(event, MarkerMove):
        return replace(state, markers=_marker_moved(state.markers, event.marker, event.state, event.from_place, event.to_place))
    if isinstance(event, MarkerTurn):
        return replace(state, markers=_marker_moved(state.markers, event.marker, event.state, event.place, event.place))
    if isinstance(event, HexGameStart):
        statuses: dict[str, set[str]] = {}
        for unit, status in event.statuses:
            statuses.setdefault(unit, set()).add(status)
        return HexState(
            event.turn,
            MappingProxyType(dict(event.places)),
            frozenset(event.flipped),
            True,
            event.phase,
            MappingProxyType({u: frozenset(v) for u, v in statuses.items()}),
            tuple(sorted((p, k, st) for k, st, p in event.markers)),
        )
    return state


def _with_statuses(state: HexState, unit: str, now: frozenset[str]) -> HexState:
    statuses = dict(state.statuses)
    if now:
        statuses[unit] = now
    else:
        statuses.pop(unit, None)
    return replace(state, statuses=MappingProxyType(statuses))


def _marker_moved(markers: tuple[Marker, ...], kind: str, new_state: str, from_place: str, to_place: str) -> tuple[Marker, ...]:
    """One marker of ``kind`` taken from ``from_place`` (the one showing ``new_state`` if any, else the
    first; none when none is there: a marker from nowhere) and put at ``to_place`` showing ``new_state``."""
    out = list(markers)
    here = [i for i, (p, k, _) in enumerate(out) if p == from_place and k == kind]
    if here:
        same = [i for i in here if out[i][2] == new_state]
        out.pop((same or here)[0])
    if to_place:
        out.append((to_place, kind, new_state))
    return tuple(sorted(out))


def _moved(state: HexState, unit: str, to: str) -> HexState:
    places = dict(state.places)
    places[unit] = to
    return replace(state, places=MappingProxyType(places))


def _eliminated(state: HexState, unit: str, eliminated_box: EliminatedBox) -> HexState:
    box = eliminated_box(unit)
    moved = _moved(state, unit, box_place(box) if box is not None else "")
    return _with_statuses(replace(moved, flipped=moved.flipped - {unit}), unit, frozenset())

