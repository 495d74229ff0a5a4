"""JSON report of a check, documented by ``schemas/findings.schema.json`` (``format_version`` 1).

Stable: keys sorted, findings in report order, no timestamps; the same log gives the same bytes.
"""

from __future__ import annotations

import json
from typing import Any

from sdbp_module.codec.identity import BuildId, BuildMatch
from sdbp_module.rules.base import Outcome
from sdbp_module.rules.checker import Report
from sdbp_module.rules.findings import Finding

FORMAT = "sdbp-findings"
FORMAT_VERSION = 1


def finding_to_json(f: Finding) -> dict[str, Any]:
    where: dict[str, Any] = {"file": f.where.file, "index": f.where.index}
    if f.where.line is not None:
        where["line"] = f.where.line
    return {
        "rule_id": f.rule_id,
        "rule_ref": f.rule_ref,
        "severity": f.severity.value,
        "turn": f.turn,
        "phase": f.phase.value if f.phase is not None else None,
        "action": f.action,
        "side": f.side.value if f.side is not None else None,
        "where": where,
        "message": f.message,
        "units": list(f.units),
        "areas": [int(a) for a in f.areas],
        "hexes": list(f.hexes),
        "expected": f.expected,
        "actual": f.actual,
    }


def _result(outcome: Outcome) -> dict[str, Any]:
    return {
        "winner": outcome.winner.value if outcome.winner is not None else None,
        "claimed": outcome.claimed.value if outcome.claimed is not None else None,
        "agrees": outcome.agrees,
        "text": outcome.text,
    }


def _build_id(build: BuildId | None) -> dict[str, str] | None:
    return {"name": build.name, "version": build.version} if build is not None else None


def build_to_json(build: BuildMatch) -> dict[str, Any]:
    """The log's module build against the one it was read with (``codec.identity``)."""
    return {
        "status": build.status.value,
        "warning": build.warns,
        "log": _build_id(build.log),
        "module": _build_id(build.module),
        "message": build.message,
    }


def report_to_json(report: Report) -> dict[str, Any]:
    s = report.summary
    return {
        **({"build": build_to_json(report.build)} if report.build is not None else {}),
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "source": report.source,
        "game": report.game_id,
        "events": report.events,
        "switches": dict(report.switches),
        "rules_checked": list(report.rules_checked),
        "rules_not_checked": list(report.rules_not_checked),
        "summary": {"illegal": s.illegal, "suspicious": s.suspicious, "info": s.info, "cannot-check": s.cannot_check},
        "verdict": "illegal" if s.illegal else "no-illegal",
        **({"result": _result(report.outcome)} if report.outcome is not None else {}),
        "findings": [finding_to_json(f) for f in report.findings],
        **(
            {"unlisted": [{"rule_id": r, "severity": sev.value, "count": n} for r, sev, n in report.unlisted]}
            if report.unlisted
            else {}
        ),
    }


def render_json(report: Report) -> str:
    return json.dumps(report_to_json(report), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
