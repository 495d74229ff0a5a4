"""Cards with an effect of their own, neither fire nor a modifier (card texts; catalogue §3.15).

Rule ids: C-RATS (*Rats of the Nam Yum*), C-DETONATE (*Detonate Mine Shaft*, AMB-19), C-BMC
(*Bordels Mobiles de Campagne*), C-RELIEF (*Relief Force from Isabelle*, AMB-25).

How a play shows in the events (the reading these rules stick to):

* a ``CardPlay`` of the card (``targets`` = the chosen area; *Relief Force* has none, its area is
  38 by the card). Everything logged after it in the same action, up to the next ``CardPlay``,
  ``Fire`` (other than a ``Fire`` of this very card), ``Assault`` or ``Entrench`` (or the action's
  end), is the card's effect — its *segment*;
* the card's die: the first ``DiceRoll`` of the playing side (or of no side) in the segment whose
  purpose is none of ``fire``, ``assault``, ``supply``, ``replacement`` (``other`` as a rule);
* the effect:
  - *Rats*: ``Flip(units, spent=True, by=…)`` of French units in the target (``by`` = who chose
    them; ``None`` = the log does not say); a ``Damage`` whose outcomes are flips is read the same
    way (its ``side`` chose);
  - *Detonate*: the French withdrawals, ``Move(move_kind=withdraw, side=french)`` out of the target,
    ``Flip`` of the fresh withdrawn units to spent, the d6, then ``Damage(side=viet_minh,
    target=area, points=d6 or None, outcomes=…)`` allocated among the French units left;
  - *BMC*: ``Flip(spent=False)`` of French units in one area;
  - *Relief Force*: ``Place(place_kind=card, side=french)`` of the ``*`` units (``Unit.setup.kind
    is SetupKind.CARD``) into area 38.

Judged once per play, when its action closes (``closed_action``; at the end of the log for an
action still open), with each event's state before it:

* C-RATS — target not French-controlled or holding VM units (at the play); a French unit outside
  the target flipped; a French unit already spent "flipped"; the number of fresh French units of
  the target flipped ≠ ``min(d6, fresh French units there at the roll)``; a flip logged as the
  French's (``Flip.by``); a ``Damage`` outcome other than a flip. Cannot-check (one per play, all
  reasons together): no target and no flip to tell it, no die logged, or ``by`` not logged when the
  VM had a choice (d6 < fresh units; when every fresh unit must flip, who picked them is moot);
* C-DETONATE — target not French-controlled, or adjacent to no area with trench level 3 (at the
  play); a withdrawal from another area; a withdrawal step to a non-adjacent area or one the French
  do not control (RETREAT-ADJ-CONTROLLED judges only ``Damage`` retreats, so it would not see a
  withdrawal: AMB-19's "treat it as retreats" is judged here); a fresh withdrawn unit not spent at
  the segment's end; the points the VM's ``Damage`` uses ≠ ``min(d6,
  capacity)`` (capacity = Σ 3 fresh / 2 spent over the French units left in the area; the outcomes
  are counted by ``damage.counted``, a unit hit that is no longer there counting too (the unit is
  DAMAGE-TARGET-AREA-ONLY's), an elimination for want of a retreat area counting 2 (1) as a
  flip + retreat (retreat)), or a ``Damage.points`` other than the d6 (or that minimum); when the
  log makes the detonation a card attack (``Fire(card=Detonate)``) the points are
  DAMAGE-MUST-MAXIMIZE's, which reads the same d6 (``damage.rules_damage``). Cannot-check:
  no target (nor any withdrawal or damage naming it), no die logged. Red areas, armour across a
  river and stacking of the withdrawals: FR-RED-AREA, FR-ARMOR-RIVER and STACK-LIMIT-9 see withdraw
  moves (``movement.py``, ``stacking.py``), so they are not repeated here;
* C-BMC — not the whole action (the play did not open its action, or a unit action's move, fire,
  assault or entrenchment joined it: the same event CARD-ONE-ACTION-CARD may report); French units
  flipped fresh in more than one area, or outside the logged target; a French unit of the chosen
  area still spent at the segment's end (unsupplied units included: the card works on them too).
  Cannot-check: no target and nothing flipped;
* C-RELIEF — not the whole action (as C-BMC); a unit placed that is not a ``*`` unit; a unit
  placed elsewhere than area 38; a unit spent once placed; the types placed ≠ the table (1–3: 2
  infantry; 4–5: 1 armor; 6: 1 armor + 1 infantry). Info (AMB-25): area 38 not French-controlled,
  or the units would make more than the stacking limit there. Cannot-check: no die logged.

Left to other ids, not repeated here: the turn (Detonate not on turn 1, Relief Force only turns 1–4:
CARD-TURN-RESTRICTION), the card going to the removed pile (CARD-REMOVED-AFTER-PLAY), Rats and
Detonate played outside the VM's own action (CARD-CLASS-D-OWN-ACTION), who allocates the Detonate
damage (DAMAGE-WHO-ALLOCATES: the firer, ``damage.FIRER_ALLOCATES``), damage on units not in the
area — e.g. the withdrawn ones (DAMAGE-TARGET-AREA-ONLY), and the 8.4 outcome table
(DAMAGE-ALLOCATION). No switch is used: AMB-19 and AMB-25 are read as the digest recommends.

Not seen: a card played when no action is open (the replay keeps no action steps for it), and the
units' identity when the log names none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, UnitType
from sdbp_module.games.sodbp.rules import damage as damage_rules
from sdbp_module.games.sodbp.rules import resolution
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    DETONATE,
    RATS,
    RELIEF_FORCE,
    card_name,
)
from sdbp_module.ids import AreaId, CardId, Severity, Side, UnitId, UnitTypeId
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS, action_part
from sdbp_module.replay.combat import closed_action
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    Entrench,
    Event,
    Fire,
    Flip,
    Move,
    MoveKind,
    Place,
    PlaceKind,
)
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Rule,
    after_card_plays,
    rule,
)
from sdbp_module.rules.findings import Finding

FR = FRENCH
VM = VIET_MINH
BMC = "Bordels Mobiles de Campagne"
NAMES = frozenset((RATS, DETONATE, BMC, RELIEF_FORCE))
RELIEF_AREA = AreaId(38)
NOT_CARD_DICE = frozenset(("fire", "assault", "supply", "replacement"))
"""Purposes of a roll that is not a card's own die."""
RELIEF_TABLE: dict[int, tuple[UnitTypeId, ...]] = {
    1: (UnitType.INFANTRY, UnitType.INFANTRY),
    2: (UnitType.INFANTRY, UnitType.INFANTRY),
    3: (UnitType.INFANTRY, UnitType.INFANTRY),
    4: (UnitType.ARMOR,),
    5: (UnitType.ARMOR,),
    6: (UnitType.ARMOR, UnitType.INFANTRY),
}
"""Relief Force from Isabelle: the ``*`` units the d6 brings."""
_ENDS_SEGMENT = (CardPlay, Fire, Assault, Entrench)

Step = tuple[GameState, Event]


# -- the plays of a closed action -----------------------------------------------------------------


@record
class Play:
    """One play of a card of this module and what its action logged after it."""

    name: str
    before: GameState  # the state just before the play
    event: CardPlay
    index: int  # its position in the action's steps (0 = it opened the action)
    action: tuple[Step, ...]  # every step of the action
    segment: tuple[Step, ...]  # the steps after the play that are its effect
    end: GameState  # the state after the segment

    def after(self, event: Event) -> GameState:
        """The state just after ``event`` of the segment."""
        for i, (_state, e) in enumerate(self.segment):
            if e is event:
                return self.segment[i + 1][0] if i + 1 < len(self.segment) else self.end
        return self.end

    def roll(self) -> tuple[GameState, DiceRoll] | None:
        """The card's die: the first roll of the playing side (or of no side) not of another purpose."""
        side = self.event.side
        for state, e in self.segment:
            if isinstance(e, DiceRoll) and (e.side is None or e.side is side) and e.purpose not in NOT_CARD_DICE:
                return state, e
        return None

    def text(self) -> str:
        return f"{self.name} ({self.event.card})"


def _plays(steps: tuple[Step, ...], final: GameState, game: GameData) -> tuple[Play, ...]:
    out: list[Play] = []
    for i, (state, e) in enumerate(steps):
        if not isinstance(e, CardPlay):
            continue
        name = card_name(game, e.card)
        if name not in NAMES:
            continue
        j = i + 1
        while j < len(steps) and not _ends_segment(steps[j][1], e.card):
            j += 1
        end = steps[j][0] if j < len(steps) else final
        out.append(Play(name, state, e, i, steps, steps[i + 1 : j], end))
    return tuple(out)


def _ends_segment(event: Event, card: CardId) -> bool:
    """A card play, fire, assault or entrenchment ends a card's effect, except a ``Fire`` of that card."""
    return isinstance(event, _ENDS_SEGMENT) and not (isinstance(event, Fire) and event.card == card)


_last: tuple[GameState, GameState, GameData, tuple[Play, ...]] | None = None


def _closing(before: GameState, after: GameState, game: GameData) -> tuple[Play, ...]:
    """The plays of this module's cards in the action the event closes (computed once per event)."""
    global _last
    if not before.action_steps or after.action_steps is before.action_steps:
        return ()
    if not any(card_name(game, p.card) in NAMES for p in before.turn_plays):
        return ()
    last = _last
    if last is not None and last[0] is before and last[1] is after and last[2] is game:
        return last[3]
    steps = closed_action(before, after)
    plays = _plays(steps, before, game) if steps else ()
    _last = (before, after, game, plays)
    return plays


@remembers
def _forget() -> None:
    global _last
    _last = None


CARD_EFFECT_CLOSED = after_card_plays(
    "card-effect-closed", lambda before, event, after, ctx: bool(_closing(before, after, ctx.game))
)
"""An action with a play of *Rats*, *Detonate*, *BMC* or *Relief Force* closes at this event."""


PlayJudge = Callable[[FunctionRule, Play, CheckContext], Iterable[Finding]]


def _card_rule(rule_id: str, ref: str, name: str, summary: str) -> Callable[[PlayJudge], FunctionRule]:
    """Decorator: judge each play of ``name`` once, when its action closes (or at the end of the log)."""

    def wrap(judge: PlayJudge) -> FunctionRule:
        def check(
            self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
        ) -> Iterable[Finding]:
            return [f for p in _closing(before, after, ctx.game) if p.name == name for f in judge(self, p, ctx)]

        def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
            if not final.action_steps:
                return ()
            plays = _plays(final.action_steps, final, ctx.game)
            return [f for p in plays if p.name == name for f in judge(self, p, ctx)]

        check.__doc__ = judge.__doc__
        return rule(
            rule_id, ref, Severity.ILLEGAL, summary, finish=finish, events=CLOSING_EVENTS, gate=CARD_EFFECT_CLOSED
        )(check)

    return wrap


# -- shared helpers -------------------------------------------------------------------------------


def _controller(state: GameState, game: GameData, area: AreaId) -> Side | None:
    side = state.control.get(area)
    if side is None and game.has_area(area):
        return game.area(area).control
    return side


def _die(roll: DiceRoll) -> int:
    return sum(roll.values) if roll.values else (roll.total or 0)


def _units(units: Iterable[UnitId]) -> str:
    return ", ".join(str(u) for u in units)


def _s(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _target(play: Play) -> AreaId | None:
    return play.event.targets[0] if play.event.targets else None


def _cannot(self: FunctionRule, play: Play, reasons: list[str]) -> Iterator[Finding]:
    if reasons:
        yield self.finding(
            play.before,
            play.event,
            f"Cannot check all of {self.rule_id} for {play.text()}: {'; '.join(reasons)}.",
            severity=Severity.CANNOT_CHECK,
            areas=play.event.targets,
        )


def _not_whole_action(self: FunctionRule, play: Play) -> Iterator[Finding]:
    """The card is the whole action: it opens it and no unit action joins it (6.2)."""
    others = [e for _st, e in play.action if e is not play.event and action_part(e) is not None]
    if play.index == 0 and not others:
        return
    first = play.action[0][1]
    why = (
        f"it was played inside an action opened by a {first.kind} event"
        if play.index != 0
        else f"a {others[0].kind} event joined its action"
    )
    yield self.finding(
        play.before,
        play.event,
        f"{play.text()} must be played as the whole action, but {why}.",
        areas=play.event.targets,
    )


# -- C-RATS ---------------------------------------------------------------------------------------


def _rats_flips(play: Play) -> list[tuple[GameState, tuple[UnitId, ...], Side | None]]:
    """The flips to spent of the segment, with who made them: ``Flip(spent=True)`` events, and the
    ``flip`` outcomes of a ``Damage`` (a log that records Rats as damage; its allocator chose)."""
    out: list[tuple[GameState, tuple[UnitId, ...], Side | None]] = []
    for st, e in play.segment:
        if isinstance(e, Flip) and e.spent:
            out.append((st, e.units, e.by))
        elif isinstance(e, Damage):
            out.append((st, tuple(o.unit for o in e.outcomes if o.result is DamageResult.FLIP), e.side))
    return out


def _rats_damage(self: FunctionRule, play: Play) -> Iterator[Finding]:
    """A ``Damage`` outcome other than a flip under Rats: the card only flips units."""
    for st, e in play.segment:
        if isinstance(e, Damage):
            other = [o.unit for o in e.outcomes if o.result not in (DamageResult.FLIP, DamageResult.NONE)]
            if other:
                yield self.finding(
                    st,
                    e,
                    f"{play.text()} only flips units to spent; {_units(other)} are retreated or eliminated.",
                    units=other,
                )


@_card_rule(
    "C-RATS",
    "cards: Rats of the Nam Yum",
    RATS,
    "a French-controlled area with no VM unit; the VM flips min(d6, fresh French units there) to spent",
)
def rats(self: FunctionRule, play: Play, ctx: CheckContext) -> Iterator[Finding]:
    """Rats of the Nam Yum: the target, the flips (how many, which, by whom)."""
    game, s0, reasons = ctx.game, play.before, []
    flips = _rats_flips(play)
    area = _target(play)
    if area is None:
        areas = {st.area_of(u) for st, us, _by in flips for u in us if (x := st.unit(u)) is not None and x.side is FR}
        area = next(iter(areas)) if len(areas) == 1 else None
        if area is None:
            yield from _cannot(self, play, ["no target area is logged and the flips do not show it"])
            return
    if _controller(s0, game, area) is not FR:
        yield self.finding(
            s0, play.event, f"{play.text()} targets area {area}, which the French do not control.", areas=(area,)
        )
    if s0.count(area, VM):
        yield self.finding(
            s0,
            play.event,
            f"{play.text()} targets area {area}, which holds {_s(s0.count(area, VM), 'VM unit')}.",
            units=s0.units_in(area, VM),
            areas=(area,),
        )
    flipped: list[UnitId] = []
    outside: list[UnitId] = []
    already: list[UnitId] = []
    choosers: set[Side | None] = set()
    for st, units, by in flips:
        for u in units:
            x = st.unit(u)
            if x is None or x.side is not FR:
                continue
            choosers.add(by)
            if st.area_of(u) != area:
                outside.append(u)
            elif x.spent:
                already.append(u)
            elif u not in flipped:
                flipped.append(u)
    if outside:
        yield self.finding(
            s0,
            play.event,
            f"{play.text()} flips French units outside area {area}: {_units(outside)}.",
            units=outside,
            areas=(area,),
        )
    if already:
        yield self.finding(
            s0,
            play.event,
            f"{play.text()} 'flips' units already spent in area {area}: {_units(already)}; only fresh units count.",
            units=already,
            areas=(area,),
        )
    yield from _rats_damage(self, play)
    roll = play.roll()
    roll_state = roll[0] if roll is not None else s0
    fresh = roll_state.fresh_in(area, FR)
    if roll is None:
        if fresh or flipped:
            reasons.append(f"no die is logged ({len(flipped)} of {len(fresh)} fresh French units flipped)")
    else:
        d6 = _die(roll[1])
        expected = min(d6, len(fresh))
        if len(flipped) != expected:
            yield self.finding(
                roll_state,
                roll[1],
                f"{play.text()}: d6 {d6} with {_s(len(fresh), 'fresh French unit')} in area {area} → {expected} to "
                f"flip; {len(flipped)} flipped.",
                units=flipped,
                areas=(area,),
                expected=expected,
                actual=len(flipped),
            )
    if FR in choosers:
        yield self.finding(
            s0,
            play.event,
            f"{play.text()}: the French flipped the units; the VM chooses them.",
            units=flipped,
            areas=(area,),
        )
    elif None in choosers and (roll is None or _die(roll[1]) < len(fresh)):
        reasons.append("the log does not say who chose the flipped units (the VM must)")
    yield from _cannot(self, play, reasons)


# -- C-DETONATE -----------------------------------------------------------------------------------


def _detonate_area(play: Play) -> AreaId | None:
    area = _target(play)
    if area is not None:
        return area
    for _st, e in play.segment:
        if isinstance(e, Move) and e.move_kind is MoveKind.WITHDRAW:
            return e.from_area
        if isinstance(e, Damage) and e.target is not None:
            return e.target
    return None


def _withdrawals(self: FunctionRule, play: Play, area: AreaId, ctx: CheckContext) -> Iterator[Finding]:
    game = ctx.game
    for st, e in play.segment:
        if not isinstance(e, Move) or e.move_kind is not MoveKind.WITHDRAW or e.side is not FR:
            continue
        if e.from_area != area:
            yield self.finding(
                st,
                e,
                f"{play.text()}: units withdraw from area {e.from_area}, not from the target {area}.",
                units=e.units,
            )
            continue
        here = e.from_area
        for there in e.steps or (e.to_area,):
            if game.has_area(here) and there not in game.neighbours(here):
                yield self.finding(
                    st,
                    e,
                    f"{play.text()}: the withdrawal steps from area {here} to {there}, which is not adjacent "
                    "(withdrawals go as retreats, AMB-19).",
                    units=e.units,
                    areas=(here, there),
                )
            elif _controller(st, game, there) is not FR:
                yield self.finding(
                    st,
                    e,
                    f"{play.text()}: the withdrawal enters area {there}, which the French do not control "
                    "(withdrawals go as retreats, AMB-19).",
                    units=e.units,
                    areas=(there,),
                )
            here = there
        unflipped = [u for u in e.units if (x := st.unit(u)) is not None and not x.spent and not play.end.is_spent(u)]
        if unflipped:
            yield self.finding(
                st,
                e,
                f"{play.text()}: fresh units withdrawn from area {area} are not flipped to spent: {_units(unflipped)}.",
                units=unflipped,
                areas=(area,),
            )


def _points_used(damages: list[tuple[GameState, Damage]], ctx: CheckContext) -> tuple[int, int]:
    """(low, high) points the outcomes use (8.4), counted as the damage rules count them
    (``damage.counted``: a unit hit that is not among those left is DAMAGE-TARGET-AREA-ONLY's, its points
    used all the same); low < high when an elimination may be a flip + retreat (retreat) with nowhere to go."""
    used_by = damage_rules.counted(damages, ctx)
    high = sum(s.high for s in used_by)
    low = high
    if any(s.outcome.result is DamageResult.ELIMINATE for s in used_by):
        low = sum(s.low for s in damage_rules.counted(damages, ctx, flexible=True))
    return low, high


@_card_rule(
    "C-DETONATE",
    "cards: Detonate Mine Shaft (AMB-19)",
    DETONATE,
    "a French area next to trench 3; withdrawals as retreats, fresh ones spent; the VM allocates d6 among those left",
)
def detonate(self: FunctionRule, play: Play, ctx: CheckContext) -> Iterator[Finding]:
    """Detonate Mine Shaft: the target, the withdrawals, the d6 damage on the units left."""
    game, s0, reasons = ctx.game, play.before, []
    area = _detonate_area(play)
    if area is None:
        yield from _cannot(self, play, ["no target area is logged (nor any withdrawal or damage naming one)"])
        return
    if _controller(s0, game, area) is not FR:
        yield self.finding(
            s0, play.event, f"{play.text()} targets area {area}, which the French do not control.", areas=(area,)
        )
    if game.has_area(area):
        deep = sorted(n for n in game.neighbours(area) if s0.trench(n) >= 3)
        if not deep:
            levels = ", ".join(f"{n}: {s0.trench(n)}" for n in sorted(game.neighbours(area)))
            yield self.finding(
                s0,
                play.event,
                f"{play.text()} targets area {area}, adjacent to no area with trench level 3 (levels {levels}).",
                areas=(area,),
            )
    yield from _withdrawals(self, play, area, ctx)
    if any(isinstance(e, Fire) and e.card == play.event.card for _st, e in play.segment):
        return  # logged as a card attack: its points are DAMAGE-MUST-MAXIMIZE's (damage.py reads the d6 for it)
    damages = [(st, e) for st, e in play.segment if isinstance(e, Damage) and e.target in (None, area)]
    state_d = damages[0][0] if damages else play.end
    left = set(state_d.units_in(area, FR))
    cap = resolution.capacity(state_d, left)
    roll = play.roll()
    if roll is None:
        if cap or damages:
            reasons.append("no die is logged for the damage")
        yield from _cannot(self, play, reasons)
        return
    d6 = _die(roll[1])
    expected = min(d6, cap)
    for st, d in damages:
        if d.points is not None and d.points not in (d6, expected):
            yield self.finding(
                st,
                d,
                f"{play.text()}: the damage is the d6, {d6}; the log says {_s(d.points, 'point')}.",
                areas=(area,),
                expected=d6,
                actual=d.points,
            )
    low, high = _points_used(damages, ctx)
    if not low <= expected <= high:
        where_state, where_event = damages[0] if damages else roll
        used = str(low) if low == high else f"{low}–{high}"
        yield self.finding(
            where_state,
            where_event,
            f"{play.text()}: d6 {d6} → {expected} points on the {_s(len(left), 'French unit')} left in area {area} "
            f"(capacity {cap}); the VM used {used}.",
            units=sorted(left),
            areas=(area,),
            expected=expected,
            actual=used,
        )


# -- C-BMC ----------------------------------------------------------------------------------------


@_card_rule(
    "C-BMC",
    "cards: Bordels Mobiles de Campagne",
    BMC,
    "as the whole action: every French unit of one area flips from spent to fresh, no other",
)
def bmc(self: FunctionRule, play: Play, ctx: CheckContext) -> Iterator[Finding]:
    """Bordels Mobiles de Campagne: the whole action, one area, all its French units fresh."""
    s0 = play.before
    yield from _not_whole_action(self, play)
    by_area: dict[AreaId, list[UnitId]] = {}
    for st, e in play.segment:
        if isinstance(e, Flip) and not e.spent:
            for u in e.units:
                x, where = st.unit(u), st.area_of(u)
                if x is not None and x.side is FR and x.spent and where is not None:
                    by_area.setdefault(where, []).append(u)
    area = _target(play)
    if area is None:
        if not by_area:
            yield from _cannot(self, play, ["no area is logged and no French unit is flipped"])
            return
        area = min(by_area, key=lambda a: (-len(by_area[a]), a))
    elsewhere = [u for a, us in by_area.items() if a != area for u in us]
    if elsewhere:
        areas = sorted(a for a in by_area if a != area)
        yield self.finding(
            s0,
            play.event,
            f"{play.text()} refreshes one area ({area}), but units elsewhere are flipped fresh: {_units(elsewhere)} "
            f"(areas {', '.join(str(a) for a in areas)}).",
            units=elsewhere,
            areas=(area, *areas),
        )
    still = [u for u in play.end.units_in(area, FR) if play.end.is_spent(u)]
    if still:
        yield self.finding(
            s0,
            play.event,
            f"{play.text()} on area {area}: every French unit there flips fresh, but {_units(still)} stay spent.",
            units=still,
            areas=(area,),
        )


# -- C-RELIEF -------------------------------------------------------------------------------------


def _types(game: GameData, units: Iterable[UnitId]) -> Counter[UnitTypeId]:
    return Counter(game.unit(u).type for u in units if game.has_unit(u))


def _type_text(types: Counter[UnitTypeId]) -> str:
    parts = [f"{n} {t}" for t, n in sorted(types.items())]
    return " + ".join(parts) if parts else "no unit"


@_card_rule(
    "C-RELIEF",
    "cards: Relief Force from Isabelle (AMB-25)",
    RELIEF_FORCE,
    "as the whole action: d6 → the '*' units of the table, fresh, in area 38",
)
def relief(self: FunctionRule, play: Play, ctx: CheckContext) -> Iterator[Finding]:
    """Relief Force from Isabelle: the whole action, the table, '*' units, fresh, in area 38."""
    game, s0, reasons = ctx.game, play.before, []
    yield from _not_whole_action(self, play)
    placed: list[UnitId] = []
    for st, e in play.segment:
        if not isinstance(e, Place) or e.side is not FR:
            continue
        star = [u for u in e.units if game.has_unit(u) and game.unit(u).setup.kind is SetupKind.CARD]
        if e.place_kind is not PlaceKind.CARD and not star:
            continue  # a reinforcement or replacement placement, not the card's
        unknown = [u for u in e.units if not game.has_unit(u)]
        if unknown:
            reasons.append(f"units {_units(unknown)} are not in the game data")
        others = [u for u in e.units if game.has_unit(u) and u not in star]
        if others:
            yield self.finding(
                st, e, f"{play.text()} brings only the '*' units; {_units(others)} are not.", units=others
            )
        if e.to.area != RELIEF_AREA:
            yield self.finding(
                st,
                e,
                f"{play.text()} places its units in area {RELIEF_AREA}, not in {e.to}.",
                units=e.units,
                areas=(RELIEF_AREA,),
            )
        after = play.after(e)
        spent = [u for u in e.units if after.is_spent(u)]
        if spent:
            yield self.finding(st, e, f"{play.text()}: the units enter fresh; {_units(spent)} are spent.", units=spent)
        placed.extend(u for u in e.units if u not in placed)
    roll = play.roll()
    if roll is None:
        reasons.append(f"no die is logged ({_type_text(_types(game, placed))} placed)")
    else:
        d6 = _die(roll[1])
        table = RELIEF_TABLE.get(d6)
        want, got = Counter(table or ()), _types(game, placed)
        if table is None or want != got:
            yield self.finding(
                roll[0],
                roll[1],
                f"{play.text()}: d6 {d6} → {_type_text(want) if table else 'no row of the table'}; "
                f"{_type_text(got)} placed.",
                units=placed,
                areas=(RELIEF_AREA,),
                expected=_type_text(want),
                actual=_type_text(got),
            )
    if game.has_area(RELIEF_AREA):
        owner = _controller(s0, game, RELIEF_AREA)
        now = s0.count(RELIEF_AREA, FR)
        limit = game.game.stacking_limit
        if owner is not FR or now + len(placed) > limit:
            what = (
                f"area {RELIEF_AREA} is not French-controlled"
                if owner is not FR
                else f"area {RELIEF_AREA} holds {now} French units, {now + len(placed)} with the relief (limit {limit})"
            )
            yield self.finding(
                s0,
                play.event,
                f"{play.text()}: {what}; the seed does not say what happens then (AMB-25).",
                severity=Severity.INFO,
                areas=(RELIEF_AREA,),
            )
    yield from _cannot(self, play, reasons)


RULES: tuple[Rule, ...] = (rats, detonate, bmc, relief)
