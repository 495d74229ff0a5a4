"""A standard deck of playing cards as a game mechanism (docs/playing-cards.md).

Game-neutral: the 52 cards (ranks A 2–10 J Q K in four suits, ♠ ♣ black, ♥ ♦ red) and the Jokers a
game adds, each with an id (``7H``, ``10S``, ``QS``, ``JOKER``), a name (``7 of hearts``) and a colour;
and :class:`PlayingCardsSpec`, what a game declares about its deck in data (``game.yaml`` ``playing_cards:``,
``schemas/playing_cards.schema.json``): how many Jokers, the values of the Ace and the face cards, which
side each colour belongs to, how a card's rank activates units, how a combat draw compares, what the
Joker does, and the names of the draw pile and the discard. The helpers below are what a rules package
configures from that data: :func:`side_of` (colour → side), :func:`activation` (rank → units),
:func:`combat_draw` (a fire's draw against the firers' strength), :func:`joker_ends_turn`.

:func:`read_playing_cards` reads the block from a data file (schema problems positioned like every
other data problem); it is not yet part of ``game.yaml`` loading.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from enum import Enum
from typing import Any

from sdbp_module.data.problems import InputProblem, JsonPath
from sdbp_module.data.sources import SourceFile
from sdbp_module.errors import InputError
from sdbp_module.records import record


class Colour(Enum):
    BLACK = "black"
    RED = "red"


class Suit(Enum):
    """A suit: its letter (the last character of a card's id), its name, its symbol and its colour."""

    SPADES = "S"
    CLUBS = "C"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def noun(self) -> str:
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK


_SYMBOLS = {Suit.SPADES: "\u2660", Suit.CLUBS: "\u2663", Suit.HEARTS: "\u2665", Suit.DIAMONDS: "\u2666"}

SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
"""The suits in deck order (the order of :func:`standard_deck`)."""

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The ranks in deck order: the Ace, the number cards 2–10, the face cards."""

FACE_RANKS: tuple[str, ...] = ("J", "Q", "K")
RANK_NOUNS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
JOKER = "JOKER"


@record
class PlayingCard:
    """One card. A Joker has no rank and no suit; ``joker`` is its number (1, 2 …), 0 for the others."""

    rank: str | None
    suit: Suit | None
    joker: int = 0
    jokers: int = 1  # how many Jokers the deck has: one Joker is ``JOKER``, several ``JOKER1`` …

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def is_face(self) -> bool:
        return self.rank in FACE_RANKS

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"

    @property
    def id(self) -> str:
        """``7H``, ``10S``, ``QS``, ``AD``; ``JOKER`` (one Joker) or ``JOKER1``, ``JOKER2`` …"""
        if self.rank is None or self.suit is None:
            return JOKER if self.jokers == 1 else f"{JOKER}{self.joker}"
        return self.rank + self.suit.letter

    @property
    def name(self) -> str:
        """``7 of hearts``, ``ace of spades``, ``queen of clubs``; ``Joker`` (``Joker 2`` of several)."""
        if self.rank is None or self.suit is None:
            return "Joker" if self.jokers == 1 else f"Joker {self.joker}"
        return f"{RANK_NOUNS.get(self.rank, self.rank)} of {self.suit.noun}"

    @property
    def colour(self) -> Colour | None:
        """The suit's colour; None for a Joker (it belongs to no side)."""
        return None if self.suit is None else self.suit.colour


def standard_deck(jokers: int = 1) -> tuple[PlayingCard, ...]:
    """The 52 cards, suit by suit (♠ ♣ ♥ ♦), Ace to King, then the Jokers."""
    cards = [PlayingCard(rank, suit, 0, jokers) for suit in SUITS for rank in RANKS]
    cards += [PlayingCard(None, None, n, jokers) for n in range(1, jokers + 1)]
    return tuple(cards)


def card_of(card_id: str, jokers: int = 1) -> PlayingCard:
    """The card of an id (:attr:`PlayingCard.id`); ``ValueError`` for anything else."""
    if jokers == 1 and card_id == JOKER:
        return PlayingCard(None, None, 1, 1)
    if jokers > 1 and card_id.startswith(JOKER) and card_id[len(JOKER) :].isdigit():
        n = int(card_id[len(JOKER) :])
        if 1 <= n <= jokers and card_id == f"{JOKER}{n}":
            return PlayingCard(None, None, n, jokers)
    rank, letter = card_id[:-1], card_id[-1:]
    suits = {s.letter: s for s in SUITS}
    if rank in RANKS and letter in suits:
        return PlayingCard(rank, suits[letter], 0, jokers)
    raise ValueError(f"{card_id!r} is not a playing card of a deck with {jokers} joker(s)")


# ------------------------------------------------------------------------------------------
# What a game declares about its deck


class FaceActivation(Enum):
    """What a face card activates when it has no count: one unit, or one unit or one group of units."""

    UNIT = "unit"
    GROUP = "group"


class HitWhen(Enum):
    """How a combat draw compares with the firers' strength: a hit when the modified draw is at most
    the strength (``at_most``), or at least it (``at_least``)."""

    AT_MOST = "at_most"
    AT_LEAST = "at_least"


class FaceInCombat(Enum):
    """A face card drawn for combat: the firer redraws or accepts a miss (``redraw_or_miss``), must
    redraw (``redraw``), misses (``miss``), or the card counts its value (``value``)."""

    REDRAW_OR_MISS = "redraw_or_miss"
    REDRAW = "redraw"
    MISS = "miss"
    VALUE = "value"


class JokerGrace(Enum):
    """When a Joker that would end the turn is ignored: never (``none``), or while some side has not
    yet had a card of its colour this turn (``every_side``)."""

    NONE = "none"
    EVERY_SIDE = "every_side"


class IgnoredJoker(Enum):
    """What becomes of an ignored Joker: set aside for the rest of the turn, or shuffled back into the draw pile."""

    SET_ASIDE = "set_aside"
    SHUFFLED_BACK = "shuffled_back"


@record
class Activation:
    """What a card lets its side activate: ``units`` units; with ``group``, one unit or one group of units."""

    units: int
    group: bool = False


@record
class PlayingCardsSpec:
    """A game's deck, as its data declares it (``playing_cards:``, docs/playing-cards.md)."""

    jokers: int = 1
    ace: int = 1
    faces: tuple[tuple[str, int | None], ...] = (("J", None), ("Q", None), ("K", None))
    colours: tuple[tuple[Colour, str], ...] = ()  # colour → side id
    divide_by: int = 2
    round_up: bool = True
    face_activation: FaceActivation | int = FaceActivation.GROUP
    hit_when: HitWhen = HitWhen.AT_MOST
    face_in_combat: FaceInCombat = FaceInCombat.REDRAW_OR_MISS
    joker_ends_turn: bool = True
    joker_grace: JokerGrace = JokerGrace.EVERY_SIDE
    ignored_joker: IgnoredJoker = IgnoredJoker.SET_ASIDE
    reshuffle: str = "turn_start"
    draw_pile: str = "Draw pile"
    discard_pile: str = "Discard pile"
    source: str = ""

    def cards(self) -> tuple[PlayingCard, ...]:
        return standard_deck(self.jokers)

    def card(self, card_id: str) -> PlayingCard:
        return card_of(card_id, self.jokers)

    def value(self, card: PlayingCard) -> int | None:
        """A card's number: the Ace's declared value, 2–10 their pips, a face card its declared value
        (None: no number), a Joker None."""
        if card.rank is None:
            return None
        if card.rank == "A":
            return self.ace
        if card.rank in FACE_RANKS:
            return dict(self.faces).get(card.rank)
        return int(card.rank)


def side_of(spec: PlayingCardsSpec, card: PlayingCard) -> str | None:
    """The side a card's colour gives the action to (``colours``); None for a Joker or an unmapped colour."""
    return None if card.colour is None else dict(spec.colours).get(card.colour)


def activation(spec: PlayingCardsSpec, card: PlayingCard) -> Activation | None:
    """What a card activates: a number card (the Ace included) its value divided by ``divide_by``,
    rounded up (or down, at least 1); a face card ``face_activation`` (one unit, one unit or one
    group, or a count); a Joker nothing (None)."""
    if card.is_joker:
        return None
    if card.is_face:
        face = spec.face_activation
        if isinstance(face, int):
            return Activation(face)
        return Activation(1, face is FaceActivation.GROUP)
    value = spec.value(card)
    assert value is not None
    units = math.ceil(value / spec.divide_by) if spec.round_up else max(1, value // spec.divide_by)
    return Activation(units)


def activation_table(spec: PlayingCardsSpec) -> dict[str, Activation]:
    """Rank → what it activates (the table docs/playing-cards.md prints)."""
    out: dict[str, Activation] = {}
    for rank in RANKS:
        found = activation(spec, PlayingCard(rank, Suit.SPADES))
        assert found is not None
        out[rank] = found
    return out


class Draw(Enum):
    """The outcome of a combat draw: a hit, a miss, the firer's choice between drawing again and a
    miss (a face card), a card that must be drawn again, or the Joker (the turn may end:
    :func:`joker_ends_turn`)."""

    HIT = "hit"
    MISS = "miss"
    REDRAW_OR_MISS = "redraw_or_miss"
    REDRAW = "redraw"
    JOKER = "joker"


@record
class CombatDraw:
    outcome: Draw
    modified: int | None = None  # the card's value plus the modifiers, when it has a value


def combat_draw(spec: PlayingCardsSpec, card: PlayingCard, strength: int, modifiers: Iterable[int] = ()) -> CombatDraw:
    """A fire resolved by a draw: the card's value plus the modifiers (the modified draw) against the
    sum of the firers' factors ``strength``, compared as ``hit_when`` says (``at_most``: a hit when
    the modified draw ≤ the strength). A face card without a value to use goes by ``face_in_combat``;
    the Joker is :attr:`Draw.JOKER`."""
    if card.is_joker:
        return CombatDraw(Draw.JOKER)
    value = spec.value(card)
    if card.is_face and (spec.face_in_combat is not FaceInCombat.VALUE or value is None):
        outcome = {FaceInCombat.MISS: Draw.MISS, FaceInCombat.REDRAW: Draw.REDRAW}.get(spec.face_in_combat, Draw.REDRAW_OR_MISS)
        return CombatDraw(outcome)
    assert value is not None
    modified = value + sum(modifiers)
    hit = modified <= strength if spec.hit_when is HitWhen.AT_MOST else modified >= strength
    return CombatDraw(Draw.HIT if hit else Draw.MISS, modified)


def joker_ends_turn(spec: PlayingCardsSpec, drawn: Sequence[PlayingCard]) -> bool:
    """Whether a Joker drawn after the cards ``drawn`` this turn (for activation: their colours say
    which sides have had a chance) ends the turn: never when the deck's Joker does not end turns;
    with the ``every_side`` grace, only once every side of ``colours`` has had a card of its colour."""
    if not spec.joker_ends_turn:
        return False
    if spec.joker_grace is JokerGrace.NONE:
        return True
    had = {side_of(spec, card) for card in drawn}
    return all(side in had for _, side in spec.colours)


# ------------------------------------------------------------------------------------------
# Reading the block


SCHEMA_KIND = "playing_cards"
"""``schemas/playing_cards.schema.json``: the schema of the ``playing_cards:`` block."""


def read_playing_cards(
    source: SourceFile, sides: Collection[str] = (), at: JsonPath = ("playing_cards",)
) -> tuple[PlayingCardsSpec | None, list[InputProblem]]:
    """The deck the block at ``at`` of ``source`` declares (None when there is no block), and every
    problem of it, positioned in the file: the schema's, then a colour given to a side not in
    ``sides`` (when given), the two piles of one name, and a face card in combat counting a
    ``value`` the data does not give."""
    from sdbp_module.data.validate import validate_file

    block = _at(source.value, at)
    if block is None:
        return None, []
    problems = validate_file(SCHEMA_KIND, source, at=at)
    if problems:
        return None, problems
    spec = _spec(block)
    extra: list[InputProblem] = []
    for colour, side in spec.colours:
        if sides and side not in sides:
            path = (*at, "colours", colour.value)
            extra.append(InputProblem(source.where.value(path), path, f"{side!r} is not a side of the game", "one of " + ", ".join(sides)))
    if spec.draw_pile == spec.discard_pile:
        path = (*at, "piles", "discard")
        extra.append(InputProblem(source.where.value(path), path, f"the discard pile has the draw pile's name {spec.draw_pile!r}", "two names"))
    if spec.face_in_combat is FaceInCombat.VALUE and any(v is None for _, v in spec.faces):
        path = (*at, "combat", "face")
        extra.append(InputProblem(source.where.value(path), path, "face cards count their value but values J, Q, K are not all given", "values for J, Q and K"))
    return (None if extra else spec), extra


def load_playing_cards(source: SourceFile, sides: Collection[str] = (), at: JsonPath = ("playing_cards",)) -> PlayingCardsSpec | None:
    """:func:`read_playing_cards`, the first problem raised as one ``InputError`` line (file:line:col)."""
    spec, problems = read_playing_cards(source, sides, at)
    if problems:
        raise InputError(problems[0].render())
    return spec


def deck_spec(block: dict[str, Any]) -> PlayingCardsSpec:
    """The deck a ``playing_cards:`` block declares, the block already checked (``read_playing_cards``)."""
    return _spec(block)


def _at(value: Any, path: JsonPath) -> Any:
    for part in path:
        if isinstance(part, str) and isinstance(value, dict):
            value = value.get(part)
        elif isinstance(part, int) and isinstance(value, list) and 0 <= part < len(value):
            value = value[part]
        else:
            return None
    return value


def _spec(block: dict[str, Any]) -> PlayingCardsSpec:
    values = block.get("values", {})
    act = block.get("activation", {})
    combat = block.get("combat", {})
    joker = block.get("joker", {})
    piles = block.get("piles", {})
    face = act.get("face", "group")
    return PlayingCardsSpec(
        jokers=block.get("jokers", 1),
        ace=values.get("A", 1),
        faces=tuple((rank, values.get(rank)) for rank in FACE_RANKS),
        colours=tuple((Colour(c), s) for c, s in sorted(block.get("colours", {}).items())),
        divide_by=act.get("divide_by", 2),
        round_up=act.get("round", "up") == "up",
        face_activation=face if isinstance(face, int) else FaceActivation(face),
        hit_when=HitWhen(combat.get("hit", "at_most")),
        face_in_combat=FaceInCombat(combat.get("face", "redraw_or_miss")),
        joker_ends_turn=joker.get("ends_turn", True),
        joker_grace=JokerGrace(joker.get("grace", "every_side")),
        ignored_joker=IgnoredJoker(joker.get("ignored", "set_aside")),
        reshuffle=block.get("reshuffle", "turn_start"),
        draw_pile=piles.get("draw", "Draw pile"),
        discard_pile=piles.get("discard", "Discard pile"),
        source=block.get("source", ""),
    )
