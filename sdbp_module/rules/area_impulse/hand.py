"""The hand in an area-impulse game: the size of each side's hand after the Draw phase.

Each Draw phase is judged as a whole (``phase_rule``): a side's hand at its end = target = the
turn track's allowance (``TurnInfo.cards[side]``) + the cards of each hand bonus set
(``game.hand_bonus_sets``, areas by ``Area.card_bonus``) whose areas the side all controls at the
start of the phase, unless deck and discard pile are both empty at the end (then the hand holds
everything there was); excess discards (``CardDiscard`` reason ``excess``) must bring an over-full
hand exactly to the target (measured against track + bonus, or, where the game's switch
``AreaImpulse.hand_excess_switch`` says "false", the track alone). In a game that keeps an over-full
hand (``AreaImpulse.hand_excess_kept``) no excess is discarded: a hand above its target stays as it
is and draws nothing. A final count that is wrong in its bonus is HAND-BONUS-SETS's: the track
drawn but an earned bonus left out, or, past the target, exactly the bonus the control markers on
the board claim (``shown_bonus``; what the module's Draw button counts) where control gives
another. The others are HAND-SIZE's, a hand drawn past its size with no bonus claimed among them. A side of
``AreaImpulse.first_draw_exempt`` is not judged on the first turn (its game has a rule of its own).
When the log never lists the piles, the hands after the first turn are unknown: one cannot-check
each at the end of the log (``with_note``). Each rule has a neutral id; a game lists it under its
own (``rules.base.relabel``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from enum import Enum

from sdbp_module.ids import AreaId, Phase, Severity, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.events import CardDiscard, CardDraw, DiscardReason, Event
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Steps, phase_rule
from sdbp_module.rules.findings import Finding

F = Finding
DRAW = Phase.DRAW


def first_turn(ctx: CheckContext) -> int:
    """The scenario's first turn (hands are empty before its draw)."""
    return ctx.game.scenario.first_turn


def track(ctx: CheckContext, turn: int, side: Side) -> int | None:
    """The card allowance printed under the turn track; None when the data has no such turn."""
    if not 1 <= turn <= len(ctx.game.turn_track):
        return None
    return ctx.game.turn(turn).cards.get(side)


# -- the card bonus ------------------------------------------------------------------------------------


@record
class Bonus:
    """The cards a side's hand gains from the bonus sets it holds, in words, and the sets' areas."""

    cards: int
    words: str  # the sets and their controllers, for a message
    areas: tuple[AreaId, ...]


def bonus(game: GameData, state: GameState, side: Side) -> Bonus:
    """The cards of each hand bonus set (``game.hand_bonus_sets``) whose areas ``side`` all controls."""
    cards, words, all_areas = 0, list[str](), list[AreaId]()
    for bonus_set in game.game.hand_bonus_sets:
        label = bonus_set.id
        areas = game.bonus_areas(bonus_set.id)
        all_areas.extend(areas)
        holders = {state.controller(a) for a in areas}
        nums = " ".join(str(a) for a in areas)
        if holders == {side}:
            cards += bonus_set.cards
            words.append(f"{label} set {nums} all {side.label}")
        elif len(holders) == 1 and None not in holders:
            words.append(f"{label} set {nums} all {side.enemy.label}")
        else:
            held = ", ".join(f"{a} {c.label if (c := state.controller(a)) else 'nobody'}" for a in areas)
            words.append(f"{label} set split ({held})")
    return Bonus(cards, "; ".join(words), tuple(all_areas))


def shown_bonus(game: GameData, state: GameState, side: Side) -> int | None:
    """The cards of the bonus sets the control markers on the board show ``side`` holding (a marker of the
    side in each area, or the area printed as the side's with no marker): the bonus a player reading the
    board claims (the module's **Draw** button counts the same way). None when the log never showed the
    markers (``GameState.control_markers`` unknown): then no bonus is claimed beyond what control gives."""
    markers = state.control_markers
    if markers is None:
        return None
    cards = 0
    for bonus_set in game.game.hand_bonus_sets:
        areas = game.bonus_areas(bonus_set.id)
        if areas and all((markers.get(a) or game.area(a).control) is side for a in areas):
            cards += bonus_set.cards
    return cards


# -- one side's Draw phase ----------------------------------------------------------------------------


class _Verdict(Enum):
    OK = "ok"
    EXCESS = "excess"  # the excess discards are wrong (HAND-SIZE)
    BONUS = "bonus"  # a wrong bonus: an earned one left out, or one the board's markers claim that control does not give
    SIZE = "size"  # the final hand is wrong otherwise, past its size with no bonus claimed included (HAND-SIZE)
    UNKNOWN = "unknown"  # the hand before the draw is not known


@record
class _Draw:
    """One side's Draw phase as the hand-size rules judge it: the hand it must reach, and what the log did."""

    side: Side
    turn: int
    track: int
    bonus: Bonus
    target: int  # track + bonus
    goal: int  # the hand the draw must leave: the target, or a larger hand the game keeps
    start: int  # hand before the draw
    end: int  # hand after it
    drawn: int
    excess: int  # cards discarded as excess
    excess_needed: int  # under the switch's reading
    excess_other: int  # under the other reading of AMB-03
    available: int  # deck + discard at the end
    shown: int | None  # the bonus the board's control markers show (None: the markers are not known)
    at: tuple[GameState, Event]  # where to point: the side's last draw or excess discard, else the phase start
    verdict: _Verdict

    def target_words(self) -> str:
        words = f"{self.target} (track {self.track} + bonus {self.bonus.cards})"
        return words if self.goal == self.target else f"{words}, the {self.goal} held at the draw kept"


_drawn: list[tuple[Steps, GameState, CheckContext, Side, _Draw | None]] = []  # the phase's two sides, judged last


def _draw_phase(steps: Steps, end: GameState, ctx: CheckContext, side: Side) -> _Draw | None:
    """What ``side`` did in the Draw phase ``steps`` and how it compares with the hand size; None = no track.

    Remembered for the last phase asked about (its two sides): HAND-SIZE and HAND-BONUS-SETS judge the same draw."""
    for s, e, c, d, found in _drawn:
        if s is steps and e is end and c is ctx and d is side:
            return found
    found = _judge_draw(steps, end, ctx, side)
    if len(_drawn) >= 2:
        del _drawn[0]
    _drawn.append((steps, end, ctx, side, found))
    return found


remembers(_drawn.clear)


def _judge_draw(steps: Steps, end: GameState, ctx: CheckContext, side: Side) -> _Draw | None:
    start_state, start_event = steps[0]
    turn = getattr(start_event, "turn", start_state.clock.turn)
    allowance = track(ctx, turn, side)
    if allowance is None:
        return None
    earned = bonus(ctx.game, start_state, side)
    shown = shown_bonus(ctx.game, start_state, side)
    drawn = excess = 0
    at: tuple[GameState, Event] = (end, start_event)  # the phase's own clock, not the one before it
    for s, e in steps[1:]:
        if type(e) is CardDraw and e.side is side:
            drawn += len(e.cards)
            at = (s, e)
        elif type(e) is CardDiscard and e.side is side and e.reason is DiscardReason.EXCESS:
            excess += len(e.cards)
            at = (s, e)
    target = allowance + earned.cards
    includes = _includes_bonus(ctx)
    start = len(start_state.hand(side))
    kept = ctx.impulse.hand_excess_kept
    goal = max(target, start) if kept else target
    needed = 0 if kept else max(0, start - (target if includes else allowance))
    other = 0 if kept else max(0, start - (allowance if includes else target))
    p = end.piles_of(side)
    hand_end, available = len(p.hand), len(p.deck) + len(p.discard)
    # hands are empty before the first draw: its logged draws tell the hand even unlisted
    known = end.piles_known or (turn == first_turn(ctx) and at[1] is not start_event)
    if not known:
        verdict = _Verdict.UNKNOWN
    elif excess != needed:
        verdict = _Verdict.EXCESS
    elif hand_end == goal or (hand_end < goal and available == 0):
        verdict = _Verdict.OK
    elif allowance <= hand_end < target:
        verdict = _Verdict.BONUS  # the track drawn, an earned bonus left out
    elif hand_end > goal and shown is not None and shown != earned.cards and hand_end - allowance == shown:
        verdict = _Verdict.BONUS  # the bonus the markers claim, which control does not give
    else:
        verdict = _Verdict.SIZE
    return _Draw(
        side, turn, allowance, earned, target, goal, start, hand_end, drawn, excess, needed, other, available, shown, at, verdict
    )


def _pile_note(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[F]:
    """A finish that says once per log that the piles were never listed (after the first turn)."""
    if final.piles_known or final.clock.turn < first_turn(ctx):
        return ()
    return (
        self.finding(
            final,
            None,
            f"Cannot check {self.rule_id}: the log never lists the card piles (no game start with the decks), "
            f"so the hands are not known (only the turn-{first_turn(ctx)} draws, from empty hands, are judged).",
            severity=Severity.CANNOT_CHECK,
        ),
    )


def with_note(r: FunctionRule) -> FunctionRule:
    """``r`` with the unknown-piles note added to its finish."""
    own = r.finish_fn
    note = _pile_note

    def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[F]:
        return [*own(self, final, ctx), *note(self, final, ctx)]

    return replace(r, finish_fn=finish)


# -- HAND-SIZE, HAND-BONUS-SETS -----------------------------------------------------------------------


def _includes_bonus(ctx: CheckContext) -> bool:
    """Whether an over-full hand's excess is measured against track + bonus (else the track alone)."""
    switch = ctx.impulse.hand_excess_switch
    return switch is None or ctx.rules.get(switch) != "false"


def _exempt(d: _Draw, ctx: CheckContext) -> bool:
    return d.side in ctx.impulse.first_draw_exempt and d.turn == first_turn(ctx)


def _sides(ctx: CheckContext) -> tuple[Side, Side]:
    first = ctx.sequence.first_side or ctx.game.game.first_side
    return first, first.enemy


@phase_rule("HAND-SIZE", "hand", Severity.ILLEGAL, "After the draw the hand holds track + bonus cards, excess discarded exactly.", phase=DRAW)
def hand_size(r: FunctionRule, steps: Steps, end: GameState, ctx: CheckContext) -> Iterator[F]:
    """The hand after each side's draw = target, excess discards exactly down to it."""
    for side in _sides(ctx):
        d = _draw_phase(steps, end, ctx, side)
        if d is None:
            yield r.finding(
                end, steps[0][1], f"Cannot check {r.rule_id}: the game data gives no {side.label} card allowance for this turn.",
                severity=Severity.CANNOT_CHECK, side=side,
            )
            continue
        if _exempt(d, ctx):
            continue
        s, e = d.at
        if d.verdict is _Verdict.EXCESS:
            severity = ctx.rules.rec_severity() if d.excess == d.excess_other else None
            reading = "track + bonus" if _includes_bonus(ctx) else "the track value"
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
                side=side, expected=d.goal, actual=d.end,
            )


@phase_rule("HAND-BONUS-SETS", "hand", Severity.ILLEGAL, "The bonus cards of each hand bonus set the side wholly controls at the draw.", phase=DRAW)
def card_bonus_sets(r: FunctionRule, steps: Steps, end: GameState, ctx: CheckContext) -> Iterator[F]:
    """The cards held beyond the track value after the draw = the bonus earned by control."""
    for side in _sides(ctx):
        d = _draw_phase(steps, end, ctx, side)
        if d is None or _exempt(d, ctx) or d.verdict is not _Verdict.BONUS:
            continue
        s, e = d.at
        claimed = ""
        if d.end > d.target and d.shown is not None:
            claimed = f"; the control markers on the board show {d.shown}, which control at the draw does not give"
        yield r.finding(
            s, e,
            f"{side.label} holds {d.end} after the draw = track {d.track} + {d.end - d.track} bonus card(s); "
            f"earned {d.bonus.cards} ({d.bonus.words}){claimed}.",
            side=side, areas=d.bonus.areas, expected=d.bonus.cards, actual=d.end - d.track,
        )


hand_size = with_note(hand_size)
card_bonus_sets = with_note(card_bonus_sets)

RULES: tuple[FunctionRule, ...] = (hand_size, card_bonus_sets)
