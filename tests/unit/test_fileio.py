"""The atomic writer: whole or nothing, missing folders made (and unmade on failure), one-line errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sdbp_module.errors import OutputError
from sdbp_module.fileio import write_atomically


def test_missing_folders_are_created(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "out.json"
    write_atomically(target, b"{}\n")
    assert target.read_bytes() == b"{}\n"


def test_chunks_are_written_in_order(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    write_atomically(target, iter([b"one ", b"two ", b"three"]))
    assert target.read_bytes() == b"one two three"


def test_a_failing_chunk_source_leaves_nothing_not_even_the_new_folders(tmp_path: Path) -> None:
    def chunks() -> Iterator[bytes]:
        yield b"half"
        raise ValueError("the producer failed")

    target = tmp_path / "new" / "deeper" / "out.txt"
    with pytest.raises(ValueError):
        write_atomically(target, chunks())
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_is_kept_when_the_write_fails(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_bytes(b"old")

    def chunks() -> Iterator[bytes]:
        yield b"new"
        raise ValueError("stop")

    with pytest.raises(ValueError):
        write_atomically(target, chunks())
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_folder_as_target_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(OutputError) as info:
        write_atomically(tmp_path, b"x")
    assert info.value.message == f"{tmp_path}: cannot write: it is a folder, not a file"
    assert info.value.exit_code == 2


def test_a_file_on_the_way_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    target = tmp_path / "plain" / "sub" / "out.json"
    with pytest.raises(OutputError) as info:
        write_atomically(target, b"x")
    assert info.value.message == f"{target}: cannot write: {tmp_path / 'plain'} is a file, not a folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain"]
