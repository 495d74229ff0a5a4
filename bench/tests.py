"""Benchmark of the README's test command (``python -m pytest``) as CI runs it: a fresh clone, against the
goal of issue 26 (60 s wall on 2 cores).

Run: ``python bench/tests.py [--warm | --no-bytecode] [--ref HEAD] [-- PYTEST ARGS]``. It copies the project's committed
``--ref`` into a temporary folder (``git archive``: the files a fresh clone has), links ``../shared``
beside it when the project has one (so the corpus tests run), and runs ``python -m pytest -p
no:cacheprovider`` there with ``PYTHONPATH`` on the copy. It prints, from one run: the wall time and its
ratio to the goal of 60 s, the CPU seconds of the run (user and system, every worker process included:
the steadier figure on a busy machine), and pytest's last line, and its line for each failure.

- By default the run is cold, as on CI: no bytecode in the clone, and Python writes it as it goes, as
  CI's does (``.ci/run`` sets nothing). What a process compiles first (the controller compiles what the
  session's conftest imports before the workers start; the two workers collect the test files from opposite
  ends, ``tests/conftest.py``, so each rewrites the assertions of about half of them), the others read.
- ``--no-bytecode``: none written either (``PYTHONDONTWRITEBYTECODE=1``), so every process compiles every
  module it imports and both workers rewrite every test module: the measure of earlier rounds, slower
  than CI's first run (at 7006cee, ``pytest --collect-only -n 2`` of a fresh copy: 14.5 s wall against
  9.0 s with bytecode written, 1.8 s warm; a whole run at df69c05, both modes at once: 147.9 against 146.1 s
  of CPU).
- ``--warm``: first one untimed run that writes bytecode, then the timed run (a developer's second run).
- The run's temporary folder (``TMPDIR``: pytest's ``tmp_path`` folders, the session's cache) is an empty
  one of its own, as on a fresh CI machine: pytest ends a session by deleting its sessions before the
  last three under ``<tmp>/pytest-of-<user>``, and on a machine where other runs left thousands of files
  there, that took from nothing to 10 s (4,845 files deleted at the end of one run here) from run to run.

The goal is for 2 cores: run it on an otherwise idle 2-core machine for the figure the issue means. On a
shared machine the same run's wall time drifts by 10-20 % from one hour to the next, so it also prints the
machine's speed before and after the run (``_probe``: a fixed pure-Python loop in this process, best of
three): compare two runs only when their probes agree.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 60.0


PROBE_LOOPS = 10_000_000


def _probe() -> float:
    """Seconds of a fixed pure-Python loop on one core, best of three: the machine's speed at that moment
    (the same code, so a slower figure is a busier or slower machine, not the project)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        total = 0
        for i in range(PROBE_LOOPS):
            total += i
        best = min(best, time.perf_counter() - start)
    return best


def _children_cpu() -> tuple[float, float]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime, usage.ru_stime


def _pytest(clone: Path, env: dict[str, str], args: list[str]) -> tuple[float, float, float, list[str], int]:
    """(wall s, user s, system s, pytest's failures and last line, exit code) of one run in ``clone``."""
    user0, sys0 = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=clone, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    user1, sys1 = _children_cpu()
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    failed = [line for line in lines if line.startswith(("FAILED ", "ERROR "))]
    return wall, user1 - user0, sys1 - sys0, [*failed, lines[-1] if lines else done.stderr.strip()[-200:]], done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    when = parser.add_mutually_exclusive_group()
    when.add_argument("--warm", action="store_true", help="time a second run, with the bytecode the first wrote")
    when.add_argument("--no-bytecode", action="store_true", help="a cold run in which no process writes bytecode")
    parser.add_argument("--ref", default="HEAD", help="the commit to copy (default HEAD: uncommitted edits are not measured)")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sdbp-bench-tests-") as tmp:
        clone = Path(tmp) / ROOT.name
        clone.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", args.ref], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(clone)], input=archive, check=True)
        shared = ROOT.parent / "shared"
        if shared.is_dir():
            (Path(tmp) / "shared").symlink_to(shared.resolve(), target_is_directory=True)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPATH"] = str(clone)
        (Path(tmp) / "tmp").mkdir()
        env["TMPDIR"] = str(Path(tmp) / "tmp")
        if args.warm:
            _pytest(clone, env, args.pytest_args)  # writes the bytecode the timed run reads
        elif args.no_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        before = _probe()
        wall, user, system, last, code = _pytest(clone, env, args.pytest_args)
        after = _probe()
    mode = "warm" if args.warm else "cold, no bytecode written" if args.no_bytecode else "cold"
    print(f"tests ({mode}, fresh copy of {args.ref}, {os.cpu_count()} cores): {wall:.1f} s wall, "
          f"{wall / GOAL:.2f}x the goal of {GOAL:.0f} s; {user:.1f} s user + {system:.1f} s system CPU")
    print(f"machine: the probe loop ({PROBE_LOOPS:,} additions, one core) took {before:.3f} s before the run and {after:.3f} s after")
    for line in last:
        print(f"pytest: {line}")
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
