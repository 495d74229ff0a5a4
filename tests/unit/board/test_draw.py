"""board.draw: pictures on the module's own images (else drawn), cropped and scaled, deterministic."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from sdbp_module.board.draw import (
    ARROW_COLOUR,
    HIGHLIGHT,
    MAX_H,
    MAX_W,
    BoardPainter,
    Picture,
)
from sdbp_module.board.scene import HALF, Arrow, ArrowKind, Counter, Scene
from sdbp_module.errors import InputError
from sdbp_module.games.sodbp.ids import VIET_MINH
from sdbp_module.ids import AreaId, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.apply import apply
from sdbp_module.replay.events import Fire, Move, Where
from sdbp_module.replay.scenario import printed_start
from sdbp_module.replay.snapshots import Snapshot
from sdbp_module.replay.state import GameState
from sdbp_module.vassal import images, layout, pieces

V = VIET_MINH
AT = Where("t.vlog", 9)
MAP_COLOUR = (10, 200, 30)
UNIT_COLOUR = (250, 0, 250)


def start(game: GameData) -> GameState:
    return apply(GameState.empty(), printed_start(game))


def decode(picture: Picture) -> Image.Image:
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == {"image/jpeg": "JPEG", "image/png": "PNG"}[picture.mime]
    assert image.size == (picture.width, picture.height)
    return image.convert("RGB")


def png(colour: tuple[int, int, int], size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def fake_module(path: Path, lay: layout.Layout, units: dict[str, tuple[int, int, int]], *, map_size: tuple[int, int] | None = None) -> Path:
    """A .vmod holding a plain map and plain faces for ``units`` (image name → colour)."""
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", "<module/>")
        if map_size != (0, 0):
            z.writestr("images/map.png", png(MAP_COLOUR, map_size or (lay.width, lay.height)))
        for name, colour in units.items():
            z.writestr(f"images/{name}", png(colour, (layout.COUNTER, layout.COUNTER)))
    return path


def alone(sc: Scene, counter: Counter) -> bool:
    """No other counter, arrow or caption overlaps ``counter``'s square."""
    for other in sc.counters:
        if other is not counter and abs(other.x - counter.x) < 2 * HALF and abs(other.y - counter.y) < 2 * HALF:
            return False
    return counter.y > 120 and counter.x > 120 and not sc.arrows


def test_a_picture_is_cropped_scaled_and_deterministic(game: GameData, painter: BoardPainter) -> None:
    move = Move(side=V, units=(UnitId("VM-308-88-322-1"),), from_area=AreaId(7), to_area=AreaId(11), where=AT)
    snap = Snapshot(AT, start(game), (move,))
    pic = painter.picture(snap, areas=[AreaId(11)], units=[UnitId("VM-308-88-322-1")])
    assert pic.mime == "image/jpeg" and pic.width <= MAX_W and pic.height <= MAX_H
    decode(pic)
    assert painter.picture(snap, areas=[AreaId(11)], units=[UnitId("VM-308-88-322-1")]) == pic
    sc = painter.scene(snap, areas=[AreaId(11)], units=[UnitId("VM-308-88-322-1")])
    x0, y0, x1, y1 = painter.region(sc)
    assert sc.focus is not None and x0 <= sc.focus[0] and y0 <= sc.focus[1] and sc.focus[2] <= x1 and sc.focus[3] <= y1
    assert (x1 - x0, y1 - y0) == (1000, 800)  # a small focus: the smallest region, at full scale
    assert "move 7→11" in pic.alt and "areas 11 outlined" in pic.alt and "VM-308-88-322-1 ringed" in pic.alt


def test_nothing_concerned_shows_the_whole_board_scaled_down(game: GameData, painter: BoardPainter, lay: layout.Layout) -> None:
    pic = painter.picture(Snapshot(AT, start(game)))
    assert pic.width <= MAX_W and pic.height <= MAX_H
    assert abs(pic.width / pic.height - lay.width / lay.height) < 0.01
    full = painter.picture(Snapshot(AT, start(game)), crop=False, fmt="png")
    assert (full.width, full.height, full.mime) == (lay.width, lay.height, "image/png")


def test_highlights_and_arrows_are_drawn_in_their_colours(game: GameData, painter: BoardPainter) -> None:
    fire = Fire(side=V, units=(UnitId("VM-312-141-11-1"),), from_area=AreaId(12), target=AreaId(19), where=AT)
    snap = Snapshot(AT, start(game), (fire,))
    unit = UnitId("FR-GAACEO-REDON")
    image = decode(painter.picture(snap, units=[unit], areas=[AreaId(17)], crop=False, fmt="png"))
    sc = painter.scene(snap, units=[unit], areas=[AreaId(17)])
    ring = sc.rings[0]
    around = {image.getpixel((ring.x + dx, ring.y - HALF - d)) for dx in range(-5, 6) for d in range(1, 9)}
    assert HIGHLIGHT in around
    (ax, ay), (bx, by) = sc.arrows[0].points
    assert image.getpixel(((ax + bx) // 2, (ay + by) // 2)) == ARROW_COLOUR[ArrowKind.FIRE]
    label = game.area(AreaId(17)).polygon[0]
    edge = {image.getpixel((label[0] + dx, label[1] + dy)) for dx in range(-3, 4) for dy in range(-3, 4)}
    assert HIGHLIGHT in edge  # the outline runs through the area's corners


def test_drawn_counters_are_the_builds_faces_where_the_state_puts_them(game: GameData, painter: BoardPainter) -> None:
    state = start(game)
    snap = Snapshot(AT, state)
    image = decode(painter.picture(snap, crop=False, fmt="png"))
    sc = painter.scene(snap)
    checked = 0
    for c in sc.counters:
        if c.unit is None or not alone(sc, c):
            continue
        face = Image.open(io.BytesIO(images.render_unit(game.presentation, game.unit(c.unit), c.spent))).convert("RGB")
        assert image.crop((c.x - HALF, c.y - HALF, c.x + HALF, c.y + HALF)).tobytes() == face.tobytes(), c
        checked += 1
    assert checked >= 10


def test_the_modules_own_images_win_and_missing_ones_are_drawn(game: GameData, lay: layout.Layout, tmp_path: Path) -> None:
    redon = game.unit(UnitId("FR-GAACEO-REDON"))
    module = fake_module(tmp_path / "m.vmod", lay, {pieces.unit_image(redon, False): UNIT_COLOUR})
    painter = BoardPainter(game, module=module)
    snap = Snapshot(AT, start(game))
    image = decode(painter.picture(snap, crop=False, fmt="png"))
    sc = painter.scene(snap)
    c = sc.counter_of(redon.id)
    assert c is not None and alone(sc, c)
    assert image.getpixel((c.x, c.y)) == UNIT_COLOUR
    assert image.getpixel((5, lay.height - 5 - 40)) == MAP_COLOUR  # the module's map
    other = next(x for x in sc.counters if x.unit is not None and x.unit != redon.id and alone(sc, x))
    assert other.unit is not None
    face = Image.open(io.BytesIO(images.render_unit(game.presentation, game.unit(other.unit), other.spent))).convert("RGB")
    assert image.crop((other.x - HALF, other.y - HALF, other.x + HALF, other.y + HALF)).tobytes() == face.tobytes()


def test_maintainer_artwork_is_used_without_a_module(game: GameData, lay: layout.Layout, tmp_path: Path) -> None:
    (tmp_path / "map.png").write_bytes(png(MAP_COLOUR, (lay.width, lay.height)))
    image = decode(BoardPainter(game, images_dir=tmp_path).picture(Snapshot(AT, start(game)), crop=False, fmt="png"))
    assert image.getpixel((5, lay.height - 45)) == MAP_COLOUR


@pytest.mark.parametrize(
    ("kind", "message"),
    [("not-zip", "not a readable module"), ("no-map", "no images/map.png"), ("small-map", "is 100x100 pixels")],
)
def test_a_bad_module_is_one_input_error(game: GameData, lay: layout.Layout, tmp_path: Path, kind: str, message: str) -> None:
    path = tmp_path / "bad.vmod"
    if kind == "not-zip":
        path.write_bytes(b"not a zip")
    else:
        fake_module(path, lay, {}, map_size=(0, 0) if kind == "no-map" else (100, 100))
    with pytest.raises(InputError) as info:
        BoardPainter(game, module=path)
    assert str(path) in str(info.value) and message in str(info.value) and "\n" not in str(info.value)


def test_unknown_units_get_a_placeholder(game: GameData, painter: BoardPainter) -> None:
    state = start(game).with_units([(UnitId("XX-1"), start(game).units[UnitId("FR-GAACEO-REDON")])])
    pic = painter.picture(Snapshot(AT, state), units=[UnitId("XX-1")])
    assert decode(pic).size == (pic.width, pic.height)
    assert "XX-1 ringed" in pic.alt


def test_the_caption_and_the_colours_never_cover_a_counter(game: GameData) -> None:
    """A bar goes in a corner no counter is in, else in a strip added outside the board, above (the
    caption) or below (the arrow colours), the board's pixels kept whole."""
    from sdbp_module.board.draw import _legend

    board = Image.new("RGB", (400, 300), (10, 200, 30))
    arrow = Arrow(ArrowKind.MOVE, ((1, 1), (2, 2)), "move")
    sc = Scene(400, 300, 400, (), (), (), (arrow,), (), (), "after x.vlog#3", None)
    free = _legend(board.copy(), sc, [])
    assert free.size == (400, 300) and free.getpixel((2, 2)) == (255, 255, 255)  # top left: the caption
    corner = _legend(board.copy(), sc, [(0, 0, 200, 150), (0, 150, 200, 300)])  # the left side covered
    assert corner.size == (400, 300) and corner.getpixel((2, 2)) == (10, 200, 30) and corner.getpixel((396, 5)) == (255, 255, 255)
    full = _legend(board.copy(), sc, [(0, 0, 400, 300)])
    assert full.width == 400 and full.height > 300 + 40
    top = full.height - 300 - (full.height - 300) // 2
    assert all(full.getpixel((x, y)) == (10, 200, 30) for x in (0, 399) for y in (top, top + 299))


def highlighted(image: Image.Image) -> int:
    """Pixels of the highlight colour in ``image`` (an RGB image: its colours counted by PIL, not pixel by
    pixel in Python)."""
    assert image.mode == "RGB"
    colours = image.getcolors(image.width * image.height)
    assert colours is not None  # (a limit as large as the image: never passed)
    return sum(count for count, colour in colours if colour == HIGHLIGHT)


def test_the_card_picture_shows_the_piles_and_frames_the_card_named(game: GameData, painter: BoardPainter) -> None:
    from dataclasses import replace

    from sdbp_module.games.sodbp.ids import FRENCH
    from sdbp_module.replay.state import Piles

    mine = [c.id for c in game.cards if c.side is FRENCH]
    state = replace(start(game), piles={FRENCH: Piles(deck=tuple(mine[4:9]), hand=tuple(mine[:3]), discard=(mine[3],))})
    pic = painter.card_picture(Snapshot(AT, state), side=FRENCH, cards=(mine[3],), fmt="png")
    image = decode(pic)
    assert pic.width == MAX_W and pic.alt.startswith("Cards at t.vlog#9")
    assert f"marked: {mine[3]} {game.card(mine[3]).name}" in pic.alt and f"French hand (3): {', '.join(mine[:3])}" in pic.alt
    framed = highlighted(image)
    assert framed > 400  # one card's frame
    plain = decode(painter.card_picture(Snapshot(AT, state), side=FRENCH, fmt="png"))
    assert highlighted(plain) == 0  # nothing named, no step: nothing framed
