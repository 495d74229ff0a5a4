"""Python's cycle collector paused over a stretch of work that makes many long- or short-lived objects
but no garbage cycles (reference counting frees them), so its passes would walk them for nothing.

Used by ``cli`` over its import of click (every command's: 15 young passes and one of the middle
generation, about 2 ms, walked what lives to the end), by ``sdbp check`` for the whole command (its
imports, the unpickled game, the log read: tens of thousands of objects that live to the end, about a
tenth of a small log's check) and by the checker for
its fold (a state, a clock and their maps per event: about a tenth of a full check), and by ``load_log``
for the reading of a log (an audit's worker reads one after another: 8 % of reading a whole game's
transcript otherwise), and by an audit's worker for each log as a whole (its reports too: the young passes
would walk what the log's paused stretches left alive, about 3 % of its work). Whatever few cycles
there are wait for the collector's next full pass once it runs again.

When the collector runs again, what the stretch left alive counts as old (the oldest generation, as if it
had survived the young passes): otherwise the first young pass after it walks every one of those objects
(7 ms after a small log's check, of a 0.3 s command). A process that froze objects out of the collector's
sight with ``freeze_for_good`` (an audit's worker, the test session) keeps them frozen, and its young
objects stay young. It must freeze through ``freeze_for_good``, not ``gc.freeze``: the standard library
tells whether objects are frozen only by counting them, one by one (``gc.get_freeze_count``: 12 ms with a
million frozen objects), too slow to ask at the end of every pause; a pause in a process that called
``gc.freeze`` itself moves its frozen objects back to the oldest generation.

``collector_off_at_exit``: a command whose process ends when it does (``sdbp check``) skips the full pass
the interpreter makes as it exits, which walks every object of the process only to free what the end of
the process frees anyway (8 ms after a small log's check), and the passes its teardown of the modules makes
even with the collector off (every object left is frozen first: 36 M instructions of the 970 M of a small
log's check, callgrind).
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector, then restore it as it was (left off if it was off; nesting is safe),
    the objects made meanwhile moved to the oldest generation (unless the process froze some:
    ``freeze_for_good``)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not _FROZEN:  # freeze moves every tracked object aside, unfreeze into the oldest generation
                gc.freeze()
                gc.unfreeze()
            gc.enable()


_FROZEN: list[bool] = []
"""Not empty once the process has frozen objects with ``freeze_for_good``."""


def freeze_for_good() -> None:
    """Freeze every object now alive out of the cycle collector's sight for the rest of the process
    (``gc.freeze``), for a process whose long-lived objects are made first (an audit's worker: its game and
    rules): later passes walk only what is made since. ``collector_paused`` then leaves frozen objects
    frozen. A frozen cycle that dies later is never collected."""
    gc.freeze()
    if not _FROZEN:
        _FROZEN.append(True)


_OFF_AT_EXIT: list[bool] = []


def collector_off_at_exit() -> None:
    """Turn the cycle collector off when the interpreter exits (before its last full pass; once per
    process, however often it is asked), every object then alive frozen out of its sight: for a command
    whose process ends with it. A process that goes on (a test calling the command) collects as before
    until it ends."""
    if not _OFF_AT_EXIT:
        _OFF_AT_EXIT.append(True)
        atexit.register(_off_for_good)


def _off_for_good() -> None:
    """Off, and everything alive frozen: the passes the interpreter makes as it tears the modules down
    (which it makes with the collector off too) then walk only what the teardown itself leaves."""
    gc.disable()
    gc.freeze()
