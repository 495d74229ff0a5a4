"""data.sources with libyaml: the same values, positions, problems and messages as the pure-Python loader.

``parse_yaml`` composes with ``yaml.CSafeLoader`` when PyYAML has libyaml, and falls back to the pure
loader on anything libyaml refuses or reads differently. These tests compare both ways on the bundled
data, on the corners where libyaml differs, and on seeded random edits of the bundled files.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from sdbp_module.data import sources
from sdbp_module.data.sources import parse_yaml, read_yaml
from sdbp_module.errors import InputError
from sdbp_module.paths import default_data_dir

BUNDLED = sorted(default_data_dir().glob("*.yaml"))
needs_libyaml = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML without libyaml")


def outcome(text: str) -> tuple[Any, ...]:
    """Everything ``parse_yaml`` gives for ``text``: value, positions and problems, or the error message."""
    try:
        f = parse_yaml(text, "f.yaml")
    except InputError as exc:
        return ("cannot be read", exc.message)
    return ("read", f.value, f.where.values, f.where.keys, [p.render() for p in f.problems])


def pure_outcome(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    with monkeypatch.context() as m:
        m.setattr(sources, "_FAST_LOADER", None)
        return outcome(text)


@needs_libyaml
def test_the_bundled_data_is_composed_by_libyaml() -> None:
    assert BUNDLED
    assert [f.name for f in BUNDLED if sources._pure_only(f.read_text(encoding="utf-8"))] == []


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_the_bundled_data_reads_the_same_both_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = read_yaml(path)
    with monkeypatch.context() as m:
        m.setattr(sources, "_FAST_LOADER", None)
        pure = read_yaml(path)
    assert fast.value == pure.value
    assert fast.where == pure.where  # every value's and every key's file:line:col
    assert fast.problems == pure.problems == ()


@needs_libyaml
def test_a_syntax_error_keeps_the_pure_loaders_message() -> None:
    text = "areas:\n  - id: 1\n    name: a: b\n"
    with pytest.raises(yaml.YAMLError) as raw:  # libyaml words it otherwise
        yaml.load(text, Loader=yaml.CSafeLoader)
    assert "mapping values are not allowed here" not in str(raw.value)
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "a.yaml")
    assert caught.value.message == "a.yaml:3:12: cannot be read: mapping values are not allowed here"


@pytest.mark.parametrize(
    "text",
    [
        "a:\t1\n",  # libyaml takes the tab as a separator; YAML (and the pure loader) do not
        "a: {b? c: 1}\n",  # libyaml accepts ? inside a flow plain scalar
        "a: {b: , c: 1}\n",  # libyaml marks the empty value one column later
        "\ufeffa: 1\nb: [1, 2]\n",
        "a: x\ufeffy\nb: 1\n",
        "a: |#\n  x\n",
        "\n!",
        "---",
        "a: \x07\n",
        "a: \ud800\n",  # libyaml cannot even encode it
    ],
)
def test_where_libyaml_differs_the_pure_loader_decides(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert sources._pure_only(text)
    assert outcome(text) == pure_outcome(text, monkeypatch)


def test_a_character_yaml_does_not_allow_is_one_line_naming_the_place() -> None:
    with pytest.raises(InputError) as caught:
        parse_yaml("a: 1\nb: x\x07y\n", "g.yaml")
    assert caught.value.message == (
        "g.yaml:2:5: cannot be read: unacceptable character #x0007: special characters are not allowed"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: !!int name\n", "f.yaml:1:4: cannot be read: 'name' is not a valid !!int"),
        ("when: 2020-13-45\n", "f.yaml:1:7: cannot be read: '2020-13-45' is not a valid !!timestamp"),
        ("!!float x: 1\n", "f.yaml:1:1: cannot be read: 'x' is not a valid !!float"),
        # more digits than int() converts: the value is quoted shortened
        ("a: 1" + "0" * 5000 + "\n", "f.yaml:1:4: cannot be read: '1" + "0" * 39 + "…" + "0" * 10 + "' is not a valid !!int"),
    ],
)
def test_a_value_its_tag_cannot_take_cannot_be_read(text: str, message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert outcome(text) == ("cannot be read", message) == pure_outcome(text, monkeypatch)


EDITS = [*":-[]{},#&*!|>'\"%@` \n?\\.0a\t\x07\r\ufeff\u2028\x85é", "\n  ", ": ", "- ", "&a ", "*a", "!!str ", "|\n"]


def edited(texts: list[str], rng: random.Random) -> str:
    """A few lines of a bundled file with one to four characters inserted, deleted or replaced."""
    lines = rng.choice(texts).splitlines(keepends=True)
    start = rng.randrange(len(lines))
    text = "".join(lines[start : start + rng.randint(1, 12)])
    for _ in range(rng.randint(1, 4)):
        at, roll = rng.randrange(len(text) + 1), rng.random()
        if roll < 0.4:
            text = text[:at] + rng.choice(EDITS) + text[at:]
        elif roll < 0.7:
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + rng.choice(EDITS) + text[at + 1 :]
    return text


def test_random_edits_of_the_bundled_data_read_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [p.read_text(encoding="utf-8") for p in BUNDLED]
    rng = random.Random(1954)
    kinds = {"read": 0, "cannot be read": 0}
    for case in range(500):
        text = edited(texts, rng)
        got = outcome(text)
        assert got == pure_outcome(text, monkeypatch), f"case {case}: {text!r}"
        kinds[got[0]] += 1
    assert min(kinds.values()) > 100, kinds
