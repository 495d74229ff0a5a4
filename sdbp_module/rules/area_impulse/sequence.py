"""The sequence of play of an area-impulse game: phases in order, impulses alternating, the phase's end.

The clock (``replay.clock``) says which action each event belongs to and keeps the last few actions
of the phase; these rules compare that with the common area-impulse sequence: Draw → Action → End,
the side the data names (``game.first_side``) acting first in every turn, sides alternating, a pass
not final, the Action phase ending on two passes in a row (an assumed reading, so a phase ending
otherwise is suspicious, where ``AreaImpulse.end_on_passes_stated`` is false). With
``AreaImpulse.discard_to_continue`` the other side may answer a pass of the first side by discarding
one card to go on, and the phase also ends on a first-side pass so left unanswered.

What the log cannot show: whether a discarded-to-continue card had an effect (a card play of it
would be a separate, visible event), and hands when the start snapshot gives no piles
(``cannot-check``). Each rule has a neutral id; a game lists it under its own (``rules.base.relabel``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.ids import Phase, Severity, Side
from sdbp_module.replay.apply import (
    ACTION_EVENTS,
    CLOSING_EVENTS,
    action_part,
    opens_new_action,
)
from sdbp_module.replay.clock import ActionKind, ActionRecord, Clock
from sdbp_module.replay.events import (
    CardDiscard,
    DiscardReason,
    Event,
    GameEnd,
    PhaseStart,
    acting_side,
)
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, rule
from sdbp_module.rules.findings import Finding

F = Finding
# hot-path enum members, bound once (see ``ids``)
ACTION_PHASE, END_PHASE = Phase.ACTION, Phase.END
PASS, CONTINUE = ActionKind.PASS, ActionKind.CONTINUE  # kinds of action
DISCARD_TO_CONTINUE = DiscardReason.CONTINUE

_KIND_WORDS = {
    ActionKind.UNIT: "unit action",
    ActionKind.CARD: "card action",
    ActionKind.ENTRENCH_DISCARD: "entrenchment by card",
    ActionKind.PASS: "pass",
    ActionKind.CONTINUE: "discard to continue",
}


def _words(record: ActionRecord) -> str:
    return f"the {record.side.label} {_KIND_WORDS[record.kind]} (action {record.number})"


def _act_words(side: Side, kind: ActionKind) -> str:
    return f"{'An' if kind is ActionKind.ENTRENCH_DISCARD else 'A'} {side.label} {_KIND_WORDS[kind]}"


_last_opening: tuple[GameState | None, Event | None, tuple[Side, ActionKind] | None] = (None, None, None)


def _opening(before: GameState, event: Event) -> tuple[Side, ActionKind] | None:
    """(side, kind) when ``event`` opens a new action (remembered for the last step: most rules ask)."""
    global _last_opening
    b, e, answer = _last_opening
    if b is before and e is event:
        return answer
    found = action_part(event)
    side = acting_side(event)
    if found is None or side is None or not opens_new_action(before.clock, event):
        answer = None
    else:
        answer = side, found[1]
    _last_opening = (before, event, answer)
    return answer


@remembers
def _forget() -> None:
    global _last_opening
    _last_opening = (None, None, None)


def _in_action_phase(before: GameState) -> bool:
    return before.clock.phase is ACTION_PHASE


def phase_over(clock: Clock, first: Side, discard: bool = True) -> str | None:
    """Why the action phase is already over, or None: two passes in a row, or (``discard``: the game
    has the discard to continue) a first-side pass the other side did not answer with a discard (the
    caller decides what the next act may be)."""
    return _over(clock.recent, first, discard)


def ended_earlier(clock: Clock, first: Side, discard: bool = True) -> bool:
    """True when the phase was already over before the last recorded action (and that was flagged)."""
    r = clock.recent
    for k in range(1, len(r)):
        if _over(r[:k], first, discard) is not None and not (r[k].kind is CONTINUE and r[k].side is not first):
            return True
    return False


def _over(r: tuple[ActionRecord, ...], first: Side, discard: bool) -> str | None:
    if len(r) >= 2 and r[-1].kind is PASS and r[-2].kind is PASS and r[-1].side is not r[-2].side:
        return f"two passes in a row (actions {r[-2].number} and {r[-1].number})"
    if discard and r and r[-1].kind is PASS and r[-1].side is first:
        return f"the {first.label} pass (action {r[-1].number}) with no discard to continue"
    return None


# -- phases ---------------------------------------------------------------------------------------


def _expected_next(clock: Clock, first_turn: int) -> tuple[int, Phase]:
    if clock.turn == 0 or clock.phase is None:
        return (max(clock.turn, first_turn) if clock.turn else first_turn, Phase.DRAW)
    order = (Phase.DRAW, Phase.ACTION, Phase.END)
    i = order.index(clock.phase)
    if i + 1 < len(order):
        return clock.turn, order[i + 1]
    return clock.turn + 1, Phase.DRAW


@rule(
    "IMP-PHASE-ORDER",
    "sequence of play",
    Severity.ILLEGAL,
    "Every turn runs Draw → Action → End; actions only in the Action phase.",
    events=(*ACTION_EVENTS, PhaseStart),
    quiet=((ACTION_PHASE, ACTION_EVENTS),),  # an act in the Action phase: nothing to judge (below)
)
def phase_order(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    if not isinstance(event, PhaseStart) and before.clock.phase is ACTION_PHASE:
        return ()  # an act in the Action phase (the common case): nothing to judge
    return _phase_order(r, before, event, ctx)


def _phase_order(r: FunctionRule, before: GameState, event: Event, ctx: CheckContext) -> Iterator[F]:
    c = before.clock
    if isinstance(event, PhaseStart):
        if (event.turn, event.phase) == (c.turn, c.phase):
            return  # the tracker re-reported the same phase
        expected = _expected_next(c, ctx.game.scenario.first_turn)
        if (event.turn, event.phase) != expected:
            now = f"turn {c.turn} {c.phase.value} phase" if c.phase is not None else "the start"
            yield r.finding(
                before,
                event,
                f"Turn {event.turn} {event.phase.value} phase follows {now}; expected turn {expected[0]} {expected[1].value} phase.",
                expected=f"{expected[0]} {expected[1].value}",
                actual=f"{event.turn} {event.phase.value}",
            )
        return
    opening = _opening(before, event)
    if opening is not None and c.phase is None:
        if c.actions_in_phase == 0:
            yield r.finding(
                before,
                event,
                "The log gives no turn or phase before this action, so the sequence of play cannot be checked until it does.",
                severity=Severity.CANNOT_CHECK,
            )
        return
    if opening is not None and c.phase is not ACTION_PHASE:
        side, kind = opening
        where = f"the {c.phase.value} phase" if c.phase is not None else "before the first phase"
        yield r.finding(
            before,
            event,
            f"{_act_words(side, kind)} in {where}; actions belong to the Action phase.",
            expected=Phase.ACTION.value,
            actual=c.phase.value if c.phase is not None else None,
        )


@rule("IMP-FIRST-SIDE", "sequence of play", Severity.ILLEGAL, "The side the game names takes the first action of every turn.", events=ACTION_EVENTS)
def first_side(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    if before.clock.actions_in_phase or before.clock.phase is not ACTION_PHASE:
        return ()  # judged at the first action of an Action phase only
    opening = _opening(before, event)
    if opening is None:
        return ()
    side, kind = opening
    first = ctx.sequence.first_side
    if first is None or side is first:
        return ()
    return (
        r.finding(
            before,
            event,
            f"The first action of turn {before.clock.turn} is a {side.label} {_KIND_WORDS[kind]}; the {first.label} acts first.",
            expected=first.value,
            actual=side.value,
        ),
    )


@rule("IMP-ALTERNATE", "sequence of play", Severity.ILLEGAL, "Sides alternate actions (a pass counts); only a discard to continue is followed by the same side.", events=ACTION_EVENTS)
def alternate(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    last = before.clock.last
    if last is None or before.clock.phase is not ACTION_PHASE:
        return ()
    opening = _opening(before, event)
    if opening is None:
        return ()
    side, kind = opening
    if last.side is not side or last.kind is CONTINUE:
        return ()
    return (
        r.finding(
            before,
            event,
            f"{_act_words(side, kind)} follows {_words(last)}; the sides alternate.",
            expected=side.enemy.value,
            actual=side.value,
        ),
    )


@rule("IMP-PASS-NOT-FINAL", "sequence of play", Severity.INFO, "A side that passed may act again later (not a violation).", events=ACTION_EVENTS)
def pass_not_final(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    if before.clock.phase is not ACTION_PHASE:
        return ()
    opening = _opening(before, event)
    if opening is None:
        return ()
    side, kind = opening
    if kind is PASS or kind is CONTINUE:
        return ()
    for earlier in reversed(before.clock.recent):  # the side's latest pass, if any
        if earlier.side is side and earlier.kind is PASS:
            return (
                r.finding(
                    before,
                    event,
                    f"The {side.label} passed at action {earlier.number} and acts again: a pass is not final (legal).",
                ),
            )
    return ()


@rule("IMP-END-ON-PASSES", "sequence of play", Severity.ILLEGAL, "The Action phase ends on two passes in a row (or on a first-side pass not answered by a discard to continue).", events=CLOSING_EVENTS)
def end_on_passes(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    c = before.clock
    if c.phase is not ACTION_PHASE:
        return ()  # both cases below are about the Action phase
    if not isinstance(event, (PhaseStart, GameEnd)) and (not c.recent or c.recent[-1].kind is not PASS):
        return ()  # an act after anything but a pass: the phase goes on (``phase_over``; the common case)
    return _end_on_passes(r, before, event, ctx)


def _end_on_passes(r: FunctionRule, before: GameState, event: Event, ctx: CheckContext) -> Iterator[F]:
    c = before.clock
    first = ctx.sequence.first_side or ctx.game.game.first_side
    discard = ctx.impulse.discard_to_continue
    if isinstance(event, (PhaseStart, GameEnd)) and c.phase is ACTION_PHASE and (
        not isinstance(event, PhaseStart) or (event.turn, event.phase) != (c.turn, c.phase)
    ):
        if (
            phase_over(c, first, discard) is None
            and not ended_earlier(c, first, discard)
            and (c.last is None or c.last.kind is not CONTINUE)
        ):
            last = f"after {_words(c.last)}" if c.last is not None else "with no action or pass logged"
            stated = ctx.impulse.end_on_passes_stated
            yield r.finding(
                before,
                event,
                f"The Action phase of turn {c.turn} ends {last}; it ends only on two passes in a row"
                + (f" or a {first.label} pass" if discard else "")
                + ("." if stated else " (the assumed reading: the rules text does not give the end condition)."),
                severity=None if stated else Severity.SUSPICIOUS,
            )
        return
    opening = _opening(before, event)
    if opening is None or not _in_action_phase(before):
        return
    why = phase_over(c, first, discard)
    if why is None:
        return
    side, kind = opening
    previous = c.recent[-1]
    if kind is CONTINUE and side is not first:
        return  # judged by the discard-to-continue rule (including after two passes)
    if kind is PASS:
        yield r.finding(
            before,
            event,
            f"A {side.label} pass logged after the Action phase ended at {why}: redundant.",
            severity=Severity.INFO,
        )
        return
    yield r.finding(
        before,
        event,
        f"{_act_words(side, kind)} after the Action phase ended at {why}.",
        expected="end of phase",
        actual=f"action {previous.number + 1}" if event.action is None else f"action {event.action}",
    )


@rule("IMP-DISCARD-CONTINUE", "sequence of play", Severity.ILLEGAL, "After a first-side pass the other side may discard exactly one card from hand to continue, where the game allows it.", events=CLOSING_EVENTS)
def discard_continue(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    last = before.clock.last
    if (last is None or last.kind is not CONTINUE) and not (
        isinstance(event, CardDiscard) and event.reason is DISCARD_TO_CONTINUE
    ):
        return ()  # neither after a discard to continue nor one (the common case)
    return _discard_continue(r, before, event, ctx)


def _discard_continue(r: FunctionRule, before: GameState, event: Event, ctx: CheckContext) -> Iterator[F]:
    c = before.clock
    first = ctx.sequence.first_side or ctx.game.game.first_side
    second = first.enemy
    switch = ctx.impulse.late_discard_switch
    if not ctx.impulse.discard_to_continue:
        if isinstance(event, CardDiscard) and event.reason is DISCARD_TO_CONTINUE:
            yield r.finding(before, event, f"The {event.side.label} discards to continue; this game has no discard to continue.")
        return
    # the act after a discard to continue must be the discarder's
    if c.last is not None and c.last.kind is CONTINUE and _in_action_phase(before):
        opening = _opening(before, event)
        if opening is not None and opening[0] is not c.last.side and opening[1] is not CONTINUE:
            yield r.finding(
                before,
                event,
                f"{_act_words(opening[0], opening[1])} follows the {c.last.side.label} discard to continue; "
                f"the {c.last.side.label} acts (or passes) next.",
            )
        if isinstance(event, (PhaseStart, GameEnd)) and not (
            isinstance(event, PhaseStart) and (event.turn, event.phase) == (c.turn, c.phase)
        ):
            yield r.finding(
                before,
                event,
                f"The Action phase ends right after the {c.last.side.label} discard to continue; an action or pass must follow it.",
            )
    if not (isinstance(event, CardDiscard) and event.reason is DISCARD_TO_CONTINUE):
        return
    cards = event.cards
    if event.side is not second:
        yield r.finding(before, event, f"The {event.side.label} discards to continue; only the {second.label} may.")
    if len(cards) != 1:
        yield r.finding(
            before, event, f"{len(cards)} cards discarded to continue; exactly one.", expected=1, actual=len(cards)
        )
    # where the discarded card goes is the game's own pile rules' (one fault, one id)
    if before.piles_known:
        hand = before.hand(event.side)
        outside = [card for card in cards if card not in hand]
        if outside:
            yield r.finding(
                before,
                event,
                f"{', '.join(outside)} discarded to continue but not in the {event.side.label} hand.",
            )
    else:
        yield r.finding(
            before,
            event,
            "The log does not record the hands, so the discarded card cannot be checked against the hand.",
            severity=Severity.CANNOT_CHECK,
        )
    last = c.last
    if last is None or not (last.kind is PASS and last.side is first):
        after_what = _words(last) if last is not None else "the start of the phase"
        yield r.finding(
            before, event, f"Discard to continue after {after_what}; it may follow only a {first.label} pass."
        )
    elif (
        len(c.recent) >= 2
        and c.recent[-2].kind is PASS
        and c.recent[-2].side is second
        and switch is not None
        and ctx.rules.get(switch) == "forbidden"
    ):
        yield r.finding(
            before,
            event,
            f"Discard to continue after a {second.label} pass and a {first.label} pass: the phase had ended "
            f"({ctx.impulse.late_discard_note}).",
            severity=ctx.rules.rec_severity(),
        )


@rule("IMP-AUTO-PASS", "sequence of play", Severity.INFO, "A side with no fresh unit and no card passes automatically.", events=ACTION_EVENTS)
def auto_pass(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    if before.clock.phase is not ACTION_PHASE:
        return ()
    opening = _opening(before, event)
    if opening is None:
        return ()
    side, kind = opening
    if kind is PASS or kind is CONTINUE or before.fresh_on_map(side):
        return ()
    return _auto_pass(r, before, event, side)


def _auto_pass(r: FunctionRule, before: GameState, event: Event, side: Side) -> Iterator[F]:
    if not before.piles_known:
        yield r.finding(
            before,
            event,
            f"The {side.label} has no fresh unit; the log does not record the hand, so an automatic pass cannot be checked.",
            severity=Severity.CANNOT_CHECK,
        )
        return
    if not before.hand(side):
        yield r.finding(
            before,
            event,
            f"The {side.label} has no fresh unit and no card, so passes automatically, yet is logged acting.",
        )


RULES: tuple[FunctionRule, ...] = (
    phase_order,
    first_side,
    alternate,
    pass_not_final,
    end_on_passes,
    discard_continue,
    auto_pass,
)
