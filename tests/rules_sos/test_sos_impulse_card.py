"""A "For your impulse" card and the unit action it governs are one impulse (5.2, 6.2).

``replay.vlog.card_action.number_card_actions`` reads a log's events: in a game whose data sets
``sequence.impulse_card_joins_action`` (Storm over Stalingrad does), a card played as the action and
its side's following moves and fires get one action number, up to a pass, a phase, another card
played as the action, or an act of the other side that opens an action. Checked with the SoS rules,
the German *Attack on the Move* then its move and fire are one German impulse, not two in a row.
"""

from __future__ import annotations

from dataclasses import replace

from sos_helpers import ids, run

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, CardId, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import CardPlay, Event, Fire, Move, Pass
from sdbp_module.replay.vlog.card_action import number_card_actions

START = """turn 1 action german
1: GE-A1 GE-A2 GE-B1 GE-I | ctrl german
5: SU-X SU-Y | ctrl soviet
hand german: GE-01 GE-02 GE-03
hand soviet: SU-01 SU-02
"""
ALTERNATE = ("SOS-SEQ-02",)

ATTACK_ON_THE_MOVE = CardPlay(side=GERMAN, card=CardId("GE-01"), as_action=True)
GERMAN_MOVE = Move(side=GERMAN, units=(UnitId("GE-A1"), UnitId("GE-A2")), from_area=AreaId(1), to_area=AreaId(2))
GERMAN_FIRE = Fire(side=GERMAN, units=(UnitId("GE-A1"), UnitId("GE-A2")), from_area=AreaId(2), target=AreaId(5))
SOVIET_MOVE = Move(side=SOVIET, units=(UnitId("SU-X"),), from_area=AreaId(5), to_area=AreaId(6))


def _numbers(events: list[Event], game: GameData) -> list[int | None]:
    return [e.action for e in number_card_actions(events, game)]


def test_the_card_its_move_and_its_fire_are_one_action(sos_game: GameData) -> None:
    events: list[Event] = [ATTACK_ON_THE_MOVE, GERMAN_MOVE, GERMAN_FIRE, SOVIET_MOVE]
    assert _numbers(events, sos_game) == [1, 1, 1, None]
    assert run(START, number_card_actions(events, sos_game), sos_game, ALTERNATE) == []


def test_read_one_by_one_they_are_two_german_impulses_in_a_row(sos_game: GameData) -> None:
    events: list[Event] = [ATTACK_ON_THE_MOVE, GERMAN_MOVE, GERMAN_FIRE, SOVIET_MOVE]
    assert ids(run(START, events, sos_game, ALTERNATE)) == ["SOS-SEQ-02", "SOS-SEQ-02"]


def test_a_game_without_the_setting_keeps_the_card_an_action_of_its_own(sos_game: GameData) -> None:
    plain = replace(sos_game, game=replace(sos_game.game, impulse_card_joins_action=False))
    assert _numbers([ATTACK_ON_THE_MOVE, GERMAN_MOVE, GERMAN_FIRE], plain) == [None, None, None]


def test_a_fire_before_the_move_joins_too(sos_game: GameData) -> None:
    fire_first = replace(GERMAN_FIRE, from_area=AreaId(1), target=AreaId(2))
    assert _numbers([ATTACK_ON_THE_MOVE, fire_first, GERMAN_MOVE], sos_game) == [1, 1, 1]


def test_the_other_sides_answering_card_and_card_fire_do_not_end_it(sos_game: GameData) -> None:
    defensive_fire = CardPlay(side=SOVIET, card=CardId("SU-02"))
    card_fire = Fire(side=SOVIET, card=CardId("SU-02"), target=AreaId(2))
    events: list[Event] = [ATTACK_ON_THE_MOVE, GERMAN_MOVE, defensive_fire, card_fire, GERMAN_FIRE]
    assert _numbers(events, sos_game) == [1, 1, None, None, 1]


def test_a_pass_or_an_act_of_the_other_side_ends_it(sos_game: GameData) -> None:
    after_pass: list[Event] = [ATTACK_ON_THE_MOVE, Pass(side=SOVIET), GERMAN_MOVE]
    assert _numbers(after_pass, sos_game) == [1, None, None]
    after_soviet: list[Event] = [ATTACK_ON_THE_MOVE, SOVIET_MOVE, GERMAN_MOVE]
    assert _numbers(after_soviet, sos_game) == [1, None, None]
    assert ids(run(START, number_card_actions(after_soviet, sos_game), sos_game, ALTERNATE)) == []


def test_another_card_played_as_the_action_opens_its_own(sos_game: GameData) -> None:
    second = CardPlay(side=GERMAN, card=CardId("GE-02"), as_action=True)
    assert _numbers([ATTACK_ON_THE_MOVE, GERMAN_MOVE, second, GERMAN_FIRE], sos_game) == [1, 1, 2, 2]


def test_copies_of_a_card_played_together_are_one_impulse(sos_game: GameData) -> None:
    """Two Dive Bombers (timing A in our data; 5.2 lets copies be played together) are one German
    impulse, not two in a row (seed L180-182)."""
    first = CardPlay(side=GERMAN, card=CardId("GE-04"), as_action=True)
    second = CardPlay(side=GERMAN, card=CardId("GE-05"), as_action=True)
    events: list[Event] = [first, second, SOVIET_MOVE]
    assert _numbers(events, sos_game) == [1, 1, None]
    judged = ("SOS-SEQ-02", "SOS-CARD-03", "SOS-ACT-01", "SOS-ACT-03")
    assert run(START, number_card_actions(events, sos_game), sos_game, judged) == []


def test_two_different_impulse_cards_stay_two_impulses(sos_game: GameData) -> None:
    second = CardPlay(side=GERMAN, card=CardId("GE-04"), as_action=True)
    events: list[Event] = [ATTACK_ON_THE_MOVE, second, SOVIET_MOVE]
    assert _numbers(events, sos_game) == [1, 2, None]
    assert "SOS-SEQ-02" in ids(run(START, number_card_actions(events, sos_game), sos_game, ALTERNATE))
