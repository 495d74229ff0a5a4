"""Where everything sits on the one board: area polygons, the box panel, piles, and set-up spots.

One map, one board. The board image is the area map with a panel added on its right holding the
turn track (reinforcement spaces), the VM replacements box, the Relief Force ("*") box, the
Eliminated and Removed boxes and the five card piles. Keeping them on the same board as the areas
means every piece position resolves through one zone set, the main map's move key reports every
unit move (into a box too), and saves need a single BoardPicker record for the play area.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, Point

MAP_NAME = "Main Map"
BOARD_NAME = "Dien Bien Phu"
COUNTER = 60  # counter edge, pixels (reads well at 100 %)
CARD_W, CARD_H = 180, 252
PANEL_GAP = 40
PANEL_W = 880
SPACING = 66  # distance between set-up spots


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangular zone of the panel: its zone name and its rectangle (x, y, w, h)."""

    name: str
    x: int
    y: int
    w: int
    h: int
    title: str

    @property
    def polygon(self) -> tuple[Point, ...]:
        return ((self.x, self.y), (self.x + self.w, self.y), (self.x + self.w, self.y + self.h), (self.x, self.y + self.h))

    @property
    def centre(self) -> Point:
        return (self.x + self.w // 2, self.y + self.h // 2)


def turn_box_name(turn: int) -> str:
    return f"Turn {turn}"


REPLACEMENTS = "Replacements"
RELIEF = "Relief Force"
ELIMINATED = "Eliminated"
REMOVED = "Removed"
REMOVED_CARDS = "Removed cards"


def deck_name(side: Side) -> str:
    return f"{side.label} deck"


def discard_name(side: Side) -> str:
    return f"{side.label} discard"


def hand_name(side: Side) -> str:
    return f"{side.label} hand"


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    height: int
    map_width: int
    boxes: tuple[Box, ...]  # panel boxes (zones), turn spaces first
    piles: tuple[Box, ...]  # card piles (zones and DrawPile positions)

    def box(self, name: str) -> Box:
        for b in self.boxes + self.piles:
            if b.name == name:
                return b
        raise KeyError(name)


def make_layout(game: GameData) -> Layout:
    """The panel to the right of the map; sizes fixed, so the layout depends only on map size and turns."""
    x0 = game.map.width + PANEL_GAP
    boxes: list[Box] = []
    cols = 4
    tw, th = 208, 232
    for t in range(1, game.game.turns + 1):
        col, row = (t - 1) % cols, (t - 1) // cols
        boxes.append(Box(turn_box_name(t), x0 + col * (tw + 12), 70 + row * (th + 12), tw, th, f"Turn {t}"))
    y = 70 + math.ceil(game.game.turns / cols) * (th + 12) + 30
    half = (cols * (tw + 12) - 12 - 20) // 2
    boxes.append(Box(REPLACEMENTS, x0, y, half, 300, "VM replacements"))
    boxes.append(Box(RELIEF, x0 + half + 20, y, half, 300, "Relief Force (*) - by card only"))
    y += 330
    boxes.append(Box(ELIMINATED, x0, y, half, 300, "Eliminated"))
    boxes.append(Box(REMOVED, x0 + half + 20, y, half, 300, "Removed from game"))
    y += 340
    pw, ph = CARD_W + 90, CARD_H + 60
    piles = [
        Box(deck_name(Side.FRENCH), x0, y, pw, ph, "French deck"),
        Box(discard_name(Side.FRENCH), x0 + pw + 20, y, pw, ph, "French discard"),
        Box(REMOVED_CARDS, x0 + 2 * (pw + 20), y, pw, ph, "Removed cards"),
        Box(deck_name(Side.VIET_MINH), x0, y + ph + 20, pw, ph, "Viet Minh deck"),
        Box(discard_name(Side.VIET_MINH), x0 + pw + 20, y + ph + 20, pw, ph, "Viet Minh discard"),
    ]
    height = max(game.map.height, y + 2 * ph + 60)
    return Layout(x0 + PANEL_W, height, game.map.width, tuple(boxes), tuple(piles))


# ------------------------------------------------------------------------------------------
# Set-up spots: spread units over a zone so stacks stay visible


def inside(p: tuple[float, float], poly: Sequence[Point]) -> bool:
    """Point in polygon (even-odd rule)."""
    x, y = p
    result = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                result = not result
    return result


def edge_distance(p: tuple[float, float], poly: Sequence[Point]) -> float:
    """The distance from ``p`` to the nearest edge of ``poly``."""
    best = math.inf
    n = len(poly)
    px, py = p
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
        best = min(best, math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)))
    return best


def spots(
    poly: tuple[Point, ...],
    avoid: Point | None,
    *,
    margin: int = COUNTER // 2 + 4,
    top: int = 0,
    spacing: int = SPACING,
    clearance: int = 70,
) -> list[Point]:
    """Grid points inside ``poly`` at least ``margin`` from its edges, nearest the centre first,
    skipping the printed label at ``avoid`` (and the first ``top`` pixels, for box titles)."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    out: list[tuple[float, int, int]] = []
    y = min(ys) + margin + top
    while y <= max(ys) - margin:
        x = min(xs) + margin
        while x <= max(xs) - margin:
            if (
                inside((x, y), poly)
                and edge_distance((x, y), poly) >= margin
                and (avoid is None or math.hypot(x - avoid[0], y - avoid[1]) >= clearance)
            ):
                out.append((math.hypot(x - cx, y - cy), int(x), int(y)))
            x += spacing
        y += spacing
    out.sort()
    return [(x, y) for _, x, y in out]


def assign(
    count: int, poly: tuple[Point, ...], avoid: Point | None, fallback: Point, *, top: int = 0, overlap: bool = True
) -> list[Point]:
    """One position per piece: singletons while spots last, else stacks spread evenly over the spots.

    Small zones are tried again with a tighter grid (counters then overlap a little but each stays
    visible) before pieces are stacked.
    """
    places: list[Point] = []
    tiers = ((SPACING, COUNTER // 2 + 4, 70), (52, 26, 56), (42, 18, 46), (34, 12, 40))
    for spacing, margin, clearance in tiers if overlap else tiers[:1]:
        places = spots(poly, avoid, top=top, spacing=spacing, margin=margin, clearance=clearance)
        if len(places) >= count:
            break
    places = places or [fallback]
    if count <= len(places):
        return places[:count]
    per = math.ceil(count / len(places))
    return [places[i // per] for i in range(count)]
