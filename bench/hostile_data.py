"""Benchmark the largest hostile game data, artwork and module images: time and peak memory of each.

Usage: python bench/hostile_data.py [--keep DIR]
Each case runs ``sdbp`` in a fresh process (``SDBP_CACHE_DIR`` a fresh folder, warmed by one build of
the bundled data) and prints its exit code, wall time and peak resident memory against the limits
every hostile input must stay under: 512 MB and 10 s. Not a test: the inputs are made at the size of
the limits (a 512 KiB YAML file, a 25-megapixel map), the tests in tests/bad_inputs use small ones.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

from sdbp_module.cachedir import ENVIRONMENT
from sdbp_module.paths import PROJECT_ROOT

BUNDLED = PROJECT_ROOT / "source_data" / "sodbp"
MEMORY_LIMIT_MB = 512
TIME_LIMIT_S = 10.0
CHILD = """
import resource, sys
from sdbp_module.cli import main
try:
    main(sys.argv[1:], prog_name="sdbp")
except SystemExit as exit:
    code = exit.code if isinstance(exit.code, int) else 1
else:
    code = 0
sys.stderr.write(f"\\nPEAK {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n")
sys.exit(code)
"""


def run(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[int, float, float, str]:
    """Exit code, seconds, peak MB and the first line of stderr of ``sdbp ARGS``."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    seconds = time.perf_counter() - start
    lines = done.stderr.strip().splitlines()
    peak = next((int(line.split()[1]) for line in reversed(lines) if line.startswith("PEAK ")), 0) / 1024
    said = next((line for line in lines if line and not line.startswith("PEAK ")), done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "")
    return done.returncode, seconds, peak, said


def data_copy(root: Path, name: str, edit: Callable[[Path], None]) -> Path:
    folder = root / name
    shutil.copytree(BUNDLED, folder)
    edit(folder)
    return folder


def png_header(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


def noise(path: Path, width: int, height: int) -> None:
    """A PNG of noise (it hardly compresses), made in a child process: a process's peak memory counts what
    its parent held when it was started, so this one stays small."""
    code = f"from PIL import Image; Image.effect_noise(({width}, {height}), 60).convert('RGB').save({str(path)!r})"
    subprocess.run([sys.executable, "-c", code], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keep", type=Path, help="make the inputs in this folder and keep them")
    args = parser.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="sdbp-hostile-"))
    root.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, ENVIRONMENT: str(root / "cache"), "PYTHONPATH": str(PROJECT_ROOT)}
    try:
        cases = make_cases(root, env)
        print(f"{'case':<46} {'exit':>4} {'s':>6} {'MB':>7}  {'of 10 s':>7} {'of 512 MB':>9}  first line")
        worst = 0.0
        for label, command in cases:
            code, seconds, peak, said = run(command, root, env)
            worst = max(worst, seconds / TIME_LIMIT_S, peak / MEMORY_LIMIT_MB)
            print(f"{label:<46} {code:>4} {seconds:>6.2f} {peak:>7.0f}  {seconds / TIME_LIMIT_S:>7.2f} {peak / MEMORY_LIMIT_MB:>9.2f}  {said[:90]}")
        print(f"largest share of a limit: {worst:.2f}")
    finally:
        if args.keep is None:
            shutil.rmtree(root)
    return 0


def make_cases(root: Path, env: dict[str, str]) -> list[tuple[str, list[str]]]:
    subprocess.run([sys.executable, "-m", "sdbp_module", "build", str(BUNDLED), "-o", str(root / "module")], env=env, check=True, capture_output=True)
    vmod = next((root / "module").glob("*.vmod"))
    with zipfile.ZipFile(vmod) as archive:
        (root / "setup.vsav").write_bytes(archive.read("campaign.vsav"))
    limit = 512 << 10

    def dense(pure: bool) -> Callable[[Path], None]:
        def edit(folder: Path) -> None:  # "1, " is 3 bytes: as many as the limit holds
            (folder / "cards.yaml").write_text("cards: [" + ", ".join(["1"] * ((limit - 20) // 3)) + "]\n" + ("#\t\n" if pure else ""))

        return edit

    def scalar_bomb(folder: Path) -> None:
        (folder / "cards.yaml").write_text('cards:\n- &a "' + "x" * 300_000 + '"\n' + "- *a\n" * 25_000)

    def laughs(folder: Path) -> None:
        rows = ["a: &a [" + ", ".join(["lol"] * 9) + "]"] + [f"{n}: &{n} [{', '.join(['*' + p] * 9)}]" for p, n in zip("abcdefgh", "bcdefghi")]
        (folder / "cards.yaml").write_text("\n".join(rows) + "\n")

    def many_problems(folder: Path) -> None:
        for kind, key in (("cards", "cards"), ("counters", "units")):
            (folder / f"{kind}.yaml").write_text(f"{key}:\n" + "".join(f"- k{i}: 1\n" for i in range(6000)) + "#\t\n")

    def big_board(folder: Path) -> None:
        game = folder / "game.yaml"
        game.write_text(game.read_text().replace("  width: 1880\n  height: 2205\n", "  width: 3900\n  height: 5000\n"))

    cases: list[tuple[str, list[str]]] = [
        ("validate: 512 KiB of values (libyaml)", ["validate", str(data_copy(root, "dense", dense(False)))]),
        ("validate: 512 KiB of values (pure loader)", ["validate", str(data_copy(root, "dense-pure", dense(True)))]),
        ("validate: one 300 KB text, 25,000 aliases", ["validate", str(data_copy(root, "scalars", scalar_bomb))]),
        ("validate: billion laughs (9 levels)", ["validate", str(data_copy(root, "laughs", laughs))]),
        ("validate: two files of 12,000 wrong values", ["validate", str(data_copy(root, "problems", many_problems))]),
    ]
    art = root / "art-bomb"
    art.mkdir()
    (art / "map.png").write_bytes(png_header(9500, 9500))
    cases.append(("build: a 90 Mpx map.png (header)", ["build", str(BUNDLED), "-o", str(root / "out-bomb"), "--images", str(art)]))
    face = root / "art-face"
    face.mkdir()
    (face / "unit_FR-III13DBLE-9_fresh.png").write_bytes(png_header(12000, 12000))
    cases.append(("build: a 144 Mpx unit face (header)", ["build", str(BUNDLED), "-o", str(root / "out-face"), "--images", str(face)]))
    full = root / "art-full"
    full.mkdir()
    noise(full / "map.png", 5000, 5000)
    noise(full / "unit_FR-III13DBLE-9_fresh.png", 1000, 1000)
    cases.append(("build: 25 Mpx noise map + 1 Mpx face (used)", ["build", str(BUNDLED), "-o", str(root / "out-full"), "--images", str(full)]))
    board = data_copy(root, "big-board", big_board)
    cases.append(("build: a 24.9 Mpx board drawn from the data", ["build", str(board), "-o", str(root / "out-board")]))
    cases.append(
        (
            "show: that module's board, full size",
            ["show", str(root / "setup.vsav"), "--data", str(board), "--module", str(root / "out-board" / vmod.name), "-o", str(root / "board.png")],
        )
    )
    bad = root / "bomb.vmod"
    with zipfile.ZipFile(vmod) as source, zipfile.ZipFile(bad, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            out.writestr(info, png_header(9500, 9500) if info.filename == "images/map.png" else source.read(info))
    cases.append(("show: a module with a 90 Mpx map.png", ["show", str(root / "setup.vsav"), "--module", str(bad), "-o", str(root / "b.png")]))
    return cases


if __name__ == "__main__":
    sys.exit(main())
