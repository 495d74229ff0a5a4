"""The events of a card-driven hex game: what the players did, in log order, each with its position.

The hex-map counterpart of ``replay.events`` (which speaks of areas and actions): cards drawn from a
shared deck of playing cards, units activated by them, moves from hex to hex, fires at one target
unit, support calls of off-board markers, hits. An event states facts, never legality.

A *place* is a ``str``: a hex id as the game prints it (``"C4"``), ``"box:<box id>"`` for an off-map
box of the data (``"box:entry"``), or ``""`` when the log names no place the game knows.
The JSON tag of each class is its ``kind`` (``replay.hexes.jsonl``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sdbp_module.ids import Side
from sdbp_module.replay.events import NOWHERE, Where

BOX_PREFIX = "box:"


def box_place(box_id: str) -> str:
    """The place of an off-map box: ``box:<id>``."""
    return BOX_PREFIX + box_id


def box_of(place: str) -> str | None:
    """The box id of a box place, None for a hex or nowhere."""
    return place[len(BOX_PREFIX) :] if place.startswith(BOX_PREFIX) else None


def is_hex(place: str) -> bool:
    return bool(place) and not place.startswith(BOX_PREFIX)


class Purpose:
    """Why a card was drawn: to give an impulse to the side of its colour, or to resolve a fire."""

    ACTIVATION = "activation"
    COMBAT = "combat"


class SupportMode:
    ATTACK = "attack"
    SUPPRESSION = "suppression"


class HitResult:
    FLIP = "flip"
    ELIMINATE = "eliminate"


@dataclass(frozen=True, slots=True, kw_only=True)
class HexEvent:
    """Base of every event. ``kind`` is the JSON tag."""

    kind: ClassVar[str] = ""
    where: Where = NOWHERE


@dataclass(frozen=True, slots=True, kw_only=True)
class HexGameStart(HexEvent):
    """Where every unit stands when the log opens, which show their flipped face, and the turn."""

    kind: ClassVar[str] = "game-start"
    places: tuple[tuple[str, str], ...]  # (unit id, place)
    flipped: tuple[str, ...] = ()
    turn: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStart(HexEvent):
    kind: ClassVar[str] = "turn"
    side: Side | None = None
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffle(HexEvent):
    """The whole deck gathered into the draw pile and shuffled."""

    kind: ClassVar[str] = "reshuffle"
    side: Side | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn(HexEvent):
    kind: ClassVar[str] = "draw"
    side: Side | None = None
    card: str  # a playing card's id: 7S, AD, QH, JOKER
    purpose: str = Purpose.ACTIVATION


@dataclass(frozen=True, slots=True, kw_only=True)
class Activate(HexEvent):
    """Units a side declares activated by the current card (consecutive lines of one side: one event)."""

    kind: ClassVar[str] = "activate"
    side: Side | None = None
    units: tuple[str, ...]
    place: str = ""  # where the first of them stands


@dataclass(frozen=True, slots=True, kw_only=True)
class PassTurn(HexEvent):
    """A side passes on its card."""

    kind: ClassVar[str] = "pass"
    side: Side | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitMove(HexEvent):
    kind: ClassVar[str] = "move"
    side: Side | None = None
    unit: str
    from_place: str
    to_place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FireAt(HexEvent):
    """One fire: every firer (unit id, its hex) at one target unit."""

    kind: ClassVar[str] = "fire"
    side: Side | None = None
    firers: tuple[tuple[str, str], ...]
    target: str  # a unit id, or the typed text when it names no unit
    typed: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SupportCall(HexEvent):
    """An off-board support marker used: an attack on a unit, or a suppression of a hex."""

    kind: ClassVar[str] = "support"
    side: Side | None = None
    marker: str  # the marker kind id
    mode: str  # SupportMode
    target: str  # a unit id (attack) or a hex id (suppression), or the typed text
    typed: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Hit(HexEvent):
    """A unit takes a hit: flipped, or (already flipped) eliminated."""

    kind: ClassVar[str] = "hit"
    side: Side | None = None
    unit: str
    place: str = ""
    result: str = HitResult.FLIP


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitEliminated(HexEvent):
    kind: ClassVar[str] = "eliminate"
    side: Side | None = None
    unit: str
    from_place: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(HexEvent):
    """A side declares the result of the game."""

    kind: ClassVar[str] = "result"
    side: Side | None = None
    winner: Side | None = None


EVENT_TYPES: tuple[type[HexEvent], ...] = (
    HexGameStart,
    TurnStart,
    Reshuffle,
    CardDrawn,
    Activate,
    PassTurn,
    UnitMove,
    FireAt,
    SupportCall,
    Hit,
    UnitEliminated,
    Declared,
)
BY_KIND: dict[str, type[HexEvent]] = {cls.kind: cls for cls in EVENT_TYPES}
