"""``sdbp convert LOG.vlog EVENTS.jsonl --events``: write the events the checker would read.

An umpire can read, correct or annotate the events and check them with ``sdbp check EVENTS.jsonl``.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import click

from sdbp_module.codec.identity import notice
from sdbp_module.errors import EXIT_OK, InputError, one_line
from sdbp_module.model.from_data import load_game
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
    game = load_game(data_dir)
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
