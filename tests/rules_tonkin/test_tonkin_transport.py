"""TON-TRN-01 .. TON-TRN-07: one mode per phase, the trucks' and air transports' limits, the truck's load,
MP and sources, air transport and drops, the SD taken by the AA, the DNA, the ship."""

from __future__ import annotations

from sdbp_module.replay.hexes.events import DeclareUnit, box_place
from tests.rules_tonkin.tonkin_helpers import (
    CEF,
    NA_SAN,
    VM,
    carry,
    cef_movement,
    check,
    double,
    eliminate,
    ids,
    move,
    phase,
    setup_places,
    start,
    track_move,
    vm_movement,
)


def _only(events, rule, *switches):  # type: ignore[no-untyped-def]
    return ids(check(events, *switches, rules=[rule]))


# -- TON-TRN-01 ----------------------------------------------------------------------------------------


def test_trn01_one_transport_per_phase_is_legal_also_dragged_hex_by_hex() -> None:
    events = cef_movement(carry("CEF-1BEP", "truck", "T-14"), move("CEF-1BEP", "S-14", "T-14"), move("CEF-1BEP", "S-13", "S-14"))
    assert _only(events, "TON-TRN-01") == []


def test_trn01_a_transport_then_an_own_move_is_illegal() -> None:
    events = cef_movement(carry("CEF-1BEP", "truck", "T-14"), move("CEF-1BEP", "S-14", "T-14"), move("CEF-2BEP", "U-14", "T-14"),
                  move("CEF-1BEP", "S-13", "S-14"))
    assert _only(events, "TON-TRN-01") == [("TON-TRN-01", 5)]


def test_trn01_a_dna_is_never_carried() -> None:
    places = setup_places(CEF_DNA3="U-15")
    assert _only(cef_movement(carry("CEF-DNA3", "truck", "U-15"), move("CEF-DNA3", "T-14", "U-15"), places=places), "TON-TRN-01") == [("TON-TRN-01", 2)]


# -- TON-TRN-02 ----------------------------------------------------------------------------------------


def test_trn02_one_truck_use_with_two_units_is_legal() -> None:
    events = vm_movement(carry("VM-SD-1", "truck", "R-9"), move("VM-SD-1", "Q-10", "R-9"), carry("VM-SD-2", "truck", "R-9"),
                 move("VM-SD-2", "Q-10", "R-9"), track_move("trucks", 3, 2, VM))
    assert _only(events, "TON-TRN-02") == []


def test_trn02_a_second_truck_use_in_a_phase_is_illegal() -> None:
    events = vm_movement(carry("VM-SD-1", "truck", "R-9"), move("VM-SD-1", "Q-10", "R-9"), move("VM-308-36", "N-9", "O-8"),
                 carry("VM-SD-2", "truck", "R-9"), move("VM-SD-2", "Q-10", "R-9"))
    assert _only(events, "TON-TRN-02") == [("TON-TRN-02", 5)]


def test_trn02_the_trucks_marker_moved_down_pays_a_use_and_the_next_carry_is_another() -> None:
    events = vm_movement(carry("VM-SD-1", "truck", "R-9"), move("VM-SD-1", "Q-10", "R-9"), track_move("trucks", 3, 2, VM),
                 carry("VM-SD-2", "truck", "R-9"), move("VM-SD-2", "Q-10", "R-9"), track_move("trucks", 2, 1, VM))
    assert _only(events, "TON-TRN-02") == [("TON-TRN-02", 5)]
    assert _only(events, "TON-TRN-03") == []  # two uses of one SD each, not one use of two SDs


def test_trn02_a_second_ship_use_only_by_the_switch() -> None:
    events = cef_movement(carry("CEF-1BEP", "ship", "T-14"), move("CEF-1BEP", "box:saigon", "T-14"), move("CEF-2BEP", "U-14", "T-14"),
                  carry("CEF-3BPC", "ship", "T-14"), move("CEF-3BPC", "box:saigon", "T-14"))
    assert _only(events, "TON-TRN-02") == []
    assert ids(check(events, "ship-uses=one", rules=["TON-TRN-02"]), "suspicious") == [("TON-TRN-02", 5)]


# -- TON-TRN-03 ----------------------------------------------------------------------------------------


def test_trn03_a_vm_truck_on_a_road_line_from_china_is_legal() -> None:
    assert _only(vm_movement(carry("VM-SD-1", "truck", "R-9"), move("VM-SD-1", "Q-10", "R-9")), "TON-TRN-03") == []


def test_trn03_a_vm_truck_without_a_road_line_is_illegal() -> None:
    assert _only(vm_movement(carry("VM-148", "truck", "H-6"), move("VM-148", "H-7", "H-6")), "TON-TRN-03") == [("TON-TRN-03", 2)]


def test_trn03_a_vm_truck_carries_at_most_three_points() -> None:
    events = vm_movement(carry("VM-316-98", "truck", "P-9"), move("VM-316-98", "P-10", "P-9"), carry("VM-316-174", "truck", "P-9"),
                 move("VM-316-174", "P-10", "P-9"))
    assert _only(events, "TON-TRN-03") == [("TON-TRN-03", 4)]


def test_trn03_a_truck_has_14_motorised_mp_doubled_28() -> None:
    far = cef_movement(carry("CEF-1BEP", "truck", "T-14"), move("CEF-1BEP", "K-5", "T-14"))
    assert _only(far, "TON-TRN-03") == [("TON-TRN-03", 3)]
    doubled = cef_movement(carry("CEF-1BEP", "truck", "T-14"), double("CEF-1BEP", "T-14"), move("CEF-1BEP", "O-10", "T-14"))
    assert _only(doubled, "TON-TRN-03") == []


def test_trn03_a_cef_truck_starts_by_a_supply_centre() -> None:
    assert _only(cef_movement(carry("CEF-1BEP", "truck", "T-14"), move("CEF-1BEP", "S-13", "T-14")), "TON-TRN-03") == []
    assert _only(cef_movement(carry("CEF-2-6RTM", "truck", "J-12"), move("CEF-2-6RTM", "I-12", "J-12")), "TON-TRN-03") == [("TON-TRN-03", 2)]


# -- TON-TRN-04 ----------------------------------------------------------------------------------------


def test_trn04_air_transport_between_occupied_airfields_is_legal() -> None:
    assert _only(cef_movement(carry("CEF-1BEP", "air", "T-14"), move("CEF-1BEP", "F-8", "T-14")), "TON-TRN-04") == []


def test_trn04_landing_at_an_airfield_with_no_cef_unit_is_illegal() -> None:
    assert _only(cef_movement(carry("CEF-1BEP", "air", "T-14"), move("CEF-1BEP", "W-4", "T-14")), "TON-TRN-04") == [("TON-TRN-04", 3)]
    together = cef_movement(carry("CEF-1BEP", "air", "T-14"), move("CEF-1BEP", "W-4", "T-14"), carry("CEF-2BEP", "air", "T-14"),
                    move("CEF-2BEP", "W-4", "T-14"))
    assert _only(together, "TON-TRN-04") == [("TON-TRN-04", 3), ("TON-TRN-04", 5)]


def test_trn04_no_para_dropped_in_forest_or_mountain() -> None:
    assert _only(cef_movement(carry("CEF-1BEP", "para", "T-14"), move("CEF-1BEP", "S-15", "T-14")), "TON-TRN-04") == []
    assert _only(cef_movement(carry("CEF-1BEP", "para", "T-14"), move("CEF-1BEP", "T-11", "T-14")), "TON-TRN-04") == [("TON-TRN-04", 3)]


def test_trn04_declared_artillery_closes_an_airfield_undeclared_does_not() -> None:
    places = setup_places(VM_351_675="F-9")
    undeclared = cef_movement(carry("CEF-1BEP", "air", "T-14"), move("CEF-1BEP", "F-8", "T-14"), places=places)
    assert _only(undeclared, "TON-TRN-04") == []
    declared = [start(places), phase("vm-movement", NA_SAN, VM), DeclareUnit(side=VM, unit="VM-351-675", place="F-9"),
                phase("cef-movement", NA_SAN, CEF), carry("CEF-1BEP", "air", "T-14"), move("CEF-1BEP", "F-8", "T-14")]
    assert _only(declared, "TON-TRN-04") == [("TON-TRN-04", 5)]


def test_trn04_a_drop_into_the_aa_zoc_costs_two() -> None:
    places = setup_places(VM_367="R-13")
    two = [start(places), phase("vm-movement", NA_SAN, VM), DeclareUnit(side=VM, unit="VM-367", place="R-13"),
           phase("cef-movement", NA_SAN, CEF), carry("CEF-1BEP", "para", "T-14"), move("CEF-1BEP", "S-13", "T-14"),
           track_move("air-transport", 4, 2, CEF)]
    assert _only(two, "TON-TRN-04") == []
    one = [*two[:-1], track_move("air-transport", 4, 3, CEF)]
    assert _only(one, "TON-TRN-04") == [("TON-TRN-04", 5)]


# -- TON-TRN-05 ----------------------------------------------------------------------------------------


def test_trn05_an_sd_taken_by_the_aa_gives_the_vm_two_rp() -> None:
    places = setup_places(VM_367="R-13")
    head = [start(places), phase("vm-movement", NA_SAN, VM), DeclareUnit(side=VM, unit="VM-367", place="R-13"),
            phase("cef-movement", NA_SAN, CEF), carry("CEF-SD-1", "para", "T-14"), move("CEF-SD-1", "S-13", "T-14")]
    paid = [*head, eliminate("CEF-SD-1", "S-13"), track_move("vm-rp", 0, 2, VM)]
    assert _only(paid, "TON-TRN-05") == []
    unpaid = [*head, eliminate("CEF-SD-1", "S-13")]
    assert _only(unpaid, "TON-TRN-05") == [("TON-TRN-05", 5)]
    kept = list(head)
    assert _only(kept, "TON-TRN-05") == []


# -- TON-TRN-06 ----------------------------------------------------------------------------------------


def test_trn06_a_dna_carries_its_stack_along_the_river() -> None:
    places = setup_places(CEF_DNA3="U-15")
    assert _only(cef_movement(carry("CEF-3-3REI", "dna", "U-15"), move("CEF-3-3REI", "V-17", "U-15"), places=places), "TON-TRN-06") == []


def test_trn06_the_dna_may_be_dragged_before_its_passengers() -> None:
    places = setup_places(CEF_DNA3="U-15")
    events = cef_movement(move("CEF-DNA3", "V-17", "U-15"), carry("CEF-3-3REI", "dna", "U-15"), move("CEF-3-3REI", "V-17", "U-15"), places=places)
    assert _only(events, "TON-TRN-06") == []


def test_trn06_no_dna_in_the_start_hex_is_illegal() -> None:
    assert _only(cef_movement(carry("CEF-3-3REI", "dna", "U-15"), move("CEF-3-3REI", "V-17", "U-15")), "TON-TRN-06") == [("TON-TRN-06", 2)]


def test_trn06_off_the_river_network_is_illegal() -> None:
    places = setup_places(CEF_DNA3="U-15")
    assert _only(cef_movement(carry("CEF-3-3REI", "dna", "U-15"), move("CEF-3-3REI", "V-16", "U-15"), places=places), "TON-TRN-06") == [("TON-TRN-06", 3)]


def test_trn06_a_dna_carries_at_most_three_points() -> None:
    places = setup_places(CEF_DNA3="U-15")
    events = cef_movement(carry("CEF-3-3REI", "dna", "U-15"), move("CEF-3-3REI", "V-17", "U-15"), carry("CEF-3-5REI", "dna", "U-15"),
                  move("CEF-3-5REI", "V-17", "U-15"), places=places)
    assert _only(events, "TON-TRN-06") == [("TON-TRN-06", 4)]


# -- TON-TRN-07 ----------------------------------------------------------------------------------------


def test_trn07_a_ship_between_cef_ports_is_legal() -> None:
    places = setup_places(CEF_1BEP="Y-15")
    assert _only(cef_movement(carry("CEF-1BEP", "ship", "Y-15"), move("CEF-1BEP", "AA-15", "Y-15"), places=places), "TON-TRN-07") == []
    assert _only(cef_movement(carry("CEF-1BEP", "ship", "Y-15"), move("CEF-1BEP", box_place("saigon"), "Y-15"), places=places), "TON-TRN-07") == []


def test_trn07_a_coastal_port_to_vientiane_goes_through_saigon() -> None:
    places = setup_places(CEF_1BEP="Y-15")
    assert _only(cef_movement(carry("CEF-1BEP", "ship", "Y-15"), move("CEF-1BEP", "A-24", "Y-15"), places=places), "TON-TRN-07") == [("TON-TRN-07", 3)]


def test_trn07_a_ship_leaves_only_from_a_port() -> None:
    assert _only(cef_movement(carry("CEF-1BEP", "ship", "T-14"), move("CEF-1BEP", "Y-15", "T-14")), "TON-TRN-07") == [("TON-TRN-07", 3)]


def test_trn07_a_ship_carries_at_most_twelve_points() -> None:
    units = ["CEF-4-41RAC", "CEF-1BEP", "CEF-2BEP", "CEF-3BPC", "CEF-6BPC"]  # 6 + 2 + 2 + 2 + 2 = 14
    places = setup_places(**{u.replace("-", "_"): "Y-15" for u in units})
    events = [start(places), phase("cef-movement", NA_SAN, CEF)]
    for u in units:
        events += [carry(u, "ship", "Y-15"), move(u, "AA-15", "Y-15")]
    assert _only(events, "TON-TRN-07") == [("TON-TRN-07", 11)]
