"""TON-SEQ-01..03: the phases in order and their acts, the end-game sequence, the transport markers' reset."""

from __future__ import annotations

from sdbp_module.replay.hexes.events import PackageTaken, box_place
from tests.rules_tonkin.tonkin_helpers import (
    CEF,
    NA_SAN,
    VM,
    carry,
    check,
    ids,
    move,
    phase,
    start,
    status,
    track_move,
)

SEQ = ["TON-SEQ-01", "TON-SEQ-02", "TON-SEQ-03"]


def month(turn: int = NA_SAN, upto: str = "supply") -> list:
    names = ("replacements", "vm-movement", "cef-movement", "attrition", "operations", "supply")
    return [phase(n, turn) for n in names[: names.index(upto) + 1]]


# -- TON-SEQ-01 ---------------------------------------------------------------------------------------


def test_phases_in_order_over_two_months_are_legal() -> None:
    events = [start(), *month(NA_SAN)[1:], *month(NA_SAN + 1)]
    assert ids(check(events, rules=SEQ)) == []


def test_a_phase_skipped_is_out_of_order() -> None:
    events = [start(), phase("vm-movement"), phase("attrition")]
    report = check(events, rules=SEQ)
    assert ids(report) == [("TON-SEQ-01", 2)]
    assert report.findings[0].severity.value == "illegal"


def test_the_month_advancing_before_the_supply_phase_is_out_of_order() -> None:
    events = [start(), *month(NA_SAN, "operations")[1:], phase("replacements", NA_SAN + 1)]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-01", 5)]


def test_the_tracker_clicked_twice_on_a_phase_is_no_finding() -> None:
    events = [start(), phase("vm-movement"), phase("vm-movement"), phase("cef-movement")]
    assert ids(check(events, rules=SEQ)) == []


def test_a_vm_unit_moving_in_the_cef_movement_phase() -> None:
    events = [start(), phase("vm-movement"), phase("cef-movement"), move("VM-316-176", "P-7", "P-8")]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-01", 3)]


def test_a_vm_unit_retreating_from_an_overrun_in_the_cef_phase_is_no_finding() -> None:
    # a CEF unit stands next to the VM unit's hex: its move may be a retreat before or after combat (6.4, 6.5)
    events = [start(), phase("vm-movement"), phase("cef-movement"), move("CEF-3-1RTM", "Q-9", "M-9"),
              move("VM-316-176", "P-7", "P-8")]
    assert [i for i in ids(check(events, rules=SEQ)) if i[1] == 4] == []


def test_a_unit_moving_in_the_attrition_phase() -> None:
    events = [start(), *month(NA_SAN, "attrition")[1:], move("VM-316-176", "P-7", "P-8")]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-01", 4)]


def test_rp_spent_outside_the_replacement_phase_is_seq_01() -> None:
    events = [start(markers=None), phase("vm-movement"), track_move("vm-rp", 0, 3), phase("cef-movement"),
              track_move("vm-rp", 3, 2)]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-01", 4)]


def test_rp_gained_outside_the_replacement_phase_is_no_finding() -> None:
    # +2 RP for a CEF SD taken (2.2 A) comes in a movement phase or an operation
    events = [start(), phase("vm-movement"), track_move("vm-rp", 0, 2)]
    assert ids(check(events, rules=SEQ)) == []


def test_a_package_taken_outside_the_replacement_phase() -> None:
    events = [start(), phase("vm-movement"), PackageTaken(side=VM, package="vm-4rp")]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-01", 2)]


def test_the_steps_of_phase_1_in_order_are_legal() -> None:
    events = [
        start(),
        PackageTaken(side=VM, package="vm-2rp-1sd"),
        move("VM-SD-3", "R-9", box_place("not-in-scenario")),
        move("CEF-GM6", "U-15", box_place("reinforcements")),
        PackageTaken(side=CEF, package="cef-6rp"),
        move("CEF-1BEP", box_place("reinforcements"), "T-14"),
    ]
    assert ids(check(events, rules=SEQ)) == []


def test_the_vm_package_after_the_cef_reinforcements_is_out_of_order() -> None:
    events = [start(), move("CEF-GM6", "U-15", box_place("reinforcements")), PackageTaken(side=VM, package="vm-4rp")]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-01", 2)]


def test_a_cef_step_restored_after_its_withdrawal_is_out_of_order() -> None:
    events = [start(statuses=[("CEF-2BEP", "step-loss")]), move("CEF-1BEP", box_place("reinforcements"), "T-14"),
              status("CEF-2BEP", "step-loss", on=False)]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-01", 2)]


# -- TON-SEQ-02 ---------------------------------------------------------------------------------------

END = 28  # the month after Na San's last (Dec 1952 = 27, reconstructed)


def test_the_end_game_sequence_is_legal() -> None:
    events = [start(turn=27, statuses=[("VM-316-176", "oos")]), *month(27)[1:], phase("replacements", END),
              status("VM-316-176", "step-loss"), phase("vm-movement", END), phase("cef-movement", END),
              phase("attrition", END)]
    assert ids(check(events, rules=SEQ)) == []


def test_an_operations_phase_after_the_end_game_attrition_is_suspicious() -> None:
    events = [start(turn=27), *month(27)[1:], phase("replacements", END), phase("vm-movement", END),
              phase("cef-movement", END), phase("attrition", END), phase("operations", END)]
    report = check(events, rules=SEQ)
    assert ids(report) == [("TON-SEQ-02", 10)]
    assert report.findings[0].severity.value == "suspicious"


def test_a_transport_in_the_end_game_movement_phase() -> None:
    events = [start(turn=27), *month(27)[1:], phase("replacements", END), phase("vm-movement", END),
              carry("VM-316-176", "truck", "P-8")]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-02", 8)]


def test_an_oos_unit_that_loses_no_step_before_the_end_game_movement() -> None:
    events = [start(turn=27, statuses=[("VM-316-176", "oos")]), *month(27)[1:], phase("replacements", END),
              phase("vm-movement", END)]
    assert ids(check(events, rules=SEQ)) == [("TON-SEQ-02", 7)]


def test_a_log_that_plays_on_past_the_end_game_month_is_a_campaign() -> None:
    events = [start(turn=27), *month(27)[1:], *month(END), phase("replacements", END + 1)]
    assert ids(check(events, rules=SEQ)) == []


# -- TON-SEQ-03 ---------------------------------------------------------------------------------------


def test_trucks_reset_before_the_next_month_is_legal() -> None:
    events = [start(), phase("vm-movement"), carry("VM-316-176", "truck", "P-8"), track_move("trucks", 3, 2),
              *month(NA_SAN)[2:], track_move("trucks", 2, 3), phase("replacements", NA_SAN + 1),
              PackageTaken(side=VM, package="vm-4rp")]
    assert ids(check(events, rules=SEQ)) == []


def test_trucks_used_and_not_reset() -> None:
    events = [start(), phase("vm-movement"), carry("VM-316-176", "truck", "P-8"), track_move("trucks", 3, 2),
              *month(NA_SAN)[2:], phase("replacements", NA_SAN + 1), PackageTaken(side=VM, package="vm-4rp")]
    report = check(events, rules=SEQ)
    assert ids(report) == [("TON-SEQ-03", 9)]
    assert report.findings[0].severity.value == "illegal"


def test_air_transport_reset_to_another_value_is_suspicious() -> None:
    events = [start(), phase("vm-movement"), phase("cef-movement"), track_move("air-transport", 4, 1),
              *month(NA_SAN)[3:], phase("replacements", NA_SAN + 1), track_move("air-transport", 1, 3),
              PackageTaken(side=VM, package="vm-4rp")]
    report = check(events, rules=SEQ)
    assert ids(report) == [("TON-SEQ-03", 9)]
    assert report.findings[0].severity.value == "suspicious"


def test_no_reset_is_due_before_the_end_game_sequence() -> None:
    events = [start(turn=27), phase("vm-movement", 27), carry("VM-316-176", "truck", "P-8"), track_move("trucks", 3, 2),
              *month(27)[2:], phase("replacements", END), status("VM-316-176", "step-loss", place="P-8")]
    assert ids(check(events, rules=SEQ)) == []
