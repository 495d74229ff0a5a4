"""Movement cost as data on the small hand-drawn map (``small_map.yaml``): terrain by side and motorised,
river entered or followed (the valley reduction and its floor), a fork, a river rising on a hexside,
the road, a road marker, the rainy season, prohibited steps, and a whole path."""

from __future__ import annotations

from typing import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.hexgrid.movement import CostTable

from .small_map import h, small_map, small_map_data


def cost(a: str, b: str, side: str = "red", flags: Iterable[str] = (), markers: dict[str, set[str]] | None = None) -> int | None:
    marks = {h(k): frozenset(v) for k, v in (markers or {}).items()}
    return small_map().step_cost(h(a), h(b), side, flags, lambda x: marks.get(x, frozenset())).cost


def test_terrain_costs_differ_by_side_and_motorised() -> None:
    assert cost("A4", "A5") == 1  # clear
    assert cost("D2", "D3") == 3 + 1 and cost("D2", "D3", "blue") == 4 + 1  # rough, and the creek entered
    assert cost("D2", "D3", "red", ["motorised"]) == 4 + 1


def test_entering_a_river_hex_from_the_bank_pays_the_river_following_it_does_not() -> None:
    assert cost("B2", "C2") == 1 + 2  # refused the free passage: from the bank, the major river's 2
    assert cost("C1", "C2") == 1  # legal: down the river, clear, no reduction in clear


def test_the_valley_reduction_and_its_floor() -> None:
    assert cost("C3", "C4") == 3 - 1  # red in rough along the river
    assert cost("C3", "C4", "blue") == 4 - 1
    red_forest_along = small_map().step(h("F3"), h("E3"), "red")
    assert red_forest_along.followed == {"minor_river"} and cost("F3", "E3") == 2  # forest 2 − 1 stops at the floor 2
    assert cost("F3", "E3", "blue") == 3 - 1


def test_at_a_fork_the_move_pays_the_river_it_does_not_follow() -> None:
    assert cost("C2", "C3") == (3 - 1) + 1  # along the major river, the creek joins from the side
    assert cost("D3", "C3") == (3 - 1) + 2  # along the creek, the major river is entered
    assert cost("B3", "C3") == 3 + 2  # along neither: only the major river is paid (max)


def test_a_river_rising_on_a_hexside_is_free_across_that_side_only() -> None:
    assert cost("A5", "B5") == 1  # across its source side: along the river
    assert cost("A6", "B5") == 1 + 1  # from another side: the minor river entered


def test_following_the_road_replaces_terrain_and_river() -> None:
    assert cost("B4", "C4") == 2  # rough river hex by road: the road's 2, no river
    assert cost("B3", "C4") == 3 + 2  # the same hex off the road
    assert cost("A4", "B4") == 1 and cost("E4", "F4") == 1  # clear road, and the road's end
    step = small_map().step_cost(h("B4"), h("C4"), "red")
    assert step.path == "road" and step.parts == (("path", 2),)


def test_a_road_marker_makes_a_road_where_the_map_has_none() -> None:
    assert cost("D5", "D6") == 1 and cost("E5", "E6") == 1
    assert cost("E5", "E6", markers={"E5": {"road_marker"}, "E6": {"road_marker"}}) == 1
    assert cost("D4", "C5") == 3 + 2  # legal without a marker: rough, river entered
    assert cost("D4", "C5", markers={"C5": {"road_marker"}}) == 2  # road hex D4 to a marked hex: by road


def test_the_rainy_season_adds_one_to_each_part_paid() -> None:
    assert cost("B4", "C4", flags=["rainy"]) == 2 + 1
    assert cost("B3", "C4", flags=["rainy"]) == (3 + 1) + (2 + 1)
    assert cost("A4", "A5", flags=["rainy"]) == 2


def test_prohibited_steps_say_why() -> None:
    m = small_map()
    assert cost("E5", "F5") == 4
    step = m.step_cost(h("E5"), h("F5"), "red", ["motorised"])
    assert step.prohibited and step.reason == "motorised units do not enter mountains"
    assert m.step_cost(h("A4"), h("A5"), "red", ["motorised", "disrupted"]).reason == "a disrupted motorised unit does not move"
    assert cost("A4", "A5", flags=["disrupted"]) == 1


def test_a_path_sums_its_steps_and_stops_at_the_first_prohibited_one() -> None:
    m = small_map()
    path = [h(x) for x in ("A4", "B4", "C4", "D4", "E5", "F5")]
    priced = m.path_cost(path, "red")
    assert priced.total == 1 + 2 + 1 + 1 + 4 and priced.refused_at is None
    refused = m.path_cost(path, "red", ["motorised"])
    assert refused.total is None and refused.refused_at == 4 and len(refused.steps) == 5


def test_a_table_that_leaves_a_terrain_unpriced_is_refused() -> None:
    data = small_map_data()
    data["movement"]["terrain"] = [r for r in data["movement"]["terrain"] if r["terrain"] != "mountain" or "when" in r]
    with pytest.raises(ValueError, match="mountain"):
        HexMap.from_mapping(data)
    with pytest.raises(ValueError, match="unknown condition"):
        CostTable.from_mapping({"terrain": [{"terrain": "clear", "cost": 1, "when": {"season": "wet"}}]})


@given(st.lists(st.sampled_from(range(6)), min_size=2, max_size=10), st.integers(0, 6), st.integers(0, 6), st.booleans())
def test_a_path_costs_the_sum_of_its_two_halves(turns: list[int], col: int, row: int, rainy: bool) -> None:
    m = small_map()
    from sdbp_module.hexgrid.coords import DIRECTIONS

    path: list[Hex] = [m.grid.hex_of(col, row)]
    for t in turns:
        nxt = path[-1] + DIRECTIONS[t]
        if m.grid.contains(nxt):
            path.append(nxt)
    flags = ["rainy"] if rainy else []
    whole = m.path_cost(path, "blue", flags)
    cut = len(path) // 2
    first, second = m.path_cost(path[: cut + 1], "blue", flags), m.path_cost(path[cut:], "blue", flags)
    assert whole.total == (first.total or 0) + (second.total or 0)
    assert all(s.cost is not None and s.cost >= 1 for s in whole.steps)


def test_a_destroyed_road_marker_cancels_the_road_into_and_out_of_its_hex() -> None:
    assert cost("B4", "C4") == 2
    assert cost("B4", "C4", markers={"C4": {"destroyed_road"}}) == 3 + 2  # terrain and river again
    assert cost("C4", "D4", markers={"C4": {"destroyed_road"}}) == 1 + 0 and cost("C4", "D4") == 1
    assert cost("D4", "E4", markers={"C4": {"destroyed_road"}}) == 2  # elsewhere the road still serves


def test_a_feature_surcharge_may_depend_on_the_mover_and_may_refuse() -> None:
    assert cost("B2", "C2") == 1 + 2
    assert cost("B2", "C2", flags=["amphibious"]) == 1  # the first matching row: no surcharge
    assert cost("B2", "C2", flags=["motorised"]) == 1 + 2
    step = small_map().step_cost(h("B2"), h("C2"), "red", ["motorised", "rainy"])
    assert step.prohibited and step.reason == "no vehicle fords a major river in the rains"
    assert cost("C1", "C2", flags=["motorised", "rainy"]) == 1 + 1  # along the river: nothing to ford
