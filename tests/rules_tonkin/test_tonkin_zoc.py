"""TON-ZOC-01 (no double move by a DG unit, from or into an enemy ZOC, declared or inferred from the cost)
and TON-OOS-01 (no double move by an OoS unit, no OoS motorised unit moving by itself)."""

from __future__ import annotations

from sdbp_module.games.tonkin.rules.movement import enemy_zoc, hex_map
from sdbp_module.replay.hexes.state import HexState, apply
from tests.rules_tonkin.tonkin_helpers import (
    carry,
    cef_movement,
    check,
    double,
    game,
    ids,
    move,
    setup_places,
    start,
    vm_movement,
)


def _zoc(places: dict[str, str], side: str) -> set[str]:
    state = apply(HexState(), start(places))
    hmap = hex_map(game())
    return {hmap.grid.hex_id(h) for h in enemy_zoc(game(), state, side)}


# -- ZOC (1.3) ------------------------------------------------------------------------------------------


def test_zoc_exceptions_of_1_3() -> None:
    hq = setup_places(CEF_3_1RTM="box:eliminated", CEF_BT1="box:eliminated", CEF_BT3="box:eliminated")
    assert "N-9" not in _zoc(hq, "vm")  # M-9 emptied
    with_sd = dict(hq, **{"CEF-SD-1": "M-9"})
    assert "N-9" not in _zoc(with_sd, "vm")  # an SD has no ZOC
    assert "N-9" in _zoc(setup_places(), "vm")
    alone = setup_places(CEF_BT1="box:eliminated", CEF_BT3="box:eliminated")
    assert "N-9" in _zoc(alone, "vm")
    state = apply(HexState(), start(alone, statuses=[("CEF-3-1RTM", "dg")]))
    assert hex_map(game()).grid.parse_id("N-9") not in enemy_zoc(game(), state, "vm")  # a DG unit has none


# -- TON-ZOC-01 -----------------------------------------------------------------------------------------


def test_zoc01_a_declared_double_move_clear_of_enemy_zoc_is_legal() -> None:
    events = vm_movement(double("VM-308-36", "O-8"), move("VM-308-36", "K-4", "O-8"))
    assert ids(check(events, rules=["TON-ZOC-01", "TON-MOV-01"])) == []


def test_zoc01_a_declared_double_move_from_an_enemy_zoc_is_illegal() -> None:
    places = setup_places(VM_308_36="N-9")
    events = vm_movement(double("VM-308-36", "N-9"), move("VM-308-36", "P-5", "N-9"), places=places)
    report = check(events, rules=["TON-ZOC-01"])
    assert ids(report, "illegal") == [("TON-ZOC-01", 2)]


def test_zoc01_a_double_move_by_a_dg_unit_inferred_from_the_texts_minima_is_illegal() -> None:
    legal = vm_movement(move("VM-308-36", "Q-12", "O-8"))
    assert ids(check(legal, rules=["TON-ZOC-01"])) == []
    dg = vm_movement(move("VM-308-36", "Q-12", "O-8"), statuses=[("VM-308-36", "dg")])
    assert ids(check(dg, rules=["TON-ZOC-01"]), "illegal") == [("TON-ZOC-01", 2)]


def test_zoc01_a_double_move_into_an_enemy_zoc_only_by_the_chart_is_suspicious() -> None:
    report = check(vm_movement(move("VM-308-36", "L-8", "O-8")), rules=["TON-ZOC-01"])
    assert ids(report, "suspicious") == [("TON-ZOC-01", 2)]
    assert ids(report, "illegal") == []


def test_zoc01_an_oos_units_double_move_is_oos01s_not_zoc01s() -> None:
    events = vm_movement(double("VM-308-36", "O-8"), move("VM-308-36", "K-4", "O-8"), statuses=[("VM-308-36", "oos"), ("VM-308-36", "dg")])
    assert ids(check(events, rules=["TON-ZOC-01", "TON-OOS-01"])) == [("TON-OOS-01", 2)]


# -- TON-OOS-01 -----------------------------------------------------------------------------------------


def test_oos01_an_oos_unit_moving_within_its_ma_is_legal() -> None:
    events = vm_movement(move("VM-308-36", "M-5", "O-8"), statuses=[("VM-308-36", "oos")])
    assert ids(check(events, rules=["TON-OOS-01"])) == []


def test_oos01_an_oos_unit_declaring_a_double_move_is_illegal() -> None:
    events = vm_movement(double("VM-308-36", "O-8"), move("VM-308-36", "K-4", "O-8"), statuses=[("VM-308-36", "oos")])
    assert ids(check(events, rules=["TON-OOS-01"]), "illegal") == [("TON-OOS-01", 2)]


def test_oos01_an_inferred_double_move_of_an_oos_unit_is_suspicious() -> None:
    events = vm_movement(move("VM-308-36", "K-4", "O-8"), statuses=[("VM-308-36", "oos")])
    assert ids(check(events, rules=["TON-OOS-01"]), "suspicious") == [("TON-OOS-01", 2)]


def test_oos01_an_oos_motorised_unit_moves_only_by_transport() -> None:
    oos = [("CEF-4-41RAC", "oos")]
    assert ids(check(cef_movement(move("CEF-4-41RAC", "U-14", "T-14"), statuses=oos), rules=["TON-OOS-01"])) == [("TON-OOS-01", 2)]
    carried = cef_movement(carry("CEF-4-41RAC", "truck", "T-14"), move("CEF-4-41RAC", "U-14", "T-14"), statuses=oos)
    assert ids(check(carried, rules=["TON-OOS-01"])) == []
