"""Read a game record from disk: an events ``.jsonl`` transcript, or a ``.vlog`` interpreted.

Shared by ``sdbp check`` (which checks the events) and ``sdbp convert --events`` (which writes them).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sdbp_module.errors import InputError
from sdbp_module.fileio import require_file
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import Event
from sdbp_module.replay.jsonl import read_events
from sdbp_module.replay.vlog.problem import Problem
from sdbp_module.replay.vocabulary import Vocabulary


def load_events(log: Path, game: GameData, module: Path | None) -> tuple[Sequence[Event], Sequence[Problem]]:
    """Events of a ``.jsonl`` transcript, or of a ``.vlog`` through the log interpretation, with the
    interpretation's problems (parts of the log it could not read for sure). A transcript may use only
    the game's words (``replay.vocabulary``): another is an ``InputError`` at its line."""
    require_file(log, "log file")
    suffix = log.suffix.lower()
    if suffix == ".jsonl":
        return read_events(log, Vocabulary.of(game)), ()
    if suffix == ".vlog":  # imported here: a .jsonl check needs neither the codec nor lxml
        from sdbp_module.replay.interpret import events_from_vlog

        return events_from_vlog(log, game, module)
    raise InputError(f"{log}: expected a .vlog log or an events .jsonl file")
