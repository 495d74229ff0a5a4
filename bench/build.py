"""Benchmark `sdbp build`: cold build (empty output folder) and a no-change rebuild (image cache warm).

Usage: python bench/build.py [DATA_DIR] [--repeat N]
Prints, for each case, the best wall time over N runs and the share of each stage.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sdbp_module.model.from_data import load_game
from sdbp_module.paths import default_data_dir
from sdbp_module.vassal import commands


def one_build(data_dir: Path, out: Path) -> dict[str, float]:
    t = time.perf_counter()
    game = load_game(data_dir)
    load = time.perf_counter() - t
    result = commands.build_module(game, out, None)
    stages = {"load": load, **result.stages}
    stages["total"] = sum(stages.values())
    return stages


def report(label: str, runs: list[dict[str, float]]) -> None:
    best = min(runs, key=lambda r: r["total"])
    total = best["total"]
    shares = ", ".join(f"{k} {v:.3f}s ({100 * v / total:.0f}%)" for k, v in best.items() if k != "total")
    print(f"{label}: {total:.3f}s  [{shares}]")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("data_dir", nargs="?", type=Path, default=default_data_dir())
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    for _ in range(args.repeat):
        root = Path(tempfile.mkdtemp(prefix="sdbp-bench-"))
        try:
            cold.append(one_build(args.data_dir, root))
            warm.append(one_build(args.data_dir, root))
        finally:
            shutil.rmtree(root)
    report("cold build", cold)
    report("no-change rebuild", warm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
