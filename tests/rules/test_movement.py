"""Movement rules (``rules/movement.py``): the worked examples of catalogue §4.1 (rule 7.0 example).

Map, control and units are the seed's 7.0 example as the catalogue's fixture gives it (see
``_movement_fixtures``): 10 French with A (MA 2) and B (MA 3); 7 VM, empty; 11 VM with two VM
units; 17 French with armour K (MA 4), L (MA 3) and VM unit V (MA 2); 14 French, empty; rivers
without a bridge on 10|17 and 11|17. The seed describes direct moves, so the examples log the
direct path; the no-path variants check the path search.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from sdbp_module.ids import Severity
from sdbp_module.replay.events import (
    Assault,
    Damage,
    DamageResult,
    Move,
    MoveKind,
    Pass,
    UnitOutcome,
)
from sdbp_module.rules.checker import Report
from sdbp_module.rules.findings import Finding
from tests.rules._movement_fixtures import (
    FR,
    VM,
    aid,
    example_state,
    flip,
    move,
    moved,
    run,
    uid,
    verdicts,
)

ILLEGAL = Severity.ILLEGAL.value


def only(report: Report, rule_id: str) -> list[Finding]:
    return [f for f in report.findings if f.rule_id == rule_id]


def mine(report: Report) -> list[Finding]:
    """Findings other than CONTROL-MARKER's (its end-of-log cannot-check is tested elsewhere)."""
    return [f for f in report.findings if f.rule_id != "CONTROL-MARKER"]


# -- §4.1 MV-1 .. MV-10 ---------------------------------------------------------------------------


def test_mv_1_two_french_units_10_to_7_cost_2() -> None:
    """§4.1 MV-1 (7.0): A+B 10 → 7 costs 1 + 1 = 2 (7 is enemy-controlled): PASS with MA 2."""
    report = run(example_state(), *moved(FR, "FR-A FR-B", 10, 7))
    assert verdicts(report) == []


def test_mv_1_with_ma_1_is_move_cost() -> None:
    """§4.1 MV-1 (7.0), illegal variant: a stack with MA 1 cannot pay the 2 MP for 10 → 7."""
    start = example_state(extra="10: FR-SLOW")
    report = run(start, *moved(FR, "FR-A FR-SLOW", 10, 7))
    # A alone could pay it: the stack used A's MA 2 instead of its lowest, 1 (as in MV-13)
    assert verdicts(report) == [
        ("MOVE-COST", ILLEGAL, ("FR-A", "FR-SLOW"), (10, 7)),
        ("MOVE-STACK-MA", ILLEGAL, ("FR-A", "FR-SLOW"), (10, 7)),
    ]
    (f,) = only(report, "MOVE-COST")
    assert (f.expected, f.actual) == (1, 2)


def test_mv_2_10_to_11_one_surcharge_for_control_and_units() -> None:
    """§4.1 MV-2 (7.0): 10 → 11 costs 1 + 1 = 2 (enemy control and enemy units: one +1)."""
    report = run(example_state(), *moved(FR, "FR-A FR-B", 10, 11))
    assert verdicts(report) == []


def test_mv_3_10_to_17_one_surcharge_for_river_and_enemy_unit() -> None:
    """§4.1 MV-3 (7.0): 10 → 17 costs 1 + 1 = 2 (river and enemy unit: one +1)."""
    report = run(example_state(), *moved(FR, "FR-A FR-B", 10, 17))
    assert verdicts(report) == []


def test_mv_4_armour_17_to_10_is_fr_armor_river() -> None:
    """§4.1 MV-4 (7.0): armour K 17 → 10 crosses a river without a bridge: FR-ARMOR-RIVER."""
    report = run(example_state(), *moved(FR, "FR-K", 17, 10))
    assert verdicts(report) == [("FR-ARMOR-RIVER", ILLEGAL, ("FR-K",), (17, 10))]


def test_mv_4_armour_17_to_11_is_fr_armor_river() -> None:
    """§4.1 MV-4 (7.0): armour K 17 → 11 likewise, whatever K's MA."""
    report = run(example_state(), *moved(FR, "FR-K", 17, 11))
    assert verdicts(report) == [("FR-ARMOR-RIVER", ILLEGAL, ("FR-K",), (17, 11))]


def test_mv_4_armour_17_to_10_without_path_has_no_legal_route() -> None:
    """§4.1 MV-4 with no logged path: the only dry route 17 → 14 → 11 → 10 costs 6 > K's 4 MP.

    No legal path within reach, and the cheapest attempt crosses the river: FR-ARMOR-RIVER.
    """
    report = run(example_state(), *moved(FR, "FR-K", 17, 10, logged_path=False))
    assert verdicts(report) == [("FR-ARMOR-RIVER", ILLEGAL, ("FR-K",), (17, 10))]


def test_mv_4_armour_17_to_11_without_path_may_go_round() -> None:
    """§4.1 MV-4 with no logged path to 11: 17 → 14 → 11 avoids the river for 2 + 2 = 4 MP.

    A move whose path the log does not give is legal if some legal path exists (the map's
    14–11 border comes from the 8.4 fire example), so with K's MA 4 this passes.
    """
    report = run(example_state(), *moved(FR, "FR-K", 17, 11, logged_path=False))
    assert verdicts(report) == []


def test_mv_5_l_17_to_11_costs_3() -> None:
    """§4.1 MV-5 (7.0): L 17 → 11 costs 1 + 1 + 1 (leaving 17, which holds V) = 3: PASS with MA 3."""
    report = run(example_state(), *moved(FR, "FR-L", 17, 11))
    assert verdicts(report) == []


def test_mv_5_with_ma_2_is_move_cost() -> None:
    """§4.1 MV-5 (7.0), illegal variant: with MA 2 the 3-MP step 17 → 11 is MOVE-COST."""
    start = example_state(extra="17: FR-L2")
    report = run(start, *moved(FR, "FR-L2", 17, 11))
    assert verdicts(report) == [("MOVE-COST", ILLEGAL, ("FR-L2",), (17, 11))]
    (f,) = only(report, "MOVE-COST")
    assert (f.expected, f.actual) == (2, 3)
    assert f.message == "Moving 17 → 11 costs 3 = 3 MP along the logged path; the stack has 2 MP."


def test_mv_6_l_17_to_10_costs_3() -> None:
    """§4.1 MV-6 (7.0): L 17 → 10 costs 1 + 1 (river) + 1 (leaving) = 3: PASS with MA 3."""
    report = run(example_state(), *moved(FR, "FR-L", 17, 10))
    assert verdicts(report) == []


def test_mv_7_vm_17_to_10_is_vm_enter_fr_occupied() -> None:
    """§4.1 MV-7 (7.0): V 17 → 10 enters a French-controlled area with French units."""
    for logged in (True, False):
        report = run(example_state(), *moved(VM, "VM-V", 17, 10, logged_path=logged))
        assert verdicts(report) == [("VM-ENTER-FR-OCCUPIED", ILLEGAL, ("VM-V",), (17, 10))]


def test_mv_8_vm_17_to_14_costs_3_over_2() -> None:
    """§4.1 MV-8 (7.0): V 17 → 14 costs 1 + 1 + 1 = 3 > 2: MOVE-COST (also with no path logged)."""
    for logged in (True, False):
        report = run(example_state(), *moved(VM, "VM-V", 17, 14, logged_path=logged))
        assert verdicts(report) == [("MOVE-COST", ILLEGAL, ("VM-V",), (17, 14))]
        (f,) = only(report, "MOVE-COST")
        assert (f.expected, f.actual) == (2, 3)


def test_mv_9_vm_17_to_11_costs_3_over_2() -> None:
    """§4.1 MV-9 (7.0): V 17 → 11 costs 1 + 1 (river) + 1 = 3 > 2: MOVE-COST."""
    for logged in (True, False):
        report = run(example_state(), *moved(VM, "VM-V", 17, 11, logged_path=logged))
        assert verdicts(report) == [("MOVE-COST", ILLEGAL, ("VM-V",), (17, 11))]
        (f,) = only(report, "MOVE-COST")
        assert (f.expected, f.actual) == (2, 3)


def test_mv_10_checker_recomputes_the_cost() -> None:
    """§4.1 MV-10 (7.0): legality rests on the recomputed cost 2 ≤ MA, whatever the log claims."""
    report = run(example_state(), *moved(FR, "FR-A FR-B", 10, 7, logged_path=False))
    assert verdicts(report, with_info=True) == []


@pytest.mark.parametrize("logged_path", [True, False])
def test_mv_10_logged_cost_mismatch_is_info(logged_path: bool) -> None:
    """§4.1 MV-10: A+B logged as paying 3 MP for 10 → 7 (it costs 2): info, and no MOVE-COST."""
    mv, fl = moved(FR, "FR-A FR-B", 10, 7, logged_path=logged_path)
    report = run(example_state(), replace(mv, cost=3), fl)
    assert verdicts(report, with_info=True) == [("MOVE-COST", "info", ("FR-A", "FR-B"), (10, 7))]
    (f,) = [x for x in report.findings if x.rule_id == "MOVE-COST"]
    how = "along the logged path" if logged_path else "by any path (none logged)"
    assert f.message == (
        f"The log says moving 10 → 7 cost 3 MP; step by step it costs 2 MP {how}. "
        "Legality rests on the recomputed cost."
    )
    assert (f.expected, f.actual) == (2, 3)


def test_mv_10_logged_cost_that_matches_says_nothing() -> None:
    mv, fl = moved(FR, "FR-A FR-B", 10, 7)
    assert verdicts(run(example_state(), replace(mv, cost=2), fl), with_info=True) == []


# -- §4.1 MV-11 .. MV-15 (hypothetical map) --------------------------------------------------------

MV_11 = """
turn 2 action french
40: FR-U | ctrl french
41: | ctrl viet_minh | trench 2
42: | ctrl french
"""


def test_mv_11_control_changes_mid_move() -> None:
    """§4.1 MV-11 (7.0, 13.0): P → Q → R costs 2 + 1 = 3 (no leaving surcharge from Q): PASS.

    Q becomes French on entry. A checker pricing the path with control as at the start would
    get 2 + 2 = 4 and wrongly flag MOVE-COST.
    """
    report = run(example_state(MV_11), *moved(FR, "FR-U", 40, 41, 42))
    assert verdicts(report) == []
    assert report.final.controller(aid(41)) is FR
    assert report.final.is_spent(uid("FR-U"))
    # with no path logged, the search finds the same 3-MP route (the capture itself is unknown)
    report = run(example_state(MV_11), *moved(FR, "FR-U", 40, 42, logged_path=False))
    assert verdicts(report) == []


def test_mv_11_unit_left_fresh_is_move_flip_spent() -> None:
    """§4.1 MV-11 / 7.0: "after moving, the units flip to spent"; U left fresh → MOVE-FLIP-SPENT."""
    report = run(example_state(MV_11), move(FR, "FR-U", 40, 41, 42), Pass(side=VM))
    assert verdicts(report) == [("MOVE-FLIP-SPENT", ILLEGAL, ("FR-U",), (42,))]


def test_mv_12_two_stack_into_x_with_8() -> None:
    """§4.1 MV-12 (7.0): 8 French in X; a 2-unit stack ending in X → STACK-LIMIT-9."""
    start = example_state(
        "turn 2 action french\n50: " + " ".join(f"FR-S{i}" for i in range(1, 9)) + " | ctrl french\n"
        "51: FR-S9 FR-S10 | ctrl french\n52: | ctrl viet_minh"
    )
    report = run(start, *moved(FR, "FR-S9 FR-S10", 51, 50))
    x_units = tuple(f"FR-S{i}" for i in (1, 10, 2, 3, 4, 5, 6, 7, 8, 9))
    assert verdicts(report) == [("STACK-LIMIT-9", ILLEGAL, x_units, (50,))]
    (f,) = mine(report)
    assert (f.expected, f.actual) == (9, 10)


def test_mv_12_two_stack_through_x_with_8() -> None:
    """§4.1 MV-12 (7.0): the same stack passing through X to Y → STACK-LIMIT-9 ("nor through it")."""
    start = example_state(
        "turn 2 action french\n50: " + " ".join(f"FR-S{i}" for i in range(1, 9)) + " | ctrl french\n"
        "51: FR-S9 FR-S10 | ctrl french\n52: | ctrl viet_minh"
    )
    report = run(start, *moved(FR, "FR-S9 FR-S10", 51, 50, 52))
    assert verdicts(report) == [("STACK-LIMIT-9", ILLEGAL, ("FR-S9", "FR-S10"), (50,))]
    (f,) = mine(report)
    assert (f.expected, f.actual) == (9, 10)


def test_mv_12_one_unit_into_x_is_9() -> None:
    """§4.1 MV-12 (7.0): a 1-unit move into X makes 9: PASS."""
    start = example_state(
        "turn 2 action french\n50: " + " ".join(f"FR-S{i}" for i in range(1, 9)) + " | ctrl french\n"
        "51: FR-S9 FR-S10 | ctrl french\n52: | ctrl viet_minh"
    )
    report = run(start, *moved(FR, "FR-S9", 51, 50))
    assert verdicts(report) == []


def test_mv_13_stack_ma_is_the_lowest() -> None:
    """§4.1 MV-13 (7.0): MA 4 + MA 2 over a path costing 3 → MOVE-STACK-MA and MOVE-COST."""
    start = example_state(MV_11.replace("FR-U", "FR-M4 FR-M2"))
    report = run(start, *moved(FR, "FR-M4 FR-M2", 40, 41, 42))
    assert verdicts(report) == [
        ("MOVE-COST", ILLEGAL, ("FR-M4", "FR-M2"), (40, 41, 42)),
        ("MOVE-STACK-MA", ILLEGAL, ("FR-M4", "FR-M2"), (40, 41, 42)),
    ]
    assert [(f.expected, f.actual) for f in mine(report)] == [(2, 3), (2, 3)]


def test_mv_13_stack_within_lowest_ma_is_legal() -> None:
    """§4.1 MV-13, legal variant (7.0): the same stack on a 2-MP step 40 → 41."""
    start = example_state(MV_11.replace("FR-U", "FR-M4 FR-M2"))
    assert verdicts(run(start, *moved(FR, "FR-M4 FR-M2", 40, 41))) == []


MV_14 = """
turn 2 action viet_minh
50: | ctrl viet_minh
51: | ctrl french
52: VM-T1 VM-T2 | ctrl viet_minh
"""


def test_mv_14_pass_through_capture() -> None:
    """§4.1 MV-14 (7.0, 13.0): a VM stack passing through empty French E captures it for good."""
    report = run(example_state(MV_14), *moved(VM, "VM-T1 VM-T2", 52, 51, 50))
    assert verdicts(report) == []
    assert report.final.controller(aid(51)) is VM


def test_mv_15_vm_path_through_french_occupied() -> None:
    """§4.1 MV-15 (7.0): X → Y → Z with Y French-controlled holding a French unit is forbidden."""
    start = example_state(MV_14 + "\n51: FR-S1")
    report = run(start, *moved(VM, "VM-T1 VM-T2", 52, 51, 50))
    assert verdicts(report) == [("VM-ENTER-FR-OCCUPIED", ILLEGAL, ("VM-T1", "VM-T2"), (52, 51))]


def test_mv_15_without_path_takes_the_legal_route() -> None:
    """§4.1 MV-15, no path logged: the direct 52 → 50 route exists, so the move is legal."""
    start = example_state(MV_14 + "\n51: FR-S1")
    report = run(start, *moved(VM, "VM-T1 VM-T2", 52, 50, logged_path=False))
    assert verdicts(report) == []


# -- every rule id: a violating and a legal case --------------------------------------------------


def test_move_adjacent_path_non_adjacent_step() -> None:
    """7.0 MOVE-ADJACENT-PATH: a logged step 10 → 14 joins areas that do not touch."""
    report = run(example_state(), *moved(FR, "FR-B", 10, 14))
    assert verdicts(report) == [("MOVE-ADJACENT-PATH", ILLEGAL, ("FR-B",), (10, 14))]


def test_move_adjacent_path_no_chain() -> None:
    """7.0 MOVE-ADJACENT-PATH: no chain of adjacent areas links 10 to 40 (no path logged)."""
    report = run(example_state(), *moved(FR, "FR-B", 10, 40, logged_path=False))
    assert verdicts(report) == [("MOVE-ADJACENT-PATH", ILLEGAL, ("FR-B",), (10, 40))]


def test_move_adjacent_path_adjacent_steps_are_priced() -> None:
    """7.0 MOVE-ADJACENT-PATH, legal: 10 → 7 → 11 joins adjacent areas, so the path is priced.

    MOVE-ADJACENT-PATH is silent; the cost 4 exceeds B's MA 3, which MOVE-COST reports.
    """
    report = run(example_state(), *moved(FR, "FR-B", 10, 7, 11))
    # 10 → 7: 2; 7 → 11: 1 + 1 (enemy units and control) = 2 (7 captured: no leaving surcharge)
    assert verdicts(report) == [("MOVE-COST", ILLEGAL, ("FR-B",), (10, 7, 11))]
    assert only(report, "MOVE-COST")[0].actual == 4


def test_move_stack_together_different_destinations() -> None:
    """7.0 MOVE-STACK-TOGETHER: units of one move action go to 7 and to 11."""
    report = run(
        example_state(),
        move(FR, "FR-A", 10, 7, action=1),
        move(FR, "FR-B", 10, 11, action=1),
        flip("FR-A FR-B"),
    )
    assert verdicts(report) == [("MOVE-STACK-TOGETHER", ILLEGAL, ("FR-B",), (10, 7, 11))]


def test_move_stack_together_same_destination_in_two_events() -> None:
    """7.0 MOVE-STACK-TOGETHER, legal: a stack logged one unit at a time, same origin and end.

    The second event is judged as the whole stack: MA = min(2, 3) = 2, cost 2.
    """
    report = run(
        example_state(),
        move(FR, "FR-B", 10, 7, action=1),
        move(FR, "FR-A", 10, 7, action=1),
        flip("FR-A FR-B"),
    )
    assert verdicts(report) == []


def test_move_stack_split_events_use_the_stack_ma() -> None:
    """7.0 MOVE-STACK-MA across events: B (MA 3) then SLOW (MA 1) to 17; the stack has 1 MP.

    The second event is judged as the whole stack (B put back in 10): 10 → 17 costs 2 > 1.
    """
    start = example_state(extra="10: FR-SLOW")
    report = run(
        start,
        move(FR, "FR-B", 10, 17, action=1),
        move(FR, "FR-SLOW", 10, 17, action=1),
        flip("FR-B FR-SLOW"),
    )
    assert verdicts(report) == [
        ("MOVE-COST", ILLEGAL, ("FR-SLOW", "FR-B"), (10, 17)),
        ("MOVE-STACK-MA", ILLEGAL, ("FR-SLOW", "FR-B"), (10, 17)),
    ]


def test_fr_red_area_move() -> None:
    """2.2.1, 7.0 FR-RED-AREA: a French unit moving into red area 60."""
    report = run(example_state(extra="60: | ctrl viet_minh"), *moved(FR, "FR-B", 10, 60))
    assert verdicts(report) == [("FR-RED-AREA", ILLEGAL, ("FR-B",), (10, 60))]


def test_fr_red_area_vm_may_enter() -> None:
    """2.2.1, 7.0 FR-RED-AREA, legal: the restriction is French only; VM units enter 60."""
    start = example_state("turn 2 action viet_minh\n10: | ctrl french\n60: VM-T1 | ctrl viet_minh")
    report = run(start, *moved(VM, "VM-T1", 60, 10))
    assert verdicts(report) == []


def test_fr_red_area_retreat() -> None:
    """2.2.1, 8.4.2 FR-RED-AREA: a French unit retreating into red area 60 (any way in counts)."""
    start = example_state("turn 2 action viet_minh\n10: FR-A | ctrl french\n60: | ctrl french")
    dmg = Damage(
        side=FR,
        target=aid(10),
        points=1,
        outcomes=(UnitOutcome(uid("FR-A"), DamageResult.FLIP_RETREAT, (aid(60),)),),
    )
    report = run(start, dmg)
    assert verdicts(report) == [("FR-RED-AREA", ILLEGAL, ("FR-A",), (60,))]


def test_fr_armor_river_bridge_is_legal() -> None:
    """7.0 FR-ARMOR-RIVER, legal: armour crosses the river 29 → 28 by the bridge (1 MP)."""
    start = example_state("turn 2 action french\n29: FR-K | ctrl french\n28: | ctrl french")
    assert verdicts(run(start, *moved(FR, "FR-K", 29, 28))) == []


def test_fr_armor_river_retreat_rt_9_and_rt_10() -> None:
    """§4.4 RT-9 / RT-10 (8.4.2): armour retreating 29 → 30 (no bridge) is illegal; 29 → 21 is not."""
    start = example_state(
        "turn 2 action viet_minh\n29: FR-K | ctrl french\n30: | ctrl french\n21: | ctrl french"
    )
    bad = Damage(
        side=FR, target=aid(29), outcomes=(UnitOutcome(uid("FR-K"), DamageResult.RETREAT, (aid(30),)),)
    )
    assert verdicts(run(start, bad)) == [("FR-ARMOR-RIVER", ILLEGAL, ("FR-K",), (29, 30))]
    good = Damage(
        side=FR, target=aid(29), outcomes=(UnitOutcome(uid("FR-K"), DamageResult.RETREAT, (aid(21),)),)
    )
    assert verdicts(run(start, good)) == []


def test_move_no_mp_assault_advance_across_river() -> None:
    """§4.7 AS-16 (10.0) MOVE-NO-MP-ASSAULT: an advance 11 → 17 across the river ignores MP.

    11 also holds a French unit, so as a move it would cost 1 + 1 (river, French control) + 1
    (leaving an area with an enemy unit) = 3 > 2. No MOVE-COST; the guard notes it (info).
    """
    start = example_state("turn 2 action viet_minh\n11: VM-V FR-S1 | ctrl viet_minh\n17: | ctrl french")
    advance = Move(
        side=VM, units=(uid("VM-V"),), from_area=aid(11), to_area=aid(17), move_kind=MoveKind.ADVANCE
    )
    assault = Assault(side=VM, units=(uid("VM-V"),), from_area=aid(11), target=aid(17))
    report = run(start, assault, advance, flip("VM-V"))
    assert verdicts(report, with_info=True) == [("MOVE-NO-MP-ASSAULT", "info", ("VM-V",), (11, 17))]
    assert verdicts(report) == []


def test_move_no_mp_assault_cheap_advance_is_silent() -> None:
    """10.0 MOVE-NO-MP-ASSAULT: an advance 14 → 17 that a move could afford (2 MP) says nothing."""
    start = example_state("turn 2 action viet_minh\n14: VM-V | ctrl viet_minh\n17: | ctrl french")
    advance = Move(
        side=VM, units=(uid("VM-V"),), from_area=aid(14), to_area=aid(17), move_kind=MoveKind.ADVANCE
    )
    assault = Assault(side=VM, units=(uid("VM-V"),), from_area=aid(14), target=aid(17))
    assert verdicts(run(start, assault, advance, flip("VM-V")), with_info=True) == []


def test_move_flip_spent_legal_when_flipped() -> None:
    """7.0 MOVE-FLIP-SPENT, legal: moved units flipped before the next action."""
    report = run(example_state(), *moved(FR, "FR-A FR-B", 10, 7), Pass(side=VM))
    assert verdicts(report) == []


def test_move_flip_spent_at_end_of_log() -> None:
    """7.0 MOVE-FLIP-SPENT: the log ends with the moved units still fresh."""
    report = run(example_state(), move(FR, "FR-A FR-B", 10, 7))
    assert verdicts(report) == [("MOVE-FLIP-SPENT", ILLEGAL, ("FR-A", "FR-B"), (7,))]


def test_unknown_unit_is_cannot_check() -> None:
    """§6: a unit the game data does not know (no MA, no type) → cannot-check, never a pass."""
    start = example_state(extra="10: FR-ZZ")
    report = run(start, *moved(FR, "FR-ZZ", 10, 7))
    assert [(f.rule_id, f.severity) for f in mine(report) if f.severity is Severity.CANNOT_CHECK] == [
        ("FR-ARMOR-RIVER", Severity.CANNOT_CHECK),
        ("FR-RED-AREA", Severity.CANNOT_CHECK),
        ("MOVE-ADJACENT-PATH", Severity.CANNOT_CHECK),
        ("MOVE-COST", Severity.CANNOT_CHECK),
        ("MOVE-STACK-MA", Severity.CANNOT_CHECK),
        ("STACK-LIMIT-9", Severity.CANNOT_CHECK),
    ]
    assert only(report, "MOVE-COST")[0].message == (
        "Cannot check MOVE-COST: UNIT: unit FR-ZZ is not in the game data (its MA and type are unknown)."
    )


def test_eliminated_units_do_not_count() -> None:
    """7.0: only units in the area count; an eliminated unit is off the map."""
    start = example_state(extra="eliminated: FR-S1")
    assert verdicts(run(start, *moved(FR, "FR-A FR-B", 10, 7))) == []
