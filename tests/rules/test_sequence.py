"""Sequence of play (rules 4.0, 6.0; catalogue §3.2), with the worked examples of §4.11 (SQ-1..SQ-7)."""

from __future__ import annotations

from rules_helpers import CORE_MODULES, ids, run, serious

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, Phase, Severity, UnitId
from sdbp_module.replay.events import (
    CardDiscard,
    CardPlay,
    DiceRoll,
    DiscardReason,
    EndStep,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    Move,
    NoSupplySet,
    Pass,
    PhaseStart,
    Pile,
    Place,
)
from sdbp_module.replay.location import Location

FR, VM = FRENCH, VIET_MINH
U, A, C = UnitId, AreaId, CardId

# VM-X VM-Y VM-Z in 10, FR-A FR-B FR-C in 6 (adjacent to 10), cards in hand
START = """turn 1 draw
6: FR-A FR-B FR-C | ctrl french
7: | ctrl french
9: | ctrl viet_minh
10: VM-X VM-Y VM-Z | ctrl viet_minh
11: | ctrl viet_minh
hand french: FR-01 FR-02
hand viet_minh: VM-01 VM-02
"""

ACTION = PhaseStart(turn=1, phase=Phase.ACTION)
END = PhaseStart(turn=1, phase=Phase.END)


def vm_fire(unit: str = "VM-X", action: int | None = None) -> list[Event]:
    return [
        Fire(side=VM, units=(U(unit),), from_area=A(10), target=A(6), action=action),
        Flip(units=(U(unit),), spent=True),
    ]


def fr_fire(unit: str = "FR-A") -> list[Event]:
    return [Fire(side=FR, units=(U(unit),), from_area=A(6), target=A(10)), Flip(units=(U(unit),), spent=True)]


def vm_pass() -> Pass:
    return Pass(side=VM)


def fr_pass() -> Pass:
    return Pass(side=FR)


def fr_discard(card: str = "FR-01") -> CardDiscard:
    return CardDiscard(side=FR, cards=(C(card),), reason=DiscardReason.CONTINUE)


def test_a_legal_action_phase_has_no_finding() -> None:
    events = [ACTION, *vm_fire(), *fr_fire(), vm_pass(), fr_pass(), END]
    assert serious(run(START, events)) == []


# -- §4.11 worked examples ------------------------------------------------------------------------


def test_sq1_french_act_first_in_the_turn() -> None:
    """SQ-1: the French act first in the turn → SEQ-VM-FIRST illegal."""
    findings = run(START, [ACTION, *fr_fire(), *vm_fire(), fr_pass(), vm_pass(), END])
    assert ids(serious(findings)) == ["SEQ-VM-FIRST"]
    (f,) = serious(findings)
    assert (f.severity, f.side, f.where.index, f.expected, f.actual) == (Severity.ILLEGAL, FR, 1, "viet_minh", "french")
    assert f.message == "The first action of turn 1 is a French unit action; the Viet Minh acts first."


def test_sq2_vm_pass_no_discard_french_act() -> None:
    """SQ-2: VM pass; no French discard; the French act → SEQ-END-ON-PASSES illegal."""
    findings = run(START, [ACTION, vm_pass(), *fr_fire(), END])
    assert ids(serious(findings)) == ["SEQ-END-ON-PASSES"]
    assert serious(findings)[0].where.index == 2
    assert serious(findings)[0].message == (
        "A French unit action after the Action phase ended at the Viet Minh pass (action 1) with no discard to continue."
    )


def test_sq3_discard_to_continue_then_play_goes_on() -> None:
    """SQ-3: VM pass; French discard 1 card; French act; VM act; French act → PASS (a pass is not final)."""
    events = [ACTION, vm_pass(), fr_discard(), *fr_fire("FR-A"), *vm_fire("VM-X"), *fr_fire("FR-B"), vm_pass(), END]
    findings = run(START, events)
    assert serious(findings) == []
    assert "SEQ-PASS-NOT-FINAL" in ids(findings, severity=Severity.INFO)


def test_sq4_french_pass_vm_pass_then_discard_is_suspicious_by_default() -> None:
    """SQ-4: French pass (after a VM act); VM pass; the French discard and act → suspicious (AMB-02)."""
    events = [ACTION, *vm_fire(), fr_pass(), vm_pass(), fr_discard(), *fr_fire(), vm_pass(), END]
    findings = serious(run(START, events))
    assert [(f.rule_id, f.severity) for f in findings] == [("SEQ-FR-DISCARD-CONTINUE", Severity.SUSPICIOUS)]


def test_sq4_strict_makes_it_illegal_and_allowed_accepts_it() -> None:
    events = [ACTION, *vm_fire(), fr_pass(), vm_pass(), fr_discard(), *fr_fire(), vm_pass(), END]
    strict = serious(run(START, events, switches=("strict_mode=true",)))
    assert [(f.rule_id, f.severity) for f in strict] == [("SEQ-FR-DISCARD-CONTINUE", Severity.ILLEGAL)]
    assert serious(run(START, events, switches=("fr_discard_after_fr_pass=allowed",))) == []


def test_sq5_pass_not_final_phase_ends_at_vm_pass() -> None:
    """SQ-5: French pass; VM act; French act; VM pass; (no discard) → PASS; a later French pass is info."""
    base = [ACTION, *vm_fire("VM-X"), fr_pass(), *vm_fire("VM-Y"), *fr_fire(), vm_pass()]
    findings = run(START, [*base, fr_pass(), END])
    assert serious(findings) == []
    info = [f for f in findings if f.rule_id == "SEQ-END-ON-PASSES"]
    assert [(f.severity, f.side) for f in info] == [(Severity.INFO, FR)]
    # any further action is illegal
    later = serious(run(START, [*base, *fr_fire("FR-B"), END]))
    assert ids(later) == ["SEQ-END-ON-PASSES"]


def test_sq6_discard_bigeard_to_continue_goes_to_the_discard_pile() -> None:
    """SQ-6: the French discard *Bigeard* (FR-01) to continue; to the discard pile → PASS; removed →
    CARD-DISCARD-NOT-REMOVED (hand.py, the catalogue's id for SQ-6), not SEQ-FR-DISCARD-CONTINUE too."""
    ok = [ACTION, vm_pass(), fr_discard("FR-01"), *fr_fire(), vm_pass(), END]
    assert serious(run(START, ok)) == []
    removed = [
        ACTION,
        vm_pass(),
        CardDiscard(side=FR, cards=(C("FR-01"),), reason=DiscardReason.CONTINUE, to=Pile.REMOVED),
        *fr_fire(),
        vm_pass(),
        END,
    ]
    assert serious(run(START, removed)) == []
    findings = serious(run(START, removed, modules=(*CORE_MODULES, "hand")))
    assert ids(findings) == ["CARD-DISCARD-NOT-REMOVED"]


def test_sq7_move_in_one_area_and_fire_from_another_in_one_action() -> None:
    """SQ-7: one action holds a VM move in area 10 and a fire from area 11 → ACT-ONE-AREA and SEQ-ONE-ACTION."""
    start = START.replace("11: | ctrl viet_minh", "11: VM-Q | ctrl viet_minh")
    events = [
        ACTION,
        Move(side=VM, units=(U("VM-X"),), from_area=A(10), to_area=A(9), action=1),
        Fire(side=VM, units=(U("VM-Q"),), from_area=A(11), target=A(7), action=1),
        Flip(units=(U("VM-X"), U("VM-Q")), spent=True),
        fr_pass(),
        vm_pass(),
        END,
    ]
    findings = serious(run(start, events))
    assert sorted(ids(findings)) == ["ACT-ONE-AREA", "ACT-SAME-ACTION", "SEQ-ONE-ACTION"]
    one = [f for f in findings if f.rule_id == "SEQ-ONE-ACTION"][0]
    assert one.areas == (10, 11) and one.where.index == 2
    area = [f for f in findings if f.rule_id == "ACT-ONE-AREA"][0]
    assert area.units == ("VM-Q",) and area.areas == (10, 11)


# -- one violating and one legal case per rule ----------------------------------------------------


def test_phase_order_skipping_the_action_phase() -> None:
    findings = serious(run(START, [PhaseStart(turn=1, phase=Phase.END)]))
    assert ids(findings) == ["SEQ-PHASE-ORDER", "SEQ-END-ON-PASSES"] or ids(findings) == ["SEQ-PHASE-ORDER"]
    f = [x for x in findings if x.rule_id == "SEQ-PHASE-ORDER"][0]
    assert f.message == "Turn 1 end phase follows turn 1 draw phase; expected turn 1 action phase."
    legal = [ACTION, vm_pass(), END, PhaseStart(turn=2, phase=Phase.DRAW), PhaseStart(turn=2, phase=Phase.ACTION)]
    assert ids(serious(run(START, legal))) == []


def test_phase_order_action_outside_the_action_phase() -> None:
    findings = serious(run(START, [*vm_fire()]))
    assert ids(findings) == ["SEQ-PHASE-ORDER"]
    assert findings[0].message == "A Viet Minh unit action in the draw phase; actions belong to the Action phase."


def test_alternate_same_side_twice() -> None:
    findings = serious(run(START, [ACTION, *vm_fire("VM-X"), *vm_fire("VM-Y"), fr_pass(), vm_pass(), END]))
    assert ids(findings) == ["SEQ-ALTERNATE"]
    assert findings[0].message == "A Viet Minh unit action follows the Viet Minh unit action (action 1); the sides alternate."


def test_end_on_passes_phase_ends_after_a_single_french_pass() -> None:
    findings = serious(run(START, [ACTION, *vm_fire(), fr_pass(), END]))
    assert ids(findings) == ["SEQ-END-ON-PASSES"]
    assert findings[0].message == (
        "The Action phase of turn 1 ends after the French pass (action 2); it ends only on two passes in a row or a Viet Minh pass."
    )


def test_discard_to_continue_not_after_a_vm_pass() -> None:
    findings = serious(run(START, [ACTION, *vm_fire(), fr_discard(), *fr_fire(), vm_pass(), END]))
    assert ids(findings) == ["SEQ-FR-DISCARD-CONTINUE"]
    assert findings[0].message == (
        "Discard to continue after the Viet Minh unit action (action 1); it may follow only a Viet Minh pass."
    )


def test_discard_to_continue_two_cards_and_not_in_hand() -> None:
    ev = CardDiscard(side=FR, cards=(C("FR-01"), C("FR-03")), reason=DiscardReason.CONTINUE)
    findings = serious(run(START, [ACTION, vm_pass(), ev, *fr_fire(), vm_pass(), END]))
    assert [f.message for f in findings] == [
        "2 cards discarded to continue; exactly one.",
        "FR-03 discarded to continue but not in the French hand.",
    ]


def test_discard_to_continue_must_be_followed_by_a_french_act() -> None:
    findings = serious(run(START, [ACTION, vm_pass(), fr_discard(), *vm_fire(), END]))
    assert "SEQ-FR-DISCARD-CONTINUE" in ids(findings)


def test_auto_pass_side_without_fresh_units_or_cards_acting() -> None:
    start = START.replace("6: FR-A FR-B FR-C", "6: FR-A* FR-B* FR-C*").replace("hand french: FR-01 FR-02\n", "")
    start += "deck french: FR-03\n"
    events = [ACTION, *vm_fire(), CardPlay(side=FR, card=C("FR-03"), as_action=True), vm_pass(), END]
    findings = run(start, events)
    assert [f.severity for f in findings if f.rule_id == "SEQ-AUTO-PASS"] == [Severity.INFO]
    legal = run(START, [ACTION, *vm_fire(), CardPlay(side=FR, card=C("FR-02"), as_action=True), vm_pass(), END])
    assert "SEQ-AUTO-PASS" not in ids(legal)


def test_one_action_card_action_with_a_unit_action() -> None:
    events = [
        ACTION,
        CardPlay(side=VM, card=C("VM-02"), as_action=True, action=1),
        Fire(side=VM, units=(U("VM-X"),), from_area=A(10), target=A(6), action=1),
        Flip(units=(U("VM-X"),), spent=True),
        fr_pass(),
        vm_pass(),
        END,
    ]
    findings = serious(run(START, events))
    assert ids(findings) == ["SEQ-ONE-ACTION"]
    # Surprise Assault (VM-03) contains its assault: no finding for that pair
    from sdbp_module.replay.events import Assault

    surprise = [
        ACTION,
        CardPlay(side=VM, card=C("VM-03"), as_action=True, action=1),
        Assault(side=VM, units=(U("VM-X"),), from_area=A(10), target=A(6), action=1),
        Flip(units=(U("VM-X"),), spent=True),
        fr_pass(),
        vm_pass(),
        END,
    ]
    assert "SEQ-ONE-ACTION" not in ids(run(START, surprise))


def test_end_phase_steps_out_of_order() -> None:
    start = START + "turn:1: FR-R4\n"
    events = [
        ACTION,
        vm_pass(),
        END,
        DiceRoll(side=FR, purpose="supply", values=(3, 4), total=7),
        Place(side=FR, units=(U("FR-R4"),), to=Location.in_area(7)),
        Place(side=VM, units=(U("VM-R1"),), to=Location.in_area(9)),
    ]
    findings = serious(run(start, events))
    assert ids(findings) == ["SEQ-END-PHASE-ORDER"]
    assert findings[0].message == (
        "End-phase step 6 (placement-vm) comes after step 7 (placement-french); 4.0 C orders them the other way."
    )
    legal = [
        ACTION,
        vm_pass(),
        END,
        EndStep(step="discards"),
        DiceRoll(side=FR, purpose="supply", values=(3, 4), total=7),
        NoSupplySet(side=VM, area=A(6)),
        Flip(units=(U("VM-X"),), spent=False),
        FireMarkerSet(area=A(10), side=VM, present=False),
        NoSupplySet(side=VM, area=A(6), present=False),
        Place(side=VM, units=(U("VM-R1"),), to=Location.in_area(9)),
        Place(side=FR, units=(U("FR-R4"),), to=Location.in_area(7)),
    ]
    assert ids(serious(run(start, legal))) == []


def test_fire_marker_removed_in_the_action_phase() -> None:
    start = START.replace("10: VM-X VM-Y VM-Z | ctrl viet_minh", "10: VM-X VM-Y VM-Z | ctrl viet_minh | fire viet_minh")
    findings = serious(run(start, [ACTION, FireMarkerSet(area=A(10), side=VM, present=False), vm_pass(), END]))
    assert ids(findings) == ["SEQ-END-PHASE-ORDER"]
    assert findings[0].areas == (10,)


def test_end_phase_refresh_before_the_supply_roll_is_illegal_a_late_discard_is_info() -> None:
    events = [
        ACTION,
        vm_pass(),
        END,
        Flip(units=(U("VM-X"),), spent=False),
        DiceRoll(side=FR, purpose="supply", values=(3, 4), total=7),
        CardDiscard(side=VM, cards=(C("VM-01"),), reason=DiscardReason.END_PHASE),
    ]
    findings = [f for f in run(START, events) if f.rule_id == "SEQ-END-PHASE-ORDER"]
    assert [(f.severity, f.where.index) for f in findings] == [(Severity.ILLEGAL, 4), (Severity.INFO, 5)]
    assert findings[0].message == (
        "End-phase step 2 (supply) comes after step 3 (refresh); 4.0 C orders them the other way."
    )
    assert findings[1].message == (
        "End-phase step 1 (discards) comes after step 3 (refresh); 4.0 C orders them the other way, "
        "which does not change the result here."
    )


def test_no_phase_in_the_log_is_cannot_check_once() -> None:
    start = START.replace("turn 1 draw\n", "")
    findings = run(start, [*vm_fire("VM-X"), *fr_fire(), vm_pass()])
    assert [(f.rule_id, f.severity, f.where.index) for f in findings if f.rule_id.startswith("SEQ-")] == [
        ("SEQ-PHASE-ORDER", Severity.CANNOT_CHECK, 0)
    ]


def test_end_phase_order_judges_every_event_a_step_signature_names() -> None:
    """SEQ-END-PHASE-ORDER's event filter covers every event class the SoDBP step signatures name."""
    from sdbp_module.games.sodbp.rules.play_sequence import make_sequence
    from sdbp_module.games.sodbp.rules.sequence import END_ORDER_EVENTS
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir
    from sdbp_module.replay.events import EVENT_BY_KIND

    signatures = make_sequence(load_game(default_data_dir())).step_signatures
    assert signatures
    for key in signatures:
        assert EVENT_BY_KIND[key.split(":")[0]] in END_ORDER_EVENTS, key
