"""Storm over Stalingrad's set-up (rules 3.1–3.3): SOS-SET-01 (where each unit starts) and SOS-SET-02 (the bid).

SOS-SET-01 judges the ``game-start`` snapshot against the scenario: every unit is set up face up, fresh
(3.2); a unit with a set-up letter starts in the area of that letter (the data resolves the letter to
the area), an ``L`` unit in any landing zone (its counter's ``setup: any landing_zone``, whichever zone
the scenario puts it in), a reinforcement on the box of its turn (3.2). SOS-SET-02 judges the bid
of 3.1: every bid is at least the data's minimum (``game.yaml`` ``bid.min``), the Soviet player is the
higher bidder (a tie is settled by agreement or a die the log need not show: info), and the victory
threshold is the higher bid. The bid is not optional in this game: a log whose snapshot holds no bid
gives one ``cannot-check``, and so does a log with no ``game-start``.
"""

from __future__ import annotations

from collections.abc import Iterator

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import Severity
from sdbp_module.model.game_data import SetupKind
from sdbp_module.replay.events import Bid, Event, GameStart
from sdbp_module.replay.location import Location, format_location
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Rule, rule
from sdbp_module.rules.findings import Finding

F = Finding


def _no_start(r: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    if not final.started:
        yield r.finding(final, None, "The log has no game-start snapshot: the set-up cannot be checked.", severity=Severity.CANNOT_CHECK)


def _loc(loc: Location | None) -> str:
    return "nowhere (not in the snapshot)" if loc is None else format_location(loc)


@rule(
    "SOS-SET-01",
    "3.2, 3.3",
    Severity.ILLEGAL,
    "At start every unit is fresh, in its set-up area (an L unit in a landing zone), or on its turn box.",
    finish=_no_start,
    events=(GameStart,),
)
def set_up_areas(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    if not isinstance(event, GameStart):
        return
    game = ctx.game
    where = {u.unit: u.location for u in event.units}
    spent = tuple(sorted(u.unit for u in event.units if u.spent))
    if spent:  # 3.2: "each player places his units face up" (fresh), on the map or on the track
        yield r.finding(
            before, event,
            f"{', '.join(spent)} {'is' if len(spent) == 1 else 'are'} set up spent; every unit is placed face up, fresh (3.2).",
            units=spent, expected=0, actual=len(spent),
        )
    for unit_id, placement in game.scenario.units.items():
        printed = game.unit(unit_id).setup
        if printed.kind is SetupKind.CLASS:  # 3.3: any area of the class, wherever the scenario puts it
            placement = printed
        actual = where.get(unit_id)
        if placement.kind is SetupKind.AREA and placement.area is not None:
            if actual is None or not actual.is_on_map or actual.area != placement.area:
                area = game.area(placement.area)
                code = area.setup_code
                named = f"{area.name} ({placement.area}" + (f", set-up letter {code})" if code else ")")
                yield r.finding(
                    before, event, f"{unit_id} starts in {_loc(actual)}; its set-up area is {named}.",
                    units=(unit_id,), areas=(placement.area,), expected=str(placement.area),
                    actual=None if actual is None else format_location(actual),
                )
        elif placement.kind is SetupKind.CLASS:
            wanted = placement.area_class
            ok = actual is not None and actual.is_on_map and actual.area is not None and game.area(actual.area).colour == wanted
            if not ok:
                yield r.finding(
                    before, event, f"{unit_id} starts in {_loc(actual)}; it starts in any area of class {wanted}.",
                    units=(unit_id,), areas=(actual.area,) if actual is not None and actual.area is not None else (),
                    expected=f"any {wanted}", actual=None if actual is None else format_location(actual),
                )
        elif placement.kind is SetupKind.TURN and placement.turn is not None:
            expected = Location.on_turn(placement.turn)
            if actual != expected:
                yield r.finding(
                    before, event,
                    f"Reinforcement {unit_id} starts in {_loc(actual)}; it waits on the turn-{placement.turn} box.",
                    units=(unit_id,), areas=(actual.area,) if actual is not None and actual.area is not None else (),
                    expected=format_location(expected), actual=None if actual is None else format_location(actual),
                )


def side_bids(bid: Bid, ctx: CheckContext) -> tuple[int, int]:
    """The bids written by the players who took the German and the Soviet side (the snapshot gives
    them in the order of the game's sides in ``game.yaml``)."""
    return (bid.first, bid.second) if ctx.game.game.sides[0] is GERMAN else (bid.second, bid.first)


def _bid_finish(r: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    if not final.started:
        yield from _no_start(r, final, ctx)


@rule(
    "SOS-SET-02",
    "3.1",
    Severity.ILLEGAL,
    "Each bid is at least 1, the higher bidder plays the Soviets, and the higher bid is the victory target.",
    finish=_bid_finish,
    events=(GameStart,),
)
def set_up_bid(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    if not isinstance(event, GameStart):
        return
    if event.bid is None:
        yield r.finding(
            before, event, "The start snapshot records no bid; 3.1 requires one, so sides and the victory target "
            "cannot be checked.", severity=Severity.CANNOT_CHECK,
        )
        return
    german, soviet = side_bids(event.bid, ctx)
    rules_bid = ctx.game.game.bid
    least = rules_bid.min if rules_bid is not None else 1
    for side, value in ((GERMAN, german), (SOVIET, soviet)):
        if value < least:
            yield r.finding(
                before, event, f"The {side.label} player's bid is {value}; a bid is at least {least}.",
                side=side, expected=least, actual=value,
            )
    if german > soviet:
        yield r.finding(
            before, event,
            f"The {GERMAN.label} bid {german} beat the {SOVIET.label} bid {soviet}, yet the higher bidder plays the {GERMAN.label}s.",
            expected=german, actual=soviet,
        )
    elif german == soviet:
        yield r.finding(
            before, event, f"The bids tie at {soviet}; sides were settled by agreement or a die the log need not show.",
            severity=Severity.INFO,
        )
    high = max(german, soviet)
    if event.bid.threshold != high:
        yield r.finding(
            before, event, f"The victory target is {event.bid.threshold}; the higher bid was {high}.",
            expected=high, actual=event.bid.threshold,
        )


RULES: tuple[Rule, ...] = (set_up_areas, set_up_bid)
