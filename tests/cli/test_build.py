"""`sdbp build`: exit codes, the summary line, and error messages (no traceback)."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

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
    assert lines[0].startswith(f"{target}: 204 piece slots (198 units, 6 marker kinds), 57 zones, 55 cards, ")
    with zipfile.ZipFile(target) as archive:
        assert "buildFile.xml" in archive.namelist()


def test_data_problems_exit_1_with_the_validator_messages(tmp_path: Path) -> None:
    data = tmp_path / "sodbp"
    shutil.copytree(DATA, data)
    counters = data / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace("side: french", "side: martian", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(data), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "counters.yaml:" in result.output and "'martian' is not allowed" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "StormOverDienBienPhu-1.0.0.vmod").exists()


def test_missing_data_folder_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(tmp_path / "nope"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output.strip() == f"Error: {tmp_path / 'nope'}: no such game data folder"


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
