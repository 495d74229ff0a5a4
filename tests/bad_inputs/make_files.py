"""Regenerate the small bad input files in ``files/`` (run: python tests/bad_inputs/make_files.py).

Each file is described in ``cases.json`` beside it, with the exact message ``sdbp convert`` must
print and its exit code. The files are committed; this script documents how they were made.
"""

from __future__ import annotations

import io
import warnings
import struct
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
    """A small zip whose central directory declares a 1 GiB savedGame (the cap is 512 MiB)."""
    data = bytearray(_zip([("savedGame", b"begin_save")]))
    central = data.rfind(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, 1 << 30)  # uncompressed size in the central directory
    return bytes(data)


def files() -> dict[str, bytes]:
    good = _zip([("savedGame", _vcsk(GOOD_TEXT)), ("moduledata", b"<data/>")])
    return {
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
