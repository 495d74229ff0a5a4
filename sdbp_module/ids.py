"""Typed identifiers and the small enums every layer shares.

Raw strings live only at the edges: loaders call ``parse_*`` and writers call ``.value``.
"""

from __future__ import annotations

from enum import Enum
from typing import NewType, overload

AreaId = NewType("AreaId", int)
"""An area's printed number (1..N)."""

UnitId = NewType("UnitId", str)
"""A unit's stable id from the game's data. Never derived from image names."""

CardId = NewType("CardId", str)
"""A card's stable id from the game's data, usually ``<side prefix>-<serial>``."""

MarkerKindId = NewType("MarkerKindId", str)
"""A marker kind declared in the game's ``markers.yaml`` (``control``, ``fire`` and ``turn`` are the area-impulse kinds)."""


class _Enemy:
    """``Side.enemy``: the side its data names as its enemy (``KeyError`` while that side is not declared).

    A non-data descriptor, so the ``enemy`` attribute ``Side.declare`` stores in a side once both are
    declared comes first: a plain attribute read (the replay and the movement rules ask it on their hot
    path), where a property was a Python call each time."""

    @overload
    def __get__(self, side: None, owner: type[Side]) -> _Enemy: ...

    @overload
    def __get__(self, side: Side, owner: type[Side]) -> Side: ...

    def __get__(self, side: Side | None, owner: type[Side]) -> Side | _Enemy:
        if side is None:
            return self
        return _DECLARED[side._enemy]


class Side(str):
    """A player side, declared by a game's data (``game.yaml`` ``sides:``); the string is its id.

    Sides are interned: ``Side("x")`` returns the one declared instance or raises ``ValueError``,
    so rules compare sides by identity, and dictionaries keyed by a side also accept its id.
    ``Side.declare`` makes a side known, with its label and its enemy (the other side of its game);
    declaring the same id again with other words is refused, so two games cannot disagree about a side.
    """

    label: str
    _enemy: str

    def __new__(cls, value: str) -> Side:
        try:
            return _DECLARED[value]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not a declared side") from None

    @classmethod
    def declare(cls, side_id: str, label: str, enemy: str) -> Side:
        """The side ``side_id`` labelled ``label`` whose enemy is ``enemy``, declared once per process."""
        known = cls.clashing(side_id, label, enemy)
        if known is not None:
            raise ValueError(
                f"side {side_id!r} is already declared as {known.label!r} against {known._enemy!r}, "
                f"not {label!r} against {enemy!r}"
            )
        if side_id in _DECLARED:
            return _DECLARED[side_id]
        side = str.__new__(cls, side_id)
        side.label = label
        side._enemy = enemy
        _DECLARED[side_id] = side
        other = _DECLARED.get(enemy)
        if other is not None:  # both sides known: each one's enemy kept as a plain attribute (``_Enemy``)
            vars(side)["enemy"] = other
            if other._enemy == side_id:
                vars(other)["enemy"] = side
        global _IN_ORDER
        _IN_ORDER = (*_IN_ORDER, side)
        return side

    @classmethod
    def clashing(cls, side_id: str, label: str, enemy: str) -> Side | None:
        """The side already declared as ``side_id`` with another label or enemy, if any."""
        known = _DECLARED.get(side_id)
        return known if known is not None and (known.label, known._enemy) != (label, enemy) else None

    @classmethod
    def named(cls, text: str) -> Side | None:
        """The declared side whose id is ``text``, or None."""
        return _DECLARED.get(text)

    @classmethod
    def declared(cls) -> tuple[Side, ...]:
        """Every side declared in this process, in order of declaration (a game's two sides in its
        data's order). Only for questions that hold whatever the game, such as "which sides have a
        unit here"; a game's own sides are ``GameInfo.sides``."""
        return _IN_ORDER  # kept, not rebuilt: the replay and movement rules ask it on their hot path (``UnitsDraft.settle``)

    @property
    def value(self) -> str:
        """The id, as data files and JSON write it."""
        return str.__str__(self)

    enemy = _Enemy()

    def __repr__(self) -> str:
        return f"Side({self.value!r})"

    def __reduce__(self) -> tuple[object, tuple[str, str, str]]:
        # Pickles (the game-data cache, audit workers) declare the side again on load, so the
        # unpickled side is the interned one.
        return (_redeclare, (self.value, self.label, self._enemy))


_DECLARED: dict[str, Side] = {}
_IN_ORDER: tuple[Side, ...] = ()


def _redeclare(side_id: str, label: str, enemy: str) -> Side:
    return Side.declare(side_id, label, enemy)


def declare_sides(pairs: tuple[tuple[str, str], tuple[str, str]]) -> tuple[Side, Side]:
    """Declare a two-sided game's sides from ``((id, label), (id, label))``, each the other's enemy."""
    (a, a_label), (b, b_label) = pairs
    return Side.declare(a, a_label, b), Side.declare(b, b_label, a)


UnitTypeId = NewType("UnitTypeId", str)
"""A unit type declared in a game's ``game.yaml`` ``unit_types:`` (e.g. ``infantry``, ``armor``)."""

AreaClassId = NewType("AreaClassId", str)
"""An area class declared in a game's ``game.yaml`` ``area_classes:`` (e.g. a number colour, a landing zone)."""

BonusSetId = NewType("BonusSetId", str)
"""A hand-size bonus set declared in a game's ``game.yaml`` ``hand_bonus_sets:``; ``none`` for no set."""


class Phase(str, Enum):
    DRAW = "draw"
    ACTION = "action"
    END = "end"


class Severity(str, Enum):
    """Finding severities, in the words of the checkable-rules catalogue §1.1."""

    ILLEGAL = "illegal"
    SUSPICIOUS = "suspicious"
    INFO = "info"
    CANNOT_CHECK = "cannot-check"


def is_small_number(text: str) -> bool:
    """True for 1 to 9 ASCII digits: a count, turn or area number a log may give.

    ``str.isdigit`` alone also accepts ``²`` and other Unicode digits ``int`` refuses, and any
    length; a hostile log must not reach ``int`` with those.
    """
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()
