"""The board image of a hex game: the hex map as a printed wargame map, and the box panel beside it
(pure: a ``HexMap``, a look and the off-map boxes in, PNG bytes out).

``hex_board_layout(hexmap, look, boxes)`` places everything; ``render_hex_board(...)`` paints it:

- a **title strip** across the top (``HexLook.title``);
- the **map**: every hex filled by its terrain's look (``TerrainLook``: a fill and a pattern —
  ``fields`` (fields and hedgerows), ``trees`` (tree symbols), ``buildings`` (a few building
  blocks), ``town`` (blocks along streets), ``contours`` (hill shading in stepped contour rings),
  ``plain``), the hex outlines, each hex's printed id at the top of its hex, the named places
  (``HexLook.places``: hex id → name) on a light plate low in their hex, and the **map edges**
  (``HexLook.edges``: a hex set's name → caption) as a coloured band along the outer hexsides of
  the set with the caption in the frame outside it; the map's **lines** (``HexLook.lines``,
  ``LineLook``): country borders (``HexLook.borders``) dashed along hexsides, roads through hex
  centres (beside a river they run along), rivers over them (through hex centres, or on hexsides);
- the **panel** right of the map: the off-map boxes (``OffMapBox``; boxes sharing a ``group``, e.g.
  the turn track, stand in one row of small boxes under the group's heading), then the legend
  (each terrain the map uses, painted by the same painter, each marked edge, each line kind drawn);
- **under the map**, the groups of boxes marked ``below`` (record tracks: a box a value), in rows of
  boxes of the group's ``width`` across the map's width, each group under its heading.

The board's grid (``HexBoardLayout.grid``) is the map's grid moved so the map sits inside the frame
under the title strip: its origin is the data's origin plus a whole-pixel shift, so every hex keeps
its shape and the engine's rounded origin is exact. The VASSAL map (``hex_map_xml``) is given that
grid. Deterministic: the random details come from ``random.Random`` seeded by the hex's coordinates.
Nothing here names a game; every text is the caller's.
"""

from __future__ import annotations

import math
import random
from dataclasses import field, replace
from typing import Callable, Mapping, Sequence

from PIL import Image, ImageDraw

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.features import Hexside
from sdbp_module.hexgrid.grid import HexGrid
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.records import record
from sdbp_module.vassal import images
from sdbp_module.vassal.images import BLACK, RGB, WHITE

__all__ = [
    "DEFAULT_TERRAIN",
    "HexBoard",
    "HexBoardLayout",
    "HexLabel",
    "HexLook",
    "LineLook",
    "OffMapBox",
    "PlacedBox",
    "TerrainLook",
    "hex_board_layout",
    "render_hex_board",
]

Rect = tuple[int, int, int, int]
"""x0, y0, x1, y1 in pixels; right and bottom exclusive."""
FPoint = tuple[float, float]

PATTERNS = ("plain", "fields", "trees", "buildings", "town", "contours")


@record
class TerrainLook:
    """How one terrain is printed: its ground ``fill``, its ``pattern`` (``PATTERNS``) and the legend caption."""

    fill: RGB
    pattern: str = "plain"
    caption: str = ""

    def __post_init__(self) -> None:
        if self.pattern not in PATTERNS:
            raise ValueError(f"terrain pattern must be one of {', '.join(PATTERNS)}, got {self.pattern!r}")


DEFAULT_TERRAIN: Mapping[str, TerrainLook] = {
    "clear": TerrainLook((222, 226, 178), "fields", "Clear"),
    "forest": TerrainLook((150, 184, 112), "trees", "Forest"),
    "woods": TerrainLook((150, 184, 112), "trees", "Woods"),
    "hill": TerrainLook((214, 196, 144), "contours", "Hill"),
    "village": TerrainLook((222, 222, 186), "buildings", "Village"),
    "town": TerrainLook((206, 200, 186), "town", "Town"),
    "water": TerrainLook((150, 190, 228), "plain", "Water"),
    "sea": TerrainLook((150, 190, 228), "plain", "Sea"),
    "rough": TerrainLook((212, 192, 146), "contours", "Rough"),
    "mountain": TerrainLook((172, 136, 100), "contours", "Mountain"),
}
"""The look of the usual terrain names; a game's look table overrides or adds entries."""
UNKNOWN_TERRAIN = TerrainLook((210, 210, 200), "plain")



@record
class LineLook:
    """How a line of the map is printed: its ``colour``, its ``width`` as a fraction of the hex's
    size, whether it is ``dashed``, and the legend caption."""

    colour: RGB
    width: float
    dashed: bool = False
    caption: str = ""


DEFAULT_LINES: Mapping[str, LineLook] = {
    "major_river": LineLook((38, 96, 196), 0.11, caption="Major river"),
    "minor_river": LineLook((62, 130, 214), 0.055, caption="Minor river"),
    "river": LineLook((50, 110, 205), 0.08, caption="River"),
    "road": LineLook((168, 52, 36), 0.06, caption="Road"),
    "border": LineLook((196, 0, 170), 0.05, dashed=True, caption="Border"),
}
"""The look of the usual line kinds (a feature's or a path's ``kind``; ``border`` for the borders of
``HexLook.borders``); a game's look table overrides or adds entries."""
UNKNOWN_FEATURE = LineLook((70, 110, 170), 0.06)
UNKNOWN_PATH = LineLook((150, 70, 40), 0.05)
BORDER = "border"

EDGE_COLOURS: tuple[RGB, ...] = ((190, 30, 30), (30, 80, 180), (20, 120, 60), (150, 80, 20))


@record
class HexLook:
    """A hex game's printed look: the title, terrain looks (over ``DEFAULT_TERRAIN``), named places
    (hex id → name), marked edges (hex set name → caption, in order), line looks (over
    ``DEFAULT_LINES``, by feature or path kind) and the regions whose borders are printed (countries:
    a dashed line along every hexside between hexes of two different of them)."""

    title: str = ""
    terrain: Mapping[str, TerrainLook] = field(default_factory=dict)
    places: Mapping[str, str] = field(default_factory=dict)
    edges: Mapping[str, str] = field(default_factory=dict)
    legend_heading: str = "Terrain"
    lines: Mapping[str, LineLook] = field(default_factory=dict)
    borders: tuple[str, ...] = ()

    def line_look(self, kind: str, default: LineLook = UNKNOWN_FEATURE) -> LineLook:
        found = self.lines.get(kind) or DEFAULT_LINES.get(kind) or default
        return found if found.caption else replace(found, caption=kind.replace("_", " ").capitalize())

    def terrain_look(self, name: str) -> TerrainLook:
        found = self.terrain.get(name) or DEFAULT_TERRAIN.get(name)
        if found is None:
            return replace(UNKNOWN_TERRAIN, caption=name.replace("_", " ").capitalize())
        return found if found.caption else replace(found, caption=name.replace("_", " ").capitalize())


@record
class OffMapBox:
    """An off-map box: its zone ``name`` (what pieces are placed by and ``CurrentZone`` reads), the
    printed ``title``, and its ``group`` (boxes of one group — a turn track — stand in one row)."""

    name: str
    title: str
    group: str = ""
    height: int = 0  # the box's height on the panel; 0: the default (a single box's, or a group row's)
    below: bool = False  # in a group under the map (a record track), not on the panel
    width: int = 0  # a box's width in a group under the map; 0: GROUP_MIN_W


@record
class PlacedBox:
    box: OffMapBox
    rect: Rect

    @property
    def polygon(self) -> tuple[tuple[int, int], ...]:
        x0, y0, x1, y1 = self.rect
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


@record
class HexLabel:
    """A hex's printed id and the rectangle its text covers."""

    hex: Hex
    text: str
    rect: Rect


@record
class HexBoardLayout:
    width: int
    height: int
    grid: HexGrid
    """The map's grid on the board (the data's, moved into the frame)."""
    map_rect: Rect
    title_rect: Rect
    boxes: tuple[PlacedBox, ...]
    group_titles: tuple[tuple[str, tuple[int, int]], ...]
    legend: Rect


@record
class HexBoard:
    png: bytes
    layout: HexBoardLayout
    labels: tuple[HexLabel, ...]


TITLE_H = 58
TITLE_X, TITLE_SIZE = 24, 28  # the title's left edge and font size
FRAME = 44  # the frame around the hexes: room for the edge captions
PANEL_W = 500
PANEL_PAD = 20
BOX_H = 120  # a single box: title line and room for a few counter stacks
GROUP_BOX_H = 96
GROUP_MIN_W = 66
UNDER_GAP = 6  # between two boxes of a group under the map
BOX_GAP = 12
HEADING_H = 26
LEGEND_ROW = 40
NAME_INSET = 6  # place names keep this far inside the map's outer hexsides

TITLE_FILL: RGB = (52, 46, 36)
TITLE_INK: RGB = (246, 238, 214)
MAP_FRAME: RGB = (238, 232, 212)
PANEL_FILL: RGB = (236, 231, 214)
BOX_FILL: RGB = (248, 245, 232)
HEX_LINE: RGB = (70, 64, 52)
ID_INK: RGB = (40, 34, 28)
PLATE: RGB = (252, 250, 240)
HEDGE: RGB = (136, 156, 92)
FURROW: RGB = (210, 216, 166)
FURROW_LINE: RGB = (204, 208, 160)
TREE: RGB = (70, 118, 56)
TREE_LIGHT: RGB = (104, 150, 76)
TREE_SHADOW: RGB = (58, 88, 46)
ROOF: RGB = (156, 72, 52)
ROOF_EDGE: RGB = (88, 40, 30)
BLOCK: RGB = (120, 108, 100)
BLOCK_EDGE: RGB = (60, 52, 48)
STREET: RGB = (232, 226, 210)
CONTOUR: RGB = (140, 100, 60)


def _id_font_size(grid: HexGrid) -> int:
    return max(11, min(15, round(grid.size / 7)))


def _name_font_size(grid: HexGrid) -> int:
    return max(10, min(13, round(grid.size / 8)))


def hex_board_layout(hexmap: HexMap, look: HexLook, boxes: Sequence[OffMapBox]) -> HexBoardLayout:
    """Where the title strip, the map (and so its grid), the boxes and the legend go."""
    names = [b.name for b in boxes]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ValueError(f"off-map box {dup!r} is named twice")
    for name in look.edges:
        if name not in hexmap.sets:
            raise ValueError(f"map edge {name!r} is not a hex set of the map")
    for name in look.borders:
        if name not in hexmap.regions:
            raise ValueError(f"border region {name!r} is not a region of the map")
    grid = hexmap.grid
    corners = [p for h in grid.hexes() for p in grid.polygon(h)]
    min_x, min_y = min(x for x, _ in corners), min(y for _, y in corners)
    max_x, max_y = max(x for x, _ in corners), max(y for _, y in corners)
    shift_x = FRAME - math.floor(min_x)
    shift_y = TITLE_H + FRAME - math.floor(min_y)
    board_grid = replace(grid, origin=(grid.origin[0] + shift_x, grid.origin[1] + shift_y))
    map_w = math.ceil(max_x) + shift_x + FRAME
    map_h = math.ceil(max_y) + shift_y + FRAME
    placed: list[PlacedBox] = []
    headings: list[tuple[str, tuple[int, int]]] = []
    # under the map: each group of ``below`` boxes in balanced rows across the map's width
    under = [b for b in boxes if b.below]
    y = map_h - FRAME // 2
    for key in dict.fromkeys(b.group for b in under):
        members = [b for b in under if b.group == key]
        w = max(b.width or GROUP_MIN_W for b in members)
        gh = max(b.height or GROUP_BOX_H for b in members)
        fit = max(1, (map_w - 2 * FRAME + UNDER_GAP) // (w + UNDER_GAP))
        per_row = -(-len(members) // -(-len(members) // fit))  # as many in each row as the rows allow
        headings.append((key, (FRAME, y)))
        y += HEADING_H
        for i, b in enumerate(members):
            bx, by = FRAME + (i % per_row) * (w + UNDER_GAP), y + (i // per_row) * (gh + UNDER_GAP)
            placed.append(PlacedBox(b, (bx, by, bx + w, by + gh)))
        y += -(-len(members) // per_row) * (gh + UNDER_GAP) + BOX_GAP
    if under:
        map_h = y + FRAME // 2
    # the panel: single boxes one under the other, grouped boxes in rows under their heading
    x0, inner = map_w + PANEL_PAD, PANEL_W - 2 * PANEL_PAD
    y = TITLE_H + PANEL_PAD
    order: list[str] = []
    boxes = [b for b in boxes if not b.below]
    for b in boxes:
        key = b.group or "\0" + b.name
        if key not in order:
            order.append(key)
    for key in order:
        members = [b for b in boxes if (b.group or "\0" + b.name) == key]
        if key.startswith("\0"):
            bh = members[0].height or BOX_H
            placed.append(PlacedBox(members[0], (x0, y, x0 + inner, y + bh)))
            y += bh + BOX_GAP
            continue
        headings.append((key, (x0, y)))
        y += HEADING_H
        per_row = max(1, min(len(members), (inner + BOX_GAP) // (GROUP_MIN_W + BOX_GAP)))
        w = (inner - (per_row - 1) * BOX_GAP) // per_row
        gh = max(b.height or GROUP_BOX_H for b in members)
        for i, b in enumerate(members):
            bx, by = x0 + (i % per_row) * (w + BOX_GAP), y + (i // per_row) * (gh + BOX_GAP)
            placed.append(PlacedBox(b, (bx, by, bx + w, by + gh)))
        y += ((len(members) + per_row - 1) // per_row) * (gh + BOX_GAP)
    used = sorted({hexmap.terrain[h] for h in grid.hexes()})
    legend_h = HEADING_H + (len(used) + len(look.edges) + len(line_legend(hexmap, look))) * LEGEND_ROW + PANEL_PAD
    legend = (x0, y + BOX_GAP, x0 + inner, y + BOX_GAP + legend_h)
    height = max(map_h, legend[3] + PANEL_PAD)
    width = map_w + PANEL_W
    return HexBoardLayout(
        width=width,
        height=height,
        grid=board_grid,
        map_rect=(0, TITLE_H, map_w, height),
        title_rect=(0, 0, width, TITLE_H),
        boxes=tuple(placed),
        group_titles=tuple(headings),
        legend=legend,
    )


# -- terrain patterns ----------------------------------------------------------------------------


def _rng(h: Hex, salt: int = 0) -> random.Random:
    return random.Random((h.q + 1000) * 100003 + (h.r + 1000) * 31 + salt)


def _scaled(poly: Sequence[FPoint], c: FPoint, k: float) -> list[FPoint]:
    return [(c[0] + (x - c[0]) * k, c[1] + (y - c[1]) * k) for x, y in poly]


def _inside(p: FPoint, poly: Sequence[FPoint]) -> bool:
    """Whether ``p`` is inside the convex polygon ``poly`` (either winding)."""
    sign = 0
    for i in range(len(poly)):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if cross != 0:
            s = 1 if cross > 0 else -1
            if sign and s != sign:
                return False
            sign = s
    return True


def _paint_fields(d: ImageDraw.ImageDraw, poly: Sequence[FPoint], c: FPoint, r: float, rng: random.Random) -> None:
    """Fields in two tints with furrows, parted by hedgerows (the lines run at a per-hex angle)."""
    inner = _scaled(poly, c, 0.94)
    angle = rng.uniform(0, math.pi)
    ux, uy = math.cos(angle), math.sin(angle)
    vx, vy = -uy, ux
    # a hedge across the hex splits it into two fields; one gets a second tint
    off = rng.uniform(-0.25, 0.25) * r
    half = [p for p in inner if (p[0] - c[0]) * vx + (p[1] - c[1]) * vy > off]
    if len(half) >= 2:
        # the polygon of the side beyond the hedge: its corners plus the hedge's two ends
        ends = _chord(inner, c, (vx, vy), off)
        if ends is not None:
            side = sorted([*half, *ends], key=lambda p: math.atan2(p[1] - c[1], p[0] - c[0]))
            d.polygon(side, fill=FURROW)
    for k in range(-6, 7, 2):
        t = k * r / 6.5
        a, b = (c[0] + vx * t - ux * 2 * r, c[1] + vy * t - uy * 2 * r), (c[0] + vx * t + ux * 2 * r, c[1] + vy * t + uy * 2 * r)
        seg = _clip(a, b, inner)
        if seg is not None:
            d.line(seg, fill=FURROW_LINE, width=1)
    ends = _chord(inner, c, (vx, vy), off)
    if ends is not None:
        _hedge(d, ends[0], ends[1], rng)
    # a second, shorter hedge across the first
    ends2 = _chord(inner, (c[0] + vx * off * 1.5, c[1] + vy * off * 1.5), (ux, uy), rng.uniform(-0.3, 0.3) * r)
    if ends2 is not None:
        _hedge(d, ends2[0], ends2[1], rng)


def _hedge(d: ImageDraw.ImageDraw, a: FPoint, b: FPoint, rng: random.Random) -> None:
    """A hedgerow: a dark line with small bushes along it."""
    d.line((a, b), fill=HEDGE, width=2)
    n = max(2, int(math.dist(a, b) / 11))
    for i in range(1, n):
        t = i / n
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        s = rng.uniform(1.8, 3.0)
        d.ellipse((x - s, y - s, x + s, y + s), fill=TREE_LIGHT)


def _clip(a: FPoint, b: FPoint, poly: Sequence[FPoint]) -> tuple[FPoint, FPoint] | None:
    """The part of segment ``a``-``b`` inside the convex ``poly`` (Cyrus-Beck), None if none."""
    t0, t1 = 0.0, 1.0
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    dx, dy = b[0] - a[0], b[1] - a[1]
    for i in range(len(poly)):
        (px, py), (qx, qy) = poly[i], poly[(i + 1) % len(poly)]
        nx, ny = qy - py, px - qx  # a normal; flip it to point inwards
        if nx * (cx - px) + ny * (cy - py) < 0:
            nx, ny = -nx, -ny
        num = nx * (a[0] - px) + ny * (a[1] - py)
        den = nx * dx + ny * dy
        if den == 0:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (a[0] + dx * t0, a[1] + dy * t0), (a[0] + dx * t1, a[1] + dy * t1)


def _chord(poly: Sequence[FPoint], c: FPoint, normal: FPoint, off: float) -> tuple[FPoint, FPoint] | None:
    """The chord of ``poly`` on the line ``(p - c)·normal = off``."""
    nx, ny = normal
    base = (c[0] + nx * off, c[1] + ny * off)
    return _clip((base[0] - ny * 1000, base[1] + nx * 1000), (base[0] + ny * 1000, base[1] - nx * 1000), poly)


def _paint_trees(d: ImageDraw.ImageDraw, poly: Sequence[FPoint], c: FPoint, r: float, rng: random.Random, keep: Rect) -> None:
    """Tree symbols — a crown on a short trunk, with a shadow — on a jittered grid, off ``keep``."""
    inner = _scaled(poly, c, 0.82)
    step = max(12.0, r / 3.2)
    row = 0
    y = c[1] - r
    spots: list[tuple[float, float, float]] = []
    while y < c[1] + r:
        x = c[0] - r + (step / 2 if row % 2 else 0)
        while x < c[0] + r:
            px, py = x + rng.uniform(-3, 3), y + rng.uniform(-3, 3)
            s = rng.uniform(0.30, 0.40) * step
            if _inside((px, py), inner) and not _near_rect((px, py), keep, s + 1):
                spots.append((px, py, s))
            x += step
        y += step * 0.8
        row += 1
    for px, py, s in spots:
        d.ellipse((px - s + 2, py - s + 3, px + s + 2, py + s + 3), fill=TREE_SHADOW)
    for px, py, s in spots:
        d.line((px, py + s * 0.6, px, py + s * 1.3), fill=(92, 64, 40), width=2)
        d.ellipse((px - s, py - s, px + s, py + s), fill=TREE, outline=TREE_SHADOW)
        d.ellipse((px - s * 0.55, py - s * 0.7, px + s * 0.15, py - s * 0.05), fill=TREE_LIGHT)


def _near_rect(p: FPoint, rect: Rect, grow: float) -> bool:
    return rect[0] - grow <= p[0] <= rect[2] + grow and rect[1] - grow <= p[1] <= rect[3] + grow


def _building(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, fill: RGB, edge: RGB) -> None:
    d.rectangle((x + 2, y + 2, x + w + 2, y + h + 2), fill=(120, 110, 90))
    d.rectangle((x, y, x + w, y + h), fill=fill, outline=edge)
    if w >= h:
        d.line((x + 1, y + h / 2, x + w - 1, y + h / 2), fill=edge)
    else:
        d.line((x + w / 2, y + 1, x + w / 2, y + h - 1), fill=edge)


def _paint_buildings(d: ImageDraw.ImageDraw, poly: Sequence[FPoint], c: FPoint, r: float, rng: random.Random, keep: Rect) -> None:
    """A village: a road through it and a cluster of house blocks with ridged roofs."""
    inner = _scaled(poly, c, 0.9)
    angle = rng.uniform(0, math.pi)
    ux, uy = math.cos(angle), math.sin(angle)
    seg = _clip((c[0] - ux * 2 * r, c[1] - uy * 2 * r), (c[0] + ux * 2 * r, c[1] + uy * 2 * r), inner)
    if seg is not None:
        d.line(seg, fill=(150, 120, 80), width=6)
        d.line(seg, fill=(236, 214, 160), width=3)
    unit = r / 7
    built: list[tuple[float, float, float, float]] = []
    for _ in range(40):
        if len(built) >= 9:
            break
        t = rng.uniform(-0.75, 0.75) * r
        side = rng.choice((-1, 1)) * rng.uniform(0.9, 2.6) * unit
        x, y = c[0] + ux * t - uy * side, c[1] + uy * t + ux * side
        w, h = rng.uniform(1.2, 2.0) * unit, rng.uniform(0.9, 1.4) * unit
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        if not all(_inside(p, inner) for p in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))):
            continue
        if _near_rect((x, y), keep, max(w, h) / 2 + 1) or any(_overlap(box, o, 2) for o in built):
            continue
        built.append(box)
    for box in built:
        _building(d, box[0], box[1], box[2] - box[0], box[3] - box[1], ROOF, ROOF_EDGE)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float], gap: float) -> bool:
    return not (a[2] + gap < b[0] or b[2] + gap < a[0] or a[3] + gap < b[1] or b[3] + gap < a[1])


def _paint_town(d: ImageDraw.ImageDraw, poly: Sequence[FPoint], c: FPoint, r: float, rng: random.Random, keep: Rect) -> None:
    """A town: close-set blocks along a street grid, a square in the middle, one block in eight gone."""
    inner = _scaled(poly, c, 0.88)
    step = r / 3.0
    street = max(3.0, step * 0.22)
    y = c[1] - r
    while y < c[1] + r:
        x = c[0] - r + rng.uniform(-2, 2)
        while x < c[0] + r:
            box = (x, y, x + step - street, y + step * 0.8 - street)
            corners = ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))
            mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            if all(_inside(p, inner) for p in corners) and not _near_rect(mid, keep, step / 2) and math.dist(mid, c) > step * 0.6 and rng.random() > 1 / 8:
                _building(d, box[0], box[1], box[2] - box[0], box[3] - box[1], BLOCK, BLOCK_EDGE)
            x += step
        y += step * 0.8


def _paint_contours(d: ImageDraw.ImageDraw, poly: Sequence[FPoint], c: FPoint, r: float, fill: RGB) -> None:
    """A hill: stepped rings, each a little darker toward the top, with brown contour lines."""
    steps = (0.86, 0.64, 0.42, 0.22)
    for i, k in enumerate(steps):
        ring = _wobble(_scaled(poly, c, k), c, i)
        shade = _mix(fill, (150, 110, 60), 0.12 * (i + 1))
        d.polygon(ring, fill=shade)
        d.line([*ring, ring[0]], fill=CONTOUR, width=2 if i == 0 else 1)


def _wobble(poly: Sequence[FPoint], c: FPoint, seed: int) -> list[FPoint]:
    """A rounded, slightly uneven version of ``poly`` (so contours do not look like hexes)."""
    rng = random.Random(seed)
    out: list[FPoint] = []
    n = 36
    pts = list(poly)
    for i in range(n):
        a = 2 * math.pi * i / n
        # the radius of the polygon in this direction, softened toward a circle
        far = max(math.dist(p, c) for p in pts)
        near = min(math.dist(((pts[j][0] + pts[(j + 1) % 6][0]) / 2, (pts[j][1] + pts[(j + 1) % 6][1]) / 2), c) for j in range(6))
        rad = (far + near) / 2 * (1 + rng.uniform(-0.05, 0.05))
        out.append((c[0] + rad * math.cos(a), c[1] + rad * math.sin(a)))
    return out


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def paint_hex(d: ImageDraw.ImageDraw, poly: Sequence[FPoint], c: FPoint, r: float, tlook: TerrainLook, rng: random.Random, keep: Rect) -> None:
    """One hex's ground: the fill and the terrain's pattern (kept off ``keep``, the id's plate)."""
    d.polygon(list(poly), fill=tlook.fill)
    if tlook.pattern == "fields":
        _paint_fields(d, poly, c, r, rng)
    elif tlook.pattern == "trees":
        _paint_trees(d, poly, c, r, rng, keep)
    elif tlook.pattern == "buildings":
        _paint_fields(d, poly, c, r, rng)
        _paint_buildings(d, poly, c, r, rng, keep)
    elif tlook.pattern == "town":
        _paint_town(d, poly, c, r, rng, keep)
    elif tlook.pattern == "contours":
        _paint_contours(d, poly, c, r, tlook.fill)


# -- the board -----------------------------------------------------------------------------------


def _id_rect(grid: HexGrid, h: Hex, text: str, d: ImageDraw.ImageDraw) -> Rect:
    """Where a hex's id is printed: centred, just inside the top of the hex."""
    f = images.font("bold", _id_font_size(grid))
    cx = grid.centre(h)[0]
    top = min(y for _, y in grid.polygon(h))
    if grid.orientation == "pointy":
        top += grid.line_spacing / 1.5 * 0.45  # under the pointed top
    x0, y0, x1, y1 = d.textbbox((0, 0), text, font=f, anchor="lt")
    w, hgt = math.ceil(x1 - x0), math.ceil(y1 - y0)
    left, upper = round(cx - w / 2), round(top + 4)
    return (left - 2, upper - 2, left + w + 2, upper + hgt + 2)


def _outer_sides(grid: HexGrid, h: Hex, side: str = "") -> list[tuple[FPoint, FPoint]]:
    """The sides of ``h`` that face off the map (and, given a frame ``side``, toward it)."""
    poly = grid.polygon(h)
    c = grid.centre(h)
    out = []
    for k in range(6):
        a, b = poly[k], poly[(k + 1) % 6]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        beyond = grid.hex_at(2 * mid[0] - c[0], 2 * mid[1] - c[1])
        dx, dy = mid[0] - c[0], mid[1] - c[1]
        toward = {"west": -dx, "east": dx, "north": -dy, "south": dy}.get(side, 1.0) > grid.size * 0.1
        if not grid.contains(beyond) and toward:
            out.append((a, b))
    return out


def _edge_side(grid: HexGrid, hexes: frozenset[Hex], rect: Rect) -> str:
    """Which frame side (west, east, north, south) the set's hexes lie along."""
    xs = [grid.centre(h)[0] for h in hexes]
    ys = [grid.centre(h)[1] for h in hexes]
    spread_x, spread_y = max(xs) - min(xs), max(ys) - min(ys)
    mx, my = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
    if spread_y >= spread_x:
        return "west" if sum(xs) / len(xs) < mx else "east"
    return "north" if sum(ys) / len(ys) < my else "south"


def _edge_colour(i: int) -> RGB:
    return EDGE_COLOURS[i % len(EDGE_COLOURS)]


def _draw_edges(image: Image.Image, hexmap: HexMap, look: HexLook, lay: HexBoardLayout) -> None:
    grid = lay.grid
    d = ImageDraw.Draw(image)
    corners = [p for h in grid.hexes() for p in grid.polygon(h)]
    box = (min(x for x, _ in corners), min(y for _, y in corners), max(x for x, _ in corners), max(y for _, y in corners))
    f = images.font("bold", 15)
    for i, (name, caption) in enumerate(look.edges.items()):
        colour = _edge_colour(i)
        hexes = hexmap.sets[name]
        side = _edge_side(grid, hexes, (round(box[0]), round(box[1]), round(box[2]), round(box[3])))
        for h in sorted(hexes):
            for a, b in _outer_sides(grid, h, side):
                d.line((a, b), fill=colour, width=7)
                d.ellipse((a[0] - 3, a[1] - 3, a[0] + 3, a[1] + 3), fill=colour)
                d.ellipse((b[0] - 3, b[1] - 3, b[0] + 3, b[1] + 3), fill=colour)
        ys = [grid.centre(h)[1] for h in hexes]
        xs = [grid.centre(h)[0] for h in hexes]
        text = f"{caption}"
        w = round(d.textlength(text, font=f)) + 40
        strip = Image.new("RGBA", (w, 26), (0, 0, 0, 0))
        sd = ImageDraw.Draw(strip)
        sd.rounded_rectangle((0, 0, w - 1, 25), radius=6, fill=(*colour, 255))
        sd.text((w / 2, 13), text, font=f, fill=WHITE, anchor="mm")
        # arrowheads at both ends point at the map
        if side in ("west", "east"):
            strip = strip.rotate(90 if side == "west" else -90, expand=True)
            cx = box[0] - FRAME / 2 if side == "west" else box[2] + FRAME / 2
            cy = (min(ys) + max(ys)) / 2
        else:
            cx = (min(xs) + max(xs)) / 2
            cy = box[1] - FRAME / 2 if side == "north" else box[3] + FRAME / 2
        image.paste(strip, (round(cx - strip.width / 2), round(cy - strip.height / 2)), strip)


# -- lines: rivers, roads, borders ----------------------------------------------------------------


def _side_ends(grid: HexGrid, a: Hex, b: Hex) -> tuple[FPoint, FPoint]:
    """The two corners of the hexside between neighbours ``a`` and ``b``."""
    pa, pb = grid.polygon(a), grid.polygon(b)
    near = sorted(pa, key=lambda p: min(math.dist(p, q) for q in pb))
    return near[0], near[1]


def _side_mid(grid: HexGrid, a: Hex, b: Hex) -> FPoint:
    (x0, y0), (x1, y1) = _side_ends(grid, a, b)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _spline(points: Sequence[FPoint], samples: int = 8) -> list[FPoint]:
    """A Catmull-Rom curve through ``points`` (a river bends through its hexes' centres)."""
    if len(points) < 3:
        return list(points)
    ext = [points[0], *points, points[-1]]
    out: list[FPoint] = []
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(samples):
            t = k / samples
            t2, t3 = t * t, t * t * t
            out.append(
                tuple(  # type: ignore[arg-type]
                    0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2 + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3)
                    for j in (0, 1)
                )
            )
    out.append(points[-1])
    return out


def _stroke(d: ImageDraw.ImageDraw, points: Sequence[FPoint], colour: RGB, width: int) -> None:
    """A line of ``width`` with round joins and ends."""
    if len(points) >= 2:
        d.line(list(points), fill=colour, width=width, joint="curve")
    r = width / 2 - 0.5
    for x, y in (points[0], points[-1]):
        d.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _dashes(d: ImageDraw.ImageDraw, a: FPoint, b: FPoint, colour: RGB, width: int, dash: float) -> None:
    """A dashed segment whose pattern starts and ends on a dash (so corners join)."""
    length = math.dist(a, b)
    gap = dash * 0.6
    n = max(1, round((length + gap) / (dash + gap)))
    unit = (length + gap) / n  # one dash and one gap, stretched to fit
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    for i in range(n):
        s, e = i * unit, i * unit + unit - gap
        d.line(((a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e)), fill=colour, width=width)


def _line_width(grid: HexGrid, ll: LineLook) -> int:
    return max(2, round(grid.size * ll.width))


def border_sides(hexmap: HexMap, look: HexLook) -> list[tuple[Hex, Hex]]:
    """The hexsides between hexes of two different regions of ``look.borders`` (each pair once, sorted)."""
    if not look.borders:
        return []
    grid = hexmap.grid
    owner = {h: next((n for n in look.borders if h in hexmap.regions[n].hexes), None) for h in grid.hexes()}
    out = []
    for h in grid.hexes():
        for n in grid.on_map_neighbours(h):
            if h < n and owner[h] is not None and owner[n] is not None and owner[h] != owner[n]:
                out.append((h, n))
    return sorted(out)


def line_legend(hexmap: HexMap, look: HexLook) -> list[LineLook]:
    """The legend rows of the map's lines: each feature kind, each path kind, the border (if drawn)."""
    feats = sorted({f.kind for f in hexmap.features.lines})
    paths = sorted({p.kind for p in hexmap.features.paths} - set(feats))
    rows = [look.line_look(k) for k in feats] + [look.line_look(k, UNKNOWN_PATH) for k in paths]
    if border_sides(hexmap, look):
        rows.append(look.line_look(BORDER))
    return rows


def _beside_rivers(hexmap: HexMap, look: HexLook, grid: HexGrid, hexes: Sequence[Hex], width: int) -> list[FPoint]:
    """A path's points: its hexes' centres, but a step a line through hexes also runs along
    (consecutive hexes of both) is moved beside that line, so the road stays in sight; each hex's
    point takes the mean shift of its two steps."""
    shifts: list[FPoint] = []
    for a, b in zip(hexes, hexes[1:]):
        along = [f for f in hexmap.features.lines if f.course == "hexes" and f.follows(a, b) and Hexside.of(a, b) not in f.sides]
        if not along:
            shifts.append((0.0, 0.0))
            continue
        gap = max(_line_width(grid, look.line_look(f.kind)) for f in along) / 2 + width / 2 + 2
        (x0, y0), (x1, y1) = grid.centre(min(a, b)), grid.centre(max(a, b))
        n = math.dist((x0, y0), (x1, y1))
        shifts.append((-(y1 - y0) / n * gap, (x1 - x0) / n * gap))
    out = []
    for k, h in enumerate(hexes):
        near = shifts[max(0, k - 1) : k + 1]
        cx, cy = grid.centre(h)
        out.append((cx + sum(x for x, _ in near) / max(1, len(near)), cy + sum(y for _, y in near) / max(1, len(near))))
    return out


def _draw_lines(image: Image.Image, hexmap: HexMap, look: HexLook, grid: HexGrid) -> None:
    """Borders (dashed, along hexsides), then roads, then rivers on top (through hex centres, from
    the middle of the side a river begins or ends on; along hexsides for a line on hexsides)."""
    d = ImageDraw.Draw(image)
    bl = look.line_look(BORDER)
    bw = _line_width(grid, bl)
    for a, b in border_sides(hexmap, look):
        p, q = _side_ends(grid, a, b)
        _dashes(d, p, q, bl.colour, bw, grid.size * 0.16)
    for path in hexmap.features.paths:
        pl = look.line_look(path.kind, UNKNOWN_PATH)
        w = _line_width(grid, pl)
        pts = _beside_rivers(hexmap, look, grid, path.hexes, w + 2)
        _stroke(d, pts, _mix(pl.colour, BLACK, 0.35), w + 2)
        _stroke(d, pts, pl.colour, w)
    for feat in sorted(hexmap.features.lines, key=lambda f: -look.line_look(f.kind).width):
        fl = look.line_look(feat.kind)
        w = _line_width(grid, fl)
        if feat.course == "hexsides":
            for side in feat.sides:
                _stroke(d, _side_ends(grid, side.a, side.b), fl.colour, w)
            continue
        pts = [grid.centre(h) for h in feat.hexes]
        first, last = feat.hexes[0], feat.hexes[-1]
        starts = [s for s in feat.sides if s.touches(first)]
        ends = [s for s in feat.sides if s.touches(last) and s not in starts[:1]]
        if starts:
            pts.insert(0, _side_mid(grid, starts[0].a, starts[0].b))
        if ends:
            pts.append(_side_mid(grid, ends[0].a, ends[0].b))
        _stroke(d, _spline(pts), fl.colour, w)


def place_spots(look: HexLook, grid: HexGrid) -> list[tuple[Hex, str]]:
    """Where each place name is printed: a name given to several hexes (a forest, a ridge) once, on
    its hex nearest the middle of them all."""
    by_name: dict[str, list[Hex]] = {}
    for hid, name in look.places.items():
        h = grid.parse_id(hid)
        if h is None:
            raise ValueError(f"named place {hid!r} is not a hex id of the map")
        by_name.setdefault(name, []).append(h)
    out = []
    for name, hexes in by_name.items():
        mx = sum(grid.centre(h)[0] for h in hexes) / len(hexes)
        my = sum(grid.centre(h)[1] for h in hexes) / len(hexes)
        out.append((min(sorted(hexes), key=lambda h: math.dist(grid.centre(h), (mx, my))), name))
    return sorted(out)


def _draw_places(image: Image.Image, hexmap: HexMap, look: HexLook, grid: HexGrid) -> None:
    d = ImageDraw.Draw(image)
    f = images.font("bold", _name_font_size(grid))
    xs = [x for h in grid.hexes() for x, _ in grid.polygon(h)]
    inset = grid.size * 0.3 + NAME_INSET  # past the zigzag of the outer hexsides
    left, right = min(xs) + inset, max(xs) - inset  # a name wider than its hex stays off the map's edge bands
    for h, name in place_spots(look, grid):
        cx = grid.centre(h)[0]
        bottom = max(y for _, y in grid.polygon(h))
        y = bottom - grid.size * 0.14
        if grid.orientation == "pointy":
            y -= grid.line_spacing / 1.5 * 0.3
        half = d.textlength(name, font=f) / 2 + 4
        cx = max(left + half, min(right - half, cx))
        x0, y0, x1, y1 = d.textbbox((cx, y), name, font=f, anchor="mm")
        d.rounded_rectangle((x0 - 4, y0 - 3, x1 + 4, y1 + 3), radius=4, fill=PLATE, outline=(120, 100, 70))
        d.text((cx, y), name, font=f, fill=(20, 16, 12), anchor="mm")


def _draw_panel(image: Image.Image, hexmap: HexMap, look: HexLook, lay: HexBoardLayout) -> None:
    d = ImageDraw.Draw(image)
    x0 = lay.map_rect[2]
    d.rectangle((x0, TITLE_H, lay.width - 1, lay.height - 1), fill=PANEL_FILL)
    d.line((x0, TITLE_H, x0, lay.height), fill=BLACK, width=3)
    for title, (x, y) in lay.group_titles:
        d.text((x, y + 2), title, font=images.font("bold", 17), fill=BLACK)
    for pb in lay.boxes:
        bx0, by0, bx1, by1 = pb.rect
        d.rectangle((bx0, by0, bx1 - 1, by1 - 1), fill=BOX_FILL, outline=BLACK, width=2)
        style, size = images.fit_font(d, pb.box.title, bx1 - bx0 - 12, (("bold", 15 if not pb.box.group else 13, 10),))
        d.text((bx0 + 6, by0 + 5), pb.box.title, font=images.font(style, size), fill=BLACK)
    # legend
    lx0, ly0, lx1, ly1 = lay.legend
    d.rectangle((lx0, ly0, lx1 - 1, ly1 - 1), fill=BOX_FILL, outline=BLACK, width=2)
    d.text((lx0 + 8, ly0 + 5), look.legend_heading, font=images.font("bold", 17), fill=BLACK)
    y = ly0 + HEADING_H + 4
    used = sorted({hexmap.terrain[h] for h in hexmap.grid.hexes()})
    swatch = HexGrid(orientation=lay.grid.orientation, columns=1, rows=1, size=34.0)
    for name in used:
        tl = look.terrain_look(name)
        sg = replace(swatch, origin=(lx0 + 30.0, y + 17.0))
        h = Hex(0, 0)
        poly = sg.polygon(h)
        paint_hex(d, poly, sg.centre(h), 17.0 * 1.05, tl, _rng(h, 7), (0, 0, 0, 0))
        d.line([*poly, poly[0]], fill=HEX_LINE, width=1)
        d.text((lx0 + 60, y + 17), tl.caption, font=images.font("regular", 15), fill=BLACK, anchor="lm")
        y += LEGEND_ROW
    for i, (_, caption) in enumerate(look.edges.items()):
        d.line((lx0 + 12, y + 17, lx0 + 48, y + 17), fill=_edge_colour(i), width=7)
        d.text((lx0 + 60, y + 17), caption, font=images.font("regular", 15), fill=BLACK, anchor="lm")
        y += LEGEND_ROW
    for ll in line_legend(hexmap, look):
        w = _line_width(lay.grid, ll)
        if ll.dashed:
            _dashes(d, (lx0 + 10, y + 17), (lx0 + 50, y + 17), ll.colour, w, 9)
        else:
            _stroke(d, ((lx0 + 12, y + 17), (lx0 + 48, y + 17)), ll.colour, w)
        d.text((lx0 + 60, y + 17), ll.caption, font=images.font("regular", 15), fill=BLACK, anchor="lm")
        y += LEGEND_ROW


def title_extent(title: str) -> Rect:
    """The part of the title strip its printed title covers (a picture's caption keeps off it)."""
    width = math.ceil(images.font("bold", TITLE_SIZE).getlength(title))
    return (0, 0, TITLE_X * 2 + width, TITLE_H)


def render_hex_board(
    hexmap: HexMap, look: HexLook, boxes: Sequence[OffMapBox], png_of: Callable[[Callable[[], bytes]], bytes] | None = None
) -> HexBoard:
    """The board image (PNG bytes), its layout and where each hex's id is printed. ``png_of`` gets the
    function that paints the board and gives its PNG (a cache may give the bytes it kept instead)."""
    lay, labels = plan_hex_board(hexmap, look, boxes)

    def paint() -> bytes:
        return paint_hex_board(hexmap, look, lay, labels)

    return HexBoard(png=paint() if png_of is None else png_of(paint), layout=lay, labels=labels)


def plan_hex_board(hexmap: HexMap, look: HexLook, boxes: Sequence[OffMapBox]) -> tuple[HexBoardLayout, tuple[HexLabel, ...]]:
    """Where everything of the board goes, and where each hex's id is printed, without painting it."""
    lay = hex_board_layout(hexmap, look, boxes)
    grid = lay.grid
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))  # text sizes only
    return lay, tuple(HexLabel(h, grid.hex_id(h), _id_rect(grid, h, grid.hex_id(h), measure)) for h in grid.hexes())


def paint_hex_board(hexmap: HexMap, look: HexLook, lay: HexBoardLayout, labels: Sequence[HexLabel]) -> bytes:
    """The board of :func:`plan_hex_board`, painted: PNG bytes."""
    grid = lay.grid
    image = Image.new("RGB", (lay.width, lay.height), MAP_FRAME)
    d = ImageDraw.Draw(image)
    d.rectangle(lay.title_rect[:2] + (lay.title_rect[2] - 1, lay.title_rect[3] - 1), fill=TITLE_FILL)
    d.text((TITLE_X, TITLE_H // 2), look.title, font=images.font("bold", TITLE_SIZE), fill=TITLE_INK, anchor="lm")
    f = images.font("bold", _id_font_size(grid))
    r = grid.size / 2
    for label in labels:
        h = label.hex
        paint_hex(d, grid.polygon(h), grid.centre(h), r, look.terrain_look(hexmap.terrain[h]), _rng(h), label.rect)
    for h in grid.hexes():
        poly = grid.polygon(h)
        d.line([*poly, poly[0]], fill=HEX_LINE, width=2)
    _draw_lines(image, hexmap, look, grid)
    for label in labels:
        x0, y0, x1, y1 = label.rect
        d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=3, fill=PLATE)
        d.text((x0 + 2, y0 + 2), label.text, font=f, fill=ID_INK, anchor="lt")
    _draw_places(image, hexmap, look, grid)
    _draw_edges(image, hexmap, look, lay)
    # the frame line round the hexes
    _draw_panel(image, hexmap, look, lay)
    return images.png_bytes(image)
