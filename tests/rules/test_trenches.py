"""Trenches and entrenchment (``rules/trenches.py``; rules 9.0, 9.1, 2.1.2, 13.0; catalogue §3.10).

Worked examples: §4.6 EN-1 … EN-9, the trench part of §4.5 CT-2 / CT-4 and of §4.7 AS-9. Map
(``_combat_fixtures``): 80 [printed 2] VM, 81 [0] French, 82 [3] VM, all three adjacent.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from sdbp_module.games.sodbp.ids import FRENCH
from sdbp_module.games.sodbp.rules.resolution import terrain
from sdbp_module.games.sodbp.rules.trenches import RULES
from sdbp_module.ids import AreaId, CardId, Phase
from sdbp_module.replay.events import (
    Assault,
    CardDiscard,
    CardPlay,
    CardRemove,
    Damage,
    DamageResult,
    DiceRoll,
    DiscardReason,
    Entrench,
    Event,
    Fire,
    Flip,
    Move,
    MoveKind,
    Pass,
    PhaseStart,
    Pile,
    Relocate,
    TrenchSet,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.location import ELIMINATED
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report, check_events
from tests.rules._combat_fixtures import (
    FR,
    VM,
    aid,
    combat_game,
    position,
    run,
    switches,
    uid,
    uids,
    verdicts,
)

ILLEGAL = "illegal"
SUSPICIOUS = "suspicious"
CANNOT = "cannot-check"

IMPROVED_DEFENSES = CardId("VM-01")  # entrenchment value 2 (bundled, reconstructed)
RATS = CardId("VM-03")  # entrenchment value 1
KATYUSHA = CardId("VM-09")  # removed from the game when played; entrenchment value 1
ARTILLERY = CardId("FR-22")
ART_105 = CardId("VM-16")

SIX = "VM-V1 VM-V2 VM-V3 VM-V4 VM-V5 VM-V6"
FIVE = "VM-V1 VM-V2 VM-V3 VM-V4 VM-V5"
FOUR = "VM-V1 VM-V2 VM-V3 VM-V4"


def _start(area_80: str = "", trench: int = 0, *, extra: str = "", phase: str = "turn 2 action viet_minh") -> GameState:
    t = f" | trench {trench}" if trench else ""
    return position(
        f"""
{phase}
80: {area_80} | ctrl viet_minh{t}
81: | ctrl french
82: | ctrl viet_minh
hand viet_minh: VM-01 VM-03 VM-09
{extra}
"""
    )


def entrench(area: int, units: str = "", *, card: CardId | None = None, level: int | None = None, action: int | None = None) -> Entrench:
    return Entrench(side=VM, area=aid(area), units=uids(units) if units else (), card=card, level=level, action=action)


def flip(units: str) -> Flip:
    return Flip(units=uids(units), spent=True)


def trench(area: int, level: int) -> TrenchSet:
    return TrenchSet(area=aid(area), level=level)


def discard(*cards: CardId, to: Pile = Pile.DISCARD) -> CardDiscard:
    return CardDiscard(side=VM, cards=cards, reason=DiscardReason.ENTRENCH, to=to)


def check(start: GameState, *events: Event, options: tuple[str, ...] = ()) -> Report:
    return run(start, *events, rules=RULES, options=options)


def unit_entrenchment(units: str, level: int) -> tuple[Event, ...]:
    return (entrench(80, units), flip(units), trench(80, level), Pass(side=FR))


# -- §4.6 EN-1 … EN-9 ---------------------------------------------------------------------------


def test_en_1_six_units_level_0_to_3() -> None:
    """§4.6 EN-1 (9.0): 6 fresh VM units in 80 flipped, level 0 → 3 → PASS."""
    report = check(_start(SIX), *unit_entrenchment(SIX, 3))
    assert verdicts(report) == []
    assert report.final.trench(aid(80)) == 3


def test_en_2_five_units_level_0_to_2_wastes_one_flip() -> None:
    """§4.6 EN-2 (9.0): 5 units flipped, level 0 → 2 → PASS + suspicious (odd flip wasted)."""
    report = check(_start(FIVE), *unit_entrenchment(FIVE, 2))
    assert verdicts(report) == [("ENTRENCH-COST-2-UNITS", SUSPICIOUS, 1)]
    (f,) = report.findings
    assert f.message == (
        "5 fresh Viet Minh units flipped to entrench area 80 for +2 (0 → 2): 1 flip wasted (odd number of "
        "units), 2 units per level (9.0)."
    )
    assert (f.expected, f.actual) == (4, 5)


def test_en_3_five_units_level_0_to_3() -> None:
    """§4.6 EN-3 (9.0): 5 units flipped, level 0 → 3 → ENTRENCH-COST-2-UNITS illegal."""
    report = check(_start(FIVE), *unit_entrenchment(FIVE, 3))
    assert verdicts(report) == [("ENTRENCH-COST-2-UNITS", ILLEGAL, 1)]
    (f,) = report.findings
    assert f.message == (
        "Area 80 rose from 0 to 3 (+3), but 5 fresh Viet Minh units flipped pay for +2 (2 units per level, 9.0)."
    )
    assert (f.expected, f.actual) == (2, 3)
    assert f.action == 1 and f.side is VM


def test_en_4_level_2_four_units_to_3_wastes_two_flips() -> None:
    """§4.6 EN-4 (9.0): level 2, 4 units flipped → 3 → PASS + suspicious (2 flips wasted)."""
    report = check(_start(FOUR, 2), *unit_entrenchment(FOUR, 3))
    assert verdicts(report) == [("ENTRENCH-COST-2-UNITS", SUSPICIOUS, 1)]
    assert report.findings[0].message == (
        "4 fresh Viet Minh units flipped to entrench area 80 for +1 (2 → 3): 2 flips wasted, 2 units per "
        "level; the level stops at 3 (9.0)."
    )


def test_en_5_entrench_in_a_french_area() -> None:
    """§4.6 EN-5 (9.0): entrenchment in French-controlled 81 → ENTRENCH-VM-CONTROLLED illegal (and the
    marker it sets there is not reported again by TRENCH-ONLY-VM-AREAS)."""
    start = _start(extra="81: VM-V1 VM-V2 FR-S1 | ctrl french")
    report = check(start, entrench(81, "VM-V1 VM-V2"), flip("VM-V1 VM-V2"), trench(81, 1), Pass(side=FR))
    assert verdicts(report) == [("ENTRENCH-VM-CONTROLLED", ILLEGAL, 1)]
    (f,) = report.findings
    assert f.message == (
        "Entrenchment in area 81, which the French control; only an area the Viet Minh controls may be entrenched (9.0)."
    )


def _card_entrenchment(card: CardId, level: int | None, *, set_level: int | None = None) -> tuple[Event, ...]:
    events: list[Event] = [entrench(80, card=card, level=level), discard(card)]
    if set_level is not None:
        events.append(trench(80, set_level))
    return (*events, Pass(side=FR))


def test_en_6_card_value_2_at_level_2() -> None:
    """§4.6 EN-6 (9.0, AMB-01): a VM card of entrenchment value 2 discarded at level 2: ``increment``
    → 3, PASS; ``set_to`` → 2, PASS. The other reading's level is a REC breach (suspicious; illegal
    under strict)."""
    assert verdicts(check(_start(trench=2), *_card_entrenchment(IMPROVED_DEFENSES, None, set_level=3))) == []
    set_to = ("entrench_card_mode=set_to",)
    assert verdicts(check(_start(trench=2), *_card_entrenchment(IMPROVED_DEFENSES, 2), options=set_to)) == []
    report = check(_start(trench=2), *_card_entrenchment(IMPROVED_DEFENSES, 2))
    assert verdicts(report) == [("ENTRENCH-CARD-VALUE", SUSPICIOUS, 1)]
    assert report.findings[0].message == (
        "Improved Defenses (VM-01) (entrenchment value 2 in the game data) takes area 80 from 2 to 3 = "
        "min(3, 2 + 2) under entrench_card_mode=increment, but the log gives 2, which is the set_to reading of AMB-01."
    )
    strict = check(_start(trench=2), *_card_entrenchment(IMPROVED_DEFENSES, 2), options=("strict_mode=true",))
    assert verdicts(strict) == [("ENTRENCH-CARD-VALUE", ILLEGAL, 1)]
    other = check(_start(trench=2), *_card_entrenchment(IMPROVED_DEFENSES, None, set_level=3), options=set_to)
    assert verdicts(other) == [("ENTRENCH-CARD-VALUE", SUSPICIOUS, 1)]


def test_en_6_level_matching_no_reading_is_illegal() -> None:
    """9.0 (AMB-01): value 2 at level 1 gives 3 (increment) or 2 (set_to); the log leaves 1 → illegal."""
    report = check(_start(trench=1), *_card_entrenchment(IMPROVED_DEFENSES, 1))
    assert verdicts(report) == [("ENTRENCH-CARD-VALUE", ILLEGAL, 1)]
    assert (report.findings[0].expected, report.findings[0].actual) == (3, 1)


def test_en_7_katyusha_discarded_to_entrench() -> None:
    """§4.6 EN-7 (9.0, 5.2): Katyusha discarded to entrench goes to the discard pile → PASS."""
    report = check(_start(), *_card_entrenchment(KATYUSHA, None, set_level=1))
    assert verdicts(report) == []
    assert KATYUSHA in report.final.piles_of(VM).discard


def test_en_7_katyusha_removed_from_the_game() -> None:
    """§4.6 EN-7 (9.0, 5.2): the discarded Katyusha removed from the game → ENTRENCH-CARD-VALUE
    illegal (the catalogue's CARD-DISCARD-NOT-REMOVED, a card rule not checked yet)."""
    events = (entrench(80, card=KATYUSHA), discard(KATYUSHA, to=Pile.REMOVED), trench(80, 1), Pass(side=FR))
    report = check(_start(), *events)
    assert verdicts(report) == [("ENTRENCH-CARD-VALUE", ILLEGAL, 2)]
    assert report.findings[0].message == (
        "Katyusha Rockets (VM-09) discarded to entrench went to the removed pile; a card discarded for "
        "entrenchment goes to the discard pile, even one removed from the game when played (9.0, 5.2)."
    )
    # the same, logged as a discard then a removal
    removed = (entrench(80, card=KATYUSHA), discard(KATYUSHA), CardRemove(side=VM, cards=(KATYUSHA,)), trench(80, 1), Pass(side=FR))
    assert verdicts(check(_start(), *removed)) == [("ENTRENCH-CARD-VALUE", ILLEGAL, 3)]


def test_en_8_printed_2_plus_trench_2_is_terrain_3() -> None:
    """§4.6 EN-8 (9.1, 8.3.2): printed defense 2 + trench 2 used in defense → terrain value 3, not 4."""
    state = _start(trench=2)
    assert terrain(combat_game(), state, aid(80)) == 3
    assert terrain(combat_game(), position("82: | ctrl viet_minh | trench 1"), aid(82)) == 3
    assert terrain(combat_game(), position("80: | ctrl viet_minh | trench 1"), aid(80)) == 3
    assert terrain(combat_game(), position("80: | ctrl viet_minh"), aid(80)) == 2


def test_en_9_units_of_another_area_flipped() -> None:
    """§4.6 EN-9 (9.0, AMB-08): units of 82 flipped to entrench 80 → suspicious by default, illegal
    under strict, nothing under ``entrench_units_in_area=any_area``."""
    start = _start(extra=f"82: {FOUR} | ctrl viet_minh")
    events = unit_entrenchment(FOUR, 2)
    report = check(start, *events)
    assert verdicts(report) == [("ENTRENCH-COST-2-UNITS", SUSPICIOUS, 1)]
    assert report.findings[0].message == (
        "Units flipped to entrench area 80 are not in it (VM-V1 in 82, VM-V2 in 82, VM-V3 in 82, VM-V4 in 82); "
        "the REC reading of 9.0 (AMB-08) has the units come from the area entrenched."
    )
    assert verdicts(check(start, *events, options=("strict_mode=true",))) == [("ENTRENCH-COST-2-UNITS", ILLEGAL, 1)]
    assert verdicts(check(start, *events, options=("entrench_units_in_area=any_area",))) == []


# -- ENTRENCH-VM-CONTROLLED, ENTRENCH-MAX-3, ENTRENCH-COST-2-UNITS ---------------------------------


def test_entrench_in_an_area_unknown_to_the_data() -> None:
    """9.0: an area the game data lacks → ENTRENCH-VM-CONTROLLED cannot-check, naming the fact."""
    report = check(_start(), entrench(99, card=RATS), discard(RATS), trench(99, 1), Pass(side=FR))
    assert ("ENTRENCH-VM-CONTROLLED", CANNOT, 1) in verdicts(report)
    assert "the controller of area 99 (not in the game data)" in report.findings[0].message


def test_max_3_level_set_above_3() -> None:
    """9.0: level 3, 2 units flipped (+1 paid) and the marker set to 4 → ENTRENCH-MAX-3 illegal."""
    report = check(_start("VM-V1 VM-V2", 3), *unit_entrenchment("VM-V1 VM-V2", 4))
    assert verdicts(report) == [("ENTRENCH-MAX-3", ILLEGAL, 3)]
    assert report.findings[0].message == "The trench level of area 80 is set to 4; the maximum is 3 (9.0)."


def test_max_3_entrench_level_above_3() -> None:
    """9.0: an entrench event stating level 4 → ENTRENCH-MAX-3 illegal at it."""
    report = check(_start("VM-V1 VM-V2", 3), entrench(80, "VM-V1 VM-V2", level=4), flip("VM-V1 VM-V2"), Pass(side=FR))
    assert verdicts(report) == [("ENTRENCH-MAX-3", ILLEGAL, 1)]


def test_max_3_level_raised_without_entrenchment() -> None:
    """9.0: a trench raised in a move action, with no entrenchment of the area → ENTRENCH-MAX-3
    illegal (the new level must be min(3, old + gain), and no gain was paid); outside actions too."""
    start = _start("VM-V1")
    move = Move(side=VM, units=uids("VM-V1"), from_area=aid(80), to_area=aid(82), path=(aid(80), aid(82)))
    report = check(start, move, flip("VM-V1"), trench(82, 1), Pass(side=FR))
    assert verdicts(report) == [("ENTRENCH-MAX-3", ILLEGAL, 3)]
    assert report.findings[0].message == (
        "The trench level of area 82 is raised from 0 to 1 without an entrenchment of that area in the action; "
        "the level only rises by entrenching (9.0)."
    )
    assert verdicts(check(_start(phase="turn 2 end"), trench(80, 2))) == [("ENTRENCH-MAX-3", ILLEGAL, 1)]


def test_cost_without_a_known_level_cannot_check() -> None:
    """9.0: units flipped but no marker set and no level logged → ENTRENCH-COST-2-UNITS cannot-check."""
    report = check(_start(FOUR), entrench(80, FOUR), flip(FOUR), Pass(side=FR))
    assert verdicts(report) == [("ENTRENCH-COST-2-UNITS", CANNOT, 1)]
    assert report.findings[0].message == (
        "Cannot check ENTRENCH-COST-2-UNITS: the new trench level of area 80 (no trench marker is set there "
        "in the action and the entrench event gives no level)."
    )


def test_cost_counts_only_fresh_units() -> None:
    """9.0: two of four units were already spent, so 2 fresh flips pay for +1 only; level 0 → 2 → illegal."""
    start = _start("VM-V1 VM-V2 VM-V3* VM-V4*")
    report = check(start, *unit_entrenchment(FOUR, 2))
    assert verdicts(report) == [("ENTRENCH-COST-2-UNITS", ILLEGAL, 1)]
    assert report.findings[0].units == uids("VM-V1 VM-V2")


def test_cost_of_a_stack_logged_unit_by_unit() -> None:
    """9.0: one action's two entrench events in 80 (2 + 2 units, one action number) pay for +2 together."""
    events = (
        entrench(80, "VM-V1 VM-V2", action=1),
        entrench(80, "VM-V3 VM-V4", action=1),
        flip(FOUR),
        trench(80, 2),
        Pass(side=FR),
    )
    assert verdicts(check(_start(FOUR), *events)) == []


def test_entrenchment_judged_at_the_end_of_the_log() -> None:
    """9.0: an entrenchment whose action is still open when the log ends is judged then (EN-3)."""
    report = check(_start(FIVE), entrench(80, FIVE), flip(FIVE), trench(80, 3))
    assert verdicts(report) == [("ENTRENCH-COST-2-UNITS", ILLEGAL, 1)]


# -- ENTRENCH-CARD-VALUE, ENTRENCH-ONE-METHOD -----------------------------------------------------


def test_card_value_two_cards() -> None:
    """9.0: two cards discarded for one entrenchment → ENTRENCH-CARD-VALUE illegal."""
    report = check(_start(), entrench(80, card=RATS), discard(RATS, IMPROVED_DEFENSES), trench(80, 3), Pass(side=FR))
    assert verdicts(report) == [("ENTRENCH-CARD-VALUE", ILLEGAL, 2)]
    assert report.findings[0].message.startswith("2 cards discarded for one entrenchment")


def test_card_value_french_card() -> None:
    """9.0: a French card discarded to entrench → ENTRENCH-CARD-VALUE illegal."""
    report = check(_start(), entrench(80, card=ARTILLERY), discard(ARTILLERY), trench(80, 1), Pass(side=FR))
    assert verdicts(report) == [("ENTRENCH-CARD-VALUE", ILLEGAL, 1)]
    assert report.findings[0].message == (
        "Artillery (FR-22) is a French card; only a Viet Minh card may be discarded to entrench (9.0)."
    )


def test_card_value_units_flipped_as_well() -> None:
    """9.0: VM units flipped in an entrenchment by card → ENTRENCH-CARD-VALUE illegal."""
    report = check(_start("VM-V1"), entrench(80, card=RATS), discard(RATS), flip("VM-V1"), trench(80, 1), Pass(side=FR))
    assert verdicts(report) == [("ENTRENCH-CARD-VALUE", ILLEGAL, 3)]


def test_card_value_unknown_value_cannot_check() -> None:
    """9.0: a VM card with no entrenchment value in the game data → cannot-check naming it."""
    game = combat_game()
    cards = tuple(replace(c, entrenchment=None) if c.id == RATS else c for c in game.cards)
    variant = replace(game, cards=cards)
    from sdbp_module.games.sodbp.rules.package import SODBP

    events = [entrench(80, card=RATS), discard(RATS), trench(80, 1), Pass(side=FR)]
    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    report = check_events(numbered, variant, SODBP, initial=_start(), rules=RULES, switches=switches())
    assert verdicts(report) == [("ENTRENCH-CARD-VALUE", CANNOT, 1)]
    assert report.findings[0].message == (
        "Cannot check ENTRENCH-CARD-VALUE: the entrenchment value of Rats of the Nam Yum (VM-03) (not in the game data)."
    )


def test_card_value_without_a_discard_cannot_check() -> None:
    """9.0: an entrenchment by card with no discard logged → where the card went cannot be checked."""
    report = check(_start(), entrench(80, card=RATS), trench(80, 1), Pass(side=FR))
    assert verdicts(report) == [("ENTRENCH-CARD-VALUE", CANNOT, 1)]


def test_one_method_units_and_card() -> None:
    """9.0: one action flips units and discards a card → ENTRENCH-ONE-METHOD illegal (only)."""
    events = (
        entrench(80, "VM-V1 VM-V2", action=1),
        flip("VM-V1 VM-V2"),
        entrench(80, card=RATS, action=1),
        discard(RATS),
        trench(80, 2),
        Pass(side=FR),
    )
    report = check(_start("VM-V1 VM-V2"), *events)
    assert verdicts(report) == [("ENTRENCH-ONE-METHOD", ILLEGAL, 3)]
    assert report.findings[0].message == (
        "One action entrenches both by flipping units (VM-V1, VM-V2) and by discarding a card; 9.0 allows one "
        "method per action."
    )


def test_one_method_card_then_units() -> None:
    """9.0: the card first, then units, in one action → reported once, at the units' entrench event."""
    events = (
        entrench(80, card=RATS, action=1),
        discard(RATS),
        entrench(80, "VM-V1 VM-V2", action=1),
        flip("VM-V1 VM-V2"),
        entrench(80, "VM-V3", action=1),
        trench(80, 2),
        Pass(side=FR),
    )
    assert verdicts(check(_start("VM-V1 VM-V2 VM-V3"), *events)) == [("ENTRENCH-ONE-METHOD", ILLEGAL, 3)]


def test_one_method_entrench_naming_no_method() -> None:
    """9.0: an entrench event with neither units nor a card → ENTRENCH-ONE-METHOD cannot-check."""
    report = check(_start(), Pass(side=FR), entrench(80))
    assert ("ENTRENCH-ONE-METHOD", CANNOT, 2) in verdicts(report)


def test_one_method_one_per_action_is_legal() -> None:
    """9.0: a card entrenchment, then (next turn's action) a unit entrenchment → no finding."""
    events = (*_card_entrenchment(RATS, None, set_level=1), *unit_entrenchment("VM-V1 VM-V2", 2))
    assert verdicts(check(_start("VM-V1 VM-V2"), *events)) == []


# -- §4.5 CT-2, CT-4 and §4.7 AS-9 (trench part) -------------------------------------------------


def _ct2_move() -> tuple[Event, ...]:
    return (
        Move(side=VM, units=uids("VM-V1 VM-V2"), from_area=aid(80), to_area=aid(82), path=(aid(80), aid(82))),
        flip("VM-V1 VM-V2"),
    )


def test_ct_2_vm_units_leave_and_the_trench_stays() -> None:
    """§4.5 CT-2 (13.0, 9.1): all VM units leave 80 (trench 2) → control stays VM, the trench stays →
    TRENCH-PERSISTS PASS."""
    report = check(_start("VM-V1 VM-V2", 2), *_ct2_move(), Pass(side=FR))
    assert verdicts(report) == []
    assert report.final.controller(aid(80)) is VM and report.final.trench(aid(80)) == 2


def test_ct_2_trench_of_the_emptied_area_removed() -> None:
    """§4.5 CT-2 (9.1): the marker of the emptied VM area taken off → TRENCH-PERSISTS illegal."""
    report = check(_start("VM-V1 VM-V2", 2), *_ct2_move(), trench(80, 0), Pass(side=FR))
    assert verdicts(report) == [("TRENCH-PERSISTS", ILLEGAL, 3)]
    assert report.findings[0].message == (
        "The trench of area 80 (level 2) is removed while the Viet Minh control it; a trench stays until the "
        "area becomes French or an Artillery / TOT Artillery card removes it (9.1)."
    )


def _ct4(*tail: Event) -> Report:
    start = _start("VM-V1 FR-S1 FR-S2", 2, extra="81: FR-S3 | ctrl french", phase="turn 2 action french")
    return check(
        start,
        Fire(side=FR, units=(uid("FR-S3"),), from_area=aid(81), target=aid(80)),
        DiceRoll(side=FR, purpose="fire", values=(6, 5)),
        Damage(side=VM, target=aid(80), outcomes=(UnitOutcome(uid("VM-V1"), DamageResult.FLIP_RETREAT, (aid(82),)),)),
        *tail,
        flip("FR-S3"),
        Pass(side=VM),
    )


def test_ct_4_last_vm_unit_retreats_and_the_trench_goes() -> None:
    """§4.5 CT-4 (13.0, 9.1): the last VM unit of 80 (French units there) retreats → 80 French, its
    trench removed (a later step of the action) → PASS."""
    report = _ct4(trench(80, 0))
    assert verdicts(report) == []
    assert report.final.controller(aid(80)) is FR and report.final.trench(aid(80)) == 0


def test_ct_4_trench_kept_on_the_captured_area() -> None:
    """§4.5 CT-4 (9.1): the trench stays on the now French 80 → TRENCH-REMOVED-ON-FR-CONTROL illegal,
    reported at the retreat when the action closes."""
    report = _ct4()
    assert verdicts(report) == [("TRENCH-REMOVED-ON-FR-CONTROL", ILLEGAL, 3)]
    assert report.findings[0].message == (
        "Area 80 becomes French-controlled here and still has its trench (level 2) when its action ends; the "
        "trench marker is removed when an area becomes French (9.1, 13.0)."
    )


AS_9 = """
turn 1 action viet_minh
80: VM-V1 VM-V2 VM-V3 VM-V4 FR-S1 FR-S2 | ctrl viet_minh | trench 3
81: FR-S3 | ctrl french
82: | ctrl viet_minh
"""


def _as9(*tail: Event) -> Report:
    units = uids(FOUR)
    return check(
        position(AS_9),
        Assault(side=VM, units=units, from_area=aid(80), target=aid(81)),
        DiceRoll(side=VM, purpose="assault", values=(6, 6)),
        Damage(side=FR, target=aid(81), outcomes=(UnitOutcome(uid("FR-S3"), DamageResult.ELIMINATE),)),
        Move(side=VM, units=units, from_area=aid(80), to_area=aid(81), move_kind=MoveKind.ADVANCE),
        flip(FOUR),
        Relocate(units=(uid("VM-V1"),), to=ELIMINATED, reason="eliminated"),
        *tail,
        Pass(side=FR),
    )


def test_as_9_origin_lost_and_its_trench_removed() -> None:
    """§4.7 AS-9 (10.0, 9.1): all 4 VM units of 80 (trench 3, 2 French units) assault 81 and clear it →
    80 French, its trench removed → PASS."""
    report = _as9(trench(80, 0))
    assert verdicts(report) == []
    assert report.final.controller(aid(80)) is FR and report.final.trench(aid(80)) == 0


def test_as_9_origin_lost_keeping_its_trench() -> None:
    """§4.7 AS-9 (9.1): the origin's trench left in place → TRENCH-REMOVED-ON-FR-CONTROL illegal at the advance."""
    report = _as9()
    assert verdicts(report) == [("TRENCH-REMOVED-ON-FR-CONTROL", ILLEGAL, 4)]


def test_removed_on_french_control_reported_once() -> None:
    """9.1: an uncorrected capture is reported once, when its action closes (here by the phase
    start), not again at later closes or phase ends."""
    start = _start("VM-V1 FR-S1 FR-S2", 2, extra="81: FR-S3 | ctrl french", phase="turn 2 action french")
    report = check(
        start,
        Fire(side=FR, units=(uid("FR-S3"),), from_area=aid(81), target=aid(80)),
        Damage(side=VM, target=aid(80), outcomes=(UnitOutcome(uid("VM-V1"), DamageResult.ELIMINATE),)),
        flip("FR-S3"),
        PhaseStart(turn=2, phase=Phase.END),
        PhaseStart(turn=3, phase=Phase.DRAW),
        PhaseStart(turn=3, phase=Phase.ACTION),
        Pass(side=VM),
        Pass(side=FR),
    )
    assert verdicts(report) == [("TRENCH-REMOVED-ON-FR-CONTROL", ILLEGAL, 2)]
    assert report.findings[0].action == 1


def test_removed_on_french_control_outside_actions() -> None:
    """9.1: outside actions (End phase) a capture keeping its trench is judged at the event."""
    start = _start("VM-V1 FR-S1", 1, phase="turn 2 end")
    report = check(start, Relocate(units=(uid("VM-V1"),), to=ELIMINATED, reason="eliminated"))
    assert verdicts(report) == [("TRENCH-REMOVED-ON-FR-CONTROL", ILLEGAL, 1)]


# -- TRENCH-PERSISTS: the artillery cards ---------------------------------------------------------


def _artillery(mode: str | None, *middle: Event, level: int = 0, targets: tuple[int, ...] = (80,)) -> Report:
    start = _start("VM-V1", 3, phase="turn 2 action french")
    play = CardPlay(side=FR, card=ARTILLERY, mode=mode, targets=tuple(AreaId(t) for t in targets), as_action=True)
    return check(start, play, *middle, trench(80, level), Pass(side=VM))


def test_persists_artillery_removal_is_legal() -> None:
    """9.1: *Artillery* played for its trench-removal effect removes the trench → PASS (mode logged or not)."""
    assert verdicts(_artillery("remove-trenches")) == []
    assert verdicts(_artillery(None)) == []


def _with_card_rules(mode: str | None, *middle: Event, targets: tuple[int, ...] = (80,)) -> list[str]:
    """The ids the trench and card rules give a trench lowered under an *Artillery* play (the play's own
    hand and sequence are not this test's: CARD-OWN-DECK and SEQ-* are left out)."""
    from sdbp_module.games.sodbp.rules.card_fire import RULES as CARD_FIRE
    from sdbp_module.games.sodbp.rules.card_play import RULES as CARD_PLAY

    start = _start("VM-V1", 3, phase="turn 2 action french")
    play = CardPlay(side=FR, card=ARTILLERY, mode=mode, targets=tuple(AreaId(t) for t in targets), as_action=True)
    report = run(start, play, *middle, trench(80, 0), Pass(side=VM), rules=(*RULES, *CARD_FIRE, *CARD_PLAY))
    return sorted(f.rule_id for f in report.findings if f.severity.value == ILLEGAL and f.rule_id != "CARD-OWN-DECK")


def test_persists_artillery_that_fired() -> None:
    """9.1: *Artillery* used for its fire attack removes no trench: the card used both its effects →
    CARD-TWO-EFFECTS-ONE alone; TRENCH-PERSISTS leaves what an artillery card lowered to the card rules."""
    fire = Fire(side=FR, card=ARTILLERY, target=aid(80))
    assert verdicts(_artillery(None, fire)) == []
    assert _with_card_rules(None, fire) == ["CARD-TWO-EFFECTS-ONE"]
    assert _with_card_rules("fire") == ["CARD-TWO-EFFECTS-ONE"]


def test_persists_artillery_negated_or_elsewhere() -> None:
    """9.1: a trench lowered although a counter-battery negated the card → C-105 alone (the negated card
    still had an effect); a card aimed at 82 lowering 80 → C-ARTILLERY alone. Lowering 3 → 1 under the
    card is its removal under way (whether all markers went is the card rule's)."""
    counter = CardPlay(side=VM, card=ART_105, mode="counter-battery")
    assert verdicts(_artillery(None, counter)) == []
    assert _with_card_rules(None, counter) == ["C-105"]
    assert _with_card_rules("remove-trenches", targets=(82,)) == ["C-ARTILLERY"]
    assert verdicts(_artillery("remove-trenches", level=1)) == []


def test_persists_entrench_stating_a_lower_level() -> None:
    """9.1: an entrenchment logged with a level below the trench's → TRENCH-PERSISTS illegal (the cost
    rule leaves a lowered level to it)."""
    report = check(_start("VM-V1 VM-V2", 2), entrench(80, "VM-V1 VM-V2", level=1), flip("VM-V1 VM-V2"), Pass(side=FR))
    assert verdicts(report) == [("TRENCH-PERSISTS", ILLEGAL, 1)]


def test_persists_outside_actions() -> None:
    """9.1: a trench of a VM area removed in the End phase → TRENCH-PERSISTS illegal at once."""
    report = check(_start(trench=2, phase="turn 2 end"), trench(80, 0))
    assert verdicts(report) == [("TRENCH-PERSISTS", ILLEGAL, 1)]


def test_persists_a_trench_marker_turned_down_and_back_in_one_act_is_unchanged() -> None:
    """9.1 (``replay.markers``): the level-2 marker of 80 turned to 1 by a slip of its menu and back to 2
    in the same act is one marker that never changed → PASS; turned to 1 and left → TRENCH-PERSISTS."""
    slip = TrenchSet(area=aid(80), level=1, was=2, by=VM)
    back = TrenchSet(area=aid(80), level=2, was=1, by=VM)
    assert verdicts(check(_start("VM-V1 VM-V2", 2), *_ct2_move(), slip, back, Pass(side=FR))) == []
    report = check(_start("VM-V1 VM-V2", 2), *_ct2_move(), slip, Pass(side=FR))
    assert verdicts(report) == [("TRENCH-PERSISTS", ILLEGAL, 3)]


def test_persists_a_trench_marker_put_on_the_wrong_area_and_moved_in_its_act_is_no_removal() -> None:
    """9.1: the entrenchment's marker dropped on 82, then dragged to 80 (82 loses it, 80 gets it) in
    the same act → one marker on 80, no removal from 82 → PASS."""
    dropped = TrenchSet(area=aid(82), level=1, by=VM)
    moved_off = TrenchSet(area=aid(82), level=0, was=1)
    report = check(_start("VM-V1 VM-V2"), entrench(80, "VM-V1 VM-V2"), flip("VM-V1 VM-V2"), dropped, moved_off, trench(80, 1), Pass(side=FR))
    assert verdicts(report) == []
    assert (report.final.trench(aid(80)), report.final.trench(aid(82))) == (1, 0)


# -- TRENCH-ONLY-VM-AREAS -------------------------------------------------------------------------


def test_only_vm_areas_marker_on_a_french_area() -> None:
    """2.1.2, 9.1: a trench marker placed on French-controlled 81 → TRENCH-ONLY-VM-AREAS illegal;
    on VM-controlled 82 by an entrenchment → PASS."""
    start = _start(extra="82: VM-V1 VM-V2 | ctrl viet_minh")
    report = check(start, Pass(side=FR), trench(81, 1))
    assert verdicts(report) == [("TRENCH-ONLY-VM-AREAS", ILLEGAL, 2)]
    assert report.findings[0].message == (
        "A trench marker (level 1) is set on area 81, which the French control; trenches stand only on "
        "Viet Minh-controlled areas (2.1.2, 9.1)."
    )
    legal = (entrench(82, "VM-V1 VM-V2"), flip("VM-V1 VM-V2"), trench(82, 1), Pass(side=FR))
    assert verdicts(check(start, *legal)) == []


def test_every_rule_is_quiet_on_actions_without_trenches() -> None:
    """A move and a pass touch no trench: no finding, and the control map is kept as is."""
    report = check(_start("VM-V1 VM-V2", 2), *_ct2_move(), Pass(side=FR), Pass(side=VM))
    assert verdicts(report, with_info=True) == []
    assert isinstance(report.final.control, MappingProxyType)
    assert report.final.controller(aid(81)) is FRENCH
