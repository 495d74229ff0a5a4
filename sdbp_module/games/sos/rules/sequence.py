"""Storm over Stalingrad's sequence of play as data (rules 4.0): Draw → Impulses → End, German first.

The End phase (4.0, seed text): the players discard, the German first (5.3); every spent unit is
flipped fresh; every fire marker is removed; both players place the reinforcements of the turn, the
German first (10.2); on turn 3 the German withdraws his black counters (10.4, a game note whose place
in the order the text does not give); then the turn ends. The step ids are those of ``game.yaml``
``sequence.end_phase`` (``END_STEPS`` when it declares none). ``step_signatures`` places events the
log does not announce as a step in the step they belong to.
"""

from __future__ import annotations

from types import MappingProxyType

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import Phase
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.sequence import SequenceOfPlay

DISCARDS = "discards"
REFRESH = "refresh"
REMOVE_MARKERS = "remove-markers"
REINFORCEMENTS = "reinforcements"
WITHDRAWAL = "withdrawal"
TURN_END = "turn-end"

END_STEPS = (DISCARDS, REFRESH, REMOVE_MARKERS, REINFORCEMENTS, WITHDRAWAL, TURN_END)

ORDERED = (DISCARDS, REFRESH, REMOVE_MARKERS, REINFORCEMENTS, TURN_END)
"""The steps in the order 4.0 lists them; the withdrawal (10.4) may come anywhere before the turn ends."""

FIRST = DISCARDS
"""The step 4.0 puts before the others in so many words ("then all spent units are flipped"): a
discard after a later step breaks the order (SOS-CARD-04 reports it: End-phase discards only in
their step); the others follow one another as 4.0 lists them, with no "then" and no effect on one
another (flipping, removing the fire markers, placing reinforcements), so their order is a reading
of the text, not its letter."""

SIGNATURES = MappingProxyType(
    {
        "card-discard:end-phase": DISCARDS,
        "flip:fresh": REFRESH,
        "fire-marker:remove": REMOVE_MARKERS,
        f"place:{GERMAN.value}": REINFORCEMENTS,
        f"place:{SOVIET.value}": REINFORCEMENTS,
        "game-end": TURN_END,
    }
)


def end_steps(game: GameData) -> tuple[str, ...]:
    """The End-phase steps the game's data declares, or ``END_STEPS``."""
    return game.game.end_phase or END_STEPS


def make_sequence(game: GameData) -> SequenceOfPlay:
    """The sequence of play of ``game`` (Storm over Stalingrad's data)."""
    steps = end_steps(game)
    return SequenceOfPlay(
        turns=game.game.turns,
        phases=(Phase.DRAW, Phase.ACTION, Phase.END),
        first_side=game.game.first_side,
        end_steps=steps,
        step_signatures={k: v for k, v in SIGNATURES.items() if v in steps},
    )
