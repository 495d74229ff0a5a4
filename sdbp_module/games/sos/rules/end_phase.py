"""Storm over Stalingrad's End phase and game frame (rules 4.0, 10.1, 10.4): SOS-SEQ-04, SOS-SEQ-05,
SOS-REIN-01 and SOS-WDR-01.

* SOS-SEQ-04, judged once per End phase when it is over (``phase_rule``): the discards come first (4.0:
  "then" the rest; a discard after a later step is SOS-CARD-04's finding), then refresh, marker removal and
  reinforcements in the order 4.0 lists them (out of that order: suspicious, as 4.0 gives no "then"
  between them and their order changes nothing; the turn-3 withdrawal anywhere before the turn ends,
  10.4 not giving its place); the German discards before the Soviet and places his reinforcements
  before the Soviet does (5.3, 10.2); at the end of the phase no unit on the map is spent (there is no
  supply in this game: every spent unit is flipped) and no fire marker is left.
* SOS-SEQ-05: no turn after the last (6 turns, 4.0), and no game end before the last End phase; a log
  that stops earlier is only told (info).
* SOS-REIN-01: a unit placed as a reinforcement is one, and arrives in the End phase of the turn printed
  on its counter ("both players receive the reinforcements of the turn", 4.0) or of the turn before
  (the number is "the turn in which it enters the game", 2.1.1): switch ``reinforcement_turn``
  (SOS-AMB-02), both by default; one left on the track when the last End phase it may arrive in is
  over is late. Where they may go is 10.2–10.3, which the text does not hold: a
  Soviet reinforcement placed outside a landing zone, and a German one placed in a landing zone (2.2:
  landing zones "are used to place Soviet reinforcements"), are suspicious, not illegal.
* SOS-WDR-01: the units the data marks ``withdraw: N`` (the black counters, turn 3) are off the map
  when turn N+1 begins (removed or eliminated), and no other unit is removed from the game, nor one of
  them before that End phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from sdbp_module.games.sos.ids import GERMAN, SOVIET, AreaClass
from sdbp_module.games.sos.rules import switches
from sdbp_module.games.sos.rules.sequence import FIRST, ORDERED
from sdbp_module.ids import Phase, Severity, Side, UnitId
from sdbp_module.model.game_data import SetupKind
from sdbp_module.replay.apply import implied_end_step
from sdbp_module.replay.events import (
    CardDiscard,
    DiscardReason,
    Event,
    GameEnd,
    PhaseStart,
    Place,
    PlaceKind,
    Relocate,
)
from sdbp_module.replay.location import LocationKind
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Rule,
    Steps,
    phase_rule,
    rule,
)
from sdbp_module.rules.findings import Finding

F = Finding
_GONE = (LocationKind.REMOVED, LocationKind.ELIMINATED)


def _discarding(event: Event) -> Side | None:
    """The side of an End-phase discard (5.3)."""
    return event.side if isinstance(event, CardDiscard) and event.reason is DiscardReason.END_PHASE else None


def _placing(event: Event) -> Side | None:
    """The side placing reinforcements (10.2)."""
    return event.side if isinstance(event, Place) and event.place_kind is PlaceKind.REINFORCEMENT else None


def _german_first(steps: Steps, side_of: Callable[[Event], Side | None], what: str, r: FunctionRule) -> Iterator[F]:
    """A German act of the kind ``side_of`` recognises after a Soviet one in the phase: the German goes first."""
    soviet_seen = False
    for state, event in steps:
        side = side_of(event)
        if side is SOVIET:
            soviet_seen = True
        elif side is GERMAN and soviet_seen:
            yield r.finding(
                state, event,
                f"The {GERMAN.label} player {what} after the {SOVIET.label} player did; the {GERMAN.label} goes first (4.0).",
                side=GERMAN,
            )
            return


@phase_rule("SOS-SEQ-04", "4.0 (end phase)", Severity.ILLEGAL, "End-phase steps in the order of 4.0, German first", phase=Phase.END)
def end_phase_order(r: FunctionRule, steps: Steps, final: GameState, ctx: CheckContext) -> Iterator[F]:
    """Step order, German first in discards and placements, no spent unit and no fire marker left."""
    reached: tuple[int, str] | None = None
    for state, event in steps[1:]:
        step = implied_end_step(state, event)
        if step is None or step not in ORDERED:
            continue
        index = ORDERED.index(step)
        if reached is not None and index < reached[0]:
            if step == FIRST:
                continue  # a discard after a later step: SOS-CARD-04's (discards only in their step), once
            yield r.finding(
                state, event,
                f"End-phase step {step!r} comes after {reached[1]!r}; 4.0 lists them the other way "
                "(with no \"then\" between them: a reading, not the letter).",
                severity=Severity.SUSPICIOUS, expected=f">= {reached[1]}", actual=step,
            )
        elif reached is None or index > reached[0]:
            reached = (index, step)
    yield from _german_first(steps, _discarding, "discarded", r)
    yield from _german_first(steps, _placing, "placed reinforcements", r)
    spent = tuple(sorted(u for u, s in final.units.items() if s.spent and s.location.kind is LocationKind.AREA))
    if spent:
        yield r.finding(
            final, None,
            f"{len(spent)} unit(s) are still spent when the End phase is over: {', '.join(spent)}; every spent unit is flipped fresh (4.0).",
            units=spent, areas=tuple(sorted({a for u in spent if (a := final.area_of(u)) is not None})),
            expected=0, actual=len(spent),
        )
    markers = sorted(final.fire_markers)
    if markers:
        yield r.finding(
            final, None,
            f"{len(markers)} fire marker(s) are still on the map when the End phase is over; every fire marker is removed (4.0).",
            areas=tuple(a for a, _s in markers), expected=0, actual=len(markers),
        )


def _length_finish(r: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[F]:
    turns = ctx.game.game.turns
    c = final.clock
    if final.ended or (c.turn >= turns and c.phase is Phase.END):
        return
    yield r.finding(
        final, None, f"The log stops at {c.describe() if c.turn else 'no turn'}; the game lasts {turns} turns.",
        severity=Severity.INFO, expected=turns, actual=c.turn,
    )


@rule("SOS-SEQ-05", "4.0", Severity.ILLEGAL, "The game lasts exactly 6 turns.", finish=_length_finish, events=(PhaseStart, GameEnd))
def game_length(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    turns = ctx.game.game.turns
    if isinstance(event, PhaseStart) and event.turn > turns and before.clock.turn != event.turn:
        yield r.finding(before, event, f"Turn {event.turn} begins; the game ends after turn {turns}.", expected=turns, actual=event.turn)
    elif isinstance(event, GameEnd):
        c = before.clock
        if c.turn < turns or c.phase is not Phase.END:
            yield r.finding(
                before, event, f"The game ends at {c.describe()}; it ends after the turn-{turns} End phase.",
                expected=turns, actual=c.turn,
            )


@rule(
    "SOS-REIN-01",
    "10.1 [10.2-10.3 missing]",
    Severity.ILLEGAL,
    "A reinforcement arrives in the End phase of its printed turn; landing zones take the Soviet ones.",
    events=(Place,),
)
def reinforcement_placed(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    if not isinstance(event, Place) or event.place_kind is not PlaceKind.REINFORCEMENT:
        return
    game = ctx.game
    c = before.clock
    for unit_id in event.units:
        placement = game.scenario.units.get(unit_id)
        if placement is None or placement.kind is not SetupKind.TURN or placement.turn is None:
            yield r.finding(before, event, f"{unit_id} is placed as a reinforcement but is none (no turn printed on it).", units=(unit_id,))
        elif c.turn not in _arrival_turns(placement.turn, ctx) or c.phase is not Phase.END:
            yield r.finding(
                before, event,
                f"{unit_id} arrives at {c.describe()}; it arrives in the End phase of {_arrival_words(placement.turn, ctx)} (4.0, 10.1).",
                units=(unit_id,), expected=f"the End phase of {_arrival_words(placement.turn, ctx)}", actual=c.describe(),
            )
    to = event.to.area
    if to is None or not game.has_area(to):
        return
    in_zone = game.area(to).colour == AreaClass.LANDING_ZONE
    if event.side is SOVIET and not in_zone:
        yield r.finding(
            before, event,
            f"{SOVIET.label} reinforcements {', '.join(event.units)} are placed in {game.area(to).name} ({to}), not in a landing zone; "
            "landing zones are where they arrive (2.2, 10.3), though the text of 10.3 is missing.",
            severity=Severity.SUSPICIOUS, units=event.units, areas=(to,),
        )
    elif event.side is GERMAN and in_zone:
        yield r.finding(
            before, event,
            f"{GERMAN.label} reinforcements {', '.join(event.units)} are placed in {game.area(to).name} ({to}), a landing zone; "
            f"landing zones are where the {SOVIET.label} reinforcements arrive (2.2, 10.3), though where the "
            f"{GERMAN.label} ones go (10.2) is missing from the text.",
            severity=Severity.SUSPICIOUS, units=event.units, areas=(to,),
        )


def _arrival_turns(printed: int, ctx: CheckContext) -> tuple[int, ...]:
    """The turns in whose End phase a reinforcement printed ``printed`` may arrive (switch
    ``reinforcement_turn``, SOS-AMB-02)."""
    reading = ctx.rules.get(switches.REINFORCEMENT_TURN)
    before = max(printed - 1, 1)  # a turn-1 reinforcement has no End phase before its turn
    if reading == "printed_turn":
        return (printed,)
    if reading == "previous_turn":
        return (before,)
    return tuple(sorted({before, printed}))


def _arrival_words(printed: int, ctx: CheckContext) -> str:
    return " or ".join(f"turn {t}" for t in _arrival_turns(printed, ctx))


@phase_rule("SOS-REIN-01", "10.1 [10.2-10.3 missing]", Severity.ILLEGAL, "reinforcements of the turn leave the track", phase=Phase.END)
def reinforcements_left(r: FunctionRule, steps: Steps, final: GameState, ctx: CheckContext) -> Iterator[F]:
    """Reinforcements still on the turn track when the last End phase they may arrive in is over."""
    turn = final.clock.turn
    late = sorted(
        u for u in final.units_at(LocationKind.TURN)
        if (s := final.unit(u)) is not None and s.location.turn is not None and max(_arrival_turns(s.location.turn, ctx)) == turn
    )
    if late:
        yield r.finding(
            final, None, f"Reinforcement(s) {', '.join(late)} of turn {turn} are still on the turn track after its End phase (4.0, 10.1).",
            units=late, expected=0, actual=len(late),
        )


def _withdrawing(ctx: CheckContext) -> dict[UnitId, int]:
    return {u.id: u.withdraw for u in ctx.game.units if u.withdraw is not None}


@rule(
    "SOS-WDR-01",
    "2.1.1, 4.0, 10.4",
    Severity.ILLEGAL,
    "The black counters leave the game in the turn-3 End phase, and no other unit does.",
    events=(PhaseStart, Relocate),
)
def withdrawal(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    if isinstance(event, PhaseStart):
        turn = before.clock.turn
        if event.turn <= turn or not turn:
            return
        stayed = sorted(
            u for u, w in _withdrawing(ctx).items()
            if turn == w and (s := before.unit(u)) is not None and s.location.kind not in _GONE
        )
        if stayed:
            yield r.finding(
                before, event,
                f"{', '.join(stayed)} should have left the game in the End phase of turn "
                f"{min(_withdrawing(ctx)[u] for u in stayed)} (10.4); turn {event.turn} begins with them still in play.",
                units=stayed, areas=tuple(sorted({a for u in stayed if (a := before.area_of(u)) is not None})),
                side=GERMAN, expected=0, actual=len(stayed),
            )
    elif isinstance(event, Relocate) and event.to.kind is LocationKind.REMOVED:
        wanted = _withdrawing(ctx)
        c = before.clock
        for unit_id in event.units:
            due = wanted.get(unit_id)
            if due is None:
                yield r.finding(before, event, f"{unit_id} is removed from the game, but it is not a withdrawing unit (10.4).", units=(unit_id,))
            elif c.turn != due or c.phase is not Phase.END:
                yield r.finding(
                    before, event, f"{unit_id} is withdrawn at {c.describe()}; it leaves in the End phase of turn {due} (10.4).",
                    units=(unit_id,), expected=due, actual=c.turn,
                )


RULES: tuple[Rule, ...] = (end_phase_order, game_length, reinforcement_placed, reinforcements_left, withdrawal)
