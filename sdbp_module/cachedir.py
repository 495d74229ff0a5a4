"""The user's cache folder: where the game-data cache (``model.cache``), the drawn images
(``vassal.artwork``), the build identities (``vassal.identity``) and the compiled record methods
(``codecache``) are kept; and what those caches share: only the user's own files are read (``is_ours``), a
file is stored whole (``store``), a folder keeps its newest entries (``prune``).

``$SDBP_CACHE_DIR``, else ``$XDG_CACHE_HOME/sdbp``, else ``~/.cache/sdbp``; ``SDBP_CACHE_DIR=off`` turns
every cache off. Only the standard library is imported here: ``records`` asks for the folder.
"""

from __future__ import annotations

import os
from _thread import get_ident
from collections.abc import Callable
from pathlib import Path

ENVIRONMENT = "SDBP_CACHE_DIR"
OFF = "off"


def cache_dir() -> Path | None:
    """The cache folder the environment names, or ``None`` when the cache is off."""
    named = os.environ.get(ENVIRONMENT, "")
    if named:
        return None if named == OFF else Path(named)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "sdbp"
    try:
        return Path.home() / ".cache" / "sdbp"
    except RuntimeError:  # no home folder to be found
        return None


def is_ours(fd: int) -> bool:
    """Whether the open file ``fd`` belongs to this user (where the system has users): a cache file someone
    else could have written is never read."""
    return not hasattr(os, "getuid") or os.fstat(fd).st_uid == os.getuid()


def store(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole: into a temporary file beside it (named by the process and thread, so
    two writers at once never share one), then renamed over it. Raises ``OSError``, the temporary file removed."""
    folder, name = os.path.split(os.fspath(path))
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.{get_ident()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # (one left by a killed writer: replaced)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def prune(folder: str | os.PathLike[str], keep: int, entry: Callable[[str], bool]) -> None:
    """Keep the ``keep`` newest (by modification time) of the files of ``folder`` whose names ``entry``
    accepts, and remove the others. Raises ``OSError``."""
    with os.scandir(folder) as entries:
        found = [(item.stat().st_mtime_ns, item.path) for item in entries if entry(item.name)]
    for _, old in sorted(found, reverse=True)[keep:]:
        try:
            os.unlink(old)
        except FileNotFoundError:  # another process pruned it first
            pass
