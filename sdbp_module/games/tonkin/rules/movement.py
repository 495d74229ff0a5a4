"""Tonkin's move model (rules 3.0-3.8, 1.3, 1.7, 4.0, 6.14; docs/tonkin-rules.md "What a log shows",
TON-MOV, TON-ZOC, TON-TRN): what a unit did in one movement phase, and the cheapest legal path between
the two ends of each of its drags.

A VASSAL log shows where a drag started and ended, never the hexes between: a move is judged by the
cheapest path the rules allow, at the state before each drag. A unit's drags in one movement phase are
the legs of one move, their costs added; a ``Carry`` makes the unit's next drag a transport of that mode
(and the drags of that unit that follow it at once, with no other act between: a transport dragged hex
by hex); a ``DoubleMove`` makes its next move doubled.

Two cost models price a path (TON-MOV-01): the map's reconstructed terrain chart (``hexes.yaml``
``movement``, docs/tonkin-reconstruction.md §9.1) and the least the text allows (``text_minima``: road 1
in clear and 2 elsewhere, the river-valley -1 never below 2, VM rough at least 2 and CEF rough 4 from
3.1's example, every other terrain and river at least 1, the road marker's 3, +1 rainy, +1 DG). A move
over its allowance with the text's minima is illegal; over it only with the chart, suspicious.

Path search is Dijkstra with an upper bound (twice the allowance); step costs are cached per map hex
pair, mover and the markers of the two hexes.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping
from dataclasses import replace

from sdbp_module.games.tonkin.rules.facts import (
    DG,
    OOS,
    enemy_zoc_hexes,
    hex_map,
    per_state,
    rainy,
    track_boxes,
    unit_of,
)
from sdbp_module.hexgrid.coords import Hex, distance
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.hexgrid.movement import (
    CostRow,
    CostTable,
    MoveContext,
    When,
    move_context,
)
from sdbp_module.hexgrid.zoc import MapUnit
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.model.hex_play import play_of
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import (
    Carry,
    DeclareUnit,
    DoubleMove,
    HexEvent,
    MarkerMove,
    MarkerTurn,
    UnitMove,
    is_hex,
)
from sdbp_module.replay.hexes.flow import Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.hexes.base import HexContext, Steps

MARKER_WORDS: Mapping[str, str] = {"vm-road": "road_marker", "destroyed-road": "destroyed_road"}
"""The marker kinds (markers.yaml) the movement table (hexes.yaml ``movement``) reads, by its words."""

MOVEMENT_PHASES = ("vm-movement", "cef-movement")
AMPHIBIOUS_UNITS = frozenset({"CEF-1REC"})
"""Rules 4.0: the 1er REC enters river hexes at no extra cost and moves only in clear terrain (the
movement table's ``amphibious`` flag)."""
TRUCK_MP = 14  # rules 3.4 (and the DNA, 3.6)


_HEXES: dict[tuple[int, str], Hex | None] = {}


def hex_at(hmap: HexMap, place: str) -> Hex | None:
    """The hex of a place (None: a box, a track, nowhere), cached."""
    key = (id(hmap), place)
    if key not in _HEXES:
        _HEXES[key] = hmap.grid.parse_id(place) if is_hex(place) else None
    return _HEXES[key]


def movement_phase_side(game: GameData, phase: str) -> Side | None:
    """The side that moves in ``phase`` when it is a movement phase, else None."""
    if phase not in MOVEMENT_PHASES:
        return None
    p = play_of(game).phase(phase)
    return p.side if p is not None else None


# -- units ----------------------------------------------------------------------------------------


def allowance(u: Unit, state: HexState) -> int | None:
    """The movement factor the unit shows (its back when flipped); None when none is printed."""
    face = u.back if str(u.id) in state.flipped and u.back else u.front
    return face[3] if len(face) > 3 else None


def is_sd(u: Unit) -> bool:
    return str(u.type) == "supply_depot"


def is_dna(u: Unit) -> bool:
    return str(u.type) == "dinassaut"


def map_units(game: GameData, state: HexState) -> tuple[MapUnit, ...]:
    """Every unit on the map as the ZOC rules read it (its type, DG as ``disrupted``), cached per state. Not
    ``facts.map_units``: the Navy and air support are here (an enemy one blocks a road or range line of
    ``transport``), and ``disrupted`` is the only flag (``transport.flak_zoc`` reads no flag as not DG)."""
    return per_state(state, "map_units", lambda: _map_units(game, state))


def _map_units(game: GameData, state: HexState) -> tuple[MapUnit, ...]:
    hmap = hex_map(game)
    out = []
    for unit, place in state.places.items():
        if not is_hex(place):
            continue
        u = unit_of(game, unit)
        h = hex_at(hmap, place)
        if u is None or h is None:
            continue
        out.append(MapUnit(str(u.side), h, str(u.type), frozenset({"disrupted"}) if state.has_status(unit, DG) else frozenset()))
    return tuple(out)


enemy_zoc = enemy_zoc_hexes
"""The move model's name for ``facts.enemy_zoc_hexes`` (Hex objects)."""


def enemy_hexes(game: GameData, state: HexState, side: str) -> frozenset[Hex]:
    """Hexes no unit of ``side`` may enter (rules 3.1): those holding an enemy unit other than an HQ or SD (or an
    air or naval counter on its target)."""
    return per_state(state, f"enemy {side}", lambda: _enemy_hexes(game, state, side))


def _enemy_hexes(game: GameData, state: HexState, side: str) -> frozenset[Hex]:
    hmap = hex_map(game)
    out = set()
    for unit, place in state.places.items():
        u = unit_of(game, unit)
        if u is None or str(u.side) == side or not is_hex(place) or str(u.type) in ("headquarters", "supply_depot", "air_support", "navy"):
            continue
        h = hex_at(hmap, place)
        if h is not None:
            out.add(h)
    return frozenset(out)


def markers_by_hex(game: GameData, state: HexState) -> Mapping[Hex, frozenset[str]]:
    """The movement words of the road and destroyed-road markers, by hex."""
    return per_state(state, "markers", lambda: _markers_by_hex(game, state))


def _markers_by_hex(game: GameData, state: HexState) -> Mapping[Hex, frozenset[str]]:
    hmap = hex_map(game)
    out: dict[Hex, set[str]] = {}
    for place, kind, _ in state.markers:
        word = MARKER_WORDS.get(kind)
        if word is None or not is_hex(place):
            continue
        h = hex_at(hmap, place)
        if h is not None:
            out.setdefault(h, set()).add(word)
    return {h: frozenset(v) for h, v in out.items()}


# -- cost models ------------------------------------------------------------------------------------

_MOVER_FLAGS = frozenset({"out_of_supply", "supply_depot"})
"""Flags of the table's prohibitions that are other ids' faults (TON-OOS-01, TON-MOV-03): never given
when a path is priced."""


def _without_amphibious_bar(table: CostTable) -> CostTable:
    """The table without the 1er REC's clear-only prohibition (TON-MOV-04's, not a cost)."""
    return replace(table, prohibited=tuple(r for r in table.prohibited if not (r.when.flags and "amphibious" in r.when.flags)))


_TABLES: dict[tuple[int, str], CostTable] = {}


def _per_game(game: GameData, name: str, make: Callable[[], CostTable]) -> CostTable:
    key = (id(game.hexes), name)
    if key not in _TABLES:
        _TABLES[key] = make()
    return _TABLES[key]


def chart(game: GameData) -> CostTable:
    """The reconstructed terrain chart (hexes.yaml ``movement``), the 1er REC's clear-only bar left to TON-MOV-04."""
    table = hex_map(game).movement
    assert table is not None
    return _per_game(game, "chart", lambda: _without_amphibious_bar(table))


def clear_only_chart(game: GameData) -> CostTable:
    """The chart with the 1er REC's bar (TON-MOV-04)."""
    table = hex_map(game).movement
    assert table is not None
    return table


def text_minima(game: GameData) -> CostTable:
    """The least each terrain and river may cost by the text (module docstring): the chart with its
    reconstructed rows replaced by the text's lower bounds."""
    return _per_game(game, "minima", lambda: _minima(chart(game)))


def _minima(base: CostTable) -> CostTable:

    def row(terrain: str, cost: int, **when: object) -> CostRow:
        return CostRow(When.from_mapping({"terrain": terrain, **when}, "text minima"), cost)

    terrain = (
        CostRow(When(terrain=frozenset({"sea"})), None, "no land movement at sea"),
        row("clear", 1),
        row("rough", 3, markers="road_marker", sides="cef"),  # rules 4.0: 3 where cheaper than the terrain
        row("rough", 1, flags="motorised"),
        row("rough", 2, sides="vm"),  # rules 3.1: rough along a river costs the VM 2 (so at least 2)
        row("rough", 4),  # rules 3.1: rough along a river costs the CEF 3 (so 4)
        row("forest", 1),
        row("mountain", 1),
    )
    river = (CostRow(When(flags=frozenset({"amphibious"})), 0), CostRow(When(markers=frozenset({"road_marker"})), 0), CostRow(When(), 1))
    return replace(base, terrain=terrain, features={"major_river": river, "minor_river": river})


StepFn = Callable[[Hex, Hex], int | None]


@record
class Mover:
    """Who moves and when: the words the cost table reads."""

    side: str
    flags: frozenset[str]


_CTX: dict[tuple[int, Hex, Hex, frozenset[str], frozenset[str]], MoveContext] = {}


def _context(hmap: HexMap, a: Hex, b: Hex, markers: Mapping[Hex, frozenset[str]]) -> MoveContext:
    ma, mb = markers.get(a, frozenset()), markers.get(b, frozenset())
    key = (id(hmap), a, b, ma, mb)
    ctx = _CTX.get(key)
    if ctx is None:
        table = hmap.movement
        assert table is not None

        def at(h: Hex) -> frozenset[str]:
            return ma if h == a else mb if h == b else frozenset()

        ctx = move_context(hmap.features, hmap.terrain_of, a, b, "", (), at, table.path_markers, table.path_breaks)
        _CTX[key] = ctx
    return ctx


LEAVING_FREE = frozenset({"destroyed_road"})
"""A destroyed-road marker bars road movement into its hex; leaving it along the road is allowed (a reading:
docs/tonkin-rules.md, Readings)."""

_COSTS: dict[tuple[int, str, frozenset[str], Hex, Hex, frozenset[str], frozenset[str]], int | None] = {}


def table_step(hmap: HexMap, table: CostTable, mover: Mover, markers: Mapping[Hex, frozenset[str]]) -> StepFn:
    """The price of a step under ``table`` for ``mover`` (None: prohibited); cached over the whole run by
    table, mover and the markers of the step's two hexes."""
    flags = mover.flags - _MOVER_FLAGS
    side = mover.side
    tid = id(table)
    none: frozenset[str] = frozenset()

    def step(a: Hex, b: Hex) -> int | None:
        ma, mb = markers.get(a, none) - LEAVING_FREE, markers.get(b, none)
        key = (tid, side, flags, a, b, ma, mb)
        found = _COSTS.get(key, _MISSING)
        if found is _MISSING:
            ctx = replace(_context(hmap, a, b, {a: ma, b: mb}), side=side, flags=flags)
            found = _COSTS[key] = table.cost(ctx).cost
        return found  # type: ignore[return-value]

    return step


_MISSING = object()
_NEIGHBOURS: dict[tuple[int, Hex], tuple[Hex, ...]] = {}


def neighbours(hmap: HexMap, h: Hex) -> tuple[Hex, ...]:
    key = (id(hmap), h)
    found = _NEIGHBOURS.get(key)
    if found is None:
        found = _NEIGHBOURS[key] = hmap.grid.on_map_neighbours(h)
    return found


def dna_step(game: GameData, mover: Mover) -> StepFn:
    """A DNA's step (rules 3.6): along a major river (consecutive hexes of it) or between two coastal
    hexes, 1 MP whatever the terrain, +1 rainy, +1 DG."""
    hmap = hex_map(game)
    extra = ("rainy" in mover.flags) + ("disrupted" in mover.flags)

    def step(a: Hex, b: Hex) -> int | None:
        return 1 + extra if on_dna_network(hmap, a, b) else None

    return step


def on_dna_network(hmap: HexMap, a: Hex, b: Hex) -> bool:
    if any(f.kind == "major_river" for f in hmap.features.followed(a, b)):
        return True
    return hmap.in_region("coast", a) and hmap.in_region("coast", b)


def cheapest(
    hmap: HexMap,
    step: StepFn,
    start: Hex,
    goal: Hex,
    bound: int,
    blocked: frozenset[Hex] = frozenset(),
    avoid: frozenset[Hex] = frozenset(),
) -> tuple[int, tuple[Hex, ...]] | None:
    """The cheapest path ``start`` → ``goal`` costing at most ``bound`` (cost, hexes), None when none:
    Dijkstra, never through a ``blocked`` hex (the goal excepted) nor into an ``avoid`` hex (goal included)."""
    if start == goal:
        return 0, (start,)
    if goal in avoid:
        return None
    best: dict[Hex, int] = {start: 0}
    came: dict[Hex, Hex] = {}
    queue: list[tuple[int, int, int, Hex]] = [(0, distance(start, goal), 0, start)]
    n = 0
    while queue:
        cost, _, _, h = heapq.heappop(queue)
        if cost > best.get(h, bound + 1):
            continue
        if h == goal:
            path = [h]
            while path[-1] in came:
                path.append(came[path[-1]])
            return cost, tuple(reversed(path))
        for nb in neighbours(hmap, h):
            if nb in avoid or (nb in blocked and nb != goal):
                continue
            c = step(h, nb)
            if c is None:
                continue
            total = cost + c
            if total <= bound and total < best.get(nb, bound + 1):
                best[nb] = total
                came[nb] = h
                n += 1
                heapq.heappush(queue, (total, distance(nb, goal), n, nb))
    return None


def reachable(hmap: HexMap, step: StepFn, start: Hex, goal: Hex, blocked: frozenset[Hex]) -> bool:
    """Whether any path at any cost joins the two hexes without passing through a ``blocked`` hex."""
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        if h == goal:
            return True
        for nb in neighbours(hmap, h):
            if nb in seen or (nb in blocked and nb != goal) or step(h, nb) is None:
                continue
            seen.add(nb)
            todo.append(nb)
    return False


# -- a phase's moves ------------------------------------------------------------------------------------


@record
class Leg:
    state: HexState  # before the drag
    event: UnitMove
    frm: Hex
    to: Hex


@record
class Move:
    """One unit's move in a movement phase: its own move (``mode`` None, every own drag of the phase) or
    one transport of ``mode``; ``doubled`` when a DoubleMove came before one of its drags."""

    unit: str
    side: str
    mode: str | None
    doubled: bool
    legs: tuple[Leg, ...]
    carry: Carry | None = None
    double: DoubleMove | None = None

    @property
    def first(self) -> UnitMove:
        return self.legs[0].event

    @property
    def last(self) -> UnitMove:
        return self.legs[-1].event

    @property
    def state(self) -> HexState:
        return self.legs[0].state

    @property
    def start(self) -> Hex:
        return self.legs[0].frm

    @property
    def end(self) -> Hex:
        return self.legs[-1].to

    @property
    def one_hex(self) -> bool:
        """A single drag to a neighbour hex (rules 3.1: always allowed)."""
        return len(self.legs) == 1 and distance(self.start, self.end) == 1


@record
class PhaseMoves:
    phase: str
    side: Side | None
    moves: tuple[Move, ...]
    uses: tuple[tuple[str, tuple[Carry, ...]], ...]
    """The transport uses (rules 3.3): (mode, its carry lines), a run of carries of one mode with no act between
    but the carried units' drags; the move of the mode's track marker down its track (``PAID_BY``) pays a use
    and ends it."""


_LAST: list[tuple[Steps, PhaseMoves]] = []


def phase_moves(game: GameData, phase: str, steps: Steps) -> PhaseMoves:
    """The moves of a movement phase's side in it (cached for the phase's steps: every rule reads the same)."""
    if _LAST and _LAST[0][0] is steps:
        return _LAST[0][1]
    result = _build(game, phase, steps)
    _LAST[:] = [(steps, result)]
    return result


def moves_of_phase(ctx: HexContext, impulse: Impulse, steps: Steps) -> PhaseMoves | None:
    """The moves of the impulse when it is a movement phase (the one model every movement and transport rule
    reads), None for any other phase."""
    if impulse.phase not in MOVEMENT_PHASES:
        return None
    return phase_moves(ctx.game, impulse.phase, steps)


def _build(game: GameData, phase: str, steps: Steps) -> PhaseMoves:
    side = movement_phase_side(game, phase)
    hmap = hex_map(game)
    own: dict[str, list[Leg]] = {}
    own_double: dict[str, DoubleMove] = {}
    order: list[tuple[int, str, str | None]] = []  # (first index, unit, mode) of each move
    transports: dict[int, tuple[str, str, list[Leg], Carry, DoubleMove | None]] = {}
    pending_carry: dict[str, Carry] = {}
    pending_double: dict[str, DoubleMove] = {}
    last_transport: tuple[str, int] | None = None  # (unit, key) of the transport drag just made
    uses: list[tuple[str, list[Carry], set[str]]] = []
    use_open = False
    for i, (state, event) in enumerate(steps):
        if isinstance(event, Carry):
            if use_open and uses and uses[-1][0] == event.mode:
                uses[-1][1].append(event)
                uses[-1][2].add(event.unit)
            else:
                uses.append((event.mode, [event], {event.unit}))
                use_open = True
            pending_carry[event.unit] = event
            last_transport = None
            continue
        if isinstance(event, DoubleMove):
            pending_double[event.unit] = event
            continue
        if not isinstance(event, UnitMove):
            if not _neutral(event) or (use_open and uses and _pays(event, uses[-1][0])):
                use_open = False  # another act, or the use paid: the next carry is another use
                last_transport = None
            continue
        frm, to = hex_at(hmap, event.from_place), hex_at(hmap, event.to_place)
        u = unit_of(game, event.unit)
        if not (is_hex(event.from_place) and is_hex(event.to_place)) or frm is None or to is None or u is None or frm == to:
            pending_carry.pop(event.unit, None)  # a ship to or from Saigon, a unit off the map: no move on the map
            pending_double.pop(event.unit, None)
            continue
        if side is not None and u.side != side:
            use_open = False
            continue
        if not (use_open and uses and event.unit in uses[-1][2]):
            use_open = False
        leg = Leg(state, event, frm, to)
        carry = pending_carry.pop(event.unit, None)
        dbl = pending_double.pop(event.unit, None)
        if carry is not None:
            transports[i] = (event.unit, carry.mode, [leg], carry, dbl)
            order.append((i, event.unit, carry.mode))
            last_transport = (event.unit, i)
            continue
        if last_transport is not None and last_transport[0] == event.unit:
            transports[last_transport[1]][2].append(leg)
            continue
        last_transport = None
        if event.unit not in own:
            own[event.unit] = []
            order.append((i, event.unit, None))
        own[event.unit].append(leg)
        if dbl is not None:
            own_double.setdefault(event.unit, dbl)
    moves = []
    for i, unit, mode in sorted(order, key=lambda t: t[0]):
        if mode is None:
            legs = own[unit]
            d = own_double.get(unit)
            moves.append(Move(unit, str(legs[0].event.side or ""), None, d is not None, tuple(legs), None, d))
        else:
            _, _, tlegs, carry, d = transports[i]
            moves.append(Move(unit, str(tlegs[0].event.side or ""), mode, d is not None, tuple(tlegs), carry, d))
    return PhaseMoves(phase, side, tuple(moves), tuple((m, tuple(c)) for m, c, _ in uses))


PAID_BY: dict[str, str] = {"truck": "trucks", "air": "air-transport", "para": "air-transport"}
"""The track marker that moves one box down for each use of a mode (3.3, 3.4, 3.5)."""


def _pays(event: HexEvent, mode: str) -> bool:
    """Whether ``event`` moves the track marker a use of ``mode`` pays with down its track: the use it
    pays for is over (a carry after it starts another use, which the marker pays again)."""
    if not isinstance(event, MarkerMove) or event.marker != PAID_BY.get(mode):
        return False
    boxes = track_boxes(event)
    return boxes is not None and boxes[1] < boxes[0]


def _neutral(event: HexEvent) -> bool:
    """Acts that do not break a transport use: moving a record track's marker (the trucks or air transport
    box) and declarations."""
    return isinstance(event, (MarkerMove, MarkerTurn, DeclareUnit))


# -- pricing a move --------------------------------------------------------------------------------------


def mover_of(game: GameData, u: Unit, state: HexState, *, transported: bool = False) -> Mover:
    unit = str(u.id)
    flags = set()
    if u.motorised or transported:
        flags.add("motorised")
    if transported:
        flags.add("transported")
    if state.has_status(unit, DG):
        flags.add("disrupted")
    if rainy(game, state.turn):
        flags.add("rainy")
    if unit in AMPHIBIOUS_UNITS:
        flags.add("amphibious")
    if state.has_status(unit, OOS):
        flags.add("out_of_supply")
    return Mover(str(u.side), frozenset(flags))


def blocked_for(game: GameData, u: Unit, state: HexState) -> frozenset[Hex]:
    """Hexes the unit may not pass through: enemy-occupied ones (rules 3.1, TON-MOV-02), and China for the
    CEF units 3.8 lets move in Vietnam and Laos (all but those it limits by where they end)."""
    hmap = hex_map(game)
    out = set(enemy_hexes(game, state, str(u.side)))
    if str(u.side) == "cef" and not (u.marks & ENDS_LIMITED):
        out |= hmap.regions["china"].hexes
    return frozenset(out)


ENDS_LIMITED = frozenset({"vietnamese_army", "laotian_army", "gcma", "thai", "tieu_doan", "pathet_lao"})
"""The colour bands 3.8 limits by where a unit ends its move (it may pass through any hex)."""


def move_cost(
    game: GameData,
    move: Move,
    u: Unit,
    step_of: Callable[[Leg], StepFn],
    bound: int,
    avoid_of: Callable[[Leg], frozenset[Hex]] | None = None,
) -> int | None:
    """The cost of the move's cheapest legal legs, each at the state before it, added; None when over ``bound``."""
    hmap = hex_map(game)
    total = 0
    for leg in move.legs:
        found = cheapest(hmap, step_of(leg), leg.frm, leg.to, bound - total, blocked_for(game, u, leg.state),
                         avoid_of(leg) if avoid_of else frozenset())
        if found is None:
            return None
        total += found[0]
    return total


def own_step(game: GameData, u: Unit, table: CostTable, *, transported: bool = False) -> Callable[[Leg], StepFn]:
    """The step price of the unit's own move (a DNA: its river and coast network) under ``table``."""
    hmap = hex_map(game)

    def of(leg: Leg) -> StepFn:
        mover = mover_of(game, u, leg.state, transported=transported)
        if is_dna(u) and not transported:
            return dna_step(game, mover)
        return table_step(hmap, table, mover, markers_by_hex(game, leg.state))

    return of


@record
class Pricing:
    """A move's cost with the chart and with the text's minima, None where over ``bound``."""

    chart: int | None
    minima: int | None
    bound: int


def price(game: GameData, move: Move, u: Unit, limit: int, *, transported: bool = False) -> Pricing:
    """The move priced by both models up to twice ``limit``."""
    bound = 2 * limit
    return Pricing(
        move_cost(game, move, u, own_step(game, u, chart(game), transported=transported), bound),
        move_cost(game, move, u, own_step(game, u, text_minima(game), transported=transported), bound),
        bound,
    )
