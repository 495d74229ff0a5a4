"""A compact text notation for replay states (our FEN), for tests and readable failures.

Lines (``#`` starts a comment, blank lines are ignored)::

    turn 1 action north               clock: turn, phase, side to act (optional)
    10: NO-A NO-B* | ctrl north       area 10: units (``*`` = spent), then ``|``-separated facts:
    17: | ctrl south_east | trench 2  ``ctrl SIDE``, ``trench N``, ``fire SIDE``, ``no-supply``
    turn:3: NO-R1                     units on the turn track box of turn 3
    replacements: SE-R1 SE-R2         also ``eliminated:``, ``removed:``, ``off-map:``
    hand north: NO-01 NO-02           also ``deck``, ``discard``, ``removed-cards``
    no-replacements                   the No Replacements marker is on the track

A unit's side comes from ``side_of`` (default ``side_by_prefix``: the id's prefix before the first
``-`` is a declared side's abbreviation: the initials of a side id of several words, ``south_east`` →
``SE``, else its first two letters, ``north`` → ``NO``; sides in the ids a game's data declares).
``state_to_text(state_from_text(t))`` gives ``t`` back in canonical order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from types import MappingProxyType

from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId, is_small_number
from sdbp_module.replay.clock import Clock
from sdbp_module.replay.events import Pile
from sdbp_module.replay.location import (
    Location,
    LocationKind,
    format_location,
    parse_location,
)
from sdbp_module.replay.sequence import SequenceOfPlay
from sdbp_module.replay.state import GameState, Piles, UnitState

SideOf = Callable[[UnitId], Side]

_PILE_WORDS = {"deck": Pile.DECK, "hand": Pile.HAND, "discard": Pile.DISCARD, "removed-cards": Pile.REMOVED}
_OFF_MAP_ORDER = (LocationKind.REPLACEMENTS, LocationKind.ELIMINATED, LocationKind.REMOVED, LocationKind.OFF_MAP)


def abbreviation(side: Side) -> str:
    """The unit-id prefix of ``side`` in the notation: the initials of an id of several words, else its
    first two letters, upper case."""
    words = side.value.split("_")
    return ("".join(w[:1] for w in words) if len(words) > 1 else side.value[:2]).upper()


def side_by_prefix(unit: UnitId) -> Side:
    """Default ``side_of``: the declared side whose ``abbreviation`` is the id's prefix before ``-``."""
    prefix = unit.partition("-")[0]
    for side in Side.declared():
        if abbreviation(side) == prefix:
            return side
    known = ", ".join(f"{abbreviation(s)}-" for s in Side.declared())
    raise ValueError(f"cannot tell the side of unit {unit!r} (expected a prefix of a declared side: {known})")


def state_from_text(
    text: str, *, side_of: SideOf = side_by_prefix, sequence: SequenceOfPlay | None = None
) -> GameState:
    """Parse the notation into a started ``GameState``. Raises ``ValueError`` naming the line."""
    state = replace(GameState.empty(sequence), started=True)
    units: list[tuple[UnitId, UnitState]] = []
    control: dict[AreaId, Side] = {}
    trenches: dict[AreaId, int] = {}
    fire: set[tuple[AreaId, Side]] = set()
    no_supply: set[AreaId] = set()
    piles: dict[Side, Piles] = {}
    clock = Clock()
    no_repl = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            if line == "no-replacements":
                no_repl = True
                continue
            if line.startswith("turn ") and ":" not in line:
                clock = _parse_clock(line)
                continue
            head, _, rest = line.partition(":")
            if line.startswith("turn:"):
                # "turn:3: NO-R1"
                second, _, rest = rest.partition(":")
                head = f"turn:{second.strip()}"
            words = head.split()
            if len(words) == 2 and words[0] in _PILE_WORDS:
                side = Side(words[1])
                cards = tuple(CardId(c) for c in rest.split())
                piles[side] = piles.get(side, Piles()).with_pile(_PILE_WORDS[words[0]], cards)
                continue
            location = parse_location(head)
            unit_part, *facts = rest.split("|")
            for token in unit_part.split():
                spent = token.endswith("*")
                uid = UnitId(token.rstrip("*"))
                units.append((uid, UnitState(side_of(uid), location, spent)))
            for fact in facts:
                words = fact.split()
                if not words:
                    continue
                if location.area is None:
                    raise ValueError(f"{fact.strip()!r} applies to areas only")
                area = location.area
                if words[0] == "ctrl" and len(words) == 2:
                    control[area] = Side(words[1])
                elif words[0] == "trench" and len(words) == 2:
                    trenches[area] = int(words[1])
                elif words[0] == "fire" and len(words) == 2:
                    fire.add((area, Side(words[1])))
                elif words == ["no-supply"]:
                    no_supply.add(area)
                else:
                    raise ValueError(f"unknown area fact {fact.strip()!r}")
        except ValueError as exc:
            raise ValueError(f"line {number}: {raw.strip()!r}: {exc}") from None
    state = state.with_units(units)
    return replace(
        state,
        control=MappingProxyType(control),
        trenches=MappingProxyType({a: n for a, n in trenches.items() if n > 0}),
        fire_markers=frozenset(fire),
        no_supply=frozenset(no_supply),
        piles=MappingProxyType(piles),
        piles_known=bool(piles),
        no_replacements=no_repl,
        turn_marker=clock.turn or None,
        clock=clock,
    )


def _parse_clock(line: str) -> Clock:
    words = line.split()
    if len(words) < 2 or not is_small_number(words[1]):
        raise ValueError("expected 'turn N [draw|action|end] [SIDE]'")
    turn = int(words[1])
    phase = Phase(words[2]) if len(words) > 2 else None
    side = Side(words[3]) if len(words) > 3 else None
    return Clock(turn=turn, phase=phase, side_to_act=side)


def state_to_text(state: GameState) -> str:
    """The canonical notation of ``state`` (clock, areas by number, off-map places, piles, flags)."""
    lines: list[str] = []
    c = state.clock
    if c.turn:
        words = ["turn", str(c.turn)]
        if c.phase is not None:
            words.append(c.phase.value)
            if c.side_to_act is not None:
                words.append(c.side_to_act.value)
        lines.append(" ".join(words))
    areas = sorted(
        set(state.occupants)
        | set(state.control)
        | set(state.trenches)
        | {a for a, _ in state.fire_markers}
        | set(state.no_supply)
    )
    for area in areas:
        units = " ".join(_unit_token(state, u) for u in state.units_in(area))
        facts = []
        if area in state.control:
            facts.append(f"ctrl {state.control[area].value}")
        if state.trench(area):
            facts.append(f"trench {state.trench(area)}")
        for side in Side.declared():
            if (area, side) in state.fire_markers:
                facts.append(f"fire {side.value}")
        if area in state.no_supply:
            facts.append("no-supply")
        lines.append(" | ".join([f"{area}: {units}".rstrip()] + facts))
    turns = sorted({s.location.turn for s in state.units.values() if s.location.kind is LocationKind.TURN and s.location.turn is not None})
    for turn in turns:
        loc = Location.on_turn(turn)
        ids = sorted(u for u, s in state.units.items() if s.location == loc)
        lines.append(f"{format_location(loc)}: " + " ".join(_unit_token(state, u) for u in ids))
    for kind in _OFF_MAP_ORDER:
        ids = list(state.units_at(kind))
        if ids:
            lines.append(f"{kind.value}: " + " ".join(_unit_token(state, u) for u in ids))
    for side in Side.declared():
        if side not in state.piles:
            continue
        p = state.piles[side]
        for word, pile in _PILE_WORDS.items():
            cards = p.get(pile)
            if cards:
                lines.append(f"{word} {side.value}: " + " ".join(cards))
    if state.no_replacements:
        lines.append("no-replacements")
    return "\n".join(lines) + "\n"


def _unit_token(state: GameState, unit: UnitId) -> str:
    return unit + ("*" if state.units[unit].spent else "")
