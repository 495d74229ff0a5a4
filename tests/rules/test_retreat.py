"""Retreats (``rules/damage.py``; rule 8.4.2, AMB-07; catalogue §3.8, §4.2 FI-4 / FI-11, §4.4).

The §4.4 hypothetical map is the fixtures': 70 is fired on; 71 = A and 72 = B are next to it; 73 = R
and 74 = S are next to A; 75's only VM neighbour is 71; 77 has only French neighbours; 29 joins 28
and 21 by bridges and 30 across a plain river. A retreat is judged at its ``Damage`` event, so most
tests log the ``Damage`` alone (the damage rules then judge it without an attack); FI-4 and FI-11
log the whole 8.4 fire. A few tests need more units, or a border 72–74: ``_big_game``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from sdbp_module.games.sodbp.ids import UnitType
from sdbp_module.games.sodbp.rules.damage import RULES
from sdbp_module.games.sodbp.rules.movement import fr_armor_river
from sdbp_module.ids import AreaId, Side
from sdbp_module.model.game_data import Border, GameData
from sdbp_module.replay.events import (
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Fire,
    Pass,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report, check_events
from tests.rules._combat_fixtures import (
    FIRE_EXAMPLE,
    FR,
    HYPO,
    VM,
    _unit,
    aid,
    combat_game,
    position,
    run,
    switches,
    uid,
    uids,
    verdicts,
)

ILLEGAL, SUSPICIOUS, CANNOT = "illegal", "suspicious", "cannot-check"
ADJ = "RETREAT-ADJ-CONTROLLED"
NO_AREA = "RETREAT-NO-AREA-ELIMINATE"
STACK_FIRST = "RETREAT-STACK-FIRST"
FEWEST = "RETREAT-FEWEST-ENEMY"
OVERFLOW = "RETREAT-OVERFLOW-CONTINUE"
R = DamageResult


def vm(first: int, last: int, prefix: str = "VM-V") -> str:
    return " ".join(f"{prefix}{i}" for i in range(first, last + 1))


def retreat(unit: str, *areas: int, side: Side = VM, target: int = 70, result: DamageResult = R.RETREAT) -> Damage:
    return Damage(side=side, target=aid(target), outcomes=(UnitOutcome(uid(unit), result, tuple(aid(a) for a in areas)),))


def check(start: GameState, *events: Event, options: tuple[str, ...] = ()) -> Report:
    return run(start, *events, rules=RULES, options=options)


def _big_game() -> GameData:
    """The combat map with 20 more VM units (VM-X1 … VM-X20), 6 more French (FR-X1 … FR-X6) and a border 72–74."""
    base = combat_game()
    extra = tuple(_unit(f"VM-X{i}", VM, UnitType.INFANTRY, 1, 5, 3, 3) for i in range(1, 21)) + tuple(
        _unit(f"FR-X{i}", FR, UnitType.INFANTRY, 1, 5, 3, 3) for i in range(1, 7)
    )
    borders = (*base.borders, Border(AreaId(72), AreaId(74), False, False, HYPO))
    return replace(base, units=(*base.units, *extra), borders=tuple(sorted(borders, key=lambda b: (b.a, b.b))))


def check_big(start: GameState, *events: Event, options: tuple[str, ...] = ()) -> Report:
    from sdbp_module.games.sodbp.rules.package import SODBP

    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(numbered, _big_game(), SODBP, initial=start, rules=RULES, switches=switches(*options))


# -- §4.2 the 8.4 fire example ----------------------------------------------------------------------


def _fire_84(start: GameState, area: int) -> Report:
    """The French units in 10 fire at 11 (dice 6: damage 3); the VM flips VM-D8 and flips + retreats VM-V1 to ``area``."""
    return check(
        start,
        Fire(side=FR, units=uids("FR-F3 FR-F1A FR-F1B FR-F2"), from_area=aid(10), target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(3, 3)),
        Damage(
            side=VM,
            target=aid(11),
            outcomes=(UnitOutcome(uid("VM-D8"), R.FLIP), UnitOutcome(uid("VM-V1"), R.FLIP_RETREAT, (aid(area),))),
        ),
        Pass(side=VM),
    )


@pytest.mark.parametrize("area", [14, 17])
def test_fi_4_retreat_into_a_french_area(area: int) -> None:
    """§4.2 FI-4 (8.4.2): as FI-3, but Y retreats into 14 or 17 (French-controlled) → RETREAT-ADJ-CONTROLLED."""
    report = _fire_84(position(FIRE_EXAMPLE), area)
    assert verdicts(report) == [(ADJ, ILLEGAL, 3)]
    f = next(f for f in report.findings if f.rule_id == ADJ)
    assert f.message == (
        f"VM-V1 retreats into area {area}, controlled by the French; a retreat goes to an adjacent area the "
        "Viet Minh control (here: 7, 8) (8.4.2)."
    )


def test_fi_11_retreat_not_to_the_area_with_fewest_enemy_units() -> None:
    """§4.2 FI-11 (8.4.2): 7 holds 1 French unit, 8 holds none; the retreat goes to 7 → RETREAT-FEWEST-ENEMY
    (must be 8); to 8 → PASS."""
    start = position(FIRE_EXAMPLE.replace("7: | ctrl viet_minh", "7: FR-S1 | ctrl viet_minh"))
    report = _fire_84(start, 7)
    assert verdicts(report) == [(FEWEST, ILLEGAL, 3)]
    f = next(f for f in report.findings if f.rule_id == FEWEST)
    assert f.message == "VM-V1 retreats into area 7 with 1 enemy unit, but 8 has 0 (8.4.2: fewest enemy units first)."
    assert (f.expected, f.actual) == ("8", "7")
    assert verdicts(_fire_84(start, 8)) == []


# -- §4.4 retreat priorities ----------------------------------------------------------------------


RT_1 = f"turn 2 action french\n70: VM-V1* | ctrl viet_minh\n71: {vm(2, 10)} | ctrl viet_minh\n" \
    "72: VM-V11 VM-V12 VM-D8 FR-S1 FR-S2 | ctrl viet_minh\n"


def test_rt_1_full_area_before_enemy_area() -> None:
    """§4.4 RT-1: A has 0 enemy but 9 friendly, B 2 enemy and 3 friendly; the unit goes to A →
    RETREAT-STACK-FIRST illegal (must be B)."""
    report = check(position(RT_1), retreat("VM-V1", 71))
    assert verdicts(report) == [(STACK_FIRST, ILLEGAL, 1)]
    assert report.findings[0].message == (
        "VM-V1 retreats into area 71, where it makes 10 Viet Minh units (limit 9), although 72 had room; "
        "an area within the limit comes first (8.4.2)."
    )


def test_rt_1_retreat_into_b_passes() -> None:
    """RT-1, legal: into B, the area within the limit, whatever its enemy units."""
    assert verdicts(check(position(RT_1), retreat("VM-V1", 72))) == []


RT_2 = "turn 2 action french\n70: VM-V1* | ctrl viet_minh\n71: VM-V2 FR-S1 | ctrl viet_minh\n" \
    "72: VM-V3 FR-S2 FR-S3 FR-S4 | ctrl viet_minh\n"


def test_rt_2_more_enemy_units() -> None:
    """§4.4 RT-2: A 1 enemy, B 3 enemy, both with room; the unit goes to B → RETREAT-FEWEST-ENEMY illegal."""
    assert verdicts(check(position(RT_2), retreat("VM-V1", 72))) == [(FEWEST, ILLEGAL, 1)]
    assert verdicts(check(position(RT_2), retreat("VM-V1", 71))) == []


def test_rt_3_tie_units_split() -> None:
    """§4.4 RT-3: A and B both 0 enemy; two units retreat, one to A, one to B → PASS (ties are free)."""
    start = position("turn 2 action french\n70: VM-V1* VM-V2* | ctrl viet_minh\n71: | ctrl viet_minh\n72: | ctrl viet_minh\n")
    dmg = Damage(
        side=VM,
        target=aid(70),
        outcomes=(UnitOutcome(uid("VM-V1"), R.RETREAT, (aid(71),)), UnitOutcome(uid("VM-V2"), R.RETREAT, (aid(72),))),
    )
    assert verdicts(check(start, dmg)) == []


def test_earlier_outcomes_fill_the_area() -> None:
    """8.4.2, outcome by outcome: A holds 8; the first unit makes it 9, so the second must go to B (1 enemy)."""
    start = position(
        f"turn 2 action french\n70: VM-V1* VM-V2* | ctrl viet_minh\n71: {vm(3, 10)} | ctrl viet_minh\n"
        "72: FR-S1 | ctrl viet_minh\n"
    )

    def both(second: int) -> Damage:
        return Damage(
            side=VM,
            target=aid(70),
            outcomes=(
                UnitOutcome(uid("VM-V1"), R.RETREAT, (aid(71),)),
                UnitOutcome(uid("VM-V2"), R.RETREAT, (aid(second),)),
            ),
        )

    report = check(start, both(71))
    assert verdicts(report) == [(STACK_FIRST, ILLEGAL, 1)]
    assert report.findings[0].units == (uid("VM-V2"),)
    assert verdicts(check(start, both(72))) == []


RT_4 = (
    f"turn 2 action french\n70: VM-V1* | ctrl viet_minh\n71: {vm(2, 10)} | ctrl viet_minh\n72: | ctrl french\n"
    "73: FR-S1 | ctrl viet_minh\n74: | ctrl viet_minh\n75: | ctrl french\n"
)
"""Only controlled neighbour A (71) with 9 friendly; from A: R (73, 1 enemy) and S (74, 0 enemy)."""


def test_rt_4_overflow_and_continue_to_s() -> None:
    """§4.4 RT-4: the unit enters A (10) and moves on to S → PASS."""
    assert verdicts(check(position(RT_4), retreat("VM-V1", 71, 74))) == []


def test_rt_5_stops_in_the_full_area() -> None:
    """§4.4 RT-5: the unit stops in A (10 units) → RETREAT-OVERFLOW-CONTINUE illegal (STACK-LIMIT-9 too,
    in ``stacking.py``)."""
    report = check(position(RT_4), retreat("VM-V1", 71))
    assert verdicts(report) == [(OVERFLOW, ILLEGAL, 1)]
    assert report.findings[0].message == (
        "VM-V1 ends its retreat in area 71 with 10 Viet Minh units (limit 9); the excess must retreat again, "
        "to 74 (8.4.2)."
    )


def test_rt_6_goes_on_to_r() -> None:
    """§4.4 RT-6: the unit goes on to R (1 enemy) rather than S (0) → RETREAT-FEWEST-ENEMY illegal."""
    assert verdicts(check(position(RT_4), retreat("VM-V1", 71, 73))) == [(FEWEST, ILLEGAL, 1)]


def test_rt_7_back_to_the_area_fired_on() -> None:
    """§4.4 RT-7: the unit goes back to the fired-on area → RETREAT-OVERFLOW-CONTINUE illegal."""
    report = check(position(RT_4), retreat("VM-V1", 71, 70))
    assert verdicts(report) == [(OVERFLOW, ILLEGAL, 1)]
    assert "back into area 70, the area fired on" in report.findings[0].message


RT_8 = "turn 2 action french\n77: VM-V1 | ctrl viet_minh\n76: FR-S1 | ctrl french\n"


def test_rt_8_no_controlled_neighbour_unit_stays() -> None:
    """§4.4 RT-8: no adjacent area controlled by the retreating side; the unit stays →
    RETREAT-NO-AREA-ELIMINATE illegal (it must be eliminated)."""
    report = check(position(RT_8), retreat("VM-V1", target=77, result=R.FLIP_RETREAT))
    assert verdicts(report) == [(NO_AREA, ILLEGAL, 1)]
    assert report.findings[0].message == (
        "VM-V1 has nowhere to retreat: no adjacent area the Viet Minh control is open to it from area 77; "
        "it must be eliminated, but the log leaves it in area 77 (8.4.2)."
    )


def test_rt_8_into_an_enemy_area() -> None:
    """RT-8 variant: the unit is moved into the French area 76 instead → RETREAT-NO-AREA-ELIMINATE (one finding)."""
    report = check(position(RT_8), retreat("VM-V1", 76, target=77, result=R.FLIP_RETREAT))
    assert verdicts(report) == [(NO_AREA, ILLEGAL, 1)]


def test_rt_8_eliminated_passes() -> None:
    assert verdicts(check(position(RT_8), retreat("VM-V1", target=77, result=R.ELIMINATE))) == []


RT_9 = "turn 2 action viet_minh\n29: FR-ARM | ctrl french\n28: | ctrl viet_minh\n21: | ctrl viet_minh\n30: | ctrl french\n"


def test_rt_9_armour_across_a_river_without_bridge() -> None:
    """§4.4 RT-9: French armour whose only French-controlled neighbour (30) is across a river without a
    bridge retreats there → FR-ARMOR-RIVER illegal (``movement.py``, which sees retreats), once: the
    catalogue gives the fault that id, RETREAT-NO-AREA-ELIMINATE does not report it again. Left in
    place instead, it is RETREAT-NO-AREA-ELIMINATE's (it had to be eliminated)."""
    report = run(
        position(RT_9),
        retreat("FR-ARM", 30, side=FR, target=29, result=R.FLIP_RETREAT),
        rules=(*RULES, fr_armor_river),
    )
    assert verdicts(report) == [("FR-ARMOR-RIVER", ILLEGAL, 1)]
    stays = run(position(RT_9), retreat("FR-ARM", side=FR, target=29, result=R.FLIP_RETREAT), rules=(*RULES, fr_armor_river))
    assert [v[0] for v in verdicts(stays)] == [NO_AREA]
    f = next(f for f in stays.findings if f.rule_id == NO_AREA)
    assert "(30 is across a river without a bridge, closed to armour)" in f.message


def test_rt_9_armour_eliminated_passes() -> None:
    report = run(
        position(RT_9), retreat("FR-ARM", side=FR, target=29, result=R.ELIMINATE), rules=(*RULES, fr_armor_river)
    )
    assert verdicts(report) == []


def test_rt_10_armour_over_the_bridge() -> None:
    """§4.4 RT-10: French armour in 29, neighbour 21 French-controlled across a bridge: retreat to 21 → PASS."""
    start = position(RT_9.replace("21: | ctrl viet_minh", "21: | ctrl french"))
    report = run(
        start, retreat("FR-ARM", 21, side=FR, target=29, result=R.FLIP_RETREAT), rules=(*RULES, fr_armor_river)
    )
    assert verdicts(report) == []


# -- more on the route ----------------------------------------------------------------------------


def test_retreat_goes_on_although_the_first_area_had_room() -> None:
    """8.4.2: a retreat ends in the first area within the limit; 70 → 71 → 73 with room in 71 → illegal."""
    start = position("turn 2 action french\n70: VM-V1* | ctrl viet_minh\n71: | ctrl viet_minh\n")
    report = check(start, retreat("VM-V1", 71, 73))
    assert verdicts(report) == [(ADJ, ILLEGAL, 1)]
    assert "but 71 had room (1 Viet Minh unit)" in report.findings[0].message


def test_skipped_path_with_its_only_route_legal() -> None:
    """A .vlog drag gives only the end area: RT-4 logged as 70 → 74 (the only route, by 71, is legal) → PASS."""
    assert verdicts(check(position(RT_4), retreat("VM-V1", 74))) == []


def test_skipped_path_with_its_only_route_illegal() -> None:
    """RT-6 logged as 70 → 73: the only route (by 71) ends with more enemy units than 74 → RETREAT-FEWEST-ENEMY,
    saying the log skipped areas."""
    report = check(position(RT_4), retreat("VM-V1", 73))
    assert verdicts(report) == [(FEWEST, ILLEGAL, 1)]
    assert report.findings[0].message.startswith(
        "The log shows only 70 → 73, which skips areas, and every route there breaks 8.4.2; by 70 → 71 → 73: "
    )


def test_non_adjacent_area_with_no_chain() -> None:
    """8.4.2: 70 → 77, not adjacent and no chain of VM areas leads there → RETREAT-ADJ-CONTROLLED illegal."""
    report = check(position(RT_4), retreat("VM-V1", 77))
    assert verdicts(report) == [(ADJ, ILLEGAL, 1)]


ALL_FULL = (
    f"turn 2 action french\n70: VM-V1* | ctrl viet_minh\n71: {vm(1, 9, 'VM-X')} | ctrl viet_minh\n"
    f"72: {vm(10, 18, 'VM-X')} FR-X1 | ctrl viet_minh\n73: | ctrl french\n74: | ctrl viet_minh\n75: | ctrl french\n"
)
"""Both neighbours full (AMB-07): A (71) with 0 enemy, B (72) with 1; both lead on to S (74) (``_big_game``)."""


def test_all_full_enter_the_fewest_and_continue() -> None:
    """AMB-07, recommended reading: every adjacent area full → enter the one with fewest enemy units (A) and
    retreat again (to S) → PASS; entering B (more enemy units) → RETREAT-FEWEST-ENEMY suspicious."""
    assert verdicts(check_big(position(ALL_FULL), retreat("VM-V1", 71, 74))) == []
    report = check_big(position(ALL_FULL), retreat("VM-V1", 72, 74))
    assert verdicts(report) == [(FEWEST, SUSPICIOUS, 1)]
    assert "AMB-07, recommended reading" in report.findings[0].message
    strict = check_big(position(ALL_FULL), retreat("VM-V1", 72, 74), options=("strict_mode=true",))
    assert verdicts(strict) == [(FEWEST, ILLEGAL, 1)]


def test_all_full_under_eliminate() -> None:
    """retreat_all_full=eliminate: entering a full area when all are full → RETREAT-OVERFLOW-CONTINUE
    (suspicious: a switch-governed reading); eliminating the unit passes."""
    options = ("retreat_all_full=eliminate",)
    report = check_big(position(ALL_FULL), retreat("VM-V1", 71, 74), options=options)
    assert verdicts(report) == [(OVERFLOW, SUSPICIOUS, 1)]
    assert verdicts(check_big(position(ALL_FULL), retreat("VM-V1", result=R.ELIMINATE), options=options)) == []


def test_skipped_path_legal_by_one_route_only_is_cannot_check() -> None:
    """70 → 74 logged (a drag): legal by 71 (fewest enemy), not by 72 → cannot-check naming both routes."""
    report = check_big(position(ALL_FULL), retreat("VM-V1", 74))
    assert verdicts(report) == [(ADJ, CANNOT, 1)]
    assert report.findings[0].message == (
        "Cannot check the retreat of VM-V1: the log shows only 70 → 74, which skips areas; it is legal by "
        "70 → 71 → 74 but not by 70 → 72 → 74."
    )


BACK = (
    f"turn 2 action french\n70: VM-V1* | ctrl viet_minh\n71: {vm(1, 9, 'VM-X')} | ctrl viet_minh\n72: | ctrl french\n"
    f"73: {vm(10, 18, 'VM-X')} | ctrl viet_minh\n74: | ctrl french\n75: | ctrl french\n"
)
"""A (71) full and the only way out of 70; R (73) full and the only way on from A; R leads only back to A."""


def test_back_into_an_area_already_passed_through() -> None:
    """AMB-07 retreat_no_back_scope: 70 → 71 → 73 → 71 re-enters 71 → RETREAT-OVERFLOW-CONTINUE, suspicious
    under all_visited (illegal with strict_mode); under origin_only the step is allowed, but the unit,
    still over the limit with no route that ends, had to be eliminated (illegal)."""
    dmg = retreat("VM-V1", 71, 73, 71)
    report = check_big(position(BACK), dmg)
    assert verdicts(report) == [(OVERFLOW, SUSPICIOUS, 1)]
    assert "already passed through" in report.findings[0].message
    assert verdicts(check_big(position(BACK), dmg, options=("strict_mode=true",))) == [(OVERFLOW, ILLEGAL, 1)]
    origin_only = check_big(position(BACK), dmg, options=("retreat_no_back_scope=origin_only",))
    assert verdicts(origin_only) == [(OVERFLOW, ILLEGAL, 1)]
    assert "it must be eliminated" in origin_only.findings[0].message


def test_stuck_in_an_overflowing_area() -> None:
    """8.4.2: the excess unit with nowhere further to go must be eliminated; 70 → 71 → 73 stopping in 73 (10 units, its only way on is back) → illegal."""
    report = check_big(position(BACK), retreat("VM-V1", 71, 73))
    assert verdicts(report) == [(OVERFLOW, ILLEGAL, 1)]
    assert "and has nowhere further to go; it must be eliminated" in report.findings[0].message
    assert verdicts(check_big(position(BACK), retreat("VM-V1", result=R.ELIMINATE))) == []


def test_retreat_with_no_area_logged_is_cannot_check() -> None:
    """A retreat outcome naming no area while legal areas exist: where it went is unknown → cannot-check."""
    report = check(position(RT_1), retreat("VM-V1"))
    assert verdicts(report) == [(ADJ, CANNOT, 1)]
