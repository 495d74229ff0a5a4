"""The clock: where the game is in its sequence of play, kept apart from the board (4.0, 6.0).

Turn, phase, End-phase step, the number of the current action within the turn, the side of that
action and what it has done so far, the units it activated, and the last few actions of the phase
(enough for the sequence rules: alternation, passes, discard-to-continue).
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import NamedTuple

from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId
from sdbp_module.records import record
from sdbp_module.replay.frozen import copy_with


class ActionKind(str, Enum):
    """What opened an action (6.0, 4.0 B)."""

    UNIT = "unit"  # move / fire / assault / entrench with units
    CARD = "card"  # a card played as the action
    ENTRENCH_DISCARD = "entrench-discard"  # entrenchment by discarding a card (9.0)
    PASS = "pass"
    CONTINUE = "continue"  # discard-to-continue after the opponent's pass (4.0 B)


class PartKind(str, Enum):
    """One thing done inside an action."""

    MOVE = "move"
    FIRE = "fire"
    ASSAULT = "assault"
    ENTRENCH = "entrench"
    CARD = "card"
    ENTRENCH_DISCARD = "entrench-discard"
    PASS = "pass"
    CONTINUE = "continue"


class ActionPart(NamedTuple):
    """One thing an action did. Named tuples, like ``ActionRecord``: the replay builds them for every
    action (see ``state.UnitState``)."""

    kind: PartKind
    area: AreaId | None = None  # where the acting units start
    target: AreaId | None = None  # destination or target area
    card: CardId | None = None


class ActionRecord(NamedTuple):
    number: int
    side: Side
    kind: ActionKind


RECENT = 4  # how many action records the clock keeps


@record(slots=False)
class Clock:
    """Frozen without ``__slots__`` so that ``evolve`` copies it in two dict updates (hot path)."""

    turn: int = 0  # 0 = before the first turn
    phase: Phase | None = None
    end_step: str | None = None  # the furthest End-phase step reached this End phase
    action: int = 0  # number of the current action within the turn (0 = none yet)
    action_side: Side | None = None
    parts: tuple[ActionPart, ...] = ()  # what the current action has done
    activated: frozenset[UnitId] = frozenset()  # units that took part in the current action
    recent: tuple[ActionRecord, ...] = ()  # the last few actions of this action phase, oldest first
    actions_in_phase: int = 0
    passes_in_row: int = 0
    side_to_act: Side | None = None

    def evolve(self, **changes: object) -> Clock:
        """``dataclasses.replace`` for the hot path of the replay (same result, no re-validation)."""
        return copy_with(self, _CLOCK_FIELD_SET, changes)

    @property
    def last(self) -> ActionRecord | None:
        return self.recent[-1] if self.recent else None

    def describe(self) -> str:
        bits = [f"turn {self.turn}"]
        if self.phase is not None:
            bits.append(f"{self.phase.value} phase")
        if self.end_step:
            bits.append(f"step {self.end_step}")
        if self.action:
            bits.append(f"action {self.action}")
        return ", ".join(bits)


_CLOCK_FIELD_SET = frozenset(f.name for f in fields(Clock))
CLOCK_FIELD_SET = _CLOCK_FIELD_SET
"""The names of the fields of ``Clock`` (what ``evolve`` may change; ``frozen.copy_with``'s ``known``)."""
