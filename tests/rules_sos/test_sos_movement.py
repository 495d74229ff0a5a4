"""Movement (7.0) through the shared area-impulse rules under SoS ids, on the text's own examples:
SOS-MOV-01 (costs of 7.2 against the stack's lowest MP), SOS-MOV-02 (7.4: 10 units, "8 units + 3 may
not enter or cross"), SOS-MOV-03 (7.6: one unit, not a stack, leaves a landing zone per impulse, into an
adjacent area, where it may move on unless the switch landing_zone_exit says adjacent_only)."""

from __future__ import annotations

from dataclasses import replace

from sos_helpers import ids, make_card, run, serious

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, CardId, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import CardPlay, Event, Flip, Move

MOVE = ("SOS-MOV-01", "SOS-MOV-02", "SOS-MOV-03")

BOARD = """turn 1 action soviet
1: GE-A1 | ctrl german
2: | ctrl german
3: | ctrl soviet
4: GE-BLK | ctrl german
5: SU-X SU-Y | ctrl soviet
6: SU-S1 SU-S2 SU-S3 SU-S4 SU-S5 SU-S6 SU-S7 SU-S8 | ctrl soviet
7: | ctrl german
8: SU-M2 GE-A2 | ctrl soviet
9: SU-T1 SU-T2 SU-T3 | ctrl soviet
10: SU-L1 SU-L2 | ctrl soviet
11: SU-L3 | ctrl soviet
"""


def _move(units: tuple[str, ...], *path: int, side=SOVIET) -> list[Event]:  # type: ignore[no-untyped-def]
    us = tuple(UnitId(u) for u in units)
    areas = tuple(AreaId(a) for a in path)
    return [Move(side=side, units=us, from_area=areas[0], to_area=areas[-1], path=areas), Flip(units=us, spent=True)]


# 7.2's example: a lone Soviet unit, 1 MP into an empty friendly area, 2 MP into a German-controlled
# one; a stack starting beside German units pays the +1 for leaving too.


def test_one_mp_into_a_friendly_area_and_two_into_an_enemy_one_are_legal(sos_game: GameData) -> None:
    assert serious(run(BOARD, _move(("SU-X",), 5, 6), sos_game, MOVE)) == []
    assert serious(run(BOARD, _move(("SU-X",), 5, 2), sos_game, MOVE)) == []  # 2 MP of 3


def test_leaving_an_enemy_occupied_area_into_an_enemy_area_costs_three(sos_game: GameData) -> None:
    # SU-M2 (MP 2) in area 8 beside GE-A2: 1 + 1 (leave) + 1 (enter German 7) = 3 > 2
    found = run(BOARD, _move(("SU-M2",), 8, 7), sos_game, MOVE)
    assert ids(serious(found)) == ["SOS-MOV-01"]
    assert serious(run(BOARD, _move(("SU-M2",), 8, 9), sos_game, MOVE)) == []  # 1 + 1 (leave) = 2


def test_control_passes_on_entry_so_no_exit_surcharge_after_it(sos_game: GameData) -> None:
    # German GE-A1 from 1 into empty Soviet 5? 5 holds Soviet units; use empty Soviet 3 via 2:
    # 1 (enter own 2) + 2 (enter Soviet 3, no units: control passes) = 3 MP, no +1 for leaving 3.
    assert serious(run(BOARD.replace("turn 1 action soviet", "turn 1 action german"), _move(("GE-A1",), 1, 2, 3, side=GERMAN), sos_game, MOVE)) == []


def test_eight_units_and_three_more_may_not_enter_or_cross(sos_game: GameData) -> None:
    enter = run(BOARD, _move(("SU-T1", "SU-T2", "SU-T3"), 9, 6), sos_game, MOVE)
    assert ids(serious(enter)) == ["SOS-MOV-02"]
    cross = run(BOARD, _move(("SU-T1", "SU-T2", "SU-T3"), 9, 6, 3), sos_game, MOVE)
    assert "SOS-MOV-02" in ids(serious(cross))
    assert serious(run(BOARD, _move(("SU-T1", "SU-T2"), 9, 6), sos_game, MOVE)) == []  # 10: the limit


def test_one_unit_leaves_a_landing_zone_per_impulse(sos_game: GameData) -> None:
    assert serious(run(BOARD, _move(("SU-L1",), 10, 3), sos_game, MOVE)) == []
    stack = run(BOARD, _move(("SU-L1", "SU-L2"), 10, 3), sos_game, MOVE)
    assert ids(serious(stack)) == ["SOS-MOV-03"]


def test_a_unit_leaving_a_landing_zone_may_move_on_by_default(sos_game: GameData) -> None:
    """7.6 says only "into adjacent areas" (SOS-AMB-01): by default the unit may go on from there."""
    assert serious(run(BOARD, _move(("SU-L3",), 11, 9, 6), sos_game, MOVE)) == []


def test_under_adjacent_only_a_unit_leaving_a_landing_zone_stops_in_the_adjacent_area(sos_game: GameData) -> None:
    strict = ("landing_zone_exit=adjacent_only",)
    found = run(BOARD, _move(("SU-L3",), 11, 9, 6), sos_game, MOVE, switches=strict)
    assert ids(serious(found)) == ["SOS-MOV-03"] and "adjacent" in found[0].message
    assert serious(run(BOARD, _move(("SU-L3",), 11, 9), sos_game, MOVE, switches=strict)) == []


def test_night_crossing_lets_a_stack_of_three_leave(sos_game: GameData) -> None:
    """Our card Night Crossing (cards.yaml) lifts the one-unit limit for the impulse it is played as."""
    game = replace(sos_game, cards=(*sos_game.cards, make_card("SU-04", 4, "Night Crossing", "A")))
    crossing = CardPlay(side=SOVIET, card=CardId("SU-04"), as_action=True, action=1)
    stack = [replace(e, action=1) for e in _move(("SU-L1", "SU-L2"), 10, 3)]
    assert serious(run(BOARD, [crossing, *stack], game, MOVE)) == []
    assert ids(serious(run(BOARD, stack, game, MOVE))) == ["SOS-MOV-03"]
