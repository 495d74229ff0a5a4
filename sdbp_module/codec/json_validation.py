"""Check a JSON form completely before anything is written (``docs/json-form.md``, JSON Schema).

:func:`validate_document` checks every field the writer uses, iteratively (a document nested
100,000 deep is one more document), and raises ``CodecError`` (exit 2) for the first problem in
document order: ``"{file}: {json path}: {problem}"``, one line, with paths such as
``commands/children/3/text``, ``entries/2/name`` or ``envelope/key``. It enforces what the schema
``schemas/save-json.schema.json`` says (types, known ``cmd`` values and their fields, no unknown
keys, envelope keys in range, base64 shape, no ESC in command texts) and what a schema cannot say:
entry names the reader accepts (``container.entry_name_problem``), unique, at most one
``savedGame``; no lone surrogate in any string that is written (UTF-8 cannot encode it).

:func:`check_reads_back` then decodes the text built from the document and compares it with the
tree it was built from, so that nothing is written that reads back differently.

>>> validate_document({"format": "sdbp-vassal-game", "format_version": 1}, "x.json")
Traceback (most recent call last):
...
sdbp_module.errors.CodecError: x.json: envelope: missing (required for the top level)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

from sdbp_module.codec.container import SAVED_GAME, entry_name_problem
from sdbp_module.codec.tree import ESC, Command, decode_tree
from sdbp_module.errors import CodecError

FORMAT = "sdbp-vassal-game"
FORMAT_VERSION = 1
MOVE_FIELDS = ("id", "new_map", "new_x", "new_y", "new_under", "old_map", "old_x", "old_y", "old_under", "player")

Path = tuple[Any, str | int] | None
"""A JSON path as a linked list ``(parent, segment)``: no string per node, whatever the depth."""

_TEXT = "text"  # a string written into a command text: no ESC
_TEXT_OR_NULL = "text_or_null"
_TEXTS = "texts"
_NON_EMPTY_TEXTS = "non_empty_texts"
_PAIRS = "pairs"
_RAW = "raw"  # an opaque command's verbatim string: ESC allowed
_STATE = "state"
_TRAITS = "traits"
_LOGGED = "logged"
_TRUE = "true"

COMMAND_FIELDS: dict[str, dict[str, str]] = {
    "begin_save": {},
    "end_save": {},
    "setup_stack": {},
    "empty": {},
    "opaque": {"raw": _RAW},
    "other": {"text": _TEXT},
    "chat": {"text": _TEXT},
    "log": {"command": _LOGGED},
    "add_piece": {"id": _TEXT, "traits": _TRAITS, "type_raw": _TEXT, "state_raw": _TEXT},
    "remove_piece": {"id": _TEXT},
    "change_piece": {"id": _TEXT, "new_state": _STATE, "old_state": _STATE},
    "move_piece": dict.fromkeys(MOVE_FIELDS, _TEXT),
    "mutable_property": dict.fromkeys(("name", "old", "new", "container"), _TEXT),
    "global_property": dict.fromkeys(("name", "value", "container"), _TEXT),
    "player": dict.fromkeys(("player_id", "name", "side"), _TEXT),
    "undo": {"value": _TEXT},
    "turn": {"tracker": _TEXT, "state": _TEXT},
    "board_picker": {"map": _TEXT, "boards": _TEXTS},
}
"""The fields of each ``cmd`` (besides ``cmd``, ``children`` and ``resolved``) and their kinds."""
_OPTIONAL_FIELDS = {"old_state", "traits", "type_raw", "state_raw"}  # add_piece's pair is checked apart
_PIECE_FIELDS = {
    "clone_key": _TEXT,
    "delete_key": _TEXT,
    "image": _TEXT,
    "name": _TEXT,
    "map": _TEXT_OR_NULL,
    "x": _TEXT,
    "y": _TEXT,
    "gpid": _TEXT,
    "properties": _PAIRS,
    "no_property_count": _TRUE,
    "extra": _TEXTS,
}
_PIECE_OPTIONAL = {"no_property_count", "extra"}
Keys = dict[str, Any]
"""Key names, in order (a dict, for its ordered set-like ``keys()``)."""
_RESOLVED_KEYS = dict.fromkeys(("name", "sdbp_id", "zone", "old_zone", "new_zone"))
_TOP_KEYS = dict.fromkeys(("format", "format_version", "envelope", "entries", "commands", "summary", "module"))
_SUMMARY_KEYS = dict.fromkeys(("pieces", "stacks", "decks", "log_steps"))
_ENVELOPE_KEYS = {
    "vcsk": dict.fromkeys(("kind", "key", "hex_case")),
    "vobs": dict.fromkeys(("kind", "key")),
    "plain": dict.fromkeys(("kind", "key")),
}
_KEY_RANGES = {"vcsk": (0, 255), "vobs": (1, 255)}

_SURROGATE = re.compile("[\ud800-\udfff]")
_NOT_BASE64 = re.compile("[^A-Za-z0-9+/]")
PATH_SHOWN = 24


class _Problem(Exception):
    """The first problem found: where (a JSON path) and what."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


# ---------------------------------------------------------------------------------------------
# messages


def path_text(path: Path) -> str:
    """``commands/children/3/text`` for a linked path (keys that are not plain words are quoted).

    A path deeper than :data:`PATH_SHOWN` segments keeps its first and last segments around a count
    of those left out, so that a message stays a line.
    """
    segments: list[str] = []
    while path is not None:
        path, segment = path
        if isinstance(segment, int):
            segments.append(str(segment))
        elif segment.isprintable() and segment and "/" not in segment:
            segments.append(segment)
        else:
            segments.append(repr(segment))
    segments.reverse()
    if len(segments) > PATH_SHOWN:
        head, tail = PATH_SHOWN // 3, PATH_SHOWN - PATH_SHOWN // 3
        segments[head:-tail] = [f"…({len(segments) - PATH_SHOWN} more)…"]
    return "/".join(segments)


def show(text: str, limit: int = 40) -> str:
    """A string for a one-line message: quoted, escaped, shortened to ``limit`` characters."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "…"


def describe(value: object) -> str:
    """What a JSON value is, for "expected X, got Y" (containers are named, never printed)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {show(value)}"
    if isinstance(value, int):
        digits = str(value)
        return f"the number {digits if len(digits) <= 20 else digits[:20] + '…'}"
    if isinstance(value, float):
        return f"the number {value!r}"
    return "an array" if isinstance(value, list) else "an object"


def _child(path: Path, segment: str | int) -> Path:
    return (path, segment)


def _expected(path: Path, what: str, value: object) -> _Problem:
    return _Problem(path, f"expected {what}, got {describe(value)}")


# ---------------------------------------------------------------------------------------------
# the checks. A command's own fields have a bounded shape and are checked by direct calls; commands
# (children, and the command of a log step, nested to any depth) go through an explicit stack. The
# common case is tested first with cheap checks (set inclusions, one test per string); the slower
# code that finds and words the problem runs only when there is one.


def _object(value: object, path: Path, what: str = "an object") -> dict[str, Any]:
    if type(value) is not dict:
        raise _expected(path, what, value)
    return value


def _array(value: object, path: Path, what: str = "an array") -> list[Any]:
    if type(value) is not list:
        raise _expected(path, what, value)
    return value


def _keys(obj: dict[str, Any], allowed: Keys, required: Keys, path: Path, whose: str) -> None:
    """No key outside ``allowed`` (the first in the object's order), then none of ``required`` missing."""
    if not obj.keys() <= allowed.keys():
        for key in obj:
            if key not in allowed:
                raise _Problem(_child(path, key), f"unknown key ({whose} has: {', '.join(allowed)})")
    if not obj.keys() >= required.keys():
        for key in required:
            if key not in obj:
                raise _Problem(_child(path, key), f"missing (required for {whose})")


def _ordered(*keys: str) -> Keys:
    return dict.fromkeys(keys)


def _clean(value: object) -> bool:
    """A string with no ESC and no lone surrogate: the common case, tested fast."""
    return type(value) is str and ESC not in value and (value.isascii() or _SURROGATE.search(value) is None)


def _string(value: object, path: Path) -> str:
    if not isinstance(value, str):
        raise _expected(path, "a string", value)
    if not value.isascii():
        found = _SURROGATE.search(value)
        if found is not None:
            raise _Problem(
                path,
                f"a lone surrogate (U+{ord(found.group()):04X}) at offset {found.start()}: it cannot be written as UTF-8",
            )
    return value


def _text(value: object, path: Path) -> None:
    if _clean(value):
        return
    text = _string(value, path)
    at = text.find(ESC)
    if at >= 0:
        raise _Problem(
            path,
            f"ESC (U+001B) at offset {at}: it would split the command when read back "
            "(only an opaque command's \"raw\" may hold it)",
        )


def _text_or_null(value: object, path: Path) -> None:
    if value is not None:
        if not isinstance(value, str):
            raise _expected(path, "a string or null", value)
        _text(value, path)


def _raw(value: object, path: Path) -> None:
    _string(value, path)


def _texts(value: object, path: Path) -> None:
    for i, item in enumerate(_array(value, path, "an array of strings")):
        if not _clean(item):
            _text(item, _child(path, i))


def _non_empty_texts(value: object, path: Path) -> None:
    if value == []:
        raise _Problem(path, "expected at least one string, got an empty array")
    _texts(value, path)


def _pairs(value: object, path: Path) -> None:
    for i, pair in enumerate(_array(value, path, "an array of [name, value] pairs")):
        if type(pair) is list and len(pair) == 2 and _clean(pair[0]) and _clean(pair[1]):
            continue
        pair_path = _child(path, i)
        _array(pair, pair_path, "a [name, value] pair")
        if len(pair) != 2:
            raise _Problem(pair_path, f"expected a [name, value] pair, got an array of {len(pair)}")
        _text(pair[0], _child(pair_path, 0))
        _text(pair[1], _child(pair_path, 1))


def _true(value: object, path: Path) -> None:
    if value is not True:
        raise _expected(path, "true (or no key)", value)


def _state(value: object, path: Path) -> None:
    obj = _object(value, path, 'an object with "traits" or "raw"')
    kind = "traits" if "traits" in obj else "raw"
    _keys(obj, _ordered(kind), _ordered(kind), path, f'a piece state with "{kind}"')
    (_non_empty_texts if kind == "traits" else _text)(obj[kind], _child(path, kind))


def _fields(obj: dict[str, Any], fields: dict[str, str], path: Path) -> None:
    """Check the values of ``obj`` whose kinds ``fields`` gives (strings inline, the rest by kind)."""
    for key, kind in fields.items():
        if key in obj:
            value = obj[key]
            if kind is _TEXT:
                if not _clean(value):
                    _text(value, _child(path, key))
            else:
                _CHECKS[kind](value, _child(path, key))


def _trait(value: object, path: Path) -> None:
    if (
        type(value) is dict
        and value.keys() == _GENERIC_TRAIT.keys()
        and _clean(value["trait"])
        and _clean(value["type"])
        and _clean(value["state"])
    ):
        return  # the common case: a trait kept as its own type and state strings
    obj = _object(value, path)
    if "trait" not in obj:
        raise _Problem(_child(path, "trait"), "missing (every trait has one)")
    name = obj["trait"]
    _text(name, _child(path, "trait"))
    if "type" in obj or "state" in obj or name not in ("piece", "mark"):
        _keys(obj, _GENERIC_TRAIT, _GENERIC_TRAIT, path, f"a {show(name)} trait with its type and state")
        fields = _GENERIC_TRAIT
    elif name == "piece":
        _keys(obj, _PIECE_TRAIT, _PIECE_REQUIRED, path, "a 'piece' trait")
        fields = _PIECE_TRAIT
    else:
        _keys(obj, _MARK_TRAIT, _MARK_TRAIT, path, "a 'mark' trait")
        fields = _MARK_TRAIT
    _fields(obj, fields, path)


def _traits(value: object, path: Path) -> None:
    items = _array(value, path, "an array of traits")
    if not items:
        raise _Problem(path, "expected at least one trait, got an empty array")
    for i, item in enumerate(items):
        _trait(item, _child(path, i))


def _resolved(value: object, path: Path) -> None:
    obj = _object(value, path)
    _keys(obj, _RESOLVED_KEYS, {}, path, "'resolved'")
    for key, item in obj.items():
        if item is not None and not isinstance(item, str):
            raise _expected(_child(path, key), "a string or null", item)


def _add_piece_keys(obj: dict[str, Any], path: Path) -> None:
    if "traits" in obj:
        for key in ("type_raw", "state_raw"):
            if key in obj:
                raise _Problem(_child(path, key), 'not allowed with "traits"')
    elif "type_raw" not in obj and "state_raw" not in obj:
        raise _Problem(_child(path, "traits"), 'missing (an \'add_piece\' command has "traits", or "type_raw" and "state_raw")')
    else:
        for key in ("type_raw", "state_raw"):
            if key not in obj:
                raise _Problem(_child(path, key), 'missing (required for an \'add_piece\' command without "traits")')


Pending = list[tuple[Any, Path, bool]]
"""Commands still to check: (value, path, is the command of a log step)."""


def _command(value: object, path: Path, logged: bool, pending: Pending) -> None:
    """Check one command's own fields; add its children (or logged command) to ``pending``."""
    obj = _object(value, path, "an object (a command)")
    if "cmd" not in obj:
        raise _Problem(_child(path, "cmd"), "missing (every command has one)")
    cmd = obj["cmd"]
    if not isinstance(cmd, str):
        raise _expected(_child(path, "cmd"), "a string", cmd)
    shape = _COMMAND_SHAPES.get(cmd)
    if shape is None:
        raise _Problem(_child(path, "cmd"), f"unknown command {show(cmd)} (see docs/json-form.md)")
    if logged and cmd == "opaque":
        raise _Problem(_child(path, "cmd"), "the command of a log step cannot be opaque")
    if "children" in obj and (logged or cmd == "opaque"):
        whose = "the command of a log step" if logged else "an opaque command"
        raise _Problem(_child(path, "children"), f"{whose} has no children")
    fields, allowed, required = shape
    if cmd == "add_piece":
        _add_piece_keys(obj, path)
    _keys(obj, allowed, required, path, f"a {show(cmd)} command")
    _fields(obj, fields, path)
    if "resolved" in obj:
        _resolved(obj["resolved"], _child(path, "resolved"))
    if cmd == "log":
        pending.append((obj["command"], _child(path, "command"), True))
    if "children" in obj:
        children_path = _child(path, "children")
        children = _array(obj["children"], children_path, "an array of commands")
        pending.extend((child, _child(children_path, i), False) for i, child in reversed(list(enumerate(children))))


def _commands(value: object, path: Path) -> None:
    """Check a command tree depth first, in document order, with an explicit stack."""
    pending: Pending = [(value, path, False)]
    while pending:
        node, node_path, logged = pending.pop()
        _command(node, node_path, logged, pending)


_CHECKS: dict[str, Callable[[Any, Path], None]] = {
    _TEXT: _text,
    _TEXT_OR_NULL: _text_or_null,
    _TEXTS: _texts,
    _NON_EMPTY_TEXTS: _non_empty_texts,
    _PAIRS: _pairs,
    _RAW: _raw,
    _STATE: _state,
    _TRAITS: _traits,
    _TRUE: _true,
}
_GENERIC_TRAIT = {"trait": _TEXT, "type": _TEXT, "state": _TEXT}
_PIECE_TRAIT = {"trait": _TEXT, **_PIECE_FIELDS}
_PIECE_REQUIRED = {k: None for k in _PIECE_TRAIT if k not in _PIECE_OPTIONAL}
_MARK_TRAIT = {"trait": _TEXT, "properties": _PAIRS}


def _command_shape(cmd: str, fields: dict[str, str]) -> tuple[dict[str, str], Keys, Keys]:
    """A command's checked fields (``log``'s command is checked apart), allowed keys and required keys."""
    allowed = _ordered("cmd", *fields, "resolved", *([] if cmd == "opaque" else ["children"]))
    required = _ordered(*(f for f in fields if f not in _OPTIONAL_FIELDS))
    return {k: v for k, v in fields.items() if v != _LOGGED}, allowed, required


_COMMAND_SHAPES = {cmd: _command_shape(cmd, fields) for cmd, fields in COMMAND_FIELDS.items()}


# ---------------------------------------------------------------------------------------------
# top level: envelope, entries, summary, module


def _is_integer(value: object) -> bool:
    """An integer as JSON Schema counts it: an int (not a bool) or a float without a fraction."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _envelope(value: object, path: Path) -> None:
    obj = _object(value, path)
    if "kind" not in obj:
        raise _Problem(_child(path, "kind"), "missing (required)")
    kind = obj["kind"]
    if not isinstance(kind, str) or kind not in _ENVELOPE_KEYS:
        raise _expected(_child(path, "kind"), "'vcsk', 'vobs' or 'plain'", kind)
    _keys(obj, _ENVELOPE_KEYS[kind], _ordered("kind", "key"), path, f"a {kind} envelope")
    key = obj["key"]
    if kind == "plain":
        if key is not None:
            raise _expected(_child(path, "key"), "null (a plain envelope has no key)", key)
    else:
        low, high = _KEY_RANGES[kind]
        if not _is_integer(key) or not low <= key <= high:
            raise _expected(_child(path, "key"), f"an integer {low}..{high} for a {kind} envelope", key)
    if "hex_case" in obj and obj["hex_case"] not in ("lower", "upper"):
        raise _expected(_child(path, "hex_case"), "'lower' or 'upper'", obj["hex_case"])


def _entries(value: object, path: Path) -> None:
    items = _array(value, path)
    seen: dict[str, int] = {}
    for i, item in enumerate(items):
        entry_path = _child(path, i)
        entry = _object(item, entry_path)
        if "name" not in entry:
            raise _Problem(_child(entry_path, "name"), "missing (every entry has one)")
        name_path = _child(entry_path, "name")
        name = _string(entry["name"], name_path)
        problem = entry_name_problem(name)
        if problem is not None:
            raise _Problem(name_path, problem)
        if name in seen:
            what = "a second savedGame entry" if name == SAVED_GAME else f"duplicate entry name {show(name)}"
            raise _Problem(name_path, f"{what} (also entries/{seen[name]})")
        seen[name] = i
        if name == SAVED_GAME:
            _keys(entry, _ordered("name"), {}, entry_path, 'the savedGame entry (its content is "commands")')
            continue
        _keys(entry, _ordered("name", "text", "base64"), {}, entry_path, "an entry")
        if ("text" in entry) == ("base64" in entry):
            raise _Problem(entry_path, 'expected exactly one of "text" and "base64"')
        if "text" in entry:
            _string(entry["text"], _child(entry_path, "text"))
        else:
            _base64(entry["base64"], _child(entry_path, "base64"))


def _base64(value: object, path: Path) -> None:
    """Canonical base64 (``A-Z a-z 0-9 + /``, length a multiple of 4, ``=`` padding at the end only)."""
    text = _string(value, path)
    data = text.rstrip("=")
    bad = _NOT_BASE64.search(data)
    if bad is not None:
        raise _Problem(path, f"not base64: {show(bad.group())} at offset {bad.start()}")
    if len(text) % 4 or len(text) - len(data) > 2:
        raise _Problem(path, f"not base64: {len(data)} characters and {len(text) - len(data)} '=' do not make whole groups of 4")


def _summary(value: object, path: Path) -> None:
    obj = _object(value, path)
    _keys(obj, _SUMMARY_KEYS, _SUMMARY_KEYS, path, "'summary'")
    for key in _SUMMARY_KEYS:
        if not _is_integer(obj[key]) or obj[key] < 0:
            raise _expected(_child(path, key), "an integer 0 or more", obj[key])


def _module(value: object, path: Path) -> None:
    obj = _object(value, path)
    _keys(obj, _ordered("name", "file"), _ordered("name", "file"), path, "'module'")
    if not isinstance(obj["name"], str):
        raise _expected(_child(path, "name"), "a string", obj["name"])
    if obj["file"] is not None and not isinstance(obj["file"], str):
        raise _expected(_child(path, "file"), "a string or null", obj["file"])


def _check_document(doc: dict[str, Any]) -> None:
    _keys(doc, _TOP_KEYS, _ordered("envelope", "entries", "commands"), None, "the top level")
    _envelope(doc["envelope"], (None, "envelope"))
    _entries(doc["entries"], (None, "entries"))
    _commands(doc["commands"], (None, "commands"))
    if "summary" in doc:
        _summary(doc["summary"], (None, "summary"))
    if "module" in doc:
        _module(doc["module"], (None, "module"))


def validate_document(doc: object, where: str) -> None:
    """Raise ``CodecError`` (``"{where}: {path}: {problem}"``) unless ``doc`` is a writable JSON form."""
    if not isinstance(doc, dict):
        raise CodecError(f"{where}: expected a JSON object at the top")
    if doc.get("format") != FORMAT:
        raise CodecError(f"{where}: not an sdbp JSON save/log (\"format\" is not {FORMAT!r})")
    version = doc.get("format_version")
    if not _is_integer(version) or version != FORMAT_VERSION:
        shown = show(version) if isinstance(version, str) else describe(version).removeprefix("the number ")
        raise CodecError(f"{where}: unsupported format_version {shown} (expected {FORMAT_VERSION})")
    try:
        _check_document(doc)
    except _Problem as problem:
        raise CodecError(f"{where}: {path_text(problem.path)}: {problem.message}") from None


# ---------------------------------------------------------------------------------------------
# reading back


def _first_difference(a: str, b: str) -> int:
    return len(os.path.commonprefix([a, b]))


def check_reads_back(built: Command, text: str, where: str) -> None:
    """Decode ``text`` (encoded from ``built``) and raise ``CodecError`` at the first node that differs.

    Nodes are compared depth first in document order (own text and opacity, then the children,
    then their number), iteratively; the message names the node's JSON path under ``commands``.
    """
    stack: list[tuple[Command, Command, Path] | tuple[int, int, Path]] = [(built, decode_tree(text), (None, "commands"))]
    while stack:
        item = stack.pop()
        a, b, path = item
        if isinstance(a, int):
            problem = f"{a} commands would read back as {b}"
            raise CodecError(f"{where}: {path_text(path)}: would not read back as written: {problem}")
        assert isinstance(b, Command)
        if a.opaque != b.opaque:
            problem = "its raw string would read back as commands" if a.opaque else "it would read back as an opaque string"
            raise CodecError(f"{where}: {path_text(path)}: would not read back as written: {problem}")
        if a.text != b.text:
            at = _first_difference(a.text, b.text)
            problem = f"its text from offset {at} would read back as {show(b.text[at:])}, not {show(a.text[at:])}"
            raise CodecError(f"{where}: {path_text(path)}: would not read back as written: {problem}")
        children_path = _child(path, "children")
        if len(a.children) != len(b.children):
            stack.append((len(a.children), len(b.children), children_path))
        pairs = list(zip(a.children, b.children))
        stack.extend((x, y, _child(children_path, i)) for i, (x, y) in reversed(list(enumerate(pairs))))
