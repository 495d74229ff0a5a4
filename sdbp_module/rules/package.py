"""The SoDBP rules package: catalogue, implemented rules, switches and sequence of play.

Rule modules each expose ``RULES: tuple[Rule, ...]``. They are listed here in the catalogue's
recommended order of checks within one action (§5): sequence, activation, geometry, then
post-conditions. A catalogue rule that no module implements is reported by ``sdbp rules`` as
not checked, never silently passed off as checked.
"""

from __future__ import annotations

import importlib

from sdbp_module.rules.base import Rule, RulesPackage
from sdbp_module.rules.catalogue import SODBP_CATALOGUE
from sdbp_module.rules.play_sequence import make_sequence
from sdbp_module.rules.switches import SODBP_SWITCHES
from sdbp_module.rules.victory import outcome as victory_outcome

RULE_MODULES = (
    "sdbp_module.rules.setup",
    "sdbp_module.rules.sequence",
    "sdbp_module.rules.activation",
    "sdbp_module.rules.movement",
    "sdbp_module.rules.fire",
    "sdbp_module.rules.damage",
    "sdbp_module.rules.stacking",
    "sdbp_module.rules.control",
    "sdbp_module.rules.trenches",
    "sdbp_module.rules.assault",
    "sdbp_module.rules.hand",
    "sdbp_module.rules.card_play",
    "sdbp_module.rules.card_modifiers",
    "sdbp_module.rules.card_fire",
    "sdbp_module.rules.card_effects",
    "sdbp_module.rules.supply",
    "sdbp_module.rules.placement",
    "sdbp_module.rules.victory",
)


def _load_rules() -> tuple[Rule, ...]:
    rules: list[Rule] = []
    for name in RULE_MODULES:
        rules.extend(importlib.import_module(name).RULES)
    return tuple(rules)


_RULES = _load_rules()

SODBP = RulesPackage(
    game_id="sodbp",
    catalogue=SODBP_CATALOGUE,
    rules=_RULES,
    switches=SODBP_SWITCHES,
    make_sequence=make_sequence,
    outcome=victory_outcome,
)
