"""``cachedir.store``: how every cache of the package writes an entry (games, their index, build identities,
drawn images, compiled record methods)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from sdbp_module import cachedir


def test_an_entry_is_written_whole_and_readable_by_this_user_only(tmp_path: Path) -> None:
    path = tmp_path / "entry.txt"
    path.write_bytes(b"old")
    cachedir.store(path, b"new entry")
    assert path.read_bytes() == b"new entry"
    assert cachedir.read_ours(path) == b"new entry"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entry.txt"]


def test_a_write_stopped_by_ctrl_c_leaves_the_old_entry_and_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "entry.txt"
    path.write_bytes(b"old")

    def interrupted(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        cachedir.store(path, b"new entry")
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entry.txt"]
