"""Supply (7.0–7.5, 1.7): TON-SUP-01, TON-SUP-02 and TON-SUP-03 (``docs/tonkin-rules.md``, "TON-SUP").

Judged when the supply phase ends (at the next phase's ``PhaseStart``; a log that ends inside the supply
phase has not ended it): the OoS statuses are then on exactly the units that cannot trace supply.

- A VM unit is supplied in a hex with a VM trench; if it is a Pathet Lao, a Tieu Doan, an independent
  regiment (grey band) or the VM HQ; or within 3 hexes of a working VM supply centre or a VM SD (7.2).
- A CEF unit is supplied in a hex with a CEF trench; if it is GCMA; a Thai unit within 3 of a
  CEF-controlled blue community in the Vietnamese highlands; a Laotian unit within 3 of a CEF-controlled
  community in Laos; within 3 of a working CEF supply centre or a CEF SD; or by river supply (7.3, 7.4: at
  most 5 hexes along major rivers and coastal hexes to a supply centre or SD, with a DNA at the source, with
  the unit or on the line; only a VM regiment in a river hex cuts it).
- A spent SD is gone (6.2, 7.2, 7.3): it neither supplies nor blocks. SDs themselves, the Navy and air
  support are not judged.
- "Within 3" is a line of 1.4 (``facts.trace_within``); the switch ``zoc-blocks-lines`` says whether an
  enemy ZOC cuts it. A verdict the two readings do not share is ``suspicious``; the river line is cut only
  as 7.4 says, whatever the switch.
- TON-SUP-03 takes, instead of TON-SUP-01, a CEF unit without an OoS status whose only line would be a river
  line breaking 7.4's limits: longer than 5 hexes (up to ``RELAXED_RIVER_REACH``), along a minor river, with
  no DNA, or through a VM regiment.
- TON-SUP-02: in a rainy month (1.7) a unit that gets an OoS status in the supply phase loses a step in that
  phase (a flip, a "-1", an elimination). A unit that keeps its status is judged neither way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from sdbp_module.games.tonkin.rules import facts
from sdbp_module.hexgrid.trace import LineRules
from sdbp_module.hexgrid.zoc import MapUnit, UnitWhen
from sdbp_module.ids import Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.hexes.events import (
    Hit,
    StatusChange,
    UnitEliminated,
    UnitMove,
    box_of,
)
from sdbp_module.replay.hexes.flow import Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule, Steps

SUPPLY_PHASE = "supply"
RANGE = 3  # 7.2, 7.3
RIVER_REACH = 5  # 7.4
RELAXED_RIVER_REACH = 10
"""How far a river line that breaks 7.4 is looked for (TON-SUP-03): twice the rule's 5, our reading."""

ALWAYS_VM = (facts.PATHET_LAO, facts.TIEU_DOAN, facts.INDEPENDENT)


class _Board:
    """What the supply check reads once per state: units as the lines see them, sources, DNAs."""

    def __init__(self, game: GameData, state: HexState) -> None:
        self.game = game
        self.state = state
        self.units: tuple[MapUnit, ...] = facts.map_units(game, state, spent=False)
        self.control = facts.community_control(game, state)
        self.sources: dict[str, frozenset[str]] = {}
        for side in (facts.CEF, facts.VM):
            sds = {
                state.place(u)
                for u in facts.on_map_units(game, state, spent=False)
                if facts.kind_of(game, u) == facts.SUPPLY_DEPOT and str(facts.side_of(game, u)) == side
            }
            self.sources[side] = facts.working_supply_centres(game, state, side) | frozenset(sds)
        self.dnas = sorted(
            {state.place(u) for u in facts.on_map_units(game, state) if facts.kind_of(game, u) == facts.DINASSAUT}
        )
        highlands = facts.set_ids(game, "highlands") & facts.set_ids(game, "vietnam") & facts.set_ids(game, "blue_name")
        self.thai_sources = frozenset(c for c in facts.communities(game) & highlands if self.control.get(c) == facts.CEF)
        laos = facts.set_ids(game, "laos")
        self.laotian_sources = frozenset(c for c in facts.communities(game) & laos if self.control.get(c) == facts.CEF)

    def within(self, side: str, place: str, targets: Iterable[str], zoc_blocks: bool) -> str | None:
        """The source a line of at most 3 hexes reaches (1.4), None when none does."""
        found = facts.trace_within(self.game, self.state, side, place, targets, RANGE, zoc_blocks=zoc_blocks, units=self.units)
        if found is None or found.hexes is None:
            return None
        return facts.hex_id(self.game, found.hexes[-1])

    def river(self, place: str) -> bool:
        """7.4: a line of at most 5 hexes along major rivers and coast to a CEF source, with a DNA on it."""
        rules = facts.line_rules(self.game, facts.RIVER_LINE, False)
        sources = self.sources[facts.CEF]
        for dna in self.dnas:
            first = facts.trace_route(self.game, facts.CEF, place, (dna,), RIVER_REACH, rules, self.units)
            if first is None or not first.found or first.length is None:
                continue
            second = facts.trace_route(self.game, facts.CEF, dna, sources, RIVER_REACH - first.length, rules, self.units)
            if second is not None and second.found:
                return True
        return False

    def broken_river(self, place: str) -> bool:
        """A river line 7.4 does not allow: longer, along a minor river, without a DNA, or through a VM regiment."""
        rules: LineRules = facts.line_rules(self.game, facts.RIVER_LINE, False)
        relaxed = replace(
            rules,
            along=rules.along | {"minor_river", "major_river"},
            not_blocking=(UnitWhen(sides=frozenset({facts.VM})),),
        )
        found = facts.trace_route(self.game, facts.CEF, place, self.sources[facts.CEF], RELAXED_RIVER_REACH, relaxed, self.units)
        return found is not None and found.found

    def supply(self, unit_id: str, zoc_blocks: bool) -> str | None:
        """Why the unit is supplied (7.2, 7.3), None when it is not."""
        game, state = self.game, self.state
        side = str(facts.side_of(game, unit_id))
        place = state.place(unit_id)
        if any(kind == facts.TRENCH[side] for kind, _ in state.markers_at(place)):
            return "in its side's trench"
        if side == facts.VM:
            for mark in ALWAYS_VM:
                if facts.has_mark(game, unit_id, mark):
                    return f"always supplied ({mark})"
            if facts.kind_of(game, unit_id) == facts.HEADQUARTERS:
                return "always supplied (the VM HQ)"
        else:
            if facts.has_mark(game, unit_id, facts.GCMA):
                return "always supplied (GCMA)"
            if facts.has_mark(game, unit_id, facts.THAI):
                source = self.within(side, place, self.thai_sources, zoc_blocks)
                if source is not None:
                    return f"within {RANGE} of {source}, a CEF-controlled blue highland community"
            if facts.has_mark(game, unit_id, facts.LAOTIAN):
                source = self.within(side, place, self.laotian_sources, zoc_blocks)
                if source is not None:
                    return f"within {RANGE} of {source}, a CEF-controlled community in Laos"
        source = self.within(side, place, self.sources[side], zoc_blocks)
        if source is not None:
            return f"within {RANGE} of {source}, a working supply centre or SD"
        if side == facts.CEF and self.river(place):
            return "by river supply"
        return None


def judged_units(game: GameData, state: HexState) -> tuple[str, ...]:
    """The units the supply check judges: on the map, not SDs (the Navy and air support are not on the ground)."""
    return tuple(u for u in facts.on_map_units(game, state) if facts.kind_of(game, u) != facts.SUPPLY_DEPOT)


def _supply_phase(state: HexState, ctx: HexContext) -> bool:
    return state.phase == SUPPLY_PHASE and facts.closing_event(ctx) is not None


def _traced(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext, river_id: bool) -> Iterable[Finding]:
    if not _supply_phase(state, ctx):
        return ()
    event = facts.closing_event(ctx)
    game = ctx.game
    board = _Board(game, facts.on_board(state))
    chosen = facts.zoc_blocks_lines(ctx.rules)
    out = []
    for unit_id in judged_units(game, board.state):
        marked = state.has_status(unit_id, facts.OOS)
        if river_id and (marked or str(facts.side_of(game, unit_id)) != facts.CEF):
            continue
        why = board.supply(unit_id, chosen)
        if marked == (why is None):
            continue  # as it traces under the reading in force
        other = board.supply(unit_id, not chosen)
        place = board.state.place(unit_id)
        severity = Severity.SUSPICIOUS if (why is None) != (other is None) else None
        reading = " (only the reading zoc-blocks-lines=" + ("yes" if chosen else "no") + " gives this)" if severity else ""
        if marked and why is not None and not river_id:
            out.append(rule.finding(
                state, event,
                f"{unit_id} in {place} keeps an OoS status after the supply phase but can trace supply ({why}; 7.1, 7.5: "
                f"it removes its marker){reading}.",
                severity=severity, units=(unit_id,), hexes=(place,), expected="supplied", actual="OoS",
                side=facts.side_of(game, unit_id), impulse=impulse.number,
            ))
        elif not marked and why is None:
            broken = severity is None and str(facts.side_of(game, unit_id)) == facts.CEF and board.broken_river(place)
            if broken != river_id:
                continue
            if river_id:
                message = (f"{unit_id} in {place} has no OoS status after the supply phase, but its only line is a river line "
                           f"7.4 does not allow (more than {RIVER_REACH} hexes, along a minor river, with no DNA on it, or cut by "
                           "a VM regiment in a river hex).")
            else:
                message = (f"{unit_id} in {place} cannot trace supply (7.2, 7.3: no trench, no source within {RANGE} hexes"
                           f"{', no river line' if str(facts.side_of(game, unit_id)) == facts.CEF else ''}) but has no OoS status "
                           f"after the supply phase (7.1){reading}.")
            out.append(rule.finding(
                state, event, message, severity=severity, units=(unit_id,), hexes=(place,), expected="OoS",
                actual="supplied", side=facts.side_of(game, unit_id), impulse=impulse.number,
            ))
    return out


def _sup01(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    return _traced(rule, impulse, steps, state, ctx, river_id=False)


def _sup03(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    return _traced(rule, impulse, steps, state, ctx, river_id=True)


def _lost_a_step(game: GameData, unit_id: str, event: object) -> bool:
    if isinstance(event, (Hit, UnitEliminated)) and event.unit == unit_id:
        return True
    if isinstance(event, StatusChange) and event.unit == unit_id and event.status == facts.STEP_LOSS and event.on:
        return True
    return (
        isinstance(event, UnitMove)
        and event.unit == unit_id
        and box_of(event.to_place) == facts.eliminated_box(game, unit_id)
    )


def _rainy_loss(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    if not _supply_phase(state, ctx) or not steps or not facts.rainy(ctx.game, state.turn):
        return ()
    game = ctx.game
    at_start = steps[0][0]
    out = []
    for i, (before, event) in enumerate(steps):
        if not (isinstance(event, StatusChange) and event.status == facts.OOS and event.on):
            continue
        unit_id = event.unit
        if at_start.has_status(unit_id, facts.OOS) or not state.has_status(unit_id, facts.OOS):
            continue  # kept its marker, or the marker did not stay: judged neither way
        if any(isinstance(e, StatusChange) and e.unit == unit_id and e.status == facts.OOS and e.on for _, e in steps[:i]):
            continue  # reported at its first marking
        if any(_lost_a_step(game, unit_id, e) for _, e in steps):
            continue
        out.append(rule.finding(
            before, event,
            f"{unit_id} gets an OoS status in the supply phase of {facts.month_label(game, state.turn)}, a rainy month, and "
            "loses no step in that phase (7.1, 1.7).",
            units=(unit_id,), hexes=(before.place(unit_id),), impulse=impulse.number,
        ))
    return out


RULES: tuple[HexRule, ...] = (
    HexRule(
        "TON-SUP-01",
        "7.1, 7.2, 7.3, 7.4, 7.5",
        Severity.ILLEGAL,
        "After the supply phase the OoS statuses are on exactly the units that cannot trace supply.",
        close_fn=_sup01,
    ),
    HexRule(
        "TON-SUP-02",
        "7.1, 1.7",
        Severity.ILLEGAL,
        "In the rainy season a unit that gets an OoS status loses a step in the supply phase.",
        close_fn=_rainy_loss,
    ),
    HexRule(
        "TON-SUP-03",
        "7.4",
        Severity.ILLEGAL,
        "River supply runs at most 5 hexes along major rivers and coast, with a DNA, uncut by a VM regiment.",
        close_fn=_sup03,
    ),
)
