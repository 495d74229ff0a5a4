"""The module's image set: maintainer artwork where present, else drawn, with a content cache.

Artwork in the images folder (``images/<game id>/`` by default) is used byte for byte when a file of
the expected name exists (names: docs/module.md) and passes ``image_check``. Everything else is drawn
by ``images``. Drawn images are cached in the user's cache folder (``image_cache``: ``images/`` beside
the game-data cache, never in the output folder) under the SHA-256 of everything they depend on
(renderer version, fonts, the data they show; for the board also the source of the modules that
draw and place it), so a rebuild without changes draws nothing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from functools import lru_cache
from pathlib import Path

from sdbp_module.cachedir import cache_dir, is_ours, prune, store
from sdbp_module.ids import Side
from sdbp_module.model.game_data import GameData, SetupKind, Unit
from sdbp_module.model.playing_cards import PlayingCardsSpec
from sdbp_module.records import record
from sdbp_module.vassal import (
    board_art,
    counter_guide,
    image_check,
    images,
    layout,
    pieces,
    playing_card_deck,
    playing_card_faces,
    terrain_art,
)


@record
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
    for module in (images, board_art, terrain_art, layout, counter_guide, playing_card_faces):
        digest.update(Path(module.__file__ or "").read_bytes())
    digest.update(images.font_fingerprint().encode())
    return digest.hexdigest()[:16]


def setup_label(game: GameData, unit: Unit) -> str | None:
    """What a counter's set-up square shows: the set-up area's letter when the map prints one
    (``Area.setup_code``), else None (the area's number); for a unit that sets up in any area of a
    class, the class's letter (``module.yaml`` ``area_classes.<class>.setup_code``), else None (no square)."""
    if unit.setup.kind is SetupKind.CLASS and unit.setup.area_class is not None:
        look = game.presentation.area_classes.get(unit.setup.area_class)
        return (look.setup_code or None) if look is not None else None
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
    guide = repr((game.units, game.areas, game.game, counter_guide.words_for(game).names))
    for name in counter_guide.picture_names(game):
        yield ImageJob(name, f"guide|{name}|{guide}|{look}", lambda n=name: counter_guide.guide_image(game, n))  # type: ignore[misc]


@lru_cache(maxsize=1)
def hex_drawing_code() -> str:
    """``drawing_code`` and the source of the modules that draw a hex game's board and counters."""
    from sdbp_module.vassal import hex_board, hex_module

    digest = hashlib.sha256(drawing_code().encode())
    for module in (hex_board, hex_module):
        digest.update(Path(module.__file__ or "").read_bytes())
    return digest.hexdigest()[:16]


def hex_jobs(game: GameData) -> Iterator[ImageJob]:
    """The board, unit and marker images of a hex-map game's module (``hex_module.hex_images``), one
    job each, for a picture of its board drawn without the module; their inputs include the hex
    drawing code, so a cached drawing follows an edit of it."""
    from sdbp_module.vassal import hex_board, hex_module

    assert game.hexes is not None
    hexes = game.hexes
    look, boxes = hex_module.hex_look(game), hex_module.off_map_boxes(game)
    code = hex_drawing_code()
    yield ImageJob("map.png", hex_board_inputs(hexes.map, look, boxes), lambda: hex_board.render_hex_board(hexes.map, look, boxes).png)
    paint = f"{canonical(game.game.counter_colours)}|{canonical(game.game.unit_marks)}"  # what a face reads beside its unit
    for unit in game.units:
        for flipped in (False, True):
            yield ImageJob(
                hex_module.unit_image(unit, flipped),
                f"hex-unit|{code}|{flipped}|{canonical(unit)}|{paint}",
                lambda u=unit, f=flipped: hex_module.render_hex_unit(game, u, f),  # type: ignore[misc]
            )
    look_text = repr(game.presentation)
    for kind in game.markers:
        for i in range(len(kind.states)):
            yield ImageJob(pieces.marker_image(kind, i), f"marker|{i}|{kind!r}|{look_text}", lambda k=kind, j=i: images.render_marker(game.presentation, k, j))  # type: ignore[misc]


def hex_board_inputs(hexmap: object, look: object, boxes: object) -> str:
    """The cache key's text of a hex game's board (``hex_board.render_hex_board(hexmap, look, boxes)``):
    the hex drawing code and the :func:`canonical` text of each argument."""
    return f"hex-board|{hex_drawing_code()}|{canonical(hexmap)}|{canonical(look)}|{canonical(boxes)}"


def canonical(value: object) -> str:
    """``repr`` of ``value``, but the same in every process: a set's members in sorted order (a set of
    strings iterates in an order that changes with each process's hash seed), a dataclass as its class
    and its shown fields. Only plain values are known; anything else is a ``TypeError``, never a text
    that might leave something out of a cache key."""
    if value is None or isinstance(value, (str, int, float, bool, Enum)):
        return repr(value)
    if isinstance(value, (tuple, list)):
        return ("(" if isinstance(value, tuple) else "[") + ",".join(map(canonical, value)) + (")" if isinstance(value, tuple) else "]")
    if isinstance(value, (frozenset, set)):
        return "{" + ",".join(sorted(map(canonical, value))) + "}"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{canonical(k)}:{canonical(v)}" for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        shown = (f"{f.name}={canonical(getattr(value, f.name))}" for f in dataclasses.fields(value) if f.repr)
        return f"{type(value).__qualname__}({','.join(shown)})"
    raise TypeError(f"no canonical text for {type(value).__qualname__}")


def playing_card_jobs(spec: PlayingCardsSpec, title: str = "") -> Iterator[ImageJob]:
    """The faces of a standard deck of playing cards and its back (``playing_card_faces``), cached
    like every drawn image. Not part of :func:`jobs` (nor of :func:`count`): the hex build draws its
    deck's faces itself (``hex_module.hex_images``), uncached (docs/playing-cards.md)."""
    for card in spec.cards():
        yield ImageJob(playing_card_deck.image_name(card), f"playing-card|{card!r}", lambda c=card: playing_card_faces.render_face(c))  # type: ignore[misc]
    yield ImageJob(playing_card_deck.BACK_IMAGE, f"playing-card-back|{title}", lambda: playing_card_faces.render_back(title))


@record
class ImageStats:
    drawn: int
    cached: int
    supplied: int


KEEP_IMAGES = 4000
"""How many drawn images the cache keeps, the most recently used (the bundled games draw a few hundred)."""
_PNG_START, _PNG_END = b"\x89PNG\r\n\x1a\n", b"IEND\xaeB`\x82"


def image_cache() -> Path | None:
    """The drawn-image cache: ``images/`` in the user's cache folder (``cachedir.cache_dir``:
    ``$SDBP_CACHE_DIR``, ``$XDG_CACHE_HOME/sdbp`` or ``~/.cache/sdbp``), or ``None`` when it is off or
    cannot be made. Never in the output folder: a build leaves only the module there."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        (folder / "images").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _debug("image cache: cannot make %s (%s)", folder / "images", exc)
        return None
    return folder / "images"


def _debug(message: str, *args: object) -> None:
    import logging

    logging.getLogger(__name__).debug(message, *args)


def _cached(path: Path, name: str) -> bytes | None:
    """The cached image at ``path``: only a whole PNG (signature and end chunk) in a file of ours, no
    larger than the image may be; anything else is a miss. A hit is marked used (its time set)."""
    try:
        with path.open("rb") as handle:
            if not is_ours(handle.fileno()):
                return None
            data = handle.read(image_check.max_bytes(name) + 1)
        os.utime(path)
    except OSError:
        return None
    if len(data) > image_check.max_bytes(name) or not (data.startswith(_PNG_START) and data.endswith(_PNG_END)):
        return None
    return data


def _store(path: Path, data: bytes) -> None:
    """Put a drawn image in the cache atomically; a cache that cannot be written only costs time."""
    try:
        store(path, data)
    except OSError as exc:
        _debug("image cache: cannot write %s (%s)", path, exc)


def _prune(cache: Path) -> None:
    """Keep the ``KEEP_IMAGES`` most recently used images of the cache."""
    try:
        prune(cache, KEEP_IMAGES, lambda name: name.endswith(".png"))
    except OSError as exc:
        _debug("image cache: cannot tidy %s (%s)", cache, exc)


def produce(
    game: GameData,
    lay: layout.Layout,
    images_dir: Path | None,
    progress: Callable[[int], None] | None = None,
) -> tuple[dict[str, bytes], ImageStats]:
    """Every image by archive name (``images/`` prefix not included), and how each was obtained.

    Supplied artwork is read and checked by ``image_check`` (no link out of the folder, a whole PNG
    within the limits, decoded once); a file that fails is one ``InputError`` line naming it."""
    cache = image_cache()
    salt = f"{drawing_code()}|"
    out: dict[str, bytes] = {}
    drawn = cached = supplied = 0
    for job in jobs(game, lay):
        own = images.source_override(images_dir, job.name)
        if own is not None:
            image_check.check_artwork(own, str((images_dir or Path()) / job.name), job.name)
            out[job.name] = own
            supplied += 1
        else:
            data, was_cached = _drawn(cache, salt, job)
            cached += was_cached
            drawn += not was_cached
            out[job.name] = data
        if progress is not None:
            progress(1)
    if cache is not None and drawn:
        _prune(cache)
    return out, ImageStats(drawn, cached, supplied)


def _drawn(cache: Path | None, salt: str, job: ImageJob) -> tuple[bytes, bool]:
    """The job's image from the cache (and True), or drawn and put there (and False)."""
    digest = hashlib.sha256((salt + job.inputs).encode("utf-8")).hexdigest()
    path = cache / f"{digest}.png" if cache is not None else None
    data = _cached(path, job.name) if path is not None else None
    if data is not None:
        return data, True
    data = job.draw()
    if path is not None:
        _store(path, data)
    return data, False


def cached_drawing(job: ImageJob) -> tuple[bytes, bool]:
    """One drawn image through the cache, as :func:`produce` gets each: its bytes, and whether they came
    from the cache (a hex game's board: ``hex_module``)."""
    cache = image_cache()
    data, was_cached = _drawn(cache, f"{drawing_code()}|", job)
    if cache is not None and not was_cached:
        _prune(cache)
    return data, was_cached


def count(game: GameData) -> int:
    """How many images ``produce`` yields (for the progress bar)."""
    sides = len(game.game.sides) + (1 if game.cards_of(None) else 0)
    return 1 + 2 * len(game.units) + sum(len(k.states) for k in game.markers) + len(game.cards) + sides + len(counter_guide.picture_names(game))
