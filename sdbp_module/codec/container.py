"""The zip container of ``.vsav``/``.vlog`` files: read safely, write deterministically and atomically.

Format reference §5.1: entries ``savedGame`` (required), ``savedata``, ``moduledata`` and possibly
others; the engine loads a save as a *stream* and takes the first entry named exactly ``savedGame``.
We write every entry DEFLATED (data descriptors are fine for DEFLATED entries), with a fixed
timestamp, in the order given, ``savedGame`` first.

Reading goes through ``codec.zipread`` (which refuses every kind of zip damage in one line with its
byte offset) and adds the rules of a save or log: an empty, unsafe (absolute, ``..``) or
control-character entry name, a duplicate name, no ``savedGame`` entry, and more than
``MAX_TOTAL_BYTES`` (64 MiB, ``limits.MAX_SAVE_BYTES``) decompressed, checked against the declared sizes
before anything is inflated.

:func:`container_bytes` refuses (``ValueError`` naming the entry) anything :func:`read_container`
would refuse, so we never write a file we cannot read back.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from sdbp_module.codec.zipread import (
    MAX_TOTAL_BYTES,
    ZipArchive,
    ZipEntry,
    open_archive,
)
from sdbp_module.errors import CodecError
from sdbp_module.fileio import write_atomically
from sdbp_module.records import record

if TYPE_CHECKING:
    import zipfile

__all__ = [
    "MAX_TOTAL_BYTES",
    "SAVED_GAME",
    "Container",
    "container_bytes",
    "entry_name_problem",
    "open_container",
    "read_container",
    "write_save",
]

SAVED_GAME = "savedGame"
FIXED_DATE_TIME = (1980, 1, 1, 0, 0, 0)
MAX_NAME_BYTES = 0xFFFF
"""A zip entry name is at most 65535 bytes (UTF-8)."""


@record
class Container:
    """All entries of a save/log zip, in archive order (names unique)."""

    entries: tuple[tuple[str, bytes], ...]

    @property
    def saved_game(self) -> bytes:
        """The raw (still enveloped) ``savedGame`` entry."""
        for name, data in self.entries:
            if name == SAVED_GAME:
                return data
        raise KeyError(SAVED_GAME)

    @property
    def extra_entries(self) -> dict[str, bytes]:
        """Every entry except ``savedGame``, in archive order."""
        return {name: data for name, data in self.entries if name != SAVED_GAME}


def _unsafe_name(name: str) -> bool:
    """Absolute (``/x``, ``\\x``, ``C:x``) or with a ``..`` component."""
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return True
    return any(part == ".." for part in name.replace("\\", "/").split("/"))


def entry_name_problem(name: str) -> str | None:
    """Why the reader would refuse an entry called ``name`` (``None`` if it would not).

    Writers check names with this before writing, so that nothing is written that
    :func:`read_container` refuses.

    >>> entry_name_problem("savedata"), entry_name_problem("../x"), entry_name_problem("a\\x00b")
    (None, "unsafe entry name (absolute or with '..')", 'control character U+0000 in the entry name')
    """
    if name == "":
        return "empty entry name"
    if _unsafe_name(name):
        return "unsafe entry name (absolute or with '..')"
    for char in name:
        if char < " " or "\x7f" <= char <= "\x9f":  # Unicode's control characters (category Cc, a fixed set)
            return f"control character U+{ord(char):04X} in the entry name"
    try:
        encoded = name.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"entry name is not valid Unicode (lone surrogate U+{ord(name[exc.start]):04X})"
    if len(encoded) > MAX_NAME_BYTES:
        return f"entry name longer than {MAX_NAME_BYTES} bytes"
    return None


def open_container(path: Path, *, max_total: int = MAX_TOTAL_BYTES) -> ZipArchive:
    """Open a save/log zip and check all but its entries' data (:func:`read_container` reads that): names,
    duplicates, the cap on the declared sizes, a ``savedGame`` entry, the local headers and their layout.
    ``CodecError`` naming the file on bad input; close the archive (a ``with`` block) when done."""
    archive = open_archive(path)
    try:
        seen: dict[str, ZipEntry] = {}
        declared = 0
        for entry in archive.entries:
            problem = entry_name_problem(entry.name)
            if problem is not None:
                raise CodecError(f"{path}: {entry.where}: {problem}")
            first = seen.get(entry.name)
            if first is not None:
                raise CodecError(
                    f"{path}: entry {entry.name!r} (central directory records at bytes {first.record} and "
                    f"{entry.record}): duplicate entry name"
                )
            seen[entry.name] = entry
            declared += entry.size
            if declared > max_total:
                raise CodecError(
                    f"{path}: {entry.where}: decompressed size exceeds the cap of {max_total} bytes (zip bomb?)"
                )
        if SAVED_GAME not in seen:
            raise CodecError(f"{path}: no {SAVED_GAME} entry (not a VASSAL save or log)")
        archive.check_layout()
    except BaseException:
        archive.close()
        raise
    return archive


def read_container(path: Path, *, max_total: int = MAX_TOTAL_BYTES) -> Container:
    """Read every entry of a save/log zip; raise ``CodecError`` naming the file on bad input."""
    with open_container(path, max_total=max_total) as archive:
        return Container(tuple((entry.name, archive.read(entry)) for entry in archive.entries))


def _zip_info(name: str) -> zipfile.ZipInfo:
    import zipfile  # writing only: reading goes through codec.zipread

    info = zipfile.ZipInfo(name, date_time=FIXED_DATE_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    info.create_system = 0
    return info


def _checked_entries(saved_game: bytes, items: Iterable[tuple[str, bytes]]) -> Iterator[tuple[str, bytes]]:
    """``savedGame`` then ``items``; ``ValueError`` naming the entry for anything the reader refuses."""
    yield SAVED_GAME, saved_game
    seen = {SAVED_GAME}
    total = len(saved_game)
    for name, data in items:
        problem = entry_name_problem(name)
        if problem is not None:
            raise ValueError(f"entry {name!r}: {problem}")
        if name in seen:
            raise ValueError(f"entry {name!r}: given twice" if name != SAVED_GAME else "savedGame given twice")
        seen.add(name)
        total += len(data)
        if total > MAX_TOTAL_BYTES:
            raise ValueError(f"entry {name!r}: the entries exceed the cap of {MAX_TOTAL_BYTES} bytes")
        yield name, data


def container_bytes(saved_game: bytes, extra_entries: Mapping[str, bytes] | Iterable[tuple[str, bytes]] = ()) -> bytes:
    """The zip file as bytes: ``savedGame`` first, then the other entries in the order given.

    Raises ``ValueError`` naming the entry for a name :func:`read_container` would refuse (see
    :func:`entry_name_problem`), a duplicate (or a second ``savedGame``), or more than
    ``MAX_TOTAL_BYTES`` in all. Callers validate their input first and report it in their terms.
    """
    items = list(extra_entries.items()) if isinstance(extra_entries, Mapping) else list(extra_entries)
    import zipfile  # writing only: reading goes through codec.zipread

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in _checked_entries(saved_game, items):
            archive.writestr(_zip_info(name), data, compresslevel=6)
    return buffer.getvalue()


def write_save(
    path: Path,
    saved_game: bytes,
    extra_entries: Mapping[str, bytes] | Iterable[tuple[str, bytes]] = (),
) -> None:
    """Write a save/log zip deterministically and atomically (``savedGame`` first, fixed dates)."""
    write_atomically(path, container_bytes(saved_game, extra_entries))
