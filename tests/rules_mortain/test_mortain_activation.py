"""MOR-ACT-01..05 and the activation readings: ⌈value/2⌉ with the Ace 1, a face card's group."""

from __future__ import annotations

import pytest
from mortain_helpers import (
    DE,
    TIGER,
    US,
    act,
    check,
    draw,
    fire,
    found,
    game,
    mid,
    move,
    opening,
    pass_,
    serious,
    support,
)

from sdbp_module.model.playing_cards import activation


@pytest.mark.parametrize(
    ("rank", "units"), [("A", 1), ("2", 1), ("3", 2), ("4", 2), ("5", 3), ("6", 3), ("7", 4), ("8", 4), ("9", 5), ("10", 5)]
)
def test_half_the_value_rounded_up_ace_one(rank: str, units: int) -> None:
    spec = game().deck
    assert spec is not None
    found_ = activation(spec, spec.card(rank + "S"))
    assert found_ is not None and (found_.units, found_.group) == (units, False)


@pytest.mark.parametrize("rank", ["J", "Q", "K"])
def test_a_face_card_activates_one_unit_or_one_group(rank: str) -> None:
    spec = game().deck
    assert spec is not None
    found_ = activation(spec, spec.card(rank + "H"))
    assert found_ is not None and (found_.units, found_.group) == (1, True)


def test_the_side_of_the_card_colour() -> None:
    assert serious(check([*opening(), draw("2H"), act(US, "US-743")])) == []
    report = check([*opening(), draw("2S"), act(US, "US-743"), pass_(US)])
    assert found(report, "MOR-ACT-01") == [("MOR-ACT-01", "illegal", 3)]  # once per impulse


def test_a_number_card_activates_half_its_value() -> None:
    germans = ("DE-1SS-PZ", "DE-1SS-PG", "DE-2SS-PZ", "DE-2SS-DF")
    assert found(check([*opening(), draw("5S"), act(DE, *germans[:3])]), "MOR-ACT-02") == []
    assert found(check([*opening(), draw("5S"), act(DE, *germans)]), "MOR-ACT-02") == [("MOR-ACT-02", "illegal", 3)]
    assert found(check([*opening(), draw("AS"), act(DE, *germans[:2])]), "MOR-ACT-02") == [("MOR-ACT-02", "illegal", 3)]
    split = check([*opening(), draw("2S"), act(DE, germans[0]), pass_(DE), act(DE, germans[1])])
    assert found(split, "MOR-ACT-02") == [("MOR-ACT-02", "illegal", 5)]


def test_the_tiger_acts_freely_with_another_german_unit_unless_it_counts() -> None:
    events = [*opening(), draw("2S"), act(DE, "DE-1SS-PZ", TIGER)]
    assert found(check(events), "MOR-ACT-02") == []
    assert found(check(events, "tiger-stacking=counts"), "MOR-ACT-02") == [("MOR-ACT-02", "suspicious", 3)]


def test_a_face_card_group_is_the_units_of_one_hex() -> None:
    one_hex = [*opening(), draw("KH"), act(US, "US-1-120", "US-823A")]  # both in H7
    assert found(check(one_hex), "MOR-ACT-02") == []
    two_hexes = check([*opening(), draw("KH"), act(US, "US-1-120", "US-743")])  # H7 and D5
    assert found(two_hexes, "MOR-ACT-02") == [("MOR-ACT-02", "suspicious", 3)]
    assert found(check(one_hex, "face-group=unit"), "MOR-ACT-02") == [("MOR-ACT-02", "suspicious", 3)]


def test_an_activated_unit_moves_one_hex() -> None:
    base = [*mid(DE_1SS_PZ="L3"), draw("2S"), act(DE, "DE-1SS-PZ")]
    assert serious(check([*base, move(DE, "DE-1SS-PZ", "L3", "K3")])) == []
    far = check([*base, move(DE, "DE-1SS-PZ", "L3", "J3")])
    assert found(far, "MOR-ACT-03") == [("MOR-ACT-03", "illegal", 4)]
    twice = check([*base, move(DE, "DE-1SS-PZ", "L3", "K3"), move(DE, "DE-1SS-PZ", "K3", "K2")])
    assert found(twice, "MOR-ACT-03") == [("MOR-ACT-03", "illegal", 5)]


def test_an_activated_unit_moves_or_fires() -> None:
    base = [*mid(DE_1SS_PZ="L6", US_743="J6"), draw("2S"), act(DE, "DE-1SS-PZ")]
    assert found(check([*base, fire(DE, [("DE-1SS-PZ", "L6")], "US-743")]), "MOR-ACT-03") == []
    both = check([*base, move(DE, "DE-1SS-PZ", "L6", "K6"), fire(DE, [("DE-1SS-PZ", "K6")], "US-743")])
    assert found(both, "MOR-ACT-03") == [("MOR-ACT-03", "illegal", 5)]


def test_entry_uses_the_activation_by_the_switch() -> None:
    enter = [*mid(US_743="J4"), draw("2S"), act(DE, "DE-1SS-PZ"), move(DE, "DE-1SS-PZ", "box:german-entry", "L4")]
    on = [*enter, move(DE, "DE-1SS-PZ", "L4", "K4")]
    assert found(check(on), "MOR-ACT-03") == [("MOR-ACT-03", "suspicious", 5)]
    assert found(check(on, "entry-uses-activation=no"), "MOR-ACT-03") == []
    shoots = [*enter, fire(DE, [("DE-1SS-PZ", "L4")], "US-743")]
    assert found(check(shoots), "MOR-ACT-03") == [("MOR-ACT-03", "suspicious", 5)]
    assert found(check(shoots, "entry-uses-activation=no"), "MOR-ACT-03") == []


def test_a_card_used_for_air_activates_no_ground_unit() -> None:
    base = [*mid(DE_1SS_PZ="K6"), draw("3H"), support("air", "suppression", "K6")]
    assert found(check(base), "MOR-ACT-04") == []
    report = check([*base, act(US, "US-743")])
    assert found(report, "MOR-ACT-04") == [("MOR-ACT-04", "illegal", 4)]


def test_only_activated_units_move_or_fire() -> None:
    base = [*opening(), draw("2H"), act(US, "US-743")]
    assert serious(check([*base, move(US, "US-743", "D5", "D4")])) == []
    report = check([*base, move(US, "US-119", "C3", "C4")])
    assert found(report, "MOR-ACT-05") == [("MOR-ACT-05", "illegal", 4)]
    shots = check([*mid(DE_1SS_PZ="K6", US_743="J6"), draw("2H"), act(US, "US-119"), fire(US, [("US-743", "J6")], "DE-1SS-PZ")])
    assert found(shots, "MOR-ACT-05") == [("MOR-ACT-05", "illegal", 4)]


def test_set_up_moves_before_the_first_card_are_not_activations() -> None:
    report = check([*opening(), move(US, "US-743", "D5", "D4"), draw("2S"), pass_(DE)])
    assert serious(report) == []
