"""Events as JSON Lines: one event per line, validated by ``schemas/events.schema.json``.

``read_events(path)`` / ``write_events(path, events)`` and ``event_from_json`` / ``event_to_json``
are the pairs. Each line is an object with ``type`` (the event's kind) and the event's fields under
their Python names; ``where`` is optional on input and set aside when read (an event read from a
transcript is at the transcript's own line: file, line index, line number), and always written. A bad line stops the read with ``InputError`` naming ``file:line`` (exit 2):
text that is not JSON, JSON nested more than 64 deep (``MAX_LINE_DEPTH``, on every Python) or with an integer too long to read, a string holding
a lone surrogate (``"\\ud800"``: not text, so no report could print it), or a line the schema refuses
(the value it quotes is shortened), or, when the game's ``Vocabulary`` is given, a value outside one
of its closed vocabularies (a unit, area, card, side, card mode, dice purpose, End-phase step or
trench level the game does not have: ``replay.vocabulary``). Fields equal to their default are left
out when writing, so lines stay short and stable.
The schema is generated from the event classes (``events_schema``); a test keeps the file in step.
The file leaves the game's vocabularies open (``$defs`` ``Side``, ``UnitId``, ``AreaId``, ``CardId``,
``CardMode``, ``DicePurpose``, ``EndStepName``, ``TrenchLevel``, ``LocationText``);
``events_schema(vocabulary)`` is the schema of one game, with each of them an enum and each card's
modes (``python -m sdbp_module.replay.jsonl --data DIR`` prints it).

Reading is fast because validation is compiled: ``decode_event`` runs a decoder per event class,
generated once as Python source from the same class hints as the schema, that accepts exactly what
the schema accepts (types, required and unknown keys, enums, the location pattern, integers such as
``1.0``, ``null`` only where a field is optional), building the event as it checks. Only a line it
refuses goes through ``jsonschema``, which then words the message, so messages are those of the
schema; ``jsonschema`` is imported only then. ``read_events`` splits the file on ``\\n`` alone (a JSON
string may hold U+2028 or U+0085, which ``str.splitlines`` would split on), within ``limits`` (the
file's size, a line's length, the number of events), parses 4,096 lines at a time as one JSON
document when it can prove that gives each line's own value (see "reading a file"), and decodes each
line with a placing decoder, which builds the event at the line's own place (the line's ``where``
checked, not built). The game's vocabulary and bounds each test an event with a test compiled per
class, and walk it to word a refusal only when that test fails (``replay.vocabulary``, ``replay.bounds``).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
import types
import typing
from collections.abc import Callable, Iterable
from enum import Enum
from functools import cache
from itertools import compress, count, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sdbp_module.errors import InputError
from sdbp_module.fileio import write_atomically
from sdbp_module.ids import AreaId, CardId, Side, UnitId
from sdbp_module.limits import (
    MAX_EVENTS,
    MAX_LINE_CHARS,
    MAX_LINE_DEPTH,
    MAX_TRANSCRIPT_BYTES,
)
from sdbp_module.replay.events import (
    EVENT_BY_KIND,
    EVENT_TYPES,
    AreaLevel,
    CardPlay,
    DiceRoll,
    EndStep,
    Entrench,
    Event,
    TrenchSet,
    Where,
)
from sdbp_module.replay.location import (
    Location,
    LocationKind,
    format_location,
    parse_location,
)
from sdbp_module.schema_patterns import compiled, validator_class

FORMAT_VERSION = 1
SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "events.schema.json"
LOCATION_PATTERN = r"^([0-9]+|turn:[0-9]+|replacements|eliminated|removed|off-map)$"
"""The text of a ``Location`` in the schema (``re.search`` semantics, as JSON Schema's ``pattern``)."""

if TYPE_CHECKING:
    import jsonschema

    from sdbp_module.replay.vocabulary import Vocabulary


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
        try:
            return parse_location(str(value))
        except ValueError:  # the schema's pattern lets any number of digits through; int() reads 4300
            text = str(value)
            shown = text if len(text) <= 40 else f"{text[:20]}…{text[-10:]}"
            raise ValueError(f"{name}: {shown!r} is not a location that can be read (its number has {len(text.removeprefix('turn:'))} digits)") from None
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(value)
    if tp is Side:
        side = Side.named(value)
        if side is None:
            raise ValueError(f"{name}: {value!r} is not a side of the game (its data declares {', '.join(map(repr, Side.declared()))})")
        return side
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


def schema_validator() -> jsonschema.protocols.Validator:
    """The ``jsonschema`` validator of ``events.schema.json`` with the sides declared so far as the
    ``Side`` enum (imports ``jsonschema`` on first use)."""
    return _validator_for(Side.declared())


@cache
def _validator_for(sides: tuple[Side, ...]) -> jsonschema.protocols.Validator:
    import jsonschema

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    schema["$defs"]["Side"] = {"enum": [side.value for side in sides]}
    cls = validator_class(jsonschema.validators.validator_for(schema))  # ``$`` at the very end only
    validator: jsonschema.protocols.Validator = cls(schema)
    return validator


_TOO_DEEP = "not JSON that can be read (arrays or objects nested too deeply)"
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a surrogate in the text: only then can a parsed string hold a lone one."""
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""A surrogate left in a parsed string: a lone one (``json`` joins the two halves of a pair)."""
_SHOWN_VALUE = 200
"""Longest value quoted in a schema message; a longer one is cut in the middle."""
_LONGEST_MESSAGE = 1000
"""Longest schema message (a key that is not allowed is quoted whole)."""


def parse_line(text: str, where: Where, vocabulary: Vocabulary | None = None) -> Event:
    """One JSONL line → event. Raises ``InputError`` naming ``file:line``."""
    label = f"{where.file}:{where.line if where.line is not None else where.index + 1}"
    return _known(_parse_line(text, where, label), vocabulary, label)


def _known(event: Event, vocabulary: Vocabulary | None, label: str) -> Event:
    """``event``, or ``InputError`` when a value of it is outside the game's vocabularies."""
    if vocabulary is not None:
        problem = vocabulary.refusal(event)
        if problem is not None:
            raise InputError(f"{label}: {problem}")
    return event


def _parse_line(text: str, where: Where, label: str) -> Event:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{label}: not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise InputError(f"{label}: {_TOO_DEEP}") from None
    except ValueError:  # an integer with more digits than ``int`` converts (sys.get_int_max_str_digits)
        raise InputError(f"{label}: not JSON that can be read ({_long_integer(text)})") from None
    if _SURROGATE_ESCAPE.search(text):
        _refuse_too_deep(data, label)
        _refuse_lone_surrogates(data, label)
    event = decode_event(data, where)
    if event is not None:
        return event
    return _parse_validated(data, where, label)


def _long_integer(text: str) -> str:
    """Words for the integer of ``text`` too long for ``int``: its length, its column and the limit."""
    limit = sys.get_int_max_str_digits()
    found = re.search(r"[0-9]{%d,}" % (limit + 1), text)
    if found is None:
        return f"an integer of more than {limit} digits"
    return f"an integer of {len(found.group())} digits at column {found.start() + 1}; at most {limit} can be read"


def _inside(value: Any) -> Iterable[Any] | None:
    """The values in an array or object ``json`` read; None for any other value."""
    return value.values() if isinstance(value, dict) else value if isinstance(value, list) else None


def too_deep(data: Any, inside: Callable[[Any], Iterable[Any] | None] = _inside) -> bool:
    """True when ``data`` nests arrays and objects more than ``MAX_LINE_DEPTH`` deep; ``inside(value)``: the values
    in an array or object, None for any other value (``replay.hexes.jsonl`` reads objects as pairs)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        values = inside(value)
        if values is None:
            continue
        if depth > MAX_LINE_DEPTH:
            return True
        stack.extend((v, depth + 1) for v in values)
    return False


def _refuse_too_deep(data: Any, label: str) -> None:
    """Raise ``InputError`` when ``data`` is ``too_deep`` (an event's decoder refuses any such line, so only
    refused lines and those read for surrogates are asked)."""
    if too_deep(data):
        raise InputError(f"{label}: {_TOO_DEEP}")


def _refuse_lone_surrogates(data: Any, label: str) -> None:
    """Raise ``InputError`` naming the first string (value or key) of ``data`` that holds a lone surrogate."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            for key in value:
                if _LONE_SURROGATE.search(key):
                    _lone_surrogate(label, path, key, "key")
            stack.extend((v, (*path, k)) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, (*path, str(i))) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, str) and _LONE_SURROGATE.search(value):
            _lone_surrogate(label, path, value, "string")


def _lone_surrogate(label: str, path: tuple[str, ...], text: str, what: str) -> None:
    match = _LONE_SURROGATE.search(text)
    assert match is not None
    shown = ".".join(path) or "(line)"
    raise InputError(
        f"{label}: {shown}: a {what} holds the lone surrogate \\u{ord(match.group()):04x} "
        "(expected text: a surrogate escape only as one half of a pair)"
    )


def _schema_message(err: Any) -> str:
    """``jsonschema``'s message with the value it quotes shortened (a line can hold megabytes)."""
    message: str = err.message
    try:
        quoted = repr(err.instance)
    except RecursionError:  # a value nested almost as deep as ``json`` reads
        quoted = ""
    if len(quoted) > _SHOWN_VALUE and quoted in message:
        half = _SHOWN_VALUE // 2
        message = message.replace(quoted, f"{quoted[:half]}…{quoted[-half:]}")
    if len(message) > _LONGEST_MESSAGE:
        message = message[:_LONGEST_MESSAGE] + "…"
    return message


def _parse_validated(data: Any, where: Where, label: str) -> Event:
    """The schema's path for a line the compiled decoder refused: ``jsonschema`` words the error."""
    _refuse_too_deep(data, label)
    try:
        errors = sorted(
            schema_validator().iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path)))
        )
    except RecursionError:  # jsonschema quotes the value: one nested almost as deep as ``json`` reads
        raise InputError(f"{label}: {_TOO_DEEP}") from None
    if errors:
        err = errors[-1]
        path = ".".join(str(p) for p in err.absolute_path) or "(line)"
        raise InputError(f"{label}: {path}: {_schema_message(err)}")
    try:
        return event_from_json(data, where)
    except (ValueError, TypeError) as exc:
        raise InputError(f"{label}: {exc}") from None


# -- the compiled decoder -------------------------------------------------------------------------
#
# Each class (event or nested object) gets a decoder generated once from its class hints, the way
# ``_schema_of`` builds the schema: Python source written out field by field and ``exec``-ed, so that
# a line costs a few dictionary reads and type tests instead of a walk over the fields and a call per
# value. It checks what the schema checks and builds the value, or raises ``_Refused``. jsonschema's
# "integer" is an int that is not a bool, or a float with an integral value; "string", "boolean",
# "array" and "object" are ``str``, ``bool``, ``list`` and ``dict``.
#
# The decoders build the (frozen, slotted) dataclass without its ``__init__``: ``object.__new__``,
# then each slot's descriptor ``__set__``. That is what the generated ``__init__`` does through
# ``object.__setattr__`` (frozen), at under half the cost; fields left out get their default.


class _Refused(Exception):
    """The value is not what the schema accepts (``jsonschema`` will say why)."""


_Converter = Callable[[Any], Any]
_ABSENT: Any = object()
"""``data.get(key, _ABSENT)``: the key is not in the line."""


def _integer(value: Any) -> int:
    if type(value) is int:
        return value
    if isinstance(value, bool):
        raise _Refused
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise _Refused


def _string(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise _Refused


def _boolean(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise _Refused


_LOCATION_RE = compiled(LOCATION_PATTERN)  # as the schema reads it: "14\n" is no location


def _location(value: Any) -> Location:
    if isinstance(value, str) and _LOCATION_RE.search(value):
        try:
            return parse_location(value)
        except ValueError:  # a number too long for int(): the schema path words it
            raise _Refused from None
    raise _Refused


def _enum_converter(tp: type[Enum]) -> _Converter:
    members: dict[str, Enum] = {m.value: m for m in tp}

    def convert(value: Any) -> Enum:
        member = members.get(value) if isinstance(value, str) else None
        if member is None:
            raise _Refused
        return member

    return convert


def _side(value: Any) -> Side:
    side = Side.named(value) if isinstance(value, str) else None
    if side is None:
        raise _Refused
    return side


def _optional_converter(inner: _Converter) -> _Converter:
    def convert(value: Any) -> Any:
        return None if value is None else inner(value)

    return convert


def _strings(value: Any) -> tuple[str, ...]:
    """An array of strings (``str.join`` tests every item with ``isinstance(item, str)``, in C)."""
    if isinstance(value, list):
        try:
            "".join(value)
        except TypeError:
            raise _Refused from None
        return tuple(value)
    raise _Refused


def _integers(value: Any) -> tuple[int, ...]:
    """An array of integers: kept as is when all are ints, else each one through ``_integer``."""
    if isinstance(value, list):
        for item in value:
            if type(item) is not int:
                return tuple([_integer(v) for v in value])
        return tuple(value)
    raise _Refused


def _tuple_converter(inner: _Converter) -> _Converter:
    if inner is _string:
        return _strings
    if inner is _integer:
        return _integers

    def convert(value: Any) -> tuple[Any, ...]:
        if isinstance(value, list):
            return tuple([inner(v) for v in value])
        raise _Refused

    return convert


def _converter(tp: Any) -> _Converter:
    """The converter of one field type; the cases mirror ``_schema_of``."""
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _optional_converter(_converter(args[0]))
    if origin is tuple:
        return _tuple_converter(_converter(typing.get_args(tp)[0]))
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return _converter(supertype)  # a NewType is its base type at run time
    if tp is Location:
        return _location
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _enum_converter(tp)
    if tp is Side:
        return _side
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _object_decoder(tp)
    if tp is bool:
        return _boolean
    if tp is int:
        return _integer
    if tp is str:
        return _string
    raise TypeError(f"no decoder for {tp!r}")


class _Source:
    """The source of one generated decoder and the objects its names stand for."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict[str, Any] = {"_Refused": _Refused, "_ABSENT": _ABSENT}
        self.names.update(_integer=_integer, _string=_string)

    def name(self, label: str, value: Any) -> str:
        """A name in the generated code bound to ``value``."""
        name = f"_{label}_{len(self.names)}"
        self.names[name] = value
        return name

    def add(self, indent: int, *lines: str) -> None:
        self.lines.extend("    " * indent + line for line in lines)

    def compile(self, function: str) -> Any:
        namespace = dict(self.names)
        exec("\n".join(self.lines), namespace)  # noqa: S102 - our own code, from the class hints
        return namespace[function]


def _add_conversion(src: _Source, indent: int, tp: Any, var: str, field: str) -> None:
    """Statements turning the JSON value in ``var`` into the field's value (in place), or raising ``_Refused``.

    The common cases are written inline, each with a fast test for the plain JSON type first and the
    general converter behind it; the others call their converter (``_converter``).
    """
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        inner = [a for a in typing.get_args(tp) if a is not type(None)][0]
        src.add(indent, f"if {var} is not None:")
        _add_conversion(src, indent + 1, inner, var, field)
        return
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        _add_conversion(src, indent, supertype, var, field)
    elif tp is bool:
        src.add(indent, f"if {var} is not True and {var} is not False:", "    raise _Refused")
    elif tp is int:
        src.add(indent, f"if type({var}) is not int:", f"    {var} = _integer({var})")
    elif tp is str:
        src.add(indent, f"if type({var}) is not str:", f"    {var} = _string({var})")
    elif isinstance(tp, type) and issubclass(tp, Enum) and all(type(m.value) is str for m in tp):
        members = src.name(f"{field}_members", {m.value: m for m in tp})
        general = src.name(f"{field}_enum", _enum_converter(tp))
        src.add(
            indent,
            f"{var} = {members}.get({var}) if type({var}) is str else {general}({var})",
            f"if {var} is None:",
            "    raise _Refused",
        )
    else:
        src.add(indent, f"{var} = {src.name(field, _converter(tp))}({var})")


def _decoder_function(cls: type, *, event: bool, placing: bool = False) -> Any:
    """Generate, compile and return the decoder of ``cls``.

    An event's decoder is ``decode(data, where) -> event``: ``data`` is a dict whose ``type`` is the
    class's (``decode_event`` checked it) and ``where`` is used when the line has none. A ``placing``
    decoder is ``decode(data, file, index, line) -> event``, its event at ``Where(file, index, line)``
    whatever the line says (a ``where`` it gives is checked, then set aside: what ``_placed`` does with
    an event decoded, without building the line's own). A nested
    object's is ``decode(value) -> object``. ``len(data) == count`` of the known keys present, once
    the required ones are known present, is the schema's ``required`` and ``additionalProperties``.
    """
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: the generated decoder does not call __post_init__")
    hints = _hints(cls)
    fields = dataclasses.fields(cls)
    required = [f for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    optional = [f for f in fields if f not in required and not (event and f.name == "where")]
    src = _Source()
    setters = {f.name: src.name(f"set_{f.name}", _slot_setter(cls, f.name)) for f in fields}
    function = f"decode_{cls.__name__}"
    if placing:
        src.add(0, f"def {function}(data, file, index, line):")
    elif event:
        src.add(0, f"def {function}(data, where):")
    else:
        src.add(0, f"def {function}(data):", "    if not isinstance(data, dict):", "        raise _Refused")
    if required:
        src.add(1, "try:", *(f"    v_{f.name} = data[{f.name!r}]" for f in required))
        src.add(1, "except KeyError:", "    raise _Refused from None")
    src.add(1, f"count = {len(required) + event}")  # an event's "type" is required too
    for f in required:
        _add_conversion(src, 1, hints[f.name], f"v_{f.name}", f.name)
    for f in optional:
        if f.default_factory is not dataclasses.MISSING:
            default = src.name(f"{f.name}_factory", f.default_factory) + "()"
        else:
            default = src.name(f"{f.name}_default", f.default)
        src.add(1, f"v_{f.name} = data.get({f.name!r}, _ABSENT)", f"if v_{f.name} is _ABSENT:")
        src.add(2, f"v_{f.name} = {default}")
        src.add(1, "else:", "    count += 1")
        _add_conversion(src, 2, hints[f.name], f"v_{f.name}", f.name)
    if event and placing:  # a where as ``write_events`` writes it is known good at a glance, else decoded
        decode_where = src.name("decode_Where", _object_decoder(Where))
        src.add(1, "v_where = data.get('where', _ABSENT)", "if v_where is not _ABSENT:", "    count += 1")
        src.add(2, "if type(v_where) is not dict or len(v_where) != 3 or type(v_where.get('file')) is not str or "
                   "type(v_where.get('index')) is not int or type(v_where.get('line')) is not int:")
        src.add(3, f"{decode_where}(v_where)")
        src.add(1, f"v_where = {src.name('new', object.__new__)}({src.name('Where', Where)})")
        src.add(1, *(f"{src.name(f'set_{n}', _slot_setter(Where, n))}(v_where, {n})" for n in ("file", "index", "line")))
    elif event:
        decode_where = src.name("decode_Where", _object_decoder(Where))
        src.add(1, "v_where = data.get('where', _ABSENT)", "if v_where is _ABSENT:", "    v_where = where")
        src.add(1, "else:", "    count += 1", f"    v_where = {decode_where}(v_where)")
    src.add(1, "if len(data) != count:", "    raise _Refused")
    src.add(1, f"new = {src.name('new', object.__new__)}({src.name('cls', cls)})")
    src.add(1, *(f"{setters[f.name]}(new, v_{f.name})" for f in fields), "return new")
    return src.compile(function)


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot holding field ``name`` (what ``object.__setattr__`` ends up calling)."""
    descriptor = getattr(cls, name, None)
    if not isinstance(descriptor, types.MemberDescriptorType):
        raise TypeError(f"{cls.__name__}.{name}: the generated decoder needs a slotted dataclass")
    setter: Callable[[Any, Any], None] = descriptor.__set__
    return setter


@cache
def _object_decoder(cls: type) -> _Converter:
    """The decoder of a nested object (``Where``, ``UnitSetup``, ...): a dict → the dataclass."""
    decoder: _Converter = _decoder_function(cls, event=False)
    return decoder


_EventDecoder = Callable[[dict[str, Any], Where], Event]


@cache
def _event_decoders() -> dict[str, _EventDecoder]:
    return {cls.kind: _decoder_function(cls, event=True) for cls in EVENT_TYPES}


_PlacingDecoder = Callable[[dict[str, Any], str, int, int], Event]


@cache
def _placing_decoders() -> dict[str, _PlacingDecoder]:
    """The decoder of each kind that places its event at the file, index and line it is given (``read_events``)."""
    return {cls.kind: _decoder_function(cls, event=True, placing=True) for cls in EVENT_TYPES}


def decode_event(data: Any, where: Where) -> Event | None:
    """The event of a parsed JSONL line, or ``None`` when the schema would refuse the line.

    ``where`` is used when the line has none. Accepts exactly what ``events.schema.json`` accepts.
    """
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    decode = _event_decoders().get(kind) if isinstance(kind, str) else None
    if decode is None:
        return None
    try:
        return decode(data, where)
    except _Refused:
        return None


# -- reading a file -------------------------------------------------------------------------------
#
# ``json.loads`` of each line costs three times one ``json.loads`` of all the lines as one array (the
# decoder's per-call overhead, and keys made once per document instead of once per line). But a
# line is not always one JSON value: ``{"a":[1`` then ``2]}`` then ``{},{}`` make three values
# together and none alone. So the lines are joined with a marker between them, ``,NaN,``, parsed
# with ``NaN`` read as ``_MARKER``: when the text holds no other ``NaN`` and the array alternates
# value, marker, value ..., each marker stood at the top level between two lines, and each line was
# one JSON value, the one at its place. Otherwise (or on any error) the lines are parsed one by one,
# which also words the error of a line that is not JSON.

_MARKER: Any = object()
_CONSTANTS = {"NaN": _MARKER, "Infinity": float("inf"), "-Infinity": float("-inf")}
_JOINED = json.JSONDecoder(parse_constant=_CONSTANTS.__getitem__)


def _parse_together(lines: list[str]) -> list[Any] | None:
    """The JSON value of each line, parsed as one document; ``None`` when that cannot be trusted."""
    if not lines:
        return None
    joined = ",NaN,".join(lines)
    if joined.count("NaN") != len(lines) - 1:  # a NaN of the lines' own
        return None
    try:
        values = _JOINED.decode("[" + joined + "]")
    except (ValueError, RecursionError):
        return None
    if len(values) != 2 * len(lines) - 1 or values[1::2].count(_MARKER) != len(lines) - 1:
        return None
    parsed: list[Any] = values[0::2]
    return parsed


_BATCH = 4096
"""Lines parsed together at a time: the parsed JSON of a whole file is never held at once."""
_SPLIT_AT_ONCE = 4 * MAX_EVENTS
"""Lines up to which ``split_lines`` splits a text at once (more: one by one, up to the limit)."""
_BLANK = " \t\r"
"""What a blank line may hold: JSON's own white space (``str.strip()`` would also take U+2028 and the like)."""


def read_text(path: Path, limit: int = MAX_TRANSCRIPT_BYTES) -> str:
    """The UTF-8 text of a transcript of at most ``limit`` bytes; ``InputError`` naming the file otherwise."""
    try:
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise InputError(
                    f"{path}: {size:,} bytes; an events transcript is read up to {limit:,} bytes "
                    "(a whole real game is under 1 MB)"
                )
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if len(raw) > limit:  # grew while read, or a file whose size the system does not report
        raise InputError(f"{path}: more than {limit:,} bytes; an events transcript is read up to {limit:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        row = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - raw.rfind(b"\n", 0, exc.start)
        raise InputError(f"{path}:{row}:{column}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at byte {exc.start})") from None


def split_lines(text: str, file: str) -> tuple[list[int], list[str]]:
    """The 1-based numbers and texts of the lines of ``text`` that are not blank, split on ``\\n``
    alone (JSON strings may hold U+2028, U+0085 and the like, which ``str.splitlines`` splits on).

    ``InputError`` naming ``file:line`` for a line of more than ``MAX_LINE_CHARS`` characters, and for
    more than ``MAX_EVENTS`` lines that are not blank."""
    if text.count("\n") <= _SPLIT_AT_ONCE:  # in C: split, measure, strip, pick; the loop below words a refusal
        parts = text.split("\n")
        if max(map(len, parts)) <= MAX_LINE_CHARS:
            kept = list(map(str.strip, parts, repeat(_BLANK)))  # "" for a blank line
            if len(kept) - kept.count("") <= MAX_EVENTS:
                return list(compress(count(1), kept)), list(compress(parts, kept))
    numbers: list[int] = []
    lines: list[str] = []
    start, number, size = 0, 0, len(text)
    while start <= size:  # not ``text.split``: a file of a million short lines stops at the limit
        end = text.find("\n", start)
        if end < 0:
            end = size
        line = text[start:end]
        start, number = end + 1, number + 1
        if len(line) > MAX_LINE_CHARS:
            raise InputError(
                f"{file}:{number}: a line of {len(line):,} characters; a line (one event) is read up to "
                f"{MAX_LINE_CHARS:,}"
            )
        if line.strip(_BLANK):
            if len(lines) == MAX_EVENTS:
                raise InputError(f"{file}:{number}: more than {MAX_EVENTS:,} events; a log is read up to {MAX_EVENTS:,}")
            numbers.append(number)
            lines.append(line)
    return numbers, lines


def read_events(
    path: Path, vocabulary: Vocabulary | None = None, bounds: Callable[[Event], Event] | None = None
) -> tuple[Event, ...]:
    """Read an events ``.jsonl`` file. Blank lines are skipped; a bad line raises ``InputError``, and so
    does, when the game's ``vocabulary`` is given, a value outside it. Each event is placed at its own
    line (a ``where`` the line gives is checked, then set aside: ``_placing_decoders``, ``_placed``), then checked by ``bounds``
    (``replay.bounds.EventBounds.check``: list lengths, texts) before its words are, so that a refusal
    never quotes a value past the bounds; the first bad line is the one reported.

    Lines are split on ``\\n`` only; the file, its lines and their number are capped
    (``limits``: ``MAX_TRANSCRIPT_BYTES``, ``MAX_LINE_CHARS``, ``MAX_EVENTS``)."""
    text = read_text(path)
    file = str(path)
    numbers, lines = split_lines(text, file)
    surrogates = _SURROGATE_ESCAPE.search(text) is not None
    del text
    events: list[Event] = []
    for start in range(0, len(lines), _BATCH):
        batch = lines[start : start + _BATCH]
        events += _read_batch(file, start, numbers[start : start + _BATCH], batch, surrogates, vocabulary, bounds)
        for i in range(start, min(start + _BATCH, len(lines))):
            lines[i] = ""  # read: let its text go
    return tuple(events)


def _read_batch(
    file: str,
    first: int,
    numbers: list[int],
    lines: list[str],
    surrogates: bool,
    vocabulary: Vocabulary | None,
    bounds: Callable[[Event], Event] | None,
) -> list[Event]:
    """The events of ``lines`` (the file's non-blank lines from index ``first``), each at its own line."""
    values = _parse_together(lines)
    events: list[Event] = []
    if values is None:  # line by line
        for i, (number, line) in enumerate(zip(numbers, lines)):
            at = Where(file, first + i, number)
            events.append(_accepted(_placed(parse_line(line, at), at), vocabulary, bounds, file, number))
        return events
    decoders = _placing_decoders()
    for i, data in enumerate(values):
        number = numbers[i]
        if surrogates and _SURROGATE_ESCAPE.search(lines[i]):  # as ``parse_line`` checks it
            _refuse_too_deep(data, f"{file}:{number}")
            _refuse_lone_surrogates(data, f"{file}:{number}")
        kind = data.get("type") if isinstance(data, dict) else None
        decode = decoders.get(kind) if isinstance(kind, str) else None
        try:
            if decode is None:
                raise _Refused
            event = decode(data, file, first + i, number)
        except _Refused:  # as ``parse_line`` does with a line ``decode_event`` refuses
            at = Where(file, first + i, number)
            event = _placed(_parse_validated(data, at, f"{file}:{number}"), at)
        events.append(_accepted(event, vocabulary, bounds, file, number))
    return events


def _accepted(event: Event, vocabulary: Vocabulary | None, bounds: Callable[[Event], Event] | None, file: str, line: int) -> Event:
    """``event`` within ``bounds``, then within the game's ``vocabulary``; else ``InputError`` naming ``file:line``
    (``_known``, its label made only for a refusal: this is asked of every event of a transcript)."""
    if bounds is not None:
        bounds(event)
    if vocabulary is not None:
        problem = vocabulary.refusal(event)
        if problem is not None:
            raise InputError(f"{file}:{line}: {problem}")
    return event


def _placed(event: Event, where: Where) -> Event:
    """``event`` at ``where``, its line's own place in the transcript: a ``where`` the line gives is checked
    and then set aside, so that a transcript cannot put a finding in another file or at another position
    than the line it comes from (a ``.jsonl`` made from a ``.vlog`` still says where in the ``.vlog``)."""
    cls = type(event)
    setter = _WHERE_SETTERS.get(cls)
    if setter is None:
        setter = _WHERE_SETTERS[cls] = _slot_setter(cls, "where")
    setter(event, where)
    return event


_WHERE_SETTERS: dict[type, Callable[[Any, Any], None]] = {}


def write_events(path: Path, events: Iterable[Event]) -> None:
    """Write events as JSONL, atomically (temporary file, then ``os.replace``; missing folders are made)."""
    text = "".join(format_event(e) + "\n" for e in events)
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
    named = _NAMED_TYPES.get(tp)
    if named is not None:
        return {"$ref": f"#/$defs/{named}"}
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:
        return _schema_of(supertype)
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
        named = _NAMED_FIELDS.get((cls, f.name))
        props[f.name] = _schema_of(tp) if named is None else _named_field(tp, named)
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


def events_schema(vocabulary: Vocabulary | None = None) -> dict[str, Any]:
    """The JSON Schema of one events JSONL line, generated from the event classes; with a game's
    ``vocabulary``, the schema of that game's lines: its closed vocabularies are enums, and each
    card takes only its own modes (``replay.vocabulary``)."""
    defs: dict[str, Any] = {"Where": _object_schema(Where, {}, event=False)}
    branches = []
    for cls in EVENT_TYPES:
        defs[cls.__name__] = _object_schema(cls, defs, event=True)
        branches.append(
            {"if": {"properties": {"type": {"const": cls.kind}}}, "then": {"$ref": f"#/$defs/{cls.__name__}"}}
        )
    open_words = {**_OPEN_DEFS, "Side": _SIDE_DEF}
    if vocabulary is not None:
        open_words.update(_closed_defs(vocabulary))
        defs[CardPlay.__name__]["allOf"] = _mode_branches(vocabulary)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://sdbp.invalid/schemas/events.schema.json",
        "title": "sdbp event (one line of an events .jsonl file)",
        "description": f"format_version {FORMAT_VERSION}; see docs/events.md",
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": [cls.kind for cls in EVENT_TYPES]}},
        "allOf": branches,
        "$defs": dict(sorted({**defs, **open_words}.items())),
    }


_SIDE_DEF = {
    "type": "string",
    "description": "a side the game's data declares (game.yaml sides); the reader puts the declared sides here as an enum",
}
_NAMED_TYPES: dict[Any, str] = {Side: "Side", UnitId: "UnitId", AreaId: "AreaId", CardId: "CardId", Location: "LocationText"}
"""Field types whose values are a game's closed vocabulary: a ``$defs`` entry each (``_OPEN_DEFS``)."""
_NAMED_FIELDS: dict[tuple[type, str], str] = {
    (CardPlay, "mode"): "CardMode",
    (DiceRoll, "purpose"): "DicePurpose",
    (EndStep, "step"): "EndStepName",
    (TrenchSet, "level"): "TrenchLevel",
    (Entrench, "level"): "TrenchLevel",
    (AreaLevel, "level"): "TrenchLevel",
}
"""Fields of a plain type whose values are a game's closed vocabulary."""
_OPEN_DEFS: dict[str, dict[str, Any]] = {
    "UnitId": {"type": "string", "description": "a unit id of the game's data (counters.yaml)"},
    "AreaId": {"type": "integer", "description": "an area number of the game's map (areas.yaml)"},
    "CardId": {"type": "string", "description": "a card id of the game's data (cards.yaml)"},
    "LocationText": {
        "type": "string",
        "pattern": LOCATION_PATTERN,
        "description": "an area number of the map, turn:N (a box of the turn track), replacements, eliminated, removed or off-map",
    },
    "CardMode": {
        "type": "string",
        "description": "one of the modes of the card played (cards.yaml modes); a card with none takes no mode",
    },
    "DicePurpose": {
        "type": "string",
        "description": "a purpose of the game's dice buttons (module.yaml dice; replacements is written replacement)",
    },
    "EndStepName": {
        "type": "string",
        "description": "an End-phase step of the game's sequence of play (game.yaml sequence.end_phase)",
    },
    "TrenchLevel": {"type": "integer", "description": "0 (no trench) or a state of the game's trench marker (markers.yaml)"},
}
"""The game's vocabularies as the schema file leaves them: open, each with what closes it (the reader
checks the game's words: ``replay.vocabulary``; ``events_schema(vocabulary)`` lists them)."""


def _named_field(tp: Any, name: str) -> dict[str, Any]:
    """A field's schema with its type replaced by the ``$defs`` entry ``name`` (optional stays optional)."""
    ref = {"$ref": f"#/$defs/{name}"}
    optional = typing.get_origin(tp) in (types.UnionType, typing.Union)
    return {"anyOf": [ref, {"type": "null"}]} if optional else ref


def _closed_defs(vocabulary: Vocabulary) -> dict[str, dict[str, Any]]:
    boxes = ["replacements", "eliminated", "removed", "off-map"]
    locations = [str(a) for a in sorted(vocabulary.areas)] + [f"turn:{t}" for t in range(1, vocabulary.turns + 1)]
    closed: dict[str, dict[str, Any]] = {
        "Side": {"enum": [side.value for side in vocabulary.sides]},
        "UnitId": {"enum": sorted(vocabulary.units)},
        "AreaId": {"enum": sorted(vocabulary.areas)},
        "CardId": {"enum": sorted(vocabulary.cards)},
        "LocationText": {"enum": locations + [b for b in boxes if b in {k.value for k in LocationKind}]},
        "DicePurpose": {"enum": list(vocabulary.purposes)},
    }
    if vocabulary.end_steps is not None:
        closed["EndStepName"] = {"enum": list(vocabulary.end_steps)}
    if vocabulary.trench_levels is not None:
        closed["TrenchLevel"] = {"enum": list(vocabulary.trench_levels)}
    return closed


def _mode_branches(vocabulary: Vocabulary) -> list[dict[str, Any]]:
    """A card play's mode: one of its card's modes, or none; a card without modes takes none."""
    by_modes: dict[tuple[str, ...], list[str]] = {}
    for card, modes in sorted(vocabulary.modes.items()):
        by_modes.setdefault(modes, []).append(card)
    branches: list[dict[str, Any]] = [
        {
            "if": {"properties": {"card": {"enum": cards}}, "required": ["card"]},
            "then": {"properties": {"mode": {"enum": [*modes, None]}}},
        }
        for modes, cards in by_modes.items()
    ]
    branches.append(
        {
            "if": {"properties": {"card": {"not": {"enum": sorted(vocabulary.modes)}}}, "required": ["card"]},
            "then": {"properties": {"mode": {"type": "null"}}},
        }
    )
    return branches


def render_schema() -> str:
    return json.dumps(events_schema(), indent=2, ensure_ascii=False) + "\n"


def render_game_schema(vocabulary: Vocabulary) -> str:
    """The events schema of one game (its vocabularies closed), as written by ``--data``."""
    return json.dumps(events_schema(vocabulary), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    # python -m sdbp_module.replay.jsonl: regenerate the schema file;
    # python -m sdbp_module.replay.jsonl --data DIR: print the schema of the game in DIR
    if sys.argv[1:2] == ["--data"] and len(sys.argv) == 3:
        from sdbp_module.model.from_data import load_game
        from sdbp_module.replay.vocabulary import Vocabulary

        sys.stdout.write(render_game_schema(Vocabulary.of(load_game(Path(sys.argv[2])))))
    else:
        SCHEMA_PATH.write_text(render_schema(), encoding="utf-8")
