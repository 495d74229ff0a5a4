"""The VASSAL side of a shared deck (``vassal.playing_card_deck``): the card's report of its draw is
the ``draw-card`` sentence, which reads back to the card drawn; the Draw card button takes one card of
the draw pile; the piles are an always-shuffled face-down draw pile and a discard reshuffled into it."""

from __future__ import annotations

import re

from lxml import etree

from sdbp_module.codec import sentences
from sdbp_module.codec.sequence import decode
from sdbp_module.model.playing_cards import (
    Colour,
    PlayingCardsSpec,
    card_of,
    standard_deck,
)
from sdbp_module.replay.vlog.lines import parse_line
from sdbp_module.vassal import playing_card_deck as deck
from sdbp_module.vassal.traits import key

SPEC = PlayingCardsSpec(colours=((Colour.BLACK, "blue"), (Colour.RED, "green")), draw_pile="Card deck", discard_pile="Card discard")


def written(fmt: str, props: dict[str, str]) -> str:
    """The line the engine writes for a report format: each ``$Property$`` filled in, ``* `` in front."""
    return "* " + re.sub(r"\$(\w+)\$", lambda m: props[m.group(1)], fmt)


def test_the_draw_report_is_the_draw_sentence_of_the_pile() -> None:
    fmt = deck.draw_report(SPEC)
    assert fmt == "$PlayerSide$ draws the $card_name$ ($sdbp_id$) from Card deck"
    for card in standard_deck(1):
        props = dict(deck.card_properties(card, SPEC)) | {"PlayerSide": "Blue"}
        line = parse_line(written(fmt, props))
        assert line is not None and line.event == "DRAW", card.id
        assert line.fields == (("side", "Blue"), ("card", card.id), ("deck", "Card deck"))
    assert sentences.parse_format(fmt) == ("DRAW", (("side", "0"), ("card", "0"), ("deck", "Card deck")))


def test_the_card_properties_say_what_the_card_is() -> None:
    assert dict(deck.card_properties(card_of("7H"), SPEC)) == {
        "sdbp_id": "7H", "sdbp_kind": "playing_card", "card_name": "7 of hearts", "card_rank": "7",
        "card_suit": "H", "card_colour": "red", "card_value": "7",
    }  # fmt: skip
    assert dict(deck.card_properties(card_of("QS"), SPEC))["card_value"] == ""
    assert dict(deck.card_properties(card_of("JOKER"), SPEC))["card_colour"] == ""
    assert deck.image_name(card_of("10D")) == "pc_10D.png"


def test_a_card_goes_to_the_discard_and_reports_on_the_draw_key() -> None:
    traits = [t.type for t in deck.card_traits(card_of("7H"), SPEC)]
    assert traits[0].startswith("obs;") and decode(traits[0], ";")[1] == "" and decode(traits[0], ";")[2] == deck.BACK_IMAGE
    assert traits[1].startswith("return;") and decode(traits[1], ";")[2] == deck.K_DRAW_CARD and decode(traits[1], ";")[-1] == "Card discard"
    report = decode(traits[2], ";")
    assert report[0] == "report" and list(decode(report[1], ",")) == [deck.K_DRAW_CARD] and report[2] == deck.draw_report(SPEC)
    assert traits[-1].startswith("piece;") and "pc_7H.png" in traits[-1]


def test_the_draw_button_sends_the_key_to_one_card_of_the_draw_pile() -> None:
    root = etree.Element("root")
    deck.draw_card_button(root, SPEC, key(68, 520))
    (button,) = root
    assert button.tag == "VASSAL.build.module.GlobalKeyCommand"
    assert button.get("buttonText") == "Draw card"
    assert button.get("deckCount") == "1"
    assert button.get("filter") == '{DeckName=="Card deck"}'
    assert button.get("hotkey") == deck.K_DRAW_CARD
    assert button.get("reportFormat") == ""  # the card's line is the record


def test_the_piles() -> None:
    draw, discard = deck.pile_specs(SPEC, (100, 100), (300, 100), "Board")
    assert (draw.name, draw.face_down, draw.shuffle, draw.reshuffle_target) == ("Card deck", True, True, "")
    assert (discard.name, discard.face_down, discard.shuffle, discard.reshuffle_target) == ("Card discard", False, False, "Card deck")
    assert draw.attributes()["shuffle"] == "Always"
    # the discard reshuffles on the Reshuffle button's key only: no menu entry, no report of its own (the button writes it)
    assert (discard.attributes()["reshuffleCommand"], discard.attributes()["reshuffleMessage"]) == ("", "")
    assert discard.attributes()["reshuffleHotkey"] == deck.K_RESHUFFLE and discard.attributes()["reshufflable"] == "true"
    assert draw.attributes()["drawFaceUp"] == "true" and discard.attributes()["drawFaceUp"] == "false"
    assert decode(draw.type_string()[len("deck;") :], ";")[16] == "true"  # the Deck's drawFaceUp field


def test_the_reshuffle_button_writes_the_sentence_then_fires_the_discards_key() -> None:
    root = etree.Element("root")
    deck.reshuffle_button(root, SPEC, key(113, 65))
    (button,) = root
    assert button.tag == "VASSAL.build.module.DoActionButton" and button.get("text") == "Reshuffle"
    assert button.get("reportFormat") == "$PlayerSide$ reshuffles the Card discard into the Card deck"
    assert decode(button.get("hotkeys", ""), ",") == [deck.K_RESHUFFLE]
    found = parse_line("* German reshuffles the Card discard into the Card deck")
    assert found is not None and (found.event, found.fields) == ("RESHUFFLE", (("side", "German"), ("deck", "Card discard"), ("to", "Card deck")))


ENGINE_LINES = (
    "* French draws the king of spades (KS) from Draw pile",
    "* French draws the queen of clubs (QC) from Draw pile",
    "* French draws the 5 of diamonds (5D) from Draw pile",
    "* Viet Minh draws the ace of spades (AS) from Draw pile",
)
"""What VASSAL 3.7.26 wrote (VassalPlay, ``seed 7``, ``button Draw card`` three times as one side and
once as the other) with these piles, this button and these card traits added to a built module: each
line the root of its step, the card's ``M/`` from the draw pile into the discard under it (docs/playing-cards.md §6)."""


def test_the_lines_the_engine_wrote_read_as_draws() -> None:
    read = [parse_line(line) for line in ENGINE_LINES]
    assert [(r.event, r.get("side"), r.get("card"), r.get("deck")) for r in read if r is not None] == [
        ("DRAW", "French", "KS", "Draw pile"), ("DRAW", "French", "QC", "Draw pile"),
        ("DRAW", "French", "5D", "Draw pile"), ("DRAW", "Viet Minh", "AS", "Draw pile"),
    ]  # fmt: skip
    for line, r in zip(ENGINE_LINES, read):
        assert r is not None and line == written(deck.draw_report(PlayingCardsSpec()), dict(deck.card_properties(card_of(r.get("card")), SPEC)) | {"PlayerSide": r.get("side")})
