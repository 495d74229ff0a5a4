"""Ask the real VASSAL engine what it names the hexes of a few grids; write the test fixture.

For each grid below, ``sdbp_module.hexgrid.vassal_grid`` gives the HexGrid and HexGridNumbering
attributes; ``tools/vassal_hexgrid/EngineHexNames.java``, compiled against the engine's jars, sets
them on the engine's own classes and asks ``locationName`` of every hex centre (and of points part
way to each corner), ``getLocation`` of each name and ``snapTo`` of each point. The answers go to
``tests/unit/hexgrid/engine_names.json``, which the tests read, so the suite checks what the
engine says without the engine.

    VASSAL_LIB=/work/engine/out/lib python tools/hexgrid_engine_names.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from sdbp_module.hexgrid.grid import HexGrid
from sdbp_module.hexgrid.vassal_grid import vassal_hex_grid

ROOT = Path(__file__).resolve().parent.parent
JAVA = ROOT / "tools" / "vassal_hexgrid" / "EngineHexNames.java"
FIXTURE = ROOT / "tests" / "unit" / "hexgrid" / "engine_names.json"

GRIDS: dict[str, dict[str, Any]] = {
    "flat-odd-letter-number": {
        "orientation": "flat", "columns": 6, "rows": 5, "size": 64.0, "origin": [40, 36], "layout": "odd",
        "ids": {"column": "letters", "row": "numbers", "first_column": 0, "first_row": 1},
    },
    "flat-even-0304-stretched": {
        "orientation": "flat", "columns": 6, "rows": 5, "size": 75.5, "spacing": 64.2, "origin": [50.3, 61.7], "layout": "even",
        "ids": {"column": "numbers", "row": "numbers", "first_column": 1, "first_row": 1, "column_digits": 2, "row_digits": 2},
    },
    "pointy-odd-letter-number": {
        "orientation": "pointy", "columns": 6, "rows": 5, "size": 60.0, "origin": [45, 40], "layout": "odd",
        "ids": {"column": "letters", "row": "numbers", "first_column": 0, "first_row": 1},
    },
    "pointy-even-row-first-dotted": {
        "orientation": "pointy", "columns": 5, "rows": 6, "size": 58.0, "origin": [70, 33], "layout": "even",
        "ids": {"column": "numbers", "row": "numbers", "first_column": 1, "first_row": 1, "column_digits": 2,
                "row_digits": 2, "separator": ".", "column_first": False},
    },
    "flat-even-row-letters-first": {
        "orientation": "flat", "columns": 12, "rows": 4, "size": 50.0, "origin": [30, 55], "layout": "even",
        "ids": {"column": "numbers", "row": "letters", "first_column": 1, "first_row": 2, "column_first": False},
    },
}


def _points(grid: HexGrid) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for h in grid.hexes():
        cx, cy = grid.centre(h)
        out.append((round(cx), round(cy)))
        for x, y in grid.polygon(h)[::2]:
            out.append((round(cx + 0.4 * (x - cx)), round(cy + 0.4 * (y - cy))))
    return out


def _compact(value: Any, indent: str = "") -> str:
    """JSON with one point per line (the fixture stays readable and small)."""
    if isinstance(value, dict) and "engine" in value and "x" in value:
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        inner = indent + " "
        items = [f"{inner}{json.dumps(k)}: {_compact(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}" + ("" if indent else "\n")
    if isinstance(value, list) and value and isinstance(value[0], dict):
        inner = indent + " "
        return "[\n" + ",\n".join(inner + _compact(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def main() -> int:
    lib = os.environ.get("VASSAL_LIB", "/work/engine/out/lib")
    classpath = f"{lib}/*"
    cases: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["javac", "-cp", classpath, "-d", tmp, str(JAVA)], check=True)
        spec = []
        grids = {}
        for name, mapping in GRIDS.items():
            grid = grids[name] = HexGrid.from_mapping(mapping)
            attrs = vassal_hex_grid(grid)
            spec.append(f"case\t{name}")
            spec += [f"grid\t{k}\t{v}" for k, v in attrs.grid.items()]
            spec += [f"num\t{k}\t{v}" for k, v in attrs.numbering.items()]
            spec += [f"point\t{x}\t{y}" for x, y in _points(grid)]
        (Path(tmp) / "spec.tsv").write_text("\n".join(spec) + "\n", encoding="utf-8")
        run = subprocess.run(["java", "-cp", f"{tmp}:{classpath}", "EngineHexNames", str(Path(tmp) / "spec.tsv")],
                             check=True, capture_output=True, text=True)
    answers: dict[str, list[dict[str, Any]]] = {name: [] for name in GRIDS}
    for line in run.stdout.splitlines():
        f = line.split("\t")
        if f[0] != "name":
            continue
        x, y = int(f[2]), int(f[3])
        answers[f[1]].append({"x": x, "y": y, "engine": f[4], "ours": grids[f[1]].hex_id(grids[f[1]].hex_at(x, y)),
                              "location": [int(f[5]), int(f[6])], "snap": [int(f[7]), int(f[8])]})
    for name, mapping in GRIDS.items():
        attrs = vassal_hex_grid(grids[name])
        cases.append({"name": name, "grid": mapping, "vassal": {"grid": attrs.grid, "numbering": attrs.numbering},
                      "points": answers[name]})
    out = {"engine": "VASSAL 3.7.26 (HexGrid.locationName / getLocation / snapTo)",
           "made_by": "tools/hexgrid_engine_names.py", "cases": cases}
    FIXTURE.write_text(_compact(out), encoding="utf-8")
    bad = [(c["name"], p) for c in cases for p in c["points"] if p["engine"] != p["ours"]]
    for name, p in bad[:20]:
        print(f"{name}: ({p['x']}, {p['y']}) engine {p['engine']!r}, ours {p['ours']!r}", file=sys.stderr)
    print(f"{sum(len(c['points']) for c in cases)} points, {len(bad)} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
