"""Shared fixtures of the hex replay tests: the hex game's data, its module built once per session, and
a way to write a log of that module from sentences (``vassal_log.scribe``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sdbp_module.codec.sentences import render
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal_log.scribe import Scribe
from tests.built_modules import built_module

DATA = PROJECT_ROOT / "source_data" / "mortain"


@pytest.fixture(scope="session")
def game() -> GameData:
    return load_game(DATA, hex_map=True)


@pytest.fixture(scope="session")
def module(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_module(DATA, tmp_path_factory.mktemp("hexmodule"))


Say = Callable[..., None]


class LogWriter:
    """A scribe over the module's set-up save; ``say(template, **values)`` logs one sentence as a piece's
    Report Action writes it (``* `` + the sentence), ``chat(text)`` any chat text, ``undo()`` takes back
    the last step."""

    def __init__(self, module: Path) -> None:
        self.scribe = Scribe(module)

    def say(self, name: str, **values: str | tuple[str, str]) -> None:
        self.scribe.chat("* " + render(name, values))

    def chat(self, text: str) -> None:
        self.scribe.chat(text)

    def undo(self) -> None:
        self.scribe.undo()

    def write(self, path: Path) -> Path:
        self.scribe.write(path)
        return path


@pytest.fixture
def log(module: Path) -> LogWriter:
    return LogWriter(module)
