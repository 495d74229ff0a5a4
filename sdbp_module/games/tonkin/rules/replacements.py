"""Replacements (FR 2.2, 2.3, 2.6): TON-REP-01, TON-REP-02, TON-REP-03, TON-REP-04, TON-REP-05.

Each is judged once per replacement phase, when it closes (``impulse_rule``), from the phase's acts and
the states: the package sentence (``PackageTaken``), the SDs placed (an SD moved from a box to a hex),
the RP markers (``vm-rp``, ``cef-rp`` on the Records track), the steps regained (a unit's steps lost at
the phase's start against its end: its flipped face and its "-1" status, 6.13), the rebuilds (a unit
moved from the Eliminated box to the reinforcements box) and the Tieu Doan absorbed (moved to Box 1).

One fault, one id: RP spent outside phase 1 is TON-SEQ-01's; the CEF's RP arithmetic (package, costs,
what the marker shows) is TON-REP-02's, the VM's TON-REP-04's (its income has parts the log does not
hold: the RP of the reinforcement table, reconstructed, so a surplus only they explain is suspicious).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.tonkin.rules import switches as sw
from sdbp_module.games.tonkin.rules.facts import (
    DG,
    RIVER_LINE,
    SUPPLY_CENTRE,
    hex_of,
    line_rules,
    opening,
    per_state,
    printed_stacking,
    side_label,
    steps_lost,
    trace_route,
    trace_within,
    track_shifts,
    unit_of,
    working_supply_centres,
)
from sdbp_module.games.tonkin.rules.sequence import (
    BOX_ELIMINATED,
    BOX_REINFORCEMENTS,
    BOX_TD_1,
    CEF,
    REPLACEMENTS,
    RP_MARKERS,
    VM,
    end_game_turn,
    is_sd,
    side_of_unit,
)
from sdbp_module.hexgrid.coords import distance
from sdbp_module.hexgrid.trace import Trace
from sdbp_module.hexgrid.zoc import MapUnit
from sdbp_module.ids import Severity, Side
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.model.hex_play import play_of
from sdbp_module.replay.hexes.events import (
    HexEvent,
    Hit,
    MarkerMove,
    PackageTaken,
    StatusChange,
    StepRestored,
    UnitEliminated,
    UnitMove,
    box_of,
    is_hex,
)
from sdbp_module.replay.hexes.flow import Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import (
    HexContext,
    HexRule,
    Steps,
    impulse_rule,
)

MAX_SDS = 9  # 2.2 A, 2.6 A
MAX_RP_KEPT = 8  # 2.2 B, 2.6 B
THAI_BINH = "W-18"  # 2.2 A (the rules name the hex)
MOBILISATION_LINE = "mobilisation"  # hexes.yaml lines: CEF units do not block it (1.4)
REBUILD_DELAY_VM = 3  # 2.2 B


# -- facts --------------------------------------------------------------------------------------------


def step_cost(unit: Unit) -> int:
    """2.2 B, 2.6 B: 1 RP a step, 2 for a motorised unit."""
    return 2 if unit.motorised else 1


def morale(unit: Unit) -> int:
    value = unit.front[1] if len(unit.front) > 1 else None
    return int(value) if isinstance(value, int) else 0


def rebuild_cost(game: GameData, unit: Unit) -> int:
    """2.2 B: the VM 4 RP (8 motorised); 2.6 B: the CEF 2 RP (printed stacking 1-2, the full face) or 8 (3-4)."""
    if str(unit.side) == VM:
        return 8 if unit.motorised else 4
    return 8 if printed_stacking(game, str(unit.id)) >= 3 else 2


def rebuild_delay(unit: Unit) -> int:
    """2.2 B: a VM regiment comes back 3 months later; 2.6 B: a CEF unit 1 (morale 3 or less, or the HQ) or 2."""
    if str(unit.side) == VM:
        return REBUILD_DELAY_VM
    return 1 if str(unit.type) == "headquarters" or morale(unit) <= 3 else 2


def regained(game: GameData, first: HexState, last: HexState, side: str) -> dict[str, int]:
    """Steps each unit of ``side`` on the map regained over the phase."""
    out: dict[str, int] = {}
    for unit_id, place in last.places.items():
        if not is_hex(place) or not is_hex(first.place(unit_id)):
            continue
        unit = unit_of(game, unit_id)
        if unit is None or str(unit.side) != side:
            continue
        n = steps_lost(game, first, unit_id) - steps_lost(game, last, unit_id)
        if n > 0:
            out[unit_id] = n
    return out


def _moves(steps: Steps) -> list[UnitMove]:
    return [e for _, e in steps if isinstance(e, UnitMove)]


def rebuilds(game: GameData, steps: Steps, side: str) -> list[tuple[UnitMove, Unit]]:
    out = []
    for move in _moves(steps):
        unit = unit_of(game, move.unit)
        if unit is not None and str(unit.side) == side and box_of(move.from_place) == BOX_ELIMINATED and box_of(move.to_place) == BOX_REINFORCEMENTS:
            out.append((move, unit))
    return out


def absorbed(steps: Steps, game: GameData) -> int:
    """Tieu Doan absorbed this phase (2.3: moved from the map to Box 1)."""
    return sum(1 for m in _moves(steps) if side_of_unit(game, m.unit) == VM and box_of(m.to_place) == BOX_TD_1 and is_hex(m.from_place))


def rp_cost(game: GameData, steps: Steps, first: HexState, last: HexState, side: str) -> int:
    """The RP the side's acts of the phase cost: steps regained (less those the Tieu Doan absorbed paid, 2.3,
    for the VM) and rebuilds."""
    gains = regained(game, first, last, side)
    cost = 0
    plain = 0
    for unit_id, n in gains.items():
        unit = unit_of(game, unit_id)
        assert unit is not None
        cost += n * step_cost(unit)
        plain += 0 if unit.motorised else n
    if side == VM:
        cost -= min(absorbed(steps, game), plain)
    cost += sum(rebuild_cost(game, u) for _, u in rebuilds(game, steps, side))
    return cost


def package_of(game: GameData, steps: Steps, side: str) -> tuple[PackageTaken | None, int | None]:
    """The side's package sentence in the phase and its RP (None: no sentence, or an unknown package)."""
    for _, event in steps:
        if isinstance(event, PackageTaken) and str(event.side) == side:
            found = next((p for p in play_of(game).packages if p.id == event.package), None)
            return event, found.rp if found is not None else None
    return None, None


def last_rp_move(steps: Steps, side: str) -> HexEvent | None:
    return next((e for _, e in reversed(steps) if isinstance(e, MarkerMove) and e.marker == RP_MARKERS[side]), None)


def _judged(impulse: Impulse, steps: Steps, ctx: HexContext) -> bool:
    if impulse.phase != REPLACEMENTS or not steps:
        return False
    end = end_game_turn(ctx)
    return end is None or impulse.turn < end


def map_units(game: GameData, state: HexState) -> tuple[MapUnit, ...]:
    """The units as the replacement, reinforcement and withdrawal lines see them (computed once per state). Not
    ``facts.map_units``: every counter on a hex stands here, the Navy and air support included (an enemy one
    blocks a line), and a unit's flags are its marks, its status ids and, when DG, ``disrupted`` (1.3: a DG
    unit has no ZOC, so it neither cuts a line under zoc-blocks-lines=yes nor shuts an airfield, 2.6 B)."""

    def make() -> tuple[MapUnit, ...]:
        out = []
        for unit_id, place in state.places.items():
            h = hex_of(game, place)
            unit = unit_of(game, unit_id)
            if h is None or unit is None:
                continue
            statuses = state.status_of(unit_id)
            dg = frozenset({"disrupted"}) if DG in statuses else frozenset()
            out.append(MapUnit(side=str(unit.side), hex=h, kind=str(unit.type), flags=frozenset(unit.marks) | statuses | dg))
        return tuple(out)

    return per_state(state, "replacement map units", make)


# -- TON-REP-01 -----------------------------------------------------------------------------------------


def _rep_01(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    if not _judged(impulse, steps, ctx):
        return
    g = ctx.game
    grid = g.hexes.map if g.hexes is not None else None
    packages = {p.id: p for p in play_of(g).packages}
    for side in (VM, CEF):
        taken = [e for _, e in steps if isinstance(e, PackageTaken) and str(e.side) == side]
        for extra in taken[1:]:
            yield rule.finding(state, extra, f"The {side_label(g, side)} takes a second package ({extra.package}) in one month "
                               "(2.2 A, 2.6 A: one of three).")
        for took in taken:
            p = packages.get(took.package)
            if p is not None and str(p.side) != side:
                yield rule.finding(state, took, f"The {side_label(g, side)} takes the package {p.name} [{p.id}], the other "
                                   "side's (2.2 A, 2.6 A).")
        chosen = packages.get(taken[0].package) if taken else None
        allowed = chosen.sd if chosen is not None and str(chosen.side) == side else max(
            (p.sd for p in packages.values() if str(p.side) == side), default=0)
        placed = 0
        for before, event in steps:
            if not (isinstance(event, UnitMove) and is_sd(g, event.unit) and side_of_unit(g, event.unit) == side):
                continue
            if is_hex(event.from_place) or not is_hex(event.to_place):
                continue
            placed += 1
            h = hex_of(g, event.to_place)
            centre = grid is not None and h is not None and h in grid.sets.get(SUPPLY_CENTRE[side], frozenset())
            if placed > allowed:
                what = f"the package {chosen.name} gives {chosen.sd}" if chosen is not None else f"no package gives more than {allowed}"
                yield rule.finding(before, event, f"{event.unit} is the {placed}th SD the {side_label(g, side)} places this month: "
                                   f"{what} (2.2 A, 2.6 A).", units=(event.unit,), hexes=(event.to_place,),
                                   expected=allowed, actual=placed)
            elif not centre:
                yield rule.finding(before, event, f"{event.unit} is placed on {event.to_place}, not a {side_label(g, side)} "
                                   "supply centre (2.2 A, 2.6 A).", units=(event.unit,), hexes=(event.to_place,))
            elif event.to_place not in working_supply_centres(g, before, side, air_and_navy_occupy=True):
                yield rule.finding(before, event, f"{event.unit} is placed on {event.to_place}, a supply centre the enemy "
                                   "occupies (1.6: it does not work; 2.2 A, 2.6 A).", units=(event.unit,), hexes=(event.to_place,))
            on_map = sum(1 for u, p in before.places.items() if is_hex(p) and is_sd(g, u) and side_of_unit(g, u) == side) + 1
            if on_map > MAX_SDS:
                yield rule.finding(before, event, f"{event.unit} makes {on_map} {side_label(g, side)} SDs on the map: at most "
                                   f"{MAX_SDS} (2.2 A, 2.6 A).", units=(event.unit,), hexes=(event.to_place,),
                                   expected=MAX_SDS, actual=on_map)


REP_01 = impulse_rule(
    "TON-REP-01", "2.2, 2.6", Severity.ILLEGAL,
    "One package a month, of the side's own three; the SDs placed match it, on the side's working supply centres, at "
    "most 9 on the map.",
)(_rep_01)


# -- TON-REP-02 -----------------------------------------------------------------------------------------


def _rep_02(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    if not _judged(impulse, steps, ctx):
        return
    g = ctx.game
    first = opening(steps, state)
    for side in (VM, CEF):
        kind = RP_MARKERS[side]
        end = state.track_value(kind)
        at = last_rp_move(steps, side)
        if end is not None and end > MAX_RP_KEPT:
            yield rule.finding(state, at or steps[-1][1], f"The {side_label(g, side)} RP marker ends the replacement phase on {end}: "
                               f"at most {MAX_RP_KEPT} RP are kept from one month to the next, the rest is lost (2.2 B, 2.6 B).",
                               side=Side(side), expected=MAX_RP_KEPT, actual=end)
            continue
        if side != CEF:
            continue  # the VM's arithmetic is TON-REP-04's
        start = first.track_value(kind)
        if start is None or end is None:
            continue
        event, income = package_of(g, steps, side)
        cost = rp_cost(g, steps, first, state, side)
        top = income if income is not None else max((p.rp for p in play_of(g).packages if str(p.side) == side), default=0)
        where = at or event or steps[-1][1]
        if cost > start + top:
            yield rule.finding(state, where, f"The CEF's replacements cost {cost} RP this month, more than the {start + top} "
                               f"it has ({start} kept + {top} from the package) (2.6 B).", side=Side(side),
                               expected=start + top, actual=cost)
        elif income is not None and end > min(MAX_RP_KEPT, start + income - cost):
            expected = min(MAX_RP_KEPT, start + income - cost)
            yield rule.finding(state, where, f"The CEF RP marker ends on {end}, but {start} kept + {income} from the "
                               f"package - {cost} spent leaves {expected} (2.6 B: a step costs 1 RP, 2 motorised; a rebuild "
                               "2 or 8).", side=Side(side), expected=expected, actual=end)


def _rebuilt_early(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    if not (isinstance(event, UnitMove) and box_of(event.from_place) == BOX_REINFORCEMENTS and is_hex(event.to_place)):
        return ()
    unit = unit_of(ctx.game, event.unit)
    if unit is None:
        return ()
    rebuilt = [
        i.turn for i in ctx.flow.all_impulses() for e in i.events
        if isinstance(e, UnitMove) and e.unit == event.unit and box_of(e.from_place) == BOX_ELIMINATED
        and box_of(e.to_place) == BOX_REINFORCEMENTS
    ]
    if not rebuilt:
        return ()
    due = rebuilt[-1] + rebuild_delay(unit)
    if before.turn >= due:
        return ()
    return (rule.finding(before, event, f"{event.unit}, rebuilt in turn {rebuilt[-1]}, enters in turn {before.turn}: it "
                         f"comes back {rebuild_delay(unit)} month(s) later, in turn {due} (2.2 B, 2.6 B).",
                         units=(event.unit,), hexes=(event.to_place,), expected=due, actual=before.turn),)


REP_02 = HexRule(
    "TON-REP-02", "2.2, 2.6", Severity.ILLEGAL,
    "At most 8 RP kept; the CEF's RP pay its steps (1, 2 motorised) and rebuilds (2 or 8); a rebuilt unit comes back "
    "3 months later (VM) or 1 or 2 by morale (CEF).",
    check_fn=_rebuilt_early, close_fn=_rep_02, event_types=(UnitMove,),
)


# -- TON-REP-04 -----------------------------------------------------------------------------------------


def thai_binh_hexes(g: GameData, state: HexState) -> int:
    """Hexes within 3 of Thai Binh holding VM units, by a line that CEF units do not block (1.4, 2.2 A)."""
    if g.hexes is None:
        return 0
    hex_map = g.hexes.map
    centre = hex_map.grid.parse_id(THAI_BINH)
    if centre is None:
        return 0
    units = map_units(g, state)
    held = {u.hex for u in units if u.side == VM and distance(u.hex, centre) <= 3}
    if MOBILISATION_LINE not in hex_map.lines:
        return len(held)
    return sum(1 for h in held if _found(trace_within(g, state, VM, THAI_BINH, (hex_map.grid.hex_id(h),), 3,
                                                      line=MOBILISATION_LINE, units=units)))


def _vm_step_lost(g: GameData, steps: Steps) -> bool:
    """A VM unit lost a step in the phase (a flip, a "-1", an elimination): 2.2 A's other way to pay Thai Binh's -1."""
    for _, e in steps:
        if isinstance(e, (Hit, UnitEliminated)) and side_of_unit(g, e.unit) == VM:
            return True
        if isinstance(e, StatusChange) and e.on and e.status == "step-loss" and side_of_unit(g, e.unit) == VM:
            return True
    return False


def _rep_04(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    if not _judged(impulse, steps, ctx):
        return
    g = ctx.game
    first = opening(steps, state)
    kind = RP_MARKERS[VM]
    start, end = first.track_value(kind), state.track_value(kind)
    event, income = package_of(g, steps, VM)
    if start is None or end is None or income is None:
        return
    held = max(thai_binh_hexes(g, first), thai_binh_hexes(g, state))
    bonus = 1 if held >= 4 else 0
    penalty = held <= 1
    cost = rp_cost(g, steps, first, state, VM)
    paid_by_step = penalty and _vm_step_lost(g, steps)
    expected = start + income + bonus - (1 if penalty and not paid_by_step else 0) - cost
    expected = min(expected, MAX_RP_KEPT)
    if end <= expected:
        return
    where = last_rp_move(steps, VM) or event or steps[-1][1]
    causes = (f"{start} kept + {income} from the package" + (" + 1 for Thai Binh" if bonus else "")
              + (" - 1 for Thai Binh" if penalty and not paid_by_step else "") + f" - {cost} spent = {expected}")
    if penalty and not paid_by_step and end == min(expected + 1, MAX_RP_KEPT):
        yield rule.finding(state, where, f"At most one hex within 3 of Thai Binh ({THAI_BINH}) holds VM units ({held}): the VM "
                           f"loses 1 RP or a step of any unit, and paid neither; the VM RP marker ends on {end} ({causes}) "
                           "(2.2 A).", side=Side(VM), expected=expected, actual=end, hexes=(THAI_BINH,))
        return
    yield rule.finding(state, where, f"The VM RP marker ends the replacement phase on {end}, {end - expected} more than "
                       f"{causes} (2.2 A, B): only RP arriving as reinforcements (the reinforcement table, reconstructed) "
                       "could explain it.", severity=Severity.SUSPICIOUS, side=Side(VM), expected=expected, actual=end)


REP_04 = impulse_rule(
    "TON-REP-04", "2.2", Severity.ILLEGAL,
    "The VM's RP: the package, +1 when 4 hexes within 3 of Thai Binh hold VM units, -1 (or a step) when at most one "
    "does, less the steps and rebuilds paid.",
)(_rep_04)


RULES: tuple[HexRule, ...] = (REP_01, REP_02, REP_04)


def reaches(g: GameData, state: HexState, side: str, start: str, targets: Iterable[str], n: int, *, zoc_blocks: bool = False) -> bool:
    """Whether a line of ``side`` of at most ``n`` hexes (1.4: ``facts.trace_within`` on the ``range`` lines of
    hexes.yaml; an enemy ZOC blocks it with ``zoc_blocks``, the switch zoc-blocks-lines=yes) joins ``start`` to
    one of ``targets``, the units as this module's ``map_units`` sees them."""
    return _found(trace_within(g, state, side, start, targets, n, zoc_blocks=zoc_blocks, units=map_units(g, state)))


def _found(line: Trace | None) -> bool:
    return line is not None and line.found


# -- TON-REP-03 and TON-REP-05: who may receive RP, and by air ------------------------------------------

MAX_STEPS_A_MONTH = 2  # 2.2 B (RP and Tieu Doan together, 2.3)
RP_RANGE = 3
RIVER_REACH = 5  # 7.4: the CEF HQ supplied by a river line (2.6 B)
AIR_ONLY = "air"
GROUND = "ground"


def working_centres(g: GameData, state: HexState, side: str) -> list[str]:
    """The side's supply centres no enemy counter occupies (1.6; ``facts.working_supply_centres``), sorted."""
    return sorted(working_supply_centres(g, state, side, air_and_navy_occupy=True))


def headquarters(g: GameData, state: HexState, side: str) -> list[str]:
    out = []
    for unit_id, place in state.places.items():
        unit = unit_of(g, unit_id)
        if unit is not None and str(unit.side) == side and str(unit.type) == "headquarters" and is_hex(place):
            out.append(place)
    return out


def cef_hq_mode(g: GameData, state: HexState, hq: str, para: bool) -> str | None:
    """2.6 B: how the CEF HQ serves a recipient — ``ground`` (within 3 of a working CEF supply centre, or river
    supply, 7.4), ``air`` (an airfield outside the ZOC of VM artillery and AA; no forest or mountain, for a
    para recipient), None (it does not)."""
    if g.hexes is None:
        return None
    hex_map = g.hexes.map
    centres = working_centres(g, state, CEF)
    if reaches(g, state, CEF, hq, centres, RP_RANGE):
        return GROUND
    h = hex_map.grid.parse_id(hq)
    if h is None:
        return None
    units = map_units(g, state)
    if RIVER_LINE in hex_map.lines and _found(trace_route(g, CEF, hq, centres, RIVER_REACH, line_rules(g, RIVER_LINE, False), units)):
        return GROUND
    guns = [u for u in units if u.side == VM and u.kind in ("artillery", "anti_aircraft")]
    if h in hex_map.sets.get("airfield", frozenset()) and h not in hex_map.enemy_zoc(CEF, guns):
        return AIR_ONLY
    if para and hex_map.terrain_of(h) not in ("forest", "mountain"):
        return AIR_ONLY
    return None


def rp_source(g: GameData, state: HexState, side: str, place: str, unit: Unit, *, zoc_blocks: bool) -> str | None:
    """How a recipient at ``place`` is reached (2.2 B, 2.6 B): ``ground``, ``air`` (the CEF HQ by its airfield
    or para condition only), or None (out of range)."""
    if reaches(g, state, side, place, working_centres(g, state, side), RP_RANGE, zoc_blocks=zoc_blocks):
        return GROUND
    best: str | None = None
    for hq in headquarters(g, state, side):
        if not reaches(g, state, side, place, (hq,), RP_RANGE, zoc_blocks=zoc_blocks):
            continue
        if side == VM:
            return GROUND
        mode = cef_hq_mode(g, state, hq, "paratroops" in unit.marks)
        if mode == GROUND:
            return GROUND
        best = best or mode
    return best


def _absorbed_near(g: GameData, steps: Steps, place: str) -> bool:
    """A Tieu Doan absorbed this phase from within 2 hexes of ``place`` (2.3: its own range, TON-TD-01's)."""
    h = hex_of(g, place)
    for m in _moves(steps):
        if side_of_unit(g, m.unit) == VM and box_of(m.to_place) == BOX_TD_1:
            t = hex_of(g, m.from_place)
            if h is not None and t is not None and distance(h, t) <= 2:
                return True
    return False


def _first_gain(steps: Steps, unit_id: str) -> HexEvent | None:
    for _, e in steps:
        if getattr(e, "unit", None) == unit_id and (
            isinstance(e, StepRestored) or (isinstance(e, StatusChange) and not e.on and e.status == "step-loss")
        ):
            return e
    return None


def _rep_03(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    if not _judged(impulse, steps, ctx):
        return
    g = ctx.game
    first = opening(steps, state)
    zoc_yes = ctx.switch(sw.ZOC_BLOCKS_LINES) == "yes"
    for side in (VM, CEF):
        for unit_id, n in sorted(regained(g, first, state, side).items()):
            unit = unit_of(g, unit_id)
            assert unit is not None
            where = _first_gain(steps, unit_id) or steps[-1][1]
            place = first.place(unit_id)
            if n > MAX_STEPS_A_MONTH:
                yield rule.finding(state, where, f"{unit_id} regains {n} steps this month: at most {MAX_STEPS_A_MONTH}, RP and "
                                   "Tieu Doan together (2.2 B).", units=(unit_id,), hexes=(place,),
                                   expected=MAX_STEPS_A_MONTH, actual=n)
            if side == VM and ({"tieu_doan", "pathet_lao"} & unit.marks):
                yield rule.finding(state, where, f"{unit_id} is not a regiment: VM RP go only to regiments (2.2 B).",
                                   units=(unit_id,), hexes=(place,))
                continue
            if first.has_status(unit_id, "oos"):
                yield rule.finding(state, where, f"{unit_id} has an OoS marker: it cannot receive RP (2.2 B, 2.6 B).",
                                   units=(unit_id,), hexes=(place,))
                continue
            if side == VM and _absorbed_near(g, steps, place):
                continue  # a Tieu Doan may have paid it (2.3)
            source = rp_source(g, first, side, place, unit, zoc_blocks=False)
            if source is None:
                yield rule.finding(state, where, f"{unit_id} on {place} receives RP with no HQ or working supply centre of its "
                                   "side within 3 hexes (2.2 B, 2.6 B; for the CEF HQ: an airfield outside the ZOC of VM "
                                   "artillery and AA, no forest or mountain for a para, river supply, or within 3 of a CEF "
                                   "supply centre).", units=(unit_id,), hexes=(place,))
            elif zoc_yes and rp_source(g, first, side, place, unit, zoc_blocks=True) is None:
                yield rule.finding(state, where, f"{unit_id} on {place} receives RP: with zoc-blocks-lines=yes an enemy ZOC cuts "
                                   "every line to an HQ or supply centre within 3 hexes (2.2 B, 2.6 B, 1.4).",
                                   severity=Severity.SUSPICIOUS, units=(unit_id,), hexes=(place,))


REP_03 = impulse_rule(
    "TON-REP-03", "2.2, 2.6, 2.3", Severity.ILLEGAL,
    "RP go to units with no OoS marker within 3 hexes of their HQ or a working supply centre (VM: regiments), at most "
    "2 steps a regiment a month.",
)(_rep_03)


def air_loads(plain: int, motorised: int) -> int:
    """2.6 B: the fewest air transports carrying ``plain`` RP and ``motorised`` motorised RP, a load being 6 RP, or
    3 RP + 1 motorised, or 2 motorised."""
    best = None
    for mixed in range(motorised + 1):
        rest = motorised - mixed
        loads = mixed + (rest + 1) // 2 + (max(0, plain - 3 * mixed) + 5) // 6
        best = loads if best is None else min(best, loads)
    return best or 0


def _rep_05(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    if not _judged(impulse, steps, ctx):
        return
    g = ctx.game
    first = opening(steps, state)
    plain = motorised = 0
    by_air: list[str] = []
    for unit_id, n in sorted(regained(g, first, state, CEF).items()):
        unit = unit_of(g, unit_id)
        assert unit is not None
        if first.has_status(unit_id, "oos"):
            continue  # REP-03's
        if rp_source(g, first, CEF, first.place(unit_id), unit, zoc_blocks=False) != AIR_ONLY:
            continue
        by_air.append(unit_id)
        if unit.motorised:
            motorised += n
        else:
            plain += n
    if not by_air:
        return
    need = air_loads(plain, motorised)
    used = sum(-shift for _, shift in track_shifts(steps, "air-transport") if shift < 0)
    if used >= need:
        return
    where = next((e for _, e in reversed(steps) if isinstance(e, MarkerMove) and e.marker == "air-transport"), None)
    yield rule.finding(state, where or steps[-1][1], f"{', '.join(by_air)} receive RP that only the CEF HQ reaches by air "
                       f"(its airfield or the para condition): {need} air transport(s) are due ({plain} RP, {motorised} "
                       f"motorised), the marker moved down {used} (2.6 B, 3.5).", side=Side(CEF), units=tuple(by_air),
                       expected=need, actual=used)


REP_05 = impulse_rule(
    "TON-REP-05", "2.6, 3.5", Severity.ILLEGAL,
    "Replacements only the CEF HQ reaches by air cost an air transport a load (6 RP, 3 RP + 1 motorised, or 2 motorised).",
)(_rep_05)


RULES = (*RULES, REP_03, REP_05)
