"""SoDBP set-up and game frame (catalogue §3.1): SETUP-* and GAME-LENGTH-8.

The set-up rules judge the ``game-start`` snapshot against the scenario (rules 3.0): units in their
printed areas, reinforcements on their turn boxes, the three ``*`` units off the map, replacements in
their box, everyone fresh, full decks, printed control and no markers. What the snapshot does not
record gives ``cannot-check``. A log with no ``game-start`` at all gives one ``cannot-check`` per rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH
from sdbp_module.ids import AreaId, CardId, Phase, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.replay.events import (
    Event,
    GameEnd,
    GameStart,
    Move,
    PhaseStart,
    Pile,
    Place,
    PlaceKind,
    Relocate,
)
from sdbp_module.replay.location import Location, LocationKind, format_location
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, rule
from sdbp_module.rules.findings import Finding

F = Finding


def _no_start(rule_: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    if not final.started:
        yield rule_.finding(
            final, None, "The log has no game-start snapshot, so the set-up cannot be checked.", severity=Severity.CANNOT_CHECK
        )


def _starts(event: Event) -> GameStart | None:
    return event if isinstance(event, GameStart) else None


def _start_locations(event: GameStart) -> dict[UnitId, Location]:
    return {u.unit: u.location for u in event.units}


def _loc(loc: Location | None) -> str:
    return "nowhere (not in the snapshot)" if loc is None else format_location(loc)


@rule("SETUP-UNIT-AREA", "3.0", Severity.ILLEGAL, "At start every unit with a set-up area is in that area.", finish=_no_start, events=(GameStart,))
def setup_unit_area(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    start = _starts(event)
    if start is None:
        return
    where = _start_locations(start)
    for unit_id, placement in ctx.game.scenario.units.items():
        if placement.kind is not SetupKind.AREA or placement.area is None:
            continue
        actual = where.get(unit_id)
        if actual is None or actual.area != placement.area or not actual.is_on_map:
            yield r.finding(
                before,
                event,
                f"{unit_id} starts in {_loc(actual)}; its set-up area is {placement.area}.",
                units=(unit_id,),
                areas=(placement.area,),
                expected=str(placement.area),
                actual=None if actual is None else format_location(actual),
            )


@rule(
    "SETUP-REINF-ON-TRACK",
    "3.0, 12.2",
    Severity.ILLEGAL,
    "At start every reinforcement waits on its turn box.",
    finish=_no_start,
    events=(GameStart,),
)
def setup_reinf_on_track(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    start = _starts(event)
    if start is None:
        return
    where = _start_locations(start)
    for unit_id, placement in ctx.game.scenario.units.items():
        if placement.kind is not SetupKind.TURN or placement.turn is None:
            continue
        expected = Location.on_turn(placement.turn)
        actual = where.get(unit_id)
        if actual != expected:
            yield r.finding(
                before,
                event,
                f"Reinforcement {unit_id} starts in {_loc(actual)}; it waits on the turn-{placement.turn} box.",
                units=(unit_id,),
                areas=(actual.area,) if actual is not None and actual.area is not None else (),
                expected=format_location(expected),
                actual=None if actual is None else format_location(actual),
            )


_STARS: dict[int, tuple[GameData, frozenset[UnitId]]] = {}
_BY_CARD = PlaceKind.CARD  # a hot-path enum member, bound once (see ``ids``)


def _star_units(game: GameData) -> frozenset[UnitId]:
    """Units that enter only by a card (set-up ``*``), computed once per game."""
    cached = _STARS.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    stars = frozenset(u for u, p in game.scenario.units.items() if p.kind is SetupKind.CARD)
    _STARS[id(game)] = (game, stars)
    return stars


@rule(
    "SETUP-STAR-OFFMAP",
    "2.1.1",
    Severity.ILLEGAL,
    "The '*' units stay off the map until the card that brings them in.",
    finish=_no_start,
    events=(GameStart, Move, Place, Relocate),
)
def setup_star_offmap(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterable[F]:
    if isinstance(event, Place) and event.place_kind is _BY_CARD:
        return ()
    if not isinstance(event, (GameStart, Move, Place, Relocate)):
        return ()
    stars = _star_units(ctx.game)
    if not isinstance(event, GameStart):
        if stars.isdisjoint(event.units):
            return ()  # the common case: no '*' unit named
        stars = stars.intersection(event.units)  # only the units an event names change place
    return _stars_on_map(r, before, event, after, stars)


def _stars_on_map(
    r: FunctionRule, before: GameState, event: Event, after: GameState, stars: frozenset[UnitId]
) -> Iterator[F]:
    for unit_id in sorted(stars):
        was = before.area_of(unit_id) if not isinstance(event, GameStart) else None
        now = after.area_of(unit_id)
        if now is not None and was is None:
            yield r.finding(
                before,
                event,
                f"{unit_id} is on the map in {now} though it enters only by a card.",
                units=(unit_id,),
                areas=(now,),
            )


@rule("SETUP-REPL-BOX", "3.0, 12.1", Severity.ILLEGAL, "At start every replacement unit is in the Replacements box.", finish=_no_start, events=(GameStart,))
def setup_repl_box(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    start = _starts(event)
    if start is None:
        return
    where = _start_locations(start)
    for unit in ctx.game.units:
        placement = ctx.game.scenario.units.get(unit.id)
        if not ("replacement" in unit.marks or (placement is not None and placement.kind is SetupKind.REPLACEMENTS)):
            continue
        actual = where.get(unit.id)
        if actual is None or actual.kind is not LocationKind.REPLACEMENTS:
            yield r.finding(
                before,
                event,
                f"Replacement {unit.id} starts in {_loc(actual)}; it starts in the Replacements box.",
                units=(unit.id,),
                areas=(actual.area,) if actual is not None and actual.area is not None else (),
                expected="replacements",
                actual=None if actual is None else format_location(actual),
            )


@rule("SETUP-FRESH", "3.0", Severity.ILLEGAL, "Every unit starts fresh.", finish=_no_start, events=(GameStart,))
def setup_fresh(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    start = _starts(event)
    if start is None:
        return
    spent = tuple(u.unit for u in start.units if u.spent)
    if spent:
        yield r.finding(
            before,
            event,
            f"{len(spent)} unit(s) start spent: {', '.join(spent)}.",
            units=spent,
            expected=0,
            actual=len(spent),
        )


@rule("SETUP-DECKS", "2.3, 3.0", Severity.ILLEGAL, "Each deck holds exactly its side's cards; the special card is left out.", finish=_no_start, events=(GameStart,))
def setup_decks(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    start = _starts(event)
    if start is None:
        return
    if start.piles is None:
        yield r.finding(before, event, "The start snapshot does not record the decks.", severity=Severity.CANNOT_CHECK)
        return
    decks: dict[Side, list[CardId]] = {s: [] for s in ctx.game.game.sides}
    elsewhere: list[CardId] = []
    for pc in start.piles:
        if pc.pile is Pile.DECK:
            decks.setdefault(pc.side, []).extend(pc.cards)
        else:
            elsewhere.extend(pc.cards)
    for side in ctx.game.game.sides:
        expected = sorted(c.id for c in ctx.game.cards_of(side))
        actual = decks.get(side, [])
        missing = sorted(set(expected) - set(actual))
        extra = sorted(set(actual) - set(expected))
        dupes = sorted({c for c in actual if actual.count(c) > 1})
        problems = []
        if missing:
            problems.append(f"missing {', '.join(missing)}")
        if extra:
            problems.append(f"holds cards not of its deck: {', '.join(extra)}")
        if dupes:
            problems.append(f"holds twice: {', '.join(dupes)}")
        if problems:
            yield r.finding(
                before,
                event,
                f"The {side.label} deck has {len(actual)} cards, expected the {len(expected)} of its deck list; "
                + "; ".join(problems)
                + ".",
                # the counts when they differ, else the cards that differ
                expected=len(expected) if len(expected) != len(actual) else ", ".join(missing),
                actual=len(actual) if len(expected) != len(actual) else ", ".join([*extra, *dupes]),
            )
    if elsewhere:
        yield r.finding(
            before,
            event,
            f"{len(elsewhere)} card(s) start outside the decks: {', '.join(sorted(elsewhere))}.",
            expected=0,
            actual=len(elsewhere),
        )


@rule("SETUP-MARKERS", "3.0, 13.0", Severity.ILLEGAL, "Printed control, no other markers, turn marker on turn 1.", finish=_no_start, events=(GameStart,))
def setup_markers(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    start = _starts(event)
    if start is None:
        return
    game = ctx.game
    unknown: list[str] = []
    if start.control is None:
        unknown.append("control")
    else:
        recorded = {c.area: c.side for c in start.control}
        for area in game.areas:
            side = recorded.get(area.id)
            if side is None:
                continue
            if side is not area.control:
                yield r.finding(
                    before,
                    event,
                    f"Area {area.id} starts {side.label}-controlled; its printed control box is {area.control.label}.",
                    areas=(area.id,),
                    expected=area.control.value,
                    actual=side.value,
                )
        absent = [a.id for a in game.areas if a.id not in recorded]
        if absent:
            unknown.append(f"control of area(s) {', '.join(map(str, absent))}")
    groups: list[tuple[str, Iterable[AreaId] | None, str]] = [
        ("trench", None if start.trenches is None else [t.area for t in start.trenches if t.level > 0], "trench marker"),
        ("fire", None if start.fire_markers is None else [f.area for f in start.fire_markers], "fire marker"),
        ("no-supply", None if start.no_supply is None else list(start.no_supply), "No Supply marker"),
    ]
    for name, areas, label in groups:
        if areas is None:
            unknown.append(f"{label}s")
            continue
        listed = sorted(set(areas))
        if listed:
            yield r.finding(
                before,
                event,
                f"{len(listed)} {label}(s) at start, in area(s) {', '.join(map(str, listed))}; there are none at start.",
                areas=listed,
                expected=0,
                actual=len(listed),
            )
    if start.no_replacements is None:
        unknown.append("the No Replacements marker")
    elif start.no_replacements:
        yield r.finding(before, event, "The No Replacements marker is on the track at start.", expected=False, actual=True)
    first = game.scenario.first_turn
    if start.turn_marker is None:
        unknown.append("the turn marker")
    elif start.turn_marker != first:
        yield r.finding(
            before,
            event,
            f"The turn marker starts on turn {start.turn_marker}; it starts on turn {first}.",
            expected=first,
            actual=start.turn_marker,
        )
    if unknown:
        yield r.finding(
            before,
            event,
            f"The start snapshot does not record {'; '.join(unknown)}.",
            severity=Severity.CANNOT_CHECK,
        )


@rule(
    "SETUP-SIDES-BID",
    "15.0",
    Severity.INFO,
    "Optional bid: the VM is the higher bidder and the threshold is its bid.",
    events=(GameStart,),
)
def setup_sides_bid(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    """Applies only when the snapshot records a bid (optional rule 15.0 in use)."""
    start = _starts(event)
    if start is None or start.bid is None:
        return
    bid = start.bid
    first, second = bid.first, bid.second  # the bids in the order of game.yaml's sides
    french, viet_minh = (first, second) if ctx.game.game.sides[0] is FRENCH else (second, first)
    if french > viet_minh:
        yield r.finding(
            before,
            event,
            f"The French bid {french} beat the Viet Minh bid {viet_minh}, yet the bidder of {viet_minh} plays the Viet Minh.",
            expected=french,
            actual=viet_minh,
        )
    elif french == viet_minh:
        yield r.finding(
            before,
            event,
            f"The bids tie at {viet_minh}; the log does not record the die that decides sides.",
            severity=Severity.CANNOT_CHECK,
        )
    high = max(french, viet_minh)
    if bid.threshold != high:
        yield r.finding(
            before,
            event,
            f"The victory threshold is {bid.threshold}; the winning bid was {high}.",
            expected=high,
            actual=bid.threshold,
        )


def _length_finish(r: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    turns = ctx.game.game.turns
    if final.ended:
        return
    c = final.clock
    if c.turn < turns or c.phase is not Phase.END:
        yield r.finding(
            final,
            None,
            f"The log stops at {c.describe()}; the game is not over before the turn-{turns} End phase.",
            severity=Severity.INFO,
            expected=turns,
            actual=c.turn,
        )


@rule(
    "GAME-LENGTH-8",
    "1.0, 4.0",
    Severity.ILLEGAL,
    "The game lasts exactly 8 turns.",
    finish=_length_finish,
    events=(PhaseStart, GameEnd),
)
def game_length(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    turns = ctx.game.game.turns
    if isinstance(event, PhaseStart) and event.turn > turns and before.clock.turn != event.turn:
        yield r.finding(
            before,
            event,
            f"Turn {event.turn} begins; the game lasts {turns} turns.",
            expected=turns,
            actual=event.turn,
        )
    if isinstance(event, GameEnd):
        c = before.clock
        if c.turn < turns or c.phase is not Phase.END:
            yield r.finding(
                before,
                event,
                f"The game ends at {c.describe()}; it ends after the turn-{turns} End phase.",
                expected=turns,
                actual=c.turn,
            )


RULES = (
    setup_unit_area,
    setup_reinf_on_track,
    setup_star_offmap,
    setup_repl_box,
    setup_fresh,
    setup_decks,
    setup_markers,
    setup_sides_bid,
    game_length,
)
