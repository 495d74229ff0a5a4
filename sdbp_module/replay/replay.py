"""Replay: fold ``apply`` over events, keeping or yielding every step."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.replay.apply import apply
from sdbp_module.replay.events import Event
from sdbp_module.replay.state import GameState


def iter_steps(events: Iterable[Event], initial: GameState) -> Iterator[tuple[GameState, Event, GameState]]:
    """Yield ``(before, event, after)`` for each event."""
    state = initial
    for event in events:
        after = apply(state, event)
        yield state, event, after
        state = after


def replay(events: Iterable[Event], initial: GameState) -> GameState:
    """The state after all ``events``."""
    state = initial
    for event in events:
        state = apply(state, event)
    return state
