#!/usr/bin/env python3
"""Maintainer tool: record the engine-played Stand at Mortain games of ``tests/engine_games_mortain/``.

Usage (from the repository root; needs the engine: ``VASSAL_LIB`` = the folder of ``Vengine.jar``)::

    python tools/record_mortain_games.py                 # every game folder
    python tools/record_mortain_games.py --only legal-exit-tiger --only fault-stk
    python tools/record_mortain_games.py --list

Builds the module of ``source_data/mortain`` (``sdbp build``'s code) into a temporary folder, takes
its set-up save (``campaign.vsav`` in the ``.vmod``), then for each game folder runs the engine
harness on the folder's ``play.txt`` (``run-harness.sh play MODULE campaign.vsav play.txt game.vlog
--strict``; ``--harness`` or ``$VASSAL_HARNESS``, default ``/work/shared/tools/vassal/run-harness.sh``)
and writes into the folder:

* ``game.vlog`` — the log the engine wrote;
* ``verdict.txt`` — the tail of the harness's report: every chat line of the game, the dialogs, the
  warnings, errors and fatal problems, and the ``VERDICT`` line (machine paths removed).

It demands ``VERDICT: OK`` and that the engine drew the cards the script expects: a ``button Draw
card`` line may follow a comment ``# card <card id> …`` (the card the game was written around: the
script's ``seed`` makes the draws reproducible, java.util.Random), and the engine's ``DRAW`` sentences
must name those cards in that order. ``expect.json`` (what the checker must find: ``{"legal": true}``
or ``{"rule": "MOR-…", "step": "<sentence>"}``) is written by hand; the recorder checks that a
planted fault's ``step`` is a line the engine wrote. Exit 0 when every game recorded as planned, 1
when one did not (the others are still written), 2 on misuse.
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

from sdbp_module.codec.sentences import parse_sentence  # noqa: E402

GAMES = ROOT / "tests" / "engine_games_mortain"
DATA = ROOT / "source_data" / "mortain"
EXPECTED_CARD = re.compile(r"^#\s*card\s+(?P<card>\S+)")


def expected_cards(script: str) -> list[str | None]:
    """The card each ``button Draw card`` line expects: the comment ``# card <id> …`` right above it
    (None: no such comment)."""
    out: list[str | None] = []
    previous = ""
    for line in script.splitlines():
        if line.strip() == "button Draw card":
            m = EXPECTED_CARD.match(previous)
            out.append(m.group("card") if m else None)
        previous = line.strip()
    return out


def drawn_cards(chat: list[str]) -> list[str]:
    out = []
    for line in chat:
        found = parse_sentence("* " + line)
        if found is not None and found[0] == "DRAW":
            out.append(dict(found[1])["card"])
    return out


def record(name: str, module: Path, setup: Path, harness: Path) -> list[str]:
    """Play one game folder; write its outputs; return what went wrong (nothing: recorded as planned)."""
    folder = GAMES / name
    script = (folder / "play.txt").read_text(encoding="utf-8")
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix=f"mortain-{name}-") as tmp:
        work = Path(tmp)
        done = engine_recording.play(harness, module, setup, script, work)
        report = done.stdout
        verdict = verdict_of(report)
        if verdict != "VERDICT: OK":
            problems.append(f"{name}: {verdict or 'no verdict'} (exit {done.returncode}); stderr: {done.stderr.strip()[-300:]}")
        chat = chat_lines(report)
        want = expected_cards(script)
        got = drawn_cards(chat)
        if len(got) != len(want) or any(w is not None and w != g for w, g in zip(want, got)):
            problems.append(f"{name}: the engine drew {' '.join(got)}; the script expects {' '.join(w or '?' for w in want)}")
        if (work / "game.vlog").exists():
            shutil.copy(work / "game.vlog", folder / "game.vlog")
        else:
            problems.append(f"{name}: the engine wrote no game.vlog")
        (folder / "verdict.txt").write_text(tail(report, work), encoding="utf-8")
    problems += engine_recording.expect_problems(folder, chat)
    return problems


def main(argv: list[str] | None = None) -> int:
    return engine_recording.main(argv, tool="record_mortain_games", description=__doc__.split("\n\n")[0], games=GAMES, data=DATA, record=record)


if __name__ == "__main__":
    sys.exit(main())
