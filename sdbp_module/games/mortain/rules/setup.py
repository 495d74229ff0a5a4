"""Set-up, entry and stacking (M-1): MOR-SET-01..03, MOR-STK-01..02.

The set-up is judged once, on the positions when the log's first card is drawn (the US player may
still arrange his units before it; at the end of the log when no card is drawn), and only when the
log showed the start (``HexState.started``) in turn 1 (a log opening later shows a game under way). Entries and stacking after it are judged move by move.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.mortain.ids import GERMAN, US
from sdbp_module.games.mortain.rules import switches as sw
from sdbp_module.games.mortain.rules.facts import (
    Facts,
    after_joker_end,
    first_card,
    in_setup,
)
from sdbp_module.ids import Severity
from sdbp_module.replay.hexes.events import (
    CardDrawn,
    HexEvent,
    UnitMove,
    box_of,
    is_hex,
)
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule

# ------------------------------------------------------------------------------------------


def _at_setup_close(event: HexEvent, ctx: HexContext, before: HexState) -> bool:
    return before.started and before.turn <= 1 and first_card(event, ctx.flow)


def _setup_positions(rule: HexRule, state: HexState, event: HexEvent | None, ctx: HexContext) -> Iterator[Finding]:
    facts = Facts(ctx.game)
    rid = rule.rule_id
    late = facts.late()
    if rid == "MOR-SET-01":
        edge = facts.east_edge
        half = facts.east_half() if ctx.switch(sw.EAST_HEXES) == "half" else frozenset()
        for unit, place in state.places.items():
            if facts.side(unit) is not US or unit in late or not is_hex(place):
                continue
            if place in edge:
                yield rule.finding(state, event, f"{unit} sets up in {place}, an east-edge hex: the US sets up anywhere "
                                   "but the eastern hexes (M-1.1).", units=(unit,), hexes=(place,), side=US)
            elif place in half:
                yield rule.finding(state, event, f"{unit} sets up in {place}, in the eastern half of the map (the reading "
                                   "east-hexes=half; the edge reading allows it) (M-1.1).", severity=Severity.SUSPICIOUS,
                                   units=(unit,), hexes=(place,), side=US)
    elif rid == "MOR-SET-02":
        for unit, place in state.places.items():
            if unit in late and is_hex(place):
                yield rule.finding(state, event, f"{unit} is on the map ({place}) at the start: it enters on turn "
                                   f"{late[unit]} or later, on a west-edge hex (M-1.2).", units=(unit,), hexes=(place,), side=US)
    elif rid == "MOR-SET-03":
        for unit, place in state.places.items():
            if facts.side(unit) is GERMAN and is_hex(place):
                yield rule.finding(state, event, f"{unit} is on the map ({place}) at the start: German units start off "
                                   "the east edge and enter when activated (M-1.3).", units=(unit,), hexes=(place,), side=GERMAN)
    elif rid in ("MOR-STK-01", "MOR-STK-02"):
        seen: set[str] = set()
        for place in state.places.values():
            if is_hex(place) and place not in seen:
                seen.add(place)
                yield from _stack(rule, state, event, place, ctx, None)


_PLACED = (
    "; the rules text states the limit where units are placed (its set-up paragraph: \"mogą zostać położone\"), "
    "read here for the whole game: a move in play is suspicious"
)


def _stack(
    rule: HexRule, state: HexState, event: HexEvent | None, place: str, ctx: HexContext, mover: str | None, moved: bool = False
) -> Iterator[Finding]:
    """The stacking of ``place``; ``moved``: a unit came by a move from another hex (not placed on the map)."""
    facts = Facts(ctx.game)
    here = state.units_at(place)
    if rule.rule_id == "MOR-STK-02":
        sides = {facts.side(u) for u in here} - {None}
        if len(sides) > 1:
            yield rule.finding(state, event, f"German and US units share {place} ({', '.join(here)}): they never stand "
                               "together (M-1.6).", units=here, hexes=(place,))
        return
    limit = ctx.game.game.stacking_limit
    for side in (US, GERMAN):
        if mover is not None and facts.side(mover) is not side:
            continue
        ours = [u for u in here if facts.side(u) is side]
        without = [u for u in ours if u != facts.tiger]
        if len(without) > limit:
            yield rule.finding(state, event, f"{len(without)} {side.label} units in {place} ({', '.join(ours)}): at most "
                               f"{limit} friendly units in a hex (M-1.4){_PLACED if moved else ''}.",
                               severity=Severity.SUSPICIOUS if moved else None, units=ours, hexes=(place,), side=side,
                               expected=limit, actual=len(without))
        elif len(ours) > limit and ctx.switch(sw.TIGER_STACKING) == "counts":
            yield rule.finding(state, event, f"{len(ours)} {side.label} units in {place} ({', '.join(ours)}) counting "
                               f"{facts.tiger}: at most {limit} (the reading tiger-stacking=counts; by the recommended "
                               "reading the Tiger stacks freely) (M-1.4, M-1.5).", severity=Severity.SUSPICIOUS,
                               units=ours, hexes=(place,), side=side, expected=limit, actual=len(ours))


def _entry_from(move: UnitMove) -> str | None:
    """The box a unit enters the map from (or "" from nowhere known), None when the move is no entry."""
    if not is_hex(move.to_place) or is_hex(move.from_place):
        return None
    return box_of(move.from_place) or ""


def _check(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    if isinstance(event, CardDrawn):
        return list(_setup_positions(rule, before, event, ctx)) if _at_setup_close(event, ctx, before) else ()
    if not isinstance(event, UnitMove) or in_setup(ctx):
        return ()
    facts = Facts(ctx.game)
    rid = rule.rule_id
    impulse = ctx.flow.current.number
    unit = event.unit
    if rid in ("MOR-STK-01", "MOR-STK-02"):
        if not is_hex(event.to_place):
            return ()
        return list(_stack(rule, after, event, event.to_place, ctx, unit, is_hex(event.from_place)))
    entry = _entry_from(event)
    if entry is None:
        return ()
    if rid == "MOR-SET-02":
        late = facts.late()
        if unit not in late:
            return ()
        why = []
        if after.turn < late[unit]:
            why.append(f"on turn {after.turn}, before turn {late[unit]}")
        if event.to_place not in facts.west_edge:
            why.append(f"on {event.to_place}, not a west-edge hex")
        if not why:
            return ()
        return (rule.finding(after, event, f"{unit} enters {' and '.join(why)} (M-1.2).", units=(unit,),
                             hexes=(event.to_place,), impulse=impulse),)
    if rid == "MOR-SET-03":
        if facts.side(unit) is not GERMAN or after_joker_end(ctx.flow):
            return ()
        why = []
        if event.to_place not in facts.east_edge:
            why.append(f"on {event.to_place}, not an east-edge hex")
        if unit not in ctx.flow.current.activated():
            why.append("without being activated by the current card")
        if not why:
            return ()
        return (rule.finding(after, event, f"{unit} enters {' and '.join(why)} (M-1.3).", units=(unit,),
                             hexes=(event.to_place,), impulse=impulse),)
    return ()


def _finish(rule: HexRule, final: HexState, ctx: HexContext) -> Iterable[Finding]:
    """A log with no card drawn: the set-up judged on the last positions."""
    if ctx.flow.impulses or not final.started or final.turn > 1 or any(isinstance(e, CardDrawn) for e in ctx.flow.current.events):
        return ()
    return list(_setup_positions(rule, final, None, ctx))


def _rule(rule_id: str, rule_ref: str, severity: Severity, summary: str) -> HexRule:
    return HexRule(rule_id, rule_ref, severity, summary, check_fn=_check, finish_fn=_finish, event_types=(CardDrawn, UnitMove))


RULES: tuple[HexRule, ...] = (
    _rule("MOR-SET-01", "M-1.1", Severity.ILLEGAL, "No US unit but the late arrivals sets up on the eastern hexes."),
    _rule("MOR-SET-02", "M-1.2", Severity.ILLEGAL, "The late US units enter on their turn or later, on a west-edge hex."),
    _rule("MOR-SET-03", "M-1.3", Severity.ILLEGAL, "German units start off the map and enter, activated, on an east-edge hex."),
    _rule("MOR-STK-01", "M-1.4, M-1.5", Severity.ILLEGAL, "At most 2 friendly units in a hex (102 Tiger by the switch)."),
    _rule("MOR-STK-02", "M-1.6", Severity.ILLEGAL, "German and US units never share a hex."),
)

