"""Atomic file output: every file a command writes appears whole or not at all.

The data goes to a temporary file beside the target, is flushed to disk, optionally checked, given
the permissions a plain new file would have (``mkstemp`` makes it owner-only), and then moved over
the target with ``os.replace``. Any failure removes the temporary file and leaves the target as it
was.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def write_atomically(path: Path, data: bytes, verify: Callable[[Path], None] | None = None) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``.

    ``verify``, when given, is called on the complete temporary file before it replaces ``path``;
    whatever it raises aborts the write. The folder must exist.
    """
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if verify is not None:
            verify(tmp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
