"""Line of fire on a small test map: blocking terrain between, hills seeing over, hexside ties, range.

The map, in axial coordinates (a row of hexes along +q from the firer at O, and the hexside
direction O → T2 = (2, -1), whose middle step is the tie of (1, -1) and (1, 0)):

    O (0,0) ── (1,0) ── (2,0) ── (3,0)       the straight line O → (3, 0)
        └── (1,-1) | (1,0) ──► T2 (2,-1)     the line along the hexside between (1,-1) and (1,0)
"""

from __future__ import annotations

import pytest

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.sight import fire_range, line_of_fire

O, E1, E2, E3 = Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)
UP, T2 = Hex(1, -1), Hex(2, -1)


def test_a_clear_line_is_clear() -> None:
    sight = line_of_fire(O, E3, {})
    assert sight.clear and sight.blocking == () and len(sight.line) == 4


def test_forest_between_blocks() -> None:
    sight = line_of_fire(O, E3, {E2: True})
    assert not sight.clear and sight.blocking == (E2,)


def test_the_ends_never_block_their_own_line() -> None:
    assert line_of_fire(O, E3, {O: True, E3: True}).clear


def test_adjacent_hexes_always_see_each_other() -> None:
    assert line_of_fire(O, E1, {O: True, E1: True}, {O: 0, E1: 5}, rule="none", higher_blocks=True).clear


def test_a_blocking_callable_is_read_like_a_mapping() -> None:
    assert not line_of_fire(O, E3, lambda h: h == E1).clear
    assert line_of_fire(O, E3, lambda h: h == UP).clear


def test_hill_ends_see_over_lower_forest_with_the_usual_exception() -> None:
    blocks, heights = {E2: True}, {O: 1, E3: 1}
    assert line_of_fire(O, E3, blocks, heights).clear  # default below_both: 0 < 1 and 0 < 1
    assert line_of_fire(O, E3, blocks, heights, rule="none").blocking == (E2,)


def test_below_both_needs_both_ends_higher() -> None:
    blocks, heights = {E2: True}, {O: 1, E3: 0}
    assert not line_of_fire(O, E3, blocks, heights, rule="below_both").clear
    assert line_of_fire(O, E3, blocks, heights, rule="below_either").clear


def test_a_blocking_hex_as_high_as_the_ends_still_blocks() -> None:
    blocks, heights = {E2: True}, {O: 1, E2: 1, E3: 1}  # a hill between two hills
    for rule in ("none", "below_both", "below_either"):
        assert not line_of_fire(O, E3, blocks, heights, rule=rule).clear


def test_higher_ground_blocks_only_when_asked() -> None:
    heights = {E2: 2}  # a clear rise between two hexes at 0
    assert line_of_fire(O, E3, {}, heights).clear
    assert line_of_fire(O, E3, {}, heights, higher_blocks=True).blocking == (E2,)
    assert line_of_fire(O, E3, {}, {E2: 2, O: 2}, higher_blocks=True).clear  # not higher than both


@pytest.mark.parametrize(
    ("blocking", "both", "either"),
    [
        ({}, True, True),  # neither side blocks
        ({UP: True}, True, False),  # one side: both → clear (fire down the clear side), either → blocked
        ({E1: True}, True, False),
        ({UP: True, E1: True}, False, False),  # both sides block: blocked under either policy
    ],
)
def test_a_line_along_a_hexside_by_each_tie_policy(blocking: dict[Hex, bool], both: bool, either: bool) -> None:
    assert line_of_fire(O, T2, blocking).line[1] == (UP, E1)
    assert line_of_fire(O, T2, blocking, tie="both").clear is both
    assert line_of_fire(O, T2, blocking, tie="either").clear is either


def test_the_elevation_exception_applies_to_each_side_of_a_tie() -> None:
    # Both sides are forest, but one lies low between two hills: under "both" the low side is clear.
    blocking, heights = {UP: True, E1: True}, {O: 1, T2: 1, UP: 1}
    assert line_of_fire(O, T2, blocking, heights, tie="both").clear
    assert line_of_fire(O, T2, blocking, heights, tie="either").blocking == (UP,)


def test_unknown_policies_are_refused() -> None:
    with pytest.raises(ValueError, match="tie policy"):
        line_of_fire(O, E3, {}, tie="neither")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="elevation rule"):
        line_of_fire(O, E3, {}, rule="higher")  # type: ignore[arg-type]


def test_range_is_the_hex_distance() -> None:
    assert fire_range(O, E3) == 3 and fire_range(O, T2) == 2 and fire_range(O, O) == 0


@pytest.mark.parametrize("tie", ["both", "either"])
def test_a_line_crossing_a_hexside_is_blocked_by_either_hex_whatever_the_policy(tie: str) -> None:
    # O → (4, -1) passes through both (2, -1) and (2, 0) (it crosses their side at its middle): not a tie.
    far = Hex(4, -1)
    assert not line_of_fire(O, far, {Hex(2, 0): True}, tie=tie).clear  # type: ignore[arg-type]
    assert line_of_fire(O, far, {Hex(2, 0): True}, tie=tie).blocking == (Hex(2, 0),)  # type: ignore[arg-type]
    assert line_of_fire(O, far, {Hex(1, -1): True}, tie=tie).clear  # type: ignore[arg-type]  # not on the line


def test_a_hex_the_segment_only_clips_blocks() -> None:
    # (-2, 5) → (4, -2) clips (0, 2) between two samples of the lerp line: it still blocks.
    sight = line_of_fire(Hex(-2, 5), Hex(4, -2), {Hex(0, 2): True})
    assert not sight.clear and (Hex(0, 2),) in sight.line
