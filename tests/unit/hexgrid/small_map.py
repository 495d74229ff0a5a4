"""The small hand-drawn map of the map-feature tests (``small_map.yaml`` beside this file)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.hexmap import HexMap
from tests import yaml_io

HERE = Path(__file__).parent


def small_map_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml_io.load((HERE / "small_map.yaml").read_text(encoding="utf-8"))
    return data


@cache
def small_map() -> HexMap:
    return HexMap.from_mapping(small_map_data())


def h(text: str) -> Hex:
    """The hex of a printed id of the small map."""
    hx = small_map().grid.parse_id(text)
    assert hx is not None, text
    return hx


def ids(hexes: Any) -> list[str]:
    return sorted(small_map().grid.hex_id(x) for x in hexes)
