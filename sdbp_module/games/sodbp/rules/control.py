"""Area control (rules 13.0, 2.1.2; catalogue §3.9): CONTROL-CHANGE and CONTROL-MARKER.

13.0: if the controller of an area has no unit in it and the opponent has at least one, control
passes to the opponent **at once** — during a move at each entry and departure, on retreat,
elimination and placement. Empty and contested areas keep their controller.

CONTROL-CHANGE judges, after every event that moves units and after every logged control
marker, that control is what 13.0 gives. Moves are re-played step by step (``paths.shift``),
so an area a stack captured in passing stays captured (MV-14), and the area a side leaves with
enemy units in it passes to the enemy (CT-1, CT-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.movement import MoveAnalysis, StateView, analyse
from sdbp_module.games.sodbp.rules.paths import (
    BoardView,
    MovedView,
    Walk,
    controller_after,
    shift,
)
from sdbp_module.ids import AreaId, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.clock import PartKind
from sdbp_module.replay.events import (
    ControlSet,
    Damage,
    DamageResult,
    Event,
    Move,
    MoveKind,
    Place,
    Relocate,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, rule
from sdbp_module.rules.findings import Finding

_MOVE_ACTION = MoveKind.MOVE  # a hot-path enum member, bound once (see ``ids``)


def expected_control(before: GameState, area: AreaId, game: GameData) -> Side:
    """Control of ``area`` per 13.0 with the units of ``before`` (its controller as the start)."""
    return controller_after(StateView(before, game), area)


def _leave(view: BoardView, side: Side, area: AreaId) -> BoardView:
    """One unit of ``side`` leaves ``area`` for somewhere off the map; 13.0 applied to ``area``."""
    base = view.base if isinstance(view, MovedView) else view
    deltas = dict(view.deltas) if isinstance(view, MovedView) else {}
    control = dict(view.control) if isinstance(view, MovedView) else {}
    deltas[(side, area)] = deltas.get((side, area), 0) - 1
    moved = MovedView(base, deltas, control)
    control[area] = controller_after(moved, area)
    return MovedView(base, deltas, control)


def _enter(view: BoardView, side: Side, area: AreaId) -> BoardView:
    """One unit of ``side`` arrives in ``area`` from off the map; 13.0 applied to ``area``."""
    base = view.base if isinstance(view, MovedView) else view
    deltas = dict(view.deltas) if isinstance(view, MovedView) else {}
    control = dict(view.control) if isinstance(view, MovedView) else {}
    deltas[(side, area)] = deltas.get((side, area), 0) + 1
    moved = MovedView(base, deltas, control)
    control[area] = controller_after(moved, area)
    return MovedView(base, deltas, control)


def _relocated(
    view: BoardView, before: GameState, units: Iterable[UnitId], to: AreaId | None, side: Side | None
) -> BoardView:
    """Units taken from wherever they are (if on the map) and put in ``to`` (if an area)."""
    for unit_id in units:
        state = before.unit(unit_id)
        unit_side = state.side if state is not None else side
        if unit_side is None:
            continue
        origin = before.area_of(unit_id)
        if origin is not None and to is not None:
            view = shift(view, unit_side, 1, origin, to)
        elif origin is not None:
            view = _leave(view, unit_side, origin)
        elif to is not None:
            view = _enter(view, unit_side, to)
    return view


def simulate(before: GameState, event: Event, game: GameData) -> tuple[BoardView, tuple[AreaId, ...]] | None:
    """The board after ``event`` by 13.0 alone, and the areas whose control it may change.

    ``None`` for events that move no unit.
    """
    if not isinstance(event, (Move, Damage, Place, Relocate)):
        return None
    view: BoardView = StateView(before, game)
    touched: list[AreaId] = []
    if isinstance(event, Move):
        steps = event.steps or (event.to_area,)
        here = event.from_area
        for there in steps:
            view = shift(view, event.side, len(event.units), here, there)
            touched += (here, there)
            here = there
    elif isinstance(event, Damage):
        for o in event.outcomes:
            state = before.unit(o.unit)
            origin = before.area_of(o.unit)
            if state is None or origin is None:
                continue
            if o.result is DamageResult.ELIMINATE:
                view = _leave(view, state.side, origin)
                touched.append(origin)
            elif o.retreat:
                here = origin
                for there in o.retreat:
                    view = shift(view, state.side, 1, here, there)
                    touched += (here, there)
                    here = there
    elif isinstance(event, (Place, Relocate)):
        to = event.to.area if event.to.is_on_map else None
        side = event.side if isinstance(event, Place) else None
        view = _relocated(view, before, event.units, to, side)
        touched += [a for u in event.units if (a := before.area_of(u)) is not None]
        if to is not None:
            touched.append(to)
    else:
        return None
    return view, tuple(sorted(a for a in set(touched) if game.has_area(a)))


def _unknown_areas(event: Event, game: GameData) -> tuple[AreaId, ...]:
    """The map areas ``event`` names that the game data does not have (a hand-written log's typo)."""
    named: list[AreaId | None] = []
    if isinstance(event, Move):
        named += (event.from_area, event.to_area, *(event.steps or ()))
    elif isinstance(event, Damage):
        named += [a for o in event.outcomes for a in (o.retreat or ())]
    elif isinstance(event, (Place, Relocate)) and event.to.is_on_map:
        named.append(event.to.area)
    return tuple(sorted({a for a in named if a is not None and not game.has_area(a)}))


def _walk_of(before: GameState, event: Event, game: GameData) -> Walk | None:
    """For a move action along a logged path, the walk of the movement rules' analysis: step by step
    from ``before``, the same 13.0 replay ``simulate`` does; None otherwise."""
    if not isinstance(event, Move) or event.move_kind is not _MOVE_ACTION or event.path is None:
        return None
    a = analyse(before, event, game)
    if not isinstance(a, MoveAnalysis) or a.walked is None or not isinstance(a.facts.view, StateView):
        return None  # unknown facts, or earlier units of the stack counted in (simulate moves this event's only)
    if not a.walked.steps or a.walked.steps[-1].cost.target != event.to_area:
        return None  # a path that does not end where the move does: replayed as ``simulate`` reads it
    return a.walked


def _walked(before: GameState, event: Event, game: GameData) -> tuple[BoardView, tuple[AreaId, ...]] | None:
    """The board after a move action as the movement rules' analysis walked it, and the areas it
    crossed (see ``_walk_of``); None otherwise."""
    walk = _walk_of(before, event, game)
    return None if walk is None else (walk.final, tuple(sorted(set(walk.areas))))


@rule(
    "CONTROL-CHANGE",
    "13.0",
    Severity.ILLEGAL,
    "control passes at once to the side alone in an area; empty and contested areas keep it",
    events=(ControlSet, Move, Damage, Place, Relocate),
)
def control_change(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    game = ctx.game
    if isinstance(event, ControlSet):
        if not game.has_area(event.area):
            yield self.finding(
                before,
                event,
                f"Cannot check {self.rule_id}: area {event.area} is not in the game data.",
                severity=Severity.CANNOT_CHECK,
                areas=(event.area,),
            )
            return
        expected = expected_control(before, event.area, game)
        passing = _capture_in_passing(before, event, game) if event.side is not expected else None
        if passing is not None:
            origin, target = passing
            yield self.finding(
                before,
                event,
                f"Area {event.area} is marked {event.side.label}: a capture in passing during the "
                f"move {origin} → {target}, whose path the log does not give (13.0).",
                severity=Severity.INFO,
                areas=(event.area,),
            )
        elif event.side is not expected:
            yield self.finding(
                before,
                event,
                f"The control marker shows {event.side.label} in area {event.area}, but 13.0 gives "
                f"{expected.label} ({_occupancy(before, event.area)}).",
                units=before.units_in(event.area),
                areas=(event.area,),
                expected=expected.value,
                actual=event.side.value,
            )
        return
    unknown = _unknown_areas(event, game)
    if unknown:
        yield self.finding(
            before,
            event,
            f"Cannot check {self.rule_id}: area {', '.join(str(a) for a in unknown)} "
            f"{'is' if len(unknown) == 1 else 'are'} not in the game data.",
            severity=Severity.CANNOT_CHECK,
            areas=unknown,
        )
        return
    if after.control is before.control and isinstance(event, Move):
        walk = _walk_of(before, event, game)
        if walk is not None and not any(step.control_changes for step in walk.steps):
            return  # neither the replay nor the walk changed any control: they agree on every area
    result = _walked(before, event, game) or simulate(before, event, game)
    if result is None:
        return
    view, touched = result
    now = StateView(after, game)
    for area in touched:
        expected = view.controller(area)
        actual = now.controller(area)
        if actual is not expected:
            yield self.finding(
                before,
                event,
                f"After this event area {area} is {actual.label}-controlled, but 13.0 gives "
                f"{expected.label} ({_occupancy(after, area)}).",
                units=after.units_in(area),
                areas=(area,),
                expected=expected.value,
                actual=actual.value,
            )


def _hops(game: GameData, origin: AreaId, target: AreaId) -> int | None:
    """Fewest steps from ``origin`` to ``target`` over the map's borders (None if unlinked)."""
    frontier, seen, steps = {origin}, {origin}, 0
    while frontier:
        if target in frontier:
            return steps
        frontier = {n for a in frontier for n in game.neighbours(a)} - seen
        seen |= frontier
        steps += 1
    return None


def _capture_in_passing(before: GameState, event: ControlSet, game: GameData) -> tuple[AreaId, AreaId] | None:
    """The move of the current action that may have captured ``event.area`` on its way.

    A move logged without its path is replayed from origin to destination, so an empty area it
    crossed keeps its old controller in the replay although 13.0 gave it to the mover. A marker
    giving such an empty area to the moving side is then explained if the area lies within the
    stack's reach between the move's two ends (each step costs at least 1 MP).
    """
    clock, area = before.clock, event.area
    if clock.action_side is not event.side or before.units_in(area):
        return None
    reach = [game.unit(u).movement for u in clock.activated if game.has_unit(u)]
    if not reach:
        return None
    for part in clock.parts:
        if part.kind is not PartKind.MOVE or part.area is None or part.target is None:
            continue
        if area in (part.area, part.target):
            continue
        there, back = _hops(game, part.area, area), _hops(game, area, part.target)
        if there is not None and back is not None and there + back <= max(reach):
            return part.area, part.target
    return None


def _occupancy(state: GameState, area: AreaId) -> str:
    fr, vm = state.count(area, FRENCH), state.count(area, VIET_MINH)
    return f"{fr} French and {vm} Viet Minh units there"


def _marker_finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """The missing half of CONTROL-MARKER, once the log has ended: every area whose control differs
    from its printed box should carry a control marker showing its controller (2.1.2, 13.0)."""
    game = ctx.game
    differing = tuple(
        (a.id, c, a.control) for a in game.areas if (c := final.controller(a.id)) is not None and c is not a.control
    )
    if not differing:
        return
    markers = final.control_markers
    if markers is None:
        areas = tuple(a for a, _, _ in differing)
        yield self.finding(
            final,
            None,
            f"Cannot check the missing half of {self.rule_id}: the log does not say which control markers "
            f"lay on the map at the start, so it cannot tell whether areas {', '.join(str(a) for a in areas)} "
            f"(control differs from the printed box) carry a control marker.",
            severity=Severity.CANNOT_CHECK,
            areas=areas,
        )
        return
    for area, controller, printed in differing:
        shown = markers.get(area)
        if shown is controller:
            continue
        why = "no control marker" if shown is None else f"a {shown.label} control marker"
        yield self.finding(
            final,
            None,
            f"Area {area} ends {controller.label}-controlled (printed {printed.label}) with {why} on it; "
            f"a marker shows control that differs from the printed box.",
            areas=(area,),
            expected=controller.value,
            actual=shown.value if shown is not None else None,
        )


@rule(
    "CONTROL-MARKER",
    "2.1.2, 13.0",
    Severity.INFO,
    "a control marker shows only where control differs from the printed box",
    finish=_marker_finish,
    events=(ControlSet,),
)
def control_marker(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """A marker set to the printed owner is redundant (13.0: remove it when control returns).

    The missing half is judged at the end of the log (``_marker_finish``) from the marker pieces the
    state keeps apart from control (``GameState.control_markers``).
    """
    if not isinstance(event, ControlSet) or not ctx.game.has_area(event.area):
        return
    printed = ctx.game.area(event.area).control
    if event.side is printed:
        yield self.finding(
            before,
            event,
            f"A control marker shows {event.side.label} in area {event.area}, its printed owner; "
            f"13.0 removes the marker when control returns to the printed side.",
            areas=(event.area,),
        )


RULES: tuple[FunctionRule, ...] = (control_change, control_marker)
