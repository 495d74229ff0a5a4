"""Prove the hex board's VASSAL map in the real engine; write the test fixture.

A module is assembled in a temp folder around ``hex_map_xml.hex_map`` (the draft hex map of
``tools/hexboard_draft.py``: board image, hex grid, box zones) with a few counters:

- ``by <id>``: set up by the engine itself at a hex id or a box name (``useGridLocation``);
- ``at <id>``: set up at our pixel centre of the hex on the board grid;

each with a Text Label ``$LocationName$``, the engine's own name for where it stands. Then

    run-harness.sh check MODULE --new-game --list-pieces --strict --screenshot OUT.png

lists every piece with its label and position; the answers go to
``tests/unit/vassal/hexboard_engine.json``, with the grid attributes and box rectangles the
module was given (the tests check both against the code).

    VASSAL_LIB=/work/engine/out/lib VASSAL_HARNESS_WORK=/tmp/vh-hexboard VASSAL_SCREEN=1920x1200x24 \\
        python tools/hexboard_engine_module.py [SCREENSHOT.png]
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

from lxml import etree
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hexboard_draft import draft_board, draft_mapping  # noqa: E402

from sdbp_module.hexgrid.vassal_grid import vassal_hex_grid  # noqa: E402
from sdbp_module.vassal import images  # noqa: E402
from sdbp_module.vassal.buildfile import M, W, _el  # noqa: E402
from sdbp_module.vassal.hex_map_xml import PANEL_ZONE, hex_map, setup_stack  # noqa: E402
from sdbp_module.vassal.traits import Piece, Trait, basic_piece  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "unit" / "vassal" / "hexboard_engine.json"
HARNESS = Path("/work/shared/tools/vassal/run-harness.sh")
LISTED = re.compile(r"^\s+\S+\s+'(?P<name>.*)'\s+map=(?P<map>.+?) pos=(?P<x>-?\d+),(?P<y>-?\d+)$")
BY_HEX = ("A1", "E1", "F5", "I8", "J8", "L1", "L10", "B10")
AT_HEX = ("C4", "H7", "K9")
IN_BOX = ("german-entry", "us-eliminated", "Turn 1", "Turn 6")
BOARD = "Board"


def counter_png(text: str, colour: tuple[int, int, int]) -> bytes:
    img = Image.new("RGB", (60, 60), colour)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, 59, 59), outline=(0, 0, 0), width=2)
    images.centre_text(d, (30, 30), text, images.font("bold", 13), (255, 255, 255))
    return images.png_bytes(img)


def build_module(folder: Path) -> tuple[Path, dict[str, Any]]:
    hexmap, look, boxes = draft_board()
    root = _el(None, "VASSAL.build.GameModule", {"ModuleOther1": "", "ModuleOther2": "", "VassalVersion": "3.7.0", "description": "hex board probe",
                                                  "name": "HexBoardProbe", "nextPieceSlotId": "100", "version": "1"})
    _el(root, M + "BasicCommandEncoder")
    _el(root, M + "GlobalOptions", {"autoReport": "Always", "centerOnMove": "Use Preferences Setting", "chatterHTMLSupport": "Never",
                                      "hotKeysOnClosedWindows": "Never", "inventoryForAll": "Always", "nonOwnerUnmaskable": "Never",
                                      "playerIdFormat": "$PlayerName$", "promptString": "", "sendToLocationMoveTrails": "Never"})
    _el(root, M + "Chatter")
    board = hex_map(root, hexmap, look, boxes, board_name=BOARD)
    main = next(child for child in root if child.tag == M + "Map")
    counters: dict[str, bytes] = {}
    gpid = 1
    placements = [("by", t) for t in BY_HEX + IN_BOX] + [("at", t) for t in AT_HEX] + [("panel", PANEL_ZONE)]
    for kind, target in placements:
        name = f"{kind} {target}"
        image = f"c{gpid}.png"
        counters[image] = counter_png(target, (140, 40, 40) if kind == "by" else (40, 70, 140))
        piece = Piece((Trait("label;", "$LocationName$"), basic_piece(name, image)))
        slot = etree.Element(W + "PieceSlot", {"entryName": name, "gpid": str(gpid), "height": "60", "width": "60"})
        slot.text = piece.add_piece()
        if kind == "by":
            setup_stack(main, name=name, location=target, board_name=BOARD, slot=slot)
        elif kind == "panel":  # dropped on the panel below the legend, outside every box
            x, y = board.layout.map_rect[2] + 37, board.layout.height - 23
            stack = _el(main, M + "map.SetupStack", {"location": "", "name": name, "owningBoard": BOARD, "useGridLocation": "false", "x": str(x), "y": str(y)})
            stack.append(slot)
        else:
            h = board.layout.grid.parse_id(target)
            assert h is not None
            x, y = board.layout.grid.centre(h)
            stack = _el(main, M + "map.SetupStack", {"location": "", "name": name, "owningBoard": BOARD, "useGridLocation": "false",
                                                      "x": str(round(x)), "y": str(round(y))})
            stack.append(slot)
        gpid += 1
    build = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + etree.tostring(root, encoding="UTF-8")
    module = folder / "HexBoardProbe.vmod"
    data = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n  <version>1</version>\n'
            '  <VassalVersion>3.7.0</VassalVersion>\n  <dateSaved>0</dateSaved>\n  <description>hex board probe</description>\n'
            '  <name>HexBoardProbe</name>\n</data>\n')
    with zipfile.ZipFile(module, "w") as z:
        z.writestr("buildFile.xml", build)
        z.writestr("moduledata", data)
        z.writestr("images/map.png", board.png)
        for name, png in counters.items():
            z.writestr(f"images/{name}", png)
    given = {
        "hexmap": draft_mapping(),
        "edges": dict(look.edges),
        "off_map_boxes": [[b.name, b.title, b.group] for b in boxes],
        "grid": vassal_hex_grid(board.layout.grid).grid,
        "numbering": vassal_hex_grid(board.layout.grid).numbering,
        "board": [board.layout.width, board.layout.height],
        "boxes": {p.box.name: list(p.rect) for p in board.layout.boxes},
    }
    return module, given


def main() -> int:
    shot = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else None
    env = dict(os.environ)
    env.setdefault("VASSAL_LIB", "/work/engine/out/lib")
    with tempfile.TemporaryDirectory() as tmp:
        module, given = build_module(Path(tmp))
        cmd = ["bash", str(HARNESS), "check", str(module), "--new-game", "--list-pieces", "--strict", "--tiles"]
        if shot is not None:
            cmd += ["--screenshot", str(shot)]
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    lines = run.stdout.splitlines()
    verdict = next((line for line in reversed(lines) if line.startswith("VERDICT")), "")
    counts = {m.group(1).lower(): int(m.group(2)) for line in lines if (m := re.match(r"== (WARNINGS|ERRORS|FATAL)\b.*?: (\d+) ==", line))}
    pieces = []
    for line in lines:
        m = LISTED.match(line)
        if m:
            name, _, label = m.group("name").partition(" (")
            pieces.append({"name": name, "engine": label.removesuffix(")"), "map": m.group("map"), "x": int(m.group("x")), "y": int(m.group("y"))})
    pieces.sort(key=lambda p: p["name"])
    out = {"engine": "VASSAL 3.7.26: run-harness.sh check HexBoardProbe.vmod --new-game --list-pieces --strict",
           "made_by": "tools/hexboard_engine_module.py", "verdict": verdict, "exit": run.returncode, "counts": counts,
           "given": given, "pieces": pieces}
    text = json.dumps(out, indent=1, ensure_ascii=False)
    text = re.sub(r"\{\n\s+(\"name\"[^{}]*?)\n\s+\}", lambda m: "{" + " ".join(m.group(1).split()) + "}", text)
    text = re.sub(r"\[\n\s+([^\[\]{}]*?)\n\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    FIXTURE.write_text(text + "\n", encoding="utf-8")
    print(f"{verdict}; {len(pieces)} pieces; exit {run.returncode}")
    return 0 if verdict.endswith("OK") and len(pieces) == len(BY_HEX + IN_BOX + AT_HEX) + 1 else 1


if __name__ == "__main__":
    sys.exit(main())
