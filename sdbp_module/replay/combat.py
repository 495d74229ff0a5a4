"""Attacks in progress: what the replay keeps of a fire or an assault until its action is over (8.0–10.0).

An attack is declared by a ``Fire`` (units or a card) or an ``Assault`` event; what resolves it comes
after, in log order and usually in several events: the cards played, the dice, the defender's
``Damage`` (flips, retreats, eliminations), the firers' flips, the fire marker, an assault's advance
and its loss. The rules need all of it together, so the replay keeps each attack of the current
action as an :class:`Attack`: the declaration, the state just before it, the card plays that belong
to it, and every later event with the state before it.

**The attack a card play belongs to** (one definition, :meth:`Attack.holds`; every rule and the
arithmetic read it). The game says which of its cards act on an attack and when (``AttackCards`` in
its ``SequenceOfPlay``: the side whose attack the card's text is about, and whether it is played
before the attack's roll, after it, or at any time while it lasts). Such a play belongs to one open
attack of that side, the one its timing fits best (the kind of attack its text names; declared and
not yet rolled for a card played before the roll, rolled for one played after it; then the latest).
With no such attack open it waits for the next declaration of that side (a *Night Assault* logged
before the assault lines, a *Mortar Support* before the fire): that attack takes it as ``prior``. A
play of a card the game does not time belongs to every open attack, and waits for the next
declaration too. A declaration that opens a new action takes only the waiting plays meant for its
side: a card timed on an attack of that side, logged just before it (nothing but card plays between);
another card played by that side (a *Counter Attack* before its gather moves). A card played in the
action before, about that action's attack or followed by its dice, stays there.

Lifetime: an attack is open from its declaration until an event opens a new action, or a phase
begins, or the game ends; then ``GameState.attacks`` is emptied and the rules judge the closed
attacks (:func:`closed_attacks`). Several attacks may be open in one action (a *Fighter Bombers*
card during a unit fire, a *Débouchez* fire inside an assault): every later event joins each of
them, and each rule picks what concerns its attack (the defender's damage in its target, the
firing side's dice). A ``Fire`` that repeats an open unit attack's side, origin and target before
any dice adds its units to it (a stack logged unit by unit).

Game-neutral: nothing here names a card or a rule; the game's rules do the arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import field, fields, replace
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, Side, UnitId
from sdbp_module.limits import MAX_ACTION_STEPS
from sdbp_module.records import record
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
from sdbp_module.replay.memo import remembers

if TYPE_CHECKING:
    from sdbp_module.replay.state import GameState

E = TypeVar("E", bound=Event)


class AttackKind(str, Enum):
    UNITS = "units"  # fire by units (8.1)
    CARD = "card"  # fire by a card (8.2)
    ASSAULT = "assault"  # 10.0


class CardStage(str, Enum):
    """When, in an attack, a card that acts on it is played (the game's card texts)."""

    BEFORE_ROLL = "before-roll"  # after the declaration (or just before it) and before the attacker's roll
    AFTER_ROLL = "after-roll"  # after the attacker's roll (a re-roll, a damage reduction)
    DURING = "during"  # at any time while the attack lasts


@record
class CardTiming:
    """How a card acts on an attack: whose attack (``attacker``; None: either side's), when (``stage``),
    and the kinds of attack its text names (``kinds``: a preference among open attacks, never a
    filter: a play on another kind still belongs to the attack, and the rules say what is wrong)."""

    attacker: Side | None
    stage: CardStage
    kinds: frozenset[AttackKind] = frozenset()


@record
class AttackCards:
    """A game's cards that act on an attack, by ``(card, mode)`` (mode None: any mode, or none logged),
    and the dice purposes of an attacker's roll."""

    timings: Mapping[tuple[CardId, str | None], CardTiming] = field(default_factory=lambda: MappingProxyType({}))
    roll_purposes: tuple[str, ...] = ("fire", "assault")

    def timing(self, play: CardPlay) -> CardTiming | None:
        """The timing of ``play`` on an attack; None for a card the game does not time on one."""
        timings = self.timings
        if not timings:
            return None
        if play.mode is not None:
            found = timings.get((play.card, play.mode))
            if found is not None:
                return found
        return timings.get((play.card, None))


NO_ATTACK_CARDS = AttackCards()


@record(slots=False, eq=False)
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
    prior: tuple[CardPlay, ...] = ()  # the card plays that belong to it, logged before the declaration
    steps: tuple[tuple[GameState, Event], ...] = ()  # every later event, with the state before it
    plays: tuple[CardPlay, ...] = ()  # the card plays that belong to it, logged after the declaration

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
        """The card plays that belong to the attack (module doc), in log order: before its declaration, then after."""
        return self.prior + self.plays

    def holds(self, play: CardPlay) -> bool:
        """True when ``play`` belongs to this attack (the one definition every rule uses: module doc)."""
        return any(c is play for c in self.plays) or any(c is play for c in self.prior)

    def rolled(self, purposes: tuple[str, ...]) -> bool:
        """True once the attacker (or a roll with no side) rolled dice of one of ``purposes``."""
        side = self.side
        return any(
            isinstance(e, DiceRoll) and e.purpose in purposes and (e.side is None or e.side is side) for _s, e in self.steps
        )

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
            prior = _taken(state, pending, event, opens) if pending else ()
            attacks = (*(_joined(a, state, event) for a in attacks), _new_attack(number, state, event, action, prior))
        pending_after: tuple[CardPlay, ...] = ()
    elif cls is CardPlay:
        assert isinstance(event, CardPlay)
        if opens:
            attacks, pending_after = (), (event,)
        else:
            owner = _owner(attacks, event, _attack_cards(state))
            if owner is None:  # a card the game does not time: every open attack's, and the next declaration's
                attacks = tuple(_joined(a, state, event, event) for a in attacks)
                pending_after = pending + (event,)
            elif owner is _WAITS:  # no open attack it can belong to: the next declaration's
                attacks = tuple(_joined(a, state, event) for a in attacks)
                pending_after = pending + (event,)
            else:
                attacks = tuple(_joined(a, state, event, event if a is owner else None) for a in attacks)
                pending_after = pending
    else:
        attacks = tuple(_joined(a, state, event) for a in attacks)
        pending_after = () if ends else pending
    if attacks != state.attacks:
        changes["attacks"] = attacks
    if pending_after != pending:
        changes["pending_cards"] = pending_after


def _attack_cards(state: GameState) -> AttackCards:
    sequence = state.sequence
    return sequence.attack_cards if sequence is not None else NO_ATTACK_CARDS


class _Waits:
    """The answer of :func:`_owner` for a timed play with no open attack to belong to."""


_WAITS = _Waits()


def _owner(attacks: tuple[Attack, ...], play: CardPlay, cards: AttackCards) -> Attack | _Waits | None:
    """The open attack a timed ``play`` belongs to (module doc); ``_WAITS`` when none of its side is open;
    None for a card the game does not time on an attack."""
    timing = cards.timing(play)
    if timing is None:
        return None
    attacker, stage, kinds = timing.attacker, timing.stage, timing.kinds
    best: Attack | None = None
    best_key: tuple[bool, bool] = (False, False)
    for attack in attacks:  # in declaration order: a later one of equal fit wins
        if attacker is not None and attack.side is not attacker:
            continue
        if stage is CardStage.DURING:
            fits = True
        else:
            fits = attack.rolled(cards.roll_purposes) == (stage is CardStage.AFTER_ROLL)
        key = (not kinds or attack.kind in kinds, fits)
        if best is None or key >= best_key:
            best, best_key = attack, key
    return best if best is not None else _WAITS


def _taken(state: GameState, pending: tuple[CardPlay, ...], event: Fire | Assault, opens: bool) -> tuple[CardPlay, ...]:
    """The waiting plays a declaration takes as its own (module doc). In its own action: every play but
    one timed on the other side's attack. Opening a new action: a timed play logged just before it
    (nothing but card plays after it in the action it closes) and meant for its side; another play of
    its own side."""
    cards = _attack_cards(state)
    side = event.side
    last = _last_plays(state.action_steps) if opens else None
    out: list[CardPlay] = []
    for play in pending:
        timing = cards.timing(play)
        if timing is not None:
            mine = (timing.attacker is None or timing.attacker is side) and (last is None or id(play) in last)
        else:
            mine = not opens or play.side is side  # its own card (a Counter Attack before its gather and fire)
        if mine:
            out.append(play)
    return tuple(out)


def _last_plays(steps: tuple[tuple[GameState, Event], ...]) -> set[int] | None:
    """The ids of the card plays that end the action of ``steps``; None with no action open."""
    if not steps:
        return None
    out: set[int] = set()
    for _s, e in reversed(steps):
        if type(e) is not CardPlay:
            break
        out.add(id(e))
    return out


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


def _joined(attack: Attack, state: GameState, event: Event, play: CardPlay | None = None) -> Attack:
    """``attack`` with ``event`` among its later events; ``play``: a card play that belongs to it."""
    if play is None:
        return copy_with(attack, _ATTACK_FIELDS, {"steps": attack.steps + ((state, event),)})
    return copy_with(attack, _ATTACK_FIELDS, {"steps": attack.steps + ((state, event),), "plays": attack.plays + (play,)})


_ATTACK_FIELDS = frozenset(f.name for f in fields(Attack))
_DECLARING_OR_PLAY = frozenset((Fire, Assault, CardPlay))
_ASSAULT = AttackKind.ASSAULT  # a hot-path enum member, bound once (see ``ids``)


_last_closed: tuple[GameState | None, GameState | None, tuple[Attack, ...]] = (None, None, ())


def closed_attacks(before: GameState, after: GameState) -> tuple[Attack, ...]:
    """The attacks open before an event and closed by it (judge them now).

    Remembered for the last step asked about: its gate and every attack rule ask at each close."""
    global _last_closed
    if not before.attacks or after.attacks is before.attacks:
        return ()
    b, a, closed = _last_closed
    if b is before and a is after:
        return closed
    still = {a.number for a in after.attacks}
    closed = tuple(a for a in before.attacks if a.number not in still)
    _last_closed = (before, after, closed)
    return closed


@remembers
def _forget() -> None:
    global _last_closed
    _last_closed = (None, None, ())


def closed_action(before: GameState, after: GameState) -> tuple[tuple[GameState, Event], ...]:
    """The steps of the action that the event between ``before`` and ``after`` ended (empty if none ended)."""
    steps = before.action_steps
    if not steps or after.action_steps is before.action_steps:
        return ()
    if after.action_steps and after.action_steps[0] is steps[0]:
        return ()  # the same action went on
    return steps


def attack_holding(attacks: tuple[Attack, ...], play: CardPlay) -> Attack | None:
    """The attack among ``attacks`` that ``play`` belongs to (the first, for a card the game does not time)."""
    for attack in attacks:
        if attack.holds(play):
            return attack
    return None


def open_attack(state: GameState, side: Side | None = None, target: AreaId | None = None) -> Attack | None:
    """The latest open attack (by ``side``, on ``target`` when given)."""
    for attack in reversed(state.attacks):
        if (side is None or attack.side is side) and (target is None or attack.target == target):
            return attack
    return None
