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
from types import MappingProxyType
from typing import Protocol

from sdbp_module.ids import AreaColour, AreaId, Side, UnitType
from sdbp_module.model.game_data import Border, GameData, Unit


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
            {(s, a): view.count(s, a) for a in area_list for s in Side},
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
    if view.count(current, area) == 0 and view.count(current.enemy, area) >= 1:
        return current.enemy
    return current


def shift(view: BoardView, side: Side, size: int, x: AreaId, y: AreaId) -> MovedView:
    """The view after ``size`` units of ``side`` step from ``x`` to ``y``, with 13.0 applied.

    Control of the area left is re-evaluated too: a side that leaves its last unit in an area
    holding enemy units loses it at once (13.0).
    """
    if isinstance(view, MovedView):
        base, deltas, control = view.base, dict(view.deltas), dict(view.control)
    else:
        base, deltas, control = view, {}, {}
    deltas[(side, x)] = deltas.get((side, x), 0) - size
    deltas[(side, y)] = deltas.get((side, y), 0) + size
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

    @property
    def enter_surcharge(self) -> int:
        """+1 in total, however many of enemy control / enemy units / river apply (7.0)."""
        return int(self.enter_enemy_control or self.enter_enemy_units or self.river)

    @property
    def leave_surcharge(self) -> int:
        """+1 in total for leaving an enemy-controlled and/or enemy-occupied area (7.0)."""
        return int(self.leave_enemy_control or self.leave_enemy_units)

    @property
    def total(self) -> int:
        return 1 + self.enter_surcharge + self.leave_surcharge


def step_cost(game: GameData, side: Side, x: AreaId, y: AreaId, view: BoardView) -> StepCost:
    """Price of stepping from ``x`` to adjacent ``y`` for ``side``, as things stand in ``view``.

    ``1``, ``+1`` if ``y`` is enemy-controlled or holds an enemy unit or the border is a river
    without a bridge, ``+1`` if ``x`` is enemy-controlled or holds an enemy unit (7.0). The
    caller checks adjacency (see :func:`step_problems`).
    """
    return _price(side, x, y, view, game.border(x, y))


def _price(side: Side, x: AreaId, y: AreaId, view: BoardView, border: Border | None) -> StepCost:
    enemy = side.enemy
    return StepCost(
        source=x,
        target=y,
        enter_enemy_control=view.controller(y) is enemy,
        enter_enemy_units=view.count(enemy, y) >= 1,
        river=border is not None and border.river and not border.bridge,
        leave_enemy_control=view.controller(x) is enemy,
        leave_enemy_units=view.count(enemy, x) >= 1,
    )


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
            armour=any(u.type is UnitType.ARMOR for u in units),
            allowance=min(u.movement for u in units),
        )


def step_problems(
    game: GameData, mover: Mover, x: AreaId, y: AreaId, view: BoardView
) -> tuple[StepProblem, ...]:
    """Every 7.0 restriction the step ``x → y`` breaks, as things stand in ``view``.

    Entering ``y`` is judged at the moment of entry, i.e. with the stack still in ``x``.
    """
    return _restrictions(game, mover, x, y, view, game.border(x, y))


def _restrictions(
    game: GameData, mover: Mover, x: AreaId, y: AreaId, view: BoardView, border: Border | None
) -> tuple[StepProblem, ...]:
    problems: list[StepProblem] = []
    if border is None:
        problems.append(StepProblem.NOT_ADJACENT)
    if mover.side is Side.FRENCH and game.area(y).colour is AreaColour.RED:
        problems.append(StepProblem.RED_AREA)
    if (
        mover.side is Side.FRENCH
        and mover.armour
        and border is not None
        and border.river
        and not border.bridge
    ):
        problems.append(StepProblem.ARMOUR_RIVER)
    if mover.side is Side.VIET_MINH and view.controller(y) is Side.FRENCH and view.count(Side.FRENCH, y) >= 1:
        problems.append(StepProblem.VM_ENTER_FR_OCCUPIED)
    if view.count(mover.side, y) + mover.size > game.game.stacking_limit:
        problems.append(StepProblem.STACK_LIMIT)
    return tuple(problems)


# -- a whole path --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a walked path: its price, what it breaks, and what control it changed."""

    cost: StepCost
    problems: tuple[StepProblem, ...]
    units_after: int  # the mover's side's units in the entered area after the step
    control_changes: tuple[tuple[AreaId, Side, Side], ...]  # (area, before, after)


@dataclass(frozen=True, slots=True)
class Walk:
    """A path walked step by step from ``origin`` (7.0, 13.0)."""

    mover: Mover
    origin: AreaId
    steps: tuple[Step, ...]
    final: BoardView
    cost: int = field(init=False, repr=False, compare=False)
    """The MP the path costs: the sum of its steps' prices."""
    problems: tuple[tuple[int, StepProblem], ...] = field(init=False, repr=False, compare=False)
    """``(step index, problem)`` for every forbidden step, in path order."""

    def __post_init__(self) -> None:  # both are read by several rules per move: computed once
        object.__setattr__(self, "cost", sum(s.cost.total for s in self.steps))
        object.__setattr__(self, "problems", tuple((i, p) for i, s in enumerate(self.steps) for p in s.problems))

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
    border = game.border(x, y)
    cost = _price(mover.side, x, y, view, border)
    problems = _restrictions(game, mover, x, y, view, border)
    after = shift(view, mover.side, mover.size, x, y)
    changes: list[tuple[AreaId, Side, Side]] = []
    for a in (x, y) if x != y else (x,):
        was, now = view.controller(a), after.control[a]  # ``shift`` settles both areas
        if was is not now:
            changes.append((a, was, now))
    step = Step(cost, problems, after.count(mover.side, y), tuple(changes))
    return step, after


def walk(game: GameData, mover: Mover, origin: AreaId, path: Sequence[AreaId], view: BoardView) -> Walk:
    """Walk ``path`` (the areas entered, in order, not repeating ``origin``) step by step.

    Every step is priced and checked against the state as it stands at that moment; control
    changes on entry and on leaving per 13.0. Unknown areas raise ``KeyError``: callers check
    :meth:`GameData.has_area` first and report ``cannot-check``.
    """
    steps: list[Step] = []
    current: BoardView = view
    here = origin
    for there in path:
        step, current = _step(game, mover, here, there, current)
        steps.append(step)
        here = there
    return Walk(mover, origin, tuple(steps), current)


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
        return Walk(mover, origin, (), view)
    start = Walk(mover, origin, (), view)
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
            labels[serial] = Walk(mover, origin, (*label.steps, step), after)
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
