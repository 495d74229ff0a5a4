"""The user's cache folder: where the game-data cache (``model.cache``), the drawn images
(``vassal.artwork``), the build identities (``vassal.identity``) and the compiled record methods
(``codecache``) are kept.

``$SDBP_CACHE_DIR``, else ``$XDG_CACHE_HOME/sdbp``, else ``~/.cache/sdbp``; ``SDBP_CACHE_DIR=off`` turns
every cache off. Only the standard library is imported here: ``records`` asks for the folder.
"""

from __future__ import annotations

import os
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
