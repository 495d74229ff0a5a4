"""Pillow renderers for every image the module needs (pure: data in, PNG bytes out).

Fonts: DejaVu Sans (regular, bold, condensed) shipped in ``images/fonts/`` with its licence
(copied from Debian's fonts-dejavu-core); never a system font lookup. PNGs are written without
any text chunk or time, so the same input gives the same bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from sdbp_module.errors import BuildError
from sdbp_module.ids import AreaColour, Side, UnitType
from sdbp_module.model.game_data import (
    Card,
    MarkerKind,
    SetupKind,
    Unit,
)
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import layout

RENDER_VERSION = "4"  # bump when a renderer changes, to invalidate cached images
FONTS_DIR = PROJECT_ROOT / "images" / "fonts"
FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "condensed": "DejaVuSansCondensed.ttf"}

RGB = tuple[int, int, int]
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
SIDE_CONTROL: dict[Side, RGB] = {Side.FRENCH: (200, 218, 240), Side.VIET_MINH: (240, 206, 194)}
SIDE_COUNTER: dict[Side, RGB] = {Side.FRENCH: (112, 160, 226), Side.VIET_MINH: (206, 44, 38)}  # rules 2.1.1
SIDE_SPENT: dict[Side, RGB] = {Side.FRENCH: (202, 220, 245), Side.VIET_MINH: (240, 168, 158)}  # "lighter colour"
SIDE_DARK: dict[Side, RGB] = {Side.FRENCH: (25, 50, 120), Side.VIET_MINH: (110, 15, 10)}
STRIP: dict[Side, RGB] = {Side.FRENCH: (232, 240, 252), Side.VIET_MINH: (250, 222, 212)}
YELLOW: RGB = (255, 226, 0)
THAI_BROWN: RGB = (130, 72, 20)
TURN_RED: RGB = (215, 0, 0)
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


def centre_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: ImageFont.FreeTypeFont, fill: RGB) -> None:
    draw.text(xy, text, font=f, fill=fill, anchor="mm")


# ------------------------------------------------------------------------------------------
# Counters (rules 2.1.1): name at the top, company number on a strip below it, the type symbol in
# the centre with the set-up area (black square, left) or the reinforcement turn (red circle, right;
# "*" for the Relief Force units), the values along the bottom. The spent side is printed lighter
# and shows the single spent defence value.


def _fit_any(draw: ImageDraw.ImageDraw, text: str, width: float, styles: tuple[tuple[str, int, int], ...]) -> ImageFont.FreeTypeFont:
    """The first (style, size) from ``styles`` (each tried from its size down to its minimum) in
    which ``text`` fits ``width``; the last, smallest font when nothing fits."""
    last = font(styles[-1][0], styles[-1][2])
    for style, size, minimum in styles:
        for s in range(size, minimum - 1, -1):
            f = font(style, s)
            if _text_w(draw, text, f) <= width:
                return f
    return last


def counter_colour(side: Side, spent: bool) -> RGB:
    return (SIDE_SPENT if spent else SIDE_COUNTER)[side]


def value_colour(unit: Unit) -> RGB:
    """Rules 2.1.1: VM elite numbers white, VM replacement numbers yellow, every other number black."""
    if unit.side is Side.VIET_MINH and unit.replacement:
        return YELLOW
    if unit.side is Side.VIET_MINH and unit.elite:
        return WHITE
    return BLACK


def symbol_colour(unit: Unit) -> RGB:
    """Rules 2.1.1: Thai units have brown symbols."""
    return THAI_BROWN if unit.thai else BLACK


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: ImageFont.FreeTypeFont, fill: RGB, anchor: str = "mm") -> None:
    """Text; light colours get a thin dark outline so they read on the lighter spent side too."""
    if fill in (WHITE, YELLOW):
        draw.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=1, stroke_fill=(40, 0, 0))
    else:
        draw.text(xy, text, font=f, fill=fill, anchor=anchor)


def type_symbol(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], unit_type: UnitType, colour: RGB) -> None:
    """A NATO-style frame: infantry X; paratroops X with the canopy arc along the bottom; armour the
    oval track; anti-aircraft the dome rising from the bottom edge."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, outline=colour, width=2, fill=WHITE)
    mx = (x0 + x1) // 2
    if unit_type in (UnitType.INFANTRY, UnitType.PARATROOPS):
        draw.line((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=colour, width=2)
        draw.line((x0 + 1, y1 - 1, x1 - 1, y0 + 1), fill=colour, width=2)
        if unit_type is UnitType.PARATROOPS:
            half = (x1 - x0) // 3
            draw.chord((mx - half, y1 - 13, mx + half, y1 - 3), 0, 180, fill=WHITE)
            draw.arc((mx - half, y1 - 13, mx + half, y1 - 3), 0, 180, fill=colour, width=2)
    elif unit_type is UnitType.ARMOR:
        draw.ellipse((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=colour, width=2)
    else:  # anti-aircraft
        draw.arc((x0 + 3, y0 + 5, x1 - 3, y1 + (y1 - y0) - 6), 180, 360, fill=colour, width=2)


def render_unit(unit: Unit, spent: bool) -> bytes:
    s = layout.COUNTER
    img = Image.new("RGB", (s, s), counter_colour(unit.side, spent))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, s - 1, s - 1), outline=SIDE_DARK[unit.side], width=2)
    # name (battalion, brigade or regiment)
    name_font = _fit_any(d, unit.formation, s - 6, (("bold", 11, 9), ("condensed", 11, 7)))
    d.text((s / 2, 8), unit.formation, font=name_font, fill=BLACK if unit.side is Side.FRENCH or spent else WHITE, anchor="mm")
    # the company strip
    numbers = value_colour(unit)
    dark_strip = numbers != BLACK
    strip: RGB = (70, 10, 5) if dark_strip else STRIP[unit.side]
    d.rectangle((2, 14, s - 3, 25), fill=strip)
    comp_font = _fit_any(d, unit.company, s - 8, (("bold", 11, 8), ("condensed", 10, 7)))
    _text(d, (s / 2, 20), unit.company, comp_font, numbers if dark_strip else BLACK)
    # the symbol, with the set-up square on its left or the turn circle on its right
    sym = (19, 27, s - 19, 44)  # a pixel clear of the set-up square and the turn circle
    type_symbol(d, sym, unit.type, symbol_colour(unit))
    if not spent:
        small = font("bold", 10)
        setup = unit.setup
        if setup.kind is SetupKind.AREA and setup.area is not None:
            d.rectangle((3, 28, 17, 43), fill=BLACK)
            label = str(setup.area)
            d.text((10.5, 36), label, font=_fit_any(d, label, 13, (("bold", 10, 7), ("condensed", 9, 6))), fill=WHITE, anchor="mm")
        elif setup.kind in (SetupKind.TURN, SetupKind.CARD):
            label = str(setup.turn) if setup.kind is SetupKind.TURN else "*"
            d.ellipse((s - 18, 28, s - 3, 43), fill=TURN_RED, outline=WHITE if unit.side is Side.VIET_MINH else None)
            d.text((s - 10.5, 36 if label != "*" else 38), label, font=small if label != "*" else font("bold", 13), fill=WHITE, anchor="mm")
    # values along the bottom
    if spent:
        _text(d, (s / 2, 52), str(unit.spent_defense), font("bold", 15), numbers)
    else:
        values = f"{unit.firepower}-{unit.defense}-{unit.movement}"
        _text(d, (s / 2, 52), values, _fit_any(d, values, s - 8, (("bold", 15, 10),)), numbers)
    return png_bytes(img)


def _lines(d: ImageDraw.ImageDraw, words: str, width: float, style: str, size: int, minimum: int) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """``words`` in as few lines as fit ``width`` at the largest size (one word per line at worst)."""
    for s in range(size, minimum - 1, -1):
        f = font(style, s)
        one = _text_w(d, words, f)
        if one <= width:
            return [words], f
        lines = _wrap(d, words, f, int(width))
        if all(_text_w(d, line, f) <= width for line in lines) and len(lines) <= 3:
            return lines, f
    f = font(style, minimum)
    return _wrap(d, words, f, int(width)), f


def marker_lines(d: ImageDraw.ImageDraw, title: str, width: float) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """One word per line at the largest size where every line fits; a word too long even in the
    condensed face at 8 px is split with a hyphen."""
    words = title.split()
    for style, size, minimum in (("bold", 13, 8), ("condensed", 11, 8)):
        for px in range(size, minimum - 1, -1):
            f = font(style, px)
            if all(_text_w(d, w, f) <= width for w in words):
                return words, f
    out: list[str] = []
    for w in words:
        if _text_w(d, w, font("condensed", 8)) <= width:
            out.append(w)
        else:
            cut = len(w) - 5 if w.endswith("MENTS") else (len(w) + 1) // 2
            out += [w[:cut] + "-", w[cut:]]
    for style, size, minimum in (("bold", 12, 10), ("condensed", 11, 6)):
        for px in range(size, minimum - 1, -1):
            f = font(style, px)
            if all(_text_w(d, line, f) <= width for line in out):
                return out, f
    raise BuildError(f"marker title {title!r} does not fit a {layout.COUNTER} px counter")


def render_marker(kind: MarkerKind, index: int) -> bytes:
    """Rules 2.1.2: control and fire markers in the side's colours; trench levels 1-3; turn, no
    supply and no replacements markers."""
    s = layout.COUNTER
    state = kind.states[index]
    side = Side(state) if state in (Side.FRENCH.value, Side.VIET_MINH.value) else None
    if side is not None:
        bg, fg = SIDE_COUNTER[side], (WHITE if side is Side.VIET_MINH else BLACK)
    elif kind.id == "trench":
        bg, fg = (150, 115, 70), WHITE
    elif kind.id == "no-supply":
        bg, fg = (250, 215, 60), BLACK
    elif kind.id == "no-replacements":
        bg, fg = (245, 165, 70), BLACK
    else:
        bg, fg = (250, 248, 238), BLACK
    img = Image.new("RGB", (s, s), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, s - 1, s - 1), outline=SIDE_DARK[side] if side else BLACK, width=2)
    title = kind.name.upper()
    if len(kind.states) == 1:
        if kind.id in ("no-supply", "no-replacements"):
            d.rectangle((4, 4, s - 5, s - 5), outline=(200, 0, 0), width=3)
        lines, f = marker_lines(d, title, s - 12)
        step = f.size + 2
        y = s / 2 - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            d.text((s / 2, y + i * step), line, font=f, fill=fg, anchor="mm")
        return png_bytes(img)
    centre_text(d, (s / 2, 10), title, _fit_any(d, title, s - 8, (("bold", 11, 8),)), fg)
    if kind.id == "fire":
        star(d, s / 2, 32, 13, (255, 170, 0))
        label = {"french": "FR", "viet_minh": "VM"}[state]
        centre_text(d, (s / 2, 51), label, font("bold", 12), fg)
    elif kind.id == "trench":
        pts = [(6 + i * 8, 26 if i % 2 == 0 else 32) for i in range(7)]
        d.line(pts, fill=(60, 40, 20), width=3)
        centre_text(d, (s / 2, 46), state, font("bold", 20), fg)
    else:
        label = {"french": "FR", "viet_minh": "VM"}.get(state, state.upper())
        centre_text(d, (s / 2, 38), label, _fit_any(d, label, s - 8, (("bold", 22, 9),)), fg)
    return png_bytes(img)


# ------------------------------------------------------------------------------------------
# Cards (rules 2.3: French cards blue fronts, VM cards red fronts). The face is laid out as a list
# of text runs measured with the font, so nothing is ever clipped (tested for every card).


CARD_MARGIN = 6


@dataclass(frozen=True, slots=True)
class TextRun:
    """One line of text on a card: ``anchor`` as Pillow's (``la`` left-ascender, ``ra`` right)."""

    x: float
    y: float
    text: str
    style: str
    size: int
    fill: RGB
    anchor: str = "la"

    def bbox(self) -> tuple[float, float, float, float]:
        l, t, r, b = font(self.style, self.size).getbbox(self.text, anchor=self.anchor)
        return (self.x + l, self.y + t, self.x + r, self.y + b)


@dataclass(frozen=True, slots=True)
class CardFace:
    band: int  # height of the coloured header band
    runs: tuple[TextRun, ...]


def _wrap(draw: ImageDraw.ImageDraw, text: str, f: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Greedy word wrap; a single word wider than ``width`` stays on its own line (callers shrink)."""
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


def _flow(d: ImageDraw.ImageDraw, items: list[str], f: ImageFont.FreeTypeFont, width: float, gap: str = "   ") -> list[str]:
    """Short items on as few lines as fit, never splitting an item."""
    lines: list[str] = []
    for item in items:
        if lines and _text_w(d, lines[-1] + gap + item, f) <= width:
            lines[-1] += gap + item
        else:
            lines.append(item)
    return lines


def _fits(d: ImageDraw.ImageDraw, lines: list[str], f: ImageFont.FreeTypeFont, width: float) -> bool:
    return all(_text_w(d, line, f) <= width for line in lines)


def card_face(card: Card) -> CardFace:
    """The text runs of a card face (pure: measured with the shipped fonts)."""
    w, h, m = layout.CARD_W, layout.CARD_H, CARD_MARGIN
    width = w - 2 * m
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    ink = WHITE if card.side is Side.VIET_MINH else BLACK
    runs: list[TextRun] = [TextRun(m, 5, card.id, "bold", 11, ink)]
    if card.timing != "-":  # "-": the special card, not used in play (2.3), shows no timing
        runs.append(TextRun(w - m, 5, card.timing, "bold", 11, ink, "ra"))
    # the title: bold 13 in at most two lines, else smaller, else condensed
    for style, size in (("bold", 13), ("bold", 12), ("bold", 11), ("condensed", 11), ("condensed", 10), ("condensed", 9)):
        tf = font(style, size)
        title = _wrap(d, card.name, tf, width)
        if len(title) <= 2 and _fits(d, title, tf, width):
            break
    y = 20
    for line in title:
        runs.append(TextRun(m, y, line, style, size, ink))
        y += size + 3
    band = y + 4
    y = band + 6
    # stats (Entrenchment, Firepower) under the band
    stats = []
    if card.entrenchment is not None:
        stats.append(f"Entrenchment {card.entrenchment}")
    if card.firepower is not None:
        stats.append(f"Firepower {card.firepower}")
    stat_ink = SIDE_DARK[card.side] if card.side else BLACK
    for line in _flow(d, stats, font("bold", 11), width):
        runs.append(TextRun(m, y, line, "bold", 11, stat_ink))
        y += 14
    if stats:
        y += 3
    # the footer, from the bottom edge up
    footer = []
    if card.removed_after_play:
        footer.append("Remove after play")
    if card.turns:
        footer.append("Turns " + ",".join(str(t) for t in card.turns))
    footer_lines = _flow(d, footer, font("bold", 10), width, "  ·  ")
    bottom = h - 6 - 13 * len(footer_lines)
    for i, line in enumerate(footer_lines):
        runs.append(TextRun(m, bottom + 2 + i * 13, line, "bold", 10, (150, 0, 0)))
    # the effect: the largest size whose wrapped lines all fit between the stats and the footer
    for style, size in [("regular", s) for s in range(12, 7, -1)] + [("condensed", s) for s in range(8, 5, -1)]:
        f = font(style, size)
        lines = _wrap(d, card.effect, f, width)
        step = size + 2
        if _fits(d, lines, f, width) and y + len(lines) * step <= bottom:
            break
    else:
        raise BuildError(f"card {card.id}: the effect text does not fit the card face")
    for i, line in enumerate(lines):
        runs.append(TextRun(m, y + i * step, line, style, size, BLACK))
    return CardFace(band, tuple(runs))


def card_colour(side: Side | None) -> RGB:
    return SIDE_COUNTER[side] if side else (170, 170, 170)


def render_card(card: Card) -> bytes:
    w, h = layout.CARD_W, layout.CARD_H
    face = card_face(card)
    img = Image.new("RGB", (w, h), (252, 250, 242))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, face.band), fill=card_colour(card.side))
    d.line((0, face.band, w - 1, face.band), fill=SIDE_DARK[card.side] if card.side else BLACK, width=2)
    d.rectangle((0, 0, w - 1, h - 1), outline=SIDE_DARK[card.side] if card.side else BLACK, width=2)
    for run in face.runs:
        d.text((run.x, run.y), run.text, font=font(run.style, run.size), fill=run.fill, anchor=run.anchor)
    return png_bytes(img)


def render_card_back(side: Side | None) -> bytes:
    """The back of a side's deck: the side's colour, a double frame, the game and deck names."""
    w, h = layout.CARD_W, layout.CARD_H
    bg: RGB = SIDE_DARK[side] if side else (80, 80, 80)
    accent: RGB = card_colour(side)
    img = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((6, 6, w - 7, h - 7), outline=accent, width=3)
    d.rectangle((12, 12, w - 13, h - 13), outline=WHITE, width=1)
    top, f = _lines(d, "STORM OVER DIEN BIEN PHU", w - 36, "bold", 12, 8)
    for i, line in enumerate(top):
        centre_text(d, (w / 2, 32 + i * (f.size + 3)), line, f, WHITE)
    cx, cy = w / 2, h / 2 + 4
    if side is Side.FRENCH:  # a tricolour roundel
        d.ellipse((cx - 40, cy - 40, cx + 40, cy + 40), fill=WHITE, outline=WHITE, width=3)
        d.pieslice((cx - 37, cy - 37, cx + 37, cy + 37), 90, 270, fill=(0, 60, 170))
        d.pieslice((cx - 37, cy - 37, cx + 37, cy + 37), 270, 90, fill=(215, 20, 35))
        d.rectangle((cx - 13, cy - 37, cx + 13, cy + 37), fill=WHITE)
        d.ellipse((cx - 40, cy - 40, cx + 40, cy + 40), outline=WHITE, width=3)
    else:  # a yellow star on red (VM), a white star on grey (special)
        d.ellipse((cx - 40, cy - 40, cx + 40, cy + 40), fill=accent, outline=WHITE, width=3)
        star(d, cx, cy, 30, (255, 215, 0) if side is Side.VIET_MINH else WHITE)
    label = side.label.upper() if side else "SPECIAL"
    centre_text(d, (w / 2, h - 62), label, _fit(d, label, "bold", 20, w - 36), WHITE)
    centre_text(d, (w / 2, h - 38), "TACTICS CARD", _fit(d, "TACTICS CARD", "bold", 13, w - 36), (225, 225, 225))
    return png_bytes(img)


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        ang = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    draw.polygon(pts, fill=fill, outline=BLACK)



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
