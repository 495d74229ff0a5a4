"""The Rule protocol, the check context and the registry of a game's rules package.

A rule is a small object with ``rule_id`` (stable slug from the game's catalogue), ``rule_ref``
(rulebook section), ``severity`` (its usual verdict) and ``check(before, event, after, ctx)``, which
yields ``Finding`` values and never mutates anything or raises for a game-level violation. A rule may
also define ``finish(final, ctx)`` for what can only be judged once the log has ended.

Game-neutral: a game's rules live in its package (``sdbp_module/games/<game>/rules/``), which
assembles them into a ``RulesPackage``; the area-impulse rules several games share are in
``rules.area_impulse``, configured by ``RulesPackage.impulse`` and listed under a game's own ids with
``relabel``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import field, replace
from types import MappingProxyType
from typing import ClassVar, Protocol, runtime_checkable

from sdbp_module.ids import AreaId, Phase, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS, action_part, opens_new_action
from sdbp_module.replay.combat import Attack, closed_action, closed_attacks
from sdbp_module.replay.events import (
    END_OF_LOG,
    Event,
    GameEnd,
    PhaseStart,
    Where,
    acting_side,
)
from sdbp_module.replay.sequence import SequenceOfPlay
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse.config import PLAIN, AreaImpulse
from sdbp_module.rules.findings import Finding, Scalar
from sdbp_module.rules.switches import RuleSet, SwitchSpec


@record
class CheckContext:
    """What every rule may read besides the states: the game data, the switches, the sequence, and the
    settings of the shared area-impulse rules (``RulesPackage.impulse``)."""

    game: GameData
    rules: RuleSet
    sequence: SequenceOfPlay
    impulse: AreaImpulse = PLAIN


@runtime_checkable
class Rule(Protocol):
    @property
    def rule_id(self) -> str: ...

    @property
    def rule_ref(self) -> str: ...

    @property
    def severity(self) -> Severity: ...

    def check(self, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[Finding]: ...


@record(slots=False, eq=False)
class Gate:
    """A condition on a step that several rules need before they have anything to judge.

    The checker evaluates each gate once per event and calls the rules it gates only when it holds;
    a gated rule must find nothing when it does not (a test runs every rule ungated to show it).
    A gate with a ``guard`` is evaluated only where the guard holds (its ``holds`` may take the guard
    as given): the checker tests a guard once for all the gates behind it. The game-neutral gates are
    the class attributes below; a game's rule modules may define more."""

    name: str
    holds: Callable[[GameState, Event, GameState, CheckContext], bool] = field(repr=False)
    guard: Gate | None = field(default=None, repr=False)

    ATTACK_CLOSED: ClassVar[Gate]  # an attack of the action closes at this event (replay.combat.closed_attacks)
    ACTION_CLOSED: ClassVar[Gate]  # the current action closes at this event (replay.combat.closed_action)
    ACTION_JOINED: ClassVar[Gate]  # the event joins the action under way (replay.apply.opens_new_action)
    PHASE_CLOSED: ClassVar[Gate]  # a Draw or End phase whose start the log holds ends at this event
    CARDS_PLAYED: ClassVar[Gate]  # a card was played this turn, this step's included (a guard: ``after_card_plays``)


def _joins_action(before: GameState, event: Event, after: GameState, ctx: CheckContext) -> bool:
    clock = before.clock
    return clock.action_side is not None and action_part(event) is not None and not opens_new_action(clock, event)


Gate.ATTACK_CLOSED = Gate(
    "attack-closed", lambda before, event, after, ctx: bool(before.attacks) and bool(closed_attacks(before, after))
)
Gate.ACTION_CLOSED = Gate(
    "action-closed", lambda before, event, after, ctx: bool(before.action_steps) and bool(closed_action(before, after))
)
Gate.ACTION_JOINED = Gate("action-joined", _joins_action)
GateTest = Callable[[GameState, Event, GameState, CheckContext], bool]

Gate.CARDS_PLAYED = Gate(
    "cards-played", lambda before, event, after, ctx: bool(after.turn_plays or before.turn_plays)
)


def after_card_plays(name: str, holds: GateTest) -> Gate:
    """A gate about card plays, behind the guard ``Gate.CARDS_PLAYED``: a step with no card played this
    turn (``GameState.turn_plays``, the step's own play included) closes nothing that holds a card, and
    the checker tests that once for every such gate."""
    return Gate(name, holds, guard=Gate.CARDS_PLAYED)


Gate.PHASE_CLOSED = Gate(
    "phase-closed", lambda before, event, after, ctx: bool(before.phase_steps) and type(event) is PhaseStart
)


CheckFn = Callable[["FunctionRule", GameState, Event, GameState, CheckContext], Iterable[Finding]]
Quiet = tuple[tuple[Phase | None, tuple[type[Event], ...]], ...]
"""``FunctionRule.quiet``: (phase, event classes) pairs where a rule has nothing to judge — the phase being
the one the event is met in (``before.clock.phase``; None before the first phase). The checker's dispatch
table, made per event class and phase, leaves the rule out there, with no call at each such event (a
test runs every rule unfiltered to show it finds nothing more)."""
FinishFn = Callable[["FunctionRule", GameState, CheckContext], Iterable[Finding]]


def _no_finish(rule: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    return iter(())


@record
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
    quiet: Quiet = ()  # (phase, event classes): events of those classes met in that phase give nothing

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
    quiet: Quiet = (),
) -> Callable[[CheckFn], FunctionRule]:
    """Decorator: turn a check function into a ``FunctionRule``.

    ``events``: the event classes the rule judges (the checker skips it for others); None = all.
    ``gate``: judged only at steps where the gate holds (``Gate``).
    ``quiet``: the (phase, event classes) where the rule finds nothing (``Quiet``; the checker skips it there).
    """

    def wrap(fn: CheckFn) -> FunctionRule:
        return FunctionRule(rule_id, rule_ref, severity, summary, fn, finish or _no_finish, events, gate, quiet)

    return wrap


def relabel(
    rule: FunctionRule, rule_id: str, rule_ref: str, summary: str | None = None, severity: Severity | None = None
) -> FunctionRule:
    """``rule`` listed under a game's own catalogue id and rules reference (and, if given, its own
    one-line summary, and its own usual severity where the game's text says less than the rule
    assumes): the same check, finish, events, gate and quiet; its findings carry the new id and ref, and
    those that give no severity of their own carry ``severity``."""
    return replace(
        rule,
        rule_id=rule_id,
        rule_ref=rule_ref,
        summary=rule.summary if summary is None else summary,
        severity=rule.severity if severity is None else severity,
    )


AttackJudge = Callable[["FunctionRule", "Attack", CheckContext], Iterable[Finding]]


def attack_rule(
    rule_id: str,
    rule_ref: str,
    severity: Severity,
    summary: str,
    *,
    only: Callable[[Attack], bool] | None = None,
) -> Callable[[AttackJudge], FunctionRule]:
    """Decorator: a rule that judges each attack (``replay.combat``) once, when it closes — its
    action ends, a phase begins, the game ends — or at the end of the log for one still open.

    ``only``: the attacks the rule is about (e.g. assaults); the others are skipped."""

    def wrap(judge: AttackJudge) -> FunctionRule:
        def check(
            self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
        ) -> Iterable[Finding]:
            if not before.attacks:  # the common case: a plain function, no generator to build
                return ()
            return [f for a in closed_attacks(before, after) if only is None or only(a) for f in judge(self, a, ctx)]

        def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
            return [f for a in final.attacks if only is None or only(a) for f in judge(self, a, ctx)]

        check.__doc__ = judge.__doc__
        return rule(
            rule_id, rule_ref, severity, summary, finish=finish, events=CLOSING_EVENTS, gate=Gate.ATTACK_CLOSED
        )(check)

    return wrap


Steps = tuple[tuple[GameState, Event], ...]
PhaseJudge = Callable[["FunctionRule", Steps, GameState, CheckContext], Iterable[Finding]]


def phase_rule(
    rule_id: str,
    rule_ref: str,
    severity: Severity,
    summary: str,
    *,
    phase: Phase,
) -> Callable[[PhaseJudge], FunctionRule]:
    """Decorator: a rule that judges a whole Draw or End phase once, when it is over — the next phase
    begins — or at the end of the log for the last one.

    The judge gets the phase's steps (``GameState.phase_steps``: its ``PhaseStart`` first, then every
    event with the state before it) and the state at its end. A phase whose start the log does not
    hold (a test that starts inside it) is not judged: what happened before is not known. Nor is a
    last phase the log leaves unfinished (no game end in it): that is one cannot-check."""

    def wrap(judge: PhaseJudge) -> FunctionRule:
        def check(
            self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
        ) -> Iterable[Finding]:
            steps = before.phase_steps
            if not steps or type(event) is not PhaseStart:  # what the gate holds back (called ungated)
                return ()
            start = steps[0][1]
            assert isinstance(start, PhaseStart)
            return judge(self, steps, before, ctx) if start.phase is phase else ()

        def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
            steps = final.phase_steps
            if not steps:
                return ()
            start = steps[0][1]
            assert isinstance(start, PhaseStart)
            if start.phase is not phase:
                return ()
            if not any(type(e) is GameEnd for _s, e in steps):  # a log cut inside the phase: not over
                return (
                    self.finding(
                        final,
                        None,
                        f"The log ends inside the {phase.value} phase of turn {start.turn}, before the phase is over: "
                        "not judged.",
                        severity=Severity.CANNOT_CHECK,
                    ),
                )
            return judge(self, steps, final, ctx)

        check.__doc__ = judge.__doc__
        return rule(rule_id, rule_ref, severity, summary, finish=finish, events=(PhaseStart,), gate=Gate.PHASE_CLOSED)(
            check
        )

    return wrap


@record
class CatalogueEntry:
    """One rule id of a game's catalogue, implemented or not."""

    rule_id: str
    rule_ref: str
    severity: str  # as the catalogue words it, e.g. "illegal", "illegal / suspicious"
    section: str  # catalogue section, e.g. "3.2"
    summary: str = ""  # the game's own one-line summary of the id; "" = the implementing rule's


@record
class Outcome:
    """The result the log supports, and the one it claims, for the report's summary."""

    winner: Side | None  # None: the log does not reach the moment the game's victory rule judges
    claimed: Side | None  # the winner the log itself declares (``GameEnd``), if any
    text: str  # one sentence for the umpire, with the numbers

    @property
    def agrees(self) -> bool | None:
        """Whether the claim matches the result; None when either is missing."""
        if self.winner is None or self.claimed is None:
            return None
        return self.winner is self.claimed


@record
class RulesPackage:
    """A game's rules: its catalogue, the implemented rules, its switches and sequence of play, how to
    read the result from the final state (``outcome``; None for a game without one yet), the
    settings of the shared area-impulse rules it lists (``impulse``), and why a catalogue id that no
    rule implements is not checked (``not_checked``: id → reason, shown by ``sdbp rules``; an id
    without a reason is listed as not checked yet)."""

    game_id: str
    catalogue: tuple[CatalogueEntry, ...]
    rules: tuple[Rule, ...]
    switches: tuple[SwitchSpec, ...]
    make_sequence: Callable[[GameData], SequenceOfPlay]
    outcome: Callable[[GameState, CheckContext], Outcome] | None = None
    impulse: AreaImpulse = PLAIN
    not_checked: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False, compare=False)

    def implemented_ids(self) -> frozenset[str]:
        return frozenset(r.rule_id for r in self.rules)
