"""The user's cache folder: where the game-data cache (``model.cache``), the drawn images
(``vassal.artwork``), the build identities (``vassal.identity``) and the compiled record methods
(``codecache``) are kept; and what those caches share: only the user's own files are read (``is_ours``, ``read_ours``), a
file is stored whole (``store``), a folder keeps its newest entries (``prune``), an entry is named by its key's
text (``entry_name``), and the package's sources are listed once a process (``package_sources``).

``$SDBP_CACHE_DIR``, else ``$XDG_CACHE_HOME/sdbp``, else ``~/.cache/sdbp``; ``SDBP_CACHE_DIR=off`` turns
every cache off. Only the standard library is imported here: ``records`` asks for the folder.
"""

from __future__ import annotations

import os
import zlib
from _thread import get_ident
from collections.abc import Callable
from functools import cache
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


def read_ours(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes of the cache file ``path``; None when it is absent or cannot be read, or is not this user's
    (``is_ours``)."""
    try:
        with open(path, "rb") as handle:
            return handle.read() if is_ours(handle.fileno()) else None
    except OSError:
        return None


def store(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole: into a temporary file beside it (named by the process and thread, so
    two writers at once never share one), readable by this user only, then renamed over it. Raises ``OSError``;
    the temporary file is removed whatever stops the write (a Ctrl-C included).

    Not ``fileio.write_atomically``, which writes what a user asked for (synced to disk, the user's umask, its
    messages): a cache entry lost to a crash is a miss, and this module imports only the standard library."""
    folder, name = os.path.split(os.fspath(path))
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.{get_ident()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # (one left by a killed writer: replaced)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
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


def entry_name(key: bytes) -> str:
    """The name of the entry stored under ``key``: its CRC-32 and length, in hexadecimal. Two keys can share a
    name, so an entry holds its whole key and is read only when that is the key looked for (then another key of
    the same name is a miss, and its entry replaced). A name, not a digest: hashing a key would import
    ``hashlib``, which loads OpenSSL (2.7 ms of each command's start)."""
    return f"{zlib.crc32(key):08x}-{len(key):x}"


PACKAGE = os.path.dirname(os.path.abspath(__file__))
"""The folder of the ``sdbp_module`` package."""


@cache
def package_sources() -> tuple[str, ...]:
    """Every ``.py`` file of the package (outside ``__pycache__``), its path, folder by folder in name order:
    listed once a process for the caches that key on the code (``model.cache`` on a part, ``vassal.identity``
    on all)."""
    files: list[str] = []
    for folder, subfolders, names in os.walk(PACKAGE):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        files += (os.path.join(folder, n) for n in sorted(names) if n.endswith(".py"))
    return tuple(files)
