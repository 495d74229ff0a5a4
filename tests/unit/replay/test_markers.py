"""``replay.markers.settle_markers``: one player's marker act is one marker, at the face it ends with."""

from __future__ import annotations

from sdbp_module.games.sodbp.ids import FRENCH as FR
from sdbp_module.games.sodbp.ids import VIET_MINH as VM
from sdbp_module.ids import AreaId, Phase, UnitId
from sdbp_module.replay.events import (
    ControlSet,
    DiceRoll,
    EndStep,
    Event,
    FireMarkerSet,
    Move,
    Pass,
    PhaseStart,
    TrenchSet,
    Where,
)
from sdbp_module.replay.markers import settle_markers

A = AreaId(14)


def at(n: int, event: Event) -> Event:
    from dataclasses import replace

    return replace(event, where=Where("t.jsonl", n))


def numbered(*events: Event) -> list[Event]:
    return [at(i, e) for i, e in enumerate(events)]


def test_no_turned_or_removed_marker_leaves_the_events_as_they_are() -> None:
    events = numbered(ControlSet(area=A, side=VM), FireMarkerSet(area=A, side=VM), Pass(side=FR))
    assert settle_markers(events) is events


def test_put_down_and_turned_is_one_marker_put_down_at_the_turn() -> None:
    events = numbered(
        ControlSet(area=A, side=FR, by=VM),
        DiceRoll(side=VM, purpose="other", values=(3,)),
        ControlSet(area=A, side=VM, was=FR, by=VM),
    )
    assert settle_markers(events) == [events[1], at(2, ControlSet(area=A, side=VM, by=VM))]


def test_a_chain_of_turns_keeps_the_last_face_and_the_face_before_the_act() -> None:
    events = numbered(
        TrenchSet(area=A, level=1, was=None, by=VM),
        TrenchSet(area=A, level=3, was=1, by=VM),
        TrenchSet(area=A, level=2, was=3, by=VM),
    )
    assert settle_markers(events) == [at(2, TrenchSet(area=A, level=2, by=VM))]
    older = numbered(FireMarkerSet(area=A, side=VM, was=FR), FireMarkerSet(area=A, side=FR, was=VM))
    assert settle_markers(older) == []  # turned and turned back: nothing changed


def test_put_down_and_taken_off_is_nothing_an_older_marker_turned_and_taken_off_is_its_removal() -> None:
    fire = numbered(FireMarkerSet(area=A, side=FR, by=FR), FireMarkerSet(area=A, side=FR, present=False))
    assert settle_markers(fire) == []
    trench = numbered(TrenchSet(area=A, level=1, by=VM), TrenchSet(area=A, level=0, was=1))
    assert settle_markers(trench) == []
    older = numbered(FireMarkerSet(area=A, side=VM, was=FR, by=FR), FireMarkerSet(area=A, side=VM, present=False))
    assert settle_markers(older) == [at(1, FireMarkerSet(area=A, side=FR, present=False, by=FR))]


def test_another_area_face_or_player_is_another_marker() -> None:
    other_area = numbered(ControlSet(area=A, side=FR), ControlSet(area=AreaId(17), side=VM, was=FR))
    assert settle_markers(other_area) == other_area
    other_face = numbered(FireMarkerSet(area=A, side=VM), FireMarkerSet(area=A, side=VM, was=FR))
    assert settle_markers(other_face) == other_face
    other_player = numbered(ControlSet(area=A, side=FR, by=VM), ControlSet(area=A, side=VM, was=FR, by=FR))
    assert settle_markers(other_player) == other_player
    unknown_player = numbered(ControlSet(area=A, side=FR), ControlSet(area=A, side=VM, was=FR, by=FR))
    assert settle_markers(unknown_player) == [at(1, ControlSet(area=A, side=VM, by=FR))]


def test_a_new_action_a_phase_or_an_end_step_ends_the_act() -> None:
    put, turned = ControlSet(area=A, side=FR, by=VM), ControlSet(area=A, side=VM, was=FR, by=VM)
    for between in (
        Pass(side=FR),
        Move(side=FR, units=(UnitId("FR-A"),), from_area=AreaId(10), to_area=AreaId(17)),
        PhaseStart(turn=2, phase=Phase.END),
        EndStep(step="supply"),
    ):
        events = numbered(put, between, turned)
        assert settle_markers(events) == events, between


def test_an_explicit_action_number_keeps_the_act_open() -> None:
    """A card's attack logged with its card's action number (``replay.vlog.card_action``) is the same act."""
    second = Move(side=VM, units=(UnitId("VM-A"),), from_area=AreaId(11), to_area=AreaId(14), action=4)
    events = numbered(
        Move(side=VM, units=(UnitId("VM-B"),), from_area=AreaId(11), to_area=AreaId(17), action=4),
        ControlSet(area=AreaId(17), side=FR, by=VM),
        second,
        ControlSet(area=AreaId(17), side=VM, was=FR, by=VM),
    )
    assert settle_markers(events) == [events[0], events[2], at(3, ControlSet(area=AreaId(17), side=VM, by=VM))]
    other = numbered(*events[:2], Move(side=VM, units=(UnitId("VM-A"),), from_area=AreaId(11), to_area=AreaId(14), action=5), events[3])
    assert settle_markers(other) == other
