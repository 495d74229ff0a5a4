"""SOS-CARD-06: the card interactions 5.2 spells out (seed L184, L186). Under *Attack on the Move* the
German units that moved into the area where the Soviet plays *Mines* cannot fire, unless a *Sniper*
cancels the *Mines*; a *Sniper* cancels a *Mines* or *Defensive Fire*, and a cancelled card does not
fire; a *Sniper* with nothing to cancel is suspicious (its own text is not in the rules)."""

from __future__ import annotations

from dataclasses import replace

from sos_helpers import ids, run

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, CardId, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import CardPlay, Event, Fire, Move

START = """turn 1 action german
1: GE-B1 GE-I | ctrl german
2: GE-A1 GE-A2 | ctrl german
3: | ctrl soviet
5: SU-X SU-Y | ctrl soviet
hand german: GE-01 GE-02 GE-03
hand soviet: SU-01 SU-02
"""
RULE = ("SOS-CARD-06",)

ATTACK_ON_THE_MOVE = CardPlay(side=GERMAN, card=CardId("GE-01"), as_action=True, action=1)
INTO_5 = Move(side=GERMAN, units=(UnitId("GE-A1"), UnitId("GE-A2")), from_area=AreaId(2), to_area=AreaId(5), action=1)
MINES = CardPlay(side=SOVIET, card=CardId("SU-01"), targets=(AreaId(5),))
MINES_FIRE = Fire(side=SOVIET, card=CardId("SU-01"), target=AreaId(5))
DEFENSIVE_FIRE = CardPlay(side=SOVIET, card=CardId("SU-02"))
SNIPER = CardPlay(side=GERMAN, card=CardId("GE-03"))
MOVERS_FIRE = Fire(side=GERMAN, units=(UnitId("GE-A1"),), from_area=AreaId(5), target=AreaId(5), action=1)
OTHER_FIRE = Fire(side=GERMAN, units=(UnitId("GE-B1"),), from_area=AreaId(1), target=AreaId(2), action=1)


def _check(*events: Event) -> list:  # type: ignore[type-arg]
    return run(START, [ATTACK_ON_THE_MOVE, INTO_5, *events], None, RULE)


def test_movers_into_a_mines_area_may_not_fire(sos_game: GameData) -> None:
    found = _check(MINES, MINES_FIRE, MOVERS_FIRE)
    assert ids(found, severity=Severity.ILLEGAL) == ["SOS-CARD-06"] and found[0].units == ("GE-A1",)
    assert "cannot fire" in found[0].message


def test_other_units_of_the_split_stack_may_fire(sos_game: GameData) -> None:
    assert _check(MINES, MINES_FIRE, OTHER_FIRE) == []


def test_movers_may_fire_when_a_sniper_cancels_the_mines(sos_game: GameData) -> None:
    assert _check(MINES, SNIPER, MOVERS_FIRE) == []


def test_a_sniper_cancels_only_one_card(sos_game: GameData) -> None:
    second = CardPlay(side=SOVIET, card=CardId("SU-01"), targets=(AreaId(5),))
    assert ids(_check(MINES, SNIPER, second, MOVERS_FIRE)) == ["SOS-CARD-06"]


def test_movers_may_fire_against_defensive_fire(sos_game: GameData) -> None:
    """5.2: against Defensive Fire the German units may fire first."""
    assert _check(DEFENSIVE_FIRE, MOVERS_FIRE) == []


def test_a_cancelled_card_that_still_fires_is_illegal(sos_game: GameData) -> None:
    found = _check(MINES, SNIPER, MINES_FIRE)
    assert ids(found, severity=Severity.ILLEGAL) == ["SOS-CARD-06"] and "cancelled" in found[0].message
    assert _check(MINES, MINES_FIRE) == []


def test_a_sniper_with_nothing_to_cancel_is_suspicious(sos_game: GameData) -> None:
    found = _check(SNIPER)
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-CARD-06"]
    assert ids(found, severity=Severity.ILLEGAL) == []
    assert _check(DEFENSIVE_FIRE, SNIPER) == []


def test_without_attack_on_the_move_the_fire_is_left_to_the_activation_rule(sos_game: GameData) -> None:
    """Without the card the movers' fire is another action, a second German one in a row: SOS-SEQ-02's."""
    plain = [replace(INTO_5, action=None), MINES, replace(MOVERS_FIRE, action=None)]
    found = ids(run(START, plain, None))
    assert "SOS-CARD-06" not in found and "SOS-SEQ-02" in found
