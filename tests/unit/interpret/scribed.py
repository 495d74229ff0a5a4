"""Reading back what the scribe wrote: the events after the start and the problems, as the
interpretation gives them for a log played with the built module."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sdbp_module.codec.module_info import read_module
from sdbp_module.codec.tree import Command, decode_tree
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import Event, GameStart, PhaseStart, Where
from sdbp_module.replay.interpret import Problem, interpret_tree
from sdbp_module.replay.vlog.zones import Zones
from sdbp_module.vassal_log.scribe import Scribe


@cache
def module_zones(module: Path) -> Zones:
    """The zones of ``module`` (the session's read-only module of the bundled game), read once a process:
    ``Zones`` is frozen, and a read of the module takes longer than most of these tests."""
    return Zones.from_module(read_module(module))


def read(tree: Command, game: GameData, module: Path) -> tuple[list[Event], list[Problem]]:
    """Events after the start (GameStart and PhaseStart dropped) and the problems."""
    events, problems = interpret_tree(tree, game, module_zones(module), "t.vlog")
    assert isinstance(events[0], GameStart) and isinstance(events[1], PhaseStart)
    return events[2:], problems


def run(s: Scribe, game: GameData, module: Path) -> tuple[list[Event], list[Problem]]:
    """What the scribe's log so far reads as."""
    return read(decode_tree(s.text()), game, module)


def w(n: int) -> Where:
    """The n-th step of the scribe's log."""
    return Where("t.vlog", n)
