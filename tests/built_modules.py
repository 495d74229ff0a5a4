"""Modules built once per test session and shared by every test (and every xdist worker) that only reads them.

Building a module takes a second or more, and a dozen fixtures read the same module of the same bundled
game. ``built_module(data_dir, out)`` builds ``data_dir``'s module (``build_module(load_game(data_dir),
…, images)``) the first time any process of the session asks, under the session folder that
``tests/conftest.py`` sets up (``SESSION_ENV``), and gives each caller its own link to it in ``out``: the
module file is in ``out`` under the name the build gives it, as if built there. The shared file is
read-only, so a test that tried to change it would fail rather than change it for the others; a test that
changes its module builds its own. An artwork folder without a PNG counts as none (``_artwork``): the
module is the same.

Two workers asking at once: the first builds while the other waits on a lock file; the build is written
into a folder of its own and renamed into place whole, so a reader never sees a half-written module.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SESSION_ENV = "SDBP_TEST_SESSION_DIR"
"""The folder shared by the processes of one test session (set by ``tests/conftest.py``)."""

_MODULE_SUFFIX = ".vmod"


def session_dir() -> Path:
    named = os.environ.get(SESSION_ENV)
    assert named, f"{SESSION_ENV} is not set: tests/conftest.py sets it when the session starts"
    return Path(named)


@contextmanager
def _locked(lock: Path) -> Iterator[None]:
    """Hold ``lock`` (a file) against the other processes of the session; where there is no ``fcntl``, two
    processes may both build, and the rename keeps the first."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, the atomic rename still keeps the result whole
        yield
        return
    with open(lock, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _artwork(images_dir: Path | None) -> Path | None:
    """``images_dir``, or ``None`` when it is a folder holding no ``.png``: the build reads only the PNGs named
    as the images it makes (``images/<game>/README.md``, docs/module.md "Artwork"), so such a folder (the
    bundled ``images/sodbp`` holds only its README) gives the module built without one, byte for byte, and
    the tests that build with the game's folder and those that build without share one build."""
    if images_dir is None or not images_dir.is_dir():
        return images_dir  # none, or not a folder: the build says what is wrong with it
    with os.scandir(images_dir) as entries:
        return images_dir if any(entry.name.lower().endswith(".png") for entry in entries) else None


def _shared(data_dir: Path, images_dir: Path | None) -> Path:
    """The session's module of ``data_dir`` (built with ``images_dir``), built by the first process to ask."""
    images_dir = _artwork(images_dir)
    key = hashlib.sha256(f"{data_dir.resolve()}\0{images_dir.resolve() if images_dir is not None else ''}".encode()).hexdigest()[:16]
    modules = session_dir() / "modules"
    modules.mkdir(exist_ok=True)
    folder = modules / key
    if not folder.is_dir():
        with _locked(modules / f"{key}.lock"):
            if not folder.is_dir():
                from sdbp_module.model.from_data import load_game
                from sdbp_module.vassal.commands import build_module

                building = Path(tempfile.mkdtemp(prefix=f"{key}-", dir=modules))
                path = build_module(load_game(data_dir, hex_map=True), building, images_dir).path
                os.chmod(path, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
                try:
                    os.rename(building, folder)
                except OSError:  # another process (without a lock) got there first: same bytes
                    shutil.rmtree(building, ignore_errors=True)
    (module,) = folder.glob(f"*{_MODULE_SUFFIX}")
    return module


def built_module(data_dir: Path, out: Path, images_dir: Path | None = None) -> Path:
    """``build_module(load_game(data_dir), out, images_dir).path``, built once per session: the module, in
    ``out`` (a link to the session's read-only file, or a copy where links cannot be made)."""
    shared = _shared(data_dir, images_dir)
    out.mkdir(parents=True, exist_ok=True)
    target = out / shared.name
    try:
        os.link(shared, target)
    except OSError:
        shutil.copyfile(shared, target)
    return target
