"""The card piles in an area-impulse game: reshuffles, whose cards a side uses, where played cards go.

Judged from ``CardDraw``, ``Reshuffle``, ``CardPlay`` and ``CardDiscard`` events and from the piles the
replay keeps (``GameState.piles``; a card is taken from the pile it should come from if there, else
from wherever it is, so a removed card that comes back shows in ``before.piles[side].removed``):

* PILE-RESHUFFLE (suspicious) — a ``Reshuffle`` outside the Draw phase, one while the deck alone could
  fill the hand (track + hand bonus sets, ``rules.area_impulse.hand``), one after the side drew the
  deck's last cards in the same phase, a card drawn from the discard pile with no reshuffle; illegal:
  a removed card (other than a remove-after-play card, ``Card.removed_after_play``) drawn again, a
  card of the opponent drawn out of the opponent's discard pile (each side reshuffles its own).
* PILE-OWN-DECK — a card of the other side played, discarded or drawn (not out of the opponent's
  discard pile: PILE-RESHUFFLE's), or, with known piles, played or discarded without being in the hand.
  A discard to continue (its hand is judged by the sequence rules) and a discard to entrench (its card
  by the game's entrenchment rule) are left alone.
* PILE-PLAYED-TO-DISCARD — a played card that is not removed from the game after play not going to
  the discard pile; in a game where no card leaves the game (``GameData.cards_leave_game``: no card is
  removed after play, none is of no side), a ``CardRemove`` (the module has no *Remove from game* there).
* PILE-DISCARD-PHASE — a discard in a phase its reason does not belong to (excess: Draw; to continue or
  to entrench: Action; voluntary: End), or an End-phase discard after the End phase left the step the
  End-phase discards belong to (``SequenceOfPlay.step_signatures["card-discard:end-phase"]``).
  ``discard_phase_findings`` is this check, for a game whose rule adds to it.

When the log never lists the piles, PILE-RESHUFFLE and PILE-OWN-DECK say so once at the end
(``hand.with_note``). The rules section a message cites is ``AreaImpulse.cite`` (topics
"reshuffle", "played-card", "discard-phase", "end-discard-step"), else the rule's reference. Each rule
has a neutral id; a game lists it under its own (``rules.base.relabel``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.ids import CardId, Phase, Severity, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardDiscard,
    CardDraw,
    CardPlay,
    CardRemove,
    DiscardReason,
    Event,
    Pile,
    Reshuffle,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse import hand
from sdbp_module.rules.base import CheckContext, FunctionRule, rule
from sdbp_module.rules.findings import Finding

F = Finding
DRAW, ACTION, END = Phase.DRAW, Phase.ACTION, Phase.END


def card_text(game: GameData, card: CardId) -> str:
    """'Name (id)' for a card of the deck list, else the id."""
    name = game.card(card).name if game.has_card(card) else None
    return f"{name} ({card})" if name is not None else str(card)


# -- reshuffles ----------------------------------------------------------------------------------------


def _drew_earlier(before: GameState, side: Side) -> int:
    """Cards ``side`` drew earlier in the current Draw phase."""
    return sum(len(e.cards) for _s, e in before.phase_steps if type(e) is CardDraw and e.side is side)


def _reshuffle_findings(r: FunctionRule, before: GameState, event: Reshuffle, ctx: CheckContext) -> Iterator[F]:
    side = event.side
    cite = ctx.impulse.cite("reshuffle", r.rule_ref)
    if before.clock.phase is not DRAW:
        where = before.clock.phase.value if before.clock.phase else "an unknown"
        yield r.finding(before, event, f"{side.label} reshuffles in the {where} phase; the deck is replenished at the draw ({cite}).")
        return
    if not before.piles_known:
        return  # said once at the end of the log
    p = before.piles_of(side)
    drew = _drew_earlier(before, side)
    if drew:
        yield r.finding(
            before, event,
            f"{side.label} drew {drew} card(s) (the deck's last) before reshuffling {len(p.discard)} discards; the "
            f"rest of the deck is merged with the discard pile, then shuffled, then drawn ({cite}).",
        )
        return
    allowance = hand.track(ctx, before.clock.turn, side)
    if allowance is None:
        return
    need = allowance + hand.bonus(ctx.game, before, side).cards - len(p.hand)
    if len(p.deck) >= need:
        yield r.finding(
            before, event,
            f"{side.label} reshuffles though the deck holds {len(p.deck)} card(s) and the hand needs {max(need, 0)} ({cite}).",
            expected=f"fewer than {max(need, 0)} in the deck", actual=len(p.deck),
        )


def _draw_source_findings(r: FunctionRule, before: GameState, event: CardDraw, ctx: CheckContext) -> Iterator[F]:
    game, side = ctx.game, event.side
    cite = ctx.impulse.cite("reshuffle", r.rule_ref)
    own = before.piles_of(side)
    foe = before.piles_of(side.enemy)
    for c in event.cards:
        if not game.has_card(c):
            continue
        data = game.card(c)
        if data.side is side.enemy and c in foe.discard:
            yield r.finding(before, event, f"{side.label} draws {card_text(game, c)} out of the {side.enemy.label} discard pile; each side reshuffles only its own ({cite}).", severity=Severity.ILLEGAL)
        elif data.side is side and c in own.removed and not data.removed_after_play:
            yield r.finding(before, event, f"{card_text(game, c)} was removed from the game; it is drawn again ({cite}: removed cards never return).", severity=Severity.ILLEGAL)
        elif data.side is side and before.piles_known and c in own.discard and c not in own.deck:
            yield r.finding(before, event, f"{side.label} draws {card_text(game, c)} from the discard pile with no reshuffle ({cite}).")


@rule("PILE-RESHUFFLE", "piles", Severity.SUSPICIOUS, "Reshuffle only when the deck cannot fill the hand, deck and own discards together; removed cards never return.", events=(Reshuffle, CardDraw))
def reshuffle(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    """A needless or late reshuffle (suspicious); a removed card or the opponent's discards drawn (illegal)."""
    if type(event) is Reshuffle:
        return list(_reshuffle_findings(r, before, event, ctx))
    if not isinstance(event, CardDraw):
        return ()
    return list(_draw_source_findings(r, before, event, ctx))


# -- plays and discards: whose card, from where, to where ------------------------------------------------


def event_cards(event: Event) -> tuple[CardId, ...]:
    """The cards a play, draw, discard or removal moves."""
    if isinstance(event, CardPlay):
        return (event.card,)
    return tuple(getattr(event, "cards", ()))


@rule("PILE-OWN-DECK", "piles", Severity.ILLEGAL, "A player draws, plays and discards only his own cards, from his own hand.", events=(CardPlay, CardDiscard, CardDraw))
def own_deck(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """A card of the other side used, or a card played/discarded that is not in the hand (known piles)."""
    if type(event) not in (CardPlay, CardDiscard, CardDraw):
        return
    game = ctx.game
    side: Side = getattr(event, "side")
    is_draw = type(event) is CardDraw
    reason = getattr(event, "reason", None)
    verb = "draws" if is_draw else "plays" if type(event) is CardPlay else "discards"
    for c in event_cards(event):
        data = game.card(c) if game.has_card(c) else None
        owner = data.side if data is not None else None
        if data is None or owner is None:
            continue  # an unknown card or the special card: the game's card-list rule
        if owner is not side:
            if (is_draw and c in before.piles_of(side.enemy).discard) or reason is DiscardReason.ENTRENCH:
                continue  # PILE-RESHUFFLE / the game's entrenchment rule
            yield r.finding(before, event, f"The {side.label} {verb} {card_text(game, c)}, a {owner.label} card.", expected=owner.value, actual=side.value)
            continue
        if is_draw or not before.piles_known or reason is DiscardReason.CONTINUE:
            continue
        p = before.piles_of(side)
        if c in p.hand or (data.removed_after_play and c in p.removed):
            continue  # in hand, or the game's remove-after-play rule
        where = p.where_is(c)
        yield r.finding(
            before, event,
            f"The {side.label} {verb} {card_text(game, c)}, which is not in his hand "
            f"({'in the ' + where.value + ' pile' if where else 'in none of his piles'}).",
        )


@rule("PILE-PLAYED-TO-DISCARD", "piles", Severity.ILLEGAL, "A played card goes to its owner's discard pile unless it is removed from the game.", events=(CardPlay, CardRemove))
def played_to_discard(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    """A played card that is not removed after play (negated or negating included) not put on the discard pile;
    in a game where no card leaves the game (``GameData.cards_leave_game``), any card removed from it."""
    game = ctx.game
    if isinstance(event, CardRemove):
        if game.cards_leave_game:
            return ()
        cite = ctx.impulse.cite("played-card", r.rule_ref)
        return tuple(
            r.finding(
                before, event,
                f"{card_text(game, c)} is removed from the game; no card of this game leaves it: a card goes to its "
                f"owner's discard pile ({cite}).",
                expected=Pile.DISCARD.value, actual=Pile.REMOVED.value,
            )
            for c in event.cards
        )
    if not isinstance(event, CardPlay):
        return ()
    c = event.card
    if event.to is Pile.DISCARD or not game.has_card(c) or game.card(c).removed_after_play or game.card(c).side is None:
        return ()
    return (
        r.finding(
            before, event,
            f"{card_text(game, c)} played goes to the {event.to.value} pile; after play it goes to the discard pile "
            f"({ctx.impulse.cite('played-card', r.rule_ref)}).",
            expected=Pile.DISCARD.value, actual=event.to.value,
        ),
    )


REASON_PHASE = {
    DiscardReason.EXCESS: DRAW,
    DiscardReason.CONTINUE: ACTION,
    DiscardReason.ENTRENCH: ACTION,
    DiscardReason.END_PHASE: END,
}
"""The phase each kind of discard belongs to."""


def discard_phase_findings(r: FunctionRule, before: GameState, event: CardDiscard, ctx: CheckContext) -> Iterator[F]:
    """A discard outside the phase of its reason, or an End-phase discard after the discard step."""
    clock = before.clock
    phase = REASON_PHASE[event.reason]
    cards = ", ".join(card_text(ctx.game, c) for c in event.cards)
    if clock.phase is None:
        return
    if clock.phase is not phase:
        cite = ctx.impulse.cite("discard-phase", r.rule_ref)
        yield r.finding(before, event, f"{event.side.label} discards {cards} ({event.reason.value}) in the {clock.phase.value} phase; that discard belongs to the {phase.value} phase ({cite}).")
        return
    if event.reason is not DiscardReason.END_PHASE:
        return
    step = ctx.sequence.step_signatures.get("card-discard:end-phase")
    if step is not None and clock.end_step not in (None, step):
        cite = ctx.impulse.cite("end-discard-step", r.rule_ref)
        yield r.finding(before, event, f"{event.side.label} discards {cards} after the End phase reached step {clock.end_step}; discards are its first step ({cite}).")


@rule("PILE-DISCARD-PHASE", "piles", Severity.ILLEGAL, "Each kind of discard only in its phase; voluntary discards in the End phase's discard step.", events=(CardDiscard,))
def discard_phase(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """A discard in a phase its reason does not belong to, or after the End phase's discard step."""
    if isinstance(event, CardDiscard):
        yield from discard_phase_findings(r, before, event, ctx)


reshuffle = hand.with_note(reshuffle)
own_deck = hand.with_note(own_deck)

RULES: tuple[FunctionRule, ...] = (reshuffle, own_deck, played_to_discard, discard_phase)
