"""The module's image set: maintainer artwork where present, else drawn, with a content cache.

Artwork in the images folder (``images/<game id>/`` by default) is used byte for byte when a file of
the expected name exists (names: docs/module.md). Everything else is drawn by ``images``. Drawn
images are cached in ``<out>/.sdbp-cache/`` under the SHA-256 of everything they depend on
(renderer version, fonts, the data they show; for the board also the source of the modules that
draw and place it), so a rebuild without changes draws nothing.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, SetupKind, Unit
from sdbp_module.vassal import board_art, images, layout, pieces, terrain_art

CACHE_DIR = ".sdbp-cache"


@dataclass(frozen=True, slots=True)
class ImageJob:
    name: str
    inputs: str  # a deterministic description of everything the image depends on
    draw: Callable[[], bytes]


@lru_cache(maxsize=1)
def drawing_code() -> str:
    """A hash of the source of every module that draws an image or places the board, and of the
    shipped fonts: part of every drawn image's cache key, so an edit to the drawing redraws with no
    version number to bump."""
    digest = hashlib.sha256()
    for module in (images, board_art, terrain_art, layout):
        digest.update(Path(module.__file__ or "").read_bytes())
    digest.update(images.font_fingerprint().encode())
    return digest.hexdigest()[:16]


def setup_label(game: GameData, unit: Unit) -> str | None:
    """What a counter's set-up square shows: the set-up area's letter when the map prints one
    (``Area.setup_code``), else None (the area's number)."""
    area = unit.setup.area
    if unit.setup.kind is not SetupKind.AREA or area is None:
        return None
    return game.area(area).setup_code or None


def timing_letters(game: GameData) -> tuple[str, ...]:
    """The timing letters the game's cards use (the key on the deck backs explains those), sorted."""
    return tuple(sorted({letter for card in game.cards if card.timing != "-" for letter in card.timing.split("/")}))


def jobs(game: GameData, lay: layout.Layout) -> Iterator[ImageJob]:
    board_inputs = repr((game.map, game.areas, game.borders, game.turn_track, lay, game.presentation))
    look = repr(game.presentation)  # the sides' colours, marks and symbols the pieces are drawn with
    yield ImageJob("map.png", "board|" + board_inputs, lambda: board_art.render_board(game, lay))
    for unit in game.units:
        label = setup_label(game, unit)
        for spent in (False, True):
            yield ImageJob(
                pieces.unit_image(unit, spent),
                f"unit|{spent}|{unit!r}|{label}|{look}",
                lambda u=unit, s=spent, t=label: images.render_unit(game.presentation, u, s, t),  # type: ignore[misc]
            )
    for kind in game.markers:
        for i in range(len(kind.states)):
            yield ImageJob(pieces.marker_image(kind, i), f"marker|{i}|{kind!r}|{look}", lambda k=kind, j=i: images.render_marker(game.presentation, k, j))  # type: ignore[misc]
    sides: list[Side | None] = list(game.game.sides)
    if game.cards_of(None):
        sides.append(None)
    for card in game.cards:
        yield ImageJob(pieces.card_image(card), f"card|{card!r}|{look}", lambda c=card: images.render_card(game.presentation, c))  # type: ignore[misc]
    letters = timing_letters(game)
    for side in sides:
        yield ImageJob(
            pieces.card_back_image(side),
            f"back|{side!r}|{game.game.title}|{letters}|{look}",
            lambda s=side: images.render_card_back(game.presentation, s, game.game.title, letters),  # type: ignore[misc]
        )


@dataclass(frozen=True, slots=True)
class ImageStats:
    drawn: int
    cached: int
    supplied: int


def produce(
    game: GameData,
    lay: layout.Layout,
    images_dir: Path | None,
    out_dir: Path,
    progress: Callable[[int], None] | None = None,
) -> tuple[dict[str, bytes], ImageStats]:
    """Every image by archive name (``images/`` prefix not included), and how each was obtained."""
    cache = out_dir / CACHE_DIR
    cache.mkdir(parents=True, exist_ok=True)
    salt = f"{drawing_code()}|"
    out: dict[str, bytes] = {}
    drawn = cached = supplied = 0
    for job in jobs(game, lay):
        own = images.source_override(images_dir, job.name)
        if own is not None:
            out[job.name] = own
            supplied += 1
        else:
            digest = hashlib.sha256((salt + job.inputs).encode("utf-8")).hexdigest()
            path = cache / f"{digest}.png"
            if path.is_file():
                out[job.name] = path.read_bytes()
                cached += 1
            else:
                data = job.draw()
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_bytes(data)
                os.replace(tmp, path)
                out[job.name] = data
                drawn += 1
        if progress is not None:
            progress(1)
    return out, ImageStats(drawn, cached, supplied)


def count(game: GameData) -> int:
    """How many images ``produce`` yields (for the progress bar)."""
    sides = len(game.game.sides) + (1 if game.cards_of(None) else 0)
    return 1 + 2 * len(game.units) + sum(len(k.states) for k in game.markers) + len(game.cards) + sides
