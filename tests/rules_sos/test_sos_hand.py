"""SOS-CARD-01 through the shared hand rules: after the draw each hand holds the turn track's number,
+1 for the side that controls Mamayev Kurgan (5.1); a hand already above that is kept, since 5.1 does
not say to discard it (``AreaImpulse.hand_excess_kept``)."""

from __future__ import annotations

from dataclasses import replace

from sos_helpers import ids, run

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.games.sos.rules.package import SOS
from sdbp_module.ids import CardId, Phase
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import CardDraw, PhaseStart

# Track: German 5, Soviet 4 every turn; Mamayev Kurgan is area 5.
START = """turn 1 end
5: SU-X | ctrl {holder}
deck german: GE-01 GE-02 GE-03
deck soviet: SU-01 SU-02 SU-03
hand german: GE-04 GE-05 GE-06 GE-07
hand soviet: SU-04 SU-05 SU-06
"""
HAND = ("SOS-CARD-01",)


def _draw(german: tuple[str, ...], soviet: tuple[str, ...]) -> list:  # type: ignore[type-arg]
    return [
        PhaseStart(turn=2, phase=Phase.DRAW),
        CardDraw(side=GERMAN, cards=tuple(CardId(c) for c in german)),
        CardDraw(side=SOVIET, cards=tuple(CardId(c) for c in soviet)),
        PhaseStart(turn=2, phase=Phase.ACTION),
    ]


def _game_with_more_cards(game: GameData) -> GameData:
    from sos_helpers import make_card

    extra = tuple(make_card(f"{p}-0{n}", n, f"Card {n}", "R") for p in ("GE", "SU") for n in range(4, 8))
    return replace(game, cards=game.cards + extra)


def test_the_controller_of_mamayev_kurgan_draws_one_more(sos_game: GameData) -> None:
    game = _game_with_more_cards(sos_game)
    assert run(START.format(holder="soviet"), _draw(("GE-01",), ("SU-01", "SU-02")), game, HAND) == []


def test_a_hand_without_the_extra_card_is_illegal(sos_game: GameData) -> None:
    game = _game_with_more_cards(sos_game)
    found = run(START.format(holder="soviet"), _draw(("GE-01",), ("SU-01",)), game, HAND)
    assert ids(found) == ["SOS-CARD-01"] and found[0].side is SOVIET


def test_the_extra_card_goes_to_whoever_holds_the_hill(sos_game: GameData) -> None:
    game = _game_with_more_cards(sos_game)
    assert run(START.format(holder="german"), _draw(("GE-01", "GE-02"), ("SU-01",)), game, HAND) == []


def _over_full_german_hand() -> str:
    """The start with the German holding 6 cards, one above his 5 (track 5, no Mamayev Kurgan)."""
    start = START.format(holder="soviet").replace("GE-04 GE-05 GE-06 GE-07", "GE-04 GE-05 GE-06 GE-07 GE-01 GE-02")
    return start.replace("deck german: GE-01 GE-02 GE-03", "deck german: GE-03")


def test_a_hand_kept_above_the_allowance_needs_no_discard(sos_game: GameData) -> None:
    game = _game_with_more_cards(sos_game)
    assert run(_over_full_german_hand(), _draw((), ("SU-01", "SU-02")), game, HAND) == []


def test_a_hand_above_the_allowance_draws_nothing(sos_game: GameData) -> None:
    game = _game_with_more_cards(sos_game)
    found = run(_over_full_german_hand(), _draw(("GE-03",), ("SU-01", "SU-02")), game, HAND)
    assert ids(found) == ["SOS-CARD-01"] and found[0].side is GERMAN
    assert (found[0].expected, found[0].actual) == (6, 7)


def test_the_other_game_discards_the_excess(sos_game: GameData) -> None:
    """Without ``hand_excess_kept`` (the shared default) the same kept hand is illegal: the setting is what lets it."""
    game = _game_with_more_cards(sos_game)
    discarding = replace(SOS, impulse=replace(SOS.impulse, hand_excess_kept=False))
    found = run(_over_full_german_hand(), _draw((), ("SU-01", "SU-02")), game, HAND, package=discarding)
    assert ids(found) == ["SOS-CARD-01"] and found[0].side is GERMAN
