"""The frozen game model: what every later stage (module writer, codec migration, checker) reads."""

from sdbp_module.model.game_data import (
    Area,
    Border,
    Card,
    GameData,
    GameInfo,
    MapInfo,
    MarkerKind,
    MarkerPlacement,
    Placement,
    Scenario,
    SetupKind,
    Source,
    TurnInfo,
    Unit,
)

__all__ = [
    "Area",
    "Border",
    "Card",
    "GameData",
    "GameInfo",
    "MapInfo",
    "MarkerKind",
    "MarkerPlacement",
    "Placement",
    "Scenario",
    "SetupKind",
    "Source",
    "TurnInfo",
    "Unit",
]
