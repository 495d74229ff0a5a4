"""Area control (``rules/control.py``; rules 13.0, 2.1.2): catalogue §4.5 CT-1..CT-4, MV-14.

Trench removal on French control (CT-4) and trench persistence (CT-2) are the trench rules'
(TRENCH-REMOVED-ON-FR-CONTROL, TRENCH-PERSISTS), not judged here.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from sdbp_module.ids import Severity, Side
from sdbp_module.replay.events import (
    ControlSet,
    Damage,
    DamageResult,
    Relocate,
    UnitOutcome,
)
from sdbp_module.replay.location import ELIMINATED
from sdbp_module.replay.state import GameState
from tests.rules._movement_fixtures import (
    FR,
    VM,
    aid,
    example_state,
    moved,
    run,
    uid,
    verdicts,
)

ILLEGAL = "illegal"

CT_17 = """
turn 2 action french
17: FR-L VM-V | ctrl french
11: VM-W1 | ctrl viet_minh
"""


def test_ct_1_last_french_unit_eliminated() -> None:
    """§4.5 CT-1 (13.0): the last French unit in 17 (one VM unit there) is eliminated → 17 is VM
    at once; VM units may then move in freely (no VM-ENTER-FR-OCCUPIED)."""
    report = run(
        example_state(CT_17),
        Relocate(units=(uid("FR-L"),), to=ELIMINATED, reason="eliminated"),
        *moved(VM, "VM-W1", 11, 17, action=2),
    )
    assert verdicts(report) == []
    assert report.final.controller(aid(17)) is VM


def test_ct_1_log_keeping_17_french_is_control_change() -> None:
    """§4.5 CT-1 (13.0): a control marker showing 17 still French after the elimination → illegal."""
    report = run(
        example_state(CT_17),
        Relocate(units=(uid("FR-L"),), to=ELIMINATED, reason="eliminated"),
        ControlSet(area=aid(17), side=FR),
    )
    assert verdicts(report) == [("CONTROL-CHANGE", ILLEGAL, ("VM-V",), (17,))]
    (f,) = [f for f in report.findings if f.rule_id == "CONTROL-CHANGE"]
    assert f.message == (
        "The control marker shows French in area 17, but 13.0 gives Viet Minh "
        "(0 French and 1 Viet Minh units there)."
    )
    assert (f.expected, f.actual) == ("viet_minh", "french")


def test_ct_1_by_damage() -> None:
    """§4.5 CT-1 (13.0, 8.4): the same elimination logged as damage → 17 passes to the VM."""
    dmg = Damage(side=FR, target=aid(17), outcomes=(UnitOutcome(uid("FR-L"), DamageResult.ELIMINATE),))
    report = run(example_state(CT_17), dmg, ControlSet(area=aid(17), side=VM))
    assert verdicts(report) == []
    assert report.final.controller(aid(17)) is VM


CT_2 = """
turn 2 action viet_minh
11: VM-W1 VM-W2 | ctrl viet_minh | trench 2
7: | ctrl viet_minh
"""


def test_ct_2_emptied_vm_area_stays_vm() -> None:
    """§4.5 CT-2 (13.0): all VM units leave 11; it stays VM (empty areas keep their controller)."""
    report = run(example_state(CT_2), *moved(VM, "VM-W1 VM-W2", 11, 7))
    assert verdicts(report) == []
    assert report.final.controller(aid(11)) is VM
    assert report.final.trench(aid(11)) == 2


def test_ct_2_log_flipping_empty_area_is_control_change() -> None:
    """§4.5 CT-2 (13.0): marking the emptied 11 French → CONTROL-CHANGE illegal."""
    report = run(example_state(CT_2), *moved(VM, "VM-W1 VM-W2", 11, 7), ControlSet(area=aid(11), side=FR))
    assert verdicts(report) == [("CONTROL-CHANGE", ILLEGAL, (), (11,))]


def test_ct_3_contested_area_keeps_controller() -> None:
    """§4.5 CT-3 (13.0): French and VM in 17; the French keep a unit (K) → no change."""
    start = example_state("turn 2 action french\n17: FR-K FR-L VM-V | ctrl french\n14: | ctrl french")
    report = run(start, *moved(FR, "FR-L", 17, 14))
    assert verdicts(report) == []
    assert report.final.controller(aid(17)) is FR
    marked = run(start, *moved(FR, "FR-L", 17, 14), ControlSet(area=aid(17), side=VM))
    assert verdicts(marked) == [("CONTROL-CHANGE", ILLEGAL, ("FR-K", "VM-V"), (17,))]


CT_4 = """
turn 2 action french
11: FR-A VM-W1 | ctrl viet_minh | trench 1
7: | ctrl viet_minh
"""


def test_ct_4_vm_area_becomes_french_by_retreat() -> None:
    """§4.5 CT-4 (13.0, 8.4.2): the last VM unit retreats out of VM-controlled 11, which holds a
    French unit → 11 becomes French (the trench's removal is TRENCH-REMOVED-ON-FR-CONTROL's)."""
    dmg = Damage(
        side=VM, target=aid(11), outcomes=(UnitOutcome(uid("VM-W1"), DamageResult.FLIP_RETREAT, (aid(7),)),)
    )
    report = run(example_state(CT_4), dmg)
    assert verdicts(report) == []
    assert report.final.controller(aid(11)) is FR


def test_ct_4_log_keeping_vm_is_control_change() -> None:
    """§4.5 CT-4 (13.0): a control marker keeping 11 VM after the retreat → illegal."""
    dmg = Damage(
        side=VM, target=aid(11), outcomes=(UnitOutcome(uid("VM-W1"), DamageResult.FLIP_RETREAT, (aid(7),)),)
    )
    report = run(example_state(CT_4), dmg, ControlSet(area=aid(11), side=VM))
    assert verdicts(report) == [("CONTROL-CHANGE", ILLEGAL, ("FR-A",), (11,))]


def test_mv_14_log_showing_e_still_french() -> None:
    """§4.1 MV-14 (13.0): after a VM stack passed through empty French E (51), a log showing E
    French → CONTROL-CHANGE illegal; showing it VM → PASS."""
    start = example_state(
        "turn 2 action viet_minh\n50: | ctrl viet_minh\n51: | ctrl french\n52: VM-T1 VM-T2 | ctrl viet_minh"
    )
    bad = run(start, *moved(VM, "VM-T1 VM-T2", 52, 51, 50), ControlSet(area=aid(51), side=FR))
    assert verdicts(bad) == [("CONTROL-CHANGE", ILLEGAL, (), (51,))]
    good = run(start, *moved(VM, "VM-T1 VM-T2", 52, 51, 50), ControlSet(area=aid(51), side=VM))
    assert verdicts(good) == []


def test_control_marker_for_printed_owner_is_info() -> None:
    """2.1.2, 13.0 CONTROL-MARKER: a marker showing area 7's printed owner (VM) → info."""
    report = run(
        example_state("turn 2 action french\n7: VM-V | ctrl viet_minh"), ControlSet(area=aid(7), side=VM)
    )
    assert verdicts(report, with_info=True, markers=True) == [("CONTROL-MARKER", "info", (), (7,))]


def test_control_marker_where_control_differs_is_silent() -> None:
    """2.1.2, 13.0 CONTROL-MARKER: a marker showing VM on French-printed 14 after capture → no info;
    the end of the log says it cannot tell which areas lack a marker (the replay keeps none)."""
    start = example_state("turn 2 action viet_minh\n14: | ctrl french\n17: VM-T1 | ctrl viet_minh")
    report = run(start, *moved(VM, "VM-T1", 17, 14), ControlSet(area=aid(14), side=VM))
    assert verdicts(report, with_info=True, markers=True) == [
        ("CONTROL-MARKER", Severity.CANNOT_CHECK.value, (), (14, 17)),
    ]


def test_marker_for_capture_in_passing_without_path_is_info() -> None:
    """13.0, 7.0: a VM stack moves 52 → 50 with no path logged; marking empty 51 VM is explained
    by a capture in passing (52 → 51 → 50 is within reach) → info, not CONTROL-CHANGE."""
    start = example_state(
        "turn 2 action viet_minh\n50: | ctrl viet_minh\n51: | ctrl french\n52: VM-T1 VM-T2 | ctrl viet_minh"
    )
    report = run(
        start, *moved(VM, "VM-T1 VM-T2", 52, 50, logged_path=False), ControlSet(area=aid(51), side=VM)
    )
    assert verdicts(report, with_info=True) == [("CONTROL-CHANGE", "info", (), (51,))]
    # an area out of the stack's reach (14 is not linked to 50–52) stays illegal
    far = run(start, *moved(VM, "VM-T1 VM-T2", 52, 50, logged_path=False), ControlSet(area=aid(14), side=VM))
    assert verdicts(far) == [("CONTROL-CHANGE", ILLEGAL, (), (14,))]


def _with_markers(text: str, **markers: str) -> GameState:
    """A notation state whose control marker pieces are known (area number → side word)."""
    shown = {aid(int(a[1:])): Side(s) for a, s in markers.items()}
    return replace(example_state(text), control_markers=MappingProxyType(shown))


def test_missing_control_marker_is_info_at_the_end() -> None:
    """2.1.2, 13.0 CONTROL-MARKER (missing half): a VM capture of French-printed 14 with no marker
    placed → info at the end of the log, naming area 14 (17 carries its VM marker from the start)."""
    start = _with_markers("turn 2 action viet_minh\n14: | ctrl french\n17: VM-T1 | ctrl viet_minh", a17="viet_minh")
    report = run(start, *moved(VM, "VM-T1", 17, 14))
    assert verdicts(report, with_info=True, markers=True) == [("CONTROL-MARKER", "info", (), (14,))]
    (f,) = [f for f in report.findings if f.rule_id == "CONTROL-MARKER"]
    assert f.message == (
        "Area 14 ends Viet Minh-controlled (printed French) with no control marker on it; "
        "a marker shows control that differs from the printed box."
    )
    assert (f.expected, f.actual) == ("viet_minh", None)


def test_control_marker_placed_on_the_capture_says_nothing() -> None:
    start = _with_markers("turn 2 action viet_minh\n14: | ctrl french\n17: VM-T1 | ctrl viet_minh", a17="viet_minh")
    report = run(start, *moved(VM, "VM-T1", 17, 14), ControlSet(area=aid(14), side=VM))
    assert verdicts(report, with_info=True, markers=True) == []
    assert report.final.control_markers == {aid(14): VM, aid(17): VM}


# -- a marker put down and turned in one act (replay.markers): judged at the face its player gave it --

CAPTURE_14 = "turn 2 action viet_minh\n14: | ctrl french\n17: VM-T1 | ctrl viet_minh\n10: FR-A | ctrl french"


def test_control_marker_placed_with_the_palette_face_and_turned_is_one_marker() -> None:
    """13.0: the VM captures 14, drags a control marker from the palette (French face) and turns it to
    VM with its menu → one VM marker, no CONTROL-CHANGE, no CONTROL-MARKER info for the palette face."""
    start = _with_markers(CAPTURE_14, a17="viet_minh")
    report = run(
        start,
        *moved(VM, "VM-T1", 17, 14),
        ControlSet(area=aid(14), side=FR, by=VM),
        ControlSet(area=aid(14), side=VM, was=FR, by=VM),
    )
    assert verdicts(report, with_info=True, markers=True) == []
    assert report.final.control_markers == {aid(14): VM, aid(17): VM}
    assert report.final.controller(aid(14)) is VM


def test_control_marker_dropped_before_the_move_and_turned_after_it_is_judged_when_the_act_is_done() -> None:
    """13.0: the marker dropped first (palette face French), the units moved in, then the marker
    turned: judged with its last face after the move → nothing."""
    report = run(
        example_state(CAPTURE_14),
        ControlSet(area=aid(14), side=FR, by=VM),
        *moved(VM, "VM-T1", 17, 14),
        ControlSet(area=aid(14), side=VM, was=FR, by=VM),
    )
    assert verdicts(report) == []


def test_control_marker_turned_to_a_wrong_face_is_still_control_change() -> None:
    """13.0: the French face is turned to VM in an area the French still hold alone → illegal, once,
    at the step that ends the act (the face the player gave it)."""
    report = run(
        example_state(CAPTURE_14),
        *moved(VM, "VM-T1", 17, 14),
        ControlSet(area=aid(10), side=FR, by=VM),
        ControlSet(area=aid(10), side=VM, was=FR, by=VM),
    )
    assert verdicts(report) == [("CONTROL-CHANGE", ILLEGAL, ("FR-A",), (10,))]
    (f,) = [f for f in report.findings if f.rule_id == "CONTROL-CHANGE"]
    assert f.where.index == 3 and (f.expected, f.actual) == ("french", "viet_minh")


def test_control_marker_turned_by_the_other_player_is_not_the_placement() -> None:
    """13.0: the VM leaves the French face on captured 14 and the French player turns it: the VM's act
    put down a French marker where 13.0 gives VM → illegal; the French turn is judged on its own (right)."""
    report = run(
        example_state(CAPTURE_14),
        *moved(VM, "VM-T1", 17, 14),
        ControlSet(area=aid(14), side=FR, by=VM),
        ControlSet(area=aid(14), side=VM, was=FR, by=FR),
    )
    assert verdicts(report) == [("CONTROL-CHANGE", ILLEGAL, ("VM-T1",), (14,))]


def test_control_marker_turned_in_a_later_action_is_a_correction_not_the_placement() -> None:
    """13.0: a French face left on captured 14 through the French action is a wrong marker (illegal at
    its step); the VM turning it in its next action is judged as what it shows then (right)."""
    report = run(
        _with_markers(CAPTURE_14 + "\n21: FR-B | ctrl french\n29: | ctrl french", a17="viet_minh"),
        *moved(VM, "VM-T1", 17, 14),
        ControlSet(area=aid(14), side=FR, by=VM),
        *moved(FR, "FR-B", 21, 29),
        ControlSet(area=aid(14), side=VM, was=FR, by=VM),
    )
    assert verdicts(report) == [("CONTROL-CHANGE", ILLEGAL, ("VM-T1",), (14,))]
    assert report.final.control_markers == {aid(14): VM, aid(17): VM}
