"""Prove the built Stand at Mortain module in the real engine; write the test fixture.

Builds the module of ``source_data/mortain`` (as ``sdbp build`` does) into a temp folder, then

1. ``run-harness.sh check MODULE --new-game --strict``: the module loads clean;
2. ``run-harness.sh check MODULE campaign.vsav --list-pieces --strict [--screenshot OUT.png]``:
   the set-up save loads clean; every piece and its position;
3. ``run-harness.sh play MODULE campaign.vsav probe.txt probe.vlog --strict``: every unit and
   marker is moved once to the panel zone, so its MOVE sentence names where the set-up put it
   (``US moves 2/120 (US-2-120) from J8 to Off-map``: the engine's location name = the hex id or the
   box name), then the *Draw card* button is pressed once, then every other control a player acts
   with (:data:`ACTS`: *Activate*, *Fire at…* with two units, *Take hit* twice, *Eliminate*, the Air and
   OBA calls, Pass, Reshuffle, the tracker to the last turn and once more, a result);

and writes ``tests/unit/vassal/mortain_engine.json`` (verdicts, warning counts, the pieces, the
engine's location of each piece, the draw line, the acts' lines), which
``tests/unit/vassal/test_hex_module.py`` checks against the build without the engine.

    VASSAL_LIB=/work/engine/out/lib VASSAL_HARNESS_WORK=/tmp/vh-mortain VASSAL_SCREEN=1920x1200x24 \\
        python tools/mortain_engine_check.py [SCREENSHOT.png]
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sdbp_module.model.from_data import load_game  # noqa: E402
from sdbp_module.vassal.buildfile import SETUP_FILE  # noqa: E402
from sdbp_module.vassal.commands import build_module  # noqa: E402
from sdbp_module.vassal.hex_map_xml import PANEL_ZONE  # noqa: E402

DATA = ROOT / "source_data" / "mortain"
FIXTURE = ROOT / "tests" / "unit" / "vassal" / "mortain_engine.json"
HARNESS = Path("/work/shared/tools/vassal/run-harness.sh")
LISTED = re.compile(r"^\s+(?P<id>\d+)\s+'(?P<name>.*)'\s+map=(?P<map>.+?) pos=(?P<x>-?\d+),(?P<y>-?\d+)$")
MOVED = re.compile(rf"^\s+\* \S+ moves (?P<name>.+) \((?P<id>[^()\s:]+)(?:: [^()]*)?\) from (?P<at>.+) to {re.escape(PANEL_ZONE)}$")
DRAWN = re.compile(r"^\s+\* (?P<line>.+ draws the .+ from .+)$")
ACTS = (
    "key US-2-120 65,195",  # Activate
    "answer DE-102",
    "key US-2-120,US-1-120 70,195",  # Fire at… with two units
    "key US-2-120 72,130",  # Take hit: flipped
    "key US-2-120 72,130",  # Take hit: eliminated
    "key US-1-120 69,130",  # Eliminate
    "answer DE-102",
    "key oba 75,195",  # OBA: attack…
    "answer K5",
    "key air 83,195",  # Air: suppression…
    "button Pass",
    "button Reshuffle",
    *["turn next"] * 6,  # to the last turn, and once more: it stays
    "answer yes",
    "button US win",
)
"""The probe's acts after the draw, as the player's side (the first of the data)."""
ACT_LINE = re.compile(r"^\s+\* (?P<line>.+)$")


def run(args: list[str], cwd: Path) -> tuple[str, int]:
    env = dict(os.environ)
    env.setdefault("VASSAL_LIB", "/work/engine/out/lib")
    done = subprocess.run(["bash", str(HARNESS), *args], capture_output=True, text=True, env=env, cwd=cwd, check=False)
    return done.stdout, done.returncode


def summary(out: str, code: int) -> dict[str, Any]:
    lines = out.splitlines()
    verdict = next((line for line in reversed(lines) if line.startswith("VERDICT")), "")
    counts = {m.group(1).lower(): int(m.group(2)) for line in lines if (m := re.match(r"== (WARNINGS|ERRORS|FATAL)\b.*?: (\d+) ==", line))}
    return {"verdict": verdict, "exit": code, "counts": counts}


def main() -> int:
    shot = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else None
    game = load_game(DATA, hex_map=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        module = build_module(game, folder / "build", None).path
        with zipfile.ZipFile(module) as z:
            (folder / SETUP_FILE).write_bytes(z.read(SETUP_FILE))
        new_game = summary(*run(["check", str(module), "--new-game", "--strict"], folder))
        args = ["check", str(module), SETUP_FILE, "--list-pieces", "--strict"] + (["--screenshot", str(shot)] if shot else [])
        out, code = run(args, folder)
        setup = summary(out, code)
        pieces = sorted(
            ({"name": m.group("name"), "x": int(m.group("x")), "y": int(m.group("y"))} for line in out.splitlines() if (m := LISTED.match(line))),
            key=lambda p: (p["name"], p["x"], p["y"]),
        )
        side = game.game.sides[0].label
        script = [f"side {side}"] + [f"move {u.id} {PANEL_ZONE}" for u in game.units] + [f"move {m.id} {PANEL_ZONE}" for m in game.markers] + ["button Draw card", *ACTS]
        (folder / "probe.txt").write_text("\n".join(script) + "\n", encoding="utf-8")
        out, code = run(["play", str(module), SETUP_FILE, "probe.txt", "probe.vlog", "--strict"], folder)
        play = summary(out, code)
        chat = out.split("== CHAT LOG", 1)[-1].splitlines()
        located = [{"name": m.group("name"), "engine": m.group("at")} for line in chat if (m := MOVED.match(line))]
        drawn = [m.group("line") for line in chat if (m := DRAWN.match(line))]
        lines = [m.group("line") for line in chat if (m := ACT_LINE.match(line))]
        acts = lines[lines.index(drawn[0]) + 1 :] if drawn else []
    result = {
        "engine": "VASSAL 3.7.26 via run-harness.sh: check --new-game; check campaign.vsav --list-pieces; play (every unit and marker moved once to the panel zone, Draw card once, then the acts of ACTS)",
        "made_by": "tools/mortain_engine_check.py",
        "module": module.name,
        "new_game": new_game,
        "setup": setup,
        "play": play,
        "pieces": pieces,
        "located": located,
        "drawn": drawn,
        "acts": acts,
    }
    text = json.dumps(result, indent=1, ensure_ascii=False)
    text = re.sub(r"\{\n\s+(\"name\"[^{}]*?)\n\s+\}", lambda m: "{" + " ".join(m.group(1).split()) + "}", text)
    FIXTURE.write_text(text + "\n", encoding="utf-8")
    ok = all(s["verdict"].endswith("OK") and s["counts"].get("warnings") == 0 for s in (new_game, setup, play))
    print(f"new game {new_game['verdict']}; set-up {setup['verdict']}, {len(pieces)} pieces; play {play['verdict']}, {len(located)} located, {len(drawn)} drawn")
    return 0 if ok and len(located) == len(game.units) + len(game.markers) else 1


if __name__ == "__main__":
    sys.exit(main())
