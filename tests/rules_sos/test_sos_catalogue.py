"""The SoS catalogue: every id is either implemented or listed as not checked with a reason; the
sections the text lacks are never passed off as checked; the shared rules are listed, not copied."""

from __future__ import annotations

from sdbp_module.games import rules_package_path
from sdbp_module.games.sos.rules.catalogue import NOT_CHECKED, SOS_CATALOGUE
from sdbp_module.games.sos.rules.package import RULES, SHARED, SOS
from sdbp_module.rules.commands import rules_listing, rules_package


def test_every_catalogue_id_is_checked_or_has_a_reason_and_never_both() -> None:
    catalogue = {e.rule_id for e in SOS_CATALOGUE}
    implemented = SOS.implemented_ids()
    assert implemented <= catalogue, sorted(implemented - catalogue)
    assert set(NOT_CHECKED) == catalogue - implemented
    assert len(catalogue) == len(SOS_CATALOGUE)  # no id twice


def test_the_missing_sections_are_not_checked() -> None:
    resolution = [e for e in SOS_CATALOGUE if e.rule_id.startswith("SOS-RES-")]
    assert len(resolution) == 4 and all(e.severity == "cannot-check" for e in resolution)
    assert all("stops before" in NOT_CHECKED[e.rule_id] for e in resolution)
    assert not SOS.implemented_ids() & {e.rule_id for e in resolution}


def test_the_shared_rules_are_the_area_impulse_objects_relabelled() -> None:
    for module, neutral, rule_id, ref in SHARED:
        shared = {r.rule_id: r for r in module.RULES}
        assert neutral in shared, f"{module.__name__} has no {neutral}"
        ours = [r for r in RULES if r.rule_id == rule_id and getattr(r, "check_fn", None) is shared[neutral].check_fn]
        assert len(ours) == 1 and ours[0].rule_ref == ref


def test_sdbp_rules_lists_the_game() -> None:
    assert rules_package_path("sos") == "sdbp_module.games.sos.rules.package:SOS"
    listing = rules_listing(rules_package("sos"))
    rows = {r["rule_id"]: r for r in listing["rules"]}  # type: ignore[union-attr]
    assert listing["game"] == "sos" and set(rows) == {e.rule_id for e in SOS_CATALOGUE}
    assert rows["SOS-MOV-02"]["implemented"] and not rows["SOS-RES-01"]["implemented"]


def test_sdbp_rules_prints_the_reason_of_each_id_not_checked() -> None:
    from click.testing import CliRunner

    from sdbp_module.cli import main

    result = CliRunner().invoke(main, ["rules", "--game", "sos"])
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.output.splitlines()[2:] if line.strip()}
    assert lines["SOS-RES-01"].endswith(f"not checked: {NOT_CHECKED['SOS-RES-01']}")
    assert lines["SOS-MOV-02"].endswith("  checked")
    assert "not yet" not in result.output
    assert "landing_zone_exit: move_on | adjacent_only  (SOS-AMB-01)" in result.output  # the default first
    assert "reinforcement_turn: either | printed_turn | previous_turn  (SOS-AMB-02)" in result.output


def test_the_json_listing_carries_the_reasons() -> None:
    listing = rules_listing(rules_package("sos"))
    rows = {r["rule_id"]: r for r in listing["rules"]}  # type: ignore[union-attr]
    assert {i for i, r in rows.items() if "not_checked" in r} == set(NOT_CHECKED)
    assert rows["SOS-CARD-05"]["not_checked"] == NOT_CHECKED["SOS-CARD-05"]


def test_every_id_has_a_storm_over_stalingrad_summary() -> None:
    """The listing shows the game's own words for each id, not those of one shared rule written for
    any game (an id several shared rules implement would show, say, the discard to continue)."""
    listing = rules_listing(rules_package("sos"))
    rows = {r["rule_id"]: r for r in listing["rules"]}  # type: ignore[union-attr]
    other_game = ("assault", "entrench", "supply", "french", "viet minh", "track + bonus", "grouped side", "single-exit")
    for entry in SOS_CATALOGUE:
        summary = rows[entry.rule_id]["summary"]
        assert summary == entry.summary and summary[:1].isupper() and summary.endswith("."), entry.rule_id
        assert not any(word in summary.lower() for word in other_game), (entry.rule_id, summary)
