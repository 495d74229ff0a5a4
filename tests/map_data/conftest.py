"""Shared fixtures for the map-data tests: the bundled SoDBP YAML read with PyYAML directly."""

from __future__ import annotations

from typing import Any

import pytest

from tests import yaml_io
from tests.map_data.map_files import DATA
from tests.map_data.map_shapes import Pixel


def _load(name: str) -> Any:
    with (DATA / name).open(encoding="utf-8") as fh:
        return yaml_io.load(fh)


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
