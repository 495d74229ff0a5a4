"""The standard deck (``model.playing_cards``): composition, ids and names, colours, and the helpers a
rules package configures from data: colour → side, activation by rank, the combat draw, the Joker."""

from __future__ import annotations

import pytest

from sdbp_module.model.playing_cards import (
    Activation,
    Colour,
    Draw,
    FaceActivation,
    FaceInCombat,
    HitWhen,
    JokerGrace,
    PlayingCardsSpec,
    Suit,
    activation,
    activation_table,
    card_of,
    combat_draw,
    joker_ends_turn,
    side_of,
    standard_deck,
)

SPEC = PlayingCardsSpec(colours=((Colour.BLACK, "blue"), (Colour.RED, "green")))


def test_the_deck_is_52_cards_and_its_jokers() -> None:
    for jokers in (0, 1, 2):
        deck = standard_deck(jokers)
        assert len(deck) == 52 + jokers
        assert len({c.id for c in deck}) == len(deck)
        assert sum(c.is_joker for c in deck) == jokers
        for suit in Suit:
            assert [c.rank for c in deck if c.suit is suit] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [c.id for c in standard_deck(2) if c.is_joker] == ["JOKER1", "JOKER2"]
    assert [c.id for c in standard_deck(1) if c.is_joker] == ["JOKER"]


def test_ids_and_names_round_trip() -> None:
    for jokers in (1, 2):
        for card in standard_deck(jokers):
            assert card_of(card.id, jokers) == card
    assert card_of("7H").name == "7 of hearts"
    assert card_of("QS").name == "queen of spades"
    assert card_of("AD").name == "ace of diamonds"
    assert card_of("10C").name == "10 of clubs"
    assert card_of("JOKER").name == "Joker"
    assert card_of("JOKER2", 2).name == "Joker 2"
    for bad in ("", "1H", "11S", "7X", "7h", "TH", "JOKER1", "JOKER ", "joker", "KS "):
        with pytest.raises(ValueError):
            card_of(bad)
    with pytest.raises(ValueError):
        card_of("JOKER", 2)
    with pytest.raises(ValueError):
        card_of("JOKER3", 2)


def test_colours_and_the_sides_they_give_the_action_to() -> None:
    assert {c.id for c in standard_deck() if c.colour is Colour.RED} == {r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "HD"}
    assert card_of("KS").colour is Colour.BLACK and card_of("2C").colour is Colour.BLACK
    assert card_of("JOKER").colour is None
    assert side_of(SPEC, card_of("3C")) == "blue"
    assert side_of(SPEC, card_of("QD")) == "green"
    assert side_of(SPEC, card_of("JOKER")) is None
    assert side_of(PlayingCardsSpec(), card_of("3C")) is None  # no colour declared: no side


def test_values_follow_the_declared_ace_and_faces() -> None:
    assert [SPEC.value(card_of(r + "S")) for r in ("A", "2", "9", "10")] == [1, 2, 9, 10]
    assert [SPEC.value(card_of(r + "S")) for r in ("J", "Q", "K")] == [None, None, None]
    high = PlayingCardsSpec(ace=14, faces=(("J", 11), ("Q", 12), ("K", 13)))
    assert [high.value(card_of(r + "H")) for r in ("A", "J", "Q", "K")] == [14, 11, 12, 13]
    assert SPEC.value(card_of("JOKER")) is None


def test_activation_half_the_value_rounded_up_and_a_face_card_one_unit_or_group() -> None:
    table = activation_table(SPEC)
    assert {r: a.units for r, a in table.items() if r not in ("J", "Q", "K")} == {
        "A": 1, "2": 1, "3": 2, "4": 2, "5": 3, "6": 3, "7": 4, "8": 4, "9": 5, "10": 5,
    }  # fmt: skip
    assert not any(table[r].group for r in ("A", "2", "10"))
    assert table["J"] == table["Q"] == table["K"] == Activation(1, group=True)
    assert activation(SPEC, card_of("JOKER")) is None
    down = PlayingCardsSpec(round_up=False, face_activation=2)
    assert [activation(down, card_of(r + "D")) for r in ("A", "3", "10", "K")] == [Activation(1), Activation(1), Activation(5), Activation(2)]
    assert activation(PlayingCardsSpec(face_activation=FaceActivation.UNIT), card_of("QC")) == Activation(1, group=False)


def test_combat_hits_when_the_modified_draw_is_at_most_the_firers_strength() -> None:
    assert combat_draw(SPEC, card_of("7H"), 7) == combat_draw(SPEC, card_of("7S"), 7)
    assert combat_draw(SPEC, card_of("7H"), 7).outcome is Draw.HIT
    assert combat_draw(SPEC, card_of("8H"), 7).outcome is Draw.MISS
    assert combat_draw(SPEC, card_of("8H"), 7, (-1,)).outcome is Draw.HIT  # adjacent: −1
    assert combat_draw(SPEC, card_of("8H"), 7, (-1, 1)).modified == 8  # +1 terrain undoes it
    assert combat_draw(SPEC, card_of("AC"), 1).outcome is Draw.HIT  # the Ace is 1
    assert combat_draw(SPEC, card_of("10D"), 9).outcome is Draw.MISS
    high = PlayingCardsSpec(hit_when=HitWhen.AT_LEAST)
    assert combat_draw(high, card_of("8H"), 7).outcome is Draw.HIT and combat_draw(high, card_of("6H"), 7).outcome is Draw.MISS


def test_a_face_card_in_combat_is_redrawn_or_a_miss_and_the_joker_is_the_joker() -> None:
    for rank in ("J", "Q", "K"):
        found = combat_draw(SPEC, card_of(rank + "S"), 12)
        assert found.outcome is Draw.REDRAW_OR_MISS and found.modified is None  # never a hit, however strong the fire
    assert combat_draw(PlayingCardsSpec(face_in_combat=FaceInCombat.MISS), card_of("KD"), 20).outcome is Draw.MISS
    assert combat_draw(PlayingCardsSpec(face_in_combat=FaceInCombat.REDRAW), card_of("KD"), 20).outcome is Draw.REDRAW
    valued = PlayingCardsSpec(faces=(("J", 11), ("Q", 12), ("K", 13)), face_in_combat=FaceInCombat.VALUE)
    assert combat_draw(valued, card_of("JD"), 11).outcome is Draw.HIT and combat_draw(valued, card_of("QD"), 11).outcome is Draw.MISS
    assert combat_draw(SPEC, card_of("JOKER"), 10).outcome is Draw.JOKER


def test_the_joker_ends_the_turn_once_every_side_has_had_a_card() -> None:
    black, red = card_of("5S"), card_of("9H")
    assert not joker_ends_turn(SPEC, [])
    assert not joker_ends_turn(SPEC, [black, card_of("KC")])  # only one side has had a chance
    assert joker_ends_turn(SPEC, [black, red])
    assert joker_ends_turn(PlayingCardsSpec(colours=SPEC.colours, joker_grace=JokerGrace.NONE), [])
    assert not joker_ends_turn(PlayingCardsSpec(colours=SPEC.colours, joker_ends_turn=False), [black, red])
