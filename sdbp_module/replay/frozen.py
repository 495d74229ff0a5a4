"""``dataclasses.replace`` for the hot path of the replay, shared by ``Clock`` and ``GameState``.

Both are frozen dataclasses *without* ``__slots__``, so a changed copy is two dict updates: no
``__init__``, no re-validation. Unknown field names are still refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


_new_object, _set_field = object.__new__, object.__setattr__  # bound once: ``object.__new__`` read off the class each call is an unspecialised look-up


def copy_with(obj: T, known: frozenset[str], changes: Mapping[str, object]) -> T:
    """A copy of ``obj`` (a frozen dataclass with a ``__dict__``) with ``changes`` to its fields ``known``."""
    if not known.issuperset(changes):
        unknown = sorted(set(changes) - known)
        raise TypeError(f"{type(obj).__name__} has no field(s) {', '.join(unknown)}")
    new = _new_object(type(obj))
    # A dict display, not ``.copy()``: a copy of an instance's own (key-sharing) dict shares keys too,
    # and CPython 3.11 cannot specialize attribute reads on such a dict (each read of ``state.units``
    # then takes the slow generic path); the display makes an ordinary one, as ``dict(...)`` would,
    # without the calls of ``dict(...)`` and ``.update``.
    _set_field(new, "__dict__", {**obj.__dict__, **changes})  # frozen: bypass the dataclass's __setattr__
    return new
