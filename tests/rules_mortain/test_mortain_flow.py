"""The card flow (``replay.hexes.flow``) over Mortain events, the catalogue and its listing, and the
reports of a hex game (hexes in text and JSON, log problems as cannot-check)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from mortain_helpers import (
    DE,
    US,
    act,
    check,
    combat,
    draw,
    fire,
    game,
    hit,
    mid,
    move,
    opening,
    pass_,
    positioned,
    support,
    turn,
)

from sdbp_module.cli import main
from sdbp_module.games.mortain.rules.package import MORTAIN
from sdbp_module.replay.events import Where
from sdbp_module.replay.hexes.flow import Flow, JokerFate, fold
from sdbp_module.reports.json import report_to_json
from sdbp_module.reports.text import render_text
from sdbp_module.rules.commands import rules_listing, rules_package


def _flow(events: list) -> Flow:
    spec = game().deck
    assert spec is not None
    return fold(positioned(events), spec)


def test_impulses_gather_acts_fires_draws_and_hits() -> None:
    flow = _flow([*mid(US_743="J6", DE_1SS_PZ="K6"), draw("2H"), act(US, "US-743"), fire(US, [("US-743", "J6")], "DE-1SS-PZ"),
                  combat("QC"), combat("3C"), hit("DE-1SS-PZ", "K6"), draw("4S"), pass_(DE)])
    first, second = flow.closed[-1], flow.current
    assert first.card is not None and first.card.card == "2H" and first.card_side is US and first.acting_side is US
    assert first.activated() == {"US-743"}
    (resolution,) = first.resolutions
    assert [d.card for d in resolution.draws] == ["QC", "3C"] and [h.unit for h in resolution.hits] == ["DE-1SS-PZ"]
    assert second.card is not None and second.card.card == "4S" and second.passes and (first.number, second.number) == (1, 2)


def test_a_combat_card_is_awaited_after_a_fire_and_a_face_card() -> None:
    base = [*mid(US_743="J6", DE_1SS_PZ="K6"), draw("2H"), act(US, "US-743"), fire(US, [("US-743", "J6")], "DE-1SS-PZ")]
    assert _flow(base).awaiting_combat_card
    assert _flow([*base, combat("QC")]).awaiting_combat_card  # the firer may redraw
    assert not _flow([*base, combat("3C")]).awaiting_combat_card


def test_joker_grace_before_both_sides_had_a_card() -> None:
    early = _flow([*opening(), draw("2S"), draw("JOKER")])
    assert early.current.joker == JokerFate.IGNORED and not early.turn_over and early.ignored_jokers == 1
    late = _flow([*opening(), draw("2S"), draw("3H"), draw("JOKER")])
    assert late.current.joker == JokerFate.ENDED_TURN and late.turn_over and late.turn_end == "joker"
    new_turn = _flow([*opening(), draw("2S"), draw("3H"), draw("JOKER"), turn(2)])
    assert (new_turn.turn, new_turn.turn_over, new_turn.turn_drawn) == (2, False, ())


def test_the_listing_has_the_25_ids_and_the_8_switches() -> None:
    assert rules_package("mortain") is MORTAIN
    listing = rules_listing(MORTAIN)
    rows = listing["rules"]
    assert isinstance(rows, list) and len(rows) == 25 and all(r["implemented"] for r in rows)
    assert {r["rule_id"][:7] for r in rows} == {"MOR-SET", "MOR-STK", "MOR-DEC", "MOR-ACT", "MOR-AIR", "MOR-FIR", "MOR-TUR", "MOR-VIC", "MOR-EXI"}
    assert all(str(r["rule_ref"]).startswith("M-") for r in rows)
    switches = listing["switches"]
    assert isinstance(switches, list)
    assert [(s["name"], s["default"]) for s in switches] == [
        ("east-hexes", "edge"), ("entry-uses-activation", "yes"), ("tiger-stacking", "free"), ("joker-early", "aside"),
        ("support-limit", "per-type"), ("ace-odd", "yes"), ("unentered-in-play", "yes"), ("face-group", "hex"),
    ]
    assert MORTAIN.implemented_ids() == {e.rule_id for e in MORTAIN.catalogue}


def test_sdbp_rules_game_mortain() -> None:
    result = CliRunner().invoke(main, ["rules", "--game", "mortain"])
    assert result.exit_code == 0, result.output
    assert "Rules of mortain (25 of 25 implemented)" in result.output and "tiger-stacking: free | counts" in result.output
    data = json.loads(CliRunner().invoke(main, ["rules", "--game", "mortain", "--format", "json"]).output)
    assert data["game"] == "mortain" and len(data["rules"]) == 25


def test_a_finding_names_its_hexes_in_text_and_json() -> None:
    report = check([*mid(DE_1SS_PZ="K6", US_743="H6"), draw("7S"), act(DE, "DE-1SS-PZ"),
                    fire(DE, [("DE-1SS-PZ", "K6")], "US-743"), combat("2C"), hit("US-743", "H6")])
    assert "hexes K6 H6" in render_text(report)
    finding = next(f for f in report_to_json(report)["findings"] if f["rule_id"] == "MOR-FIRE-01")
    assert finding["hexes"] == ["K6", "H6"] and finding["units"] == ["DE-1SS-PZ", "US-743"]


def test_a_log_problem_is_a_cannot_check_finding_at_its_place() -> None:
    from dataclasses import dataclass

    from sdbp_module.rules.hexes.checker import check_hex_events

    @dataclass(frozen=True)
    class Problem:
        where: Where
        message: str

    events = positioned([*opening(), draw("2S"), move(DE, "DE-1SS-PZ", "box:german-entry", "L3")])
    report = check_hex_events(events, game(), MORTAIN, problems=[Problem(Where("t", 3), "an undo the checker did not follow")])
    problems = [f for f in report.findings if f.rule_id == "LOG-INTERPRETATION"]
    assert [(f.severity.value, f.where.index) for f in problems] == [("cannot-check", 3)]


def test_every_finding_id_is_in_the_catalogue() -> None:
    ids = {e.rule_id for e in MORTAIN.catalogue}
    report = check([*opening(), draw("2S"), act(US, "US-743"), support("air", "attack", "nobody"), move(US, "US-119", "C3", "A1")])
    assert report.findings and {f.rule_id for f in report.findings} <= ids


def test_sdbp_check_of_a_hex_game_reads_a_transcript_and_runs_the_rules(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``sdbp check`` of a hex game: the transcript read by ``replay.hexes``, judged by the game's rules,
    reported in JSON, text (with the switches in force) and HTML (with the board's picture)."""
    from sdbp_module.paths import PROJECT_ROOT
    from sdbp_module.replay.hexes.jsonl import write_events

    log = tmp_path / "game.jsonl"
    write_events(log, [*opening(), draw("2S"), move(DE, "DE-1SS-PZ", "box:german-entry", "K3")])
    data = str(PROJECT_ROOT / "source_data" / "mortain")
    result = CliRunner().invoke(main, ["check", str(log), "--data", data, "--format", "json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    assert [(f["rule_id"], f["hexes"]) for f in report["findings"]] == [("MOR-SET-03", ["K3"])]
    text = CliRunner().invoke(main, ["check", str(log), "--data", data, "--switch", "east-hexes=half"])
    assert text.exit_code == 1 and "Switches: east-hexes=half" in text.output
    html = CliRunner().invoke(main, ["check", str(log), "--data", data, "--format", "html"])
    assert html.exit_code == 1 and "MOR-SET-03" in html.output and "<img src=\"data:image/" in html.output


def test_a_hit_on_the_last_target_belongs_to_its_attack_until_the_next_attack() -> None:
    base = [*mid(US_743="J6", US_2_117="I5", DE_1SS_PZ="K6"), draw("2H"), act(US, "US-743", "US-2-117"),
            fire(US, [("US-743", "J6")], "DE-1SS-PZ"), combat("2C"), move(US, "US-2-117", "I5", "I4")]
    late = _flow([*base, hit("DE-1SS-PZ", "K6")]).current
    assert [h.unit for h in late.resolutions[0].hits] == ["DE-1SS-PZ"] and late.other_hits == ()
    other = _flow([*base, fire(US, [("US-2-117", "I4")], "DE-1SS-PZ"), hit("DE-1SS-PZ", "K6")]).current
    assert other.resolutions[0].hits == () and [h.unit for h in other.resolutions[1].hits] == ["DE-1SS-PZ"]
    stray = _flow([*base, hit("DE-3PZ-I", "L5")]).current
    assert [h.unit for h in stray.other_hits] == ["DE-3PZ-I"]


def test_the_purpose_of_the_next_draw() -> None:
    from sdbp_module.replay.hexes.flow import next_draw_purpose

    base = [*mid(US_743="J6", DE_1SS_PZ="K6"), draw("2H"), act(US, "US-743")]
    assert next_draw_purpose(_flow(base)) == "activation"
    fired = [*base, fire(US, [("US-743", "J6")], "DE-1SS-PZ")]
    assert next_draw_purpose(_flow(fired)) == "combat"
    assert next_draw_purpose(_flow([*fired, combat("KC")])) == "combat"
    assert next_draw_purpose(_flow([*fired, combat("5C")])) == "activation"
    assert next_draw_purpose(_flow([*base, support("air", "suppression", "K6")])) == "activation"
