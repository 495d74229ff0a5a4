"""Benchmark of ``sdbp audit``: a folder of copies of a whole synthetic game, audited with every core.

Run: ``python bench/audit.py [--logs 1000] [--jobs N] [--pictures serious] [--repeat 5] [--row 20]``. Writes
``--logs`` copies of bench/check.py's ``synthetic_game`` (8 turns, 3280 events, written once with
``replay.jsonl.write_events`` and copied, ten subfolders) into a temporary folder, audits it in this
process (``audit.commands.run_audit``, reports and all), and prints from one run:

- the wall time, the goal (1,000 logs in 60 s on a 2-core machine, scaled to the number of logs) and
  the ratio to it, logs per second;
- the audit's overhead a log against its goal (at most 10 % of the work): the time a worker spends on
  a log (wall time x workers / logs) less the work itself (read, check, JSON and HTML reports, not
  written), measured in one process forked and set up as a worker is (game loaded once, its objects frozen
  for good with ``collector.freeze_for_good``, each log with the cycle collector paused),
  ``--row`` logs in a row after one to warm up, their mean; measured before the audit and after it, the
  mean of the two kept (the load of a shared machine drifts);
- what of that the machine itself takes: the same work in as many such processes side by side as the
  audit has workers (no pool, no files), and the audit's overhead over that;
- the same in processor time (``getrusage``: the workers' and this process's during the audit, against
  the side-by-side work's), which other jobs on the machine hardly change, unlike wall times;
- the latency of one log: ``sdbp check`` of one copy in this process (game data loaded each time, as
  the command does) and as a fresh process, and the audit's work a log, each as a ratio to the bare
  replay of the same events (``replay.replay.replay``), best of ``--repeat`` each.

Run it on an otherwise idle machine: on a busy one the wall times mean little (the processor times
still do). ``--logs 50`` is a quick run to try it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import multiprocessing
import os
import resource
import shutil
import statistics
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
GOAL_OVERHEAD = 0.10
"""The audit's overhead a log, as a share of the work a log (issue 26)."""


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


def _cpu(who: int) -> float:
    """User and system processor seconds of ``resource.RUSAGE_SELF`` or of the children waited for."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _in_a_row(work: Callable[[], object], count: int) -> tuple[float, float]:
    """Wall and processor seconds a call of ``work``, the mean of ``count`` calls in a row after one to warm up."""
    work()
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(count):
        work()
    return (time.perf_counter() - t0) / count, (time.process_time() - c0) / count


def _side_by_side(work: Callable[[], object], count: int, processes: int) -> tuple[float, float] | None:
    """``_in_a_row`` in ``processes`` processes forked from this one and started together, each set up as an
    audit's worker is (``collector.freeze_for_good``): the mean of their wall and processor seconds a call. None where
    processes cannot fork."""
    from sdbp_module.collector import freeze_for_good

    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    context = multiprocessing.get_context("fork")
    results = context.SimpleQueue()
    start = context.Barrier(processes)

    def run() -> None:
        try:
            freeze_for_good()
            start.wait()
            results.put(_in_a_row(work, count))
        except BaseException as exc:  # said to the parent, which would otherwise wait for ever
            results.put(repr(exc))
            raise

    children = [context.Process(target=run) for _ in range(processes)]
    for child in children:
        child.start()
    measured = [results.get() for _ in children]
    for child in children:
        child.join()
    failed = [m for m in measured if isinstance(m, str)]
    if failed:
        raise RuntimeError(f"the work failed in a process side by side: {failed[0]}")
    return statistics.fmean(m[0] for m in measured), statistics.fmean(m[1] for m in measured)


def main(argv: list[str] | None = None) -> int:
    from sdbp_module.audit.commands import run_audit
    from sdbp_module.collector import collector_paused
    from sdbp_module.games.sodbp.rules.package import SODBP
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir
    from sdbp_module.replay.jsonl import write_events
    from sdbp_module.replay.replay import replay
    from sdbp_module.rules.checker import start_state
    from sdbp_module.rules.commands import (
        check_log,
        render_report,
        report_chunks,
        rules_package,
        run_check,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=GOAL_LOGS, help="copies of the game to audit")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--pictures", choices=("all", "serious", "none"), default="serious")
    parser.add_argument("--repeat", type=int, default=5, help="runs per one-log latency measurement (the best is kept)")
    parser.add_argument("--row", type=int, default=20, help="logs in a row per process when measuring the work a log (their mean)")
    args = parser.parse_args(argv)
    if args.logs < 1 or args.row < 1:
        parser.error("--logs and --row must be 1 or more")

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

        audited = load_game(data_dir, hex_map=True)  # as the audit loads it
        package = rules_package(audited.game.id)
        workers = min(jobs, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores, args.logs)

        def work() -> None:  # what a worker does with a log (the collector paused, as there), less writing the reports
            with collector_paused():
                checked = check_log(first, audited, package)
                render_report(checked, "json")
                "".join(report_chunks(checked, "html", pictures=args.pictures))

        def baseline() -> tuple[float, float, tuple[float, float] | None]:
            """The work a log in one process (wall, processor) and in ``workers`` processes side by side (None: cannot fork)."""
            alone = _side_by_side(work, args.row, 1) or _in_a_row(work, args.row)
            return *alone, (_side_by_side(work, args.row, workers) if workers > 1 else alone)

        before = baseline()  # measured before and after the audit, their mean kept: the machine's load drifts
        parent0, children0, t0 = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN), time.perf_counter()
        code = run_audit(logs, base / "out", module=None, data_dir=data_dir, jobs=jobs, switches=(), skips=(), pictures=args.pictures)
        wall = time.perf_counter() - t0
        parent_cpu = _cpu(resource.RUSAGE_SELF) - parent0
        workers_cpu = _cpu(resource.RUSAGE_CHILDREN) - children0  # the pool's workers, all waited for by now
        totals = json.loads((base / "out" / "summary.json").read_text(encoding="utf-8"))["totals"]
        if code != 0 or totals["checked"] != args.logs:
            print(f"unexpected audit result: exit {code}, totals {totals}", file=sys.stderr)
            return 1
        goal = GOAL_SECONDS * args.logs / GOAL_LOGS
        per_worker = wall * workers / args.logs
        print(
            f"audit: {wall:.2f} s wall = {args.logs / wall:.1f} logs/s ({per_worker * 1000:.0f} ms a log per worker); "
            f"goal {GOAL_LOGS:,} logs in {GOAL_SECONDS:.0f} s on 2 cores, i.e. {goal:.1f} s for {args.logs}: "
            f"ratio to the goal {wall / goal:.2f} ({'met' if wall <= goal else 'not met'})"
        )

        after = baseline()
        alone, alone_cpu = (before[0] + after[0]) / 2, (before[1] + after[1]) / 2
        overhead = per_worker - alone
        print(
            f"overhead a log: {per_worker * 1000:.0f} ms a log per worker less the work of a log in one process "
            f"({alone * 1000:.0f} ms: {before[0] * 1000:.0f} before the audit, {after[0] * 1000:.0f} after, each the mean of "
            f"{args.row} in a row) = {overhead * 1000:.0f} ms, {overhead / alone:.1%} of the work; "
            f"goal at most {GOAL_OVERHEAD:.0%}: ratio to the goal {overhead / alone / GOAL_OVERHEAD:.2f} "
            f"({'met' if overhead <= GOAL_OVERHEAD * alone else 'not met'})"
        )
        if before[2] is not None and after[2] is not None:
            beside, beside_cpu = (before[2][0] + after[2][0]) / 2, (before[2][1] + after[2][1]) / 2
            if workers > 1:
                print(
                    f"  of which the machine: the same work in {workers} processes side by side (no pool, no files) takes "
                    f"{beside * 1000:.0f} ms a log, {beside / alone:.2f} x one process; the audit's own overhead over that "
                    f"{(per_worker - beside) * 1000:.0f} ms, {(per_worker - beside) / beside:.1%} of it"
                )
            cpu = (workers_cpu + parent_cpu) / args.logs
            print(
                f"  in processor time: {cpu * 1000:.0f} ms a log (the workers {workers_cpu / args.logs * 1000:.0f}, this process "
                f"{parent_cpu / args.logs * 1000:.1f}, its start and end included) against {beside_cpu * 1000:.0f} ms for the work "
                f"{'side by side' if workers > 1 else 'alone'} ({alone_cpu * 1000:.0f} ms in one process): "
                f"overhead {(cpu - beside_cpu) / beside_cpu:.1%} of the work"
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
