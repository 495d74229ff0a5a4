"""Victory (``rules/victory.py``; rules 14.0, 15.0, AMB-10; catalogue §3.14 and the §4.12 examples).

Bundled map: the victory areas are 6, 14, 19, 23, 26, 30 and 31 (printed defense 3), all French at
the start. Each test starts in the turn-8 Action phase and logs the End phase (and a result).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.games.sodbp.rules.victory import RULES
from sdbp_module.ids import AreaId, Phase, UnitId
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import (
    Event,
    GameEnd,
    PhaseStart,
    Place,
    PlaceKind,
    Where,
)
from sdbp_module.replay.location import Location
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report, check_events
from sdbp_module.rules.switches import parse_switches

FR, VM = FRENCH, VIET_MINH
VICTORY = (6, 14, 19, 23, 26, 30, 31)


@lru_cache(maxsize=1)
def game() -> GameData:
    return load_game(default_data_dir())


def start(held: int, *, extra: str = "", threshold: int | None = None) -> GameState:
    """Turn 8, Action phase; the VM holds the first ``held`` victory areas (no units there)."""
    lines = ["turn 8 action french"] + [f"{a}: | ctrl viet_minh" for a in VICTORY[:held]] + [extra]
    state = state_from_text("\n".join(lines), sequence=SODBP.make_sequence(game()))
    return replace(state, victory_threshold=threshold)


def run(state: GameState, *events: Event, options: tuple[str, ...] = ()) -> Report:
    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    switches = parse_switches(options, SODBP.switches)
    return check_events(numbered, game(), SODBP, initial=state, rules=RULES, switches=switches)


def verdicts(report: Report) -> list[tuple[str, str]]:
    return [(f.rule_id, f.severity.value) for f in report.findings]


END = PhaseStart(turn=8, phase=Phase.END)


def test_VI_1_six_victory_areas_the_viet_minh_wins() -> None:
    report = run(start(6), END, GameEnd(winner=VM))
    assert verdicts(report) == [("VICTORY-6-AREAS", "info")]
    assert report.outcome is not None and report.outcome.winner is VM and report.outcome.agrees is True
    assert "holds 6 of the 7 victory areas (6, 14, 19, 23, 26, 30) against 6 (14.0)" in report.outcome.text


def test_VI_2_five_victory_areas_the_french_win() -> None:
    report = run(start(5), END, GameEnd(winner=FR))
    assert verdicts(report) == [("VICTORY-6-AREAS", "info")]
    assert report.outcome is not None and report.outcome.winner is FR


def test_VI_2_a_claim_that_the_viet_minh_won_with_five_is_illegal() -> None:
    report = run(start(5), END, GameEnd(winner=VM))
    assert verdicts(report) == [("VICTORY-6-AREAS", "illegal")]
    f = report.findings[0]
    assert f.where.line == 2 and f.expected == "french" and f.actual == "viet_minh"
    assert "declares the Viet Minh the winner, but at the end of turn 8 the Viet Minh holds 5" in f.message
    assert report.outcome is not None and report.outcome.agrees is False


def test_VI_3_a_bid_of_seven_the_viet_minh_holds_six_the_french_win() -> None:
    report = run(start(6, threshold=7), END, GameEnd(winner=VM))
    assert verdicts(report) == [("VICTORY-6-AREAS", "illegal")]
    assert "against the bid of 7" in report.findings[0].message
    assert report.outcome is not None and report.outcome.winner is FR


def _vi_4_events() -> tuple[Event, ...]:
    # 5 held at the end of the Action phase; the VM places a unit into empty French victory area 31,
    # which it takes at once (12.3, 13.0), making 6
    place = Place(side=VM, units=(UnitId("VM-REPL-01"),), to=Location.in_area(AreaId(31)), place_kind=PlaceKind.REPLACEMENT)
    return (END, place, GameEnd(winner=VM))


def test_VI_4_placement_in_the_turn_8_end_phase_counts_by_default() -> None:
    report = run(start(5, extra="replacements: VM-REPL-01"), *_vi_4_events())
    assert verdicts(report) == [("VICTORY-6-AREAS", "info")]
    assert report.outcome is not None and report.outcome.winner is VM


def test_VI_4_counted_before_placement_under_the_other_reading() -> None:
    report = run(start(5, extra="replacements: VM-REPL-01"), *_vi_4_events(), options=("victory_after_placement=false",))
    assert verdicts(report) == [("VICTORY-6-AREAS", "illegal")]
    assert report.outcome is not None and report.outcome.winner is FR


def test_no_declared_result_the_count_is_info_and_the_outcome_says_so() -> None:
    report = run(start(2), END)
    assert verdicts(report) == [("VICTORY-6-AREAS", "info")]
    assert report.outcome is not None and report.outcome.claimed is None and report.outcome.winner is FR
    assert report.outcome.text.endswith("the log declares no result.")


def test_a_log_that_stops_before_turn_8_has_no_result() -> None:
    state = state_from_text("turn 3 action french", sequence=SODBP.make_sequence(game()))
    report = run(state, PhaseStart(turn=3, phase=Phase.END))
    assert verdicts(report) == []
    assert report.outcome is not None and report.outcome.winner is None
    assert report.outcome.text.startswith("The log stops at turn 3, end phase")


def test_a_result_declared_before_the_end_is_info() -> None:
    state = state_from_text("turn 3 action french", sequence=SODBP.make_sequence(game()))
    report = run(state, PhaseStart(turn=3, phase=Phase.END), GameEnd(winner=FR))
    assert verdicts(report) == [("VICTORY-6-AREAS", "info")]
    assert "before the end of turn 8" in report.findings[0].message
