"""``dataclasses.replace`` for the hot path of the replay, shared by ``Clock`` and ``GameState``.

Both are frozen dataclasses *without* ``__slots__``, so a changed copy is two dict updates: no
``__init__``, no re-validation. Unknown field names are still refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def copy_with(obj: T, known: frozenset[str], changes: Mapping[str, object]) -> T:
    """A copy of ``obj`` (a frozen dataclass with a ``__dict__``) with ``changes`` to its fields ``known``."""
    if not known.issuperset(changes):
        unknown = sorted(set(changes) - known)
        raise TypeError(f"{type(obj).__name__} has no field(s) {', '.join(unknown)}")
    new = object.__new__(type(obj))
    # ``dict(...)``, not ``.copy()``: a copy of an instance's own (key-sharing) dict shares keys too,
    # and CPython 3.11 cannot specialize attribute reads on such a dict (each read of ``state.units``
    # then takes the slow generic path); ``dict(...)`` makes an ordinary one.
    fields_of_new = dict(obj.__dict__)
    fields_of_new.update(changes)
    object.__setattr__(new, "__dict__", fields_of_new)  # frozen: bypass the dataclass's __setattr__
    return new
