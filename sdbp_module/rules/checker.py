"""The checker: a fold of ``apply`` over the events with every enabled rule judged beside each step.

For each event: every rule that judges its class in the phase it is met in (``_dispatch``: a rule's
``events``, less its ``quiet`` phases; its gate, tested once for all the rules behind it, and the gate's
guard, once for all its gates) sees ``(before, event, after)`` and yields findings; the event is then
applied anyway (the log records what the players did, so checking goes on). After the last event,
rules that define ``finish`` judge the final state. Findings are collected, never raised, and
sorted stably by (log position, rule id). A crashing rule is a bug: the exception surfaces with
the log position added to its message. Game-neutral: the rules come from a ``RulesPackage``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field, replace
from typing import TYPE_CHECKING, Any, Protocol

from sdbp_module.codec.identity import BuildMatch
from sdbp_module.collector import collector_paused
from sdbp_module.ids import Phase, Severity
from sdbp_module.limits import MAX_FINDINGS_LISTED
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay import memo
from sdbp_module.replay.apply import apply
from sdbp_module.replay.events import Event, GameStart, Where
from sdbp_module.replay.markers import settle_markers
from sdbp_module.replay.scenario import printed_start
from sdbp_module.replay.sequence import SequenceOfPlay
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Gate,
    GateTest,
    Outcome,
    Rule,
    RulesPackage,
    make_finding,
)
from sdbp_module.rules.findings import SEVERITY_ORDER, Finding, Summary, sort_findings
from sdbp_module.rules.switches import RuleSet

if TYPE_CHECKING:  # a hex-map game's state, imported only by a check of one
    from sdbp_module.replay.hexes.state import HexState


@record
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
    final: GameState | HexState  # an area game's state, or a hex-map game's (``rules.hexes.checker``)
    outcome: Outcome | None = None  # the result the log supports, and the one it claims
    initial: GameState | HexState | None = field(default=None, compare=False, repr=False)  # where the replay began
    unlisted: tuple[tuple[str, Severity, int], ...] = ()  # (rule id, severity, count) of findings past the limit
    build: BuildMatch | None = None  # the log's module build against the one it was read with (``codec.identity``)

    @property
    def summary(self) -> Summary:
        """The counts of every finding, listed or not."""
        return Summary.of(self.findings).plus(self.unlisted)

    @property
    def unlisted_count(self) -> int:
        return sum(n for _, _, n in self.unlisted)

    @property
    def has_illegal(self) -> bool:
        return self.summary.illegal > 0


def _judges(rule: Rule, cls: type, phase: Phase | None) -> bool:
    """Whether ``rule`` judges events of ``cls`` met in ``phase`` (its ``event_types``, less its ``quiet``)."""
    types = getattr(rule, "event_types", None)
    if types is not None and not issubclass(cls, types):
        return False
    return not any(p is phase and issubclass(cls, classes) for p, classes in getattr(rule, "quiet", ()))


CheckCall = Callable[[Any, GameState, Event, GameState, CheckContext], Iterable[Finding]]
"""A rule's check taking the rule first: a ``FunctionRule``'s own ``check_fn`` (one call level less in
the checker's hot loop), ``_call_check`` for any other rule."""
Judges = tuple[tuple[Rule, CheckCall], ...]
Gated = tuple[tuple[GateTest, Judges], ...]
"""Gates, each with the rules it gates: a gate as its test (``Gate.holds``), the function itself, so that the
hot loop calls it directly (a function held in an instance's fields is looked up the slow, generic way at
each ``gate.holds(...)``)."""
Dispatch = tuple[Judges, tuple[tuple[GateTest | None, Gated], ...]]
"""The rules called always, and each guard (its test, as a gate's) with the gates behind it (the gates with
no guard first, under None)."""
DispatchTable = dict[type, dict[Phase | None, Dispatch]]
"""The ``Dispatch`` of each event class met, by the phase it is met in (``before.clock.phase``)."""


def _call_check(rule: Rule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[Finding]:
    return rule.check(before, event, after, ctx)


_TABLES: dict[int, tuple[tuple[Rule, ...], DispatchTable]] = {}


def _dispatch_table(active: tuple[Rule, ...], package: RulesPackage) -> DispatchTable:
    """Where ``_fold`` keeps the rules that judge each event class in each phase (``_dispatch``, filled as
    they are met): kept from check to check for a package's own rules (an audit checks many logs with
    them), fresh for a chosen set."""
    if active is not package.rules:
        return {}
    held = _TABLES.get(id(active))
    if held is None or held[0] is not active:
        held = _TABLES[id(active)] = (active, {})
    return held[1]


def _dispatch(active: tuple[Rule, ...], cls: type, phase: Phase | None) -> Dispatch:
    """The rules that judge events of ``cls`` met in ``phase``: those called always, and those behind
    each gate, the gates grouped by their guard (``Gate.guard``), in the order the rules list them."""
    always: list[tuple[Rule, CheckCall]] = []
    gated: dict[Gate, list[tuple[Rule, CheckCall]]] = {}
    for r in active:
        if not _judges(r, cls, phase):
            continue
        gate = getattr(r, "gate", None)
        check: CheckCall = r.check_fn if isinstance(r, FunctionRule) else _call_check
        (always if gate is None else gated.setdefault(gate, [])).append((r, check))
    guarded: dict[Gate | None, list[tuple[GateTest, Judges]]] = {None: []}
    for g, rs in gated.items():
        guarded.setdefault(g.guard, []).append((g.holds, tuple(rs)))
    return tuple(always), tuple(
        (guard.holds if guard is not None else None, tuple(gs)) for guard, gs in guarded.items() if gs
    )


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


class Kept:
    """The findings a report lists: at most ``limit``, the most serious first, then the earliest (the
    report's order), with the count of the others by rule id and severity.

    Findings are added in the order they are judged; once more than twice ``limit`` are held, the list
    is cut back to the ``limit`` that come first by (severity, log position, rule id, order judged), so
    memory stays bounded however many findings a log makes."""

    __slots__ = ("found", "limit", "unlisted")

    def __init__(self, limit: int = MAX_FINDINGS_LISTED) -> None:
        self.found: list[Finding] = []
        self.limit = limit
        self.unlisted: dict[tuple[str, Severity], int] = {}

    def trim(self) -> None:
        """Cut ``found`` back to ``limit`` findings, counting those left out."""
        found = self.found
        if len(found) <= self.limit:
            return
        order = sorted(range(len(found)), key=lambda i: (SEVERITY_ORDER[found[i].severity], found[i].sort_key, i))
        keep = sorted(order[: self.limit])
        for i in order[self.limit :]:
            key = (found[i].rule_id, found[i].severity)
            self.unlisted[key] = self.unlisted.get(key, 0) + 1
        self.found = [found[i] for i in keep]

    def counts(self) -> tuple[tuple[str, Severity, int], ...]:
        return tuple(sorted(((r, s, n) for (r, s), n in self.unlisted.items()), key=lambda t: (SEVERITY_ORDER[t[1]], t[0])))


def _fold(
    events: Sequence[Event],
    state: GameState,
    active: tuple[Rule, ...],
    ctx: CheckContext,
    problems: Iterable[LogProblem],
    kept: Kept | None = None,
    dispatch: DispatchTable | None = None,
) -> tuple[list[Finding], GameState]:
    """Apply every event from ``state``, judging each step and then the final state: the findings
    (unsorted; at most ``kept.limit`` of them with ``kept``, which counts the others) and the final state.
    ``dispatch``: the rules of ``active`` that judge each event class in each phase met so far
    (``_dispatch_table``)."""
    kept = kept if kept is not None else Kept(limit=1 << 62)
    found: list[Finding] = kept.found
    cut = 2 * kept.limit
    pending = sorted(problems, key=lambda p: p.where.sort_key)
    if dispatch is None:
        dispatch = {}
    extend = found.extend
    for event in events:
        if pending:
            while pending and pending[0].where.sort_key < event.where.sort_key:
                found.append(problem_finding(pending.pop(0), state))
        after = apply(state, event)
        cls = type(event)
        by_phase = dispatch.get(cls)
        if by_phase is None:
            by_phase = dispatch[cls] = {}
        phase = state.clock.phase
        judges = by_phase.get(phase)
        if judges is None:
            judges = by_phase[phase] = _dispatch(active, cls, phase)
        always, guarded = judges
        for rule, check in always:
            try:
                judged = check(rule, state, event, after, ctx)
                if judged:  # most calls find nothing: an empty tuple or list needs no extend
                    extend(judged)
            except Exception as exc:  # a crashing rule is a bug: surface it with the position
                raise RuleCrash(f"rule {rule.rule_id} crashed at {event.where}: {exc!r}") from exc
        for guard, gates in guarded:  # (the loop above, behind each gate: written out, this is the hot loop)
            if guard is not None and not guard(state, event, after, ctx):
                continue  # none of the gates behind it can hold
            for holds, rules_of_gate in gates:
                if not holds(state, event, after, ctx):
                    continue
                for rule, check in rules_of_gate:
                    try:
                        judged = check(rule, state, event, after, ctx)
                        if judged:
                            extend(judged)
                    except Exception as exc:
                        raise RuleCrash(f"rule {rule.rule_id} crashed at {event.where}: {exc!r}") from exc
        state = after
        if len(found) > cut:
            kept.trim()
            found = kept.found
            extend = found.extend
    found.extend(problem_finding(p, state) for p in pending)
    for rule in active:
        finish = getattr(rule, "finish", None)
        if finish is None:
            continue
        try:
            found.extend(finish(state, ctx))
        except Exception as exc:
            raise RuleCrash(f"rule {rule.rule_id} crashed at the end of the log: {exc!r}") from exc
    kept.found = found
    kept.trim()
    return kept.found, state


def _judged(
    events: Sequence[Event],
    state: GameState,
    active: tuple[Rule, ...],
    ctx: CheckContext,
    problems: Iterable[LogProblem],
    kept: Kept | None = None,
    dispatch: DispatchTable | None = None,
) -> tuple[list[Finding], GameState]:
    """``_fold`` with the cycle collector paused, and the rules' caches emptied once it is over (they
    hold states of the check: emptied while the collector is paused, they are freed rather than
    walked by its next pass)."""
    with collector_paused():
        try:
            return _fold(events, state, active, ctx, problems, kept, dispatch)
        finally:
            memo.forget()


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
    max_findings: int = MAX_FINDINGS_LISTED,
) -> Report:
    """Replay ``events`` from ``initial`` and judge every step (each player's marker act read at the
    face it ends with: ``replay.markers.settle_markers``).

    The report lists at most ``max_findings`` findings, the most serious first (``Kept``), and counts
    the others (``Report.unlisted``).

    Without ``initial``, the replay starts empty when the log opens with a ``game-start`` snapshot,
    and otherwise from the printed set-up of ``game`` (``state.started`` stays False, so the set-up
    rules say they cannot check it).
    """
    ruleset = switches or RuleSet.defaults(package.switches)
    sequence = package.make_sequence(game)
    ctx = CheckContext(game=game, rules=ruleset, sequence=sequence, impulse=package.impulse)
    active = tuple(rules if rules is not None else package.rules)
    kept = Kept(max_findings)
    with collector_paused():  # the set-up and the reading of the markers too (see ``_judged``)
        first = start_state(events, game, sequence, initial)
        settled = settle_markers(events)
        found, state = _judged(settled, first, active, ctx, problems, kept, _dispatch_table(active, package))
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
        outcome=package.outcome(state, ctx) if package.outcome is not None else None,
        initial=first,
        unlisted=kept.counts(),
    )


def start_state(
    events: Sequence[Event], game: GameData, sequence: SequenceOfPlay, initial: GameState | None = None
) -> GameState:
    """The state the replay of ``events`` starts from: ``initial`` (given the game's sequence of play);
    else empty when the log opens with a ``game-start`` snapshot, and otherwise the printed set-up of
    ``game`` with ``started`` False (the log did not show it, so the set-up rules cannot check it)."""
    if initial is not None:
        return initial if initial.sequence is not None else replace(initial, sequence=sequence)
    state = GameState.empty(sequence)
    if not events or not isinstance(events[0], GameStart):
        state = replace(apply(state, printed_start(game)), started=False)
    return state

