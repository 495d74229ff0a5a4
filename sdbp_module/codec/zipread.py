"""A zip reader that trusts nothing: the zip layer of saves, logs and modules.

:func:`open_archive` parses the structure itself — the end record (zip64 too), the central
directory, and the local header of each entry it reads — checking every offset and size against
the file before using it, and inflates with ``zlib`` never beyond the declared size. Names are UTF-8
when flagged so, code page 437 otherwise (as ``zipfile`` reads them). Dates, versions and attributes
are ignored; a comment or bytes after the end record are tolerated. Every kind of damage is a
``CodecError``: one line naming the file, the entry where there is one, and the byte offset of the
structure at fault, for example

- ``not a zip archive``; ``truncated at byte N: entry 'savedGame' needs M bytes from byte K`` (a
  file without an end record is walked from its start, as the engine's stream reader does, to say
  where it was cut);
- ``damaged zip archive: central directory at byte N is outside the file (M bytes)``;
- ``entry 'savedGame' (central directory record at byte N): encrypted (VASSAL never encrypts)``,
  ``compression method 99 not supported (VASSAL writes deflate)``, a multi-disk archive, a name
  flagged UTF-8 that is not, sizes set to 0xFFFFFFFF without their zip64 field;
- a local header that is missing, or whose name, method, CRC or sizes differ from the central
  directory; entries whose bytes overlap (the classic zip-bomb trick); a CRC or size mismatch;
  corrupt deflate data (with the byte range where zlib noticed). A declared size deflate cannot
  reach from the compressed size (over 1032 times) is refused before inflating.

What the entries may be called and how much they may hold is the caller's rule
(``codec.container`` for saves and logs, ``codec.module_info`` for modules).
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from sdbp_module.errors import CodecError
from sdbp_module.limits import MAX_SAVE_BYTES
from sdbp_module.records import record

MAX_TOTAL_BYTES = MAX_SAVE_BYTES
"""Cap on the decompressed size of all entries of one archive (``limits.MAX_SAVE_BYTES``, 64 MiB; the
largest real save we know: 28 MB): reading an entry whole costs about twice its decompressed size
(:meth:`ZipArchive.read_pieces`, as a save's ``savedGame`` is read, a piece at a time)."""

_CHUNK = 1 << 16
PIECE_BYTES = 1 << 16
"""The most a piece of :meth:`ZipArchive.read_pieces` holds (small enough to stay in the processor's cache
while its reader goes over it)."""
_PIECE_INPUT = 1 << 12
"""Compressed bytes handed to the inflater at a time by :meth:`ZipArchive.read_pieces`: deflate's output is
mostly a few to a few dozen times its input, so about a piece (the rest of the input, kept by the
inflater for the next call, is copied at each: a larger input would be copied many times)."""
_LOCAL_SIG = b"PK\x03\x04"
_CENTRAL_SIG = b"PK\x01\x02"
_END_SIG = b"PK\x05\x06"
_END64_SIG = b"PK\x06\x06"
_LOCATOR64_SIG = b"PK\x06\x07"
_DESCRIPTOR_SIG = b"PK\x07\x08"
_LOCAL = struct.Struct("<4sHHHHHIIIHH")
_CENTRAL = struct.Struct("<4sHHHHHHIIIHHHHHII")
_END = struct.Struct("<4sHHHHIIH")
_END64 = struct.Struct("<4sQHHIIQQQQ")
_LOCATOR64 = struct.Struct("<4sIQI")
_STORED = 0
_DEFLATED = 8
_ENCRYPTED = 0x0001 | 0x0040 | 0x2000
"""General-purpose flags: encrypted, strong encryption, masked (encrypted) central directory."""
_DESCRIPTOR = 0x0008
_UTF8 = 0x0800
_ZIP64_EXTRA = 0x0001
_MAX_DEFLATE_RATIO = 1032
"""Deflate expands at most 1032 times (258 bytes per 2 bits); a larger declared size is a lie."""


@record
class ZipEntry:
    """One entry as its central directory record describes it (offsets are file byte offsets)."""

    name: str
    raw_name: bytes
    record: int
    """Byte offset of the entry's central directory record."""
    header: int
    """Byte offset of the entry's local header."""
    method: int
    flags: int
    crc: int
    compressed_size: int
    size: int

    @property
    def where(self) -> str:
        """``entry 'name' (central directory record at byte N)``, to start a message with."""
        return f"entry {self.name!r} (central directory record at byte {self.record})"


def _display(raw: bytes) -> str:
    """Raw name bytes as a quoted one-line string (as bytes, ``'caf\\xff'``, if not UTF-8)."""
    try:
        return repr(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return repr(raw)[1:]


class ZipArchive:
    """An open zip file whose end record and central directory have been checked.

    Use :func:`open_archive`; close it (or use it in a ``with`` block) when done.
    """

    def __init__(self, path: Path, handle: BinaryIO, file_size: int, directory: int, entries: tuple[ZipEntry, ...]) -> None:
        self.path = path
        self._handle = handle
        self.file_size = file_size
        self.directory = directory
        """Byte offset where the central directory starts (every entry's data lies before it)."""
        self.entries = entries
        self._spans: dict[int, tuple[int, int]] = {}

    def __enter__(self) -> ZipArchive:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file."""
        self._handle.close()

    def _read_at(self, offset: int, count: int) -> bytes:
        """Up to ``count`` bytes from ``offset`` (fewer at the end of the file)."""
        try:
            self._handle.seek(offset)
            return self._handle.read(count)
        except OSError as exc:
            raise CodecError(f"{self.path}: cannot read at byte {offset} ({exc.strerror or exc})") from None

    def data_span(self, entry: ZipEntry) -> tuple[int, int]:
        """Check the local header of ``entry``; return where its compressed data starts and ends."""
        span = self._spans.get(entry.record)
        if span is None:
            span = self._spans[entry.record] = self._check_local_header(entry)
        return span

    def _check_local_header(self, entry: ZipEntry) -> tuple[int, int]:
        """Check ``entry``'s local header against the file and the central directory (see :meth:`data_span`)."""
        where = f"{self.path}: entry {entry.name!r} (local header at byte {entry.header})"
        if entry.header + _LOCAL.size > self.directory:
            limit = "outside the file" if entry.header >= self.file_size else "in the central directory"
            raise CodecError(f"{where}: the local header is {limit} (central directory at byte {self.directory})")
        (sig, _version, flags, method, _time, _date, crc, compressed, size, name_len, extra_len) = _LOCAL.unpack(
            self._read_at(entry.header, _LOCAL.size)
        )
        if sig != _LOCAL_SIG:
            raise CodecError(f"{where}: no local header there (the central directory points there)")
        start = entry.header + _LOCAL.size + name_len + extra_len
        if start > self.directory:
            raise CodecError(f"{where}: the local header runs into the central directory at byte {self.directory}")
        raw_name = self._read_at(entry.header + _LOCAL.size, name_len)
        if raw_name != entry.raw_name:
            raise CodecError(
                f"{where}: the name in the local header ({_display(raw_name)}) differs from the central directory"
            )
        if flags & _ENCRYPTED:
            raise CodecError(f"{where}: encrypted (VASSAL never encrypts)")
        if method != entry.method:
            raise CodecError(
                f"{where}: compression method {method} differs from the central directory's ({entry.method})"
            )
        if not flags & _DESCRIPTOR:  # then the local header holds the CRC and sizes too: they must agree
            pairs = (("CRC", crc, entry.crc), ("compressed size", compressed, entry.compressed_size), ("size", size, entry.size))
            for label, local, central in pairs:
                if local != central and local != 0xFFFFFFFF:
                    raise CodecError(f"{where}: {label} {local} differs from the central directory's ({central})")
        end = start + entry.compressed_size
        if end > self.directory:
            raise CodecError(
                f"{where}: needs {entry.compressed_size} compressed bytes from byte {start}, past the start of "
                f"the central directory at byte {self.directory}"
            )
        return start, end

    def check_layout(self) -> None:
        """Check every local header, and that no two entries' bytes overlap."""
        spans = sorted(((entry.header, self.data_span(entry)[1], entry) for entry in self.entries), key=lambda s: s[:2])
        for (_, end, first), (header, _, second) in zip(spans, spans[1:]):
            if header < end:
                raise CodecError(
                    f"{self.path}: entry {second.name!r} (local header at byte {header}) overlaps entry "
                    f"{first.name!r} (bytes {first.header}..{end - 1})"
                )

    def read(self, entry: ZipEntry) -> bytes:
        """The entry's data, inflated and checked (size and CRC); never more than its declared size.

        Callers check the declared sizes (``entry.size``) against their caps before reading.
        """
        start, end = self.data_span(entry)
        where = f"{self.path}: entry {entry.name!r}"
        if entry.method == _STORED and entry.compressed_size != entry.size:
            raise CodecError(
                f"{self.path}: {entry.where}: stored (not compressed), yet its size {entry.size} differs from its "
                f"compressed size {entry.compressed_size}"
            )
        if entry.method == _DEFLATED and entry.size > _MAX_DEFLATE_RATIO * entry.compressed_size + 1024:
            raise CodecError(
                f"{self.path}: {entry.where}: declares {entry.size} bytes from {entry.compressed_size} compressed "
                f"bytes, more than deflate can expand (at most {_MAX_DEFLATE_RATIO} times)"
            )
        if entry.size == 0 and entry.compressed_size == 0:
            data = b""
        elif entry.method == _STORED:
            data = self._read_at(start, entry.compressed_size)
        else:
            data = self._inflate(entry, start, end)
        if len(data) != entry.size:
            raise CodecError(
                f"{where}: inflates to {len(data)} bytes, the central directory says {entry.size} (data at bytes "
                f"{start}..{end - 1})"
            )
        crc = zlib.crc32(data)
        if crc != entry.crc:
            raise CodecError(
                f"{where}: CRC mismatch (data damaged): computed 0x{crc:08x}, the central directory says "
                f"0x{entry.crc:08x} (data at bytes {start}..{end - 1})"
            )
        return data

    def read_pieces(self, entry: ZipEntry) -> Iterator[bytes]:
        """The entry's data as :meth:`read` gives it, in pieces of at most ``PIECE_BYTES`` bytes, checked as
        :meth:`read` checks it: for a reader that consumes it as it comes, so that a large entry (a save's
        28 MB ``savedGame``) never exists whole, nor in the pieces the inflater grows and then copies once more.

        Anything wrong (the size, the CRC, the deflate data) is raised after the pieces before it, as the
        same ``CodecError`` :meth:`read` raises (it reads the entry again to say it). An entry that is not
        deflated, is empty, or whose compressed bytes are more than deflate could need is :meth:`read` whole,
        as one piece.
        """
        start, end = self.data_span(entry)
        if (
            entry.method != _DEFLATED
            or entry.size == 0
            or end - start > 2 * entry.size + _CHUNK
            or entry.size > _MAX_DEFLATE_RATIO * entry.compressed_size + 1024  # read() says so
        ):
            yield self.read(entry)
            return
        compressed = memoryview(self._read_at(start, end - start))
        inflater = zlib.decompressobj(-15)
        produced = crc = 0
        clean = True
        try:
            for at in range(0, len(compressed), _PIECE_INPUT):
                pending: bytes | memoryview = compressed[at : at + _PIECE_INPUT]
                while pending and not inflater.eof:
                    piece = inflater.decompress(pending, PIECE_BYTES)
                    pending = inflater.unconsumed_tail
                    produced += len(piece)
                    if produced > entry.size:
                        clean = False
                        break
                    if piece:
                        crc = zlib.crc32(piece, crc)
                        yield piece
                if inflater.eof or not clean:
                    break
        except zlib.error:
            clean = False
        if not (clean and inflater.eof and produced == entry.size and crc == entry.crc):
            self.read(entry)  # raises what is wrong, as a whole read says it
            raise CodecError(f"{self.path}: {entry.where}: read whole, it is sound; read in pieces, it is not")

    def _inflate(self, entry: ZipEntry, start: int, end: int) -> bytes:
        """Inflate the entry's data (bytes ``start``..``end - 1``), stopping past its declared size.

        An entry whose compressed bytes are no more than deflate could need for its declared size is
        inflated in one call into one buffer (no join of the pieces: a 28 MB entry is copied once less);
        anything that does not end cleanly there is inflated again a chunk at a time, which says what is
        wrong and where.
        """
        if end - start <= 2 * entry.size + _CHUNK:
            compressed = self._read_at(start, end - start)
            inflater = zlib.decompressobj(-15)
            try:
                data = inflater.decompress(compressed, entry.size + 1)
            except zlib.error:
                pass
            else:
                if inflater.eof and len(data) <= entry.size:
                    return data
            del compressed
        return self._inflate_in_chunks(entry, start, end)

    def _inflate_in_chunks(self, entry: ZipEntry, start: int, end: int) -> bytes:
        """Inflate the entry's data a chunk at a time, each piece checked against the declared size."""
        where = f"{self.path}: entry {entry.name!r}"
        inflater = zlib.decompressobj(-15)
        pieces: list[bytes] = []
        produced = 0
        position = start
        while position < end and not inflater.eof:
            chunk = self._read_at(position, min(_CHUNK, end - position))
            if not chunk:
                raise CodecError(f"{where}: the file ends at byte {position}, inside the entry's data")
            pending = chunk
            while pending and not inflater.eof:
                try:
                    out = inflater.decompress(pending, entry.size - produced + 1)
                except zlib.error as exc:
                    raise CodecError(
                        f"{where}: corrupt compressed data, noticed in bytes {position}..{position + len(chunk) - 1} "
                        f"({str(exc).rpartition(': ')[2]})"
                    ) from None
                produced += len(out)
                if produced > entry.size:
                    raise CodecError(
                        f"{where}: inflates to more than the {entry.size} bytes the central directory declares "
                        f"(data at bytes {start}..{end - 1})"
                    )
                pieces.append(out)
                pending = inflater.unconsumed_tail
            position += len(chunk)
        if not inflater.eof:
            raise CodecError(
                f"{where}: the compressed data (bytes {start}..{end - 1}) ends before the deflate stream does"
            )
        return b"".join(pieces)


def _find_end(tail: bytes) -> int:
    """Offset in ``tail`` of the end-of-central-directory record (-1 if none).

    A record whose comment ends exactly at the end of the file wins; failing that, the last
    signature whose fixed part fits (trailing bytes after a zip are tolerated, as the engine does).
    """
    best = -1
    index = tail.rfind(_END_SIG)
    while index >= 0:
        if index + _END.size <= len(tail):
            comment = struct.unpack_from("<H", tail, index + 20)[0]
            if index + _END.size + comment == len(tail):
                return index
            if best < 0:
                best = index
        index = tail.rfind(_END_SIG, 0, index)
    return best


def _zip64_values(extra: bytes, count: int) -> tuple[int, ...] | None:
    """The first ``count`` 64-bit values of the zip64 extra field; ``None`` if it is absent or short.

    They stand, in order, for the size, compressed size and header offset fields that are all ones.
    """
    position = 0
    while position + 4 <= len(extra):
        kind, length = struct.unpack_from("<HH", extra, position)
        if kind == _ZIP64_EXTRA:
            if length < 8 * count:
                return None
            return struct.unpack_from(f"<{count}Q", extra, position + 4)
        position += 4 + length
    return None


def _extra_problem(extra: bytes) -> int:
    """Offset inside ``extra`` of the first malformed extra field (-1 if all are well formed)."""
    position = 0
    while position < len(extra):
        if position + 4 > len(extra):
            return position
        length = struct.unpack_from("<H", extra, position + 2)[0]
        if position + 4 + length > len(extra):
            return position
        position += 4 + length
    return -1


def _decode_name(raw: bytes, flags: int, record: int, path: Path) -> str:
    """An entry name: UTF-8 if flagged so (``CodecError`` if it is not), code page 437 otherwise."""
    if flags & _UTF8:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CodecError(
                f"{path}: entry {_display(raw)} (central directory record at byte {record}): the name is not "
                f"valid UTF-8 (name byte {exc.start}) although flagged so"
            ) from None
    return raw.decode("cp437")


def _parse_directory(path: Path, data: bytes, start: int, count: int) -> tuple[ZipEntry, ...]:
    """The ``count`` records of the central directory ``data`` (found at byte ``start``), checked."""
    entries: list[ZipEntry] = []
    position = 0
    for index in range(1, count + 1):
        record = start + position
        if position + _CENTRAL.size > len(data):
            raise CodecError(
                f"{path}: damaged zip archive: central directory record #{index} at byte {record} runs past the "
                f"end of the central directory (byte {start + len(data)}; {count} entries declared)"
            )
        (sig, _made, _needed, flags, method, _time, _date, crc, compressed, size, name_len, extra_len, comment_len,
         disk, _internal, _external, header) = _CENTRAL.unpack_from(data, position)
        if sig != _CENTRAL_SIG:
            raise CodecError(
                f"{path}: damaged zip archive: no central directory record #{index} at byte {record} (bad signature)"
            )
        name_start = position + _CENTRAL.size
        extra_start = name_start + name_len
        next_position = extra_start + extra_len + comment_len
        if next_position > len(data):
            raise CodecError(
                f"{path}: damaged zip archive: central directory record #{index} at byte {record} runs past the "
                f"end of the central directory (byte {start + len(data)})"
            )
        raw_name = data[name_start:extra_start]
        name = _decode_name(raw_name, flags, record, path)
        where = f"{path}: entry {name!r} (central directory record at byte {record})"
        extra = data[extra_start : extra_start + extra_len]
        bad = _extra_problem(extra)
        if bad >= 0:
            raise CodecError(f"{where}: malformed extra field at byte {start + extra_start + bad}")
        wide = [value == 0xFFFFFFFF for value in (size, compressed, header)]
        if any(wide):
            values = _zip64_values(extra, sum(wide))
            if values is None:
                raise CodecError(f"{where}: sizes or offset set to 0xFFFFFFFF without a zip64 extra field to hold them")
            it = iter(values)
            size, compressed, header = (next(it) if is_wide else value for value, is_wide in zip((size, compressed, header), wide))
        if disk != 0:
            raise CodecError(f"{where}: starts on disk {disk} (multi-disk zip archives are not supported)")
        if flags & _ENCRYPTED:
            raise CodecError(f"{where}: encrypted (VASSAL never encrypts)")
        if method not in (_STORED, _DEFLATED):
            raise CodecError(f"{where}: compression method {method} not supported (VASSAL writes deflate)")
        entries.append(ZipEntry(name, raw_name, record, header, method, flags, crc, compressed, size))
        position = next_position
    if position != len(data):
        raise CodecError(
            f"{path}: damaged zip archive: {len(data) - position} unexplained bytes at byte {start + position}, after "
            f"the {count} central directory records the end record declares"
        )
    return tuple(entries)


def _inflated_end(handle: BinaryIO, start: int, file_size: int, budget: int) -> tuple[int | None, int]:
    """Where a deflate stream starting at ``start`` ends, and how many bytes it inflated to.

    The end is ``None`` if the stream is cut off, corrupt, or inflates to more than ``budget`` bytes
    (the output is counted and dropped, never kept).
    """
    inflater = zlib.decompressobj(-15)
    position = start
    produced = 0
    while position < file_size:
        handle.seek(position)
        chunk = handle.read(_CHUNK)
        pending = chunk
        try:
            while pending and not inflater.eof:
                produced += len(inflater.decompress(pending, _CHUNK * 16))
                pending = inflater.unconsumed_tail
                if produced > budget:
                    return None, produced
        except zlib.error:
            return None, produced
        if inflater.eof:
            return position + len(chunk) - len(inflater.unused_data), produced
        position += len(chunk)
    return None, produced


def _walk_problem(path: Path, handle: BinaryIO, file_size: int) -> str:
    """Why a zip file that starts with a local header has no end record: walk it as a stream does."""
    position = 0
    index = 0
    budget = MAX_TOTAL_BYTES  # what the walk may inflate in all, to find where entries end
    while position < file_size:
        handle.seek(position)
        head = handle.read(_LOCAL.size)
        if head[:4] in (_CENTRAL_SIG, _END_SIG):
            return _walk_directory(path, handle, file_size, position)
        if head[:4] != _LOCAL_SIG:
            if len(head) < 4 and (_LOCAL_SIG.startswith(head) or _CENTRAL_SIG.startswith(head)):
                return f"{path}: truncated at byte {file_size}: the zip header at byte {position} is cut off"
            return (
                f"{path}: damaged zip archive: no end-of-central-directory record, and no zip header at byte "
                f"{position} (after {index} entries)"
            )
        index += 1
        if len(head) < _LOCAL.size:
            return f"{path}: truncated at byte {file_size}: local header #{index} at byte {position} needs {_LOCAL.size} bytes"
        (_, _version, flags, method, _time, _date, _crc, compressed, size, name_len, extra_len) = _LOCAL.unpack(head)
        start = position + _LOCAL.size + name_len + extra_len
        if start > file_size:
            return (
                f"{path}: truncated at byte {file_size}: local header #{index} at byte {position} needs "
                f"{start - position} bytes"
            )
        raw = handle.read(name_len + extra_len)
        name = _display(raw[:name_len])
        if 0xFFFFFFFF in (compressed, size):
            values = _zip64_values(raw[name_len:], 2)  # a local zip64 field holds both sizes
            compressed = values[1] if values is not None else 0
        if not flags & _DESCRIPTOR or compressed:
            end = start + compressed
            if end > file_size:
                return f"{path}: truncated at byte {file_size}: entry {name} needs {compressed} bytes from byte {start}"
        elif method == _DEFLATED:
            found, inflated = _inflated_end(handle, start, file_size, budget)
            budget -= inflated
            if found is None:
                return (
                    f"{path}: truncated at byte {file_size}: entry {name} (compressed data from byte {start}) is cut "
                    f"off or damaged"
                )
            end = found
        else:
            return (
                f"{path}: truncated or damaged zip archive (no end-of-central-directory record): entry {name} at "
                f"byte {position} has no recorded size"
            )
        if flags & _DESCRIPTOR:
            handle.seek(end)
            descriptor = 16 if handle.read(4) == _DESCRIPTOR_SIG else 12
            if end + descriptor > file_size:
                return f"{path}: truncated at byte {file_size}: the data descriptor of entry {name} at byte {end} is cut off"
            end += descriptor
        position = end
    return f"{path}: truncated at byte {file_size}: the file ends after {index} entries, before the central directory"


def _walk_directory(path: Path, handle: BinaryIO, file_size: int, start: int) -> str:
    """Why a central directory found by walking the file from its start has no end record."""
    position = start
    while position < file_size:
        handle.seek(position)
        head = handle.read(_CENTRAL.size)
        if head[:4] == _END_SIG:
            if position + _END.size <= file_size:  # too far from the end of the file to be looked for
                return (
                    f"{path}: damaged zip archive: {file_size - position - _END.size} bytes after the "
                    f"end-of-central-directory record at byte {position}"
                )
            return f"{path}: truncated at byte {file_size}: the end-of-central-directory record at byte {position} is cut off"
        if head[:4] != _CENTRAL_SIG:
            if len(head) < 4 and (_CENTRAL_SIG.startswith(head) or _END_SIG.startswith(head)):
                break
            return (
                f"{path}: damaged zip archive: no end-of-central-directory record after the central directory "
                f"(bytes {start}..{position - 1})"
            )
        if len(head) < _CENTRAL.size:
            break
        name_len, extra_len, comment_len = struct.unpack_from("<HHH", head, 28)
        position += _CENTRAL.size + name_len + extra_len + comment_len
    if position == file_size:
        return f"{path}: truncated at byte {file_size}: the central directory (from byte {start}) has no end record"
    return f"{path}: truncated at byte {file_size}: the central directory (from byte {start}) is cut off"


def _locate_directory(path: Path, handle: BinaryIO, file_size: int, kind: str, not_a_zip: str) -> tuple[int, int, int]:
    """(start, size, entry count) of the central directory, from the end record (and zip64 records)."""
    if file_size == 0:
        raise CodecError(f"{path}: empty file ({kind})")
    tail_size = min(file_size, _END.size + 0xFFFF)
    handle.seek(file_size - tail_size)
    tail = handle.read(tail_size)
    index = _find_end(tail)
    if index < 0:
        handle.seek(0)
        if handle.read(4) == _LOCAL_SIG:
            raise CodecError(_walk_problem(path, handle, file_size))
        raise CodecError(f"{path}: {not_a_zip} ({kind})")
    end = file_size - tail_size + index
    (_, disk, directory_disk, disk_count, count, size, start, _comment) = _END.unpack_from(tail, index)
    directory_end = end
    locator = end - _LOCATOR64.size
    if locator >= 0:
        handle.seek(locator)
        locator_bytes = handle.read(_LOCATOR64.size)
        if locator_bytes[:4] == _LOCATOR64_SIG:
            (_, _end64_disk, end64, disks) = _LOCATOR64.unpack(locator_bytes)
            if disks > 1:
                raise CodecError(f"{path}: multi-disk zip archives are not supported (zip64 locator at byte {locator})")
            if end64 + _END64.size > locator:
                raise CodecError(
                    f"{path}: damaged zip archive: the zip64 end record at byte {end64} (from the locator at byte "
                    f"{locator}) is not inside the file before the locator"
                )
            handle.seek(end64)
            (sig, _record_size, _made, _needed, disk, directory_disk, disk_count, count, size, start) = _END64.unpack(
                handle.read(_END64.size)
            )
            if sig != _END64_SIG:
                raise CodecError(
                    f"{path}: damaged zip archive: no zip64 end record at byte {end64} (the locator at byte "
                    f"{locator} points there)"
                )
            directory_end = end64
    if disk != 0 or directory_disk != 0:
        raise CodecError(f"{path}: multi-disk zip archives are not supported (end record at byte {end})")
    if disk_count != count:
        raise CodecError(
            f"{path}: damaged zip archive: the end record at byte {end} declares {disk_count} entries on this "
            f"disk but {count} in all"
        )
    if start >= file_size:
        raise CodecError(f"{path}: damaged zip archive: central directory at byte {start} is outside the file ({file_size} bytes)")
    if start + size != directory_end:
        raise CodecError(
            f"{path}: damaged zip archive: the central directory at byte {start} ({size} bytes) does not end where "
            f"the end record begins (byte {directory_end})"
        )
    if count * _CENTRAL.size > size:
        raise CodecError(
            f"{path}: damaged zip archive: {count} entries cannot fit in a central directory of {size} bytes "
            f"(end record at byte {end})"
        )
    return start, size, count


def open_archive(
    path: Path, *, kind: str = "a .vsav/.vlog is a zip file", not_a_zip: str = "not a zip archive"
) -> ZipArchive:
    """Open a zip file and check its end record and central directory; ``CodecError`` if damaged.

    A file that is not a zip at all gives ``{path}: {not_a_zip} ({kind})``; an empty one
    ``{path}: empty file ({kind})``.
    """
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise CodecError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        file_size = os.fstat(handle.fileno()).st_size
        start, size, count = _locate_directory(path, handle, file_size, kind, not_a_zip)
        handle.seek(start)
        entries = _parse_directory(path, handle.read(size), start, count)
    except OSError as exc:
        handle.close()
        raise CodecError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except BaseException:
        handle.close()
        raise
    return ZipArchive(path, handle, file_size, start, entries)
