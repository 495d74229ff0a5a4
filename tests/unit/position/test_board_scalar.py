"""``board_yaml.scalar`` writes a list or mapping from the text PyYAML gives each key and item in its place,
kept between calls: it must be what ``yaml.safe_dump`` writes of the whole value, byte for byte."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.position import board_yaml

_TRICKY = st.sampled_from(["", " ", "null", "~", "true", "no", "1", "01", "0x1F", "1e3", ".inf", "-", "- a", "a: b", "#x", "? x", "<<", "=", "x" * 130, "a\nb", "a\x85b", "é\u2028"])
_TEXT = st.one_of(st.text(max_size=10), st.text(alphabet=": -#,[]{}'\"\n\t?!&*|>%@`~\\ é\u2028\x85\ufeff0.e", max_size=10), _TRICKY)
_ATOMS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), _TEXT)
_VALUES = st.recursive(
    _ATOMS, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.one_of(_TEXT, st.integers()), inner, max_size=4)), max_leaves=12
)


def dumped(value: Any) -> str:
    """What ``scalar`` wrote before it kept texts: PyYAML's dump of the whole value."""
    text = board_yaml.yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 30, sort_keys=False)
    return text.removesuffix("\n...\n").rstrip("\n")


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.dictionaries(_TEXT, _VALUES, max_size=5), st.lists(_VALUES, max_size=5), _ATOMS))
def test_scalar_is_pyyamls_dump_of_the_whole_value(value: Any) -> None:
    assert board_yaml.scalar(value) == dumped(value)


def test_a_list_met_twice_is_dumped_whole_with_its_anchor() -> None:
    shared = [1, 2]
    value = {"a": shared, "b": shared}
    assert board_yaml.scalar(value) == dumped(value) == "{a: &id001 [1, 2], b: *id001}"
