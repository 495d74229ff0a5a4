"""Benchmark of hostile input: the largest inputs the limits let through, and inputs far past them.

Run: ``python bench/hostile.py [--only NAME ...] [--keep DIR]``. Not a test: it makes its inputs at full
size in a temporary folder (hundreds of megabytes of work), runs each command in a fresh process and
prints, from that one run, its exit code, peak memory (the largest resident set of the process and of
any worker it started) and wall time, each with its ratio to the goal of issue 22: under 512 MB and
under 10 s, one line on stderr. ``tests/hostile/`` proves each bound with small inputs; this measures
what the bounds let through (``sdbp_module/limits.py``, README "Limits").
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sdbp_module import limits  # noqa: E402
from sdbp_module.codec.container import container_bytes  # noqa: E402
from sdbp_module.codec.envelope import Envelope, EnvelopeKind, encode_envelope  # noqa: E402
from sdbp_module.codec.pieces import add_piece_text, join_chain  # noqa: E402
from sdbp_module.model.from_data import load_game  # noqa: E402
from sdbp_module.paths import default_data_dir  # noqa: E402

GOAL_MB = 512
GOAL_S = 10.0
ESC = "\x1b"
PHASE = '{"type":"phase","turn":%d,"phase":"action"}'
MOVE = '{"type":"move","side":"french","units":["FR-III13DBLE-10"],"from_area":14,"to_area":1,"path":[14,1]}'
PIECE = "\\" + ESC + "+/1/mark;sdbp_id\tpiece;;;;Éliane/FR-III13DBLE-10\tMain Map;10;20;1;0"
SETUP = ESC.join(["begin_save", "", PIECE, "end_save"])

RUNNER = """
import resource, sys
from sdbp_module.cli import main
try:
    main(sys.argv[2:], prog_name="sdbp")
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else 1
else:
    code = 0
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
open(sys.argv[1], "w").write(f"{code} {peak}")
"""
"""Runs the command in this fresh process and records its exit code and the peak resident set (KiB) of
itself and of the workers it waited for."""


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[Path], list[str]]  # writes the input, returns the command's arguments


def _write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _save(path: Path, text: str) -> Path:
    path.write_bytes(container_bytes(encode_envelope(Envelope(EnvelopeKind.VCSK, 0x5A, text))))
    return path


def illegal_moves(tmp: Path) -> Path:
    """``MAX_EVENTS`` events, each a move breaking six rules, in phases at their limit."""
    lines: list[str] = []
    turn = 0
    while len(lines) < limits.MAX_EVENTS:
        turn += 1
        lines.append(PHASE % turn)
        lines += [MOVE] * min(limits.MAX_PHASE_EVENTS - 1, limits.MAX_EVENTS - len(lines))
    return _write_lines(tmp / "illegal-moves.jsonl", lines)


def every_unit_everywhere(tmp: Path) -> Path:
    """Moves of every unit along every area, as many as fit in ``MAX_TRANSCRIPT_BYTES``."""
    game = load_game(default_data_dir())
    areas = [int(a.id) for a in game.areas]
    line = json.dumps({"type": "move", "side": "french", "units": [u.id for u in game.units], "from_area": 14, "to_area": areas[-1], "path": areas})
    n = (limits.MAX_TRANSCRIPT_BYTES - 100) // (len(line) + 1)
    return _write_lines(tmp / "every-unit-everywhere.jsonl", [PHASE % 1] + [line] * n)


def cases() -> list[Case]:
    return [
        Case("10^6 events (a 32 MB transcript), check", lambda t: ["check", str(_write_lines(t / "million.jsonl", [PHASE % 1] + ['{"type":"pass","side":"french"}'] * 1_000_000))]),
        Case(f"{limits.MAX_EVENTS:,} illegal moves (at the event limit), check", lambda t: ["check", str(illegal_moves(t))]),
        Case(f"{limits.MAX_EVENTS:,} illegal moves, check --format html", lambda t: ["check", str(illegal_moves(t)), "--format", "html", "-o", str(t / "r.html")]),
        Case("200 illegal findings, check --format html", lambda t: ["check", str(_write_lines(t / "f200.jsonl", [PHASE % 1] + [MOVE] * 34)), "--format", "html", "-o", str(t / "r.html")]),
        Case("every unit along every area (4 MiB), check", lambda t: ["check", str(every_unit_everywhere(t))]),
        Case("every unit along every area (4 MiB), check --format html", lambda t: ["check", str(every_unit_everywhere(t)), "--format", "html", "-o", str(t / "r.html")]),
        Case(
            f"an action of {limits.MAX_ACTION_STEPS:,} events (its limit), check",
            lambda t: ["check", str(_write_lines(t / "action.jsonl", [PHASE % 1, MOVE] + ['{"type":"dice","side":"french","purpose":"fire","values":[1,2]}'] * (limits.MAX_ACTION_STEPS - 1)))],
        ),
        Case("a 33 MB chat line (a 64 MiB savedGame), convert", lambda t: ["convert", str(_chat_log(t)), str(t / "out.json")]),
        Case("a 33 MB chat line (a 64 MiB savedGame), check", lambda t: ["check", str(_chat_log(t))]),
        Case("a 63 MB chat line (a 64 MiB plain savedGame), convert", lambda t: ["convert", str(_plain_chat_log(t)), str(t / "out.json")]),
        Case("a 63 MB chat line (a 64 MiB plain savedGame), check", lambda t: ["check", str(_plain_chat_log(t))]),
        Case(f"{limits.MAX_COMMANDS - 1000:,} commands (the command limit), convert", lambda t: ["convert", str(_many_pieces(t)), str(t / "out.json")]),
        Case(f"{limits.MAX_COMMANDS - 1000:,} commands, convert its JSON form back", lambda t: _json_back(t)),
        Case(f"{limits.MAX_COMMANDS - 1000:,} commands, check", lambda t: ["check", str(_many_pieces(t))]),
        Case("a 400 MB savedGame, convert", lambda t: ["convert", str(_big_entry(t)), str(t / "out.json")]),
        Case(f"a JSON form of {limits.MAX_JSON_OBJECTS:,} objects (its limit), convert", lambda t: ["convert", str(_json_objects(t)), str(t / "out.vsav")]),
        Case("a module whose zones are a bomb (2*10^6 points), convert --module", lambda t: ["convert", str(_save(t / "g.vsav", SETUP)), str(t / "o.json"), "--module", str(_zone_bomb(t))]),
        Case("a module of 16 MiB of tiny zones (its build file's limit), convert --module", lambda t: ["convert", str(_save(t / "g.vsav", SETUP)), str(t / "o.json"), "--module", str(_many_zones(t))]),
        Case("a module whose prototypes are a bomb (4^15 traits), convert --module", lambda t: ["convert", str(_save(t / "g.vsav", SETUP)), str(t / "o.json"), "--module", str(_prototype_bomb(t))]),
        Case("audit -j 1000 of 40 logs", lambda t: _audit(t)),
    ]


def _chat_log(tmp: Path) -> Path:
    path = tmp / "chat.vlog"
    if not path.exists():
        size = limits.MAX_SAVE_BYTES // 2 - 200_000
        _save(path, SETUP + ESC + "LOG\tCHAT<b>" + "A" * size)
    return path


def _plain_chat_log(tmp: Path) -> Path:
    path = tmp / "plain-chat.vlog"
    text = SETUP + ESC + "LOG\tCHAT<b>" + "A" * (limits.MAX_SAVE_BYTES - 1_000_000)
    path.write_bytes(container_bytes(text.encode("utf-8")))  # no envelope: the engine reads it as it is
    return path


def _many_pieces(tmp: Path) -> Path:
    path = tmp / "pieces.vlog"
    if not path.exists():
        commands = [f"\\{ESC}+/{i}/mark;sdbp_id\tpiece;;;;U{i}/FR-{i}\tMain Map;{i % 2000};{i % 1500};{i};0" for i in range((limits.MAX_COMMANDS - 1000) // 2)]
        _save(path, ESC.join(["begin_save", "", *commands, "end_save"]))
    return path


def _json_back(tmp: Path) -> list[str]:
    subprocess.run([sys.executable, "-m", "sdbp_module", "convert", str(_many_pieces(tmp)), str(tmp / "pieces.json")], check=True, capture_output=True, env=_env())
    return ["convert", str(tmp / "pieces.json"), str(tmp / "back.vsav")]


def _big_entry(tmp: Path) -> Path:
    path = tmp / "big.vsav"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive, archive.open("savedGame", "w", force_zip64=True) as entry:
        block = b"0" * (1 << 20)
        for _ in range(400):
            entry.write(block)
    return path


def _json_objects(tmp: Path) -> Path:
    path = tmp / "objects.json"
    doc = {
        "format": "sdbp-vassal-game",
        "format_version": 1,
        "envelope": {"hex_case": "lower", "key": 42, "kind": "vcsk"},
        "entries": [{"name": "savedGame"}],
        "commands": {"cmd": "begin_save", "children": [{"cmd": "empty"}] * (limits.MAX_JSON_OBJECTS - 10)},
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _module(path: Path, body: str) -> Path:
    xml = f'<?xml version="1.0" encoding="UTF-8"?><VASSAL.build.GameModule name="M" version="1">{body}</VASSAL.build.GameModule>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", xml)
    return path


def _zone_bomb(tmp: Path) -> Path:
    points = ";".join(["1,1"] * 2_000_000)  # 8 MB: under libxml2's own limit on an attribute (10 MB)
    zone = f'<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z" path="{points}"/>'
    return _module(tmp / "zones.vmod", f'<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.boardPicker.Board name="B">{zone}</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.Map>')


def _many_zones(tmp: Path) -> Path:
    zone = '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone path="1,1"/>'
    n = (limits.MAX_BUILD_FILE_BYTES - 1000) // len(zone)
    board = f'<VASSAL.build.module.map.boardPicker.Board name="B">{zone * n}</VASSAL.build.module.map.boardPicker.Board>'
    return _module(tmp / "many-zones.vmod", f'<VASSAL.build.module.Map mapName="Main Map">{board}</VASSAL.build.module.Map>')


def _prototype_bomb(tmp: Path) -> Path:
    from xml.sax.saxutils import escape

    def piece(types: list[str], states: list[str]) -> str:
        return escape(add_piece_text("null", join_chain(types), join_chain(states)))

    protos = "".join(
        f'<VASSAL.build.module.PrototypeDefinition name="P{i}">{piece([f"prototype;P{i + 1}"] * 4 + ["piece;;;;"], [""] * 4 + ["null;0;0;;0"])}</VASSAL.build.module.PrototypeDefinition>'
        for i in range(15)
    )
    slot = f'<VASSAL.build.widget.PieceSlot entryName="Bomb">{piece(["prototype;P0", "piece;;;;B"], ["", "null;0;0;;0"])}</VASSAL.build.widget.PieceSlot>'
    return _module(tmp / "protos.vmod", protos + slot)


def _audit(tmp: Path) -> list[str]:
    logs = tmp / "logs"
    logs.mkdir(exist_ok=True)
    for i in range(40):
        _write_lines(logs / f"g{i:02d}.jsonl", [PHASE % 1, MOVE])
    return ["audit", str(logs), "-o", str(tmp / "audit"), "-j", "1000"]


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def make(index: int, folder: Path) -> list[str]:
    """Make case ``index``'s input in a process of its own (so that this one stays small: a child's peak
    memory starts from its parent's at the fork) and return its arguments."""
    done = subprocess.run(
        [sys.executable, __file__, "--make", str(index), str(folder)], capture_output=True, text=True, env=_env(), check=True
    )
    args: list[str] = json.loads(done.stdout)
    return args


def measure(index: int, folder: Path) -> tuple[int, float, float, str]:
    """Exit code, peak MB, seconds and the first stderr line of one run of case ``index`` in a fresh process."""
    args = make(index, folder)
    record = folder / "record.txt"
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUNNER, str(record), *args], capture_output=True, text=True, env=_env(), cwd=folder)
    seconds = time.perf_counter() - start
    code, peak_kib = record.read_text().split()
    lines = done.stderr.splitlines()
    first = lines[0] if lines else ""
    if len(lines) > 1:
        first += f"  [{len(lines)} stderr lines!]"
    return int(code), int(peak_kib) / 1024, seconds, first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, help="run the cases whose name contains one of these words")
    parser.add_argument("--keep", type=Path, default=None, help="make the inputs in this folder and keep them")
    parser.add_argument("--make", nargs=2, metavar=("CASE", "DIR"), help=argparse.SUPPRESS)  # a child's job: make one input
    options = parser.parse_args()
    if options.make is not None:
        print(json.dumps(cases()[int(options.make[0])].make(Path(options.make[1]))))
        return
    chosen = [(i, c) for i, c in enumerate(cases()) if options.only is None or any(w in c.name for w in options.only)]
    print(f"goal: every hostile input answered in one line, with its exit code, under {GOAL_MB} MB and {GOAL_S:.0f} s")
    print(f"{'case':<72} {'exit':>4} {'peak MB':>8} {'/512':>5} {'time s':>7} {'/10 s':>6}  first line of stderr")
    worst_mb = worst_s = 0.0
    with tempfile.TemporaryDirectory(prefix="sdbp-hostile-") as scratch:
        base = options.keep or Path(scratch)
        base.mkdir(parents=True, exist_ok=True)
        for i, case in chosen:
            folder = base / f"case{i:02d}"
            folder.mkdir(exist_ok=True)
            code, mb, seconds, first = measure(i, folder)
            worst_mb, worst_s = max(worst_mb, mb), max(worst_s, seconds)
            shown = first if len(first) <= 110 else first[:107] + "..."
            print(f"{case.name:<72} {code:>4} {mb:>8.0f} {mb / GOAL_MB:>5.2f} {seconds:>7.2f} {seconds / GOAL_S:>6.2f}  {shown}", flush=True)
    print(f"worst: {worst_mb:.0f} MB = {worst_mb / GOAL_MB:.2f} of {GOAL_MB} MB; {worst_s:.2f} s = {worst_s / GOAL_S:.2f} of {GOAL_S:.0f} s "
          f"({'met' if worst_mb < GOAL_MB and worst_s < GOAL_S else 'NOT met'})")


if __name__ == "__main__":
    main()
