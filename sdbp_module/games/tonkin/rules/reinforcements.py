"""Reinforcements and withdrawals (FR 2.1, 2.5, 2.7): TON-REI-01, TON-REI-02, TON-REI-03, TON-WDR-01.

A reinforcement is a unit moved from the ``reinforcements`` box (the module's one box for the month
track's units) to the map, or for a Tieu Doan to Box 2; a withdrawal a CEF unit moved from the map to that
box in the replacement phase. The module has one box, not a box per month: how many months ahead a unit
is put (2.5's six months for a unit not brought in, 2.7's six for a withdrawal) is not in the log and is
not judged.

The VM number in force (2.1) and the "W" of a month (2.7) are the reconstructed turn track's
(``turn_track.yaml`` ``vp_limit``, ``withdraw``): a verdict only they give is suspicious. The VP marker's
moves in the replacement phase are weighed once: the CEF's reinforcements (REI-02), a withdrawal's -3
(WDR-01) and the political objectives' +5 (1.9 A) are the causes it may show; a difference that the
missing -3 explains is WDR-01's, any other REI-02's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import permutations

from sdbp_module.games.tonkin.rules import switches as sw
from sdbp_module.games.tonkin.rules.facts import (
    community_control,
    hex_of,
    opening,
    per_state,
    reinforcement_vp_cost,
    steps_lost,
    track_shifts,
    unit_of,
    working_supply_centres,
)
from sdbp_module.games.tonkin.rules.replacements import (
    reaches,
)
from sdbp_module.games.tonkin.rules.sequence import (
    BOX_REINFORCEMENTS,
    BOX_TD_2,
    CEF,
    REPLACEMENTS,
    VM,
    end_game_turn,
    side_of_unit,
)
from sdbp_module.ids import Severity, Side
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.replay.hexes.events import (
    HexEvent,
    MarkerMove,
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
    hex_rule,
    impulse_rule,
)

NO_VP_COST = ("air_support",)  # 2.5: air strike reinforcements are placed at no cost
NAVY = "navy"  # 2.5: its return costs 2 VP
WITHDRAW_PENALTY = 3  # 2.7
OBJECTIVE_VP = 5  # 1.9 A: the VM re-placing the political objectives
SAIGON = "saigon"  # the off-map port (markers.yaml boxes)
WITHDRAW_RANGE = 3


# -- facts --------------------------------------------------------------------------------------------


def in_set(g: GameData, hex_id: str, name: str) -> bool:
    h = hex_of(g, hex_id)
    if h is None or g.hexes is None:
        return False
    hex_map = g.hexes.map
    if name in hex_map.sets:
        return h in hex_map.sets[name]
    try:
        return hex_map.in_region(name, h)
    except KeyError:
        return False


def working_centre(g: GameData, state: HexState, side: str, hex_id: str) -> bool:
    """A supply centre of ``side`` no enemy counter occupies (1.6; ``facts.working_supply_centres``)."""
    return hex_id in working_supply_centres(g, state, side, air_and_navy_occupy=True)


def control(g: GameData, state: HexState, hex_id: str) -> str | None:
    """1.8: who controls a community (``facts.community_control``, the one reading supply and VP take too);
    None for a hex that is no community."""
    return per_state(state, "community control", lambda: community_control(g, state)).get(hex_id)


def _col_row(hex_id: str) -> tuple[int, int] | None:
    m = re.fullmatch(r"([A-Z]+)-(\d+)", hex_id)
    if m is None:
        return None
    letters = m.group(1)
    col = (ord(letters[0]) - ord("A")) + 26 * (len(letters) - 1)
    return col, int(m.group(2))


def west_of_red_river(g: GameData, hex_id: str) -> bool | None:
    """2.5: on or west of the Red River (its hexes of hexes.yaml): a hex whose column is at most the river's in
    its row; None (not judged) in a row the river does not cross."""
    if g.hexes is None:
        return None
    river = next((f for f in g.hexes.map.features.lines if f.name == "Red River"), None)
    here = _col_row(hex_id)
    if river is None or here is None:
        return None
    grid = g.hexes.map.grid
    cols = [cr[0] for cr in (_col_row(grid.hex_id(h)) for h in river.hexes) if cr is not None and cr[1] == here[1]]
    if not cols:
        return None
    return here[0] <= max(cols)


def communities_near(g: GameData, state: HexState, hex_id: str, n: int, *, zoc_blocks: bool) -> frozenset[str]:
    """The CEF-controlled highland communities a CEF line of at most ``n`` hexes reaches from ``hex_id``."""
    if g.hexes is None:
        return frozenset()
    hex_map = g.hexes.map
    h = hex_of(g, hex_id)
    if h is None:
        return frozenset()
    grid = hex_map.grid
    out = set()
    for c in hex_map.sets.get("city", frozenset()) | hex_map.sets.get("town", frozenset()) | hex_map.sets.get("village", frozenset()):
        cid = grid.hex_id(c)
        if not in_set(g, cid, "highlands") or control(g, state, cid) != CEF:
            continue
        if reaches(g, state, CEF, hex_id, (cid,), n, zoc_blocks=zoc_blocks):
            out.add(cid)
    return frozenset(out)


def is_reinforcement(g: GameData, event: HexEvent, side: str) -> bool:
    return (
        isinstance(event, UnitMove)
        and side_of_unit(g, event.unit) == side
        and box_of(event.from_place) == BOX_REINFORCEMENTS
        and box_of(event.to_place) != BOX_REINFORCEMENTS
    )


def _judged(impulse: Impulse, steps: Steps, ctx: HexContext) -> bool:
    if impulse.phase != REPLACEMENTS or not steps:
        return False
    end = end_game_turn(ctx)
    return end is None or impulse.turn < end


def turn_fact_reconstructed(g: GameData, turn: int, name: str) -> bool:
    if not 1 <= turn <= len(g.turn_track):
        return True
    info = g.turn_track[turn - 1]
    return info.sources.get(name, info.source).is_reconstructed


# -- TON-REI-01 -----------------------------------------------------------------------------------------


def _rei_01(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterator[Finding]:
    g = ctx.game
    if not is_reinforcement(g, event, VM) or not isinstance(event, UnitMove):
        return
    unit = unit_of(g, event.unit)
    if unit is None:
        return
    turn = before.turn
    if unit.enters is not None and turn < unit.enters and not _rebuilt(ctx, event.unit):
        yield rule.finding(before, event, f"{event.unit} arrives in turn {turn}: the reinforcement table (reconstructed) brings it "
                           f"in turn {unit.enters} (2.1).", severity=Severity.SUSPICIOUS, units=(event.unit,),
                           expected=unit.enters, actual=turn)
    limit = g.hexes.vp_limits.get(turn) if g.hexes is not None else None
    vp = before.track_value("vp")
    if limit is not None and vp is not None and vp > limit:
        reconstructed = turn_fact_reconstructed(g, turn, "vp_limit")
        yield rule.finding(before, event, f"{event.unit} arrives while the VP level is {vp}, above the VM number {limit}"
                           + (" (reconstructed)" if reconstructed else "") + ": VM reinforcements wait for a month where the "
                           "level is at or below it (2.1).", severity=Severity.SUSPICIOUS if reconstructed else None,
                           units=(event.unit,), expected=limit, actual=vp)
    tieu_doan = "tieu_doan" in unit.marks
    to = event.to_place
    if tieu_doan:
        if box_of(to) != BOX_TD_2:
            yield rule.finding(before, event, f"{event.unit}, a Tieu Doan, arrives on {to or 'nowhere'}: Tieu Doan reinforcements "
                               "go to the Tieu Doan/Pathet Lao Box 2 (2.1).", units=(event.unit,), hexes=(to,))
        return
    if not is_hex(to):
        return
    if not working_centre(g, before, VM, to):
        yield rule.finding(before, event, f"{event.unit} arrives on {to}, not a working VM supply centre (2.1; 1.6: one the "
                           "enemy occupies does not work).", units=(event.unit,), hexes=(to,))
    elif unit.motorised and not in_set(g, to, "china"):
        yield rule.finding(before, event, f"{event.unit}, motorised, arrives on {to}: motorised VM reinforcements arrive at a "
                           "VM supply centre in China (2.1).", units=(event.unit,), hexes=(to,))


def _rebuilt(ctx: HexContext, unit: str) -> bool:
    return any(
        isinstance(e, UnitMove) and e.unit == unit and box_of(e.to_place) == BOX_REINFORCEMENTS and not is_hex(e.from_place)
        for i in ctx.flow.all_impulses() for e in i.events
    )


REI_01 = hex_rule(
    "TON-REI-01", "2.1", Severity.ILLEGAL,
    "VM reinforcements arrive only while the VP level is at most the VM number, motorised ones at a VM supply centre in "
    "China, others at any working VM supply centre, Tieu Doan in Box 2.",
    events=(UnitMove,),
)(_rei_01)


# -- the VP of the replacement phase --------------------------------------------------------------------


def brought_in(g: GameData, steps: Steps) -> list[tuple[UnitMove, Unit]]:
    out = []
    for _, e in steps:
        if is_reinforcement(g, e, CEF) and isinstance(e, UnitMove):
            unit = unit_of(g, e.unit)
            if unit is not None and (is_hex(e.to_place) or str(unit.type) in NO_VP_COST or box_of(e.to_place) is not None):
                out.append((e, unit))
    return out


def vp_moves(steps: Steps) -> list[tuple[MarkerMove, int]]:
    return track_shifts(steps, "vp")


def vm_placed(g: GameData, steps: Steps) -> bool:
    """VM units came onto the map this phase (reinforcements, mobilisation): the control of a community, and so the
    VP level, may have changed with them (1.8, 1.9), a cause these checks do not weigh."""
    return any(isinstance(e, UnitMove) and side_of_unit(g, e.unit) == VM and not is_hex(e.from_place) and is_hex(e.to_place)
               for _, e in steps)


def objectives_moved(steps: Steps) -> bool:
    return any(isinstance(e, MarkerMove) and e.marker == "political-objective" for _, e in steps)


def _allowed(expected: int, objectives: bool) -> set[int]:
    return {expected, expected + OBJECTIVE_VP} if objectives else {expected}


# -- TON-REI-02 -----------------------------------------------------------------------------------------


def _rei_02(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    if not _judged(impulse, steps, ctx):
        return
    g = ctx.game
    units = brought_in(g, steps)
    moves = vp_moves(steps)
    if not units and not moves:
        return
    cost = sum(reinforcement_vp_cost(g, str(u.id)) for _, u in units)
    delta = sum(d for _, d in moves)
    due = len(_due(g, impulse.turn))
    allowed = set()
    for penalties in range(due + 1):
        allowed |= _allowed(-cost - WITHDRAW_PENALTY * penalties, objectives_moved(steps))
    if delta in allowed:
        return
    where = moves[-1][0] if moves else units[-1][0]
    names = ", ".join(f"{e.unit} ({reinforcement_vp_cost(g, str(u.id))})" for e, u in units) or "none"
    placed = vm_placed(g, steps)
    yield rule.finding(state, where, f"The VP level moves {delta:+d} in the replacement phase; the CEF units brought in cost "
                       f"{-cost:+d} VP: {names} (2.5: 1 VP for stacking 1-2, 2 for 3-4, the Navy's return 2, air strikes "
                       "free)" + (", with a withdrawal's -3 (2.7)" if due else "")
                       + ("; VM units placed on the map this phase may have taken a community (1.8, 1.9)" if placed else "") + ".",
                       severity=Severity.SUSPICIOUS if placed else None,
                       side=Side(CEF), expected=-cost, actual=delta, units=tuple(e.unit for e, _ in units))


REI_02 = impulse_rule(
    "TON-REI-02", "2.5, 2.6", Severity.ILLEGAL,
    "Each CEF unit brought in moves the VP level -1 (stacking 1-2) or -2 (3-4); air strikes are free; the Navy's return "
    "costs 2.",
)(_rei_02)


# -- TON-REI-03 -----------------------------------------------------------------------------------------


def _placement(g: GameData, state: HexState, unit: Unit, to: str) -> str | None:
    """Why a CEF reinforcement may not go to ``to`` (2.5), None when it may; GCMA are judged apart."""
    marks = unit.marks
    if "thai" in marks:
        west = west_of_red_river(g, to)
        if not (in_set(g, to, "village") and in_set(g, to, "blue_name") and in_set(g, to, "highlands")
                and in_set(g, to, "vietnam") and west is not False and control(g, state, to) == CEF):
            return ("Thai units are placed on a CEF-controlled blue village of the Vietnamese highlands, on or west of "
                    "the Red River")
        return None
    if "laotian_army" in marks:
        if not (working_centre(g, state, CEF, to) and in_set(g, to, "laos")):
            return "Laotian units are placed on a working CEF supply centre in Laos"
        return None
    if "BVN" in unit.company:
        if not (working_centre(g, state, CEF, to) and in_set(g, to, "vietnam")):
            return "BVN and BVN garr units are placed on a working CEF supply centre in Vietnam"
        return None
    if not in_set(g, to, "port"):
        return "the other CEF units are placed in a port"
    return None


def _gcma(rule: HexRule, before: HexState, event: UnitMove, ctx: HexContext) -> Iterator[Finding]:
    g = ctx.game
    placed = [e for e in ctx.flow.current.events if is_reinforcement(g, e, CEF) and isinstance(e, UnitMove)
              and is_hex(e.to_place) and "gcma" in getattr(unit_of(g, e.unit), "marks", frozenset())]
    targets = [*(e.to_place for e in placed), event.to_place]

    def fits(zoc_blocks: bool) -> bool:
        options = [communities_near(g, before, t, 2, zoc_blocks=zoc_blocks) for t in targets]
        if not options[-1]:
            return False
        pool = sorted(set().union(*options))
        if len(pool) < len(options):
            return False
        return any(all(c in o for c, o in zip(choice, options, strict=False)) for choice in permutations(pool, len(options)))

    if not fits(False):
        yield rule.finding(before, event, f"{event.unit}, a GCMA, is placed on {event.to_place}: GCMA go within 2 hexes of a "
                           "CEF-controlled highland community, one per community (2.5).", units=(event.unit,),
                           hexes=(event.to_place,))
    elif ctx.switch(sw.ZOC_BLOCKS_LINES) == "yes" and not fits(True):
        yield rule.finding(before, event, f"{event.unit}, a GCMA, is placed on {event.to_place}: with zoc-blocks-lines=yes no "
                           "CEF-controlled highland community is within 2 hexes of it by a line an enemy ZOC does not cut "
                           "(2.5, 1.4).", severity=Severity.SUSPICIOUS, units=(event.unit,), hexes=(event.to_place,))


def _rei_03(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterator[Finding]:
    g = ctx.game
    if not (isinstance(event, UnitMove) and is_reinforcement(g, event, CEF)):
        return
    unit = unit_of(g, event.unit)
    if unit is None or str(unit.type) in (*NO_VP_COST, NAVY):
        return
    to = event.to_place
    if box_of(to) == SAIGON and not ({"thai", "laotian_army", "gcma"} & unit.marks) and "BVN" not in unit.company:
        return  # the off-map port
    if not is_hex(to):
        return
    if "gcma" in unit.marks:
        yield from _gcma(rule, before, event, ctx)
        return
    why = _placement(g, before, unit, to)
    if why is not None:
        yield rule.finding(before, event, f"{event.unit} is placed on {to}: {why} (2.5).", units=(event.unit,), hexes=(to,))


REI_03 = hex_rule(
    "TON-REI-03", "2.5", Severity.ILLEGAL,
    "CEF reinforcements are placed by kind: Thai on a CEF blue highland village on or west of the Red River, GCMA within "
    "2 of a CEF highland community (one each), Laotians and BVN on a CEF supply centre of their country, others in a port.",
    events=(UnitMove,),
)(_rei_03)


# -- TON-WDR-01 -----------------------------------------------------------------------------------------


def _due(g: GameData, turn: int) -> tuple[str, ...]:
    return g.hexes.withdrawals.get(turn, ()) if g.hexes is not None else ()


def of_kind(unit: Unit, kind: str) -> bool:
    """2.7: 'any' unit, or a named kind (para, REI, the Navy)."""
    if kind == "any":
        return True
    if kind == "para":
        return "paratroops" in unit.marks
    if kind == "rei":
        return "REI" in unit.company
    if kind == "navy":
        return str(unit.type) == NAVY
    return False


def in_range(g: GameData, state: HexState, place: str) -> bool:
    working = sorted(working_supply_centres(g, state, CEF, air_and_navy_occupy=True))
    return is_hex(place) and reaches(g, state, CEF, place, working, WITHDRAW_RANGE)


def candidates(g: GameData, state: HexState, kind: str) -> list[str]:
    """CEF units that could be withdrawn: on the map, full strength, of the kind, within 3 of a working CEF supply centre
    (combat units: not an SD, the HQ or an air strike)."""
    out = []
    for unit_id, place in state.places.items():
        unit = unit_of(g, unit_id)
        if unit is None or str(unit.side) != CEF or not is_hex(place):
            continue
        if str(unit.type) in ("supply_depot", "headquarters", *NO_VP_COST) or (kind == "any" and str(unit.type) == NAVY):
            continue
        if unit_id in state.flipped or steps_lost(g, state, unit_id) or not of_kind(unit, kind):
            continue
        if in_range(g, state, place):
            out.append(unit_id)
    return sorted(out)


def _wdr_01(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    if not _judged(impulse, steps, ctx):
        return
    g = ctx.game
    due = list(_due(g, impulse.turn))
    reconstructed = turn_fact_reconstructed(g, impulse.turn, "withdraw")
    w_severity = Severity.SUSPICIOUS if reconstructed else Severity.ILLEGAL
    first = opening(steps, state)
    withdrawn = 0
    faulty = 0  # withdrawals already reported: the W they failed to meet is the same fault, reported once
    for before, e in steps:
        if not (isinstance(e, UnitMove) and side_of_unit(g, e.unit) == CEF and is_hex(e.from_place)
                and box_of(e.to_place) == BOX_REINFORCEMENTS):
            continue
        unit = unit_of(g, e.unit)
        if unit is None:
            continue
        if e.unit in before.flipped or steps_lost(g, before, e.unit):
            yield rule.finding(before, e, f"{e.unit} is withdrawn with a step or more lost: a withdrawn unit is at full "
                               "strength (2.7).", units=(e.unit,), hexes=(e.from_place,))
            faulty += 1
            continue
        if not in_range(g, before, e.from_place):
            yield rule.finding(before, e, f"{e.unit} is withdrawn from {e.from_place}, more than 3 hexes from every working "
                               "CEF supply centre (2.7).", units=(e.unit,), hexes=(e.from_place,))
            faulty += 1
            continue
        match = next((k for k in due if of_kind(unit, k)), None)
        if match is None:
            what = (f"the month's withdrawal is {', '.join(due)}" if due else "no withdrawal is due this month")
            yield rule.finding(before, e, f"{e.unit} is withdrawn: {what}" + (" (reconstructed turn track)" if reconstructed else "")
                               + " (2.7: a unit of the kind the turn track names).", severity=w_severity,
                               units=(e.unit,), hexes=(e.from_place,))
            faulty += 1
            continue
        due.remove(match)
        withdrawn += 1
    if not due or faulty >= len(due):
        return  # met, or every unmet W is the faulty withdrawal reported above
    where = steps[-1][1]
    for kind in due:
        able = candidates(g, first, kind)
        if able:
            yield rule.finding(state, where, f"The turn track's W ({kind}"
                               + (", reconstructed" if reconstructed else "") + f") is not met though {', '.join(able[:4])}"
                               + (" …" if len(able) > 4 else "") + " could go: full strength, within 3 of a working CEF supply "
                               "centre (2.7: -3 VP only when none can).", severity=w_severity, side=Side(CEF),
                               units=tuple(able[:4]))
            return
    units = brought_in(g, steps)
    cost = sum(reinforcement_vp_cost(g, str(u.id)) for _, u in units)
    delta = sum(d for _, d in vp_moves(steps))
    expected = -cost - WITHDRAW_PENALTY * len(due)
    if delta in _allowed(expected, objectives_moved(steps)):
        return
    if delta in _allowed(-cost, objectives_moved(steps)) and not vm_placed(g, steps):
        yield rule.finding(state, where, f"No CEF unit could be withdrawn for the W ({', '.join(due)}"
                           + (", reconstructed" if reconstructed else "") + f"), and the VP level does not move -3 (2.7): it "
                           f"moves {delta:+d}.", severity=w_severity, side=Side(CEF), expected=expected, actual=delta)


WDR_01 = impulse_rule(
    "TON-WDR-01", "2.7", Severity.ILLEGAL,
    "A due withdrawal takes a full-strength unit of the right kind within 3 of a CEF supply centre, or costs 3 VP when "
    "none can go.",
)(_wdr_01)


RULES: tuple[HexRule, ...] = (REI_01, REI_02, REI_03, WDR_01)
