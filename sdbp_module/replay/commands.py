"""``sdbp convert LOG.vlog EVENTS.jsonl --events``: write the events the checker would read (the area
games' ``replay.events``, or a hex-map game's ``replay.hexes.events``).

An umpire can read, correct or annotate the events and check them with ``sdbp check EVENTS.jsonl``.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import click

from sdbp_module.codec.identity import notice
from sdbp_module.errors import EXIT_OK, InputError, one_line
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.jsonl import write_events
from sdbp_module.replay.loading import load_log, reference


def run_export_events(source: Path, target: Path, *, module: Path | None, data_dir: Path, allow_other_build: bool = False) -> int:
    """Interpret ``source`` (a ``.vlog``) and write its events to ``target`` (``.jsonl``), atomically.

    The interpretation's problems go to stderr, one line each; they become ``cannot-check`` findings
    when the events are checked from the log itself, and are not carried in the transcript. A log of
    another build than the module's is refused, or with ``allow_other_build`` read with a warning on
    stderr (``codec.identity``).
    """
    if source.suffix.lower() != ".vlog":
        raise InputError(f"{source}: --events reads a .vlog log")
    if target.suffix.lower() != ".jsonl":
        raise InputError(f"{target}: --events writes an events .jsonl file")
    game = load_game(data_dir, hex_map=True)
    if game.hexes is not None:
        return _export_hex_events(source, target, game, module=module, data_dir=data_dir, allow_other_build=allow_other_build)
    loaded = load_log(source, game, module, partial(reference, game, module, data_dir, allow_other=allow_other_build, verb="convert"))
    events, problems = loaded.events, loaded.problems
    warning = notice(str(source), loaded.build)
    if warning is not None:
        click.echo(one_line(warning), err=True)
    write_events(target, events)
    for problem in problems:
        click.echo(one_line(f"cannot interpret: {problem}"), err=True)
    noun = "problem" if len(problems) == 1 else "problems"
    click.echo(one_line(f"{target}: {len(events)} events, {len(problems)} interpretation {noun}"))
    return EXIT_OK


def _export_hex_events(source: Path, target: Path, game: GameData, *, module: Path | None, data_dir: Path, allow_other_build: bool) -> int:
    """``run_export_events`` for a hex-map game: the events of ``replay.hexes`` (docs/hex-replay.md), in
    the JSONL form ``replay.hexes.jsonl`` reads back."""
    from sdbp_module.replay.hexes.jsonl import write_events as write_hex_events
    from sdbp_module.replay.hexes.loading import read_hex_log

    loaded = read_hex_log(source, game, module, partial(reference, game, module, data_dir, allow_other=allow_other_build, verb="convert"))
    warning = notice(str(source), loaded.build)
    if warning is not None:
        click.echo(one_line(warning), err=True)
    write_hex_events(target, loaded.events)
    for problem in loaded.problems:
        click.echo(one_line(f"cannot interpret: {problem}"), err=True)
    noun = "problem" if len(loaded.problems) == 1 else "problems"
    click.echo(one_line(f"{target}: {len(loaded.events)} events, {len(loaded.problems)} interpretation {noun}"))
    return EXIT_OK
