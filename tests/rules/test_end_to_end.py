"""End to end: a synthetic two-turn SoDBP game (bundled data) written as events JSONL, with planted
violations; the check finds exactly those (every registered rule runs) and nothing else serious."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.ids import Phase, Severity
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import (
    END_OF_LOG,
    DiceRoll,
    Event,
    Fire,
    Flip,
    GameStart,
    Pass,
    PhaseStart,
    Place,
    Where,
)
from sdbp_module.replay.jsonl import read_events, write_events
from sdbp_module.replay.location import LocationKind
from sdbp_module.rules.base import FunctionRule
from sdbp_module.rules.checker import check_events
from tests.bench_check import bench_check

ROOT = Path(__file__).resolve().parents[2]



@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="module")
def legal(game: GameData) -> list[Event]:
    return list(bench_check().synthetic_game(game, turns=2))


def renumber(events: list[Event]) -> list[Event]:
    return [replace(e, where=Where("game.jsonl", i, i + 1)) for i, e in enumerate(events)]


def serious(events: list[Event], game: GameData) -> list[tuple[str, int]]:
    report = check_events(events, game, SODBP, source="game.jsonl")
    return [(f.rule_id, f.where.index) for f in report.findings if f.severity in (Severity.ILLEGAL, Severity.SUSPICIOUS)]


def test_the_legal_game_is_clean(legal: list[Event], game: GameData, tmp_path: Path) -> None:
    assert len(legal) > 300
    path = tmp_path / "game.jsonl"
    write_events(path, legal)
    events = list(read_events(path))
    assert events == [replace(e, where=Where(str(path), i, i + 1)) for i, e in enumerate(legal)]  # at its lines
    report = check_events(events, game, SODBP, source=str(path))
    # the log stops inside turn 2's End phase: the rules that judge a whole phase say they cannot
    cut = [f for f in report.findings if f.severity is Severity.CANNOT_CHECK and f.where == END_OF_LOG]
    assert cut and all(f.message.startswith("The log ends in") for f in cut)
    assert [f for f in report.findings if f.severity is not Severity.INFO and f not in cut] == []


def plant(legal: list[Event]) -> tuple[list[Event], list[tuple[str, int]]]:
    events = list(legal)
    # 1. SETUP-FRESH: a turn-2 reinforcement starts spent
    start = events[0]
    assert isinstance(start, GameStart)
    late = next(u for u in start.units if u.location.kind is LocationKind.TURN and u.location.turn == 2)
    events[0] = replace(start, units=tuple(replace(u, spent=True) if u is late else u for u in start.units))
    # 2. FIRE-FLIP-SPENT: the flip after the first unit fire of turn 1 is missing (FI-8; not
    #    ACT-FLIP-PARTICIPANTS too: one fault, one id)
    fire_at = next(i for i, e in enumerate(events) if isinstance(e, Fire))
    flip_at = next(i for i in range(fire_at, len(events)) if isinstance(events[i], Flip))
    del events[flip_at]
    next_action = next(
        i for i in range(fire_at + 1, len(events)) if isinstance(events[i], (Fire, Pass)) or type(events[i]).__name__ == "Move"
    )
    # 3. SEQ-ALTERNATE: a French pass slipped in before the third French action of turn 1
    french_acts = [
        i
        for i, e in enumerate(events)
        if getattr(e, "side", None) is FRENCH and type(e).__name__ in ("Move", "Fire") and i > next_action + 4
    ]
    third = french_acts[2]
    after_flip = next(i for i in range(third, len(events)) if isinstance(events[i], Flip)) + 1
    events.insert(after_flip, Pass(side=FRENCH))  # French act, then a French pass
    # 4. SEQ-END-PHASE-ORDER: in turn 1's End phase the supply roll comes after the refresh
    end1 = next(i for i, e in enumerate(events) if isinstance(e, PhaseStart) and (e.turn, e.phase) == (1, Phase.END))
    supply = next(i for i in range(end1, len(events)) if isinstance(events[i], DiceRoll))
    roll = events.pop(supply)
    events.insert(supply + 1, roll)
    events = renumber(events)
    placed = next(i for i, e in enumerate(events) if isinstance(e, Place) and late.unit in e.units)
    expected = sorted(
        [
            ("SETUP-FRESH", 0),
            ("FIRE-FLIP-SPENT", fire_at),  # the missing flip, judged for the fire (8.1; §4.2 FI-8)
            ("SEQ-ALTERNATE", after_flip),
            ("SEQ-END-PHASE-ORDER", supply + 1),
            ("SUPPLY-TIMING", supply + 1),  # the same late roll: 11.0 wants it before the refresh
            ("PLACE-FRESH", placed),  # the spent reinforcement of 1. is placed spent (12.3, REC)
        ],
        key=lambda x: (x[1], x[0]),
    )
    return events, expected


def test_planted_violations_are_found_and_nothing_else(legal: list[Event], game: GameData, tmp_path: Path) -> None:
    events, expected = plant(legal)
    path = tmp_path / "planted.jsonl"
    write_events(path, events)
    assert serious(list(read_events(path)), game) == expected


def test_event_filters_change_no_finding(legal: list[Event], game: GameData) -> None:
    """Each rule's ``events=`` filter, ``gate`` (and the gate's guard) and ``quiet`` phases only skip steps
    it never judges: every rule run on every event, ungated, gives the same findings (planted game, all
    severities)."""
    events, _ = plant(legal)
    unfiltered = tuple(
        replace(r, event_types=None, gate=None, quiet=()) if isinstance(r, FunctionRule) else r for r in SODBP.rules
    )
    assert any(isinstance(r, FunctionRule) and r.event_types is not None for r in SODBP.rules)
    assert any(isinstance(r, FunctionRule) and r.gate is not None for r in SODBP.rules)
    assert any(isinstance(r, FunctionRule) and r.gate is not None and r.gate.guard is not None for r in SODBP.rules)
    assert any(isinstance(r, FunctionRule) and r.quiet for r in SODBP.rules)
    filtered_report = check_events(events, game, SODBP, source="game.jsonl")
    full_report = check_events(events, game, SODBP, rules=unfiltered, source="game.jsonl")
    assert filtered_report.findings == full_report.findings


def test_replayed_game_keeps_its_indexes_in_step(legal: list[Event], game: GameData) -> None:
    from sdbp_module.replay.apply import apply
    from sdbp_module.replay.state import GameState
    from tests.unit.replay.test_replay_properties import assert_indexes_in_step

    state = GameState.empty(SODBP.make_sequence(game))
    for event in plant(legal)[0]:
        state = apply(state, event)
        assert_indexes_in_step(state)


def test_control_change_reuses_the_move_walk_faithfully(legal: list[Event], game: GameData) -> None:
    """CONTROL-CHANGE takes a logged move's board from the movement analysis: the same areas and
    controllers as its own 13.0 replay (``simulate``) gives."""
    from sdbp_module.replay.apply import apply
    from sdbp_module.replay.events import Move, MoveKind
    from sdbp_module.replay.state import GameState
    from sdbp_module.rules.area_impulse.control import _walked, simulate

    state = GameState.empty(SODBP.make_sequence(game))
    compared = 0
    for event in legal:
        if isinstance(event, Move) and event.move_kind is MoveKind.MOVE:  # the movement analysis walks move actions
            walked, simulated = _walked(state, event, game), simulate(state, event, game)
            assert walked is not None and simulated is not None
            assert walked[1] == simulated[1]
            assert [walked[0].controller(a) for a in walked[1]] == [simulated[0].controller(a) for a in simulated[1]]
            assert [walked[0].count(s, a) for a in walked[1] for s in (FRENCH, VIET_MINH)] == [
                simulated[0].count(s, a) for a in simulated[1] for s in (FRENCH, VIET_MINH)
            ]
            compared += 1
        state = apply(state, event)
    assert compared > 50
