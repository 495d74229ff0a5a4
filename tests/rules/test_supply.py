"""French supply and refresh (rules 4.0 C, 11.0, Heavy Flak; catalogue §3.12, C-HEAVY-FLAK; worked examples §4.8).

On the bundled game map: airstrips 16 20 21 (+2 each when VM-controlled), green areas 10 15 18 22 28 34
(+1 each). Each test starts in turn 2's action phase, runs an End phase and closes it with turn 3's
Draw phase (or a game end), with only the supply rules.
"""

from __future__ import annotations

from functools import lru_cache

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.games.sodbp.rules.supply import RULES, base_count, required_count
from sdbp_module.ids import AreaId, CardId, Phase, Severity, Side, UnitId
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import (
    CardDiscard,
    CardPlay,
    DiceRoll,
    DiscardReason,
    Event,
    Flip,
    GameEnd,
    NoSupplySet,
    PhaseStart,
    Where,
)
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import check_events
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.switches import parse_switches

FR, VM = FRENCH, VIET_MINH
AIRSTRIPS = (16, 20, 21)
GREENS = (10, 15, 18, 22, 28, 34)
FLAK = CardId("VM-11")
ILLEGAL, SUSPICIOUS, INFO, CANNOT = Severity.ILLEGAL, Severity.SUSPICIOUS, Severity.INFO, Severity.CANNOT_CHECK


@lru_cache(maxsize=1)
def game() -> GameData:
    return load_game(default_data_dir())


def position(units: dict[int, str] | None = None, vm: tuple[int, ...] = (), *, turn: int = 2, extra: str = "") -> GameState:
    """A turn-``turn`` action-phase state: the airstrips and green areas French except ``vm``, plus ``units``
    (notation, ``*`` = spent) in their areas (French-controlled unless listed in ``vm``)."""
    units = units or {}
    lines = [f"turn {turn} action"]
    for area in sorted(set(AIRSTRIPS) | set(GREENS) | set(units)):
        side = "viet_minh" if area in vm else "french"
        lines.append(f"{area}: {units.get(area, '')} | ctrl {side}")
    lines.append(extra)
    return state_from_text("\n".join(lines), sequence=SODBP.make_sequence(game()))


def run(start: GameState, events: list[Event], *switches: str) -> list[Finding]:
    report = check_events(
        events, game(), SODBP, initial=start, rules=RULES, switches=parse_switches(switches, SODBP.switches)
    )
    return list(report.findings)


def verdicts(findings: list[Finding]) -> list[tuple[str, Severity]]:
    return [(f.rule_id, f.severity) for f in findings]


def end(turn: int = 2) -> PhaseStart:
    return PhaseStart(turn=turn, phase=Phase.END)


def draw(turn: int = 3) -> PhaseStart:
    return PhaseStart(turn=turn, phase=Phase.DRAW)


def roll(a: int, b: int, total: int | None = None) -> DiceRoll:
    return DiceRoll(side=FR, purpose="supply", values=(a, b), total=a + b if total is None else total)


def mark(area: int, side: Side | None = VM) -> NoSupplySet:
    return NoSupplySet(side=side, area=AreaId(area))


def unmark(area: int) -> NoSupplySet:
    return NoSupplySet(side=None, area=AreaId(area), present=False)


def fresh(*units: str) -> Flip:
    return Flip(units=tuple(UnitId(u) for u in units), spent=False)


def flak(side: Side = VM) -> CardPlay:
    return CardPlay(side=side, card=FLAK)


# -- a legal End phase ----------------------------------------------------------------------------


def test_a_legal_supply_step_with_a_marker_has_no_finding() -> None:
    start = position({10: "FR-A* FR-B", 22: "FR-C*", 30: "VM-X*"}, vm=(16,))
    events = [
        end(),
        CardDiscard(side=VM, cards=(), reason=DiscardReason.END_PHASE),
        roll(4, 3),  # 7 + 2 (airstrip 16) = 9 → 1 area
        mark(22),
        fresh("FR-A", "VM-X"),
        unmark(22),
        draw(),
    ]
    assert verdicts(run(start, events)) == []


def test_the_count_table_and_heavy_flak_readings() -> None:
    assert [base_count(t) for t in (2, 8, 9, 15, 16, 24)] == [0, 0, 1, 1, 2, 2]
    assert required_count(0, True, True) == 1 and required_count(0, True, False) == 0
    assert required_count(1, True, False) == 2 and required_count(2, False, True) == 2


# -- worked examples §4.8 -------------------------------------------------------------------------


def test_SU_1_roll_5_with_airstrip_16_and_two_greens_is_one_area() -> None:
    start = position({22: "FR-C*"}, vm=(16, 10, 15))
    legal = [end(), roll(2, 3), mark(22), unmark(22), draw()]
    assert verdicts(run(start, legal)) == []
    missing = run(start, [end(), roll(2, 3), fresh("FR-C"), draw()])
    assert verdicts(missing) == [("SUPPLY-UNSUPPLIED-COUNT", ILLEGAL)]
    assert missing[0].message == (
        "roll 5 + 2 (airstrip 16) + 1 (green 10) + 1 (green 15) = 9 → 1 area unsupplied; 0 marked (11.0)."
    )
    assert (missing[0].expected, missing[0].actual) == (1, 0)


def test_SU_2_roll_6_is_no_area_and_one_with_heavy_flak() -> None:
    start = position({22: "FR-C*"})
    assert verdicts(run(start, [end(), roll(3, 3), fresh("FR-C"), draw()])) == []
    with_flak = [end(), roll(3, 3), flak(), mark(22), unmark(22), draw()]
    assert verdicts(run(start, with_flak)) == []
    none_marked = [end(), roll(3, 3), flak(), fresh("FR-C"), draw()]
    found = run(start, none_marked)
    assert verdicts(found) == [("SUPPLY-UNSUPPLIED-COUNT", SUSPICIOUS)]  # the count of AMB-11's other reading
    assert "+ 1 (Heavy Flak (VM-11))" in found[0].message
    assert verdicts(run(start, none_marked, "strict_mode=true")) == [("SUPPLY-UNSUPPLIED-COUNT", ILLEGAL)]


def test_SU_2_with_heavy_flak_from_zero_no_effect() -> None:
    start = position({22: "FR-C*"})
    none_marked = [end(), roll(3, 3), flak(), fresh("FR-C"), draw()]
    assert verdicts(run(start, none_marked, "heavy_flak_from_zero=no_effect")) == []
    one_marked = [end(), roll(3, 3), flak(), mark(22), unmark(22), draw()]
    assert verdicts(run(start, one_marked, "heavy_flak_from_zero=no_effect")) == [
        ("SUPPLY-UNSUPPLIED-COUNT", SUSPICIOUS)
    ]


def test_SU_3_total_16_is_two_areas_and_three_with_heavy_flak() -> None:
    start = position({22: "FR-C*", 28: "FR-D*", 34: "FR-E*"}, vm=(16, 20, 10, 15, 18))
    two = [end(), roll(4, 5), mark(22), mark(28), fresh("FR-E"), unmark(22), unmark(28), draw()]
    assert verdicts(run(start, two)) == []
    three = [end(), roll(4, 5), flak(), mark(22), mark(28), mark(34), unmark(22), unmark(28), unmark(34), draw()]
    assert verdicts(run(start, three)) == []
    short = [end(), roll(4, 5), flak(), mark(22), mark(28), fresh("FR-E"), unmark(22), unmark(28), draw()]
    found = run(start, short)
    assert verdicts(found) == [("SUPPLY-UNSUPPLIED-COUNT", ILLEGAL)]
    assert (found[0].expected, found[0].actual) == (3, 2)


def test_SU_4_one_marker_on_total_8_is_illegal() -> None:
    start = position({22: "FR-C*"})
    found = run(start, [end(), roll(4, 4), mark(22), unmark(22), draw()])
    assert verdicts(found) == [("SUPPLY-UNSUPPLIED-COUNT", ILLEGAL)]
    assert found[0].message == "roll 8 = 8 → 0 areas unsupplied; 1 marked (22) (11.0)."


def test_SU_5_spent_french_unit_in_a_marked_area_flipped_fresh_is_illegal() -> None:
    start = position({22: "FR-C*", 28: "FR-D*"}, vm=(16,))
    found = run(start, [end(), roll(4, 3), mark(22), fresh("FR-C", "FR-D"), unmark(22), draw()])
    assert verdicts(found) == [("SUPPLY-NO-REFRESH", ILLEGAL)]
    assert found[0].units == (UnitId("FR-C"),)
    assert verdicts(run(start, [end(), roll(4, 3), mark(22), fresh("FR-D"), unmark(22), draw()])) == []


def test_SU_6_spent_french_unit_in_an_unmarked_area_left_spent_is_illegal() -> None:
    start = position({22: "FR-C*", 28: "FR-D*"}, vm=(16,))
    found = run(start, [end(), roll(4, 3), mark(22), unmark(22), draw()])
    assert verdicts(found) == [("REFRESH-ALL", ILLEGAL)]
    assert found[0].units == (UnitId("FR-D"),)


def test_REFRESH_ALL_a_vm_unit_left_spent_is_illegal_even_in_a_marked_area() -> None:
    start = position({22: "FR-C* VM-X*", 30: "VM-Y*"}, vm=(16,))
    found = run(start, [end(), roll(4, 3), mark(22), fresh("VM-Y"), unmark(22), draw()])
    assert verdicts(found) == [("REFRESH-ALL", ILLEGAL)]
    assert found[0].units == (UnitId("VM-X"),)
    assert verdicts(run(start, [end(), roll(4, 3), mark(22), fresh("VM-X", "VM-Y"), unmark(22), draw()])) == []


def test_REFRESH_ALL_log_ending_before_the_refresh_is_cannot_check() -> None:
    start = position({22: "FR-C*"})
    found = run(start, [end(), roll(4, 3)])  # the markers may still come: the count is not known either
    assert sorted(verdicts(found)) == [("REFRESH-ALL", CANNOT), ("SUPPLY-UNSUPPLIED-COUNT", CANNOT)]


def test_SU_7_a_no_supply_marker_still_on_the_map_at_the_next_draw_phase_is_illegal() -> None:
    start = position({22: "FR-C*"}, vm=(16,))
    closing = PhaseStart(turn=3, phase=Phase.DRAW, where=Where("game.jsonl", 4, 5))
    found = run(start, [end(), roll(4, 3), mark(22), closing])
    assert verdicts(found) == [("SUPPLY-MARKERS-REMOVED", ILLEGAL)]
    assert found[0].areas == (AreaId(22),)
    assert found[0].where == closing.where  # judged when the next phase begins
    assert verdicts(run(start, [end(), roll(4, 3), mark(22), unmark(22), closing])) == []


def test_SU_8_maximum_modifiers_allow_totals_up_to_24() -> None:
    start = position({5: "FR-C*", 6: "FR-D*"}, vm=AIRSTRIPS + GREENS)
    legal = [end(), roll(6, 6, total=24), mark(5), mark(6), unmark(5), unmark(6), draw()]
    assert verdicts(run(start, legal)) == []
    found = run(start, [end(), roll(6, 6, total=25), mark(5), mark(6), unmark(5), unmark(6), draw()])
    assert verdicts(found) == [("SUPPLY-ROLL-MODIFIERS", ILLEGAL)]
    assert (found[0].expected, found[0].actual) == (24, 25)


# -- SUPPLY-TIMING --------------------------------------------------------------------------------


def test_timing_no_supply_roll_in_the_end_phase_is_illegal() -> None:
    found = run(position(), [end(), draw()])
    assert verdicts(found) == [("SUPPLY-TIMING", ILLEGAL), ("SUPPLY-UNSUPPLIED-COUNT", CANNOT)]


def test_timing_turn_8_end_phase_without_a_roll_is_illegal_at_game_end() -> None:
    found = run(position(turn=8), [end(8), GameEnd(winner=FR)])
    assert verdicts(found) == [("SUPPLY-TIMING", ILLEGAL), ("SUPPLY-UNSUPPLIED-COUNT", CANNOT)]
    assert verdicts(run(position(turn=8), [end(8), roll(1, 2), GameEnd(winner=FR)])) == []


def test_timing_log_ending_before_the_roll_is_cannot_check() -> None:
    assert verdicts(run(position(), [end()])) == [("SUPPLY-TIMING", CANNOT)]


def test_timing_two_rolls_and_a_roll_after_the_refresh_are_illegal() -> None:
    start = position({22: "FR-C*"})
    assert verdicts(run(start, [end(), roll(1, 2), roll(3, 4), fresh("FR-C"), draw()])) == [("SUPPLY-TIMING", ILLEGAL)]
    assert verdicts(run(start, [end(), fresh("FR-C"), roll(1, 2), draw()])) == [("SUPPLY-TIMING", ILLEGAL)]


def test_timing_a_supply_roll_in_the_action_phase_is_illegal() -> None:
    found = run(position(), [roll(1, 2)])
    assert verdicts(found) == [("SUPPLY-TIMING", ILLEGAL)]
    assert "action phase" in found[0].message


# -- SUPPLY-ROLL-MODIFIERS ------------------------------------------------------------------------


def test_roll_modifiers_three_dice_and_unknown_control() -> None:
    three = DiceRoll(side=FR, purpose="supply", values=(1, 2, 3), total=6)
    found = run(position(), [end(), three, draw()])
    assert verdicts(found) == [("SUPPLY-ROLL-MODIFIERS", ILLEGAL), ("SUPPLY-UNSUPPLIED-COUNT", CANNOT)]
    unknown = state_from_text("turn 2 action\n22: FR-C", sequence=SODBP.make_sequence(game()))
    found = run(unknown, [end(), roll(1, 2), draw()])
    assert verdicts(found) == [("SUPPLY-ROLL-MODIFIERS", CANNOT), ("SUPPLY-UNSUPPLIED-COUNT", CANNOT)]


def test_roll_modifiers_a_logged_modified_total_is_accepted() -> None:
    start = position({22: "FR-C*"}, vm=(16, 10))
    assert verdicts(run(start, [end(), roll(2, 3, total=8), fresh("FR-C"), draw()])) == []
    assert verdicts(run(start, [end(), roll(2, 3, total=7), fresh("FR-C"), draw()])) == [
        ("SUPPLY-ROLL-MODIFIERS", ILLEGAL)
    ]


# -- SUPPLY-MARKER-AREAS --------------------------------------------------------------------------


def test_marker_areas_placed_by_the_french_or_twice_on_one_area_is_illegal() -> None:
    start = position({22: "FR-C*", 28: "FR-D*"}, vm=(16, 20, 10, 15, 18))  # 16 → 2 areas
    french = [end(), roll(4, 5), mark(22, FR), mark(28), unmark(22), unmark(28), draw()]
    assert verdicts(run(start, french)) == [("SUPPLY-MARKER-AREAS", ILLEGAL)]
    twice = [end(), roll(4, 5), mark(22), mark(22), fresh("FR-D"), unmark(22), draw()]
    assert sorted(verdicts(run(start, twice))) == [("SUPPLY-MARKER-AREAS", ILLEGAL), ("SUPPLY-UNSUPPLIED-COUNT", ILLEGAL)]


def test_marker_areas_an_area_without_french_units_per_amb_12() -> None:
    start = position({22: "FR-C*"}, vm=(16,))
    empty = [end(), roll(4, 3), mark(28), fresh("FR-C"), unmark(28), draw()]  # 28: French-controlled, empty
    assert verdicts(run(start, empty)) == [("SUPPLY-MARKER-AREAS", SUSPICIOUS)]
    assert verdicts(run(start, empty, "strict_mode=true")) == [("SUPPLY-MARKER-AREAS", ILLEGAL)]
    assert verdicts(run(start, empty, "no_supply_area=french_controlled")) == [("SUPPLY-MARKER-AREAS", INFO)]


def test_marker_areas_an_area_not_french_controlled_per_amb_12() -> None:
    start = position({22: "FR-C*"}, vm=(16, 22))  # 22: French units, VM control
    events = [end(), roll(4, 2), mark(22), unmark(22), draw()]  # 6 + 2 (16) + 1 (green 22) = 9 → 1
    found = run(start, events)
    assert verdicts(found) == [("SUPPLY-MARKER-AREAS", INFO)]
    assert verdicts(run(start, events, "no_supply_area=french_controlled")) == [("SUPPLY-MARKER-AREAS", SUSPICIOUS)]


def test_marker_areas_placer_not_logged_is_one_cannot_check() -> None:
    start = position({22: "FR-C*", 28: "FR-D*"}, vm=(16, 20, 10, 15, 18))
    events = [end(), roll(4, 5), mark(22, None), mark(28, None), unmark(22), unmark(28), draw()]
    found = run(start, events)
    assert verdicts(found) == [("SUPPLY-MARKER-AREAS", CANNOT)]
    assert found[0].areas == (AreaId(22), AreaId(28))


# -- Heavy Flak -----------------------------------------------------------------------------------


def test_heavy_flak_timing_outside_the_supply_step_is_illegal() -> None:
    start = position({22: "FR-C*", 28: "FR-D"}, extra="hand viet_minh: VM-11")
    found = run(start, [flak()])
    assert verdicts(found) == [("HEAVY-FLAK-TIMING", ILLEGAL)]
    assert "action phase" in found[0].message
    late = [end(), roll(4, 4), fresh("FR-C"), flak(), mark(28), unmark(28), draw()]  # in the refresh step
    assert verdicts(run(start, late)) == [("HEAVY-FLAK-TIMING", ILLEGAL)]
    in_step = [end(), roll(4, 4), flak(), mark(28), fresh("FR-C"), unmark(28), draw()]
    assert verdicts(run(start, in_step)) == []


def test_c_heavy_flak_before_the_roll_after_a_marker_by_the_french_or_twice() -> None:
    start = position({22: "FR-C*", 28: "FR-D*"}, vm=(16,))  # roll 4+3 + 2 = 9 → 1, + 1 = 2
    ok = [end(), roll(4, 3), flak(), mark(22), mark(28), unmark(22), unmark(28), draw()]
    assert verdicts(run(start, ok)) == []
    before = [end(), flak(), roll(4, 3), mark(22), mark(28), unmark(22), unmark(28), draw()]
    assert verdicts(run(start, before)) == [("C-HEAVY-FLAK", ILLEGAL)]
    after = [end(), roll(4, 3), mark(22), flak(), mark(28), unmark(22), unmark(28), draw()]
    assert verdicts(run(start, after)) == [("C-HEAVY-FLAK", ILLEGAL)]
    french = [end(), roll(4, 3), flak(FR), mark(22), mark(28), unmark(22), unmark(28), draw()]
    assert verdicts(run(start, french)) == [("C-HEAVY-FLAK", ILLEGAL)]
    twice = [end(), roll(4, 3), flak(), flak(), mark(22), mark(28), unmark(22), unmark(28), draw()]
    assert verdicts(run(start, twice)) == [("C-HEAVY-FLAK", ILLEGAL)]


def test_REFRESH_ALL_ignores_units_placed_after_the_refresh() -> None:
    from sdbp_module.replay.events import Place
    from sdbp_module.replay.location import Location

    start = position({22: "FR-C*"}, extra="turn:2: VM-R*")
    placed = Place(side=VM, units=(UnitId("VM-R"),), to=Location.in_area(AreaId(30)))
    assert verdicts(run(start, [end(), roll(1, 2), fresh("FR-C"), placed, draw()])) == []
