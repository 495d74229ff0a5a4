"""Card-specific checks of the attack and action cards (``rules/card_fire.py``; catalogue §3.15).

Worked examples: §4.10 CA-11, CA-12 (firepower: FIRE-ATTACK-TOTAL, run beside these rules), CA-18
(Propaganda), CA-20 (counter-battery vs trench removal), CA-21, CA-22, CA-23 (Counter Attack).
Map (``_combat_fixtures``): 7, 8, 11 VM; 10, 14, 17 French; 11 next to 7, 8, 10, 14, 17; 10 next to 7
and 17; 14–17; rivers without a bridge 10|17 and 11|17; 21–29–28 / 29–30 all French (no VM
neighbour); 70–77 VM but 76 (70, 71, 72 have no French neighbour); 80 [2] VM, 81 French, 82 [3] VM,
all three adjacent. FR-T1 / FR-T2 are Thai (``_card_fire_fixtures``).
"""

from __future__ import annotations

from functools import partial

from sdbp_module.games.sodbp.rules import card_play, damage, fire, hand, movement
from sdbp_module.games.sodbp.rules.card_fire import RULES
from sdbp_module.ids import CardId, Side
from sdbp_module.replay.events import (
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Fire,
    Flip,
    Move,
    MoveKind,
    Pass,
    Pile,
    Relocate,
    TrenchSet,
    UnitOutcome,
)
from sdbp_module.replay.location import ELIMINATED, REMOVED
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report
from tests.rules._card_fire_fixtures import run_cards
from tests.rules._combat_fixtures import (
    FR,
    VM,
    aid,
    card,
    position,
    uid,
    uids,
    verdicts,
)

ILLEGAL = "illegal"
SUSPICIOUS = "suspicious"
CANNOT = "cannot-check"


# The bundled deck's ids of the cards played here, looked up when a test first calls one (not when the file
# is collected: every process of a session collects it).
katyusha = partial(card, "Katyusha Rockets")
propaganda = partial(card, "Propaganda")
art_105 = partial(card, "105mm Artillery")
art_75 = partial(card, "75mm Artillery")
artillery = partial(card, "Artillery")
tot = partial(card, "TOT Artillery")
b26 = partial(card, "B-26 Bombers")
fb_1 = partial(card, "Fighter Bombers", 0)
fb_2 = partial(card, "Fighter Bombers", 1)
counter_attack = partial(card, "Counter Attack")

FIRE_ATTACK_TOTAL = tuple(r for r in fire.RULES if r.rule_id == "FIRE-ATTACK-TOTAL")
_OWNERS = ("CARD-REMOVED-AFTER-PLAY", "CARD-ONE-ACTION-CARD", "CARD-CLASS-D-OWN-ACTION", "DAMAGE-WHO-ALLOCATES")
_OTHERS = tuple(r for m in (hand, card_play, damage) for r in m.RULES if r.rule_id in _OWNERS)
"""The rules that own what these card ids leave to them (one fault, one id)."""


def check(start: str | GameState, *events: Event, rules: tuple[object, ...] = RULES, options: tuple[str, ...] = ()) -> Report:
    state = position(start) if isinstance(start, str) else start
    return run_cards(state, *events, rules=rules, options=options)  # type: ignore[arg-type]


def play(side: Side, c: CardId, target: int | None = None, *, as_action: bool = True, mode: str | None = None,
         to: Pile = Pile.DISCARD, action: int | None = None) -> CardPlay:
    targets = (aid(target),) if target is not None else ()
    return CardPlay(side=side, card=c, targets=targets, as_action=as_action, mode=mode, to=to, action=action)


def roll(side: Side, *values: int, purpose: str = "fire") -> DiceRoll:
    return DiceRoll(side=side, purpose=purpose, values=values)


def hit(side: Side, target: int, *units: str, result: DamageResult = DamageResult.FLIP) -> Damage:
    return Damage(side=side, target=aid(target), outcomes=tuple(UnitOutcome(uid(u), result) for u in units))


# -- Katyusha Rockets -----------------------------------------------------------------------------


def _french_in_14(n: int, spent: int = 0) -> str:
    units = " ".join(f"FR-S{i}" + ("*" if i > n - spent else "") for i in range(1, n + 1))
    return f"turn 2 action viet_minh\n14: {units} | ctrl french\n11: VM-D8 | ctrl viet_minh\nhand viet_minh: {katyusha()} {art_75()}\n"


def _katyusha(target: int, attack: int | None = None, *, as_action: bool = True, to: Pile = Pile.REMOVED) -> list[Event]:
    return [
        play(VM, katyusha(), target, as_action=as_action, to=to),
        Fire(side=VM, card=katyusha(), target=aid(target), attack=attack),
        roll(VM, 3, 4),
    ]


def test_CA_11_katyusha_13_against_seven_french_units() -> None:
    """7 French units (3 fresh, 4 spent): FP 13 (FIRE-ATTACK-TOTAL), dice 7 → 20; with 6 units FP 12."""
    rules = RULES + FIRE_ATTACK_TOTAL
    assert verdicts(check(_french_in_14(7, spent=4), *_katyusha(14, 20), rules=rules)) == []
    assert verdicts(check(_french_in_14(7, spent=4), *_katyusha(14, 19), rules=rules)) == [("FIRE-ATTACK-TOTAL", ILLEGAL, 2)]
    assert verdicts(check(_french_in_14(6, spent=4), *_katyusha(14, 19), rules=rules)) == []


def test_katyusha_not_as_the_action() -> None:
    report = check(_french_in_14(3), *_katyusha(14, as_action=False))
    assert verdicts(report) == [("C-KATYUSHA", ILLEGAL, 1)]
    assert "not as the Viet Minh player's action" in report.findings[0].message


def test_katyusha_target_not_adjacent_to_a_vm_area() -> None:
    start = "turn 2 action viet_minh\n21: FR-S1 | ctrl french\n"
    report = check(start, *_katyusha(21))
    assert verdicts(report) == [("C-KATYUSHA", ILLEGAL, 1)]
    assert "area 21" in report.findings[0].message


def test_katyusha_not_removed_from_the_game_is_card_removed_after_play() -> None:
    """A played *Katyusha* put in the discard pile: CARD-REMOVED-AFTER-PLAY's (CA-4, DA-7), reported once;
    C-KATYUSHA does not report the same fact."""
    assert verdicts(check(_french_in_14(3), *_katyusha(14, to=Pile.DISCARD))) == []
    report = check(_french_in_14(3), *_katyusha(14, to=Pile.DISCARD), rules=RULES + _OTHERS)
    assert verdicts(report) == [("CARD-REMOVED-AFTER-PLAY", ILLEGAL, 1)]
    assert "discard pile" in report.findings[0].message


def test_katyusha_removed_by_a_later_card_remove_is_legal() -> None:
    from sdbp_module.replay.events import CardRemove

    events = [*_katyusha(14, to=Pile.DISCARD), CardRemove(side=VM, cards=(katyusha(),))]
    assert verdicts(check(_french_in_14(3), *events)) == []


def test_katyusha_without_a_target_cannot_be_checked() -> None:
    report = check(_french_in_14(3), play(VM, katyusha(), to=Pile.REMOVED))
    assert verdicts(report) == [("C-KATYUSHA", CANNOT, 1)]


# -- 105mm / 75mm Artillery -----------------------------------------------------------------------


def test_CA_12_75mm_is_10_against_seven_french_units() -> None:
    """75mm at ≥ 7 French units: FP 10 per the seed (AMB-17, FIRE-ATTACK-TOTAL); the card's own conditions hold."""
    rules = RULES + FIRE_ATTACK_TOTAL
    events = [play(VM, art_75(), 14, mode="fire"), Fire(side=VM, card=art_75(), target=aid(14), attack=17), roll(VM, 3, 4)]
    assert verdicts(check(_french_in_14(7), *events, rules=rules)) == []
    assert verdicts(check(_french_in_14(7), *events, rules=rules, options=("art75_boost=9",))) == [
        ("FIRE-ATTACK-TOTAL", SUSPICIOUS, 2)
    ]


def test_105_fire_at_an_area_not_adjacent_to_a_vm_area() -> None:
    start = "turn 2 action viet_minh\n29: FR-S1 | ctrl french\n"
    events = [play(VM, art_105(), 29, mode="fire"), Fire(side=VM, card=art_105(), target=aid(29)), roll(VM, 2, 2)]
    assert verdicts(check(start, *events)) == [("C-105", ILLEGAL, 1)]


def test_75_fire_not_as_the_action() -> None:
    events = [play(VM, art_75(), 14, as_action=False), Fire(side=VM, card=art_75(), target=aid(14)), roll(VM, 2, 2)]
    assert verdicts(check(_french_in_14(3), *events)) == [("C-75", ILLEGAL, 1)]


TRENCHED = "turn 2 action french\n81: FR-S1 | ctrl french\n80: VM-V1 | ctrl viet_minh | trench 2\n82: VM-V2 | ctrl viet_minh | trench 3\n"


def test_CA_20_counter_battery_vs_the_trench_removal_mode() -> None:
    """Artillery played to remove the trench of 80, negated by a 105mm counter-battery: nothing removed → PASS."""
    events = [
        play(FR, artillery(), 80, mode="remove-trenches"),
        play(VM, art_105(), as_action=False, mode="counter-battery"),
    ]
    assert verdicts(check(TRENCHED, *events)) == []


def test_counter_battery_with_the_trench_removed_anyway() -> None:
    events = [
        play(FR, artillery(), 80, mode="remove-trenches"),
        play(VM, art_105(), as_action=False, mode="counter-battery"),
        TrenchSet(area=aid(80), level=0),
    ]
    report = check(TRENCHED, *events)
    assert verdicts(report) == [("C-105", ILLEGAL, 2)]
    assert "lowered from 2 to 0" in report.findings[0].message


def test_counter_battery_with_no_mode_logged_and_the_fire_rolled_anyway() -> None:
    """A 75mm played (not as the action) after the French Artillery is a counter-battery; the French still roll."""
    events = [
        play(FR, artillery(), 80),
        play(VM, art_75(), as_action=False),
        Fire(side=FR, card=artillery(), target=aid(80)),
        roll(FR, 5, 5),
        hit(VM, 80, "VM-V1"),
    ]
    report = check(TRENCHED, *events)
    assert verdicts(report) == [("C-75", ILLEGAL, 2)]
    assert "fire roll 5+5" in report.findings[0].message


# -- Artillery / TOT Artillery --------------------------------------------------------------------


def test_artillery_fire_at_an_area_next_to_a_french_one_is_legal() -> None:
    events = [play(FR, artillery(), 80, mode="fire"), Fire(side=FR, card=artillery(), target=aid(80)), roll(FR, 1, 2)]
    assert verdicts(check(TRENCHED, *events)) == []


def test_artillery_fire_at_an_area_with_no_french_neighbour() -> None:
    start = "turn 2 action french\n70: VM-V1 | ctrl viet_minh\n"
    events = [play(FR, artillery(), 70, mode="fire"), Fire(side=FR, card=artillery(), target=aid(70)), roll(FR, 1, 2)]
    assert verdicts(check(start, *events)) == [("C-ARTILLERY", ILLEGAL, 1)]


def test_artillery_not_as_the_action() -> None:
    events = [play(FR, artillery(), 80, as_action=False, mode="fire"), Fire(side=FR, card=artillery(), target=aid(80))]
    assert verdicts(check(TRENCHED, *events)) == [("C-ARTILLERY", ILLEGAL, 1)]


def test_trench_removal_of_all_markers_is_legal() -> None:
    events = [play(FR, tot(), 82, mode="remove-trenches"), TrenchSet(area=aid(82), level=0)]
    assert verdicts(check(TRENCHED, *events)) == []


def test_trench_removal_with_no_mode_logged_is_read_from_the_removal() -> None:
    events = [play(FR, artillery()), TrenchSet(area=aid(82), level=0)]
    assert verdicts(check(TRENCHED, *events)) == []


def test_trench_removal_of_part_of_the_markers() -> None:
    report = check(TRENCHED, play(FR, tot(), 82, mode="remove-trenches"), TrenchSet(area=aid(82), level=1))
    assert verdicts(report) == [("C-TOT", ILLEGAL, 1)]
    assert "level 3 → 1" in report.findings[0].message


def test_trench_removal_of_a_second_area() -> None:
    events = [play(FR, artillery(), 82, mode="remove-trenches"), TrenchSet(area=aid(82), level=0), TrenchSet(area=aid(80), level=0)]
    assert verdicts(check(TRENCHED, *events)) == [("C-ARTILLERY", ILLEGAL, 3)]


def test_trench_removal_in_an_area_with_no_french_neighbour() -> None:
    start = "turn 2 action french\n70: VM-V1 | ctrl viet_minh | trench 1\n"
    events = [play(FR, artillery(), 70, mode="remove-trenches"), TrenchSet(area=aid(70), level=0)]
    assert verdicts(check(start, *events)) == [("C-ARTILLERY", ILLEGAL, 1)]


# -- B-26 Bombers ---------------------------------------------------------------------------------


def test_b26_at_any_area_as_the_action_is_legal() -> None:
    start = "turn 2 action french\n70: VM-V1 | ctrl viet_minh\n"
    events = [play(FR, b26(), 70), Fire(side=FR, card=b26(), target=aid(70)), roll(FR, 1, 2)]
    assert verdicts(check(start, *events)) == []


def test_b26_not_as_the_action() -> None:
    """CA-8: a unit fire and a *B-26* in one French action → CARD-ONE-ACTION-CARD alone (C-B26 leaves a card
    combined with its own side's action to it); played during the Viet Minh action → C-B26."""
    start = "turn 2 action french\n10: FR-S1 | ctrl french\n11: VM-V1 | ctrl viet_minh\n"
    events = [
        Fire(side=FR, units=uids("FR-S1"), from_area=aid(10), target=aid(11)),
        play(FR, b26(), 11, as_action=False),
        Fire(side=FR, card=b26(), target=aid(11)),
    ]
    assert verdicts(check(start, *events)) == []
    assert [v[0] for v in verdicts(check(start, *events, rules=RULES + _OTHERS))] == ["CARD-ONE-ACTION-CARD"]
    vm_action = "turn 2 action viet_minh\n10: FR-S1 | ctrl french\n11: VM-V1 | ctrl viet_minh\n"
    during = [Move(side=VM, units=uids("VM-V1"), from_area=aid(11), to_area=aid(7)), *events[1:]]
    report = check(vm_action, *during)
    assert verdicts(report) == [("C-B26", ILLEGAL, 2)]
    assert "during the Viet Minh action" in report.findings[0].message


# -- Fighter Bombers ------------------------------------------------------------------------------

UNIT_FIRE = "turn 2 action french\n10: FR-F3 FR-F1A | ctrl french\n11: VM-D8 VM-V1 VM-V2 | ctrl viet_minh\n"


def _unit_fire() -> list[Event]:
    return [
        Fire(side=FR, units=uids("FR-F3 FR-F1A"), from_area=aid(10), target=aid(11)),
        roll(FR, 3, 3),
        hit(VM, 11, "VM-V1"),
        Flip(units=uids("FR-F3 FR-F1A"), spent=True),
    ]


def _fighter_bombers(c: CardId, *values: int, allocated_by: Side = FR, unit: str = "VM-V2") -> list[Event]:
    out: list[Event] = [play(FR, c, 11, as_action=False), Fire(side=FR, card=c, target=aid(11))]
    if values:
        out.append(roll(FR, *values))
    out.append(hit(allocated_by, 11, unit))
    return out


def test_CA_7_unit_fire_and_two_fighter_bombers_resolved_separately() -> None:
    events = [*_unit_fire(), *_fighter_bombers(fb_1(), 2, 2), *_fighter_bombers(fb_2(), 4, 4, unit="VM-D8")]
    assert verdicts(check(UNIT_FIRE, *events)) == []


def test_fighter_bombers_during_the_vm_action() -> None:
    start = "turn 2 action viet_minh\n10: FR-F3 | ctrl french\n11: VM-D8 VM-V1 | ctrl viet_minh\n"
    events = [
        Move(side=VM, units=uids("VM-V1"), from_area=aid(11), to_area=aid(7)),
        play(FR, fb_1(), 11, as_action=False),
        Fire(side=FR, card=fb_1(), target=aid(11)),
    ]
    assert verdicts(check(start, *events)) == []
    report = check(start, *events, rules=RULES + _OTHERS)
    assert verdicts(report) == [("CARD-CLASS-D-OWN-ACTION", ILLEGAL, 2)]
    assert "during a Viet Minh action" in report.findings[0].message


def test_fighter_bombers_damage_allocated_by_the_owner() -> None:
    """DA-6: the owner allocating the *Fighter Bombers* damage → DAMAGE-WHO-ALLOCATES, not C-FIGHTER-BOMBERS too."""
    events = [*_unit_fire(), *_fighter_bombers(fb_1(), 2, 2, allocated_by=VM)]
    assert verdicts(check(UNIT_FIRE, *events)) == []
    report = check(UNIT_FIRE, *events, rules=RULES + _OTHERS)
    assert [v for v in verdicts(report) if v[0].startswith(("C-", "DAMAGE-WHO"))] == [("DAMAGE-WHO-ALLOCATES", ILLEGAL, 8)]


def test_fighter_bombers_copies_resolved_together() -> None:
    events = [
        *_unit_fire(),
        play(FR, fb_1(), 11, as_action=False),
        Fire(side=FR, card=fb_1(), target=aid(11)),
        play(FR, fb_2(), 11, as_action=False),
        Fire(side=FR, card=fb_2(), target=aid(11)),
        roll(FR, 4, 4),
        hit(FR, 11, "VM-V2"),
    ]
    assert verdicts(check(UNIT_FIRE, *events)) == [("C-FIGHTER-BOMBERS", ILLEGAL, 5)]


def test_fighter_bombers_copies_with_no_roll_cannot_be_checked() -> None:
    events = [*_unit_fire(), *_fighter_bombers(fb_1()), *_fighter_bombers(fb_2(), unit="VM-D8")]
    assert verdicts(check(UNIT_FIRE, *events)) == [("C-FIGHTER-BOMBERS", CANNOT, 5)]


# -- Propaganda -----------------------------------------------------------------------------------

def thai_14() -> str:
    return f"turn 2 action viet_minh\n14: FR-T1 FR-T2 FR-S1 FR-S2 FR-S3 | ctrl french\n11: VM-V1 | ctrl viet_minh\nhand viet_minh: {propaganda()}\n"


def _propaganda(*values: int, removed: str = "FR-T1", target: int = 14, to: Pile = Pile.REMOVED) -> list[Event]:
    out: list[Event] = [play(VM, propaganda(), target, to=to)]
    if values:
        out.append(roll(VM, *values, purpose="other"))
    if removed:
        out.append(Relocate(units=uids(removed), to=REMOVED, reason="Propaganda"))
    return out


def test_CA_18_propaganda_first_thai_removed() -> None:
    """2 Thai + 3 other units; dice 4, 2: the first Thai unit removed from the game → PASS."""
    assert verdicts(check(thai_14(), *_propaganda(4, 2))) == []


def test_CA_18_propaganda_rolling_for_non_thai_units() -> None:
    report = check(thai_14(), *_propaganda(4, 2, 1, 5, 6))
    assert verdicts(report) == [("C-PROPAGANDA", ILLEGAL, 1)]
    assert "5 dice" in report.findings[0].message


def test_propaganda_unit_removed_on_a_3() -> None:
    report = check(thai_14(), *_propaganda(3, 2))
    assert verdicts(report) == [("C-PROPAGANDA", ILLEGAL, 1)]
    assert "removed on 1–3" in report.findings[0].message


def test_propaganda_unit_kept_on_a_6() -> None:
    report = check(thai_14(), *_propaganda(6, 6))
    assert verdicts(report) == [("C-PROPAGANDA", ILLEGAL, 1)]
    assert "kept on 4–6" in report.findings[0].message


def test_propaganda_non_thai_unit_removed() -> None:
    report = check(thai_14(), *_propaganda(4, 2, removed="FR-S1"))
    assert verdicts(report) == [("C-PROPAGANDA", ILLEGAL, 1), ("C-PROPAGANDA", ILLEGAL, 3)]
    assert "kept on 4–6" in report.findings[0].message and "FR-S1" in report.findings[1].message


def test_propaganda_thai_unit_eliminated_rather_than_removed() -> None:
    events = [play(VM, propaganda(), 14, to=Pile.REMOVED), roll(VM, 5, 1, purpose="other"),
              Relocate(units=uids("FR-T1"), to=ELIMINATED)]
    assert [v[0:2] for v in verdicts(check(thai_14(), *events))] == [("C-PROPAGANDA", ILLEGAL), ("C-PROPAGANDA", ILLEGAL)]


def test_propaganda_target_without_thai_units() -> None:
    start = f"turn 2 action viet_minh\n14: FR-S1 | ctrl french\n11: VM-V1 | ctrl viet_minh\nhand viet_minh: {propaganda()}\n"
    report = check(start, *_propaganda(removed=""))
    assert verdicts(report) == [("C-PROPAGANDA", ILLEGAL, 1)]
    assert "no Thai unit" in report.findings[0].message


def test_propaganda_target_not_adjacent_to_a_vm_area() -> None:
    start = f"turn 2 action viet_minh\n29: FR-T1 | ctrl french\nhand viet_minh: {propaganda()}\n"
    assert verdicts(check(start, *_propaganda(2, target=29, removed=""))) == [("C-PROPAGANDA", ILLEGAL, 1)]


def test_propaganda_not_removed_and_not_the_action() -> None:
    """Played inside a VM move action (not as the action) and put in the discard pile: two faults, each
    once under its catalogue id — CARD-ONE-ACTION-CARD (an action card combined with a unit action,
    CA-8) and CARD-REMOVED-AFTER-PLAY (CA-4); C-PROPAGANDA repeats neither."""
    events = _propaganda(4, 2, to=Pile.DISCARD)
    events[0] = play(VM, propaganda(), 14, to=Pile.DISCARD, as_action=False)
    move = Move(side=VM, units=uids("VM-V1"), from_area=aid(11), to_area=aid(7))
    assert verdicts(check(thai_14(), move, *events)) == []
    report = check(thai_14(), move, *events, rules=RULES + _OTHERS)
    assert sorted(v[0] for v in verdicts(report)) == ["CARD-ONE-ACTION-CARD", "CARD-REMOVED-AFTER-PLAY"]


def test_propaganda_without_dice_cannot_be_checked() -> None:
    assert verdicts(check(thai_14(), *_propaganda(removed=""))) == [("C-PROPAGANDA", CANNOT, 1)]


# -- Counter Attack -------------------------------------------------------------------------------

# 11 French and empty; the VM take it from 7, then the French counter-attack from 10 and 14
COUNTER = """turn 2 action viet_minh
7: VM-V1 VM-V2 | ctrl viet_minh
10: FR-F3 | ctrl french
11: | ctrl french
14: FR-S1 | ctrl french
17: FR-ARM | ctrl french
21: FR-S2 | ctrl french
"""


def _capture(action: int = 1) -> Move:
    return Move(side=VM, units=uids("VM-V1 VM-V2"), from_area=aid(7), to_area=aid(11), action=action)


def _capture_flipped(action: int = 1) -> list[Event]:
    return [_capture(action), Flip(units=uids("VM-V1 VM-V2"), spent=True)]


def _counter_attack(action: int = 2, *, joiners: tuple[tuple[str, int], ...] = (("FR-F3", 10), ("FR-S1", 14)),
                    fire_from: int = 11, target: int = 11) -> list[Event]:
    units = tuple(u for u, _a in joiners)
    out: list[Event] = [play(FR, counter_attack(), target, action=action)]
    out += [Move(side=FR, units=uids(u), from_area=aid(a), to_area=aid(target), move_kind=MoveKind.GATHER, action=action)
            for u, a in joiners]
    out += [
        Fire(side=FR, units=uids(" ".join(units)), from_area=aid(fire_from), target=aid(target), action=action),
        roll(FR, 3, 3),
        hit(VM, target, "VM-V1"),
        Flip(units=uids(" ".join(units)), spent=True),
    ]
    return out


def test_CA_21_counter_attack_after_the_area_was_lost_in_the_last_action() -> None:
    assert verdicts(check(COUNTER, _capture(), *_counter_attack())) == []


def test_CA_22_counter_attack_for_an_area_lost_two_actions_ago() -> None:
    events = [
        _capture(1),
        Move(side=FR, units=uids("FR-S2"), from_area=aid(21), to_area=aid(29), action=2),
        Flip(units=uids("FR-S2"), spent=True),
        Pass(side=VM, action=3),
        *_counter_attack(4),
    ]
    report = check(COUNTER, *events)
    assert verdicts(report) == [("C-COUNTER-ATTACK", ILLEGAL, 5)]
    assert "no area changed from French to Viet Minh control" in report.findings[0].message


def test_CA_23_armor_joins_across_a_river() -> None:
    """The armour's river crossing is the movement rule's finding (FR-ARMOR-RIVER); the card rule stays quiet."""
    events = [*_capture_flipped(), *_counter_attack(joiners=(("FR-F3", 10), ("FR-ARM", 17)))]
    assert verdicts(check(COUNTER, *events)) == []
    report = check(COUNTER, *events, rules=RULES + movement.RULES)
    assert verdicts(report) == [("FR-ARMOR-RIVER", ILLEGAL, 5)]


def test_counter_attack_as_the_first_action_of_the_phase() -> None:
    start = COUNTER.replace("11: | ctrl french", "11: VM-V3 | ctrl viet_minh").replace("viet_minh\n7", "french\n7", 1)
    report = check(start, *_counter_attack(1))
    assert verdicts(report) == [("C-COUNTER-ATTACK", ILLEGAL, 1)]


def test_counter_attack_on_another_area_than_the_one_lost() -> None:
    start = COUNTER + "8: VM-V4 | ctrl viet_minh\n"
    events = [_capture(), *_counter_attack(joiners=(("FR-F3", 10),), target=7, fire_from=7)]
    report = check(start, *events)
    assert [v[0:2] for v in verdicts(report)] == [("C-COUNTER-ATTACK", ILLEGAL)]
    assert "not lost in the previous action (lost: 11)" in report.findings[0].message


def test_counter_attack_unit_from_a_non_adjacent_area() -> None:
    events = [_capture(), *_counter_attack(joiners=(("FR-F3", 10), ("FR-S2", 21)))]
    report = check(COUNTER, *events)
    assert verdicts(report) == [("C-COUNTER-ATTACK", ILLEGAL, 4)]
    assert "not adjacent" in report.findings[0].message


def test_counter_attack_unit_lacks_the_mp() -> None:
    """FR-ZERO (MA 2) leaves 14, which holds a VM unit too: 1 + 1 (enemy in 11) + 1 (enemy in 14) = 3 MP."""
    start = COUNTER.replace("14: FR-S1", "14: FR-S1 FR-ZERO VM-V5")
    events = [_capture(), *_counter_attack(joiners=(("FR-F3", 10), ("FR-ZERO", 14)))]
    report = check(start, *events)
    assert verdicts(report) == [("C-COUNTER-ATTACK", ILLEGAL, 4)]
    assert "costs 3 MP" in report.findings[0].message


def test_counter_attack_fired_from_outside_the_area() -> None:
    events = [_capture(), *_counter_attack(joiners=(("FR-F3", 10),), fire_from=10)]
    report = check(COUNTER, *events)
    assert verdicts(report) == [("C-COUNTER-ATTACK", ILLEGAL, 4)]


def test_counter_attack_unit_that_did_not_gather_and_one_that_does_not_fire() -> None:
    events = [_capture(), *_counter_attack()]
    fire_at = next(i for i, e in enumerate(events) if isinstance(e, Fire))
    events[fire_at] = Fire(side=FR, units=uids("FR-F3 FR-S2"), from_area=aid(11), target=aid(11), action=2)
    report = check(COUNTER, *events)
    assert verdicts(report) == [("C-COUNTER-ATTACK", ILLEGAL, 2), ("C-COUNTER-ATTACK", ILLEGAL, 5), ("C-COUNTER-ATTACK", ILLEGAL, 5)]
    messages = [f.message for f in report.findings]
    assert "FR-S2 are not in area 11" in messages[0]
    assert "FR-S2 fire without having gathered" in messages[1] and "FR-S1 gathered into area 11 but do not attack" in messages[2]


def test_counter_attack_with_ten_units() -> None:
    ten = " ".join(f"FR-S{i}" for i in range(3, 13))
    start = COUNTER.replace("10: FR-F3", f"10: {ten}")
    joiners = tuple((f"FR-S{i}", 10) for i in range(3, 13))
    report = check(start, _capture(), *_counter_attack(joiners=joiners))
    assert verdicts(report) == [("C-COUNTER-ATTACK", ILLEGAL, 2)]
    assert "10 units" in report.findings[0].message


def test_counter_attack_unit_that_leaves_the_area() -> None:
    events = [_capture(), *_counter_attack(),
              Move(side=FR, units=uids("FR-S1"), from_area=aid(11), to_area=aid(14), move_kind=MoveKind.GATHER, action=2)]
    report = check(COUNTER, *events)
    assert ("C-COUNTER-ATTACK", ILLEGAL, 2) in verdicts(report)
    assert any("not in area 11 when the action ends" in f.message for f in report.findings)


def test_counter_attack_when_the_log_lacks_the_previous_action() -> None:
    start = COUNTER.replace("turn 2 action viet_minh", "turn 2 action viet_minh").replace("11: | ctrl french", "11: VM-V3 | ctrl viet_minh")
    state = position(start)
    state = state.evolve(clock=state.clock.evolve(actions_in_phase=3, action=3))
    report = check(state, *_counter_attack(4))
    assert verdicts(report) == [("C-COUNTER-ATTACK", CANNOT, 1)]


# -- the gate ----------------------------------------------------------------------------------------


def test_gate_and_event_filter_change_no_finding() -> None:
    """Every rule run on every event, ungated, gives the same findings (legal and violating cases)."""
    from dataclasses import replace

    from sdbp_module.rules.base import FunctionRule

    ungated = tuple(replace(r, event_types=None, gate=None) for r in RULES if isinstance(r, FunctionRule))
    cases: list[tuple[str, list[Event]]] = [
        (COUNTER, [_capture(), *_counter_attack()]),
        (COUNTER, [_capture(), *_counter_attack(joiners=(("FR-F3", 10), ("FR-S2", 21)))]),
        (thai_14(), _propaganda(4, 2, removed="FR-S1")),
        (UNIT_FIRE, [*_unit_fire(), *_fighter_bombers(fb_1(), 2, 2, allocated_by=VM)]),
        (TRENCHED, [play(FR, artillery(), 80, mode="remove-trenches"), play(VM, art_105(), as_action=False), TrenchSet(area=aid(80), level=0)]),
        (_french_in_14(3), [*_katyusha(14, to=Pile.DISCARD), Pass(side=FR)]),
        (_french_in_14(3), [*_katyusha(14, as_action=False), Pass(side=FR)]),
    ]
    found = 0
    for start, events in cases:
        gated = check(start, *events).findings
        found += len(gated)
        assert check(start, *events, rules=ungated).findings == gated
    assert found >= 5


def test_fighter_bombers_negated_by_poor_weather_is_not_judged_on_its_damage() -> None:
    events = [*_unit_fire(), play(FR, fb_1(), 11, as_action=False), play(VM, card("Poor Weather"), as_action=False)]
    assert verdicts(check(UNIT_FIRE, *events)) == []


# -- a Fighter Bombers negated by Poor Weather takes no roll ------------------------------------------

TWO_FB = "turn 2 action french\n10: FR-F3 | ctrl french\n8: VM-V3 | ctrl viet_minh\n11: VM-V1 VM-V2 | ctrl viet_minh\n"
FB_RULES = RULES + tuple(damage.RULES) + tuple(card_play.RULES) + tuple(fire.RULES)


def _negated_then_second(*after_roll: Event) -> list[Event]:
    """Fighter Bombers on 8, negated by Poor Weather; the second copy on 11 and its roll 4+4 (attack 12
    against defense 6 in 11: 6 points)."""
    return [
        play(FR, fb_1(), 8, as_action=False),
        Fire(side=FR, card=fb_1(), target=aid(8)),
        play(VM, card("Poor Weather"), as_action=False),
        play(FR, fb_2(), 11, as_action=False),
        Fire(side=FR, card=fb_2(), target=aid(11)),
        roll(FR, 4, 4),
        *after_roll,
        Pass(side=VM),
    ]


def test_a_negated_fighter_bombers_takes_no_roll_and_the_next_copy_does() -> None:
    """The roll after the second copy is its own: the negated copy on 8 is not judged on it (no damage
    in 8 is no fault), and the second copy's 6 points in 11 are all used."""
    events = _negated_then_second(hit(FR, 11, "VM-V1", "VM-V2", result=DamageResult.ELIMINATE))
    assert verdicts(check(TWO_FB, *events, rules=FB_RULES)) == []


def test_the_copy_left_after_poor_weather_is_judged_on_its_roll() -> None:
    """No damage in 11 after the second copy's roll: DAMAGE-MUST-MAXIMIZE on that copy (step 5) alone,
    none on the negated copy's area 8."""
    report = check(TWO_FB, *_negated_then_second(), rules=FB_RULES)
    assert verdicts(report) == [("DAMAGE-MUST-MAXIMIZE", ILLEGAL, 5)]
    assert report.findings[0].areas == (aid(11),)
