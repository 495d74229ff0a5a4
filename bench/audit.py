"""Benchmark of ``sdbp audit``: a folder of copies of a whole synthetic game, audited with every core.

Run: ``python bench/audit.py [--logs 1000] [--jobs N] [--pictures serious] [--repeat 5]``. Writes
``--logs`` copies of bench/check.py's ``synthetic_game`` (8 turns, 3280 events, written once with
``replay.jsonl.write_events`` and copied, ten subfolders) into a temporary folder, audits it in this
process (``audit.commands.run_audit``, reports and all), and prints from one run: the wall time, the goal
(1,000 logs in 60 s on a 2-core machine, scaled to the number of logs) and the ratio to it, logs per
second; then the latency of one log — ``sdbp check`` of one copy in this process (game data loaded
each time, as the command does) and as a fresh process — and of the audit's own work per log (check
and both reports, game loaded once), each as a ratio to the bare replay of the same events
(``replay.replay.replay``), best of ``--repeat`` each. Run it on an otherwise idle machine: on a busy
one the numbers mean little. ``--logs 50`` is a quick run to try it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 60.0
GOAL_LOGS = 1000


def _bench_check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sdbp_bench_check", Path(__file__).resolve().parent / "check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _best(repeat: int, run: Callable[[], object]) -> float:
    best = math.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    from sdbp_module.audit.commands import run_audit
    from sdbp_module.games.sodbp.rules.package import SODBP
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir
    from sdbp_module.replay.jsonl import write_events
    from sdbp_module.replay.replay import replay
    from sdbp_module.rules.checker import start_state
    from sdbp_module.rules.commands import check_log, render_report, run_check

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=GOAL_LOGS, help="copies of the game to audit")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--pictures", choices=("all", "serious", "none"), default="serious")
    parser.add_argument("--repeat", type=int, default=5, help="runs per one-log measurement (the best is kept)")
    args = parser.parse_args(argv)
    if args.logs < 1:
        parser.error("--logs must be 1 or more")

    data_dir = default_data_dir()
    game = load_game(data_dir)
    events = _bench_check().synthetic_game(game)
    cores = os.cpu_count() or 1
    jobs = args.jobs or cores
    with tempfile.TemporaryDirectory(prefix="sdbp-bench-audit-") as tmp:
        base = Path(tmp)
        logs = base / "logs"
        first = logs / "round-00" / "game-0000.jsonl"
        write_events(first, events)
        for i in range(1, args.logs):
            target = logs / f"round-{i % 10:02d}" / f"game-{i:04d}.jsonl"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(first, target)
        size = first.stat().st_size
        print(f"logs: {args.logs} copies of the synthetic 8-turn game ({len(events)} events, {size:,} bytes each); "
              f"{jobs} worker process{'es' if jobs != 1 else ''} on {cores} cores; pictures {args.pictures}")

        t0 = time.perf_counter()
        code = run_audit(logs, base / "out", module=None, data_dir=data_dir, jobs=jobs, switches=(), skips=(), pictures=args.pictures)
        wall = time.perf_counter() - t0
        totals = json.loads((base / "out" / "summary.json").read_text(encoding="utf-8"))["totals"]
        if code != 0 or totals["checked"] != args.logs:
            print(f"unexpected audit result: exit {code}, totals {totals}", file=sys.stderr)
            return 1
        goal = GOAL_SECONDS * args.logs / GOAL_LOGS
        print(
            f"audit: {wall:.2f} s wall = {args.logs / wall:.1f} logs/s ({wall * jobs / args.logs * 1000:.0f} ms a log per worker); "
            f"goal {GOAL_LOGS:,} logs in {GOAL_SECONDS:.0f} s on 2 cores, i.e. {goal:.1f} s for {args.logs}: "
            f"ratio to the goal {wall / goal:.2f} ({'met' if wall <= goal else 'not met'})"
        )

        initial = start_state(events, game, SODBP.make_sequence(game))
        bare = _best(args.repeat * 3, lambda: replay(events, initial))
        one = base / "one.json"

        def in_process() -> None:
            run_check(first, module=None, data_dir=data_dir, fmt="json", output=one, switches=())

        def audit_work() -> None:
            checked = check_log(first, game, SODBP)
            render_report(checked, "json")
            render_report(checked, "html", pictures=args.pictures)

        command = [sys.executable, "-m", "sdbp_module", "check", str(first), "--format", "json", "-o", str(one)]
        check_in_process = _best(args.repeat, in_process)
        per_log = _best(args.repeat, audit_work)
        fresh = _best(args.repeat, lambda: subprocess.run(command, check=False, capture_output=True, cwd=ROOT))
        print(f"bare replay of the {len(events)} events: {bare * 1000:.1f} ms (best of {args.repeat * 3})")
        for label, seconds in (
            ("sdbp check, in this process (loads the game data)", check_in_process),
            ("sdbp check, fresh process", fresh),
            ("audit work a log (read, check, JSON and HTML reports; game loaded once)", per_log),
        ):
            print(f"{label}: {seconds * 1000:.0f} ms, ratio to the bare replay {seconds / bare:.1f} (best of {args.repeat})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
