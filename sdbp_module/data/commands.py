"""``sdbp validate``: check a game-data folder and report every problem at once.

Problems go to stdout, one ``file:line:col: path: what (expected ...)`` per line, sorted by file
and position; then ``Aborted: N problems in M files`` on stderr and exit 1. A file that cannot
be read raises ``InputError`` (one line naming file and position, exit 2). Valid data prints
``OK: <title>: ...`` and exits 0; ``--summary`` adds counts per kind and how many facts are
rule-cited or reconstructed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import click

from sdbp_module.data.dataset import check_folder
from sdbp_module.data.files import OPTIONAL_KINDS
from sdbp_module.errors import EXIT_OK, EXIT_WRONG, one_line
from sdbp_module.model.from_data import build_game
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record


@record
class SourceCount:
    """How many ``source``/``sources`` strings cite the rules and how many say ``reconstructed``."""

    rules: int
    reconstructed: int

    @property
    def total(self) -> int:
        return self.rules + self.reconstructed


def _source_strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "source" and isinstance(item, str):
                yield item
            elif key == "sources" and isinstance(item, dict):
                yield from (s for s in item.values() if isinstance(s, str))
            else:
                yield from _source_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _source_strings(item)


def count_sources(value: Any) -> SourceCount:
    """Count every record's ``source`` and every per-field ``sources`` entry in ``value``."""
    texts = list(_source_strings(value))
    reconstructed = sum(1 for t in texts if t.startswith("reconstructed"))
    return SourceCount(rules=len(texts) - reconstructed, reconstructed=reconstructed)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def ok_line(game: GameData) -> str:
    if game.hexes is not None:
        return hex_ok_line(game)
    return (
        f"OK: {game.game.title}: {len(game.areas)} areas, {len(game.borders)} borders, "
        f"{len(game.units)} units, {len(game.markers)} marker kinds, {len(game.cards)} cards, "
        f"{len(game.turn_track)} turns"
    )


def hex_ok_line(game: GameData) -> str:
    """The OK line of a hex-map game: its grid, units, markers, boxes, turns and deck."""
    assert game.hexes is not None
    deck = "" if game.deck is None else f", a deck of {len(game.deck.cards())} playing cards"
    return (
        f"OK: {game.game.title}: {len(game.hexes.map.grid.hexes())} hexes, {len(game.units)} units, "
        f"{len(game.markers)} marker kinds, {len(game.hexes.boxes)} off-map boxes, {len(game.turn_track)} turns{deck} "
        "(a hex-map game: data validated; sdbp build writes its module)"
    )


def _hex_lines(game: GameData) -> list[str]:
    """The counts of a hex-map game (``summary_lines``)."""
    assert game.hexes is not None
    board = game.hexes
    terrain = ", ".join(f"{sum(t == k.id for t in board.map.terrain.values())} {k.id}" for k in board.terrains)
    marks = [f"{sum(m.id in u.marks for u in game.units)} {m.id}" for m in game.game.unit_marks]
    return [
        f"hexes: {len(board.map.grid.hexes())} ({terrain}), {len(board.places)} named, {len(board.map.sets)} hex sets",
        "units: " + ", ".join(f"{len(game.units_of(side))} {side.value}" for side in game.game.sides) + (f" ({', '.join(marks)})" if marks else ""),
        f"marker kinds: {len(game.markers)} ({sum(m.count for m in game.markers)} counters)",
        f"off-map boxes: {len(board.boxes)}",
        f"turns: {len(game.turn_track)}",
    ]


def summary_lines(game: GameData, values: Mapping[str, Any]) -> list[str]:
    """Counts per kind and the rule-cited/reconstructed split, per file and in total."""
    info = game.game
    classes = [f"{sum(a.colour == c.id for a in game.areas)} {c.id}" for c in info.area_classes[1:]]  # the first is the ordinary class
    marks = [f"{sum(m.id in u.marks for u in game.units)} {m.id}" for m in info.unit_marks]
    lines = _hex_lines(game) if game.hexes is not None else [
        f"areas: {len(game.areas)} ({', '.join([f'{sum(a.victory for a in game.areas)} victory', *classes])})",
        (
            f"borders: {len(game.borders)} ({sum(b.river for b in game.borders)} river, "
            f"{sum(b.bridge for b in game.borders)} bridged)"
        ),
        "units: "
        + ", ".join(f"{len(game.units_of(side))} {side.value}" for side in game.game.sides)
        + (f" ({', '.join(marks)})" if marks else ""),
        f"marker kinds: {len(game.markers)} ({sum(m.count for m in game.markers)} counters)",
        "cards: "
        + ", ".join(f"{len(game.cards_of(side))} {side.value}" for side in game.game.sides)
        + f", {len(game.cards_of(None))} special",
        f"turns: {len(game.turn_track)}",
        f"scenario: {game.scenario.name} ({_count(len(game.scenario.markers), 'marker placement')} at start)",
    ]
    total = SourceCount(0, 0)
    for kind, value in values.items():
        count = count_sources(value)
        if kind in OPTIONAL_KINDS and not count.total:
            continue  # a presentation file: no facts to count
        total = SourceCount(total.rules + count.rules, total.reconstructed + count.reconstructed)
        lines.append(f"sources in {kind}.yaml: {count.rules} rule-cited, {count.reconstructed} reconstructed")
    lines.append(
        f"sources in total: {total.rules} rule-cited, {total.reconstructed} reconstructed (of {total.total})"
    )
    return lines


def run_validate(data_dir: Path, *, summary: bool) -> int:
    """Validate ``data_dir`` and print the outcome; returns the exit code (0 or 1).

    ``InputError`` (exit 2) escapes for a file that cannot be read; click prints it.
    """
    checked = check_folder(data_dir)
    if not checked.ok:
        for problem in checked.problems:
            click.echo(one_line(problem.render()))
        click.echo(f"Aborted: {checked.summary_line()}", err=True)
        return EXIT_WRONG
    game = build_game(checked.values)
    click.echo(ok_line(game))
    if summary:
        for line in summary_lines(game, checked.values):
            click.echo(line)
    return EXIT_OK
