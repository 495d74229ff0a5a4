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

import re
from functools import cache

import click

EXIT_OK = 0
EXIT_WRONG = 1
EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3


EXIT_INTERRUPTED = 130
"""Stopped by Ctrl-C (SIGINT): 128 + 2, as a shell reports a command killed by it."""


@cache
def _breaks() -> re.Pattern[str]:
    """Control characters (line breaks and tabs included) and the Unicode line and paragraph separators:
    compiled at the first message (0.5 ms, a class of characters beyond Latin-1; most commands print none)."""
    return re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` on one line that cannot drive a terminal: each control character, line break, tab and
    Unicode line separator written as its escape (``\\n``, ``\\x1b``, ``\\u2028``), so a file name or a
    log's text quoted in a message never splits it.

    >>> one_line("a\\nb.vlog\\x1b[31m")
    'a\\\\nb.vlog\\\\x1b[31m'
    """
    if text.isprintable():  # none of those characters is printable: most texts have nothing to escape
        return text
    return _breaks().sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    c = match.group()
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c)
    if named is not None:
        return named
    return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"


class SdbpError(click.ClickException):
    """Base of every error meant for the user: one line (``one_line``), and the exit code of its class."""

    exit_code = EXIT_UNREADABLE

    def format_message(self) -> str:
        return one_line(self.message)


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
