"""Compiled code of the source ``records`` writes, kept in the user's cache folder as Python keeps bytecode.

``records`` compiles a record's ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__`` from source text
when first needed, 0.1 to 0.3 ms each: 33 of them, 5.5 ms, in one ``sdbp check`` of a small log, the same
texts in every run. ``compiled(source)`` returns what ``compile(source, "<string>", "exec",
dont_inherit=True)`` returns: read from the cache folder (``cachedir.cache_dir``) when an earlier process
stored it, else compiled and stored there.

Each text has a file of its own under ``code-<the interpreter's cache tag>/`` (as ``__pycache__`` names its
files), named by the text's CRC-32 and length, holding ``importlib.util.MAGIC_NUMBER`` and then the
``marshal`` form of the text and its code: another interpreter's file is not unmarshalled, and another
text of the same name is a miss. It can only save time: no cache folder (``SDBP_CACHE_DIR=off``), a file
that is absent, not the user's, damaged or of another text or interpreter, each is a miss, compiled as if
there were no cache; a write that fails is forgotten. Files are written whole (a temporary file renamed into
place), and the folder keeps the newest ``KEEP`` (pruned at the first write of each process).
"""

from __future__ import annotations

import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType

from sdbp_module.cachedir import cache_dir, entry_name, prune, read_ours, store

KEEP = 2000
"""How many compiled texts the folder keeps (the newest): a check uses about 35, all commands a few hundred."""


def compiled(source: str) -> CodeType:
    """``compile(source, "<string>", "exec", dont_inherit=True)``, from the cache when it holds it."""
    folder = cache_dir()
    path = os.path.join(folder, _FOLDER, _name(source)) if folder is not None else None
    if path is not None:
        code = _read(path, source)
        if code is not None:
            return code
    code = compile(source, "<string>", "exec", dont_inherit=True)
    if path is not None:
        _write(path, source, code)
    return code


_FOLDER = f"code-{sys.implementation.cache_tag}"


def _name(source: str) -> str:
    return f"{entry_name(source.encode('utf-8'))}.marshal"


def _read(path: str, source: str) -> CodeType | None:
    data = read_ours(path)  # a file another user could have written is not run
    if data is None or not data.startswith(MAGIC_NUMBER):
        return None
    try:
        stored = marshal.loads(memoryview(data)[len(MAGIC_NUMBER) :])
    except (ValueError, EOFError, TypeError):
        return None
    if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == source and isinstance(stored[1], CodeType):
        return stored[1]
    return None


def _write(path: str, source: str, code: CodeType) -> None:
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
        store(path, MAGIC_NUMBER + marshal.dumps((source, code)))
        if not _PRUNED:
            _PRUNED.append(folder)
            prune(folder, KEEP, lambda name: name.endswith(".marshal"))
    except OSError:
        pass


_PRUNED: list[str] = []
"""The folder this process pruned, at its first write (once: a write is a miss, and a cold cache has dozens)."""
