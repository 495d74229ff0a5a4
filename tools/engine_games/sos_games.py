"""Storm over Stalingrad games for the engine (none yet)."""

from __future__ import annotations

from engine_games import Fixture

FIXTURES: list[Fixture] = []
