"""TON-REP-01..05: packages and SDs, the RP kept and spent, the ranges of replacements, Thai Binh, by air."""

from __future__ import annotations

from sdbp_module.replay.hexes.events import PackageTaken, StepRestored, box_place
from tests.rules_tonkin.tonkin_helpers import (
    CEF,
    NA_SAN,
    VM,
    check,
    ids,
    move,
    phase,
    setup_places,
    start,
    status,
    track_markers,
    track_move,
)

REP = ["TON-REP-01", "TON-REP-02", "TON-REP-03", "TON-REP-04", "TON-REP-05"]
SPARE = box_place("not-in-scenario")


def sev(report, index: int = 0) -> str:  # type: ignore[no-untyped-def]
    return report.findings[index].severity.value


# -- TON-REP-01 ---------------------------------------------------------------------------------------


def test_a_package_and_its_sd_on_a_supply_centre_are_legal() -> None:
    events = [start(), PackageTaken(side=VM, package="vm-2rp-1sd"), move("VM-SD-3", "R-9", SPARE),
              PackageTaken(side=CEF, package="cef-2rp-2sd"), move("CEF-SD-3", "T-14", SPARE),
              move("CEF-SD-4", "Y-15", SPARE), phase("vm-movement")]
    assert [i for i in ids(check(events, rules=["TON-REP-01"]))] == []


def test_more_sds_than_the_package_gives() -> None:
    events = [start(), PackageTaken(side=VM, package="vm-2rp-1sd"), move("VM-SD-3", "R-9", SPARE),
              move("VM-SD-4", "R-9", SPARE), phase("vm-movement")]
    report = check(events, rules=["TON-REP-01"])
    assert ids(report) == [("TON-REP-01", 3)] and sev(report) == "illegal"


def test_an_sd_placed_off_the_supply_centres() -> None:
    events = [start(), PackageTaken(side=CEF, package="cef-4rp-1sd"), move("CEF-SD-3", "U-15", SPARE), phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-01"])) == [("TON-REP-01", 2)]


def test_two_packages_in_one_month() -> None:
    events = [start(), PackageTaken(side=CEF, package="cef-6rp"), PackageTaken(side=CEF, package="cef-4rp-1sd"),
              phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-01"])) == [("TON-REP-01", 2)]


# -- TON-REP-02 ---------------------------------------------------------------------------------------


def test_a_cef_step_paid_from_the_package_is_legal() -> None:
    events = [start(flipped=["CEF-3-1RTM"]), PackageTaken(side=CEF, package="cef-6rp"), track_move("cef-rp", 0, 6),
              StepRestored(side=CEF, unit="CEF-3-1RTM", place="M-9"), track_move("cef-rp", 6, 5), phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-02"])) == []


def test_a_cef_step_not_paid() -> None:
    events = [start(flipped=["CEF-3-1RTM"]), PackageTaken(side=CEF, package="cef-6rp"), track_move("cef-rp", 0, 6),
              StepRestored(side=CEF, unit="CEF-3-1RTM", place="M-9"), phase("vm-movement")]
    report = check(events, rules=["TON-REP-02"])
    assert ids(report) == [("TON-REP-02", 2)] and sev(report) == "illegal"


def test_a_motorised_step_costs_two() -> None:
    events = [start(places=setup_places(CEF_GM6="T-14"), statuses=[("CEF-GM6", "step-loss")]),
              PackageTaken(side=CEF, package="cef-6rp"), track_move("cef-rp", 0, 5),
              status("CEF-GM6", "step-loss", on=False), phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-02"])) == [("TON-REP-02", 2)]


def test_more_than_eight_rp_kept() -> None:
    events = [start(markers=track_markers(cef_rp=5)), PackageTaken(side=CEF, package="cef-6rp"), track_move("cef-rp", 5, 11),
              phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-02"])) == [("TON-REP-02", 2)]


def test_a_cef_rebuild_comes_back_by_its_morale() -> None:
    places = setup_places(CEF_1BEP=box_place("eliminated"))
    rebuilt = [start(places), PackageTaken(side=CEF, package="cef-6rp"), track_move("cef-rp", 0, 6),
               move("CEF-1BEP", box_place("reinforcements"), box_place("eliminated")), track_move("cef-rp", 6, 4)]
    on_time = [*rebuilt, phase("vm-movement"), phase("replacements", NA_SAN + 2),
               move("CEF-1BEP", "Y-15", box_place("reinforcements"))]
    assert ids(check(on_time, rules=["TON-REP-02"])) == []
    early = [*rebuilt, phase("vm-movement"), phase("replacements", NA_SAN + 1),
             move("CEF-1BEP", "Y-15", box_place("reinforcements"))]
    assert ids(check(early, rules=["TON-REP-02"])) == [("TON-REP-02", 7)]


# -- TON-REP-04 ---------------------------------------------------------------------------------------

DELTA = {"VM_308_36": "W-17", "VM_308_88": "V-17", "VM_308_102": "X-18", "VM_316_98": "W-19"}


def test_the_thai_binh_penalty_paid_in_rp_is_legal() -> None:
    events = [start(), PackageTaken(side=VM, package="vm-4rp"), track_move("vm-rp", 0, 3), phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-04"])) == []


def test_the_thai_binh_penalty_not_paid() -> None:
    events = [start(), PackageTaken(side=VM, package="vm-4rp"), track_move("vm-rp", 0, 4), phase("vm-movement")]
    report = check(events, rules=["TON-REP-04"])
    assert ids(report) == [("TON-REP-04", 2)] and sev(report) == "illegal"


def test_the_thai_binh_penalty_paid_by_a_step_is_legal() -> None:
    events = [start(), PackageTaken(side=VM, package="vm-4rp"), track_move("vm-rp", 0, 4),
              status("VM-308-36", "step-loss"), phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-04"])) == []


def test_the_thai_binh_bonus_with_four_hexes_held() -> None:
    events = [start(setup_places(**DELTA)), PackageTaken(side=VM, package="vm-4rp"), track_move("vm-rp", 0, 5),
              phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-04"])) == []


def test_rp_no_cause_explains_are_suspicious() -> None:
    events = [start(setup_places(**DELTA)), PackageTaken(side=VM, package="vm-4rp"), track_move("vm-rp", 0, 7),
              phase("vm-movement")]
    report = check(events, rules=["TON-REP-04"])
    assert ids(report) == [("TON-REP-04", 2)] and sev(report) == "suspicious"


def test_vm_steps_regained_are_paid_from_the_marker() -> None:
    events = [start(setup_places(**DELTA), flipped=["VM-316-176"]), PackageTaken(side=VM, package="vm-4rp"),
              track_move("vm-rp", 0, 5), StepRestored(side=VM, unit="VM-316-176", place="P-8"), phase("vm-movement")]
    report = check(events, rules=["TON-REP-04"])
    assert ids(report) == [("TON-REP-04", 2)] and sev(report) == "suspicious"  # 2 steps regained, 0 paid


# -- TON-REP-03 ---------------------------------------------------------------------------------------


def restore(unit: str, place: str) -> StepRestored:
    return StepRestored(side=VM if unit.startswith("VM") else CEF, unit=unit, place=place)


def test_a_step_within_3_of_a_supply_centre_or_the_hq_is_legal() -> None:
    events = [start(flipped=["VM-316-176", "CEF-1BEP"]), restore("VM-316-176", "P-8"), restore("CEF-1BEP", "T-14"),
              phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-03"])) == []


def test_a_step_out_of_range() -> None:
    events = [start(flipped=["CEF-3-1RTM"]), restore("CEF-3-1RTM", "M-9"), phase("vm-movement")]
    report = check(events, rules=["TON-REP-03"])
    assert ids(report) == [("TON-REP-03", 1)] and sev(report) == "illegal"


def test_a_step_to_an_oos_unit() -> None:
    events = [start(flipped=["VM-316-176"], statuses=[("VM-316-176", "oos")]), restore("VM-316-176", "P-8"), phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-03"])) == [("TON-REP-03", 1)]


def test_three_steps_in_a_month() -> None:
    events = [start(flipped=["VM-316-176"], statuses=[("VM-316-176", "step-loss")]), restore("VM-316-176", "P-8"),
              status("VM-316-176", "step-loss", on=False), phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-03"])) == [("TON-REP-03", 1)]


# -- TON-REP-05 ---------------------------------------------------------------------------------------

def _airfield_hq() -> dict[str, str]:
    """Every unit where the data sets it up, the CEF HQ at N-11."""
    return setup_places(CEF_HQ="N-11")


def test_rp_by_air_with_an_air_transport_is_legal() -> None:
    events = [start(_airfield_hq(), flipped=["CEF-3-1RTM"]), restore("CEF-3-1RTM", "M-9"), track_move("air-transport", 4, 3),
              phase("vm-movement")]
    assert ids(check(events, rules=["TON-REP-03", "TON-REP-05"])) == []


def test_rp_by_air_without_an_air_transport() -> None:
    events = [start(_airfield_hq(), flipped=["CEF-3-1RTM"]), restore("CEF-3-1RTM", "M-9"), phase("vm-movement")]
    report = check(events, rules=["TON-REP-03", "TON-REP-05"])
    assert ids(report) == [("TON-REP-05", 1)] and sev(report) == "illegal"


def test_a_dg_artillery_has_no_zoc_to_shut_the_hqs_airfield() -> None:
    """2.6 B: the CEF HQ serves by its airfield unless it is in the ZOC of VM artillery or AA; 1.3: a DG unit
    has no ZOC."""
    guns_next_door = setup_places(CEF_HQ="N-11", VM_351_675="N-10")
    ready = [start(guns_next_door, flipped=["CEF-3-1RTM"]), restore("CEF-3-1RTM", "M-9"), track_move("air-transport", 4, 3),
             phase("vm-movement")]
    assert ids(check(ready, rules=["TON-REP-03"])) == [("TON-REP-03", 1)]
    disrupted = [start(guns_next_door, flipped=["CEF-3-1RTM"], statuses=[("VM-351-675", "dg")]), restore("CEF-3-1RTM", "M-9"),
                 track_move("air-transport", 4, 3), phase("vm-movement")]
    assert ids(check(disrupted, rules=["TON-REP-03", "TON-REP-05"])) == []
