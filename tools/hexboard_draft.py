"""The draft hex map of tools/drafts/ as a ``HexMap``, a look and boxes, for looking at the hex board art.

The draft (``tools/drafts/mortain/hexes.yaml``) is not in the shape ``docs/hexes.md`` gives: it
lists one record per hex and names its id scheme its own way. This converts it (here, never in the
draft) and renders the board:

    python tools/hexboard_draft.py OUT.png

``draft_board()`` is also what ``tools/hexboard_engine_module.py`` and the tests use.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.vassal.hex_board import HexLook, OffMapBox, render_hex_board

ROOT = Path(__file__).resolve().parent.parent
DRAFT = ROOT / "tools" / "drafts" / "mortain"
SIZE = 96  # pixels between the centres of two hexes of a column: a hex holds a 60-pixel counter stack


def draft_mapping() -> dict[str, Any]:
    """The draft's hexes.yaml in the shape ``HexMap.from_mapping`` reads."""
    raw = yaml.safe_load((DRAFT / "hexes.yaml").read_text(encoding="utf-8"))
    g = raw["grid"]
    if g["offset"] != "odd-columns-down" or g["id_scheme"]["first"] != "A1":
        raise ValueError("the draft's grid is not the one this converter knows")
    terrain: dict[str, list[str]] = {}
    for rec in raw["hexes"]:
        if rec["terrain"] != "clear":
            terrain.setdefault(rec["terrain"], []).append(rec["id"])
    heights = {rec["id"]: rec["elevation"] for rec in raw["hexes"] if rec["elevation"]}
    sets = {s["id"]: s["hexes"] for s in raw["hex_sets"] if isinstance(s["hexes"], list)}
    return {
        "grid": {
            "orientation": g["orientation"],
            "columns": g["columns"],
            "rows": g["rows"],
            "size": SIZE,
            "origin": [SIZE * 0.6, SIZE * 0.5],
            "layout": "odd",
            "ids": {"column": "letters", "row": "numbers", "first_column": 0, "first_row": 1},
        },
        "terrain": {"default": "clear", **terrain},
        "elevation": {"hexes": heights},
        "sets": sets,
        "line_of_fire": {"blocking": [t["id"] for t in raw["terrain"] if t["blocks_fire"]], "tie": g["hexside_tie"], "elevation": "none",
                         "range_bonus": {t["id"]: t["range_bonus"] for t in raw["terrain"] if t["range_bonus"]}},
    }


def draft_places() -> dict[str, str]:
    raw = yaml.safe_load((DRAFT / "hexes.yaml").read_text(encoding="utf-8"))
    return {rec["id"]: rec["name"] for rec in raw["hexes"] if rec["name"]}


def draft_board() -> tuple[HexMap, HexLook, tuple[OffMapBox, ...]]:
    hexmap = HexMap.from_mapping(draft_mapping())
    game = yaml.safe_load((DRAFT / "game.yaml").read_text(encoding="utf-8"))
    markers = yaml.safe_load((DRAFT / "markers.yaml").read_text(encoding="utf-8"))
    turns = yaml.safe_load((DRAFT / "turn_track.yaml").read_text(encoding="utf-8"))["turns"]
    look = HexLook(
        title=str(game.get("title", "")),
        places=draft_places(),
        edges={"east_edge": "East edge: German entry and exit", "west_edge": "West edge: US entry (turn 2+)"},
    )
    boxes = tuple(OffMapBox(b["id"], b["name"]) for b in markers["boxes"]) + tuple(
        OffMapBox(f"Turn {t['turn']}", f"{t['turn']} · {t['label']}", group="Turn track") for t in turns
    )
    return hexmap, look, boxes


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "hexboard.png")
    out.write_bytes(render_hex_board(*draft_board()).png)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
