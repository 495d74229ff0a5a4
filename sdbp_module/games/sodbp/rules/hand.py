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
  A final count that is off by a bonus-sized amount (0–2 cards beyond the track value) is left to
  CARD-BONUS-SETS; the French turn-1 hand to CARD-TURN1-FRENCH-6.
* CARD-BONUS-SETS — the cards held beyond the track value after the draw = the bonus the side
  earned by controlling all of the white set (6 9 14) and/or the grey set (16 20 21) at the start
  of the Draw phase (areas from ``Area.card_bonus``).
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
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import Enum

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, CardBonus
from sdbp_module.games.sodbp.rules.play_sequence import DISCARDS
from sdbp_module.games.sodbp.rules.sodbp_cards import card_name
from sdbp_module.ids import AreaId, CardId, Phase, Severity, Side
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
    Reshuffle,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import (
    CheckContext,
    FinishFn,
    FunctionRule,
    Rule,
    Steps,
    phase_rule,
    rule,
)
from sdbp_module.rules.findings import Finding

F = Finding
VM, FR = VIET_MINH, FRENCH
DRAW, ACTION, END = Phase.DRAW, Phase.ACTION, Phase.END
TURN1_FRENCH_HAND = 6  # 5.1: 4 from the track + both bonuses
_SETS = ((CardBonus.WHITE, "white"), (CardBonus.GREY, "grey"))


def _card_text(game: GameData, card: CardId) -> str:
    name = card_name(game, card)
    return f"{name} ({card})" if name is not None else str(card)


def _first_turn(ctx: CheckContext) -> int:
    return ctx.game.scenario.first_turn


def _track(ctx: CheckContext, turn: int, side: Side) -> int | None:
    """The card allowance printed under the turn track (5.1); None when the data has no such turn."""
    if not 1 <= turn <= len(ctx.game.turn_track):
        return None
    return ctx.game.turn(turn).cards.get(side)


# -- the card bonus (5.1) ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Bonus:
    cards: int
    words: str  # the sets and their controllers, for a message
    areas: tuple[AreaId, ...]


def _bonus(game: GameData, state: GameState, side: Side) -> _Bonus:
    """+1 per set (white, grey) whose three areas ``side`` all controls (5.1)."""
    cards, words, all_areas = 0, list[str](), list[AreaId]()
    for colour, label in _SETS:
        areas = game.bonus_areas(colour)
        all_areas.extend(areas)
        holders = {state.controller(a) for a in areas}
        nums = " ".join(str(a) for a in areas)
        if holders == {side}:
            cards += 1
            words.append(f"{label} set {nums} all {side.label}")
        elif len(holders) == 1 and None not in holders:
            words.append(f"{label} set {nums} all {side.enemy.label}")
        else:
            held = ", ".join(f"{a} {c.label if (c := state.controller(a)) else 'nobody'}" for a in areas)
            words.append(f"{label} set split ({held})")
    return _Bonus(cards, "; ".join(words), tuple(all_areas))


# -- one side's Draw phase ----------------------------------------------------------------------------


class _Verdict(Enum):
    OK = "ok"
    EXCESS = "excess"  # the excess discards are wrong (HAND-SIZE)
    BONUS = "bonus"  # the count beyond the track is a wrong bonus (CARD-BONUS-SETS)
    SIZE = "size"  # the final hand is wrong otherwise (HAND-SIZE)
    UNKNOWN = "unknown"  # the hand before the draw is not known


@dataclass(frozen=True, slots=True)
class _Draw:
    side: Side
    turn: int
    track: int
    bonus: _Bonus
    target: int  # track + bonus
    start: int  # hand before the draw
    end: int  # hand after it
    drawn: int
    excess: int  # cards discarded as excess
    excess_needed: int  # under the switch's reading
    excess_other: int  # under the other reading of AMB-03
    available: int  # deck + discard at the end
    at: tuple[GameState, Event]  # where to point: the side's last draw or excess discard, else the phase start
    verdict: _Verdict

    def target_words(self) -> str:
        return f"{self.target} (track {self.track} + bonus {self.bonus.cards})"


def _draw_phase(steps: Steps, end: GameState, ctx: CheckContext, side: Side) -> _Draw | None:
    """What ``side`` did in the Draw phase ``steps`` and how it compares with 5.1; None = no track."""
    start_state, start_event = steps[0]
    turn = getattr(start_event, "turn", start_state.clock.turn)
    track = _track(ctx, turn, side)
    if track is None:
        return None
    bonus = _bonus(ctx.game, start_state, side)
    drawn = excess = 0
    at: tuple[GameState, Event] = (end, start_event)  # the phase's own clock, not the one before it
    for s, e in steps[1:]:
        if type(e) is CardDraw and e.side is side:
            drawn += len(e.cards)
            at = (s, e)
        elif type(e) is CardDiscard and e.side is side and e.reason is DiscardReason.EXCESS:
            excess += len(e.cards)
            at = (s, e)
    target = track + bonus.cards
    includes = ctx.rules.get("hand_target_includes_bonus") != "false"
    start = len(start_state.hand(side))
    needed = max(0, start - (target if includes else track))
    other = max(0, start - (track if includes else target))
    p = end.piles_of(side)
    hand_end, available = len(p.hand), len(p.deck) + len(p.discard)
    # hands are empty before the first draw (5.1): its logged draws tell the hand even unlisted
    known = end.piles_known or (turn == _first_turn(ctx) and at[1] is not start_event)
    if not known:
        verdict = _Verdict.UNKNOWN
    elif excess != needed:
        verdict = _Verdict.EXCESS
    elif hand_end == target or (hand_end < target and available == 0):
        verdict = _Verdict.OK
    elif 0 <= hand_end - track <= len(_SETS):
        verdict = _Verdict.BONUS
    else:
        verdict = _Verdict.SIZE
    return _Draw(side, turn, track, bonus, target, start, hand_end, drawn, excess, needed, other, available, at, verdict)


def _pile_note(rule_id: str) -> FinishFn:
    """A finish that says once per log that the piles were never listed (after the first turn)."""

    def note(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[F]:
        if final.piles_known or final.clock.turn < _first_turn(ctx):
            return ()
        return (
            self.finding(
                final,
                None,
                f"Cannot check {rule_id}: the log never lists the card piles (no game start with the decks), "
                f"so the hands are not known (only the turn-{_first_turn(ctx)} draws, from empty hands, are judged).",
                severity=Severity.CANNOT_CHECK,
            ),
        )

    return note


def _with_note(r: FunctionRule) -> FunctionRule:
    """``r`` with the unknown-piles note added to its finish."""
    own = r.finish_fn
    note = _pile_note(r.rule_id)

    def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[F]:
        return [*own(self, final, ctx), *note(self, final, ctx)]

    return replace(r, finish_fn=finish)


# -- HAND-SIZE, CARD-BONUS-SETS, CARD-TURN1-FRENCH-6 ----------------------------------------------------


def _skip_turn1_french(d: _Draw, ctx: CheckContext) -> bool:
    return d.side is FR and d.turn == _first_turn(ctx)


@phase_rule("HAND-SIZE", "5.1, 5.4", Severity.ILLEGAL, "After the draw the hand holds track + bonus cards, excess discarded exactly.", phase=DRAW)
def hand_size(r: FunctionRule, steps: Steps, end: GameState, ctx: CheckContext) -> Iterator[F]:
    """The hand after each side's draw = target, excess discards exactly down to it (5.1, 5.4, AMB-03)."""
    for side in (VM, FR):
        d = _draw_phase(steps, end, ctx, side)
        if d is None:
            yield r.finding(
                end, steps[0][1], f"Cannot check HAND-SIZE: the game data gives no {side.label} card allowance for this turn.",
                severity=Severity.CANNOT_CHECK, side=side,
            )
            continue
        if _skip_turn1_french(d, ctx):
            continue
        s, e = d.at
        if d.verdict is _Verdict.EXCESS:
            severity = ctx.rules.rec_severity() if d.excess == d.excess_other else None
            reading = "track + bonus" if ctx.rules.get("hand_target_includes_bonus") != "false" else "the track value"
            yield r.finding(
                s, e,
                f"{side.label} hand {d.start} at the draw, excess measured against {reading} (target "
                f"{d.target_words()}): {d.excess} card(s) discarded as excess, {d.excess_needed} needed.",
                severity=severity, side=side, expected=d.excess_needed, actual=d.excess,
            )
        elif d.verdict is _Verdict.SIZE:
            yield r.finding(
                s, e,
                f"{side.label} hand {d.end} after the Draw phase ({d.start} before, {d.drawn} drawn); target "
                f"{d.target_words()}, deck + discard still held {d.available}.",
                side=side, expected=d.target, actual=d.end,
            )


@phase_rule("CARD-BONUS-SETS", "5.1", Severity.ILLEGAL, "One bonus card per card set (6 9 14; 16 20 21) the side wholly controls at the draw.", phase=DRAW)
def card_bonus_sets(r: FunctionRule, steps: Steps, end: GameState, ctx: CheckContext) -> Iterator[F]:
    """The cards held beyond the track value after the draw = the bonus earned by control (5.1)."""
    for side in (VM, FR):
        d = _draw_phase(steps, end, ctx, side)
        if d is None or _skip_turn1_french(d, ctx) or d.verdict is not _Verdict.BONUS:
            continue
        s, e = d.at
        yield r.finding(
            s, e,
            f"{side.label} holds {d.end} after the draw = track {d.track} + {d.end - d.track} bonus card(s); "
            f"earned {d.bonus.cards} ({d.bonus.words}).",
            side=side, areas=d.bonus.areas, expected=d.bonus.cards, actual=d.end - d.track,
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


def _drew_earlier(before: GameState, side: Side) -> int:
    """Cards ``side`` drew earlier in the current Draw phase."""
    return sum(len(e.cards) for _s, e in before.phase_steps if type(e) is CardDraw and e.side is side)


def _reshuffle_findings(r: FunctionRule, before: GameState, event: Reshuffle, ctx: CheckContext) -> Iterator[F]:
    side = event.side
    if before.clock.phase is not DRAW:
        where = before.clock.phase.value if before.clock.phase else "an unknown"
        yield r.finding(before, event, f"{side.label} reshuffles in the {where} phase; the deck is replenished at the draw (5.4).")
        return
    if not before.piles_known:
        return  # said once at the end of the log
    p = before.piles_of(side)
    drew = _drew_earlier(before, side)
    if drew:
        yield r.finding(
            before, event,
            f"{side.label} drew {drew} card(s) (the deck's last) before reshuffling {len(p.discard)} discards; the "
            f"rest of the deck is merged with the discard pile, then shuffled, then drawn (5.4).",
        )
        return
    track = _track(ctx, before.clock.turn, side)
    if track is None:
        return
    need = track + _bonus(ctx.game, before, side).cards - len(p.hand)
    if len(p.deck) >= need:
        yield r.finding(
            before, event,
            f"{side.label} reshuffles though the deck holds {len(p.deck)} card(s) and the hand needs {max(need, 0)} (5.4).",
            expected=need, actual=len(p.deck),
        )


def _draw_source_findings(r: FunctionRule, before: GameState, event: CardDraw, ctx: CheckContext) -> Iterator[F]:
    game, side = ctx.game, event.side
    own = before.piles_of(side)
    foe = before.piles_of(side.enemy)
    for c in event.cards:
        if not game.has_card(c):
            continue
        data = game.card(c)
        if data.side is side.enemy and c in foe.discard:
            yield r.finding(before, event, f"{side.label} draws {_card_text(game, c)} out of the {side.enemy.label} discard pile; each side reshuffles only its own (5.4).", severity=Severity.ILLEGAL)
        elif data.side is side and c in own.removed and not data.removed_after_play:
            yield r.finding(before, event, f"{_card_text(game, c)} was removed from the game; it is drawn again (5.4: removed cards never return).", severity=Severity.ILLEGAL)
        elif data.side is side and before.piles_known and c in own.discard and c not in own.deck:
            yield r.finding(before, event, f"{side.label} draws {_card_text(game, c)} from the discard pile with no reshuffle (5.4).")


@rule("CARD-RESHUFFLE", "5.4", Severity.SUSPICIOUS, "Reshuffle only when the deck cannot fill the hand, deck and own discards together; removed cards never return.", events=(Reshuffle, CardDraw))
def card_reshuffle(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    """A needless or late reshuffle (suspicious); a removed card or the opponent's discards drawn (illegal)."""
    if type(event) is Reshuffle:
        return list(_reshuffle_findings(r, before, event, ctx))
    if not isinstance(event, CardDraw):
        return ()
    return list(_draw_source_findings(r, before, event, ctx))


# -- plays and discards: whose card, from where, to where ------------------------------------------------


def _event_cards(event: Event) -> tuple[CardId, ...]:
    if isinstance(event, CardPlay):
        return (event.card,)
    return tuple(getattr(event, "cards", ()))


@rule("CARD-OWN-DECK", "2.3, 5.0", Severity.ILLEGAL, "A player draws, plays and discards only his own cards, from his own hand.", events=(CardPlay, CardDiscard, CardDraw))
def card_own_deck(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """A card of the other side used, or a card played/discarded that is not in the hand (known piles)."""
    if type(event) not in (CardPlay, CardDiscard, CardDraw):
        return
    game = ctx.game
    side: Side = getattr(event, "side")
    is_draw = type(event) is CardDraw
    reason = getattr(event, "reason", None)
    verb = "draws" if is_draw else "plays" if type(event) is CardPlay else "discards"
    for c in _event_cards(event):
        data = game.card(c) if game.has_card(c) else None
        owner = data.side if data is not None else None
        if data is None or owner is None:
            continue  # CARD-COPY-COUNT
        if owner is not side:
            if (is_draw and c in before.piles_of(side.enemy).discard) or reason is DiscardReason.ENTRENCH:
                continue  # CARD-RESHUFFLE / ENTRENCH-CARD-VALUE
            yield r.finding(before, event, f"The {side.label} {verb} {_card_text(game, c)}, a {owner.label} card.", expected=owner.value, actual=side.value)
            continue
        if is_draw or not before.piles_known or reason is DiscardReason.CONTINUE:
            continue
        p = before.piles_of(side)
        if c in p.hand or (data.removed_after_play and c in p.removed):
            continue  # in hand, or CARD-REMOVED-AFTER-PLAY
        where = p.where_is(c)
        yield r.finding(
            before, event,
            f"The {side.label} {verb} {_card_text(game, c)}, which is not in his hand "
            f"({'in the ' + where.value + ' pile' if where else 'in none of his piles'}).",
        )


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
    for c in _event_cards(event):
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
    for c in _event_cards(event):
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


@rule("CARD-PLAYED-TO-DISCARD", "5.2, 8.2", Severity.ILLEGAL, "A played card goes to its owner's discard pile unless it is removed from the game.", events=(CardPlay,))
def card_played_to_discard(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    """A played non-removable card (negated or negating included) not put on the discard pile."""
    if not isinstance(event, CardPlay):
        return ()
    game, c = ctx.game, event.card
    if event.to is Pile.DISCARD or not game.has_card(c) or game.card(c).removed_after_play or game.card(c).side is None:
        return ()
    return (
        r.finding(
            before, event,
            f"{_card_text(game, c)} played goes to the {event.to.value} pile; after play it goes to the discard pile (5.2).",
            expected=Pile.DISCARD.value, actual=event.to.value,
        ),
    )


_REASON_PHASE = {
    DiscardReason.EXCESS: DRAW,
    DiscardReason.CONTINUE: ACTION,
    DiscardReason.ENTRENCH: ACTION,
    DiscardReason.END_PHASE: END,
}


@rule("CARD-END-DISCARD", "5.3, 4.0 C", Severity.ILLEGAL, "Voluntary discards only in the End phase's discard step, the VM first.", events=(CardDiscard,))
def card_end_discard(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """A discard in a phase its reason does not belong to, after the discard step, or French before VM."""
    if not isinstance(event, CardDiscard):
        return
    clock = before.clock
    phase = _REASON_PHASE[event.reason]
    cards = ", ".join(_card_text(ctx.game, c) for c in event.cards)
    if clock.phase is None:
        return
    if clock.phase is not phase:
        yield r.finding(before, event, f"{event.side.label} discards {cards} ({event.reason.value}) in the {clock.phase.value} phase; that discard belongs to the {phase.value} phase (5.3).")
        return
    if event.reason is not DiscardReason.END_PHASE:
        return
    if clock.end_step not in (None, DISCARDS):
        yield r.finding(before, event, f"{event.side.label} discards {cards} after the End phase reached step {clock.end_step}; discards are its first step (4.0 C).")
    if event.side is VM:
        early = [e for _s, e in before.phase_steps if type(e) is CardDiscard and e.side is FR and e.reason is DiscardReason.END_PHASE]
        if early:
            yield r.finding(before, event, f"The Viet Minh discards {cards} after the French End-phase discards; the VM discards first (4.0 C, 5.3).")


RULES: tuple[Rule, ...] = (
    _with_note(hand_size),
    _with_note(card_bonus_sets),
    card_turn1_french_6,
    card_draw_only_in_draw,
    _with_note(card_reshuffle),
    _with_note(card_own_deck),
    card_copy_count,
    card_removed_after_play,
    card_discard_not_removed,
    card_played_to_discard,
    card_end_discard,
)
