"""Read a save or log into its command tree: the container, the envelope, the tree, the integrity
check — nothing else (no JSON form, no module), so the replay reads a log without loading the converter."""

from __future__ import annotations

from pathlib import Path

from sdbp_module.codec.container import SAVED_GAME, open_container
from sdbp_module.codec.envelope import Envelope, decode_envelope, decode_envelope_pieces
from sdbp_module.codec.integrity import truncated_command
from sdbp_module.codec.tree import ESC, Command, decode_tree
from sdbp_module.errors import CodecError
from sdbp_module.limits import MAX_COMMANDS


def _has_at_least(text: str, char: str, count: int) -> bool:
    """Whether ``text`` holds ``char`` at least ``count`` times: found one by one by ``str.find`` (a memchr),
    stopping at ``count``; ``str.count`` compares every character, several times slower on a save's text
    of 14 M characters with a few thousand ESCs."""
    found = 0
    at = text.find(char)
    while at >= 0:
        found += 1
        if found >= count:
            return True
        at = text.find(char, at + 1)
    return False


def _read_entries(path: Path, *, exact: bool) -> tuple[Envelope, tuple[tuple[str, bytes], ...]]:
    """The envelope of the ``savedGame`` entry and every entry, ``savedGame``'s data left empty.

    The same as :func:`~sdbp_module.codec.container.read_container` then
    :func:`~sdbp_module.codec.envelope.decode_envelope` of its ``savedGame`` (the same checks, the same
    errors, in that order: the zip's first), but ``savedGame`` is decoded while it is inflated, a piece at a
    time (:func:`~sdbp_module.codec.envelope.decode_envelope_pieces`): its inflated data never exists
    whole. An entry not read so is decoded whole once every entry is read (it says what is wrong).
    """
    where = f"{path}: entry 'savedGame'"
    with open_container(path) as archive:
        entries: list[tuple[str, bytes]] = []
        env: Envelope | None = None
        saved_game = None
        for entry in archive.entries:
            if entry.name != SAVED_GAME:
                entries.append((entry.name, archive.read(entry)))
                continue
            saved_game = entry
            pieces = archive.read_pieces(entry)
            env = decode_envelope_pieces(pieces, entry.size)
            for _ in pieces:  # the rest, when the envelope stopped early: the zip's checks come first
                pass
            entries.append((SAVED_GAME, b""))
        if env is None:
            assert saved_game is not None  # open_container refuses a zip without one
            env = decode_envelope(archive.read(saved_game), where=where, exact=exact)
    return env, tuple(entries)


def read_game(path: Path, *, exact: bool = False) -> tuple[Envelope, Command, tuple[tuple[str, bytes], ...]]:
    """Read a .vsav/.vlog: envelope (with text), command tree, and every zip entry (in archive order;
    ``savedGame``'s data empty: the envelope and the tree are what it holds).

    ``exact``: refuse an envelope the JSON form could not give back byte for byte (see
    :func:`~sdbp_module.codec.envelope.decode_envelope`).
    """
    env, entries = _read_entries(path, exact=exact)
    if _has_at_least(env.text, ESC, MAX_COMMANDS):  # each command is a few Python objects: count before building any
        separators = env.text.count(ESC)
        raise CodecError(
            f"{path}: entry 'savedGame': its text holds {separators:,} command separators (ESC); a save or log is "
            f"read up to {MAX_COMMANDS:,} commands (a real one: a few thousand)"
        )
    tree = decode_tree(env.text)
    bad = truncated_command(tree)
    if bad is not None:
        number, text = bad
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise CodecError(f"{path}: entry 'savedGame': command {number} is truncated: {shown!r}")
    return env, tree, entries
