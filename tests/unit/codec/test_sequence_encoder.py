"""SequenceEncoder behaviour, from the format reference §1 (engine's SequenceEncoder.java)."""

from __future__ import annotations

import pytest

from sdbp_module.codec.sequence import decode, encode


@pytest.mark.parametrize(
    ("tokens", "delimiter", "encoded"),
    [
        (["a", "", "b"], ";", "a;;b"),
        (["a;b"], ";", "a\\;b"),
        (["\\x"], ";", "'\\x'"),
        (["'hi'"], ";", "''hi''"),
        (["'"], ";", "'''"),
        (["A", "B,C"], ";", "A;B,C"),
        (["A", "B;C"], ";", "A;B\\;C"),
        (["I/2 REI", "Éliane"], ",", "I/2 REI,Éliane"),
    ],
)
def test_encode_matches_the_engine(tokens: list[str], delimiter: str, encoded: str) -> None:
    assert encode(tokens, delimiter) == encoded
    assert decode(encoded, delimiter) == tokens


def test_no_tokens_is_java_null() -> None:
    assert encode([], ";") is None
    assert decode(None, ";") == []


def test_empty_string_is_one_empty_token() -> None:
    assert decode("", ";") == [""]


def test_trailing_delimiters_give_empty_tokens() -> None:
    assert decode("a;", ";") == ["a", ""]
    assert decode("a;;", ";") == ["a", "", ""]


def test_three_level_nesting_with_one_delimiter() -> None:
    inner = encode(["z", "w"], ";")
    middle = encode(["y", inner], ";")
    outer = encode(["x", middle], ";")
    assert outer == "x;y\\;z\\\\;w"
    assert decode(decode(decode(outer, ";")[1], ";")[1], ";") == ["z", "w"]
