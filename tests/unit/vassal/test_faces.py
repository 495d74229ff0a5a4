"""What a player sees: counter colours and layout (rules 2.1.1), markers (2.1.2), card faces (2.3).

Text on cards and markers is measured with the shipped fonts: nothing may run past an edge.
"""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageDraw

from sdbp_module.games.sodbp.ids import FRENCH, UNIT_TYPES, VIET_MINH
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, Placement, SetupKind, Unit
from sdbp_module.vassal import images, layout


def picture(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def colours(img: Image.Image, box: tuple[int, int, int, int] | None = None) -> set[tuple[int, int, int]]:
    region = img.crop(box) if box else img
    return {c for _, c in region.getcolors(maxcolors=1 << 16)}  # type: ignore[union-attr]


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def first(game: GameData, **want: object) -> Unit:
    def has(u: Unit, k: str, v: object) -> bool:
        return (k in u.marks) == v if k in ("thai", "elite", "replacement") else bool(getattr(u, k) == v)

    return next(u for u in game.units if all(has(u, k, v) for k, v in want.items()))


BACKGROUND = (30, 30)  # a pixel of the counter's background, right of the set-up square, below the strip


def test_french_counters_are_blue_and_viet_minh_counters_red(game: GameData) -> None:
    fr = picture(images.render_unit(game.presentation, first(game, side=FRENCH), False)).getpixel((4, 46))
    vm = picture(images.render_unit(game.presentation, first(game, side=VIET_MINH), False)).getpixel((4, 46))
    assert fr == game.presentation.side(FRENCH).counter and fr[2] > fr[0]
    assert vm == game.presentation.side(VIET_MINH).counter and vm[0] > 180 and vm[1] < 80 and vm[2] < 80


@pytest.mark.parametrize("side", [FRENCH, VIET_MINH])
def test_spent_side_is_lighter_and_shows_only_the_spent_defence(game: GameData, side: Side) -> None:
    unit = first(game, side=side)
    fresh, spent = picture(images.render_unit(game.presentation, unit, False)), picture(images.render_unit(game.presentation, unit, True))
    assert luminance(spent.getpixel((4, 46))) > luminance(fresh.getpixel((4, 46))) + 40
    probe = dataclasses.replace(unit, spent_defense=unit.spent_defense + 1)
    assert images.render_unit(game.presentation, probe, True) != images.render_unit(game.presentation, unit, True)  # the value is printed
    probe = dataclasses.replace(unit, firepower=unit.firepower + 1, movement=unit.movement + 1)
    assert images.render_unit(game.presentation, probe, True) == images.render_unit(game.presentation, unit, True)  # and nothing else


YELLOW = (255, 226, 0)  # module.yaml: the replacement mark's numbers
THAI_BROWN = (130, 72, 20)  # module.yaml: the thai mark's symbol


def test_number_colours_follow_rules_2_1_1(game: GameData) -> None:
    elite = first(game, side=VIET_MINH, elite=True, replacement=False)
    repl = first(game, side=VIET_MINH, replacement=True)
    plain = first(game, side=VIET_MINH, elite=False, replacement=False)
    assert images.value_colour(game.presentation, elite) == images.WHITE
    assert images.value_colour(game.presentation, repl) == YELLOW
    assert luminance(images.value_colour(game.presentation, plain)) < 60
    assert images.value_colour(game.presentation, first(game, side=FRENCH)) == images.BLACK
    values_row = (4, 45, layout.COUNTER - 4, layout.COUNTER - 3)
    assert images.WHITE in colours(picture(images.render_unit(game.presentation, elite, False)), values_row)
    assert YELLOW in colours(picture(images.render_unit(game.presentation, repl, False)), values_row)
    assert YELLOW not in colours(picture(images.render_unit(game.presentation, plain, False)), values_row)


def test_thai_symbols_are_brown(game: GameData) -> None:
    thai = first(game, thai=True)
    assert images.symbol_colour(game.presentation, thai) == THAI_BROWN
    s = layout.COUNTER
    assert THAI_BROWN in colours(picture(images.render_unit(game.presentation, thai, False)), (s // 2 - 11, 28, s // 2 + 12, 44))
    assert images.symbol_colour(game.presentation, first(game, thai=False, side=FRENCH)) == images.BLACK


def test_every_symbol_of_the_library_is_its_own() -> None:
    drawn = {}
    for symbol in images.SYMBOLS:
        img = Image.new("RGB", (30, 20), images.WHITE)
        images.type_symbol(ImageDraw.Draw(img), (2, 2, 26, 17), symbol, images.BLACK)
        drawn[symbol] = img.tobytes()
    assert len(set(drawn.values())) == len(images.SYMBOLS)


def test_every_unit_type_of_the_data_has_a_symbol_of_the_library(game: GameData) -> None:
    assert {game.presentation.symbol(t) for t in UNIT_TYPES} <= set(images.SYMBOLS)
    assert len({game.presentation.symbol(t) for t in UNIT_TYPES}) == len(UNIT_TYPES)


def test_every_type_in_the_data_renders_distinctly(game: GameData) -> None:
    types = {u.type for u in game.units}
    assert types == set(UNIT_TYPES)
    base = first(game, side=FRENCH, thai=False)
    faces = {images.render_unit(game.presentation, dataclasses.replace(base, type=t), False) for t in UNIT_TYPES}
    assert len(faces) == len(UNIT_TYPES)


def test_set_up_square_left_and_turn_circle_right(game: GameData) -> None:
    base = first(game, side=FRENCH, thai=False)
    s = layout.COUNTER
    on_map = picture(images.render_unit(game.presentation, dataclasses.replace(base, setup=Placement(SetupKind.AREA, area=14)), False))  # type: ignore[arg-type]
    turn = picture(images.render_unit(game.presentation, dataclasses.replace(base, setup=Placement(SetupKind.TURN, turn=3)), False))
    star = picture(images.render_unit(game.presentation, dataclasses.replace(base, setup=Placement(SetupKind.CARD)), False))
    boxed = picture(images.render_unit(game.presentation, dataclasses.replace(base, setup=Placement(SetupKind.REPLACEMENTS)), False))
    left, right = (3, 28, 18, 44), (s - 18, 28, s - 2, 44)
    assert images.BLACK in colours(on_map, left) and images.TURN_RED not in colours(on_map, right)
    assert images.TURN_RED in colours(turn, right) and images.BLACK not in colours(turn, left)
    assert images.TURN_RED in colours(star, right)
    assert turn.tobytes() != star.tobytes()
    assert images.TURN_RED not in colours(boxed, right) and images.BLACK not in colours(boxed, left)


def test_counter_text_stays_inside_the_frame(game: GameData) -> None:
    s = layout.COUNTER
    for unit in game.units:
        for spent in (False, True):
            for text in images.unit_face_texts(game.presentation, unit, spent):
                x0, y0, x1, y1 = text.bbox()
                assert 2 <= x0 and x1 <= s - 2 and 2 <= y0 and y1 <= s - 2, (unit.id, spent, text.role)


def test_white_and_yellow_numbers_sit_on_the_dark_plate_on_both_sides(game: GameData) -> None:
    """The spent side's pink is too light for white or yellow numbers: they get the dark plate."""
    for unit in (first(game, side=VIET_MINH, elite=True, replacement=False), first(game, side=VIET_MINH, replacement=True)):
        for spent in (False, True):
            img = picture(images.render_unit(game.presentation, unit, spent))
            assert img.getpixel((4, 50)) == images.VALUE_PLATE, (unit.id, spent)
            assert img.getpixel((4, 20)) == images.VALUE_PLATE, (unit.id, spent)


# ------------------------------------------------------------------------------------------
# markers


def test_control_and_fire_markers_show_the_side_colour(game: GameData) -> None:
    for kind_id in ("control", "fire"):
        kind = next(k for k in game.markers if k.id == kind_id)
        for i, state in enumerate(kind.states):
            img = picture(images.render_marker(game.presentation, kind, i))
            assert img.getpixel((5, 5)) == game.presentation.side(Side(state)).counter, (kind_id, state)


def test_marker_faces_are_distinct_and_their_text_fits(game: GameData) -> None:
    faces = [images.render_marker(game.presentation, k, i) for k in game.markers for i in range(len(k.states))]
    assert len(set(faces)) == len(faces) == 10
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    for kind in game.markers:
        lines, style, size = images.marker_lines(d, kind.name.upper(), layout.COUNTER - 12)
        assert all(d.textlength(line, font=images.font(style, size)) <= layout.COUNTER - 12 for line in lines), kind.id
        assert len(lines) * (size + 2) <= layout.COUNTER - 8, kind.id


# ------------------------------------------------------------------------------------------
# cards


def test_every_card_face_keeps_its_text_inside_the_card(game: GameData) -> None:
    assert len(game.cards) == 55
    w, h = layout.CARD_W, layout.CARD_H
    for card in game.cards:
        face = images.card_face(game.presentation, card)
        boxes = [text.bbox() for text in face.texts]
        for text, (x0, y0, x1, y1) in zip(face.texts, boxes):
            assert 4 <= x0 and x1 <= w - 4 and 2 <= y0 and y1 <= h - 4, (card.id, text.text)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (card.id, a, b)
        words = " ".join(t.text for t in face.texts).split()
        for part in (card.name, card.effect):
            assert " ".join(part.split()) in " ".join(words), card.id  # every word is printed
        if card.firepower is not None:
            assert any(f"Firepower {card.firepower}" in t.text for t in face.texts), card.id
        if card.turns:
            assert any(("Turns " + ",".join(map(str, card.turns))) in t.text for t in face.texts), card.id
        titles = [t for t in face.texts if t.role == "title"]
        assert titles and all(t.bbox()[3] <= face.band for t in titles), card.id


def test_card_effect_text_is_at_least_11_px_and_ends_above_the_footer(game: GameData) -> None:
    """The effect block of every card, as laid out, ends EFFECT_GAP pixels above the footer's rule
    (or the frame), and no effect line is smaller than 11 px."""
    for card in game.cards:
        face = images.card_face(game.presentation, card)
        effect = [t for t in face.texts if t.role == "effect"]
        assert effect and all(t.size >= 11 for t in effect), card.id
        assert face.effect_box[3] == max(t.bbox()[3] for t in effect)
        assert face.effect_box[3] <= face.footer_top - images.EFFECT_GAP, card.id
        footer = [t for t in face.texts if t.role == "footer"]
        assert all(t.bbox()[1] > face.footer_top and t.size >= 11 for t in footer), card.id
        assert (face.footer_top < layout.CARD_H - 2) == bool(footer), card.id


def test_the_card_layout_fits_the_longest_effect_at_11_px(game: GameData) -> None:
    """The longest effect of the data needs the smallest effect font, which is still 11 px."""
    longest = max(game.cards, key=lambda c: len(c.effect))
    face = images.card_face(game.presentation, longest)
    size = {t.size for t in face.texts if t.role == "effect"}
    assert size == {11}, longest.id


def test_only_the_special_card_face_has_no_timing(game: GameData) -> None:
    """2.3: the special card is not used in play (timing '-'); every other face shows its timing
    letters in a badge with their meaning beside them."""
    for card in game.cards:
        face = images.card_face(game.presentation, card)
        badge = [t.text for t in face.texts if t.role == "timing"]
        words = [t.text for t in face.texts if t.role == "timing-word"]
        if card.id == "SPECIAL":
            assert badge == words == [] and face.plates == ()
            continue
        assert badge == [card.timing], card.id
        assert words == [" or ".join(images.TIMING_WORD[letter] for letter in card.timing.split("/"))], card.id
        assert len(face.plates) == 1 and face.plates[0].shape == "rounded"


def test_deck_backs_carry_the_key_to_the_timing_letters(game: GameData) -> None:
    letters = {letter for card in game.cards if card.timing != "-" for letter in card.timing.split("/")}
    assert letters == set(images.TIMING_WORD) == {"A", "D", "R", "E", "X"}
    for side in (FRENCH, VIET_MINH):
        key = [t.text for t in images.card_back_texts(game.presentation, side, game.game.title) if t.role == "timing-key"]
        assert key[::2] == ["A", "D", "R", "E", "X"], side
    assert not [t for t in images.card_back_texts(game.presentation, None, game.game.title) if t.role == "timing-key"]


def test_card_fronts_are_blue_and_red(game: GameData) -> None:
    fr = picture(images.render_card(game.presentation, game.cards_of(FRENCH)[0])).getpixel((90, 4))
    vm = picture(images.render_card(game.presentation, game.cards_of(VIET_MINH)[0])).getpixel((90, 4))
    assert fr == game.presentation.side(FRENCH).counter and vm == game.presentation.side(VIET_MINH).counter


def test_card_backs_differ_per_side(game: GameData) -> None:
    backs = {images.render_card_back(game.presentation, s, game.game.title) for s in (FRENCH, VIET_MINH, None)}
    assert len(backs) == 3
