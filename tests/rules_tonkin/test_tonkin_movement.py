"""TON-MOV-01 .. TON-MOV-06: the cost of a move (the cheapest path between a drag's ends, by the
reconstructed chart and by the text's minima), enemy hexes, CEF SDs, where a unit may end (3.8), the 1er
REC and the DNA, destroyed roads."""

from __future__ import annotations

from sdbp_module.games.tonkin.rules.movement import rainy
from tests.rules_tonkin.tonkin_helpers import (
    NA_SAN,
    VM,
    carry,
    cef_movement,
    check,
    eliminate,
    game,
    ids,
    marker_move,
    move,
    phase,
    setup_places,
    start,
    vm_movement,
)


def _only(events, rule, *switches):  # type: ignore[no-untyped-def]
    return ids(check(events, *switches, rules=[rule]))


# -- the rainy months ----------------------------------------------------------------------------------


def test_rainy_months_are_june_to_september_by_the_turn_labels() -> None:
    assert [t for t in range(1, 13) if rainy(game(), t)] == [9, 10, 11, 12]  # Jun-Sep 1951


# -- TON-MOV-01 ----------------------------------------------------------------------------------------


def test_mov01_a_move_within_the_ma_is_legal() -> None:
    assert _only(vm_movement(move("VM-308-36", "M-5", "O-8")), "TON-MOV-01") == []


def test_mov01_a_move_within_twice_the_ma_is_a_double_move_not_a_cost_fault() -> None:
    assert _only(vm_movement(move("VM-308-36", "K-4", "O-8")), "TON-MOV-01") == []


def test_mov01_over_twice_the_ma_by_the_texts_minima_is_illegal() -> None:
    report = check(vm_movement(move("VM-308-36", "C-4", "O-8")), rules=["TON-MOV-01"])
    assert ids(report) == [("TON-MOV-01", 2)]
    assert report.findings[0].severity.value == "illegal"


def test_mov01_over_twice_the_ma_only_by_the_chart_is_suspicious() -> None:
    report = check(vm_movement(move("VM-308-36", "K-7", "O-8")), rules=["TON-MOV-01"])
    assert ids(report, "suspicious") == [("TON-MOV-01", 2)]
    assert ids(report, "illegal") == []


def test_mov01_the_legs_of_a_move_add_up() -> None:
    one = vm_movement(move("VM-308-36", "Q-12", "O-8"))
    assert _only(one, "TON-MOV-01") == []
    both = vm_movement(move("VM-308-36", "Q-12", "O-8"), move("VM-308-88", "N-9", "O-8"), move("VM-308-36", "O-8", "Q-12"))
    assert _only(both, "TON-MOV-01") == [("TON-MOV-01", 4)]


def test_mov01_the_rainy_season_adds_one_per_hex() -> None:
    assert _only(vm_movement(move("VM-308-36", "M-2", "O-8")), "TON-MOV-01") == []
    june = 21  # Jun 1952
    assert _only(vm_movement(move("VM-308-36", "M-2", "O-8"), turn=june), "TON-MOV-01") == [("TON-MOV-01", 2)]


def test_mov01_a_dg_unit_pays_one_more_per_hex() -> None:
    dg = [("VM-308-36", "dg")]
    assert _only(vm_movement(move("VM-308-36", "M-2", "O-8"), statuses=dg), "TON-MOV-01") == [("TON-MOV-01", 2)]


def test_mov01_one_hex_is_always_allowed() -> None:
    places = setup_places(CEF_BVNG3="O-10")  # MA 4
    assert _only(cef_movement(move("CEF-BVNG3", "O-11", "O-10"), places=places, statuses=[("CEF-BVNG3", "dg")]), "TON-MOV-01") == []


def test_mov01_only_the_moving_sides_units_in_its_movement_phase() -> None:
    assert _only(cef_movement(move("VM-308-36", "C-4", "O-8")), "TON-MOV-01") == []  # TON-SEQ-01's
    events = [start(), phase("operations", NA_SAN), move("VM-308-36", "C-4", "O-8")]
    assert _only(events, "TON-MOV-01") == []


# -- TON-MOV-02 ----------------------------------------------------------------------------------------


def test_mov02_a_move_next_to_the_enemy_is_legal() -> None:
    assert _only(vm_movement(move("VM-308-36", "N-9", "O-8")), "TON-MOV-02") == []


def test_mov02_a_move_into_an_enemy_hex_is_illegal() -> None:
    assert _only(vm_movement(move("VM-308-36", "M-9", "O-8")), "TON-MOV-02") == [("TON-MOV-02", 2)]


def test_mov02_a_hex_holding_only_an_enemy_sd_may_be_entered() -> None:
    places = setup_places(CEF_SD_1="N-9")
    assert _only(vm_movement(move("VM-308-36", "N-9", "O-8"), places=places), "TON-MOV-02") == []


def test_mov02_an_air_support_counter_on_its_target_is_no_enemy_unit() -> None:
    places = setup_places(CEF_AIR35="N-9")
    assert _only(vm_movement(move("VM-308-36", "N-9", "O-8"), places=places), "TON-MOV-02") == []


# -- TON-MOV-03 ----------------------------------------------------------------------------------------


def test_mov03_a_cef_sd_carried_is_legal() -> None:
    assert _only(cef_movement(carry("CEF-SD-1", "truck", "T-14"), move("CEF-SD-1", "S-14", "T-14")), "TON-MOV-03") == []


def test_mov03_a_cef_sd_moving_by_itself_is_illegal() -> None:
    assert _only(cef_movement(move("CEF-SD-1", "S-14", "T-14")), "TON-MOV-03") == [("TON-MOV-03", 2)]


def test_mov03_a_vm_sd_moves_by_itself() -> None:
    assert _only(vm_movement(move("VM-SD-1", "R-10", "R-9")), "TON-MOV-03") == []


# -- TON-MOV-05 ----------------------------------------------------------------------------------------


def test_mov05_a_thai_unit_ending_in_the_highlands_is_legal() -> None:
    places = setup_places(CEF_BT1="Q-12")
    assert _only(cef_movement(move("CEF-BT1", "Q-11", "Q-12"), places=places), "TON-MOV-05") == []


def test_mov05_a_thai_unit_ending_in_the_delta_and_staying_is_illegal() -> None:
    places = setup_places(CEF_BT1="Q-12")
    assert _only(cef_movement(move("CEF-BT1", "R-12", "Q-12"), places=places), "TON-MOV-05") == [("TON-MOV-05", 2)]


def test_mov05_a_unit_eliminated_where_it_ended_is_no_finding() -> None:
    places = setup_places(CEF_BT1="Q-12")
    events = cef_movement(move("CEF-BT1", "R-12", "Q-12"), eliminate("CEF-BT1", "R-12"), places=places)
    assert _only(events, "TON-MOV-05") == []


def test_mov05_the_vm_hq_in_china_by_the_switch() -> None:
    places = setup_places(VM_HQ="N-3")
    events = vm_movement(move("VM-HQ", "N-2", "N-3"), places=places)
    assert _only(events, "TON-MOV-05") == []
    report = check(events, "vm-support-units=vietnam-laos", rules=["TON-MOV-05"])
    assert ids(report, "suspicious") == [("TON-MOV-05", 2)]


def test_mov05_a_vm_regiment_may_end_in_china() -> None:
    places = setup_places(VM_308_36="N-3")
    assert _only(vm_movement(move("VM-308-36", "N-2", "N-3"), places=places), "TON-MOV-05") == []


# -- TON-MOV-04 ----------------------------------------------------------------------------------------


def test_mov04_the_1er_rec_in_clear_terrain_is_legal() -> None:
    places = setup_places(CEF_1REC="T-14")
    assert _only(cef_movement(move("CEF-1REC", "U-16", "T-14"), places=places), "TON-MOV-04") == []


def test_mov04_the_1er_rec_ending_in_rough_is_illegal() -> None:
    places = setup_places(CEF_1REC="T-14")
    events = cef_movement(move("CEF-1REC", "S-15", "T-14"), places=places)
    assert ids(check(events, rules=["TON-MOV-04", "TON-MOV-01"])) == [("TON-MOV-04", 2)]


def test_mov04_a_dna_along_the_river_is_legal_off_it_illegal() -> None:
    places = setup_places(CEF_DNA3="U-15")
    assert _only(cef_movement(move("CEF-DNA3", "V-17", "U-15"), places=places), "TON-MOV-04") == []
    off = cef_movement(move("CEF-DNA3", "V-16", "U-15"), places=places)
    assert ids(check(off, rules=["TON-MOV-04", "TON-MOV-01"])) == [("TON-MOV-04", 2)]


# -- TON-MOV-06 ----------------------------------------------------------------------------------------


def _destroyed(hex_id: str):  # type: ignore[no-untyped-def]
    from tests.rules_tonkin.tonkin_helpers import track_markers

    return (*track_markers(), ("destroyed-road", "destroyed", hex_id))


def test_mov06_a_move_that_fits_along_an_intact_road_is_legal() -> None:
    assert _only(cef_movement(move("CEF-2-6RTM", "O-16", "J-12")), "TON-MOV-06") == []


def test_mov06_a_move_that_fits_only_through_a_destroyed_road_is_illegal() -> None:
    events = cef_movement(move("CEF-2-6RTM", "O-16", "J-12"), markers=_destroyed("L-13"))
    assert ids(check(events, rules=["TON-MOV-06", "TON-MOV-01"])) == [("TON-MOV-06", 2)]


def test_mov06_the_road_marker_is_placed_after_all_movement() -> None:
    road = marker_move("vm-road", "", "P-10", "road", VM)
    assert _only(vm_movement(move("VM-308-36", "N-9", "O-8"), road), "TON-MOV-06") == []
    assert _only(vm_movement(road, move("VM-308-36", "N-9", "O-8")), "TON-MOV-06") == [("TON-MOV-06", 3)]


def test_mov06_an_engineer_that_moved_places_no_road_marker() -> None:
    events = vm_movement(move("VM-351-151", "P-11", "P-10"), marker_move("vm-road", "", "P-11", "road", VM))
    assert _only(events, "TON-MOV-06") == [("TON-MOV-06", 3)]


def test_mov06_leaving_a_destroyed_road_hex_along_the_road_is_allowed() -> None:
    events = cef_movement(move("CEF-2-6RTM", "O-16", "J-12"), markers=_destroyed("J-12"))
    assert ids(check(events, rules=["TON-MOV-06", "TON-MOV-01"])) == []
