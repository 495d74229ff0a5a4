#!/usr/bin/env python3
"""Maintainer tool: draw the reconstructed SoDBP area map from seed points.

The map is OUR RECONSTRUCTION (``shared/reference/dbp-battlefield.md`` §4), not the published MMP
map. Each area is the Voronoi cell of its seed point (§4.3), clipped to the box
x ∈ [−3.6, 3.6], y ∈ [−4.0, 4.5] (km from the centre of the 1954 airstrip, x east, y north).

How the polygons are made, deterministically:

1. Every cell is computed in exact rational arithmetic (``fractions.Fraction``): the box polygon is
   clipped by the perpendicular-bisector half-plane of every other seed (no scipy).
2. The very short Voronoi contacts that the reference rules *not adjacent* (< 0.12 units: 9–32,
   2–3, 10–24, 14–19, 15–27, 28–38) are collapsed to a single point, so that non-neighbours meet
   at a point and never share an edge on the drawn map. The point is the contact's midpoint, or
   its end on the box when the contact starts at the map edge (2–3), so no gap opens there.
3. Each distinct vertex is converted once to integer map pixels (``SCALE`` px per unit, y flipped
   so north is up, ``MARGIN`` px around the box), so neighbours share vertices exactly.
4. A label point is chosen well inside each polygon (approximate pole of inaccessibility).

The YAML (``source_data/sodbp/areas.yaml``) stays the source of truth; this tool only prints or
rewrites its ``polygon:`` and ``label:`` lines.

Usage (from the repository root)::

    python tools/map_geometry.py                 # print polygon/label lines per area
    python tools/map_geometry.py --report        # derived facts: size, adjacency, edges, banks
    python tools/map_geometry.py --write  source_data/sodbp/areas.yaml   # rewrite in place
    python tools/map_geometry.py --check  source_data/sodbp/areas.yaml   # exit 1 if out of date
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

Exact = tuple[Fraction, Fraction]
Pixel = tuple[int, int]

# -- inputs (dbp-battlefield.md §4.3) ------------------------------------------------------------

SEEDS: dict[int, tuple[str, str]] = {
    1: ("-2.6", "4.1"), 2: ("0.2", "4.35"), 3: ("2.9", "3.9"), 4: ("-3.0", "2.0"),
    5: ("-1.5", "3.4"), 6: ("-0.2", "3.45"), 7: ("0.0", "2.3"), 8: ("1.3", "3.05"),
    9: ("-1.6", "1.8"), 10: ("0.1", "1.05"), 11: ("1.15", "1.85"), 12: ("3.1", "2.4"),
    13: ("3.1", "0.9"), 14: ("2.25", "1.75"), 15: ("-0.75", "1.0"), 16: ("0.05", "0.4"),
    17: ("1.45", "0.95"), 18: ("-0.8", "0.15"), 19: ("1.75", "0.3"), 20: ("0.05", "-0.25"),
    21: ("0.2", "-0.85"), 22: ("-0.65", "-0.6"), 23: ("1.45", "-0.2"), 24: ("0.95", "-0.05"),
    25: ("3.0", "-0.5"), 26: ("1.9", "-0.7"), 27: ("-1.65", "-0.45"), 28: ("0.3", "-1.5"),
    29: ("0.95", "-1.1"), 30: ("1.4", "-0.8"), 31: ("1.55", "-1.35"), 32: ("-3.0", "-0.6"),
    33: ("-1.4", "-1.45"), 34: ("-0.45", "-1.75"), 35: ("1.05", "-1.9"), 36: ("2.9", "-2.2"),
    37: ("-2.7", "-2.6"), 38: ("0.0", "-3.3"), 39: ("-1.6", "-3.7"), 40: ("2.0", "-3.6"),
}
"""Seed point of each area, in km units (x east, y north)."""

BOX_X = (Fraction("-3.6"), Fraction("3.6"))
BOX_Y = (Fraction("-4.0"), Fraction("4.5"))

RIVER: tuple[tuple[str, str], ...] = (
    ("2.6", "4.6"), ("2.2", "3.0"), ("1.6", "2.0"), ("1.0", "1.25"), ("0.75", "0.6"),
    ("0.7", "-0.3"), ("0.7", "-1.3"), ("0.6", "-2.5"), ("0.4", "-4.1"),
)
"""The Nam Yum, north to south; it only decides each area's bank (east if the seed lies east)."""

COLLAPSED: tuple[tuple[int, int], ...] = ((2, 3), (9, 32), (10, 24), (14, 19), (15, 27), (28, 38))
"""Voronoi contacts shorter than 0.12 units that the reference rules not adjacent (§4.3)."""

SCALE = 250  # map pixels per km unit
MARGIN = 40  # pixels around the box

WIDTH = int((BOX_X[1] - BOX_X[0]) * SCALE) + 2 * MARGIN
HEIGHT = int((BOX_Y[1] - BOX_Y[0]) * SCALE) + 2 * MARGIN


@dataclass(frozen=True, slots=True)
class MapGeometry:
    """The drawn map: integer polygons (clockwise on screen) and label points per area."""

    width: int
    height: int
    polygons: dict[int, tuple[Pixel, ...]]
    labels: dict[int, Pixel]


# -- exact Voronoi cells ---------------------------------------------------------------------------


def _seed(area: int) -> Exact:
    x, y = SEEDS[area]
    return Fraction(x), Fraction(y)


def _clip(poly: list[Exact], a: Fraction, b: Fraction, c: Fraction) -> list[Exact]:
    """Keep the part of convex ``poly`` where ``a*x + b*y <= c`` (Sutherland–Hodgman, exact)."""
    out: list[Exact] = []
    n = len(poly)
    for k in range(n):
        p = poly[k]
        q = poly[(k + 1) % n]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return _dedupe(out)


def _dedupe(poly: list[Exact]) -> list[Exact]:
    out: list[Exact] = []
    for p in poly:
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def voronoi_cell(area: int) -> list[Exact]:
    """The exact Voronoi cell of ``area`` clipped to the box, counter-clockwise in (x, y)."""
    (x0, x1), (y0, y1) = BOX_X, BOX_Y
    poly: list[Exact] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    sx, sy = _seed(area)
    for other in sorted(SEEDS):
        if other == area:
            continue
        ox, oy = _seed(other)
        # |p - s|^2 <= |p - o|^2  <=>  2(o - s)·p <= |o|^2 - |s|^2
        poly = _clip(poly, 2 * (ox - sx), 2 * (oy - sy), ox * ox + oy * oy - sx * sx - sy * sy)
    return poly


def exact_cells() -> dict[int, list[Exact]]:
    """All cells, after collapsing the contacts listed in ``COLLAPSED`` to their midpoints."""
    cells = {area: voronoi_cell(area) for area in sorted(SEEDS)}
    for a, b in COLLAPSED:
        shared = [p for p in cells[a] if p in cells[b]]
        if len(shared) != 2:
            raise ValueError(f"contact {a}-{b}: expected a shared segment, found {len(shared)} points")
        p, q = shared
        on_box = [v for v in (p, q) if v[0] in BOX_X or v[1] in BOX_Y]
        # A contact that starts on the map edge collapses onto the edge, so no gap opens there.
        mid = on_box[0] if len(on_box) == 1 else ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        for area, poly in cells.items():
            cells[area] = _dedupe([mid if v in (p, q) else v for v in poly])
    return cells


def _contact_length(a: list[Exact], b: list[Exact]) -> float:
    shared = [p for p in a if p in b]
    if len(shared) < 2:
        return 0.0
    (px, py), (qx, qy) = shared[0], shared[1]
    return math.hypot(float(px - qx), float(py - qy))


# -- pixels ----------------------------------------------------------------------------------------


def _round(v: Fraction) -> int:
    """Round half up, exactly."""
    return math.floor(v + Fraction(1, 2))


def to_pixel(p: Exact) -> Pixel:
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
    # The exact cell runs counter-clockwise with y up; after the flip reverse it so the outline runs
    # clockwise as seen on the map, then start at the top-most, left-most vertex (canonical output).
    out.reverse()
    start = min(range(len(out)), key=lambda k: (out[k][1], out[k][0]))
    return tuple(out[start:] + out[:start])


def _inside(pt: tuple[float, float], poly: tuple[Pixel, ...]) -> bool:
    x, y = pt
    inside = False
    n = len(poly)
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        if (ay > y) != (by > y):
            xc = ax + (y - ay) * (bx - ax) / (by - ay)
            if x < xc:
                inside = not inside
    return inside


def _edge_distance(pt: tuple[float, float], poly: tuple[Pixel, ...]) -> float:
    x, y = pt
    best = math.inf
    n = len(poly)
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        best = min(best, math.hypot(x - (ax + t * dx), y - (ay + t * dy)))
    return best


def label_point(poly: tuple[Pixel, ...]) -> Pixel:
    """An approximate pole of inaccessibility: the integer point farthest from the outline.

    Coarse grid (8 px), then a 1 px search around the best coarse point; ties go to the first point
    in (y, x) order, so the result is deterministic.
    """
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    best: tuple[float, int, int] = (-1.0, 0, 0)

    def consider(x: int, y: int) -> None:
        nonlocal best
        if not _inside((x, y), poly):
            return
        d = _edge_distance((x, y), poly)
        if d > best[0]:
            best = (d, x, y)

    step = 8
    for y in range(min(ys), max(ys) + 1, step):
        for x in range(min(xs), max(xs) + 1, step):
            consider(x, y)
    _, cx, cy = best
    for y in range(cy - step, cy + step + 1):
        for x in range(cx - step, cx + step + 1):
            consider(x, y)
    if best[0] < 0:
        raise ValueError(f"no interior point found for polygon {poly}")
    return best[1], best[2]


def build() -> MapGeometry:
    cells = exact_cells()
    polygons = {area: _pixel_polygon(poly) for area, poly in cells.items()}
    labels = {area: label_point(poly) for area, poly in polygons.items()}
    return MapGeometry(WIDTH, HEIGHT, polygons, labels)


# -- derived facts (for the --report and the maintainer's cross-check) ----------------------------


def river_x(y: Fraction) -> Fraction:
    pts = [(Fraction(a), Fraction(b)) for a, b in RIVER]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        if by <= y <= ay:
            return ax + (y - ay) * (bx - ax) / (by - ay)
    raise ValueError(f"y={y} outside the river polyline")


def bank(area: int) -> str:
    sx, sy = _seed(area)
    return "east" if sx > river_x(sy) else "west"


def pixel_contacts(polygons: dict[int, tuple[Pixel, ...]]) -> dict[tuple[int, int], float]:
    """Length in pixels of the shared outline of every pair of areas that share an edge."""
    edges: dict[frozenset[Pixel], list[int]] = {}
    for area, poly in polygons.items():
        n = len(poly)
        for k in range(n):
            edges.setdefault(frozenset((poly[k], poly[(k + 1) % n])), []).append(area)
    out: dict[tuple[int, int], float] = {}
    for edge, owners in edges.items():
        if len(owners) == 2:
            p, q = tuple(edge)
            key = (min(owners), max(owners))
            out[key] = out.get(key, 0.0) + math.dist(p, q)
    return out


def on_map_edge(poly: tuple[Pixel, ...]) -> bool:
    lo_x, hi_x = MARGIN, WIDTH - MARGIN
    lo_y, hi_y = MARGIN, HEIGHT - MARGIN
    n = len(poly)
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        if (ax == bx and ax in (lo_x, hi_x)) or (ay == by and ay in (lo_y, hi_y)):
            return True
    return False


def report(geo: MapGeometry) -> str:
    cells = {area: voronoi_cell(area) for area in sorted(SEEDS)}
    lines = [f"map {geo.width} x {geo.height} px, {len(geo.polygons)} areas"]
    short = sorted(
        (round(_contact_length(cells[a], cells[b]), 4), a, b)
        for a in cells
        for b in cells
        if a < b and 0 < _contact_length(cells[a], cells[b]) < 0.3
    )
    lines.append("raw Voronoi contacts shorter than 0.3 units: " + ", ".join(f"{a}-{b} {d}" for d, a, b in short))
    contacts = pixel_contacts(geo.polygons)
    lines.append(f"adjacencies on the drawn map: {len(contacts)}")
    for area in sorted(geo.polygons):
        nbs = sorted({b for a, b in contacts if a == area} | {a for a, b in contacts if b == area})
        lines.append(
            f"  {area:2d} {bank(area):4s} edge={'yes' if on_map_edge(geo.polygons[area]) else 'no ':3s} "
            f"neighbours={nbs}"
        )
    rivers = sorted((a, b) for a, b in contacts if bank(a) != bank(b))
    lines.append(f"cross-bank borders ({len(rivers)}): " + ", ".join(f"{a}-{b}" for a, b in rivers))
    lines.append(f"shortest drawn border: {min(contacts.values()):.1f} px")
    return "\n".join(lines)


# -- YAML text -------------------------------------------------------------------------------------


def polygon_text(poly: tuple[Pixel, ...]) -> str:
    return "[" + ", ".join(f"[{x}, {y}]" for x, y in poly) + "]"


def rewrite(text: str, geo: MapGeometry) -> str:
    """Replace the ``polygon:`` and ``label:`` lines of every area record in areas.yaml text."""
    out: list[str] = []
    current: int | None = None
    indent = -1  # column of the record's keys; deeper lines (e.g. under sources:) are left alone
    seen: set[int] = set()
    for line in text.splitlines(keepends=True):
        m = re.match(r"^(\s*-\s+)id:\s*(\d+)\s*(#.*)?$", line)
        if m:
            current = int(m.group(2))
            indent = len(m.group(1))
        m = re.match(r"^(\s+)(polygon|label):\s", line)
        if m and current is not None and len(m.group(1)) == indent:
            if current not in geo.polygons:
                raise ValueError(f"areas.yaml: area {current} has no seed point")
            value = polygon_text(geo.polygons[current]) if m.group(2) == "polygon" else (
                f"[{geo.labels[current][0]}, {geo.labels[current][1]}]"
            )
            line = f"{m.group(1)}{m.group(2)}: {value}\n"
            seen.add(current)
        out.append(line)
    missing = sorted(set(geo.polygons) - seen)
    if missing:
        raise ValueError(f"areas.yaml: no polygon/label lines for areas {missing}")
    return "".join(out)


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    os.replace(tmp, path)


def run(
    argv: list[str] | None,
    *,
    description: str,
    tool: str,
    build_geometry: Callable[[], MapGeometry],
    describe: Callable[[MapGeometry], str],
) -> int:
    """The command line of a map tool: print, report (``describe``), write or check the generated
    polygon/label lines of ``build_geometry()``; ``tool`` names the script in the out-of-date message."""
    parser = argparse.ArgumentParser(description=description)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", type=Path, metavar="AREAS_YAML", help="rewrite polygon/label lines in place")
    group.add_argument("--check", type=Path, metavar="AREAS_YAML", help="exit 1 if the file is out of date")
    group.add_argument("--report", action="store_true", help="print the derived adjacency and the other facts")
    args = parser.parse_args(argv)
    geo = build_geometry()
    if args.report:
        sys.stdout.write(describe(geo) + "\n")
        return 0
    if args.write or args.check:
        path: Path = args.write or args.check
        try:
            text = path.read_text(encoding="utf-8")
            new = rewrite(text, geo)
        except (OSError, ValueError) as exc:
            sys.stderr.write(f"{path}: {exc}\n")
            return 2
        if args.check:
            if new != text:
                sys.stderr.write(f"{path}: polygon/label lines differ from {tool} output\n")
                return 1
            return 0
        if new != text:
            _write_atomic(path, new)
        return 0
    sys.stdout.write(f"# map: width {geo.width}, height {geo.height}\n")
    for area in sorted(geo.polygons):
        sys.stdout.write(f"- id: {area}\n    polygon: {polygon_text(geo.polygons[area])}\n")
        sys.stdout.write(f"    label: [{geo.labels[area][0]}, {geo.labels[area][1]}]\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    return run(argv, description=__doc__.split("\n\n")[0], tool="tools/map_geometry.py", build_geometry=build, describe=report)


if __name__ == "__main__":
    sys.exit(main())
