"""data.sources, property: every value read back has a position, and it points at that value."""

from __future__ import annotations

import operator
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.data.sources import parse_yaml

LETTERS = "abcdefghijklmnopqrstuvwxyz"
WORDS = st.builds(operator.add, st.sampled_from(LETTERS), st.text(alphabet=LETTERS + "_", max_size=6))
"""The words of ``[a-z][a-z_]{0,6}``, drawn without ``st.from_regex`` (which took two thirds of the test's time)."""
SCALARS = st.one_of(st.integers(min_value=0, max_value=10_000), WORDS.map(lambda w: "w" + w))
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=4), st.dictionaries(WORDS, inner, min_size=1, max_size=4)
    ),
    max_leaves=25,
)


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [x for i, v in enumerate(value) for x in leaves(v, (*path, i))]
    return [(path, value)]


@settings(max_examples=150, deadline=None)
@given(
    value=st.dictionaries(WORDS, VALUES, min_size=1, max_size=5), flow=st.sampled_from([None, True, False])
)
def test_each_scalar_position_points_at_its_text(value: dict[str, Any], flow: bool | None) -> None:
    text = yaml.safe_dump(value, default_flow_style=flow, sort_keys=False, width=10_000)
    source = parse_yaml(text, "p.yaml")
    assert source.value == value
    assert source.problems == ()
    lines = text.splitlines()
    for path, leaf in leaves(value):
        where = source.where.value(path)
        assert lines[where.line - 1][where.column - 1 :].startswith(str(leaf)), (path, text)
        if path and isinstance(path[-1], str):
            key = source.where.key(path)
            at_key = lines[key.line - 1][key.column - 1 :]
            assert at_key.lstrip("'").startswith(path[-1]), (path, text)  # keys like 'yes' are quoted
