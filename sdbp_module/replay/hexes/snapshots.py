"""The board of a card-driven hex game at chosen log positions: a rule-free replay keeping only those states.

The hex counterpart of ``replay.snapshots``: ``hex_snapshots(events, positions)`` replays the events
with ``replay.hexes.state.apply`` alone and keeps, for each position asked for, the state *after the
last event of that step*, the step's own events (what a picture draws as arrows and fire lines), the
state before them, and the card of the impulse under way (the last card drawn for an activation
since the turn began: the caption's card). ``sdbp show`` and the HTML report's pictures of a hex game both come from here.

A position is a ``Where``'s ``sort_key`` (file, index). ``END_OF_LOG`` gives the final state; a
position of another file (``NOWHERE``: the set-up) gives the first state; a position between steps
gives the state after the last step before it. The first state is the data's printed set-up
(``setup_state``) until the log's own ``HexGameStart`` replaces it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field

from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.records import record
from sdbp_module.replay.events import END_OF_LOG, Where
from sdbp_module.replay.hexes.events import (
    CardDrawn,
    HexEvent,
    HexGameStart,
    Purpose,
    TurnStart,
    box_place,
)
from sdbp_module.replay.hexes.state import EliminatedBox, HexState, apply, initial_state

Key = tuple[str, int]


@record
class HexSnapshot:
    """The board after one log step: the state, the step's own events (empty at a start or end), the
    state before them (None when the step has no events) and the card of the impulse under way (the
last card drawn for an activation this turn, None before the first)"""

    where: Where
    state: HexState
    events: tuple[HexEvent, ...] = ()
    before: HexState | None = field(default=None, compare=False, repr=False)
    card: CardDrawn | None = None


def setup_state(game: GameData) -> HexState:
    """The printed set-up: every unit at its ``setup`` hex, or in its set-up box (``box:<id>``)."""
    places: dict[str, str] = {}
    for unit in game.units:
        if unit.setup.hex is not None:
            places[unit.id] = unit.setup.hex
        elif unit.setup.box is not None:
            places[unit.id] = box_place(unit.setup.box)
    return initial_state(places, turn=game.scenario.first_turn)


def eliminated_boxes(game: GameData) -> EliminatedBox:
    """Where an eliminated unit goes, as the module's *Eliminate* sends it: its side's box
    (``vassal.hex_module.eliminated_box_id``: ``<side label>-eliminated``) when the data has one."""
    from sdbp_module.vassal.hex_module import eliminated_box_id

    units: dict[str, Unit] = {str(u.id): u for u in game.units}

    def box(unit: str) -> str | None:
        found = units.get(unit)
        return eliminated_box_id(game, found) if found is not None else None

    return box


def hex_snapshots(
    events: Sequence[HexEvent],
    positions: Iterable[Where],
    *,
    initial: HexState | None = None,
    eliminated_box: EliminatedBox = lambda unit: None,
) -> dict[Key, HexSnapshot]:
    """``position.sort_key`` → the snapshot there, for every position asked for (see the module doc);
    ``initial``: the state before the first event (default: nothing placed)."""
    first = initial if initial is not None else HexState()
    wanted = {p.sort_key: p for p in positions}
    out: dict[Key, HexSnapshot] = {}
    files = {e.where.file for e in events}
    for key, where in wanted.items():
        if key != END_OF_LOG.sort_key and key[0] not in files:
            out[key] = HexSnapshot(where, first)
    pending = sorted(k for k in wanted if k[0] in files and k != END_OF_LOG.sort_key)
    state = first
    step: list[HexEvent] = []
    step_key: Key | None = None
    step_before = first
    card: CardDrawn | None = None
    i = 0

    def closed(key: Key) -> HexSnapshot:
        if key == step_key:
            return HexSnapshot(wanted[key], state, tuple(step), step_before, card)
        return HexSnapshot(wanted[key], state, card=card)

    for event in events:
        key = event.where.sort_key
        if key != step_key:
            while i < len(pending) and pending[i] < key:  # the step just closed is the last at or before it
                out[pending[i]] = closed(pending[i])
                i += 1
            step = []
            step_before = state
        if i >= len(pending) and END_OF_LOG.sort_key not in wanted:
            break
        state = apply(state, event, eliminated_box)
        if isinstance(event, CardDrawn) and event.purpose == Purpose.ACTIVATION:
            card = event
        elif isinstance(event, (HexGameStart, TurnStart)):
            card = None
        step.append(event)
        step_key = key
    while i < len(pending):
        out[pending[i]] = closed(pending[i])
        i += 1
    if END_OF_LOG.sort_key in wanted:
        out[END_OF_LOG.sort_key] = HexSnapshot(END_OF_LOG, state, card=card)
    return out
