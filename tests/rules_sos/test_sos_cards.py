"""SOS-CARD-03: one "For your impulse" card per impulse, in its owner's impulse (5.2, 6.2)."""

from __future__ import annotations

from sos_helpers import ids, run

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, CardId, Phase, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import CardPlay, Fire, Move, Pass, PhaseStart

START = """turn 1 action german
1: GE-A1 GE-A2 GE-B1 GE-I | ctrl german
5: SU-X SU-Y | ctrl soviet
hand german: GE-01 GE-02 GE-03
hand soviet: SU-01 SU-02
"""
CARD = ("SOS-CARD-03",)


def _play(side, card: str, *, as_action: bool = False, action: int | None = None) -> CardPlay:  # type: ignore[no-untyped-def]
    return CardPlay(side=side, card=CardId(card), as_action=as_action, action=action)


def _move(*units: str) -> Move:
    return Move(side=GERMAN, units=tuple(UnitId(u) for u in units), from_area=AreaId(1), to_area=AreaId(2))


def test_one_impulse_card_with_its_move_passes(sos_game: GameData) -> None:
    events = [_play(GERMAN, "GE-01", as_action=True), _move("GE-A1", "GE-A2"), _play(SOVIET, "SU-01")]
    assert run(START, events, sos_game, CARD) == []


def test_an_impulse_card_logged_before_its_owners_move_is_in_his_impulse(sos_game: GameData) -> None:
    events = [_play(GERMAN, "GE-01"), _move("GE-A1")]
    assert run(START, events, sos_game, CARD) == []


def test_a_second_impulse_card_in_one_impulse_is_illegal(sos_game: GameData) -> None:
    events = [_play(GERMAN, "GE-01", as_action=True), _play(GERMAN, "GE-02")]
    found = run(START, events, sos_game, CARD)
    assert ids(found) == ["SOS-CARD-03"] and found[0].actual == 2


def test_one_impulse_card_in_each_of_two_impulses_passes(sos_game: GameData) -> None:
    events = [_play(GERMAN, "GE-01", as_action=True), Pass(side=SOVIET), _play(GERMAN, "GE-02", as_action=True)]
    assert run(START, events, sos_game, CARD) == []


def test_an_impulse_card_in_the_enemy_impulse_or_the_end_phase_is_illegal(sos_game: GameData) -> None:
    fire = Fire(side=SOVIET, units=(UnitId("SU-Y"),), from_area=AreaId(5), target=AreaId(2), action=2)
    events = [_move("GE-A1"), Pass(side=SOVIET, action=2), _play(GERMAN, "GE-02"), fire]
    events[1] = Move(side=SOVIET, units=(UnitId("SU-X"),), from_area=AreaId(5), to_area=AreaId(6), action=2)
    found = run(START, events, sos_game, CARD)
    assert ids(found) == ["SOS-CARD-03"] and "Soviet player" in found[0].message and found[0].where.index == 2
    late = [PhaseStart(turn=1, phase=Phase.END), _play(GERMAN, "GE-02")]
    assert ids(run(START, late, sos_game, CARD)) == ["SOS-CARD-03"]


def test_an_impulse_card_logged_before_the_impulse_counts_in_it(sos_game: GameData) -> None:
    soviet = Move(side=SOVIET, units=(UnitId("SU-X"),), from_area=AreaId(5), to_area=AreaId(6))
    events = [_move("GE-A1"), soviet, _play(GERMAN, "GE-01"), _move("GE-A2"), _play(GERMAN, "GE-02")]
    assert ids(run(START, events, sos_game, CARD)) == ["SOS-CARD-03"]


def test_other_cards_may_be_played_in_either_impulse(sos_game: GameData) -> None:
    events = [_move("GE-A1"), _play(GERMAN, "GE-03"), _play(SOVIET, "SU-01"), _play(SOVIET, "SU-02")]
    assert run(START, events, sos_game, CARD) == []


# -- the cards 5.2 lets be played in several copies together (seed L180-182) ---------------------------


def test_two_dive_bombers_in_one_impulse_pass(sos_game: GameData) -> None:
    """5.2 lists Dive Bombers among the cards played in several copies together, resolved one by one."""
    events = [_play(GERMAN, "GE-04", as_action=True), _play(GERMAN, "GE-05", action=1)]
    assert run(START, events, sos_game, CARD) == []


def test_dive_bombers_beside_an_impulse_card_pass(sos_game: GameData) -> None:
    """5.2 lists the multi-copy cards among the "other cards": the one-per-impulse limit does not count them."""
    events = [_play(GERMAN, "GE-01", as_action=True), _move("GE-A1"), _play(GERMAN, "GE-04")]
    assert run(START, events, sos_game, CARD) == []


def test_a_card_not_played_together_is_still_limited(sos_game: GameData) -> None:
    events = [_play(GERMAN, "GE-04", as_action=True), _play(GERMAN, "GE-01", action=1), _play(GERMAN, "GE-02", action=1)]
    found = run(START, events, sos_game, CARD)
    assert ids(found) == ["SOS-CARD-03"] and "Air Support" in found[0].message
