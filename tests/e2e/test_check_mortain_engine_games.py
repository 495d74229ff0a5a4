"""``sdbp check`` of the Stand at Mortain games the real engine played (``tests/engine_games_mortain/``).

The recordings are the engine's own logs of our module (``tools/record_mortain_games.py``); each
folder's ``expect.json`` says what the checker must find. A legal game: no illegal and no suspicious
finding. A game with a planted fault: exactly one illegal or suspicious finding, under the planted
rule id, at the log step whose chat holds the sentence of the faulty act.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest

from sdbp_module.ids import Severity
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.loading import reference
from sdbp_module.rules.commands import check_log, rules_package
from tests.e2e.engine_logs import step_of

GAMES_DIR = PROJECT_ROOT / "tests" / "engine_games_mortain"
FOLDERS = sorted(p.parent for p in GAMES_DIR.glob("*/expect.json"))
SERIOUS = (Severity.ILLEGAL, Severity.SUSPICIOUS)


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return load_game(PROJECT_ROOT / "source_data" / "mortain", hex_map=True)


def test_every_section_has_its_planted_game() -> None:
    planted = {json.loads((f / "expect.json").read_text()).get("rule", "")[4:].rsplit("-", 1)[0] for f in FOLDERS}
    assert planted >= {"SET", "STK", "DECK", "ACT", "AIR", "FIRE", "TURN", "VIC", "EXIT"}
    assert sum(1 for f in FOLDERS if json.loads((f / "expect.json").read_text()).get("legal")) >= 2


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_the_checker_finds_what_the_game_holds(folder: Path, game) -> None:  # type: ignore[no-untyped-def]
    expect = json.loads((folder / "expect.json").read_text(encoding="utf-8"))
    # as `sdbp check` does: a log of another build than the module the data builds is refused (record the games again)
    build = partial(reference, game, None, PROJECT_ROOT / "source_data" / "mortain")
    checked = check_log(folder / "game.vlog", game, rules_package("mortain"), build=build)
    report = checked.report
    serious = [f for f in report.findings if f.severity in SERIOUS]
    shown = [(f.rule_id, f.severity.value, f.where.index, f.message) for f in serious]
    if expect.get("legal"):
        assert serious == [], shown
        assert not [f for f in report.findings if f.severity is Severity.CANNOT_CHECK], report.findings
        return
    step = step_of(folder / "game.vlog", expect["step"])
    assert [(f.rule_id, f.where.index) for f in serious] == [(expect["rule"], step)], shown
