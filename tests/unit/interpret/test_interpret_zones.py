"""Positions → places: the module's zones and the game data's polygons agree (report-formats §3)."""

from __future__ import annotations

from pathlib import Path

from sdbp_module.codec.module_info import read_module
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.location import ELIMINATED, OFF_MAP, Location
from sdbp_module.replay.vlog.zones import Place, PlaceKind, Zones, place_of_zone


def test_module_zones_are_the_game_data_polygons(game: GameData, module: Path) -> None:
    from_module = Zones.from_module(read_module(module))
    from_game = Zones.from_game(game)
    assert sorted(z.name for z in from_module.zones) == sorted(z.name for z in from_game.zones)
    for zone in from_game.zones:
        x, y = from_game.point_in(zone.name)
        assert from_module.zone_name(x, y) == zone.name


def test_zone_names() -> None:
    assert place_of_zone("14") == Place(PlaceKind.AREA, "14", area=AreaId(14))
    assert place_of_zone("Turn 3") == Place(PlaceKind.TURN, "Turn 3", turn=3)
    assert place_of_zone("Viet Minh discard") == Place(PlaceKind.DISCARD, "Viet Minh discard", side=VIET_MINH)
    assert place_of_zone("Removed cards") == Place(PlaceKind.REMOVED_CARDS, "Removed cards")
    assert place_of_zone("Somewhere") is None
    assert place_of_zone("Turn 3").location() == Location.on_turn(3)  # type: ignore[union-attr]
    assert place_of_zone("Relief Force").location() == OFF_MAP  # type: ignore[union-attr]
    assert place_of_zone("Eliminated").location() == ELIMINATED  # type: ignore[union-attr]
    assert place_of_zone("French deck").location() is None  # type: ignore[union-attr]


def test_resolve_hands_other_maps_and_bad_numbers(game: GameData) -> None:
    zones = Zones.from_game(game)
    assert zones.resolve("French hand", "5", "5") == Place(PlaceKind.HAND, "French hand", side=FRENCH)
    assert zones.resolve("Other Map", "5", "5") is None
    assert zones.resolve(None, "5", "5") is None
    assert zones.resolve("Main Map", "x", "5") is None
    assert zones.resolve("Main Map", "-50", "-50") is None
