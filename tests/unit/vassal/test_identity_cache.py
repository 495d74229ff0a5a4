"""``vassal.identity.data_build``: the identity of the module a game's data builds, kept in the game-data
cache so that a check does not make the build file each time, and recomputed after any edit."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from sdbp_module.cachedir import ENVIRONMENT
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import default_data_dir
from sdbp_module.vassal import identity


def test_the_identity_is_cached_on_disk_and_an_edit_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    data = tmp_path / "data"
    shutil.copytree(default_data_dir(), data)
    game = load_game(data)
    first = identity.data_build(game, data)
    assert first == identity.computed_build(game)
    assert len(list((tmp_path / "cache").glob("build-*.txt"))) == 1

    def no_build(_game: object) -> object:
        raise AssertionError("the cached identity should have been read")

    monkeypatch.setattr(identity, "_MEMO", {})
    monkeypatch.setattr(identity, "computed_build", no_build)
    assert identity.data_build(load_game(data), data) == first  # from the disk, the build file not made

    monkeypatch.undo()
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    monkeypatch.setattr(identity, "_MEMO", {})
    turns = data / "turn_track.yaml"
    turns.write_text(turns.read_text(encoding="utf-8").replace("cards: {french: 4, viet_minh: 4}", "cards: {french: 3, viet_minh: 4}", 1), encoding="utf-8")
    edited = load_game(data)
    assert identity.data_build(edited, data) == identity.computed_build(edited) != first  # a hand size is in the Draw buttons
    assert len(list((tmp_path / "cache").glob("build-*.txt"))) == 2


def test_another_users_entry_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    entry = tmp_path / "build-x.txt"
    entry.write_text("M\n1.0.0+aaaaaaaaaaaa\n", encoding="utf-8")
    assert identity._read_entry(entry, b"") == identity.BuildId("M", "1.0.0+aaaaaaaaaaaa")
    monkeypatch.setattr(identity.os, "getuid", lambda: -1, raising=False)
    assert identity._read_entry(entry, b"") is None


def test_an_entry_stored_under_another_key_of_the_same_name_is_not_read(tmp_path: Path) -> None:
    entry = tmp_path / "build-x.txt"
    entry.write_bytes(b"M\n1.0.0+aaaaaaaaaaaa\nstamps of one tree")
    assert identity._read_entry(entry, b"stamps of one tree") == identity.BuildId("M", "1.0.0+aaaaaaaaaaaa")
    assert identity._read_entry(entry, b"stamps of another tree") is None
    assert identity._read_entry(entry, b"stamps of one") is None


def test_the_newest_identities_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    monkeypatch.setattr(identity, "_MEMO", {})
    (tmp_path / "cache").mkdir()
    for n in range(identity.KEEP + 2):
        old = tmp_path / "cache" / f"build-old{n}.txt"
        old.write_text("M\n1.0.0+aaaaaaaaaaaa\n", encoding="utf-8")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    data = default_data_dir()
    identity.data_build(load_game(data), data)
    kept = sorted(p.name for p in (tmp_path / "cache").glob("build-*.txt"))
    assert len(kept) == identity.KEEP and "build-old0.txt" not in kept and "build-old2.txt" not in kept
    assert f"build-old{identity.KEEP + 1}.txt" in kept
