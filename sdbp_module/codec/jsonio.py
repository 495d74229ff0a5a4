"""JSON text in and out at any nesting depth and in bounded memory (the JSON form, ``.jsonl`` steps).

- :func:`dump_chunks` serialises one JSON value as ``json.dumps(value, sort_keys=True,
  ensure_ascii=False) + "\\n"`` would, byte for byte (UTF-8), but iteratively (no recursion limit)
  and as a stream of chunks of about 1 MiB: a long string is escaped a slice at a time, so a string
  of 20 MiB of control characters (120 MiB of ``\\u0001`` escapes) never exists whole.
  :func:`dump_lines` does the same for one value per line (JSON Lines).
- :func:`load` parses with ``json.loads``; when that gives up (nesting deeper than its recursion
  limit, or an integer longer than Python converts) an iterative parser with the same results and
  the same error messages and positions takes over. Invalid JSON raises ``InputError`` naming the
  file, line and column.

JSON values here are what ``json.loads`` returns: dicts with string keys, lists (tuples are written
as lists), strings, ints, floats (``NaN`` and ``Infinity`` as ``json`` writes them), booleans, None.
Two extensions for writing: a :class:`Base64Bytes` is written as the JSON string of its bytes in
base64, encoded slice by slice (a 200 MiB zip entry never exists as a 267 MiB string); an
:class:`Encoded` is a value already serialised (its text is written as it is).

>>> b"".join(dump_chunks({"b": [1, 2.5, None], "a": "É\\x01"}))
b'{"a": "\\xc3\\x89\\\\u0001", "b": [1, 2.5, null]}\\n'
>>> load('[[["deep"]]]', "x.json")
[[['deep']]]
"""

from __future__ import annotations

import binascii
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sdbp_module.errors import InputError
from sdbp_module.records import record

encode_string: Callable[[str], str] = json.encoder.encode_basestring
"""A string as JSON text, as :func:`dump_chunks` writes it (UTF-8 characters kept; C)."""
_scan_string: Callable[[str, int, bool], tuple[str, int]] = getattr(json.decoder, "scanstring")  # C; not in the stubs

CHUNK_CHARS = 1 << 20
"""A chunk is yielded once this many characters are pending (so chunks are about 1 MiB)."""
MAX_PENDING = 1 << 16
"""A chunk is also yielded once this many pieces are pending (punctuation is not counted above)."""
SLICE_CHARS = 1 << 16
"""Longer strings are escaped this many characters at a time (at most 6 output characters each)."""

BASE64_SLICE = 3 << 16
"""Bytes of a :class:`Base64Bytes` encoded at a time (a multiple of 3: the pieces join up)."""

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_CONSTANTS = (("null", None), ("true", True), ("false", False))
_FLOAT_CONSTANTS = (("NaN", float("nan")), ("Infinity", float("inf")), ("-Infinity", float("-inf")))


# ---------------------------------------------------------------------------------------------
# writing


@record
class Base64Bytes:
    """Bytes that :func:`dump_chunks` writes as a base64 JSON string, without building the string."""

    data: bytes

    def pieces(self) -> Iterator[str]:
        """The base64 text in pieces of at most ``BASE64_SLICE * 4 / 3`` characters."""
        view = memoryview(self.data)
        for start in range(0, len(view), BASE64_SLICE):
            yield binascii.b2a_base64(view[start : start + BASE64_SLICE], newline=False).decode("ascii")


@record
class Encoded:
    """A value already serialised: ``text`` is what :func:`dump_chunks` would write for it (sorted keys,
    UTF-8 characters kept, ``", "`` and ``": "`` between items), written as it is. Its producer
    guarantees that (:mod:`sdbp_module.codec.json_form` builds the pieces of a save so, in one pass)."""

    text: str


def _float_text(value: float) -> str:
    """A float as ``json.dumps`` writes it (``NaN``/``Infinity`` included, as ``allow_nan`` does)."""
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


encode_value: Callable[[object], str] = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode
"""A value as JSON text, as :func:`dump_chunks` writes it, by the C encoder at once (recursive: for a value
of a few levels, such as a command without children)."""


RETRY_LEVELS = 256
"""After the C encoder met the recursion limit on a command, how many levels deeper :func:`dump_chunks`
tries it again: a chain nested past the limit costs a failed try every this many levels, not at each."""


def _short_fields(command: dict[str, Any]) -> bool:
    """True if no string field of ``command`` itself is long (those are escaped a slice at a time)."""
    return all(len(value) <= SLICE_CHARS for value in command.values() if type(value) is str)


def _chunks(values: Iterable[object]) -> Iterator[bytes]:
    """Each value's JSON text and a newline, as UTF-8 chunks of about :data:`CHUNK_CHARS` characters.

    Depth first with an explicit stack of open containers, each frame ``[items, next index,
    closing bracket, is an object]``; a long string is escaped one slice at a time.
    """
    out: list[str] = []
    size = 0
    for value in values:
        stack: list[list[Any]] = []
        failed_at = -RETRY_LEVELS  # the stack's depth where the C encoder last met the recursion limit (below)
        current: Any = value
        while True:
            kind = type(current)
            if kind is str or isinstance(current, str):
                if len(current) <= SLICE_CHARS:
                    piece = encode_string(current)
                    out.append(piece)
                    size += len(piece)
                else:
                    out.append('"')
                    for start in range(0, len(current), SLICE_CHARS):
                        piece = encode_string(current[start : start + SLICE_CHARS])[1:-1]
                        out.append(piece)
                        size += len(piece)
                        if size >= CHUNK_CHARS:
                            yield "".join(out).encode("utf-8")
                            out, size = [], 0
                    out.append('"')
            elif kind is Encoded:
                out.append(current.text)
                size += len(current.text)
            elif kind is dict and "cmd" in current and "children" not in current and not failed_at < len(stack) < failed_at + RETRY_LEVELS and _short_fields(current):
                # a command without children (most of a save): the C encoder at once, as json.dumps
                # would write it; a crafted one nested past the recursion limit goes the long way, and
                # below it the C encoder is tried again only RETRY_LEVELS deeper (not at every level of a
                # chain thousands deep, each try a thousand levels down: quadratic); beside it, as before
                try:
                    piece = encode_value(current)
                except RecursionError:
                    failed_at = len(stack)
                    stack.append([sorted(current.items()), 0, "}", True])
                    out.append("{")
                else:
                    out.append(piece)
                    size += len(piece)
            elif kind is dict or isinstance(current, dict):
                if current:
                    stack.append([sorted(current.items()), 0, "}", True])
                    out.append("{")
                else:
                    out.append("{}")
            elif kind is list or isinstance(current, (list, tuple)):
                if current:
                    stack.append([current, 0, "]", False])
                    out.append("[")
                else:
                    out.append("[]")
            elif isinstance(current, Base64Bytes):
                out.append('"')
                for piece in current.pieces():
                    out.append(piece)
                    size += len(piece)
                    if size >= CHUNK_CHARS:
                        yield "".join(out).encode("utf-8")
                        out, size = [], 0
                out.append('"')
            elif current is None:
                out.append("null")
            elif current is True:
                out.append("true")
            elif current is False:
                out.append("false")
            elif isinstance(current, int):
                piece = int.__repr__(current)
                out.append(piece)
                size += len(piece)
            elif isinstance(current, float):
                out.append(_float_text(current))
            else:
                raise TypeError(f"Object of type {type(current).__name__} is not JSON serializable")
            while stack:
                frame = stack[-1]
                items, index = frame[0], frame[1]
                if index == len(items):
                    stack.pop()
                    out.append(frame[2])
                    continue
                frame[1] = index + 1
                if frame[3]:
                    key, current = items[index]
                    out.append(", " + encode_string(key) + ": " if index else encode_string(key) + ": ")
                else:
                    current = items[index]
                    if index:
                        out.append(", ")
                break
            else:
                break
            if size >= CHUNK_CHARS or len(out) >= MAX_PENDING:
                yield "".join(out).encode("utf-8")
                out, size = [], 0
        out.append("\n")
    if out:
        yield "".join(out).encode("utf-8")


def dump_chunks(value: object) -> Iterator[bytes]:
    """``(json.dumps(value, sort_keys=True, ensure_ascii=False) + "\\n").encode()``, in chunks.

    Iterative (any depth) and streamed (chunks of about 1 MiB). A string holding a lone surrogate
    cannot be UTF-8 encoded: ``UnicodeEncodeError``, as with ``json.dumps(...).encode()``.
    """
    return _chunks((value,))


def dump_lines(values: Iterable[object]) -> Iterator[bytes]:
    """JSON Lines: each value as :func:`dump_chunks` writes it, consumed lazily, in chunks."""
    return _chunks(values)


def dump_text(value: object) -> str:
    """The whole serialisation as one string (final newline included); for small values and tests."""
    return b"".join(_chunks((value,))).decode("utf-8")


# ---------------------------------------------------------------------------------------------
# reading


def load(text: str, where: str) -> Any:
    """Parse JSON text at any depth; invalid JSON raises ``InputError`` (``{where}:{line}:{col}: …``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
    except (RecursionError, ValueError):
        pass  # too deep for json's recursive parser, or an over-long integer: the iterative parser says where
    try:
        return parse_iteratively(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None


def _skip(text: str, index: int) -> int:
    """The index of the first non-whitespace character at or after ``index``."""
    match = _WHITESPACE.match(text, index)
    return index if match is None else match.end()


def _number(text: str, start: int) -> tuple[Any, int] | None:
    """The number at ``start`` as ``json`` reads it (ASCII digits only), or None if there is none."""
    match = _NUMBER.match(text, start)
    if match is None:
        return None
    integer, fraction, exponent = match.groups()
    if fraction or exponent:
        return float(integer + (fraction or "") + (exponent or "")), match.end()
    digits = len(integer.lstrip("-"))
    limit = sys.get_int_max_str_digits()
    if limit and digits > limit:
        raise json.JSONDecodeError(f"integer too long ({digits} digits; the limit is {limit})", text, start)
    return int(integer), match.end()


def _scalar(text: str, index: int) -> tuple[Any, int]:
    """The string, number or constant starting at ``index`` (``Expecting value`` if none does)."""
    char = text[index : index + 1]
    if char == '"':
        return _scan_string(text, index + 1, True)
    for word, constant in _CONSTANTS:
        if text.startswith(word, index):
            return constant, index + len(word)
    number = _number(text, index)
    if number is not None:
        return number
    for word, float_constant in _FLOAT_CONSTANTS:
        if text.startswith(word, index):
            return float_constant, index + len(word)
    raise json.JSONDecodeError("Expecting value", text, index)


def _key(text: str, index: int) -> tuple[str, int]:
    """An object key at ``index`` (after whitespace), its ``:`` and the whitespace after it."""
    if text[index : index + 1] != '"':
        raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, index)
    key, index = _scan_string(text, index + 1, True)
    index = _skip(text, index)
    if text[index : index + 1] != ":":
        raise json.JSONDecodeError("Expecting ':' delimiter", text, index)
    return key, _skip(text, index + 1)


def parse_iteratively(text: str) -> Any:
    """``json.loads(text)`` without recursion: same values, same errors (``json.JSONDecodeError``).

    Duplicate keys: the last value wins, at the place of the first (as ``dict(pairs)`` does).
    An integer longer than ``sys.get_int_max_str_digits()`` digits is an error at its position.
    """
    index = _skip(text, 0)
    stack: list[tuple[Any, str | None]] = []  # open containers, and for objects the key being read
    while True:
        char = text[index : index + 1]
        value: Any
        if char == "{":
            index = _skip(text, index + 1)
            if text[index : index + 1] == "}":
                value, index = {}, index + 1
            else:
                first_key, index = _key(text, index)
                stack.append(({}, first_key))
                continue
        elif char == "[":
            index = _skip(text, index + 1)
            if text[index : index + 1] == "]":
                value, index = [], index + 1
            else:
                stack.append(([], None))
                continue
        else:
            value, index = _scalar(text, index)
        while stack:  # put the value in its container; close the containers that end here
            container, key = stack[-1]
            index = _skip(text, index)
            char = text[index : index + 1]
            if key is None:
                container.append(value)
                closing = "]"
            else:
                container[key] = value
                closing = "}"
            if char == closing:
                stack.pop()
                value, index = container, index + 1
                continue
            if char != ",":
                raise json.JSONDecodeError("Expecting ',' delimiter", text, index)
            index = _skip(text, index + 1)
            if key is not None:
                next_key, index = _key(text, index)
                stack[-1] = (container, next_key)
            break
        else:
            end = _skip(text, index)
            if end != len(text):
                raise json.JSONDecodeError("Extra data", text, end)
            return value
