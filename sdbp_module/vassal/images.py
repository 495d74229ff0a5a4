"""Pillow renderers for every image the module needs (pure: data in, PNG bytes out).

Fonts: DejaVu Sans (regular, bold, condensed) shipped in ``images/fonts/`` with its licence
(copied from Debian's fonts-dejavu-core); never a system font lookup. PNGs are written without
any text chunk or time, so the same input gives the same bytes.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from sdbp_module.ids import AreaColour, CardBonus, Side, UnitType
from sdbp_module.model.game_data import Card, GameData, MarkerKind, Point, Unit
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import layout

RENDER_VERSION = "2"  # bump when a renderer changes, to invalidate cached images
FONTS_DIR = PROJECT_ROOT / "images" / "fonts"
FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "condensed": "DejaVuSansCondensed.ttf"}

RGB = tuple[int, int, int]
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
SIDE_CONTROL: dict[Side, RGB] = {Side.FRENCH: (200, 218, 240), Side.VIET_MINH: (240, 206, 194)}
SIDE_COUNTER: dict[Side, RGB] = {Side.FRENCH: (150, 188, 232), Side.VIET_MINH: (222, 196, 128)}
SIDE_DARK: dict[Side, RGB] = {Side.FRENCH: (30, 60, 130), Side.VIET_MINH: (150, 30, 20)}
NUMBER_COLOUR: dict[AreaColour, RGB] = {
    AreaColour.PLAIN: BLACK,
    AreaColour.RED: (200, 0, 0),
    AreaColour.BLUE: (0, 70, 210),
    AreaColour.GREEN: (0, 130, 40),
}
RIVER: RGB = (40, 110, 220)
PANEL: RGB = (236, 231, 214)


@lru_cache(maxsize=64)
def font(style: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS_DIR / FONT_FILES[style]), size)


def png_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def _text_w(draw: ImageDraw.ImageDraw, text: str, f: ImageFont.FreeTypeFont) -> float:
    return draw.textlength(text, font=f)


def _fit(draw: ImageDraw.ImageDraw, text: str, style: str, size: int, width: int, minimum: int = 7) -> ImageFont.FreeTypeFont:
    while size > minimum and _text_w(draw, text, font(style, size)) > width:
        size -= 1
    return font(style, size)


def _centre_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: ImageFont.FreeTypeFont, fill: RGB) -> None:
    draw.text(xy, text, font=f, fill=fill, anchor="mm")


# ------------------------------------------------------------------------------------------
# Counters


def _type_symbol(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], unit_type: UnitType, colour: RGB) -> None:
    """A NATO-style unit symbol: infantry X, paratroops X with a canopy, armour oval, AA dome."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, outline=colour, width=2, fill=WHITE)
    if unit_type in (UnitType.INFANTRY, UnitType.PARATROOPS):
        draw.line((x0, y0, x1, y1), fill=colour, width=2)
        draw.line((x0, y1, x1, y0), fill=colour, width=2)
        if unit_type is UnitType.PARATROOPS:
            mx = (x0 + x1) // 2
            draw.arc((mx - 7, y0 + 1, mx + 7, y0 + 11), 180, 360, fill=colour, width=2)
    elif unit_type is UnitType.ARMOR:
        draw.ellipse((x0 + 4, y0 + 3, x1 - 4, y1 - 3), outline=colour, width=2)
    else:  # anti-aircraft
        draw.arc((x0 + 3, y0 + 4, x1 - 3, y1 + 10), 180, 360, fill=colour, width=2)


def render_unit(unit: Unit, spent: bool) -> bytes:
    s = layout.COUNTER
    img = Image.new("RGB", (s, s), SIDE_COUNTER[unit.side])
    d = ImageDraw.Draw(img)
    if spent:
        d.rectangle((0, 0, s - 1, s - 1), fill=(228, 228, 228))
        d.rectangle((0, 0, s - 1, 9), fill=SIDE_COUNTER[unit.side])
    d.rectangle((0, 0, s - 1, s - 1), outline=SIDE_DARK[unit.side], width=2)
    top = _fit(d, unit.formation, "condensed", 11, s - 6)
    _centre_text(d, (s / 2, 10), unit.formation, top, BLACK)
    symbol_colour: RGB = (130, 70, 20) if unit.thai else BLACK
    _type_symbol(d, (6, 19, 32, 37), unit.type, symbol_colour)
    number_colour: RGB = (255, 220, 0) if unit.replacement else (WHITE if unit.elite else BLACK)
    comp = _fit(d, unit.company, "bold", 13, s - 38)
    if unit.elite or unit.replacement:
        d.rectangle((34, 20, s - 4, 36), fill=(60, 60, 60))
    _centre_text(d, ((34 + s - 4) / 2, 28), unit.company, comp, number_colour)
    if spent:
        _centre_text(d, (s / 2, 49), str(unit.spent_defense), font("bold", 15), (90, 90, 90))
    else:
        values = f"{unit.firepower}-{unit.defense}-{unit.movement}"
        _centre_text(d, (s / 2, 49), values, _fit(d, values, "bold", 15, s - 6), BLACK)
    return png_bytes(img)


def render_marker(kind: MarkerKind, index: int) -> bytes:
    s = layout.COUNTER
    state = kind.states[index]
    if state in (Side.FRENCH.value, Side.VIET_MINH.value):
        side = Side(state)
        bg, fg = SIDE_COUNTER[side], SIDE_DARK[side]
    elif kind.id == "trench":
        bg, fg = (150, 120, 80), WHITE
    else:
        bg, fg = (250, 250, 240), BLACK
    img = Image.new("RGB", (s, s), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, s - 1, s - 1), outline=BLACK, width=2)
    name = kind.name.upper()
    _centre_text(d, (s / 2, 18), name, _fit(d, name, "bold", 12, s - 6), fg)
    if len(kind.states) > 1:
        label = {"french": "FR", "viet_minh": "VM"}.get(state, state)
        _centre_text(d, (s / 2, 41), label, font("bold", 18), fg)
    return png_bytes(img)


# ------------------------------------------------------------------------------------------
# Cards


def _wrap(draw: ImageDraw.ImageDraw, text: str, f: ImageFont.FreeTypeFont, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if _text_w(draw, trial, f) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def render_card(card: Card) -> bytes:
    w, h = layout.CARD_W, layout.CARD_H
    side_bg: RGB = SIDE_COUNTER[card.side] if card.side else (200, 200, 200)
    img = Image.new("RGB", (w, h), (252, 250, 242))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, 46), fill=side_bg)
    d.rectangle((0, 0, w - 1, h - 1), outline=BLACK, width=2)
    d.text((6, 4), f"{card.id}", font=font("bold", 11), fill=BLACK)
    d.text((w - 6, 4), card.timing, font=font("bold", 11), fill=BLACK, anchor="ra")
    title_font = font("bold", 13)
    title = _wrap(d, card.name, title_font, w - 12)
    if len(title) > 2:
        title_font = font("condensed", 11)
        title = _wrap(d, card.name, title_font, w - 12)[:2]
    for i, line in enumerate(title):
        d.text((6, 17 + i * 14), line, font=title_font, fill=BLACK)
    stats = []
    if card.entrenchment is not None:
        stats.append(f"Entrenchment {card.entrenchment}")
    if card.firepower is not None:
        stats.append(f"Firepower {card.firepower}")
    y = 52
    if stats:
        d.text((6, y), "   ".join(stats), font=font("bold", 11), fill=SIDE_DARK[card.side] if card.side else BLACK)
        y += 16
    footer = []
    if card.removed_after_play:
        footer.append("Remove after play")
    if card.turns:
        footer.append("Turns " + ",".join(str(t) for t in card.turns))
    bottom = h - (20 if footer else 6)
    size = 12
    while True:
        f = font("regular", size)
        lines = _wrap(d, card.effect, f, w - 12)
        step = size + 2
        if y + len(lines) * step <= bottom or size <= 7:
            break
        size -= 1
    for i, line in enumerate(lines):
        if y + (i + 1) * step > bottom + step:
            break
        d.text((6, y + i * step), line, font=f, fill=BLACK)
    if footer:
        d.text((6, h - 18), "  ".join(footer), font=font("bold", 10), fill=(120, 0, 0))
    return png_bytes(img)


def render_card_back(side: Side | None) -> bytes:
    w, h = layout.CARD_W, layout.CARD_H
    bg: RGB = SIDE_DARK[side] if side else (90, 90, 90)
    img = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((8, 8, w - 9, h - 9), outline=WHITE, width=3)
    label = side.label if side else "Special"
    _centre_text(d, (w / 2, h / 2 - 14), label, _fit(d, label, "bold", 22, w - 24), WHITE)
    _centre_text(d, (w / 2, h / 2 + 16), "Tactics card", font("regular", 14), WHITE)
    return png_bytes(img)


# ------------------------------------------------------------------------------------------
# The board


def shared_edges(a: tuple[Point, ...], b: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    """Edges of polygon ``a`` that are also edges of ``b`` (same two vertices, any direction)."""
    edges_b = {frozenset((b[i], b[(i + 1) % len(b)])) for i in range(len(b))}
    out = []
    for i in range(len(a)):
        p, q = a[i], a[(i + 1) % len(a)]
        if frozenset((p, q)) in edges_b:
            out.append((p, q))
    return out


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        ang = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    draw.polygon(pts, fill=fill, outline=BLACK)


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
        _centre_text(d, (lx, ly - 3), str(area.id), font("bold", 24), NUMBER_COLOUR[area.colour])
        _centre_text(d, (lx, ly + 15), f"D{area.defense}", font("bold", 12), BLACK)
        name = area.name
        _centre_text(d, (lx, ly + 36), name, font("condensed", 13), (40, 40, 40))
        if area.victory:
            _star(d, lx + 36, ly - 18, 12, (230, 190, 0))
        if area.card_bonus is not CardBonus.NONE:
            fill: RGB = WHITE if area.card_bonus is CardBonus.WHITE else (150, 150, 150)
            d.rectangle((lx - 50, ly - 30, lx - 32, ly - 8), fill=fill, outline=BLACK, width=2)
    # the panel
    x0 = lay.map_width
    d.rectangle((x0, 0, lay.width - 1, lay.height - 1), fill=PANEL)
    d.line((x0, 0, x0, lay.height), fill=BLACK, width=3)
    d.text((x0 + layout.PANEL_GAP, 20), "Turn track (reinforcements arrive in the End phase)", font=font("bold", 18), fill=BLACK)
    turns = {t.turn: t for t in game.turn_track}
    for box in lay.boxes + lay.piles:
        d.rectangle((box.x, box.y, box.x + box.w, box.y + box.h), fill=(248, 245, 232), outline=BLACK, width=2)
        d.text((box.x + 8, box.y + 6), box.title, font=font("bold", 15), fill=BLACK)
        if box.name.startswith("Turn "):
            info = turns.get(int(box.name.split()[1]))
            if info is not None:
                cards = f"cards FR {info.cards.get(Side.FRENCH, 0)} / VM {info.cards.get(Side.VIET_MINH, 0)}"
                d.text((box.x + 8, box.y + box.h - 20), cards, font=font("regular", 12), fill=(60, 60, 60))
    return png_bytes(img)


# ------------------------------------------------------------------------------------------
# The image set


def font_fingerprint() -> str:
    """A hash of the shipped font files (part of every cache key)."""
    import hashlib

    h = hashlib.sha256()
    for name in sorted(FONT_FILES.values()):
        h.update(name.encode())
        h.update((FONTS_DIR / name).read_bytes())
    return h.hexdigest()[:16]


def source_override(images_dir: Path | None, name: str) -> bytes | None:
    """Artwork supplied by the maintainer (``images/sodbp/<name>``) wins over a drawn image."""
    if images_dir is None:
        return None
    path = images_dir / name
    return path.read_bytes() if path.is_file() else None
