"""The board at chosen log positions: a second, rule-free replay that keeps only the states asked for.

The checker keeps no history (a state per event would cost tens of megabytes on a whole game), so a
picture of "the board at log step 143" replays the events again — ``apply`` alone, a few hundredths
of a second for a whole game — and keeps the state *after the last event of that step*, with the
events of the step (what the picture draws as arrows). ``sdbp show --at`` and the HTML report's
pictures both come from here, so they agree (both read the events through
``replay.markers.settle_markers``: a marker put down and turned in one act shows its last face).

A position is a ``Where``'s ``sort_key`` (file, index). ``END_OF_LOG`` gives the final state; a
position of another file (``NOWHERE``: the set-up, judged before any event) gives the first state;
a position between steps gives the state after the last step before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field

from sdbp_module.records import record
from sdbp_module.replay.apply import apply
from sdbp_module.replay.events import END_OF_LOG, Event, Where
from sdbp_module.replay.markers import settle_markers
from sdbp_module.replay.state import GameState

Key = tuple[str, int]


@record
class Snapshot:
    """The board after one log step: the state, the step's own events (empty at a start or end) and the
    state before them (where a relocated unit came from; None when the step has no events)."""

    where: Where
    state: GameState
    events: tuple[Event, ...] = ()
    before: GameState | None = field(default=None, compare=False, repr=False)


def snapshots(events: Sequence[Event], initial: GameState, positions: Iterable[Where]) -> dict[Key, Snapshot]:
    """``position.sort_key`` → the snapshot there, for every position asked for (see the module doc)."""
    wanted = {p.sort_key: p for p in positions}
    out: dict[Key, Snapshot] = {}
    files = {e.where.file for e in events}
    for key, where in wanted.items():
        if key == END_OF_LOG.sort_key:
            continue
        if key[0] not in files:
            out[key] = Snapshot(where, initial)
    pending = sorted(k for k in wanted if k[0] in files and k != END_OF_LOG.sort_key)
    state = initial
    step: list[Event] = []
    step_key: Key | None = None
    step_before = initial
    i = 0

    def closed(key: Key) -> Snapshot:
        if key == step_key:
            return Snapshot(wanted[key], state, tuple(step), step_before)
        return Snapshot(wanted[key], state)

    for event in settle_markers(events):  # the events as the checker judges them
        key = event.where.sort_key
        if key != step_key:
            while i < len(pending) and pending[i] < key:  # the step just closed is the last at or before it
                out[pending[i]] = closed(pending[i])
                i += 1
            step = []
            step_before = state
        if i >= len(pending) and END_OF_LOG.sort_key not in wanted:
            break
        state = apply(state, event)
        step.append(event)
        step_key = key
    while i < len(pending):
        out[pending[i]] = closed(pending[i])
        i += 1
    if END_OF_LOG.sort_key in wanted:
        out[END_OF_LOG.sort_key] = Snapshot(END_OF_LOG, state)
    return out
