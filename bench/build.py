"""Benchmark `sdbp build`: cold build (empty output folder and image cache) and a no-change rebuild (image cache warm).

Usage: python bench/build.py [DATA_DIR] [--repeat N]   (DATA_DIR: any bundled game, sodbp by default)
Prints, for each case, the best wall time over N runs and the share of each stage, then the whole
command cold (`sdbp build` in a fresh process into an empty folder, with no drawn image in the cache
folder, ``SDBP_CACHE_DIR``: start-up, imports and every image drawn) against its limit of 3 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sdbp_module.cachedir import ENVIRONMENT
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import default_data_dir
from sdbp_module.vassal import commands

COLD_LIMIT = 3.0  # seconds: a cold rebuild a maintainer waits for (issue 12)


def one_build(data_dir: Path, out: Path) -> dict[str, float]:
    t = time.perf_counter()
    game = load_game(data_dir, hex_map=True)  # an area game or a hex-map game (tonkin, mortain), as ``sdbp build`` loads it
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
        before = os.environ.get(ENVIRONMENT)
        os.environ[ENVIRONMENT] = str(root / "cache")  # cold: no cached game data, no drawn image
        try:
            cold.append(one_build(args.data_dir, root / "out"))
            warm.append(one_build(args.data_dir, root / "out"))
        finally:
            if before is None:
                del os.environ[ENVIRONMENT]
            else:
                os.environ[ENVIRONMENT] = before
            shutil.rmtree(root)
    report("cold build", cold)
    report("no-change rebuild", warm)
    whole = []
    for _ in range(args.repeat):
        root = Path(tempfile.mkdtemp(prefix="sdbp-bench-"))
        try:
            command = [sys.executable, "-m", "sdbp_module", "build", str(args.data_dir), "-o", str(root / "out")]
            env = {**os.environ, ENVIRONMENT: str(root / "cache")}
            subprocess.run(command, check=True, capture_output=True, env=env)  # the game data cached, as a user has it
            shutil.rmtree(root / "cache" / "images")
            shutil.rmtree(root / "out")
            t = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            whole.append(time.perf_counter() - t)
        finally:
            shutil.rmtree(root)
    print(f"sdbp build, cold, whole command: {min(whole):.3f}s = {min(whole) / COLD_LIMIT:.2f} of the {COLD_LIMIT:.0f} s limit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
