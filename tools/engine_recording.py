"""What the engine-game recorders share (``tools/record_mortain_games.py``, ``tools/record_tonkin_games.py``):
reading the harness's report (its chat lines, its verdict, its tail without machine paths) and the
command line (``--only``, ``--list``, ``--harness``) that builds the game's module once, takes its set-up
save and records each chosen game folder with the recorder's own ``record``."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sdbp_module.model.from_data import load_game  # noqa: E402
from sdbp_module.vassal.buildfile import SETUP_FILE  # noqa: E402
from sdbp_module.vassal.commands import build_module  # noqa: E402

HARNESS = Path(os.environ.get("VASSAL_HARNESS", "/work/shared/tools/vassal/run-harness.sh"))
TIMEOUT = 1800

Record = Callable[[str, Path, Path, Path], list[str]]
"""(game folder name, module, set-up save, harness) → what went wrong (nothing: recorded as planned)."""


def chat_lines(report: str) -> list[str]:
    """The chat lines of the harness's ``== CHAT LOG`` section, without their ``* `` decoration."""
    section = report.split("== CHAT LOG", 1)[-1].split("\n== ", 1)[0]
    return [line.strip()[2:] for line in section.splitlines() if line.strip().startswith("* ")]


def tail(report: str, work: Path) -> str:
    """The report from its chat log on, machine paths removed."""
    text = report[report.find("== CHAT LOG") :] if "== CHAT LOG" in report else report
    text = text.replace(str(work) + "/", "").replace(str(work), ".")
    text = re.sub(r"\(engine log: [^)]*\)", "(engine log)", text)
    return text.rstrip("\n") + "\n"


def verdict_of(report: str) -> str:
    return next((line for line in reversed(report.splitlines()) if line.startswith("VERDICT")), "")


def play(harness: Path, module: Path, setup: Path, script: str, work: Path) -> subprocess.CompletedProcess[str]:
    """The harness playing ``script`` from the set-up save in the folder ``work``, writing ``game.vlog`` there."""
    shutil.copy(setup, work / SETUP_FILE)
    (work / "play.txt").write_text(script, encoding="utf-8")
    return harness_run(harness, ["play", str(module), SETUP_FILE, "play.txt", "game.vlog", "--strict"], work)


def harness_run(harness: Path, args: list[str], work: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.setdefault("VASSAL_HARNESS_WORK", str(work / "harness"))
    return subprocess.run(["bash", str(harness), *args], capture_output=True, text=True, env=env, cwd=work, timeout=TIMEOUT, check=False)


def expect_problems(folder: Path, chat: list[str]) -> list[str]:
    """What is wrong with the folder's ``expect.json``: missing, or a planted ``step`` that is no line the engine wrote."""
    expect_path = folder / "expect.json"
    if not expect_path.exists():
        return [f"{folder.name}: no expect.json"]
    expect = json.loads(expect_path.read_text(encoding="utf-8"))
    if "step" in expect and expect["step"] not in chat:
        return [f"{folder.name}: expect.json's step {expect['step']!r} is no line the engine wrote"]
    return []


def main(argv: list[str] | None, *, tool: str, description: str, games: Path, data: Path, record: Record) -> int:
    """The recorder's command line: exit 0 when every chosen game recorded as planned, 1 when one did not
    (the others are still written), 2 on misuse."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help="record only this game folder (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the game folders and exit")
    parser.add_argument("--harness", type=Path, default=HARNESS, help="the engine harness's run-harness.sh")
    args = parser.parse_args(argv)
    names = sorted(p.name for p in games.iterdir() if (p / "play.txt").is_file()) if games.is_dir() else []
    if args.list:
        print("\n".join(names))
        return 0
    unknown = [n for n in args.only if n not in names]
    if unknown:
        print(f"{tool}: no game folder {unknown[0]!r} under {games} (see --list)", file=sys.stderr)
        return 2
    chosen = args.only or names
    if not os.environ.get("VASSAL_LIB"):
        print(f"{tool}: set VASSAL_LIB to the folder of Vengine.jar", file=sys.stderr)
        return 2
    failed = 0
    with tempfile.TemporaryDirectory(prefix=f"{data.name}-build-") as tmp:
        module = build_module(load_game(data, hex_map=True), Path(tmp), None).path
        setup = Path(tmp) / SETUP_FILE
        with zipfile.ZipFile(module) as z:
            setup.write_bytes(z.read(SETUP_FILE))
        for name in chosen:
            problems = record(name, module, setup, args.harness)
            failed += bool(problems)
            print(f"{name}: " + ("recorded, VERDICT: OK" if not problems else "; ".join(problems)))
    return 1 if failed else 0
