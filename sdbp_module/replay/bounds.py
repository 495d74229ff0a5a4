"""The size of the events of a log, bounded by the game they claim to be of (``limits``).

Checking an event costs about the product of its lists (each unit along each area of a path) and the
replay keeps the units a log names, so a hand-written transcript or a doctored log could make a check
take minutes and gigabytes with lists no game has. Every event, from a ``.jsonl`` transcript or read
from a ``.vlog``, passes :class:`EventBounds` before the replay sees it:

- a list holds at most as many entries as the game has of their kind: units (a game start's units, a
  move's units, a damage's outcomes), areas (a path, a retreat, a game start's control and trenches),
  area-side pairs (fire markers), cards, piles (sides × 4); dice: ``MAX_DICE_VALUES``;
- a string (a unit, card or step name, a dice purpose) has at most ``MAX_TEXT_CHARS`` characters,
  the file of a position 4,096 (a path);
- the units, cards and areas a log names that the game does not have (each one a ``cannot-check``
  finding) are at most ``MAX_UNKNOWN_IDS`` in all;
- a phase has at most ``MAX_PHASE_EVENTS`` events (the replay's history is kept for a phase at most), a
  log ``MAX_EVENTS``.

Past a bound, ``InputError`` names the event's position, the field and the bound (exit 2). The
lists of a real game are far shorter: a stack of at most the stacking limit, a path of a few areas.
An event is first tested by a test compiled for its class, which only says whether all is within;
the checks that word a problem run when it says no (see "the same checks, compiled").
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, UnitId
from sdbp_module.limits import (
    MAX_DICE_VALUES,
    MAX_EVENTS,
    MAX_PHASE_EVENTS,
    MAX_TEXT_CHARS,
    MAX_UNKNOWN_IDS,
    MIN_LIST_CAP,
)
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.compiled_tests import CompiledTests
from sdbp_module.replay.events import (
    AreaControl,
    AreaLevel,
    Event,
    FireMarkerAt,
    PhaseStart,
    PileContents,
    UnitOutcome,
    UnitSetup,
    Where,
)
from sdbp_module.replay.location import Location

MAX_FILE_CHARS = 4096
"""Characters of a position's file name (``where.file``): a path."""

_KINDS: dict[Any, str] = {
    UnitId: "units",
    UnitSetup: "units",
    UnitOutcome: "units",
    AreaId: "areas",
    AreaControl: "areas",
    AreaLevel: "areas",
    FireMarkerAt: "area-side pairs",
    CardId: "cards",
    PileContents: "piles",
    int: "dice",
}
"""What the entries of a list are, by their type: the game's count of those bounds the list."""


class EventBounds:
    """Checks events against the bounds of one game, one log at a time (it counts unknown ids)."""

    def __init__(self, game: GameData) -> None:
        self.game = game
        sides = max(1, len(game.game.sides))
        self.caps = {
            "units": max(MIN_LIST_CAP, len(game.units)),
            "areas": max(MIN_LIST_CAP, len(game.areas)),
            "area-side pairs": max(MIN_LIST_CAP, len(game.areas) * sides),
            "cards": max(MIN_LIST_CAP, len(game.cards)),
            "piles": max(MIN_LIST_CAP, sides * 4),
            "dice": MAX_DICE_VALUES,
        }
        self.known: dict[str, frozenset[Any]] = {
            "unit": frozenset(u.id for u in game.units),
            "card": frozenset(c.id for c in game.cards),
            "area": frozenset(a.id for a in game.areas),
        }
        self.unknown: set[tuple[str, object]] = set()
        self.events = 0
        self.phase_events = 0
        self.phase_start: Where | None = None

    def check(self, event: Event) -> Event:
        """``event`` when it is within the bounds; ``InputError`` naming its position otherwise."""
        cls = type(event)
        within = _WITHIN.compiled.get(cls)
        if within is None or not within(self, event):
            problem = _checker(cls)(self, event)
            if problem is not None:
                raise InputError(f"{_position(event.where)}: {event.kind} {problem}")
            if within is None:
                _WITHIN.walked(cls)
        self.events += 1
        if self.events > MAX_EVENTS:
            raise InputError(f"{_position(event.where)}: more than {MAX_EVENTS:,} events; a log is read up to {MAX_EVENTS:,}")
        if type(event) is PhaseStart:
            self.phase_events, self.phase_start = 0, event.where
        else:
            self.phase_events += 1
            if self.phase_events > MAX_PHASE_EVENTS:
                began = f"the phase that began at {_position(self.phase_start)}" if self.phase_start else "the log's first phase"
                raise InputError(
                    f"{_position(event.where)}: {began} has more than {MAX_PHASE_EVENTS:,} events; a phase is read up to "
                    f"{MAX_PHASE_EVENTS:,} (a real one has at most a few hundred)"
                )
        return event

    def checked(self, events: Iterable[Event]) -> Iterator[Event]:
        """``events``, each checked (see :meth:`check`)."""
        check = self.check
        for event in events:
            yield check(event)

    def unknown_id(self, what: str, value: object, field: str) -> str | None:
        """Count ``value`` as a ``what`` id the game does not have; the problem when it is too long or
        past ``MAX_UNKNOWN_IDS`` of them."""
        if isinstance(value, str) and len(value) > MAX_TEXT_CHARS:
            return f"{field}: a {what} id of {len(value):,} characters; an id has at most {MAX_TEXT_CHARS}"
        self.unknown.add((what, value))
        if len(self.unknown) <= MAX_UNKNOWN_IDS:
            return None
        return (
            f"{field}: with {_shown(value)}, the log names {MAX_UNKNOWN_IDS + 1:,} units, cards and areas the game data "
            f"does not have; a log is read with at most {MAX_UNKNOWN_IDS:,} (is it a log of this game?)"
        )


def _position(where: Where) -> str:
    file = where.file if len(where.file) <= MAX_FILE_CHARS else where.file[:60] + "…"
    return str(Where(file, where.index, where.line))


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}…{text[-10:]}"


_Check = Callable[["EventBounds", Any], "str | None"]
"""A check of one value: the problem, or None."""


def _strip_optional(tp: Any) -> Any:
    if typing.get_origin(tp) in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return args[0] if len(args) == 1 else tp
    return tp


def _list_check(inner: Any, field: str) -> _Check:
    kind = _KINDS.get(inner)
    if kind is None:
        raise TypeError(f"{field}: no bound for a list of {inner!r} (add it to replay.bounds._KINDS)")
    has = "a roll has at most" if kind == "dice" else "the game has"
    if inner is UnitId or inner is CardId or inner is AreaId:
        what = {UnitId: "unit", CardId: "card", AreaId: "area"}[inner]

        def check_ids(bounds: EventBounds, value: Any) -> str | None:
            if value is None:
                return None
            cap = bounds.caps[kind]
            if len(value) > cap:
                return f"{field}: {len(value):,} {kind}; {has} {cap:,}, so a list holds at most that many"
            strange = set(value).difference(bounds.known[what])  # in C: nearly always empty
            for v in sorted(strange, key=repr):
                problem = bounds.unknown_id(what, v, field)
                if problem is not None:
                    return problem
            return None

        return check_ids
    item = _value_check(inner, field)
    nested = isinstance(inner, type) and dataclasses.is_dataclass(inner)  # its problems name its own fields

    def check_list(bounds: EventBounds, value: Any) -> str | None:
        if value is None:
            return None
        cap = bounds.caps[kind]
        if len(value) > cap:
            return f"{field}: {len(value):,} {kind}; {has} {cap:,}, so a list holds at most that many"
        if item is not None:
            for i, v in enumerate(value):
                problem = item(bounds, v)
                if problem is not None:
                    return f"{field}.{i}.{problem}" if nested else problem
        return None

    return check_list


def _value_check(tp: Any, field: str) -> _Check | None:
    """The check of one value of type ``tp`` (None: nothing to check)."""
    tp = _strip_optional(tp)
    if typing.get_origin(tp) is tuple:
        return _list_check(typing.get_args(tp)[0], field)
    if tp is UnitId or tp is CardId or tp is AreaId:
        what = {UnitId: "unit", CardId: "card", AreaId: "area"}[tp]

        def check_id(bounds: EventBounds, value: Any) -> str | None:
            if value is None or value in bounds.known[what]:
                return None
            return bounds.unknown_id(what, value, field)

        return check_id
    if tp is Location:

        def check_location(bounds: EventBounds, value: Any) -> str | None:
            area = value.area if value is not None else None
            if area is None or area in bounds.known["area"]:
                return None
            return bounds.unknown_id("area", area, field)

        return check_location
    if tp is str:

        def check_text(bounds: EventBounds, value: Any) -> str | None:
            if value is not None and len(value) > MAX_TEXT_CHARS:
                return f"{field}: a text of {len(value):,} characters; a text of an event has at most {MAX_TEXT_CHARS}"
            return None

        return check_text
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _checker(tp)
    return None


_CHECKERS: dict[type, _Check] = {}


def _checker(cls: type) -> _Check:
    """The check of a whole event (or nested object) of class ``cls``: each of its fields in turn."""
    made = _CHECKERS.get(cls)
    if made is None:
        made = _CHECKERS[cls] = _make_checker(cls)
    return made


_EVALUATED: dict[tuple[str, str], Any] = {}
"""Annotation texts evaluated, by (module, text): the same few dozen texts stand in the events' fields."""


def _field_types(cls: type) -> dict[str, Any]:
    """The type of each dataclass field of ``cls``, as ``typing.get_type_hints(cls)`` gives it: its annotation's
    text evaluated in the module of the class that declared it, each text once a process (``get_type_hints``
    compiles every annotation of a class and its bases again for each class: 181 compilations for the 24
    classes of a small log's check, where 35 texts differ). A text that quotes or names ``Annotated``, or that
    the module alone cannot evaluate, is left to ``get_type_hints``."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        owner = next((c for c in cls.__mro__ if f.name in c.__dict__.get("__annotations__", {})), None)
        text = owner.__dict__["__annotations__"][f.name] if owner is not None else None
        module = sys.modules.get(owner.__module__) if owner is not None else None
        if not isinstance(text, str) or module is None or "'" in text or '"' in text or "Annotated" in text:
            return typing.get_type_hints(cls)
        key = (module.__name__, text)
        if key not in _EVALUATED:
            try:
                _EVALUATED[key] = eval(text, module.__dict__)  # an annotation of the package's own code
            except NameError:
                return typing.get_type_hints(cls)
        out[f.name] = _EVALUATED[key]
    return out


def _make_checker(cls: type) -> _Check:
    hints = _field_types(cls)
    checks: list[tuple[str, _Check]] = []
    for f in dataclasses.fields(cls):
        if f.name == "where":
            continue
        check = _value_check(hints[f.name], f.name)
        if check is not None:
            checks.append((f.name, check))

    def check_object(bounds: EventBounds, obj: Any) -> str | None:
        where = getattr(obj, "where", None)
        if isinstance(where, Where) and len(where.file) > MAX_FILE_CHARS:
            return f"where.file: {len(where.file):,} characters; a position's file has at most {MAX_FILE_CHARS:,}"
        for name, check in checks:
            problem = check(bounds, getattr(obj, name))
            if problem is not None:
                return problem
        return None

    return check_object


# -- the same checks, compiled: is all within? -----------------------------------------------------------
#
# ``EventBounds.check`` first asks ``_within``'s test of the event's class (``replay.compiled_tests``), true
# only when the checker would find nothing and count no id (each field: ``None``, or a list no longer than its
# cap whose ids are all the game's, by ``frozenset.issuperset``; an id of the game; a text no longer than
# ``MAX_TEXT_CHARS``). When it is false, the checker runs and words the problem as before.

_IDS = {UnitId: "unit", CardId: "card", AreaId: "area"}


def _within(cls: type) -> Callable[[EventBounds, Any], bool]:
    """The compiled test that the checker of ``cls`` (``_checker``) finds nothing in an object of it and
    counts no unknown id."""
    _checker(cls)  # what it stands for; a list without a bound is a TypeError there
    names: dict[str, Any] = {"Where": Where}
    lines = ["def within(b, obj):"]
    if any(f.name == "where" for f in dataclasses.fields(cls)):
        lines += ["    w = obj.where", f"    if isinstance(w, Where) and len(w.file) > {MAX_FILE_CHARS}:", "        return False"]
    hints = _field_types(cls)
    for f in dataclasses.fields(cls):
        text = None if f.name == "where" else _value_test(hints[f.name], names)
        if text is not None:
            lines += [f"    x = obj.{f.name}", f"    if not ({text.replace('@', 'x')}):", "        return False"]
    lines.append("    return True")
    exec("\n".join(lines), names)  # noqa: S102 - our own code, from the class hints
    test: Callable[[EventBounds, Any], bool] = names["within"]
    return test


_WITHIN = CompiledTests(_within)


def _value_test(tp: Any, names: dict[str, Any]) -> str | None:
    """Python text, of a value ``@``, true only when ``_value_check(tp)`` finds nothing in it and counts no
    id (None, as there, for an object: its checker reads its fields); None when there is nothing to check."""
    tp = _strip_optional(tp)
    if typing.get_origin(tp) is tuple:
        inner = typing.get_args(tp)[0]
        size = f"len(@) <= b.caps[{_KINDS[inner]!r}]"
        if inner in _IDS:
            return f"(@ is None or ({size} and b.known[{_IDS[inner]!r}].issuperset(@)))"
        item = _value_test(inner, names)
        return f"(@ is None or {size})" if item is None else f"(@ is None or ({size} and all({item.replace('@', 'i')} for i in @)))"
    if tp in _IDS:
        return f"(@ is None or @ in b.known[{_IDS[tp]!r}])"
    if tp is Location:
        return "(@ is None or @.area is None or @.area in b.known['area'])"
    if tp is str:
        return f"(@ is None or len(@) <= {MAX_TEXT_CHARS})"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        name = f"within_{len(names)}"
        names[name] = _within(tp)
        return f"{name}(b, @)"
    return None


def bounded(events: Iterable[Event], game: GameData) -> tuple[Event, ...]:
    """``events`` as a tuple, each within the bounds of ``game`` (see the module doc)."""
    return tuple(EventBounds(game).checked(events))
