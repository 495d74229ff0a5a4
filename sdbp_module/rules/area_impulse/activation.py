"""Activation in an area-impulse game: fresh units of one area, doing one thing, flipped by it.

A unit action activates fresh units of one area that all do the same thing (one destination, one
target), and flips exactly them to spent. A card the game names (``AreaImpulse.multi_area_card``)
may let one action use units of several areas doing several things. A side listed in
``AreaImpulse.grouped_sides`` activates units of one ``Unit.group`` at a time (units of group ""
join any). The action is judged when it closes (the next action opens, the phase changes, the log
ends), from the clock's record of its parts and activated units.

Not covered here: spent units retreated or eliminated as damage (legal), the flip-state of units
a card brings in, and the participants another rule judges (one fault, one id): the units of a pure
move action (MOVE-FLIP-SPENT) and, where ``AreaImpulse.attack_flip_judged``, the units that fired or
assaulted. Each rule has a neutral id; a game lists it under its own (``rules.base.relabel``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

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


def _spans_areas(clock: Clock, ctx: CheckContext, event: Event | None = None) -> bool:
    """Whether a card of the action (or ``event``'s) lets it use several areas (``multi_area_card``)."""
    test = ctx.impulse.multi_area_card
    if test is None:
        return False
    cards = [p.card for p in clock.parts if p.kind is PartKind.CARD]
    if event is not None:
        found = action_part(event)
        if found is not None and found[2].kind is PartKind.CARD:
            cards.append(found[2].card)
    return any(c is not None and test(ctx.game, c) for c in cards)


@rule("ACT-SPENT-UNIT", "activation", Severity.ILLEGAL, "Only fresh units move, fire, assault or pay for entrenchment.", events=_UNIT_EVENTS)
def spent_unit(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
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


@rule("ACT-ONE-AREA", "activation", Severity.ILLEGAL, "The units of a unit action start in one area (a card that allows it excepted).", events=_UNIT_EVENTS)
def act_one_area(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    act = _unit_action(event)
    if act is None or (isinstance(event, Move) and event.move_kind is GATHER):
        return ()
    c = before.clock
    joining = c.action_side is not None and not opens_new_action(c, event)
    if joining:
        if _spans_areas(c, ctx):
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


@rule("ACT-SAME-ACTION", "activation", Severity.ILLEGAL, "All activated units do the same thing: one destination or one target.", events=ACTION_EVENTS, gate=Gate.ACTION_JOINED)
def act_same_action(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    c = before.clock
    found = action_part(event)
    if found is None or c.action_side is None or opens_new_action(c, event):
        return
    part = found[2]
    if part.kind not in _VERB or _spans_areas(c, ctx, event):
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


def pure_move(clock: Clock) -> bool:
    """The action under way is a move action and nothing else: MOVE-FLIP-SPENT judges its units' flip."""
    return bool(clock.parts) and all(p.kind is PartKind.MOVE for p in clock.parts)


def _flip_judged_elsewhere(state: GameState, ctx: CheckContext) -> frozenset[UnitId]:
    """The participants whose flip a rule of its own judges (one fault, one id): the units of a pure move
    action (MOVE-FLIP-SPENT), and, where the game says so, the units that fired or assaulted in the
    action (``AreaImpulse.attack_flip_judged``)."""
    c = state.clock
    if pure_move(c):
        return frozenset(c.activated)
    if not ctx.impulse.attack_flip_judged:
        return frozenset()
    return frozenset(u for a in state.attacks for u in a.units)


def _unflipped(r: FunctionRule, state: GameState, event: Event | None, ctx: CheckContext) -> tuple[Finding, ...]:
    c = state.clock
    units = state.units
    elsewhere = _flip_judged_elsewhere(state, ctx)
    fresh = tuple(
        sorted(
            u
            for u in c.activated
            if u not in elsewhere and (s := units.get(u)) is not None and not s.spent and s.location.is_on_map
        )
    )
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
        yield from _unflipped(r, final, None, ctx)


@rule(
    "ACT-FLIP-PARTICIPANTS",
    "activation",
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
        return _unflipped(r, before, event, ctx) if closes_action(c, event) else ()
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


def _group_of(ctx: CheckContext, unit: UnitId) -> str:
    game = ctx.game
    return game.unit(unit).group if game.has_unit(unit) else ""


@rule("ACT-ONE-GROUP", "activation", Severity.ILLEGAL, "A grouped side activates units of one group at a time (independents join any).", events=_UNIT_EVENTS)
def one_group(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    grouped = ctx.impulse.grouped_sides
    if not grouped:
        return ()
    act = _unit_action(event)
    side = getattr(event, "side", None)
    if act is None or side not in grouped:
        return ()
    c = before.clock
    joining = c.action_side is side and not opens_new_action(c, event)
    units = (*(sorted(c.activated) if joining else ()), *act[1])
    groups = sorted({g for u in units if (g := _group_of(ctx, u))})
    if len(groups) <= 1:
        return ()
    return (
        r.finding(
            before,
            event,
            f"Action {c.action if joining else c.action + 1} activates units of groups {', '.join(groups)}; "
            "one action activates one group (and independent units).",
            units=tuple(u for u in act[1] if _group_of(ctx, u)),
            expected=1,
            actual=len(groups),
        ),
    )


RULES: tuple[FunctionRule, ...] = (spent_unit, act_one_area, act_same_action, act_flip_participants, one_group)
