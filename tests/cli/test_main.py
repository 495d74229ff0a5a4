from __future__ import annotations

from click.testing import CliRunner

from sdbp_module import __version__
from sdbp_module.cli import main


def test_version_prints_the_package_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for command in ("validate", "build", "convert", "migrate", "check", "rules"):
        assert command in result.output


def test_unknown_option_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["--no-such-option"])
    assert result.exit_code == 2
