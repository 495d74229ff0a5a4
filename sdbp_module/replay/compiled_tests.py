"""Tests compiled per event class once the class is common in a log, for the checks that read every event of
a log (``replay.bounds``, ``replay.vocabulary``).

Each of those checks walks an event to word what is wrong with it, and pays for what it could say. Nearly
every event of a log has nothing wrong, so each first asks a test compiled for the event's class (Python
source written from the class hints, then ``exec``), which only says whether all is well, and walks the event
only when it says no. A compilation costs about what walking a hundred events does, so a class's test is
compiled once ``COMPILE_AFTER`` of its events have been walked without one: a short log (a small ``.vlog``)
compiles none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

COMPILE_AFTER = 100


class CompiledTests(Generic[T]):
    """The tests compiled so far (``compiled``, by class), made by ``compile_test(cls)``, and how many events
    of each other class were walked without one."""

    __slots__ = ("_compile", "_walked", "compiled")

    def __init__(self, compile_test: Callable[[type], T]) -> None:
        self.compiled: dict[type, T] = {}
        self._compile = compile_test
        self._walked: dict[type, int] = {}

    def walked(self, cls: type) -> None:
        """One more event of ``cls`` walked without a test: at the ``COMPILE_AFTER``th, its test is compiled."""
        walked = self._walked[cls] = self._walked.get(cls, 0) + 1
        if walked >= COMPILE_AFTER:
            self.compiled[cls] = self._compile(cls)
