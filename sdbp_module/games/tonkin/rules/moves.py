"""Tonkin's movement rules (docs/tonkin-rules.md TON-MOV, TON-ZOC-01, TON-OOS-01): each judges the moves of
a movement phase (``vm-movement``, ``cef-movement``) when the phase closes, from the move model of
``movement`` (a unit's drags in the phase added up, the cheapest legal path between their ends).

A move in another phase is TON-SEQ-01's; the moves of the other side's units in a movement phase too.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.tonkin.rules import switches as sw
from sdbp_module.games.tonkin.rules.facts import (
    DG,
    OOS,
    enemy_zoc_hexes,
    hex_id,
    hex_map,
    unit_of,
)
from sdbp_module.games.tonkin.rules.movement import (
    AMPHIBIOUS_UNITS,
    TRUCK_MP,
    Leg,
    Move,
    PhaseMoves,
    Pricing,
    StepFn,
    allowance,
    blocked_for,
    chart,
    cheapest,
    clear_only_chart,
    dna_step,
    enemy_hexes,
    is_dna,
    is_sd,
    markers_by_hex,
    move_cost,
    mover_of,
    moves_of_phase,
    on_dna_network,
    own_step,
    price,
    reachable,
    table_step,
    text_minima,
)
from sdbp_module.hexgrid.coords import Hex
from sdbp_module.ids import Severity
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import MarkerMove, UnitMove, is_hex
from sdbp_module.replay.hexes.flow import Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule, ImpulseJudge, Steps

NOT_MOVING = ("air_support", "navy")
"""Unit types that never move on the map in a movement phase (their counters go to a target)."""


@record
class OwnMove:
    """A unit's own move (no transport), priced: the facts TON-MOV-01, TON-ZOC-01 and TON-OOS-01 share."""

    move: Move
    unit: Unit
    ma: int | None
    pricing: Pricing | None  # None: not priced (one hex, no MA, an enemy end hex, an SD or OoS motorised unit)
    network: bool = True  # a DNA: some path along its river and coast network joins the ends; the 1er REC: a clear one fits

    @property
    def over(self) -> Severity | None:
        """Over twice the MA: illegal by the text's minima, suspicious by the chart only."""
        p = self.pricing
        if p is None or p.chart is not None:
            return None
        return Severity.ILLEGAL if p.minima is None else Severity.SUSPICIOUS

    @property
    def inferred_double(self) -> Severity | None:
        """Over the MA (and not over twice it): a double move, by the text's minima (illegal) or only by the chart."""
        p = self.pricing
        if p is None or self.ma is None or p.chart is None:
            return None
        if p.minima is not None and p.minima > self.ma:
            return Severity.ILLEGAL
        return Severity.SUSPICIOUS if p.chart > self.ma else None

    def cost_text(self) -> str:
        p = self.pricing
        if p is None:
            return ""
        chart_text = f"more than {p.bound}" if p.chart is None else str(p.chart)
        minima_text = f"more than {p.bound}" if p.minima is None else str(p.minima)
        return f"its cheapest path costs {chart_text} MP by the reconstructed terrain chart ({minima_text} by the text's minima)"


_OWN: list[tuple[PhaseMoves, dict[int, OwnMove]]] = []


def own_moves(game: GameData, pm: PhaseMoves) -> dict[int, OwnMove]:
    """The phase's own moves, priced (cached for the phase), by index in ``pm.moves``."""
    if _OWN and _OWN[0][0] is pm:
        return _OWN[0][1]
    out = {}
    for i, m in enumerate(pm.moves):
        if m.mode is not None:
            continue
        u = unit_of(game, m.unit)
        if u is None or str(u.type) in NOT_MOVING:
            continue
        out[i] = _own(game, m, u)
    _OWN[:] = [(pm, out)]
    return out


def _own(game: GameData, m: Move, u: Unit) -> OwnMove:
    state = m.state
    ma = allowance(u, state)
    if ma is None or m.one_hex or (is_sd(u) and str(u.side) == "cef") or (u.motorised and state.has_status(m.unit, OOS)):
        return OwnMove(m, u, ma, None)
    if any(leg.to in enemy_hexes(game, leg.state, str(u.side)) for leg in m.legs):
        return OwnMove(m, u, ma, None)
    pricing = price(game, m, u, ma)
    network = True
    hmap = hex_map(game)
    if is_dna(u) and pricing.chart is None:
        network = all(reachable(hmap, dna_step(game, mover_of(game, u, leg.state)), leg.frm, leg.to,
                                blocked_for(game, u, leg.state)) for leg in m.legs)
    if m.unit in AMPHIBIOUS_UNITS and pricing.chart is not None:
        network = move_cost(game, m, u, own_step(game, u, clear_only_chart(game)), 2 * ma) is not None and \
            hmap.terrain_of(m.end) == "clear"
    return OwnMove(m, u, ma, pricing, network)


def _ends(game: GameData, m: Move) -> str:
    return f"{m.unit} from {hex_id(game, m.start)} to {hex_id(game, m.end)}" + (f" ({len(m.legs)} drags)" if len(m.legs) > 1 else "")


# -- TON-MOV-01 ------------------------------------------------------------------------------------------


def _mov01(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    for om in own_moves(game, pm).values():
        sev = om.over
        if sev is None or not om.network or _destroyed_road_only(game, om):
            continue
        m = om.move
        flags = mover_of(game, om.unit, m.state).flags
        extra = ", ".join(w for w, f in (("rainy season +1 per hex (1.7)", "rainy"), ("DG +1 per hex (6.14)", "disrupted")) if f in flags)
        yield rule.finding(m.state, m.last, f"{_ends(game, m)}: {om.cost_text()}, over twice its MA of {om.ma} "
                           f"(3.1, 3.2{'; ' + extra if extra else ''}).", severity=sev, units=(m.unit,),
                           hexes=(hex_id(game, m.start), hex_id(game, m.end)), expected=2 * (om.ma or 0), impulse=impulse.number)


def _destroyed_road_only(game: GameData, om: OwnMove) -> bool:
    """Whether the move is over twice its MA by the text's minima and fits it when destroyed roads are
    ignored (then it is TON-MOV-06's, not TON-MOV-01's)."""
    m = om.move
    if om.ma is None or om.over is not Severity.ILLEGAL or not any(k == "destroyed-road" for _, k, _ in m.state.markers):
        return False
    hmap = hex_map(game)

    def intact(leg: Leg) -> StepFn:
        marks = {h: v - {"destroyed_road"} for h, v in markers_by_hex(game, leg.state).items()}
        return table_step(hmap, text_minima(game), mover_of(game, om.unit, leg.state), marks)

    return move_cost(game, m, om.unit, intact, 2 * om.ma) is not None


# -- TON-MOV-02 ------------------------------------------------------------------------------------------


def _mov02(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    hmap = hex_map(game)
    for m in pm.moves:
        u = unit_of(game, m.unit)
        if u is None or m.mode == "para" or str(u.type) in NOT_MOVING:
            continue
        for leg in m.legs:
            enemy = enemy_hexes(game, leg.state, str(u.side))
            if leg.to in enemy:
                yield rule.finding(leg.state, leg.event, f"{m.unit} moves into {hex_id(game, leg.to)}, which holds enemy units "
                                   "other than an HQ or SD (3.1).", units=(m.unit,), hexes=(hex_id(game, leg.to),),
                                   impulse=impulse.number)
                break
            if m.mode in (None, "truck", "dna") and not (m.mode is None and m.one_hex):
                table = chart(game)
                step = dna_step(game, mover_of(game, u, leg.state)) if (is_dna(u) or m.mode == "dna") else \
                    table_step(hmap, table, mover_of(game, u, leg.state, transported=m.mode == "truck"), markers_by_hex(game, leg.state))
                ma = allowance(u, leg.state) or 0
                near = cheapest(hmap, step, leg.frm, leg.to, 2 * max(ma, TRUCK_MP), enemy)
                if near is None and not reachable(hmap, step, leg.frm, leg.to, enemy) and reachable(hmap, step, leg.frm, leg.to, frozenset()):
                    yield rule.finding(leg.state, leg.event, f"{m.unit} moves from {hex_id(game, leg.frm)} to {hex_id(game, leg.to)}: "
                                       "every path between them passes through a hex holding enemy units (3.1).",
                                       units=(m.unit,), hexes=(hex_id(game, leg.frm), hex_id(game, leg.to)), impulse=impulse.number)
                    break


# -- TON-MOV-03 ------------------------------------------------------------------------------------------


def _mov03(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    for m in pm.moves:
        u = unit_of(ctx.game, m.unit)
        if m.mode is None and u is not None and is_sd(u) and str(u.side) == "cef":
            yield rule.finding(m.state, m.first, f"{_ends(ctx.game, m)}: a CEF SD moves only by transport, and no carry "
                               "line says how (3.1, 3.3).", units=(m.unit,), impulse=impulse.number)


# -- TON-ZOC-01 ------------------------------------------------------------------------------------------


def double_faults(game: GameData, m: Move, u: Unit, ma: int) -> tuple[list[str], Severity]:
    """Why the unit may not double its move (3.2, 1.3): DG, starting in or entering an enemy ZOC (every path
    within twice its MA does); the severity of the path reason (suspicious when only the chart finds no
    path clear of enemy ZOC)."""
    reasons = []
    sev = Severity.ILLEGAL
    side = str(u.side)
    if m.state.has_status(m.unit, DG):
        reasons.append("it is DG")
    zoc0 = enemy_zoc_hexes(game, m.state, side)
    if m.start in zoc0:
        reasons.append(f"it starts in an enemy ZOC at {hex_id(game, m.start)}")
    elif m.end in enemy_zoc_hexes(game, m.legs[-1].state, side):
        reasons.append(f"it ends in an enemy ZOC at {hex_id(game, m.end)}")
    else:
        def avoid(leg: Leg) -> frozenset[Hex]:
            return enemy_zoc_hexes(game, leg.state, side)

        by_minima = move_cost(game, m, u, own_step(game, u, text_minima(game), transported=m.mode == "truck"), 2 * ma, avoid)
        by_chart = move_cost(game, m, u, own_step(game, u, chart(game), transported=m.mode == "truck"), 2 * ma, avoid)
        if by_chart is None:
            reasons.append(f"every path within twice its MA ({2 * ma}) enters an enemy ZOC")
            if by_minima is not None:
                sev = Severity.SUSPICIOUS
    return reasons, sev


def _zoc01(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    for om in own_moves(game, pm).values():
        m = om.move
        if m.state.has_status(m.unit, OOS) or om.ma is None:
            continue  # TON-OOS-01's
        if m.doubled:
            how, sev = "declared", Severity.ILLEGAL
        else:
            inferred = om.inferred_double if om.over is None else None
            if inferred is None:
                continue
            how, sev = f"over its MA of {om.ma}: {om.cost_text()}", inferred
        reasons, path_sev = double_faults(game, m, om.unit, om.ma)
        if not reasons:
            continue
        if path_sev is Severity.SUSPICIOUS and len(reasons) == 1:
            sev = Severity.SUSPICIOUS
        where = m.double if m.double is not None and m.doubled else m.last
        yield rule.finding(m.state, where, f"{_ends(game, m)} is a double move ({how}), but {'; '.join(reasons)} (3.2, 1.3).",
                           severity=sev, units=(m.unit,), hexes=(hex_id(game, m.start), hex_id(game, m.end)), impulse=impulse.number)


# -- TON-OOS-01 ------------------------------------------------------------------------------------------


def _oos01(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    owns = own_moves(game, pm)
    for i, m in enumerate(pm.moves):
        if not m.state.has_status(m.unit, OOS):
            continue
        u = unit_of(game, m.unit)
        if u is None:
            continue
        if m.mode is None and u.motorised:
            yield rule.finding(m.state, m.first, f"{_ends(game, m)}: an OoS motorised unit moves only by transport, not by "
                               "itself, not even one hex (7.5, 3.1).", units=(m.unit,), impulse=impulse.number)
            continue
        if m.doubled:
            yield rule.finding(m.state, m.double or m.first, f"{m.unit} is OoS and doubles its move (7.5, 3.2).",
                               units=(m.unit,), impulse=impulse.number)
            continue
        om = owns.get(i)
        if om is not None and om.over is None and om.inferred_double is not None:
            yield rule.finding(m.state, m.last, f"{_ends(game, m)} is OoS and its move is a double one: {om.cost_text()}, "
                               f"over its MA of {om.ma} (7.5, 3.2).", severity=Severity.SUSPICIOUS, units=(m.unit,),
                               impulse=impulse.number)


# -- TON-MOV-05 ------------------------------------------------------------------------------------------

SUPPORT_TYPES = ("headquarters", "artillery", "anti_aircraft", "engineer")


def where_allowed(game: GameData, u: Unit, vm_support: str) -> tuple[tuple[str, ...], str, bool] | None:
    """The regions a unit may end a move in (3.8), what they are called, and whether only a switch says
    so; None: anywhere."""
    marks = u.marks
    if marks & {"tieu_doan", "vietnamese_army"}:
        return ("vietnam", "laos_by_vietnam"), "Vietnam or a Laos hex next to Vietnam", False
    if marks & {"pathet_lao", "laotian_army"}:
        return ("laos", "vietnam_by_laos"), "Laos or a Vietnam hex next to Laos", False
    if marks & {"gcma", "thai"}:
        return ("highlands",), "the highlands", False
    if str(u.side) == "cef":
        return ("vietnam", "laos"), "Vietnam or Laos", False
    if str(u.type) in SUPPORT_TYPES and vm_support == "vietnam-laos":
        return ("vietnam", "laos"), "Vietnam or Laos", True
    return None


def _mov05(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    hmap = hex_map(game)
    last: dict[str, Move] = {}
    for m in pm.moves:
        last[m.unit] = m
    for unit, m in sorted(last.items(), key=lambda kv: kv[1].last.where.sort_key):
        u = unit_of(game, unit)
        if u is None or str(u.type) in NOT_MOVING or state.place(unit) != m.last.to_place:
            continue  # moved on, eliminated or taken off the map after its move
        allowed = where_allowed(game, u, ctx.switch(sw.VM_SUPPORT_UNITS))
        if allowed is None or any(hmap.in_region(r, m.end) for r in allowed[0]):
            continue
        yield rule.finding(m.legs[-1].state, m.last, f"{unit} ends its move in {hex_id(game, m.end)}, outside {allowed[1]} "
                           "where 3.8 lets it end a move, and stays there (3.8: it is eliminated)"
                           + (f" (by the reading {sw.VM_SUPPORT_UNITS}=vietnam-laos)" if allowed[2] else "") + ".",
                           severity=Severity.SUSPICIOUS if allowed[2] else Severity.ILLEGAL, units=(unit,),
                           hexes=(hex_id(game, m.end),), impulse=impulse.number)


# -- TON-MOV-04 ------------------------------------------------------------------------------------------


def _mov04(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    hmap = hex_map(game)
    owns = own_moves(game, pm)
    for i, m in enumerate(pm.moves):
        om = owns.get(i)
        if om is None:
            continue
        u = om.unit
        end_state = m.legs[-1].state
        if m.unit in AMPHIBIOUS_UNITS:
            if hmap.terrain_of(m.end) != "clear" or not om.network:
                where = (f"ends in {hex_id(game, m.end)}, a {hmap.terrain_of(m.end)} hex" if hmap.terrain_of(m.end) != "clear"
                         else f"fits twice its MA of {om.ma} only through hexes that are not clear")
                yield rule.finding(m.state, m.last, f"{_ends(game, m)}: the 1er REC moves only in clear terrain, and it {where} (4.0).",
                                   units=(m.unit,), hexes=(hex_id(game, m.end),), impulse=impulse.number)
        elif is_dna(u):
            off = not om.network or (m.one_hex and not on_dna_network(hmap, m.start, m.end))
            vm_coast = hmap.in_region("coast", m.end) and any(
                (v := unit_of(game, x)) is not None and str(v.side) == "vm" for x in end_state.units_at(hex_id(game, m.end)))
            if off or vm_coast:
                why = ("no path along major rivers and coastal hexes joins its ends" if off
                       else f"it stops in {hex_id(game, m.end)}, a coastal hex holding VM units")
                yield rule.finding(m.state, m.last, f"{_ends(game, m)}: a DNA moves only along major rivers and coastal hexes, "
                                   f"and {why} (3.6).", units=(m.unit,), hexes=(hex_id(game, m.end),), impulse=impulse.number)


# -- TON-MOV-06 ------------------------------------------------------------------------------------------


def _mov06(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    pm = moves_of_phase(ctx, impulse, steps)
    if pm is None:
        return
    game = ctx.game
    for om in own_moves(game, pm).values():
        if _destroyed_road_only(game, om):
            m = om.move
            yield rule.finding(m.state, m.last, f"{_ends(game, m)} fits twice its MA of {om.ma} only along a road through a "
                               "destroyed-road marker, which no one uses (6.7, 4.0).", units=(m.unit,),
                               hexes=(hex_id(game, m.start), hex_id(game, m.end)), impulse=impulse.number)
    placed: tuple[HexState, MarkerMove] | None = None
    moved = {m.unit for m in pm.moves}
    for before, event in steps:
        if isinstance(event, MarkerMove) and event.marker == "vm-road" and is_hex(event.to_place) and placed is None:
            engineers = [x for x in before.units_at(event.to_place) if (v := unit_of(game, x)) is not None and str(v.type) == "engineer"]
            if engineers and engineers[0] in moved:
                yield rule.finding(before, event, f"{engineers[0]} places a road marker in {event.to_place} but moved this phase: "
                                   "an engineer places it instead of moving (4.0).", units=(engineers[0],),
                                   hexes=(event.to_place,), impulse=impulse.number)
            if engineers:
                placed = (before, event)
            continue
        if placed is not None and isinstance(event, UnitMove) and is_hex(event.from_place) and is_hex(event.to_place):
            yield rule.finding(before, event, f"{event.unit} moves after the road marker was placed in {placed[1].to_place}: "
                               "the marker is placed after all movement (4.0).", units=(event.unit,), impulse=impulse.number)
            break


def _rule(rule_id: str, ref: str, severity: Severity, summary: str, fn: ImpulseJudge) -> HexRule:
    return HexRule(rule_id, ref, severity, summary, close_fn=fn)


RULES: tuple[HexRule, ...] = (
    _rule("TON-MOV-01", "3.1, 1.7, 4.0, 6.14", Severity.ILLEGAL, "A move costs no more than the unit's MA (twice it doubled).", _mov01),
    _rule("TON-MOV-02", "3.1, 6.4", Severity.ILLEGAL, "No move into or through an enemy-occupied hex (but an HQ/SD-only one).", _mov02),
    _rule("TON-MOV-03", "3.1, 3.3", Severity.ILLEGAL, "A CEF SD moves only by transport.", _mov03),
    _rule("TON-ZOC-01", "3.2, 1.3", Severity.ILLEGAL, "No double move by a DG unit or one starting in or entering an enemy ZOC.", _zoc01),
    _rule("TON-OOS-01", "7.5, 3.1", Severity.ILLEGAL, "An OoS unit does not double-move; an OoS motorised unit moves only by transport.", _oos01),
    _rule("TON-MOV-05", "3.8", Severity.ILLEGAL, "Each kind of unit ends its move only where 3.8 lets it.", _mov05),
    _rule("TON-MOV-04", "4.0, 3.6", Severity.ILLEGAL, "The 1er REC in clear terrain only; a DNA along major rivers and coast.", _mov04),
    _rule("TON-MOV-06", "6.7, 4.0", Severity.ILLEGAL, "No road through a destroyed-road marker; a road marker after all movement.", _mov06),
)
