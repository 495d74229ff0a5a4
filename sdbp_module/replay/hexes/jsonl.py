"""The events of a hex game as JSON lines: a hand-written transcript is the first way to check a game.

One object per line, its ``kind`` (the event class's tag, ``replay.hexes.events``) and the event's
fields (docs/hex-replay.md gives every kind), e.g.::

    {"kind": "move", "side": "blue", "unit": "B-1", "from": "box:entry", "to": "L3"}

Names: ``from_place`` / ``to_place`` are ``from`` / ``to``; every other field keeps its name. A side is
its id (or ``null``); a place ``""``, a hex id of the map, ``box:<box id>`` or ``track:<track id>:<n>``;
``places`` (a game start's) and ``firers`` (a fire's) are objects unit id → place; ``units`` and
``flipped`` lists of unit ids; a game start's ``statuses`` and ``markers`` lists of [unit, status] and
[kind, state, place] (left out when empty). A field with a default may be left out; a draw's ``purpose`` left out is inferred
(``replay.hexes.purpose``). ``where`` may be given (an object) and is set aside: an event read from a
transcript is at its own line (file, index, line number). Written lines hold every field, ``kind``
first and ``where`` last.

Refused with ``InputError`` ``FILE:LINE: …`` (one line, exit 2): a line that is not a JSON object, an
unknown kind or key, a missing field, a value of the wrong type, a unit, card, side, hex, box, track box or
marker kind the game does not have (or a face its marker kind does not have), a phase, status, transport
mode or package the game does not declare, a purpose, mode or result outside its words, a target that is neither a
unit nor a hex of the game nor what was typed, a unit named twice in one object; and past the bounds
of ``replay.bounds`` (the file's size, a line's length, the number of events, a list longer than the
game has units, a text longer than ``limits.MAX_TEXT_CHARS``).
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sdbp_module.errors import InputError
from sdbp_module.fileio import write_atomically
from sdbp_module.limits import MAX_LINE_DEPTH, MAX_TEXT_CHARS, MIN_LIST_CAP
from sdbp_module.model.game_data import GameData
from sdbp_module.model.hex_play import play_of
from sdbp_module.replay.events import Where
from sdbp_module.replay.hexes.events import (
    BY_KIND,
    CardDrawn,
    HexEvent,
    HexGameStart,
    HitResult,
    Purpose,
    SupportMode,
)
from sdbp_module.replay.hexes.places import HexWords
from sdbp_module.replay.hexes.purpose import infer_purposes
from sdbp_module.replay.jsonl import (
    _SURROGATE_ESCAPE,
    _refuse_lone_surrogates,
    read_text,
    split_lines,
    too_deep,
)

KEY_OF = {"from_place": "from", "to_place": "to"}
"""JSON keys that differ from the field names."""
FIELD_OF = {v: k for k, v in KEY_OF.items()}
MAPPINGS = frozenset({"places", "firers"})
"""Fields of (unit id, place) pairs, written as one JSON object unit → place."""
UNIT_FIELDS = frozenset({"unit", "units", "flipped"})
PLACE_FIELDS = frozenset({"place", "from_place", "to_place"})
SIDE_FIELDS = frozenset({"side", "winner"})
WORDS: dict[str, tuple[str, ...]] = {
    "purpose": (Purpose.ACTIVATION, Purpose.COMBAT),
    "mode": (SupportMode.ATTACK, SupportMode.SUPPRESSION),
    "result": (HitResult.FLIP, HitResult.ELIMINATE),
}
MAX_TURN = 10_000
OMITTED_WHEN_EMPTY = frozenset({"phase", "statuses", "markers"})
"""A game start's fields of a game played in phases (``model.hex_play``), left out when empty so a game
without them writes what it always wrote."""


# -- writing --------------------------------------------------------------------------------------


def _value(name: str, value: Any) -> Any:
    if name in MAPPINGS:
        return {unit: place for unit, place in value}
    if isinstance(value, tuple):
        return list(value)
    return value  # a Side is a str: its id


def event_to_json(event: HexEvent) -> dict[str, Any]:
    """The JSON object of an event: ``kind``, every field, then ``where``."""
    data: dict[str, Any] = {"kind": event.kind}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.name == "where" or (isinstance(event, HexGameStart) and f.name in OMITTED_WHEN_EMPTY and not value):
            continue
        data[KEY_OF.get(f.name, f.name)] = _value(f.name, value)
    w = event.where
    data["where"] = {"file": w.file, "index": w.index} | ({"line": w.line} if w.line is not None else {})
    return data


def format_event(event: HexEvent) -> str:
    return json.dumps(event_to_json(event), ensure_ascii=False, separators=(", ", ": "))


def write_events(path: Path, events: Iterable[HexEvent]) -> None:
    """Write events as JSON lines, atomically."""
    write_atomically(path, "".join(format_event(e) + "\n" for e in events).encode("utf-8"))


def events_text(events: Iterable[HexEvent]) -> str:
    return "".join(format_event(e) + "\n" for e in events)


# -- reading --------------------------------------------------------------------------------------


class _Reader:
    """Decodes one game's lines; ``label`` is the ``file:line`` of the line being read."""

    def __init__(self, game: GameData) -> None:
        self.words = HexWords(game)
        self.cap = max(MIN_LIST_CAP, len(game.units))
        self.label = ""
        self.kind = ""
        play = play_of(game)
        self.play_words: dict[str, tuple[str, ...]] = {
            "phase": tuple(p.id for p in play.phases),
            "status": tuple(s.id for s in play.statuses),
            "package": tuple(p.id for p in play.packages),
        }
        self.modes = tuple(m.id for m in play.transport_modes)

    def refuse(self, message: str) -> InputError:
        return InputError(f"{self.label}: {message}")

    def text(self, key: str, value: Any) -> str:
        if not isinstance(value, str):
            raise self.refuse(f"{key}: expected a string, got {_shown(value)}")
        if len(value) > MAX_TEXT_CHARS:
            raise self.refuse(f"{key}: a text of {len(value):,} characters; an event's text is read up to {MAX_TEXT_CHARS}")
        return value

    def unit(self, key: str, value: Any) -> str:
        unit = self.text(key, value)
        if not self.words.is_unit(unit):
            raise self.refuse(f"{key}: {unit!r} is not a unit of the game")
        return unit

    def place(self, key: str, value: Any) -> str:
        place = self.text(key, value)
        if not self.words.is_place(place):
            raise self.refuse(f"{key}: {place!r} is not a place of the game (\"\", a hex id of the map, box:<box id> or track:<track id>:<n>)")
        return place

    def units(self, key: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise self.refuse(f"{key}: expected a list of unit ids, got {_shown(value)}")
        if len(value) > self.cap:
            raise self.refuse(f"{key}: {len(value):,} units; the game has {len(self.words.units)} (a list is read up to {self.cap})")
        return tuple(self.unit(key, v) for v in value)

    def pairs(self, key: str, value: Any) -> tuple[tuple[str, str], ...]:
        if not isinstance(value, _Pairs):
            raise self.refuse(f"{key}: expected an object unit id -> place, got {_shown(value)}")
        if len(value.items) > self.cap:
            raise self.refuse(f"{key}: {len(value.items):,} units; the game has {len(self.words.units)} (a list is read up to {self.cap})")
        seen: set[str] = set()
        out = []
        for unit, place in value.items:
            self.unit(key, unit)
            if unit in seen:
                raise self.refuse(f"{key}: unit {unit!r} is named twice")
            seen.add(unit)
            out.append((unit, self.place(f"{key}.{unit}", place)))
        return tuple(out)

    def rows(self, key: str, value: Any, width: int) -> list[list[Any]]:
        """A list of lists of ``width`` strings (a game start's statuses and markers)."""
        if not isinstance(value, list) or not all(isinstance(v, list) and len(v) == width for v in value):
            raise self.refuse(f"{key}: expected a list of {width}-element lists, got {_shown(value)}")
        if len(value) > 10 * self.cap:
            raise self.refuse(f"{key}: {len(value):,} entries; a list is read up to {10 * self.cap}")
        return value

    def statuses(self, key: str, value: Any) -> tuple[tuple[str, str], ...]:
        out = []
        for unit, status in self.rows(key, value, 2):
            out.append((self.unit(key, unit), self.word(key, "status", status)))
        return tuple(out)

    def markers(self, key: str, value: Any) -> tuple[tuple[str, str, str], ...]:
        out = []
        for kind, state, place in self.rows(key, value, 3):
            kind = self.text(key, kind)
            if kind not in self.words.markers:
                raise self.refuse(f"{key}: {kind!r} is not a marker kind of the game")
            out.append((kind, self.face(key, kind, state), self.place(key, place)))
        return tuple(out)

    def face(self, key: str, kind: str, value: Any) -> str:
        """A face (state) of a marker kind; ``""`` (none said) too."""
        state = self.text(key, value)
        faces = self.words.marker_states.get(kind, ())
        if state and state not in faces:
            raise self.refuse(f"{key}: {state!r} is not a face of the marker kind {kind} ({', '.join(faces)})")
        return state

    def word(self, key: str, name: str, value: Any) -> str:
        """A phase, status, transport mode or package id of the game's play (``model.hex_play``)."""
        text = self.text(key, value)
        known = self.modes if name == "mode" else self.play_words[name]
        if text not in known and not (name == "phase" and text == ""):
            label = "transport mode" if name == "mode" else name
            raise self.refuse(f"{key}: {text!r} is not a {label} of the game ({', '.join(known) or 'it has none'})")
        return text

    def side(self, key: str, value: Any) -> Any:
        if value is None:
            return None
        text = self.text(key, value)
        side = self.words.side(text)
        if side is None:
            raise self.refuse(f"{key}: {text!r} is not a side of the game ({', '.join(self.words.sides)}) or null")
        return side

    def field(self, name: str, hint: Any, value: Any) -> Any:
        key = KEY_OF.get(name, name)
        if name in SIDE_FIELDS:
            return self.side(key, value)
        if name in MAPPINGS:
            return self.pairs(key, value)
        if name in ("units", "flipped"):
            return self.units(key, value)
        if name in UNIT_FIELDS:
            return self.unit(key, value)
        if name in PLACE_FIELDS:
            return self.place(key, value)
        if name == "statuses":
            return self.statuses(key, value)
        if name == "markers":
            return self.markers(key, value)
        if hint is bool:
            if not isinstance(value, bool):
                raise self.refuse(f"{key}: expected true or false, got {_shown(value)}")
            return value
        if name in self.play_words or (name == "mode" and self.kind == "carry"):
            return self.word(key, "mode" if name == "mode" else name, value)
        if hint is int:
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TURN:
                raise self.refuse(f"{key}: expected a whole number from 1 to {MAX_TURN:,}, got {_shown(value)}")
            return value
        text = self.text(key, value)
        if name in WORDS and text not in WORDS[name]:
            raise self.refuse(f"{key}: {text!r} is not one of {', '.join(WORDS[name])}")
        if name == "card" and not self.words.is_card(text):
            raise self.refuse(f"{key}: {text!r} is not a card of the game's deck")
        if name == "marker" and text not in self.words.markers:
            raise self.refuse(f"{key}: {text!r} is not a marker kind of the game")
        return text

    def event(self, data: Any, where: Where) -> tuple[HexEvent, bool]:
        """The event of a line's value, and whether it states its purpose (a draw's)."""
        if not isinstance(data, _Pairs):
            raise self.refuse(f"expected a JSON object with a kind, got {_shown(data)}")
        obj = dict(data.items)
        if len(obj) != len(data.items):
            raise self.refuse("a key is given twice")
        kind = obj.pop("kind", None)
        if not isinstance(kind, str) or kind not in BY_KIND:
            raise self.refuse(f"kind: {_shown(kind)} is not one of {', '.join(BY_KIND)}")
        cls = BY_KIND[kind]
        self.kind = kind
        if "where" in obj and not isinstance(obj.pop("where"), _Pairs):
            raise self.refuse("where: expected an object (file, index, line)")
        hints = typing.get_type_hints(cls)
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name == "where":
                continue
            key = KEY_OF.get(f.name, f.name)
            if key not in obj:
                if f.default is dataclasses.MISSING:
                    raise self.refuse(f"a {kind} event needs {key}")
                continue
            values[f.name] = self.field(f.name, hints[f.name], obj.pop(key))
        if obj:
            known = ", ".join(KEY_OF.get(f.name, f.name) for f in dataclasses.fields(cls) if f.name != "where")
            raise self.refuse(f"a {kind} event has no key {sorted(obj)[0]!r} (its keys: kind, {known}, where)")
        if "state" in values and "marker" in values:
            self.face("state", values["marker"], values["state"])
        target = values.get("target")
        if target is not None and not (self.words.is_unit(target) or self.words.is_hex(target) or target == values.get("typed", "")):
            raise self.refuse(f"target: {target!r} is neither a unit nor a hex of the game, nor the typed text it was not resolved from")
        event = cls(where=where, **values)
        return event, isinstance(event, CardDrawn) and "purpose" in values


class _Pairs:
    """A JSON object as read, its keys in order with duplicates kept (``object_pairs_hook``)."""

    __slots__ = ("items",)

    def __init__(self, items: list[tuple[str, Any]]) -> None:
        self.items = items


def _shown(value: Any) -> str:
    if isinstance(value, _Pairs):
        return "an object"
    text = json.dumps(_plain(value), ensure_ascii=False)
    return text if len(text) <= 60 else text[:28] + "…" + text[-28:]


def _plain(value: Any) -> Any:
    if isinstance(value, _Pairs):
        return {k: _plain(v) for k, v in value.items}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _inside(value: Any) -> list[Any] | None:
    """The values in an array or object as ``json`` read them here (objects as ``_Pairs``); None for another value."""
    return [v for _, v in value.items] if isinstance(value, _Pairs) else value if isinstance(value, list) else None


def parse_line(text: str, where: Where, game: GameData, reader: _Reader | None = None) -> tuple[HexEvent, bool]:
    """One line → (event, its purpose stated). ``InputError`` naming ``file:line``."""
    reader = reader or _Reader(game)
    reader.label = f"{where.file}:{where.line if where.line is not None else where.index + 1}"
    try:
        data = json.loads(text, object_pairs_hook=_Pairs)
    except json.JSONDecodeError as exc:
        raise reader.refuse(f"not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise reader.refuse("JSON nested too deeply") from None
    except ValueError:  # an integer with more digits than ``int`` converts
        raise reader.refuse("not JSON that can be read (an integer too long)") from None
    if text.count("[") + text.count("{") > MAX_LINE_DEPTH and too_deep(data, _inside):
        raise reader.refuse("JSON nested too deeply")  # as deep as ``json`` reads on this Python: the same words on any
    if _SURROGATE_ESCAPE.search(text):
        _refuse_lone_surrogates(_plain(data), reader.label)
    return reader.event(data, where)


def read_events(path: Path, game: GameData) -> list[HexEvent]:
    """The events of a transcript of ``game``, each at its own line, draws' purposes inferred where
    not stated. Blank lines are skipped; the first bad line raises ``InputError``; the file, its lines
    and their number are capped as for the area games' transcripts (``replay.jsonl``)."""
    return read_events_text(read_text(path), str(path), game)


def read_events_text(text: str, file: str, game: GameData) -> list[HexEvent]:
    """``read_events`` of a text in memory (named ``file`` in messages)."""
    numbers, lines = split_lines(text, file)
    reader = _Reader(game)
    events: list[HexEvent] = []
    stated: set[int] = set()
    for index, (number, line) in enumerate(zip(numbers, lines, strict=True)):
        event, states = parse_line(line, Where(file, index, number), game, reader)
        if states:
            stated.add(index)
        events.append(event)
    return infer_purposes(events, game.deck, stated)
