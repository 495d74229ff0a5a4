"""Our printed ids against what the real VASSAL engine named the same points (a recorded fixture).

``engine_names.json`` was written by ``tools/hexgrid_engine_names.py``: the engine's own ``HexGrid``
and ``HexGridNumbering`` classes, given the attributes ``vassal_hex_grid`` makes, named every hex
centre of five grids (flat and pointy, odd and even layouts, letters and numbers, padded, row first,
a separator) and points part way to the corners, and gave back the point of each name and the
point a piece dropped there snaps to.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sdbp_module.hexgrid.grid import HexGrid
from sdbp_module.hexgrid.vassal_grid import vassal_hex_grid

FIXTURE = json.loads((Path(__file__).parent / "engine_names.json").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = FIXTURE["cases"]


def test_the_fixture_covers_both_orientations_and_layouts() -> None:
    kinds = {(c["grid"]["orientation"], c["grid"]["layout"]) for c in CASES}
    assert kinds == {("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["name"])
def test_the_attributes_are_the_ones_the_engine_was_given(case: dict[str, Any]) -> None:
    attrs = vassal_hex_grid(HexGrid.from_mapping(case["grid"]))
    assert {"grid": attrs.grid, "numbering": attrs.numbering} == case["vassal"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["name"])
def test_the_engine_names_every_hex_by_our_id(case: dict[str, Any]) -> None:
    grid = HexGrid.from_mapping(case["grid"])
    named = {p["engine"] for p in case["points"]}
    assert named == {grid.hex_id(h) for h in grid.hexes()}  # every hex was asked, and nothing else came back
    for p in case["points"]:
        h = grid.hex_at(p["x"], p["y"])
        assert grid.hex_id(h) == p["engine"], p
        assert grid.parse_id(p["engine"]) == h
        assert grid.hex_at(*p["location"]) == h  # the engine's point for the name is in our hex
        assert grid.hex_at(*p["snap"]) == h  # and a piece dropped there snaps into it
        cx, cy = grid.centre(h)
        assert abs(p["snap"][0] - cx) <= 1.5 and abs(p["snap"][1] - cy) <= 1.5  # at our centre, to the pixel


MODULE = json.loads((Path(__file__).parent / "engine_module.json").read_text(encoding="utf-8"))
GRIDS_BY_NAME = {c["name"]: c["grid"] for c in CASES}


def test_the_module_runs_covered_every_grid_and_loaded_cleanly() -> None:
    assert [c["name"] for c in MODULE["cases"]] == list(GRIDS_BY_NAME)
    assert all(c["verdict"] == "VERDICT: OK" for c in MODULE["cases"])


@pytest.mark.parametrize("case", MODULE["cases"], ids=lambda c: c["name"])
def test_in_a_whole_module_the_engine_names_a_piece_on_our_centre_by_our_id(case: dict[str, Any]) -> None:
    """``tools/hexgrid_engine_module.py``: a piece set up at our centre of each hex reports its
    ``$LocationName$``; a piece the engine sets up by our id stands in our hex."""
    grid = HexGrid.from_mapping(GRIDS_BY_NAME[case["name"]])
    every = sorted(grid.hex_id(h) for h in grid.hexes())
    assert sorted(p["id"] for p in case["placed"]) == every == sorted(p["id"] for p in case["named"])
    for p in case["placed"]:
        h = grid.parse_id(p["id"])
        assert h is not None
        assert (round(grid.centre(h)[0]), round(grid.centre(h)[1])) == (p["x"], p["y"])
        assert p["engine"] == p["id"]
    for p in case["named"]:
        assert grid.hex_id(grid.hex_at(p["x"], p["y"])) == p["id"]
