"""Drawing, the hand and the card piles (catalogue §3.3; rules 2.3, 5.0–5.4): the CARD-* pile rules.

Judged from ``CardDraw``, ``Reshuffle``, ``CardPlay``, ``CardDiscard``, ``CardRemove`` and
``GameStart`` events and from the piles the replay keeps (``GameState.piles``, ``replay.apply``
``_move_cards``: a card is taken from the pile it should come from if there, else from wherever it
is, so a removed card that comes back shows as being in ``before.piles[side].removed``):

* HAND-SIZE — each Draw phase as a whole (``phase_rule``): the hand at its end = target =
  ``TurnInfo.cards[side]`` + the card bonus (switch ``hand_target_includes_bonus``, AMB-03, says
  whether the excess is measured against track + bonus (REC) or the track alone), unless deck and
  discard pile are both empty at the end (then the hand holds everything there was); excess
  discards (``CardDiscard`` reason ``excess``) must bring an over-full hand exactly to the target.
  A final count wrong in its bonus is left to CARD-BONUS-SETS (below); a hand drawn past its size
  with no bonus claimed is HAND-SIZE's; the French turn-1 hand is CARD-TURN1-FRENCH-6's. HAND-SIZE and CARD-BONUS-SETS are
  the shared area-impulse rules (``rules.area_impulse.hand``) under the catalogue's ids.
* CARD-BONUS-SETS — the cards held beyond the track value after the draw = the bonus the side
  earned by controlling all of the white set (6 9 14) and/or the grey set (16 20 21) at the start
  of the Draw phase (areas from ``Area.card_bonus``). Its faults: the track drawn but an earned bonus
  left out, or a hand past its size by exactly the bonus the control markers on the board claim
  (a marker not moved after control changed: what the module's Draw button counts). A hand past its
  size that no marker claims is HAND-SIZE's (one fault, one id).
* CARD-TURN1-FRENCH-6 — the French hand after the turn-1 draw is 6 (5.1). Hands are empty before
  the first draw, so this (like the other draw rules on the first turn) needs no pile listing.
* CARD-DRAW-ONLY-IN-DRAW — a ``CardDraw`` outside the Draw phase.
* CARD-RESHUFFLE — suspicious: a ``Reshuffle`` outside the Draw phase, one while the deck alone
  could fill the hand, or one after the side drew the deck's last cards in the same phase (CA-3),
  a card drawn from the discard pile with no reshuffle; illegal: a removed card (other than a
  remove-after-play card: CARD-REMOVED-AFTER-PLAY) drawn again, a card of the opponent drawn out
  of the opponent's discard pile.
* CARD-OWN-DECK — a card of the other side played, discarded or drawn (not from the opponent's
  discard pile: CARD-RESHUFFLE), or, with known piles, played or discarded without being in the
  hand (a discard to continue: SEQ-FR-DISCARD-CONTINUE checks the hand; an entrenchment card's
  side: ENTRENCH-CARD-VALUE).
* CARD-COPY-COUNT — a card id the deck list does not hold, the special 55th card in play, a card
  listed twice or in the wrong side's piles at the game start, a card in two places after a move.
* CARD-REMOVED-AFTER-PLAY — a played remove-after-play card not going to the removed pile, and
  any later draw, play or discard of such a card out of the removed pile (CA-4).
* CARD-DISCARD-NOT-REMOVED — a discarded card not going to the discard pile, or removed from the
  game out of the discard pile afterwards (SQ-6). Entrenchment discards are left to
  ENTRENCH-CARD-VALUE, which already reports them.
* CARD-PLAYED-TO-DISCARD — a played card without "remove from game" not going to the discard pile.
* CARD-END-DISCARD — an end-phase discard outside the End phase's discard step, or a French
  end-phase discard before the VM's; excess discards outside the Draw phase; discards to continue
  or to entrench outside the Action phase.

What the log cannot show: which card the deck gave (only that it was drawn), the printed name on a
card (events carry ids only), and, when the game start lists no piles (``state.piles_known``
False), the hands after the first turn: HAND-SIZE, CARD-BONUS-SETS, CARD-RESHUFFLE and
CARD-OWN-DECK then give one ``cannot-check`` each at the end of the log. The turn-track allowances
after turn 1 are reconstructed in the bundled data (``TurnInfo.source``).

CARD-RESHUFFLE, CARD-OWN-DECK and CARD-PLAYED-TO-DISCARD are the shared pile rules
(``rules.area_impulse.piles``) under the catalogue's ids; CARD-END-DISCARD is the shared discard-phase
check (``piles.discard_phase_findings``) plus the order of the End-phase discards (VM first).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.sodbp_cards import card_name
from sdbp_module.ids import CardId, Phase, Severity, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardDiscard,
    CardDraw,
    CardPlay,
    CardRemove,
    DiscardReason,
    Event,
    GameStart,
    Pile,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse import hand as shared
from sdbp_module.rules.area_impulse import piles as shared_piles
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Rule,
    Steps,
    phase_rule,
    relabel,
    rule,
)
from sdbp_module.rules.findings import Finding

F = Finding
VM, FR = VIET_MINH, FRENCH
DRAW, END = Phase.DRAW, Phase.END
TURN1_FRENCH_HAND = 6  # 5.1: 4 from the track + both bonuses


def _card_text(game: GameData, card: CardId) -> str:
    name = card_name(game, card)
    return f"{name} ({card})" if name is not None else str(card)


def _first_turn(ctx: CheckContext) -> int:
    return shared.first_turn(ctx)


hand_size = relabel(shared.hand_size, "HAND-SIZE", "5.1, 5.4")
card_bonus_sets = relabel(
    shared.card_bonus_sets,
    "CARD-BONUS-SETS",
    "5.1",
    "One bonus card per card set (6 9 14; 16 20 21) the side wholly controls at the draw.",
)


@phase_rule("CARD-TURN1-FRENCH-6", "5.1", Severity.ILLEGAL, "The French hand after the turn-1 draw is 6 cards.", phase=DRAW)
def card_turn1_french_6(r: FunctionRule, steps: Steps, end: GameState, ctx: CheckContext) -> Iterator[F]:
    """French hand after the first turn's draw = 6 (4 + both bonuses, 5.1); hands start empty."""
    if getattr(steps[0][1], "turn", None) != _first_turn(ctx):
        return
    hand = len(end.hand(FR))
    if hand == TURN1_FRENCH_HAND:
        return
    at: tuple[GameState, Event] = (end, steps[0][1])
    for s, e in steps[1:]:
        if type(e) in (CardDraw, CardDiscard) and getattr(e, "side", None) is FR:
            at = (s, e)
    if not end.piles_known and at[0] is end:
        yield r.finding(
            end, steps[0][1], "Cannot check CARD-TURN1-FRENCH-6: no French draw is logged and the piles are not listed.",
            severity=Severity.CANNOT_CHECK, side=FR,
        )
        return
    yield r.finding(
        at[0], at[1], f"French hand {hand} after the turn-{_first_turn(ctx)} draw; 6 (4 + both bonuses, 5.1).",
        side=FR, expected=TURN1_FRENCH_HAND, actual=hand,
    )


# -- draws and reshuffles --------------------------------------------------------------------------------


@rule("CARD-DRAW-ONLY-IN-DRAW", "5.1", Severity.ILLEGAL, "Cards enter a hand only in the Draw phase.", events=(CardDraw,))
def card_draw_only_in_draw(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    """A draw in the Action or End phase (no card draws cards, 5.1)."""
    if not isinstance(event, CardDraw):
        return ()
    phase = before.clock.phase
    if phase is DRAW:
        return ()
    cards = ", ".join(_card_text(ctx.game, c) for c in event.cards)
    if phase is None:
        return (r.finding(before, event, f"Cannot check CARD-DRAW-ONLY-IN-DRAW: the phase of the draw of {cards} is not known.", severity=Severity.CANNOT_CHECK),)
    return (r.finding(before, event, f"{event.side.label} draws {cards} in the {phase.value} phase; cards are drawn only in the Draw phase (5.1)."),)


card_reshuffle = relabel(shared_piles.reshuffle, "CARD-RESHUFFLE", "5.4")


# -- plays and discards: whose card, from where, to where ------------------------------------------------


card_own_deck = relabel(shared_piles.own_deck, "CARD-OWN-DECK", "2.3, 5.0")


def _positions(state: GameState, card: CardId) -> int:
    return sum(p.get(pile).count(card) for p in state.piles.values() for pile in Pile)


def _start_listing(r: FunctionRule, event: GameStart, after: GameState, ctx: CheckContext) -> Iterator[F]:
    game = ctx.game
    seen: dict[CardId, int] = {}
    for pc in event.piles or ():
        for c in pc.cards:
            seen[c] = seen.get(c, 0) + 1
            if not game.has_card(c):
                yield r.finding(after, event, f"The game start lists card {c} in the {pc.side.label} {pc.pile.value} pile; the deck list has no such card.")
            elif game.card(c).side is not pc.side:
                owner = game.card(c).side
                yield r.finding(after, event, f"The game start lists {_card_text(game, c)} in the {pc.side.label} {pc.pile.value} pile; it is {'a ' + owner.label if owner else 'the special'} card.")
    for c, n in seen.items():
        if n > 1:
            yield r.finding(after, event, f"The game start lists {_card_text(game, c)} {n} times; there is one card with that serial number.", expected=1, actual=n)


@rule("CARD-COPY-COUNT", "card list", Severity.ILLEGAL, "Card ids match the deck list; no card exists twice.", events=(GameStart, CardDraw, CardPlay, CardDiscard, CardRemove))
def card_copy_count(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """Unknown ids, the special card in play, and a card in two places at once (card list, 2.3)."""
    if type(event) is GameStart:
        yield from _start_listing(r, event, after, ctx)
        return
    if type(event) not in (CardDraw, CardPlay, CardDiscard, CardRemove):
        return
    game = ctx.game
    side: Side = getattr(event, "side")
    for c in shared_piles.event_cards(event):
        if not game.has_card(c):
            yield r.finding(before, event, f"Card {c} is not in the deck list (27 cards a side, 2.3).")
        elif game.card(c).side is None:
            yield r.finding(before, event, f"{_card_text(game, c)} is the special card, not used in play (2.3).")
        elif game.card(c).side is side and (n := _positions(after, c)) > 1:
            yield r.finding(before, event, f"{_card_text(game, c)} is now in {n} places; there is one copy with that serial number.", expected=1, actual=n)


@rule("CARD-REMOVED-AFTER-PLAY", "5.2", Severity.ILLEGAL, "A played remove-from-game card goes to the removed pile and never returns.", events=(CardPlay, CardDiscard, CardDraw))
def card_removed_after_play(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """Placement of a played remove-after-play card, and its return from the removed pile (CA-4)."""
    if type(event) not in (CardPlay, CardDiscard, CardDraw):
        return
    game = ctx.game
    side: Side = getattr(event, "side")
    for c in shared_piles.event_cards(event):
        if not game.has_card(c) or not game.card(c).removed_after_play:
            continue
        if any(c in p.removed for p in before.piles.values()):
            verb = {CardDraw: "drawn", CardPlay: "played", CardDiscard: "discarded"}[type(event)]
            yield r.finding(before, event, f"{_card_text(game, c)} was removed from the game after play; it is {verb} by the {side.label} again (5.2).")
        if type(event) is CardPlay and event.to is not Pile.REMOVED:
            yield r.finding(
                before, event,
                f"{_card_text(game, c)} is removed from the game after play; the log puts it in the {event.to.value} pile (5.2).",
                expected=Pile.REMOVED.value, actual=event.to.value,
            )


@rule("CARD-DISCARD-NOT-REMOVED", "5.2", Severity.ILLEGAL, "A discarded (not played) card goes to the discard pile, even a remove-from-game card.", events=(CardDiscard, CardRemove))
def card_discard_not_removed(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """A discard to another pile than the discard pile, or a discarded card then removed (SQ-6)."""
    game = ctx.game
    if isinstance(event, CardDiscard):
        if event.to is Pile.DISCARD or event.reason is DiscardReason.ENTRENCH:
            return  # entrenchment: ENTRENCH-CARD-VALUE reports it
        for c in event.cards:
            removable = game.has_card(c) and game.card(c).removed_after_play
            why = " even a remove-from-game card goes to the discard pile when discarded" if removable else " a discarded card goes to the discard pile"
            yield r.finding(
                before, event,
                f"{_card_text(game, c)} discarded ({event.reason.value}) goes to the {event.to.value} pile;{why} (5.2, 5.3).",
                expected=Pile.DISCARD.value, actual=event.to.value,
            )
        return
    if not isinstance(event, CardRemove):
        return
    entrenched = {c for _s, e in before.action_steps if type(e) is CardDiscard and e.reason is DiscardReason.ENTRENCH for c in e.cards}
    discard = before.piles_of(event.side).discard
    for c in event.cards:
        if c in discard and c not in entrenched:
            yield r.finding(
                before, event, f"{_card_text(game, c)} was discarded, not played; it is removed from the game out of the discard pile (5.2).",
                expected=Pile.DISCARD.value, actual=Pile.REMOVED.value,
            )


card_played_to_discard = relabel(shared_piles.played_to_discard, "CARD-PLAYED-TO-DISCARD", "5.2, 8.2")


@rule("CARD-END-DISCARD", "5.3, 4.0 C", Severity.ILLEGAL, "Voluntary discards only in the End phase's discard step, the VM first.", events=(CardDiscard,))
def card_end_discard(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """The shared discard-phase check, then a French End-phase discard before the VM's (4.0 C, 5.3)."""
    if not isinstance(event, CardDiscard):
        return
    yield from shared_piles.discard_phase_findings(r, before, event, ctx)
    if before.clock.phase is not END or event.reason is not DiscardReason.END_PHASE:
        return  # the order of the End-phase discards only
    if event.side is VM:
        early = [e for _s, e in before.phase_steps if type(e) is CardDiscard and e.side is FR and e.reason is DiscardReason.END_PHASE]
        if early:
            cards = ", ".join(_card_text(ctx.game, c) for c in event.cards)
            yield r.finding(before, event, f"The Viet Minh discards {cards} after the French End-phase discards; the VM discards first (4.0 C, 5.3).")


RULES: tuple[Rule, ...] = (
    hand_size,
    card_bonus_sets,
    card_turn1_french_6,
    card_draw_only_in_draw,
    card_reshuffle,
    card_own_deck,
    card_copy_count,
    card_removed_after_play,
    card_discard_not_removed,
    card_played_to_discard,
    card_end_discard,
)
