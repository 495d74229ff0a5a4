"""Movement cost and path search (``rules/area_impulse/paths.py``) on the 7.0 example map (catalogue §4.1),
under SoDBP's restrictions (``package.IMPULSE``)."""

from __future__ import annotations

import pytest

from sdbp_module.games.sodbp.rules.package import IMPULSE
from sdbp_module.ids import AreaId, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.rules.area_impulse.paths import (
    Board,
    Mover,
    StepProblem,
    cheapest_path,
    reachable,
    step_cost,
    step_problems,
    walk,
)
from tests.rules._movement_fixtures import FR, VM, aid, example_game, initial_control


def sodbp_mover(side: Side, size: int, armour: bool, allowance: int) -> Mover:
    """A stack of ``side`` (``armour``: holding French armour) under SoDBP's restrictions."""
    return Mover(
        side,
        size,
        armour,
        allowance,
        closed=frozenset(c for s, c in IMPULSE.closed_classes if s is side),
        no_entry_enemy_occupied=side in IMPULSE.no_entry_enemy_occupied,
    )


@pytest.fixture(scope="module")
def game() -> GameData:
    return example_game()


def board(**counts: int) -> Board:
    """Counts given as ``fr10=2, vm17=1``; control as printed in the fixture."""
    table: dict[tuple[Side, AreaId], int] = {}
    for key, n in counts.items():
        side = FR if key.startswith("fr") else VM
        table[(side, AreaId(int(key[2:])))] = n
    return Board.of(initial_control(), table)


EXAMPLE = {"fr10": 2, "vm11": 2, "fr17": 2, "vm17": 1}


@pytest.mark.parametrize(
    ("side", "x", "y", "expected"),
    [
        (FR, 10, 7, 2),  # MV-1
        (FR, 10, 11, 2),  # MV-2
        (FR, 10, 17, 2),  # MV-3
        (FR, 17, 11, 3),  # MV-5
        (FR, 17, 10, 3),  # MV-6
        (VM, 17, 14, 3),  # MV-8
        (VM, 17, 11, 3),  # MV-9
    ],
)
def test_rule_7_0_example_step_costs(game: GameData, side: Side, x: int, y: int, expected: int) -> None:
    """Catalogue §4.1 MV-1..MV-3, MV-5, MV-6, MV-8, MV-9: the seed's 7.0 costs."""
    assert step_cost(game, side, aid(x), aid(y), board(**EXAMPLE)).total == expected


def test_single_surcharge_for_control_and_units(game: GameData) -> None:
    """7.0: enemy control and enemy units on entering 11 give one +1, not two (MV-2)."""
    cost = step_cost(game, FR, aid(10), aid(11), board(**EXAMPLE))
    assert (cost.enter_enemy_control, cost.enter_enemy_units, cost.river) == (True, True, False)
    assert cost.enter_surcharge == 1 and cost.leave_surcharge == 0


def test_bridge_cancels_river_surcharge(game: GameData) -> None:
    """7.0: a bridge (29–28, 29–21) cancels the river's +1; a bridgeless river 29|30 does not."""
    view = board()
    assert step_cost(game, FR, aid(29), aid(28), view).total == 1
    assert step_cost(game, FR, aid(29), aid(21), view).total == 1
    assert step_cost(game, FR, aid(29), aid(30), view).total == 2


def test_armour_crosses_only_by_bridge(game: GameData) -> None:
    """7.0 / MV-4: French armour may not cross 17|10 or 17|11; it may cross 29–28 by the bridge."""
    armour = sodbp_mover(FR, 1, True, 4)
    view = board(**EXAMPLE)
    assert StepProblem.BRIDGE_ONLY_RIVER in step_problems(game, armour, aid(17), aid(10), view)
    assert StepProblem.BRIDGE_ONLY_RIVER in step_problems(game, armour, aid(17), aid(11), view)
    assert step_problems(game, armour, aid(29), aid(28), board()) == ()
    # the only way round, 17 → 14 → 11 → 10, costs 2 + 2 + 2 = 6 > 4
    detour = cheapest_path(game, armour, aid(17), aid(10), view)
    assert detour is not None and detour.areas == (aid(17), aid(14), aid(11), aid(10))
    assert detour.cost == 6 and not detour.legal


def test_vm_may_not_enter_french_occupied_area(game: GameData) -> None:
    """7.0 / MV-7: the VM unit in 17 may not enter 10 (French-controlled, French units)."""
    v = sodbp_mover(VM, 1, False, 2)
    assert step_problems(game, v, aid(17), aid(10), board(**EXAMPLE)) == (StepProblem.ENTER_ENEMY_OCCUPIED,)


def test_french_never_enter_red(game: GameData) -> None:
    """2.2.1, 7.0: French units never enter a red-numbered area."""
    assert StepProblem.CLOSED_AREA in step_problems(game, sodbp_mover(FR, 1, False, 9), aid(10), aid(60), board())
    assert step_problems(game, sodbp_mover(VM, 1, False, 9), aid(10), aid(60), board()) == ()


def test_mv_11_control_changes_mid_move(game: GameData) -> None:
    """§4.1 MV-11: P → Q (VM, empty) → R costs 2 + 1 = 3; Q becomes French on entry."""
    u = sodbp_mover(FR, 1, False, 3)
    result = walk(game, u, aid(40), (aid(41), aid(42)), board(fr40=1))
    assert [s.cost.total for s in result.steps] == [2, 1]
    assert result.cost == 3 and result.legal
    assert result.final.controller(aid(41)) is FR
    assert result.control_changes == ((aid(41), VM, FR),)
    best = cheapest_path(game, u, aid(40), aid(42), board(fr40=1))
    assert best is not None and best.areas == (aid(40), aid(41), aid(42)) and best.cost == 3


def test_mv_12_stacking_into_and_through(game: GameData) -> None:
    """§4.1 MV-12: 8 French in X(50): a 2-stack may not end in X nor pass through it; 1 may."""
    view = board(fr50=8, fr52=2)
    two = sodbp_mover(FR, 2, False, 9)
    assert step_problems(game, two, aid(51), aid(50), view) == (StepProblem.STACK_LIMIT,)
    through = walk(game, two, aid(51), (aid(50), aid(52)), board(fr50=8, fr51=2))
    assert through.problems == ((0, StepProblem.STACK_LIMIT),)
    assert step_problems(game, sodbp_mover(FR, 1, False, 9), aid(51), aid(50), view) == ()


def test_mv_15_vm_path_through_french_occupied(game: GameData) -> None:
    """§4.1 MV-15: VM X → Y → Z with Y French-controlled holding a French unit: forbidden."""
    stack = sodbp_mover(VM, 1, False, 9)
    result = walk(game, stack, aid(52), (aid(51), aid(50)), board(vm52=1, fr51=1))
    assert result.problems == ((0, StepProblem.ENTER_ENEMY_OCCUPIED),)
    # the only other route, 52 → 50 directly, is legal
    best = cheapest_path(game, stack, aid(52), aid(50), board(vm52=1, fr51=1))
    assert best is not None and best.areas == (aid(52), aid(50))


def test_mv_14_pass_through_capture(game: GameData) -> None:
    """§4.1 MV-14: a VM stack passing through empty French E(51) captures it; it stays VM."""
    result = walk(game, sodbp_mover(VM, 2, False, 9), aid(52), (aid(51), aid(50)), board(vm52=2))
    assert result.final.controller(aid(51)) is VM
    assert (aid(51), FR, VM) in result.control_changes


def test_leaving_last_unit_hands_origin_to_enemy(game: GameData) -> None:
    """13.0: the French leaving 17 entirely (V stays) makes 17 VM at once."""
    result = walk(game, sodbp_mover(FR, 2, False, 9), aid(17), (aid(14),), board(**EXAMPLE))
    assert result.final.controller(aid(17)) is VM
    assert result.control_changes == ((aid(17), FR, VM),)


def test_cheapest_path_prefers_cheaper_detour(game: GameData) -> None:
    """7.0: 10 → 14 for the French: via 17 costs 2 + 2 (leaving V's area), via 11 costs 2 + 2.

    Equal costs: the tie goes to the lexicographically smaller path. Without V in 17, the path
    through 17 costs 2 + 1 = 3 and wins.
    """
    best = cheapest_path(game, sodbp_mover(FR, 2, False, 3), aid(10), aid(14), board(**EXAMPLE))
    assert best is not None
    assert best.areas == (aid(10), aid(11), aid(14)) and best.cost == 4
    alone = cheapest_path(game, sodbp_mover(FR, 2, False, 3), aid(10), aid(14), board(fr10=2, vm11=2, fr17=2))
    assert alone is not None
    assert alone.areas == (aid(10), aid(17), aid(14)) and alone.cost == 3


def test_reachable_for_vm_unit_in_17(game: GameData) -> None:
    """7.0 example: the VM unit in 17 with MA 2 can reach none of 10, 11, 14."""
    assert dict(reachable(game, sodbp_mover(VM, 1, False, 2), aid(17), board(**EXAMPLE))) == {}
