"""Python's cycle collector paused over a stretch of work that makes many long- or short-lived objects
but no garbage cycles (reference counting frees them), so its passes would walk them for nothing.

Used by ``sdbp check`` for the whole command (its imports, the unpickled game, the log read: tens of
thousands of objects that live to the end, about a tenth of a small log's check) and by the checker for
its fold (a state, a clock and their maps per event: about a tenth of a full check). Whatever few cycles
there are wait for the collector's next full pass once it runs again.

When the collector runs again, what the stretch left alive counts as old (the oldest generation, as if it
had survived the young passes): otherwise the first young pass after it walks every one of those objects
(7 ms after a small log's check, of a 0.3 s command). A process that froze objects out of the collector's
sight (``gc.freeze``, an audit's worker) keeps them frozen, and its young objects stay young.

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
    the objects made meanwhile moved to the oldest generation (unless the process froze some)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if gc.get_freeze_count() == 0:  # freeze moves every tracked object aside, unfreeze into the oldest generation
                gc.freeze()
                gc.unfreeze()
            gc.enable()


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
