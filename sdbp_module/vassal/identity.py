"""The build identity of the module a game's data builds, without building it (``codec.identity``).

``data_build(game, data_dir)`` is the name and version ``sdbp build`` would write for ``game``: the
build file is made (about half a second; an area game's draws no image, a hex-map game's needs its board,
whose picture comes from the drawn-image cache or is drawn) and its digest taken. It is what a log is
compared with when no ``--module`` is given. The answer is kept in the game-data cache folder
(``model.cache``) under a key of the data (``cache.game_key``, the one the cache gave the game under when it
did) and of every source file of the package and
the fonts (each by its ``os.stat``: size, modification and change times, inode; none is read), so a check starts
at once and any edit is a miss; and in the process, per game.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

from sdbp_module.cachedir import cache_dir, is_ours
from sdbp_module.codec.identity import BuildId
from sdbp_module.model.game_data import GameData

_PACKAGE = Path(__file__).resolve().parent.parent
_PREFIX, _SUFFIX = "build-", ".txt"
_MEMO: dict[int, tuple[GameData, BuildId]] = {}


def computed_build(game: GameData) -> BuildId:
    """The name and version ``sdbp build`` writes for ``game`` (the build file is made; for a hex-map game with
    its board, as the module's)."""
    from sdbp_module.vassal import buildfile, layout

    if game.hexes is not None:  # a hex-map game's build file (vassal/hex_module.py)
        from sdbp_module.vassal import hex_module

        return BuildId(game.game.module_name, hex_module.hex_build_file(game)[0].version)
    return BuildId(game.game.module_name, buildfile.build_file(game, layout.make_layout(game)).version)


@cache
def _code_digest() -> bytes:
    """Every source file of the package and the fonts (the layout measures text), each by its path, size,
    modification and change times and inode (as ``os.stat`` gives them, without reading the file: an edit changes
    the change time, so it is a miss, as when the bytes were hashed): the same for the process."""
    from sdbp_module.fileio import stat_stamp
    from sdbp_module.paths import PROJECT_ROOT

    files: list[str] = []
    for folder, subfolders, names in os.walk(_PACKAGE):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        files += (os.path.join(folder, n) for n in sorted(names) if n.endswith(".py"))
    fonts = PROJECT_ROOT / "images" / "fonts"
    files += sorted(os.path.join(fonts, n) for n in (os.listdir(fonts) if fonts.is_dir() else ()))
    digest = hashlib.sha256()
    for path in files:
        name = os.fsencode(path)
        try:
            stamp = stat_stamp(path)
        except OSError:
            stamp = b""
        digest.update(len(name).to_bytes(8, "big") + name + len(stamp).to_bytes(8, "big") + stamp)
    return digest.digest()


def _cached(game: GameData, data_dir: Path) -> BuildId:
    from sdbp_module.fileio import write_atomically
    from sdbp_module.model.cache import game_key, key_of

    folder = cache_dir()
    try:
        key = None
        if folder is not None:
            data_key = key_of(game, data_dir) or game_key(data_dir)  # the key the cache gave the game under, when it did
            key = hashlib.sha256(_code_digest() + data_key.encode("ascii")).hexdigest()
    except OSError:
        key = None
    if folder is None or key is None:
        return computed_build(game)
    path = folder / f"{_PREFIX}{key}{_SUFFIX}"
    found = _read_entry(path)
    if found is not None and found.name == game.game.module_name and found.digest is not None:
        return found
    build = computed_build(game)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(path, f"{build.name}\n{build.version}\n".encode())
        stale = sorted(folder.glob(f"{_PREFIX}*{_SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)[8:]
        for old in stale:
            old.unlink(missing_ok=True)
    except Exception:  # an unwritable cache only costs time
        pass
    return build


def _read_entry(path: Path) -> BuildId | None:
    """The identity stored at ``path``; None when absent, unreadable, or not the current user's (as the
    game cache, ``model.cache.read_entry``: another user's file could name any build)."""
    try:
        with path.open("rb") as handle:
            if not is_ours(handle.fileno()):
                return None
            name, _, version = handle.read(4096).decode("utf-8").partition("\n")
    except (OSError, UnicodeDecodeError):
        return None
    return BuildId(name, version.strip())


def data_build(game: GameData, data_dir: Path | None = None) -> BuildId:
    """The identity of the module ``sdbp build`` makes from ``game`` (read from ``data_dir``, when given:
    then the answer is cached on disk)."""
    memo = _MEMO.get(id(game))
    if memo is not None and memo[0] is game:
        return memo[1]
    build = _cached(game, data_dir) if data_dir is not None else computed_build(game)
    _MEMO[id(game)] = (game, build)
    return build
