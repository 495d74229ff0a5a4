"""Where the bundled data and artwork live.

The project keeps ``source_data/`` and ``images/`` at the top of the repository (beside the
package). From a checkout, ``sdbp`` run anywhere finds them through the package's location; run
from another project folder that has its own ``source_data/<game>``, that one wins. The game used
when a command names none is ``games.DEFAULT_GAME``.
"""

from __future__ import annotations

from pathlib import Path

from sdbp_module.games import DEFAULT_GAME

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def default_data_dir(game: str = DEFAULT_GAME) -> Path:
    local = Path("source_data") / game
    if local.is_dir():
        return local
    return PROJECT_ROOT / "source_data" / game


def default_images_dir(game: str = DEFAULT_GAME) -> Path:
    local = Path("images") / game
    if local.is_dir():
        return local
    return PROJECT_ROOT / "images" / game
