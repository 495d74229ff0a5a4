"""MOR-FIRE-01..07 and MOR-AIR-01..03: range, line of fire, target and factor, the recorded result
against the modified draw, the modifiers, face cards, hits; Air and OBA.

The map: K6, J6, I6, H6 clear in a row (J6 next to K6); J5 forest (+1), K5 next to it; D5 sees D7
only through D6 (forest); J8 a hill, G9 three hexes off in the open. DE-1SS-PZ: a tank, AT 4 AI 3;
US-743: a tank, AT 3 AI 3; US-2-117: infantry, AT 2 AI 3; 102 Tiger: a tank, AT 5 AI 3.
"""

from __future__ import annotations

from mortain_helpers import (
    DE,
    TIGER,
    US,
    act,
    check,
    combat,
    draw,
    eliminate,
    fire,
    found,
    hit,
    mid,
    pass_,
    serious,
    support,
)


def us_fires(firer: str, at: str, card: str, hit_: bool, **moved: str) -> list:
    """US ``firer`` (placed by ``moved``) fires at ``at``; combat ``card``; the target hit or not."""
    places = {k.replace("_", "-"): v for k, v in moved.items()}
    events = [*mid(**moved), draw("2H", side=US), act(US, firer), fire(US, [(firer, places[firer])], at), combat(card, side=US)]
    return [*events, hit(at, places[at], side=DE)] if hit_ else events


def de_fires(firers: list[str], at: str, card: str, hit_: bool, *, before: list | None = None, **moved: str) -> list:
    places = {k.replace("_", "-"): v for k, v in moved.items()}
    events = [*mid(**moved), *(before or []), draw("7S"), act(DE, *firers), fire(DE, [(f, places[f]) for f in firers], at), combat(card)]
    return [*events, hit(at, places[at], side=US)] if hit_ else events


# ---------------------------------------------------------------- range, line of fire, target


def test_range_two_three_from_a_hill() -> None:
    assert found(check(de_fires(["DE-1SS-PZ"], "US-743", "2C", True, DE_1SS_PZ="K6", US_743="I6")), "MOR-FIRE-01") == []
    far = check(de_fires(["DE-1SS-PZ"], "US-743", "2C", True, DE_1SS_PZ="K6", US_743="H6"))
    assert found(far, "MOR-FIRE-01") == [("MOR-FIRE-01", "illegal", 4)] and far.findings[0].hexes == ("K6", "H6")
    hill = check(us_fires("US-2-120", "DE-1SS-PG", "2C", True, US_2_120="J8", DE_1SS_PG="G9"))
    assert serious(hill) == []


def test_no_fire_through_a_forest() -> None:
    report = check(us_fires("US-743", "DE-1SS-PG", "2C", True, US_743="D5", DE_1SS_PG="D7"))
    assert found(report, "MOR-FIRE-02") == [("MOR-FIRE-02", "illegal", 4)]
    assert "D6" in report.findings[0].hexes


def test_the_target_is_one_enemy_unit() -> None:
    friendly = check(us_fires("US-743", "US-2-117", "2C", False, US_743="J6", US_2_117="I6"))
    assert found(friendly, "MOR-FIRE-03") == [("MOR-FIRE-03", "illegal", 4)]
    events = [*mid(US_743="J6"), draw("2H"), act(US, "US-743"), fire(US, [("US-743", "J6")], "the big tank"), combat("2C")]
    assert found(check(events), "MOR-FIRE-03") == [("MOR-FIRE-03", "cannot-check", 4)]


def test_a_unit_fires_once_an_activation() -> None:
    events = [*mid(US_743="J6", DE_1SS_PZ="K6", DE_1SS_PG="I6"), draw("2H"), act(US, "US-743"),
              fire(US, [("US-743", "J6")], "DE-1SS-PZ"), combat("9C"), fire(US, [("US-743", "J6")], "DE-1SS-PG"), combat("9D")]
    assert found(check(events), "MOR-FIRE-03") == [("MOR-FIRE-03", "illegal", 6)]


# ---------------------------------------------------------------- result and modifiers


def test_adjacent_fire_hits_on_the_card_minus_one() -> None:
    # US-743 (AT 3) next to DE-1SS-PZ (a tank) in the open: 4 - 1 = 3 <= 3, a hit; 5 - 1 = 4, a miss
    assert serious(check(us_fires("US-743", "DE-1SS-PZ", "4C", True, US_743="J6", DE_1SS_PZ="K6"))) == []
    assert serious(check(us_fires("US-743", "DE-1SS-PZ", "5C", False, US_743="J6", DE_1SS_PZ="K6"))) == []
    wrong = check(us_fires("US-743", "DE-1SS-PZ", "5C", True, US_743="J6", DE_1SS_PZ="K6"))
    assert found(wrong, "MOR-FIRE-04") == [("MOR-FIRE-04", "illegal", 4)]
    assert (wrong.findings[0].expected, wrong.findings[0].actual) == ("miss", "hit")


def test_the_adjacency_minus_one_left_out_or_taken_without_adjacency_is_fire_05() -> None:
    left_out = check(us_fires("US-743", "DE-1SS-PZ", "4C", False, US_743="J6", DE_1SS_PZ="K6"))
    assert serious(left_out) == [("MOR-FIRE-05", "illegal", 4)]
    taken = check(us_fires("US-743", "DE-1SS-PZ", "4C", True, US_743="I6", DE_1SS_PZ="K6"))  # two hexes: 4 > 3
    assert serious(taken) == [("MOR-FIRE-05", "illegal", 4)]


def test_the_wrong_factor_is_fire_03() -> None:
    # US-2-117 (AT 2, AI 3) next to a tank: AT 2, 4 - 1 = 3 a miss; only AI 3 makes it a hit
    assert serious(check(us_fires("US-2-117", "DE-1SS-PZ", "4C", False, US_2_117="J6", DE_1SS_PZ="K6"))) == []
    report = check(us_fires("US-2-117", "DE-1SS-PZ", "4C", True, US_2_117="J6", DE_1SS_PZ="K6"))
    assert serious(report) == [("MOR-FIRE-03", "illegal", 4)]


def test_the_tiger_minus_one_in_an_at_attack_only() -> None:
    # the Tiger (AT 5) at a tank two hexes off: 6 - 1 = 5, a hit; at infantry (AI 3): 4, a miss
    assert serious(check(de_fires([TIGER], "US-743", "6C", True, DE_102="K6", US_743="I6"))) == []
    left_out = check(de_fires([TIGER], "US-743", "6C", False, DE_102="K6", US_743="I6"))
    assert serious(left_out) == [("MOR-FIRE-05", "illegal", 4)]
    assert serious(check(de_fires([TIGER], "US-2-117", "4C", False, DE_102="K6", US_2_117="I6"))) == []
    outside = check(de_fires([TIGER], "US-2-117", "4C", True, DE_102="K6", US_2_117="I6"))
    assert serious(outside) == [("MOR-FIRE-05", "illegal", 4)]


def test_the_terrain_modifier_left_out_is_suspicious() -> None:
    # DE-1SS-PZ (AT 4) next to US-743 in the J5 forest: 5 - 1 + 1 = 5, a miss; without the forest, 4: a hit
    assert serious(check(de_fires(["DE-1SS-PZ"], "US-743", "5C", False, DE_1SS_PZ="K5", US_743="J5"))) == []
    report = check(de_fires(["DE-1SS-PZ"], "US-743", "5C", True, DE_1SS_PZ="K5", US_743="J5"))
    assert serious(report) == [("MOR-FIRE-05", "suspicious", 4)]


def test_an_air_suppression_adds_one_to_the_enemy_fire_this_turn() -> None:
    suppress = [draw("3H"), support("air", "suppression", "K6")]
    # DE-1SS-PZ (AT 4) in K6 at US-743 two hexes off: 4 + 1 = 5, a miss
    legal = check(de_fires(["DE-1SS-PZ"], "US-743", "4C", False, before=suppress, DE_1SS_PZ="K6", US_743="I6"))
    assert serious(legal) == []
    ignored = check(de_fires(["DE-1SS-PZ"], "US-743", "4C", True, before=suppress, DE_1SS_PZ="K6", US_743="I6"))
    assert serious(ignored) == [("MOR-FIRE-05", "suspicious", 6)]


def test_a_face_card_is_a_redraw_or_a_miss() -> None:
    assert serious(check(us_fires("US-743", "DE-1SS-PZ", "KC", False, US_743="J6", DE_1SS_PZ="K6"))) == []
    report = check(us_fires("US-743", "DE-1SS-PZ", "KC", True, US_743="J6", DE_1SS_PZ="K6"))
    assert serious(report) == [("MOR-FIRE-06", "illegal", 4)]
    redraw = [*mid(US_743="J6", DE_1SS_PZ="K6"), draw("2H"), act(US, "US-743"), fire(US, [("US-743", "J6")], "DE-1SS-PZ"),
              combat("QC"), combat("3C"), hit("DE-1SS-PZ", "K6")]
    assert serious(check(redraw)) == []


def test_one_hit_per_fire_and_no_hit_without_a_card() -> None:
    two = [*us_fires("US-743", "DE-1SS-PZ", "2C", True, US_743="J6", DE_1SS_PZ="K6"), hit("DE-1SS-PZ", "K6", "eliminate")]
    assert found(check(two), "MOR-FIRE-04") == [("MOR-FIRE-04", "illegal", 4)]
    none = [*mid(US_743="J6", DE_1SS_PZ="K6"), draw("2H"), act(US, "US-743"), fire(US, [("US-743", "J6")], "DE-1SS-PZ"),
            hit("DE-1SS-PZ", "K6")]
    assert found(check(none), "MOR-FIRE-04") == [("MOR-FIRE-04", "illegal", 4)]


def test_a_combat_joker_that_ends_the_turn_leaves_the_fire_without_effect() -> None:
    first = [draw("2S"), pass_(DE)]  # the German has had a card: the US card next makes the Joker count
    events = [*mid(US_743="J6", DE_1SS_PZ="K6"), *first, draw("2H"), act(US, "US-743"),
              fire(US, [("US-743", "J6")], "DE-1SS-PZ"), combat("JOKER")]
    assert serious(check(events)) == []
    report = check([*events, hit("DE-1SS-PZ", "K6")])
    assert serious(report) == [("MOR-FIRE-04", "suspicious", 6)]


def test_a_hit_flips_a_fresh_unit_and_eliminates_a_flipped_one() -> None:
    fresh = us_fires("US-743", "DE-1SS-PZ", "2C", False, US_743="J6", DE_1SS_PZ="K6")
    assert serious(check([*fresh, hit("DE-1SS-PZ", "K6")])) == []
    assert found(check([*fresh, hit("DE-1SS-PZ", "K6", "eliminate")]), "MOR-FIRE-07") == [("MOR-FIRE-07", "illegal", 6)]
    flipped = [*mid(flipped=["DE-1SS-PZ"], US_743="J6", DE_1SS_PZ="K6"), draw("2H"), act(US, "US-743"),
               fire(US, [("US-743", "J6")], "DE-1SS-PZ"), combat("2C")]
    assert serious(check([*flipped, hit("DE-1SS-PZ", "K6", "eliminate")])) == []
    assert found(check([*flipped, hit("DE-1SS-PZ", "K6", "flip")]), "MOR-FIRE-07") == [("MOR-FIRE-07", "illegal", 6)]
    assert found(check([*fresh, eliminate("DE-1SS-PZ", "K6")]), "MOR-FIRE-07") == [("MOR-FIRE-07", "suspicious", 6)]


# ---------------------------------------------------------------- Air and OBA


def _call(card: str, marker: str, mode: str = "attack", target: str = "DE-1SS-PZ") -> list:
    return [*mid(DE_1SS_PZ="K6"), draw(card, side=US), support(marker, mode, target)]


def test_air_on_a_red_odd_card_or_jack_oba_on_any_other_red_card() -> None:
    for card, marker in [("3H", "air"), ("9D", "air"), ("JH", "air"), ("4H", "oba"), ("10D", "oba"), ("QH", "oba"), ("KD", "oba")]:
        assert found(check(_call(card, marker)), "MOR-AIR-01") == [], (card, marker)
    for card, marker in [("4H", "air"), ("QD", "air"), ("5D", "oba"), ("JD", "oba")]:
        assert found(check(_call(card, marker)), "MOR-AIR-01") == [("MOR-AIR-01", "illegal", 3)], (card, marker)


def test_the_red_ace_is_odd_by_the_switch() -> None:
    assert found(check(_call("AH", "air")), "MOR-AIR-01") == []
    assert found(check(_call("AH", "oba")), "MOR-AIR-01") == [("MOR-AIR-01", "suspicious", 3)]
    assert found(check(_call("AH", "oba"), "ace-odd=no"), "MOR-AIR-01") == []
    assert found(check(_call("AH", "air"), "ace-odd=no"), "MOR-AIR-01") == [("MOR-AIR-01", "suspicious", 3)]


def test_one_use_of_each_marker_per_turn() -> None:
    air_then = [*_call("3H", "air", "suppression", "K6"), draw("2S"), pass_(DE)]
    again = check([*air_then, draw("5H"), support("air", "suppression", "K6")])
    assert found(again, "MOR-AIR-02") == [("MOR-AIR-02", "illegal", 7)]
    oba = [*air_then, draw("4H"), support("oba", "attack", "DE-1SS-PZ")]
    assert found(check(oba), "MOR-AIR-02") == []
    assert found(check(oba, "support-limit=one"), "MOR-AIR-02") == [("MOR-AIR-02", "suspicious", 7)]


def test_air_attacks_with_four_and_oba_with_three() -> None:
    # DE-1SS-PZ in the open: Air (4) on a 4: a hit; OBA (3) on a 4: a miss (no adjacency for a marker)
    assert serious(check([*_call("3H", "air"), combat("4C", side=US), hit("DE-1SS-PZ", "K6")])) == []
    assert serious(check([*_call("4H", "oba"), combat("4C", side=US)])) == []
    report = check([*_call("4H", "oba"), combat("4C", side=US), hit("DE-1SS-PZ", "K6")])
    assert serious(report) == [("MOR-AIR-03", "illegal", 3)]


def test_only_air_suppresses_and_a_marker_attacks_an_enemy_unit() -> None:
    assert found(check(_call("4H", "oba", "suppression", "K6")), "MOR-AIR-03") == [("MOR-AIR-03", "illegal", 3)]
    assert found(check([*_call("3H", "air", "attack", "US-743"), combat("2C")]), "MOR-AIR-03") == [("MOR-AIR-03", "illegal", 3)]
    assert found(check([*_call("3H", "air", "attack", "nobody"), combat("2C")]), "MOR-AIR-03") == [("MOR-AIR-03", "cannot-check", 3)]
