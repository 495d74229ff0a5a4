"""The sequence of a month (FR 1.10, 2.0, 8.0, the detailed sequence): TON-SEQ-01, TON-SEQ-02, TON-SEQ-03.

The tracker's phase sentences (``PhaseStart``) give each act its phase (``state.phase``). SEQ-01 judges
the order of the phases, the acts a phase has no room for (a unit moving in the other side's movement
phase when it cannot be an overrun's retreat, a unit moving in a phase with no movement, RP spent or a
package taken outside phase 1), and the order of the seven steps of phase 1 (2.1 to 2.7), each act's
step read from what it is (``replacement_step``). The month after the scenario's last (8.0's end-game
sequence) is SEQ-02's, not SEQ-01's. SEQ-03 judges the VM truck and CEF air transport markers at the
first act of each month: back on the month's allowance (the track marker's start value, reconstructed).

Also the small facts the replacement and reinforcement rules share (``box_of_place``, ``unit_of``…).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.tonkin.rules.facts import side_label, track_boxes, unit_of
from sdbp_module.hexgrid.coords import distance
from sdbp_module.ids import Severity, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.model.hex_play import play_of
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import (
    Carry,
    HexEvent,
    Hit,
    MarkerMove,
    PackageTaken,
    PhaseStart,
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
    hex_rule,
)

REPLACEMENTS = "replacements"
MOVEMENT_PHASES = ("vm-movement", "cef-movement")
END_GAME_PHASES = ("replacements", "vm-movement", "cef-movement", "attrition")
"""8.0: the month after the last holds the OoS step losses (in the tracker's first phase), a VM and a CEF
movement phase and an attrition phase, in this order, and nothing else."""
NO_MOVEMENT = ("replacements", "attrition", "supply")
"""The phases in which no unit moves from hex to hex (2.0, 5.0, 7.0: placements come from boxes)."""

VM, CEF = "vm", "cef"  # the side ids (sides are declared when the game loads: compare ``str(side)``)
RP_MARKERS = {VM: "vm-rp", CEF: "cef-rp"}
TRANSPORT_MARKERS = ("trucks", "air-transport")
"""1.10 step 15: the VM truck and CEF air transport markers go back to the month's allowance."""

BOX_REINFORCEMENTS = "reinforcements"
BOX_ELIMINATED = "eliminated"
BOX_TD_1 = "td-pl-1"
BOX_TD_2 = "td-pl-2"
SD_TYPE = "supply_depot"

STEP_RULES = {1: "2.1", 2: "2.2", 3: "2.3", 4: "2.4", 5: "2.5", 6: "2.6", 7: "2.7"}
STEP_NAMES = {
    1: "VM reinforcements",
    2: "the VM package and RP",
    3: "Tieu Doan absorption",
    4: "mobilisation and Box 1 to Box 2",
    5: "CEF reinforcements",
    6: "the CEF package and RP",
    7: "CEF withdrawals",
}


# -- small shared facts ---------------------------------------------------------------------------------


def side_of_unit(game: GameData, unit_id: str) -> str | None:
    """The id of the unit's side."""
    unit = unit_of(game, unit_id)
    return str(unit.side) if unit is not None else None


def is_sd(game: GameData, unit_id: str) -> bool:
    unit = unit_of(game, unit_id)
    return unit is not None and str(unit.type) == SD_TYPE



def rp_side(event: HexEvent) -> str | None:
    """The side whose RP marker ``event`` moves, if it moves one."""
    if isinstance(event, MarkerMove):
        return next((s for s, k in RP_MARKERS.items() if k == event.marker), None)
    return None


def last_turn(game: GameData) -> int | None:
    """The scenario's last month (8.0), None when the data gives none."""
    return game.scenario.last_turn


def last_turn_reconstructed(game: GameData) -> bool:
    return game.scenario.sources.get("last_turn", game.scenario.source).is_reconstructed


def in_scenario(game: GameData, start_turn: int) -> bool:
    """Whether a log that starts on ``start_turn`` plays the scenario whose last month the data gives."""
    last = last_turn(game)
    return last is not None and game.scenario.first_turn <= start_turn <= last


def start_turn(ctx: HexContext) -> int:
    """The turn the log starts in: its first impulse's (the game start's, or its first phase's)."""
    return ctx.flow.all_impulses()[0].turn


def end_game_turn(ctx: HexContext) -> int | None:
    """The month of 8.0's end-game sequence (the scenario's last + 1) when this log plays that scenario."""
    last = last_turn(ctx.game)
    if last is None or not in_scenario(ctx.game, start_turn(ctx)):
        return None
    return last + 1


# -- the seven steps of phase 1 -------------------------------------------------------------------------


@record
class StepSpan:
    """The steps of phase 1 (2.1 … 2.7) an act may belong to: ``lo`` to ``hi``."""

    lo: int
    hi: int


def replacement_step(game: GameData, event: HexEvent) -> StepSpan | None:
    """The step of phase 1 an act belongs to, from what it is; None for an act no step names alone (a VP,
    truck or air transport marker's move, a loss)."""
    if isinstance(event, PackageTaken):
        n = 2 if str(event.side) == VM else 6 if str(event.side) == CEF else 0
        return StepSpan(n, n) if n else None
    if isinstance(event, MarkerMove):
        side = rp_side(event)
        values = track_boxes(event)
        if side is None or values is None:
            return None
        if side == VM:
            return StepSpan(1, 2) if values[1] > values[0] else StepSpan(2, 2)  # RP arrive as reinforcements too (2.1)
        return StepSpan(6, 6)
    if isinstance(event, (StepRestored, StatusChange)):
        if isinstance(event, StatusChange) and (event.on or event.status != "step-loss"):
            return None
        side = side_of_unit(game, event.unit)
        return StepSpan(2, 3) if side == VM else StepSpan(6, 6) if side == CEF else None
    if isinstance(event, UnitMove):
        side = side_of_unit(game, event.unit)
        frm, to = box_of(event.from_place), box_of(event.to_place)
        if side == VM:
            if frm == BOX_REINFORCEMENTS and (is_hex(event.to_place) or to == BOX_TD_2):
                return StepSpan(1, 1)
            if frm == BOX_ELIMINATED and to == BOX_REINFORCEMENTS:
                return StepSpan(2, 2)
            if is_sd(game, event.unit) and frm is not None and is_hex(event.to_place):
                return StepSpan(2, 2)
            if to == BOX_TD_1 and is_hex(event.from_place):
                return StepSpan(3, 3)
            if (frm == BOX_TD_2 and is_hex(event.to_place)) or (frm == BOX_TD_1 and to == BOX_TD_2):
                return StepSpan(4, 4)
        elif side == CEF:
            if frm == BOX_REINFORCEMENTS and is_hex(event.to_place):
                return StepSpan(5, 5)
            if frm == BOX_ELIMINATED and to == BOX_REINFORCEMENTS:
                return StepSpan(6, 6)
            if is_sd(game, event.unit) and frm is not None and is_hex(event.to_place):
                return StepSpan(6, 6)
            if is_hex(event.from_place) and to == BOX_REINFORCEMENTS:
                return StepSpan(7, 7)
    return None


# -- TON-SEQ-01 -----------------------------------------------------------------------------------------


def _next_phase(game: GameData, turn: int, phase: str) -> tuple[int, str] | None:
    play = play_of(game)
    i = play.phase_index(phase)
    if i < 0 or not play.phases:
        return None
    if i + 1 < len(play.phases):
        return turn, play.phases[i + 1].id
    return turn + 1, play.phases[0].id


def _phase_label(game: GameData, phase: str) -> str:
    found = play_of(game).phase(phase)
    return f"the {found.name} phase" if found is not None else f"phase {phase!r}"


def _turn_label(game: GameData, turn: int) -> str:
    label = game.hexes.labels.get(turn) if game.hexes is not None else None
    return label or f"turn {turn}"


def _phase_order(rule: HexRule, before: HexState, event: PhaseStart, ctx: HexContext) -> Iterator[Finding]:
    end = end_game_turn(ctx)
    if end is not None and (event.turn >= end or before.turn >= end):
        return  # the end-game sequence and after: TON-SEQ-02
    if not before.phase or (before.turn, before.phase) == (event.turn, event.phase):
        return  # no phase known yet, or the tracker clicked on the phase under way
    expected = _next_phase(ctx.game, before.turn, before.phase)
    if expected is None or expected == (event.turn, event.phase):
        return
    g = ctx.game
    yield rule.finding(
        before,
        event,
        f"{_turn_label(g, event.turn)}, {_phase_label(g, event.phase)} follows {_turn_label(g, before.turn)}, "
        f"{_phase_label(g, before.phase)}: the next phase is {_turn_label(g, expected[0])}, "
        f"{_phase_label(g, expected[1])} (1.10: six phases in order, then the next month).",
        expected=f"{expected[0]} {expected[1]}",
        actual=f"{event.turn} {event.phase}",
    )


def _can_be_retreat(ctx: HexContext, before: HexState, move: UnitMove, phasing: str) -> bool:
    """Whether a non-phasing unit's move may be a retreat from an overrun (6.4, 6.5, 6.15): a unit of the
    phasing side stands in or next to the hex it leaves."""
    hexes = ctx.game.hexes
    if hexes is None:
        return True
    grid = hexes.map.grid
    origin = grid.parse_id(move.from_place)
    if origin is None:
        return True
    for unit, place in before.places.items():
        if side_of_unit(ctx.game, unit) != phasing or not is_hex(place):
            continue
        h = grid.parse_id(place)
        if h is not None and distance(h, origin) <= 1:
            return True
    return False


def _misplaced_act(rule: HexRule, before: HexState, event: HexEvent, ctx: HexContext) -> Iterator[Finding]:
    phase = before.phase
    if not phase:
        return
    g = ctx.game
    if isinstance(event, UnitMove) and is_hex(event.from_place) and is_hex(event.to_place) and event.from_place != event.to_place:
        unit_side = side_of_unit(g, event.unit)
        if phase in NO_MOVEMENT:
            yield rule.finding(
                before,
                event,
                f"{event.unit} moves from {event.from_place} to {event.to_place} in {_phase_label(g, phase)}, which has "
                "no movement (1.10: units move in the movement phases and the operations; 2.0, 5.0, 7.0).",
                units=(event.unit,),
                hexes=(event.from_place, event.to_place),
            )
            return
        found = play_of(g).phase(phase)
        if found is not None and found.side is not None and unit_side is not None and unit_side != str(found.side):
            if not _can_be_retreat(ctx, before, event, str(found.side)):
                yield rule.finding(
                    before,
                    event,
                    f"{event.unit} ({side_label(g, unit_side)}) moves from {event.from_place} to {event.to_place} in "
                    f"{_phase_label(g, phase)}, the {found.side.label} player's (1.10, 3.0: each side moves in its own "
                    "movement phase; no overrun of the phasing side is next to it, so it is no retreat).",
                    units=(event.unit,),
                    hexes=(event.from_place, event.to_place),
                    side=Side(unit_side),
                )
        return
    if phase == REPLACEMENTS:
        return
    if isinstance(event, PackageTaken):
        yield rule.finding(
            before,
            event,
            f"A package ({event.package}) is taken in {_phase_label(g, phase)} (2.2 A, 2.6 A: in the replacement "
            "phase only).",
        )
        return
    side = rp_side(event)
    values = track_boxes(event) if isinstance(event, MarkerMove) else None
    if side is not None and values is not None and values[1] < values[0]:
        yield rule.finding(
            before,
            event,
            f"The {side_label(g, side)} RP marker goes from {values[0]} to {values[1]} in {_phase_label(g, phase)}: RP are spent "
            "only during the replacement phase (2.2 B, 2.6 B).",
            side=Side(side),
            expected=values[0],
            actual=values[1],
        )


def _step_order(rule: HexRule, before: HexState, event: HexEvent, ctx: HexContext) -> Iterator[Finding]:
    if before.phase != REPLACEMENTS:
        return
    end = end_game_turn(ctx)
    if end is not None and before.turn >= end:
        return  # SEQ-02's
    span = replacement_step(ctx.game, event)
    if span is None:
        return
    reached = 0
    reached_by: HexEvent | None = None
    for earlier in ctx.flow.current.events:
        s = replacement_step(ctx.game, earlier)
        if s is None:
            continue
        if s.hi < reached:
            return  # an earlier act was already out of order in this phase: reported there
        if s.lo > reached:
            reached, reached_by = s.lo, earlier
    if span.hi >= reached or reached_by is None:
        return
    step = span.hi
    yield rule.finding(
        before,
        event,
        f"An act of step {STEP_RULES[step]} ({STEP_NAMES[step]}) comes after an act of step {STEP_RULES[reached]} "
        f"({STEP_NAMES[reached]}) in the replacement phase: 2.0 runs its steps in the order 2.1 to 2.7.",
        units=(getattr(event, "unit", ""),) if getattr(event, "unit", "") else (),
        expected=f"step {STEP_RULES[reached]} or later",
        actual=f"step {STEP_RULES[step]}",
    )


def _seq_01(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    if isinstance(event, PhaseStart):
        return list(_phase_order(rule, before, event, ctx))
    return [*_misplaced_act(rule, before, event, ctx), *_step_order(rule, before, event, ctx)]


SEQ_01 = hex_rule(
    "TON-SEQ-01",
    "1.10, 2.0",
    Severity.ILLEGAL,
    "The six phases run in order, each holds only its own acts, and phase 1 runs its steps 2.1 to 2.7 in order.",
    events=(PhaseStart, UnitMove, PackageTaken, MarkerMove, StepRestored, StatusChange),
)(_seq_01)


# -- TON-SEQ-02 -----------------------------------------------------------------------------------------


def _lost_step(event: HexEvent, unit: str) -> bool:
    if isinstance(event, (Hit, UnitEliminated)):
        return event.unit == unit
    if isinstance(event, StatusChange):
        return event.unit == unit and event.on and event.status == "step-loss"
    if isinstance(event, UnitMove):
        return event.unit == unit and box_of(event.to_place) == BOX_ELIMINATED
    return False


def _seq_02(rule: HexRule, final: HexState, ctx: HexContext) -> Iterator[Finding]:
    end = end_game_turn(ctx)
    if end is None:
        return
    events = [e for impulse in ctx.flow.all_impulses() for e in impulse.events]
    if any(isinstance(e, PhaseStart) and e.turn > end for e in events):
        return  # the log plays on past the end-game month: a campaign going on, not the scenario's end
    severity = Severity.SUSPICIOUS if last_turn_reconstructed(ctx.game) else Severity.ILLEGAL
    why = (
        f"the scenario's last month is {_turn_label(ctx.game, end - 1)}"
        + (" (reconstructed)" if severity is Severity.SUSPICIOUS else "")
        + ", so 8.0's end-game sequence follows it"
    )
    g = ctx.game
    phase = ""
    reached = -1
    in_end = False
    end_month: list[HexEvent] = []
    losses_judged = False
    for event in events:
        if isinstance(event, PhaseStart):
            in_end = event.turn == end
            if not in_end:
                continue
            phase = event.phase
            index = END_GAME_PHASES.index(event.phase) if event.phase in END_GAME_PHASES else -1
            if index < 0 or index < reached:
                allowed = ", ".join(_phase_label(g, p) for p in END_GAME_PHASES[max(reached, 0):])
                yield rule.finding(
                    final,
                    event,
                    f"{_phase_label(g, event.phase).capitalize()} after the last month: {why}, and it holds only the "
                    f"OoS step losses, a VM and a CEF movement phase and an attrition phase, in this order (now: {allowed}).",
                    severity=severity,
                    actual=event.phase,
                )
            reached = max(reached, index)
            if index > 0 and not losses_judged:
                losses_judged = True
                yield from _oos_losses(rule, final, event, end_month, severity, why, g)
            end_month.append(event)
            continue
        if not in_end:
            continue
        end_month.append(event)
        if isinstance(event, Carry) and phase in MOVEMENT_PHASES:
            yield rule.finding(
                final,
                event,
                f"{event.unit} is carried by {event.mode} in the end-game's {_phase_label(g, phase)}: {why}, and its "
                "movement phases allow no transport (8.0 2).",
                severity=severity,
                units=(event.unit,),
            )
        elif phase == REPLACEMENTS and replacement_step(g, event) is not None:
            yield rule.finding(
                final,
                event,
                f"A replacement or reinforcement act after the last month: {why}, which has no replacement phase, only "
                "the OoS step losses (8.0 1).",
                severity=severity,
                units=(event.unit,) if isinstance(event, (UnitMove, StepRestored, StatusChange)) else (),
            )


def _oos_losses(
    rule: HexRule, final: HexState, at: PhaseStart, before: list[HexEvent], severity: Severity, why: str, g: GameData
) -> Iterator[Finding]:
    """8.0 1): every unit with an OoS marker loses a step before the end-game's movement phases (a unit that
    still shows its OoS marker at the end, on the map, and lost no step before them)."""
    for unit in sorted(u for u, statuses in final.statuses.items() if "oos" in statuses and final.on_map(u)):
        if not any(_lost_step(e, unit) for e in before):
            yield rule.finding(
                final,
                at,
                f"{unit} has an OoS marker and lost no step before {_phase_label(g, at.phase)}: {why}, which begins "
                "with every unit with an OoS marker losing a step (8.0 1).",
                severity=severity,
                units=(unit,),
                hexes=(final.place(unit),),
            )


SEQ_02 = HexRule(
    "TON-SEQ-02",
    "8.0",
    Severity.ILLEGAL,
    "After the last month: OoS units lose a step, a VM and a CEF movement phase without transport, an attrition "
    "phase, and nothing else.",
    finish_fn=_seq_02,
)


# -- TON-SEQ-03 -----------------------------------------------------------------------------------------


def _is_act(event: HexEvent) -> bool:
    if isinstance(event, PhaseStart):
        return False
    return not (isinstance(event, MarkerMove) and event.marker in TRANSPORT_MARKERS)


def allowance(game: GameData, kind: str) -> int | None:
    """The month's allowance of a transport marker: its start box on its track (markers.yaml, the scenario's
    month, reconstructed: the turn track gives no allowance per month)."""
    track = play_of(game).track_of(kind)
    if track is None:
        return None
    return next((m.start for m in track.markers if m.kind == kind), None)


def _seq_03(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterator[Finding]:
    if not _is_act(event):
        return
    turn = before.turn
    end = end_game_turn(ctx)
    if end is not None and turn >= end:
        return  # the end-game sequence comes instead of a new month (detailed sequence, 16): no reset, no transport
    impulses = ctx.flow.all_impulses()
    recent: list[Impulse] = []  # the impulses of this month and the last, latest first
    for impulse in reversed(impulses):
        if impulse.turn < turn - 1:
            break
        recent.append(impulse)
    if any(_is_act(e) for i in recent if i.turn == turn for e in i.events):
        return  # not the month's first act
    recent.reverse()
    history = [e for i in recent for e in i.events]
    for kind in TRANSPORT_MARKERS:
        want = allowance(ctx.game, kind)
        value = before.track_value(kind)
        if want is None or value is None or value == want:
            continue
        moves = [(e, track_boxes(e)) for e in history if isinstance(e, MarkerMove) and e.marker == kind]
        used = [n for n, (e, v) in enumerate(moves) if v is not None and v[1] < v[0] and _turn_of(tuple(recent), e) == turn - 1]
        if not used:
            continue
        name = kind.replace("-", " ")
        if any(n > used[-1] for n, _ in enumerate(moves)):
            yield rule.finding(
                before,
                event,
                f"The {name} marker stands on {value} at the first act of {_turn_label(ctx.game, turn)}; the month's "
                f"allowance is {want} (reconstructed: the marker's start box) (1.10 step 15).",
                severity=Severity.SUSPICIOUS,
                expected=want,
                actual=value,
            )
        else:
            yield rule.finding(
                before,
                event,
                f"The {name} marker, used in {_turn_label(ctx.game, turn - 1)}, was not reset before the first act of "
                f"{_turn_label(ctx.game, turn)}: it stands on {value} (1.10 step 15: the VM truck and CEF air transport "
                "markers go back to the month's allowance; transports are not saved, 3.3).",
                expected=want,
                actual=value,
            )


def _turn_of(impulses: tuple[Impulse, ...], event: HexEvent) -> int:
    return next((i.turn for i in impulses if any(e is event for e in i.events)), 0)


SEQ_03 = hex_rule(
    "TON-SEQ-03",
    "1.10, 3.3",
    Severity.ILLEGAL,
    "The VM truck and CEF air transport markers go back to the month's allowance before the next month's first act.",
)(_seq_03)


RULES: tuple[HexRule, ...] = (SEQ_01, SEQ_02, SEQ_03)
