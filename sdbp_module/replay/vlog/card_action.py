"""A card action whose units act: the *Counter Attack* card's gather and attack read as one action (6.1, 6.2).

The French *Counter Attack* is played as the side's action (timing A, AMB-04); its units then come
from one or more areas adjacent to the lost area and attack it together. In the log that is a
``CARD`` play line, then ordinary moves of the gathering units and a ``FIRE``/``ASSAULT``: read one
by one, each of them would open an action of its own. ``number_card_actions`` gives the card play,
the moves that follow it (``MoveKind.GATHER``) and the attack the same explicit ``action`` number,
the one the replay's clock gives the card play, so that the checker sees one card action.

The span ends with the card's attack, or at the first act that cannot belong to it: a pass, a phase,
another card played as an action, a discard to continue, an entrenchment, or any act of the other
side. Events with an ``action`` number already are left alone.
"""

from __future__ import annotations

from dataclasses import replace

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
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.sodbp_cards import COUNTER_ATTACK, card_is

GATHERING_CARDS = (COUNTER_ATTACK,)
"""Cards played as an action whose units move and then attack as part of it."""


def _gathers(game: GameData, event: Event) -> bool:
    return (
        isinstance(event, CardPlay)
        and event.as_action
        and event.action is None
        and any(card_is(game, event.card, name) for name in GATHERING_CARDS)
    )


def _ends_span(event: Event, card: CardPlay) -> bool:
    if isinstance(event, (Pass, PhaseStart, Entrench)):
        return True
    if isinstance(event, CardPlay):
        return event.as_action
    if isinstance(event, CardDiscard):
        return event.reason is DiscardReason.CONTINUE
    side = acting_side(event)
    return isinstance(event, (Move, Fire, Assault)) and side is not card.side


def number_card_actions(events: list[Event], game: GameData) -> list[Event]:
    """``events`` with each gathering card's play, gather moves and attack under one action number."""
    state = GameState.empty()
    out: list[Event] = []
    card: CardPlay | None = None
    number = 0
    for event in events:
        if card is not None and _ends_span(event, card):
            card = None
        if card is not None and event.action is None:
            if isinstance(event, Move) and event.side is card.side and event.move_kind is MoveKind.MOVE:
                event = replace(event, move_kind=MoveKind.GATHER, action=number)
            elif isinstance(event, (Fire, Assault)) and event.side is card.side and event.units:
                event = replace(event, action=number)
                card = None  # the attack closes the card's use
        if _gathers(game, event):
            assert isinstance(event, CardPlay)
            clock = advance_clock(state, event)
            number = clock.action
            event = replace(event, action=number)
            card = event
        state = state.evolve(clock=advance_clock(state, event))
        out.append(event)
    return out
