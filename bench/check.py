"""Benchmark of ``sdbp check``: replay and check a synthetic, legal game of each area-impulse game's full
length (Dien Bien Phu's 8 turns, Storm over Stalingrad's 6).

Run: ``python bench/check.py [--turns N] [--write game.jsonl] [--repeat 15] [--game sodbp|sos|all]``.
Prints, from one run, per game (the measurements interleaved, best of ``--repeat`` each): the number
of events, the replay-only time, the time with the core sequence/activation rules, the full check
time (every registered rule), events per second, the ratio of the full check to the goal of checking
a whole game in 0.07 s (issue 26), and its ratio to the bare replay. Each game is generated from the
bundled data with a fixed seed, so every run checks the same events; ``synthetic_game`` (Dien Bien
Phu's) is also used by the end-to-end tests, ``synthetic_sos_game`` by a rules test.

One generator serves both games (``_Writer``, ``_act``, ``_action_phase``, ``_draw``); what differs is
data (``Synthetic``: the set-up, the unit actions besides moving, who may discard to continue, the End
phase, the winner), and the rules' own settings (``RulesPackage.impulse``: the area classes closed to
a side, whether a hand above its size is kept). Every game keeps to the rules the checker knows: units
act one area at a time and flip, moves go one step into a friendly, enemy-free area across no river
(cost 1) and into no area class closed to the side, no stack passes the stacking limit, sides
alternate from the first side, the phase ends on passes, each side draws to its hand size (the track's
number plus its bonus sets), the End phase refreshes and places in order.

Dien Bien Phu: fire and assaults are resolved with the rules' own arithmetic (``rules.resolution``)
and the defender allocates the damage legally (flips, eliminations, retreats by 8.4.2's priorities);
adjacent fire leaves a fire marker; the VM entrenches two units per level and assaults on turn 1 or
from trench 3, advancing into a cleared target and losing one assaulter; a trench leaves an area the
French take; a VM pass is answered by a French discard to continue; the End phase removes the fire
markers, rolls supply and replacements and places in order.

Storm over Stalingrad: the bid of 3.1 (the Soviet bids higher), the three L units in the first landing
zones, units move (its fire resolution is not in the rules text, so they do not fire); the End phase
(4.0) refreshes, places the reinforcements of the turn (German first, outside the landing zones; the
Soviet in them), withdraws the black counters on turn 3 (10.4), and the game ends after turn 6 with
the winner 3.1's count gives.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, AreaColour, UnitType
from sdbp_module.ids import AreaId, Phase, Side, UnitId
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.replay.apply import apply
from sdbp_module.replay.events import (
    Assault,
    Bid,
    CardDiscard,
    CardDraw,
    Damage,
    DamageResult,
    DiceRoll,
    DiscardReason,
    Entrench,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    GameEnd,
    GameStart,
    Move,
    MoveKind,
    NoSupplySet,
    Pass,
    PhaseStart,
    Pile,
    PileContents,
    Place,
    PlaceKind,
    Relocate,
    Reshuffle,
    TrenchSet,
    UnitOutcome,
    UnitSetup,
    Where,
)
from sdbp_module.replay.location import Location, LocationKind
from sdbp_module.replay.scenario import printed_start
from sdbp_module.replay.state import GameState

if TYPE_CHECKING:
    from sdbp_module.rules.base import RulesPackage

GOAL_SECONDS = 0.07  # issue 26: a whole game checked in 0.07 s
FR, VM = FRENCH, VIET_MINH


def start_with_decks(game: GameData) -> GameStart:
    """The printed set-up with each side's full deck."""
    decks = tuple(PileContents(s, Pile.DECK, tuple(c.id for c in game.cards_of(s))) for s in game.game.sides)
    return replace(printed_start(game), piles=decks)


# -- the generator, shared by the games ------------------------------------------------------------


class _Writer:
    """Appends events and keeps the state up to date (so choices see the board as it is)."""

    def __init__(self, game: GameData, initial: GameState, spec: Synthetic) -> None:
        self.game = game
        self.state = initial
        self.spec = spec
        self.impulse = spec.package().impulse
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        event = replace(event, where=Where("synthetic.jsonl", len(self.events), len(self.events) + 1))
        self.events.append(event)
        self.state = apply(self.state, event)


Special = Callable[[_Writer, Side, AreaId, random.Random], bool]
FireAct = Callable[[_Writer, Side, tuple[UnitId, ...], AreaId, AreaId, random.Random], bool]


class Synthetic(NamedTuple):
    """What one game's synthetic play needs besides the shared generator: its rules package, its
    start, the unit actions it adds to moving (``special`` before a move is chosen, ``fire`` at an
    adjacent enemy), the side that may discard a card to go on after the enemy's pass (None: two
    passes end the phase), its End phase and the winner it declares. (A named tuple, not a dataclass: the
    tests load this file as a module outside ``sys.modules``, where a dataclass cannot be made.)"""

    package: Callable[[], RulesPackage]
    start: Callable[[GameData], GameStart]
    end_phase: Callable[[_Writer, int, random.Random], None]
    winner: Callable[[_Writer], Side]
    special: Special | None = None
    fire: FireAct | None = None
    continue_side: Side | None = None


def _step_cost_one(game: GameData, s: GameState, side: Side, a: AreaId, b: AreaId) -> bool:
    border = game.border(a, b)
    if border is None or (border.river and not border.bridge):
        return False
    for area in (a, b):
        if s.controller(area) is not side or s.count(area, side.enemy):
            return False
    return True


def _closed(w: _Writer, side: Side, area: AreaId) -> bool:
    """The area's class is closed to ``side`` (the rules' ``AreaImpulse.closed_classes``)."""
    return (side, w.game.area(area).colour) in w.impulse.closed_classes


def _can_enter(w: _Writer, s: GameState, side: Side, unit: UnitId, dest: AreaId) -> bool:
    u = w.game.unit(unit)
    if _closed(w, side, dest):
        return False
    return u.movement >= 1 and s.count(dest, side) < w.game.game.stacking_limit


def _act(w: _Writer, side: Side, rng: random.Random) -> bool:
    """One unit action of ``side`` (a one-step move, or the game's other actions), or False when it
    has no fresh unit."""
    game, s, spec = w.game, w.state, w.spec
    fresh = sorted(u for u, st in s.units.items() if st.side is side and not st.spent and st.location.is_on_map)
    if not fresh:
        return False
    unit = fresh[rng.randrange(len(fresh))]
    origin = s.area_of(unit)
    assert origin is not None
    if spec.special is not None and spec.special(w, side, origin, rng):
        return True
    targets = sorted(n for n in game.neighbours(origin) if s.count(n, side.enemy))
    moves = sorted(n for n in game.neighbours(origin) if _step_cost_one(game, s, side, origin, n) and _can_enter(w, s, side, unit, n))
    if spec.fire is not None and targets and game.unit(unit).firepower > 0 and (not moves or rng.random() < 0.3):
        if spec.fire(w, side, (unit,), origin, targets[0], rng):
            return True
    if moves:
        dest = moves[rng.randrange(len(moves))]
        w.add(Move(side=side, units=(unit,), from_area=origin, to_area=dest, path=(origin, dest)))
    else:
        return _act_other(w, side, unit, rng)
    w.add(Flip(units=(unit,), spent=True))
    return True


def _act_other(w: _Writer, side: Side, unit: UnitId, rng: random.Random) -> bool:
    """A unit with no move and no target: pick another fresh unit that has one, else pass."""
    s, game = w.state, w.game
    for other in sorted(u for u, st in s.units.items() if st.side is side and not st.spent and st.location.is_on_map):
        origin = s.area_of(other)
        assert origin is not None
        for n in sorted(game.neighbours(origin)):
            if _step_cost_one(game, s, side, origin, n) and _can_enter(w, s, side, other, n):
                w.add(Move(side=side, units=(other,), from_area=origin, to_area=n, path=(origin, n)))
                w.add(Flip(units=(other,), spent=True))
                return True
    return False


def _hand_target(w: _Writer, side: Side, turn: int) -> int:
    """The track's number plus the cards of each bonus set the side holds whole (5.1)."""
    game = w.game
    bonus = sum(
        b.cards for b in game.game.hand_bonus_sets if all(w.state.controller(a) is side for a in game.bonus_areas(b.id))
    )
    return game.turn(turn).cards[side] + bonus


def _draw(w: _Writer, side: Side, turn: int) -> None:
    p = w.state.piles_of(side)
    target = _hand_target(w, side, turn)
    if len(p.hand) > target:  # discard the excess (5.1), unless the game keeps it
        if not w.impulse.hand_excess_kept:
            w.add(CardDiscard(side=side, cards=tuple(sorted(p.hand)[: len(p.hand) - target]), reason=DiscardReason.EXCESS))
        return
    want = target - len(p.hand)
    if want <= 0:
        return
    if len(p.deck) < want and p.discard:
        w.add(Reshuffle(side=side))
        p = w.state.piles_of(side)
    cards = tuple(sorted(p.deck)[:want])
    if cards:
        w.add(CardDraw(side=side, cards=cards))


def _action_phase(w: _Writer, rng: random.Random, max_actions: int) -> None:
    side = w.game.game.first_side
    carrier = w.spec.continue_side  # may discard to go on after the other side's pass
    last_pass: Side | None = None
    for _ in range(max_actions):
        if _act(w, side, rng):
            last_pass = None
            side = side.enemy
            continue
        w.add(Pass(side=side))
        if last_pass is side.enemy:
            return  # two passes in a row
        if carrier is not None and side is carrier.enemy:
            hand = w.state.hand(carrier)
            can_act = any(st.side is carrier and not st.spent and st.location.is_on_map for st in w.state.units.values())
            if hand and can_act:
                w.add(CardDiscard(side=carrier, cards=(hand[0],), reason=DiscardReason.CONTINUE))
                last_pass = None
                side = carrier
                continue
            return  # a pass not answered by a discard ends the phase
        last_pass = side
        side = side.enemy
    w.add(Pass(side=side))
    w.add(Pass(side=side.enemy))


def _room(w: _Writer, side: Side, fits: Callable[[AreaId], bool] = lambda a: True) -> list[AreaId]:
    """The areas ``side`` may place a unit in: its own, enemy-free, with room, open to it (and ``fits``)."""
    game, s = w.game, w.state
    return [
        a.id
        for a in game.areas
        if s.controller(a.id) is side
        and s.count(a.id, side.enemy) == 0
        and s.count(a.id, side) < game.game.stacking_limit
        and not _closed(w, side, a.id)
        and fits(a.id)
    ]


def _place(w: _Writer, side: Side, units: list[UnitId], kind: PlaceKind, fits: Callable[[AreaId], bool] = lambda a: True) -> None:
    for unit in units:
        room = _room(w, side, fits)
        to = Location.in_area(room[0]) if room else Location(LocationKind.ELIMINATED)
        w.add(Place(side=side, units=(unit,), to=to, place_kind=kind))


def _refresh(w: _Writer, keep_spent: Callable[[UnitId], bool] = lambda u: False) -> None:
    """Flip every spent unit on the map fresh (but those ``keep_spent`` names)."""
    for unit in sorted(u for u, st in w.state.units.items() if st.spent and st.location.is_on_map):
        if not keep_spent(unit):
            w.add(Flip(units=(unit,), spent=False))


def _remove_fire_markers(w: _Writer) -> None:
    for area, side in sorted(w.state.fire_markers):
        w.add(FireMarkerSet(area=area, side=side, present=False))


def _due(w: _Writer, side: Side, turn: int) -> list[UnitId]:
    """The units of ``side`` on the turn track's box ``turn``."""
    return [u for u, st in sorted(w.state.units.items()) if st.side is side and st.location == Location.on_turn(turn)]


def play(game: GameData, spec: Synthetic, *, turns: int | None = None, seed: int, max_actions: int = 400) -> list[Event]:
    """A legal game of ``turns`` turns (default: all) as events, from ``spec.start``'s set-up."""
    package = spec.package()
    rng = random.Random(seed)
    w = _Writer(game, GameState.empty(package.make_sequence(game)), spec)
    w.add(spec.start(game))
    first = game.game.first_side
    last = turns or game.game.turns
    for turn in range(game.scenario.first_turn, last + 1):
        w.add(PhaseStart(turn=turn, phase=Phase.DRAW))
        for side in (first, first.enemy):
            _draw(w, side, turn)
        w.add(PhaseStart(turn=turn, phase=Phase.ACTION))
        _action_phase(w, rng, max_actions)
        w.add(PhaseStart(turn=turn, phase=Phase.END))
        spec.end_phase(w, turn, rng)
    if last == game.game.turns:
        w.add(GameEnd(winner=spec.winner(w)))
    return w.events


# -- Dien Bien Phu ----------------------------------------------------------------------------------


def _roll(rng: random.Random) -> tuple[int, int]:
    return (rng.randint(1, 6), rng.randint(1, 6))


def _fire(w: _Writer, side: Side, units: tuple[UnitId, ...], origin: AreaId, target: AreaId, rng: random.Random) -> bool:
    """A unit fire with its roll, the defender's legal allocation (8.4), the fire marker and the flip;
    False (nothing written) when the allocation would need a retreat the rules forbid."""
    fire = Fire(side=side, units=units, from_area=origin, target=target)
    dice = _roll(rng)
    roll = DiceRoll(side=side, purpose="fire", values=dice, total=sum(dice))
    outcomes = _allocation(w, fire, roll)
    if outcomes is None:
        return False
    w.add(fire)
    w.add(roll)
    if outcomes:
        w.add(Damage(side=side.enemy, target=target, outcomes=outcomes))
    if origin != target and not w.state.has_fire_marker(origin, side):
        w.add(FireMarkerSet(area=origin, side=side))
    w.add(Flip(units=units, spent=True))
    _drop_lost_trenches(w)
    return True


def _allocation(w: _Writer, declaration: Event, roll: DiceRoll) -> tuple[UnitOutcome, ...] | None:
    """A legal allocation of the damage the rules give (8.4, 8.4.1, 8.4.2), or None."""
    from sdbp_module.games.sodbp.rules.package import SODBP
    from sdbp_module.games.sodbp.rules.resolution import Total, damage_total
    from sdbp_module.rules.switches import RuleSet

    s = apply(apply(w.state, declaration), roll)
    attack = s.attacks[-1]
    damage = damage_total(attack, w.game, RuleSet.defaults(SODBP.switches))
    if not isinstance(damage, Total):
        return None
    left = damage.value
    outcomes: list[UnitOutcome] = []
    counts: dict[AreaId, int] = {}
    for unit in s.units_in(attack.target, attack.defender):
        if left <= 0:
            break
        spent = s.is_spent(unit)
        full = 2 if spent else 3
        if left >= full:
            outcomes.append(UnitOutcome(unit, DamageResult.ELIMINATE))
            left -= full
            continue
        needs_retreat = spent or left == 2
        if not needs_retreat:
            outcomes.append(UnitOutcome(unit, DamageResult.FLIP))
            left -= 1
            continue
        area = _retreat_area(w.game, s, unit, attack.target, counts)
        if area is None:
            return None
        counts[area] = counts.get(area, 0) + 1
        outcomes.append(UnitOutcome(unit, DamageResult.RETREAT if spent else DamageResult.FLIP_RETREAT, (area,)))
        left -= 1 if spent else 2
    return tuple(outcomes)


def _retreat_area(game: GameData, s: GameState, unit: UnitId, origin: AreaId, arrived: dict[AreaId, int]) -> AreaId | None:
    """8.4.2: an adjacent area the unit's side controls, without overflow, with the fewest enemy units."""
    side = s.units[unit].side
    data = game.unit(unit)
    best: tuple[int, AreaId] | None = None
    for n in sorted(game.neighbours(origin)):
        border = game.border(origin, n)
        if s.controller(n) is not side or s.count(n, side) + arrived.get(n, 0) >= game.game.stacking_limit:
            continue
        if side is FR and (game.area(n).colour == AreaColour.RED or (data.type == UnitType.ARMOR and border is not None and border.river and not border.bridge)):
            continue
        key = (s.count(n, side.enemy), n)
        if best is None or key < best:
            best = key
    return None if best is None else best[1]


def _vm_special(w: _Writer, side: Side, origin: AreaId, rng: random.Random) -> bool:
    """A quarter of the VM's actions try an assault, else an entrenchment."""
    return side is VM and rng.random() < 0.25 and (_assault(w, origin, rng) or _entrench(w, origin))


def _assault(w: _Writer, origin: AreaId, rng: random.Random) -> bool:
    """A VM assault from ``origin`` (turn 1, or trench 3) into an adjacent French area holding French units."""
    game, s = w.game, w.state
    if s.clock.turn > 1 and s.trench(origin) < 3:
        return False
    if s.controller(origin) is not VM or s.count(origin, FR):
        return False
    for target in sorted(game.neighbours(origin)):
        if s.controller(target) is not FR or not s.count(target, FR) or s.count(target, VM):
            continue
        room = game.game.stacking_limit - s.count(target, VM)
        units = s.fresh_in(origin, VM)[:room]
        if len(units) < 2:
            return False
        assault = Assault(side=VM, units=units, from_area=origin, target=target)
        dice = _roll(rng)
        roll = DiceRoll(side=VM, purpose="assault", values=dice, total=sum(dice))
        outcomes = _allocation(w, assault, roll)
        if outcomes is None:
            continue
        w.add(assault)
        w.add(roll)
        if outcomes:
            w.add(Damage(side=FR, target=target, outcomes=outcomes))
        if not w.state.count(target, FR):
            w.add(Move(side=VM, units=units, from_area=origin, to_area=target, path=(origin, target), move_kind=MoveKind.ADVANCE))
        w.add(Flip(units=units, spent=True))
        w.add(Relocate(units=(units[-1],), to=Location(LocationKind.ELIMINATED), reason="eliminated"))
        _drop_lost_trenches(w)
        return True
    return False


def _entrench(w: _Writer, area: AreaId) -> bool:
    """Two or more fresh VM units of ``area`` raise its trench level (9.0), when it is below 3."""
    s = w.state
    level = s.trench(area)
    fresh = s.fresh_in(area, VM)
    if level >= 3 or len(fresh) < 2 or s.controller(area) is not VM:
        return False
    gain = min(3 - level, len(fresh) // 2)
    units = fresh[: 2 * gain]
    w.add(Entrench(side=VM, area=area, units=units))
    w.add(Flip(units=units, spent=True))
    w.add(TrenchSet(area=area, level=level + gain))
    return True


def _drop_lost_trenches(w: _Writer) -> None:
    """9.1: a trench marker leaves an area that became French-controlled."""
    for area in sorted(w.state.trenches):
        if w.state.controller(area) is FR:
            w.add(TrenchSet(area=area, level=0))


def _unsupplied(w: _Writer, roll: int) -> list[AreaId]:
    """The areas the VM marks No Supply (11.0): 2d6 + 2 per VM airstrip + 1 per VM green area gives
    0, 1 or 2 areas; the VM picks the French-held areas with the most French units."""
    total = roll + sum(
        (2 if a.colour == AreaColour.BLUE else 1)
        for a in w.game.areas
        if a.colour in (AreaColour.BLUE, AreaColour.GREEN) and w.state.controller(a.id) is VM
    )
    count = 0 if total <= 8 else 1 if total <= 15 else 2
    held = sorted((a for a in w.game.areas if w.state.count(a.id, FR)), key=lambda a: (-w.state.count(a.id, FR), a.id))
    return [a.id for a in held[:count]]


def _sodbp_end_phase(w: _Writer, turn: int, rng: random.Random) -> None:
    _remove_fire_markers(w)
    supply = (rng.randint(1, 6), rng.randint(1, 6))
    w.add(DiceRoll(side=FR, purpose="supply", values=supply, total=sum(supply)))
    unsupplied = _unsupplied(w, sum(supply))
    for area in unsupplied:
        w.add(NoSupplySet(side=VM, area=area))
    _refresh(w, lambda u: (st := w.state.units[u]).side is FR and st.location.area in unsupplied)
    for area in unsupplied:
        w.add(NoSupplySet(side=VM, area=area, present=False))
    if turn > 1 and not w.state.no_replacements:
        d = rng.randint(1, 6)
        w.add(DiceRoll(side=VM, purpose="replacements", values=(d,), total=d))
        box = list(w.state.units_at(LocationKind.REPLACEMENTS, VM))[: math.ceil(d / 2)]
        _place(w, VM, box, PlaceKind.REPLACEMENT)
    for side in (VM, FR):
        _place(w, side, _due(w, side, turn), PlaceKind.REINFORCEMENT)


def _sodbp_winner(w: _Writer) -> Side:
    held = sum(1 for a in w.game.areas if a.victory and w.state.controller(a.id) is VM)
    return VM if held >= 6 else FR


def _sodbp_package() -> RulesPackage:
    from sdbp_module.games.sodbp.rules.package import SODBP

    return SODBP


SODBP_PLAY = Synthetic(
    package=_sodbp_package,
    start=start_with_decks,
    end_phase=_sodbp_end_phase,
    winner=_sodbp_winner,
    special=_vm_special,
    fire=_fire,
    continue_side=FR,
)


def synthetic_game(game: GameData, *, turns: int | None = None, seed: int = 1954, max_actions: int = 400) -> list[Event]:
    """A legal Dien Bien Phu game of ``turns`` turns (default: all) as events, from the printed set-up."""
    return play(game, SODBP_PLAY, turns=turns, seed=seed, max_actions=max_actions)


# -- Storm over Stalingrad --------------------------------------------------------------------------

SOS_BID = (3, 4)  # (German, Soviet): the Soviet bids higher and plays the Soviets; the target is 4 (3.1)


def _sos_start(game: GameData) -> GameStart:
    """The printed set-up with the decks and the bid, each L unit in a landing zone (3.3), in turn."""
    start = start_with_decks(game)
    zones: dict[str, list[AreaId]] = {}
    for a in game.areas:
        zones.setdefault(a.colour, []).append(a.id)
    placed: list[UnitSetup] = []
    n = 0
    for u in start.units:
        printed = game.unit(u.unit).setup
        if printed.kind is SetupKind.CLASS and printed.area_class is not None:
            areas = zones[printed.area_class]
            u = replace(u, location=Location.in_area(areas[n % len(areas)]))
            n += 1
        placed.append(u)
    german, soviet = SOS_BID
    return replace(start, units=tuple(placed), bid=Bid(first=german, second=soviet, threshold=max(german, soviet)))


def _sos_end_phase(w: _Writer, turn: int, rng: random.Random) -> None:
    """4.0: refresh, the fire markers off, the reinforcements (German first; the Soviet ones in the
    landing zones, the German ones outside), the black counters withdrawn on their turn (10.4)."""
    from sdbp_module.games.sos.ids import GERMAN, SOVIET, AreaClass

    _refresh(w)
    _remove_fire_markers(w)
    zone = AreaClass.LANDING_ZONE
    _place(w, GERMAN, _due(w, GERMAN, turn), PlaceKind.REINFORCEMENT, lambda a: w.game.area(a).colour != zone)
    _place(w, SOVIET, _due(w, SOVIET, turn), PlaceKind.REINFORCEMENT, lambda a: w.game.area(a).colour == zone)
    leaving = tuple(sorted(u.id for u in w.game.units if u.withdraw == turn))
    if leaving:
        w.add(Relocate(units=leaving, to=Location(LocationKind.REMOVED), reason="withdrawn"))


def _sos_winner(w: _Writer) -> Side:
    """3.1: the Soviet wins holding at least his bid of defence-3 areas."""
    from sdbp_module.games.sos.ids import GERMAN, SOVIET

    held = sum(1 for a in w.game.areas if a.victory and w.state.controller(a.id) is SOVIET)
    return SOVIET if held >= max(SOS_BID) else GERMAN


def _sos_package() -> RulesPackage:
    from sdbp_module.games.sos.rules.package import SOS

    return SOS


SOS_PLAY = Synthetic(package=_sos_package, start=_sos_start, end_phase=_sos_end_phase, winner=_sos_winner)


def synthetic_sos_game(game: GameData, *, turns: int | None = None, seed: int = 1942, max_actions: int = 400) -> list[Event]:
    """A legal Storm over Stalingrad game of ``turns`` turns (default: all) as events."""
    return play(game, SOS_PLAY, turns=turns, seed=seed, max_actions=max_actions)


# -- the benchmark ----------------------------------------------------------------------------------


def _measure(label: str, game: GameData, events: list[Event], spec: Synthetic, core_modules: tuple[str, ...], turns: int, seed: int, repeat: int) -> None:
    import importlib

    from sdbp_module.rules.checker import Report, check_events

    package = spec.package()
    core = tuple(r for m in core_modules for r in importlib.import_module(m).RULES)
    n = len(events)
    print(f"{label}: events: {n} (synthetic {turns}-turn game, seed {seed})")
    best: dict[str, float] = {}
    reports: dict[str, Report] = {}
    runs = (("replay only", ()), ("core rules", core), ("full check", None))
    for _ in range(repeat):  # interleaved, so that every measurement sees the same conditions
        for name, rules in runs:
            t0 = time.perf_counter()
            reports[name] = check_events(events, game, package, rules=rules, source="synthetic.jsonl")
            best[name] = min(best.get(name, math.inf), time.perf_counter() - t0)
    for name, _rules in runs:
        report, seconds = reports[name], best[name]
        s = report.summary
        print(
            f"  {name}: {len(report.rules_checked)} rules, best of {repeat}: {seconds:.3f} s = {n / seconds:,.0f} events/s; "
            f"findings {s.illegal} illegal, {s.suspicious} suspicious, {s.cannot_check} cannot-check, {s.info} info"
        )
    full = best["full check"]
    print(
        f"  {label} full check {full:.3f} s (replay {best['replay only']:.3f} s + rules {full - best['replay only']:.3f} s); "
        f"goal {GOAL_SECONDS} s, ratio to the goal {full / GOAL_SECONDS:.2f} ({'met' if full <= GOAL_SECONDS else 'not met'}); "
        f"ratio to the bare replay {full / best['replay only']:.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir
    from sdbp_module.replay.jsonl import write_events

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("sodbp", "sos", "all"), default="all")
    parser.add_argument("--turns", type=int, default=None)
    parser.add_argument("--write", type=Path, default=None, help="also write the events as JSONL (the last game's)")
    parser.add_argument("--repeat", type=int, default=15, help="runs per measurement (the best is kept)")
    args = parser.parse_args(argv)
    games = (
        ("Dien Bien Phu", "sodbp", SODBP_PLAY, 1954, "sodbp", ("setup", "sequence", "activation")),
        ("Storm over Stalingrad", "sos", SOS_PLAY, 1942, "sos", ("setup", "end_phase")),
    )
    for label, game_id, spec, seed, rules_of, core_names in games:
        if args.game not in (game_id, "all"):
            continue
        game = load_game(default_data_dir(game_id))
        events = play(game, spec, turns=args.turns, seed=seed)
        if args.write:
            write_events(args.write, events)
        core = tuple(f"sdbp_module.games.{rules_of}.rules.{m}" for m in core_names)
        _measure(label, game, events, spec, core, args.turns or game.game.turns, seed, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
