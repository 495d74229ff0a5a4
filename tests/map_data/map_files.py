"""Where the map-data tests read from (the bundled SoDBP YAML, the map tool) and the border graph's
neighbours; imported as ``tests.map_data.map_files`` by the tests and the folder's conftest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "source_data" / "sodbp"
TOOL = REPO / "tools" / "map_geometry.py"


def neighbours(borders: dict[frozenset[int], dict[str, Any]], area: int) -> set[int]:
    return {other for pair in borders for other in pair if area in pair and other != area}
