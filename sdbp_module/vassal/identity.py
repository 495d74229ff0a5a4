"""The build identity of the module a game's data builds, without building it (``codec.identity``).

``data_build(game, data_dir)`` is the name and version ``sdbp build`` would write for ``game``: the
build file is made (about half a second; an area game's draws no image, a hex-map game's needs its board,
whose picture comes from the drawn-image cache or is drawn) and its digest taken. It is what a log is
compared with when no ``--module`` is given. The answer is kept in the game-data cache folder
(``model.cache``) under a key of the data (``cache.game_key``, the one the cache gave the game under when it
did) and of every source file of the package and
the fonts (each by its ``os.stat``: size, modification and change times, inode; none is read), so a check starts
at once and any edit is a miss; and in the process, per game. The key is the text of those stamps, not a
digest of it: an entry is named by the text's CRC-32 and length (``cachedir.entry_name``) and holds the whole
text, read only when it is the one looked for.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from sdbp_module.cachedir import (
    cache_dir,
    entry_name,
    package_sources,
    prune,
    read_ours,
    store,
)
from sdbp_module.codec.identity import BuildId
from sdbp_module.model.game_data import GameData

_PREFIX, _SUFFIX = "build-", ".txt"
KEEP = 8
"""How many build identities the cache folder keeps (the newest)."""
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
def _code_stamps() -> bytes:
    """Every source file of the package and the fonts (the layout measures text), each by its path, size,
    modification and change times and inode (as ``os.stat`` gives them, without reading the file: an edit changes
    the change time, so it is a miss, as when the bytes were hashed), a line each: the same for the process."""
    from sdbp_module.fileio import stat_stamp
    from sdbp_module.paths import PROJECT_ROOT

    files = list(package_sources())
    fonts = PROJECT_ROOT / "images" / "fonts"
    files += sorted(os.path.join(fonts, n) for n in (os.listdir(fonts) if fonts.is_dir() else ()))
    lines = []
    for path in files:
        try:
            stamp = stat_stamp(path)
        except OSError:
            stamp = b"-"
        lines.append(os.fsencode(path) + b"\0" + stamp + b"\n")
    return b"".join(lines)


def _cached(game: GameData, data_dir: Path) -> BuildId:
    from sdbp_module.model.cache import game_key, key_of

    folder = cache_dir()
    try:
        key = None
        if folder is not None:
            data_key = key_of(game, data_dir) or game_key(data_dir)  # the key the cache gave the game under, when it did
            key = _code_stamps() + b"data " + data_key.encode("ascii") + b"\n"
    except OSError:
        key = None
    if folder is None or key is None:
        return computed_build(game)
    path = folder / f"{_PREFIX}{entry_name(key)}{_SUFFIX}"
    found = _read_entry(path, key)
    if found is not None and found.name == game.game.module_name and found.digest is not None:
        return found
    build = computed_build(game)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        store(path, f"{build.name}\n{build.version}\n".encode() + key)
        prune(folder, KEEP, lambda name: name.startswith(_PREFIX) and name.endswith(_SUFFIX))
    except Exception:  # an unwritable cache only costs time
        pass
    return build


def _read_entry(path: Path, key: bytes) -> BuildId | None:
    """The identity stored at ``path`` under ``key``; None when absent, unreadable, stored under another key (of
    the same name), or not the current user's (as the game cache, ``model.cache.read_entry``: another user's
    file could name any build)."""
    data = read_ours(path)
    if data is None:
        return None
    name, _, rest = data.partition(b"\n")
    version, _, stored = rest.partition(b"\n")
    if stored != key:
        return None
    try:
        return BuildId(name.decode("utf-8"), version.decode("utf-8").strip())
    except UnicodeDecodeError:
        return None


def data_build(game: GameData, data_dir: Path | None = None) -> BuildId:
    """The identity of the module ``sdbp build`` makes from ``game`` (read from ``data_dir``, when given:
    then the answer is cached on disk)."""
    memo = _MEMO.get(id(game))
    if memo is not None and memo[0] is game:
        return memo[1]
    build = _cached(game, data_dir) if data_dir is not None else computed_build(game)
    _MEMO[id(game)] = (game, build)
    return build
