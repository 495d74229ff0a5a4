"""Stand at Mortain's rules package: the catalogue (``catalogue``), the rules of each topic, the
switches, where eliminated units go and the result (``victory.outcome``), for the core fold over hex
events (``rules.hexes.checker.check_hex_events``)."""

from __future__ import annotations

from sdbp_module.games.mortain.rules import (
    activation,
    cards,
    fire,
    setup,
    support,
    switches,
    victory,
)
from sdbp_module.games.mortain.rules.catalogue import MORTAIN_CATALOGUE, NOT_CHECKED
from sdbp_module.games.mortain.rules.facts import eliminated_box
from sdbp_module.rules.hexes.base import HexRule, HexRulesPackage

RULES: tuple[HexRule, ...] = (
    *setup.RULES,
    *cards.RULES,
    *activation.RULES,
    *support.RULES,
    *fire.RULES,
    *victory.RULES,
)

MORTAIN = HexRulesPackage(
    game_id="mortain",
    catalogue=MORTAIN_CATALOGUE,
    rules=RULES,
    switches=switches.SWITCHES,
    eliminated_box=eliminated_box,
    outcome=victory.outcome,
    not_checked=NOT_CHECKED,
)
