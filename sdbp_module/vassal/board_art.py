"""The board image: the area map with its printed marks, and the box panel on its right (pure: data
in, PNG bytes out). Counters, markers and cards are drawn by ``images``."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from sdbp_module.ids import CardBonus, Side
from sdbp_module.model.game_data import GameData, Point
from sdbp_module.vassal import images, layout
from sdbp_module.vassal.images import (
    BLACK,
    NUMBER_COLOUR,
    PANEL,
    RGB,
    RIVER,
    SIDE_CONTROL,
    WHITE,
)


def shared_edges(a: tuple[Point, ...], b: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    """Edges of polygon ``a`` that are also edges of ``b`` (same two vertices, any direction)."""
    edges_b = {frozenset((b[i], b[(i + 1) % len(b)])) for i in range(len(b))}
    out = []
    for i in range(len(a)):
        p, q = a[i], a[(i + 1) % len(a)]
        if frozenset((p, q)) in edges_b:
            out.append((p, q))
    return out


def render_board(game: GameData, lay: layout.Layout) -> bytes:
    img = Image.new("RGB", (lay.width, lay.height), PANEL)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.map_width - 1, lay.height - 1), fill=(250, 250, 245))
    for area in game.areas:
        d.polygon(area.polygon, fill=SIDE_CONTROL[area.control])
    for area in game.areas:
        d.polygon(area.polygon, outline=(60, 60, 60), width=2)
    for border in game.borders:
        if not border.river:
            continue
        edges = shared_edges(game.area(border.a).polygon, game.area(border.b).polygon)
        for p, q in edges:
            d.line((p, q), fill=RIVER, width=12)
        if border.bridge and edges:
            p, q = max(edges, key=lambda e: math.dist(e[0], e[1]))
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            ang = math.atan2(q[1] - p[1], q[0] - p[0])
            ux, uy = math.cos(ang), math.sin(ang)
            nx, ny = -uy, ux
            half_w, half_l = 9, 22
            corners = [
                (mx + ux * half_w + nx * half_l, my + uy * half_w + ny * half_l),
                (mx - ux * half_w + nx * half_l, my - uy * half_w + ny * half_l),
                (mx - ux * half_w - nx * half_l, my - uy * half_w - ny * half_l),
                (mx + ux * half_w - nx * half_l, my + uy * half_w - ny * half_l),
            ]
            d.polygon(corners, fill=(140, 90, 40), outline=BLACK)
    for area in game.areas:
        lx, ly = area.label
        d.ellipse((lx - 24, ly - 24, lx + 24, ly + 24), fill=WHITE, outline=BLACK, width=2)
        images.centre_text(d, (lx, ly - 3), str(area.id), images.font("bold", 24), NUMBER_COLOUR[area.colour])
        images.centre_text(d, (lx, ly + 15), f"D{area.defense}", images.font("bold", 12), BLACK)
        name = area.name
        images.centre_text(d, (lx, ly + 36), name, images.font("condensed", 13), (40, 40, 40))
        if area.victory:
            images.star(d, lx + 36, ly - 18, 12, (230, 190, 0))
        if area.card_bonus is not CardBonus.NONE:
            fill: RGB = WHITE if area.card_bonus is CardBonus.WHITE else (150, 150, 150)
            d.rectangle((lx - 50, ly - 30, lx - 32, ly - 8), fill=fill, outline=BLACK, width=2)
    # the panel
    x0 = lay.map_width
    d.rectangle((x0, 0, lay.width - 1, lay.height - 1), fill=PANEL)
    d.line((x0, 0, x0, lay.height), fill=BLACK, width=3)
    d.text((x0 + layout.PANEL_GAP, 20), "Turn track (reinforcements arrive in the End phase)", font=images.font("bold", 18), fill=BLACK)
    turns = {t.turn: t for t in game.turn_track}
    for box in lay.boxes + lay.piles:
        d.rectangle((box.x, box.y, box.x + box.w, box.y + box.h), fill=(248, 245, 232), outline=BLACK, width=2)
        d.text((box.x + 8, box.y + 6), box.title, font=images.font("bold", 15), fill=BLACK)
        if box.name.startswith("Turn "):
            info = turns.get(int(box.name.split()[1]))
            if info is not None:
                cards = f"cards FR {info.cards.get(Side.FRENCH, 0)} / VM {info.cards.get(Side.VIET_MINH, 0)}"
                d.text((box.x + 8, box.y + box.h - 20), cards, font=images.font("regular", 12), fill=(60, 60, 60))
    return images.png_bytes(img)


