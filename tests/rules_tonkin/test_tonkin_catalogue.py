"""Tonkin's rules catalogue (issue 25, stage 1b): every TON id of the digest's §4 once, each with an honest
reason it is not checked yet, the French rule numbers, the switches with the digest's readings as
defaults, and ``sdbp rules --game tonkin`` in text and JSON; the other games' listings are untouched."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.errors import InputError
from sdbp_module.games import (
    DEFAULT_GAME,
    game_package,
    is_hex_game,
    known_games,
    rules_package_path,
)
from sdbp_module.games.tonkin.rules import switches
from sdbp_module.games.tonkin.rules.catalogue import TONKIN_CATALOGUE
from sdbp_module.games.tonkin.rules.package import (
    NOT_CHECKED,
    NOT_SCHEDULED,
    STAGE_1,
    STAGE_1_FAMILIES,
    STAGE_2,
    STAGE_2_FAMILIES,
    TONKIN,
    reason_of,
)
from sdbp_module.rules.commands import rules_listing, rules_package
from sdbp_module.rules.hexes.base import HexRulesPackage
from sdbp_module.rules.switches import parse_switches
from tests.shared_corpus import REQUIRED, ROOT

SPEC = ROOT / "docs" / "tonkin-rules.md"
DIGEST = ROOT.parent / "shared" / "rules" / "tonkin.md"
SEED = ROOT.parent / "shared" / "seeds" / "002_3f5fa9faa963815e.txt"
needs_digest = pytest.mark.skipif(
    not (DIGEST.is_file() and SEED.is_file()) and not REQUIRED,
    reason="needs ../shared/rules/tonkin.md and the French seed beside this clone",
)

IDS = [e.rule_id for e in TONKIN_CATALOGUE]

FR_NUMBERS = {
    *(f"1.{n}" for n in range(0, 11)), *(f"2.{n}" for n in range(0, 8)), *(f"3.{n}" for n in range(0, 9)),
    "4.0", "5.0", *(f"6.{n}" for n in range(0, 17)), *(f"7.{n}" for n in range(0, 6)), "8.0", "9.0",
}
"""The rule numbers of the French 2nd-edition body (its headings 1.0–9.0)."""

DIGEST_READINGS = {
    "zoc-blocks-lines": "no",  # T3 and T18.7: "ZOC does not block lines"
    "td-mobilisation-count": "vietnam",  # T18.11: keep "in Vietnam" (2.4)
    "ship-uses": "unlimited",  # 3.7 [amb]: FR gives no limit; the digest follows FR (§0)
    "vm-support-units": "regiment",  # 3.8 [amb]: no recommendation; no restriction is written for them
    "trench-airfield-zoc": "ignored",  # T18.10: read it as "ignore VM ZOC"
    "air-support-limit": "per-op",  # 6.6 [amb]: FR gives no limit beyond one use per OP
    "vp-steps": "regiment",  # T18.4: use 6.13 (regiment steps only)
}


def _family(rule_id: str) -> str:
    return rule_id.split("-")[1]


def test_the_catalogue_has_77_ids_each_once() -> None:
    assert len(IDS) == 77 and len(set(IDS)) == 77
    assert all(re.fullmatch(r"TON-[A-Z]+-\d\d", i) for i in IDS)


@needs_digest
def test_the_catalogue_is_the_digests_table() -> None:
    digest = DIGEST.read_text(encoding="utf-8")
    table = digest[digest.index("## 4. Log-checker catalogue"):]
    rows = re.findall(r"^\| (TON-[A-Z]+-\d\d) \|", table, flags=re.MULTILINE)
    assert rows == IDS  # the same ids, in the digest's order


@needs_digest
def test_every_rule_reference_is_a_french_rule_number() -> None:
    seed = SEED.read_text(encoding="utf-8")
    for entry in TONKIN_CATALOGUE:
        numbers = re.findall(r"\d+\.\d+", entry.rule_ref)
        assert numbers and set(numbers) <= FR_NUMBERS, (entry.rule_id, entry.rule_ref)
        assert all(re.search(rf"(?m)^{re.escape(n)}\b|\b{re.escape(n)}\s", seed) for n in numbers), entry.rule_id


def test_each_entry_has_a_severity_a_section_and_a_summary() -> None:
    severities = {"illegal", "illegal / suspicious", "illegal / cannot-check"}
    for entry in TONKIN_CATALOGUE:
        assert entry.severity in severities, entry.rule_id
        assert entry.section and entry.summary[:1].isupper() and entry.summary.endswith("."), entry.rule_id


def test_the_package_gives_every_id_it_does_not_implement_a_reason() -> None:
    assert isinstance(TONKIN, HexRulesPackage) and TONKIN.game_id == "tonkin"
    assert TONKIN.implemented_ids() <= set(IDS)
    assert set(NOT_CHECKED) == set(IDS) - TONKIN.implemented_ids()
    for rule_id, reason in NOT_CHECKED.items():
        family = _family(rule_id)
        if family in STAGE_1_FAMILIES:
            assert reason.startswith(STAGE_1), rule_id
        elif family in STAGE_2_FAMILIES:
            assert reason.startswith(STAGE_2), rule_id
        else:  # attrition, Tieu Doan, community control, set-up: the issue schedules none of them
            assert reason.startswith(NOT_SCHEDULED + " ") or reason.startswith(NOT_SCHEDULED + ":"), rule_id
            assert len(reason) > len(NOT_SCHEDULED) + 40, rule_id  # and says why


def test_the_issue_families_get_their_stage() -> None:
    families = {_family(i) for i in IDS}
    assert set(STAGE_1_FAMILIES) <= families and set(STAGE_2_FAMILIES) <= families
    assert families - set(STAGE_1_FAMILIES) - set(STAGE_2_FAMILIES) == {"ATT", "TD", "COM", "SET"}
    stages = [1 if _family(i) in STAGE_1_FAMILIES else 2 if _family(i) in STAGE_2_FAMILIES else 0 for i in IDS]
    assert (stages.count(1), stages.count(2), stages.count(0)) == (37, 35, 5)  # as docs/tonkin-rules.md counts them
    assert reason_of("TON-SEQ-01") == STAGE_1  # exactly the issue's words when nothing more is missing
    assert reason_of("TON-CBT-01") == STAGE_2


def test_a_fact_no_vassal_log_shows_is_named() -> None:
    for rule_id in ("TON-MOV-01", "TON-MOV-02", "TON-MOV-04", "TON-MOV-06", "TON-ZOC-01", "TON-TRN-03", "TON-TRN-06"):
        assert "the hexes a unit passed through, which no VASSAL log shows" in reason_of(rule_id), rule_id
    for rule_id in ("TON-MOV-03", "TON-TRN-01", "TON-TRN-07", "TON-TRN-08", "TON-OOS-01"):
        assert "the transport mode (a module sentence" in reason_of(rule_id), rule_id
    assert "order of the set-up" in NOT_CHECKED["TON-SET-01"]
    assert "terrain effects chart" in reason_of("TON-MOV-01")


def test_each_switch_default_is_the_digests_reading() -> None:
    assert {s.name: s.default for s in switches.SWITCHES} == DIGEST_READINGS
    assert all(len(s.values) == 2 and re.fullmatch(r"\d\.\d+( [a-zA-Z])?(, \d\.\d+( [a-zA-Z])?)*", s.amb) for s in switches.SWITCHES)
    assert TONKIN.switches is switches.SWITCHES


def test_every_switch_is_named_by_an_id_that_may_be_only_suspicious() -> None:
    """A reading never makes an act illegal: each switch is named in the summary of an id whose severity
    allows 'suspicious'."""
    for spec in switches.SWITCHES:
        naming = [e for e in TONKIN_CATALOGUE if spec.name in e.summary]
        assert naming, spec.name
        assert all("suspicious" in e.severity for e in naming), spec.name


def test_the_switches_parse_both_ways() -> None:
    chosen = parse_switches(["zoc-blocks-lines=yes", "vp-steps=all"], switches.SWITCHES)
    assert chosen.get("zoc-blocks-lines") == "yes" and chosen.get("vp-steps") == "all"
    assert parse_switches([], switches.SWITCHES).get("ship-uses") == "unlimited"
    with pytest.raises(InputError, match="ship-uses"):
        parse_switches(["ship-uses=twice"], switches.SWITCHES)


def test_the_listing_has_every_id_once_with_its_status() -> None:
    assert rules_package("tonkin") is TONKIN
    listing = rules_listing(TONKIN)
    rows = listing["rules"]
    assert isinstance(rows, list)
    assert [r["rule_id"] for r in rows] == IDS
    implemented = TONKIN.implemented_ids()
    assert all(r["implemented"] is (r["rule_id"] in implemented) for r in rows)
    assert all(r.get("not_checked") == NOT_CHECKED.get(r["rule_id"]) for r in rows)  # only an id not implemented has one
    assert [(s["name"], s["default"]) for s in listing["switches"]] == list(DIGEST_READINGS.items())  # type: ignore[union-attr]


def test_sdbp_rules_game_tonkin_text() -> None:
    result = CliRunner().invoke(main, ["rules", "--game", "tonkin"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    implemented = TONKIN.implemented_ids()
    assert lines[0] == f"Rules of tonkin ({len(implemented)} of 77 implemented):"
    rows = {line.split()[0]: line for line in lines[2:79]}
    assert list(rows) == IDS
    for rule_id, line in rows.items():
        if rule_id in implemented:
            assert line.endswith("  checked"), rule_id
        else:
            assert line.endswith(f"not checked: {NOT_CHECKED[rule_id]}"), rule_id
    assert "not yet" not in result.output
    assert "  zoc-blocks-lines: no | yes  (1.4)" in lines and "  vp-steps: regiment | all  (1.9 B, 6.13)" in lines


def test_sdbp_rules_game_tonkin_json() -> None:
    result = CliRunner().invoke(main, ["rules", "--game", "tonkin", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "tonkin" and data["format"] == "sdbp-rules"
    assert [r["rule_id"] for r in data["rules"]] == IDS
    assert {r["rule_id"]: r["not_checked"] for r in data["rules"] if "not_checked" in r} == dict(NOT_CHECKED)
    assert {r["rule_id"]: r["severity"] for r in data["rules"]} == {e.rule_id: e.severity for e in TONKIN_CATALOGUE}
    assert {s["name"]: s["default"] for s in data["switches"]} == DIGEST_READINGS


def test_a_game_package_without_data_is_known_and_the_others_are_unchanged() -> None:
    package = game_package("tonkin")
    assert package is not None and package.hex_map and package.checks == "sdbp_module.games.tonkin.checks" and package.player_aid == "sdbp_module.games.tonkin.aid"  # its player aid (tables.yaml)
    assert is_hex_game("tonkin") and rules_package_path("tonkin") == "sdbp_module.games.tonkin.rules.package:TONKIN"
    assert known_games() == ("mortain", "sodbp", "sos", "tonkin")
    assert DEFAULT_GAME == "sodbp"
    for game in ("sodbp", "sos", "mortain"):
        ids = [r["rule_id"] for r in rules_listing(rules_package(game))["rules"]]  # type: ignore[union-attr]
        assert ids and not any(i.startswith("TON-") for i in ids) and len(ids) == len(set(ids)), game
    default = CliRunner().invoke(main, ["rules"])
    assert default.exit_code == 0 and default.output.startswith("Rules of sodbp ")


def _spec_sections() -> dict[str, str]:
    """docs/tonkin-rules.md's paragraph of each stage-1 id (its bullet ``- **TON-…**`` or its heading)."""
    text = SPEC.read_text(encoding="utf-8")
    text = text[text.index("## Stage 1, family by family"):text.index("## One fault, one id")]
    starts = list(re.finditer(r"^(?:- \*\*|### )(TON-[A-Z]+-\d\d)\b", text, flags=re.MULTILINE))
    ends = [m.start() for m in starts[1:]] + [len(text)]
    sections = {}
    for m, end in zip(starts, ends):
        body = text[m.start():end]
        if m.group(0).startswith("-"):  # a bullet ends at the next heading too
            body = re.split(r"^#", body, flags=re.MULTILINE)[0]
        assert m.group(1) not in sections, m.group(1)
        sections[m.group(1)] = body
    return sections


def test_the_specification_has_every_stage_1_id_with_its_severity() -> None:
    """docs/tonkin-rules.md specifies each stage-1 id once, and says `suspicious` exactly where the
    catalogue's severity allows it."""
    sections = _spec_sections()
    stage_1 = [e for e in TONKIN_CATALOGUE if _family(e.rule_id) in STAGE_1_FAMILIES]
    assert sorted(sections) == sorted(e.rule_id for e in stage_1)
    for entry in stage_1:
        section = sections[entry.rule_id]
        assert "`illegal`" in section, entry.rule_id
        assert ("`suspicious`" in section) == ("suspicious" in entry.severity), entry.rule_id
