"""The audit's own outputs: ``summary.json`` (``schemas/audit-summary.schema.json``) and ``index.html``.

Both are renderings of one ``Audit`` value (the settings in force and a result per log, in path
order), so they always agree. Deterministic: no timestamps, no timings, log and report paths relative; the same
folder audited again gives the same bytes, with any number of workers. The index is one
self-contained page (inline CSS, no JavaScript) linking each log's HTML and JSON report.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any
from urllib.parse import quote

from sdbp_module.audit.run import LogResult, LogStatus
from sdbp_module.codec.identity import BuildMatch
from sdbp_module.model.game_data import GameInfo
from sdbp_module.records import record
from sdbp_module.reports.html import CSP
from sdbp_module.rules.base import Outcome
from sdbp_module.rules.findings import Summary

FORMAT = "sdbp-audit-summary"
FORMAT_VERSION = 1
SEVERITIES = ("illegal", "suspicious", "cannot-check", "info")


@record
class Totals:
    logs: int
    checked: int
    unreadable: int
    error: int
    with_illegal: int
    counts: Summary
    other_build: int = 0  # logs of another build of the module, checked with --allow-other-build


@record
class Audit:
    """One audit: the game, what its logs were checked with, and a result per log (sorted by path)."""

    game: GameInfo
    module: str | None  # the module's file name, when one was given
    switches: tuple[tuple[str, str], ...]  # (name, value) in force, sorted
    switch_defaults: Mapping[str, str] = field(compare=False)
    skips: tuple[str, ...]
    pictures: str
    results: tuple[LogResult, ...]

    @property
    def totals(self) -> Totals:
        summaries = [r.summary for r in self.results if r.summary is not None]
        return Totals(
            logs=len(self.results),
            checked=sum(r.status is LogStatus.CHECKED for r in self.results),
            unreadable=sum(r.status is LogStatus.UNREADABLE for r in self.results),
            error=sum(r.status is LogStatus.ERROR for r in self.results),
            with_illegal=sum(r.has_illegal for r in self.results),
            counts=Summary(
                sum(s.illegal for s in summaries),
                sum(s.suspicious for s in summaries),
                sum(s.info for s in summaries),
                sum(s.cannot_check for s in summaries),
            ),
            other_build=sum(r.build is not None and r.build.warns for r in self.results),
        )


def _counts(s: Summary) -> dict[str, int]:
    return {"illegal": s.illegal, "suspicious": s.suspicious, "cannot-check": s.cannot_check, "info": s.info}


def _result(outcome: Outcome) -> dict[str, Any]:
    return {
        "winner": outcome.winner.value if outcome.winner is not None else None,
        "claimed": outcome.claimed.value if outcome.claimed is not None else None,
        "agrees": outcome.agrees,
    }


def row_to_json(r: LogResult) -> dict[str, Any]:
    return {
        "path": r.path,
        "status": r.status.value,
        "error": r.error,
        "events": r.events,
        "counts": _counts(r.summary) if r.summary is not None else None,
        "illegal_rules": list(r.illegal_rules),
        "result": _result(r.outcome) if r.outcome is not None else None,
        "reports": {"json": r.json_report, "html": r.html_report},
        "build": _build(r.build),
    }


def _build(build: BuildMatch | None) -> dict[str, Any] | None:
    if build is None:
        return None
    return {"status": build.status.value, "warning": build.warns, "log_version": build.log.version if build.log is not None else None}


def audit_to_json(audit: Audit) -> dict[str, Any]:
    t = audit.totals
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": {"id": audit.game.id, "title": audit.game.title, "version": audit.game.version},
        "module": audit.module,
        "switches": dict(audit.switches),
        "skips": list(audit.skips),
        "pictures": audit.pictures,
        "totals": {
            "logs": t.logs,
            "checked": t.checked,
            "unreadable": t.unreadable,
            "error": t.error,
            "with_illegal": t.with_illegal,
            "other_build": t.other_build,
            "counts": _counts(t.counts),
        },
        "logs": [row_to_json(r) for r in audit.results],
    }


def render_summary(audit: Audit) -> str:
    """``summary.json``: keys sorted, rows in path order."""
    return json.dumps(audit_to_json(audit), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


# -- index.html -------------------------------------------------------------------------------------

_CSS = """
body { font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; margin: 1.5em auto; max-width: 80em; padding: 0 1em; }
h1 { font-size: 1.5em; margin: 0 0 .3em; }
.meta { color: #555; margin: .2em 0; }
.totals { display: flex; flex-wrap: wrap; gap: .5em; margin: 1em 0; padding: 0; list-style: none; }
.totals li { border: 1px solid #ccc; border-radius: 4px; padding: .3em .7em; background: #fafafa; }
.totals b { font-size: 1.2em; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: .35em .5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; position: sticky; top: 0; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.illegal td.log { border-left: 4px solid #b00020; }
tr.unreadable td.log, tr.error td.log { border-left: 4px solid #6a1b9a; }
.sev-illegal { color: #b00020; font-weight: bold; }
.sev-suspicious { color: #b36b00; font-weight: bold; }
.sev-cannot-check { color: #555; }
.zero { color: #aaa; font-weight: normal; }
.status-unreadable, .status-error { color: #6a1b9a; font-weight: bold; }
.differs { color: #b00020; font-weight: bold; }
.other-build { color: #b00020; font-weight: bold; }
.build-banner { margin: 1em 0; padding: .7em 1em; border: 3px solid #b00020; border-radius: 4px; background: #fdecea; color: #b00020; }
code { font-size: .92em; white-space: nowrap; }
.message { font-family: ui-monospace, monospace; font-size: .9em; white-space: pre-wrap; word-break: break-word; }
@media print { body { max-width: none; margin: 0; font-size: 11px; } th { position: static; } a { color: inherit; text-decoration: none; } }
""".strip()


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _href(path: str) -> str:
    """A report path (relative, '/') as a link from the index, beside it in the output folder."""
    return _e(quote(path, safe="/"))


def _result_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return "—"
    if outcome.winner is None:
        text = "not reached (the log stops before victory is judged)"
        if outcome.claimed is not None:
            text += f"; declared: {outcome.claimed.label}"
        return _e(text)
    text = _e(f"{outcome.winner.label} win")
    if outcome.claimed is None:
        return text + " (none declared)"
    if outcome.agrees:
        return text + " (as declared)"
    return text + f' <span class="differs">— the log declares {_e(outcome.claimed.label)}</span>'


def _count(n: int, severity: str) -> str:
    cls = f"sev-{severity}" if n else "zero"
    return f'<td class="n"><span class="{cls}">{n}</span></td>'


def _row(r: LogResult) -> str:
    cls = r.status.value if r.status is not LogStatus.CHECKED else ("illegal" if r.has_illegal else "legal")
    name = _e(r.path)
    log = f'<a href="{_href(r.html_report)}">{name}</a>' if r.html_report is not None else name
    cells = [f'<td class="log">{log}</td>']
    if r.summary is None:
        status = f'<span class="status-{r.status.value}">{r.status.value}</span>'
        cells.append(f'<td>{status}</td><td colspan="6" class="message">{_e(r.error or "")}</td>')
        return f'<tr class="{cls}">' + "".join(cells) + "</tr>"
    s = r.summary
    result = _result_text(r.outcome)
    if r.build is not None and r.build.warns:
        result = f'<span class="other-build" title="{_e(r.build.message)}">ANOTHER BUILD ({_e(r.build.log.version if r.build.log else "?")})</span> ' + result
    if r.status is not LogStatus.CHECKED:
        result = f'<span class="status-{r.status.value}">{r.status.value}</span>: <span class="message">{_e(r.error or "")}</span>'
    cells.append(f"<td>{result}</td>")
    cells += [_count(s.illegal, "illegal"), _count(s.suspicious, "suspicious"), _count(s.cannot_check, "cannot-check"), _count(s.info, "info")]
    cells.append("<td>" + ", ".join(f"<code>{_e(rule)}</code>" for rule in r.illegal_rules) + "</td>")
    links = []
    if r.html_report is not None:
        links.append(f'<a href="{_href(r.html_report)}">HTML</a>')
    if r.json_report is not None:
        links.append(f'<a href="{_href(r.json_report)}">JSON</a>')
    cells.append("<td>" + " · ".join(links) + "</td>")
    return f'<tr class="{cls}">' + "".join(cells) + "</tr>"


def _settings(audit: Audit) -> str:
    changed = [f"{name}={value}" for name, value in audit.switches if audit.switch_defaults.get(name) != value]
    bits = [f"Switches: {_e(', '.join(changed)) if changed else 'defaults'}"]
    bits.append(f"rules skipped: {_e(', '.join(audit.skips))}" if audit.skips else "no rule skipped")
    bits.append(f"pictures: {_e(audit.pictures)}")
    return "; ".join(bits)


def _totals(audit: Audit) -> str:
    t = audit.totals
    items = [
        f"<li><b>{t.logs}</b> logs</li>",
        f"<li><b>{t.checked}</b> checked</li>",
        f'<li><b class="{"sev-illegal" if t.with_illegal else "zero"}">{t.with_illegal}</b> with illegal findings</li>',
        f'<li><b class="{"status-unreadable" if t.unreadable else "zero"}">{t.unreadable}</b> unreadable</li>',
        f'<li><b class="{"status-error" if t.error else "zero"}">{t.error}</b> errors</li>',
    ]
    if t.other_build:
        items.append(f'<li><b class="other-build">{t.other_build}</b> of another build</li>')
    c = t.counts
    findings = " · ".join(
        f'<span class="{f"sev-{sev}" if n else "zero"}">{n}</span> {sev}'
        for sev, n in (("illegal", c.illegal), ("suspicious", c.suspicious), ("cannot-check", c.cannot_check), ("info", c.info))
    )
    items.append(f"<li>findings: {findings}</li>")
    return '<ul class="totals">' + "".join(items) + "</ul>"


def _build_banner(audit: Audit) -> list[str]:
    """A banner over the table when logs of another build were checked (``--allow-other-build``)."""
    others = [r for r in audit.results if r.build is not None and r.build.warns]
    if not others:
        return []
    return [
        f'<div class="build-banner" role="alert"><strong>WARNING: {len(others)} of these logs '
        f'{"was" if len(others) == 1 else "were"} written with another build of the module</strong> (checked with '
        "--allow-other-build): their positions, pieces and report lines are read through this build's zones and "
        "definitions, so their findings may be misreadings. They are marked ANOTHER BUILD below.</div>"
    ]


def render_index(audit: Audit) -> str:
    """``index.html``: the totals, then a row per log (result, counts, rules broken, links to its reports), the
    unreadable ones with their message."""
    g = audit.game
    title = f"sdbp audit — {len(audit.results)} logs of {g.title}"
    module = f"module {_e(audit.module)}" if audit.module is not None else "no module given (positions read from the game data)"
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>",
        f"<style>\n{_CSS}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        f'<p class="meta">Game {_e(g.id)} ({_e(g.title)}, version {_e(g.version)}); {module}.</p>',
        f'<p class="meta">{_settings(audit)}.</p>',
        *_build_banner(audit),
        _totals(audit),
    ]
    table = [
        "<table>",
        "<thead><tr><th>Log</th><th>Result</th><th>Illegal</th><th>Suspicious</th><th>Cannot check</th><th>Info</th>"
        "<th>Rules broken</th><th>Reports</th></tr></thead>",
        "<tbody>",
        *(_row(r) for r in audit.results),
        "</tbody>",
        "</table>",
    ]
    tail = ["</body>", "</html>"]
    return "\n".join([*head, *table, *tail]) + "\n"


def make_audit(
    game: GameInfo,
    results: Sequence[LogResult],
    *,
    module: str | None,
    switches: Mapping[str, str],
    switch_defaults: Mapping[str, str],
    skips: Sequence[str],
    pictures: str,
) -> Audit:
    """An ``Audit`` value, its results sorted by path."""
    return Audit(
        game=game,
        module=module,
        switches=tuple(sorted(switches.items())),
        switch_defaults=dict(switch_defaults),
        skips=tuple(skips),
        pictures=pictures,
        results=tuple(sorted(results, key=lambda r: r.path)),
    )
