"""What a picture of the board shows, as a value: every counter with its place, outlines, rings and arrows.

Pure (no Pillow): ``scene(game, layout, snapshot, areas=, units=)`` turns a replay ``Snapshot`` into a
``Scene`` that ``board.draw`` paints and tests can inspect without decoding an image. Counters are
spread over their area with the set-up's spot logic (``vassal.layout.spots``: the set-up's grid while
it has room, then tighter grids where counters overlap, always inside the area), clear of the area's
printed label while the area has room for that; or in rows over their panel box (the turn-track box
of their turn, the replacement box, Eliminated, Removed, and the box for units off the map: the
module's zone for them), each side's units in the space the box prints for that side and its
markers in theirs, drawn as large as fits with no counter over another; a unit in a place the board
lacks is listed in the caption instead. Markers are those the state holds and the game has: control where it differs
from the printed control, trench levels, fire and supply markers, the turn marker and the
replacements marker.

Arrows come from the step's own events: a move (along its path when the log gives one), a fire (card
fire: a mark on the target only), an assault, each retreat of a damage outcome, a placement (from
its box) and a relocation (from where the step last showed the units, when it did).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from enum import Enum
from functools import lru_cache

from sdbp_module.ids import AreaId, CardId, Side, UnitId
from sdbp_module.model.game_data import GameData, Point
from sdbp_module.records import record
from sdbp_module.replay.events import (
    END_OF_LOG,
    Assault,
    CardDiscard,
    CardDraw,
    CardPlay,
    CardRemove,
    Damage,
    Entrench,
    Event,
    Fire,
    Move,
    Pile,
    Place,
    PlaceKind,
    Relocate,
    Reshuffle,
    Where,
)
from sdbp_module.replay.location import Location, LocationKind
from sdbp_module.replay.snapshots import Snapshot
from sdbp_module.replay.state import GameState
from sdbp_module.vassal import layout, pieces
from sdbp_module.vassal.layout import edge_distance, inside

HALF = layout.COUNTER // 2
BOX_TOP = 30  # room for a box's title above its counters
STACK_STEP = 6  # offset of each counter put on a spot already taken (a visible stack)
FOCUS_PAD = 90  # board pixels around what a picture is about


class ArrowKind(str, Enum):
    MOVE = "move"
    FIRE = "fire"
    ASSAULT = "assault"
    RETREAT = "retreat"
    PLACE = "place"


@record
class Counter:
    """One piece drawn: a unit (``unit`` set) or a marker, its image name, face and board position."""

    image: str  # the module's image name (``vassal.pieces.unit_image`` / ``marker_image``)
    label: str  # unit id, or marker kind and state (``trench 2``)
    zone: str  # area number or panel box name
    x: int
    y: int
    unit: UnitId | None = None
    side: Side | None = None
    spent: bool = False
    size: int = layout.COUNTER  # edge, board pixels: smaller in a holding box too full for the full size

    @property
    def rect(self) -> tuple[int, int, int, int]:
        """What the counter covers (x0, y0, x1, y1), board pixels."""
        h = self.size // 2
        return (self.x - h, self.y - h, self.x - h + self.size, self.y - h + self.size)


@record
class Arrow:
    """An arrow through ``points`` (board pixels); a single point is a mark on a target only."""

    kind: ArrowKind
    points: tuple[Point, ...]
    label: str
    trim: int | None = None  # board pixels the picture leaves free at each end (None: its own, beside an area's number)
    dots: bool = True  # a dot at the start and at each turn (a scene that placed the ends itself: none)
    under: bool = False  # drawn on the map under the counters (else over everything)
    radius: int | None = None  # a mark's ring, board pixels (None: the picture's own, round an area's number)


@record
class Scene:
    """Everything a picture of one snapshot shows; ``focus`` is the box (x0, y0, x1, y1) it is about."""

    width: int
    height: int
    map_width: int
    counters: tuple[Counter, ...]
    outlines: tuple[tuple[AreaId | str, tuple[Point, ...]], ...]  # highlighted areas (a hex map's: hexes, by id)
    rings: tuple[Counter, ...]  # highlighted units (their counters)
    arrows: tuple[Arrow, ...]
    off_map: tuple[UnitId, ...]  # units off the map (drawn in the Relief Force box)
    not_drawn: tuple[str, ...]  # pieces of places the board does not have (an area or turn it lacks)
    caption: str
    focus: tuple[int, int, int, int] | None
    outline_noun: str = "areas"  # what the outlines are, in words (a hex map's: "hexes")
    keep_clear: tuple[tuple[int, int, int, int], ...] = ()  # board boxes the caption and legend bars leave uncovered
    lift_rings: bool = True  # ringed counters drawn on top of their stack (else in its order: a fanned stack keeps every name in sight)

    def counter_of(self, unit: UnitId) -> Counter | None:
        for c in self.counters:
            if c.unit == unit:
                return c
        return None


# ------------------------------------------------------------------------------------------
# Geometry


AREA_TIERS = ((layout.SPACING, 70), (56, 60), (48, 52), (40, 46), (33, 40), (27, 36), (22, 34), (17, 32), (13, 30), (10, 28))
"""(spacing, clearance of the printed number) tried in turn for an area's counters: the set-up's
grid first, then tighter ones, the margin from the edges always half a counter and a bit, so each
counter stays inside its area (they overlap instead)."""
AREA_MARGIN = HALF + 6
FINE = 6  # board pixels between the positions ``_apart`` tries
EDGE_OVERLAP = 4  # board pixels by which counters side by side in an area may overlap: their borders, not their print


def _apart(count: int, poly: tuple[Point, ...], label: Point, avoid: tuple[layout.Rect, ...]) -> tuple[Point, ...] | None:
    """``count`` counters in the area side by side, none over another (but ``EDGE_OVERLAP``) nor over ``avoid``, each inside
    the area (its inscribed circle), the nearest the label first: positions on a fine grid taken in
    turn where they fit; None when they do not all fit."""
    taken: list[Point] = []
    pitch = layout.COUNTER - EDGE_OVERLAP
    for x, y in _apart_candidates(poly, label, avoid):
        if all(abs(x - tx) >= pitch or abs(y - ty) >= pitch for tx, ty in taken):
            taken.append((x, y))
            if len(taken) == count:
                return tuple(taken)
    return None


@lru_cache(maxsize=256)
def _apart_candidates(poly: tuple[Point, ...], label: Point, avoid: tuple[layout.Rect, ...]) -> tuple[Point, ...]:
    """The positions ``_apart`` tries, in its order (memoised: the same area is tried for one count after
    another): the points of a fine grid inside the polygon (``layout.inside``), at least ``HALF + 2`` from
    its edges (``layout.edge_distance``) and clear of ``avoid``, nearest the label first. A row of the grid
    at a time, with the same arithmetic: where the row crosses the edges (a point is inside when an odd
    number of crossings lie right of it) and the edges that come near the row (one farther than the
    distance asked, up or down, is farther from every point of the row), and the marks of ``avoid`` level
    with it (``_clear`` of a point of the row tests no other)."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    n = len(poly)
    edges = [(*poly[i], *poly[(i + 1) % n]) for i in range(n)]
    near = HALF + 2
    candidates = []
    for y in range(min(ys) + HALF, max(ys) - HALF + 1, FINE):
        crossings = sorted(x1 + (y - y1) * (x2 - x1) / (y2 - y1) for x1, y1, x2, y2 in edges if (y1 > y) != (y2 > y))
        if not crossings:
            continue
        close = [edge for edge in edges if min(edge[1], edge[3]) - near - 1 < y < max(edge[1], edge[3]) + near + 1]
        level = (y - HALF - LABEL_CLEAR, y + HALF + LABEL_CLEAR)  # what a counter of the row covers, up and down
        marks = tuple(m for m in avoid if level[0] < m[3] and m[1] < level[1])
        for x in range(min(xs) + HALF, max(xs) - HALF + 1, FINE):
            if (len(crossings) - bisect_right(crossings, x)) % 2 and _clear((x, y), marks) and _far_from_edges(x, y, close, near):
                candidates.append((math.hypot(x - label[0], y - label[1]), y, x))
    candidates.sort()
    return tuple((x, y) for _, y, x in candidates)


def _far_from_edges(px: int, py: int, edges: list[tuple[int, int, int, int]], far: int) -> bool:
    """Whether ``layout.edge_distance((px, py), …)`` over ``edges`` is at least ``far``: each edge's
    distance as it computes it, stopping at the first nearer."""
    for x1, y1, x2, y2 in edges:
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
        if math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)) < far:
            return False
    return True


LABEL_CLEAR = 3  # free board pixels between a counter and any mark of its area's printed label


def _clear(p: Point, marks: tuple[layout.Rect, ...]) -> bool:
    """Whether a counter centred on ``p`` leaves every rectangle of ``marks`` uncovered."""
    r = layout.grow((p[0] - HALF, p[1] - HALF, p[0] + HALF, p[1] + HALF), LABEL_CLEAR)
    return not any(layout.overlaps(r, m) for m in marks)


@lru_cache(maxsize=4096)
def area_spots(
    count: int, poly: tuple[Point, ...], label: Point, marks: tuple[layout.Rect, ...] = (), number: layout.Rect | None = None
) -> tuple[Point, ...]:
    """``count`` positions in an area (memoised: a report draws the same areas again and again), in
    this order of preference: side by side and clear of the printed label's ``marks`` (its number,
    D-value, name, star, bonus square: ``layout.label_footprint``), on the set-up's grid
    (``vassal.layout.spots``), else where a finer search finds room (``_apart``); else side by side
    clear of the label's ``number`` circle alone (over its name, say: a small area); else overlapping
    on tighter grids clear of the label; else as before the label was known: the first grid with room,
    its spots kept off the label's number, else counters stacked evenly over the tightest grid's spots,
    each shifted a little so a stack shows it holds more than one."""
    def off(avoid: tuple[layout.Rect, ...], tiers: Iterable[tuple[int, int]]) -> tuple[Point, ...] | None:
        for spacing, clearance in tiers:
            found = layout.spots(poly, label, margin=AREA_MARGIN, spacing=spacing, clearance=clearance)
            clear = [p for p in found if _clear(p, avoid)]
            if len(clear) >= count:
                return tuple(clear[:count])
        return None

    apart_tiers = [t for t in AREA_TIERS if t[0] >= layout.COUNTER - EDGE_OVERLAP]
    spots = off(marks, apart_tiers) or _apart(count, poly, label, marks)
    if spots is None and number is not None:
        spots = _apart(count, poly, label, (number,))
    spots = spots or off(marks, AREA_TIERS)
    if spots is not None:
        return spots
    places: list[Point] = []
    for spacing, clearance in AREA_TIERS:  # no room clear of the label: spread over it too
        places = layout.spots(poly, label, margin=AREA_MARGIN, spacing=spacing, clearance=clearance)
        if len(places) >= count:
            return tuple(places[:count])
    if not places:
        places = layout.spots(poly, None, margin=AREA_MARGIN, spacing=AREA_TIERS[-1][0]) or [label]
    per = math.ceil(count / len(places))
    out: list[Point] = []
    for i in range(count):
        x, y = places[i // per]
        k = i % per
        shifted = (x + STACK_STEP * k, y - STACK_STEP * k)
        out.append(shifted if inside(shifted, poly) and edge_distance(shifted, poly) >= HALF else (x, y))
    return tuple(out)


BOX_GAP = 4  # free board pixels between two counters in a holding box, and around them


@lru_cache(maxsize=1024)
def grid_spots(count: int, rect: tuple[int, int, int, int]) -> tuple[int, tuple[Point, ...]]:
    """(edge, centres) of ``count`` counters in rows over ``rect`` (x, y, w, h), left to right and top
    to bottom, the rows centred across: as large as the rectangle allows up to the full counter, every
    counter inside it and no two overlapping (``BOX_GAP`` between them)."""
    if count <= 0:
        return (layout.COUNTER, ())
    x, y, w, h = rect
    w, h = w - 2 * BOX_GAP, h - 2 * BOX_GAP
    best = (0, 1)
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        size = min(layout.COUNTER, (w - (cols - 1) * BOX_GAP) // cols, (h - (rows - 1) * BOX_GAP) // rows)
        if size > best[0]:
            best = (size, cols)
        if cols * (size + BOX_GAP) > w + BOX_GAP:
            break
    size, cols = max(best[0], 1), best[1]
    if size == layout.COUNTER:  # the full size: as many in a row as fit
        cols = min(count, max(1, (w + BOX_GAP) // (size + BOX_GAP)))
    pitch = size + BOX_GAP
    out: list[Point] = []
    for i in range(count):
        row, col = divmod(i, cols)
        in_row = min(cols, count - row * cols)
        x0 = x + BOX_GAP + (w - (in_row * pitch - BOX_GAP)) / 2
        out.append((round(x0 + col * pitch + size / 2), round(y + BOX_GAP + row * pitch + size / 2)))
    return (size, tuple(out))


def box_rect(box: layout.Box, space: layout.Space | None) -> tuple[int, int, int, int]:
    """The rectangle a holding box's pieces go in: the printed space, else the box under its title."""
    if space is not None:
        return (space.x, space.y, space.w, space.h)
    return (box.x, box.y + BOX_TOP, box.w, box.h - BOX_TOP)


def box_spots(count: int, box: layout.Box) -> tuple[Point, ...]:
    """``count`` positions over the whole of a panel box under its title (``grid_spots``)."""
    return grid_spots(count, box_rect(box, None))[1]


# ------------------------------------------------------------------------------------------
# The scene


def _marker(game: GameData, kind_id: str, state: str) -> tuple[str, str] | None:
    """(image name, label) of a marker kind's face, or None when the game has no such marker."""
    for kind in game.markers:
        if kind.id == kind_id and state in kind.states:
            label = kind.name if len(kind.states) == 1 else f"{kind.name} {state}"
            return pieces.marker_image(kind, kind.states.index(state)), label
    return None


def _box_of(loc: Location) -> str | None:
    if loc.kind is LocationKind.TURN and loc.turn is not None:
        return layout.turn_box_name(loc.turn)
    return {
        LocationKind.REPLACEMENTS: layout.REPLACEMENTS,
        LocationKind.ELIMINATED: layout.ELIMINATED,
        LocationKind.REMOVED: layout.REMOVED,
        LocationKind.OFF_MAP: layout.RELIEF,
    }.get(loc.kind)


Piece = tuple[str, str, UnitId | None, Side | None, bool]  # image, label, unit, side, spent


def _pieces_by_zone(game: GameData, state: GameState) -> dict[str, list[Piece]]:
    """Zone name → the pieces in it, units first (by side in the game's order, then by id), then markers."""
    zones: dict[str, list[Piece]] = {}
    sides = game.game.sides
    order = {side: i for i, side in enumerate(sides)}
    units = sorted(state.units.items(), key=lambda kv: (order.get(kv[1].side, len(sides)), kv[0]))
    for uid, us in units:
        loc = us.location
        zone = str(loc.area) if loc.kind is LocationKind.AREA else _box_of(loc)
        if zone is None:
            continue
        image = pieces.unit_image(game.unit(uid), us.spent) if game.has_unit(uid) else ""
        zones.setdefault(zone, []).append((image, uid, uid, us.side, us.spent))

    def add(zone: str, kind: str, face: str) -> None:
        found = _marker(game, kind, face)
        if found is not None:
            zones.setdefault(zone, []).append((found[0], found[1], None, None, False))

    for area in game.areas:
        side = state.control.get(area.id)
        if side is not None and side is not area.control:
            add(str(area.id), "control", side.value)
        level = state.trench(area.id)
        if level:
            add(str(area.id), "trench", str(level))
        for s in sides:
            if (area.id, s) in state.fire_markers:
                add(str(area.id), "fire", s.value)
        if area.id in state.no_supply:
            add(str(area.id), "no-supply", "no-supply")
    turn = state.turn_marker
    if turn is not None and 1 <= turn <= game.game.turns:
        found = _marker(game, "turn", "turn")
        if found is not None:  # in the turn box's marker space, beside its units (``place_counters``)
            zones.setdefault(layout.turn_box_name(turn), []).append((found[0], found[1], None, None, False))
    if state.no_replacements:
        add(layout.REPLACEMENTS, "no-replacements", "no-replacements")
    return zones


def place_counters(game: GameData, lay: layout.Layout, state: GameState) -> tuple[Counter, ...]:
    """Every piece of ``state`` with its board position (areas by number, then the boxes): in an area
    clear of its printed label (``area_spots``); in a holding box each side's units in rows over the
    space printed for that side, the markers (the turn marker) in the box's own space for them, beside
    the units and never over them, each space's counters as large as fit without overlapping
    (``grid_spots``)."""
    out: list[Counter] = []
    zones = _pieces_by_zone(game, state)
    for zone in sorted(zones, key=lambda z: (0, int(z), "") if z.isdigit() else (1, 0, z)):
        entries = zones[zone]
        if zone.isdigit():
            aid = AreaId(int(zone))
            if not game.has_area(aid):
                continue  # no such area on this map: listed in the scene's ``not_drawn``
            area = game.area(aid)
            at = lay.label_at(area.id)
            parts = layout.label_parts(area, at)
            spots = area_spots(len(entries), area.polygon, at, parts.footprint, parts.circle)
            for (image, label, unit, side, spent), (x, y) in zip(entries, spots, strict=True):
                out.append(Counter(image, label, zone, x, y, unit, side, spent))
            continue
        try:
            box = lay.box(zone)
        except KeyError:  # a turn box past the track's end
            continue
        groups: dict[tuple[int, int, int, int], list[Piece]] = {}
        for entry in entries:
            space = box.space_for(entry[3]) if box.spaces else None
            groups.setdefault(box_rect(box, space), []).append(entry)
        for rect, members in groups.items():
            size, spots = grid_spots(len(members), rect)
            for (image, label, unit, side, spent), (x, y) in zip(members, spots, strict=True):
                out.append(Counter(image, label, zone, x, y, unit, side, spent, size))
    return tuple(out)


def _anchors(game: GameData) -> dict[AreaId, Point]:
    """Where arrows start and end in each area: its printed number (the arrow stops beside it)."""
    return {a.id: a.label for a in game.areas}


class _Arrows:
    """Collects the arrows of a step's events, remembering where the step last showed each unit."""

    def __init__(self, game: GameData, lay: layout.Layout, state: GameState, before: GameState | None = None) -> None:
        self.game, self.lay, self.state, self.before = game, lay, state, before
        self.centres = _anchors(game)
        self.seen: dict[UnitId, AreaId] = {}
        self.arrows: list[Arrow] = []

    def point(self, area: AreaId | None) -> Point | None:
        return None if area is None else self.centres.get(area)

    def add(self, kind: ArrowKind, areas: Iterable[AreaId | None], label: str) -> None:
        pts: list[Point] = []
        for a in areas:
            p = self.point(a)
            if p is None:
                return
            if not pts or pts[-1] != p:
                pts.append(p)
        if pts:
            self.arrows.append(Arrow(kind, tuple(pts), label))

    def box_point(self, name: str) -> Point:
        return self.lay.box(name).centre

    def event(self, e: Event) -> None:
        if isinstance(e, Move):
            steps = e.steps
            self.add(ArrowKind.MOVE, (e.from_area, *(steps if steps else (e.to_area,))), f"{e.move_kind.value} {e.from_area}→{e.to_area}")
            for u in e.units:
                self.seen[u] = e.to_area
        elif isinstance(e, Fire):
            if e.from_area is None or not e.units:
                what = f"card {e.card} fires at {e.target}" if e.card else f"fire at {e.target}"
                self.add(ArrowKind.FIRE, (e.target,), what)
            else:
                self.add(ArrowKind.FIRE, (e.from_area, e.target), f"fire {e.from_area}→{e.target}")
                for u in e.units:
                    self.seen[u] = e.from_area
        elif isinstance(e, Assault):
            self.add(ArrowKind.ASSAULT, (e.from_area, e.target), f"assault {e.from_area}→{e.target}")
            for u in e.units:
                self.seen[u] = e.from_area
        elif isinstance(e, Entrench):
            for u in e.units:
                self.seen[u] = e.area
        elif isinstance(e, Damage):
            for o in e.outcomes:
                start = e.target if e.target is not None else self.seen.get(o.unit)
                if o.retreat and start is not None:
                    self.add(ArrowKind.RETREAT, (start, *o.retreat), f"{o.unit} retreats {start}→{o.retreat[-1]}")
                if o.retreat:
                    self.seen[o.unit] = o.retreat[-1]
                elif start is not None:
                    self.seen[o.unit] = start
        elif isinstance(e, Place):
            self._place(e.units, e.to, self._source_box(e), f"{e.place_kind.value} → {e.to}")
        elif isinstance(e, Relocate):
            origins = {a for u in e.units if (a := self._origin(u)) is not None}
            why = f" ({e.reason})" if e.reason and e.reason != str(e.to) else ""
            for origin in sorted(origins):
                self._place(e.units, e.to, None, f"relocate {origin}→{e.to}{why}", origin)
            if not origins:
                self._place(e.units, e.to, None, f"relocate to {e.to}{why}")
            for u in e.units:
                self.seen.pop(u, None)
                if e.to.kind is LocationKind.AREA and e.to.area is not None:
                    self.seen[u] = e.to.area

    def _origin(self, unit: UnitId) -> AreaId | None:
        """Where the step last showed ``unit``, else where it stood before the step (if known)."""
        if unit in self.seen:
            return self.seen[unit]
        return self.before.area_of(unit) if self.before is not None else None

    def _source_box(self, e: Place) -> str | None:
        if e.place_kind is PlaceKind.REPLACEMENT:
            return layout.REPLACEMENTS
        if e.place_kind is PlaceKind.CARD:
            return layout.RELIEF
        turns = {self.game.unit(u).setup.turn for u in e.units if self.game.has_unit(u)}
        turns.discard(None)
        if len(turns) == 1:
            turn = turns.pop()
            assert turn is not None
            return layout.turn_box_name(turn)
        return layout.turn_box_name(self.state.clock.turn) if self.state.clock.turn else None

    def _place(self, units: Sequence[UnitId], to: Location, box: str | None, label: str, origin: AreaId | None = None) -> None:
        """An arrow from a box (or an area) to an area or a box; the destination alone if no origin."""
        start: Point | None = self.point(origin) if origin is not None else None
        if start is None and box is not None:
            try:
                start = self.box_point(box)
            except KeyError:
                start = None
        if to.kind is LocationKind.AREA:
            end = self.point(to.area)
        else:
            name = _box_of(to)
            end = self.box_point(name) if name is not None else None
        if end is None:
            return
        pts = (start, end) if start is not None and start != end else (end,)
        self.arrows.append(Arrow(ArrowKind.PLACE, pts, label))
        for u in units:
            if to.kind is LocationKind.AREA and to.area is not None:
                self.seen[u] = to.area


def arrows_of(
    game: GameData, lay: layout.Layout, state: GameState, events: Sequence[Event], before: GameState | None = None
) -> tuple[Arrow, ...]:
    """The arrows of one log step's events, in event order (``before``: the state before the step)."""
    collector = _Arrows(game, lay, state, before)
    for e in events:
        collector.event(e)
    return tuple(collector.arrows)


def caption_place(where: Where, has_events: bool) -> str:
    """The log position of a picture in words: ``after game.vlog#12`` (a step with events), ``at …``,
    ``start`` or ``end of log``."""
    if where == END_OF_LOG:
        return "end of log"
    if has_events:
        return f"after {where}"
    return f"at {where}" if where.index or where.line else "start"


def caption(snapshot: Snapshot) -> str:
    """Where the picture is: the log position and the clock (``turn 3, action phase, <side> to act``)."""
    place = caption_place(snapshot.where, bool(snapshot.events))
    clock = snapshot.state.clock
    bits = [place]
    if clock.turn:
        bits.append(clock.describe())
        if clock.side_to_act is not None and clock.phase is not None:
            bits.append(f"{clock.side_to_act.label} to act")
    return ", ".join(bits)


def focus_box(
    outlines: Iterable[tuple[object, Sequence[Point]]],
    rings: Iterable[Counter],
    arrows: Iterable[Arrow],
    boxes: Iterable[tuple[int, int, int, int]],
    size: tuple[int, int],
) -> tuple[int, int, int, int] | None:
    """The part of a board a picture is about: the outlined places, the ringed counters and the arrows
    (a panel box an arrow starts or ends in: the whole box), with a margin, inside the board's
    ``size``; None when nothing is named. Area and hex boards alike."""
    boxes = tuple(boxes)
    xs: list[float] = []
    ys: list[float] = []
    for _, poly in outlines:
        xs += [p[0] for p in poly]
        ys += [p[1] for p in poly]
    for c in rings:
        xs += [c.rect[0], c.rect[2]]
        ys += [c.rect[1], c.rect[3]]
    for arrow in arrows:
        xs += [p[0] for p in arrow.points]
        ys += [p[1] for p in arrow.points]
        for x0, y0, x1, y1 in boxes:
            if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in arrow.points):
                xs += [x0, x1]
                ys += [y0, y1]
    if not xs:
        return None
    return (
        max(0, math.floor(min(xs)) - FOCUS_PAD),
        max(0, math.floor(min(ys)) - FOCUS_PAD),
        min(size[0], math.ceil(max(xs)) + FOCUS_PAD),
        min(size[1], math.ceil(max(ys)) + FOCUS_PAD),
    )


def scene(
    game: GameData,
    lay: layout.Layout,
    snapshot: Snapshot,
    *,
    areas: Iterable[AreaId] = (),
    units: Iterable[UnitId] = (),
) -> Scene:
    """The scene of ``snapshot``: its counters, the ``areas`` and ``units`` highlighted, the step's arrows."""
    state = snapshot.state
    counters = place_counters(game, lay, state)
    wanted_areas = sorted({AreaId(int(a)) for a in areas if game.has_area(AreaId(int(a)))})
    outlines = tuple((a, game.area(a).polygon) for a in wanted_areas)
    wanted_units = set(units)
    rings = tuple(c for c in counters if c.unit is not None and c.unit in wanted_units)
    arrows = arrows_of(game, lay, state, snapshot.events, snapshot.before)
    off_map = state.units_at(LocationKind.OFF_MAP)
    boxes = tuple((box.x, box.y, box.x + box.w, box.y + box.h) for box in lay.boxes)
    focus = focus_box(outlines, rings, arrows, boxes, (lay.width, lay.height))
    drawn = {c.unit for c in counters if c.unit is not None}
    not_drawn = tuple(f"{u} ({state.units[u].location})" for u in sorted(state.units) if u not in drawn)
    text = caption(snapshot) + (f"; {len(not_drawn)} not drawn: {', '.join(not_drawn)}" if not_drawn else "")
    return Scene(lay.width, lay.height, lay.map_width, counters, outlines, rings, arrows, off_map, not_drawn, text, focus)


# ------------------------------------------------------------------------------------------
# The cards a finding is about


CARD_WORDS = frozenset({"CARD", "CARDS", "HAND", "DECK", "DISCARD", "RESHUFFLE", "DRAW"})
PILE_ORDER = (Pile.HAND, Pile.DISCARD, Pile.REMOVED, Pile.DECK)
ELSEWHERE = "elsewhere"


def about_cards(rule_id: str) -> bool:
    """Whether a catalogue rule is about cards, hands, decks or discards: a word of its id says so
    (``CARD-RESHUFFLE``, ``HAND-SIZE``, a game prefix then ``CARD-03``), or it is one of the
    catalogue's rules of a single card (``C-...``)."""
    words = rule_id.upper().split("-")
    return words[0] == "C" or any(w in CARD_WORDS for w in words)


def cards_named(game: GameData, text: str) -> tuple[CardId, ...]:
    """The cards ``text`` names, by id (a whole word), else by name (every copy of a name), in the game's order."""
    by_id = tuple(c.id for c in game.cards if re.search(rf"(?<![\w-]){re.escape(c.id)}(?![\w-])", text))
    if by_id:
        return by_id
    return tuple(c.id for c in game.cards if len(c.name) > 3 and re.search(rf"(?<!\w){re.escape(c.name)}(?!\w)", text, re.IGNORECASE))


@record
class CardPile:
    """One pile of one side as the replay knows it: its cards (``count`` may be more when the log did
    not show them all); ``pile`` is a ``Pile`` value, or ``ELSEWHERE`` for cards named in no pile shown."""

    side: Side | None
    pile: str
    cards: tuple[CardId, ...]
    count: int


@record
class CardScene:
    """What a picture of the cards shows: the piles of the sides concerned, the cards marked (those
    the finding names, else those the step handled) and the step's card events in words."""

    caption: str
    piles: tuple[CardPile, ...]
    marked: tuple[CardId, ...]
    step: tuple[str, ...]
    piles_known: bool


def _step_cards(snapshot: Snapshot) -> list[tuple[Side, str, tuple[CardId, ...]]]:
    """(side, verb, cards) of each card event of the step."""
    out: list[tuple[Side, str, tuple[CardId, ...]]] = []
    for e in snapshot.events:
        if isinstance(e, CardPlay):
            out.append((e.side, "plays", (e.card,)))
        elif isinstance(e, CardDraw):
            out.append((e.side, "draws", e.cards))
        elif isinstance(e, CardDiscard):
            out.append((e.side, "discards", e.cards))
        elif isinstance(e, CardRemove):
            out.append((e.side, "removes", e.cards))
        elif isinstance(e, Reshuffle):
            out.append((e.side, "reshuffles", ()))
        elif isinstance(e, (Fire, Entrench)) and e.card:
            out.append((e.side, "fires with" if isinstance(e, Fire) else "entrenches with", (e.card,)))
    return out


def card_scene(game: GameData, snapshot: Snapshot, *, side: Side | None = None, cards: Iterable[CardId] = ()) -> CardScene:
    """The cards of ``snapshot`` a finding is about: the hands, discards, removed piles and decks of
    ``side``, of the sides whose cards the step handled and of the owners of ``cards`` (all sides when
    none is known), with ``cards`` marked, else the cards the step handled."""
    state = snapshot.state
    step = _step_cards(snapshot)
    marked = tuple(dict.fromkeys(cards)) or tuple(dict.fromkeys(c for _, _, cs in step for c in cs))
    wanted: set[Side] = {side} if side is not None else set()
    wanted |= {s for s, _, _ in step}
    wanted |= {owner for c in marked if game.has_card(c) and (owner := game.card(c).side) is not None}
    sides = [s for s in game.game.sides if s in wanted] or list(game.game.sides)
    piles: list[CardPile] = []
    shown: set[CardId] = set()
    for s in sides:
        p = state.piles_of(s)
        for pile in PILE_ORDER:
            held = p.get(pile)
            piles.append(CardPile(s, pile.value, held, len(held)))
            shown.update(held)
    elsewhere = tuple(c for c in marked if c not in shown)
    if elsewhere:
        piles.insert(0, CardPile(None, ELSEWHERE, elsewhere, len(elsewhere)))

    def name(c: CardId) -> str:
        return f"{c} {game.card(c).name}" if game.has_card(c) else c

    words = tuple(f"{s.label} {verb}" + (" " + "; ".join(name(c) for c in cs) if cs else "") for s, verb, cs in step)
    return CardScene(caption(snapshot), tuple(piles), marked, words, state.piles_known)


def card_alt(game: GameData, sc: CardScene) -> str:
    """A text alternative of a card picture: where, the cards marked, each pile's cards."""
    bits = [f"Cards {sc.caption}"]
    if sc.marked:
        bits.append("marked: " + ", ".join(f"{c} {game.card(c).name}" if game.has_card(c) else c for c in sc.marked))
    bits += list(sc.step)
    for p in sc.piles:
        owner = f"{p.side.label} " if p.side is not None else ""
        bits.append(f"{owner}{p.pile} ({p.count}): {', '.join(p.cards) or 'empty'}")
    return "; ".join(bits)
