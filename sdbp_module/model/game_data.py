"""Frozen dataclasses for a whole game: map, units, markers, cards, turn track, scenario (a hex-map
game's board, tables and hex-only settings are in ``model.hex_board``).

This is the contract between the data loader (``model.from_data``) and everything after it: the
VASSAL writer, the codec's migration, the replay and rules. Nothing past the loader sees a raw dict.
Collections are tuples; look-ups go through the indexes ``GameData`` builds once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from sdbp_module.ids import (
    AreaClassId,
    AreaId,
    BonusSetId,
    CardId,
    MarkerKindId,
    Side,
    UnitId,
    UnitTypeId,
)
from sdbp_module.model.presentation import Presentation
from sdbp_module.records import record

if TYPE_CHECKING:  # a hex-map game's only: an area game loaded from the cache imports none (nor YAML with them)
    from sdbp_module.model.hex_board import CounterColours, HexBoard, StackingPoints
    from sdbp_module.model.playing_cards import PlayingCardsSpec

Point = tuple[int, int]
"""A position in map pixels, x to the right, y down."""


class Sourced(Protocol):
    """A record with a source and per-field sources (the data's ``source`` and ``sources:``)."""

    @property
    def source(self) -> Source: ...

    @property
    def sources(self) -> Mapping[str, Source]: ...


@record
class Source:
    """Where a fact comes from: ``rules 7.0`` (a rule reference) or ``reconstructed: <reason>``."""

    text: str

    @property
    def is_reconstructed(self) -> bool:
        return self.text.startswith("reconstructed")


def no_sources() -> Mapping[str, Source]:
    """No per-field sources: every field comes from where its record's ``source`` says."""
    return MappingProxyType({})


def field_source(record: Sourced, name: str) -> Source:
    """Where one field of a record comes from: its own entry in the data's ``sources:``, else the
    record's ``source``."""
    return record.sources.get(name, record.source)


@record
class Term:
    """One word of a game's vocabulary, declared in ``game.yaml``: a unit type, a unit mark or an
    area class. ``id`` is what the other files write, ``name`` what players read."""

    id: str
    name: str
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``


@record
class BonusSet(Term):
    """A hand bonus set (``game.yaml`` ``hand_bonus_sets``): the areas printed with its symbol
    (``Area.card_bonus``); holding them all adds ``cards`` cards to the hand."""

    cards: int = 1


@record
class Bid:
    """The bid for sides before play (``game.yaml`` ``bid``): the smallest bid, and whether the
    players must bid."""

    min: int
    required: bool
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``


@record
class RollModifier:
    """``add`` per area of class ``area_class`` that ``side`` controls as the board shows it."""

    area_class: AreaClassId
    side: Side
    add: int


@record
class RollTable:
    """A roll the rules read from a table (``game.yaml`` ``roll_tables``): the dice button of
    ``purpose`` reports the modified total and, in ``field``, the result of ``rows``
    ((lowest modified total, result), rising)."""

    purpose: str
    field: str
    rows: tuple[tuple[int, int], ...]
    source: Source
    modifiers: tuple[RollModifier, ...] = ()

    def result(self, total: int) -> int:
        """The result of a modified total: the last row it reaches (the first row below them all)."""
        out = self.rows[0][1]
        for lowest, value in self.rows:
            if total >= lowest:
                out = value
        return out


@record
class GameInfo:
    """The game as ``game.yaml`` describes it: its ids, title, sides, turns, dice and vocabularies."""

    id: str  # folder name and rules-package name, e.g. "mygame"
    title: str  # the game's title as printed
    module_name: str  # VASSAL module name, no spaces, e.g. "MyGame"
    version: str  # module version, e.g. "1.0.0"
    vassal_version: str  # VassalVersion written into the module, e.g. "3.7.0"
    description: str
    sides: tuple[Side, ...]
    turns: int  # 8
    stacking_limit: int  # 9 units per side per area (7.0)
    dice: tuple[int, ...]  # sides of each die rolled together, e.g. (6, 6)
    first_side: Side  # side that takes the first action of a turn (4.0)
    unit_types: tuple[Term, ...] = ()  # what counters.yaml ``type`` may say, in data order
    unit_marks: tuple[Term, ...] = ()  # what counters.yaml ``marks`` may list, in data order
    area_classes: tuple[Term, ...] = ()  # what areas.yaml ``colour`` may say, in data order
    hand_bonus_sets: tuple[BonusSet, ...] = ()  # what areas.yaml ``card_bonus`` may say besides "none"
    end_phase: tuple[str, ...] = ()  # the End-phase step ids in order (game.yaml ``sequence``); () = none declared
    impulse_card_joins_action: bool = False  # a card played as the action and the unit action it serves are one action (game.yaml ``sequence``)
    bid: Bid | None = None  # the bid for sides, None if the game has none
    roll_tables: tuple[RollTable, ...] = ()  # the rolls read from a table (game.yaml ``roll_tables``)
    factors: tuple[Term, ...] = ()  # a hex-map game's numbers printed on each face of a counter (``Unit.front``/``back``)
    counter_colours: CounterColours | None = None  # a hex-map game's counter paint, None = the module's own
    stacking: StackingPoints | None = None  # a hex-map game's stacking limit in points (``stacking_limit`` is then a unit count or 0)

    def roll_table(self, purpose: str) -> RollTable | None:
        """The table of the dice purpose ``purpose``, None when the game declares none."""
        return next((t for t in self.roll_tables if t.purpose == purpose), None)

    def bonus_set(self, set_id: str) -> BonusSet:
        """The hand bonus set ``set_id``; ``KeyError`` if the game declares none by that id."""
        for bonus in self.hand_bonus_sets:
            if bonus.id == set_id:
                return bonus
        raise KeyError(set_id)


class Terrain(str, Enum):
    """The ground drawn in an area (no rules effect: the printed defence is ``Area.defense``)."""

    OPEN = "open"  # plain ground, the default
    PADDIES = "paddies"  # flat rice fields
    HILLS = "hills"  # the hill of a strongpoint
    HEIGHTS = "heights"  # wooded heights of the valley's rim
    AIRSTRIP = "airstrip"  # an airstrip area (its number is blue, 11.0)
    URBAN = "urban"  # city blocks: streets and houses
    FACTORY = "factory"  # a factory district: large workshop halls and chimneys
    RAVINE = "ravine"  # a gully (balka) cutting through the ground
    WATER = "water"  # a river strip (a landing zone on the bank)


class RoadKind(str, Enum):
    ROAD = "road"  # a metalled road, drawn as a double line
    TRACK = "track"  # a dirt track, drawn dashed


@record
class Road:
    """A road or track drawn on the map; crosses river borders only at bridges."""

    name: str  # "RP 41"
    kind: RoadKind
    points: tuple[Point, ...]  # centre line, map pixels, at least 2 points
    areas: tuple[AreaId, ...]  # the areas it runs through, as listed in the data
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``


@record
class Runway:
    """An airfield runway: a straight strip of ``width`` pixels between two ends."""

    name: str
    ends: tuple[Point, Point]  # the centre line's two ends, map pixels
    width: int
    areas: tuple[AreaId, ...]  # airstrip areas it runs through
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``


@record
class BridgeSite:
    """Where the bridge of a bridged river border is drawn, and its name."""

    name: str  # "Bailey bridge"
    a: AreaId  # the border's two areas, ``a < b``
    b: AreaId
    at: Point  # a point on the shared border, map pixels
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``


@record
class Village:
    """A village drawn on a hex map (``hexes.yaml``): its name, its hex and where its houses are drawn."""

    name: str
    area: AreaId
    at: Point  # centre of the houses, map pixels
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``


@record
class MapInfo:
    """The board image's size and what is drawn on the ground besides the areas (all optional)."""

    width: int  # board image size in pixels
    height: int
    source: Source
    roads: tuple[Road, ...] = ()
    runways: tuple[Runway, ...] = ()
    bridges: tuple[BridgeSite, ...] = ()
    villages: tuple[Village, ...] = ()
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``


@record
class Area:
    """One area of an area map (``areas.yaml``): its printed values, its outline and where its number is printed."""

    id: AreaId
    name: str  # accents exactly as printed
    defense: int  # printed terrain defence value, 0..3
    control: Side  # initial control (the printed control box)
    colour: AreaClassId  # the area's class, as the colour of its printed number shows it (game.yaml area_classes)
    victory: bool  # victory symbol (defence 3 areas, 14.0)
    card_bonus: BonusSetId  # the hand-size bonus set it belongs to (game.yaml hand_bonus_sets), or "none"
    map_edge: bool
    bank: str  # "west" or "east" of the river; "" for games without a river
    polygon: tuple[Point, ...]  # outline, map pixels, first point not repeated
    label: Point  # where the area number is printed
    source: Source
    terrain: Terrain = Terrain.OPEN  # the ground drawn in the area
    strongpoint: bool = False  # a strongpoint: trench lines and wire drawn in it
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``
    setup_code: str = ""  # the set-up letter printed in the area ("A"), "" for none


@record
class Border:
    """An adjacency between two areas; ``a < b``."""

    a: AreaId
    b: AreaId
    river: bool
    bridge: bool  # only ever true on a river border
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``

    @property
    def areas(self) -> frozenset[AreaId]:
        return frozenset((self.a, self.b))


class SetupKind(str, Enum):
    AREA = "area"  # on the map, in ``area``
    CLASS = "class"  # "any <class>": on the map, in any area of ``area_class``
    TURN = "turn"  # reinforcement, on the turn track box of ``turn``
    CARD = "card"  # "*": enters only by a card
    REPLACEMENTS = "replacements"  # the replacements box
    OFF_MAP = "off-map"  # not in play at start for another reason
    HEX = "hex"  # a hex-map game: on the map, in the hex ``hex`` (its printed id)
    BOX = "box"  # a hex-map game: in the off-map box ``box``


@record
class Placement:
    """Where a unit sets up (``counters.yaml`` ``setup``): an area, a turn, any area of a class, a hex or a box, as ``kind`` says."""

    kind: SetupKind
    area: AreaId | None = None
    turn: int | None = None
    area_class: AreaClassId | None = None  # for ``SetupKind.CLASS``
    hex: str | None = None  # for ``SetupKind.HEX``: the hex's printed id
    box: str | None = None  # for ``SetupKind.BOX``: an off-map box id (``HexBoard.boxes``)


@record
class Unit:
    """One unit counter (``counters.yaml``): its side, printed strip, values of both faces and its set-up."""

    id: UnitId
    side: Side
    formation: str  # battalion / regiment printed on top, e.g. "I/2"
    company: str  # company or platoon number on the strip, e.g. "1"
    type: UnitTypeId  # game.yaml unit_types
    marks: frozenset[str]  # printed distinctions declared in game.yaml unit_marks (a symbol colour, a number colour ...)
    firepower: int  # fresh side
    defense: int  # fresh side
    movement: int  # fresh side
    spent_defense: int  # spent (back) side
    setup: Placement  # printed set-up: area number, any area of a class, reinforcement turn, "*" or replacements box
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``
    group: str = ""  # activation group (e.g. a division); "" = independent
    withdraw: int | None = None  # the turn in whose End phase the unit leaves the game, None if it stays
    size: str = ""  # the unit-size symbol printed on the counter (counters.yaml size): "" none, platoon ... division
    front: tuple[int | None, ...] = ()  # a hex-map game's factors on the front, in ``GameInfo.factors`` order, None = not printed (the area factors above are 0)
    back: tuple[int | None, ...] = ()  # and on the back (the reduced face); () = a counter with one face
    motorised: bool = False  # a hex-map game's motorised unit (counters.yaml ``motorised``)
    steps: int = 0  # a hex-map game's step losses before elimination (counters.yaml ``steps``); 0 for an area game
    enters: int | None = None  # the turn it enters the game as a reinforcement (counters.yaml ``enters``), None = from the start

    @property
    def name(self) -> str:
        """Display name, e.g. ``I/2 1``."""
        return f"{self.formation} {self.company}".strip()


@record
class MarkerKind:
    """One kind of marker (``markers.yaml``): its faces or levels and how many counters the box holds."""

    id: MarkerKindId
    name: str  # "Control", "Trench" ...
    states: tuple[str, ...]  # faces/levels, e.g. the two side ids or ("1", "2", "3")
    count: int  # counters in the box
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``
    side: Side | None = None  # a hex-map game's marker of one side (markers.yaml side), None for both
    strength: int | None = None  # a hex-map game's fire strength printed on it (markers.yaml strength)


@record
class Card:
    """One card (``cards.yaml``): its deck, printed values, timing, effect and how it combines with others."""

    id: CardId
    side: Side | None  # None for a special card out of both decks
    number: int  # serial from 1 within the side's deck; 0 for the special card
    name: str
    entrenchment: int | None  # entrenchment value printed on the card (9.0); None if none
    firepower: int | None  # attack strength for fire cards, None otherwise
    timing: str  # timing class(es) of the rules' card list: "A", "D", "R", "E", "X", or "A/R"; "-" = not used in play (2.3)
    effect: str  # our own English wording
    removed_after_play: bool
    turns: tuple[int, ...]  # turns on which it may be played; () = any turn
    multi_copy: str  # "cumulative", "sequential", "no" or "unspecified"
    excludes: tuple[CardId, ...]  # cards it may not be combined with in one action
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``
    modes: tuple[str, ...] = ()  # a two-effect card's effects, as a play's ``mode`` names them (5.2); () = one effect

    @property
    def plays_together(self) -> bool:
        """Whether the rules let several copies of it be played together (5.2: cumulative or sequential)."""
        return self.multi_copy in ("cumulative", "sequential")


@record
class TurnInfo:
    """One turn of the turn track (``turn_track.yaml``): the card allowance of each side printed under it."""

    turn: int
    cards: Mapping[Side, int]  # card allowance printed under the turn track (5.1)
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``


@record
class MarkerPlacement:
    """A marker a scenario sets up, on the map or on the turn track."""

    kind: MarkerKindId
    state: str
    area: AreaId | None = None  # on the map
    turn: int | None = None  # on the turn track


@record
class Scenario:
    """A scenario (``scenario.yaml``): its turns and where each unit and marker starts."""

    id: str
    name: str
    description: str
    first_turn: int
    units: Mapping[UnitId, Placement]  # where each unit starts (3.0)
    markers: tuple[MarkerPlacement, ...]
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # per-field exceptions to ``source``
    last_turn: int | None = None  # the scenario's last turn (its end follows); None: the game's last turn


@record
class GameData:
    """A whole game, validated. Build it with ``model.from_data``; never mutate it."""

    game: GameInfo
    map: MapInfo
    areas: tuple[Area, ...]  # sorted by id
    borders: tuple[Border, ...]  # sorted by (a, b)
    units: tuple[Unit, ...]  # sorted by side, then data order
    markers: tuple[MarkerKind, ...]
    cards: tuple[Card, ...]  # sorted by side, then number
    turn_track: tuple[TurnInfo, ...]  # turn 1..N
    scenario: Scenario
    presentation: Presentation = field(default_factory=Presentation)  # module.yaml: how the module shows the game
    hexes: HexBoard | None = None  # a hex-map game's board (then ``areas`` and ``borders`` are empty); None: an area game
    deck: PlayingCardsSpec | None = None  # the deck of playing cards the game declares (game.yaml ``playing_cards``)

    _areas: Mapping[AreaId, Area] = field(init=False, repr=False, compare=False)
    _units: Mapping[UnitId, Unit] = field(init=False, repr=False, compare=False)
    _cards: Mapping[CardId, Card] = field(init=False, repr=False, compare=False)
    _borders: Mapping[frozenset[AreaId], Border] = field(init=False, repr=False, compare=False)
    _neighbours: Mapping[AreaId, frozenset[AreaId]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        neighbours: dict[AreaId, set[AreaId]] = {a.id: set() for a in self.areas}
        for b in self.borders:
            neighbours.setdefault(b.a, set()).add(b.b)
            neighbours.setdefault(b.b, set()).add(b.a)
        setattr_ = object.__setattr__
        setattr_(self, "_areas", MappingProxyType({a.id: a for a in self.areas}))
        setattr_(self, "_units", MappingProxyType({u.id: u for u in self.units}))
        setattr_(self, "_cards", MappingProxyType({c.id: c for c in self.cards}))
        setattr_(self, "_borders", MappingProxyType({b.areas: b for b in self.borders}))
        setattr_(
            self,
            "_neighbours",
            MappingProxyType({k: frozenset(v) for k, v in neighbours.items()}),
        )

    # -- look-ups -------------------------------------------------------------------------------

    def area(self, area_id: AreaId) -> Area:
        return self._areas[area_id]

    def has_area(self, area_id: AreaId) -> bool:
        return area_id in self._areas

    def has_areas(self, area_ids: Iterable[AreaId]) -> bool:
        """Every one of ``area_ids`` is an area of the game (``has_area`` of each, in one call)."""
        areas = self._areas
        for area_id in area_ids:
            if area_id not in areas:
                return False
        return True

    def unit(self, unit_id: UnitId) -> Unit:
        return self._units[unit_id]

    def has_unit(self, unit_id: UnitId) -> bool:
        return unit_id in self._units

    def card(self, card_id: CardId) -> Card:
        return self._cards[card_id]

    def has_card(self, card_id: CardId) -> bool:
        return card_id in self._cards

    def bonus_areas(self, bonus: str) -> tuple[AreaId, ...]:
        """The areas printed with the card-bonus symbol ``bonus`` (5.1), by number."""
        return tuple(sorted(a.id for a in self.areas if a.card_bonus == bonus))

    def neighbours(self, area_id: AreaId) -> frozenset[AreaId]:
        return self._neighbours.get(area_id, frozenset())

    def is_adjacent(self, a: AreaId, b: AreaId) -> bool:
        return frozenset((a, b)) in self._borders

    def border(self, a: AreaId, b: AreaId) -> Border | None:
        return self._borders.get(frozenset((a, b)))

    def units_of(self, side: Side) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.side is side)

    def cards_of(self, side: Side | None) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.side is side)

    @property
    def cards_leave_game(self) -> bool:
        """Whether any card can leave the game (a pile of removed cards and a card's *Remove from
        game* make sense): a card removed after play, or a card of no side (kept out of both decks).
        A game whose cards all go back to their side's discards has neither."""
        return any(c.removed_after_play or c.side is None for c in self.cards)

    def turn(self, number: int) -> TurnInfo:
        return self.turn_track[number - 1]

    def marker(self, kind: MarkerKindId) -> MarkerKind:
        for m in self.markers:
            if m.id == kind:
                return m
        raise KeyError(kind)
