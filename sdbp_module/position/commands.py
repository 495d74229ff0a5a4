"""``sdbp board`` and ``sdbp board apply``: the command layer (read files, call the package, write atomically).

Bad input (a save, module or board that cannot be read, a board of the wrong shape) is one line naming the
file and position, exit 2; an edit the module or save cannot express is one line naming the board's
line, exit 1 (``edits.BoardEditError``). Nothing is written on any error.
"""

from __future__ import annotations

from pathlib import Path

import click

from sdbp_module.codec.container import SAVED_GAME, write_save
from sdbp_module.codec.envelope import Envelope, encode_envelope
from sdbp_module.codec.module_info import ModuleInfo, read_module
from sdbp_module.codec.reading import read_game
from sdbp_module.codec.tree import Command, encode_tree
from sdbp_module.data.sources import parse_yaml
from sdbp_module.errors import EXIT_OK, InputError, one_line
from sdbp_module.fileio import read_bounded, require_file, write_atomically
from sdbp_module.limits import MAX_BOARD_BYTES
from sdbp_module.position.board_yaml import render
from sdbp_module.position.edits import apply_board
from sdbp_module.position.model import Position, read_position


def _module(path: Path | None) -> ModuleInfo | None:
    if path is None:
        return None
    require_file(path, "module")
    return read_module(path)


def _save(path: Path) -> tuple[Envelope, Position, tuple[tuple[str, bytes], ...], Command]:
    require_file(path, "save")
    env, tree, entries = read_game(path)
    if any(child.text.startswith("LOG\t") for child in tree.children):
        raise InputError(f"{path}: a log (it has logged steps); sdbp board reads and writes saves (.vsav)")
    return env, read_position(tree), entries, tree


def run_board(save: Path, output: Path | None, module: Path | None) -> int:
    """Print (or write to ``output``) the board YAML of a save."""
    info = _module(module)
    _, position, _, _ = _save(save)
    text = render(position, info, save.name)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomically(output, text.encode("utf-8"))
        click.echo(one_line(f"{output}: {len(position.pieces)} pieces, {len(position.decks)} decks"))
    return EXIT_OK


def _read_board(path: Path) -> str:
    require_file(path, "board")
    data = read_bounded(path, MAX_BOARD_BYTES, "a board is read up to")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: cannot be read: not UTF-8 text (byte {exc.start})") from None


def run_apply(board: Path, save: Path, output: Path, module: Path | None) -> int:
    """Apply an edited board to the save it was read from; write the new save; print what changed."""
    info = _module(module)
    env, position, entries, tree = _save(save)
    source = parse_yaml(_read_board(board), str(board), board)
    if source.problems:
        raise InputError(source.problems[0].render())
    result = apply_board(source, position, info, tree)
    if not result.changed:
        write_atomically(output, save.read_bytes())
        click.echo(one_line(f"{output}: no change (the same save, byte for byte)"))
        return EXIT_OK
    text = encode_tree(result.tree)
    write_save(output, encode_envelope(Envelope(env.kind, env.key, text, env.hex_case)), [(n, d) for n, d in entries if n != SAVED_GAME])
    for line in result.changes:
        click.echo(one_line(line))
    count = len(result.changes)
    click.echo(one_line(f"{output}: {count} change{'' if count == 1 else 's'}"))
    return EXIT_OK
