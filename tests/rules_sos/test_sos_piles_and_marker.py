"""The card piles and the fire marker through the shared rules under SoS ids: SOS-CARD-02 (a reshuffle
only when the deck cannot fill the hand; a side uses only its own cards, 5.1, 5.4), SOS-CARD-04 (a
played card goes to its owner's discard pile, 5.2; each kind of discard in its phase, 5.3) and
SOS-FIRE-04 (fire into an adjacent area puts the firer's fire marker on the firing area, none when
*Soviet Ammunition Shortage* is played on it, 8.1)."""

from __future__ import annotations

from dataclasses import replace

from sos_helpers import ids, make_card, run, serious

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, CardId, Phase, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardDiscard,
    CardDraw,
    CardPlay,
    CardRemove,
    DiscardReason,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    PhaseStart,
    Pile,
    Reshuffle,
)

# Track: German 5, Soviet 4 every turn; Mamayev Kurgan (area 5) is Soviet, so the German needs 5.
DRAW_START = """turn 1 end
5: SU-X | ctrl soviet
deck german: {deck}
discard german: GE-02 GE-03
hand german: GE-04 GE-05 GE-06 GE-07
"""
ACTION_START = """turn 1 action german
2: GE-A1 GE-A2 | ctrl german
3: SU-X SU-Y | ctrl soviet
hand german: GE-03
hand soviet: SU-01
"""
FIRE_START = """turn 1 action soviet
2: GE-A1 GE-A2 | ctrl german
3: SU-X SU-Y | ctrl soviet
hand german: GE-13
"""


def _more_cards(game: GameData) -> GameData:
    extra = tuple(make_card(f"GE-0{n}", n, f"Card {n}", "R") for n in range(6, 10))  # GE-04, GE-05 are the game's
    return replace(game, cards=game.cards + extra + (make_card("GE-13", 13, "Soviet Ammunition Shortage", "R"),))


def _draw(*events: Event) -> list[Event]:
    return [PhaseStart(turn=2, phase=Phase.DRAW), *events, PhaseStart(turn=2, phase=Phase.ACTION)]


def _card(c: str) -> CardId:
    return CardId(c)


# -- SOS-CARD-02 --------------------------------------------------------------------------------------


def test_a_reshuffle_of_an_empty_deck_is_legal(sos_game: GameData) -> None:
    events = _draw(Reshuffle(side=GERMAN), CardDraw(side=GERMAN, cards=(_card("GE-02"),)))
    assert serious(run(DRAW_START.format(deck=""), events, _more_cards(sos_game), ("SOS-CARD-02",))) == []


def test_a_reshuffle_while_the_deck_can_fill_the_hand_is_suspicious(sos_game: GameData) -> None:
    events = _draw(Reshuffle(side=GERMAN), CardDraw(side=GERMAN, cards=(_card("GE-01"),)))
    found = serious(run(DRAW_START.format(deck="GE-01"), events, _more_cards(sos_game), ("SOS-CARD-02",)))
    assert ids(found) == ["SOS-CARD-02"] and found[0].severity is Severity.SUSPICIOUS
    assert "(5.4)" in found[0].message


def test_playing_a_card_of_the_other_side_is_illegal(sos_game: GameData) -> None:
    found = serious(run(ACTION_START, [CardPlay(side=GERMAN, card=_card("SU-01"))], sos_game, ("SOS-CARD-02",)))
    assert ids(found) == ["SOS-CARD-02"] and found[0].severity is Severity.ILLEGAL
    assert found[0].message.startswith("The German plays Mines (SU-01), a Soviet card")


# -- SOS-CARD-04 --------------------------------------------------------------------------------------


def test_a_played_card_on_the_discard_pile_is_legal(sos_game: GameData) -> None:
    assert serious(run(ACTION_START, [CardPlay(side=GERMAN, card=_card("GE-03"))], sos_game, ("SOS-CARD-04",))) == []


def test_a_played_card_kept_out_of_the_discard_pile_is_illegal(sos_game: GameData) -> None:
    play = CardPlay(side=GERMAN, card=_card("GE-03"), to=Pile.REMOVED)
    found = serious(run(ACTION_START, [play], sos_game, ("SOS-CARD-04",)))
    assert ids(found) == ["SOS-CARD-04"] and "(5.2)" in found[0].message


def test_a_card_removed_from_the_game_is_illegal_where_no_card_leaves_it(sos_game: GameData) -> None:
    """SoS has no rule that takes a card out of the game (5.2: played cards go to the discard pile), so
    the module has no Remove from game; a removal in a log is SOS-CARD-04's. A game with a card that
    leaves after play (``Card.removed_after_play``) may remove cards."""
    assert not sos_game.cards_leave_game
    remove = CardRemove(side=GERMAN, cards=(_card("GE-03"),))
    found = serious(run(ACTION_START, [remove], sos_game, ("SOS-CARD-04",)))
    assert ids(found) == ["SOS-CARD-04"] and "no card of this game leaves it" in found[0].message
    leaving = replace(sos_game, cards=(*sos_game.cards, replace(make_card("GE-09", 9, "Card 9", "R"), removed_after_play=True)))
    assert leaving.cards_leave_game
    assert serious(run(ACTION_START, [remove], leaving, ("SOS-CARD-04",))) == []


def test_an_end_phase_discard_in_the_action_phase_is_illegal(sos_game: GameData) -> None:
    discard = CardDiscard(side=GERMAN, cards=(_card("GE-03"),), reason=DiscardReason.END_PHASE)
    found = serious(run(ACTION_START, [discard], sos_game, ("SOS-CARD-04",)))
    assert ids(found) == ["SOS-CARD-04"] and "belongs to the end phase (5.3)" in found[0].message
    end = ACTION_START.replace("turn 1 action german", "turn 1 end")
    assert serious(run(end, [discard], sos_game, ("SOS-CARD-04",))) == []


# -- SOS-FIRE-04 --------------------------------------------------------------------------------------


def _fire(*after: Event) -> list[Event]:
    units = (UnitId("SU-X"), UnitId("SU-Y"))
    fire = Fire(side=SOVIET, units=units, from_area=AreaId(3), target=AreaId(2))
    return [fire, *after, Flip(units=units, spent=True)]


def test_fire_into_an_adjacent_area_with_a_marker_on_the_firing_area_is_legal(sos_game: GameData) -> None:
    events = _fire(FireMarkerSet(area=AreaId(3), side=SOVIET))
    assert serious(run(FIRE_START, events, sos_game, ("SOS-FIRE-04",))) == []


def test_fire_into_an_adjacent_area_without_a_marker_is_illegal(sos_game: GameData) -> None:
    found = serious(run(FIRE_START, _fire(), sos_game, ("SOS-FIRE-04",)))
    assert ids(found) == ["SOS-FIRE-04"] and found[0].areas == (AreaId(3),)
    on_target = serious(run(FIRE_START, _fire(FireMarkerSet(area=AreaId(2), side=SOVIET)), sos_game, ("SOS-FIRE-04",)))
    assert ids(on_target) == ["SOS-FIRE-04"] and "belongs on the firing area 3 (8.1)" in on_target[0].message


def test_soviet_ammunition_shortage_places_no_marker(sos_game: GameData) -> None:
    game = _more_cards(sos_game)
    shortage = CardPlay(side=GERMAN, card=_card("GE-13"))
    assert serious(run(FIRE_START, _fire(shortage), game, ("SOS-FIRE-04",))) == []
    found = serious(run(FIRE_START, _fire(shortage, FireMarkerSet(area=AreaId(3), side=SOVIET)), game, ("SOS-FIRE-04",)))
    assert ids(found) == ["SOS-FIRE-04"] and found[0].severity is Severity.ILLEGAL
    assert "Soviet Ammunition Shortage (GE-13), which places no fire marker (8.1)" in found[0].message


def test_a_marker_for_card_fire_is_suspicious(sos_game: GameData) -> None:
    """8.1 places a marker for unit fire into an adjacent area; for card fire it says to follow the
    card (our text): a marker placed for it is suspicious, not illegal."""
    start = FIRE_START.replace("turn 1 action soviet", "turn 1 action german").replace("GE-13", "GE-04")
    bombers = [CardPlay(side=GERMAN, card=_card("GE-04"), as_action=True), Fire(side=GERMAN, card=_card("GE-04"), target=AreaId(3))]
    assert serious(run(start, bombers, sos_game, ("SOS-FIRE-04",))) == []
    found = run(start, [*bombers, FireMarkerSet(area=AreaId(2), side=GERMAN)], sos_game, ("SOS-FIRE-04",))
    assert ids(found, severity=Severity.SUSPICIOUS) == ["SOS-FIRE-04"]
    assert ids(found, severity=Severity.ILLEGAL) == []
