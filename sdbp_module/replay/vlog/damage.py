"""Damage after a fire, an assault or a card's damage: the target's changes read as one ``Damage`` event
(rules 8.4, 10.0, the card texts).

An attack is a ``Fire`` by units, a ``Fire`` by a card (``replay.vlog.card_fire`` writes them), an
``Assault``, or the play of a card whose damage is not a fire (``AREA_DAMAGE``: *Detonate Mine
Shaft*, a die of damage points on the enemy units in its target). From it until the next act that
ends it, the defender's hits and retreats are its damage allocation (8.4), and become one ``Damage``
event, placed where the first of them was logged (its ``side`` is the defender, the firer for
*Fighter Bombers* and for an ``AREA_DAMAGE`` card). An ``AREA_DAMAGE`` card's damage begins at its
player's roll: before it the defender's drags out of the target are its withdrawals
(``MoveKind.WITHDRAW``, moving as retreats) and its flips are no damage.

- **explicit lines** (the module's *Take hit* and *Retreat to…* menus): ``DAMAGE … result=flip`` →
  ``flip``, ``result=eliminate`` → ``eliminate``, ``RETREAT`` → ``retreat`` with the areas entered in
  order (two lines for an overflow re-retreat, 8.4.2, give both), flip + retreat → ``flip-retreat``.
  ``pair_hit_lines`` ties each line to its own ``D/`` flip, ``M/`` into Eliminated or drag (same
  step, or the next one for a drag), so that these are not read again as plain flips, moves or
  relocations. The drag is the fact of where a unit went: a typed area that disagrees with it is a
  ``Problem`` (cannot-check) and the drag is used;
- **plain changes** (older logs, players who drag): a defender unit in the target flipped to spent
  → ``flip``; moved out of the target (or on from the area it retreated to) to an area next to it
  (or next but one: an overflow dragged in one go, the path is not in the log) → ``retreat`` to that
  area; both → ``flip-retreat``; into Eliminated → ``eliminate``.

During an assault the attacker's move into the target is the advance (``MoveKind.ADVANCE``, 10.0).
A defender's card fire during an assault (*Débouchez à Zéro!*) is an attack nested inside it (target:
the assault's origin): its damage is read first, then the assault's own damage and advance. The
nested attack ends at the assaulter's next roll, its advance, or a change to the defender's units of
the assault's target.

An attack ends at a pass, a phase, an entrenchment, another attack, a card played as an action, a
discard to continue, a placement, a move of the attacking side (not the advance), or a move of the
defending side that is not a retreat (its own next action). A defender's drag that cannot be told
apart — out of the target to an area no retreat reaches, or of a unit hit by an attack that the
attacker already followed with another act — is a ``Problem``, and a ``Relocate`` keeps the replay
on the board: never a ``Move`` that a rule would judge as a move action. A ``DAMAGE``/``RETREAT``
line with no attack to belong to is a ``Problem`` and its flip, elimination or drag is read plainly
(the elimination of an assaulting unit during its assault is the assault's price, 10.0, and no
problem).
"""

from __future__ import annotations

from dataclasses import field, replace
from itertools import pairwise
from typing import ClassVar

from sdbp_module.ids import AreaId, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.events import (
    Assault,
    CardDiscard,
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    DiscardReason,
    Entrench,
    Event,
    Fire,
    Flip,
    GameEnd,
    GameStart,
    Move,
    MoveKind,
    Pass,
    PhaseStart,
    Place,
    Relocate,
    UnitOutcome,
    Where,
    acting_side,
    opens_action,
)
from sdbp_module.replay.location import ELIMINATED, Location, LocationKind
from sdbp_module.replay.vlog.problem import Problem

FIREBOMBERS = "Fighter Bombers"
"""The card whose firer allocates the damage (the owner still picks retreat routes, AMB-18)."""
AREA_DAMAGE = ("Detonate Mine Shaft",)
"""Cards whose play is an attack that is no fire: after the enemy's withdrawals, the player's die is
that many damage points on the enemy units left in the target, allocated by the player (AMB-19)."""

FLIP, ELIMINATE, RETREAT = "flip", "eliminate", "retreat"


@record(kw_only=True)
class HitLine(Event):
    """A ``DAMAGE`` or ``RETREAT`` line, internal to the interpretation: ``DamageReader`` consumes it.

    ``paired`` is where its own flip, elimination or drag was logged (``None``: not found);
    ``dragged_to`` where that drag took a retreating unit (an area, or Eliminated)."""

    kind: ClassVar[str] = "hit-line"
    side: Side | None
    unit: UnitId
    result: str  # flip | eliminate | retreat
    typed: AreaId | None = None  # RETREAT: the destination typed (None: not an area)
    typed_text: str = ""
    paired: Where | None = None
    dragged_to: Location | None = None


def _pairs(line: HitLine, event: Event) -> bool:
    """True when ``event`` is ``line``'s own flip (``D/``), elimination or drag (``M/``)."""
    unit = line.unit
    if line.result == FLIP:
        return isinstance(event, Flip) and event.spent and unit in event.units
    if isinstance(event, Relocate) and event.to.kind is LocationKind.ELIMINATED and unit in event.units:
        return True  # eliminated, or a retreat with nowhere to go (8.4.2)
    return line.result == RETREAT and isinstance(event, Move) and unit in event.units


def pair_hit_lines(events: list[Event]) -> list[Event]:
    """Each ``HitLine`` tied to its own flip, elimination or drag (in the same step, else the next
    one), which then no longer names the unit (events left with no unit are dropped)."""
    steps: dict[int, list[int]] = {}
    for i, e in enumerate(events):
        steps.setdefault(e.where.index, []).append(i)
    indexes = sorted(steps)
    following = dict(pairwise(indexes))
    claimed: dict[int, set[UnitId]] = {}
    lines: dict[int, Event] = {}
    for i, e in enumerate(events):
        if not isinstance(e, HitLine):
            continue
        here = steps[e.where.index]
        candidates = [j for j in here if j > i] + [j for j in here if j < i]
        nxt = following.get(e.where.index)
        if nxt is not None:
            candidates += steps[nxt]
        for j in candidates:
            found = events[j]
            if _pairs(e, found) and e.unit not in claimed.get(j, set()):
                claimed.setdefault(j, set()).add(e.unit)
                to = Location.in_area(found.to_area) if isinstance(found, Move) else ELIMINATED
                lines[i] = replace(e, paired=found.where, dragged_to=to if e.result == RETREAT else None)
                break
    out: list[Event] = []
    for i, e in enumerate(events):
        if i in lines:
            out.append(lines[i])
        elif i in claimed:
            units = getattr(e, "units", ())
            rest = tuple(u for u in units if u not in claimed[i])
            if rest:
                out.append(replace(e, units=rest))  # type: ignore[call-arg]
        else:
            out.append(e)
    return out


@record(frozen=False)
class _Outcome:
    """What the log shows happening to one unit in an attack: flips, elimination, and the retreats dragged and typed."""

    flip: bool = False
    eliminated: bool = False
    dragged: list[AreaId] = field(default_factory=list)  # areas the drags took the unit to, in order
    typed: list[AreaId | None] = field(default_factory=list)  # areas typed on its RETREAT lines
    typed_text: list[str] = field(default_factory=list)
    line_where: Where | None = None  # its first RETREAT line


@record(frozen=False)
class _Slot:
    """A place in the output where an attack's ``Damage`` goes once the attack is over."""

    event: Event | None = None


@record(frozen=False)
class _Attack:
    """An attack under way in the log whose Damage event is written once the attack is over."""

    attacker: Side
    target: AreaId
    assault: bool
    allocator: Side
    outcomes: dict[UnitId, _Outcome] = field(default_factory=dict)
    slot: _Slot | None = None
    where: Where | None = None
    armed: bool = True  # False: an AREA_DAMAGE card before its player's roll (withdrawals, no damage yet)

    @property
    def defender(self) -> Side:
        return self.attacker.enemy


def _subsequence(short: list[AreaId], long: list[AreaId | None]) -> bool:
    it = iter(long)
    return all(any(a == b for b in it) for a in short)


@record(frozen=False)
class DamageReader:
    """``read(events)``: the events with each attack's damage folded into one ``Damage``; ``problems``."""

    game: GameData
    problems: list[Problem] = field(default_factory=list)
    where_is: dict[UnitId, AreaId | None] = field(default_factory=dict)
    stack: list[_Attack] = field(default_factory=list)  # the open attack; two: Débouchez inside an assault
    last: _Attack | None = None  # the attack the attacker ended by another act, for late drags

    def read(self, events: list[Event]) -> list[Event]:
        out: list[Event | _Slot] = []
        for event in events:
            self.step(event, out)
        while self.stack:
            self.close(None)
        done: list[Event] = []
        for x in out:
            if not isinstance(x, _Slot):
                done.append(x)
            elif x.event is not None:
                done.append(x.event)
        return done

    # -- one event ---------------------------------------------------------------------------------

    def step(self, event: Event, out: list[Event | _Slot]) -> None:
        if isinstance(event, HitLine):
            self.hit_line(event, out)
            return
        self.leave(event)
        kept: Event | None
        if self.stack:
            kept = self.absorb(event, out)
        else:
            kept = self.late(event, out)
        self.enter(event)
        if kept is not None:
            self.emit(kept, out)

    def emit(self, event: Event, out: list[Event | _Slot]) -> None:
        out.append(event)
        self.track(event)

    def problem(self, where: Where, message: str) -> None:
        self.problems.append(Problem(where, message))

    # -- attacks open and close ----------------------------------------------------------------------

    def enter(self, event: Event) -> None:
        if isinstance(event, Fire) and (event.units or event.card is not None):
            allocator = event.side if event.card is not None and self._card_named(event, FIREBOMBERS) else event.side.enemy
            self.stack.append(_Attack(event.side, event.target, False, allocator))
            self.last = None
        elif isinstance(event, Assault):
            self.stack.append(_Attack(event.side, event.target, True, event.side.enemy))
            self.last = None
        elif isinstance(event, CardPlay) and event.targets and self._damages_area(event):
            self.stack.append(_Attack(event.side, event.targets[0], False, event.side, armed=False))
            self.last = None

    def _damages_area(self, play: CardPlay) -> bool:
        game = self.game
        return game.has_card(play.card) and game.card(play.card).name in AREA_DAMAGE

    def _card_named(self, event: Fire, name: str) -> bool:
        card = event.card
        return card is not None and self.game.has_card(card) and self.game.card(card).name == name

    def _nests(self, event: Event, attack: _Attack) -> bool:
        """A card fire by the defender of an open assault: Débouchez à Zéro! at the assaulting units."""
        return (
            isinstance(event, Fire)
            and not event.units
            and event.card is not None
            and attack.assault
            and event.side is attack.defender
        )

    def _retreating(self, event: Move, attack: _Attack) -> bool:
        """A move by the defender out of the target, or on from where its units retreated to."""
        if event.side is not attack.defender:
            return False
        if event.from_area == attack.target:
            return True
        return all(
            (o := attack.outcomes.get(u)) is not None and bool(o.dragged) and o.dragged[-1] == event.from_area
            for u in event.units
        )

    def _ends(self, event: Event, attack: _Attack) -> bool:
        if isinstance(event, Move):
            if event.side is attack.attacker:
                return not (attack.assault and event.to_area == attack.target)  # the advance (10.0)
            return not self._retreating(event, attack)  # the defender's own next action
        if isinstance(event, (Pass, PhaseStart, Entrench, Assault, GameStart, GameEnd, Place)):
            return True
        if isinstance(event, Fire):
            return not self._nests(event, attack)
        if isinstance(event, CardPlay):
            return event.as_action
        if isinstance(event, CardDiscard):
            return event.reason is DiscardReason.CONTINUE
        return False

    def _ends_nested(self, event: Event, outer: _Attack) -> bool:
        """The assault goes on after a Débouchez: the assaulter's roll or advance, a hit on the defender."""
        if isinstance(event, DiceRoll):
            return event.side is outer.attacker
        if isinstance(event, Move) and event.side is outer.attacker:
            return event.to_area == outer.target
        if isinstance(event, (Flip, Relocate)):
            return any(self._defends(u, outer) for u in event.units)
        return False

    def leave(self, event: Event) -> None:
        """Close the attacks ``event`` ends, the innermost first."""
        while self.stack:
            nested_over = len(self.stack) > 1 and self._ends_nested(event, self.stack[0])
            if not (nested_over or self._ends(event, self.stack[-1])):
                return
            self.close(event)

    def close(self, by: Event | None) -> None:
        attack = self.stack.pop()
        if by is not None and acting_side(by) is attack.attacker and not self.stack:
            self.last = attack
        elif not self.stack:
            self.last = None
        outcomes = [o for o in (self._outcome(u, o) for u, o in attack.outcomes.items()) if o is not None]
        if attack.slot is None or attack.where is None or not outcomes:
            return
        attack.slot.event = Damage(where=attack.where, side=attack.allocator, target=attack.target, outcomes=tuple(outcomes))

    def _outcome(self, unit: UnitId, o: _Outcome) -> UnitOutcome | None:
        areas: tuple[AreaId, ...] = tuple(o.dragged)
        if o.typed:
            typed = ", ".join(t or "?" for t in o.typed_text)
            where = o.line_where or Where("", 0)
            if o.dragged and None not in o.typed and o.typed[-1] == o.dragged[-1] and _subsequence(o.dragged, o.typed):
                areas = tuple(t for t in o.typed if t is not None)
            elif o.dragged:
                dragged = ", ".join(str(a) for a in o.dragged)
                self.problem(
                    where,
                    f"{unit}: the RETREAT line says to {typed} but the unit was dragged to {dragged}; the drag is read",
                )
            elif o.eliminated:
                if any(t is not None for t in o.typed):
                    self.problem(
                        where,
                        f"{unit}: the RETREAT line says to {typed} but the unit was put in Eliminated; the elimination is read",
                    )
            else:
                self.problem(where, f"{unit}: a RETREAT line to {typed} but no drag of the unit; it is not read as retreating")
        if o.eliminated:
            return UnitOutcome(unit, DamageResult.ELIMINATE)
        if areas:
            return UnitOutcome(unit, DamageResult.FLIP_RETREAT if o.flip else DamageResult.RETREAT, areas)
        if o.flip:
            return UnitOutcome(unit, DamageResult.FLIP)
        return None

    # -- what belongs to the open attack -------------------------------------------------------------

    def _defends(self, unit: UnitId, attack: _Attack) -> bool:
        """A unit of the defending side in the target (or already hit by this attack)."""
        if not self.game.has_unit(unit) or self.game.unit(unit).side is not attack.defender:
            return False
        return self.where_is.get(unit) == attack.target or unit in attack.outcomes

    def _hit(self, attack: _Attack, unit: UnitId, event: Event, out: list[Event | _Slot]) -> _Outcome:
        if attack.slot is None:
            attack.slot = _Slot()
            attack.where = event.where
            out.append(attack.slot)
        return attack.outcomes.setdefault(unit, _Outcome())

    def absorb(self, event: Event, out: list[Event | _Slot]) -> Event | None:
        """The part of ``event`` that is not damage (``None`` when it all is)."""
        attack = self.stack[-1]
        if not attack.armed:
            return self._before_roll(event, attack)
        if isinstance(event, Flip) and event.spent:
            hit = [u for u in event.units if self._defends(u, attack)]
            for u in hit:
                self._hit(attack, u, event, out).flip = True
            rest = tuple(u for u in event.units if u not in hit)
            return event if not hit else (replace(event, units=rest) if rest else None)
        if isinstance(event, Relocate) and event.to.kind is LocationKind.ELIMINATED:
            hit = [u for u in event.units if self._defends(u, attack)]
            for u in hit:
                self._hit(attack, u, event, out).eliminated = True
                self.where_is[u] = None
            rest = tuple(u for u in event.units if u not in hit)
            return event if not hit else (replace(event, units=rest) if rest else None)
        if isinstance(event, Move) and self._retreating(event, attack):
            return self._retreat(event, attack, out)
        if isinstance(event, Move) and attack.assault and event.side is attack.attacker and event.to_area == attack.target:
            return replace(event, move_kind=MoveKind.ADVANCE)
        return event

    def _before_roll(self, event: Event, attack: _Attack) -> Event:
        """An ``AREA_DAMAGE`` card before its player's roll: the defender's drags out of the target are
        withdrawals; the roll arms the damage; nothing is damage yet."""
        if isinstance(event, DiceRoll) and event.side in (None, attack.attacker):
            attack.armed = True
        elif isinstance(event, Move) and event.side is attack.defender and event.from_area == attack.target:
            return replace(event, move_kind=MoveKind.WITHDRAW)
        return event

    def _retreat(self, event: Move, attack: _Attack, out: list[Event | _Slot]) -> Event | None:
        near = self.game.neighbours(event.from_area)
        if event.to_area in near or any(event.to_area in self.game.neighbours(n) for n in near):
            for u in event.units:
                self._hit(attack, u, event, out).dragged.append(event.to_area)
                self.where_is[u] = event.to_area
            return None
        units = ", ".join(event.units)
        self.problem(
            event.where,
            f"{units} dragged from area {event.from_area} to area {event.to_area} after the attack on area "
            f"{attack.target}: too far for a retreat (8.4.2), and a move action of the defender inside the "
            "attack cannot be told either; read as a relocation",
        )
        return Relocate(where=event.where, units=event.units, to=Location.in_area(event.to_area), reason="drag")

    def late(self, event: Event, out: list[Event | _Slot]) -> Event | None:
        """With no attack open: a drag of units hit by the attack the attacker just ended."""
        last = self.last
        if last is None:
            return event
        if isinstance(event, PhaseStart):
            self.last = None
            return event
        if isinstance(event, Move) and event.side is last.defender and event.from_area == last.target:
            hit = tuple(u for u in event.units if (o := last.outcomes.get(u)) is not None and not o.eliminated and not o.dragged)
            if hit:
                self.problem(
                    event.where,
                    f"{', '.join(hit)} dragged from area {event.from_area} to area {event.to_area} after the attack "
                    f"on it, hit there, once the attacker had already acted again: a late retreat or a move of hit "
                    "units cannot be told apart; read as a relocation",
                )
                self.emit(Relocate(where=event.where, units=hit, to=Location.in_area(event.to_area), reason="drag"), out)
                rest = tuple(u for u in event.units if u not in hit)
                if not rest:
                    return None
                self.last = None  # the others move: the defender's own action
                return replace(event, units=rest)
        if opens_action(event) and acting_side(event) is last.defender:
            self.last = None
        return event

    # -- explicit lines ---------------------------------------------------------------------------------

    def hit_line(self, line: HitLine, out: list[Event | _Slot]) -> None:
        side = self.game.unit(line.unit).side
        while len(self.stack) > 1 and self.stack[-1].defender is not side:
            self.close(line)  # a hit on the assault's target after a Débouchez: the assault goes on
        attack = self.stack[-1] if self.stack and self.stack[-1].defender is side and self.stack[-1].armed else None
        if attack is None:
            self.plain(line, out)
            return
        o = self._hit(attack, line.unit, line, out)
        if line.result == FLIP:
            o.flip = True
        elif line.result == ELIMINATE:
            o.eliminated = True
            self.where_is[line.unit] = None
        else:
            o.typed.append(line.typed)
            o.typed_text.append(line.typed_text)
            if o.line_where is None:
                o.line_where = line.where
            to = line.dragged_to
            if to is not None and to.area is not None:
                o.dragged.append(to.area)
                self.where_is[line.unit] = to.area
            elif to is not None:
                o.eliminated = True
                self.where_is[line.unit] = None

    def plain(self, line: HitLine, out: list[Event | _Slot]) -> None:
        """A line with no attack to belong to: its flip, elimination or drag as plain events."""
        assaulting = any(a.assault and a.attacker is self.game.unit(line.unit).side for a in self.stack)
        if not (assaulting and line.result == ELIMINATE):
            word = "RETREAT" if line.result == RETREAT else "DAMAGE"
            self.problem(
                line.where,
                f"{line.unit}: a {word} line ({line.result}) with no fire or assault on the unit's side open "
                "before it; read as a plain flip, elimination or relocation",
            )
        where = line.paired
        if where is None:
            return
        if line.result == FLIP:
            self.emit(Flip(where=where, units=(line.unit,), spent=True), out)
        elif line.result == ELIMINATE or line.dragged_to == ELIMINATED:
            self.emit(Relocate(where=where, units=(line.unit,), to=ELIMINATED, reason="eliminated"), out)
        elif line.dragged_to is not None:
            self.emit(Relocate(where=where, units=(line.unit,), to=line.dragged_to, reason="retreat"), out)

    def track(self, event: Event) -> None:
        """Keep unit areas up to date (only areas matter here)."""
        if isinstance(event, GameStart):
            self.where_is = {u.unit: u.location.area for u in event.units}
        elif isinstance(event, Move):
            for u in event.units:
                self.where_is[u] = event.to_area
        elif isinstance(event, (Place, Relocate)):
            for u in event.units:
                self.where_is[u] = event.to.area
