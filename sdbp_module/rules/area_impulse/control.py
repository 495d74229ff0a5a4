"""Area control in an area-impulse game: CONTROL-CHANGE.

If the controller of an area has no unit in it and the opponent has at least one, control passes to
the opponent **at once** — during a move at each entry and departure, on retreat, elimination and
placement. Empty and contested areas keep their controller. Where the game's text gives the rule
only for an area a move enters (``AreaImpulse.control_stated_on_entry_only``), a disagreement about
any other area is suspicious.

CONTROL-CHANGE judges, after every event that moves units and after every logged control marker,
that control is what the control rule gives. Moves are re-played step by step (``paths.shift``), so an
area a stack captured in passing stays captured, and the area a side leaves with enemy units in it
passes to the enemy. The rule's id is neutral; a game lists it under its own (``rules.base.relabel``).
A control marker is judged at the face its player gave it: the checker reads a marker put down and
turned in one act as one marker, when the act is done (``replay.markers``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

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
from sdbp_module.rules.area_impulse.config import PLAIN, AreaImpulse
from sdbp_module.rules.area_impulse.movement import MoveAnalysis, StateView, analyse
from sdbp_module.rules.area_impulse.paths import (
    BoardView,
    MovedView,
    Walk,
    controller_after,
    shift,
)
from sdbp_module.rules.base import CheckContext, FunctionRule, rule
from sdbp_module.rules.findings import Finding

_MOVE_ACTION = MoveKind.MOVE  # a hot-path enum member, bound once (see ``ids``)


def expected_control(before: GameState, area: AreaId, game: GameData) -> Side:
    """Control of ``area`` per the control rule with the units of ``before`` (its controller as the start)."""
    return controller_after(StateView(before, game), area)


def _leave(view: BoardView, side: Side, area: AreaId) -> BoardView:
    """One unit of ``side`` leaves ``area`` for somewhere off the map; the control rule applied to ``area``."""
    base = view.base if isinstance(view, MovedView) else view
    deltas = dict(view.deltas) if isinstance(view, MovedView) else {}
    control = dict(view.control) if isinstance(view, MovedView) else {}
    deltas[(side, area)] = deltas.get((side, area), 0) - 1
    moved = MovedView(base, deltas, control)
    control[area] = controller_after(moved, area)
    return MovedView(base, deltas, control)


def _enter(view: BoardView, side: Side, area: AreaId) -> BoardView:
    """One unit of ``side`` arrives in ``area`` from off the map; the control rule applied to ``area``."""
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
    """The board after ``event`` by the control rule alone, and the areas whose control it may change.

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
        on_path = (event.from_area, event.to_area, *(event.steps or ()))
        if game.has_areas(on_path):
            return ()  # the common case: every area known
        named += on_path
    elif isinstance(event, Damage):
        named += [a for o in event.outcomes for a in (o.retreat or ())]
    elif isinstance(event, (Place, Relocate)) and event.to.is_on_map:
        named.append(event.to.area)
    return tuple(sorted({a for a in named if a is not None and not game.has_area(a)}))


def _walk_of(before: GameState, event: Event, game: GameData, impulse: AreaImpulse = PLAIN) -> Walk | None:
    """For a move action along a logged path, the walk of the movement rules' analysis: step by step
    from ``before``, the same control-rule replay ``simulate`` does; None otherwise."""
    if not isinstance(event, Move) or event.move_kind is not _MOVE_ACTION or event.path is None:
        return None
    a = analyse(before, event, game, impulse)
    if not isinstance(a, MoveAnalysis) or a.walked is None or not isinstance(a.facts.view, StateView):
        return None  # unknown facts, or earlier units of the stack counted in (simulate moves this event's only)
    if not a.walked.steps or a.walked.steps[-1].cost.target != event.to_area:
        return None  # a path that does not end where the move does: replayed as ``simulate`` reads it
    return a.walked


def _walked(
    before: GameState, event: Event, game: GameData, impulse: AreaImpulse = PLAIN
) -> tuple[BoardView, tuple[AreaId, ...]] | None:
    """The board after a move action as the movement rules' analysis walked it, and the areas it
    crossed (see ``_walk_of``); None otherwise."""
    walk = _walk_of(before, event, game, impulse)
    return None if walk is None else (walk.final, tuple(sorted(set(walk.areas))))


@rule(
    "CONTROL-CHANGE",
    "control",
    Severity.ILLEGAL,
    "control passes at once to the side alone in an area; empty and contested areas keep it",
    events=(ControlSet, Move, Damage, Place, Relocate),
)
def control_change(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterable[Finding]:
    if isinstance(event, Move) and after.control is before.control:
        walk = _walk_of(before, event, ctx.game, ctx.impulse)  # a walk: the analysis knew every area the move names
        if walk is not None:
            for step in walk.steps:
                if step.control_changes:
                    break
            else:
                return ()  # the common case (as below), a plain function rather than a generator
    return _control_change(self, before, event, after, ctx)


def _control_change(
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
                f"move {origin} → {target}, whose path the log does not give ({self.rule_ref}).",
                severity=Severity.INFO,
                areas=(event.area,),
            )
        elif event.side is not expected:
            yield self.finding(
                before,
                event,
                f"The control marker shows {event.side.label} in area {event.area}, but {self.rule_ref} gives "
                f"{expected.label} ({_occupancy(before, event.area, game)}){_assumed(ctx, _entered(before, event.area))}.",
                severity=_severity(ctx, _entered(before, event.area)),
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
        walk = _walk_of(before, event, game, ctx.impulse)
        if walk is not None:
            for step in walk.steps:
                if step.control_changes:
                    break
            else:
                return  # neither the replay nor the walk changed any control: they agree on every area
    result = _walked(before, event, game, ctx.impulse) or simulate(before, event, game)
    if result is None:
        return
    view, touched = result
    now = StateView(after, game)
    for area in touched:
        expected = view.controller(area)
        actual = now.controller(area)
        if actual is not expected:
            entered = isinstance(event, Move) and area != event.from_area
            yield self.finding(
                before,
                event,
                f"After this event area {area} is {actual.label}-controlled, but {self.rule_ref} gives "
                f"{expected.label} ({_occupancy(after, area, game)}){_assumed(ctx, entered)}.",
                severity=_severity(ctx, entered),
                units=after.units_in(area),
                areas=(area,),
                expected=expected.value,
                actual=actual.value,
            )


def _entered(before: GameState, area: AreaId) -> bool:
    """Whether a move of the action under way entered ``area`` (its destination)."""
    return any(p.kind is PartKind.MOVE and p.target == area for p in before.clock.parts)


def _severity(ctx: CheckContext, entered: bool) -> Severity | None:
    """The rule's own severity, or suspicious where the game states the rule only for entered areas."""
    return Severity.SUSPICIOUS if ctx.impulse.control_stated_on_entry_only and not entered else None


def _assumed(ctx: CheckContext, entered: bool) -> str:
    if ctx.impulse.control_stated_on_entry_only and not entered:
        return "; the rules text gives the control rule only for an area a move enters, the rest is assumed"
    return ""


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
    crossed keeps its old controller in the replay although the control rule gave it to the mover. A marker
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


def _occupancy(state: GameState, area: AreaId, game: GameData) -> str:
    """How many units of each side stand in ``area``, in words (the sides in the order they were declared)."""
    sides = [side for side in Side.declared() if side in game.game.sides]
    return " and ".join(f"{state.count(area, side)} {side.label}" for side in sides) + " units there"


RULES: tuple[FunctionRule, ...] = (control_change,)
