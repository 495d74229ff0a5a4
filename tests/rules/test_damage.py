"""Damage allocation (``rules/damage.py``; rules 8.4, 8.4.1, cards; catalogue §3.7, §4.2, §4.3).

The attacks are logged as the checker reads them: a ``Fire`` (or a card's fire), its ``DiceRoll``,
the defender's ``Damage``, then a ``Pass`` of the other side, which opens the next action and so
closes the attack (DAMAGE-MUST-MAXIMIZE is judged then, at the first ``Damage`` of the attack).
Only this module's rules run, so the verdicts are exactly this module's.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from sdbp_module.games.sodbp.ids import UnitType
from sdbp_module.games.sodbp.rules.card_modifiers import RULES as CARD_MODIFIER_RULES
from sdbp_module.games.sodbp.rules.damage import RULES
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    BIGEARD,
    DEBOUCHEZ,
    DETONATE,
    FIGHTER_BOMBERS,
    NIGHT_ASSAULT,
    RATS,
)
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
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
from sdbp_module.rules.base import FunctionRule
from sdbp_module.rules.checker import Report, check_events
from sdbp_module.rules.findings import Finding
from tests.rules._combat_fixtures import (
    FIRE_EXAMPLE,
    FR,
    VM,
    _unit,
    aid,
    card,
    combat_game,
    ids,
    position,
    run,
    switches,
    uid,
    uids,
    verdicts,
)

ILLEGAL, SUSPICIOUS, CANNOT = "illegal", "suspicious", "cannot-check"
MAXIMIZE, ALLOCATION, WHO, TARGET_ONLY = (
    "DAMAGE-MUST-MAXIMIZE",
    "DAMAGE-ALLOCATION",
    "DAMAGE-WHO-ALLOCATES",
    "DAMAGE-TARGET-AREA-ONLY",
)
FIRERS = "FR-F3 FR-F1A FR-F1B FR-F2"

R = DamageResult


def out(unit: str, result: DamageResult, *retreat: int) -> UnitOutcome:
    return UnitOutcome(uid(unit), result, tuple(aid(a) for a in retreat))


def damage(side: Side, target: int, *outcomes: UnitOutcome, points: int | None = None) -> Damage:
    return Damage(side=side, target=aid(target), points=points, outcomes=outcomes)


def dice(side: Side, a: int, b: int) -> DiceRoll:
    return DiceRoll(side=side, purpose="fire", values=(a, b))


def fire_84(*outcomes: UnitOutcome, roll: tuple[int, int] = (3, 3), units: str = FIRERS, points: int | None = None) -> list[Event]:
    """The 8.4 example: the French units in 10 fire at 11, the VM allocates, the VM passes."""
    return [
        Fire(side=FR, units=uids(units), from_area=aid(10), target=aid(11)),
        dice(FR, *roll),
        damage(VM, 11, *outcomes, points=points),
        Pass(side=VM),
    ]


def example(extra: str = "", **replace_lines: str) -> GameState:
    """FIRE_EXAMPLE, with area lines replaced (``a11="11: ..."``) and lines added."""
    lines = FIRE_EXAMPLE.strip().splitlines()
    for key, line in replace_lines.items():
        number = key[1:]
        lines = [line if ln.startswith(f"{number}:") else ln for ln in lines]
    return position("\n".join(lines) + "\n" + extra)


def findings(report: Report, rule_id: str) -> list[Finding]:
    return [f for f in report.findings if f.rule_id == rule_id]


def check(start: GameState, *events: Event, options: tuple[str, ...] = ()) -> Report:
    return run(start, *events, rules=RULES, options=options)


# -- §4.2 the 8.4 fire example ----------------------------------------------------------------------


def test_fi_2_one_fresh_unit_eliminated() -> None:
    """§4.2 FI-2 (8.4): damage 3; the VM eliminates one fresh unit (3 points) → PASS."""
    assert verdicts(check(example(), *fire_84(out("VM-V1", R.ELIMINATE)))) == []


@pytest.mark.parametrize("area", [7, 8])
def test_fi_3_flip_one_flip_and_retreat_the_other(area: int) -> None:
    """§4.2 FI-3 (8.4, 8.4.2): flip X (1) and flip + retreat Y (2) into 7, or into 8 (both 0 enemy:
    a free choice) → PASS."""
    report = check(example(), *fire_84(out("VM-D8", R.FLIP), out("VM-V1", R.FLIP_RETREAT, area)))
    assert verdicts(report) == []


def test_fi_5_only_one_flip_of_three_points() -> None:
    """§4.2 FI-5 (8.4.1): the VM only flips one unit, 1 point used of 3 → DAMAGE-MUST-MAXIMIZE illegal,
    at the Damage line, with the fire arithmetic the log does not state."""
    report = check(example(), *fire_84(out("VM-V1", R.FLIP)))
    assert verdicts(report) == [(MAXIMIZE, ILLEGAL, 3)]
    (f,) = report.findings
    assert f.message == (
        "Damage 3 = attack 13 (dice 6 + FP 3+1+1+2) − defense 10 (DEF 8 (VM-D8) + terrain 2 (printed 1 + "
        "trench 1, cap 3)); the Viet Minh used 1 point (flip VM-V1) of 3 possible (8.4.1)."
    )
    assert (f.expected, f.actual) == (3, 1)
    assert f.areas == (aid(11),)


def test_fi_12_spent_target_takes_two_and_is_eliminated() -> None:
    """§4.2 FI-12 (8.4): a spent target takes 2 → eliminated (and the fresh one 1: flip) → PASS."""
    start = example(a11="11: VM-D8 VM-V1* | ctrl viet_minh | trench 1")
    report = check(start, *fire_84(out("VM-V1", R.ELIMINATE), out("VM-D8", R.FLIP)))
    assert verdicts(report) == []


# -- §4.3 damage allocation edge cases ------------------------------------------------------------


def test_da_1_one_fresh_unit_five_damage() -> None:
    """§4.3 DA-1 (8.4.1): 1 fresh target (DEF 5 + terrain 2), attack 12 → 5 damage; eliminated, 2 ignored → PASS."""
    start = example(a11="11: VM-V1 | ctrl viet_minh | trench 1")
    assert verdicts(check(start, *fire_84(out("VM-V1", R.ELIMINATE), roll=(2, 3)))) == []


def test_da_1_too_few_points_names_the_capacity() -> None:
    """DA-1 variant: flipping the unit (1 point) of the 3 it absorbs → DAMAGE-MUST-MAXIMIZE."""
    start = example(a11="11: VM-V1 | ctrl viet_minh | trench 1")
    report = check(start, *fire_84(out("VM-V1", R.FLIP), roll=(2, 3)))
    assert verdicts(report) == [(MAXIMIZE, ILLEGAL, 3)]
    assert "of 3 possible (the targets absorb at most 3; the rest is ignored)" in report.findings[0].message


TWO_TARGETS = "11: VM-V1 VM-V2* | ctrl viet_minh | trench 1"  # defense 5 + 2 = 7


def test_da_2_eliminate_fresh_and_retreat_spent() -> None:
    """§4.3 DA-2 (8.4.1): 1 fresh + 1 spent, 4 damage → eliminate the fresh (3) + retreat the spent (1) → PASS."""
    start = example(a11=TWO_TARGETS)
    report = check(start, *fire_84(out("VM-V1", R.ELIMINATE), out("VM-V2", R.RETREAT, 7), roll=(2, 2)))
    assert verdicts(report) == []


def test_da_3_flip_fresh_and_eliminate_spent_uses_three_of_four() -> None:
    """§4.3 DA-3 (8.4.1): flip the fresh (1) + eliminate the spent (2) = 3 of 4 → DAMAGE-MUST-MAXIMIZE."""
    start = example(a11=TWO_TARGETS)
    report = check(start, *fire_84(out("VM-V1", R.FLIP), out("VM-V2", R.ELIMINATE), roll=(2, 2)))
    assert verdicts(report) == [(MAXIMIZE, ILLEGAL, 3)]
    f = report.findings[0]
    assert (f.expected, f.actual) == (4, 3)
    assert "the Viet Minh used 3 points (flip VM-V1; eliminate VM-V2) of 4 possible" in f.message


def test_da_4_both_eliminated_one_point_ignored() -> None:
    """§4.3 DA-4 (8.4.1): 1 fresh + 1 spent, 6 damage → both eliminated (5), 1 ignored → PASS."""
    start = example(a11=TWO_TARGETS)
    report = check(start, *fire_84(out("VM-V1", R.ELIMINATE), out("VM-V2", R.ELIMINATE), roll=(3, 3)))
    assert verdicts(report) == []


def test_da_5_fresh_unit_retreats_without_flipping() -> None:
    """§4.3 DA-5 (8.4): a fresh unit "retreats" without flipping for 1 point → DAMAGE-ALLOCATION illegal
    (only; the point it meant to use is counted, so the damage of 1 is used)."""
    start = example(a11="11: VM-V1 | ctrl viet_minh | trench 1")
    report = check(start, *fire_84(out("VM-V1", R.RETREAT, 7), roll=(2, 3), units="FR-F3"))
    assert verdicts(report) == [(ALLOCATION, ILLEGAL, 3)]
    assert report.findings[0].message == (
        "VM-V1 is fresh: 'retreat' is not an outcome of 8.4 for a fresh unit, which may only flip (1), "
        "flip + retreat (2) or eliminate (3)."
    )


def test_spent_unit_flipped_is_not_an_outcome() -> None:
    """8.4: a spent unit cannot absorb a point by a flip → DAMAGE-ALLOCATION illegal."""
    start = example(a11="11: VM-D8 VM-V1* | ctrl viet_minh | trench 1")
    report = check(start, *fire_84(out("VM-V1", R.FLIP), out("VM-D8", R.FLIP_RETREAT, 7)))
    assert verdicts(report) == [(ALLOCATION, ILLEGAL, 3)]
    assert report.findings[0].units == (uid("VM-V1"),)


def _fighter_bombers(*outcomes: UnitOutcome, side: Side) -> list[Event]:
    """A French unit fire on 11 that does nothing (9 vs 10), then *Fighter Bombers* on 11 in the same
    action: FP 4 + dice 9 = 13 vs 10 → 3 damage, allocated by ``side``."""
    fb = card(FIGHTER_BOMBERS)
    return [
        Fire(side=FR, units=uids(FIRERS), from_area=aid(10), target=aid(11)),
        dice(FR, 1, 1),
        CardPlay(side=FR, card=fb),
        Fire(side=FR, card=fb, target=aid(11)),
        dice(FR, 4, 5),
        damage(side, 11, *outcomes),
        Pass(side=VM),
    ]


@pytest.mark.parametrize(
    "outcomes",
    [
        (out("VM-V1", R.ELIMINATE),),  # 3 + 0
        (out("VM-D8", R.FLIP_RETREAT, 7), out("VM-V1", R.FLIP)),  # 2 + 1
    ],
    ids=["3+0", "2+1"],
)
def test_da_6_fighter_bombers_firer_allocates(outcomes: tuple[UnitOutcome, ...]) -> None:
    """§4.3 DA-6 (8.4, Fighter Bombers): 3 damage on two VM units, allocated by the French: 3 + 0 or
    2 + 1 (the seed's example) → PASS."""
    assert verdicts(check(example(), *_fighter_bombers(*outcomes, side=FR))) == []


def test_da_6_fighter_bombers_owner_allocating_is_illegal() -> None:
    """§4.3 DA-6: the owner (VM) allocating the *Fighter Bombers* damage → DAMAGE-WHO-ALLOCATES illegal."""
    report = check(example(), *_fighter_bombers(out("VM-V1", R.ELIMINATE), side=VM))
    assert verdicts(report) == [(WHO, ILLEGAL, 6)]
    f = report.findings[0]
    assert f.message == (
        "The Viet Minh allocate the damage to the Viet Minh units in area 11; Fighter Bombers: the firer "
        "allocates the damage (the owner picks only the retreat areas, AMB-18), here the French."
    )
    assert (f.expected, f.actual) == ("french", "viet_minh")


def _bigeard_game() -> GameData:
    """The combat map with a French unit of DEF 8 (FR-D8: FP 1, DEF 8/6), for the DA-7 numbers."""
    base = combat_game()
    return replace(base, units=(*base.units, _unit("FR-D8", FR, UnitType.INFANTRY, 1, 8, 6, 3)))


def _run_on(game: GameData, start: GameState, *events: Event, rules: tuple[FunctionRule, ...] = RULES) -> Report:
    from sdbp_module.games.sodbp.rules.package import SODBP

    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(numbered, game, SODBP, initial=start, rules=rules, switches=switches())


def _bigeard(*outcomes: UnitOutcome) -> Report:
    """VM units in 11 (FP 2+1+1+1+1) fire at 14 (printed 2) held by FR-D8, FR-S1, FR-S2: attack 9 + 6 = 15,
    defense 8 + 2 = 10 → 5; *Bigeard Refuses to Leave* after the roll: − 3 French units → 2. The damage
    rules and the card rules (C-BIGEARD) run."""
    start = position(
        "turn 2 action viet_minh\n"
        "11: VM-D8 VM-V1 VM-V2 VM-V3 VM-V4 | ctrl viet_minh\n"
        "14: FR-D8 FR-S1 FR-S2 | ctrl french\n"
    )
    events = [
        Fire(side=VM, units=uids("VM-D8 VM-V1 VM-V2 VM-V3 VM-V4"), from_area=aid(11), target=aid(14)),
        dice(VM, 4, 5),
        CardPlay(side=FR, card=card(BIGEARD)),
        damage(FR, 14, *outcomes),
        Pass(side=FR),
    ]
    return _run_on(_bigeard_game(), start, *events, rules=(*RULES, *CARD_MODIFIER_RULES))


def test_da_7_bigeard_two_points_allocated() -> None:
    """§4.3 DA-7 (Bigeard): attack 15 vs defense 10 → 5, minus 3 French units in the area → 2 allocated → PASS."""
    assert verdicts(_bigeard(out("FR-S1", R.FLIP), out("FR-S2", R.FLIP))) == []


def test_da_7_bigeard_five_points_allocated_is_c_bigeard() -> None:
    """§4.3 DA-7: allocating all 5 points despite *Bigeard* → C-BIGEARD illegal, and only that: a wrong
    reduction is the card's fault, not DAMAGE-MUST-MAXIMIZE's nor DAMAGE-ALLOCATION's."""
    report = _bigeard(out("FR-D8", R.ELIMINATE), out("FR-S1", R.FLIP), out("FR-S2", R.FLIP))
    assert verdicts(report) == [("C-BIGEARD", ILLEGAL, 4)]
    f = report.findings[0]
    assert f.message.startswith(
        "Damage 2 = attack 15 (dice 9 + FP 2+1+1+1+1) − defense 10 (DEF 8 (FR-D8) + terrain 2) "
        "− 3 (Bigeard, French units in 14); the French used 5 points"
    )
    assert "reduced by fewer than the 3 French units in area 14" in f.message
    assert (f.expected, f.actual) == (2, 5)


def test_bigeard_partly_applied_is_c_bigeard_and_too_few_is_must_maximize() -> None:
    """*Bigeard*: 3 points used (the damage less 2, not 3) → C-BIGEARD; 1 point used (fewer than the
    reduced damage of 2) → DAMAGE-MUST-MAXIMIZE, too few points, whatever the card."""
    assert ids(_bigeard(out("FR-D8", R.ELIMINATE))) == ["C-BIGEARD"]
    assert ids(_bigeard(out("FR-S1", R.FLIP))) == [MAXIMIZE]


# -- DAMAGE-MUST-MAXIMIZE: more ------------------------------------------------------------------


def test_no_damage_logged_is_zero_points_used() -> None:
    """8.4.1: an attack that closes with damage 3 and targets left but no Damage → 0 points used, at the Fire."""
    events = fire_84()
    report = check(example(), events[0], events[1], events[3])
    assert verdicts(report) == [(MAXIMIZE, ILLEGAL, 1)]
    assert "no damage is logged: 0 points used of 3 possible" in report.findings[0].message


def test_zero_damage_needs_no_damage_event() -> None:
    """8.3.3: attack 9 vs defense 10 → nothing happens, no Damage needed → PASS."""
    events = fire_84(roll=(1, 1))
    assert verdicts(check(example(), events[0], events[1], events[3])) == []


def test_more_points_than_the_damage() -> None:
    """8.4: 4 points used (eliminate + flip) for a damage of 3 → DAMAGE-ALLOCATION illegal (an outcome got
    fewer points than 8.4's table gives it), not DAMAGE-MUST-MAXIMIZE (which is about too few)."""
    report = check(example(), *fire_84(out("VM-V1", R.ELIMINATE), out("VM-D8", R.FLIP)))
    assert verdicts(report) == [(ALLOCATION, ILLEGAL, 3)]
    assert (report.findings[0].expected, report.findings[0].actual) == (3, 4)
    assert "the outcomes take more points than the damage gives" in report.findings[0].message


def _with_fire_damage(start: GameState, *events: Event) -> Report:
    from sdbp_module.games.sodbp.rules.fire import fire_damage

    return run(start, *events, rules=(*RULES, fire_damage))


def test_stated_points_that_differ_are_fire_damage() -> None:
    """A Damage that states its points (docs/events.md): 2 stated for a damage of 3, the outcomes using 3 →
    FIRE-DAMAGE illegal (the logged damage differs, 8.3.3), at the damage line; the allocation is right."""
    report = _with_fire_damage(example(), *fire_84(out("VM-V1", R.ELIMINATE), points=2))
    assert verdicts(report) == [("FIRE-DAMAGE", ILLEGAL, 3)]
    f = report.findings[0]
    assert f.message.endswith("but the damage line says 2 points (8.3.3, 8.4.1).")
    assert (f.expected, f.actual) == (3, 2)


def test_logged_points_that_agree_pass() -> None:
    assert verdicts(_with_fire_damage(example(), *fire_84(out("VM-V1", R.ELIMINATE), points=3))) == []


THREE_TARGETS = "11: VM-V1 VM-V2 VM-V3 | ctrl viet_minh | trench 1"  # defense 5 + 2 = 7, capacity 9


@pytest.mark.parametrize("points", [12, 9, None])
def test_points_beyond_what_the_targets_absorb_are_ignored(points: int | None) -> None:
    """8.4.1: attack 19 (dice 12 + FP 7) vs defense 7 → damage 12 on three fresh units (capacity 9): all three
    eliminated (9 used, 3 ignored). The damage line may state the damage (12), the part the targets
    absorb (9), or nothing → PASS (the issue's "used 9 of 9 possible; the log says 12")."""
    events = fire_84(
        out("VM-V1", R.ELIMINATE), out("VM-V2", R.ELIMINATE), out("VM-V3", R.ELIMINATE), roll=(6, 6), points=points
    )
    assert verdicts(_with_fire_damage(example(a11=THREE_TARGETS), *events)) == []


def test_points_beyond_capacity_with_too_few_used_is_must_maximize_only() -> None:
    """Damage 12 stated as 12 on capacity 9, but only two units eliminated (6 used) → DAMAGE-MUST-MAXIMIZE
    alone, with expected 9 and actual 6 (never the same number twice)."""
    events = fire_84(out("VM-V1", R.ELIMINATE), out("VM-V2", R.ELIMINATE), roll=(6, 6), points=12)
    report = _with_fire_damage(example(a11=THREE_TARGETS), *events)
    assert verdicts(report) == [(MAXIMIZE, ILLEGAL, 3)]
    assert (report.findings[0].expected, report.findings[0].actual) == (9, 6)


def test_damage_not_computable_is_cannot_check() -> None:
    """No attack roll logged: the damage cannot be computed → cannot-check naming the missing roll."""
    events = fire_84(out("VM-V1", R.FLIP))
    report = check(example(), events[0], events[2], events[3])
    assert verdicts(report) == [(MAXIMIZE, CANNOT, 2)]
    assert "the attack's dice roll" in report.findings[0].message
    assert "the Viet Minh used 1 point (flip VM-V1)" in report.findings[0].message


def test_logged_damage_stands_in_when_not_computable() -> None:
    """No roll, but the Fire states damage 3: the allocation is judged against the log's own number."""
    events = fire_84(out("VM-V1", R.FLIP))
    declared = Fire(side=FR, units=uids(FIRERS), from_area=aid(10), target=aid(11), damage=3)
    report = check(example(), declared, events[2], events[3])
    assert verdicts(report) == [(MAXIMIZE, ILLEGAL, 2)]
    assert report.findings[0].message.startswith("Damage 3 = as logged (the rules' damage cannot be computed:")


def test_attack_open_at_the_end_of_the_log_is_judged() -> None:
    """An attack the log leaves open is judged at the end (``finish``), at its Damage line."""
    events = fire_84(out("VM-V1", R.FLIP))
    report = check(example(), *events[:3])
    assert verdicts(report) == [(MAXIMIZE, ILLEGAL, 3)]


# French FR-S1 in 76 fires at a fresh VM unit (DEF 5, printed 0): dice 6 + FP 1 = 7 → 2 damage
NO_WAY_OUT = "turn 2 action french\n76: FR-S1 | ctrl french\n77: VM-V1 | ctrl viet_minh\n"
WAY_OUT = "turn 2 action french\n76: FR-S1 | ctrl french\n75: VM-V1 | ctrl viet_minh\n71: | ctrl viet_minh\n"


def _two_damage(start: str, target: int, *outcomes: UnitOutcome) -> Report:
    return check(
        position(start),
        Fire(side=FR, units=uids("FR-S1"), from_area=aid(76), target=aid(target)),
        dice(FR, 3, 3),
        damage(VM, target, *outcomes),
        Pass(side=VM),
    )


def test_eliminated_for_want_of_a_retreat_area_uses_two_points() -> None:
    """8.4, 8.4.2: 2 damage on a fresh unit with no retreat area: flip + retreat, so eliminated → PASS."""
    assert verdicts(_two_damage(NO_WAY_OUT, 77, out("VM-V1", R.ELIMINATE))) == []


def test_eliminated_with_a_retreat_area_uses_three_points() -> None:
    """The same unit with area 71 to retreat to: a fresh unit eliminated for 2 points → DAMAGE-ALLOCATION
    (8.4's table gives 2 points on a fresh unit only a flip + retreat), not DAMAGE-MUST-MAXIMIZE."""
    report = _two_damage(WAY_OUT, 75, out("VM-V1", R.ELIMINATE))
    assert verdicts(report) == [(ALLOCATION, ILLEGAL, 3)]
    assert (report.findings[0].expected, report.findings[0].actual) == (2, 3)
    assert _two_damage(WAY_OUT, 75, out("VM-V1", R.FLIP_RETREAT, 71)).findings == ()


def _night_fire(*outcomes: UnitOutcome, options: tuple[str, ...] = ()) -> Report:
    """VM units in 11 (FP 2+1) fire at 10 (FR-S1, FR-S2; DEF 5 + terrain 1) with *Night Assault*: dice 6 + 3 = 9
    vs 6 → 3 (recommended reading: Night Assault counts in assaults only); 12 vs 6 → 6 under any_vm_attack."""
    start = position(
        "turn 2 action viet_minh\n11: VM-D8 VM-V1 | ctrl viet_minh\n10: FR-S1 FR-S2 | ctrl french\n"
    )
    events = [
        Fire(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10)),
        CardPlay(side=VM, card=card(NIGHT_ASSAULT)),
        dice(VM, 3, 3),
        damage(FR, 10, *outcomes),
        Pass(side=FR),
    ]
    return check(start, *events, options=options)


def test_points_of_a_non_recommended_reading_are_suspicious() -> None:
    """Switch-governed arithmetic (AMB-13): 6 points used where the recommended reading gives 3 and
    night_assault_scope=any_vm_attack gives 6 → suspicious; illegal under strict_mode."""
    both = (out("FR-S1", R.ELIMINATE), out("FR-S2", R.ELIMINATE))
    assert verdicts(_night_fire(out("FR-S1", R.ELIMINATE))) == []
    report = _night_fire(*both)
    assert verdicts(report) == [(MAXIMIZE, SUSPICIOUS, 4)]
    assert "matches only a non-recommended reading of the rules, which gives 6" in report.findings[0].message
    assert verdicts(_night_fire(*both, options=("strict_mode=true",))) == [(MAXIMIZE, ILLEGAL, 4)]
    assert verdicts(_night_fire(*both, options=("night_assault_scope=any_vm_attack",))) == []


# -- DAMAGE-WHO-ALLOCATES -------------------------------------------------------------------------


def test_firer_allocating_a_unit_fire_is_illegal() -> None:
    """8.4: the owner of the targets allocates; the French allocating their own fire's damage → illegal."""
    events = fire_84()
    events[2] = damage(FR, 11, out("VM-V1", R.ELIMINATE))
    report = check(example(), *events)
    assert verdicts(report) == [(WHO, ILLEGAL, 3)]
    assert report.findings[0].message == (
        "The French allocate the damage to the Viet Minh units in area 11; the owner of the targeted units "
        "allocates the damage (8.4), here the Viet Minh."
    )


DETONATE_START = "turn 3 action viet_minh\n10: FR-S1 FR-S2 | ctrl french\n11: VM-V1 | ctrl viet_minh | trench 3\n"


@pytest.mark.parametrize("name", [DETONATE, RATS])
def test_detonate_and_rats_vm_allocates(name: str) -> None:
    """*Detonate Mine Shaft* (the d6 damage) and *Rats of the Nam Yum* (the flipped units): the VM allocates."""
    events: list[Event] = [
        Pass(side=FR),
        CardPlay(side=VM, card=card(name), targets=(aid(10),)),
        DiceRoll(side=VM, purpose="other", values=(2,)),
        damage(VM, 10, out("FR-S1", R.FLIP), out("FR-S2", R.FLIP)),
    ]
    assert verdicts(check(position(DETONATE_START), *events)) == []
    events[3] = damage(FR, 10, out("FR-S1", R.FLIP), out("FR-S2", R.FLIP))
    report = check(position(DETONATE_START), *events)
    assert verdicts(report) == [(WHO, ILLEGAL, 4)]
    assert f"{name}: the firer allocates the damage" in report.findings[0].message


# -- DAMAGE-TARGET-AREA-ONLY ----------------------------------------------------------------------


def test_damage_to_a_unit_outside_the_target_area() -> None:
    """8.4: damage on a VM unit in 7 for a fire at 11 → DAMAGE-TARGET-AREA-ONLY illegal."""
    start = example(a7="7: VM-V2 | ctrl viet_minh")
    report = check(start, *fire_84(out("VM-V1", R.FLIP_RETREAT, 8), out("VM-V2", R.FLIP)))
    assert [(f.rule_id, f.severity.value, f.where.line) for f in findings(report, TARGET_ONLY)] == [
        (TARGET_ONLY, ILLEGAL, 3)
    ]
    assert findings(report, TARGET_ONLY)[0].message == (
        "Damage is applied to VM-V2, but the targeted area is 11: VM-V2 is in area 7 (8.4)."
    )


def test_damage_in_the_target_area_passes() -> None:
    report = check(example(), *fire_84(out("VM-V1", R.FLIP_RETREAT, 8), out("VM-D8", R.FLIP)))
    assert findings(report, TARGET_ONLY) == []


def _debouchez(*outcomes: UnitOutcome) -> Report:
    """A VM assault from 80 (VM-V1, VM-V2 assault; VM-V3 stays out) on 81; *Débouchez à Zéro!* fires at
    the assaulting units: FP 6 + dice 2 = 8 vs DEF 5 (no terrain) → 3."""
    start = position(
        "turn 1 action viet_minh\n80: VM-V1 VM-V2 VM-V3 | ctrl viet_minh | trench 3\n81: FR-S1 | ctrl french\n"
    )
    deb = card(DEBOUCHEZ)
    return check(
        start,
        Assault(side=VM, units=uids("VM-V1 VM-V2"), from_area=aid(80), target=aid(81)),
        CardPlay(side=FR, card=deb),
        Fire(side=FR, card=deb, target=aid(80)),
        dice(FR, 1, 1),
        damage(VM, 80, *outcomes),
        Pass(side=FR),
    )


def test_debouchez_damage_only_on_assaulting_units() -> None:
    """*Débouchez à Zéro!* hits only the assaulting units: VM-V3 in 80 did not assault → illegal."""
    report = _debouchez(out("VM-V1", R.ELIMINATE), out("VM-V3", R.FLIP))
    (f,) = findings(report, TARGET_ONLY)
    assert (f.severity.value, f.where.line) == (ILLEGAL, 5)
    assert "VM-V3 is in area 80 but not among the assaulting units" in f.message
    assert findings(_debouchez(out("VM-V1", R.ELIMINATE)), TARGET_ONLY) == []


def test_damage_without_area_or_attack_is_cannot_check() -> None:
    """A Damage naming no area while no attack is open: the targeted area is unknown → cannot-check."""
    start = example()
    report = check(start, Damage(side=VM, outcomes=(out("VM-V1", R.FLIP),)))
    assert verdicts(report) == [(TARGET_ONLY, CANNOT, 1)]


def test_unit_not_on_the_map() -> None:
    """Damage to a unit already eliminated → DAMAGE-TARGET-AREA-ONLY illegal."""
    start = example(extra="eliminated: VM-V5")
    report = check(start, *fire_84(out("VM-V1", R.ELIMINATE), out("VM-V5", R.FLIP)))
    assert verdicts(report) == [(TARGET_ONLY, ILLEGAL, 3)]
    assert "VM-V5 is not on the map (eliminated)" in report.findings[0].message

