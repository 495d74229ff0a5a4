"""Findings: what a rule says about one logged event. Collected, never raised.

A finding names the rule (stable id and rulebook reference), its severity, where the game was
(turn, phase, action, side) and where the log said it (``Where``), one sentence with the numbers,
and the units and areas (or, on a hex map, the hexes) involved. ``expected``/``actual`` carry small values for tools: what the rule
wanted and what the log shows, never the same value (an equal pair is dropped).
Game-neutral: the rule ids and references come from a game's rules package.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.ids import AreaId, Phase, Severity, Side, UnitId
from sdbp_module.records import record
from sdbp_module.replay.events import END_OF_LOG, NOWHERE, Where

Scalar = int | str | bool | None

SEVERITY_ORDER = {Severity.ILLEGAL: 0, Severity.SUSPICIOUS: 1, Severity.CANNOT_CHECK: 2, Severity.INFO: 3}


@record
class Finding:
    """One verdict of a rule on a log: the rule, its severity, the message, and where and when in the game."""

    rule_id: str
    rule_ref: str
    severity: Severity
    message: str
    where: Where = NOWHERE
    turn: int = 0
    phase: Phase | None = None
    action: int = 0
    side: Side | None = None
    units: tuple[UnitId, ...] = ()
    areas: tuple[AreaId, ...] = ()
    hexes: tuple[str, ...] = ()  # the hexes (or off-map box places) of a hex-map game the finding concerns
    expected: Scalar = None
    actual: Scalar = None

    def __post_init__(self) -> None:
        # a finding reports a difference: an equal pair names no difference and would read as a contradiction
        # ("expected 12, actual 12"), so it is dropped (tests fail on a rule that makes one: tests/conftest.py)
        if self.expected is not None and self.expected == self.actual:
            object.__setattr__(self, "expected", None)
            object.__setattr__(self, "actual", None)

    @property
    def sort_key(self) -> tuple[bool, str, int, str]:
        """(log position, rule id); findings judged at the end of the log come last."""
        return (self.where == END_OF_LOG, self.where.file, self.where.index, self.rule_id)


def sort_findings(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Stable order for reports: by log position, then rule id (equal keys keep their order)."""
    return tuple(sorted(findings, key=lambda f: f.sort_key))


@record
class Summary:
    """How many findings of each severity a report holds."""

    illegal: int
    suspicious: int
    info: int
    cannot_check: int

    @staticmethod
    def of(findings: Iterable[Finding]) -> Summary:
        counts = {s: 0 for s in Severity}
        for f in findings:
            counts[f.severity] += 1
        return Summary(
            counts[Severity.ILLEGAL],
            counts[Severity.SUSPICIOUS],
            counts[Severity.INFO],
            counts[Severity.CANNOT_CHECK],
        )

    def plus(self, counted: Iterable[tuple[str, Severity, int]]) -> Summary:
        """These counts and ``counted``'s (rule id, severity, count), e.g. a report's unlisted findings."""
        extra = {s: 0 for s in Severity}
        for _, severity, n in counted:
            extra[severity] += n
        if not any(extra.values()):
            return self
        return Summary(
            self.illegal + extra[Severity.ILLEGAL],
            self.suspicious + extra[Severity.SUSPICIOUS],
            self.info + extra[Severity.INFO],
            self.cannot_check + extra[Severity.CANNOT_CHECK],
        )
