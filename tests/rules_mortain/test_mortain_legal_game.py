"""A legal two-turn game of Stand at Mortain, from the data's set-up: entries (the Tiger stacking
freely), moves, fire with and without adjacency, a suppressed firer and the hill's modifier, an Air
suppression, an OBA attack that eliminates a flipped unit, a face card group, a combat command
entering on turn 2, passes, a Joker ending each turn. The checker finds nothing illegal or suspicious."""

from __future__ import annotations

from mortain_helpers import (
    DE,
    TIGER,
    US,
    act,
    check,
    combat,
    draw,
    fire,
    found,
    hit,
    move,
    opening,
    pass_,
    reshuffle,
    serious,
    support,
    turn,
)

from sdbp_module.replay.hexes.events import HexEvent


def turn_1() -> list[HexEvent]:
    """Turn 1 from the data's set-up (built when a test runs: the set-up reads the game, which collecting
    the file need not load)."""
    return [
        *opening(),
        draw("7S"), act(DE, "DE-2SS-DF", TIGER, "DE-1SS-PZ"),  # 7: four units
        move(DE, "DE-2SS-DF", "box:german-entry", "L8"), move(DE, TIGER, "box:german-entry", "L8"),
        move(DE, "DE-1SS-PZ", "box:german-entry", "L7"),
        draw("3H", side=US), support("air", "suppression", "L7"),  # red odd: Air; +1 on the fire from L7 and next to it
        draw("6C"), act(DE, "DE-2SS-DF", "DE-1SS-PZ", TIGER), move(DE, "DE-2SS-DF", "L8", "K8"),
        # AI 3 + 3 at infantry on the hill: 4 + 1 (suppressed) + 1 (hill) = 6 <= 6, a hit
        fire(DE, [("DE-1SS-PZ", "L7"), (TIGER, "L8")], "US-2-120"), combat("4C"), hit("US-2-120", "J8", side=US),
        # flipped 2/120 (AI 2) next to the grenadiers in the open: 3 - 1 = 2 <= 2, a hit
        draw("5D", side=US), act(US, "US-2-120"), fire(US, [("US-2-120", "J8")], "DE-2SS-DF"), combat("3S", side=US),
        hit("DE-2SS-DF", "K8", side=DE),
        draw("JOKER"),
    ]


TURN_2 = [
    reshuffle(), turn(2),
    # OBA (3) at the flipped grenadiers in the open: a 3 hits, a flipped unit is eliminated
    draw("QD", side=US), support("oba", "attack", "DE-2SS-DF"), combat("3D", side=US), hit("DE-2SS-DF", "K8", "eliminate", side=DE),
    draw("9S"), act(DE, "DE-1SS-PZ", "DE-3PZ-I"), move(DE, "DE-1SS-PZ", "L7", "K7"), move(DE, "DE-3PZ-I", "box:german-entry", "L5"),
    draw("4H", side=US), act(US, "US-CCA", "US-743"), move(US, "US-CCA", "box:us-entry", "A5"), move(US, "US-743", "D5", "D4"),
    draw("KC"), act(DE, "DE-1SS-PZ"), pass_(DE),
    draw("2H", side=US), pass_(US),
    draw("JOKER"),
]


def test_a_legal_two_turn_game_has_no_illegal_or_suspicious_finding() -> None:
    report = check([*turn_1(), *TURN_2])
    assert serious(report) == [], [f.message for f in report.findings]
    assert report.final.places["DE-2SS-DF"] == "box:german-eliminated"  # type: ignore[union-attr]
    assert report.outcome is not None and report.outcome.winner is None  # turn 2 of 6


def test_the_same_game_with_one_planted_fault_per_section() -> None:
    # the OBA on a red odd card: MOR-AIR-01 at that call, nothing else
    planted = [*turn_1(), *TURN_2]
    i = planted.index(next(e for e in planted if getattr(e, "card", "") == "QD"))
    planted[i] = draw("7D", side=US)
    assert serious(check(planted)) == [("MOR-AIR-01", "illegal", i + 1)]
    assert found(check([*turn_1(), *TURN_2]), "MOR-AIR-01") == []
