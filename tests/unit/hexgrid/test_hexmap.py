"""A hex map from the YAML ``docs/hexes.md`` shows: terrain, elevation, named sets, line of fire, range."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.hexgrid.zoc import MapUnit
from sdbp_module.paths import PROJECT_ROOT
from tests import yaml_io


def _doc_yaml() -> dict[str, Any]:
    text = (PROJECT_ROOT / "docs" / "hexes.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.DOTALL)
    assert block is not None
    data: dict[str, Any] = yaml_io.load(block.group(1))
    return data


def _ids(hexmap: HexMap) -> Callable[[str], Hex]:
    def hex_named(text: str) -> Hex:
        h = hexmap.grid.parse_id(text)
        assert h is not None, text
        return h

    return hex_named


@pytest.fixture
def hexmap() -> HexMap:
    return HexMap.from_mapping(_doc_yaml())


def test_the_documented_yaml_builds_a_map(hexmap: HexMap) -> None:
    g = hexmap.grid
    h = _ids(hexmap)
    assert (g.orientation, g.columns, g.rows, g.spacing) == ("flat", 8, 6, 55.4)
    assert hexmap.terrain[h("C4")] == "forest" and hexmap.terrain[h("A1")] == "clear"
    assert len(hexmap.terrain) == 48
    assert hexmap.elevation[h("B2")] == 1 and hexmap.elevation[h("E2")] == 2 and hexmap.elevation[h("C4")] == 0
    assert {g.hex_id(x) for x in hexmap.hexes_in("west_edge")} == {f"A{n}" for n in range(1, 7)}


def test_line_of_fire_by_the_maps_rules(hexmap: HexMap) -> None:
    h = _ids(hexmap)
    # A4 → E4 runs along row 4 through C4 (forest): blocked; A6 → E6 is clear.
    assert hexmap.line_of_fire(h("A4"), h("E4")).blocking == (h("C4"),)
    assert hexmap.line_of_fire(h("A6"), h("E6")).clear
    assert hexmap.line_of_fire(h("C3"), h("C4")).clear  # neighbours


def test_the_hill_adds_range(hexmap: HexMap) -> None:
    h = _ids(hexmap)
    assert hexmap.reach(h("B2"), 2) == 3 and hexmap.reach(h("A1"), 2) == 2
    assert hexmap.in_range(h("B2"), h("B5"), 2) and not hexmap.in_range(h("A2"), h("A5"), 2)


def test_the_elevation_rule_is_the_datas(hexmap: HexMap) -> None:
    data = _doc_yaml()
    data["terrain"]["hill"] = ["A4", "E4"]  # two hills with the forest C4 between
    assert HexMap.from_mapping(data).line_of_fire(_ids(hexmap)("A4"), _ids(hexmap)("E4")).clear
    data["line_of_fire"]["elevation"] = "none"
    assert not HexMap.from_mapping(data).line_of_fire(_ids(hexmap)("A4"), _ids(hexmap)("E4")).clear


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["terrain"].update(forest=["Z9"]), "'Z9' is not a hex id"),
        (lambda d: d["terrain"].update(village=["C4"]), "C4 is both forest and village"),
        (lambda d: d["sets"].update(entry=["c4"]), "set entry: 'c4'"),
        (lambda d: d["line_of_fire"].update(tie="neither"), "tie must be one of"),
        (lambda d: d["line_of_fire"].update(sight="far"), "line_of_fire"),
        (lambda d: d["elevation"].update(hills=1), "unknown field 'hills'"),
        (lambda d: d.update(roads=[]), "unknown field 'roads'"),
    ],
)
def test_bad_map_data_is_one_line_naming_the_fault(change: Any, message: str) -> None:
    data = _doc_yaml()
    change(data)
    with pytest.raises(ValueError, match=re.escape(message)):
        HexMap.from_mapping(data)


def _features_yaml() -> dict[str, Any]:
    """The map of the first block with the map-feature blocks of "Map features" (docs/hexes.md)."""
    text = (PROJECT_ROOT / "docs" / "hexes.md").read_text(encoding="utf-8")
    section = text[text.index("## Map features") :]
    block = re.search(r"```yaml\n(.*?)```", section, re.DOTALL)
    assert block is not None
    data = _doc_yaml()
    data.update(yaml_io.load(block.group(1)))
    return data


def test_the_documented_map_features_build_and_answer() -> None:
    hexmap = HexMap.from_mapping(_features_yaml())
    h = _ids(hexmap)
    assert [f.name for f in hexmap.features.crossed(h("C2"), h("C3"))] == ["Side Creek"]
    assert hexmap.step_cost(h("C2"), h("C3"), "red").cost == 2 + 1  # forest 2 along the river (the floor), the creek entered
    assert hexmap.step_cost(h("B3"), h("C3"), "red").cost == 2 + 2  # from the bank: both rivers entered, only the major paid
    assert hexmap.step_cost(h("B4"), h("C4"), "red").cost == 2  # by road through the forest river hex
    assert hexmap.step_cost(h("B3"), h("C3"), "red", ["motorised"]).reason == "no vehicles in forest"
    assert hexmap.in_region("woods_by_hills", h("C3")) and not hexmap.in_region("woods_by_hills", h("C4"))
    assert h("D5") not in hexmap.enemy_zoc("blue", [MapUnit("red", h("D4"))])  # not into the village
    assert hexmap.trace("river_supply", "red", h("C1"), [h("C5")], 4, []).length == 4
    assert not hexmap.trace("supply", "blue", h("C3"), [h("C1")], 3, []).found  # the north is enemy ground for blue
