"""A shared deck of playing cards in a VASSAL module: the two piles, the *Draw card* button and the
card's report of its draw (docs/playing-cards.md, docs/report-formats.md §2.14).

What a game that declares ``playing_cards`` gets in its module (the hex build, ``vassal/hex_module.py``,
adds them). How the draw works in the engine (3.7):

- the **draw pile** is a DrawPile that is always shuffled (``shuffle="Always"``: ``Deck.drawCards``
  picks a random card at each draw, which is drawing from a shuffled deck) and face down; the
  **discard** is a face-up DrawPile whose *Reshuffle* returns every card to the draw pile (the turn
  start's reshuffle, the Jokers included);
- the toolbar button **Draw card** is a Global Key Command sending :data:`K_DRAW_CARD` to the cards
  whose ``DeckName`` is the draw pile's, one card at most (``deckCount=1``: ``GlobalCommand.visitDeck``
  takes the cards in ``drawCards`` order); it writes no line of its own;
- the card answers the key with its Return To Deck into the discard and its Report Action, the
  sentence ``{side} draws the {card} from {deck:word}`` (:func:`draw_report`), so the log holds
  ``* Blue draws the 7 of hearts (7H) from Draw pile`` and, under it, the card's move.
"""

from __future__ import annotations

from lxml import etree

from sdbp_module.codec import sentences
from sdbp_module.model.playing_cards import PlayingCard, PlayingCardsSpec
from sdbp_module.vassal import buildfile
from sdbp_module.vassal.traits import (
    Trait,
    basic_piece,
    enc,
    key,
    marker,
    mask,
    report,
    return_to_deck,
)

K_DRAW_CARD = key(57440, 0, "sdbpDrawCard")
"""Sent by the Draw card button to the top card of the draw pile: the card reports and goes to the discard."""

DRAW_BUTTON = "Draw card"
RESHUFFLE_BUTTON = "Reshuffle"

K_RESHUFFLE = key(57441, 0, "sdbpReshuffle")
"""The discard's reshuffle hotkey (``reshuffleHotkey``: the Deck listens to it module-wide), fired by
the **Reshuffle** button; the discard's own menu entry does the same."""


def image_name(card: PlayingCard) -> str:
    """The card's face in the module's images: ``pc_7H.png``, ``pc_JOKER.png``."""
    return f"pc_{card.id}.png"


BACK_IMAGE = "pc_back.png"


def draw_report(spec: PlayingCardsSpec) -> str:
    """The card's Report Action format on :data:`K_DRAW_CARD`: the ``draw-card`` sentence with the
    draw pile's name written in, ``$PlayerSide$ draws the $card_name$ ($sdbp_id$) from Draw pile``."""
    return sentences.vassal_format("draw-card", deck=spec.draw_pile)


def reshuffle_report(spec: PlayingCardsSpec) -> str:
    """The **Reshuffle** button's report, the ``reshuffle`` sentence: ``Blue reshuffles the Discard
    pile into the Draw pile``. The button writes it, not the discard: a Deck's own reshuffle message is
    evaluated with its menu text as a translation key (``Deck.reportCommand`` → ``Resources.getString``),
    which the engine logs as a warning for any text that is no key of its bundle, and on the Deck
    itself, which has no ``PlayerSide`` (``Deck.getProperty``)."""
    return sentences.vassal_format("reshuffle", deck=spec.discard_pile, to=spec.draw_pile)


def draw_match(spec: PlayingCardsSpec) -> str:
    """The Draw card button's filter: a card of the draw pile (``DeckName``, BasicPiece's property of a piece in a Deck)."""
    return f'{{DeckName=="{spec.draw_pile}"}}'


def card_properties(card: PlayingCard, spec: PlayingCardsSpec) -> list[tuple[str, str]]:
    """The card's Marker properties: its id and name (what the sentence shows), rank, suit, colour and value."""
    value = spec.value(card)
    return [
        ("sdbp_id", card.id),
        ("sdbp_kind", "playing_card"),
        ("card_name", card.name),
        ("card_rank", card.rank or ""),
        ("card_suit", card.suit.letter if card.suit else ""),
        ("card_colour", card.colour.value if card.colour else ""),
        ("card_value", "" if value is None else str(value)),
    ]


def card_traits(card: PlayingCard, spec: PlayingCardsSpec) -> tuple[Trait, ...]:
    """A card's traits, outermost first: the Mask a face-down pile hides it with (the Deck masks it
    from every player, ``Properties.OBSCURED_BY``, and a face-up pile unmasks it; no key of its own:
    no player turns a card of the draw pile), to the discard on :data:`K_DRAW_CARD`, its report, its
    properties, the face (as the module's own cards: the move, then the line)."""
    return (
        mask("", BACK_IMAGE, "Playing card", "face down in the draw pile"),
        return_to_deck("", K_DRAW_CARD, spec.discard_pile, "draw: to the discard"),
        report([K_DRAW_CARD], draw_report(spec), "report draw"),
        marker(card_properties(card, spec)),
        basic_piece(card.name, image_name(card)),
    )


def pile_specs(spec: PlayingCardsSpec, draw_at: tuple[int, int], discard_at: tuple[int, int], board: str) -> tuple[buildfile.DeckSpec, buildfile.DeckSpec]:
    """The draw pile (always shuffled, face down; a card drawn is shown to every player: ``drawFaceUp``,
    ``Deck.pieceRemoved`` unmasks it) and the discard (face up, reshuffled into the draw pile on
    :data:`K_RESHUFFLE` only, the **Reshuffle** button's key: no menu entry that would reshuffle
    without the button's line)."""
    return (
        buildfile.DeckSpec(spec.draw_pile, draw_at[0], draw_at[1], True, True, board=board, draw_face_up=True),
        buildfile.DeckSpec(
            spec.discard_pile, discard_at[0], discard_at[1], False, False, (), spec.draw_pile, board=board,
            reshuffle_key=K_RESHUFFLE, reshuffle_by_key_only=True,
        ),
    )  # fmt: skip


def draw_card_button(root: etree._Element, spec: PlayingCardsSpec, button_key: str, tooltip: str = "") -> None:
    """The toolbar button **Draw card**: the top card of the draw pile (one card, ``deckCount=1``)
    answers :data:`K_DRAW_CARD`; the button itself reports nothing (the card's line is the record)."""
    tip = tooltip or f"Draw the top card of the {spec.draw_pile}: it goes face up to the {spec.discard_pile} and the log names it"
    buildfile._gkc_button(root, DRAW_BUTTON, button_key, K_DRAW_CARD, draw_match(spec), "", tip, deck_count=1)


def reshuffle_button(root: etree._Element, spec: PlayingCardsSpec, button_key: str) -> None:
    """The toolbar button **Reshuffle** (a ``DoActionButton``): it writes :func:`reshuffle_report` (``* ``
    and the sentence, ``DoActionButton.executeActions``), then fires :data:`K_RESHUFFLE`, on which the
    discard returns every card to the draw pile; one log step."""
    tip = f"Turn start: reshuffle the {spec.discard_pile} (every card, the Joker too) into the {spec.draw_pile}; the log says who did"
    buildfile._el(
        root,
        buildfile.M + "DoActionButton",
        {
            "canDisable": "false", "disabledIcon": "", "doHotkey": "true", "doLoop": "false", "doReport": "true",
            "doSound": "false", "hideWhenDisabled": "false", "hotkey": button_key, "hotkeys": enc([K_RESHUFFLE], ","), "icon": "",
            "name": RESHUFFLE_BUTTON, "propertyGate": "", "reportFormat": reshuffle_report(spec), "soundClip": "", "text": RESHUFFLE_BUTTON,
            "tooltip": tip,
        },
    )  # fmt: skip
