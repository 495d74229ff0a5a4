"""replay.apply: board changes, derived control, the clock; the input state is never touched."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId
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
from sdbp_module.replay.state import GameState

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


def _one_unit_at_a_time(state: GameState, event: Move) -> GameState:
    """The reference a move is replayed against: every unit set at every step (``UnitsDraft.set``)."""
    from dataclasses import replace

    from sdbp_module.replay.apply import _placed
    from sdbp_module.replay.state import UnitsDraft

    draft = UnitsDraft(state)
    prev = event.from_area
    for area in event.steps or (event.to_area,):
        for u in event.units:
            placed = _placed(draft, u, event.side, Location.in_area(area))
            if placed is not None:
                draft.set(u, placed)
        draft.settle((prev, area))
        prev = area
    return replace(state, **draft.changes())


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(["FR-A", "FR-B", "VM-C", "VM-D", "FR-NEW", "VM-NEW"]), min_size=1, max_size=8),
    st.lists(st.integers(min_value=1, max_value=6), max_size=7),
    st.sampled_from([FR, VM]),
    st.integers(min_value=1, max_value=6),
)
def test_a_stack_moves_as_one_unit_at_a_time_would(units: list[str], path: list[int], side: Side, origin: int) -> None:
    """Moving a stack along a path is linear in units plus areas (the stack is shifted as a whole after the
    first step), with the same board as moving each unit at each step: units listed twice, units of the
    other side, units not on the map yet, paths that come back."""
    s = state_from_text("1: FR-A FR-B* | ctrl french\n2: VM-C | ctrl viet_minh\n3: VM-D* FR-E\nturn:3: VM-F\n")
    event = Move(side=side, units=tuple(U(u) for u in units), from_area=A(origin), to_area=A(path[-1] if path else 5), path=tuple(A(a) for a in path) or None)
    got, want = apply(s, event), _one_unit_at_a_time(s, event)
    for name in ("units", "occupants", "side_counts", "fresh_counts", "control"):
        assert dict(getattr(got, name)) == dict(getattr(want, name)), name


def test_an_action_a_draw_or_end_phase_and_a_turn_s_card_plays_are_bounded() -> None:
    """Each event of an action (and of a Draw or End phase) keeps the events before it in the action: their
    memory grows as the square of their number, so past ``MAX_ACTION_STEPS`` the log is refused, in one
    line naming where the action began; a turn's card plays are kept for the turn (``MAX_TURN_CARD_PLAYS``)."""
    import pytest

    from sdbp_module.errors import InputError
    from sdbp_module.limits import MAX_ACTION_STEPS, MAX_TURN_CARD_PLAYS
    from sdbp_module.replay.events import DiceRoll, Where

    s = apply(state_from_text("10: FR-A | ctrl french\n"), PhaseStart(turn=1, phase=Phase.ACTION, where=Where("t", 0, 1)))
    s = apply(s, Move(side=FR, units=(U("FR-A"),), from_area=A(10), to_area=A(11), where=Where("t", 1, 2)))
    for i in range(MAX_ACTION_STEPS - 1):
        s = apply(s, DiceRoll(side=FR, purpose="x", values=(1,), where=Where("t", i + 2, i + 3)))
    assert len(s.action_steps) == MAX_ACTION_STEPS
    with pytest.raises(InputError) as info:
        apply(s, DiceRoll(side=FR, purpose="x", values=(1,), where=Where("t", 9999, 10000)))
    assert info.value.message == (
        f"t:10000: the action that began at t:2 has more than {MAX_ACTION_STEPS:,} events; an action is read up to "
        f"{MAX_ACTION_STEPS:,} (a real one has at most a few hundred)"
    )
    s = apply(s, PhaseStart(turn=1, phase=Phase.END, where=Where("t", 0, 1)))
    for i in range(MAX_ACTION_STEPS - 1):
        s = apply(s, DiceRoll(side=FR, purpose="x", values=(1,), where=Where("t", i + 2, i + 3)))
    with pytest.raises(InputError, match=r"^t:7: the end phase that began at t:1 has more than 2,000 events; a Draw or End phase"):
        apply(s, DiceRoll(side=FR, purpose="x", values=(1,), where=Where("t", 6, 7)))
    s = apply(s, PhaseStart(turn=2, phase=Phase.DRAW, where=Where("t", 0, 1)))
    for i in range(MAX_TURN_CARD_PLAYS):
        s = apply(s, PhaseStart(turn=2, phase=Phase.DRAW if i % 2 else Phase.ACTION)) if i % 500 == 0 else s
        s = apply(s, CardPlay(side=FR, card=CardId("FR-01")))
    with pytest.raises(InputError) as info:
        apply(s, CardPlay(side=FR, card=CardId("FR-01"), where=Where("t", 5, 6)))
    assert info.value.message == (
        f"t:6: more than {MAX_TURN_CARD_PLAYS:,} cards played in turn 2; a turn is read with up to {MAX_TURN_CARD_PLAYS:,} "
        "(a real one has a few dozen)"
    )


def test_a_turned_fire_marker_is_the_same_marker_with_another_face() -> None:
    """One piece, one marker: turned from French to VM (``was``), the French marker is gone; a VM marker
    of the same area put down (no ``was``) stands beside a French one (both sides fired from there)."""
    s = state_from_text("10: FR-A | ctrl french | fire french\n")
    turned = apply(s, FireMarkerSet(area=A(10), side=VM, was=FR))
    assert turned.fire_markers == {(A(10), VM)}
    beside = apply(s, FireMarkerSet(area=A(10), side=VM))
    assert beside.fire_markers == {(A(10), FR), (A(10), VM)}
