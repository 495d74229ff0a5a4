"""SoDBP sequence of play (catalogue §3.2, rules 4.0 and 6.0): the SEQ-* rules.

The shared area-impulse rules (``rules.area_impulse.sequence``) judge Draw → Action → End, the Viet
Minh first, sides alternating, a pass not final, the phase ending on two passes or on a VM pass the
French do not answer with a discard (``AreaImpulse.discard_to_continue``); they are listed here under
the catalogue's ids. This module adds what is SoDBP's own: one thing per action (with the cards that
bend it) and the End-phase steps in order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.sodbp.rules.play_sequence import ORDER_MATTERS
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    COUNTER_ATTACK,
    SURPRISE_ASSAULT,
    card_is,
)
from sdbp_module.ids import AreaId, Phase, Severity
from sdbp_module.replay.apply import (
    ACTION_EVENTS,
    action_part,
    implied_end_step,
    opens_new_action,
)
from sdbp_module.replay.clock import ActionPart, PartKind
from sdbp_module.replay.events import (
    CardDiscard,
    CardPlay,
    DiceRoll,
    EndStep,
    Event,
    FireMarkerSet,
    Flip,
    GameEnd,
    NoReplacementsSet,
    NoSupplySet,
    Place,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse import sequence as shared
from sdbp_module.rules.base import CheckContext, FunctionRule, Gate, relabel, rule
from sdbp_module.rules.findings import Finding

F = Finding
END_PHASE = Phase.END

seq_phase_order = relabel(shared.phase_order, "SEQ-PHASE-ORDER", "4.0")
seq_vm_first = relabel(shared.first_side, "SEQ-VM-FIRST", "4.0 B, 6.0", "The Viet Minh takes the first action of every turn.")
seq_alternate = relabel(shared.alternate, "SEQ-ALTERNATE", "4.0 B")
seq_pass_not_final = relabel(shared.pass_not_final, "SEQ-PASS-NOT-FINAL", "4.0 B [SoS] (AMB-27)")
seq_end_on_passes = relabel(
    shared.end_on_passes,
    "SEQ-END-ON-PASSES",
    "4.0 B",
    "The Action phase ends on two passes in a row, or on a VM pass not answered by a French discard.",
)
seq_fr_discard_continue = relabel(
    shared.discard_continue,
    "SEQ-FR-DISCARD-CONTINUE",
    "4.0 B",
    "After a VM pass the French may discard exactly one card from hand to continue.",
)
seq_auto_pass = relabel(shared.auto_pass, "SEQ-AUTO-PASS", "4.0 B")


def _components(parts: tuple[ActionPart, ...], ctx: CheckContext) -> set[tuple[str, AreaId | None]]:
    """The separate things an action does (6.0): a unit action per area, a card action, an entrenchment by card."""
    cards = [p.card for p in parts if p.kind is PartKind.CARD and p.card is not None]
    counter = any(card_is(ctx.game, card, COUNTER_ATTACK) for card in cards)
    surprise = any(card_is(ctx.game, card, SURPRISE_ASSAULT) for card in cards)
    out: set[tuple[str, AreaId | None]] = set()
    for p in parts:
        if p.kind in (PartKind.MOVE, PartKind.FIRE, PartKind.ASSAULT, PartKind.ENTRENCH):
            if counter or (surprise and p.kind is PartKind.ASSAULT):
                continue  # the card's own move/attack or assault
            out.add(("unit", p.area))
        elif p.kind is PartKind.CARD:
            out.add(("card", None))
        elif p.kind is PartKind.ENTRENCH_DISCARD:
            out.add(("entrench-discard", None))
        elif p.kind in (PartKind.PASS, PartKind.CONTINUE):
            out.add((p.kind.value, None))
    return out


def _describe_component(comp: tuple[str, AreaId | None]) -> str:
    kind, area = comp
    if kind == "unit":
        return f"a unit action in area {area}"
    return {"card": "a card action", "entrench-discard": "an entrenchment by card", "pass": "a pass", "continue": "a discard to continue"}[kind]


@rule("SEQ-ONE-ACTION", "6.0", Severity.ILLEGAL, "An action is one unit action in one area, or one card action, or one entrenchment by card.", events=ACTION_EVENTS, gate=Gate.ACTION_JOINED)
def seq_one_action(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    c = before.clock
    found = action_part(event)
    if found is None or c.action_side is None or opens_new_action(c, event):
        return
    old = _components(c.parts, ctx)
    new = _components(c.parts + (found[2],), ctx)
    added = sorted(new - old, key=str)
    if old and added:
        yield r.finding(
            before,
            event,
            f"Action {c.action} already holds {', '.join(_describe_component(x) for x in sorted(old, key=str))} and now "
            f"{', '.join(_describe_component(x) for x in added)}; an action is one of them.",
            areas=tuple(sorted(a for k, a in new if k == "unit" and isinstance(a, int))),
            expected=1,
            actual=len(new),
        )


END_ORDER_EVENTS: tuple[type[Event], ...] = (
    EndStep,
    FireMarkerSet,
    NoSupplySet,
    CardDiscard,
    CardPlay,
    DiceRoll,
    Flip,
    Place,
    NoReplacementsSet,
    GameEnd,
)
"""The events SEQ-END-PHASE-ORDER judges: announced steps, marker removals, and every class a step
signature of the SoDBP sequence names (``play_sequence.make_sequence``; a signature starts with the
event's kind, a test keeps the two in step)."""


_STEP_ONLY_IN_END = tuple(c for c in END_ORDER_EVENTS if c not in (EndStep, FireMarkerSet, NoSupplySet))
"""The classes SEQ-END-PHASE-ORDER judges only in the End phase (the rest it judges outside it too)."""


@rule(
    "SEQ-END-PHASE-ORDER",
    "4.0 C",
    Severity.ILLEGAL,
    "End-phase steps happen in the order of 4.0 C.",
    events=END_ORDER_EVENTS,
    quiet=tuple((phase, _STEP_ONLY_IN_END) for phase in (None, Phase.DRAW, Phase.ACTION)),  # e.g. the Action phase's flips
)
def seq_end_phase_order(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    c = before.clock
    if c.phase is not END_PHASE:
        if not isinstance(event, (EndStep, FireMarkerSet, NoSupplySet)):
            return ()  # e.g. the flips of the Action phase: nothing to judge
    else:
        step = implied_end_step(before, event)
        if step is None or (step in ctx.sequence.end_steps and (c.end_step is None or step == c.end_step)):
            return ()  # no step; or a step of 4.0 C that is the first one or the one under way (the refresh flips)
    return _end_phase_order(r, before, event, ctx)


def _end_phase_order(r: FunctionRule, before: GameState, event: Event, ctx: CheckContext) -> Iterator[F]:
    c = before.clock
    seq = ctx.sequence
    if c.phase is not END_PHASE:
        if isinstance(event, EndStep):
            yield r.finding(before, event, f"End-phase step {event.step!r} announced outside the End phase.")
        elif isinstance(event, (FireMarkerSet, NoSupplySet)) and not event.present:
            what = "fire marker" if isinstance(event, FireMarkerSet) else "No Supply marker"
            phase = c.phase.value if c.phase is not None else "no"
            yield r.finding(
                before,
                event,
                f"A {what} is removed from area {event.area} in the {phase} phase; markers come off in the End phase (step 4).",
                areas=(event.area,),
            )
        return
    step = implied_end_step(before, event)
    if step is None:
        return
    index = seq.step_index(step)
    if index is None:
        yield r.finding(
            before,
            event,
            f"{step!r} is not an End-phase step (expected one of: {', '.join(seq.end_steps)}).",
            severity=Severity.SUSPICIOUS,
        )
        return
    if c.end_step is None:
        return
    current = seq.step_index(c.end_step)
    if current is not None and index < current:
        passed = seq.end_steps[index + 1 : current + 1]
        matters = any((step, later) in ORDER_MATTERS for later in passed)
        yield r.finding(
            before,
            event,
            f"End-phase step {index + 1} ({step}) comes after step {current + 1} ({c.end_step}); 4.0 C orders them the other way"
            + ("." if matters else ", which does not change the result here."),
            severity=None if matters else Severity.INFO,
            areas=tuple(a for a in (getattr(event, "area", None),) if a is not None),
            expected=f">= {c.end_step}",
            actual=step,
        )


RULES = (
    seq_phase_order,
    seq_vm_first,
    seq_alternate,
    seq_pass_not_final,
    seq_end_on_passes,
    seq_fr_discard_continue,
    seq_auto_pass,
    seq_one_action,
    seq_end_phase_order,
)

