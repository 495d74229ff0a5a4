"""Regenerate the small bad input files in ``files/`` (run: python tests/bad_inputs/make_files.py).

Each file is described in ``cases.json`` beside it, with the exact message ``sdbp convert`` must
print and its exit code. The files are committed; this script documents how they were made.

Damaged zips are made by patching one field of a good zip (offsets from the zip layout: local
header 30 bytes + name, central directory record 46 bytes + name, end record 22 bytes).
"""

from __future__ import annotations

import io
import json
import struct
import warnings
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent / "files"
DATE = (1980, 1, 1, 0, 0, 0)
ESC = "\x1b"


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Duplicate name": wanted for one case
        with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for name, data in entries:
                archive.writestr(zipfile.ZipInfo(name, date_time=DATE), data)
    return buffer.getvalue()


def _vcsk(text: str, key: int = 0x5A) -> bytes:
    return b"!VCSK%02x" % key + bytes(b ^ key for b in text.encode("utf-8")).hex().encode("ascii")


GOOD_TEXT = ESC.join(["begin_save", "", "\\" + ESC + "+/1/mark;sdbp_id\tpiece;;;;Éliane/FR-1\tMain Map;10;20;1;0", "end_save"])


def _bomb() -> bytes:
    """A small zip whose central directory declares a 1 GiB savedGame (the cap is 64 MiB)."""
    data = bytearray(_zip([("savedGame", b"begin_save")]))
    central = data.rfind(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, 1 << 30)  # uncompressed size in the central directory
    return bytes(data)


class _Stream(io.RawIOBase):
    """A write-only, non-seekable stream: zipfile then writes data descriptors, as the engine does."""

    def __init__(self) -> None:
        self.data = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, chunk: object) -> int:
        data = bytes(chunk)  # type: ignore[call-overload]
        self.data += data
        return len(data)


def _engine_zip(entries: list[tuple[str, bytes]]) -> bytes:
    """DEFLATED entries with data descriptors (sizes only after the data), like the engine's saves."""
    stream = _Stream()
    with zipfile.ZipFile(stream, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return bytes(stream.data)


def _central(data: bytes | bytearray, index: int = 0) -> int:
    """Offset of the ``index``-th central directory record."""
    position = data.find(b"PK\x01\x02")
    for _ in range(index):
        position = data.find(b"PK\x01\x02", position + 1)
    return position


def _patched(data: bytes, *patches: tuple[int, str, int]) -> bytes:
    """``data`` with each (offset, struct format, value) packed in."""
    out = bytearray(data)
    for offset, fmt, value in patches:
        struct.pack_into(fmt, out, offset, value)
    return bytes(out)


def _damaged_zips() -> dict[str, bytes]:
    """One file per kind of zip damage the reader names (see ``container.py``)."""
    good = _zip([("savedGame", _vcsk(GOOD_TEXT)), ("moduledata", b"<data/>")])
    end = good.rfind(b"PK\x05\x06")
    second = good.find(b"PK\x03\x04", 1)
    first = struct.unpack_from("<I", good, 18)[0]  # compressed size of savedGame (stored)
    deflated = _engine_zip([("savedGame", _vcsk(GOOD_TEXT * 20)), ("moduledata", b"<data/>")])
    accented = _zip([("savedGame", _vcsk(GOOD_TEXT)), ("caf\u00e9", b"x")])  # UTF-8 flagged name
    return {
        "encrypted.vsav": _patched(good, (6, "<H", 1), (_central(good) + 8, "<H", 1)),
        "compression-method.vsav": _patched(good, (8, "<H", 99), (_central(good) + 10, "<H", 99)),
        "directory-offset.vsav": _patched(good, (end + 16, "<B", good[end + 16] ^ 0x01)),
        "directory-outside.vsav": _patched(good, (end + 16, "<I", 0x10000)),
        "empty-name.vsav": _zip([("savedGame", _vcsk(GOOD_TEXT)), ("", b"x")]),
        "control-name.vsav": _zip([("savedGame", _vcsk(GOOD_TEXT)), ("notes\x07", b"x")]),
        "bad-utf8-name.vsav": _patched(accented, (_central(accented, 1) + 49, "<B", 0xFF)),
        "local-name.vsav": _patched(good, (second + 30, "<B", ord("M"))),
        "crc.vsav": _patched(good, (14, "<I", 0x12345678), (_central(good) + 16, "<I", 0x12345678)),
        "truncated-engine.vsav": deflated[: len(deflated) // 3],
        "truncated-header.vsav": good[: second + 20],
        "truncated-directory.vsav": good[: end - 10],
        "multi-disk.vsav": _patched(good, (end + 4, "<H", 1)),
        "entry-count.vsav": _patched(good, (end + 8, "<H", 3), (end + 10, "<H", 3)),
        "overlap.vsav": _patched(good, *[(at, "<I", first + 10) for at in (18, 22, _central(good) + 20, _central(good) + 24)]),
        "size-lie-small.vsav": _patched(deflated, (_central(deflated) + 24, "<I", 100)),
        "size-lie-ratio.vsav": _patched(deflated, (_central(deflated) + 24, "<I", 60_000_000)),
        "zip64-no-extra.vsav": _patched(good, (_central(good) + 20, "<I", 0xFFFFFFFF)),
        "deflate-damaged.vsav": _patched(deflated, (40, "<B", deflated[40] ^ 0xFF)),
    }


def _modules() -> dict[str, bytes]:
    """Bad ``.vmod`` files, given as ``--module`` with a good save (``args`` in ``cases.json``)."""
    head = b'<?xml version="1.0" encoding="UTF-8"?>\n'
    module = _zip([("buildFile.xml", head + b'<VASSAL.build.GameModule name="T"/>')])
    return {
        "module-encrypted.vmod": _patched(module, (6, "<H", 1), (_central(module) + 8, "<H", 1)),
        "module-bad-xml.vmod": _zip([("buildFile.xml", head + b'<VASSAL.build.GameModule name="T">\n  <a></b>\n')]),
        "module-entity.vmod": _zip(
            [("buildFile.xml", head + b'<!DOCTYPE m [\n  <!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n<m name="T">&x;</m>')]
        ),
        "module-edge.vmod": _zip(
            [("buildFile.xml", head + b'<VASSAL.build.GameModule name="T">\n  <VASSAL.build.module.Map edgeWidth="wide"/>\n</VASSAL.build.GameModule>')]
        ),
    }


def _json_form(**changes: object) -> bytes:
    """A small valid JSON form of a save (``docs/json-form.md``) with top-level keys replaced."""
    doc: dict[str, object] = {
        "format": "sdbp-vassal-game",
        "format_version": 1,
        "envelope": {"kind": "vcsk", "key": 90, "hex_case": "lower"},
        "entries": [{"name": "savedGame"}, {"name": "moduledata", "text": "<data/>"}],
        "commands": {"cmd": "begin_save", "children": [{"cmd": "chat", "text": "hi"}, {"cmd": "end_save"}]},
    }
    doc.update(changes)
    return json.dumps(doc, sort_keys=True).encode("utf-8")


def _chat(text: object) -> dict[str, object]:
    return {"cmd": "begin_save", "children": [{"cmd": "chat", "text": text}, {"cmd": "end_save"}]}


def _json_forms() -> dict[str, bytes]:
    """JSON forms ``sdbp convert X.json Y.vsav`` must refuse: wrong types, names the reader refuses, depth."""
    saved = {"name": "savedGame"}
    return {
        "json-float-key.json": _json_form(envelope={"kind": "vcsk", "key": 1.5}),
        "json-number-entry-name.json": _json_form(entries=[saved, {"name": 7, "text": "x"}]),
        "json-number-text.json": _json_form(commands=_chat(42)),
        "json-lone-surrogate.json": _json_form(commands=_chat("\ud800")),
        "json-esc-in-text.json": _json_form(commands=_chat("a\x1bb")),
        "json-dotdot-entry.json": _json_form(entries=[saved, {"name": "../x", "text": "x"}]),
        "json-absolute-entry.json": _json_form(entries=[saved, {"name": "/abs", "text": "x"}]),
        "json-empty-entry-name.json": _json_form(entries=[saved, {"name": "", "text": "x"}]),
        "json-duplicate-entry.json": _json_form(entries=[saved, {"name": "a", "text": "x"}, {"name": "a", "text": "y"}]),
        "json-second-saved-game.json": _json_form(entries=[saved, saved]),
        "json-deep.json": _json_form(commands=[]).replace(b'"commands": []', b'"commands": ' + b"[" * 50_000 + b"]" * 50_000),
    }


def _deep_save(depth: int) -> bytes:
    """A valid save whose command tree is a chain ``depth`` levels deep (level k's boundary: k backslashes + ESC)."""
    text = "end_save"
    for level in reversed(range(depth)):
        text = f"CHAT {level}" + ESC + text.replace(ESC, "\\" + ESC)
    return _zip([("savedGame", _vcsk("begin_save" + ESC + text.replace(ESC, "\\" + ESC)))])


def files() -> dict[str, bytes]:
    good = _zip([("savedGame", _vcsk(GOOD_TEXT)), ("moduledata", b"<data/>")])
    return {
        **_damaged_zips(),
        **_modules(),
        **_json_forms(),
        "deep-nesting.vsav": _deep_save(300),
        "output-is-a-folder.vsav": _zip([("savedGame", GOOD_TEXT.encode("utf-8"))]),
        "output-under-a-file.vsav": _zip([("savedGame", GOOD_TEXT.encode("utf-8"))]),
        "not-a-zip.vsav": b"this is not a zip file\n",
        "truncated.vsav": good[: len(good) // 2],
        "zip-bomb.vsav": _bomb(),
        "dotdot-entry.vsav": _zip([("savedGame", _vcsk(GOOD_TEXT)), ("../evil.txt", b"x")]),
        "absolute-entry.vsav": _zip([("savedGame", _vcsk(GOOD_TEXT)), ("/etc/evil.txt", b"x")]),
        "duplicate-entry.vsav": _zip([("savedGame", _vcsk(GOOD_TEXT)), ("savedGame", _vcsk("begin_save"))]),
        "no-saved-game.vsav": _zip([("moduledata", b"<data/>")]),
        "bad-hex.vsav": _zip([("savedGame", b"!VCSK5a383f3d33zz")]),
        "odd-hex.vsav": _zip([("savedGame", b"!VCSK5a383f3d333")]),
        "bad-utf8.vsav": _zip([("savedGame", b"begin_save\x1b\xff\xfe")]),
        "truncated-command.vsav": _zip([("savedGame", _vcsk("begin_save" + ESC + "+/1/piece;;;;A"))]),
        "unknown-trait.vsav": _zip(
            [("savedGame", _vcsk(GOOD_TEXT.replace("mark;sdbp_id\t", "zzz;who\\;knows\tmark;sdbp_id\\\t").replace("FR-1\t", "?\tFR-1\\\t")))]
        ),
        "plain-text.vsav": _zip([("savedGame", GOOD_TEXT.encode("utf-8"))]),
        "bad.json": b'{"format": "sdbp-vassal-game", "format_version": 1,',
        "wrong-version.json": b'{"format": "sdbp-vassal-game", "format_version": 99}',
    }


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, data in files().items():
        (HERE / name).write_bytes(data)
