"""Storm Over Dien Bien Phu's player aid: one page per tab, in play order (``player_aid``).

The pages are built in ``play`` (sequence of play, movement, fire and damage, assault) and ``tables``
(supply and reinforcements, cards and hands, control, victory and the areas) from the rules digest
(the first tab, the counter guide, is ``vassal.counter_guide``'s, in the words of ``counters``)
(``shared/rules/sodbp-rules.md``, sections as cited) and the checker; every number is a Fact from
``numbers``, so the aid shows what ``sdbp check`` enforces.
"""

from __future__ import annotations

from sdbp_module.games.aid import Name, PlayerAid
from sdbp_module.games.sodbp.play import (
    assault_page,
    fire_page,
    movement_page,
    sequence_page,
)
from sdbp_module.games.sodbp.tables import cards_page, map_page, supply_page
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal.counter_guide import guide_page


def player_aid(game: GameData) -> PlayerAid:
    """The SoDBP player aid for ``game`` (its data; the numbers as ``numbers`` reads them)."""
    return PlayerAid(
        button="Player aid",
        tooltip="Player aid: the counters, sequence of play, movement, fire, assault, supply, cards, victory and the areas",
        title=(Name(game.game.title, "game.yaml title"), ": player aid"),  # the data's title may hold a digit
        pages=(
            guide_page(game),
            sequence_page(game),
            movement_page(game),
            fire_page(game),
            assault_page(game),
            supply_page(game),
            cards_page(game),
            map_page(game),
        ),
    )
