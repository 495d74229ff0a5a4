"""What a picture of a hex game's board shows, as a value: ``board.scene.Scene`` built from a ``HexState``.

Pure (no drawing): ``hex_scene(game, board, snapshot, hexes=, units=)`` turns a ``HexSnapshot``
(``replay.hexes.snapshots``) into the same ``Scene`` the area games' pictures use, so
``board.draw`` paints both with one machinery. ``board`` is the hex board's layout
(``vassal.hex_board.hex_board_layout`` of the module's boxes: ``board_layout(game)``), whose grid
places every hex where the board image prints it.

- **Counters**: the units at each hex, in the game's unit order, low in the hex so its printed id
  stays readable; one unit at the counter's full size, a stack smaller and fanned downwards, each
  counter over the one before, whose top strip (its printed name) stays in sight — every counter
  inside its hex. A unit flipped shows its flipped face (``hex_module.unit_image``). The units in an
  off-map box in rows under the box's title (``scene.grid_spots``: as large as fit, none over
  another); the turn marker in the turn track's box of the state's turn. A unit at a place the
  board lacks (no such hex or box, or nowhere) is listed in the caption.
- **Arrows** of the step's events: a move from its hex or box to its hex or box; a fire line from
  each firing hex to the target unit's hex; each stops beside the counter it points at (at a box:
  its edge), and one longer than between neighbours lies on the map under the counters, which stay
  readable. A support attack rings the target's hex, a suppression the hex, round its hexsides.
- **Rings**: the hexes a finding names outlined (on and outside the hexsides: the printed id stays
  readable), the units it names ringed.
- **Caption**: the log position, the turn and the card of the impulse under way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from sdbp_module.board.scene import (
    Arrow,
    ArrowKind,
    Counter,
    Scene,
    caption_place,
    focus_box,
    grid_spots,
)
from sdbp_module.ids import Side, UnitId
from sdbp_module.model.game_data import GameData, Point
from sdbp_module.model.per_game import per_game
from sdbp_module.replay.hexes.events import (
    FireAt,
    SupportCall,
    SupportMode,
    UnitMove,
    box_of,
    box_place,
    is_hex,
)
from sdbp_module.replay.hexes.snapshots import HexSnapshot
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.vassal import hex_module, layout, pieces
from sdbp_module.vassal.hex_board import HexBoardLayout, hex_board_layout, title_extent

BOX_TITLE = 30  # board pixels under a box's top edge kept for its printed title
GROUP_TITLE = 22  # the same for a small box of a group (a turn of the track)
ID_ROOM = 25  # board pixels under a hex's top kept for its printed id
STACK_SIZE = (52, 44)  # a counter's edge in a stack of two, of three or more
FAN = 68  # board pixels a stack spans from top to bottom
FOCUS_PAD = 90
ARROW_CLEAR = layout.COUNTER // 2 + 8  # board pixels an arrow stops short of a hex's counter spot
MIN_SHAFT = 50  # board pixels an arrow keeps at least (its head is 36)
OUTLINE_OUT = 8  # board pixels an outlined hex's outline lies outside its hexsides
MARK_RING = 0.68  # a target mark's radius, in the grid's size (the hex's width across its flats)
TURN_MARKER = "turn"  # the marker kind shown on the turn track (as the area games' ``scene``)


@per_game
def board_layout(game: GameData) -> HexBoardLayout:
    """The layout of the board the module prints for ``game`` (made once per game: ``per_game``)."""
    if game.hexes is None:
        raise ValueError(f"game {game.game.id!r} has no hex map")
    # the module names a data box's zone by the box's name; a scene places by the box's id (``box:<id>``)
    ids = {b.name: b.id for b in game.hexes.boxes}
    boxes = tuple(replace(b, name=ids.get(b.name, b.name)) for b in hex_module.off_map_boxes(game))
    return hex_board_layout(game.hexes.map, hex_module.hex_look(game), boxes)


def hex_spots(count: int, cx: float, top: float) -> tuple[int, tuple[Point, ...]]:
    """(edge, centres) of ``count`` counters in one hex centred across on ``cx``, whose counters may
    reach up to ``top`` (under the printed id): one at full size; a stack smaller, fanned downwards
    (each next counter lower, over the one before, whose top strip, its name, stays in sight)."""
    if count <= 1:
        size = layout.COUNTER
        return size, ((round(cx), round(top + size / 2)),)
    size = STACK_SIZE[0] if count == 2 else STACK_SIZE[1]
    step = max(3.0, min(18.0, (FAN - size) / (count - 1)))
    return size, tuple((round(cx), round(top + size / 2 + i * step)) for i in range(count))


def counter_top(board: HexBoardLayout, polygon: Sequence[tuple[float, float]]) -> float:
    """The highest a counter's top edge goes in the hex of ``polygon``: under its printed id."""
    top = min(y for _, y in polygon)
    if board.grid.orientation == "pointy":
        top += board.grid.line_spacing / 1.5 * 0.45  # the id sits under the pointed top
    return top + ID_ROOM


def _box_rects(board: HexBoardLayout) -> dict[str, tuple[tuple[int, int, int, int], bool]]:
    """Box name → (rectangle x0, y0, x1, y1, whether it is a small box of a group)."""
    return {pb.box.name: (pb.rect, bool(pb.box.group)) for pb in board.boxes}


def _rect_of(board: HexBoardLayout, place: str) -> tuple[int, int, int, int] | None:
    box = box_of(place)
    found = _box_rects(board).get(box) if box is not None else None
    return found[0] if found is not None else None


def place_point(board: HexBoardLayout, place: str) -> Point | None:
    """Where ``place`` is on the board: a hex's counter spot (a single counter's centre), a box's
    centre; None when the board lacks it."""
    rect = _rect_of(board, place)
    if rect is not None:
        return ((rect[0] + rect[2]) // 2, (rect[1] + rect[3]) // 2)
    h = board.grid.parse_id(place) if is_hex(place) else None
    if h is None or not board.grid.contains(h):
        return None
    return (round(board.grid.centre(h)[0]), round(counter_top(board, board.grid.polygon(h)) + layout.COUNTER / 2))


def mark_point(board: HexBoardLayout, place: str) -> Point | None:
    """Where a mark on ``place`` goes (a ring round the target): a hex's centre (the ring holds its
    counter and leaves its printed id inside), a box's centre; None when the board lacks it."""
    h = board.grid.parse_id(place) if is_hex(place) else None
    if h is not None and board.grid.contains(h):
        x, y = board.grid.centre(h)
        return (round(x), round(y))
    return place_point(board, place)


def _nearest(rect: tuple[int, int, int, int], p: Point) -> Point:
    """The point of ``rect``'s edge nearest ``p`` (``p`` outside it), or its centre."""
    x0, y0, x1, y1 = rect
    q = (min(max(p[0], x0), x1), min(max(p[1], y0), y1))
    return q if q != p else ((x0 + x1) // 2, (y0 + y1) // 2)


def arrow_ends(board: HexBoardLayout, a: str, b: str) -> tuple[Point, Point] | None:
    """An arrow's two ends from place ``a`` to place ``b``: at a box, the point of its edge nearest
    the other end; at a hex, its counter spot pulled back to beside the counter, the head's end
    first, as far as the arrow keeps a shaft for its head (between neighbours the tail stays on the
    hex it leaves); None when the board lacks a place or both are one point."""
    pa, pb = place_point(board, a), place_point(board, b)
    if pa is None or pb is None:
        return None
    ra, rb = _rect_of(board, a), _rect_of(board, b)
    if ra is not None:
        pa = _nearest(ra, pb)
    if rb is not None:
        pb = _nearest(rb, pa)
    length = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
    if length < 1:
        return None
    ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
    spare = max(0.0, length - MIN_SHAFT)  # what the ends may give up: the head's end first, then the tail's
    b_pull = min(ARROW_CLEAR, spare) if rb is None else 0.0
    a_pull = min(ARROW_CLEAR, spare - b_pull) if ra is None else 0.0
    return (
        (round(pa[0] + ux * a_pull), round(pa[1] + uy * a_pull)),
        (round(pb[0] - ux * b_pull), round(pb[1] - uy * b_pull)),
    )


def _unit_face(game: GameData, unit: str, flipped: bool) -> str:
    return hex_module.unit_image(game.unit(UnitId(unit)), flipped) if game.has_unit(UnitId(unit)) else ""


def _turn_marker(game: GameData) -> str | None:
    for kind in game.markers:
        if kind.id == TURN_MARKER and kind.states:
            return pieces.marker_image(kind, 0)
    return None


def place_counters(game: GameData, board: HexBoardLayout, state: HexState) -> tuple[tuple[Counter, ...], tuple[str, ...]]:
    """Every unit of ``state`` with its board position (the hexes in grid order, then the boxes in
    the panel's order), and the units not drawn (``unit (place)``) for a place the board lacks."""
    order = {str(u.id): i for i, u in enumerate(game.units)}
    by_place: dict[str, list[str]] = {}
    for unit in sorted(state.places, key=lambda u: (order.get(u, len(order)), u)):
        by_place.setdefault(state.places[unit], []).append(unit)
    sides: dict[str, Side] = {str(u.id): u.side for u in game.units}
    out: list[Counter] = []
    drawn: set[str] = set()
    grid = board.grid
    for h in grid.hexes():
        hex_id = grid.hex_id(h)
        units = by_place.get(hex_id, [])
        if not units:
            continue
        size, spots = hex_spots(len(units), grid.centre(h)[0], counter_top(board, grid.polygon(h)))
        for unit, (x, y) in zip(units, spots, strict=True):
            flipped = unit in state.flipped
            out.append(Counter(_unit_face(game, unit, flipped), unit, hex_id, x, y, UnitId(unit), sides.get(unit), flipped, size))
            drawn.add(unit)
    rects = _box_rects(board)
    turn_box = hex_module.turn_box(state.turn)
    marker = _turn_marker(game)
    for name, (rect, small) in rects.items():
        units = by_place.get(box_place(name), [])
        entries: list[tuple[str, str, str | None]] = [(_unit_face(game, u, u in state.flipped), u, u) for u in units]
        if name == turn_box and marker is not None:
            entries.append((marker, "turn marker", None))
        if not entries:
            continue
        x0, y0, x1, y1 = rect
        title = GROUP_TITLE if small else BOX_TITLE
        size, spots = grid_spots(len(entries), (x0, y0 + title, x1 - x0, y1 - y0 - title))
        for (image, label, who), (x, y) in zip(entries, spots, strict=True):
            if who is None:  # a marker
                out.append(Counter(image, label, name, x, y, None, None, False, size))
                continue
            out.append(Counter(image, label, name, x, y, UnitId(who), sides.get(who), who in state.flipped, size))
            drawn.add(who)
    missing = tuple(f"{u} ({state.places[u] or 'nowhere'})" for u in sorted(state.places, key=lambda u: (order.get(u, len(order)), u)) if u not in drawn)
    return tuple(out), missing


def _target_place(snapshot: HexSnapshot, target: str) -> str:
    """Where a fire's target stood when fired at: before the step, else after it."""
    before = snapshot.before.place(target) if snapshot.before is not None else ""
    return before or snapshot.state.place(target)


def hex_arrows(board: HexBoardLayout, snapshot: HexSnapshot) -> tuple[Arrow, ...]:
    """The arrows of the step's events, in event order: moves (one arrow per origin and destination,
    naming every unit that went that way), fire lines (one per firing hex), support marks."""
    arrows: list[Arrow] = []
    moved: dict[tuple[str, str], list[str]] = {}
    for e in snapshot.events:
        if isinstance(e, UnitMove):
            moved.setdefault((e.from_place, e.to_place), []).append(e.unit)
    for (a, b), units in moved.items():
        label = f"move {', '.join(units)} {_shown(a)}→{_shown(b)}"
        ends = arrow_ends(board, a, b)
        end = place_point(board, b)
        if ends is not None:
            arrows.append(_placed(ArrowKind.MOVE, ends, label, board))
        elif end is not None:  # from nowhere the board knows: where it went
            arrows.append(Arrow(ArrowKind.PLACE, (end,), label))
    for e in snapshot.events:
        if isinstance(e, FireAt):
            target = _target_place(snapshot, e.target)
            goal = mark_point(board, target)
            if goal is None:
                continue
            firing: dict[str, list[str]] = {}
            for unit, where in e.firers:
                firing.setdefault(where, []).append(unit)
            for where, units in firing.items():
                label = f"fire {', '.join(units)} {_shown(where)}→{e.target}"
                ends = arrow_ends(board, where, target)
                arrows.append(_placed(ArrowKind.FIRE, ends, label, board) if ends is not None else _mark(goal, label, board))
        elif isinstance(e, SupportCall):
            place = e.target if e.mode == SupportMode.SUPPRESSION else _target_place(snapshot, e.target)
            goal = mark_point(board, place)
            if goal is not None:
                arrows.append(_mark(goal, f"{e.marker} {e.mode} on {e.target}", board))
    return tuple(arrows)


def _placed(kind: ArrowKind, ends: tuple[Point, Point], label: str, board: HexBoardLayout) -> Arrow:
    """An arrow whose ends ``arrow_ends`` placed: drawn under the counters when it is long enough to
    show between them (past a neighbour), over them when short (between neighbours)."""
    long = math.dist(*ends) > board.grid.size - 2 * ARROW_CLEAR + MIN_SHAFT
    return Arrow(kind, ends, label, trim=0, dots=False, under=long)


def _mark(at: Point, label: str, board: HexBoardLayout) -> Arrow:
    """A ring round a hex (its centre ``at``) outside its flats, so its printed id and counter show inside."""
    return Arrow(ArrowKind.FIRE, (at,), label, radius=round(board.grid.size * MARK_RING))


def _shown(place: str) -> str:
    return box_of(place) or place or "nowhere"


def hex_caption(snapshot: HexSnapshot) -> str:
    """Where the picture is: the log position, the turn and the card of the impulse under way."""
    bits = [caption_place(snapshot.where, bool(snapshot.events)), f"turn {snapshot.state.turn}"]
    card = snapshot.card
    if card is not None:
        # the side that drew it: the card's colour, not the drawer, says whose impulse it is (a shared deck)
        bits.append(f"card {card.card}" + (f" drawn by {card.side.label}" if card.side is not None else ""))
    return ", ".join(bits)


def hex_scene(
    game: GameData,
    board: HexBoardLayout,
    snapshot: HexSnapshot,
    *,
    hexes: Iterable[str] = (),
    units: Iterable[str] = (),
) -> Scene:
    """The scene of ``snapshot``: its counters, the ``hexes`` outlined, the ``units`` ringed, the step's arrows."""
    state = snapshot.state
    counters, missing = place_counters(game, board, state)
    grid = board.grid
    outlines: list[tuple[str, tuple[Point, ...]]] = []
    for hex_id in sorted(set(hexes)):
        h = grid.parse_id(hex_id)
        if h is not None and grid.contains(h):
            cx, cy = grid.centre(h)
            k = 1 + OUTLINE_OUT / (grid.size / 2)  # on the hexsides and out: the printed id inside stays clear
            outlines.append((hex_id, tuple((round(cx + (x - cx) * k), round(cy + (y - cy) * k)) for x, y in grid.polygon(h))))
    wanted = set(units)
    rings = tuple(c for c in counters if c.unit is not None and c.unit in wanted)
    arrows = hex_arrows(board, snapshot)
    focus = _focus(board, outlines, rings, arrows)
    text = hex_caption(snapshot) + (f"; {len(missing)} not drawn: {', '.join(missing)}" if missing else "")
    return Scene(
        board.width,
        board.height,
        board.map_rect[2],
        counters,
        tuple(outlines),
        rings,
        arrows,
        (),
        missing,
        text,
        focus,
        outline_noun="hexes",
        keep_clear=(title_extent(_title(game)),),
        lift_rings=False,
    )


def _title(game: GameData) -> str:
    return hex_module.hex_look(game).title


def _focus(
    board: HexBoardLayout, outlines: Sequence[tuple[str, tuple[Point, ...]]], rings: Sequence[Counter], arrows: Sequence[Arrow]
) -> tuple[int, int, int, int] | None:
    """The board box the picture is about: the hexes, the units and the arrows (``scene.focus_box``)."""
    return focus_box(outlines, rings, arrows, (pb.rect for pb in board.boxes), (board.width, board.height))
