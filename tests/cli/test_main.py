from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module import __version__
from sdbp_module.cli import main
from sdbp_module.errors import EXIT_INTERNAL


def test_version_prints_the_package_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for command in ("validate", "build", "convert", "migrate", "board", "check", "rules"):
        assert command in result.output


def test_unknown_option_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["--no-such-option"])
    assert result.exit_code == 2


def test_an_unexpected_exception_is_one_internal_error_line_and_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug must never look like bad input: the guard prints one line and exits 3, not 1 or 2."""
    import sdbp_module.codec.commands as codec_commands

    def broken(*args: object, **kwargs: object) -> int:
        raise IndexError("tuple index out of range\nsecond line")

    monkeypatch.setattr(codec_commands, "run_convert", broken)
    monkeypatch.delenv("SDBP_DEBUG", raising=False)
    result = CliRunner().invoke(main, ["convert", "a.vsav", "b.json"])
    assert result.exit_code == EXIT_INTERNAL == 3
    assert result.stdout == ""
    assert result.stderr == (
        "sdbp: internal error in `sdbp convert`: IndexError: tuple index out of range second line — this is a bug "
        "in sdbp, not in your input; please report it with the command and the file (SDBP_DEBUG=1 shows the "
        "traceback)\n"
    )
    monkeypatch.setenv("SDBP_DEBUG", "1")
    result = CliRunner().invoke(main, ["convert", "a.vsav", "b.json"])
    assert isinstance(result.exception, IndexError)


def test_an_error_meant_for_the_user_passes_the_guard_unchanged(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["convert", str(tmp_path / "missing.vsav"), str(tmp_path / "out.json")])
    assert result.exit_code == 2
    assert result.stderr == f"Error: {tmp_path / 'missing.vsav'}: no such file\n"
