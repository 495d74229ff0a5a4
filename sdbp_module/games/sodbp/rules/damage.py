"""Damage allocation and retreats (rules 8.4, 8.4.1, 8.4.2, 13.0 and the cards; catalogue §3.7, §3.8).

Rule ids: DAMAGE-ALLOCATION, DAMAGE-MUST-MAXIMIZE, DAMAGE-WHO-ALLOCATES, DAMAGE-TARGET-AREA-ONLY,
RETREAT-ADJ-CONTROLLED, RETREAT-NO-AREA-ELIMINATE, RETREAT-STACK-FIRST, RETREAT-FEWEST-ENEMY,
RETREAT-OVERFLOW-CONTINUE.

Where each is judged:

* at every ``Damage`` event — the outcome table of 8.4 (ALLOCATION), who allocated (WHO-ALLOCATES),
  whether the units hit stood in the targeted area (TARGET-AREA-ONLY), and each retreat (RETREAT-*).
  The outcomes are taken in logged order on a small local board (counts, control per 13.0, faces)
  that starts from the state before the event, so every retreat step sees the earlier outcomes of
  the same event;
* when the attack closes (``CLOSING_EVENTS``, and at the end of the log for an attack still open) —
  the points all the attack's ``Damage`` events used together, against ``min(damage, capacity)``
  (``points_fault``, judged once for the three ids that share it): fewer is DAMAGE-MUST-MAXIMIZE's
  (8.4.1), more is DAMAGE-ALLOCATION's (an outcome got fewer points than 8.4's table gives it: a fresh
  unit eliminated for 2), a count that only a smaller *Bigeard* reduction gives is C-BIGEARD's
  (``card_modifiers``). The damage is computed by ``resolution.damage_total`` (a ``.vlog`` states no
  totals, so this is where its fire arithmetic is judged, and the message shows it). The ``points`` a
  ``Damage`` states are not the points used (docs/events.md, *Damage points*): they may exceed what the
  targets absorb (8.4.1 ignores the rest), and whether they state the damage is FIRE-DAMAGE's.

Retreats (8.4.2, AMB-07): each step goes to an adjacent area the retreating side controls at that
moment (French units never into red areas, French armour not across a river without a bridge),
never back into the area fired on (nor, under ``retreat_no_back_scope=all_visited``, into any area
already passed through); an area within the stacking limit comes first, then the fewest enemy
units (ties free); an area is overflowed only when no other controlled adjacent area exists
(``retreat_all_full``: all of them full), and then the unit retreats again by the same priorities;
a unit with nowhere legal to go is eliminated. A retreat path that skips areas (a ``.vlog`` drag
gives only the end area) is judged over every route it may have taken: legal on all → pass,
illegal on all → the first route's verdict, otherwise ``cannot-check``. Red areas and armour
crossing rivers are reported by FR-RED-AREA and FR-ARMOR-RIVER (``movement.py``); here they only
close areas, so an armour whose only way out is across a river must be eliminated
(RETREAT-NO-AREA-ELIMINATE), unless the log retreats it across anyway: that step is FR-ARMOR-RIVER's
alone (RT-9; FR-RED-AREA's for a red area).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from sdbp_module.games.sodbp.ids import FRENCH, AreaColour, UnitType
from sdbp_module.games.sodbp.rules import resolution
from sdbp_module.games.sodbp.rules.resolution import Missing, Total
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    DETONATE,
    FIGHTER_BOMBERS,
    RATS,
    card_name,
)
from sdbp_module.ids import AreaId, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS
from sdbp_module.replay.combat import Attack, AttackKind, closed_attacks
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DamageResult,
    Event,
    Fire,
    UnitOutcome,
)
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Gate, rule
from sdbp_module.rules.findings import Finding, Scalar

ALLOCATION = "DAMAGE-ALLOCATION"
MAXIMIZE = "DAMAGE-MUST-MAXIMIZE"
WHO = "DAMAGE-WHO-ALLOCATES"
TARGET_ONLY = "DAMAGE-TARGET-AREA-ONLY"
ADJ = "RETREAT-ADJ-CONTROLLED"
NO_AREA = "RETREAT-NO-AREA-ELIMINATE"
STACK_FIRST = "RETREAT-STACK-FIRST"
FEWEST = "RETREAT-FEWEST-ENEMY"
OVERFLOW = "RETREAT-OVERFLOW-CONTINUE"
BIGEARD_ID = "C-BIGEARD"  # judged here with the points, reported by card_modifiers.c_bigeard

FIRER_ALLOCATES = (FIGHTER_BOMBERS, DETONATE, RATS)
"""Cards whose firer allocates the damage (8.4, the card texts; AMB-18: the owner still picks retreat routes)."""
CARD_SOURCES = (DETONATE, RATS)
"""Cards whose damage may be logged without a ``Fire`` event (the card play, its die, the damage)."""
RETREATS = (DamageResult.RETREAT, DamageResult.FLIP_RETREAT)
NOMINAL = {DamageResult.FLIP: 1, DamageResult.RETREAT: 1, DamageResult.FLIP_RETREAT: 2}
"""What a player means by an outcome 8.4 does not allow for the unit's face (counted as used)."""
MAX_ROUTES = 8  # routes tried for a retreat whose log skips areas
MAX_HOPS = 6
CACHE_SIZE = 16  # Damage analyses kept for the attack's close


def _s(n: int, word: str = "point") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- the local board ------------------------------------------------------------------------------


class _Board:
    """The state before a ``Damage`` event with its outcomes applied one by one (counts, control, faces)."""

    __slots__ = ("control", "counts", "game", "spent", "state", "where")

    def __init__(self, state: GameState, game: GameData) -> None:
        self.state = state
        self.game = game
        self.counts: dict[tuple[AreaId, Side], int] = {}
        self.control: dict[AreaId, Side] = {}
        self.spent: dict[UnitId, bool] = {}
        self.where: dict[UnitId, AreaId | None] = {}

    def copy(self) -> _Board:
        b = _Board(self.state, self.game)
        b.counts, b.control = dict(self.counts), dict(self.control)
        b.spent, b.where = dict(self.spent), dict(self.where)
        return b

    def count(self, area: AreaId, side: Side) -> int:
        n = self.counts.get((area, side))
        return n if n is not None else self.state.count(area, side)

    def controller(self, area: AreaId) -> Side:
        """Control per 13.0; an area the replay never gave a controller is at its printed control."""
        side = self.control.get(area) or self.state.control.get(area)
        return side if side is not None else self.game.area(area).control

    def area_of(self, unit: UnitId) -> AreaId | None:
        return self.where[unit] if unit in self.where else self.state.area_of(unit)

    def is_spent(self, unit: UnitId) -> bool:
        s = self.spent.get(unit)
        return s if s is not None else self.state.is_spent(unit)

    def _add(self, area: AreaId, side: Side, n: int) -> None:
        self.counts[(area, side)] = self.count(area, side) + n

    def _settle(self, area: AreaId) -> None:
        if not self.game.has_area(area):
            return
        present = [s for s in self.game.game.sides if self.count(area, s) > 0]
        if len(present) == 1 and self.controller(area) is not present[0]:
            self.control[area] = present[0]

    def move(self, unit: UnitId, side: Side, steps: Iterable[AreaId]) -> None:
        here = self.area_of(unit)
        if here is None:
            return
        for there in steps:
            self._add(here, side, -1)
            self._add(there, side, 1)
            self.where[unit] = there
            self._settle(here)
            self._settle(there)
            here = there

    def remove(self, unit: UnitId, side: Side) -> None:
        here = self.area_of(unit)
        if here is None:
            return
        self._add(here, side, -1)
        self.where[unit] = None
        self._settle(here)


# -- retreat analysis -----------------------------------------------------------------------------


@record
class Issue:
    """A finding-to-be of one of this module's rules, made while analysing a ``Damage`` event."""

    rule_id: str
    severity: Severity
    message: str
    units: tuple[UnitId, ...] = ()
    areas: tuple[AreaId, ...] = ()
    expected: Scalar = None
    actual: Scalar = None


@record
class Spent:
    """One outcome as the damage rules count it: the unit's face then, and the points it used."""

    outcome: UnitOutcome
    on_map: bool
    spent: bool
    legal: bool  # an 8.4 outcome for that face
    low: int  # points used (low < high: an elimination for want of a retreat area, 8.4.2)
    high: int

    @property
    def text(self) -> str:
        o = self.outcome
        words = {
            DamageResult.NONE: "nothing to",
            DamageResult.FLIP: "flip",
            DamageResult.RETREAT: "retreat",
            DamageResult.FLIP_RETREAT: "flip + retreat",
            DamageResult.ELIMINATE: "eliminate",
        }[o.result]
        dest = f" → {' → '.join(str(a) for a in o.retreat)}" if o.retreat and o.result in RETREATS else ""
        extra = f" ({self.low} or {self.high}: no retreat area)" if self.low != self.high else ""
        return f"{words} {o.unit}{dest}{extra}"


@record
class Analysis:
    """The damage allocated at one attack as the rules count it: the outcomes, and what is wrong with them."""

    outcomes: tuple[Spent, ...]
    issues: tuple[Issue, ...]


@record
class _Mover:
    """A unit that retreats or advances: its side, whether it is armour, and the area it leaves."""

    unit: UnitId
    side: Side
    armour: bool
    origin: AreaId


class _Retreats:
    """The 8.4.2 judgement of retreats on a board (switches and limit of the check)."""

    def __init__(self, game: GameData, ctx: CheckContext) -> None:
        self.game = game
        self.limit = game.game.stacking_limit
        self.all_visited = ctx.rules.get("retreat_no_back_scope") == "all_visited"
        self.all_full_eliminate = ctx.rules.get("retreat_all_full") == "eliminate"
        self.rec = ctx.rules.rec_severity()

    # the areas a unit may enter from ``here``
    def closed(self, m: _Mover, here: AreaId, there: AreaId) -> str | None:
        """Why ``there`` is closed to ``m`` whatever its control (red area, river for armour), or None."""
        if m.side is FRENCH and self.game.area(there).colour == AreaColour.RED:
            return f"{there} is red, closed to French units"
        border = self.game.border(here, there)
        if m.armour and border is not None and border.river and not border.bridge:
            return f"{there} is across a river without a bridge, closed to armour"
        return None

    def back(self, m: _Mover, visited: Sequence[AreaId]) -> set[AreaId]:
        return set(visited) if self.all_visited else {m.origin}

    def options(self, board: _Board, m: _Mover, here: AreaId, visited: Sequence[AreaId]) -> list[AreaId]:
        """Adjacent areas ``m`` may retreat into from ``here`` (8.4.2 1–2, 5: never back)."""
        back = self.back(m, visited)
        return sorted(
            n
            for n in self.game.neighbours(here)
            if n not in back and board.controller(n) is m.side and self.closed(m, here, n) is None
        )

    def room(self, board: _Board, m: _Mover, area: AreaId) -> bool:
        return board.count(area, m.side) < self.limit

    def allowed(self, board: _Board, m: _Mover, options: list[AreaId]) -> tuple[list[AreaId], bool]:
        """The areas 8.4.2's priorities allow among ``options``, and whether they overflow (empty: eliminate)."""
        with_room = [a for a in options if self.room(board, m, a)]
        pool = with_room or options
        if not with_room and len(options) >= 2 and self.all_full_eliminate:
            return [], True
        if not pool:
            return [], False
        fewest = min(board.count(a, m.side.enemy) for a in pool)
        return [a for a in pool if board.count(a, m.side.enemy) == fewest], not with_room

    def survives(self, board: _Board, m: _Mover, here: AreaId, visited: list[AreaId]) -> bool:
        """True when a legal retreat from ``here`` ends somewhere (not every route runs out of areas)."""
        if len(visited) > MAX_HOPS:
            return False
        allowed, overflow = self.allowed(board, m, self.options(board, m, here, visited))
        if allowed and not overflow:
            return True
        return any(self.survives(board, m, a, [*visited, a]) for a in allowed if a not in visited)

    def routes(self, board: _Board, m: _Mover, start: AreaId, end: AreaId, visited: list[AreaId]) -> list[list[AreaId]]:
        """Chains of areas controlled by the retreating side from ``start`` to ``end`` (shortest first)."""
        found: list[list[AreaId]] = []

        def go(here: AreaId, path: list[AreaId]) -> None:
            if len(found) >= MAX_ROUTES or len(path) > MAX_HOPS:
                return
            for n in sorted(self.game.neighbours(here)):
                if n in path or n in visited or board.controller(n) is not m.side:
                    continue
                if n == end:
                    found.append([*path, n])
                elif self.closed(m, here, n) is None:
                    go(n, [*path, n])

        go(start, [])
        return sorted(found, key=len)

    # one outcome
    def judge(self, board: _Board, m: _Mover, steps: tuple[AreaId, ...]) -> list[Issue]:
        """The findings on a retreat of ``m`` along ``steps`` (areas entered), on a copy of ``board``."""
        game = self.game
        unknown = [a for a in (m.origin, *steps) if not game.has_area(a)]
        if unknown:
            return [
                Issue(
                    ADJ,
                    Severity.CANNOT_CHECK,
                    f"Cannot check the retreat of {m.unit}: area {unknown[0]} is not in the game data.",
                    (m.unit,),
                    (unknown[0],),
                )
            ]
        first = self.options(board, m, m.origin, [m.origin])
        if not first:
            if steps and self.closed(m, m.origin, steps[0]) is not None:
                return []  # into a red area / across a river: FR-RED-AREA / FR-ARMOR-RIVER report it (RT-9)
            return [self._no_area(board, m, steps, first)]
        if not steps:
            if not self.survives(board, m, m.origin, [m.origin]):
                return [self._no_area(board, m, steps, first)]
            return [
                Issue(
                    ADJ,
                    Severity.CANNOT_CHECK,
                    f"Cannot check the retreat of {m.unit}: the log gives no area it retreated to "
                    f"(the replay leaves it in area {m.origin}).",
                    (m.unit,),
                    (m.origin,),
                )
            ]
        expanded = self._expand(board, m, steps)
        if isinstance(expanded, Issue):
            return [expanded]
        if len(expanded) == 1 and len(expanded[0]) == len(steps):
            return self._walk(board.copy(), m, expanded[0])  # the log gives every area entered
        results = [(path, self._walk(board.copy(), m, path)) for path in expanded]
        legal = [p for p, issues in results if not issues]
        if len(legal) == len(results):
            return []
        shown = _route(m.origin, steps)
        if legal:
            bad = next(p for p, issues in results if issues)
            return [
                Issue(
                    ADJ,
                    Severity.CANNOT_CHECK,
                    f"Cannot check the retreat of {m.unit}: the log shows only {shown}, which skips areas; "
                    f"it is legal by {_route(m.origin, legal[0])} but not by {_route(m.origin, bad)}.",
                    (m.unit,),
                    (m.origin, *steps),
                )
            ]
        path, issues = results[0]
        note = f"The log shows only {shown}, which skips areas, and every route there breaks 8.4.2; by {_route(m.origin, path)}: "
        return [
            Issue(i.rule_id, i.severity, note + i.message, i.units, i.areas, i.expected, i.actual) for i in issues
        ]

    def _no_area(self, board: _Board, m: _Mover, steps: tuple[AreaId, ...], first: list[AreaId]) -> Issue:
        closed = [
            why
            for n in sorted(self.game.neighbours(m.origin))
            if board.controller(n) is m.side and (why := self.closed(m, m.origin, n)) is not None
        ]
        why = f" ({'; '.join(closed)})" if closed else ""
        if first:
            where = f"every retreat route from area {m.origin} runs out of areas"
        else:
            where = f"no adjacent area the {m.side.label} control is open to it from area {m.origin}{why}"
        shown = f"retreats it to {_route(m.origin, list(steps))}" if steps else f"leaves it in area {m.origin}"
        return Issue(
            NO_AREA,
            Severity.ILLEGAL,
            f"{m.unit} has nowhere to retreat: {where}; it must be eliminated, but the log {shown} (8.4.2).",
            (m.unit,),
            (m.origin, *steps),
            expected="eliminated",
            actual=str(steps[-1]) if steps else str(m.origin),
        )

    def _expand(self, board: _Board, m: _Mover, steps: tuple[AreaId, ...]) -> list[list[AreaId]] | Issue:
        """The logged path with every gap between non-adjacent areas filled by the routes it may hide."""
        paths: list[list[AreaId]] = [[]]
        here = m.origin
        for there in steps:
            if there == here or self.game.is_adjacent(here, there):
                paths = [[*p, there] for p in paths]
            else:
                routes = self.routes(board, m, here, there, [m.origin])
                if not routes:
                    return Issue(
                        ADJ,
                        Severity.ILLEGAL,
                        f"{m.unit} retreats from area {here} to area {there}, which is not adjacent, and no chain "
                        f"of {m.side.label}-controlled areas leads there (8.4.2).",
                        (m.unit,),
                        (here, there),
                    )
                paths = [[*p, *r] for p in paths for r in routes][:MAX_ROUTES]
            here = there
        return paths

    def _walk(self, board: _Board, m: _Mover, path: Sequence[AreaId]) -> list[Issue]:
        """8.4.2 step by step along a path of adjacent areas; the first fault only."""
        u, side, limit = m.unit, m.side, self.limit
        visited: list[AreaId] = [m.origin]
        here = m.origin
        for i, there in enumerate(path):
            options = self.options(board, m, here, visited)
            overflowing = board.count(here, side) > limit
            if there == m.origin:
                text = f"{u} retreats back into area {there}, the area fired on (8.4.2: never back into the area it retreated from)."
                return [self._issue(OVERFLOW, Severity.ILLEGAL, m, text, here, there)]
            if there in visited and self.all_visited:
                return [
                    self._issue(
                        OVERFLOW,
                        self.rec,
                        m,
                        f"{u} retreats back into area {there}, which it already passed through in this retreat "
                        f"(AMB-07, recommended reading: never back into any area passed through).",
                        here,
                        there,
                    )
                ]
            if i > 0 and not overflowing:
                return [
                    self._issue(
                        ADJ,
                        Severity.ILLEGAL,
                        m,
                        f"{u} retreats on from area {here} to area {there}, but {here} had room "
                        f"({_s(board.count(here, side), side.label + ' unit')}); a retreat ends in the first area "
                        f"within the stacking limit (8.4.2).",
                        here,
                        there,
                    )
                ]
            if i > 0 and not options:
                return [
                    self._issue(
                        OVERFLOW,
                        Severity.ILLEGAL,
                        m,
                        f"{u} has nowhere legal to go from the overflowing area {here}; it must be eliminated, "
                        f"but the log retreats it on to {there} (8.4.2).",
                        here,
                        there,
                    )
                ]
            if board.controller(there) is not side:
                legal = ", ".join(str(a) for a in options) or "none"
                return [
                    self._issue(
                        ADJ,
                        Severity.ILLEGAL,
                        m,
                        f"{u} retreats into area {there}, controlled by the {side.enemy.label}; a retreat goes to an "
                        f"adjacent area the {side.label} control (here: {legal}) (8.4.2).",
                        here,
                        there,
                    )
                ]
            if self.closed(m, here, there) is not None:
                return []  # FR-RED-AREA / FR-ARMOR-RIVER report the step (movement.py)
            fault = self._priority(board, m, options, here, there, i)
            if fault is not None:
                return [fault]
            board.move(u, side, (there,))
            visited.append(there)
            here = there
        n = board.count(here, side)
        if n <= limit:
            return []
        allowed, _over = self.allowed(board, m, self.options(board, m, here, visited))
        if allowed and self.survives(board, m, here, visited):
            to = " or ".join(str(a) for a in allowed)
            return [
                self._issue(
                    OVERFLOW,
                    Severity.ILLEGAL,
                    m,
                    f"{u} ends its retreat in area {here} with {n} {side.label} units (limit {limit}); the excess must "
                    f"retreat again, to {to} (8.4.2).",
                    here,
                    here,
                    expected=to,
                    actual=str(here),
                )
            ]
        options = self.options(board, m, here, visited)
        all_full = bool(options) and not allowed  # all full under retreat_all_full=eliminate
        severity = self.rec if all_full else Severity.ILLEGAL
        why = "every adjacent area is full (retreat_all_full=eliminate, AMB-07)" if all_full else "has nowhere further to go"
        return [
            self._issue(
                OVERFLOW,
                severity,
                m,
                f"{u} ends its retreat in area {here} with {n} {side.label} units (limit {limit}) and {why}; it must "
                f"be eliminated (8.4.2).",
                here,
                here,
                expected="eliminated",
                actual=str(here),
            )
        ]

    def _priority(
        self, board: _Board, m: _Mover, options: list[AreaId], here: AreaId, there: AreaId, i: int
    ) -> Issue | None:
        """8.4.2 3–5 for a step into an open area ``there``: room first, then the fewest enemy units."""
        u, side, limit = m.unit, m.side, self.limit
        enemy = side.enemy
        with_room = [a for a in options if self.room(board, m, a)]
        if with_room:
            if there not in with_room:
                better = ", ".join(str(a) for a in with_room)
                text = (
                    f"{u} retreats into area {there}, where it makes {board.count(there, side) + 1} {side.label} units "
                    f"(limit {limit}), although {better} had room; an area within the limit comes first (8.4.2)."
                )
                rule_id = STACK_FIRST if i == 0 else OVERFLOW
                return self._issue(rule_id, Severity.ILLEGAL, m, text, here, there, expected=better, actual=str(there))
            pool, severity, why = with_room, Severity.ILLEGAL, "8.4.2: fewest enemy units first"
        elif len(options) >= 2:
            if self.all_full_eliminate:
                return self._issue(
                    OVERFLOW,
                    self.rec,
                    m,
                    f"{u} enters area {there} although every adjacent {side.label}-controlled area "
                    f"({', '.join(str(a) for a in options)}) is full; under retreat_all_full=eliminate it is eliminated (AMB-07).",
                    here,
                    there,
                    expected="eliminated",
                    actual=str(there),
                )
            pool, severity = options, self.rec
            why = "all are full; AMB-07, recommended reading: enter the one with the fewest enemy units"
        else:
            return None
        fewest = min(board.count(a, enemy) for a in pool)
        has = board.count(there, enemy)
        if has <= fewest:
            return None
        best = [a for a in pool if board.count(a, enemy) == fewest]
        return self._issue(
            FEWEST,
            severity,
            m,
            f"{u} retreats into area {there} with {_s(has, 'enemy unit')}, but {' and '.join(str(a) for a in best)} "
            f"{'has' if len(best) == 1 else 'have'} {fewest} ({why}).",
            here,
            there,
            expected=", ".join(str(a) for a in best),
            actual=str(there),
        )

    @staticmethod
    def _issue(
        rule_id: str,
        severity: Severity,
        m: _Mover,
        message: str,
        here: AreaId,
        there: AreaId,
        *,
        expected: Scalar = None,
        actual: Scalar = None,
    ) -> Issue:
        areas = tuple(dict.fromkeys((m.origin, here, there)))
        return Issue(rule_id, severity, message, (m.unit,), areas, expected, actual)


def _route(origin: AreaId, path: Sequence[AreaId]) -> str:
    return " → ".join(str(a) for a in (origin, *path))


def _steps(origin: AreaId, retreat: tuple[AreaId, ...]) -> tuple[AreaId, ...]:
    """The areas entered: a path logged with its origin first loses it (as ``Move.steps`` does), and an
    area repeated in a row counts once."""
    out: list[AreaId] = []
    for area in retreat:
        if area != (out[-1] if out else origin):
            out.append(area)
    return tuple(out)


def _is_armour(game: GameData, unit: UnitId) -> bool:
    return game.has_unit(unit) and game.unit(unit).type == UnitType.ARMOR


_cache: dict[int, tuple[Damage, GameState, CheckContext, Analysis]] = {}


def analyse(before: GameState, event: Damage, ctx: CheckContext) -> Analysis:
    """The outcomes of ``event`` in order on a local board: their points, and the retreat findings."""
    hit = _cache.get(id(event))
    if hit is not None and hit[0] is event and hit[1] is before and hit[2] is ctx:
        return hit[3]
    result = _analyse(before, event, ctx)
    if len(_cache) >= CACHE_SIZE:
        del _cache[next(iter(_cache))]  # the oldest: an attack is judged a few events after its damage
    _cache[id(event)] = (event, before, ctx, result)
    return result


remembers(_cache.clear)


def _analyse(before: GameState, event: Damage, ctx: CheckContext, *, flexible: bool = False) -> Analysis:
    """``flexible``: also find the eliminations that may be a flip + retreat (or a retreat) with nowhere to
    go, worth 2 (1) points rather than 3 (2): a search DAMAGE-MUST-MAXIMIZE needs only when the plain
    count does not fit."""
    game = ctx.game
    board = _Board(before, game)
    judge = _Retreats(game, ctx)
    outcomes: list[Spent] = []
    issues: list[Issue] = []
    for o in event.outcomes:
        state = before.unit(o.unit)
        here = board.area_of(o.unit)
        if state is None or here is None:
            outcomes.append(Spent(o, False, board.is_spent(o.unit), True, 0, 0))
            continue
        side, spent = state.side, board.is_spent(o.unit)
        value = resolution.points(o.result, spent)
        low = high = value if value is not None else NOMINAL.get(o.result, 0)
        if not game.has_area(here):
            text = f"Cannot check the retreat of {o.unit}: area {here} is not in the game data."
            issues.append(Issue(ADJ, Severity.CANNOT_CHECK, text, (o.unit,), (here,)))
            outcomes.append(Spent(o, True, spent, value is not None, low, high))
            continue
        mover = _Mover(o.unit, side, _is_armour(game, o.unit), here)
        if side is FRENCH and not game.has_unit(o.unit) and o.result in (*RETREATS, DamageResult.ELIMINATE):
            text = (
                f"Cannot check whether {o.unit} is armour (not in the game data); armour may not retreat across "
                "a river without a bridge."
            )
            issues.append(Issue(ADJ, Severity.CANNOT_CHECK, text, (o.unit,), (here,)))
        if o.result is DamageResult.ELIMINATE:
            if flexible and not judge.survives(board, mover, here, [here]):
                low = 2 if not spent else 1  # a flip + retreat (fresh) or a retreat (spent) with nowhere to go
        elif o.result in RETREATS:
            issues.extend(judge.judge(board, mover, _steps(here, o.retreat)))
        outcomes.append(Spent(o, True, spent, value is not None, low, high))
        # the outcome on the board, as the replay applies it
        if o.result in (DamageResult.FLIP, DamageResult.FLIP_RETREAT):
            board.spent[o.unit] = True
        if o.result in RETREATS and o.retreat:
            board.move(o.unit, side, _steps(here, o.retreat))
        if o.result is DamageResult.ELIMINATE:
            board.remove(o.unit, side)
    return Analysis(tuple(outcomes), tuple(issues))


def _issues(self: FunctionRule, before: GameState, event: Event, ctx: CheckContext) -> Iterator[Finding]:
    if not isinstance(event, Damage):
        return
    for i in analyse(before, event, ctx).issues:
        if i.rule_id == self.rule_id:
            yield self.finding(
                before, event, i.message, severity=i.severity, units=i.units, areas=i.areas, expected=i.expected, actual=i.actual
            )


# -- what a Damage event belongs to ---------------------------------------------------------------


def source(before: GameState, event: Damage, game: GameData) -> Attack | CardPlay | None:
    """The attack a ``Damage`` event allocates (the latest open one on its area), or the card play
    (*Detonate Mine Shaft*, *Rats of the Nam Yum*) logged after it; None when there is neither."""
    target = event.target
    for _state, e in reversed(before.action_steps):
        if isinstance(e, (Fire, Assault)) and (target is None or e.target == target):
            break
        if (
            isinstance(e, CardPlay)
            and card_name(game, e.card) in CARD_SOURCES
            and (target is None or not e.targets or target in e.targets)
        ):
            return e
    for attack in reversed(before.attacks):
        if target is None or attack.target == target:
            return attack
    return None


def own_damages(attack: Attack, game: GameData) -> list[tuple[GameState, Damage]]:
    """The ``Damage`` events that allocate ``attack``'s damage, by either side (``Attack.damages()``
    keeps the defender's only, and a *Fighter Bombers* damage is the firer's)."""
    out: list[tuple[GameState, Damage]] = []
    for state, e in attack.steps:
        if isinstance(e, Damage) and (e.target is None or e.target == attack.target):
            src = source(state, e, game)
            if isinstance(src, Attack) and src.number == attack.number:
                out.append((state, e))
    return out


# -- DAMAGE-ALLOCATION ----------------------------------------------------------------------------


@rule(
    ALLOCATION,
    "8.4",
    Severity.ILLEGAL,
    "fresh: 1 flip, 2 flip + retreat, 3 eliminate; spent: 1 retreat, 2 eliminate",
    events=(Damage,),
)
def damage_allocation(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Damage):
        return
    for s in analyse(before, event, ctx).outcomes:
        if not s.on_map or s.legal:
            continue
        o = s.outcome
        face = "spent" if s.spent else "fresh"
        allowed = "retreat (1) or eliminate (2)" if s.spent else "flip (1), flip + retreat (2) or eliminate (3)"
        yield self.finding(
            before,
            event,
            f"{o.unit} is {face}: '{o.result.value}' is not an outcome of 8.4 for a {face} unit, which may only "
            f"{allowed}.",
            units=(o.unit,),
            areas=(a,) if (a := before.area_of(o.unit)) is not None else (),
            expected=allowed,
            actual=o.result.value,
        )


# -- DAMAGE-WHO-ALLOCATES -------------------------------------------------------------------------


@rule(
    WHO,
    "8.4, cards",
    Severity.ILLEGAL,
    "the owner of the targets allocates; the firer for Fighter Bombers, Detonate Mine Shaft, Rats of the Nam Yum",
    events=(Damage,),
)
def who_allocates(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Damage):
        return
    game = ctx.game
    src = source(before, event, game)
    name: str | None = None
    if isinstance(src, Attack):
        name = card_name(game, src.card) if src.kind is AttackKind.CARD else None
        firer, owner = src.side, src.defender
    elif isinstance(src, CardPlay):
        name = card_name(game, src.card)
        firer, owner = src.side, src.side.enemy
    else:
        sides = {s.side for o in event.outcomes if (s := before.unit(o.unit)) is not None}
        if len(sides) != 1:
            return
        (owner,) = sides
        firer = owner.enemy
    if name in FIRER_ALLOCATES:
        expected, why = firer, f"{name}: the firer allocates the damage"
        if name == FIGHTER_BOMBERS:
            why += " (the owner picks only the retreat areas, AMB-18)"
    else:
        expected, why = owner, "the owner of the targeted units allocates the damage (8.4)"
    if event.side is expected:
        return
    yield self.finding(
        before,
        event,
        f"The {event.side.label} allocate the damage to the {owner.label} units in area "
        f"{event.target if event.target is not None else '?'}; {why}, here the {expected.label}.",
        units=tuple(o.unit for o in event.outcomes),
        areas=(event.target,) if event.target is not None else (),
        expected=expected.value,
        actual=event.side.value,
    )


# -- DAMAGE-TARGET-AREA-ONLY ----------------------------------------------------------------------


@rule(
    TARGET_ONLY,
    "8.4",
    Severity.ILLEGAL,
    "damage goes only to the units in the targeted area (Débouchez: only the assaulting units)",
    events=(Damage,),
)
def target_area_only(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Damage):
        return
    game = ctx.game
    src = source(before, event, game)
    debouchez = False
    if isinstance(src, Attack):
        area: AreaId | None = src.target
        allowed = set(resolution.targets(src, game, before))
        firer: Side | None = src.side
        debouchez = resolution.is_debouchez(src, game)
    else:
        area = event.target
        if area is None and isinstance(src, CardPlay) and src.targets:
            area = src.targets[0]
        if area is None:
            yield self.finding(
                before,
                event,
                f"Cannot check {self.rule_id}: the log names no targeted area for this damage and no attack is open.",
                severity=Severity.CANNOT_CHECK,
                units=tuple(o.unit for o in event.outcomes),
            )
            return
        allowed = set(before.units_in(area))
        firer = src.side if isinstance(src, CardPlay) else None
    seen: set[UnitId] = set()
    for o in event.outcomes:
        u = o.unit
        if u in allowed or u in seen:
            continue
        seen.add(u)
        where = before.area_of(u)
        state = before.unit(u)
        if where == area and state is not None and state.side is firer and not debouchez:
            continue  # the firer's own unit in the target: FIRE-FRIENDLY-IMMUNE
        if debouchez and where == area:
            text = f"{u} is in area {area} but not among the assaulting units Débouchez à Zéro! fires at"
            yield self.finding(
                before,
                event,
                f"Damage is applied to {u}: {text} (8.4).",
                units=(u,),
                areas=(area,) if area is not None else (),
                expected="an assaulting unit",
                actual="not an assaulting unit",
            )
            continue
        if state is None:
            yield self.finding(
                before,
                event,
                f"Cannot check {self.rule_id} for {u}: the log never placed it (its position is unknown).",
                severity=Severity.CANNOT_CHECK,
                units=(u,),
                areas=(area,) if area is not None else (),
            )
            continue
        if where is None:
            text = f"{u} is not on the map ({state.location})"
        else:
            text = f"{u} is in area {where}"
        yield self.finding(
            before,
            event,
            f"Damage is applied to {u}, but the targeted area is {area}: {text} (8.4).",
            units=(u,),
            areas=tuple(a for a in (area, where) if a is not None),
            expected=str(area),
            actual=str(where) if where is not None else None,
        )


# -- the points of an attack: DAMAGE-MUST-MAXIMIZE, DAMAGE-ALLOCATION (over-spent), C-BIGEARD ---------


def rules_damage(attack: Attack, ctx: CheckContext) -> tuple[Total, str] | Missing:
    """The damage the rules make for ``attack``, and the text that shows how."""
    game, rules = ctx.game, ctx.rules
    if resolution.attack_card_name(attack, game) == DETONATE:
        rolls = attack.rolls(attack.side)
        if not rolls:
            return Missing(("the Detonate Mine Shaft die (a DICE line after the card)",))
        value = sum(rolls[0].values)
        return Total(value, (f"d6 {value}",)), f"the Detonate Mine Shaft die {value}"
    total = resolution.damage_total(attack, game, rules)
    return total if isinstance(total, Missing) else (total, "")


def _how(attack: Attack, damage: Total, ctx: CheckContext) -> str:
    """The arithmetic behind ``damage`` for the message (computed again only when there is a finding)."""
    a = resolution.attack_total(attack, ctx.game, ctx.rules)
    d = resolution.defense_total(attack, ctx.game, ctx.rules)
    if isinstance(a, Missing) or isinstance(d, Missing):
        return " ".join(damage.parts)
    return f"attack {a.text} − defense {d.text}" + "".join(f" {p}" for p in damage.parts[1:])


def counted(damages: list[tuple[GameState, Damage]], ctx: CheckContext, *, flexible: bool = False) -> list[Spent]:
    """The outcomes of an attack's damage events, as the damage rules count the points they use: every
    unit on the map they name. Points put on a unit that is not a target are used all the same: that
    the unit is no target is DAMAGE-TARGET-AREA-ONLY's or FIRE-FRIENDLY-IMMUNE's fault, not too few
    points used. ``flexible``: an elimination that may be a flip + retreat (retreat) with nowhere to go
    counts its lower value in ``Spent.low``."""
    return [
        s
        for st, d in damages
        for s in (_analyse(st, d, ctx, flexible=True) if flexible else analyse(st, d, ctx)).outcomes
        if s.on_map
    ]


def stated_points(attack: Attack, game: GameData) -> tuple[int, GameState, Damage] | None:
    """The damage points the log states for ``attack``'s allocation (``Damage.points``, added up over its
    damage events), with the first event that states them; None when none does."""
    stating = [(st, d) for st, d in own_damages(attack, game) if d.points is not None]
    if not stating:
        return None
    return sum(d.points or 0 for _st, d in stating), stating[0][0], stating[0][1]


def attack_capacity(attack: Attack, game: GameData, close: GameState) -> int:
    """What the attack's targets absorb (catalogue §1.3), at its first damage event (else at ``close``)."""
    damages = own_damages(attack, game)
    state0 = damages[0][0] if damages else close
    return resolution.capacity(state0, resolution.targets(attack, game, state0))


@record
class PointsFault:
    """What is wrong with the points an attack's damage used (8.4, 8.4.1), under the id that owns it:
    DAMAGE-MUST-MAXIMIZE (too few points used, or the cannot-check), DAMAGE-ALLOCATION (more points
    used than the damage gives: an outcome 8.4's table does not allow for the points it got), C-BIGEARD
    (the points of the damage reduced by fewer than the French units in the area)."""

    rule_id: str
    severity: Severity
    message: str
    state: GameState
    event: Event
    units: tuple[UnitId, ...]
    areas: tuple[AreaId, ...]
    expected: Scalar = None
    actual: Scalar = None

    def finding(self, rule: FunctionRule) -> Finding:
        return rule.finding(
            self.state,
            self.event,
            self.message,
            severity=self.severity,
            units=self.units,
            areas=self.areas,
            expected=self.expected,
            actual=self.actual,
        )


_faults: dict[tuple[int, int], tuple[Attack, GameState | None, CheckContext, PointsFault | None]] = {}


def points_fault(attack: Attack, close: GameState | None, ctx: CheckContext) -> PointsFault | None:
    """The fault in the points ``attack``'s damage used, judged once for the rules that share it (the
    attack closing at ``close``; None: judged only when the attack has damage events)."""
    key = (id(attack), id(close))
    hit = _faults.get(key)
    if hit is not None and hit[0] is attack and hit[1] is close and hit[2] is ctx:
        return hit[3]
    fault = _points_fault(attack, close, ctx)
    if len(_faults) >= CACHE_SIZE:
        del _faults[next(iter(_faults))]
    _faults[key] = (attack, close, ctx, fault)
    return fault


remembers(_faults.clear)


def _log_damages(attack: Attack, ctx: CheckContext) -> set[int]:
    """The damage the log's own numbers make: the attack's stated ``damage``, the damage of its stated
    ``attack`` / ``defense`` totals, the ``points`` its damage events state."""
    out: set[int] = set()
    if (stated := resolution.logged(attack, "damage")) is not None:
        out.add(stated)
    if resolution.logged(attack, "attack") is not None or resolution.logged(attack, "defense") is not None:
        total = resolution.damage_total(attack, ctx.game, ctx.rules, as_logged=True)
        if isinstance(total, Total):
            out.add(total.value)
    if (points := stated_points(attack, ctx.game)) is not None:
        out.add(points[0])
    return out


def _points_fault(attack: Attack, close: GameState | None, ctx: CheckContext) -> PointsFault | None:
    game = ctx.game
    if resolution.attack_card_name(attack, game) == RATS:
        return None  # not damage points: C-RATS counts the flips
    if resolution.negation(attack, game) is not None:
        return None  # a negated card attack does no damage: any it did is C-POOR-WEATHER's / C-105's / C-75's
    damages = own_damages(attack, game)
    if close is None and not damages:
        return None
    if attack.is_assault and not damages and not attack.rolls(attack.side) and not resolution.assaulters_at_roll(attack):
        return None  # an assault that ended before its roll (Mines, Débouchez à Zéro!: no fresh assaulter left)
    state0 = damages[0][0] if damages else close
    assert state0 is not None
    targets = set(resolution.targets(attack, game, state0))
    cap = resolution.capacity(state0, targets)
    used_by = counted(damages, ctx)
    low = high = sum(s.high for s in used_by)
    where_state, where_event = damages[0] if damages else (attack.before, attack.first)
    units, areas = tuple(sorted(targets)), (attack.target,)

    def used() -> str:
        if not damages:
            return "no damage is logged: 0 points used"
        what = "; ".join(s.text for s in used_by if s.outcome.result is not DamageResult.NONE)
        text = str(low) if low == high else f"{low}–{high}"
        return f"the {damages[0][1].side.label} used {text} point{'' if high == 1 else 's'}" + (
            f" ({what})" if what else ""
        )

    found = rules_damage(attack, ctx)
    if isinstance(found, Missing):
        if cap == 0 and high == 0:
            return None
        logged = resolution.logged(attack, "damage")
        stated = stated_points(attack, game)
        facts = found.text or "the attack or defense total"
        if logged is None and stated is None:
            return PointsFault(
                MAXIMIZE,
                Severity.CANNOT_CHECK,
                f"Cannot check {MAXIMIZE}: {facts}; {used()} (capacity {cap}).",
                where_state,
                where_event,
                units,
                areas,
            )
        if logged is not None:
            damage, how = Total(logged, ("logged",)), f"as logged (the rules' damage cannot be computed: {facts})"
        else:
            assert stated is not None
            damage = Total(stated[0], ("logged",))
            how = f"as the damage line states it (the rules' damage cannot be computed: {facts})"
    else:
        damage, how = found
    expected = min(damage.value, cap)

    def fits(value: int) -> bool:
        return low <= value <= high

    if fits(expected) or any(fits(min(v, cap)) for v in damage.accepted):
        return None
    if any(s.outcome.result is DamageResult.ELIMINATE for s in used_by):
        used_by = counted(damages, ctx, flexible=True)  # eliminations for want of a retreat area
        low = sum(s.low for s in used_by)
        if fits(expected):
            return None
    if not isinstance(found, Missing) and any(fits(min(v, cap)) for v in _log_damages(attack, ctx) - {damage.value}):
        return None  # the allocation follows the log's own (wrong) totals: FIRE-ATTACK-TOTAL / -DEFENSE-TOTAL /
        #              -TERRAIN-IGNORED / -DAMAGE report that number, one fault under its id
    how = how or _how(attack, damage, ctx)
    possible = f"{expected} possible"
    if cap < damage.value:
        possible += f" (the targets absorb at most {cap}; the rest is ignored)"
    text = f"Damage {damage.value} = {how}; {used()} of {possible}"
    actual: Scalar = low if low == high else f"{low}–{high}"
    others = {min(a, cap) for a in damage.alternatives} - {expected}
    if any(fits(v) for v in others):
        gives = " or ".join(str(v) for v in sorted(others))
        text += f"; that matches only a non-recommended reading of the rules, which gives {gives} (8.4.1)."
        return PointsFault(
            MAXIMIZE, ctx.rules.rec_severity(), text, where_state, where_event, units, areas, expected, actual
        )
    reduction = resolution.bigeard_reduction(attack, game)
    if any(fits(min(v, cap)) for v in damage.misreduced):
        text += (
            f": the damage reduced by fewer than the {_s(reduction, 'French unit')} in area {attack.target} "
            f"(Bigeard Refuses to Leave: one point less per French unit in the attacked area)."
        )
        return PointsFault(BIGEARD_ID, Severity.ILLEGAL, text, where_state, where_event, units, areas, expected, actual)
    if low > expected:
        if any(not s.legal for s in used_by):
            return None  # an outcome 8.4 does not allow: DAMAGE-ALLOCATION reports it at the damage event
        text += (
            ": the outcomes take more points than the damage gives; 8.4's table allows an outcome only for the "
            "points the unit receives (fresh: flip 1, flip + retreat 2, eliminate 3; spent: retreat 1, eliminate 2) (8.4)."
        )
        return PointsFault(ALLOCATION, Severity.ILLEGAL, text, where_state, where_event, units, areas, expected, actual)
    return PointsFault(
        MAXIMIZE, Severity.ILLEGAL, text + " (8.4.1).", where_state, where_event, units, areas, expected, actual
    )


def _points_rule(rule_id: str) -> tuple[
    Callable[[FunctionRule, GameState, Event, GameState, CheckContext], Iterator[Finding]],
    Callable[[FunctionRule, GameState, CheckContext], Iterator[Finding]],
]:
    """The check and finish of a rule that reports the ``points_fault`` of each closing attack owned by ``rule_id``."""

    def check(
        self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
    ) -> Iterator[Finding]:
        if not before.attacks:
            return
        for attack in closed_attacks(before, after):
            fault = points_fault(attack, before, ctx)
            if fault is not None and fault.rule_id == rule_id:
                yield fault.finding(self)

    def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
        for attack in final.attacks:
            fault = points_fault(attack, final, ctx)
            if fault is not None and fault.rule_id == rule_id:
                yield fault.finding(self)

    return check, finish


_maximize_check, _maximize_finish = _points_rule(MAXIMIZE)
must_maximize = rule(
    MAXIMIZE,
    "8.4.1",
    Severity.ILLEGAL,
    "the points used equal min(damage, capacity of the targets); no fewer",
    finish=_maximize_finish,
    events=CLOSING_EVENTS,
    gate=Gate.ATTACK_CLOSED,
)(_maximize_check)

_spent_check, _spent_finish = _points_rule(ALLOCATION)
damage_allocation_points = rule(
    ALLOCATION,
    "8.4",
    Severity.ILLEGAL,
    "the outcomes take no more points than the damage gives",
    finish=_spent_finish,
    events=CLOSING_EVENTS,
    gate=Gate.ATTACK_CLOSED,
)(_spent_check)


# -- RETREAT-* ------------------------------------------------------------------------------------


@rule(
    ADJ,
    "8.4.2",
    Severity.ILLEGAL,
    "each retreat step goes to an adjacent area the retreating side controls",
    events=(Damage,),
)
def retreat_adjacent_controlled(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    yield from _issues(self, before, event, ctx)


@rule(
    NO_AREA,
    "8.4.2",
    Severity.ILLEGAL,
    "a unit with no legal retreat area is eliminated",
    events=(Damage,),
)
def retreat_no_area(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    yield from _issues(self, before, event, ctx)


@rule(
    STACK_FIRST,
    "8.4.2",
    Severity.ILLEGAL,
    "a retreat goes first to an area within the stacking limit",
    events=(Damage,),
)
def retreat_stack_first(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    yield from _issues(self, before, event, ctx)


@rule(
    FEWEST,
    "8.4.2",
    Severity.ILLEGAL,
    "among the areas within the limit, the retreat goes to one with the fewest enemy units",
    events=(Damage,),
)
def retreat_fewest_enemy(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    yield from _issues(self, before, event, ctx)


@rule(
    OVERFLOW,
    "8.4.2 (AMB-07)",
    Severity.ILLEGAL,
    "overflow only with no other controlled adjacent area; the excess retreats again, never back",
    events=(Damage,),
)
def retreat_overflow_continue(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    yield from _issues(self, before, event, ctx)


RULES: tuple[FunctionRule, ...] = (
    damage_allocation,
    damage_allocation_points,
    must_maximize,
    who_allocates,
    target_area_only,
    retreat_adjacent_controlled,
    retreat_no_area,
    retreat_stack_first,
    retreat_fewest_enemy,
    retreat_overflow_continue,
)
