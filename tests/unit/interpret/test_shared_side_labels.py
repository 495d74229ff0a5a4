"""Two games may give a side the same label (Storm over Stalingrad's ``german`` and Stand at Mortain's
``de`` are both "German"). A process that loaded both — a test run, a tool — must still read each
game's log with its own sides: the module writes labels (``$PlayerSide$``), and a label is looked up
among the sides of the game being read, never among every side declared so far."""

from __future__ import annotations

from pathlib import Path

from sdbp_module.ids import Severity
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.rules.commands import check_log, rules_package

SOS_GAME = PROJECT_ROOT / "tests" / "engine_games" / "sos" / "legal-attack-on-the-move" / "game.vlog"


def test_a_label_two_games_share_is_read_as_the_side_of_the_game_being_read() -> None:
    mortain = load_game(PROJECT_ROOT / "source_data" / "mortain", hex_map=True)  # declares its sides first
    sos = load_game(PROJECT_ROOT / "source_data" / "sos")
    shared = {s.label for s in mortain.game.sides} & {s.label for s in sos.game.sides}
    assert shared == {"German"} and not set(mortain.game.sides) & set(sos.game.sides)
    report = check_log(Path(SOS_GAME), sos, rules_package("sos")).report
    serious = [f for f in report.findings if f.severity in (Severity.ILLEGAL, Severity.SUSPICIOUS)]
    assert serious == [], [(f.rule_id, f.message) for f in serious]
    assert all(f.side in sos.game.sides for f in report.findings if f.side is not None)
