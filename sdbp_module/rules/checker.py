"""The checker: a fold of ``apply`` over the events with every enabled rule judged beside each step.

For each event: every rule sees ``(before, event, after)`` and yields findings; the event is then
applied anyway (the log records what the players did, so checking goes on). After the last event,
rules that define ``finish`` judge the final state. Findings are collected, never raised, and
sorted stably by (log position, rule id). A crashing rule is a bug: the exception surfaces with
the log position added to its message. Game-neutral: the rules come from a ``RulesPackage``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Protocol

from sdbp_module.ids import Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.apply import apply
from sdbp_module.replay.combat import closed_action, closed_attacks
from sdbp_module.replay.events import Event, GameStart, Where
from sdbp_module.replay.scenario import printed_start
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Gate,
    Rule,
    RulesPackage,
    make_finding,
)
from sdbp_module.rules.findings import Finding, Summary, sort_findings
from sdbp_module.rules.switches import RuleSet


@dataclass(frozen=True, slots=True)
class Report:
    """The result of checking one log."""

    source: str  # the log checked
    game_id: str
    events: int
    findings: tuple[Finding, ...]
    rules_checked: tuple[str, ...]  # rule ids that ran
    rules_not_checked: tuple[str, ...]  # catalogue ids that did not run (most not implemented yet)
    switches: tuple[tuple[str, str], ...]  # (name, value) in force
    switch_defaults: Mapping[str, str]
    final: GameState

    @property
    def summary(self) -> Summary:
        return Summary.of(self.findings)

    @property
    def has_illegal(self) -> bool:
        return self.summary.illegal > 0


def _judges(rule: Rule, cls: type) -> bool:
    types = getattr(rule, "event_types", None)
    return types is None or issubclass(cls, types)


CheckCall = Callable[[GameState, Event, GameState, CheckContext], Iterable[Finding]]

_GATES: dict[Gate, Callable[[GameState, GameState], bool]] = {
    Gate.ATTACK_CLOSED: lambda before, after: bool(before.attacks) and bool(closed_attacks(before, after)),
    Gate.ACTION_CLOSED: lambda before, after: bool(before.action_steps) and bool(closed_action(before, after)),
}


def _dispatch(
    active: tuple[Rule, ...], cls: type
) -> tuple[tuple[tuple[Rule, CheckCall], ...], tuple[tuple[Gate, tuple[tuple[Rule, CheckCall], ...]], ...]]:
    """The rules that judge events of ``cls``: those called always, and those behind each gate."""
    always: list[tuple[Rule, CheckCall]] = []
    gated: dict[Gate, list[tuple[Rule, CheckCall]]] = {}
    for r in active:
        if not _judges(r, cls):
            continue
        gate = getattr(r, "gate", None)
        (always if gate is None else gated.setdefault(gate, [])).append((r, _check_call(r)))
    return tuple(always), tuple((g, tuple(rs)) for g, rs in gated.items())


def _check_call(rule: Rule) -> CheckCall:
    """``rule.check``, minus one call level for a ``FunctionRule`` (the checker's hot loop)."""
    if isinstance(rule, FunctionRule):
        return partial(rule.check_fn, rule)
    return rule.check


class LogProblem(Protocol):
    """A part of the log the interpretation could not read for sure (``replay.interpret.Problem``)."""

    @property
    def where(self) -> Where: ...

    @property
    def message(self) -> str: ...


INTERPRETATION_ID = "LOG-INTERPRETATION"
"""Rule id under which interpretation problems are reported (severity cannot-check)."""


def problem_finding(problem: LogProblem, state: GameState) -> Finding:
    """An interpretation problem as a ``cannot-check`` finding, stamped with the clock at that point."""
    return make_finding(
        INTERPRETATION_ID,
        "log",
        Severity.CANNOT_CHECK,
        state,
        None,
        f"The log could not be read for sure here: {problem.message}",
        where=problem.where,
    )


class RuleCrash(RuntimeError):
    """A rule raised: a bug in the rule, reported with the rule id and the log position."""


def check_events(
    events: Sequence[Event],
    game: GameData,
    package: RulesPackage,
    *,
    switches: RuleSet | None = None,
    initial: GameState | None = None,
    rules: Iterable[Rule] | None = None,
    source: str = "<events>",
    problems: Iterable[LogProblem] = (),
) -> Report:
    """Replay ``events`` from ``initial`` and judge every step.

    Without ``initial``, the replay starts empty when the log opens with a ``game-start`` snapshot,
    and otherwise from the printed set-up of ``game`` (``state.started`` stays False, so the set-up
    rules say they cannot check it).
    """
    ruleset = switches or RuleSet.defaults(package.switches)
    sequence = package.make_sequence(game)
    ctx = CheckContext(game=game, rules=ruleset, sequence=sequence)
    active = tuple(rules if rules is not None else package.rules)
    if initial is not None:
        state = initial if initial.sequence is not None else replace(initial, sequence=sequence)
    else:
        state = GameState.empty(sequence)
        if not events or not isinstance(events[0], GameStart):
            # no snapshot in the log: replay from the printed set-up, which the log did not show
            state = replace(apply(state, printed_start(game)), started=False)
    found: list[Finding] = []
    pending = sorted(problems, key=lambda p: p.where.sort_key)
    dispatch: dict[type, tuple[tuple[tuple[Rule, CheckCall], ...], tuple[tuple[Gate, tuple[tuple[Rule, CheckCall], ...]], ...]]] = {}
    extend = found.extend
    for event in events:
        if pending:
            while pending and pending[0].where.sort_key < event.where.sort_key:
                found.append(problem_finding(pending.pop(0), state))
        after = apply(state, event)
        cls = type(event)
        judges = dispatch.get(cls)
        if judges is None:
            judges = dispatch[cls] = _dispatch(active, cls)
        always, gated = judges
        for rule, check in always:
            try:
                extend(check(state, event, after, ctx))
            except Exception as exc:  # a crashing rule is a bug: surface it with the position
                raise RuleCrash(f"rule {rule.rule_id} crashed at {event.where}: {exc!r}") from exc
        for gate, rules_of_gate in gated:
            if not _GATES[gate](state, after):
                continue
            for rule, check in rules_of_gate:
                try:
                    extend(check(state, event, after, ctx))
                except Exception as exc:
                    raise RuleCrash(f"rule {rule.rule_id} crashed at {event.where}: {exc!r}") from exc
        state = after
    found.extend(problem_finding(p, state) for p in pending)
    for rule in active:
        finish = getattr(rule, "finish", None)
        if finish is None:
            continue
        try:
            found.extend(finish(state, ctx))
        except Exception as exc:
            raise RuleCrash(f"rule {rule.rule_id} crashed at the end of the log: {exc!r}") from exc
    return Report(
        source=source,
        game_id=package.game_id,
        events=len(events),
        findings=sort_findings(found),
        rules_checked=tuple(sorted({r.rule_id for r in active})),
        rules_not_checked=tuple(
            sorted({e.rule_id for e in package.catalogue} - {r.rule_id for r in active})
        ),
        switches=tuple(sorted(ruleset.values.items())),
        switch_defaults={spec.name: spec.default for spec in ruleset.specs},
        final=state,
    )

