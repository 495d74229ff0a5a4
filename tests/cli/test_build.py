"""`sdbp build`: exit codes, the summary line, and error messages (no traceback)."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.paths import PROJECT_ROOT

DATA = PROJECT_ROOT / "source_data" / "sodbp"


def test_build_writes_the_module_and_one_summary_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(DATA), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    target = tmp_path / "out" / "StormOverDienBienPhu-1.0.0.vmod"
    assert target.is_file()
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{target}: 206 piece slots (198 units, 6 marker kinds), 57 zones, 55 cards, ")
    with zipfile.ZipFile(target) as archive:
        assert "buildFile.xml" in archive.namelist()


def test_data_problems_exit_1_with_the_validator_messages(tmp_path: Path) -> None:
    data = tmp_path / "sodbp"
    shutil.copytree(DATA, data)
    counters = data / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace("side: french", "side: martian", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(data), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "counters.yaml:" in result.output and "'martian' is not a side of this game" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "StormOverDienBienPhu-1.0.0.vmod").exists()


def test_missing_data_folder_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(tmp_path / "nope"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output.strip() == f"Error: {tmp_path / 'nope'}: no such game data folder"
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(tmp_path / "notes.txt"), "-o", str(tmp_path / "out")])
    assert (result.exit_code, result.stderr) == (2, f"Error: {tmp_path / 'notes.txt'}: a file, not a game data folder\n")
    result = CliRunner().invoke(main, ["build", str(DATA), "-o", str(tmp_path / "out"), "--images", str(tmp_path / "notes.txt")])
    assert (result.exit_code, result.stderr) == (2, f"Error: {tmp_path / 'notes.txt'}: a file, not an artwork folder\n")
    assert not (tmp_path / "out").exists()


def test_output_folder_that_is_a_file_exits_2(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = CliRunner().invoke(main, ["build", str(DATA), "-o", str(blocker)])
    assert result.exit_code == 2
    assert result.output.startswith(f"Error: {blocker}: cannot use as output folder")


def test_missing_artwork_folder_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(DATA), "-o", str(tmp_path / "out"), "--images", str(tmp_path / "art")])
    assert result.exit_code == 2
    assert result.output.strip() == f"Error: {tmp_path / 'art'}: no such artwork folder"


def test_a_failed_build_removes_the_folders_it_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outputs appear whole or not at all: the folders ``-o`` needed go again when the build fails; a
    folder that was there stays, with what it held."""
    from sdbp_module.errors import BuildError
    from sdbp_module.vassal import commands

    def fail(game: object, images_dir: object, *args: object) -> None:
        raise BuildError("planted failure")

    monkeypatch.setattr(commands, "module_entries", fail)
    out = tmp_path / "new" / "deeper" / "out"
    result = CliRunner().invoke(main, ["build", str(DATA), "-o", str(out)])
    assert (result.exit_code, result.stderr) == (2, "Error: planted failure\n")
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["build", str(DATA), "-o", str(tmp_path / "kept")])
    assert result.exit_code == 2 and [p.name for p in (tmp_path / "kept").iterdir()] == ["notes.txt"]
