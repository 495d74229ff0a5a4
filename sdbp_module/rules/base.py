"""The Rule protocol, the check context and the registry of a game's rules package.

A rule is a small object with ``rule_id`` (stable slug from the game's catalogue), ``rule_ref``
(rulebook section), ``severity`` (its usual verdict) and ``check(before, event, after, ctx)``, which
yields ``Finding`` values and never mutates anything or raises for a game-level violation. A rule may
also define ``finish(final, ctx)`` for what can only be judged once the log has ended.

Game-neutral: the SoDBP rules live beside this module, and ``rules.package`` assembles them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol, runtime_checkable

from sdbp_module.ids import AreaId, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.apply import opens_new_action
from sdbp_module.replay.events import END_OF_LOG, Event, Where, acting_side
from sdbp_module.replay.sequence import SequenceOfPlay
from sdbp_module.replay.state import GameState
from sdbp_module.rules.findings import Finding, Scalar
from sdbp_module.rules.switches import RuleSet, SwitchSpec


@dataclass(frozen=True, slots=True)
class CheckContext:
    """What every rule may read besides the states: the game data, the switches, the sequence."""

    game: GameData
    rules: RuleSet
    sequence: SequenceOfPlay


@runtime_checkable
class Rule(Protocol):
    @property
    def rule_id(self) -> str: ...

    @property
    def rule_ref(self) -> str: ...

    @property
    def severity(self) -> Severity: ...

    def check(self, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[Finding]: ...


class Gate(str, Enum):
    """A condition on a step that several rules need before they have anything to judge.

    The checker evaluates it once per event and calls the rules it gates only when it holds; a
    gated rule must find nothing when it does not (a test runs every rule ungated to show it)."""

    ATTACK_CLOSED = "attack-closed"  # an attack of the action closes at this event (replay.combat.closed_attacks)
    ACTION_CLOSED = "action-closed"  # the current action closes at this event (replay.combat.closed_action)


CheckFn = Callable[["FunctionRule", GameState, Event, GameState, CheckContext], Iterable[Finding]]
FinishFn = Callable[["FunctionRule", GameState, CheckContext], Iterable[Finding]]


def _no_finish(rule: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    return iter(())


@dataclass(frozen=True, slots=True)
class FunctionRule:
    """A rule made of a check function (and optionally a finish function)."""

    rule_id: str
    rule_ref: str
    severity: Severity
    summary: str
    check_fn: CheckFn = field(repr=False)
    finish_fn: FinishFn = field(default=_no_finish, repr=False)
    event_types: tuple[type[Event], ...] | None = None  # the events it judges; None = every event
    gate: Gate | None = None  # judged only when this holds for the step (the checker tests it once for all)

    def check(self, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[Finding]:
        return self.check_fn(self, before, event, after, ctx)

    def finish(self, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
        return self.finish_fn(self, final, ctx)

    def finding(
        self,
        state: GameState,
        event: Event | None,
        message: str,
        *,
        severity: Severity | None = None,
        units: Iterable[UnitId] = (),
        areas: Iterable[AreaId] = (),
        expected: Scalar = None,
        actual: Scalar = None,
        where: Where | None = None,
        side: Side | None = None,
        action: int | None = None,
    ) -> Finding:
        """A finding of this rule, stamped with the clock of ``state`` and the position of ``event``.

        ``action``/``side``: the action the finding is about, when it is judged at a later event
        (an action's participants judged when the next action opens)."""
        return make_finding(
            self.rule_id,
            self.rule_ref,
            severity or self.severity,
            state,
            event,
            message,
            units=units,
            areas=areas,
            expected=expected,
            actual=actual,
            where=where,
            side=side,
            action=action,
        )


def make_finding(
    rule_id: str,
    rule_ref: str,
    severity: Severity,
    state: GameState,
    event: Event | None,
    message: str,
    *,
    units: Iterable[UnitId] = (),
    areas: Iterable[AreaId] = (),
    expected: Scalar = None,
    actual: Scalar = None,
    where: Where | None = None,
    side: Side | None = None,
    action: int | None = None,
) -> Finding:
    """A finding stamped with the clock of ``state``; ``side`` defaults to the event's acting side.

    The action number is the one ``event`` belongs to: the next one when ``event`` opens an action
    (``state`` is then the state before it, still on the previous action)."""
    clock = state.clock
    if action is None:
        action = clock.action
        if event is not None and opens_new_action(clock, event):
            action = event.action if event.action is not None else clock.action + 1  # the action it opens
    if side is None and event is not None:
        side = acting_side(event)
    position = where if where is not None else (event.where if event is not None else END_OF_LOG)
    return Finding(
        rule_id=rule_id,
        rule_ref=rule_ref,
        severity=severity,
        message=message,
        where=position,
        turn=clock.turn,
        phase=clock.phase,
        action=action,
        side=side if side is not None else clock.action_side,
        units=tuple(units),
        areas=tuple(areas),
        expected=expected,
        actual=actual,
    )


def rule(
    rule_id: str,
    rule_ref: str,
    severity: Severity,
    summary: str,
    *,
    finish: FinishFn | None = None,
    events: tuple[type[Event], ...] | None = None,
    gate: Gate | None = None,
) -> Callable[[CheckFn], FunctionRule]:
    """Decorator: turn a check function into a ``FunctionRule``.

    ``events``: the event classes the rule judges (the checker skips it for others); None = all.
    ``gate``: judged only at steps where the gate holds (``Gate``).
    """

    def wrap(fn: CheckFn) -> FunctionRule:
        return FunctionRule(rule_id, rule_ref, severity, summary, fn, finish or _no_finish, events, gate)

    return wrap


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    """One rule id of a game's catalogue, implemented or not."""

    rule_id: str
    rule_ref: str
    severity: str  # as the catalogue words it, e.g. "illegal", "illegal / suspicious"
    section: str  # catalogue section, e.g. "3.2"


@dataclass(frozen=True, slots=True)
class RulesPackage:
    """A game's rules: its catalogue, the implemented rules, its switches and sequence of play."""

    game_id: str
    catalogue: tuple[CatalogueEntry, ...]
    rules: tuple[Rule, ...]
    switches: tuple[SwitchSpec, ...]
    make_sequence: Callable[[GameData], SequenceOfPlay]

    def implemented_ids(self) -> frozenset[str]:
        return frozenset(r.rule_id for r in self.rules)
