"""Shared fixtures of the log-interpretation tests: the bundled game and a module built from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from tests.built_modules import built_module


@pytest.fixture(scope="session")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="session")
def module(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("interpret-module")
    return built_module(default_data_dir(), out)


PART_GAME_SKIPS: tuple[str, ...] = (
    "HAND-",
    "CARD-",
    "SUPPLY-",
    "REFRESH-",
    "HEAVY-",
    "REPLACEMENTS-",
    "EMERGENCY-",
    "REINFORCEMENT-",
    "PLACE-",
    "VICTORY-",
    "C-",
)
"""``sdbp check --skip`` prefixes for the short logs of the movement and combat tests: two turns whose
hands, End phases (supply, refresh, reinforcements) and result are not played out. Those rules
(issue #9) are judged end to end on a whole game by ``test_check_full_game_vlog``."""


def checked_findings(log: Path, module: Path, skips: list[str]) -> list[tuple[str, str, int]]:
    """``sdbp check LOG --module MODULE --format json`` with ``skips``: the illegal, suspicious and
    cannot-check findings as (rule id, severity, log step)."""
    import json

    from click.testing import CliRunner

    from sdbp_module.cli import main

    result = CliRunner().invoke(main, ["check", str(log), "--module", str(module), "--format", "json", *skips])
    assert result.exit_code in (0, 1), result.output
    return [
        (f["rule_id"], f["severity"], f["where"]["index"])
        for f in json.loads(result.output)["findings"]
        if f["severity"] in ("illegal", "suspicious", "cannot-check")
    ]
