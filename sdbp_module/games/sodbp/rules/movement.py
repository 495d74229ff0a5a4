"""Movement rules (rules 7.0, 2.2.1, 8.4.2, 10.0; catalogue §3.5).

Rule ids: MOVE-ADJACENT-PATH, MOVE-COST, MOVE-STACK-TOGETHER, MOVE-STACK-MA,
VM-ENTER-FR-OCCUPIED, FR-RED-AREA, FR-ARMOR-RIVER, MOVE-NO-MP-ASSAULT, MOVE-FLIP-SPENT.
STACK-LIMIT-9 lives in ``stacking.py``.

The path, cost, stack and flip rules are the shared area-impulse ones (``rules.area_impulse.movement``)
under the catalogue's ids; the step restrictions (red areas closed to the French, armour crossing
rivers only by bridges, the VM kept out of French-held areas with French units) are set in
``package.IMPULSE`` and priced by the shared path search. The three restriction rules are SoDBP's
own here because they also judge retreats, placements and card moves, in the catalogue's words.

No interpretation switch of catalogue §2 governs these rules: none of them rests on a REC
reading, so ``strict_mode`` leaves their severities as the catalogue gives them, and the retreat
switches (AMB-07) concern the RETREAT-* rules (a ``Damage`` event is judged where its retreats end).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, AreaColour, UnitType
from sdbp_module.ids import AreaId, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import Damage, Event, Move, MoveKind, Place, Relocate
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse import movement as shared
from sdbp_module.rules.area_impulse.movement import (
    MOVE_ACTION,
    MOVE_TO_REPORT,
    StateView,
    analysed,
    restriction,
    stack_units,
)
from sdbp_module.rules.area_impulse.paths import Mover, StepProblem, walk
from sdbp_module.rules.base import CheckContext, FunctionRule, relabel, rule
from sdbp_module.rules.findings import Finding

move_adjacent_path = relabel(shared.move_adjacent_path, "MOVE-ADJACENT-PATH", "7.0")
move_cost = relabel(shared.move_cost, "MOVE-COST", "7.0")
move_stack_together = relabel(shared.move_stack_together, "MOVE-STACK-TOGETHER", "7.0")
move_stack_ma = relabel(shared.move_stack_ma, "MOVE-STACK-MA", "7.0")
move_flip_spent = relabel(shared.move_flip_spent, "MOVE-FLIP-SPENT", "7.0")


@rule(
    "VM-ENTER-FR-OCCUPIED",
    "7.0, 10.0",
    Severity.ILLEGAL,
    "a VM move never enters a French-controlled area holding French units",
    events=(Move,),
    gate=MOVE_TO_REPORT,
)
def vm_enter_fr_occupied(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Move) or event.side is not VIET_MINH:
        return
    a, early = analysed(self, before, event, ctx)
    yield from early
    if a is None:
        return
    yield from restriction(
        self,
        before,
        event,
        a,
        StepProblem.ENTER_ENEMY_OCCUPIED,
        stack_units(a),
        "VM units may not enter a French-controlled area that holds French units (they may assault it)",
    )


def _red_entries(
    game: GameData, before: GameState, after: GameState, units: Iterable[UnitId]
) -> Iterator[tuple[UnitId, AreaId]]:
    for unit_id in units:
        state = after.unit(unit_id)
        if state is None or state.side is not FRENCH:
            continue
        area = after.area_of(unit_id)
        if area is None or area == before.area_of(unit_id) or not game.has_area(area):
            continue
        if game.area(area).colour == AreaColour.RED:
            yield unit_id, area


@rule(
    "FR-RED-AREA",
    "2.2.1, 7.0",
    Severity.ILLEGAL,
    "French units never enter or end in a red-numbered area",
    events=(Move, Damage, Place, Relocate),
    gate=MOVE_TO_REPORT,
)
def fr_red_area(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    game = ctx.game
    if isinstance(event, Move) and event.move_kind is MOVE_ACTION:
        if event.side is not FRENCH:
            return
        a, early = analysed(self, before, event, ctx)
        yield from early
        if a is not None:
            yield from restriction(
                self,
                before,
                event,
                a,
                StepProblem.CLOSED_AREA,
                stack_units(a),
                "French units may never enter a red-numbered area",
            )
        return
    # every other way a unit gets somewhere: retreats (each area entered), placement, cards
    if isinstance(event, Damage):
        for o in event.outcomes:
            unit = before.unit(o.unit)
            if unit is None or unit.side is not FRENCH:
                continue
            for area in o.retreat:
                if game.has_area(area) and game.area(area).colour == AreaColour.RED:
                    yield self.finding(
                        before,
                        event,
                        f"French unit {o.unit} retreats into red-numbered area {area}.",
                        units=(o.unit,),
                        areas=(area,),
                    )
        return
    units = tuple(getattr(event, "units", ()))
    if isinstance(event, Move) and event.side is FRENCH:  # gather, withdraw: the path, then the end
        for area in event.steps or ():
            if area != event.to_area and game.has_area(area) and game.area(area).colour == AreaColour.RED:
                yield self.finding(
                    before,
                    event,
                    f"French units pass through red-numbered area {area}.",
                    units=units,
                    areas=(area,),
                )
    for unit_id, area in _red_entries(game, before, after, units):
        yield self.finding(
            before,
            event,
            f"French unit {unit_id} is put in red-numbered area {area}.",
            units=(unit_id,),
            areas=(area,),
        )


def _armour(game: GameData, units: Iterable[UnitId]) -> tuple[UnitId, ...]:
    return tuple(
        u
        for u in units
        if game.has_unit(u) and game.unit(u).side is FRENCH and game.unit(u).type == UnitType.ARMOR
    )


def _river_crossings(
    game: GameData, origin: AreaId, steps: Sequence[AreaId]
) -> Iterator[tuple[AreaId, AreaId]]:
    here = origin
    for there in steps:
        border = game.border(here, there)
        if border is not None and border.river and not border.bridge:
            yield here, there
        here = there


@rule(
    "FR-ARMOR-RIVER",
    "7.0, 8.4.2",
    Severity.ILLEGAL,
    "French armour crosses rivers only by the bridges 29–28 and 29–21",
    events=(Move, Damage),
    gate=MOVE_TO_REPORT,
)
def fr_armor_river(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    game = ctx.game
    if isinstance(event, Move) and event.move_kind is MOVE_ACTION:
        if event.side is not FRENCH:
            return
        a, early = analysed(self, before, event, ctx)
        yield from early
        if a is not None and a.facts.mover.bridge_only:
            yield from restriction(
                self,
                before,
                event,
                a,
                StepProblem.BRIDGE_ONLY_RIVER,
                _armour(game, stack_units(a)),
                "French armour may cross a river only by a bridge",
            )
        return
    if isinstance(event, Damage):  # retreats (8.4.2)
        for o in event.outcomes:
            if not o.retreat or not _armour(game, (o.unit,)):
                continue
            origin = before.area_of(o.unit)
            if origin is None:
                continue
            for x, y in _river_crossings(game, origin, o.retreat):
                yield self.finding(
                    before,
                    event,
                    f"French armour {o.unit} retreats across the river from area {x} to area {y}, "
                    f"where there is no bridge.",
                    units=(o.unit,),
                    areas=(x, y),
                )
        return
    if isinstance(event, Move):  # gather (Counter Attack), withdraw (Detonate Mine Shaft)
        armour = _armour(game, event.units)
        if not armour:
            return
        for x, y in _river_crossings(game, event.from_area, event.steps or (event.to_area,)):
            yield self.finding(
                before,
                event,
                f"French armour crosses the river from area {x} to area {y}, where there is no bridge.",
                units=armour,
                areas=(x, y),
            )


# -- MOVE-NO-MP-ASSAULT -----------------------------------------------------------------------------


@rule(
    "MOVE-NO-MP-ASSAULT",
    "10.0",
    Severity.INFO,
    "an assault advance ignores MP and river costs (guard against false MOVE-COST findings)",
    events=(Move,),
)
def move_no_mp_assault(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterable[Finding]:
    """The movement rules judge move actions only, so an assault advance is never priced.

    This guard says so (info) when the advance would have broken MOVE-COST as a move, so a
    reader of the report sees why no MOVE-COST finding came.
    """
    if not isinstance(event, Move) or event.move_kind is not MoveKind.ADVANCE:
        return ()  # a plain function, not a generator: called on every move
    return _advance_price(self, before, event, ctx)


def _advance_price(self: FunctionRule, before: GameState, event: Move, ctx: CheckContext) -> Iterator[Finding]:
    game = ctx.game
    if not all(game.has_unit(u) for u in event.units) or not event.units:
        return
    if not (game.has_area(event.from_area) and game.has_area(event.to_area)):
        return
    if not game.is_adjacent(event.from_area, event.to_area):
        return  # ASSAULT-TARGET reports a non-adjacent target
    mover = Mover.of(tuple(game.unit(u) for u in event.units), ctx.impulse)
    priced = walk(game, mover, event.from_area, (event.to_area,), StateView(before, game))
    if priced.cost <= mover.allowance:
        return
    yield self.finding(
        before,
        event,
        f"Assault advance {event.from_area} → {event.to_area} would cost {priced.cost} MP as a move "
        f"(the units have {mover.allowance}); an advance ignores MP and rivers (10.0).",
        units=event.units,
        areas=(event.from_area, event.to_area),
        expected=mover.allowance,
        actual=priced.cost,
    )


RULES: tuple[FunctionRule, ...] = (
    move_adjacent_path,
    move_cost,
    move_stack_together,
    move_stack_ma,
    vm_enter_fr_occupied,
    fr_red_area,
    fr_armor_river,
    move_no_mp_assault,
    move_flip_spent,
)
