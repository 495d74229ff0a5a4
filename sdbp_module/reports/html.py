"""HTML report of a check: one self-contained page an umpire opens offline, with the board at each finding.

The page holds everything: CSS inline, pictures as ``data:`` URIs, no JavaScript, and a
Content-Security-Policy (``CSP``) that lets the browser load and run nothing else. At the top the log,
the game, the switches in force (changed ones marked), the summary counts in their colours, the result
the log supports and the rules not checked; a table of contents (each turn and phase, each illegal
finding); then the findings grouped under the text report's headings (Set-up, Turn N — Action phase,
End of log). Each finding is a block ``id="f-<n>"`` (``n`` counts from 1 in report order, the order of
the JSON report's ``findings``) with its severity, rule id and reference, the rule's own words, the
message, units, areas, expected/actual, the log position, the ``sdbp show`` command that draws that
board, and, when the picture policy gives it one, the picture (``reports.pictures``): embedded once, in
the block of the first finding that shows it; a later finding of the same view (or of a picture with the
very same bytes) links to that block instead, so neither the page nor its print repeats a board.

Layout only, like ``reports.text``: every string is escaped here (``html.escape``) and nothing reads
the clock, so the same check gives the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import html
import shlex
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import field
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from sdbp_module import __version__
from sdbp_module.games import DEFAULT_GAME
from sdbp_module.ids import Severity
from sdbp_module.limits import MAX_PICTURES
from sdbp_module.records import record
from sdbp_module.replay.events import END_OF_LOG, NOWHERE, Where
from sdbp_module.reports.pictures import (
    GivenPictures,
    HexPainter,
    LazyPictures,
    Painter,
    Picture,
    Pictures,
    board_painter,
    wants_picture,
)
from sdbp_module.reports.text import context_words, unlisted_sentence
from sdbp_module.rules.findings import Finding

if TYPE_CHECKING:
    from sdbp_module.rules.commands import Checked

SEVERITIES = (Severity.ILLEGAL, Severity.SUSPICIOUS, Severity.CANNOT_CHECK, Severity.INFO)
"""The summary's order."""

CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
"""The pages' Content-Security-Policy: nothing is fetched, nothing runs (no script, no frame, no font or
image from anywhere but the page's own ``data:`` pictures), whatever text from a log ends up in them."""


def render_html_report(
    checked: Checked,
    *,
    pictures: str = "all",
    images_dir: Path | None = None,
    painter: Painter | HexPainter | None = None,
) -> str:
    """The report of ``checked`` as one HTML page; ``pictures`` is the picture policy (all, serious, none).

    ``painter`` draws the pictures (default: ``board.draw.BoardPainter`` for the checked game and
    module, made only when some finding gets a picture)."""
    return "".join(html_report_chunks(checked, pictures=pictures, images_dir=images_dir, painter=painter))


def html_report_chunks(
    checked: Checked,
    *,
    pictures: str = "all",
    images_dir: Path | None = None,
    painter: Painter | HexPainter | None = None,
) -> Iterator[str]:
    """``render_html_report`` as pieces of text to write as they come: each picture is drawn when its
    finding is written and let go after it (``reports.pictures.LazyPictures``), so the page of a report
    of many findings is never held whole, nor its pictures."""
    wanted = any(wants_picture(f, pictures) for f in checked.report.findings)
    if wanted and painter is None:
        painter = board_painter(checked, images_dir)
    source: Pictures = (
        LazyPictures(checked, pictures, painter) if wanted and painter is not None else GivenPictures({})
    )
    return page_chunks(checked, source, policy=pictures)


def html_page(checked: Checked, pictures: Mapping[int, Picture], *, policy: str = "all") -> str:
    """The page of ``checked`` with the given pictures (finding index → picture)."""
    return "".join(page_chunks(checked, GivenPictures(pictures), policy=policy))


def page_chunks(checked: Checked, pictures: Pictures, *, policy: str = "all") -> Iterator[str]:
    """The page of ``checked`` in pieces, its pictures asked of ``pictures`` finding by finding."""
    report = checked.report
    name = PurePath(report.source).name
    page_title = f"{name} — {checked.game.game.title}: sdbp check"
    groups = _groups(report.findings)
    page = _Page(checked, pictures)
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="generator" content="sdbp ' + _e(__version__) + '">',
        f"<title>{_e(page_title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        '<div class="page">',
        _build_banner(checked),
        _header(checked, name),
        _contents(checked, groups),
        "<main>",
    ]
    yield "\n".join(p for p in head if p)
    for title, anchor, members in groups:
        yield "\n"
        yield from _group(page, title, anchor, members)
    tail = [_no_findings(checked), "</main>", _footer(checked, pictures, policy, len(page.embedded)), "</div>", "</body>", "</html>"]
    yield "\n" + "\n".join(p for p in tail if p) + "\n"


# -- the top of the page ---------------------------------------------------------------------------


def _header(checked: Checked, name: str) -> str:
    report = checked.report
    game = checked.game.game
    s = report.summary
    facts = [
        ("Log", f"<code>{_e(report.source)}</code>"),
        ("Game", f"{_e(game.title)} <span class=\"muted\">({_e(game.id)}, version {_e(game.version)})</span>"),
    ]
    if checked.module is not None:
        facts.append(("Module", f"<code>{_e(str(checked.module))}</code>"))
    if report.build is not None and not report.build.warns:
        facts.append(("Module build", _e(report.build.message)))
    facts.append(("Events", f"{report.events}"))
    facts.append(("Rules checked", f"{len(report.rules_checked)}"))
    if s.illegal:
        verdict = f'<p class="verdict bad">The log breaks the rules: {_plural(s.illegal, "illegal finding")}.</p>'
    elif s.suspicious:
        verdict = f'<p class="verdict warn">No illegal finding; {_plural(s.suspicious, "suspicious finding")} to look at.</p>'
    else:
        verdict = '<p class="verdict good">No illegal finding.</p>'
    counts = {
        Severity.ILLEGAL: s.illegal,
        Severity.SUSPICIOUS: s.suspicious,
        Severity.CANNOT_CHECK: s.cannot_check,
        Severity.INFO: s.info,
    }
    boxes = "".join(
        f'<div class="count {sev.value}{" zero" if counts[sev] == 0 else ""}">'
        f'<span class="n">{counts[sev]}</span><span class="label">{_e(sev.value)}</span></div>'
        for sev in SEVERITIES
    )
    lines = [
        "<header>",
        f'<p class="kicker">sdbp check — umpire\'s report</p><h1>{_e(name)}</h1>',
        '<dl class="facts">' + "".join(f"\n<dt>{k}</dt> <dd>{v}</dd>" for k, v in facts) + "</dl>",
        '<section class="summary" aria-label="Summary">',
        verdict,
        f'<div class="counts">{boxes}</div>',
        _result(checked),
        "</section>",
        _switches(checked),
        _not_checked(checked),
        "</header>",
    ]
    return "\n".join(line for line in lines if line)


def build_banner_html(message: str) -> str:
    """The banner on top of a report (and of the audit's index) of a log of another build."""
    return (
        '<div class="build-banner" role="alert"><strong>WARNING: this log was written with another build of the '
        f"module</strong> (checked with --allow-other-build): {_e(message)}.</div>"
    )


def _build_banner(checked: Checked) -> str:
    build = checked.report.build
    return build_banner_html(build.message) if build is not None and build.warns else ""


def _result(checked: Checked) -> str:
    outcome = checked.report.outcome
    if outcome is None:
        return ""
    if outcome.agrees is True:
        claim = ' <span class="agree">The claim agrees.</span>'
    elif outcome.agrees is False:
        claim = ' <span class="differs">The claim DIFFERS.</span>'
    else:
        claim = ""
    winner = f"{outcome.winner.label} win" if outcome.winner is not None else "none"
    return f'<p class="result"><strong>Result: {_e(winner)}.</strong> {_e(outcome.text)}{claim}</p>'


def _switches(checked: Checked) -> str:
    report = checked.report
    specs = {s.name: s for s in checked.package.switches}
    changed = [name for name, value in report.switches if value != report.switch_defaults.get(name)]
    rows = []
    for name, value in report.switches:
        default = report.switch_defaults.get(name)
        spec = specs.get(name)
        amb = f' <span class="muted">{_e(spec.amb)}</span>' if spec is not None else ""
        if name in changed:
            rows.append(
                f'<li class="changed"><code>{_e(name)}</code> = <strong>{_e(value)}</strong>{amb} '
                f'<span class="tag">changed</span> <span class="muted">default {_e(str(default))}</span></li>'
            )
        else:
            rows.append(f"<li><code>{_e(name)}</code> = {_e(value)}{amb}</li>")
    head = f"{len(changed)} of {len(report.switches)} changed" if changed else "all defaults"
    return (
        f'<section class="switches"><h2 class="small">Switches in force <span class="muted">({head})</span></h2>'
        f'<ul class="switch-list">{"".join(rows)}</ul></section>'
    )


def _not_checked(checked: Checked) -> str:
    report = checked.report
    implemented = checked.package.implemented_ids()
    if not report.rules_not_checked:
        return '<p class="not-checked">Every rule of the catalogue was checked.</p>'
    skipped = [r for r in report.rules_not_checked if r in implemented]
    missing = [r for r in report.rules_not_checked if r not in implemented]
    bits = []
    if skipped:
        bits.append(f"left out (<code>--skip</code>): {_codes(skipped)}")
    if missing:
        bits.append(f"not implemented yet: {_codes(missing)}")
    return (
        f'<p class="not-checked"><strong>{_plural(len(report.rules_not_checked), "rule")} not checked</strong> — '
        "no finding here means nothing about them; " + "; ".join(bits) + ".</p>"
    )


def _contents(checked: Checked, groups: Sequence[Group]) -> str:
    findings = checked.report.findings
    if not findings:
        return ""
    items = []
    for title, anchor, members in groups:
        chips = "".join(
            f'<span class="chip {sev.value}">{n} {_e(sev.value)}</span>'
            for sev in SEVERITIES
            if (n := sum(1 for _, f in members if f.severity is sev))
        )
        items.append(f'<li><a href="#{anchor}">{_e(title)}</a> {chips}</li>')
    illegal = [(i, f) for i, f in enumerate(findings) if f.severity is Severity.ILLEGAL]
    if illegal:
        rows = "".join(
            f'<li><a href="#{_finding_id(i)}"><span class="pos">{_e(_position(f.where))}</span> '
            f"<code>{_e(f.rule_id)}</code></a> <span class=\"msg\">{_e(f.message)}</span></li>"
            for i, f in illegal
        )
        serious = f'<h3>Illegal findings</h3><ol class="toc-illegal">{rows}</ol>'
    else:
        serious = '<h3>Illegal findings</h3><p class="muted">None.</p>'
    return (
        '<nav class="toc" aria-label="Contents"><h2 class="small">Contents</h2>'
        f'<div class="toc-cols"><div><h3>Turns</h3><ul class="toc-groups">{"".join(items)}</ul></div>'
        f"<div>{serious}</div></div></nav>"
    )


# -- the findings ------------------------------------------------------------------------------------

Group = tuple[str, str, list[tuple[int, Finding]]]
"""A heading, its anchor, and the findings under it (index in the report, finding)."""


def heading(f: Finding) -> str:
    """The heading a finding is listed under: Set-up, Turn N — Action phase, End of log."""
    if f.where == END_OF_LOG:
        return "End of log"
    if f.turn == 0:
        return "Set-up"
    if f.phase is None:
        return f"Turn {f.turn}"
    return f"Turn {f.turn} — {f.phase.value.capitalize()} phase"


def _anchor(f: Finding) -> str:
    if f.where == END_OF_LOG:
        return "end-of-log"
    if f.turn == 0:
        return "set-up"
    return f"turn-{f.turn}" + (f"-{f.phase.value}" if f.phase is not None else "")


def _groups(findings: Sequence[Finding]) -> list[Group]:
    """Runs of findings under the same heading, in report order (an anchor seen again gets a suffix)."""
    groups: list[Group] = []
    seen: dict[str, int] = {}
    for i, f in enumerate(findings):
        h = heading(f)
        if not groups or groups[-1][0] != h:
            base = _anchor(f)
            seen[base] = seen.get(base, 0) + 1
            anchor = base if seen[base] == 1 else f"{base}-{seen[base]}"
            groups.append((h, anchor, []))
        groups[-1][2].append((i, f))
    return groups


@record(slots=False)
class _Page:
    """What every finding block reads: the check, its pictures, the rules' words."""

    checked: Checked
    pictures: Pictures
    words: Mapping[str, str] = field(init=False)
    embedded: dict[str, int] = field(init=False)  # SHA-256 of each picture embedded → its finding index
    embedded_by: dict[int, int] = field(init=False)  # finding index → the finding whose block shows its picture

    def __post_init__(self) -> None:
        words = {r.rule_id: str(getattr(r, "summary", "")) for r in self.checked.package.rules}
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "embedded", {})
        object.__setattr__(self, "embedded_by", {})

    def shown_at(self, index: int, picture: Picture) -> int:
        """The finding whose block embeds ``picture``: ``index`` itself the first time these bytes come,
        else the finding that embedded them before (the page links to it)."""
        first = self.pictures.first_use(index)
        if first != index and first in self.embedded_by:
            return self.embedded_by[first]
        digest = hashlib.sha256(picture.data).hexdigest()
        shown = self.embedded.setdefault(digest, index)
        self.embedded_by[index] = shown
        return shown


def _group(page: _Page, title: str, anchor: str, members: list[tuple[int, Finding]]) -> Iterator[str]:
    yield f'<section class="group" id="{anchor}">\n<h2>{_e(title)}</h2>\n'
    for n, (i, f) in enumerate(members):
        yield ("\n" if n else "") + _finding(page, i, f)
    yield "\n</section>"


def _finding(page: _Page, index: int, f: Finding) -> str:
    game = page.checked.game
    words = page.words.get(f.rule_id, "")
    context = _context(f)
    head = (
        f'<div class="head"><span class="sev">{_e(f.severity.value)}</span> '
        f'<code class="rule">{_e(f.rule_id)}</code> <span class="ref">({_e(f.rule_ref)})</span> '
        f'<a class="pos" href="#{_finding_id(index)}" title="Log position">{_e(_position(f.where))}</a></div>'
    )
    parts = [f'<article class="finding {f.severity.value}" id="{_finding_id(index)}">', head]
    if context:
        parts.append(f'<p class="context">{_e(context)}</p>')
    if words:
        parts.append(f'<p class="words"><span class="muted">The rule:</span> {_e(words)}</p>')
    parts.append(f'<p class="message">{_e(f.message)}</p>')
    details = []
    if f.units:
        names = ", ".join(
            f"<code>{_e(u)}</code>" + (f" {_e(game.unit(u).name)}" if game.has_unit(u) else "") for u in f.units
        )
        details.append(("Units", names))
    if f.areas:
        names = ", ".join(
            f"<b>{int(a)}</b>" + (f" {_e(game.area(a).name)}" if game.has_area(a) else "") for a in f.areas
        )
        details.append(("Areas", names))
    if f.hexes:
        details.append(("Hexes", ", ".join(f"<b>{_e(h)}</b>" for h in f.hexes)))
    if f.expected is not None or f.actual is not None:
        details.append(("Expected", _e(_scalar(f.expected))))
        details.append(("Actual", _e(_scalar(f.actual))))
    if details:
        parts.append('<dl class="details">' + "".join(f"\n<dt>{k}</dt> <dd>{v}</dd>" for k, v in details) + "</dl>")
    command = _e(show_command(page.checked, f))
    parts.append(f'<p class="cmd"><span class="muted">The board there:</span> <code>{command}</code></p>')
    picture = page.pictures.get(index)
    if picture is not None:
        first = page.shown_at(index, picture)
        parts.append(_figure(f, picture) if first == index else _same_board(first))
    parts.append("</article>")
    return "\n".join(parts)


def _figure(f: Finding, picture: Picture) -> str:
    src = f"data:{picture.mime};base64," + base64.b64encode(picture.data).decode("ascii")
    marks = [kind for kind, present in (("areas", f.areas), ("hexes", f.hexes), ("units", f.units)) if present]
    what = "The cards" if picture.alt.startswith("Cards") else "The board"
    text = f"{what} at {_position(f.where)}" + (f", the finding's {' and '.join(marks)} marked." if marks else ".")
    return (
        f'<figure><img src="{src}" alt="{_e(picture.alt)}" width="{picture.width}" height="{picture.height}" '
        f'loading="lazy" decoding="async"><figcaption>{_e(text)}</figcaption></figure>'
    )


def _same_board(first: int) -> str:
    """A finding whose picture a finding above already shows: a link to it, not the picture again
    (a page, and its print, holds each picture once)."""
    return (
        f'<p class="same-board"><span class="muted">Picture:</span> the same as '
        f'<a href="#{_finding_id(first)}">finding {first + 1}</a>\'s (same view).</p>'
    )


def _no_findings(checked: Checked) -> str:
    unlisted = unlisted_sentence(checked.report)
    if unlisted is not None:
        return f'<p class="none">{_e(unlisted)}</p>'
    if checked.report.findings:
        return ""
    return '<p class="none">No finding: every rule checked found the log legal.</p>'


def _footer(checked: Checked, pictures: Pictures, policy: str, n: int) -> str:
    """The page's last words; ``n``: the pictures it embeds (each once)."""
    note = {
        "all": "every finding has a picture",
        "serious": "illegal and suspicious findings have a picture",
        "none": "no pictures (<code>--pictures none</code>)",
    }.get(policy, "")
    if pictures.left_out:
        note += (
            f", but for {_plural(pictures.left_out, 'finding')} past the {MAX_PICTURES} boards a report draws "
            "(the most serious findings' first): the <code>sdbp show</code> command under each draws its board"
        )
    return (
        f'<footer><p>sdbp {_e(__version__)} · {len(checked.report.findings)} findings, '
        f"{_plural(n, 'picture')}{' — ' + note if note else ''}. "
        "Pictures: the areas concerned are outlined, the units concerned ringed, and the step's moves, fire, "
        "assaults and retreats drawn as arrows; spent units show their pale face; a card rule's finding shows "
        "its side's cards, the card concerned framed. Each picture is shown once: a finding of the same view "
        "links to it.</p></footer>"
    )


# -- small pieces ------------------------------------------------------------------------------------


def show_command(checked: Checked, f: Finding) -> str:
    """The ``sdbp show`` command line that draws the board of ``f``'s position."""
    at = {END_OF_LOG: "end", NOWHERE: "start"}.get(f.where, _position(f.where))
    words = ["sdbp", "show", checked.report.source, "--at", at]
    if checked.data_dir is not None and checked.game.game.id != DEFAULT_GAME:  # the default game's data is found without it
        words += ["--data", str(checked.data_dir)]
    if checked.module is not None:
        words += ["--module", str(checked.module)]
    words += ["-o", "board.png"]
    return shlex.join(words)


def _context(f: Finding) -> str:
    if f.where == END_OF_LOG:
        return "Judged at the end of the log"
    return ", ".join(([f"Turn {f.turn}"] if f.turn else []) + context_words(f))


def _position(where: Where) -> str:
    """A log position as the findings give it, with the log's file name only (``planted.vlog#7``)."""
    if where == END_OF_LOG:
        return "end of log"
    if where == NOWHERE:
        return "start of log"
    name = PurePath(where.file).name
    return f"{name}:{where.line}" if where.line is not None else f"{name}#{where.index}"


def _finding_id(index: int) -> str:
    return f"f-{index + 1}"


def _scalar(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _codes(ids: Sequence[str]) -> str:
    return ", ".join(f"<code>{_e(i)}</code>" for i in ids)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _e(text: str) -> str:
    return html.escape(text, quote=True)


CSS = """
:root{--ink:#1f2328;--muted:#5d6470;--line:#d8dbe0;--tint:#f3f4f6;--paper:#fff;--link:#1a5fb4}
.illegal{--c:#b3261e;--bg:#fdecea}.suspicious{--c:#a35200;--bg:#fff3e0}
.cannot-check{--c:#5b4a9e;--bg:#efebf8}.info{--c:#2f6690;--bg:#e8f1f8}
*{box-sizing:border-box}
html{background:var(--tint)}
body{margin:0;color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif}
.page{max-width:1100px;margin:0 auto;padding:20px 32px 40px;background:var(--paper);min-height:100vh}
a{color:var(--link)}
code{font:13px/1.3 ui-monospace,"SFMono-Regular",Menlo,Consolas,"DejaVu Sans Mono",monospace}
.muted{color:var(--muted)}
.kicker{margin:0;color:var(--muted);font-size:13px;text-transform:uppercase;letter-spacing:.06em}
h1{margin:2px 0 10px;font-size:28px}
h2{margin:28px 0 8px;font-size:20px;border-bottom:2px solid var(--ink);padding-bottom:3px}
h2.small{font-size:15px;border:0;margin:16px 0 6px;padding:0}
h3{font-size:14px;margin:8px 0 4px}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0 0 12px}
.facts dt{color:var(--muted)}.facts dd{margin:0}
.summary{border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:10px 0}
.verdict{margin:0 0 10px;font-size:18px;font-weight:700;padding:6px 10px;border-radius:6px}
.verdict.bad{color:#b3261e;background:#fdecea}.verdict.warn{color:#a35200;background:#fff3e0}
.verdict.good{color:#1b6e2a;background:#e7f5ea}
.build-banner{margin:0 0 14px;padding:12px 14px;border:3px solid #b3261e;border-radius:6px;background:#fdecea;color:#b3261e;font-size:17px}
.counts{display:flex;gap:10px;flex-wrap:wrap}
.count{flex:1 1 120px;border:1px solid var(--line);border-top:5px solid var(--c);border-radius:6px;padding:6px 10px;background:var(--bg)}
.count .n{display:block;font-size:26px;font-weight:700;color:var(--c);line-height:1.1}
.count .label{font-size:13px;color:var(--muted)}
.count.zero{background:#fff}.count.zero .n{color:var(--muted)}
.result{margin:10px 0 0}.agree{color:#1b6e2a;font-weight:600}.differs{color:#b3261e;font-weight:700}
.switch-list{columns:2;column-gap:28px;margin:0;padding-left:18px;font-size:13px}
.switch-list li{break-inside:avoid}
.switch-list li.changed{background:#fff6d6}
.tag{font-size:11px;font-weight:700;text-transform:uppercase;color:#7a5a00;border:1px solid #e0c060;border-radius:4px;padding:0 4px}
.not-checked{font-size:13px;margin:10px 0 0}
.toc{border:1px solid var(--line);border-radius:8px;padding:4px 16px 10px;margin:16px 0;background:#fafbfc}
.toc-cols{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:24px}
.toc ul,.toc ol{margin:0;padding-left:20px;font-size:14px}
.toc-illegal li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.toc-illegal .msg{color:var(--muted)}
.pos{font-variant-numeric:tabular-nums}
.chip{display:inline-block;font-size:11px;line-height:16px;padding:0 6px;border-radius:8px;color:var(--c);background:var(--bg);border:1px solid var(--c);margin-left:3px}
.finding{border:1px solid var(--line);border-left:6px solid var(--c);border-radius:6px;padding:10px 16px 12px;margin:14px 0;background:var(--paper)}
.finding .head{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px 10px}
.finding .sev{background:var(--c);color:#fff;font-weight:700;font-size:12px;text-transform:uppercase;letter-spacing:.04em;border-radius:4px;padding:1px 7px}
.finding .rule{font-size:15px;font-weight:700}
.finding .ref{color:var(--muted)}
.finding .pos{margin-left:auto;font-family:ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:13px;color:var(--ink);text-decoration:none;background:var(--tint);border-radius:4px;padding:1px 6px}
.finding p{margin:6px 0}
.context{color:var(--muted);font-size:13px}
.words{font-style:italic}
.message{font-size:16px;font-weight:600}
.details{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0;font-size:14px}
.details dt{color:var(--muted)}.details dd{margin:0}
.cmd code{background:var(--tint);padding:1px 5px;border-radius:4px;word-break:break-all}
.cmd{font-size:13px}
figure{margin:10px 0 0}
figure img{display:block;max-width:100%;height:auto;border:1px solid var(--line);border-radius:4px}
figcaption{font-size:13px;color:var(--muted);margin-top:4px}
.same-board{font-size:13px;margin:8px 0 0}
.none{font-size:18px;color:#1b6e2a}
footer{margin-top:32px;border-top:1px solid var(--line);font-size:12px;color:var(--muted)}
@page{margin:14mm}
@media print{
html,body{background:#fff}
body{font-size:10.5pt}
.page{max-width:none;padding:0;min-height:0}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
a{color:inherit;text-decoration:none}
.toc{break-after:page}
.toc-illegal li{white-space:normal}
h2{break-after:avoid}
.finding{break-inside:avoid}
figure img{max-height:150mm;width:auto}
}
""".strip()
