"""Switches (catalogue §2), the checker's ordering, the interpretation problems, and the two reports."""

from __future__ import annotations

import json

import pytest
from rules_helpers import make_tiny_game, numbered, state

from sdbp_module.errors import InputError
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.ids import AreaId, Phase, Severity, UnitId
from sdbp_module.replay.events import END_OF_LOG, Fire, Flip, Pass, PhaseStart, Where
from sdbp_module.reports.json import render_json, report_to_json
from sdbp_module.reports.text import render_text
from sdbp_module.rules.checker import check_events
from sdbp_module.rules.commands import rules_package
from sdbp_module.rules.findings import Finding, sort_findings
from sdbp_module.rules.switches import RuleSet, parse_switches

FR, VM = FRENCH, VIET_MINH


def test_defaults_are_the_recommended_readings() -> None:
    rs = RuleSet.defaults(SODBP.switches)
    assert rs.get("fr_discard_after_fr_pass") == "forbidden" and rs.get("entrench_card_mode") == "increment"
    assert not rs.strict and rs.rec_severity() is Severity.SUSPICIOUS
    assert len(SODBP.switches) == 19


def test_parse_switches() -> None:
    rs = parse_switches(["strict_mode=true", " art75_boost = 9 "], SODBP.switches)
    assert rs.strict and rs.rec_severity() is Severity.ILLEGAL and rs.get("art75_boost") == "9"
    with pytest.raises(InputError) as info:
        parse_switches(["art75_boost=11"], SODBP.switches)
    assert str(info.value) == "--switch 'art75_boost=11': '11' is not a value of art75_boost (expected one of: 10, 9)"
    assert info.value.exit_code == 2


def test_unknown_game_has_no_rules_package() -> None:
    with pytest.raises(InputError, match="no rules package for game 'tiny' \\(known: ([a-z_]+, )*sodbp(, [a-z_]+)*\\)"):
        rules_package("tiny")


def test_findings_sort_by_position_then_rule_with_end_of_log_last() -> None:
    def f(rule: str, where: Where) -> Finding:
        return Finding(rule, "x", Severity.INFO, "m", where=where)

    items = [f("B", END_OF_LOG), f("Z", Where("g.jsonl", 2)), f("A", Where("g.jsonl", 2)), f("C", Where("g.jsonl", 0))]
    assert [x.rule_id for x in sort_findings(items)] == ["C", "A", "Z", "B"]


def test_a_finding_never_carries_an_equal_expected_and_actual() -> None:
    """A finding reports a difference: "expected 12, actual 12" would contradict its own message, so an
    equal pair is dropped (text, JSON and HTML reports then show neither); a differing pair is kept."""
    same = Finding("R", "x", Severity.ILLEGAL, "m", expected=12, actual=12)
    assert (same.expected, same.actual) == (None, None)
    differ = Finding("R", "x", Severity.ILLEGAL, "m", expected=12, actual=9)
    assert (differ.expected, differ.actual) == (12, 9)
    only_expected = Finding("R", "x", Severity.ILLEGAL, "m", expected="eliminated")
    assert (only_expected.expected, only_expected.actual) == ("eliminated", None)


class _Problem:
    where = Where("test.jsonl", 2, 3)
    message = "unknown piece 'xyz'"


def _report():
    game = make_tiny_game()
    events = numbered(
        [
            PhaseStart(turn=1, phase=Phase.ACTION),
            Fire(side=FR, units=(UnitId("FR-A"),), from_area=AreaId(6), target=AreaId(10)),
            Flip(units=(UnitId("FR-A"),), spent=True),
            Pass(side=VM),
        ]
    )
    start = state("turn 1 draw\n6: FR-A | ctrl french\n10: VM-X | ctrl viet_minh\n", game)
    from sdbp_module.games.sodbp.rules import sequence

    return check_events(
        events, game, SODBP, initial=start, rules=sequence.RULES, source="game.jsonl", problems=[_Problem()]
    )


def test_interpretation_problems_become_cannot_check_findings() -> None:
    report = _report()
    problem = [f for f in report.findings if f.rule_id == "LOG-INTERPRETATION"]
    assert [(f.severity, f.where.index, f.message) for f in problem] == [
        (Severity.CANNOT_CHECK, 2, "The log could not be read for sure here: unknown piece 'xyz'")
    ]


def test_text_report() -> None:
    assert render_text(_report()) == (
        "sdbp check game.jsonl: game sodbp, 4 events, 9 rules checked\n"
        "Not checked: 135 rules of the catalogue (`sdbp rules` lists them); no finding here means nothing "
        "about those rules.\n"
        "Switches: defaults\n"
        "\n"
        "Turn 1\n"
        "  test.jsonl:2: illegal: SEQ-VM-FIRST (4.0 B, 6.0) [action phase, action 1, French]\n"
        "      The first action of turn 1 is a French unit action; the Viet Minh acts first.\n"
        "      expected viet_minh, actual french\n"
        "  test.jsonl:3: cannot-check: LOG-INTERPRETATION (log) [action phase, action 1, French]\n"
        "      The log could not be read for sure here: unknown piece 'xyz'\n"
        "\n"
        "Result: none. The log stops at turn 1, action phase, action 2, before the end of turn 8; the log "
        "declares no result.\n"
        "1 illegal, 0 suspicious, 1 cannot-check, 0 info — the log breaks the rules.\n"
    )


def test_json_report_is_versioned_and_stable() -> None:
    data = report_to_json(_report())
    assert (data["format"], data["format_version"], data["verdict"]) == ("sdbp-findings", 1, "illegal")
    assert data["summary"] == {"illegal": 1, "suspicious": 0, "info": 0, "cannot-check": 1}
    first = data["findings"][0]
    assert first == {
        "rule_id": "SEQ-VM-FIRST",
        "rule_ref": "4.0 B, 6.0",
        "severity": "illegal",
        "turn": 1,
        "phase": "action",
        "action": 1,
        "side": "french",
        "where": {"file": "test.jsonl", "index": 1, "line": 2},
        "message": "The first action of turn 1 is a French unit action; the Viet Minh acts first.",
        "units": [],
        "areas": [],
        "hexes": [],
        "expected": "viet_minh",
        "actual": "french",
    }
    assert render_json(_report()) == render_json(_report())
    assert json.loads(render_json(_report())) == data
