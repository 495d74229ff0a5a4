"""One fault, one id: the catalogue's worked examples (§4) with every SoDBP rule on.

Each test logs a whole, otherwise legal action — the Viet Minh act first (a one-area move), the
French fire with their fire marker placed and their units flipped, the damage allocated — and
plants at most one fault. The verdict must be exactly the id the catalogue's §4 tables give, and
no other illegal or suspicious finding: a fault reported under two ids, or under a neighbour's, is
as wrong as a missed one (issue 21, class 4). The damage examples (§4.2, §4.3) and the cards
(§4.10, SQ-6, and the card faults other ids own) are here; the retreat examples (§4.4) are judged
with the retreat, movement and stacking rules together in ``test_retreat.py`` / ``test_stacking.py``;
each rule module's own tests judge the details with that module alone.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from sdbp_module.games.sodbp.ids import UnitType
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.games.sodbp.rules.sodbp_cards import BIGEARD, FIGHTER_BOMBERS, KATYUSHA
from sdbp_module.ids import Phase, Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardDiscard,
    CardDraw,
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    DiscardReason,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    Move,
    Pass,
    PhaseStart,
    Pile,
    TrenchSet,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report, check_events
from tests.rules._combat_fixtures import (
    FIRE_EXAMPLE,
    FR,
    VM,
    _unit,
    aid,
    card,
    combat_game,
    position,
    switches,
    uid,
    uids,
)

R = DamageResult
FIRERS = "FR-F3 FR-F1A FR-F1B FR-F2"
SERIOUS = (Severity.ILLEGAL, Severity.SUSPICIOUS)


def check_all(start: GameState, *events: Event, game: GameData | None = None) -> list[tuple[str, str, int]]:
    """Every SoDBP rule: ``(rule_id, severity, log line)`` of each illegal or suspicious finding."""
    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    report: Report = check_events(numbered, game or combat_game(), SODBP, initial=start, switches=switches())
    return [(f.rule_id, f.severity.value, f.where.line or 0) for f in report.findings if f.severity in SERIOUS]


def out(unit: str, result: DamageResult, *retreat: int) -> UnitOutcome:
    return UnitOutcome(uid(unit), result, tuple(aid(a) for a in retreat))


def vm_opens() -> list[Event]:
    """The Viet Minh's first action of the turn: VM-V9 moves 72 → 70 (both VM, adjacent) and flips."""
    return [
        Move(side=VM, units=uids("VM-V9"), from_area=aid(72), to_area=aid(70), path=(aid(72), aid(70))),
        Flip(units=uids("VM-V9"), spent=True, by=VM),
    ]


def french_fire(
    *outcomes: UnitOutcome, roll: tuple[int, int] = (3, 3), firers: str = FIRERS, points: int | None = None
) -> list[Event]:
    """The 8.4 example's fire (10 → 11), whole: dice, the VM's damage, the marker on 10, the firers spent.
    The damage is line 5."""
    return [
        *vm_opens(),
        Fire(side=FR, units=uids(firers), from_area=aid(10), target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=roll),
        Damage(side=VM, target=aid(11), points=points, outcomes=outcomes),
        FireMarkerSet(area=aid(10), side=FR),
        Flip(units=uids(firers), spent=True, by=FR),
    ]


def example(**areas: str) -> GameState:
    """The 8.4 fire example (§4.2 fixture), the VM to act first, with area lines replaced (``a11="11: …"``)."""
    lines = FIRE_EXAMPLE.replace("turn 2 action french", "turn 2 action viet_minh").strip().splitlines()
    for key, line in areas.items():
        lines = [line if ln.startswith(f"{key[1:]}:") else ln for ln in lines]
    lines += ["72: VM-V9 | ctrl viet_minh", "70: | ctrl viet_minh"]
    return position("\n".join(lines))


ONE_FRESH = "11: VM-V1 | ctrl viet_minh | trench 1"  # defense 5 + 2
FRESH_AND_SPENT = "11: VM-V1 VM-V2* | ctrl viet_minh | trench 1"  # defense 5 + 2 (the fresh unit's)
THREE_FRESH = "11: VM-V1 VM-V2 VM-V3 | ctrl viet_minh | trench 1"  # capacity 9


# -- the three examples ------------------------------------------------------------------


def test_a_fresh_unit_eliminated_for_two_points_is_damage_allocation() -> None:
    """8.4: damage 2 (dice 2 + FP 7 = 9 vs 7) on one fresh unit with areas to retreat to: eliminating it
    takes 3 points; 8.4's table gives 2 points on a fresh unit only a flip + retreat → DAMAGE-ALLOCATION,
    not DAMAGE-MUST-MAXIMIZE (which is about too few points)."""
    assert check_all(example(a11=ONE_FRESH), *french_fire(out("VM-V1", R.ELIMINATE), roll=(1, 1))) == [
        ("DAMAGE-ALLOCATION", "illegal", 5)
    ]
    legal = french_fire(out("VM-V1", R.FLIP_RETREAT, 7), roll=(1, 1))
    assert check_all(example(a11=ONE_FRESH), *legal) == []


def _bigeard(*outcomes: UnitOutcome) -> list[tuple[str, str, int]]:
    """DA-7's numbers: the VM's first action, units in 11 (FP 2+1+1+1+1) fire at 14 (printed 2) held by
    FR-D8 (DEF 8), FR-S1, FR-S2: dice 9 + 6 = 15 vs 8 + 2 = 10 → 5; *Bigeard Refuses to Leave* after the
    roll, 3 French units in the area → 2. The damage is line 4."""
    game = replace(combat_game(), units=(*combat_game().units, _unit("FR-D8", FR, UnitType.INFANTRY, 1, 8, 6, 3)))
    start = position(
        "turn 2 action viet_minh\n11: VM-D8 VM-V1 VM-V2 VM-V3 VM-V4 | ctrl viet_minh\n"
        "14: FR-D8 FR-S1 FR-S2 | ctrl french\n"
    )
    vm = uids("VM-D8 VM-V1 VM-V2 VM-V3 VM-V4")
    events = [
        Fire(side=VM, units=vm, from_area=aid(11), target=aid(14)),
        DiceRoll(side=VM, purpose="fire", values=(4, 5)),
        CardPlay(side=FR, card=card(BIGEARD), to=Pile.REMOVED),
        Damage(side=FR, target=aid(14), outcomes=outcomes),
        FireMarkerSet(area=aid(11), side=VM),
        Flip(units=vm, spent=True, by=VM),
    ]
    return check_all(start, *events, game=game)


def test_a_wrong_bigeard_reduction_is_c_bigeard() -> None:
    """DA-7: the French use all 5 points as if *Bigeard* reduced nothing → C-BIGEARD alone (not
    DAMAGE-ALLOCATION for points beyond the damage, nor DAMAGE-MUST-MAXIMIZE); 2 points → PASS."""
    assert _bigeard(out("FR-S1", R.FLIP), out("FR-S2", R.FLIP)) == []
    assert _bigeard(out("FR-D8", R.ELIMINATE), out("FR-S1", R.FLIP), out("FR-S2", R.FLIP)) == [
        ("C-BIGEARD", "illegal", 4)
    ]


def test_a_hand_drawn_past_its_size_with_no_bonus_claimed_is_hand_size() -> None:
    """5.1: the French draw one card past their turn-3 hand size (4, no bonus set held) and nothing claims
    a bonus → HAND-SIZE alone, not CARD-BONUS-SETS."""
    from tests.rules._hand_fixtures import bundled, cards, control, ids

    text = f"""
turn 2 end
{control(grey=VM)}
6: | ctrl viet_minh
9: | ctrl french
14: | ctrl french
hand viet_minh: {cards("VM", 1, 2)}
deck viet_minh: {cards("VM", 10, 11, 12, 13, 14, 15)}
hand french: {cards("FR", 1, 2)}
deck french: {cards("FR", 10, 11, 12, 13, 14, 15)}
"""
    from sdbp_module.replay.notation import state_from_text

    start = state_from_text(text, sequence=SODBP.make_sequence(bundled()))
    draw = [
        PhaseStart(turn=3, phase=Phase.DRAW),
        CardDraw(side=VM, cards=ids("VM", 10, 11, 12, 13)),
        CardDraw(side=FR, cards=ids("FR", 10, 11, 12)),
        PhaseStart(turn=3, phase=Phase.ACTION),
    ]
    assert check_all(start, *draw, game=bundled()) == [("HAND-SIZE", "illegal", 3)]
    draw[2] = CardDraw(side=FR, cards=ids("FR", 10, 11))
    assert check_all(start, *draw, game=bundled()) == []


# -- §4.2 the 8.4 fire example, §4.3 damage allocation ------------------------------------------------

DAMAGE_EXAMPLES = [
    # (catalogue test, area 11 and 7 lines, outcomes, roll, expected)
    ("FI-2", {}, (out("VM-V1", R.ELIMINATE),), (3, 3), []),
    ("FI-3 to 7", {}, (out("VM-D8", R.FLIP), out("VM-V1", R.FLIP_RETREAT, 7)), (3, 3), []),
    ("FI-3 to 8", {}, (out("VM-D8", R.FLIP), out("VM-V1", R.FLIP_RETREAT, 8)), (3, 3), []),
    ("FI-4 to 14", {}, (out("VM-D8", R.FLIP), out("VM-V1", R.FLIP_RETREAT, 14)), (3, 3), ["RETREAT-ADJ-CONTROLLED"]),
    ("FI-4 to 17", {}, (out("VM-D8", R.FLIP), out("VM-V1", R.FLIP_RETREAT, 17)), (3, 3), ["RETREAT-ADJ-CONTROLLED"]),
    ("FI-5", {}, (out("VM-V1", R.FLIP),), (3, 3), ["DAMAGE-MUST-MAXIMIZE"]),
    (
        "FI-11",
        {"a7": "7: FR-S1 | ctrl viet_minh"},
        (out("VM-D8", R.FLIP), out("VM-V1", R.FLIP_RETREAT, 7)),
        (3, 3),
        ["RETREAT-FEWEST-ENEMY"],
    ),
    (
        "FI-12",
        {"a11": "11: VM-D8 VM-V1* | ctrl viet_minh | trench 1"},
        (out("VM-V1", R.ELIMINATE), out("VM-D8", R.FLIP)),
        (3, 3),
        [],
    ),
    ("DA-1", {"a11": ONE_FRESH}, (out("VM-V1", R.ELIMINATE),), (2, 3), []),
    ("DA-2", {"a11": FRESH_AND_SPENT}, (out("VM-V1", R.ELIMINATE), out("VM-V2", R.RETREAT, 7)), (2, 2), []),
    ("DA-3", {"a11": FRESH_AND_SPENT}, (out("VM-V1", R.FLIP), out("VM-V2", R.ELIMINATE)), (2, 2), ["DAMAGE-MUST-MAXIMIZE"]),
    ("DA-4", {"a11": FRESH_AND_SPENT}, (out("VM-V1", R.ELIMINATE), out("VM-V2", R.ELIMINATE)), (3, 3), []),
    ("over capacity", {"a11": THREE_FRESH}, tuple(out(f"VM-V{i}", R.ELIMINATE) for i in (1, 2, 3)), (6, 6), []),
    (
        "more than the damage",
        {},
        (out("VM-V1", R.ELIMINATE), out("VM-D8", R.FLIP)),
        (3, 3),
        ["DAMAGE-ALLOCATION"],
    ),
]


@pytest.mark.parametrize(
    ("areas", "outcomes", "roll", "expected"),
    [case[1:] for case in DAMAGE_EXAMPLES],
    ids=[case[0] for case in DAMAGE_EXAMPLES],
)
def test_damage_examples_give_exactly_their_id(
    areas: dict[str, str], outcomes: tuple[UnitOutcome, ...], roll: tuple[int, int], expected: list[str]
) -> None:
    """§4.2 FI-2 … FI-12 and §4.3 DA-1 … DA-4 (the French units in 10 fire at 11; the damage is line 5)."""
    found = check_all(example(**areas), *french_fire(*outcomes, roll=roll))
    assert found == [(rule_id, "illegal", 5) for rule_id in expected]


def test_da_5_fresh_unit_retreating_without_a_flip_is_damage_allocation_only() -> None:
    """DA-5: damage 1 (FR-F3 alone: dice 5 + FP 3 = 8 vs 7); the fresh unit "retreats" without flipping →
    DAMAGE-ALLOCATION alone (the point it meant is counted, so not DAMAGE-MUST-MAXIMIZE too)."""
    events = french_fire(out("VM-V1", R.RETREAT, 7), roll=(2, 3), firers="FR-F3")
    assert check_all(example(a11=ONE_FRESH), *events) == [("DAMAGE-ALLOCATION", "illegal", 5)]


@pytest.mark.parametrize("points", [12, 9, None])
def test_points_stated_beyond_what_the_targets_absorb_are_no_fault(points: int | None) -> None:
    """8.4.1 (the issue's "used 9 of 9 possible; the log says 12"): damage 12 on capacity 9, all three
    targets eliminated; the damage line may state 12, 9 or nothing → PASS."""
    events = french_fire(*(out(f"VM-V{i}", R.ELIMINATE) for i in (1, 2, 3)), roll=(6, 6), points=points)
    assert check_all(example(a11=THREE_FRESH), *events) == []


def test_stated_points_that_are_not_the_damage_are_fire_damage() -> None:
    """A damage line stating 2 points for a damage of 3, the allocation right (3 used) → FIRE-DAMAGE alone."""
    events = french_fire(out("VM-V1", R.ELIMINATE), points=2)
    assert check_all(example(), *events) == [("FIRE-DAMAGE", "illegal", 5)]


def _fighter_bombers(allocator: object) -> list[Event]:
    """DA-6: the French unit fire (9 vs 10: nothing), then *Fighter Bombers* on 11 in the same action:
    FP 4 + dice 9 = 13 vs 10 → 3 damage; the allocation is line 8."""
    fb = card(FIGHTER_BOMBERS)
    return [
        *vm_opens(),
        Fire(side=FR, units=uids(FIRERS), from_area=aid(10), target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(1, 1)),
        CardPlay(side=FR, card=fb),
        Fire(side=FR, card=fb, target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(4, 5)),
        Damage(side=allocator, target=aid(11), outcomes=(out("VM-V1", R.ELIMINATE),)),  # type: ignore[arg-type]
        FireMarkerSet(area=aid(10), side=FR),
        Flip(units=uids(FIRERS), spent=True, by=FR),
    ]


def test_da_6_fighter_bombers_owner_allocating_is_damage_who_allocates_only() -> None:
    """DA-6: the firer (French) allocates → PASS; the owner (VM) allocating → DAMAGE-WHO-ALLOCATES alone
    (C-FIGHTER-BOMBERS does not report it again)."""
    assert check_all(example(), *_fighter_bombers(FR)) == []
    assert check_all(example(), *_fighter_bombers(VM)) == [("DAMAGE-WHO-ALLOCATES", "illegal", 8)]


# -- §4.10 cards and hand, SQ-6, and the card faults other ids own ----------------------------------

HANDS = "hand french: FR-18 FR-22 FR-01 FR-20\nhand viet_minh: VM-09 VM-06 VM-01 VM-07 VM-03 VM-16\n"
"""B-26, Artillery, Bigeard, Fighter Bombers; Katyusha, Detonate, Improved Defenses, Poor Weather, Rats, 105mm."""


def cards_example(extra: str = "") -> GameState:
    """``example()`` with the hands holding the cards these tests play."""
    text = FIRE_EXAMPLE.replace("turn 2 action french", "turn 2 action viet_minh")
    return position(f"{text}\n72: VM-V9 | ctrl viet_minh\n70: | ctrl viet_minh\n{HANDS}{extra}")


def play(side: object, name: str, target: int | None = None, **kw: object) -> CardPlay:
    targets = (aid(target),) if target is not None else ()
    return CardPlay(side=side, card=card(name), targets=targets, **kw)  # type: ignore[arg-type]


def french_unit_fire(*middle: Event) -> list[Event]:
    """The French fire 10 → 11 (dice 2: 9 vs 10, no damage), with ``middle`` logged after the roll."""
    return [
        *vm_opens(),
        Fire(side=FR, units=uids(FIRERS), from_area=aid(10), target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(1, 1)),
        *middle,
        FireMarkerSet(area=aid(10), side=FR),
        Flip(units=uids(FIRERS), spent=True, by=FR),
    ]


def katyusha(to: Pile = Pile.REMOVED, *, as_action: bool = True) -> list[Event]:
    """The VM's *Katyusha* at 10 (FP 12 + dice 2 = 14 vs DEF 6 + terrain 1 → 7), the French allocating 7."""
    return [
        play(VM, "Katyusha Rockets", 10, as_action=as_action, to=to),
        Fire(side=VM, card=card(KATYUSHA), target=aid(10)),
        DiceRoll(side=VM, purpose="fire", values=(1, 1)),
        Damage(side=FR, target=aid(10), outcomes=(out("FR-F3", R.ELIMINATE), out("FR-F1A", R.ELIMINATE), out("FR-F1B", R.FLIP))),
    ]


def test_ca_6_b26_and_artillery_in_one_action_is_card_one_action_card() -> None:
    """CA-6: *B-26* and *Artillery* (fire) in one French action → CARD-ONE-ACTION-CARD alone."""
    b26, art = card("B-26 Bombers"), card("Artillery")
    events = [
        *vm_opens(),
        play(FR, "B-26 Bombers", 11, as_action=True),
        Fire(side=FR, card=b26, target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(1, 1)),
        play(FR, "Artillery", 11, mode="fire", action=2),
        Fire(side=FR, card=art, target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(1, 1)),
    ]
    assert check_all(cards_example(), *events) == [("CARD-ONE-ACTION-CARD", "illegal", 6)]


def test_ca_8_unit_fire_and_b26_is_card_one_action_card_only() -> None:
    """CA-8: a French unit fire and a *B-26* in the same action → CARD-ONE-ACTION-CARD alone (C-B26 leaves
    a card inside its own side's action to it)."""
    b26 = card("B-26 Bombers")
    middle = [play(FR, "B-26 Bombers", 11), Fire(side=FR, card=b26, target=aid(11)), DiceRoll(side=FR, purpose="fire", values=(1, 1))]
    assert check_all(cards_example(), *french_unit_fire(*middle)) == [("CARD-ONE-ACTION-CARD", "illegal", 3)]


def test_ca_9_detonate_on_turn_1_is_card_turn_restriction() -> None:
    """CA-9: *Detonate Mine Shaft* on turn 1 → CARD-TURN-RESTRICTION alone; on turn 2 → PASS."""
    events = [
        play(VM, "Detonate Mine Shaft", 10, as_action=True, to=Pile.REMOVED),
        DiceRoll(side=VM, purpose="other", values=(1,)),
        Damage(side=VM, target=aid(10), outcomes=(out("FR-F3", R.FLIP),)),
    ]
    trench = "7: | ctrl viet_minh | trench 3\n"
    turn_1 = position(
        FIRE_EXAMPLE.replace("turn 2 action french", "turn 1 action viet_minh") + f"\n{HANDS}{trench}"
    )
    assert check_all(turn_1, *events) == [("CARD-TURN-RESTRICTION", "illegal", 1)]
    assert check_all(cards_example(trench), *events) == []


def test_ca_13_improved_defenses_after_the_roll_is_card_timing_before_roll() -> None:
    """CA-13: *Improved Defenses* played after the French roll → CARD-TIMING-BEFORE-ROLL alone."""
    events = french_unit_fire(play(VM, "Improved Defenses", 11))
    assert check_all(cards_example(), *events) == [("CARD-TIMING-BEFORE-ROLL", "illegal", 5)]


def test_ca_17_rats_on_an_area_holding_a_vm_unit_is_c_rats() -> None:
    """CA-17: *Rats* d6 5 on 14 (3 fresh + 2 spent French): 3 flipped by the VM → PASS; the target also
    holding a VM unit → C-RATS alone."""
    area = "14: FR-S1 FR-S2 FR-S3 FR-S4* FR-S5*{} | ctrl french"
    events = [
        play(VM, "Rats of the Nam Yum", 14, as_action=True),
        DiceRoll(side=VM, purpose="other", values=(5,)),
        Flip(units=uids("FR-S1 FR-S2 FR-S3"), spent=True, by=VM),
    ]
    assert check_all(cards_example(area.format("") + "\n"), *events) == []
    assert check_all(cards_example(area.format(" VM-V3") + "\n"), *events) == [("C-RATS", "illegal", 1)]


def test_ca_19_poor_weather_against_artillery_is_card_negation_target() -> None:
    """CA-19: *Poor Weather* against *Artillery* → CARD-NEGATION-TARGET alone."""
    events = [*vm_opens(), play(FR, "Artillery", 11, mode="fire", as_action=True), play(VM, "Poor Weather")]
    assert check_all(cards_example(), *events) == [("CARD-NEGATION-TARGET", "illegal", 4)]


def test_ca_20_counter_battered_artillery_still_removing_the_trench_is_c_105() -> None:
    """CA-20: counter-battery against the *Artillery* trench removal → PASS; the trench removed all the
    same → C-105 alone (not CARD-NEGATION-TARGET, nor TRENCH-PERSISTS)."""
    events: list[Event] = [
        *vm_opens(),
        play(FR, "Artillery", 11, mode="remove-trenches", as_action=True),
        play(VM, "105mm Artillery", mode="counter-battery"),
    ]
    assert check_all(cards_example(), *events) == []
    removed = [*events, TrenchSet(area=aid(11), level=0)]
    assert check_all(cards_example(), *removed) == [("C-105", "illegal", 4)]


def test_katyusha_kept_out_of_the_removed_pile_is_card_removed_after_play_only() -> None:
    """A played *Katyusha* put in the discard pile → CARD-REMOVED-AFTER-PLAY alone (CA-4's id), not
    C-KATYUSHA too; removed → PASS."""
    assert check_all(cards_example(), *katyusha()) == []
    assert check_all(cards_example(), *katyusha(Pile.DISCARD)) == [("CARD-REMOVED-AFTER-PLAY", "illegal", 1)]


def test_katyusha_inside_a_move_action_is_card_one_action_card_only() -> None:
    """*Katyusha* played inside the VM's own move action → CARD-ONE-ACTION-CARD alone (CA-8's id), not
    C-KATYUSHA's "not as the action" too."""
    move, flip = vm_opens()
    events = [move, *katyusha(as_action=False), flip]
    assert check_all(cards_example(), *events) == [("CARD-ONE-ACTION-CARD", "illegal", 1)]


def test_fighter_bombers_in_the_viet_minh_action_is_card_class_d_own_action_only() -> None:
    """*Fighter Bombers* played during the VM's action → CARD-CLASS-D-OWN-ACTION alone."""
    fb = card(FIGHTER_BOMBERS)
    events = [
        *vm_opens(),
        play(FR, FIGHTER_BOMBERS, 11),
        Fire(side=FR, card=fb, target=aid(11)),
        DiceRoll(side=FR, purpose="fire", values=(1, 1)),
    ]
    assert check_all(cards_example(), *events) == [("CARD-CLASS-D-OWN-ACTION", "illegal", 3)]


def test_poor_weather_played_by_the_french_is_card_own_deck_only() -> None:
    """A *Poor Weather* logged as the French's → CARD-OWN-DECK alone, not C-POOR-WEATHER too."""
    start = cards_example()
    events = [*vm_opens(), play(FR, "B-26 Bombers", 11, as_action=True), play(FR, "Poor Weather")]
    assert check_all(start, *events) == [("CARD-OWN-DECK", "illegal", 4)]


def test_sq_6_bigeard_discarded_to_continue_then_removed_is_card_discard_not_removed_only() -> None:
    """SQ-6: the French discard *Bigeard* to continue: to the discard pile → PASS; removed from the game →
    CARD-DISCARD-NOT-REMOVED alone, not SEQ-FR-DISCARD-CONTINUE too."""
    start = position(
        "turn 2 action viet_minh\n10: FR-F3 | ctrl french\n17: | ctrl french\n"
        f"72: VM-V9 | ctrl viet_minh\n70: | ctrl viet_minh\n{HANDS}"
    )

    def log(to: Pile) -> list[Event]:
        return [
            Pass(side=VM),
            CardDiscard(side=FR, cards=(card(BIGEARD),), reason=DiscardReason.CONTINUE, to=to),
            Move(side=FR, units=uids("FR-F3"), from_area=aid(10), to_area=aid(17), path=(aid(10), aid(17))),
            Flip(units=uids("FR-F3"), spent=True, by=FR),
        ]

    assert check_all(start, *log(Pile.DISCARD)) == []
    assert check_all(start, *log(Pile.REMOVED)) == [("CARD-DISCARD-NOT-REMOVED", "illegal", 2)]


def test_an_allocation_that_follows_a_wrong_stated_attack_is_fire_attack_total_only() -> None:
    """FI-1 with the fire line stating attack 14 (dice 6 + FP 7 is 13) and the VM allocating the 4 points
    that total gives → FIRE-ATTACK-TOTAL alone: the allocation follows the log's own arithmetic, so it
    is not also DAMAGE-ALLOCATION's (more points than the damage of 3)."""
    events = french_fire(out("VM-V1", R.ELIMINATE), out("VM-D8", R.FLIP))
    events[2] = Fire(side=FR, units=uids(FIRERS), from_area=aid(10), target=aid(11), attack=14)
    assert check_all(example(), *events) == [("FIRE-ATTACK-TOTAL", "illegal", 3)]
    events[2] = Fire(side=FR, units=uids(FIRERS), from_area=aid(10), target=aid(11), attack=13)
    assert check_all(example(), *events) == [("DAMAGE-ALLOCATION", "illegal", 5)]
