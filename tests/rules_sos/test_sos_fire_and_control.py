"""Fire declaration (8.0, 8.1) and control (2.1.2, 7.2) through the shared rules under SoS ids:
SOS-FIRE-01 (firepower 1 or more), SOS-FIRE-02 (own or adjacent area, never a landing zone), SOS-FIRE-03
(a stack fires at one area), SOS-CTRL-01 (control passes on entry into an empty enemy area; the rest
of the control rule is assumed, the control section being missing: suspicious)."""

from __future__ import annotations

from dataclasses import replace

from sos_helpers import ids, run, serious

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, CardId, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import CardPlay, ControlSet, Event, Fire, Flip, Move

FIRE = ("SOS-FIRE-01", "SOS-FIRE-02", "SOS-FIRE-03")
BOARD = """turn 1 action soviet
2: GE-A1 GE-A2 | ctrl german
3: SU-X SU-Y | ctrl soviet
5: GE-B1 | ctrl german
6: | ctrl soviet
10: SU-L1 | ctrl soviet
"""


def _fire(units: tuple[str, ...], origin: int, target: int, side=SOVIET, action: int | None = None) -> Fire:  # type: ignore[no-untyped-def]
    return Fire(side=side, units=tuple(UnitId(u) for u in units), from_area=AreaId(origin), target=AreaId(target), action=action)


def _fired(*fires: Fire) -> list[Event]:
    units = tuple(u for f in fires for u in f.units)
    return [*fires, Flip(units=units, spent=True)]


def test_fire_into_an_adjacent_area_is_legal(sos_game: GameData) -> None:
    assert serious(run(BOARD, _fired(_fire(("SU-X", "SU-Y"), 3, 2)), sos_game, FIRE)) == []


def test_fire_beyond_an_adjacent_area_is_illegal(sos_game: GameData) -> None:
    assert ids(serious(run(BOARD, _fired(_fire(("SU-X",), 3, 5)), sos_game, FIRE))) == ["SOS-FIRE-02"]


def test_no_fire_into_a_landing_zone(sos_game: GameData) -> None:
    found = run(BOARD.replace("turn 1 action soviet", "turn 1 action german"), _fired(_fire(("GE-A1",), 2, 3, GERMAN)), sos_game, FIRE)
    assert serious(found) == []
    into_zone = BOARD.replace("turn 1 action soviet", "turn 1 action german").replace("6: | ctrl soviet", "6: GE-I | ctrl german")
    found = run(into_zone, _fired(_fire(("GE-I",), 6, 10, GERMAN)), sos_game, FIRE)
    assert ids(found, severity=Severity.ILLEGAL) == ["SOS-FIRE-02"]


def test_card_fire_into_a_landing_zone_is_suspicious(sos_game: GameData) -> None:
    """8.1 bars unit fire into a landing zone; card fire follows the card (8.2), whose text is ours."""
    start = BOARD.replace("turn 1 action soviet", "turn 1 action german")
    bombers = [CardPlay(side=GERMAN, card=CardId("GE-04"), as_action=True)]
    assert run(start, [*bombers, Fire(side=GERMAN, card=CardId("GE-04"), target=AreaId(3))], sos_game, FIRE) == []
    found = run(start, [*bombers, Fire(side=GERMAN, card=CardId("GE-04"), target=AreaId(10))], sos_game, FIRE)
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-FIRE-02"]
    assert ids(found, severity=Severity.ILLEGAL) == []


def test_a_stack_fires_at_one_area(sos_game: GameData) -> None:
    split = _fired(_fire(("SU-X",), 3, 2, action=1), _fire(("SU-Y",), 3, 6, action=1))
    assert "SOS-FIRE-03" in ids(serious(run(BOARD, split, sos_game, FIRE)))


def test_a_unit_without_firepower_may_not_fire(sos_game: GameData) -> None:
    units = tuple(replace(u, firepower=0) if u.id == "SU-X" else u for u in sos_game.units)
    game = replace(sos_game, units=units)
    assert ids(serious(run(BOARD, _fired(_fire(("SU-X",), 3, 2)), game, FIRE))) == ["SOS-FIRE-01"]


def test_control_passes_on_entry_and_a_marker_saying_otherwise_is_illegal(sos_game: GameData) -> None:
    start = BOARD.replace("turn 1 action soviet", "turn 1 action german")
    move = Move(side=GERMAN, units=(UnitId("GE-B1"),), from_area=AreaId(5), to_area=AreaId(6))
    assert serious(run(start, [move, ControlSet(area=AreaId(6), side=GERMAN)], sos_game, ("SOS-CTRL-01",))) == []
    wrong = run(start, [move, ControlSet(area=AreaId(6), side=SOVIET)], sos_game, ("SOS-CTRL-01",))
    assert ids(wrong, severity=Severity.ILLEGAL) == ["SOS-CTRL-01"]  # 7.2: capture on entry is the text's


def test_a_marker_on_an_area_no_move_entered_is_suspicious(sos_game: GameData) -> None:
    """The control section is missing: the text gives the rule only for an area a move enters."""
    start = BOARD.replace("turn 1 action soviet", "turn 1 action german")
    assert run(start, [ControlSet(area=AreaId(3), side=SOVIET)], sos_game, ("SOS-CTRL-01",)) == []
    found = run(start, [ControlSet(area=AreaId(3), side=GERMAN)], sos_game, ("SOS-CTRL-01",))
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-CTRL-01"] and "assumed" in found[0].message
    assert ids(found, severity=Severity.ILLEGAL) == []
