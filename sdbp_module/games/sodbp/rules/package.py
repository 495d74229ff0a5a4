"""The SoDBP rules package: catalogue, implemented rules, switches and sequence of play.

Rule modules each expose ``RULES: tuple[Rule, ...]``. They are listed here in the catalogue's
recommended order of checks within one action (§5): sequence, activation, geometry, then
post-conditions. A catalogue rule that no module implements is reported by ``sdbp rules`` as
not checked, never silently passed off as checked. The area-impulse rules SoDBP shares with its kin
(``rules.area_impulse``) are listed by those modules under the catalogue's ids, set by ``IMPULSE``.
"""

from __future__ import annotations

import importlib

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH, AreaColour, UnitType
from sdbp_module.games.sodbp.rules.catalogue import SODBP_CATALOGUE
from sdbp_module.games.sodbp.rules.fire import marker_reading
from sdbp_module.games.sodbp.rules.play_sequence import make_sequence
from sdbp_module.games.sodbp.rules.sodbp_cards import COUNTER_ATTACK, card_is
from sdbp_module.games.sodbp.rules.switches import SODBP_SWITCHES
from sdbp_module.games.sodbp.rules.victory import outcome as victory_outcome
from sdbp_module.ids import CardId
from sdbp_module.model.game_data import GameData
from sdbp_module.rules.area_impulse.config import AreaImpulse
from sdbp_module.rules.base import Rule, RulesPackage

RULE_MODULES = (
    "sdbp_module.games.sodbp.rules.setup",
    "sdbp_module.games.sodbp.rules.sequence",
    "sdbp_module.games.sodbp.rules.activation",
    "sdbp_module.games.sodbp.rules.movement",
    "sdbp_module.games.sodbp.rules.fire",
    "sdbp_module.games.sodbp.rules.damage",
    "sdbp_module.games.sodbp.rules.stacking",
    "sdbp_module.games.sodbp.rules.control",
    "sdbp_module.games.sodbp.rules.trenches",
    "sdbp_module.games.sodbp.rules.assault",
    "sdbp_module.games.sodbp.rules.hand",
    "sdbp_module.games.sodbp.rules.card_play",
    "sdbp_module.games.sodbp.rules.card_modifiers",
    "sdbp_module.games.sodbp.rules.card_fire",
    "sdbp_module.games.sodbp.rules.card_effects",
    "sdbp_module.games.sodbp.rules.supply",
    "sdbp_module.games.sodbp.rules.placement",
    "sdbp_module.games.sodbp.rules.victory",
)


def _load_rules() -> tuple[Rule, ...]:
    rules: list[Rule] = []
    for name in RULE_MODULES:
        rules.extend(importlib.import_module(name).RULES)
    return tuple(rules)


def _counter_attack(game: GameData, card: CardId) -> bool:
    return card_is(game, card, COUNTER_ATTACK)


IMPULSE = AreaImpulse(
    discard_to_continue=True,  # 4.0 B: after a VM pass the French may discard one card to continue
    late_discard_switch="fr_discard_after_fr_pass",
    late_discard_note="AMB-02, recommended reading",
    closed_classes=((FRENCH, AreaColour.RED),),  # 2.2.1, 7.0
    no_entry_enemy_occupied=frozenset({VIET_MINH}),  # 7.0, 10.0: the VM assaults such an area instead
    bridge_only_types=((FRENCH, UnitType.ARMOR),),  # 7.0, 8.4.2
    multi_area_card=_counter_attack,  # Counter Attack: one action of two areas' units
    hand_excess_switch="hand_target_includes_bonus",  # AMB-03
    first_draw_exempt=frozenset({FRENCH}),  # 5.1: the French turn-1 hand is CARD-TURN1-FRENCH-6's
    fire_marker_reading=marker_reading,  # assaults (AMB-05 switch) and Counter Attack place none
    fire_marker_extra_rec=True,  # AMB-05: a marker where none goes breaches the recommended reading
    attack_flip_judged=True,  # FIRE-FLIP-SPENT (FI-8), ASSAULT-ADVANCE: not ACT-FLIP-PARTICIPANTS too
    retreat_stacking_judged=True,  # 8.4.2: RETREAT-STACK-FIRST / RETREAT-OVERFLOW-CONTINUE (RT-1, RT-5)
    cites=(
        ("reshuffle", "5.4"),
        ("played-card", "5.2"),
        ("discard-phase", "5.3"),
        ("end-discard-step", "4.0 C"),
        ("fire-marker", "8.1"),
    ),
)
"""The settings of the shared area-impulse rules for SoDBP."""

_RULES = _load_rules()

SODBP = RulesPackage(
    game_id="sodbp",
    catalogue=SODBP_CATALOGUE,
    rules=_RULES,
    switches=SODBP_SWITCHES,
    make_sequence=make_sequence,
    outcome=victory_outcome,
    impulse=IMPULSE,
)
