"""Card actions whose units act, and cards played for an attack: one action number each (6.1, 6.2).

Read one by one, the parts of such an action would each open an action of their own (or join the
one before). ``number_card_actions`` gives them the same explicit ``action`` number, the one the
replay's clock gives the action (``replay.apply.advance_clock``), so that the checker sees one action:

- *Counter Attack* (timing A, AMB-04): its play, the moves of its side that follow it
  (``MoveKind.GATHER``: units from one or more areas next to the lost area) and its attack
  (``FIRE``/``ASSAULT``);
- *Surprise Assault* (timing A): its play and the ``Assault`` that follows it;
- in a game whose data says a card played as the action governs the whole impulse
  (``game.yaml`` ``sequence.impulse_card_joins_action``), any other card played as the action: its
  play and the unit action its side does next, every move (``MoveKind.MOVE``), fire by units and
  assault of that side, in any number and order.

The named cards are found by name in the game's data (a game without such a card is not affected).

Another copy of the span's card that its side plays as the action, where the rules let copies of
that card be played together (``Card.plays_together``: cumulative or sequential), joins the span
with the same number: copies played together are one play, not an action each.

The span of a named card ends with the card's attack, or at the first act that cannot belong to
it: a pass, a phase, another card played as an action, a discard to continue, an entrenchment, any
act of the other side, and for *Surprise Assault* a move or a fire of its own side. The span of an
impulse card has no attack that closes it: it ends at a pass, a phase, another card played as an
action, a discard to continue, an entrenchment, or an act of the other side that opens an action
(``events.opens_action``: a move, a fire by units, an assault; not a card it plays in answer, its
card fire or its units' retreat).

A card a side plays for its own attack, just before it (timing D, or *Night Assault*, *Mortar
Support*, *Flamethrowers*; not as the action, not a counter-battery), followed by that side's
``Fire`` by units or ``Assault`` with only other such cards (and their card fire) in between, gets
the attack's number, and so does the attack. The clock is not changed by it (a card that is not
the action opens or joins no action: ``action_part``); the number tells which action the card
served. Events with an ``action`` number already are left alone.
"""

from __future__ import annotations

from dataclasses import replace

from sdbp_module.ids import CardId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.apply import advance_clock
from sdbp_module.replay.events import (
    Assault,
    CardDiscard,
    CardPlay,
    DiscardReason,
    Entrench,
    Event,
    Fire,
    Move,
    MoveKind,
    Pass,
    PhaseStart,
    acting_side,
    opens_action,
)
from sdbp_module.replay.state import GameState
from sdbp_module.replay.vlog.card_fire import MODE_COUNTER_BATTERY

GATHERING_CARDS = ("Counter Attack",)
"""Cards played as an action whose units move and then attack as part of it."""
ASSAULTING_CARDS = ("Surprise Assault",)
"""Cards played as an action that contain an assault (10.0)."""
OWN_ATTACK_CARDS = ("Night Assault", "Mortar Support", "Flamethrowers")
"""Reactive cards a side plays for an attack of its own units, before the roll."""


def card_is(game: GameData, card: CardId | None, name: str) -> bool:
    """True when ``card`` is a copy of the card called ``name`` (unknown ids are not)."""
    return card is not None and game.has_card(card) and game.card(card).name == name


def _span_kind(game: GameData, event: Event) -> str | None:
    """The kind of span a card played as the action opens: "gather", "assault", "impulse", or None."""
    if not (isinstance(event, CardPlay) and event.as_action and event.action is None):
        return None
    if any(card_is(game, event.card, name) for name in GATHERING_CARDS):
        return "gather"
    if any(card_is(game, event.card, name) for name in ASSAULTING_CARDS):
        return "assault"
    if game.game.impulse_card_joins_action:
        return "impulse"
    return None


def another_copy(game: GameData, event: Event, card: CardPlay) -> bool:
    """True when ``event`` plays, as the action, another copy of ``card``'s card by the same side, and
    the rules let copies of it be played together (``Card.plays_together``, 5.2)."""
    if not (isinstance(event, CardPlay) and event.as_action and event.side is card.side):
        return False
    if not (game.has_card(event.card) and game.has_card(card.card)):
        return False
    data = game.card(event.card)
    return data.plays_together and data.name == game.card(card.card).name


def _ends_span(game: GameData, event: Event, card: CardPlay, kind: str) -> bool:
    if isinstance(event, (Pass, PhaseStart, Entrench)):
        return True
    if isinstance(event, CardPlay):
        return event.as_action and not another_copy(game, event, card)
    if isinstance(event, CardDiscard):
        return event.reason is DiscardReason.CONTINUE
    side = acting_side(event)
    if kind == "impulse":
        return side is not card.side and opens_action(event)
    if isinstance(event, (Move, Fire, Assault)) and side is not card.side:
        return True
    if kind == "assault" and side is card.side:
        return (isinstance(event, Move) and event.move_kind is MoveKind.MOVE) or (isinstance(event, Fire) and bool(event.units))
    return False


def _in_span(event: Event, card: CardPlay, kind: str) -> bool:
    """The span's attack: a fire or assault by units of the card's side (an assault for Surprise Assault);
    for an impulse card also a move of that side (``MoveKind.MOVE``)."""
    if event.action is not None or acting_side(event) is not card.side:
        return False
    if kind == "assault":
        return isinstance(event, Assault)
    if kind == "impulse" and isinstance(event, Move):
        return event.move_kind is MoveKind.MOVE
    return isinstance(event, Assault) or (isinstance(event, Fire) and bool(event.units))


def _for_own_attack(game: GameData, event: Event) -> bool:
    if not isinstance(event, CardPlay) or event.as_action or event.action is not None:
        return False
    if event.mode == MODE_COUNTER_BATTERY or not game.has_card(event.card):
        return False
    data = game.card(event.card)
    return data.timing == "D" or data.name in OWN_ATTACK_CARDS


def _attack_after(events: list[Event], i: int) -> int | None:
    """The index of the attack by units that the card at ``i`` comes just before, if any."""
    side = acting_side(events[i])
    for j in range(i + 1, len(events)):
        event = events[j]
        if acting_side(event) is not side:
            return None
        if isinstance(event, CardPlay) and not event.as_action:
            continue
        if isinstance(event, Fire) and not event.units:
            continue
        if isinstance(event, (Fire, Assault)) and event.action is None:
            return j
        return None
    return None


def number_card_actions(events: list[Event], game: GameData) -> list[Event]:
    """``events`` with each such card action, and each card played for an attack, under one action number."""
    state = GameState.empty()
    out: list[Event] = []
    card: CardPlay | None = None
    kind = ""
    number = 0
    pending: dict[int, int] = {}  # index → the action number of the attack a card was played for
    for i, event in enumerate(events):
        if card is not None and _ends_span(game, event, card, kind):
            card = None
        if card is not None and event.action is None and another_copy(game, event, card):
            event = replace(event, action=number)  # copies played together are one play (5.2)
        if i not in pending and _for_own_attack(game, event):
            j = _attack_after(events, i)
            if j is not None:
                attack = events[j]
                if card is not None and _in_span(attack, card, kind):
                    at = number
                else:
                    at = advance_clock(state, attack).action  # nothing in between moves the clock
                for k in range(i, j + 1):
                    pending[k] = at
        if card is not None and event.action is None:
            if kind == "gather" and isinstance(event, Move) and event.side is card.side and event.move_kind is MoveKind.MOVE:
                event = replace(event, move_kind=MoveKind.GATHER, action=number)
            elif _in_span(event, card, kind):
                event = replace(event, action=number)
                if kind != "impulse":
                    card = None  # the attack closes the card's use; an impulse card governs the whole impulse
        if i in pending and event.action is None:
            event = replace(event, action=pending[i])
        span = _span_kind(game, event)
        if span is not None:
            assert isinstance(event, CardPlay)
            number = advance_clock(state, event).action
            event = replace(event, action=number)
            card, kind = event, span
        state = state.evolve(clock=advance_clock(state, event))
        out.append(event)
    return out
