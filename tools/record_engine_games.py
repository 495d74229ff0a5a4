#!/usr/bin/env python3
"""Maintainer tool: record the engine-played games of ``tests/engine_games/`` with the real VASSAL engine.

Usage (from the repository root; needs the engine: ``VASSAL_LIB`` = the folder of ``Vengine.jar``)::

    python tools/record_engine_games.py            # every registered game
    python tools/record_engine_games.py --only sodbp-legal-two-turns --only sos-legal-opening
    python tools/record_engine_games.py --list

For each game registered in ``tools/engine_games/`` (a builder that plays the game act by act on a
:class:`~sdbp_module.vassal_log.play_script.PlayScript`, and what the checker should say: legal, or one
planted fault at a marked act), per game data folder once: build the module (``sdbp build``'s code),
take its set-up save (``campaign.vsav`` in the ``.vmod``); per game: write the script, run the engine
harness (``run-harness.sh play``; ``--harness`` or ``$VASSAL_HARNESS``, default
``/work/shared/tools/vassal/run-harness.sh``), demand ``VERDICT: OK``, check the engine rolled and
drew what the game planned (each ``DICE`` line, each card drawn by hand or by a Draw button), and
write ``tests/engine_games/<game id>/<name>/``:

* ``script.txt`` — the script the engine played;
* ``game.vlog`` — the log the engine wrote;
* ``expected.json`` — ``{"game", "data", "verdict": "legal"}`` or ``{…, "verdict": "planted", "rule_id",
  "step", "mark", "script_line"}``: ``step`` is the log step the engine wrote for the marked act (the
  harness reports how many steps each script line logged);
* ``play.txt`` — the harness's report (each step's chat and what was logged), machine paths removed.

The test suite (``tests/e2e/test_engine_games.py``) never runs the engine: it checks these files.
After a change to the module (new controls, a build identity …) this one command records every game
again. Exit 0 when every game recorded, 1 when one failed (the others are still written), 2 on misuse.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from engine_games import FIXTURES, Fixture  # noqa: E402

from sdbp_module.codec.container import read_container  # noqa: E402
from sdbp_module.codec.envelope import decode_envelope  # noqa: E402
from sdbp_module.codec.sequence import decode as se_decode  # noqa: E402
from sdbp_module.codec.tree import decode_tree  # noqa: E402
from sdbp_module.codec.zipread import open_archive  # noqa: E402
from sdbp_module.model.from_data import load_game  # noqa: E402
from sdbp_module.replay.vlog.lines import parse_line  # noqa: E402
from sdbp_module.vassal.commands import build_module  # noqa: E402
from sdbp_module.vassal_log.play_script import PlayScript  # noqa: E402

OUT = ROOT / "tests" / "engine_games"
HARNESS = Path("/work/shared/tools/vassal/run-harness.sh")
SETUP_ENTRY = "campaign.vsav"
TIMEOUT = 3600


class RecordError(Exception):
    """A game could not be recorded as planned (the message says where)."""


@dataclass
class Step:
    """One script line as the harness reports it: its command, chat lines, cards drawn, log steps."""

    line: int
    command: str
    chat: list[str]
    drew: list[str]
    failed: list[str]
    logged: int = 0


def parse_report(text: str) -> tuple[dict[int, Step], str]:
    """The harness report's steps by script line, and its verdict."""
    steps: dict[int, Step] = {}
    current: Step | None = None
    verdict = ""
    for raw in text.splitlines():
        m = re.match(r"STEP \d+ \(line (\d+)\): (.*)$", raw)
        if m:
            current = Step(int(m.group(1)), m.group(2), [], [], [])
            steps[current.line] = current
            continue
        if raw.startswith("VERDICT: "):
            verdict = raw[len("VERDICT: ") :]
        if raw.startswith("LOG WRITTEN") or raw.startswith("=="):
            current = None
        if current is None:
            continue
        s = raw.strip()
        if s.startswith("chat: "):
            current.chat.append(s[len("chat: ") :])
        elif s.startswith("drew "):
            current.drew.append(s.split()[1])
        elif s.startswith("FAILED: "):
            current.failed.append(s)
        elif s.startswith("logged: "):
            current.logged = int(s.split()[1])
    return steps, verdict


def log_steps(vlog: Path) -> list[list[str]]:
    """Every top-level ``LOG`` step of a ``.vlog``: its command texts, depth first."""
    container = read_container(vlog)
    saved = dict(container.entries)["savedGame"]
    tree = decode_tree(decode_envelope(saved).text)
    return [[node.text for node in top.walk()] for top in tree.children if top.text.startswith("LOG\t")]


def _cards_into(texts: Iterable[str], hand: str, names: dict[str, str]) -> list[str]:
    out: list[str] = []
    for text in texts:
        for part in text.split("\t"):
            if part.startswith("M/"):
                fields = se_decode(part[2:], "/")
                if len(fields) > 1 and fields[1] == hand and fields[0] in names:
                    out.append(names[fields[0]])
    return out


def verify(script: PlayScript, steps: dict[int, Step], vlog: Path) -> None:
    """The engine rolled and drew what the game planned."""
    for line, step in sorted(steps.items()):
        if step.failed:
            raise RecordError(f"script line {line} '{step.command}' failed: {step.failed[0]}")
    first_step: dict[int, int] = {}
    n = 0
    for line in sorted(steps):
        first_step[line] = n + 1
        n += steps[line].logged
    names = {pid: p.sdbp_id for pid, p in script.shadow.tracker.pieces.items() if p.sdbp_id}
    written: list[list[str]] | None = None
    for want in script.expected:
        step = steps.get(want.line)
        if step is None:
            raise RecordError(f"script line {want.line} was not played")
        if want.dice:
            records = [parse_line(c) for c in step.chat]
            rolled = [r.get("dice") for r in records if r is not None and r.event == "DICE"]
            if rolled != [",".join(str(d) for d in want.dice)]:
                raise RecordError(f"script line {want.line} '{step.command}': planned {list(want.dice)}, the engine wrote {rolled}")
        elif step.command.startswith("draw "):
            if step.drew != list(want.cards):
                raise RecordError(f"script line {want.line} '{step.command}': planned {list(want.cards)}, the engine drew {step.drew}")
        else:
            written = written if written is not None else log_steps(vlog)
            got = [
                c
                for i in range(first_step[want.line], first_step[want.line] + step.logged)
                for c in _cards_into(written[i - 1], want.hand, names)
            ]
            if sorted(got) != sorted(want.cards):
                raise RecordError(f"script line {want.line} '{step.command}': planned {sorted(want.cards)}, the engine drew {sorted(got)}")


def step_of_line(steps: dict[int, Step], line: int) -> int:
    """The log step the engine wrote first for a script line (steps counted from 1)."""
    n = 0
    for number in sorted(steps):
        if number == line:
            if steps[number].logged == 0:
                raise RecordError(f"script line {line} '{steps[number].command}' logged nothing: no step to plant a fault in")
            return n + 1
        n += steps[number].logged
    raise RecordError(f"script line {line} was not played")


def trim(report: str, work: Path) -> str:
    """The report without this machine's folders."""
    out = report.replace(str(work) + "/", "").replace(str(work), ".")
    harness_work = os.environ.get("VASSAL_HARNESS_WORK")
    if harness_work:
        out = out.replace(harness_work, "$VASSAL_HARNESS_WORK")
    return re.sub(r"\(engine log: [^)]*\)", "(engine log: $VASSAL_HARNESS_WORK/engine.log)", out)


def record(fixture: Fixture, module: Path, setup: bytes, harness: Path, work: Path) -> Path:
    data_dir = ROOT / "source_data" / fixture.game
    game = load_game(data_dir)
    script = PlayScript(module)
    planted = fixture.build(script, game)
    here = work / fixture.name
    here.mkdir(parents=True)
    (here / SETUP_ENTRY).write_bytes(setup)
    script.write(here / "script.txt")
    run = subprocess.run(
        ["bash", str(harness), "play", str(module), SETUP_ENTRY, "script.txt", "game.vlog", "--timeout", str(TIMEOUT)],
        cwd=here,
        capture_output=True,
        text=True,
        check=False,
    )
    report = run.stdout
    (here / "play.txt").write_text(report, encoding="utf-8")
    steps, verdict = parse_report(report)
    if verdict != "OK":
        raise RecordError(f"the engine's verdict is {verdict or 'missing'} (exit {run.returncode}); report: {here / 'play.txt'}")
    vlog = here / "game.vlog"
    verify(script, steps, vlog)
    expected: dict[str, object] = {"game": fixture.game, "data": f"source_data/{fixture.game}", "verdict": "legal"}
    if planted is not None:
        line = script.mark_line(planted.mark)
        expected.update(
            verdict="planted", rule_id=planted.rule_id, step=step_of_line(steps, line), mark=planted.mark, script_line=line
        )
    expected["about"] = fixture.about
    dest = OUT / fixture.game / fixture.name
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copyfile(here / "script.txt", dest / "script.txt")
    shutil.copyfile(vlog, dest / "game.vlog")
    (dest / "play.txt").write_text(trim(report, here), encoding="utf-8")
    (dest / "expected.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return dest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help="record only this game (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the registered games and exit")
    parser.add_argument("--harness", type=Path, default=Path(os.environ.get("VASSAL_HARNESS", HARNESS)))
    parser.add_argument("--keep", type=Path, help="keep the work folders (scripts, logs, reports) here")
    args = parser.parse_args(argv)
    if args.list:
        for f in FIXTURES:
            print(f"{f.name:40} {f.game:6} {f.about}")
        return 0
    known = {f.name for f in FIXTURES}
    unknown = [n for n in args.only if n not in known]
    if unknown:
        print(f"record_engine_games: no registered game {', '.join(unknown)} (see --list)", file=sys.stderr)
        return 2
    if not os.environ.get("VASSAL_LIB"):
        print("record_engine_games: set VASSAL_LIB to the folder holding Vengine.jar", file=sys.stderr)
        return 2
    if not args.harness.is_file():
        print(f"record_engine_games: no engine harness at {args.harness} (--harness)", file=sys.stderr)
        return 2
    chosen = [f for f in FIXTURES if not args.only or f.name in args.only]
    work = Path(tempfile.mkdtemp(prefix="engine-games-")) if args.keep is None else args.keep
    work.mkdir(parents=True, exist_ok=True)
    failures = 0
    modules: dict[str, tuple[Path, bytes]] = {}
    try:
        for fixture in chosen:
            if fixture.game not in modules:
                built = build_module(load_game(ROOT / "source_data" / fixture.game), work / f"module-{fixture.game}", None).path
                with open_archive(built, kind="a .vmod is a zip archive") as archive:
                    setup = archive.read(next(e for e in archive.entries if e.name == SETUP_ENTRY))
                modules[fixture.game] = (built, setup)
            module, setup = modules[fixture.game]
            try:
                dest = record(fixture, module, setup, args.harness, work)
            except RecordError as exc:
                failures += 1
                print(f"FAILED {fixture.name}: {exc}", file=sys.stderr)
                continue
            print(f"recorded {fixture.name} -> {dest.relative_to(ROOT)}")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
