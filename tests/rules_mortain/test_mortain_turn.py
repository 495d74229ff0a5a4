"""MOR-DECK-01, MOR-TURN-01, MOR-TURN-02, MOR-VIC-01, MOR-EXIT-01 and the result the log supports."""

from __future__ import annotations

from mortain_helpers import (
    DE,
    US,
    act,
    check,
    declared,
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

# ---------------------------------------------------------------- deck


def test_a_card_drawn_twice_in_a_turn() -> None:
    assert found(check([*opening(), draw("2S"), pass_(DE), draw("3S"), pass_(DE)]), "MOR-DECK-01") == []
    report = check([*opening(), draw("2S"), pass_(DE), draw("2S"), pass_(DE)])
    assert found(report, "MOR-DECK-01") == [("MOR-DECK-01", "illegal", 4)]


def test_the_deck_is_reshuffled_at_the_turn_start() -> None:
    assert serious(check([*joker_ends_turn_1(), reshuffle(), turn(2), draw("2S"), pass_(DE)])) == []
    report = check([*joker_ends_turn_1(), turn(2), draw("9S"), pass_(DE)])
    assert found(report, "MOR-DECK-01") == [("MOR-DECK-01", "illegal", 8)]


def test_a_reshuffle_inside_a_turn_is_suspicious() -> None:
    report = check([*opening(), draw("2S"), pass_(DE), reshuffle(), draw("3S")])
    assert found(report, "MOR-DECK-01") == [("MOR-DECK-01", "suspicious", 4)]


def test_joker_early_aside_or_back() -> None:
    # the Joker first: ignored (no side has had a card); later again: it was set aside (aside) or put back (back)
    events = [*opening(), draw("JOKER"), draw("2S"), pass_(DE), draw("2H"), pass_(US), draw("JOKER")]
    assert found(check(events), "MOR-DECK-01") == [("MOR-DECK-01", "suspicious", 7)]
    assert found(check(events, "joker-early=back"), "MOR-DECK-01") == []


def test_a_card_no_deck_has_cannot_be_checked() -> None:
    assert found(check([*opening(), draw("11S")]), "MOR-DECK-01") == [("MOR-DECK-01", "cannot-check", 2)]


# ---------------------------------------------------------------- turn end


def test_nothing_is_done_after_the_joker_ends_the_turn() -> None:
    assert serious(check(joker_ends_turn_1())) == []
    report = check([*joker_ends_turn_1(), draw("5S"), act(DE, "DE-1SS-PZ"), move(DE, "DE-1SS-PZ", "box:german-entry", "L3")])
    assert serious(report) == [("MOR-TURN-01", "illegal", 7)]  # once, at the card drawn past the end


def test_the_joker_is_ignored_before_both_sides_had_a_card() -> None:
    # Joker after one black card only: ignored, play goes on (no finding); ending the turn on it is a fault
    events = [*opening(), draw("2S"), pass_(DE), draw("JOKER"), draw("3H"), pass_(US)]
    assert serious(check(events)) == []
    report = check([*opening(), draw("2S"), pass_(DE), draw("JOKER"), turn(2)])
    assert found(report, "MOR-TURN-01") == [("MOR-TURN-01", "illegal", 5)]


def test_a_turn_that_ends_with_cards_left_and_no_joker() -> None:
    report = check([*opening(), draw("2S"), pass_(DE), draw("2H"), pass_(US), reshuffle(), turn(2)])
    assert found(report, "MOR-TURN-01") == [("MOR-TURN-01", "illegal", 7)]


def test_a_turn_ends_when_the_deck_is_drawn_out() -> None:
    from sdbp_module.model.playing_cards import standard_deck

    cards = [c.id for c in standard_deck(1) if not c.is_joker]
    events = [*opening(), *(draw(c, side=DE) for c in cards), draw("JOKER"), reshuffle(), turn(2)]
    assert found(check(events), "MOR-TURN-01") == []


def test_no_card_after_turn_6() -> None:
    six = [*mid(6), draw("2S"), pass_(DE), draw("2H"), pass_(US), draw("JOKER"), reshuffle()]
    assert found(check(six), "MOR-TURN-02") == []
    assert found(check([*six, turn(7), draw("3S")]), "MOR-TURN-02") == [("MOR-TURN-02", "illegal", 9)]
    assert found(check([*six, turn(6)]), "MOR-TURN-02") == [("MOR-TURN-02", "illegal", 8)]  # the tracker stops at 6


# ---------------------------------------------------------------- exit and victory


def _exits(n: int) -> dict[str, str]:
    germans = ["DE-1SS-PZ", "DE-1SS-PG", "DE-2SS-PZ", "DE-2SS-DF", "DE-2SS-D", "DE-17SS"]
    return {g.replace("-", "_"): "box:german-exited" for g in germans[:n]}


def test_an_exit_from_the_west_edge() -> None:
    base = [*mid(DE_1SS_PZ="A5"), draw("2S"), act(DE, "DE-1SS-PZ")]
    assert serious(check([*base, move(DE, "DE-1SS-PZ", "A5", "box:german-exited")])) == []


def test_an_exit_not_from_the_west_edge_a_us_exit_and_a_return() -> None:
    inland = check([*mid(DE_1SS_PZ="B5"), draw("2S"), act(DE, "DE-1SS-PZ"), move(DE, "DE-1SS-PZ", "B5", "box:german-exited")])
    assert found(inland, "MOR-EXIT-01") == [("MOR-EXIT-01", "illegal", 4)]
    us = check([*mid(US_119="A3"), draw("2H"), act(US, "US-119"), move(US, "US-119", "A3", "box:german-exited")])
    assert found(us, "MOR-EXIT-01") == [("MOR-EXIT-01", "illegal", 4)]
    back = check([*mid(**_exits(1)), draw("2S"), act(DE, "DE-1SS-PZ"), move(DE, "DE-1SS-PZ", "box:german-exited", "A5")])
    assert found(back, "MOR-EXIT-01") == [("MOR-EXIT-01", "illegal", 4)]


def test_five_exits_win_for_the_germans() -> None:
    report = check([*mid(4, **_exits(5)), declared(DE)])
    assert found(report, "MOR-VIC-01") == []
    assert report.outcome is not None and report.outcome.winner is DE and report.outcome.agrees
    wrong = check([*mid(4, **_exits(5)), declared(US)])
    assert found(wrong, "MOR-VIC-01") == [("MOR-VIC-01", "illegal", 2)]


def test_the_us_wins_once_turn_6_is_over() -> None:
    six = [*mid(6, **_exits(4)), draw("2S"), pass_(DE), draw("2H"), pass_(US), draw("JOKER")]
    report = check([*six, declared(US)])
    assert found(report, "MOR-VIC-01") == [] and report.outcome is not None and report.outcome.winner is US
    early = check([*mid(5, **_exits(4)), declared(US)])  # the US claims its own win before the last turn is over
    assert found(early, "MOR-VIC-01") == [("MOR-VIC-01", "illegal", 2)]
    assert early.outcome is not None and early.outcome.winner is None
    conceded = check([*mid(5, **_exits(4)), declared(US, side=DE)])  # the German concedes: the rules say nothing of it
    assert found(conceded, "MOR-VIC-01") == [("MOR-VIC-01", "cannot-check", 2)]


def test_a_german_claim_with_neither_condition_met_is_wrong() -> None:
    claim = check([*mid(1, **_exits(2)), declared(DE, side=DE)])
    assert found(claim, "MOR-VIC-01") == [("MOR-VIC-01", "illegal", 2)]


def test_no_us_unit_in_play_and_the_unentered_switch() -> None:
    gone = {u.id.replace("-", "_"): "box:us-eliminated" for u in __import__("mortain_helpers").game().units
            if u.side is US and u.setup.box is None}
    events = [start(setup_places(**gone), turn=1), turn(1), declared(DE)]
    assert found(check(events), "MOR-VIC-01") == [("MOR-VIC-01", "cannot-check", 2)]  # CCA/CCB/CCR wait: in play
    no = check(events, "unentered-in-play=no")
    assert found(no, "MOR-VIC-01") == [] and no.outcome is not None and no.outcome.winner is DE


def test_a_turn_whose_start_the_log_lacks_is_not_judged_for_ending_early() -> None:
    report = check([*mid(3)[:1], draw("2S"), pass_(DE), draw("2H"), pass_(US), reshuffle(), turn(4)])
    assert found(report, "MOR-TURN-01") == []
    assert found(check([*mid(3), draw("2S"), pass_(DE), draw("2H"), pass_(US), reshuffle(), turn(4)]), "MOR-TURN-01") == [
        ("MOR-TURN-01", "illegal", 7)
    ]
