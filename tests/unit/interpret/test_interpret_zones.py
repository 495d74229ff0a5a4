"""Positions → places: the module's zones and the game data's polygons agree (report-formats §3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.codec.module_info import read_module
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.location import ELIMINATED, OFF_MAP, Location
from sdbp_module.replay.vlog.zones import (
    Place,
    PlaceKind,
    PlaceResolver,
    Zones,
    place_of_zone,
)


def test_module_zones_are_the_game_data_polygons(game: GameData, module: Path) -> None:
    from_module = Zones.from_module(read_module(module))
    from_game = Zones.from_game(game)
    assert sorted(z.name for z in from_module.zones) == sorted(z.name for z in from_game.zones)
    for zone in from_game.zones:
        x, y = from_game.point_in(zone.name)
        assert from_module.zone_name(x, y) == zone.name


def test_zone_names() -> None:
    # a side's deck or discard is named by its label, which two games may share (Tonkin's Viet Minh too): the
    # sides are the game's, as ``PlaceResolver`` gives them, so the answer does not depend on which games'
    # sides this process declared first
    sodbp = (FRENCH, VIET_MINH)
    assert place_of_zone("14") == Place(PlaceKind.AREA, "14", area=AreaId(14))
    assert place_of_zone("Turn 3") == Place(PlaceKind.TURN, "Turn 3", turn=3)
    assert place_of_zone("Viet Minh discard", sodbp) == Place(PlaceKind.DISCARD, "Viet Minh discard", side=VIET_MINH)
    assert place_of_zone("Removed cards") == Place(PlaceKind.REMOVED_CARDS, "Removed cards")
    assert place_of_zone("Somewhere") is None
    assert place_of_zone("Turn 3").location() == Location.on_turn(3)  # type: ignore[union-attr]
    assert place_of_zone("Relief Force").location() == OFF_MAP  # type: ignore[union-attr]
    assert place_of_zone("Eliminated").location() == ELIMINATED  # type: ignore[union-attr]
    assert place_of_zone("French deck", sodbp).location() is None  # type: ignore[union-attr]


def test_resolve_hands_other_maps_and_bad_numbers(game: GameData) -> None:
    zones = Zones.from_game(game)
    assert zones.resolve("French hand", "5", "5") == Place(PlaceKind.HAND, "French hand", side=FRENCH)
    assert zones.resolve("Other Map", "5", "5") is None
    assert zones.resolve(None, "5", "5") is None
    assert zones.resolve("Main Map", "x", "5") is None
    assert zones.resolve("Main Map", "-50", "-50") is None


def test_the_resolver_answers_as_resolve_and_searches_each_position_once(game: GameData, monkeypatch: pytest.MonkeyPatch) -> None:
    zones = Zones.from_game(game)
    positions = [("Main Map", str(x), str(y)) for x, y in (zones.point_in("14"), zones.point_in("Eliminated"))]
    positions += [("Main Map", "-5", "-5"), ("Main Map", "x", "1"), ("French hand", "5", "5"), (None, "5", "5"), ("Other Map", "1", "1")]
    expected = [zones.resolve(*p) for p in positions]
    asked: list[tuple[str | None, str, str]] = []
    search = Zones.resolve

    def counted(self: Zones, map_name: str | None, x: str, y: str) -> Place | None:
        asked.append((map_name, x, y))
        return search(self, map_name, x, y)

    monkeypatch.setattr(Zones, "resolve", counted)
    resolve = PlaceResolver(zones)
    assert [resolve(*p) for p in positions + positions] == expected + expected
    assert asked == positions  # the second round from memory
    assert expected[0] is not None and expected[0].area == AreaId(14) and expected[2] is None
