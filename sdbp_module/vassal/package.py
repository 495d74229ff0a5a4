"""Deterministic zip writing, verification of the written module, atomic replace (style guide §7).

Entries are sorted by name, each an explicit ``ZipInfo`` with a fixed date (``SOURCE_DATE_EPOCH``
if set, else 1980-01-01), fixed permissions and one compression setting per kind (PNG stored,
everything else DEFLATED level 9), so two builds of the same input are byte-identical.
"""

from __future__ import annotations

import io
import os
import time
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path

from sdbp_module.errors import BuildError
from sdbp_module.fileio import write_atomically

DEFAULT_DATE_TIME = (1980, 1, 1, 0, 0, 0)


def fixed_date_time() -> tuple[int, int, int, int, int, int]:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        return DEFAULT_DATE_TIME
    try:
        t = time.gmtime(max(int(epoch), 315532800))
    except ValueError:
        raise BuildError(f"SOURCE_DATE_EPOCH is not an integer: {epoch!r}") from None
    return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)


def date_saved_ms() -> int:
    """``dateSaved`` for moduledata/savedata: the same fixed epoch, in milliseconds."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    return max(int(epoch), 315532800) * 1000 if epoch and epoch.isdigit() else 315532800000


def zip_bytes(entries: Mapping[str, bytes]) -> bytes:
    date_time = fixed_date_time()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=date_time)
            info.external_attr = 0o644 << 16
            info.create_system = 3
            stored = name.lower().endswith((".png", ".vsav"))
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            archive.writestr(info, entries[name], compresslevel=None if stored else 9)
    return buffer.getvalue()


def write_verified(path: Path, data: bytes, verify: Callable[[Path], None]) -> None:
    """Write ``data`` to a temp file beside ``path``, run ``verify`` on it, then ``os.replace``.

    Any failure (in writing or in ``verify``) removes the temp file and leaves ``path`` as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, data, verify)
