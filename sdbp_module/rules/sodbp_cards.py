"""SoDBP card names some rules of the sequence and activation need (exceptions named by the catalogue)."""

from __future__ import annotations

from sdbp_module.ids import CardId
from sdbp_module.model.game_data import GameData

COUNTER_ATTACK = "Counter Attack"  # French: units from several areas act together (6.1)
SURPRISE_ASSAULT = "Surprise Assault"  # VM: the card action contains an assault (10.0)
RELIEF_FORCE = "Relief Force from Isabelle"


def card_is(game: GameData, card: CardId | None, name: str) -> bool:
    """True when ``card`` is a copy of the card called ``name`` (unknown ids are not)."""
    return card is not None and game.has_card(card) and game.card(card).name == name
