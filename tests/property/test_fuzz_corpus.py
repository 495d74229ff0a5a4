"""Fuzzing ``sdbp convert``: damaged saves, logs and JSON forms are answered, never a crash (issue 11).

Hypothesis (derandomized, a fixed number of examples, no example database) damages small real files
written by the engine (``../shared/corpus/real/``: the vasl-templates saves and logs, the zxvt log,
read in place) and a tiny save made by ``codec.container.container_bytes``:

- bytes flipped at random offsets, the file cut at a random length;
- one field of a zip record set to an odd value: the flags, method, CRC, sizes, name and extra lengths
  of a local header or central directory record, the counts, size and offset of the end record;
- inside a sound zip: bytes of the ``savedGame`` entry flipped or cut (envelope, hex, UTF-8),
  or characters of its decoded text inserted or cut (ESC, backslashes, quotes, delimiters, NUL);
- a command tree nested up to 1,500 deep inside a valid save (which must convert and come back);
- the JSON form of those files with one change: a value swapped for another type (string, integer,
  float, NaN, infinity, null, list, object), a key deleted, a value nested 1,100 or 20,000 deep, a lone
  surrogate put into a string.

For every case ``sdbp convert`` runs through click's ``CliRunner``, and

- the exit code is 0, 1 or 2: never 3 (the guard's "internal error") and no exception but ``SystemExit``;
- on a non-zero exit, stderr is one line ``Error: <the source file>…`` and the target does not exist;
- on exit 0 from a save or log, converting the JSON back gives the same ``savedGame`` bytes; on exit 0
  from a JSON form, the written save converts back to JSON.

What the fuzzing found stays as a plain test (a hex digit of the envelope in the other case). Last,
every case file of ``tests/bad_inputs/files/`` goes through ``convert`` (also with ``--module``),
``migrate`` and ``show``: no known bad input reaches the guard.
"""

from __future__ import annotations

import json
import struct
import tempfile
import traceback
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sdbp_module.cli import main
from sdbp_module.codec.container import Container, container_bytes, read_container
from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    decode_envelope,
    encode_envelope,
)
from sdbp_module.codec.tree import Command, encode_tree
from sdbp_module.errors import EXIT_INTERNAL
from tests.shared_corpus import CORPUS, needs_corpus

HERE = Path(__file__).resolve().parent
BAD_FILES = HERE.parent / "bad_inputs" / "files"
SMALL_FILES = (
    "vasl-templates/update-vsav/empty.vsav",
    "vasl-templates/update-vsav/full.vsav",
    "vasl-templates/update-vsav/latw.vsav",
    "vasl-templates/update-vsav/player-owned-labels-legacy.vsav",
    "vasl-templates/analyze-vlog/empty.vlog",
    "vasl-templates/analyze-vlog/full.vlog",
    "vasl-templates/analyze-vlog/3d6.vlog",
    "zxvt/5x5_startup.vlog",
)
"""The engine-written files damaged here: all under 7 KB, saves and logs, both envelopes."""
MODULE = CORPUS / "zxvt" / "zxvt.vmod"
"""A real module, for ``--module`` and ``migrate``."""

ESC = "\x1b"
TINY_TEXT = ESC.join(["begin_save", "", "\\" + ESC + "+/1/mark;sdbp_id\tpiece;;;;Éliane/FR-1\tMain Map;10;20;1;0", "end_save"])
"""One piece on a map, as the engine writes it (format reference §5.3)."""

FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def tiny_save() -> bytes:
    """A save of ``TINY_TEXT`` in a VCSK envelope, with a ``moduledata`` entry, as ``sdbp`` writes one."""
    saved_game = encode_envelope(Envelope(EnvelopeKind.VCSK, 0x5A, TINY_TEXT))
    return container_bytes(saved_game, [("moduledata", b"<?xml version='1.0' encoding='UTF-8'?><data/>")])


@cache
def originals() -> tuple[tuple[str, bytes], ...]:
    """(name, bytes) of every file damaged here: the small corpus files and the tiny save."""
    return (*((name, (CORPUS / name).read_bytes()) for name in SMALL_FILES), ("tiny.vsav", tiny_save()))


# -- running the command ----------------------------------------------------------------------------------


def convert(source: Path, target: Path) -> Result:
    """``sdbp convert SOURCE TARGET`` in this process; the result after the checks every run must pass.

    Exit 0, 1 or 2 with no exception but ``SystemExit``; on a non-zero exit one ``Error:`` line naming
    the source, and no target."""
    result = CliRunner().invoke(main, ["convert", str(source), str(target)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        detail = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"convert {source.name} -> {target.suffix} raised:\n{detail}")
    assert result.exit_code in (0, 1, 2), f"exit {result.exit_code}: {result.stderr.strip()}"
    if result.exit_code != 0:
        assert result.stderr.startswith(f"Error: {source}") and result.stderr.count("\n") == 1, result.stderr
        assert not target.exists(), f"exit {result.exit_code} but {target.name} was written"
    return result


def saved_game(path: Path) -> bytes:
    """The raw ``savedGame`` entry of the save or log at ``path``."""
    return read_container(path).saved_game


def converts_and_comes_back(data: bytes, suffix: str) -> None:
    """Damaged ``data`` (a ``.vsav``/``.vlog``) converts cleanly; when it converts at all, it comes back."""
    with tempfile.TemporaryDirectory() as folder:
        source, target, back = Path(folder, "in" + suffix), Path(folder, "out.json"), Path(folder, "back" + suffix)
        source.write_bytes(data)
        if convert(source, target).exit_code == 0:
            assert convert(target, back).exit_code == 0
            assert saved_game(back) == saved_game(source)


# -- damaged zips -----------------------------------------------------------------------------------------

LOCAL_FIELDS = {"flags": (6, 2), "method": (8, 2), "crc": (14, 4), "compressed": (18, 4), "size": (22, 4), "name length": (26, 2), "extra length": (28, 2)}
CENTRAL_FIELDS = {
    "flags": (8, 2),
    "method": (10, 2),
    "crc": (16, 4),
    "compressed": (20, 4),
    "size": (24, 4),
    "name length": (28, 2),
    "extra length": (30, 2),
    "comment length": (32, 2),
    "disk": (34, 2),
    "local offset": (42, 4),
}
END_FIELDS = {"disk": (4, 2), "directory disk": (6, 2), "entries here": (8, 2), "entries": (10, 2), "directory size": (12, 4), "directory offset": (16, 4), "comment length": (20, 2)}
RECORDS: dict[bytes, dict[str, tuple[int, int]]] = {b"PK\x03\x04": LOCAL_FIELDS, b"PK\x01\x02": CENTRAL_FIELDS, b"PK\x05\x06": END_FIELDS}


def records(data: bytes) -> list[tuple[int, dict[str, tuple[int, int]]]]:
    """Every (offset, fields) of a zip record signature in ``data`` (a few may lie in compressed bytes)."""
    found = []
    for signature, fields in RECORDS.items():
        at = data.find(signature)
        while at != -1:
            found.append((at, fields))
            at = data.find(signature, at + 1)
    return sorted(found, key=lambda pair: pair[0])


@cache
def contents(name: str) -> Container:
    """The entries of the original ``name``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, Path(name).name)
        path.write_bytes(dict(originals())[name])
        return read_container(path)


def flipped_or_cut(draw: Callable[..., Any], data: bytes) -> bytes:
    """``data`` with one to three bytes flipped, or cut at a random length."""
    changed = bytearray(data)
    if draw(st.booleans()):
        for _ in range(draw(st.integers(1, 3))):
            changed[draw(st.integers(0, len(data) - 1))] ^= draw(st.integers(1, 255))
    else:
        del changed[draw(st.integers(0, len(data) - 1)) :]
    return bytes(changed)


TEXT_DAMAGE = (ESC, "\\", "\\" + ESC, "'", ";", ",", "/", "\t", "\n", "\r", "\x00", "é", "😀", "")
"""What is put into a save's text ("" cuts a piece out instead)."""


def damaged_text(draw: Callable[..., Any], text: str) -> str:
    """``text`` with a character that matters inserted somewhere, or a piece of it cut out."""
    at: int = draw(st.integers(0, len(text)))
    put: str = draw(st.sampled_from(TEXT_DAMAGE))
    count: int = draw(st.integers(1, 3) if put else st.integers(1, 40))
    return text[:at] + put * count + text[at:] if put else text[:at] + text[at + count :]


@st.composite
def damaged(draw: Callable[..., Any]) -> tuple[str, bytes]:
    """(name, bytes) of an original with one kind of damage: flipped bytes or a cut in the file or in its
    ``savedGame`` entry, an odd zip field, or characters of the save's text."""
    name, data = draw(st.sampled_from(originals()))
    kind = draw(st.sampled_from(["file", "field", "field", "entry", "text", "text"]))
    if kind == "file":
        return name, flipped_or_cut(draw, data)
    container = contents(name)
    others = list(container.extra_entries.items())
    if kind == "entry":
        return name, container_bytes(flipped_or_cut(draw, container.saved_game), others)
    if kind == "text":
        envelope = decode_envelope(container.saved_game)
        text = damaged_text(draw, envelope.text)
        return name, container_bytes(encode_envelope(Envelope(envelope.kind, envelope.key, text, envelope.hex_case)), others)
    at, fields = draw(st.sampled_from(records(data)))
    offset, width = fields[draw(st.sampled_from(sorted(fields)))]
    layout, top = ("<H", 0xFFFF) if width == 2 else ("<I", 0xFFFFFFFF)
    (old,) = struct.unpack_from(layout, data, at + offset)
    value = draw(st.sampled_from([0, 1, 8, 9, 99, top, top - 1, old + 1, old - 1, len(data), len(data) + 1]) | st.integers(0, top))
    damaged_data = bytearray(data)
    struct.pack_into(layout, damaged_data, at + offset, value % (top + 1))
    return name, bytes(damaged_data)


@needs_corpus
def test_the_originals_come_back_unchanged() -> None:
    """The oracle: undamaged, every original converts and comes back byte for byte."""
    for name, data in originals():
        converts_and_comes_back(data, Path(name).suffix)


def other_case(name: str, at: int) -> tuple[str, bytes]:
    """The original ``name`` with the first hex letter from byte ``at`` of its ``savedGame`` in the other case
    (the engine writes one case throughout)."""
    container = contents(name)
    data = bytearray(container.saved_game)
    at = next(i for i in range(at, len(data)) if chr(data[i]).lower() in "abcdef")
    data[at] ^= 0x20
    return name, container_bytes(bytes(data), list(container.extra_entries.items()))


@needs_corpus
@FUZZ
@given(damaged())
def test_a_damaged_save_or_log_converts_or_is_one_line(case: tuple[str, bytes]) -> None:
    name, data = case
    converts_and_comes_back(data, Path(name).suffix)


@pytest.mark.parametrize(("name", "at"), [("vasl-templates/update-vsav/empty.vsav", 5), ("vasl-templates/update-vsav/empty.vsav", 7)], ids=["key", "body"])
@needs_corpus
def test_a_hex_digit_in_the_other_case_is_kept_or_refused(name: str, at: int) -> None:
    """Found by the fuzzing above: ``!VCSK3A…`` (or one uppercase digit among lowercase ones) must convert
    back to the same bytes, or be refused."""
    name, data = other_case(name, at)
    converts_and_comes_back(data, Path(name).suffix)


@settings(FUZZ, max_examples=12)
@given(st.integers(1, 1500), st.sampled_from([EnvelopeKind.VCSK, EnvelopeKind.PLAIN]))
def test_a_command_tree_nested_deep_in_a_save_converts_and_comes_back(depth: int, kind: EnvelopeKind) -> None:
    node = Command("+/1/stack/null;0;0;@@-1")
    for level in range(depth):
        node = Command(f"level {level}" if level % 3 else "", (node,))
    text = encode_tree(Command("begin_save", (Command(""), node, Command("end_save"))))
    envelope = Envelope(kind, 0x5A if kind is EnvelopeKind.VCSK else None, text)
    data = container_bytes(encode_envelope(envelope))
    with tempfile.TemporaryDirectory() as folder:
        source, target, back = Path(folder, "deep.vsav"), Path(folder, "deep.json"), Path(folder, "back.vsav")
        source.write_bytes(data)
        assert convert(source, target).exit_code == 0
        assert convert(target, back).exit_code == 0
        assert saved_game(back) == saved_game(source)


# -- damaged JSON forms -----------------------------------------------------------------------------------

DEEP = "__sdbp_fuzz_deep__"
"""A string the JSON text's nesting replaces (json.dumps could not nest 100,000 deep itself)."""
ODD_VALUES: tuple[Any, ...] = (None, 0, -1, 1.5, 1e308, float("nan"), float("inf"), 10**30, True, "", "x", [], {}, [[1]], {"a": 1}, "\ud800")


@cache
def json_forms() -> tuple[tuple[str, Any], ...]:
    """(suffix, JSON form) of every original, as ``sdbp convert`` writes it."""
    forms = []
    with tempfile.TemporaryDirectory() as folder:
        for name, data in originals():
            source, target = Path(folder, "in" + Path(name).suffix), Path(folder, "out.json")
            source.write_bytes(data)
            convert(source, target)
            forms.append((Path(name).suffix, json.loads(target.read_text(encoding="utf-8"))))
    return tuple(forms)


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside ``value`` (not ``value`` itself), depth first."""
    found: list[tuple[Any, ...]] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found.append((*path, key))
        found.extend(paths(item, (*path, key)))
    return found


@st.composite
def damaged_json(draw: Callable[..., Any]) -> tuple[str, str]:
    """(suffix, text) of a JSON form with one change: a value of another type, a key gone, a value nested
    deep, or a lone surrogate in a string."""
    suffix, form = draw(st.sampled_from(json_forms()))
    doc = json.loads(json.dumps(form))
    path = draw(st.sampled_from(paths(doc)))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key, old = path[-1], parent[path[-1]]
    kind = draw(st.sampled_from(["swap", "swap", "delete", "deep", "surrogate"]))
    if kind == "delete" and isinstance(parent, dict):
        del parent[key]
    elif kind == "deep":
        parent[key] = DEEP
    elif kind == "surrogate" and isinstance(old, str):
        cut = draw(st.integers(0, len(old)))
        parent[key] = old[:cut] + draw(st.sampled_from(["\ud800", "\udfff", "\udc00x"])) + old[cut:]
    else:
        parent[key] = draw(st.sampled_from(ODD_VALUES))
    text = json.dumps(doc)  # ASCII: a lone surrogate becomes its escape; NaN and Infinity as Python writes them
    depth = draw(st.sampled_from([1100, 20_000]))  # past the recursion limit; 100,000 deep only costs time
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
    return suffix, text.replace(json.dumps(DEEP), opener * depth + ("0" if opener != "[" else "") + closer * depth)


@needs_corpus
@FUZZ
@given(damaged_json())
def test_a_damaged_json_form_converts_or_is_one_line(case: tuple[str, str]) -> None:
    suffix, text = case
    with tempfile.TemporaryDirectory() as folder:
        source, target, back = Path(folder, "in.json"), Path(folder, "out" + suffix), Path(folder, "back.json")
        source.write_text(text, encoding="utf-8")
        if convert(source, target).exit_code == 0:
            assert convert(target, back).exit_code == 0  # we never write a file we cannot read back


# -- no known bad input reaches the guard -----------------------------------------------------------------


def run(*args: str) -> Result:
    """``sdbp ARGS`` in this process."""
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("name", sorted(p.name for p in BAD_FILES.iterdir()))
def test_no_known_bad_input_reaches_the_guard(name: str, tmp_path: Path) -> None:
    """Every case file through every command that reads it: an answer (0, 1 or 2), never exit 3."""
    source = BAD_FILES / name
    runs = [("convert", run("convert", str(source), str(tmp_path / ("out.vsav" if name.endswith(".json") else "out.json"))))]
    if name.endswith(".vsav"):
        runs += [
            ("convert --module", run("convert", str(source), str(tmp_path / "m.json"), "--module", str(MODULE))),
            ("migrate", run("migrate", str(source), "--module", str(MODULE), "-o", str(tmp_path / "migrated.vsav"))),
            ("show", run("show", str(source), "--format", "text")),
        ]
    for command, result in runs:
        assert result.exit_code != EXIT_INTERNAL and result.exit_code in (0, 1, 2), f"{command}: {result.stderr}"
        assert result.exception is None or isinstance(result.exception, SystemExit), f"{command}: {result.exception!r}"
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr, f"{command}: {result.stderr}"
