"""Movement cost and path search for a moving stack (rules 7.0, 13.0; catalogue §1.3, §3.5).

Pure functions over :class:`GameData` and a minimal read-only :class:`BoardView` of the state:
who controls each area and how many units of each side stand in it. Nothing here knows about
events or findings; the rule objects in ``movement.py`` and ``stacking.py`` turn the results
into findings.

Costs are priced **step by step, with control and units as they stand at the moment of each
step** (7.0, the seed's "na bieżąco"): a stack that enters an empty enemy-controlled area takes
control on entry (13.0) and pays no leaving surcharge when it moves on. :func:`walk` therefore
simulates the move one step at a time over an overlay view, re-applying 13.0 to the area left
and the area entered after every step.

Restrictions checked per step (7.0):

* the two areas must be adjacent;
* French units never enter a red-numbered area, not even in passing (2.2.1, 7.0);
* French armour never crosses a river except by a bridge (7.0);
* Viet Minh units never enter a French-controlled area holding French units (7.0, 10.0);
* a side may have at most ``stacking_limit`` (9) units in an area at any moment, so a stack may
  not move *into or through* an area where it would exceed the limit (7.0).

The seed has no "always move one area" exception and no stop-on-entry rule: a stack that has
the MP may keep moving through enemy-controlled or enemy-occupied areas.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import NamedTuple, Protocol

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, AreaColour, UnitType
from sdbp_module.ids import AreaId, Side
from sdbp_module.model.game_data import Border, GameData, Unit

# hot-path enum members, bound once (see ``ids``)
_FR, _VM = FRENCH, VIET_MINH
_RED = AreaColour.RED


class BoardView(Protocol):
    """The little of the state that movement needs, read-only."""

    def controller(self, area: AreaId) -> Side:
        """Side controlling ``area`` now (13.0: always exactly one side)."""
        ...

    def count(self, side: Side, area: AreaId) -> int:
        """Number of ``side``'s units in ``area`` now (fresh and spent alike)."""
        ...


@dataclass(frozen=True, slots=True)
class Board:
    """A plain :class:`BoardView`: control per area and unit counts per (side, area).

    Areas missing from ``control`` raise ``KeyError`` (an unknown area is a bug or a
    ``cannot-check`` for the caller, never a silent default); missing counts are zero.
    """

    control: Mapping[AreaId, Side]
    counts: Mapping[tuple[Side, AreaId], int]

    @staticmethod
    def of(control: Mapping[AreaId, Side], counts: Mapping[tuple[Side, AreaId], int]) -> Board:
        return Board(MappingProxyType(dict(control)), MappingProxyType(dict(counts)))

    @staticmethod
    def snapshot(view: BoardView, areas: Iterable[AreaId]) -> Board:
        """Copy ``view`` for ``areas`` into a plain board."""
        area_list = tuple(areas)
        return Board.of(
            {a: view.controller(a) for a in area_list},
            {(s, a): view.count(s, a) for a in area_list for s in Side.declared()},
        )

    def controller(self, area: AreaId) -> Side:
        return self.control[area]

    def count(self, side: Side, area: AreaId) -> int:
        return self.counts.get((side, area), 0)


@dataclass(frozen=True, slots=True)
class MovedView:
    """``base`` with a moving stack's count deltas and the control changes they caused."""

    base: BoardView
    deltas: Mapping[tuple[Side, AreaId], int]
    control: Mapping[AreaId, Side]

    def controller(self, area: AreaId) -> Side:
        found = self.control.get(area)
        return found if found is not None else self.base.controller(area)

    def count(self, side: Side, area: AreaId) -> int:
        return self.base.count(side, area) + self.deltas.get((side, area), 0)


def controller_after(view: BoardView, area: AreaId) -> Side:
    """Control of ``area`` per 13.0 given the units now in it.

    The controller keeps the area unless it has no unit there and the enemy has at least one;
    empty and contested areas keep their controller.
    """
    current = view.controller(area)
    return _settled(current, view.count(current, area), view.count(current.enemy, area))


def _settled(current: Side, held: int, enemy: int) -> Side:
    """13.0 for an area controlled by ``current`` holding ``held`` of its units and ``enemy`` of the other side's."""
    return current.enemy if held == 0 and enemy >= 1 else current


def _moved_counts(
    view: BoardView, side: Side, size: int, x: AreaId, y: AreaId
) -> tuple[BoardView, dict[tuple[Side, AreaId], int], dict[AreaId, Side]]:
    """The base view, count deltas and control changes of ``view`` once ``size`` units of ``side``
    stepped from ``x`` to ``y`` (control not settled yet): fresh dicts the caller completes."""
    if isinstance(view, MovedView):
        base, deltas, control = view.base, dict(view.deltas), dict(view.control)
    else:
        base, deltas, control = view, {}, {}
    deltas[(side, x)] = deltas.get((side, x), 0) - size
    deltas[(side, y)] = deltas.get((side, y), 0) + size
    return base, deltas, control


def shift(view: BoardView, side: Side, size: int, x: AreaId, y: AreaId) -> MovedView:
    """The view after ``size`` units of ``side`` step from ``x`` to ``y``, with 13.0 applied.

    Control of the area left is re-evaluated too: a side that leaves its last unit in an area
    holding enemy units loses it at once (13.0).
    """
    base, deltas, control = _moved_counts(view, side, size, x, y)
    # the view reads ``control`` live, so the area left is settled before the area entered
    moved = MovedView(base, MappingProxyType(deltas), MappingProxyType(control))
    control[x] = controller_after(moved, x)
    control[y] = controller_after(moved, y)
    return moved


# -- one step ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StepCost:
    """The MP price of one step ``source → target`` (catalogue §1.3 ``step_cost``)."""

    source: AreaId
    target: AreaId
    enter_enemy_control: bool
    enter_enemy_units: bool
    river: bool  # a river border without a bridge
    leave_enemy_control: bool
    leave_enemy_units: bool
    total: int = field(init=False, repr=False, compare=False)
    """1 + the entry surcharge + the leaving surcharge: the step's price in MP."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", 1 + self.enter_surcharge + self.leave_surcharge)

    @property
    def enter_surcharge(self) -> int:
        """+1 in total, however many of enemy control / enemy units / river apply (7.0)."""
        return int(self.enter_enemy_control or self.enter_enemy_units or self.river)

    @property
    def leave_surcharge(self) -> int:
        """+1 in total for leaving an enemy-controlled and/or enemy-occupied area (7.0)."""
        return int(self.leave_enemy_control or self.leave_enemy_units)


def step_cost(game: GameData, side: Side, x: AreaId, y: AreaId, view: BoardView) -> StepCost:
    """Price of stepping from ``x`` to adjacent ``y`` for ``side``, as things stand in ``view``.

    ``1``, ``+1`` if ``y`` is enemy-controlled or holds an enemy unit or the border is a river
    without a bridge, ``+1`` if ``x`` is enemy-controlled or holds an enemy unit (7.0). The
    caller checks adjacency (see :func:`step_problems`).
    """
    enemy = side.enemy
    return _step_cost(
        x,
        y,
        view.controller(y) is enemy,
        view.count(enemy, y) >= 1,
        _unbridged_river(game.border(x, y)),
        view.controller(x) is enemy,
        view.count(enemy, x) >= 1,
    )


def _unbridged_river(border: Border | None) -> bool:
    return border is not None and border.river and not border.bridge


@cache
def _step_cost(
    x: AreaId,
    y: AreaId,
    enter_enemy_control: bool,
    enter_enemy_units: bool,
    river: bool,
    leave_enemy_control: bool,
    leave_enemy_units: bool,
) -> StepCost:
    """One ``StepCost`` per distinct price (a value, so shared: finding it again costs less than
    building a frozen dataclass, and every step of every walk needs one)."""
    return StepCost(x, y, enter_enemy_control, enter_enemy_units, river, leave_enemy_control, leave_enemy_units)


class StepProblem(str, Enum):
    """Why a step is forbidden whatever the MP (7.0). The value is the catalogue rule id."""

    NOT_ADJACENT = "MOVE-ADJACENT-PATH"
    RED_AREA = "FR-RED-AREA"
    ARMOUR_RIVER = "FR-ARMOR-RIVER"
    VM_ENTER_FR_OCCUPIED = "VM-ENTER-FR-OCCUPIED"
    STACK_LIMIT = "STACK-LIMIT-9"


@dataclass(frozen=True, slots=True)
class Mover:
    """A moving stack: its side, size, whether it holds armour, and its MP (7.0 "Stacks").

    ``allowance`` is the **lowest** movement value among the stack's units.
    """

    side: Side
    size: int
    armour: bool
    allowance: int

    @staticmethod
    def of(units: Sequence[Unit]) -> Mover:
        """The stack made of ``units`` (non-empty, one side)."""
        if not units:
            raise ValueError("a moving stack needs at least one unit")
        sides = {u.side for u in units}
        if len(sides) != 1:
            raise ValueError("a moving stack holds units of one side only")
        return Mover(
            side=units[0].side,
            size=len(units),
            armour=any(u.type == UnitType.ARMOR for u in units),
            allowance=min(u.movement for u in units),
        )


def step_problems(
    game: GameData, mover: Mover, x: AreaId, y: AreaId, view: BoardView
) -> tuple[StepProblem, ...]:
    """Every 7.0 restriction the step ``x → y`` breaks, as things stand in ``view``.

    Entering ``y`` is judged at the moment of entry, i.e. with the stack still in ``x``.
    """
    side = mover.side
    return _restrictions(game, mover, y, game.border(x, y), view.controller(y), view.count(side.enemy, y), view.count(side, y))


def _restrictions(
    game: GameData, mover: Mover, y: AreaId, border: Border | None, controller_y: Side, enemy_y: int, own_y: int
) -> tuple[StepProblem, ...]:
    """``controller_y``, ``enemy_y``, ``own_y``: the controller of ``y`` and the units of each side there."""
    problems: list[StepProblem] = []
    if border is None:
        problems.append(StepProblem.NOT_ADJACENT)
    if mover.side is _FR and game.area(y).colour == _RED:
        problems.append(StepProblem.RED_AREA)
    if (
        mover.side is _FR
        and mover.armour
        and border is not None
        and border.river
        and not border.bridge
    ):
        problems.append(StepProblem.ARMOUR_RIVER)
    if mover.side is _VM and controller_y is _FR and enemy_y >= 1:
        problems.append(StepProblem.VM_ENTER_FR_OCCUPIED)
    if own_y + mover.size > game.game.stacking_limit:
        problems.append(StepProblem.STACK_LIMIT)
    return tuple(problems)


# -- a whole path --------------------------------------------------------------------------------


class Step(NamedTuple):
    """One step of a walked path: its price, what it breaks, and what control it changed.

    ``Step`` and ``Walk`` are named tuples rather than frozen dataclasses: every move action is
    walked, and a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``."""

    cost: StepCost
    problems: tuple[StepProblem, ...]
    units_after: int  # the mover's side's units in the entered area after the step
    control_changes: tuple[tuple[AreaId, Side, Side], ...]  # (area, before, after)


class Walk(NamedTuple):
    """A path walked step by step from ``origin`` (7.0, 13.0); build it with :meth:`of`."""

    mover: Mover
    origin: AreaId
    steps: tuple[Step, ...]
    final: BoardView
    cost: int
    """The MP the path costs: the sum of its steps' prices."""
    problems: tuple[tuple[int, StepProblem], ...]
    """``(step index, problem)`` for every forbidden step, in path order."""

    @staticmethod
    def of(mover: Mover, origin: AreaId, steps: tuple[Step, ...], final: BoardView) -> Walk:
        """The walk of ``steps``, with its cost and problems (read by several rules per move: computed once)."""
        cost = 0
        problems: list[tuple[int, StepProblem]] = []
        for i, step in enumerate(steps):
            cost += step.cost.total
            if step.problems:
                problems += ((i, p) for p in step.problems)
        return Walk(mover, origin, steps, final, cost, tuple(problems))

    @property
    def areas(self) -> tuple[AreaId, ...]:
        """The path: origin then every area entered."""
        return (self.origin, *(s.cost.target for s in self.steps))

    @property
    def legal(self) -> bool:
        """No forbidden step and the cost within the stack's MP."""
        return not self.problems and self.cost <= self.mover.allowance

    @property
    def control_changes(self) -> tuple[tuple[AreaId, Side, Side], ...]:
        return tuple(c for s in self.steps for c in s.control_changes)


def _step(game: GameData, mover: Mover, x: AreaId, y: AreaId, view: BoardView) -> tuple[Step, MovedView]:
    """Price, check and play one step on ``view``: every move action is walked, so the board is read
    once for the step (rather than by ``step_cost``, ``step_problems`` and ``shift`` each) and 13.0
    is settled from those numbers."""
    border = game.border(x, y)
    side, size = mover.side, mover.size
    enemy = side.enemy
    was_x, was_y = view.controller(x), view.controller(y)
    own_x, own_y = view.count(side, x), view.count(side, y)
    enemy_x, enemy_y = view.count(enemy, x), view.count(enemy, y)
    cost = _step_cost(x, y, was_y is enemy, enemy_y >= 1, _unbridged_river(border), was_x is enemy, enemy_x >= 1)
    problems = _restrictions(game, mover, y, border, was_y, enemy_y, own_y)
    if x == y:  # a step in place (a logged path repeating an area): nothing moves
        after = shift(view, side, size, x, y)
        now = after.control[x]
        return Step(cost, problems, own_y, ((x, was_x, now),) if now is not was_x else ()), after
    base, deltas, control = _moved_counts(view, side, size, x, y)
    # 13.0 on the area left, then on the area entered, from the counts after the step
    own_x, own_y = own_x - size, own_y + size
    now_x = control[x] = _settled(was_x, own_x, enemy_x) if was_x is side else _settled(was_x, enemy_x, own_x)
    now_y = control[y] = _settled(was_y, own_y, enemy_y) if was_y is side else _settled(was_y, enemy_y, own_y)
    after = MovedView(base, MappingProxyType(deltas), MappingProxyType(control))
    changes: tuple[tuple[AreaId, Side, Side], ...] = ()
    if now_x is not was_x:
        changes += ((x, was_x, now_x),)
    if now_y is not was_y:
        changes += ((y, was_y, now_y),)
    return Step(cost, problems, own_y, changes), after


def walk(game: GameData, mover: Mover, origin: AreaId, path: Sequence[AreaId], view: BoardView) -> Walk:
    """Walk ``path`` (the areas entered, in order, not repeating ``origin``) step by step.

    Every step is priced and checked against the state as it stands at that moment; control
    changes on entry and on leaving per 13.0. Unknown areas raise ``KeyError``: callers check
    :meth:`GameData.has_area` first and report ``cannot-check``.
    """
    steps: list[Step] = []
    current: BoardView = view
    here = origin
    cost = 0
    problems: list[tuple[int, StepProblem]] = []
    for i, there in enumerate(path):  # ``Walk.of``'s sums, made on the way
        step, current = _step(game, mover, here, there, current)
        steps.append(step)
        cost += step.cost.total
        if step.problems:
            problems += ((i, p) for p in step.problems)
        here = there
    return Walk(mover, origin, tuple(steps), current, cost, tuple(problems))


def cheapest_path(
    game: GameData,
    mover: Mover,
    origin: AreaId,
    destination: AreaId,
    view: BoardView,
    ignore: frozenset[StepProblem] = frozenset(),
) -> Walk | None:
    """The cheapest path from ``origin`` to ``destination`` with no forbidden step, or ``None``.

    Dijkstra over areas; each label carries the state its own path produced, so every step is
    priced and checked with control and units as they stand at that moment (7.0, 13.0). Ties go
    to the lexicographically smallest path, so the answer is deterministic. The MP limit is not
    applied here: compare ``walk.cost`` with ``mover.allowance`` (a path exists but costs too
    much → MOVE-COST; none exists → the restriction that blocks it). Problems in ``ignore`` do
    not block a step (used to find *why* no legal path exists); they stay recorded on the walk.

    Capturing an area only ever makes *re-entering* it cheaper, and a re-entry closes a cycle
    costing more than it saves, so settling each area once is exact.
    """
    if origin == destination:
        return Walk.of(mover, origin, (), view)
    start = Walk.of(mover, origin, (), view)
    queue: list[tuple[int, tuple[AreaId, ...], int]] = [(0, (origin,), 0)]
    labels: dict[int, Walk] = {0: start}
    settled: set[AreaId] = set()
    serial = 0
    while queue:
        cost, areas, key = heapq.heappop(queue)
        here = areas[-1]
        if here in settled:
            continue
        settled.add(here)
        label = labels.pop(key)
        if here == destination:
            return label
        for there in sorted(game.neighbours(here)):
            if there in settled:
                continue
            step, after = _step(game, mover, here, there, label.final)
            if any(p not in ignore for p in step.problems):
                continue
            serial += 1
            labels[serial] = Walk.of(mover, origin, (*label.steps, step), after)
            heapq.heappush(queue, (cost + step.cost.total, (*areas, there), serial))
    return None


def reachable(game: GameData, mover: Mover, origin: AreaId, view: BoardView) -> Mapping[AreaId, Walk]:
    """Every area the stack can legally end in this move, with its cheapest path (7.0)."""
    found: dict[AreaId, Walk] = {}
    for area in sorted(a.id for a in game.areas):
        if area == origin:
            continue
        best = cheapest_path(game, mover, origin, area, view)
        if best is not None and best.cost <= mover.allowance:
            found[area] = best
    return MappingProxyType(found)
