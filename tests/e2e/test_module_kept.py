"""A module is read once per file version (``codec.module_info.module_info``): a check asks for its build identity
and then its zones; a file replaced at the same path is read again, and a module that cannot be read is never
kept (its error names the path as given, every time)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from sdbp_module.codec.module_info import module_info, read_module
from sdbp_module.errors import CodecError


def test_one_read_per_file_version(module: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.vmod"
    shutil.copyfile(module, copy)
    first = module_info(copy)
    assert module_info(copy) is first
    assert (first.name, first.version, first.zones) == (read_module(copy).name, read_module(copy).version, read_module(copy).zones)
    replacement = tmp_path / "replacement.vmod"
    shutil.copyfile(module, replacement)
    os.replace(replacement, copy)  # the same bytes at the same path, but another file: read again
    assert module_info(copy) is not first


def test_a_module_that_cannot_be_read_is_read_again_and_named_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bad.vmod").write_bytes(b"not a zip archive")
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        with pytest.raises(CodecError) as info:
            module_info(Path("bad.vmod"))
        assert str(info.value).startswith("bad.vmod")
