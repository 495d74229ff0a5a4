"""replay.apply: board changes, derived control, the clock; the input state is never touched."""

from __future__ import annotations

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, Phase, UnitId
from sdbp_module.replay.apply import apply
from sdbp_module.replay.clock import ActionKind
from sdbp_module.replay.events import (
    CardDiscard,
    CardDraw,
    CardPlay,
    Damage,
    DamageResult,
    DiscardReason,
    Fire,
    FireMarkerSet,
    Flip,
    Move,
    Pass,
    PhaseStart,
    Pile,
    Place,
    Reshuffle,
    UnitOutcome,
)
from sdbp_module.replay.location import ELIMINATED, Location
from sdbp_module.replay.notation import state_from_text, state_to_text
from sdbp_module.replay.sequence import SequenceOfPlay

FR, VM = FRENCH, VIET_MINH
U = UnitId
A = AreaId

SEQ = SequenceOfPlay(turns=8, first_side=VM, end_steps=("a", "b"))


def test_move_along_a_path_takes_empty_enemy_areas_on_the_way() -> None:
    """13.0: control changes on entry, so a path through an empty enemy area captures it."""
    s = state_from_text("10: FR-A FR-B | ctrl french\n7: | ctrl viet_minh\n3: | ctrl viet_minh\n")
    after = apply(s, Move(side=FR, units=(U("FR-A"), U("FR-B")), from_area=A(10), to_area=A(3), path=(A(10), A(7), A(3))))
    assert state_to_text(after) == "3: FR-A FR-B | ctrl french\n7: | ctrl french\n10: | ctrl french\n"
    assert state_to_text(s).startswith("3: | ctrl viet_minh")  # input untouched


def test_leaving_an_area_to_the_enemy_hands_it_over() -> None:
    s = state_from_text("5: FR-A VM-X | ctrl french\n6: | ctrl french\n")
    after = apply(s, Move(side=FR, units=(U("FR-A"),), from_area=A(5), to_area=A(6)))
    assert after.controller(A(5)) is VM
    assert after.units_in(A(6)) == ("FR-A",)


def test_damage_flip_retreat_and_eliminate() -> None:
    s = state_from_text("5: FR-A FR-B FR-C* | ctrl french\n6: | ctrl french\n")
    ev = Damage(
        side=FR,
        target=A(5),
        outcomes=(
            UnitOutcome(U("FR-A"), DamageResult.FLIP),
            UnitOutcome(U("FR-B"), DamageResult.FLIP_RETREAT, (A(6),)),
            UnitOutcome(U("FR-C"), DamageResult.ELIMINATE),
        ),
    )
    assert state_to_text(apply(s, ev)) == "5: FR-A* | ctrl french\n6: FR-B* | ctrl french\neliminated: FR-C*\n"


def test_cards_move_between_piles() -> None:
    s = state_from_text("deck french: FR-01 FR-02\ndiscard french: FR-03\n")
    s = apply(s, CardDraw(side=FR, cards=(U("FR-01"),)))  # type: ignore[arg-type]
    assert s.hand(FR) == ("FR-01",)
    s = apply(s, Reshuffle(side=FR))
    assert s.piles_of(FR).deck == ("FR-02", "FR-03")
    s = apply(s, CardDiscard(side=FR, cards=("FR-01",), reason=DiscardReason.CONTINUE))  # type: ignore[arg-type]
    assert s.piles_of(FR).discard == ("FR-01",) and s.hand(FR) == ()
    s = apply(s, CardPlay(side=FR, card="FR-02", to=Pile.REMOVED))  # type: ignore[arg-type]
    assert s.piles_of(FR).removed == ("FR-02",)


def test_placement_and_flip() -> None:
    s = state_from_text("turn:4: FR-R4\n2: | ctrl french\n")
    s = apply(s, Place(side=FR, units=(U("FR-R4"),), to=Location.in_area(2)))
    assert s.area_of(U("FR-R4")) == 2
    s = apply(s, Flip(units=(U("FR-R4"),), spent=True))
    assert s.is_spent(U("FR-R4"))
    s = apply(s, Place(side=FR, units=(U("FR-R4"),), to=ELIMINATED))
    assert s.area_of(U("FR-R4")) is None


def test_clock_counts_actions_and_passes() -> None:
    s = state_from_text("10: VM-X VM-Y | ctrl viet_minh\n11: FR-A | ctrl french\n", sequence=SEQ)
    s = apply(s, PhaseStart(turn=2, phase=Phase.ACTION))
    assert (s.clock.turn, s.clock.phase, s.clock.side_to_act, s.clock.action) == (2, Phase.ACTION, VM, 0)
    s = apply(s, Fire(side=VM, units=(U("VM-X"),), from_area=A(10), target=A(11)))
    assert s.clock.action == 1 and s.clock.activated == {"VM-X"} and s.clock.side_to_act is FR
    s = apply(s, Pass(side=FR))
    s = apply(s, Pass(side=VM))
    assert s.clock.passes_in_row == 2
    assert [r.kind for r in s.clock.recent] == [ActionKind.UNIT, ActionKind.PASS, ActionKind.PASS]


def test_explicit_action_numbers_group_events() -> None:
    s = state_from_text("10: VM-X VM-Y | ctrl viet_minh\n9: | ctrl viet_minh\n", sequence=SEQ)
    s = apply(s, PhaseStart(turn=1, phase=Phase.ACTION))
    s = apply(s, Move(side=VM, units=(U("VM-X"),), from_area=A(10), to_area=A(9), action=1))
    s = apply(s, Fire(side=VM, units=(U("VM-Y"),), from_area=A(10), target=A(11), action=1))
    assert s.clock.action == 1 and len(s.clock.parts) == 2 and s.clock.activated == {"VM-X", "VM-Y"}


def test_control_marker_pieces_are_kept_apart_from_control() -> None:
    from sdbp_module.replay.events import (
        AreaControl,
        ControlSet,
        GameStart,
        Move,
        UnitSetup,
    )

    start = GameStart(
        units=(UnitSetup(U("VM-X"), VM, Location.in_area(2)),),
        control=(AreaControl(A(1), FR), AreaControl(A(2), VM)),
        control_markers=(),
    )
    s = apply(state_from_text(""), start)
    assert s.control_markers == {}
    moved = apply(s, Move(side=VM, units=(U("VM-X"),), from_area=A(2), to_area=A(1)))
    assert moved.controller(A(1)) is VM and moved.control_markers == {}  # derived control, no marker yet
    marked = apply(moved, ControlSet(area=A(1), side=VM))
    assert marked.control_markers == {A(1): VM}
    # a start that does not list the markers leaves them unknown, whatever control events follow
    unknown = apply(apply(state_from_text(""), GameStart(units=())), ControlSet(area=A(1), side=VM))
    assert unknown.control_markers is None and unknown.controller(A(1)) is VM


def test_a_turned_fire_marker_is_the_same_marker_with_another_face() -> None:
    """One piece, one marker: turned from French to VM (``was``), the French marker is gone; a VM marker
    of the same area put down (no ``was``) stands beside a French one (both sides fired from there)."""
    s = state_from_text("10: FR-A | ctrl french | fire french\n")
    turned = apply(s, FireMarkerSet(area=A(10), side=VM, was=FR))
    assert turned.fire_markers == {(A(10), VM)}
    beside = apply(s, FireMarkerSet(area=A(10), side=VM))
    assert beside.fire_markers == {(A(10), FR), (A(10), VM)}
