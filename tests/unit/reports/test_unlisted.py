"""A report lists at most ``limits.MAX_FINDINGS_LISTED`` findings (``rules.checker.Kept``): the most
serious first, then the earliest, in report order; the others are counted by rule id and severity,
in the summary and in a sentence of every report format, so a log of a million faults is checked in
bounded memory and its exit code still says illegal."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from sdbp_module.ids import Severity
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import Where
from sdbp_module.reports.json import render_json
from sdbp_module.reports.text import render_text
from sdbp_module.rules.checker import Kept, check_events
from sdbp_module.rules.commands import Checked, render_report, rules_package
from sdbp_module.rules.findings import Finding

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "sdbp_module" / "schemas" / "findings.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


def _finding(rule: str, severity: Severity, index: int) -> Finding:
    return Finding(rule, "1.0", severity, f"{rule} at {index}", where=Where("log", index))


def test_kept_holds_the_most_serious_then_the_earliest_in_judged_order() -> None:
    kept = Kept(limit=3)
    found = [
        _finding("B", Severity.INFO, 1),
        _finding("A", Severity.ILLEGAL, 9),
        _finding("C", Severity.CANNOT_CHECK, 2),
        _finding("A", Severity.ILLEGAL, 4),
        _finding("D", Severity.SUSPICIOUS, 7),
        _finding("B", Severity.INFO, 0),
    ]
    kept.found.extend(found)
    kept.trim()
    assert kept.found == [found[1], found[3], found[4]]  # still in the order judged
    assert kept.counts() == (("C", Severity.CANNOT_CHECK, 1), ("B", Severity.INFO, 2))
    kept.found.append(_finding("E", Severity.ILLEGAL, 3))
    kept.trim()
    assert [f.message for f in kept.found] == ["A at 9", "A at 4", "E at 3"]
    assert kept.counts() == (("D", Severity.SUSPICIOUS, 1), ("C", Severity.CANNOT_CHECK, 1), ("B", Severity.INFO, 2))


def _moves(n: int) -> list[str]:
    return ['{"type":"phase","turn":1,"phase":"action"}'] + [
        '{"type":"move","side":"french","units":["FR-III13DBLE-10"],"from_area":14,"to_area":1,"path":[14,1]}'
    ] * n


def test_a_report_past_the_limit_lists_the_limit_and_counts_all(game: GameData, tmp_path: Path) -> None:
    from sdbp_module.replay.loading import load_events

    path = tmp_path / "moves.jsonl"
    path.write_text("\n".join(_moves(30)) + "\n", encoding="utf-8")
    events, _ = load_events(path, game, None)
    package = rules_package(game.game.id)
    whole = check_events(events, game, package, source=str(path))
    cut = check_events(events, game, package, source=str(path), max_findings=40)
    assert not whole.unlisted and len(whole.findings) > 100
    assert len(cut.findings) == 40 and all(f.severity is Severity.ILLEGAL for f in cut.findings)
    assert cut.summary == whole.summary and cut.has_illegal
    assert cut.unlisted_count == len(whole.findings) - 40
    illegal = [f for f in whole.findings if f.severity is Severity.ILLEGAL]
    assert list(cut.findings) == illegal[:40]  # the earliest illegal ones, in report order
    checked = Checked(cut, events, game, package)
    text = render_text(cut)
    assert f"{cut.unlisted_count:,} more findings are not listed: a report lists 40, the most serious first" in text
    data = json.loads(render_json(cut))
    jsonschema.validate(data, SCHEMA)
    assert sum(u["count"] for u in data["unlisted"]) == cut.unlisted_count
    assert data["summary"]["illegal"] == whole.summary.illegal
    page = render_report(checked, "html", pictures="none")
    assert "more findings are not listed" in page
    assert "unlisted" not in json.loads(render_json(whole))
