"""The faces of the standard deck (``vassal.playing_card_faces``): 53 distinct images and a back, of
the module's card size, the same bytes each time; red suits in red, black in black; the corner shows
the rank on every card, the same index turned half round in the opposite corner."""

from __future__ import annotations

import hashlib
import io

import pytest
from PIL import Image

from sdbp_module.model.playing_cards import card_of, standard_deck
from sdbp_module.vassal import layout
from sdbp_module.vassal.playing_card_faces import (
    INK,
    JOKER_INK,
    PAPER,
    contact_sheet,
    render_back,
    render_face,
)

DECK = standard_deck(1)


@pytest.fixture(scope="module")
def faces() -> dict[str, bytes]:
    return {card.id: render_face(card) for card in DECK}


def image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_53_distinct_faces_and_a_back_of_the_card_size(faces: dict[str, bytes]) -> None:
    assert len(faces) == 53
    back = render_back()
    assert len({hashlib.sha256(b).hexdigest() for b in [*faces.values(), back]}) == 54
    for data in [*faces.values(), back, render_back("Some title")]:
        assert data.startswith(b"\x89PNG") and image(data).size == (layout.CARD_W, layout.CARD_H)


def test_the_same_card_gives_the_same_bytes(faces: dict[str, bytes]) -> None:
    for card in (card_of("7H"), card_of("10S"), card_of("QD"), card_of("AC"), card_of("JOKER")):
        assert render_face(card) == faces[card.id]
    assert render_back("x") == render_back("x") != render_back()


def colours(data: bytes) -> set[tuple[int, int, int]]:
    return {c for _, c in image(data).getcolors(1 << 16) or []}


def test_a_suit_is_printed_in_its_colour(faces: dict[str, bytes]) -> None:
    red, black = INK[card_of("7H").suit.colour], INK[card_of("7S").suit.colour]  # type: ignore[union-attr]
    for card in DECK:
        if card.is_joker:
            assert JOKER_INK in colours(faces[card.id]) and red not in colours(faces[card.id])
            continue
        ink = colours(faces[card.id])
        assert (red in ink) == (card.suit is not None and card.suit.colour.value == "red"), card.id
        assert (black in ink) == (card.suit is not None and card.suit.colour.value == "black"), card.id


def test_the_index_is_in_two_opposite_corners_and_the_pips_count(faces: dict[str, bytes]) -> None:
    """The bottom-right corner is the top-left one turned (the index is printed twice), and a number
    card has as many pips in its centre as its rank."""
    w, h = layout.CARD_W, layout.CARD_H
    for card in DECK:
        img = image(faces[card.id])
        top_left = img.crop((4, 4, 40, 80))
        bottom_right = img.crop((w - 40, h - 80, w - 4, h - 4)).rotate(180)
        assert top_left.tobytes() == bottom_right.tobytes(), card.id
        assert top_left.getcolors(1 << 16) != [(36 * 76, PAPER)], card.id  # something is printed there
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10"):
        centre = image(faces[rank + "S"]).crop((42, 20, w - 42, h - 20)).convert("L").point(lambda v: 255 if v < 128 else 0)
        assert _blobs(centre) == int(rank), rank


def _blobs(mask: Image.Image) -> int:
    """Connected groups of set pixels (4-neighbours)."""
    w, h = mask.size
    px = mask.load()
    assert px is not None
    seen: set[tuple[int, int]] = set()
    count = 0
    for y in range(h):
        for x in range(w):
            if px[x, y] and (x, y) not in seen:
                count += 1
                todo = [(x, y)]
                seen.add((x, y))
                while todo:
                    a, b = todo.pop()
                    for n in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                        if 0 <= n[0] < w and 0 <= n[1] < h and px[n] and n not in seen:
                            seen.add(n)
                            todo.append(n)
    return count


def test_the_contact_sheet_shows_every_face_and_the_back() -> None:
    sheet = contact_sheet(DECK, columns=9)
    assert sheet.size == (9 * (layout.CARD_W + 8) + 8, 6 * (layout.CARD_H + 8) + 8)


def test_the_faces_are_image_jobs_named_as_the_pieces_use_them() -> None:
    from sdbp_module.model.playing_cards import PlayingCardsSpec
    from sdbp_module.vassal.artwork import playing_card_jobs
    from sdbp_module.vassal.playing_card_deck import BACK_IMAGE, image_name

    spec = PlayingCardsSpec(jokers=2)
    jobs = list(playing_card_jobs(spec, "Title"))
    assert [j.name for j in jobs] == [image_name(c) for c in spec.cards()] + [BACK_IMAGE]
    assert len({j.inputs for j in jobs}) == 55
    assert jobs[-1].draw() == render_back("Title") and jobs[0].draw() == render_face(spec.cards()[0])
