"""Every printed text reads: WCAG 2 contrast of at least 4.5:1 against the colour directly behind it.

The layout functions of ``images`` (``unit_face_texts``, ``marker_face_texts``, ``card_face_texts``,
``card_back_texts``) give each text with its foreground and background colours; the renderers draw
from the same values. The first tests measure every text of every face of the bundled data; the
pixel tests render faces and check that the layout tells the truth: where the text's glyphs fully
cover a pixel it has the foreground colour, and every pixel of the text's box (and one pixel around
it) that no glyph touches has the background colour.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterable

import pytest
from PIL import Image, ImageChops, ImageDraw

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.model.game_data import Card, GameData, SetupKind, Unit
from sdbp_module.vassal import images

MINIMUM = 4.5  # WCAG 2, level AA, normal text
RGB = tuple[int, int, int]


def relative_luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour (written here, apart from the code under test)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula_matches_wcag_examples() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)  # #777 on white fails AA
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)  # #767676 passes
    assert contrast((200, 30, 30), (200, 30, 30)) == 1.0


def low(texts: Iterable[images.FaceText]) -> list[tuple[str, str, float]]:
    return [(t.role, t.text, round(contrast(t.fg, t.bg), 2)) for t in texts if contrast(t.fg, t.bg) < MINIMUM]


def expected_unit_roles(unit: Unit, spent: bool) -> set[str]:
    roles = {"formation", "company", "spent-defence" if spent else "values"}
    if not spent and unit.setup.kind is SetupKind.AREA:
        roles.add("setup-area")
    if not spent and unit.setup.kind in (SetupKind.TURN, SetupKind.CARD):
        roles.add("arrival-turn")
    return roles


@pytest.mark.parametrize("spent", [False, True], ids=["fresh", "spent"])
def test_every_value_on_every_counter_reads(game: GameData, spent: bool) -> None:
    assert len(game.units) == 198
    for unit in game.units:
        texts = images.unit_face_texts(game.presentation, unit, spent)
        assert {t.role for t in texts} == expected_unit_roles(unit, spent), unit.id
        assert low(texts) == [], (unit.id, spent)


def test_number_colours_keep_their_meaning_on_both_sides(game: GameData) -> None:
    """Rules 2.1.1: elite numbers white, replacement numbers yellow, on the fresh and the spent side."""
    for unit in game.units:
        for spent in (False, True):
            numbers = [t for t in images.unit_face_texts(game.presentation, unit, spent) if t.role in ("values", "spent-defence", "company")]
            assert {t.fg for t in numbers} == {images.value_colour(game.presentation, unit)}, unit.id


def test_every_marker_face_reads(game: GameData) -> None:
    faces = 0
    for kind in game.markers:
        for index in range(len(kind.states)):
            texts = images.marker_face_texts(game.presentation, kind, index)
            assert texts and low(texts) == [], (kind.id, index)
            faces += 1
    assert faces == 10


def test_every_card_face_and_back_reads(game: GameData) -> None:
    for card in game.cards:
        texts = images.card_face_texts(game.presentation, card)
        assert low(texts) == [], card.id
        assert any(t.role == "effect" for t in texts), card.id
    for side in (FRENCH, VIET_MINH, None):
        assert low(images.card_back_texts(game.presentation, side, game.game.title)) == [], side


# ------------------------------------------------------------------------------------------
# the pixels agree with the layout


def check_pixels(png: bytes, texts: tuple[images.FaceText, ...], what: str) -> None:
    """Every pixel of each text's box and a one-pixel ring around it is the layout's background
    blended with its foreground by the glyph coverage, to within 1 per channel (pixels inked by
    another text excepted)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    masks = []
    for t in texts:
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).text((t.x, t.y), t.text, font=t.typeface(), fill=255, anchor=t.anchor)
        masks.append(mask)
    blank = Image.new("L", image.size, 0)
    before, after = [blank], [blank]  # unions of the masks before / after each one
    for mask in masks[:-1]:
        before.append(ImageChops.lighter(before[-1], mask))
    for mask in reversed(masks[1:]):
        after.append(ImageChops.lighter(after[-1], mask))
    after.reverse()
    for t, mask, a, b in zip(texts, masks, before, after):
        box = mask.getbbox()
        assert box is not None, (what, t.text)
        ring = (box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1)
        assert ring[0] >= 0 and ring[1] >= 0 and ring[2] <= image.width and ring[3] <= image.height, (what, t.text, "touches the edge")
        coverage = mask.crop(ring)
        size = coverage.size
        expected = Image.composite(Image.new("RGB", size, t.fg), Image.new("RGB", size, t.bg), coverage)
        diff = ImageChops.difference(image.crop(ring), expected)
        others = ImageChops.lighter(a, b).crop(ring).point(lambda v: 255 if v else 0)
        diff.paste((0, 0, 0), mask=others)  # pixels another text inks are that text's to check
        off = diff.point(lambda v: 255 if v > 1 else 0).getbbox()
        assert off is None, (what, t.role, t.text, off)
        assert coverage.point(lambda v: 255 if v >= 200 else 0).getbbox(), (what, t.text)  # the foreground itself is on the face


def sample_units(game: GameData) -> list[Unit]:
    """One unit of every look: side, number colour, symbol colour, set-up kind and type."""
    seen: dict[tuple[object, ...], Unit] = {}
    for unit in game.units:
        key = (unit.side, images.value_colour(game.presentation, unit), "thai" in unit.marks, unit.setup.kind, unit.type)
        seen.setdefault(key, unit)
    return list(seen.values())


def test_rendered_counters_show_the_layouts_colours(game: GameData) -> None:
    units = sample_units(game)
    assert len(units) >= 10
    for unit in units:
        for spent in (False, True):
            check_pixels(images.render_unit(game.presentation, unit, spent), images.unit_face_texts(game.presentation, unit, spent), f"{unit.id} spent={spent}")


def test_rendered_markers_show_the_layouts_colours(game: GameData) -> None:
    for kind in game.markers:
        for index in range(len(kind.states)):
            check_pixels(images.render_marker(game.presentation, kind, index), images.marker_face_texts(game.presentation, kind, index), f"{kind.id}/{index}")


def sample_cards(game: GameData) -> list[Card]:
    """One card of every look: side, timing, stats, footer and effect font."""
    seen: dict[tuple[object, ...], Card] = {}
    for card in game.cards:
        texts = images.card_face_texts(game.presentation, card)
        effect = next(t for t in texts if t.role == "effect")
        key = (card.side, card.timing, tuple(t.role for t in texts if t.role in ("stats", "footer")), effect.style, effect.size)
        seen.setdefault(key, card)
    return list(seen.values())


def test_rendered_cards_show_the_layouts_colours(game: GameData) -> None:
    cards = sample_cards(game)
    assert {next(t for t in images.card_face_texts(game.presentation, c) if t.role == "effect").style for c in cards} == {"regular", "condensed"}
    for card in cards:
        check_pixels(images.render_card(game.presentation, card), images.card_face_texts(game.presentation, card), card.id)
    for side in (FRENCH, VIET_MINH, None):
        check_pixels(images.render_card_back(game.presentation, side, game.game.title), images.card_back_texts(game.presentation, side, game.game.title), f"back {side}")


@pytest.mark.parametrize("field", ["fg", "bg"])
def test_the_pixel_check_catches_a_false_colour(game: GameData, field: str) -> None:
    unit = next(u for u in game.units if u.side is VIET_MINH and "replacement" in u.marks)
    texts = images.unit_face_texts(game.presentation, unit, True)
    black: RGB = (0, 0, 0)
    def false(t: images.FaceText) -> images.FaceText:
        return dataclasses.replace(t, fg=black) if field == "fg" else dataclasses.replace(t, bg=black)

    lie = tuple(false(t) if t.role == "spent-defence" else t for t in texts)
    check_pixels(images.render_unit(game.presentation, unit, True), texts, unit.id)
    with pytest.raises(AssertionError):
        check_pixels(images.render_unit(game.presentation, unit, True), lie, unit.id)
