"""Where everything sits on the one board: area polygons and labels, the box panel, piles, the
legend, and the set-up's stacks.

One map, one board. The board image is the area map with a panel added on its right holding the
turn track, the boxes the game's ``module.yaml`` declares (``boxes``: a replacements box, a relief
box, the Eliminated and Removed boxes, a casualty box …), the card piles and the legend. Keeping them on the same board as the areas means every piece
position resolves through one zone set, the main map's move key reports every unit move (into a box
too), and saves need a single BoardPicker record for the play area.

Contracts:

- Zone names (``Turn N``, the declared boxes' zones such as ``Replacements``, ``Relief Force``,
  ``Eliminated``, ``Removed``, the piles) are read back by ``replay.vlog.zones``; each turn-track box
  is ONE zone, its spaces for each side and its turn-marker space are only printed inside it. The
  ``Eliminated`` and ``Removed`` zones always exist (the units' Eliminate and Remove commands send
  there); a game that declares neither gets them at the end of its boxes.
- A stack is drawn as the engine draws an unexpanded one (``VASSAL.build.module.map.StackMetrics``:
  ``getContents``/``nextPosition``): the bottom piece at the stack's position, each piece above it
  ``STACK_DX`` to the right and ``STACK_DY`` up (positive ``unexSepX``/``unexSepY``), every piece
  drawn whole (no ``color`` attribute: ``drawUnexpanded`` paints the piece itself); the main map's
  StackMetrics is written from these two numbers (``buildfile``).
- The set-up's stacks (``setup_groups``: one per side per zone, more only past the stacking limit,
  7.0; an area's markers in one stack of their own) sit where ``Layout.setup_spots`` says: in an area,
  the drawn extent of each stack inside the area and off every printed label mark; in a box, a cell
  of the space printed for its side (markers: a turn box's turn-marker space).
- An area's label is printed at its data ``label`` point (moved up to ``LABEL_NUDGE`` pixels when a mark of
  it, the control box or the name plate, would cross the area's outline: ``_fit_label``) unless its set-up stacks (or, for an empty
  area, a stack of ``ROOM_STACK``) cannot sit clear of it there; then the stacks go to the top of the
  area and the label to the nearest point below them that fits (``Layout.labels``).
  ``label_parts`` is where each mark of a label goes: ``board_art`` draws exactly those rectangles.
- A set-up stack also keeps off the map's printed features (``Feature``: the river drawn along the
  river borders and the bridges over it, as ``terrain_art.map_features`` draws them) in every area
  where it can: the gaps of every tier are tried with the features first, and only an area with no
  room clear of them puts a stack on one.
"""

from __future__ import annotations

import dataclasses
import heapq
import math
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from functools import lru_cache

from sdbp_module.ids import AreaId, BonusSetId, Side, UnitId
from sdbp_module.model.game_data import (
    Area,
    GameData,
    MarkerPlacement,
    Placement,
    Point,
    SetupKind,
)
from sdbp_module.records import record

MAP_NAME = "Main Map"
NO_BONUS = BonusSetId("none")  # the card bonus of an area printed with no bonus symbol
COUNTER = 60  # counter edge, pixels (reads well at 100 %)
CARD_W, CARD_H = 180, 252
PANEL_GAP = 40
SPACING = 66  # distance between counter spots (``spots``; the ``sdbp show`` scene spreads counters)

STACK_DX = 6
"""``unexSepX`` of the main map: each piece of an unexpanded stack is drawn this far right of the one
under it, so the edges of the lower counters show how many the stack holds."""
STACK_DY = 6
"""``unexSepY``: and this far up (a positive value moves up, ``StackMetrics.nextPosition``)."""

Rect = tuple[int, int, int, int]
"""A rectangle as (left, top, right, bottom) in board pixels, right and bottom exclusive."""

LABEL_GAP = 6  # free pixels between a stack and any printed label mark
EDGE_GAP = 9  # free pixels between a stack and its area's outline (the river is drawn over borders)
LABEL_EDGE_GAP = 4  # free pixels between a moved label and its area's outline
STACK_GAP = 8  # free pixels between two stacks of the same area
ROOM_STACK = 4  # an area without set-up units keeps room for a stack this high clear of its label
CELL_PAD = 2  # free pixels around a full stack in a box cell
BOX_PAD = 5  # inner margin of a panel box
TITLE_H = 26  # height of a box's title line
LABEL_H = 16  # height of a space's caption (a side's label)
FOOT_H = 22  # height of a turn box's hand-size line
MARKER_CELL = COUNTER + 12  # the turn-marker space of a turn box
BOX_GAP = 12  # between panel boxes of a row
TURN_GAP = 6  # between turn boxes
ROW_GAP = 30  # between rows of the panel
TURN_COLUMNS = 8  # turn boxes per row of the track
PANEL_TOP = 70  # the track starts under the panel heading
LEGEND_H = 520


# ------------------------------------------------------------------------------------------
# Zones and their names


def turn_box_name(turn: int) -> str:
    return f"Turn {turn}"


REPLACEMENTS = "Replacements"
RELIEF = "Relief Force"
ELIMINATED = "Eliminated"
REMOVED = "Removed"
REMOVED_CARDS = "Removed cards"
TURN_MARKER_SPACE = "turn marker"


def deck_name(side: Side) -> str:
    return f"{side.label} deck"


def discard_name(side: Side) -> str:
    return f"{side.label} discard"


def hand_name(side: Side) -> str:
    return f"{side.label} hand"


def board_name(game: GameData) -> str:
    """The name of the one board (``module.yaml`` ``board_name``)."""
    return game.presentation.board_name


def panel_boxes(game: GameData) -> tuple[tuple[str, str, str], ...]:
    """The panel's boxes besides the turn track, in print order: (zone, title, note) as
    ``module.yaml`` declares them, then ``Eliminated`` and ``Removed`` when it leaves them out."""
    boxes = [(b.zone, b.title, b.note) for b in game.presentation.boxes]
    zones = {zone for zone, _, _ in boxes}
    boxes += [(zone, title, "") for zone, title in ((ELIMINATED, "Eliminated"), (REMOVED, "Removed from game")) if zone not in zones]
    return tuple(boxes)


def unit_zones(game: GameData) -> dict[UnitId, str]:
    """The zone each unit starts in (``placement_zone`` of its scenario placement)."""
    return {u.id: placement_zone(game, game.scenario.units.get(u.id, u.setup)) for u in game.units}


def placement_zone(game: GameData, placement: Placement) -> str:
    """The zone a unit with this set-up placement starts in; ``any <class>``: the first area of the
    class by number (the player may set the unit up in another, rules permitting)."""
    if placement.kind is SetupKind.AREA:
        return str(placement.area)
    if placement.kind is SetupKind.CLASS:
        first = min((a.id for a in game.areas if a.colour == placement.area_class), default=None)
        return str(first) if first is not None else REMOVED
    if placement.kind is SetupKind.TURN:
        return turn_box_name(placement.turn or 0)
    if placement.kind is SetupKind.REPLACEMENTS:
        return REPLACEMENTS
    if placement.kind is SetupKind.CARD:
        return RELIEF
    return REMOVED


def marker_zone(game: GameData, marker: MarkerPlacement) -> str:
    """The zone a marker of the scenario starts in: its area, else its turn box."""
    return str(marker.area) if marker.area is not None else turn_box_name(marker.turn or game.scenario.first_turn)


def stack_sizes(count: int, limit: int) -> list[int]:
    """``count`` pieces as the fewest stacks of at most ``limit``, sizes as even as can be (largest first)."""
    if count <= 0:
        return []
    n = math.ceil(count / limit)
    return [count // n + (1 if i < count % n else 0) for i in range(n)]


def setup_groups(game: GameData) -> dict[str, list[tuple[Side | None, int]]]:
    """Each zone's set-up stacks, in placing order, as (side, pieces): each side's units (sides in
    the game's order) as ``stack_sizes`` of the stacking limit, then the zone's markers (side None)
    as one stack. The set-up takes each side's pieces in data order, bottom first."""
    counts: Counter[tuple[str, Side | None]] = Counter()
    zones = unit_zones(game)
    for unit in game.units:
        counts[(zones[unit.id], unit.side)] += 1
    for marker in game.scenario.markers:
        counts[(marker_zone(game, marker), None)] += 1
    rank = {side: i for i, side in enumerate((*game.game.sides, None))}
    out: dict[str, list[tuple[Side | None, int]]] = defaultdict(list)
    for zone, side in sorted(counts, key=lambda key: (zone_order(key[0]), rank[key[1]])):
        n = counts[(zone, side)]
        out[zone] += [(side, size) for size in (stack_sizes(n, game.game.stacking_limit) if side is not None else [n])]
    return dict(out)


def zone_order(zone: str) -> tuple[int, str]:
    """Areas by number, then the boxes by name."""
    return (int(zone), "") if zone.isdigit() else (10_000, zone)


# ------------------------------------------------------------------------------------------
# Panel boxes


@record
class Space:
    """A printed part of a panel box (not a zone): where one side's stacks go (``side``), or, with
    ``side`` None, the turn-marker spot of a turn box or the open space of another box (its
    ``title`` then is a note printed on the box's title line)."""

    title: str
    side: Side | None
    x: int
    y: int
    w: int
    h: int

    def cells(self, cell: int) -> tuple[Point, ...]:
        """Top-left corners of the ``cell``-sized squares that fit, row by row, centred in the space
        (one, centred, when even one does not fit)."""
        cols, rows = max(1, self.w // cell), max(1, self.h // cell)
        x0 = self.x + (self.w - cols * cell) // 2
        y0 = self.y + (self.h - rows * cell) // 2
        return tuple((x0 + c * cell, y0 + r * cell) for r in range(rows) for c in range(cols))


@record
class Box:
    """A rectangular zone of the panel: its zone name, its rectangle (x, y, w, h), its printed
    title and the spaces printed inside it."""

    name: str
    x: int
    y: int
    w: int
    h: int
    title: str
    spaces: tuple[Space, ...] = ()

    @property
    def polygon(self) -> tuple[Point, ...]:
        return ((self.x, self.y), (self.x + self.w, self.y), (self.x + self.w, self.y + self.h), (self.x, self.y + self.h))

    @property
    def centre(self) -> Point:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def space_for(self, side: Side | None) -> Space:
        """The space kept for ``side``'s units (None: for markers), else the box's first space."""
        for space in self.spaces:
            if space.side is side:
                return space
        return self.spaces[0]


@record
class Layout:
    """The board: its size, the map's width, the panel's boxes and piles, the legend's place, and
    where the labels and the set-up's stacks go."""

    width: int
    height: int
    map_width: int
    boxes: tuple[Box, ...]  # panel boxes (zones), turn spaces first
    piles: tuple[Box, ...]  # card piles (zones and DrawPile positions)
    legend: tuple[int, int, int, int]  # the legend's (x, y, w, h): printed, not a zone
    cell: int  # a box cell for one full stack (``cell_size``)
    labels: tuple[tuple[AreaId, Point], ...]  # where each area's label is printed, area order
    setup_spots: tuple[tuple[str, tuple[Point, ...]], ...]  # zone -> a position per ``setup_groups`` stack

    def box(self, name: str) -> Box:
        """The box or pile of zone ``name``."""
        for b in self.boxes + self.piles:
            if b.name == name:
                return b
        raise KeyError(name)

    def label_at(self, area: AreaId) -> Point:
        """Where ``area``'s label is printed."""
        return dict(self.labels)[area]

    def spots_of(self, zone: str) -> tuple[Point, ...]:
        """The positions of ``zone``'s set-up stacks, in ``setup_groups`` order (none: empty zone)."""
        return dict(self.setup_spots).get(zone, ())


def cell_size(game: GameData) -> int:
    """The square a full stack (the stacking limit, 7.0) needs in a box, with a little air around it."""
    return stack_span(game.game.stacking_limit) + 2 * CELL_PAD


def boxes_and_piles(game: GameData) -> tuple[tuple[Box, ...], tuple[Box, ...]]:
    """The panel's boxes and card piles alone, as ``make_layout`` places them, without planning the
    areas' labels and stack spots (the costly part): what reading a log's zones needs."""
    _, _, boxes, piles, _ = _panel(game, setup_groups(game), cell_size(game))
    return boxes, piles


def make_layout(game: GameData) -> Layout:
    """The whole board: the panel right of the map (``_panel``), each area's label point and the
    set-up's stack positions (``_plan_areas``, clear of the map's features; boxes: the cells of each
    side's space)."""
    # terrain_art imports this module; importing it here, when first needed, keeps the import order free
    from sdbp_module.vassal.terrain_art import map_features

    groups = setup_groups(game)
    cell = cell_size(game)
    width, height, boxes, piles, legend = _panel(game, groups, cell)
    sizes = tuple((a.id, tuple(n for _, n in groups.get(str(a.id), ()))) for a in game.areas)
    labels, spots = _plan_areas(game.areas, sizes, map_features(game))
    by_zone = dict(spots)
    by_name = {b.name: b for b in boxes}
    for zone, stacks in groups.items():
        if zone in by_name:
            by_zone[zone] = _box_spots(by_name[zone], stacks, cell)
    setup_spots = tuple((zone, by_zone[zone]) for zone in groups)
    return Layout(width, height, game.map.width, boxes, piles, legend, cell, labels, setup_spots)


@lru_cache(maxsize=8)
def _plan_areas(
    areas: tuple[Area, ...], sizes: tuple[tuple[AreaId, tuple[int, ...]], ...], features: tuple[Feature, ...] = ()
) -> tuple[tuple[tuple[AreaId, Point], ...], tuple[tuple[str, tuple[Point, ...]], ...]]:
    """Each area's label point, and the positions of the set-up stacks (``sizes``: each area's, in
    placing order) of the areas that have some (``_plan_area``, clear of ``features``; memoised: the
    build asks for the layout several times and the search is the slow part)."""
    areas = tuple(dataclasses.replace(a, label=_fit_label(a)) for a in areas)
    data_marks = {a.id: label_footprint(a, a.label) for a in areas}
    wanted = dict(sizes)
    labels: list[tuple[AreaId, Point]] = []
    spots: list[tuple[str, tuple[Point, ...]]] = []
    for area in areas:
        others = [r for other, marks in data_marks.items() if other != area.id for r in marks]
        box = grow(_bbox(area.polygon), FEATURE_GAP)
        near = [f for f in features if f.hits(box, 0)]
        at, placed = _plan_area(area, wanted.get(area.id, ()), others, near)
        labels.append((area.id, at))
        if placed:
            spots.append((str(area.id), placed))
    return tuple(labels), tuple(spots)


def _box_spots(box: Box, stacks: Sequence[tuple[Side | None, int]], cell: int) -> tuple[Point, ...]:
    """Each stack in the next free cell of the space printed for its side (``Box.space_for``)."""
    used: Counter[str] = Counter()
    out: list[Point] = []
    for side, n in stacks:
        space = box.space_for(side)
        cells = space.cells(cell)
        index = used[space.title]
        used[space.title] += 1
        assert index < len(cells), f"{box.name}: the panel is sized from the set-up, so every stack has a cell"
        out.append(stack_in_cell(cells[index], cell, n))
    return tuple(out)


def _panel(game: GameData, groups: dict[str, list[tuple[Side | None, int]]], cell: int) -> tuple[int, int, tuple[Box, ...], tuple[Box, ...], tuple[int, int, int, int]]:
    """Board width and height, the boxes, the piles and the legend rectangle. Sized from the data:
    every turn box holds its turn's largest arrival of each side (a column of stack cells per side,
    as many rows as the most stacks that side gets on any turn) and the turn marker's own spot; the
    other boxes hold their set-up and at least two rows of stacks."""
    stacks: Counter[tuple[str, Side | None]] = Counter()
    for zone, zone_stacks in groups.items():
        for side, _ in zone_stacks:
            stacks[(zone, side)] += 1
    sides = game.game.sides
    x0 = game.map.width + PANEL_GAP
    turns = game.game.turns
    columns = min(turns, TURN_COLUMNS)
    tw = cell + 2 * BOX_PAD
    inner_w = columns * tw + (columns - 1) * TURN_GAP
    rows_of = {s: max([1] + [stacks[(turn_box_name(t), s)] for t in range(1, turns + 1)]) for s in sides}
    th = TITLE_H + MARKER_CELL + sum(LABEL_H + rows_of[s] * cell + 4 for s in sides) + FOOT_H
    boxes: list[Box] = []
    for t in range(1, turns + 1):
        col, row = (t - 1) % columns, (t - 1) // columns
        bx, by = x0 + col * (tw + TURN_GAP), PANEL_TOP + row * (th + TURN_GAP)
        spaces = [Space(TURN_MARKER_SPACE, None, bx + (tw - MARKER_CELL) // 2, by + TITLE_H, MARKER_CELL, MARKER_CELL)]
        y = by + TITLE_H + MARKER_CELL
        for side in sides:
            h = rows_of[side] * cell
            spaces.append(Space(side.label, side, bx + BOX_PAD, y + LABEL_H, cell, h))
            y += LABEL_H + h + 4
        boxes.append(Box(turn_box_name(t), bx, by, tw, th, f"Turn {t}", tuple(spaces)))
    y = PANEL_TOP + math.ceil(turns / columns) * (th + TURN_GAP) - TURN_GAP + ROW_GAP
    named = panel_boxes(game)
    bw = (inner_w - (len(named) - 1) * BOX_GAP) // len(named)
    per_row = max(1, (bw - 2 * BOX_PAD) // cell)
    rows = max(2, max(math.ceil(sum(stacks[(name, s)] for s in (*sides, None)) / per_row) for name, _, _ in named))
    bh = TITLE_H + rows * cell + BOX_PAD
    for i, (name, title, note) in enumerate(named):
        bx = x0 + i * (bw + BOX_GAP)
        boxes.append(Box(name, bx, y, bw, bh, title, (Space(note, None, bx + BOX_PAD, y + TITLE_H, bw - 2 * BOX_PAD, rows * cell),)))
    y += bh + ROW_GAP
    pile_names = [(deck_name(sides[0]), f"{sides[0].label} deck"), (discard_name(sides[0]), f"{sides[0].label} discard")]
    if game.cards_leave_game:  # no pile of removed cards where no card can leave the game
        pile_names.append((REMOVED_CARDS, "Removed cards"))
    pile_names += [(deck_name(s), f"{s.label} deck") for s in sides[1:]] + [(discard_name(s), f"{s.label} discard") for s in sides[1:]]
    pw, ph = (inner_w - (len(pile_names) - 1) * BOX_GAP) // len(pile_names), CARD_H + 38
    piles = tuple(Box(name, x0 + i * (pw + BOX_GAP), y, pw, ph, title) for i, (name, title) in enumerate(pile_names))
    y += ph + ROW_GAP
    legend = (x0, y, inner_w, LEGEND_H)
    height = max(game.map.height, y + LEGEND_H + ROW_GAP)
    return x0 + inner_w + PANEL_GAP // 2, height, tuple(boxes), piles, legend


# ------------------------------------------------------------------------------------------
# Area labels: the number circle, the D-value, the name, the victory star, the card-bonus square

NUMBER_FONT = ("bold", 24)
DEFENSE_FONT = ("bold", 12)
NAME_FONT = ("condensed", 13)
NAME_PAD = 3  # the plate behind the name reaches this far around the text
CIRCLE_R = 24
CONTROL_BOX: Rect = (-58, -3, -31, 16)  # left of the number circle, level with the set-up letter on its right
STAR_R = 12


@record
class LabelParts:
    """Where each printed mark of an area's label goes. Texts are drawn centred (anchor ``mm``) on
    their point; every rectangle is what the mark covers."""

    circle: Rect
    number: Point
    defense: Point
    defense_box: Rect
    name: Point
    name_box: Rect  # the plate behind the name
    star: Rect | None  # victory (14.0)
    bonus: Rect | None  # hand bonus square
    code: Rect | None = None  # the set-up letter's square (``Area.setup_code``)
    control: Rect | None = None  # the control box: the side that controls the area at the start (2.2)

    @property
    def footprint(self) -> tuple[Rect, ...]:
        """Every rectangle the label covers."""
        return tuple(r for r in (self.circle, self.defense_box, self.name_box, self.star, self.bonus, self.code, self.control) if r is not None)


def _text_box(xy: Point, text: str, style: tuple[str, int], pad: int = 0) -> Rect:
    """What ``text`` drawn centred on ``xy`` in font ``style`` covers (measured with the real font)."""
    # images imports this module; importing it here, when first needed, keeps the import order free
    from sdbp_module.vassal import images

    left, top, right, bottom = images.font(*style).getbbox(text, anchor="mm")
    return (xy[0] + int(left) - pad, xy[1] + int(top) - pad, xy[0] + math.ceil(right) + pad, xy[1] + math.ceil(bottom) + pad)


def label_parts(area: Area, at: Point) -> LabelParts:
    """The printed marks of ``area``'s label around the point ``at`` (``Layout.label_at``)."""
    p = _label_parts(area.name, area.defense, area.victory, area.card_bonus != NO_BONUS, bool(area.setup_code))
    dx, dy = at

    def move(r: Rect) -> Rect:
        return (r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy)

    return LabelParts(
        circle=move(p.circle),
        number=(p.number[0] + dx, p.number[1] + dy),
        defense=(p.defense[0] + dx, p.defense[1] + dy),
        defense_box=move(p.defense_box),
        name=(p.name[0] + dx, p.name[1] + dy),
        name_box=move(p.name_box),
        star=None if p.star is None else move(p.star),
        bonus=None if p.bonus is None else move(p.bonus),
        code=None if p.code is None else move(p.code),
        control=None if p.control is None else move(p.control),
    )


@lru_cache(maxsize=256)
def _label_parts(name: str, defense: int, victory: bool, bonus: bool, code: bool) -> LabelParts:
    """A label's marks around (0, 0), from the facts it shows (memoised: measuring text is slow)."""
    return LabelParts(
        circle=(-CIRCLE_R, -CIRCLE_R, CIRCLE_R + 1, CIRCLE_R + 1),
        number=(0, -3),
        defense=(0, 15),
        defense_box=_text_box((0, 15), f"D{defense}", DEFENSE_FONT),
        name=(0, 36),
        name_box=_text_box((0, 36), name, NAME_FONT, NAME_PAD),
        star=(36 - STAR_R, -18 - STAR_R, 36 + STAR_R + 1, -18 + STAR_R + 1) if victory else None,
        bonus=(-50, -30, -31, -7) if bonus else None,
        code=(31, -3, 50, 16) if code else None,
        control=CONTROL_BOX,
    )


def label_footprint(area: Area, at: Point) -> tuple[Rect, ...]:
    """The rectangles ``area``'s label printed at ``at`` covers: no set-up counter may cover them."""
    return label_parts(area, at).footprint


# ------------------------------------------------------------------------------------------
# Geometry


def inside(p: tuple[float, float], poly: Sequence[tuple[float, float]]) -> bool:
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


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share any pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def grow(r: Rect, by: int) -> Rect:
    """``r`` with ``by`` pixels added on every side."""
    return (r[0] - by, r[1] - by, r[2] + by, r[3] + by)


def _segment_hits(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float, float, float]) -> bool:
    """Whether segment ``p``–``q`` touches rectangle ``r`` (Liang–Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for step, room in ((-dx, p[0] - r[0]), (dx, r[2] - p[0]), (-dy, p[1] - r[1]), (dy, r[3] - p[1])):
        if step == 0:
            if room < 0:
                return False
        else:
            t = room / step
            if step < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


def rect_inside(r: Rect, poly: Sequence[Point]) -> bool:
    """Whether rectangle ``r`` lies wholly inside ``poly``: a corner inside, and no edge of the
    polygon touching the rectangle."""
    if not inside((r[0], r[1]), poly):
        return False
    n = len(poly)
    return not any(_segment_hits(poly[i], poly[(i + 1) % n], r) for i in range(n))


def stack_span(count: int) -> int:
    """Width (and height) of an unexpanded stack of ``count`` counters as the engine draws it."""
    return COUNTER + STACK_DX * (max(count, 1) - 1)


def stack_extent(x: int, y: int, count: int) -> Rect:
    """What a stack of ``count`` counters at (x, y) covers: the bottom counter centred on (x, y), each
    one above it ``STACK_DX`` right and ``STACK_DY`` up (``StackMetrics.nextPosition``)."""
    half = COUNTER // 2
    n = max(count, 1) - 1
    return (x - half, y - half - STACK_DY * n, x + half + STACK_DX * n, y + half)


def stack_in_cell(cell: Point, size: int, count: int) -> Point:
    """The position that centres a stack of ``count`` counters in the ``size`` square at ``cell``."""
    span = stack_span(count)
    left = cell[0] + (size - span) // 2
    top = cell[1] + (size - span) // 2
    return (left + COUNTER // 2, top + span - COUNTER // 2)


# ------------------------------------------------------------------------------------------
# Printed map features


FPoint = tuple[float, float]
FEATURE_GAP = 4  # free pixels between a set-up stack and a printed feature (the river, a bridge)


@record
class Feature:
    """A printed map feature no set-up stack should cover: a line ``width`` pixels wide through
    ``points`` (the river), or, ``closed``, a filled polygon outlined that wide (a bridge).
    ``name`` says which, for messages."""

    name: str
    points: tuple[FPoint, ...]
    width: float
    closed: bool = False

    def segments(self) -> Iterator[tuple[FPoint, FPoint]]:
        pts = self.points
        ends = len(pts) if self.closed else len(pts) - 1
        for i in range(ends):
            yield pts[i], pts[(i + 1) % len(pts)]

    def hits(self, r: Rect, gap: int) -> bool:
        """Whether the feature, drawn, comes within ``gap`` pixels of rectangle ``r`` (a corner of the
        grown rectangle counts: a few pixels' caution)."""
        reach = self.width / 2 + gap
        grown = (r[0] - reach, r[1] - reach, r[2] + reach, r[3] + reach)
        if len(self.points) == 1:
            return _segment_hits(self.points[0], self.points[0], grown)
        if any(_segment_hits(p, q, grown) for p, q in self.segments()):
            return True
        return self.closed and inside(((r[0] + r[2]) / 2, (r[1] + r[3]) / 2), self.points)


# ------------------------------------------------------------------------------------------
# Stacks and the label of an area

SEARCH_STEP = 4
TIERS = ((LABEL_GAP, EDGE_GAP, STACK_GAP), (3, 4, 3), (0, 0, 0))
"""(label, edge, stack) gaps tried in turn when nothing fits with wider ones."""
FEATURE_GAPS = (FEATURE_GAP, 2, 0)
"""The gap kept to the map's features in each tier of ``TIERS``."""


def _bbox(poly: Sequence[Point]) -> Rect:
    """The bounding rectangle of ``poly``."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)


LABEL_CLEAR = 4  # pixels every corner of a label's marks keeps inside its area's outline
LABEL_NUDGE = 30  # how far a label may move from its data point to keep its marks inside the area


def _label_inside(area: Area, at: Point) -> bool:
    """Whether every mark of ``area``'s label printed at ``at`` has its corners ``LABEL_CLEAR`` inside the area."""
    for r in label_footprint(area, at):
        for p in ((r[0], r[1]), (r[2], r[1]), (r[0], r[3]), (r[2], r[3])):
            if not inside(p, area.polygon) or edge_distance(p, area.polygon) < LABEL_CLEAR:
                return False
    return True


def _fit_label(area: Area) -> Point:
    """The area's data label point, or the nearest point within ``LABEL_NUDGE`` pixels where the label's
    marks (the control box, the name plate ...) all lie inside the area; the data point when none does."""
    if _label_inside(area, area.label):
        return area.label
    x, y = area.label
    steps = range(-LABEL_NUDGE, LABEL_NUDGE + 1, 2)
    for dx, dy in sorted(((dx, dy) for dx in steps for dy in steps), key=lambda d: (d[0] * d[0] + d[1] * d[1], d[1], d[0])):
        if _label_inside(area, (x + dx, y + dy)):
            return (x + dx, y + dy)
    return area.label


def _plan_area(area: Area, sizes: Sequence[int], others: Sequence[Rect], features: Sequence[Feature] = ()) -> tuple[Point, tuple[Point, ...]]:
    """Where ``area``'s label is printed and where its set-up stacks (``sizes``) go (module
    docstring). With the widest gaps first (``TIERS``), clear of ``features`` (the map's printed
    features near the area) by the tier's ``FEATURE_GAPS``: the label at its data point and the
    stacks just above it; else the stacks at the top (then bottom, left, right) of the area and the
    label nearest its data point clear of them. Then the same again with no regard to the features;
    failing all, the stacks go on the label point."""
    bbox = _bbox(area.polygon)
    near = [r for r in others if overlaps(r, grow(bbox, LABEL_GAP))]
    room = list(sizes) or [ROOM_STACK]
    marks = list(label_footprint(area, area.label))
    above = (area.label[0], min(r[1] for r in marks) - LABEL_GAP - COUNTER // 2)
    cx, cy = area.label
    anchors = ((cx, bbox[1]), (cx, bbox[3]), (bbox[0], cy), (bbox[2], cy))
    for avoid in (tuple(features), ()) if features else ((),):
        for tier, feature_gap in zip(TIERS, FEATURE_GAPS, strict=True):
            keep_off = tuple((f, feature_gap) for f in avoid)
            placed = _stack_spots(area, room, above, near + marks, tier, keep_off)
            if placed is not None:
                return area.label, placed if sizes else ()
            for anchor in anchors:
                placed = _stack_spots(area, room, anchor, near, tier, keep_off)
                if placed is None:
                    continue
                at = _label_spot(area, [stack_extent(x, y, n) for (x, y), n in zip(placed, room, strict=True)], tier)
                if at is not None:
                    return at, placed if sizes else ()
    return area.label, tuple(area.label for _ in sizes)


def _stack_spots(
    area: Area, sizes: Sequence[int], anchor: Point, blocks: Sequence[Rect], tier: tuple[int, int, int], keep_off: Sequence[tuple[Feature, int]] = ()
) -> tuple[Point, ...] | None:
    """A position for each stack, nearest ``anchor`` (each stack's extent centred on it
    horizontally, its bottom counter on it), with its drawn extent inside the area and clear of
    ``blocks`` and of the stacks placed before it by the gaps of ``tier``, and of each feature of
    ``keep_off`` by its gap; None when one finds no room."""
    bbox = _bbox(area.polygon)
    placed: list[Rect] = []
    out: list[Point] = []
    for size in sizes:
        start = (anchor[0] - STACK_DX * (size - 1) // 2, anchor[1])
        spot = _find_spot(area, size, start, bbox, blocks, placed, tier, keep_off)
        if spot is None:
            return None
        out.append(spot)
        placed.append(stack_extent(spot[0], spot[1], size))
    return tuple(out)


def _candidates(anchor: Point, size: int, bbox: Rect) -> Iterator[Point]:
    """Positions on a ``SEARCH_STEP`` grid through ``anchor`` where a stack of ``size`` lies within
    ``bbox``, nearest ``anchor`` first (``_nearest``)."""
    half = COUNTER // 2
    lo = (bbox[0] + half, bbox[1] + half + STACK_DY * (size - 1))
    hi = (bbox[2] - half - STACK_DX * (size - 1), bbox[3] - half)
    return _nearest(anchor, lo, hi)


NEAR = 96
"""``_nearest`` first orders only the grid points this close to its anchor (most searches end there)."""


def _nearest(anchor: Point, lo: Point, hi: Point) -> Iterator[Point]:
    """The points of the ``SEARCH_STEP`` grid through ``anchor`` within ``lo``..``hi`` (inclusive),
    nearest ``anchor`` first (ties: upper, then left): those within ``NEAR`` of it, then the rest,
    each ordered by a heap, so that a search that stops early orders only what it takes."""
    ax, ay = anchor

    def grid(x0: int, y0: int, x1: int, y1: int) -> tuple[range, range]:
        return (
            range(ax + math.ceil((max(x0, lo[0]) - ax) / SEARCH_STEP) * SEARCH_STEP, min(x1, hi[0]) + 1, SEARCH_STEP),
            range(ay + math.ceil((max(y0, lo[1]) - ay) / SEARCH_STEP) * SEARCH_STEP, min(y1, hi[1]) + 1, SEARCH_STEP),
        )

    near2 = NEAR * NEAR
    xs, ys = grid(ax - NEAR, ay - NEAR, ax + NEAR, ay + NEAR)
    first = [(d, y, x) for y in ys for x in xs if (d := (x - ax) ** 2 + (y - ay) ** 2) <= near2]
    xs, ys = grid(lo[0], lo[1], hi[0], hi[1])
    for heap in (first, None):
        if heap is None:
            heap = [(d, y, x) for y in ys for x in xs if (d := (x - ax) ** 2 + (y - ay) ** 2) > near2]
        heapq.heapify(heap)
        while heap:
            _, y, x = heapq.heappop(heap)
            yield (x, y)


def _find_spot(
    area: Area,
    size: int,
    anchor: Point,
    bbox: Rect,
    blocks: Sequence[Rect],
    placed: Sequence[Rect],
    tier: tuple[int, int, int],
    keep_off: Sequence[tuple[Feature, int]] = (),
) -> Point | None:
    """The first candidate (``_candidates``) where a stack of ``size`` fits with the gaps of ``tier``
    and off the features of ``keep_off``."""
    label_gap, edge_gap, stack_gap = tier
    blocked = [grow(r, label_gap) for r in blocks] + [grow(r, stack_gap) for r in placed]
    for x, y in _candidates(anchor, size, bbox):
        ext = stack_extent(x, y, size)
        if (
            not any(overlaps(ext, b) for b in blocked)
            and rect_inside(grow(ext, edge_gap), area.polygon)
            and not any(f.hits(ext, gap) for f, gap in keep_off)
        ):
            return (x, y)
    return None


def _label_spot(area: Area, stacks: Sequence[Rect], tier: tuple[int, int, int]) -> Point | None:
    """The point nearest ``area.label`` where the whole label lies inside the area and clear of
    ``stacks`` by the gaps of ``tier`` (the label's own edge gap at most ``LABEL_EDGE_GAP``); None
    if there is none."""
    label_gap, edge_gap = tier[0], min(tier[1], LABEL_EDGE_GAP)
    bbox = _bbox(area.polygon)
    marks = label_footprint(area, (0, 0))
    left, top = min(r[0] for r in marks), min(r[1] for r in marks)
    right, bottom = max(r[2] for r in marks), max(r[3] for r in marks)
    blocked = [grow(r, label_gap) for r in stacks]
    for x, y in _nearest(area.label, (bbox[0] - left, bbox[1] - top), (bbox[2] - right, bbox[3] - bottom)):
        moved = [(r[0] + x, r[1] + y, r[2] + x, r[3] + y) for r in marks]
        if any(overlaps(m, b) for m in moved for b in blocked):
            continue
        if all(rect_inside(grow(m, edge_gap), area.polygon) for m in moved):
            return (x, y)
    return None


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
