"""Fire rules (``rules/fire.py``; rules 8.0–8.3, 4.0 C; catalogue §3.6 and the worked examples of §4.2).

The fixture is the 8.4 fire example (``FIRE_EXAMPLE``): the French FR-F3, FR-F1A, FR-F1B, FR-F2
(FP 3+1+1+2) in 10 fire at 11, where VM-D8 (DEF 8) and VM-V1 stand, printed defense 1, trench 1.
Card fire uses the real SoDBP cards of the bundled deck.
"""

from __future__ import annotations

from dataclasses import replace

from sdbp_module.games.sodbp.rules import damage
from sdbp_module.games.sodbp.rules.activation import RULES as ACTIVATION_RULES
from sdbp_module.games.sodbp.rules.fire import RULES
from sdbp_module.ids import Phase, Severity, Side
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    GameEnd,
    Move,
    MoveKind,
    Pass,
    PhaseStart,
    UnitOutcome,
)
from sdbp_module.rules.base import Rule
from sdbp_module.rules.checker import Report
from sdbp_module.rules.findings import Finding
from tests.rules._combat_fixtures import (
    FIRE_EXAMPLE,
    FR,
    VM,
    aid,
    card,
    position,
    run,
    uid,
    uids,
    verdicts,
)

ILLEGAL = Severity.ILLEGAL.value
SUSPICIOUS = Severity.SUSPICIOUS.value
CANNOT = Severity.CANNOT_CHECK.value
INFO = Severity.INFO.value

FIRERS = uids("FR-F3 FR-F1A FR-F1B FR-F2")
MY_IDS = frozenset(r.rule_id for r in RULES)


def mine(report: Report, *, with_info: bool = False) -> list[tuple[str, str, int]]:
    """The verdicts of the fire rules (other rules may be run alongside)."""
    return [v for v in verdicts(report, with_info=with_info) if v[0] in MY_IDS]


def about(report: Report, *rule_ids: str) -> list[tuple[str, str, int]]:
    """The verdicts (info included) of the given rule ids only."""
    return [v for v in verdicts(report, with_info=True) if v[0] in rule_ids]


DEFENSE_IDS = ("FIRE-DEFENSE-TOTAL", "FIRE-TERRAIN-IGNORED")


def only(report: Report, *rule_ids: str) -> list[Finding]:
    return [f for f in report.findings if f.rule_id in rule_ids]


def check(start: str, *events: Event, rules: tuple[Rule, ...] = RULES, options: tuple[str, ...] = ()) -> Report:
    return run(position(start), *events, rules=rules, options=options)


def example_fire(
    *,
    attack: int | None = 13,
    defense: int | None = 10,
    damage: int | None = 3,
    marker: int | None = 10,
    flipped: tuple[str, ...] = ("FR-F3", "FR-F1A", "FR-F1B", "FR-F2"),
    close: bool = True,
    origin: int = 10,
) -> list[Event]:
    """The 8.4 example as logged: fire, dice 6, the VM eliminates one fresh unit, flips, marker, next action."""
    events: list[Event] = [
        Fire(side=FR, units=FIRERS, from_area=aid(origin), target=aid(11), attack=attack, defense=defense, damage=damage),
        DiceRoll(side=FR, purpose="fire", values=(2, 4)),
        Damage(side=VM, target=aid(11), outcomes=(UnitOutcome(uid("VM-V1"), DamageResult.ELIMINATE),)),
        Flip(units=tuple(uid(u) for u in flipped), spent=True),
    ]
    if marker is not None:
        events.append(FireMarkerSet(area=aid(marker), side=FR))
    if close:
        events.append(Pass(side=VM))
    return events


# -- §4.2 worked examples -------------------------------------------------------------------------


def test_fi_1_attack_defense_damage() -> None:
    """§4.2 FI-1: dice 6 → attack 13 (7 + 6), defense 10 (8 + 1 + 1), damage 3: PASS."""
    assert verdicts(check(FIRE_EXAMPLE, *example_fire()), with_info=True) == []


def test_fi_1_judged_at_the_end_of_the_log_too() -> None:
    """An attack still open when the log ends is judged by ``finish`` (nothing to say here)."""
    assert verdicts(check(FIRE_EXAMPLE, *example_fire(close=False)), with_info=True) == []


def test_fi_6_fire_marker_on_the_target() -> None:
    """§4.2 FI-6: the fire marker is placed on 11 → FIRE-MARKER illegal: it belongs on 10."""
    report = check(FIRE_EXAMPLE, *example_fire(marker=11))
    assert verdicts(report) == [("FIRE-MARKER", ILLEGAL, 5)]
    (f,) = only(report, "FIRE-MARKER")
    assert (f.expected, f.actual, f.turn, f.phase, f.action) == (10, 11, 2, Phase.ACTION, 1)
    assert f.message == (
        "The French fire marker for the French fire from 10 into 11 is placed on area 11; "
        "it belongs on the firing area 10 (8.1)."
    )


def test_fi_7_no_fire_marker() -> None:
    """§4.2 FI-7: no fire marker placed → FIRE-MARKER illegal (at the fire)."""
    report = check(FIRE_EXAMPLE, *example_fire(marker=None))
    assert verdicts(report) == [("FIRE-MARKER", ILLEGAL, 1)]
    assert "left no French fire marker on area 10" in only(report, "FIRE-MARKER")[0].message


def test_fi_7_judged_at_the_end_of_the_log() -> None:
    report = check(FIRE_EXAMPLE, *example_fire(marker=None, close=False))
    assert verdicts(report) == [("FIRE-MARKER", ILLEGAL, 1)]


def test_fi_8_one_firer_still_fresh() -> None:
    """§4.2 FI-8: one French unit in 10 is still fresh after firing → FIRE-FLIP-SPENT, once: the catalogue
    names FIRE-FLIP-SPENT / ACT-FLIP-PARTICIPANTS; the fire's own id owns it and ACT-FLIP-PARTICIPANTS
    (with the activation rules on) does not report it again."""
    events = example_fire(flipped=("FR-F3", "FR-F1A", "FR-F1B"))
    report = run(position(FIRE_EXAMPLE), *events, rules=RULES + tuple(ACTIVATION_RULES))
    assert mine(report) == [("FIRE-FLIP-SPENT", ILLEGAL, 1)]
    assert {v[0] for v in verdicts(report)} == {"FIRE-FLIP-SPENT"}
    (f,) = only(report, "FIRE-FLIP-SPENT")
    assert f.units == (uid("FR-F2"),) and f.areas == (aid(10),)


def test_fi_9_fire_marker_already_on_the_target() -> None:
    """§4.2 FI-9: 11 already carries a (VM) fire marker; logged defense 10 → FIRE-TERRAIN-IGNORED:
    defense must be 8, damage 5 — and not also FIRE-DEFENSE-TOTAL for the same error."""
    start = FIRE_EXAMPLE.replace("| trench 1", "| trench 1 | fire viet_minh")
    report = check(start, *example_fire())
    assert verdicts(report) == [("FIRE-TERRAIN-IGNORED", ILLEGAL, 1)]
    (f,) = only(report, "FIRE-TERRAIN-IGNORED")
    assert (f.expected, f.actual) == (8, 10)
    assert "area 11 already has a fire marker" in f.message
    assert "Defense must be 8" in f.message and "damage 5" in f.message


def test_fi_9_correct_defense_passes() -> None:
    start = FIRE_EXAMPLE.replace("| trench 1", "| trench 1 | fire viet_minh")
    assert verdicts(check(start, *example_fire(defense=8, damage=5))) == []


def test_fi_10_same_area_fire() -> None:
    """§4.2 FI-10: the French stand in 11 and fire there; defense 8, no marker → PASS."""
    start = FIRE_EXAMPLE.replace("10: FR-F3 FR-F1A FR-F1B FR-F2 | ctrl french", "10: | ctrl french").replace(
        "11: VM-D8 VM-V1", "11: FR-F3 FR-F1A FR-F1B FR-F2 VM-D8 VM-V1"
    )
    events = example_fire(origin=11, defense=8, damage=5, marker=None)
    assert verdicts(check(start, *events), with_info=True) == []


def test_fi_10_marker_for_same_area_fire_is_suspicious() -> None:
    """8.1: same-area fire gets no marker; placing one breaks the REC reading (suspicious, strict: illegal)."""
    start = FIRE_EXAMPLE.replace("10: FR-F3 FR-F1A FR-F1B FR-F2 | ctrl french", "10: | ctrl french").replace(
        "11: VM-D8 VM-V1", "11: FR-F3 FR-F1A FR-F1B FR-F2 VM-D8 VM-V1"
    )
    events = example_fire(origin=11, defense=8, damage=5, marker=11)
    assert verdicts(check(start, *events)) == [("FIRE-MARKER", SUSPICIOUS, 5)]
    assert verdicts(check(start, *events, options=("strict_mode=true",))) == [("FIRE-MARKER", ILLEGAL, 5)]


# -- FIRE-FP-MIN, FIRE-RANGE, FIRE-HAS-TARGET, FIRE-ONE-TARGET -------------------------------------


def test_fp_zero_unit_fires() -> None:
    start = FIRE_EXAMPLE.replace("FR-F2 | ctrl french", "FR-F2 FR-ZERO | ctrl french")
    fire = Fire(side=FR, units=uids("FR-F3 FR-ZERO"), from_area=aid(10), target=aid(11))
    report = check(start, fire)
    assert [v for v in verdicts(report) if v[0] == "FIRE-FP-MIN"] == [("FIRE-FP-MIN", ILLEGAL, 1)]
    assert only(report, "FIRE-FP-MIN")[0].units == (uid("FR-ZERO"),)


def test_fp_zero_unit_assaults() -> None:
    """8.0: 'fires or assaults' — an assault is a fire action."""
    start = "turn 1 action viet_minh\n11: VM-D8 VM-ZERO | ctrl viet_minh\n10: FR-F3 | ctrl french\n"
    report = check(start, Assault(side=VM, units=uids("VM-D8 VM-ZERO"), from_area=aid(11), target=aid(10)))
    assert [v for v in verdicts(report) if v[0] == "FIRE-FP-MIN"] == [("FIRE-FP-MIN", ILLEGAL, 1)]


def test_fp_unknown_unit_cannot_check() -> None:
    start = FIRE_EXAMPLE.replace("FR-F2 | ctrl french", "FR-F2 FR-GHOST | ctrl french")
    report = check(start, Fire(side=FR, units=uids("FR-GHOST"), from_area=aid(10), target=aid(11)))
    (f,) = only(report, "FIRE-FP-MIN")
    assert f.severity is Severity.CANNOT_CHECK and "FR-GHOST" in f.message


def test_fire_out_of_range() -> None:
    """8.1: 10 is not adjacent to 14."""
    start = FIRE_EXAMPLE.replace("14: | ctrl french", "14: VM-V2 | ctrl french")
    report = check(start, Fire(side=FR, units=FIRERS, from_area=aid(10), target=aid(14)))
    assert [v for v in verdicts(report) if v[0] == "FIRE-RANGE"] == [("FIRE-RANGE", ILLEGAL, 1)]
    assert only(report, "FIRE-RANGE")[0].areas == (aid(10), aid(14))


def test_fire_in_range_adjacent_and_same_area() -> None:
    assert not only(check(FIRE_EXAMPLE, *example_fire()), "FIRE-RANGE")
    start = FIRE_EXAMPLE.replace("11: VM-D8 VM-V1", "11: FR-S1 VM-D8 VM-V1")
    assert not only(check(start, Fire(side=FR, units=uids("FR-S1"), from_area=aid(11), target=aid(11))), "FIRE-RANGE")


def test_fire_at_an_area_without_enemy_units() -> None:
    """AMB-30: unit fire at an area with no enemy unit is illegal."""
    report = check(FIRE_EXAMPLE, Fire(side=FR, units=FIRERS, from_area=aid(10), target=aid(7)))
    assert [v for v in verdicts(report) if v[0] == "FIRE-HAS-TARGET"] == [("FIRE-HAS-TARGET", ILLEGAL, 1)]


def test_card_fire_at_an_empty_area_is_info() -> None:
    """AMB-30: a card attack on an empty area is pointless (info)."""
    art = card("Artillery")
    events = (
        CardPlay(side=FR, card=art, as_action=True, targets=(aid(8),)),
        Fire(side=FR, card=art, target=aid(8)),
    )
    report = check(FIRE_EXAMPLE, *events)
    assert [v for v in verdicts(report, with_info=True) if v[0] == "FIRE-HAS-TARGET"] == [("FIRE-HAS-TARGET", INFO, 2)]


def test_fire_with_a_target() -> None:
    assert not only(check(FIRE_EXAMPLE, *example_fire()), "FIRE-HAS-TARGET")


def test_one_fire_action_two_targets() -> None:
    """8.0: a firing stack fires at one area (one action, two Fire lines at 11 and 7)."""
    start = FIRE_EXAMPLE.replace("7: | ctrl viet_minh", "7: VM-V2 | ctrl viet_minh")
    events = (
        Fire(side=FR, units=uids("FR-F3 FR-F1A"), from_area=aid(10), target=aid(11), action=1),
        Fire(side=FR, units=uids("FR-F1B FR-F2"), from_area=aid(10), target=aid(7), action=1),
    )
    report = check(start, *events)
    assert [v for v in verdicts(report) if v[0] == "FIRE-ONE-TARGET"] == [("FIRE-ONE-TARGET", ILLEGAL, 2)]
    assert only(report, "FIRE-ONE-TARGET")[0].areas == (aid(11), aid(7))


def test_stack_logged_unit_by_unit_is_one_target() -> None:
    events = (
        Fire(side=FR, units=uids("FR-F3 FR-F1A"), from_area=aid(10), target=aid(11), action=1),
        Fire(
            side=FR, units=uids("FR-F1B FR-F2"), from_area=aid(10), target=aid(11), attack=13, defense=10, damage=3, action=1
        ),
        *example_fire()[1:],
    )
    assert verdicts(check(FIRE_EXAMPLE, *events), with_info=True) == []


# -- FIRE-ATTACK-TOTAL --------------------------------------------------------------------------


def test_attack_total_wrong() -> None:
    report = check(FIRE_EXAMPLE, *example_fire(attack=12, damage=2))
    assert verdicts(report) == [("FIRE-ATTACK-TOTAL", ILLEGAL, 1)]
    (f,) = only(report, "FIRE-ATTACK-TOTAL")
    assert f.message == "The French fire from 10 into 11: attack 13 (dice 6 + FP 3+1+1+2) but the log says 12 (8.3.1)."
    assert (f.expected, f.actual) == (13, 12)


def test_attack_total_without_dice_cannot_check() -> None:
    events = [e for e in example_fire() if not isinstance(e, DiceRoll)]
    report = check(FIRE_EXAMPLE, *events)
    (f,) = only(report, "FIRE-ATTACK-TOTAL")
    assert f.severity is Severity.CANNOT_CHECK and "dice roll" in f.message


def test_no_logged_totals_nothing_to_contradict() -> None:
    """A .vlog states no totals: the computed ones are judged through DAMAGE-MUST-MAXIMIZE instead."""
    events = example_fire(attack=None, defense=None, damage=None)
    events = [e for e in events if not isinstance(e, DiceRoll)]
    assert verdicts(check(FIRE_EXAMPLE, *events), with_info=True) == []


def _card_fire(
    name: str,
    side: Side,
    target: int,
    dice: tuple[int, int],
    attack: int,
    defense: int | None = None,
    damage: int | None = None,
) -> list[Event]:
    c = card(name)
    return [
        CardPlay(side=side, card=c, as_action=True, targets=(aid(target),)),
        Fire(side=side, card=c, target=aid(target), attack=attack, defense=defense, damage=damage),
        DiceRoll(side=side, purpose="fire", values=dice),
    ]


def _french_in_14(n: int) -> str:
    units = " ".join(f"FR-S{i}" for i in range(1, n + 1))
    return f"turn 2 action viet_minh\n14: {units} | ctrl french\n11: VM-D8 | ctrl viet_minh\n"


SEVEN_FRENCH = _french_in_14(7)
SIX_FRENCH = _french_in_14(6)


def test_katyusha_13_against_seven_french_units() -> None:
    """Katyusha: FP 12, 13 if the target holds ≥ 7 French units. Dice 7: 20 against 7 units, 19 against 6."""
    assert only(check(SEVEN_FRENCH, *_card_fire("Katyusha Rockets", VM, 14, (3, 4), 20)), "FIRE-ATTACK-TOTAL") == []
    report = check(SEVEN_FRENCH, *_card_fire("Katyusha Rockets", VM, 14, (3, 4), 19))
    assert verdicts(report) == [("FIRE-ATTACK-TOTAL", ILLEGAL, 2)]
    assert "Katyusha Rockets 13 against 7 French units" in only(report, "FIRE-ATTACK-TOTAL")[0].message
    assert only(check(SIX_FRENCH, *_card_fire("Katyusha Rockets", VM, 14, (3, 4), 19)), "FIRE-ATTACK-TOTAL") == []
    assert verdicts(check(SIX_FRENCH, *_card_fire("Katyusha Rockets", VM, 14, (3, 4), 20))) == [
        ("FIRE-ATTACK-TOTAL", ILLEGAL, 2)
    ]


def test_katyusha_boost_counts_spent_units() -> None:
    """AMB-35: fresh and spent French units count toward the 7."""
    start = SEVEN_FRENCH.replace("FR-S1 FR-S2", "FR-S1* FR-S2*")
    assert only(check(start, *_card_fire("Katyusha Rockets", VM, 14, (3, 4), 20)), "FIRE-ATTACK-TOTAL") == []


def test_75mm_boost_10_by_default() -> None:
    """AMB-17: 75mm FP 8, boosted to 10 (REC, the seed) against ≥ 7 French units; 9 is the other reading."""
    assert only(check(SEVEN_FRENCH, *_card_fire("75mm Artillery", VM, 14, (3, 4), 17)), "FIRE-ATTACK-TOTAL") == []
    assert verdicts(check(SEVEN_FRENCH, *_card_fire("75mm Artillery", VM, 14, (3, 4), 16))) == [
        ("FIRE-ATTACK-TOTAL", SUSPICIOUS, 2)
    ]
    assert verdicts(check(SEVEN_FRENCH, *_card_fire("75mm Artillery", VM, 14, (3, 4), 15))) == [
        ("FIRE-ATTACK-TOTAL", ILLEGAL, 2)
    ]
    assert verdicts(
        check(SEVEN_FRENCH, *_card_fire("75mm Artillery", VM, 14, (3, 4), 16), options=("strict_mode=true",))
    ) == [("FIRE-ATTACK-TOTAL", ILLEGAL, 2)]


def test_75mm_boost_9_by_switch() -> None:
    options = ("art75_boost=9",)
    ok = check(SEVEN_FRENCH, *_card_fire("75mm Artillery", VM, 14, (3, 4), 16), options=options)
    assert only(ok, "FIRE-ATTACK-TOTAL") == []
    report = check(SEVEN_FRENCH, *_card_fire("75mm Artillery", VM, 14, (3, 4), 17), options=options)
    assert verdicts(report) == [("FIRE-ATTACK-TOTAL", SUSPICIOUS, 2)]
    assert "AMB-17" in only(report, "FIRE-ATTACK-TOTAL")[0].message
    # no boost against 6 units: 8 + 7 = 15 under either switch
    unboosted = check(SIX_FRENCH, *_card_fire("75mm Artillery", VM, 14, (3, 4), 15), options=options)
    assert only(unboosted, "FIRE-ATTACK-TOTAL") == []


def test_mortar_support_on_a_unit_attack() -> None:
    """8.3.1: Mortar Support +3 per copy on an attack by French units (13 + 3 = 16)."""
    mortar = CardPlay(side=FR, card=card("Mortar Support"))
    events = example_fire(attack=16, damage=6)
    events.insert(1, mortar)
    assert verdicts(check(FIRE_EXAMPLE, *events)) == []
    events = example_fire(attack=13, damage=3)
    events.insert(1, mortar)
    assert verdicts(check(FIRE_EXAMPLE, *events)) == [("FIRE-ATTACK-TOTAL", ILLEGAL, 1)]


def test_mortar_support_on_a_card_attack() -> None:
    """AMB-14: Mortar Support on card fire counts only under mortar_scope=any_french_attack (REC: suspicious)."""
    start = "turn 2 action french\n10: FR-F3 | ctrl french\n11: VM-D8 | ctrl viet_minh\n"
    events = _card_fire("Artillery", FR, 11, (3, 4), 17)  # 7 + Artillery 7 + Mortar 3
    events.insert(1, CardPlay(side=FR, card=card("Mortar Support")))
    assert verdicts(check(start, *events)) == [("FIRE-ATTACK-TOTAL", SUSPICIOUS, 3)]
    assert verdicts(check(start, *events, options=("mortar_scope=any_french_attack",))) == []


NIGHT = "turn 2 action viet_minh\n11: VM-D8 VM-V1 | ctrl viet_minh\n10: FR-F3 | ctrl french\n"


def _night_fire(attack: int) -> list[Event]:
    return [
        Fire(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10), attack=attack),
        CardPlay(side=VM, card=card("Night Assault")),
        DiceRoll(side=VM, purpose="fire", values=(3, 3)),
    ]


def test_night_assault_on_ordinary_fire_assault_only() -> None:
    """AMB-13 REC (assault_only): Night Assault does not add to ordinary fire (6 + 3 = 9); 12 is the other reading."""
    assert only(check(NIGHT, *_night_fire(9)), "FIRE-ATTACK-TOTAL") == []
    report = check(NIGHT, *_night_fire(12))
    assert [v for v in verdicts(report) if v[0] == "FIRE-ATTACK-TOTAL"] == [("FIRE-ATTACK-TOTAL", SUSPICIOUS, 1)]
    assert "AMB-13" in only(report, "FIRE-ATTACK-TOTAL")[0].message


def test_night_assault_on_ordinary_fire_any_vm_attack() -> None:
    options = ("night_assault_scope=any_vm_attack",)
    assert only(check(NIGHT, *_night_fire(12), options=options), "FIRE-ATTACK-TOTAL") == []
    report = check(NIGHT, *_night_fire(9), options=options)
    assert [v for v in verdicts(report) if v[0] == "FIRE-ATTACK-TOTAL"] == [("FIRE-ATTACK-TOTAL", ILLEGAL, 1)]


def test_command_coordination_new_die_counts() -> None:
    """Command Coordination: one die re-rolled, the new result counts (dice 2+4 → 2+6: attack 15)."""
    events = example_fire(attack=15, defense=10, damage=5)
    events[2:2] = [CardPlay(side=FR, card=card("Command Coordination")), DiceRoll(side=FR, purpose="other", values=(6,))]
    assert verdicts(check(FIRE_EXAMPLE, *events)) == []


# -- FIRE-DEFENSE-TOTAL, FIRE-TERRAIN-IGNORED ---------------------------------------------------


def test_defense_total_wrong() -> None:
    report = check(FIRE_EXAMPLE, *example_fire(defense=9, damage=4))
    assert verdicts(report) == [("FIRE-DEFENSE-TOTAL", ILLEGAL, 1)]
    (f,) = only(report, "FIRE-DEFENSE-TOTAL")
    assert f.message == (
        "The French fire from 10 into 11: defense 10 (DEF 8 (VM-D8) + terrain 2 (printed 1 + trench 1, cap 3)) "
        "but the log says 9 (8.3.2)."
    )


def test_defense_spent_unit_uses_its_back() -> None:
    """8.3.2: a spent unit defends with its back value: VM-D8 spent → 5 + 2 = 7 (VM-V1 5 fresh → 7 too)."""
    start = FIRE_EXAMPLE.replace("VM-D8 VM-V1", "VM-D8* VM-V1*")
    assert only(check(start, *example_fire(defense=5, damage=8)), "FIRE-DEFENSE-TOTAL") == []


def test_defense_unknown_unit_cannot_check() -> None:
    start = FIRE_EXAMPLE.replace("VM-D8 VM-V1", "VM-D8 VM-GHOST")
    report = check(start, *example_fire())
    (f,) = only(report, "FIRE-DEFENSE-TOTAL")
    assert f.severity is Severity.CANNOT_CHECK and "VM-GHOST" in f.message


def test_terrain_left_out_when_it_counts() -> None:
    """8.3.2: adjacent fire at VM-controlled 11 without a marker counts terrain: a logged 8 is FIRE-TERRAIN-IGNORED."""
    report = check(FIRE_EXAMPLE, *example_fire(defense=8, damage=5))
    assert verdicts(report) == [("FIRE-TERRAIN-IGNORED", ILLEGAL, 1)]
    assert (only(report, "FIRE-TERRAIN-IGNORED")[0].expected, only(report, "FIRE-TERRAIN-IGNORED")[0].actual) == (10, 8)


def test_terrain_counted_for_targets_not_controlling_their_area() -> None:
    """8.3.2 (ii): VM units in French-controlled 10 get no terrain."""
    start = "turn 2 action french\n10: FR-F3 VM-D8 | ctrl french\n11: FR-F2 | ctrl viet_minh\n"
    events = (Fire(side=FR, units=uids("FR-F2"), from_area=aid(11), target=aid(10), defense=9),)
    report = check(start, *events)
    assert about(report, *DEFENSE_IDS) == [("FIRE-TERRAIN-IGNORED", ILLEGAL, 1)]
    assert "the targets do not control area 10" in only(report, "FIRE-TERRAIN-IGNORED")[0].message


def test_terrain_counted_in_an_assault() -> None:
    """8.3.2 (iv): an assaulted area gives no terrain (ASSAULT-NO-TERRAIN is the assault rules' own id)."""
    start = "turn 1 action viet_minh\n11: VM-D8 VM-V1 | ctrl viet_minh\n10: FR-F3 | ctrl french\n"
    assault = Assault(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10), defense=7)
    report = check(start, assault, DiceRoll(side=VM, purpose="assault", values=(3, 3)))
    assert mine(report) == [("FIRE-TERRAIN-IGNORED", ILLEGAL, 1)]
    assert "it is an assault" in only(report, "FIRE-TERRAIN-IGNORED")[0].message
    ok = Assault(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10), defense=6)
    assert mine(check(start, ok, DiceRoll(side=VM, purpose="assault", values=(3, 3)))) == []


IMPROVED = """
turn 2 action french
81: FR-F3 | ctrl french
82: VM-D8 | ctrl viet_minh
11: VM-V1 | ctrl viet_minh | trench 1
10: FR-F2 | ctrl french
"""


def _improved(target: int, origin: int, unit: str, copies: int, defense: int) -> list[Event]:
    plays = [CardPlay(side=VM, card=card("Improved Defenses", i)) for i in range(copies)]
    return [
        Fire(side=FR, units=uids(unit), from_area=aid(origin), target=aid(target), defense=defense),
        *plays,
        DiceRoll(side=FR, purpose="fire", values=(3, 4)),
    ]


def test_improved_defenses_double_and_triple() -> None:
    """Improved Defenses: terrain 2 (printed 1 + trench 1) ×2 = 4, ×3 = 6; VM-V1 DEF 5."""
    assert only(check(IMPROVED, *_improved(11, 10, "FR-F2", 1, 9)), "FIRE-DEFENSE-TOTAL") == []
    assert only(check(IMPROVED, *_improved(11, 10, "FR-F2", 2, 11)), "FIRE-DEFENSE-TOTAL") == []
    report = check(IMPROVED, *_improved(11, 10, "FR-F2", 1, 7))
    assert about(report, *DEFENSE_IDS) == [("FIRE-DEFENSE-TOTAL", ILLEGAL, 1)]


def test_improved_defenses_capped_at_6() -> None:
    """Improved Defenses: area 82 printed 3 → ×2 = 6, ×3 = 9 → 6 (cap); VM-D8 DEF 8 → 14 either way."""
    assert only(check(IMPROVED, *_improved(82, 81, "FR-F3", 1, 14)), "FIRE-DEFENSE-TOTAL") == []
    assert only(check(IMPROVED, *_improved(82, 81, "FR-F3", 2, 14)), "FIRE-DEFENSE-TOTAL") == []
    report = check(IMPROVED, *_improved(82, 81, "FR-F3", 2, 17))
    assert about(report, *DEFENSE_IDS) == [("FIRE-DEFENSE-TOTAL", ILLEGAL, 1)]
    assert "cap 6" in only(report, "FIRE-DEFENSE-TOTAL")[0].message


def test_improved_defenses_counted_on_ignored_terrain() -> None:
    """AMB-24: ignored terrain stays 0 — doubling it anyway is terrain counted against 8.3.2."""
    start = IMPROVED.replace("| trench 1", "| trench 1 | fire french")
    report = check(start, *_improved(11, 10, "FR-F2", 1, 9))
    assert about(report, *DEFENSE_IDS) == [("FIRE-TERRAIN-IGNORED", ILLEGAL, 1)]


def test_flamethrowers_zero_terrain() -> None:
    """Flamethrowers: a French unit attack meets terrain 0 (defense 8, not 10)."""
    flame = CardPlay(side=FR, card=card("Flamethrowers"))
    events = example_fire(defense=8, damage=5)
    events.insert(1, flame)
    assert verdicts(check(FIRE_EXAMPLE, *events)) == []
    events = example_fire(defense=10, damage=3)
    events.insert(1, flame)
    report = check(FIRE_EXAMPLE, *events)
    assert verdicts(report) == [("FIRE-DEFENSE-TOTAL", ILLEGAL, 1)]
    assert "Flamethrowers" in only(report, "FIRE-DEFENSE-TOTAL")[0].message


def test_card_fire_at_a_target_with_a_fire_marker() -> None:
    """8.3.2 (iii): Artillery (FP 7) at 11, which carries a fire marker: terrain ignored, defense 8."""
    start = "turn 2 action french\n10: FR-F3 | ctrl french\n11: VM-D8 VM-V1 | ctrl viet_minh | trench 1 | fire french\n"
    ok = _card_fire("Artillery", FR, 11, (3, 4), 14, defense=8, damage=6)
    assert verdicts(check(start, *ok)) == []
    bad = _card_fire("Artillery", FR, 11, (3, 4), 14, defense=10, damage=4)
    report = check(start, *bad)
    assert verdicts(report) == [("FIRE-TERRAIN-IGNORED", ILLEGAL, 2)]
    assert "area 11 already has a fire marker" in only(report, "FIRE-TERRAIN-IGNORED")[0].message


def test_card_fire_terrain_counts_from_outside() -> None:
    """Condition (i) never applies to card attacks: Artillery at 11 without a marker meets terrain 2."""
    start = "turn 2 action french\n10: FR-F3 | ctrl french\n11: VM-D8 VM-V1 | ctrl viet_minh | trench 1\n"
    assert verdicts(check(start, *_card_fire("Artillery", FR, 11, (3, 4), 14, defense=10, damage=4))) == []


# -- FIRE-DAMAGE --------------------------------------------------------------------------------


def test_damage_wrong() -> None:
    report = check(FIRE_EXAMPLE, *example_fire(damage=4))
    assert verdicts(report) == [("FIRE-DAMAGE", ILLEGAL, 1)]
    (f,) = only(report, "FIRE-DAMAGE")
    assert (f.expected, f.actual) == (3, 4)
    assert "damage 3 (attack 13 − defense 10) from the logged totals" in f.message


def test_damage_never_negative() -> None:
    events = example_fire(attack=9, defense=10, damage=0)
    events[1] = DiceRoll(side=FR, purpose="fire", values=(1, 1))
    assert verdicts(check(FIRE_EXAMPLE, *events)) == []


def test_damage_judges_the_subtraction_of_logged_totals() -> None:
    """A wrong logged attack is FIRE-ATTACK-TOTAL's; FIRE-DAMAGE checks attack − defense as logged."""
    report = check(FIRE_EXAMPLE, *example_fire(attack=14, damage=4))
    assert verdicts(report) == [("FIRE-ATTACK-TOTAL", ILLEGAL, 1)]


BIGEARD = "turn 2 action viet_minh\n11: VM-D8 VM-V1 | ctrl viet_minh\n10: FR-F3 FR-F1A FR-F1B FR-F2 | ctrl french\n"


def _bigeard(damage: int) -> list[Event]:
    return [
        Fire(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10), attack=14, defense=7, damage=damage),
        DiceRoll(side=VM, purpose="fire", values=(5, 6)),
        CardPlay(side=FR, card=card("Bigeard Refuses to Leave")),
    ]


def test_damage_with_bigeard() -> None:
    """Bigeard: 14 − 7 = 7, minus one per French unit in 10 (4) → 3. The fire line, written at the roll
    before the card is played, may state 7 (the damage before the card); 5 is neither → FIRE-DAMAGE."""
    assert only(check(BIGEARD, *_bigeard(3)), "FIRE-DAMAGE") == []
    assert only(check(BIGEARD, *_bigeard(7)), "FIRE-DAMAGE") == []
    report = check(BIGEARD, *_bigeard(5))
    assert [v for v in verdicts(report) if v[0] == "FIRE-DAMAGE"] == [("FIRE-DAMAGE", ILLEGAL, 1)]
    assert "Bigeard" in only(report, "FIRE-DAMAGE")[0].message


def test_damage_without_logged_totals_uses_the_computed_ones() -> None:
    """Only the damage logged: compared with the computed 13 − 10 = 3."""
    assert verdicts(check(FIRE_EXAMPLE, *example_fire(attack=None, defense=None, damage=3))) == []
    assert verdicts(check(FIRE_EXAMPLE, *example_fire(attack=None, defense=None, damage=2))) == [("FIRE-DAMAGE", ILLEGAL, 1)]


def test_damage_following_another_reading_is_suspicious() -> None:
    """Night Assault counted on ordinary fire (AMB-13): the damage of the other reading is a REC breach."""
    start = NIGHT
    events = [
        Fire(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10), damage=5),
        CardPlay(side=VM, card=card("Night Assault")),
        DiceRoll(side=VM, purpose="fire", values=(3, 3)),
    ]
    # 6 + 3 = 9 against DEF 6 + terrain 1 = 7 → 2; with the +3 → 5
    report = check(start, *events)
    assert [v for v in verdicts(report) if v[0] == "FIRE-DAMAGE"] == [("FIRE-DAMAGE", SUSPICIOUS, 1)]


# -- FIRE-FRIENDLY-IMMUNE -----------------------------------------------------------------------


SAME_AREA = "turn 2 action french\n7: VM-V2 | ctrl viet_minh\n11: FR-F3 FR-F2 VM-D8 VM-V1 | ctrl viet_minh\n"


def _same_area_damage(*outcomes: tuple[str, DamageResult]) -> list[Event]:
    return [
        Fire(side=FR, units=uids("FR-F3 FR-F2"), from_area=aid(11), target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(6, 6)),
        Damage(side=VM, target=aid(11), outcomes=tuple(UnitOutcome(uid(u), r) for u, r in outcomes)),
    ]


def test_damage_on_the_firers_own_units() -> None:
    """8.1: the firer's own units in the target area are unaffected."""
    report = check(SAME_AREA, *_same_area_damage(("VM-D8", DamageResult.FLIP), ("FR-F3", DamageResult.FLIP)))
    assert [v for v in verdicts(report) if v[0] == "FIRE-FRIENDLY-IMMUNE"] == [("FIRE-FRIENDLY-IMMUNE", ILLEGAL, 3)]
    assert only(report, "FIRE-FRIENDLY-IMMUNE")[0].units == (uid("FR-F3"),)


def test_damage_outside_the_target_area_is_damage_target_area_only() -> None:
    """Damage on VM-V2 in area 7 for a fire in 11: DAMAGE-TARGET-AREA-ONLY's (8.4), not FIRE-FRIENDLY-IMMUNE's
    too (which is about the firer's own units)."""
    events = _same_area_damage(("VM-V2", DamageResult.FLIP))
    assert only(check(SAME_AREA, *events), "FIRE-FRIENDLY-IMMUNE") == []
    (f,) = only(check(SAME_AREA, *events, rules=(*RULES, *damage.RULES)), "FIRE-FRIENDLY-IMMUNE", "DAMAGE-TARGET-AREA-ONLY")
    assert f.rule_id == "DAMAGE-TARGET-AREA-ONLY" and "VM-V2 is in area 7" in f.message


def test_damage_on_the_targets_is_fine() -> None:
    report = check(SAME_AREA, *_same_area_damage(("VM-D8", DamageResult.FLIP), ("VM-V1", DamageResult.ELIMINATE)))
    assert only(report, "FIRE-FRIENDLY-IMMUNE") == []


def test_damage_without_an_attack_is_not_judged() -> None:
    dmg = Damage(side=VM, target=aid(11), outcomes=(UnitOutcome(uid("FR-F3"), DamageResult.FLIP),))
    assert only(check(SAME_AREA, dmg), "FIRE-FRIENDLY-IMMUNE") == []


DEBOUCHEZ = "turn 1 action viet_minh\n11: VM-D8 VM-V1 VM-V2 | ctrl viet_minh\n10: FR-F3 | ctrl french\n"


def _debouchez(unit: str) -> list[Event]:
    deb = card("Débouchez à Zéro!")
    return [
        Assault(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10)),
        CardPlay(side=FR, card=deb, targets=(aid(11),)),
        Fire(side=FR, card=deb, target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(5, 5)),
        Damage(side=VM, target=aid(11), outcomes=(UnitOutcome(uid(unit), DamageResult.FLIP),)),
    ]


def test_debouchez_hits_only_the_assaulting_units() -> None:
    """Débouchez à Zéro! fires at the assaulting units only: VM-V2 in 11 does not assault."""
    both = (*RULES, *damage.RULES)
    report = check(DEBOUCHEZ, *_debouchez("VM-V2"), rules=both)
    ids = ("FIRE-FRIENDLY-IMMUNE", "DAMAGE-TARGET-AREA-ONLY")
    assert [(f.rule_id, f.where.line) for f in only(report, *ids)] == [("DAMAGE-TARGET-AREA-ONLY", 5)]
    assert only(check(DEBOUCHEZ, *_debouchez("VM-V1"), rules=both), *ids) == []


# -- FIRE-MARKER --------------------------------------------------------------------------------


def test_marker_already_on_the_firing_area() -> None:
    """The firing area already carries the firer's marker (an earlier fire this turn): nothing to place."""
    start = FIRE_EXAMPLE.replace("FR-F2 | ctrl french", "FR-F2 | ctrl french | fire french")
    assert only(check(start, *example_fire(marker=None)), "FIRE-MARKER") == []


def test_marker_of_the_wrong_side() -> None:
    events = example_fire(marker=None)
    events.insert(4, FireMarkerSet(area=aid(10), side=VM))
    report = check(FIRE_EXAMPLE, *events)
    assert verdicts(report) == [("FIRE-MARKER", ILLEGAL, 1), ("FIRE-MARKER", ILLEGAL, 5)]


def test_marker_for_card_fire() -> None:
    """8.1: card fire gets no marker (REC: suspicious; strict: illegal)."""
    start = "turn 2 action french\n10: FR-F3 | ctrl french\n11: VM-D8 | ctrl viet_minh\n"
    events = [*_card_fire("Artillery", FR, 11, (3, 4), 14), FireMarkerSet(area=aid(11), side=FR)]
    assert [v for v in verdicts(check(start, *events)) if v[0] == "FIRE-MARKER"] == [("FIRE-MARKER", SUSPICIOUS, 4)]
    strict = check(start, *events, options=("strict_mode=true",))
    assert [v for v in verdicts(strict) if v[0] == "FIRE-MARKER"] == [("FIRE-MARKER", ILLEGAL, 4)]
    assert only(check(start, *events[:-1]), "FIRE-MARKER") == []


def test_marker_for_counter_attack() -> None:
    """AMB-05: a Counter Attack places no fire marker (the units fire from inside the lost area)."""
    start = "turn 2 action french\n10: FR-F3 | ctrl french\n11: VM-D8 | ctrl viet_minh\n"
    events = [
        CardPlay(side=FR, card=card("Counter Attack"), as_action=True, targets=(aid(11),)),
        Move(side=FR, units=uids("FR-F3"), from_area=aid(10), to_area=aid(11), move_kind=MoveKind.GATHER),
        Fire(side=FR, units=uids("FR-F3"), from_area=aid(11), target=aid(11)),
        Flip(units=uids("FR-F3"), spent=True),
        FireMarkerSet(area=aid(10), side=FR),
    ]
    report = check(start, *events)
    assert about(report, "FIRE-MARKER") == [("FIRE-MARKER", SUSPICIOUS, 5)]
    assert "Counter Attack" in only(report, "FIRE-MARKER")[0].message
    assert about(check(start, *events[:-1]), *MY_IDS) == []


ASSAULT = "turn 1 action viet_minh\n11: VM-D8 VM-V1 | ctrl viet_minh\n10: FR-F3 | ctrl french\n"


def test_marker_for_an_assault() -> None:
    """AMB-05: REC (none) — an assault places no marker; origin_area — the marker goes on the origin."""
    assault = Assault(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10))
    with_marker = (assault, FireMarkerSet(area=aid(11), side=VM))
    assert [v for v in verdicts(check(ASSAULT, *with_marker)) if v[0] == "FIRE-MARKER"] == [("FIRE-MARKER", SUSPICIOUS, 2)]
    assert only(check(ASSAULT, assault), "FIRE-MARKER") == []
    options = ("fire_marker_on_assault=origin_area",)
    assert only(check(ASSAULT, *with_marker, options=options), "FIRE-MARKER") == []
    assert [v for v in verdicts(check(ASSAULT, assault, options=options)) if v[0] == "FIRE-MARKER"] == [
        ("FIRE-MARKER", ILLEGAL, 1)
    ]


# -- FIRE-MARKER-LIFETIME -----------------------------------------------------------------------


def test_marker_removed_before_the_end_phase() -> None:
    start = FIRE_EXAMPLE.replace("FR-F2 | ctrl french", "FR-F2 | ctrl french | fire french")
    report = check(start, FireMarkerSet(area=aid(10), side=FR, present=False))
    assert verdicts(report) == [("FIRE-MARKER-LIFETIME", ILLEGAL, 1)]


def test_marker_removed_in_the_end_phase() -> None:
    start = "turn 2 end\n10: FR-F3 | ctrl french | fire french\n"
    events = (FireMarkerSet(area=aid(10), side=FR, present=False), PhaseStart(turn=3, phase=Phase.DRAW))
    assert verdicts(check(start, *events)) == []


def test_marker_survives_the_end_phase() -> None:
    """Judged at the next turn's first phase."""
    start = "turn 2 end\n10: FR-F3 | ctrl french | fire french\n11: | ctrl viet_minh | fire viet_minh\n"
    events = (FireMarkerSet(area=aid(10), side=FR, present=False), PhaseStart(turn=3, phase=Phase.DRAW))
    report = check(start, *events)
    assert verdicts(report) == [("FIRE-MARKER-LIFETIME", ILLEGAL, 2)]
    (f,) = only(report, "FIRE-MARKER-LIFETIME")
    assert (f.turn, f.phase, f.areas) == (2, Phase.END, (aid(11),))


def test_marker_at_the_end_of_the_log() -> None:
    """In ``finish`` only when the log ended after an End phase."""
    start = "turn 8 end\n10: FR-F3 | ctrl french | fire french\n"
    assert verdicts(check(start, GameEnd())) == [("FIRE-MARKER-LIFETIME", ILLEGAL, 0)]
    truncated = "turn 8 end\n10: FR-F3 | ctrl french | fire french\n"
    assert verdicts(check(truncated, Pass(side=VM))) == []  # the End phase may not be over
    in_action = FIRE_EXAMPLE.replace("FR-F2 | ctrl french", "FR-F2 | ctrl french | fire french")
    assert verdicts(check(in_action, GameEnd())) == []


# -- a marker put down and turned in one act (replay.markers): one marker, its last face ------------


def _turned(marker: int, *, by: Side | None = FR, turner: Side | None = FR) -> list[Event]:
    """The 8.4 example with the marker dragged from the palette showing the wrong side (VM) and turned
    to the French face with its menu, as the player fixes it."""
    events = example_fire(marker=None)
    events[4:4] = [
        FireMarkerSet(area=aid(marker), side=VM, by=by),
        FireMarkerSet(area=aid(marker), side=FR, was=VM, by=turner),
    ]
    return events


def test_marker_placed_with_the_palette_face_and_turned_is_one_marker() -> None:
    """8.1, 4.0 C: the palette's VM face turned to French by the firer → one French marker on 10: no
    FIRE-MARKER, no phantom VM marker left (FIRE-MARKER-LIFETIME after the End phase sees one marker,
    removed)."""
    events = _turned(10)
    report = check(FIRE_EXAMPLE, *events)
    assert verdicts(report, with_info=True) == []
    assert report.final.fire_markers == {(aid(10), FR)}
    end = (PhaseStart(turn=2, phase=Phase.END), FireMarkerSet(area=aid(10), side=FR, present=False), PhaseStart(turn=3, phase=Phase.DRAW))
    assert verdicts(check(FIRE_EXAMPLE, *events, *end), with_info=True) == []


def test_marker_turned_to_the_right_face_on_the_wrong_area_is_still_fire_marker() -> None:
    """8.1: the turned marker lies on the target 11 → FIRE-MARKER illegal once, at the step that ends
    the act, with the face the player gave it (French)."""
    report = check(FIRE_EXAMPLE, *_turned(11))
    assert verdicts(report) == [("FIRE-MARKER", ILLEGAL, 6)]
    (f,) = only(report, "FIRE-MARKER")
    assert "The French fire marker for the French fire from 10 into 11 is placed on area 11" in f.message


def test_marker_turned_by_the_other_player_is_not_the_placement() -> None:
    """8.1: the French leave the VM face; the VM player turns it: the French act placed a VM marker
    (FIRE-MARKER, as without the turn); the turn is a change of that marker, not a placement."""
    report = check(FIRE_EXAMPLE, *_turned(10, turner=VM))
    assert verdicts(report) == [("FIRE-MARKER", ILLEGAL, 5)]
    assert report.final.fire_markers == {(aid(10), FR)}


def test_marker_taken_back_in_its_act_is_no_removal() -> None:
    """4.0 C: a marker put down and deleted again in the same act was never a marker: no
    FIRE-MARKER-LIFETIME; the missing marker is FIRE-MARKER's, once."""
    events = example_fire(marker=None)
    events[4:4] = [FireMarkerSet(area=aid(10), side=FR, by=FR), FireMarkerSet(area=aid(10), side=FR, present=False)]
    assert verdicts(check(FIRE_EXAMPLE, *events)) == [("FIRE-MARKER", ILLEGAL, 1)]


def test_an_older_marker_turned_then_removed_is_still_a_removal() -> None:
    """4.0 C: the French marker on 10 from an earlier fire, turned in a later action and taken off in
    the Action phase → FIRE-MARKER-LIFETIME illegal for the marker that was there."""
    start = FIRE_EXAMPLE.replace("FR-F2 | ctrl french", "FR-F2 | ctrl french | fire french")
    events = (
        FireMarkerSet(area=aid(10), side=VM, was=FR, by=FR),
        FireMarkerSet(area=aid(10), side=VM, present=False),
    )
    report = check(start, *events)
    assert verdicts(report) == [("FIRE-MARKER-LIFETIME", ILLEGAL, 2)]
    assert only(report, "FIRE-MARKER-LIFETIME")[0].message.startswith("The French fire marker on area 10 is removed")
    assert report.final.fire_markers == frozenset()


# -- FIRE-FLIP-SPENT ----------------------------------------------------------------------------


def test_flip_spent_judged_at_the_end_of_the_log() -> None:
    report = check(FIRE_EXAMPLE, *example_fire(flipped=("FR-F3",), close=False))
    assert verdicts(report) == [("FIRE-FLIP-SPENT", ILLEGAL, 1)]
    assert only(report, "FIRE-FLIP-SPENT")[0].units == uids("FR-F1A FR-F1B FR-F2")


def test_flip_spent_not_for_assaults_or_cards() -> None:
    """Assaulters' flips are ASSAULT-ADVANCE's; card fire has no firing units."""
    assault = Assault(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10))
    assert only(check(ASSAULT, assault, Pass(side=FR)), "FIRE-FLIP-SPENT") == []
    start = "turn 2 action french\n10: FR-F3 | ctrl french\n11: VM-D8 | ctrl viet_minh\n"
    assert only(check(start, *_card_fire("Artillery", FR, 11, (3, 4), 14), Pass(side=VM)), "FIRE-FLIP-SPENT") == []


def test_every_rule_id_is_implemented() -> None:
    assert MY_IDS == {
        "FIRE-FP-MIN",
        "FIRE-RANGE",
        "FIRE-HAS-TARGET",
        "FIRE-ONE-TARGET",
        "FIRE-ATTACK-TOTAL",
        "FIRE-DEFENSE-TOTAL",
        "FIRE-TERRAIN-IGNORED",
        "FIRE-DAMAGE",
        "FIRE-FRIENDLY-IMMUNE",
        "FIRE-MARKER",
        "FIRE-MARKER-LIFETIME",
        "FIRE-FLIP-SPENT",
    }



def test_flamethrowers_on_a_card_attack_is_c_flamethrowers() -> None:
    """Flamethrowers zeroes terrain only for attacks by French units: played on a card attack, with the
    logged defense leaving the terrain out as the card would, the fault is the card's use —
    C-FLAMETHROWERS (card_modifiers), once; neither FIRE-DEFENSE-TOTAL nor FIRE-TERRAIN-IGNORED repeats it.
    Another wrong defense there is still FIRE-DEFENSE-TOTAL's."""
    from sdbp_module.games.sodbp.rules import card_modifiers

    start = "turn 2 action french\n10: FR-F3 | ctrl french\n11: VM-D8 VM-V1 | ctrl viet_minh | trench 1\n"
    events = _card_fire("Artillery", FR, 11, (3, 4), 14, defense=8, damage=6)
    events.insert(1, CardPlay(side=FR, card=card("Flamethrowers")))
    report = check(start, *events, rules=(*RULES, *card_modifiers.RULES))
    assert about(report, *DEFENSE_IDS, "C-FLAMETHROWERS") == [("C-FLAMETHROWERS", ILLEGAL, 2)]
    events[2] = replace(events[2], defense=9)
    assert about(check(start, *events), *DEFENSE_IDS) == [("FIRE-DEFENSE-TOTAL", ILLEGAL, 3)]


def test_counter_battery_and_mortar_support_per_switch() -> None:
    """AMB-20: a VM counter-battery (105mm, 2nd effect) does not negate Mortar Support (REC,
    counterbattery_covers_mortar=false: 13 + 3 = 16); under true it does (13). The other reading's
    total is a REC breach, suspicious."""
    mortar = CardPlay(side=FR, card=card("Mortar Support"))
    battery = CardPlay(side=VM, card=card("105mm Artillery"), mode="counter-battery")

    def events(attack: int, damage: int) -> list[Event]:
        out = example_fire(attack=attack, damage=damage)
        out[1:1] = [mortar, battery]
        return out

    assert verdicts(check(FIRE_EXAMPLE, *events(16, 6))) == []
    assert verdicts(check(FIRE_EXAMPLE, *events(13, 3))) == [("FIRE-ATTACK-TOTAL", SUSPICIOUS, 1)]
    covered = ("counterbattery_covers_mortar=true",)
    assert verdicts(check(FIRE_EXAMPLE, *events(13, 3), options=covered)) == []
    assert verdicts(check(FIRE_EXAMPLE, *events(16, 6), options=covered)) == [("FIRE-ATTACK-TOTAL", SUSPICIOUS, 1)]
