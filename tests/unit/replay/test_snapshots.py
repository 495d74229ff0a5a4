"""replay.snapshots: the board after a chosen log step, as ``sdbp show`` and the HTML report draw it."""

from __future__ import annotations

from sdbp_module.games.sodbp.ids import FRENCH
from sdbp_module.ids import AreaId, UnitId
from sdbp_module.replay.events import END_OF_LOG, NOWHERE, Flip, Move, Where
from sdbp_module.replay.notation import state_from_text, state_to_text
from sdbp_module.replay.snapshots import snapshots

FR = FRENCH
U, A = UnitId, AreaId

START = state_from_text("10: FR-A FR-B | ctrl french\n11: | ctrl french\n12: | ctrl french\n")


def _log() -> list[Move | Flip]:
    """Three steps of ``g.vlog``: step 1 moves FR-A and flips it (two events), step 2 is empty of
    events (a chat line, say), step 3 moves FR-B."""
    return [
        Move(side=FR, units=(U("FR-A"),), from_area=A(10), to_area=A(11), where=Where("g.vlog", 1)),
        Flip(units=(U("FR-A"),), spent=True, where=Where("g.vlog", 1)),
        Move(side=FR, units=(U("FR-B"),), from_area=A(10), to_area=A(12), where=Where("g.vlog", 3)),
    ]


def test_a_step_gives_the_state_after_its_last_event_and_its_events() -> None:
    events = _log()
    snap = snapshots(events, START, [Where("g.vlog", 1)])[("g.vlog", 1)]
    assert state_to_text(snap.state) == "10: FR-B | ctrl french\n11: FR-A* | ctrl french\n12: | ctrl french\n"
    assert snap.events == tuple(events[:2])
    assert snap.before == START  # the state before the step's first event


def test_a_position_between_steps_gives_the_state_before_the_next_with_no_events() -> None:
    snaps = snapshots(_log(), START, [Where("g.vlog", 2), Where("g.vlog", 0)])
    assert snaps[("g.vlog", 2)].events == ()
    assert "11: FR-A*" in state_to_text(snaps[("g.vlog", 2)].state)
    assert snaps[("g.vlog", 0)].state == START  # before the first step


def test_end_of_log_and_nowhere() -> None:
    snaps = snapshots(_log(), START, [END_OF_LOG, NOWHERE])
    assert state_to_text(snaps[END_OF_LOG.sort_key].state).startswith("10: | ctrl french\n11: FR-A*")
    assert "12: FR-B" in state_to_text(snaps[END_OF_LOG.sort_key].state)
    assert snaps[NOWHERE.sort_key].state == START
    assert snapshots(_log(), START, []) == {}
