"""The hex board art (vassal/hex_board.py): size, determinism, an id in every hex, the terrain
patterns, the marked edges, the panel boxes, and refusals."""

from __future__ import annotations

import io
import math
from typing import Any

import pytest
from PIL import Image

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.vassal import hex_board
from sdbp_module.vassal.hex_board import (
    HexLook,
    OffMapBox,
    TerrainLook,
    hex_board_layout,
    place_spots,
    render_hex_board,
)


def small_map(orientation: str = "flat", layout: str = "odd", columns: int = 6, rows: int = 5) -> HexMap:
    mapping: dict[str, Any] = {
        "grid": {"orientation": orientation, "columns": columns, "rows": rows, "size": 80, "origin": [50, 45], "layout": layout},
        "terrain": {"default": "clear", "forest": ["B2", "C2"], "hill": ["D3"], "village": ["E4"], "town": ["C4"]},
        "sets": {"west_edge": [f"A{r}" for r in range(1, rows + 1)], "east_edge": [f"{'ABCDEFGH'[columns - 1]}{r}" for r in range(1, rows + 1)]},
    }
    return HexMap.from_mapping(mapping)


LOOK = HexLook(title="A Test Map", places={"E4": "Hamlet", "B2": "Big Wood", "C2": "Big Wood"}, edges={"west_edge": "Entry", "east_edge": "Exit"})
BOXES = (OffMapBox("entry", "Entry box"), OffMapBox("dead", "Eliminated"), *(OffMapBox(f"Turn {t}", str(t), group="Turn track") for t in range(1, 7)))


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _inside(p: tuple[float, float], poly: tuple[tuple[float, float], ...]) -> bool:
    return hex_board._inside(p, poly)


def test_board_size_matches_layout_and_holds_map_and_panel() -> None:
    hm = small_map()
    board = render_hex_board(hm, LOOK, BOXES)
    img = _image(board.png)
    lay = board.layout
    assert img.size == (lay.width, lay.height)
    corners = [p for h in lay.grid.hexes() for p in lay.grid.polygon(h)]
    assert min(x for x, _ in corners) >= hex_board.FRAME - 1
    assert min(y for _, y in corners) >= hex_board.TITLE_H + hex_board.FRAME - 1
    assert max(x for x, _ in corners) <= lay.map_rect[2] - hex_board.FRAME + 1
    for placed in lay.boxes:
        x0, y0, x1, y1 = placed.rect
        assert lay.map_rect[2] < x0 < x1 <= lay.width and 0 < y0 < y1 <= lay.height
    # the six turn boxes stand in one row; the boxes never overlap
    turns = [p.rect for p in lay.boxes if p.box.group]
    assert len({r[1] for r in turns}) == 1
    rects = [p.rect for p in lay.boxes] + [lay.legend]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_board_grid_is_the_maps_moved_by_whole_pixels() -> None:
    hm = small_map()
    lay = hex_board_layout(hm, LOOK, BOXES)
    dx, dy = lay.grid.origin[0] - hm.grid.origin[0], lay.grid.origin[1] - hm.grid.origin[1]
    assert dx == int(dx) and dy == int(dy) and dx > 0 and dy > hex_board.TITLE_H
    assert (lay.grid.size, lay.grid.spacing, lay.grid.columns, lay.grid.rows, lay.grid.ids) == (hm.grid.size, hm.grid.spacing, hm.grid.columns, hm.grid.rows, hm.grid.ids)


def test_same_map_same_bytes_and_a_different_map_differs() -> None:
    hm = small_map()
    assert render_hex_board(hm, LOOK, BOXES).png == render_hex_board(hm, LOOK, BOXES).png
    other = HexMap.from_mapping({"grid": {"orientation": "flat", "columns": 6, "rows": 5, "size": 80, "origin": [50, 45]}, "terrain": {"forest": ["A1"]}})
    assert render_hex_board(other, HexLook(), BOXES).png != render_hex_board(hm, HexLook(), BOXES).png


@pytest.mark.parametrize(("orientation", "layout"), [("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")])
def test_every_hex_id_is_printed_inside_its_hex(orientation: str, layout: str) -> None:
    hm = small_map(orientation, layout)
    board = render_hex_board(hm, LOOK, BOXES)
    img = _image(board.png)
    grid = board.layout.grid
    assert sorted(label.text for label in board.labels) == sorted(grid.hex_id(h) for h in grid.hexes())
    for label in board.labels:
        assert label.text == grid.hex_id(label.hex)
        x0, y0, x1, y1 = label.rect
        poly = grid.polygon(label.hex)
        assert all(_inside(p, poly) for p in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))), label
        ink = sum(1 for x in range(x0, x1) for y in range(y0, y1) if sum(img.getpixel((x, y))) < 200)  # type: ignore[arg-type]
        assert ink >= 8 * len(label.text), label  # dark text on the light plate
        # and the plate is light around it
        assert sum(img.getpixel((x0 + 1, y0 + 1))) > 600  # type: ignore[arg-type]
    # no two ids overlap
    rects = [label.rect for label in board.labels]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _colours_in_hex(img: Image.Image, board: hex_board.HexBoard, hid: str) -> set[tuple[int, int, int]]:
    grid = board.layout.grid
    h = grid.parse_id(hid)
    assert h is not None
    cx, cy = grid.centre(h)
    r = int(grid.size * 0.35)
    return {img.getpixel((x, y)) for x in range(int(cx) - r, int(cx) + r) for y in range(int(cy) - r, int(cy) + r)}  # type: ignore[misc]


def test_terrain_patterns_are_drawn_in_their_hexes() -> None:
    hm = small_map()
    board = render_hex_board(hm, LOOK, BOXES)
    img = _image(board.png)
    forest, clear = _colours_in_hex(img, board, "C2"), _colours_in_hex(img, board, "A3")
    assert hex_board.TREE in forest and hex_board.TREE not in clear
    assert hex_board.BLOCK in _colours_in_hex(img, board, "C4")  # town blocks
    assert hex_board.ROOF in _colours_in_hex(img, board, "E4")  # village houses
    assert hex_board.CONTOUR in _colours_in_hex(img, board, "D3")  # hill contours
    assert hex_board.HEDGE in clear  # fields and hedgerows


def test_a_look_overrides_the_default_terrain_look() -> None:
    hm = small_map()
    plain = HexLook(terrain={"forest": TerrainLook((10, 200, 250), "plain", "Jungle")})
    board = render_hex_board(hm, plain, BOXES)
    img = _image(board.png)
    assert (10, 200, 250) in _colours_in_hex(img, board, "C2")
    assert hex_board.TREE not in _colours_in_hex(img, board, "C2")
    assert plain.terrain_look("swamp").caption == "Swamp"  # unknown terrain: the plain grey look, its name as caption


def test_marked_edges_are_drawn_on_the_outer_sides_only() -> None:
    hm = small_map()
    board = render_hex_board(hm, LOOK, BOXES)
    img = _image(board.png)
    grid = board.layout.grid
    west = hex_board._edge_colour(0)
    for r in range(5):
        h = grid.hex_of(0, r)
        cx, cy = grid.centre(h)
        # the west side's middle: flat hexes have a corner due west, so look at the upper-left side
        (ax, ay), (bx, by) = grid.polygon(h)[3], grid.polygon(h)[4]
        assert img.getpixel((round((ax + bx) / 2), round((ay + by) / 2))) == west
        # the inner (east) sides are not marked
        (ax, ay), (bx, by) = grid.polygon(h)[0], grid.polygon(h)[5]
        assert img.getpixel((round((ax + bx) / 2), round((ay + by) / 2))) != west
    # a hex of no marked set has no edge colour on its outline
    h = grid.hex_of(2, 0)
    (ax, ay), (bx, by) = grid.polygon(h)[4], grid.polygon(h)[5]
    assert img.getpixel((round((ax + bx) / 2), round((ay + by) / 2))) not in (west, hex_board._edge_colour(1))


def test_a_place_named_in_several_hexes_is_printed_once() -> None:
    hm = small_map()
    spots = place_spots(LOOK, hm.grid)
    assert sorted(name for _, name in spots) == ["Big Wood", "Hamlet"]
    assert (hm.grid.parse_id("E4"), "Hamlet") in spots


@pytest.mark.parametrize(
    ("look", "boxes", "message"),
    [
        (HexLook(edges={"north_edge": "x"}), BOXES, "map edge 'north_edge' is not a hex set"),
        (HexLook(), (OffMapBox("a", "A"), OffMapBox("a", "B")), "off-map box 'a' is named twice"),
        (HexLook(places={"Z9": "Nowhere"}), BOXES, "named place 'Z9' is not a hex id"),
    ],
)
def test_bad_looks_are_refused_in_one_line(look: HexLook, boxes: tuple[OffMapBox, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        render_hex_board(small_map(), look, boxes)


def test_an_unknown_pattern_is_refused() -> None:
    with pytest.raises(ValueError, match="terrain pattern must be one of"):
        TerrainLook((0, 0, 0), "stripes")


def test_draws_nothing_over_the_hex_centre_plate_of_another_hex() -> None:
    """The id plate of a hex is kept clear of tree symbols (the pattern avoids it)."""
    hm = small_map()
    board = render_hex_board(hm, LOOK, BOXES)
    img = _image(board.png)
    label = next(lb for lb in board.labels if lb.hex == Hex(2, -1) or lb.text == "C2")
    x0, y0, x1, y1 = label.rect
    assert hex_board.TREE not in {img.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)}


def test_a_long_place_name_on_an_edge_hex_stays_inside_the_outer_hexsides() -> None:
    hm = small_map()
    look = HexLook(places={"A3": "A Very Long Place Name Indeed"}, edges={"west_edge": "Entry"})
    board = render_hex_board(hm, look, BOXES)
    img = _image(board.png)
    grid = board.layout.grid
    h = grid.hex_of(0, 2)
    poly = grid.polygon(h)
    min_x = min(x for x, _ in poly)
    top, bottom = round(min(y for _, y in poly)), round(max(y for _, y in poly))
    zigzag = [(x, y) for x in range(round(min_x) - 4, round(min_x + grid.size * 0.3)) for y in range(top, bottom)]
    assert hex_board.PLATE not in {img.getpixel(p) for p in zigzag}
    plate = [x for x in range(round(min_x), round(min_x) + 400) if img.getpixel((x, round(bottom - grid.size * 0.14))) == hex_board.PLATE]
    assert plate  # the name is printed, moved right


def lines_map() -> HexMap:
    """A small map with one river (ending on a hexside), one road across it and two countries."""
    mapping: dict[str, Any] = {
        "grid": {"orientation": "flat", "columns": 6, "rows": 5, "size": 80, "origin": [50, 45]},
        "terrain": {"default": "clear"},
        "features": [{"name": "Big River", "kind": "major_river", "hexes": ["A3", "B3", "C3", "D3", "E3"], "end_side": "F3"}],
        "paths": [{"name": "Highway", "kind": "road", "hexes": ["C1", "C2", "C3", "C4", "C5"]}],
        "regions": {"west": {"hexes": [f"{c}{r}" for c in "ABC" for r in range(1, 6)]}, "east": {"where": {"not": {"region": ["west"]}}}},
    }
    return HexMap.from_mapping(mapping)


def _bluish(rgb: tuple[int, int, int]) -> bool:
    return rgb[2] > 150 and rgb[2] > rgb[0] + 60 and rgb[2] > rgb[1] + 30


def test_rivers_roads_and_borders_are_drawn_deterministically() -> None:
    hm = lines_map()
    look = HexLook(borders=("west", "east"))
    board = render_hex_board(hm, look, BOXES)
    assert board.png == render_hex_board(hm, look, BOXES).png
    img, grid = _image(board.png), board.layout.grid
    # on the river's line: the centres of its hexes (over the road where they cross, in C3) and
    # the middle of the side E3|F3 it ends on
    for hid in ("B3", "C3", "D3"):
        x, y = grid.centre(grid.parse_id(hid))  # type: ignore[arg-type]
        assert _bluish(img.getpixel((round(x), round(y)))), hid
    mx, my = hex_board._side_mid(grid, grid.parse_id("E3"), grid.parse_id("F3"))  # type: ignore[arg-type]
    assert _bluish(img.getpixel((round(mx), round(my))))
    x, y = grid.centre(grid.parse_id("B2"))  # type: ignore[arg-type]
    assert not _bluish(img.getpixel((round(x), round(y))))
    # the road (red-brown) halfway between C1 and C2, off the river
    (x0, y0), (x1, y1) = grid.centre(grid.parse_id("C1")), grid.centre(grid.parse_id("C2"))  # type: ignore[arg-type]
    r, g, b = img.getpixel((round((x0 + x1) / 2), round((y0 + y1) / 2)))
    assert r > 130 and r > g + 60 and r > b + 60
    # the border runs along the sides between the two countries (C|D), and nowhere else
    sides = hex_board.border_sides(hm, look)
    assert sides and all({grid.hex_id(a)[0], grid.hex_id(b)[0]} == {"C", "D"} for a, b in sides)
    # without the lines the board differs; the legend has a row for each kind drawn
    assert board.png != render_hex_board(small_map(), HexLook(), BOXES).png
    assert [ll.caption for ll in hex_board.line_legend(hm, look)] == ["Major river", "Road", "Border"]
    assert [ll.caption for ll in hex_board.line_legend(hm, HexLook())] == ["Major river", "Road"]
    assert hex_board.line_legend(small_map(), HexLook()) == []


def test_a_major_river_is_wider_than_a_minor_river_and_a_road() -> None:
    look = HexLook()
    major, minor, road = (look.line_look(k) for k in ("major_river", "minor_river", "road"))
    assert major.width > road.width and major.width > minor.width


def test_a_border_region_the_map_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="border region 'nowhere' is not a region of the map"):
        render_hex_board(lines_map(), HexLook(borders=("nowhere",)), BOXES)


def test_a_road_along_a_river_is_drawn_beside_it_and_a_road_across_it_through_the_centres() -> None:
    mapping: dict[str, Any] = {
        "grid": {"orientation": "flat", "columns": 6, "rows": 5, "size": 80, "origin": [50, 45]},
        "terrain": {"default": "clear"},
        "features": [{"name": "Big River", "kind": "major_river", "hexes": ["A3", "B3", "C3", "D3"]}],
        "paths": [{"name": "River road", "kind": "road", "hexes": ["B3", "C3"]}, {"name": "Across", "kind": "road", "hexes": ["E1", "E2"]}],
    }
    hm = HexMap.from_mapping(mapping)
    board = render_hex_board(hm, HexLook(), BOXES)
    img, grid = _image(board.png), board.layout.grid
    b3, c3, e1, e2 = (grid.parse_id(t) for t in ("B3", "C3", "E1", "E2"))
    along = hex_board._beside_rivers(hm, HexLook(), grid, (b3, c3), 6)  # type: ignore[arg-type]
    assert all(math.dist(p, grid.centre(h)) > 8 for p, h in zip(along, (b3, c3)))  # type: ignore[arg-type]
    mx, my = (along[0][0] + along[1][0]) / 2, (along[0][1] + along[1][1]) / 2
    r, g, b = img.getpixel((round(mx), round(my)))
    assert r > 130 and r > g + 60 and r > b + 60  # the road, in sight beside the river
    assert hex_board._beside_rivers(hm, HexLook(), grid, (e1, e2), 6) == [grid.centre(e1), grid.centre(e2)]  # type: ignore[arg-type]
