"""Zip container layer (format reference §5.1): safe reading, deterministic atomic writing.

The reader is checked three ways: it reads what ``zipfile`` writes (every layout: stored, deflated,
data descriptors, comments, code-page-437 and UTF-8 names, zip64) exactly as ``zipfile`` does; each
kind of damage gives its exact one-line message with the byte offset; and every byte of a small save
set to 0x00, 0xFF or flipped, and every truncation, gives a ``CodecError`` line and nothing else.
"""

from __future__ import annotations

import doctest
import io
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from sdbp_module.codec import container
from sdbp_module.codec.container import (
    SAVED_GAME,
    container_bytes,
    entry_name_problem,
    read_container,
    write_save,
)
from sdbp_module.codec.zipread import open_archive
from sdbp_module.errors import CodecError

DATE = (1980, 1, 1, 0, 0, 0)


def test_write_then_read(tmp_path: Path) -> None:
    out = tmp_path / "a.vsav"
    write_save(out, b"!VCSK00", {"savedata": b"<data/>", "moduledata": b"<m/>"})
    read = read_container(out)
    assert read.entries == ((SAVED_GAME, b"!VCSK00"), ("savedata", b"<data/>"), ("moduledata", b"<m/>"))
    assert read.saved_game == b"!VCSK00"
    with zipfile.ZipFile(out) as archive:
        assert [i.compress_type for i in archive.infolist()] == [zipfile.ZIP_DEFLATED] * 3
        assert {i.date_time for i in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_deterministic(tmp_path: Path) -> None:
    write_save(tmp_path / "a", b"x", {"moduledata": b"y"})
    write_save(tmp_path / "b", b"x", {"moduledata": b"y"})
    assert (tmp_path / "a").read_bytes() == (tmp_path / "b").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]


def test_missing_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "x.vsav"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("moduledata", b"")
    with pytest.raises(CodecError) as info:
        read_container(path)
    assert info.value.message == f"{path}: no savedGame entry (not a VASSAL save or log)"


def test_docstring_examples() -> None:
    result = doctest.testmod(container)
    assert result.attempted > 0 and result.failed == 0


# --------------------------------------------------------------------------------------------
# what zipfile writes, in every layout, reads as zipfile reads it


class _Stream(io.RawIOBase):
    """Write-only and not seekable: zipfile then writes data descriptors (as the engine does)."""

    def __init__(self) -> None:
        self.data = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, chunk: object) -> int:
        data = bytes(chunk)  # type: ignore[call-overload]
        self.data += data
        return len(data)


ENTRIES = [(SAVED_GAME, b"begin_save\x1b" * 300), ("savedata", b"<data/>"), ("empty", b""), ("images/", b"")]


def _written(compression: int, *, stream: bool = False, comment: bytes = b"") -> bytes:
    target = _Stream() if stream else io.BytesIO()
    with zipfile.ZipFile(target, "w") as archive:
        archive.comment = comment
        for name, data in ENTRIES:
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.compress_type = compression
            archive.writestr(info, data)
    return bytes(target.data) if isinstance(target, _Stream) else target.getvalue()


def _cp437_name() -> bytes:
    """A zip whose second entry is named in code page 437 (no UTF-8 flag): byte 0x82 is 'é'."""
    data = bytearray(container_bytes(b"x", {"cafX": b"y"}))
    for offset in (data.find(b"cafX"), data.rfind(b"cafX")):
        data[offset + 3] = 0x82
    return bytes(data)


def _zip64() -> bytes:
    """Two stored entries written the zip64 way: sizes and offsets in zip64 extra fields, zip64 end records."""
    out = bytearray()
    central = bytearray()
    for name, data in ((SAVED_GAME, b"begin_save"), ("savedata", b"<data/>")):
        crc = zlib.crc32(data)
        offset = len(out)
        local_extra = struct.pack("<HHQQ", 1, 16, len(data), len(data))
        out += struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 45, 0, 0, 0, 33, crc, 0xFFFFFFFF, 0xFFFFFFFF, len(name), len(local_extra))
        out += name.encode() + local_extra + data
        extra = struct.pack("<HHQQQ", 1, 24, len(data), len(data), offset)
        central += struct.pack(
            "<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 45, 45, 0, 0, 0, 33, crc, 0xFFFFFFFF, 0xFFFFFFFF,
            len(name), len(extra), 0, 0, 0, 0, 0xFFFFFFFF,
        )
        central += name.encode() + extra
    start = len(out)
    out += central
    end64 = len(out)
    out += struct.pack("<4sQHHIIQQQQ", b"PK\x06\x06", 44, 45, 45, 0, 0, 2, 2, len(central), start)
    out += struct.pack("<4sIQI", b"PK\x06\x07", 0, end64, 1)
    out += struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    return bytes(out)


LAYOUTS: dict[str, Callable[[], bytes]] = {
    "ours": lambda: container_bytes(b"!VCSK00", [("savedata", b"<d/>"), ("caf\u00e9 \u4e2d", b"\xff\x00")]),
    "stored": lambda: _written(zipfile.ZIP_STORED),
    "deflated": lambda: _written(zipfile.ZIP_DEFLATED),
    "descriptors-stored": lambda: _written(zipfile.ZIP_STORED, stream=True),
    "descriptors-deflated": lambda: _written(zipfile.ZIP_DEFLATED, stream=True),
    "comment": lambda: _written(zipfile.ZIP_DEFLATED, comment=b"a comment"),
    "trailing-bytes": lambda: _written(zipfile.ZIP_DEFLATED) + b"\x00" * 40,
    "cp437-name": _cp437_name,
    "zip64": _zip64,
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_reads_every_layout_as_zipfile_does(layout: str, tmp_path: Path) -> None:
    path = tmp_path / "x.vsav"
    path.write_bytes(LAYOUTS[layout]())
    with zipfile.ZipFile(path) as archive:
        expected = tuple((info.filename, archive.read(info)) for info in archive.infolist())
    assert read_container(path).entries == expected


def test_a_comment_that_looks_like_an_end_record(tmp_path: Path) -> None:
    """The end record whose comment reaches the end of the file wins (zipfile picks the fake one)."""
    path = tmp_path / "x.vsav"
    path.write_bytes(_written(zipfile.ZIP_DEFLATED, comment=b"PK\x05\x06" + bytes(18) + b"!"))
    assert read_container(path).entries == tuple(ENTRIES)


def test_open_archive_reads_one_entry(tmp_path: Path) -> None:
    path = tmp_path / "m.vmod"
    path.write_bytes(_written(zipfile.ZIP_DEFLATED))
    with open_archive(path, kind="a .vmod is a zip archive") as archive:
        assert [entry.name for entry in archive.entries] == [name for name, _ in ENTRIES]
        assert archive.read(archive.entries[1]) == b"<data/>"


# --------------------------------------------------------------------------------------------
# each kind of damage: one exact line with the byte offset

GOOD = container_bytes(b"!VCSK5a383f3d333405293b2c3f41", [("savedata", b"<data/>")])
"""Two deflated entries: savedGame (local header at 0), savedata; no data descriptors."""
SECOND = GOOD.find(b"PK\x03\x04", 1)
CENTRAL = GOOD.find(b"PK\x01\x02")
CENTRAL2 = GOOD.find(b"PK\x01\x02", CENTRAL + 1)
END = GOOD.rfind(b"PK\x05\x06")


def _patch(*patches: tuple[int, str, int]) -> bytes:
    data = bytearray(GOOD)
    for offset, fmt, value in patches:
        struct.pack_into(fmt, data, offset, value)
    return bytes(data)


def _size(offset: int) -> int:
    return int(struct.unpack_from("<I", GOOD, offset)[0])


DESCRIPTORS = _written(zipfile.ZIP_DEFLATED, stream=True)
DESCRIPTOR = DESCRIPTORS.find(b"PK\x07\x08")

DAMAGE: dict[str, tuple[bytes, str]] = {
    "empty file": (b"", "empty file (a .vsav/.vlog is a zip file)"),
    "not a zip": (b"PK\x05\x07 hello", "not a zip archive (a .vsav/.vlog is a zip file)"),
    "local header gone": (
        _patch((SECOND, "<I", 0x04034B51)),
        f"entry 'savedata' (local header at byte {SECOND}): no local header there (the central directory points there)",
    ),
    "local header offset in the directory": (
        _patch((CENTRAL2 + 42, "<I", CENTRAL - 10)),
        f"entry 'savedata' (local header at byte {CENTRAL - 10}): the local header is in the central directory "
        f"(central directory at byte {CENTRAL})",
    ),
    "local header offset outside": (
        _patch((CENTRAL2 + 42, "<I", 10**6)),
        f"entry 'savedata' (local header at byte 1000000): the local header is outside the file (central directory "
        f"at byte {CENTRAL})",
    ),
    "local encrypted flag only": (
        _patch((SECOND + 6, "<H", 1)),
        f"entry 'savedata' (local header at byte {SECOND}): encrypted (VASSAL never encrypts)",
    ),
    "local method differs": (
        _patch((SECOND + 8, "<H", 0)),
        f"entry 'savedata' (local header at byte {SECOND}): compression method 0 differs from the central "
        "directory's (8)",
    ),
    "local CRC differs": (
        _patch((SECOND + 14, "<I", 7)),
        f"entry 'savedata' (local header at byte {SECOND}): CRC 7 differs from the central directory's "
        f"({_size(CENTRAL2 + 16)})",
    ),
    "data runs into the directory": (
        _patch((SECOND + 18, "<I", 1000), (CENTRAL2 + 20, "<I", 1000)),
        f"entry 'savedata' (local header at byte {SECOND}): needs 1000 compressed bytes from byte {SECOND + 38}, "
        f"past the start of the central directory at byte {CENTRAL}",
    ),
    "stored with two sizes": (
        _patch((SECOND + 8, "<H", 0), (CENTRAL2 + 10, "<H", 0)),
        f"entry 'savedata' (central directory record at byte {CENTRAL2}): stored (not compressed), yet its size 7 "
        f"differs from its compressed size {_size(CENTRAL2 + 20)}",
    ),
    "deflate stream ends late": (
        _patch((SECOND + 18, "<I", 2), (CENTRAL2 + 20, "<I", 2)),
        f"entry 'savedata': the compressed data (bytes {SECOND + 38}..{SECOND + 39}) ends before the deflate "
        "stream does",
    ),
    "inflates to less": (
        _patch((SECOND + 22, "<I", 9), (CENTRAL2 + 24, "<I", 9)),
        f"entry 'savedata': inflates to 7 bytes, the central directory says 9 (data at bytes {SECOND + 38}.."
        f"{CENTRAL - 1})",
    ),
    "central record signature": (
        _patch((CENTRAL2, "<I", 0)),
        f"damaged zip archive: no central directory record #2 at byte {CENTRAL2} (bad signature)",
    ),
    "central record too long": (
        _patch((CENTRAL2 + 32, "<H", 100)),
        f"damaged zip archive: central directory record #2 at byte {CENTRAL2} runs past the end of the central "
        f"directory (byte {END})",
    ),
    "unexplained bytes": (
        _patch((END + 8, "<H", 1), (END + 10, "<H", 1)),
        f"damaged zip archive: {END - CENTRAL2} unexplained bytes at byte {CENTRAL2}, after the 1 central "
        "directory records the end record declares",
    ),
    "malformed extra field": (
        _patch((CENTRAL2 + 30, "<H", 2), (CENTRAL2 + 28, "<H", 6)),
        f"entry 'saveda' (central directory record at byte {CENTRAL2}): malformed extra field at byte "
        f"{CENTRAL2 + 52}",
    ),
    "entry on another disk": (
        _patch((CENTRAL2 + 34, "<H", 2)),
        f"entry 'savedata' (central directory record at byte {CENTRAL2}): starts on disk 2 (multi-disk zip "
        "archives are not supported)",
    ),
    "end record counts differ": (
        _patch((END + 8, "<H", 1)),
        f"damaged zip archive: the end record at byte {END} declares 1 entries on this disk but 2 in all",
    ),
    "end record signature": (
        _patch((END, "<I", 0)),
        f"damaged zip archive: no end-of-central-directory record after the central directory (bytes "
        f"{CENTRAL}..{END - 1})",
    ),
    "too much after the end record": (
        GOOD + bytes(70_000),
        f"damaged zip archive: 70000 bytes after the end-of-central-directory record at byte {END}",
    ),
    "garbage instead of the directory": (
        GOOD[:CENTRAL] + b"garbage",
        f"damaged zip archive: no end-of-central-directory record, and no zip header at byte {CENTRAL} (after 2 "
        "entries)",
    ),
    "zip64 locator outside": (
        GOOD[:END] + struct.pack("<4sIQI", b"PK\x06\x07", 0, 10**6, 1) + GOOD[END:],
        f"damaged zip archive: the zip64 end record at byte 1000000 (from the locator at byte {END}) is not inside "
        "the file before the locator",
    ),
    "zip64 end record missing": (
        GOOD[:END] + struct.pack("<4sIQI", b"PK\x06\x07", 0, 0, 1) + GOOD[END:],
        f"damaged zip archive: no zip64 end record at byte 0 (the locator at byte {END} points there)",
    ),
    "truncated at the directory": (
        GOOD[:CENTRAL],
        f"truncated at byte {CENTRAL}: the file ends after 2 entries, before the central directory",
    ),
    "truncated in a signature": (
        GOOD[: CENTRAL + 2],
        f"truncated at byte {CENTRAL + 2}: the zip header at byte {CENTRAL} is cut off",
    ),
    "truncated in the end record": (
        GOOD[: END + 10],
        f"truncated at byte {END + 10}: the end-of-central-directory record at byte {END} is cut off",
    ),
    "truncated before the end record": (
        GOOD[:END],
        f"truncated at byte {END}: the central directory (from byte {CENTRAL}) has no end record",
    ),
    "truncated in a descriptor": (
        DESCRIPTORS[: DESCRIPTOR + 8],
        f"truncated at byte {DESCRIPTOR + 8}: the data descriptor of entry 'savedGame' at byte {DESCRIPTOR} is cut off",
    ),
}


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_damage_gives_one_exact_line(case: str, tmp_path: Path) -> None:
    data, message = DAMAGE[case]
    path = tmp_path / "x.vsav"
    path.write_bytes(data)
    with pytest.raises(CodecError) as info:
        read_container(path)
    assert info.value.message == f"{path}: {message}"


def test_cannot_read(tmp_path: Path) -> None:
    with pytest.raises(CodecError) as info:
        read_container(tmp_path)
    assert info.value.message == f"{tmp_path}: cannot read (Is a directory)"


def _every_damage() -> list[tuple[str, bytes]]:
    """Every byte of a small save set to 0x00, 0xFF or with its low or high bit flipped; every truncation."""
    cases: list[tuple[str, bytes]] = []
    for offset, byte in enumerate(GOOD):
        for value in sorted({0x00, 0xFF, byte ^ 0x01, byte ^ 0x80} - {byte}):
            data = bytearray(GOOD)
            data[offset] = value
            cases.append((f"byte {offset} = {value:#04x}", bytes(data)))
    cases += [(f"cut at {size}", GOOD[:size]) for size in range(len(GOOD))]
    return cases


def test_damage_is_refused_in_one_line_or_changes_nothing(tmp_path: Path) -> None:
    """What is accepted despite a damaged byte (a date, a version, an attribute) reads as the original."""
    path = tmp_path / "x.vsav"
    path.write_bytes(GOOD)
    original = read_container(path).entries
    refused = 0
    for label, data in _every_damage():
        # a new file each time: a file truncated and written again is sent to the disk when closed (ext4's
        # auto_da_alloc), and the next truncation waits for it, a disk's round trip (~4 ms) a case
        path.unlink()
        path.write_bytes(data)
        try:
            entries = read_container(path).entries
        except CodecError as exc:
            refused += 1
            assert exc.message.startswith(f"{path}: ") and "\n" not in exc.message, (label, exc.message)
        else:
            assert entries == original, label
    assert refused > 0


# --------------------------------------------------------------------------------------------
# the writer never writes what the reader refuses


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ([("", b"x")], "entry '': empty entry name"),
        ([("../x", b"x")], "entry '../x': unsafe entry name (absolute or with '..')"),
        ([("/abs", b"x")], "entry '/abs': unsafe entry name (absolute or with '..')"),
        ([("C:x", b"x")], "entry 'C:x': unsafe entry name (absolute or with '..')"),
        ([("a\x00b", b"x")], "entry 'a\\x00b': control character U+0000 in the entry name"),
        ([("a\nb", b"x")], "entry 'a\\nb': control character U+000A in the entry name"),
        ([("a\x85", b"x")], "entry 'a\\x85': control character U+0085 in the entry name"),
        ([("\ud800", b"x")], "entry '\\ud800': entry name is not valid Unicode (lone surrogate U+D800)"),
        ([("n" * 65536, b"x")], f"entry '{'n' * 65536}': entry name longer than 65535 bytes"),
        ([("x", b"1"), ("x", b"2")], "entry 'x': given twice"),
        ([(SAVED_GAME, b"2")], "savedGame given twice"),
    ],
)
def test_writer_refuses_what_the_reader_refuses(entries: list[tuple[str, bytes]], message: str) -> None:
    with pytest.raises(ValueError) as info:
        container_bytes(b"x", entries)
    assert str(info.value) == message
    assert entry_name_problem(entries[0][0]) is not None or "twice" in message


def test_writer_refuses_more_than_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(container, "MAX_TOTAL_BYTES", 10)
    with pytest.raises(ValueError) as info:
        container_bytes(b"12345", [("a", b"123"), ("b", b"123")])
    assert str(info.value) == "entry 'b': the entries exceed the cap of 10 bytes"


def test_names_the_writer_accepts_read_back(tmp_path: Path) -> None:
    names = ["savedata", "images/", "images/a b.png", "caf\u00e9", "\u4e2d\u6587", "x\u2028y", "n" * 1000, "a\\b"]
    path = tmp_path / "x.vsav"
    path.write_bytes(container_bytes(b"x", [(name, name.encode()) for name in names]))
    assert read_container(path).entries == ((SAVED_GAME, b"x"), *((name, name.encode()) for name in names))


def test_entry_names_with_a_control_character_are_those_of_unicode_category_cc() -> None:
    """``entry_name_problem`` tells control characters without ``unicodedata`` (its import cost a check 1 ms):
    the same answer as ``unicodedata.category(char) == "Cc"`` for the first 1,024 code points, the edges of
    the surrogates and the last code points."""
    import unicodedata

    chars = [*map(chr, range(1024)), "\ud7ff", "\ud800", "\udfff", "\ue000", "\ufeff", "\ufffd", "\U0010ffff"]
    for char in chars:
        problem = entry_name_problem(f"a{char}b")
        assert (problem is not None and problem.startswith("control character")) == (unicodedata.category(char) == "Cc"), hex(ord(char))
