"""The SoDBP sequence of play as data (rules 4.0): Draw → Action → End, VM first, End-phase steps,
and the cards played inside an attack.

The End-phase steps follow 4.0 C and the catalogue's SEQ-END-PHASE-ORDER list. ``step_signatures``
places events the log does not announce as a step (a supply roll, a refresh flip, a placement) in
the step they belong to. ``attack_cards`` says, for each card that acts on an attack (the card list
and its summary, "must be played before the attack dice" / "played after the dice"; catalogue §3.15),
whose attack it is about and when it is played in it: the replay ties each play to one attack with
it (``replay.combat``), and the card rules and the fire arithmetic all read that tie.
"""

from __future__ import annotations

from types import MappingProxyType

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    ART_75,
    ART_105,
    BIGEARD,
    COMMAND_COORDINATION,
    DEBOUCHEZ,
    FIGHTER_BOMBERS,
    FLAMETHROWERS,
    FLARES,
    GIAP,
    IMPROVED_DEFENSES,
    MINES,
    MORTAR_SUPPORT,
    NIGHT_ASSAULT,
    POOR_WEATHER,
)
from sdbp_module.ids import CardId, Phase
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.combat import AttackCards, AttackKind, CardStage, CardTiming
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


_BEFORE, _AFTER, _DURING = CardStage.BEFORE_ROLL, CardStage.AFTER_ROLL, CardStage.DURING
_UNITS, _CARD, _ASSAULT = AttackKind.UNITS, AttackKind.CARD, AttackKind.ASSAULT

ATTACK_CARD_TIMINGS: dict[tuple[str, str | None], CardTiming] = {
    # (card name, mode): whose attack, when, the kinds of attack its text names first
    (IMPROVED_DEFENSES, None): CardTiming(FRENCH, _BEFORE),  # "in a French action, before the dice are rolled"
    (NIGHT_ASSAULT, None): CardTiming(VIET_MINH, _BEFORE, frozenset({_ASSAULT})),  # "during an attack, before the dice" (AMB-13)
    (GIAP, None): CardTiming(VIET_MINH, _AFTER, frozenset({_ASSAULT})),  # "during an assault, after the attack dice"
    (MORTAR_SUPPORT, None): CardTiming(FRENCH, _BEFORE, frozenset({_UNITS, _ASSAULT})),  # "any attack by your units" (AMB-14)
    (FLAMETHROWERS, None): CardTiming(FRENCH, _DURING, frozenset({_UNITS})),  # "before an attack by French units is resolved"
    (BIGEARD, None): CardTiming(VIET_MINH, _AFTER),  # "after any attack or assault against you"
    (COMMAND_COORDINATION, None): CardTiming(None, _AFTER),  # "re-roll any one French die during an attack" (AMB-22)
    (DEBOUCHEZ, None): CardTiming(VIET_MINH, _BEFORE, frozenset({_ASSAULT})),  # "during a VM assault … before they assault"
    (MINES, None): CardTiming(VIET_MINH, _BEFORE, frozenset({_ASSAULT})),  # "during a VM assault"; the rest withdraws before it
    (FLARES, None): CardTiming(VIET_MINH, _DURING, frozenset({_ASSAULT})),  # "a Night Assault played during an assault"
    (POOR_WEATHER, None): CardTiming(FRENCH, _DURING, frozenset({_CARD})),  # negates a French bomber card's attack
    (ART_105, "counter-battery"): CardTiming(FRENCH, _DURING, frozenset({_CARD})),  # negates a French artillery card
    (ART_75, "counter-battery"): CardTiming(FRENCH, _DURING, frozenset({_CARD})),
}
"""The SoDBP cards played inside an attack (card list; rules digest "Card rules in summary"). A card
played as its own fire (*Fighter Bombers*, the artillery in fire mode, …) or as the action is not
here: the attack its play declares next takes it (``replay.combat``)."""
assert all(name != FIGHTER_BOMBERS for name, _mode in ATTACK_CARD_TIMINGS)


def attack_cards(game: GameData) -> AttackCards:
    """``ATTACK_CARD_TIMINGS`` by card id, for the copies the game's data holds."""
    timings: dict[tuple[CardId, str | None], CardTiming] = {}
    for card in game.cards:
        for (name, mode), timing in ATTACK_CARD_TIMINGS.items():
            if card.name == name:
                timings[(card.id, mode)] = timing
    return AttackCards(MappingProxyType(timings))


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
        step_signatures=signatures,
        attack_cards=attack_cards(game),
    )
