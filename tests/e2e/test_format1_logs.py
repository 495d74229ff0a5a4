"""Logs of format 1 (``SDBP|1|…``, modules built before the sentences of format 2) still read as before
(docs/report-formats.md §5): two games the real VASSAL 3.7.26 engine played with such a module,
kept in ``tests/e2e/format1/<name>/`` as ``tools/record_engine_games.py`` recorded them, are checked
with the module built now (``--allow-other-build``: the log names the older build) and give what their
``expected.json`` says — a legal game no serious finding, a planted game its one planted finding at
its step, neither a ``LOG-INTERPRETATION`` problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.paths import PROJECT_ROOT
from tests.built_modules import built_module

FOLDERS = sorted(p.parent for p in (PROJECT_ROOT / "tests" / "e2e" / "format1").glob("*/expected.json"))


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_module(PROJECT_ROOT / "source_data" / "sodbp", tmp_path_factory.mktemp("format1-module"))


def findings(log: Path, module: Path, *extra: str) -> tuple[int, list[dict[str, Any]]]:
    result = CliRunner().invoke(main, ["check", str(log), "--module", str(module), "--format", "json", *extra])
    assert result.exit_code in (0, 1, 2), result.output
    return result.exit_code, (json.loads(result.output)["findings"] if result.exit_code != 2 else [])


def test_the_kept_logs_are_format_1() -> None:
    assert len(FOLDERS) == 2
    for folder in FOLDERS:
        text = (folder / "play.txt").read_text(encoding="utf-8")
        assert "chat: * SDBP|1|" in text and " → " in text  # the records and the engine's own move reports


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_a_format_1_engine_game_checks_as_its_expected_json_says(folder: Path, module: Path) -> None:
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    code, _ = findings(folder / "game.vlog", module)
    assert code == 2  # another build: refused unless allowed
    _, found = findings(folder / "game.vlog", module, "--allow-other-build")
    assert not [f for f in found if f["rule_id"] == "LOG-INTERPRETATION"]
    serious = [(f["rule_id"], f["where"]["index"]) for f in found if f["severity"] in ("illegal", "suspicious")]
    if expected["verdict"] == "legal":
        assert serious == []
    else:
        assert serious == [(expected["rule_id"], expected["step"])]
