"""Atomic file output: every file a command writes appears whole or not at all.

The data goes to a temporary file beside the target, is flushed to disk, optionally checked, given
the permissions a plain new file would have (it is made owner-only, as ``mkstemp`` makes one), and then moved over
the target with ``os.replace``. Any failure removes the temporary file, and the folders this write
created, and leaves the target as it was.

Missing folders on the way to the target are created, as ``mkdir -p`` would. A target that cannot
be written (an existing folder, a parent that is a file, no permission, a full disk) raises
``OutputError``: one line naming the target, exit 2.

Input from a folder someone else may have written (game data, artwork) is read by ``read_inside``:
never through a link out of the folder, never from what is not a regular file, never more than a
stated number of bytes.
"""

from __future__ import annotations

import errno
import os
import stat
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from sdbp_module.errors import InputError, OutputError

if TYPE_CHECKING:  # imported by a write: a command that writes no file (a check to the terminal) needs none
    import signal


def require_file(path: Path, kind: str = "file") -> None:
    """``InputError`` unless ``path`` is a file: ``a folder, not a <kind>`` or ``no such file``."""
    if path.is_file():
        return
    raise InputError(f"{path}: {f'a folder, not a {kind}' if path.is_dir() else 'no such file'}")


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(mode: int) -> str:
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def outside(path: Path, folder: Path) -> str | None:
    """Where ``path`` really leads (its links followed) when that is outside ``folder``, else ``None``."""
    real = os.path.realpath(path)
    root = os.path.realpath(folder)
    return None if os.path.commonpath([real, root]) == root else real


def read_inside(path: Path, folder: Path, *, shown: str, limit: int, what: str, folder_words: str) -> bytes:
    """The bytes of ``path``, a file of ``folder`` that a maintainer may have been given by someone else.

    ``InputError`` (one line, starting with ``shown``) instead of following a link out of ``folder``
    (a link to ``/etc/passwd`` would put that file into a published module), of reading what is not
    a regular file (a FIFO never ends, ``/dev/zero`` neither) or of reading more than ``limit``
    bytes (``what``, e.g. ``a game data file``, names the kind of file in the message). The file is
    opened without blocking and checked on the open handle, so what is checked is what is read.
    """
    leads = outside(path, folder)
    if leads is not None:
        raise InputError(f"{shown}: refused: it links to {leads}, outside the {folder_words} {folder}")
    try:
        fd = os.open(os.path.realpath(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise InputError(f"{shown}: cannot be read: no such file") from None
    except OSError as exc:
        raise InputError(f"{shown}: cannot be read: {exc.strerror or exc}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise InputError(f"{shown}: refused: {_not_regular(info.st_mode)}, not a regular file")
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(limit + 1) if info.st_size <= limit else b""
        except OSError as exc:
            raise InputError(f"{shown}: cannot be read: {exc.strerror or exc}") from None
    if info.st_size > limit or len(data) > limit:  # the second: it grew while being read
        size = max(info.st_size, len(data))
        raise InputError(f"{shown}: refused: {size:,} bytes, more than the {limit:,} bytes {what} may have")
    return data


def read_bounded(path: Path, limit: int, reads: str) -> bytes:
    """The bytes of ``path``, at most ``limit`` of them; ``InputError`` naming the file when it cannot be read
    or holds more (``reads``, e.g. ``a board is read up to``, says what the limit is for). The size is
    checked before reading and again after (a file that grew, or whose size the system does not report)."""
    try:
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise InputError(f"{path}: {size:,} bytes; {reads} {limit:,}")
            data = handle.read(limit + 1)
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise InputError(f"{path}: more than {limit:,} bytes; {reads} {limit:,}")
    return data


def stat_stamp(path: str | os.PathLike[str]) -> bytes:
    """A file as ``os.stat`` gives it, without reading it: size, modification and change times, inode. An edit
    changes the change time, so it changes the stamp as it would change the bytes (a cache key of files that
    need not be read: the game-data cache's code and schemas, the build identity's code and fonts).
    ``OSError`` if the file cannot be stat'ed."""
    st = os.stat(path)
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_ino}".encode("ascii")


def _make_parents(folder: Path, target: Path) -> list[Path]:
    """Create ``folder`` and its missing ancestors; return those created, deepest last."""
    missing: list[Path] = []
    probe = folder
    while not probe.exists():
        if probe.is_symlink():  # a dangling link: mkdir would fail with a confusing message
            raise OutputError(f"{target}: cannot write: {probe} is a broken link")
        missing.append(probe)
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise OutputError(f"{target}: cannot write: {probe} is a file, not a folder")
    created: list[Path] = []
    for each in reversed(missing):
        try:
            each.mkdir()
        except FileExistsError:
            if not each.is_dir():
                _remove_folders(created)
                raise OutputError(f"{target}: cannot write: {each} is a file, not a folder") from None
            continue
        except OSError as exc:
            _remove_folders(created)
            raise OutputError(f"{target}: cannot write: cannot create the folder {each} ({exc.strerror or exc})") from None
        created.append(each)
    return created


def _remove_folders(created: list[Path]) -> None:
    for each in reversed(created):
        try:
            each.rmdir()
        except OSError:
            return


def _hold_interrupts() -> set[int | signal.Signals] | None:
    """Hold Ctrl-C (SIGINT) back until ``_release``: the mask before, or None where signals cannot be
    blocked (not the main thread, no ``pthread_sigmask``).

    Between making a temporary file (or a folder) and being inside the ``try`` that removes it again
    there are a few bytecodes; an interrupt there would leave the file behind. Held back, it is raised
    when released, inside that ``try``."""
    import signal

    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _release(before: set[int | signal.Signals] | None) -> None:
    if before is not None:
        import signal

        signal.pthread_sigmask(signal.SIG_SETMASK, before)


_TEMPORARY_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
"""How ``tempfile.mkstemp`` opens its file: a new one (never an existing file or a link), read-write."""


def _new_temporary(folder: Path, name: str) -> tuple[int, str]:
    """A new file ``.{name}.<random>.tmp`` in ``folder``, owner-only, opened as ``tempfile.mkstemp`` opens
    one: its descriptor and absolute path. Not ``tempfile`` itself: importing it (``shutil``, ``random``,
    ``bz2``, ``lzma``) costs a command that writes a file a few milliseconds."""
    for _ in range(100):
        candidate = os.path.abspath(os.path.join(folder, f".{name}.{os.urandom(6).hex()}.tmp"))
        try:
            return os.open(candidate, _TEMPORARY_FLAGS, 0o600), candidate
        except FileExistsError:
            continue  # 48 random bits taken: another name
    raise FileExistsError(errno.EEXIST, "no unused name for a temporary file", str(folder))


def write_atomically(
    path: Path, data: bytes | Iterable[bytes], verify: Callable[[Path], None] | None = None
) -> None:
    """Write ``data`` (bytes, or chunks of bytes written as they come) to ``path`` atomically.

    Through a temporary file in the same folder and ``os.replace``. ``verify``, when given, is
    called on the complete temporary file before it replaces ``path``; whatever it raises aborts the
    write. An exception raised while producing the chunks aborts the write too. Missing parent
    folders are created (and removed again if the write fails).
    """
    if path.is_dir():
        raise OutputError(f"{path}: cannot write: it is a folder, not a file")
    created: list[Path] = []
    tmp: Path | None = None
    held = _hold_interrupts()
    try:
        created = _make_parents(path.parent if str(path.parent) else Path("."), path)
        try:
            fd, tmp_name = _new_temporary(path.parent, path.name)
        except OSError as exc:
            raise OutputError(f"{path}: cannot write ({exc.strerror or exc})") from None
        tmp = Path(tmp_name)
        _release(held)  # a Ctrl-C that came meanwhile is raised now, here, where the file is removed
        held = None
        try:
            with os.fdopen(fd, "wb") as handle:
                if isinstance(data, (bytes, bytearray, memoryview)):
                    handle.write(data)
                else:
                    for chunk in data:
                        handle.write(chunk)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            raise OutputError(f"{path}: cannot write ({exc.strerror or exc})") from None
        if verify is not None:
            verify(tmp)
        try:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            os.replace(tmp, path)
        except OSError as exc:
            raise OutputError(f"{path}: cannot write ({exc.strerror or exc})") from None
    except BaseException:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        _remove_folders(created)
        raise
    finally:
        _release(held)
