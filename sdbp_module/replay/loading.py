"""Read a game record from disk: an events ``.jsonl`` transcript, or a ``.vlog`` interpreted.

Shared by ``sdbp check`` (which checks the events), ``sdbp show`` (which replays them) and
``sdbp convert --events`` (which writes them). ``load_log`` also says whether a ``.vlog`` (or a
``.vsav``) was written with the build it is read with (``codec.identity``): a log of another build is
refused in one line unless the reference allows it; ``reference`` makes that reference from
``--module`` or, without one, from the module the game data builds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from sdbp_module.codec.identity import TRANSCRIPT, BuildMatch, Reference
from sdbp_module.collector import collector_paused
from sdbp_module.errors import InputError
from sdbp_module.fileio import require_file
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.bounds import EventBounds
from sdbp_module.replay.events import Event
from sdbp_module.replay.vlog.problem import Problem
from sdbp_module.replay.vocabulary import Vocabulary

DATA_MODULE = "the module this game data builds"
"""How messages name the module a log is compared with when no ``--module`` is given."""


@record
class LoadedLog:
    """A log read: its events, the parts the interpretation could not read for sure, and its build
    against the reference (None when no reference was given)."""

    events: Sequence[Event]
    problems: Sequence[Problem]
    build: BuildMatch | None


def reference(game: GameData, module: Path | None, data_dir: Path | None, *, allow_other: bool = False, verb: str = "check") -> Reference:
    """The build logs are compared with: the ``--module``'s (its GameModule name and version), else the
    one ``sdbp build`` makes from the game data (``vassal.identity.data_build``)."""
    from sdbp_module.codec.identity import BuildId

    if module is not None:
        from sdbp_module.codec.module_info import module_info

        require_file(module, "module file")
        info = module_info(module)  # kept: reading the log asks for its zones next
        return Reference(BuildId(info.name, info.version), f"the module {module}", allow_other, verb)
    from sdbp_module.vassal.identity import data_build

    return Reference(data_build(game, data_dir), DATA_MODULE, allow_other, verb)


def load_log(log: Path, game: GameData, module: Path | None, build: Reference | Callable[[], Reference] | None = None) -> LoadedLog:
    """Events of a ``.jsonl`` transcript, or of a ``.vlog`` through the log interpretation, with the
    interpretation's problems and the log's build against ``build`` (a callable is called only for a
    ``.vlog``: a transcript needs no module to be read, so none is made for it). A transcript may use only
    the game's words (``replay.vocabulary``): another is an ``InputError`` at its line. Every event is
    within the bounds of ``game`` (``replay.bounds``; a ``.vlog``'s in ``read_vlog``), else ``InputError``.
    The cycle collector is paused while a log is read (``collector``: an audit's worker reads many)."""
    require_file(log, "log file")
    suffix = log.suffix.lower()
    if suffix == ".jsonl":  # imported here: a .vlog check reads no transcript
        from sdbp_module.replay.jsonl import read_events

        with collector_paused():  # what is read lives on, or is freed by its count: nothing for the collector
            transcript = read_events(log, Vocabulary.of(game), EventBounds(game).check)
        return LoadedLog(transcript, (), TRANSCRIPT if build is not None else None)
    if suffix == ".vlog":  # imported here: a .jsonl check needs neither the codec nor lxml
        from sdbp_module.replay.interpret import read_vlog

        ref = build() if callable(build) else build
        with collector_paused():
            events, problems, match = read_vlog(log, game, module, ref)
        return LoadedLog(events, problems, match)
    raise InputError(f"{log}: expected a .vlog log or an events .jsonl file")


def load_events(log: Path, game: GameData, module: Path | None) -> tuple[Sequence[Event], Sequence[Problem]]:
    """Events of a ``.jsonl`` transcript, or of a ``.vlog`` through the log interpretation, with the
    interpretation's problems (parts of the log it could not read for sure); no build comparison."""
    loaded = load_log(log, game, module)
    return loaded.events, loaded.problems
