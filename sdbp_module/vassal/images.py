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

from sdbp_module.errors import BuildError
from sdbp_module.ids import Side
from sdbp_module.model.game_data import (
    Card,
    MarkerKind,
    SetupKind,
    Unit,
)
from sdbp_module.model.presentation import Presentation, SideLook
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.records import record
from sdbp_module.vassal import layout

FONTS_DIR = PROJECT_ROOT / "images" / "fonts"
FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "condensed": "DejaVuSansCondensed.ttf"}

RGB = tuple[int, int, int]
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
TURN_RED: RGB = (215, 0, 0)
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
    """``draw.textlength(text, font=f)``, measured once per font, image mode and text (``_length``)."""
    return _length(f, draw.mode, text)


@lru_cache(maxsize=16384)
def _length(f: ImageFont.FreeTypeFont, mode: str, text: str) -> float:
    """The advance of ``text`` in ``f`` drawn on an image of ``mode``, remembered: fitting a text tries
    each size of a font in turn, and the faces print the same names and numbers again and again."""
    return ImageDraw.Draw(Image.new(mode, (1, 1))).textlength(text, font=f)


@lru_cache(maxsize=16384)
def ink_box(style: str, size: int, text: str, anchor: str) -> tuple[float, float, float, float]:
    """``font(style, size).getbbox(text, anchor=anchor)``, remembered (as ``_length``)."""
    return font(style, size).getbbox(text, anchor=anchor)


def centre_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: ImageFont.FreeTypeFont, fill: RGB) -> None:
    """Draw ``text`` centred on ``xy`` (used by the board art)."""
    draw.text(xy, text, font=f, fill=fill, anchor="mm")


def fit_font(draw: ImageDraw.ImageDraw, text: str, width: float, styles: tuple[tuple[str, int, int], ...]) -> tuple[str, int]:
    """The first (style, size) from ``styles`` (each tried from its size down to its minimum) in
    which ``text`` fits ``width``; the last, smallest one when nothing fits."""
    for style, size, minimum in styles:
        for s in range(size, minimum - 1, -1):
            if _text_w(draw, text, font(style, s)) <= width:
                return style, s
    return styles[-1][0], styles[-1][2]


def _measure() -> ImageDraw.ImageDraw:
    """A drawing context used only to measure text."""
    return ImageDraw.Draw(Image.new("RGB", (1, 1)))


# ------------------------------------------------------------------------------------------
# Printed text. Every text on a face is a FaceText, laid out by one function per kind of face
# (unit_face, marker_face, card_face, card_back) and drawn from that value by the renderer. A
# FaceText carries the colour printed directly behind it (the plate it sits on, or the body), so
# the contrast of every text can be measured from the layout alone: tests/unit/vassal/
# test_contrast.py asserts a WCAG 2 ratio of at least 4.5:1 for every text on every face and
# checks on rendered faces that the pixels are what the layout says.


@record
class FaceText:
    """One line of text on a face: what it shows (``role``), where (``anchor`` as Pillow's: ``mm``
    middle, ``la`` left-ascender, ``ls``/``rs``/``ms`` left/right/middle on the baseline), in which
    font, its colour ``fg`` and the colour ``bg`` printed directly behind it."""

    role: str
    text: str
    x: float
    y: float
    style: str
    size: int
    fg: RGB
    bg: RGB
    anchor: str = "mm"

    def typeface(self) -> ImageFont.FreeTypeFont:
        """The shipped font the text is drawn in."""
        return font(self.style, self.size)

    def bbox(self) -> tuple[float, float, float, float]:
        """The ink box (left, top, right, bottom; right and bottom exclusive)."""
        l, t, r, b = ink_box(self.style, self.size, self.text, self.anchor)
        return (self.x + l, self.y + t, self.x + r, self.y + b)

    def draw(self, d: ImageDraw.ImageDraw) -> None:
        """Draw the text in ``fg`` (no outline: the contrast is with ``bg`` alone)."""
        d.text((self.x, self.y), self.text, font=self.typeface(), fill=self.fg, anchor=self.anchor)


@record
class Plate:
    """A filled shape printed under text: ``rectangle``, ``rounded`` (corner radius 3) or
    ``ellipse`` over ``box`` (inclusive pixel corners, as Pillow draws them), with an optional
    one-pixel ``outline``."""

    box: tuple[float, float, float, float]
    fill: RGB
    shape: str = "rectangle"
    outline: RGB | None = None

    def draw(self, d: ImageDraw.ImageDraw) -> None:
        """Draw the plate."""
        if self.shape == "ellipse":
            d.ellipse(self.box, fill=self.fill, outline=self.outline)
        elif self.shape == "rounded":
            d.rounded_rectangle(self.box, radius=3, fill=self.fill, outline=self.outline)
        else:
            d.rectangle(self.box, fill=self.fill, outline=self.outline)


# ------------------------------------------------------------------------------------------
# Counters: name at the top, company number on a strip below it, the type symbol in
# the centre with the set-up area (black square, left) or the reinforcement turn (red circle, right;
# "*" for the Relief Force units), the values along the bottom. The spent side is printed lighter
# and shows the single spent defence value.
#
# The sides' colours, the unit marks' number and symbol colours and the unit types' symbols are the
# game's (``module.yaml``): every function that needs them is handed the game's presentation
# (``look``, ``GameData.presentation``). Number colours keep their meaning
# and stay readable (WCAG 2 contrast >= 4.5:1): a number coloured by a mark sits on a dark plate, the
# company strip and a value band along the bottom, so marked units show two dark bands at a glance;
# black numbers are printed on the body. A side whose ink is white prints its name white on the
# fresh side and rings its arrival circle white.

VALUE_PLATE: RGB = (70, 10, 5)  # dark plate behind white and yellow numbers, both sides
SYMBOL_BOX = (19, 27, layout.COUNTER - 19, 43)  # a pixel clear of the set-up square and the turn circle
COMPANY_STRIP = (2, 14, layout.COUNTER - 3, 25)
VALUE_BAND = (2, 45, layout.COUNTER - 3, layout.COUNTER - 3)


@record
class UnitFace:
    """A unit counter face laid out: body and frame colours, the plates, the symbol and every text."""

    body: RGB
    frame: RGB
    plates: tuple[Plate, ...]
    symbol: tuple[int, int, int, int]
    symbol_colour: RGB
    texts: tuple[FaceText, ...]
    size: str = ""  # the unit-size symbol drawn above the type symbol (``Unit.size``), "" none
    size_colour: RGB = BLACK


def counter_colour(look: Presentation, side: Side, spent: bool) -> RGB:
    """The body colour of a counter: the side's colour, its lighter colour on the spent side."""
    own = look.side(side)
    return own.spent if spent else own.counter


def value_colour(look: Presentation, unit: Unit) -> RGB:
    """The colour of the unit's numbers: the last mark look of its side with a number colour whose
    mark the unit has; black otherwise."""
    colour = BLACK
    for mark in look.unit_marks(unit.side):
        if mark.numbers is not None and mark.mark in unit.marks:
            colour = mark.numbers
    return colour


def symbol_colour(look: Presentation, unit: Unit) -> RGB:
    """The colour of the unit's type symbol: the first mark look with a symbol colour whose mark
    the unit has, else its group's colour (a division's), else black."""
    group = look.side(unit.side).groups.get(unit.group, BLACK)
    return next((m.symbol for m in look.unit_marks(unit.side) if m.symbol is not None and m.mark in unit.marks), group)


def _marked(look: Presentation, unit: Unit, attribute: str) -> RGB | None:
    """The last mark look of the unit's marks that sets ``attribute`` (body, spent, ink), or None."""
    found: RGB | None = None
    for mark in look.unit_marks(unit.side):
        value = getattr(mark, attribute)
        if value is not None and mark.mark in unit.marks:
            found = value
    return found


SYMBOLS = ("infantry", "paratroops", "armor", "anti-aircraft", "motorized", "mechanized", "recon")
"""The NATO symbol library: a game's ``module.yaml`` ``unit_symbols`` maps its unit types to these."""


def type_symbol(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], symbol: str, colour: RGB) -> None:
    """A NATO-style frame with the symbol of ``symbol`` (one of ``SYMBOLS``): infantry the X;
    paratroops the X with the canopy arc along the bottom; armour the oval track; anti-aircraft the
    dome rising from the bottom edge; motorized the X with a vertical bar; mechanized the X with the
    oval track; recon the single diagonal. An unknown symbol leaves the frame empty."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, outline=colour, width=2, fill=WHITE)
    mx = (x0 + x1) // 2
    if symbol in ("infantry", "paratroops", "motorized", "mechanized"):
        draw.line((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=colour, width=2)
        draw.line((x0 + 1, y1 - 1, x1 - 1, y0 + 1), fill=colour, width=2)
        if symbol == "paratroops":
            half = (x1 - x0) // 3
            draw.chord((mx - half, y1 - 12, mx + half, y1 - 3), 0, 180, fill=WHITE)
            draw.arc((mx - half, y1 - 12, mx + half, y1 - 3), 0, 180, fill=colour, width=2)
        elif symbol == "motorized":
            draw.line((mx, y0 + 1, mx, y1 - 1), fill=colour, width=2)
        elif symbol == "mechanized":
            draw.ellipse((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=colour, width=2)
    elif symbol == "armor":
        draw.ellipse((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=colour, width=2)
    elif symbol == "recon":
        draw.line((x0 + 1, y1 - 1, x1 - 1, y0 + 1), fill=colour, width=2)
    elif symbol == "anti-aircraft":
        draw.arc((x0 + 3, y0 + 5, x1 - 3, y1 + (y1 - y0) - 6), 180, 360, fill=colour, width=2)


def _boxed(role: str, text: str, box: tuple[int, int, int, int], styles: tuple[tuple[str, int, int], ...], fg: RGB, bg: RGB) -> FaceText:
    """``text`` centred by its ink in ``box`` (inclusive pixel corners of the plate behind it), in
    the first (style, size) of ``styles`` whose ink keeps a pixel of ``bg`` all round it."""
    x0, y0, x1, y1 = box
    for style, size, minimum in styles:
        for px in range(size, minimum - 1, -1):
            l, t, r, b = ink_box(style, px, text, "ls")
            if r - l <= x1 - x0 - 1 and b - t <= y1 - y0 - 1:
                x = round((x0 + x1 + 1) / 2 - (l + r) / 2)
                y = round((y0 + y1 + 1) / 2 - (t + b) / 2)
                return FaceText(role, text, x, y, style, px, fg, bg, "ls")
    raise BuildError(f"{role} {text!r} does not fit a {layout.COUNTER} px counter")


SIZE_ROW = (19, 26, layout.COUNTER - 19, 30)  # the unit-size marks, between the company strip and the type symbol
SIZED_SYMBOL_BOX = (19, 31, layout.COUNTER - 19, 43)  # the type symbol under a size mark
SIZE_MARKS = {"platoon": "...", "company": "I", "battalion": "II", "regiment": "III", "brigade": "X", "division": "XX"}
"""The NATO unit-size symbols: a dot per platoon dot, a bar per I, a small cross per X."""


def size_symbol(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], size: str, colour: RGB) -> None:
    """The unit-size symbol of ``size`` centred in ``box`` (inclusive corners): dots, bars or crosses
    the height of the box, drawn as shapes so they stay sharp at the counter's small size."""
    marks = SIZE_MARKS[size]
    x0, y0, x1, y1 = box
    h = y1 - y0
    widths = {".": 2, "I": 2, "X": h + 1}
    gap = 2
    total = sum(widths[m] for m in marks) + gap * (len(marks) - 1)
    x = (x0 + x1 + 1 - total) // 2
    for m in marks:
        w = widths[m]
        if m == ".":
            draw.rectangle((x, y1 - 1, x + 1, y1), fill=colour)
        elif m == "I":
            draw.rectangle((x, y0, x + 1, y1), fill=colour)
        else:
            draw.line((x, y0, x + w - 1, y1), fill=colour, width=1)
            draw.line((x, y1, x + w - 1, y0), fill=colour, width=1)
        x += w + gap


NAME_ROW = (2, 2, layout.COUNTER - 3, 13)
SET_UP_SQUARE = (3, 28, 17, 43)
TURN_CIRCLE = (layout.COUNTER - 18, 28, layout.COUNTER - 3, 43)
TURN_LABEL = (layout.COUNTER - 16, 30, layout.COUNTER - 5, 41)  # the square inside the circle
BODY_VALUES = (2, 44, layout.COUNTER - 3, layout.COUNTER - 3)  # black values, on the body


def unit_face(look: Presentation, unit: Unit, spent: bool, setup_label: str | None = None) -> UnitFace:
    """The layout of one side of a unit counter (pure: measured with the shipped fonts). The set-up
    square shows ``setup_label`` (the set-up area's letter, ``artwork.setup_label``), else the area's
    number; a unit that sets up in any area of a class shows its class's letter there when it has one.
    A unit with a size (``Unit.size``) has its size symbol above a shorter type symbol. A mark may give the counter its own colours (``MarkLook.body``, ``spent``, ``ink``)."""
    side = look.side(unit.side)
    body = _marked(look, unit, "spent" if spent else "body") or counter_colour(look, unit.side, spent)
    numbers = value_colour(look, unit)
    strip = VALUE_PLATE if numbers != BLACK else side.strip
    plates = [Plate(COMPANY_STRIP, strip)]
    name_ink = _marked(look, unit, "ink") or (side.ink if not spent else BLACK)
    texts = [
        _boxed("formation", unit.formation, NAME_ROW, (("bold", 11, 9), ("condensed", 11, 7)), name_ink, body),
        _boxed("company", unit.company, COMPANY_STRIP, (("bold", 11, 8), ("condensed", 10, 7)), numbers, strip),
    ]
    if not spent:
        setup = unit.setup
        if setup.kind is SetupKind.AREA and setup.area is not None:
            plates.append(Plate(SET_UP_SQUARE, BLACK))
            texts.append(_boxed("setup-area", setup_label or str(setup.area), SET_UP_SQUARE, (("bold", 10, 7), ("condensed", 9, 6)), WHITE, BLACK))
        elif setup.kind is SetupKind.CLASS and setup_label:  # "any <class>": the class's letter (an L unit)
            plates.append(Plate(SET_UP_SQUARE, BLACK))
            texts.append(_boxed("setup-area", setup_label, SET_UP_SQUARE, (("bold", 10, 7), ("condensed", 9, 6)), WHITE, BLACK))
        elif setup.kind in (SetupKind.TURN, SetupKind.CARD):
            plates.append(Plate(TURN_CIRCLE, TURN_RED, "ellipse", WHITE if side.ink == WHITE else None))
            label = str(setup.turn) if setup.kind is SetupKind.TURN else "*"
            texts.append(_boxed("arrival-turn", label, TURN_LABEL, (("bold", 10 if label != "*" else 13, 7),), WHITE, TURN_RED))
    behind, band = body, BODY_VALUES
    if numbers != BLACK:
        behind, band = VALUE_PLATE, VALUE_BAND
        plates.append(Plate(band, behind))
    if spent:
        texts.append(_boxed("spent-defence", str(unit.spent_defense), band, (("bold", 15, 10),), numbers, behind))
    else:
        values = f"{unit.firepower}-{unit.defense}-{unit.movement}"
        texts.append(_boxed("values", values, band, (("bold", 15, 10),), numbers, behind))
    symbol = SIZED_SYMBOL_BOX if unit.size else SYMBOL_BOX
    return UnitFace(body, side.dark, tuple(plates), symbol, symbol_colour(look, unit), tuple(texts), unit.size, name_ink)


def unit_face_texts(look: Presentation, unit: Unit, spent: bool, setup_label: str | None = None) -> tuple[FaceText, ...]:
    """Every text printed on one side of a unit counter, with its colours."""
    return unit_face(look, unit, spent, setup_label).texts


def render_unit(look: Presentation, unit: Unit, spent: bool, setup_label: str | None = None) -> bytes:
    """One side of a unit counter as PNG bytes, drawn from :func:`unit_face`."""
    return png_bytes(unit_picture(look, unit, spent, setup_label))


def unit_picture(look: Presentation, unit: Unit, spent: bool, setup_label: str | None = None) -> Image.Image:
    """:func:`render_unit`'s picture before it is encoded (RGB): for a caller that reads its pixels."""
    s = layout.COUNTER
    face = unit_face(look, unit, spent, setup_label)
    img = Image.new("RGB", (s, s), face.body)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, s - 1, s - 1), outline=face.frame, width=2)
    for plate in face.plates:
        plate.draw(d)
    type_symbol(d, face.symbol, look.symbol(unit.type), face.symbol_colour)
    if face.size:
        size_symbol(d, SIZE_ROW, face.size, face.size_colour)
    for text in face.texts:
        text.draw(d)
    return img


# ------------------------------------------------------------------------------------------
# Markers: control and fire markers in the side's colours; trench levels 1-3; turn,
# no supply and no replacements markers.

TRENCH_BROWN: RGB = (118, 84, 46)
TRENCH_LINE: RGB = (232, 206, 150)
WARNING_FRAME: RGB = (200, 0, 0)
MARKER_BODY: dict[str, RGB] = {
    "trench": TRENCH_BROWN,
    "no-supply": (250, 215, 60),
    "no-replacements": (245, 165, 70),
}
MARKER_PAPER: RGB = (250, 248, 238)
FRAMED_MARKERS = ("no-supply", "no-replacements")  # a red warning frame inside the edge


@record
class MarkerFace:
    """A marker face laid out: body and frame colours and every text (the star of a fire marker,
    the trench line and the warning frame are drawn by :func:`render_marker` clear of the texts)."""

    body: RGB
    frame: RGB
    texts: tuple[FaceText, ...]


def marker_lines(d: ImageDraw.ImageDraw, title: str, width: float) -> tuple[list[str], str, int]:
    """The title one word per line at the largest (style, size) where every line fits; a word too
    long even in the condensed face at 8 px is split with a hyphen."""
    words = title.split()
    for style, size, minimum in (("bold", 13, 8), ("condensed", 11, 8)):
        for px in range(size, minimum - 1, -1):
            if all(_text_w(d, w, font(style, px)) <= width for w in words):
                return words, style, px
    out: list[str] = []
    for w in words:
        if _text_w(d, w, font("condensed", 8)) <= width:
            out.append(w)
        else:
            cut = len(w) - 5 if w.endswith("MENTS") else (len(w) + 1) // 2
            out += [w[:cut] + "-", w[cut:]]
    for style, size, minimum in (("bold", 12, 10), ("condensed", 11, 6)):
        for px in range(size, minimum - 1, -1):
            if all(_text_w(d, line, font(style, px)) <= width for line in out):
                return out, style, px
    raise BuildError(f"marker title {title!r} does not fit a {layout.COUNTER} px counter")


def marker_face(look: Presentation, kind: MarkerKind, index: int) -> MarkerFace:
    """The layout of one face of a marker (pure: measured with the shipped fonts)."""
    s = layout.COUNTER
    d = _measure()
    state = kind.states[index]
    side = Side.named(state)
    owner: SideLook | None = look.side(side) if side is not None else None
    if owner is not None:
        body, ink = owner.counter, owner.ink
    else:
        body = MARKER_BODY.get(kind.id, MARKER_PAPER)
        ink = WHITE if kind.id == "trench" else BLACK
    frame = owner.dark if owner is not None else BLACK
    title = kind.name.upper()
    texts: list[FaceText] = []
    if len(kind.states) == 1:
        width = s - 14 if kind.id in FRAMED_MARKERS else s - 12
        lines, style, size = marker_lines(d, title, width)
        step = size + 2
        y = s / 2 - step * (len(lines) - 1) / 2
        texts += [FaceText("title", line, s / 2, y + i * step, style, size, ink, body) for i, line in enumerate(lines)]
        return MarkerFace(body, frame, tuple(texts))
    style, size = fit_font(d, title, s - 8, (("bold", 11, 8),))
    texts.append(FaceText("title", title, s / 2, 10, style, size, ink, body))
    if kind.id == "fire" and owner is not None:
        texts.append(FaceText("side", owner.abbreviation, s / 2, 51, "bold", 12, ink, body))
    elif kind.id == "trench":
        texts.append(FaceText("level", state, s / 2, 46, "bold", 20, ink, body))
    else:
        label = owner.abbreviation if owner is not None else state.upper()
        style, size = fit_font(d, label, s - 8, (("bold", 22, 9),))
        texts.append(FaceText("state", label, s / 2, 38, style, size, ink, body))
    return MarkerFace(body, frame, tuple(texts))


def marker_face_texts(look: Presentation, kind: MarkerKind, index: int) -> tuple[FaceText, ...]:
    """Every text printed on one face of a marker, with its colours."""
    return marker_face(look, kind, index).texts


def render_marker(look: Presentation, kind: MarkerKind, index: int) -> bytes:
    """One face of a marker as PNG bytes, drawn from :func:`marker_face`."""
    s = layout.COUNTER
    face = marker_face(look, kind, index)
    img = Image.new("RGB", (s, s), face.body)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, s - 1, s - 1), outline=face.frame, width=2)
    if kind.id in FRAMED_MARKERS:
        d.rectangle((3, 3, s - 4, s - 4), outline=WARNING_FRAME, width=2)
    elif kind.id == "fire":
        star(d, s / 2, 30, 13, (255, 170, 0))
    elif kind.id == "trench":
        d.line([(6 + i * 8, 24 if i % 2 == 0 else 31) for i in range(7)], fill=TRENCH_LINE, width=3)
    for text in face.texts:
        text.draw(d)
    return png_bytes(img)


# ------------------------------------------------------------------------------------------
# Cards: each side's cards wear its counter colour on the header band. The face is laid out as a list
# of texts measured with the font, so nothing is clipped and the effect text ends above the footer
# (tested for every card). The timing class of a card is printed in a badge at the top right with
# its meaning beside it; the back of each deck carries the full key.

CARD_MARGIN = 6
PAPER: RGB = (252, 250, 242)
FOOTER_INK: RGB = (150, 0, 0)
FOOTER_RULE: RGB = (200, 188, 165)
EFFECT_FONTS = (("regular", 12), ("regular", 11), ("condensed", 11))  # never below 11 px
EFFECT_GAP = 5  # pixels kept clear between the effect text and the footer (or the frame)
LINE = 13  # line step of the 11 px texts
# The timing classes (the cards' ``timing`` letters, docs/data-format.md): the word printed beside the letter on a face, and the key printed on each deck's back.
TIMING_WORD = {"A": "action", "D": "in your action", "R": "reaction", "E": "End phase", "X": "after any action"}
TIMING_KEY = (
    ("A", "the card is your action"),
    ("D", "any time in your action"),
    ("R", "when its situation arises"),
    ("E", "End phase, supply step"),
    ("X", "at the end of any action"),
)


@record
class CardFace:
    """A card face laid out: the height of the coloured header ``band``, the plates (the timing
    badge), every text, the top of the footer (its rule; the frame's inner edge when the card has
    no footer) and the box of the effect text."""

    band: int
    plates: tuple[Plate, ...]
    texts: tuple[FaceText, ...]
    footer_top: int
    effect_box: tuple[float, float, float, float]


def _wrap(draw: ImageDraw.ImageDraw, text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
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


def _flow(d: ImageDraw.ImageDraw, items: list[str], f: ImageFont.FreeTypeFont, width: float, gap: str) -> list[str]:
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


def card_colour(look: Presentation, side: Side | None) -> RGB:
    """The colour of a card's header band: its side's card colour, else its counter colour; grey for a card of no side."""
    return (look.side(side).card or look.side(side).counter) if side else (170, 170, 170)


def card_ink(look: Presentation, side: Side | None) -> RGB:
    """The text on a card's header band: the side's card ink, else its counter ink; black for a card of no side."""
    return (look.side(side).card_ink or look.side(side).ink) if side else BLACK


def card_paper(look: Presentation, side: Side | None) -> RGB:
    """The card face under the band: the side's card paper, else the common paper."""
    return (look.side(side).card_paper or PAPER) if side else PAPER


def card_face(look: Presentation, card: Card) -> CardFace:
    """The layout of a card face (pure: measured with the shipped fonts)."""
    w, h, m = layout.CARD_W, layout.CARD_H, CARD_MARGIN
    width = w - 2 * m
    d = _measure()
    band_colour = card_colour(look, card.side)
    ink = card_ink(look, card.side)
    dark = look.side(card.side).dark if card.side else BLACK
    paper = card_paper(look, card.side)
    texts = [FaceText("id", card.id, m, 15, "bold", 11, ink, band_colour, "ls")]
    plates: list[Plate] = []
    if card.timing != "-":  # "-": the special card, not used in play (2.3), shows no timing
        x1 = w - 5
        x0 = x1 - round(_text_w(d, card.timing, font("bold", 12))) - 9
        plates.append(Plate((x0, 3, x1, 18), paper, "rounded", dark))
        texts.append(FaceText("timing", card.timing, (x0 + x1 + 1) / 2, 15, "bold", 12, dark, paper, "ms"))
        word = " or ".join(TIMING_WORD[letter] for letter in card.timing.split("/"))
        room = x0 - 4 - m - _text_w(d, card.id, font("bold", 11)) - 6
        style, size = fit_font(d, word, room, (("regular", 11, 11), ("condensed", 11, 11)))
        texts.append(FaceText("timing-word", word, x0 - 4, 15, style, size, ink, band_colour, "rs"))
    # the title: at most two lines, bold 13 down to condensed 11
    for style, size in (("bold", 13), ("bold", 12), ("bold", 11), ("condensed", 11)):
        title = _wrap(d, card.name, font(style, size), width)
        if len(title) <= 2 and _fits(d, title, font(style, size), width):
            break
    else:
        raise BuildError(f"card {card.id}: the title does not fit two lines")
    texts += [FaceText("title", line, m, 20 + i * (size + 2), style, size, ink, band_colour, "la") for i, line in enumerate(title)]
    band = math.ceil(max(t.bbox()[3] for t in texts)) + 2
    # stats (Entrenchment, Firepower) under the band
    stats = []
    if card.entrenchment is not None:
        stats.append(f"Entrenchment {card.entrenchment}")
    if card.firepower is not None:
        stats.append(f"Firepower {card.firepower}")
    y = band + 6
    for line in _flow(d, stats, font("bold", 11), width, "   "):
        texts.append(FaceText("stats", line, m, y, "bold", 11, dark, paper, "la"))
        y += LINE
    if stats:
        y += 3
    # the footer, from the bottom edge up, under a rule
    footer = []
    if card.removed_after_play:
        footer.append("Remove after play")
    if card.turns:
        footer.append("Turns " + ",".join(str(t) for t in card.turns))
    footer_lines = _flow(d, footer, font("bold", 11), width, "  ·  ")
    footer_top = h - 7 - LINE * len(footer_lines) if footer_lines else h - 2
    texts += [FaceText("footer", line, m, footer_top + 3 + i * LINE, "bold", 11, FOOTER_INK, paper, "la") for i, line in enumerate(footer_lines)]
    # the effect: the largest font whose wrapped lines all fit between the stats and the footer
    for style, size in EFFECT_FONTS:
        f = font(style, size)
        lines = _wrap(d, card.effect, f, width)
        effect = [FaceText("effect", line, m, y + i * (size + 2), style, size, BLACK, paper, "la") for i, line in enumerate(lines)]
        if _fits(d, lines, f, width) and effect[-1].bbox()[3] <= footer_top - EFFECT_GAP:  # the last line is the lowest
            break
    else:
        raise BuildError(f"card {card.id}: the effect text does not fit the card face at 11 px")
    boxes = [t.bbox() for t in effect]
    effect_box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    return CardFace(band, tuple(plates), tuple(texts + effect), footer_top, effect_box)


def card_face_texts(look: Presentation, card: Card) -> tuple[FaceText, ...]:
    """Every text printed on a card face, with its colours."""
    return card_face(look, card).texts


def render_card(look: Presentation, card: Card) -> bytes:
    """A card face as PNG bytes, drawn from :func:`card_face`."""
    w, h = layout.CARD_W, layout.CARD_H
    face = card_face(look, card)
    dark = look.side(card.side).dark if card.side else BLACK
    img = Image.new("RGB", (w, h), card_paper(look, card.side))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, face.band), fill=card_colour(look, card.side))
    d.line((0, face.band, w - 1, face.band), fill=dark, width=2)
    if face.footer_top < h - 2:
        d.line((CARD_MARGIN, face.footer_top, w - 1 - CARD_MARGIN, face.footer_top), fill=FOOTER_RULE, width=1)
    d.rectangle((0, 0, w - 1, h - 1), outline=dark, width=2)
    for plate in face.plates:
        plate.draw(d)
    for text in face.texts:
        text.draw(d)
    return png_bytes(img)


@record
class CardBack:
    """The back of a deck laid out: background and accent colours and every text."""

    background: RGB
    accent: RGB
    texts: tuple[FaceText, ...]


BACK_EMBLEM = (layout.CARD_W / 2, 95, 28)  # centre x, y and radius of the roundel


def card_back(look: Presentation, side: Side | None, title_text: str, letters: tuple[str, ...] | None = None) -> CardBack:
    """The layout of a deck's back: the game's title (``title_text``), emblem, deck name and, on the
    sides' decks, the key to the timing letters (those in ``letters``, the letters the game's cards
    use; all when None); the back of the cards of no side says they are not used in play."""
    w = layout.CARD_W
    d = _measure()
    bg: RGB = look.side(side).dark if side else (80, 80, 80)
    title = _wrap(d, title_text.upper(), font("bold", 12), w - 36)
    texts = [FaceText("title", line, w / 2, 31 + i * 15, "bold", 12, WHITE, bg) for i, line in enumerate(title)]
    label = side.label.upper() if side else "SPECIAL"
    style, size = fit_font(d, label, w - 36, (("bold", 18, 11),))
    texts.append(FaceText("deck", label, w / 2, 141, style, size, WHITE, bg))
    texts.append(FaceText("deck", "TACTICS CARD", w / 2, 160, "bold", 11, (225, 225, 225), bg))
    if side is None:
        texts.append(FaceText("note", "not used in play", w / 2, 196, "regular", 11, WHITE, bg))
        return CardBack(bg, card_colour(look, side), tuple(texts))
    room = w - 37 - 18
    key = [(letter, meaning) for letter, meaning in TIMING_KEY if letters is None or letter in letters]
    style = "regular" if all(_text_w(d, meaning, font("regular", 11)) <= room for _, meaning in key) else "condensed"
    for i, (letter, meaning) in enumerate(key):
        y = 181 + i * LINE
        texts.append(FaceText("timing-key", letter, 26, y, "bold", 11, WHITE, bg, "ms"))
        texts.append(FaceText("timing-key", meaning, 37, y, style, 11, WHITE, bg, "ls"))
    return CardBack(bg, card_colour(look, side), tuple(texts))


def card_back_texts(look: Presentation, side: Side | None, title_text: str, letters: tuple[str, ...] | None = None) -> tuple[FaceText, ...]:
    """Every text printed on a deck's back, with its colours."""
    return card_back(look, side, title_text, letters).texts


def render_card_back(look: Presentation, side: Side | None, title_text: str, letters: tuple[str, ...] | None = None) -> bytes:
    """The back of a side's deck as PNG bytes: the side's dark colour, a double frame, the texts of
    :func:`card_back` and the side's emblem (a tricolour roundel, a cross edged in white, or a star,
    on the side's colour; a white star on grey for the cards of no side)."""
    w, h = layout.CARD_W, layout.CARD_H
    back = card_back(look, side, title_text, letters)
    img = Image.new("RGB", (w, h), back.background)
    d = ImageDraw.Draw(img)
    d.rectangle((6, 6, w - 7, h - 7), outline=back.accent, width=3)
    d.rectangle((12, 12, w - 13, h - 13), outline=WHITE, width=1)
    cx, cy, r = BACK_EMBLEM
    emblem = look.side(side).emblem if side else None
    if emblem is not None and emblem.kind == "roundel":
        left, right = emblem.colours[0], emblem.colours[-1]
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)
        d.pieslice((cx - r + 3, cy - r + 3, cx + r - 3, cy + r - 3), 90, 270, fill=left)
        d.pieslice((cx - r + 3, cy - r + 3, cx + r - 3, cy + r - 3), 270, 90, fill=right)
        d.rectangle((cx - r / 3, cy - r + 3, cx + r / 3, cy + r - 3), fill=WHITE)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=WHITE, width=3)
    elif emblem is not None and emblem.kind == "cross":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=back.accent, outline=WHITE, width=3)
        for half, colour in ((9, WHITE), (5, emblem.colours[0])):
            d.rectangle((cx - half, cy - r * 0.7, cx + half, cy + r * 0.7), fill=colour)
            d.rectangle((cx - r * 0.7, cy - half, cx + r * 0.7, cy + half), fill=colour)
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=back.accent, outline=WHITE, width=3)
        star(d, cx, cy, r * 0.75, emblem.colours[0] if emblem is not None else WHITE)
    for text in back.texts:
        text.draw(d)
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
    """Artwork supplied by the maintainer (``images/<game id>/<name>``) wins over a drawn image. Read
    and header-checked by ``image_check.read_artwork``: a link out of the folder, a file that is not
    a PNG or over the limits is one ``InputError`` line."""
    from sdbp_module.vassal.image_check import read_artwork

    return None if images_dir is None else read_artwork(images_dir, name)
