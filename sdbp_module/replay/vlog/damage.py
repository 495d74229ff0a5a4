"""Damage after a fire or assault: the target's changes read as one ``Damage`` event (rules 8.4, 10.0).

The module writes no line for damage (``docs/report-formats.md`` §4): the owner of the targeted
units flips, retreats or eliminates them by hand right after the roll. So, from a ``Fire`` or
``Assault`` event until the next act that opens or ends an action (a pass, a phase, another fire
or assault, an entrenchment, a card played as an action, a discard to continue, a move or
placement by the firing side), these changes to units of the other side that stand in the target
area are the damage allocation (8.4):

- flipped to spent → ``flip``; moved out of the target → ``retreat`` (to the area it ended in; the
  path of a multi-area retreat is not in the log); both → ``flip-retreat``; into Eliminated →
  ``eliminate``;

and become one ``Damage`` event, placed where the first of them was logged. During an assault, the
firing side's move into the target is the advance (``MoveKind.ADVANCE``, 10.0). Everything else
passes through unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sdbp_module.ids import AreaId, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    Assault,
    CardDiscard,
    CardPlay,
    Damage,
    DamageResult,
    DiscardReason,
    Entrench,
    Event,
    Fire,
    Flip,
    GameStart,
    Move,
    MoveKind,
    Pass,
    PhaseStart,
    Place,
    Relocate,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.location import LocationKind


@dataclass(slots=True)
class _Outcome:
    flip: bool = False
    retreat: AreaId | None = None
    eliminated: bool = False

    @property
    def result(self) -> DamageResult:
        if self.eliminated:
            return DamageResult.ELIMINATE
        if self.flip and self.retreat is not None:
            return DamageResult.FLIP_RETREAT
        if self.retreat is not None:
            return DamageResult.RETREAT
        return DamageResult.FLIP


@dataclass(slots=True)
class _Attack:
    attacker: Side
    target: AreaId
    assault: bool
    outcomes: dict[UnitId, _Outcome] = field(default_factory=dict)
    first: tuple[list[Event], int, Where] | None = None  # where the Damage event goes


def _closes(event: Event, attack: _Attack) -> bool:
    attacker = attack.attacker
    if isinstance(event, Move) and attack.assault and event.side is attacker and event.to_area == attack.target:
        return False  # the advance (10.0)
    if isinstance(event, (Pass, PhaseStart, Entrench, Fire, Assault, GameStart)):
        return True
    if isinstance(event, CardPlay):
        return event.as_action
    if isinstance(event, CardDiscard):
        return event.reason is DiscardReason.CONTINUE
    if isinstance(event, (Move, Place)):
        return event.side is attacker
    return False


@dataclass(slots=True)
class DamageReader:
    """Folds each step's events in log order; ``close()`` at the end of the log."""

    game: GameData
    where_is: dict[UnitId, AreaId | None] = field(default_factory=dict)
    attack: _Attack | None = None

    def fold(self, events: list[Event]) -> list[Event]:
        out: list[Event] = []
        for event in events:
            if self.attack is not None and _closes(event, self.attack):
                self.close()
            kept = self.absorb(event, out) if self.attack is not None else event
            if isinstance(event, Fire) and event.units:
                self.attack = _Attack(event.side, event.target, False)
            elif isinstance(event, Assault):
                self.attack = _Attack(event.side, event.target, True)
            if kept is not None:
                out.append(kept)
                self.track(kept)
        return out

    def close(self) -> None:
        attack, self.attack = self.attack, None
        if attack is None or attack.first is None or not attack.outcomes:
            return
        events, index, where = attack.first
        outcomes = tuple(
            UnitOutcome(u, o.result, (o.retreat,) if o.retreat is not None and not o.eliminated else ())
            for u, o in attack.outcomes.items()
        )
        events.insert(index, Damage(where=where, side=attack.attacker.enemy, target=attack.target, outcomes=outcomes))

    def _defender_in_target(self, unit: UnitId, attack: _Attack) -> bool:
        if self.game.unit(unit).side is attack.attacker:
            return False
        return self.where_is.get(unit) == attack.target or unit in attack.outcomes

    def _note(self, attack: _Attack, out: list[Event], event: Event) -> None:
        if attack.first is None:
            attack.first = (out, len(out), event.where)

    def absorb(self, event: Event, out: list[Event]) -> Event | None:
        """The part of ``event`` that is not damage (``None`` when it all is)."""
        attack = self.attack
        assert attack is not None
        if isinstance(event, Flip) and event.spent:
            hit = [u for u in event.units if self._defender_in_target(u, attack)]
            if not hit:
                return event
            self._note(attack, out, event)
            for u in hit:
                attack.outcomes.setdefault(u, _Outcome()).flip = True
            rest = tuple(u for u in event.units if u not in hit)
            return replace(event, units=rest) if rest else None
        if isinstance(event, Move) and event.side is not attack.attacker and event.from_area == attack.target:
            self._note(attack, out, event)
            for u in event.units:
                attack.outcomes.setdefault(u, _Outcome()).retreat = event.to_area
                self.where_is[u] = event.to_area
            return None
        if isinstance(event, Relocate) and event.to.kind is LocationKind.ELIMINATED:
            hit = [u for u in event.units if self._defender_in_target(u, attack)]
            if not hit:
                return event
            self._note(attack, out, event)
            for u in hit:
                attack.outcomes.setdefault(u, _Outcome()).eliminated = True
                self.where_is[u] = None
            rest = tuple(u for u in event.units if u not in hit)
            return replace(event, units=rest) if rest else None
        if isinstance(event, Move) and attack.assault and event.side is attack.attacker and event.to_area == attack.target:
            return replace(event, move_kind=MoveKind.ADVANCE)
        return event

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
