"""Read a hex game's record from disk: an events ``.jsonl`` transcript, or a ``.vlog`` interpreted.

The hex counterpart of ``replay.loading.load_log``, with its refusals: a file that is not there or
not a regular file, too large, of another suffix, a ``.vlog`` of another module or build or holding
nothing of the module (``replay.interpret.open_log``), a transcript line that is not an event of the
game (``replay.hexes.jsonl``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from sdbp_module.codec.identity import TRANSCRIPT, BuildMatch, Reference
from sdbp_module.errors import InputError
from sdbp_module.fileio import require_file
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import HexEvent
from sdbp_module.replay.hexes.jsonl import read_events
from sdbp_module.replay.vlog.problem import Problem


@record
class LoadedHexLog:
    """A hex log read: its events, what the interpretation could not read for sure, and its build
    against the reference (None when no reference was given)."""

    events: Sequence[HexEvent]
    problems: Sequence[Problem]
    build: BuildMatch | None


def read_hex_log(
    path: Path, game: GameData, module: Path | None = None, build: Reference | Callable[[], Reference] | None = None
) -> LoadedHexLog:
    """The events of a ``.jsonl`` transcript (no problems: a bad line is refused), or of a ``.vlog``
    with the interpretation's problems and its build against ``build`` (a callable is called only
    for a ``.vlog``)."""
    require_file(path, "log file")
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return LoadedHexLog(read_events(path, game), (), TRANSCRIPT if build is not None else None)
    if suffix == ".vlog":
        from sdbp_module.replay.hexes.interpret import read_hex_vlog

        ref = build() if callable(build) else build
        events, problems, match = read_hex_vlog(path, game, module, ref)
        return LoadedHexLog(events, problems, match)
    raise InputError(f"{path}: expected a .vlog log or an events .jsonl file")


def load_hex_log(path: Path, game: GameData, module: Path | None = None) -> tuple[Sequence[HexEvent], Sequence[Problem]]:
    """The events of a hex game's ``.vlog`` or ``.jsonl`` and the interpretation's problems (no build
    comparison: ``read_hex_log`` with a reference does it)."""
    loaded = read_hex_log(path, game, module)
    return loaded.events, loaded.problems
