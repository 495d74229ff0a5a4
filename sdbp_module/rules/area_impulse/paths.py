"""Movement cost and path search for a moving stack in an area-impulse game.

Pure functions over :class:`GameData` and a minimal read-only :class:`BoardView` of the state:
who controls each area and how many units of each side stand in it. Nothing here knows about
events or findings; the rule objects in ``movement.py`` and ``stacking.py`` turn the results
into findings.

Costs are priced **step by step, with control and units as they stand at the moment of each
step**: 1, +1 for entering an enemy-held or enemy-occupied area or crossing a river without a
bridge, +1 for leaving an enemy-held or enemy-occupied area. A stack that enters an empty
enemy-held area takes control on entry and pays no leaving surcharge when it moves on.
:func:`walk` therefore simulates the move one step at a time over an overlay view, re-applying
the control rule to the area left and the area entered after every step.

Restrictions checked per step, as the game configures them (``config.AreaImpulse``, carried by
the :class:`Mover`):

* the two areas must be adjacent;
* a side's units never enter an area of a class closed to it, not even in passing;
* a stack holding a unit that crosses rivers only by a bridge never crosses a river without one;
* a side barred from it never enters an enemy-held area holding enemy units;
* a side may have at most ``stacking_limit`` units in an area at any moment, so a stack may not
  move *into or through* an area where it would exceed the limit.

There is no "always move one area" exception and no stop-on-entry rule: a stack that has the MP
may keep moving through enemy-held or enemy-occupied areas.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import field
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import NamedTuple, Protocol

from sdbp_module.ids import AreaClassId, AreaId, Side
from sdbp_module.model.game_data import Border, GameData, Unit
from sdbp_module.records import record
from sdbp_module.rules.area_impulse.config import PLAIN, AreaImpulse


class BoardView(Protocol):
    """The little of the state that movement needs, read-only."""

    def controller(self, area: AreaId) -> Side:
        """Side controlling ``area`` now (always exactly one side)."""
        ...

    def count(self, side: Side, area: AreaId) -> int:
        """Number of ``side``'s units in ``area`` now (fresh and spent alike)."""
        ...

    def step_facts(self, side: Side, x: AreaId, y: AreaId) -> StepFacts:
        """What a step of ``side`` from ``x`` to ``y`` reads of the board, in one call (every move
        action is walked): ``(controller(x), controller(y), count(side, x), count(side, y),
        count(enemy, x), count(enemy, y))``."""
        ...


StepFacts = tuple[Side, Side, int, int, int, int]
"""``BoardView.step_facts``: the controllers of the two areas, then the side's units and the enemy's in each."""


@record
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

    def controller(self, area: AreaId) -> Side:
        return self.control[area]

    def count(self, side: Side, area: AreaId) -> int:
        return self.counts.get((side, area), 0)

    def step_facts(self, side: Side, x: AreaId, y: AreaId) -> StepFacts:
        counts, control, enemy = self.counts, self.control, side.enemy
        return (
            control[x],
            control[y],
            counts.get((side, x), 0),
            counts.get((side, y), 0),
            counts.get((enemy, x), 0),
            counts.get((enemy, y), 0),
        )


class MovedView(NamedTuple):
    """``base`` with a moving stack's count deltas and the control changes they caused.

    A named tuple rather than a frozen record, as ``Step`` and ``Walk``: every step of every walk makes one.
    Its maps are dicts made for it (``_moved_counts``) and, once the step is settled, never written, as a
    ``GameState``'s (``replay.state``)."""

    base: BoardView
    deltas: Mapping[tuple[Side, AreaId], int]
    control: Mapping[AreaId, Side]

    def controller(self, area: AreaId) -> Side:
        found = self.control.get(area)
        return found if found is not None else self.base.controller(area)

    def count(self, side: Side, area: AreaId) -> int:  # type: ignore[override]  # the ``BoardView``'s, in place of ``tuple.count``
        return self.base.count(side, area) + self.deltas.get((side, area), 0)

    def step_facts(self, side: Side, x: AreaId, y: AreaId) -> StepFacts:
        was_x, was_y, own_x, own_y, enemy_x, enemy_y = self.base.step_facts(side, x, y)
        control, deltas, enemy = self.control, self.deltas, side.enemy
        now_x, now_y = control.get(x), control.get(y)
        return (
            was_x if now_x is None else now_x,
            was_y if now_y is None else now_y,
            own_x + deltas.get((side, x), 0),
            own_y + deltas.get((side, y), 0),
            enemy_x + deltas.get((enemy, x), 0),
            enemy_y + deltas.get((enemy, y), 0),
        )


def controller_after(view: BoardView, area: AreaId) -> Side:
    """Control of ``area`` by the control rule given the units now in it.

    The controller keeps the area unless it has no unit there and the enemy has at least one;
    empty and contested areas keep their controller.
    """
    current = view.controller(area)
    return _settled(current, view.count(current, area), view.count(current.enemy, area))


def _settled(current: Side, held: int, enemy: int) -> Side:
    """The control rule for an area controlled by ``current`` holding ``held`` of its units and ``enemy`` of the other side's."""
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
    """The view after ``size`` units of ``side`` step from ``x`` to ``y``, with the control rule applied.

    Control of the area left is re-evaluated too: a side that leaves its last unit in an area
    holding enemy units loses it at once.
    """
    base, deltas, control = _moved_counts(view, side, size, x, y)
    # the view reads ``control`` live, so the area left is settled before the area entered
    moved = MovedView(base, deltas, control)
    control[x] = controller_after(moved, x)
    control[y] = controller_after(moved, y)
    return moved


# -- one step ----------------------------------------------------------------------------------


@record
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
        """+1 in total, however many of enemy control / enemy units / river apply."""
        return int(self.enter_enemy_control or self.enter_enemy_units or self.river)

    @property
    def leave_surcharge(self) -> int:
        """+1 in total for leaving an enemy-controlled and/or enemy-occupied area."""
        return int(self.leave_enemy_control or self.leave_enemy_units)


def step_cost(game: GameData, side: Side, x: AreaId, y: AreaId, view: BoardView) -> StepCost:
    """Price of stepping from ``x`` to adjacent ``y`` for ``side``, as things stand in ``view``.

    ``1``, ``+1`` if ``y`` is enemy-controlled or holds an enemy unit or the border is a river
    without a bridge, ``+1`` if ``x`` is enemy-controlled or holds an enemy unit. The
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
    """Why a step is forbidden whatever the MP."""

    NOT_ADJACENT = "not-adjacent"
    CLOSED_AREA = "closed-area"
    BRIDGE_ONLY_RIVER = "bridge-only-river"
    ENTER_ENEMY_OCCUPIED = "enter-enemy-occupied"
    STACK_LIMIT = "stack-limit"


@record
class Mover:
    """A moving stack: its side, size, whether it holds a unit that crosses rivers only by a bridge,
    its MP, and what the game forbids its side (``config.AreaImpulse``).

    ``allowance`` is the **lowest** movement value among the stack's units.
    """

    side: Side
    size: int
    bridge_only: bool
    allowance: int
    closed: frozenset[AreaClassId] = frozenset()  # area classes the side never enters
    no_entry_enemy_occupied: bool = False  # the side may not enter an enemy-held area with enemy units

    @staticmethod
    def of(units: Sequence[Unit], impulse: AreaImpulse = PLAIN) -> Mover:
        """The stack made of ``units`` (non-empty, one side), under the game's settings ``impulse``."""
        if not units:
            raise ValueError("a moving stack needs at least one unit")
        sides = {u.side for u in units}
        if len(sides) != 1:
            raise ValueError("a moving stack holds units of one side only")
        side = units[0].side
        return Mover(
            side=side,
            size=len(units),
            bridge_only=any(impulse.bridge_only(side, u.type) for u in units),
            allowance=min(u.movement for u in units),
            closed=frozenset(c for s, c in impulse.closed_classes if s is side),
            no_entry_enemy_occupied=side in impulse.no_entry_enemy_occupied,
        )


def step_problems(
    game: GameData, mover: Mover, x: AreaId, y: AreaId, view: BoardView
) -> tuple[StepProblem, ...]:
    """Every restriction the step ``x → y`` breaks, as things stand in ``view``.

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
    if mover.closed and game.area(y).colour in mover.closed:
        problems.append(StepProblem.CLOSED_AREA)
    if (
        mover.bridge_only
        and border is not None
        and border.river
        and not border.bridge
    ):
        problems.append(StepProblem.BRIDGE_ONLY_RIVER)
    if mover.no_entry_enemy_occupied and controller_y is mover.side.enemy and enemy_y >= 1:
        problems.append(StepProblem.ENTER_ENEMY_OCCUPIED)
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
    """A path walked step by step from ``origin``; build it with :meth:`of`."""

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


_new_tuple = tuple.__new__  # ``Step``/``Walk`` built without their named tuple's Python ``__new__`` (hot path)


def _step(game: GameData, mover: Mover, x: AreaId, y: AreaId, view: BoardView) -> tuple[Step, MovedView]:
    """Price, check and play one step on ``view``: every move action is walked, so the board is read
    once for the step (``BoardView.step_facts``, rather than by ``step_cost``, ``step_problems`` and
    ``shift`` each) and the control is settled from those numbers (``_settled``, inlined)."""
    border = game.border(x, y)
    side, size = mover.side, mover.size
    enemy = side.enemy
    was_x, was_y, own_x, own_y, enemy_x, enemy_y = view.step_facts(side, x, y)
    river = border is not None and border.river and not border.bridge  # (``_unbridged_river``)
    cost = _step_cost(x, y, was_y is enemy, enemy_y >= 1, river, was_x is enemy, enemy_x >= 1)
    problems = _restrictions(game, mover, y, border, was_y, enemy_y, own_y)
    if x == y:  # a step in place (a logged path repeating an area): nothing moves
        after = shift(view, side, size, x, y)
        now = after.control[x]
        return _new_tuple(Step, (cost, problems, own_y, ((x, was_x, now),) if now is not was_x else ())), after
    base, deltas, control = _moved_counts(view, side, size, x, y)
    # the control rule on the area left, then on the area entered, from the counts after the step
    own_x, own_y = own_x - size, own_y + size
    if was_x is side:
        now_x = enemy if own_x == 0 and enemy_x >= 1 else was_x
    else:
        now_x = was_x.enemy if enemy_x == 0 and own_x >= 1 else was_x
    if was_y is side:
        now_y = enemy if own_y == 0 and enemy_y >= 1 else was_y
    else:
        now_y = was_y.enemy if enemy_y == 0 and own_y >= 1 else was_y
    control[x] = now_x
    control[y] = now_y
    after = _new_tuple(MovedView, (base, deltas, control))
    if now_x is not was_x:
        changes: tuple[tuple[AreaId, Side, Side], ...] = ((x, was_x, now_x), (y, was_y, now_y)) if now_y is not was_y else ((x, was_x, now_x),)
    else:
        changes = ((y, was_y, now_y),) if now_y is not was_y else ()
    return _new_tuple(Step, (cost, problems, own_y, changes)), after


def walk(game: GameData, mover: Mover, origin: AreaId, path: Sequence[AreaId], view: BoardView) -> Walk:
    """Walk ``path`` (the areas entered, in order, not repeating ``origin``) step by step.

    Every step is priced and checked against the state as it stands at that moment; control
    changes on entry and on leaving by the control rule. Unknown areas raise ``KeyError``: callers check
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
    return _new_tuple(Walk, (mover, origin, tuple(steps), current, cost, tuple(problems)))


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
    priced and checked with control and units as they stand at that moment. Ties go
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
    """Every area the stack can legally end in this move, with its cheapest path."""
    found: dict[AreaId, Walk] = {}
    for area in sorted(a.id for a in game.areas):
        if area == origin:
            continue
        best = cheapest_path(game, mover, origin, area, view)
        if best is not None and best.cost <= mover.allowance:
            found[area] = best
    return MappingProxyType(found)
