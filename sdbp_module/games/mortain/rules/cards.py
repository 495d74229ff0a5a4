"""The deck and the turn (M-2.1, M-4, M-7.1): MOR-DECK-01, MOR-TURN-01, MOR-TURN-02.

The card flow (``replay.hexes.flow``) says which cards were drawn since the last reshuffle and this
turn, whether a Joker ended the turn (by the deck's data: not before every side had a card of its
colour, M-4.2) or the deck is drawn out, and how many acts came after such a Joker. A turn whose start
the log does not hold (a log opening inside it) is not judged for ending early: its earlier cards are
unknown.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.mortain.rules import switches as sw
from sdbp_module.games.mortain.rules.facts import after_joker_end
from sdbp_module.ids import Severity
from sdbp_module.model.playing_cards import JOKER
from sdbp_module.replay.hexes.events import (
    CardDrawn,
    HexEvent,
    Purpose,
    Reshuffle,
    TurnStart,
)
from sdbp_module.replay.hexes.flow import ACTS
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule


def _deck(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    flow = ctx.flow
    impulse = ctx.after.current.number
    if isinstance(event, Reshuffle):
        if flow.turn_drawn and not flow.turn_over:
            return (rule.finding(before, event, f"The deck is reshuffled inside turn {flow.turn}, after {len(flow.turn_drawn)} "
                                 "cards: a turn is one pass through the deck, reshuffled at its start (M-2.1, M-4.1).",
                                 severity=Severity.SUSPICIOUS, impulse=impulse),)
        return ()
    if not isinstance(event, CardDrawn):
        return ()
    try:
        ctx.spec.card(event.card)
    except ValueError:
        return (rule.finding(before, event, f"{event.card!r} is not a card of the deck: the draw cannot be checked.",
                             severity=Severity.CANNOT_CHECK, impulse=impulse),)
    if not flow.turn_drawn and flow.drawn and flow.turn > 1:
        return (rule.finding(before, event, f"The first card of turn {flow.turn} is drawn without the deck reshuffled: "
                             f"{len(flow.drawn)} cards drawn before are still out (M-2.1).", impulse=impulse,
                             actual=len(flow.drawn), expected=0),)
    if event.card in flow.drawn:
        if event.card == JOKER and flow.ignored_jokers and event.card not in flow.drawn[flow.drawn.index(JOKER) + 1 :]:
            if ctx.switch(sw.JOKER_EARLY) == "back":
                return ()
            return (rule.finding(before, event, "The Joker is drawn a second time this turn: an ignored Joker is set aside "
                                 "for the turn (the reading joker-early=aside; put back, it may come again) (M-4.2).",
                                 severity=Severity.SUSPICIOUS, impulse=impulse),)
        return (rule.finding(before, event, f"{event.card} is drawn a second time since the deck was last shuffled "
                             f"({len(flow.drawn)} cards out) (M-2.1).", impulse=impulse),)
    return ()


def _turn_end(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    flow = ctx.flow
    acting = isinstance(event, ACTS) or (isinstance(event, CardDrawn) and event.purpose == Purpose.ACTIVATION)
    if acting and after_joker_end(flow) and flow.past_end == 0:
        what = "a card is drawn" if isinstance(event, CardDrawn) else f"{event.kind} follows"
        return (rule.finding(before, event, f"Turn {flow.turn} ended on the Joker, yet {what}: the turn is over (M-4.1).",
                             impulse=ctx.after.current.number),)
    if isinstance(event, TurnStart) and flow.turn_seen and flow.turn_drawn and not flow.turn_over:
        joker = (" the Joker drawn was ignored, before both sides had a card of their colour (M-4.2), and"
                 if flow.ignored_jokers else "")
        return (rule.finding(before, event, f"Turn {flow.turn} ends after {len(flow.turn_drawn)} cards:{joker} no Joker "
                             "ended it and the deck is not drawn out (M-4.1).", impulse=flow.current.number),)
    return ()


def _length(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    flow = ctx.flow
    last = ctx.game.game.turns
    if isinstance(event, CardDrawn) and flow.turn > last and not flow.turn_drawn:
        return (rule.finding(before, event, f"A card is drawn in turn {flow.turn}: the game lasts {last} turns (M-7.1).",
                             expected=last, actual=flow.turn, impulse=ctx.after.current.number),)
    if isinstance(event, TurnStart) and event.turn == flow.turn == last and flow.turn_drawn:
        return (rule.finding(before, event, f"Turn {last} starts again after its cards were drawn: a turn past the "
                             f"last ({last} turns, M-7.1).", impulse=flow.current.number),)
    return ()


RULES: tuple[HexRule, ...] = (
    HexRule("MOR-DECK-01", "M-2.1, M-4.1", Severity.ILLEGAL,
            "The deck is reshuffled whole at each turn start; no card is drawn twice between reshuffles.",
            check_fn=_deck, event_types=(CardDrawn, Reshuffle)),
    HexRule("MOR-TURN-01", "M-4.1, M-4.2", Severity.ILLEGAL,
            "Nothing is done after a Joker ends the turn; a turn ends only on such a Joker or with the deck drawn out.",
            check_fn=_turn_end, event_types=(*ACTS, CardDrawn, TurnStart)),
    HexRule("MOR-TURN-02", "M-7.1", Severity.ILLEGAL, "No card is drawn after the last turn.",
            check_fn=_length, event_types=(CardDrawn, TurnStart)),
)
