"""Stand at Mortain's hex map (``source_data/mortain/``) as a ``HexMap``, a look and boxes, for looking
at the hex board art before the module writer builds hex games (issue 24):

    python tools/hexboard_draft.py OUT.png

``draft_board()`` is also what ``tools/hexboard_engine_module.py`` uses; ``draft_mapping()`` is the
map's ``hexes.yaml`` in the shape ``HexMap.from_mapping`` reads (docs/hexes.md).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sdbp_module.hexgrid.hexmap import HexMap  # noqa: E402
from sdbp_module.model.from_data import load_game  # noqa: E402
from sdbp_module.vassal.hex_board import HexLook, OffMapBox, render_hex_board  # noqa: E402

DATA = ROOT / "source_data" / "mortain"
HEXMAP_KEYS = ("grid", "terrain", "elevation", "sets", "line_of_fire")
EDGES = {"east_edge": "East edge: German entry and exit", "west_edge": "West edge: US entry (turn 2+)"}


def draft_mapping() -> dict[str, Any]:
    """The data's hexes.yaml, the blocks ``HexMap.from_mapping`` reads."""
    raw = yaml.safe_load((DATA / "hexes.yaml").read_text(encoding="utf-8"))
    return {key: raw[key] for key in HEXMAP_KEYS if key in raw}


def draft_board() -> tuple[HexMap, HexLook, tuple[OffMapBox, ...]]:
    game = load_game(DATA, hex_map=True)
    board = game.hexes
    assert board is not None, "source_data/mortain is not a hex-map game"
    look = HexLook(title=game.game.title, places={p.hex: p.name for p in board.places}, edges=EDGES)
    boxes = tuple(OffMapBox(b.id, b.name) for b in board.boxes) + tuple(
        OffMapBox(f"Turn {turn}", f"{turn} · {label}", group="Turn track") for turn, label in sorted(board.labels.items())
    )
    return board.map, look, boxes


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "hexboard.png")
    out.write_bytes(render_hex_board(*draft_board()).png)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
