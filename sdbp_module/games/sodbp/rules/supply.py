"""French supply and refresh (rules 4.0 C steps 2–4, 11.0, the *Heavy Flak* card; catalogue §3.12, §3.15).

How a supply step shows in the events: in the End phase (``PhaseStart(phase=end)``), after the
discards, ``DiceRoll(purpose="supply", values=(a, b))`` (the logged ``total`` is the raw 2d6 sum, or
the modified total: both are accepted; the checker adds the modifiers itself), optionally a
``CardPlay`` of *Heavy Flak* by the VM, then ``NoSupplySet(present=True)`` per marker, the refresh
``Flip(spent=False)`` events, and ``NoSupplySet(present=False)`` removals.

Judged at the event:

* SUPPLY-TIMING (part) — a supply roll outside the End phase;
* SUPPLY-ROLL-MODIFIERS — each supply roll: not 2 dice of 1–6, or a logged total that is neither the
  dice sum nor 2d6 + 2 per VM-controlled airstrip (blue area) + 1 per VM-controlled green area, with
  control as it stands at the roll. Control of one of those areas unknown, or a game without green
  areas in its data → ``cannot-check``;
* HEAVY-FLAK-TIMING — *Heavy Flak* played outside the End phase, or in it after the supply step
  (once the refresh or a later step has begun).

Judged once per End phase, when it ends (the next ``PhaseStart``, or the end of the log), from its
steps and the state at its end (``end_phase_rule``: ``base.phase_rule`` that also knows whether the
log ended inside the phase, and ungated-safe). "Marked areas" are the No Supply markers on the map
when the supply step ends: before the first event that belongs to a later End-phase step (a
refresh flip, a marker removal, the replacement roll ...) after the last supply-step event (the roll,
*Heavy Flak*, a marker placed); at the phase end if none:

* SUPPLY-TIMING — no supply roll in the End phase, more than one, or one after a refresh flip. A
  discard after the roll is SEQ-END-PHASE-ORDER's (info there: the order does not change the result);
* SUPPLY-UNSUPPLIED-COUNT — the number of areas marked (newly, since the phase start) ≠ the count
  the modified total requires (2–8 → 0, 9–15 → 1, 16+ → 2) + 1 if *Heavy Flak* was played in the
  End phase (one copy counted). On a 2–8 roll with *Heavy Flak*, ``heavy_flak_from_zero`` (AMB-11):
  ``0→1`` requires 1, ``no_effect`` 0; a count that fits the other reading only is a REC breach
  (``rec_severity()``), one that fits neither is illegal. No roll logged, or control unknown →
  ``cannot-check``;
* SUPPLY-MARKER-AREAS — per marker placed in the phase: placed by the French, or on an area already
  marked: illegal. Per ``no_supply_area`` (AMB-12), a "French area" is one that holds French units
  (``contains_french_units``, REC) or one the French control (``french_controlled``): a marked area
  that is not one breaks the reading in force (``rec_severity()``); failing only the other reading
  is info. Markers whose placer the log does not name (a marker moved in a ``.vlog``) → one
  ``cannot-check`` per phase;
* SUPPLY-NO-REFRESH — a French unit, spent, flipped fresh in the End phase while in a marked area;
* REFRESH-ALL — at the phase end, a VM unit on the map still spent, or a French unit on the map
  still spent outside the marked areas (units on the map at the phase start: a unit placed spent
  later in the phase is the placement rules');
* SUPPLY-MARKERS-REMOVED — No Supply markers still on the map at the phase end (SU-7: at the next
  Draw phase);
* C-HEAVY-FLAK — the card's own conditions: played by the VM, after the supply roll and before the
  first No Supply marker, and one copy counted (a second play in the same End phase is illegal). The
  +1 to the count is judged under SUPPLY-UNSUPPLIED-COUNT (with AMB-11), the step it is played in
  under HEAVY-FLAK-TIMING.

When the log ends inside an End phase (no ``GameEnd``) before the step a phase judgement needs
(the roll, the refresh, the marker removal), that judgement is one ``cannot-check``.

Not visible in the events: whether the roll was made by the French (VASSAL's dice button may be
clicked by either player; not judged), which player moved a No Supply marker in a ``.vlog``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, AreaColour
from sdbp_module.games.sodbp.rules.play_sequence import (
    HEAVY_FLAK,
    REFRESH,
    REMOVE_MARKERS,
    SUPPLY,
)
from sdbp_module.games.sodbp.rules.sodbp_cards import card_is
from sdbp_module.ids import AreaClassId, AreaId, Phase, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.apply import implied_end_step
from sdbp_module.replay.events import (
    END_OF_LOG,
    CardPlay,
    DiceRoll,
    Event,
    Flip,
    NoSupplySet,
    PhaseStart,
    Where,
)
from sdbp_module.replay.location import LocationKind
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Gate,
    Rule,
    Steps,
    rule,
)
from sdbp_module.rules.findings import Finding

FR = FRENCH
VM = VIET_MINH
END = Phase.END
SUPPLY_PURPOSE = "supply"
_AREA = LocationKind.AREA

# -- the End phase, read once ---------------------------------------------------------------------


@record
class EndPhase:
    """One End phase's supply-related events, each with its index in the phase and the state before it."""

    turn: int
    start: GameState  # the state at the PhaseStart
    rolls: tuple[tuple[int, GameState, DiceRoll], ...]
    flak: tuple[tuple[int, GameState, CardPlay], ...]
    placed: tuple[tuple[int, GameState, NoSupplySet], ...]
    refresh: tuple[tuple[int, GameState, Flip], ...]
    marked: frozenset[AreaId]  # No Supply markers on the map when the supply step ended
    end: GameState  # the state at the phase end
    closing: Where  # the event that closed it (the next PhaseStart), or the end of the log


_cache: list[tuple[Steps, EndPhase]] = []


def read_end_phase(steps: Steps, end: GameState, ctx: CheckContext, closing: Where) -> EndPhase:
    """The phase's supply events (memoised for the phase: every phase rule of this module reads it)."""
    if _cache and _cache[0][0] is steps and _cache[0][1].end is end:
        return _cache[0][1]
    phase = _read(steps, end, ctx, closing)
    _cache[:] = [(steps, phase)]
    return phase


def _read(steps: Steps, end: GameState, ctx: CheckContext, closing: Where) -> EndPhase:
    start_state, start = steps[0]
    assert isinstance(start, PhaseStart)
    seq = ctx.sequence
    supply_index = seq.step_index(SUPPLY)
    rolls: list[tuple[int, GameState, DiceRoll]] = []
    flak: list[tuple[int, GameState, CardPlay]] = []
    placed: list[tuple[int, GameState, NoSupplySet]] = []
    refresh: list[tuple[int, GameState, Flip]] = []
    for i, (state, event) in enumerate(steps[1:], start=1):
        cls = type(event)
        if cls is DiceRoll:
            assert isinstance(event, DiceRoll)
            if event.purpose == SUPPLY_PURPOSE:
                rolls.append((i, state, event))
        elif cls is CardPlay:
            assert isinstance(event, CardPlay)
            if card_is(ctx.game, event.card, HEAVY_FLAK):
                flak.append((i, state, event))
        elif cls is NoSupplySet:
            assert isinstance(event, NoSupplySet)
            if event.present:
                placed.append((i, state, event))
        elif cls is Flip:
            assert isinstance(event, Flip)
            if not event.spent:
                refresh.append((i, state, event))
    last_supply = max((x[0] for x in (*rolls, *flak, *placed)), default=0)
    supply_end = next(
        (state for state, event in steps[last_supply + 1 :] if _past(state, event, supply_index, ctx)), end
    )
    return EndPhase(
        start.turn,
        start_state,
        tuple(rolls),
        tuple(flak),
        tuple(placed),
        tuple(refresh),
        supply_end.no_supply,
        end,
        closing,
    )


def _past(state: GameState, event: Event, supply_index: int | None, ctx: CheckContext) -> bool:
    """True when ``event`` belongs to an End-phase step after the supply step (refresh, removal ...)."""
    step = implied_end_step(state, event)
    index = ctx.sequence.step_index(step) if step is not None else None
    return index is not None and supply_index is not None and index > supply_index


# -- phase rules that know whether the log ended inside the phase ---------------------------------

EndJudge = Callable[[FunctionRule, EndPhase, bool, CheckContext], Iterable[Finding]]


def end_phase_rule(rule_id: str, rule_ref: str, severity: Severity, summary: str) -> Callable[[EndJudge], FunctionRule]:
    """Like ``phase_rule(phase=END)`` (same events and gate), but the judge gets the phase read by
    ``read_end_phase`` and ``closed``: False when the log ends inside the phase with no ``GameEnd``
    (what is missing may just be unlogged). Safe when run ungated: it finds nothing off the gate."""

    def wrap(judge: EndJudge) -> FunctionRule:
        def check(
            self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
        ) -> Iterable[Finding]:
            steps = before.phase_steps
            if not steps or type(event) is not PhaseStart:  # Gate.PHASE_CLOSED, for an ungated run
                return ()
            return _judge_phase(self, judge, steps, before, event.where, ctx)

        def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
            return _judge_phase(self, judge, final.phase_steps, final, None, ctx)

        check.__doc__ = judge.__doc__
        return rule(rule_id, rule_ref, severity, summary, finish=finish, events=(PhaseStart,), gate=Gate.PHASE_CLOSED)(
            check
        )

    return wrap


def _judge_phase(
    self: FunctionRule, judge: EndJudge, steps: Steps, state: GameState, closing: Where | None, ctx: CheckContext
) -> Iterable[Finding]:
    """``judge`` on the End phase whose steps are ``steps`` (nothing for another phase, or none);
    ``closing``: where the event that closed it is, None when the log ends inside it."""
    start = steps[0][1] if steps else None
    if not isinstance(start, PhaseStart) or start.phase is not END:
        return ()
    closed = closing is not None or state.ended
    return judge(self, read_end_phase(steps, state, ctx, closing or END_OF_LOG), closed, ctx)


def _reached(state: GameState, step: str, ctx: CheckContext) -> bool:
    """True when the End phase has got to ``step`` (or past it)."""
    seq = ctx.sequence
    current = state.clock.end_step
    want = seq.step_index(step)
    have = seq.step_index(current) if current is not None else None
    return want is not None and have is not None and have >= want


def _log_ends_early(self: FunctionRule, phase: EndPhase, closed: bool, step: str, ctx: CheckContext) -> Finding | None:
    """One cannot-check when the log ends inside the phase before ``step``; else None."""
    if closed or _reached(phase.end, step, ctx):
        return None
    return self.finding(
        phase.end,
        None,
        f"The log ends in the End phase of turn {phase.turn} before its {step} step: not known.",
        where=phase.closing,
        severity=Severity.CANNOT_CHECK,
    )


# -- the supply roll and the count ----------------------------------------------------------------


@record
class Modified:
    """The modified supply total: the dice sum and each modifier, or the areas whose control is unknown."""

    dice: int
    airstrips: tuple[AreaId, ...]  # VM-controlled airstrips (+2 each)
    greens: tuple[AreaId, ...]  # VM-controlled green areas (+1 each)
    unknown: tuple[AreaId, ...]  # airstrips / green areas with no known controller

    @property
    def total(self) -> int:
        return self.dice + 2 * len(self.airstrips) + len(self.greens)

    @property
    def text(self) -> str:
        parts = [f"roll {self.dice}"]
        parts += [f"2 (airstrip {a})" for a in self.airstrips]
        parts += [f"1 (green {a})" for a in self.greens]
        return " + ".join(parts) + f" = {self.total}"


def _areas_of(game: GameData, colour: AreaClassId) -> tuple[AreaId, ...]:
    return tuple(sorted(a.id for a in game.areas if a.colour == colour))


def modified_total(state: GameState, roll: DiceRoll, game: GameData) -> Modified:
    """2d6 + 2 per VM airstrip + 1 per VM green area, control as in ``state`` (11.0)."""
    blue, green = _areas_of(game, AreaColour.BLUE), _areas_of(game, AreaColour.GREEN)
    unknown = tuple(a for a in blue + green if state.controller(a) is None)
    return Modified(
        sum(roll.values),
        tuple(a for a in blue if state.controller(a) is VM),
        tuple(a for a in green if state.controller(a) is VM),
        unknown,
    )


def base_count(total: int) -> int:
    """Areas unsupplied for a modified total (11.0): 2–8 → 0, 9–15 → 1, 16+ → 2."""
    return 0 if total <= 8 else 1 if total <= 15 else 2


def required_count(base: int, flak: bool, from_zero: bool) -> int:
    """The count with *Heavy Flak* (+1; on a 0 only when ``from_zero``, AMB-11)."""
    if not flak:
        return base
    return base + 1 if base > 0 or from_zero else 0


def _is_supply_roll(event: Event) -> bool:
    return isinstance(event, DiceRoll) and event.purpose == SUPPLY_PURPOSE


def _check_roll_outside_end(self: FunctionRule, before: GameState, event: DiceRoll) -> Iterator[Finding]:
    if before.clock.phase is not END:
        phase = before.clock.phase.value if before.clock.phase is not None else "no"
        yield self.finding(
            before,
            event,
            f"A supply roll is made in the {phase} phase of turn {before.clock.turn}; it belongs to the End phase (4.0 C, 11.0).",
        )


def _judge_timing(self: FunctionRule, phase: EndPhase, closed: bool, ctx: CheckContext) -> Iterator[Finding]:
    if not phase.rolls:
        if closed or _reached(phase.end, REFRESH, ctx):
            yield self.finding(
                phase.end,
                None,
                f"No supply roll in the End phase of turn {phase.turn}: the French roll 2d6 once, after the discards (4.0 C, 11.0).",
                where=phase.closing,
                expected=1,
                actual=0,
            )
        else:
            yield self.finding(
                phase.end,
                None,
                f"The log ends in the End phase of turn {phase.turn} before the supply roll: not known.",
                where=phase.closing,
                severity=Severity.CANNOT_CHECK,
            )
        return
    for n, (_, state, roll) in enumerate(phase.rolls[1:], start=2):
        yield self.finding(
            state,
            roll,
            f"Supply roll number {n} in the End phase of turn {phase.turn}: one roll per turn (11.0).",
            expected=1,
            actual=len(phase.rolls),
        )
    first_flip = phase.refresh[0][0] if phase.refresh else None
    for i, state, roll in phase.rolls[:1]:
        if first_flip is not None and i > first_flip:
            yield self.finding(
                state,
                roll,
                f"The supply roll of turn {phase.turn} comes after the refresh began; it comes before it (4.0 C).",
            )


def _supply_timing_check(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterable[Finding]:
    """A supply roll outside the End phase (at the roll); per End phase, when it ends (the next
    ``PhaseStart``, or the end of the log): no roll, a second roll, a roll after the refresh began."""
    if type(event) is DiceRoll:
        assert isinstance(event, DiceRoll)
        return _check_roll_outside_end(self, before, event) if event.purpose == SUPPLY_PURPOSE else ()
    steps = before.phase_steps
    if not steps or type(event) is not PhaseStart:
        return ()
    if _cache and _cache[0][0] is not steps:
        _cache.clear()  # the last End phase read is over: let its states go with the replay's
    return _judge_phase(self, _judge_timing, steps, before, event.where, ctx)


def _supply_timing_finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
    return _judge_phase(self, _judge_timing, final.phase_steps, final, None, ctx)


supply_timing = rule(
    "SUPPLY-TIMING",
    "4.0 C, 11.0",
    Severity.ILLEGAL,
    "Exactly one 2d6 supply roll per turn, in the End phase, before the refresh.",
    finish=_supply_timing_finish,
    events=(DiceRoll, PhaseStart),
)(_supply_timing_check)


@rule(
    "SUPPLY-ROLL-MODIFIERS",
    "11.0",
    Severity.ILLEGAL,
    "Supply total = 2d6 + 2 per VM-controlled airstrip + 1 per VM-controlled green area, at the roll.",
    events=(DiceRoll,),
)
def supply_roll_modifiers(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """Each supply roll: two dice of 1–6, and a logged total that is the dice sum or the modified total."""
    if not _is_supply_roll(event):
        return
    assert isinstance(event, DiceRoll)
    values = event.values
    if len(values) != 2 or any(not 1 <= v <= 6 for v in values):
        yield self.finding(
            before,
            event,
            f"The supply roll shows dice {', '.join(map(str, values)) or 'none'}; it is 2d6 (11.0).",
            expected="2d6",
            actual=len(values),
        )
        return
    if not _areas_of(ctx.game, AreaColour.GREEN):
        yield self.finding(
            before,
            event,
            "The green areas (+1 each when VM-controlled) are not in the game data: the supply total cannot be checked.",
            severity=Severity.CANNOT_CHECK,
        )
        return
    mod = modified_total(before, event, ctx.game)
    if mod.unknown:
        yield self.finding(
            before,
            event,
            f"Control of area(s) {', '.join(map(str, mod.unknown))} at the supply roll is not known: the modified total cannot be checked.",
            severity=Severity.CANNOT_CHECK,
            areas=mod.unknown,
        )
        return
    if event.total is not None and event.total not in (mod.dice, mod.total):
        yield self.finding(
            before,
            event,
            f"The supply roll logs total {event.total}, but {mod.text} (11.0).",
            areas=mod.airstrips + mod.greens,
            expected=mod.total,
            actual=event.total,
        )


def _card_text(ctx: CheckContext, play: CardPlay) -> str:
    return f"{HEAVY_FLAK} ({play.card})"


@end_phase_rule(
    "SUPPLY-UNSUPPLIED-COUNT",
    "11.0, Heavy Flak (AMB-11)",
    Severity.ILLEGAL,
    "No Supply markers placed = 0 / 1 / 2 for a total of 2–8 / 9–15 / 16+, + 1 with Heavy Flak.",
)
def supply_unsupplied_count(self: FunctionRule, phase: EndPhase, closed: bool, ctx: CheckContext) -> Iterator[Finding]:
    """The areas marked in the supply step against the count the modified total (and *Heavy Flak*) require."""
    if not phase.rolls:
        if closed or _reached(phase.end, REFRESH, ctx):
            yield self.finding(
                phase.end,
                None,
                f"No supply roll is logged in the End phase of turn {phase.turn}: the number of No Supply areas cannot be checked.",
                where=phase.closing,
                severity=Severity.CANNOT_CHECK,
            )
        return  # the log ends before the roll: SUPPLY-TIMING says so
    _, state, roll = phase.rolls[0]
    mod = modified_total(state, roll, ctx.game)
    if mod.unknown or len(roll.values) != 2:
        why = "the roll is not 2d6" if len(roll.values) != 2 else f"control of area(s) {', '.join(map(str, mod.unknown))} is not known"
        yield self.finding(
            state,
            roll,
            f"The supply total of turn {phase.turn} is not known ({why}): the number of No Supply areas cannot be checked.",
            severity=Severity.CANNOT_CHECK,
        )
        return
    if not closed and not _reached(phase.end, REFRESH, ctx):
        early = _log_ends_early(self, phase, closed, REFRESH, ctx)
        if early is not None:
            yield early
        return
    flak = bool(phase.flak)
    base = base_count(mod.total)
    from_zero = ctx.rules.get("heavy_flak_from_zero") == "0→1"
    need = required_count(base, flak, from_zero)
    other = required_count(base, flak, not from_zero)
    new = tuple(sorted(phase.marked - phase.start.no_supply))
    if len(new) == need:
        return
    text = f"{mod.text} → {base} area{'s' if base != 1 else ''} unsupplied"
    if flak:
        text += f" + 1 ({_card_text(ctx, phase.flak[0][2])})"
        if base == 0:
            text += " (AMB-11: heavy_flak_from_zero=" + ctx.rules.get("heavy_flak_from_zero") + ")"
        text += f" = {need}"
    text += f"; {len(new)} marked" + (f" ({', '.join(map(str, new))})" if new else "") + " (11.0)."
    yield self.finding(
        state,
        roll,
        text,
        severity=ctx.rules.rec_severity() if len(new) == other else None,
        areas=new,
        expected=need,
        actual=len(new),
    )


# -- the markers ----------------------------------------------------------------------------------


def _marker_area_problem(state: GameState, area: AreaId, ctx: CheckContext) -> tuple[str, bool] | None:
    """What is wrong with ``area`` as a "French area" (AMB-12), and whether it breaks the reading in force."""
    has_units = state.count(area, FR) > 0
    controlled = state.controller(area) is FR
    by_units = ctx.rules.get("no_supply_area") == "contains_french_units"
    if has_units and controlled:
        return None
    if not has_units and not controlled:
        return "holds no French unit and is not French-controlled", True
    if not has_units:
        return "holds no French unit (French-controlled)", by_units
    ctrl = state.controller(area)
    return f"is not French-controlled ({ctrl.label if ctrl else 'control unknown'}; French units there)", not by_units


@end_phase_rule(
    "SUPPLY-MARKER-AREAS",
    "11.0 (AMB-12)",
    Severity.ILLEGAL,
    "The VM places No Supply markers on distinct French areas.",
)
def supply_marker_areas(self: FunctionRule, phase: EndPhase, closed: bool, ctx: CheckContext) -> Iterator[Finding]:
    """Each No Supply marker placed in the End phase: by the VM, on an area not yet marked, on a French area."""
    unknown_placer: list[AreaId] = []
    reading = ctx.rules.get("no_supply_area")
    for _, state, event in phase.placed:
        area = event.area
        if event.side is FR:
            yield self.finding(
                state, event, f"The French place a No Supply marker on area {area}; the VM places them (11.0).", areas=(area,)
            )
        elif event.side is None:
            unknown_placer.append(area)
        if area in state.no_supply:
            yield self.finding(
                state,
                event,
                f"A No Supply marker is placed on area {area}, which already has one; the areas are distinct (11.0).",
                areas=(area,),
            )
            continue
        problem = _marker_area_problem(state, area, ctx)
        if problem is not None:
            what, breach = problem
            yield self.finding(
                state,
                event,
                f"No Supply marker on area {area}, which {what}; a French area is one that "
                + ("holds French units" if reading == "contains_french_units" else "the French control")
                + f" (AMB-12: no_supply_area={reading}).",
                severity=ctx.rules.rec_severity() if breach else Severity.INFO,
                areas=(area,),
            )
    if unknown_placer:
        yield self.finding(
            phase.end,
            None,
            f"The log does not say who placed the No Supply marker(s) on area(s) {', '.join(map(str, unknown_placer))} in turn {phase.turn}: not known whether the VM did.",
            where=phase.closing,
            severity=Severity.CANNOT_CHECK,
            areas=tuple(unknown_placer),
        )


# -- the refresh and the removal ------------------------------------------------------------------


@end_phase_rule(
    "SUPPLY-NO-REFRESH",
    "4.0 C, 11.0",
    Severity.ILLEGAL,
    "French units in No Supply areas do not flip to fresh at the refresh.",
)
def supply_no_refresh(self: FunctionRule, phase: EndPhase, closed: bool, ctx: CheckContext) -> Iterator[Finding]:
    """Each fresh flip of the End phase: the spent French units it flips in a marked area."""
    if not phase.marked:
        return
    for _, state, flip in phase.refresh:
        bad: list[UnitId] = []
        areas: set[AreaId] = set()
        for u in flip.units:
            s = state.units.get(u)
            if s is None or s.side is not FR or not s.spent or s.location.kind is not _AREA:
                continue
            area = s.location.area
            if area is not None and area in phase.marked:
                bad.append(u)
                areas.add(area)
        if bad:
            yield self.finding(
                state,
                flip,
                f"French unit(s) {', '.join(bad)} in No Supply area(s) {', '.join(map(str, sorted(areas)))} flipped fresh; they stay spent (11.0).",
                units=bad,
                areas=sorted(areas),
            )


@end_phase_rule(
    "REFRESH-ALL",
    "4.0 C",
    Severity.ILLEGAL,
    "After the refresh every VM unit on the map and every French unit outside No Supply areas is fresh.",
)
def refresh_all(self: FunctionRule, phase: EndPhase, closed: bool, ctx: CheckContext) -> Iterator[Finding]:
    """The units on the map still spent at the End phase's end that the refresh should have flipped
    (units on the map at the phase start: reinforcements placed later are the placement rules')."""
    end = phase.end
    before = phase.start.units
    spent = [
        (u, s)
        for u, s in end.units.items()
        if s.spent and s.location.kind is _AREA and (b := before.get(u)) is not None and b.location.kind is _AREA
    ]
    if not spent:
        return
    early = _log_ends_early(self, phase, closed, REFRESH, ctx)
    if early is not None:
        yield early
        return
    for side in (VM, FR):
        left = sorted(
            u for u, s in spent if s.side is side and (side is VM or s.location.area not in phase.marked)
        )
        if not left:
            continue
        areas = sorted({a for u in left if (a := end.area_of(u)) is not None})
        where = "on the map" if side is VM else "outside No Supply areas"
        yield self.finding(
            end,
            None,
            f"{side.label} unit(s) {', '.join(left)} {where} still spent at the end of the End phase of turn {phase.turn}; the refresh flips them fresh (4.0 C).",
            units=left,
            areas=areas,
            side=side,
        )


@end_phase_rule(
    "SUPPLY-MARKERS-REMOVED",
    "4.0 C",
    Severity.ILLEGAL,
    "All No Supply markers come off in the End phase (step 4).",
)
def supply_markers_removed(self: FunctionRule, phase: EndPhase, closed: bool, ctx: CheckContext) -> Iterator[Finding]:
    """No Supply markers still on the map when the End phase ends."""
    left = tuple(sorted(phase.end.no_supply))
    if not left:
        return
    early = _log_ends_early(self, phase, closed, REMOVE_MARKERS, ctx)
    if early is not None:
        yield early
        return
    yield self.finding(
        phase.end,
        None,
        f"No Supply marker(s) on area(s) {', '.join(map(str, left))} still on the map after the End phase of turn {phase.turn}; they are removed in step 4 (4.0 C).",
        where=phase.closing,
        areas=left,
        expected=0,
        actual=len(left),
    )


# -- Heavy Flak -----------------------------------------------------------------------------------


@rule(
    "HEAVY-FLAK-TIMING",
    "Heavy Flak",
    Severity.ILLEGAL,
    "Heavy Flak is played during the End-phase supply step.",
    events=(CardPlay,),
)
def heavy_flak_timing(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """A *Heavy Flak* play outside the End phase, or in it once a step after the supply step has begun."""
    if not isinstance(event, CardPlay) or not card_is(ctx.game, event.card, HEAVY_FLAK):
        return
    clock = before.clock
    if clock.phase is not END:
        phase = clock.phase.value if clock.phase is not None else "no"
        yield self.finding(
            before,
            event,
            f"{HEAVY_FLAK} ({event.card}) is played in the {phase} phase of turn {clock.turn}; it is played in the End-phase supply step.",
        )
        return
    seq = ctx.sequence
    current = clock.end_step
    if current is not None and (seq.step_index(current) or 0) > (seq.step_index(SUPPLY) or 0):
        yield self.finding(
            before,
            event,
            f"{HEAVY_FLAK} ({event.card}) is played in the {current} step of turn {clock.turn}, after the supply step.",
            expected=SUPPLY,
            actual=current,
        )


@end_phase_rule(
    "C-HEAVY-FLAK",
    "Heavy Flak",
    Severity.ILLEGAL,
    "Heavy Flak: played by the VM after the supply roll and before the markers; one copy counted.",
)
def c_heavy_flak(self: FunctionRule, phase: EndPhase, closed: bool, ctx: CheckContext) -> Iterator[Finding]:
    """Each *Heavy Flak* play of the End phase: by the VM, after the roll, before the first marker, the
    first one only. The +1 is SUPPLY-UNSUPPLIED-COUNT's, the step HEAVY-FLAK-TIMING's."""
    first_roll = phase.rolls[0][0] if phase.rolls else None
    first_marker = phase.placed[0][0] if phase.placed else None
    for n, (i, state, play) in enumerate(phase.flak):
        card = _card_text(ctx, play)
        if play.side is not VM:
            yield self.finding(state, play, f"{card} is played by the {play.side.label}; it is a VM card.")
        if n > 0:
            yield self.finding(
                state, play, f"{card} is played again in the End phase of turn {phase.turn}; it counts once (+1 area)."
            )
            continue
        if first_roll is None or i < first_roll:
            yield self.finding(
                state,
                play,
                f"{card} is played before the supply roll of turn {phase.turn}; it is played after the roll (4.0 C).",
            )
        elif first_marker is not None and i > first_marker:
            yield self.finding(
                state,
                play,
                f"{card} is played after a No Supply marker was placed in turn {phase.turn}; it comes before the markers (4.0 C).",
            )


RULES: tuple[Rule, ...] = (
    supply_timing,
    supply_roll_modifiers,
    supply_unsupplied_count,
    supply_marker_areas,
    supply_no_refresh,
    refresh_all,
    supply_markers_removed,
    heavy_flak_timing,
    c_heavy_flak,
)
