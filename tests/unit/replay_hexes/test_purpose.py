"""Why each card was drawn (``replay.hexes.purpose``, contract §C), and how a typed target resolves
(``replay.hexes.places.HexWords``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sdbp_module.model.game_data import GameData
from sdbp_module.model.playing_cards import FaceInCombat
from sdbp_module.replay.hexes.events import (
    Activate,
    CardDrawn,
    FireAt,
    HexEvent,
    Hit,
    PassTurn,
    SupportCall,
    TurnStart,
    UnitMove,
)
from sdbp_module.replay.hexes.places import HexWords
from sdbp_module.replay.hexes.purpose import infer_purposes

FIRE = FireAt(firers=(("DE-102", "L3"),), target="US-2-120")
ATTACK = SupportCall(marker="air", mode="attack", target="DE-102")
SUPPRESS = SupportCall(marker="air", mode="suppression", target="K5")
HIT = Hit(unit="US-2-120", place="J8")


def d(card: str) -> CardDrawn:
    return CardDrawn(card=card)


def purposes(game: GameData, events: list[HexEvent]) -> str:
    """The purposes of the draws, ``a`` activation, ``c`` combat."""
    return "".join(e.purpose[0] for e in infer_purposes(events, game.deck) if isinstance(e, CardDrawn))


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([d("7S"), d("3H")], "aa"),  # nothing declared: every draw an activation
        ([d("7S"), FIRE, d("5D"), HIT, d("2C")], "aca"),  # a fire: its one draw, then activations again
        ([d("7S"), ATTACK, d("5D"), d("2C")], "aca"),  # an attack by a support marker too
        ([d("7S"), SUPPRESS, d("5D")], "aa"),  # a suppression is no attack
        ([d("7S"), FIRE, d("QD"), d("4D"), HIT, d("2C")], "acca"),  # a face card redrawn
        ([d("7S"), FIRE, d("QD"), d("KD"), d("4D"), d("9C")], "accca"),  # redrawn twice
        ([d("7S"), FIRE, d("QD"), UnitMove(unit="DE-102", from_place="L3", to_place="K3"), d("4D")], "aca"),  # the face card accepted as a miss
        ([d("7S"), FIRE, d("JOKER"), TurnStart(turn=2), d("4D")], "aca"),  # a Joker in combat ends the turn
        ([d("7S"), FIRE, d("JOKER"), d("4D"), d("5D")], "acca"),  # an early Joker drawn past: the next draw resolves
        ([d("7S"), FIRE, FIRE, d("4D"), d("5D"), d("6D")], "acca"),  # two fires declared: two draws
        ([d("7S"), FIRE, Activate(units=("DE-102",)), d("4D")], "aa"),  # a fire never resolved is not carried on
        ([d("7S"), FIRE, PassTurn(), d("4D")], "aa"),
    ],
)
def test_a_draw_resolves_an_open_attack_else_it_activates(game: GameData, events: list[HexEvent], expected: str) -> None:
    assert purposes(game, events) == expected


def test_a_deck_whose_face_cards_count_gives_no_redraw(game: GameData) -> None:
    assert game.deck is not None
    valued = replace(game, deck=replace(game.deck, face_in_combat=FaceInCombat.MISS))
    assert purposes(valued, [FIRE, d("QD"), d("4D")]) == "ca"
    assert purposes(game, [FIRE, d("QD"), d("4D")]) == "cc"


def test_a_stated_purpose_is_kept_and_counts_for_what_follows(game: GameData) -> None:
    events: list[HexEvent] = [FIRE, CardDrawn(card="4D", purpose="activation"), d("5D"), replace(d("6D"), purpose="combat"), d("7D")]
    out = infer_purposes(events, game.deck, stated={1, 3})
    assert [e.purpose for e in out if isinstance(e, CardDrawn)] == ["activation", "activation", "combat", "activation"]


def test_a_typed_target_is_an_id_else_a_unique_printed_name(game: GameData) -> None:
    words = HexWords(game)
    assert words.unit_of("DE-102") == "DE-102"
    assert words.unit_of("  102 TIGER ") == "DE-102"
    assert words.unit_of("de-102") is None  # an id is as printed
    assert words.unit_of("Tiger") is None
    assert words.hex_of("k5") == "K5" and words.hex_of("K5") == "K5" and words.hex_of("M1") is None
    twins = replace(game, units=tuple(replace(u, company="Twin") if u.id in ("DE-102", "US-CCA") else u for u in game.units))
    assert HexWords(twins).unit_of("twin") is None  # two units print it: no unique name
    assert words.place_of_location("German entry (off the east edge)") == "box:german-entry"
    assert words.place_of_location("german-entry") == "box:german-entry"
    assert words.place_of_location("offboard") == "" and words.place_of_location("Turn 2") is None
