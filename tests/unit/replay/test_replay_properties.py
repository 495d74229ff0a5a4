"""Property tests: apply never touches its input, replay is deterministic, JSONL round-trips any event."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId
from sdbp_module.replay import events as ev
from sdbp_module.replay.apply import apply
from sdbp_module.replay.jsonl import format_event, parse_line
from sdbp_module.replay.location import ELIMINATED, Location
from sdbp_module.replay.notation import state_from_text, state_to_text
from sdbp_module.replay.replay import replay
from sdbp_module.replay.state import GameState

UNITS = [UnitId(u) for u in ("FR-A", "FR-B", "FR-C", "VM-X", "VM-Y", "VM-Z")]
START = """turn 1 action
1: FR-A FR-B | ctrl french
2: FR-C | ctrl french
3: VM-X | ctrl viet_minh
4: VM-Y VM-Z | ctrl viet_minh
hand french: FR-01
deck viet_minh: VM-01 VM-02
"""

sides = st.sampled_from([FRENCH, VIET_MINH])
areas = st.integers(1, 6).map(AreaId)
units = st.lists(st.sampled_from(UNITS), min_size=1, max_size=3, unique=True).map(tuple)
cards = st.lists(st.sampled_from([CardId(c) for c in ("FR-01", "VM-01", "VM-02")]), min_size=1, max_size=2).map(tuple)

event_strategy = st.one_of(
    st.builds(lambda s, u, a, b: ev.Move(side=s, units=u, from_area=a, to_area=b, path=(a, b)), sides, units, areas, areas),
    st.builds(lambda s, u, a, b: ev.Fire(side=s, units=u, from_area=a, target=b), sides, units, areas, areas),
    st.builds(lambda u, sp: ev.Flip(units=u, spent=sp), units, st.booleans()),
    st.builds(lambda s: ev.Pass(side=s), sides),
    st.builds(lambda u: ev.Relocate(units=u, to=ELIMINATED), units),
    st.builds(lambda s, u, a: ev.Place(side=s, units=u, to=Location.in_area(a)), sides, units, areas),
    st.builds(lambda a, s: ev.ControlSet(area=a, side=s), areas, sides),
    st.builds(lambda a, n: ev.TrenchSet(area=a, level=n), areas, st.integers(0, 3)),
    st.builds(lambda s, c: ev.CardDraw(side=s, cards=c), sides, cards),
    st.builds(lambda s, c: ev.CardDiscard(side=s, cards=c, reason=ev.DiscardReason.CONTINUE), sides, cards),
    st.builds(
        lambda s, u, r, a: ev.Damage(side=s, outcomes=(ev.UnitOutcome(u[0], r, (a,)),)),
        sides,
        units,
        st.sampled_from(list(ev.DamageResult)),
        areas,
    ),
    st.builds(lambda t, p: ev.PhaseStart(turn=t, phase=p), st.integers(1, 9), st.sampled_from(list(Phase))),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(event_strategy, max_size=25))
def test_apply_leaves_every_input_state_unchanged(events: list[ev.Event]) -> None:
    state = state_from_text(START)
    for event in events:
        text = state_to_text(state)
        units = dict(state.units)
        after = apply(state, event)
        assert state_to_text(state) == text and dict(state.units) == units
        assert_indexes_in_step(after)
        state = after


def assert_indexes_in_step(state: GameState) -> None:
    """The state's derived indexes (occupants, counts per area and side, fresh units on the map)
    equal what the units give when recounted from scratch."""
    on_map = {u: s for u, s in state.units.items() if s.location.is_on_map}
    occupants: dict[AreaId, set[UnitId]] = {}
    counts: dict[tuple[AreaId, Side], int] = {}
    for u, s in on_map.items():
        assert s.location.area is not None
        occupants.setdefault(s.location.area, set()).add(u)
        counts[(s.location.area, s.side)] = counts.get((s.location.area, s.side), 0) + 1
    assert {a: set(us) for a, us in state.occupants.items()} == occupants
    assert dict(state.side_counts) == counts
    for side in (FRENCH, VIET_MINH):
        assert state.fresh_on_map(side) == sum(1 for s in on_map.values() if s.side is side and not s.spent)


@settings(max_examples=40, deadline=None)
@given(st.lists(event_strategy, max_size=25))
def test_replay_is_deterministic(events: list[ev.Event]) -> None:
    a = replay(events, state_from_text(START))
    b = replay(events, state_from_text(START))
    assert state_to_text(a) == state_to_text(b) and a == b


@settings(max_examples=80, deadline=None)
@given(event_strategy)
def test_jsonl_round_trip(event: ev.Event) -> None:
    line = format_event(event)
    assert parse_line(line, ev.Where("x.jsonl", 0, 1)) == event


