"""The events of a card-driven hex game: what the players did, in log order, each with its position.

The hex-map counterpart of ``replay.events`` (which speaks of areas and actions): cards drawn from a
shared deck of playing cards, units activated by them, moves from hex to hex, fires at one target
unit, support calls of off-board markers, hits. An event states facts, never legality.

A *place* is a ``str``: a hex id as the game prints it (``"C4"``), ``"box:<box id>"`` for an off-map
box of the data (``"box:entry"`` for a box whose id is ``entry``), ``"track:<track id>:<n>"`` for box
*n* of a record track (``model.hex_play.Track``), or ``""`` when the log names no place the game knows.

A game played in phases with units carried, doubled, declared and marked (``model.hex_play``)
adds: ``PhaseStart``, ``Carry``, ``DoubleMove``, ``DeclareUnit``, ``PackageTaken``, ``StepRestored``,
``StatusChange`` (a unit's status set or cleared), ``MarkerMove`` and ``MarkerTurn`` (a marker on a hex,
in a box or on a track moved, or turned to another face).
The JSON tag of each class is its ``kind`` (``replay.hexes.jsonl``).
"""

from __future__ import annotations

from typing import ClassVar

from sdbp_module.ids import Side
from sdbp_module.records import record
from sdbp_module.replay.events import NOWHERE, Where

BOX_PREFIX = "box:"
TRACK_PREFIX = "track:"


def box_place(box_id: str) -> str:
    """The place of an off-map box: ``box:<id>``."""
    return BOX_PREFIX + box_id


def box_of(place: str) -> str | None:
    """The box id of a box place, None for a hex or nowhere."""
    return place[len(BOX_PREFIX) :] if place.startswith(BOX_PREFIX) else None


def track_place(track_id: str, n: int) -> str:
    """The place of box ``n`` of a record track: ``track:<id>:<n>``."""
    return f"{TRACK_PREFIX}{track_id}:{n}"


def track_of(place: str) -> tuple[str, int] | None:
    """(track id, box number) of a track place, None for any other place."""
    if not place.startswith(TRACK_PREFIX):
        return None
    track_id, _, n = place[len(TRACK_PREFIX) :].rpartition(":")
    try:
        return track_id, int(n)
    except ValueError:
        return None


def is_hex(place: str) -> bool:
    return bool(place) and not place.startswith(BOX_PREFIX) and not place.startswith(TRACK_PREFIX)


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


@record(kw_only=True)
class HexEvent:
    """Base of every event. ``kind`` is the JSON tag."""

    kind: ClassVar[str] = ""
    where: Where = NOWHERE


@record(kw_only=True)
class HexGameStart(HexEvent):
    """Where every unit stands when the log opens, which show their flipped face, and the turn."""

    kind: ClassVar[str] = "game-start"
    places: tuple[tuple[str, str], ...]  # (unit id, place)
    flipped: tuple[str, ...] = ()
    turn: int = 1
    phase: str = ""  # a phase id of the game's phases ("" for a game without phases, or unknown)
    statuses: tuple[tuple[str, str], ...] = ()  # (unit id, status id) of every status a unit shows
    markers: tuple[tuple[str, str, str], ...] = ()  # (marker kind, state, place) of every marker on a hex, box or track


@record(kw_only=True)
class TurnStart(HexEvent):
    kind: ClassVar[str] = "turn"
    side: Side | None = None
    turn: int


@record(kw_only=True)
class Reshuffle(HexEvent):
    """The whole deck gathered into the draw pile and shuffled."""

    kind: ClassVar[str] = "reshuffle"
    side: Side | None = None


@record(kw_only=True)
class CardDrawn(HexEvent):
    kind: ClassVar[str] = "draw"
    side: Side | None = None
    card: str  # a playing card's id: 7S, AD, QH, JOKER
    purpose: str = Purpose.ACTIVATION


@record(kw_only=True)
class Activate(HexEvent):
    """Units a side declares activated by the current card (consecutive lines of one side: one event)."""

    kind: ClassVar[str] = "activate"
    side: Side | None = None
    units: tuple[str, ...]
    place: str = ""  # where the first of them stands


@record(kw_only=True)
class PassTurn(HexEvent):
    """A side passes on its card."""

    kind: ClassVar[str] = "pass"
    side: Side | None = None


@record(kw_only=True)
class UnitMove(HexEvent):
    kind: ClassVar[str] = "move"
    side: Side | None = None
    unit: str
    from_place: str
    to_place: str


@record(kw_only=True)
class FireAt(HexEvent):
    """One fire: every firer (unit id, its hex) at one target unit."""

    kind: ClassVar[str] = "fire"
    side: Side | None = None
    firers: tuple[tuple[str, str], ...]
    target: str  # a unit id, or the typed text when it names no unit
    typed: str = ""


@record(kw_only=True)
class SupportCall(HexEvent):
    """An off-board support marker used: an attack on a unit, or a suppression of a hex."""

    kind: ClassVar[str] = "support"
    side: Side | None = None
    marker: str  # the marker kind id
    mode: str  # SupportMode
    target: str  # a unit id (attack) or a hex id (suppression), or the typed text
    typed: str = ""


@record(kw_only=True)
class Hit(HexEvent):
    """A unit takes a hit: flipped, or (already flipped) eliminated."""

    kind: ClassVar[str] = "hit"
    side: Side | None = None
    unit: str
    place: str = ""
    result: str = HitResult.FLIP


@record(kw_only=True)
class UnitEliminated(HexEvent):
    kind: ClassVar[str] = "eliminate"
    side: Side | None = None
    unit: str
    from_place: str = ""


@record(kw_only=True)
class Declared(HexEvent):
    """A side declares the result of the game."""

    kind: ClassVar[str] = "result"
    side: Side | None = None
    winner: Side | None = None


@record(kw_only=True)
class PhaseStart(HexEvent):
    """The turn and phase tracker moved to ``phase`` (a phase id) of ``turn``."""

    kind: ClassVar[str] = "phase"
    side: Side | None = None
    turn: int
    phase: str


@record(kw_only=True)
class Carry(HexEvent):
    """A side declares ``unit`` carried by ``mode`` (a transport mode id): the unit's next move is that transport."""

    kind: ClassVar[str] = "carry"
    side: Side | None = None
    unit: str
    mode: str
    place: str = ""


@record(kw_only=True)
class DoubleMove(HexEvent):
    """A side declares that ``unit`` doubles its move (its next move)."""

    kind: ClassVar[str] = "double"
    side: Side | None = None
    unit: str
    place: str = ""


@record(kw_only=True)
class DeclareUnit(HexEvent):
    """A side declares a unit whose effects apply only once declared."""

    kind: ClassVar[str] = "declare"
    side: Side | None = None
    unit: str
    place: str = ""


@record(kw_only=True)
class PackageTaken(HexEvent):
    kind: ClassVar[str] = "package"
    side: Side | None = None
    package: str  # a package id of the game


@record(kw_only=True)
class StepRestored(HexEvent):
    """A unit turned back to its full face (a step regained)."""

    kind: ClassVar[str] = "restore"
    side: Side | None = None
    unit: str
    place: str = ""


@record(kw_only=True)
class StatusChange(HexEvent):
    """A status (a status id of the game: DG, OoS, a step lost…) set on a unit (``on``) or cleared from it."""

    kind: ClassVar[str] = "status"
    side: Side | None = None
    unit: str
    status: str
    on: bool = True
    place: str = ""


@record(kw_only=True)
class MarkerMove(HexEvent):
    """A marker of kind ``marker`` showing ``state`` moved (``from_place`` "" : placed from no known place)."""

    kind: ClassVar[str] = "marker-move"
    side: Side | None = None
    marker: str
    state: str = ""
    from_place: str = ""
    to_place: str = ""


@record(kw_only=True)
class MarkerTurn(HexEvent):
    """A marker of kind ``marker`` at ``place`` turned to its face ``state``."""

    kind: ClassVar[str] = "marker-turn"
    side: Side | None = None
    marker: str
    state: str
    place: str = ""


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
    PhaseStart,
    Carry,
    DoubleMove,
    DeclareUnit,
    PackageTaken,
    StepRestored,
    StatusChange,
    MarkerMove,
    MarkerTurn,
)
PLAY_EVENTS: tuple[type[HexEvent], ...] = (
    PhaseStart,
    Carry,
    DoubleMove,
    DeclareUnit,
    PackageTaken,
    StepRestored,
    StatusChange,
    MarkerMove,
    MarkerTurn,
)
"""The events of a game played in phases (``model.hex_play``): a game that declares no phases,
statuses, transport modes, packages or tracks has none of them."""
BY_KIND: dict[str, type[HexEvent]] = {cls.kind: cls for cls in EVENT_TYPES}
