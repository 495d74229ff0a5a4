"""Typed identifiers and the small enums every layer shares.

Raw strings live only at the edges: loaders call ``parse_*`` and writers call ``.value``.
"""

from __future__ import annotations

from enum import Enum
from typing import NewType

AreaId = NewType("AreaId", int)
"""An area's printed number (1..N)."""

UnitId = NewType("UnitId", str)
"""A unit's stable id, e.g. ``FR-8BPC-1`` or ``VM-REPL-07``. Never derived from image names."""

CardId = NewType("CardId", str)
"""A card's stable id: ``<side prefix>-<serial>``, e.g. ``VM-09`` or ``FR-27``; ``SPECIAL`` for the 55th."""

MarkerKindId = NewType("MarkerKindId", str)
"""A marker kind, e.g. ``control``, ``fire``, ``trench``, ``turn``, ``no-supply``, ``no-replacements``."""


class Side(str, Enum):
    """A player side. The value is the id used in data files and JSON."""

    FRENCH = "french"
    VIET_MINH = "viet_minh"

    @property
    def enemy(self) -> Side:
        return _VIET_MINH if self is _FRENCH else _FRENCH

    @property
    def label(self) -> str:
        return "French" if self is _FRENCH else "Viet Minh"


# Enum members read on the checker's hot path are bound to module names once, here and in the replay
# and rules modules: reading a member through its class (``Side.FRENCH``) goes through the lookup
# hook of ``EnumType.__getattr__``, about 0.1 µs a read in CPython 3.11.
_FRENCH, _VIET_MINH = Side.FRENCH, Side.VIET_MINH


class UnitType(str, Enum):
    INFANTRY = "infantry"
    PARATROOPS = "paratroops"
    ARMOR = "armor"
    ANTI_AIRCRAFT = "anti-aircraft"


class AreaColour(str, Enum):
    """Colour class of the printed area number (rules 2.2.1)."""

    PLAIN = "plain"
    RED = "red"  # French units may never enter (7.0)
    BLUE = "blue"  # airstrip (11.0: +2 to the supply roll when VM-controlled)
    GREEN = "green"  # west-bank area adjacent to an airstrip (11.0: +1)


class CardBonus(str, Enum):
    """Card-bonus symbol printed in an area (rules 5.1)."""

    NONE = "none"
    WHITE = "white"
    GREY = "grey"


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
