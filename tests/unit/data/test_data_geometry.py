"""data.geometry: simple polygons, containment, overlap and shared borders on integer pixels."""

from __future__ import annotations

from sdbp_module.data.geometry import (
    Where,
    collinear,
    interiors_overlap,
    locate,
    self_intersection,
    shared_border_length,
    signed_area,
)

SQUARE = [(0, 0), (10, 0), (10, 10), (0, 10)]
RIGHT = [(10, 0), (20, 0), (20, 10), (10, 10)]


def test_a_square_is_simple_with_its_area() -> None:
    assert self_intersection(SQUARE) is None
    assert signed_area(SQUARE) == 100


def test_a_bow_tie_crosses_itself() -> None:
    assert self_intersection([(0, 0), (10, 10), (10, 0), (0, 10)]) == (0, 2)


def test_an_edge_folding_back_on_its_neighbour_is_not_simple() -> None:
    assert self_intersection([(0, 0), (10, 0), (5, 0), (5, 5)]) == (0, 1)


def test_a_repeated_point_is_not_simple() -> None:
    assert self_intersection([(0, 0), (10, 0), (10, 0), (0, 10)]) == (1, 1)


def test_points_on_one_line_are_collinear() -> None:
    assert collinear([(0, 0), (5, 5), (10, 10)])
    assert not collinear(SQUARE)


def test_points_are_inside_outside_or_on_the_outline() -> None:
    assert locate((5, 5), SQUARE) is Where.INSIDE
    assert locate((10, 5), SQUARE) is Where.ON_EDGE
    assert locate((0, 0), SQUARE) is Where.ON_EDGE
    assert locate((11, 5), SQUARE) is Where.OUTSIDE


def test_neighbours_sharing_an_edge_do_not_overlap_and_share_its_length() -> None:
    assert not interiors_overlap(SQUARE, RIGHT, (5, 5), (15, 5))
    assert shared_border_length(SQUARE, RIGHT) == 10


def test_corner_neighbours_share_no_border() -> None:
    assert shared_border_length(SQUARE, [(10, 10), (20, 10), (20, 20), (10, 20)]) == 0


def test_a_partial_shared_edge_counts_its_common_part() -> None:
    assert shared_border_length(SQUARE, [(10, 5), (20, 5), (20, 30), (10, 30)]) == 5


def test_crossing_outlines_overlap() -> None:
    assert interiors_overlap(SQUARE, [(5, -5), (15, -5), (15, 5), (5, 5)], (5, 5), (10, 0))


def test_a_polygon_inside_another_overlaps() -> None:
    assert interiors_overlap(SQUARE, [(2, 2), (4, 2), (4, 4)], (5, 5), (3, 3))


def test_identical_outlines_overlap() -> None:
    assert interiors_overlap(SQUARE, list(SQUARE), (5, 5), (5, 5))
