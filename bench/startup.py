"""Benchmark of what a person waits for at the command line: one ``sdbp check`` and one ``sdbp convert``,
each a whole process (start-up, imports, work), against the goals of issue 26.

Run: ``python bench/startup.py [--repeat 7]``. Prints, from one run (best of ``--repeat`` each, the runs
interleaved so a busy machine slows all alike):

- ``python -c pass``: the interpreter alone, the floor of any command;
- imports only: ``import`` of what ``sdbp check`` of an area game loads (cli, rules.commands,
  replay.interpret, the default game's rules package), so the share of start-up that is imports shows;
- ``sdbp check`` of a small engine-written log (``tests/engine_games/sodbp/legal-movement``), whole
  process, and its ratio to the goal of 0.15 s; then the imports inside that check and their share of the
  check's time: every module the check has loaded when it ends, imported by a process of its own (best of
  the runs), less ``python -c pass``. (``-X importtime`` under-counts them: a module imported with
  ``importlib.import_module``, as a game's rules package and its rule modules are, gets no line of its
  own, and its body's time is counted nowhere);
- ``sdbp convert`` of the 1.9 MB Paths of Glory save to JSON, whole process, and its ratio to the goal
  of 0.30 s (skipped, saying so, when ``../shared/corpus`` is absent).

The game-data cache, the module build identity and the compiled record methods (``codecache``) are warmed
by one untimed run first (a user's second command), kept in a cache folder of the run's own (a shared
``~/.cache/sdbp`` keeps the newest eight games, so other processes writing there could evict them between
runs) unless ``SDBP_CACHE_DIR`` is set; set ``SDBP_CACHE_DIR=off`` to time a cold start instead. Run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "tests" / "engine_games" / "sodbp" / "legal-movement" / "game.vlog"
SAVE = ROOT.parent / "shared" / "corpus" / "real" / "paths-of-glory" / "Historical10-8.vsav"
CHECK_GOAL, CONVERT_GOAL = 0.15, 0.30
IMPORTS = "import sdbp_module.cli, sdbp_module.rules.commands, sdbp_module.replay.interpret, sdbp_module.games.sodbp.rules.package"


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The commands' environment: bytecode written and read, as on a user's machine (a shell that sets
PYTHONDONTWRITEBYTECODE would otherwise recompile every module in every timed run)."""


def _run(cmd: Sequence[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, cwd=ROOT, env=ENV)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)}: exit {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
    return took


_LOADED = """
import atexit, runpy, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w", encoding="utf-8").write("\\n".join(sys.modules)))
sys.argv = ["sdbp", *sys.argv[2:]]
runpy.run_module("sdbp_module", run_name="__main__", alter_sys=True)
"""
"""Runs ``sdbp`` with the arguments after the first, then writes the names of the modules loaded to the
file the first names."""

_IMPORT = """
import importlib, sys
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except Exception:  # a name only another module's import could make (a shim), or a platform's own
        pass
"""
"""Imports every module named by the arguments, in their order."""


def _loaded_modules(args: Sequence[str], tmp: str) -> list[str]:
    """The modules ``sdbp ARGS`` has loaded when it ends, in the order they were first imported."""
    out = Path(tmp) / "modules.txt"
    done = subprocess.run([sys.executable, "-c", _LOADED, str(out), *args], capture_output=True, cwd=ROOT, env=ENV)
    if done.returncode not in (0, 1) or not out.is_file():
        raise SystemExit(f"sdbp {' '.join(args)}: exit {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
    return [name for name in out.read_text(encoding="utf-8").split("\n") if name and not name.endswith("__main__")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        ENV.setdefault("SDBP_CACHE_DIR", str(Path(tmp) / "cache"))
        check = ["check", str(LOG)]
        cases: dict[str, list[str]] = {
            "python -c pass": [py, "-c", "pass"],
            "imports only": [py, "-c", IMPORTS],
            "sdbp check (small log)": [py, "-m", "sdbp_module", *check],
        }
        if SAVE.is_file():
            cases["sdbp convert (PoG save -> JSON)"] = [py, "-m", "sdbp_module", "convert", str(SAVE), str(Path(tmp) / "save.json")]
        for cmd in cases.values():  # warm: game-data cache, build identity, bytecode (written), the OS file cache
            _run(cmd)
        check_imports = [py, "-c", _IMPORT, *_loaded_modules(check, tmp)]
        _run(check_imports)
        best = {name: float("inf") for name in cases}
        imports_best = float("inf")
        for _ in range(args.repeat):
            for name, cmd in cases.items():
                best[name] = min(best[name], _run(cmd))
            imports_best = min(imports_best, _run(check_imports))
    width = max(map(len, best))
    for name, took in best.items():
        goal = CHECK_GOAL if name.startswith("sdbp check") else CONVERT_GOAL if name.startswith("sdbp convert") else None
        ratio = f"  {took / goal:.2f}x the goal of {goal:.2f} s" if goal else ""
        print(f"{name:<{width}}  {took:.3f} s{ratio}")
        if name.startswith("sdbp check"):
            imports = imports_best - best["python -c pass"]
            share = f"  {imports / took:.0%} of the check" if took > 0 else ""
            print(f"{'  of which imports':<{width}}  {imports:.3f} s{share} (the modules it loads, imported alone, less python -c pass)")
    if not SAVE.is_file():
        print(f"sdbp convert: not measured, {SAVE} is absent (it is in ../shared/corpus)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
