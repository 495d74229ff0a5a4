"""Stacking (1.5, 3.1, 6.4): TON-STK-01 and TON-STK-02 (``docs/tonkin-rules.md``, "TON-STK").

- TON-STK-01: at the end of every phase no hex holds more than 13 stacking points of one side (1.5; a unit
  counts its printed stacking on the face it shows, 1 when none is printed, 1 less with a "-1" marker,
  6.13). The end of a phase is seen when the next phase starts: the finding is at that ``PhaseStart``.
  A log that ends inside a phase has not ended it, so its last phase is not judged. Saigon is a box (no
  limit, 3.7); the ×3 of carried units counts only in transport (TON-TRN-03/06/07).
- TON-STK-02: enemy units share a hex only while a unit enters a hex holding only enemy HQs and/or SDs,
  which are eliminated (6.4), or after a paradrop (its overrun combat is stage 2's). A move into such a
  hex opens the sharing; the finding is the first act of another unit (a move, transport, double move or
  declaration not into or out of that hex, or the next phase) while an HQ or SD of the entered side is
  still there beside the entering side's units. A move into a hex with enemy combat units is TON-MOV-02's.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.tonkin.rules import facts
from sdbp_module.ids import Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import (
    Carry,
    DeclareUnit,
    DoubleMove,
    HexEvent,
    PhaseStart,
    UnitMove,
    is_hex,
)
from sdbp_module.replay.hexes.flow import Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule, Steps


def _over_limit(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    event = facts.closing_event(ctx)
    if event is None:
        return ()
    game = ctx.game
    limit = facts.stacking_limit(game)
    board = facts.on_board(state)
    points: dict[tuple[str, str], list[str]] = {}
    for unit_id in facts.on_map_units(game, board, ground=False):
        owner = facts.side_of(game, unit_id)
        if owner is not None:
            points.setdefault((board.place(unit_id), str(owner)), []).append(unit_id)
    out = []
    for (place, side), units in sorted(points.items()):
        total = sum(facts.stacking_points(game, state, u) for u in units)
        if total > limit:
            out.append(
                rule.finding(
                    state,
                    event,
                    f"{side.upper()} has {total} stacking points in {place} at the end of the {state.phase or 'opening'} "
                    f"phase, more than {limit} (1.5: steps are removed until {limit} remain): {', '.join(sorted(units))}.",
                    units=sorted(units),
                    hexes=(place,),
                    expected=limit,
                    actual=total,
                    side=facts.side_of(game, units[0]),
                    impulse=impulse.number,
                )
            )
    return out


@record(frozen=False, slots=False)
class _Sharing:
    place: str
    entering: str  # the side that entered
    victims: frozenset[str]  # the HQs and SDs of the other side found there
    by_para: bool


def _is_hq_or_sd(game: GameData, unit_id: str) -> bool:
    return facts.kind_of(game, unit_id) in (facts.HEADQUARTERS, facts.SUPPLY_DEPOT)


def _act_unit(event: HexEvent) -> str | None:
    if isinstance(event, (UnitMove, Carry, DoubleMove, DeclareUnit)):
        return event.unit
    return None


def _shared_hexes(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    game = ctx.game
    open_: dict[str, _Sharing] = {}
    carried_by_para: set[str] = set()
    out: list[Finding] = []
    closing = facts.closing_event(ctx)
    seq: list[tuple[HexState, HexEvent | None]] = [*steps, *(((state, closing),) if closing is not None else ())]
    for i, (before, event) in enumerate(seq):
        assert event is not None
        # is the sharing still there at this act of another unit?
        for place, sharing in list(open_.items()):
            here = before.units_at(place)
            victims = [u for u in here if u in sharing.victims]
            enterers = [u for u in here if str(facts.side_of(game, u)) == sharing.entering]
            if not victims or not enterers:
                del open_[place]
                continue
            unit = _act_unit(event)
            other_act = isinstance(event, PhaseStart) or (
                unit is not None
                and unit not in here
                and not (isinstance(event, UnitMove) and place in (event.from_place, event.to_place))
            )
            if other_act:
                del open_[place]
                if not sharing.by_para:
                    out.append(
                        rule.finding(
                            before,
                            event,
                            f"{', '.join(sorted(victims))} still in {place} beside the {sharing.entering.upper()} units that "
                            f"entered it ({', '.join(sorted(enterers))}): an HQ or SD whose hex an enemy unit enters is "
                            "eliminated (6.4; 3.1: enemy units do not share a hex).",
                            units=sorted(victims),
                            hexes=(place,),
                            impulse=impulse.number,
                        )
                    )
        if isinstance(event, Carry) and event.mode == "para":
            carried_by_para.add(event.unit)
        if isinstance(event, UnitMove) and is_hex(event.to_place):
            mover_side = facts.side_of(game, event.unit)
            if mover_side is None:
                continue
            para = event.unit in carried_by_para
            carried_by_para.discard(event.unit)
            enemies = [
                u
                for u in facts.on_map_units(game, before)
                if before.place(u) == event.to_place and facts.side_of(game, u) not in (None, mover_side)
            ]
            if enemies and all(_is_hq_or_sd(game, u) for u in enemies) and event.to_place not in open_:
                open_[event.to_place] = _Sharing(event.to_place, str(mover_side), frozenset(enemies), para)
            elif enemies and para and event.to_place in open_:
                open_[event.to_place].by_para = True
    return out


RULES: tuple[HexRule, ...] = (
    HexRule(
        "TON-STK-01",
        "1.5, 6.13",
        Severity.ILLEGAL,
        "At most 13 stacking points of a side in a hex at the end of each phase.",
        close_fn=_over_limit,
    ),
    HexRule(
        "TON-STK-02",
        "3.1, 6.4",
        Severity.ILLEGAL,
        "An enemy HQ or SD in a hex a unit enters is eliminated before another unit acts.",
        close_fn=_shared_hexes,
    ),
)
