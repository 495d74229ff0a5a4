"""Activation (rules 6.1; catalogue §3.4): one area, fresh units, the same action, flips, VM-only actions."""

from __future__ import annotations

from rules_helpers import ids, run, serious

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, UnitId
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Entrench,
    Event,
    Fire,
    Flip,
    Move,
    MoveKind,
    Pass,
)

FR, VM = FRENCH, VIET_MINH
U, A, C = UnitId, AreaId, CardId

START = """turn 1 action
5: | ctrl french
6: FR-A FR-B FR-C | ctrl french
7: FR-ARM | ctrl french
9: | ctrl viet_minh
10: VM-X VM-Y VM-Z* | ctrl viet_minh
11: VM-Q | ctrl viet_minh
hand french: FR-03
"""


def after_vm(*vm_action: Event) -> list[Event]:
    """A VM action, then the French and VM pass: a legal frame around the events under test."""
    return [*vm_action, Pass(side=FR), Pass(side=VM)]


def test_legal_unit_action() -> None:
    events = after_vm(
        Move(side=VM, units=(U("VM-X"), U("VM-Y")), from_area=A(10), to_area=A(9)),
        Flip(units=(U("VM-X"), U("VM-Y")), spent=True),
    )
    assert serious(run(START, events)) == []


def test_spent_unit_acts() -> None:
    events = after_vm(
        Fire(side=VM, units=(U("VM-X"), U("VM-Z")), from_area=A(10), target=A(6)),
        Flip(units=(U("VM-X"),), spent=True),
    )
    findings = serious(run(START, events))
    assert ids(findings) == ["SPENT-UNIT-ACTS"]
    assert (findings[0].units, findings[0].areas) == (("VM-Z",), (10,))
    assert findings[0].message == "Spent unit(s) VM-Z fire; a spent unit cannot act this turn."


def test_spent_unit_pays_for_entrenchment() -> None:
    events = after_vm(Entrench(side=VM, area=A(10), units=(U("VM-Y"), U("VM-Z")), level=1), Flip(units=(U("VM-Y"),), spent=True))
    assert ids(serious(run(START, events))) == ["SPENT-UNIT-ACTS"]


def test_act_one_area_units_from_two_areas_in_one_event() -> None:
    events = after_vm(
        Fire(side=VM, units=(U("VM-X"), U("VM-Q")), from_area=A(10), target=A(6)),
        Flip(units=(U("VM-X"), U("VM-Q")), spent=True),
    )
    findings = serious(run(START, events))
    assert ids(findings) == ["ACT-ONE-AREA"]
    assert (findings[0].units, findings[0].areas) == (("VM-Q",), (10, 11))
    assert findings[0].message == "The fire is declared from area 10 but VM-Q is in area(s) 11."


def test_act_one_area_counter_attack_gathers_from_several_areas() -> None:
    """6.1: the French Counter Attack card (FR-03) lets units of different areas act together."""
    start = START.replace("10: VM-X VM-Y VM-Z* | ctrl viet_minh", "10: VM-Z* | ctrl viet_minh") + "2: | ctrl viet_minh\n"
    events = [
        Pass(side=VM),
        CardPlay(side=FR, card=C("FR-03"), as_action=True, targets=(A(2),), action=2),
        Move(side=FR, units=(U("FR-A"),), from_area=A(6), to_area=A(2), move_kind=MoveKind.GATHER, action=2),
        Move(side=FR, units=(U("FR-ARM"),), from_area=A(7), to_area=A(2), move_kind=MoveKind.GATHER, action=2),
        Flip(units=(U("FR-A"), U("FR-ARM")), spent=True),
        Pass(side=VM),
    ]
    assert [f for f in serious(run(start, events)) if f.rule_id.startswith(("ACT-", "SEQ-ONE"))] == []


def test_act_same_action_two_destinations() -> None:
    events = after_vm(
        Move(side=VM, units=(U("VM-X"),), from_area=A(10), to_area=A(9), action=1),
        Move(side=VM, units=(U("VM-Y"),), from_area=A(10), to_area=A(11), action=1),
        Flip(units=(U("VM-X"), U("VM-Y")), spent=True),
    )
    findings = serious(run(START, events))
    assert ids(findings) == ["ACT-SAME-ACTION"]
    assert findings[0].areas == (9, 11)
    assert findings[0].message == "Action 1 has two destinations, 9 and 11; all its units share one."


def test_act_same_action_move_and_fire_from_one_area() -> None:
    events = after_vm(
        Move(side=VM, units=(U("VM-X"),), from_area=A(10), to_area=A(9), action=1),
        Fire(side=VM, units=(U("VM-Y"),), from_area=A(10), target=A(6), action=1),
        Flip(units=(U("VM-X"), U("VM-Y")), spent=True),
    )
    findings = serious(run(START, events))
    assert ids(findings) == ["ACT-SAME-ACTION"]
    assert findings[0].message == "Action 1 mixes move and fire; all its units do the same thing."


def test_act_same_action_one_destination_in_two_events_is_legal() -> None:
    events = after_vm(
        Move(side=VM, units=(U("VM-X"),), from_area=A(10), to_area=A(9), action=1),
        Move(side=VM, units=(U("VM-Y"),), from_area=A(10), to_area=A(9), action=1),
        Flip(units=(U("VM-X"), U("VM-Y")), spent=True),
    )
    assert serious(run(START, events)) == []


def test_act_flip_participants_left_fresh() -> None:
    """6.1: an entrenchment's flipped units are its participants; one left fresh → ACT-FLIP-PARTICIPANTS."""
    events = after_vm(Entrench(side=VM, area=A(10), units=(U("VM-X"), U("VM-Y"))), Flip(units=(U("VM-X"),), spent=True))
    findings = serious(run(START, events))
    assert ids(findings) == ["ACT-FLIP-PARTICIPANTS"]
    assert (findings[0].units, findings[0].areas, findings[0].where.index) == (("VM-Y",), (10,), 2)


def test_a_firer_or_mover_left_fresh_is_their_own_rules_not_act_flip_participants() -> None:
    """FI-8: a unit left fresh after firing is FIRE-FLIP-SPENT's, after a move MOVE-FLIP-SPENT's (one fault,
    one id): ACT-FLIP-PARTICIPANTS leaves both to them."""
    fire = after_vm(Fire(side=VM, units=(U("VM-X"), U("VM-Y")), from_area=A(10), target=A(6)), Flip(units=(U("VM-X"),), spent=True))
    assert serious(run(START, fire)) == []
    flips = [(f.rule_id, f.units) for f in serious(run(START, fire, modules=("activation", "fire"))) if "FLIP" in f.rule_id]
    assert flips == [("FIRE-FLIP-SPENT", ("VM-Y",))]
    move = after_vm(Move(side=VM, units=(U("VM-X"),), from_area=A(10), to_area=A(9)))
    assert serious(run(START, move)) == []
    assert ids(serious(run(START, move, modules=("activation", "movement")))) == ["MOVE-FLIP-SPENT"]


def test_act_flip_participants_non_participant_flipped() -> None:
    events = after_vm(
        Fire(side=VM, units=(U("VM-X"),), from_area=A(10), target=A(6)),
        Flip(units=(U("VM-X"), U("VM-Y")), spent=True),
    )
    findings = serious(run(START, events))
    assert ids(findings) == ["ACT-FLIP-PARTICIPANTS"]
    assert findings[0].units == ("VM-Y",)
    assert findings[0].message == "VM-Y flipped to spent by action 1 without taking part in it."


def test_act_flip_participants_at_the_end_of_the_log() -> None:
    findings = serious(run(START, [Entrench(side=VM, area=A(10), units=(U("VM-X"), U("VM-Y")))]))
    assert ids(findings) == ["ACT-FLIP-PARTICIPANTS"]
    assert findings[0].where.file == "<end of log>"


def test_act_vm_only_french_assault_and_entrench() -> None:
    events = [
        Pass(side=VM),
        Assault(side=FR, units=(U("FR-A"),), from_area=A(6), target=A(10)),
        Flip(units=(U("FR-A"),), spent=True),
        Pass(side=VM),
        Entrench(side=FR, area=A(6), units=(U("FR-B"), U("FR-C"))),
        Flip(units=(U("FR-B"), U("FR-C")), spent=True),
    ]
    findings = [f for f in serious(run(START, events)) if f.rule_id == "ACT-VM-ONLY"]
    assert [(f.units, f.areas) for f in findings] == [(("FR-A",), (6,)), (("FR-B", "FR-C"), (6,))]
    assert findings[0].message == "The French assaults (area 6); only the Viet Minh may."


def test_act_vm_only_vm_assault_is_legal() -> None:
    events = after_vm(
        Assault(side=VM, units=(U("VM-X"),), from_area=A(10), target=A(6)),
        Flip(units=(U("VM-X"),), spent=True),
    )
    assert "ACT-VM-ONLY" not in ids(run(START, events))


