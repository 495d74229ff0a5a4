"""``@record`` makes the class ``@dataclass`` makes from the same definition (``sdbp_module/records.py``).

Every record class of the package, and the samples of ``records_probe.py`` (each feature a record
accepts: defaults, factories, ``init=False``, ``KW_ONLY``, ``ClassVar``, inheritance, ``__post_init__``,
methods of the class's own (``__init__`` too), mutable, unslotted, ``eq=False``), is described by two processes: one where
``@record`` is itself, one where it is ``dataclasses.dataclass`` with the same flags. The descriptions
must be equal: fields, ``__dataclass_params__``, ``__match_args__``, ``__slots__``, docstring, then
instances: ``repr``, ``==``/``!=`` (an equal one, a different one, a subclass's with equal values, a
tuple of the values), ``hash``, setting and deleting a field and another name (``FrozenInstanceError``),
``inspect.signature``, pickle (the same bytes), ``copy``, ``deepcopy``, ``replace``, ``asdict``, ``astuple``.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.records import COMPILE_AFTER, record

PROBE = Path(__file__).with_name("records_probe.py")


@functools.cache
def _described(mode: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(PROJECT_ROOT)}
    done = subprocess.run([sys.executable, str(PROBE), mode], capture_output=True, text=True, env=env, cwd=PROJECT_ROOT, check=False)
    assert done.returncode == 0, done.stderr
    described: dict[str, Any] = json.loads(done.stdout)
    return described


def _names() -> list[str]:
    return sorted(_described("dataclass"))


def test_every_record_class_is_described_in_both() -> None:
    made, reference = _described("record"), _described("dataclass")
    assert sorted(made) == sorted(reference)
    package = [name for name in made if name.startswith("sdbp_module.")]
    assert len(package) > 300  # the package's records, all found
    built = [name for name in package if isinstance(made[name]["first"].get("instance"), dict)]
    assert len(built) > len(package) // 2  # most can be built from plain ints, so their instances are compared


def test_records_are_the_dataclasses_of_the_same_definition() -> None:
    made, reference = _described("record"), _described("dataclass")
    differ = {name: (made[name], reference[name]) for name in sorted(reference) if made.get(name) != reference[name]}
    assert not differ, json.dumps(next(iter(differ.items())), indent=1)[:4000]


def test_samples_cover_each_feature() -> None:
    samples = {name.split(".", 1)[1]: value["first"] for name, value in _described("record").items() if name.startswith("records_samples.")}
    assert samples["Checked"]["instance"]["repr"] == ["ok", "Checked(a=1000)"]
    assert samples["Plain"]["instance"]["set_field"][:2] == ["raises", "FrozenInstanceError"]
    assert samples["Mutable"]["instance"]["after_set"] == ["ok", "Mutable(a=7, b=1001)"]
    assert samples["Plain"]["instance"]["hash"][0] == "ok" and samples["Mutable"]["instance"]["hash"][:2] == ["raises", "TypeError"]
    assert samples["Child"]["doc"] == "Child(*, where: 'int' = 0, x: 'int', y: 'list[int]' = <factory>)"


def test_methods_are_compiled_when_used() -> None:
    @record
    class Point:
        x: int
        y: int = 0

    stand_ins = {name: Point.__dict__[name] for name in ("__init__", "__repr__", "__eq__", "__hash__")}
    point = Point(1)
    assert repr(point).endswith("<locals>.Point(x=1, y=0)") and point == Point(1, 0) and hash(point) == hash((1, 0))
    assert all(Point.__dict__[name] is not stand_ins[name] for name in ("__repr__", "__eq__", "__hash__"))  # compiled at once
    assert Point.__dict__["__init__"] is stand_ins["__init__"]
    assert str(inspect.signature(Point)) == "(x: 'int', y: 'int' = 0) -> None"
    for n in range(COMPILE_AFTER):
        assert Point(n, y=n) == Point(n, n)
    assert Point.__dict__["__init__"] is not stand_ins["__init__"]  # compiled at the call after COMPILE_AFTER
    assert Point.__init__.__qualname__.endswith("Point.__init__")
    with pytest.raises(TypeError, match=r"__init__\(\) missing 1 required positional argument: 'x'"):
        Point()  # type: ignore[call-arg]


def test_a_call_that_does_not_bind_gets_the_compiled_error() -> None:
    @record(kw_only=True)
    class Named:
        a: int

    with pytest.raises(TypeError, match=r"__init__\(\) takes 1 positional argument but 2 were given"):
        Named(1)  # type: ignore[misc]
    assert Named(a=2).a == 2


def test_refused_definitions() -> None:
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):

        @record
        class Late:
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(TypeError, match="cannot inherit non-frozen dataclass from a frozen one"):

        @record
        class Frozen:
            a: int

        @record(frozen=False)
        class Thawed(Frozen):  # type: ignore[misc]
            b: int


def test_recursive_repr() -> None:
    @record(frozen=False)
    class Node:
        next: Any = None

    node = Node()
    node.next = node
    assert repr(node).endswith("Node(next=...)")


def test_frozen_pickle_is_the_field_list() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Reference:
        a: int

    @record
    class Made:
        a: int

    assert Made(3).__getstate__() == Reference(3).__getstate__() == [3]  # type: ignore[attr-defined]
