"""TON-VP-01 (each phase's VP change against what its acts score, 1.9), TON-VP-02 (an eliminated CEF unit's
VP, 6.13), TON-VP-03 (the political objectives, 1.9 A) and TON-VP-04 (nothing after an immediate end, 1.9 C)."""

from __future__ import annotations

from sdbp_module.replay.hexes.events import box_place
from tests.rules_tonkin.tonkin_helpers import (
    CEF,
    VM,
    check,
    eliminate,
    ids,
    marker_move,
    move,
    phase,
    setup_places,
    start,
    track_markers,
    track_move,
)

VP = ["TON-VP-01", "TON-VP-02", "TON-VP-03", "TON-VP-04"]
PO = "political-objective"


def _phase(name: str, *events: object, **kw: object) -> list[object]:
    side = {"vm-movement": VM, "cef-movement": CEF}.get(name)
    return [start(**kw), phase(name, side=side), *events, phase("supply")]  # type: ignore[arg-type]


def test_a_quiet_phase_is_legal() -> None:
    assert ids(check(_phase("vm-movement", move("VM-308-36", "O-9", "O-8")), rules=VP)) == []  # type: ignore[arg-type]


def test_a_vp_hex_taken_and_scored_is_legal() -> None:
    events = _phase("vm-movement", move("VM-148", "K-5", "H-6"), track_move("vp", 50, 48))
    assert ids(check(events, rules=VP)) == []  # type: ignore[arg-type]


def test_a_vp_hex_taken_and_not_scored_is_a_finding_at_the_phase_end() -> None:
    report = check(_phase("vm-movement", move("VM-148", "K-5", "H-6")), rules=VP)  # type: ignore[arg-type]
    assert ids(report) == [("TON-VP-01", 3)]
    assert report.findings[0].severity.value == "illegal" and "K-5" in report.findings[0].message


def test_a_vp_move_later_in_the_phase_is_legal_and_the_last_phase_of_a_log_is_not_judged() -> None:
    events = [start(), phase("vm-movement", side=VM), track_move("vp", 50, 48), move("VM-148", "K-5", "H-6"), phase("cef-movement")]
    assert ids(check(events, rules=VP)) == []
    assert ids(check([start(), phase("vm-movement", side=VM), move("VM-148", "K-5", "H-6")], rules=VP)) == []


def test_dropping_below_ten_delta_communities_scores_ten() -> None:
    # the set-up gives the VM 12 delta communities; the CEF takes Thai Binh (2), V-17 (1) and V-19 (1): 9 left
    moves = (move("CEF-1BEP", "W-18", "T-14"), move("CEF-2BEP", "V-17", "T-14"), move("CEF-3BPC", "V-19", "T-14"))
    assert ids(check(_phase("cef-movement", *moves, track_move("vp", 50, 64)), rules=VP)) == []  # type: ignore[arg-type]
    report = check(_phase("cef-movement", *moves, track_move("vp", 50, 54)), rules=VP)  # type: ignore[arg-type]
    assert ids(report) == [("TON-VP-01", 6)] and "delta" in report.findings[0].message


def test_a_reinforcement_not_paid_is_left_to_the_reinforcement_rule() -> None:
    events = _phase("replacements", move("CEF-GM6", "Y-15", box_place("reinforcements")), track_move("vp", 50, 48))
    assert ids(check(events, rules=VP)) == []  # type: ignore[arg-type]
    unpaid = _phase("replacements", move("CEF-GM6", "Y-15", box_place("reinforcements")))
    assert ids(check(unpaid, rules=VP)) == []  # type: ignore[arg-type]  # TON-REI-02's, not TON-VP-01's


def test_an_eliminated_cef_unit_scored_is_legal() -> None:
    two_steps = _phase("operations", eliminate("CEF-3-3REI", "U-15"), track_move("vp", 50, 49))
    assert ids(check(two_steps, rules=VP)) == []  # type: ignore[arg-type]
    four_steps = _phase("operations", eliminate("CEF-GM6", "V-18"), track_move("vp", 50, 48), places=setup_places(CEF_GM6="V-18"))
    assert ids(check(four_steps, rules=VP)) == []  # type: ignore[arg-type]
    one_step = _phase("operations", eliminate("CEF-GCMA2", "J-12"))  # GCMA: one step, no VP (6.13)
    assert ids(check(one_step, rules=VP)) == []  # type: ignore[arg-type]


def test_an_eliminated_cef_unit_not_scored_is_vp02_at_the_elimination() -> None:
    report = check(_phase("operations", move("VM-308-36", "O-9", "O-8"), eliminate("CEF-3-3REI", "U-15")), rules=VP)  # type: ignore[arg-type]
    assert ids(report) == [("TON-VP-02", 3)] and report.findings[0].severity.value == "illegal"


def test_play_after_the_vm_hq_is_eliminated_is_a_finding() -> None:
    events = [start(), phase("operations"), eliminate("VM-HQ", "U-11", side=CEF), track_move("vp", 50, 50),
              move("VM-308-36", "O-9", "O-8")]
    assert ids(check(events, rules=VP)) == [("TON-VP-04", 4)]
    assert ids(check(events[:4], rules=VP)) == []


def test_a_next_phase_after_the_vm_takes_hanoi_is_a_finding_bookkeeping_is_not() -> None:
    away = {f"CEF_{u}": "U-15" for u in ("1BEP", "2BEP", "3BPC", "6BPC", "4_41RAC")}
    places = setup_places(VM_308_36="S-13", **away)
    events = [start(places), phase("vm-movement", side=VM), move("VM-308-36", "T-14", "S-13"), eliminate("CEF-SD-1", "T-14"),
              eliminate("CEF-SD-2", "T-14"), track_move("vp", 50, 40), phase("cef-movement", side=CEF)]
    assert ids(check(events, rules=["TON-VP-04"])) == [("TON-VP-04", 6)]
    assert ids(check(events[:6], rules=["TON-VP-04"])) == []


def test_political_objectives_placed_on_cef_vp_hexes_are_legal() -> None:
    events = _phase("replacements", marker_move(PO, "", "J-12", "real", side=VM), marker_move(PO, "", "T-14", "rumour", side=VM))
    assert ids(check(events, rules=VP)) == []  # type: ignore[arg-type]


def test_a_political_objective_off_a_vp_hex_is_a_finding() -> None:
    events = _phase("replacements", marker_move(PO, "", "J-12", "real", side=VM), marker_move(PO, "", "M-9", "rumour", side=VM))
    assert ids(check(events, rules=VP)) == [("TON-VP-03", 3)]  # type: ignore[arg-type]


def test_a_rumour_close_to_a_vm_regiment_without_four_cef_steps() -> None:
    # K-5 is 3 hexes from VM-148 and empty: not where the Rumour may stand (1.9 A)
    events = _phase("replacements", marker_move(PO, "", "J-12", "real", side=VM), marker_move(PO, "", "K-5", "rumour", side=VM))
    assert ids(check(events, rules=VP), "suspicious") == [("TON-VP-03", 3)]  # type: ignore[arg-type]


def _placed() -> tuple[tuple[str, str, str], ...]:
    return (*track_markers(), (PO, "real", "J-12"), (PO, "rumour", "T-14"))


def test_placing_them_again_in_the_replacement_phase_for_five_vp_is_legal() -> None:
    events = _phase("replacements", marker_move(PO, "J-12", "W-4", "real", side=VM), marker_move(PO, "T-14", "Y-15", "rumour", side=VM),
                    track_move("vp", 50, 55), markers=_placed())
    assert ids(check(events, rules=VP)) == []  # type: ignore[arg-type]


def test_placing_them_again_without_the_five_vp_is_vp03() -> None:
    events = _phase("replacements", marker_move(PO, "J-12", "W-4", "real", side=VM), marker_move(PO, "T-14", "Y-15", "rumour", side=VM),
                    markers=_placed())
    assert ids(check(events, rules=VP)) == [("TON-VP-03", 2)]  # type: ignore[arg-type]


def test_moving_them_outside_the_replacement_phase_is_vp03() -> None:
    events = _phase("vm-movement", marker_move(PO, "J-12", "W-4", "real", side=VM), track_move("vp", 50, 55), markers=_placed())
    assert ids(check(events, rules=VP)) == [("TON-VP-03", 2)]  # type: ignore[arg-type]


def test_a_vp_hex_held_through_a_large_force_box_does_not_fall() -> None:
    # III/3e REI stands in Large Force box 1, whose marker is on K-5: VM-148 next to it does not take it (1.6, 1.8)
    places = setup_places(CEF_3_3REI=box_place("large-force-1"))
    markers = (*track_markers(), ("large-force", "1", "K-5"))
    events = _phase("vm-movement", move("VM-148", "J-5", "H-6"), places=places, markers=markers)
    assert ids(check(events, rules=VP)) == []  # type: ignore[arg-type]
    assert ids(check(_phase("vm-movement", move("VM-148", "J-5", "H-6")), rules=VP)) == [("TON-VP-01", 3)]  # type: ignore[arg-type]


def test_an_elimination_dragged_to_the_box_counts_as_one() -> None:
    drag = move("CEF-3-3REI", box_place("eliminated"), "U-15")
    assert ids(check(_phase("operations", drag, track_move("vp", 50, 49)), rules=VP)) == []  # type: ignore[arg-type]
    assert ids(check(_phase("operations", drag), rules=VP)) == [("TON-VP-02", 2)]  # type: ignore[arg-type]
