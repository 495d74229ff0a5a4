"""The recording tool's reading of the engine harness's report: the steps each script line logged, the
log step of a marked line (a planted fault's step), the trimming of machine paths."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from sdbp_module.paths import PROJECT_ROOT

REPORT = """\
LOG BEGUN: /tmp/x/game.vlog (File > Begin Logfile; BasicLogger.isLogging() = true)
STEP 1 (line 1): side Viet Minh
    already on side 'Viet Minh'
STEP 2 (line 2): seed 15
STEP 3 (line 3): draw Viet Minh deck 1 Viet Minh hand
    drew VM-16 -> Viet Minh hand 700,155 (no zone)
    logged: 1 step(s) {AddPiece=1, MovePiece=1}
STEP 4 (line 4): echo mark here
STEP 5 (line 5): button Fire 2d6
    chat: * SDBP|1|DICE|side=Viet Minh|purpose=fire|dice=5,3|total=8
    logged: 1 step(s) {ChangePropertyCommand=4, DisplayText=1}
STEP 6 (line 6): key VM-1 69,130
    logged: 2 step(s) {ChangePiece=2}
LOG WRITTEN: /tmp/x/game.vlog (48317 bytes, BasicLogger.write)
VERDICT: OK
(engine log: /tmp/vh/engine.log)
"""


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    path = PROJECT_ROOT / "tools" / "record_engine_games.py"
    spec = importlib.util.spec_from_file_location("record_engine_games", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["record_engine_games"] = module
    spec.loader.exec_module(module)
    return module


def test_the_report_gives_each_line_s_steps_chat_and_cards(tool: ModuleType) -> None:
    steps, verdict = tool.parse_report(REPORT)
    assert verdict == "OK"
    assert [(s.line, s.logged) for s in steps.values()] == [(1, 0), (2, 0), (3, 1), (4, 0), (5, 1), (6, 2)]
    assert steps[3].drew == ["VM-16"]
    assert steps[5].chat == ["* SDBP|1|DICE|side=Viet Minh|purpose=fire|dice=5,3|total=8"]


def test_a_marked_line_s_step_counts_the_steps_logged_before_it(tool: ModuleType) -> None:
    steps, _ = tool.parse_report(REPORT)
    assert tool.step_of_line(steps, 5) == 2
    assert tool.step_of_line(steps, 6) == 3
    with pytest.raises(tool.RecordError):
        tool.step_of_line(steps, 4)  # an echo logs nothing


def test_machine_paths_are_trimmed(tool: ModuleType) -> None:
    text = tool.trim(REPORT, Path("/tmp/x"))
    assert "/tmp/x" not in text and "LOG WRITTEN: game.vlog" in text
    assert "(engine log: $VASSAL_HARNESS_WORK/engine.log)" in text
