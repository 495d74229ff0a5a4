"""The attributes of VASSAL's ``HexGrid`` and ``HexGridNumbering`` that lay a ``grid.HexGrid`` on a board.

The engine (3.7, ``HexGrid.java``, ``HexGridNumbering.java``, ``RegularGridNumbering.java``) sees
every grid as flat-topped columns: ``dx`` apart, hexes ``dy`` apart down a column, raw column 0 at
``x0`` and every odd raw column shifted down by ``dy / 2``. ``sideways="true"`` swaps x and y before
and after all of that, which makes pointy-topped rows — and makes ``x0`` the *vertical* offset and
the numbering's "column" (``h…`` attributes) our *row*. The numbering names a point by its raw
column and row plus ``hOff``/``vOff``, letters (``A``) or numbers (``N``) zero-padded to
``leading + 1`` digits, column (``first="H"``) or row first, joined by ``sep``; ``stagger`` (off
here) would add one to the row of odd columns.

So a grid whose column 0 is the shifted one (``layout: even``) is given to the engine one column
further left (a ghost column the board never shows, ``hOff`` one less). VASSAL keeps the origin in
whole pixels: it is rounded, a shift under half a pixel that never changes which hex a point is in.
``tests/unit/hexgrid/engine_names.json`` holds what the engine itself named each hex centre of a
few grids (``tools/hexgrid_engine_names.py``); the tests compare our ids with it.
"""

from __future__ import annotations

from sdbp_module.hexgrid.grid import HexGrid
from sdbp_module.records import record

__all__ = ["GRID_CLASS", "NUMBERING_CLASS", "VassalHexGrid", "vassal_hex_grid"]

GRID_CLASS = "VASSAL.build.module.map.boardPicker.board.HexGrid"
NUMBERING_CLASS = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"


@record
class VassalHexGrid:
    """The two elements' attributes, as a build file writes them (every value a string)."""

    grid: dict[str, str]
    numbering: dict[str, str]


def _num(value: float) -> str:
    return repr(float(value))


def vassal_hex_grid(grid: HexGrid, *, visible: bool = False, snap: bool = True) -> VassalHexGrid:
    """The engine's attributes for ``grid``: the location name of each hex centre is the grid's id.

    ``visible`` draws the grid lines and numbers over the board art; ``snap`` snaps pieces to the
    hex centres (never to edges or corners)."""
    dy = grid.size  # along a column (flat) / row (pointy)
    dx = grid.line_spacing  # between columns (flat) / rows (pointy)
    ox, oy = grid.origin
    ghost = 1 if grid.layout == "even" else 0  # one raw line before ours, so ours is the shifted one
    ids = grid.ids
    col_type = "A" if ids.column == "letters" else "N"
    row_type = "A" if ids.row == "letters" else "N"
    col_leading = str(ids.column_digits - 1 if ids.column == "numbers" else 0)
    row_leading = str(ids.row_digits - 1 if ids.row == "numbers" else 0)
    if grid.orientation == "flat":
        x0, y0 = ox - ghost * dx, oy - ghost * dy / 2
        h = (col_type, str(ids.first_column - ghost), col_leading)
        v = (row_type, str(ids.first_row), row_leading)
        first = "H" if ids.column_first else "V"
    else:  # sideways: the engine's x is our y, its "columns" our rows
        x0, y0 = oy - ghost * dx, ox - ghost * dy / 2
        h = (row_type, str(ids.first_row - ghost), row_leading)
        v = (col_type, str(ids.first_column), col_leading)
        first = "V" if ids.column_first else "H"
    grid_attrs = {
        "color": "0,0,0",
        "cornersLegal": "false",
        "dotsVisible": "false",
        "dx": _num(dx),
        "dy": _num(dy),
        "edgesLegal": "false",
        "sideways": "true" if grid.orientation == "pointy" else "false",
        "snapTo": "true" if snap else "false",
        "visible": "true" if visible else "false",
        "x0": str(round(x0)),
        "y0": str(round(y0)),
    }
    numbering = {
        "color": "0,0,0",
        "first": first,
        "fontSize": "9",
        "hDescend": "false",
        "hDrawOff": "0",
        "hLeading": h[2],
        "hOff": h[1],
        "hType": h[0],
        "locationFormat": "$gridLocation$",
        "rotateText": "0",
        "sep": ids.separator,
        "stagger": "false",
        "vDescend": "false",
        "vDrawOff": "0",
        "vLeading": v[2],
        "vOff": v[1],
        "vType": v[0],
        "visible": "true" if visible else "false",
    }
    return VassalHexGrid(grid=grid_attrs, numbering=numbering)
