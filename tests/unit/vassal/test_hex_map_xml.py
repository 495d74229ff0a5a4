"""The VASSAL map of a hex game (vassal/hex_map_xml.py): the Map, Board, box zones and hex grid it
writes, and what the real engine answered for a module built with it (hexboard_engine.json, made by
tools/hexboard_engine_module.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lxml import etree

from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.hexgrid.vassal_grid import GRID_CLASS, NUMBERING_CLASS, vassal_hex_grid
from sdbp_module.vassal.hex_board import (
    HexBoardLayout,
    HexLook,
    OffMapBox,
    hex_board_layout,
)
from sdbp_module.vassal.hex_map_xml import PANEL_ZONE, hex_map
from tests.unit.vassal.test_hex_board import BOXES, LOOK, small_map

FIXTURE = Path(__file__).with_name("hexboard_engine.json")
M = "VASSAL.build.module."
BP = M + "map.boardPicker."


def _map_of(hm: HexMap) -> tuple[etree._Element, etree._Element]:
    root = etree.Element("VASSAL.build.GameModule")
    board = hex_map(root, hm, LOOK, BOXES, board_name="Board", image="map.png")
    (main,) = [c for c in root if c.tag == M + "Map"]
    assert board.layout.width > 0
    return root, main


def test_map_holds_one_board_with_the_image_zones_and_hex_grid() -> None:
    hm = small_map()
    _, main = _map_of(hm)
    (picker,) = [c for c in main if c.tag == M + "map.BoardPicker"]
    (board,) = list(picker)
    assert board.tag == BP + "Board" and board.get("image") == "map.png" and board.get("name") == "Board"
    (zoned,) = list(board)
    assert zoned.tag == BP + "board.ZonedGrid"
    zones = [z for z in zoned if z.tag == BP + "board.mapgrid.Zone"]
    lay = hex_board_layout(hm, LOOK, BOXES)
    assert [z.get("name") for z in zones] == [b.name for b in BOXES] + [PANEL_ZONE]
    for zone, placed in zip(zones, lay.boxes):
        x0, y0, x1, y1 = placed.rect
        assert zone.get("path") == f"{x0},{y0};{x1},{y0};{x1},{y1};{x0},{y1}"
        assert zone.get("locationFormat") == "$name$" and zone.get("useParentGrid") == "false" and len(zone) == 0  # no grid: no snap in a box
    x0 = lay.map_rect[2]
    assert zones[-1].get("path") == f"{x0},0;{lay.width},0;{lay.width},{lay.height};{x0},{lay.height}"
    (grid,) = [g for g in zoned if g.tag == GRID_CLASS]
    expected = vassal_hex_grid(lay.grid)
    assert dict(grid.attrib) == expected.grid
    assert grid.get("snapTo") == "true" and grid.get("edgesLegal") == "false" and grid.get("cornersLegal") == "false"
    (numbering,) = list(grid)
    assert numbering.tag == NUMBERING_CLASS and dict(numbering.attrib) == expected.numbering
    assert numbering.get("locationFormat") == "$gridLocation$"
    # the engine's origin is the board grid's (whole pixels), not the data's
    assert (grid.get("x0"), grid.get("y0")) == (str(int(lay.grid.origin[0])), str(int(lay.grid.origin[1])))
    assert lay.grid.origin != hm.grid.origin


def test_pointy_map_is_sideways() -> None:
    _, main = _map_of(small_map("pointy"))
    grids = [e for e in main.iter() if e.tag == GRID_CLASS]
    assert [g.get("sideways") for g in grids] == ["true"]


def test_map_reports_moves_by_location_and_opens_fitting_the_board() -> None:
    _, main = _map_of(small_map())
    assert "$location$" in (main.get("moveToFormat") or "") and main.get("launch") == "false"
    (zoomer,) = [c for c in main if c.tag == M + "map.Zoomer"]
    levels = [float(v) for v in (zoomer.get("zoomLevels") or "").split(",")]
    assert levels == sorted(levels, reverse=True) and 0 < levels[int(zoomer.get("zoomStart") or 0) - 1] <= 1.0


# -- the engine's answers --------------------------------------------------------------------


def _fixture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def _fixture_layout() -> tuple[HexMap, HexBoardLayout]:
    data = _fixture()["given"]
    hm = HexMap.from_mapping(data["hexmap"])
    boxes = tuple(OffMapBox(n, t, g) for n, t, g in data["off_map_boxes"])
    return hm, hex_board_layout(hm, HexLook(edges=data["edges"]), boxes)


def test_engine_loaded_the_module_with_no_warning() -> None:
    data = _fixture()
    assert data["verdict"] == "VERDICT: OK" and data["exit"] == 0
    assert data["counts"] == {"warnings": 0, "errors": 0, "fatal": 0}
    assert len(data["pieces"]) == 16


def test_the_code_still_gives_what_the_engine_was_given() -> None:
    data = _fixture()["given"]
    _, lay = _fixture_layout()
    attrs = vassal_hex_grid(lay.grid)
    assert attrs.grid == data["grid"] and attrs.numbering == data["numbering"]
    assert [lay.width, lay.height] == data["board"]
    assert {p.box.name: list(p.rect) for p in lay.boxes} == data["boxes"]


def test_engine_put_every_piece_where_it_was_placed() -> None:
    data = _fixture()
    _, lay = _fixture_layout()
    grid = lay.grid
    boxes = data["given"]["boxes"]
    for piece in data["pieces"]:
        kind, target = piece["name"].split(" ", 1)
        assert piece["engine"] == target, piece  # the engine's LocationName is the printed id / the box name
        assert piece["map"] == "Main Map"
        if kind == "panel":  # dropped on the panel outside every box: named by the panel zone, not snapped
            assert target == PANEL_ZONE and (piece["x"], piece["y"]) == (lay.map_rect[2] + 37, lay.height - 23)
        elif target in boxes:
            x0, y0, x1, y1 = boxes[target]
            assert x0 <= piece["x"] <= x1 and y0 <= piece["y"] <= y1, piece
        else:
            h = grid.parse_id(target)
            assert h is not None and grid.hex_id(grid.hex_at(piece["x"], piece["y"])) == target, piece
            cx, cy = grid.centre(h)
            assert abs(piece["x"] - cx) <= 1 and abs(piece["y"] - cy) <= 1, piece  # snapped to the centre
    placed_in_boxes = {p["engine"] for p in data["pieces"] if p["engine"] in boxes}
    assert placed_in_boxes == {"german-entry", "us-eliminated", "Turn 1", "Turn 6"}
