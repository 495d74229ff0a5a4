"""Exits and victory (M-7): MOR-EXIT-01, MOR-VIC-01 and the result the log supports (``outcome``).

The German player wins with at least 5 German units in the exited box by the end of the last turn, or
as soon as no US unit is in play (CCA, CCB, CCR waiting off the west edge count as in play by the
reading unentered-in-play=yes); otherwise the US player wins, once the last turn is over (a Joker
ended it, or its deck was drawn out). Before that the log supports no winner yet.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.mortain.ids import GERMAN, GERMAN_EXITED, US, US_ENTRY
from sdbp_module.games.mortain.rules import switches as sw
from sdbp_module.games.mortain.rules.facts import Facts
from sdbp_module.ids import Severity, Side
from sdbp_module.replay.hexes.events import (
    Declared,
    HexEvent,
    UnitMove,
    box_of,
    box_place,
    is_hex,
)
from sdbp_module.replay.hexes.flow import Flow
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.base import Outcome
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule

EXITS_TO_WIN = 5  # M-7.2


def _result(state: HexState, flow: Flow, ctx: HexContext) -> tuple[Side | None, str]:
    facts = Facts(ctx.game)
    exited = [u for u in state.units_at(box_place(GERMAN_EXITED)) if facts.side(u) is GERMAN]
    waiting_counts = ctx.switch(sw.UNENTERED_IN_PLAY) == "yes"
    in_play = [
        u for u, p in state.places.items()
        if facts.side(u) is US and (is_hex(p) or (waiting_counts and box_of(p) == US_ENTRY))
    ]
    last = ctx.game.game.turns
    if len(exited) >= EXITS_TO_WIN:
        return GERMAN, f"German win: {len(exited)} German units exited off the west edge (at least {EXITS_TO_WIN}, M-7.2)."
    if not in_play:
        return GERMAN, "German win: no US unit remains in play (M-7.2)."
    if flow.turn >= last and flow.turn_over:
        return US, f"US win: turn {last} is over with {len(exited)} German units exited (fewer than {EXITS_TO_WIN}) and " \
                   f"{len(in_play)} US units in play (M-7.3)."
    return None, f"Turn {flow.turn} of {last} is not over: {len(exited)} German units exited, {len(in_play)} US units in play."


def _declared(flow: Flow) -> Declared | None:
    found = None
    for imp in flow.all_impulses():
        for e in imp.events:
            if isinstance(e, Declared) and e.winner is not None:
                found = e
    return found


def outcome(final: HexState, ctx: HexContext) -> Outcome:
    winner, text = _result(final, ctx.flow, ctx)
    claim = _declared(ctx.flow)
    return Outcome(winner, claim.winner if claim is not None else None, text)


def _victory(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    assert isinstance(event, Declared)
    if event.winner is None:
        return ()
    winner, text = _result(before, ctx.flow, ctx)
    if winner is None and event.side is event.winner:
        # a side claims its own win while its conditions do not hold: the declaration ends the game on a
        # win the rules have not given (a concession to the other side is not that: below)
        return (rule.finding(before, event, f"{event.winner.label} claims the win, but {text} The rules give no "
                             "winner yet.", impulse=ctx.flow.current.number, expected="no winner yet", actual=str(event.winner)),)
    if winner is None:
        return (rule.finding(before, event, f"{event.winner.label} is declared the winner by the other side, but: {text} "
                             "The rules give no winner yet and say nothing of conceding.", severity=Severity.CANNOT_CHECK,
                             impulse=ctx.flow.current.number),)
    if winner is not event.winner:
        return (rule.finding(before, event, f"{event.winner.label} is declared the winner: {text}",
                             impulse=ctx.flow.current.number, expected=str(winner), actual=str(event.winner)),)
    return ()


def _exit(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    assert isinstance(event, UnitMove)
    facts = Facts(ctx.game)
    impulse = ctx.flow.current.number
    if box_of(event.from_place) == GERMAN_EXITED and event.to_place != event.from_place:
        return (rule.finding(after, event, f"{event.unit} comes back from the exited box to {event.to_place or 'nowhere'}: "
                             "an exited unit has left the game (M-7.2).", units=(event.unit,), hexes=(event.to_place,),
                             impulse=impulse),)
    if box_of(event.to_place) != GERMAN_EXITED:
        return ()
    if facts.side(event.unit) is not GERMAN:
        return (rule.finding(after, event, f"{event.unit}, not a German unit, is put in the German exited box (M-7.2).",
                             units=(event.unit,), impulse=impulse),)
    if event.from_place not in facts.west_edge:
        return (rule.finding(after, event, f"{event.unit} exits from {event.from_place or 'off the map'}, not a west-edge "
                             "hex (M-7.2, M-7.4).", units=(event.unit,), hexes=(event.from_place,), impulse=impulse),)
    return ()


RULES: tuple[HexRule, ...] = (
    HexRule("MOR-VIC-01", "M-7.2, M-7.3", Severity.ILLEGAL, "The declared winner is the one the victory rule gives.",
            check_fn=_victory, event_types=(Declared,)),
    HexRule("MOR-EXIT-01", "M-7.2, M-7.4", Severity.ILLEGAL,
            "Only German units exit, from a west-edge hex; an exited unit does not come back.",
            check_fn=_exit, event_types=(UnitMove,)),
)
