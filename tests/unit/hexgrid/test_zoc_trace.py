"""Zones of control with their exceptions, and traced lines with a range and blocking reasons, on the
small hand-drawn map (``small_map.yaml``)."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.trace import LineRules, trace_line
from sdbp_module.hexgrid.zoc import MapUnit, ZocRules

from .small_map import h, ids, small_map


def unit(side: str, at: str, kind: str = "infantry", *flags: str) -> MapUnit:
    return MapUnit(side, h(at), kind, frozenset(flags))


def zoc(side: str, *units: MapUnit) -> list[str]:
    return ids(small_map().enemy_zoc(side, units))


# -- zones of control -----------------------------------------------------------------------------


def test_a_unit_covers_its_six_neighbours() -> None:
    assert zoc("red", unit("blue", "D4")) == ["C4", "C5", "D3", "D5", "E4", "E5"]
    assert zoc("blue", unit("blue", "D4")) == []  # its own side is not in an enemy zone


def test_no_zone_for_a_unit_in_the_north_region() -> None:
    assert zoc("blue", unit("red", "D1")) == []
    assert zoc("blue", unit("red", "D2")) != []


def test_no_zone_for_one_side_in_forest_or_mountain() -> None:
    assert zoc("red", unit("blue", "E4")) == []  # blue in forest
    assert zoc("blue", unit("red", "E4")) == ["D3", "D4", "E3", "E5", "F3", "F4"]  # red in forest has one


def test_no_zone_for_a_disrupted_unit_or_a_depot() -> None:
    assert zoc("blue", unit("red", "B4", "infantry", "disrupted")) == []
    assert zoc("blue", unit("red", "B4", "depot")) == []
    assert zoc("blue", unit("red", "B4", "infantry", "motorised")) == ["A4", "A5", "B3", "B5", "C4", "C5"]


def test_a_zone_does_not_extend_across_a_cliff_nor_into_the_sea() -> None:
    assert zoc("blue", unit("red", "D6")) == ["D5", "D7", "E6", "E7"]  # not over C6|D6 and D6|C7
    assert zoc("blue", unit("red", "F6")) == ["E6", "E7", "F5", "F7"]  # not into G6, G7 (sea)


def test_zone_rules_refuse_an_unknown_condition() -> None:
    with pytest.raises(ValueError, match="'colour'"):
        ZocRules.from_mapping({"none_for": [{"colour": "red"}]})


# -- traced lines ---------------------------------------------------------------------------------

DEPOT = "D5"


def supply(side: str, start: str, units: list[MapUnit], reach: int = 3, rules: str = "supply", target: str = DEPOT) -> tuple[list[str] | None, str]:
    m = small_map()
    t = m.trace(rules, side, h(start), [h(target)], reach, units)
    return (None if t.hexes is None else [m.grid.hex_id(x) for x in t.hexes]), t.reason


def test_a_three_hex_supply_line_goes_round_one_enemy_unit() -> None:
    line, _ = supply("red", "A5", [unit("blue", "C5")])
    assert line is not None and len(line) == 4 and "C5" not in line and line[0] == "A5" and line[-1] == DEPOT


def test_a_supply_line_blocked_by_two_enemy_units_says_so_and_is_found_at_four() -> None:
    line, reason = supply("red", "A5", [unit("blue", "B5"), unit("blue", "C5")])
    assert line is None and reason == "blocked: enemy-occupied hex B5; enemy-occupied hex C5"
    longer, _ = supply("red", "A5", [unit("blue", "B5"), unit("blue", "C5")], reach=4)
    assert longer == ["A5", "A6", "B6", "C6", "D5"]


def test_a_supply_line_out_of_range() -> None:
    line, reason = supply("red", "A1", [], target="G7")
    assert line is None and reason == "out of range: no target within 3 hexes"


def test_an_enemy_zone_blocks_only_under_the_strict_rules_and_not_where_a_friend_stands() -> None:
    units = [unit("red", "A5"), unit("blue", "B5", "hq"), unit("blue", "D4"), unit("red", DEPOT, "depot")]  # the HQ has no zone
    line, _ = supply("red", "A5", units)  # zones do not block lines: through C5
    assert line == ["A5", "B4", "C5", "D5"]
    line, reason = supply("red", "A5", units, rules="strict_supply")
    assert line is None and reason == "blocked: enemy zone of control in hex C5 with no friendly unit; enemy-occupied hex B5"
    line, _ = supply("red", "A5", [*units, unit("red", "C5")], rules="strict_supply")  # a friendly unit in C5
    assert line == ["A5", "B4", "C5", "D5"]


def test_the_north_counts_as_enemy_occupied_for_blue_only() -> None:
    assert supply("red", "B3", [], target="B1")[0] == ["B3", "B2", "B1"]
    line, reason = supply("blue", "B3", [], target="B1")
    assert line is None and reason == "blocked: hex B1 in north counts as enemy-occupied"


def test_a_line_along_the_river_and_one_that_leaves_it() -> None:
    assert supply("red", "C1", [], reach=5, rules="river_supply", target="C5")[0] == ["C1", "C2", "C3", "C4", "C5"]
    line, reason = supply("red", "B2", [], reach=5, rules="river_supply", target="C5")
    assert line is None and reason == "out of range: no target within 5 hexes along a major_river"


def test_a_line_never_crosses_an_impassable_hexside() -> None:
    rules = LineRules(impassable=frozenset({"cliff"}))
    m = small_map()
    t = m.trace(rules, "red", h("C6"), [h("D6")], 1, [])
    assert not t.found and t.reason == "blocked: cliff Cliff between C6 and D6"
    assert m.trace(rules, "red", h("D5"), [h("D6")], 1, []).found


def _reference(start: Hex, goal: Hex, reach: int, blocked: set[Hex]) -> int | None:
    """Plain breadth-first distance avoiding ``blocked``, for the property test."""
    m = small_map()
    if start in blocked:
        return None
    seen = {start: 0}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        if x == goal:
            return seen[x]
        for n in m.grid.on_map_neighbours(x):
            if n not in seen and n not in blocked and seen[x] < reach:
                seen[n] = seen[x] + 1
                queue.append(n)
    return None


@settings(max_examples=60, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=12), st.tuples(st.integers(0, 6), st.integers(0, 6)), st.tuples(st.integers(0, 6), st.integers(0, 6)), st.integers(0, 6))
def test_the_traced_line_is_a_shortest_unblocked_line(blocks: set[tuple[int, int]], a: tuple[int, int], b: tuple[int, int], reach: int) -> None:
    m = small_map()
    blocked = {m.grid.hex_of(*x) for x in blocks}
    start, goal = m.grid.hex_of(*a), m.grid.hex_of(*b)
    t = trace_line(start, [goal], reach, m.grid.on_map_neighbours, lambda x: "wall" if x in blocked else None)
    expected = _reference(start, goal, reach, blocked)
    assert t.length == expected
    if t.hexes is not None:
        assert t.hexes[0] == start and t.hexes[-1] == goal and not blocked & set(t.hexes)
    else:
        assert t.reason.startswith("blocked: wall") or t.reason.startswith("out of range")


def test_a_boat_line_along_the_river_or_the_coast_is_cut_only_by_units_that_block_it() -> None:
    assert supply("red", "C1", [], reach=5, rules="boat_supply", target="C5")[0] == ["C1", "C2", "C3", "C4", "C5"]
    line, reason = supply("red", "C1", [unit("blue", "C4")], reach=5, rules="boat_supply", target="C5")
    assert line is None and reason == "blocked: enemy-occupied hex C4"  # a line unit in a river hex cuts it
    assert supply("red", "C1", [unit("blue", "C4", "militia")], reach=5, rules="boat_supply", target="C5")[0] is not None
    assert supply("red", "C1", [unit("blue", "C4", "hq")], reach=5, rules="boat_supply", target="C5")[0] is not None
    assert supply("red", "F5", [unit("blue", "F6")], reach=2, rules="boat_supply", target="F7")[0] == ["F5", "F6", "F7"]  # no unit cuts the coast
    line, reason = supply("red", "E5", [], reach=2, rules="boat_supply", target="F7")
    assert line is None and reason == "out of range: no target within 2 hexes along a major_river or coast hexes"


def test_line_rules_refuse_along_regions_without_along() -> None:
    with pytest.raises(ValueError, match="give along too"):
        LineRules.from_mapping({"along_regions": ["coast"]})


def test_a_truck_line_keeps_to_roads_and_road_markers_and_a_destroyed_road_cuts_it() -> None:
    m = small_map()

    def truck(target: str, markers: dict[str, set[str]]) -> tuple[list[str] | None, str]:
        marks = {h(k): frozenset(v) for k, v in markers.items()}
        t = m.trace("truck", "red", h("A4"), [h(target)], 5, [], lambda x: marks.get(x, frozenset()))
        return (None if t.hexes is None else [m.grid.hex_id(x) for x in t.hexes]), t.reason

    assert truck("F4", {})[0] == ["A4", "B4", "C4", "D4", "E4", "F4"]
    assert truck("F4", {"D4": {"destroyed_road"}}) == (None, "out of range: no target within 5 hexes along a road")
    assert truck("E5", {}) == (None, "out of range: no target within 5 hexes along a road")
    assert truck("E5", {"E5": {"road_marker"}})[0] == ["A4", "B4", "C4", "D4", "E5"]  # an engineer's marker extends the road


def test_a_zone_or_line_rule_naming_no_region_is_refused() -> None:
    from sdbp_module.hexgrid.hexmap import HexMap

    from .small_map import small_map_data

    data = small_map_data()
    data["zoc"] = {"none_for": [{"regions": "nowhere"}]}
    with pytest.raises(ValueError, match="hex map zoc: 'nowhere' is no region or set"):
        HexMap.from_mapping(data)
    data = small_map_data()
    data["lines"] = {"supply": {"open_regions": ["nowhere"]}}
    with pytest.raises(ValueError, match="hex map lines supply: 'nowhere'"):
        HexMap.from_mapping(data)


def test_a_land_line_does_not_cross_the_sea() -> None:
    assert supply("red", "F6", [], reach=1, target="F7")[0] == ["F6", "F7"]
    line, reason = supply("red", "F6", [], reach=1, target="G7")
    assert line is None and reason == "blocked: hex G7 in sea is impassable"
