"""MOR-SET-01..03 and MOR-STK-01..02: the set-up judged at the first card, entries and stacking move by move."""

from __future__ import annotations

from mortain_helpers import (
    DE,
    TIGER,
    US,
    act,
    check,
    draw,
    found,
    joker_ends_turn_1,
    mid,
    move,
    opening,
    pass_,
    reshuffle,
    serious,
    setup_places,
    start,
    turn,
)


def test_the_data_set_up_is_legal() -> None:
    report = check([*opening(), draw("2S"), pass_(DE)])
    assert serious(report) == []


def test_a_us_unit_on_the_east_edge_at_the_start() -> None:
    report = check([start(setup_places(US_2_117="L5")), turn(1), draw("2S")])
    assert found(report, "MOR-SET-01") == [("MOR-SET-01", "illegal", 2)]
    assert report.findings[0].hexes == ("L5",) and report.findings[0].units == ("US-2-117",)


def test_east_hexes_switch_half_makes_the_eastern_half_suspicious() -> None:
    events = [*opening(), draw("2S")]
    assert found(check(events), "MOR-SET-01") == []
    half = found(check(events, "east-hexes=half"), "MOR-SET-01")
    assert half and {s for _, s, _ in half} == {"suspicious"}  # J8, H7, H9, H4, G3 lie in the east half


def test_the_set_up_is_not_judged_without_a_game_start() -> None:
    report = check([turn(1), draw("2S"), pass_(DE)])
    assert found(report, "MOR-SET-01") == found(report, "MOR-SET-03") == []


def test_a_combat_command_on_the_map_at_the_start_or_entering_on_turn_1() -> None:
    on_map = check([start(setup_places(US_CCA="A5")), turn(1), draw("2S")])
    assert found(on_map, "MOR-SET-02") == [("MOR-SET-02", "illegal", 2)]
    early = check([*opening(), draw("2S"), pass_(DE), draw("4H"), act(US, "US-CCA"), move(US, "US-CCA", "box:us-entry", "A5")])
    assert found(early, "MOR-SET-02") == [("MOR-SET-02", "illegal", 6)]


def test_a_combat_command_enters_on_turn_2_on_the_west_edge_only() -> None:
    turn_2 = [*joker_ends_turn_1(), reshuffle(), turn(2), draw("4H"), act(US, "US-CCA")]
    legal = check([*turn_2, move(US, "US-CCA", "box:us-entry", "A5")])
    assert serious(legal) == []
    inland = check([*turn_2, move(US, "US-CCA", "box:us-entry", "B5")])
    assert found(inland, "MOR-SET-02") == [("MOR-SET-02", "illegal", len(turn_2))]


def test_german_entry_on_the_east_edge_when_activated() -> None:
    base = [*opening(), draw("2S"), act(DE, "DE-1SS-PZ")]
    assert serious(check([*base, move(DE, "DE-1SS-PZ", "box:german-entry", "L3")])) == []
    inland = check([*base, move(DE, "DE-1SS-PZ", "box:german-entry", "K3")])
    assert found(inland, "MOR-SET-03") == [("MOR-SET-03", "illegal", 4)]


def test_german_entry_without_activation_is_set_03_not_act_05() -> None:
    report = check([*opening(), draw("2S"), move(DE, "DE-1SS-PZ", "box:german-entry", "L3")])
    assert serious(report) == [("MOR-SET-03", "illegal", 3)]


def test_a_german_unit_on_the_map_at_the_start() -> None:
    report = check([start(setup_places(DE_1SS_PZ="L3")), turn(1), draw("2S")])
    assert found(report, "MOR-SET-03") == [("MOR-SET-03", "illegal", 2)]


def _three_into_l3(third: str) -> list:
    units = ("DE-1SS-PZ", "DE-3PZ-I", third)
    return [*opening(), draw("7S"), act(DE, *units), *(move(DE, u, "box:german-entry", "L3") for u in units)]


def test_three_german_units_in_a_hex() -> None:
    report = check(_three_into_l3("DE-2SS-PZ"))
    assert found(report, "MOR-STK-01") == [("MOR-STK-01", "illegal", 6)]
    assert report.findings[0].expected == 2 and report.findings[0].actual == 3


def test_the_tiger_stacks_freely_unless_the_switch_counts_it() -> None:
    assert found(check(_three_into_l3(TIGER)), "MOR-STK-01") == []
    assert found(check(_three_into_l3(TIGER), "tiger-stacking=counts"), "MOR-STK-01") == [("MOR-STK-01", "suspicious", 6)]


def test_german_and_us_units_never_share_a_hex() -> None:
    base = [*mid(US_2_117="K4", DE_1SS_PZ="L4"), draw("2H"), act(US, "US-2-117")]
    assert found(check([*base, move(US, "US-2-117", "K4", "K5")]), "MOR-STK-02") == []
    assert found(check([*base, move(US, "US-2-117", "K4", "L4")]), "MOR-STK-02") == [("MOR-STK-02", "illegal", 4)]


def test_an_over_stack_by_a_move_in_play_is_suspicious() -> None:
    # the seed states the limit where units are placed (set-up, entry); read for the whole game
    events = [*mid(DE_1SS_PZ="L3", DE_3PZ_I="L3", DE_2SS_PZ="K3"), draw("2S"), act(DE, "DE-2SS-PZ"),
              move(DE, "DE-2SS-PZ", "K3", "L3")]
    assert found(check(events), "MOR-STK-01") == [("MOR-STK-01", "suspicious", 4)]
    assert found(check([*events[:-1], move(DE, "DE-2SS-PZ", "K3", "K4")]), "MOR-STK-01") == []
