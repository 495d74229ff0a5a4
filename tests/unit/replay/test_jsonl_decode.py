"""The compiled JSONL decoder accepts exactly what ``events.schema.json`` accepts, and builds the same events.

A seeded random test: valid lines are generated from the event classes' hints (by this test's own
walk, not the decoder's), then mutated (values swapped for other JSON values, keys dropped or added,
the ``type`` changed, integers written as floats ...); for each line the decoder's verdict must be
``jsonschema``'s, an accepted line must give the event of the schema path (``event_from_json``), and a
refused line must raise the schema's message through ``parse_line``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import sys
import types
import typing
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import sdbp_module.games.sodbp.ids  # noqa: F401  (declares the sides the generated lines use)
from sdbp_module.errors import InputError
from sdbp_module.ids import Side
from sdbp_module.replay import events as ev
from sdbp_module.replay.jsonl import (
    _placing_decoders,
    _Refused,
    decode_event,
    event_from_json,
    format_event,
    parse_line,
    read_events,
    schema_validator,
)
from sdbp_module.replay.location import Location

SEED = 19540313
CASES = 2500
MESSAGE_EVERY = 8  # jsonschema words a refusal in ~3 ms: every 8th refused line has its message compared
WHERE = ev.Where("game.jsonl", 6, 7)

LOCATIONS = ["10", "0", "007", "turn:3", "replacements", "eliminated", "removed", "off-map"]
ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, -3, 7, 2**70, 1.0, -0.0, 2.5, 1e300, float("inf"), float("nan"),
    "", "french", "viet_minh", "draw", "deck", "move", "10", "10\n", "\n10", " 10", "turn:", "turn:3", "Turn:3",
    "eliminated", "eliminatedx", "٣", "x", [], [1], [1.0], ["a"], [None], [True], {}, {"file": "f", "index": 1},
    {"file": "f", "index": 1, "line": None}, {"area": 1, "side": "french"}, {"unit": "U", "result": "flip"},
]  # fmt: skip


def _valid(tp: Any, rng: random.Random) -> Any:
    """A JSON value the schema accepts for a field of type ``tp`` (this test's own reading of the hints)."""
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        inner = next(a for a in typing.get_args(tp) if a is not type(None))
        return None if rng.random() < 0.3 else _valid(inner, rng)
    if origin is tuple:
        return [_valid(typing.get_args(tp)[0], rng) for _ in range(rng.randint(0, 3))]
    if hasattr(tp, "__supertype__"):
        return _valid(tp.__supertype__, rng)
    if tp is Location:
        return rng.choice(LOCATIONS)
    if tp is Side:
        return rng.choice(Side.declared()).value
    if isinstance(tp, type) and issubclass(tp, Enum):
        return rng.choice(list(tp)).value
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _valid_object(tp, rng)
    if tp is bool:
        return rng.random() < 0.5
    if tp is int:
        return rng.choice([rng.randint(-5, 40), float(rng.randint(0, 9))])  # 3.0 is an integer to the schema
    if tp is str:
        return rng.choice(["FR-8BPC-1", "VM-09", "fire", "", "é"])
    raise AssertionError(f"no generator for {tp!r}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _valid_object(cls: type, rng: random.Random) -> dict[str, Any]:
    hints = _hints(cls)
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if required or rng.random() < 0.5:
            out[f.name] = _valid(hints[f.name], rng)
    return out


def valid_line(rng: random.Random) -> dict[str, Any]:
    cls = rng.choice(ev.EVENT_TYPES)
    line = _valid_object(cls, rng)
    line["type"] = cls.kind
    if "where" in line and rng.random() < 0.3:
        del line["where"]
    return line


def _slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) inside ``value``, so that each value has the same chance of a change."""
    found: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((value, key))
            found.extend(_slots(item))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.append((value, i))
            found.extend(_slots(item))
    return found


def tweak(value: Any, rng: random.Random) -> Any:
    """A value near ``value``: the same text a little off, a number as a float or a bool, wrapped in a list."""
    if isinstance(value, str):
        return rng.choice([value + "\n", value + "\n\n", " " + value, value[:-1], value + "x", value.upper(), ""])
    if isinstance(value, bool):
        return rng.choice([int(value), str(value).lower(), [value]])
    if isinstance(value, (int, float)):
        return rng.choice([float(value), value + 0.5, bool(value), str(value), [value]])
    return rng.choice([[value], None, 0, "null"])


def mutate(line: dict[str, Any], rng: random.Random) -> Any:
    """One random change somewhere in ``line`` (a copy): a value swapped or nudged, a key dropped or added."""
    line = copy.deepcopy(line)
    roll = rng.random()
    if roll < 0.1:
        line["type"] = rng.choice([*ev.EVENT_BY_KIND, "jump", 3, None])
    elif roll < 0.2 or not line:
        spot = rng.choice([line, *(c[k] for c, k in _slots(line) if isinstance(c[k], dict))])
        spot[rng.choice(["extra", "kind", "where", "action", "line", "units", "to"])] = rng.choice(ODD_VALUES)
    elif roll < 0.24:
        return rng.choice([[line], "line", None, 3])
    else:
        container, key = rng.choice(_slots(line))
        if roll < 0.34 and isinstance(container, dict):
            del container[key]
        elif roll < 0.6:
            container[key] = rng.choice(ODD_VALUES)
        else:
            container[key] = tweak(container[key], rng)
    return line


def _schema_message(data: Any) -> str:
    """The message of the schema's error: the value it quotes, when over 200 characters, cut to its first
    and last 100."""
    errors = sorted(
        schema_validator().iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path)))
    )
    err = errors[-1]
    message, quoted = err.message, repr(err.instance)
    if len(quoted) > 200:
        message = message.replace(quoted, quoted[:100] + "…" + quoted[-100:])
    return f"{'.'.join(str(p) for p in err.absolute_path) or '(line)'}: {message}"


def test_decoder_accepts_what_the_schema_accepts_and_builds_the_same_events() -> None:
    rng = random.Random(SEED)
    validator = schema_validator()
    verdicts = {True: 0, False: 0}
    for case in range(CASES):
        data = valid_line(rng)
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            data = mutate(data, rng) if isinstance(data, dict) else data
        accepted = validator.is_valid(data)
        event = decode_event(data, WHERE)
        assert (event is not None) == accepted, f"case {case}: schema {'accepts' if accepted else 'refuses'} {data!r}"
        verdicts[accepted] += 1
        if event is not None:
            assert event == event_from_json(data, WHERE), f"case {case}: {data!r}"
            assert parse_line(format_event(event), WHERE) == event
        elif verdicts[False] % MESSAGE_EVERY == 0:
            with pytest.raises(InputError) as info:
                parse_line(json.dumps(data), WHERE)
            assert str(info.value) == f"game.jsonl:7: {_schema_message(data)}", f"case {case}"
    assert min(verdicts.values()) > CASES // 5, verdicts  # both verdicts are well exercised


def test_a_placing_decoder_is_the_decoder_then_the_lines_place() -> None:
    """``read_events``' decoders (``_placing_decoders``) accept what ``decode_event`` accepts (the line's own
    ``where`` too: as ``write_events`` writes it or any other valid one) and build its event, at the place given."""
    rng = random.Random(SEED + 2)
    placing = _placing_decoders()
    verdicts = {True: 0, False: 0}
    for case in range(CASES):
        data = valid_line(rng)
        if rng.random() < 0.5:
            data["where"] = rng.choice([{"file": "x.vlog", "index": 3, "line": 4}, {"file": "x.vlog", "index": 3, "line": None}, {"file": "x", "index": 1.0, "line": 2}])
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            data = mutate(data, rng) if isinstance(data, dict) else data
        event = decode_event(data, WHERE)
        decode = placing.get(data.get("type")) if isinstance(data, dict) and isinstance(data.get("type"), str) else None
        try:
            placed = decode(data, "game.jsonl", 6, 7) if decode is not None else None
        except _Refused:
            placed = None
        assert (placed is None) == (event is None), f"case {case}: {data!r}"
        verdicts[event is not None] += 1
        if event is not None:
            assert placed == dataclasses.replace(event, where=WHERE), f"case {case}: {data!r}"
    assert min(verdicts.values()) > CASES // 5, verdicts


def test_every_event_type_and_field_is_decoded() -> None:
    rng = random.Random(SEED + 1)
    seen: set[tuple[str, str]] = set()
    for _ in range(600):
        data = valid_line(rng)
        event = decode_event(data, WHERE)
        assert event is not None and event == event_from_json(data, WHERE)
        seen.update((data["type"], key) for key in data)
    every = {(cls.kind, f.name) for cls in ev.EVENT_TYPES for f in dataclasses.fields(cls)} | {
        (cls.kind, "type") for cls in ev.EVENT_TYPES
    }
    assert every <= seen


@pytest.mark.parametrize(
    ("line", "accepted"),
    [
        ('{"type":"trench","area":2.0,"level":1}', True),  # integral floats are integers
        ('{"type":"trench","area":2.5,"level":1}', False),
        ('{"type":"trench","area":true,"level":1}', False),  # a bool is not an integer
        ('{"type":"trench","area":"2","level":1}', False),
        ('{"type":"flip","units":["A"],"spent":1}', False),  # nor an integer a bool
        ('{"type":"flip","units":["A"],"spent":true,"by":null}', True),  # null where optional
        ('{"type":"pass","side":null}', False),  # and only there
        ('{"type":"pass","side":"french","action":null}', True),
        ('{"type":"pass","side":"french","where":null}', False),
        ('{"type":"pass","side":"french","where":{"file":"f","index":3,"line":null}}', True),
        ('{"type":"pass","side":"french","where":{"file":"f","index":3,"col":1}}', False),
        ('{"type":"relocate","units":["A"],"to":"eliminated\\n"}', False),  # $ is the very end (ECMA 262), not before a last \\n
        ('{"type":"relocate","units":["A"],"to":"14\\n"}', False),
        ('{"type":"relocate","units":["A"],"to":"turn:"}', False),
        ('{"type":"game-start","units":[{"unit":"A","side":"french","location":"turn:2"}]}', True),
        ('{"type":"game-start","units":[{"unit":"A","side":"french"}]}', False),
        ('{"type":"game-start","units":[],"bid":{"french":1,"viet_minh":2,"threshold":3,"x":0}}', False),
        ('{"type":"damage","side":"french","outcomes":[{"unit":"A","result":"flip","retreat":[3,4.0]}]}', True),
        ('[{"type":"pass","side":"french"}]', False),
        ('{"side":"french"}', False),
    ],
)
def test_edges_of_the_schema(line: str, accepted: bool) -> None:
    data = json.loads(line)
    assert schema_validator().is_valid(data) is accepted
    event = decode_event(data, WHERE)
    assert (event is not None) is accepted
    if event is not None:
        assert event == event_from_json(data, WHERE)


def test_integral_floats_become_ints() -> None:
    event = decode_event(json.loads('{"type":"move","side":"french","units":["A"],"from_area":2.0,"to_area":3}'), WHERE)
    assert isinstance(event, ev.Move)
    assert type(event.from_area) is int and event.where == WHERE


def test_a_game_reads_the_same_as_through_the_schema(tmp_path: Path) -> None:
    rng = random.Random(SEED + 2)
    lines = [valid_line(rng) for _ in range(300)]
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    events = read_events(path)
    assert list(events) == [  # each at its own line, whatever ``where`` the line gives
        dataclasses.replace(event_from_json(line, ev.NOWHERE), where=ev.Where(str(path), i, i + 1)) for i, line in enumerate(lines)
    ]


def test_reading_a_valid_file_does_not_import_jsonschema(tmp_path: Path) -> None:
    import subprocess

    path = tmp_path / "game.jsonl"
    path.write_text('{"type":"pass","side":"french"}\n{"type":"trench","area":2,"level":1}\n', encoding="utf-8")
    code = (
        "import sys; from pathlib import Path; import sdbp_module.games.sodbp.ids; from sdbp_module.replay.jsonl import read_events; "
        f"assert len(read_events(Path({str(path)!r}))) == 2; print('jsonschema' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


# -- reading a whole file: the lines parsed as one document, or one by one when that cannot be trusted --


def _read_line_by_line(path: Path) -> tuple[ev.Event, ...] | str:
    """The reference: each non-blank line through ``parse_line``, at its own line; the events, or the error's message."""
    lines = [(n, line) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.strip()]
    try:
        return tuple(
            dataclasses.replace(parse_line(line, ev.Where(str(path), i, n)), where=ev.Where(str(path), i, n))
            for i, (n, line) in enumerate(lines)
        )
    except InputError as exc:
        return str(exc)


def _read(path: Path) -> tuple[ev.Event, ...] | str:
    try:
        return read_events(path)
    except InputError as exc:
        return str(exc)


@pytest.mark.parametrize(
    "lines",
    [
        ['{"type":"pass","side":"french","where":{"file":"f","index":0,"line":[1', '2]}}', "{},{}"],
        ['{"type":"pass","side":"french","where":{"file":"f","index":0,"line":[1', "2]}}", '{"type":"pass"},{}'],
        # three values from three lines, none of them a value alone: the length of the array is right, a
        # marker is not where it should be; then the markers are, but one is the line's own NaN
        ['{"type":"pass","side":"french","where":{"file":"f","index":0,"line":[1', "2]}}", "{},{},{}"],
        ['{"type":"pass","side":"french","where":{"file":"f","index":0,"line":[1', "2]}}", "{},NaN,{}"],
        ['{"type":"end-step","step":"x', 'y"}'],  # a string across two lines
        ['{"type":"end-step","step":"NaN"}', '{"type":"pass","side":"french"}'],  # "NaN" in the text: one by one
        ['{"type":"trench","area":NaN,"level":1}'],
        ['{"type":"trench","area":Infinity,"level":1}'],
        ['{"type":"trench","area":1,"level":1}', "[1,", "2]"],
        ['{"type":"pass","side":"french"}', "1, 2", "3"],
        ['{"type":"pass","side":"french"}', "]", "["],
        ['{"type":"pass","side":"french"}', "", "   ", "\t"],
        ['{"type":"pass","side":"french"} ', ' {"type":"pass","side":"viet_minh"}\t'],
        ['{"type":"pass","side":"french"}', '{"type":"pass","side":"french","extra":1}', "{not json"],
        ["{not json", '{"type":"pass","side":"french","extra":1}'],  # the first bad line is the one named
        ['{"type":"pass","side":"french"}', "null", "[]"],
    ],
)
def test_a_file_reads_as_its_lines_one_by_one(tmp_path: Path, lines: list[str]) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _read(path) == _read_line_by_line(path)


def test_random_files_read_as_their_lines_one_by_one(tmp_path: Path) -> None:
    """Valid and mutated lines, some cut in two or run together, as a file: the same events or the same error."""
    rng = random.Random(SEED + 3)
    path = tmp_path / "game.jsonl"
    for case in range(300):
        texts = []
        for _ in range(rng.randint(1, 6)):
            data = valid_line(rng)
            if rng.random() < 0.3:
                data = mutate(data, rng)
            texts.append(json.dumps(data, separators=(",", ":")))
        if rng.random() < 0.5:  # cut a line, or run two together
            i = rng.randrange(len(texts))
            cut = rng.randint(0, len(texts[i]))
            texts[i : i + 1] = [texts[i][:cut], texts[i][cut:]] if rng.random() < 0.5 else [texts[i] + "," + texts[i]]
        path.unlink(missing_ok=True)  # a new file each time: rewriting one in place waits for the disk
        path.write_text("\n".join(texts) + "\n", encoding="utf-8")
        assert _read(path) == _read_line_by_line(path), f"case {case}: {texts!r}"
