"""TON-SUP-01 (OoS statuses on exactly the units that cannot trace supply, 7.1-7.5), TON-SUP-02 (the rainy
month's step loss, 7.1, 1.7) and TON-SUP-03 (river supply's limits, 7.4), judged when the supply phase ends."""

from __future__ import annotations

from tests.rules_tonkin.tonkin_helpers import (
    check,
    ids,
    phase,
    setup_places,
    start,
    status,
    track_markers,
)

SUP = ["TON-SUP-01", "TON-SUP-02", "TON-SUP-03"]
RAINY = 33  # Jun 1953

UNSUPPLIED = (  # the Na San set-up's units no line of 1.4 supplies (7.2, 7.3)
    "CEF-3-1RTM", "CEF-2-6RTM", "CEF-55BVN", "CEF-BVNG1", "CEF-BVNG3", "CEF-BVNG4",
    "VM-312-141", "VM-312-165", "VM-312-209",
)
ZOC_CUT = "CEF-BVNG2"  # H-5: its line to F-8 passes through VM-148's ZOC only


def _oos(*without: str, extra: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    return [(u, "oos") for u in (*UNSUPPLIED, *extra) if u not in without]


def _supply_phase(*events: object, turn: int = 25, **kw: object) -> list[object]:
    return [start(turn=turn, **kw), phase("supply", turn=turn), *events, phase("replacements", turn=turn + 1)]  # type: ignore[arg-type]


def test_the_set_up_marked_as_it_traces_is_legal() -> None:
    assert ids(check(_supply_phase(statuses=_oos()), rules=SUP)) == []  # type: ignore[arg-type]


def test_an_unsupplied_unit_without_oos_is_a_finding_at_the_next_phase() -> None:
    report = check(_supply_phase(statuses=_oos("VM-312-141")), rules=SUP)  # type: ignore[arg-type]
    assert ids(report) == [("TON-SUP-01", 2)]
    assert report.findings[0].severity.value == "illegal" and "VM-312-141" in report.findings[0].message


def test_marking_it_in_the_phase_is_legal() -> None:
    events = _supply_phase(status("VM-312-141", "oos", place="N-8"), statuses=_oos("VM-312-141"))
    assert ids(check(events, rules=SUP)) == []  # type: ignore[arg-type]


def test_a_supplied_unit_keeping_oos_is_a_finding() -> None:
    report = check(_supply_phase(statuses=_oos(extra=("CEF-1BEP",))), rules=SUP)  # type: ignore[arg-type]
    assert ids(report) == [("TON-SUP-01", 2)] and "CEF-1BEP" in report.findings[0].message


def test_a_log_ending_in_the_supply_phase_is_not_judged() -> None:
    assert ids(check([start(statuses=_oos("VM-312-141")), phase("supply")], rules=SUP)) == []


def test_a_trench_supplies() -> None:
    markers = (*track_markers(), ("trench-vm", "trench", "N-8"))
    events = _supply_phase(statuses=_oos("VM-312-141", "VM-312-165"), markers=markers)
    assert ids(check(events, rules=SUP)) == []  # type: ignore[arg-type]


def test_an_sd_supplies_unless_spent() -> None:
    places = setup_places(CEF_SD_3="M-10")  # within 3 of III/1er RTM (M-9), 55e BVN (N-11), BVN garr 4 (L-13)
    near = ("CEF-3-1RTM", "CEF-55BVN", "CEF-BVNG4")
    assert ids(check(_supply_phase(places=places, statuses=_oos(*near)), rules=SUP)) == []  # type: ignore[arg-type]
    spent = [*_oos(*near), ("CEF-SD-3", "spent")]
    assert ids(check(_supply_phase(places=places, statuses=spent), rules=SUP)) == [("TON-SUP-01", 2)] * 3  # type: ignore[arg-type]


def test_an_enemy_zoc_cuts_a_line_only_under_the_literal_reading() -> None:
    # by default (zoc-blocks-lines=no) BVN garr 2 traces through VM-148's ZOC: an OoS status there is suspicious
    report = check(_supply_phase(statuses=_oos(extra=(ZOC_CUT,))), rules=SUP)  # type: ignore[arg-type]
    assert ids(report, "suspicious") == [("TON-SUP-01", 2)]
    assert ids(check(_supply_phase(statuses=_oos()), rules=SUP)) == []  # type: ignore[arg-type]
    # with zoc-blocks-lines=yes the OoS status is expected; its absence is suspicious
    literal = "zoc-blocks-lines=yes"
    assert ids(check(_supply_phase(statuses=_oos(extra=(ZOC_CUT,))), literal, rules=SUP)) == []  # type: ignore[arg-type]
    assert ids(check(_supply_phase(statuses=_oos()), literal, rules=SUP), "suspicious") == [("TON-SUP-01", 2)]  # type: ignore[arg-type]


def test_river_supply_with_a_dinassaut_is_legal() -> None:
    places = setup_places(CEF_2_1RTA="Q-11", CEF_DNA3="T-14")  # 5 hexes down the Red River to Hanoi
    assert ids(check(_supply_phase(places=places, statuses=_oos()), rules=SUP)) == []  # type: ignore[arg-type]
    places = setup_places(CEF_2_1RTA="Q-11", CEF_DNA3="Q-11")  # the DNA with the unit
    assert ids(check(_supply_phase(places=places, statuses=_oos()), rules=SUP)) == []  # type: ignore[arg-type]


def test_a_river_line_without_a_dinassaut_is_sup03_not_sup01() -> None:
    places = setup_places(CEF_2_1RTA="Q-11")
    report = check(_supply_phase(places=places, statuses=_oos()), rules=SUP)  # type: ignore[arg-type]
    assert ids(report) == [("TON-SUP-03", 2)] and report.findings[0].severity.value == "illegal"
    # marked OoS, it is legal
    assert ids(check(_supply_phase(places=places, statuses=_oos(extra=("CEF-2-1RTA",))), rules=SUP)) == []  # type: ignore[arg-type]


def test_a_vm_regiment_on_the_river_cuts_it_a_tieu_doan_does_not() -> None:
    cut = setup_places(CEF_2_1RTA="Q-11", CEF_DNA3="T-14", VM_308_36="R-12")
    report = check(_supply_phase(places=cut, statuses=_oos()), rules=SUP)  # type: ignore[arg-type]
    assert ids(report) == [("TON-SUP-03", 2)]
    open_ = setup_places(CEF_2_1RTA="Q-11", CEF_DNA3="T-14", VM_TD_1="R-12")
    assert ids(check(_supply_phase(places=open_, statuses=_oos()), rules=SUP)) == []  # type: ignore[arg-type]


def test_rainy_month_oos_without_a_step_loss_is_a_finding_at_the_marking() -> None:
    events = _supply_phase(status("VM-312-141", "oos", place="N-8"), turn=RAINY, statuses=_oos("VM-312-141"))
    assert ids(check(events, rules=SUP)) == [("TON-SUP-02", 2)]  # type: ignore[arg-type]


def test_rainy_month_oos_with_its_step_loss_is_legal() -> None:
    events = _supply_phase(
        status("VM-312-141", "oos", place="N-8"), status("VM-312-141", "step-loss", place="N-8"),
        turn=RAINY, statuses=_oos("VM-312-141"),
    )
    assert ids(check(events, rules=SUP)) == []  # type: ignore[arg-type]


def test_a_kept_marker_and_a_dry_month_are_not_judged() -> None:
    assert ids(check(_supply_phase(turn=RAINY, statuses=_oos()), rules=SUP)) == []  # type: ignore[arg-type]
    events = _supply_phase(status("VM-312-141", "oos", place="N-8"), statuses=_oos("VM-312-141"))
    assert ids(check(events, rules=SUP)) == []  # type: ignore[arg-type]



def test_a_thai_unit_is_supplied_by_a_cef_controlled_blue_highland_community_only() -> None:
    # K-17: no source within 3; L-14, a blue highland village, is the only community that supplies a Thai unit there
    thai = setup_places(CEF_BT3="K-17")
    assert ids(check(_supply_phase(places=thai, statuses=_oos()), rules=SUP)) == []  # type: ignore[arg-type]
    other = setup_places(CEF_3_3REI="K-17")  # not Thai: unsupplied
    assert ids(check(_supply_phase(places=other, statuses=_oos()), rules=SUP)) == [("TON-SUP-01", 2)]  # type: ignore[arg-type]
    taken = setup_places(CEF_BT3="K-17", VM_148="L-14")  # the VM holds the village
    assert ids(check(_supply_phase(places=taken, statuses=_oos()), rules=SUP)) == [("TON-SUP-01", 2)]  # type: ignore[arg-type]
