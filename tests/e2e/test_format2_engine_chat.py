"""What a player reads in an engine game of a format-2 module is sentences (docs/report-formats.md
§1.1): every chat line the real VASSAL 3.7.26 engine wrote, as the harness's report shows it, reads
as a record, but the harness's own notes and the last-turn hotkey's report; no line is the old
``SDBP|`` record or the engine's own move report. Games still of format 1 (recorded with an older
module, ``SDBP|1|`` lines) are left to ``test_format1_logs.py`` and ``test_engine_games.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.vlog.lines import parse_line

GAMES = sorted(p.parent for p in (PROJECT_ROOT / "tests" / "engine_games").glob("*/*/play.txt"))
FORMAT2 = [g for g in GAMES if "SDBP|" not in (g / "play.txt").read_text(encoding="utf-8")]


def chat(folder: Path) -> list[str]:
    lines = (folder / "play.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip()[len("chat: ") :] for line in lines if line.strip().startswith("chat: ")]


def test_at_least_one_engine_game_is_of_format_2() -> None:
    assert FORMAT2


@pytest.mark.parametrize("folder", FORMAT2, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_line_of_a_format_2_engine_game_is_a_sentence_the_checker_reads(folder: Path) -> None:
    lines = chat(folder)
    assert lines
    notes = [c for c in lines if c.startswith("* harness ") or " is the last turn (rules " in c]
    unread = [c for c in lines if c not in notes and parse_line(c) is None]
    assert unread == []
    assert not [c for c in lines if " → " in c or "&rarr;" in c or " created in " in c]  # one line per move
