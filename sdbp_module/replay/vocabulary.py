"""The closed vocabularies of a game record, from the game's data: words the format knows, and nothing else.

An events line may only name what the game has: its sides, units, areas (and turn-track boxes),
cards, the modes of each two-effect card (``cards.yaml`` ``modes``), the dice purposes of its dice
buttons (``module.yaml`` ``dice``; the events write ``replacements`` as ``replacement``), the
End-phase steps of its sequence of play (``game.yaml`` ``sequence.end_phase``), and the trench levels
of its trench marker (``markers.yaml``: its states, and 0 for none). A value outside them is not a
move the checker could judge but a word the format does not know: ``replay.jsonl`` refuses the line
(``FILE:LINE: field: what is wrong``, exit 2) before any rule runs, and the events schema of the
game (``jsonl.events_schema``) lists the same vocabularies as enums. The enums of the event classes themselves (phases, damage results,
piles, move kinds, discard reasons, placement kinds) are closed by the schema for every game.

Game-neutral: every word comes from the ``GameData`` it is built from.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from sdbp_module.ids import AreaId, CardId, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.compiled_tests import CompiledTests
from sdbp_module.replay.events import (
    AreaLevel,
    CardPlay,
    DiceRoll,
    EndStep,
    Entrench,
    Event,
    TrenchSet,
)
from sdbp_module.replay.location import Location, LocationKind

TRENCH_MARKER = "trench"
"""The marker kind whose states are the trench levels of ``TrenchSet`` / ``Entrench`` (9.0)."""
PURPOSE_SPELLINGS: Mapping[str, str] = MappingProxyType({"replacements": "replacement"})
"""A dice purpose as the module's report line writes it → as the events write it (the log
interpretation renames it; both are accepted in an events file)."""


def event_purpose(logged: str) -> str:
    """The events' word for the dice purpose a report line gives."""
    return PURPOSE_SPELLINGS.get(logged, logged)


@record(slots=False, eq=False)
class Vocabulary:
    """The words a game's events may use. ``None`` for a vocabulary the game does not close (no
    End-phase steps declared: any step; no trench marker: any level)."""

    sides: tuple[Side, ...]
    units: frozenset[UnitId]
    areas: frozenset[AreaId]
    turns: int
    cards: frozenset[CardId]
    modes: Mapping[CardId, tuple[str, ...]]  # the cards with modes; every other card takes none
    purposes: tuple[str, ...]
    end_steps: tuple[str, ...] | None
    trench_levels: tuple[int, ...] | None

    @staticmethod
    def of(game: GameData) -> Vocabulary:
        purposes: list[str] = []
        for button in game.presentation.dice:
            for word in (button.purpose, event_purpose(button.purpose)):
                if word not in purposes:
                    purposes.append(word)
        trench = next((m for m in game.markers if m.id == TRENCH_MARKER), None)
        levels = None
        if trench is not None and all(s.isdigit() for s in trench.states):
            levels = tuple(sorted({0, *(int(s) for s in trench.states)}))
        return Vocabulary(
            sides=game.game.sides,
            units=frozenset(u.id for u in game.units),
            areas=frozenset(a.id for a in game.areas),
            turns=game.game.turns,
            cards=frozenset(c.id for c in game.cards),
            modes=MappingProxyType({c.id: c.modes for c in game.cards if c.modes}),
            purposes=tuple(purposes),
            end_steps=game.game.end_phase or None,
            trench_levels=levels,
        )

    def refusal(self, event: Event) -> str | None:
        """``path: what is wrong`` for the first value of ``event`` outside a vocabulary; None if all are known."""
        cls = type(event)
        all_known = _ALL_KNOWN.compiled.get(cls)
        if all_known is not None and all_known(self, event):
            return None
        found = next(_walk(self, event, ""), None) or self._special(event)
        if found is None and all_known is None:
            _ALL_KNOWN.walked(cls)
        return None if found is None else f"{found[0]}: {found[1]}"

    def _special(self, event: Event) -> tuple[str, str] | None:
        """The problem of a field of a plain type that holds a word of the game (a card's mode, a dice
        purpose, an End-phase step, a trench level), if any."""
        if isinstance(event, CardPlay) and event.mode is not None:
            modes = self.modes.get(event.card, ())
            if event.mode not in modes:
                return "mode", (
                    f"{event.mode!r} is not one of the modes of card {event.card} ({_listed(modes)})"
                    if modes
                    else f"{event.mode!r}: card {event.card} has one effect, so a play of it names no mode"
                )
        elif isinstance(event, DiceRoll) and event.purpose not in self.purposes:
            return "purpose", f"{event.purpose!r} is not one of the game's dice purposes ({_listed(self.purposes)})"
        elif isinstance(event, EndStep) and self.end_steps is not None and event.step not in self.end_steps:
            return "step", f"{event.step!r} is not one of the game's End-phase steps ({_listed(self.end_steps)})"
        elif isinstance(event, (TrenchSet, Entrench)) and event.level is not None:
            problem = self.level(event.level)
            if problem is not None:
                return "level", problem
        return None

    # -- one value of a field type ----------------------------------------------------------------

    def side(self, value: Side) -> str | None:
        if value in self.sides:
            return None
        return f"{value.value!r} is not a side of this game ({_listed(s.value for s in self.sides)})"

    def unit(self, value: UnitId) -> str | None:
        return None if value in self.units else f"{value!r} is not a unit of the game's data"

    def area(self, value: AreaId) -> str | None:
        return None if value in self.areas else f"{value} is not an area of the game's map"

    def card(self, value: CardId) -> str | None:
        return None if value in self.cards else f"{value!r} is not a card of the game's data"

    def level(self, value: int) -> str | None:
        if self.trench_levels is None or value in self.trench_levels:
            return None
        return f"{value} is not a trench level of the game ({_listed(self.trench_levels)})"

    def location(self, value: Location) -> str | None:
        if value.kind is LocationKind.AREA and value.area is not None:
            return self.area(value.area)
        if value.kind is LocationKind.TURN and value.turn is not None and not 1 <= value.turn <= self.turns:
            return f"turn:{value.turn} is not a box of the turn track (turns 1–{self.turns})"
        return None


def _listed(words: typing.Iterable[object]) -> str:
    return ", ".join(repr(w) if isinstance(w, str) else str(w) for w in words)


# -- walking an event's fields by their types -------------------------------------------------------------

_Check = Callable[[Vocabulary, Any], "str | None"]
_CHECKS: Mapping[object, _Check] = {
    Side: Vocabulary.side,
    UnitId: Vocabulary.unit,
    AreaId: Vocabulary.area,
    CardId: Vocabulary.card,
    Location: Vocabulary.location,
}


def _walk(vocabulary: Vocabulary, obj: Any, prefix: str) -> Iterator[tuple[str, str]]:
    cls: type = type(obj)
    for name, check, shape, _ in _plan(cls):
        value = getattr(obj, name)
        if value is None:
            continue
        path = f"{prefix}{name}"
        if shape == "one":
            problem = check(vocabulary, value) if check is not None else None
            if problem is not None:
                yield path, problem
            elif check is None:
                yield from _walk(vocabulary, value, f"{path}.")
        else:
            for i, item in enumerate(value):
                if check is None:
                    yield from _walk(vocabulary, item, f"{path}.{i}.")
                else:
                    problem = check(vocabulary, item)
                    if problem is not None:
                        yield f"{path}.{i}", problem
    if isinstance(obj, AreaLevel):  # a trench level of the game start
        problem = vocabulary.level(obj.level)
        if problem is not None:
            yield f"{prefix}level", problem


@cache
def _plan(cls: type) -> tuple[tuple[str, _Check | None, str, Any], ...]:
    """The fields of ``cls`` that hold vocabulary words, or objects that do: (name, check or None for
    an object to walk, "one" / "many", the type of a value)."""
    hints = typing.get_type_hints(cls)
    plan: list[tuple[str, _Check | None, str, Any]] = []
    for f in dataclasses.fields(cls):
        if f.name == "where":
            continue
        tp, shape = hints[f.name], "one"
        if typing.get_origin(tp) in (types.UnionType, typing.Union):
            tp = next(a for a in typing.get_args(tp) if a is not type(None))
        if typing.get_origin(tp) is tuple:
            tp, shape = typing.get_args(tp)[0], "many"
        check = _CHECKS.get(tp)
        if check is not None:
            plan.append((f.name, check, shape, tp))
        elif isinstance(tp, type) and dataclasses.is_dataclass(tp) and _plan(tp):
            plan.append((f.name, None, shape, tp))
    return tuple(plan)


# -- the same walk, compiled: does it find nothing? -----------------------------------------------------
#
# ``refusal`` first asks ``_all_known``'s test of the event's class (``replay.compiled_tests``), written from
# ``_plan`` and true only when the walk finds nothing (each field: ``None``, or its words in the game's sets, a
# list of ids at once by ``frozenset.issuperset``; and ``_special`` finds nothing). When it is false, the walk
# runs and words the problem as before.

_TESTS: Mapping[object, tuple[str, str | None]] = {
    UnitId: ("{} in v.units", "v.units.issuperset({})"),
    AreaId: ("{} in v.areas", "v.areas.issuperset({})"),
    CardId: ("{} in v.cards", "v.cards.issuperset({})"),
    Side: ("{} in v.sides", None),
    Location: ("v.location({}) is None", None),
}
"""What ``_CHECKS`` accepts, as Python text: one value; all values of a list at once (None: each in turn)."""
_SPECIAL = (CardPlay, DiceRoll, EndStep, TrenchSet, Entrench)
"""The events whose words ``Vocabulary._special`` checks, in fields of a plain type."""


def _all_known(cls: type) -> Callable[[Vocabulary, Any], bool]:
    """The compiled test that ``_walk`` finds nothing in an object of class ``cls``."""
    lines = ["def all_known(v, obj):"]
    names: dict[str, Any] = {}
    for name, check, shape, tp in _plan(cls):
        if check is None:  # an object (or objects) to walk: its own test
            nested = f"all_known_{len(names)}"
            names[nested] = _all_known(tp)
            one, many = f"{nested}(v, {{}})", None
        else:
            one, many = _TESTS[tp]
        lines.append(f"    x = obj.{name}")
        if shape == "one":
            lines.append(f"    if x is not None and not ({one.format('x')}):")
        elif many is not None:
            lines.append(f"    if x is not None and not ({many.format('x')}):")
        else:
            lines += ["    for i in x if x is not None else ():", f"        if not ({one.format('i')}):", "            return False"]
            continue
        lines.append("        return False")
    if issubclass(cls, AreaLevel):
        lines += ["    if v.level(obj.level) is not None:", "        return False"]
    if issubclass(cls, _SPECIAL):
        lines += ["    if v._special(obj) is not None:", "        return False"]
    lines.append("    return True")
    exec("\n".join(lines), names)  # noqa: S102 - our own code, from the class hints
    test: Callable[[Vocabulary, Any], bool] = names["all_known"]
    return test


_ALL_KNOWN = CompiledTests(_all_known)

