"""The identity caches of the check, and how they are emptied when a check ends.

Several rules ask the same question of one step (is it a new action? the move analysis, an
attack's totals), so the modules that answer keep their last answers, keyed by the identity of the
states and events asked about. Those answers hold states, and a state holds the history of its
action (``GameState.action_steps``, each step's state holding the previous action's): a cache left
full after a check would keep a good part of the game alive. Every such module registers the
function that empties its caches with :func:`remembers`, and the checker calls :func:`forget` once
a check is over.
"""

from __future__ import annotations

from collections.abc import Callable

_FORGETTERS: list[Callable[[], None]] = []


def remembers(forget_mine: Callable[[], None]) -> Callable[[], None]:
    """Register a module's function that empties its caches (usable as a decorator)."""
    _FORGETTERS.append(forget_mine)
    return forget_mine


def forget() -> None:
    """Empty every registered cache: what they hold belongs to a check that is over."""
    for forget_mine in _FORGETTERS:
        forget_mine()
