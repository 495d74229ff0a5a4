"""Attacks in progress: what the replay keeps of a fire or an assault until its action is over (8.0–10.0).

An attack is declared by a ``Fire`` (units or a card) or an ``Assault`` event; what resolves it comes
after, in log order and usually in several events: the cards played, the dice, the defender's
``Damage`` (flips, retreats, eliminations), the firers' flips, the fire marker, an assault's advance
and its loss. The rules need all of it together, so the replay keeps each attack of the current
action as an :class:`Attack`: the declaration, the state just before it, the card plays logged
since the action opened (a *Night Assault* logged before the assault lines), and every later event
with the state before it.

Lifetime: an attack is open from its declaration until an event opens a new action, or a phase
begins, or the game ends; then ``GameState.attacks`` is emptied and the rules judge the closed
attacks (:func:`closed_attacks`). Several attacks may be open in one action (a *Fighter Bombers*
card during a unit fire, a *Débouchez* fire inside an assault): every later event joins each of
them, and each rule picks what concerns its attack (the defender's damage in its target, the
firing side's dice). A ``Fire`` that repeats an open unit attack's side, origin and target before
any dice adds its units to it (a stack logged unit by unit).

Game-neutral: nothing here names a card or a rule; ``rules.resolution`` does the arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import TYPE_CHECKING, TypeVar

from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, Side, UnitId
from sdbp_module.limits import MAX_ACTION_STEPS
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DiceRoll,
    Event,
    Fire,
    GameEnd,
    PhaseStart,
)
from sdbp_module.replay.frozen import copy_with

if TYPE_CHECKING:
    from sdbp_module.replay.state import GameState

E = TypeVar("E", bound=Event)


class AttackKind(str, Enum):
    UNITS = "units"  # fire by units (8.1)
    CARD = "card"  # fire by a card (8.2)
    ASSAULT = "assault"  # 10.0


@dataclass(frozen=True, eq=False)
class Attack:
    """One fire or assault and everything logged after it while its action lasts.

    Frozen without ``__slots__``: a new step is a dict copy (``frozen.copy_with``), on the replay's hot path."""

    number: int  # 1, 2, … in log order over the whole game
    kind: AttackKind
    side: Side  # the firing (assaulting) side
    units: tuple[UnitId, ...]  # firing or assaulting units; empty for a card
    origin: AreaId | None  # where the units fire from; None for a card
    target: AreaId
    card: CardId | None  # the firing card
    declaration: Event  # the Fire / Assault event (the last one, when a stack was logged unit by unit)
    first: Event  # the first declaration event (where findings about the whole attack point)
    before: GameState  # the state just before the (first) declaration
    action: int  # number of the action it belongs to
    prior: tuple[CardPlay, ...] = ()  # card plays logged since the action opened, before the declaration
    steps: tuple[tuple[GameState, Event], ...] = ()  # every later event, with the state before it

    @property
    def defender(self) -> Side:
        return self.side.enemy

    @property
    def is_assault(self) -> bool:
        return self.kind is _ASSAULT

    def events(self, cls: type[E]) -> Iterator[E]:
        """The later events of class ``cls``, in log order."""
        for _state, event in self.steps:
            if isinstance(event, cls):
                yield event

    def cards(self) -> tuple[CardPlay, ...]:
        """Every card play that may concern the attack: those logged before it in its action, then during it."""
        return self.prior + tuple(self.events(CardPlay))

    def rolls(self, side: Side | None = None, purposes: tuple[str, ...] | None = None) -> tuple[DiceRoll, ...]:
        """Dice rolled after the declaration (of ``side`` when given; rolls with no side count for any)."""
        return tuple(
            d
            for d in self.events(DiceRoll)
            if (side is None or d.side is None or d.side is side) and (purposes is None or d.purpose in purposes)
        )

    def damages(self) -> tuple[Damage, ...]:
        """The defender's damage events in the target (what this attack did)."""
        return tuple(
            d for d in self.events(Damage) if d.side is self.defender and (d.target is None or d.target == self.target)
        )

    def state_before(self, event: Event) -> GameState | None:
        """The state just before a later ``event`` of this attack (identity match)."""
        for state, e in self.steps:
            if e is event:
                return state
        return None

    @property
    def after(self) -> GameState:
        """The state after the last event the attack has seen (its declaration when none followed)."""
        from sdbp_module.replay.apply import (
            apply,  # the replay's own step; imported late (apply imports us)
        )

        if not self.steps:
            return apply(self.before, self.declaration)
        state, event = self.steps[-1]
        return apply(state, event)


def too_long(what: str, kind: str, steps: tuple[tuple[GameState, Event], ...], event: Event) -> InputError:
    """The error of an action, or a Draw or End phase (``what``: "action", "end phase"; ``kind``: what
    the limit is for, with its article), of more than ``MAX_ACTION_STEPS`` events: the replay keeps each
    one's events with the state before each, so their memory grows as the square of their length."""
    first = steps[0][1].where if steps else event.where
    return InputError(
        f"{event.where}: the {what} that began at {first} has more than {MAX_ACTION_STEPS:,} events; {kind} is read "
        f"up to {MAX_ACTION_STEPS:,} (a real one has at most a few hundred)"
    )


def advance_attacks(state: GameState, event: Event, opens: bool, changes: dict[str, object]) -> None:
    """Put in ``changes`` the ``action_steps``/``previous_action``/``attacks``/``pending_cards``/
    ``attack_count`` fields ``event`` changes.

    ``opens``: the event opens a new action. ``action_steps`` holds every event of the current
    action (the opening one first) with the state before it, ``previous_action`` those of the action
    before; a phase start or the game end empties both.
    """
    attacks = state.attacks
    pending = state.pending_cards
    cls = type(event)
    ends = opens or cls is PhaseStart or cls is GameEnd
    if opens:
        changes["action_steps"] = ((state, event),)
        changes["previous_action"] = state.action_steps
    elif ends:
        if state.action_steps:
            changes["action_steps"] = ()
        if state.previous_action:
            changes["previous_action"] = ()
    elif state.clock.action_side is not None:
        if len(state.action_steps) >= MAX_ACTION_STEPS:
            raise too_long("action", "an action", state.action_steps, event)
        changes["action_steps"] = state.action_steps + ((state, event),)
    if not attacks and not pending and cls not in _DECLARING_OR_PLAY:
        return  # no attack or card play open, and none declared: nothing else changes
    if ends and attacks:
        attacks = ()
    if isinstance(event, (Fire, Assault)):
        merged = _merge(attacks, event) if not ends else None
        if merged is not None:
            attacks = merged
        else:
            number = state.attack_count + 1
            changes["attack_count"] = number
            action = event.action if event.action is not None else (state.clock.action + 1 if opens else state.clock.action)
            attacks = (*(_joined(a, state, event) for a in attacks), _new_attack(number, state, event, action, pending))
        pending_after: tuple[CardPlay, ...] = ()
    else:
        attacks = tuple(_joined(a, state, event) for a in attacks)
        if isinstance(event, CardPlay):
            pending_after = (event,) if opens else pending + (event,)
        elif ends:
            pending_after = ()
        else:
            pending_after = pending
    if attacks != state.attacks:
        changes["attacks"] = attacks
    if pending_after != pending:
        changes["pending_cards"] = pending_after


def _new_attack(number: int, state: GameState, event: Fire | Assault, action: int, prior: tuple[CardPlay, ...]) -> Attack:
    if isinstance(event, Assault):
        kind, card = AttackKind.ASSAULT, None
    else:
        kind, card = (AttackKind.UNITS, None) if event.units else (AttackKind.CARD, event.card)
    return Attack(
        number=number,
        kind=kind,
        side=event.side,
        units=tuple(event.units),
        origin=event.from_area,
        target=event.target,
        card=card,
        declaration=event,
        first=event,
        before=state,
        action=action,
        prior=prior,
    )


def _merge(attacks: tuple[Attack, ...], event: Fire | Assault) -> tuple[Attack, ...] | None:
    """``attacks`` with ``event``'s units added to the open attack it continues, or None."""
    if not attacks or not event.units:
        return None
    last = attacks[-1]
    kind = AttackKind.ASSAULT if isinstance(event, Assault) else AttackKind.UNITS
    if (last.kind, last.side, last.origin, last.target) != (kind, event.side, event.from_area, event.target):
        return None
    if any(isinstance(e, (DiceRoll, Damage)) for _s, e in last.steps):
        return None
    units = last.units + tuple(u for u in event.units if u not in last.units)
    return attacks[:-1] + (replace(last, units=units, declaration=event),)


def _joined(attack: Attack, state: GameState, event: Event) -> Attack:
    return copy_with(attack, _ATTACK_FIELDS, {"steps": attack.steps + ((state, event),)})


_ATTACK_FIELDS = frozenset(f.name for f in fields(Attack))
_DECLARING_OR_PLAY = frozenset((Fire, Assault, CardPlay))
_ASSAULT = AttackKind.ASSAULT  # a hot-path enum member, bound once (see ``ids``)


def closed_attacks(before: GameState, after: GameState) -> tuple[Attack, ...]:
    """The attacks open before an event and closed by it (judge them now)."""
    if not before.attacks or after.attacks is before.attacks:
        return ()
    still = {a.number for a in after.attacks}
    return tuple(a for a in before.attacks if a.number not in still)


def closed_action(before: GameState, after: GameState) -> tuple[tuple[GameState, Event], ...]:
    """The steps of the action that the event between ``before`` and ``after`` ended (empty if none ended)."""
    steps = before.action_steps
    if not steps or after.action_steps is before.action_steps:
        return ()
    if after.action_steps and after.action_steps[0] is steps[0]:
        return ()  # the same action went on
    return steps


def open_attack(state: GameState, side: Side | None = None, target: AreaId | None = None) -> Attack | None:
    """The latest open attack (by ``side``, on ``target`` when given)."""
    for attack in reversed(state.attacks):
        if (side is None or attack.side is side) and (target is None or attack.target == target):
            return attack
    return None
