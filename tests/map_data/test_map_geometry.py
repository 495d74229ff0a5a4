"""The drawn map (areas.yaml polygons) agrees with borders.yaml and is a clean tiling of the box."""

from __future__ import annotations

import functools
import importlib.util
import sys
from itertools import combinations
from typing import Any

import pytest

from tests.map_data.map_files import DATA, TOOL
from tests.map_data.map_shapes import (
    Pixel,
    contains,
    distance_to_outline,
    is_simple,
    shared_edges,
    twice_signed_area,
)

MARGIN = 40
MIN_BORDER_PX = 5  # a shared edge longer than this is a border
COLLAPSED = {frozenset(p) for p in ((9, 32), (2, 3), (10, 24), (14, 19), (15, 27), (28, 38))}


def _box(game: dict[str, Any]) -> tuple[int, int, int, int]:
    return MARGIN, MARGIN, game["map"]["width"] - MARGIN, game["map"]["height"] - MARGIN


@functools.cache
def _tool() -> Any:
    """tools/map_geometry.py, imported once."""
    spec = importlib.util.spec_from_file_location("map_geometry_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@functools.cache
def _built() -> Any:
    return _tool().build()


def test_map_size_matches_the_generator(game: dict[str, Any]) -> None:
    tool = _tool()
    assert (game["map"]["width"], game["map"]["height"]) == (tool.WIDTH, tool.HEIGHT) == (1880, 2205)


def test_polygons_and_labels_are_in_sync_with_the_generator() -> None:
    tool = _tool()
    text = (DATA / "areas.yaml").read_text(encoding="utf-8")
    assert tool.rewrite(text, _built()) == text


def test_generator_is_deterministic() -> None:
    tool = _tool()
    first, second = _built(), tool.build()
    assert first.polygons == second.polygons and first.labels == second.labels


def test_adjacency_from_shared_edges_equals_borders(
    polygons: dict[int, tuple[Pixel, ...]], borders: dict[frozenset[int], dict[str, Any]]
) -> None:
    contacts = shared_edges(polygons)
    drawn = {pair for pair, length in contacts.items() if length > MIN_BORDER_PX}
    assert drawn == set(borders)
    # No pair shares a sliver edge: every shared edge is either a real border or absent.
    assert {pair for pair, length in contacts.items() if 0 < length <= MIN_BORDER_PX} == set()


def test_every_border_is_long_enough_to_see(
    polygons: dict[int, tuple[Pixel, ...]], borders: dict[frozenset[int], dict[str, Any]]
) -> None:
    contacts = shared_edges(polygons)
    assert min(contacts[pair] for pair in borders) > 30


def test_collapsed_contacts_meet_at_a_single_point(
    polygons: dict[int, tuple[Pixel, ...]], borders: dict[frozenset[int], dict[str, Any]]
) -> None:
    for pair in COLLAPSED:
        a, b = sorted(pair)
        assert pair not in borders
        assert len(set(polygons[a]) & set(polygons[b])) == 1, (a, b)


def test_polygons_are_simple_clockwise_and_inside_the_box(
    game: dict[str, Any], polygons: dict[int, tuple[Pixel, ...]]
) -> None:
    x0, y0, x1, y1 = _box(game)
    for area, poly in polygons.items():
        assert is_simple(poly), area
        assert twice_signed_area(poly) > 0, area  # clockwise on screen, same for all
        assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in poly), area


def test_polygons_tile_the_box_exactly(game: dict[str, Any], polygons: dict[int, tuple[Pixel, ...]]) -> None:
    x0, y0, x1, y1 = _box(game)
    assert sum(twice_signed_area(p) for p in polygons.values()) == 2 * (x1 - x0) * (y1 - y0)
    # Every edge is shared by exactly two areas, or lies on the map edge (no gaps, no T-junctions).
    owners: dict[frozenset[Pixel], int] = {}
    for poly in polygons.values():
        for k in range(len(poly)):
            edge = frozenset((poly[k], poly[(k + 1) % len(poly)]))
            owners[edge] = owners.get(edge, 0) + 1
    for edge, count in owners.items():
        (ax, ay), (bx, by) = tuple(edge)
        on_box = (ax == bx and ax in (x0, x1)) or (ay == by and ay in (y0, y1))
        assert count == (1 if on_box else 2), sorted(edge)


def test_labels_lie_well_inside_their_own_area(
    areas: dict[int, dict[str, Any]], polygons: dict[int, tuple[Pixel, ...]]
) -> None:
    for area, data in areas.items():
        label = (int(data["label"][0]), int(data["label"][1]))
        assert contains(polygons[area], label), area
        assert distance_to_outline(polygons[area], label) >= 25, area
        assert [other for other, poly in polygons.items() if contains(poly, label)] == [area]


def test_map_edge_flag_matches_the_polygon(game: dict[str, Any], areas: dict[int, dict[str, Any]]) -> None:
    x0, y0, x1, y1 = _box(game)
    for area, data in areas.items():
        poly = data["polygon"]
        touches = any(
            (a[0] == b[0] and a[0] in (x0, x1)) or (a[1] == b[1] and a[1] in (y0, y1))
            for a, b in zip(poly, poly[1:] + poly[:1])
        )
        assert data["map_edge"] is touches, area


@pytest.mark.parametrize("a,b", sorted(tuple(sorted(p)) for p in COLLAPSED))
def test_generator_collapses_the_short_contacts_the_reference_drops(a: int, b: int) -> None:
    tool = _tool()
    raw = tool.voronoi_cell(a), tool.voronoi_cell(b)
    assert 0 < tool._contact_length(*raw) < 0.12
    drawn = _built()
    assert len(set(drawn.polygons[a]) & set(drawn.polygons[b])) == 1


def test_no_other_voronoi_contact_is_short() -> None:
    tool = _tool()
    cells = {area: tool.voronoi_cell(area) for area in tool.SEEDS}
    short = {
        frozenset((a, b))
        for a, b in combinations(sorted(cells), 2)
        if 0 < tool._contact_length(cells[a], cells[b]) < 0.12
    }
    assert short == COLLAPSED


def test_tool_check_mode_reports_a_stale_file(tmp_path: Any, capsys: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()
    # the command line as the tool runs it, on the geometry this file builds once (``build`` is deterministic:
    # test_generator_is_deterministic), not three more builds of half a second each
    geometry = _built()
    monkeypatch.setattr(tool, "build", lambda: geometry)
    fresh = tmp_path / "areas.yaml"
    text = (DATA / "areas.yaml").read_text(encoding="utf-8")
    fresh.write_text(text, encoding="utf-8")
    assert tool.main(["--check", str(fresh)]) == 0
    stale = text.replace("    label: [868, 312]\n", "    label: [1, 1]\n")
    assert stale != text
    fresh.write_text(stale, encoding="utf-8")
    assert tool.main(["--check", str(fresh)]) == 1
    assert capsys.readouterr().err == (
        f"{fresh}: polygon/label lines differ from tools/map_geometry.py output\n"
    )
    assert tool.main(["--write", str(fresh)]) == 0
    assert fresh.read_text(encoding="utf-8") == text
