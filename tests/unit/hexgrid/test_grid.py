"""The map's hex grid: offset layouts, printed ids, pixel centres, polygons and hexes under points."""

from __future__ import annotations

import math
import random

import pytest

from sdbp_module.hexgrid.coords import distance, neighbours
from sdbp_module.hexgrid.grid import HexGrid, IdScheme, letters, letters_value

NUMBERS_0304 = IdScheme(column="numbers", row="numbers", first_column=1, first_row=1, column_digits=2, row_digits=2)

GRIDS = [
    HexGrid("flat", 8, 6, 64.0, origin=(40, 36)),
    HexGrid("flat", 7, 5, 75.5, origin=(50.3, 61.7), layout="even", spacing=64.2, ids=NUMBERS_0304),
    HexGrid("pointy", 6, 9, 60.0, origin=(45, 40)),
    HexGrid("pointy", 5, 6, 58.0, origin=(70, 33), layout="even",
            ids=IdScheme(column="numbers", row="letters", first_column=3, first_row=0, separator="-", column_first=False)),
    HexGrid("flat", 30, 4, 50.0, layout="even", ids=IdScheme(column="letters", row="numbers", first_column=0, first_row=0, row_digits=2)),
]


@pytest.fixture(params=GRIDS, ids=lambda g: f"{g.orientation}-{g.layout}-{g.ids.column}")
def grid(request: pytest.FixtureRequest) -> HexGrid:
    value: HexGrid = request.param
    return value


def test_letters_are_the_engines_sequence() -> None:
    assert [letters(v) for v in (0, 2, 25, 26, 27, 52)] == ["A", "C", "Z", "AA", "BB", "AAA"]
    assert [letters_value(t) for t in ("A", "Z", "AA", "BB", "AAA")] == [0, 25, 26, 27, 52]
    assert letters_value("AB") is None and letters_value("a") is None and letters_value("") is None


def test_printed_ids_of_the_usual_schemes() -> None:
    c4 = HexGrid("flat", 8, 6, 64.0)
    assert c4.parse_id("C4") == c4.hex_of(2, 3) and c4.hex_id(c4.hex_of(2, 3)) == "C4"
    assert c4.hex_id(c4.hex_of(0, 0)) == "A1"
    n = HexGrid("flat", 12, 10, 64.0, ids=NUMBERS_0304)
    assert n.parse_id("0304") == n.hex_of(2, 3) and n.hex_id(n.hex_of(9, 0)) == "1001"


@pytest.mark.parametrize("text", ["", "c4", "C0", "C7", "I1", "C04", "4C", "C 4", "AB3", "C4x", "-C4"])
def test_what_is_not_an_id_of_the_map_is_none(text: str) -> None:
    assert HexGrid("flat", 8, 6, 64.0).parse_id(text) is None


@pytest.mark.parametrize("text", ["304", "00304", "0004", "0300", "1301", "03-04", "0x04"])
def test_what_is_not_a_fixed_width_id_is_none(text: str) -> None:
    assert HexGrid("flat", 12, 10, 64.0, ids=NUMBERS_0304).parse_id(text) is None


def test_every_hex_id_round_trips(grid: HexGrid) -> None:
    ids = [grid.hex_id(h) for h in grid.hexes()]
    assert len(set(ids)) == grid.columns * grid.rows
    assert [grid.parse_id(t) for t in ids] == list(grid.hexes())
    for col in range(grid.columns):
        for row in range(grid.rows):
            assert grid.offset_of(grid.hex_of(col, row)) == (col, row)


def test_hexes_off_the_map_have_no_id(grid: HexGrid) -> None:
    for h in (grid.hex_of(-1, 0), grid.hex_of(0, grid.rows), grid.hex_of(grid.columns, 2)):
        assert not grid.contains(h)
        with pytest.raises(ValueError):
            grid.hex_id(h)


def _around(grid: HexGrid, text: str) -> set[str]:
    h = grid.parse_id(text)
    assert h is not None
    return {grid.hex_id(n) for n in grid.on_map_neighbours(h)}


def test_neighbours_on_the_map_follow_the_shifted_lines() -> None:
    flat = HexGrid("flat", 4, 4, 64.0)  # odd columns (B, D) shifted down
    assert _around(flat, "A2") == {"A1", "A3", "B1", "B2"}
    assert _around(flat, "B2") == {"B1", "B3", "A2", "A3", "C2", "C3"}
    even = HexGrid("flat", 4, 4, 64.0, layout="even")  # A and C shifted down
    assert _around(even, "B2") == {"B1", "B3", "A1", "A2", "C1", "C2"}
    pointy = HexGrid("pointy", 4, 4, 64.0)  # odd rows (2, 4) shifted right
    assert _around(pointy, "A2") == {"A1", "B1", "B2", "A3", "B3"}
    assert _around(pointy, "A1") == {"B1", "A2"}


def test_neighbouring_centres_are_one_hex_apart(grid: HexGrid) -> None:
    for h in grid.hexes():
        cx, cy = grid.centre(h)
        for n in neighbours(h):
            nx, ny = grid.centre(n)
            along = abs(nx - cx) < 1e-9 if grid.orientation == "flat" else abs(ny - cy) < 1e-9
            if along:  # the same column (flat) / row (pointy): exactly ``size`` apart
                assert math.hypot(nx - cx, ny - cy) == pytest.approx(grid.size)
            else:  # the next column / row: ``spacing`` across
                gap = abs(nx - cx) if grid.orientation == "flat" else abs(ny - cy)
                assert gap == pytest.approx(grid.line_spacing)


def test_the_shifted_lines_are_the_layouts() -> None:
    odd, even = HexGrid("flat", 3, 3, 60.0), HexGrid("flat", 3, 3, 60.0, layout="even")
    assert odd.centre(odd.hex_of(1, 0))[1] == pytest.approx(30.0) and odd.centre(odd.hex_of(2, 0))[1] == pytest.approx(0.0)
    assert even.centre(even.hex_of(1, 0))[1] == pytest.approx(-30.0)
    p_odd, p_even = HexGrid("pointy", 3, 3, 60.0), HexGrid("pointy", 3, 3, 60.0, layout="even")
    assert p_odd.centre(p_odd.hex_of(0, 1))[0] == pytest.approx(30.0)
    assert p_even.centre(p_even.hex_of(0, 1))[0] == pytest.approx(-30.0)
    assert odd.centre(odd.hex_of(0, 0)) == (0.0, 0.0)


def test_pixels_round_trip_through_the_hex_under_them(grid: HexGrid) -> None:
    rng = random.Random(3)
    for h in grid.hexes():
        cx, cy = grid.centre(h)
        assert grid.hex_at(cx, cy) == h
        corners = grid.polygon(h)
        for _ in range(6):  # a point inside the polygon: a mix of the centre and two adjacent corners
            k = rng.randrange(6)
            (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 6]
            u, v = rng.random() * 0.98, rng.random() * 0.98
            if u + v > 0.98:
                u, v = 0.98 - u, 0.98 - v
            x, y = cx + u * (ax - cx) + v * (bx - cx), cy + u * (ay - cy) + v * (by - cy)
            assert grid.hex_at(x, y) == h


def test_neighbouring_polygons_share_a_side(grid: HexGrid) -> None:
    h = grid.hexes()[len(grid.hexes()) // 2]
    mine = {(round(x, 6), round(y, 6)) for x, y in grid.polygon(h)}
    for n in neighbours(h):
        assert len(mine & {(round(x, 6), round(y, 6)) for x, y in grid.polygon(n)}) == 2
    far = [n for n in grid.hexes() if distance(h, n) == 2]
    assert all(not mine & {(round(x, 6), round(y, 6)) for x, y in grid.polygon(n)} for n in far)


def test_from_mapping_builds_what_the_data_declares() -> None:
    g = HexGrid.from_mapping({"orientation": "pointy", "columns": 10, "rows": 8, "size": 56, "origin": [12, 30],
                              "layout": "even", "ids": {"column": "numbers", "row": "numbers", "column_digits": 2,
                                                        "row_digits": 2, "first_column": 1}})
    assert g.orientation == "pointy" and g.origin == (12.0, 30.0) and g.hex_id(g.hex_of(0, 0)) == "0101"
    with pytest.raises(ValueError, match="hex grid"):
        HexGrid.from_mapping({"orientation": "flat", "columns": 3, "rows": 3, "size": 10, "colour": "red"})


@pytest.mark.parametrize("kwargs", [
    {"orientation": "round"}, {"layout": "odd-q"}, {"columns": 0}, {"size": 0.0}, {"spacing": -1.0},
    {"columns": 120, "ids": NUMBERS_0304}, {"columns": 200, "rows": 101}, {"size": float("inf")},
    {"spacing": float("nan")}, {"origin": (0.0, float("nan"))},
    {"rows": -1},
])
def test_an_inconsistent_grid_is_refused(kwargs: dict[str, object]) -> None:
    base: dict[str, object] = {"orientation": "flat", "columns": 4, "rows": 4, "size": 50.0}
    with pytest.raises(ValueError):
        HexGrid(**{**base, **kwargs})  # type: ignore[arg-type]


def test_an_id_scheme_that_cannot_be_read_back_is_refused() -> None:
    with pytest.raises(ValueError):
        IdScheme(column="letters", row="letters")
    with pytest.raises(ValueError):
        IdScheme(column="numbers", row="numbers", column_digits=1, row_digits=2)  # 1101: 1-101 or 11-01?
    with pytest.raises(ValueError):
        IdScheme(separator="x")
    with pytest.raises(ValueError):
        IdScheme(first_column=10**9)  # a label of 38 million letters
    with pytest.raises(ValueError):
        IdScheme(column="decimal")  # type: ignore[arg-type]
    assert IdScheme(column="letters", row="letters", separator="-").format(2, 0) == "C-B"
