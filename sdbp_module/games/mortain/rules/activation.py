"""Activation by the card (M-2.2, M-3, M-6.2, M-6.3): MOR-ACT-01..05.

An impulse is one activation card and what follows it (``replay.hexes.flow``). Acts before the
log's first card are the set-up (not judged here); acts after a Joker ended the turn are
MOR-TURN-01's, and a German unit's entry without activation is MOR-SET-03's: each fault once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.mortain.ids import GERMAN, GERMAN_EXITED
from sdbp_module.games.mortain.rules import switches as sw
from sdbp_module.games.mortain.rules.facts import (
    Facts,
    after_joker_end,
    card_of,
    in_setup,
)
from sdbp_module.ids import Severity
from sdbp_module.model.playing_cards import activation
from sdbp_module.replay.hexes.events import (
    Activate,
    FireAt,
    HexEvent,
    SupportCall,
    UnitMove,
    box_of,
    is_hex,
)
from sdbp_module.replay.hexes.flow import ACTS, Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule, Steps


def move_kind(move: UnitMove) -> str:
    """``entry`` (a box or nowhere → a hex), ``map`` (hex → hex), ``exit`` (hex → the exited box), or
    ``other`` (into an eliminated box, off the map: bookkeeping, not a unit's move)."""
    if is_hex(move.to_place):
        return "map" if is_hex(move.from_place) else "entry"
    if is_hex(move.from_place) and box_of(move.to_place) == GERMAN_EXITED:
        return "exit"
    return "other"


def _mismatch(event: HexEvent, impulse: Impulse) -> bool:
    side = getattr(event, "side", None)
    return isinstance(event, ACTS) and side is not None and side is not impulse.card_side


def _side(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    impulse = ctx.flow.current
    if in_setup(ctx) or impulse.card is None or after_joker_end(ctx.flow) or not _mismatch(event, impulse):
        return ()
    if any(_mismatch(e, impulse) for e in impulse.events):
        return ()  # reported at the first
    side = getattr(event, "side", None)
    card = impulse.card.card
    if impulse.card_side is None:
        why = f"on the {card}, a card of no side's colour"
    else:
        why = f"on the {card}, the {impulse.card_side.label} player's card (black German, red US)"
    return (rule.finding(before, event, f"{side.label if side is not None else 'A side'} acts {why} (M-2.2).",
                         impulse=impulse.number, expected=str(impulse.card_side) if impulse.card_side else None,
                         actual=str(side)),)


def _count(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    """Judged at the impulse's close: the units activated against what its card allows."""
    if impulse.card is None or not impulse.activations or impulse.number == 0:
        return
    card = card_of(ctx, impulse.card)
    allowed = activation(ctx.spec, card) if card is not None else None
    if allowed is None:
        return
    facts = Facts(ctx.game)
    tiger_free = ctx.switch(sw.TIGER_STACKING) == "free"
    units: dict[str, str] = {}  # unit -> place when activated
    for before, event in steps:
        if not isinstance(event, Activate):
            continue
        for u in event.units:
            units.setdefault(u, before.place(u) or event.place)
        others = [u for u in units if u != facts.tiger or not any(facts.side(o) is GERMAN for o in units if o != u)]
        if not allowed.group:
            if len(others) > allowed.units:
                yield rule.finding(before, event, f"The {impulse.card.card} activates {len(others)} units "
                                   f"({', '.join(units)}): half its value rounded up is {allowed.units} (M-3.1).",
                                   units=tuple(units), impulse=impulse.number, expected=allowed.units, actual=len(others))
                return
            if len(units) > allowed.units and not tiger_free:
                yield rule.finding(before, event, f"The {impulse.card.card} activates {len(units)} units counting "
                                   f"{facts.tiger}: {allowed.units} allowed (the reading tiger-stacking=counts) (M-3.1, M-1.5).",
                                   severity=Severity.SUSPICIOUS, units=tuple(units), impulse=impulse.number,
                                   expected=allowed.units, actual=len(units))
                return
            continue
        group = others if tiger_free else list(units)
        places = sorted({units[u] for u in group})
        reading = ctx.switch(sw.FACE_GROUP)
        if reading == "unit" and len(group) > 1:
            yield rule.finding(before, event, f"The face card {impulse.card.card} activates {len(group)} units "
                               f"({', '.join(group)}): one unit by the reading face-group=unit (M-3.2).",
                               severity=Severity.SUSPICIOUS, units=tuple(group), impulse=impulse.number)
            return
        if len(places) > 1:
            yield rule.finding(before, event, f"The face card {impulse.card.card} activates units in {len(places)} places "
                               f"({', '.join(places)}): one unit or the group of one hex (the reading face-group=hex) (M-3.2).",
                               severity=Severity.SUSPICIOUS, units=tuple(group), hexes=places, impulse=impulse.number)
            return


def _acts_of(unit: str, impulse: Impulse, upto: HexEvent) -> tuple[list[str], bool]:
    """The kinds of the moves ``unit`` made in ``impulse`` before ``upto``, and whether it fired."""
    moves: list[str] = []
    fired = False
    for e in impulse.events:
        if e is upto:
            break
        if isinstance(e, UnitMove) and e.unit == unit and move_kind(e) != "other":
            moves.append(move_kind(e))
        elif isinstance(e, FireAt) and any(f == unit for f, _ in e.firers):
            fired = True
    return moves, fired


def _one_act(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    if in_setup(ctx) or after_joker_end(ctx.flow):
        return ()
    impulse = ctx.after.current  # the event included, so ``_acts_of`` stops at it
    activated = impulse.activated()
    facts = Facts(ctx.game)
    entry_is_move = ctx.switch(sw.ENTRY_USES_ACTIVATION) == "yes"
    found: list[Finding] = []
    if isinstance(event, UnitMove):
        kind = move_kind(event)
        if kind == "other" or event.unit not in activated:
            return ()
        if kind == "map" and not facts.adjacent(event.from_place, event.to_place):
            d = facts.distance(event.from_place, event.to_place)
            found.append(rule.finding(after, event, f"{event.unit} moves from {event.from_place} to {event.to_place}, "
                                      f"{d} hexes: an activated unit moves one hex (M-3.4).", units=(event.unit,),
                                      hexes=(event.from_place, event.to_place), impulse=impulse.number, expected=1, actual=d))
        moves, fired = _acts_of(event.unit, impulse, event)
        if fired:
            found.append(rule.finding(after, event, f"{event.unit} moves after firing in the same activation: it moves or "
                                      "fires (M-3.4).", units=(event.unit,), hexes=(event.to_place,), impulse=impulse.number))
        elif any(k != "entry" for k in moves) or moves.count("entry") > 1:
            found.append(rule.finding(after, event, f"{event.unit} moves a second time in one activation: one hex (M-3.4).",
                                      units=(event.unit,), hexes=(event.to_place,), impulse=impulse.number))
        elif moves and entry_is_move:
            found.append(rule.finding(after, event, f"{event.unit} moves on after entering in the same activation: the "
                                      "entry is its move (the reading entry-uses-activation=yes) (M-1.3, M-3.4).",
                                      severity=Severity.SUSPICIOUS, units=(event.unit,), hexes=(event.to_place,),
                                      impulse=impulse.number))
        return found[:1]  # one fault per move: the first
    if isinstance(event, FireAt):
        for unit, place in event.firers:
            if unit not in activated:
                continue
            moves, _ = _acts_of(unit, impulse, event)
            if any(k != "entry" for k in moves):
                found.append(rule.finding(after, event, f"{unit} fires after moving in the same activation: it moves or "
                                          "fires (M-3.4, M-5.5).", units=(unit,), hexes=(place,), impulse=impulse.number))
            elif moves and entry_is_move:
                found.append(rule.finding(after, event, f"{unit} fires after entering in the same activation: the entry "
                                          "is its move (the reading entry-uses-activation=yes) (M-1.3, M-3.4).",
                                          severity=Severity.SUSPICIOUS, units=(unit,), hexes=(place,), impulse=impulse.number))
    return found


def _support_or_units(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    if impulse.card is None or impulse.number == 0:
        return
    support: SupportCall | None = None
    ground: HexEvent | None = None
    for before, event in steps:
        if isinstance(event, SupportCall):
            if event.side is None or impulse.card_side is None or event.side is impulse.card_side:
                support = support or event
        elif isinstance(event, (Activate, FireAt)) or (isinstance(event, UnitMove) and move_kind(event) != "other"):
            if event.side is not None and impulse.card_side is not None and event.side is not impulse.card_side:
                continue  # the other side's act: MOR-ACT-01
            ground = ground or event
        if support is not None and ground is not None:
            yield rule.finding(before, event, f"The {impulse.card.card} is used for {support.marker} and also activates "
                               "ground units: the marker is used instead of an activation (M-6.2, M-6.3).",
                               impulse=impulse.number)
            return


def _activated(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    if in_setup(ctx) or after_joker_end(ctx.flow):
        return ()
    facts = Facts(ctx.game)
    impulse = ctx.flow.current
    activated = impulse.activated()
    card = impulse.card.card if impulse.card is not None else None
    by = f"by the {card}" if card is not None else "(no card drawn yet this turn)"
    if isinstance(event, UnitMove):
        kind = move_kind(event)
        if kind == "other" or event.unit in activated:
            return ()
        if kind == "entry" and facts.side(event.unit) is GERMAN:
            return ()  # MOR-SET-03
        return (rule.finding(after, event, f"{event.unit} moves ({event.from_place or '?'} to {event.to_place}) without "
                             f"being activated {by} (M-3.4).", units=(event.unit,), hexes=(event.from_place, event.to_place),
                             impulse=impulse.number),)
    if isinstance(event, FireAt):
        idle = [(u, p) for u, p in event.firers if u not in activated]
        if idle:
            return (rule.finding(before, event, f"{', '.join(u for u, _ in idle)} fire{'s' if len(idle) == 1 else ''} "
                                 f"without being activated {by} (M-3.4, M-5.5).", units=[u for u, _ in idle],
                                 hexes=[p for _, p in idle], impulse=impulse.number),)
    return ()


RULES: tuple[HexRule, ...] = (
    HexRule("MOR-ACT-01", "M-2.2", Severity.ILLEGAL, "The side that acts is the side of the card's colour.",
            check_fn=_side, event_types=ACTS),
    HexRule("MOR-ACT-02", "M-3.1, M-3.2", Severity.ILLEGAL,
            "A number card activates half its value rounded up (Ace 1); a face card one unit or one group.", close_fn=_count),
    HexRule("MOR-ACT-03", "M-3.4, M-1.3", Severity.ILLEGAL,
            "An activated unit moves one hex to an adjacent hex or fires, once.", check_fn=_one_act,
            event_types=(UnitMove, FireAt)),
    HexRule("MOR-ACT-04", "M-6.2, M-6.3", Severity.ILLEGAL,
            "A red card used for Air or OBA activates no ground unit.", close_fn=_support_or_units),
    HexRule("MOR-ACT-05", "M-3.4", Severity.ILLEGAL, "Only units the current card activated move or fire.",
            check_fn=_activated, event_types=(UnitMove, FireAt)),
)
