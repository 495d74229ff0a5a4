"""The synthetic Storm over Stalingrad game of ``bench/check.py`` (the bench's second row) is legal: a
whole 6-turn game from the bundled data, checked by every registered rule, with no illegal, suspicious
or cannot-check finding, and the result it declares is the one the rules give."""

from __future__ import annotations

from sdbp_module.games.sos.rules.package import SOS
from sdbp_module.ids import Severity
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import GameEnd, GameStart, Move, Place, Relocate
from sdbp_module.rules.checker import check_events
from tests.bench_check import bench_check


def test_the_synthetic_sos_game_is_legal() -> None:
    game = load_game(default_data_dir("sos"))
    events = bench_check().synthetic_sos_game(game)
    assert isinstance(events[0], GameStart) and isinstance(events[-1], GameEnd)
    kinds = {type(e) for e in events}
    assert {Move, Place, Relocate} <= kinds  # moves, reinforcements, the turn-3 withdrawal
    report = check_events(events, game, SOS, source="synthetic.jsonl")
    assert [f for f in report.findings if f.severity is not Severity.INFO] == []
    assert report.final.clock.turn == game.game.turns
    assert report.outcome is not None and report.outcome.agrees is True
