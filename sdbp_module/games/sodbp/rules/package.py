"""The SoDBP rules package: catalogue, implemented rules, switches and sequence of play.

Rule modules each expose ``RULES: tuple[Rule, ...]``. They are listed here in the catalogue's
recommended order of checks within one action (§5): sequence, activation, geometry, then
post-conditions. A catalogue rule that no module implements is reported by ``sdbp rules`` as
not checked, never silently passed off as checked.
"""

from __future__ import annotations

import importlib

from sdbp_module.games.sodbp.rules.catalogue import SODBP_CATALOGUE
from sdbp_module.games.sodbp.rules.play_sequence import make_sequence
from sdbp_module.games.sodbp.rules.switches import SODBP_SWITCHES
from sdbp_module.games.sodbp.rules.victory import outcome as victory_outcome
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


_RULES = _load_rules()

SODBP = RulesPackage(
    game_id="sodbp",
    catalogue=SODBP_CATALOGUE,
    rules=_RULES,
    switches=SODBP_SWITCHES,
    make_sequence=make_sequence,
    outcome=victory_outcome,
)
