"""The zip container of ``.vsav``/``.vlog`` files: read safely, write deterministically and atomically.

Format reference §5.1: entries ``savedGame`` (required), ``savedata``, ``moduledata`` and possibly
others; the engine loads a save as a *stream* and takes the first entry named exactly ``savedGame``.
We write every entry DEFLATED (data descriptors are fine for DEFLATED entries), with a fixed
timestamp, in the order given, ``savedGame`` first.

Safety (bad input gives ``CodecError``, exit 2, naming the file and the entry):

- not a zip, or a truncated zip (no central directory);
- an entry name that is absolute or contains a ``..`` component;
- duplicate entry names;
- a zip bomb: the total decompressed size is capped at ``MAX_TOTAL_BYTES`` (512 MiB), checked
  against the sizes declared in the central directory and again while inflating.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from sdbp_module.errors import CodecError
from sdbp_module.fileio import write_atomically

SAVED_GAME = "savedGame"
MAX_TOTAL_BYTES = 512 * 1024 * 1024
"""Cap on the decompressed size of all entries of one save/log (the largest real save: 28 MB)."""
FIXED_DATE_TIME = (1980, 1, 1, 0, 0, 0)
_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
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
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return True
    return any(part == ".." for part in name.replace("\\", "/").split("/"))


def entry_name_problem(name: str) -> str | None:
    """Why the reader would refuse an entry called ``name`` (``None`` if it would not).

    Writers check names with this before writing, so that nothing is written that
    :func:`read_container` refuses.
    """
    if name == "":
        return "empty entry name"
    if _unsafe_name(name):
        return "unsafe entry name (absolute or with '..')"
    return None


def read_container(path: Path, *, max_total: int = MAX_TOTAL_BYTES) -> Container:
    """Read every entry of a save/log zip; raise ``CodecError`` naming the file on bad input."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4)
    except OSError as exc:
        raise CodecError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        if head == b"PK\x03\x04":
            raise CodecError(f"{path}: truncated or damaged zip archive (no central directory)") from None
        raise CodecError(f"{path}: not a zip archive (a .vsav/.vlog is a zip file)") from None
    except OSError as exc:
        raise CodecError(f"{path}: cannot read ({exc.strerror or exc})") from None
    with archive:
        infos = archive.infolist()
        seen: set[str] = set()
        declared = 0
        for info in infos:
            if _unsafe_name(info.filename):
                raise CodecError(f"{path}: entry {info.filename!r}: unsafe entry name (absolute or with '..')")
            if info.filename in seen:
                raise CodecError(f"{path}: entry {info.filename!r}: duplicate entry name")
            seen.add(info.filename)
            declared += info.file_size
            if declared > max_total:
                raise CodecError(
                    f"{path}: entry {info.filename!r}: decompressed size exceeds the cap of "
                    f"{max_total} bytes (zip bomb?)"
                )
        if SAVED_GAME not in seen:
            raise CodecError(f"{path}: no {SAVED_GAME} entry (not a VASSAL save or log)")
        entries: list[tuple[str, bytes]] = []
        total = 0
        for info in infos:
            if info.is_dir():
                entries.append((info.filename, b""))
                continue
            chunks: list[bytes] = []
            try:
                with archive.open(info) as member:
                    while True:
                        chunk = member.read(_CHUNK)
                        if not chunk:
                            break
                        total += len(chunk)
                        if total > max_total:
                            raise CodecError(
                                f"{path}: entry {info.filename!r}: decompressed size exceeds the cap of "
                                f"{max_total} bytes (zip bomb?)"
                            )
                        chunks.append(chunk)
            except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as exc:
                raise CodecError(f"{path}: entry {info.filename!r}: corrupt data ({exc})") from None
            entries.append((info.filename, b"".join(chunks)))
    return Container(tuple(entries))


def _zip_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=FIXED_DATE_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    info.create_system = 0
    return info


def container_bytes(saved_game: bytes, extra_entries: Mapping[str, bytes] | Iterable[tuple[str, bytes]] = ()) -> bytes:
    """The zip file as bytes: ``savedGame`` first, then the other entries in the order given."""
    items = list(extra_entries.items()) if isinstance(extra_entries, Mapping) else list(extra_entries)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(_zip_info(SAVED_GAME), saved_game, compresslevel=6)
        for name, data in items:
            if name == SAVED_GAME:
                raise ValueError("savedGame given twice")
            archive.writestr(_zip_info(name), data, compresslevel=6)
    return buffer.getvalue()


def write_save(
    path: Path,
    saved_game: bytes,
    extra_entries: Mapping[str, bytes] | Iterable[tuple[str, bytes]] = (),
) -> None:
    """Write a save/log zip deterministically and atomically (``savedGame`` first, fixed dates)."""
    write_atomically(path, container_bytes(saved_game, extra_entries))
