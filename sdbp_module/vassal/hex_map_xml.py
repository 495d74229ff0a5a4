"""The VASSAL map of a hex game: the Map element of a build file, with its board image, the hex grid
and its numbering, and a zone per off-map box (``docs/hexes.md``, "The board and the VASSAL map").

``hex_map(parent, hexmap, look, boxes)`` renders the board (``hex_board.render_hex_board``), appends
the ``Map`` to ``parent`` (a build file's ``GameModule``) and returns the board, whose PNG the module
stores as ``image``. Inside the Map's one ``Board``:

- a ``ZonedGrid`` holds a ``Zone`` per off-map box (its rectangle on the panel, no grid of its own,
  so a piece stays where it is dropped; location and ``CurrentZone`` = the box's name), one for the
  rest of the panel (``PANEL_ZONE``), and, as its
  background grid, the ``HexGrid`` + ``HexGridNumbering`` that ``hexgrid.vassal_grid`` gives for
  the board's grid (the map's grid moved into the frame): pieces on the map snap to hex centres
  and the engine names where a piece stands by the printed id (``C4``), in the move reports
  (``$location$``) and as ``LocationName``;
- a ``SetupStack`` is placed by a hex id or a box name (``useGridLocation``): ``setup_stack``.

Checked in VASSAL 3.7.26 (``tools/hexboard_engine_module.py``; ``tests/unit/vassal/hexboard_engine.json``).
"""

from __future__ import annotations

from typing import Callable, Sequence

from lxml import etree

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.hexgrid.vassal_grid import GRID_CLASS, NUMBERING_CLASS, vassal_hex_grid
from sdbp_module.vassal.buildfile import (
    BP,
    MM,
    VIEWPORT,
    ZOOM_LEVELS,
    M,
    _board_picker,
    _el,
    _map_common,
    _mouse_and_keys,
    _zone,
    polygon_path,
)
from sdbp_module.vassal.hex_board import (
    HexBoard,
    HexBoardLayout,
    HexLook,
    OffMapBox,
    render_hex_board,
)
from sdbp_module.vassal.traits import enc

__all__ = ["MOVE_FORMAT", "PANEL_ZONE", "hex_board_element", "hex_map", "hex_zone_path", "hex_zoom", "setup_stack"]

MOVE_FORMAT = "$pieceName$ moves $previousLocation$ -> $location$"
PANEL_ZONE = "Off-map"


def hex_zoom(lay: HexBoardLayout) -> dict[str, str]:
    """The Zoomer's levels and the start level that shows the whole board (as the area games' map)."""
    fit = int(min(VIEWPORT[0] / lay.width, VIEWPORT[1] / lay.height, 1.0) * 1000) / 1000
    levels = sorted({*ZOOM_LEVELS, fit}, reverse=True)
    return {"zoomLevels": enc([repr(level) for level in levels], ","), "zoomStart": str(levels.index(fit) + 1)}


def hex_zone_path(lay: HexBoardLayout, h: Hex) -> str:
    """A hex's Zone ``path``: its six corners, rounded to whole pixels."""
    return polygon_path(tuple((round(x), round(y)) for x, y in lay.grid.polygon(h)))


def hex_board_element(
    parent: etree._Element, lay: HexBoardLayout, *, board_name: str, image: str, panel_zone: str = PANEL_ZONE, hex_zones: bool = False
) -> etree._Element:
    """The ``Board`` (under a ``BoardPicker``): the image, the box zones, a zone for the rest of the
    panel (``panel_zone``: a piece dropped there neither snaps to a hex nor is named by one) and the
    hex grid behind them. With ``hex_zones``, a Zone per hex too: the hexagon, named by the hex id
    (location and ``CurrentZone`` = ``C4``), snapping to the board's hex grid (``useParentGrid``), so
    that a piece can be sent or dropped into a hex by its id as into a box; a point on a seam between
    two rounded hexagons falls to the grid's numbering, which names the same hex."""
    board = _el(parent, BP + "Board", {"image": image, "name": board_name, "reversible": "false"})
    zoned = _el(board, BP + "board.ZonedGrid")
    for placed in lay.boxes:
        _zone(zoned, placed.box.name, polygon_path(placed.polygon))
    if hex_zones:
        for h in lay.grid.hexes():
            _zone(zoned, lay.grid.hex_id(h), hex_zone_path(lay, h), parent_grid=True)
    x0 = lay.map_rect[2]
    _zone(zoned, panel_zone, polygon_path(((x0, 0), (lay.width, 0), (lay.width, lay.height), (x0, lay.height))))
    attrs = vassal_hex_grid(lay.grid)
    grid = _el(zoned, GRID_CLASS, attrs.grid)
    _el(grid, NUMBERING_CLASS, attrs.numbering)
    _el(zoned, BP + "board.mapgrid.ZonedGridHighlighter")
    return board


def hex_map(
    parent: etree._Element,
    hexmap: HexMap,
    look: HexLook,
    boxes: Sequence[OffMapBox],
    *,
    map_name: str = "Main Map",
    board_name: str = "Board",
    image: str = "map.png",
    move_format: str = MOVE_FORMAT,
    move_key: str = "",
    panel_zone: str = PANEL_ZONE,
    hex_zones: bool = False,
    png_of: Callable[[Callable[[], bytes]], bytes] | None = None,
) -> HexBoard:
    """Append the hex game's ``Map`` to ``parent``; return the rendered board (``.png`` goes to
    ``images/<image>`` in the module; ``png_of``: as ``render_hex_board``'s, a cache of the picture)."""
    board = render_hex_board(hexmap, look, boxes, png_of)
    main = _el(parent, M + "Map", _map_common(map_name, launch=False, button="", move_key=move_key, move_format=move_format, create_format=""))
    picker = _board_picker(main)
    hex_board_element(picker, board.layout, board_name=board_name, image=image, panel_zone=panel_zone, hex_zones=hex_zones)
    _el(
        main,
        MM + "StackMetrics",
        {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "12", "exSepY": "18", "top": "38,0", "unexSepX": "6", "unexSepY": "6", "up": "39,0"},
    )
    _mouse_and_keys(main, viewer=True, zoom=hex_zoom(board.layout))
    return board


def setup_stack(parent: etree._Element, *, name: str, location: str, board_name: str, slot: etree._Element) -> etree._Element:
    """A ``SetupStack`` the engine places by a hex id or a box (zone) name; ``slot`` (a PieceSlot) is moved under it."""
    stack = _el(
        parent,
        MM + "SetupStack",
        {"location": location, "name": name, "owningBoard": board_name, "useGridLocation": "true", "x": "0", "y": "0"},
    )
    stack.append(slot)
    return stack
