"""Prove the hex grid in a whole module the real VASSAL engine loads; write the test fixture.

For each grid of ``tools/hexgrid_engine_names.py`` a tiny module is built by hand in a temp folder:
a ``buildFile.xml`` with one Map, one Board with a plain image, the HexGrid and HexGridNumbering that
``vassal_hex_grid`` gives, and two set-up stacks per hex:

- ``at``: a piece placed at our pixel centre of the hex, whose Text Label is ``$LocationName$`` —
  the engine's own name for where the piece stands (Map → Board → grid numbering);
- ``by``: a piece the engine places itself by our printed id (``useGridLocation``, the engine's
  ``getLocation``).

``run-harness.sh check MODULE --new-game --list-pieces`` starts a new game and lists every piece
with its name (label evaluated) and position; those answers go to
``tests/unit/hexgrid/engine_module.json``, which the tests read.

    VASSAL_LIB=/work/engine/out/lib VASSAL_HARNESS_WORK=/tmp/vh-hex python tools/hexgrid_engine_module.py
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
from xml.sax.saxutils import quoteattr

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hexgrid_engine_names import GRIDS  # noqa: E402

from sdbp_module.hexgrid.grid import HexGrid  # noqa: E402
from sdbp_module.hexgrid.vassal_grid import GRID_CLASS, NUMBERING_CLASS, vassal_hex_grid  # noqa: E402
from sdbp_module.vassal.traits import Piece, Trait, basic_piece  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "unit" / "hexgrid" / "engine_module.json"
HARNESS = Path("/work/shared/tools/vassal/run-harness.sh")
LISTED = re.compile(r"^\s+\S+\s+'(?P<name>.*)'\s+map=(?P<map>\S+) pos=(?P<x>-?\d+),(?P<y>-?\d+)$")


def _attrs(values: dict[str, str]) -> str:
    return " ".join(f"{k}={quoteattr(v)}" for k, v in values.items())


def _stack(name: str, piece: Piece, gpid: int, x: int = 0, y: int = 0, location: str = "") -> str:
    use_grid = "true" if location else "false"
    slot = piece.add_piece().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return (f'<VASSAL.build.module.map.SetupStack location={quoteattr(location)} name={quoteattr(name)} owningBoard="Board"'
            f' useGridLocation="{use_grid}" x="{x}" y="{y}"><VASSAL.build.widget.PieceSlot entryName={quoteattr(name)}'
            f' gpid="{gpid}" height="20" width="20">{slot}</VASSAL.build.widget.PieceSlot></VASSAL.build.module.map.SetupStack>')


def build_module(grid: HexGrid, folder: Path) -> Path:
    attrs = vassal_hex_grid(grid)
    xs = [x for h in grid.hexes() for x, _ in grid.polygon(h)]
    ys = [y for h in grid.hexes() for _, y in grid.polygon(h)]
    width, height = int(max(xs) + grid.size), int(max(ys) + grid.size)
    stacks, gpid = [], 1
    for h in grid.hexes():
        hid = grid.hex_id(h)
        cx, cy = grid.centre(h)
        at = Piece((Trait("label;", "$LocationName$"), basic_piece(f"at {hid}")))
        stacks.append(_stack(f"at {hid}", at, gpid, round(cx), round(cy)))
        stacks.append(_stack(f"by {hid}", Piece((basic_piece(f"by {hid}"),)), gpid + 1, location=hid))
        gpid += 2
    build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule ModuleOther1="" ModuleOther2="" VassalVersion="3.7.0" description="hex grid probe" name="HexProbe" nextPieceSlotId="{gpid}" version="1">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.Chatter/>
<VASSAL.build.module.Map allowMultiple="false" backgroundcolor="255,255,255" edgeHeight="0" edgeWidth="0" launch="false" mapName="Hexes" markMoved="Never" moveToFormat="$pieceName$ moves $previousLocation$ -&gt; $location$" moveWithinFormat="$pieceName$ moves $previousLocation$ -&gt; $location$">
<VASSAL.build.module.map.BoardPicker addColumnText="Add column" addRowText="Add row" boardPrompt="Select board" slotHeight="125" slotScale="0.2" slotWidth="350" title="Choose Boards">
<VASSAL.build.module.map.boardPicker.Board image="board.png" name="Board" reversible="false">
<{GRID_CLASS} {_attrs(attrs.grid)}><{NUMBERING_CLASS} {_attrs(attrs.numbering)}/></{GRID_CLASS}>
</VASSAL.build.module.map.boardPicker.Board>
</VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.StackMetrics bottom="40,0" disabled="false" down="37,0" exSepX="12" exSepY="18" top="38,0" unexSepX="6" unexSepY="6" up="39,0"/>
<VASSAL.build.module.map.PieceMover/>
{chr(10).join(stacks)}
</VASSAL.build.module.Map>
</VASSAL.build.GameModule>
"""
    module = folder / "HexProbe.vmod"
    image = folder / "board.png"
    Image.new("RGB", (width, height), (235, 230, 210)).save(image)
    data = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n  <version>1</version>\n'
            '  <VassalVersion>3.7.0</VassalVersion>\n  <dateSaved>0</dateSaved>\n  <description>hex grid probe</description>\n'
            '  <name>HexProbe</name>\n</data>\n')
    with zipfile.ZipFile(module, "w") as z:
        z.writestr("buildFile.xml", build)
        z.writestr("moduledata", data)
        z.write(image, "images/board.png")
    return module


def main() -> int:
    env = dict(os.environ)
    env.setdefault("VASSAL_LIB", "/work/engine/out/lib")
    cases: list[dict[str, Any]] = []
    bad = 0
    for name, mapping in GRIDS.items():
        grid = HexGrid.from_mapping(mapping)
        with tempfile.TemporaryDirectory() as tmp:
            module = build_module(grid, Path(tmp))
            run = subprocess.run(["bash", str(HARNESS), "check", str(module), "--new-game", "--list-pieces"],
                                 capture_output=True, text=True, env=env, check=False)
        verdict = [line for line in run.stdout.splitlines() if line.startswith("VERDICT")]
        placed: list[dict[str, Any]] = []
        named: list[dict[str, Any]] = []
        for line in run.stdout.splitlines():
            m = LISTED.match(line)
            if not m:
                continue
            kind, _, rest = m.group("name").partition(" ")
            x, y = int(m.group("x")), int(m.group("y"))
            if kind == "at":
                hid, _, loc = rest.partition(" (")
                placed.append({"id": hid, "x": x, "y": y, "engine": loc.removesuffix(")")})
            elif kind == "by":
                named.append({"id": rest, "x": x, "y": y})
        placed.sort(key=lambda p: grid.parse_id(p["id"]) or p["id"])
        named.sort(key=lambda p: grid.parse_id(p["id"]) or p["id"])
        bad += sum(p["engine"] != p["id"] for p in placed) + sum(grid.hex_id(grid.hex_at(p["x"], p["y"])) != p["id"] for p in named)
        print(f"{name}: {verdict[-1] if verdict else 'no verdict'}; {len(placed)} placed, {len(named)} named", file=sys.stderr)
        if len(placed) != len(grid.hexes()) or len(named) != len(grid.hexes()):
            print(run.stdout[-3000:], file=sys.stderr)
            return 1
        cases.append({"name": name, "verdict": verdict[-1] if verdict else "", "placed": placed, "named": named})
    out = {"engine": "VASSAL 3.7.26: run-harness.sh check HexProbe.vmod --new-game --list-pieces",
           "made_by": "tools/hexgrid_engine_module.py", "cases": cases}
    text = json.dumps(out, indent=1, ensure_ascii=False)
    text = re.sub(r"\{\n\s+(\"id\"[^{}]*?)\n\s+\}", lambda m: "{" + " ".join(m.group(1).split()) + "}", text)
    FIXTURE.write_text(text + "\n", encoding="utf-8")
    print(f"{bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
