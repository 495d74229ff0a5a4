"""Tonkin's transport rules (rules 3.3-3.7; docs/tonkin-rules.md TON-TRN): judged in the movement phases
when they close, from the move model of ``movement``: a ``Carry`` makes the unit's next drag a transport
of its mode; a transport use is a run of carries of one mode with no act between but the carried units'
drags (and the track markers' moves).

TON-TRN-08 (units carried in an operation start stacked in its activated hex) needs the operation
sentences of stage 2 and stays unchecked.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.tonkin.rules import switches as sw
from sdbp_module.games.tonkin.rules.facts import (
    enemy_zoc_hexes,
    hex_id,
    hex_map,
    hex_of,
    line_rules,
    stacking_points,
    trace_within,
    track_shifts,
    unit_of,
    working_supply_centres,
)
from sdbp_module.games.tonkin.rules.movement import (
    TRUCK_MP,
    Move,
    blocked_for,
    chart,
    cheapest,
    dna_step,
    is_dna,
    is_sd,
    map_units,
    markers_by_hex,
    move_cost,
    mover_of,
    moves_of_phase,
    own_step,
    text_minima,
)
from sdbp_module.hexgrid.coords import Hex, distance
from sdbp_module.ids import Severity
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.replay.hexes.events import (
    Carry,
    DeclareUnit,
    MarkerMove,
    PhaseStart,
    UnitMove,
    box_place,
    is_hex,
)
from sdbp_module.replay.hexes.flow import Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule, ImpulseJudge, Steps

AIR_MODES = ("air", "para")  # both spend the CEF's air transport (3.5)
SAIGON = box_place("saigon")  # the off-map port (3.7)
VIENTIANE = "A-24"  # rules 1.6: the Mekong port


def carried_load(game: GameData, u: Unit, state: HexState) -> int:
    """The stacking points a unit counts while carried (3.3: SDs and motorised units three times its
    ``facts.stacking_points``)."""
    points = stacking_points(game, state, str(u.id))
    return 3 * points if (is_sd(u) or u.motorised) else points


def declared_units(ctx: HexContext) -> frozenset[str]:
    """The VM units declared so far (3.5: undeclared artillery and AA have no effect on air transport)."""
    return frozenset(e.unit for imp in ctx.after.all_impulses() for e in imp.events if isinstance(e, DeclareUnit))


def flak_zoc(game: GameData, state: HexState, declared: frozenset[str], types: tuple[str, ...]) -> frozenset[Hex]:
    """The hexes of the declared, non-DG VM units of ``types`` and their ZOC (1.3: a DG unit has none)."""
    hmap = hex_map(game)
    out: set[Hex] = set()
    for mu, unit in zip(map_units(game, state), _on_map_ids(game, state)):
        if unit in declared and mu.side == "vm" and mu.kind in types and not mu.flags:
            out.add(mu.hex)
            out |= hmap.enemy_zoc("cef", [mu])
    return frozenset(out)


def _on_map_ids(game: GameData, state: HexState) -> tuple[str, ...]:
    """The unit ids of ``map_units`` in its order."""
    hmap = hex_map(game)
    return tuple(unit for unit, place in state.places.items()
                 if is_hex(place) and unit_of(game, unit) is not None and hmap.grid.parse_id(place) is not None)


# -- TON-TRN-01 ------------------------------------------------------------------------------------------


def _trn01(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    for before, event in steps:
        if isinstance(event, Carry):
            u = unit_of(game, event.unit)
            if u is not None and is_dna(u):
                yield rule.finding(before, event, f"{event.unit} is a DNA, which is never carried (3.3, 3.6).",
                                   units=(event.unit,), impulse=impulse.number)
    modes: dict[str, str | None] = {}
    for m in sorted(pm.moves, key=lambda m: m.first.where.sort_key):
        if m.unit not in modes:
            modes[m.unit] = m.mode
            continue
        if modes[m.unit] != m.mode:
            first = modes[m.unit] or "its own move"
            yield rule.finding(m.state, m.carry or m.first, f"{m.unit} moves by {m.mode or 'itself'} after {first} in the same "
                               "movement phase: one mode, or its own move, per phase (3.3).", units=(m.unit,), impulse=impulse.number)
            modes[m.unit] = m.mode


# -- TON-TRN-02 ------------------------------------------------------------------------------------------


def _trn02(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    before = {id(e): s for s, e in steps}
    seen: dict[str, int] = {}
    for mode, carries in pm.uses:
        if pm.side is not None and any((u := unit_of(ctx.game, c.unit)) is None or u.side != pm.side for c in carries):
            continue  # another side's carry in this phase: TON-SEQ-01's
        kind = "air" if mode in AIR_MODES else mode
        seen[kind] = seen.get(kind, 0) + 1
        if seen[kind] < 2:
            continue
        first = carries[0]
        at = before.get(id(first), state)
        if kind in ("truck", "air"):
            what = "VM truck" if kind == "truck" else "CEF air transport"
            yield rule.finding(at, first, f"a second {what} use in one movement phase (carrying {first.unit}): at most one "
                               f"(3.3, {'3.4' if kind == 'truck' else '3.5'}).", units=(first.unit,), expected=1,
                               actual=seen[kind], impulse=impulse.number)
        elif kind == "ship" and ctx.switch(sw.SHIP_USES) == "one":
            yield rule.finding(at, first, f"a second ship use in one movement phase (carrying {first.unit}): one by the "
                               f"reading {sw.SHIP_USES}=one (3.7).", severity=Severity.SUSPICIOUS, units=(first.unit,),
                               expected=1, actual=seen[kind], impulse=impulse.number)


# -- TON-TRN-03 ------------------------------------------------------------------------------------------


def _working_centres(game: GameData, state: HexState, side: str, china: bool) -> frozenset[Hex]:
    """``facts.working_supply_centres`` (any enemy counter occupies) as hexes; with ``china``, only those in
    China (3.4: the VM's trucks)."""
    hmap = hex_map(game)
    centres = (hex_of(game, p) for p in working_supply_centres(game, state, side, air_and_navy_occupy=True))
    return frozenset(h for h in centres if h is not None and (not china or hmap.in_region("china", h)))


def _line(game: GameData, state: HexState, rules: str, side: str, starts: Iterable[Hex], targets: frozenset[Hex], reach: int,
          zoc: bool) -> bool:
    """Whether a line ``rules`` of at most ``reach`` hexes joins one of ``starts`` to a target (``facts.trace_within``,
    the road followed with the road markers), the units as the move model sees them (``movement.map_units``)."""
    line = line_rules(game, rules, zoc)
    marks = markers_by_hex(game, state)
    units = map_units(game, state)
    goals = [hex_id(game, t) for t in targets]
    for s in starts:
        found = trace_within(game, state, side, hex_id(game, s), goals, reach, line=line, units=units,
                             markers_at=lambda h: marks.get(h, frozenset()))
        if found is not None and found.found:
            return True
    return False


def truck_source(game: GameData, m: Move, u: Unit, zoc: bool) -> str | None:
    """Why the truck may not take the unit (3.4), None when it may."""
    hmap = hex_map(game)
    state = m.state
    around = (m.start, *hmap.grid.on_map_neighbours(m.start))
    if str(u.side) == "vm":
        centres = _working_centres(game, state, "vm", china=True)
        if not _line(game, state, "road", "vm", around, centres, 200, zoc):
            return (f"no line of intact road hexes or road markers joins a working VM supply centre in China to "
                    f"{hex_id(game, m.start)} or a hex next to it")
        return None
    centres = _working_centres(game, state, "cef", china=False)
    if any(distance(m.start, c) <= 1 for c in centres):
        return None
    hq = state.place("CEF-HQ")
    h = hmap.grid.parse_id(hq) if is_hex(hq) else None
    if h is not None and distance(m.start, h) <= 1 and _line(game, state, "range", "cef", (h,), centres, 3, zoc):
        return None
    return (f"{hex_id(game, m.start)} is neither on nor next to a working CEF supply centre, nor on or next to the CEF HQ "
            "within 3 hexes of one")


def _trn03(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    zoc_reading = ctx.switch(sw.ZOC_BLOCKS_LINES) == "yes"
    trucked = [m for m in pm.moves if m.mode == "truck"]
    if pm.side is not None and str(pm.side) == "vm" and trucked:
        by_carry = {id(m.carry): m for m in trucked if m.carry is not None}
        for mode, carries in pm.uses:  # each use's load (a second use is TON-TRN-02's)
            used = [by_carry[id(c)] for c in carries if mode == "truck" and id(c) in by_carry]
            if not used:
                continue
            units = {m.unit: m for m in used}
            loads = {unit: carried_load(game, u, m.state) for unit, m in units.items() if (u := unit_of(game, unit)) is not None}
            sds = [unit for unit in units if (u := unit_of(game, unit)) is not None and is_sd(u)]
            if sum(loads.values()) > 3 and not (len(units) == 1 and sds):
                last = used[-1]
                yield rule.finding(last.state, last.carry or last.first, f"the VM truck carries {', '.join(units)}: "
                                   f"{sum(loads.values())} stacking points (SDs and motorised units three times), at most 3 "
                                   "or one SD (3.3, 3.4).", units=tuple(units), expected=3, actual=sum(loads.values()),
                                   impulse=impulse.number)
    for m in trucked:
        u = unit_of(game, m.unit)
        if u is None:
            continue
        why = truck_source(game, m, u, False)
        sev = Severity.ILLEGAL
        if why is None and zoc_reading:
            why = truck_source(game, m, u, True)
            sev = Severity.SUSPICIOUS
        if why is not None:
            reading = f" by the reading {sw.ZOC_BLOCKS_LINES}=yes" if sev is Severity.SUSPICIOUS else ""
            yield rule.finding(m.state, m.carry or m.first, f"{m.unit} is carried by truck, but {why}{reading} (3.4).",
                               severity=sev, units=(m.unit,), hexes=(hex_id(game, m.start),), impulse=impulse.number)
            continue
        limit = TRUCK_MP * (2 if m.doubled else 1)
        by_chart = move_cost(game, m, u, own_step(game, u, chart(game), transported=True), limit)
        if by_chart is not None:
            continue
        by_minima = move_cost(game, m, u, own_step(game, u, text_minima(game), transported=True), limit)
        yield rule.finding(m.state, m.last, f"{m.unit} is carried by truck from {hex_id(game, m.start)} to {hex_id(game, m.end)}: "
                           f"the cheapest path costs more than the truck's {limit} motorised MP"
                           f"{' by the reconstructed chart' if by_minima is not None else ''} (3.4).",
                           severity=Severity.SUSPICIOUS if by_minima is not None else Severity.ILLEGAL,
                           units=(m.unit,), hexes=(hex_id(game, m.start), hex_id(game, m.end)), expected=limit, impulse=impulse.number)


# -- TON-TRN-04 ------------------------------------------------------------------------------------------


def _cef_at(game: GameData, state: HexState, h: Hex, besides: frozenset[str] = frozenset()) -> bool:
    """Whether a CEF unit not in ``besides`` stands in ``h``."""
    hmap = hex_map(game)
    place = hmap.grid.hex_id(h)
    return any(unit not in besides and (u := unit_of(game, unit)) is not None and str(u.side) == "cef"
               for unit in state.units_at(place))


def _air_charge(steps: Steps) -> int:
    """How many boxes the air transport marker moved down in the phase."""
    return -sum(shift for _, shift in track_shifts(steps, "air-transport"))


def _trn04(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    hmap = hex_map(game)
    declared = declared_units(ctx)
    airfields = hmap.sets["airfield"]
    flown = frozenset(m.unit for m in pm.moves if m.mode in AIR_MODES)  # they occupy no airfield they land at
    into_aa = []
    for m in pm.moves:
        if m.mode not in AIR_MODES:
            continue
        u = unit_of(game, m.unit)
        if u is None:
            continue
        s0, s1 = m.state, m.legs[-1].state
        guns = flak_zoc(game, s0, declared, ("artillery", "anti_aircraft"))
        if m.start not in airfields or (m.start in guns):
            why = "is no airfield" if m.start not in airfields else "is in the ZOC of declared VM artillery or AA"
            yield rule.finding(s0, m.carry or m.first, f"{m.unit} takes off from {hex_id(game, m.start)}, which {why} (3.5).",
                               units=(m.unit,), hexes=(hex_id(game, m.start),), impulse=impulse.number)
            continue
        if m.mode == "air":
            if m.end not in airfields or not _cef_at(game, s1, m.end, flown) or m.end in flak_zoc(game, s1, declared, ("artillery", "anti_aircraft")):
                why = ("is no airfield" if m.end not in airfields else "holds no CEF unit but those flown this phase" if not _cef_at(game, s1, m.end, flown)
                       else "is in the ZOC of declared VM artillery or AA")
                yield rule.finding(s1, m.last, f"{m.unit} lands at {hex_id(game, m.end)}, which {why} (3.5).",
                                   units=(m.unit,), hexes=(hex_id(game, m.end),), impulse=impulse.number)
            continue
        if (is_sd(u) or "paratroops" in u.marks) and hmap.terrain_of(m.end) in ("forest", "mountain"):
            yield rule.finding(s1, m.last, f"{m.unit} is paradropped into {hex_id(game, m.end)}, a {hmap.terrain_of(m.end)} hex: "
                               "no paras or SDs dropped in forest or mountain (3.5).", units=(m.unit,),
                               hexes=(hex_id(game, m.end),), impulse=impulse.number)
        elif m.end in flak_zoc(game, s1, declared, ("anti_aircraft",)):
            into_aa.append(m)
    if into_aa and _air_charge(steps) == 1:
        m = into_aa[0]
        yield rule.finding(m.legs[-1].state, m.last, f"{m.unit} is paradropped onto or into the ZOC of the declared VM AA unit: "
                           "two air transports, and the marker moved one box (3.5).", units=(m.unit,), expected=2, actual=1,
                           impulse=impulse.number)


# -- TON-TRN-05 ------------------------------------------------------------------------------------------


def _trn05(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    """An SD dropped into the declared AA unit's ZOC and then removed: the VM RP marker moves 2 (the roll is
    the module's die, which the events do not carry: only the removal's consequence is judged)."""
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    declared = declared_units(ctx)
    for m in pm.moves:
        u = unit_of(game, m.unit)
        if m.mode != "para" or u is None or not is_sd(u):
            continue
        if m.end not in flak_zoc(game, m.legs[-1].state, declared, ("anti_aircraft",)) or is_hex(state.place(m.unit)):
            continue
        gained = sum(shift for _, shift in track_shifts(steps, "vm-rp"))
        if gained < 2:
            yield rule.finding(state, m.last, f"{m.unit}, paradropped into the declared AA unit's ZOC, is removed, but the VM RP "
                               f"marker moved {gained} this phase: the VM gains 2 RP (3.5).", units=(m.unit,), expected=2,
                               actual=gained, impulse=impulse.number)


# -- TON-TRN-06 ------------------------------------------------------------------------------------------


def _phase_start(steps: Steps) -> HexState:
    """The state when the phase began (before its PhaseStart; the log's first phase may follow the game start in one impulse)."""
    return next((s for s, e in steps if isinstance(e, PhaseStart)), steps[0][0])


def _dnas_at(game: GameData, states: Iterable[HexState], h: Hex) -> frozenset[str]:
    """The DNAs in ``h`` in any of ``states`` (the phase's start, the drag's: a DNA dragged before its
    passengers still carried them from there)."""
    place = hex_id(game, h)
    return frozenset(unit for s in states for unit in s.units_at(place) if (d := unit_of(game, unit)) is not None and is_dna(d))


def _trn06(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    hmap = hex_map(game)
    loads: dict[Hex, list[tuple[Move, int]]] = {}
    for m in pm.moves:
        u = unit_of(game, m.unit)
        if m.mode != "dna" or u is None:
            continue
        dnas = _dnas_at(game, (_phase_start(steps), m.state), m.start)
        if not dnas:
            yield rule.finding(m.state, m.carry or m.first, f"{m.unit} rides a DNA but starts at {hex_id(game, m.start)} with "
                               "no DNA (3.6).", units=(m.unit,), impulse=impulse.number)
            continue
        loads.setdefault(m.start, []).append((m, carried_load(game, u, m.state)))
        limit = TRUCK_MP * (2 if m.doubled else 1)
        step = dna_step(game, mover_of(game, u, m.state))
        total = 0
        for leg in m.legs:
            found = cheapest(hmap, step, leg.frm, leg.to, limit - total, blocked_for(game, u, leg.state))
            if found is None:
                total = -1
                break
            total += found[0]
        if total < 0:
            yield rule.finding(m.legs[-1].state, m.last, f"{m.unit} rides a DNA from {hex_id(game, m.start)} to {hex_id(game, m.end)}: "
                               f"no path along major rivers and coastal hexes within its {limit} MP (3.6).", units=(m.unit,),
                               hexes=(hex_id(game, m.start), hex_id(game, m.end)), impulse=impulse.number)
    for start, rows in loads.items():
        dnas = _dnas_at(game, (_phase_start(steps), rows[0][0].state), start)
        total = sum(load for _, load in rows)
        if total > 3 * len(dnas):
            m = rows[-1][0]
            yield rule.finding(m.state, m.carry or m.first, f"the DNA at {hex_id(game, start)} carry {total} stacking points "
                               f"(SDs and motorised units three times): at most 3 a DNA (3.6).", units=tuple(r[0].unit for r in rows),
                               expected=3 * len(dnas), actual=total, impulse=impulse.number)


# -- TON-TRN-07 ------------------------------------------------------------------------------------------


def _port_controlled(game: GameData, state: HexState, place: str) -> bool:
    """A port the CEF controls (1.8): Saigon always; a port hex it occupies, or one with no VM unit, out of VM
    ZOC, whose name is not red."""
    if place == SAIGON:
        return True
    hmap = hex_map(game)
    h = hmap.grid.parse_id(place) if is_hex(place) else None
    if h is None or h not in hmap.sets["port"]:
        return False
    if _cef_at(game, state, h):
        return True
    vm_here = any((u := unit_of(game, unit)) is not None and str(u.side) == "vm" for unit in state.units_at(place))
    return not vm_here and h not in enemy_zoc_hexes(game, state, "cef") and h not in hmap.sets["red_name"]


def _trn07(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    if impulse.phase != "cef-movement":
        return
    game = ctx.game
    pending: set[str] = set()
    use: list[tuple[HexState, UnitMove, int]] = []
    open_use = False

    def load_check() -> Iterable[Finding]:
        total = sum(load for _, _, load in use)
        if total > 12:
            s, e, _ = use[-1]
            yield rule.finding(s, e, f"one ship use carries {total} stacking points (SDs and motorised units three times): at "
                               "most 12 (3.7).", units=tuple(ev.unit for _, ev, _ in use), expected=12, actual=total,
                               impulse=impulse.number)

    for before, event in steps:
        if isinstance(event, Carry):
            if event.mode == "ship":
                pending.add(event.unit)
                if not open_use:
                    yield from load_check()
                    use = []
                open_use = True
            else:
                open_use = False
            continue
        if isinstance(event, UnitMove) and event.unit in pending:
            pending.discard(event.unit)
            u = unit_of(game, event.unit)
            if u is None:
                continue
            use.append((before, event, carried_load(game, u, before)))
            frm, to = event.from_place, event.to_place
            if not _port_controlled(game, before, frm) or not _port_controlled(game, before, to):
                bad = frm if not _port_controlled(game, before, frm) else to
                yield rule.finding(before, event, f"{event.unit} goes by ship from {frm} to {to}: {bad} is no port the CEF "
                                   "controls (3.7).", units=(event.unit,), impulse=impulse.number)
            elif VIENTIANE in (frm, to) and SAIGON not in (frm, to):
                yield rule.finding(before, event, f"{event.unit} goes by ship between a coastal port and Vientiane: through "
                                   "Saigon first, on by a later ship use (3.7).", units=(event.unit,), impulse=impulse.number)
            continue
        if not isinstance(event, MarkerMove):
            open_use = False
    yield from load_check()


def _rule(rule_id: str, ref: str, summary: str, fn: ImpulseJudge) -> HexRule:
    return HexRule(rule_id, ref, Severity.ILLEGAL, summary, close_fn=fn)


RULES: tuple[HexRule, ...] = (
    _rule("TON-TRN-01", "3.3", "One transport mode, or the unit's own move, per movement phase; no DNA carried.", _trn01),
    _rule("TON-TRN-02", "3.3, 3.4, 3.5, 3.7", "At most one VM truck and one CEF air transport use per movement phase.", _trn02),
    _rule("TON-TRN-03", "3.3, 3.4", "A truck's load, 14 motorised MP, and where it may take a unit.", _trn03),
    _rule("TON-TRN-04", "3.5", "Air transport between CEF airfields out of declared VM artillery and AA ZOC; drops.", _trn04),
    _rule("TON-TRN-05", "3.5, 2.2", "An SD dropped into the declared AA ZOC and removed gives the VM 2 RP.", _trn05),
    _rule("TON-TRN-06", "3.6", "A DNA carries 3 stacking points from its hex along rivers and coast, 14 MP.", _trn06),
    _rule("TON-TRN-07", "3.7", "A ship carries 12 stacking points between CEF-controlled ports, Vientiane through Saigon.", _trn07),
)
