"""Hex coordinates: neighbours, distance, rings and ranges, the hex line and its hexside ties."""

from __future__ import annotations

import random

import pytest

from sdbp_module.hexgrid.coords import (
    DIRECTIONS,
    Hex,
    along_hexsides,
    cube_round,
    distance,
    hex_line,
    hexes_crossed,
    hexes_within,
    neighbours,
    ring,
)

O = Hex(0, 0)


def _random_hex(rng: random.Random, spread: int = 12) -> Hex:
    return Hex(rng.randint(-spread, spread), rng.randint(-spread, spread))


def test_the_six_neighbours_are_one_step_away_and_distinct() -> None:
    ns = neighbours(Hex(3, -2))
    assert len(set(ns)) == 6
    assert all(distance(Hex(3, -2), n) == 1 for n in ns)
    assert set(neighbours(O)) == set(DIRECTIONS)


@pytest.mark.parametrize(("a", "b", "d"), [(O, O, 0), (O, Hex(3, 0), 3), (O, Hex(2, -1), 2), (O, Hex(-2, 3), 3), (Hex(1, 1), Hex(-2, -1), 5)])
def test_distance(a: Hex, b: Hex, d: int) -> None:
    assert distance(a, b) == d


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_a_ring_holds_the_hexes_at_exactly_its_radius(radius: int) -> None:
    hexes = ring(Hex(2, -3), radius)
    assert len(hexes) == len(set(hexes)) == max(1, 6 * radius)
    assert {distance(Hex(2, -3), h) for h in hexes} == {radius}


@pytest.mark.parametrize("radius", [0, 1, 3])
def test_a_range_holds_every_hex_within_its_radius(radius: int) -> None:
    hexes = hexes_within(Hex(-1, 2), radius)
    assert len(hexes) == 1 + 3 * radius * (radius + 1)
    assert set(hexes) == {h for k in range(radius + 1) for h in ring(Hex(-1, 2), k)}


def test_negative_radii_are_refused() -> None:
    with pytest.raises(ValueError):
        ring(O, -1)
    with pytest.raises(ValueError):
        hexes_within(O, -1)


def test_cube_round_picks_the_nearest_centre() -> None:
    assert cube_round(0.1, 0.1) == O
    assert cube_round(0.9, -0.1) == Hex(1, 0)
    assert cube_round(0.4, 0.4) == Hex(0, 1)  # s = -0.8 is nearest its integer, r gives way
    assert cube_round(-0.6, 0.9) == Hex(-1, 1)


def test_a_straight_line_runs_through_one_hex_per_step() -> None:
    assert hex_line(O, Hex(3, 0)) == ((O,), (Hex(1, 0),), (Hex(2, 0),), (Hex(3, 0),))
    assert hex_line(O, O) == ((O,),)
    assert hex_line(O, Hex(0, 1)) == ((O,), (Hex(0, 1),))


def test_a_line_exactly_along_a_hexside_has_both_hexes_of_the_side_as_one_step() -> None:
    # From O to (2, -1) the segment runs between (1, -1) and (1, 0) along their common side.
    assert hex_line(O, Hex(2, -1)) == ((O,), (Hex(1, -1), Hex(1, 0)), (Hex(2, -1),))
    # Twice as long: two ties, and the hex in the middle is on the line itself.
    line = hex_line(O, Hex(4, -2))
    assert line == ((O,), (Hex(1, -1), Hex(1, 0)), (Hex(2, -1),), (Hex(3, -2), Hex(3, -1)), (Hex(4, -2),))
    # Every one of the six hexside directions gives a tie.
    for d in ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1)):
        middle = hex_line(O, Hex(*d))[1]
        assert len(middle) == 2 and all(distance(O, h) == 1 and distance(Hex(*d), h) == 1 for h in middle)


def test_a_line_near_but_not_along_a_hexside_has_no_tie() -> None:
    assert all(len(step) == 1 for step in hex_line(O, Hex(5, -3)))
    assert not along_hexsides(O, Hex(5, -3)) and not along_hexsides(O, Hex(3, 0)) and not along_hexsides(O, O)


def test_a_line_crossing_a_hexside_at_a_sample_passes_through_both_hexes() -> None:
    # O → (4, -1) is not along hexsides, but at t = 1/2 it crosses the side of (2, -1) and (2, 0)
    # at the side's midpoint: just before it is in one hex, just after in the other.
    b = Hex(4, -1)
    assert not along_hexsides(O, b)
    step = hex_line(O, b)[2]
    assert step == (Hex(2, -1), Hex(2, 0))
    just = {cube_round(b.q * t, b.r * t) for t in (0.49, 0.51)}
    assert just == set(step)


def test_a_line_along_hexsides_passes_between_the_two_hexes() -> None:
    # O → (2, -1): the points just before and after the middle sample are on the segment, which
    # lies on the side itself, so a hair to either side of it is in one hex or the other.
    b = Hex(2, -1)
    assert along_hexsides(O, b) and along_hexsides(Hex(3, 3), Hex(4, 4)) and not along_hexsides(Hex(3, 3), Hex(4, 5))
    for t in (0.4, 0.5, 0.6):
        q, r = b.q * t, b.r * t
        assert {cube_round(q + 1e-4, r + 2e-4), cube_round(q - 1e-4, r - 2e-4)} == {Hex(1, -1), Hex(1, 0)}


def test_line_properties_on_random_pairs() -> None:
    rng = random.Random(24)
    for _ in range(400):
        a, b = _random_hex(rng), _random_hex(rng)
        line = hex_line(a, b)
        assert len(line) == distance(a, b) + 1
        assert line[0] == (a,) and line[-1] == (b,)
        assert hex_line(b, a) == tuple(reversed(line))
        for i, step in enumerate(line):
            assert all(distance(a, h) == i for h in step)
            if len(step) == 2:
                assert distance(step[0], step[1]) == 1
                if not along_hexsides(a, b):  # a crossing: the segment is in each hex on either side of the sample
                    n, d = len(line) - 1, b - a
                    around = {cube_round(a.q + d.q * (i + e) / n, a.r + d.r * (i + e) / n) for e in (-0.01, 0.01)}
                    assert around == set(step)
        for before, after in zip(line, line[1:]):
            assert all(distance(x, y) == 1 for x in before for y in after)


def test_distance_properties_on_random_hexes() -> None:
    rng = random.Random(7)
    for _ in range(500):
        a, b, c = _random_hex(rng), _random_hex(rng), _random_hex(rng)
        assert distance(a, b) == distance(b, a) >= 0
        assert (distance(a, b) == 0) == (a == b)
        assert distance(a, c) <= distance(a, b) + distance(b, c)
        assert all(distance(a, n) == 1 for n in neighbours(a))
        assert b in ring(a, distance(a, b))


def _dense(a: Hex, b: Hex, samples: int = 3001) -> set[Hex]:
    """The hexes of many points strictly inside the segment (none of them a hex line sample)."""
    d = b - a
    return {a, b} | {cube_round(a.q + d.q * (k + 0.5) / samples, a.r + d.r * (k + 0.5) / samples) for k in range(samples)}


def test_the_lerp_line_misses_hexes_the_segment_clips_and_hexes_crossed_has_them() -> None:
    a, b = Hex(-2, 5), Hex(4, -2)
    lerp = {h for step in hex_line(a, b) for h in step}
    exact = hexes_crossed(a, b)
    assert Hex(0, 2) not in lerp and Hex(2, 1) not in lerp
    assert {h for step in exact for h in step} == _dense(a, b) == lerp | {Hex(0, 2), Hex(2, 1)}
    assert exact[3] == (Hex(0, 2),) and exact[6] == (Hex(2, 1),)  # in order along the segment


def test_a_hex_touched_only_at_a_corner_is_not_crossed() -> None:
    # O → (5, -1) passes exactly through the corner shared by (1, 0), (2, 0) and (2, -1) at t = 1/3.
    exact = {h for step in hexes_crossed(O, Hex(5, -1)) for h in step}
    assert exact == _dense(O, Hex(5, -1))
    assert len({Hex(1, 0), Hex(2, 0), Hex(2, -1)} & exact) == 2


def test_along_a_hexside_both_traces_give_the_same_ties() -> None:
    for b in (Hex(2, -1), Hex(4, -2), Hex(-3, 6), Hex(1, 1)):
        assert hexes_crossed(O, b) == hex_line(O, b)
    assert hexes_crossed(O, O) == ((O,),)
    # a crossing at a sample is two steps of one hex each, in order
    assert hexes_crossed(O, Hex(4, -1)) == ((O,), (Hex(1, 0),), (Hex(2, -1),), (Hex(2, 0),), (Hex(3, -1),), (Hex(4, -1),))


def test_hexes_crossed_on_random_pairs() -> None:
    rng = random.Random(11)
    for _ in range(120):
        a, b = _random_hex(rng, 6), _random_hex(rng, 6)
        exact = hexes_crossed(a, b)
        crossed = {h for step in exact for h in step}
        assert exact[0] == (a,) and exact[-1] == (b,)
        assert {h for step in hex_line(a, b) for h in step} <= crossed
        assert len(exact) >= distance(a, b) + 1
        assert any(len(step) == 2 for step in exact) == (along_hexsides(a, b) and distance(a, b) > 1)
        if not along_hexsides(a, b):
            assert crossed == _dense(a, b)
        assert tuple(reversed(hexes_crossed(b, a))) == exact
