"""Benchmark of ``sdbp check``: replay and check a synthetic, legal 8-turn SoDBP game.

Run: ``python bench/check.py [--turns 8] [--write game.jsonl] [--repeat 15]``. Prints, from one run
(the measurements interleaved, best of ``--repeat`` each): the number of events, the replay-only
time, the time with the core sequence/activation rules, the full check time (every registered rule),
events per second, the ratio of the full check to the goal of checking a whole game in 0.1 s, and its
ratio to the bare replay. The game is generated from the bundled data with a fixed seed, so every run checks
the same events; ``synthetic_game`` is also used by the end-to-end tests.

The generated game keeps to the rules the checker knows: units act one area at a time and flip,
moves go one step into a friendly, enemy-free area across no river (cost 1), no stack passes 9, the
French keep out of red areas, sides alternate from the Viet Minh, the phase ends on passes, the End
phase removes the fire markers, refreshes, rolls and places in order. Fire and assaults are resolved
with the rules' own arithmetic (``rules.resolution``) and the defender allocates the damage legally
(flips, eliminations, retreats by 8.4.2's priorities); adjacent fire leaves a fire marker; the VM
entrenches two units per level and assaults on turn 1 or from trench 3, advancing into a cleared
target and losing one assaulter; a trench leaves an area the French take.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, AreaColour, UnitType
from sdbp_module.ids import AreaId, Phase, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.apply import apply
from sdbp_module.replay.events import (
    Assault,
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
    Where,
)
from sdbp_module.replay.location import Location, LocationKind
from sdbp_module.replay.scenario import printed_start
from sdbp_module.replay.state import GameState

GOAL_SECONDS = 0.1
FR, VM = FRENCH, VIET_MINH


def start_with_decks(game: GameData) -> GameStart:
    """The printed set-up with each side's full deck."""
    decks = tuple(PileContents(s, Pile.DECK, tuple(c.id for c in game.cards_of(s))) for s in game.game.sides)
    return replace(printed_start(game), piles=decks)


class _Writer:
    """Appends events and keeps the state up to date (so choices see the board as it is)."""

    def __init__(self, game: GameData, initial: GameState) -> None:
        self.game = game
        self.state = initial
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        event = replace(event, where=Where("synthetic.jsonl", len(self.events), len(self.events) + 1))
        self.events.append(event)
        self.state = apply(self.state, event)


def _step_cost_one(game: GameData, s: GameState, side: Side, a: AreaId, b: AreaId) -> bool:
    border = game.border(a, b)
    if border is None or (border.river and not border.bridge):
        return False
    for area in (a, b):
        if s.controller(area) is not side or s.count(area, side.enemy):
            return False
    return True


def _can_enter(game: GameData, s: GameState, side: Side, unit: UnitId, dest: AreaId) -> bool:
    u = game.unit(unit)
    if side is FR and game.area(dest).colour == AreaColour.RED:
        return False
    return u.movement >= 1 and s.count(dest, side) < game.game.stacking_limit


def _act(w: _Writer, side: Side, rng: random.Random) -> bool:
    """One unit action of ``side`` (a one-step move, a fire, an assault or an entrenchment), or False
    when it has no fresh unit."""
    game, s = w.game, w.state
    fresh = sorted(u for u, st in s.units.items() if st.side is side and not st.spent and st.location.is_on_map)
    if not fresh:
        return False
    unit = fresh[rng.randrange(len(fresh))]
    origin = s.area_of(unit)
    assert origin is not None
    if side is VM and rng.random() < 0.25 and (_assault(w, origin, rng) or _entrench(w, origin)):
        return True
    targets = sorted(n for n in game.neighbours(origin) if s.count(n, side.enemy))
    moves = sorted(
        n for n in game.neighbours(origin) if _step_cost_one(game, s, side, origin, n) and _can_enter(game, s, side, unit, n)
    )
    if targets and game.unit(unit).firepower > 0 and (not moves or rng.random() < 0.3):
        if _fire(w, side, (unit,), origin, targets[0], rng):
            return True
    if moves:
        dest = moves[rng.randrange(len(moves))]
        w.add(Move(side=side, units=(unit,), from_area=origin, to_area=dest, path=(origin, dest)))
    else:
        return _act_other(w, side, unit, rng)
    w.add(Flip(units=(unit,), spent=True))
    return True


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


def _act_other(w: _Writer, side: Side, unit: UnitId, rng: random.Random) -> bool:
    """A unit with no move and no target: pick another fresh unit that has one, else pass."""
    s, game = w.state, w.game
    for other in sorted(u for u, st in s.units.items() if st.side is side and not st.spent and st.location.is_on_map):
        origin = s.area_of(other)
        assert origin is not None
        for n in sorted(game.neighbours(origin)):
            if _step_cost_one(game, s, side, origin, n) and _can_enter(game, s, side, other, n):
                w.add(Move(side=side, units=(other,), from_area=origin, to_area=n, path=(origin, n)))
                w.add(Flip(units=(other,), spent=True))
                return True
    return False


def _hand_target(w: _Writer, side: Side, turn: int) -> int:
    """The track's number plus a card per bonus set the side holds whole (5.1)."""
    sets = ({6, 9, 14}, {16, 20, 21})
    bonus = sum(1 for areas in sets if all(w.state.controller(AreaId(a)) is side for a in areas))
    return w.game.turn(turn).cards[side] + bonus


def _draw(w: _Writer, side: Side, turn: int) -> None:
    p = w.state.piles_of(side)
    target = _hand_target(w, side, turn)
    if len(p.hand) > target:  # discard the excess (5.1)
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
    last_pass: Side | None = None
    for _ in range(max_actions):
        if _act(w, side, rng):
            last_pass = None
            side = side.enemy
            continue
        w.add(Pass(side=side))
        if last_pass is side.enemy:
            return  # two passes in a row
        if side is VM:
            hand = w.state.hand(FR)
            fr_can_act = any(
                st.side is FR and not st.spent and st.location.is_on_map for st in w.state.units.values()
            )
            if hand and fr_can_act:
                w.add(CardDiscard(side=FR, cards=(hand[0],), reason=DiscardReason.CONTINUE))
                last_pass = None
                side = FR
                continue
            return  # a VM pass not answered by a discard ends the phase
        last_pass = side
        side = side.enemy
    w.add(Pass(side=side))
    w.add(Pass(side=side.enemy))


def _room(w: _Writer, side: Side) -> list[AreaId]:
    game, s = w.game, w.state
    return [
        a.id
        for a in game.areas
        if s.controller(a.id) is side
        and s.count(a.id, side.enemy) == 0
        and s.count(a.id, side) < game.game.stacking_limit
        and not (side is FR and a.colour == AreaColour.RED)
    ]


def _place(w: _Writer, side: Side, units: list[UnitId], kind: PlaceKind) -> None:
    for unit in units:
        room = _room(w, side)
        to = Location.in_area(room[0]) if room else Location(LocationKind.ELIMINATED)
        w.add(Place(side=side, units=(unit,), to=to, place_kind=kind))


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


def _end_phase(w: _Writer, turn: int, rng: random.Random) -> None:
    for area, side in sorted(w.state.fire_markers):
        w.add(FireMarkerSet(area=area, side=side, present=False))
    supply = (rng.randint(1, 6), rng.randint(1, 6))
    w.add(DiceRoll(side=FR, purpose="supply", values=supply, total=sum(supply)))
    unsupplied = _unsupplied(w, sum(supply))
    for area in unsupplied:
        w.add(NoSupplySet(side=VM, area=area))
    for unit in sorted(u for u, st in w.state.units.items() if st.spent and st.location.is_on_map):
        if not (st := w.state.units[unit]).side is FR or st.location.area not in unsupplied:
            w.add(Flip(units=(unit,), spent=False))
    for area in unsupplied:
        w.add(NoSupplySet(side=VM, area=area, present=False))
    if turn > 1 and not w.state.no_replacements:
        d = rng.randint(1, 6)
        w.add(DiceRoll(side=VM, purpose="replacements", values=(d,), total=d))
        box = list(w.state.units_at(LocationKind.REPLACEMENTS, VM))[: math.ceil(d / 2)]
        _place(w, VM, box, PlaceKind.REPLACEMENT)
    for side in (VM, FR):
        due = [u for u, st in sorted(w.state.units.items()) if st.side is side and st.location == Location.on_turn(turn)]
        _place(w, side, due, PlaceKind.REINFORCEMENT)


def synthetic_game(game: GameData, *, turns: int | None = None, seed: int = 1954, max_actions: int = 400) -> list[Event]:
    """A legal game of ``turns`` turns (default: all) as events, from the printed set-up."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    rng = random.Random(seed)
    w = _Writer(game, GameState.empty(SODBP.make_sequence(game)))
    w.add(start_with_decks(game))
    last = turns or game.game.turns
    for turn in range(game.scenario.first_turn, last + 1):
        w.add(PhaseStart(turn=turn, phase=Phase.DRAW))
        for side in (VM, FR):
            _draw(w, side, turn)
        w.add(PhaseStart(turn=turn, phase=Phase.ACTION))
        _action_phase(w, rng, max_actions)
        w.add(PhaseStart(turn=turn, phase=Phase.END))
        _end_phase(w, turn, rng)
    if last == game.game.turns:
        held = sum(1 for a in game.areas if a.victory and w.state.controller(a.id) is VM)
        w.add(GameEnd(winner=VM if held >= 6 else FR))
    return w.events


def main(argv: list[str] | None = None) -> int:
    from sdbp_module.games.sodbp.rules.package import SODBP
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir
    from sdbp_module.replay.jsonl import write_events
    from sdbp_module.rules.checker import Report, check_events

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=None)
    parser.add_argument("--write", type=Path, default=None, help="also write the events as JSONL")
    parser.add_argument("--repeat", type=int, default=15, help="runs per measurement (the best is kept)")
    args = parser.parse_args(argv)
    game = load_game(default_data_dir())
    events = synthetic_game(game, turns=args.turns)
    if args.write:
        write_events(args.write, events)
    from sdbp_module.games.sodbp.rules import activation, sequence, setup

    core = (*setup.RULES, *sequence.RULES, *activation.RULES)
    n = len(events)
    print(f"events: {n} (synthetic {args.turns or game.game.turns}-turn game, seed 1954)")
    best: dict[str, float] = {}
    reports: dict[str, Report] = {}
    runs = (("replay only", ()), ("core rules (3.1, 3.2, 3.4)", core), ("full check", None))
    for _ in range(args.repeat):  # interleaved, so that every measurement sees the same conditions
        for label, rules in runs:
            t0 = time.perf_counter()
            reports[label] = check_events(events, game, SODBP, rules=rules, source="synthetic.jsonl")
            best[label] = min(best.get(label, math.inf), time.perf_counter() - t0)
    for label, _rules in runs:
        report, seconds = reports[label], best[label]
        s = report.summary
        print(
            f"{label}: {len(report.rules_checked)} rules, best of {args.repeat}: {seconds:.3f} s = {n / seconds:,.0f} events/s; "
            f"findings {s.illegal} illegal, {s.suspicious} suspicious, {s.cannot_check} cannot-check, {s.info} info"
        )
    full = best["full check"]
    print(
        f"goal: the whole game checked in {GOAL_SECONDS} s; full check {full:.3f} s "
        f"(replay {best['replay only']:.3f} s + rules {full - best['replay only']:.3f} s), "
        f"ratio to the goal {full / GOAL_SECONDS:.2f} ({'met' if full <= GOAL_SECONDS else 'not met'}); "
        f"ratio to the bare replay {full / best['replay only']:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
