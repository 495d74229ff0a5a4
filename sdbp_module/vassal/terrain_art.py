"""The ground of the board's map, and the map legend (pure Pillow: data in, pixels drawn in place).

``draw_terrain(image, game)`` paints the map part of the board image (0..``game.map.width`` ×
0..``game.map.height``) with what is printed on the ground: each area's terrain
(``Area.terrain``: wooded heights, hills in tinted steps with contour lines, rice paddies and their
dykes, airstrip ground, open ground), the runways, the area outlines, the river along the river
borders of ``borders.yaml`` (banks and water), roads and tracks, bridges, the trench lines and wire
of the strongpoints (``Area.strongpoint``) and the villages (``game.map``). It prints no area
label: the board draws the number circles, D-values, names, stars and card-bonus squares on top,
and the ground inside each area's ``calm_box`` is kept plain for them (no trees, dykes, contours,
trenches or houses there; hills and heights rise around it).

``draw_legend(image, box, game)`` explains, inside ``box`` (x, y, w, h; laid out for about 840 ×
420, fits any box of at least 700 × 360), the terrain classes the data uses (swatches painted by
the same painters as the map), the map features the data has, and the marks the board prints:
number colours of the area classes, the D-value, the victory star and the card-bonus squares, the
last two with ``board_art``'s own painters and colours. Every legend text is the game's
(``module.yaml`` ``legend``, ``area_classes``, ``bonus_sets``).

Deterministic: the random details (dyke spacing, wet fields, trees, houses) come from
``random.Random`` seeded by area number or feature index, and only Pillow drawing with fixed
parameters is used. Only ``ImageDraw`` primitives and area-sized masks are used (no map-sized
filters), so the whole map draws in a small fraction of a second. Terrain has no rules effect;
the map is the game's data (``areas.yaml``, ``game.yaml`` ``map``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from sdbp_module.ids import AreaClassId, BonusSetId
from sdbp_module.model.game_data import (
    Area,
    GameData,
    Point,
    Road,
    RoadKind,
    Runway,
    Source,
    Terrain,
)
from sdbp_module.model.presentation import Presentation
from sdbp_module.vassal import board_art, images, layout
from sdbp_module.vassal.images import BLACK, RGB, WHITE

FPoint = tuple[float, float]
Box = tuple[int, int, int, int]
"""x0, y0, x1, y1 in pixels; right and bottom exclusive."""

# -- colours: muted, so that red, blue and green numbers and the counters read on every ground ------

MARGIN: RGB = (236, 230, 210)  # the map frame outside the areas
FRAME: RGB = (70, 60, 45)
GROUND: dict[Terrain, RGB] = {
    Terrain.OPEN: (226, 222, 192),
    Terrain.PADDIES: (206, 218, 160),
    Terrain.HILLS: (206, 216, 158),  # the hill rises from the paddies
    Terrain.HEIGHTS: (160, 178, 118),
    Terrain.AIRSTRIP: (224, 216, 176),
    Terrain.URBAN: (222, 214, 196),
    Terrain.FACTORY: (210, 204, 194),
    Terrain.RAVINE: (220, 210, 176),
    Terrain.WATER: (150, 190, 228),
}
BLOCK: RGB = (176, 156, 136)  # city blocks
BLOCK_EDGE: RGB = (128, 108, 92)
HALL: RGB = (150, 146, 142)  # factory halls
HALL_ROOF: RGB = (112, 108, 106)
GULLY: RGB = (168, 140, 98)  # a ravine's slopes
GULLY_FLOOR: RGB = (128, 100, 66)
WAVE: RGB = (196, 222, 244)
HILL_STEPS: tuple[RGB, ...] = ((212, 206, 150), (218, 198, 146), (224, 194, 144), (230, 200, 156))  # foot → top
HEIGHT_STEPS: tuple[RGB, ...] = ((166, 178, 116), (174, 176, 114), (182, 176, 118))
HILL_CONTOUR: RGB = (156, 120, 78)
HEIGHT_CONTOUR: RGB = (118, 120, 72)
DYKE: RGB = (166, 184, 116)
PADDY_WET: RGB = (190, 212, 168)
TREE: RGB = (108, 136, 80)
TREE_SHADOW: RGB = (84, 106, 62)
PSP: RGB = (178, 176, 164)
PSP_SEAM: RGB = (154, 152, 140)
PSP_EDGE: RGB = (96, 92, 80)
OUTLINE: RGB = (62, 56, 46)
BANK: RGB = (116, 94, 62)
WATER: RGB = (84, 144, 212)
WATER_LIGHT: RGB = (128, 180, 232)
ROAD_CASING: RGB = (92, 62, 40)
ROAD_FILL: RGB = (238, 200, 104)
PLANKS: RGB = (196, 160, 110)
TRACK: RGB = (112, 78, 46)
TRENCH: RGB = (92, 58, 34)
WIRE: RGB = (80, 80, 80)
HOUSE: RGB = (160, 104, 66)
HOUSE_ROOF: RGB = (96, 58, 36)
TEXT: RGB = (50, 40, 30)
HALO: RGB = (250, 246, 232)
LEGEND_FILL: RGB = (248, 245, 232)

# -- sizes (map pixels) ------------------------------------------------------------------------------

CALM_W, CALM_H, CALM_DY = 130, 90, 12  # the plain ground around a label: w × h, centred this far below it
RIVER_W = 16  # bank to bank (layout.EDGE_GAP keeps counters off the drawn river)
WATER_W = 12
OUTLINE_W = 3
ROAD_W, ROAD_FILL_W, TRACK_W = 9, 5, 3
INSET = 10  # textures keep this far inside an area's outline
ANGLES = 60  # rays per ring around a label
SUPER = 3.0  # rings hug the calm box as this superellipse (2 = ellipse, large = the box itself)
TREE_STEP = 22  # grid of candidate tree spots on the heights
DYKE_STEP = (26, 40)  # spacing range of the paddy dykes
NAME_SIZE = 13  # road names


# =====================================================================================================
# Geometry


def calm_box(area: Area) -> Box:
    """The rectangle around ``area``'s label kept plain for the board's number circle, D-value,
    name, star and card-bonus square: ``CALM_W`` × ``CALM_H``, centred ``CALM_DY`` below the label."""
    lx, ly = area.label
    cy = ly + CALM_DY
    return (lx - CALM_W // 2, cy - CALM_H // 2, lx + CALM_W // 2, cy + CALM_H // 2)


def _ray_exit(c: FPoint, angle: float, poly: Sequence[Point]) -> float:
    """Distance from ``c`` (inside ``poly``) to the outline along ``angle`` (the nearest crossing)."""
    dx, dy = math.cos(angle), math.sin(angle)
    best = math.inf
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        den = dx * ey - dy * ex
        if den == 0:
            continue
        t = ((ax - c[0]) * ey - (ay - c[1]) * ex) / den
        u = ((ax - c[0]) * dy - (ay - c[1]) * dx) / den
        if t > 0 and 0 <= u <= 1:
            best = min(best, t)
    return 0.0 if best == math.inf else best


def _hug(angle: float, half_w: float, half_h: float) -> float:
    """Distance from a box's centre to the superellipse through the box's corners, along ``angle``."""
    k = 2 ** (1 / SUPER)
    a, b = half_w * k, half_h * k
    return float((abs(math.cos(angle)) ** SUPER / a**SUPER + abs(math.sin(angle)) ** SUPER / b**SUPER) ** (-1 / SUPER))


def _smooth_circular(values: list[float]) -> list[float]:
    n = len(values)
    for _ in range(2):
        values = [(values[i - 2] + 2 * values[i - 1] + 3 * values[i] + 2 * values[(i + 1) % n] + values[(i + 2) % n]) / 9 for i in range(n)]
    return values


@lru_cache(maxsize=512)
def _ring_frame(poly: tuple[Point, ...], box: Box, gap: float, inset: float) -> tuple[FPoint, tuple[float, ...], tuple[float, ...]]:
    """The rays of ``rings``: centre, and per angle the inner (around the box) and outer radius."""
    x0, y0, x1, y1 = box
    c = ((x0 + x1) / 2, (y0 + y1) / 2)
    angles = [2 * math.pi * k / ANGLES for k in range(ANGLES)]
    outer = [max(2.0, _ray_exit(c, a, poly) - inset) for a in angles]
    inner = [min(_hug(a, (x1 - x0) / 2, (y1 - y0) / 2) + gap, e) for a, e in zip(angles, outer, strict=True)]
    return c, tuple(_smooth_circular(inner)), tuple(_smooth_circular(outer))


def rings(poly: Sequence[Point], box: Box, fractions: Sequence[float], gap: float, inset: float = INSET) -> list[list[FPoint]]:
    """Closed rings inside ``poly`` around ``box`` (an area's calm box): ring ``f`` lies a fraction
    ``f`` of the way from ``gap`` pixels outside the box (0) to ``inset`` pixels inside the outline
    (1). Where the area is too small for the box, a ring keeps to the outline's side of it. Hill
    steps, contours, trench lines and wire are drawn on rings, so they frame the label."""
    c, inner, outer = _ring_frame(tuple(poly), box, gap, inset)
    out = []
    for f in fractions:
        ring = []
        for k, (b, e) in enumerate(zip(inner, outer, strict=True)):
            a, r = 2 * math.pi * k / ANGLES, b + f * (e - b)
            ring.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
        out.append(ring)
    return out


def _clear(p: FPoint, boxes: Sequence[Box], grow: float) -> bool:
    """``p`` lies more than ``grow`` pixels outside every box."""
    return not any(b[0] - grow < p[0] < b[2] + grow and b[1] - grow < p[1] < b[3] + grow for b in boxes)


def _outside_boxes(ring: Sequence[FPoint], boxes: Sequence[Box], grow: float) -> list[list[FPoint]]:
    """The runs of the closed ``ring`` that stay ``grow`` pixels clear of ``boxes`` (the whole ring,
    closed, when nothing is in the way)."""
    flags = [_clear(p, boxes, grow) for p in ring]
    if all(flags):
        return [[*ring, ring[0]]]
    n = len(ring)
    start = flags.index(False)
    runs: list[list[FPoint]] = []
    run: list[FPoint] = []
    for k in range(n + 1):
        i = (start + k) % n
        if flags[i]:
            run.append(ring[i])
        elif run:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    return [r for r in runs if len(r) > 1]


def _walk(points: Sequence[FPoint], step: float) -> Iterator[tuple[FPoint, float]]:
    """(point, direction angle) every ``step`` pixels along a polyline."""
    carry = 0.0
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        length = math.dist(points[i], points[i + 1])
        if length == 0:
            continue
        angle = math.atan2(by - ay, bx - ax)
        t = carry
        while t < length:
            yield (ax + (bx - ax) * t / length, ay + (by - ay) * t / length), angle
            t += step
        carry = t - length


def _round_corners(points: Sequence[FPoint], cut: float, times: int = 3) -> list[FPoint]:
    """Chaikin corner cutting, each cut at most ``cut`` pixels from the corner (halved each time),
    so the curve never strays more than a few pixels from the line (the river stays on its border)."""
    pts = list(points)
    for _ in range(times):
        out = [pts[0]]
        for i in range(len(pts) - 1):
            p, q = pts[i], pts[i + 1]
            length = math.dist(p, q)
            if length == 0:
                continue
            f = min(0.25, cut / length)
            if i > 0:
                out.append((p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f))
            if i < len(pts) - 2:
                out.append((q[0] + (p[0] - q[0]) * f, q[1] + (p[1] - q[1]) * f))
        out.append(pts[-1])
        pts = out
        cut /= 2
    return pts


def river_lines(game: GameData) -> list[list[FPoint]]:
    """The river as polylines: the shared edges of the river borders chained end to end, corners
    rounded within a few pixels of the borders. Empty for a game without rivers."""
    edges: list[tuple[Point, Point]] = []
    for border in game.borders:
        if border.river:
            edges.extend(board_art.shared_edges(game.area(border.a).polygon, game.area(border.b).polygon))
    links: dict[Point, list[int]] = {}
    for i, (p, q) in enumerate(edges):
        links.setdefault(p, []).append(i)
        links.setdefault(q, []).append(i)
    used: set[int] = set()
    chains: list[list[FPoint]] = []
    ends = sorted(p for p, e in links.items() if len(e) != 2)  # chains start at their ends, loops anywhere
    for start in [*ends, *sorted(links)]:
        for first in links[start]:
            if first in used:
                continue
            chain, here = [start], start
            edge: int | None = first
            while edge is not None:
                used.add(edge)
                p, q = edges[edge]
                here = q if p == here else p
                chain.append(here)
                free = [e for e in links[here] if e not in used]
                edge = free[0] if len(links[here]) == 2 and free else None
            chains.append(_round_corners([(float(x), float(y)) for x, y in chain], 8.0))
    return chains


def _bbox(poly: Sequence[Point]) -> Box:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)


def _keep_mask(poly: Sequence[Point], calm: Sequence[Box], inset: int, grow: int) -> tuple[Image.Image, Box]:
    """A mask over ``poly``'s box: 255 inside ``poly``, at least ``inset`` pixels from its outline and
    ``grow`` pixels clear of every calm box; and the box it covers."""
    box = _bbox(poly)
    x0, y0, x1, y1 = box
    m = Image.new("L", (x1 - x0, y1 - y0), 0)
    d = ImageDraw.Draw(m)
    local = [(x - x0, y - y0) for x, y in poly]
    d.polygon(local, fill=255)
    d.line([*local, local[0]], fill=0, width=2 * inset, joint="curve")
    for b in calm:
        if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]:
            d.rounded_rectangle((b[0] - x0 - grow, b[1] - y0 - grow, b[2] - x0 + grow, b[3] - y0 + grow), radius=grow + 2, fill=0)
    return m, box


# =====================================================================================================
# Terrain painters (the map and the legend's swatches use the same ones)


def _relief(draw: ImageDraw.ImageDraw, steps: Sequence[Sequence[FPoint]], colours: Sequence[RGB], contour: RGB, calm: Sequence[Box]) -> None:
    """Tinted steps, foot to top, each with a light north-west and a shaded south-east rim (light
    from the top left), and a contour line along each step's edge, broken around the calm boxes."""
    for k, ring in enumerate(steps):
        below = colours[k - 1] if k else colours[0]
        draw.polygon([(x + 2, y + 3) for x, y in ring], fill=_mix(below, BLACK, 0.22))
        draw.polygon([(x - 1.5, y - 1.5) for x, y in ring], fill=_mix(below, WHITE, 0.35))
        draw.polygon(ring, fill=colours[k])
    for ring in steps:
        for run in _outside_boxes(ring, calm, 3):
            draw.line(run, fill=contour, width=1)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _paddies(image: Image.Image, poly: Sequence[Point], calm: Sequence[Box], seed: int) -> None:
    """Paddy fields inside ``poly``: two families of dykes at a slant, unevenly spaced, a third of the
    fields brimming with water; none within ``INSET`` of the outline or near a calm box."""
    keep, (x0, y0, x1, y1) = _keep_mask(poly, calm, INSET // 2, 4)
    w, h = x1 - x0, y1 - y0
    lines, wet = Image.new("L", (w, h), 0), Image.new("L", (w, h), 0)
    ld, wd = ImageDraw.Draw(lines), ImageDraw.Draw(wet)
    rng = random.Random(seed)
    angle = math.radians(rng.uniform(-25, 25))
    ux, uy = math.cos(angle), math.sin(angle)
    cx, cy, reach = w / 2, h / 2, math.hypot(w, h) / 2 + 10

    def at(s: float, t: float) -> FPoint:
        return (cx + ux * s - uy * t, cy + uy * s + ux * t)

    across, along = [-reach], [-reach]
    while across[-1] < reach:
        across.append(across[-1] + rng.uniform(*DYKE_STEP))
    while along[-1] < reach:
        along.append(along[-1] + rng.uniform(DYKE_STEP[0] * 1.4, DYKE_STEP[1] * 1.6))
    for i in range(len(across) - 1):
        for j in range(len(along) - 1):
            if rng.random() < 0.33:
                a, b, s, r = across[i] + 2, across[i + 1] - 2, along[j] + 2, along[j + 1] - 2
                wd.polygon([at(s, a), at(r, a), at(r, b), at(s, b)], fill=255)
    for t in across:
        ld.line((at(-reach, t), at(reach, t)), fill=255, width=2)
    for i in range(len(across) - 1):
        for s in along:
            if rng.random() < 0.85:  # field walls do not all line up
                s2 = s + rng.uniform(-6, 6)
                ld.line((at(s2, across[i]), at(s2, across[i + 1])), fill=255, width=2)
    image.paste(PADDY_WET, (x0, y0), ImageChops.multiply(wet, keep))
    image.paste(DYKE, (x0, y0), ImageChops.multiply(lines, keep))


def _blocks(image: Image.Image, poly: Sequence[Point], calm: Sequence[Box], seed: int, size: tuple[int, int], street: int, fill: RGB, edge: RGB) -> None:
    """City blocks or factory halls inside ``poly``: a street grid of ``size`` blocks ``street``
    apart, one block in six gone (rubble), each with a darker edge and, for large blocks, roof
    ridges; none within ``INSET`` of the outline or near a calm box."""
    keep, (x0, y0, x1, y1) = _keep_mask(poly, calm, INSET // 2, 4)
    w, h = x1 - x0, y1 - y0
    layer = Image.new("RGB", (w, h), fill)
    mask = Image.new("L", (w, h), 0)
    ld, md = ImageDraw.Draw(layer), ImageDraw.Draw(mask)
    rng = random.Random(seed)
    bw, bh = size
    for j, y in enumerate(range(-rng.randrange(bh), h, bh + street)):
        shift = rng.randrange(bw // 2) if j % 2 else 0
        for x in range(-shift - rng.randrange(4), w, bw + street):
            if rng.random() < 1 / 6:
                continue
            box = (x, y, x + bw - 1, y + bh - 1)
            md.rectangle(box, fill=255)
            ld.rectangle(box, fill=fill, outline=edge)
            if bw > 30:
                for k in range(1, 4):
                    ld.line((x + k * bw // 4, y + 2, x + k * bw // 4, y + bh - 3), fill=edge, width=1)
    image.paste(layer, (x0, y0), ImageChops.multiply(mask, keep))


def _gully(image: Image.Image, poly: Sequence[Point], calm: Sequence[Box], seed: int) -> None:
    """A ravine across ``poly``: a winding gully, its slopes and its darker floor, off the calm boxes."""
    keep, (x0, y0, x1, y1) = _keep_mask(poly, calm, INSET // 2, 6)
    w, h = x1 - x0, y1 - y0
    rng = random.Random(seed)
    horizontal = w >= h
    length, across = (w, h) if horizontal else (h, w)
    mid = across * rng.uniform(0.3, 0.7)
    line: list[FPoint] = []
    for k in range(0, length + 20, 20):
        t = mid + across * 0.12 * math.sin(k / 37 + seed) + rng.uniform(-3, 3)
        line.append((float(k), t) if horizontal else (t, float(k)))
    layer = Image.new("L", (w, h), 0)
    floor = Image.new("L", (w, h), 0)
    ImageDraw.Draw(layer).line(line, fill=255, width=16, joint="curve")
    ImageDraw.Draw(floor).line(line, fill=255, width=5, joint="curve")
    image.paste(GULLY, (x0, y0), ImageChops.multiply(layer, keep))
    image.paste(GULLY_FLOOR, (x0, y0), ImageChops.multiply(floor, keep))


def _waves(image: Image.Image, poly: Sequence[Point], calm: Sequence[Box], seed: int) -> None:
    """Water inside ``poly``: short light wave strokes on a loose grid, off the calm boxes."""
    keep, (x0, y0, x1, y1) = _keep_mask(poly, calm, INSET // 2, 4)
    w, h = x1 - x0, y1 - y0
    layer = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(layer)
    rng = random.Random(seed)
    for y in range(6, h, 14):
        for x in range(rng.randrange(20), w, 28):
            d.arc((x, y, x + 12, y + 8), 200, 340, fill=255, width=2)
    image.paste(WAVE, (x0, y0), ImageChops.multiply(layer, keep))


STEPPE: RGB = (150, 146, 96)  # tufts of dry grass on open ground


def _steppe(image: Image.Image, poly: Sequence[Point], calm: Sequence[Box], seed: int) -> None:
    """Open ground inside ``poly``: scattered tufts of grass (three short strokes each) and faint field
    strips on a jittered grid, off the calm boxes, so open country does not read as a blank."""
    keep, (x0, y0, x1, y1) = _keep_mask(poly, calm, INSET // 2, 4)
    w, h = x1 - x0, y1 - y0
    layer = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(layer)
    rng = random.Random(seed)
    for y in range(rng.randrange(30), h, 70):  # faint field edges
        d.line((0, y, w, y + rng.randrange(-12, 13)), fill=70, width=1)
    for y in range(8, h, 22):
        for x in range(rng.randrange(24), w, 30):
            px, py = x + rng.randrange(-6, 7), y + rng.randrange(-5, 6)
            for dx in (-3, 0, 3):
                d.line((px, py, px + dx, py - 5), fill=255, width=1)
    image.paste(STEPPE, (x0, y0), ImageChops.multiply(layer, keep))


def water_colour(game: GameData) -> RGB:
    """The one colour of all water on the map: the first water polygon's (``module.yaml`` ``water``), else
    the water terrain's ground; water areas, the water polygons and the legend's swatch all use it."""
    return game.presentation.water[0][0] if game.presentation.water else GROUND[Terrain.WATER]


def _trees(draw: ImageDraw.ImageDraw, poly: Sequence[Point], calm: Sequence[Box], seed: int, density: float = 0.5) -> None:
    """Round tree crowns, each with its shadow, on a jittered grid inside ``poly``, clear of its
    outline and of the calm boxes."""
    rng = random.Random(seed)
    keep, (x0, y0, x1, y1) = _keep_mask(poly, calm, 12, 10)
    pixels = keep.load()
    assert pixels is not None
    row = 0
    y = y0 + TREE_STEP / 2
    while y < y1:
        x = x0 + TREE_STEP / 2 + (TREE_STEP / 2 if row % 2 else 0)
        while x < x1:
            px, py, r, keep_it = x + rng.uniform(-7, 7), y + rng.uniform(-7, 7), rng.uniform(5.5, 8.5), rng.random() < density
            ix, iy = int(px) - x0, int(py) - y0
            if keep_it and 0 <= ix < x1 - x0 and 0 <= iy < y1 - y0 and pixels[ix, iy]:
                draw.ellipse((px - r + 1.5, py - r + 2, px + r + 1.5, py + r + 2), fill=TREE_SHADOW)
                draw.ellipse((px - r, py - r, px + r, py + r), fill=TREE)
            x += TREE_STEP
        y += TREE_STEP * 0.87
        row += 1


def _hill(draw: ImageDraw.ImageDraw, poly: Sequence[Point], box: Box, calm: Sequence[Box]) -> None:
    _relief(draw, rings(poly, box, (1.0, 0.62, 0.3, 0.0), gap=8), HILL_STEPS, HILL_CONTOUR, calm)


def _heights(draw: ImageDraw.ImageDraw, poly: Sequence[Point], box: Box, calm: Sequence[Box], seed: int) -> None:
    _relief(draw, rings(poly, box, (0.9, 0.5, 0.1), gap=14, inset=6), HEIGHT_STEPS, HEIGHT_CONTOUR, calm)
    _trees(draw, poly, calm, seed)


# =====================================================================================================
# Features


def _dashed(draw: ImageDraw.ImageDraw, points: Sequence[FPoint], colour: RGB, width: int, dash: float, gap: float) -> None:
    on, left = True, dash
    for i in range(len(points) - 1):
        p, q = points[i], points[i + 1]
        length = math.dist(p, q)
        t = 0.0
        while t < length:
            step = min(left, length - t)
            if on:
                a, b = t / length, (t + step) / length
                draw.line((p[0] + (q[0] - p[0]) * a, p[1] + (q[1] - p[1]) * a, p[0] + (q[0] - p[0]) * b, p[1] + (q[1] - p[1]) * b), fill=colour, width=width)
            t += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap


def _roads(draw: ImageDraw.ImageDraw, lines: Sequence[tuple[Sequence[Point], RoadKind]]) -> None:
    """Tracks (dashed), then roads (a dark casing under an ochre fill; every casing first, so that
    roads join cleanly), corners rounded."""
    smooth = [(_round_corners([(float(x), float(y)) for x, y in points], 16.0), kind) for points, kind in lines]
    for pts, kind in smooth:
        if kind is RoadKind.TRACK:
            _dashed(draw, pts, TRACK, TRACK_W, 11, 6)
    for colour, width in ((ROAD_CASING, ROAD_W), (ROAD_FILL, ROAD_FILL_W)):
        for pts, kind in smooth:
            if kind is RoadKind.ROAD:
                draw.line(pts, fill=colour, width=width, joint="curve")


def runway_corners(runway: Runway) -> list[FPoint]:
    """The four corners of the drawn strip."""
    (ax, ay), (bx, by) = runway.ends
    length = math.dist(runway.ends[0], runway.ends[1]) or 1.0
    nx, ny = -(by - ay) / length * runway.width / 2, (bx - ax) / length * runway.width / 2
    return [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]


def _runway(draw: ImageDraw.ImageDraw, runway: Runway, calm: Sequence[Box]) -> None:
    """A pierced-steel-plate strip: grey planking with seams across (none under a label), dark
    edges, white threshold bars at both ends."""
    (ax, ay), (bx, by) = runway.ends
    length = math.dist(runway.ends[0], runway.ends[1]) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    corners = runway_corners(runway)
    nx, ny = (corners[0][0] - ax) * 0.9, (corners[0][1] - ay) * 0.9
    draw.polygon(corners, fill=PSP)
    t = 5.0
    while t < length - 4:
        cx, cy = ax + ux * t, ay + uy * t
        if not any(b[0] - 4 <= cx <= b[2] + 4 and b[1] - 4 <= cy <= b[3] + 4 for b in calm):
            draw.line((cx + nx, cy + ny, cx - nx, cy - ny), fill=PSP_SEAM, width=1)
        t += 6.0
    for (ex, ey), sign in ((runway.ends[0], 1), (runway.ends[1], -1)):
        for k in (-2, -1, 1, 2):
            sx, sy = ex + ux * 7 * sign + nx * k / 2.6, ey + uy * 7 * sign + ny * k / 2.6
            draw.line((sx, sy, sx + ux * 14 * sign, sy + uy * 14 * sign), fill=WHITE, width=3)
    draw.polygon(corners, outline=PSP_EDGE, width=2)


PARAPET_W = 3  # the black lines along a bridge's deck


def _bridge_size(crossing: float, river: float) -> tuple[float, float, float]:
    """A bridge's half length (along the deck), half width and the flare of its parapets: the deck
    spans the river however slanted it crosses it."""
    skew = max(0.35, abs(math.sin(crossing - river)))
    return RIVER_W / 2 / skew + 7, 7.0, 5.0


def bridge_outline(at: FPoint, crossing: float, river: float) -> tuple[FPoint, ...]:
    """The polygon a bridge drawn by ``_bridge`` covers: its deck and the flared ends of its parapets
    (the parapet lines' own width aside: ``PARAPET_W``)."""
    ux, uy = math.cos(crossing), math.sin(crossing)
    vx, vy = -uy, ux
    half_len, half_w, flare = _bridge_size(crossing, river)
    x, y = at
    out = []
    for s, t in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
        out.append((x + s * ux * (half_len + flare) + t * vx * (half_w + flare), y + s * uy * (half_len + flare) + t * vy * (half_w + flare)))
    return tuple(out)


def map_features(game: GameData) -> tuple[layout.Feature, ...]:
    """The printed features of the map no set-up stack should cover (``layout.Feature``): the river
    as ``draw_terrain`` draws it along the river borders (``river_lines``, ``RIVER_W`` wide) and
    every bridge over it (``bridge_sites``, ``bridge_outline``)."""
    rivers = tuple(layout.Feature("river", tuple(chain), RIVER_W) for chain in river_lines(game))
    bridges = tuple(
        layout.Feature(f"bridge at {at[0]:.0f},{at[1]:.0f}", bridge_outline(at, crossing, river), PARAPET_W, closed=True)
        for at, crossing, river, _ in bridge_sites(game)
    )
    return rivers + bridges


def _bridge(draw: ImageDraw.ImageDraw, at: FPoint, crossing: float, river: float, deck: RGB) -> None:
    """The map symbol of a bridge: a deck along ``crossing`` spanning the river (which runs along
    ``river``), black parapets flared at both ends ``)(``."""
    ux, uy = math.cos(crossing), math.sin(crossing)  # along the deck
    vx, vy = -uy, ux  # across it
    half_len, half_w, flare = _bridge_size(crossing, river)
    x, y = at
    draw.polygon(
        [(x + s * ux * half_len + t * vx * half_w, y + s * uy * half_len + t * vy * half_w) for s, t in ((1, 1), (-1, 1), (-1, -1), (1, -1))],
        fill=deck,
    )
    for t in (1, -1):
        sx, sy = vx * half_w * t, vy * half_w * t
        draw.line(
            [
                (x + ux * (half_len + flare) + sx + vx * flare * t, y + uy * (half_len + flare) + sy + vy * flare * t),
                (x + ux * half_len + sx, y + uy * half_len + sy),
                (x - ux * half_len + sx, y - uy * half_len + sy),
                (x - ux * (half_len + flare) + sx + vx * flare * t, y - uy * (half_len + flare) + sy + vy * flare * t),
            ],
            fill=BLACK,
            width=PARAPET_W,
            joint="curve",
        )


def _trench(draw: ImageDraw.ImageDraw, run: Sequence[FPoint]) -> None:
    """A trench: a dark line zig-zagging along ``run``."""
    pts = []
    for k, ((x, y), angle) in enumerate(_walk(run, 5.0)):
        off = 3.0 if k % 2 else -3.0
        pts.append((x - math.sin(angle) * off, y + math.cos(angle) * off))
    if len(pts) > 1:
        draw.line(pts, fill=TRENCH, width=2, joint="curve")


def _wire(draw: ImageDraw.ImageDraw, run: Sequence[FPoint]) -> None:
    """Barbed wire: a thin line with small crosses."""
    draw.line(list(run), fill=WIRE, width=1)
    for k, ((x, y), _angle) in enumerate(_walk(run, 7.0)):
        if k % 2 == 0:
            draw.line((x - 2.5, y - 2.5, x + 2.5, y + 2.5), fill=WIRE, width=1)
            draw.line((x - 2.5, y + 2.5, x + 2.5, y - 2.5), fill=WIRE, width=1)


def _strongpoint(draw: ImageDraw.ImageDraw, poly: Sequence[Point], box: Box, calm: Sequence[Box]) -> None:
    """A trench line around the label and the wire outside it, both broken around calm boxes."""
    trench = rings(poly, box, (0.0,), gap=16)[0]
    wire = rings(poly, box, (0.0,), gap=30, inset=INSET - 4)[0]
    for run in _outside_boxes(trench, calm, 4):
        _trench(draw, run)
    for run in _outside_boxes(wire, calm, 4):
        _wire(draw, run)


def _houses(draw: ImageDraw.ImageDraw, at: FPoint, seed: int, count: int = 7, spread: float = 24) -> None:
    """A cluster of stilt houses: small rectangles with a dark roof ridge."""
    rng = random.Random(seed)
    placed: list[FPoint] = []
    for _ in range(200):
        if len(placed) == count:
            break
        a, r = rng.uniform(0, 2 * math.pi), spread * math.sqrt(rng.random())
        p = (at[0] + r * math.cos(a), at[1] + r * math.sin(a) * 0.7)
        if all(math.dist(p, q) >= 11 for q in placed):
            placed.append(p)
    for x, y in sorted(placed, key=lambda q: (q[1], q[0])):
        draw.rectangle((x - 5, y - 4, x + 5, y + 4), fill=HOUSE, outline=HOUSE_ROOF)
        draw.line((x - 5, y, x + 5, y), fill=HOUSE_ROOF, width=2)


def _halo_text(image: Image.Image, xy: FPoint, text: str, size: int, angle_deg: float = 0.0, style: str = "bold") -> None:
    """Text centred on ``xy`` on a light halo, turned ``angle_deg`` counter-clockwise."""
    f = images.font(style, size)
    left, top, right, bottom = f.getbbox(text, anchor="mm", stroke_width=2)
    w, h = int(right - left) + 4, int(bottom - top) + 4
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((w / 2, h / 2), text, font=f, fill=TEXT, anchor="mm", stroke_width=2, stroke_fill=HALO)
    if angle_deg:
        tile = tile.rotate(angle_deg, resample=Image.Resampling.BICUBIC, expand=True)
    image.paste(tile, (round(xy[0] - tile.width / 2), round(xy[1] - tile.height / 2)), tile)


def name_spot(road: Road, calm: Sequence[Box]) -> tuple[FPoint, float] | None:
    """Where a road's name goes: beside the middle of its longest segment that holds the name clear
    of every calm box, turned to read along it; None when no segment can."""
    need = images.font("bold", NAME_SIZE).getlength(road.name) + 16
    best: tuple[float, FPoint, float] | None = None
    for i in range(len(road.points) - 1):
        (ax, ay), (bx, by) = road.points[i], road.points[i + 1]
        length = math.dist(road.points[i], road.points[i + 1])
        if length < need + 20:
            continue
        angle = math.atan2(by - ay, bx - ax)
        if angle > math.pi / 2:
            angle -= math.pi
        elif angle <= -math.pi / 2:
            angle += math.pi
        ux, uy = math.cos(angle), math.sin(angle)
        mid = ((ax + bx) / 2 - uy * 16, (ay + by) / 2 + ux * 16)  # beside the road
        clear = all(_clear((mid[0] + ux * s, mid[1] + uy * s), calm, 12) for s in (-need / 2, 0.0, need / 2))
        if clear and (best is None or length > best[0]):
            best = (length, mid, -math.degrees(angle))
    return None if best is None else (best[1], best[2])


# =====================================================================================================
# The map


def draw_terrain(image: Image.Image, game: GameData) -> None:
    """Paint the ground of ``game``'s map on ``image``, in its top-left ``game.map`` rectangle:
    terrain, runways, outlines, river, roads, bridges, strongpoints, villages, road names. The
    area labels are left to the board."""
    w, h = game.map.width, game.map.height
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, w - 1, h - 1), fill=MARGIN)
    calm = [calm_box(a) for a in game.areas]
    for k, (colour, polygon) in enumerate(game.presentation.water):
        d.polygon(polygon, fill=colour)
        _waves(image, polygon, calm, 500 + k)
    for area in game.areas:
        d.polygon(area.polygon, fill=water_colour(game) if area.terrain is Terrain.WATER else GROUND[area.terrain])
    for area, box in zip(game.areas, calm, strict=True):
        if area.terrain is Terrain.HILLS:
            _hill(d, area.polygon, box, calm)
        elif area.terrain is Terrain.HEIGHTS:
            _heights(d, area.polygon, box, calm, area.id)
        elif area.terrain is Terrain.PADDIES:
            _paddies(image, area.polygon, calm, area.id)
        elif area.terrain is Terrain.URBAN:
            _blocks(image, area.polygon, calm, area.id, (16, 12), 7, BLOCK, BLOCK_EDGE)
        elif area.terrain is Terrain.FACTORY:
            _blocks(image, area.polygon, calm, area.id, (44, 24), 12, HALL, HALL_ROOF)
        elif area.terrain is Terrain.RAVINE:
            _gully(image, area.polygon, calm, area.id)
        elif area.terrain is Terrain.WATER:
            _waves(image, area.polygon, calm, area.id)
        elif area.terrain is Terrain.OPEN:
            _steppe(image, area.polygon, calm, area.id)
    for area, box in zip(game.areas, calm, strict=True):
        if area.strongpoint:
            _strongpoint(d, area.polygon, box, calm)
    for runway in game.map.runways:
        _runway(d, runway, calm)
    for area in game.areas:
        d.polygon(area.polygon, outline=OUTLINE, width=OUTLINE_W)
    chains = river_lines(game)
    for colour, width in ((BANK, RIVER_W), (WATER, WATER_W), (WATER_LIGHT, 2)):
        for chain in chains:
            d.line(chain, fill=colour, width=width, joint="curve")
    _roads(d, [(road.points, road.kind) for road in game.map.roads])
    for at, crossing, river, deck in bridge_sites(game):
        _bridge(d, at, crossing, river, deck)
    for k, village in enumerate(game.map.villages):
        _houses(d, village.at, 1000 + k)
        _halo_text(image, (village.at[0], village.at[1] + 28), village.name, 12, style="condensed")
    named: set[str] = set()
    for road in game.map.roads:
        spot = None if road.name in named else name_spot(road, calm)
        if spot is not None:
            named.add(road.name)
            _halo_text(image, spot[0], road.name, NAME_SIZE, spot[1])
    d.rectangle((0, 0, w - 1, h - 1), outline=FRAME, width=2)


def bridge_sites(game: GameData) -> list[tuple[FPoint, float, float, RGB]]:
    """Every bridge to draw: (where, the deck's direction, the river's direction, the deck colour).
    The point is the data's (``game.map.bridges``), else the middle of the border's longest edge;
    the deck follows the road that crosses there, else runs square to the river."""
    named = {(b.a, b.b): (float(b.at[0]), float(b.at[1])) for b in game.map.bridges}
    out = []
    for border in game.borders:
        edges = board_art.shared_edges(game.area(border.a).polygon, game.area(border.b).polygon) if border.bridge else []
        if not edges:
            continue
        p, q = max(edges, key=lambda e: math.dist(*e))
        at = named.get((border.a, border.b), ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
        p, q = min(edges, key=lambda e: _distance_to_segment(at, *e))  # the edge the bridge is on
        river = math.atan2(q[1] - p[1], q[0] - p[0])
        crossing, deck, nearest = river + math.pi / 2, PLANKS, 6.0
        for road in game.map.roads:
            for i in range(len(road.points) - 1):
                a, b = road.points[i], road.points[i + 1]
                gap = _distance_to_segment(at, a, b)
                if gap < nearest:
                    crossing, nearest = math.atan2(b[1] - a[1], b[0] - a[0]), gap
                    deck = ROAD_FILL if road.kind is RoadKind.ROAD else PLANKS
        out.append((at, crossing, river, deck))
    return out


def _distance_to_segment(p: FPoint, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


# =====================================================================================================
# The legend

Painter = Callable[[Image.Image, Box], None]
"""Paints one legend swatch into its box."""



def draw_legend(image: Image.Image, box: tuple[int, int, int, int], game: GameData) -> None:
    """The map legend inside ``box`` (x, y, w, h): three columns, terrain, map features and the
    marks printed on the map, each entry a swatch and a line or two of text."""
    x, y, w, h = box
    d = ImageDraw.Draw(image)
    d.rectangle((x, y, x + w - 1, y + h - 1), fill=LEGEND_FILL, outline=BLACK, width=2)
    d.text((x + 12, y + 8), "Map legend", font=images.font("bold", 18), fill=BLACK)
    legend = game.presentation.legend
    d.text((x + w - 12, y + 14), legend.note, font=images.font("regular", 11), fill=(70, 70, 70), anchor="ra")
    north = (_swatch(LEGEND_FILL, _paint_north), legend.north)
    every = (("Terrain", [*terrain_entries(game), north]), ("Map features", feature_entries(game)), ("Printed on the map", mark_entries(game)))
    columns = [c for c in every if c[1]]  # a game with no map feature has no empty column
    top = y + 54
    rows = max(1, *(len(entries) for _, entries in columns))
    row_h = min(56, (y + h - 8 - top) // rows)
    col_w = (w - 24) // len(columns)
    swatch_w = min(72, col_w // 4)
    text_w, text_h = col_w - swatch_w - 22, row_h - 4
    size = _legend_size(d, [words for _, entries in columns for _, words in entries], text_w, text_h)
    for k, (heading, entries) in enumerate(columns):
        cx = x + 12 + k * col_w
        d.text((cx, top - 18), heading, font=images.font("bold", 13), fill=(60, 50, 40))
        for i, (paint, words) in enumerate(entries):
            ry = top + i * row_h
            sw = (cx, ry + 2, cx + swatch_w, ry + row_h - 4)
            paint(image, sw)
            d.rectangle((sw[0], sw[1], sw[2] - 1, sw[3] - 1), outline=(120, 110, 90), width=1)
            lines = _wrap(d, words, images.font("condensed", size), text_w)
            first = (sw[1] + sw[3]) / 2 - len(lines) * (size + 3) / 2
            for j, line in enumerate(lines):
                d.text((sw[2] + 10, first + j * (size + 3)), line, font=images.font("condensed", size), fill=(30, 30, 30))


def _legend_size(d: ImageDraw.ImageDraw, texts: Sequence[str], width: float, height: float) -> int:
    """The largest font size (13 down to 9) in which every legend text, wrapped into ``width``, fits ``height``."""
    for size in range(13, 9, -1):
        f = images.font("condensed", size)
        if all(len(lines) * (size + 3) <= height and all(d.textlength(s, font=f) <= width for s in lines) for lines in (_wrap(d, t, f, width) for t in texts)):
            return size
    return 9


def _wrap(d: ImageDraw.ImageDraw, text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Greedy word wrap."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if d.textlength(trial, font=f) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines


TilePaint = Callable[[Image.Image, ImageDraw.ImageDraw, Sequence[Point]], None]
"""Paints a swatch's tile, given the tile, a drawing on it and the tile's outline as a polygon."""


def _swatch(fill: RGB, paint: TilePaint) -> Painter:
    """A swatch painter: ``paint`` works on a tile of the swatch's size filled with ``fill``, which
    is then put in place, so nothing spills out of the swatch."""

    def put(image: Image.Image, sw: Box) -> None:
        tile = Image.new("RGB", (sw[2] - sw[0], sw[3] - sw[1]), fill)
        paint(tile, ImageDraw.Draw(tile), ((0, 0), (tile.width, 0), (tile.width, tile.height), (0, tile.height)))
        image.paste(tile, sw[:2])

    return put


LEGEND_SOURCE = Source("reconstructed: a legend swatch")


def _terrain_swatch(terrain: Terrain, water: RGB = GROUND[Terrain.WATER]) -> Painter:
    """The terrain painters of the map, on a swatch (the hilltop: a small box in the middle)."""

    def paint(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
        w, h = tile.size
        top = (w // 2 - 6, h // 2 - 4, w // 2 + 6, h // 2 + 4)
        if terrain is Terrain.PADDIES:
            _paddies(tile, outline, [], 7)
        elif terrain is Terrain.HEIGHTS:
            _relief(d, rings(outline, top, (0.9, 0.5, 0.1), gap=2, inset=-4), HEIGHT_STEPS, HEIGHT_CONTOUR, [])
            _trees(d, [(-20, -20), (w + 20, -20), (w + 20, h + 20), (-20, h + 20)], [], 3, 0.6)
        elif terrain is Terrain.HILLS:
            _relief(d, rings(outline, top, (1.0, 0.62, 0.3, 0.0), gap=2, inset=2), HILL_STEPS, HILL_CONTOUR, [])
        elif terrain is Terrain.AIRSTRIP:
            _runway(d, Runway("", ((6, h // 2), (w - 6, h // 2)), min(20, h - 8), (), LEGEND_SOURCE), [])
        elif terrain is Terrain.URBAN:
            _blocks(tile, outline, [], 1, (12, 9), 5, BLOCK, BLOCK_EDGE)
        elif terrain is Terrain.FACTORY:
            _blocks(tile, outline, [], 1, (34, 18), 8, HALL, HALL_ROOF)
        elif terrain is Terrain.RAVINE:
            _gully(tile, outline, [], 1)
        elif terrain is Terrain.WATER:
            _waves(tile, outline, [], 1)
        elif terrain is Terrain.OPEN:
            _steppe(tile, outline, [], 1)

    return _swatch(water if terrain is Terrain.WATER else GROUND[terrain], paint)


def terrain_entries(game: GameData) -> list[tuple[Painter, str]]:
    """One entry per terrain class the areas use, in the order of the legend's ``terrain`` words
    (a terrain the legend does not name comes last, under its own name)."""
    words = game.presentation.legend.terrain
    present = {a.terrain for a in game.areas}
    order = [Terrain(t) for t in words if t in {p.value for p in present}]
    order += sorted(present - set(order), key=lambda t: t.value)
    return [(_terrain_swatch(t, water_colour(game)), words.get(t.value, t.value.capitalize())) for t in order]


def feature_entries(game: GameData) -> list[tuple[Painter, str]]:
    """River, bridges, roads, tracks, villages and strongpoints: those the game has."""
    out: list[tuple[Painter, str]] = []
    words = game.presentation.legend
    if any(b.river for b in game.borders):
        out.append((_swatch(GROUND[Terrain.PADDIES], _paint_river), words.river))
    names = {(s.a, s.b): s.name for s in game.map.bridges}
    bridges = [f"{b.b}–{b.a}" + (f" {names[(b.a, b.b)]}" if (b.a, b.b) in names else "") for b in game.borders if b.bridge]
    if bridges:
        out.append((_swatch(GROUND[Terrain.PADDIES], _paint_bridge), words.bridge.format(bridges=", ".join(bridges))))
    for kind, word in ((RoadKind.ROAD, "Road"), (RoadKind.TRACK, "Track")):
        roads = list(dict.fromkeys(r.name for r in game.map.roads if r.kind is kind))
        if roads:
            out.append((_swatch(GROUND[Terrain.PADDIES], _road_painter(kind)), f"{word}: {', '.join(roads)} (no rules effect)"))
    if game.map.villages:
        out.append((_swatch(GROUND[Terrain.PADDIES], _paint_village), "Village: " + ", ".join(v.name for v in game.map.villages)))
    if any(a.strongpoint for a in game.areas):
        out.append((_swatch(GROUND[Terrain.PADDIES], _paint_strongpoint), words.strongpoint))
    return out


def mark_entries(game: GameData) -> list[tuple[Painter, str]]:
    """The number colours of the area classes the areas use (in the order ``module.yaml`` declares
    them; a class it gives no legend line is left out), the D-value, the victory star and the
    card-bonus squares."""
    look = game.presentation
    present = {a.colour for a in game.areas}
    out: list[tuple[Painter, str]] = [
        (_swatch(LEGEND_FILL, _number_painter(AreaClassId(c), look)), look.area_classes[c].legend)
        for c in look.class_order
        if c in present and look.area_classes[c].legend
    ]
    out.append((_swatch(LEGEND_FILL, _paint_defense), look.legend.defense))
    holders = [next(a for a in game.areas if a.control is side) for side in game.game.sides if any(a.control is side for a in game.areas)]
    if holders:  # the control box: one swatch showing each side's box
        out.append((_swatch(LEGEND_FILL, _control_painter(tuple(holders), look)), look.legend.control))
    coded = [a for a in game.areas if a.setup_code]
    if coded:
        out.append((_swatch(LEGEND_FILL, _code_painter(coded[0].setup_code)), look.legend.setup_code))
    if any(a.victory for a in game.areas):
        out.append((_swatch(LEGEND_FILL, _paint_star), look.legend.victory))
    used = sorted({a.card_bonus for a in game.areas} - {BonusSetId("none")})
    for bonus in [BonusSetId(b) for b in look.bonus_sets if b in used] + [b for b in used if b not in look.bonus_sets]:
        ids = [str(a) for a in game.bonus_areas(bonus)]
        if ids:
            text = look.legend.bonus.format(word=look.bonus(bonus).word, areas=", ".join(ids))
            out.append((_swatch(LEGEND_FILL, _bonus_painter(bonus, look)), text))
    return out


def _paint_water(d: ImageDraw.ImageDraw, line: Sequence[FPoint]) -> None:
    for colour, width in ((BANK, RIVER_W), (WATER, WATER_W), (WATER_LIGHT, 2)):
        d.line(list(line), fill=colour, width=width, joint="curve")


def _paint_river(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
    _paint_water(d, [(0.0, tile.height * 0.72), (tile.width * 0.5, tile.height * 0.45), (float(tile.width), tile.height * 0.3)])


def _paint_bridge(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
    w, h = tile.size
    _paint_water(d, [(0.0, h / 2), (float(w), h / 2)])
    _roads(d, [(((w // 2, 0), (w // 2, h)), RoadKind.ROAD)])
    _bridge(d, (w / 2, h / 2), math.pi / 2, 0.0, ROAD_FILL)


def _road_painter(kind: RoadKind) -> TilePaint:
    def paint(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
        w, h = tile.size
        _roads(d, [(((-4, h - 8), (w // 2, h // 2), (w + 4, 8)), kind)])

    return paint


def _paint_village(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
    _houses(d, (tile.width / 2, tile.height / 2), 1000, 5, 16)


def _paint_strongpoint(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
    w, h = tile.size
    top = (w // 2 - 14, h // 2 - 3, w // 2 + 14, h // 2 + 3)
    for run in _outside_boxes(rings(outline, top, (0.0,), gap=3)[0], [], 0):
        _trench(d, run)
    for run in _outside_boxes(rings(outline, top, (0.0,), gap=10, inset=2)[0], [], 0):
        _wire(d, run)


def _number_painter(colour: AreaClassId, look: Presentation) -> TilePaint:
    """A number circle as the board prints it (``layout``'s font and radius, the class's colour)."""

    def paint(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
        cx, cy = tile.width / 2, tile.height / 2
        r = min(layout.CIRCLE_R, tile.height / 2 - 2)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=BLACK, width=2)
        size = round(layout.NUMBER_FONT[1] * r / layout.CIRCLE_R)
        images.centre_text(d, (cx, cy), "12", images.font(layout.NUMBER_FONT[0], size), look.number_colour(colour))

    return paint


def _paint_north(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
    cx, h = tile.width / 2, tile.height
    d.polygon([(cx, 4), (cx + 7, h - 8), (cx, h - 13), (cx - 7, h - 8)], fill=FRAME)
    images.centre_text(d, (cx + 15, 11), "N", images.font("bold", 12), FRAME)


def _paint_defense(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
    images.centre_text(d, (tile.width / 2, tile.height / 2), "D2", images.font(*layout.DEFENSE_FONT), BLACK)


def _paint_star(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
    cx, cy, r = tile.width // 2, tile.height // 2, layout.STAR_R
    board_art.draw_victory_star(d, (cx - r, cy - r, cx + r + 1, cy + r + 1))


def _control_painter(areas: tuple[Area, ...], look: Presentation) -> TilePaint:
    """The control boxes of ``areas`` (one area per side) side by side, at the board's size (``layout.CONTROL_BOX``)."""

    def paint(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
        x0, y0, x1, y1 = layout.CONTROL_BOX
        bw, bh, gap = x1 - x0, y1 - y0, 3
        left = tile.width // 2 - (len(areas) * bw + (len(areas) - 1) * gap) // 2
        top = tile.height // 2 - bh // 2
        for i, area in enumerate(areas):
            bx = left + i * (bw + gap)
            board_art.draw_control_box(d, (bx, top, bx + bw, top + bh), area, look)

    return paint


def _code_painter(code: str) -> TilePaint:
    """A set-up letter's square at the board's size."""

    def paint(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
        cx, cy = tile.width // 2, tile.height // 2
        board_art.draw_setup_code(d, (cx - 10, cy - 10, cx + 9, cy + 9), code)

    return paint


def _bonus_painter(bonus: BonusSetId, look: Presentation) -> TilePaint:
    """The card-bonus square at the board's size (19 × 23, as ``layout.label_parts`` gives it)."""

    def paint(tile: Image.Image, d: ImageDraw.ImageDraw, outline: Sequence[Point]) -> None:
        cx, cy = tile.width // 2, tile.height // 2
        board_art.draw_card_bonus(d, (cx - 10, cy - 12, cx + 9, cy + 11), bonus, look)

    return paint
