"""``sdbp convert LOG.vlog EVENTS.jsonl --events``: write the events the checker would read.

An umpire can read, correct or annotate the events and check them with ``sdbp check EVENTS.jsonl``.
"""

from __future__ import annotations

from pathlib import Path

import click

from sdbp_module.errors import EXIT_OK, InputError, one_line
from sdbp_module.model.from_data import load_game
from sdbp_module.replay.jsonl import write_events
from sdbp_module.replay.loading import load_events


def run_export_events(source: Path, target: Path, *, module: Path | None, data_dir: Path) -> int:
    """Interpret ``source`` (a ``.vlog``) and write its events to ``target`` (``.jsonl``), atomically.

    The interpretation's problems go to stderr, one line each; they become ``cannot-check`` findings
    when the events are checked from the log itself, and are not carried in the transcript.
    """
    if source.suffix.lower() != ".vlog":
        raise InputError(f"{source}: --events reads a .vlog log")
    if target.suffix.lower() != ".jsonl":
        raise InputError(f"{target}: --events writes an events .jsonl file")
    game = load_game(data_dir)
    events, problems = load_events(source, game, module)
    write_events(target, events)
    for problem in problems:
        click.echo(one_line(f"cannot interpret: {problem}"), err=True)
    noun = "problem" if len(problems) == 1 else "problems"
    click.echo(one_line(f"{target}: {len(events)} events, {len(problems)} interpretation {noun}"))
    return EXIT_OK
