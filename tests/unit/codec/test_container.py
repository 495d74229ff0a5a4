"""Zip container layer (format reference §5.1): safe reading, deterministic atomic writing."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from sdbp_module.codec.container import SAVED_GAME, read_container, write_save
from sdbp_module.errors import CodecError


def test_write_then_read(tmp_path: Path) -> None:
    out = tmp_path / "a.vsav"
    write_save(out, b"!VCSK00", {"savedata": b"<data/>", "moduledata": b"<m/>"})
    container = read_container(out)
    assert container.entries == ((SAVED_GAME, b"!VCSK00"), ("savedata", b"<data/>"), ("moduledata", b"<m/>"))
    assert container.saved_game == b"!VCSK00"
    with zipfile.ZipFile(out) as archive:
        assert [i.compress_type for i in archive.infolist()] == [zipfile.ZIP_DEFLATED] * 3
        assert {i.date_time for i in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_deterministic(tmp_path: Path) -> None:
    write_save(tmp_path / "a", b"x", {"moduledata": b"y"})
    write_save(tmp_path / "b", b"x", {"moduledata": b"y"})
    assert (tmp_path / "a").read_bytes() == (tmp_path / "b").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]


def test_missing_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "x.vsav"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("moduledata", b"")
    with pytest.raises(CodecError) as info:
        read_container(path)
    assert info.value.message == f"{path}: no savedGame entry (not a VASSAL save or log)"
