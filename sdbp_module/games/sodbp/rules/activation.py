"""SoDBP activation (catalogue §3.4, rules 6.1): SPENT-UNIT-ACTS and the ACT-* rules.

A unit action activates fresh units of one area that all do the same thing, and flips exactly them
to spent. The French *Counter Attack* card is the one exception to "one area" and "same thing".
The action is judged when it closes (the next action opens, the phase changes, the log ends), from
the clock's record of its parts and activated units.

Not covered here: spent units retreated or eliminated as damage (legal), and the flip-state of units
a card brings in.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.sodbp.ids import VIET_MINH
from sdbp_module.games.sodbp.rules.sodbp_cards import COUNTER_ATTACK, card_is
from sdbp_module.ids import AreaId, Phase, Severity, UnitId
from sdbp_module.replay.apply import (
    ACTION_EVENTS,
    CLOSING_EVENTS,
    action_part,
    closes_action,
    opens_new_action,
)
from sdbp_module.replay.clock import Clock, PartKind
from sdbp_module.replay.events import (
    Assault,
    Entrench,
    Event,
    Fire,
    Flip,
    Move,
    MoveKind,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Gate, rule
from sdbp_module.rules.findings import Finding

F = Finding
# hot-path enum members, bound once (see ``ids``)
ACTION_PHASE = Phase.ACTION
GATHER = MoveKind.GATHER
_MOVES_OF_ACTIONS = (MoveKind.MOVE, MoveKind.GATHER)  # the moves that act (a move action, a gather)

_UNIT_EVENTS = (Move, Fire, Assault, Entrench)
"""The events by which units act (``_unit_action``)."""

_VERB = {PartKind.MOVE: "move", PartKind.FIRE: "fire", PartKind.ASSAULT: "assault", PartKind.ENTRENCH: "entrench"}


def _unit_action(event: Event) -> tuple[str, tuple[UnitId, ...], AreaId | None] | None:
    """(verb, units, declared origin area) of an event that activates units."""
    if isinstance(event, Move) and event.move_kind in _MOVES_OF_ACTIONS:
        return "move", event.units, event.from_area
    if isinstance(event, Fire) and event.units:
        return "fire", event.units, event.from_area
    if isinstance(event, Assault):
        return "assault", event.units, event.from_area
    if isinstance(event, Entrench) and event.units:
        return "entrench", event.units, None
    return None


def _counter_attack(clock: Clock, ctx: CheckContext, event: Event | None = None) -> bool:
    cards = [p.card for p in clock.parts if p.kind is PartKind.CARD]
    if event is not None:
        found = action_part(event)
        if found is not None and found[2].kind is PartKind.CARD:
            cards.append(found[2].card)
    return any(card_is(ctx.game, c, COUNTER_ATTACK) for c in cards)


@rule("SPENT-UNIT-ACTS", "2.1.1, 6.1", Severity.ILLEGAL, "Only fresh units move, fire, assault or pay for entrenchment.", events=_UNIT_EVENTS)
def spent_unit_acts(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    act = _unit_action(event)
    if act is None:
        return ()
    verb, units, _ = act
    for u in units:  # a loop rather than a filter: the acting units are fresh, and this is every unit action
        if before.is_spent(u):
            break
    else:
        return ()
    spent = tuple(u for u in units if before.is_spent(u))
    return (
        r.finding(
            before,
            event,
            f"Spent unit(s) {', '.join(spent)} {verb}; a spent unit cannot act this turn.",
            units=spent,
            areas=tuple(sorted({a for u in spent if (a := before.area_of(u)) is not None})),
        ),
    )


@rule("ACT-ONE-AREA", "6.1", Severity.ILLEGAL, "The units of a unit action start in one area (Counter Attack excepted).", events=_UNIT_EVENTS)
def act_one_area(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    act = _unit_action(event)
    if act is None or (isinstance(event, Move) and event.move_kind is GATHER):
        return ()
    c = before.clock
    joining = c.action_side is not None and not opens_new_action(c, event)
    if joining:
        if _counter_attack(c, ctx):
            return ()
    else:
        declared = act[2]
        if declared is not None and _all_in(before, act[1], declared):
            return ()  # the common case: a new action whose units all stand where it says
    return _one_area(r, before, event, act, joining)


def _all_in(state: GameState, units: tuple[UnitId, ...], area: AreaId) -> bool:
    for u in units:
        if state.area_of(u) != area:
            return False
    return True


def _one_area(
    r: FunctionRule, before: GameState, event: Event, act: tuple[str, tuple[UnitId, ...], AreaId | None], joining: bool
) -> Iterator[F]:
    verb, units, declared = act
    c = before.clock
    areas = {u: before.area_of(u) for u in units}
    origins = sorted({a for a in areas.values() if a is not None})
    off_map = tuple(u for u, a in areas.items() if a is None)
    if off_map:
        yield r.finding(
            before,
            event,
            f"{', '.join(off_map)} {'is' if len(off_map) == 1 else 'are'} not on the map, yet {verb}.",
            units=off_map,
        )
    if declared is not None:
        elsewhere = tuple(u for u, a in areas.items() if a is not None and a != declared)
        if elsewhere:
            yield r.finding(
                before,
                event,
                f"The {verb} is declared from area {declared} but {', '.join(elsewhere)} "
                f"{'is' if len(elsewhere) == 1 else 'are'} in area(s) {', '.join(str(areas[u]) for u in elsewhere)}.",
                units=elsewhere,
                areas=tuple(sorted({declared, *(a for u in elsewhere if (a := areas[u]) is not None)})),
                expected=str(declared),
            )
    elif len(origins) > 1:
        yield r.finding(
            before,
            event,
            f"The units that {verb} stand in areas {', '.join(map(str, origins))}; a unit action uses one area.",
            units=units,
            areas=tuple(origins),
        )
    if joining:
        started = sorted({p.area for p in c.parts if p.kind in _VERB and p.area is not None})
        mine = declared if declared is not None else (origins[0] if len(origins) == 1 else None)
        if started and mine is not None and mine not in started:
            yield r.finding(
                before,
                event,
                f"Action {c.action} already activated units in area {', '.join(map(str, started))}; "
                f"now units in area {mine} {verb}.",
                units=units,
                areas=tuple(sorted({*started, mine})),
                expected=str(started[0]),
                actual=str(mine),
            )


@rule("ACT-SAME-ACTION", "6.1, 7.0, 8.0", Severity.ILLEGAL, "All activated units do the same thing: one destination or one target.", events=ACTION_EVENTS, gate=Gate.ACTION_JOINED)
def act_same_action(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    c = before.clock
    found = action_part(event)
    if found is None or c.action_side is None or opens_new_action(c, event):
        return
    part = found[2]
    if part.kind not in _VERB or _counter_attack(c, ctx, event):
        return
    for earlier in c.parts:
        if earlier.kind not in _VERB:
            continue
        if earlier.kind is not part.kind:
            yield r.finding(
                before,
                event,
                f"Action {c.action} mixes {_VERB[earlier.kind]} and {_VERB[part.kind]}; all its units do the same thing.",
                areas=tuple(sorted({a for a in (earlier.area, part.area) if a is not None})),
                expected=_VERB[earlier.kind],
                actual=_VERB[part.kind],
            )
            return
        if earlier.target != part.target:
            word = "destination" if part.kind is PartKind.MOVE else "target"
            yield r.finding(
                before,
                event,
                f"Action {c.action} has two {word}s, {earlier.target} and {part.target}; all its units share one.",
                areas=tuple(sorted({a for a in (earlier.target, part.target) if a is not None})),
                expected=str(earlier.target),
                actual=str(part.target),
            )
            return


def _unflipped(r: FunctionRule, state: GameState, event: Event | None) -> tuple[Finding, ...]:
    c = state.clock
    units = state.units
    fresh = tuple(sorted(u for u in c.activated if (s := units.get(u)) is not None and not s.spent and s.location.is_on_map))
    if not fresh:
        return ()
    return (
        r.finding(
            state,
            event,
            f"After action {c.action}, participant(s) {', '.join(fresh)} {'is' if len(fresh) == 1 else 'are'} still fresh; "
            "participants flip to spent.",
            units=fresh,
            areas=tuple(sorted({a for u in fresh if (a := state.area_of(u)) is not None})),
            side=c.action_side,
            action=c.action,
        ),
    )


def _participants_unflipped(before: GameState, event: Event, after: GameState, ctx: CheckContext) -> bool:
    c = before.clock
    if c.action_side is None:
        return False
    if isinstance(event, Flip):
        return True  # ACT-FLIP-PARTICIPANTS judges every flip during an action
    if not closes_action(c, event):
        return False
    units = before.units
    for u in c.activated:
        s = units.get(u)
        if s is not None and not s.spent:
            return True
    return False


PARTICIPANTS_UNFLIPPED = Gate("participants-unflipped", _participants_unflipped)
"""A flip during an action, or the close of an action some participant of which is still fresh:
all that ACT-FLIP-PARTICIPANTS and MOVE-FLIP-SPENT judge (most actions end with their units flipped)."""


def _flip_finish(r: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    if final.clock.action_side is not None and final.clock.phase is ACTION_PHASE:
        yield from _unflipped(r, final, None)


@rule(
    "ACT-FLIP-PARTICIPANTS",
    "6.1, 7.0, 8.1",
    Severity.ILLEGAL,
    "After a unit action its participants are spent, and only they were flipped by it.",
    finish=_flip_finish,
    events=(*CLOSING_EVENTS, Flip),
    gate=PARTICIPANTS_UNFLIPPED,
)
def act_flip_participants(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    c = before.clock
    if c.action_side is None:
        return ()
    if not isinstance(event, Flip):  # a flip never closes an action (``CLOSING_EVENTS``)
        return _unflipped(r, before, event) if closes_action(c, event) else ()
    if event.spent and c.phase is ACTION_PHASE and not c.activated.issuperset(event.units):
        return _flipped_outsiders(r, before, event)
    return ()


def _flipped_outsiders(r: FunctionRule, before: GameState, event: Flip) -> Iterator[F]:
    c = before.clock
    origins = {p.area for p in c.parts if p.kind in _VERB and p.area is not None}
    wrong = tuple(
        u
        for u in event.units
        if (s := before.unit(u)) is not None
        and s.side is c.action_side
        and not s.spent
        and u not in c.activated
        and s.location.area in origins
    )
    if wrong:
        yield r.finding(
            before,
            event,
            f"{', '.join(wrong)} flipped to spent by action {c.action} without taking part in it.",
            units=wrong,
            areas=tuple(sorted({a for u in wrong if (a := before.area_of(u)) is not None})),
        )


@rule("ACT-VM-ONLY", "6.1, 9.0, 10.0", Severity.ILLEGAL, "Only the Viet Minh entrenches and assaults.", events=(Entrench, Assault))
def act_vm_only(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    if isinstance(event, (Entrench, Assault)) and event.side is not VIET_MINH:
        verb = "entrench" if isinstance(event, Entrench) else "assault"
        area = event.area if isinstance(event, Entrench) else event.from_area
        yield r.finding(
            before,
            event,
            f"The {event.side.label} {verb}s (area {area}); only the Viet Minh may.",
            units=event.units,
            areas=(area,),
            expected=VIET_MINH.value,
            actual=event.side.value,
        )


RULES = (spent_unit_acts, act_one_area, act_same_action, act_flip_participants, act_vm_only)
