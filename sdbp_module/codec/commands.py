"""``sdbp convert`` and ``sdbp migrate``: read, convert and write saves and logs.

The functions here are the command layer: they read files, call the codec layers, write outputs
atomically and render one-line results with ``click.echo`` (stdout: results; stderr: problems).
Bad input raises ``CodecError``/``InputError`` (one line naming the file, exit 2).

Only the layers every conversion uses are imported here; the module reader (lxml), the migration,
the log-step sentences and the build identity (hashlib) are imported by the paths that use them, so
a save converted to JSON without ``--module`` loads none of them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sdbp_module.codec.container import SAVED_GAME, write_save
from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    HexCase,
    encode_envelope,
)
from sdbp_module.codec.json_form import Counts, count, game_from_json, game_to_json
from sdbp_module.codec.jsonio import dump_chunks, dump_lines, load
from sdbp_module.codec.reading import read_game
from sdbp_module.errors import EXIT_OK, EXIT_WRONG, InputError, one_line
from sdbp_module.fileio import read_bounded, require_file, write_atomically
from sdbp_module.limits import MAX_JSON_BYTES, MAX_JSON_OBJECTS

if TYPE_CHECKING:
    from sdbp_module.codec.module_info import ModuleInfo

GAME_SUFFIXES = (".vsav", ".vlog")
DEFAULT_KEY = 0x2A
"""Key used when a plain save is written with an obfuscating envelope and no ``--key`` is given."""


def _parse_key(key: str | None) -> int | None:
    if key is None:
        return None
    if len(key) != 2 or any(c not in "0123456789abcdefABCDEF" for c in key):
        raise InputError(f"--key {key!r}: expected two hex digits, e.g. 5a")
    return int(key, 16)


def _read_json(path: Path) -> object:
    """The JSON value in ``path`` (any depth); ``InputError`` if unreadable, not UTF-8 or not JSON, or past
    the limits of a save's JSON form (``limits.MAX_JSON_BYTES``, ``MAX_JSON_OBJECTS``)."""
    data = read_bounded(path, MAX_JSON_BYTES, "the JSON form of a save or log is read up to")
    braces = data.count(b"{")
    if braces > MAX_JSON_OBJECTS:  # each object costs about a kilobyte once parsed and checked
        raise InputError(
            f"{path}: {braces:,} opening braces; the JSON form of a save or log is read with up to "
            f"{MAX_JSON_OBJECTS:,} objects (that of a 27 MB save: 88,000)"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: invalid UTF-8 at byte {exc.start}") from None
    del data  # parse with one copy of the file in memory, not two
    return load(text, str(path))


def _rewrap(env: Envelope, envelope: str | None, key: int | None) -> Envelope:
    kind = env.kind if envelope is None else EnvelopeKind(envelope)
    if kind is EnvelopeKind.PLAIN:
        return Envelope(kind, None, env.text)
    new_key = key if key is not None else env.key if env.key is not None else DEFAULT_KEY
    if kind is EnvelopeKind.VOBS and new_key == 0:
        raise InputError("--key 00 cannot be used with the VOBS envelope (its key is 1..255)")
    case = env.hex_case if kind is env.kind and key is None else HexCase.LOWER
    return Envelope(kind, new_key, env.text, case)


def _load_module(module: Path | None) -> ModuleInfo | None:
    if module is None:
        return None
    if not module.is_file():
        raise InputError(f"{module}: no such module file")
    from sdbp_module.codec.module_info import read_module

    return read_module(module)


def _write_json_form(
    source: Path, target: Path, *, info: ModuleInfo | None, module: Path | None, envelope: str | None, key: int | None
) -> Counts:
    """Write the JSON form of a save/log, streamed; return its counts.

    Memory: the raw ``savedGame`` entry and its decoded text are dropped once the tree is built,
    and the tree once the document is; base64 entries are encoded while writing. So the document
    (with the entries' bytes) and a 1 MiB chunk are what is left.
    """
    env, tree, entries = read_game(source, exact=envelope is None and key is None)
    if envelope is not None or key is not None:
        env = _rewrap(env, envelope, key)
    env = replace(env, text="")
    entries = tuple((name, b"" if name == SAVED_GAME else data) for name, data in entries)
    # --module annotates the pieces' objects; without it they are written as they are read (encode_pieces)
    doc = game_to_json(env, tree, entries, stream_base64=True, encode_pieces=info is None)
    del tree, entries
    counts = Counts(**doc["summary"])  # counted once, by game_to_json
    if info is not None:
        from sdbp_module.codec.resolution import annotate

        annotate(doc["commands"], info)
        doc["module"] = {"name": info.name, "file": module.name if module else None}
    write_atomically(target, dump_chunks(doc))
    return counts


def run_convert(source: Path, target: Path, *, module: Path | None, envelope: str | None, key: str | None) -> int:
    """Convert .vsav/.vlog → .json / .jsonl, .json → .vsav/.vlog, or re-wrap a .vsav/.vlog."""
    key_value = _parse_key(key)
    require_file(source)
    src = source.suffix.lower()
    dst = target.suffix.lower()
    info = _load_module(module)
    if src == ".json":
        if dst not in GAME_SUFFIXES:
            raise InputError(f"{target}: a .json source converts to a .vsav or .vlog target")
        decoded = game_from_json(_read_json(source), where=str(source))
        env = _rewrap(decoded.envelope, envelope, key_value)
        write_save(target, encode_envelope(env), decoded.entries)
        click.echo(one_line(f"{target}: {decoded.counts.line()}"))
        return EXIT_OK
    if dst not in (".json", ".jsonl") + GAME_SUFFIXES:
        raise InputError(f"{target}: unknown target type (expected .json, .jsonl, .vsav or .vlog)")
    if dst == ".json":
        counts = _write_json_form(source, target, info=info, module=module, envelope=envelope, key=key_value)
        click.echo(one_line(f"{source}: {counts.line()}"))
        return EXIT_OK
    env, tree, entries = read_game(source)
    counts = count(tree)
    if dst == ".jsonl":
        from sdbp_module.codec.steps import log_steps

        write_atomically(target, dump_lines(log_steps(tree, info)))
    else:
        env = _rewrap(env, envelope, key_value)
        write_save(target, encode_envelope(env), [(n, d) for n, d in entries if n != "savedGame"])
    click.echo(one_line(f"{source}: {counts.line()}"))
    return EXIT_OK


def run_migrate(save: Path, module: Path, output: Path) -> int:
    """Carry a save/log over to a rebuilt module; print what changed; exit 1 if anything was lost."""
    from sdbp_module.codec.identity import BuildId, restamped
    from sdbp_module.codec.migration import migrate_tree
    from sdbp_module.codec.tree import encode_tree

    require_file(save)
    info = _load_module(module)
    assert info is not None
    env, tree, entries = read_game(save)
    new_tree, report = migrate_tree(tree, info)
    text = encode_tree(new_tree)
    new_env = Envelope(env.kind, env.key, text, env.hex_case)
    # the new module's identity, as the engine records the module it runs (codec.identity)
    kept = restamped([(n, d) for n, d in entries if n != "savedGame"], BuildId(info.name, info.version), info.moduledata)
    write_save(output, encode_envelope(new_env), kept)
    for line in report.changes:
        click.echo(line)
    for line in report.unmatched:
        click.echo(f"not matched: {line}", err=True)
    for line in report.lost:
        click.echo(f"lost: {line}", err=True)
    click.echo(
        f"{output}: {report.migrated} pieces migrated, "
        f"{len(report.changes)} change{'' if len(report.changes) == 1 else 's'}, "
        f"{len(report.unmatched)} not matched, {len(report.lost)} lost"
    )
    return EXIT_WRONG if report.unmatched or report.lost else EXIT_OK
