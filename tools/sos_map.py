#!/usr/bin/env python3
"""Maintainer tool: draw the reconstructed Storm over Stalingrad area map from seed points.

The map is OUR RECONSTRUCTION, not the published map: the rules text (rules 2.2) gives only the
kinds of area (general areas with a name, a control box, a defence value and sometimes a set-up
letter; landing zones), Mamayev Kurgan (set-up letter G) and the size of the two map sheets
(21" x 14" each). The areas, their places and their neighbours follow the public history of the
fighting in northern Stalingrad, October-November 1942 (``docs/sos-data.md``).

The frame is schematic: the Volga bank is a straight line (x = 0) running north-south, the town
lies west of it (x < 0, km), y is km northwards from the city centre. The two sheets are stacked
(north sheet above), so the map is 1400 x 1866 px (2 x 21" x 14" at about 66.7 px per inch):
``SCALE`` px per km plus a ``MARGIN`` around the box.

How the polygons are made, deterministically (the method of ``tools/map_geometry.py``, whose
generic helpers this tool imports):

1. Every general area is the Voronoi cell of its seed point among the general areas, computed in
   exact rational arithmetic and clipped to the land box x in [``BOX_X[0]``, 0].
2. Each landing zone is a strip of the river bank under the bluff: a rectangle in the Volga
   (0 <= x <= ``LZ_DEPTH``) between two heights on the bank. Its corners on the bank are added to
   the outlines of the general areas whose bank edge they lie on, so that a landing zone shares
   exact edges with the bank areas next to it, and with nothing else.
3. Each distinct vertex is converted once to integer map pixels (y flipped so north is up), so
   neighbours share vertices exactly; a label point is chosen well inside each polygon.

The YAML (``source_data/sos/areas.yaml``) stays the source of truth; this tool only prints or
rewrites its ``polygon:`` and ``label:`` lines, and reports the adjacency, map-edge and bank facts
that ``borders.yaml`` and the ``map_edge`` flags must match (``tests/unit_data/test_sos_data.py``).

Usage (from the repository root)::

    python tools/sos_map.py                          # print polygon/label lines per area
    python tools/sos_map.py --report                 # derived facts: adjacency, edges, bank
    python tools/sos_map.py --write source_data/sos/areas.yaml   # rewrite in place
    python tools/sos_map.py --check source_data/sos/areas.yaml   # exit 1 if out of date
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from map_geometry import (  # noqa: E402  (a sibling script, importable once its folder is on the path)
    Exact,
    MapGeometry,
    Pixel,
    _clip,
    _dedupe,
    _round,
    label_point,
    pixel_contacts,
    run,
)

# -- inputs (docs/sos-data.md "The map") ----------------------------------------------------------

SEEDS: dict[int, tuple[str, str]] = {
    # the north: Rynok, Spartakovka and the Orlovka salient
    1: ("-2.2", "15.2"),  # Latashanka
    2: ("-0.9", "14.2"),  # Rynok
    3: ("-1.1", "12.4"),  # Spartakovka
    4: ("-3.0", "12.6"),  # Mokraya Mechetka
    5: ("-5.4", "14.4"),  # heights north of Orlovka
    6: ("-6.4", "11.7"),  # Orlovka
    7: ("-9.4", "13.2"),  # Kotluban road
    # the factory district, north to south: the Tractor Factory
    8: ("-0.9", "10.4"),  # Tractor Factory
    9: ("-2.7", "10.6"),  # Tractor settlement
    10: ("-4.5", "10.0"),  # Mechetka heights
    11: ("-8.6", "9.4"),  # Gorodishche
    # Barrikady
    12: ("-2.0", "8.7"),  # Sculpture Park
    13: ("-3.5", "8.3"),  # Silikat works
    14: ("-0.8", "7.6"),  # Barrikady Factory (the gun works)
    15: ("-2.5", "7.1"),  # Barrikady settlement
    16: ("-6.5", "8.4"),  # Vishnevaya ravine head
    # Krasny Oktyabr
    17: ("-1.3", "6.2"),  # Bread Factory
    18: ("-0.8", "5.0"),  # Krasny Oktyabr Works (the steel works)
    19: ("-2.6", "5.0"),  # Oktyabr settlement (the lower one)
    20: ("-4.1", "5.8"),  # Hill 107.5
    21: ("-4.3", "4.0"),  # Upper Oktyabr settlement
    22: ("-8.2", "5.6"),  # Razgulyayevka
    # Banny ravine, Lazur, Mamayev Kurgan
    23: ("-2.0", "3.5"),  # Banny ravine
    24: ("-0.8", "2.7"),  # Lazur Chemical Works
    25: ("-2.1", "2.0"),  # the Tennis Racket
    26: ("-3.3", "2.0"),  # Mamayev Kurgan
    27: ("-6.6", "2.3"),  # Aviagorodok
    # the centre
    28: ("-1.2", "0.7"),  # Dolgiy ravine
    29: ("-0.8", "-0.6"),  # Krutoy ravine
    30: ("-3.0", "-0.4"),  # Stalingrad I station
    31: ("-1.4", "-1.7"),  # city centre
    32: ("-4.6", "-0.9"),  # airfield
    33: ("-9.0", "0.4"),  # Gumrak
    34: ("-4.8", "12.1"),  # Orlovka ravine
}
"""Seed point of each general area, in km (x east of the Volga bank, y north of the centre)."""

LANDING_ZONES: dict[int, tuple[str, str]] = {
    40: ("11.75", "12.95"),  # Spartakovka landing
    41: ("9.7", "10.9"),  # Tractor landing
    42: ("6.9", "8.1"),  # Barrikady landing
    43: ("4.2", "5.4"),  # Oktyabr landing
    44: ("-0.2", "1.0"),  # Central landing
}
"""Each landing zone's extent along the bank: from y = first to y = second (km)."""

LZ_DEPTH = Fraction("2.2")  # km of river bank strip drawn in the Volga

BOX_X = (Fraction("-10.4"), Fraction("2.8"))  # land west of 0, the Volga east of it
BOX_Y = (Fraction("-2.0"), Fraction("15.86"))
BANK = Fraction(0)

SCALE = 100  # map pixels per km
MARGIN = 40  # pixels around the box

WIDTH = int((BOX_X[1] - BOX_X[0]) * SCALE) + 2 * MARGIN
HEIGHT = int((BOX_Y[1] - BOX_Y[0]) * SCALE) + 2 * MARGIN


# -- exact cells -----------------------------------------------------------------------------------


def _seed(area: int) -> Exact:
    x, y = SEEDS[area]
    return Fraction(x), Fraction(y)


def land_cell(area: int) -> list[Exact]:
    """The exact Voronoi cell of general ``area`` clipped to the land box, counter-clockwise."""
    x0, (y0, y1) = BOX_X[0], BOX_Y
    poly: list[Exact] = [(x0, y0), (BANK, y0), (BANK, y1), (x0, y1)]
    sx, sy = _seed(area)
    for other in sorted(SEEDS):
        if other == area:
            continue
        ox, oy = _seed(other)
        # |p - s|^2 <= |p - o|^2  <=>  2(o - s)·p <= |o|^2 - |s|^2
        poly = _clip(poly, 2 * (ox - sx), 2 * (oy - sy), ox * ox + oy * oy - sx * sx - sy * sy)
    return poly


def _insert_on_bank(poly: list[Exact], y: Fraction) -> list[Exact]:
    """``poly`` with the bank point (0, y) inserted into the bank edge that passes through it."""
    point = (BANK, y)
    if point in poly:
        return poly
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        if p[0] == q[0] == BANK and min(p[1], q[1]) < y < max(p[1], q[1]):
            return poly[: k + 1] + [point] + poly[k + 1 :]
    return poly


def exact_cells() -> dict[int, list[Exact]]:
    """Every area's exact outline: the general areas' cells, then the landing zones' strips."""
    cells = {area: land_cell(area) for area in sorted(SEEDS)}
    for lo, hi in ((Fraction(a), Fraction(b)) for a, b in LANDING_ZONES.values()):
        for area in cells:
            cells[area] = _insert_on_bank(_insert_on_bank(cells[area], lo), hi)
    for zone, (a, b) in sorted(LANDING_ZONES.items()):
        lo, hi = Fraction(a), Fraction(b)
        bank_points = sorted(
            {p for cell in cells.values() if cell for p in cell if p[0] == BANK and lo < p[1] < hi},
            key=lambda p: p[1],
        )
        # counter-clockwise in (x, y): up the river side, down the bank
        cells[zone] = _dedupe([(BANK, lo), (LZ_DEPTH, lo), (LZ_DEPTH, hi), (BANK, hi), *reversed(bank_points)])
    return cells


# -- pixels ----------------------------------------------------------------------------------------


def to_pixel(p: Exact) -> Pixel:
    """Map pixels of a frame point (y flipped so that north is up)."""
    x, y = p
    return _round(MARGIN + (x - BOX_X[0]) * SCALE), _round(MARGIN + (BOX_Y[1] - y) * SCALE)


def _pixel_polygon(poly: list[Exact]) -> tuple[Pixel, ...]:
    out: list[Pixel] = []
    for p in poly:
        q = to_pixel(p)
        if not out or out[-1] != q:
            out.append(q)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    # Counter-clockwise with y up becomes clockwise on screen after the flip: reverse, then start at
    # the top-most, left-most vertex (canonical output).
    out.reverse()
    start = min(range(len(out)), key=lambda k: (out[k][1], out[k][0]))
    return tuple(out[start:] + out[:start])


def build() -> MapGeometry:
    """The drawn map: integer polygons and label points of every area."""
    polygons = {area: _pixel_polygon(poly) for area, poly in sorted(exact_cells().items())}
    labels = {area: label_point(poly) for area, poly in polygons.items()}
    return MapGeometry(WIDTH, HEIGHT, polygons, labels)


# -- derived facts ---------------------------------------------------------------------------------


def adjacency(geo: MapGeometry) -> list[tuple[int, int]]:
    """Every pair (a < b) of areas whose outlines share an edge, sorted."""
    return sorted(pixel_contacts(geo.polygons))


def on_map_edge(poly: tuple[Pixel, ...]) -> bool:
    """The outline runs along the west, north or south edge of the box (the bank is not an edge)."""
    west = MARGIN
    north, south = MARGIN, HEIGHT - MARGIN
    n = len(poly)
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        if (ax == bx == west) or (ay == by and ay in (north, south)):
            return True
    return False


def on_bank(poly: tuple[Pixel, ...]) -> bool:
    """The outline runs along the Volga bank (x = 0)."""
    bank = to_pixel((BANK, Fraction(0)))[0]
    n = len(poly)
    return any(poly[k][0] == poly[(k + 1) % n][0] == bank and poly[k][1] != poly[(k + 1) % n][1] for k in range(n))


def report(geo: MapGeometry) -> str:
    """The facts borders.yaml and the areas' ``map_edge`` flags must agree with."""
    pairs = adjacency(geo)
    contacts = pixel_contacts(geo.polygons)
    lines = [f"map {geo.width} x {geo.height} px, {len(geo.polygons)} areas, {len(pairs)} adjacencies"]
    for area in sorted(geo.polygons):
        nbs = sorted({b for a, b in pairs if a == area} | {a for a, b in pairs if b == area})
        poly = geo.polygons[area]
        lines.append(
            f"  {area:2d} edge={'yes' if on_map_edge(poly) else 'no '} bank={'yes' if on_bank(poly) else 'no '} "
            f"neighbours={nbs}"
        )
    lines.append(f"shortest drawn border: {min(contacts.values()):.1f} px")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print, report, write or check the generated polygon/label lines."""
    return run(argv, description=(__doc__ or "").split("\n\n")[0], tool="tools/sos_map.py", build_geometry=build, describe=report)


if __name__ == "__main__":
    sys.exit(main())
