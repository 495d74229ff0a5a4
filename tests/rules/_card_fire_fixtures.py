"""The combat test map (``_combat_fixtures``) with two Thai French units, FR-T1 and FR-T2 (FP 1, DEF 5/3,
MA 3), for the *Propaganda* tests of ``rules/card_fire.py``; the rest is ``_combat_fixtures``'s."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from sdbp_module.ids import UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import Event, Where
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import Rule
from sdbp_module.rules.checker import Report, check_events
from tests.rules._combat_fixtures import combat_game, switches

THAI = ("FR-T1", "FR-T2")


@lru_cache(maxsize=1)
def card_game() -> GameData:
    """``combat_game()`` plus the Thai units FR-T1 and FR-T2 (copies of FR-S1 with ``thai``)."""
    base = combat_game()
    model = base.unit(UnitId("FR-S1"))
    thai = tuple(replace(model, id=UnitId(t), formation=t, marks=frozenset({"thai"})) for t in THAI)
    return replace(base, units=base.units + thai)


def run_cards(start: GameState, *events: Event, rules: tuple[Rule, ...], options: tuple[str, ...] = ()) -> Report:
    """``_combat_fixtures.run`` on ``card_game()`` (positions test.jsonl:1, 2, …)."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(numbered, card_game(), SODBP, initial=start, rules=rules, switches=switches(*options))
