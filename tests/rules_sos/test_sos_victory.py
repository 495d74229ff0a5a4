"""SOS-VIC-01 and the report's outcome: the Soviet player wins with at least his bid of defence-3
areas at the end of turn 6 (3.1); without a bid the result cannot be checked."""

from __future__ import annotations

from dataclasses import replace

from sos_helpers import ids, run, state

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.games.sos.rules.package import SOS
from sdbp_module.games.sos.rules.victory import outcome
from sdbp_module.ids import Phase, Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.apply import apply
from sdbp_module.replay.events import GameEnd, PhaseStart
from sdbp_module.rules.base import CheckContext
from sdbp_module.rules.switches import parse_switches

# Soviet holds 5 (Mamayev Kurgan) and 8; the Germans took 3.
TURN_6 = """turn 6 action german
3: GE-A1 | ctrl german
5: SU-X | ctrl soviet
8: | ctrl soviet
"""
VIC = ("SOS-VIC-01",)


def _end(winner) -> list:  # type: ignore[no-untyped-def, type-arg]
    return [PhaseStart(turn=6, phase=Phase.END), GameEnd(winner=winner)]


def _run(target: int | None, winner, game: GameData) -> list:  # type: ignore[no-untyped-def, type-arg]
    return run(replace(state(TURN_6, game), victory_threshold=target), _end(winner), game, VIC)


def test_the_soviet_wins_with_his_bid_and_a_right_claim_is_confirmed(sos_game: GameData) -> None:
    found = _run(2, SOVIET, sos_game)
    assert ids(found, severity=Severity.INFO) == ["SOS-VIC-01"] and "confirmed" in found[0].message


def test_a_claim_against_the_count_is_illegal(sos_game: GameData) -> None:
    found = _run(3, SOVIET, sos_game)  # 2 areas against a bid of 3: the German wins
    assert ids(found, severity=Severity.ILLEGAL) == ["SOS-VIC-01"]
    assert found[0].expected == GERMAN.value


def test_without_a_bid_the_result_cannot_be_checked(sos_game: GameData) -> None:
    assert ids(_run(None, GERMAN, sos_game), severity=Severity.CANNOT_CHECK) == ["SOS-VIC-01"]


def test_the_outcome_names_the_count_and_the_claim(sos_game: GameData) -> None:
    final = replace(state(TURN_6, sos_game), victory_threshold=2)
    for event in _end(GERMAN):
        final = apply(final, event)
    ctx = CheckContext(game=sos_game, rules=parse_switches((), ()), sequence=SOS.make_sequence(sos_game), impulse=SOS.impulse)
    result = outcome(final, ctx)
    assert result.winner is SOVIET and result.claimed is GERMAN and result.agrees is False
    assert "2 of the 3 defence-3 areas" in result.text
