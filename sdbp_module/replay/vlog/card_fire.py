"""Cards that fire: a ``CardPlay`` of a card with firepower becomes ``CardPlay`` + ``Fire(card=…)`` (8.2).

The cards whose play is an attack are those with a firepower in the game data (Katyusha Rockets,
105mm / 75mm Artillery, Artillery, TOT Artillery, B-26 Bombers, Fighter Bombers, Débouchez à Zéro!),
less *Mortar Support*, whose firepower is added to a unit attack (``FIRE_MODIFIERS``). Right after
the play comes ``Fire(side=<card side>, card=<id>, target=<area>)``, no units. The target is the
typed one; a *Débouchez à Zéro!* played during an enemy assault fires at the assaulting units,
so its target is the assault's origin whatever was typed. With no target to tell, the play stays a
play and a ``Problem`` says why there is no fire.

Two-effect cards (5.2) get their ``mode``:

- *Artillery* / *TOT Artillery* (played as the action): ``fire`` when a roll of the same side follows
  before the next event that opens an action; ``remove-trenches`` when instead trench markers of the
  target are removed (9.1; no ``Fire``); neither, after a counter-battery: ``None`` (negated); neither
  otherwise: ``None`` and a ``Problem``;
- *105mm* / *75mm Artillery*: ``counter-battery`` (not the action, no ``Fire``) when played while
  the other side's *Artillery* / *TOT Artillery* is played and not yet resolved (no roll nor trench
  removal of that side since); otherwise ``fire``, played as the side's action (``as_action``).
"""

from __future__ import annotations

from dataclasses import replace

from sdbp_module.ids import AreaId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    DiceRoll,
    Event,
    Fire,
    GameEnd,
    PhaseStart,
    TrenchSet,
    opens_action,
)
from sdbp_module.replay.vlog.problem import Problem

# The card names below are those of the cards whose logged play this module reads; a game whose data
# has no card of that name is not affected (the names should become card roles in the data).

FIRE_MODIFIERS = ("Mortar Support",)
"""Cards with a firepower that is added to a unit attack rather than being an attack of its own."""
ARTILLERY = ("Artillery", "TOT Artillery")
"""Cards of one side: fire, or remove all trench markers of the target (9.1)."""
COUNTER_BATTERY = ("105mm Artillery", "75mm Artillery")
"""Cards of the other side: fire as the action, or negate an ``ARTILLERY`` card."""
DEBOUCHEZ = "Débouchez à Zéro!"
"""A defender's card: fire at the assaulting units of an enemy assault."""

MODE_FIRE = "fire"
MODE_REMOVE_TRENCHES = "remove-trenches"
MODE_COUNTER_BATTERY = "counter-battery"


def fires(game: GameData, play: CardPlay) -> bool:
    """True when the card's play can be an attack (it has a firepower of its own)."""
    if not game.has_card(play.card):
        return False
    card = game.card(play.card)
    return card.firepower is not None and card.name not in FIRE_MODIFIERS


def _name(game: GameData, play: CardPlay) -> str:
    return game.card(play.card).name


def _stops(event: Event) -> bool:
    return opens_action(event) or isinstance(event, (PhaseStart, GameEnd))


class _CardFire:
    def __init__(self, game: GameData) -> None:
        self.game = game
        self.problems: list[Problem] = []
        self.assault: Assault | None = None  # the assault under way
        self.artillery: CardPlay | None = None  # an ``ARTILLERY`` card played, not yet resolved

    def run(self, events: list[Event]) -> list[Event]:
        out: list[Event] = []
        for i, event in enumerate(events):
            fire: Fire | None = None
            if isinstance(event, CardPlay) and fires(self.game, event):
                event, fire = self.play(events, i, event)
            self.follow(event)
            out.append(event)
            if fire is not None:
                out.append(fire)
        return out

    def follow(self, event: Event) -> None:
        """Keep the assault under way and the unresolved artillery card up to date."""
        if isinstance(event, PhaseStart) or (_stops(event) and not isinstance(event, Assault)):
            self.assault = None
        if isinstance(event, Assault):
            self.assault = event
        art = self.artillery
        if art is not None:
            rolled = isinstance(event, DiceRoll) and event.side is art.side
            if rolled or (isinstance(event, TrenchSet) and event.level == 0) or _stops(event):
                self.artillery = None
        if isinstance(event, CardPlay) and self._is(event, ARTILLERY):
            self.artillery = event

    def _is(self, play: CardPlay, names: tuple[str, ...]) -> bool:
        return self.game.has_card(play.card) and _name(self.game, play) in names

    def play(self, events: list[Event], i: int, play: CardPlay) -> tuple[CardPlay, Fire | None]:
        name = _name(self.game, play)
        if name in COUNTER_BATTERY:
            art = self.artillery
            if art is not None and art.side is play.side.enemy:
                self.artillery = None  # negated
                return replace(play, mode=MODE_COUNTER_BATTERY, as_action=False), None
            play = replace(play, mode=MODE_FIRE, as_action=True)
        elif name in ARTILLERY:
            mode = self.artillery_mode(events, i, play)
            play = replace(play, mode=mode)
            if mode != MODE_FIRE:
                return play, None
        target = self.target(play, name)
        if target is None:
            return play, None
        return play, Fire(where=play.where, side=play.side, card=play.card, target=target)

    def target(self, play: CardPlay, name: str) -> AreaId | None:
        assault = self.assault
        if name == DEBOUCHEZ and assault is not None and assault.side is play.side.enemy:
            return assault.from_area  # it fires at the assaulting units, whatever was typed
        if play.targets:
            return play.targets[0]
        self.problems.append(
            Problem(play.where, f"{play.card} ({name}) played with no target area typed: its fire cannot be read")
        )
        return None

    def artillery_mode(self, events: list[Event], i: int, play: CardPlay) -> str | None:
        """Fire or trench removal: what follows the play, up to the next act that opens an action."""
        for event in events[i + 1 :]:
            if _stops(event):
                break
            if isinstance(event, DiceRoll) and event.side is play.side:
                return MODE_FIRE
            if isinstance(event, TrenchSet) and event.level == 0 and (not play.targets or event.area in play.targets):
                return MODE_REMOVE_TRENCHES
            if isinstance(event, CardPlay) and event.side is play.side.enemy and self._is(event, COUNTER_BATTERY):
                return None  # negated by counter-battery: neither effect
        self.problems.append(
            Problem(
                play.where,
                f"{play.card} ({_name(self.game, play)}) played, but neither a roll of its side nor a removal of "
                "trench markers follows before the next action: its effect (fire or trench removal) cannot be told",
            )
        )
        return None


def read_card_fire(events: list[Event], game: GameData) -> tuple[list[Event], list[Problem]]:
    """``events`` with each firing card's ``Fire`` after its play and two-effect modes set; the problems."""
    reader = _CardFire(game)
    return reader.run(events), reader.problems
