"""The faces of a standard deck of playing cards and its back, drawn with Pillow (pure: card in, PNG
bytes out; docs/playing-cards.md).

The module's card size (``layout.CARD_W`` × ``layout.CARD_H``, 180 × 252) and its shipped fonts
(``images.font``, DejaVu Sans, whose suit symbols ♠ ♣ ♥ ♦ are drawn as glyphs). A face reads at 100 %:
the rank and the suit in the top-left corner and, turned half round, in the bottom-right one; in the
centre the pips of a number card in the usual layout (those of the lower half turned), one large pip
for an Ace, a framed panel with the large rank, the large suit and the rank's word (JACK, QUEEN,
KING) for a face card. Hearts and diamonds are red, spades and clubs black. The Joker is violet and
gold, JOKER down its corners and across its centre under a star, and has no suit. Same card, same
bytes (``images.png_bytes``: no text chunk, no time).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from sdbp_module.model.playing_cards import FACE_RANKS, RANK_NOUNS, Colour, PlayingCard
from sdbp_module.vassal import layout
from sdbp_module.vassal.images import RGB, font, png_bytes

W, H = layout.CARD_W, layout.CARD_H
PAPER: RGB = (255, 255, 255)
EDGE: RGB = (120, 120, 120)
INK: dict[Colour, RGB] = {Colour.BLACK: (0, 0, 0), Colour.RED: (196, 0, 0)}
"""The ink of each colour (red on white: contrast 5.9:1)."""
TINT: dict[Colour, RGB] = {Colour.BLACK: (232, 236, 246), Colour.RED: (252, 232, 232)}
"""The face cards' panel behind the large rank and suit."""
JOKER_INK: RGB = (92, 32, 128)
JOKER_GOLD: RGB = (232, 176, 32)
BACK: RGB = (28, 50, 118)
BACK_LINE: RGB = (70, 100, 176)

CORNER_X = 21  # the centre line of a corner index
CORNER_WIDTH = 30  # the widest a corner index may be (clear of the pips of the side columns)
RANK_SIZE, CORNER_SUIT_SIZE = 28, 30
PIP_SIZE, ACE_SIZE = 36, 112
LEFT, MIDDLE, RIGHT = 56, W // 2, W - 56
TOP, BOTTOM = 50, H - 50

_ROWS = {"top": TOP, "q1": TOP + (BOTTOM - TOP) / 3, "mid": (TOP + BOTTOM) / 2, "q2": TOP + 2 * (BOTTOM - TOP) / 3, "bottom": BOTTOM}
_UPPER = (TOP + (TOP + BOTTOM) / 2) / 2  # between the top row and the middle
_LOWER = H - _UPPER
_TEN_UP, _TEN_DOWN = (_ROWS["top"] + _ROWS["q1"]) / 2, (_ROWS["q2"] + _ROWS["bottom"]) / 2

PIPS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((MIDDLE, TOP), (MIDDLE, BOTTOM)),
    "3": ((MIDDLE, TOP), (MIDDLE, _ROWS["mid"]), (MIDDLE, BOTTOM)),
    "4": ((LEFT, TOP), (RIGHT, TOP), (LEFT, BOTTOM), (RIGHT, BOTTOM)),
    "5": ((LEFT, TOP), (RIGHT, TOP), (MIDDLE, _ROWS["mid"]), (LEFT, BOTTOM), (RIGHT, BOTTOM)),
    "6": tuple((x, y) for y in (TOP, _ROWS["mid"], BOTTOM) for x in (LEFT, RIGHT)),
    "7": (*tuple((x, y) for y in (TOP, _ROWS["mid"], BOTTOM) for x in (LEFT, RIGHT)), (MIDDLE, _UPPER)),
    "8": (*tuple((x, y) for y in (TOP, _ROWS["mid"], BOTTOM) for x in (LEFT, RIGHT)), (MIDDLE, _UPPER), (MIDDLE, _LOWER)),
    "9": (*tuple((x, _ROWS[r]) for r in ("top", "q1", "q2", "bottom") for x in (LEFT, RIGHT)), (MIDDLE, _ROWS["mid"])),
    "10": (*tuple((x, _ROWS[r]) for r in ("top", "q1", "q2", "bottom") for x in (LEFT, RIGHT)), (MIDDLE, _TEN_UP), (MIDDLE, _TEN_DOWN)),
}
"""The centres of a number card's pips (the usual layout); a pip below the middle is drawn turned."""


def _glyph(text: str, style: str, size: int, fill: RGB) -> Image.Image:
    """``text`` as a tight RGBA tile (its inked box), so it can be centred on its ink and turned."""
    f = font(style, size)
    x0, y0, x1, y1 = f.getbbox(text, anchor="ls")
    tile = Image.new("RGBA", (int(x1 - x0) + 2, int(y1 - y0) + 2), (*fill, 0))
    ImageDraw.Draw(tile).text((1 - x0, 1 - y0), text, font=f, fill=(*fill, 255), anchor="ls")
    box = tile.getbbox()
    return tile.crop(box) if box else tile


def _put(img: Image.Image, tile: Image.Image, cx: float, cy: float, turned: bool = False) -> None:
    """Paste ``tile`` centred on (cx, cy), turned half round when ``turned``."""
    if turned:
        tile = tile.rotate(180)
    img.paste(tile, (round(cx - tile.width / 2), round(cy - tile.height / 2)), tile)


def _corner(img: Image.Image, lines: list[tuple[str, str, int]], fill: RGB, top: int = 10, gap: int = 5) -> None:
    """The corner index: ``lines`` (text, style, size) stacked on the corner's centre line at the top
    left, and the same turned half round at the bottom right."""
    tiles = [_narrow(_glyph(text, style, size, fill), CORNER_WIDTH) for text, style, size in lines]
    height = sum(t.height for t in tiles) + gap * (len(tiles) - 1)
    width = max(t.width for t in tiles)
    block = Image.new("RGBA", (max(width, 2 * CORNER_X - 4), height), (*fill, 0))
    y = 0
    for t in tiles:
        block.paste(t, ((block.width - t.width) // 2, y), t)
        y += t.height + gap
    _put(img, block, CORNER_X, top + height / 2)
    _put(img, block, W - CORNER_X, H - top - height / 2, turned=True)


def _narrow(tile: Image.Image, width: int) -> Image.Image:
    """``tile`` squeezed to ``width`` if wider (a corner's ``10``), its height kept."""
    return tile if tile.width <= width else tile.resize((width, tile.height), Image.Resampling.LANCZOS)


def _paper(colour: RGB = PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (W, H), colour)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=10, outline=EDGE, width=2)
    return img, d


def render_face(card: PlayingCard) -> bytes:
    """A card's face as PNG bytes."""
    if card.rank is None or card.suit is None:
        return _joker()
    img, d = _paper()
    ink = INK[card.suit.colour]
    symbol = card.suit.symbol
    _corner(img, [(card.rank, "bold", RANK_SIZE), (symbol, "regular", CORNER_SUIT_SIZE)], ink)
    if card.rank == "A":
        _put(img, _glyph(symbol, "regular", ACE_SIZE, ink), W / 2, H / 2)
    elif card.rank in FACE_RANKS:
        tint = TINT[card.suit.colour]
        d.rectangle((42, 40, W - 43, H - 41), fill=tint, outline=ink, width=2)
        _put(img, _glyph(card.rank, "bold", 74, ink), W / 2, 92)
        _put(img, _glyph(symbol, "regular", 62, ink), W / 2, 160)
        _put(img, _glyph(RANK_NOUNS[card.rank].upper(), "bold", 15, ink), W / 2, 198)
    else:
        pip = _glyph(symbol, "regular", PIP_SIZE, ink)
        for x, y in PIPS[card.rank]:
            _put(img, pip, x, y, turned=y > H / 2 + 1)
    return png_bytes(img)


def _joker() -> bytes:
    img, d = _paper()
    _corner(img, [(c, "bold", 15) for c in "JOKER"], JOKER_INK, top=12, gap=3)
    d.rounded_rectangle((40, 44, W - 41, H - 45), radius=12, fill=JOKER_INK)
    _put(img, _glyph("\u2605", "regular", 84, JOKER_GOLD), W / 2, 104)
    _put(img, _glyph("JOKER", "bold", 24, (255, 255, 255)), W / 2, 172)
    return png_bytes(img)


def render_back(title: str = "") -> bytes:
    """The back every card of the deck shares: a dark blue lattice in a white frame, ``title`` (if
    any) on a plate in the centre."""
    img = Image.new("RGB", (W, H), PAPER)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=10, fill=PAPER, outline=EDGE, width=2)
    inner = (10, 10, W - 11, H - 11)
    d.rectangle(inner, fill=BACK)
    step = 18
    for k in range(-H, W + H, step):
        d.line((inner[0] + k, inner[1], inner[0] + k + (inner[3] - inner[1]), inner[3]), fill=BACK_LINE, width=2)
        d.line((inner[0] + k, inner[3], inner[0] + k + (inner[3] - inner[1]), inner[1]), fill=BACK_LINE, width=2)
    d.rectangle((0, 0, W - 1, inner[1] - 1), fill=PAPER)
    d.rectangle((0, inner[3] + 1, W - 1, H - 1), fill=PAPER)
    d.rectangle((0, 0, inner[0] - 1, H - 1), fill=PAPER)
    d.rectangle((inner[2] + 1, 0, W - 1, H - 1), fill=PAPER)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=10, outline=EDGE, width=2)
    d.rectangle(inner, outline=PAPER, width=3)
    if title:
        d.rounded_rectangle((30, H / 2 - 22, W - 31, H / 2 + 22), radius=8, fill=PAPER, outline=BACK_LINE, width=2)
        _put(img, _glyph(title, "bold", _title_size(title), BACK), W / 2, H / 2)
    return png_bytes(img)


def _title_size(title: str) -> int:
    for size in range(18, 9, -1):
        if font("bold", size).getlength(title) <= W - 76:
            return size
    return 10


def contact_sheet(cards: tuple[PlayingCard, ...], columns: int = 14, title: str = "") -> Image.Image:
    """Every face (and the back, last) side by side at 100 %, for a person to look at."""
    import io

    tiles = [render_face(card) for card in cards] + [render_back(title)]
    rows = -(-len(tiles) // columns)
    gap = 8
    sheet = Image.new("RGB", (columns * (W + gap) + gap, rows * (H + gap) + gap), (60, 110, 70))
    for i, data in enumerate(tiles):
        tile = Image.open(io.BytesIO(data))
        sheet.paste(tile, (gap + (i % columns) * (W + gap), gap + (i // columns) * (H + gap)))
    return sheet
