"""JSON in and out at any depth (codec/jsonio.py): the same bytes as ``json.dumps``, the same values
and errors as ``json.loads``, streamed in bounded chunks."""

from __future__ import annotations

import base64
import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.codec import jsonio
from sdbp_module.codec.commands import read_game
from sdbp_module.codec.json_form import game_to_json
from sdbp_module.codec.jsonio import (
    BASE64_SLICE,
    CHUNK_CHARS,
    RETRY_LEVELS,
    SLICE_CHARS,
    Base64Bytes,
    dump_chunks,
    dump_lines,
    dump_text,
    load,
    parse_iteratively,
)
from sdbp_module.errors import InputError
from tests.shared_corpus import corpus_files, needs_corpus

SMALL = corpus_files(".vsav", ".vlog", under=100_000)

strings = st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from('\x00\x01\x1b\x1f\x7f"\\/\n\t\u2028é😀'), max_size=20)
scalars = st.none() | st.booleans() | st.integers() | st.floats() | strings
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(strings, inner, max_size=5),
    max_leaves=30,
)


def expected(value: Any) -> bytes:
    return (json.dumps(value, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


@settings(max_examples=400)
@given(values)
def test_dump_chunks_is_json_dumps(value: Any) -> None:
    assert b"".join(dump_chunks(value)) == expected(value)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, -0.0, 1e300, 10**400, (1, "a"), {"b": (), "a": {}}, ""])
def test_special_values_are_written_as_json_dumps_writes_them(value: Any) -> None:
    assert b"".join(dump_chunks(value)) == expected(value)


@needs_corpus
@pytest.mark.parametrize("path", SMALL, ids=[p.name for p in SMALL])
def test_corpus_json_forms_are_json_dumps(path: Path) -> None:
    doc = game_to_json(*read_game(path))
    assert b"".join(dump_chunks(doc)) == expected(doc)


def test_any_depth_is_written_and_read() -> None:
    deep: list[Any] = []
    inner = deep
    for _ in range(20_000):
        inner.append({"children": []})
        inner = inner[0]["children"]
    text = dump_text(deep)
    assert text == '[{"children": ' * 20_000 + "[]" + "}]" * 20_000 + "\n"
    assert dump_text(load(text, "x.json")) == text  # (== on the values themselves would recurse)


def test_a_log_chain_past_the_recursion_limit_tries_the_c_encoder_every_retry_levels_not_at_each(monkeypatch: pytest.MonkeyPatch) -> None:
    depth = 8_000
    chain: dict[str, Any] = {"cmd": "other", "raw": "x"}
    for _ in range(depth):
        chain = {"cmd": "log", "command": chain}
    beside = [{"cmd": "other", "raw": str(i)} for i in range(50)]
    doc = {"cmd": "begin", "children": [chain, *beside]}
    tries: list[int] = []
    real = jsonio.encode_value

    def counted(value: Any) -> str:
        tries.append(1)
        return real(value)

    monkeypatch.setattr(jsonio, "encode_value", counted)
    text = dump_text(doc)
    assert text == '{"children": [' + '{"cmd": "log", "command": ' * depth + '{"cmd": "other", "raw": "x"}' + "}" * depth + "".join(
        f', {{"cmd": "other", "raw": "{i}"}}' for i in range(50)
    ) + '], "cmd": "begin"}\n'
    assert len(tries) <= depth // RETRY_LEVELS + 2 + 50  # the chain's tries, and each command beside it once


def test_long_strings_are_escaped_in_slices_and_chunks_stay_small() -> None:
    value = {"a": "\x01" * (3 * SLICE_CHARS + 5), "b": ["é" * (CHUNK_CHARS + 3)]}
    chunks = list(dump_chunks(value))
    assert b"".join(chunks) == expected(value)
    assert len(chunks) >= 3
    assert max(len(c) for c in chunks) < 2 * CHUNK_CHARS + 6 * SLICE_CHARS


def test_chunks_are_produced_lazily() -> None:
    produced = []

    def steps() -> Any:
        for n in range(3):
            produced.append(n)
            yield {"step": n, "text": "x" * CHUNK_CHARS}

    chunks = dump_lines(steps())
    first = next(chunks)
    assert produced == [0] and first.startswith(b'{"step": 0, "text": "xxx')
    assert b"".join([first, *chunks]).decode().splitlines() == [json.dumps(s, sort_keys=True) for s in _steps_again()]


def _steps_again() -> list[dict[str, Any]]:
    return [{"step": n, "text": "x" * CHUNK_CHARS} for n in range(3)]


@pytest.mark.parametrize("size", [0, 1, 2, 3, BASE64_SLICE - 1, BASE64_SLICE, 2 * BASE64_SLICE + 1])
def test_base64_bytes_are_written_as_their_base64_string(size: int) -> None:
    data = bytes(range(256)) * (size // 256) + bytes(range(size % 256))
    written = b"".join(dump_chunks({"e": [Base64Bytes(data)]}))
    assert written == expected({"e": [base64.b64encode(data).decode("ascii")]})


def test_a_lone_surrogate_cannot_be_written() -> None:
    with pytest.raises(UnicodeEncodeError):
        b"".join(dump_chunks(["\ud800"]))


# ---------------------------------------------------------------------------------------------
# reading


json_texts = st.one_of(
    values.map(lambda v: json.dumps(v, sort_keys=True)),
    values.map(lambda v: json.dumps(v, indent=1, ensure_ascii=False)),
    st.text(alphabet=' \t\n\r{}[],:"\\0123456789.eE+-ntrufalsNIy\x01é', max_size=25),
)


def outcome(parse: Any, text: str) -> tuple[str, Any]:
    """The value as ``json.dumps`` writes it (keeps key order, int vs float, NaN), or the error."""
    try:
        return "value", json.dumps(parse(text))
    except json.JSONDecodeError as exc:
        return "error", (exc.msg, exc.pos)


@settings(max_examples=500)
@given(json_texts)
def test_the_iterative_parser_is_json_loads(text: str) -> None:
    assert outcome(parse_iteratively, text) == outcome(json.loads, text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # the words and column are ``json``'s own, which Python 3.13 changed for a trailing comma
        (
            '{"a": 1,}',
            "x.json:1:8: invalid JSON: Illegal trailing comma before end of object"
            if sys.version_info >= (3, 13)
            else "x.json:1:9: invalid JSON: Expecting property name enclosed in double quotes",
        ),
        ("[1, 2", "x.json:1:6: invalid JSON: Expecting ',' delimiter"),
        ("[" * 5000 + "]" * 4999, "x.json:1:10000: invalid JSON: Expecting ',' delimiter"),
        ("[" * 5000 + "1 2" + "]" * 5000, "x.json:1:5003: invalid JSON: Expecting ',' delimiter"),
        ('[\n"a\n"]', "x.json:2:3: invalid JSON: Invalid control character at"),
        ("[" * 3000 + "1" * 5000 + "]" * 3000, "x.json:1:3001: invalid JSON: integer too long (5000 digits; the limit is 4300)"),
        ("1" * 5000, "x.json:1:1: invalid JSON: integer too long (5000 digits; the limit is 4300)"),
        ("", "x.json:1:1: invalid JSON: Expecting value"),
        ('{"a" 1}', "x.json:1:6: invalid JSON: Expecting ':' delimiter"),
        ("[1] x", "x.json:1:5: invalid JSON: Extra data"),
    ],
)
def test_invalid_json_names_line_and_column(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        load(text, "x.json")
    assert info.value.message == message


def test_duplicate_keys_last_wins_at_the_first_place() -> None:
    text = "[" * 2000 + '{"a": 1, "b": 2, "a": 3}' + "]" * 2000
    inner = load(text, "x.json")
    for _ in range(2000):
        inner = inner[0]
    assert list(inner.items()) == [("a", 3), ("b", 2)]
