"""Area terrain and the map features of ``game.yaml`` ``map``: schema, cross-checks, model.

The mini game (four squares: 1 | 2 over 3 | 4; rivers 2|4 and 3|4, bridged 3-4) gets a road over
the bridge, a runway in area 2, the bridge's drawing and a village; each case breaks one thing.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pytest
from data_support import Edit, problems

from sdbp_module.ids import AreaId
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import (
    BridgeSite,
    Road,
    RoadKind,
    Runway,
    Source,
    Terrain,
    Village,
)

MAP_LINE = 'map: {width: 200, height: 200, source: "reconstructed: test map"}'
FEATURES = """map:
  width: 200
  height: 200
  source: "reconstructed: test map"
  roads:
    - {name: Road, kind: road, points: [[20, 150], [100, 150], [180, 150]], areas: [3, 4], source: "reconstructed: test"}
  runways:
    - {name: Strip, points: [[120, 20], [180, 20]], width: 10, areas: [2], source: "reconstructed: test"}
  bridges:
    - {name: Bridge, areas: [3, 4], at: [100, 150], source: "rules 7.0", sources: {at: "reconstructed: test"}}
  villages:
    - {name: Village, area: 1, at: [30, 30], source: "reconstructed: test"}"""
ROAD = "points: [[20, 150], [100, 150], [180, 150]], areas: [3, 4]"
AIRSTRIP = ("areas.yaml", "colour: blue, bank: east,", "colour: blue, bank: east, terrain: airstrip,")


@pytest.fixture
def featured(mini: Path, edit: Edit) -> Path:
    """The mini game with every kind of map feature, all valid."""
    edit("game.yaml", MAP_LINE, FEATURES)
    edit(*AIRSTRIP)
    return mini


def test_the_features_are_valid_and_reach_the_model(featured: Path) -> None:
    assert problems(featured) == []
    game = load_game(featured)
    test = Source("reconstructed: test")
    assert game.map.roads == (Road("Road", RoadKind.ROAD, ((20, 150), (100, 150), (180, 150)), (AreaId(3), AreaId(4)), test),)
    assert game.map.runways == (Runway("Strip", ((120, 20), (180, 20)), 10, (AreaId(2),), test),)
    assert game.map.bridges == (BridgeSite("Bridge", AreaId(3), AreaId(4), (100, 150), Source("rules 7.0"), MappingProxyType({"at": test})),)
    assert game.map.villages == (Village("Village", AreaId(1), (30, 30), test),)
    assert game.area(AreaId(2)).terrain is Terrain.AIRSTRIP


def test_a_game_without_features_or_terrain_loads_with_the_defaults(mini: Path) -> None:
    """A second game need not have a river, roads or terrain: everything defaults to plain ground."""
    game = load_game(mini)
    assert (game.map.roads, game.map.runways, game.map.bridges, game.map.villages) == ((), (), (), ())
    assert {a.terrain for a in game.areas} == {Terrain.OPEN}
    assert not any(a.strongpoint for a in game.areas)


# (what is broken, edits to the featured mini game as (file, old text, new text), the exact problems)
CASES: list[tuple[str, list[tuple[str, str, str]], list[str]]] = [
    (
        "a road point outside the map",
        [("game.yaml", ROAD, "points: [[20, 150], [100, 150], [250, 150]], areas: [3, 4]")],
        [
            "mini/game.yaml:18:52: map.roads[0].points[1]: the road from point 1 runs through no area at [203, 150] (expected a line inside its areas (3, 4))",
            "mini/game.yaml:18:64: map.roads[0].points[2]: [250, 150] lies outside the map (expected 0 <= x <= 200, 0 <= y <= 200, game.yaml map)",
        ],
    ),
    (
        "a road through an area it does not name",
        [("game.yaml", ROAD, "points: [[20, 150], [100, 150], [180, 150]], areas: [3]")],
        [
            "mini/game.yaml:18:52: map.roads[0].points[1]: the road from point 1 runs through area 4, which is not one of its areas at [104, 150] (expected a line inside its areas (3))",
        ],
    ),
    (
        "a road naming an area it does not enter",
        [("game.yaml", ROAD, "points: [[20, 150], [100, 150], [180, 150]], areas: [3, 4, 1]")],
        [
            "mini/game.yaml:18:91: map.roads[0].areas[2]: the road does not run through area 1 (expected only the areas the line runs through)",
        ],
    ),
    (
        "a road naming an undefined area",
        [("game.yaml", ROAD, "points: [[20, 150], [100, 150], [180, 150]], areas: [3, 4, 9]")],
        [
            "mini/game.yaml:18:91: map.roads[0].areas[2]: 9 is not a defined area (expected an area number from areas.yaml)",
        ],
    ),
    (
        "a road crossing a river where no bridge is",
        [("game.yaml", ROAD, "points: [[150, 50], [150, 150]], areas: [2, 4]")],
        [
            "mini/game.yaml:18:41: map.roads[0].points[0]: the road crosses the river between areas 2 and 4 at [150, 100], where no bridge is drawn (expected river crossings within 6 px of a bridge's at (game.yaml map bridges))",
        ],
    ),
    (
        "a bridge on a border that has none",
        [("game.yaml", "{name: Bridge, areas: [3, 4]", "{name: Bridge, areas: [2, 4]")],
        [
            "mini/game.yaml:18:41: map.roads[0].points[0]: the road crosses the river between areas 3 and 4 at [100, 150], where no bridge is drawn (expected river crossings within 6 px of a bridge's at (game.yaml map bridges))",
            "mini/game.yaml:22:29: map.bridges[0].areas: 2-4 is not a bridged border (expected a border with bridge: true in borders.yaml)",
        ],
    ),
    (
        "a bridge drawn off its border",
        [("game.yaml", "at: [100, 150], source", "at: [90, 150], source")],
        [
            "mini/game.yaml:18:41: map.roads[0].points[0]: the road crosses the river between areas 3 and 4 at [100, 150], where no bridge is drawn (expected river crossings within 6 px of a bridge's at (game.yaml map bridges))",
            "mini/game.yaml:22:41: map.bridges[0].at: [90, 150] is 10 px from the border of areas 3 and 4 (expected a point on their shared border (within 3 px))",
        ],
    ),
    (
        "two drawings of one bridge",
        [
            (
                "game.yaml",
                '    - {name: Bridge, areas: [3, 4], at: [100, 150], source: "rules 7.0", sources: {at: "reconstructed: test"}}',
                '    - {name: Bridge, areas: [3, 4], at: [100, 150], source: "rules 7.0", sources: {at: "reconstructed: test"}}\n'
                '    - {name: Again, areas: [4, 3], at: [100, 160], source: "rules 7.0"}',
            )
        ],
        [
            "mini/game.yaml:23:28: map.bridges[1].areas: a second bridge on 4-3 (expected one drawing per bridged border; first at line 22)",
        ],
    ),
    (
        "a village outside its area",
        [("game.yaml", "area: 1, at: [30, 30]", "area: 1, at: [150, 30]")],
        [
            "mini/game.yaml:24:36: map.villages[0].at: [150, 30] is not inside area 1 (expected a point inside the village's area)",
        ],
    ),
    (
        "a runway over an area without airstrip terrain",
        [("areas.yaml", "bank: east, terrain: airstrip,", "bank: east, terrain: paddies,")],
        [
            "mini/game.yaml:20:72: map.runways[0].areas[0]: area 2 has terrain 'paddies' (expected terrain airstrip for every area a runway runs through (areas.yaml))",
        ],
    ),
    (
        "a runway whose edge leaves its area",
        [("game.yaml", "points: [[120, 20], [180, 20]], width: 10", "points: [[120, 20], [180, 20]], width: 60")],
        [
            "mini/game.yaml:20:30: map.runways[0].points[0]: the runway from point 0 runs through no area at [120, -10] (expected a line inside its areas (2))",
        ],
    ),
]


@pytest.mark.parametrize(("what", "edits", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_broken_map_feature_is_reported_at_its_spot(
    featured: Path, edit: Edit, what: str, edits: list[tuple[str, str, str]], expected: list[str]
) -> None:
    for file, old, new in edits:
        edit(file, old, new)
    assert problems(featured) == expected


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        (
            "areas.yaml",
            "colour: blue, bank: east, terrain: airstrip,",
            "colour: blue, bank: east, terrain: swamp,",
            "mini/areas.yaml:6:95: areas[1].terrain: 'swamp' is not allowed (expected one of 'open', 'paddies', 'hills', 'heights', 'airstrip', 'urban', 'factory', 'ravine', 'water')",
        ),
        (
            "game.yaml",
            "{name: Road, kind: road,",
            "{name: Road, kind: railway,",
            "mini/game.yaml:18:26: map.roads[0].kind: 'railway' is not allowed (expected one of 'road', 'track')",
        ),
        (
            "game.yaml",
            "points: [[120, 20], [180, 20]], width: 10",
            "points: [[120, 20]], width: 10",
            "mini/game.yaml:20:29: map.runways[0].points: a list of 1 is too short (expected a list of 2 lists of 2 integers >= 0)",
        ),
    ],
    ids=["unknown terrain class", "unknown road kind", "a runway with one end"],
)
def test_the_schema_refuses_unknown_terrain_and_malformed_features(featured: Path, edit: Edit, file: str, old: str, new: str, expected: str) -> None:
    edit(file, old, new)
    assert problems(featured) == [expected]
