"""The compiled game-data cache: a built ``GameData`` kept as a pickle, so that a check starts at once.

Reading, validating and cross-checking a game folder takes about half a second; unpickling the
result takes a few milliseconds. ``cached_game(data_dir, build)`` returns the pickled game when one
was stored for exactly these inputs, and otherwise builds it and stores it. The key is a SHA-256 of
everything the result depends on: the package version, the Python version, the source files of the code
that reads and builds game data (``sdbp_module/data``, ``sdbp_module/model``, ``sdbp_module/hexgrid``, ``ids.py``) and
every schema file (each by its ``os.stat``: size, modification and change times, inode), and every data
file of the folder (name and bytes). Editing any of them is a miss; a copy of the folder elsewhere is a hit.
Only a game that loaded without problems is stored, so a data error is always found and reported.

An index, as git's keeps the files of a work tree, spares reading and hashing the data files (and importing
``hashlib``, which loads OpenSSL: 4 ms of a small log's check in all) when they have not changed: it holds the
key found for the data files' ``os.lstat`` (path, device, inode, size, modification and change times) and the
code's stamps. Any write changes a file's change time, so changed files are a miss in the index and are read.
Only files last changed over ``SETTLED_NS`` before they were stamped are indexed (two writes within one tick of
the file system's clock can leave the same stamp; git calls such files racily clean), and only plain regular
files (a link, or a file too large to be read, is read each time, and refused as the build refuses it).

The cache lives in the cache folder (``cachedir.cache_dir``: ``$SDBP_CACHE_DIR``, else ``$XDG_CACHE_HOME/sdbp``, else ``~/.cache/sdbp``);
``SDBP_CACHE_DIR=off`` turns it off. It can only save time: a folder that cannot be made or written,
a damaged, truncated or foreign file, a pickle from another version — each is a miss (logged at
debug level), and the game is built as if there were no cache. Entries are written atomically
(``cachedir.store``), only files owned by the current user are read, and the newest
``KEEP`` entries (``INDEX_KEEP`` index entries) are kept.
"""

from __future__ import annotations

import copyreg
import dataclasses
import io
import os
import pickle
import stat
import sys
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from time import time_ns
from types import MappingProxyType
from typing import Any

from sdbp_module import __version__
from sdbp_module.cachedir import (
    PACKAGE,
    cache_dir,
    entry_name,
    is_ours,
    package_sources,
    prune,
    read_ours,
    store,
)
from sdbp_module.data.files import MAX_FILE_BYTES, data_files, read_data_bytes
from sdbp_module.errors import InputError
from sdbp_module.fileio import stat_stamp
from sdbp_module.model.game_data import GameData

KEEP = 8
"""How many cached games a cache folder keeps (the newest)."""

FORMAT = "sdbp game cache 1"
_PREFIX, _SUFFIX = "game-", ".pickle"
_PACKAGE = Path(__file__).resolve().parent.parent


def _debug(message: str, *args: object) -> None:
    import logging  # only when there is something to say: a cache hit imports no more than it needs

    logging.getLogger(__name__).debug(message, *args)


_CODE_FOLDERS = ("data/", "model/", "hexgrid/")


def _code_files() -> list[Path]:
    """The sources and schemas a ``GameData`` is built by, in a fixed order: ``data/``, ``model/`` and
    ``hexgrid/``, ``ids.py``, ``games/__init__.py`` and each game's ``checks.py`` and ``ids.py``, and the schemas."""
    files = []
    for source in package_sources():
        name = os.path.relpath(source, PACKAGE).replace(os.sep, "/")
        game_file = name.startswith("games/") and name.count("/") == 2 and name.endswith(("/checks.py", "/ids.py"))
        if name.startswith(_CODE_FOLDERS) or name in ("ids.py", "games/__init__.py") or game_file:
            files.append(_PACKAGE / name)  # (``_PACKAGE`` is resolved: the package may be reached through a link)
    files += (_PACKAGE / "schemas").glob("*.json")
    return sorted(files)


def _feed(digest: Any, named: Iterable[tuple[str, bytes]]) -> None:
    for name, data in named:
        encoded = name.encode("utf-8")
        digest.update(len(encoded).to_bytes(8, "big") + encoded + len(data).to_bytes(8, "big") + data)


@cache
def _code_stamps() -> bytes:
    """The version, then each file of the code and the schemas and its ``fileio.stat_stamp``, a line each (as
    ``vassal.identity`` keys the build identity: reading and hashing the 0.66 MB of them took 3 % of a small
    log's check): the same for the whole process."""
    version = f"{FORMAT}|sdbp {__version__}|{sys.implementation.cache_tag}|pickle {pickle.HIGHEST_PROTOCOL}\n"
    lines = [version.encode("utf-8")]
    lines += (path.relative_to(_PACKAGE).as_posix().encode("utf-8") + b" " + stat_stamp(path) + b"\n" for path in _code_files())
    return b"".join(lines)


def game_key(data_dir: Path) -> str:
    """The cache key of the game in ``data_dir``: the code's stamps and its data files (``dataset.data_files``),
    read as the data is read. Raises ``OSError`` if a file is missing or cannot be read, or would be refused."""
    import hashlib  # here: a check whose data files are indexed hashes nothing

    digest = hashlib.sha256(_code_stamps())
    try:
        _feed(digest, ((path.name, read_data_bytes(path, folder=data_dir)) for _, path in data_files(data_dir)))
    except InputError as exc:  # the build reads the file again and says what is wrong with it
        raise OSError(exc.message) from None
    return digest.hexdigest()


# -- the index: the key of data files that have not changed, without reading them


SETTLED_NS = 2_000_000_000
"""How long ago a data file must have last changed for its stamp to be indexed: longer than any file system's
clock tick (FAT's is two seconds), so a later write cannot leave the same stamp."""

INDEX_KEEP = 32
"""How many index entries a cache folder keeps (the newest)."""

_INDEX_PREFIX, _INDEX_SUFFIX = "index-", ".txt"


def _stamps(data_dir: Path) -> tuple[bytes, bool] | None:
    """What the index knows the key of ``data_dir`` by: the code's stamps, then each data file's path and
    ``os.lstat`` (device, inode, size, modification and change times); and whether every data file is settled
    (``SETTLED_NS``). None when a data file is missing, cannot be stat'ed, is not a regular file (a link
    included) or is too large to be read: such a folder is read each time."""
    now = time_ns()
    settled = True
    try:
        parts = [_code_stamps()]
        for _, path in data_files(data_dir):
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_FILE_BYTES:
                return None
            stamp = f"\0{st.st_dev} {st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}\n"
            parts.append(os.fsencode(os.path.abspath(path)) + stamp.encode("ascii"))
            settled = settled and now - max(st.st_mtime_ns, st.st_ctime_ns) > SETTLED_NS
    except OSError:
        return None
    return b"".join(parts), settled


def _index_path(folder: Path, stamps: bytes) -> Path:
    return folder / f"{_INDEX_PREFIX}{entry_name(stamps)}{_INDEX_SUFFIX}"


def indexed_key(folder: Path, stamps: bytes) -> str | None:
    """The key the index holds for ``stamps``, or None (absent, not ours, or another's of the same name)."""
    data = read_ours(_index_path(folder, stamps))
    if data is None:
        return None
    key, _, indexed = data.partition(b"\n")
    if indexed != stamps or len(key) != 64 or not key.isalnum():
        return None
    return key.decode("ascii")


def _index(folder: Path, data_dir: Path, stamps: tuple[bytes, bool] | None, key: str) -> None:
    """Index ``key`` under ``stamps``, taken before the data files were read, when every file is settled and
    the stamps are the same now (no file changed while it was read). Never raises."""
    if stamps is None or not stamps[1] or _stamps(data_dir) != stamps:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        store(_index_path(folder, stamps[0]), key.encode("ascii") + b"\n" + stamps[0])
        prune(folder, INDEX_KEEP, lambda name: name.startswith(_INDEX_PREFIX) and name.endswith(_INDEX_SUFFIX))
    except OSError as exc:  # an unwritable cache only costs time
        _debug("game cache: cannot index in %s (%s)", folder, exc)


# -- pickling --------------------------------------------------------------------------------------
# ``MappingProxyType`` cannot be pickled. The pickler below writes one as the dict it shows and reads
# it back through ``read_only``; the table is the pickler's own, so nothing global changes.


def read_only(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """A read-only view of ``mapping`` (how a pickled ``MappingProxyType`` is rebuilt)."""
    return MappingProxyType(mapping)


def _reduce_proxy(proxy: MappingProxyType[Any, Any]) -> tuple[Callable[..., Any], tuple[dict[Any, Any]]]:
    return read_only, (dict(proxy),)


def _by_constructor(cls: type) -> tuple[str, ...] | None:
    """The fields to rebuild an instance of ``cls`` with, positionally, by calling ``cls``: a slotted
    dataclass whose fields all go to ``__init__`` positionally and that has no ``__post_init__`` (so the
    call sets exactly the fields, as ``__setstate__`` would); None for any other class."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init or f.kw_only for f in fields):
        return None
    return tuple(f.name for f in fields)


class _Pickler(pickle.Pickler):
    """Writes the game's frozen records as calls of their class with their fields (unpickled by their
    compiled ``__init__``: about half the time of the generic slotted-dataclass ``__setstate__``, which
    looks up the fields again for every record); any other object as pickle writes it."""

    def __init__(self, file: io.BytesIO) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.dispatch_table = copyreg.dispatch_table.copy()
        self.dispatch_table[MappingProxyType] = _reduce_proxy
        self._fields: dict[type, tuple[str, ...] | None] = {}

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        try:
            names = self._fields[cls]
        except KeyError:
            names = self._fields[cls] = _by_constructor(cls)
        if names is None:
            return NotImplemented
        return cls, tuple(getattr(obj, name) for name in names)


def dumps(value: object) -> bytes:
    """Pickle ``value``; read-only mappings inside it are written as dicts and read back read-only, and
    the frozen records as calls of their class (``_Pickler``)."""
    buffer = io.BytesIO()
    _Pickler(buffer).dump(value)
    return buffer.getvalue()


# -- the cache -------------------------------------------------------------------------------------


def entry_path(folder: Path, key: str) -> Path:
    return folder / f"{_PREFIX}{key}{_SUFFIX}"


def read_entry(folder: Path, key: str) -> GameData | None:
    """The game stored under ``key``, or ``None`` (absent, unreadable, damaged, foreign or not ours)."""
    path = entry_path(folder, key)
    try:
        with path.open("rb") as handle:
            if not is_ours(handle.fileno()):
                _debug("game cache: %s is not ours; not read", path)
                return None
            data = handle.read()
    except OSError:
        return None
    try:
        stored = pickle.loads(data)
    except Exception as exc:  # a damaged or foreign pickle can fail in any way: it is a miss
        _debug("game cache: %s cannot be read (%s: %s)", path, type(exc).__name__, exc)
        return None
    if not (isinstance(stored, tuple) and len(stored) == 3 and stored[:2] == (FORMAT, key)):
        _debug("game cache: %s is not an entry for this key", path)
        return None
    game = stored[2]
    return game if isinstance(game, GameData) else None


def write_entry(folder: Path, key: str, game: GameData) -> None:
    """Store ``game`` under ``key`` atomically, then keep the newest ``KEEP`` entries. Never raises."""
    try:
        data = dumps((FORMAT, key, game))
        folder.mkdir(parents=True, exist_ok=True)
        store(entry_path(folder, key), data)
    except Exception as exc:  # an unwritable cache only costs time
        _debug("game cache: cannot write to %s (%s: %s)", folder, type(exc).__name__, exc)
        return
    _prune(folder)


def _prune(folder: Path) -> None:
    try:
        prune(folder, KEEP, lambda name: name.startswith(_PREFIX) and name.endswith(_SUFFIX))
    except OSError as exc:
        _debug("game cache: cannot tidy %s (%s)", folder, exc)


_KEYS: dict[int, tuple[GameData, Path, str]] = {}
"""The key each game this process read from the cache or stored in it was made under, by the game (the game
is kept with it, so its id stays its own)."""


def key_of(game: GameData, data_dir: Path) -> str | None:
    """``game_key(data_dir)`` as ``cached_game`` found it when it gave ``game`` for ``data_dir``: the key of the
    very data the game was made of (so the build identity, keyed by it too, need not read and hash the data
    files again); None for a game the cache did not give."""
    known = _KEYS.get(id(game))
    return known[2] if known is not None and known[0] is game and known[1] == data_dir else None


def _given(game: GameData, data_dir: Path, key: str) -> GameData:
    if len(_KEYS) >= KEEP:
        _KEYS.clear()
    _KEYS[id(game)] = (game, data_dir, key)
    return game


def cached_game(data_dir: Path, build: Callable[[Path], GameData]) -> GameData:
    """The game of ``data_dir`` from the cache, or ``build(data_dir)`` (stored when it succeeds).

    Whatever ``build`` raises (an unreadable file, a data error) passes through and nothing is stored.
    """
    folder = cache_dir()
    if folder is None:
        return build(data_dir)
    stamps = _stamps(data_dir)
    if stamps is not None:
        key = indexed_key(folder, stamps[0])
        game = read_entry(folder, key) if key is not None else None
        if key is not None and game is not None:
            return _given(game, data_dir, key)
    try:
        key = game_key(data_dir)
    except OSError:  # a folder or file that cannot be read: ``build`` says so in its own words
        return build(data_dir)
    game = read_entry(folder, key)
    if game is None:
        game = build(data_dir)
        try:
            unchanged = game_key(data_dir) == key  # a file edited while it was read is not stored
        except OSError:
            unchanged = False
        if not unchanged:
            return game
        write_entry(folder, key, game)
    _index(folder, data_dir, stamps, key)
    return _given(game, data_dir, key)
