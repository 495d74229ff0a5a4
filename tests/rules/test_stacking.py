"""STACK-LIMIT-9 (``rules/stacking.py``; rules 7.0, 8.4.2, 10.0, 12.3; catalogue §3.5, §4.1 MV-12).

MV-12 itself (into and through an area with 8 units) is in ``test_movement.py``; these are the
other ways units arrive: placement, retreat, assault advance, and a limit already exceeded.
"""

from __future__ import annotations

from sdbp_module.ids import AreaId, UnitId
from sdbp_module.replay.events import (
    Damage,
    DamageResult,
    Move,
    MoveKind,
    Place,
    PlaceKind,
    UnitOutcome,
)
from sdbp_module.replay.location import Location
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
NINE_VM = " ".join(f"VM-W{i}" for i in range(1, 10))


def _place(units: str, area: int) -> Place:
    return Place(
        side=VM,
        units=tuple(UnitId(u) for u in units.split()),
        to=Location.in_area(area),
        place_kind=PlaceKind.REPLACEMENT,
    )


def test_rp_10_tenth_vm_unit_placed() -> None:
    """§4.9 RP-10 (12.3): a 10th VM unit placed in an area → STACK-LIMIT-9."""
    start = example_state(
        f"turn 2 end\n11: {' '.join(f'VM-W{i}' for i in range(1, 10))} | ctrl viet_minh\noff-map: VM-T1"
    )
    report = run(start, _place("VM-T1", 11))
    units = tuple(sorted(["VM-T1", *(f"VM-W{i}" for i in range(1, 10))]))
    assert verdicts(report) == [("STACK-LIMIT-9", ILLEGAL, units, (11,))]
    (f,) = [f for f in report.findings if f.rule_id == "STACK-LIMIT-9"]
    assert (f.expected, f.actual) == (9, 10)
    assert f.message == "Viet Minh now has 10 units in area 11; the limit is 9."


def test_ninth_vm_unit_placed_is_legal() -> None:
    """12.3: placing the 9th unit respects the limit."""
    start = example_state(
        "turn 2 end\n11: " + " ".join(f"VM-W{i}" for i in range(1, 9)) + " | ctrl viet_minh\noff-map: VM-T1"
    )
    assert verdicts(run(start, _place("VM-T1", 11))) == []


def test_retreat_ending_in_a_full_area_is_the_retreat_rules() -> None:
    """8.4.2 / §4.4 RT-5: a retreat that ends with 10 units in an area → RETREAT-OVERFLOW-CONTINUE (the
    excess must retreat again), once: STACK-LIMIT-9 leaves the stacking of retreats to the retreat rules."""
    from sdbp_module.games.sodbp.rules.damage import RULES as DAMAGE_RULES

    start = example_state(
        f"turn 2 action french\n11: {NINE_VM} | ctrl viet_minh\n7: VM-T1 | ctrl viet_minh\n8: | ctrl viet_minh\n"
    )
    dmg = Damage(
        side=VM, target=aid(7), outcomes=(UnitOutcome(uid("VM-T1"), DamageResult.FLIP_RETREAT, (aid(11),)),)
    )
    assert verdicts(run(start, dmg)) == []
    report = run(start, dmg, extra=DAMAGE_RULES)
    assert [v[0] for v in verdicts(report)] == ["RETREAT-OVERFLOW-CONTINUE"]


def test_retreat_passing_through_a_full_area_is_not_judged_here() -> None:
    """8.4.2 / §4.4 RT-4: overflow in passing during a retreat (7 → 11 → 8) is allowed when the
    retreat ends within the limit (RETREAT-OVERFLOW-CONTINUE judges the route)."""
    start = example_state(
        "turn 2 action french\n"
        f"11: {NINE_VM} | ctrl viet_minh\n"
        "7: VM-T1 | ctrl viet_minh\n8: | ctrl viet_minh\n"
    )
    dmg = Damage(
        side=VM,
        target=aid(7),
        outcomes=(UnitOutcome(uid("VM-T1"), DamageResult.FLIP_RETREAT, (aid(11), aid(8))),),
    )
    assert verdicts(run(start, dmg)) == []


def test_assault_advance_overflow() -> None:
    """10.0: an assault advance that brings a side to 10 units in the target → STACK-LIMIT-9."""
    start = example_state(
        "turn 2 action viet_minh\n"
        f"17: {' '.join(f'VM-W{i}' for i in range(1, 9))} | ctrl viet_minh\n"
        "14: VM-T1 VM-T2 | ctrl viet_minh\n"
    )
    advance = Move(
        side=VM,
        units=(uid("VM-T1"), uid("VM-T2")),
        from_area=aid(14),
        to_area=aid(17),
        move_kind=MoveKind.ADVANCE,
    )
    report = run(start, advance)
    assert [(v[0], v[3]) for v in verdicts(report)] == [("STACK-LIMIT-9", (17,))]


def test_existing_overflow_reported_once() -> None:
    """7.0: an area already over the limit is not reported again by an event that does not add to it."""
    ten = " ".join(f"FR-S{i}" for i in range(1, 11))
    start = example_state(
        f"turn 2 action french\n50: {ten} | ctrl french\n51: FR-S11 | ctrl french\n52: | ctrl viet_minh"
    )
    report = run(start, *moved(FR, "FR-S11", 51, 52))
    assert verdicts(report) == []


def test_counts_are_per_side() -> None:
    """7.0: the limit is per side: 9 French and 9 VM units may share an area."""
    nine_fr = " ".join(f"FR-S{i}" for i in range(1, 9))
    start = example_state(
        f"turn 2 action viet_minh\n17: {nine_fr} FR-L | ctrl french\n"
        f"11: {' '.join(f'VM-W{i}' for i in range(1, 9))} | ctrl viet_minh\n14: VM-T1 | ctrl viet_minh"
    )
    report = run(start, *moved(VM, "VM-T1", 14, 11))
    assert verdicts(report) == []
    assert report.final.count(AreaId(11), VM) == 9
