"""What the Tonkin rules read from the data and the state: a unit's side, kind, bands and stacking points on
the face it shows, zones of control (1.3), community control (1.8), "within N hexes" lines (1.4), the
working supply centres (1.6), the rainy months (1.7), the VP hexes (1.9) and the box an eliminated unit
goes to (6.13). Nothing here judges: the rule modules do (``docs/tonkin-rules.md``).

The French 2nd-edition text (``shared/seeds/002_3f5fa9faa963815e.txt``) is cited by its body numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TypeVar

from sdbp_module.games.tonkin.rules import switches
from sdbp_module.hexgrid.coords import Hex, distance
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.hexgrid.movement import paths_of_step
from sdbp_module.hexgrid.trace import LineRules, Trace
from sdbp_module.hexgrid.zoc import MapUnit
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.replay.hexes.events import (
    HexEvent,
    HexGameStart,
    MarkerMove,
    box_place,
    is_hex,
    track_of,
)
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.hexes.base import HexContext, Steps
from sdbp_module.rules.switches import RuleSet

CEF = "cef"
VM = "vm"

# statuses (game.yaml statuses)
DG = "dg"
OOS = "oos"
STEP_LOSS = "step-loss"  # the "-1" marker of 6.13
SPENT = "spent"  # an SD's spent face (6.2)

# unit types (game.yaml unit_types)
HEADQUARTERS = "headquarters"
SUPPLY_DEPOT = "supply_depot"
DINASSAUT = "dinassaut"
NAVY = "navy"
AIR_SUPPORT = "air_support"
NOT_ON_GROUND = frozenset({NAVY, AIR_SUPPORT})
"""Kinds that neither occupy nor block a hex: the air support counter stands on the hex it strikes, the Navy
off the coast (1.3: no ZOC either)."""

# bands and marks (game.yaml unit_marks)
TIEU_DOAN = "tieu_doan"
PATHET_LAO = "pathet_lao"
INDEPENDENT = "independent"
THAI = "thai"
LAOTIAN = "laotian_army"
GCMA = "gcma"

# markers (markers.yaml)
TRENCH = {CEF: "trench-cef", VM: "trench-vm"}
VP_MARKER = "vp"
REGIMENT_HITS = "regiment-hits"
POLITICAL_OBJECTIVE = "political-objective"
LARGE_FORCE = "large-force"  # its face N names the box "large-force-N" whose units stand on its hex (1.6)

# boxes (markers.yaml boxes)
ELIMINATED = "eliminated"
TD_PL_BOX_2 = "td-pl-2"
REINFORCEMENTS = "reinforcements"

# map sets and regions (hexes.yaml)
SUPPLY_CENTRE = {CEF: "cef_supply_centre", VM: "vm_supply_centre"}
NAME_COLOUR = {"blue_name": CEF, "red_name": VM}
COMMUNITY_SETS = ("city", "town", "village")
VP_SETS = {"vp_1": 1, "vp_2": 2, "vp_3": 3, "vp_5": 5, "vp_10": 10}
RANGE_LINE = "range"
RIVER_LINE = "river_supply"
HANOI = "Hanoi"

STACKING_LIMIT_DEFAULT = 13
RAINY_MONTHS = ("Jun", "Jul", "Aug", "Sep")  # 1.7

T = TypeVar("T")


_BY_STATE: dict[tuple[int, str], tuple[HexState, object]] = {}


def per_state(state: HexState, what: str, make: Callable[[], T]) -> T:
    """``make()`` once per state object and ``what`` (the states of a phase live while it is judged)."""
    key = (id(state), what)
    hit = _BY_STATE.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]  # type: ignore[return-value]
    if len(_BY_STATE) > 4096:
        _BY_STATE.clear()
    value = make()
    _BY_STATE[key] = (state, value)
    return value


def hex_map(game: GameData) -> HexMap:
    assert game.hexes is not None, "Tonkin is a hex-map game"
    return game.hexes.map


def unit_of(game: GameData, unit_id: str) -> Unit | None:
    return game.unit(unit_id) if game.has_unit(unit_id) else None  # type: ignore[arg-type]


def side_of(game: GameData, unit_id: str) -> Side | None:
    """The side of a unit (None for an id the counters do not know)."""
    u = unit_of(game, unit_id)
    return u.side if u is not None else None


def side_label(game: GameData, side: str) -> str:
    """A side's name as the messages give it (game.yaml ``sides``), the id when the data has none."""
    return next((s.label for s in game.game.sides if str(s) == side), side)


def kind_of(game: GameData, unit_id: str) -> str:
    u = unit_of(game, unit_id)
    return str(u.type) if u is not None else ""


def has_mark(game: GameData, unit_id: str, mark: str) -> bool:
    u = unit_of(game, unit_id)
    return u is not None and mark in u.marks


def is_regiment(game: GameData, unit_id: str) -> bool:
    """A VM regiment (6.13, 7.4): a VM unit that is not a Tieu Doan, a Pathet Lao, the HQ or an SD."""
    u = unit_of(game, unit_id)
    return (
        u is not None
        and u.side == VM
        and str(u.type) not in (HEADQUARTERS, SUPPLY_DEPOT)
        and not ({TIEU_DOAN, PATHET_LAO} & u.marks)
    )


def _factor_index(game: GameData, factor: str) -> int:
    order = [f.id for f in game.game.factors]
    return order.index(factor) if factor in order else -1


def printed_stacking(game: GameData, unit_id: str, reduced: bool = False) -> int:
    """The stacking points printed on the unit's face (1.5: 1 when none is printed, HQ and SD included)."""
    u = unit_of(game, unit_id)
    if u is None:
        return 1
    stacking = game.game.stacking
    factor = stacking.factor if stacking is not None and stacking.factor else "stacking"
    default = stacking.default if stacking is not None else 1
    face = u.back if reduced and u.back else u.front
    i = _factor_index(game, factor)
    value = face[i] if 0 <= i < len(face) else None
    return default if value is None else value


def stacking_points(game: GameData, state: HexState, unit_id: str) -> int:
    """The unit's stacking points on the face it shows, 1 less with a "-1" marker (6.13), never below 0."""
    points = printed_stacking(game, unit_id, unit_id in state.flipped)
    if state.has_status(unit_id, STEP_LOSS):
        points -= 1
    return max(points, 0)


def reinforcement_vp_cost(game: GameData, unit_id: str) -> int:
    """The VP a CEF unit brought in costs the CEF (2.5): 1 for printed stacking 1-2, 2 for 3-4 (the full face);
    the Navy's return 2; air support nothing."""
    kind = kind_of(game, unit_id)
    if kind == AIR_SUPPORT:
        return 0
    if kind == NAVY:
        return 2
    return 2 if printed_stacking(game, unit_id) >= 3 else 1


def stacking_limit(game: GameData) -> int:
    stacking = game.game.stacking
    return stacking.points if stacking is not None and stacking.points else STACKING_LIMIT_DEFAULT


def steps_lost(game: GameData, state: HexState, unit_id: str) -> int:
    """The steps a unit has lost (6.13, counters.yaml ``steps``): a 4-step unit 0 full, 1 full with "-1", 2
    reduced, 3 reduced with "-1"; a 2-step unit 1 reduced; a one-step unit (or an unknown id) 0."""
    u = unit_of(game, unit_id)
    if u is None:
        return 0
    flipped = unit_id in state.flipped
    if u.steps >= 4:
        return (2 if flipped else 0) + (1 if state.has_status(unit_id, STEP_LOSS) else 0)
    if u.steps >= 2:
        return 1 if flipped else 0
    return 0


def steps_left(game: GameData, state: HexState, unit_id: str) -> int:
    """The steps a unit still has (6.13): its steps less ``steps_lost``, at least 1 (0 for an unknown id)."""
    u = unit_of(game, unit_id)
    if u is None:
        return 0
    return max(max(u.steps, 1) - steps_lost(game, state, unit_id), 1)


def eliminated_box(game: GameData, unit_id: str) -> str | None:
    """Where an eliminated unit goes (6.13): the Eliminated box, Tieu Doan and Pathet Lao to Box 2."""
    u = unit_of(game, unit_id)
    if u is None:
        return None
    return TD_PL_BOX_2 if {TIEU_DOAN, PATHET_LAO} & u.marks else ELIMINATED


def is_eliminated(game: GameData, state: HexState, unit_id: str) -> bool:
    box = eliminated_box(game, unit_id)
    return box is not None and state.place(unit_id) == box_place(box)


def month_label(game: GameData, turn: int) -> str:
    labels: Mapping[int, str] = game.hexes.labels if game.hexes is not None else {}
    return labels.get(turn, f"turn {turn}")


def rainy(game: GameData, turn: int) -> bool:
    """Whether ``turn`` is a month of the rainy season (1.7: June to September), read from the month's label
    on the turn track ("Jun 1951"). The one test of the season: supply (TON-SUP-02) and the move model (+1 a
    hex) both read it."""
    labels: Mapping[int, str] = game.hexes.labels if game.hexes is not None else {}
    label = labels.get(turn, "")
    return any(label.startswith(m) for m in RAINY_MONTHS)


# -- the map ----------------------------------------------------------------------------------------


def hex_of(game: GameData, place: str) -> Hex | None:
    return hex_map(game).grid.parse_id(place) if is_hex(place) else None


def hex_id(game: GameData, h: Hex) -> str:
    return hex_map(game).grid.hex_id(h)


_SET_IDS: dict[tuple[int, str], tuple[HexMap, frozenset[str]]] = {}


def set_ids(game: GameData, name: str) -> frozenset[str]:
    """The hex ids of a named set or region of the map (empty when the data has none), computed once per map."""
    m = hex_map(game)
    cached = _SET_IDS.get((id(m), name))
    if cached is not None and cached[0] is m:
        return cached[1]
    if name in m.sets:
        hexes = m.sets[name]
    elif name in m.regions:
        hexes = m.regions[name].hexes
    else:
        hexes = frozenset()
    ids = frozenset(m.grid.hex_id(h) for h in hexes)
    _SET_IDS[(id(m), name)] = (m, ids)
    return ids


def in_region(game: GameData, region: str, place: str) -> bool:
    h = hex_of(game, place)
    return h is not None and hex_map(game).in_region(region, h)


def communities(game: GameData) -> frozenset[str]:
    """The communities (1.6: cities, towns and villages)."""
    out: frozenset[str] = frozenset()
    for name in COMMUNITY_SETS:
        out |= set_ids(game, name)
    return out


def name_colour(game: GameData, place: str) -> str | None:
    """The side whose colour a community's name is printed in (1.8: blue CEF, red VM)."""
    for set_name, side in NAME_COLOUR.items():
        if place in set_ids(game, set_name):
            return side
    return None


def vp_values(game: GameData) -> dict[str, int]:
    """Each VP hex and its value (1.6: the number in the white square)."""
    out: dict[str, int] = {}
    for set_name, value in VP_SETS.items():
        for h in set_ids(game, set_name):
            out[h] = value
    return out


def hanoi(game: GameData) -> str | None:
    if game.hexes is None:
        return None
    return next((p.hex for p in game.hexes.places if p.name == HANOI), None)


def distance_between(game: GameData, a: str, b: str) -> int | None:
    ha, hb = hex_of(game, a), hex_of(game, b)
    return None if ha is None or hb is None else distance(ha, hb)


# -- units on the map -------------------------------------------------------------------------------


def on_board(state: HexState) -> HexState:
    """The state with the units of each Large Force box on the hex of its marker (1.6: the marker stands
    for them on the map); the state itself when no Large Force marker is on a hex."""
    boxes = {box_place(f"{LARGE_FORCE}-{face}"): place for place, kind, face in state.markers if kind == LARGE_FORCE and is_hex(place)}
    if not boxes or not any(p in boxes for p in state.places.values()):
        return state
    return replace(state, places=MappingProxyType({u: boxes.get(p, p) for u, p in state.places.items()}))


def on_map_units(game: GameData, state: HexState, *, ground: bool = True, spent: bool = True) -> tuple[str, ...]:
    """The units on a hex of the map, in the state's order; ``ground``: without the Navy and air support
    (they neither occupy nor block a hex); ``spent`` False: without spent SDs (gone from the map, 7.2, 7.3)."""
    out = []
    for unit_id, place in state.places.items():
        if not is_hex(place) or unit_of(game, unit_id) is None:
            continue
        if ground and kind_of(game, unit_id) in NOT_ON_GROUND:
            continue
        if not spent and state.has_status(unit_id, SPENT):
            continue
        out.append(unit_id)
    return tuple(out)


def map_unit(game: GameData, state: HexState, unit_id: str) -> MapUnit | None:
    """A unit as the map's ZOC and line rules see it: side, hex, type, and flags (its bands and marks,
    ``disrupted`` when DG, ``out_of_supply`` when OoS, ``motorised``)."""
    u = unit_of(game, unit_id)
    h = hex_of(game, state.place(unit_id))
    if u is None or h is None:
        return None
    flags = set(u.marks)
    if state.has_status(unit_id, DG):
        flags.add("disrupted")
    if state.has_status(unit_id, OOS):
        flags.add("out_of_supply")
    if u.motorised:
        flags.add("motorised")
    return MapUnit(str(u.side), h, str(u.type), frozenset(flags))


def map_units(game: GameData, state: HexState, *, spent: bool = True) -> tuple[MapUnit, ...]:
    out = []
    for unit_id in on_map_units(game, state, spent=spent):
        mu = map_unit(game, state, unit_id)
        if mu is not None:
            out.append(mu)
    return tuple(out)


def occupants(game: GameData, state: HexState) -> dict[str, set[str]]:
    """Hex id → the sides with a unit there (the Navy and air support do not occupy)."""
    out: dict[str, set[str]] = {}
    for unit_id in on_map_units(game, state):
        side = side_of(game, unit_id)
        if side is not None:
            out.setdefault(state.place(unit_id), set()).add(str(side))
    return out


def zoc_of(game: GameData, state: HexState, unit_id: str) -> frozenset[str]:
    """The hexes of a unit's ZOC (1.3: the six around it; none in China, for a CEF unit in forest or mountain,
    a DG unit, an HQ, an SD, air and naval units)."""
    mu = map_unit(game, state, unit_id)
    if mu is None:
        return frozenset()
    m = hex_map(game)
    return frozenset(m.grid.hex_id(h) for h in m.enemy_zoc("", (mu,)))


def enemy_zoc_hexes(game: GameData, state: HexState, side: str) -> frozenset[Hex]:
    """The hexes in the ZOC of a unit of the side other than ``side`` (1.3 with its exceptions, hexes.yaml
    ``zoc``), as ``Hex`` objects; computed once per state (the move model asks it at every leg)."""
    return per_state(state, f"zoc {side}", lambda: hex_map(game).enemy_zoc(side, map_units(game, state)))


def enemy_zoc(game: GameData, state: HexState, side: str) -> frozenset[str]:
    """``enemy_zoc_hexes`` as hex ids."""
    return per_state(state, f"zoc ids {side}", lambda: frozenset(hex_id(game, h) for h in enemy_zoc_hexes(game, state, side)))


def community_control(game: GameData, state: HexState) -> dict[str, str]:
    """Community → the side controlling it (1.8): its occupier; else the VM if it is in a VM ZOC (a CEF ZOC
    has no such effect); else the side of its name's colour. Also every VP hex (1.9 uses the same rule)."""
    occupied = occupants(game, state)
    vm_zoc = enemy_zoc(game, state, CEF)
    out: dict[str, str] = {}
    for place in sorted(communities(game) | set(vp_values(game))):
        sides = occupied.get(place, set())
        if len(sides) == 1:
            out[place] = next(iter(sides))
        elif sides:  # both sides in the hex (an entry onto an HQ or SD, a paradrop): the one that was not entering is unknown
            out[place] = VM if place in vm_zoc else (name_colour(game, place) or CEF)
        elif place in vm_zoc:
            out[place] = VM
        else:
            colour = name_colour(game, place)
            if colour is not None:
                out[place] = colour
    return out


def working_supply_centres(game: GameData, state: HexState, side: str, *, air_and_navy_occupy: bool = False) -> frozenset[str]:
    """The side's supply centres not occupied by the enemy (1.6), computed once per state.

    Two readings of "occupied" live in the rules, kept apart by ``air_and_navy_occupy``: False (supply, TON-SUP:
    the Navy and an air support counter neither occupy nor block a hex, ``NOT_ON_GROUND``); True (replacements,
    reinforcements, withdrawals and the trucks: any enemy counter on the hex, those two included)."""

    def make() -> frozenset[str]:
        enemy = VM if side == CEF else CEF
        held = {state.place(u) for u in on_map_units(game, state, ground=not air_and_navy_occupy) if side_of(game, u) == enemy}
        return frozenset(p for p in set_ids(game, SUPPLY_CENTRE[side]) if p not in held)

    return per_state(state, f"working centres {side} {air_and_navy_occupy}", make)


def zoc_blocks_lines(rules: RuleSet) -> bool:
    return rules.get(switches.ZOC_BLOCKS_LINES) == "yes"


def line_rules(game: GameData, name: str, zoc_blocks: bool) -> LineRules:
    """The map's line rules ``name`` (hexes.yaml ``lines``), an enemy ZOC blocking when ``zoc_blocks``
    (the switch ``zoc-blocks-lines``, 1.4)."""
    rules = hex_map(game).lines[name]
    return replace(rules, zoc_blocks="always") if zoc_blocks else rules


def trace_within(
    game: GameData,
    state: HexState,
    side: str,
    start: str,
    targets: Iterable[str],
    reach: int,
    *,
    zoc_blocks: bool = False,
    line: str | LineRules = RANGE_LINE,
    units: tuple[MapUnit, ...] | None = None,
    markers_at: Callable[[Hex], frozenset[str]] | None = None,
) -> Trace | None:
    """A line of at most ``reach`` hexes from ``start`` to one of ``targets`` as 1.4 traces it (None when the
    start is no hex or no target is one): not into impassable or enemy-occupied hexes, China enemy for the
    CEF, an enemy ZOC blocking only when ``zoc_blocks``. ``units``: the units as the caller's rule sees them
    (default ``map_units``); ``markers_at``: the movement words of the markers of a hex (road markers, destroyed
    roads), for a line along roads as movement follows them (``hexmap.trace``'s ``paths_of_step``)."""
    m = hex_map(game)
    h = hex_of(game, start)
    goal = [g for g in (hex_of(game, t) for t in targets) if g is not None]
    if h is None or not goal:
        return None
    rules = line if isinstance(line, LineRules) else line_rules(game, line, zoc_blocks)
    present = units if units is not None else map_units(game, state)
    blocking = tuple(u for u in present if rules.blocks(u, side, m.in_region, m.terrain_of))
    friendly = frozenset(u.hex for u in present if u.side == side)
    zoc = m.enemy_zoc(side, blocking) if rules.zoc_blocks != "never" else frozenset()
    paths_of = None
    if markers_at is not None:
        table, marks = m.movement, markers_at

        def paths_of(a: Hex, b: Hex) -> frozenset[str]:
            return paths_of_step(m.features, a, b, marks, table.path_markers if table else None, table.path_breaks if table else None)

    hex_block, step_block, moves = rules.predicates(
        side, frozenset(u.hex for u in blocking), friendly, zoc, m.features, m.in_region, m.grid.on_map_neighbours, m.grid.hex_id, paths_of
    )
    if not rules.impassable:
        step_block = _no_step_block
    if rules.along and not (rules.along & {"road"}):
        graph = route_graph(game, rules.along, rules.along_regions)
        moves = lambda x: graph.get(x, ())  # noqa: E731
    return shortest_line(h, frozenset(goal), reach, moves, hex_block, step_block)


def _no_step_block(a: Hex, b: Hex) -> str | None:
    return None


def shortest_line(
    start: Hex,
    goal: frozenset[Hex],
    reach: int,
    moves: Callable[[Hex], tuple[Hex, ...]],
    hex_block: Callable[[Hex], str | None],
    step_block: Callable[[Hex, Hex], str | None],
) -> Trace:
    """The shortest line of at most ``reach`` steps from ``start`` to a hex of ``goal``, no hex or step of it
    blocked (breadth-first, neighbours in sorted order: deterministic); without one, a ``Trace`` with no hexes
    (the checks need only whether a line exists, not ``hexgrid.trace``'s reasons)."""
    if hex_block(start) is not None:
        return Trace(None, "blocked at the start")
    came: dict[Hex, Hex | None] = {start: None}
    frontier = [start]
    for _ in range(reach + 1):
        hits = sorted(h for h in frontier if h in goal)
        if hits:
            line = [hits[0]]
            while came[line[-1]] is not None:
                line.append(came[line[-1]])  # type: ignore[arg-type]
            return Trace(tuple(reversed(line)))
        nxt = []
        for h in frontier:
            for n in sorted(moves(h)):
                if n in came or hex_block(n) is not None or step_block(h, n) is not None:
                    continue
                came[n] = h
                nxt.append(n)
        frontier = nxt
    return Trace(None, f"no line within {reach} hexes")


_ROUTES: dict[tuple[int, frozenset[str], frozenset[str]], tuple[HexMap, Mapping[Hex, tuple[Hex, ...]]]] = {}


def route_graph(game: GameData, along: frozenset[str], along_regions: frozenset[str]) -> Mapping[Hex, tuple[Hex, ...]]:
    """Each hex's neighbours a line ``along`` features of those kinds (or between two hexes of one of
    ``along_regions``) may step to: the river and coast routes of 7.4, computed once per map (no road kind:
    a road line depends on the road markers of the moment)."""
    m = hex_map(game)
    key = (id(m), along, along_regions)
    cached = _ROUTES.get(key)
    if cached is not None and cached[0] is m:
        return cached[1]
    graph: dict[Hex, tuple[Hex, ...]] = {}
    regions = [m.regions[r].hexes if r in m.regions else m.sets.get(r, frozenset()) for r in sorted(along_regions)]
    candidates = set().union(*(f.hexes for f in m.features.lines if f.kind in along), *regions)
    for h in sorted(candidates):
        steps = []
        for n in m.grid.on_map_neighbours(h):
            if any(f.kind in along for f in m.features.followed(h, n)) or any(h in r and n in r for r in regions):
                steps.append(n)
        if steps:
            graph[h] = tuple(steps)
    frozen = MappingProxyType(graph)
    _ROUTES[key] = (m, frozen)
    return frozen


def trace_route(
    game: GameData, side: str, start: str, targets: Iterable[str], reach: int, rules: LineRules, units: tuple[MapUnit, ...]
) -> Trace | None:
    """``trace_within`` for a line that keeps to rivers and coast (``rules.along`` of feature kinds, no road):
    the same blocks, the route taken from ``route_graph``."""
    m = hex_map(game)
    h = hex_of(game, start)
    goal = [g for g in (hex_of(game, t) for t in targets) if g is not None]
    if h is None or not goal:
        return None
    blocking = tuple(u for u in units if rules.blocks(u, side, m.in_region, m.terrain_of))
    friendly = frozenset(u.hex for u in units if u.side == side)
    hex_block, step_block, _ = rules.predicates(
        side, frozenset(u.hex for u in blocking), friendly, frozenset(), m.features, m.in_region, m.grid.on_map_neighbours, m.grid.hex_id
    )
    graph = route_graph(game, rules.along, rules.along_regions)
    return shortest_line(h, frozenset(goal), reach, lambda x: graph.get(x, ()), hex_block, step_block)


def opening(steps: Steps, state: HexState) -> HexState:
    """The state at the phase's start: before its first event (after the game start, when the phase holds it);
    ``state`` when the phase has no other event."""
    return next((s for s, e in steps if not isinstance(e, HexGameStart)), state)


def closing_event(ctx: HexContext) -> HexEvent | None:
    """The event that closed the impulse being judged (the next phase's ``PhaseStart``), None when it closes
    at the end of the log (the phase did not end in the log)."""
    if ctx.after is ctx.flow or not ctx.after.current.events:
        return None
    return ctx.after.current.events[0]


def track_boxes(event: MarkerMove) -> tuple[int, int] | None:
    """(from, to) box of a track marker's move, None when either end is not a track box."""
    a, b = track_of(event.from_place), track_of(event.to_place)
    if a is None or b is None:
        return None
    return a[1], b[1]


def track_shifts(steps: Steps, kind: str) -> list[tuple[MarkerMove, int]]:
    """Each move of a marker of ``kind`` along its track in ``steps``, with its shift (to - from; down < 0)."""
    out = []
    for _, e in steps:
        if isinstance(e, MarkerMove) and e.marker == kind:
            boxes = track_boxes(e)
            if boxes is not None:
                out.append((e, boxes[1] - boxes[0]))
    return out
