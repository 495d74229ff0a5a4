"""Events as JSON Lines: one event per line, validated by ``schemas/events.schema.json``.

``read_events(path)`` / ``write_events(path, events)`` and ``event_from_json`` / ``event_to_json``
are the pairs. Each line is an object with ``type`` (the event's kind) and the event's fields under
their Python names; ``where`` is optional on input (default: this file, line index, line number)
and always written. A bad line stops the read with ``InputError`` naming ``file:line`` (exit 2).
Fields equal to their default are left out when writing, so lines stay short and stable.
The schema is generated from the event classes (``events_schema``); a test keeps the file in step.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Iterable
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from sdbp_module.errors import InputError
from sdbp_module.fileio import write_atomically
from sdbp_module.replay.events import EVENT_BY_KIND, EVENT_TYPES, Event, Where
from sdbp_module.replay.location import Location, format_location, parse_location

FORMAT_VERSION = 1
SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "events.schema.json"


# -- encoding -------------------------------------------------------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Location):
        return format_location(value)
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _encode_fields(value)
    return value


def _encode_fields(obj: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.default is not dataclasses.MISSING and value == f.default and f.name != "where":
            continue
        out[f.name] = _encode(value)
    return out


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON object of an event (``type`` first in meaning; keys sorted when dumped)."""
    data = _encode_fields(event)
    data["type"] = event.kind
    where = event.where
    data["where"] = {"file": where.file, "index": where.index} | ({"line": where.line} if where.line is not None else {})
    return data


def format_event(event: Event) -> str:
    return json.dumps(event_to_json(event), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# -- decoding -------------------------------------------------------------------------------------


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(tp: Any, value: Any, name: str) -> Any:
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if value is None:
            return None
        return _decode(args[0], value, name)
    if origin is tuple:
        (inner, _ellipsis) = typing.get_args(tp)
        return tuple(_decode(inner, v, name) for v in value)
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return tp(_decode(supertype, value, name))
    if tp is Location:
        return parse_location(str(value))
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(value)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_fields(tp, value)
    if tp is int and isinstance(value, bool):
        raise ValueError(f"{name}: expected an integer, got {value!r}")
    return value


def _decode_fields(cls: type, data: dict[str, Any]) -> Any:
    hints = _hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _decode(hints[f.name], data[f.name], f.name)
    return cls(**kwargs)


def event_from_json(data: dict[str, Any], where: Where) -> Event:
    """Build an event from an already validated JSON object; ``where`` is used when it has none."""
    cls = EVENT_BY_KIND[data["type"]]
    body = {k: v for k, v in data.items() if k not in ("type", "where")}
    if "where" in data:
        w = data["where"]
        where = Where(w["file"], w["index"], w.get("line"))
    event: Event = _decode_fields(cls, body)
    return dataclasses.replace(event, where=where)


@cache
def _validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def parse_line(text: str, where: Where) -> Event:
    """One JSONL line → event. Raises ``InputError`` naming ``file:line``."""
    label = f"{where.file}:{where.line if where.line is not None else where.index + 1}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{label}: not JSON ({exc.msg} at column {exc.colno})") from None
    errors = sorted(_validator().iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if errors:
        err = errors[-1]
        path = ".".join(str(p) for p in err.absolute_path) or "(line)"
        raise InputError(f"{label}: {path}: {err.message}")
    try:
        return event_from_json(data, where)
    except (ValueError, TypeError) as exc:
        raise InputError(f"{label}: {exc}") from None


def read_events(path: Path) -> tuple[Event, ...]:
    """Read an events ``.jsonl`` file. Blank lines are skipped; a bad line raises ``InputError``."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from None
    events: list[Event] = []
    index = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        events.append(parse_line(line, Where(str(path), index, number)))
        index += 1
    return tuple(events)


def write_events(path: Path, events: Iterable[Event]) -> None:
    """Write events as JSONL, atomically (temporary file, then ``os.replace``)."""
    text = "".join(format_event(e) + "\n" for e in events)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, text.encode("utf-8"))


# -- schema ---------------------------------------------------------------------------------------


def _schema_of(tp: Any) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        inner = _schema_of(args[0])
        return {"anyOf": [inner, {"type": "null"}]}
    if origin is tuple:
        return {"type": "array", "items": _schema_of(typing.get_args(tp)[0])}
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return _schema_of(supertype)
    if tp is Location:
        return {"type": "string", "pattern": r"^([0-9]+|turn:[0-9]+|replacements|eliminated|removed|off-map)$"}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return {"enum": [m.value for m in tp]}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return {"$ref": f"#/$defs/{tp.__name__}"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is str:
        return {"type": "string"}
    raise TypeError(f"no schema for {tp!r}")


def _object_schema(cls: type, defs: dict[str, Any], *, event: bool) -> dict[str, Any]:
    hints = _hints(cls)
    props: dict[str, Any] = {}
    required: list[str] = []
    for f in dataclasses.fields(cls):
        if event and f.name == "where":
            props["where"] = {"$ref": "#/$defs/Where"}
            continue
        tp = hints[f.name]
        props[f.name] = _schema_of(tp)
        _collect_defs(tp, defs)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    if event:
        assert issubclass(cls, Event)
        props["type"] = {"const": cls.kind}
        required.insert(0, "type")
    schema: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        schema["required"] = required
    doc = (cls.__doc__ or "").strip().splitlines()
    if doc and not doc[0].startswith(cls.__name__ + "("):
        schema["description"] = doc[0]
    return schema


def _collect_defs(tp: Any, defs: dict[str, Any]) -> None:
    for arg in typing.get_args(tp):
        _collect_defs(arg, defs)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp.__name__ not in defs:
        defs[tp.__name__] = {}
        defs[tp.__name__] = _object_schema(tp, defs, event=False)


def events_schema() -> dict[str, Any]:
    """The JSON Schema of one events JSONL line, generated from the event classes."""
    defs: dict[str, Any] = {"Where": _object_schema(Where, {}, event=False)}
    branches = []
    for cls in EVENT_TYPES:
        defs[cls.__name__] = _object_schema(cls, defs, event=True)
        branches.append(
            {"if": {"properties": {"type": {"const": cls.kind}}}, "then": {"$ref": f"#/$defs/{cls.__name__}"}}
        )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://sdbp.invalid/schemas/events.schema.json",
        "title": "sdbp event (one line of an events .jsonl file)",
        "description": f"format_version {FORMAT_VERSION}; see docs/events.md",
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": [cls.kind for cls in EVENT_TYPES]}},
        "allOf": branches,
        "$defs": dict(sorted(defs.items())),
    }


def render_schema() -> str:
    return json.dumps(events_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # regenerate the schema file: python -m sdbp_module.replay.jsonl
    SCHEMA_PATH.write_text(render_schema(), encoding="utf-8")
