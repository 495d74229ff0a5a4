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

# Cards that take part in fire and assault (8.0–10.0 and the card list)
KATYUSHA = "Katyusha Rockets"
ART_105 = "105mm Artillery"
ART_75 = "75mm Artillery"
ARTILLERY = "Artillery"
TOT_ARTILLERY = "TOT Artillery"
B26 = "B-26 Bombers"
FIGHTER_BOMBERS = "Fighter Bombers"
DEBOUCHEZ = "Débouchez à Zéro!"
MORTAR_SUPPORT = "Mortar Support"
NIGHT_ASSAULT = "Night Assault"
FLARES = "Flares"
POOR_WEATHER = "Poor Weather"
IMPROVED_DEFENSES = "Improved Defenses"
FLAMETHROWERS = "Flamethrowers"
BIGEARD = "Bigeard Refuses to Leave"
GIAP = "Giap Demands Success"
MINES = "Mines"
COMMAND_COORDINATION = "Command Coordination"
DETONATE = "Detonate Mine Shaft"
RATS = "Rats of the Nam Yum"

FIRE_CARDS = (KATYUSHA, ART_105, ART_75, ARTILLERY, TOT_ARTILLERY, B26, FIGHTER_BOMBERS, DEBOUCHEZ)
"""Cards whose play is a fire attack (8.2); *Mortar Support* has a firepower too, but it adds to an attack."""


def card_name(game: GameData, card: CardId | None) -> str | None:
    """The name of ``card``; None for an unknown id."""
    return game.card(card).name if card is not None and game.has_card(card) else None
