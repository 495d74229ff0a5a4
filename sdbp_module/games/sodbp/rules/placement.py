"""Replacements, reinforcements and their placement (rules 4.0 C, 12.1–12.3, *Emergency Replacements*;
catalogue §3.13).

What is judged, and from which events:

* the whole End phase, once it is over (``phase_rule``): the replacement roll (``DiceRoll`` with
  purpose ``replacement``) is made when it must be and only then (REPLACEMENTS-WHEN), the number of
  replacements placed is ``ceil(d6 / 2)`` or all the box holds (REPLACEMENTS-HALF-D6), the Viet Minh
  place before the French (PLACE-ORDER-VM-FIRST), the reinforcements of this turn have all left the
  turn track (REINFORCEMENT-TURN; PLACE-NO-AREA-ELIMINATE when no area could take them), and a No
  Replacements marker is gone by the end of the turn (EMERGENCY-REPL);
* each ``Place`` at the moment it is made, with control as it stands then (AMB-36: a placement
  that captures an area extends the chain for the next one): the area is one the side may use
  (PLACE-VM-AREAS, PLACE-FR-AREAS), an elimination had no area to go to (PLACE-NO-AREA-ELIMINATE),
  the units are the right ones (REPLACEMENTS-UNIT-TYPE, REINFORCEMENT-TURN) and fresh (PLACE-FRESH);
* *Emergency Replacements* (VM-15) when its action closes (``EMERGENCY_CLOSED``): played at the
  end of the action, two fresh units into one VM-controlled area (AMB-16), No Replacements marker
  set (EMERGENCY-REPL).

Left to other rules: the turn-1 ban of *Emergency Replacements* (CARD-TURN-RESTRICTION), the
stacking limit on placement (STACK-LIMIT-9), *Relief Force* placements (``place_kind=card``, the
card's own rule). Not visible in the events: who decided where a unit goes, and units the log never
showed on the turn track (a unit the state does not hold is not judged as left off the map).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import NamedTuple

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.sodbp_cards import RELIEF_FORCE, card_is, card_name
from sdbp_module.ids import AreaId, CardId, Phase, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.replay.apply import CLOSING_EVENTS
from sdbp_module.replay.combat import closed_action
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DiceRoll,
    Entrench,
    Event,
    Fire,
    Move,
    NoReplacementsSet,
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
    Gate,
    Steps,
    after_card_plays,
    phase_rule,
    rule,
)
from sdbp_module.rules.findings import Finding

FR = FRENCH
VM = VIET_MINH
EMERGENCY_REPLACEMENTS = "Emergency Replacements"
REPLACEMENT_PURPOSES = frozenset(("replacement", "replacements"))
END_PLACE_KINDS = (PlaceKind.REPLACEMENT, PlaceKind.REINFORCEMENT)
REPLACEMENT_VALUES = (1, 7, 2)  # FP-DEF-MA of a VM replacement unit (12.1)
_AREA = LocationKind.AREA
_SHOWN = 4  # eligible areas named in a message
_MID_ACTION = (Move, Fire, Assault, Entrench, Damage, DiceRoll, Relocate)
"""Events that, logged after *Emergency Replacements* in the same action, show the action went on."""


# -- helpers --------------------------------------------------------------------------------------


def _guarded(r: FunctionRule) -> FunctionRule:
    """A ``phase_rule`` that also holds when called ungated: it judges only at a ``PhaseStart`` that
    closes a recorded phase (the gate's own condition), so running it on every event changes nothing."""
    inner = r.check_fn

    def check(
        self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
    ) -> Iterable[Finding]:
        if not before.phase_steps or type(event) is not PhaseStart:
            return ()
        return inner(self, before, event, after, ctx)

    check.__doc__ = inner.__doc__
    return replace(r, check_fn=check)


def _units_text(units: Iterable[UnitId]) -> str:
    return " ".join(units)


def _where_text(event: Event) -> str:
    return f"line {event.where.line}" if event.where.line is not None else str(event.where)


class _GameIndex(NamedTuple):
    """What the rules look up in the game data, built once per game."""

    emergency: frozenset[CardId]  # the ids of *Emergency Replacements*
    by_turn: Mapping[int, tuple[UnitId, ...]]  # reinforcements by printed turn


_INDEXES: dict[int, tuple[GameData, _GameIndex]] = {}


def _index(game: GameData) -> _GameIndex:
    known = _INDEXES.get(id(game))
    if known is not None and known[0] is game:
        return known[1]
    by_turn: dict[int, list[UnitId]] = {}
    for u in game.units:
        if u.setup.kind is SetupKind.TURN and u.setup.turn is not None:
            by_turn.setdefault(u.setup.turn, []).append(u.id)
    index = _GameIndex(
        frozenset(c.id for c in game.cards if c.name == EMERGENCY_REPLACEMENTS),
        MappingProxyType({t: tuple(us) for t, us in by_turn.items()}),
    )
    if len(_INDEXES) > 16:
        _INDEXES.clear()
    _INDEXES[id(game)] = (game, index)
    return index


def _is_emergency(ctx: CheckContext, event: Event) -> bool:
    return isinstance(event, CardPlay) and event.side is VM and event.card in _index(ctx.game).emergency


def _card_label(ctx: CheckContext, play: CardPlay) -> str:
    return f"{card_name(ctx.game, play.card) or 'card'} ({play.card})"


def _box(state: GameState) -> tuple[UnitId, ...]:
    return state.units_at(LocationKind.REPLACEMENTS, VM)


class _PhaseFacts(NamedTuple):
    """The End phase's replacement rolls and 12.3 placements, each with the state before it."""

    rolls: tuple[tuple[GameState, DiceRoll], ...]
    places: tuple[tuple[GameState, Place], ...]


_last_facts: tuple[Steps | None, _PhaseFacts] = (None, _PhaseFacts((), ()))


def _facts(steps: Steps) -> _PhaseFacts:
    """One pass over the phase's steps, shared by the phase rules judging the same phase."""
    global _last_facts
    if _last_facts[0] is steps:
        return _last_facts[1]
    rolls: list[tuple[GameState, DiceRoll]] = []
    places: list[tuple[GameState, Place]] = []
    for s, e in steps:
        cls = type(e)
        if cls is DiceRoll:
            assert isinstance(e, DiceRoll)
            if e.purpose in REPLACEMENT_PURPOSES:
                rolls.append((s, e))
        elif cls is Place:
            assert isinstance(e, Place)
            if e.place_kind in END_PLACE_KINDS:
                places.append((s, e))
    facts = _PhaseFacts(tuple(rolls), tuple(places))
    _last_facts = (steps, facts)
    return facts


def _end_places(steps: Steps) -> list[tuple[GameState, Place]]:
    """The End phase's reinforcement and replacement placements, with the state before each."""
    return list(_facts(steps).places)


def _due_turn(turn: int, ctx: CheckContext) -> int:
    """The printed turn of the reinforcements that arrive in the End phase of ``turn`` (AMB-09)."""
    return turn + 1 if ctx.rules.get("reinforcement_offset") == "end_of_previous_turn" else turn


def _is_end_placement(state: GameState, event: Place) -> bool:
    """A placement of 12.3 (End phase, reinforcement or replacement); an *Emergency Replacements*
    placement in the Action phase is judged by EMERGENCY-REPL."""
    return event.place_kind in END_PLACE_KINDS and not (
        event.place_kind is PlaceKind.REPLACEMENT and state.clock.phase is not Phase.END
    )


# -- where a side may place (12.3) ------------------------------------------------------------------


def vm_chain(state: GameState, game: GameData) -> frozenset[AreaId]:
    """VM-controlled areas linked through VM-controlled areas to a map-edge area (12.3)."""
    control = state.control
    seen = {a.id for a in game.areas if a.map_edge and control.get(a.id) is VM}
    todo = list(seen)
    while todo:
        for n in game.neighbours(todo.pop()):
            if n not in seen and control.get(n) is VM:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def vm_may_enter(state: GameState, game: GameData, area: AreaId, chain: frozenset[AreaId] | None = None) -> bool:
    """12.3: a VM-controlled area, or a French-controlled one without French units next to the chain."""
    owner = state.control.get(area)
    if owner is VM:
        return True
    if owner is not FR or state.count(area, FR):
        return False
    chain = vm_chain(state, game) if chain is None else chain
    return any(n in chain for n in game.neighbours(area))


def eligible_areas(state: GameState, game: GameData, side: Side) -> tuple[list[AreaId], bool]:
    """The areas where ``side`` could place one more unit now (12.3, stacking limit), and whether
    the control of some area is unknown (then the list may be short)."""
    limit = game.game.stacking_limit
    chain = vm_chain(state, game) if side is VM else frozenset()
    out: list[AreaId] = []
    unknown = False
    for a in game.areas:
        owner = state.control.get(a.id)
        if owner is None:
            unknown = True
            continue
        if state.count(a.id, side) >= limit:
            continue
        if side is FR and owner is FR or side is VM and vm_may_enter(state, game, a.id, chain):
            out.append(a.id)
    return out, unknown


def _areas_text(areas: list[AreaId]) -> str:
    shown = ", ".join(str(a) for a in areas[:_SHOWN])
    return shown + (f" and {len(areas) - _SHOWN} more" if len(areas) > _SHOWN else "")


# -- the End phase (phase rules) ----------------------------------------------------------------------


def _emergency_this_turn(state: GameState, ctx: CheckContext) -> CardPlay | None:
    return next((p for p in state.turn_plays if _is_emergency(ctx, p)), None)


def _roll_forbidden(steps: Steps, final: GameState, ctx: CheckContext) -> str | None:
    """Why no replacement roll may be made this End phase (4.0 C step 5, 12.1), or None."""
    start = steps[0][1]
    assert isinstance(start, PhaseStart)
    if start.turn == 1:
        return "turn 1 has no replacement roll"
    play = _emergency_this_turn(final, ctx)
    if play is not None:
        return f"{_card_label(ctx, play)} was played this turn"
    if steps[0][0].no_replacements or any(s.no_replacements for s, _e in _facts(steps).rolls):
        return "the No Replacements marker is on the turn track"
    return None


@phase_rule(
    "REPLACEMENTS-WHEN",
    "4.0 C, 12.1, Emergency Replacements",
    Severity.ILLEGAL,
    "one replacement roll every End phase from turn 2 on, none on turn 1 or after Emergency Replacements",
    phase=Phase.END,
)
def replacements_when(self: FunctionRule, steps: Steps, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """The replacement roll is made exactly once in each End phase, except on turn 1 and in a turn
    when *Emergency Replacements* was played or the No Replacements marker is on the track (12.1).
    Reading: with the Replacements box empty, a missing roll is not reported (it cannot change anything)."""
    rolls = list(_facts(steps).rolls)
    forbidden = _roll_forbidden(steps, final, ctx)
    start_state, start = steps[0]
    if forbidden is not None:
        for s, e in rolls:
            yield self.finding(s, e, f"A replacement roll was made, but {forbidden}.", expected=0, actual=len(rolls))
        return
    if not rolls:
        if _box(start_state) or _box(final):
            yield self.finding(
                final,
                start,
                f"No replacement roll in the End phase of turn {final.clock.turn}; the roll is not optional (12.1).",
                expected=1,
                actual=0,
            )
        return
    for s, e in rolls[1:]:
        yield self.finding(s, e, f"{len(rolls)} replacement rolls in one End phase; one is allowed.", expected=1, actual=len(rolls))


@phase_rule(
    "REPLACEMENTS-HALF-D6",
    "12.1",
    Severity.ILLEGAL,
    "replacements taken = ceil(d6 / 2), or all the box holds",
    phase=Phase.END,
)
def replacements_half_d6(self: FunctionRule, steps: Steps, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """The Viet Minh place ``ceil(d6 / 2)`` replacement units (1–2 → 1, 3–4 → 2, 5–6 → 3), or every unit
    of the Replacements box when it holds fewer (AMB-34); units eliminated for want of an area count as
    taken. With no roll allowed (turn 1, *Emergency Replacements*) none may be placed."""
    places = [(s, e) for s, e in _end_places(steps) if e.place_kind is PlaceKind.REPLACEMENT and e.side is VM]
    placed = sum(len(e.units) for _s, e in places)
    rolls = list(_facts(steps).rolls)
    forbidden = _roll_forbidden(steps, final, ctx)
    if forbidden is not None or not rolls:
        if placed and forbidden is not None:
            s, e = places[0]
            yield self.finding(
                s, e, f"{placed} replacement unit(s) placed, but {forbidden}.", units=_placed_units(places), expected=0, actual=placed
            )
        elif placed:
            s, e = places[0]
            yield self.finding(
                s,
                e,
                f"Cannot check {self.rule_id}: {placed} replacement unit(s) placed but no replacement roll is logged.",
                severity=Severity.CANNOT_CHECK,
                units=_placed_units(places),
            )
        return
    state, roll = rolls[0]
    assert isinstance(roll, DiceRoll)
    if len(roll.values) != 1 or not 1 <= roll.values[0] <= 6:
        yield self.finding(
            state,
            roll,
            f"Cannot check {self.rule_id}: the replacement roll is logged as {roll.values}, not one d6.",
            severity=Severity.CANNOT_CHECK,
        )
        return
    d = roll.values[0]
    box = len(_box(state))
    due = (d + 1) // 2
    expected = min(due, box)
    if placed != expected:
        short = f"; the box holds {box}" if box < due else ""
        yield self.finding(
            state,
            roll,
            f"Replacement roll {d} → {due} unit(s){short}: expected {expected} placed, {placed} placed.",
            units=_placed_units(places),
            expected=expected,
            actual=placed,
        )


def _placed_units(places: list[tuple[GameState, Place]]) -> tuple[UnitId, ...]:
    return tuple(u for _s, e in places for u in e.units)


@phase_rule(
    "PLACE-ORDER-VM-FIRST",
    "4.0 C, 12.3",
    Severity.ILLEGAL,
    "the Viet Minh finish placing before the French place",
    phase=Phase.END,
)
def place_order(self: FunctionRule, steps: Steps, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """No French reinforcement is placed before the last Viet Minh placement of the End phase (12.3)."""
    places = _end_places(steps)
    first_fr = next(((s, e) for s, e in places if e.side is FR), None)
    last_vm = next(((s, e) for s, e in reversed(places) if e.side is VM), None)
    if first_fr is None or last_vm is None:
        return
    s, e = first_fr
    if places.index(first_fr) < places.index(last_vm):
        yield self.finding(
            s,
            e,
            f"French placement of {_units_text(e.units)} comes before the Viet Minh placement of "
            f"{_units_text(last_vm[1].units)} ({_where_text(last_vm[1])}); the Viet Minh place first.",
            units=e.units,
        )


@phase_rule(
    "REINFORCEMENT-TURN",
    "12.2 (AMB-09)",
    Severity.ILLEGAL,
    "reinforcements enter in the End phase of their turn (per reinforcement_offset)",
    phase=Phase.END,
)
def reinforcements_left(self: FunctionRule, steps: Steps, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """A reinforcement due this End phase (printed turn, AMB-09) that is still on the turn track at
    the end of the phase although an area could take it; with no area, PLACE-NO-AREA-ELIMINATE
    reports it (it should have been eliminated)."""
    yield from _left_on_track(self, final, ctx, with_room=True)


@phase_rule(
    "PLACE-NO-AREA-ELIMINATE",
    "12.3",
    Severity.ILLEGAL,
    "a unit with no eligible area is eliminated, and only then",
    phase=Phase.END,
)
def left_without_area(self: FunctionRule, steps: Steps, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """A reinforcement due this End phase left on the turn track when no area could take it: it
    must be eliminated (12.3)."""
    yield from _left_on_track(self, final, ctx, with_room=False)


def _left_on_track(self: FunctionRule, final: GameState, ctx: CheckContext, *, with_room: bool) -> Iterator[Finding]:
    due = _due_turn(final.clock.turn, ctx)
    late = [
        u
        for u in _index(ctx.game).by_turn.get(due, ())
        if (s := final.units.get(u)) is not None and s.location.kind is LocationKind.TURN
    ]
    for side in (VM, FR):
        units = tuple(u for u in late if final.units[u].side is side)
        if not units:
            continue
        areas, unknown = eligible_areas(final, ctx.game, side)
        if with_room and areas:
            yield self.finding(
                final,
                None,
                f"{side.label} reinforcement(s) {_units_text(units)} (turn {due}) stay on the turn track at the end "
                f"of turn {final.clock.turn}; areas {_areas_text(areas)} could take them.",
                units=units,
                areas=areas[:_SHOWN],
                side=side,
            )
        elif not with_room and not areas:
            if unknown:
                yield self.finding(
                    final,
                    None,
                    f"Cannot check {self.rule_id}: control of some areas is unknown; {side.label} reinforcement(s) "
                    f"{_units_text(units)} stay on the turn track.",
                    severity=Severity.CANNOT_CHECK,
                    units=units,
                    side=side,
                )
            else:
                yield self.finding(
                    final,
                    None,
                    f"{side.label} reinforcement(s) {_units_text(units)} stay on the turn track with no area to "
                    f"take them; they are eliminated (12.3).",
                    units=units,
                    side=side,
                )


@phase_rule(
    "EMERGENCY-REPL",
    "Emergency Replacements (AMB-16)",
    Severity.ILLEGAL,
    "the No Replacements marker is removed at the end of the turn",
    phase=Phase.END,
)
def no_replacements_removed(self: FunctionRule, steps: Steps, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """The No Replacements marker that *Emergency Replacements* put on the track is gone at the end
    of the turn (the End phase is the turn's last)."""
    if final.no_replacements:
        play = _emergency_this_turn(final, ctx)
        why = f" ({_card_label(ctx, play)} played this turn)" if play is not None else ""
        yield self.finding(
            final,
            None,
            f"The No Replacements marker{why} is still on the track at the end of turn {final.clock.turn}.",
            side=VM,
        )


# -- each placement ---------------------------------------------------------------------------------


@rule(
    "PLACE-VM-AREAS",
    "12.3 (AMB-36)",
    Severity.ILLEGAL,
    "VM placement in a VM area, or an empty French area next to the VM chain from the map edge",
    events=(Place,),
)
def place_vm_areas(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """Each Viet Minh reinforcement or replacement goes into (a) a VM-controlled area, or (b) a
    French-controlled area with no French unit adjacent to a VM area linked through VM areas to a
    map-edge area; (b) turns the area VM at once, and later placements may build on it (AMB-36).
    Control is the one before the placement."""
    if not isinstance(event, Place):
        return
    if event.side is not VM or event.to.kind is not _AREA or not _is_end_placement(before, event):
        return
    area = event.to.area
    assert area is not None
    owner = before.control.get(area)
    if owner is None:
        yield self.finding(
            before, event, f"Cannot check {self.rule_id}: control of area {area} is unknown.",
            severity=Severity.CANNOT_CHECK, units=event.units, areas=(area,),
        )
        return
    if owner is VM:
        return
    if before.count(area, FR):
        yield self.finding(
            before,
            event,
            f"Viet Minh {_units_text(event.units)} placed in French area {area}, which holds "
            f"{before.count(area, FR)} French unit(s).",
            units=event.units,
            areas=(area,),
        )
        return
    chain = vm_chain(before, ctx.game)
    links = sorted(n for n in ctx.game.neighbours(area) if n in chain)
    if not links:
        near = sorted(n for n in ctx.game.neighbours(area) if before.control.get(n) is VM)
        why = (
            f"its VM neighbour(s) {', '.join(map(str, near))} have no VM-controlled link to the map edge"
            if near
            else "it has no VM-controlled neighbour"
        )
        yield self.finding(
            before,
            event,
            f"Viet Minh {_units_text(event.units)} placed in empty French area {area}, but {why}.",
            units=event.units,
            areas=(area,),
        )
    elif after.control.get(area) is not VM:
        yield self.finding(
            before,
            event,
            f"Area {area} stays French after the Viet Minh placement; it becomes VM-controlled at once (12.3).",
            units=event.units,
            areas=(area,),
        )


@rule(
    "PLACE-FR-AREAS",
    "12.3",
    Severity.ILLEGAL,
    "French placement only in a French-controlled area",
    events=(Place,),
)
def place_fr_areas(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """Each French reinforcement goes into a French-controlled area; VM units there do not matter."""
    if not isinstance(event, Place):
        return
    if event.side is not FR or event.to.kind is not _AREA or event.place_kind not in END_PLACE_KINDS:
        return
    area = event.to.area
    assert area is not None
    owner = before.control.get(area)
    if owner is None:
        yield self.finding(
            before, event, f"Cannot check {self.rule_id}: control of area {area} is unknown.",
            severity=Severity.CANNOT_CHECK, units=event.units, areas=(area,),
        )
    elif owner is not FR:
        yield self.finding(
            before,
            event,
            f"French {_units_text(event.units)} placed in area {area}, which the Viet Minh control.",
            units=event.units,
            areas=(area,),
        )


@rule(
    "PLACE-NO-AREA-ELIMINATE",
    "12.3",
    Severity.ILLEGAL,
    "a unit with no eligible area is eliminated, and only then",
    events=(Place,),
)
def place_eliminated(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """A reinforcement or replacement placed straight into the eliminated pile while some area could
    still take it (12.3, with the stacking limit), judged on the board at that moment."""
    if not isinstance(event, Place):
        return
    if event.to.kind is not LocationKind.ELIMINATED or not _is_end_placement(before, event):
        return
    areas, unknown = eligible_areas(before, ctx.game, event.side)
    if areas:
        yield self.finding(
            before,
            event,
            f"{event.side.label} {_units_text(event.units)} eliminated for want of an area, but areas "
            f"{_areas_text(areas)} could take them.",
            units=event.units,
            areas=areas[:_SHOWN],
        )
    elif unknown:
        yield self.finding(
            before,
            event,
            f"Cannot check {self.rule_id}: control of some areas is unknown.",
            severity=Severity.CANNOT_CHECK,
            units=event.units,
        )


@rule(
    "REPLACEMENTS-UNIT-TYPE",
    "12.1",
    Severity.ILLEGAL,
    "a replacement is a 1-7-2 yellow VM unit from the Replacements box",
    events=(Place,),
)
def replacement_unit_type(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """Each unit placed as a replacement (End phase or *Emergency Replacements*) is a Viet Minh 1-7-2
    replacement counter (yellow numbers) taken from the Replacements box."""
    if not isinstance(event, Place):
        return
    if event.place_kind is not PlaceKind.REPLACEMENT:
        return
    unknown = [u for u in event.units if not ctx.game.has_unit(u)]
    if unknown:
        yield self.finding(
            before, event, f"Cannot check {self.rule_id}: unit(s) {_units_text(unknown)} not in the game data.",
            severity=Severity.CANNOT_CHECK, units=unknown,
        )
    for u in event.units:
        if u in unknown:
            continue
        unit = ctx.game.unit(u)
        values = (unit.firepower, unit.defense, unit.movement)
        if unit.side is not VM or "replacement" not in unit.marks or values != REPLACEMENT_VALUES:
            yield self.finding(
                before,
                event,
                f"{u} ({unit.side.label} {'-'.join(map(str, values))}) is not a 1-7-2 Viet Minh replacement unit.",
                units=(u,),
            )
            continue
        s = before.units.get(u)
        if s is not None and s.location.kind is not LocationKind.REPLACEMENTS:
            yield self.finding(
                before,
                event,
                f"Replacement {u} comes from {s.location}, not from the Replacements box.",
                units=(u,),
            )


@rule(
    "REINFORCEMENT-TURN",
    "12.2 (AMB-09)",
    Severity.ILLEGAL,
    "reinforcements enter in the End phase of their turn (per reinforcement_offset)",
    events=(Place,),
)
def reinforcement_turn(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """Each unit placed as a reinforcement is one (printed turn on the counter), enters in the End
    phase of its turn (AMB-09: the printed turn, or the turn before under ``end_of_previous_turn``);
    a ``*`` unit enters only through *Relief Force from Isabelle*."""
    if not isinstance(event, Place):
        return
    if event.place_kind is PlaceKind.REPLACEMENT:
        return
    game = ctx.game
    clock = before.clock
    for u in event.units:
        if not game.has_unit(u):
            if event.place_kind is PlaceKind.REINFORCEMENT:
                yield self.finding(
                    before, event, f"Cannot check {self.rule_id}: unit {u} is not in the game data.",
                    severity=Severity.CANNOT_CHECK, units=(u,),
                )
            continue
        setup = game.unit(u).setup
        if setup.kind is SetupKind.CARD:
            if not any(card_is(game, p.card, RELIEF_FORCE) for p in before.turn_plays):
                yield self.finding(
                    before, event, f"{u} (\"*\") enters only through {RELIEF_FORCE}, which was not played this turn.",
                    units=(u,),
                )
            continue
        if event.place_kind is not PlaceKind.REINFORCEMENT:
            continue
        if setup.kind is not SetupKind.TURN or setup.turn is None:
            yield self.finding(
                before, event, f"{u} is placed as a reinforcement but its counter shows no reinforcement turn.",
                units=(u,),
            )
            continue
        if clock.phase is not Phase.END:
            phase = clock.phase.value if clock.phase is not None else "no"
            yield self.finding(
                before, event, f"Reinforcement {u} enters in the {phase} phase; reinforcements enter in the End phase.",
                units=(u,),
            )
            continue
        due = _due_turn(clock.turn, ctx)
        if setup.turn != due:
            entry = setup.turn - (due - clock.turn)
            yield self.finding(
                before,
                event,
                f"Reinforcement {u} (printed turn {setup.turn}) enters in the End phase of turn {clock.turn}; "
                f"it enters in the End phase of turn {entry}.",
                units=(u,),
                expected=entry,
                actual=clock.turn,
            )


@rule(
    "PLACE-FRESH",
    "3.0, 12.3",
    Severity.SUSPICIOUS,
    "placed reinforcements and replacements are fresh",
    events=(Place,),
)
def place_fresh(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """A reinforcement or replacement placed on the map is fresh (REC, from 3.0 "face up");
    *Emergency Replacements* units are judged by EMERGENCY-REPL, where the card says "fresh"."""
    if not isinstance(event, Place):
        return
    if event.to.kind is not _AREA or not _is_end_placement(before, event):
        return
    spent = tuple(u for u in event.units if after.is_spent(u))
    if spent:
        yield self.finding(
            before,
            event,
            f"{_units_text(spent)} placed spent in area {event.to.area}; placed units are fresh.",
            severity=ctx.rules.rec_severity(),
            units=spent,
            areas=(event.to.area,) if event.to.area is not None else (),
        )


# -- Emergency Replacements -------------------------------------------------------------------------


@rule(
    "EMERGENCY-REPL",
    "Emergency Replacements (AMB-16)",
    Severity.ILLEGAL,
    "Emergency Replacements: at the end of an action, 2 fresh units in one VM area, marker set",
    events=(CardPlay,),
)
def emergency_timing(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """*Emergency Replacements* is played between actions of the Action phase: not in the Draw or End
    phase and not before the phase's first action. (The turn-1 ban is CARD-TURN-RESTRICTION's.)"""
    if not _is_emergency(ctx, event):
        return
    assert isinstance(event, CardPlay)
    clock = before.clock
    if clock.phase is not Phase.ACTION or clock.action_side is None:
        if clock.phase is Phase.ACTION:
            when = "before any action of the phase"
        else:
            when = f"in the {clock.phase.value if clock.phase is not None else 'unknown'} phase"
        yield self.finding(
            before, event, f"{_card_label(ctx, event)} played {when}; it is played at the end of an action."
        )


EMERGENCY_CLOSED = after_card_plays("emergency-closed", Gate.ACTION_CLOSED.holds)
"""``Gate.ACTION_CLOSED`` behind the guard of the card gates: the rule below judges only a turn with a card
played (``GameState.turn_plays``), and the guard, tested once for every card gate, holds back the rest
(most actions close in a turn with no card played: one gate test and one rule call less at each)."""


@rule(
    "EMERGENCY-REPL",
    "Emergency Replacements (AMB-16)",
    Severity.ILLEGAL,
    "Emergency Replacements: at the end of an action, 2 fresh units in one VM area, marker set",
    events=CLOSING_EVENTS,
    gate=EMERGENCY_CLOSED,
    finish=lambda self, final, ctx: _judge_emergency(self, final.action_steps, final, ctx),
)
def emergency_action(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterable[Finding]:
    """When the action in which *Emergency Replacements* was played closes: nothing of the action
    follows the card; it brings ``min(2, box)`` fresh units into VM-controlled area(s) — one area
    under ``emergency_same_area = true`` (AMB-16; split = suspicious) — and the No Replacements marker
    is on the track. Where the units come from is REPLACEMENTS-UNIT-TYPE's; the stacking limit is
    STACK-LIMIT-9's."""
    plays = before.turn_plays
    if not plays:
        return ()
    emergency = _index(ctx.game).emergency
    if not any(p.card in emergency for p in plays):
        return ()
    steps = closed_action(before, after)
    if not steps:
        return ()
    return _judge_emergency(self, steps, before, ctx)


def _judge_emergency(
    self: FunctionRule, steps: Steps, closing: GameState, ctx: CheckContext
) -> list[Finding]:
    index = next((i for i, (_s, e) in enumerate(steps) if _is_emergency(ctx, e)), None)
    if index is None:
        return []
    state, play = steps[index]
    assert isinstance(play, CardPlay)
    label = _card_label(ctx, play)
    later = steps[index + 1 :]
    out: list[Finding] = []
    going_on = next((e for _s, e in later if isinstance(e, _MID_ACTION)), None)
    if going_on is not None:
        out.append(
            self.finding(
                state,
                play,
                f"{label} played inside action {state.clock.action}: a {going_on.kind} event follows it "
                f"({_where_text(going_on)}); it is played at the end of an action.",
            )
        )
    places = [(s, e) for s, e in later if isinstance(e, Place) and e.side is VM and e.place_kind is not PlaceKind.REINFORCEMENT]
    out.extend(_emergency_places(self, state, play, label, places, ctx))
    marked = closing.no_replacements or any(
        isinstance(e, NoReplacementsSet) and e.present for _s, e in later
    )
    if not marked:
        out.append(self.finding(state, play, f"{label} played but the No Replacements marker was not placed."))
    return out


def _emergency_places(
    self: FunctionRule,
    state: GameState,
    play: CardPlay,
    label: str,
    places: list[tuple[GameState, Place]],
    ctx: CheckContext,
) -> Iterator[Finding]:
    box = len(_box(state))
    expected = min(2, box)
    units = _placed_units(places)
    if len(units) != expected:
        held = f" (the box holds {box})" if box < 2 else ""
        yield self.finding(
            state, play, f"{label} brought {len(units)} unit(s){held}; it brings {expected}.",
            units=units, expected=expected, actual=len(units),
        )
    areas: list[AreaId] = []
    for s, e in places:
        spent = tuple(u for u in e.units if s.is_spent(u))
        if spent:
            yield self.finding(s, e, f"{label}: {_units_text(spent)} placed spent; the card places fresh units.", units=spent)
        if e.to.kind is not _AREA or e.to.area is None:
            yield self.finding(s, e, f"{label}: {_units_text(e.units)} go to {e.to}, not to an area.", units=e.units)
            continue
        area = e.to.area
        if area not in areas:
            areas.append(area)
        owner = s.control.get(area)
        if owner is None:
            yield self.finding(
                s, e, f"Cannot check {self.rule_id}: control of area {area} is unknown.",
                severity=Severity.CANNOT_CHECK, units=e.units, areas=(area,),
            )
        elif owner is not VM:
            yield self.finding(
                s, e, f"{label}: {_units_text(e.units)} placed in area {area}, which the French control.",
                units=e.units, areas=(area,),
            )
    if len(areas) > 1 and ctx.rules.get("emergency_same_area") == "true":
        s, e = places[-1]
        yield self.finding(
            s,
            e,
            f"{label}: units split over areas {', '.join(map(str, areas))}; both go into one area (AMB-16).",
            severity=ctx.rules.rec_severity(),
            units=units,
            areas=tuple(areas),
        )


REPLACEMENTS_WHEN = _guarded(replacements_when)

RULES: tuple[FunctionRule, ...] = (
    _guarded(replacements_half_d6),
    REPLACEMENTS_WHEN,
    replacement_unit_type,
    emergency_timing,
    emergency_action,
    _guarded(no_replacements_removed),
    reinforcement_turn,
    _guarded(reinforcements_left),
    _guarded(place_order),
    place_vm_areas,
    place_fr_areas,
    place_eliminated,
    _guarded(left_without_area),
    place_fresh,
)
