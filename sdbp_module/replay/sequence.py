"""The sequence of play declared as data (4.0): phases in order, who acts first, End-phase steps.

A game's rules package builds one ``SequenceOfPlay``; ``replay.apply`` advances the ``Clock`` with
it, and the sequence rules compare the log against it. Nothing here knows a particular game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING

from sdbp_module.ids import Phase, Side
from sdbp_module.records import record

if TYPE_CHECKING:
    from sdbp_module.replay.combat import AttackCards


@record
class SequenceOfPlay:
    """Phases of a turn, the side that acts first in every action phase, End-phase steps in order.

    ``step_signatures`` maps an event signature (see ``replay.apply.signature``), e.g.
    ``dice:supply`` or ``place:<side id>``, to the End-phase step it belongs to, so that steps the
    log does not announce are still placed in order. ``attack_cards``: the cards that act on an
    attack and when they are played in it (``replay.combat``: the attack a card play belongs to).
    """

    turns: int
    phases: tuple[Phase, ...] = (Phase.DRAW, Phase.ACTION, Phase.END)
    first_side: Side | None = None
    end_steps: tuple[str, ...] = ()
    step_signatures: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    attack_cards: AttackCards = field(default_factory=lambda: _no_attack_cards())

    def step_index(self, step: str) -> int | None:
        try:
            return self.end_steps.index(step)
        except ValueError:
            return None

    def phase_index(self, phase: Phase) -> int:
        return self.phases.index(phase)


def _no_attack_cards() -> AttackCards:
    # imported late: ``replay.combat`` reads the sequence from the state
    from sdbp_module.replay.combat import NO_ATTACK_CARDS

    return NO_ATTACK_CARDS
