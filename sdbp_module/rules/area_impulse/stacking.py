"""The stacking limit of an area-impulse game (``game.stacking_limit`` units per side and area).

At most ``stacking_limit`` units per side in one area **at any moment**. Two ways to break it:

* after any event, a side has more units in an area than the limit and more than it had
  before the event (an overflow that persists is reported once, by the event that made it);
* a move action passes **through** an area where the stack would exceed the limit, judged on the
  logged path or, without one, when every path within reach does.

A ``Damage`` event holds a whole retreat, so only the areas the retreating units end in are judged
here (a game may allow overflowing in passing), and none where the game's retreat rules judge the
stacking of retreats themselves (``AreaImpulse.retreat_stacking_judged``). The rule's id is neutral
(STACK-LIMIT); a game lists it under its own (``rules.base.relabel``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.ids import AreaId, Severity
from sdbp_module.replay.events import (
    Damage,
    Event,
    GameStart,
    Move,
    Place,
    Relocate,
    units_of,
)
from sdbp_module.replay.location import LocationKind
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse.movement import MOVE_ACTION, Missing, analyse
from sdbp_module.rules.area_impulse.paths import StepProblem
from sdbp_module.rules.base import CheckContext, FunctionRule, rule
from sdbp_module.rules.findings import Finding

_AREA = LocationKind.AREA  # a hot-path enum member, bound once (see ``ids``)


def _crowded_entries(before: GameState, event: Event, after: GameState, limit: int) -> tuple[AreaId, ...]:
    """Areas where a unit named by ``event`` now stands and did not before (only named units change
    place, and a count can grow only where units arrive), holding more than ``limit`` units."""
    if before.occupants is after.occupants:
        return ()
    occupants, now, was = after.occupants, after.units, before.units
    areas: set[AreaId] = set()
    for unit in units_of(event):
        s = now.get(unit)
        area = s.location.area if s is not None and s.location.kind is _AREA else None
        if area is None or len(occupants.get(area, ())) <= limit:
            continue  # off the map, or the common case: no overflow there (asked first)
        old = was.get(unit)
        if old is None or old.location.kind is not _AREA or old.location.area != area:
            areas.add(area)
    return tuple(sorted(areas)) if areas else ()


@rule(
    "STACK-LIMIT",
    "stacking",
    Severity.ILLEGAL,
    "at most the stacking limit of units per side in an area at any moment, passing through included",
    events=(Move, Damage, Place, Relocate, GameStart),
)
def stack_limit(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterable[Finding]:
    limit = ctx.game.game.stacking_limit
    if isinstance(event, Damage) and ctx.impulse.retreat_stacking_judged:
        return ()
    if isinstance(event, Move) and event.move_kind is MOVE_ACTION:
        result = analyse(before, event, ctx.game, ctx.impulse)
        if isinstance(result, Missing) or ((w := result.restriction_walk) is not None and w.problems):
            return _stack_limit(self, before, event, after, ctx)
    if not _crowded_entries(before, event, after, limit):
        return ()  # the common case, a plain function rather than a generator: called on every move
    return _stack_limit(self, before, event, after, ctx)


def _stack_limit(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    limit = ctx.game.game.stacking_limit
    if isinstance(event, Damage) and ctx.impulse.retreat_stacking_judged:
        return  # the game's retreat rules judge where a retreat may overflow and where it ends
    if isinstance(event, Move) and event.move_kind is MOVE_ACTION:
        result = analyse(before, event, ctx.game, ctx.impulse)
        if isinstance(result, Missing):
            yield self.finding(
                before,
                event,
                f"Cannot check passing through for {self.rule_id}: {result.text}.",
                severity=Severity.CANNOT_CHECK,
                units=event.units,
            )
        elif (w := result.restriction_walk) is not None and w.problems:
            last = len(w.steps) - 1
            for i in result.problems(StepProblem.STACK_LIMIT):
                if i == last:
                    continue  # the destination is judged on the state after the move, below
                step = w.steps[i]
                route = "the logged path" if result.walked is not None else "every path within reach"
                yield self.finding(
                    before,
                    event,
                    f"The {result.facts.mover.size}-unit stack passes through area {step.cost.target}, "
                    f"where it would make {step.units_after} {event.side.label} units; the limit is "
                    f"{limit} ({route} does).",
                    units=tuple(u.id for u in result.facts.units),
                    areas=(step.cost.target,),
                    expected=limit,
                    actual=step.units_after,
                )
    for area in _crowded_entries(before, event, after, limit):
        for side in ctx.game.game.sides:
            now = after.count(area, side)
            if now > limit and now > before.count(area, side):
                yield self.finding(
                    before,
                    event,
                    f"{side.label} now has {now} units in area {area}; the limit is {limit}.",
                    units=after.units_in(area, side),
                    areas=(area,),
                    expected=limit,
                    actual=now,
                )


RULES: tuple[FunctionRule, ...] = (stack_limit,)
