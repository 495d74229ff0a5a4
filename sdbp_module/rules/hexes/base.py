"""Rules over hex events: the rule object, what it may read, and a game's package of them.

A ``HexRule`` has the catalogue fields of every rule (``rule_id``, ``rule_ref``, ``severity``,
``summary``) and up to three judges, each returning findings and never raising for a game-level
fault:

- ``check(before, event, after, ctx)`` for each event of the kinds it names (``events``);
- ``close(impulse, steps, state, ctx)`` once per impulse of the card flow (``replay.hexes.flow``),
  when it closes — at the next activation card or turn, or at the end of the log — with the
  impulse's events and the state before each (``steps``) and the state at its close;
- ``finish(final, ctx)`` once, after the last event.

``HexContext`` carries the game, the switches in force, the deck's data and the card flow before
and after the event. ``HexRulesPackage`` is what ``sdbp rules`` lists and ``check_hex_events`` runs.
Game-neutral: what the rules mean is the game package's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from types import MappingProxyType

from sdbp_module.ids import Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.model.playing_cards import PlayingCardsSpec
from sdbp_module.records import record
from sdbp_module.replay.events import END_OF_LOG, Where
from sdbp_module.replay.hexes.events import (
    Activate,
    CardDrawn,
    Declared,
    FireAt,
    HexEvent,
    Hit,
    PassTurn,
    Reshuffle,
    SupportCall,
    TurnStart,
    UnitEliminated,
    UnitMove,
)
from sdbp_module.replay.hexes.flow import ACTS, Flow, Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.base import CatalogueEntry, Outcome
from sdbp_module.rules.findings import Finding, Scalar
from sdbp_module.rules.switches import RuleSet, SwitchSpec

Steps = tuple[tuple[HexState, HexEvent], ...]
"""An impulse's events, each with the state before it."""


@record
class HexContext:
    """What a rule may read besides the states."""

    game: GameData
    rules: RuleSet
    spec: PlayingCardsSpec
    flow: Flow  # the card flow before the event (at a close or the finish: the flow then)
    after: Flow  # and after it

    def switch(self, name: str) -> str:
        return self.rules.get(name)


def acting_side(event: HexEvent | None) -> Side | None:
    """The side an event names (its ``side`` field), if any."""
    return getattr(event, "side", None) if event is not None else None


HexCheck = Callable[["HexRule", HexState, HexEvent, HexState, HexContext], Iterable[Finding]]
ImpulseJudge = Callable[["HexRule", Impulse, Steps, HexState, HexContext], Iterable[Finding]]
HexFinish = Callable[["HexRule", HexState, HexContext], Iterable[Finding]]


@record
class HexRule:
    rule_id: str
    rule_ref: str
    severity: Severity
    summary: str
    check_fn: HexCheck | None = field(default=None, repr=False)
    close_fn: ImpulseJudge | None = field(default=None, repr=False)
    finish_fn: HexFinish | None = field(default=None, repr=False)
    event_types: tuple[type[HexEvent], ...] | None = None  # the events ``check`` judges; None = every event

    def judges(self, event: HexEvent) -> bool:
        return self.check_fn is not None and (self.event_types is None or isinstance(event, self.event_types))

    def check(self, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
        return () if self.check_fn is None else self.check_fn(self, before, event, after, ctx)

    def close(self, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
        return () if self.close_fn is None else self.close_fn(self, impulse, steps, state, ctx)

    def finish(self, final: HexState, ctx: HexContext) -> Iterable[Finding]:
        return () if self.finish_fn is None else self.finish_fn(self, final, ctx)

    def finding(
        self,
        state: HexState,
        event: HexEvent | None,
        message: str,
        *,
        severity: Severity | None = None,
        units: Iterable[UnitId | str] = (),
        hexes: Iterable[str] = (),
        expected: Scalar = None,
        actual: Scalar = None,
        where: Where | None = None,
        side: Side | None = None,
        impulse: int = 0,
    ) -> Finding:
        """A finding of this rule at ``event`` (its position; the end of the log without one), in the
        turn of ``state``; ``impulse`` is the number of the impulse (the finding's ``action``)."""
        return Finding(
            rule_id=self.rule_id,
            rule_ref=self.rule_ref,
            severity=severity or self.severity,
            message=message,
            where=where if where is not None else (event.where if event is not None else END_OF_LOG),
            turn=state.turn,
            phase=None,
            action=impulse,
            side=side if side is not None else acting_side(event),
            units=tuple(UnitId(u) for u in units),
            hexes=tuple(dict.fromkeys(h for h in hexes if h)),
            expected=expected,
            actual=actual,
        )


def hex_rule(
    rule_id: str,
    rule_ref: str,
    severity: Severity,
    summary: str,
    *,
    events: tuple[type[HexEvent], ...] | None = None,
) -> Callable[[HexCheck], HexRule]:
    """Decorator: a rule judging each event of ``events`` (None: every event)."""

    def wrap(fn: HexCheck) -> HexRule:
        return HexRule(rule_id, rule_ref, severity, summary, check_fn=fn, event_types=events)

    return wrap


def impulse_rule(rule_id: str, rule_ref: str, severity: Severity, summary: str) -> Callable[[ImpulseJudge], HexRule]:
    """Decorator: a rule judging each impulse once, when it closes."""

    def wrap(fn: ImpulseJudge) -> HexRule:
        return HexRule(rule_id, rule_ref, severity, summary, close_fn=fn)

    return wrap


__all__ = ["ACTS", "ALL_EVENTS", "HexContext", "HexRule", "HexRulesPackage", "Steps", "acting_side", "hex_rule", "impulse_rule"]

ALL_EVENTS: tuple[type[HexEvent], ...] = (
    TurnStart, Reshuffle, CardDrawn, Activate, PassTurn, UnitMove, FireAt, SupportCall, Hit, UnitEliminated, Declared,
)


@record
class HexRulesPackage:
    """A hex game's rules: its catalogue, the implemented rules, its switches, the box each unit's
    side sends its eliminated units to (``eliminated_box``: game, unit id → box id or None), how to
    read the result (``outcome``), and why a catalogue id no rule implements is not checked."""

    game_id: str
    catalogue: tuple[CatalogueEntry, ...]
    rules: tuple[HexRule, ...]
    switches: tuple[SwitchSpec, ...]
    eliminated_box: Callable[[GameData, str], str | None]
    outcome: Callable[[HexState, HexContext], Outcome] | None = None
    not_checked: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False, compare=False)

    def implemented_ids(self) -> frozenset[str]:
        return frozenset(r.rule_id for r in self.rules)
