"""Trenches and entrenchment (rules 9.0, 9.1, 2.1.2, 13.0; catalogue §3.10).

How an entrenchment shows in the events: an ``Entrench`` event (VM side, ``area``, the ``units``
flipped or the ``card`` discarded; a card entrenchment is ``Entrench(card=…)`` plus a
``CardDiscard(reason="entrench")``; ``level`` = the new level when the log states it), followed
in the same action by the units' ``Flip`` events and ``TrenchSet`` events (the trench marker placed
or set to a level: in a ``.vlog`` that is how the new level is known). The replay applies both.

Judged at the event (with the earlier events of its action, ``GameState.action_steps``):

* ENTRENCH-VM-CONTROLLED — the area entrenched is not VM-controlled at that moment (9.0);
* ENTRENCH-MAX-3 — a trench level above 3 is set (``TrenchSet`` / ``Entrench.level``), or a level
  raised by a ``TrenchSet`` with no entrenchment of that area earlier in its action (the new level
  is ``min(3, old + gain)``, and nothing was paid for a gain). How far an entrenchment may raise
  it is ENTRENCH-COST-2-UNITS' and ENTRENCH-CARD-VALUE's;
* ENTRENCH-ONE-METHOD — the first event of the second method in one action (units flipped and a
  card discarded, 9.0), or one ``Entrench`` naming both;
* TRENCH-PERSISTS — a level lowered or a marker removed (an empty VM area keeps it, CT-2) other
  than on a French-controlled area or after an *Artillery* / *TOT Artillery* played earlier in the
  action. What such a card lowered is its rules' (one fault, one id): the area and whether it took
  every marker C-ARTILLERY / C-TOT's, a lowering although a counter-battery negated it C-105 /
  C-75's (AMB-20), a card that also fired CARD-TWO-EFFECTS-ONE's;
* TRENCH-ONLY-VM-AREAS — a trench marker placed or raised on an area the French control at that
  moment (2.1.2, 9.1); the marker set by an entrenchment of a French area is
  ENTRENCH-VM-CONTROLLED's.

Judged when the action closes (``closed_action``; at the end of the log for an action still open),
from the action's events with the state before each; findings point at the event concerned:

* ENTRENCH-COST-2-UNITS — gain = new level − old level (old = before the action, new = when it
  closes); k = the VM units of the ``Entrench`` events that were fresh before it and are spent at
  the close. Illegal: gain > k // 2 (EN-3). Suspicious (wasteful): k > 2 × gain (an odd k, EN-2,
  or flips past level 3, EN-4). Units outside the area entrenched: per ``entrench_units_in_area``
  (AMB-08; ``required``: a breach of the REC reading, ``rec_severity()``, EN-9). No level stated
  (no ``TrenchSet`` of the area in the action, no ``Entrench.level``) → ``cannot-check``;
* ENTRENCH-CARD-VALUE — more than one card discarded, a non-VM card, the card not going to the
  discard pile (a ``CardDiscard`` to another pile, or a ``CardRemove`` of it in the action: EN-7's
  *Katyusha*; the card-rule id CARD-DISCARD-NOT-REMOVED is not checked yet, so the entrenchment
  side of it is reported here), VM units flipped as well, and the new level ≠ ``min(3, old +
  value)`` (``entrench_card_mode=increment``) or ``max(old, value)`` (``set_to``), AMB-01: a level
  that matches the other reading is a REC breach (``rec_severity()``), one that matches neither is
  illegal. The values are the game data's ``Card.entrenchment``; the bundled ones are reconstructed
  (``source_data/sodbp/cards.yaml`` marks each ``sources.entrenchment``); a card without one, or no
  level stated → ``cannot-check``;
* TRENCH-REMOVED-ON-FR-CONTROL — an area that became French-controlled in the action (a move, a
  retreat, an assault's origin emptied (AS-9), an elimination, a control marker) and still has a
  trench when the action closes, reported at the event that made it French: in a ``.vlog`` the
  marker is deleted by hand in a later step, so the removal is allowed until then (CT-4). Events
  outside actions (End and Draw phases) are judged at the event itself: a rule sees one event at a
  time, and a check at the phase end would repeat the verdict on every uncorrected capture of
  earlier phases.

Trenches change only by ``TrenchSet`` and ``Entrench.level`` (``replay.apply``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    ARTILLERY,
    TOT_ARTILLERY,
    card_name,
)
from sdbp_module.ids import AreaId, CardId, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS, opens_new_action
from sdbp_module.replay.clock import PartKind
from sdbp_module.replay.combat import closed_action
from sdbp_module.replay.events import (
    CardDiscard,
    CardPlay,
    CardRemove,
    ControlSet,
    Damage,
    DiscardReason,
    Entrench,
    Event,
    Flip,
    Move,
    Pile,
    Place,
    Relocate,
    TrenchSet,
)
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Gate, rule
from sdbp_module.rules.findings import Finding

FR = FRENCH
VM = VIET_MINH
MAX_LEVEL = 3  # 9.0
UNITS_PER_LEVEL = 2  # 9.0
_REMOVERS = (ARTILLERY, TOT_ARTILLERY)

Step = tuple[GameState, Event]


# -- the action's facts ---------------------------------------------------------------------------


@record
class AreaEntrenchment:
    """Everything one action did to entrench one area."""

    area: AreaId
    unit_events: tuple[tuple[GameState, Entrench], ...]  # with units
    card_events: tuple[tuple[GameState, Entrench], ...]  # with a card
    old: int  # level before the action
    new: int  # level when the action closes
    level_known: bool  # a TrenchSet of the area in the action, or an Entrench.level

    @property
    def gain(self) -> int:
        return self.new - self.old


@record
class ActionFacts:
    """What the trench rules need of one closed action, gathered in one pass over its events."""

    steps: tuple[Step, ...]
    end: GameState  # the state when the action closes
    entrenches: tuple[tuple[GameState, Entrench], ...]
    levels: tuple[tuple[GameState, Event], ...]  # TrenchSet, and Entrench with a level
    discards: tuple[tuple[GameState, CardDiscard], ...]  # reason entrench
    removes: tuple[tuple[GameState, CardRemove], ...]
    flips: tuple[tuple[GameState, Flip], ...]  # to spent

    @property
    def start(self) -> GameState:
        return self.steps[0][0]

    def by_area(self) -> tuple[AreaEntrenchment, ...]:
        areas: dict[AreaId, list[tuple[GameState, Entrench]]] = {}
        for s, e in self.entrenches:
            areas.setdefault(e.area, []).append((s, e))
        out = []
        for area, events in areas.items():
            known = any(e.level is not None for _s, e in events) or any(
                isinstance(e, TrenchSet) and e.area == area for _s, e in self.levels
            )
            out.append(
                AreaEntrenchment(
                    area=area,
                    unit_events=tuple((s, e) for s, e in events if e.units),
                    card_events=tuple((s, e) for s, e in events if e.card is not None),
                    old=self.start.trench(area),
                    new=self.end.trench(area),
                    level_known=known,
                )
            )
        return tuple(out)


_RELEVANT = (Entrench, TrenchSet, CardDiscard, CardRemove, Flip)
_ENTRENCH_PARTS = (PartKind.ENTRENCH, PartKind.ENTRENCH_DISCARD)
_cache: tuple[tuple[Step, ...], GameState, ActionFacts | None] | None = None


def _facts(steps: tuple[Step, ...], end: GameState) -> ActionFacts | None:
    """The facts of a closed action; None when it did nothing to trenches (the common case)."""
    global _cache
    if _cache is not None and _cache[0] is steps and _cache[1] is end:
        return _cache[2]
    if steps[0][0].piles is end.piles:
        for part in end.clock.parts:
            if part.kind in _ENTRENCH_PARTS:
                break
        else:
            _cache = (steps, end, None)
            return None  # no entrenchment and no card moved: nothing for the rules judged at the close
    entrenches: list[tuple[GameState, Entrench]] = []
    levels: list[tuple[GameState, Event]] = []
    discards: list[tuple[GameState, CardDiscard]] = []
    removes: list[tuple[GameState, CardRemove]] = []
    flips: list[tuple[GameState, Flip]] = []
    for s, e in steps:
        if not isinstance(e, _RELEVANT):
            continue
        if isinstance(e, Entrench):
            entrenches.append((s, e))
            if e.level is not None:
                levels.append((s, e))
        elif isinstance(e, TrenchSet):
            levels.append((s, e))
        elif isinstance(e, CardDiscard):
            if e.reason is DiscardReason.ENTRENCH:
                discards.append((s, e))
        elif isinstance(e, CardRemove):
            removes.append((s, e))
        elif e.spent:
            flips.append((s, e))
    facts = (
        ActionFacts(
            steps, end, tuple(entrenches), tuple(levels), tuple(discards), tuple(removes), tuple(flips)
        )
        if entrenches or discards
        else None
    )
    _cache = (steps, end, facts)
    return facts


_NOTHING: tuple[tuple[Step, ...], ActionFacts | None] = ((), None)
_last: tuple[GameState, GameState, tuple[tuple[Step, ...], ActionFacts | None]] | None = None


def _closing(before: GameState, after: GameState) -> tuple[tuple[Step, ...], ActionFacts | None]:
    """The steps of the action the event closes (empty if none) and their facts; computed once per
    event for the three rules judged at the close."""
    global _last
    last = _last
    if last is not None and last[0] is before and last[1] is after:
        return last[2]
    steps = before.action_steps
    if not steps or after.action_steps is steps:
        return _NOTHING  # no action, or the same one goes on
    steps = closed_action(before, after)
    result = (steps, _facts(steps, before)) if steps else _NOTHING
    _last = (before, after, result)
    return result


@remembers
def _forget() -> None:
    global _cache, _last
    _cache = _last = None


def _closed(before: GameState, after: GameState) -> ActionFacts | None:
    return _closing(before, after)[1]


def _entrenchment_closed(before: GameState, event: Event, after: GameState, ctx: CheckContext) -> bool:
    return _closing(before, after)[1] is not None


ENTRENCHMENT_CLOSED = Gate("entrenchment-closed", _entrenchment_closed)
"""An action that entrenched (or moved a card) closes at this event: ``_closed`` gives its facts."""


def _open_at_end(final: GameState) -> ActionFacts | None:
    return _facts(final.action_steps, final) if final.action_steps else None


def _controller(state: GameState, game: GameData, area: AreaId) -> Side | None:
    side = state.control.get(area)
    if side is None and game.has_area(area):
        return game.area(area).control
    return side


def _current(before: GameState, event: Event) -> tuple[Step, ...]:
    """The earlier events of the action ``event`` belongs to (none when it opens one or is outside actions)."""
    if before.clock.action_side is None or opens_new_action(before.clock, event):
        return ()
    return before.action_steps


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _card_text(game: GameData, card: CardId) -> str:
    name = card_name(game, card)
    return f"{name} ({card})" if name is not None else str(card)


def _no_level(area: AreaId) -> str:
    return (
        f"the new trench level of area {area} (no trench marker is set there in the action and the "
        f"entrench event gives no level)"
    )


# -- ENTRENCH-VM-CONTROLLED -----------------------------------------------------------------------


@rule(
    "ENTRENCH-VM-CONTROLLED",
    "9.0",
    Severity.ILLEGAL,
    "only an area the Viet Minh controls at that moment may be entrenched",
    events=(Entrench,),
)
def entrench_vm_controlled(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Entrench):
        return
    side = _controller(before, ctx.game, event.area)
    if side is None:
        yield self.finding(
            before,
            event,
            f"Cannot check {self.rule_id}: the controller of area {event.area} (not in the game data).",
            severity=Severity.CANNOT_CHECK,
            areas=(event.area,),
        )
    elif side is not VM:
        yield self.finding(
            before,
            event,
            f"Entrenchment in area {event.area}, which the {side.label} control; only an area the "
            f"Viet Minh controls may be entrenched (9.0).",
            units=event.units,
            areas=(event.area,),
            expected=VM.value,
            actual=side.value,
        )


# -- ENTRENCH-MAX-3 -------------------------------------------------------------------------------


@rule(
    "ENTRENCH-MAX-3",
    "9.0",
    Severity.ILLEGAL,
    "a trench level never exceeds 3 and rises only by entrenching",
    events=(TrenchSet, Entrench),
)
def entrench_max_3(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, (TrenchSet, Entrench)) or event.level is None:
        return
    area, level = event.area, event.level
    if level > MAX_LEVEL:
        yield self.finding(
            before,
            event,
            f"The trench level of area {area} is set to {level}; the maximum is {MAX_LEVEL} (9.0).",
            areas=(area,),
            expected=MAX_LEVEL,
            actual=level,
        )
        return
    old = before.trench(area)
    if isinstance(event, Entrench) or level <= old or _controller(before, ctx.game, area) is FR:
        return  # an entrenchment's gain is the cost rules'; a French area is TRENCH-ONLY-VM-AREAS'
    if any(isinstance(e, Entrench) and e.area == area for _s, e in _current(before, event)):
        return
    yield self.finding(
        before,
        event,
        f"The trench level of area {area} is raised from {old} to {level} without an entrenchment of that "
        f"area in the action; the level only rises by entrenching (9.0).",
        areas=(area,),
        expected=old,
        actual=level,
    )


# -- ENTRENCH-COST-2-UNITS ------------------------------------------------------------------------


def _cost_close(self: FunctionRule, facts: ActionFacts, ctx: CheckContext) -> Iterator[Finding]:
    required = ctx.rules.get("entrench_units_in_area") == "required"
    end = facts.end
    for ae in facts.by_area():
        if not ae.unit_events:
            continue
        area = ae.area
        counted: dict[UnitId, bool] = {}  # unit → fresh VM unit flipped by the action
        unknown: list[UnitId] = []
        for s, e in ae.unit_events:
            if required:
                away = tuple(u for u in e.units if (a := s.area_of(u)) is not None and a != area)
                if away:
                    where = ", ".join(f"{u} in {s.area_of(u)}" for u in away)
                    yield self.finding(
                        s,
                        e,
                        f"Units flipped to entrench area {area} are not in it ({where}); the REC reading "
                        f"of 9.0 (AMB-08) has the units come from the area entrenched.",
                        severity=ctx.rules.rec_severity(),
                        units=away,
                        areas=(area,),
                    )
            for u in e.units:
                us = s.unit(u)
                if us is None:
                    unknown.append(u)
                    continue
                counted[u] = counted.get(u, False) or (us.side is VM and not us.spent and end.is_spent(u))
        if unknown:
            s, e = ae.unit_events[0]
            yield self.finding(
                s,
                e,
                f"Cannot check {self.rule_id} for area {area}: the state of {', '.join(sorted(set(unknown)))} "
                f"(not in the replay).",
                severity=Severity.CANNOT_CHECK,
                units=tuple(sorted(set(unknown))),
                areas=(area,),
            )
            continue
        if ae.card_events:
            continue  # both methods: ENTRENCH-ONE-METHOD
        s, e = ae.unit_events[0]
        if not ae.level_known:
            yield self.finding(
                s, e, f"Cannot check {self.rule_id}: {_no_level(area)}.", severity=Severity.CANNOT_CHECK, areas=(area,)
            )
            continue
        k = sum(counted.values())
        flipped = tuple(u for u, f in counted.items() if f)
        paid = k // UNITS_PER_LEVEL
        gain = ae.gain
        if gain < 0:
            continue  # a level lowered: TRENCH-PERSISTS
        if gain > paid:
            yield self.finding(
                s,
                e,
                f"Area {area} rose from {ae.old} to {ae.new} (+{gain}), but {_plural(k, 'fresh Viet Minh unit')} "
                f"flipped pay for +{paid} ({UNITS_PER_LEVEL} units per level, 9.0).",
                units=flipped,
                areas=(area,),
                expected=min(MAX_LEVEL, ae.old + paid),
                actual=ae.new,
            )
        elif k > UNITS_PER_LEVEL * gain:
            wasted = k - UNITS_PER_LEVEL * gain
            why = " (odd number of units)" if k % 2 and wasted == 1 else ""
            cap = f"; the level stops at {MAX_LEVEL}" if ae.new == MAX_LEVEL else ""
            yield self.finding(
                s,
                e,
                f"{_plural(k, 'fresh Viet Minh unit')} flipped to entrench area {area} for +{gain} "
                f"({ae.old} → {ae.new}): {_plural(wasted, 'flip')} wasted{why}, {UNITS_PER_LEVEL} units "
                f"per level{cap} (9.0).",
                severity=Severity.SUSPICIOUS,
                units=flipped,
                areas=(area,),
                expected=UNITS_PER_LEVEL * gain,
                actual=k,
            )


CloseJudge = Callable[[FunctionRule, ActionFacts, CheckContext], Iterable[Finding]]


def _at_close(rule_id: str, ref: str, severity: Severity, summary: str) -> Callable[[CloseJudge], FunctionRule]:
    """A rule that judges an action's entrenchments once, when the action closes (or at the end of the log)."""

    def wrap(judge: CloseJudge) -> FunctionRule:
        def check(
            self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
        ) -> Iterable[Finding]:
            facts = _closed(before, after)  # a plain function, not a generator: called on most events
            return () if facts is None else judge(self, facts, ctx)

        def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
            facts = _open_at_end(final)
            return () if facts is None else judge(self, facts, ctx)

        check.__doc__ = judge.__doc__
        return rule(
            rule_id, ref, severity, summary, finish=finish, events=CLOSING_EVENTS, gate=ENTRENCHMENT_CLOSED
        )(check)

    return wrap


entrench_cost_2_units = _at_close(
    "ENTRENCH-COST-2-UNITS",
    "9.0 (AMB-08)",
    Severity.ILLEGAL,
    "each trench level costs 2 fresh Viet Minh units flipped (REC: units of the area entrenched)",
)(_cost_close)


# -- ENTRENCH-CARD-VALUE --------------------------------------------------------------------------


def _card_close(self: FunctionRule, facts: ActionFacts, ctx: CheckContext) -> Iterator[Finding]:
    game = ctx.game
    card_entrenches = tuple((s, e) for s, e in facts.entrenches if e.card is not None)
    unit_method = any(e.units for _s, e in facts.entrenches)
    if not card_entrenches:
        if facts.discards and not unit_method:
            s, d = facts.discards[0]
            yield self.finding(
                s,
                d,
                f"Cannot check {self.rule_id}: the area entrenched with {_card_text(game, d.cards[0]) if d.cards else 'the card'} "
                f"(a card discarded for entrenchment, but no entrench event in the action).",
                severity=Severity.CANNOT_CHECK,
            )
        return
    # the cards discarded for entrenchment, in log order, with the event that names each first
    named: dict[CardId, tuple[GameState, Event]] = {}
    for s, ev in sorted((*card_entrenches, *facts.discards), key=lambda x: x[1].where.sort_key):
        cards = (ev.card,) if isinstance(ev, Entrench) and ev.card is not None else getattr(ev, "cards", ())
        for c in cards:
            named.setdefault(c, (s, ev))
    if len(named) > 1:
        s, ev = list(named.values())[1]
        yield self.finding(
            s,
            ev,
            f"{len(named)} cards discarded for one entrenchment ({', '.join(_card_text(game, c) for c in named)}); "
            f"the card method discards one Viet Minh card (9.0).",
            expected=1,
            actual=len(named),
        )
    usable = True
    for c, (s, ev) in named.items():
        if not game.has_card(c):
            usable = False
            yield self.finding(
                s,
                ev,
                f"Cannot check {self.rule_id}: card {c} is not in the game data.",
                severity=Severity.CANNOT_CHECK,
            )
        elif game.card(c).side is not VM:
            usable = False
            owner = game.card(c).side
            yield self.finding(
                s,
                ev,
                f"{_card_text(game, c)} is a {owner.label if owner is not None else 'special'} card; only a "
                f"Viet Minh card may be discarded to entrench (9.0).",
                expected=VM.value,
                actual=owner.value if owner is not None else None,
            )
    # the card goes to the discard pile (9.0, 5.2), even a remove-from-game card
    discarded = {c for _s, d in facts.discards for c in d.cards}
    for s, d in facts.discards:
        if d.to is not Pile.DISCARD:
            yield self.finding(
                s,
                d,
                f"{', '.join(_card_text(game, c) for c in d.cards)} discarded to entrench went to the {d.to.value} "
                f"pile; a card discarded for entrenchment goes to the discard pile, even one removed from the "
                f"game when played (9.0, 5.2).",
                expected=Pile.DISCARD.value,
                actual=d.to.value,
            )
    for s, r in facts.removes:
        taken = tuple(c for c in r.cards if c in named)
        if taken:
            yield self.finding(
                s,
                r,
                f"{', '.join(_card_text(game, c) for c in taken)} discarded to entrench is removed from the game; "
                f"it goes to the discard pile (9.0, 5.2).",
                expected=Pile.DISCARD.value,
                actual=Pile.REMOVED.value,
            )
    for c, (s, ev) in named.items():
        if c not in discarded:
            yield self.finding(
                s,
                ev,
                f"Cannot check {self.rule_id}: where {_card_text(game, c)} went (no card-discard of it with reason "
                f"entrench in the action).",
                severity=Severity.CANNOT_CHECK,
            )
    # units flipped as well (both methods: ENTRENCH-ONE-METHOD)
    if not unit_method:
        others = facts.end.clock.activated  # units of another part of the action: SEQ-ONE-ACTION's
        for s, f in facts.flips:
            units = tuple(
                u for u in f.units if (us := s.unit(u)) is not None and us.side is VM and not us.spent and u not in others
            )
            if units:
                yield self.finding(
                    s,
                    f,
                    f"{', '.join(units)} flipped to spent in an entrenchment by card; the card method uses no units (9.0).",
                    units=units,
                )
    if len(named) != 1 or not usable or unit_method:
        return
    (card,) = named
    value = game.card(card).entrenchment
    for ae in facts.by_area():
        if not ae.card_events:
            continue
        s, e = ae.card_events[0]
        if value is None:
            yield self.finding(
                s,
                e,
                f"Cannot check {self.rule_id}: the entrenchment value of {_card_text(game, card)} (not in the game data).",
                severity=Severity.CANNOT_CHECK,
                areas=(ae.area,),
            )
            continue
        if not ae.level_known:
            yield self.finding(
                s, e, f"Cannot check {self.rule_id}: {_no_level(ae.area)}.", severity=Severity.CANNOT_CHECK, areas=(ae.area,)
            )
            continue
        if ae.new < ae.old:
            continue  # a level lowered: TRENCH-PERSISTS
        readings = {
            "increment": (min(MAX_LEVEL, ae.old + value), f"min({MAX_LEVEL}, {ae.old} + {value})"),
            "set_to": (max(ae.old, min(MAX_LEVEL, value)), f"max({ae.old}, {value})"),
        }
        mode = ctx.rules.get("entrench_card_mode")
        expected, how = readings[mode]
        other_mode = "set_to" if mode == "increment" else "increment"
        other, _ = readings[other_mode]
        if ae.new == expected:
            continue
        if ae.new == other:
            severity = ctx.rules.rec_severity()
            tail = f"which is the {other_mode} reading of AMB-01"
        else:
            severity = Severity.ILLEGAL
            tail = f"under no reading of AMB-01 (increment {readings['increment'][0]}, set_to {readings['set_to'][0]})"
        yield self.finding(
            s,
            e,
            f"{_card_text(game, card)} (entrenchment value {value} in the game data) takes area {ae.area} from "
            f"{ae.old} to {expected} = {how} under entrench_card_mode={mode}, but the log gives {ae.new}, {tail}.",
            severity=severity,
            areas=(ae.area,),
            expected=expected,
            actual=ae.new,
        )


entrench_card_value = _at_close(
    "ENTRENCH-CARD-VALUE",
    "9.0 (AMB-01)",
    Severity.ILLEGAL,
    "one Viet Minh card, to the discard pile, raises the level by its entrenchment value (AMB-01)",
)(_card_close)


# -- ENTRENCH-ONE-METHOD --------------------------------------------------------------------------


def _method(event: Event) -> tuple[bool, bool]:
    """(uses units, uses a card) for an entrenchment event; (False, False) for any other event."""
    if isinstance(event, Entrench):
        return bool(event.units), event.card is not None
    if isinstance(event, CardDiscard) and event.reason is DiscardReason.ENTRENCH:
        return False, True
    return False, False


@rule(
    "ENTRENCH-ONE-METHOD",
    "9.0",
    Severity.ILLEGAL,
    "an entrenchment uses units or a card, not both",
    events=(Entrench, CardDiscard),
)
def entrench_one_method(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """Judged at the first event of the second method in the action (or an event naming both)."""
    units, card = _method(event)
    if not units and not card:
        if isinstance(event, Entrench):
            yield self.finding(
                before,
                event,
                f"Cannot check {self.rule_id}: the method of the entrenchment of area {event.area} (the entrench "
                f"event names neither units nor a card).",
                severity=Severity.CANNOT_CHECK,
                areas=(event.area,),
            )
        return
    earlier_units = earlier_card = False
    unit_names: list[UnitId] = []
    for _s, e in _current(before, event):
        u, c = _method(e)
        earlier_units, earlier_card = earlier_units or u, earlier_card or c
        if u and isinstance(e, Entrench):
            unit_names += e.units
    if isinstance(event, Entrench):
        unit_names += event.units
    both_here = units and card
    second = (card and earlier_units and not earlier_card) or (units and earlier_card and not earlier_units)
    if not both_here and not second or (earlier_units and earlier_card):
        return
    names = tuple(dict.fromkeys(unit_names))
    area = event.area if isinstance(event, Entrench) else None
    yield self.finding(
        before,
        event,
        f"One action entrenches both by flipping units ({', '.join(names)}) and by discarding a card; "
        f"9.0 allows one method per action.",
        units=names,
        areas=(area,) if area is not None else (),
    )


# -- TRENCH-REMOVED-ON-FR-CONTROL -----------------------------------------------------------------


def _capture(steps: tuple[Step, ...], end: GameState, area: AreaId) -> Step | None:
    """The last event of the action after which ``area`` is French-controlled and before which it was not."""
    after = end
    for i in range(len(steps) - 1, -1, -1):
        state, event = steps[i]
        if state.control.get(area) is not FR and after.control.get(area) is FR:
            return state, event
        after = state
    return None


def _kept(self: FunctionRule, state: GameState, event: Event, area: AreaId, level: int, when: str) -> Finding:
    return self.finding(
        state,
        event,
        f"Area {area} becomes French-controlled here and still has its trench (level {level}) {when}; "
        f"the trench marker is removed when an area becomes French (9.1, 13.0).",
        units=state.units_in(area),
        areas=(area,),
        expected=0,
        actual=level,
    )


_CAPTURING = (Move, Damage, Place, Relocate, ControlSet)


def _removed_close(self: FunctionRule, steps: tuple[Step, ...], end: GameState) -> Iterator[Finding]:
    if not end.trenches or steps[0][0].control is end.control:
        return  # no trench, or control unchanged all action long
    for area, level in sorted(end.trenches.items()):
        if end.control.get(area) is not FR:
            continue
        found = _capture(steps, end, area)
        if found is not None:
            yield _kept(self, found[0], found[1], area, level, "when its action ends")


def _removed_finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    if final.action_steps:
        yield from _removed_close(self, final.action_steps, final)


@rule(
    "TRENCH-REMOVED-ON-FR-CONTROL",
    "9.1, 13.0",
    Severity.ILLEGAL,
    "an area that becomes French-controlled loses its trench marker",
    finish=_removed_finish,
    events=(*CLOSING_EVENTS, *_CAPTURING),
)
def trench_removed_on_fr_control(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterable[Finding]:
    if after.clock.action_side is None and isinstance(event, _CAPTURING):
        # outside actions (End, Draw phases): judged at the event
        if not after.trenches or after.control is before.control:
            return ()
        return [
            _kept(self, before, event, area, level, "after it")
            for area, level in sorted(after.trenches.items())
            if after.control.get(area) is FR and before.control.get(area) is not FR
        ]
    if not before.trenches:
        return ()  # no trench to keep (``before`` is where the closed action ends)
    steps = _closing(before, after)[0]
    if not steps or steps[0][0].control is before.control:
        return ()  # no action closes, or control did not change all action long
    return _removed_close(self, steps, before)


# -- TRENCH-PERSISTS ------------------------------------------------------------------------------


def _removal_play(steps: tuple[Step, ...], game: GameData) -> CardPlay | None:
    """An *Artillery* / *TOT Artillery* played earlier in the action: what it lowered is the card rules'
    to judge (C-ARTILLERY / C-TOT: which area, every marker; C-105 / C-75: negated by counter-battery;
    CARD-TWO-EFFECTS-ONE: also fired), whatever its mode and target."""
    for _s, e in steps:
        if isinstance(e, CardPlay) and card_name(game, e.card) in _REMOVERS:
            return e
    return None


def _lowered(self: FunctionRule, state: GameState, event: Event, area: AreaId, old: int, new: int, why: str) -> Finding:
    what = "removed" if new == 0 else f"lowered from {old} to {new}"
    return self.finding(
        state,
        event,
        f"The trench of area {area} (level {old}) is {what}{why}; a trench stays until the area becomes "
        f"French or an Artillery / TOT Artillery card removes it (9.1).",
        areas=(area,),
        expected=old,
        actual=new,
    )


@rule(
    "TRENCH-PERSISTS",
    "9.1",
    Severity.ILLEGAL,
    "a trench stays (empty areas included) until French control or an artillery card removes it",
    events=(TrenchSet, Entrench),
)
def trench_persists(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, (TrenchSet, Entrench)) or event.level is None:
        return
    area, new = event.area, event.level
    old = before.trench(area)
    if new >= old:
        return
    game = ctx.game
    side = _controller(before, game, area)
    if side is FR:
        return  # the removal 9.1 requires (a partial one leaves a trench: TRENCH-REMOVED-ON-FR-CONTROL)
    if _removal_play(_current(before, event), game) is None:
        held = f" while the {side.label} control it" if side is not None else ""
        yield _lowered(self, before, event, area, old, new, held)


# -- TRENCH-ONLY-VM-AREAS -------------------------------------------------------------------------


@rule(
    "TRENCH-ONLY-VM-AREAS",
    "2.1.2, 9.1",
    Severity.ILLEGAL,
    "trench markers stand only on Viet Minh-controlled areas",
    events=(TrenchSet,),
)
def trench_only_vm_areas(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, TrenchSet) or event.level <= 0 or event.level <= before.trench(event.area):
        return
    area = event.area
    if _controller(before, ctx.game, area) is not FR:
        return
    for s, e in before.action_steps:
        if isinstance(e, Entrench) and e.area == area and _controller(s, ctx.game, area) is FR:
            return  # the entrenchment of a French area: ENTRENCH-VM-CONTROLLED
    yield self.finding(
        before,
        event,
        f"A trench marker (level {event.level}) is set on area {area}, which the French control; trenches "
        f"stand only on Viet Minh-controlled areas (2.1.2, 9.1).",
        units=before.units_in(area),
        areas=(area,),
        expected=0,
        actual=event.level,
    )


RULES: tuple[FunctionRule, ...] = (
    entrench_vm_controlled,
    entrench_max_3,
    entrench_cost_2_units,
    entrench_card_value,
    entrench_one_method,
    trench_removed_on_fr_control,
    trench_persists,
    trench_only_vm_areas,
)
