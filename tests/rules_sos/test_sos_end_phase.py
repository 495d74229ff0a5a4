"""SOS-SEQ-04 (the End phase of 4.0), SOS-SEQ-05 (6 turns), SOS-REIN-01 (reinforcements) and SOS-WDR-01
(the black counters leave in the turn-3 End phase, 10.4)."""

from __future__ import annotations

from sos_helpers import ids, run

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, CardId, Phase, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardDiscard,
    DiscardReason,
    FireMarkerSet,
    Flip,
    GameEnd,
    PhaseStart,
    Place,
    Relocate,
)
from sdbp_module.replay.location import REMOVED, Location

END = ("SOS-SEQ-04", "SOS-REIN-01", "SOS-WDR-01")

TURN_2 = """turn 2 action soviet
1: GE-A1* GE-A2 | ctrl german
4: GE-BLK | ctrl german
5: SU-X* SU-Y | ctrl soviet | fire soviet
turn:2: SU-R2
turn:3: GE-R3
hand german: GE-01
hand soviet: SU-01
"""


def _discard(side, card: str) -> CardDiscard:  # type: ignore[no-untyped-def]
    return CardDiscard(side=side, cards=(CardId(card),), reason=DiscardReason.END_PHASE)


def _end_of_turn_2(*, soviet_first: bool = False, flip: bool = True, marker: bool = True, lz: int = 10) -> list:  # type: ignore[type-arg]
    discards = [_discard(GERMAN, "GE-01"), _discard(SOVIET, "SU-01")]
    events = [PhaseStart(turn=2, phase=Phase.END), *(reversed(discards) if soviet_first else discards)]
    if flip:
        events.append(Flip(units=(UnitId("GE-A1"), UnitId("SU-X")), spent=False))
    if marker:
        events.append(FireMarkerSet(area=AreaId(5), side=SOVIET, present=False))
    events += [Place(side=SOVIET, units=(UnitId("SU-R2"),), to=Location.in_area(lz)), PhaseStart(turn=3, phase=Phase.DRAW)]
    return events


def test_a_clean_end_phase_passes(sos_game: GameData) -> None:
    assert run(TURN_2, _end_of_turn_2(), sos_game, END) == []


def test_the_german_discards_first(sos_game: GameData) -> None:
    found = run(TURN_2, _end_of_turn_2(soviet_first=True), sos_game, END)
    assert ids(found) == ["SOS-SEQ-04"] and "discarded" in found[0].message


def test_spent_units_and_fire_markers_do_not_outlive_the_end_phase(sos_game: GameData) -> None:
    found = run(TURN_2, _end_of_turn_2(flip=False, marker=False), sos_game, END)
    assert ids(found) == ["SOS-SEQ-04", "SOS-SEQ-04"]
    assert found[0].units == ("GE-A1", "SU-X") and found[1].areas == (5,)


def test_the_refresh_before_the_marker_removal_is_only_a_reading(sos_game: GameData) -> None:
    """4.0 lists refresh, marker removal, reinforcements with no "then" between them: suspicious."""
    events = _end_of_turn_2()
    events[3], events[4] = events[4], events[3]  # fire marker off, then the flips
    found = run(TURN_2, events, sos_game, END)
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-SEQ-04"]
    assert ids(found, severity=Severity.ILLEGAL) == []


def test_a_discard_after_the_refresh_is_illegal_once(sos_game: GameData) -> None:
    """4.0: the players discard, "then" every spent unit is flipped: SOS-CARD-04 reports it, alone."""
    events = _end_of_turn_2()
    events[2], events[3] = events[3], events[2]  # the Soviet discard after the flips
    found = run(TURN_2, events, sos_game, (*END, "SOS-CARD-04"))
    assert ids(found, severity=Severity.ILLEGAL) == ["SOS-CARD-04"] and "first step" in found[0].message


def test_german_reinforcements_are_placed_first(sos_game: GameData) -> None:
    start = TURN_2.replace("turn:3: GE-R3", "turn:2: GE-R3")  # a German reinforcement due now
    events = _end_of_turn_2()
    events.insert(-1, Place(side=GERMAN, units=(UnitId("GE-R3"),), to=Location.in_area(1)))
    found = run(start, events, sos_game, END)
    assert "SOS-SEQ-04" in ids(found) and any("placed reinforcements" in f.message for f in found)


def _placed_at(turn: int, phase: Phase = Phase.END) -> tuple[str, list]:  # type: ignore[type-arg]
    """SU-R2 (printed turn 2) placed in the ``phase`` of ``turn``."""
    start = TURN_2.replace("turn 2 action", f"turn {turn} action")
    events = [] if phase is Phase.ACTION else [PhaseStart(turn=turn, phase=phase)]
    return start, [*events, Place(side=SOVIET, units=(UnitId("SU-R2"),), to=Location.in_area(10))]


def _illegal(start: str, events: list, *switches: str) -> list[str]:  # type: ignore[type-arg]
    return ids(run(start, events, None, ("SOS-REIN-01",), switches=switches), severity=Severity.ILLEGAL)


def test_a_reinforcement_arrives_in_the_end_phase_of_its_turn_or_the_one_before(sos_game: GameData) -> None:
    """SOS-AMB-02: the printed number is "the turn in which the unit enters the game" (2.1.1), and the
    End phase brings "the reinforcements for the turn" (4.0): by default both End phases are legal."""
    assert _illegal(*_placed_at(2)) == []
    assert _illegal(*_placed_at(1)) == []
    assert _illegal(*_placed_at(3)) == ["SOS-REIN-01"]
    assert _illegal(*_placed_at(2, Phase.ACTION)) == ["SOS-REIN-01"]


def test_the_reinforcement_turn_switch_picks_one_reading(sos_game: GameData) -> None:
    printed = "reinforcement_turn=printed_turn"
    assert _illegal(*_placed_at(2), printed) == []
    assert _illegal(*_placed_at(1), printed) == ["SOS-REIN-01"]
    previous = "reinforcement_turn=previous_turn"
    assert _illegal(*_placed_at(1), previous) == []
    assert _illegal(*_placed_at(2), previous) == ["SOS-REIN-01"]


def test_a_reinforcement_left_on_the_track_is_late(sos_game: GameData) -> None:
    events = [e for e in _end_of_turn_2() if not isinstance(e, Place)]
    found = run(TURN_2, events, sos_game, END)
    assert ids(found) == ["SOS-REIN-01"] and found[0].units == ("SU-R2",)


def test_a_soviet_reinforcement_outside_a_landing_zone_is_suspicious(sos_game: GameData) -> None:
    found = run(TURN_2, _end_of_turn_2(lz=6), sos_game, END)
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-REIN-01"]
    assert ids(found, severity=Severity.ILLEGAL) == []



def _german_reinforcement_to(area: int) -> list:  # type: ignore[type-arg]
    """Turn 3's End phase: GE-R3 (turn 3) placed in ``area``."""
    return [PhaseStart(turn=3, phase=Phase.END), Place(side=GERMAN, units=(UnitId("GE-R3"),), to=Location.in_area(area))]


def test_a_german_reinforcement_in_a_german_area_passes(sos_game: GameData) -> None:
    start = TURN_2.replace("turn 2 action", "turn 3 action").replace("turn:2: SU-R2\n", "")
    found = run(start, _german_reinforcement_to(1), sos_game, ("SOS-REIN-01",))
    assert ids(found, severity=Severity.ILLEGAL) + ids(found, severity=Severity.SUSPICIOUS) == []


def test_a_german_reinforcement_in_a_landing_zone_is_suspicious(sos_game: GameData) -> None:
    """2.2: landing zones take the Soviet reinforcements; where the German ones go (10.2) is missing."""
    start = TURN_2.replace("turn 2 action", "turn 3 action").replace("turn:2: SU-R2\n", "")
    found = run(start, _german_reinforcement_to(11), sos_game, ("SOS-REIN-01",))
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-REIN-01"] and found[0].units == ("GE-R3",)
    assert ids(found, severity=Severity.ILLEGAL) == []


TURN_3 = TURN_2.replace("turn 2 action", "turn 3 action").replace("turn:2: SU-R2\nturn:3: GE-R3\n", "")


def test_the_black_counters_leave_in_the_turn_3_end_phase(sos_game: GameData) -> None:
    events = [PhaseStart(turn=3, phase=Phase.END), Relocate(units=(UnitId("GE-BLK"),), to=REMOVED), PhaseStart(turn=4, phase=Phase.DRAW)]
    assert run(TURN_3, events, sos_game, ("SOS-WDR-01",)) == []


def test_a_black_counter_still_in_play_on_turn_4_is_illegal(sos_game: GameData) -> None:
    events = [PhaseStart(turn=3, phase=Phase.END), PhaseStart(turn=4, phase=Phase.DRAW)]
    found = run(TURN_3, events, sos_game, ("SOS-WDR-01",))
    assert ids(found) == ["SOS-WDR-01"] and found[0].units == ("GE-BLK",)


def test_only_the_black_counters_withdraw_and_only_then(sos_game: GameData) -> None:
    other = [PhaseStart(turn=3, phase=Phase.END), Relocate(units=(UnitId("GE-A2"),), to=REMOVED)]
    assert ids(run(TURN_3, other, sos_game, ("SOS-WDR-01",))) == ["SOS-WDR-01"]
    early = [Relocate(units=(UnitId("GE-BLK"),), to=REMOVED)]
    assert ids(run(TURN_2, early, sos_game, ("SOS-WDR-01",))) == ["SOS-WDR-01"]


TURN_6 = TURN_3.replace("turn 3 action", "turn 6 action").replace("4: GE-BLK | ctrl german\n", "")


def test_no_seventh_turn_and_no_early_end(sos_game: GameData) -> None:
    seventh = [PhaseStart(turn=6, phase=Phase.END), PhaseStart(turn=7, phase=Phase.DRAW)]
    assert "SOS-SEQ-05" in ids(run(TURN_6, seventh, sos_game, ("SOS-SEQ-05",)))
    early = [GameEnd(winner=GERMAN)]
    assert ids(run(TURN_6.replace("turn 6", "turn 5"), early, sos_game, ("SOS-SEQ-05",))) == ["SOS-SEQ-05"]
    on_time = [PhaseStart(turn=6, phase=Phase.END), GameEnd(winner=GERMAN)]
    assert run(TURN_6, on_time, sos_game, ("SOS-SEQ-05",)) == []


def test_under_previous_turn_a_reinforcement_is_late_after_the_end_phase_before_its_turn(sos_game: GameData) -> None:
    start = TURN_2.replace("turn 2 action", "turn 1 action")
    events = [PhaseStart(turn=1, phase=Phase.END), PhaseStart(turn=2, phase=Phase.DRAW)]
    assert ids(run(start, events, sos_game, ("SOS-REIN-01",))) == []
    late = run(start, events, sos_game, ("SOS-REIN-01",), switches=("reinforcement_turn=previous_turn",))
    assert ids(late) == ["SOS-REIN-01"] and late[0].units == ("SU-R2",)
