"""Drawn artwork: sizes that read at 100 %, no time metadata, shipped fonts (the help page: test_help.py)."""

from __future__ import annotations

import io
import struct

from PIL import Image

from sdbp_module.model.game_data import GameData
from sdbp_module.vassal import board_art, images, layout, pieces

from .conftest import Built


def png_chunks(data: bytes) -> list[bytes]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, out = 8, []
    while pos < len(data):
        length = struct.unpack(">I", data[pos : pos + 4])[0]
        out.append(data[pos + 4 : pos + 8])
        pos += 12 + length
    return out


def test_images_have_no_text_or_time_chunks(built: Built) -> None:
    for name, data in built.entries.items():
        if name.endswith(".png"):
            assert set(png_chunks(data)) <= {b"IHDR", b"IDAT", b"IEND", b"PLTE"}, name


def test_image_sizes(built: Built, game: GameData) -> None:
    def size(name: str) -> tuple[int, int]:
        return Image.open(io.BytesIO(built.entries["images/" + name])).size

    assert size("map.png") == (built.layout.width, built.layout.height)
    unit = game.units[0]
    assert size(pieces.unit_image(unit, False)) == size(pieces.unit_image(unit, True)) == (layout.COUNTER, layout.COUNTER)
    assert size(pieces.card_image(game.cards[0])) == (layout.CARD_W, layout.CARD_H)
    assert size(pieces.marker_image(game.markers[0], 1)) == (layout.COUNTER, layout.COUNTER)


def test_fresh_and_spent_sides_differ(game: GameData) -> None:
    unit = game.units[0]
    assert images.render_unit(game.presentation, unit, False) != images.render_unit(game.presentation, unit, True)


def test_fonts_are_the_shipped_ones() -> None:
    for file in images.FONT_FILES.values():
        assert (images.FONTS_DIR / file).is_file()
    assert (images.FONTS_DIR / "LICENSE-DejaVu.txt").is_file()
    assert images.font("bold", 12).path.startswith(str(images.FONTS_DIR))  # type: ignore[attr-defined]


def test_rivers_follow_shared_polygon_edges(game: GameData) -> None:
    river = next(b for b in game.borders if b.river)
    edges = board_art.shared_edges(game.area(river.a).polygon, game.area(river.b).polygon)
    assert edges


def test_counter_spots_avoid_the_label_and_stay_inside() -> None:
    square = ((0, 0), (400, 0), (400, 400), (0, 400))
    spots = layout.spots(square, (200, 200))
    assert spots and all(34 <= x <= 366 and 34 <= y <= 366 for x, y in spots)
    assert all((x - 200) ** 2 + (y - 200) ** 2 >= 70**2 for x, y in spots)
