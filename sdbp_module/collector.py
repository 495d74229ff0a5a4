"""Python's cycle collector paused over a stretch of work that makes many long- or short-lived objects
but no garbage cycles (reference counting frees them), so its passes would walk them for nothing.

Used by ``sdbp check`` for the whole command (its imports, the unpickled game, the log read: tens of
thousands of objects that live to the end, about a tenth of a small log's check) and by the checker for
its fold (a state, a clock and their maps per event: about a tenth of a full check). Whatever few cycles
there are wait for the collector's next pass once it runs again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector, then restore it as it was (left off if it was off; nesting is safe)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
