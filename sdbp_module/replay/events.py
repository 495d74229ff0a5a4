"""The events of a game: what the players did, in the order the log shows, each with its log position.

Events are the neutral game record of the area-impulse family: the interpretation of a
``.vlog`` produces them, a hand-written ``.jsonl`` transcript holds them, ``replay.apply`` folds them
over a ``GameState`` and the rules judge them. An event states facts, never legality: a move event
says which units went where, not whether they could.

Every event carries ``where`` (file, entry index, line) and may carry ``action``: the number of the
action within the turn that it belongs to, when the log says so (6.0). Without numbers, each event
that opens an action (move, fire, assault, entrench, pass, a card played as the action, the
discard-to-continue) starts a new one, and the others join the current one.

The JSON tag of each class is its ``kind`` class attribute; see ``docs/events.md``.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId
from sdbp_module.records import record
from sdbp_module.replay.location import Location


@record
class Where:
    """A position in the source log: file, entry index (0-based) and 1-based line if known."""

    file: str
    index: int
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line is not None else f"{self.file}#{self.index}"

    @property
    def sort_key(self) -> tuple[str, int]:
        return (self.file, self.index)


NOWHERE = Where("<memory>", 0)
END_OF_LOG = Where("<end of log>", 1 << 30)
"""Where findings judged after the last event point."""


class Pile(str, Enum):
    DECK = "deck"
    HAND = "hand"
    DISCARD = "discard"
    REMOVED = "removed"


class MoveKind(str, Enum):
    MOVE = "move"  # a move action (7.0)
    ADVANCE = "advance"  # assault advance into the cleared target (10.0)
    GATHER = "gather"  # units brought together by a card (e.g. a counter-attack card)
    WITHDRAW = "withdraw"  # a withdrawal a card allows


class DiscardReason(str, Enum):
    END_PHASE = "end-phase"  # voluntary discards of the End phase (5.3)
    CONTINUE = "continue"  # discard to keep the action phase going after an opponent's pass (4.0 B)
    ENTRENCH = "entrench"  # a card discarded for its entrenchment value (9.0)
    EXCESS = "excess"  # excess over the hand size at the draw (5.1)


class DamageResult(str, Enum):
    NONE = "none"
    FLIP = "flip"
    RETREAT = "retreat"
    FLIP_RETREAT = "flip-retreat"
    ELIMINATE = "eliminate"


class PlaceKind(str, Enum):
    REINFORCEMENT = "reinforcement"
    REPLACEMENT = "replacement"
    CARD = "card"  # brought in by a card


@record(kw_only=True)
class Event:
    """Base of every event. ``kind`` is the JSON tag."""

    kind: ClassVar[str] = ""
    opens_action: ClassVar[bool] = False
    where: Where = NOWHERE
    action: int | None = None


# -- set-up ---------------------------------------------------------------------------------------


@record
class UnitSetup:
    unit: UnitId
    side: Side
    location: Location
    spent: bool = False


@record
class AreaControl:
    area: AreaId
    side: Side


@record
class AreaLevel:
    area: AreaId
    level: int


@record
class FireMarkerAt:
    area: AreaId
    side: Side


@record
class PileContents:
    side: Side
    pile: Pile
    cards: tuple[CardId, ...]


@record
class Bid:
    """Optional bidding for sides: the bid of the player of each side (``first``: the game's first side
    in ``game.yaml`` order, ``second``: the other) and the victory threshold used."""

    first: int
    second: int
    threshold: int


@record(kw_only=True)
class GameStart(Event):
    """The position at the start of the game (3.0). ``None`` in a field = the log does not say."""

    kind: ClassVar[str] = "game-start"
    units: tuple[UnitSetup, ...]
    control: tuple[AreaControl, ...] | None = None
    trenches: tuple[AreaLevel, ...] | None = None
    fire_markers: tuple[FireMarkerAt, ...] | None = None
    no_supply: tuple[AreaId, ...] | None = None
    no_replacements: bool | None = None
    turn_marker: int | None = None
    piles: tuple[PileContents, ...] | None = None
    bid: Bid | None = None
    control_markers: tuple[AreaControl, ...] | None = None  # the control marker pieces on the map (2.1.2)


@record(kw_only=True)
class GameEnd(Event):
    kind: ClassVar[str] = "game-end"
    winner: Side | None = None


# -- sequence -------------------------------------------------------------------------------------


@record(kw_only=True)
class PhaseStart(Event):
    """A phase begins (4.0); a new ``turn`` number is a new turn."""

    kind: ClassVar[str] = "phase"
    turn: int
    phase: Phase


@record(kw_only=True)
class EndStep(Event):
    """An End-phase step begins (4.0 C); step names are declared by the game's sequence of play."""

    kind: ClassVar[str] = "end-step"
    step: str


@record(kw_only=True)
class Pass(Event):
    kind: ClassVar[str] = "pass"
    opens_action: ClassVar[bool] = True
    side: Side


# -- cards ----------------------------------------------------------------------------------------


@record(kw_only=True)
class CardDraw(Event):
    kind: ClassVar[str] = "draw"
    side: Side
    cards: tuple[CardId, ...]


@record(kw_only=True)
class Reshuffle(Event):
    """The discard pile is merged into the deck (5.4)."""

    kind: ClassVar[str] = "reshuffle"
    side: Side


@record(kw_only=True)
class CardPlay(Event):
    """A card is played. ``as_action``: the log says the card is the side's action (6.2)."""

    kind: ClassVar[str] = "card-play"
    side: Side
    card: CardId
    mode: str | None = None  # the effect chosen on a two-effect card
    targets: tuple[AreaId, ...] = ()
    as_action: bool = False
    to: Pile = Pile.DISCARD


@record(kw_only=True)
class CardDiscard(Event):
    kind: ClassVar[str] = "card-discard"
    side: Side
    cards: tuple[CardId, ...]
    reason: DiscardReason
    to: Pile = Pile.DISCARD


@record(kw_only=True)
class CardRemove(Event):
    """Cards taken out of the game other than by being played."""

    kind: ClassVar[str] = "card-remove"
    side: Side
    cards: tuple[CardId, ...]


@record(kw_only=True)
class DiceRoll(Event):
    """A roll as logged: purpose (``fire``, ``assault``, ``supply``, ``replacement``, ...), raw values."""

    kind: ClassVar[str] = "dice"
    side: Side | None
    purpose: str
    values: tuple[int, ...]
    total: int | None = None


# -- unit actions ---------------------------------------------------------------------------------


@record(kw_only=True)
class Move(Event):
    """Units move together from one area to another; ``path`` lists every area entered, in order."""

    kind: ClassVar[str] = "move"
    side: Side
    units: tuple[UnitId, ...]
    from_area: AreaId
    to_area: AreaId
    path: tuple[AreaId, ...] | None = None
    move_kind: MoveKind = MoveKind.MOVE
    cost: int | None = None  # the MP the log says the move cost (a claim: the checker recomputes it)

    @property
    def steps(self) -> tuple[AreaId, ...] | None:
        """Areas entered in order, ending at ``to_area``; None when the log gives no path."""
        if self.path is None:
            return None
        return self.path[1:] if self.path and self.path[0] == self.from_area else self.path


@record(kw_only=True)
class Fire(Event):
    """A fire attack: by ``units`` in ``from_area``, or by ``card`` (then ``units`` is empty)."""

    kind: ClassVar[str] = "fire"
    side: Side
    units: tuple[UnitId, ...] = ()
    from_area: AreaId | None = None
    target: AreaId
    card: CardId | None = None
    attack: int | None = None
    defense: int | None = None
    damage: int | None = None


@record(kw_only=True)
class Assault(Event):
    kind: ClassVar[str] = "assault"
    opens_action: ClassVar[bool] = True
    side: Side
    units: tuple[UnitId, ...]
    from_area: AreaId
    target: AreaId
    attack: int | None = None
    defense: int | None = None
    damage: int | None = None


@record(kw_only=True)
class Entrench(Event):
    """Entrenchment in ``area`` by flipping ``units`` or discarding ``card``; ``level`` = new level if logged."""

    kind: ClassVar[str] = "entrench"
    opens_action: ClassVar[bool] = True
    side: Side
    area: AreaId
    units: tuple[UnitId, ...] = ()
    card: CardId | None = None
    level: int | None = None


@record
class UnitOutcome:
    unit: UnitId
    result: DamageResult
    retreat: tuple[AreaId, ...] = ()  # areas entered by the retreat, in order


@record(kw_only=True)
class Damage(Event):
    """Damage allocated to units in ``target`` by ``side`` (the allocating player) (8.4). ``points``: the
    damage points it allocates as the log states them — the attack's damage, which may exceed what the
    targets absorb (8.4.1 ignores the rest), or only the part they absorb; the points used are counted
    from ``outcomes`` (docs/events.md, *Damage points*)."""

    kind: ClassVar[str] = "damage"
    side: Side
    target: AreaId | None = None
    points: int | None = None
    outcomes: tuple[UnitOutcome, ...]


# -- other state changes --------------------------------------------------------------------------


@record(kw_only=True)
class Flip(Event):
    """Units turned spent (``spent=True``) or fresh: a unit action's participants, the refresh, corrections.

    Moves, fires, assaults and entrenchments do not flip their units themselves: the log's flips do.
    Damage outcomes flip their units (``Damage``). ``by``: the player who flipped them, when the log
    says (a card that lets one side flip the other's units, *Rats of the Nam Yum*); it is not the
    event's acting side, since a flip opens no action."""

    kind: ClassVar[str] = "flip"
    units: tuple[UnitId, ...]
    spent: bool
    by: Side | None = None


@record(kw_only=True)
class Relocate(Event):
    """Units put somewhere for a reason no other event covers (e.g. assault losses to ``eliminated``)."""

    kind: ClassVar[str] = "relocate"
    units: tuple[UnitId, ...]
    to: Location
    reason: str = ""


@record(kw_only=True)
class Place(Event):
    """Reinforcements or replacements placed (12.x); ``to`` is an area, or ``eliminated`` if no room."""

    kind: ClassVar[str] = "place"
    side: Side
    units: tuple[UnitId, ...]
    to: Location
    place_kind: PlaceKind = PlaceKind.REINFORCEMENT


@record(kw_only=True)
class ControlSet(Event):
    """A control marker shows ``side`` in ``area`` (13.0).

    The marker events (this one, ``TrenchSet``, ``FireMarkerSet``) say which marker they change:
    ``was`` is the face the same marker piece showed just before — a re-face (or, for a removal, the
    face it had), not a new marker; None for a marker put down (or when the log does not say). ``by``
    is the player who did it, when the log says. Both are read by ``replay.markers``: a player's
    marker act is judged at the face it ends with (``docs/events.md``, "Markers")."""

    kind: ClassVar[str] = "control"
    area: AreaId
    side: Side
    was: Side | None = None
    by: Side | None = None


@record(kw_only=True)
class TrenchSet(Event):
    """The trench marker of ``area`` shows ``level`` (0: removed); ``was``, ``by``: see ``ControlSet``."""

    kind: ClassVar[str] = "trench"
    area: AreaId
    level: int  # 0 = marker removed
    was: int | None = None
    by: Side | None = None


@record(kw_only=True)
class FireMarkerSet(Event):
    """A fire marker of ``side`` put on ``area`` (``present``) or taken off; ``was``: the face the same
    marker showed before it was turned to ``side`` (a re-face: the ``was`` marker is gone); ``by``: see
    ``ControlSet``."""

    kind: ClassVar[str] = "fire-marker"
    area: AreaId
    side: Side
    present: bool = True
    was: Side | None = None
    by: Side | None = None


@record(kw_only=True)
class NoSupplySet(Event):
    kind: ClassVar[str] = "no-supply"
    side: Side | None  # who placed or removed it
    area: AreaId
    present: bool = True


@record(kw_only=True)
class NoReplacementsSet(Event):
    kind: ClassVar[str] = "no-replacements"
    present: bool


EVENT_TYPES: tuple[type[Event], ...] = (
    GameStart,
    GameEnd,
    PhaseStart,
    EndStep,
    Pass,
    CardDraw,
    Reshuffle,
    CardPlay,
    CardDiscard,
    CardRemove,
    DiceRoll,
    Move,
    Fire,
    Assault,
    Entrench,
    Damage,
    Flip,
    Relocate,
    Place,
    ControlSet,
    TrenchSet,
    FireMarkerSet,
    NoSupplySet,
    NoReplacementsSet,
)
EVENT_BY_KIND: dict[str, type[Event]] = {cls.kind: cls for cls in EVENT_TYPES}


def opens_action(event: Event) -> bool:
    """True when the event starts an action by itself (6.0), absent an explicit action number."""
    if isinstance(event, Move):
        return event.move_kind is MoveKind.MOVE
    if isinstance(event, Fire):
        return bool(event.units)
    if isinstance(event, CardPlay):
        return event.as_action
    if isinstance(event, CardDiscard):
        return event.reason is DiscardReason.CONTINUE
    return type(event).opens_action


def acting_side(event: Event) -> Side | None:
    """The side whose act the event records, if any."""
    side = getattr(event, "side", None)
    return side if isinstance(side, Side) else None


def units_of(event: Event) -> tuple[UnitId, ...]:
    """Every unit the event names."""
    if isinstance(event, Damage):
        return tuple(o.unit for o in event.outcomes)
    if isinstance(event, GameStart):
        return tuple(u.unit for u in event.units)
    units = getattr(event, "units", ())
    return tuple(units)

