"""TON-REI-01..03, TON-WDR-01: VM and CEF reinforcements (when, where, at what VP cost) and CEF withdrawals."""

from __future__ import annotations

from sdbp_module.replay.hexes.events import box_place
from tests.rules_tonkin.tonkin_helpers import (
    check,
    ids,
    move,
    phase,
    setup_places,
    start,
    track_markers,
    track_move,
)

REI = box_place("reinforcements")


def sev(report, index: int = 0) -> str:  # type: ignore[no-untyped-def]
    return report.findings[index].severity.value


# -- TON-REI-01 ---------------------------------------------------------------------------------------


def test_a_motorised_vm_reinforcement_in_china_at_its_month_is_legal() -> None:
    events = [start(turn=31), move("VM-351-45", "X-1", REI)]
    assert ids(check(events, rules=["TON-REI-01"])) == []


def test_a_vm_reinforcement_above_the_vm_number_is_suspicious() -> None:
    events = [start(turn=31, markers=track_markers(vp=55)), move("VM-351-45", "X-1", REI)]
    report = check(events, rules=["TON-REI-01"])
    assert ids(report) == [("TON-REI-01", 1)] and sev(report) == "suspicious"


def test_a_motorised_vm_reinforcement_outside_china() -> None:
    events = [start(turn=31), move("VM-351-45", "R-9", REI)]
    report = check(events, rules=["TON-REI-01"])
    assert ids(report) == [("TON-REI-01", 1)] and sev(report) == "illegal"


def test_a_vm_reinforcement_off_the_supply_centres() -> None:
    events = [start(turn=31), move("VM-351-45", "X-2", REI)]
    assert ids(check(events, rules=["TON-REI-01"])) == [("TON-REI-01", 1)]


def test_a_vm_reinforcement_before_its_month_is_suspicious() -> None:
    events = [start(), move("VM-351-45", "X-1", REI)]
    report = check(events, rules=["TON-REI-01"])
    assert ids(report) == [("TON-REI-01", 1)] and sev(report) == "suspicious"


# -- TON-REI-02 ---------------------------------------------------------------------------------------


def test_a_cef_reinforcement_paid_in_vp_is_legal() -> None:
    events = [start(turn=28), move("CEF-GM6", "Y-15", REI), track_move("vp", 50, 48), move("CEF-2-1RCP", "Y-15", REI),
              track_move("vp", 48, 47), move("CEF-AIR7", box_place("air-support"), REI), phase("vm-movement", 28)]
    assert ids(check(events, rules=["TON-REI-02"])) == []


def test_a_cef_reinforcement_not_paid() -> None:
    events = [start(turn=28), move("CEF-GM6", "Y-15", REI), track_move("vp", 50, 49), phase("vm-movement", 28)]
    report = check(events, rules=["TON-REI-02"])
    assert ids(report) == [("TON-REI-02", 2)] and sev(report) == "illegal"


# -- TON-REI-03 ---------------------------------------------------------------------------------------


def test_a_cef_reinforcement_in_a_port_is_legal() -> None:
    events = [start(turn=28), move("CEF-GM6", "Y-15", REI), move("CEF-1-2REI", box_place("saigon"), REI)]
    assert ids(check(events, rules=["TON-REI-03"])) == []


def test_a_cef_reinforcement_outside_a_port() -> None:
    events = [start(turn=28), move("CEF-GM6", "T-14", REI)]
    report = check(events, rules=["TON-REI-03"])
    assert ids(report) == [("TON-REI-03", 1)] and sev(report) == "illegal"


def test_a_thai_unit_on_a_blue_highland_village_west_of_the_red_river() -> None:
    places = setup_places(CEF_BT1=REI)
    assert ids(check([start(places), move("CEF-BT1", "N-16", REI)], rules=["TON-REI-03"])) == []
    assert ids(check([start(places), move("CEF-BT1", "X-8", REI)], rules=["TON-REI-03"])) == [("TON-REI-03", 1)]


def test_gcma_need_a_community_each() -> None:
    places = setup_places(CEF_GCMA3=REI, CEF_GCMA4=REI)
    assert ids(check([start(places), move("CEF-GCMA3", "J-13", REI), move("CEF-GCMA4", "F-9", REI)], rules=["TON-REI-03"])) == []
    two = [start(places), move("CEF-GCMA3", "J-13", REI), move("CEF-GCMA4", "J-13", REI)]
    assert ids(check(two, rules=["TON-REI-03"])) == [("TON-REI-03", 2)]


# -- TON-WDR-01 ---------------------------------------------------------------------------------------

PARA_W = 21  # Jun 1952: W para (reconstructed)
REI_W = 31  # Apr 1953: W REI (reconstructed)


def test_a_due_withdrawal_made_is_legal() -> None:
    events = [start(turn=PARA_W), move("CEF-1BEP", REI, "T-14"), phase("vm-movement", PARA_W)]
    assert ids(check(events, rules=["TON-WDR-01"])) == []


def test_no_withdrawal_when_one_could_go_is_suspicious() -> None:
    # a replacement phase with no act is judged when the tracker's sentence opens it
    events = [start(turn=PARA_W), phase("replacements", PARA_W), phase("vm-movement", PARA_W)]
    report = check(events, rules=["TON-WDR-01"])
    assert ids(report) == [("TON-WDR-01", 1)] and sev(report) == "suspicious"


def test_a_reduced_unit_withdrawn_is_illegal() -> None:
    events = [start(turn=PARA_W, flipped=["CEF-2BEP"]), move("CEF-2BEP", REI, "T-14"), move("CEF-1BEP", REI, "T-14"),
              phase("vm-movement", PARA_W)]
    report = check(events, rules=["TON-WDR-01"])
    assert ids(report) == [("TON-WDR-01", 1)] and sev(report) == "illegal"


def test_a_reduced_unit_withdrawn_alone_is_one_fault_not_also_the_w_unmet() -> None:
    events = [start(turn=PARA_W, flipped=["CEF-1BEP"]), move("CEF-1BEP", REI, "T-14"), phase("vm-movement", PARA_W)]
    report = check(events, rules=["TON-WDR-01"])
    assert ids(report) == [("TON-WDR-01", 1)] and sev(report) == "illegal"


def test_a_withdrawal_of_the_wrong_kind_is_suspicious() -> None:
    events = [start(turn=PARA_W), move("CEF-2-1RTA", REI, "U-15"), move("CEF-1BEP", REI, "T-14"), phase("vm-movement", PARA_W)]
    report = check(events, rules=["TON-WDR-01"])
    assert ids(report) == [("TON-WDR-01", 1)] and sev(report) == "suspicious"


def test_minus_three_when_no_unit_can_go() -> None:
    reduced = ["CEF-3-3REI", "CEF-3-5REI"]
    paid = [start(turn=REI_W, flipped=reduced), track_move("vp", 50, 47), phase("vm-movement", REI_W)]
    assert ids(check(paid, rules=["TON-WDR-01", "TON-REI-02"])) == []
    unpaid = [start(turn=REI_W, flipped=reduced), phase("replacements", REI_W), phase("vm-movement", REI_W)]
    assert ids(check(unpaid, rules=["TON-WDR-01", "TON-REI-02"])) == [("TON-WDR-01", 1)]


def test_a_vp_difference_with_vm_units_placed_is_only_suspicious() -> None:
    # a Tieu Doan mobilised next to a community may take it (1.8): a VP move the check does not weigh
    places = setup_places(VM_TD_1=box_place("td-pl-2"))
    events = [start(places, turn=28), move("VM-TD-1", "S-11", box_place("td-pl-2")), move("CEF-GM6", "Y-15", REI),
              track_move("vp", 50, 49), phase("vm-movement", 28)]
    report = check(events, rules=["TON-REI-02"])
    assert ids(report) == [("TON-REI-02", 3)] and sev(report) == "suspicious"
