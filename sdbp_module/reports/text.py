"""Text report of a check: findings grouped by turn, one block per finding, then a summary line.

No logic beyond layout: the report's findings are already sorted (log position, rule id). The text is
for a terminal: control characters that came with the log (in a file name, a unit id of an events
file) are shown as ``\\x1b`` escapes (``reports.terminal``), so a log cannot drive the terminal it is read on.
"""

from __future__ import annotations

from sdbp_module.codec.identity import BuildMatch
from sdbp_module.errors import one_line
from sdbp_module.replay.events import END_OF_LOG
from sdbp_module.reports.terminal import printable
from sdbp_module.rules.checker import Report
from sdbp_module.rules.findings import Finding


def _heading(f: Finding) -> str:
    if f.where == END_OF_LOG:
        return "End of log"
    if f.turn == 0:
        return "Set-up"
    return f"Turn {f.turn}"


def context_words(f: Finding) -> list[str]:
    """The phase, action and side a finding happened in, as words ("action phase", "action 3", a side's label)."""
    bits = []
    if f.phase is not None:
        bits.append(f"{f.phase.value} phase")
    if f.action:
        bits.append(f"action {f.action}")
    if f.side is not None:
        bits.append(f.side.label)
    return bits


def _context(f: Finding) -> str:
    return "" if f.where == END_OF_LOG else ", ".join(context_words(f))


def format_finding(f: Finding) -> list[str]:
    where = "end of log" if f.where == END_OF_LOG else one_line(str(f.where))
    context = _context(f)
    head = f"  {where}: {f.severity.value}: {f.rule_id} ({f.rule_ref})"
    if context:
        head += f" [{context}]"
    lines = [head, f"      {f.message}"]
    details = []
    if f.units:
        details.append("units " + " ".join(f.units))
    if f.areas:
        details.append("areas " + " ".join(str(a) for a in f.areas))
    if f.hexes:
        details.append("hexes " + " ".join(f.hexes))
    if f.expected is not None or f.actual is not None:
        details.append(f"expected {f.expected}, actual {f.actual}")
    if details:
        lines.append("      " + "; ".join(details))
    return lines


def unlisted_sentence(report: Report) -> str | None:
    """What a report says of the findings it does not list (``limits.MAX_FINDINGS_LISTED``), or None."""
    if not report.unlisted:
        return None
    n = report.unlisted_count
    each = ", ".join(f"{count:,} {severity.value} {rule_id}" for rule_id, severity, count in report.unlisted)
    return (
        f"{n:,} more finding{'s are' if n != 1 else ' is'} not listed: a report lists {len(report.findings):,}, the most "
        f"serious first, then the earliest; the counts below include them all ({each})."
    )


def build_lines(build: BuildMatch | None) -> list[str]:
    """What the report says about the log's module build: a banner when it is another build (checked
    anyway), else one line (the build it was written with, or why that cannot be told)."""
    if build is None:
        return []
    if build.warns:
        return [
            "!" * 100,
            "!! WARNING: THIS LOG WAS WRITTEN WITH ANOTHER BUILD OF THE MODULE (checked with --allow-other-build)",
            f"!! {one_line(build.message)}.",
            "!" * 100,
        ]
    return [f"Module build: {one_line(build.message)}."]


def render_text(report: Report) -> str:
    lines = build_lines(report.build) if report.build is not None and report.build.warns else []
    lines.append(
        f"sdbp check {one_line(report.source)}: game {report.game_id}, {report.events} events, "
        f"{len(report.rules_checked)} rules checked"
    )
    if report.build is not None and not report.build.warns:
        lines += build_lines(report.build)
    if report.rules_not_checked:
        lines.append(
            f"Not checked: {len(report.rules_not_checked)} rules of the catalogue "
            "(`sdbp rules` lists them); no finding here means nothing about those rules."
        )
    changed = [f"{k}={v}" for k, v in report.switches if v != report.switch_defaults.get(k)]
    lines.append("Switches: " + (", ".join(changed) if changed else "defaults"))
    heading = None
    for f in report.findings:
        h = _heading(f)
        if h != heading:
            lines.append("")
            lines.append(h)
            heading = h
        lines.extend(format_finding(f))
    unlisted = unlisted_sentence(report)
    if unlisted is not None:
        lines += ["", unlisted]
    s = report.summary
    lines.append("")
    if report.outcome is not None:
        agree = {True: " (the claim agrees)", False: " (the claim DIFFERS)", None: ""}[report.outcome.agrees]
        none = "none. " if report.outcome.winner is None else ""
        lines.append(f"Result: {none}{report.outcome.text}{agree}")
    lines.append(
        f"{s.illegal} illegal, {s.suspicious} suspicious, {s.cannot_check} cannot-check, {s.info} info"
        + (" — the log breaks the rules." if s.illegal else " — no illegal finding.")
        + (" WARNING: a log of another build of the module; findings may be misreadings." if report.build is not None and report.build.warns else "")
    )
    return printable("\n".join(lines) + "\n")
