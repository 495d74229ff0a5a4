"""data.sources: the pure loader's scanner finds its possible simple keys fast, and reads every text as PyYAML's does.

In a flow collection every ``[`` and ``{`` may start a key (``[[a]: b]``); PyYAML keeps one possible key per flow
level until it is 1,024 characters old or its line ends, and its own ``stale_possible_simple_keys`` and
``next_possible_simple_key`` looked at every key kept for every token: ``markers: [[[[...`` took 0.8 s to be
refused. ``_PureLoader`` looks only at the first keys (``sources._PureLoader`` says why that is enough). These tests
compare it with PyYAML's two methods (its own removed) on seeded random texts nested around ``MAX_DEPTH`` and far
deeper (values, positions, messages, tokens and events), compare the stack each needs, and count the keys it looks
at: about 4 per token for 5,000 brackets, where PyYAML's methods look at 3,188.
"""

from __future__ import annotations

import contextlib
import random
import re
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from sdbp_module.data import sources
from sdbp_module.errors import InputError

SCALARS = ["a", "k", "1", "x y", "'q'", '"d"', "~", "!!str s", "''", "[]", "{}"]


def flow(rng: random.Random, depth: int) -> str:
    """A flow node about ``depth`` deep: lists and mappings, collections as keys, now and then a line break, a key
    more than 1,024 characters long, or a bracket too many or too few."""
    if depth <= 0:
        return rng.choice(SCALARS)
    opener = rng.choice("[[{")
    closer = "]" if opener == "[" else "}"
    parts = []
    for i in range(rng.choice([1, 1, 2])):
        inner = flow(rng, depth - 1 if i == 0 else rng.randint(0, 2))
        if opener == "{" or rng.random() < 0.15:
            inner += rng.choice([": ", ":"]) + rng.choice(SCALARS)  # a key: "[a]: b", "{x: y}: z", "k: v"
        parts.append(inner)
    body = rng.choice([", ", ","]).join(parts) if rng.random() < 0.97 else rng.choice([",\n ", ",\r\n", ",\r"]).join(parts)
    roll = rng.random()
    if roll < 0.01:
        return opener + body
    if roll < 0.02:
        return opener + body + closer + closer
    if roll < 0.04:
        return opener + body + "\n" + closer
    if roll < 0.06:
        return opener + " " * rng.choice([500, 1100]) + body + closer
    return opener + body + closer


def block(rng: random.Random, depth: int, indent: int) -> str:
    """Block mappings and lists, explicit keys, flow values, now and then a line that is neither key nor item."""
    pad = " " * indent
    if depth <= 0:
        return pad + "v: " + flow(rng, rng.choice([0, 1, 3, 66])) + "\n"
    step = rng.choice([1, 2, 4])
    child = block(rng, depth - 1, indent + step)
    kind = rng.random()
    if kind < 0.45:
        text = pad + "k:\n" + child
    elif kind < 0.8:
        text = pad + "- " + child.lstrip(" ")
    elif kind < 0.9:
        text = pad + "? k\n" + pad + ":\n" + child
    else:
        text = pad + "k: " + flow(rng, rng.choice([1, 3, 65])) + "\n"
    if rng.random() < 0.03:
        text += pad + "stray\n"  # a required key without its ':'
    return text


def random_text(rng: random.Random) -> str:
    depth = rng.choice([1, 3, 10, 62, 63, 64, 65, 66, 70, 100])
    shape = rng.random()
    if shape < 0.3:  # the hostile shapes: brackets only, closed or not, nested past where the composer gives up
        unit = rng.choice(["[", "{", "[a]: ", "{a: ", "[\n", "{k: ["])
        depth = rng.choice([depth, depth, 350 // max(1, len(re.sub(r"[^[{]|\[a", "", unit)))])
        opened = "".join(c for c in unit * depth if c in "[{").replace("[a", "")
        closers = "".join("]" if c == "[" else "}" for c in reversed(opened))
        text = "markers: " + unit * depth + rng.choice(["", closers, closers, closers[: len(closers) // 2], closers + ": v"])
    elif shape < 0.55:
        text = "markers: " + flow(rng, depth)
    elif shape < 0.85:
        text = block(rng, depth, 0)
    else:
        text = block(rng, 2, 0) + "more:\n  - " + flow(rng, depth)
    return text.replace("\n", rng.choice(["\n", "\n", "\r\n", "\r"])) + rng.choice(["\n", "\n", ""])


def outcome(text: str) -> tuple[Any, ...]:
    """What reading ``text`` gives (libyaml first, then the pure loader): value, positions and problems, or the
    error message."""
    try:
        f = sources._parse_text(text, "t.yaml", None)  # not parse_yaml: its cache would answer the second read
    except InputError as exc:
        return ("cannot be read", exc.message)
    return ("read", f.value, f.where.values, f.where.keys, [p.render() for p in f.problems])


def _at(mark: yaml.Mark) -> tuple[str, int, int, int, int]:
    """What ``str(mark)`` shows of a mark of ``text``: its name, line and column, and the snippet of ``text`` at
    its pointer (compared as the index and pointer it is cut at: ``str`` builds the snippet, 1.5 s of this
    file's 2 s; both loaders read the same text)."""
    return mark.name, mark.line, mark.column, mark.index, mark.pointer


def scanned(text: str) -> list[tuple[Any, ...]]:
    """The pure loader's first 600 tokens and then its first 600 events of ``text`` (type, value, marks), and
    the error if there is one among them."""
    out: list[tuple[Any, ...]] = []
    for stream in (yaml.scan, yaml.parse):
        try:
            for _, item in zip(range(600), stream(text, Loader=sources._PureLoader)):
                out.append((type(item).__name__, getattr(item, "value", None), _at(item.start_mark), _at(item.end_mark)))
        except yaml.YAMLError as exc:
            out.append(("error", str(exc)))
    return out


@contextlib.contextmanager
def pyyamls_methods() -> Iterator[None]:
    """``_PureLoader`` with PyYAML's own two methods, as it was before it had its own."""
    with pytest.MonkeyPatch.context() as m:
        m.delattr(sources._PureLoader, "stale_possible_simple_keys")
        m.delattr(sources._PureLoader, "next_possible_simple_key")
        yield


def test_random_texts_read_as_with_pyyamls_methods() -> None:
    rng = random.Random(1954)
    kinds: dict[str, int] = {}
    for case in range(50):  # 4.4 s for 150: the suite's time is one of issue 26's goals
        text = random_text(rng)
        fast = outcome(text), scanned(text)
        with pyyamls_methods():
            assert fast == (outcome(text), scanned(text)), f"case {case}: {text[:200]!r}"
        kind = fast[0][0] if fast[0][0] == "read" else fast[0][1].split("cannot be read: ")[1][:30]
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds["read"] > 10 and kinds["lists and mappings nested more"] > 5, kinds
    assert kinds["could not find expected ':'"] > 0, kinds  # a stale required key: the same error


def _read_deeper(frames: int, text: str) -> str:
    """``text`` read ``frames`` calls deeper down the stack: "read", or the message."""
    if frames:
        return _read_deeper(frames - 1, text)
    try:
        sources._parse(sources._PureLoader, text, "t.yaml", None)
    except InputError as exc:
        return exc.message
    return "read"


def _stack_left(text: str) -> int:
    """The fewest frames under which reading ``text`` no longer gives what it gives at the top of the stack."""
    at_top = _read_deeper(0, text)
    fits, fails = 0, sys.getrecursionlimit()
    while fails - fits > 1:
        middle = (fits + fails) // 2
        try:
            same = _read_deeper(middle, text) == at_top
        except RecursionError:
            same = False
        if same:
            fits = middle
        else:
            fails = middle
    return fails


@pytest.mark.parametrize("text", ["[" * 40 + "]" * 40, "[{a: " * 30 + "}]" * 30, "{k: [" * 30 + "]}" * 30 + ", b]: x"])
def test_the_scanner_needs_no_more_stack_than_with_pyyamls_methods(text: str) -> None:
    """Its methods run at the bottom of the recursive composer's stack: one frame (or, on Python 3.11, one method
    call) more there, and a text nested just shallow enough to be read would be refused."""
    text = "markers: " + text + "\n"
    fast = _stack_left(text)
    with pyyamls_methods():
        assert fast == _stack_left(text)


class _CountingKeys(dict[int, Any]):
    """The scanner's possible simple keys, counting how many it looks at (for ``for``, ``.items()``, ``.values()``)."""

    looked = 0

    def __iter__(self) -> Any:
        for level in super().__iter__():
            _CountingKeys.looked += 1
            yield level

    def items(self) -> Any:
        for item in super().items():
            _CountingKeys.looked += 1
            yield item

    def values(self) -> Any:
        for key in super().values():
            _CountingKeys.looked += 1
            yield key


class _Counting(sources._PureLoader):
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.possible_simple_keys = _CountingKeys()


def test_deep_flow_nesting_looks_at_few_possible_keys_per_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """5,000 brackets on one line: a thousand keys pending at a time (1,024 characters), a few looked at per token
    (3.9), where PyYAML's methods look at all of them, twice or three times (3,188 per token)."""
    text = "markers: " + "[" * 5000 + "]" * 5000 + "\n"
    monkeypatch.setattr(_CountingKeys, "looked", 0)
    tokens = len(list(yaml.scan(text, Loader=_Counting)))
    assert tokens == 10_007 and _CountingKeys.looked < 5 * tokens
    with pytest.raises(InputError) as caught:
        sources._parse_text("markers: " + "[" * 100_000 + "\n", "deep.yaml", None)
    assert caught.value.message == "deep.yaml:1:73: cannot be read: lists and mappings nested more than 64 deep"
