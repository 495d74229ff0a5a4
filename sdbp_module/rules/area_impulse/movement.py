"""Movement in an area-impulse game: path, cost, stack, restrictions, flip.

Rule ids (neutral; a game lists them under its own with ``rules.base.relabel``): MOVE-ADJACENT-PATH,
MOVE-COST, MOVE-STACK-TOGETHER, MOVE-STACK-MA, MOVE-CLOSED-AREA, MOVE-ENTER-ENEMY-OCCUPIED,
MOVE-BRIDGE-ONLY-RIVER, MOVE-SINGLE-EXIT, MOVE-FLIP-SPENT. The stacking limit is ``stacking.py``'s.

How a move action (``Move`` with ``MoveKind.MOVE``) is judged (:func:`analyse`):

* **path logged** — walk it step by step (``paths.walk``): every step must join adjacent areas,
  break no restriction, and the total cost must fit the stack's MP;
* **no path logged** (the VASSAL log never gives one) — the move is legal if *some* legal path
  within the stack's MP exists (``paths.cheapest_path``). Otherwise it is illegal and explained
  by the cheapest path that ignores the restrictions: if that path breaks a restriction, the
  restriction's rule reports it; if it breaks none, the cheapest legal path is simply too dear and
  MOVE-COST reports its cost. No chain of adjacent areas at all → MOVE-ADJACENT-PATH.

A stack logged as several ``Move`` events of one action (one per unit) is judged as one stack:
the units of the action that already went from the same origin to the same destination join
the stack (their count is put back in the origin). Control changes those earlier units caused
are not undone, which can only make the later units' price cheaper, never dearer.

The restrictions a side is under come from the game's ``AreaImpulse`` (``CheckContext.impulse``):
area classes closed to a side, sides barred from enemy-occupied enemy-held areas, unit types that
cross rivers only by bridges, and area classes a move leaves one unit at a time into an adjacent area
(where it ends its move, or moves on: the game's switch ``AreaImpulse.single_exit_switch``).

Facts the checker lacks (a unit or area the game data does not know) give ``cannot-check``
naming the missing fact, never a silent pass.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from sdbp_module.ids import AreaId, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS, closes_action, opens_new_action
from sdbp_module.replay.clock import Clock, PartKind
from sdbp_module.replay.events import Event, Move, MoveKind
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse.activation import PARTICIPANTS_UNFLIPPED, pure_move
from sdbp_module.rules.area_impulse.config import PLAIN, AreaImpulse
from sdbp_module.rules.area_impulse.paths import (
    BoardView,
    Mover,
    StepFacts,
    StepProblem,
    Walk,
    cheapest_path,
    walk,
)
from sdbp_module.rules.base import CheckContext, FunctionRule, Gate, rule
from sdbp_module.rules.findings import Finding

ALL_PROBLEMS = frozenset(StepProblem)
_new_tuple = tuple.__new__  # ``MoveFacts``/``MoveAnalysis`` built without their named tuple's Python ``__new__`` (hot)
MOVE_ACTION = MoveKind.MOVE  # a hot-path enum member, bound once (see ``ids``)


# -- the state as a BoardView ----------------------------------------------------------------------


class StateView(NamedTuple):
    """A ``GameState`` seen as a :class:`paths.BoardView`.

    An area the log never gave a controller for is at its printed control (13.0: "at start each
    area belongs to the side shown in its printed control box"; the replay records changes).

    A named tuple, as ``paths.MovedView``: every move action makes one (a frozen record's ``__init__``
    sets each field through ``object.__setattr__``).
    """

    state: GameState
    game: GameData

    def controller(self, area: AreaId) -> Side:
        side = self.state.control.get(area)
        return side if side is not None else self.game.area(area).control

    def count(self, side: Side, area: AreaId) -> int:  # type: ignore[override]  # the ``BoardView``'s, in place of ``tuple.count``
        return self.state.side_counts.get((area, side), 0)

    def step_facts(self, side: Side, x: AreaId, y: AreaId) -> StepFacts:
        control, counts, enemy = self.state.control, self.state.side_counts, side.enemy
        was_x, was_y = control.get(x), control.get(y)
        return (
            was_x if was_x is not None else self.game.area(x).control,
            was_y if was_y is not None else self.game.area(y).control,
            counts.get((x, side), 0),
            counts.get((y, side), 0),
            counts.get((x, enemy), 0),
            counts.get((y, enemy), 0),
        )


@record
class AdjustedView:
    """``base`` with some unit counts corrected (earlier units of a stack put back in its origin)."""

    base: BoardView
    deltas: Mapping[tuple[Side, AreaId], int]

    def controller(self, area: AreaId) -> Side:
        return self.base.controller(area)

    def count(self, side: Side, area: AreaId) -> int:
        return self.base.count(side, area) + self.deltas.get((side, area), 0)

    def step_facts(self, side: Side, x: AreaId, y: AreaId) -> StepFacts:
        was_x, was_y, own_x, own_y, enemy_x, enemy_y = self.base.step_facts(side, x, y)
        deltas, enemy = self.deltas, side.enemy
        return (
            was_x,
            was_y,
            own_x + deltas.get((side, x), 0),
            own_y + deltas.get((side, y), 0),
            enemy_x + deltas.get((enemy, x), 0),
            enemy_y + deltas.get((enemy, y), 0),
        )


# -- facts and analysis of one move ----------------------------------------------------------------


@record
class Missing:
    """Facts the check needs and neither the log nor the game data gives (catalogue §6)."""

    facts: tuple[str, ...]

    @property
    def text(self) -> str:
        return "; ".join(self.facts)


class MoveFacts(NamedTuple):
    """(``MoveFacts`` and ``MoveAnalysis`` are named tuples, built for every move action: see ``paths.Step``.)"""

    event: Move
    units: tuple[Unit, ...]  # the whole stack: this event's units and earlier ones of the action
    mover: Mover
    steps: tuple[AreaId, ...] | None  # areas entered, as logged; None = no path in the log
    view: BoardView  # the board just before the stack left its origin


class MoveAnalysis(NamedTuple):
    facts: MoveFacts
    walked: Walk | None = None  # the logged path, walked (None without a logged path)
    best: Walk | None = None  # cheapest legal path (no logged path)
    diagnosis: Walk | None = None  # cheapest path ignoring restrictions, when no legal one fits
    disconnected: bool = False  # no chain of adjacent areas from origin to destination

    @property
    def non_adjacent(self) -> tuple[tuple[AreaId, AreaId], ...]:
        if self.walked is None:
            return ()
        return tuple(
            (s.cost.source, s.cost.target)
            for s in self.walked.steps
            if StepProblem.NOT_ADJACENT in s.problems
        )

    @property
    def route(self) -> Walk | None:
        """The path the verdict rests on: the logged one, else the cheapest legal one."""
        return self.walked if self.walked is not None else self.best

    @property
    def priced(self) -> Walk | None:
        """The route whose cost is compared with the MP, or None when no cost applies.

        A forbidden path has no price: a logged path with a non-adjacent or restricted step is
        reported by MOVE-ADJACENT-PATH or the restriction's rule (the seed calls M7 "forbidden",
        not "too dear"), and a move with no legal path at all by the restriction that blocks it.
        """
        if self.walked is not None:
            return None if self.walked.problems else self.walked
        if self.best is None or self.diagnosis is None:
            return self.best
        return self.best if self.best.cost <= self.diagnosis.cost else None

    @property
    def restriction_walk(self) -> Walk | None:
        """The walk whose step problems are reported by the restriction rules."""
        if self.walked is not None:
            return self.walked
        if self.diagnosis is not None and self.priced is None:
            return self.diagnosis
        return None

    @property
    def clean(self) -> bool:
        """Nothing for the movement rules to report: a route within the stack's MP with no forbidden
        step, and no cost claimed by the log (the rules gated by ``MOVE_TO_REPORT`` then find nothing)."""
        route = self.walked if self.walked is not None else self.best
        return (
            route is not None
            and self.diagnosis is None
            and not route.problems
            and route.cost <= self.facts.mover.allowance
            and self.facts.event.cost is None
        )

    def problems(self, kind: StepProblem) -> tuple[int, ...]:
        """Indexes of the steps (of :attr:`restriction_walk`) that break ``kind``."""
        w = self.restriction_walk
        if w is None:
            return ()
        return tuple(i for i, p in w.problems if p is kind)


def _is_move_action(event: Event) -> bool:
    return isinstance(event, Move) and event.move_kind is MOVE_ACTION


def _earlier_stack(before: GameState, event: Move) -> tuple[UnitId, ...]:
    """Units an earlier ``Move`` of the same action took from the same origin to the same area."""
    clock = before.clock
    if clock.action_side is not event.side or opens_new_action(clock, event):
        return ()
    if not any(
        p.kind is PartKind.MOVE and p.area == event.from_area and p.target == event.to_area
        for p in clock.parts
    ):
        return ()
    return tuple(
        sorted(u for u in clock.activated if u not in event.units and before.area_of(u) == event.to_area)
    )


_STACKS: dict[int, tuple[GameData, AreaImpulse, dict[tuple[UnitId, ...], tuple[tuple[Unit, ...], Mover | None]]]] = {}


def _stacks(game: GameData, impulse: AreaImpulse) -> dict[tuple[UnitId, ...], tuple[tuple[Unit, ...], Mover | None]]:
    """The stacks of ``game`` already met (``_stack``), by the ids of their units."""
    held = _STACKS.get(id(game))
    if held is None or held[0] is not game or held[1] is not impulse:
        held = _STACKS[id(game)] = (game, impulse, {})
    return held[2]


def _stack(game: GameData, ids: tuple[UnitId, ...], impulse: AreaImpulse) -> tuple[tuple[Unit, ...], Mover | None]:
    """The units named ``ids`` (each a unit of ``game``) and their ``Mover`` (None if of mixed sides),
    computed once per game."""
    table = _stacks(game, impulse)
    known = table.get(ids)
    if known is None:
        units = tuple(game.unit(u) for u in ids)
        mixed = len({u.side for u in units}) != 1
        known = table[ids] = (units, None if mixed else Mover.of(units, impulse))
    return known


def move_facts(before: GameState, event: Move, game: GameData, impulse: AreaImpulse = PLAIN) -> MoveFacts | Missing:
    """Everything needed to judge ``event`` under the game's settings ``impulse``, or what is missing."""
    earlier = _earlier_stack(before, event)
    stack_ids = (*event.units, *earlier)
    steps = event.steps
    known = _stacks(game, impulse).get(stack_ids)  # a stack met before: its units are the game's
    if known is None or not game.has_areas((event.from_area, event.to_area, *(steps or ()))):
        missing = _missing(game, event, stack_ids, steps)
        if missing:
            return Missing(missing)
        known = _stack(game, stack_ids, impulse)
    units, mover = known
    if mover is None or mover.side is not event.side:
        return Missing((f"UNIT: the move mixes sides (logged side {event.side.value})",))
    base: BoardView = _new_tuple(StateView, (before, game))  # (no named tuple's Python ``__new__``: hot)
    if earlier:
        n = len(earlier)
        base = AdjustedView(
            base,
            MappingProxyType({(event.side, event.to_area): -n, (event.side, event.from_area): n}),
        )
    return _new_tuple(MoveFacts, (event, units, mover, steps, base))


_CACHE: list[tuple[GameState, Event, GameData, AreaImpulse, MoveAnalysis | Missing]] = []


def _missing(game: GameData, event: Move, stack_ids: tuple[UnitId, ...], steps: tuple[AreaId, ...] | None) -> tuple[str, ...]:
    """The facts the game data lacks for ``event``: its units, its areas, any unit at all."""
    missing: list[str] = []
    for unit_id in stack_ids:
        if not game.has_unit(unit_id):
            missing.append(f"UNIT: unit {unit_id} is not in the game data (its MA and type are unknown)")
    for area in dict.fromkeys((event.from_area, event.to_area, *(steps or ()))):
        if not game.has_area(area):
            missing.append(f"MAP: area {area} is not in the game data")
    if not stack_ids:
        missing.append("ACT: the move names no unit")
    return tuple(missing)


def analyse(before: GameState, event: Move, game: GameData, impulse: AreaImpulse = PLAIN) -> MoveAnalysis | Missing:
    """Judge a move action's geometry and cost once, under the game's settings ``impulse``; the rules
    below read the result.

    Memoised on the identity of its arguments (the rules of one event share one analysis).
    """
    for b, e, g, i, result in _CACHE:
        if b is before and e is event and g is game and i is impulse:
            return result
    result = _analyse(before, event, game, impulse)
    _CACHE[:] = [(before, event, game, impulse, result)]
    return result


remembers(_CACHE.clear)


def _analyse(before: GameState, event: Move, game: GameData, impulse: AreaImpulse) -> MoveAnalysis | Missing:
    facts = move_facts(before, event, game, impulse)
    if isinstance(facts, Missing):
        return facts
    origin, dest, mover = event.from_area, event.to_area, facts.mover
    if facts.steps is not None:  # (walked; the commonest: built without the named tuple's Python ``__new__``)
        return _new_tuple(MoveAnalysis, (facts, walk(game, mover, origin, facts.steps, facts.view), None, None, False))
    best = cheapest_path(game, mover, origin, dest, facts.view)
    if best is not None and best.cost <= mover.allowance:
        return MoveAnalysis(facts, best=best)
    relaxed = cheapest_path(game, mover, origin, dest, facts.view, ignore=ALL_PROBLEMS)
    if relaxed is None:
        return MoveAnalysis(facts, disconnected=True)
    return MoveAnalysis(facts, best=best, diagnosis=relaxed)


def _to_report(before: GameState, event: Event, after: GameState, ctx: CheckContext) -> bool:
    if not isinstance(event, Move) or event.move_kind is not MOVE_ACTION:
        return True  # the rules below also judge retreats, placements and other moves
    a = analyse(before, event, ctx.game, ctx.impulse)
    return not isinstance(a, MoveAnalysis) or not a.clean


MOVE_TO_REPORT = Gate("move-to-report", _to_report)
"""Any event but a move action whose analysis is clean (``MoveAnalysis.clean``): most move actions
are, and six rules then have nothing to report."""


# -- helpers for findings ---------------------------------------------------------------------------


def _path_text(areas: Sequence[AreaId]) -> str:
    return " → ".join(str(a) for a in areas)


def _cannot(self: FunctionRule, before: GameState, event: Event, missing: Missing) -> Finding:
    return self.finding(
        before,
        event,
        f"Cannot check {self.rule_id}: {missing.text}.",
        severity=Severity.CANNOT_CHECK,
        units=getattr(event, "units", ()),
    )


def analysed(
    self: FunctionRule, before: GameState, event: Event, ctx: CheckContext
) -> tuple[MoveAnalysis | None, list[Finding]]:
    """The analysis of a move action, or the cannot-check finding (or nothing for other events)."""
    if not isinstance(event, Move) or not _is_move_action(event):
        return None, []
    result = analyse(before, event, ctx.game, ctx.impulse)
    if isinstance(result, Missing):
        return None, [_cannot(self, before, event, result)]
    return result, []


def stack_units(a: MoveAnalysis) -> tuple[UnitId, ...]:
    """The ids of the whole moving stack of ``a``."""
    return tuple(u.id for u in a.facts.units)


def _how(a: MoveAnalysis) -> str:
    return "along the logged path" if a.walked is not None else "by any path (none logged)"


# -- MOVE-ADJACENT-PATH -----------------------------------------------------------------------------


@rule(
    "MOVE-ADJACENT-PATH",
    "movement",
    Severity.ILLEGAL,
    "consecutive areas of a move's path are adjacent",
    events=(Move,),
    gate=MOVE_TO_REPORT,
)
def move_adjacent_path(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    a, early = analysed(self, before, event, ctx)
    yield from early
    if a is None:
        return
    for x, y in a.non_adjacent:
        yield self.finding(
            before,
            event,
            f"The logged path steps from area {x} to area {y}, which are not adjacent.",
            units=stack_units(a),
            areas=(x, y),
        )
    if a.disconnected:
        e = a.facts.event
        yield self.finding(
            before,
            event,
            f"No chain of adjacent areas links area {e.from_area} to area {e.to_area}.",
            units=stack_units(a),
            areas=(e.from_area, e.to_area),
        )


# -- MOVE-COST --------------------------------------------------------------------------------------


@rule(
    "MOVE-COST",
    "movement",
    Severity.ILLEGAL,
    "the path's step-by-step cost fits the stack's MP",
    events=(Move,),
    gate=MOVE_TO_REPORT,
)
def move_cost(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    a, early = analysed(self, before, event, ctx)
    yield from early
    if a is None:
        return
    route = a.route
    claimed = a.facts.event.cost
    if claimed is not None and route is not None and claimed != route.cost:
        yield self.finding(
            before,
            event,
            f"The log says moving {_path_text(route.areas)} cost {claimed} MP; step by step it costs "
            f"{route.cost} MP {_how(a)}. Legality rests on the recomputed cost.",
            severity=Severity.INFO,
            units=stack_units(a),
            areas=route.areas,
            expected=route.cost,
            actual=claimed,
        )
    priced = a.priced
    if priced is None or priced.cost <= a.facts.mover.allowance:
        return
    costs = " + ".join(str(s.cost.total) for s in priced.steps)
    yield self.finding(
        before,
        event,
        f"Moving {_path_text(priced.areas)} costs {costs} = {priced.cost} MP {_how(a)}; "
        f"the stack has {a.facts.mover.allowance} MP.",
        units=stack_units(a),
        areas=priced.areas,
        expected=a.facts.mover.allowance,
        actual=priced.cost,
    )


# -- MOVE-STACK-TOGETHER ----------------------------------------------------------------------------


@rule(
    "MOVE-STACK-TOGETHER",
    "movement",
    Severity.ILLEGAL,
    "the units of one move action go from one area to one destination together",
    events=(Move,),
    gate=Gate.ACTION_JOINED,
)
def move_stack_together(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Move) or not _is_move_action(event):
        return
    clock = before.clock
    if clock.action_side is not event.side or opens_new_action(clock, event):
        return
    others = [
        p
        for p in clock.parts
        if p.kind is PartKind.MOVE and (p.area, p.target) != (event.from_area, event.to_area)
    ]
    if not others:
        return
    first = others[0]
    yield self.finding(
        before,
        event,
        f"Units of one move action go {event.from_area} → {event.to_area} while others of the same "
        f"action went {first.area} → {first.target}; a stack moves together ({self.rule_ref}).",
        units=event.units,
        areas=tuple(
            dict.fromkeys(
                a for a in (first.area, first.target, event.from_area, event.to_area) if a is not None
            )
        ),
    )


# -- MOVE-STACK-MA ----------------------------------------------------------------------------------


@rule(
    "MOVE-STACK-MA",
    "movement",
    Severity.ILLEGAL,
    "a stack moves with the lowest MA of its units",
    events=(Move,),
    gate=MOVE_TO_REPORT,
)
def move_stack_ma(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    a, early = analysed(self, before, event, ctx)
    yield from early
    if a is None:
        return
    priced = a.priced
    if priced is None:
        return
    lowest = a.facts.mover.allowance
    highest = max(u.movement for u in a.facts.units)
    if not lowest < priced.cost <= highest:
        return
    slow = tuple(u.id for u in a.facts.units if u.movement == lowest)
    yield self.finding(
        before,
        event,
        f"The move {_path_text(priced.areas)} costs {priced.cost} MP, within the MA of the stack's "
        f"faster units but above its lowest MA {lowest} ({', '.join(slow)}); a stack has the MP of "
        f"its slowest unit.",
        units=stack_units(a),
        areas=priced.areas,
        expected=lowest,
        actual=priced.cost,
    )


# -- restrictions -----------------------------------------------------------------------------------


def restriction(
    self: FunctionRule,
    before: GameState,
    event: Event,
    a: MoveAnalysis,
    kind: StepProblem,
    units: tuple[UnitId, ...],
    why: str,
) -> Iterator[Finding]:
    """The findings of one restriction ``kind`` broken by the analysed move ``a``, each saying ``why``."""
    w = a.restriction_walk
    if w is None:
        return
    for i in a.problems(kind):
        step = w.steps[i].cost
        route = "the logged path" if a.walked is not None else "every path within reach"
        yield self.finding(
            before,
            event,
            f"The move {_path_text(w.areas)} enters area {step.target} from area {step.source}: "
            f"{why} ({route} does).",
            units=units,
            areas=(step.source, step.target),
        )


# -- MOVE-FLIP-SPENT --------------------------------------------------------------------------------


def _unflipped_movers(state: GameState) -> tuple[UnitId, ...]:
    clock = state.clock
    if clock.action_side is None or not clock.activated:
        return ()
    if not pure_move(clock):
        return ()
    return tuple(sorted(u for u in clock.activated if (s := state.unit(u)) is not None and not s.spent))


def _flip_finding(
    self: FunctionRule, state: GameState, event: Event | None, units: tuple[UnitId, ...]
) -> Finding:
    areas = tuple(dict.fromkeys(a for u in units if (a := state.area_of(u)) is not None))
    return self.finding(
        state,
        event,
        f"Unit(s) {', '.join(units)} moved in action {state.clock.action} but were not flipped to spent "
        f"before the action ended.",
        units=units,
        areas=areas,
    )


def _move_flip_finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    units = _unflipped_movers(final)
    if units:
        yield _flip_finding(self, final, None, units)


@rule(
    "MOVE-FLIP-SPENT",
    "movement",
    Severity.ILLEGAL,
    "units that moved are spent once their action ends",
    finish=_move_flip_finish,
    events=CLOSING_EVENTS,
    gate=PARTICIPANTS_UNFLIPPED,
)
def move_flip_spent(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """Judged when the move action closes (the next action opens, or a phase starts).

    The flip is logged after the drag (a FLIP line per unit), so the move event itself cannot
    show it. Only pure move actions are judged here; mixed actions are ACT-SAME-ACTION's.
    """
    if not closes_action(before.clock, event):
        return
    units = _unflipped_movers(before)
    if units:
        yield _flip_finding(self, before, event, units)


def _move_restriction(
    self: FunctionRule, before: GameState, event: Event, ctx: CheckContext, kind: StepProblem, why: str
) -> Iterator[Finding]:
    a, early = analysed(self, before, event, ctx)
    yield from early
    if a is not None:
        yield from restriction(self, before, event, a, kind, stack_units(a), why)


@rule(
    "MOVE-CLOSED-AREA",
    "movement",
    Severity.ILLEGAL,
    "a side's units never enter an area of a class closed to it, not even in passing",
    events=(Move,),
    gate=MOVE_TO_REPORT,
)
def closed_area(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Move) or not ctx.impulse.closed_classes:
        return
    yield from _move_restriction(
        self, before, event, ctx, StepProblem.CLOSED_AREA, f"{event.side.label} units may never enter an area of that class"
    )


@rule(
    "MOVE-ENTER-ENEMY-OCCUPIED",
    "movement",
    Severity.ILLEGAL,
    "a barred side never moves into an enemy-held area holding enemy units",
    events=(Move,),
    gate=MOVE_TO_REPORT,
)
def enter_enemy_occupied(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Move) or event.side not in ctx.impulse.no_entry_enemy_occupied:
        return
    enemy = event.side.enemy.label
    yield from _move_restriction(
        self,
        before,
        event,
        ctx,
        StepProblem.ENTER_ENEMY_OCCUPIED,
        f"{event.side.label} units may not enter an area the {enemy} hold with {enemy} units in it",
    )


@rule(
    "MOVE-BRIDGE-ONLY-RIVER",
    "movement",
    Severity.ILLEGAL,
    "units of the types the game names cross rivers only by bridges",
    events=(Move,),
    gate=MOVE_TO_REPORT,
)
def bridge_only_river(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Move) or not ctx.impulse.bridge_only_types:
        return
    a, early = analysed(self, before, event, ctx)
    yield from early
    if a is None or not a.facts.mover.bridge_only:
        return
    impulse = ctx.impulse
    units = tuple(u.id for u in a.facts.units if impulse.bridge_only(u.side, u.type))
    yield from restriction(
        self, before, event, a, StepProblem.BRIDGE_ONLY_RIVER, units, "such units may cross a river only by a bridge"
    )


def _single_exit_class(ctx: CheckContext, area: AreaId) -> bool:
    game = ctx.game
    return game.has_area(area) and game.area(area).colour in ctx.impulse.single_exit_classes


def _stops_on_exit(ctx: CheckContext) -> bool:
    """Whether a unit leaving a single-exit area ends its move in the adjacent area it enters."""
    switch = ctx.impulse.single_exit_switch
    return switch is None or ctx.rules.get(switch) == "adjacent_only"


def _exit_limit_lifted(clock: Clock, ctx: CheckContext) -> bool:
    """Whether a card played as the action lifts the one-unit limit (``single_exit_card``)."""
    test = ctx.impulse.single_exit_card
    return test is not None and any(
        p.kind is PartKind.CARD and p.card is not None and test(ctx.game, p.card) for p in clock.parts
    )


@rule(
    "MOVE-SINGLE-EXIT",
    "movement",
    Severity.ILLEGAL,
    "a move leaves an area of a single-exit class with one unit per action, into an adjacent area",
    events=(Move,),
)
def single_exit(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """One unit leaves such an area per action (unless a ``single_exit_card`` was played as the action),
    and, where the game's reading says so (``single_exit_switch``), ends its move in the adjacent area
    it enters; otherwise it may move on, and the path and cost rules judge the rest of its move."""
    if not ctx.impulse.single_exit_classes or not isinstance(event, Move) or not _is_move_action(event):
        return
    origin = event.from_area
    if not _single_exit_class(ctx, origin):
        return
    clock = before.clock
    joining = clock.action_side is event.side and not opens_new_action(clock, event)
    earlier = (
        tuple(sorted(u for u in clock.activated if u not in event.units and before.area_of(u) != origin))
        if joining and any(p.kind is PartKind.MOVE and p.area == origin for p in clock.parts)
        else ()
    )
    leaving = (*earlier, *event.units)
    if len(leaving) > 1 and not (joining and _exit_limit_lifted(clock, ctx)):
        yield self.finding(
            before,
            event,
            f"{len(leaving)} units ({', '.join(leaving)}) leave area {origin} in one action; "
            "only one unit may leave it per action.",
            units=leaving,
            areas=(origin,),
            expected=1,
            actual=len(leaving),
        )
    if not _stops_on_exit(ctx):
        return
    steps = event.steps
    far = (steps is not None and len(steps) > 1) or (
        ctx.game.has_area(event.to_area) and not ctx.game.is_adjacent(origin, event.to_area)
    )
    if far:
        yield self.finding(
            before,
            event,
            f"A unit leaving area {origin} goes on to area {event.to_area}; it may move only to an adjacent area.",
            units=event.units,
            areas=(origin, event.to_area),
        )


RULES: tuple[FunctionRule, ...] = (
    move_adjacent_path,
    move_cost,
    move_stack_together,
    move_stack_ma,
    enter_enemy_occupied,
    closed_area,
    bridge_only_river,
    single_exit,
    move_flip_spent,
)
