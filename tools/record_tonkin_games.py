#!/usr/bin/env python3
"""Maintainer tool: record the engine-played Tonkin games of ``tests/engine_games_tonkin/``.

Usage (from the repository root; needs the engine: ``VASSAL_LIB`` = the folder of ``Vengine.jar``)::

    python tools/record_tonkin_games.py                  # every game folder
    python tools/record_tonkin_games.py --only legal-two-months --only fault-stk
    python tools/record_tonkin_games.py --list

Builds the module of ``source_data/tonkin`` (``sdbp build``'s code) into a temporary folder, takes its
set-up save (``campaign.vsav`` in the ``.vmod``: the Na San scenario at Oct 1952, the replacement
phase), then for each game folder runs the engine harness on the folder's ``play.txt``
(``run-harness.sh play MODULE campaign.vsav play.txt game.vlog --strict``; ``--harness`` or
``$VASSAL_HARNESS``, default ``/work/shared/tools/vassal/run-harness.sh``), loads the log it wrote
(``run-harness.sh check MODULE game.vlog --strict``) and writes into the folder:

* ``game.vlog`` — the log the engine wrote;
* ``verdict.txt`` — the tail of the play report: every chat line of the game, the dialogs, the
  warnings, errors and fatal problems, the ``VERDICT`` line (machine paths removed), then the
  verdict of loading ``game.vlog``.

It demands that the log loads with ``VERDICT: OK``, and that the play itself has no warning but the
harness's own note that several pieces share an ``sdbp_id`` (the copies of one marker kind: a trench,
a Delta marker … are one kind, their id; the script names only pieces whose id is unique).
``expect.json`` (what the checker must find: ``{"legal": true}`` or ``{"rule": "TON-…", "step":
"<sentence>"}``) is written by hand from docs/tonkin-rules.md; the recorder checks that a planted
fault's ``step`` is a line the engine wrote. Exit 0 when every game recorded as planned, 1 when one
did not (the others are still written), 2 on misuse.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import engine_recording  # noqa: E402
from engine_recording import chat_lines, tail, verdict_of  # noqa: E402

GAMES = ROOT / "tests" / "engine_games_tonkin"
DATA = ROOT / "source_data" / "tonkin"
SHARED_ID = re.compile(r"^\s*\[harness-play\] sdbp_id '[^']+' is on more than one piece")


def warnings_of(report: str) -> list[str]:
    """The report's warnings other than the harness's shared-id notes."""
    section = report.split("== WARNINGS", 1)[-1].split("\n== ", 1)[0]
    lines = section.splitlines()[1:]
    return [line for line in lines if line.strip() and not SHARED_ID.match(line)]


def record(name: str, module: Path, setup: Path, harness: Path) -> list[str]:
    """Play one game folder; write its outputs; return what went wrong (nothing: recorded as planned)."""
    folder = GAMES / name
    script = (folder / "play.txt").read_text(encoding="utf-8")
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix=f"tonkin-{name}-") as tmp:
        work = Path(tmp)
        done = engine_recording.play(harness, module, setup, script, work)
        report = done.stdout
        verdict = verdict_of(report)
        if not verdict.startswith("VERDICT: OK") or warnings_of(report):  # OK, or warnings that are all shared-id notes
            problems.append(f"{name}: {verdict or 'no verdict'} (exit {done.returncode}); {warnings_of(report)[:3]}; stderr: {done.stderr.strip()[-300:]}")
        chat = chat_lines(report)
        if (work / "game.vlog").exists():
            shutil.copy(work / "game.vlog", folder / "game.vlog")
            loaded = engine_recording.harness_run(harness, ["check", str(module), "game.vlog", "--strict"], work)
            load_verdict = verdict_of(loaded.stdout)
            if load_verdict != "VERDICT: OK":
                problems.append(f"{name}: game.vlog loads with {load_verdict or 'no verdict'}")
        else:
            load_verdict = "no game.vlog"
            problems.append(f"{name}: the engine wrote no game.vlog")
        (folder / "verdict.txt").write_text(tail(report, work) + f"LOADING game.vlog (check --strict): {load_verdict}\n", encoding="utf-8")
    problems += engine_recording.expect_problems(folder, chat)
    return problems


def main(argv: list[str] | None = None) -> int:
    return engine_recording.main(argv, tool="record_tonkin_games", description=__doc__.split("\n\n")[0], games=GAMES, data=DATA, record=record)


if __name__ == "__main__":
    sys.exit(main())
