"""``sdbp build``: game data + artwork → ``<out>/<ModuleName>-<version>.vmod``.

Stages: load (validated ``GameData``) → layout → images (cached) → buildFile, set-up save, help →
deterministic zip → verify the written temp file → atomic replace. Progress goes to stderr when it
is a terminal; one summary line at the end.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import field
from pathlib import Path

import click

from sdbp_module.codec.container import container_bytes
from sdbp_module.codec.envelope import Envelope, EnvelopeKind, encode_envelope
from sdbp_module.errors import EXIT_OK, BuildError, InputError, OutputError, one_line
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.vassal import (
    artwork,
    buildfile,
    hex_module,
    layout,
    package,
    pieces,
    player_aid,
    setup,
    verify,
)
from sdbp_module.vassal import help as help_page

SETUP_KEY = 0x5A
"""Obfuscation key of the set-up save (fixed, so builds are reproducible)."""


@record(frozen=False)
class BuildResult:
    path: Path
    size: int
    pieces: int
    zones: int
    cards: int
    images: artwork.ImageStats
    stages: dict[str, float] = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return sum(self.stages.values())


def module_entries(game: GameData, images_dir: Path | None, stages: dict[str, float], progress: Callable[[int], None] | None = None) -> tuple[dict[str, bytes], artwork.ImageStats]:
    """Every zip entry of the module, by name."""
    t = time.perf_counter()
    if game.hexes is not None:  # a hex-map game: its own writer (vassal/hex_module.py); artwork is drawn (the board through the cache)
        entries, cached = hex_module.hex_module_entries(game, package.date_saved_ms())
        stages["buildfile+images+setup"] = time.perf_counter() - t
        drawn = sum(1 for name in entries if name.startswith("images/")) - cached
        return entries, artwork.ImageStats(drawn=drawn, cached=cached, supplied=0)
    lay = layout.make_layout(game)
    pictures, stats = artwork.produce(game, lay, images_dir, progress)
    stages["images"] = time.perf_counter() - t
    t = time.perf_counter()
    date = package.date_saved_ms()
    built = buildfile.build_file(game, lay)
    build_xml = built.xml
    moduledata = buildfile.moduledata_xml(game, date, built.version)
    stages["buildfile"] = time.perf_counter() - t
    t = time.perf_counter()
    save = setup.build_setup(game, lay)
    saved_game = encode_envelope(Envelope(EnvelopeKind.VCSK, SETUP_KEY, save.text))
    vsav = container_bytes(saved_game, [("savedata", buildfile.savedata_xml(game, date, built.version)), ("moduledata", moduledata)])
    stages["setup"] = time.perf_counter() - t
    entries = {f"images/{name}": data for name, data in pictures.items()}
    entries["buildFile.xml"] = build_xml
    entries["moduledata"] = moduledata
    entries[buildfile.SETUP_FILE] = vsav
    entries[buildfile.help_file(game)] = help_page.help_html(game, build_xml)
    entries.update(player_aid.aid_files(game))
    return entries, stats


def _first_missing(folder: Path) -> Path | None:
    """The outermost folder on the way to ``folder`` that does not exist yet (``folder`` itself, or an
    ancestor), or ``None`` when ``folder`` exists."""
    missing = None
    probe = folder.absolute()
    while not probe.exists() and not probe.is_symlink() and probe.parent != probe:
        missing, probe = probe, probe.parent
    return missing


def build_module(game: GameData, out_dir: Path, images_dir: Path | None, progress: Callable[[int], None] | None = None) -> BuildResult:
    """Build the module of ``game`` into ``out_dir``; folders the build had to create are removed again
    when it fails."""
    if images_dir is not None and not images_dir.is_dir():
        raise InputError(f"{images_dir}: {'a file, not an artwork folder' if images_dir.exists() else 'no such artwork folder'}")
    created = _first_missing(out_dir)
    try:
        return _build_into(game, out_dir, images_dir, progress)
    except BaseException:
        if created is not None:
            shutil.rmtree(created, ignore_errors=True)
        raise


def _build_into(game: GameData, out_dir: Path, images_dir: Path | None, progress: Callable[[int], None] | None) -> BuildResult:
    stages: dict[str, float] = {}
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{out_dir}: cannot use as output folder ({exc.strerror or exc})") from None
    entries, stats = module_entries(game, images_dir, stages, progress)
    t = time.perf_counter()
    data = package.zip_bytes(entries)
    stages["zip"] = time.perf_counter() - t
    target = out_dir / f"{game.game.module_name}-{game.game.version}.vmod"
    expected = sorted(str(a.id) for a in game.areas)
    expected.sort(key=int)

    def check(path: Path) -> None:
        problems, _ = verify.verify_module(path, expected_areas=expected)
        if problems:
            raise BuildError(f"{target}: the written module failed verification: {problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))

    t = time.perf_counter()
    try:
        package.write_verified(target, data, check)
    except OutputError as exc:
        raise BuildError(f"{exc.message}; the previous module is untouched") from None
    stages["verify+write"] = time.perf_counter() - t
    if game.hexes is not None:
        boxes = hex_module.off_map_boxes(game)
        cards = len(game.deck.cards()) if game.deck is not None else 0
        zones = len(boxes) + 1 + len(game.hexes.map.grid.hexes())  # the boxes, the rest of the panel, a zone per hex
        return BuildResult(target, len(data), len(game.units) + len(game.markers), zones, cards, stats, stages)
    lay = layout.make_layout(game)
    zones = len(game.areas) + len(lay.boxes) + len(lay.piles)
    slots = len(game.units) + len(pieces.slots(game).marker_slots())
    return BuildResult(target, len(data), slots, zones, len(game.cards), stats, stages)


class _Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.enabled = sys.stderr.isatty()

    def __call__(self, n: int) -> None:
        self.done += n
        if self.enabled:
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            sys.stderr.write(f"\r  images [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


def run_build(data_dir: Path, out_dir: Path, images_dir: Path | None = None) -> int:
    """The ``sdbp build`` command: exit 0, 1 (data read but wrong) or 2 (unreadable). Artwork comes
    from ``images_dir``, by default ``images/<game id>/`` of the game the data declares."""
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_images_dir

    start = time.perf_counter()
    if not data_dir.is_dir():
        raise InputError(f"{data_dir}: {'a file, not a game data folder' if data_dir.exists() else 'no such game data folder'}")
    game = load_game(data_dir, hex_map=True)  # DataError (exit 1) lists every problem
    if images_dir is None:  # the game's own artwork folder, if it has one; else every image is drawn
        images_dir = default_images_dir(game.game.id)
        if not images_dir.is_dir():
            images_dir = None
    bar = _Progress(0 if game.hexes is not None else artwork.count(game))
    try:
        result = build_module(game, out_dir, images_dir, bar)
    finally:
        bar.close()
    elapsed = time.perf_counter() - start
    click.echo(
        one_line(
            f"{result.path}: {result.pieces} piece slots ({len(game.units)} units, {len(game.markers)} marker kinds), "
            f"{result.zones} zones, {result.cards} cards, {result.size / 1e6:.1f} MB, {elapsed:.2f} s "
            f"(images: {result.images.drawn} drawn, {result.images.cached} cached, {result.images.supplied} supplied)"
        )
    )
    return EXIT_OK
