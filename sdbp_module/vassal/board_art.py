"""The board image: the map with its printed marks, and the box panel on its right (pure: data in,
PNG bytes out). Counters, markers and cards are drawn by ``images``.

Layers, bottom up: the ground (``terrain_art.draw_terrain``: terrain, river, roads, trenches,
bridges, area outlines), the area labels exactly where ``layout.label_parts`` puts them (so the
set-up, which keeps counters off ``layout.label_footprint``, and the drawing agree by
construction), then the panel: turn track, boxes, card piles, and the legend
(``terrain_art.draw_legend``) in ``Layout.legend``.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from sdbp_module.errors import DataError
from sdbp_module.ids import BonusSetId
from sdbp_module.model.game_data import Area, GameData, Point
from sdbp_module.model.presentation import Presentation
from sdbp_module.vassal import images, layout
from sdbp_module.vassal.images import (
    BLACK,
    PANEL,
    RGB,
    WHITE,
)

STAR_FILL: RGB = (230, 190, 0)
NAME_PLATE: tuple[int, int, int, int] = (255, 255, 250, 205)  # RGBA behind area names, so they read on any ground
BOX_FILL: RGB = (248, 245, 232)
MAP_MARGIN: RGB = (250, 250, 245)
SPACE_EDGE: RGB = (120, 110, 90)


def shared_edges(a: tuple[Point, ...], b: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    """Edges of polygon ``a`` that are also edges of ``b`` (same two vertices, any direction)."""
    edges_b = {frozenset((b[i], b[(i + 1) % len(b)])) for i in range(len(b))}
    out = []
    for i in range(len(a)):
        p, q = a[i], a[(i + 1) % len(a)]
        if frozenset((p, q)) in edges_b:
            out.append((p, q))
    return out


def draw_victory_star(draw: ImageDraw.ImageDraw, rect: layout.Rect) -> None:
    """The victory symbol (14.0) filling ``rect``."""
    images.star(draw, (rect[0] + rect[2] - 1) / 2, (rect[1] + rect[3] - 1) / 2, (rect[2] - rect[0] - 1) / 2, STAR_FILL)


def draw_card_bonus(draw: ImageDraw.ImageDraw, rect: layout.Rect, bonus: BonusSetId, look: Presentation) -> None:
    """The card-bonus square of ``bonus`` (its fill from the game's presentation) filling ``rect``."""
    draw.rectangle((rect[0], rect[1], rect[2] - 1, rect[3] - 1), fill=look.bonus(bonus).fill, outline=BLACK, width=2)


def draw_label(image: Image.Image, area: Area, at: Point, look: Presentation) -> None:
    """``area``'s label printed at ``at``: number circle (number coloured as its area class says), D-value,
    name on a light plate, victory star, card-bonus square, set-up letter, control box (the start controller), each on its ``layout.label_parts`` rectangle."""
    parts = layout.label_parts(area, at)
    left, top, right, bottom = parts.name_box
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, right - left - 1, bottom - top - 1), radius=4, fill=NAME_PLATE[3])
    image.paste(NAME_PLATE[:3], (left, top, right, bottom), mask)
    d = ImageDraw.Draw(image)
    d.ellipse(_inclusive(parts.circle), fill=WHITE, outline=BLACK, width=2)
    images.centre_text(d, parts.number, str(area.id), images.font(*layout.NUMBER_FONT), look.number_colour(area.colour))
    images.centre_text(d, parts.defense, f"D{area.defense}", images.font(*layout.DEFENSE_FONT), BLACK)
    images.centre_text(d, parts.name, area.name, images.font(*layout.NAME_FONT), (30, 30, 30))
    if parts.star is not None:
        draw_victory_star(d, parts.star)
    if parts.bonus is not None:
        draw_card_bonus(d, parts.bonus, area.card_bonus, look)
    if parts.code is not None:
        draw_setup_code(d, parts.code, area.setup_code)
    if parts.control is not None:
        draw_control_box(d, parts.control, area, look)


def draw_control_box(draw: ImageDraw.ImageDraw, rect: layout.Rect, area: Area, look: Presentation) -> None:
    """The area's control box (rules 2.2): the side that controls it at the start, its abbreviation on its
    counter colour in a frame of its dark colour. A control marker placed in play covers it (13.0, 2.1.2)."""
    side = look.side(area.control)
    draw.rectangle(_inclusive(rect), fill=side.counter, outline=side.dark, width=2)
    text = control_box_text(area, look)
    images.centre_text(draw, ((rect[0] + rect[2] - 1) / 2, (rect[1] + rect[3] - 1) / 2), text, images.font("bold", 11), side.ink)


def control_box_text(area: Area, look: Presentation) -> str:
    """What the control box prints: the start controller's abbreviation, else the first two letters of its label."""
    return look.side(area.control).abbreviation or area.control.label[:2].upper()


def draw_setup_code(draw: ImageDraw.ImageDraw, rect: layout.Rect, code: str) -> None:
    """The area's set-up letter, white on a black square filling ``rect`` (the counters that set up
    there carry the same letter)."""
    draw.rectangle(_inclusive(rect), fill=BLACK)
    images.centre_text(draw, ((rect[0] + rect[2] - 1) / 2, (rect[1] + rect[3] - 1) / 2), code, images.font("bold", 13), WHITE)


def _inclusive(r: layout.Rect) -> tuple[int, int, int, int]:
    """A ``layout.Rect`` (right and bottom exclusive) as Pillow's inclusive corner box."""
    return (r[0], r[1], r[2] - 1, r[3] - 1)


def draw_panel(image: Image.Image, game: GameData, lay: layout.Layout) -> None:
    """The panel right of the map: heading, turn track (each turn box with its turn-marker spot, a
    space per side and the hand sizes of the turn), the other boxes and the card piles."""
    look = game.presentation
    d = ImageDraw.Draw(image)
    x0 = lay.map_width
    d.rectangle((x0, 0, lay.width - 1, lay.height - 1), fill=PANEL)
    d.line((x0, 0, x0, lay.height), fill=BLACK, width=3)
    d.text((x0 + layout.PANEL_GAP, 20), look.track_heading, font=images.font("bold", 18), fill=BLACK)
    turns = {t.turn: t for t in game.turn_track}
    small = images.font("regular", 12)
    for box in lay.boxes + lay.piles:
        d.rectangle((box.x, box.y, box.x + box.w, box.y + box.h), fill=BOX_FILL, outline=BLACK, width=2)
        d.text((box.x + 8, box.y + 6), box.title, font=images.font("bold", 15), fill=BLACK)
        for space in box.spaces:
            _draw_space(d, box, space, look)
        if box.name.startswith("Turn "):
            info = turns.get(int(box.name.split()[1]))
            if info is not None:
                cards = "cards " + " / ".join(f"{look.side(s).abbreviation or s.label} {info.cards.get(s, 0)}" for s in game.game.sides)
                images.centre_text(d, (box.x + box.w // 2, box.y + box.h - layout.FOOT_H // 2), cards, small, (60, 60, 60))


def _draw_space(d: ImageDraw.ImageDraw, box: layout.Box, space: layout.Space, look: Presentation) -> None:
    """One printed space of a box: a side's tinted space under its caption, the turn-marker spot, or
    an open space's note at the right of the title line."""
    rect = (space.x, space.y, space.x + space.w - 1, space.y + space.h - 1)
    if space.side is not None:
        side = look.side(space.side)
        d.rectangle(rect, fill=side.control, outline=side.dark, width=1)
        d.text((space.x + 1, space.y - layout.LABEL_H + 1), space.title, font=images.font("bold", 12), fill=side.dark)
    elif space.title == layout.TURN_MARKER_SPACE:
        d.rounded_rectangle(rect, radius=6, outline=SPACE_EDGE, width=2)
        cx, cy = space.x + space.w // 2, space.y + space.h // 2
        images.centre_text(d, (cx, cy - 7), "turn", images.font("condensed", 12), SPACE_EDGE)
        images.centre_text(d, (cx, cy + 7), "marker", images.font("condensed", 12), SPACE_EDGE)
    elif space.title:
        f = images.font("regular", 12)
        d.text((box.x + box.w - 8, box.y + 9), space.title, font=f, fill=(60, 60, 60), anchor="ra")


def render_board(game: GameData, lay: layout.Layout) -> bytes:
    """The whole board image (``lay.width`` × ``lay.height``) as PNG bytes; ``DataError`` (exit 1) for a
    board larger than a board image may be (``image_check.MAP_PIXELS``), before a pixel is drawn."""
    # imported here: terrain_art may import this module's mark painters at its top
    from sdbp_module.vassal import terrain_art
    from sdbp_module.vassal.image_check import MAP_PIXELS

    if lay.width * lay.height > MAP_PIXELS:
        raise DataError(
            f"game.yaml: map: the board (the map, {game.map.width} x {game.map.height}, and its box panel) would be "
            f"{lay.width} x {lay.height} pixels ({lay.width * lay.height:,}), more than the {MAP_PIXELS:,} pixels the "
            "board image may have"
        )

    img = Image.new("RGB", (lay.width, lay.height), PANEL)
    ImageDraw.Draw(img).rectangle((0, 0, lay.map_width - 1, lay.height - 1), fill=MAP_MARGIN)
    terrain_art.draw_terrain(img, game)
    for area in game.areas:
        draw_label(img, area, lay.label_at(area.id), game.presentation)
    draw_panel(img, game, lay)
    terrain_art.draw_legend(img, lay.legend, game)
    return images.png_bytes(img)
