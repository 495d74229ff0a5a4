"""Errors that reach the user, and the exit-code table.

Exit codes everywhere (see docs/architecture.md):

- 0: success, or no illegal finding;
- 1: the input was read but is wrong (validation problems, illegal findings, lost data);
- 2: the input could not be read or the command was misused (bad file, corrupt archive, bad option,
  an output that cannot be written);
- 3: internal error: a bug in sdbp, not a problem with the input (the CLI's last-resort guard).

Library code raises these; the CLI turns them into one line on stderr and the exit code,
never a traceback.
"""

from __future__ import annotations

import click

EXIT_OK = 0
EXIT_WRONG = 1
EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3


class SdbpError(click.ClickException):
    """Base of every error meant for the user: one line, and the exit code of its class."""

    exit_code = EXIT_UNREADABLE


class InputError(SdbpError):
    """A file could not be read: missing, unreadable, not the format it claims."""


class OutputError(SdbpError):
    """An output could not be written (a folder in the way, no permission, a full disk); nothing was."""


class CodecError(InputError):
    """A save, log or module could not be decoded; the message names the file and the position."""


class BuildError(SdbpError):
    """The module could not be built; the previous output is left untouched."""


class DataError(SdbpError):
    """Game data was read but is wrong (schema or cross-reference problems)."""

    exit_code = EXIT_WRONG
