"""data.quick_valid: its yes and no are jsonschema's (with schema_patterns' ``pattern``), or it says it cannot tell."""

from __future__ import annotations

import copy
import datetime
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sdbp_module.data.quick_valid import quick_check
from sdbp_module.data.validate import _validator, load_schema
from tests import yaml_io

MINI = Path(__file__).parent / "fixtures" / "mini"
ODD = [0, 1, -1, 7, 10**6, 1.0, 2.5, float("nan"), float("inf"), True, False, None, "", "a", "abc\n", "yes", "german", [], {}, [1], {"a": 1}, datetime.date(2020, 1, 1)]
"""Values put in place of others: bools where integers go, floats, NaN, a date (YAML reads 2020-01-01 so)."""


def _valid(kind: str, value: Any) -> bool:
    return next(iter(_validator(kind).iter_errors(value)), None) is None


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _places(item, (*path, i))


def _edited(value: Any, rnd: random.Random) -> Any:
    """``value`` with one to three random edits: a value replaced, a key dropped or added, an item repeated or dropped."""
    value = copy.deepcopy(value)
    for _ in range(rnd.randint(1, 3)):
        places = list(_places(value))
        path, node = rnd.choice(places)
        parent = value
        for part in path[:-1]:
            parent = parent[part]
        roll = rnd.random()
        if path and roll < 0.4:
            parent[path[-1]] = copy.deepcopy(rnd.choice(ODD) if rnd.random() < 0.6 else rnd.choice(places)[1])
        elif isinstance(node, dict) and node and roll < 0.6:
            del node[rnd.choice(list(node))]
        elif isinstance(node, dict) and roll < 0.7:
            node[rnd.choice(["zz", "id", "name", "source"])] = copy.deepcopy(rnd.choice(ODD))
        elif isinstance(node, list) and node and roll < 0.85:
            node.append(copy.deepcopy(rnd.choice(node)))
        elif isinstance(node, list) and node:
            node.pop(rnd.randrange(len(node)))
        elif path and isinstance(node, str):
            parent[path[-1]] = rnd.choice([node + "x", node.upper(), node[:-1], node + "\n"])
        elif path and isinstance(node, int) and not isinstance(node, bool):
            parent[path[-1]] = node + rnd.choice([-100, -1, 1, 100])
    return value


@pytest.mark.parametrize("name", sorted(p.stem for p in MINI.glob("*.yaml")))
def test_edited_data_gets_jsonschemas_answer_or_none(name: str) -> None:
    value = yaml_io.load((MINI / f"{name}.yaml").read_text(encoding="utf-8"))
    check = quick_check(load_schema(name))
    assert check(value) is True and _valid(name, value)
    rnd = random.Random(name)
    answers = []
    for _ in range(25):
        edited = _edited(value, rnd)
        answer = check(edited)
        if answer is not None:
            assert answer == _valid(name, edited), edited
        answers.append(answer)
    assert answers.count(False) >= 8  # the edits break the data more often than not


@pytest.mark.parametrize(
    ("schema", "value", "answer"),
    [
        ({"type": "integer"}, 1.0, True),  # Draft 2020-12: a float with no fraction is an integer
        ({"type": "integer"}, 1.5, False),
        ({"type": "integer"}, True, False),
        ({"type": "number"}, float("nan"), True),
        ({"minimum": 0}, float("nan"), True),  # NaN < 0 is false: jsonschema finds nothing wrong
        ({"enum": [1, 2]}, True, False),  # true is not 1
        ({"enum": [True]}, 1, False),
        ({"enum": [1]}, 1.0, None),
        ({"uniqueItems": True}, [1, True], None),
        ({"uniqueItems": True}, ["a", "a"], False),
        ({"type": "string"}, datetime.date(2020, 1, 1), None),
        ({"pattern": "^a$"}, "a\n", False),  # schema_patterns: $ only at the very end
        ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, 3, False),
        ({"not": {"type": "string"}}, 3, True),
        ({"prefixItems": [{"type": "string"}]}, ["a"], None),  # a keyword it does not know
    ],
)
def test_corners_are_jsonschemas_or_none(schema: dict[str, Any], value: Any, answer: bool | None) -> None:
    assert quick_check(schema)(value) is answer
