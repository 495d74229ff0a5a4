"""Hexsides, linear features (on hexsides and through hexes), paths and regions on a small hand-drawn map
(``small_map.yaml``): crossing versus following a river, a river rising on a hexside, a fork, a road."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sdbp_module.hexgrid.coords import DIRECTIONS, Hex
from sdbp_module.hexgrid.features import Features, Hexside, LinearFeature, Path
from sdbp_module.hexgrid.hexmap import HexMap

from .small_map import h, ids, small_map, small_map_data


def feature(name: str) -> LinearFeature:
    return next(f for f in small_map().features.lines if f.name == name)


# -- hexsides -------------------------------------------------------------------------------------


def test_a_hexside_is_the_same_value_from_either_hex() -> None:
    side = Hexside.of(h("C4"), h("C3"))
    assert side == Hexside.of(h("C3"), h("C4")) and side.a < side.b
    assert side.other(h("C3")) == h("C4") and side.touches(h("C4")) and not side.touches(h("D4"))
    assert ids(side.corners()) == ["B3", "D3"]
    assert len({Hexside.of(h("C3"), h("C4")), Hexside.of(h("C4"), h("C3"))}) == 1


def test_a_hexside_needs_two_neighbours_in_order() -> None:
    with pytest.raises(ValueError, match="neighbour"):
        Hexside.of(h("C3"), h("C5"))
    with pytest.raises(ValueError, match="in order"):
        Hexside(max(h("C3"), h("C4")), min(h("C3"), h("C4")))


@given(st.integers(-20, 20), st.integers(-20, 20), st.sampled_from(DIRECTIONS))
def test_hexside_of_is_symmetric_and_its_corners_touch_both(q: int, r: int, d: Hex) -> None:
    a, b = Hex(q, r), Hex(q, r) + d
    side = Hexside.of(a, b)
    assert side == Hexside.of(b, a)
    for c in side.corners():
        assert Hexside.of(a, c).meets(Hexside.of(b, c))


# -- a river through hexes: crossing versus following ---------------------------------------------


def test_moving_down_the_river_follows_it_and_entering_from_the_bank_crosses_it() -> None:
    river = feature("Big River")
    assert river.follows(h("C1"), h("C2")) and river.follows(h("C2"), h("C1"))  # legal: along, either way
    assert not river.crosses(h("C1"), h("C2"))
    assert river.crosses(h("B2"), h("C2")) and not river.follows(h("B2"), h("C2"))  # refused: from the bank
    assert not river.crosses(h("C2"), h("B2"))  # leaving a river hex is not entering one
    assert not river.follows(h("C1"), h("B1")) and not river.crosses(h("C1"), h("B1"))


def test_a_river_rising_on_a_hexside_is_followed_across_that_hexside_only() -> None:
    spring = feature("Spring")
    assert spring.sides == (Hexside.of(h("A5"), h("B5")),)
    assert spring.follows(h("A5"), h("B5")) and not spring.crosses(h("A5"), h("B5"))  # over its source side
    assert spring.crosses(h("A6"), h("B5")) and not spring.follows(h("A6"), h("B5"))  # any other side
    assert not spring.in_hex(h("A5"))  # the hex beyond the source is no river hex


def test_a_fork_the_tributary_is_entered_from_the_side() -> None:
    f = small_map().features
    along_main = f.followed(h("C2"), h("C3")), f.crossed(h("C2"), h("C3"))
    assert [x.name for x in along_main[0]] == ["Big River"] and [x.name for x in along_main[1]] == ["Side Creek"]
    along_creek = f.followed(h("D3"), h("C3")), f.crossed(h("D3"), h("C3"))
    assert [x.name for x in along_creek[0]] == ["Side Creek"] and [x.name for x in along_creek[1]] == ["Big River"]
    neither = f.followed(h("B3"), h("C3")), f.crossed(h("B3"), h("C3"))
    assert neither[0] == () and [x.name for x in neither[1]] == ["Big River", "Side Creek"]
    assert [x.name for x in f.in_hex(h("C3"))] == ["Big River", "Side Creek"]


def test_a_line_through_hexes_refuses_gaps_and_a_source_side_away_from_its_ends() -> None:
    with pytest.raises(ValueError, match="not neighbours"):
        LinearFeature("x", "river", "hexes", hexes=(h("C1"), h("C3")))
    with pytest.raises(ValueError, match="first or last"):
        LinearFeature("x", "river", "hexes", hexes=(h("C1"), h("C2"), h("C3")), sides=(Hexside.of(h("B2"), h("C2")),))
    with pytest.raises(ValueError, match="between two hexes"):
        LinearFeature("x", "river", "hexes", hexes=(h("C1"), h("C2")), sides=(Hexside.of(h("C1"), h("C2")),))


# -- a line along hexsides ------------------------------------------------------------------------


def zigzag() -> LinearFeature:
    """C4|D4, C5|D4, C5|D5: between columns C and D, ending at the corner C4-D3-D4."""
    return LinearFeature("Wall", "wall", "hexsides", sides=(Hexside.of(h("C4"), h("D4")), Hexside.of(h("C5"), h("D4")), Hexside.of(h("C5"), h("D5"))))


def test_a_line_on_hexsides_is_crossed_over_a_side_and_followed_past_a_corner() -> None:
    wall = zigzag()
    assert wall.crosses(h("C4"), h("D4")) and wall.crosses(h("D5"), h("C5"))  # refused: over it
    assert not wall.follows(h("C4"), h("D4"))
    assert wall.follows(h("C4"), h("C5")) and wall.follows(h("D4"), h("D5"))  # legal: alongside it
    assert not wall.crosses(h("C4"), h("C5"))


def test_a_line_on_hexsides_ends_at_a_corner_a_move_there_neither_crosses_nor_follows() -> None:
    wall = zigzag()
    assert not wall.crosses(h("D3"), h("D4")) and not wall.follows(h("D3"), h("D4"))
    assert not wall.follows(h("C4"), h("D3"))  # only one of its sides, C4|D4, touches this step's corner


def test_a_fork_on_hexsides_a_move_follows_one_branch_and_crosses_the_other() -> None:
    branch = LinearFeature("East", "wall", "hexsides", sides=(Hexside.of(h("D4"), h("D5")), Hexside.of(h("D5"), h("E5"))))
    f = Features(lines=(zigzag(), branch))
    assert [x.name for x in f.followed(h("D4"), h("D5"))] == ["Wall"]
    assert [x.name for x in f.crossed(h("D4"), h("D5"))] == ["East"]
    assert f.hexsides_of(["wall"]) == frozenset({*zigzag().sides, *branch.sides})


def test_a_chain_of_hexsides_must_meet_at_corners() -> None:
    with pytest.raises(ValueError, match="do not meet"):
        LinearFeature("x", "wall", "hexsides", sides=(Hexside.of(h("C4"), h("D4")), Hexside.of(h("C6"), h("D6"))))


@given(st.integers(0, 6), st.integers(0, 6), st.sampled_from(DIRECTIONS))
def test_no_step_both_crosses_and_follows_a_feature(col: int, row: int, d: Hex) -> None:
    m = small_map()
    a = m.grid.hex_of(col, row)
    b = a + d
    for f in (*m.features.lines, zigzag()):
        assert not (f.crosses(a, b) and f.follows(a, b))
        assert f.follows(a, b) == f.follows(b, a)


# -- paths ----------------------------------------------------------------------------------------


def test_a_move_follows_the_road_between_consecutive_road_hexes_only() -> None:
    road = small_map().features.paths[0]
    assert road.follows(h("B4"), h("C4")) and road.follows(h("C4"), h("B4"))
    assert road.follows(h("E4"), h("F4"))  # the road ends in F4
    assert not road.follows(h("B3"), h("C4"))  # C4 is on the road, B3 is not
    assert not road.follows(h("C4"), h("C5"))
    with pytest.raises(ValueError, match="not neighbours"):
        Path("x", "road", (h("A4"), h("C4")))


# -- regions --------------------------------------------------------------------------------------


def test_regions_listed_and_by_predicate() -> None:
    m = small_map()
    assert ids(m.regions["north"].hexes) == [f"{c}1" for c in "ABCDEFG"]
    assert len(m.regions["south"].hexes) == 49 - 7 - 2
    assert ids(m.regions["coast"].hexes) == ["F5", "F6", "F7", "G5"]
    assert ids(m.regions["highlands"].hexes) == ["C3", "C4", "C5", "D3", "E3", "E4", "F5", "F6"]
    assert "A2" in ids(m.regions["lowlands"].hexes) and "E3" not in ids(m.regions["lowlands"].hexes)  # forest among clear / by rough
    assert m.regions_of(h("C3")) == ("highlands", "south") and m.in_region("north", h("C1"))


def test_a_region_reading_itself_or_an_unknown_name_is_refused() -> None:
    data = small_map_data()
    data["regions"] = {"a": {"where": {"region": "b"}}, "b": {"where": {"not": {"region": "a"}}}}
    with pytest.raises(ValueError, match="reads itself"):
        HexMap.from_mapping(data)
    data["regions"] = {"a": {"where": {"region": "nowhere"}}}
    with pytest.raises(ValueError, match="'nowhere'"):
        HexMap.from_mapping(data)


def test_the_loader_reads_a_feature_on_hexsides_and_refuses_a_bad_one() -> None:
    cliff = feature("Cliff")
    assert cliff.course == "hexsides" and cliff.sides == (Hexside.of(h("C6"), h("D6")), Hexside.of(h("C7"), h("D6")))
    data = small_map_data()
    data["features"] = [{"name": "Bad", "kind": "cliff", "course": "hexsides", "hexsides": ["C6|E6"]}]
    with pytest.raises(ValueError, match="not a hexside"):
        HexMap.from_mapping(data)
    data["features"] = [{"name": "Bad", "kind": "river", "hexes": ["C1", "C2"], "start_side": "E5"}]
    with pytest.raises(ValueError, match="not next to"):
        HexMap.from_mapping(data)


def test_the_loader_names_faults_by_printed_ids() -> None:
    data = small_map_data()
    data["paths"] = [{"name": "Lane", "kind": "road", "hexes": ["A4", "C4"]}]
    with pytest.raises(ValueError, match="^path Lane: A4 and C4 are consecutive but not neighbours$"):
        HexMap.from_mapping(data)
    data = small_map_data()
    data["features"] = [{"name": "W", "kind": "cliff", "course": "hexsides", "hexsides": ["C4|D4", "C6|D6"]}]
    with pytest.raises(ValueError, match="^feature W: C6\\|D6 does not meet the hexside before it at a corner$"):
        HexMap.from_mapping(data)
    data["features"] = [{"name": "R", "kind": "river", "hexes": ["C1", "C2", "C1"]}]
    with pytest.raises(ValueError, match="^feature R: C1 is named twice$"):
        HexMap.from_mapping(data)
    data["features"] = [{"name": "R", "kind": "river", "hexes": ["C1", "C2", "C3"]}]
    assert HexMap.from_mapping(data).features.lines[0].follows(h("C2"), h("C3"))
