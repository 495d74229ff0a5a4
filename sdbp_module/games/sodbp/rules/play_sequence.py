"""The SoDBP sequence of play as data (rules 4.0): Draw → Action → End, VM first, End-phase steps.

The End-phase steps follow 4.0 C and the catalogue's SEQ-END-PHASE-ORDER list. ``step_signatures``
places events the log does not announce as a step (a supply roll, a refresh flip, a placement) in
the step they belong to.
"""

from __future__ import annotations

from types import MappingProxyType

from sdbp_module.ids import Phase
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.sequence import SequenceOfPlay

DISCARDS = "discards"
SUPPLY = "supply"
REFRESH = "refresh"
REMOVE_MARKERS = "remove-markers"
REPLACEMENT_ROLL = "replacement-roll"
PLACEMENT_VM = "placement-vm"
PLACEMENT_FRENCH = "placement-french"
REMOVE_NO_REPLACEMENTS = "remove-no-replacements"
TURN_END = "turn-end"

END_STEPS = (
    DISCARDS,
    SUPPLY,
    REFRESH,
    REMOVE_MARKERS,
    REPLACEMENT_ROLL,
    PLACEMENT_VM,
    PLACEMENT_FRENCH,
    REMOVE_NO_REPLACEMENTS,
    TURN_END,
)

HEAVY_FLAK = "Heavy Flak"

ORDER_MATTERS: frozenset[tuple[str, str]] = frozenset(
    {
        (SUPPLY, REFRESH),  # No Supply markers must be down before the refresh
        (SUPPLY, REMOVE_MARKERS),  # markers placed after the removal would stay
        (REFRESH, REMOVE_MARKERS),  # removed No Supply markers would let those units refresh
        (REPLACEMENT_ROLL, PLACEMENT_VM),  # replacements come from the roll
        (PLACEMENT_VM, PLACEMENT_FRENCH),  # 12.3: the VM places first
        (REPLACEMENT_ROLL, REMOVE_NO_REPLACEMENTS),  # the marker forbids this turn's roll
        *((step, TURN_END) for step in END_STEPS[:-1]),  # nothing after the turn (or game) is over
    }
)
"""Pairs (a, b) of End-phase steps whose inversion changes the result (catalogue SEQ-END-PHASE-ORDER);
other inversions are reported as info."""


def make_sequence(game: GameData) -> SequenceOfPlay:
    signatures = {
        "card-discard:end-phase": DISCARDS,
        "dice:supply": SUPPLY,
        "no-supply:place": SUPPLY,
        "flip:fresh": REFRESH,
        "no-supply:remove": REMOVE_MARKERS,
        "dice:replacements": REPLACEMENT_ROLL,
        "dice:replacement": REPLACEMENT_ROLL,
        "place:viet_minh": PLACEMENT_VM,
        "place:french": PLACEMENT_FRENCH,
        "no-replacements:remove": REMOVE_NO_REPLACEMENTS,
        "game-end": TURN_END,
    }
    for card in game.cards:
        if card.name == HEAVY_FLAK:
            signatures[f"card-play:{card.id}"] = SUPPLY
    return SequenceOfPlay(
        turns=game.game.turns,
        phases=(Phase.DRAW, Phase.ACTION, Phase.END),
        first_side=game.game.first_side,
        end_steps=END_STEPS,
        step_signatures=MappingProxyType(signatures),
    )
