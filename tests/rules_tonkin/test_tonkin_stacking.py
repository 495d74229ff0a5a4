"""TON-STK-01 (13 stacking points of a side per hex at the end of each phase, 1.5, 6.13) and TON-STK-02 (an
enemy HQ or SD in an entered hex is eliminated before another unit acts, 3.1, 6.4)."""

from __future__ import annotations

from sdbp_module.games.tonkin.rules import facts
from sdbp_module.replay.hexes.events import box_place
from sdbp_module.replay.hexes.state import HexState, apply
from tests.rules_tonkin.tonkin_helpers import (
    CEF,
    carry,
    check,
    eliminate,
    game,
    ids,
    move,
    phase,
    setup_places,
    start,
    status,
    track_markers,
)

STK = ["TON-STK-01", "TON-STK-02"]


def _state(**kw: object) -> HexState:
    return apply(HexState(), start(**kw))  # type: ignore[arg-type]


def test_stacking_points_follow_the_face_and_the_minus_one_marker() -> None:
    s = _state(flipped=["CEF-GMVN1"], statuses=[("CEF-GMVN2", "step-loss"), ("CEF-GMVN1", "step-loss")])
    g = game()
    assert facts.stacking_points(g, s, "CEF-GM6") == 4  # printed 4
    assert facts.stacking_points(g, s, "CEF-GMVN2") == 3  # full face with "-1"
    assert facts.stacking_points(g, s, "CEF-GMVN1") == 2  # reduced face 3, "-1"
    assert facts.stacking_points(g, s, "CEF-SD-1") == 1  # none printed: 1 (1.5)
    assert facts.steps_left(g, s, "CEF-GMVN1") == 1 and facts.steps_left(g, s, "CEF-GM6") == 4


def test_hanoi_at_thirteen_is_legal() -> None:
    # the set-up's Hanoi holds 12 CEF points (4 paras 8, IV/41e RAC 2, 2 SDs); II/1er RTA (2) in, I BEP (2) out
    report = check(
        [start(), phase("cef-movement", side=CEF), move("CEF-2-1RTA", "T-14", "U-15"), move("CEF-1BEP", "U-15", "T-14"),
         phase("attrition")],
        rules=STK,
    )
    assert ids(report) == []


def test_fourteen_points_at_the_phase_end_is_a_finding_at_the_next_phase() -> None:
    report = check(
        [start(), phase("cef-movement", side=CEF), move("CEF-2-1RTA", "T-14", "U-15"), phase("attrition")],
        rules=STK,
    )
    assert ids(report) == [("TON-STK-01", 3)]
    assert report.findings[0].severity.value == "illegal" and report.findings[0].actual == 14


def test_an_over_stack_cut_back_before_the_phase_ends_is_legal() -> None:
    report = check(
        [start(), phase("cef-movement", side=CEF), move("CEF-2-1RTA", "T-14", "U-15"), move("CEF-2-1RTA", "U-15", "T-14"),
         phase("attrition")],
        rules=STK,
    )
    assert ids(report) == []


def test_a_log_ending_inside_a_phase_has_not_ended_it() -> None:
    report = check([start(), phase("cef-movement", side=CEF), move("CEF-2-1RTA", "T-14", "U-15")], rules=STK)
    assert ids(report) == []


def test_the_minus_one_marker_counts_one_point_less() -> None:
    places = setup_places(CEF_GM6="V-18", CEF_GM7="V-18", CEF_GMVN1="V-18", CEF_GMVN2="V-18")
    legal = start(places, flipped=["CEF-GMVN1"], statuses=[("CEF-GMVN1", "step-loss"), ("CEF-GMVN2", "step-loss")])
    assert ids(check([legal, phase("replacements"), phase("vm-movement")], rules=STK)) == []  # 4 + 4 + 2 + 3
    over = start(places, flipped=["CEF-GMVN1"], statuses=[("CEF-GMVN2", "step-loss")])
    assert ids(check([over, phase("replacements"), phase("vm-movement")], rules=STK)) == [("TON-STK-01", 2)]  # 4 + 4 + 3 + 3
    # a "-1" marker placed in the phase (a step removed) brings it back to 13
    over = start(places, flipped=["CEF-GMVN1"], statuses=[("CEF-GMVN2", "step-loss")])
    steps = [over, phase("replacements"), status("CEF-GMVN1", "step-loss", place="V-18"), phase("vm-movement")]
    assert ids(check(steps, rules=STK)) == []


def test_an_sd_entered_by_the_enemy_and_removed_is_legal() -> None:
    places = setup_places(CEF_SD_3="Q-8")
    report = check(
        [start(places), phase("vm-movement"), move("VM-308-36", "Q-8", "O-8"), eliminate("CEF-SD-3", "Q-8"),
         move("VM-308-88", "O-7", "O-8"), phase("cef-movement", side=CEF)],
        rules=STK,
    )
    assert ids(report) == []


def test_an_sd_left_beside_the_enemy_when_another_unit_moves_is_a_finding() -> None:
    places = setup_places(CEF_SD_3="Q-8")
    report = check(
        [start(places), phase("vm-movement"), move("VM-308-36", "Q-8", "O-8"), move("VM-308-88", "O-7", "O-8"),
         eliminate("CEF-SD-3", "Q-8")],
        rules=STK,
    )
    assert ids(report) == [("TON-STK-02", 3)]


def test_units_following_into_the_entered_hex_are_not_another_act() -> None:
    places = setup_places(CEF_SD_3="Q-8")
    report = check(
        [start(places), phase("vm-movement"), move("VM-308-36", "Q-8", "O-8"), move("VM-308-88", "Q-8", "O-8"),
         eliminate("CEF-SD-3", "Q-8"), phase("cef-movement", side=CEF)],
        rules=STK,
    )
    assert ids(report) == []


def test_an_sd_still_there_when_the_phase_ends_is_a_finding_at_the_next_phase() -> None:
    places = setup_places(CEF_SD_3="Q-8")
    report = check([start(places), phase("vm-movement"), move("VM-308-36", "Q-8", "O-8"), phase("cef-movement", side=CEF)], rules=STK)
    assert ids(report) == [("TON-STK-02", 3)]


def test_a_paradrop_onto_an_enemy_sd_waits_for_its_overrun() -> None:
    places = setup_places(VM_SD_3="Q-8")
    report = check(
        [start(places), phase("cef-movement", side=CEF), carry("CEF-1BEP", "para", "T-14"), move("CEF-1BEP", "Q-8", "T-14"),
         move("CEF-2BEP", "U-14", "T-14")],
        rules=STK,
    )
    assert ids(report) == []


def test_a_large_force_box_stands_on_its_markers_hex() -> None:
    places = setup_places(CEF_2_1RTA=box_place("large-force-1"))
    on_hanoi = (*track_markers(), ("large-force", "1", "T-14"))
    assert ids(check([start(places, markers=on_hanoi), phase("replacements"), phase("vm-movement")], rules=STK)) == [("TON-STK-01", 2)]
    assert ids(check([start(places), phase("replacements"), phase("vm-movement")], rules=STK)) == []  # no marker on the map
