"""Reproducible and atomic: same input, same bytes; a failed build leaves the previous module."""

from __future__ import annotations

import hashlib
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from sdbp_module.cachedir import ENVIRONMENT, OFF
from sdbp_module.errors import BuildError
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal import artwork, commands, package

from .conftest import Built


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def warm_dir(built: Built, tmp_path: Path) -> Path:
    """An empty output folder; the session build filled the image cache (fast rebuilds)."""
    return tmp_path


@dataclass(frozen=True)
class Cold:
    """One build of the game with an image cache of its own, empty before: every image drawn and put there."""

    result: commands.BuildResult
    left: list[str]  # what the build left in its output folder
    cache: Path  # the cache's images, as the build left them: copy before use


@pytest.fixture(scope="module")
def cold(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Cold:
    """The cold build, made once for the tests that need one (each draws every image: ~1.5 s)."""
    root = tmp_path_factory.mktemp("cold")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENVIRONMENT, str(root / "cache"))
        result = commands.build_module(game, root / "cold", None)
    return Cold(result, [p.name for p in (root / "cold").iterdir()], root / "cache" / "images")


def _own_copy(cold: Cold, cache: Path) -> list[Path]:
    """The cold build's cache copied to ``cache`` (the image cache folder ``SDBP_CACHE_DIR`` names): its images."""
    shutil.copytree(cold.cache, cache / "images")
    return sorted((cache / "images").glob("*.png"))


def test_two_cold_builds_are_byte_identical_and_leave_only_the_module(
    game: GameData, built: Built, cold: Cold, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The drawn images are cached in the user's cache folder, never in the output folder."""
    other = cold.result
    assert other.images.drawn > 0 and other.images.cached == 0
    assert sha256(other.path) == sha256(built.path)
    assert cold.left == [other.path.name]
    assert len(list(cold.cache.glob("*.png"))) == other.images.drawn
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    _own_copy(cold, tmp_path / "cache")  # the cache and the folder as the cold build left them
    (tmp_path / "cold").mkdir()
    shutil.copyfile(other.path, tmp_path / "cold" / other.path.name)
    again = commands.build_module(game, tmp_path / "cold", None)
    assert again.images.drawn == 0 and sha256(again.path) == sha256(built.path)


def test_without_a_cache_every_image_is_drawn(game: GameData, built: Built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, OFF)
    result = commands.build_module(game, tmp_path, None)
    assert (result.images.drawn, result.images.cached) == (artwork.count(game), 0)
    assert sha256(result.path) == sha256(built.path)


def test_a_damaged_or_foreign_cached_image_is_a_miss(
    game: GameData, built: Built, cold: Cold, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    cached = _own_copy(cold, tmp_path / "cache")  # what a first build with an empty cache leaves there
    cached[0].write_bytes(cached[0].read_bytes()[:-20])  # cut: no end chunk
    cached[1].write_bytes(b"not a png")
    result = commands.build_module(game, tmp_path / "second", None)
    assert (result.images.drawn, result.images.cached) == (2, artwork.count(game) - 2)
    assert sha256(result.path) == sha256(built.path)


def test_the_image_cache_keeps_the_most_recently_used(game: GameData, cold: Cold, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache tidied after a build that drew: the cold build's images (one of them missing, so it is
    drawn again) and 20 old ones, 10 kept."""
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    monkeypatch.setattr(artwork, "KEEP_IMAGES", 10)
    _own_copy(cold, tmp_path / "cache")[0].unlink()
    old = tmp_path / "cache" / "images"
    for i in range(20):
        (old / f"{i:064x}.png").write_bytes(b"old")
        os.utime(old / f"{i:064x}.png", (1_000_000 + i, 1_000_000 + i))
    commands.build_module(game, tmp_path / "out", None)
    assert len(list(old.glob("*.png"))) == 10
    assert not (old / f"{19:064x}.png").exists()  # the newest of the old ones is older than every drawn image


def test_a_cached_rebuild_draws_nothing_and_is_byte_identical(game: GameData, built: Built, warm_dir: Path) -> None:
    again = commands.build_module(game, warm_dir, None)
    assert again.images.drawn == 0 and again.images.cached == artwork.count(game)
    assert sha256(again.path) == sha256(built.path)


def test_source_date_epoch_sets_the_zip_dates(game: GameData, warm_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert package.fixed_date_time() == (2023, 11, 14, 22, 13, 20)
    assert package.date_saved_ms() == 1700000000000


def test_supplied_artwork_is_used_byte_for_byte(game: GameData, warm_dir: Path, tmp_path: Path) -> None:
    import io
    import zipfile

    from PIL import Image

    art = tmp_path / "art"
    art.mkdir()
    supplied = io.BytesIO()
    Image.new("RGB", (300, 200), (10, 120, 30)).save(supplied, "PNG")
    (art / "map.png").write_bytes(supplied.getvalue())
    result = commands.build_module(game, warm_dir / "out", art)
    with zipfile.ZipFile(result.path) as archive:
        assert archive.read("images/map.png") == supplied.getvalue()
    assert result.images.supplied == 1


def _previous(warm_dir: Path, built: Built) -> tuple[Path, bytes]:
    """The module a build of the game left in ``warm_dir`` before: the session's build, copied (a build writes
    nothing else in its folder: test_two_cold_builds_are_byte_identical_and_leave_only_the_module)."""
    path = Path(shutil.copyfile(built.path, warm_dir / built.path.name))
    return path, path.read_bytes()


def test_failure_during_verification_leaves_the_previous_module(game: GameData, built: Built, warm_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = _previous(warm_dir, built)

    def boom(*args: object, **kwargs: object) -> object:
        raise RuntimeError("injected failure after the temp file was written")

    monkeypatch.setattr(commands.verify, "verify_module", boom)
    with pytest.raises(RuntimeError):
        commands.build_module(game, warm_dir, None)
    assert path.read_bytes() == before
    assert [p.name for p in warm_dir.iterdir() if p.name.endswith(".tmp")] == []


def test_failure_mid_write_leaves_no_partial_file(game: GameData, built: Built, warm_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = _previous(warm_dir, built)
    real_fsync = os.fsync

    def fail_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device (injected)")

    monkeypatch.setattr(package.os, "fsync", fail_fsync)
    with pytest.raises(BuildError) as info:
        commands.build_module(game, warm_dir, None)
    assert str(info.value) == f"{path}: cannot write (No space left on device (injected)); the previous module is untouched"
    monkeypatch.setattr(package.os, "fsync", real_fsync)
    assert path.read_bytes() == before
    assert [p.name for p in warm_dir.iterdir()] == [path.name]


def test_a_module_failing_verification_is_a_build_error(game: GameData, built: Built, warm_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = _previous(warm_dir, built)
    monkeypatch.setattr(commands.verify, "verify_module", lambda *a, **k: (["zone '14' is missing"], None))
    with pytest.raises(BuildError) as info:
        commands.build_module(game, warm_dir, None)
    assert "failed verification: zone '14' is missing" in str(info.value)
    assert path.read_bytes() == before


def test_first_build_failure_leaves_nothing(game: GameData, built: Built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(commands.verify, "verify_module", lambda *a, **k: (["broken"], None))
    with pytest.raises(BuildError):
        commands.build_module(game, tmp_path, None)
    assert list(tmp_path.iterdir()) == []


def test_a_smaller_game_without_a_special_card_builds_clean(game: GameData, tmp_path: Path) -> None:
    """Nothing in the writer depends on SoDBP's exact counts: 4 units, 2 + 2 cards, no special card."""
    import dataclasses

    from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
    from sdbp_module.vassal import verify

    small = dataclasses.replace(
        game,
        units=game.units[:2] + game.units_of(VIET_MINH)[:2],
        cards=game.cards_of(FRENCH)[:2] + game.cards_of(VIET_MINH)[:2],
    )
    result = commands.build_module(small, tmp_path, None)
    problems, inv = verify.verify_module(result.path, expected_areas=[str(a.id) for a in small.areas])
    assert problems == []
    assert len(inv.piece_slots) == 4 + len(small.markers) + 2  # control and fire: a slot per side face
    assert inv.decks["French deck"] == ["FR-01", "FR-02"] and inv.decks["Removed cards"] == []
    assert "Special card" not in inv.prototypes
