"""SOS-SET-01 (units start fresh, where their counters say, 3.2–3.3) and SOS-SET-02 (the bid, 3.1)."""

from __future__ import annotations

from dataclasses import replace

from sos_helpers import ids, run, start_event

from sdbp_module.ids import Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.location import Location

SETUP = ("SOS-SET-01", "SOS-SET-02")


def test_the_printed_set_up_with_a_bid_passes(sos_game: GameData) -> None:
    assert run(None, [start_event(sos_game)], sos_game, SETUP) == []


def test_a_unit_outside_its_letter_area_is_illegal(sos_game: GameData) -> None:
    found = run(None, [start_event(sos_game, {"GE-A1": Location.in_area(2)})], sos_game, SETUP)
    assert ids(found, severity=Severity.ILLEGAL) == ["SOS-SET-01"]
    assert "set-up letter A" in found[0].message


def test_an_l_unit_starts_in_any_landing_zone_and_nowhere_else(sos_game: GameData) -> None:
    other_zone = start_event(sos_game, {"SU-L1": Location.in_area(11)})
    assert run(None, [other_zone], sos_game, SETUP) == []
    found = run(None, [start_event(sos_game, {"SU-L1": Location.in_area(6)})], sos_game, SETUP)
    assert ids(found) == ["SOS-SET-01"] and found[0].units == ("SU-L1",)


def test_a_reinforcement_waits_on_its_turn_box(sos_game: GameData) -> None:
    found = run(None, [start_event(sos_game, {"GE-R3": Location.on_turn(2)})], sos_game, SETUP)
    assert ids(found) == ["SOS-SET-01"]


def test_a_unit_set_up_spent_is_illegal(sos_game: GameData) -> None:
    """3.2: each player places his units face up (fresh)."""
    start = start_event(sos_game)
    spent = replace(start, units=tuple(replace(u, spent=u.unit == "SU-X") for u in start.units))
    found = run(None, [spent], sos_game, SETUP)
    assert ids(found, severity=Severity.ILLEGAL) == ["SOS-SET-01"] and found[0].units == ("SU-X",)
    assert "face up" in found[0].message


def test_the_lower_bidder_may_not_play_the_soviets(sos_game: GameData) -> None:
    found = run(None, [start_event(sos_game, bid=(4, 2, 2))], sos_game, SETUP)
    assert ids(found, severity=Severity.ILLEGAL) == ["SOS-SET-02", "SOS-SET-02"]  # sides, and the target is not 4


def test_a_bid_below_one_is_illegal(sos_game: GameData) -> None:
    found = run(None, [start_event(sos_game, bid=(0, 3, 3))], sos_game, SETUP)
    assert ids(found) == ["SOS-SET-02"] and found[0].actual == 0


def test_a_tie_is_settled_off_the_log(sos_game: GameData) -> None:
    assert ids(run(None, [start_event(sos_game, bid=(2, 2, 2))], sos_game, SETUP)) == ["SOS-SET-02"]
    assert ids(run(None, [start_event(sos_game, bid=(2, 2, 2))], sos_game, SETUP), severity=Severity.INFO) == ["SOS-SET-02"]


def test_no_bid_and_no_start_cannot_be_checked(sos_game: GameData) -> None:
    found = run(None, [start_event(sos_game, bid=None)], sos_game, SETUP)
    assert ids(found, severity=Severity.CANNOT_CHECK) == ["SOS-SET-02"]
    assert ids(run(None, [], sos_game, SETUP), severity=Severity.CANNOT_CHECK) == ["SOS-SET-01", "SOS-SET-02"]
