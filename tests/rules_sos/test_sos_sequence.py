"""Sequence of play (4.0, 6.0) through the shared area-impulse rules under SoS ids: SOS-SEQ-01 (the
German normally takes the first impulse: suspicious otherwise), SOS-SEQ-02 (impulses alternate),
SOS-SEQ-03 (two passes end the impulses: the assumed reading); and SOS-ACT-02 (a German action uses one division plus independents, 6.1)."""

from __future__ import annotations

from sos_helpers import ids, run, serious

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, CardId, Phase, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardDiscard,
    DiscardReason,
    Event,
    Flip,
    Move,
    Pass,
    PhaseStart,
)

DRAW = """turn 1 draw
1: GE-A1 GE-A2 GE-B1 GE-I | ctrl german
5: SU-X SU-Y | ctrl soviet
"""
SEQ = ("SOS-SEQ-01", "SOS-SEQ-02", "SOS-SEQ-03")


def _move(side, units: tuple[str, ...], a: int, b: int) -> list[Event]:  # type: ignore[no-untyped-def]
    ids_ = tuple(UnitId(u) for u in units)
    return [Move(side=side, units=ids_, from_area=AreaId(a), to_area=AreaId(b), path=(AreaId(a), AreaId(b))), Flip(units=ids_, spent=True)]


def _turn(*impulses: list[Event]) -> list[Event]:
    events: list[Event] = [PhaseStart(turn=1, phase=Phase.ACTION)]
    for impulse in impulses:
        events += impulse
    return [*events, PhaseStart(turn=1, phase=Phase.END)]


def test_german_first_alternating_and_two_passes_is_legal(sos_game: GameData) -> None:
    events = _turn(_move(GERMAN, ("GE-A1",), 1, 2), _move(SOVIET, ("SU-X",), 5, 6), [Pass(side=GERMAN)], [Pass(side=SOVIET)])
    assert serious(run(DRAW, events, sos_game, SEQ)) == []


def test_a_soviet_first_impulse_is_suspicious(sos_game: GameData) -> None:
    """4.0: "normally the German player takes the first impulse" — normally, not always."""
    events = _turn(_move(SOVIET, ("SU-X",), 5, 6), [Pass(side=GERMAN)], [Pass(side=SOVIET)])
    found = run(DRAW, events, sos_game, SEQ)
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-SEQ-01"]
    assert ids(found, severity=Severity.ILLEGAL) == []


def test_two_impulses_of_one_side_in_a_row_are_illegal(sos_game: GameData) -> None:
    events = _turn(_move(GERMAN, ("GE-A1",), 1, 2), _move(GERMAN, ("GE-A2",), 1, 4), [Pass(side=SOVIET)], [Pass(side=GERMAN)])
    assert ids(serious(run(DRAW, events, sos_game, SEQ))) == ["SOS-SEQ-02"]


def test_impulses_ending_without_two_passes_in_a_row_are_suspicious(sos_game: GameData) -> None:
    """4.0 says only "when both players have completed all their impulses": two passes in a row is
    the assumed end, so a phase that ends otherwise is suspicious, not illegal."""
    events = _turn(_move(GERMAN, ("GE-A1",), 1, 2), [Pass(side=SOVIET)])  # one pass, then the End phase
    found = run(DRAW, events, sos_game, SEQ)
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-SEQ-03"] and "assumed" in found[0].message
    assert ids(found, severity=Severity.ILLEGAL) == []


def test_an_impulse_after_two_passes_in_a_row_is_illegal(sos_game: GameData) -> None:
    """After two passes in a row both players have completed their impulses (4.0)."""
    events = _turn([Pass(side=GERMAN)], [Pass(side=SOVIET)], _move(GERMAN, ("GE-A1",), 1, 2))
    assert ids(run(DRAW, events, sos_game, SEQ), severity=Severity.ILLEGAL) == ["SOS-SEQ-03"]


def test_there_is_no_discard_to_continue(sos_game: GameData) -> None:
    start = DRAW + "hand german: GE-01 GE-02\n"
    discard = CardDiscard(side=GERMAN, cards=(CardId("GE-01"),), reason=DiscardReason.CONTINUE)
    events = _turn(_move(GERMAN, ("GE-A1",), 1, 2), [Pass(side=SOVIET)], [discard], _move(GERMAN, ("GE-A2",), 1, 2))
    assert "SOS-SEQ-03" in ids(serious(run(start, events, sos_game, SEQ)))


ACTION = DRAW.replace("turn 1 draw", "turn 1 action german")


def test_a_german_action_of_one_division_and_independents_is_legal(sos_game: GameData) -> None:
    assert run(ACTION, _move(GERMAN, ("GE-A1", "GE-A2", "GE-I"), 1, 2), sos_game, ("SOS-ACT-02",)) == []


def test_a_german_action_of_two_divisions_is_illegal(sos_game: GameData) -> None:
    found = run(ACTION, _move(GERMAN, ("GE-A1", "GE-B1"), 1, 2), sos_game, ("SOS-ACT-02",))
    assert ids(found) == ["SOS-ACT-02"]


def test_the_soviet_may_activate_any_of_his_units(sos_game: GameData) -> None:
    start = ACTION.replace("5: SU-X SU-Y", "5: SU-X SU-Y SU-M2")
    assert run(start, _move(SOVIET, ("SU-X", "SU-Y", "SU-M2"), 5, 6), sos_game, ("SOS-ACT-02",)) == []
