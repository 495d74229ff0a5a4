"""Shared fixtures for the map-data tests: the bundled SoDBP YAML read with PyYAML directly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "source_data" / "sodbp"
TOOL = REPO / "tools" / "map_geometry.py"

Pixel = tuple[int, int]


def _load(name: str) -> Any:
    with (DATA / name).open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@pytest.fixture(scope="session")
def game() -> dict[str, Any]:
    return _load("game.yaml")


@pytest.fixture(scope="session")
def areas() -> dict[int, dict[str, Any]]:
    return {a["id"]: a for a in _load("areas.yaml")["areas"]}


@pytest.fixture(scope="session")
def area_list() -> list[dict[str, Any]]:
    return list(_load("areas.yaml")["areas"])


@pytest.fixture(scope="session")
def border_list() -> list[dict[str, Any]]:
    return list(_load("borders.yaml")["borders"])


@pytest.fixture(scope="session")
def borders(border_list: list[dict[str, Any]]) -> dict[frozenset[int], dict[str, Any]]:
    return {frozenset(b["areas"]): b for b in border_list}


@pytest.fixture(scope="session")
def polygons(areas: dict[int, dict[str, Any]]) -> dict[int, tuple[Pixel, ...]]:
    return {i: tuple((int(x), int(y)) for x, y in a["polygon"]) for i, a in areas.items()}


def neighbours(borders: dict[frozenset[int], dict[str, Any]], area: int) -> set[int]:
    return {other for pair in borders for other in pair if area in pair and other != area}
