"""Describe every record class of the package, and a few made here, as JSON: what ``tests/unit/test_records.py``
compares between a process where ``@record`` is itself and one where it is ``dataclasses.dataclass``.

Run: ``python tests/unit/records_probe.py record|dataclass`` (with ``PYTHONHASHSEED=0``, so hashes compare).
In ``dataclass`` mode ``sdbp_module.records.record`` is replaced, before any other module of the package is
imported, by ``dataclasses.dataclass`` with the same flags: each class is then made from the same definition
by the standard library.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import inspect
import json
import pickle
import pkgutil
import re
import sys
from typing import Any

import sdbp_module.records

MADE: list[type] = []
"""The classes ``@record`` was given, in the order their modules defined them."""


def _as_dataclass(cls: type | None = None, /, *, frozen: bool = True, slots: bool = True, kw_only: bool = False, eq: bool = True) -> Any:
    def wrap(cls: type) -> type:
        made = dataclasses.dataclass(cls, frozen=frozen, slots=slots, kw_only=kw_only, eq=eq)
        MADE.append(made)
        return made

    return wrap if cls is None else wrap(cls)


def _recorded(record: Any) -> Any:
    def wrapped(cls: type | None = None, /, **flags: bool) -> Any:
        def wrap(cls: type) -> type:
            made: type = record(**flags)(cls)
            MADE.append(made)
            return made

        return wrap if cls is None else wrap(cls)

    return wrapped


def _text(value: object) -> str:
    """``repr`` without memory addresses (they differ between processes)."""
    return re.sub(r" at 0x[0-9a-fA-F]+", "", repr(value))


def _outcome(action: Any) -> Any:
    try:
        return ["ok", action()]
    except Exception as exc:
        return ["raises", type(exc).__name__, _text(str(exc))]


def _field(f: dataclasses.Field[Any]) -> list[Any]:
    factory = f.default_factory
    return [
        f.name,
        _text(f.type),
        _text(f.default),
        getattr(factory, "__qualname__", _text(factory)),
        f.init,
        f.repr,
        f.hash,
        f.compare,
        f.kw_only,
        dict(f.metadata),
    ]


def _values(cls: type, shift: int) -> dict[str, Any]:
    """A value for every ``__init__`` field: distinct ints, ``shift`` apart between two calls."""
    return {f.name: 1000 * shift + i for i, f in enumerate(dataclasses.fields(cls)) if f.init}


def _instance(cls: type, values: dict[str, Any]) -> Any:
    return cls(**values)


def describe(cls: type) -> dict[str, Any]:
    """What a record class is and does, in JSON terms."""
    out: dict[str, Any] = {
        "mro": [f"{c.__module__}.{c.__qualname__}" for c in cls.__mro__],
        "doc": cls.__doc__,
        "fields": [_field(f) for f in dataclasses.fields(cls)],
        "params": _text(getattr(cls, "__dataclass_params__", None)),
        "match_args": list(getattr(cls, "__match_args__", ())),
        "slots": _text(cls.__dict__.get("__slots__")),
        "has_dict": hasattr(cls, "__dict__") and "__dict__" in dir(cls),
        "hash_is_none": cls.__hash__ is None,
        "own_names": sorted(n for n in cls.__dict__ if not n.startswith("__") or n in ("__post_init__", "__reduce__", "__getstate__", "__setstate__")),
        "is_dataclass": dataclasses.is_dataclass(cls),
    }
    required = {f.name for f in dataclasses.fields(cls) if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    built = _outcome(lambda: _instance(cls, {k: v for k, v in _values(cls, 0).items() if k in required}))
    out["defaults"] = built if built[0] == "raises" else ["ok", _text(built[1])]
    made = _outcome(lambda: _instance(cls, _values(cls, 1)))
    if made[0] == "raises":
        out["instance"] = made
        return out
    one = made[1]
    same = _instance(cls, _values(cls, 1))  # built once already: builds again
    other = _outcome(lambda: _instance(cls, _values(cls, 2)))
    sub = type("Sub", (cls,), {"__module__": __name__})
    out["instance"] = {
        "repr": _outcome(lambda: _text(one)),
        "eq_same": _outcome(lambda: one == same),
        "ne_same": _outcome(lambda: one != same),
        "eq_other": _outcome(lambda: other[0] == "ok" and one == other[1]),
        "eq_subclass": _outcome(lambda: one == _instance(sub, _values(cls, 1))),
        "eq_tuple": _outcome(lambda: one == tuple(_values(cls, 1).values())),
        "hash": _outcome(lambda: "identity" if hash(one) == object.__hash__(one) else hash(one)),
        "hash_same": _outcome(lambda: hash(one) == hash(same)),
        "set_field": _outcome(lambda: setattr(one, dataclasses.fields(cls)[0].name, 7) if dataclasses.fields(cls) else None),
        "after_set": _outcome(lambda: _text(one)),
        "del_field": _outcome(lambda: delattr(one, dataclasses.fields(cls)[-1].name) if dataclasses.fields(cls) else None),
        "set_other": _outcome(lambda: setattr(one, "not_a_field", 1)),
        "set_on_subclass": _outcome(lambda: setattr(_instance(sub, _values(cls, 1)), "not_a_field", 1)),
        "no_arguments": _outcome(lambda: _text(cls())),
        "one_too_many": _outcome(lambda: _text(cls(*range(len(cls.__match_args__) + 1)))),
        "unknown_keyword": _outcome(lambda: _text(cls(**_values(cls, 1), not_a_field=1))),
        "signature": _outcome(lambda: re.sub(r" at 0x[0-9a-fA-F]+", "", str(inspect.signature(cls)))),
    }
    again = _instance(cls, _values(cls, 1))
    out["copies"] = {
        "pickle": _outcome(lambda: pickle.dumps(again, protocol=pickle.HIGHEST_PROTOCOL).hex()),
        "round_trip": _outcome(lambda: pickle.loads(pickle.dumps(again)) == again),
        "copy": _outcome(lambda: _text(copy.copy(again))),
        "deepcopy": _outcome(lambda: copy.deepcopy(again) == again),
        "replace": _outcome(lambda: _text(dataclasses.replace(again, **dict(list(_values(cls, 3).items())[:1])))),
        "asdict": _outcome(lambda: _text(dataclasses.asdict(again))),
        "astuple": _outcome(lambda: _text(dataclasses.astuple(again))),
    }
    return out


SAMPLES = '''
from __future__ import annotations
import dataclasses
from dataclasses import KW_ONLY, field
from typing import ClassVar
from sdbp_module.records import record

@record
class Plain:
    a: int
    b: str = "b"
    c: tuple[int, ...] = field(default_factory=tuple)

@record
class Bare:
    pass

@record(kw_only=True)
class Base:
    """A base with a docstring."""
    where: int = 0
    kind: ClassVar[str] = "base"

@record(kw_only=True)
class Child(Base):
    x: int
    y: list[int] = field(default_factory=list, compare=False)

@record
class Mixed:
    a: int
    _: KW_ONLY
    b: int = 2
    c: int = field(default=3, repr=False, hash=False)

@record
class Hidden:
    a: int
    b: int = field(init=False, default=5)
    c: list[int] = field(init=False, default_factory=list, compare=False)
    d: int = field(init=False, repr=False, compare=False)

@record
class Checked:
    a: int
    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")

@record
class OwnEq:
    a: int
    b: int
    def __eq__(self, other: object) -> bool:
        return isinstance(other, OwnEq) and self.a == other.a

@record
class OwnHash:
    a: int
    def __hash__(self) -> int:
        return 42
    def __repr__(self) -> str:
        return "own"

@record(frozen=False)
class Mutable:
    a: int
    b: list[int] = field(default_factory=list)

@record(frozen=False, eq=False)
class MutableNoEq:
    a: int

@record(slots=False)
class Unslotted:
    a: int
    b: int = 2

@record(slots=False, eq=False)
class UnslottedNoEq:
    a: int

@record(eq=False)
class NoEq:
    a: int

@record(frozen=False, slots=False)
class Open:
    a: int = 1

@record
class OwnInit:
    a: int
    b: int = 0
    def __init__(self, a: int, b: int = 0, *, c: int = 1) -> None:
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b + c)

@record(slots=False, kw_only=True)
class UnslottedBase:
    a: int = 0

@record(slots=False, kw_only=True)
class UnslottedChild(UnslottedBase):
    b: int
'''


def main() -> None:
    mode = sys.argv[1]
    if mode == "dataclass":
        sdbp_module.records.record = _as_dataclass  # type: ignore[assignment]
    elif mode == "record":
        sdbp_module.records.record = _recorded(sdbp_module.records.record)  # type: ignore[assignment]
    else:
        raise SystemExit(f"mode {mode!r}: record or dataclass")
    samples = type(sys)("records_samples")
    sys.modules[samples.__name__] = samples
    exec(compile(SAMPLES, "records_samples", "exec"), samples.__dict__)
    for info in pkgutil.walk_packages(sdbp_module.__path__, "sdbp_module."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    result = {f"{cls.__module__}.{cls.__qualname__}": {"first": describe(cls)} for cls in MADE}
    for cls in MADE:  # built often enough that ``@record`` has compiled its ``__init__``: all again
        for _ in range(sdbp_module.records.COMPILE_AFTER + 1):
            _outcome(lambda: _instance(cls, _values(cls, 1)))
        result[f"{cls.__module__}.{cls.__qualname__}"]["later"] = describe(cls)
    sys.stdout.write(json.dumps(result, sort_keys=True, default=_text))  # the C encoder: no indent


if __name__ == "__main__":
    main()
