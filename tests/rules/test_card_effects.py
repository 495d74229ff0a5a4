"""Cards with their own non-fire effect (``rules/card_effects.py``; catalogue §3.15 C-RATS, C-DETONATE,
C-BMC, C-RELIEF).

Worked examples: §4.10 CA-10 (Relief Force), CA-17 (Rats), CA-25 (BMC), CA-26 (Detonate).
Rats, Detonate and BMC use the combat test map (``_combat_fixtures``): 14 French, adjacent to 11
(VM) and 17 (French); 10 French, adjacent to 7, 11 (VM) and 17 across a river without a bridge.
Relief Force uses the bundled game (area 38, the three '*' units).
"""

from __future__ import annotations

from dataclasses import replace

from sdbp_module.games.sodbp.rules import damage, movement
from sdbp_module.games.sodbp.rules.card_effects import RULES
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.ids import AreaId, CardId
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import (
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Flip,
    Move,
    MoveKind,
    Pass,
    Pile,
    Place,
    PlaceKind,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.location import Location
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report, check_events
from tests.rules._combat_fixtures import (
    FR,
    VM,
    aid,
    position,
    run,
    switches,
    uid,
    uids,
    verdicts,
)

ILLEGAL = "illegal"
CANNOT = "cannot-check"
INFO = "info"

RATS = CardId("VM-03")
DETONATE = CardId("VM-06")
BMC = CardId("FR-06")
RELIEF = CardId("FR-09")

STAR_INF_A = "FR-III3REI-C"
STAR_INF_B = "FR-II1RTA-C"
STAR_ARMOR = "FR-1RCC-PREAUD"
STARS = f"{STAR_INF_A} {STAR_INF_B} {STAR_ARMOR}"


def check(start: GameState, *events: Event, extra: tuple[object, ...] = ()) -> Report:
    rules = RULES + tuple(extra)  # type: ignore[operator]
    return run(start, *events, rules=rules)


def roll(side: object, value: int) -> DiceRoll:
    return DiceRoll(side=side, purpose="other", values=(value,))  # type: ignore[arg-type]


def vm_opens() -> Move:
    """A VM move that opens the action the D card is played in."""
    return Move(side=VM, units=uids("VM-V5"), from_area=aid(7), to_area=aid(11), path=(aid(7), aid(11)))


# -- C-RATS ---------------------------------------------------------------------------------------


def _rats_start(area_14: str = "FR-S1 FR-S2 FR-S3 FR-S4* FR-S5*", ctrl: str = "french") -> GameState:
    return position(
        f"""
turn 3 action viet_minh
7: VM-V5 | ctrl viet_minh
8: | ctrl viet_minh
14: {area_14} | ctrl {ctrl}
17: FR-S6 | ctrl french
hand viet_minh: VM-03
"""
    )


def _rats(d6: int, flipped: str, *, by: object = VM, target: int = 14, start: GameState | None = None) -> Report:
    return check(
        start or _rats_start(),
        vm_opens(),
        CardPlay(side=VM, card=RATS, targets=(aid(target),)),
        roll(VM, d6),
        Flip(units=uids(flipped), spent=True, by=by),  # type: ignore[arg-type]
        Pass(side=FR),
    )


def test_CA_17_rats_d6_5_flips_the_3_fresh_units_pass() -> None:
    """§4.10 CA-17: d6 = 5, target 3 fresh + 2 spent French, no VM → the VM flips the 3 fresh → PASS."""
    assert verdicts(_rats(5, "FR-S1 FR-S2 FR-S3")) == []


def test_CA_17_rats_target_with_a_vm_unit_is_illegal() -> None:
    """§4.10 CA-17: the same on a target holding a VM unit → C-RATS illegal."""
    start = _rats_start("FR-S1 FR-S2 FR-S3 FR-S4* FR-S5* VM-V1")
    assert verdicts(_rats(5, "FR-S1 FR-S2 FR-S3", start=start)) == [("C-RATS", ILLEGAL, 2)]


def test_rats_target_not_french_controlled_is_illegal() -> None:
    start = _rats_start("FR-S1 FR-S2 FR-S3", ctrl="viet_minh")
    assert verdicts(_rats(5, "FR-S1 FR-S2 FR-S3", start=start)) == [("C-RATS", ILLEGAL, 2)]


def test_rats_too_few_flipped_is_illegal() -> None:
    report = _rats(5, "FR-S1 FR-S2")
    assert verdicts(report) == [("C-RATS", ILLEGAL, 3)]
    assert report.findings[0].expected == 3 and report.findings[0].actual == 2


def test_rats_spent_unit_flipped_is_illegal() -> None:
    """d6 = 2: FR-S1 and the spent FR-S4 'flipped' → a spent unit counted, and only 1 fresh flipped."""
    assert verdicts(_rats(2, "FR-S1 FR-S4")) == [("C-RATS", ILLEGAL, 2), ("C-RATS", ILLEGAL, 3)]


def test_rats_unit_outside_the_target_flipped_is_illegal() -> None:
    assert verdicts(_rats(5, "FR-S1 FR-S2 FR-S3 FR-S6")) == [("C-RATS", ILLEGAL, 2)]


def test_rats_french_choose_is_illegal() -> None:
    assert verdicts(_rats(2, "FR-S1 FR-S2", by=FR)) == [("C-RATS", ILLEGAL, 2)]


def test_rats_chooser_not_logged_with_a_choice_cannot_check() -> None:
    """d6 = 2 of 3 fresh units: the VM had a choice, and the log does not say who made it."""
    assert verdicts(_rats(2, "FR-S1 FR-S2", by=None)) == [("C-RATS", CANNOT, 2)]


def test_rats_chooser_not_logged_without_a_choice_passes() -> None:
    """d6 = 5 ≥ 3 fresh: every fresh unit flips whoever picks them."""
    assert verdicts(_rats(5, "FR-S1 FR-S2 FR-S3", by=None)) == []


def test_rats_no_die_cannot_check_once() -> None:
    report = check(
        _rats_start(),
        vm_opens(),
        CardPlay(side=VM, card=RATS, targets=(aid(14),)),
        Flip(units=uids("FR-S1"), spent=True, by=None),
    )  # the log ends inside the action: judged by ``finish``
    assert verdicts(report) == [("C-RATS", CANNOT, 2)]


# -- C-DETONATE -----------------------------------------------------------------------------------


def _detonate_start(area_14: str = "FR-S1 FR-S2 FR-S3*", trench_11: int = 3, turn: int = 3) -> GameState:
    return position(
        f"""
turn {turn} action viet_minh
7: VM-V5 | ctrl viet_minh
8: | ctrl viet_minh
10: FR-ARM | ctrl french
11: VM-V1 | ctrl viet_minh | trench {trench_11}
14: {area_14} | ctrl french
17: | ctrl french
hand viet_minh: VM-06
"""
    )


def _ca26_events(
    *,
    withdraw_to: int = 17,
    flip: bool = True,
    d6: int = 4,
    outcomes: tuple[UnitOutcome, ...] | None = None,
    allocator: object = VM,
) -> tuple[Event, ...]:
    events: list[Event] = [
        vm_opens(),
        CardPlay(side=VM, card=DETONATE, targets=(aid(14),), to=Pile.REMOVED),
        Move(side=FR, units=uids("FR-S1"), from_area=aid(14), to_area=aid(withdraw_to), move_kind=MoveKind.WITHDRAW),
    ]
    if flip:
        events.append(Flip(units=uids("FR-S1"), spent=True, by=FR))
    events.append(roll(VM, d6))
    if outcomes is None:
        outcomes = (
            UnitOutcome(uid("FR-S2"), DamageResult.ELIMINATE),
            UnitOutcome(uid("FR-S3"), DamageResult.RETREAT, (aid(17),)),
        )
    events.append(Damage(side=allocator, target=aid(14), points=d6, outcomes=outcomes))  # type: ignore[arg-type]
    events.append(Pass(side=FR))
    return tuple(events)


def test_CA_26_detonate_withdraw_one_then_vm_allocates_4_pass() -> None:
    """§4.10 CA-26: 3 French units (2 fresh, 1 spent); 1 fresh withdrawn and flipped; d6 = 4; the VM
    eliminates the fresh one (3) and retreats the spent one (1) → PASS, also under the damage rules
    (a Damage after a Detonate play with no attack open: the VM allocates, the targets are in 14)."""
    report = check(_detonate_start(), *_ca26_events(), extra=damage.RULES)
    assert verdicts(report) == []


def test_CA_26_detonate_vm_uses_3_of_4_is_illegal() -> None:
    outcomes = (
        UnitOutcome(uid("FR-S2"), DamageResult.FLIP_RETREAT, (aid(17),)),
        UnitOutcome(uid("FR-S3"), DamageResult.RETREAT, (aid(17),)),
    )
    report = check(_detonate_start(), *_ca26_events(outcomes=outcomes))
    assert verdicts(report) == [("C-DETONATE", ILLEGAL, 6)]
    assert report.findings[0].expected == 4 and report.findings[0].actual == "3"


def test_detonate_damage_capped_by_capacity_passes() -> None:
    """d6 = 6 but the two units left absorb at most 3 + 2 = 5: both eliminated → PASS."""
    outcomes = (UnitOutcome(uid("FR-S2"), DamageResult.ELIMINATE), UnitOutcome(uid("FR-S3"), DamageResult.ELIMINATE))
    assert verdicts(check(_detonate_start(), *_ca26_events(d6=6, outcomes=outcomes))) == []


def test_detonate_fresh_withdrawn_unit_not_flipped_is_illegal() -> None:
    assert verdicts(check(_detonate_start(), *_ca26_events(flip=False))) == [("C-DETONATE", ILLEGAL, 3)]


def test_detonate_withdrawal_into_a_vm_area_is_illegal() -> None:
    assert verdicts(check(_detonate_start(), *_ca26_events(withdraw_to=11))) == [("C-DETONATE", ILLEGAL, 3)]


def test_detonate_target_not_next_to_trench_3_is_illegal() -> None:
    assert verdicts(check(_detonate_start(trench_11=2), *_ca26_events())) == [("C-DETONATE", ILLEGAL, 2)]


def test_detonate_on_turn_1_is_left_to_card_turn_restriction() -> None:
    """§4.10 CA-9 is CARD-TURN-RESTRICTION's: C-DETONATE says nothing of the turn."""
    assert verdicts(check(_detonate_start(turn=1), *_ca26_events())) == []


def test_detonate_french_allocation_is_damage_who_allocates() -> None:
    """The French allocating the d6 is judged by DAMAGE-WHO-ALLOCATES (not repeated under C-DETONATE)."""
    report = check(_detonate_start(), *_ca26_events(allocator=FR), extra=damage.RULES)
    assert verdicts(report) == [("DAMAGE-WHO-ALLOCATES", ILLEGAL, 6)]


def test_detonate_damage_on_a_withdrawn_unit_is_damage_target_area_only() -> None:
    """Damage on the withdrawn FR-S1 (now in 17): DAMAGE-TARGET-AREA-ONLY, once. The 4 points are used
    (1 on FR-S1, 3 on FR-S2): the points put on the wrong unit are not also "too few points" for
    C-DETONATE (one fault, one id)."""
    outcomes = (
        UnitOutcome(uid("FR-S1"), DamageResult.RETREAT, (aid(14),)),
        UnitOutcome(uid("FR-S2"), DamageResult.ELIMINATE),
    )
    report = check(_detonate_start(), *_ca26_events(outcomes=outcomes), extra=damage.RULES)
    assert sorted(verdicts(report)) == [("DAMAGE-TARGET-AREA-ONLY", ILLEGAL, 6)]


def test_detonate_armour_withdrawn_across_a_river_is_fr_armor_river() -> None:
    """A withdraw move is seen by FR-ARMOR-RIVER (movement.py), so C-DETONATE does not repeat it."""
    start = position(
        """
turn 3 action viet_minh
7: VM-V5 | ctrl viet_minh
8: | ctrl viet_minh
10: FR-ARM FR-S2 | ctrl french
11: VM-V1 | ctrl viet_minh | trench 3
17: | ctrl french
hand viet_minh: VM-06
"""
    )
    events = (
        vm_opens(),
        Flip(units=uids("VM-V5"), spent=True, by=VM),  # the mover's flip (MOVE-FLIP-SPENT)
        CardPlay(side=VM, card=DETONATE, targets=(aid(10),), to=Pile.REMOVED),
        Move(side=FR, units=uids("FR-ARM"), from_area=aid(10), to_area=aid(17), move_kind=MoveKind.WITHDRAW),
        Flip(units=uids("FR-ARM"), spent=True, by=FR),
        roll(VM, 3),
        Damage(side=VM, target=aid(10), points=3, outcomes=(UnitOutcome(uid("FR-S2"), DamageResult.ELIMINATE),)),
        Pass(side=FR),
    )
    report = check(start, *events, extra=movement.RULES)
    assert verdicts(report) == [("FR-ARMOR-RIVER", ILLEGAL, 4)]


def test_detonate_no_die_cannot_check() -> None:
    events = tuple(e for e in _ca26_events() if not isinstance(e, DiceRoll))
    assert verdicts(check(_detonate_start(), *events)) == [("C-DETONATE", CANNOT, 2)]


# -- C-BMC ----------------------------------------------------------------------------------------


def _bmc_start() -> GameState:
    return position(
        """
turn 3 action french
14: FR-S1* FR-S2* FR-S3* | ctrl french | no-supply
17: FR-S4* | ctrl french
hand french: FR-06
"""
    )


def _bmc(flipped: str, *, target: tuple[int, ...] = (14,), opener: tuple[Event, ...] = ()) -> Report:
    return check(
        _bmc_start(),
        *opener,
        CardPlay(side=FR, card=BMC, targets=tuple(aid(a) for a in target), as_action=not opener),
        Flip(units=uids(flipped), spent=False, by=FR),
        Pass(side=VM),
    )


def test_CA_25_bmc_on_unsupplied_spent_units_all_fresh_pass() -> None:
    """§4.10 CA-25: BMC on an area of unsupplied spent French units → all of them fresh → PASS."""
    assert verdicts(_bmc("FR-S1 FR-S2 FR-S3")) == []


def test_bmc_unit_left_spent_is_illegal() -> None:
    assert verdicts(_bmc("FR-S1 FR-S2")) == [("C-BMC", ILLEGAL, 1)]


def test_bmc_unit_elsewhere_flipped_is_illegal() -> None:
    assert verdicts(_bmc("FR-S1 FR-S2 FR-S3 FR-S4")) == [("C-BMC", ILLEGAL, 1)]


def test_bmc_not_the_whole_action_is_illegal() -> None:
    opener = (Move(side=FR, units=uids("FR-S5"), from_area=aid(21), to_area=aid(29), path=(aid(21), aid(29))),)
    assert verdicts(_bmc("FR-S1 FR-S2 FR-S3", opener=opener)) == [("C-BMC", ILLEGAL, 2)]


def test_bmc_no_area_and_nothing_flipped_cannot_check() -> None:
    report = check(_bmc_start(), CardPlay(side=FR, card=BMC, as_action=True), Pass(side=VM))
    assert verdicts(report) == [("C-BMC", CANNOT, 1)]


def test_bmc_area_inferred_from_the_flips() -> None:
    report = check(
        _bmc_start(),
        CardPlay(side=FR, card=BMC, as_action=True),
        Flip(units=uids("FR-S1 FR-S2"), spent=False, by=FR),
        Pass(side=VM),
    )
    assert verdicts(report) == [("C-BMC", ILLEGAL, 1)]  # FR-S3 left spent in 14


# -- C-RELIEF (bundled game: area 38, the '*' units) ------------------------------------------------


def _relief_start(turn: int = 4, ctrl_38: str = "french", area_38: str = "", star_spent: bool = False) -> GameState:
    stars = " ".join(f"{u}*" if star_spent else u for u in STARS.split())
    text = f"""
turn {turn} action french
38: {area_38} | ctrl {ctrl_38}
34: FR-I2REI-1 | ctrl french
28: | ctrl french
off-map: {stars}
hand french: FR-09
"""
    return state_from_text(text, sequence=SODBP.make_sequence(load_game(default_data_dir())))


def _relief(start: GameState, d6: int | None, units: str, *, to: int = 38, as_action: bool = True) -> Report:
    events: list[Event] = []
    if not as_action:  # a French move opens the action the card joins
        events.append(Move(side=FR, units=uids("FR-I2REI-1"), from_area=aid(34), to_area=aid(28)))
    events.append(CardPlay(side=FR, card=RELIEF, as_action=as_action, to=Pile.REMOVED))
    if d6 is not None:
        events.append(roll(FR, d6))
    events.append(Place(side=FR, units=uids(units), to=Location.in_area(AreaId(to)), place_kind=PlaceKind.CARD))
    events.append(Pass(side=VM))
    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(numbered, load_game(default_data_dir()), SODBP, initial=start, rules=RULES, switches=switches())


def test_CA_10_relief_force_turn_4_six_armor_and_infantry_pass() -> None:
    """§4.10 CA-10: turn 4, d6 = 6 → 1 armor + 1 infantry '*' units, fresh, in 38, card removed → PASS."""
    report = _relief(_relief_start(), 6, f"{STAR_ARMOR} {STAR_INF_A}")
    assert verdicts(report, with_info=True) == []


def test_CA_10_relief_force_turn_5_is_left_to_card_turn_restriction() -> None:
    """§4.10 CA-10: the same on turn 5 is CARD-TURN-RESTRICTION's (another id): C-RELIEF says nothing."""
    report = _relief(_relief_start(turn=5), 6, f"{STAR_ARMOR} {STAR_INF_A}")
    assert verdicts(report, with_info=True) == []


def test_relief_wrong_units_for_the_die_is_illegal() -> None:
    """d6 = 4 → 1 armor; 2 infantry placed."""
    report = _relief(_relief_start(), 4, f"{STAR_INF_A} {STAR_INF_B}")
    assert verdicts(report) == [("C-RELIEF", ILLEGAL, 2)]


def test_relief_two_infantry_on_1_to_3_pass() -> None:
    assert verdicts(_relief(_relief_start(), 2, f"{STAR_INF_A} {STAR_INF_B}")) == []


def test_relief_placed_outside_38_is_illegal() -> None:
    assert verdicts(_relief(_relief_start(), 5, STAR_ARMOR, to=34)) == [("C-RELIEF", ILLEGAL, 3)]


def test_relief_not_a_star_unit_is_illegal() -> None:
    report = _relief(_relief_start(), 5, "FR-I2REI-1")  # a unit of 34, not a '*' unit
    assert verdicts(report) == [("C-RELIEF", ILLEGAL, 2), ("C-RELIEF", ILLEGAL, 3)]


def test_relief_units_spent_is_illegal() -> None:
    report = _relief(_relief_start(star_spent=True), 5, STAR_ARMOR)
    assert verdicts(report) == [("C-RELIEF", ILLEGAL, 3)]


def test_relief_not_the_whole_action_is_illegal() -> None:
    report = _relief(_relief_start(), 5, STAR_ARMOR, as_action=False)
    assert verdicts(report) == [("C-RELIEF", ILLEGAL, 2)]


def test_relief_area_38_vm_controlled_is_info() -> None:
    report = _relief(_relief_start(ctrl_38="viet_minh"), 5, STAR_ARMOR)
    assert verdicts(report, with_info=True) == [("C-RELIEF", INFO, 1)]


def test_relief_no_die_cannot_check() -> None:
    report = _relief(_relief_start(), None, STAR_ARMOR)
    assert verdicts(report) == [("C-RELIEF", CANNOT, 1)]


def test_detonate_logged_as_a_card_fire_leaves_the_points_to_damage_must_maximize() -> None:
    """A log that records the detonation as ``Fire(card=Detonate)``: the d6 damage is then an attack's,
    judged by DAMAGE-MUST-MAXIMIZE (which reads the Detonate die); C-DETONATE does not count it again."""
    from sdbp_module.replay.events import Fire

    events = list(_ca26_events(outcomes=(UnitOutcome(uid("FR-S2"), DamageResult.ELIMINATE),)))
    events.insert(4, Fire(side=VM, target=aid(14), card=DETONATE))  # after the withdrawal's flip
    report = check(_detonate_start(), *events, extra=damage.RULES)
    assert verdicts(report) == [("DAMAGE-MUST-MAXIMIZE", ILLEGAL, 7)]


def test_rats_logged_as_damage_flips_counts_the_flip_outcomes() -> None:
    """A log that records Rats as a ``Damage`` of flips (the VM allocating): counted as the flips."""
    flips = tuple(UnitOutcome(uid(u), DamageResult.FLIP) for u in ("FR-S1", "FR-S2", "FR-S3"))
    report = check(
        _rats_start(),
        vm_opens(),
        CardPlay(side=VM, card=RATS, targets=(aid(14),)),
        roll(VM, 5),
        Damage(side=VM, target=aid(14), outcomes=flips),
        Pass(side=FR),
    )
    assert verdicts(report) == []
    eliminated = (UnitOutcome(uid("FR-S1"), DamageResult.ELIMINATE),) + flips[1:]
    report = check(
        _rats_start(),
        vm_opens(),
        CardPlay(side=VM, card=RATS, targets=(aid(14),)),
        roll(VM, 5),
        Damage(side=VM, target=aid(14), outcomes=eliminated),
        Pass(side=FR),
    )
    assert verdicts(report) == [("C-RATS", ILLEGAL, 3), ("C-RATS", ILLEGAL, 4)]
